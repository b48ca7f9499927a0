//! Random deals of Omaha and short-deck hold'em for Monte Carlo.
//!
//! As in hold'em ([`super::holdem_sample`]): each range player's hand is drawn uniformly from
//! its list, and when it shares a card with one drawn before, the whole deal is redrawn, which
//! samples every matchup without shared cards equally often. `random` players are then dealt
//! from the cards left (exact: the number of ways to deal them does not depend on the other
//! hands), and the board is completed from what is left, each card uniform.

use super::community::{cards_of, settle, CommunitySpot};
use super::deal::{draw, redraw_until_apart, Batch, Positions};
use super::monte_carlo::Sampler;
use super::showdown::{OmahaHiLo, OmahaHigh, ShortDeck, Showdown};
use super::tally::{Counts, MAX_PLAYERS};
use super::EquityError;
use crate::card::{Card, Rank, Suit};

/// What a player is dealt from.
enum Source<S: Showdown> {
    /// One known hand, prepared.
    Exact(S::Player),
    /// A list of hands (masks).
    List(Vec<u64>),
    /// Any cards left.
    Any,
}

/// The sampler of one setup.
pub(crate) struct CommunitySampler<S: Showdown> {
    sources: Vec<Source<S>>,
    /// Cards of the exact players.
    exact: u64,
    free: Vec<Card>,
    board: [Card; 5],
    known: usize,
    size: usize,
    /// With exact players only: the deck without their cards, and the board's positions drawn
    /// at once (one random number per board, as in hold'em).
    exact_deck: Option<(Vec<Card>, Positions)>,
}

impl<S: Showdown> CommunitySampler<S> {
    fn new(s: &CommunitySpot) -> CommunitySampler<S> {
        let mut exact = 0;
        let sources: Vec<Source<S>> = s
            .players
            .iter()
            .map(|h| {
                if h.any {
                    Source::Any
                } else if let [m] = h.masks.as_slice() {
                    exact |= m;
                    Source::Exact(S::player(&cards_of(*m).collect::<Vec<_>>()))
                } else {
                    Source::List(h.masks.clone())
                }
            })
            .collect();
        let mut board = [Card::new(Rank::TWO, Suit::CLUBS); 5];
        board[..s.board.len()].copy_from_slice(&s.board);
        let all_exact = sources.iter().all(|src| matches!(src, Source::Exact(_)));
        let exact_deck = all_exact.then_some(()).and_then(|_| {
            let deck: Vec<Card> =
                s.free.iter().copied().filter(|c| exact >> c.index() & 1 == 0).collect();
            let positions = Positions::new(deck.len(), s.board_left())?;
            Some((deck, positions))
        });
        CommunitySampler {
            sources,
            exact,
            free: s.free.clone(),
            board,
            known: s.board.len(),
            size: s.size,
            exact_deck,
        }
    }
}

impl<S: Showdown> Sampler for CommunitySampler<S> {
    fn players(&self) -> usize {
        self.sources.len()
    }

    fn high_low(&self) -> bool {
        S::HILO
    }

    fn sample(&self, batch: Batch, counts: &mut Counts) -> Result<(), EquityError> {
        crate::cpu::fast(
            #[inline(always)]
            || self.sample_on(batch, counts),
        )
    }
}

impl<S: Showdown> CommunitySampler<S> {
    /// [`Sampler::sample`]'s loop, compiled into each of `cpu::fast`'s copies.
    #[inline(always)]
    fn sample_on(&self, batch: Batch, counts: &mut Counts) -> Result<(), EquityError> {
        if let Some((deck, pos)) = &self.exact_deck {
            match pos.len() {
                5 => self.exact_deals::<5>(deck, pos, batch, counts),
                4 => self.exact_deals::<4>(deck, pos, batch, counts),
                3 => self.exact_deals::<3>(deck, pos, batch, counts),
                2 => self.exact_deals::<2>(deck, pos, batch, counts),
                _ => self.exact_deals::<1>(deck, pos, batch, counts),
            }
            return Ok(());
        }
        let n = self.sources.len().min(MAX_PLAYERS);
        let mut players = [S::player(&[]); MAX_PLAYERS];
        for (p, src) in self.sources.iter().enumerate() {
            if let Source::Exact(h) = src {
                players[p] = *h;
            }
        }
        let mut hole = [Card::new(Rank::TWO, Suit::CLUBS); 6];
        let Batch { mut rng, mut bits, deals } = batch;
        for _ in 0..deals {
            let mut used = redraw_until_apart(self.exact, |mut used| {
                for (p, src) in self.sources.iter().enumerate() {
                    if let Source::List(masks) = src {
                        let m = masks[bits.below(&mut rng, masks.len() as u32) as usize];
                        if m & used != 0 {
                            return None;
                        }
                        used |= m;
                        let mut len = 0;
                        for (slot, c) in hole.iter_mut().zip(cards_of(m)) {
                            *slot = c;
                            len += 1;
                        }
                        players[p] = S::player_once(&hole[..len]);
                    }
                }
                Some(used)
            })?;
            for (p, src) in self.sources.iter().enumerate() {
                if let Source::Any = src {
                    for c in hole[..self.size].iter_mut() {
                        *c = draw(&mut rng, &mut bits, &self.free, &mut used);
                    }
                    players[p] = S::player_once(&hole[..self.size]);
                }
            }
            let mut board = self.board;
            for c in board[self.known..].iter_mut() {
                *c = draw(&mut rng, &mut bits, &self.free, &mut used);
            }
            settle::<S>(&players[..n], &board, counts);
        }
        Ok(())
    }
}

impl<S: Showdown> CommunitySampler<S> {
    /// Deals of exact players only: the `K` board cards come from one draw of positions in a
    /// private copy of the deck that leaves out the players' cards (a card taken from a
    /// uniformly random untaken position is uniform whatever order earlier deals left).
    fn exact_deals<const K: usize>(
        &self,
        cards: &[Card],
        pos: &Positions,
        batch: Batch,
        counts: &mut Counts,
    ) {
        let n = self.sources.len().min(MAX_PLAYERS);
        let mut players = [S::player(&[]); MAX_PLAYERS];
        for (p, src) in self.sources.iter().enumerate().take(n) {
            if let Source::Exact(h) = src {
                players[p] = *h;
            }
        }
        let mut deck = [Card::new(Rank::TWO, Suit::CLUBS); 52];
        let len = cards.len().min(52);
        deck[..len].copy_from_slice(&cards[..len]);
        let mut board = self.board;
        let heads_up = n == 2 && !S::HILO;
        let Batch { mut rng, mut bits, deals } = batch;
        for _ in 0..deals {
            let d = pos.draw::<K>(&mut rng, &mut bits);
            for (i, &di) in d.iter().enumerate() {
                deck.swap(i, (i + di as usize).min(51));
                if let Some(slot) = board.get_mut(self.known + i) {
                    *slot = deck[i];
                }
            }
            if heads_up {
                let b = S::board(&board);
                counts.heads_up(S::high(&players[0], &b), S::high(&players[1], &b), 1);
            } else {
                settle::<S>(&players[..n], &board, counts);
            }
        }
        if heads_up {
            counts.finish_heads_up();
        }
    }
}

/// The sampler for a community-card game other than hold'em.
pub(crate) fn sampler(s: &CommunitySpot) -> Box<dyn Sampler> {
    match s.game {
        super::Game::ShortDeck => Box::new(CommunitySampler::<ShortDeck>::new(s)),
        super::Game::Omaha8 | super::Game::Omaha85 | super::Game::Omaha68 => {
            Box::new(CommunitySampler::<OmahaHiLo>::new(s))
        }
        _ => Box::new(CommunitySampler::<OmahaHigh>::new(s)),
    }
}
