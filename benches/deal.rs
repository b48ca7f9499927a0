//! Random legal hands, played and written as PHH with their results:
//! `cargo bench -p feltkit-benches --bench deal`. 10,000 no-limit hold'em hands of 2 to 9
//! players on every core, each from its own seeded generator, as `felt deal` makes them.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use feltkit::play::{random_hand, random_stakes, Style};
use feltkit::rules::Variant;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

fn deal(c: &mut Criterion) {
    const HANDS: u64 = 10_000;
    let game = Variant::by_code("nlhe").unwrap();
    let make = |k: u64| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(k);
        let players = rng.random_range(2..=9);
        let stakes = random_stakes(game, players, &mut rng);
        random_hand(game, &stakes, Style::default(), &mut rng).unwrap().0
    };
    let mut group = c.benchmark_group("deal");
    group.throughput(Throughput::Elements(HANDS));
    group.sample_size(20);
    group.bench_function("nlhe_10k_hands_played_and_written", |b| {
        b.iter(|| (0..HANDS).into_par_iter().map(make).map(|t| t.len()).sum::<usize>())
    });
    group.finish();
}

criterion_group!(benches, deal);
criterion_main!(benches);
