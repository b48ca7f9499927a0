//! The importers' extension fields of a PHH hand read into the record's typed parts
//! ([`crate::record::accounting`]): the site's accounting, the site's text, and why a hand
//! cannot be replayed. A field read into its type is written back from it
//! ([`crate::phh::write`]); one whose value the type cannot hold is kept as read.
//!
//! A value of the wrong shape is not an error here (the fields are the importers' own): an
//! entry that cannot be used is left out, a line that is not a number is not known.

use crate::record::{
    Amount, Entry, Fee, HandRecord, LogResults, SiteAccounting, SiteText, Unreplayable,
};

use super::toml::Value;
use crate::record::value::entry;

/// The extension fields read so far.
#[derive(Default)]
pub(crate) struct SiteFields {
    accounting: SiteAccounting,
    /// Whether `_collected` was given: a hand carries the site's accounting when it is.
    collected: bool,
    text: SiteText,
    unreplayable: Option<Unreplayable>,
    /// A match log's `_results` (each a signed amount), and `_results_line`.
    log_results: Option<Vec<Amount>>,
    log_line: Option<usize>,
}

impl SiteFields {
    /// Reads `key` when it is one of the extension fields.
    pub(crate) fn set(&mut self, key: &str, value: &Value<'_>) {
        let a = &mut self.accounting;
        match key {
            "_collected" => {
                a.collected = entries(value);
                self.collected = true;
            }
            "_uncalled" => a.uncalled = entries(value),
            "_rebuys" => a.rebuys = entries(value),
            "_total_pot" => a.total_pot = num(value),
            "_rake" => a.rake = num(value),
            "_fees" => a.fees = fees(value),
            "_unnamed_pots" => a.unnamed_pots = matches!(value, Value::Bool(true)),
            "_site_pots" => {
                a.pots = match value {
                    Value::Array(v) => v.iter().filter_map(num).collect(),
                    _ => Vec::new(),
                }
            }
            "_summary_line" => a.summary_line = num(value).and_then(|n| n.to_units(0)),
            "_seat_lines" => {
                a.seat_lines = match value {
                    Value::Array(v) => v.iter().map(|x| line(x).unwrap_or(0)).collect(),
                    _ => Vec::new(),
                }
            }
            "_text_line" => {
                self.text.converted = true;
                self.text.line = line(value);
            }
            "currency_symbol" => {
                self.text.currency_symbol = match value {
                    Value::Str(s) if !s.chars().any(char::is_control) => s.to_string(),
                    _ => String::new(),
                }
            }
            "_action_lines" => {
                self.text.action_lines = match value {
                    Value::Array(v) => v
                        .iter()
                        .map(|x| match x {
                            Value::Num(n) => n.parse().ok(),
                            _ => None,
                        })
                        .collect(),
                    _ => Vec::new(),
                }
            }
            "_results" => {
                self.log_results = match value {
                    Value::Array(v) => v.iter().map(num).collect(),
                    _ => None,
                }
            }
            "_results_line" => self.log_line = line(value),
            "_not_replayable" | "_cut_off" | "_unreadable" if self.unreplayable.is_none() => {
                let Value::Str(why) = value else { return };
                let why = why.to_string();
                self.unreplayable = Some(match key {
                    "_not_replayable" => Unreplayable::Unsupported(why),
                    "_cut_off" => Unreplayable::CutOff(why),
                    _ => Unreplayable::Unreadable(why),
                });
            }
            _ => {}
        }
    }

    /// Sets the record's typed parts: the accounting when `_collected` was given, the text's
    /// facts, why the hand cannot be replayed, and a log's results when both `_results` (every
    /// entry an amount) and `_results_line` were given.
    pub(crate) fn finish(self, r: &mut HandRecord<'_>) {
        r.accounting = self.collected.then_some(self.accounting);
        r.site_text = self.text;
        r.unreplayable = self.unreplayable;
        r.log_results = match (self.log_results, self.log_line) {
            (Some(results), Some(line)) => Some(LogResults { results, line }),
            _ => None,
        };
    }
}

fn num(v: &Value<'_>) -> Option<Amount> {
    match v {
        Value::Num(s) => Amount::parse(s),
        _ => None,
    }
}

/// A line number: a whole number that fits.
fn line(v: &Value<'_>) -> Option<usize> {
    num(v).and_then(|a| a.to_units(0)).and_then(|l| usize::try_from(l).ok())
}

/// The tables of an array (an item that is not a table left out), each read by `read` from a
/// lookup of its keys' values (an item `read` cannot use left out).
fn tables<'v, T>(
    value: &'v Value<'_>,
    read: impl Fn(&dyn Fn(&str) -> Option<&'v Value<'v>>) -> Option<T>,
) -> Vec<T> {
    let Value::Array(items) = value else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| {
            let Value::Table(t) = item else { return None };
            read(&|k: &str| entry(t, k))
        })
        .collect()
}

/// The entries of `_collected`, `_uncalled` or `_rebuys`: tables with a `player` (from 1) and
/// an `amount`, perhaps a `pot`, a `line` and a `run`.
fn entries(value: &Value<'_>) -> Vec<Entry> {
    tables(value, |get| {
        let player = num(get("player")?)?.to_units(0)?;
        let line = get("line").and_then(num).and_then(|a| a.to_units(0)).unwrap_or(0);
        let pot = match get("pot") {
            Some(Value::Str(s)) => s.to_string(),
            _ => String::new(),
        };
        Some(Entry {
            player: usize::try_from(player).ok()?.checked_sub(1)?,
            amount: num(get("amount")?)?,
            pot,
            line: usize::try_from(line).unwrap_or(0),
            run: get("run").and_then(self::line).unwrap_or(0),
        })
    })
}

/// The fees of `_fees`: tables with a `name` and an `amount`, perhaps a `line`.
fn fees(value: &Value<'_>) -> Vec<Fee> {
    tables(value, |get| {
        let Some(Value::Str(name)) = get("name") else { return None };
        Some(Fee {
            name: name.to_string().into(),
            amount: num(get("amount")?)?,
            line: get("line").and_then(line).unwrap_or(0),
        })
    })
}

/// The room's EV Cashout offers a converted hand records (`_ev_cashout`: tables with a
/// `player` from 1, the `line` where the player chose it and the `board` then): each player
/// (from 0), line and board as written. An entry that cannot be used is left out.
pub(crate) fn ev_cashouts(r: &HandRecord<'_>) -> Vec<(usize, usize, String)> {
    let Some((_, value)) = r.other.iter().find(|(k, _)| k == "_ev_cashout") else {
        return Vec::new();
    };
    tables(value, |get| {
        let player = usize::try_from(num(get("player")?)?.to_units(0)?).ok()?.checked_sub(1)?;
        let board = match get("board") {
            Some(Value::Str(b)) => b.to_string(),
            _ => return None,
        };
        Some((player, get("line").and_then(line).unwrap_or(0), board))
    })
}

/// The all-in insurances a converted hand records with the board then (`_insurance` entries
/// with a `board`): each player (from 0), line, board as written, and the premium and the
/// cover by part (`parts` names them: `Mandatory`, `Main`, `Sub`; one unnamed part when the
/// text gives one). An entry that cannot be used is left out.
pub(crate) fn insurances(r: &HandRecord<'_>) -> Vec<crate::luck::RoomInsurance> {
    let Some((_, value)) = r.other.iter().find(|(k, _)| k == "_insurance") else {
        return Vec::new();
    };
    let amounts = |v: Option<&Value<'_>>| match v {
        Some(Value::Array(items)) => items.iter().map(num).collect::<Option<Vec<_>>>(),
        _ => None,
    };
    tables(value, |get| {
        let player = usize::try_from(num(get("player")?)?.to_units(0)?).ok()?.checked_sub(1)?;
        let board = match get("board") {
            Some(Value::Str(b)) => b.to_string(),
            _ => return None,
        };
        let (premium, cover) = match (amounts(get("premium_parts")), amounts(get("cover_parts"))) {
            (Some(p), Some(c)) if p.len() == c.len() => (p, c),
            _ => (vec![num(get("premium")?)?], vec![num(get("cover")?)?]),
        };
        let names = match get("parts") {
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| match v {
                    Value::Str(s) => Some(s.to_string()),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?,
            _ => Vec::new(),
        };
        crate::luck::RoomInsurance::read(
            player,
            get("line").and_then(line).unwrap_or(0),
            &board,
            premium,
            cover,
            names,
        )
    })
}

/// A note for the report of each all-in insurance a converted hand records (`_insurance`:
/// tables with a `player` from 1, a `line`, the `premium` and the `cover`, perhaps each in
/// parts, `premium_parts` and `cover_parts`, named by `parts`): who insured, at which line, and
/// for how much. An entry that cannot be used is left out.
pub(crate) fn insurance_notes(r: &HandRecord<'_>) -> Vec<String> {
    let Some((_, value)) = r.other.iter().find(|(k, _)| k == "_insurance") else {
        return Vec::new();
    };
    let text = |v: &Value<'_>| match v {
        Value::Num(n) => Some(n.to_string()),
        Value::Str(s) => Some(s.to_string()),
        _ => None,
    };
    let list = |v: Option<&Value<'_>>| match v {
        Some(Value::Array(items)) => items.iter().map(text).collect::<Option<Vec<_>>>(),
        _ => None,
    };
    tables(value, |get| {
        let player = num(get("player")?)?.to_units(0)?;
        let (premium, cover) = (text(get("premium")?)?, text(get("cover")?)?);
        let at = get("line").and_then(line).map_or(String::new(), |l| format!(" (line {l})"));
        let names = list(get("parts")).unwrap_or_default();
        let parts = |key: &str| match list(get(key)) {
            Some(v) if v.len() > 1 => {
                let each = v.iter().enumerate().map(|(k, x)| match names.get(k) {
                    Some(name) => format!("{name} {x}"),
                    None => x.clone(),
                });
                format!(" ({})", each.collect::<Vec<_>>().join(", "))
            }
            _ => String::new(),
        };
        Some(format!(
            "p{player} insured all-in{at}: a premium of {premium}{} for a cover of {cover}{}",
            parts("premium_parts"),
            parts("cover_parts")
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phh::read::hands;

    #[test]
    fn an_insurance_is_noted_with_its_parts() {
        let text = format!(
            "{BASE}_insurance = [{{ player = 2, line = 9, premium = 4, cover = 10.8, premium_parts = [0, 4, 0], cover_parts = [0, 10.8, 0], parts = ['Mandatory', 'Main', 'Sub'] }}, {{ player = 1, premium = 1.2, cover = 15 }}, {{ line = 3 }}]\n"
        );
        assert_eq!(
            insurance_notes(&record(&text)),
            [
                "p2 insured all-in (line 9): a premium of 4 (Mandatory 0, Main 4, Sub 0) for a cover of 10.8 (Mandatory 0, Main 10.8, Sub 0)",
                "p1 insured all-in: a premium of 1.2 for a cover of 15"
            ]
        );
    }

    fn record(text: &str) -> crate::phh::HandRecord<'_> {
        hands(text).next().unwrap().unwrap().record.unwrap()
    }

    const BASE: &str = "variant = 'nlhe'\nstarting_stacks = [1, 2]\nactions = []\n";

    #[test]
    fn accounting_is_read_only_when_collected_is_given() {
        let text = format!("{BASE}_total_pot = 3\n_rake = 0.5\n");
        assert_eq!(record(&text).accounting, None);
        let text = format!(
            "{BASE}_total_pot = 3\n_rake = 0.5\n_site_pots = [1, 1.5]\n_summary_line = 9\n\
             _seat_lines = [4, 'x']\n_collected = [{{ player = 2, amount = 2.5, pot = \"main pot\", line = 8 }}, \
             {{ player = 0, amount = 1 }}, {{ amount = 1 }}]\n"
        );
        let a = record(&text).accounting.unwrap();
        assert_eq!(a.total_pot, Amount::parse("3"));
        assert_eq!(a.rake, Amount::parse("0.5"));
        assert_eq!(a.pots, [Amount::parse("1").unwrap(), Amount::parse("1.5").unwrap()]);
        assert_eq!(a.summary_line, Some(9));
        assert_eq!(a.seat_lines, [4, 0]);
        // Player 0 is no player (they count from 1), and an entry needs a player.
        assert_eq!(
            a.collected,
            [Entry {
                player: 1,
                amount: Amount::parse("2.5").unwrap(),
                pot: "main pot".into(),
                line: 8,
                run: 0
            }]
        );
    }

    #[test]
    fn a_collected_entry_says_its_run_when_the_board_was_run_more_than_once() {
        let text = format!(
            "{BASE}_collected = [{{ player = 1, amount = 2, line = 8, run = 2 }}, {{ player = 2, amount = 1 }}]\n"
        );
        let a = record(&text).accounting.unwrap();
        assert_eq!(a.collected.iter().map(|e| e.run).collect::<Vec<_>>(), [2, 0]);
    }

    #[test]
    fn a_log_s_results_are_read_with_their_line_and_only_together() {
        let text = format!("{BASE}_results = [-10, 10.5]\n_results_line = 7\n");
        let log = record(&text).log_results.unwrap();
        assert_eq!(log.results, [Amount::whole(-10), Amount::parse("10.5").unwrap()]);
        assert_eq!(log.line, 7);
        assert_eq!(record(&format!("{BASE}_results = [-10, 10]\n")).log_results, None);
        let text = format!("{BASE}_results = [-10, 'x']\n_results_line = 7\n");
        assert_eq!(record(&text).log_results, None);
    }

    #[test]
    fn the_first_reason_a_hand_cannot_be_replayed_is_kept() {
        let text = format!("{BASE}_cut_off = 1\n_not_replayable = 'draw'\n_unreadable = 'x'\n");
        assert_eq!(record(&text).unreplayable, Some(Unreplayable::Unsupported("draw".into())));
    }

    #[test]
    fn site_text_is_converted_by_its_line_and_keeps_a_plain_currency_symbol() {
        let text = format!("{BASE}currency_symbol = \"$\"\n_action_lines = [3, 'x']\n");
        let site = record(&text).site_text;
        assert!(!site.converted);
        assert_eq!(site.currency_symbol, "$");
        assert_eq!(site.action_lines, [Some(3), None]);
        let text = format!("{text}_text_line = 1\n");
        assert!(record(&text).site_text.converted);
        let text = format!("{BASE}_text_line = 1\ncurrency_symbol = \"\\u0007\"\n");
        assert_eq!(record(&text).site_text.currency_symbol, "");
    }
}
