//! A table session of random hands (`felt deal --session`): stacks carried over, the button and
//! blinds moving by the dead-button rule, broke players buying in again or leaving, new players
//! sitting down and waiting for the big blind.
//!
//! ```
//! use feltkit::play::{Style, Table};
//! use feltkit::rules::{Chips, Variant};
//! use rand::SeedableRng;
//! let game = Variant::by_code("nlhe").unwrap();
//! let mut table = Table::new(game, 4, vec![Chips(200); 4]).unwrap();
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
use crate::rules::{Chips, Opening, SetupError, Stakes, Variant, MAX_CHIPS};

/// Names of the players at a table: seat 1 first, then the players who sit down later.
const NAMES: [&str; 26] = [
    "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max",
    "Ned", "Oli", "Pat", "Quy", "Rex", "Sue", "Tom", "Una", "Vic", "Wes", "Xia", "Yan", "Zoe",
];

/// A player in a seat.
#[derive(Clone, Debug)]
struct Seated {
    name: String,
    stack: Chips,
    /// Sat down and waits for the big blind to reach their seat (not dealt in yet).
    waiting: bool,
}

/// A cash-game table: players dealt in hand after hand; a broke player buys in again or, while
/// at least three others play, leaves, and a new player may take an empty seat.
#[derive(Clone, Debug)]
pub struct Table {
    game: Variant,
    /// Forced bets and bet sizes; the blinds are the small and the big blind.
    stakes: Stakes,
    /// Each seat, seat 1 first.
    seats: Vec<Option<Seated>>,
    /// Seat indexes (0: seat 1) of the last hand's small blind (posted or dead) and big blind.
    last_blinds: Option<(usize, usize)>,
    /// Hands played.
    hands: u64,
    /// Players who ever sat down.
    arrived: usize,
}

/// One hand's seating: who is dealt in, in PHH order, and where the button and blinds are.
struct Seating {
    /// Seat indexes dealt in, from the first seat after the button round to the button.
    order: Vec<usize>,
    /// The button's seat index.
    button: usize,
    /// The small blind's seat index, and whether it is posted (dead otherwise).
    small: Option<(usize, bool)>,
    /// The big blind's seat index.
    big: Option<usize>,
}

impl Table {
    /// A table of `game` with `seats` players and their first stacks, at the game's smallest
    /// stakes; the button starts on the last seat, so seat 1 posts the first small blind.
    pub fn new(game: Variant, seats: usize, stacks: Vec<Chips>) -> Result<Table, SetupError> {
        Table::with_stakes(game, default_stakes(game, seats), stacks)
    }

    /// A table with given forced bets and bet sizes (their `stacks` are ignored).
    pub fn with_stakes(
        game: Variant,
        stakes: Stakes,
        stacks: Vec<Chips>,
    ) -> Result<Table, SetupError> {
        let n = stacks.len();
        if !(2..=10).contains(&n) || n > game.max_players {
            let hole_cards = game.chosen_hole_cards();
            return Err(SetupError::PlayerCount {
                count: n,
                game: game.code,
                hole_cards,
                max: game.max_players.min(10),
            });
        }
        let seats = stacks
            .iter()
            .enumerate()
            .map(|(i, &stack)| Some(Seated { name: NAMES[i].into(), stack, waiting: false }))
            .collect();
        let table = Table { game, stakes, seats, last_blinds: None, hands: 0, arrived: n };
        // The first hand's stakes and stacks must start a hand.
        let seating = table.seating();
        crate::rules::HandState::new(game, &table.hand_stakes(&seating))?;
        Ok(table)
    }

    /// Each seat's stack now, seat 1 first (0 for an empty seat).
    pub fn stacks(&self) -> Vec<Chips> {
        self.seats.iter().map(|s| s.as_ref().map_or(Chips::ZERO, |p| p.stack)).collect()
    }

    fn by_position(&self) -> bool {
        self.game.streets.first().is_some_and(|s| s.opening == Opening::Position)
    }

    /// Seat index after `seat`, clockwise.
    fn after(&self, seat: usize) -> usize {
        (seat + 1) % self.seats.len()
    }

    /// Who is dealt in and where the button and blinds are, by the dead-button rule: the big
    /// blind moves to the next seat holding a player (a new player waiting for it comes in
    /// there), the small blind is last hand's big blind's seat (dead if that player left), the
    /// button last hand's small blind's seat.
    fn seating(&self) -> Seating {
        let n = self.seats.len();
        let playing = |i: usize| self.seats[i].as_ref().is_some_and(|p| !p.waiting);
        if !self.by_position() {
            return Seating {
                order: (0..n).filter(|&i| playing(i)).collect(),
                button: n - 1,
                small: None,
                big: None,
            };
        }
        let (button, small, big) = match self.last_blinds {
            None if n == 2 => (1, (1, true), 0),
            None => (n - 1, (0, true), 1),
            Some((last_small, last_big)) => {
                let mut big = self.after(last_big);
                while self.seats[big].is_none() {
                    big = self.after(big);
                }
                (last_small, (last_big, playing(last_big)), big)
            }
        };
        let dealt = |i: usize| playing(i) || i == big;
        let mut order: Vec<usize> =
            (1..=n).map(|k| (button + k) % n).filter(|&i| dealt(i)).collect();
        let (mut button, mut small) = (button, small);
        if order.len() == 2 {
            // Heads-up the other player has the button and posts the small blind; the big
            // blind acts first after the flop, and PHH lists it first.
            order.sort_by_key(|&i| i != big);
            (button, small) = (order[1], (order[1], true));
        }
        Seating { order, button, small: Some(small), big: Some(big) }
    }

    fn hand_stakes(&self, seating: &Seating) -> Stakes {
        let stack = |i: usize| self.seats[i].as_ref().map_or(Chips::ZERO, |p| p.stack);
        let mut stakes = Stakes {
            stacks: seating.order.iter().map(|&i| stack(i)).collect(),
            ..self.stakes.clone()
        };
        let k = seating.order.len();
        if !self.stakes.antes.is_empty() {
            stakes.antes = vec![self.stakes.antes[0]; k];
        }
        if let Some(big) = seating.big {
            let (sb, bb) = (
                self.stakes.blinds.first().copied().unwrap_or(Chips::ZERO),
                self.stakes.blinds.get(1).copied().unwrap_or(Chips::ZERO),
            );
            stakes.blinds = seating
                .order
                .iter()
                .map(|&i| match seating.small {
                    _ if i == big => bb,
                    Some((s, true)) if s == i => sb,
                    _ => Chips::ZERO,
                })
                .collect();
            if k == 2 {
                // PHH heads-up: the blinds array is applied reversed (p1, the big blind, posts
                // the second entry).
                stakes.blinds.reverse();
            }
        }
        stakes
    }

    /// Plays the next hand with random legal choices. Before it, a broke player buys in again
    /// (a stack drawn as [`random_stacks`] draws it, recorded in `_buy_ins`) or, while three
    /// others play, leaves; a new player takes an empty seat one time in four and waits for
    /// the big blind (`_sitting_out` until then). Returns the hand as a PHH document with its
    /// table fields (`players`, `seats`, `seat_count`, `table`, `hand`, `_button`,
    /// `_sitting_out`, `_buy_ins`) and what it reached.
    pub fn play(
        &mut self,
        style: Style,
        rng: &mut impl Rng,
    ) -> Result<(String, Counts), RandomHandError> {
        let n = self.seats.len();
        let unit = big_bet(self.game, &self.stakes);
        let mut buy_ins = vec![Chips::ZERO; n];
        let playing = self.seats.iter().flatten().filter(|p| !p.waiting).count();
        let mut leaving = 0;
        let by_position = self.by_position();
        for (i, slot) in self.seats.iter_mut().enumerate() {
            match slot {
                Some(p) if p.stack == Chips::ZERO => {
                    if playing - leaving > 3 && rng.random_range(0..4) == 0 {
                        *slot = None;
                        leaving += 1;
                    } else {
                        buy_ins[i] = random_stacks(unit, 1, rng)[0].clamp(Chips(1), MAX_CHIPS);
                        p.stack = buy_ins[i];
                    }
                }
                None if self.hands > 0 && rng.random_range(0..4) == 0 => {
                    let name = NAMES.get(self.arrived).map_or_else(
                        || format!("Player {}", self.arrived + 1),
                        |s| (*s).to_string(),
                    );
                    self.arrived += 1;
                    let stack = random_stacks(unit, 1, rng)[0].clamp(Chips(1), MAX_CHIPS);
                    *slot = Some(Seated { name, stack, waiting: by_position });
                }
                _ => {}
            }
        }
        let seating = self.seating();
        let stakes = self.hand_stakes(&seating);
        let (text, outcome, counts) = random_hand_counted(self.game, &stakes, style, rng)?;
        for (k, &i) in seating.order.iter().enumerate() {
            if let Some(p) = self.seats[i].as_mut() {
                p.stack = outcome.final_stacks[k];
                p.waiting = false;
            }
        }
        self.hands += 1;
        if let (Some((small, _)), Some(big)) = (seating.small, seating.big) {
            self.last_blinds = Some((small, big));
        }

        let mut out = String::with_capacity(text.len() + 200);
        let (variant, rest) = text.split_once('\n').unwrap_or((&text, ""));
        let _ = writeln!(out, "{variant}\ntable = 1\nhand = {}", self.hands);
        let name = |i: usize| self.seats[i].as_ref().map_or("", |p| p.name.as_str());
        let names: Vec<String> = seating.order.iter().map(|&i| format!("'{}'", name(i))).collect();
        let seats: Vec<String> = seating.order.iter().map(|&i| (i + 1).to_string()).collect();
        let _ = writeln!(out, "players = [{}]", names.join(", "));
        let _ = writeln!(out, "seats = [{}]\nseat_count = {n}", seats.join(", "));
        if self.by_position() && seating.order.last() != Some(&seating.button) {
            let _ = writeln!(out, "_button = {}", seating.button + 1);
        }
        let out_seats: Vec<String> = (0..n)
            .filter(|i| !seating.order.contains(i))
            .filter_map(|i| {
                let p = self.seats[i].as_ref()?;
                Some(format!("{{ seat = {}, player = '{}' }}", i + 1, p.name))
            })
            .collect();
        if !out_seats.is_empty() {
            let _ = writeln!(out, "_sitting_out = [{}]", out_seats.join(", "));
        }
        if seating.order.iter().any(|&i| buy_ins[i] > Chips::ZERO) {
            let v: Vec<String> = seating.order.iter().map(|&i| buy_ins[i].to_string()).collect();
            let _ = writeln!(out, "_buy_ins = [{}]", v.join(", "));
        }
        out.push_str(rest);
        Ok((out, counts))
    }
}
