//! A small reader for the TOML subset that PHH files use.
//!
//! PHH hands are TOML documents, but amounts such as `0.50` must stay exact decimals, which a
//! general TOML library hands back as floats. This reader keeps every number as its source text
//! and reads only what hand histories need: `key = value` lines, `[section]` headers (bundles),
//! basic and literal strings, integers and decimals, booleans, arrays (over several lines, with
//! comments), inline tables, and dates or times kept as raw text.
//!
//! ```
//! use feltkit::phh::toml::{parse, Value};
//! let doc = parse("hand = 7\n[1]\nantes = [0.50, 1] # a comment\n").unwrap();
//! assert_eq!(doc[0].get("hand"), Some(&Value::Num("7".into())));
//! assert_eq!(doc[1].header.as_deref(), Some("1"));
//! let antes = Value::Array(vec![Value::Num("0.50".into()), Value::Num("1".into())]);
//! assert_eq!(doc[1].get("antes"), Some(&antes)); // numbers keep their text: exact
//! let err = parse("antes = [1,\n").unwrap_err();
//! assert_eq!(err.line, 2);
//! ```

use std::borrow::Cow;

use thiserror::Error;

pub use super::lex::section_header;
use super::lex::{self, End, Quote};
pub use crate::record::Value;

/// One table of a document: the `[header]` name (`None` for the top level) and its keys.
#[derive(Clone, Debug, PartialEq)]
pub struct Section<'a> {
    /// The header text, as in `[3]`; `None` for the top level.
    pub header: Option<String>,
    /// The line of the header (1 for the top level).
    pub line: usize,
    /// The keys in order, each with its line.
    pub entries: Vec<(Cow<'a, str>, Value<'a>, usize)>,
}

impl<'a> Section<'a> {
    /// The value of a key.
    pub fn get(&self, key: &str) -> Option<&Value<'a>> {
        self.entries.iter().find(|(k, _, _)| k == key).map(|(_, v, _)| v)
    }
}

/// Where and why a document could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("TOML line {line}, column {column}: {message}")]
pub struct TomlError {
    /// Line, counting from 1.
    pub line: usize,
    /// Column (characters), counting from 1.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

/// Reads a document into its sections (the top level first, then each `[header]`).
pub fn parse(text: &str) -> Result<Vec<Section<'_>>, TomlError> {
    sections(text).collect()
}

/// Reads a document one section at a time (the top level first, then each `[header]`), so
/// that each can be used while the rest is read. After an error it yields nothing more.
pub fn sections(text: &str) -> Sections<'_> {
    Sections(Reader::new(text))
}

/// The sections of a document, read lazily: see [`sections`].
pub struct Sections<'a>(Reader<'a, Section<'a>>);

impl<'a> Iterator for Sections<'a> {
    type Item = Result<Section<'a>, TomlError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
}

impl<'a> Body<'a> for Section<'a> {
    type Value = Value<'a>;

    fn begin(header: Option<&'a str>, line: usize) -> Self {
        let entries = if header.is_some() { Vec::with_capacity(16) } else { Vec::new() };
        Section { header: header.map(str::to_string), line, entries }
    }

    fn value(&mut self, p: &mut Parser<'a>, _key: &str) -> Result<Value<'a>, TomlError> {
        p.value(0)
    }

    fn has(&self, key: &str) -> bool {
        self.entries.iter().any(|(k, _, _)| k == key)
    }

    fn keep(&mut self, key: Cow<'a, str>, value: Value<'a>, line: usize) {
        self.entries.push((key, value, line));
    }
}

/// What the entries of one section are read into: a general [`Section`], or something that
/// reads the keys it knows more directly. The [`Reader`] reads each key, then its value, then
/// the end of its line, then refuses a key seen before in the section, and only then keeps
/// the value: errors come in that order whatever the body.
pub(super) trait Body<'a> {
    /// What the value of one key is read into.
    type Value;

    /// An empty section under `header` (`None` for the top level), which starts on `line`.
    fn begin(header: Option<&'a str>, line: usize) -> Self;

    /// Reads the value of `key` (the parser stands at its first byte, after `=` and spaces)
    /// as [`Parser::value`] does: the same text read, the same errors.
    fn value(&mut self, p: &mut Parser<'a>, key: &str) -> Result<Self::Value, TomlError>;

    /// Whether the section holds `key` already.
    fn has(&self, key: &str) -> bool;

    /// Keeps the value of `key`, whose line is `line`.
    fn keep(&mut self, key: Cow<'a, str>, value: Self::Value, line: usize);
}

/// Reads a document one section at a time into `B`s. After an error it yields nothing more.
pub(super) struct Reader<'a, B> {
    p: Parser<'a>,
    /// The section being read; `None` once the document ended or an error was yielded.
    next: Option<B>,
    headers: std::collections::HashSet<&'a str>,
}

impl<'a, B: Body<'a>> Reader<'a, B> {
    /// A reader at the start of `text`, after a UTF-8 byte-order mark if the text opens with
    /// one (as editors on Windows write it).
    pub(super) fn new(text: &'a str) -> Self {
        Self::starting_at(text, 1)
    }

    /// A reader of `text` that counts its first line as line `first_line` (a piece of a larger
    /// document), after a byte-order mark if the text opens with one.
    pub(super) fn starting_at(text: &'a str, first_line: usize) -> Self {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let line = first_line.max(1);
        Reader {
            p: Parser { stack: Vec::new(), s: text.as_bytes(), text, i: 0, line, line_start: 0 },
            next: Some(B::begin(None, line)),
            headers: std::collections::HashSet::new(),
        }
    }
}

impl<'a, B: Body<'a>> Iterator for Reader<'a, B> {
    type Item = Result<B, TomlError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut section = self.next.take()?;
        match self.read_section(&mut section) {
            Ok(Some(following)) => {
                self.next = Some(following);
                Some(Ok(section))
            }
            Ok(None) => Some(Ok(section)),
            Err(e) => Some(Err(e)),
        }
    }
}

impl<'a, B: Body<'a>> Reader<'a, B> {
    /// Reads the entries of `section` up to the next header, which it returns (`None` at the
    /// end of the document).
    fn read_section(&mut self, section: &mut B) -> Result<Option<B>, TomlError> {
        let p = &mut self.p;
        loop {
            p.skip_ws_comments_newlines();
            if p.peek().is_none() {
                return Ok(None);
            }
            // The reader stands at the first byte of a line that is not blank.
            if let Some(h) = lex::header(&p.s[p.line_start..], false) {
                let line = p.line;
                p.i = p.line_start + h.end;
                if !h.closed {
                    return Err(p.err("unclosed section header: expected `]`"));
                }
                // `[`, `]` and newlines are ASCII, so the header lies on character boundaries.
                let name = p.text.get(p.line_start + h.start..p.i).unwrap_or_default();
                let header = lex::header_name(name);
                p.i += 1;
                if !self.headers.insert(header) {
                    return Err(p.err(&format!("section [{header}] appears twice")));
                }
                let following = B::begin(Some(header), line);
                p.end_of_line()?;
                return Ok(Some(following));
            }
            let line = p.line;
            let key = p.key_and_equals()?;
            let value = section.value(p, &key)?;
            p.end_of_line()?;
            if section.has(&key) {
                return Err(TomlError {
                    line,
                    column: 1,
                    message: format!("key `{key}` appears twice"),
                });
            }
            section.keep(key, value, line);
        }
    }
}

/// The reading position in a document, with the readers of its pieces.
pub(super) struct Parser<'a> {
    /// Items of the arrays being read, innermost last.
    stack: Vec<Value<'a>>,
    /// The document's bytes.
    pub(super) s: &'a [u8],
    /// The document.
    pub(super) text: &'a str,
    /// The position of the next byte.
    pub(super) i: usize,
    /// The line of the position, from 1.
    pub(super) line: usize,
    /// Where that line starts.
    pub(super) line_start: usize,
}

impl<'a> Parser<'a> {
    #[inline]
    pub(super) fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    pub(super) fn err(&self, message: &str) -> TomlError {
        let column = String::from_utf8_lossy(&self.s[self.line_start..self.i.min(self.s.len())])
            .chars()
            .count()
            + 1;
        TomlError { line: self.line, column, message: message.to_string() }
    }

    fn newline(&mut self) {
        self.i += 1;
        self.line += 1;
        self.line_start = self.i;
    }

    #[inline]
    pub(super) fn skip_spaces(&mut self) {
        self.i = lex::skip_blanks(self.s, self.i);
    }

    #[inline]
    fn skip_comment(&mut self) {
        if self.peek() == Some(b'#') {
            self.i = lex::comment_end(self.s, self.i);
        }
    }

    pub(super) fn skip_ws_comments_newlines(&mut self) {
        loop {
            self.skip_spaces();
            self.skip_comment();
            if self.peek() == Some(b'\n') {
                self.newline();
            } else {
                return;
            }
        }
    }

    /// Skips spaces, comments and newlines between the items of an array, as
    /// [`skip_ws_comments_newlines`](Parser::skip_ws_comments_newlines) does, but stops at a
    /// line that is a section header even inside an array ([`section_header`]): the array was
    /// never closed, and the bundle splitter starts the next hand there.
    #[inline(always)]
    pub(super) fn skip_array_gap(&mut self) -> Result<(), TomlError> {
        // Most gaps are nothing or one blank before the next item or comma: step over them
        // here, where the array is read, without looking for comments, line ends and headers.
        let mut j = self.i;
        if self.s.get(j).is_some_and(|&b| lex::is_blank(b)) {
            j += 1;
        }
        match self.s.get(j) {
            Some(&b) if b == b'#' || b == b'\n' || lex::is_blank(b) => self.skip_long_array_gap(),
            _ => {
                self.i = j;
                Ok(())
            }
        }
    }

    /// [`skip_array_gap`](Parser::skip_array_gap) over more than one blank.
    #[inline(never)]
    fn skip_long_array_gap(&mut self) -> Result<(), TomlError> {
        loop {
            self.skip_spaces();
            self.skip_comment();
            if self.peek() != Some(b'\n') {
                return Ok(());
            }
            self.newline();
            let rest = self.s.get(self.i..).unwrap_or_default();
            if lex::header(rest, true).is_some() {
                return Err(self.err("unclosed array: expected `]` before this section header"));
            }
        }
    }

    pub(super) fn end_of_line(&mut self) -> Result<(), TomlError> {
        self.skip_spaces();
        self.skip_comment();
        match self.peek() {
            None => Ok(()),
            Some(b'\n') => {
                self.newline();
                Ok(())
            }
            Some(_) => Err(self.err("unexpected text after the value")),
        }
    }

    /// Reads a key, then the blanks, the `=` and the blanks after it.
    #[inline]
    pub(super) fn key_and_equals(&mut self) -> Result<Cow<'a, str>, TomlError> {
        // Most keys are written `key = `: read that shape at once.
        let start = self.i;
        let rest = self.s.get(start..).unwrap_or_default();
        let len = rest.iter().position(|&c| !BARE_KEY[usize::from(c)]).unwrap_or(rest.len());
        if len > 0 && rest.get(len..len + 3) == Some(b" = ") {
            // The bytes of a bare key are ASCII, so they lie on character boundaries.
            if let Some(key) = self.text.get(start..start + len) {
                self.i = start + len + 3;
                self.skip_spaces();
                return Ok(Cow::Borrowed(key));
            }
        }
        self.any_key_and_equals()
    }

    /// [`key_and_equals`](Parser::key_and_equals) of any key, however spaced.
    #[inline(never)]
    fn any_key_and_equals(&mut self) -> Result<Cow<'a, str>, TomlError> {
        let key = self.key()?;
        self.skip_spaces();
        if self.peek() != Some(b'=') {
            return Err(self.err(&format!("expected `=` after the key `{key}`")));
        }
        self.i += 1;
        self.skip_spaces();
        Ok(key)
    }

    pub(super) fn key(&mut self) -> Result<Cow<'a, str>, TomlError> {
        match self.peek() {
            Some(b'"') => self.basic_string(),
            Some(b'\'') => self.literal_string(),
            _ => {
                let start = self.i;
                let rest = self.s.get(start..).unwrap_or_default();
                self.i += rest.iter().take_while(|&&c| BARE_KEY[usize::from(c)]).count();
                if start == self.i {
                    return Err(self.err("expected a key"));
                }
                Ok(Cow::Borrowed(&self.text[start..self.i]))
            }
        }
    }

    pub(super) fn value(&mut self, depth: usize) -> Result<Value<'a>, TomlError> {
        if depth > 64 {
            return Err(self.err("values nested too deeply"));
        }
        match self.peek() {
            None | Some(b'\n') => Err(self.err("expected a value")),
            Some(b'"' | b'\'') => match Quote::at(self.s, self.i) {
                Some(Quote::Basic) => self.basic_string().map(Value::Str),
                Some(Quote::Literal) => self.literal_string().map(Value::Str),
                _ => Err(self.err("multi-line strings are not supported in hand files")),
            },
            Some(b'[') => {
                self.i += 1;
                // Items are gathered on the parser's stack (shared by nested arrays and reused
                // from hand to hand), then moved into a vector of the exact size.
                let base = self.stack.len();
                loop {
                    if let Err(e) = self.skip_array_gap() {
                        self.stack.truncate(base);
                        return Err(e);
                    }
                    match self.peek() {
                        None => return Err(self.err("unclosed array: expected `]`")),
                        Some(b']') => {
                            self.i += 1;
                            let items: Vec<Value<'a>> = self.stack.drain(base..).collect();
                            return Ok(Value::Array(items));
                        }
                        _ => {}
                    }
                    let item = match self.value(depth + 1) {
                        Ok(item) => item,
                        Err(e) => {
                            self.stack.truncate(base);
                            return Err(e);
                        }
                    };
                    self.stack.push(item);
                    if let Err(e) = self.skip_array_gap() {
                        self.stack.truncate(base);
                        return Err(e);
                    }
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b']') => {}
                        _ => {
                            self.stack.truncate(base);
                            return Err(self.err("expected `,` or `]` in the array"));
                        }
                    }
                }
            }
            Some(b'{') => {
                self.i += 1;
                let mut entries = Vec::new();
                loop {
                    self.skip_spaces();
                    if self.peek() == Some(b'}') {
                        self.i += 1;
                        return Ok(Value::Table(entries));
                    }
                    let key = self.key_and_equals()?;
                    let v = self.value(depth + 1)?;
                    entries.push((key, v));
                    self.skip_spaces();
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {}
                        _ => return Err(self.err("expected `,` or `}` in the inline table")),
                    }
                }
            }
            Some(_) => {
                let start = self.i;
                let rest = self.s.get(start..).unwrap_or_default();
                let len = rest
                    .iter()
                    .position(|c| matches!(c, b',' | b']' | b'}' | b'\n' | b'#' | b'\r'))
                    .unwrap_or(rest.len());
                self.i += len;
                let raw = self
                    .text
                    .get(start..self.i)
                    .ok_or_else(|| self.err("the value is not UTF-8"))?
                    .trim_matches([' ', '\t']);
                if raw.is_empty() {
                    self.i = start;
                    return Err(self.err("expected a value"));
                }
                if let Some(k) = raw.find(|c: char| !is_bare_char(c)) {
                    // Point at the character: the token starts at `start` (no leading spaces:
                    // the caller skipped them).
                    self.i = start + k;
                    let c = raw[k..].chars().next().unwrap_or(' ');
                    return Err(self.err(&format!(
                        "unexpected character {c:?} in a bare value: strings must be quoted \
                         ('...' or \"...\"), and bare values are numbers, true, false, dates \
                         or times"
                    )));
                }
                Ok(match raw {
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    _ if !is_decimal(raw) => Value::Other(Cow::Borrowed(raw)),
                    _ if raw.bytes().any(|b| b == b'_') => {
                        Value::Num(Cow::Owned(raw.replace('_', "")))
                    }
                    _ => Value::Num(Cow::Borrowed(raw)),
                })
            }
        }
    }

    /// A basic string (`"..."`, on one line) at the reading position; it ends where the
    /// tokenizer says ([`lex::string_end`]), and its escapes are read in order, so that a bad
    /// escape is reported before a missing closing quote.
    fn basic_string(&mut self) -> Result<Cow<'a, str>, TomlError> {
        let start = self.i + 1;
        let (stop, closed) = match lex::string_end(self.s, start, Quote::Basic) {
            End::Closed(end) => (end - 1, true),
            End::Open(end) => (end, false),
        };
        self.i = start;
        let mut out: Option<Vec<u8>> = None;
        while self.i < stop {
            let rest = &self.s[self.i..stop];
            let run = rest.iter().position(|&c| c == b'\\').unwrap_or(rest.len());
            if run == rest.len() && out.is_none() {
                self.i = stop;
                break;
            }
            let out = out.get_or_insert_with(|| self.s[start..self.i].to_vec());
            out.extend_from_slice(&rest[..run]);
            self.i += run;
            if self.i < stop {
                self.escape(out)?;
            }
        }
        if !closed {
            return Err(self.err("unclosed string: expected `\"`"));
        }
        self.i += 1;
        match out {
            // `"` is ASCII, so a string without escapes lies on character boundaries.
            None => self.text.get(start..stop).map(Cow::Borrowed),
            Some(out) => String::from_utf8(out).ok().map(Cow::Owned),
        }
        .ok_or_else(|| self.err("the string is not UTF-8"))
    }

    /// Reads the escape whose backslash is at the reading position into `out`.
    fn escape(&mut self, out: &mut Vec<u8>) -> Result<(), TomlError> {
        // Errors in an escape point at its backslash (the escaped byte may be a newline, past
        // the end of the line).
        let backslash = self.i;
        self.i += 1;
        let esc = self.peek().ok_or_else(|| self.err("unfinished escape"))?;
        self.i += 1;
        match esc {
            b'"' => out.push(b'"'),
            b'\\' => out.push(b'\\'),
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'u' | b'U' => {
                let n = if esc == b'u' { 4 } else { 8 };
                let hex = self.s.get(self.i..self.i + n).unwrap_or_default();
                let code = std::str::from_utf8(hex)
                    .ok()
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .and_then(char::from_u32);
                let Some(code) = code else {
                    self.i = backslash;
                    return Err(self.err("bad unicode escape"));
                };
                self.i += n;
                let mut buf = [0u8; 4];
                out.extend_from_slice(code.encode_utf8(&mut buf).as_bytes());
            }
            _ => {
                self.i = backslash;
                return Err(self.err("unknown escape in a string"));
            }
        }
        Ok(())
    }

    /// A literal string (`'...'`, on one line) at the reading position.
    fn literal_string(&mut self) -> Result<Cow<'a, str>, TomlError> {
        let start = self.i + 1;
        match lex::string_end(self.s, start, Quote::Literal) {
            End::Closed(end) => {
                self.i = end - 1;
                // `'` is ASCII, so the string lies on character boundaries.
                let s = self
                    .text
                    .get(start..self.i)
                    .ok_or_else(|| self.err("the string is not UTF-8"))?;
                self.i = end;
                Ok(Cow::Borrowed(s))
            }
            End::Open(stop) => {
                self.i = stop;
                Err(self.err("unclosed string: expected `'`"))
            }
        }
    }
}

/// The line of item `item` (from 0) of the array `key` in the first section of `text` that
/// has it, counting the text's first line as `first_line`; `None` when there is no such item.
/// For messages about one item of a long array (an action of `actions`), read only then.
pub(super) fn item_line(text: &str, first_line: usize, key: &str, item: usize) -> Option<usize> {
    let key_line = sections(text)
        .map_while(Result::ok)
        .find_map(|s| s.entries.into_iter().find(|(k, _, _)| k == key).map(|(_, _, l)| l))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // The key's line starts after the newline that ends the line before it.
    let start = match key_line.checked_sub(2) {
        None => 0,
        Some(k) => text.bytes().enumerate().filter(|&(_, b)| b == b'\n').nth(k)?.0 + 1,
    };
    let (s, line) = (text.as_bytes(), key_line);
    let mut p = Parser { stack: Vec::new(), s, text, i: start, line, line_start: start };
    p.skip_spaces();
    p.key_and_equals().ok()?;
    (p.peek()? == b'[').then_some(())?;
    p.i += 1;
    let mut k = 0;
    loop {
        p.skip_array_gap().ok()?;
        if p.peek()? == b']' {
            return None;
        }
        if k == item {
            return Some(p.line + first_line.max(1) - 1);
        }
        p.value(1).ok()?;
        p.skip_array_gap().ok()?;
        if p.peek()? == b',' {
            p.i += 1;
        }
        k += 1;
    }
}

/// The bytes of a bare key: ASCII letters, digits, `_` and `-`.
const BARE_KEY: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] = b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
        c += 1;
    }
    table
};

/// Whether a character may appear in a bare (unquoted) value: a number, `true`, `false`, or a
/// date or time such as `2009-07-01`, `00:00:09` or `1979-05-27 07:32:00.5+01:00`.
pub(super) fn is_bare_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.' | ':' | '_' | ' ')
}

/// Whether the text is a plain decimal number: optional sign, digits, optional `.digits`.
/// Underscores may stand between digits (`1_000`), as in TOML, but not at either end of a part
/// nor two in a row (`_`, `1_`, `1__0` are not numbers).
pub(super) fn is_decimal(s: &str) -> bool {
    let b = s.as_bytes();
    let b = match b.first() {
        Some(b'+' | b'-') => &b[1..],
        _ => b,
    };
    let digits = |part: &[u8]| {
        part.first().is_some_and(u8::is_ascii_digit)
            && part.last().is_some_and(u8::is_ascii_digit)
            && part.iter().all(|c| c.is_ascii_digit() || *c == b'_')
            && !part.windows(2).any(|w| w == b"__")
    };
    match b.iter().position(|&c| c == b'.') {
        None => digits(b),
        Some(dot) => digits(&b[..dot]) && digits(&b[dot + 1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn underscores_stand_only_between_digits_of_a_number() {
        for number in ["1", "-2", "+3", "1_000", "0.50", "1_0.2_5"] {
            assert!(is_decimal(number), "{number}");
        }
        for other in ["_", "1_", "_1", "1__0", "1._5", "1.", ".5", "-", "", "1.2.3", "--1"] {
            assert!(!is_decimal(other), "{other}");
        }
        let doc = parse("y = [_]\n").unwrap();
        assert_eq!(doc[0].get("y"), Some(&Value::Array(vec![Value::Other("_".into())])));
    }

    #[test]
    fn an_escape_error_points_at_its_backslash_inside_the_line() {
        let e = parse("a = 1\nb = \"a\\\n\"\n").unwrap_err();
        assert_eq!((e.line, e.column, e.message.as_str()), (2, 7, "unknown escape in a string"));
        let e = parse("b = \"x\\uZZZZ\"\n").unwrap_err();
        assert_eq!((e.line, e.column, e.message.as_str()), (1, 7, "bad unicode escape"));
    }

    #[test]
    fn reads_keys_arrays_comments_and_sections() {
        let doc = "a = 'x' # c\nb = [1, 0.50,\n # note\n -2,]\n[1]\nt = {amount = 3, players = [1]}\nz = 00:00:09\n";
        let s = parse(doc).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].get("a"), Some(&Value::Str("x".into())));
        assert_eq!(
            s[0].get("b"),
            Some(&Value::Array(vec![
                Value::Num("1".into()),
                Value::Num("0.50".into()),
                Value::Num("-2".into())
            ]))
        );
        assert_eq!(s[1].header.as_deref(), Some("1"));
        assert!(matches!(s[1].get("t"), Some(Value::Table(t)) if t.len() == 2));
        assert_eq!(s[1].get("z"), Some(&Value::Other("00:00:09".into())));
    }

    #[test]
    fn reports_line_of_errors() {
        let e = parse("a = 1\nb = [1, 2\n").unwrap_err();
        assert_eq!(e.line, 3);
        let e = parse("a = \"x\\q\"").unwrap_err();
        assert!(e.message.contains("escape"));
        assert!(parse("a = 1\na = 2").unwrap_err().message.contains("twice"));
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let s = parse("\u{feff}a = 'x'\n[1]\nb = 2\n").unwrap();
        assert_eq!(s[0].get("a"), Some(&Value::Str("x".into())));
        let s = parse("\u{feff}[1]\nb = 2\n").unwrap();
        assert_eq!(s[1].header.as_deref(), Some("1"));
        // Columns still count from the first character after the mark.
        let e = parse("\u{feff}ab ? 1").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.message.as_str()),
            (1, 4, "expected `=` after the key `ab`")
        );
        // Only at the start: elsewhere it is not a key.
        assert!(parse("a = 1\n\u{feff}b = 2").is_err());
    }
}
