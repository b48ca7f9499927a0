//! Pictures of equity: a range's 13 × 13 grid coloured by each class's equity (`felt equity
//! --by-hand`), and stacked bars of the players' equities street by street or card by card
//! (`felt equity --streets`).
//!
//! ```
//! use feltkit::picture::equity::{hands_svg, HandCell};
//! use feltkit::range::HandClass;
//! let aa = HandClass::all()[0];
//! let cells = [HandCell { class: aa, weight: 6000, possible: 6, equity: 0.85, share: 1.0 }];
//! let picture = hands_svg(&cells, "felt equity AA KK --by-hand", "player 1: AA, 85.00%");
//! assert!(picture.contains("data-class=\"AA\" data-equity=\"0.8500\""));
//! ```

use std::fmt::Write;

use super::{combos_text, escape, ink, Cell, Rgb, CELL};
use crate::card::CardSet;
use crate::equity::{ByHand, Equity, Game, Holding, NextCard, NextCards, Query, Street};
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
    /// Its combos that the known cards (board, dead cards, the other players' exact cards)
    /// leave possible: the cell is filled in proportion to `weight` over these.
    pub possible: u16,
    /// Its equity against the other players (0 to 1).
    pub equity: f64,
    /// Its share of the player's deals (0 to 1).
    pub share: f64,
}

const MARGIN: usize = 16;
const TOP: usize = 66;
const LEGEND_W: usize = 300;

/// The grid of one player's range as SVG: each class held filled from the bottom by the share
/// of the class held, coloured by its equity ([`equity_colour`]), with its equity in percent
/// under its name; classes not held grey. Every cell is a `<g class="cell">` with `data-class`,
/// and for classes held `data-equity`, `data-share` (4 decimals), `data-combos` (weighted
/// combos) and `data-frequency` (the share of the class held, 4 decimals).
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
            let label = class.to_string();
            let cell = cells.iter().find(|c| c.class == class && c.weight > 0);
            let _ = write!(s, "<g class=\"cell\" data-class=\"{label}\"");
            let parts = match cell {
                Some(c) => {
                    let frequency = if c.possible == 0 {
                        0.0
                    } else {
                        c.weight as f64 / (1000.0 * f64::from(c.possible))
                    };
                    let _ = write!(
                        s,
                        " data-equity=\"{:.4}\" data-share=\"{:.4}\" data-combos=\"{}\" \
                         data-frequency=\"{frequency:.4}\"",
                        c.equity,
                        c.share,
                        combos_text(c.weight)
                    );
                    vec![(c.weight, equity_colour(c.equity))]
                }
                None => Vec::new(),
            };
            let _ = writeln!(s, ">");
            let filled = cell.map_or(0, |c| Cell::height(c.weight, u64::from(c.possible)));
            let drawn = Cell { x: MARGIN + col * CELL, y: TOP + row * CELL, filled, parts: &parts };
            drawn.draw(&mut s);
            let number = cell.map(|c| format!("{:.1}", 100.0 * c.equity));
            drawn.text(&mut s, &label, number.as_deref(), cell.is_some());
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
    y += 6;
    super::fill_legend(&mut s, x, &mut y, equity_colour(0.75));
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
/// `<g class="column">` with `data-label`, `data-equity` (each player's, 4 decimals,
/// comma-separated), a `<title>` naming every player's equity (shown on hover), and each
/// player's equity written in its part of the bar where it fits (`<text class="value">`; the
/// largest part always fits).
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
    let legend_h = 20 * (players.len() + usize::from(now.is_some()) + 1) + 10;
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
        let tip: Vec<String> = (1..=col.equities.len())
            .zip(&col.equities)
            .map(|(p, e)| format!("player {p} {:.2}%", 100.0 * e))
            .collect();
        let _ = writeln!(s, "<title>{}: {}</title>", escape(&col.label), tip.join(", "));
        // Each player's part, from the bottom: its bottom edge and height in milli-pixels, so
        // the parts meet exactly.
        let mut parts = Vec::with_capacity(col.equities.len());
        let mut bottom = (top + BAR_H) * 1000;
        for e in &col.equities {
            let h = (e.clamp(0.0, 1.0) * (BAR_H * 1000) as f64).round() as usize;
            let h = h.min(bottom - top * 1000);
            bottom -= h;
            parts.push((bottom, h));
        }
        for (p, &(bottom, h)) in parts.iter().enumerate() {
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
        // Each player's equity inside its part of the bar, where it fits: across a wide bar,
        // along a narrow one. The largest part always has room.
        for (p, (&(bottom, h), e)) in parts.iter().zip(&col.equities).enumerate() {
            let room = if bar_w >= 40 { 16_000 } else { 40_000 };
            if h < room {
                continue;
            }
            let (cx, cy) = (x * 1000 + bar_w * 500, bottom + h / 2);
            let (cx, cy) = (combos_text(cx as u64), combos_text(cy as u64));
            let turn = if bar_w >= 40 {
                String::new()
            } else {
                format!(" transform=\"rotate(-90 {cx} {cy})\"")
            };
            let _ = writeln!(
                s,
                "<text class=\"value\" x=\"{cx}\" y=\"{cy}\" dy=\"0.35em\" font-size=\"{}\" \
                 text-anchor=\"middle\" fill=\"{}\"{turn}>{:.1}%</text>",
                if bar_w >= 40 { 11 } else { 10 },
                hex(ink(PLAYER_COLOURS[p % PLAYER_COLOURS.len()])),
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
    let _ = writeln!(
        s,
        "<text x=\"{left}\" y=\"{y}\" font-size=\"12\">numbers: each player's equity, where it \
         fits</text>"
    );
    if now.is_some() {
        y += 20;
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

/// The title `felt equity` gives its pictures: the command line that asks for them
/// (`felt equity AhKh "QQ+,AKs" --board Js7c2d --by-hand`), `flag` last.
pub fn command_line(q: &Query, flag: &str) -> String {
    let mut t = String::from("felt equity");
    if q.game != Game::Holdem {
        t += &format!(" --game {}", q.game.name());
    }
    for p in &q.players {
        if p.is_empty() || p.contains(' ') {
            t += &format!(" \"{p}\"");
        } else {
            t += &format!(" {p}");
        }
    }
    for (name, cards) in [("--board", &q.board), ("--dead", &q.dead)] {
        if !cards.is_empty() {
            t += &format!(" {name} {}", cards.replace(' ', ""));
        }
    }
    t + " " + flag
}

fn pct(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

/// The cards player `p` cannot hold: the board, the dead cards and the other players' exact
/// cards.
fn blocked(q: &Query, p: usize) -> CardSet {
    let Ok(parsed) = q.parse() else { return CardSet::EMPTY };
    let mut out = parsed.dead;
    for c in &parsed.board {
        out.insert(*c);
    }
    for (i, h) in parsed.players.iter().enumerate() {
        if let (true, Holding::Cards(cards)) = (i != p, h) {
            for c in cards {
                out.insert(*c);
            }
        }
    }
    out
}

/// The cells of player `p`'s by-hand grid: each class dealt, with the combos the known cards
/// leave it.
pub fn by_hand_cells(q: &Query, b: &ByHand, p: usize) -> Vec<HandCell> {
    let blocked = blocked(q, p);
    b.classes(p)
        .into_iter()
        .filter(|c| c.counts.total > 0)
        .map(|c| HandCell {
            class: c.class,
            weight: c.weight,
            possible: c
                .class
                .combos()
                .iter()
                .filter(|combo| combo.set().is_disjoint(blocked))
                .count()
                .try_into()
                .unwrap_or(u16::MAX),
            equity: c.counts.equity(),
            share: b.share(&c.counts),
        })
        .collect()
}

/// Player `p`'s by-hand grid as SVG, as `felt equity --by-hand --svg` draws it (`title` is
/// [`command_line`] with `--by-hand`). `p` must be one of the query's players.
pub fn by_hand_svg(q: &Query, b: &ByHand, p: usize, title: &str) -> String {
    let Some(e) = b.equity.players.get(p) else { return String::new() };
    let subtitle = format!("player {}: {}, equity {}", p + 1, e.spec, pct(e.equity));
    hands_svg(&by_hand_cells(q, b, p), title, &subtitle)
}

/// A chart bar labelled `label` with each player's equity.
fn column(label: String, equity: &Equity) -> Column {
    Column { label, equities: equity.players.iter().map(|p| p.equity).collect() }
}

/// The next cards in the chart's order: by player 1's equity from the highest, ties from the
/// highest card.
pub fn chart_order(next: &NextCards) -> Vec<&NextCard> {
    let mut cards: Vec<&NextCard> = next.cards.iter().collect();
    cards.sort_by(|a, b| {
        let (x, y) = (a.equity.players[0].equity, b.equity.players[0].equity);
        y.total_cmp(&x).then(b.card.index().cmp(&a.card.index()))
    });
    cards
}

/// The chart of `felt equity --streets --svg` along a 5-card runout: one bar per street.
pub fn runout_svg(specs: &[String], streets: &[Street], title: &str) -> String {
    let columns: Vec<Column> =
        streets.iter().map(|s| column(s.name.to_string(), &s.equity)).collect();
    streets_svg(specs, &columns, title, None)
}

/// The chart of `felt equity --streets --svg` from a flop or turn: one bar per card that can
/// come ([`chart_order`]), with player 1's equity now.
pub fn next_cards_svg(specs: &[String], next: &NextCards, title: &str) -> String {
    let columns: Vec<Column> =
        chart_order(next).iter().map(|c| column(c.card.to_string(), &c.equity)).collect();
    let now = next.now.players.first().map(|p| p.equity);
    streets_svg(specs, &columns, title, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::text_colour;

    #[test]
    fn equity_colours_run_from_red_through_yellow_to_green() {
        assert_eq!(equity_colour(0.0), (198, 40, 40));
        assert_eq!(equity_colour(0.5), (255, 238, 160));
        assert_eq!(equity_colour(1.0), (27, 120, 45));
        assert_eq!(text_colour(equity_colour(0.5)), (0, 0, 0));
        assert_eq!(text_colour(equity_colour(1.0)), (255, 255, 255));
    }
}
