//! Random hold'em deals for Monte Carlo.
//!
//! Players' combos are drawn in turn, each with probability proportional to its weight; if a
//! combo shares a card with one drawn before, the *whole* deal is redrawn. Redrawing only the
//! clashing player would favour combos that clash less; redrawing the deal samples exactly the
//! product of the weights restricted to deals without shared cards. The board is then completed
//! from the cards left, each card uniform among those not yet used.
//!
//! A player whose range is every two cards left, with equal weights (`random`), is not drawn
//! from its combos: after the other players it is dealt two cards from the deck, like the board.
//! This is exact: whatever the other players hold, the number of ways to deal such players is
//! the same (it depends only on how many cards are left), so the other players' combos keep
//! their distribution, and given them such a player's two cards are uniform among those left.
//! Redrawing whole deals of many `random` players would clash almost always (ten players: about
//! 55 times the time per deal of three).

use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::deal::{Positions, Uniform32, MAX_REDRAWS};
use super::holdem::HoldemSpot;
use super::sink::DealSink;
use super::tally::MAX_PLAYERS;
use super::EquityError;
use crate::card::Card;
use crate::eval::standard::Hand;

struct Player {
    /// Whether the range is every two cards of the deck, equally weighted: the player is dealt
    /// from the deck (see the module's comment), and the fields below are unused.
    free: bool,
    /// Card masks of the combos.
    masks: Vec<u64>,
    /// Combo indices of the combos.
    combos: Vec<u16>,
    /// Hole-card sums of the combos.
    hands: Vec<Hand>,
    /// Cumulative weights (exclusive prefix sums end at `total`).
    cumulative: Vec<u64>,
    total: u64,
}

impl Player {
    #[inline(always)]
    fn draw(&self, rng: &mut Xoshiro256PlusPlus) -> usize {
        if self.masks.len() == 1 {
            return 0;
        }
        let x = rng.random_range(0..self.total);
        // The first combo whose cumulative weight exceeds x.
        self.cumulative.partition_point(|&c| c <= x)
    }
}

/// The hold'em sampler of one setup.
pub(crate) struct HoldemSampler {
    players: Vec<Player>,
    deck: Vec<Card>,
    known: u64,
    /// When every player holds exact cards: their cards and hands.
    fixed: Option<(u64, [Hand; MAX_PLAYERS])>,
    board: Hand,
    left: usize,
    /// With exact players only (no card of the deck is ever skipped): the board's positions
    /// drawn at once.
    positions: Option<Positions>,
    /// The combo index of two card indices (`a * 52 + b`), for players dealt from the deck.
    pair: Vec<u16>,
}

impl HoldemSampler {
    /// Prepares the cumulative weights of each player.
    pub fn new(s: &HoldemSpot) -> HoldemSampler {
        // Exact players' cards never reach the board: leave them out of the deck.
        let mut out = s.known;
        for combos in s.players.iter().filter(|c| c.len() == 1) {
            out = out.union(combos[0].combo.set());
        }
        let deck: Vec<Card> =
            (0..52u8).filter_map(Card::from_index).filter(|c| !out.contains(*c)).collect();
        // Ranges hold combos of deck cards only, each once: all of them is every pair.
        let pairs = deck.len() * deck.len().saturating_sub(1) / 2;
        let players: Vec<Player> = s
            .players
            .iter()
            .map(|combos| {
                let mut total = 0;
                let mut cumulative = Vec::with_capacity(combos.len());
                for w in combos {
                    total += w.weight;
                    cumulative.push(total);
                }
                Player {
                    free: combos.len() == pairs
                        && pairs > 1
                        && combos.iter().all(|w| w.weight == combos[0].weight),
                    masks: combos.iter().map(|w| w.combo.set().bits()).collect(),
                    combos: combos.iter().map(|w| w.combo.index() as u16).collect(),
                    hands: combos
                        .iter()
                        .map(|w| {
                            let [a, b] = w.combo.cards();
                            Hand::EMPTY.add(a).add(b)
                        })
                        .collect(),
                    cumulative,
                    total,
                }
            })
            .collect();
        let board = s.board.iter().fold(Hand::EMPTY, |h, c| h.add(*c));
        let fixed = players.iter().all(|p: &Player| p.masks.len() == 1).then(|| {
            let mut hands = [Hand::EMPTY; MAX_PLAYERS];
            for (h, p) in hands.iter_mut().zip(&players) {
                *h = p.hands[0];
            }
            (out.bits(), hands)
        });
        let left = s.board_left();
        let positions = fixed.as_ref().and_then(|_| Positions::new(deck.len(), left));
        let mut pair = vec![0u16; 52 * 52];
        for c in crate::range::Combo::all() {
            let [a, b] = c.cards();
            let (a, b) = (usize::from(a.index()), usize::from(b.index()));
            pair[a * 52 + b] = c.index() as u16;
            pair[b * 52 + a] = c.index() as u16;
        }
        HoldemSampler { players, deck, known: s.known.bits(), fixed, board, left, positions, pair }
    }
}

impl HoldemSampler {
    /// Draws the combo of every player not dealt from the deck, redrawing the whole deal on a
    /// clash; returns the cards used. `picks[p]`: the place of player `p`'s combo in its range.
    #[inline(always)]
    fn draw_players(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        hands: &mut [Hand; MAX_PLAYERS],
        picks: &mut [usize; MAX_PLAYERS],
    ) -> Result<u64, EquityError> {
        // The rule of `deal::redraw_until_apart`, written out: passed to it as a closure, this
        // loop was left out of line, which cost a range query 8% more instructions.
        'deal: for _ in 0..=MAX_REDRAWS {
            let mut used = self.known;
            for (p, player) in self.players.iter().enumerate().filter(|(_, p)| !p.free) {
                let i = player.draw(rng);
                let m = player.masks[i];
                if used & m != 0 {
                    continue 'deal;
                }
                used |= m;
                hands[p] = player.hands[i];
                picks[p] = i;
            }
            return Ok(used);
        }
        Err(EquityError::NoDeal)
    }
}

impl HoldemSampler {
    /// The sampler's deck in a private copy, partially shuffled in place deal after deal by
    /// [`HoldemSampler::complete`]: a card taken from a uniformly random position among the
    /// untaken ones is uniform whatever order earlier deals left the copy in.
    fn deck_copy(&self) -> [Card; 52] {
        let mut deck = [Card::new(crate::card::Rank::TWO, crate::card::Suit::CLUBS); 52];
        deck[..self.deck.len()].copy_from_slice(&self.deck);
        deck
    }

    /// Completes a deal whose drawn players use the cards `used`: the board's missing cards,
    /// then two cards for each player dealt from the deck (`hands[p]`, and the cards in
    /// `dealt[p]`), each card uniform among those left; returns the board.
    #[inline(always)]
    fn complete(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        bits: &mut Uniform32,
        deck: &mut [Card; 52],
        used: u64,
        hands: &mut [Hand; MAX_PLAYERS],
        dealt: &mut [[Card; 2]; MAX_PLAYERS],
    ) -> Hand {
        // The deck's first `i` positions hold the cards dealt so far; each next card is
        // uniform among the positions after them, skipping the drawn players' cards (they
        // are in the deck too). `HoldemSpot::new` checked that enough cards are left.
        let len = self.deck.len();
        let mut i = 0;
        let mut next = |rng: &mut Xoshiro256PlusPlus| loop {
            let j = i + bits.below(rng, (len - i) as u32) as usize;
            deck.swap(i, j);
            let c = deck[i];
            if used >> c.index() & 1 == 0 {
                i += 1;
                return c;
            }
        };
        let mut board = self.board;
        for _ in 0..self.left {
            board = board.add(next(rng));
        }
        for (p, player) in self.players.iter().enumerate() {
            if player.free {
                let (a, b) = (next(rng), next(rng));
                hands[p] = Hand::EMPTY.add(a).add(b);
                dealt[p] = [a, b];
            }
        }
        board
    }
}

impl HoldemSampler {
    /// Draws `deals` deals and counts their showdowns into a sink; a per-combo sink is told
    /// each player's combo. The deals drawn do not depend on the sink.
    pub(crate) fn sample_into<D: DealSink>(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        deals: u64,
        sink: &mut D,
    ) -> Result<(), EquityError> {
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::path() == crate::cpu::Path::X86_64V3 {
            // SAFETY: `sample_v3` is compiled with the features of `cpu::V3_FEATURES`, and
            // `cpu::path` is `X86_64V3` only on a CPU that has every one of them (checked with
            // `is_x86_feature_detected!` in `cpu::has_v3`). It has no other precondition.
            #[allow(unsafe_code)]
            return unsafe { self.sample_v3(rng, deals, sink) };
        }
        self.sample_on(rng, deals, sink)
    }

    /// [`HoldemSampler::sample_on`] compiled for x86-64-v3. A function of its own rather than
    /// `cpu::fast`'s closure: its references stay arguments the compiler knows apart, so the
    /// sampler's fields stay in registers across the sink's writes (through a closure's
    /// captures the loop ran 11% more instructions than before the two copies, measured with
    /// callgrind).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
    fn sample_v3<D: DealSink>(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        deals: u64,
        sink: &mut D,
    ) -> Result<(), EquityError> {
        // The generator's state as a local, written back after, so it stays in registers.
        let mut local = rng.clone();
        let done = self.sample_on(&mut local, deals, sink);
        *rng = local;
        done
    }

    /// [`HoldemSampler::sample_into`]'s loop, compiled into each of `cpu::fast`'s copies.
    #[inline(always)]
    fn sample_on<D: DealSink>(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        deals: u64,
        sink: &mut D,
    ) -> Result<(), EquityError> {
        if let (Some(pos), Some((_, hands))) = (&self.positions, &self.fixed) {
            // One loop for each number of board cards, so that the draw's decoding unrolls
            // and no deal asks how many cards it deals.
            match pos.len() {
                5 => self.sample_players::<5, D>(pos, hands, rng, deals, sink),
                4 => self.sample_players::<4, D>(pos, hands, rng, deals, sink),
                3 => self.sample_players::<3, D>(pos, hands, rng, deals, sink),
                2 => self.sample_players::<2, D>(pos, hands, rng, deals, sink),
                1 => self.sample_players::<1, D>(pos, hands, rng, deals, sink),
                _ => unreachable!("hold'em deals 1 to 5 board cards: Positions::new checks"),
            }
            return Ok(());
        }
        let n = self.players.len().min(MAX_PLAYERS);
        let mut hands = [Hand::EMPTY; MAX_PLAYERS];
        let mut picks = [0usize; MAX_PLAYERS];
        let mut dealt =
            [[Card::new(crate::card::Rank::TWO, crate::card::Suit::CLUBS); 2]; MAX_PLAYERS];
        let mut deck = self.deck_copy();
        let mut bits = Uniform32::default();
        let mut winners = Winners::new();
        for _ in 0..deals {
            let used = self.draw_players(rng, &mut hands, &mut picks)?;
            let board = self.complete(rng, &mut bits, &mut deck, used, &mut hands, &mut dealt);
            let mut combos = [0u16; MAX_PLAYERS];
            if D::PER_COMBO {
                for (p, player) in self.players.iter().enumerate().take(n) {
                    combos[p] = if player.free {
                        let [a, b] = dealt[p];
                        self.pair[usize::from(a.index()) * 52 + usize::from(b.index())]
                    } else {
                        player.combos[picks[p]]
                    };
                }
            }
            winners.count::<D, 0>(sink, &hands, board, n, &combos);
        }
        winners.finish(sink, n);
        Ok(())
    }

    /// [`HoldemSampler::sample_exact`] with the number of players a constant for two to
    /// four players (so the loops over the players unroll), read at run time beyond.
    #[inline(always)]
    fn sample_players<const K: usize, D: DealSink>(
        &self,
        pos: &Positions,
        hands: &[Hand; MAX_PLAYERS],
        rng: &mut Xoshiro256PlusPlus,
        deals: u64,
        sink: &mut D,
    ) {
        match self.players.len() {
            2 => self.sample_exact::<K, 2, D>(pos, hands, rng, deals, sink),
            3 => self.sample_exact::<K, 3, D>(pos, hands, rng, deals, sink),
            4 => self.sample_exact::<K, 4, D>(pos, hands, rng, deals, sink),
            _ => self.sample_exact::<K, 0, D>(pos, hands, rng, deals, sink),
        }
    }

    /// Deals of exact hands only: the `K` board cards from one draw of positions, in a
    /// private copy of the deck that leaves out the players' cards. No card of the copy is
    /// ever skipped, so the positions need no test. `N` players, or as many as there are when
    /// `N` is 0.
    #[inline(always)]
    fn sample_exact<const K: usize, const N: usize, D: DealSink>(
        &self,
        pos: &Positions,
        hands: &[Hand; MAX_PLAYERS],
        rng: &mut Xoshiro256PlusPlus,
        deals: u64,
        sink: &mut D,
    ) {
        let n = if N > 0 { N } else { self.players.len().min(MAX_PLAYERS) };
        // Each card as its one-card hand, so a card taken is added to the board as it is,
        // without looking up its addends; 64 places, so that a position masked with 63 needs
        // no bounds check (the draw's positions never pass the deck's last card).
        let mut deck = [Hand::EMPTY; 64];
        for (slot, &c) in deck.iter_mut().zip(&self.deck) {
            *slot = Hand::EMPTY.add(c);
        }
        let mut combos = [0u16; MAX_PLAYERS];
        for (c, player) in combos.iter_mut().zip(&self.players) {
            *c = player.combos[0];
        }
        let mut bits = Uniform32::default();
        let mut winners = Winners::new();
        for _ in 0..deals {
            let d = pos.draw::<K>(rng, &mut bits);
            let mut board = self.board;
            for (i, &di) in d.iter().enumerate() {
                // The swap written out, so that the card taken is added from the register it
                // was read into, not read again after the store.
                let j = (i + di as usize) & 63;
                let (here, taken) = (deck[i], deck[j]);
                deck[j] = here;
                deck[i] = taken;
                board = board + taken;
            }
            winners.count::<D, N>(sink, hands, board, n, &combos);
        }
        winners.finish(sink, n);
    }
}

/// Deals counted by who won them: the deals of each set of winners (a bit per player), turned
/// into wins, ties and shares once, at the end of a batch. Per deal this is one increment,
/// where counting each player's share took a branch per player (unpredictable on random
/// deals) and several additions, or heads-up five read-modify-writes. Per-combo sinks, which
/// need each deal's combos, are told each deal as it comes.
struct Winners {
    /// Deals by set of winners.
    by_set: [u64; 1 << MAX_PLAYERS],
}

impl Winners {
    fn new() -> Winners {
        Winners { by_set: [0; 1 << MAX_PLAYERS] }
    }

    /// Counts the showdown of `hands` (the first `n`; `N` is `n` when it is not 0) on
    /// `board`.
    #[inline(always)]
    fn count<D: DealSink, const N: usize>(
        &mut self,
        sink: &mut D,
        hands: &[Hand; MAX_PLAYERS],
        board: Hand,
        n: usize,
        combos: &[u16; MAX_PLAYERS],
    ) {
        let n = if N > 0 { N } else { n };
        if n == 2 {
            let (a, b) = ((hands[0] + board).rank7(), (hands[1] + board).rank7());
            if D::PER_COMBO {
                sink.heads_up(&combos[..2], a.value(), b.value());
            } else {
                // Three counters at fixed places: in registers across a loop of `N` = 2,
                // where an increment at a computed place waits for the one before.
                self.by_set[1] += u64::from(a > b);
                self.by_set[2] += u64::from(b > a);
                self.by_set[3] += u64::from(a == b);
            }
            return;
        }
        let mut ranks = [0u16; MAX_PLAYERS];
        let mut best = 0;
        for p in 0..n {
            ranks[p] = (hands[p] + board).rank7().value();
            best = best.max(ranks[p]);
        }
        if D::PER_COMBO {
            sink.showdown(&combos[..n], &ranks[..n]);
            return;
        }
        let mut set = 0usize;
        for (p, &r) in ranks.iter().enumerate().take(n) {
            set |= usize::from(r == best) << p;
        }
        self.by_set[set & ((1 << MAX_PLAYERS) - 1)] += 1;
    }

    /// Hands the deals counted by set of winners to the sink, and completes its counts.
    fn finish<D: DealSink>(&self, sink: &mut D, n: usize) {
        if !D::PER_COMBO {
            sink.winners(n, &self.by_set[..1 << n]);
        }
        sink.finish(n);
    }
}
