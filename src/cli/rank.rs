//! `felt rank`: rank hands given as arguments or read from stdin, one per line.

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use feltkit::card::{format_cards, parse_cards};
use feltkit::eval::{Evaluation, Ranking};

/// Which ranking `felt rank` uses.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum GameArg {
    /// Standard 52-card ranking.
    Standard,
    /// 32-card Americana ranking (flush beats full house, suits break ties).
    Americana,
}

/// Arguments of `felt rank`.
#[derive(Args, Debug)]
pub struct RankArgs {
    /// Hand ranking to use.
    #[arg(long, value_enum, default_value = "standard")]
    game: GameArg,
    /// Write one JSON object per line: {"hand", "category", "rank"} (or {"line", "error"}).
    #[arg(long)]
    json: bool,
    /// Hands of 5 to 7 cards, e.g. `AhKhQhJhTh`; none: read one hand per line from stdin.
    hands: Vec<String>,
}

/// Runs `felt rank`: exit 0 when every hand ranked, 1 when any line failed.
pub fn run(args: RankArgs) -> anyhow::Result<ExitCode> {
    let ranking = match args.game {
        GameArg::Standard => Ranking::Standard,
        GameArg::Americana => Ranking::Americana,
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut failed = 0usize;
    let mut rank_one = |n: usize, text: &str, out: &mut dyn Write| -> std::io::Result<()> {
        let text = text.trim();
        match rank_text(ranking, text) {
            Ok((cards, e)) => {
                if args.json {
                    writeln!(
                        out,
                        "{{\"hand\":\"{cards}\",\"category\":\"{}\",\"rank\":{}}}",
                        e.category.key(),
                        e.value
                    )
                } else {
                    writeln!(out, "{cards}\t{}\t{}", e.category.name(), e.value)
                }
            }
            Err(msg) => {
                failed += 1;
                let what = if args.hands.is_empty() { "line" } else { "hand" };
                if args.json {
                    let msg = serde_json::to_string(&msg).expect("string");
                    writeln!(
                        out,
                        "{{\"{what}\":{n},\"input\":{},\"error\":{msg}}}",
                        serde_json::to_string(text).expect("string")
                    )?;
                }
                super::diagnose(format_args!("felt rank: {what} {n}: {msg}"));
                Ok(())
            }
        }
    };
    if args.hands.is_empty() {
        let stdin = std::io::stdin();
        let mut line = String::new();
        let mut reader = stdin.lock();
        let mut n = 0;
        loop {
            line.clear();
            if reader.read_line(&mut line)? == 0 {
                break;
            }
            n += 1;
            // A UTF-8 byte-order mark may open the first line (as `felt batch` accepts).
            let text = if n == 1 { line.trim_start_matches('\u{feff}') } else { &line };
            if text.trim().is_empty() {
                continue;
            }
            rank_one(n, text, &mut out)?;
        }
    } else {
        for (i, hand) in args.hands.iter().enumerate() {
            rank_one(i + 1, hand, &mut out)?;
        }
    }
    out.flush()?;
    Ok(if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn rank_text(ranking: Ranking, text: &str) -> Result<(String, Evaluation), String> {
    let cards = parse_cards(text, ranking.deck()).map_err(|e| e.to_string())?;
    let e = ranking.evaluate(&cards).map_err(|e| e.to_string())?;
    Ok((format_cards(&cards), e))
}
