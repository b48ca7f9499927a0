//! Each player's luck over many hands, players told apart by name.

use std::collections::HashMap;

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
    /// they first appear.
    pub players: Vec<PlayerLuck>,
    index: HashMap<(String, Option<String>, Option<String>), usize>,
    /// Whether each player's hands are counted per game (variant code).
    pub by_game: bool,
    /// Whether each player's hands are counted per stake.
    pub by_stake: bool,
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
            let p = &mut self.players[k];
            let (net, expected) = (luck.net[i], luck.expected[i]);
            p.hands += 1;
            p.net += net;
            p.expected += expected;
            let settled = luck.all_in.as_ref().is_some_and(|e| {
                e.pots.iter().any(|pot| pot.shares.len() > 1 && pot.shares.iter().any(|s| s.0 == i))
            });
            if settled {
                p.all_in += 1;
            }
            if luck.big_blind > 0.0 {
                p.bb_hands += 1;
                p.net_bb += net / luck.big_blind;
                p.expected_bb += expected / luck.big_blind;
            }
        }
    }

    /// Notes a hand that could not be counted.
    pub fn skip(&mut self, label: &str, why: &str) {
        self.not_counted.push((label.to_string(), why.to_string()));
    }
}
