//! Hand-evaluator benchmarks: feltkit against its Rust peers on the same workloads, in one run.
//!
//! * `eval7/enumerate`: all 133,784,560 seven-card hands in nested loops, each hand built by
//!   adding one card to a shared partial hand (what enumerators do).
//! * `eval7/random`: 1,000,000 random seven-card hands stored as card bytes, each hand built
//!   from its seven bytes.
//! * `americana/*`: the 32-card evaluator (no peer exists): all 3,365,856 seven-card hands,
//!   and all 201,376 five-card hands.
//! * `omaha/*`: 100,000 random Omaha deals (four hole cards and a five-card board: 60 hands of
//!   two plus three each; and five hole cards, 100 each), high and eight-or-better low; time
//!   per element is time per deal.
//!
//! `cargo bench -p feltkit-benches --bench eval`; the feltkit and aya_poker workloads live in
//! `lib.rs`, shared with `eval-interleaved` (the same comparison as best-of-N interleaved runs).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use feltkit::card::{Card, Deck};
use feltkit::eval::americana::AmericanaHand;
use feltkit::eval::{low, omaha};
use feltkit_benches::{
    aya_cards, aya_enumerate, aya_random, enumerate7, feltkit_enumerate, feltkit_random, on_stack,
    random_hands, ALL7,
};

fn rs_cards() -> Vec<rs_poker::core::Card> {
    // rs_poker numbers cards suit * 13 + value, values 2 = 0 .. A = 12.
    Card::all()
        .map(|c| {
            let value = rs_poker::core::Card::from(c.rank().index()).value;
            rs_poker::core::Card::new(value, rs_suit(c.suit().index()))
        })
        .collect()
}

fn rs_suit(i: u8) -> rs_poker::core::Suit {
    use rs_poker::core::Suit;
    [Suit::Club, Suit::Diamond, Suit::Heart, Suit::Spade][i as usize]
}

fn rs_enumerate() -> u64 {
    use rs_poker::core::SevenCardAccum as A;
    let cards = on_stack(&rs_cards());
    let mut sum = 0u64;
    enumerate7(A::new(), &cards, |p, c| p + c, |p, c| sum += score((p + c).rank()));
    sum
}

fn score(r: rs_poker::core::Rank) -> u64 {
    // Any value depending on the rank keeps the work from being optimized away.
    r.value_bits() as u64
}

fn bench_enumerate(c: &mut Criterion) {
    let mut g = c.benchmark_group("eval7/enumerate");
    g.sample_size(10).throughput(Throughput::Elements(ALL7));
    g.bench_function("feltkit", |b| b.iter(|| black_box(feltkit_enumerate())));
    g.bench_function("aya_poker", |b| b.iter(|| black_box(aya_enumerate())));
    g.bench_function("rs_poker", |b| b.iter(|| black_box(rs_enumerate())));
    g.finish();
}

fn bench_random(c: &mut Criterion) {
    const N: usize = 1_000_000;
    let hands = random_hands(N, 7, 0x5eed);
    let mut g = c.benchmark_group("eval7/random");
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("feltkit", |b| b.iter(|| black_box(feltkit_random(black_box(&hands)))));
    let aya = aya_cards();
    g.bench_function("aya_poker", |b| b.iter(|| black_box(aya_random(black_box(&hands), &aya))));
    let rs = rs_cards();
    g.bench_function("rs_poker", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for h in hands.chunks_exact(7) {
                let mut acc = rs_poker::core::SevenCardAccum::new();
                for &c in h {
                    acc.add(rs[c as usize]);
                }
                sum += score(acc.rank());
            }
            black_box(sum)
        })
    });
    let pk: Vec<poker::Card> = Card::all().map(|c| c.to_string().parse().unwrap()).collect();
    let evaluator = poker::Evaluator::new();
    g.bench_function("poker", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for h in hands.chunks_exact(7) {
                let cards: [poker::Card; 7] = std::array::from_fn(|i| pk[h[i] as usize]);
                sum += evaluator.evaluate_five(cards).map(|e| e.is_flush() as u64).unwrap_or(0);
            }
            black_box(sum)
        })
    });
    g.finish();
}

fn bench_americana(c: &mut Criterion) {
    let cards: Vec<AmericanaHand> =
        Deck::Americana.cards().iter().map(|c| AmericanaHand::EMPTY.add(c)).collect();
    let mut g = c.benchmark_group("americana");
    g.throughput(Throughput::Elements(3_365_856));
    g.bench_function("enumerate7", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            enumerate7(
                AmericanaHand::EMPTY,
                &cards,
                |p, c| p + c,
                |p, c| sum += (p + c).rank().map_or(0, |r| r.value() as u64),
            );
            black_box(sum)
        })
    });
    g.throughput(Throughput::Elements(201_376));
    g.bench_function("enumerate5", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            let n = cards.len();
            for a in 0..n {
                for b2 in a + 1..n {
                    for c2 in b2 + 1..n {
                        let p = cards[a] + cards[b2] + cards[c2];
                        for d in c2 + 1..n {
                            let q = p + cards[d];
                            for &e in &cards[d + 1..] {
                                sum += (q + e).rank().map_or(0, |r| r.value() as u64);
                            }
                        }
                    }
                }
            }
            black_box(sum)
        })
    });
    g.finish();
}

fn bench_omaha(c: &mut Criterion) {
    const N: usize = 100_000;
    let mut g = c.benchmark_group("omaha");
    g.throughput(Throughput::Elements(N as u64));
    for hole in [4usize, 5] {
        let deals: Vec<Card> = random_hands(N, hole + 5, 0x0a4a + hole as u64)
            .iter()
            .map(|&i| Card::from_index(i).expect("card index"))
            .collect();
        let k = hole + 5;
        g.bench_function(format!("high/{hole}+5"), |b| {
            b.iter(|| {
                let mut sum = 0u64;
                for d in black_box(&deals).chunks_exact(k) {
                    sum += omaha::rank(&d[..hole], &d[hole..]).value() as u64;
                }
                black_box(sum)
            })
        });
        g.bench_function(format!("low/{hole}+5"), |b| {
            b.iter(|| {
                let mut sum = 0u64;
                for d in black_box(&deals).chunks_exact(k) {
                    sum +=
                        low::omaha_low_rank(&d[..hole], &d[hole..]).map_or(0, |l| l.value()) as u64;
                }
                black_box(sum)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench_enumerate, bench_random, bench_americana, bench_omaha);
criterion_main!(benches);
