//! `felt range` workloads: the hit analysis of the full 1,326-combo range on a flop, and the
//! whole report (grid summary, compact notation, hit analysis, SVG picture) that `felt range
//! random --board Ks7d2c --svg FILE` builds. The target is under 10 ms for the analysis with
//! everything around it.
//!
//! `cargo bench -p feltkit-benches --bench range`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use feltkit::card::{parse_cards, CardSet, Deck};
use feltkit::range::grid::{compact, summarize};
use feltkit::range::hits::{analyze, Board};
use feltkit::range::Range;

fn range(c: &mut Criterion) {
    let all = Range::random();
    let fifteen = Range::parse("15%").expect("range");
    let flop = parse_cards("Ks7d2c", Deck::Standard).expect("board");
    let turn = parse_cards("Th9h4c2s", Deck::Standard).expect("board");
    let mut g = c.benchmark_group("range");
    g.throughput(Throughput::Elements(1326));
    g.bench_function("hits_random_flop", |b| {
        b.iter(|| analyze(black_box(&all), black_box(&flop), &[]).expect("analysis"))
    });
    g.bench_function("hits_random_turn", |b| {
        b.iter(|| analyze(black_box(&all), black_box(&turn), &[]).expect("analysis"))
    });
    g.bench_function("classify_only_random_flop", |b| {
        let board = Board::new(&flop).expect("board");
        let combos: Vec<_> = all.combos().map(|(c, _)| c).collect();
        b.iter(|| combos.iter().filter_map(|c| board.classify(*c)).count())
    });
    g.bench_function("report_random_flop", |b| {
        b.iter(|| {
            let a = analyze(black_box(&all), &flop, &[]).expect("analysis");
            let s = summarize(&all, CardSet::from_iter(flop.iter().copied()));
            let text = compact(&all);
            let svg = feltkit::picture::svg(&s, Some(&a), "felt range random --board Ks7d2c");
            (text.len(), svg.len())
        })
    });
    g.bench_function("report_15pct_flop", |b| {
        b.iter(|| {
            let a = analyze(black_box(&fifteen), &flop, &[]).expect("analysis");
            let s = summarize(&fifteen, CardSet::from_iter(flop.iter().copied()));
            (compact(&fifteen).len(), feltkit::picture::svg(&s, Some(&a), "15%").len())
        })
    });
    g.finish();
}

criterion_group!(benches, range);
criterion_main!(benches);
