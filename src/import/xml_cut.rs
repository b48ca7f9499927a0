//! Cutting a stream of XML hand histories into hands as it is read, for the sites that write
//! a hand as one element (`<game>`) after a header element that holds for the hands after it
//! (Merge's `<description .../>`). One hand is held at a time whatever the file's size; each
//! hand keeps the start tag of the header before it.

use std::io::BufRead;
use std::sync::Arc;

use super::format::{HandSplit, SiteHand};
use super::ipoker::attribute;
use crate::phh::record::RecordError;
use crate::phh::write::write_record;
use crate::record::{HandRecord, SiteText, Unreplayable, Value};

/// The tags a format is cut by.
pub(super) struct Tags {
    /// The header's tag, `b"description"`, if the format has one: its start tag is kept for
    /// the hands after it.
    pub header: Option<&'static [u8]>,
    /// The hand's tag, `b"game"`.
    pub hand: &'static [u8],
    /// The hand's end tag, `b"</game>"`.
    pub close: &'static [u8],
}

/// The most bytes one hand's element may run to: a hand is a few kilobytes.
pub(super) const MAX_HAND: usize = 1 << 20;

/// The most bytes a header's start tag may run to.
const MAX_HEADER: usize = 64 * 1024;

/// A header's start tag, as written (empty before any).
#[derive(Debug, Default)]
pub(super) struct Header {
    pub tag: Box<[u8]>,
}

/// One hand's element as cut from the stream.
#[derive(Debug)]
pub(super) struct Cut {
    /// The line the element starts on.
    pub line: usize,
    /// The element's bytes, as written.
    pub text: Box<[u8]>,
    /// The header before it.
    pub header: Arc<Header>,
    /// Whether the text stops before the element's end tag.
    pub cut: bool,
}

/// Whether a byte ends a tag's name (`<game` then a space, `>` or `/`).
pub(super) fn tag_end(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b'>' || b == b'/'
}

/// Whether `rest` starts with the tag `<name` (the name then a space, `>` or `/`).
pub(super) fn opens(rest: &[u8], name: &[u8]) -> bool {
    rest.strip_prefix(b"<")
        .and_then(|r| r.strip_prefix(name))
        .is_some_and(|r| r.first().is_none_or(|&b| tag_end(b)))
}

/// The first bytes of a text past blanks and an `<?xml ...?>` declaration.
pub(super) fn past_declaration(head: &[u8]) -> &[u8] {
    let mut rest = head.trim_ascii_start();
    if rest.starts_with(b"<?xml")
        && let Some(end) = memchr::memmem::find(rest, b"?>")
    {
        rest = rest[end + 2..].trim_ascii_start();
    }
    rest
}

/// The hands of a stream as it is read.
pub(super) struct Hands<R> {
    input: R,
    tags: &'static Tags,
    /// Bytes read and not yet given out; `buf[at..]` is still to look at.
    buf: Vec<u8>,
    at: usize,
    /// The line of `buf[at]`, from 1.
    line: usize,
    eof: bool,
    header: Arc<Header>,
}

impl<R: BufRead> Hands<R> {
    pub(super) fn new(input: R, tags: &'static Tags) -> Self {
        Hands {
            input,
            tags,
            buf: Vec::with_capacity(64 * 1024),
            at: 0,
            line: 1,
            eof: false,
            header: Arc::new(Header::default()),
        }
    }

    /// Reads more of the input into `buf` (dropping what was given out); false at its end.
    fn fill(&mut self) -> std::io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        if self.at > 0 && self.at >= self.buf.len() / 2 {
            self.buf.drain(..self.at);
            self.at = 0;
        }
        let chunk = self.input.fill_buf()?;
        if chunk.is_empty() {
            self.eof = true;
            return Ok(false);
        }
        let n = chunk.len();
        self.buf.extend_from_slice(chunk);
        self.input.consume(n);
        Ok(true)
    }

    /// Moves past `n` bytes of `buf[at..]`, counting their lines.
    fn advance(&mut self, n: usize) {
        let end = (self.at + n).min(self.buf.len());
        self.line += memchr::memchr_iter(b'\n', &self.buf[self.at..end]).count();
        self.at = end;
    }

    /// The next header or hand tag in `buf[at..]`: its offset from `at`, and whether it opens
    /// a hand. A `<` too near the end to tell is left for the next read.
    fn next_tag(&self) -> Option<(usize, bool)> {
        let rest = &self.buf[self.at..];
        let longest = self.tags.hand.len().max(self.tags.header.map_or(0, <[u8]>::len)) + 2;
        for k in memchr::memchr_iter(b'<', rest) {
            if !self.eof && rest.len() - k < longest {
                return None;
            }
            if opens(&rest[k..], self.tags.hand) {
                return Some((k, true));
            }
            if self.tags.header.is_some_and(|h| opens(&rest[k..], h)) {
                return Some((k, false));
            }
        }
        None
    }

    /// The offset from `at` past `close`, reading more input as needed; `None` at the input's
    /// end or past `most` bytes.
    fn end_of(&mut self, close: &[u8], most: usize) -> std::io::Result<Option<usize>> {
        let mut from = 0;
        loop {
            let rest = &self.buf[self.at..];
            if let Some(k) = memchr::memmem::find(&rest[from..], close) {
                return Ok(Some(from + k + close.len()));
            }
            if rest.len() > most {
                return Ok(None);
            }
            from = rest.len().saturating_sub(close.len());
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    fn next_hand(&mut self) -> std::io::Result<Option<Cut>> {
        loop {
            let Some((k, hand)) = self.next_tag() else {
                // Keep a few bytes: a tag may be cut by the read.
                let keep = self.buf.len().saturating_sub(self.at).min(32);
                let skip = self.buf.len() - self.at - keep;
                self.advance(skip);
                if !self.fill()? {
                    return Ok(None);
                }
                continue;
            };
            self.advance(k);
            if !hand {
                let end = self.end_of(b">", MAX_HEADER)?;
                let n = end.unwrap_or((self.buf.len() - self.at).min(MAX_HEADER));
                let tag = self.buf[self.at..self.at + n].into();
                self.header = Arc::new(Header { tag });
                self.advance(n.max(1));
                continue;
            }
            let line = self.line;
            let end = self.end_of(self.tags.close, MAX_HAND)?;
            let cut = end.is_none();
            let n = end.unwrap_or((self.buf.len() - self.at).min(MAX_HAND));
            let text: Box<[u8]> = self.buf[self.at..self.at + n].into();
            self.advance(n.max(1));
            return Ok(Some(Cut { line, text, header: Arc::clone(&self.header), cut }));
        }
    }
}

impl<R: BufRead> Iterator for Hands<R> {
    type Item = std::io::Result<Cut>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_hand().transpose()
    }
}

impl<R> Hands<R> {
    /// The bytes held besides the input's buffer (about one hand).
    pub(super) fn held(&self) -> usize {
        self.buf.len()
    }
}

/// How a format builds a hand's record from its element.
pub(super) type Build = fn(&Cut) -> HandRecord<'static>;

/// The hands of a stream cut by [`Hands`], each read with the format's [`Build`] (Merge,
/// Microgaming).
pub(super) struct CutHands<R> {
    hands: Hands<R>,
    build: Build,
}

impl<R: BufRead> CutHands<R> {
    /// The hands of `input`, cut by `tags` and read with `build`.
    pub fn new(input: R, tags: &'static Tags, build: Build) -> CutHands<R> {
        CutHands { hands: Hands::new(input, tags), build }
    }
}

impl<R: BufRead> Iterator for CutHands<R> {
    type Item = std::io::Result<Arc<dyn SiteHand>>;

    fn next(&mut self) -> Option<Self::Item> {
        let build = self.build;
        Some(self.hands.next()?.map(|cut| Arc::new(CutHand { cut, build }) as Arc<dyn SiteHand>))
    }
}

impl<R: BufRead> HandSplit for CutHands<R> {
    fn held(&self) -> usize {
        self.hands.held()
    }
}

/// One hand's element, as cut from the stream, and how its record is built.
pub(super) struct CutHand {
    cut: Cut,
    build: Build,
}

impl std::fmt::Debug for CutHand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CutHand").field("cut", &self.cut).finish()
    }
}

impl SiteHand for CutHand {
    fn line(&self) -> usize {
        self.cut.line
    }

    fn weight(&self) -> usize {
        self.cut.text.len()
    }

    /// The element's `id` attribute.
    fn number(&self) -> Option<String> {
        number(&self.cut)
    }

    fn read(&self, take: &mut dyn FnMut(Result<HandRecord<'_>, RecordError>)) {
        take(Ok((self.build)(&self.cut)));
    }

    fn phh(&self) -> String {
        write_record(&(self.build)(&self.cut))
    }
}

/// A hand's number: its element's `id` attribute, when it has one.
pub(super) fn number(cut: &Cut) -> Option<String> {
    Some(attribute(&cut.text, b"id")).filter(|c| !c.is_empty())
}

/// The record of a hand of `venue` that cannot be replayed, saying why.
pub(super) fn stub(cut: &Cut, venue: &'static str, why: Unreplayable) -> HandRecord<'static> {
    HandRecord {
        variant: "?".into(),
        hand: number(cut),
        other: vec![(std::borrow::Cow::Borrowed("venue"), Value::Str(venue.into()))],
        site_text: SiteText { converted: true, line: Some(cut.line), ..SiteText::default() },
        unreplayable: Some(why),
        ..HandRecord::default()
    }
}

/// Why a hand whose text stops before its end tag `close` (`</game>`) cannot be replayed;
/// `None` for a whole hand.
pub(super) fn cut_off(cut: &Cut, close: &str) -> Option<Unreplayable> {
    cut.cut.then(|| {
        let last = cut.line + memchr::memchr_iter(b'\n', &cut.text).count();
        Unreplayable::CutOff(format!(
            "the text stops at line {last}, before the game's end (`{close}`): the hand is cut off"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    static TAGS: Tags = Tags { header: Some(b"description"), hand: b"game", close: b"</game>" };

    fn cut(text: &str, capacity: usize) -> Vec<(usize, String, String, bool)> {
        let input = std::io::BufReader::with_capacity(capacity, text.as_bytes());
        Hands::new(input, &TAGS)
            .map(|h| {
                let h = h.unwrap();
                let text = String::from_utf8_lossy(&h.text).into_owned();
                let header = String::from_utf8_lossy(&h.header.tag).into_owned();
                (h.line, text, header, h.cut)
            })
            .collect()
    }

    #[test]
    fn hands_are_cut_with_their_header_and_line_whatever_the_reads() {
        let text = "<description type=\"A\"/>\n<game id=\"1\">\n</game>\n<gamex/>\n<game id=\"2\"></game>\n<description type=\"B\"/><game id=\"3\">";
        for capacity in [1, 3, 64 * 1024] {
            let hands = cut(text, capacity);
            let got: Vec<(usize, &str, bool)> =
                hands.iter().map(|h| (h.0, h.2.as_str(), h.3)).collect();
            assert_eq!(
                got,
                [
                    (2, "<description type=\"A\"/>", false),
                    (5, "<description type=\"A\"/>", false),
                    (6, "<description type=\"B\"/>", true)
                ],
                "read {capacity} bytes at a time"
            );
            assert_eq!(hands[0].1, "<game id=\"1\">\n</game>");
        }
    }

    #[test]
    fn a_declaration_and_blanks_come_before_the_first_tag() {
        assert!(opens(past_declaration(b"\n <?xml version=\"1.0\"?>\n<game id=\"1\">"), b"game"));
        assert!(!opens(b"<games>", b"game"));
        assert!(opens(b"<game", b"game"));
    }
}
