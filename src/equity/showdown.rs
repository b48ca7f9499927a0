//! How the community-card games other than hold'em settle a showdown: Omaha high, Omaha
//! high-low eight or better, and short-deck hold'em.
//!
//! Each game prepares a player's hole cards once per hand ([`Showdown::player`]) and the five
//! board cards once per board ([`Showdown::board`]), shared by every player. For Omaha the
//! board is its row of the evaluator's five-board table (the best value of each rank pair
//! without a flush) and its flush suit, and a player's high is one read per distinct rank pair
//! of the hole cards, plus the flush table when the board has three cards of a suit the player
//! holds two of; a low is one read per hole pair of a table indexed by the pair's
//! eight-or-better ranks and the board's.

use crate::card::Card;
use crate::eval::low::ACE_LOW_BITS;
use crate::eval::omaha::board5;
use crate::eval::omaha::pairs;
use crate::eval::shortdeck::ShortDeckHand;
use crate::eval::standard::Hand;

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
    /// Prepares hole cards that meet one board only (a Monte Carlo deal of a range or `random`
    /// player): the same values, without the work that pays only over many boards.
    #[inline(always)]
    fn player_once(cards: &[Card]) -> Self::Player {
        Self::player(cards)
    }
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

/// Omaha hole cards: the hole pairs as low masks; the distinct rank pairs (without a flush,
/// a five-card hand's value depends on its ranks alone, so AAKK has three, not six); the ranks
/// each suit holds.
#[derive(Clone, Copy)]
pub(crate) struct OmahaPlayer {
    /// Up to 15: the pairs of six hole cards.
    lows: [u8; 15],
    n: usize,
    /// The numbers of the distinct rank pairs in a board's row of [`board5::table`].
    plain: [u8; 15],
    n_plain: usize,
    /// Per suit, the ranks of the hole cards of that suit; 0 after the four suits.
    suit_ranks: [u16; 5],
}

/// An Omaha board: its row of the five-board table (the best value of each rank pair without a
/// flush); the suit with three board cards or more and their ranks; the board's low ranks.
#[derive(Clone, Copy)]
pub(crate) struct OmahaBoard {
    row: &'static [u16; board5::PAIRS],
    /// The suit with three board cards or more, 4 for none.
    flush_suit: u8,
    flush_ranks: u16,
    /// The eight-or-better ranks on the board (bit 0 the ace, ..., bit 7 the eight).
    low_ranks: u8,
}

/// Omaha with four, five or six hole cards: high only, or high-low eight or better when
/// `HILO`.
#[derive(Clone, Copy)]
pub(crate) struct Omaha<const HILO: bool>;

/// Omaha high.
pub(crate) type OmahaHigh = Omaha<false>;

/// Omaha high-low eight or better.
pub(crate) type OmahaHiLo = Omaha<true>;

/// Prepares hole cards; the low masks only when `LOW`, and pairs of the same two ranks read
/// once only when `DEDUP` (worth it when the hand meets many boards).
#[inline(always)]
fn omaha_player<const LOW: bool, const DEDUP: bool>(cards: &[Card]) -> OmahaPlayer {
    let (lows, _) = if LOW { pairs(cards, low_bit, |a, b| a | b) } else { ([0; 15], 0) };
    let (ids, n) = pairs(cards, |c| c.rank().index(), board5::pair);
    let all = cards.iter().take(10).fold(Hand::EMPTY, |h, &c| h.add(c));
    let mut p = OmahaPlayer {
        lows,
        n: n.min(15),
        plain: [0; 15],
        n_plain: 0,
        suit_ranks: [0, 1, 2, 3, 4].map(|s| all.lane(s)),
    };
    if !DEDUP {
        p.plain = ids;
        p.n_plain = p.n;
        return p;
    }
    // Pairs of the same two ranks have the same value without a flush: keep one.
    for &id in &ids[..p.n] {
        if !p.plain[..p.n_plain].contains(&id) {
            p.plain[p.n_plain] = id;
            p.n_plain += 1;
        }
    }
    p
}

/// The best Omaha high hand of a prepared player on a prepared board: the best of the player's
/// rank pairs in the board's row, or a flush of two hole cards and three board cards.
#[inline(always)]
fn omaha_high(p: &OmahaPlayer, b: &OmahaBoard) -> u32 {
    let mut best = 0u16;
    for &q in &p.plain[..p.n_plain] {
        best = best.max(b.row.get(q as usize).copied().unwrap_or(0));
    }
    let mine = p.suit_ranks[b.flush_suit as usize % 5];
    if mine & mine.wrapping_sub(1) != 0 {
        best = best.max(board5::flush_best(mine, b.flush_ranks));
    }
    best as u32
}

/// Prepares a board; the low masks only when `LOW`.
#[inline(always)]
fn omaha_board<const LOW: bool>(cards: &[Card; 5]) -> OmahaBoard {
    let hand = cards.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
    let row = board5::row(hand);
    let (flush_suit, flush_ranks) = hand.suit_of_three();
    let low_ranks = if LOW { cards.iter().fold(0u8, |m, &c| m | low_bit(c)) } else { 0 };
    OmahaBoard { row, flush_suit, flush_ranks, low_ranks }
}

/// The best eight-or-better low of every hole pair's low ranks (8 bits) with every set of
/// board low ranks (8 bits): `table[pair << 8 | board]`, larger is better, 0 for none.
///
/// The board's triples that can make a low are three of its distinct low ranks (a triple with
/// two cards of a rank has two), so the best low depends only on the pair's two ranks and the
/// set of board low ranks: 255 less the smallest union of the pair with three of the set that
/// has five ranks. 64 KiB, built on first use.
fn low_table() -> &'static [u8; 1 << 16] {
    static TABLE: std::sync::OnceLock<Box<[u8; 1 << 16]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t: Box<[u8; 1 << 16]> = Box::new([0; 1 << 16]);
        let threes: Vec<u32> = (0u32..256).filter(|m| m.count_ones() == 3).collect();
        for pair in (0u32..256).filter(|m| m.count_ones() == 2) {
            for board in 0u32..256 {
                let best = threes
                    .iter()
                    .filter(|&&t| t & board == t)
                    .map(|&t| t | pair)
                    .filter(|u| u.count_ones() == 5)
                    .min();
                if let Some(u) = best {
                    t[(pair << 8 | board) as usize] = (255 - u) as u8;
                }
            }
        }
        t
    })
}

/// The best eight-or-better low of a prepared player on a prepared board: one read of
/// [`low_table`] per hole pair.
#[inline(always)]
fn omaha_low(p: &OmahaPlayer, b: &OmahaBoard) -> u32 {
    if b.low_ranks.count_ones() < 3 {
        return 0;
    }
    let table = low_table();
    let mut best = 0u8;
    for &h in &p.lows[..p.n] {
        best = best.max(table[(h as usize) << 8 | b.low_ranks as usize]);
    }
    best as u32
}

impl<const HILO: bool> Showdown for Omaha<HILO> {
    type Player = OmahaPlayer;
    type Board = OmahaBoard;
    const HILO: bool = HILO;
    #[inline(always)]
    fn player(cards: &[Card]) -> OmahaPlayer {
        omaha_player::<HILO, true>(cards)
    }
    #[inline(always)]
    fn player_once(cards: &[Card]) -> OmahaPlayer {
        omaha_player::<HILO, false>(cards)
    }
    #[inline(always)]
    fn board(cards: &[Card; 5]) -> OmahaBoard {
        omaha_board::<HILO>(cards)
    }
    #[inline(always)]
    fn high(p: &OmahaPlayer, b: &OmahaBoard) -> u32 {
        omaha_high(p, b)
    }
    #[inline(always)]
    fn low(p: &OmahaPlayer, b: &OmahaBoard) -> u32 {
        if HILO {
            omaha_low(p, b)
        } else {
            0
        }
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
    use crate::card::testing::cards;
    use crate::eval::{low, omaha};

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

    /// Random deals of four and five hole cards, many with flushes possible: the prepared
    /// high (with its flush shortcut and pairs of equal ranks ranked once) is the best of every
    /// two hole cards with every three board cards, each ranked as a five-card hand.
    #[test]
    fn the_flush_shortcut_and_rank_pairs_change_no_value() {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        let deck: Vec<Card> = Card::all().collect();
        let two_suits: Vec<Card> = deck.iter().copied().filter(|c| c.suit().index() < 2).collect();
        for round in 0..3000 {
            // Half the deals from two suits only, where flushes are common.
            let mut pool = if round % 2 == 0 { deck.clone() } else { two_suits.clone() };
            pool.shuffle(&mut rng);
            let k = 4 + round / 2 % 2;
            let (hole, board) = (&pool[..k], &pool[k..k + 5]);
            let mut want = 0u32;
            for i in 0..k {
                for j in i + 1..k {
                    for a in 0..5 {
                        for b in a + 1..5 {
                            for c in b + 1..5 {
                                let five = [hole[i], hole[j], board[a], board[b], board[c]];
                                let v = crate::eval::standard::evaluate(&five).unwrap().value();
                                want = want.max(v as u32);
                            }
                        }
                    }
                }
            }
            let b5: [Card; 5] = board.try_into().unwrap();
            let got = OmahaHigh::high(&OmahaHigh::player(hole), &OmahaHigh::board(&b5));
            assert_eq!(got, want, "{hole:?} {board:?}");
            // Hole cards prepared for one board: every pair read, the same value.
            let once = OmahaHigh::high(&OmahaHigh::player_once(hole), &OmahaHigh::board(&b5));
            assert_eq!(once, want, "{hole:?} {board:?}");
            let (p, b) = (OmahaHiLo::player_once(hole), OmahaHiLo::board(&b5));
            assert_eq!(OmahaHiLo::high(&p, &b), want);
            let low = low::omaha_low(hole, board).unwrap().map_or(0, |l| l.value());
            assert_eq!(OmahaHiLo::low(&p, &b), low, "{hole:?} {board:?}");
            assert_eq!(OmahaHiLo::low(&OmahaHiLo::player(hole), &b), low, "{hole:?} {board:?}");
            assert_eq!(omaha::rank(hole, board).value() as u32, want);
        }
    }
}
