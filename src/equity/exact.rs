//! Hold'em with every player's two cards known: the boards are enumerated directly.
//!
//! With one combo per player there is one matchup, and with at most two board cards to come
//! there are at most 1,081 boards, so walking them beats the rank-pattern machinery of
//! [`super::ranks`] (which pays for its tables per matchup). Each player's hand is the sum of
//! the hole cards and the known board, built once; each board adds the new cards to it, and
//! the showdown goes into the same integer [`Counts`] as the general path, so the results are
//! identical. Preflop (five cards to come) stays on the rank-pattern path, which is faster
//! there.

use super::holdem::HoldemSpot;
use super::sink::Sink;
use super::tally::{Counts, MAX_PLAYERS};
use crate::card::{Card, CardSet};
use crate::eval::standard::Hand;

/// The most board cards still to come for which direct enumeration is used.
const MAX_LEFT: usize = 2;

/// Whether the setup is hold'em with exact hands, a single deal of hole cards and at most
/// [`MAX_LEFT`] board cards to come.
pub(crate) fn applies(s: &HoldemSpot) -> bool {
    if s.board_left() > MAX_LEFT || s.players.len() > MAX_PLAYERS {
        return false;
    }
    let mut used = s.known;
    for p in &s.players {
        let [w] = p.as_slice() else { return false };
        if w.weight != 1 || !w.combo.set().is_disjoint(used) {
            return false;
        }
        used = used.union(w.combo.set());
    }
    true
}

/// Exact counts over every board, for a setup where [`applies`] holds, into a sink.
pub(crate) fn exhaustive<S: Sink>(s: &HoldemSpot) -> S {
    let n = s.players.len();
    let counts = match n {
        2 => heads_up(s),
        3 => multiway::<3>(s),
        4 => multiway::<4>(s),
        5 => multiway::<5>(s),
        6 => multiway::<6>(s),
        7 => multiway::<7>(s),
        8 => multiway::<8>(s),
        9 => multiway::<9>(s),
        _ => multiway::<10>(s),
    };
    let mut combos = [0u16; MAX_PLAYERS];
    for (c, p) in combos.iter_mut().zip(&s.players) {
        *c = p[0].combo.index() as u16;
    }
    let mut sink = S::new(n);
    sink.add(&combos[..n], &counts, 1, counts.deals);
    sink
}

/// Each player's hole cards plus the known board, and the cards left in the deck.
struct Parts<const N: usize> {
    hands: [Hand; N],
    deck: [Card; 52],
    len: usize,
}

impl<const N: usize> Parts<N> {
    fn new(s: &HoldemSpot) -> Parts<N> {
        let board = s.board.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
        let mut hands = [board; N];
        let mut used = s.known;
        for (hand, p) in hands.iter_mut().zip(&s.players) {
            let [a, b] = p[0].combo.cards();
            *hand = hand.add(a).add(b);
            used = used.union(p[0].combo.set());
        }
        let mut deck = [Card::new(crate::card::Rank::TWO, crate::card::Suit::CLUBS); 52];
        let mut len = 0;
        for c in CardSet::from_bits(!used.bits() & ((1 << 52) - 1)).iter() {
            deck[len] = c;
            len += 1;
        }
        Parts { hands, deck, len }
    }

    fn deck(&self) -> &[Card] {
        &self.deck[..self.len]
    }
}

/// Two players: branch-free counting.
fn heads_up(s: &HoldemSpot) -> Counts {
    let parts = Parts::<2>::new(s);
    let [a, b] = parts.hands;
    let deck = parts.deck();
    let mut c = Counts::default();
    match s.board_left() {
        0 => c.heads_up(a.rank7(), b.rank7(), 1),
        1 => {
            for &x in deck {
                c.heads_up(a.add(x).rank7(), b.add(x).rank7(), 1);
            }
        }
        _ => {
            for (i, &x) in deck.iter().enumerate() {
                let (ax, bx) = (a.add(x), b.add(x));
                for &y in &deck[i + 1..] {
                    c.heads_up(ax.add(y).rank7(), bx.add(y).rank7(), 1);
                }
            }
        }
    }
    c.finish_heads_up();
    c
}

/// Three or more players: the general showdown.
fn multiway<const N: usize>(s: &HoldemSpot) -> Counts {
    let parts = Parts::<N>::new(s);
    let hands = parts.hands;
    let deck = parts.deck();
    let mut c = Counts::default();
    let rank = |hands: &[Hand; N], extra: Hand| hands.map(|h| (h + extra).rank7());
    match s.board_left() {
        0 => c.showdown(&rank(&hands, Hand::EMPTY), 1),
        1 => {
            for &x in deck {
                c.showdown(&rank(&hands, Hand::EMPTY.add(x)), 1);
            }
        }
        _ => {
            for (i, &x) in deck.iter().enumerate() {
                let with_x = hands.map(|h| h.add(x));
                for &y in &deck[i + 1..] {
                    c.showdown(&rank(&with_x, Hand::EMPTY.add(y)), 1);
                }
            }
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::super::tally::Tally;
    use super::super::{holdem, Game, Query};
    use super::*;
    use crate::card::format_cards;

    /// Random exact deals of 2 to 4 players on 3, 4 and 5 card boards, some with dead cards:
    /// the direct enumeration and the general matchup path count the same.
    #[test]
    fn direct_enumeration_matches_the_general_path() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut all: Vec<Card> = Card::all().collect();
        for round in 0..300 {
            all.shuffle(&mut rng);
            let players = 2 + round % 3;
            let board_len = [3, 4, 5][round / 3 % 3];
            let dead_len = [0, 0, 2][round / 9 % 3];
            let mut cards = all.iter().copied();
            let mut take = |k: usize| format_cards(&cards.by_ref().take(k).collect::<Vec<_>>());
            let hands: Vec<String> = (0..players).map(|_| take(2)).collect();
            let mut q = Query::new(Game::Holdem, hands);
            q.board = take(board_len);
            q.dead = take(dead_len);
            let parsed = q.parse().unwrap();
            let setup = HoldemSpot::new(&parsed).unwrap();
            assert!(applies(&setup), "{q:?}");
            let general = holdem::by_matchups::<Tally>(&setup, None).unwrap();
            assert_eq!(exhaustive::<Tally>(&setup), general, "{q:?}");
        }
    }

    #[test]
    fn ranges_and_preflop_deals_take_the_general_path() {
        let setup = |players: [&str; 2], board: &str| {
            let mut q = Query::new(Game::Holdem, players);
            q.board = board.into();
            HoldemSpot::new(&q.parse().unwrap()).unwrap()
        };
        assert!(applies(&setup(["AhKh", "QsQd"], "2c7d9h")));
        assert!(applies(&setup(["AhKh", "QsQd"], "2c7d9hTs")));
        assert!(!applies(&setup(["AhKh", "QsQd"], "")));
        assert!(!applies(&setup(["AhKh", "QQ"], "2c7d9h")));
    }
}
