//! The fields of a hand that describe its table: who sits where, the button, the time, and the
//! session extensions (dead blinds, players sitting out, chips added between hands).
//!
//! PHH's own fields are `table`, `seats`, `seat_count`, `level`, `time`, `day`, `month` and
//! `year`. feltkit adds, for checking a session of hands at one table (docs/sessions.md):
//!
//! | field | meaning |
//! |---|---|
//! | `_button = 4` | the button's seat, when it is not the last player's (a dead button) |
//! | `_dead_blinds = [0, 0, 1]` | chips each player posts dead before the deal (a missed blind made up) |
//! | `_sitting_out = [{ seat = 5, player = 'Eve' }]` | players seated but not dealt in |
//! | `_buy_ins = [0, 100, 0]` | chips each player added before the hand (a top-up, a re-buy) |
//!
//! A field read into its type is written back from it ([`crate::phh::write`]).
//!
//! ```
//! use feltkit::phh::toml::sections;
//! use feltkit::phh::HandRecord;
//! let text = "variant = 'nlhe'\nstarting_stacks = [100, 100]\nactions = []\n\
//!             seats = [2, 5]\n_button = 5\n_sitting_out = [{ seat = 3, player = 'Eve' }]\n\
//!             time = 20:15:00\nday = 23\nmonth = 11\nyear = 2026\n";
//! let record = HandRecord::from_section(sections(text).next().unwrap().unwrap()).unwrap();
//! let t = &record.table;
//! assert_eq!((t.seats.as_deref(), t.button), (Some(&[2, 5][..]), Some(5)));
//! assert_eq!(t.sitting_out[0].player, "Eve");
//! assert_eq!(t.time.unwrap().day_seconds, 20 * 3600 + 15 * 60);
//! ```

use super::amount::Amount;
use super::toml::Value;
use crate::record::value::entry;
use crate::rules::Chips;

pub use crate::record::table::{days_from_civil, HandTime, SittingOut, TableFields, MAX_SEAT};

impl TableFields {
    /// Reads `key` if it is a table field: `None` when it is not one, else whether its value
    /// could be used (and why not).
    pub fn set(&mut self, key: &str, value: &Value) -> Option<Result<(), String>> {
        let r = match key {
            "table" => match value {
                Value::Str(s) | Value::Num(s) => {
                    self.table = Some(s.to_string());
                    Ok(())
                }
                other => Err(format!("expected a string or a number, found {}", other.type_name())),
            },
            "seats" => seat_list(value).map(|v| self.seats = Some(v)),
            "seat_count" => seat_number(value).map(|s| self.seat_count = Some(s)),
            "level" => whole(value, 1, 100_000).map(|l| self.level = Some(l as u32)),
            "_button" => seat_number(value).map(|s| self.button = Some(s)),
            "_dead_blinds" => amounts(value).map(|v| self.dead_blinds = v),
            "_buy_ins" => amounts(value).map(|v| self.buy_ins = v),
            "_sitting_out" => sitting_out(value).map(|v| self.sitting_out = v),
            "time" => time_of_day(value).map(|t| self.time_of_day = Some(t)),
            "day" => whole(value, 1, 31).map(|d| self.date[0] = Some(d)),
            "month" => whole(value, 1, 12).map(|m| self.date[1] = Some(m)),
            "year" => whole(value, 1, 9999).map(|y| self.date[2] = Some(y)),
            _ => return None,
        };
        if r.is_ok() {
            self.update_time();
        }
        Some(r)
    }
}

fn whole(v: &Value, min: i64, max: i64) -> Result<i64, String> {
    let expected = || format!("expected a whole number from {min} to {max}");
    match v {
        Value::Num(s) => match Amount::parse(s) {
            Some(a) if a.places == 0 && (min..=max).contains(&a.units) => Ok(a.units),
            _ => Err(format!("{}, not {s}", expected())),
        },
        other => Err(format!("{}, found {}", expected(), other.type_name())),
    }
}

fn seat_number(v: &Value) -> Result<u32, String> {
    whole(v, 1, i64::from(MAX_SEAT)).map(|s| s as u32)
}

fn seat_list(v: &Value) -> Result<Vec<u32>, String> {
    match v {
        Value::Array(items) => items.iter().map(seat_number).collect(),
        other => Err(format!("expected an array of seat numbers, found {}", other.type_name())),
    }
}

fn amounts(v: &Value) -> Result<Vec<Amount>, String> {
    let Value::Array(items) = v else {
        return Err(format!("expected an array of amounts, found {}", v.type_name()));
    };
    items
        .iter()
        .map(|item| match item {
            Value::Num(s) => match Amount::parse(s) {
                Some(a) if a.units >= 0 => Ok(a),
                _ => Err(format!("`{s}` is not an amount of chips (0 or more)")),
            },
            other => Err(format!("expected a number, found {}", other.type_name())),
        })
        .collect()
}

fn sitting_out(v: &Value) -> Result<Vec<SittingOut>, String> {
    v.tables(" like { seat = 5, player = 'Eve' }", |entries| {
        let get = |k: &str| entry(entries, k);
        let seat = seat_number(get("seat").ok_or("an entry has no `seat`")?)?;
        let player = match get("player") {
            Some(Value::Str(s)) if !s.is_empty() => s.to_string(),
            Some(_) => return Err("`player` must be a name (a non-empty string)".into()),
            None => return Err("an entry has no `player`".into()),
        };
        Ok(SittingOut { seat, player })
    })
}

/// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fraction` (the fraction is dropped), as seconds.
fn time_of_day(v: &Value) -> Result<i64, String> {
    let text = match v {
        Value::Other(s) | Value::Str(s) => s.as_ref(),
        other => return Err(format!("expected a time like 20:15:00, found {}", other.type_name())),
    };
    let bad = || format!("`{text}` is not a time like 20:15:00");
    let main = text.split('.').next().unwrap_or("");
    let parts: Vec<&str> = main.split(':').collect();
    if !(2..=3).contains(&parts.len()) || parts.iter().any(|p| p.len() != 2) {
        return Err(bad());
    }
    let mut secs = 0;
    for (k, p) in parts.iter().enumerate() {
        let n: i64 = p.parse().map_err(|_| bad())?;
        let limit = if k == 0 { 24 } else { 60 };
        if !p.bytes().all(|b| b.is_ascii_digit()) || n >= limit {
            return Err(bad());
        }
        secs = secs * 60 + n;
    }
    if parts.len() == 2 {
        secs *= 60;
    }
    Ok(secs)
}

/// What a hand says about its table, amounts in the hand's chips: what a session check needs
/// ([`crate::session`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableFacts {
    /// The table fields as written.
    pub fields: TableFields,
    /// The blind each player posted by position (heads-up, PHH's reversed order applied: p1
    /// posts the second entry), as stated, before any cut to a short stack; empty for none
    /// (read it with [`TableFacts::blind`]).
    pub blinds: Vec<Chips>,
    /// The small and big blind of the hand: PHH's first two `blinds_or_straddles` entries,
    /// smaller first (0 when not given).
    pub blind_sizes: (Chips, Chips),
    /// Each player's ante; empty for none.
    pub antes: Vec<Chips>,
    /// Each player's dead blind (`_dead_blinds`); empty for none.
    pub dead_blinds: Vec<Chips>,
    /// Chips each player added before the hand (`_buy_ins`); empty for none.
    pub buy_ins: Vec<Chips>,
    /// Starting stacks.
    pub starting: Vec<Chips>,
    /// The players whose stack the record does not know (`inf`), p1 first (empty when every
    /// stack is known): a session cannot carry their stacks over.
    pub unknown_stacks: Vec<bool>,
    /// Players who failed to act, in order, and whether each was made all-in for the hand
    /// (an emergency all-in) rather than folded or checked.
    pub timeouts: Vec<(usize, bool)>,
    /// Whether the game gives a player who fails to act an emergency all-in.
    pub all_in_protection: bool,
    /// Whether the game deals a button and blinds (hold'em and turnover; not stud).
    pub button_game: bool,
    /// Whether the hand is a tournament hand.
    pub tournament: bool,
}

impl TableFacts {
    /// The blind player `i` posted by position (0 for none).
    pub fn blind(&self, i: usize) -> Chips {
        self.blinds.get(i).copied().unwrap_or(Chips::ZERO)
    }

    /// Player `i`'s dead blind (0 for none).
    pub fn dead_blind(&self, i: usize) -> Chips {
        self.dead_blinds.get(i).copied().unwrap_or(Chips::ZERO)
    }

    /// Chips player `i` added before the hand (0 for none).
    pub fn buy_in(&self, i: usize) -> Chips {
        self.buy_ins.get(i).copied().unwrap_or(Chips::ZERO)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_days_match_known_dates() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(2026, 11, 23) - days_from_civil(2026, 11, 22), 1);
        assert_eq!(days_from_civil(2025, 1, 1) - days_from_civil(2024, 1, 1), 366);
    }

    #[test]
    fn times_of_day_are_read_and_checked() {
        let t = |s: &str| time_of_day(&Value::Other(s.into()));
        assert_eq!(t("20:15"), Ok(72_900));
        assert_eq!(t("00:00:09.5"), Ok(9));
        assert!(t("24:00:00").is_err());
        assert!(t("7:05").is_err());
        assert!(t("12:60:00").is_err());
    }
}
