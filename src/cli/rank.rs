//! `felt rank`: rank hands given as arguments or read from stdin, one per line.
//!
//! Every line is ranked on its own: a bad line (bad cards, the wrong card count, bytes that
//! are not UTF-8, a line far too long to be a hand) is reported on stderr with its line number
//! and the run goes on; the exit status is then 1. Plain output has one line per hand ranked,
//! so a bad line has no output line; `--json` writes one object per non-blank line, an error
//! object in the bad line's place.

use std::ffi::OsString;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use feltkit::api::rank::{BadLine, HandLine};
use feltkit::card::parse_cards;
use feltkit::eval::{Ranked, Ranking};
use feltkit::text;
use serde::Serialize;

/// Which ranking `felt rank` uses: every [`Ranking`], by its name or an alias.
#[derive(Clone, Copy, Debug)]
pub struct GameArg(Ranking);

impl ValueEnum for GameArg {
    fn value_variants<'a>() -> &'a [GameArg] {
        const ALL: [GameArg; Ranking::ALL.len()] = {
            let mut all = [GameArg(Ranking::Standard); Ranking::ALL.len()];
            let mut i = 0;
            while i < all.len() {
                all[i] = GameArg(Ranking::ALL[i]);
                i += 1;
            }
            all
        };
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()).aliases(self.0.aliases()).help(self.0.takes()))
    }
}

/// Arguments of `felt rank`.
#[derive(Args, Debug)]
pub struct RankArgs {
    /// Hand ranking to use (docs/rank.md says what each takes).
    #[arg(long, value_enum, default_value = "standard")]
    game: GameArg,
    /// Write one JSON object per line: {"hand", "category", "rank"}, with "name" in the low
    /// rankings and badugi (or {"line", "input", "error"}).
    #[arg(long)]
    json: bool,
    /// Hands, e.g. `AhKhQhJhTh` or "Ah Kh Qh Jh Th" (one argument each); Omaha's hole cards
    /// and board apart: `AhKhQsJs/2c3c4d5d6s`. None: read one hand per line from stdin.
    hands: Vec<OsString>,
}

/// The longest stdin line `felt rank` reads, in bytes: far more than a hand of 5 to 7 cards
/// needs. The rest of a longer line is skipped without being held in memory, and the line is
/// reported as bad.
pub const MAX_LINE: usize = 4096;

/// Runs `felt rank`: exit 0 when every hand ranked, 1 when any line failed.
pub fn run(args: RankArgs) -> anyhow::Result<ExitCode> {
    let ranking = args.game.0;
    let stdout = io::stdout();
    let mut out = Ranker {
        out: BufWriter::with_capacity(1 << 16, stdout.lock()),
        ranking,
        json: args.json,
        what: if args.hands.is_empty() { "line" } else { "hand" },
        failed: 0,
    };
    if args.hands.is_empty() {
        let stdin = io::stdin();
        let mut reader = stdin.lock();
        let mut line = Vec::new();
        let mut n = 0u64;
        while let Some(len) = read_line_capped(&mut reader, &mut line)? {
            n += 1;
            let lossy = || String::from_utf8_lossy(&line).trim().to_string();
            if len > MAX_LINE as u64 {
                let msg = format!(
                    "the line is {len} bytes long: a hand of 5 to 7 cards is far shorter (lines \
                     are read up to {MAX_LINE} bytes)"
                );
                out.fail(n, &lossy(), msg)?;
                continue;
            }
            let text = match std::str::from_utf8(&line) {
                Ok(text) => text,
                Err(e) => {
                    out.fail(n, &lossy(), not_utf8(&line, e))?;
                    continue;
                }
            };
            // A UTF-8 byte-order mark may open the first line (as `felt batch` accepts).
            let text = if n == 1 { text.trim_start_matches('\u{feff}') } else { text };
            if text.trim().is_empty() {
                continue;
            }
            out.rank(n, text)?;
        }
    } else {
        for (i, hand) in args.hands.iter().enumerate() {
            let n = i as u64 + 1;
            match hand.to_str() {
                Some(text) => out.rank(n, text)?,
                None => {
                    let bytes = hand.as_encoded_bytes();
                    let lossy = String::from_utf8_lossy(bytes).trim().to_string();
                    let msg = match std::str::from_utf8(bytes) {
                        Err(e) => not_utf8(bytes, e),
                        Ok(_) => "not UTF-8 text".to_string(),
                    };
                    out.fail(n, &lossy, msg)?;
                }
            }
        }
        hint_split_hand(ranking, &args.hands);
    }
    out.out.flush()?;
    Ok(if out.failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// Where the output goes and how many hands failed.
struct Ranker<W: Write> {
    out: W,
    ranking: Ranking,
    json: bool,
    /// `line` (stdin) or `hand` (arguments): what the numbers count.
    what: &'static str,
    failed: u64,
}

impl<W: Write> Ranker<W> {
    /// Ranks hand `n`, or reports why it cannot be ranked.
    fn rank(&mut self, n: u64, text: &str) -> io::Result<()> {
        let text = text.trim();
        match rank_text(self.ranking, text) {
            Ok((hand, r)) if self.json => self.write_json(&HandLine::new(self.ranking, &hand, &r)),
            Ok((hand, r)) => writeln!(self.out, "{hand}\t{r}\t{}", r.value),
            Err(msg) => self.fail(n, text, msg),
        }
    }

    /// Reports hand `n` as bad: on stderr, and in its place in JSON output.
    fn fail(&mut self, n: u64, input: &str, msg: String) -> io::Result<()> {
        self.failed += 1;
        let what = self.what;
        if self.json {
            let (line, hand) = if what == "line" { (Some(n), None) } else { (None, Some(n)) };
            self.write_json(&BadLine { line, hand, input, error: &msg })?;
        }
        super::diagnose(format_args!("felt rank: {what} {n}: {msg}"));
        Ok(())
    }

    /// Writes one JSON object and a newline.
    fn write_json(&mut self, value: &impl Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, value)?;
        self.out.write_all(b"\n")
    }
}

/// What is wrong with bytes that are not UTF-8: the first bad byte and its column.
fn not_utf8(bytes: &[u8], e: std::str::Utf8Error) -> String {
    let good = e.valid_up_to();
    let column = String::from_utf8_lossy(&bytes[..good]).chars().count() + 1;
    let byte = bytes.get(good).copied().unwrap_or(0);
    format!(
        "not UTF-8 text: byte 0x{byte:02X} at column {column}; hands are written as text, such \
         as AhKhQhJhTh"
    )
}

/// Reads one line into `buf` without its line end, keeping at most [`MAX_LINE`] + 1 bytes of
/// it (enough to tell that it is too long); returns the line's whole length in bytes (its end
/// left out), or `None` at the end of the input.
fn read_line_capped(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<u64>> {
    buf.clear();
    Ok(text::read_line_capped(reader, buf, MAX_LINE + 1, false)?.map(|line| line.len))
}

/// After the arguments are ranked: when several have too few cards to be a hand, the shell
/// probably split one hand written with spaces (`felt rank Ah Kh Qh Jh Th`); say so.
fn hint_split_hand(ranking: Ranking, hands: &[OsString]) {
    let short: Vec<(&str, usize)> = hands
        .iter()
        .filter_map(|h| h.to_str())
        .filter_map(|h| Some((h.trim(), parse_cards(h, ranking.deck()).ok()?.len())))
        .filter(|(_, n)| (1..5).contains(n))
        .collect();
    // Only where a hand is five cards or more in one piece (not badugi's four, not Omaha).
    if short.len() < 2 || matches!(ranking, Ranking::Badugi | Ranking::Omaha) {
        return;
    }
    // The first short arguments that add up to a hand make the example.
    let mut cards = 0;
    let mut example = Vec::new();
    for (text, n) in &short {
        if cards + n > 7 {
            break;
        }
        cards += n;
        example.push(*text);
    }
    let example = if cards >= 5 { example.join(" ") } else { "Ah Kh Qh Jh Th".to_string() };
    super::diagnose(format_args!(
        "felt rank: hint: {} arguments have fewer than 5 cards each: each argument is one hand, \
         so quote a hand written with spaces, as in felt rank \"{example}\"",
        short.len()
    ));
}

fn rank_text(ranking: Ranking, text: &str) -> Result<(String, Ranked), String> {
    ranking.rank_text(text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_measured_but_kept_only_up_to_the_cap() {
        let mut input = vec![b'A'; 3 * MAX_LINE];
        input.extend_from_slice(b"\nAhKh\n");
        let mut reader = io::BufReader::with_capacity(64, input.as_slice());
        let mut buf = Vec::new();
        assert_eq!(read_line_capped(&mut reader, &mut buf).unwrap(), Some(3 * MAX_LINE as u64));
        assert!(buf.len() <= MAX_LINE + 1);
        assert_eq!(read_line_capped(&mut reader, &mut buf).unwrap(), Some(4));
        assert_eq!(buf, b"AhKh");
        assert_eq!(read_line_capped(&mut reader, &mut buf).unwrap(), None);
    }

    #[test]
    fn a_last_line_without_a_newline_is_read() {
        let mut reader = io::BufReader::new(&b"AhKh\n\nQs"[..]);
        let mut buf = Vec::new();
        let mut lines = Vec::new();
        while let Some(n) = read_line_capped(&mut reader, &mut buf).unwrap() {
            lines.push((n, buf.clone()));
        }
        assert_eq!(lines, [(4, b"AhKh".to_vec()), (0, vec![]), (2, b"Qs".to_vec())]);
    }
}
