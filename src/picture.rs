//! Pictures of a hold'em range: the 13 × 13 grid as SVG, and a self-contained HTML page.
//!
//! The SVG is written here directly rather than with a crate: it is a few dozen rectangles and
//! labels, fixed in layout, and writing it by hand keeps the output byte-for-byte stable (the
//! example pictures in docs/ are checked against it) and adds no dependency.
//!
//! Each cell is filled from the bottom in proportion to the share of the class the range holds
//! (its combos' weights over the combos the cards left possible), the rest in the empty colour,
//! so `KQs:0.5` fills half a cell, as range charts do. Without a board the filled part is one
//! colour; with a board it is split left to right by what the class's combos make ([`Group`]).
//!
//! ```
//! use feltkit::card::CardSet;
//! use feltkit::picture::svg;
//! use feltkit::range::{grid::summarize, Range};
//! let s = summarize(&Range::parse("QQ+,AKs").unwrap(), CardSet::EMPTY);
//! let picture = svg(&s, None, "QQ+,AKs");
//! assert!(picture.starts_with("<svg") && picture.contains("data-class=\"AKs\""));
//! ```

pub mod chart;
pub mod equity;

use std::fmt::Write;

use crate::eval::Category;
use crate::range::grid::{position, Summary, SIZE};
use crate::range::hits::{Analysis, Draw, Hit, Made};

/// A colour as red, green, blue.
pub type Rgb = (u8, u8, u8);

/// The cell colour of a class held at `frequency` (0 to 1): grey when not held, then from pale
/// to dark green.
pub fn weight_colour(frequency: f64) -> Rgb {
    if frequency <= 0.0 {
        return EMPTY;
    }
    let f = frequency.min(1.0);
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (lo, hi) = ((200, 230, 201), (27, 94, 32));
    (mix(lo.0, hi.0), mix(lo.1, hi.1), mix(lo.2, hi.2))
}

/// Black or white, whichever reads better on `bg`.
pub fn text_colour(bg: Rgb) -> Rgb {
    let luma = 0.299 * f64::from(bg.0) + 0.587 * f64::from(bg.1) + 0.114 * f64::from(bg.2);
    if luma > 140.0 {
        (0, 0, 0)
    } else {
        (255, 255, 255)
    }
}

/// The colour of a class the range does not hold, and of the part of a cell it does not hold.
pub const EMPTY: Rgb = (230, 230, 230);

/// The colour of the part of a cell the range holds, in a picture without a board: dark enough
/// to stand apart from [`EMPTY`], light enough for black text.
pub const HELD: Rgb = (56, 142, 60);

/// The relative luminance of a colour (WCAG 2: 0 for black, 1 for white).
fn luminance(c: Rgb) -> f64 {
    let channel = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
}

/// The contrast ratio of two colours (WCAG 2): 1 for the same colour, 21 for black on white.
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Black or white, whichever has the higher contrast with `bg`: the text colour of the pictures.
pub fn ink(bg: Rgb) -> Rgb {
    let (black, white) = ((0, 0, 0), (255, 255, 255));
    if contrast(black, bg) >= contrast(white, bg) {
        black
    } else {
        white
    }
}

/// What a combo makes, coarsely, for the colours of a board picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Two pair or better that uses a hole card (not trips or two pair on the board).
    TwoPairPlus,
    /// One pair that uses a hole card (not a pair on the board only).
    Pair,
    /// Neither, with a flush draw, an open-ended draw or a gutshot.
    Draw,
    /// Anything else.
    Nothing,
}

impl Group {
    /// The four groups, strongest first.
    pub const ALL: [Group; 4] = [Group::TwoPairPlus, Group::Pair, Group::Draw, Group::Nothing];

    /// The group of a hit.
    pub fn of(hit: &Hit) -> Group {
        let board_only =
            matches!(hit.made, Made::BoardTrips | Made::BoardTwoPair | Made::BoardPair);
        if hit.category >= Category::TwoPair && !board_only {
            Group::TwoPairPlus
        } else if hit.category == Category::OnePair && !board_only {
            Group::Pair
        } else if [Draw::FlushDraw, Draw::OpenEnded, Draw::Gutshot]
            .iter()
            .any(|d| hit.draws.has(*d))
        {
            Group::Draw
        } else {
            Group::Nothing
        }
    }

    /// The group's name in the legend.
    pub const fn name(self) -> &'static str {
        match self {
            Group::TwoPairPlus => "two pair or better",
            Group::Pair => "one pair",
            Group::Draw => "draw (flush, open-ended, gutshot)",
            Group::Nothing => "nothing",
        }
    }

    /// The group's key in the SVG's data attributes.
    pub const fn key(self) -> &'static str {
        match self {
            Group::TwoPairPlus => "two_pair_plus",
            Group::Pair => "pair",
            Group::Draw => "draw",
            Group::Nothing => "nothing",
        }
    }

    /// The group's colour.
    pub const fn colour(self) -> Rgb {
        match self {
            Group::TwoPairPlus => (27, 94, 32),
            Group::Pair => (102, 187, 106),
            Group::Draw => (255, 179, 0),
            Group::Nothing => (84, 110, 122),
        }
    }
}

/// Per grid cell (row by row), the weight in thousandths of each [`Group`].
pub fn group_weights(analysis: &Analysis) -> Vec<[u64; 4]> {
    let mut cells = vec![[0u64; 4]; SIZE * SIZE];
    for ch in &analysis.combos {
        let (row, col) = position(ch.combo.class());
        cells[row * SIZE + col][Group::of(&ch.hit) as usize] += u64::from(ch.weight);
    }
    cells
}

fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// Text escaped for XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Weighted combos (thousandths) as text: `6`, `1.5`, `0.25`.
pub fn combos_text(thousandths: u64) -> String {
    if thousandths.is_multiple_of(1000) {
        (thousandths / 1000).to_string()
    } else {
        let s = format!("{}.{:03}", thousandths / 1000, thousandths % 1000);
        s.trim_end_matches('0').to_string()
    }
}

/// Opens an SVG picture of `width` by `height` pixels: the root element, the title (for
/// screen readers and the browser tab), a white background and the title drawn at the top left
/// (`x` from the left, baseline `y`, `size` pixels, bold).
pub(crate) fn open_svg(
    s: &mut String,
    (width, height): (usize, usize),
    title: &str,
    x: usize,
    (y, size): (usize, usize),
) {
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Arial, sans-serif\">"
    );
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(s, "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>");
    let _ = writeln!(
        s,
        "<text x=\"{x}\" y=\"{y}\" font-size=\"{size}\" font-weight=\"bold\">{}</text>",
        escape(title)
    );
}

/// The side of a grid cell, in pixels.
pub(crate) const CELL: usize = 44;
const MARGIN: usize = 16;
const TOP: usize = 48;
const LEGEND_W: usize = 300;
/// Where a cell's class name and its number sit: baselines and vertical middles, in pixels
/// below the cell's top.
const LABEL_BASE: usize = 19;
const LABEL_MIDDLE: u64 = 14;
const NUMBER_BASE: usize = 34;
const NUMBER_MIDDLE: u64 = 30;
/// The text colour of a class the range does not hold.
pub(crate) const MUTED: Rgb = (150, 150, 150);

/// One cell of a grid picture, drawn as the range charts draw it: the empty colour over the
/// whole cell, and from the bottom a filled part whose height is the share of the class held,
/// split left to right into parts.
pub(crate) struct Cell<'a> {
    /// The cell's top left corner, in pixels.
    pub x: usize,
    /// See `x`.
    pub y: usize,
    /// The filled part's height in thousandths of a pixel (0 to `CELL * 1000`).
    pub filled: u64,
    /// The parts of the filled width: weights (any unit) and colours, left to right.
    pub parts: &'a [(u64, Rgb)],
}

impl Cell<'_> {
    /// The filled height, in thousandths of a pixel, of a class whose combos weigh `weight`
    /// thousandths out of `possible` whole combos: `CELL * weight / (1000 * possible)`.
    pub fn height(weight: u64, possible: u64) -> u64 {
        if possible == 0 {
            0
        } else {
            weight
                .saturating_mul(CELL as u64)
                .checked_div(possible)
                .unwrap_or(0)
                .min(CELL as u64 * 1000)
        }
    }

    /// Writes the cell's rectangles: the empty colour, the filled parts, the white outline.
    pub fn draw(&self, s: &mut String) {
        let (x, y) = (self.x, self.y);
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\"/>",
            hex(EMPTY)
        );
        let total: u64 = self.parts.iter().map(|p| p.0).sum();
        if self.filled > 0 && total > 0 {
            let top = (y + CELL) as u64 * 1000 - self.filled;
            let mut left = 0u64;
            for &(part, colour) in self.parts {
                if part == 0 {
                    continue;
                }
                let x0 = x as u64 * 1000 + left * CELL as u64 * 1000 / total;
                left += part;
                let x1 = x as u64 * 1000 + left * CELL as u64 * 1000 / total;
                let _ = writeln!(
                    s,
                    "<rect class=\"fill\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
                    combos_text(x0),
                    combos_text(top),
                    combos_text(x1 - x0),
                    combos_text(self.filled),
                    hex(colour)
                );
            }
        }
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"none\" \
             stroke=\"#ffffff\"/>"
        );
    }

    /// The colour behind the middle of the cell, `dy` pixels below its top.
    pub fn behind(&self, dy: u64) -> Rgb {
        let total: u64 = self.parts.iter().map(|p| p.0).sum();
        if total == 0 || dy * 1000 < CELL as u64 * 1000 - self.filled {
            return EMPTY;
        }
        // The middle, as a share of the width: the part whose span holds half the total.
        let mut left = 0u64;
        for &(part, colour) in self.parts {
            left += part;
            if part > 0 && 2 * left > total {
                return colour;
            }
        }
        EMPTY
    }

    /// Writes the class name (and the number under it, if any) in the colours that read best
    /// on what is behind them, or muted for a class not held.
    pub fn text(&self, s: &mut String, label: &str, number: Option<&str>, held: bool) {
        let cx = self.x + CELL / 2;
        let colour = |dy| if held { ink(self.behind(dy)) } else { MUTED };
        let _ = writeln!(
            s,
            "<text x=\"{cx}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"{}\">{label}</text>",
            self.y + LABEL_BASE,
            hex(colour(LABEL_MIDDLE))
        );
        if let Some(n) = number {
            let _ = writeln!(
                s,
                "<text x=\"{cx}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                self.y + NUMBER_BASE,
                hex(colour(NUMBER_MIDDLE)),
                escape(n)
            );
        }
    }
}

/// What the number in each cell of a range grid says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellNumber {
    /// The combos held, weighted (`6`, `1.5`), in every cell held.
    Combos,
    /// The percentage of the class held (`45%`), in the cells held in part only.
    Percent,
}

impl CellNumber {
    /// The legend's line saying what the numbers are.
    pub const fn legend(self) -> &'static str {
        match self {
            CellNumber::Combos => "numbers: combos held (weighted)",
            CellNumber::Percent => "numbers: % of the class held, where not all",
        }
    }
}

/// The grid as an SVG picture titled `title`, each cell filled from the bottom by the share of
/// the class held and numbered with the weighted combos held: see [`svg_numbered`].
pub fn svg(summary: &Summary, hits: Option<&Analysis>, title: &str) -> String {
    svg_numbered(summary, hits, title, CellNumber::Combos)
}

/// The grid as an SVG picture titled `title`, each cell's number saying what `numbers` says:
/// each cell filled from the bottom by the share of the class held, in one colour, or with
/// `hits` (the analysis of the same range on a board) split by what the combos make. Every cell
/// is a `<g class="cell">` with `data-class`, `data-combos` (weighted combos held),
/// `data-possible`, `data-frequency` (the share held, 0 to 1) and, with hits, one `data-*`
/// share per group; the filled parts are `<rect class="fill">`.
pub fn svg_numbered(
    summary: &Summary,
    hits: Option<&Analysis>,
    title: &str,
    numbers: CellNumber,
) -> String {
    let grid = SIZE * CELL;
    let width = 2 * MARGIN + grid + LEGEND_W;
    let height = TOP + grid + MARGIN;
    let groups = hits.map(group_weights);
    let mut s = String::new();
    open_svg(&mut s, (width, height), title, MARGIN, (30, 18));
    for (i, cell) in summary.classes.iter().enumerate() {
        let (row, col) = (i / SIZE, i % SIZE);
        let label = cell.class.to_string();
        let held = combos_text(cell.weight);
        let _ = write!(
            s,
            "<g class=\"cell\" data-class=\"{label}\" data-combos=\"{held}\" data-possible=\"{}\" \
             data-frequency=\"{:.4}\"",
            cell.possible,
            cell.frequency()
        );
        let parts: Vec<(u64, Rgb)> = match &groups {
            Some(g) if cell.weight > 0 => {
                let w = g[i];
                for group in Group::ALL {
                    let share = w[group as usize] as f64 / cell.weight as f64;
                    let _ = write!(s, " data-{}=\"{share:.3}\"", group.key().replace('_', "-"));
                }
                Group::ALL.iter().map(|g| (w[*g as usize], g.colour())).collect()
            }
            _ => vec![(cell.weight, HELD)],
        };
        let _ = writeln!(s, ">");
        let c = Cell {
            x: MARGIN + col * CELL,
            y: TOP + row * CELL,
            filled: Cell::height(cell.weight, u64::from(cell.possible)),
            parts: &parts,
        };
        c.draw(&mut s);
        let number = match numbers {
            CellNumber::Combos => (cell.weight > 0).then(|| held.clone()),
            CellNumber::Percent => (cell.weight > 0 && cell.frequency() < 1.0)
                .then(|| format!("{}%", ((cell.frequency() * 100.0).round() as u32).clamp(1, 99))),
        };
        c.text(&mut s, &label, number.as_deref(), cell.weight > 0);
        let _ = writeln!(s, "</g>");
    }
    legend(&mut s, summary, hits, numbers);
    s.push_str("</svg>\n");
    s
}

/// A legend line: a swatch (filled from the bottom by `filled` of 14 pixels, in `colour`) and
/// its text, or the text alone; the next line's baseline is 20 pixels lower.
pub(crate) fn legend_line(
    s: &mut String,
    (x, y): (usize, &mut usize),
    text: &str,
    swatch: Option<(Rgb, usize)>,
) {
    if let Some((colour, filled)) = swatch {
        let top = *y - 11;
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{top}\" width=\"14\" height=\"14\" fill=\"{}\" stroke=\"#999999\"/>",
            hex(EMPTY)
        );
        if filled > 0 {
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{}\" width=\"14\" height=\"{filled}\" fill=\"{}\" \
                 stroke=\"#999999\"/>",
                top + 14 - filled,
                hex(colour)
            );
        }
    }
    let tx = if swatch.is_some() { x + 20 } else { x };
    let _ = writeln!(s, "<text x=\"{tx}\" y=\"{}\" font-size=\"12\">{}</text>", *y, escape(text));
    *y += 20;
}

/// The legend's lines on how a cell's filled height reads.
pub(crate) fn fill_legend(s: &mut String, x: usize, y: &mut usize, colour: Rgb) {
    legend_line(s, (x, y), "filled from the bottom: the share of", None);
    *y -= 4;
    legend_line(s, (x, y), "the class held (weights, card removal)", None);
    legend_line(s, (x, y), "all of the class", Some((colour, 14)));
    legend_line(s, (x, y), "half (weight 0.5, or half its combos)", Some((colour, 7)));
    legend_line(s, (x, y), "not in the range", Some((colour, 0)));
}

fn legend(s: &mut String, summary: &Summary, hits: Option<&Analysis>, numbers: CellNumber) {
    let x = 2 * MARGIN + SIZE * CELL;
    let mut y = TOP + 12;
    let _ = writeln!(s, "<g class=\"legend\">");
    let total = match numbers {
        CellNumber::Combos => format!(
            "{} of {} combos ({:.2}%)",
            combos_text(summary.weight),
            summary.possible,
            summary.percent()
        ),
        CellNumber::Percent => format!("{:.1}% of hands", summary.percent()),
    };
    legend_line(s, (x, &mut y), &total, None);
    legend_line(s, (x, &mut y), numbers.legend(), None);
    y += 6;
    match hits {
        None => fill_legend(s, x, &mut y, HELD),
        Some(a) => {
            let mut totals = [0u64; 4];
            for ch in &a.combos {
                totals[Group::of(&ch.hit) as usize] += u64::from(ch.weight);
            }
            for g in Group::ALL {
                let text = format!("{} {:.1}%", g.name(), a.percent(totals[g as usize]));
                legend_line(s, (x, &mut y), &text, Some((g.colour(), 14)));
            }
            y += 6;
            fill_legend(s, x, &mut y, Group::Pair.colour());
        }
    }
    let _ = writeln!(s, "</g>");
}

/// A self-contained HTML page: the title in the browser's tab, the SVG inline (it draws the
/// title itself, so the page does not repeat it as a heading), then `tables` (already HTML).
pub fn html(svg: &str, title: &str, tables: &str) -> String {
    let t = escape(title);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{t}</title>\n\
         <style>\nbody {{ font-family: DejaVu Sans, Arial, sans-serif; font-size: 14px; \
         margin: 1em 1.5em; color: #222222; }}\n\
         svg {{ display: block; max-width: 100%; height: auto; margin: 0 0 1.5em; }}\n\
         table {{ border-collapse: collapse; margin: 0 0 1.5em; }}\n\
         caption {{ text-align: left; font-weight: bold; padding: 0 0 4px; }}\n\
         th, td {{ border: 1px solid #cccccc; padding: 2px 8px; text-align: left; }}\n\
         th {{ background: #f2f2f2; }}\n\
         td.n {{ text-align: right; font-variant-numeric: tabular-nums; }}\n</style>\n</head>\n\
         <body>\n{svg}{tables}</body>\n</html>\n"
    )
}

/// Whether a table cell holds a number (`12`, `0.5`, `45.00%`, `1,326`): such cells are
/// aligned right.
fn numeric(cell: &str) -> bool {
    let t = cell.trim().trim_end_matches('%').replace(',', "");
    !t.is_empty() && t.parse::<f64>().is_ok_and(f64::is_finite)
}

/// An HTML table with a header row (left out when every heading is empty); cells are escaped,
/// and cells holding numbers are aligned right.
pub fn html_table(caption: &str, header: &[&str], rows: &[Vec<String>]) -> String {
    let mut s = format!("<table>\n<caption>{}</caption>\n", escape(caption));
    if header.iter().any(|h| !h.is_empty()) {
        s.push_str("<tr>");
        for h in header {
            let _ = write!(s, "<th>{}</th>", escape(h));
        }
        s.push_str("</tr>\n");
    }
    for row in rows {
        s.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let class = if i > 0 && numeric(cell) { " class=\"n\"" } else { "" };
            let _ = write!(s, "<td{class}>{}</td>", escape(cell));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weighted_combos_print_without_trailing_zeros() {
        assert_eq!(combos_text(6000), "6");
        assert_eq!(combos_text(1500), "1.5");
        assert_eq!(combos_text(250), "0.25");
        assert_eq!(combos_text(1), "0.001");
    }

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(
            escape("QQ+,AKs <&> \"x\" 'y'"),
            "QQ+,AKs &lt;&amp;&gt; &quot;x&quot; &apos;y&apos;"
        );
    }

    #[test]
    fn contrast_follows_wcag_and_text_takes_the_better_ink() {
        assert!((contrast((0, 0, 0), (255, 255, 255)) - 21.0).abs() < 1e-9);
        assert!((contrast(HELD, HELD) - 1.0).abs() < 1e-9);
        assert_eq!(ink(HELD), (0, 0, 0));
        assert_eq!(ink(Group::TwoPairPlus.colour()), (255, 255, 255));
        assert_eq!(ink(EMPTY), (0, 0, 0));
    }

    #[test]
    fn the_filled_height_is_the_share_of_the_class_held() {
        // Two of AKs's four combos, or all four at weight 0.5: half of 44 pixels.
        assert_eq!(Cell::height(2000, 4), 22_000);
        assert_eq!(Cell::height(6000, 6), 44_000);
        assert_eq!(Cell::height(1, 12), 3);
        assert_eq!(Cell::height(0, 0), 0);
        assert_eq!(Cell::height(u64::MAX, 1), 44_000);
    }

    #[test]
    fn colours_run_from_pale_to_dark_with_readable_text() {
        assert_eq!(weight_colour(0.0), EMPTY);
        assert_eq!(weight_colour(1.0), (27, 94, 32));
        assert_eq!(text_colour(weight_colour(1.0)), (255, 255, 255));
        assert_eq!(text_colour(weight_colour(0.1)), (0, 0, 0));
    }
}
