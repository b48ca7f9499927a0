//! The 13 × 13 grid of the 169 hand classes, what a range holds of each, and the range written
//! back in compact notation.
//!
//! Row and column 0 are the ace, 12 the deuce. Pairs lie on the diagonal, suited classes above
//! it (row = higher rank, column = lower rank) and offsuit classes below it (row = lower rank,
//! column = higher rank), as in every range chart.
//!
//! ```
//! use feltkit::card::CardSet;
//! use feltkit::range::grid::{class_at, compact, summarize};
//! use feltkit::range::Range;
//! assert_eq!(class_at(0, 1).unwrap().to_string(), "AKs");
//! assert_eq!(class_at(1, 0).unwrap().to_string(), "AKo");
//! let r = Range::parse("QQ+,AKs,A5s-A2s,KhQh:0.5").unwrap();
//! assert_eq!(compact(&r), "QQ+,AKs,A5s-A2s,KhQh:0.5");
//! let s = summarize(&r, CardSet::EMPTY);
//! assert_eq!((s.combos, s.possible), (18 + 4 + 16 + 1, 1326));
//! ```

use super::{Combo, HandClass, Range, WEIGHT_UNIT};
use crate::card::{CardSet, Rank};

/// Rows and columns of the grid.
pub const SIZE: usize = 13;

/// The rank of row or column `i` (0 = ace).
fn rank_of(i: usize) -> Option<Rank> {
    Rank::new(12u8.checked_sub(u8::try_from(i).ok()?)?)
}

/// The class in `row`, `col` (0 = ace): pairs on the diagonal, suited above, offsuit below.
pub fn class_at(row: usize, col: usize) -> Option<HandClass> {
    let (r, c) = (rank_of(row)?, rank_of(col)?);
    Some(if row <= col {
        HandClass { high: r, low: c, suited: row < col }
    } else {
        HandClass { high: c, low: r, suited: false }
    })
}

/// The row and column of a class.
pub fn position(class: HandClass) -> (usize, usize) {
    let hi = 12 - class.high.index() as usize;
    let lo = 12 - class.low.index() as usize;
    if class.suited || hi == lo {
        (hi, lo)
    } else {
        (lo, hi)
    }
}

/// What a range holds of one class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassSummary {
    /// The class.
    pub class: HandClass,
    /// Its combos that use no blocked card (6, 4 or 12 with nothing blocked).
    pub possible: u16,
    /// Of those, the combos in the range (weight above zero).
    pub combos: u16,
    /// Their total weight in thousandths.
    pub weight: u64,
}

impl ClassSummary {
    /// The share of the class's possible combos that the range holds, weighted: 0 to 1.
    pub fn frequency(&self) -> f64 {
        if self.possible == 0 {
            0.0
        } else {
            self.weight as f64 / (f64::from(self.possible) * f64::from(WEIGHT_UNIT))
        }
    }
}

/// A range summed up per class after card removal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The 169 classes in grid order: row by row from the ace, each row from the ace.
    pub classes: Vec<ClassSummary>,
    /// Combos in the range that use no blocked card.
    pub combos: usize,
    /// Their total weight in thousandths.
    pub weight: u64,
    /// Combos that use no blocked card at all (1,326 with nothing blocked).
    pub possible: usize,
}

impl Summary {
    /// The class summary at `row`, `col`.
    pub fn cell(&self, row: usize, col: usize) -> Option<&ClassSummary> {
        self.classes.get(row.checked_mul(SIZE)?.checked_add(col)?).filter(|_| col < SIZE)
    }

    /// The weighted combos as a percentage of the possible combos.
    pub fn percent(&self) -> f64 {
        if self.possible == 0 {
            0.0
        } else {
            self.weight as f64 / f64::from(WEIGHT_UNIT) * 100.0 / self.possible as f64
        }
    }
}

/// Sums `range` up per class, leaving out the combos that use a card of `blocked` (board and
/// dead cards).
pub fn summarize(range: &Range, blocked: CardSet) -> Summary {
    let mut classes = Vec::with_capacity(SIZE * SIZE);
    let (mut combos, mut weight, mut possible) = (0, 0, 0);
    for row in 0..SIZE {
        for col in 0..SIZE {
            let Some(class) = class_at(row, col) else { continue };
            let mut s = ClassSummary { class, possible: 0, combos: 0, weight: 0 };
            for c in class.combos().into_iter().filter(|c| c.set().is_disjoint(blocked)) {
                s.possible += 1;
                let w = range.weight(c);
                if w > 0 {
                    s.combos += 1;
                    s.weight += u64::from(w);
                }
            }
            combos += usize::from(s.combos);
            weight += s.weight;
            possible += usize::from(s.possible);
            classes.push(s);
        }
    }
    Summary { classes, combos, weight, possible }
}

/// A weight in thousandths as range text: `0.5`, `0.001`.
pub fn weight_text(thousandths: u16) -> String {
    format!("{}", f64::from(thousandths) / f64::from(WEIGHT_UNIT))
}

/// The range written back in compact notation: for each weight (full weight first, then from
/// the highest), runs of pairs (`QQ+`, `99-66`), suited and offsuit classes by high card
/// (`A2s+`, `A5s-A2s`, `KQo`), then the combos of classes only partly held (`AhKh`). Parsing
/// the text gives the same range back.
pub fn compact(range: &Range) -> String {
    // Per class: its single weight when every combo has it, else None (listed combo by combo).
    let mut whole: Vec<(HandClass, u16)> = Vec::new();
    let mut loose: Vec<(Combo, u16)> = Vec::new();
    for class in HandClass::all() {
        let combos = class.combos();
        let weights: Vec<u16> = combos.iter().map(|c| range.weight(*c)).collect();
        if weights.iter().all(|w| *w == weights[0]) {
            if weights[0] > 0 {
                whole.push((class, weights[0]));
            }
        } else {
            let mut held: Vec<(Combo, u16)> =
                combos.into_iter().zip(weights).filter(|(_, w)| *w > 0).collect();
            held.sort_by_key(|x| std::cmp::Reverse(x.0.cards()));
            loose.extend(held);
        }
    }
    let mut weights: Vec<u16> =
        whole.iter().map(|x| x.1).chain(loose.iter().map(|x| x.1)).collect();
    weights.sort_unstable_by(|a, b| b.cmp(a));
    weights.dedup();
    let mut tokens = Vec::new();
    for w in weights {
        let suffix = if w == WEIGHT_UNIT { String::new() } else { format!(":{}", weight_text(w)) };
        let at_w: Vec<HandClass> = whole.iter().filter(|x| x.1 == w).map(|x| x.0).collect();
        let mut group = pair_runs(&at_w);
        for suited in [true, false] {
            for high in (1..13u8).rev() {
                group.extend(side_runs(&at_w, high, suited));
            }
        }
        group.extend(loose.iter().filter(|x| x.1 == w).map(|x| x.0.to_string()));
        tokens.extend(group.into_iter().map(|t| t + &suffix));
    }
    tokens.join(",")
}

/// Maximal runs of consecutive ranks, highest first, as (top, bottom) rank indices.
fn runs(ranks: &[u8]) -> Vec<(u8, u8)> {
    let mut sorted = ranks.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let mut out: Vec<(u8, u8)> = Vec::new();
    for r in sorted {
        match out.last_mut() {
            Some(run) if run.1 == r + 1 => run.1 = r,
            _ => out.push((r, r)),
        }
    }
    out
}

fn rank_char(i: u8) -> char {
    Rank::new(i).map_or('?', Rank::to_char)
}

/// The range texts of a list's runs of pairs: `QQ`, `TT+`, `99-66`.
fn pair_runs(classes: &[HandClass]) -> Vec<String> {
    let ranks: Vec<u8> =
        classes.iter().filter(|c| c.high == c.low).map(|c| c.high.index()).collect();
    run_texts(&ranks, 12, |r| format!("{r}{r}"))
}

/// The range texts of a list's runs of suited (or offsuit) hands whose high card has rank
/// index `high`: `AKs`, `K9s+`, `A5o-A2o`.
fn side_runs(classes: &[HandClass], high: u8, suited: bool) -> Vec<String> {
    let ranks: Vec<u8> = classes
        .iter()
        .filter(|c| c.high != c.low && c.suited == suited && c.high.index() == high)
        .map(|c| c.low.index())
        .collect();
    let h = rank_char(high);
    let s = if suited { 's' } else { 'o' };
    run_texts(&ranks, high - 1, |r| format!("{h}{r}{s}"))
}

/// The range texts of the runs of `ranks`, where `class` names the hand of one rank: one
/// class alone, `class(bottom)+` for a run up to `highest`, else `class(top)-class(bottom)`.
fn run_texts(ranks: &[u8], highest: u8, class: impl Fn(char) -> String) -> Vec<String> {
    runs(ranks)
        .into_iter()
        .map(|(top, bottom)| {
            let (t, b) = (class(rank_char(top)), class(rank_char(bottom)));
            if top == bottom {
                t
            } else if top == highest {
                format!("{b}+")
            } else {
                format!("{t}-{b}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_has_pairs_on_the_diagonal_suited_above_offsuit_below() {
        let mut seen = std::collections::HashSet::new();
        for row in 0..SIZE {
            for col in 0..SIZE {
                let c = class_at(row, col).unwrap();
                assert_eq!(position(c), (row, col));
                assert_eq!(c.high == c.low, row == col);
                assert_eq!(c.suited, row < col);
                seen.insert(c);
            }
        }
        assert_eq!(seen.len(), 169);
        assert_eq!(class_at(12, 12).unwrap().to_string(), "22");
        assert_eq!(class_at(12, 0).unwrap().to_string(), "A2o");
        assert!(class_at(13, 0).is_none());
    }

    #[test]
    fn compact_notation_parses_back_to_the_same_range() {
        for text in [
            "QQ+,AKs",
            "22+",
            "TT-77,A2s+,KTo+",
            "AKs,AQs:0.5,JJ:0.25,AhKd",
            "15%",
            "random",
            "AA,AhAs:0.5,KK:0.001",
            "T9s-65s,A5s-A2s,K9o",
        ] {
            let r = Range::parse(text).unwrap();
            let c = compact(&r);
            assert_eq!(Range::parse(&c).unwrap(), r, "{text} -> {c}");
        }
        assert_eq!(compact(&Range::parse("22+").unwrap()), "22+");
        assert_eq!(compact(&Range::parse("TT-77").unwrap()), "TT-77");
        assert_eq!(compact(&Range::parse("A2s+").unwrap()), "A2s+");
        assert_eq!(compact(&Range::parse("KTo+").unwrap()), "KTo+");
        assert_eq!(
            compact(&Range::parse("AA,AhAs:0.5").unwrap()),
            "AsAd,AsAc,AhAd,AhAc,AdAc,AsAh:0.5"
        );
    }

    #[test]
    fn card_removal_shrinks_the_possible_combos() {
        let board: CardSet =
            [crate::card::Card::new(Rank::ACE, crate::card::Suit::SPADES)].into_iter().collect();
        let s = summarize(&Range::parse("AA,AKs").unwrap(), board);
        assert_eq!(s.possible, 1275); // C(51, 2)
        assert_eq!(s.combos, 3 + 3);
        let aa = s.cell(0, 0).unwrap();
        assert_eq!((aa.possible, aa.combos, aa.frequency()), (3, 3, 1.0));
    }
}
