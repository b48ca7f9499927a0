//! Pictures of a hold'em range: the 13 × 13 grid as SVG, and a self-contained HTML page.
//!
//! The SVG is written here directly rather than with a crate: it is a few dozen rectangles and
//! labels, fixed in layout, and writing it by hand keeps the output byte-for-byte stable (the
//! example pictures in docs/ are checked against it) and adds no dependency.
//!
//! Without a board each cell's colour is the share of the class the range holds (weighted);
//! with a board each cell is a bar split by what the class's combos make ([`Group`]).
//!
//! ```
//! use feltkit::card::CardSet;
//! use feltkit::picture::svg;
//! use feltkit::range::{grid::summarize, Range};
//! let s = summarize(&Range::parse("QQ+,AKs").unwrap(), CardSet::EMPTY);
//! let picture = svg(&s, None, "QQ+,AKs");
//! assert!(picture.starts_with("<svg") && picture.contains("data-class=\"AKs\""));
//! ```

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

/// The colour of a class the range does not hold.
pub const EMPTY: Rgb = (230, 230, 230);

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
            Group::Nothing => (144, 164, 174),
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

const CELL: usize = 44;
const MARGIN: usize = 16;
const TOP: usize = 48;
const LEGEND_W: usize = 300;

/// The grid as an SVG picture titled `title`: cell colours by weight, or with `hits` (the
/// analysis of the same range on a board) by what the combos make. Every cell is a
/// `<g class="cell">` with `data-class`, `data-combos` (weighted combos held), `data-possible`
/// and, with hits, one `data-*` share per group.
pub fn svg(summary: &Summary, hits: Option<&Analysis>, title: &str) -> String {
    let grid = SIZE * CELL;
    let width = 2 * MARGIN + grid + LEGEND_W;
    let height = TOP + grid + MARGIN;
    let groups = hits.map(group_weights);
    let mut s = String::new();
    open_svg(&mut s, (width, height), title, MARGIN, (30, 18));
    for (i, cell) in summary.classes.iter().enumerate() {
        let (row, col) = (i / SIZE, i % SIZE);
        let (x, y) = (MARGIN + col * CELL, TOP + row * CELL);
        let label = cell.class.to_string();
        let held = combos_text(cell.weight);
        let _ = write!(
            s,
            "<g class=\"cell\" data-class=\"{label}\" data-combos=\"{held}\" data-possible=\"{}\"",
            cell.possible
        );
        let bg = match &groups {
            Some(g) if cell.weight > 0 => {
                let w = g[i];
                for group in Group::ALL {
                    let share = w[group as usize] as f64 / cell.weight as f64;
                    let _ = write!(s, " data-{}=\"{share:.3}\"", group.key().replace('_', "-"));
                }
                let _ = writeln!(s, ">");
                let mut left = 0u64;
                for group in Group::ALL {
                    let part = w[group as usize];
                    if part == 0 {
                        continue;
                    }
                    let x0 = x * 1000 + (left * CELL as u64 * 1000 / cell.weight) as usize;
                    left += part;
                    let x1 = x * 1000 + (left * CELL as u64 * 1000 / cell.weight) as usize;
                    let _ = writeln!(
                        s,
                        "<rect x=\"{}\" y=\"{y}\" width=\"{}\" height=\"{CELL}\" fill=\"{}\"/>",
                        milli(x0),
                        milli(x1 - x0),
                        hex(group.colour())
                    );
                }
                let _ = writeln!(
                    s,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"none\" \
                     stroke=\"#ffffff\"/>"
                );
                Group::ALL.into_iter().find(|g| w[*g as usize] > 0).map_or(EMPTY, Group::colour)
            }
            _ => {
                let _ = writeln!(s, ">");
                let bg = weight_colour(cell.frequency());
                let _ = writeln!(
                    s,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" \
                     stroke=\"#ffffff\"/>",
                    hex(bg)
                );
                bg
            }
        };
        let fg = if cell.weight == 0 { (150, 150, 150) } else { text_colour(bg) };
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"{}\">{label}</text>",
            x + CELL / 2,
            y + 19,
            hex(fg)
        );
        if cell.weight > 0 {
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{}\">{held}</text>",
                x + CELL / 2,
                y + 34,
                hex(fg)
            );
        }
        let _ = writeln!(s, "</g>");
    }
    legend(&mut s, summary, hits);
    s.push_str("</svg>\n");
    s
}

/// Thousandths of a pixel as a decimal: `12.5`.
fn milli(v: usize) -> String {
    combos_text(v as u64)
}

fn legend(s: &mut String, summary: &Summary, hits: Option<&Analysis>) {
    let x = 2 * MARGIN + SIZE * CELL;
    let mut y = TOP + 12;
    let line = |s: &mut String, y: &mut usize, text: &str, swatch: Option<Rgb>| {
        if let Some(c) = swatch {
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{}\"/>",
                *y - 11,
                hex(c)
            );
        }
        let tx = if swatch.is_some() { x + 20 } else { x };
        let _ = writeln!(s, "<text x=\"{tx}\" y=\"{y}\" font-size=\"12\">{}</text>", escape(text));
        *y += 20;
    };
    let _ = writeln!(s, "<g class=\"legend\">");
    line(
        s,
        &mut y,
        &format!(
            "{} of {} combos ({:.2}%)",
            combos_text(summary.weight),
            summary.possible,
            summary.percent()
        ),
        None,
    );
    line(s, &mut y, "numbers: weighted combos held", None);
    y += 6;
    match hits {
        None => {
            for (text, f) in
                [("not in the range", 0.0), ("25% of the class", 0.25), ("50%", 0.5), ("100%", 1.0)]
            {
                line(s, &mut y, text, Some(weight_colour(f)));
            }
        }
        Some(a) => {
            let mut totals = [0u64; 4];
            for ch in &a.combos {
                totals[Group::of(&ch.hit) as usize] += u64::from(ch.weight);
            }
            for g in Group::ALL {
                let text = format!("{} {:.1}%", g.name(), a.percent(totals[g as usize]));
                line(s, &mut y, &text, Some(g.colour()));
            }
            line(s, &mut y, "not in the range", Some(EMPTY));
        }
    }
    let _ = writeln!(s, "</g>");
}

/// A self-contained HTML page: the title, the SVG inline, then `tables` (already HTML).
pub fn html(svg: &str, title: &str, tables: &str) -> String {
    let t = escape(title);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{t}</title>\n\
         <style>\nbody {{ font-family: DejaVu Sans, Arial, sans-serif; margin: 2em; }}\n\
         table {{ border-collapse: collapse; margin: 1em 0; }}\n\
         th, td {{ border: 1px solid #ccc; padding: 2px 8px; text-align: left; }}\n\
         td.n {{ text-align: right; font-variant-numeric: tabular-nums; }}\n</style>\n</head>\n\
         <body>\n<h1>{t}</h1>\n{svg}{tables}</body>\n</html>\n"
    )
}

/// An HTML table with a header row; cells are escaped, and columns after the first are numbers.
pub fn html_table(caption: &str, header: &[&str], rows: &[Vec<String>]) -> String {
    let mut s = format!("<table>\n<caption>{}</caption>\n<tr>", escape(caption));
    for h in header {
        let _ = write!(s, "<th>{}</th>", escape(h));
    }
    s.push_str("</tr>\n");
    for row in rows {
        s.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let class = if i == 0 { "" } else { " class=\"n\"" };
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
    fn colours_run_from_pale_to_dark_with_readable_text() {
        assert_eq!(weight_colour(0.0), EMPTY);
        assert_eq!(weight_colour(1.0), (27, 94, 32));
        assert_eq!(text_colour(weight_colour(1.0)), (255, 255, 255));
        assert_eq!(text_colour(weight_colour(0.1)), (0, 0, 0));
    }
}
