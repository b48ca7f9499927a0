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
        // docs/performance.md): seven-card stud's additive hand is the cheapest, the low
        // of stud high-low adds a bit count, razz ranks seven cards with the ace-to-five
        // evaluator.
        let per_player = match game {
            Game::Razz => 15.0,
            Game::Stud8 => 8.5,
            Game::Americana => 7.5,
            _ => 6.0,
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
