//! Slow, obviously correct evaluators: the oracles the fast tables are generated from and tested
//! against.
//!
//! A five-card hand is ranked by counting ranks, grouping them (largest group first, then higher
//! rank first) and naming the category from the group sizes, straightness and flushness. The
//! result is packed into a `u32` whose order is the hand order: category first, then the group
//! ranks one nibble each, then (Americana only) the tie-break suit. A hand of six or seven cards
//! is worth its best five-card subset, by definition. The short deck is ranked as Americana
//! is (flush above full house) with A-6-7-8-9 as the lowest straight; Omaha, the lows and
//! badugi have their references in [`games`].
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::reference::{americana5, best_of, standard5, standard_category_of};
//! use feltkit::eval::Category;
//! let cards = parse_cards("AhKhQhJhTh 2c 3d", Deck::Standard).unwrap();
//! let best = best_of(&cards, standard5); // the best of the 21 five-card subsets
//! assert_eq!(standard_category_of(best), Category::StraightFlush);
//! // Americana: the same ranks, the ace of spades beats the ace of hearts.
//! let five = |s| <[_; 5]>::try_from(parse_cards(s, Deck::Americana).unwrap()).unwrap();
//! assert!(americana5(&five("AsKs9h8d7c")) > americana5(&five("AhKh9s8d7c")));
//! ```

use crate::card::Card;
use crate::eval::Category;

pub mod games;

/// Rank indices (0 = two ... 12 = ace) of a five-card hand's groups, largest group first, and
/// the category, under standard rules. For straights the list holds only the top rank (5 for
/// the wheel A-2-3-4-5).
fn standard_groups(cards: &[Card; 5]) -> (Category, Vec<u8>) {
    groups_and_category(cards, &[12, 0, 1, 2, 3], 3)
}

/// The category of five cards and their rank groups, largest group first (for straights only
/// the top rank), where the lowest straight has the ranks `wheel` and the top card
/// `wheel_top`. The category does not depend on the deck's order of categories: five cards of
/// one suit hold no pair, so a hand is never both a flush and a full house.
fn groups_and_category(cards: &[Card; 5], wheel: &[u8; 5], wheel_top: u8) -> (Category, Vec<u8>) {
    let (groups, flush) = group(cards);
    let straight_top = straight_top(&groups, wheel, wheel_top);
    let shape: Vec<u8> = groups.iter().map(|g| g.1).collect();
    let category = match (straight_top, flush, shape.as_slice()) {
        (Some(_), true, _) => Category::StraightFlush,
        (_, _, [4, 1]) => Category::FourOfAKind,
        (_, _, [3, 2]) => Category::FullHouse,
        (_, true, _) => Category::Flush,
        (Some(_), _, _) => Category::Straight,
        (_, _, [3, 1, 1]) => Category::ThreeOfAKind,
        (_, _, [2, 2, 1]) => Category::TwoPair,
        (_, _, [2, 1, 1, 1]) => Category::OnePair,
        _ => Category::HighCard,
    };
    let ranks = match straight_top {
        Some(top) if matches!(category, Category::Straight | Category::StraightFlush) => vec![top],
        _ => groups.iter().map(|g| g.0).collect(),
    };
    (category, ranks)
}

/// Groups by rank: (rank, count) sorted by count then rank, both descending; and flushness.
fn group(cards: &[Card; 5]) -> (Vec<(u8, u8)>, bool) {
    let mut counts = [0u8; 13];
    for c in cards {
        counts[c.rank().index() as usize] += 1;
    }
    let mut groups: Vec<(u8, u8)> =
        (0..13u8).filter(|&r| counts[r as usize] > 0).map(|r| (r, counts[r as usize])).collect();
    groups.sort_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    (groups, flush)
}

/// The top rank of a straight, if the five groups are five consecutive ranks, or are exactly the
/// low straight `low` (whose top is `low_top`).
fn straight_top(groups: &[(u8, u8)], low: &[u8; 5], low_top: u8) -> Option<u8> {
    if groups.len() != 5 {
        return None;
    }
    let mut ranks: Vec<u8> = groups.iter().map(|g| g.0).collect();
    ranks.sort_unstable();
    if ranks[4] - ranks[0] == 4 {
        return Some(ranks[4]);
    }
    let mut l = *low;
    l.sort_unstable();
    (ranks == l).then_some(low_top)
}

fn pack_ranks(ranks: &[u8]) -> u32 {
    let mut v = 0u32;
    for i in 0..5 {
        v = v << 4 | ranks.get(i).copied().unwrap_or(0) as u32;
    }
    v
}

/// The standard value of exactly five cards: larger is better, equal is a split.
pub fn standard5(cards: &[Card; 5]) -> u32 {
    let (category, ranks) = standard_groups(cards);
    (category as u32) << 20 | pack_ranks(&ranks)
}

/// The standard category of exactly five cards.
pub fn standard5_category(cards: &[Card; 5]) -> Category {
    standard_groups(cards).0
}

/// Position of a category in the Americana order, where flush beats full house.
pub fn americana_order(category: Category) -> u32 {
    match category {
        Category::FullHouse => Category::Flush as u32,
        Category::Flush => Category::FullHouse as u32,
        c => c as u32,
    }
}

/// The Americana value of exactly five cards from the 32-card deck: category (flush above full
/// house, A-7-8-9-T the lowest straight), then ranks, then the tie-break suit (docs/rank.md).
pub fn americana5(cards: &[Card; 5]) -> u32 {
    let (category, ranks) = americana_groups(cards);
    let suit_of = |rank: u8| {
        cards.iter().filter(|c| c.rank().index() == rank).map(|c| c.suit().index()).max().unwrap()
    };
    let suit = match category {
        Category::StraightFlush | Category::Flush | Category::Straight | Category::HighCard => {
            suit_of(ranks[0])
        }
        // The highest kicker is the last (single-card) group.
        Category::OnePair => suit_of(ranks[1]),
        Category::TwoPair => suit_of(ranks[2]),
        Category::FullHouse | Category::ThreeOfAKind | Category::FourOfAKind => 0,
    };
    americana_order(category) << 24 | pack_ranks(&ranks) << 4 | suit as u32
}

/// The Americana category of exactly five cards.
pub fn americana5_category(cards: &[Card; 5]) -> Category {
    americana_groups(cards).0
}

fn americana_groups(cards: &[Card; 5]) -> (Category, Vec<u8>) {
    // A-7-8-9-T: ranks A=12, 7=5, 8=6, 9=7, T=8; the ten is its top card.
    groups_and_category(cards, &[12, 5, 6, 7, 8], 8)
}

/// The short-deck value of exactly five cards from the 36-card deck (6 to A): category in the
/// short-deck order (flush above full house, as in Americana; three of a kind still below a
/// straight), then ranks; A-6-7-8-9 is the lowest straight, its top card the nine.
pub fn shortdeck5(cards: &[Card; 5]) -> u32 {
    let (category, ranks) = shortdeck_groups(cards);
    americana_order(category) << 20 | pack_ranks(&ranks)
}

/// The short-deck category of exactly five cards.
pub fn shortdeck5_category(cards: &[Card; 5]) -> Category {
    shortdeck_groups(cards).0
}

/// The category encoded in a short-deck reference value.
pub fn shortdeck_category_of(value: u32) -> Category {
    americana_category_at(value >> 20)
}

fn shortdeck_groups(cards: &[Card; 5]) -> (Category, Vec<u8>) {
    // A-6-7-8-9: ranks A=12, 6=4, 7=5, 8=6, 9=7; the nine is its top card.
    groups_and_category(cards, &[12, 4, 5, 6, 7], 7)
}

/// The best value of any five of `cards` under `five`, by trying every subset.
///
/// # Panics
/// If fewer than five cards are given (an oracle for tests and table generation, not user input).
pub fn best_of(cards: &[Card], five: fn(&[Card; 5]) -> u32) -> u32 {
    assert!(cards.len() >= 5, "best_of needs at least five cards");
    let n = cards.len();
    let mut best = 0;
    let mut idx = [0usize, 1, 2, 3, 4];
    loop {
        let hand = idx.map(|i| cards[i]);
        best = best.max(five(&hand));
        // Next 5-combination of 0..n in lexicographic order.
        let mut k = 5;
        while k > 0 && idx[k - 1] == n - 5 + k - 1 {
            k -= 1;
        }
        if k == 0 {
            return best;
        }
        idx[k - 1] += 1;
        for j in k..5 {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// The category encoded in a standard reference value.
pub fn standard_category_of(value: u32) -> Category {
    Category::ALL[(value >> 20) as usize]
}

/// The category encoded in an Americana reference value.
pub fn americana_category_of(value: u32) -> Category {
    americana_category_at(value >> 24)
}

/// The category at place `order` of the Americana order (the inverse of [`americana_order`]).
fn americana_category_at(order: u32) -> Category {
    *Category::ALL.iter().find(|&&c| americana_order(c) == order).expect("valid order")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Deck};

    fn five(s: &str) -> [Card; 5] {
        parse_cards(s, Deck::Standard).unwrap().try_into().unwrap()
    }

    #[test]
    fn standard_examples_order_as_poker_does() {
        let order = [
            "7c5d4h3s2c",
            "AcKdQhJs9c",
            "2c2d3h4s5c",
            "AcAdKhQsJc",
            "2c2d3h3s4c",
            "AcAdKhKsQc",
            "2c2d2h3s4c",
            "Ac2d3h4s5c",
            "2c3d4h5s6c",
            "TcJdQhKsAc",
            "2c3c4c5c7c",
            "AcKcQcJc9c",
            "2c2d2h3s3c",
            "AcAdAhKsKc",
            "2c2d2h2s3c",
            "AcAdAhAsKc",
            "Ac2c3c4c5c",
            "TcJcQcKcAc",
        ];
        for w in order.windows(2) {
            assert!(standard5(&five(w[0])) < standard5(&five(w[1])), "{} < {}", w[0], w[1]);
        }
        assert_eq!(standard5(&five("AcKdQhJs9c")), standard5(&five("AdKhQsJc9d")));
    }

    #[test]
    fn americana_examples_follow_the_documented_ranking() {
        let order = [
            "KcTc9c8c7d", // high card, king of clubs
            "KdTc9c8c7c", // same ranks, king of diamonds
            "AcTd9h8s7c", // straight A-7-8-9-T, ten of diamonds
            "AdTs9h8s7c", // same straight, ten of spades
            "7c8d9hTsJc", // straight to the jack
            "7c7d7h8s8c", // full house
            "7c8c9cJcKc", // flush (beats full house)
            "AcAdAhAsKc", // quads
            "Ac7c8c9cTc", // lowest straight flush
        ];
        let am = |s| americana5(&five(s));
        for w in order.windows(2) {
            assert!(am(w[0]) < am(w[1]), "{} < {}", w[0], w[1]);
        }
        // Pairs tie-break on the highest kicker's suit.
        assert!(am("AcAdKc9h8h") < am("AhAsKd9c8c"));
    }

    #[test]
    fn best_of_seven_takes_the_best_subset() {
        let cards = parse_cards("AcAd2h7s9cAhAs", Deck::Standard).unwrap();
        assert_eq!(standard_category_of(best_of(&cards, standard5)), Category::FourOfAKind);
    }
}
