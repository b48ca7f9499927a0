//! Exact counts for one hold'em matchup by *rank pattern* instead of by board.
//!
//! Without a flush, a showdown depends only on the ranks of the cards still to come. So the
//! boards are grouped by their rank multiset `R` (at most 6,175 of them preflop instead of
//! 1,712,304 boards), and each group is weighed by how many real boards have those ranks
//! (`Π C(available_r, count_r)`). Flushes are then added back exactly: a player can flush only
//! in a suit `s` where the board has three or more cards, so at most one suit per board; for
//! each such suit and each set `F` of the new ranks dealt in `s`, the number of boards is
//! again a product of binomials, the players who reach five cards in `s` get their flush rank
//! and the others their rank-only value, and those boards are taken out of the plain group.
//!
//! Rank-only values come straight from the evaluator's non-flush table: a hand's hash is a sum
//! of per-rank terms plus suit counters, so a [`RankHand`] (the rank terms alone) of a
//! player's own cards plus a multiset's precomputed sum is one addition and one lookup. The
//! multisets of each board size are enumerated once per process ([`patterns`]).

use std::sync::OnceLock;

use super::tally::{Counts, MAX_PLAYERS};
use crate::card::{Card, CardSet};
use crate::eval::standard::{flush_value, RankHand};

/// The smallest value of a flush: plain (suit-blind) hands at or above it are full houses or
/// better.
const FLUSH_MIN: u16 = 5 << 12;

/// `BINOMIAL[n][k]` for n, k up to 4 (zero when k > n; rows padded to 8 for masked indices).
const BINOMIAL: [[u64; 8]; 8] = {
    let mut t = [[0u64; 8]; 8];
    let mut n = 0;
    while n < 8 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// The subsets of five positions by size (bit `i`: position `i` taken).
static SUBSETS: [&[u32]; 8] = [
    &[0],
    &[1, 2, 4, 8, 16],
    &[3, 5, 6, 9, 10, 12, 17, 18, 20, 24],
    &[7, 11, 13, 14, 19, 21, 22, 25, 26, 28],
    &[15, 23, 27, 29, 30],
    &[31],
    &[],
    &[],
];

/// Counts `times` showdowns of `ranks`: heads-up without branches (the counts are then
/// completed by [`Counts::finish_heads_up`]), otherwise in general.
#[inline(always)]
fn showdown<const P: usize>(counts: &mut Counts, ranks: &[u16; P], times: u64) {
    if P == 2 {
        counts.heads_up(ranks[0], ranks[1], times);
    } else {
        counts.showdown(ranks, times);
    }
}

/// One rank multiset of the board cards still to come.
#[derive(Clone, Copy)]
struct Pattern {
    /// The distinct ranks, ascending (`k` of them), their counts and their 13-bit mask.
    ranks: [u8; 5],
    counts: [u8; 5],
    k: u8,
    mask: u16,
    /// The multiset, suit-blind, to add to each player's own ranks.
    ranks_hand: RankHand,
}

/// Every multiset of `left` ranks (at most four of each), built once per board size.
fn patterns(left: usize) -> &'static [Pattern] {
    static CACHE: [OnceLock<Vec<Pattern>>; 6] = [const { OnceLock::new() }; 6];
    CACHE[left.min(5)].get_or_init(|| {
        fn go(r: u8, left: u8, cur: &mut Pattern, out: &mut Vec<Pattern>) {
            if r == 13 {
                if left == 0 {
                    out.push(*cur);
                }
                return;
            }
            go(r + 1, left, cur, out);
            for c in 1..=left.min(4) {
                let (k, saved) = (cur.k as usize, cur.ranks_hand);
                cur.ranks[k] = r;
                cur.counts[k] = c;
                cur.k += 1;
                cur.mask |= 1 << r;
                cur.ranks_hand = saved.add(r, c);
                go(r + 1, left - c, cur, out);
                cur.k -= 1;
                cur.mask &= !(1 << r);
                cur.ranks_hand = saved;
                cur.ranks[k] = 0;
                cur.counts[k] = 0;
            }
        }
        let mut out = Vec::new();
        let mut cur =
            Pattern { ranks: [0; 5], counts: [0; 5], k: 0, mask: 0, ranks_hand: RankHand::EMPTY };
        go(0, left.min(5) as u8, &mut cur, &mut out);
        out
    })
}

/// One matchup's fixed data.
struct Matchup {
    /// Available cards per rank.
    avail: [u32; 13],
    /// Board cards still to come.
    left: usize,
    /// Each player's own (hole plus known board) cards, suit-blind.
    own: Vec<RankHand>,
    /// Per suit: the ranks of the player's hole plus known-board cards of that suit.
    held: Vec<[u32; 4]>,
    /// Per suit: the most cards any player has in it already.
    reach: [u32; 4],
    /// Per suit: the ranks whose card of that suit is still in the deck (13-bit mask).
    suit_ranks: [u32; 4],
    /// The suits someone can still flush in, one per class of suits that count alike, with
    /// the class's size (see [`Matchup::suit_classes`]).
    suits: [(usize, u64); 4],
    /// The number of entries of `suits` in use.
    classes: usize,
}

/// Exact counts over every completion of the board for players holding `holes`, with `board`
/// known and `dead` out of the deck. Holes, board and dead cards must be distinct.
#[cfg(test)]
pub(crate) fn count(holes: &[[Card; 2]], board: &[Card], dead: CardSet) -> Counts {
    count_with(&plain(holes, board, dead), holes, board, dead)
}

/// The rank multisets of the boards still to come, with their board counts and each player's
/// suit-blind rank: everything about a matchup that depends only on its ranks, so matchups
/// whose players hold the same ranks can share it.
pub(crate) struct Plain {
    leaves: Vec<Leaf>,
}

struct Leaf {
    /// The distinct ranks of the multiset (`k` of them) and as a 13-bit mask.
    ranks: [u8; 5],
    k: u8,
    mask: u16,
    /// Per listed rank: boards of that rank's cards holding a given card, and not holding it
    /// when it is (`without`) or is not (`all`) in the deck.
    with: [u8; 5],
    without: [u8; 5],
    all: [u8; 5],
    total: u64,
    plain: [u16; MAX_PLAYERS],
}

/// The suit-blind part of a matchup (see [`Plain`]).
pub(crate) fn plain(holes: &[[Card; 2]], board: &[Card], dead: CardSet) -> Plain {
    let m = Matchup::new(holes, board, dead);
    let patterns = patterns(m.left);
    let mut leaves = Vec::with_capacity(patterns.len());
    for pattern in patterns {
        if let Some(leaf) = m.leaf_of(pattern) {
            leaves.push(leaf);
        }
    }
    Plain { leaves }
}

/// Exact counts of a matchup from the suit-blind part of any matchup with the same ranks.
pub(crate) fn count_with(
    plain: &Plain,
    holes: &[[Card; 2]],
    board: &[Card],
    dead: CardSet,
) -> Counts {
    let m = Matchup::new(holes, board, dead);
    match holes.len() {
        2 => m.finish::<2>(plain),
        3 => m.finish::<3>(plain),
        4 => m.finish::<4>(plain),
        5 => m.finish::<5>(plain),
        6 => m.finish::<6>(plain),
        7 => m.finish::<7>(plain),
        8 => m.finish::<8>(plain),
        9 => m.finish::<9>(plain),
        _ => m.finish::<MAX_PLAYERS>(plain),
    }
}

impl Matchup {
    fn new(holes: &[[Card; 2]], board: &[Card], dead: CardSet) -> Matchup {
        let players = holes.len();
        let mut used = dead;
        for c in holes.iter().flatten().chain(board) {
            used.insert(*c);
        }
        let deck = CardSet::from_bits(((1u64 << 52) - 1) & !used.bits());
        let mut avail = [0u32; 13];
        for c in deck.iter() {
            avail[c.rank().index() as usize] += 1;
        }
        let mut own = vec![RankHand::EMPTY; players];
        let mut held = vec![[0u32; 4]; players];
        for (p, hole) in holes.iter().enumerate() {
            for c in hole.iter().chain(board) {
                own[p] = own[p].add(c.rank().index(), 1);
                held[p][c.suit().index() as usize] |= 1 << c.rank().index();
            }
        }
        let left = 5 - board.len();
        let mut reach = [0u32; 4];
        let mut relevant = [false; 4];
        for s in 0..4 {
            reach[s] = held.iter().map(|h| h[s].count_ones()).max().unwrap_or(0);
            relevant[s] = reach[s] + left as u32 >= 5;
        }
        let mut suit_ranks = [0u32; 4];
        for c in deck.iter() {
            suit_ranks[c.suit().index() as usize] |= 1 << c.rank().index();
        }
        let (suits, classes) = Matchup::suit_classes(&held, &relevant, &suit_ranks);
        Matchup { avail, left, own, held, reach, suit_ranks, suits, classes }
    }

    /// Groups the suits someone can flush in by what a flush in them depends on: the ranks
    /// still in the deck in that suit and the ranks each player already holds in it (hole
    /// plus known board). Two suits alike in both give the same counts board pattern by board
    /// pattern (swapping them maps the boards of one onto the other), so each class is counted
    /// once and weighed by its size: pairs against pairs often have two classes of two suits.
    fn suit_classes(
        held: &[[u32; 4]],
        relevant: &[bool; 4],
        suit_ranks: &[u32; 4],
    ) -> ([(usize, u64); 4], usize) {
        let alike = |s: usize, t: usize| {
            suit_ranks[s] == suit_ranks[t] && held.iter().all(|h| h[s] == h[t])
        };
        let mut suits = [(0usize, 0u64); 4];
        let mut classes = 0;
        for s in (0..4).filter(|&s| relevant[s]) {
            match suits[..classes].iter().position(|&(t, _)| alike(s, t)) {
                Some(i) => suits[i].1 += 1,
                None => {
                    suits[classes] = (s, 1);
                    classes += 1;
                }
            }
        }
        (suits, classes)
    }

    fn finish<const P: usize>(&self, plain: &Plain) -> Counts {
        let mut counts = Counts::default();
        for leaf in &plain.leaves {
            let mut ranks = [0u16; P];
            ranks.copy_from_slice(&leaf.plain[..P]);
            self.leaf::<P>(&ranks, leaf, &mut counts);
        }
        if P == 2 {
            counts.finish_heads_up();
        }
        counts
    }

    /// The leaf of one rank multiset of the cards to come; `None` when the deck cannot deal it.
    fn leaf_of(&self, pattern: &Pattern) -> Option<Leaf> {
        let mut leaf = Leaf {
            ranks: pattern.ranks,
            k: pattern.k,
            mask: pattern.mask,
            with: [0; 5],
            without: [0; 5],
            all: [0; 5],
            total: 1,
            plain: [0; MAX_PLAYERS],
        };
        for i in 0..pattern.k as usize {
            let (a, c) =
                (self.avail[pattern.ranks[i] as usize & 15] as usize, pattern.counts[i] as usize);
            if c > a {
                return None;
            }
            leaf.with[i] = BINOMIAL[(a - 1) & 7][(c - 1) & 7] as u8;
            leaf.without[i] = BINOMIAL[(a - 1) & 7][c & 7] as u8;
            leaf.all[i] = BINOMIAL[a & 7][c & 7] as u8;
            leaf.total *= leaf.all[i] as u64;
        }
        for (p, own) in self.own.iter().enumerate() {
            leaf.plain[p] = own.plus(pattern.ranks_hand).rank7().value();
        }
        Some(leaf)
    }

    /// Counts the boards whose new cards of suit `s` are exactly `size` of the ranks in `has`
    /// (bits of positions in `ranks`), one set of ranks at a time.
    #[allow(clippy::too_many_arguments)]
    fn each_flush<const P: usize>(
        &self,
        s: usize,
        has: u32,
        size: u32,
        ranks: &[usize; 5],
        inside: &[u64; 5],
        outside: &[u64; 5],
        plain: &[u16; P],
        weight: u64,
        counts: &mut Counts,
    ) {
        for &f in SUBSETS[size as usize & 7] {
            if f & !has != 0 {
                continue;
            }
            let mut boards = 1u64;
            let mut new = 0u32;
            for i in 0..5 {
                let taken = f >> i & 1 == 1;
                boards *= if taken { inside[i] } else { outside[i] };
                new |= (taken as u32) << ranks[i];
            }
            if boards == 0 {
                continue;
            }
            let mut r = *plain;
            for p in 0..P {
                let own = self.held[p][s];
                if own.count_ones() + size >= 5 {
                    r[p] = flush_value(own | new).value();
                }
            }
            showdown(counts, &r, boards * weight);
        }
    }

    /// Counts the boards of one rank multiset: plain boards and each flush group.
    fn leaf<const P: usize>(&self, plain: &[u16; P], leaf: &Leaf, counts: &mut Counts) {
        let plain = *plain;
        let total = leaf.total;
        let mut flushed = 0u64;
        let k = leaf.k as usize;
        let mut ranks = [0usize; 5];
        for i in 0..k {
            ranks[i] = leaf.ranks[i] as usize;
        }
        for &(s, weight) in &self.suits[..self.classes] {
            let need = 5u32.saturating_sub(self.reach[s]);
            // Too few of the multiset's ranks left in suit s for anyone to flush.
            if (leaf.mask as u32 & self.suit_ranks[s]).count_ones() < need {
                continue;
            }
            // Ranks of the multiset whose card of suit s is still in the deck, and the number
            // of boards per rank with (inside) and without (outside) that card.
            // Fixed-length loops (entries past `k` are neutral: inside 0, outside 1) unroll
            // without branches.
            let mut has = 0u32;
            let mut inside = [0u64; 5];
            let mut outside = [1u64; 5];
            for i in 0..5 {
                let listed = i < k;
                let there = listed && self.suit_ranks[s] >> ranks[i] & 1 == 1;
                has |= (there as u32) << i;
                inside[i] = if there { leaf.with[i] as u64 } else { 0 };
                outside[i] = match (listed, there) {
                    (false, _) => 1,
                    (true, true) => leaf.without[i] as u64,
                    (true, false) => leaf.all[i] as u64,
                };
            }
            // poly[j]: boards whose new cards of suit s are exactly j of these ranks.
            let mut poly = [0u64; 6];
            poly[0] = 1;
            for i in 0..5 {
                for j in (1..=i + 1).rev() {
                    poly[j] = poly[j] * outside[i] + poly[j - 1] * inside[i];
                }
                poly[0] *= outside[i];
            }
            for size in need..=has.count_ones() {
                let boards = poly[size as usize];
                if boards == 0 {
                    continue;
                }
                flushed += boards * weight;
                // Who reaches five cards of suit s with `size` new ones.
                let mut flushers = 0;
                let mut one = 0;
                let mut others_best = 0u16;
                for p in 0..P {
                    if self.held[p][s].count_ones() + size >= 5 {
                        flushers += 1;
                        one = p;
                    } else {
                        others_best = others_best.max(plain[p]);
                    }
                }
                if flushers == 1 && others_best < FLUSH_MIN {
                    // A lone flush beats every plain hand below a full house.
                    if P == 2 {
                        counts.heads_up(one == 0, one == 1, boards * weight);
                    } else {
                        counts.win(one, boards * weight);
                    }
                    continue;
                }
                self.each_flush::<P>(
                    s, has, size, &ranks, &inside, &outside, &plain, weight, counts,
                );
            }
        }
        if total > flushed {
            showdown(counts, &plain, total - flushed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Deck};
    use crate::eval::standard::Hand;
    use rand::{Rng, SeedableRng};

    /// Direct enumeration of every board: the obviously correct answer.
    fn direct(holes: &[[Card; 2]], board: &[Card], dead: CardSet) -> Counts {
        let mut used = dead;
        for c in holes.iter().flatten().chain(board) {
            used.insert(*c);
        }
        let deck: Vec<Card> = Card::all().filter(|c| !used.contains(*c)).collect();
        let base = board.iter().fold(Hand::EMPTY, |h, c| h.add(*c));
        let mut counts = Counts::default();
        let mut each = |rest: Hand| {
            let r: Vec<u16> =
                holes.iter().map(|h| (base + rest).add(h[0]).add(h[1]).rank7().value()).collect();
            counts.showdown(&r, 1);
        };
        fn rec(deck: &[Card], k: usize, acc: Hand, f: &mut dyn FnMut(Hand)) {
            if k == 0 {
                return f(acc);
            }
            for i in (k - 1)..deck.len() {
                rec(&deck[..i], k - 1, acc.add(deck[i]), f);
            }
        }
        rec(&deck, 5 - board.len(), Hand::EMPTY, &mut each);
        counts
    }

    fn cards(s: &str) -> Vec<Card> {
        parse_cards(s, Deck::Standard).unwrap()
    }

    #[test]
    fn rank_patterns_match_direct_enumeration_on_flush_heavy_spots() {
        let cases = [
            ("AhKh QhJh", "", ""),
            ("AhKh QsQd", "2h7h", ""),
            ("AhKh QsQd 8h8d", "", ""),
            ("AhKh 2h3h", "4h5h9c", ""),
            ("AhKh QsQd", "4h5h9h", ""),
            ("2c3c 4d5d", "6h7h8h9h", ""),
            ("AsKs QdJd Tc9c", "2s3s4s", "5s"),
            ("AhKh QsQd", "2h3h4h5h6h", ""),
            // Suits that count alike are counted once and weighed (suit classes).
            ("AsAh JdJc", "", ""),
            ("AsAh JsJh", "", ""),
            ("AsKs 9d9c", "", ""),
            ("AsKs 9d9c 5h5c", "", ""),
            ("AsAh KdKc QsQd", "", ""),
            ("AsKs 9d9c", "2h", ""),
            ("AsAh JdJc", "2h3h4c", ""),
        ];
        for (h, b, d) in cases {
            let hole_cards = cards(h);
            let holes: Vec<[Card; 2]> = hole_cards.chunks(2).map(|c| [c[0], c[1]]).collect();
            let dead: CardSet = cards(d).into_iter().collect();
            assert_eq!(
                count(&holes, &cards(b), dead),
                direct(&holes, &cards(b), dead),
                "{h} / {b}"
            );
        }
    }

    #[test]
    fn suits_that_count_alike_form_one_class() {
        let classes = |h: &str, b: &str| {
            let hole_cards = cards(h);
            let holes: Vec<[Card; 2]> = hole_cards.chunks(2).map(|c| [c[0], c[1]]).collect();
            let m = Matchup::new(&holes, &cards(b), CardSet::EMPTY);
            let mut sizes: Vec<u64> = m.suits[..m.classes].iter().map(|c| c.1).collect();
            sizes.sort_unstable();
            sizes
        };
        // Spades and hearts alike (an ace each for player 1), diamonds and clubs alike.
        assert_eq!(classes("AsAh JdJc", ""), [2, 2]);
        // Spades (both players), hearts (player 1), diamonds (player 2), clubs (nobody).
        assert_eq!(classes("AsAh JsJd", ""), [1, 1, 1, 1]);
        // Different ranks held make different classes; a suit nobody can flush is left out.
        assert_eq!(classes("AsKh JdJc", ""), [1, 1, 2]);
        assert_eq!(classes("AsAh JdJc", "2c3c4c7h"), [1]);
    }

    #[test]
    fn rank_patterns_match_direct_enumeration_on_random_turns() {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        for _ in 0..200 {
            let mut deck: Vec<Card> = Card::all().collect();
            let mut take = |n: usize| -> Vec<Card> {
                (0..n).map(|_| deck.swap_remove(rng.random_range(0..deck.len()))).collect()
            };
            let players = 2 + (take(1)[0].index() as usize % 3);
            let hole_cards = take(2 * players);
            let extra = take(1)[0].index() as usize % 3;
            let board = take(3 + extra);
            let dead: CardSet = take(1).into_iter().collect();
            let holes: Vec<[Card; 2]> = hole_cards.chunks(2).map(|c| [c[0], c[1]]).collect();
            assert_eq!(count(&holes, &board, dead), direct(&holes, &board, dead));
        }
    }
}
