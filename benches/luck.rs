//! `felt luck` throughput: `cargo bench -p feltkit-benches --bench luck`.
//!
//! The workload is a GGPoker text of 20,000 hands made of the project's GG samples
//! ([`luck_text`]): one hand in twenty ends all in with cards to come (a three-way preflop
//! all-in with a side pot, heads-up preflop all-ins in cash and in a tournament, turn and
//! preflop all-ins with the board run twice and three times), the others are played out
//! (hold'em, PLO of four to six cards, fixed limit, straddles, a missed blind). Real hand
//! histories have fewer: 2% of the GG hands and 7.6% of the PokerStars hands of the public
//! collections the project checks against.
//!
//! `luck/ggpoker_20k_replay_check` runs the pipeline of `felt replay --check` on it (cut as
//! read on one thread, each hand converted, replayed and checked on every core, 32 hands at a
//! time, in input order); `luck/ggpoker_20k_luck` the pipeline of `felt luck`: the same, then
//! each hand settled ([`feltkit::luck::hand_luck`]: every pot after an all-in counted by exact
//! equity among its contenders). Their difference is what luck adds to the replay.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use feltkit::import::{read_hands, Format, Pending};
use feltkit::luck::hand_luck;
use feltkit::phh::stream::{ordered, Step, Window};
use feltkit::phh::HandReport;

/// The allocator `felt` uses (see src/main.rs), so that the bench measures what the command
/// does.
#[global_allocator]
static ALLOCATOR: feltkit::alloc::Allocator = feltkit::alloc::Allocator;

const HANDS: usize = 20_000;

/// The GG samples played out without an all-in.
const PLAYED_OUT: [&str; 8] = [
    "cash_nl_showdown.txt",
    "cash_plo.txt",
    "cash_plo5.txt",
    "cash_plo6.txt",
    "fixed_limit.txt",
    "straddle.txt",
    "missed_blind.txt",
    "double_straddle.txt",
];

/// The GG samples that end all in with cards to come.
const ALL_IN: [&str; 5] = [
    "cash_nl_side_pots.txt",
    "cash_thousands.txt",
    "tournament_bounty.txt",
    "run_twice.txt",
    "run_three_times.txt",
];

/// A GGPoker text of `hands` hands: every twentieth an all-in sample in turn, the others the
/// played-out samples in turn, each hand numbered anew.
fn luck_text(hands: usize) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/ggpoker");
    let read = |names: &[&str]| -> Vec<String> {
        names.iter().map(|n| std::fs::read_to_string(root.join(n)).unwrap()).collect()
    };
    let (played, all_in) = (read(&PLAYED_OUT), read(&ALL_IN));
    let mut out = String::with_capacity(hands * 1200);
    for n in 0..hands {
        let sample =
            if n % 20 == 19 { &all_in[n / 20 % all_in.len()] } else { &played[n % played.len()] };
        let (Some(hash), Some(colon)) = (sample.find('#'), sample.find(':')) else {
            unreachable!("every sample starts `Poker Hand #ID:`")
        };
        out.push_str(&sample[..hash]);
        out.push_str(&format!("#RC{}", 1_000_000 + n));
        out.push_str(sample[colon..].trim_end());
        out.push_str("\n\n");
    }
    out
}

/// `felt replay --check`'s pipeline on `text`, each hand's reports given to `each`: how many
/// `each` counts.
fn pipeline(text: &[u8], threads: usize, each: &(dyn Fn(&HandReport) -> bool + Sync)) -> usize {
    let format = Format::named("ggpoker").expect("GGPoker is a format");
    let mut counted = 0;
    let done: Result<(), ()> = ordered(
        threads,
        Window { items: (8 * threads).max(32), bytes: 64 << 20 },
        |emit| {
            let mut hands = read_hands(format, text).map_while(Result::ok);
            loop {
                let chunk: Vec<Pending> = hands.by_ref().take(32).collect();
                if chunk.is_empty() {
                    break;
                }
                let weight = chunk.iter().map(Pending::weight).sum();
                if !emit(chunk, weight) {
                    return;
                }
            }
        },
        |chunk: Vec<Pending>| -> usize {
            chunk.iter().map(|h| h.replay("text", true).iter().filter(|r| each(r)).count()).sum()
        },
        |step: Step<usize>| {
            if let Step::Item(n) = step {
                counted += n;
            }
            Ok(())
        },
    );
    assert!(done.is_ok());
    counted
}

fn luck(c: &mut Criterion) {
    let text = luck_text(HANDS);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let checked = |r: &HandReport| r.ok();
    let settled = |r: &HandReport| hand_luck(r).is_some_and(|l| l.unsettled.is_none());
    assert_eq!(pipeline(text.as_bytes(), threads, &checked), HANDS, "every hand must match");
    assert_eq!(pipeline(text.as_bytes(), threads, &settled), HANDS, "every hand must settle");
    let mut group = c.benchmark_group("luck");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.sample_size(20);
    group.bench_function("ggpoker_20k_replay_check", |b| {
        b.iter(|| pipeline(std::hint::black_box(text.as_bytes()), threads, &checked))
    });
    group.bench_function("ggpoker_20k_luck", |b| {
        b.iter(|| pipeline(std::hint::black_box(text.as_bytes()), threads, &settled))
    });
    group.finish();
}

criterion_group!(benches, luck);
criterion_main!(benches);
