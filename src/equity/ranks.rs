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

use rayon::prelude::*;

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
    /// What a flush depends on in each suit someone can still flush in.
    flushes: Vec<SuitFlush>,
}

/// Everything a flush in one suit depends on. Two suits (of one matchup or of two matchups
/// whose players hold the same ranks) that agree on it give the same counts rank multiset by
/// rank multiset, so each distinct one is counted once per group of matchups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SuitFlush {
    /// The ranks whose card of the suit is still in the deck (13-bit mask).
    free: u32,
    /// Each player's ranks in the suit among their hole and known-board cards.
    held: [u32; MAX_PLAYERS],
    /// The fewest new cards of the suit that give someone five.
    need: u32,
}

/// Exact counts over every completion of the board for players holding `holes`, with `board`
/// known and `dead` out of the deck. Holes, board and dead cards must be distinct.
#[cfg(test)]
pub(crate) fn count(holes: &[[Card; 2]], board: &[Card], dead: CardSet) -> Counts {
    let matchups = [holes.to_vec()];
    count_group(&plain(holes, board, dead), &matchups, board, dead, &|| ()).remove(0)
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
    /// [`by_size`] for a suit with a card of every listed rank still in the deck.
    full: [u64; 6],
    plain: [u16; MAX_PLAYERS],
}

/// `poly[j]`: the boards whose new cards of one suit are exactly `j` of the listed ranks, given
/// per rank the boards with (`inside`) and without (`outside`) that rank's card of the suit.
#[inline(always)]
fn by_size(inside: &[u64; 5], outside: &[u64; 5]) -> [u64; 6] {
    let mut poly = [0u64; 6];
    poly[0] = 1;
    for i in 0..5 {
        for j in (1..=i + 1).rev() {
            poly[j] = poly[j] * outside[i] + poly[j - 1] * inside[i];
        }
        poly[0] *= outside[i];
    }
    poly
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

/// Exact counts of matchups whose players hold the same ranks (each entry of `matchups` the
/// players' hole cards), from their shared suit-blind part; one [`Counts`] per matchup.
///
/// Counts are linear in the boards, so each matchup's counts are the plain showdowns of every
/// board (shared by the group), plus, per suit someone can flush in, the flush boards'
/// showdowns minus the plain showdowns of those same boards. That per-suit correction depends
/// only on the suit's [`SuitFlush`], and the group's matchups share many of them (AsAh vs JdJc
/// and AsAh vs JsJd both have a suit where only player 1 holds an ace), so each distinct one
/// is counted once. The leaves are walked in parallel chunks, and `poll` is called before
/// each chunk: a group can take seconds, and the caller's progress report is where a stop flag
/// is read. Every chunk polls because a stop unwinds out of the chunk that saw it, while rayon
/// still runs the chunks queued beside it: each of them must see the flag at its start.
pub(crate) fn count_group(
    plain: &Plain,
    matchups: &[Vec<[Card; 2]>],
    board: &[Card],
    dead: CardSet,
    poll: &(dyn Fn() + Sync),
) -> Vec<Counts> {
    let mut flushes: Vec<SuitFlush> = Vec::new();
    let uses: Vec<Vec<usize>> = matchups
        .iter()
        .map(|holes| {
            let m = Matchup::new(holes, board, dead);
            m.flushes
                .iter()
                .map(|f| match flushes.iter().position(|g| g == f) {
                    Some(i) => i,
                    None => {
                        flushes.push(*f);
                        flushes.len() - 1
                    }
                })
                .collect()
        })
        .collect();
    match matchups.first().map_or(0, |m| m.len()) {
        2 => group::<2>(plain, &flushes, &uses, poll),
        3 => group::<3>(plain, &flushes, &uses, poll),
        4 => group::<4>(plain, &flushes, &uses, poll),
        5 => group::<5>(plain, &flushes, &uses, poll),
        6 => group::<6>(plain, &flushes, &uses, poll),
        7 => group::<7>(plain, &flushes, &uses, poll),
        8 => group::<8>(plain, &flushes, &uses, poll),
        9 => group::<9>(plain, &flushes, &uses, poll),
        _ => group::<MAX_PLAYERS>(plain, &flushes, &uses, poll),
    }
}

/// Leaves per parallel task.
const LEAF_CHUNK: usize = 512;

/// A group's counts over some leaves: the plain showdowns of all their boards and, per
/// distinct suit, the flush boards' showdowns and the plain showdowns of those boards.
struct Part {
    plain: Counts,
    flush: Vec<Counts>,
    unflushed: Vec<Counts>,
}

impl Part {
    fn new(suits: usize) -> Part {
        Part {
            plain: Counts::default(),
            flush: vec![Counts::default(); suits],
            unflushed: vec![Counts::default(); suits],
        }
    }

    fn merge(mut self, other: Part) -> Part {
        self.plain.merge(&other.plain);
        for (a, b) in self.flush.iter_mut().zip(&other.flush) {
            a.merge(b);
        }
        for (a, b) in self.unflushed.iter_mut().zip(&other.unflushed) {
            a.merge(b);
        }
        self
    }
}

fn group<const P: usize>(
    plain: &Plain,
    flushes: &[SuitFlush],
    uses: &[Vec<usize>],
    poll: &(dyn Fn() + Sync),
) -> Vec<Counts> {
    let part = plain
        .leaves
        .par_chunks(LEAF_CHUNK)
        .map(|chunk| {
            poll();
            let mut part = Part::new(flushes.len());
            // The chunk's showdowns, compiled into both of `cpu::fast`'s copies.
            crate::cpu::fast(
                #[inline(always)]
                || {
                    for leaf in chunk {
                        let mut values = [0u16; P];
                        values.copy_from_slice(&leaf.plain[..P]);
                        showdown(&mut part.plain, &values, leaf.total);
                        for (i, f) in flushes.iter().enumerate() {
                            let flushed = f.leaf::<P>(&values, leaf, &mut part.flush[i]);
                            if flushed > 0 {
                                showdown(&mut part.unflushed[i], &values, flushed);
                            }
                        }
                    }
                },
            );
            part
        })
        .reduce(|| Part::new(flushes.len()), Part::merge);
    uses.iter()
        .map(|suits| {
            let mut counts = part.plain;
            for &i in suits {
                counts.merge(&part.flush[i]);
                counts.remove(&part.unflushed[i]);
            }
            if P == 2 {
                counts.finish_heads_up();
            }
            counts
        })
        .collect()
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
        let mut free = [0u32; 4];
        for c in deck.iter() {
            avail[c.rank().index() as usize] += 1;
            free[c.suit().index() as usize] |= 1 << c.rank().index();
        }
        let mut own = vec![RankHand::EMPTY; players];
        let mut held = [[0u32; MAX_PLAYERS]; 4];
        for (p, hole) in holes.iter().enumerate() {
            for c in hole.iter().chain(board) {
                own[p] = own[p].add(c.rank().index(), 1);
                held[c.suit().index() as usize][p] |= 1 << c.rank().index();
            }
        }
        let left = 5 - board.len() as u32;
        let flushes = (0..4)
            .filter_map(|s| {
                let reach = held[s].iter().map(|h| h.count_ones()).max().unwrap_or(0);
                (reach + left >= 5).then_some(SuitFlush {
                    free: free[s],
                    held: held[s],
                    need: 5u32.saturating_sub(reach),
                })
            })
            .collect();
        Matchup { avail, left: left as usize, own, flushes }
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
            full: [0; 6],
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
        let inside = std::array::from_fn(|i| leaf.with[i] as u64);
        let outside =
            std::array::from_fn(|i| if i < leaf.k as usize { leaf.without[i] as u64 } else { 1 });
        leaf.full = by_size(&inside, &outside);
        for (p, own) in self.own.iter().enumerate() {
            leaf.plain[p] = own.plus(pattern.ranks_hand).rank7().value();
        }
        Some(leaf)
    }
}

impl SuitFlush {
    /// Counts the boards of one rank multiset whose new cards of this suit give someone a
    /// flush, and returns their number (the caller counts the rest as plain showdowns).
    fn leaf<const P: usize>(&self, plain: &[u16; P], leaf: &Leaf, counts: &mut Counts) -> u64 {
        let need = self.need;
        // Too few of the multiset's ranks left in the suit for anyone to flush.
        if (leaf.mask as u32 & self.free).count_ones() < need {
            return 0;
        }
        let k = leaf.k as usize;
        let ranks: [usize; 5] = std::array::from_fn(|i| leaf.ranks[i] as usize);
        // Ranks of the multiset whose card of the suit is still in the deck, and the number
        // of boards per rank with (inside) and without (outside) that card. Fixed-length loops
        // (entries past `k` are neutral: inside 0, outside 1) unroll without branches.
        let mut has = 0u32;
        let mut inside = [0u64; 5];
        let mut outside = [1u64; 5];
        for i in 0..5 {
            let listed = i < k;
            let there = listed && self.free >> ranks[i] & 1 == 1;
            has |= (there as u32) << i;
            inside[i] = if there { leaf.with[i] as u64 } else { 0 };
            outside[i] = match (listed, there) {
                (false, _) => 1,
                (true, true) => leaf.without[i] as u64,
                (true, false) => leaf.all[i] as u64,
            };
        }
        // poly[j]: boards whose new cards of the suit are exactly j of these ranks. When the
        // suit has every rank of the multiset (the usual case) it was computed with the leaf.
        let poly = if has == (1 << k) - 1 { leaf.full } else { by_size(&inside, &outside) };
        let mut flushed = 0;
        for size in need..=has.count_ones() {
            let boards = poly[size as usize];
            if boards == 0 {
                continue;
            }
            flushed += boards;
            // Who reaches five cards of the suit with `size` new ones.
            let mut flushers = 0;
            let mut one = 0;
            let mut others_best = 0u16;
            for p in 0..P {
                if self.held[p].count_ones() + size >= 5 {
                    flushers += 1;
                    one = p;
                } else {
                    others_best = others_best.max(plain[p]);
                }
            }
            if flushers == 1 && others_best < FLUSH_MIN {
                // A lone flush beats every plain hand below a full house.
                if P == 2 {
                    counts.heads_up(one == 0, one == 1, boards);
                } else {
                    counts.win(one, boards);
                }
                continue;
            }
            self.each_flush::<P>(has, size, &ranks, &inside, &outside, plain, counts);
        }
        flushed
    }

    /// Counts the boards whose new cards of the suit are exactly `size` of the ranks in `has`
    /// (bits of positions in `ranks`), one set of ranks at a time.
    #[allow(clippy::too_many_arguments)]
    fn each_flush<const P: usize>(
        &self,
        has: u32,
        size: u32,
        ranks: &[usize; 5],
        inside: &[u64; 5],
        outside: &[u64; 5],
        plain: &[u16; P],
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
                let own = self.held[p];
                if own.count_ones() + size >= 5 {
                    r[p] = flush_value(own | new).value();
                }
            }
            showdown(counts, &r, boards);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::cards;
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
    fn suits_that_count_alike_are_counted_once() {
        let distinct = |matchups: &[&str], b: &str| {
            let mut flushes: Vec<SuitFlush> = Vec::new();
            for h in matchups {
                let hole_cards = cards(h);
                let holes: Vec<[Card; 2]> = hole_cards.chunks(2).map(|c| [c[0], c[1]]).collect();
                for f in Matchup::new(&holes, &cards(b), CardSet::EMPTY).flushes {
                    if !flushes.contains(&f) {
                        flushes.push(f);
                    }
                }
            }
            flushes.len()
        };
        // Player 1's ace alone (s, h), player 2's jack alone (d, c).
        assert_eq!(distinct(&["AsAh JdJc"], ""), 2);
        // Both (s), player 1 alone (h), player 2 alone (d), nobody (c).
        assert_eq!(distinct(&["AsAh JsJd"], ""), 4);
        // The three suit patterns of aces against jacks share those four suits.
        assert_eq!(distinct(&["AsAh JdJc", "AsAh JsJd", "AsAh JsJh"], ""), 4);
        // Different ranks held differ; a suit nobody can flush in is left out.
        assert_eq!(distinct(&["AsKh JdJc"], ""), 3);
        assert_eq!(distinct(&["AsAh JdJc"], "2c3c4c7h"), 1);
    }

    #[test]
    fn a_group_counts_each_matchup_as_alone() {
        let group = ["AsAh JdJc", "AsAh JsJd", "AsAh JsJh", "AcAd JcJh"];
        let matchups: Vec<Vec<[Card; 2]>> =
            group.iter().map(|h| cards(h).chunks(2).map(|c| [c[0], c[1]]).collect()).collect();
        let shared = plain(&matchups[0], &[], CardSet::EMPTY);
        let counts = count_group(&shared, &matchups, &[], CardSet::EMPTY, &|| ());
        for (holes, c) in matchups.iter().zip(&counts) {
            assert_eq!(*c, direct(holes, &[], CardSet::EMPTY), "{holes:?}");
        }
    }

    #[test]
    fn a_group_polls_before_every_chunk_of_its_boards() {
        // A stop unwinds out of the chunk that saw it while rayon runs the chunks queued
        // beside it: each must poll before its work.
        let matchups: Vec<Vec<[Card; 2]>> =
            vec![cards("AsAh JdJc").chunks(2).map(|c| [c[0], c[1]]).collect()];
        let shared = plain(&matchups[0], &[], CardSet::EMPTY);
        let chunks = shared.leaves.len().div_ceil(LEAF_CHUNK);
        assert!(chunks > 1, "{} leaves", shared.leaves.len());
        let polls = std::sync::atomic::AtomicUsize::new(0);
        let poll = || {
            polls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        };
        count_group(&shared, &matchups, &[], CardSet::EMPTY, &poll);
        assert_eq!(polls.into_inner(), chunks);
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
