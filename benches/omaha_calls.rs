//! The Omaha high evaluator on the random deals of the `eval` bench's `omaha/high/4+5`
//! workload, for instruction counts: `valgrind --tool=callgrind` on this binary counts the
//! same work every run, where wall-clock time drifts with the machine's load.
//!
//! `cargo build --release -p feltkit-benches --bin omaha-calls`, then
//! `valgrind --tool=callgrind target/release/omaha-calls [PASSES]` (default 10): each pass
//! ranks the 100,000 deals once, and the checksum printed is the sum of their values.

use std::hint::black_box;

use feltkit::card::Card;
use feltkit::eval::omaha;
use feltkit_benches::random_hands;

fn main() {
    let passes: u64 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 10,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!("usage: omaha-calls [PASSES] (a number, default 10)");
            std::process::exit(2);
        }
    };
    const N: usize = 100_000;
    let hole = 4;
    let deals: Vec<Card> = random_hands(N, hole + 5, 0x0a4a + hole as u64)
        .iter()
        .map(|&i| Card::from_index(i).expect("card index"))
        .collect();
    let mut sum = 0u64;
    for _ in 0..passes {
        for d in black_box(&deals).chunks_exact(hole + 5) {
            sum += omaha::rank(&d[..hole], &d[hole..]).value() as u64;
        }
    }
    println!("{} deals ranked, checksum {sum}", passes * N as u64);
}
