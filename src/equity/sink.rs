//! Where hold'em counts go: the plain query's pot shares ([`Tally`]) or each combo's counts
//! ([`PerCombo`], for [`by_hand`](super::by_hand)).
//!
//! Each hold'em strategy (the heads-up preflop table, exact hands, board first, matchup first
//! and the Monte Carlo sampler) is written once, generic over a [`Sink`], and monomorphized
//! for each: the plain query pays nothing for the per-combo bookkeeping (`DealSink::PER_COMBO` and
//! `Sink::ROWS` are constants the loops test at compile time), and both see the same deals in the same order, so
//! a player's combos' counts add up, integer for integer, to the plain counts.

use super::holdem::HoldemSpot;
use super::monte_carlo::tally_state;
use super::preflop;
use super::tally::{Counts, Tally, MAX_PLAYERS, TIE_UNIT};
use super::EquityError;

/// A matchup class: one combo index per player (the class's representative), padded.
pub(crate) type ClassKey = [u16; MAX_PLAYERS];

/// Where the exhaustive and Monte Carlo hold'em strategies put their counts.
pub(crate) trait Sink: Send + Sized {
    /// Board first: the players whose rows ([`Sink::row`]) the sink takes. The plain pot takes
    /// the first player's only and derives the second's.
    const ROWS: usize;
    /// What one Monte Carlo batch counts into.
    type Deals: DealSink;

    /// Empty counts for `players` players.
    fn new(players: usize) -> Self;
    /// Adds another sink's counts.
    fn merge(self, other: Self) -> Self;
    /// Adds `counts` of `deals` real deals in which the players held `combos` (one combo
    /// index per player), times `weight`.
    fn add(&mut self, combos: &[u16], counts: &Counts, weight: u128, deals: u64);
    /// Matchup first: the counts of matchup class number `index` (`key` its representative),
    /// which stands for `size.0` matchups of total weight `size.1`.
    fn class(&mut self, index: usize, key: &ClassKey, size: (u64, u128), counts: &Counts);
    /// Matchup first, after every class: spreads what [`Sink::class`] gathered.
    fn settle_classes(&mut self, s: &HoldemSpot, classes: &[(ClassKey, (u64, u128))]);
    /// Board first: player `p`'s `combo` against the other player's range on one board,
    /// times the board's class size: weighted wins, ties and total, and deals.
    fn row(&mut self, p: usize, combo: u16, row: [u64; 4]);
    /// Board first, after every board: completes the counts from the rows (`perms`: the
    /// suit permutations the boards were folded by).
    fn settle_rows(&mut self, perms: &[super::iso::SuitPerm]);
    /// The heads-up preflop table's counts of a setup.
    fn preflop(t: &preflop::Table, s: &HoldemSpot) -> Result<Self, EquityError>;
    /// Adds one Monte Carlo round's counts.
    fn absorb(&mut self, deals: Self::Deals);
    /// The deals so far and the largest standard error (what Monte Carlo's stopping rule
    /// reads).
    fn state(&self) -> (u64, f64);
    /// The plain counts of the whole ranges.
    fn tally(&self) -> Tally;
}

/// Where one Monte Carlo batch's deals are counted.
pub(crate) trait DealSink: Send + Sized {
    /// Whether the combos of [`DealSink::showdown`] are read (the strategies then record
    /// them).
    const PER_COMBO: bool;
    /// Empty counts for `players` players.
    fn new(players: usize) -> Self;
    /// Adds another batch's counts.
    fn merge(&mut self, other: &Self);
    /// Counts one showdown of `ranks` (larger wins) in which the players held `combos`
    /// (read only by per-combo sinks).
    fn showdown(&mut self, combos: &[u16], ranks: &[u16]);
    /// Counts one heads-up showdown of ranks `a` and `b`.
    #[inline(always)]
    fn heads_up(&mut self, combos: &[u16], a: u16, b: u16) {
        self.showdown(combos, &[a, b]);
    }
    /// Counts deals by who won them: `by_set[s]` deals were won by the players of the set
    /// `s` (bit `p` for player `p`, of `players`), together. Called only by a sink that does
    /// not read combos (`PER_COMBO` false), so the default's combos are placeholders.
    fn winners(&mut self, players: usize, by_set: &[u64]) {
        let players = players.min(MAX_PLAYERS);
        for (set, &deals) in by_set.iter().enumerate() {
            let mut ranks = [0u16; MAX_PLAYERS];
            for (p, r) in ranks.iter_mut().enumerate().take(players) {
                *r = u16::from(set >> p & 1 == 1);
            }
            for _ in 0..deals {
                self.showdown(&[0; MAX_PLAYERS][..players], &ranks[..players]);
            }
        }
    }
    /// Completes a batch's counts of `players` players.
    fn finish(&mut self, _players: usize) {}
}

impl DealSink for Counts {
    const PER_COMBO: bool = false;

    fn new(_: usize) -> Counts {
        Counts::default()
    }

    fn merge(&mut self, other: &Counts) {
        Counts::merge(self, other);
    }

    #[inline(always)]
    fn showdown(&mut self, _: &[u16], ranks: &[u16]) {
        Counts::showdown(self, ranks, 1);
    }

    fn winners(&mut self, players: usize, by_set: &[u64]) {
        Counts::winners(self, players, by_set);
    }

    /// Branch-free: the outcome of a random deal is unpredictable.
    #[inline(always)]
    fn heads_up(&mut self, _: &[u16], a: u16, b: u16) {
        Counts::heads_up(self, a, b, 1);
    }

    fn finish(&mut self, players: usize) {
        if players == 2 {
            self.finish_heads_up();
        }
    }
}

impl Sink for Tally {
    const ROWS: usize = 1;
    type Deals = Counts;

    fn new(players: usize) -> Tally {
        Tally::new(players)
    }

    fn merge(self, other: Tally) -> Tally {
        Tally::merge(self, other)
    }

    fn add(&mut self, _: &[u16], counts: &Counts, weight: u128, deals: u64) {
        Tally::add(self, counts, weight, deals);
    }

    fn class(&mut self, _: usize, _: &ClassKey, (count, weight): (u64, u128), counts: &Counts) {
        Tally::add(self, counts, weight, counts.deals * count);
    }

    fn settle_classes(&mut self, _: &HoldemSpot, _: &[(ClassKey, (u64, u128))]) {}

    #[inline(always)]
    fn row(&mut self, _: usize, _: u16, [wins, ties, total, deals]: [u64; 4]) {
        // The first player's row only (`ROWS` is 1); the second's is derived below.
        self.wins[0] += u128::from(wins);
        self.ties[0] += u128::from(ties);
        self.total += u128::from(total);
        self.deals += deals;
    }

    fn settle_rows(&mut self, _: &[super::iso::SuitPerm]) {
        let ties = self.ties[0];
        self.wins[1] = self.total - self.wins[0] - ties;
        self.ties[1] = ties;
        for p in 0..2 {
            self.shares[p] = ties * u128::from(TIE_UNIT / 2);
        }
    }

    fn preflop(t: &preflop::Table, s: &HoldemSpot) -> Result<Tally, EquityError> {
        t.tally(s)
    }

    fn absorb(&mut self, deals: Counts) {
        Tally::add(self, &deals, 1, deals.deals);
    }

    fn state(&self) -> (u64, f64) {
        tally_state(self)
    }

    fn tally(&self) -> Tally {
        self.clone()
    }
}
