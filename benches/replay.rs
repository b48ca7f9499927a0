//! Parse + replay + check throughput of PHH bundles: `cargo bench -p feltkit-benches --bench replay`.
//! `replay/session_...` checks a generated session of hands at one table as well, and
//! `replay/session_table_check_...` the table check alone on sessions of two sizes whose
//! players come and go (its time per hand must not grow with the session).
//!
//! The workload is one `.phhs` bundle made of the 800 NT, FT, PT and F7S hands of
//! tests/data/corpus/pokerkit (hold'em and stud with antes, side pots, odd chips, all-in run-outs), each
//! replayed under its rules and checked against `finishing_stacks`, `winnings` and `_pots`;
//! `replay/pokerkit_corpus_files_...` replays the same hands one file at a time.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use feltkit::phh::split::pieces;
use feltkit::phh::stream::{ordered, Step, Window};
use feltkit::phh::{replay_piece, replay_text};
use feltkit::session::{Session, SessionHand};

/// The texts of the corpus hands, one `.phh` file each, in a fixed order.
fn corpus_files() -> Vec<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/corpus/pokerkit");
    let mut texts = Vec::new();
    for code in ["NT", "FT", "PT", "F7S"] {
        let mut files: Vec<PathBuf> =
            std::fs::read_dir(root.join(code)).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        texts.extend(files.iter().map(|f| std::fs::read_to_string(f).unwrap()));
    }
    texts
}

fn bundle() -> (String, u64) {
    let mut text = String::new();
    let mut n = 0u64;
    for file in corpus_files() {
        n += 1;
        text.push_str(&format!("[{n}]\n"));
        text.push_str(&file);
        text.push('\n');
    }
    (text, n)
}

fn replay(c: &mut Criterion) {
    let (text, n) = bundle();
    let reports = replay_text(&text, "bundle", true);
    assert_eq!(reports.len() as u64, n);
    assert!(reports.iter().all(|r| r.ok()), "every corpus hand must replay and match");
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(n));
    group.bench_function("pokerkit_corpus_bundle_parse_replay_check", |b| {
        b.iter(|| {
            let reports = replay_text(std::hint::black_box(&text), "bundle", true);
            assert_eq!(reports.len() as u64, n);
            reports
        })
    });
    // The same hands one file at a time, as `felt replay` reads a folder of `.phh` files:
    // each text is split (into its one hand) and replayed alone.
    let files = corpus_files();
    group.bench_function("pokerkit_corpus_files_parse_replay_check", |b| {
        b.iter(|| {
            let reports: usize = std::hint::black_box(&files)
                .iter()
                .map(|text| replay_text(text, "file.phh", true).len())
                .sum();
            assert_eq!(reports as u64, n);
            reports
        })
    });
    group.finish();
}

/// A session of 10,000 hands (`feltkit_benches::session_bundle`) the way `felt replay
/// --session --check` reads one: hands read one at a time from the text, replayed and checked on
/// every core 32 at a time, and the table checked from hand to hand in order as the results come
/// (the text output left out).
fn session(c: &mut Criterion) {
    const HANDS: usize = 10_000;
    let text = feltkit_benches::session_bundle(HANDS);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let run = |text: &str| {
        let mut session = Session::new(None);
        let mut broken = 0;
        let mut hands = 0;
        let done: Result<(), ()> = ordered(
            threads,
            Window { items: (8 * threads).max(32), bytes: 64 << 20 },
            |emit| {
                let mut batch = Vec::with_capacity(32);
                for piece in pieces(text.as_bytes()).flatten() {
                    batch.push(piece);
                    if batch.len() == 32 && !emit(std::mem::take(&mut batch), 0) {
                        return;
                    }
                }
                if !batch.is_empty() {
                    emit(batch, 0);
                }
            },
            |batch: Vec<_>| {
                batch
                    .iter()
                    .flat_map(|p| replay_piece(p, "session", true))
                    .map(|r| (r.ok(), SessionHand::from_report(r)))
                    .collect::<Vec<_>>()
            },
            |step| {
                if let Step::Item(batch) = step {
                    for (ok, hand) in batch {
                        assert!(ok);
                        hands += 1;
                        broken += session.observe_hand(&hand).violations.len();
                    }
                }
                Ok(())
            },
        );
        assert!(done.is_ok());
        (broken, hands, session.summary())
    };
    let (broken, hands, summary) = run(&text);
    assert_eq!((broken, hands, summary.hands), (0, HANDS, HANDS), "the session must be legal");
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.sample_size(20);
    group.bench_function("session_10k_hands_parse_replay_check_table", |b| {
        b.iter(|| run(std::hint::black_box(&text)))
    });
    group.finish();
}

/// The hands of a cash-game session played as `felt deal --game nlhe --session --players 6`
/// plays it (seed 1): players go broke, leave and sit down, so the session sees a new player
/// about every four hands. Replayed once, kept as what the session check needs.
fn churning_session(hands: u64) -> Vec<SessionHand> {
    use feltkit::play::{hand_rng, Style, Table};
    use feltkit::rules::{Chips, Variant};
    let game = Variant::by_code("nlhe").unwrap();
    let mut table = Table::new(game, 6, vec![Chips(200); 6]).unwrap();
    let mut text = String::new();
    for k in 0..hands {
        let mut rng = hand_rng(1, k);
        let (hand, _) = table.play(Style::draw(&mut rng), &mut rng).unwrap();
        text.push_str(&format!("[{}]\n{hand}\n", k + 1));
    }
    replay_text(&text, "session", true).into_iter().map(SessionHand::from_report).collect()
}

/// The table check alone (`Session::observe_hand`, no replay), over sessions of 20,000 and
/// 80,000 hands whose players come and go: the time per hand must not grow with the session
/// (it did when each hand looked at every player the session had seen).
fn session_table_check(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    for hands in [20_000u64, 80_000] {
        let session = churning_session(hands);
        let check = |hands: &[SessionHand]| {
            let mut s = Session::new(None);
            let broken: usize = hands.iter().map(|h| s.observe_hand(h).violations.len()).sum();
            (broken, s.summary().players.len())
        };
        let (broken, players) = check(&session);
        assert_eq!(broken, 0, "the dealt session must be legal");
        assert!(players as u64 > hands / 8, "players must come and go: {players}");
        group.throughput(Throughput::Elements(hands));
        group.bench_function(
            format!("session_table_check_{}k_hands_players_coming_and_going", hands / 1000),
            |b| b.iter(|| check(std::hint::black_box(&session))),
        );
    }
    group.finish();
}

criterion_group!(benches, replay, session, session_table_check);
criterion_main!(benches);
