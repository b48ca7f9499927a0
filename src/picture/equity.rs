//! Pictures of equity: a range's 13 × 13 grid coloured by each class's equity (`felt equity
//! --by-hand`), and stacked bars of the players' equities street by street or card by card
//! (`felt equity --streets`).
//!
//! ```
//! use feltkit::picture::equity::{hands_svg, HandCell};
//! use feltkit::range::HandClass;
//! let aa = HandClass::all()[0];
//! let cells = [HandCell { class: aa, weight: 6000, equity: 0.85, share: 1.0 }];
//! let picture = hands_svg(&cells, "felt equity AA KK --by-hand", "player 1: AA, 85.00%");
//! assert!(picture.contains("data-class=\"AA\" data-equity=\"0.8500\""));
//! ```

use std::fmt::Write;

use super::{combos_text, escape, text_colour, Rgb, EMPTY};
use crate::range::grid::{class_at, SIZE};
use crate::range::HandClass;

/// The colour of an equity (0 to 1): red below a half, through pale yellow at a half, to green.
pub fn equity_colour(equity: f64) -> Rgb {
    let e = equity.clamp(0.0, 1.0);
    let (lo, mid, hi) = ((198, 40, 40), (255, 238, 160), (27, 120, 45));
    let (a, b, f): (Rgb, Rgb, f64) =
        if e < 0.5 { (lo, mid, e / 0.5) } else { (mid, hi, (e - 0.5) / 0.5) };
    let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * f).round() as u8;
    (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// One class of a player's range in the by-hand grid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandCell {
    /// The class.
    pub class: HandClass,
    /// Its weighted combos in the range, in thousandths.
    pub weight: u64,
    /// Its equity against the other players (0 to 1).
    pub equity: f64,
    /// Its share of the player's deals (0 to 1).
    pub share: f64,
}

const CELL: usize = 44;
const MARGIN: usize = 16;
const TOP: usize = 66;
const LEGEND_W: usize = 300;

/// The grid of one player's range as SVG: each class held coloured by its equity
/// ([`equity_colour`]) with its equity in percent under its name; classes not held grey. Every
/// cell is a `<g class="cell">` with `data-class`, and for classes held `data-equity`,
/// `data-share` (4 decimals) and `data-combos` (weighted combos).
pub fn hands_svg(cells: &[HandCell], title: &str, subtitle: &str) -> String {
    let grid = SIZE * CELL;
    let width = 2 * MARGIN + grid + LEGEND_W;
    let height = TOP + grid + MARGIN;
    let mut s = String::new();
    super::open_svg(&mut s, (width, height), title, MARGIN, (28, 16));
    let _ =
        writeln!(s, "<text x=\"{MARGIN}\" y=\"50\" font-size=\"13\">{}</text>", escape(subtitle));
    for row in 0..SIZE {
        for col in 0..SIZE {
            let Some(class) = class_at(row, col) else { continue };
            let (x, y) = (MARGIN + col * CELL, TOP + row * CELL);
            let label = class.to_string();
            let cell = cells.iter().find(|c| c.class == class && c.weight > 0);
            let _ = write!(s, "<g class=\"cell\" data-class=\"{label}\"");
            let bg = match cell {
                Some(c) => {
                    let _ = write!(
                        s,
                        " data-equity=\"{:.4}\" data-share=\"{:.4}\" data-combos=\"{}\"",
                        c.equity,
                        c.share,
                        combos_text(c.weight)
                    );
                    equity_colour(c.equity)
                }
                None => EMPTY,
            };
            let _ = writeln!(s, ">");
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" \
                 stroke=\"#ffffff\"/>",
                hex(bg)
            );
            let fg = if cell.is_some() { text_colour(bg) } else { (150, 150, 150) };
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"{}\">{label}</text>",
                x + CELL / 2,
                y + 19,
                hex(fg)
            );
            if let Some(c) = cell {
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{}\">{:.1}</text>",
                    x + CELL / 2,
                    y + 34,
                    hex(fg),
                    100.0 * c.equity
                );
            }
            let _ = writeln!(s, "</g>");
        }
    }
    let x = 2 * MARGIN + grid;
    let mut y = TOP + 12;
    let _ = writeln!(s, "<g class=\"legend\">");
    let _ = writeln!(
        s,
        "<text x=\"{x}\" y=\"{y}\" font-size=\"12\">numbers: the class's equity, %</text>"
    );
    y += 26;
    for (text, e) in [("0%", 0.0), ("25%", 0.25), ("50%", 0.5), ("75%", 0.75), ("100%", 1.0)] {
        swatch(&mut s, x, y, equity_colour(e), text);
        y += 20;
    }
    swatch(&mut s, x, y, EMPTY, "not in the range");
    let _ = writeln!(s, "</g>");
    s.push_str("</svg>\n");
    s
}

fn swatch(s: &mut String, x: usize, y: usize, colour: Rgb, text: &str) {
    let _ = writeln!(
        s,
        "<rect x=\"{x}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{}\" stroke=\"#999999\"/>",
        y - 11,
        hex(colour)
    );
    let _ =
        writeln!(s, "<text x=\"{}\" y=\"{y}\" font-size=\"12\">{}</text>", x + 20, escape(text));
}

/// The colours of players 1 to 10 in the streets chart.
pub const PLAYER_COLOURS: [Rgb; 10] = [
    (25, 118, 210),
    (230, 81, 0),
    (56, 142, 60),
    (142, 36, 170),
    (0, 137, 123),
    (194, 24, 91),
    (93, 64, 55),
    (97, 97, 97),
    (175, 180, 43),
    (0, 172, 193),
];

/// One bar of the streets chart: a street (`flop`) or a next card (`Ac`), and each player's
/// equity there.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// The label under the bar.
    pub label: String,
    /// Each player's equity, 0 to 1, in the players' order.
    pub equities: Vec<f64>,
}

const BAR_H: usize = 240;

/// Stacked bars of the players' equities, one bar per column, player 1 at the bottom; with
/// `now`, a dashed line at player 1's equity before the next card. Each bar is a
/// `<g class="column">` with `data-label` and `data-equity` (each player's, 4 decimals,
/// comma-separated).
pub fn streets_svg(
    players: &[String],
    columns: &[Column],
    title: &str,
    now: Option<f64>,
) -> String {
    let bar_w = if columns.len() > 8 { 18 } else { 64 };
    let gap = if columns.len() > 8 { 4 } else { 24 };
    let left = 56;
    let top = 52;
    let legend_h = 20 * (players.len() + usize::from(now.is_some())) + 10;
    let plot_w = columns.len() * (bar_w + gap) + gap;
    // Wide enough for the title too (about 9 pixels a character at its size).
    let width = (left + plot_w + MARGIN).max(2 * MARGIN + 9 * title.chars().count()).max(420);
    let height = top + BAR_H + 40 + legend_h;
    let mut s = String::new();
    super::open_svg(&mut s, (width, height), title, MARGIN, (28, 15));
    for pct in [0, 25, 50, 75, 100] {
        let y = top + BAR_H - BAR_H * pct / 100;
        let _ = writeln!(
            s,
            "<line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#dddddd\"/>",
            left - 4,
            left + plot_w
        );
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{pct}%</text>",
            left - 8,
            y + 4
        );
    }
    for (i, col) in columns.iter().enumerate() {
        let x = left + gap + i * (bar_w + gap);
        let data: Vec<String> = col.equities.iter().map(|e| format!("{e:.4}")).collect();
        let _ = writeln!(
            s,
            "<g class=\"column\" data-label=\"{}\" data-equity=\"{}\">",
            escape(&col.label),
            data.join(",")
        );
        // Milli-pixels, so the segments meet exactly.
        let mut bottom = (top + BAR_H) * 1000;
        for (p, e) in col.equities.iter().enumerate() {
            let h = (e.clamp(0.0, 1.0) * (BAR_H * 1000) as f64).round() as usize;
            let h = h.min(bottom - top * 1000);
            bottom -= h;
            if h > 0 {
                let _ = writeln!(
                    s,
                    "<rect x=\"{x}\" y=\"{}\" width=\"{bar_w}\" height=\"{}\" fill=\"{}\"/>",
                    combos_text(bottom as u64),
                    combos_text(h as u64),
                    hex(PLAYER_COLOURS[p % PLAYER_COLOURS.len()])
                );
            }
        }
        if let Some(e) = col.equities.first().filter(|_| bar_w >= 40) {
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#ffffff\">{:.1}%</text>",
                x + bar_w / 2,
                top + BAR_H - 6,
                100.0 * e
            );
        }
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            x + bar_w / 2,
            top + BAR_H + 16,
            escape(&col.label)
        );
        let _ = writeln!(s, "</g>");
    }
    if let Some(e) = now {
        let milli =
            top * 1000 + ((1.0 - e.clamp(0.0, 1.0)) * (BAR_H * 1000) as f64).round() as usize;
        let at = combos_text(milli as u64);
        let _ = writeln!(
            s,
            "<line class=\"now\" x1=\"{left}\" y1=\"{at}\" x2=\"{}\" y2=\"{at}\" \
             stroke=\"#000000\" stroke-dasharray=\"6 4\"/>",
            left + plot_w
        );
    }
    let mut y = top + BAR_H + 44;
    let _ = writeln!(s, "<g class=\"legend\">");
    for (p, spec) in players.iter().enumerate() {
        let text = format!("player {}: {spec}", p + 1);
        swatch(&mut s, left, y, PLAYER_COLOURS[p % PLAYER_COLOURS.len()], &text);
        y += 20;
    }
    if now.is_some() {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{y}\" font-size=\"12\">dashed line: player 1's equity before the card</text>",
            left
        );
    }
    let _ = writeln!(s, "</g>");
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equity_colours_run_from_red_through_yellow_to_green() {
        assert_eq!(equity_colour(0.0), (198, 40, 40));
        assert_eq!(equity_colour(0.5), (255, 238, 160));
        assert_eq!(equity_colour(1.0), (27, 120, 45));
        assert_eq!(text_colour(equity_colour(0.5)), (0, 0, 0));
        assert_eq!(text_colour(equity_colour(1.0)), (255, 255, 255));
    }
}
