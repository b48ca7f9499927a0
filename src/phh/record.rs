//! Reading one hand of a PHH file into the hand record ([`HandRecord`], `crate::record`): each
//! field into its type, amounts kept exact, each action read from its text.
//!
//! ```
//! use feltkit::phh::toml::sections;
//! use feltkit::phh::HandRecord;
//! let text = "variant = 'NT'\nstarting_stacks = [100, 100]\nactions = ['p1 f']\n\
//!             _tournament = true\nevent = 'Main Event'\n";
//! let record = HandRecord::from_section(sections(text).next().unwrap().unwrap()).unwrap();
//! assert_eq!(record.tournament, Some(true));
//! assert_eq!(record.actions[0].action(), Ok(&feltkit::record::Action::Fold(0)));
//! assert_eq!(record.other.len(), 1); // `event` is kept, to be written back
//! let partial = sections("variant = 'NT'\n").next().unwrap().unwrap();
//! let err = HandRecord::from_section(partial).unwrap_err();
//! assert!(err.to_string().starts_with("missing field"));
//! ```

use std::borrow::Cow;

use thiserror::Error;

pub use crate::record::hand::{HandRecord, RecordedAction, RecordedPot};

use super::amount::Amount;
use super::extension::SiteFields;
use super::toml::{Section, Value};
use super::write::from_type;
use crate::record::value::entry;

/// Why a hand's fields cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A required field is missing.
    #[error("missing field `{0}`")]
    Missing(&'static str),
    /// A field has the wrong type or a bad value.
    #[error("field `{field}` (line {line}): {why}")]
    Bad {
        /// The field.
        field: String,
        /// Its line.
        line: usize,
        /// What is wrong.
        why: String,
    },
}

impl RecordError {
    /// The field that is missing or wrong.
    pub fn field(&self) -> &str {
        match self {
            RecordError::Missing(f) => f,
            RecordError::Bad { field, .. } => field,
        }
    }
}

impl<'a> HandRecord<'a> {
    /// Reads the fields of one TOML section.
    pub fn from_section(section: Section<'a>) -> Result<HandRecord<'a>, RecordError> {
        let mut b = Builder::default();
        for (key, value, line) in section.entries {
            b.set(key, value, line);
        }
        b.finish()
    }
}

/// A record being filled one field at a time, in the order of the file. The first field that
/// cannot be used is kept as the error, and the fields after it are not read.
#[derive(Default)]
pub(crate) struct Builder<'a> {
    /// The fields read so far.
    pub(crate) r: HandRecord<'a>,
    /// Whether `variant` was given.
    pub(crate) seen_variant: bool,
    /// Whether `starting_stacks` was given.
    pub(crate) seen_stacks: bool,
    /// Whether `actions` was given.
    pub(crate) seen_actions: bool,
    /// The importers' extension fields read so far.
    site: SiteFields,
    /// The first field that could not be used.
    error: Option<RecordError>,
}

impl<'a> Builder<'a> {
    /// Whether a field could not be used (later fields are then ignored).
    pub(crate) fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// Reads one field from its general TOML value.
    pub(crate) fn set(&mut self, key: Cow<'a, str>, value: Value<'a>, line: usize) {
        if self.error.is_none()
            && let Err(e) = self.try_set(key, value, line)
        {
            self.error = Some(e);
        }
    }

    fn try_set(
        &mut self,
        key: Cow<'a, str>,
        value: Value<'a>,
        line: usize,
    ) -> Result<(), RecordError> {
        let r = &mut self.r;
        let bad = |why: String| RecordError::Bad { field: key.to_string(), line, why };
        match key.as_ref() {
            "variant" => {
                r.variant = string(value).map_err(bad)?.into_owned();
                self.seen_variant = true;
            }
            "ante_trimming_status" => r.ante_trimming_status = Some(boolean(&value).map_err(bad)?),
            "antes" => r.antes = amounts_or_one(&value).map_err(bad)?,
            "blinds_or_straddles" => r.blinds_or_straddles = amounts_or_one(&value).map_err(bad)?,
            "min_bet" => r.min_bet = Some(amount(&value).map_err(bad)?),
            "small_bet" => r.small_bet = Some(amount(&value).map_err(bad)?),
            "big_bet" => r.big_bet = Some(amount(&value).map_err(bad)?),
            "bring_in" => r.bring_in = Some(amount(&value).map_err(bad)?),
            "starting_stacks" => {
                r.starting_stacks = stacks(&value).map_err(bad)?;
                self.seen_stacks = true;
            }
            "actions" => {
                r.actions =
                    strings(value).map_err(bad)?.into_iter().map(RecordedAction::read).collect();
                self.seen_actions = true;
            }
            "players" => r.players = Some(strings(value).map_err(bad)?),
            "finishing_stacks" => r.finishing_stacks = Some(stacks(&value).map_err(bad)?),
            "winnings" => r.winnings = Some(amounts(&value).map_err(bad)?),
            "_pots" => r.pots = Some(pots(&value).map_err(bad)?),
            "_tournament" => r.tournament = Some(boolean(&value).map_err(bad)?),
            "_dead_money" => r.dead_money = Some(amount(&value).map_err(bad)?),
            "_bomb_pot" => r.bomb_pot = Some(amount(&value).map_err(bad)?),
            "_boards" => {
                let a = amount(&value).map_err(&bad)?;
                if a.places != 0 || !(1..=2).contains(&a.units) {
                    return Err(bad("expected 1 or 2 boards (2: a double-board bomb pot)".into()));
                }
                r.boards = Some(a.units as u32);
            }
            "_cap" => {
                let a = amount(&value).map_err(&bad)?;
                if a.places != 0 || a.units < 0 || a.units > 1000 {
                    return Err(bad("expected a whole number from 0 to 1000".into()));
                }
                r.cap = Some(a.units as u32);
            }
            "_structure" => r.structure = Some(string(value).map_err(bad)?.into_owned()),
            "_hole_cards" => {
                let a = amount(&value).map_err(&bad)?;
                if a.places != 0 || !(4..=6).contains(&a.units) {
                    return Err(bad(
                        "expected 4, 5 or 6 hole cards (the Omaha games feltkit plays)".into(),
                    ));
                }
                r.hole_cards = Some(a.units as u32);
            }
            "hand" => {
                r.hand = Some(match &value {
                    Value::Str(s) | Value::Num(s) | Value::Other(s) => s.to_string(),
                    other => format!("{other:?}"),
                });
            }
            // The importers' chip, and PHH's rake: amounts, kept as read when they are not.
            "_chip" | "rake" => match amount(&value) {
                Ok(a) if key == "_chip" => r.chip = Some(a),
                Ok(a) => r.rake = Some(a),
                Err(_) => r.other.push((key, value)),
            },
            _ => {
                if let Some(result) = r.table.set(&key, &value) {
                    result.map_err(bad)?;
                }
                self.site.set(&key, &value);
                r.other.push((key, value));
            }
        }
        Ok(())
    }

    /// The record, or why it cannot be used.
    pub(crate) fn finish(self) -> Result<HandRecord<'a>, RecordError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if !self.seen_variant {
            return Err(RecordError::Missing("variant"));
        }
        if !self.seen_stacks {
            return Err(RecordError::Missing("starting_stacks"));
        }
        if !self.seen_actions {
            return Err(RecordError::Missing("actions"));
        }
        let mut r = self.r;
        self.site.finish(&mut r);
        // A field read into its type is written from it, not kept as read too; the others
        // are kept in the order of the file (the writer decides where each is written).
        let mut other = std::mem::take(&mut r.other);
        other.retain(|(k, _)| !from_type(&r, k));
        r.other = other;
        Ok(r)
    }
}

fn string(v: Value<'_>) -> Result<Cow<'_, str>, String> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(format!("expected a string, found {}", other.type_name())),
    }
}

fn strings(v: Value<'_>) -> Result<Vec<Cow<'_, str>>, String> {
    let Value::Array(items) = v else {
        return Err(format!("expected an array of strings, found {}", v.type_name()));
    };
    items.into_iter().map(string).collect()
}

fn boolean(v: &Value) -> Result<bool, String> {
    match v {
        Value::Bool(b) => Ok(*b),
        other => Err(format!("expected true or false, found {}", other.type_name())),
    }
}

fn amount(v: &Value) -> Result<Amount, String> {
    match v {
        Value::Num(s) => Amount::parse(s)
            .ok_or_else(|| format!("`{s}` is not an amount (at most 9 decimal places)")),
        // A bare word that is not a number (`inf` where no unknown amount is allowed, `x`):
        // say the word, not "a date or time".
        Value::Other(s) if !s.contains([':', '-']) || s.starts_with(['+', '-']) => {
            Err(format!("expected a number, found `{s}`"))
        }
        other => Err(format!("expected a number, found {}", other.type_name())),
    }
}

/// `starting_stacks` and `finishing_stacks`: numbers, or `inf` for a stack not known.
fn stacks(v: &Value) -> Result<Vec<Amount>, String> {
    match v {
        Value::Array(items) => items
            .iter()
            .map(|item| match item {
                Value::Other(s) if matches!(s.as_ref(), "inf" | "+inf") => Ok(Amount::INFINITE),
                _ => amount(item).map_err(|e| format!("{e} (or `inf` for a stack not known)")),
            })
            .collect(),
        other => Err(format!("expected an array of numbers, found {}", other.type_name())),
    }
}

fn amounts(v: &Value) -> Result<Vec<Amount>, String> {
    match v {
        Value::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(amount(item)?);
            }
            Ok(out)
        }
        other => Err(format!("expected an array of numbers, found {}", other.type_name())),
    }
}

fn amounts_or_one(v: &Value) -> Result<Vec<Amount>, String> {
    match v {
        Value::Num(_) => Ok(vec![amount(v)?]),
        _ => amounts(v),
    }
}

fn pots(v: &Value) -> Result<Vec<RecordedPot>, String> {
    v.tables("", |entries| {
        let get = |k: &str| entry(entries, k);
        let amount = amount(get("amount").ok_or("a pot has no `amount`")?)?;
        let players = amounts(get("players").ok_or("a pot has no `players`")?)?
            .into_iter()
            .map(|a| usize::try_from(a.units).ok().filter(|&p| a.places == 0 && p >= 1))
            .collect::<Option<Vec<_>>>()
            .ok_or("pot players must be numbers from 1")?;
        let paid = amounts(get("paid").ok_or("a pot has no `paid`")?)?;
        Ok(RecordedPot { amount, players, paid })
    })
}
