//! Writes the PokerStars text of the `import` bench (N hands, default 20,000) to stdout, for
//! timing `felt replay --check` and PokerKit on the same text by hand:
//! `cargo run --release -p feltkit-benches --bin pokerstars-text -- 20000 > hands.txt`.

use std::io::Write;

fn main() {
    let hands = match std::env::args().nth(1).map(|a| a.parse::<usize>()) {
        None => 20_000,
        Some(Ok(n)) if (1..=10_000_000).contains(&n) => n,
        Some(_) => {
            eprintln!("usage: pokerstars-text [HANDS, 1 to 10^7]");
            std::process::exit(2);
        }
    };
    let text = feltkit_benches::pokerstars_text(hands);
    let mut out = std::io::stdout().lock();
    if out.write_all(text.as_bytes()).and_then(|()| out.flush()).is_err() {
        std::process::exit(1);
    }
}
