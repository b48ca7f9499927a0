//! Ace-to-five low (razz, and the low of London lowball): the lowest hand wins, the ace is the
//! lowest card, and straights and flushes do not count.
//!
//! A hand is the best five of five to seven cards, and it is always a hand: unlike
//! eight-or-better ([`super::low`]) nothing has to qualify. Hands without a pair are the best,
//! compared by their highest card, the lower winning, then the next highest, and so on: 5-4-3-2-A
//! (the wheel, even suited) is the best hand, 6-4-3-2-A the next, and 2-3-4-5-6 is a six low,
//! worse than the wheel. Pairs count against a hand: any hand without a pair beats any one pair,
//! one pair beats two pair, then three of a kind, full house and four of a kind, the worst. Within
//! a category, hands compare as in standard poker but the lower ranks win: the pair (or the
//! higher pair, the three of a kind) first, then the other cards from the highest down.
//!
//! Seven cards with few distinct ranks still make a hand: A-A-2-2-3-3-4 is 4-3-2-A with a pair
//! of aces, and A-A-A-A-2-2-2 is the full house A-A-A-2-2 (three aces are lower, so better,
//! than three twos).
//!
//! [`AceFiveRank`] orders so that the **better (lower) hand is greater**.
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::{ace_five, Category};
//! let r = |s| ace_five::evaluate(&parse_cards(s, Deck::Standard).unwrap()).unwrap();
//! assert!(r("Ac2d3h4s5c") > r("2c3d4h5s6c")); // the wheel beats a six low
//! assert!(r("KcQdJhTs8c") > r("AcAd2h3s4c")); // any hand without a pair beats a pair
//! assert_eq!(r("Kc 9d 7h 4s 2c Ad 2h").to_string(), "9-7-4-2-A (nine low)");
//! assert_eq!(r("AcAd2c2d3c3d4c").category(), Category::OnePair);
//! ```
//!
//! # How it is computed
//!
//! Rank bit masks (bit 0 the ace, bit 12 the king) of the ranks held at least once, twice,
//! three and four times are built card by card. With five or more distinct ranks the best hand
//! is the five lowest; otherwise every distinct rank plays and the fewest, lowest repeats are
//! added (the lowest rank held twice for one pair; the two lowest for two pair; and so on).
//! The value is the category, then the deciding ranks, packed so that a smaller number is the
//! better hand, and then inverted.

use std::fmt;

use std::sync::LazyLock;

use crate::card::{Card, Rank, Suit};
use crate::eval::low::{ace_low_rank, low_name, write_ranks, ACE_LOW_BITS};
use crate::eval::standard::{RankHand, SLOTS7};
use crate::eval::{Category, EvalError};

/// An ace-to-five low hand. The better (lower) hand is the greater value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AceFiveRank(u32);

/// Categories in order of badness (index = code in bits 20 and up of a badness number).
const CATEGORIES: [Category; 6] = [
    Category::HighCard,
    Category::OnePair,
    Category::TwoPair,
    Category::ThreeOfAKind,
    Category::FullHouse,
    Category::FourOfAKind,
];

/// One more than the largest badness number.
const WORST: u32 = 6 << 20;

impl AceFiveRank {
    /// A number where larger is better and equal is a split (not dense: compare only).
    pub const fn value(self) -> u32 {
        self.0
    }

    fn badness(self) -> u32 {
        WORST - 1 - self.0
    }

    /// The hand's category: high card (no pair), one pair, two pair, three of a kind, full
    /// house or four of a kind.
    pub const fn category(self) -> Category {
        CATEGORIES[((WORST - 1 - self.0) >> 20) as usize % 6]
    }

    /// The five ranks of the hand, highest first for a hand without a pair; for other
    /// categories the repeated ranks first (pair, then the rest highest first; higher pair,
    /// lower pair, odd card; three of a kind then the rest; and so on).
    pub fn ranks(self) -> [Rank; 5] {
        let b = self.badness();
        let sub = b & 0xf_ffff;
        let bits = |m: u32| {
            let mut v = Vec::new();
            for i in (0..13).rev() {
                if m >> i & 1 == 1 {
                    v.push(ace_low_rank(i as u8));
                }
            }
            v
        };
        let r = |i: u32| ace_low_rank(i as u8);
        let v: Vec<Rank> = match self.category() {
            Category::HighCard => bits(sub),
            Category::OnePair => [vec![r(sub >> 13); 2], bits(sub & 0x1fff)].concat(),
            Category::TwoPair => {
                let (h, l, k) = (r(sub >> 8 & 15), r(sub >> 4 & 15), r(sub & 15));
                vec![h, h, l, l, k]
            }
            Category::ThreeOfAKind => [vec![r(sub >> 13); 3], bits(sub & 0x1fff)].concat(),
            Category::FullHouse => [vec![r(sub >> 4); 3], vec![r(sub & 15); 2]].concat(),
            _ => [vec![r(sub >> 4); 4], vec![r(sub & 15)]].concat(),
        };
        let mut out = [Rank::ACE; 5];
        for (o, x) in out.iter_mut().zip(v) {
            *o = x;
        }
        out
    }

    /// The name of the hand: `seven low` for a hand without a pair whose top card is a
    /// seven, otherwise the category (`one pair`).
    pub fn name(self) -> &'static str {
        match self.category() {
            Category::HighCard => low_name(self.ranks()[0]),
            c => c.name(),
        }
    }
}

impl fmt::Display for AceFiveRank {
    /// `7-5-4-3-2 (seven low)`, `A-A-4-3-2 (one pair)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_ranks(f, &self.ranks())?;
        write!(f, " ({})", self.name())
    }
}

/// The best ace-to-five low of 5 to 7 distinct cards.
pub fn evaluate(cards: &[Card]) -> Result<AceFiveRank, EvalError> {
    crate::eval::check_distinct(cards, 5..=7, "5 to 7")?;
    Ok(rank(cards))
}

/// The hot path of [`evaluate`], without checks. Meaningful for 5 to 7 distinct cards;
/// never panics (other inputs give some value).
#[inline]
pub fn rank(cards: &[Card]) -> AceFiveRank {
    let (mut m1, mut m2, mut m3, mut m4) = (0u32, 0u32, 0u32, 0u32);
    for &c in cards {
        let b = ACE_LOW_BITS[c.index() as usize & 63] as u32;
        m4 |= m3 & b;
        m3 |= m2 & b;
        m2 |= m1 & b;
        m1 |= b;
    }
    AceFiveRank(WORST - 1 - badness(m1, m2, m3, m4))
}

/// Razz's value of seven cards from the multiset of their ranks (a [`RankHand`] of exactly
/// seven ranks): larger is better, equal is a split, ordered as [`rank`] orders the seven
/// cards. One table load at the ranks' 7-card perfect-hash slot, as
/// [`Hand::rank7`](crate::eval::standard::Hand::rank7) loads a hand without a flush.
#[inline(always)]
pub(crate) fn seven_low(ranks: RankHand) -> u32 {
    SEVEN_LOWS[ranks.slot7() & (SLOTS7 - 1)] as u32
}

/// [`seven_low`]'s table: each 7-card slot's low, as its place (from 1, the worst) among the
/// distinct lows of seven cards; 0 in the slots no multiset of seven ranks reaches.
///
/// Built on first use: [`rank`] of each of the 49,205 multisets of seven ranks (at most four
/// of each), the values sorted, and each slot given its value's place (128 KiB, a few
/// milliseconds). The 7-card hash is perfect on rank multisets, so no two multisets share a
/// slot; the tests check this and the order against [`rank`] over every multiset.
static SEVEN_LOWS: LazyLock<Box<[u16; SLOTS7]>> = LazyLock::new(|| {
    let mut sets: Vec<(usize, u32)> = Vec::with_capacity(49_205);
    each_rank_multiset(&mut [0u8; 13], 0, 7, &mut |counts| {
        let mut cards = [Card::new(Rank::TWO, Suit::CLUBS); 7];
        let mut ranks = RankHand::EMPTY;
        let mut n = 0;
        for ((&k, &rank), slot) in counts.iter().zip(&Rank::ALL).zip(0u8..) {
            for &suit in &Suit::ALL[..k as usize] {
                if let Some(c) = cards.get_mut(n) {
                    *c = Card::new(rank, suit);
                }
                n += 1;
            }
            ranks = ranks.add(slot, k);
        }
        sets.push((ranks.slot7() & (SLOTS7 - 1), rank(&cards).value()));
    });
    let mut values: Vec<u32> = sets.iter().map(|&(_, v)| v).collect();
    values.sort_unstable();
    values.dedup();
    let mut table: Box<[u16; SLOTS7]> = vec![0u16; SLOTS7]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("a vector of SLOTS7 values"));
    for (slot, v) in sets {
        // At most 49,205 distinct values: every place fits in 16 bits.
        table[slot] = (values.partition_point(|&x| x < v) + 1) as u16;
    }
    table
});

/// Calls `f` with the count of each rank (index 0 = two) of every multiset of `left` more
/// ranks from `rank` up, at most four of each, on top of `counts`.
fn each_rank_multiset(counts: &mut [u8; 13], rank: usize, left: u8, f: &mut impl FnMut(&[u8; 13])) {
    if left == 0 {
        f(counts);
        return;
    }
    if rank >= 13 {
        return;
    }
    for k in 0..=left.min(4) {
        counts[rank] = k;
        each_rank_multiset(counts, rank + 1, left - k, f);
    }
    counts[rank] = 0;
}

/// The lowest set bit of `m` (0 when none).
#[inline(always)]
fn lowest(m: u32) -> u32 {
    m & m.wrapping_neg()
}

/// The index of the lowest set bit (32 when none).
#[inline(always)]
fn at(m: u32) -> u32 {
    m.trailing_zeros()
}

/// The badness number (smaller is better) of the best five cards, from the masks of ranks
/// held at least once (`m1`), twice, three and four times.
#[inline(always)]
fn badness(m1: u32, m2: u32, m3: u32, m4: u32) -> u32 {
    let distinct = m1.count_ones();
    if distinct >= 5 {
        let mut m = m1;
        while m.count_ones() > 5 {
            m &= !(1 << (31 - m.leading_zeros()));
        }
        return m;
    }
    let code = |category: u32, sub: u32| category << 20 | sub;
    match distinct {
        4 => {
            let pair = lowest(m2);
            code(1, at(pair) << 13 | (m1 & !pair))
        }
        3 if m2.count_ones() >= 2 => {
            let lo = lowest(m2);
            let hi = lowest(m2 & !lo);
            code(2, at(hi) << 8 | at(lo) << 4 | at(m1 & !lo & !hi))
        }
        3 => {
            let trips = lowest(m3);
            code(3, at(trips) << 13 | (m1 & !trips))
        }
        _ => {
            // Two ranks: a full house with the lower possible three of a kind, else quads.
            let lo = lowest(m1);
            let hi = m1 & !lo;
            if m3 & lo != 0 && m2 & hi != 0 {
                code(4, at(lo) << 4 | at(hi))
            } else if m3 & hi != 0 && m2 & lo != 0 {
                code(4, at(hi) << 4 | at(lo))
            } else if m4 & lo != 0 {
                code(5, at(lo) << 4 | at(hi) & 15)
            } else {
                code(5, (at(hi) & 15) << 4 | at(lo) & 15)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Deck};
    use crate::eval::testing::{assert_ascending, rank_of};

    #[test]
    fn the_wheel_is_best_and_straights_and_flushes_do_not_count() {
        assert!(rank_of(evaluate, "Ac2d3h4s5c") > rank_of(evaluate, "2c3d4h5s6c"));
        assert_eq!(rank_of(evaluate, "Ac2c3c4c5c"), rank_of(evaluate, "Ac2d3h4s5c"));
        assert!(rank_of(evaluate, "Ac2d3h4s5c") > rank_of(evaluate, "Ac2d3h4s6c"));
        assert_eq!(rank_of(evaluate, "Ac2d3h4s5c").to_string(), "5-4-3-2-A (five low)");
    }

    #[test]
    fn pairs_count_against_in_category_order() {
        let order = [
            "AcAdAhAs2c", // four of a kind
            "KcKdKhQsQc", // full house, kings full
            "2c2d2hAsAc", // full house, twos full: better than kings full
            "AcAdAh3s2c", // three of a kind
            "3c3d2h2sAc", // two pair
            "KcKdQhJsTc", // one pair
            "AcAd2h3s4c", // one pair of aces
            "KcQdJhTs9c", // king low
            "8c6d4h3s2c",
        ];
        assert_ascending(evaluate, &order);
        assert_eq!(rank_of(evaluate, "AcAdAhAs2c").category(), Category::FourOfAKind);
        assert_eq!(rank_of(evaluate, "3c3d2h2sAc").to_string(), "3-3-2-2-A (two pair)");
    }

    #[test]
    fn seven_cards_with_few_ranks_still_make_a_hand() {
        assert_eq!(rank_of(evaluate, "AcAd2c2d3c3d4c").to_string(), "A-A-4-3-2 (one pair)");
        // A king instead of a fourth low rank: one pair with the king beats two pair.
        assert_eq!(rank_of(evaluate, "AcAd2c2d3c3dKc").to_string(), "A-A-K-3-2 (one pair)");
        assert_eq!(rank_of(evaluate, "AcAd2c2d3c3d").to_string(), "2-2-A-A-3 (two pair)");
        assert_eq!(rank_of(evaluate, "AcAdAhAs2c2d2h").to_string(), "A-A-A-2-2 (full house)");
        assert_eq!(rank_of(evaluate, "KcKdKhKsQcQdQh").to_string(), "Q-Q-Q-K-K (full house)");
        assert_eq!(rank_of(evaluate, "KcKdKhKs2c3d4h").to_string(), "K-K-4-3-2 (one pair)");
        assert_eq!(rank_of(evaluate, "7c7d7h7s5c5d5h").category(), Category::FullHouse);
    }

    /// Every multiset of seven ranks (at most four of each) as seven cards, listed as
    /// non-decreasing rank sequences (not the way the table is built).
    fn all_seven_rank_hands() -> Vec<[Card; 7]> {
        let mut out = Vec::new();
        let mut seq = [0u8; 7];
        fn go(seq: &mut [u8; 7], i: usize, from: u8, out: &mut Vec<[Card; 7]>) {
            if i == 7 {
                let mut cards = [Card::new(Rank::TWO, Suit::CLUBS); 7];
                for (j, c) in cards.iter_mut().enumerate() {
                    // The copy number of this rank so far: its suit.
                    let copy = seq[..j].iter().filter(|&&r| r == seq[j]).count();
                    *c = Card::new(Rank::ALL[seq[j] as usize], Suit::ALL[3 - copy]);
                }
                out.push(cards);
                return;
            }
            for r in from..13 {
                if i >= 4 && seq[i - 4] == r {
                    continue; // a fifth card of one rank
                }
                seq[i] = r;
                go(seq, i + 1, r, out);
            }
        }
        go(&mut seq, 0, 0, &mut out);
        out
    }

    #[test]
    fn seven_lows_order_every_multiset_of_seven_ranks_as_rank_does() {
        let hands = all_seven_rank_hands();
        assert_eq!(hands.len(), 49_205);
        let mut by_slot = std::collections::HashMap::new();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for cards in &hands {
            let ranks = cards.iter().fold(RankHand::EMPTY, |h, c| h.add(c.rank().index(), 1));
            let slot = ranks.slot7();
            assert!(slot < SLOTS7);
            assert!(by_slot.insert(slot, *cards).is_none(), "two multisets share slot {slot}");
            pairs.push((rank(cards).value(), seven_low(ranks)));
        }
        pairs.sort_unstable();
        assert!(pairs[0].1 >= 1, "every multiset has a place");
        for w in pairs.windows(2) {
            let ((a, ta), (b, tb)) = (w[0], w[1]);
            assert_eq!(a == b, ta == tb, "equal lows, equal places: {w:?}");
            assert!(ta <= tb, "places in the order of the lows: {w:?}");
        }
    }

    #[test]
    fn a_hand_of_four_cards_is_an_error() {
        let cards = parse_cards("Ac2d3h4s", Deck::Standard).unwrap();
        assert_eq!(evaluate(&cards).unwrap_err().to_string(), "4 cards, expected 5 to 7");
    }
}
