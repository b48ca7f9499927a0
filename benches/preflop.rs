//! Heads-up preflop: the table ([`feltkit::equity::preflop`]) against enumeration of the same
//! queries in the same run, loading the table, and push/fold on top of it.
//!
//! ```sh
//! cargo bench -p feltkit-benches --bench preflop
//! FELTKIT_BENCH_SLOW=1 cargo bench -p feltkit-benches --bench preflop   # wide ranges enumerated too
//! ```
//!
//! Everything runs on one thread. Goals: an exact hand against an exact hand under 1 µs,
//! `QQ+,AKs` vs `JJ-99,AQs` under 50 µs, `random` vs `random` and a wide range vs `random` under
//! 10 ms, the table's load under 10 ms, one push/fold stack depth under a second.

use criterion::{criterion_group, criterion_main, Criterion};
use feltkit::equity::{calculate, calculate_by_enumeration, preflop, Game, Method, Options, Query};
use feltkit::pushfold::{solve, Spot};
use feltkit::range::Combo;

const WIDE: &str = "22+,A2s+,K9s+,Q9s+,J9s+,T9s,A9o+,KTo+,QTo+,JTo";

fn cases() -> Vec<(&'static str, Query, bool)> {
    let q = |a: &str, b: &str| {
        let mut q = Query::new(Game::Holdem, [a, b]);
        q.method = Method::Exhaustive;
        q
    };
    vec![
        ("ahkh_vs_qsqd", q("AhKh", "QsQd"), false),
        ("qq+aks_vs_jj-99aqs", q("QQ+,AKs", "JJ-99,AQs"), false),
        ("random_vs_random", q("random", "random"), true),
        ("wide_vs_random", q(WIDE, "random"), true),
    ]
}

fn one_thread() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("thread pool")
}

/// `calculate` answers from the table on the calling thread (no thread pool needed): the
/// whole call, parsing the query and writing the result included.
fn table(c: &mut Criterion) {
    let mut g = c.benchmark_group("preflop_table_1t");
    for (name, q, _) in cases() {
        assert!(calculate(&q).is_ok());
        g.bench_function(name, |b| b.iter(|| calculate(&q).is_ok()));
    }
    let t = preflop::table().expect("table");
    let card = |s: &str| s.parse().expect("card");
    let (ak, qq) = (
        Combo::new(card("Ah"), card("Kh")).expect("combo"),
        Combo::new(card("Qs"), card("Qd")).expect("combo"),
    );
    g.bench_function("lookup_ahkh_vs_qsqd", |b| {
        b.iter(|| t.matchup(std::hint::black_box(ak), std::hint::black_box(qq)))
    });
    g.finish();
}

fn enumeration(c: &mut Criterion) {
    let slow = std::env::var_os("FELTKIT_BENCH_SLOW").is_some();
    let one = Options { threads: Some(1), progress: None };
    let mut g = c.benchmark_group("preflop_enumeration_1t");
    g.sample_size(10);
    for (name, q, wide) in cases() {
        if wide && !slow {
            continue;
        }
        g.bench_function(name, |b| b.iter(|| calculate_by_enumeration(&q, &one).is_ok()));
    }
    g.finish();
}

fn load(c: &mut Criterion) {
    let mut g = c.benchmark_group("preflop_load");
    g.sample_size(20);
    g.bench_function("decode_table", |b| b.iter(|| preflop::load().map(|t| t.len())));
    g.finish();
}

fn pushfold(c: &mut Criterion) {
    let pool = one_thread();
    let mut g = c.benchmark_group("pushfold_1t");
    g.sample_size(10);
    for stack in [5.0, 10.0, 20.0] {
        let spot = Spot { stack, ante: 0.0 };
        g.bench_function(format!("{stack}bb"), |b| b.iter(|| pool.install(|| solve(spot).is_ok())));
    }
    g.finish();
}

criterion_group!(benches, table, enumeration, load, pushfold);
criterion_main!(benches);
