//! Heads-up hold'em with wide ranges, board first.
//!
//! For `random` against `random` there are about 70,000 matchups even after suit isomorphism,
//! but only 134,459 boards up to suit permutation. So for wide heads-up ranges the loop turns
//! around: for each board (one per class of boards that a suit permutation keeping both ranges,
//! the known board and the dead cards maps onto each other, weighted by the class size), every
//! combo of either range is ranked once, the combos are sorted by rank, and each player-1
//! combo's wins and ties are read off running sums of player-2 weight below and equal to its
//! rank, minus the weight of player-2 combos that share one of its two cards (running sums per
//! card). Each board costs one evaluation per combo plus a sort, instead of one per matchup.
//! The same sort gives the second player's rows too, which [`by_hand`](super::by_hand) keeps
//! per combo ([`Sink::ROWS`]); the plain query derives them from the first player's.

use rayon::prelude::*;

use super::holdem::HoldemSpot;
use super::iso;
use super::sink::Sink;
use super::Progress;
use crate::card::{Card, CardSet};
use crate::eval::standard::Hand;
use crate::range::COMBOS;

/// Bits of the clubs cards; shifted by a suit index, the cards of that suit.
const LANE: u64 = 0x0001_1111_1111_1111;

/// The image of a card mask under a suit permutation.
#[inline(always)]
fn map_bits(perm: &iso::SuitPerm, bits: u64) -> u64 {
    let mut out = 0;
    for s in 0..4 {
        out |= ((bits >> s) & LANE) << perm[s];
    }
    out
}

/// The permutations that keep both ranges (with their weights), the board and the dead cards.
pub(crate) fn symmetries(s: &HoldemSpot) -> Vec<iso::SuitPerm> {
    let table = iso::combo_table();
    let mut weights = vec![[0u64; 2]; COMBOS];
    for (p, combos) in s.players.iter().enumerate().take(2) {
        for w in combos {
            weights[w.combo.index()][p] = w.weight;
        }
    }
    let board: CardSet = s.board.iter().copied().collect();
    let dead = s.known.difference(board);
    iso::stabilizer(&[board, dead])
        .into_iter()
        .filter(|&p| (0..COMBOS).all(|c| weights[c] == weights[table[p][c] as usize]))
        .map(|p| iso::all_perms()[p])
        .collect()
}

/// The board completions that are smallest in their class, with the class sizes.
pub(crate) fn canonical_boards(s: &HoldemSpot, perms: &[iso::SuitPerm]) -> Vec<(u64, u64)> {
    let deck: Vec<Card> =
        (0..52u8).filter_map(Card::from_index).filter(|c| !s.known.contains(*c)).collect();
    let known_board: u64 = s.board.iter().fold(0, |m, c| m | 1 << c.index());
    let mut out = Vec::new();
    let mut images = Vec::with_capacity(perms.len());
    super::deal::each_subset(&deck, s.board_left(), 0u64, (), &|_, _| (), &mut |bits, _| {
        images.clear();
        for p in perms {
            let image = map_bits(p, bits | known_board) & !known_board;
            if image < bits {
                return;
            }
            images.push(image);
        }
        images.sort_unstable();
        images.dedup();
        out.push((bits, images.len() as u64));
    });
    out
}

/// One combo of either range on one board.
#[derive(Clone, Copy)]
struct Entry {
    rank: u16,
    combo: u16,
    a: u8,
    b: u8,
    w: [u64; 2],
}

/// The estimated single-core nanoseconds of [`exhaustive`].
pub(crate) fn cost(s: &HoldemSpot) -> f64 {
    let sym = symmetries(s).len() as f64;
    let n: usize = s.players.iter().map(Vec::len).sum();
    let boards = super::holdem::choose((52 - s.known.len()) as u64, s.board_left() as u64) as f64;
    boards / sym * n as f64 * 30.0
}

/// Exact heads-up counts, board first, into a sink: the rows of the players it takes
/// ([`Sink::ROWS`]), on the boards that stand for their classes, then settled.
pub(crate) fn exhaustive<S: Sink>(s: &HoldemSpot, progress: Option<&Progress<'_>>) -> S {
    let perms = symmetries(s);
    let boards = canonical_boards(s, &perms);
    let mut weights = vec![[0u64; 2]; COMBOS];
    for (p, combos) in s.players.iter().enumerate().take(2) {
        for w in combos {
            weights[w.combo.index()][p] = w.weight;
        }
    }
    let combos: Vec<(usize, [Card; 2])> = (0..COMBOS)
        .filter(|&i| weights[i] != [0, 0])
        .filter_map(|i| crate::range::Combo::from_index(i).map(|c| (i, c.cards())))
        .collect();
    let known = s.board.iter().fold(Hand::EMPTY, |h, c| h.add(*c));
    let deck: Vec<Card> = (0..52u8).filter_map(Card::from_index).collect();
    let work = super::Items::new(progress, boards.len());
    let mut sink = boards
        .par_iter()
        .fold(
            || S::new(2),
            |mut acc, &(bits, mult)| {
                work.start();
                let board = deck
                    .iter()
                    .filter(|c| bits >> c.index() & 1 == 1)
                    .fold(known, |h, c| h.add(*c));
                // Each board's evaluations and counts, compiled into both of `cpu::fast`'s
                // copies.
                crate::cpu::fast(
                    #[inline(always)]
                    || {
                        let mut entries: Vec<Entry> = combos
                            .iter()
                            .filter(|(_, [a, b])| (bits >> a.index() | bits >> b.index()) & 1 == 0)
                            .map(|&(i, [a, b])| Entry {
                                rank: board.add(a).add(b).rank7().value(),
                                combo: i as u16,
                                a: a.index(),
                                b: b.index(),
                                w: weights[i],
                            })
                            .collect();
                        count_board(&mut entries, mult, &mut acc);
                    },
                );
                work.finish(1);
                acc
            },
        )
        .reduce(|| S::new(2), S::merge);
    sink.settle_rows(&perms);
    sink
}

/// Gives the sink one board's row of every combo of the players it takes, times `mult`.
///
/// A player's combo against the other player's range: wins, ties and weight are read off
/// running sums of the other player's weight below and equal to its rank, less the other
/// player's combos that share one of its cards (per card; the combo with the same two cards,
/// taken out twice, is put back).
#[inline(always)]
fn count_board<S: Sink>(entries: &mut [Entry], mult: u64, sink: &mut S) {
    // Each player's weight and combo count, in all and per card.
    let mut all = [0u64; 2];
    let mut card = [[0u64; 52]; 2];
    let mut n = [0u64; 2];
    let mut ncard = [[0u64; 52]; 2];
    for e in entries.iter() {
        for p in 0..2 {
            if e.w[p] > 0 {
                all[p] += e.w[p];
                card[p][e.a as usize] += e.w[p];
                card[p][e.b as usize] += e.w[p];
                n[p] += 1;
                ncard[p][e.a as usize] += 1;
                ncard[p][e.b as usize] += 1;
            }
        }
    }
    entries.sort_unstable_by_key(|e| e.rank);
    let mut below_all = [0u64; 2];
    let mut below = [[0u64; 52]; 2];
    let mut eq = [[0u64; 52]; 2];
    let mut start = 0;
    while start < entries.len() {
        let rank = entries[start].rank;
        let mut end = start;
        let mut eq_all = [0u64; 2];
        while end < entries.len() && entries[end].rank == rank {
            let e = entries[end];
            for p in 0..2 {
                eq_all[p] += e.w[p];
                eq[p][e.a as usize] += e.w[p];
                eq[p][e.b as usize] += e.w[p];
            }
            end += 1;
        }
        for e in &entries[start..end] {
            let (a, b) = (e.a as usize, e.b as usize);
            for p in 0..S::ROWS {
                let w = e.w[p];
                if w == 0 {
                    continue;
                }
                let o = 1 - p;
                let own = e.w[o];
                sink.row(
                    p,
                    e.combo,
                    [
                        mult * w * (below_all[o] - below[o][a] - below[o][b]),
                        mult * w * (eq_all[o] + own - eq[o][a] - eq[o][b]),
                        mult * w * (all[o] + own - card[o][a] - card[o][b]),
                        mult * (n[o] + u64::from(own > 0) - ncard[o][a] - ncard[o][b]),
                    ],
                );
            }
        }
        for e in &entries[start..end] {
            for p in 0..2 {
                below_all[p] += e.w[p];
                below[p][e.a as usize] += e.w[p];
                below[p][e.b as usize] += e.w[p];
                eq[p][e.a as usize] = 0;
                eq[p][e.b as usize] = 0;
            }
        }
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::tally::Tally;
    use crate::equity::{Game, Query};

    fn both(players: [&str; 2], board: &str, dead: &str) -> (Tally, Tally) {
        let mut q = Query::new(Game::Holdem, players);
        q.board = board.into();
        q.dead = dead.into();
        let s = HoldemSpot::new(&q.parse().unwrap()).unwrap();
        (
            exhaustive::<Tally>(&s, None),
            super::super::holdem::by_matchups::<Tally>(&s, None).unwrap(),
        )
    }

    #[test]
    fn board_first_and_matchup_first_give_identical_counts() {
        for (players, board, dead) in [
            (["AA:0.5,KK,AKs", "QQ+,AQs:0.25,T9s"], "Ts9s2d", "Ah"),
            (["22+,A2s+", "random"], "2c3d4h5s", ""),
            (["AhKh", "random"], "2c3d4h", "Qs"),
            (["JJ-88", "AK,KQs"], "", ""),
        ] {
            let (a, b) = both(players, board, dead);
            assert_eq!(a.total, b.total, "{players:?}");
            assert_eq!((a.wins, a.ties, a.shares), (b.wins, b.ties, b.shares), "{players:?}");
            assert_eq!(a.deals, b.deals, "{players:?}");
        }
    }

    #[test]
    fn suit_symmetric_ranges_keep_all_24_permutations() {
        let q = Query::new(Game::Holdem, ["random", "QQ+,AKs"]);
        let s = HoldemSpot::new(&q.parse().unwrap()).unwrap();
        assert_eq!(symmetries(&s).len(), 24);
        assert_eq!(canonical_boards(&s, &symmetries(&s)).len(), 134_459);
        let q = Query::new(Game::Holdem, ["random", "AhKh,QQ"]);
        let s = HoldemSpot::new(&q.parse().unwrap()).unwrap();
        assert_eq!(symmetries(&s).len(), 6);
    }
}
