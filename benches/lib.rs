//! Shared helpers for the feltkit benchmarks (see the `[[bench]]` targets).

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// `n` random hands of `k` distinct cards each (card indices 0-51), flattened, from a fixed seed.
pub fn random_hands(n: usize, k: usize, seed: u64) -> Vec<u8> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut deck: Vec<u8> = (0..52).collect();
    let mut out = Vec::with_capacity(n * k);
    for _ in 0..n {
        let (hand, _) = deck.partial_shuffle(&mut rng, k);
        out.extend_from_slice(hand);
    }
    out
}
