//! feltkit against aya_poker on the two `eval7` workloads of the criterion bench (the same
//! functions, from `lib.rs`), timed in interleaved rounds: each round runs all four once, and
//! each workload's best (least disturbed) round is reported. The machine's speed drifts by up
//! to a third within minutes, which moves criterion's means; interleaving exposes both
//! evaluators to the same drift, so the ratio of their best rounds is the stable number.
//!
//! `cargo run --release -p feltkit-benches --bin eval-interleaved [ROUNDS]` (default 15)

use std::hint::black_box;
use std::time::Instant;

use feltkit_benches::{
    aya_cards, aya_enumerate, aya_random, feltkit_enumerate, feltkit_random, random_hands, ALL7,
};

fn main() {
    let rounds: usize = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 15,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: eval-interleaved [ROUNDS] (a positive number, default 15)");
            std::process::exit(2);
        }
    };
    const RANDOM: usize = 1_000_000;
    let hands = random_hands(RANDOM, 7, 0x5eed);
    let aya = aya_cards();
    // Each workload: its name, the hands it evaluates, and one run (returning a checksum).
    type Workload<'a> = (&'static str, u64, Box<dyn Fn() -> u64 + 'a>);
    let workloads: [Workload; 4] = [
        ("eval7/enumerate feltkit", ALL7, Box::new(feltkit_enumerate)),
        ("eval7/enumerate aya_poker", ALL7, Box::new(aya_enumerate)),
        ("eval7/random feltkit", RANDOM as u64, Box::new(|| feltkit_random(&hands))),
        ("eval7/random aya_poker", RANDOM as u64, Box::new(|| aya_random(&hands, &aya))),
    ];
    let mut best = [f64::INFINITY; 4];
    for _ in 0..rounds {
        for (i, (_, _, run)) in workloads.iter().enumerate() {
            let t = Instant::now();
            black_box(run());
            best[i] = best[i].min(t.elapsed().as_secs_f64());
        }
    }
    println!("best of {rounds} interleaved rounds, one thread, million hands per second:");
    for (i, (name, hands, _)) in workloads.iter().enumerate() {
        println!("  {name:<26} {:>7.0}", *hands as f64 / best[i] / 1e6);
    }
    println!(
        "feltkit / aya_poker: enumeration {:.2}x, random {:.2}x",
        best[1] / best[0],
        best[3] / best[2]
    );
}
