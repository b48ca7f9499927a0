//! Hold'em: players' ranges after card removal, the matchups they form, and the exhaustive
//! enumeration of boards.
//!
//! Exhaustive enumeration first lists every matchup (one combo per player, no card shared),
//! folds matchups that a suit permutation keeping the board and dead cards maps onto each other
//! (their outcomes are equal), then enumerates the boards of each distinct matchup in parallel
//! (rayon `fold` + `reduce` of integer counts, no locks). Each player's hand is the sum of its
//! hole cards and the known board, and each completed board is a running sum shared by all
//! players, so a deal costs one addition and one [`Hand::rank7`] per player.

use std::collections::HashMap;

use rayon::prelude::*;

use super::holdem_sample::HoldemSampler;
use super::iso;
use super::query::{Holding, ParsedQuery};
use super::sink::{ClassKey, Sink};
use super::tally::MAX_PLAYERS;
use super::{monte_carlo, EquityError, Method, Progress, Query, Way};
use crate::card::{Card, CardSet};
use crate::range::Combo;

/// A combo with its weight in the units of its player (weights divided by their gcd).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weighted {
    pub combo: Combo,
    pub weight: u64,
}

/// A hold'em spot: what is known of a deal before it is completed (board, dead cards, each
/// player's possible combos).
#[derive(Clone, Debug)]
pub(crate) struct HoldemSpot {
    /// Known board cards (0, 3, 4 or 5).
    pub board: Vec<Card>,
    /// Board and dead cards.
    pub known: CardSet,
    /// Each player's combos that use no known card, with weights.
    pub players: Vec<Vec<Weighted>>,
}

impl HoldemSpot {
    /// Removes colliding combos and normalizes weights; errors if a range ends up empty.
    pub fn new(q: &ParsedQuery) -> Result<HoldemSpot, EquityError> {
        let mut known = q.dead;
        for c in &q.board {
            known.insert(*c);
        }
        let exact = q.known();
        let mut players = Vec::with_capacity(q.players.len());
        for (i, h) in q.players.iter().enumerate() {
            let combos: Vec<Weighted> = match h {
                Holding::Cards(cards) => {
                    let combo = match cards.as_slice() {
                        [a, b] => Combo::new(*a, *b),
                        _ => None,
                    };
                    let Some(combo) = combo else {
                        return Err(EquityError::PlayerCardCount {
                            player: i + 1,
                            spec: q.specs[i].clone(),
                            got: cards.len(),
                            expected: "2",
                        });
                    };
                    vec![Weighted { combo, weight: 1 }]
                }
                Holding::Range(r) => {
                    let v: Vec<(Combo, u64)> = r
                        .combos()
                        .filter(|(c, _)| c.set().is_disjoint(exact))
                        .map(|(c, w)| (c, w as u64))
                        .collect();
                    let g = v.iter().fold(0, |g, (_, w)| gcd(g, *w)).max(1);
                    v.into_iter().map(|(combo, w)| Weighted { combo, weight: w / g }).collect()
                }
                // Whole-hand ranges belong to the Omaha and short-deck games.
                Holding::Hands(r) => r
                    .hands(exact)
                    .into_iter()
                    .filter_map(|m| {
                        let mut cards = crate::card::CardSet::from_bits(m).iter();
                        Combo::new(cards.next()?, cards.next()?)
                    })
                    .map(|combo| Weighted { combo, weight: 1 })
                    .collect(),
            };
            if combos.is_empty() {
                return Err(EquityError::EmptyRange { player: i + 1, spec: q.specs[i].clone() });
            }
            players.push(combos);
        }
        let left = 52 - known.len();
        let needed = 2 * players.len() + 5 - q.board.len();
        if needed > left {
            return Err(EquityError::DeckTooSmall { left, needed });
        }
        Ok(HoldemSpot { board: q.board.clone(), known, players })
    }

    /// Cards left to deal to the board.
    pub fn board_left(&self) -> usize {
        5 - self.board.len()
    }

    /// About how many matchup classes (matchups up to a suit permutation that keeps the board
    /// and dead cards) matchup-first enumeration holds: at most this many.
    pub(crate) fn class_estimate(&self) -> f64 {
        let matchups: f64 = self.players.iter().map(|p| p.len() as f64).product();
        if matchups <= 1.0 {
            // One matchup (every player's hand known): no suit symmetry to work out.
            return 1.0;
        }
        let sym = iso::stabilizer(&[self.known_board(), self.dead()]).len() as f64;
        (matchups / sym).max(1.0)
    }

    /// The estimated single-core nanoseconds of matchup-first enumeration.
    fn matchup_cost(&self) -> f64 {
        let classes = self.class_estimate();
        // Matchups whose players hold the same ranks are counted as one group (the suits'
        // flush corrections they share are counted once), so the work goes with the groups.
        let groups: f64 = self
            .players
            .iter()
            .map(|p| {
                let mut ranks: Vec<[u8; 2]> =
                    p.iter().map(|w| rank_pair(w.combo.cards())).collect();
                ranks.sort_unstable();
                ranks.dedup();
                ranks.len() as f64
            })
            .product();
        let groups = classes.min(groups);
        // Measured per group and per matchup class (its own flush corrections and set-up):
        // rank patterns of 5, 2, 1 and 0 new board cards.
        let (per_group, per_class) = match self.board_left() {
            5 => (1.3e6, 5e4),
            2 => (2e4, 1.5e3),
            1 => (4e3, 1e3),
            _ => (1e3, 5e2),
        };
        (groups * per_group + classes * per_class) * self.players.len() as f64 / 2.0
    }

    /// Whether board-first enumeration is cheaper, and the estimated single-core nanoseconds
    /// of the cheaper way.
    pub fn plan(&self) -> (bool, f64) {
        let matchup = self.matchup_cost();
        if self.players.len() == 2 && self.players.iter().any(|p| p.len() > 1) {
            let board = super::board_first::cost(self);
            if board < matchup {
                return (true, board);
            }
        }
        (false, matchup)
    }

    /// The estimated single-core nanoseconds of exhaustive enumeration.
    pub fn exhaustive_cost(&self) -> f64 {
        self.plan().1
    }

    pub(crate) fn known_board(&self) -> CardSet {
        self.board.iter().copied().collect()
    }

    pub(crate) fn dead(&self) -> CardSet {
        self.known.difference(self.known_board())
    }
}

/// The ranks of two hole cards, higher first: what matchups of one rank group share.
pub(crate) fn rank_pair([a, b]: [Card; 2]) -> [u8; 2] {
    let (x, y) = (a.rank().index(), b.rank().index());
    [x.max(y), x.min(y)]
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// `n` choose `k`.
pub(crate) fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// A matchup up to suit permutation: its combo indices, how many matchups it stands for and
/// their total weight.
pub(crate) type Classes = HashMap<ClassKey, (u64, u128)>;

/// Lists the matchups and folds those equal up to a suit permutation that keeps the board and
/// the dead cards, reporting no progress (0) every 2^16 matchups to `progress`: the walk
/// can take seconds, and a caller's progress callback is where a stop flag is read.
fn matchup_classes_reporting(
    s: &HoldemSpot,
    progress: Option<&Progress<'_>>,
) -> Result<Classes, EquityError> {
    let mut walked = 0u32;
    let perms = iso::stabilizer(&[s.known_board(), s.dead()]);
    let table = iso::combo_table();
    let mut classes: Classes = HashMap::new();
    let n = s.players.len();
    let mut pick = [0usize; MAX_PLAYERS];
    let mut used = [CardSet::EMPTY; MAX_PLAYERS + 1];
    let mut weight = [1u128; MAX_PLAYERS + 1];
    let mut depth = 0;
    // Iterative depth-first walk over one combo per player.
    loop {
        if depth == n {
            let mut best = [u16::MAX; MAX_PLAYERS];
            for &p in &perms {
                let mut key = [0u16; MAX_PLAYERS];
                for i in 0..n {
                    key[i] = table[p][s.players[i][pick[i]].combo.index()];
                }
                if key < best {
                    best = key;
                }
            }
            let e = classes.entry(best).or_insert((0, 0));
            e.0 += 1;
            e.1 += weight[n];
            walked = walked.wrapping_add(1);
            if let Some(f) = progress.filter(|_| walked.is_multiple_of(1 << 16)) {
                f(0.0);
            }
            depth -= 1;
            pick[depth] += 1;
            continue;
        }
        if pick[depth] >= s.players[depth].len() {
            if depth == 0 {
                break;
            }
            pick[depth] = 0;
            depth -= 1;
            pick[depth] += 1;
            continue;
        }
        let w = s.players[depth][pick[depth]];
        if !w.combo.set().is_disjoint(used[depth]) {
            pick[depth] += 1;
            continue;
        }
        used[depth + 1] = used[depth].union(w.combo.set());
        weight[depth + 1] = weight[depth] * w.weight as u128;
        depth += 1;
    }
    if classes.is_empty() {
        return Err(EquityError::NoDeal);
    }
    Ok(classes)
}

/// The most matchup classes exact enumeration gathers in memory (about 2 GB): beyond it the
/// query is refused, whatever its time estimate, rather than exhaust the machine's memory.
pub const MAX_MATCHUP_CLASSES: f64 = 3e7;

/// Exact counts, one matchup class at a time, into a sink.
pub(crate) fn by_matchups<S: Sink>(
    s: &HoldemSpot,
    progress: Option<&Progress<'_>>,
) -> Result<S, EquityError> {
    // Each class costs about 64 bytes while the classes are gathered.
    let estimate = s.class_estimate();
    if estimate > MAX_MATCHUP_CLASSES {
        return Err(EquityError::TooManyMatchups(estimate));
    }
    let classes: Vec<(ClassKey, (u64, u128))> =
        matchup_classes_reporting(s, progress)?.into_iter().collect();
    let n = s.players.len();
    let holes_of = |key: &ClassKey| -> Vec<[Card; 2]> {
        key[..n].iter().filter_map(|i| Combo::from_index(*i as usize)).map(Combo::cards).collect()
    };
    let holes: Vec<Vec<[Card; 2]>> = classes.iter().map(|(key, _)| holes_of(key)).collect();
    // Matchups whose players hold the same ranks are counted as one group.
    let mut groups: HashMap<Vec<[u8; 2]>, usize> = HashMap::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (c, h) in holes.iter().enumerate() {
        let next = groups.len();
        let g = *groups.entry(h.iter().map(|&pair| rank_pair(pair)).collect()).or_insert(next);
        if g == members.len() {
            members.push(Vec::new());
        }
        members[g].push(c);
    }
    let dead = s.dead();
    // Counted in matchup classes; within a long group, the progress so far is told again
    // before each chunk of its boards.
    let work = super::Items::new(progress, classes.len());
    let poll = || work.start();
    let mut sink = members
        .par_iter()
        .with_min_len(1)
        .fold(
            || S::new(n),
            |mut sink, group| {
                work.start();
                let matchups: Vec<Vec<[Card; 2]>> =
                    group.iter().map(|&c| holes[c].clone()).collect();
                let plain = super::ranks::plain(&matchups[0], &s.board, dead);
                let counts = super::ranks::count_group(&plain, &matchups, &s.board, dead, &poll);
                for (&c, counts) in group.iter().zip(&counts) {
                    let (key, size) = &classes[c];
                    sink.class(c, key, *size, counts);
                }
                work.finish(group.len());
                sink
            },
        )
        .reduce(|| S::new(n), S::merge);
    sink.settle_classes(s, &classes);
    Ok(sink)
}

/// The way to count a hold'em query (`table`: whether the heads-up preflop table may answer)
/// and the estimated single-core nanoseconds of exhaustive enumeration: for the plain query
/// and [`by_hand`](super::by_hand) alike.
pub(crate) fn choose_way(s: &HoldemSpot, asked: Method, table: bool) -> (Way, f64) {
    if asked != Method::MonteCarlo {
        if table && super::preflop::applies(s) && super::preflop::table().is_some() {
            // One table read per pair of combos, or per pair of classes.
            let reads: f64 = s.players.iter().map(|p| p.len().min(169) as f64).product();
            return (Way::PreflopTable, reads * 10.0);
        }
        // Exact hands on a flop, turn or river: cheap enough that Auto is always exhaustive.
        if super::exact::applies(s) {
            return (Way::ExactHands, s.exhaustive_cost());
        }
    }
    let (board_first, cost) = s.plan();
    match super::choose_method(asked, cost) {
        Method::Exhaustive if board_first => (Way::BoardFirst, cost),
        Method::Exhaustive => (Way::MatchupFirst, cost),
        _ => (Way::MonteCarlo, cost),
    }
}

/// Counts a hold'em query the chosen way into a sink.
pub(crate) fn count<S: Sink>(
    q: &Query,
    s: &HoldemSpot,
    way: Way,
    progress: Option<&Progress<'_>>,
) -> Result<S, EquityError> {
    let done = |sink: S| {
        if let Some(f) = progress {
            f(1.0);
        }
        sink
    };
    match way {
        Way::PreflopTable => {
            let t = super::preflop::table().ok_or(EquityError::NoDeal)?;
            Ok(done(S::preflop(t, s)?))
        }
        Way::ExactHands => Ok(done(super::exact::exhaustive(s))),
        Way::BoardFirst => {
            matchup_exists(s)?;
            Ok(super::board_first::exhaustive(s, progress))
        }
        Way::MatchupFirst | Way::Enumerate => by_matchups(s, progress),
        Way::MonteCarlo => {
            let sampler = HoldemSampler::new(s);
            let n = s.players.len();
            let mut sink = S::new(n);
            monte_carlo::rounds(q, progress, n, &mut sink, |mut rng, deals, d| {
                sampler.sample_into(&mut rng, deals, d)
            })?;
            Ok(sink)
        }
    }
}

/// Errors unless some combination of combos shares no card.
pub(crate) fn matchup_exists(s: &HoldemSpot) -> Result<(), EquityError> {
    fn rec(s: &HoldemSpot, p: usize, used: CardSet) -> bool {
        p == s.players.len()
            || s.players[p].iter().any(|w| {
                w.combo.set().is_disjoint(used) && rec(s, p + 1, used.union(w.combo.set()))
            })
    }
    if rec(s, 0, CardSet::EMPTY) {
        Ok(())
    } else {
        Err(EquityError::NoDeal)
    }
}
