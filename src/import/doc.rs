//! A converted hand as the list of its PHH fields, in the order they are written: written out
//! as PHH text (`felt convert`), or built straight into the [`HandRecord`] that reading that
//! text gives (`felt replay` on site text), without writing the text and reading it back. The
//! two give the same record: every field the record reader takes directly is set the same way,
//! and every other field goes through the reader's own [`Builder`] with the value and the line
//! the text would have.

use std::borrow::Cow;

use crate::phh::action::{parse_action, Action, ActionError};
use crate::phh::record::{Builder, HandRecord, RecordError};
use crate::phh::toml::Value;
use crate::phh::Amount;
use crate::record::RecordedAction;

use super::emit::{push_amount, push_digits, push_int, push_literal, push_quoted};

/// One field's value.
pub(super) enum V<'h> {
    /// A whole number: `12`.
    Int(u64),
    /// A number as written (a hand number of digits).
    Num(&'h str),
    /// A TOML basic string: `"PokerStars"`.
    Str(Cow<'h, str>),
    /// A string written as a literal when it can be: `'nlhe'`.
    Lit(&'static str),
    /// A time of day: `14:21:15`.
    Time([u32; 3]),
    /// `true`.
    True,
    /// An amount in chips of the hand's unit.
    Amount(i64),
    /// A list of amounts.
    Amounts(Vec<i64>),
    /// A list of whole numbers.
    Ints(Vec<u64>),
    /// The players' names: as literal strings when they can be (else basic), or always as
    /// basic strings.
    Names(Vec<&'h str>, bool),
    /// The actions: their texts one after another, and where each ends.
    Actions(String, Vec<usize>),
    /// Entries of `_collected`, `_uncalled` or `_rebuys`.
    Entries(Vec<Entry<'h>>),
    /// `_sitting_out`: seat and name.
    SittingOut(Vec<(u32, &'h str)>),
}

/// One entry of `_collected`, `_uncalled` or `_rebuys`.
pub(super) struct Entry<'h> {
    /// The player, from 1.
    pub player: usize,
    /// The amount, in chips.
    pub amount: i64,
    /// The pot as the text names it (`_collected` only).
    pub pot: Option<&'h str>,
    /// The line of the text.
    pub line: usize,
}

/// A hand's PHH fields, in order, and the decimal places of its amounts.
pub(super) struct Doc<'h> {
    /// Decimal places of the hand's chip.
    pub places: u8,
    /// The fields.
    pub fields: Vec<(&'static str, V<'h>)>,
    /// The actions of the `actions` field as the replay reads their texts (empty when it has
    /// none).
    pub actions: Vec<Result<Action, ActionError>>,
}

impl<'h> Doc<'h> {
    /// An empty document for amounts of `places` decimals.
    pub fn new(places: u8) -> Self {
        Doc { places, fields: Vec::with_capacity(40), actions: Vec::new() }
    }

    /// Adds a field.
    pub fn add(&mut self, key: &'static str, v: V<'h>) {
        self.fields.push((key, v));
    }

    /// Writes an amount.
    fn push_amount(&self, out: &mut String, c: i64) {
        push_amount(out, c, self.places);
    }

    /// The document as the body of a PHH section (no header line).
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(2048);
        let o = &mut out;
        for (key, v) in &self.fields {
            o.push_str(key);
            o.push_str(" = ");
            match v {
                V::Int(n) => push_int(o, *n),
                V::Num(s) => o.push_str(s),
                V::Str(s) => push_quoted(o, s),
                V::Lit(s) => push_literal(o, s),
                V::Time([h, m, s]) => {
                    push_digits(o, (*h).into(), 2);
                    o.push(':');
                    push_digits(o, (*m).into(), 2);
                    o.push(':');
                    push_digits(o, (*s).into(), 2);
                }
                V::True => o.push_str("true"),
                V::Amount(c) => self.push_amount(o, *c),
                V::Amounts(v) => list(o, v, |o, &c| self.push_amount(o, c)),
                V::Ints(v) => list(o, v, |o, &n| push_int(o, n)),
                V::Names(v, literal) => {
                    list(
                        o,
                        v,
                        |o, name| {
                            if *literal {
                                push_literal(o, name)
                            } else {
                                push_quoted(o, name)
                            }
                        },
                    )
                }
                V::Actions(text, ends) => {
                    let texts: Vec<&str> = actions(text, ends).collect();
                    list(o, &texts, |o, a| push_literal(o, a));
                }
                V::Entries(v) => list(o, v, |o, e| {
                    o.push_str("{ player = ");
                    push_int(o, e.player as u64);
                    o.push_str(", amount = ");
                    self.push_amount(o, e.amount);
                    if let Some(pot) = e.pot {
                        o.push_str(", pot = ");
                        push_quoted(o, pot);
                    }
                    o.push_str(", line = ");
                    push_int(o, e.line as u64);
                    o.push_str(" }");
                }),
                V::SittingOut(v) => list(o, v, |o, (seat, name)| {
                    o.push_str("{ seat = ");
                    push_int(o, u64::from(*seat));
                    o.push_str(", player = ");
                    push_quoted(o, name);
                    o.push_str(" }");
                }),
            }
            o.push('\n');
        }
        out
    }

    /// The record that reading [`Doc::text`] gives as the section whose header is on line
    /// `header_line` (its first field on the line after). The numbers of the fields that the
    /// reader keeps as written are written into `arena`, which the record borrows.
    pub fn record<'r>(
        &'r self,
        arena: &'r mut String,
        header_line: usize,
    ) -> Result<HandRecord<'r>, RecordError> {
        arena.clear();
        let mut ends: Vec<usize> = Vec::with_capacity(64);
        for (key, v) in &self.fields {
            if !direct(key, v) {
                self.number_texts(v, arena, &mut ends);
            }
        }
        let arena: &'r str = arena;
        let mut texts = ends.iter().scan(0, |at, &end| {
            let s = arena.get(*at..end).unwrap_or_default();
            *at = end;
            Some(s)
        });
        let mut next = || texts.next().unwrap_or_default();
        let num = |s: &'r str| Value::Num(Cow::Borrowed(s));
        let mut b = Builder::default();
        b.r.other = Vec::with_capacity(self.fields.len());
        let amount = |c: i64| Amount { units: c, places: self.places };
        let amounts = |v: &[i64]| v.iter().map(|&c| amount(c)).collect::<Vec<_>>();
        for (k, (key, v)) in self.fields.iter().enumerate() {
            let line = header_line + 1 + k;
            if direct(key, v) {
                // The fields the reader takes directly (`crate::phh::read`), set as it sets
                // them: not after a field it could not use.
                if b.failed() {
                    continue;
                }
                let r = &mut b.r;
                match (*key, v) {
                    ("variant", V::Lit(s)) => {
                        r.variant = (*s).to_string();
                        b.seen_variant = true;
                    }
                    ("actions", V::Actions(text, ends)) => {
                        r.actions = actions(text, ends)
                            .enumerate()
                            .map(|(k, t)| RecordedAction {
                                action: self
                                    .actions
                                    .get(k)
                                    .cloned()
                                    .unwrap_or_else(|| parse_action(t)),
                                text: Some(Cow::Borrowed(t)),
                            })
                            .collect();
                        b.seen_actions = true;
                    }
                    ("players", V::Names(v, _)) => {
                        r.players = Some(v.iter().map(|&s| Cow::Borrowed(s)).collect());
                    }
                    ("starting_stacks", V::Amounts(v)) => {
                        r.starting_stacks = amounts(v);
                        b.seen_stacks = true;
                    }
                    ("antes", V::Amounts(v)) => r.antes = amounts(v),
                    ("blinds_or_straddles", V::Amounts(v)) => r.blinds_or_straddles = amounts(v),
                    ("finishing_stacks", V::Amounts(v)) => r.finishing_stacks = Some(amounts(v)),
                    ("winnings", V::Amounts(v)) => r.winnings = Some(amounts(v)),
                    ("min_bet", V::Amount(c)) => r.min_bet = Some(amount(*c)),
                    ("small_bet", V::Amount(c)) => r.small_bet = Some(amount(*c)),
                    ("big_bet", V::Amount(c)) => r.big_bet = Some(amount(*c)),
                    _ => {}
                }
                continue;
            }
            let value = match v {
                V::Num(s) => Value::Num(Cow::Borrowed(s)),
                V::Str(s) => Value::Str(Cow::Borrowed(s.as_ref())),
                V::Lit(s) => Value::Str(Cow::Borrowed(s)),
                V::Time(_) => Value::Other(Cow::Borrowed(next())),
                V::True => Value::Bool(true),
                V::Int(_) | V::Amount(_) => num(next()),
                V::Amounts(v) => Value::Array(v.iter().map(|_| num(next())).collect()),
                V::Ints(v) => Value::Array(v.iter().map(|_| num(next())).collect()),
                V::Names(v, _) => {
                    Value::Array(v.iter().map(|&s| Value::Str(Cow::Borrowed(s))).collect())
                }
                V::Actions(text, ends) => Value::Array(
                    actions(text, ends).map(|a| Value::Str(Cow::Borrowed(a))).collect(),
                ),
                V::Entries(v) => Value::Array(
                    v.iter()
                        .map(|e| {
                            let mut t = Vec::with_capacity(4);
                            t.push((Cow::Borrowed("player"), num(next())));
                            t.push((Cow::Borrowed("amount"), num(next())));
                            if let Some(pot) = e.pot {
                                t.push((Cow::Borrowed("pot"), Value::Str(Cow::Borrowed(pot))));
                            }
                            t.push((Cow::Borrowed("line"), num(next())));
                            Value::Table(t)
                        })
                        .collect(),
                ),
                V::SittingOut(v) => Value::Array(
                    v.iter()
                        .map(|&(_, name)| {
                            Value::Table(vec![
                                (Cow::Borrowed("seat"), num(next())),
                                (Cow::Borrowed("player"), Value::Str(Cow::Borrowed(name))),
                            ])
                        })
                        .collect(),
                ),
            };
            b.set(Cow::Borrowed(key), value, line);
        }
        b.finish()
    }

    /// Writes the texts of the numbers (and the time) of a field set through the builder into
    /// `arena`, one after another, in the order [`Doc::record`] takes them, noting where each
    /// ends.
    fn number_texts(&self, v: &V<'_>, arena: &mut String, ends: &mut Vec<usize>) {
        let mut end = |arena: &mut String| ends.push(arena.len());
        match v {
            V::Int(n) => {
                push_int(arena, *n);
                end(arena);
            }
            V::Amount(c) => {
                self.push_amount(arena, *c);
                end(arena);
            }
            V::Amounts(v) => {
                for &c in v {
                    self.push_amount(arena, c);
                    end(arena);
                }
            }
            V::Ints(v) => {
                for &n in v {
                    push_int(arena, n);
                    end(arena);
                }
            }
            V::Time(t) => {
                for (k, &x) in t.iter().enumerate() {
                    if k > 0 {
                        arena.push(':');
                    }
                    push_digits(arena, x.into(), 2);
                }
                end(arena);
            }
            V::Entries(v) => {
                for e in v {
                    push_int(arena, e.player as u64);
                    end(arena);
                    self.push_amount(arena, e.amount);
                    end(arena);
                    push_int(arena, e.line as u64);
                    end(arena);
                }
            }
            V::SittingOut(v) => {
                for &(seat, _) in v {
                    push_int(arena, u64::from(seat));
                    end(arena);
                }
            }
            V::Num(_) | V::Str(_) | V::Lit(_) | V::True | V::Names(..) | V::Actions(..) => {}
        }
    }
}

/// Whether the record reader takes the field directly (`crate::phh::read`), not through the
/// builder.
fn direct(key: &str, v: &V<'_>) -> bool {
    match v {
        V::Lit(_) => key == "variant",
        V::Actions(..) => key == "actions",
        V::Names(..) => key == "players",
        V::Amounts(_) => matches!(
            key,
            "starting_stacks" | "antes" | "blinds_or_straddles" | "finishing_stacks" | "winnings"
        ),
        V::Amount(_) => matches!(key, "min_bet" | "small_bet" | "big_bet"),
        _ => false,
    }
}

/// Writes `[a, b, c]` with `item` writing each.
pub(super) fn list<T>(o: &mut String, v: &[T], mut item: impl FnMut(&mut String, &T)) {
    o.push('[');
    for (k, x) in v.iter().enumerate() {
        if k > 0 {
            o.push_str(", ");
        }
        item(o, x);
    }
    o.push(']');
}

/// The action texts of `text`, each ending where `ends` says.
fn actions<'t>(text: &'t str, ends: &'t [usize]) -> impl Iterator<Item = &'t str> + 't {
    let mut start = 0;
    ends.iter().map(move |&end| {
        let a = text.get(start..end).unwrap_or_default();
        start = end;
        a
    })
}

#[cfg(test)]
mod tests {
    use crate::import::{emit, pokerstars};
    use crate::phh::action::parse_action;
    use crate::phh::read::hands_at;

    /// Every hand of the texts in `dir` that reads well: its record built from its fields is
    /// the record read from its PHH text.
    fn same_records(dir: &std::path::Path) -> usize {
        let mut count = 0;
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).unwrap_or_default();
            let (text, _) = crate::import::decode::decode_borrowed(&bytes);
            for (k, h) in pokerstars::split_hands(&text).iter().enumerate() {
                let Ok(hand) = pokerstars::parse_hand(h) else { continue };
                let doc = emit::doc(&hand);
                let phh = format!("[{}]\n{}", k + 1, doc.text());
                let read = hands_at(&phh, h.line).nth(1).map(|r| r.map(|r| r.record));
                let mut arena = String::new();
                let direct = doc.record(&mut arena, h.line);
                // The actions built with their texts are those texts read.
                if let Ok(r) = &direct {
                    let texts: Vec<_> = r.actions.iter().map(|a| parse_action(&a.text())).collect();
                    assert_eq!(doc.actions, texts, "{} hand {}", path.display(), k + 1);
                }
                assert_eq!(read, Some(Ok(direct)), "{} hand {}", path.display(), k + 1);
                count += 1;
            }
        }
        count
    }

    #[test]
    fn a_hand_built_into_its_record_gives_the_record_read_from_its_text() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pokerstars");
        assert!(same_records(&dir) >= 25);
        // More texts to compare on, outside the repository: `FELT_STARS_TEXTS=DIR`.
        if let Some(more) = std::env::var_os("FELT_STARS_TEXTS") {
            assert!(same_records(std::path::Path::new(&more)) > 0);
        }
    }
}
