//! The heads-up preflop table: exact showdown counts of every matchup of two hold'em hands
//! over all 1,712,304 boards, one entry per matchup up to suit permutation and seat order.
//!
//! There are 1,326 x 1,225 ordered pairs of disjoint combos; a suit permutation (24 of them)
//! maps a matchup onto one with the same counts, and swapping the seats swaps wins and losses,
//! so 47,008 entries hold them all. Each stores the first hand's wins and ties; the losses are
//! the rest of the 1,712,304 boards. The file `data/preflop.bin` is made by [`generate`] with
//! the project's exhaustive engine and is read once, on first use (see docs/preflop.md for the
//! encoding and its size).
//!
//! [`crate::equity::calculate`] answers from it every exact heads-up hold'em query with no
//! board and no dead cards, for exact hands and ranges alike; the counts are those of
//! enumeration to the last digit.
//!
//! ```
//! use feltkit::equity::preflop;
//! use feltkit::range::Combo;
//! let card = |s: &str| s.parse().unwrap();
//! let table = preflop::table().unwrap();
//! let aces = Combo::new(card("Ah"), card("As")).unwrap();
//! let kings = Combo::new(card("Kd"), card("Kc")).unwrap();
//! let s = table.matchup(aces, kings).unwrap();
//! assert_eq!(s.wins + s.ties + s.losses, preflop::BOARDS);
//! assert_eq!(table.matchup(kings, aces).unwrap().wins, s.losses);
//! ```

use std::sync::OnceLock;

use super::holdem::{HoldemSpot, Weighted};
use super::preflop_codec as codec;
use super::preflop_index::{Index, CLASSES, CONFLICT};
use super::tally::{Tally, TIE_UNIT};
use super::EquityError;
use crate::range::{Combo, HandClass, Range, COMBOS};

pub use codec::{BOARDS, HEADER};

/// The shipped table file.
const FILE: &[u8] = include_bytes!("../../data/preflop.bin");

/// Showdown counts of one hand against another over every board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Showdowns {
    /// Boards the first hand wins.
    pub wins: u32,
    /// Boards the hands split.
    pub ties: u32,
    /// Boards the second hand wins.
    pub losses: u32,
}

/// Showdown counts of one hand against every combo of a class that shares no card with it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassCounts {
    /// Combos of the class that share no card with the hand (each plays [`BOARDS`] boards).
    pub matchups: u32,
    /// Boards the hand wins, summed over those combos.
    pub wins: u64,
    /// Boards split.
    pub ties: u64,
    /// Boards the hand loses.
    pub losses: u64,
}

/// Weighted showdown counts of one hand against a range.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RangeCounts {
    /// Combos of the range that share no card with the hand.
    pub matchups: u64,
    /// Their total weight (in the range's thousandths), each combo counting [`BOARDS`] boards.
    pub weight: u128,
    /// Boards the hand wins, each combo's counted times its weight.
    pub wins: u128,
    /// Boards split, weighted.
    pub ties: u128,
    /// Boards lost, weighted.
    pub losses: u128,
}

impl RangeCounts {
    /// The hand's equity: wins plus half the ties, over every weighted board (0 when no combo
    /// of the range can meet the hand).
    pub fn equity(&self) -> f64 {
        let boards = self.weight * BOARDS as u128;
        if boards == 0 {
            return 0.0;
        }
        (self.wins as f64 + self.ties as f64 / 2.0) / boards as f64
    }
}

/// The loaded table (see the module notes).
pub struct Table {
    index: Index,
    counts: Vec<[u32; 2]>,
    /// `by_class[a * CLASSES + b]`: a combo of class `a` against class `b`.
    by_class: Vec<ClassCounts>,
}

/// The table, decoded from `data/preflop.bin` on first use (a few milliseconds); `None` only
/// if the shipped file were damaged, and the engine then enumerates.
pub fn table() -> Option<&'static Table> {
    static TABLE: OnceLock<Option<Table>> = OnceLock::new();
    TABLE.get_or_init(|| Table::from_file(FILE)).as_ref()
}

/// Decodes the shipped file anew, as [`table`] does once (to time the load).
pub fn load() -> Option<Table> {
    Table::from_file(FILE)
}

/// The table file, made from scratch by exhaustive enumeration of every stored matchup (a few
/// seconds of work in a release build; `tests/preflop.rs` checks it equals the shipped file).
pub fn generate() -> Vec<u8> {
    let index = Index::new();
    let counts = codec::count_all(&index);
    codec::encode(&index, &counts)
}

/// A class's place in [`HandClass::all`] order (pairs, suited, offsuit, each from the top).
pub fn class_index(c: HandClass) -> usize {
    let (h, l) = (c.high.index() as usize, c.low.index() as usize);
    if h == l {
        return 12 - h;
    }
    // Classes of a higher top rank come first: a top rank h' has h' lower ranks.
    let before: usize = (h + 1..13).sum();
    13 + if c.suited { 0 } else { 78 } + before + (h - 1 - l)
}

impl Table {
    fn from_file(file: &[u8]) -> Option<Table> {
        let index = Index::new();
        let counts = codec::decode(&index, file)?;
        let mut table = Table { index, counts, by_class: Vec::new() };
        let mut by_class = vec![ClassCounts::default(); CLASSES * CLASSES];
        for a in 0..CLASSES {
            let rep = table.index.reps[a] as usize;
            for c2 in 0..COMBOS {
                if let Some(s) = table.by_index(rep, c2) {
                    let e = &mut by_class[a * CLASSES + table.index.class_of[c2] as usize];
                    e.matchups += 1;
                    e.wins += s.wins as u64;
                    e.ties += s.ties as u64;
                    e.losses += s.losses as u64;
                }
            }
        }
        table.by_class = by_class;
        Some(table)
    }

    /// The number of stored entries (47,008).
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Whether the table has no entries (never, once loaded).
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    #[inline(always)]
    fn by_index(&self, c1: usize, c2: usize) -> Option<Showdowns> {
        let slot = self.index.slot(c1, c2);
        if slot == CONFLICT {
            return None;
        }
        let [wins, ties] = self.counts[(slot >> 1) as usize];
        let losses = BOARDS - wins - ties;
        Some(if slot & 1 == 0 {
            Showdowns { wins, ties, losses }
        } else {
            Showdowns { wins: losses, ties, losses: wins }
        })
    }

    /// Counts of `a` against `b` over every board; `None` if they share a card.
    pub fn matchup(&self, a: Combo, b: Combo) -> Option<Showdowns> {
        self.by_index(a.index(), b.index())
    }

    /// Counts of `hand` against every combo of `range` that shares no card with it, weighted
    /// by the range's weights: the per-hand row of a range-against-range question (each hand
    /// of one range against the whole other range), with no board and no dead cards.
    pub fn hand_vs_range(&self, hand: Combo, range: &Range) -> RangeCounts {
        let mut out = RangeCounts::default();
        for (c, w) in range.combos() {
            if let Some(s) = self.by_index(hand.index(), c.index()) {
                let w = w as u128;
                out.matchups += 1;
                out.weight += w;
                out.wins += w * s.wins as u128;
                out.ties += w * s.ties as u128;
                out.losses += w * s.losses as u128;
            }
        }
        out
    }

    /// Counts of `a` against every combo of `b` that shares no card with it.
    pub fn combo_vs_class(&self, a: Combo, b: HandClass) -> ClassCounts {
        self.by_class[self.index.class_of[a.index()] as usize * CLASSES + class_index(b)]
    }

    /// Counts of class `a` against class `b`, summed over every pair of combos that share no
    /// card (card removal included): `matchups` such pairs.
    pub fn class_vs_class(&self, a: HandClass, b: HandClass) -> ClassCounts {
        let e = self.by_class[class_index(a) * CLASSES + class_index(b)];
        let n = a.combos().len() as u64;
        ClassCounts {
            matchups: e.matchups * n as u32,
            wins: e.wins * n,
            ties: e.ties * n,
            losses: e.losses * n,
        }
    }
}

/// Whether the table answers a hold'em setup: two players, no board, no dead cards.
///
/// Dead cards change which boards can come, and the table keeps no per-board counts to take
/// them out, so a query with dead cards is enumerated.
pub(crate) fn applies(s: &HoldemSpot) -> bool {
    s.players.len() == 2 && s.board.is_empty() && s.known.is_empty()
}

/// Weighted sums over matchups.
#[derive(Default)]
struct Sums {
    wins: u128,
    ties: u128,
    losses: u128,
    total: u128,
    matchups: u64,
}

/// The number of combos of class `a` (in [`HandClass::all`] order: 13 pairs of 6, 78 suited
/// classes of 4, 78 offsuit of 12).
fn class_size(a: usize) -> usize {
    match a {
        0..13 => 6,
        13..91 => 4,
        _ => 12,
    }
}

/// Each class's weight when every combo of the class has the same weight (absent classes 0);
/// `None` when some class is only partly present or mixes weights.
fn class_weights(index: &Index, p: &[Weighted]) -> Option<Vec<u64>> {
    // The smallest class has 4 combos: fewer cannot make whole classes.
    if p.len() < 4 {
        return None;
    }
    let mut w = vec![0u64; CLASSES];
    let mut n = [0u8; CLASSES];
    for x in p {
        let a = index.class_of[x.combo.index()] as usize;
        if n[a] > 0 && w[a] != x.weight {
            return None;
        }
        w[a] = x.weight;
        n[a] += 1;
    }
    (0..CLASSES).all(|a| n[a] == 0 || n[a] as usize == class_size(a)).then_some(w)
}

impl Table {
    /// Sums of `p1` against a class-uniform `w2` ([`class_weights`]).
    fn against_classes(&self, p1: &[Weighted], w2: &[u64]) -> Sums {
        let mut weight = vec![0u128; CLASSES];
        let mut count = vec![0u64; CLASSES];
        for x in p1 {
            let a = self.index.class_of[x.combo.index()] as usize;
            weight[a] += x.weight as u128;
            count[a] += 1;
        }
        let present: Vec<usize> = (0..CLASSES).filter(|&b| w2[b] > 0).collect();
        let mut s = Sums::default();
        for a in (0..CLASSES).filter(|&a| count[a] > 0) {
            let row = &self.by_class[a * CLASSES..(a + 1) * CLASSES];
            let (mut wins, mut ties, mut losses, mut pairs) = (0u128, 0u128, 0u128, 0u128);
            for &b in &present {
                let (e, w) = (row[b], w2[b] as u128);
                wins += w * e.wins as u128;
                ties += w * e.ties as u128;
                losses += w * e.losses as u128;
                pairs += w * e.matchups as u128;
                s.matchups += count[a] * e.matchups as u64;
            }
            s.wins += weight[a] * wins;
            s.ties += weight[a] * ties;
            s.losses += weight[a] * losses;
            s.total += weight[a] * pairs * BOARDS as u128;
        }
        s
    }

    /// Sums over every pair of combos.
    fn pairwise(&self, p1: &[Weighted], p2: &[Weighted]) -> Sums {
        let mut s = Sums::default();
        for x in p1 {
            let c1 = x.combo.index();
            let (mut wins, mut ties, mut losses, mut weight) = (0u128, 0u128, 0u128, 0u128);
            for y in p2 {
                if let Some(m) = self.by_index(c1, y.combo.index()) {
                    let w = y.weight as u128;
                    wins += w * m.wins as u128;
                    ties += w * m.ties as u128;
                    losses += w * m.losses as u128;
                    weight += w;
                    s.matchups += 1;
                }
            }
            let w = x.weight as u128;
            s.wins += w * wins;
            s.ties += w * ties;
            s.losses += w * losses;
            s.total += w * weight * BOARDS as u128;
        }
        s
    }

    /// Each combo of `mine` against the whole of `theirs` (combos sharing no card with it):
    /// the per-hand rows of a setup where [`applies`] holds, in `mine`'s order, unweighted by
    /// the combo's own weight. A class-uniform `theirs` is summed by class (every combo of a
    /// class meets a whole class alike); otherwise every pair is read.
    pub(crate) fn rows(&self, mine: &[Weighted], theirs: &[Weighted]) -> Vec<RangeCounts> {
        if let Some(w2) = class_weights(&self.index, theirs) {
            let present: Vec<usize> = (0..CLASSES).filter(|&b| w2[b] > 0).collect();
            let mut by_class: Vec<Option<RangeCounts>> = vec![None; CLASSES];
            mine.iter()
                .map(|x| {
                    let a = self.index.class_of[x.combo.index()] as usize;
                    *by_class[a].get_or_insert_with(|| {
                        let row = &self.by_class[a * CLASSES..(a + 1) * CLASSES];
                        let mut r = RangeCounts::default();
                        for &b in &present {
                            let (e, w) = (row[b], w2[b] as u128);
                            r.matchups += e.matchups as u64;
                            r.weight += w * e.matchups as u128;
                            r.wins += w * e.wins as u128;
                            r.ties += w * e.ties as u128;
                            r.losses += w * e.losses as u128;
                        }
                        r
                    })
                })
                .collect()
        } else {
            mine.iter()
                .map(|x| {
                    let c1 = x.combo.index();
                    let mut r = RangeCounts::default();
                    for y in theirs {
                        if let Some(m) = self.by_index(c1, y.combo.index()) {
                            let w = y.weight as u128;
                            r.matchups += 1;
                            r.weight += w;
                            r.wins += w * m.wins as u128;
                            r.ties += w * m.ties as u128;
                            r.losses += w * m.losses as u128;
                        }
                    }
                    r
                })
                .collect()
        }
    }

    /// Exact counts of a setup where [`applies`] holds, equal to those of enumeration.
    pub(crate) fn tally(&self, s: &HoldemSpot) -> Result<Tally, EquityError> {
        let (p1, p2) = (&s.players[0], &s.players[1]);
        let sums = if let Some(w2) = class_weights(&self.index, p2) {
            self.against_classes(p1, &w2)
        } else if let Some(w1) = class_weights(&self.index, p1) {
            let r = self.against_classes(p2, &w1);
            Sums { wins: r.losses, losses: r.wins, ..r }
        } else {
            self.pairwise(p1, p2)
        };
        if sums.matchups == 0 {
            return Err(EquityError::NoDeal);
        }
        let mut t = Tally::new(2);
        t.deals = sums.matchups * BOARDS as u64;
        t.total = sums.total;
        t.wins = vec![sums.wins, sums.losses];
        let half = (TIE_UNIT / 2) as u128;
        let unit = TIE_UNIT as u128;
        t.ties = vec![sums.ties; 2];
        t.shares = vec![sums.ties * half; 2];
        t.squares = (0..2).map(|p| t.wins[p] * unit * unit + sums.ties * half * half).collect();
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_index_follows_the_listing_order() {
        for (i, c) in HandClass::all().into_iter().enumerate() {
            assert_eq!(class_index(c), i, "{c}");
            assert_eq!(class_size(i), c.combos().len(), "{c}");
        }
    }
}
