//! `felt equity --streets`: the equities along a runout (preflop, flop, turn, river), or after
//! each card that can come next, with the cards that help and hurt each player; a chart as SVG
//! and HTML.

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use feltkit::card::{format_cards, Card};
use feltkit::equity::{
    next_cards, runout, Equity, Method, NextCard, NextCards, Options, Query, Street,
};
use feltkit::picture::equity::{next_cards_svg, runout_svg};
use feltkit::picture::{self};
use serde_json::Value;

use super::super::range::write_atomic;
use super::{refuse, EquityArgs};

/// Two equities closer than this are the same (exact results differ far more when they differ).
const SAME: f64 = feltkit::api::equity::SAME_EQUITY;

/// Runs `felt equity --streets` for a built query.
pub(super) fn run(q: &Query, args: &EquityArgs, opts: &Options) -> anyhow::Result<ExitCode> {
    let five = feltkit::card::parse_cards(&q.board, q.game.deck()).is_ok_and(|b| b.len() == 5);
    let result = if five {
        runout(q, opts).map(Report::Runout)
    } else {
        next_cards(q, opts).map(Report::Next)
    };
    let report = match result {
        Ok(r) => r,
        Err(e) => return Ok(refuse(q, &e)),
    };
    let title = super::command_line(q, "--streets");
    let specs: Vec<String> = q.players.clone();
    let chart = report.chart(&specs, &title);
    if let Some(path) = &args.svg {
        write_atomic(path, "--svg", chart.as_bytes())?;
    }
    if let Some(path) = &args.html {
        let page = picture::html(&chart, &title, &report.html_tables(&specs));
        write_atomic(path, "--html", page.as_bytes())?;
    }
    let mut out = if args.json {
        serde_json::to_string(&report.json())? + "\n"
    } else {
        report.plain(&specs)
    };
    if out.is_empty() {
        out.push('\n');
    }
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    lock.write_all(out.as_bytes())?;
    lock.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// What `--streets` computed.
enum Report {
    Runout(Vec<Street>),
    Next(NextCards),
}

fn pct(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

fn method(e: &Equity) -> String {
    let m = e.method.name().replace('_', " ");
    match e
        .players
        .iter()
        .map(|p| p.stderr)
        .max_by(|a, b| a.unwrap_or(0.0).total_cmp(&b.unwrap_or(0.0)))
    {
        Some(Some(se)) if e.method == Method::MonteCarlo => format!("{m} (stderr {})", pct(se)),
        _ => m,
    }
}

/// The cards of one player's next-card row: grouped by equity, from the highest.
struct Group {
    equity: f64,
    cards: Vec<Card>,
}

/// Player `p`'s next cards grouped by the equity they leave, from the highest.
fn groups(next: &NextCards, p: usize) -> Vec<Group> {
    let mut cards: Vec<(f64, Card)> =
        next.cards.iter().map(|c| (c.equity.players[p].equity, c.card)).collect();
    cards.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.index().cmp(&a.1.index())));
    let mut out: Vec<Group> = Vec::new();
    for (e, c) in cards {
        match out.last_mut() {
            Some(g) if (g.equity - e).abs() < SAME => g.cards.push(c),
            _ => out.push(Group { equity: e, cards: vec![c] }),
        }
    }
    out
}

/// The next cards in the chart's order, which its HTML table keeps.
fn chart_order(next: &NextCards) -> Vec<&NextCard> {
    feltkit::picture::equity::chart_order(next)
}

/// How many next cards raise, keep and lower player `p`'s equity.
fn help_hurt(next: &NextCards, p: usize) -> [usize; 3] {
    feltkit::api::equity::help_hurt(next, p)
}

impl Report {
    fn plain(&self, specs: &[String]) -> String {
        let mut out = String::new();
        let width = super::super::column_width(specs.iter().map(|s| s.chars().count()), 9);
        match self {
            Report::Runout(streets) => {
                let mut head = format!("{:<8}  {:<10}", "street", "board");
                for s in specs {
                    head += &format!("  {s:>width$}");
                }
                let _ = writeln!(out, "{head}  method");
                for st in streets {
                    let board =
                        if st.board.is_empty() { "-".into() } else { format_cards(&st.board) };
                    let mut line = format!("{:<8}  {board:<10}", st.name);
                    for p in &st.equity.players {
                        line += &format!("  {:>width$}", pct(p.equity));
                    }
                    let _ = writeln!(out, "{line}  {}", method(&st.equity));
                }
            }
            Report::Next(next) => {
                let board = format_cards(&next.board);
                let _ = writeln!(
                    out,
                    "{} {board}: {} ({})",
                    if next.board.len() == 3 { "flop" } else { "turn" },
                    specs
                        .iter()
                        .zip(&next.now.players)
                        .map(|(s, p)| format!("{s} {}", pct(p.equity)))
                        .collect::<Vec<_>>()
                        .join(", "),
                    method(&next.now)
                );
                let _ = writeln!(
                    out,
                    "{}: {}",
                    next.street,
                    feltkit::text::count(next.cards.len(), "card can come", "cards can come")
                );
                for (p, spec) in specs.iter().enumerate() {
                    let [up, same, down] = help_hurt(next, p);
                    let _ = writeln!(
                        out,
                        "\nplayer {}: {spec}: {up} help, {down} hurt{}",
                        p + 1,
                        if same > 0 { format!(", {same} change nothing") } else { String::new() }
                    );
                    let _ = writeln!(out, "{:>9}  {:>5}  {} cards", "equity", "count", next.street);
                    for g in groups(next, p) {
                        let cards: Vec<String> = g.cards.iter().map(Card::to_string).collect();
                        let _ = writeln!(
                            out,
                            "{:>9}  {:>5}  {}",
                            pct(g.equity),
                            g.cards.len(),
                            cards.join(" ")
                        );
                    }
                }
            }
        }
        out
    }

    fn json(&self) -> Value {
        match self {
            Report::Runout(streets) => feltkit::api::equity::runout_json(streets),
            Report::Next(next) => feltkit::api::equity::next_cards_json(next),
        }
    }

    /// The chart: one bar per street, or per next card (by player 1's equity, highest first).
    fn chart(&self, specs: &[String], title: &str) -> String {
        match self {
            Report::Runout(streets) => runout_svg(specs, streets, title),
            Report::Next(next) => next_cards_svg(specs, next, title),
        }
    }

    fn html_tables(&self, specs: &[String]) -> String {
        let mut header: Vec<&str> = vec![""];
        header.extend(specs.iter().map(String::as_str));
        let rows: Vec<Vec<String>> = match self {
            Report::Runout(streets) => streets
                .iter()
                .map(|s| {
                    let mut row = vec![format!("{} {}", s.name, format_cards(&s.board))];
                    row.extend(s.equity.players.iter().map(|p| pct(p.equity)));
                    row
                })
                .collect(),
            Report::Next(next) => std::iter::once(("now".to_string(), &next.now))
                .chain(chart_order(next).into_iter().map(|c| (c.card.to_string(), &c.equity)))
                .map(|(label, e)| {
                    let mut row = vec![label];
                    row.extend(e.players.iter().map(|p| pct(p.equity)));
                    row
                })
                .collect(),
        };
        picture::html_table("equity", &header, &rows)
    }
}
