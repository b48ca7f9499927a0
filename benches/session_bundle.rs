//! Writes a legal session of N hands to stdout (default 100,000), for timing
//! `felt replay --session` by hand: `cargo run --release -p feltkit-benches --bin session-bundle
//! -- 100000 > session.phhs`.

use std::io::Write;

fn main() {
    let hands = match std::env::args().nth(1).map(|a| a.parse::<usize>()) {
        None => 100_000,
        Some(Ok(n)) if (1..=100_000_000).contains(&n) => n,
        Some(_) => {
            eprintln!("usage: session-bundle [HANDS, 1 to 10^8]");
            std::process::exit(2);
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // Written in slices so that memory stays small for long sessions.
    let mut done = 0;
    let mut text = String::new();
    while done < hands {
        let n = (hands - done).min(10_000);
        text.clear();
        text.push_str(&feltkit_benches::session_bundle_from(done, n));
        if out.write_all(text.as_bytes()).is_err() {
            return;
        }
        done += n;
    }
    let _ = out.flush();
}
