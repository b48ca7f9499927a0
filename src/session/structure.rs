//! A tournament's blind structure and re-buy terms, read from a small TOML file.
//!
//! ```toml
//! # Each level lasts `hands` hands or `minutes` minutes (one unit for the whole file); the
//! # last level lasts to the end. Antes are optional.
//! levels = [
//!   { small_blind = 5, big_blind = 10, hands = 10 },
//!   { small_blind = 10, big_blind = 20, ante = 2, hands = 10 },
//!   { small_blind = 25, big_blind = 50 },
//! ]
//! # Re-buys: the amount, and until when (a hand number or a minute); optional.
//! rebuy = 1000
//! rebuy_until_hand = 20
//! ```
//!
//! A level starts with the first hand that *begins* in it: a hand under way when a level's
//! time runs out is finished at the old blinds.
//!
//! ```
//! use feltkit::session::Structure;
//! let text = "levels = [{ small_blind = 5, big_blind = 10, minutes = 20 }, \
//!             { small_blind = 10, big_blind = 20 }]\nrebuy = 1000\nrebuy_until_minute = 30\n";
//! let s = Structure::parse(text).unwrap();
//! assert_eq!(s.level_at(7, Some(19 * 60 + 59)), 0);
//! assert_eq!(s.level_at(8, Some(20 * 60)), 1);
//! assert!(s.rebuy_open(40, Some(29 * 60)) && !s.rebuy_open(41, Some(31 * 60)));
//! ```

use crate::phh::amount::Amount;
use crate::phh::toml::{sections, Value};

/// One level: its blinds and ante, in whole chips, and how long it lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The small blind.
    pub small_blind: Amount,
    /// The big blind.
    pub big_blind: Amount,
    /// The ante (0 when none).
    pub ante: Amount,
    /// Hands or minutes the level lasts (`None`: to the end).
    pub length: Option<u64>,
}

/// How levels are timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// By hands played.
    Hands,
    /// By minutes from the first hand's start (hands need `time`).
    Minutes,
}

/// A tournament's structure: its levels and re-buy terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Structure {
    /// The levels in order.
    pub levels: Vec<Level>,
    /// How the levels are timed.
    pub clock: Clock,
    /// The re-buy amount, when re-buys are allowed.
    pub rebuy: Option<Amount>,
    /// The last hand (by `Clock::Hands`) or minute (by `Clock::Minutes`) a re-buy may be made
    /// before; `None`: the whole tournament.
    pub rebuy_until: Option<(Clock, u64)>,
}

/// The most levels a structure may have.
pub const MAX_LEVELS: usize = 10_000;

impl Structure {
    /// Reads a structure file; the error says the line and what was expected.
    pub fn parse(text: &str) -> Result<Structure, String> {
        let mut s =
            Structure { levels: Vec::new(), clock: Clock::Hands, rebuy: None, rebuy_until: None };
        let mut clock: Option<Clock> = None;
        for section in sections(text) {
            let section = section.map_err(|e| e.to_string())?;
            if let Some(h) = &section.header {
                return Err(format!(
                    "line {}: unexpected table [{h}]: a structure file has only `levels`, `rebuy` and `rebuy_until_hand` or `rebuy_until_minute`",
                    section.line
                ));
            }
            for (key, value, line) in &section.entries {
                let at = |why: String| format!("line {line}: `{key}`: {why}");
                match key.as_ref() {
                    "levels" => {
                        let Value::Array(items) = value else {
                            return Err(at("expected an array of levels".into()));
                        };
                        if items.is_empty() || items.len() > MAX_LEVELS {
                            return Err(at(format!("expected 1 to {MAX_LEVELS} levels")));
                        }
                        for (k, item) in items.iter().enumerate() {
                            let level = level(item, &mut clock, k + 1).map_err(at)?;
                            s.levels.push(level);
                        }
                    }
                    "rebuy" => s.rebuy = Some(chips(value).map_err(at)?),
                    "rebuy_until_hand" => {
                        s.rebuy_until = Some((Clock::Hands, count(value).map_err(at)?));
                    }
                    "rebuy_until_minute" => {
                        s.rebuy_until = Some((Clock::Minutes, count(value).map_err(at)?));
                    }
                    other => {
                        return Err(format!(
                            "line {line}: unknown key `{other}`: expected levels, rebuy, rebuy_until_hand or rebuy_until_minute"
                        ))
                    }
                }
            }
        }
        if s.levels.is_empty() {
            return Err("the structure has no `levels`".into());
        }
        if let Some(k) = s.levels[..s.levels.len() - 1].iter().position(|l| l.length.is_none()) {
            return Err(format!(
                "level {} has no length (`hands` or `minutes`): only the last level may last to the end",
                k + 1
            ));
        }
        if s.rebuy_until.is_some() && s.rebuy.is_none() {
            return Err("`rebuy_until_...` is given without `rebuy` (the re-buy amount)".into());
        }
        s.clock = clock.unwrap_or(Clock::Hands);
        Ok(s)
    }

    /// The level (from 0) in force at the start of hand `hand` (from 1) that began `elapsed`
    /// seconds after the first hand (needed when levels are timed in minutes).
    pub fn level_at(&self, hand: u64, elapsed: Option<i64>) -> usize {
        let now = match self.clock {
            Clock::Hands => hand.saturating_sub(1),
            Clock::Minutes => elapsed.map_or(0, |s| u64::try_from(s.max(0)).unwrap_or(0) / 60),
        };
        let mut end = 0u64;
        for (k, l) in self.levels.iter().enumerate() {
            match l.length {
                Some(len) => {
                    end = end.saturating_add(len);
                    if now < end {
                        return k;
                    }
                }
                None => return k,
            }
        }
        self.levels.len() - 1
    }

    /// When level `k` (from 0) begins: the hand number (from 1) or the minute.
    pub fn level_start(&self, k: usize) -> u64 {
        let before: u64 = self.levels[..k.min(self.levels.len())]
            .iter()
            .map(|l| l.length.unwrap_or(0))
            .fold(0, u64::saturating_add);
        match self.clock {
            Clock::Hands => before.saturating_add(1),
            Clock::Minutes => before,
        }
    }

    /// Whether a re-buy may be made before hand `hand` (from 1), `elapsed` seconds after the
    /// first hand began.
    pub fn rebuy_open(&self, hand: u64, elapsed: Option<i64>) -> bool {
        match (self.rebuy, self.rebuy_until) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(_), Some((Clock::Hands, last))) => hand <= last,
            (Some(_), Some((Clock::Minutes, minute))) => {
                elapsed.is_none_or(|s| s < i64::try_from(minute).unwrap_or(i64::MAX) * 60)
            }
        }
    }
}

fn level(item: &Value, clock: &mut Option<Clock>, number: usize) -> Result<Level, String> {
    let Value::Table(entries) = item else {
        return Err(format!("level {number}: expected a table like {{ small_blind = 5, big_blind = 10, hands = 10 }}"));
    };
    let get = |k: &str| entries.iter().find(|(key, _)| key == k).map(|(_, v)| v);
    let at = |why: String| format!("level {number}: {why}");
    for (key, _) in entries {
        if !matches!(key.as_ref(), "small_blind" | "big_blind" | "ante" | "hands" | "minutes") {
            return Err(at(format!(
                "unknown key `{key}`: expected small_blind, big_blind, ante, hands or minutes"
            )));
        }
    }
    let small_blind =
        chips(get("small_blind").ok_or_else(|| at("no `small_blind`".into()))?).map_err(at)?;
    let big_blind =
        chips(get("big_blind").ok_or_else(|| at("no `big_blind`".into()))?).map_err(at)?;
    if big_blind.units <= 0 || small_blind.units > big_blind.units {
        return Err(at("the big blind must be positive and at least the small blind".into()));
    }
    let ante = match get("ante") {
        Some(v) => chips(v).map_err(at)?,
        None => Amount::parse("0").unwrap_or(small_blind),
    };
    let length = match (get("hands"), get("minutes")) {
        (Some(_), Some(_)) => return Err(at("give `hands` or `minutes`, not both".into())),
        (Some(v), None) => Some((Clock::Hands, count(v).map_err(at)?)),
        (None, Some(v)) => Some((Clock::Minutes, count(v).map_err(at)?)),
        (None, None) => None,
    };
    let length = match length {
        Some((c, n)) => {
            if clock.is_some_and(|k| k != c) {
                return Err(at(
                    "every level must be timed the same way (all `hands` or all `minutes`)".into(),
                ));
            }
            *clock = Some(c);
            Some(n)
        }
        None => None,
    };
    Ok(Level { small_blind, big_blind, ante, length })
}

fn chips(v: &Value) -> Result<Amount, String> {
    match v {
        Value::Num(s) => match Amount::parse(s) {
            Some(a) if a.units >= 0 => Ok(a),
            _ => Err(format!("`{s}` is not an amount of chips (0 or more)")),
        },
        other => Err(format!("expected an amount, found {}", other.type_name())),
    }
}

fn count(v: &Value) -> Result<u64, String> {
    match v {
        Value::Num(s) => match Amount::parse(s) {
            Some(a) if a.places == 0 && a.units >= 1 && a.units <= 1_000_000_000 => {
                Ok(a.units as u64)
            }
            _ => Err(format!("expected a whole number from 1 to 10^9, not {s}")),
        },
        other => Err(format!("expected a whole number, found {}", other.type_name())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_by_hands_begin_with_the_next_hand() {
        let s = Structure::parse(
            "levels = [\n  { small_blind = 5, big_blind = 10, hands = 2 },\n  { small_blind = 10, big_blind = 20 },\n]\n",
        )
        .unwrap();
        let levels: Vec<usize> = (1..=4).map(|h| s.level_at(h, None)).collect();
        assert_eq!(levels, [0, 0, 1, 1]);
        assert_eq!(s.level_start(1), 3);
        assert!(!s.rebuy_open(1, None));
    }

    #[test]
    fn bad_structures_say_what_is_wrong() {
        let err = |t: &str| Structure::parse(t).unwrap_err();
        assert!(err("levels = []").contains("1 to"));
        assert!(err(
            "levels = [{ small_blind = 5, big_blind = 10 }, { small_blind = 10, big_blind = 20 }]"
        )
        .contains("only the last level"));
        assert!(err("levels = [{ small_blind = 5, big_blind = 10, hands = 2, minutes = 3 }]")
            .contains("not both"));
        assert!(err("levels = [{ small_blind = 20, big_blind = 10 }]")
            .contains("at least the small blind"));
        assert!(err("levels = [{ small_blind = 5, big_blind = 10 }]\nrebuys = 3")
            .contains("unknown key `rebuys`"));
        assert!(err("levels = [{ small_blind = 5, big_blind = 10 }]\nrebuy_until_hand = 3")
            .contains("without `rebuy`"));
    }
}
