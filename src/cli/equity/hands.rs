//! `felt equity --by-hand`: each class (and combo) of each player's range with its equity
//! against the others, as a table sorted by equity, the 13 × 13 grid coloured by equity, JSON,
//! and SVG and HTML pictures.

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use feltkit::equity::{by_hand_with, ByHand, ClassEquity, HandCounts, HandEquity, Method};
use feltkit::equity::{Options, Query};
use feltkit::picture::equity::equity_colour;
use feltkit::picture::{self, combos_text, text_colour};
use feltkit::range::grid::{class_at, SIZE};
use serde_json::Value;

use super::super::range::{ansi, palette, write_atomic, Palette};
use super::{refuse, write_table, EquityArgs};

/// Runs `felt equity --by-hand` for a built query.
pub(super) fn run(q: &Query, args: &EquityArgs, opts: &Options) -> anyhow::Result<ExitCode> {
    let b = match by_hand_with(q, opts) {
        Ok(b) => b,
        Err(e) => return Ok(refuse(q, &e)),
    };
    let title = super::command_line(q, "--by-hand");
    let player = usize::from(args.player) - 1;
    if let Some(path) = &args.svg {
        if player >= b.players.len() {
            anyhow::bail!("--player {}: there are {} players", args.player, b.players.len());
        }
        write_atomic(path, "--svg", svg(q, &b, player, &title).as_bytes())?;
    }
    if let Some(path) = &args.html {
        write_atomic(path, "--html", html(q, &b, &title, args.combos).as_bytes())?;
    }
    let mut out = String::new();
    if args.json {
        out = serde_json::to_string(&json(&b, args.combos))?;
        out.push('\n');
    } else {
        let mut head = Vec::new();
        write_table(&mut head, &b.equity, q.method == Method::Auto)?;
        out.push_str(&String::from_utf8_lossy(&head));
        let colours = palette(args.color);
        for p in 0..b.players.len() {
            out.push('\n');
            table(&mut out, &b, p, args.combos);
            out.push('\n');
            grid(&mut out, &b, p, colours);
        }
    }
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    lock.write_all(out.as_bytes())?;
    lock.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Player `p`'s classes that were dealt, by equity from the highest (ties in class order).
fn sorted(b: &ByHand, p: usize) -> Vec<ClassEquity> {
    feltkit::api::equity::classes_by_equity(b, p)
}

fn pct(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

/// The table of one player's classes (and combos).
fn table(out: &mut String, b: &ByHand, p: usize, combos: bool) {
    let mc = b.equity.method == Method::MonteCarlo;
    let spec = &b.equity.players[p].spec;
    let _ = writeln!(out, "player {}: {spec}, by class (highest equity first)", p + 1);
    let mut head = format!(
        "{:<6}  {:>6}  {:>7}  {:>7}  {:>8}  {:>8}  {:>8}",
        "class", "combos", "weight", "share", "equity", "win", "tie"
    );
    if mc {
        head += &format!("  {:>7}", "stderr");
    }
    let _ = writeln!(out, "{head}");
    let row = |out: &mut String, name: &str, n: String, weight: u64, c: &HandCounts| {
        let (e, w, t) = if c.total == 0 {
            ("n/a".to_string(), "n/a".to_string(), "n/a".to_string())
        } else {
            (pct(c.equity()), pct(c.win()), pct(c.tie()))
        };
        let mut line = format!(
            "{name:<6}  {n:>6}  {:>7}  {:>7}  {e:>8}  {w:>8}  {t:>8}",
            combos_text(weight),
            pct(b.share(c))
        );
        if mc {
            let se = c.stderr().map_or_else(|| "n/a".to_string(), pct);
            line += &format!("  {se:>7}");
        }
        let _ = writeln!(out, "{line}");
    };
    for class in sorted(b, p) {
        row(out, &class.class.to_string(), class.combos.to_string(), class.weight, &class.counts);
        if combos {
            for h in hands_of(b, p, &class) {
                row(out, &format!("  {}", h.combo), String::new(), u64::from(h.weight), &h.counts);
            }
        }
    }
}

/// The combos of a class in player `p`'s range, by equity from the highest.
fn hands_of<'a>(b: &'a ByHand, p: usize, class: &ClassEquity) -> Vec<&'a HandEquity> {
    feltkit::api::equity::hands_by_equity(b, p, class)
}

/// The grid of player `p`'s range: each class with its equity in percent, coloured on a
/// terminal; `.` for classes not in the range.
fn grid(out: &mut String, b: &ByHand, p: usize, colours: Option<Palette>) {
    let classes = b.classes(p);
    for row in 0..SIZE {
        for col in 0..SIZE {
            let Some(class) = class_at(row, col) else { continue };
            let label = class.to_string();
            let held = classes.iter().find(|c| c.class == class && c.counts.total > 0);
            let cell = match held {
                Some(c) => format!("{label:<3}{:>3} ", (100.0 * c.counts.equity()).round()),
                None => format!("{:<7}", format!("{label:<3}  .")),
            };
            match (colours, held) {
                (Some(pal), Some(c)) => {
                    let bg = equity_colour(c.counts.equity());
                    let _ = write!(
                        out,
                        "{}{}{}\x1b[0m",
                        ansi(pal, bg, true),
                        ansi(pal, text_colour(bg), false),
                        cell
                    );
                }
                (Some(pal), None) => {
                    let _ = write!(out, "{}{cell}\x1b[0m", ansi(pal, (120, 120, 120), false));
                }
                (None, Some(_)) => out.push_str(&cell),
                (None, None) => {
                    let _ = write!(out, "{:<7}", "  .");
                }
            }
        }
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
    let what = if colours.is_some() {
        "colour and number: each class's equity, %"
    } else {
        "number: each class's equity, %; .: not in the range"
    };
    let _ = writeln!(out, "{what}");
}

/// Player `p`'s grid as SVG.
fn svg(q: &Query, b: &ByHand, p: usize, title: &str) -> String {
    feltkit::picture::equity::by_hand_svg(q, b, p, title)
}

/// The HTML page: each player's grid and table of classes.
fn html(q: &Query, b: &ByHand, title: &str, combos: bool) -> String {
    let mut pictures = String::new();
    let mut tables = picture::html_table(
        "players",
        &["player", "equity", "win", "tie"],
        &b.equity
            .players
            .iter()
            .map(|e| vec![e.spec.clone(), pct(e.equity), pct(e.win), pct(e.tie)])
            .collect::<Vec<_>>(),
    );
    for p in 0..b.players.len() {
        pictures += &svg(q, b, p, title);
        let mut rows = Vec::new();
        for class in sorted(b, p) {
            let line = |name: String, n: String, weight: u64, c: &HandCounts| {
                vec![
                    name,
                    n,
                    combos_text(weight),
                    pct(b.share(c)),
                    pct(c.equity()),
                    pct(c.win()),
                    pct(c.tie()),
                ]
            };
            let c = &class.counts;
            rows.push(line(class.class.to_string(), class.combos.to_string(), class.weight, c));
            if combos {
                for h in hands_of(b, p, &class) {
                    rows.push(line(h.combo.to_string(), String::new(), h.weight.into(), &h.counts));
                }
            }
        }
        let caption = format!("player {}: {}", p + 1, b.equity.players[p].spec);
        tables += &picture::html_table(
            &caption,
            &["class", "combos", "weight", "share", "equity", "win", "tie"],
            &rows,
        );
    }
    picture::html(&pictures, title, &tables)
}

/// The `--json` object: the plain result, and per player its classes (and combos).
fn json(b: &ByHand, combos: bool) -> Value {
    feltkit::api::equity::by_hand_json(b, combos)
}
