//! Reading hands straight into [`HandRecord`]s.
//!
//! Most of a hand file is a few known fields written the plain way: `actions = ['d dh p1 AsKs',
//! ...]`, `starting_stacks = [200, 100]`, `_pots = [{amount = 30, players = [1], paid = [30,
//! 0]}]`. Their values are read here directly into the record (the action texts borrowed from
//! the document, the amounts as [`Amount`]s) instead of through a general [`Value`] per item.
//! Anything else — another field, a string with escapes or in double quotes, an underscore in a
//! number, a value the record would refuse — goes back to where its value starts and is read
//! by the general reader (`Parser::value`) and `Builder::set`, so that what is accepted,
//! what is refused and every message stay those of the general path. Whitespace, newlines and
//! comments between items are skipped by the general reader's own routines.
//!
//! ```
//! use feltkit::phh::read::hands;
//! let text = "variant = 'nlhe'\nstarting_stacks = [200, 100.50]\nactions = ['d dh p1 AsKs']\n";
//! let hand = hands(text).next().unwrap().unwrap();
//! let record = hand.record.unwrap();
//! assert_eq!(record.variant, "nlhe");
//! assert_eq!(record.starting_stacks[1].to_string(), "100.50");
//! assert_eq!(record.actions[0].text(), "d dh p1 AsKs");
//! ```
//!
//! [`Value`]: super::toml::Value

use std::borrow::Cow;

use super::amount::Amount;
use super::lex::{self, End, Quote};
use super::record::{Builder, HandRecord, RecordError, RecordedAction, RecordedPot};
use super::toml::{is_decimal, Body, Parser, Reader, TomlError, Value};

/// One hand (one section) of a document.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadHand<'a> {
    /// The header text, as in `[3]`; `None` for the top level.
    pub header: Option<&'a str>,
    /// The line of the header (1 for the top level).
    pub line: usize,
    /// Whether the section has no keys.
    pub empty: bool,
    /// The hand's fields, or why they cannot be used (as [`HandRecord::from_section`] says).
    pub record: Result<HandRecord<'a>, RecordError>,
}

/// Reads a document's hands one section at a time (the top level first, then each
/// `[header]`). Each gives the same record, or the same error, as
/// [`toml::sections`](super::toml::sections) followed by [`HandRecord::from_section`]; after a
/// TOML error nothing more is yielded.
///
/// ```
/// use feltkit::phh::read::hands;
/// let text = "[1]\nvariant = 'NT'\nstarting_stacks = [100, 100]\nactions = ['p1 f']\n";
/// let hand = hands(text).nth(1).unwrap().unwrap();
/// assert_eq!(hand.header, Some("1"));
/// assert_eq!(hand.record.unwrap().actions[0].text(), "p1 f");
/// ```
pub fn hands(text: &str) -> Hands<'_> {
    Hands(Reader::new(text))
}

/// The same as [`hands`] for a piece of a larger document that starts on line `first_line`:
/// lines in records and errors count from there.
///
/// ```
/// use feltkit::phh::read::hands_at;
/// let e = hands_at("[7]\nvariant = 'NT\n", 40).nth(1).unwrap().unwrap_err();
/// assert_eq!(e.line, 41);
/// ```
pub fn hands_at(text: &str, first_line: usize) -> Hands<'_> {
    Hands(Reader::starting_at(text, first_line))
}

/// The hands of a document, read lazily: see [`hands`].
pub struct Hands<'a>(Reader<'a, Partial<'a>>);

impl<'a> Iterator for Hands<'a> {
    type Item = Result<ReadHand<'a>, TomlError>;

    fn next(&mut self) -> Option<Self::Item> {
        let section = match self.0.next()? {
            Ok(s) => s,
            Err(e) => return Some(Err(e)),
        };
        Some(Ok(ReadHand {
            header: section.header,
            line: section.line,
            empty: section.keys.is_empty(),
            record: match section.builder {
                Some(builder) => builder.finish(),
                None => Builder::default().finish(),
            },
        }))
    }
}

/// A section being read.
struct Partial<'a> {
    header: Option<&'a str>,
    line: usize,
    /// The keys read so far, to refuse one given twice.
    keys: Vec<Cow<'a, str>>,
    /// The record being filled, from the first key on: a section without keys (the top level
    /// of a bundle) costs no record, and a section is moved about without its record.
    builder: Option<Box<Builder<'a>>>,
}

/// A value read by the direct path.
pub(super) enum Fast<'a> {
    Str(&'a str),
    Strs(Vec<Cow<'a, str>>),
    Amount(Amount),
    Amounts(Vec<Amount>),
    Pots(Vec<RecordedPot>),
}

impl<'a> Body<'a> for Partial<'a> {
    /// A value read by the direct path, or else by the general one.
    type Value = Result<Fast<'a>, Value<'a>>;

    fn begin(header: Option<&'a str>, line: usize) -> Self {
        Partial { header, line, keys: Vec::new(), builder: None }
    }

    fn value(&mut self, p: &mut Parser<'a>, key: &str) -> Result<Self::Value, TomlError> {
        Ok(match fast(p, key) {
            Some(v) => Ok(v),
            None => Err(p.value(0)?),
        })
    }

    fn has(&self, key: &str) -> bool {
        self.keys.iter().any(|k| k == key)
    }

    fn keep(&mut self, key: Cow<'a, str>, value: Self::Value, line: usize) {
        if self.keys.is_empty() {
            self.keys.reserve(16);
        }
        self.keys.push(key.clone());
        match value {
            Ok(v) => self.apply(&key, v),
            Err(v) => self.builder().set(key, v, line),
        }
    }
}

impl<'a> Partial<'a> {
    /// The record being filled.
    fn builder(&mut self) -> &mut Builder<'a> {
        self.builder.get_or_insert_with(Box::default)
    }

    /// Stores a value read by [`fast`] for `key` (one of the keys it reads).
    fn apply(&mut self, key: &str, v: Fast<'a>) {
        let b = self.builder();
        if b.failed() {
            return;
        }
        let r = &mut b.r;
        match (key, v) {
            ("variant", Fast::Str(s)) => {
                r.variant = s.to_string();
                b.seen_variant = true;
            }
            ("actions", Fast::Strs(v)) => {
                r.actions = v.into_iter().map(RecordedAction::read).collect();
                b.seen_actions = true;
            }
            ("players", Fast::Strs(v)) => r.players = Some(v),
            ("starting_stacks", Fast::Amounts(v)) => {
                r.starting_stacks = v;
                b.seen_stacks = true;
            }
            ("antes", Fast::Amounts(v)) => r.antes = v,
            ("antes", Fast::Amount(a)) => r.antes = vec![a],
            ("blinds_or_straddles", Fast::Amounts(v)) => r.blinds_or_straddles = v,
            ("blinds_or_straddles", Fast::Amount(a)) => r.blinds_or_straddles = vec![a],
            ("min_bet", Fast::Amount(a)) => r.min_bet = Some(a),
            ("small_bet", Fast::Amount(a)) => r.small_bet = Some(a),
            ("big_bet", Fast::Amount(a)) => r.big_bet = Some(a),
            ("bring_in", Fast::Amount(a)) => r.bring_in = Some(a),
            ("finishing_stacks", Fast::Amounts(v)) => r.finishing_stacks = Some(v),
            ("winnings", Fast::Amounts(v)) => r.winnings = Some(v),
            ("_pots", Fast::Pots(v)) => r.pots = Some(v),
            // `fast` reads each key as one of the kinds above.
            _ => {}
        }
    }
}

/// Reads the value of `key` directly when the key is one the record knows and the value is
/// written the plain way; otherwise leaves the parser where it was and gives `None`.
fn fast<'a>(p: &mut Parser<'a>, key: &str) -> Option<Fast<'a>> {
    let saved = (p.i, p.line, p.line_start);
    let v = match key {
        "actions" | "players" => strings(p).map(Fast::Strs),
        "starting_stacks" | "finishing_stacks" | "winnings" => amounts(p).map(Fast::Amounts),
        "antes" | "blinds_or_straddles" if p.peek() == Some(b'[') => amounts(p).map(Fast::Amounts),
        "antes" | "blinds_or_straddles" | "min_bet" | "small_bet" | "big_bet" | "bring_in" => {
            scalar(p).map(Fast::Amount)
        }
        "variant" => literal(p).filter(|_| line_ends(p)).map(Fast::Str),
        "_pots" => pots(p).map(Fast::Pots),
        _ => None,
    };
    if v.is_none() {
        (p.i, p.line, p.line_start) = saved;
    }
    v
}

/// Whether only spaces and perhaps a comment are left on the line (skipping the spaces).
fn line_ends(p: &mut Parser<'_>) -> bool {
    p.skip_spaces();
    matches!(p.peek(), None | Some(b'\n' | b'#'))
}

/// A literal string on one line, closed and not empty: `'p1 cbr 30'`.
#[inline]
fn literal<'a>(p: &mut Parser<'a>) -> Option<&'a str> {
    if Quote::at(p.s, p.i)? != Quote::Literal {
        return None;
    }
    let start = p.i + 1;
    let End::Closed(end) = lex::string_end(p.s, start, Quote::Literal) else { return None };
    if end == start + 1 {
        return None;
    }
    p.i = end;
    // `'` is ASCII, so the string lies on character boundaries.
    p.text.get(start..end - 1)
}

/// A plain decimal: sign, digits, perhaps `.digits`, no `_`; it must be an [`Amount`].
fn number(p: &mut Parser<'_>) -> Option<Amount> {
    let rest = p.s.get(p.i..)?;
    // Most amounts are a few digits and nothing else: read them in one pass.
    let mut units = 0i64;
    let mut len = 0;
    while let Some(&c) = rest.get(len) {
        if !c.is_ascii_digit() || len == 18 {
            break;
        }
        units = units * 10 + i64::from(c - b'0');
        len += 1;
    }
    if len > 0 && !rest.get(len).is_some_and(|&c| NUMBER[usize::from(c)]) {
        p.i += len;
        return Some(Amount { units, places: 0 });
    }
    let len = rest.iter().position(|&c| !NUMBER[usize::from(c)]).unwrap_or(rest.len());
    let token = p.text.get(p.i..p.i + len)?;
    if len == 0 || !is_decimal(token) {
        return None;
    }
    let a = Amount::parse(token)?;
    p.i += len;
    Some(a)
}

/// A number alone on its line.
fn scalar(p: &mut Parser<'_>) -> Option<Amount> {
    number(p).filter(|_| line_ends(p))
}

/// An array whose items are all read by `item`; spacing, newlines and comments between them
/// are skipped as the general reader skips them (a section header line inside the array goes
/// back to the general reader, which says the array was never closed).
fn array<'a, T>(
    p: &mut Parser<'a>,
    capacity: usize,
    mut item: impl FnMut(&mut Parser<'a>) -> Option<T>,
) -> Option<Vec<T>> {
    if p.peek()? != b'[' {
        return None;
    }
    p.i += 1;
    let mut out = Vec::with_capacity(capacity);
    loop {
        p.skip_array_gap().ok()?;
        if p.peek()? == b']' {
            p.i += 1;
            return Some(out);
        }
        out.push(item(p)?);
        p.skip_array_gap().ok()?;
        match p.peek()? {
            b',' => p.i += 1,
            b']' => {}
            _ => return None,
        }
    }
}

/// `['d dh p1 AsKs', 'p1 f']`.
fn strings<'a>(p: &mut Parser<'a>) -> Option<Vec<Cow<'a, str>>> {
    array(p, 32, |p| literal(p).map(Cow::Borrowed))
}

/// `[200, 100]`.
fn amounts(p: &mut Parser<'_>) -> Option<Vec<Amount>> {
    array(p, 10, number)
}

/// `[{amount = 30, players = [1], paid = [30, 0]}]`.
fn pots(p: &mut Parser<'_>) -> Option<Vec<RecordedPot>> {
    array(p, 2, pot)
}

/// `{amount = 30, players = [1], paid = [30, 0]}`: each key once, players numbered from 1.
fn pot(p: &mut Parser<'_>) -> Option<RecordedPot> {
    if p.peek()? != b'{' {
        return None;
    }
    p.i += 1;
    let (mut amount, mut players, mut paid) = (None, None, None);
    loop {
        p.skip_spaces();
        if p.peek()? == b'}' {
            p.i += 1;
            break;
        }
        let key = p.key_and_equals().ok()?;
        match key.as_ref() {
            "amount" if amount.is_none() => amount = Some(number(p)?),
            "players" if players.is_none() => players = Some(amounts(p)?),
            "paid" if paid.is_none() => paid = Some(amounts(p)?),
            _ => return None,
        }
        p.skip_spaces();
        match p.peek()? {
            b',' => p.i += 1,
            b'}' => {}
            _ => return None,
        }
    }
    let players = players?
        .into_iter()
        .map(|a| usize::try_from(a.units).ok().filter(|&n| a.places == 0 && n >= 1))
        .collect::<Option<Vec<_>>>()?;
    Some(RecordedPot { amount: amount?, players, paid: paid? })
}

/// The bytes of a plain decimal: digits, `.`, `+` and `-`.
const NUMBER: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] = b.is_ascii_digit() || b == b'.' || b == b'+' || b == b'-';
        c += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_without_a_type_are_kept_in_the_order_of_the_file() {
        let text = "variant = 'NT'\nevent = 'Main Event'\ncurrency = 'USD'\n\
                    starting_stacks = [100, 100]\nactions = ['p1 f']\nvenue = 'WSOP'\n";
        let r = hands(text).next().unwrap().unwrap().record.unwrap();
        let keys: Vec<&str> = r.other.iter().map(|(k, _)| k.as_ref()).collect();
        assert_eq!(keys, ["event", "currency", "venue"]);
        // The general reader keeps the same order.
        let section = super::super::toml::sections(text).next().unwrap().unwrap();
        assert_eq!(HandRecord::from_section(section).unwrap().other, r.other);
    }
}
