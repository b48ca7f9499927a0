//! Hand-history import throughput: `cargo bench -p feltkit-benches --bench import`.
//!
//! The workload is a PokerStars text of 20,000 hands made of the project's own samples
//! (`feltkit_benches::pokerstars_text`: every legal sample of `tests/data/pokerstars`, repeated
//! and numbered anew). `import/pokerstars_20k_read_convert_replay_check` runs the pipeline of
//! `felt replay --check` on it: the text decoded and cut into hands on one thread, each hand
//! converted (straight into the record the replay reads), replayed and checked against the
//! site's accounting on every core, 32 hands at a time, the results taken in input order (the
//! report's text left out). The other two measure the stages alone, on one thread: cutting into
//! hands, and converting to PHH.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use feltkit::import::{split, Format, Pending};
use feltkit::phh::stream::{ordered, Step, Window};

/// The allocator `felt` uses (see src/main.rs), so that the bench measures what the command
/// does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const HANDS: usize = 20_000;

/// The hands of `text` that replay legally and match, as `felt replay --check` finds them.
fn pipeline(text: &[u8], threads: usize) -> usize {
    let mut ok = 0;
    let done: Result<(), ()> = ordered(
        threads,
        Window { items: (8 * threads).max(32), bytes: 64 << 20 },
        |emit| {
            let mut hands = split(Format::PokerStars, text).into_iter();
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
        |chunk: Vec<Pending>| {
            chunk
                .iter()
                .map(|h| h.replay("text", true).iter().filter(|r| r.ok()).count())
                .sum::<usize>()
        },
        |step| {
            if let Step::Item(n) = step {
                ok += n;
            }
            Ok(())
        },
    );
    assert!(done.is_ok());
    ok
}

fn import(c: &mut Criterion) {
    let text = feltkit_benches::pokerstars_text(HANDS);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(pipeline(text.as_bytes(), threads), HANDS, "every hand must replay and match");
    let mut group = c.benchmark_group("import");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.sample_size(20);
    group.bench_function("pokerstars_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline(std::hint::black_box(text.as_bytes()), threads))
    });
    group.bench_function("pokerstars_20k_split_1_thread", |b| {
        b.iter(|| split(Format::PokerStars, std::hint::black_box(text.as_bytes())).len())
    });
    let hands = split(Format::PokerStars, text.as_bytes());
    group.bench_function("pokerstars_20k_convert_1_thread", |b| {
        b.iter(|| hands.iter().map(|h| h.convert().phh.len()).sum::<usize>())
    });
    group.finish();
}

criterion_group!(benches, import);
criterion_main!(benches);
