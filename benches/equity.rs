//! Equity workloads, named by what they compute. The reference times they are compared with
//! (OMPEval's, docs/performance.md): AhKh vs QsQd exhaustive 2.2 ms on one core; AsAh vs KdKc
//! vs QsQd 1.3 ms; QQ+,AKs vs JJ-99,AQs 12.4 ms on two threads; Monte Carlo 40 M deals/s on one
//! core; random vs random heads-up exhaustive under 10 s on two threads (set
//! FELTKIT_BENCH_SLOW=1 to run it). The mixed games: PLO heads-up exact on a flop (990 turn
//! and river pairs) has a goal of 1 ms on one core, PLO Monte Carlo of 10 M deals/s per core.
//! Equity hand by hand (`by_hand`) has a goal of twice the plain query's time, measured beside
//! it.
//!
//! The exhaustive cases enumerate (`calculate_by_enumeration`): heads-up hold'em preflop would
//! otherwise be read from the preflop table, which `benches/preflop.rs` times.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use feltkit::equity::{by_hand, calculate, calculate_by_enumeration, Game, Method, Options, Query};

fn query(game: Game, players: &[&str], board: &str, dead: &str, method: Method) -> Query {
    let mut q = Query::new(game, players.iter().copied());
    q.board = board.into();
    q.dead = dead.into();
    q.method = method;
    q
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool")
}

fn exhaustive(c: &mut Criterion) {
    let one = pool(1);
    let two = pool(2);
    let mut g = c.benchmark_group("exhaustive");
    let cases: [(&str, Query, &rayon::ThreadPool); 13] = [
        (
            "ahkh_vs_qsqd_1t",
            query(Game::Holdem, &["AhKh", "QsQd"], "", "", Method::Exhaustive),
            &one,
        ),
        (
            "asah_vs_kdkc_vs_qsqd_1t",
            query(Game::Holdem, &["AsAh", "KdKc", "QsQd"], "", "", Method::Exhaustive),
            &one,
        ),
        (
            "qq+aks_vs_jj-99aqs_2t",
            query(Game::Holdem, &["QQ+,AKs", "JJ-99,AQs"], "", "", Method::Exhaustive),
            &two,
        ),
        (
            "22+a2s+_vs_random_flop_2t",
            query(Game::Holdem, &["22+,A2s+", "random"], "2c3d4h", "", Method::Exhaustive),
            &two,
        ),
        (
            "stud7_5th_street_1t",
            query(Game::Stud7, &["AhKd7c5s5d", "9s9h2cTd8c"], "", "4h5h", Method::Exhaustive),
            &one,
        ),
        (
            "americana_2_known_2t",
            query(Game::Americana, &["AhKd", "9s9h"], "", "", Method::Exhaustive),
            &two,
        ),
        (
            "turnover_preflop_2t",
            query(Game::Turnover, &["AhKd7c", "9s9h2c"], "", "", Method::Exhaustive),
            &two,
        ),
        (
            "plo_asahkskh_vs_jdtd9c8c_flop_1t",
            query(Game::Omaha, &["AsAhKsKh", "JdTd9c8c"], "2c7h3d", "", Method::Exhaustive),
            &one,
        ),
        (
            "plo_asahkskh_vs_jdtd9c8c_preflop_2t",
            query(Game::Omaha, &["AsAhKsKh", "JdTd9c8c"], "", "", Method::Exhaustive),
            &two,
        ),
        (
            "plo8_asah2s3h_vs_jdtd9c8c_flop_1t",
            query(Game::Omaha8, &["AsAh2s3h", "JdTd9c8c"], "2c7h4d", "", Method::Exhaustive),
            &one,
        ),
        (
            "shortdeck_asks_vs_qhqd_preflop_2t",
            query(Game::ShortDeck, &["AsKs", "QhQd"], "", "", Method::Exhaustive),
            &two,
        ),
        (
            "stud8_5th_street_1t",
            query(Game::Stud8, &["Ah2d3c5s9d", "9s9h2cTd8c"], "", "4h5h", Method::Exhaustive),
            &one,
        ),
        (
            "razz_5th_street_1t",
            query(Game::Razz, &["Ah2d3c5s9d", "9s9h2cTd8c"], "", "4h5h", Method::Exhaustive),
            &one,
        ),
    ];
    let enumerate = |q: &Query| calculate_by_enumeration(q, &Options::default()).expect("equity");
    for (name, q, p) in &cases {
        g.bench_function(*name, |b| b.iter(|| p.install(|| enumerate(q))));
    }
    g.finish();
    if std::env::var_os("FELTKIT_BENCH_SLOW").is_some() {
        let mut g = c.benchmark_group("exhaustive_slow");
        g.sample_size(10);
        let q = query(Game::Holdem, &["random", "random"], "", "", Method::Exhaustive);
        g.bench_function("random_vs_random_2t", |b| b.iter(|| two.install(|| enumerate(&q))));
        g.finish();
    }
}

fn monte_carlo(c: &mut Criterion) {
    let one = pool(1);
    let mut g = c.benchmark_group("monte_carlo");
    let deals = 1_000_000u64;
    g.throughput(Throughput::Elements(deals));
    for (name, game, players) in [
        ("ahkh_vs_qsqd_1t", Game::Holdem, &["AhKh", "QsQd"][..]),
        ("asah_vs_kdkc_vs_qsqd_1t", Game::Holdem, &["AsAh", "KdKc", "QsQd"][..]),
        ("qq+aks_vs_jj-99aqs_1t", Game::Holdem, &["QQ+,AKs", "JJ-99,AQs"][..]),
        ("stud7_3rd_street_1t", Game::Stud7, &["AhKd7c", "9s9h2c"][..]),
        ("americana_2_known_1t", Game::Americana, &["AhKd", "9s9h"][..]),
        ("plo_asahkskh_vs_jdtd9c8c_1t", Game::Omaha, &["AsAhKsKh", "JdTd9c8c"][..]),
        ("plo8_asah2s3h_vs_jdtd9c8c_1t", Game::Omaha8, &["AsAh2s3h", "JdTd9c8c"][..]),
        ("plo_aakkds_vs_random_1t", Game::Omaha, &["AAKKds", "random"][..]),
        ("plo5_exact_1t", Game::Omaha5, &["AsAhKsKhQd", "JdTd9c8c7h"][..]),
        ("shortdeck_asks_vs_qhqd_1t", Game::ShortDeck, &["AsKs", "QhQd"][..]),
        ("stud8_3rd_street_1t", Game::Stud8, &["Ah2d3c", "9s9hKc"][..]),
        ("razz_3rd_street_1t", Game::Razz, &["Ah2d3c", "9s9hKc"][..]),
    ] {
        let mut q = query(game, players, "", "", Method::MonteCarlo);
        q.iterations = Some(deals);
        g.bench_function(name, |b| b.iter(|| one.install(|| calculate(&q).expect("equity"))));
    }
    g.finish();
}

/// `--by-hand` against the plain query, in the same run: a wide range against a random hand
/// preflop, exhaustive (board first, two threads) and Monte Carlo (a million deals, one
/// thread). The goal: by hand within twice the plain query's time.
fn by_hand_vs_plain(c: &mut Criterion) {
    let one = pool(1);
    let two = pool(2);
    let range = "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+";
    let mut g = c.benchmark_group("by_hand");
    g.sample_size(10);
    let q = query(Game::Holdem, &[range, "random"], "", "", Method::Exhaustive);
    g.bench_function("exhaustive_plain_2t", |b| {
        b.iter(|| two.install(|| calculate(&q).expect("equity")))
    });
    g.bench_function("exhaustive_by_hand_2t", |b| {
        b.iter(|| two.install(|| by_hand(&q).expect("equity")))
    });
    let mut q = query(Game::Holdem, &[range, "random"], "", "", Method::MonteCarlo);
    q.iterations = Some(1_000_000);
    g.throughput(Throughput::Elements(1_000_000));
    g.bench_function("monte_carlo_plain_1t", |b| {
        b.iter(|| one.install(|| calculate(&q).expect("equity")))
    });
    g.bench_function("monte_carlo_by_hand_1t", |b| {
        b.iter(|| one.install(|| by_hand(&q).expect("equity")))
    });
    g.finish();
}

criterion_group!(benches, exhaustive, monte_carlo, by_hand_vs_plain);
criterion_main!(benches);
