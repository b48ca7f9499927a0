//! A line chart: lines of points against two axes with round tick values, a zero line, and a
//! legend (`felt luck --svg`).
//!
//! The points are written in their own units (hands, chips) inside a group whose transform
//! maps them onto the plot, so a reader of the SVG finds the values themselves in each
//! `<polyline class="line">`: its `data-line` names the line, its `points` are `x,y` pairs of
//! data. The strokes keep their width whatever the scale (`vector-effect`).
//!
//! ```
//! use feltkit::picture::chart::{line_chart, Chart, Line};
//! let won = [(0.0, 0.0), (1.0, -1.0), (2.0, 3.5)];
//! let chart = Chart {
//!     title: "felt luck: Hero",
//!     subtitle: "2 hands",
//!     x_label: "hands",
//!     y_label: "won",
//!     lines: vec![Line { key: "won", name: "won +3.50".into(), colour: (56, 142, 60), points: &won }],
//!     notes: vec![],
//! };
//! let svg = line_chart(&chart);
//! assert!(svg.contains("data-line=\"won\"") && svg.contains("points=\"0,0 1,-1 2,3.5\""));
//! ```

use std::fmt::Write;

use super::{escape, hex, open_svg, Rgb};

/// One line of a chart.
#[derive(Clone, Debug)]
pub struct Line<'a> {
    /// Its key in the SVG (`data-line`).
    pub key: &'a str,
    /// Its text in the legend.
    pub name: String,
    /// Its colour.
    pub colour: Rgb,
    /// Its points, `(x, y)` in the chart's units, in order of `x`.
    pub points: &'a [(f64, f64)],
}

/// A line chart to draw.
#[derive(Clone, Debug)]
pub struct Chart<'a> {
    /// The title, drawn at the top and named for screen readers.
    pub title: &'a str,
    /// A line of text under the title.
    pub subtitle: &'a str,
    /// What the x axis counts.
    pub x_label: &'a str,
    /// What the y axis counts.
    pub y_label: &'a str,
    /// The lines, drawn in order (the last on top).
    pub lines: Vec<Line<'a>>,
    /// The legend's lines of text after the lines' own.
    pub notes: Vec<String>,
}

const MARGIN: usize = 16;
const TOP: usize = 70;
const AXIS_W: usize = 96;
const PLOT_W: usize = 620;
const PLOT_H: usize = 340;
const BELOW: usize = 56;
const LEGEND_W: usize = 240;
/// The colour of the grid lines at the ticks.
const GRID: Rgb = (230, 230, 230);
/// The colour of the axes, the zero line and the tick labels.
const AXIS: Rgb = (120, 120, 120);

/// At most `most` round values (1, 2 or 5 times a power of ten apart) whose first is at or
/// below `lo` and last at or above `hi`; with `whole`, at least 1 apart. A range of zero width
/// is widened by one on each side first.
pub fn ticks(lo: f64, hi: f64, most: usize, whole: bool) -> Vec<f64> {
    let (lo, hi) =
        if lo.is_finite() && hi.is_finite() { (lo.min(hi), lo.max(hi)) } else { (0.0, 1.0) };
    let (lo, hi) = if hi - lo > 0.0 { (lo, hi) } else { (lo - 1.0, hi + 1.0) };
    let most = most.max(2);
    let raw = (hi - lo) / (most - 1) as f64;
    if !raw.is_finite() {
        return vec![lo, hi];
    }
    let mut power = 10f64.powf(raw.log10().floor());
    let step = 'search: loop {
        for m in [1.0, 2.0, 5.0] {
            let step = m * power;
            if whole && step < 1.0 {
                continue;
            }
            if (hi / step).ceil() - (lo / step).floor() < most as f64 {
                break 'search step;
            }
        }
        power *= 10.0;
    };
    let (first, last) = ((lo / step).floor() as i64, (hi / step).ceil() as i64);
    (first..=last).map(|k| k as f64 * step).collect()
}

/// The text of a tick value `step` apart from its neighbours: as many decimals as the step
/// needs, thousands grouped with commas (`-1,500`, `0.25`, `0`).
pub fn tick_text(value: f64, step: f64) -> String {
    let decimals = if step > 0.0 && step < 1.0 { (-step.log10().floor()) as usize } else { 0 };
    let text = format!("{:.*}", decimals, value);
    let text = if text.trim_start_matches('-').chars().all(|c| c == '0' || c == '.') {
        text.trim_start_matches('-').to_string()
    } else {
        text
    };
    let (sign, rest) = match text.strip_prefix('-') {
        Some(r) => ("-", r),
        None => ("", text.as_str()),
    };
    let (whole, fraction) = match rest.split_once('.') {
        Some((w, f)) => (w, format!(".{f}")),
        None => (rest, String::new()),
    };
    let mut grouped = String::new();
    for (i, ch) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    format!("{sign}{grouped}{fraction}")
}

/// A data value in a polyline's points: at most four decimals, no trailing zeros.
fn number(v: f64) -> String {
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// The chart as SVG: the title and subtitle, the plot with its grid, axes, tick labels and zero
/// line (`<line class="zero">`), each line a `<polyline class="line">` of data points (see the
/// [module](self) docs), and the legend (`<g class="legend">`).
pub fn line_chart(chart: &Chart<'_>) -> String {
    let all = || chart.lines.iter().flat_map(|l| l.points.iter());
    let (mut x_lo, mut x_hi, mut y_lo, mut y_hi) = (0f64, 0f64, 0f64, 0f64);
    for &(x, y) in all() {
        x_lo = x_lo.min(x);
        x_hi = x_hi.max(x);
        y_lo = y_lo.min(y);
        y_hi = y_hi.max(y);
    }
    let xs = ticks(x_lo, x_hi, 8, true);
    let ys = ticks(y_lo, y_hi, 8, false);
    let (x0, x1) = (xs[0], xs[xs.len() - 1]);
    let (y0, y1) = (ys[0], ys[ys.len() - 1]);
    let left = MARGIN + AXIS_W;
    let bottom = TOP + PLOT_H;
    let px = |x: f64| left as f64 + (x - x0) * PLOT_W as f64 / (x1 - x0);
    let py = |y: f64| bottom as f64 - (y - y0) * PLOT_H as f64 / (y1 - y0);
    let width = left + PLOT_W + 24 + LEGEND_W + MARGIN;
    let height = bottom + BELOW;
    let mut s = String::new();
    open_svg(&mut s, (width, height), chart.title, MARGIN, (30, 18));
    let _ = writeln!(
        s,
        "<text x=\"{MARGIN}\" y=\"52\" font-size=\"13\">{}</text>",
        escape(chart.subtitle)
    );
    let grid = hex(GRID);
    let axis = hex(AXIS);
    let _ = writeln!(s, "<g class=\"axes\" font-size=\"11\" fill=\"{axis}\">");
    let x_step = xs.get(1).map_or(1.0, |b| b - xs[0]);
    for &x in &xs {
        let p = px(x);
        let _ = writeln!(
            s,
            "<line x1=\"{p:.1}\" y1=\"{TOP}\" x2=\"{p:.1}\" y2=\"{bottom}\" stroke=\"{grid}\"/>"
        );
        let _ = writeln!(
            s,
            "<text x=\"{p:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            bottom + 16,
            tick_text(x, x_step)
        );
    }
    let y_step = ys.get(1).map_or(1.0, |b| b - ys[0]);
    for &y in &ys {
        let p = py(y);
        let _ = writeln!(
            s,
            "<line x1=\"{left}\" y1=\"{p:.1}\" x2=\"{}\" y2=\"{p:.1}\" stroke=\"{grid}\"/>",
            left + PLOT_W
        );
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left - 6,
            p + 4.0,
            tick_text(y, y_step)
        );
    }
    let _ = writeln!(
        s,
        "<polyline points=\"{left},{TOP} {left},{bottom} {},{bottom}\" fill=\"none\" \
         stroke=\"{axis}\"/>",
        left + PLOT_W
    );
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
        left + PLOT_W / 2,
        bottom + 38,
        escape(chart.x_label)
    );
    let (cx, cy) = (MARGIN + 8, TOP + PLOT_H / 2);
    let _ = writeln!(
        s,
        "<text x=\"{cx}\" y=\"{cy}\" font-size=\"12\" text-anchor=\"middle\" \
         transform=\"rotate(-90 {cx} {cy})\">{}</text>",
        escape(chart.y_label)
    );
    let _ = writeln!(s, "</g>");
    let z = py(0.0);
    let _ = writeln!(
        s,
        "<line class=\"zero\" x1=\"{left}\" y1=\"{z:.1}\" x2=\"{}\" y2=\"{z:.1}\" \
         stroke=\"{axis}\" stroke-dasharray=\"4 3\"/>",
        left + PLOT_W
    );
    // Data units onto the plot: x from x0, y upwards from y0.
    let sx = PLOT_W as f64 / (x1 - x0);
    let sy = PLOT_H as f64 / (y1 - y0);
    let _ = writeln!(
        s,
        "<g class=\"data\" transform=\"translate({left} {bottom}) scale({sx} {}) translate({} {})\">",
        -sy,
        -x0,
        -y0
    );
    for line in &chart.lines {
        let _ = write!(
            s,
            "<polyline class=\"line\" data-line=\"{}\" fill=\"none\" stroke=\"{}\" \
             stroke-width=\"1.6\" stroke-linejoin=\"round\" vector-effect=\"non-scaling-stroke\" \
             points=\"",
            escape(line.key),
            hex(line.colour)
        );
        for (i, &(x, y)) in line.points.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            let _ = write!(s, "{sep}{},{}", number(x), number(y));
        }
        let _ = writeln!(s, "\"/>");
    }
    let _ = writeln!(s, "</g>");
    legend(&mut s, chart, left + PLOT_W + 24);
    s.push_str("</svg>\n");
    s
}

/// The legend: a stroke of each line's colour beside its text, then the notes.
fn legend(s: &mut String, chart: &Chart<'_>, x: usize) {
    let mut y = TOP + 12;
    let _ = writeln!(s, "<g class=\"legend\">");
    for line in &chart.lines {
        let _ = writeln!(
            s,
            "<line x1=\"{x}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"3\"/>",
            y - 4,
            x + 18,
            y - 4,
            hex(line.colour)
        );
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{y}\" font-size=\"12\">{}</text>",
            x + 24,
            escape(&line.name)
        );
        y += 20;
    }
    for note in &chart.notes {
        let _ = writeln!(s, "<text x=\"{x}\" y=\"{y}\" font-size=\"12\">{}</text>", escape(note));
        y += 20;
    }
    let _ = writeln!(s, "</g>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        assert_eq!(ticks(0.0, 1000.0, 8, true), [0.0, 200.0, 400.0, 600.0, 800.0, 1000.0]);
        assert_eq!(ticks(-130.0, 45.0, 8, false), [-150.0, -100.0, -50.0, 0.0, 50.0]);
        assert_eq!(ticks(0.0, 3.0, 8, true), [0.0, 1.0, 2.0, 3.0]);
        assert_eq!(ticks(0.0, 0.3, 8, false).len(), 7);
        assert_eq!(ticks(0.0, 0.0, 8, false), [-1.0, -0.5, 0.0, 0.5, 1.0]);
        for (lo, hi) in [(-7.3, 1e7), (0.0, 123_456.0), (-0.001, 0.002), (5.0, 5.0)] {
            let t = ticks(lo, hi, 8, false);
            assert!(t.len() <= 8 && t[0] <= lo && t[t.len() - 1] >= hi, "{lo} {hi}: {t:?}");
        }
    }

    #[test]
    fn tick_text_groups_thousands_and_keeps_the_step_decimals() {
        assert_eq!(tick_text(-1500.0, 500.0), "-1,500");
        assert_eq!(tick_text(1_000_000.0, 200_000.0), "1,000,000");
        assert_eq!(tick_text(0.25, 0.05), "0.25");
        assert_eq!(tick_text(-0.0, 1.0), "0");
        assert_eq!(tick_text(-1e-17, 0.1), "0.0");
        assert_eq!(number(-0.00001), "0");
        assert_eq!(number(12.5), "12.5");
    }
}
