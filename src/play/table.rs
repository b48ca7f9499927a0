//! A table session of random hands: the same players hand after hand, stacks carried over, the
//! button moving one seat a hand, broke players buying in again (`felt deal --session`).
//!
//! ```
//! use feltkit::play::{Style, Table};
//! use feltkit::rules::Game;
//! use rand::SeedableRng;
//! let game = Game::by_code("nlhe").unwrap();
//! let mut table = Table::new(game, 4, vec![200; 4]).unwrap();
//! let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
//! let (first, _) = table.play(Style::default(), &mut rng).unwrap();
//! let (second, _) = table.play(Style::default(), &mut rng).unwrap();
//! assert!(first.contains("players = ['Ann', 'Bob', 'Cid', 'Dee']"));
//! // The button moved on one seat: Ann (seat 1) is now on it, and Bob has the small blind.
//! assert!(second.contains("players = ['Bob', 'Cid', 'Dee', 'Ann']"));
//! assert!(second.contains("seats = [2, 3, 4, 1]"));
//! ```

use std::fmt::Write as _;

use rand::Rng;

use super::random::{big_bet, default_stakes, random_hand_counted, random_stacks};
use super::{Counts, RandomHandError, Style};
use crate::rules::{Chips, Game, Opening, SetupError, Stakes, MAX_CHIPS};

/// Names of the players at a table, seat 1 first.
const NAMES: [&str; 10] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"];

/// A cash-game table: every seat taken, every player dealt in each hand.
#[derive(Clone, Debug)]
pub struct Table {
    game: Game,
    /// Forced bets and bet sizes (no stacks).
    stakes: Stakes,
    /// Each seat's stack, seat 1 first.
    stacks: Vec<Chips>,
    /// The button's seat index (0: seat 1). In games opened by cards it does not move.
    button: usize,
    /// Hands played.
    hands: u64,
}

impl Table {
    /// A table of `game` with `seats` players and their first stacks, at the game's smallest
    /// stakes; the button starts on the last seat, so seat 1 posts the first small blind.
    pub fn new(game: Game, seats: usize, stacks: Vec<Chips>) -> Result<Table, SetupError> {
        Table::with_stakes(game, default_stakes(game, seats), stacks)
    }

    /// A table with given forced bets and bet sizes (their `stacks` are ignored).
    pub fn with_stakes(
        game: Game,
        stakes: Stakes,
        stacks: Vec<Chips>,
    ) -> Result<Table, SetupError> {
        let seats = stacks.len();
        if !(2..=NAMES.len()).contains(&seats) || seats > game.max_players {
            return Err(SetupError::PlayerCount {
                count: seats,
                game: game.code,
                max: game.max_players.min(NAMES.len()),
            });
        }
        let table = Table { game, stakes, stacks, button: seats - 1, hands: 0 };
        // The first hand's stakes and stacks must start a hand.
        crate::rules::Hand::new(game, &table.hand_stakes(&table.order(), &table.stacks))?;
        Ok(table)
    }

    /// Each seat's stack now, seat 1 first.
    pub fn stacks(&self) -> &[Chips] {
        &self.stacks
    }

    /// Seat indexes in PHH order: from the seat left of the button round to the button (stud:
    /// seat order).
    fn order(&self) -> Vec<usize> {
        let n = self.stacks.len();
        let by_position = self.game.streets.first().is_some_and(|s| s.opening == Opening::Position);
        let first = if by_position { self.button + 1 } else { 0 };
        (0..n).map(|k| (first + k) % n).collect()
    }

    fn hand_stakes(&self, order: &[usize], stacks: &[Chips]) -> Stakes {
        Stakes { stacks: order.iter().map(|&s| stacks[s]).collect(), ..self.stakes.clone() }
    }

    /// Plays the next hand with random legal choices: a player who went broke in the last hand
    /// buys in again first (a stack drawn as [`random_stacks`] draws it, recorded in
    /// `_buy_ins`). Returns the hand as a PHH document with its table fields (`players`,
    /// `seats`, `seat_count`, `table`, `hand`, `_buy_ins`) and what it reached.
    pub fn play(
        &mut self,
        style: Style,
        rng: &mut impl Rng,
    ) -> Result<(String, Counts), RandomHandError> {
        let n = self.stacks.len();
        let unit = big_bet(self.game, &self.stakes);
        let mut buy_ins = vec![0; n];
        for s in 0..n {
            if self.stacks[s] == 0 {
                buy_ins[s] = random_stacks(unit, 1, rng)[0].clamp(1, MAX_CHIPS);
                self.stacks[s] = buy_ins[s];
            }
        }
        let order = self.order();
        let stakes = self.hand_stakes(&order, &self.stacks);
        let (text, outcome, counts) = random_hand_counted(self.game, &stakes, style, rng)?;
        for (k, &s) in order.iter().enumerate() {
            self.stacks[s] = outcome.final_stacks[k];
        }
        self.hands += 1;
        self.button = (self.button + 1) % n;

        let mut out = String::with_capacity(text.len() + 160);
        let (variant, rest) = text.split_once('\n').unwrap_or((&text, ""));
        let _ = writeln!(out, "{variant}\ntable = 1\nhand = {}", self.hands);
        let names: Vec<String> = order.iter().map(|&s| format!("'{}'", NAMES[s])).collect();
        let seats: Vec<String> = order.iter().map(|&s| (s + 1).to_string()).collect();
        let _ = writeln!(out, "players = [{}]", names.join(", "));
        let _ = writeln!(out, "seats = [{}]\nseat_count = {n}", seats.join(", "));
        if buy_ins.iter().any(|&x| x > 0) {
            let v: Vec<String> = order.iter().map(|&s| buy_ins[s].to_string()).collect();
            let _ = writeln!(out, "_buy_ins = [{}]", v.join(", "));
        }
        out.push_str(rest);
        Ok((out, counts))
    }
}
