//! Each player's luck over many hands, players told apart by name.

use std::collections::HashMap;

use super::sessions::Sessions;
use super::HandLuck;

/// One player's results over the hands added to a [`Ledger`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerLuck {
    /// The player's name.
    pub name: String,
    /// The game the row counts, when the ledger is kept per game ([`Ledger::by_game`]).
    pub game: Option<String>,
    /// The stakes the row counts, when the ledger is kept per stake ([`Ledger::by_stake`]).
    pub stake: Option<String>,
    /// The session the row counts, named by its first hand's date and time (or its file),
    /// when the ledger is kept per session ([`Ledger::by_session`]).
    pub session: Option<String>,
    /// Hands played.
    pub hands: u64,
    /// Hands where the player was all in (or called an all-in) with cards to come, settled
    /// by expectation.
    pub all_in: u64,
    /// Won or lost, after rake, in the hands' units.
    pub net: f64,
    /// All-in adjusted won or lost.
    pub expected: f64,
    /// Hands with a big blind: the ones the big-blind figures count.
    pub bb_hands: u64,
    /// Won or lost in big blinds, over the hands with a big blind.
    pub net_bb: f64,
    /// All-in adjusted, in big blinds.
    pub expected_bb: f64,
}

impl PlayerLuck {
    /// Player `i`'s results in one hand, as a row of one hand (no name or group).
    fn of_hand(luck: &HandLuck, i: usize) -> PlayerLuck {
        let (net, expected) = (luck.net[i], luck.expected[i]);
        let settled = luck.all_in.as_ref().is_some_and(|e| {
            e.pots.iter().any(|pot| pot.shares.len() > 1 && pot.shares.iter().any(|s| s.0 == i))
        });
        let bb = luck.big_blind > 0.0;
        PlayerLuck {
            hands: 1,
            all_in: u64::from(settled),
            net,
            expected,
            bb_hands: u64::from(bb),
            net_bb: if bb { net / luck.big_blind } else { 0.0 },
            expected_bb: if bb { expected / luck.big_blind } else { 0.0 },
            ..PlayerLuck::default()
        }
    }

    /// Adds the counts and sums of `other` to this row's.
    pub(super) fn absorb(&mut self, other: &PlayerLuck) {
        self.hands += other.hands;
        self.all_in += other.all_in;
        self.net += other.net;
        self.expected += other.expected;
        self.bb_hands += other.bb_hands;
        self.net_bb += other.net_bb;
        self.expected_bb += other.expected_bb;
    }

    /// Luck: won less all-in adjusted.
    pub fn luck(&self) -> f64 {
        self.net - self.expected
    }

    /// Luck in big blinds per 100 hands (`None` without a hand with a big blind).
    pub fn luck_bb_per_100(&self) -> Option<f64> {
        (self.bb_hands > 0).then(|| (self.net_bb - self.expected_bb) * 100.0 / self.bb_hands as f64)
    }

    /// Won or lost in big blinds per 100 hands.
    pub fn net_bb_per_100(&self) -> Option<f64> {
        (self.bb_hands > 0).then(|| self.net_bb * 100.0 / self.bb_hands as f64)
    }

    /// All-in adjusted, in big blinds per 100 hands.
    pub fn expected_bb_per_100(&self) -> Option<f64> {
        (self.bb_hands > 0).then(|| self.expected_bb * 100.0 / self.bb_hands as f64)
    }
}

/// Luck added up hand by hand, per player, with what could not be counted.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    /// The players (each with a game and stake, when kept per game or stake), in the order
    /// they first appear; kept per session, each player's sessions in order of time once
    /// [`Ledger::finish`] has cut them.
    pub players: Vec<PlayerLuck>,
    index: HashMap<(String, Option<String>, Option<String>), usize>,
    /// Whether each player's hands are counted per game (variant code).
    pub by_game: bool,
    /// Whether each player's hands are counted per stake.
    pub by_stake: bool,
    /// Whether each player's hands are counted per session, and the longest gap in seconds
    /// between two hands of one session: a longer one starts a new session.
    pub by_session: Option<i64>,
    sessions: Option<Sessions>,
    /// Hands counted.
    pub hands: u64,
    /// Hands with an all-in moment settled by expectation.
    pub all_in: u64,
    /// Hands with an all-in moment that could not be settled: each hand's label and why (its
    /// results are counted as they fell).
    pub unsettled: Vec<(String, String)>,
    /// Hands not counted at all: each hand's label and why (it did not replay to a result).
    pub not_counted: Vec<(String, String)>,
}

impl Ledger {
    /// An empty ledger, counting each player's hands per game and per stake when asked.
    pub fn new(by_game: bool, by_stake: bool) -> Ledger {
        Ledger { by_game, by_stake, ..Ledger::default() }
    }

    /// Adds a hand's luck.
    pub fn add(&mut self, label: &str, luck: &HandLuck) {
        self.hands += 1;
        if luck.all_in.is_some() {
            self.all_in += 1;
        }
        if let Some(why) = &luck.unsettled {
            self.unsettled.push((label.to_string(), why.clone()));
        }
        let game = self.by_game.then(|| luck.game.clone());
        let stake = self.by_stake.then(|| luck.stake.clone());
        let mut sessions = self.by_session.map(|gap| {
            let s = self.sessions.get_or_insert_with(|| Sessions::new(gap));
            let at = s.place(luck);
            (s, at)
        });
        for (i, name) in luck.players.iter().enumerate() {
            let key = (name.clone(), game.clone(), stake.clone());
            let k = match self.index.get(&key) {
                Some(&k) => k,
                None => {
                    self.index.insert(key, self.players.len());
                    self.players.push(PlayerLuck {
                        name: name.clone(),
                        game: game.clone(),
                        stake: stake.clone(),
                        ..PlayerLuck::default()
                    });
                    self.players.len() - 1
                }
            };
            let hand = PlayerLuck::of_hand(luck, i);
            self.players[k].absorb(&hand);
            if let Some((s, at)) = &mut sessions {
                s.add(k, *at, &hand);
            }
        }
    }

    /// Cuts each player's rows into sessions, when the ledger is kept per session: call it
    /// once, after the last hand (it does nothing otherwise).
    pub fn finish(&mut self) {
        if let Some(s) = self.sessions.take() {
            self.players = s.rows(&self.players);
        }
    }

    /// Notes a hand that could not be counted.
    pub fn skip(&mut self, label: &str, why: &str) {
        self.not_counted.push((label.to_string(), why.to_string()));
    }
}
