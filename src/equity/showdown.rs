//! How the community-card games other than hold'em settle a showdown: Omaha high, Omaha
//! high-low eight or better, and short-deck hold'em.
//!
//! Each game prepares a player's hole cards once per hand ([`Showdown::player`]) and the five
//! board cards once per board ([`Showdown::board`]), shared by every player: for Omaha, the
//! hole pairs and the board triples as additive standard hands and as eight-or-better rank
//! masks, so that each of the 60 (100 for five hole cards) five-card hands is one addition and
//! one lookup, and each low one OR and a bit count.

use crate::card::Card;
use crate::eval::low::ACE_LOW_BITS;
use crate::eval::omaha::{pairs, triples};
use crate::eval::shortdeck::ShortDeckHand;
use crate::eval::standard::{best_sum5, Hand};

/// A community-card game's showdown.
pub(crate) trait Showdown: Copy + Send + Sync + 'static {
    /// A player's hole cards, prepared.
    type Player: Copy + Send + Sync;
    /// Five board cards, prepared.
    type Board: Copy + Send + Sync;
    /// Whether the pot is split high-low (eight or better).
    const HILO: bool;
    /// Prepares a player's hole cards.
    fn player(cards: &[Card]) -> Self::Player;
    /// Prepares five board cards.
    fn board(cards: &[Card; 5]) -> Self::Board;
    /// The player's high hand on the board (larger wins, equal splits).
    fn high(p: &Self::Player, b: &Self::Board) -> u32;
    /// The player's eight-or-better low (larger wins, equal splits), 0 for none.
    fn low(_p: &Self::Player, _b: &Self::Board) -> u32 {
        0
    }
}

/// A card's eight-or-better rank bit (bit 0 the ace, ..., bit 7 the eight), 0 above eight.
#[inline(always)]
fn low_bit(c: Card) -> u8 {
    (ACE_LOW_BITS[c.index() as usize & 63] & 0xff) as u8
}

/// Omaha hole cards: the hole pairs as hands and as low masks.
#[derive(Clone, Copy)]
pub(crate) struct OmahaPlayer {
    pairs: [Hand; 10],
    lows: [u8; 10],
    n: usize,
}

/// An Omaha board: the ten triples as hands and as low masks; whether any low can be made.
#[derive(Clone, Copy)]
pub(crate) struct OmahaBoard {
    triples: [Hand; 10],
    lows: [u8; 10],
    low_possible: bool,
}

/// Omaha high, four or five hole cards.
#[derive(Clone, Copy)]
pub(crate) struct OmahaHigh;

/// Omaha high-low eight or better, four or five hole cards.
#[derive(Clone, Copy)]
pub(crate) struct OmahaHiLo;

#[inline(always)]
fn omaha_player(cards: &[Card]) -> OmahaPlayer {
    let (hands, n) = pairs(cards, |c| Hand::EMPTY.add(c), |a, b| a + b);
    let (lows, _) = pairs(cards, low_bit, |a, b| a | b);
    let mut p = OmahaPlayer { pairs: [Hand::EMPTY; 10], lows: [0; 10], n: n.min(10) };
    p.pairs.copy_from_slice(&hands[..10]);
    p.lows.copy_from_slice(&lows[..10]);
    p
}

#[inline(always)]
fn omaha_board(cards: &[Card; 5]) -> OmahaBoard {
    let (hands, _) = triples(cards, |c| Hand::EMPTY.add(c), |a, b| a + b);
    let (lows, _) = triples(cards, low_bit, |a, b| a | b);
    let all = cards.iter().fold(0u8, |m, &c| m | low_bit(c));
    OmahaBoard { triples: hands, lows, low_possible: all.count_ones() >= 3 }
}

/// The best eight-or-better low of a hole pair and a board triple: 255 less the smallest
/// five-rank union, 0 when none has five ranks.
#[inline(always)]
fn omaha_low(p: &OmahaPlayer, b: &OmahaBoard) -> u32 {
    if !b.low_possible {
        return 0;
    }
    let mut best = 0x100u32;
    for &t in &b.lows {
        for &h in &p.lows[..p.n] {
            let u = (h | t) as u32;
            let v = if u.count_ones() == 5 { u } else { 0x100 };
            best = best.min(v);
        }
    }
    // A board with three low ranks has ten triples, one of them those three.
    if best == 0x100 {
        0
    } else {
        255 - best
    }
}

impl Showdown for OmahaHigh {
    type Player = OmahaPlayer;
    type Board = OmahaBoard;
    const HILO: bool = false;
    #[inline(always)]
    fn player(cards: &[Card]) -> OmahaPlayer {
        omaha_player(cards)
    }
    #[inline(always)]
    fn board(cards: &[Card; 5]) -> OmahaBoard {
        omaha_board(cards)
    }
    #[inline(always)]
    fn high(p: &OmahaPlayer, b: &OmahaBoard) -> u32 {
        best_sum5(&p.pairs[..p.n], &b.triples).value() as u32
    }
}

impl Showdown for OmahaHiLo {
    type Player = OmahaPlayer;
    type Board = OmahaBoard;
    const HILO: bool = true;
    #[inline(always)]
    fn player(cards: &[Card]) -> OmahaPlayer {
        omaha_player(cards)
    }
    #[inline(always)]
    fn board(cards: &[Card; 5]) -> OmahaBoard {
        omaha_board(cards)
    }
    #[inline(always)]
    fn high(p: &OmahaPlayer, b: &OmahaBoard) -> u32 {
        best_sum5(&p.pairs[..p.n], &b.triples).value() as u32
    }
    #[inline(always)]
    fn low(p: &OmahaPlayer, b: &OmahaBoard) -> u32 {
        omaha_low(p, b)
    }
}

/// Short-deck hold'em: the best five of the two hole cards and five board cards.
#[derive(Clone, Copy)]
pub(crate) struct ShortDeck;

impl Showdown for ShortDeck {
    type Player = ShortDeckHand;
    type Board = ShortDeckHand;
    const HILO: bool = false;
    #[inline(always)]
    fn player(cards: &[Card]) -> ShortDeckHand {
        cards.iter().fold(ShortDeckHand::EMPTY, |h, &c| h.add(c))
    }
    #[inline(always)]
    fn board(cards: &[Card; 5]) -> ShortDeckHand {
        cards.iter().fold(ShortDeckHand::EMPTY, |h, &c| h.add(c))
    }
    #[inline(always)]
    fn high(p: &ShortDeckHand, b: &ShortDeckHand) -> u32 {
        (*p + *b).rank7().value()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Deck};
    use crate::eval::{low, omaha};

    fn cards(s: &str) -> Vec<Card> {
        parse_cards(s, Deck::Standard).unwrap()
    }

    /// The prepared showdown gives the evaluators' own answers.
    #[test]
    fn prepared_hands_rank_as_the_evaluators_do() {
        for (hole, board) in [
            ("AhKh3c2d", "QhJh4h5s8c"),
            ("Ac2d7h8s", "3c4d5hKsQc"),
            ("AcAdKhKs", "2c3d4hQsJc"),
            ("Ac2d6h7s9c", "Ad3c4dKsQc"),
            ("9c9d9h9s", "KcKdKhTsTd"),
        ] {
            let (h, b) = (cards(hole), cards(board));
            let b5: [Card; 5] = b.clone().try_into().unwrap();
            let p = OmahaHiLo::player(&h);
            let bb = OmahaHiLo::board(&b5);
            assert_eq!(OmahaHiLo::high(&p, &bb), omaha::evaluate(&h, &b).unwrap().value() as u32);
            let want = low::omaha_low(&h, &b).unwrap().map_or(0, |l| l.value());
            assert_eq!(OmahaHiLo::low(&p, &bb), want, "{hole} {board}");
        }
    }
}
