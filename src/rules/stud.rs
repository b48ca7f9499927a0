//! Stud: who brings in, and who opens later rounds by the best showing hand.
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::rules::stud::showing_key;
//! let showing = |s| showing_key(&parse_cards(s, Deck::Standard).unwrap(), false);
//! assert!(showing("2c2d") > showing("AsKs")); // a pair shows better than high cards
//! assert!(showing("9s8s7s6s") < showing("TcTd")); // straights and flushes do not count
//! assert_eq!(showing("AsKd"), showing("AhKc")); // a tie: the lowest seat opens
//! // Americana breaks the tie by suit.
//! let americana = |s| showing_key(&parse_cards(s, Deck::Americana).unwrap(), true);
//! assert!(americana("AsKd") > americana("AhKc"));
//! ```

use crate::card::Card;

use super::state::HandState;
use super::Opening;

/// Ranks a showing hand of 1 to 4 up cards; a larger key opens. Only pairs, two pair, trips and
/// quads count, then ranks from high to low (straights and flushes do not count). With
/// `suit_broken` (Americana) equal ranks are broken by the suit of the best kicker, or with no
/// kicker the highest suit in the top group, so two hands from one deck never tie.
pub fn showing_key(cards: &[Card], suit_broken: bool) -> u32 {
    let mut counts = [0u8; 13];
    for c in cards {
        counts[c.rank().index() as usize] += 1;
    }
    let (buf, len, key) = grouped(&counts);
    let groups = &buf[..len];
    let suit = if suit_broken {
        let kicker = groups.iter().find(|g| g.0 == 1).map(|g| g.1);
        let rank = kicker.or(groups.first().map(|g| g.1));
        cards
            .iter()
            .filter(|c| Some(c.rank().index()) == rank)
            .map(|c| c.suit().index())
            .max()
            .unwrap_or(0)
    } else {
        0
    };
    key << 2 | u32::from(suit)
}

/// Ranks a razz showing hand of 1 to 4 up cards; a **smaller** key is the better low and opens.
/// The ace counts low; hands without a pair beat pairs, which beat two pair, then trips and
/// quads; within a category the ranks compare from the pair (or the highest card) down, the
/// lower winning. Straights and flushes do not count (PokerKit's low-hand opening order).
///
/// ```
/// use feltkit::card::{parse_cards, Deck};
/// use feltkit::rules::stud::low_showing_key;
/// let key = |s| low_showing_key(&parse_cards(s, Deck::Standard).unwrap());
/// assert!(key("As2d") < key("3c2h")); // A-2 is the best low showing
/// assert!(key("KsQd") < key("2c2d")); // no pair beats a pair
/// assert!(key("7c5d4h") < key("7d6h2s"));
/// assert_eq!(key("As2d"), key("Ah2c")); // a tie: the lowest seat opens
/// ```
pub fn low_showing_key(cards: &[Card]) -> u32 {
    let mut counts = [0u8; 13];
    for c in cards {
        counts[usize::from(ace_low(*c))] += 1;
    }
    grouped(&counts).2
}

/// The ranks held, grouped as (count, rank) with the largest group first, then the highest
/// rank; how many groups; and the key they make: the category (0 no pair, 1 a pair, 2 two pair,
/// 3 trips, 4 quads) then the groups' ranks, four bits each.
fn grouped(counts: &[u8; 13]) -> ([(u8, u8); 13], usize, u32) {
    let mut buf = [(0u8, 0u8); 13];
    let mut len = 0;
    for r in (0..13u8).filter(|&r| counts[usize::from(r)] > 0) {
        buf[len] = (counts[usize::from(r)], r);
        len += 1;
    }
    buf[..len].sort_unstable_by(|a, b| b.cmp(a));
    let groups = &buf[..len];
    let category: u32 = match (groups.first().map_or(0, |g| g.0), groups.get(1).map_or(0, |g| g.0))
    {
        (4, _) => 4,
        (3, _) => 3,
        (2, 2) => 2,
        (2, _) => 1,
        _ => 0,
    };
    let mut key = category;
    for k in 0..4 {
        key = key << 4 | groups.get(k).map_or(0, |g| u32::from(g.1) + 1);
    }
    (buf, len, key)
}

/// A card's rank with the ace low: the ace 0, the two 1, ... the king 12.
fn ace_low(card: Card) -> u8 {
    (card.rank().index() + 1) % 13
}

impl HandState {
    /// The up cards of a player.
    pub fn up_cards(&self, player: usize) -> Vec<Card> {
        self.up_iter(player).collect()
    }

    /// The up cards of a player, without collecting them.
    fn up_iter(&self, player: usize) -> impl Iterator<Item = Card> + '_ {
        let holding = &self.hole[player];
        holding.iter().zip(holding.ups()).filter_map(|(c, &up)| if up { *c } else { None })
    }

    /// The up cards of a player in a buffer (a holding has at most eight cards).
    fn up_buf(&self, player: usize) -> Option<([Card; 8], usize)> {
        let mut cards = self.up_iter(player);
        let first = cards.next()?;
        let mut buf = [first; 8];
        let mut len = 1;
        for (slot, c) in buf[1..].iter_mut().zip(cards) {
            *slot = c;
            len += 1;
        }
        Some((buf, len))
    }

    /// Who opens a round opened by cards: the lowest or highest up card (by rank, then suit
    /// clubs < diamonds < hearts < spades; in razz the ace is low), or the best showing hand
    /// (in razz the best low; ties: the lowest seat).
    /// Players who folded show nothing; players all-in still show (the next seat then acts).
    pub(super) fn card_opener(&self, opening: Opening) -> Option<usize> {
        if opening == Opening::Position {
            return None;
        }
        let mut best: Option<(u32, usize)> = None;
        let suit_broken = self.game.deck == crate::card::Deck::Americana;
        for i in (0..self.n).filter(|&i| !self.folded[i]) {
            let Some((buf, len)) = self.up_buf(i) else { continue };
            let up = &buf[..len];
            let key = match opening {
                // Lowest card wins: invert so that the largest key opens.
                Opening::LowCard => {
                    255 - u32::from(up.iter().map(|c| c.index()).min().unwrap_or(0))
                }
                Opening::HighCard => u32::from(up.iter().map(|c| c.index()).max().unwrap_or(0)),
                // Razz: the highest card with the ace low, then the highest suit.
                Opening::HighCardAceLow => up
                    .iter()
                    .map(|c| u32::from(ace_low(*c)) << 2 | u32::from(c.suit().index()))
                    .max()
                    .unwrap_or(0),
                Opening::BestShowing => showing_key(up, suit_broken),
                Opening::LowShowing => u32::MAX - low_showing_key(up),
                Opening::Position => return None,
            };
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// Whether the player who opens this betting round was chosen by suit: two players show the
    /// same by rank (the lowest or highest up card; in Americana, where suits break every tie,
    /// also the best showing hand). Standard stud's later rounds break ties by seat, not suit.
    pub fn opened_by_suit(&self) -> bool {
        let Some(street) = self.game.streets.get(self.street) else { return false };
        let americana = self.game.deck == crate::card::Deck::Americana;
        let opening = street.opening;
        let by_hand = matches!(opening, Opening::BestShowing | Opening::LowShowing);
        if opening == Opening::Position || (by_hand && !americana) {
            return false;
        }
        // The best rank-only key, and how many players show it.
        let mut best: Option<(u32, usize)> = None;
        for i in (0..self.n).filter(|&i| !self.folded[i]) {
            let Some((buf, len)) = self.up_buf(i) else { continue };
            let up = &buf[..len];
            let rank = |c: &Card| u32::from(c.rank().index());
            let key = match opening {
                Opening::LowCard => 255 - up.iter().map(rank).min().unwrap_or(0),
                Opening::HighCard => up.iter().map(rank).max().unwrap_or(0),
                Opening::HighCardAceLow => {
                    up.iter().map(|c| u32::from(ace_low(*c))).max().unwrap_or(0)
                }
                _ => showing_key(up, false),
            };
            best = match best {
                Some((k, n)) if k == key => Some((k, n + 1)),
                Some((k, n)) if k > key => Some((k, n)),
                _ => Some((key, 1)),
            };
        }
        best.is_some_and(|(_, n)| n > 1)
    }

    /// Whether a live player shows a pair on this street (the 4th-street open-pair option).
    pub(super) fn open_pair_showing(&self) -> bool {
        (0..self.n).filter(|&i| !self.folded[i]).any(|i| {
            let Some((buf, len)) = self.up_buf(i) else { return false };
            let up = &buf[..len];
            up.iter().enumerate().any(|(k, a)| up[k + 1..].iter().any(|b| b.rank() == a.rank()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Deck};

    fn key(s: &str, americana: bool) -> u32 {
        let deck = if americana { Deck::Americana } else { Deck::Standard };
        showing_key(&parse_cards(s, deck).unwrap(), americana)
    }

    #[test]
    fn showing_hands_rank_pairs_trips_quads_not_straights() {
        assert!(key("2c2d", false) > key("AsKs", false));
        assert!(key("3c3d2h2s", false) > key("AsAdKhQs", false));
        assert!(key("7c7d7h", false) > key("AsAdKhKs", false));
        assert!(key("5c5d5h5s", false) > key("AsAdAh", false));
        assert!(key("AsKd", false) > key("AsQd", false));
        // A straight or flush draw showing is only high cards.
        assert!(key("9s8s7s6s", false) < key("TcTd", false));
        assert_eq!(key("AsKd", false), key("AhKc", false));
    }

    #[test]
    fn americana_breaks_ties_by_suit() {
        assert!(key("AsKd", true) > key("AhKc", true));
        // Pair of kings: the kicker's suit decides.
        assert!(key("KsKdQh", true) > key("KhKcQc", true));
        // No kicker: the highest suit in the pair.
        assert!(key("AsAc", true) > key("AhAd", true));
    }
}
