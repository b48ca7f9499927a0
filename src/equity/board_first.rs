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

use rayon::prelude::*;

use super::holdem::Setup;
use super::iso;
use super::tally::{Tally, TIE_UNIT};
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
pub(crate) fn symmetries(s: &Setup) -> Vec<iso::SuitPerm> {
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
pub(crate) fn canonical_boards(s: &Setup, perms: &[iso::SuitPerm]) -> Vec<(u64, u64)> {
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
    a: u8,
    b: u8,
    w: [u64; 2],
}

/// The estimated single-core nanoseconds of [`exhaustive`].
pub(crate) fn cost(s: &Setup) -> f64 {
    let sym = symmetries(s).len() as f64;
    let n: usize = s.players.iter().map(Vec::len).sum();
    let boards = super::holdem::choose((52 - s.known.len()) as u64, s.board_left() as u64) as f64;
    boards / sym * n as f64 * 30.0
}

/// Exact heads-up counts, board first.
pub(crate) fn exhaustive(s: &Setup, progress: Option<&Progress<'_>>) -> Tally {
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
    let total = boards.len() as u64;
    let done = std::sync::atomic::AtomicU64::new(0);
    let sums = boards
        .par_iter()
        .fold(
            || [0u128; 4],
            |mut acc, &(bits, mult)| {
                let board = deck
                    .iter()
                    .filter(|c| bits >> c.index() & 1 == 1)
                    .fold(known, |h, c| h.add(*c));
                let mut entries: Vec<Entry> = combos
                    .iter()
                    .filter(|(_, [a, b])| (bits >> a.index() | bits >> b.index()) & 1 == 0)
                    .map(|&(i, [a, b])| Entry {
                        rank: board.add(a).add(b).rank7().value(),
                        a: a.index(),
                        b: b.index(),
                        w: weights[i],
                    })
                    .collect();
                count_board(&mut entries, mult as u128, &mut acc);
                let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                if let Some(f) = progress
                    && (d.is_multiple_of(1024) || d == total)
                {
                    f(d as f64 / total as f64);
                }
                acc
            },
        )
        .reduce(|| [0u128; 4], |a, b| std::array::from_fn(|i| a[i] + b[i]));
    let [wins0, ties, weight, deals] = sums;
    let mut t = Tally::new(2);
    t.total = weight;
    t.deals = deals as u64;
    t.wins[0] = wins0;
    t.wins[1] = weight - wins0 - ties;
    let half = TIE_UNIT as u128 / 2;
    for p in 0..2 {
        t.ties[p] = ties;
        t.shares[p] = ties * half;
    }
    t
}

/// Adds one board's player-1 wins, ties, total weight and deal count, times `mult`.
fn count_board(entries: &mut [Entry], mult: u128, acc: &mut [u128; 4]) {
    // Player-2 weight and combo count per card and in all, for the totals.
    let mut all2 = 0u128;
    let mut card2 = [0u128; 52];
    let mut n2 = 0u128;
    let mut ncard2 = [0u128; 52];
    for e in entries.iter() {
        if e.w[1] > 0 {
            all2 += e.w[1] as u128;
            card2[e.a as usize] += e.w[1] as u128;
            card2[e.b as usize] += e.w[1] as u128;
            n2 += 1;
            ncard2[e.a as usize] += 1;
            ncard2[e.b as usize] += 1;
        }
    }
    entries.sort_unstable_by_key(|e| e.rank);
    let mut below_all = 0u128;
    let mut below = [0u128; 52];
    let mut start = 0;
    let (mut wins, mut ties, mut weight, mut deals) = (0u128, 0u128, 0u128, 0u128);
    while start < entries.len() {
        let rank = entries[start].rank;
        let mut end = start;
        let mut eq_all = 0u128;
        let mut eq = [0u128; 52];
        while end < entries.len() && entries[end].rank == rank {
            let w2 = entries[end].w[1] as u128;
            eq_all += w2;
            eq[entries[end].a as usize] += w2;
            eq[entries[end].b as usize] += w2;
            end += 1;
        }
        for e in &entries[start..end] {
            if e.w[0] == 0 {
                continue;
            }
            let (a, b, w1, own2) = (e.a as usize, e.b as usize, e.w[0] as u128, e.w[1] as u128);
            wins += w1 * (below_all - below[a] - below[b]);
            ties += w1 * (eq_all + own2 - eq[a] - eq[b]);
            weight += w1 * (all2 + own2 - card2[a] - card2[b]);
            deals += n2 + (own2 > 0) as u128 - ncard2[a] - ncard2[b];
        }
        for e in &entries[start..end] {
            let w2 = e.w[1] as u128;
            below_all += w2;
            below[e.a as usize] += w2;
            below[e.b as usize] += w2;
        }
        start = end;
    }
    acc[0] += mult * wins;
    acc[1] += mult * ties;
    acc[2] += mult * weight;
    acc[3] += mult * deals;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::{Game, Query};

    fn both(players: [&str; 2], board: &str, dead: &str) -> (Tally, Tally) {
        let mut q = Query::new(Game::Holdem, players);
        q.board = board.into();
        q.dead = dead.into();
        let s = Setup::new(&q.parse().unwrap()).unwrap();
        (exhaustive(&s, None), super::super::holdem::by_matchups(&s, None).unwrap())
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
        let s = Setup::new(&q.parse().unwrap()).unwrap();
        assert_eq!(symmetries(&s).len(), 24);
        assert_eq!(canonical_boards(&s, &symmetries(&s)).len(), 134_459);
        let q = Query::new(Game::Holdem, ["random", "AhKh,QQ"]);
        let s = Setup::new(&q.parse().unwrap()).unwrap();
        assert_eq!(symmetries(&s).len(), 6);
    }
}
