//! One hand's XML element read as a stream of tags by quick-xml's pull parser, for the XML
//! readers (iPoker, Merge, Microgaming, Everest): no tree is built. Each start tag comes with
//! its attributes (entities resolved, borrowed from the text when none needs it) and its line;
//! each end tag and each run of text follow in the order written. What is not well-formed
//! (an unclosed tag, a bad entity, an end tag that does not match, a text that stops) is an
//! [`XmlError`] giving its line and column.

use std::borrow::Cow;

use quick_xml::errors::{IllFormedError, SyntaxError};
use quick_xml::events::attributes::{AttrError, Attribute, Attributes};
use quick_xml::events::{BytesStart, Event};
use quick_xml::name::QName;
use quick_xml::{Reader, XmlVersion};

/// The most elements open at once: the formats nest four or five deep.
const MAX_DEPTH: usize = 64;

/// What is not well-formed, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct XmlError {
    /// The line, counted as the text's first line is given.
    pub line: usize,
    /// The column on the line, from 1 (in characters).
    pub column: usize,
    /// What was expected.
    pub why: String,
}

impl XmlError {
    /// `line 12, column 7`.
    pub fn at(&self) -> String {
        format!("line {}, column {}", self.line, self.column)
    }
}

/// A start tag: its name, attributes and line.
#[derive(Debug, Default)]
pub(super) struct Tag<'a> {
    /// The element's name (`round`).
    pub name: &'a str,
    /// Its attributes, in the order written.
    pub attrs: Vec<(&'a str, Cow<'a, str>)>,
    /// The line its `<` is on.
    pub line: usize,
    /// How deep it is: 1 for the outermost element, 2 for one inside it, ...
    pub depth: usize,
    /// The name of the element it is in (empty for the outermost).
    pub parent: &'a str,
}

impl<'a> Tag<'a> {
    /// The value of attribute `name`, if written.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.as_ref())
    }
}

/// What the text gives next.
#[derive(Debug)]
pub(super) enum Item<'t, 'a> {
    /// A start tag (an empty element, `<action/>`, is a start tag then its end).
    Open(&'t Tag<'a>),
    /// An end tag, with the element's name.
    Close(&'a str),
    /// A run of text between tags, entities resolved.
    Text(Cow<'a, str>),
}

/// The tags of one element's text, in order.
pub(super) struct Pull<'a> {
    reader: Reader<&'a [u8]>,
    text: &'a str,
    /// The line of the text's first byte.
    first: usize,
    /// Lines counted up to byte `counted`: `line` is the line there.
    counted: usize,
    line: usize,
    /// The tag last opened (its attributes' storage reused).
    tag: Tag<'a>,
    /// The names of the elements open, outermost first.
    open: Vec<&'a str>,
    /// An event read past a run of text, to give next.
    pending: Option<(usize, Event<'a>)>,
    /// Whether the outermost element has closed.
    done: bool,
    /// Whether the element last opened was empty (`<action/>`): its end comes next.
    empty: bool,
    /// Whether the tags are read by [`Pull::fast`]'s own scan rather than by quick-xml.
    fast: bool,
    /// The byte the scan has read up to (in the fast reading).
    at: usize,
    /// Whether the fast reading met what it does not read (see [`Pull::fast`]).
    gave_up: bool,
}

impl<'a> Pull<'a> {
    /// The tags of `text`, whose first byte is on line `first`.
    pub fn new(text: &'a str, first: usize) -> Pull<'a> {
        let mut reader = Reader::from_str(text);
        let config = reader.config_mut();
        config.check_end_names = true;
        // Blanks between tags make no event; a text is read from the text itself
        // ([`Pull::text_run`]), so this trims nothing from it.
        config.trim_text(true);
        Pull {
            reader,
            text,
            first,
            counted: 0,
            line: first,
            tag: Tag { attrs: Vec::with_capacity(16), ..Tag::default() },
            open: Vec::with_capacity(8),
            pending: None,
            done: false,
            empty: false,
            fast: false,
            at: 0,
            gave_up: false,
        }
    }

    /// As [`Pull::new`], the tags read by a scan of the text's bytes that reads only the
    /// plainest XML: start tags whose names and attributes' names are letters, digits and
    /// `_:.-`, each attribute `name="value"` (or in `'`) after a blank, with no `<`, `>`, `&`,
    /// tab or line end in the value; end tags that close the element open; text without `&` or
    /// a carriage return. It gives up at anything else (a comment, an entity, any error), and
    /// the element is then read again by quick-xml ([`read_element_fast`]), which tells what
    /// is wrong: what the scan reads, quick-xml reads the same, tag for tag.
    pub fn fast(text: &'a str, first: usize) -> Pull<'a> {
        Pull { fast: true, ..Pull::new(text, first) }
    }

    /// Whether the fast reading gave up (see [`Pull::fast`]).
    pub fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// The fast reading's error: it gives up, the element to be read again by quick-xml.
    fn give_up(&mut self) -> XmlError {
        self.gave_up = true;
        self.done = true;
        XmlError { line: self.line, column: 0, why: "read again".into() }
    }

    /// [`Pull::next`] by the fast scan (see [`Pull::fast`]).
    fn next_fast(&mut self) -> Result<Option<Item<'_, 'a>>, XmlError> {
        let text = self.text;
        let b = text.as_bytes();
        let from = self.at;
        let Some(lt) = memchr::memchr(b'<', b.get(from..).unwrap_or_default()).map(|k| from + k)
        else {
            // The text ends: well-formed only when no element was opened.
            let blank = b[from..].iter().all(|&c| is_blank(c));
            if self.open.is_empty() && self.tag.depth == 0 && blank {
                self.done = true;
                return Ok(None);
            }
            return Err(self.give_up());
        };
        let run = &b[from..lt];
        if !run.iter().all(|&c| is_blank(c)) {
            if self.open.is_empty() || run.iter().any(|&c| c == b'&' || c == b'\r') {
                return Err(self.give_up());
            }
            self.at = lt;
            return Ok(Some(Item::Text(Cow::Borrowed(&text[from..lt]))));
        }
        match b.get(lt + 1) {
            Some(b'/') => {
                let name_end = lt + 2 + name_len(&b[lt + 2..]);
                let mut k = name_end;
                while b.get(k).is_some_and(|&c| is_blank(c)) {
                    k += 1;
                }
                let name = &text[lt + 2..name_end];
                if b.get(k) != Some(&b'>') || self.open.last() != Some(&name) {
                    return Err(self.give_up());
                }
                self.at = k + 1;
                Ok(Some(self.close()))
            }
            Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {
                if self.open.len() >= MAX_DEPTH || (self.open.is_empty() && self.tag.depth != 0) {
                    return Err(self.give_up());
                }
                let name_end = lt + 1 + name_len(&b[lt + 1..]);
                let mut k = name_end;
                self.tag.name = &text[lt + 1..name_end];
                self.tag.attrs.clear();
                let empty = loop {
                    let blank = k;
                    while b.get(k).is_some_and(|&c| is_blank(c)) {
                        k += 1;
                    }
                    match b.get(k) {
                        Some(b'>') => break false,
                        Some(b'/') if b.get(k + 1) == Some(&b'>') => {
                            k += 1;
                            break true;
                        }
                        _ => {}
                    }
                    let key_end = k + name_len(&b[k..]);
                    if k == blank || key_end == k || b.get(key_end) != Some(&b'=') {
                        return Err(self.give_up());
                    }
                    let quote = match b.get(key_end + 1) {
                        Some(&q @ (b'"' | b'\'')) => q,
                        _ => return Err(self.give_up()),
                    };
                    let v = key_end + 2;
                    // The value runs to its quote; a byte the scan does not read stops it first.
                    let stop = |c: &u8| *c == quote || ODD[usize::from(*c)];
                    let Some(mut len) = b[v..].iter().position(stop) else {
                        return Err(self.give_up());
                    };
                    let plain = b[v + len] == quote;
                    if !plain {
                        // An entity, a tab or a line end: the value is resolved as quick-xml does.
                        let end = |c: &u8| matches!(*c, b'<' | b'>') || *c == quote;
                        match b[v..].iter().position(end) {
                            Some(n) if b[v + n] == quote => len = n,
                            _ => return Err(self.give_up()),
                        }
                    }
                    let key = &text[k..key_end];
                    if self.tag.attrs.iter().any(|(x, _)| *x == key) {
                        return Err(self.give_up());
                    }
                    let raw = &text[v..v + len];
                    let value = if plain {
                        Cow::Borrowed(raw)
                    } else {
                        let a = Attribute { key: QName(key), value: Cow::Borrowed(raw) };
                        match a.normalized_value(XmlVersion::Implicit1_0) {
                            Ok(v) => v,
                            Err(_) => return Err(self.give_up()),
                        }
                    };
                    self.tag.attrs.push((key, value));
                    k = v + len + 1;
                };
                self.at = k + 1;
                self.tag.line = self.line_of(lt);
                self.tag.parent = self.open.last().copied().unwrap_or_default();
                self.open.push(self.tag.name);
                self.tag.depth = self.open.len();
                self.empty = empty;
                Ok(Some(Item::Open(&self.tag)))
            }
            _ => Err(self.give_up()),
        }
    }

    /// The line of byte `pos` (counted from the last asked, when after it).
    pub fn line_of(&mut self, pos: usize) -> usize {
        let pos = pos.min(self.text.len());
        if pos < self.counted {
            self.counted = 0;
            self.line = self.first;
        }
        // A short run (from the last tag to this one): counted a word at a time.
        let n = line_ends(&self.text.as_bytes()[self.counted..pos]);
        self.line = self.line.saturating_add(n);
        self.counted = pos;
        self.line
    }

    /// The error `why` at byte `pos`.
    fn error(&mut self, pos: usize, why: String) -> XmlError {
        let pos = pos.min(self.text.len());
        let line = self.line_of(pos);
        let start = memchr::memrchr(b'\n', &self.text.as_bytes()[..pos]).map_or(0, |k| k + 1);
        let column = self.text.get(start..pos).map_or(pos - start, |s| s.chars().count()) + 1;
        XmlError { line, column, why }
    }

    /// The next event of quick-xml's, with the byte it starts at.
    fn event(&mut self) -> Result<(usize, Event<'a>), XmlError> {
        if let Some(e) = self.pending.take() {
            return Ok(e);
        }
        let start = usize::try_from(self.reader.buffer_position()).unwrap_or(usize::MAX);
        match self.reader.read_event() {
            Ok(e) => Ok((start, e)),
            Err(e) => {
                let pos = usize::try_from(self.reader.error_position()).unwrap_or(usize::MAX);
                // An end tag without its `>` runs on to the next tag's: told at that `<`.
                if let quick_xml::Error::IllFormed(IllFormedError::MismatchedEndTag {
                    found, ..
                }) = &e
                    && let Some(k) = found.find('<')
                {
                    let why = format!(
                        "the end tag `</{}` is not closed (expected `>` before the next `<`)",
                        found[..k].trim_end()
                    );
                    return Err(self.error(pos.saturating_add(2 + k), why));
                }
                Err(self.error(pos, describe(&e)))
            }
        }
    }

    /// The next tag or text; `None` once the outermost element has closed (or the text ends).
    pub fn next(&mut self) -> Result<Option<Item<'_, 'a>>, XmlError> {
        loop {
            if self.done {
                return Ok(None);
            }
            if self.empty {
                self.empty = false;
                return Ok(Some(self.close()));
            }
            if self.fast {
                return self.next_fast();
            }
            let (start, event) = self.event()?;
            match event {
                Event::Start(t) => return self.open_tag(start, t, false).map(Some),
                Event::Empty(t) => return self.open_tag(start, t, true).map(Some),
                // quick-xml checks that the end tag's name is the open element's.
                Event::End(_) => return Ok(Some(self.close())),
                Event::Text(_) | Event::CData(_) | Event::GeneralRef(_) => {
                    let text = self.text_run(start)?;
                    return Ok(Some(Item::Text(text)));
                }
                Event::Eof => {
                    if let Some(name) = self.open.last() {
                        let why = format!(
                            "the text stops before `<{name}>` is closed (expected `</{name}>`)"
                        );
                        return Err(self.error(self.text.len(), why));
                    }
                    self.done = true;
                    return Ok(None);
                }
                Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
            }
        }
    }

    /// The start tag `t` (at byte `start`; `empty` for `<action/>`), as read.
    fn open_tag(
        &mut self,
        start: usize,
        t: BytesStart<'a>,
        empty: bool,
    ) -> Result<Item<'_, 'a>, XmlError> {
        if self.open.len() >= MAX_DEPTH {
            return Err(self.error(start, format!("more than {MAX_DEPTH} elements open at once")));
        }
        self.read_tag(start, t)?;
        self.tag.parent = self.open.last().copied().unwrap_or_default();
        self.open.push(self.tag.name);
        self.tag.depth = self.open.len();
        self.empty = empty;
        Ok(Item::Open(&self.tag))
    }

    /// The end of the element open innermost.
    fn close(&mut self) -> Item<'_, 'a> {
        let name = self.open.pop().unwrap_or_default();
        self.done = self.open.is_empty();
        Item::Close(name)
    }

    /// The byte quick-xml has read up to.
    fn position(&self) -> usize {
        usize::try_from(self.reader.buffer_position()).unwrap_or(usize::MAX).min(self.text.len())
    }

    /// The run of text (entities, character data and comments among it) whose first event was
    /// just read, from byte `start`: read from the text as written, entities resolved, line
    /// ends made `\n`, character data kept as written and comments left out.
    fn text_run(&mut self, start: usize) -> Result<Cow<'a, str>, XmlError> {
        let mut end = self.position();
        let mut marked = false;
        loop {
            let (at, event) = self.event()?;
            match event {
                Event::Text(_) | Event::GeneralRef(_) => end = self.position(),
                Event::CData(_) | Event::Comment(_) => {
                    end = self.position();
                    marked = true;
                }
                other => {
                    self.pending = Some((at, other));
                    break;
                }
            }
        }
        let raw = self.text.get(start..end).unwrap_or_default();
        let mut text =
            if marked { Cow::Owned(self.unmark(start, raw)?) } else { self.unescape(start, raw)? };
        if text.contains('\r') {
            text = Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"));
        }
        Ok(text)
    }

    /// `raw` (at byte `start`) with its entities resolved.
    fn unescape(&mut self, start: usize, raw: &'a str) -> Result<Cow<'a, str>, XmlError> {
        quick_xml::escape::unescape(raw).map_err(|e| {
            use quick_xml::escape::EscapeError;
            let (at, why) = match e {
                EscapeError::UnrecognizedEntity(r, name) => (
                    r.start,
                    format!(
                        "`&{name};` is not an entity XML knows (expected `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` or a character's number)"
                    ),
                ),
                EscapeError::UnterminatedEntity(r) => {
                    (r.start, "expected `;` after an entity's name".into())
                }
                other => (0, other.to_string()),
            };
            self.error(start.saturating_add(at), why)
        })
    }

    /// `raw` (at byte `start`), holding character data or comments: the data kept as written,
    /// the comments left out, the rest's entities resolved.
    fn unmark(&mut self, start: usize, raw: &'a str) -> Result<String, XmlError> {
        let mut out = String::with_capacity(raw.len());
        let mut at = 0;
        while at < raw.len() {
            let rest = &raw[at..];
            let next = rest.find('<').unwrap_or(rest.len());
            out.push_str(&self.unescape(start + at, &rest[..next])?);
            let rest = &rest[next..];
            let (keep, close, open) = if rest.starts_with("<![CDATA[") {
                (true, "]]>", 9)
            } else if rest.starts_with("<!--") {
                (false, "-->", 4)
            } else {
                at += next + rest.len().min(1);
                continue;
            };
            let body = rest[open..].find(close).map_or(rest.len() - open, |k| k);
            if keep {
                out.push_str(&rest[open..open + body]);
            }
            at += next + (open + body + close.len()).min(rest.len());
        }
        Ok(out)
    }

    /// Reads the start tag `t` (at byte `start`) into `self.tag`.
    fn read_tag(&mut self, start: usize, t: BytesStart<'a>) -> Result<(), XmlError> {
        // Blanks before it made no event: the tag opens at the first `<` from `start`.
        let bytes = self.text.as_bytes();
        let start =
            start + bytes.get(start..).and_then(|b| b.iter().position(|&c| c == b'<')).unwrap_or(0);
        // The tag's text between `<` and `>` (or `/>`), lent by the text itself.
        let raw = start
            .checked_add(1)
            .and_then(|from| self.text.get(from..from.checked_add(t.len())?))
            .unwrap_or_default();
        // A tag without its `>` runs on to the next tag's: told at that `<`.
        if let Some(k) = memchr::memchr(b'<', raw.as_bytes()) {
            let name = raw.split(|c: char| c.is_ascii_whitespace()).next().unwrap_or_default();
            let why = format!(
                "the tag `<{name}` is not closed (expected `>` or `/>` before the next `<`)"
            );
            return Err(self.error(start + 1 + k, why));
        }
        let name_len =
            raw.bytes().position(|b| b.is_ascii_whitespace() || b == b'/').unwrap_or(raw.len());
        self.tag.name = &raw[..name_len];
        self.tag.attrs.clear();
        let mut attributes = Attributes::new(raw, name_len);
        attributes.with_checks(false);
        for a in attributes {
            let a = match a {
                Ok(a) => a,
                Err(e) => {
                    let (at, why) = attribute_error(&e);
                    return Err(self.error(start + 1 + at, why));
                }
            };
            let key = a.key.into_inner();
            // Names of another length or first letter differ without a comparison of bytes.
            let same = |k: &&str| {
                k.len() == key.len() && k.as_bytes().first() == key.as_bytes().first() && *k == key
            };
            if self.tag.attrs.iter().any(|(k, _)| same(k)) {
                return Err(self.error(
                    start,
                    format!(
                        "`{key}` is given twice in `<{}>` (expected each attribute once)",
                        self.tag.name
                    ),
                ));
            }
            // Most values hold no entity and no tab or line end: lent as written.
            let plain = !a.value.bytes().any(|b| matches!(b, b'&' | b'\t' | b'\r' | b'\n'));
            let value = if plain {
                a.value
            } else {
                match a.normalized_value(XmlVersion::Implicit1_0) {
                    Ok(v) => v,
                    Err(e) => {
                        return Err(self.error(
                            start,
                            format!("the value of `{key}` cannot be read: {}", describe(&e)),
                        ))
                    }
                }
            };
            self.tag.attrs.push((key, value));
        }
        self.tag.line = self.line_of(start);
        Ok(())
    }
}

/// What stops a hand's element being read: its XML, or a fact in it (with its line).
#[derive(Debug)]
pub(super) enum Wrong {
    Xml(XmlError),
    Fact(String),
}

impl From<XmlError> for Wrong {
    fn from(e: XmlError) -> Wrong {
        Wrong::Xml(e)
    }
}

impl From<String> for Wrong {
    fn from(why: String) -> Wrong {
        Wrong::Fact(why)
    }
}

/// Reads the element `text` (starting at `line`, named `what` in messages, as in "`<game>`")
/// with `read`. What is wrong says its line: an XML error anywhere in the element is told
/// before a fact found wrong earlier, as when the whole element was parsed first.
pub(super) fn read_element<'a, T>(
    text: &'a str,
    line: usize,
    what: &str,
    read: impl FnOnce(&mut Pull<'a>) -> Result<T, Wrong>,
) -> Result<T, String> {
    let mut pull = Pull::new(text, line);
    let not_well_formed =
        |e: XmlError| format!("{}: the {what} element is not well-formed XML: {}", e.at(), e.why);
    match read(&mut pull) {
        Ok(t) => Ok(t),
        Err(Wrong::Xml(e)) => Err(not_well_formed(e)),
        Err(Wrong::Fact(why)) => loop {
            match pull.next() {
                Ok(Some(_)) => {}
                Ok(None) => return Err(why),
                Err(e) => return Err(not_well_formed(e)),
            }
        },
    }
}

/// As [`read_element`], by [`Pull::fast`] first: `read` builds what it reads afresh each time
/// it is called, as it is called again, on quick-xml's reading, when the fast reading gives up.
pub(super) fn read_element_fast<'a, T>(
    text: &'a str,
    line: usize,
    what: &str,
    mut read: impl FnMut(&mut Pull<'a>) -> Result<T, Wrong>,
) -> Result<T, String> {
    let mut pull = Pull::fast(text, line);
    match read(&mut pull) {
        Ok(t) if !pull.gave_up => return Ok(t),
        Err(Wrong::Fact(why)) if !pull.gave_up => {
            // The fact is told when the rest of the element is well-formed.
            while let Ok(Some(_)) = pull.next() {}
            if !pull.gave_up {
                return Err(why);
            }
        }
        _ => {}
    }
    read_element(text, line, what, read)
}

/// How many `\n` bytes `b` holds, counted eight at a time: in each word, a byte is `\n` when
/// it is zero once `\n` is taken away by exclusive or (a byte's high bit after adding 0x7f to
/// its low seven bits says it is not zero).
fn line_ends(b: &[u8]) -> usize {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const NL: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    let mut words = b.chunks_exact(8);
    let mut n = 0;
    for w in &mut words {
        let x = u64::from_le_bytes(<[u8; 8]>::try_from(w).unwrap_or_default()) ^ NL;
        let nonzero = ((x & LOW) + LOW) | x;
        n += (!nonzero & !LOW).count_ones() as usize;
    }
    n + words.remainder().iter().filter(|&&c| c == b'\n').count()
}

/// A blank between XML's tags, as quick-xml takes it.
pub(super) fn is_blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

/// How many bytes `b` starts with that [`Pull::fast`] reads in a name.
pub(super) fn name_len(b: &[u8]) -> usize {
    b.iter().position(|&c| !NAME[usize::from(c)]).unwrap_or(b.len())
}

/// The bytes of a name [`Pull::fast`] reads: letters, digits and `_:.-`.
static NAME: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'_' | b':' | b'.' | b'-');
        c += 1;
    }
    t
};

/// The bytes that stop [`Pull::fast`]'s first look at an attribute's value: `<` and `>`, which
/// it does not read there, and `&`, a tab or a line end, which quick-xml's reading of the
/// value resolves.
static ODD: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = matches!(c as u8, b'<' | b'>' | b'&' | b'\t' | b'\r' | b'\n');
        c += 1;
    }
    t
};

/// Where an attribute's error is in its tag (past the `<`), and what was expected.
fn attribute_error(e: &AttrError) -> (usize, String) {
    match *e {
        AttrError::ExpectedEq(at) => (at, "expected `=` after an attribute's name".into()),
        AttrError::ExpectedValue(at) => (at, "expected a quoted value after `=`".into()),
        AttrError::UnquotedValue(at) => (at, "expected an attribute's value in quotes".into()),
        AttrError::ExpectedQuote(at, q) => {
            (at, format!("expected the closing `{}` of an attribute's value", q as char))
        }
        AttrError::Duplicated(at, _) => (at, "an attribute is given twice".into()),
    }
}

/// quick-xml's error, in words.
fn describe(e: &quick_xml::Error) -> String {
    match e {
        quick_xml::Error::Syntax(SyntaxError::UnclosedTag) => {
            "the text stops inside a tag (expected its `>`)".into()
        }
        quick_xml::Error::IllFormed(IllFormedError::MismatchedEndTag { expected, found }) => {
            format!("`</{found}>` closes `<{expected}>` (expected `</{expected}>`)")
        }
        quick_xml::Error::IllFormed(IllFormedError::UnmatchedEndTag(name)) => {
            format!("`</{name}>` closes no open element")
        }
        quick_xml::Error::InvalidAttr(a) => attribute_error(a).1,
        quick_xml::Error::Escape(quick_xml::escape::EscapeError::UnrecognizedEntity(_, name)) => {
            format!("`&{name};` is not an entity XML knows (expected `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` or a character's number)")
        }
        quick_xml::Error::Escape(quick_xml::escape::EscapeError::UnterminatedEntity(_)) => {
            "expected `;` after an entity's name".into()
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each item as a short word: `<name a=v>`, `</name>`, `"text"`, with the lines of tags.
    fn items(text: &str) -> Result<Vec<String>, XmlError> {
        let mut pull = Pull::new(text, 10);
        let mut out = Vec::new();
        while let Some(item) = pull.next()? {
            out.push(match item {
                Item::Open(t) => {
                    let attrs: Vec<String> =
                        t.attrs.iter().map(|(k, v)| format!(" {k}={v}")).collect();
                    format!("{}:<{}{}>", t.line, t.name, attrs.concat())
                }
                Item::Close(n) => format!("</{n}>"),
                Item::Text(t) => format!("{t:?}"),
            });
        }
        Ok(out)
    }

    #[test]
    fn line_ends_are_counted_in_every_position_of_a_word() {
        let text: Vec<u8> = (0..300u32)
            .map(|i| if i % 7 == 0 || i % 11 == 3 { b'\n' } else { (i % 250) as u8 + 1 })
            .collect();
        for from in 0..20 {
            let b = &text[from..];
            assert_eq!(line_ends(b), b.iter().filter(|&&c| c == b'\n').count());
        }
        assert_eq!(line_ends(&[0x8a; 16]), 0);
        assert_eq!(line_ends(b"\n\n\n\n\n\n\n\n\n"), 9);
    }

    #[test]
    fn the_fast_reading_gives_the_tags_quick_xml_gives_or_gives_up() {
        let read = |text: &str, fast: bool| {
            let mut pull = if fast { Pull::fast(text, 3) } else { Pull::new(text, 3) };
            let mut out = Vec::new();
            while let Ok(Some(item)) = pull.next() {
                out.push(match item {
                    Item::Open(t) => format!("{}:{}:{}:{:?}", t.line, t.depth, t.parent, t.attrs),
                    Item::Close(n) => format!("</{n}>"),
                    Item::Text(t) => format!("{t:?}"),
                });
            }
            (out, pull.gave_up())
        };
        let plain = "<game id=\"1\" n='O\"B'>\n\t<p a=\"x y\" b='2'/>\n <c>HA DA</c >\n</game>";
        let (fast, gave_up) = read(plain, true);
        assert!(!gave_up);
        assert_eq!(fast, read(plain, false).0);
        assert_eq!(fast.len(), 7, "{fast:?}");
        let entity = "<game a=\"x&amp;y\" b=\"1\t2\"/>";
        assert_eq!(read(entity, true), (read(entity, false).0, false));
        for odd in [
            "<game a=\"x&bad;y\"/>",
            "<game><!-- c --></game>",
            "<game>a &lt; b</game>",
            "<game a=\"1\"b=\"2\"/>",
            "<game a=\"1\" a=\"2\"/>",
            "<game a=1/>",
            "<game></gam>",
            "<game>",
            "<?xml version=\"1.0\"?><game/>",
            "<game a=\"x>y\"/>",
        ] {
            assert!(read(odd, true).1, "{odd}");
        }
    }

    #[test]
    fn tags_come_in_order_with_their_lines_and_entities_resolved() {
        let got =
            items("<game id=\"1\">\n<p n='A &amp; B'/>x&lt;y<![CDATA[<z>]]>\n</game>").unwrap();
        assert_eq!(got, ["10:<game id=1>", "11:<p n=A & B>", "</p>", "\"x<y<z>\"", "</game>"]);
    }

    #[test]
    fn what_is_not_well_formed_says_its_line_and_column() {
        let e = items("<game>\n<p n=\"1\">\n</game>").unwrap_err();
        assert_eq!((e.line, e.column), (12, 1), "{e:?}");
        assert!(e.why.contains("`</game>` closes `<p>`"), "{e:?}");
        let e = items("<game>\n<p n=></p></game>").unwrap_err();
        assert_eq!((e.line, e.column), (11, 6), "{e:?}");
        let e = items("<game>\n<p n=\"&bad;\"/></game>").unwrap_err();
        assert_eq!(e.line, 11, "{e:?}");
        assert!(e.why.contains("`&bad;` is not an entity XML knows"), "{e:?}");
        let e = items("<game>\n<p n=\"a & b\"/></game>").unwrap_err();
        assert!(e.why.contains("expected `;` after an entity's name"), "{e:?}");
        let e = items("<game>\n<p>&nope;</p></game>").unwrap_err();
        assert!(e.why.contains("`&nope;` is not an entity"), "{e:?}");
        let e = items("<game>\n<p n=\"1\" n=\"2\"/></game>").unwrap_err();
        assert!(e.why.contains("`n` is given twice"), "{e:?}");
        let e = items("<game>\n<p>").unwrap_err();
        assert!(e.why.contains("the text stops before `<p>` is closed"), "{e:?}");
        let e = items("<game>\n<p n=\"1").unwrap_err();
        assert_eq!(e.line, 11, "{e:?}");
        let e = items("<game>\n<p n=\"1\"\n  <q/></p></game>").unwrap_err();
        assert_eq!((e.line, e.column), (12, 3), "{e:?}");
        assert!(e.why.contains("the tag `<p` is not closed"), "{e:?}");
        let e = items("<game>\n<p></p\n <q/></game>").unwrap_err();
        assert_eq!((e.line, e.column), (12, 2), "{e:?}");
        assert!(e.why.contains("the end tag `</p` is not closed"), "{e:?}");
        // A huge attribute is read whole, lent from the text; one that never closes is told.
        let huge = "x".repeat(200_000);
        let got = items(&format!("<game>\n<p n=\"{huge}\"/></game>")).unwrap();
        assert_eq!(got[1].len(), "11:<p n=>".len() + huge.len());
        let e = items(&format!("<game>\n<p n=\"{huge}")).unwrap_err();
        assert_eq!(e.line, 11, "{e:?}");
        let deep = "<a>".repeat(100);
        assert!(items(&deep).unwrap_err().why.contains("elements open at once"));
    }
}
