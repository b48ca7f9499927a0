//! Exact Omaha on a known flop or turn: the board's five-card hands are split by how many of
//! their three board cards are still to come, and the parts that do not change from board to
//! board are ranked once per matchup.
//!
//! With the flop known, a player's best hand on flop + x + y is the best of: the flop triple
//! (one value per matchup), the triples of two flop cards and x, or y (one value per card,
//! ranked once per matchup for every card left), and the three triples of one flop card with
//! x and y. So each of the 990 boards costs 3 triples × 6 pairs (18 lookups) per player
//! instead of 60. With the turn known, every board is a known part and one per-card value.
//! Lows are split the same way (their values are "larger is better, 0 for none", so the best
//! of the parts is their maximum).

use super::tally::{Counts, MAX_PLAYERS};
use crate::card::Card;
use crate::eval::low::low_bit_of;
use crate::eval::omaha::{pairs, triples};
use crate::eval::standard::{best_sum5, Hand};

/// A player's hole pairs.
struct Pairs {
    hands: [Hand; 15],
    lows: [u8; 15],
    n: usize,
}

impl Pairs {
    fn new(hole: &[Card]) -> Pairs {
        let (hands, n) = pairs(hole, |c| Hand::EMPTY.add(c), |a, b| a + b);
        let (lows, _) = pairs(hole, low_bit_of, |a, b| a | b);
        Pairs { hands, lows, n }
    }

    /// The best high and low of these pairs with these triples.
    fn best(&self, triples: &[(Hand, u8)], hilo: bool) -> (u32, u32) {
        let mut hands = [Hand::EMPTY; 10];
        let mut lows = [0u8; 10];
        for (i, &(h, l)) in triples.iter().take(10).enumerate() {
            hands[i] = h;
            lows[i] = l;
        }
        let k = triples.len().min(10);
        self.best_of(&hands[..k], &lows[..k], hilo)
    }

    /// The best high and low of these pairs with triples given as hands and low masks.
    #[inline(always)]
    fn best_of(&self, hands: &[Hand], lows: &[u8], hilo: bool) -> (u32, u32) {
        let high = best_sum5(&self.hands[..self.n], hands).value() as u32;
        let low = if hilo { low_value(&self.lows[..self.n], lows) } else { 0 };
        (high, low)
    }
}

/// The best eight-or-better low of a pair mask with a triple mask: 255 less the smallest
/// union of five ranks, 0 when none has five.
#[inline(always)]
fn low_value(pairs: &[u8], triples: &[u8]) -> u32 {
    let mut best = 0x100u32;
    for &t in triples {
        for &p in pairs {
            let u = (p | t) as u32;
            best = best.min(if u.count_ones() == 5 { u } else { 0x100 });
        }
    }
    if best == 0x100 {
        0
    } else {
        255 - best
    }
}

fn hand(cards: &[Card]) -> (Hand, u8) {
    cards.iter().fold((Hand::EMPTY, 0), |(h, l), &c| (h.add(c), l | low_bit_of(c)))
}

fn join(a: (Hand, u8), b: (Hand, u8)) -> (Hand, u8) {
    (a.0 + b.0, a.1 | b.1)
}

/// Counts every board of the known `board` (three or four cards) plus one or two of `rest`
/// (the cards left), for players holding `holes`.
pub(crate) fn count(
    hilo: bool,
    holes: &[&[Card]],
    board: &[Card],
    rest: &[Card],
    counts: &mut Counts,
) {
    let n = holes.len().min(MAX_PLAYERS);
    let players: Vec<Pairs> = holes[..n].iter().map(|h| Pairs::new(h)).collect();
    let one = |c: Card| hand(&[c]);
    // Triples of known cards only, and pairs of known cards (to join one new card).
    let (known3, n3) = triples(board, one, join);
    let (known2, n2) = pairs(board, one, join);
    let fixed: Vec<(u32, u32)> = players.iter().map(|p| p.best(&known3[..n3], hilo)).collect();
    // Per player and card left: the best with triples of two known cards and that card.
    let mut single = vec![[(0u32, 0u32); 64]; n];
    for &c in rest {
        let triples: Vec<(Hand, u8)> = known2[..n2].iter().map(|&d| join(d, one(c))).collect();
        for (p, player) in players.iter().enumerate() {
            let (h, l) = player.best(&triples, hilo);
            let f = fixed[p];
            single[p][c.index() as usize & 63] = (h.max(f.0), l.max(f.1));
        }
    }
    let mut high = [0u32; MAX_PLAYERS];
    let mut low = [0u32; MAX_PLAYERS];
    let settle = |high: &[u32], low: &[u32], counts: &mut Counts| {
        if hilo {
            counts.hilo(high, low);
        } else {
            counts.showdown(high, 1);
        }
    };
    if board.len() == 4 {
        for &x in rest {
            for p in 0..n {
                (high[p], low[p]) = single[p][x.index() as usize & 63];
            }
            settle(&high[..n], &low[..n], counts);
        }
        return;
    }
    // The flop is known: each board adds the three triples of one flop card with x and y.
    let flop: Vec<(Hand, u8)> = board.iter().map(|&c| one(c)).collect();
    let mut th = [Hand::EMPTY; 3];
    let mut tl = [0u8; 3];
    for (i, &x) in rest.iter().enumerate() {
        let hx = one(x);
        for &y in &rest[i + 1..] {
            let xy = join(hx, one(y));
            for ((h, l), &f) in th.iter_mut().zip(tl.iter_mut()).zip(&flop) {
                (*h, *l) = join(f, xy);
            }
            for (p, player) in players.iter().enumerate() {
                let (h, l) = player.best_of(&th, &tl, hilo);
                let (sx, sy) =
                    (single[p][x.index() as usize & 63], single[p][y.index() as usize & 63]);
                high[p] = h.max(sx.0).max(sy.0);
                low[p] = l.max(sx.1).max(sy.1);
            }
            settle(&high[..n], &low[..n], counts);
        }
    }
}
