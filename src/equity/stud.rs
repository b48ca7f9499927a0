//! Seven-card stud and Americana (five-card stud on 32 cards): each player's known cards, the
//! rest of each hand dealt from what is left.
//!
//! Seven-card stud: when the deck cannot give every player a seventh card, one community card
//! is every player's seventh card (`docs/games.md`; burn cards are unknown, so they change
//! nothing). Americana hands are five cards, ranked with suit tie-breaks, so two hands tie only
//! when both are the same five-card class with the same tie-break suit, which one deck never
//! deals.

use rayon::prelude::*;

use super::deal::{each_subset, Americana, Batch, Ranker, Razz, Seven, SevenHiLo};
use super::holdem::choose;
use super::monte_carlo::Sampler;
use super::query::{Game, ParsedQuery};
use super::tally::{pot_unit, Counts, Tally, MAX_PLAYERS};
use super::{EquityError, Progress};
use crate::card::Card;

/// A stud spot: each player's known cards and how many more each is dealt.
#[derive(Clone, Debug)]
pub(crate) struct StudSpot {
    /// Each player's known cards.
    known: Vec<Vec<Card>>,
    /// Cards still to deal to each player privately.
    need: Vec<usize>,
    /// Whether the last card is one community card for everyone.
    community: bool,
    /// The cards that can still be dealt.
    deck: Vec<Card>,
}

impl StudSpot {
    /// Checks card counts against the deck.
    pub fn new(q: &ParsedQuery) -> Result<StudSpot, EquityError> {
        let size = if q.game == Game::Americana { 5 } else { 7 };
        let known = q.known_cards();
        let deck = q.cards_left();
        let mut need: Vec<usize> = known.iter().map(|k| size - k.len()).collect();
        let total: usize = need.iter().sum();
        let mut community = false;
        if total > deck.len() && q.game.is_stud() && need.iter().all(|n| *n >= 1) {
            community = true;
            need.iter_mut().for_each(|n| *n -= 1);
        }
        let needed: usize = need.iter().sum::<usize>() + community as usize;
        if needed > deck.len() {
            return Err(EquityError::DeckTooSmall { left: deck.len(), needed });
        }
        Ok(StudSpot { known, need, community, deck })
    }

    /// The number of distinct deals.
    pub fn deals(&self) -> f64 {
        let mut left = self.deck.len() as u64;
        let mut deals = 1.0;
        for &n in &self.need {
            deals *= choose(left, n as u64) as f64;
            left -= n as u64;
        }
        if self.community {
            deals *= left as f64;
        }
        deals
    }

    /// The estimated single-core nanoseconds of exhaustive enumeration in `game`.
    pub fn exhaustive_cost(&self, game: Game) -> f64 {
        // Nanoseconds per player and deal, measured (`equity-calibrate`,
        // docs/performance.md). Each completion of a player's hand is ranked once and the
        // deals' outcomes are counted in the lanes of a register, so a deal costs about a
        // nanosecond heads-up and barely more three-way; the low of stud high-low doubles the
        // ranking.
        let per_player = match game {
            Game::Razz => 0.55,
            Game::Stud8 => 1.0,
            Game::Americana => 0.75,
            _ => 0.5,
        };
        self.deals() * self.known.len() as f64 * per_player
    }
}

/// Exact counts over every deal.
pub(crate) fn exhaustive(
    game: Game,
    s: &StudSpot,
    progress: Option<&Progress<'_>>,
) -> Result<Tally, EquityError> {
    match game {
        Game::Americana => Ok(enumerate::<Americana>(s, progress)),
        Game::Stud8 => Ok(enumerate::<SevenHiLo>(s, progress)),
        Game::Razz => Ok(enumerate::<Razz>(s, progress)),
        _ => Ok(enumerate::<Seven>(s, progress)),
    }
}

/// Counts one showdown of complete hands.
#[inline(always)]
fn settle<R: Ranker>(hands: &[R::Hand], counts: &mut Counts) {
    counts.settle(hands, R::HILO, |h| R::rank(*h), |h| R::low(*h));
}

/// Each player's hand of its known cards, and the known cards.
fn known_hands<R: Ranker>(s: &StudSpot) -> ([R::Hand; MAX_PLAYERS], u64) {
    let mut base = [R::EMPTY; MAX_PLAYERS];
    let mut used = 0u64;
    for (p, cards) in s.known.iter().enumerate() {
        for &c in cards {
            base[p] = R::add(base[p], c);
            used |= 1 << c.index();
        }
    }
    (base, used)
}

fn enumerate<R: Ranker>(s: &StudSpot, progress: Option<&Progress<'_>>) -> Tally {
    let n = s.known.len();
    let (base, _) = known_hands::<R>(s);
    let Some(lists) = completions::<R>(s, &base) else {
        return hand_by_hand::<R>(s, progress);
    };
    let sets = if R::HILO { 1usize << (2 * n) } else { 1 << n };
    match sets {
        0..=4 => by_winners::<R, 4>(&lists, progress),
        5..=16 => by_winners::<R, 16>(&lists, progress),
        17..=64 => by_winners::<R, 64>(&lists, progress),
        65..=256 => by_winners::<R, 256>(&lists, progress),
        257..=1024 => by_winners::<R, 1024>(&lists, progress),
        _ => by_winners::<R, MAX_SETS>(&lists, progress),
    }
}

/// Exact counts over every deal, each player's hand built card by card and ranked in every
/// deal: the way for spots [`completions`] does not list (a shared seventh card, very long
/// lists, seven or more players in stud high-low).
fn hand_by_hand<R: Ranker>(s: &StudSpot, progress: Option<&Progress<'_>>) -> Tally {
    let n = s.known.len();
    let (base, used) = known_hands::<R>(s);
    // Split the work over the first player's possible cards.
    let mut first = Vec::new();
    each_subset(&s.deck, s.need[0], 0u64, base[0], &|h, c| R::add(h, c), &mut |m, h| {
        first.push((m, h))
    });
    let work = super::Items::new(progress, first.len());
    first
        .par_iter()
        .fold(
            || Tally::with_unit(n, pot_unit(R::HILO)),
            |mut t, &(mask, h)| {
                work.start();
                let mut hands = base;
                hands[0] = h;
                let mut c = Counts::default();
                deal_rest::<R>(s, 1, used | mask, &mut hands, &mut c);
                t.add(&c, 1, c.deals);
                work.finish(1);
                t
            },
        )
        .reduce(|| Tally::with_unit(n, pot_unit(R::HILO)), Tally::merge)
}

fn deal_rest<R: Ranker>(
    s: &StudSpot,
    p: usize,
    used: u64,
    hands: &mut [R::Hand; MAX_PLAYERS],
    counts: &mut Counts,
) {
    let n = s.known.len();
    let free =
        || -> Vec<Card> { s.deck.iter().copied().filter(|c| used >> c.index() & 1 == 0).collect() };
    if p == n {
        if s.community {
            for c in free() {
                let mut with = *hands;
                for h in with[..n].iter_mut() {
                    *h = R::add(*h, c);
                }
                settle::<R>(&with[..n], counts);
            }
        } else {
            settle::<R>(&hands[..n], counts);
        }
        return;
    }
    let base = hands[p];
    if s.need[p] == 0 {
        return deal_rest::<R>(s, p + 1, used, hands, counts);
    }
    each_subset(&free(), s.need[p], 0u64, base, &|h, c| R::add(h, c), &mut |m, h| {
        hands[p] = h;
        deal_rest::<R>(s, p + 1, used | m, hands, counts);
    });
    hands[p] = base;
}

/// One way to complete a player's hand: the cards dealt (a mask) and the final hand's values
/// (`low` 0 outside the high-low games).
#[derive(Clone, Copy, Debug)]
struct Completion {
    mask: u64,
    high: u32,
    low: u32,
}

/// The most completions, over all players, that are listed and ranked ahead of the walk
/// (16 bytes each); a spot with more is dealt hand by hand.
const MAX_COMPLETIONS: u64 = 1 << 20;

/// Counters of deals by set of winners: the sets of high winners, and in the high-low games
/// with the set of low winners beside them (`4^n` sets, so six players at most).
const MAX_SETS: usize = 1 << 12;

/// Each player's completions, ranked once each, when no card is shared (every player draws
/// their own cards), the lists are small enough, and the winner sets fit [`MAX_SETS`].
///
/// A deal is then one completion per player, the completions disjoint: its showdown
/// compares numbers already known, instead of ranking every player's hand in every deal.
/// Heads-up on fifth street, 780 completions each are ranked in place of 548,340 deals'
/// two hands.
fn completions<R: Ranker>(
    s: &StudSpot,
    base: &[R::Hand; MAX_PLAYERS],
) -> Option<Vec<Vec<Completion>>> {
    let n = s.known.len();
    let sets_fit = if R::HILO { 2 * n <= 12 } else { n <= 10 };
    if s.community || !(2..=MAX_PLAYERS).contains(&n) || !sets_fit {
        return None;
    }
    let left = s.deck.len() as u64;
    let sizes: Vec<u64> = s.need.iter().map(|&k| choose(left, k as u64)).collect();
    if sizes.iter().fold(0u64, |a, &b| a.saturating_add(b)) > MAX_COMPLETIONS {
        return None;
    }
    let lists = (0..n)
        .map(|p| {
            let mut list = Vec::with_capacity(sizes[p] as usize);
            let add = |h, c| R::add(h, c);
            each_subset(&s.deck, s.need[p], 0u64, base[p], &add, &mut |mask, h| {
                let low = if R::HILO { R::low(h) } else { 0 };
                list.push(Completion { mask, high: R::rank(h), low });
            });
            list
        })
        .collect();
    Some(lists)
}

/// Exact counts over every deal of disjoint completions, counted by set of winners (`SETS`
/// counters, a power of two: `2^n`, or `4^n` in the high-low games) and turned into a tally
/// at the end. The first player's completions are split over the threads.
fn by_winners<R: Ranker, const SETS: usize>(
    lists: &[Vec<Completion>],
    progress: Option<&Progress<'_>>,
) -> Tally {
    let n = lists.len();
    let work = super::Items::new(progress, lists[0].len());
    let zero = || Box::new([0u64; SETS]);
    let one = |mut sets: Box<[u64; SETS]>, e: &Completion| {
        work.start();
        let mut high = [0u32; MAX_PLAYERS];
        let mut low = [0u32; MAX_PLAYERS];
        high[0] = e.high;
        low[0] = e.low;
        walk::<R, SETS>(lists, 1, e.mask, &mut high, &mut low, &mut sets);
        work.finish(1);
        sets
    };
    // Combinations of completions, valid or not: the innermost loop's steps.
    let steps = lists.iter().fold(1u64, |a, l| a.saturating_mul(l.len() as u64));
    let sets = if steps <= SMALL_WALK {
        lists[0].iter().fold(zero(), one)
    } else {
        lists[0].par_iter().fold(zero, one).reduce(zero, |mut a, b| {
            a.iter_mut().zip(b.iter()).for_each(|(x, y)| *x += y);
            a
        })
    };
    tally_of_sets(n, R::HILO, &sets[..])
}

/// The most innermost steps (about a nanosecond each) walked on the calling thread: handing
/// work to the thread pool and back costs some microseconds, more than such a walk.
const SMALL_WALK: u64 = 1 << 15;

/// Deals completions to players `p` on, on top of the cards `used` and the values of the
/// players before `p`, and counts each deal's winners in `sets`.
fn walk<R: Ranker, const SETS: usize>(
    lists: &[Vec<Completion>],
    p: usize,
    used: u64,
    high: &mut [u32; MAX_PLAYERS],
    low: &mut [u32; MAX_PLAYERS],
    sets: &mut [u64; SETS],
) {
    if p + 1 >= lists.len() {
        return last::<R, SETS>(lists, p, used, high, low, sets);
    }
    for e in &lists[p] {
        if e.mask & used == 0 {
            high[p] = e.high;
            low[p] = e.low;
            walk::<R, SETS>(lists, p + 1, used | e.mask, high, low, sets);
        }
    }
}

/// The innermost loop: the last player's completions against the others' known values.
#[inline(always)]
fn last<R: Ranker, const SETS: usize>(
    lists: &[Vec<Completion>],
    p: usize,
    used: u64,
    high: &[u32; MAX_PLAYERS],
    low: &[u32; MAX_PLAYERS],
    sets: &mut [u64; SETS],
) {
    let n = lists.len();
    // The best values of the players before `p` and who holds them (a low of 0 is none).
    let (mut best_high, mut high_set) = (0u32, 0usize);
    let (mut best_low, mut low_set) = (0u32, 0usize);
    for i in 0..p.min(MAX_PLAYERS) {
        if high[i] > best_high {
            (best_high, high_set) = (high[i], 1 << i);
        } else if high[i] == best_high {
            high_set |= 1 << i;
        }
        if low[i] > best_low {
            (best_low, low_set) = (low[i], 1 << i);
        } else if low[i] == best_low && low[i] != 0 {
            low_set |= 1 << i;
        }
    }
    let me = 1usize << p;
    let high_tie = high_set | me;
    let low_tie = if best_low != 0 { low_set | me } else { low_set };
    // The winners by the last hand's outcome against the best before it: 0 worse, 1 equal,
    // 2 better (an equal low of 0 is still no low).
    let highs = [high_set, high_tie, me];
    let lows = [low_set, low_tie, me];
    let Some(list) = lists.get(p) else { return };
    // Deals counted by outcome, high and low (3 * high + low), in 7-bit lanes of one word:
    // one addition a completion, and no counter in memory whose last addition each must wait
    // for. A completion that shares a card with the others' is no deal and adds 0.
    let mut by_outcome = [0u64; 9];
    for chunk in list.chunks(LANE_MAX) {
        let mut lanes = 0u64;
        for e in chunk {
            let high = (e.high >= best_high) as u32 + (e.high > best_high) as u32;
            let low =
                if R::HILO { (e.low >= best_low) as u32 + (e.low > best_low) as u32 } else { 0 };
            let deal = (e.mask & used == 0) as u64;
            lanes += deal << (7 * (3 * high + low));
        }
        for (o, count) in by_outcome.iter_mut().enumerate() {
            *count += lanes >> (7 * o) & 0x7f;
        }
    }
    for (o, &count) in by_outcome.iter().enumerate() {
        let low_set = if R::HILO { lows[o % 3] << n } else { 0 };
        sets[(highs[o / 3] | low_set) & (SETS - 1)] += count;
    }
}

/// The most additions to one 7-bit lane before it is read off.
const LANE_MAX: usize = 127;

/// The tally of deals counted by set of winners (index: the high winners, bit `p` for player
/// `p`, and in a high-low game the low winners `<< n`, none when no low qualifies), shared
/// out as [`Counts::showdown`] and [`Counts::hilo`] share each deal.
fn tally_of_sets(n: usize, high_low: bool, sets: &[u64]) -> Tally {
    use super::tally::{HILO_UNIT, TIE_UNIT};
    let mut t = Tally::with_unit(n, pot_unit(high_low));
    let all = (1usize << n) - 1;
    for (set, &count) in sets.iter().enumerate().skip(1) {
        if count == 0 {
            continue;
        }
        let c = count as u128;
        t.deals += count;
        t.total += c;
        let (highs, lows) = (set & all, set >> n);
        let k_high = (highs.count_ones() as u64).max(1);
        let k_low = (lows.count_ones() as u64).max(1);
        let (high_each, low_each) = match (high_low, lows) {
            (false, _) => (TIE_UNIT / k_high, 0),
            (true, 0) => (HILO_UNIT / k_high, 0),
            (true, _) => (TIE_UNIT / k_high, TIE_UNIT / k_low),
        };
        for p in 0..n {
            let h = if highs >> p & 1 == 1 { high_each as u128 } else { 0 };
            let l = if lows >> p & 1 == 1 { low_each as u128 } else { 0 };
            let got = h + l;
            if high_low {
                t.high[p] += c * h;
                t.low[p] += c * l;
            }
            if got == 0 {
                continue;
            }
            if got == t.unit as u128 {
                t.wins[p] += c;
            } else {
                t.ties[p] += c;
                t.shares[p] += c * got;
            }
            t.squares[p] += c * got * got;
        }
    }
    t
}

/// Random stud deals.
pub(crate) struct StudSampler<R: Ranker> {
    setup: StudSpot,
    base: [R::Hand; MAX_PLAYERS],
    used: u64,
}

impl<R: Ranker> StudSampler<R> {
    /// Prepares the known hands.
    pub fn new(s: &StudSpot) -> StudSampler<R> {
        let (base, used) = known_hands::<R>(s);
        StudSampler { setup: s.clone(), base, used }
    }
}

impl<R: Ranker> Sampler for StudSampler<R> {
    fn players(&self) -> usize {
        self.setup.known.len()
    }

    fn high_low(&self) -> bool {
        R::HILO
    }

    fn sample(&self, batch: Batch, counts: &mut Counts) -> Result<(), EquityError> {
        crate::cpu::fast(
            #[inline(always)]
            || self.sample_on(batch, counts),
        )
    }
}

impl<R: Ranker> StudSampler<R> {
    /// [`Sampler::sample`]'s loop, compiled into each of `cpu::fast`'s copies.
    #[inline(always)]
    fn sample_on(&self, mut batch: Batch, counts: &mut Counts) -> Result<(), EquityError> {
        let s = &self.setup;
        let n = s.known.len();
        for _ in 0..batch.deals {
            let mut used = self.used;
            let mut hands = self.base;
            for p in 0..n {
                for _ in 0..s.need[p] {
                    hands[p] = R::add(hands[p], batch.draw(&s.deck, &mut used));
                }
            }
            if s.community {
                let c = batch.draw(&s.deck, &mut used);
                for h in hands[..n].iter_mut() {
                    *h = R::add(*h, c);
                }
            }
            settle::<R>(&hands[..n], counts);
        }
        Ok(())
    }
}

/// The sampler for a stud game.
pub(crate) fn sampler(game: Game, s: &StudSpot) -> Box<dyn Sampler> {
    match game {
        Game::Americana => Box::new(StudSampler::<Americana>::new(s)),
        Game::Stud8 => Box::new(StudSampler::<SevenHiLo>::new(s)),
        Game::Razz => Box::new(StudSampler::<Razz>::new(s)),
        _ => Box::new(StudSampler::<Seven>::new(s)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::query::Query;

    fn spot(game: Game, players: &[&str], dead: &str) -> StudSpot {
        let mut q = Query::new(game, players.iter().copied());
        q.dead = dead.into();
        StudSpot::new(&q.parse().unwrap()).unwrap()
    }

    /// Both ways agree to the last count: completions ranked once and counted by set of
    /// winners, against every hand ranked in every deal and each showdown settled on its own.
    fn both_ways_agree<R: Ranker>(game: Game, players: &[&str], dead: &str) {
        let s = spot(game, players, dead);
        let (base, _) = known_hands::<R>(&s);
        assert!(completions::<R>(&s, &base).is_some(), "{players:?} is listed");
        let listed = enumerate::<R>(&s, None);
        assert!(listed.total > 0);
        assert_eq!(listed, hand_by_hand::<R>(&s, None), "{game:?} {players:?} dead {dead}");
    }

    #[test]
    fn counting_by_winners_agrees_with_every_showdown_settled_alone() {
        let three = ["Ah2d3c5s9d", "9s9h2cTd8cQh", "4c5d7h8s6dAd"];
        let dead = "KcKhQcQdJcJd";
        both_ways_agree::<Razz>(Game::Razz, &three, dead);
        both_ways_agree::<SevenHiLo>(Game::Stud8, &three, dead);
        both_ways_agree::<Seven>(Game::Stud7, &three, dead);
        // Often no qualifying low: only the last player can make one.
        let high = ["KhKdQcJs9dTh", "TsTd9cJd8cQh", "Ac2cAs7d3h"];
        both_ways_agree::<SevenHiLo>(Game::Stud8, &high, "4c4d5c5d");
        both_ways_agree::<SevenHiLo>(Game::Stud8, &[high[2], high[0], high[1]], "4c4d5c5d");
        // Four players on sixth street, one already holding seven cards; many split pots.
        let four = ["Ah2d3c4s5d6c", "Ac2h3d4c5h6d", "AsKsQsJs9s8s", "7c7d7h2s2c3h3s"];
        both_ways_agree::<SevenHiLo>(Game::Stud8, &four, "TcTdTh");
        both_ways_agree::<Razz>(Game::Razz, &four, "TcTdTh");
        both_ways_agree::<Seven>(Game::Stud7, &four, "TcTdTh");
        // Six players in stud high-low (4^6 sets of winners), ten cards left.
        let six = [
            "Ah2d3c4s5d6c",
            "Ac2h3d4c5h6d",
            "As2s3s4h5s6s",
            "7c7d7h8s8c8h",
            "9c9d9hTsTcTh",
            "JhJsQhQsKcKd",
        ];
        both_ways_agree::<SevenHiLo>(Game::Stud8, &six, "KhKsQcQdJcJd");
        both_ways_agree::<Seven>(Game::Stud7, &six, "KhKsQcQdJcJd");
        let americana = ["AhKdQs7c", "9s9hJcTd", "7s8sQh8d"];
        both_ways_agree::<Americana>(Game::Americana, &americana, "");
    }
}
