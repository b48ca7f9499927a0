//! A player's graph, as trackers draw it: cumulative won and cumulative all-in adjusted won
//! against hands played (`felt luck --svg`).
//!
//! However many hands there are, each line keeps at most four points in each of at most
//! [`BUCKETS`] runs of hands: the run's first and last point, its lowest and its highest. The
//! runs are one hand long until there are more hands than runs; then each pair of runs becomes
//! one run twice as long, so the points stay few while every peak and every trough is still
//! drawn where it was: the picture is the one every point would draw.
//!
//! ```
//! use feltkit::luck::graph::Graph;
//! let mut g = Graph::default();
//! g.add(-1.0, -1.0);
//! g.add(10.0, 4.0);
//! let [won, expected] = g.lines();
//! assert_eq!(won, [(0.0, 0.0), (1.0, -1.0), (2.0, 9.0)]);
//! assert_eq!(expected, [(0.0, 0.0), (1.0, -1.0), (2.0, 3.0)]);
//! ```

use crate::picture::chart::{line_chart, Chart, Line};
use crate::picture::Rgb;

/// The most runs of hands a line is cut into: each keeps at most four points.
pub const BUCKETS: usize = 1000;

/// The colour of the won line.
pub const WON: Rgb = (56, 142, 60);
/// The colour of the all-in adjusted line.
pub const EXPECTED: Rgb = (230, 100, 0);

/// A point: hands played, and the total then.
type Point = (u64, f64);

/// One line's points in a run of hands that are kept.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Span {
    first: Point,
    last: Point,
    low: Point,
    high: Point,
}

impl Span {
    fn new(p: Point) -> Span {
        Span { first: p, last: p, low: p, high: p }
    }

    fn add(&mut self, p: Point) {
        self.last = p;
        if p.1 < self.low.1 {
            self.low = p;
        }
        if p.1 > self.high.1 {
            self.high = p;
        }
    }

    /// The run of `self` then `next`.
    fn join(self, next: Span) -> Span {
        Span {
            first: self.first,
            last: next.last,
            low: if next.low.1 < self.low.1 { next.low } else { self.low },
            high: if next.high.1 > self.high.1 { next.high } else { self.high },
        }
    }

    /// The points kept, in order of hands, each once.
    fn points(&self, out: &mut Vec<(f64, f64)>) {
        let mut kept = [self.first, self.low, self.high, self.last];
        kept.sort_by_key(|p| p.0);
        let mut previous = None;
        for p in kept {
            if previous != Some(p.0) {
                out.push((p.0 as f64, p.1));
                previous = Some(p.0);
            }
        }
    }
}

/// One player's two lines, hand by hand, thinned as they grow (see the [module](self) docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    /// Hands per run.
    per: u64,
    /// Each run's points: won, then all-in adjusted.
    runs: Vec<[Span; 2]>,
    hands: u64,
    won: f64,
    expected: f64,
}

impl Default for Graph {
    fn default() -> Graph {
        Graph { per: 1, runs: Vec::new(), hands: 0, won: 0.0, expected: 0.0 }
    }
}

impl Graph {
    /// Adds the player's next hand: what they won and their all-in adjusted result.
    pub fn add(&mut self, won: f64, expected: f64) {
        self.hands += 1;
        self.won += won;
        self.expected += expected;
        let points = [(self.hands, self.won), (self.hands, self.expected)];
        let run = (self.hands - 1) / self.per;
        let open = run < self.runs.len() as u64;
        if let Some(last) = self.runs.last_mut().filter(|_| open) {
            last[0].add(points[0]);
            last[1].add(points[1]);
            return;
        }
        if self.runs.len() == BUCKETS {
            self.runs = self
                .runs
                .chunks(2)
                .map(|p| [p[0][0].join(p[1][0]), p[0][1].join(p[1][1])])
                .collect();
            self.per = self.per.saturating_mul(2);
        }
        self.runs.push([Span::new(points[0]), Span::new(points[1])]);
    }

    /// Hands added.
    pub fn hands(&self) -> u64 {
        self.hands
    }

    /// The totals: won, and all-in adjusted.
    pub fn totals(&self) -> (f64, f64) {
        (self.won, self.expected)
    }

    /// The two lines' points `(hands, total)`, won then all-in adjusted, each from `(0, 0)`:
    /// every point when there are no more hands than [`BUCKETS`], else each run's first, last,
    /// lowest and highest.
    pub fn lines(&self) -> [Vec<(f64, f64)>; 2] {
        let mut lines = [vec![(0.0, 0.0)], vec![(0.0, 0.0)]];
        for run in &self.runs {
            run[0].points(&mut lines[0]);
            run[1].points(&mut lines[1]);
        }
        lines
    }
}

/// What the y axis of a graph counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// The hands' own units (chips, dollars).
    Chips,
    /// Big blinds of each hand.
    BigBlinds,
}

/// The graph of `player` as SVG ([`line_chart`]): the won line (`data-line="won"`) and the
/// all-in adjusted line (`data-line="all_in_ev"`), a zero line, and a legend with the totals
/// and the luck.
pub fn svg(graph: &Graph, player: &str, unit: Unit) -> String {
    let [won, expected] = graph.lines();
    let (total, ev) = graph.totals();
    let hands = crate::text::count(graph.hands(), "hand", "hands");
    let (subtitle, y_label, suffix) = match unit {
        Unit::Chips => (format!("{hands}, in the hands' units"), "won (hands' units)", ""),
        Unit::BigBlinds => {
            (format!("{hands} with a big blind, in big blinds"), "won (big blinds)", " bb")
        }
    };
    let title = format!("felt luck: {player}");
    let chart = Chart {
        title: &title,
        subtitle: &subtitle,
        x_label: "hands played",
        y_label,
        lines: vec![
            Line {
                key: "won",
                name: format!("won {total:+.2}{suffix}"),
                colour: WON,
                points: &won,
            },
            Line {
                key: "all_in_ev",
                name: format!("all-in EV {ev:+.2}{suffix}"),
                colour: EXPECTED,
                points: &expected,
            },
        ],
        notes: vec![format!("luck {:+.2}{suffix}", total - ev), "dashed: zero".to_string()],
    };
    line_chart(&chart)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk with a peak and a trough in every run, whatever the runs' length.
    fn walk(n: u64) -> Vec<f64> {
        (1..=n)
            .map(|i| {
                if i % 97 == 0 {
                    50.0
                } else if i % 89 == 0 {
                    -60.0
                } else {
                    0.5
                }
            })
            .collect()
    }

    #[test]
    fn few_hands_keep_every_point() {
        let mut g = Graph::default();
        let steps = walk(BUCKETS as u64);
        let mut total = 0.0;
        let mut want = vec![(0.0, 0.0)];
        for (i, &s) in steps.iter().enumerate() {
            g.add(s, 0.0);
            total += s;
            want.push(((i + 1) as f64, total));
        }
        assert_eq!(g.lines()[0], want);
    }

    #[test]
    fn many_hands_keep_each_runs_extremes_and_few_points() {
        let n = 250_000u64;
        let mut g = Graph::default();
        let mut totals = vec![0.0];
        for s in walk(n) {
            g.add(s, -s);
            totals.push(totals[totals.len() - 1] + s);
        }
        let [won, expected] = g.lines();
        assert!(won.len() <= 4 * BUCKETS + 1, "{}", won.len());
        // Every point is on the line, and the last is the total.
        for &(x, y) in &won {
            assert_eq!(totals[x as usize], y);
        }
        assert_eq!(won.last(), Some(&(n as f64, totals[n as usize])));
        assert_eq!(expected.last().map(|p| p.1), Some(-totals[n as usize]));
        // Each run's lowest and highest total are drawn.
        let per = g.per as usize;
        for start in (1..=n as usize).step_by(per) {
            let run = &totals[start..(start + per).min(n as usize + 1)];
            let (lo, hi) = run.iter().fold((f64::MAX, f64::MIN), |(a, b), &y| (a.min(y), b.max(y)));
            let drawn: Vec<f64> = won
                .iter()
                .filter(|p| (start..start + per).contains(&(p.0 as usize)))
                .map(|p| p.1)
                .collect();
            assert!(drawn.contains(&lo) && drawn.contains(&hi), "run from {start}");
        }
    }
}
