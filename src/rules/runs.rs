//! Running the board more than once ("run it twice"): once the betting is over with board
//! cards still to come (every live player all-in, or all but one), the players may agree to deal
//! the rest of the board two or three times. Each run is scored on its own, and each pot is
//! split between the runs, the first run taking the odd chip (docs/games.md).
//!
//! Each live player may say how many runs they want (`pN _runs K` in PHH), before the first
//! card of the runout; as in PokerKit, the first number said stands unless another player says
//! a different one, and then the board is run once. A player who says nothing leaves it to the
//! others. Tournament hands are run once.
//!
//! ```
//! use feltkit::card::parse_cards;
//! use feltkit::rules::{Chips, HandState, Stakes, Variant};
//! let game = Variant::by_code("NT").unwrap();
//! let stakes = Stakes {
//!     blinds: vec![Chips(1), Chips(2)],
//!     stacks: vec![Chips(100), Chips(100)],
//!     ..Stakes::default()
//! };
//! let mut hand = HandState::new(game, &stakes).unwrap();
//! let c = |s: &str| parse_cards(s, game.deck).unwrap().into_iter().map(Some).collect::<Vec<_>>();
//! hand.deal_hole(0, &c("AsAh")).unwrap();
//! hand.deal_hole(1, &c("KsKh")).unwrap();
//! hand.bet_or_raise_to(1, Chips(100)).unwrap();
//! hand.check_or_call(0).unwrap();
//! // Both all-in before the flop: five board cards to come, twice.
//! assert_eq!(hand.runs_choosers(), [0, 1]);
//! hand.choose_runs(1, 2).unwrap();
//! assert_eq!(hand.runs(), 2);
//! for board in ["2c3d8h", "9c", "Jd", "Kc7d2h", "4s", "5s"] {
//!     hand.deal_board(&c(board)).unwrap();
//! }
//! // p1's aces hold on the first board, p2 makes a set on the second: the pot of 200 is split.
//! let outcome = hand.finish().unwrap();
//! assert_eq!(outcome.final_stacks, [Chips(100), Chips(100)]);
//! ```

use crate::card::Card;

use super::error::RuleError;
use super::player_name;
use super::state::{Event, HandState, Phase};

/// The most runs a board may be dealt.
pub const MAX_RUNS: u8 = 3;

/// Where a hand stands with its runs.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Runout {
    /// The street the runs begin with: the first street after the betting closed with board
    /// cards still to come, in a hand that may run them more than once (`None` before, or
    /// where it may not).
    pub(super) street: Option<usize>,
    /// Board cards dealt before the runs, shared by every run.
    pub(super) shared: usize,
    /// The runs agreed so far (`None`: nobody has said).
    pub(super) chosen: Option<u8>,
    /// The players who have said (one bit each).
    pub(super) said: u32,
    /// The run being dealt, from 0.
    pub(super) run: u8,
}

impl HandState {
    /// How many times the rest of the board is (or is to be) dealt: 1 unless the players chose
    /// more.
    pub fn runs(&self) -> usize {
        usize::from(self.runout.chosen.unwrap_or(1))
    }

    /// The live players who may still say how many runs they want, now (empty when no number
    /// of runs can be chosen now).
    pub fn runs_choosers(&self) -> Vec<usize> {
        if self.runs_window().is_err() {
            return Vec::new();
        }
        (0..self.n).filter(|&i| self.live(i) && self.runout.said & (1 << i) == 0).collect()
    }

    /// Called when the betting closes with no more betting possible: notes where the runs
    /// would begin, when the rest of the board may be run more than once.
    pub(super) fn note_runout(&mut self) {
        let next = self.street + 1;
        let rest = self.game.streets.get(next..).unwrap_or_default();
        let board_only = rest.iter().all(|s| s.hole.is_empty() && !s.draw);
        let exposes_ahead = self.game.expose_after.is_some_and(|e| e >= self.street);
        if !self.game.tournament && board_only && !exposes_ahead && rest.iter().any(|s| s.board > 0)
        {
            self.runout.street = Some(next);
            self.runout.shared = self.board.len();
        }
    }

    /// After the last street: starts the next run when one is due (`true`), else `false`.
    pub(super) fn next_run(&mut self) -> bool {
        match self.runout.street {
            Some(street) if usize::from(self.runout.run) + 1 < self.runs() => {
                self.runout.run += 1;
                self.street = street;
                self.begin_street();
                true
            }
            _ => false,
        }
    }

    /// Says why no number of runs can be chosen now.
    fn runs_window(&self) -> Result<(), RuleError> {
        let wrong = |why: &str| Err(RuleError::WrongPhase(why.to_string()));
        if self.game.tournament {
            return wrong("a tournament hand's board is run once");
        }
        if self.board_count() > 1 {
            return wrong("a double-board hand is run once: each board is its own");
        }
        let Some(street) = self.runout.street else {
            return wrong(
                "the number of runs is chosen once the betting is over with board cards still to come (every live player all-in, or all but one)",
            );
        };
        if self.phase != Phase::Dealing
            || self.street != street
            || self.runout.run > 0
            || self.board.len() != self.runout.shared
        {
            return wrong("the number of runs is chosen before the first card of the runout");
        }
        Ok(())
    }

    /// Says why `player` cannot ask for the rest of the board to be dealt `runs` times now.
    pub fn verify_choose_runs(&self, player: usize, runs: u8) -> Result<(), RuleError> {
        self.check_player(player)?;
        self.runs_window()?;
        let name = player_name(player);
        if !self.live(player) {
            return Err(RuleError::WrongPhase(format!(
                "{name} is out of the hand and has no say in the number of runs"
            )));
        }
        if self.runout.said & (1 << player) != 0 {
            return Err(RuleError::WrongPhase(format!(
                "{name} has already said how many runs they want"
            )));
        }
        if !(1..=MAX_RUNS).contains(&runs) {
            return Err(RuleError::BadDeal(format!(
                "{runs} runs: the board is run 1, 2 or 3 times"
            )));
        }
        // Every run deals the same streets, each with its burn; the first burn is taken.
        let per_run: usize = self.game.streets[self.street..]
            .iter()
            .map(|s| s.board as usize + usize::from(s.burn))
            .sum();
        let needed = (usize::from(runs) * per_run).saturating_sub(1);
        if needed > self.stub_left() {
            return Err(RuleError::BadDeal(format!(
                "{runs} runs need {needed} more cards but the deck has {} left",
                self.stub_left()
            )));
        }
        Ok(())
    }

    /// Whether `player` can ask for `runs` runs now.
    pub fn can_choose_runs(&self, player: usize, runs: u8) -> bool {
        self.verify_choose_runs(player, runs).is_ok()
    }

    /// `player` asks for the rest of the board to be dealt `runs` times: the first number said
    /// stands unless another player says a different one, and then the board is run once.
    pub fn choose_runs(&mut self, player: usize, runs: u8) -> Result<Event, RuleError> {
        self.verify_choose_runs(player, runs)?;
        self.runout.said |= 1 << player;
        self.runout.chosen = match self.runout.chosen {
            None => Some(runs),
            Some(k) if k == runs => Some(k),
            Some(_) => Some(1),
        };
        Ok(Event::RunsChosen { player, runs })
    }

    /// The board cards of run `run` (from 0): those dealt before the runs, then the run's own
    /// (the whole board when it is run once).
    pub(super) fn run_board(&self, run: usize) -> (&[Option<Card>], &[Option<Card>]) {
        let runs = self.runs();
        if runs <= 1 || self.runout.street.is_none() {
            return (&self.board, &[]);
        }
        let shared = self.runout.shared.min(self.board.len());
        let (before, own) = self.board.split_at(shared);
        let per_run = own.len() / runs;
        let start = (run * per_run).min(own.len());
        let end = (start + per_run).min(own.len());
        (before, &own[start..end])
    }

    /// The board of each run, in the order dealt (one board when the rest of the board was run
    /// once), or each board of a double-board bomb pot.
    pub fn boards(&self) -> Vec<Vec<Option<Card>>> {
        if self.board_count() > 1 {
            return (0..self.board_count()).map(|b| self.board_on(b).to_vec()).collect();
        }
        (0..self.runs())
            .map(|r| {
                let (before, own) = self.run_board(r);
                before.iter().chain(own).copied().collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::card::parse_cards;
    use crate::rules::{Chips, HandState, RuleError, Stakes, Variant};

    fn cards(s: &str) -> Vec<Option<crate::card::Card>> {
        parse_cards(s, crate::card::Deck::Standard).unwrap().into_iter().map(Some).collect()
    }

    /// Three players, p3 with 50 and the others 100: p3 all-in preflop, called by both.
    fn all_in_three_ways(code: &str) -> HandState {
        let stakes = Stakes {
            blinds: vec![Chips(1), Chips(2), Chips(0)],
            stacks: vec![Chips(100), Chips(100), Chips(50)],
            ..Stakes::default()
        };
        let mut hand = HandState::new(Variant::by_code(code).unwrap(), &stakes).unwrap();
        for (p, h) in ["AsAh", "KsKh", "QsQh"].iter().enumerate() {
            hand.deal_hole(p, &cards(h)).unwrap();
        }
        hand.bet_or_raise_to(2, Chips(50)).unwrap();
        hand.check_or_call(0).unwrap();
        hand.check_or_call(1).unwrap();
        hand
    }

    #[test]
    fn runs_are_chosen_only_while_the_runout_has_not_begun() {
        // p1 and p2 still have 50 behind: the betting goes on, no runs yet.
        let mut hand = all_in_three_ways("NT");
        assert!(hand.runs_choosers().is_empty());
        let err = hand.verify_choose_runs(0, 2).unwrap_err();
        assert!(err.to_string().contains("once the betting is over"), "{err}");
        hand.deal_board(&cards("2c3d8h")).unwrap();
        hand.bet_or_raise_to(0, Chips(50)).unwrap();
        hand.check_or_call(1).unwrap();
        // Everyone all-in after the flop: the turn and river may be run twice.
        assert_eq!(hand.runs_choosers(), [0, 1, 2]);
        assert!(matches!(hand.verify_choose_runs(0, 4), Err(RuleError::BadDeal(_))));
        hand.choose_runs(0, 2).unwrap();
        assert!(hand.verify_choose_runs(0, 2).unwrap_err().to_string().contains("already"));
        hand.deal_board(&cards("9c")).unwrap();
        let late = hand.verify_choose_runs(1, 2).unwrap_err();
        assert!(late.to_string().contains("before the first card"), "{late}");
        for c in ["Jd", "4s", "5s"] {
            hand.deal_board(&cards(c)).unwrap();
        }
        assert_eq!(hand.boards().len(), 2);
        assert_eq!(hand.boards()[1], cards("2c3d8h4s5s"));
        assert!(hand.deal_board(&cards("6s")).is_err());
    }

    /// The same hand after the flop (2c 3d 8h), where p1 bets the last 50 and p2 calls.
    fn all_in_after_the_flop() -> HandState {
        let mut hand = all_in_three_ways("NT");
        hand.deal_board(&cards("2c3d8h")).unwrap();
        hand.bet_or_raise_to(0, Chips(50)).unwrap();
        hand.check_or_call(1).unwrap();
        hand
    }

    #[test]
    fn players_who_disagree_get_one_run() {
        let mut hand = all_in_after_the_flop();
        hand.choose_runs(2, 3).unwrap();
        assert_eq!(hand.runs(), 3);
        hand.choose_runs(1, 2).unwrap();
        assert_eq!(hand.runs(), 1);
        hand.choose_runs(0, 3).unwrap();
        assert_eq!(hand.runs(), 1);
    }

    #[test]
    fn each_run_takes_its_share_of_each_pot_the_first_the_odd_chip() {
        // Hand-worked: main pot 150 (p1, p2, p3), side pot 100 (p1, p2), after p1 and p2 put
        // in 50 more on the flop. Run 1 (turn Jd, river 9c): p1's aces win both. Run 2 (turn
        // Qd, river 4s): p3's set of queens wins the main pot's half, p1 the side pot's half.
        let mut hand = all_in_after_the_flop();
        hand.choose_runs(1, 2).unwrap();
        for c in ["Jd", "9c", "Qd", "4s"] {
            hand.deal_board(&cards(c)).unwrap();
        }
        let o = hand.finish().unwrap();
        // Main pot 150: 75 a run. Side pot 100: 50 a run, both to p1.
        assert_eq!(o.final_stacks, [Chips(175), Chips(0), Chips(75)]);
        assert_eq!(o.pots[0].by_run.len(), 2);
        assert_eq!(o.pots[0].by_run[1].winners, [2]);
        // An odd pot: 3 chips over two runs give 2 to the first run and 1 to the second.
        let stakes = Stakes {
            blinds: vec![Chips(1), Chips(2)],
            stacks: vec![Chips(3), Chips(2)],
            ..Stakes::default()
        };
        let mut hand = HandState::new(Variant::by_code("NT").unwrap(), &stakes).unwrap();
        hand.deal_hole(0, &cards("AsAh")).unwrap();
        hand.deal_hole(1, &cards("KsKh")).unwrap();
        // Heads-up p1 posts the big blind (2) and p2 the small (1): p2 calls all-in for 1
        // more, 4 in the pot, and p1 keeps 1 behind.
        hand.check_or_call(1).unwrap();
        hand.choose_runs(0, 3).unwrap();
        for b in ["2c3d8h", "9c", "Jd", "Kc7d2h", "4s", "5s", "Tc6d5h", "7c", "Jc"] {
            hand.deal_board(&cards(b)).unwrap();
        }
        let o = hand.finish().unwrap();
        // 4 chips, three runs: 2, 1, 1. Run 1: aces (p1). Run 2: a set of kings (p2). Run 3
        // (5 6 7 T J, no straight or flush for either): aces (p1).
        assert_eq!(
            o.pots[0].by_run.iter().map(|r| r.amount).collect::<Vec<_>>(),
            [Chips(2), Chips(1), Chips(1)]
        );
        assert_eq!(o.final_stacks, [Chips(1 + 2 + 1), Chips(1)]);
    }
}
