//! The standard 52-card evaluator: best five of 5, 6 or 7 cards, in O(1).
//!
//! ```
//! use feltkit::card::Card;
//! use feltkit::eval::standard::{Hand, HandRank};
//! use feltkit::eval::Category;
//! let c = |s: &str| s.parse::<Card>().unwrap();
//! // Hole cards and board combine by addition.
//! let hole = Hand::EMPTY.add(c("Ah")).add(c("Kh"));
//! let board = Hand::EMPTY.add(c("Qh")).add(c("Jh")).add(c("Th")).add(c("2c")).add(c("2d"));
//! let rank: HandRank = (hole + board).rank7();
//! assert_eq!(rank.category(), Category::StraightFlush);
//! assert!(rank > (Hand::EMPTY.add(c("2s")).add(c("3s")) + board).rank7());
//! ```

use crate::card::{Card, Deck};
use crate::eval::additive;
use crate::eval::tables::{self, Layout, PerfectHash, STANDARD_SHAPES as SH};
use crate::eval::{Category, EvalError};

const BYTES: &[u8] = include_bytes!("../../data/standard.bin");
const AT: Layout = Layout::of(BYTES, SH, 2, 8192);

static HASH5: PerfectHash<u16, { SH[0].buckets() }, { SH[0].slots() }> =
    PerfectHash::read_u16s(BYTES, &AT, 0);
static HASH6: PerfectHash<u16, { SH[1].buckets() }, { SH[1].slots() }> =
    PerfectHash::read_u16s(BYTES, &AT, 1);
static DISP7: [u16; SH[2].buckets()] = tables::read_u16s(BYTES, AT.disp(2, SH[2].buckets()));
/// The 7-card values (`FLUSH7` slots) followed by the flush values (8,192, indexed by the
/// flush suit's ranks): adjacent in the file, and one array here, so that both arms of
/// [`Hand::rank7`] index the same base and the compiler merges them into one load.
static VALUES7: [u16; FLUSH7 + 8192] = tables::read_u16s(BYTES, AT.values(2, FLUSH7));
/// Where the flush values start in [`VALUES7`].
const FLUSH7: usize = SH[2].slots();

/// Each card's hash addend plus the empty hand's key: the first card of [`rank7_indices`].
static FIRST_KEYS: [u64; 256] = {
    let mut keys = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        keys[i] = KEYS[i].wrapping_add(tables::KEY_BASE);
        i += 1;
    }
    keys
};

additive::deck! {
    spec: tables::STANDARD;

    /// A standard hand's value: `category << 12 | subrank`. Larger is better; equal is a split.
    pub struct HandRank;

    /// The standard deck's data for the additive [`Hand`].
    pub struct Standard;

    fn check(_: Card) -> Result<(), EvalError> {
        Ok(())
    }

    #[inline(always)]
    fn lookup(len: usize, key: u64, _: u64) -> Option<HandRank> {
        Some(HandRank(match len {
            5 => HASH5.get(key),
            6 => HASH6.get(key),
            7 => VALUES7[slot7(key)],
            _ => return None,
        }))
    }

    #[inline(always)]
    fn flush(suit: u32, mask: u64) -> HandRank {
        HandRank(VALUES7[FLUSH7 | (mask >> (16 * suit)) as usize & 0x1fff])
    }
}

impl HandRank {
    /// The rank of this value (a value read from a table of [`HandRank::value`]s).
    #[inline(always)]
    pub(crate) const fn from_value(value: u16) -> HandRank {
        HandRank(value)
    }

    /// The raw value, `category << 12 | subrank` (0 to 8 << 12 | 9).
    pub const fn value(self) -> u16 {
        self.0
    }

    /// The hand's category.
    pub const fn category(self) -> Category {
        Category::ALL[(self.0 >> 12) as usize % 9]
    }

    /// The class number within the category, 0 = the weakest.
    pub const fn subrank(self) -> u16 {
        self.0 & 0xfff
    }
}

/// An additive hand of up to seven standard cards (see [`additive`] for the layout).
///
/// Adding a card twice, or more than seven cards, gives a meaningless (but safe) result;
/// [`Hand::from_cards`](additive::Hand::from_cards) checks, the `add` and `+` hot paths do not.
pub type Hand = additive::Hand<Standard>;

impl Hand {
    /// Where a hand with a flush finds its value in [`VALUES7`]: the flush suit's 13-bit lane
    /// of `mask` after the 7-card slots.
    #[inline(always)]
    fn flush_index(self) -> usize {
        // The flush suit's counter has its top bit at 4 * suit + 3, so the lane's shift is
        // (that bit's index & 12) * 4 = 16 * suit.
        let shift = ((self.key() & tables::FLUSH_BITS).trailing_zeros() & 12) * 4;
        FLUSH7 | (self.mask() >> shift) as usize & 0x1fff
    }

    /// The rank of a hand of exactly seven cards (meaningless for any other count).
    #[inline(always)]
    pub fn rank7(self) -> HandRank {
        // The flush arm is inlined, not a call: a call on the flush path of an enumeration loop
        // spilled and reloaded registers, and one array for both arms leaves a single load
        // (together about 10% faster in enumeration order, measured 2026-11-23). `cold_path`
        // (Rust 1.95) makes the common arm the straight line of a caller's loop: without it
        // LLVM placed that arm before the test, one taken jump per hand, 15% slower.
        let i = if self.key() & tables::FLUSH_BITS != 0 {
            std::hint::cold_path();
            self.flush_index()
        } else {
            slot7(self.key())
        };
        HandRank(VALUES7[i])
    }

    /// The rank of a hand of exactly five cards (meaningless for any other count): a flush
    /// test and one hash, as [`Hand::rank7`] does for seven.
    #[inline(always)]
    pub fn rank5(self) -> HandRank {
        if self.key() & tables::FLUSH_BITS != 0 {
            std::hint::cold_path();
            return HandRank(VALUES7[self.flush_index()]);
        }
        HandRank(HASH5.get(self.key()))
    }
}

/// The best [`Hand::rank5`] over every sum of one hand of `twos` and one of `threes`: the core
/// of Omaha, where `twos` are the hole pairs and `threes` the board triples.
#[inline(always)]
pub(crate) fn best_sum5(twos: &[Hand], threes: &[Hand]) -> HandRank {
    let mut best = 0u16;
    for &t in threes {
        // The empty hand's base comes off once per triple, not once per sum.
        let tk = t.key().wrapping_sub(tables::KEY_BASE);
        for &p in twos {
            let key = p.key().wrapping_add(tk);
            let v = if key & tables::FLUSH_BITS != 0 {
                std::hint::cold_path();
                VALUES7[Hand::from_parts(key, p.mask().wrapping_add(t.mask())).flush_index()]
            } else {
                HASH5.get(key)
            };
            best = best.max(v);
        }
    }
    HandRank(best)
}

impl Hand {
    /// The perfect-hash slot of a five-card hand's ranks, whatever its suits: below 8,192,
    /// and different for different multisets of five ranks (at most four of a rank).
    #[inline(always)]
    pub(crate) fn slot5(self) -> usize {
        HASH5.slot(self.key())
    }

    /// For a hand of at most five cards: the one suit with three cards or more (4 when none
    /// has) and the ranks of that suit's cards (a 13-bit mask, 0 when none).
    #[inline(always)]
    pub(crate) fn suit_of_three(self) -> (u8, u16) {
        // Each suit counter starts at 3: adding 2 lights its top bit from three cards (at most
        // five cards, so at most 10: no carry into the next counter).
        let three = self.key().wrapping_add(0x2222) & tables::FLUSH_BITS;
        if three == 0 {
            return (4, 0);
        }
        let suit = (three.trailing_zeros() / 4) as u8;
        (suit, self.lane(suit))
    }

    /// The ranks of the hand's cards of suit `suit` (a suit index; 0 above 3), as a 13-bit
    /// mask.
    #[inline(always)]
    pub(crate) fn lane(self, suit: u8) -> u16 {
        if suit > 3 {
            return 0;
        }
        (self.mask() >> (16 * suit as u32)) as u16 & 0x1fff
    }
}

/// The slot in [`VALUES7`] of a 7-card key without a flush.
#[inline(always)]
fn slot7(key: u64) -> usize {
    tables::slot(key, &DISP7, SH[2].slot_bits)
}

/// The value of a flush (or straight flush) whose suit holds the ranks of `ranks` (a 13-bit
/// mask, rank index 0 = two; five to seven bits set): what [`Hand::rank7`] gives any hand whose
/// flush suit holds exactly these ranks.
#[inline(always)]
pub(crate) fn flush_value(ranks: u32) -> HandRank {
    HandRank(VALUES7[FLUSH7 | ranks as usize & 0x1fff])
}

/// The ranks of up to seven standard cards with their suits left out: the suit-blind part of a
/// [`Hand`], for enumerators that count flushes separately (a hand's value without a flush
/// depends only on its ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct RankHand(u64);

/// Each rank's hash addend without a suit counter, so that suit counters never reach a flush.
static RANK_KEYS: [u64; 16] = {
    let mut keys = [0u64; 16];
    let mut r = 0;
    while r < 13 {
        keys[r] = tables::card_key(AT.mul, r as u32, 0).wrapping_sub(1);
        r += 1;
    }
    keys
};

impl RankHand {
    /// No ranks.
    pub(crate) const EMPTY: RankHand = RankHand(tables::KEY_BASE);

    /// These ranks plus `n` cards of rank `rank` (a rank index, 0 = two).
    #[inline(always)]
    pub(crate) fn add(self, rank: u8, n: u8) -> RankHand {
        RankHand(self.0.wrapping_add(RANK_KEYS[rank as usize & 15].wrapping_mul(n as u64)))
    }

    /// The union of two rank multisets.
    #[inline(always)]
    pub(crate) fn plus(self, other: RankHand) -> RankHand {
        RankHand(self.0.wrapping_add(other.0).wrapping_sub(tables::KEY_BASE))
    }

    /// The value of seven cards with these ranks and no flush: meaningful only for seven
    /// ranks with at most four of each.
    #[inline(always)]
    pub(crate) fn rank7(self) -> HandRank {
        HandRank(VALUES7[slot7(self.0)])
    }

    /// The slot of seven ranks (at most four of each) in the 7-card perfect hash: below
    /// [`SLOTS7`], and different for different multisets of seven ranks, so that a table of
    /// any other value of seven cards' ranks (razz's low) can be indexed as [`Hand::rank7`]'s.
    #[inline(always)]
    pub(crate) fn slot7(self) -> usize {
        slot7(self.0)
    }
}

/// The number of slots of the 7-card perfect hash ([`RankHand::slot7`] is below it).
pub(crate) const SLOTS7: usize = FLUSH7;

/// The rank of seven cards given as bytes (`card.index()` values). Any byte is safe, but only
/// seven distinct indices below 52 give a meaningful answer.
#[inline(always)]
pub fn rank7_indices(cards: &[u8; 7]) -> HandRank {
    // A tree of additions (depth 3, not 7) shortens each hand's dependency chain, so more
    // hands are in flight at once. The empty hand's base comes with the first card's key, from
    // a second table, instead of as a constant added in the tree: one addition fewer per hand,
    // 5% faster on a Zen 5 in both bench binaries (2026-11-23). On a Zen 3 an earlier session
    // measured the constant 5% faster; the loop is close to the machine's load limit either way.
    let k = |i: usize| KEYS[cards[i] as usize];
    let a = FIRST_KEYS[cards[0] as usize].wrapping_add(k(1));
    let b = k(2).wrapping_add(k(3));
    let c = k(4).wrapping_add(k(5)).wrapping_add(k(6));
    let key = a.wrapping_add(b).wrapping_add(c);
    if key & tables::FLUSH_BITS != 0 {
        return flush_rank_of_indices(key, cards);
    }
    HandRank(VALUES7[slot7(key)])
}

/// The rank of seven cards with a flush (about 3% of random hands), out of line. Branch-free:
/// the cards' mask words are summed and the flush suit's lane read off, as [`Hand`] does. A
/// test of each card's suit instead mispredicted on about a third of the cards, several times
/// per flush hand, and cost a fifth of all the time on random hands (measured 2026-11-23).
#[cold]
#[inline(never)]
fn flush_rank_of_indices(key: u64, cards: &[u8; 7]) -> HandRank {
    let m = |i: usize| MASKS[cards[i] as usize];
    let mask = m(0).wrapping_add(m(1)).wrapping_add(m(2)).wrapping_add(m(3));
    let mask = mask.wrapping_add(m(4)).wrapping_add(m(5)).wrapping_add(m(6));
    HandRank(VALUES7[Hand::from_parts(key, mask).flush_index()])
}

/// Ranks the best five of 5, 6 or 7 distinct cards.
pub fn evaluate(cards: &[Card]) -> Result<HandRank, EvalError> {
    crate::eval::check_cards(cards, Deck::Standard)?;
    let hand = Hand::from_cards(cards)?;
    hand.rank().ok_or(EvalError::WrongCount(cards.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::eval::testing::rank_of;

    #[test]
    fn categories_of_examples() {
        assert_eq!(rank_of(evaluate, "AhKhQhJhTh").category(), Category::StraightFlush);
        assert_eq!(rank_of(evaluate, "Ah2h3h4h5h9c").category(), Category::StraightFlush);
        assert_eq!(rank_of(evaluate, "AhAdAcAs2h").category(), Category::FourOfAKind);
        assert_eq!(rank_of(evaluate, "2c3d4h5s6c7d8h").category(), Category::Straight);
        assert_eq!(rank_of(evaluate, "2c2d4h4s6c6d8h").category(), Category::TwoPair);
        assert_eq!(rank_of(evaluate, "2c2d2h4s4c4d8h").category(), Category::FullHouse);
        assert_eq!(rank_of(evaluate, "2c7d9hJsKc").category(), Category::HighCard);
    }

    #[test]
    fn best_and_worst_hands_have_the_end_values() {
        assert_eq!(rank_of(evaluate, "AhKhQhJhTh").value(), 8 << 12 | 9);
        assert_eq!(rank_of(evaluate, "7c5d4h3s2c").value(), 0);
        assert_eq!(rank_of(evaluate, "AcKdQhJs9c").value(), 1276);
    }

    #[test]
    fn six_card_hands_and_incremental_sums_agree() {
        let cards = parse_cards("Ah Kh 7c 7d 2s 9h", Deck::Standard).unwrap();
        let a = Hand::from_cards(&cards[..2]).unwrap();
        let b = Hand::from_cards(&cards[2..]).unwrap();
        assert_eq!((a + b).rank(), Some(rank_of(evaluate, "AhKh7c7d2s9h")));
        assert_eq!((a + b).len(), 6);
    }

    #[test]
    fn rank_hands_give_the_value_of_any_suiting_without_a_flush() {
        for text in ["AhKh7c7d2s9h3d", "2c2d2h2s3c3d3h", "AcKdQhJsTc9d8h", "5c5d9h9s9cKdKh"] {
            let cards = parse_cards(text, Deck::Standard).unwrap();
            let ranks = cards.iter().fold(RankHand::EMPTY, |h, c| h.add(c.rank().index(), 1));
            assert_eq!(ranks.rank7(), rank_of(evaluate, text), "{text}");
            let split = RankHand::EMPTY.add(cards[0].rank().index(), 1);
            let rest = cards[1..].iter().fold(RankHand::EMPTY, |h, c| h.add(c.rank().index(), 1));
            assert_eq!(split.plus(rest), ranks, "{text}");
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        let cards = parse_cards("AhKh7c7d", Deck::Standard).unwrap();
        assert_eq!(evaluate(&cards), Err(EvalError::WrongCount(4)));
        let c: Card = "Ah".parse().unwrap();
        assert_eq!(evaluate(&[c, c, c, c, c]), Err(EvalError::Duplicate(c)));
    }
}
