//! The hand state machine: forced bets, dealing, betting rounds, the turnover expose.
//!
//! Phases run in order for each street: [`Phase::Dealing`] until the street's cards are out,
//! then [`Phase::Betting`] (skipped when fewer than two players can bet), then for turnover
//! [`Phase::Exposing`]; after the last street, [`Phase::Showdown`]. A hand won by folds goes to
//! [`Phase::Over`]. Once no more betting is possible (everyone but one is all-in, or the last
//! round is over) the showdown is *open*: players may show or muck while the remaining cards are
//! dealt, as PokerKit writes all-in hands.

use crate::card::{Card, CardSet};
use crate::text::count;

use super::bomb::{check_bomb_pot, BombPot};
use super::error::SetupError;
use super::forced::{check_straddles, table_ante};
pub use super::holding::CardList;
use super::holding::Holding;
use super::outside::check_dead_money;
use super::runs::Runout;
use super::seats::{ActQueue, Seats, MAX_SEATS};
use super::timeout::TimeoutResult;
use super::{player_name, Chips, Opening, ShowStart, Stakes, Structure, Variant, MAX_CHIPS};

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The street's cards are being dealt.
    Dealing,
    /// A betting round is under way.
    Betting,
    /// Turnover: live players expose one hole card each.
    Exposing,
    /// All cards are out and betting is over; live players show or muck.
    Showdown,
    /// Everyone but one player folded.
    Over,
}

/// A record of what one action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Hole cards dealt (`None` for an unknown card).
    HoleDealt {
        /// The player.
        player: usize,
        /// The cards.
        cards: CardList,
    },
    /// Board cards dealt.
    BoardDealt {
        /// The cards.
        cards: CardList,
    },
    /// The stud bring-in posted.
    BroughtIn {
        /// The player.
        player: usize,
        /// Chips posted.
        amount: Chips,
    },
    /// A fold.
    Folded {
        /// The player.
        player: usize,
    },
    /// A check.
    Checked {
        /// The player.
        player: usize,
    },
    /// A call of `amount` more chips (all-in when the stack ran out).
    Called {
        /// The player.
        player: usize,
        /// Chips added.
        amount: Chips,
        /// Whether the call put the player all-in.
        all_in: bool,
    },
    /// A bet or raise to `to` chips in the round.
    BetOrRaised {
        /// The player.
        player: usize,
        /// The player's round total after it.
        to: Chips,
        /// Whether it is a full bet or raise (it reopens the betting).
        full: bool,
        /// Whether it put the player all-in.
        all_in: bool,
    },
    /// A hole card turned face up and out of the hand (turnover).
    Exposed {
        /// The player.
        player: usize,
        /// The card.
        card: Option<Card>,
    },
    /// Cards shown at showdown.
    Shown {
        /// The player.
        player: usize,
    },
    /// A hand mucked at showdown: it gives up every pot.
    Mucked {
        /// The player.
        player: usize,
    },
    /// A player who was to act and did not, under the fold-unless-check rule.
    TimedOut {
        /// The player.
        player: usize,
        /// What the rule did for them.
        result: TimeoutResult,
    },
    /// A player who failed to act, treated as all-in under all-in protection: their chips
    /// behind are set aside until the end of the hand.
    ProtectedAllIn {
        /// The player.
        player: usize,
        /// The stud bring-in posted for them first (0 when none was due).
        brought_in: Chips,
        /// The chips set aside, given back at the end of the hand.
        behind: Chips,
    },
    /// An action by a live player whose turn it was not: ignored, play goes on in order.
    OutOfTurnIgnored {
        /// The player.
        player: usize,
    },
    /// A player said how many times the rest of the board is to be dealt (see `runs`).
    RunsChosen {
        /// The player.
        player: usize,
        /// The runs they asked for.
        runs: u8,
    },
    /// The room paid a player outside the pot, or the player paid it when negative (an EV
    /// Cashout, all-in insurance: see `outside`).
    CashedOut {
        /// The player.
        player: usize,
        /// The chips paid to the player (negative: paid by the player).
        amount: Chips,
    },
}

/// One hand being played.
#[derive(Clone, Debug)]
pub struct HandState {
    pub(super) game: Variant,
    pub(super) n: usize,
    pub(super) starting: Seats<Chips>,
    pub(super) stacks: Seats<Chips>,
    pub(super) bets: Seats<Chips>,
    pub(super) committed: Seats<Chips>,
    pub(super) dead: Seats<Chips>,
    pub(super) returned: Seats<Chips>,
    pub(super) folded: Seats<bool>,
    pub(super) mucked: Seats<bool>,
    pub(super) shown: Seats<bool>,
    pub(super) hole: Seats<Holding>,
    pub(super) exposed: Seats<CardList>,
    pub(super) board: Vec<Option<Card>>,
    pub(super) seen: CardSet,
    pub(super) street: usize,
    pub(super) phase: Phase,
    pub(super) pending_hole: Seats<usize>,
    pub(super) pending_board: usize,
    pub(super) pending_expose: Seats<bool>,
    pub(super) to_act: ActQueue,
    pub(super) acted: Seats<bool>,
    /// PHH codes (PokerKit's reading): who acted since the last full raise of the round.
    pub(super) since_full: Seats<bool>,
    /// PHH codes: the largest raise increment of the round (0 at its start).
    pub(super) largest_raise: Chips,
    /// PHH codes: the increments of the all-in raises since the last raise that was not all-in,
    /// while they add up to less than a full raise.
    pub(super) short_sum: Chips,
    pub(super) faced: Seats<Chips>,
    pub(super) full_level: Chips,
    pub(super) min_increment: Chips,
    pub(super) raises: u32,
    pub(super) round_opener: usize,
    pub(super) last_aggressor: Option<usize>,
    pub(super) closed: bool,
    pub(super) show_order: Option<Vec<usize>>,
    pub(super) first_shown: Option<usize>,
    pub(super) unswept: Seats<Chips>,
    pub(super) stakes_min_bet: Chips,
    pub(super) bring_in: Chips,
    pub(super) bring_in_due: bool,
    pub(super) completion_due: bool,
    pub(super) big_bet_made: bool,
    pub(super) small_bet: Chips,
    pub(super) big_bet: Chips,
    /// The largest blind or straddle as set, posted in full or not (presets; 0 for PHH codes).
    pub(super) blind_level: Chips,
    /// The least bet to match in this round whatever was posted: the full big blind before
    /// the flop in the presets, 0 otherwise.
    pub(super) round_price: Chips,
    /// Chips behind of players protected all-in, or over the table cap, kept out of play until
    /// the hand ends.
    pub(super) set_aside: Seats<Chips>,
    /// Players whose blind entry was negative: a post by a player new to the table, which is a
    /// live bet but does not set who acts first (PokerKit's reading of a negative entry).
    pub(super) newcomer_post: Seats<bool>,
    /// Draw games: the players still to stand pat or discard on this street.
    pub(super) pending_draw: Seats<bool>,
    /// Cards taken from the stub since the deck was last made up: every card dealt, known or
    /// not, and the burns.
    pub(super) stub_taken: usize,
    /// Draw games: known cards out of play (discards, folded hands), shuffled back into the
    /// stub when it runs out.
    pub(super) reserve: CardSet,
    /// Draw games: unknown cards out of play (unknown discards and folded hands, burns).
    pub(super) reserve_unknown: usize,
    /// Running the rest of the board more than once.
    pub(super) runout: Runout,
    /// Dead money the room added to the main pot (`outside.rs`).
    pub(super) dead_money: Chips,
    /// What the room paid each player outside the pot (negative: the player paid).
    pub(super) outside: Seats<Chips>,
    /// The players who cashed out (one bit each).
    pub(super) cashed_out: u32,
    /// The bomb and the boards of a bomb pot (`bomb.rs`).
    pub(super) bomb: BombPot,
}

impl HandState {
    /// Starts a hand: checks the stakes, posts antes and blinds, and waits for the first cards.
    pub fn new(game: Variant, stakes: &Stakes) -> Result<HandState, SetupError> {
        if !game.supported {
            return Err(SetupError::Unsupported(game.code));
        }
        let n = stakes.stacks.len();
        // Per-player state is kept inline: no game seats more than MAX_SEATS.
        let max = game.max_players.min(MAX_SEATS);
        if n < 2 || n > max {
            let hole_cards = game.chosen_hole_cards();
            return Err(SetupError::PlayerCount { count: n, game: game.code, hole_cards, max });
        }
        for (field, v) in [
            ("antes", &stakes.antes),
            ("blinds_or_straddles", &stakes.blinds),
            ("_dead_blinds", &stakes.dead_blinds),
        ] {
            if !v.is_empty() && v.len() != n {
                return Err(SetupError::Length { field, len: v.len(), players: n });
            }
            // A negative blind is the post of a player new to the table (docs/replay.md).
            let signed = field == "blinds_or_straddles";
            if let Some((i, &x)) = v.iter().enumerate().find(|&(_, &x)| x < Chips::ZERO && !signed)
            {
                return Err(SetupError::Amount { field, index: i + 1, value: x, why: "negative" });
            }
        }
        for (field, v) in [
            ("antes", &stakes.antes),
            ("blinds_or_straddles", &stakes.blinds),
            ("_dead_blinds", &stakes.dead_blinds),
            ("starting_stacks", &stakes.stacks),
        ] {
            if let Some((i, &x)) =
                v.iter().enumerate().find(|&(_, &x)| x.saturating_abs() > MAX_CHIPS)
            {
                let why = "too large (at most 10^15 chips)";
                return Err(SetupError::Amount { field, index: i + 1, value: x, why });
            }
        }
        check_dead_money(&game, stakes)?;
        let bomb = check_bomb_pot(&game, stakes)?;
        let sizes_given = [stakes.min_bet, stakes.small_bet, stakes.big_bet, stakes.bring_in];
        if sizes_given.iter().any(|&x| !(Chips::ZERO..=MAX_CHIPS).contains(&x)) {
            return Err(SetupError::Stake("bet sizes must be from 0 to 10^15 chips".into()));
        }
        if let Some((i, &x)) = stakes.stacks.iter().enumerate().find(|&(_, &x)| x <= Chips::ZERO) {
            let why = "a starting stack must be positive";
            return Err(SetupError::Amount {
                field: "starting_stacks",
                index: i + 1,
                value: x,
                why,
            });
        }
        let get = |v: &Vec<Chips>, i: usize| v.get(i).copied().unwrap_or(Chips::ZERO);
        // PHH: heads-up, the antes and blinds arrays apply reversed (p1 is the big blind).
        let mut antes: Seats<Chips> = Seats::filled(Chips::ZERO, n);
        let mut blinds: Seats<Chips> = Seats::filled(Chips::ZERO, n);
        let mut newcomer_post: Seats<bool> = Seats::filled(false, n);
        for i in 0..n {
            antes[i] = get(&stakes.antes, if n == 2 { 1 - i } else { i });
            let blind = get(&stakes.blinds, if n == 2 { 1 - i } else { i });
            blinds[i] = blind.saturating_abs();
            newcomer_post[i] = blind < Chips::ZERO;
        }
        if !game.is_phh_code() && n > 2 {
            check_straddles(&blinds)?;
        }
        let blind_unit =
            stakes.blinds.iter().copied().filter(|&b| b > Chips::ZERO).min().unwrap_or(Chips::ZERO);
        if game.heads_up_double_ante && n == 2 {
            for i in 0..2 {
                antes[i] += 2 * blind_unit;
                blinds[i] = Chips::ZERO;
            }
        }
        let (min_bet, small_bet, big_bet) = sizes(&game, stakes, blind_unit)?;
        let mut hand = HandState {
            game,
            n,
            starting: Seats::from_slice(&stakes.stacks),
            stacks: Seats::from_slice(&stakes.stacks),
            bets: Seats::filled(Chips::ZERO, n),
            committed: Seats::filled(Chips::ZERO, n),
            dead: Seats::filled(Chips::ZERO, n),
            returned: Seats::filled(Chips::ZERO, n),
            folded: Seats::filled(false, n),
            mucked: Seats::filled(false, n),
            shown: Seats::filled(false, n),
            hole: Seats::filled(Holding::default(), n),
            exposed: Seats::filled(CardList::default(), n),
            board: Vec::with_capacity(5),
            seen: CardSet::EMPTY,
            street: 0,
            phase: Phase::Dealing,
            pending_hole: Seats::filled(0, n),
            pending_board: 0,
            pending_expose: Seats::filled(false, n),
            to_act: ActQueue::default(),
            acted: Seats::filled(false, n),
            since_full: Seats::filled(false, n),
            largest_raise: Chips::ZERO,
            short_sum: Chips::ZERO,
            faced: Seats::filled(Chips::ZERO, n),
            full_level: Chips::ZERO,
            min_increment: Chips::ZERO,
            raises: 0,
            round_opener: 0,
            last_aggressor: None,
            closed: false,
            show_order: None,
            first_shown: None,
            unswept: Seats::filled(Chips::ZERO, n),
            stakes_min_bet: min_bet,
            bring_in: bring_in_of(&game, stakes),
            bring_in_due: false,
            completion_due: false,
            big_bet_made: false,
            small_bet,
            big_bet,
            // Players entering the pot owe the full big blind even when it was posted short.
            blind_level: if game.is_phh_code() {
                Chips::ZERO
            } else {
                blinds.iter().copied().max().unwrap_or(Chips::ZERO)
            },
            round_price: Chips::ZERO,
            set_aside: Seats::filled(Chips::ZERO, n),
            newcomer_post,
            pending_draw: Seats::filled(false, n),
            stub_taken: 0,
            reserve: CardSet::EMPTY,
            reserve_unknown: 0,
            runout: Runout::default(),
            dead_money: stakes.dead_money,
            outside: Seats::filled(Chips::ZERO, n),
            cashed_out: 0,
            bomb,
        };
        if let Some(cap) = stakes.table_cap {
            hand.set_aside_over_cap(cap, &antes, &stakes.dead_blinds)?;
        }
        let mut posted: Seats<Chips> = Seats::filled(Chips::ZERO, n);
        // The presets: one player's ante for the table is dead money, posted after the blind.
        let table = table_ante(&antes).filter(|_| !game.is_phh_code());
        for i in 0..n {
            let behind = if table == Some(i) { hand.stacks[i] - blinds[i] } else { hand.stacks[i] };
            posted[i] = antes[i].min(behind.max(Chips::ZERO));
        }
        if game.ante_trimming {
            let mut sorted = posted;
            sorted.sort_unstable();
            let cutoff = sorted[n - 2];
            for p in posted.iter_mut() {
                *p = (*p).min(cutoff);
            }
        }
        for (i, &a) in posted.iter().enumerate() {
            hand.stacks[i] -= a;
            hand.committed[i] += a;
            if game.antes_dead && !game.ante_trimming || table == Some(i) {
                hand.dead[i] = a;
            }
        }
        // Dead blinds are not reversed heads-up: they are the player's own debt, not a position's.
        for (i, &d) in stakes.dead_blinds.iter().enumerate().take(n) {
            let d = d.min(hand.stacks[i]);
            hand.stacks[i] -= d;
            hand.committed[i] += d;
            hand.dead[i] += d;
        }
        for (i, &b) in blinds.iter().enumerate() {
            let b = b.min(hand.stacks[i]);
            hand.stacks[i] -= b;
            hand.bets[i] += b;
            hand.committed[i] += b;
        }
        hand.post_bomb();
        hand.begin_street();
        Ok(hand)
    }

    /// The variant being played: its code, betting structure and house rules.
    pub fn variant(&self) -> &Variant {
        &self.game
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The betting structure of the round being played ([`Structure::on_street`]).
    pub(super) fn structure(&self) -> Structure {
        self.game.structure.on_street(self.street)
    }

    /// The street being played (0: the first), as an index into the game's streets.
    pub fn street(&self) -> usize {
        self.street
    }

    /// The bets and raises made in this betting round, as the cap counts them (a blind or a
    /// bring-in counts where the game counts it toward the cap).
    pub fn raises(&self) -> u32 {
        self.raises
    }

    /// Current stacks (chips behind, not counting bets in front of players, nor the chips set
    /// aside for a player protected all-in: see [`HandState::set_aside`]).
    pub fn stacks(&self) -> &[Chips] {
        &self.stacks
    }

    /// Chips behind that players protected all-in, or over the table cap, keep out of play until
    /// the hand ends (0 for everyone else); they are part of the final stacks.
    pub fn set_aside(&self) -> &[Chips] {
        &self.set_aside
    }

    /// Starting stacks.
    pub fn starting_stacks(&self) -> &[Chips] {
        &self.starting
    }

    /// Each player's bet in this betting round (the blinds before the flop, a bring-in).
    pub fn bets(&self) -> &[Chips] {
        &self.bets
    }

    /// Each player's total put in so far (antes, blinds, bets).
    pub fn committed(&self) -> &[Chips] {
        &self.committed
    }

    /// The player to act, in a betting round.
    pub fn actor(&self) -> Option<usize> {
        if self.phase == Phase::Betting {
            self.to_act.front()
        } else {
            None
        }
    }

    /// Whether `player` is still to act in this betting round.
    pub fn is_to_act(&self, player: usize) -> bool {
        self.phase == Phase::Betting && self.to_act.contains(player)
    }

    /// The players still to act in this betting round, in order (the actor first).
    pub fn actors(&self) -> Vec<usize> {
        if self.phase == Phase::Betting {
            self.to_act.iter().collect()
        } else {
            Vec::new()
        }
    }

    /// What `player` must add to call the current bet (in the presets, before the flop, at
    /// least the full big blind even when it was posted short).
    pub fn to_call(&self, player: usize) -> Chips {
        let max = self.max_bet();
        self.bets.get(player).map_or(Chips::ZERO, |&b| (max - b).max(Chips::ZERO))
    }

    /// A player's hole cards still in the hand (`None`: unknown).
    pub fn hole_cards(&self, player: usize) -> &[Option<Card>] {
        self.hole.get(player).map_or(&[], |h| &h[..])
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.n
    }

    pub(super) fn live(&self, i: usize) -> bool {
        !self.folded[i] && !self.mucked[i]
    }

    pub(super) fn live_count(&self) -> usize {
        (0..self.n).filter(|&i| self.live(i)).count()
    }

    pub(super) fn begin_street(&mut self) {
        let street = self.game.streets[self.street];
        for i in 0..self.n {
            self.pending_hole[i] = if self.live(i) { street.hole.len() } else { 0 };
        }
        self.pending_board = self.board_due(street.board);
        // Stud: when the deck cannot give every live player their card, one community card is
        // dealt face up instead and plays for everyone.
        let due: usize = self.pending_hole.iter().sum();
        if due > self.game.deck.len().saturating_sub(self.seen.len()) {
            self.pending_board += street.hole.len();
            self.pending_hole.iter_mut().for_each(|p| *p = 0);
        }
        if street.burn && self.street > 0 {
            self.stub_taken += 1;
            if self.game.has_draws() {
                self.reserve_unknown += 1;
            }
        }
        for i in 0..self.n {
            self.pending_draw[i] = street.draw && self.live(i);
        }
        self.phase = Phase::Dealing;
        if self.nothing_due() {
            self.begin_betting();
        }
    }

    /// Whether the street's cards and draws are all done.
    pub(super) fn nothing_due(&self) -> bool {
        self.pending_board == 0
            && self.pending_hole.iter().all(|&p| p == 0)
            && !self.pending_draw.iter().any(|&d| d)
    }

    pub(super) fn begin_betting(&mut self) {
        self.phase = Phase::Betting;
        self.to_act.clear();
        self.last_aggressor = None;
        self.raises = 0;
        self.acted.iter_mut().for_each(|a| *a = false);
        self.since_full.iter_mut().for_each(|a| *a = false);
        self.largest_raise = Chips::ZERO;
        self.short_sum = Chips::ZERO;
        self.faced.iter_mut().for_each(|f| *f = Chips::ZERO);
        self.round_price = if self.street == 0 { self.blind_level } else { Chips::ZERO };
        let max = self.max_bet();
        self.full_level = max;
        self.min_increment = match self.structure() {
            Structure::FixedLimit => self.street_size(),
            Structure::SpreadLimit => self.small_bet,
            _ => self.stakes_min_bet,
        };
        if max > Chips::ZERO && self.game.blind_counts_toward_cap {
            self.raises = 1;
        }
        self.big_bet_made = false;
        let opening = self.game.streets[self.street].opening;
        self.round_opener = match self.card_opener(opening) {
            Some(i) => i,
            None => {
                // The player after the largest bet (the big blind preflop; else the last seat).
                // In the presets, of several equal largest blinds the first is the big blind:
                // the others were posted by players coming into the game (docs/sessions.md),
                // who act in turn and keep the option.
                let first = !self.game.is_phh_code() && max > Chips::ZERO;
                // A newcomer's post (a negative blind) counts negated, as PokerKit counts it.
                let bet =
                    |i: usize| if self.newcomer_post[i] { -self.bets[i] } else { self.bets[i] };
                let top = (0..self.n)
                    .max_by_key(|&i| (bet(i), if first { self.n - i } else { i }))
                    .unwrap_or(0);
                (top + 1) % self.n
            }
        };
        let brings_in =
            matches!(opening, Opening::LowCard | Opening::HighCard | Opening::HighCardAceLow);
        self.bring_in_due = brings_in && self.street == 0 && self.bring_in > Chips::ZERO;
        self.completion_due = self.bring_in_due && !self.game.bring_in_is_bet;
        if self.closed || self.skips_betting() {
            self.end_betting();
            return;
        }
        // The two largest totals of live players: the most any other player can have is the
        // largest, or the second largest for the player who holds the largest.
        let (mut top, mut second, mut top_player) = (Chips::ZERO, Chips::ZERO, usize::MAX);
        for i in (0..self.n).filter(|&i| self.live(i)) {
            let t = self.total(i);
            if top_player == usize::MAX || t > top {
                (second, top, top_player) = (top, t, i);
            } else if t > second {
                second = t;
            }
        }
        for k in 0..self.n {
            let i = (self.round_opener + k) % self.n;
            let max_other = if i == top_player { second } else { top };
            if self.live(i) && self.stacks[i] > Chips::ZERO && max_other > self.bets[i] {
                self.to_act.push_back(i);
            }
        }
        let lone_covered =
            self.to_act.len() == 1 && self.to_act.front().is_some_and(|p| self.bets[p] >= max);
        if self.to_act.is_empty() || lone_covered {
            self.end_betting();
        }
    }

    pub(super) fn end_betting(&mut self) {
        self.to_act.clear();
        self.round_price = Chips::ZERO;
        // An uncalled bet or raise goes back to its maker.
        let (mut first, mut second) = (Chips::ZERO, Chips::ZERO);
        for &b in self.bets.iter() {
            if b > first {
                second = first;
                first = b;
            } else if b > second {
                second = b;
            }
        }
        for i in 0..self.n {
            if self.bets[i] > second {
                let back = self.bets[i] - second;
                self.stacks[i] += back;
                self.committed[i] -= back;
                self.returned[i] += back;
                self.bets[i] = second;
            }
        }
        if self.live_count() <= 1 {
            self.unswept = std::mem::replace(&mut self.bets, Seats::filled(Chips::ZERO, self.n));
            self.phase = Phase::Over;
            return;
        }
        self.bets.iter_mut().for_each(|b| *b = Chips::ZERO);
        let with_chips =
            (0..self.n).filter(|&i| self.live(i) && self.stacks[i] > Chips::ZERO).count();
        if with_chips <= 1 && !self.closed {
            self.closed = true;
            self.note_runout();
        }
        let last = self.street + 1 == self.game.streets.len();
        // In draw games nobody shows before the last draw (PokerKit).
        let draws_ahead = self.game.streets[self.street + 1..].iter().any(|s| s.draw);
        if self.show_order.is_none() && ((self.closed && !draws_ahead) || last) {
            self.open_showdown();
        }
        if self.game.expose_after == Some(self.street) {
            for i in 0..self.n {
                self.pending_expose[i] = self.live(i);
            }
            self.phase = Phase::Exposing;
        } else {
            self.next_street();
        }
    }

    pub(super) fn next_street(&mut self) {
        if self.street + 1 < self.game.streets.len() {
            self.street += 1;
            self.begin_street();
        } else if !self.next_run() {
            self.phase = Phase::Showdown;
        }
    }

    pub(super) fn open_showdown(&mut self) {
        let start = match (self.last_aggressor, self.game.show_start) {
            (Some(p), _) => p,
            (None, ShowStart::RoundOpener) => self.round_opener,
            (None, ShowStart::LeftOfButton) => 0,
        };
        let order = (0..self.n).map(|k| (start + k) % self.n).filter(|&i| self.live(i)).collect();
        self.show_order = Some(order);
    }

    /// What the hand is waiting for, in words.
    pub fn waiting_for(&self) -> String {
        match self.phase {
            Phase::Dealing if self.pending_draw.iter().any(|&d| d) => {
                let due: Vec<String> =
                    (0..self.n).filter(|&i| self.pending_draw[i]).map(player_name).collect();
                format!("draw {}: {} must stand pat or discard", self.street, due.join(", "))
            }
            Phase::Dealing => {
                let holes: Vec<String> = (0..self.n)
                    .filter(|&i| self.pending_hole[i] > 0)
                    .map(|i| {
                        let cards =
                            count(self.pending_hole[i], "more hole card", "more hole cards");
                        format!("{cards} to {}", player_name(i))
                    })
                    .collect();
                let mut parts = holes;
                if self.pending_board > 0 {
                    parts.push(count(self.pending_board, "more board card", "more board cards"));
                }
                format!("street {} is not fully dealt: {}", self.street + 1, parts.join(", "))
            }
            Phase::Betting => {
                format!("{} is to act", self.to_act.front().map_or("nobody".into(), player_name))
            }
            Phase::Exposing => {
                let missing: Vec<String> =
                    (0..self.n).filter(|&i| self.pending_expose[i]).map(player_name).collect();
                format!("{} must expose a hole card", missing.join(", "))
            }
            Phase::Showdown | Phase::Over => "nothing".into(),
        }
    }
}

/// The bring-in: as given, or by default twice the ante (Americana) or the minimum bet (spread).
fn bring_in_of(game: &Variant, stakes: &Stakes) -> Chips {
    if stakes.bring_in > Chips::ZERO || !game.bring_in_is_bet {
        return stakes.bring_in.max(Chips::ZERO);
    }
    match game.deck {
        crate::card::Deck::Americana => {
            2 * stakes.antes.iter().copied().max().unwrap_or(Chips::ZERO)
        }
        crate::card::Deck::Standard | crate::card::Deck::ShortDeck => {
            stakes.small_bet.max(Chips::ZERO)
        }
    }
}

fn sizes(
    game: &Variant,
    stakes: &Stakes,
    blind_unit: Chips,
) -> Result<(Chips, Chips, Chips), SetupError> {
    let big_blind = stakes.blinds.iter().copied().max().unwrap_or(Chips::ZERO);
    let bring_in = bring_in_of(game, stakes);
    let unit = if game.bring_in_is_bet && big_blind == Chips::ZERO { bring_in } else { big_blind };
    match game.structure {
        Structure::NoLimit | Structure::PotLimit | Structure::PotLimitPreflop => {
            let default = if game.heads_up_double_ante { blind_unit } else { unit };
            let min_bet = if stakes.min_bet > Chips::ZERO { stakes.min_bet } else { default };
            if min_bet <= Chips::ZERO {
                return Err(SetupError::Stake(
                    "`min_bet` must be positive (or give blinds)".into(),
                ));
            }
            Ok((min_bet, min_bet, 2 * min_bet))
        }
        Structure::FixedLimit | Structure::SpreadLimit => {
            let small = if stakes.small_bet > Chips::ZERO { stakes.small_bet } else { unit };
            let big = if stakes.big_bet > Chips::ZERO { stakes.big_bet } else { 2 * small };
            if small <= Chips::ZERO || big < small {
                return Err(SetupError::Stake(
                    "`small_bet` and `big_bet` must be positive, big at least small".into(),
                ));
            }
            Ok((small, small, big))
        }
    }
}
