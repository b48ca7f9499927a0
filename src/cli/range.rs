//! `felt range`: what a hold'em range holds, drawn as the 13 × 13 grid, and with a board how
//! every combo hits it (made hands and draws). docs/range.md describes the output.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use feltkit::api::range::{percent, RangeReport};
use feltkit::card::{format_cards, CardSet};
use feltkit::picture::{self, combos_text, text_colour, weight_colour, Rgb};
use feltkit::range::grid::{compact, ClassSummary, Summary, SIZE};
use feltkit::range::hits::{Analysis, Draw};
use serde_json::Value;

/// When `felt range` colours the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// When standard output is a terminal and NO_COLOR is not set.
    Auto,
    /// Always (even with NO_COLOR set).
    Always,
    /// Never.
    Never,
}

/// Arguments of `felt range`.
#[derive(Args, Debug)]
pub struct RangeArgs {
    /// A hold'em range, e.g. "QQ+,AKs", "15%", "T9s-65s:0.5".
    range: String,
    /// A flop, turn or river (3 to 5 cards): adds the hit analysis.
    #[arg(long, default_value = "")]
    board: String,
    /// Dead cards: removed from the range like board cards.
    #[arg(long, default_value = "")]
    dead: String,
    /// Write everything as one JSON object.
    #[arg(long)]
    json: bool,
    /// List every combo with its weight (and, with a board, what it makes).
    #[arg(long)]
    combos: bool,
    /// Colour the grid: auto (a terminal without NO_COLOR), always or never.
    #[arg(long, value_enum, default_value = "auto")]
    color: ColorArg,
    /// Write the grid as an SVG picture to this file (replaced only when complete).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Write a self-contained HTML page (picture and tables) to this file.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

/// How the terminal takes colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Palette {
    TrueColor,
    Ansi256,
}

/// Everything `felt range` reports (the API's report, written here as text and pictures too).
struct Report(RangeReport);

impl std::ops::Deref for Report {
    type Target = RangeReport;

    fn deref(&self) -> &RangeReport {
        &self.0
    }
}

/// Runs `felt range`: exit 0, or 2 for a bad range, board or output file.
pub fn run(args: RangeArgs) -> anyhow::Result<ExitCode> {
    let report = Report(RangeReport::new(&args.range, &args.board, &args.dead)?);
    check_outputs(args.svg.as_deref(), args.html.as_deref())?;
    let title = report.title();
    let svg = picture::svg(&report.summary, report.hits.as_ref(), &title);
    if let Some(path) = &args.svg {
        write_atomic(path, "--svg", svg.as_bytes())?;
    }
    if let Some(path) = &args.html {
        let page = picture::html(&svg, &title, &report.html_tables());
        write_atomic(path, "--html", page.as_bytes())?;
    }
    let out = if args.json {
        let mut s = serde_json::to_string_pretty(&report.json())?;
        s.push('\n');
        s
    } else {
        report.plain(palette(args.color), args.combos)
    };
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    lock.write_all(out.as_bytes())?;
    lock.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Which palette to colour with, if any.
pub(super) fn palette(mode: ColorArg) -> Option<Palette> {
    let on = match mode {
        ColorArg::Never => false,
        ColorArg::Always => true,
        ColorArg::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    };
    let truecolor = std::env::var("COLORTERM").is_ok_and(|v| v == "truecolor" || v == "24bit");
    on.then_some(if truecolor { Palette::TrueColor } else { Palette::Ansi256 })
}

/// Refuses `--svg` and `--html` naming the same file: one would overwrite the other.
pub(super) fn check_outputs(svg: Option<&Path>, html: Option<&Path>) -> anyhow::Result<()> {
    let mut files = super::output::Files::new();
    for (flag, path) in [("--svg", svg), ("--html", html)] {
        if let Some(p) = path {
            files.output(p, &format!("{flag} {}", p.display()))?;
        }
    }
    Ok(())
}

/// The 13 × 13 grid in plain text: the class where the range holds all of it, `.` where none,
/// the class and the percentage held where part (cells a column wider then, so that a label
/// and its number never run together).
pub(crate) fn plain_grid(out: &mut String, s: &Summary) {
    let part = |c: &ClassSummary| c.weight > 0 && c.frequency() < 1.0;
    let wide = (0..SIZE).any(|r| (0..SIZE).any(|c| s.cell(r, c).is_some_and(part)));
    let width = if wide { 7 } else { 6 };
    for row in 0..SIZE {
        for col in 0..SIZE {
            let Some(cell) = s.cell(row, col) else { continue };
            let label = cell.class.to_string();
            if cell.weight == 0 {
                let _ = write!(out, "{:>3}{:w$}", ".", "", w = width - 3);
            } else if part(cell) {
                let pct = ((cell.frequency() * 100.0).round() as u32).clamp(1, 99);
                let _ = write!(out, "{label:<3} {pct:>2} ");
            } else {
                let _ = write!(out, "{label:<width$}");
            }
        }
        // No trailing spaces in plain text.
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
}

/// Writes `bytes` to `path` under a temporary name, renamed onto it when complete.
pub(crate) fn write_atomic(path: &Path, flag: &str, bytes: &[u8]) -> anyhow::Result<()> {
    super::output::write_whole(path, &format!("{flag} {}", path.display()), bytes)
}

impl Report {
    /// The query, as the pictures' title.
    fn title(&self) -> String {
        let mut t = format!("felt range {}", self.text);
        if !self.board.is_empty() {
            t += &format!(" --board {}", format_cards(&self.board));
        }
        if !self.dead.is_empty() {
            t += &format!(" --dead {}", format_cards(&self.dead));
        }
        t
    }

    /// The rows of the hit tables: (key, name, weight) for categories, made hands and draws.
    fn hit_rows(a: &Analysis) -> [Vec<(&'static str, &'static str, u64)>; 3] {
        RangeReport::hit_rows(a)
    }

    /// The plain-text report.
    fn plain(&self, palette: Option<Palette>, list_combos: bool) -> String {
        let s = &self.summary;
        let mut out = String::new();
        let _ = writeln!(out, "range: {}", self.text);
        let _ = writeln!(out, "expands to: {}", compact(&self.range));
        if !self.board.is_empty() {
            let _ = writeln!(out, "board: {}", format_cards(&self.board));
        }
        if !self.dead.is_empty() {
            let _ = writeln!(out, "dead: {}", format_cards(&self.dead));
        }
        let _ = writeln!(
            out,
            "combos: {} of {} possible ({:.2}%), weighted {}",
            s.combos,
            s.possible,
            s.percent(),
            combos_text(s.weight)
        );
        // Pairs, then suited, then offsuit classes, each from the highest.
        let classes: Vec<String> = feltkit::range::HandClass::all()
            .into_iter()
            .filter_map(|class| {
                let (row, col) = feltkit::range::grid::position(class);
                s.cell(row, col)
            })
            .filter(|c| c.combos > 0)
            .map(|c| {
                let full = u64::from(c.combos) * 1000;
                if c.weight == full {
                    format!("{} {}", c.class, c.combos)
                } else {
                    format!("{} {} ({} weighted)", c.class, c.combos, combos_text(c.weight))
                }
            })
            .collect();
        if classes.is_empty() {
            let _ =
                writeln!(out, "classes (0): the board and dead cards leave no combo of the range");
        } else {
            let _ = writeln!(out, "classes ({}): {}", classes.len(), classes.join(", "));
        }
        out.push('\n');
        self.grid(&mut out, palette);
        if let Some(a) = self.hits.as_ref().filter(|a| a.total > 0) {
            let [categories, made, draws] = Self::hit_rows(a);
            for (head, rows) in [("category", categories), ("made hand", made), ("draw", draws)] {
                let _ = writeln!(out, "\n{head:<32} {:>9} {:>8}", "combos", "%");
                for (_, name, w) in rows.into_iter().filter(|r| r.2 > 0) {
                    let _ = writeln!(
                        out,
                        "{name:<32} {:>9} {:>7.2}%",
                        combos_text(w),
                        percent(w, a.total)
                    );
                }
            }
        }
        if list_combos {
            out.push('\n');
            self.combo_lines(&mut out);
        }
        out
    }

    /// Every combo with its weight, and with a board what it makes.
    fn combo_lines(&self, out: &mut String) {
        match &self.hits {
            Some(a) => {
                for ch in &a.combos {
                    let draws: Vec<&str> = ch.hit.draws.iter().map(Draw::name).collect();
                    let _ = write!(
                        out,
                        "{} {}  {}",
                        ch.combo,
                        feltkit::range::grid::weight_text(ch.weight),
                        ch.hit.made
                    );
                    if !draws.is_empty() {
                        let _ = write!(out, "; {}", draws.join(", "));
                    }
                    out.push('\n');
                }
            }
            None => {
                let blocked: CardSet = self.board.iter().chain(&self.dead).copied().collect();
                for (c, w) in self.range.combos().filter(|(c, _)| c.set().is_disjoint(blocked)) {
                    let _ = writeln!(out, "{c} {}", feltkit::range::grid::weight_text(w));
                }
            }
        }
    }

    /// The 13 × 13 grid: coloured cells, or plain text with `.` for classes not held and the
    /// percentage held after classes held in part.
    fn grid(&self, out: &mut String, palette: Option<Palette>) {
        let Some(p) = palette else {
            plain_grid(out, &self.summary);
            let _ =
                writeln!(out, ".: not in the range; a number: the % of the class held (weighted)");
            return;
        };
        for row in 0..SIZE {
            for col in 0..SIZE {
                let Some(cell) = self.summary.cell(row, col) else { continue };
                let label = cell.class.to_string();
                let bg = weight_colour(cell.frequency());
                let fg = if cell.weight == 0 { (120, 120, 120) } else { text_colour(bg) };
                let _ =
                    write!(out, "{}{} {label:<4}\x1b[0m", ansi(p, bg, true), ansi(p, fg, false));
            }
            out.push('\n');
        }
        let _ = writeln!(out, "shade: the weighted share of each class the range holds");
    }

    /// The report as JSON (the API's too).
    fn json(&self) -> Value {
        self.0.json()
    }

    /// The tables of the HTML page.
    fn html_tables(&self) -> String {
        let s = &self.summary;
        let mut out = picture::html_table(
            "the range",
            &["", ""],
            &[
                vec!["range".into(), self.text.clone()],
                vec!["expands to".into(), compact(&self.range)],
                vec!["board".into(), format_cards(&self.board)],
                vec!["dead".into(), format_cards(&self.dead)],
                vec!["combos".into(), s.combos.to_string()],
                vec!["weighted combos".into(), combos_text(s.weight)],
                vec!["possible combos".into(), s.possible.to_string()],
                vec!["share of possible".into(), format!("{:.2}%", s.percent())],
            ],
        );
        if let Some(a) = &self.hits {
            let [categories, made, draws] = Self::hit_rows(a);
            for (caption, rows) in
                [("categories", categories), ("made hands", made), ("draws", draws)]
            {
                let rows: Vec<Vec<String>> = rows
                    .into_iter()
                    .map(|(_, name, w)| {
                        vec![
                            name.to_string(),
                            combos_text(w),
                            format!("{:.2}%", percent(w, a.total)),
                        ]
                    })
                    .collect();
                out += &picture::html_table(caption, &[caption, "combos", "%"], &rows);
            }
        }
        let rows: Vec<Vec<String>> = s
            .classes
            .iter()
            .filter(|c| c.combos > 0)
            .map(|c| {
                vec![
                    c.class.to_string(),
                    c.combos.to_string(),
                    c.possible.to_string(),
                    combos_text(c.weight),
                ]
            })
            .collect();
        out += &picture::html_table("classes", &["class", "combos", "possible", "weighted"], &rows);
        out
    }
}

/// The escape that sets the background (or foreground) to `c`.
pub(super) fn ansi(p: Palette, c: Rgb, background: bool) -> String {
    let layer = if background { 48 } else { 38 };
    match p {
        Palette::TrueColor => format!("\x1b[{layer};2;{};{};{}m", c.0, c.1, c.2),
        Palette::Ansi256 => {
            // The 6 × 6 × 6 colour cube: levels 0, 95, 135, 175, 215, 255.
            let level = |v: u8| {
                if v < 48 {
                    0
                } else if v < 115 {
                    1
                } else {
                    (u16::from(v) - 35) / 40
                }
            };
            let idx = 16 + 36 * level(c.0) + 6 * level(c.1) + level(c.2);
            format!("\x1b[{layer};5;{idx}m")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_256_colour_cube_takes_the_nearest_level() {
        assert_eq!(ansi(Palette::Ansi256, (0, 0, 0), true), "\x1b[48;5;16m");
        assert_eq!(ansi(Palette::Ansi256, (255, 255, 255), false), "\x1b[38;5;231m");
        assert_eq!(ansi(Palette::Ansi256, (27, 94, 32), true), "\x1b[48;5;22m");
        assert_eq!(ansi(Palette::TrueColor, (1, 2, 3), true), "\x1b[48;2;1;2;3m");
    }
}
