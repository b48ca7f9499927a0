//! The iPoker network's XML hand histories (William Hill, Betfair, bet365, Titan, Unibet and the
//! other skins write it) as a [`SiteFormat`]. A file holds one or more `<session>` elements,
//! each a `<general>` element (the game type, the table, the currency, a tournament's name)
//! then one `<game gamecode="...">` element per hand. The stream is cut into `<game>`
//! elements as it is read, each carrying its session's `<general>`, so that one hand is held
//! at a time whatever the file's size; each hand is then parsed on its own
//! ([`super::ipoker_game`]) and built into its record ([`super::ipoker_record`]).
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = r#"<session sessioncode="1"><general><gametype>Holdem NL $0.01/$0.02</gametype>
//! <tablename>Oslo, 1</tablename><currency>USD</currency></general>
//! <game gamecode="70"><general><startdate>2021-02-04 13:04:49</startdate><players>
//! <player seat="1" name="Lina" chips="$1" dealer="1" win="$0.08" bet="$0.06" />
//! <player seat="2" name="Tom" chips="$2" dealer="0" win="$0" bet="$0.02" />
//! </players></general>
//! <round no="0"><action no="1" player="Lina" type="1" sum="$0.01" />
//! <action no="2" player="Tom" type="2" sum="$0.02" /></round>
//! <round no="1"><cards type="Pocket" player="Lina">HA SK</cards>
//! <action no="3" player="Lina" type="23" sum="$0.05" /><action no="4" player="Tom" type="0" sum="$0" />
//! </round></game></session>"#;
//! let f = Format::named("ipoker").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("70"));
//! assert!(hands[0].phh.contains("venue = \"iPoker\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use std::io::BufRead;
use std::sync::Arc;

use super::format::{FormatWords, HandSplit, SiteFormat, SiteHand};
use super::ipoker_game::Session;
use crate::phh::record::RecordError;
use crate::phh::write::write_record;
use crate::record::HandRecord;

static WORDS: FormatWords = FormatWords {
    names: &["ipoker", "ipoker-xml", "ipn"],
    text: "iPoker hand-history XML",
    texts: "iPoker hand-history XML",
    short: "iPoker XML",
    shorts: "iPoker XML",
    help: "iPoker network hand-history XML (William Hill, Betfair, bet365, Titan, Unibet, ...)",
    no_hand: "no `<game gamecode=...>` element",
    not_detected: "it does not open with an iPoker `<session>` element",
};

/// The iPoker network's XML hand histories, one or many sessions per file.
pub struct IpokerXml;

/// The format, as [`super::format::FORMATS`] lists it.
pub static IPOKER_XML: IpokerXml = IpokerXml;

impl SiteFormat for IpokerXml {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// The first element (after an `<?xml ...?>` declaration) is `<session`.
    fn detect(&self, head: &[u8]) -> bool {
        let mut rest = head.trim_ascii_start();
        if rest.starts_with(b"<?xml") {
            let Some(end) = memchr::memmem::find(rest, b"?>") else { return false };
            rest = rest[end + 2..].trim_ascii_start();
        }
        rest.strip_prefix(b"<session").is_some_and(|r| r.first().is_none_or(|&b| tag_end(b)))
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(Games::new(input))
    }
}

/// Whether a byte ends a tag's name (`<game` then a space, `>` or `/`).
fn tag_end(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b'>' || b == b'/'
}

/// The most bytes one `<game>` element may run to: a hand is a few kilobytes.
pub(super) const MAX_GAME: usize = 1 << 20;

/// The `<game>` elements of a stream as it is read ([`SiteFormat::split`]).
pub(super) struct Games<R> {
    input: R,
    /// Bytes read and not yet given out; `buf[at..]` is still to look at.
    buf: Vec<u8>,
    at: usize,
    /// The line of `buf[at]`, from 1.
    line: usize,
    eof: bool,
    /// The session the next games belong to.
    session: Arc<Session>,
    /// Whether the session's own `<general>` is still to come.
    want_general: bool,
}

/// What a tag found in the stream opens.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tag {
    Session,
    General,
    Game,
}

impl<R: BufRead> Games<R> {
    pub(super) fn new(input: R) -> Self {
        Games {
            input,
            buf: Vec::with_capacity(64 * 1024),
            at: 0,
            line: 1,
            eof: false,
            session: Arc::new(Session::default()),
            want_general: false,
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

    /// The next tag of interest in `buf[at..]`: its offset from `at`, and what it opens. A `<`
    /// too near the end to tell is left for the next read.
    fn next_tag(&self) -> Option<(usize, Tag)> {
        let rest = &self.buf[self.at..];
        for k in memchr::memchr_iter(b'<', rest) {
            let after = &rest[k + 1..];
            for (name, tag) in
                [(&b"game"[..], Tag::Game), (b"session", Tag::Session), (b"general", Tag::General)]
            {
                if let Some(r) = after.strip_prefix(name)
                    && r.first().is_some_and(|&b| tag_end(b))
                {
                    if tag == Tag::General && !self.want_general {
                        break;
                    }
                    return Some((k, tag));
                }
            }
        }
        None
    }

    /// The offset from `at` of the end of the element that starts at `at` (past its closing
    /// `close`), reading more input as needed; `None` at the input's end or past [`MAX_GAME`].
    fn element_end(&mut self, close: &[u8]) -> std::io::Result<Option<usize>> {
        let mut from = 0;
        loop {
            let rest = &self.buf[self.at..];
            // An element written `<general/>` ends with its start tag.
            if let Some(k) = memchr::memchr(b'>', rest)
                && k > 0
                && rest[k - 1] == b'/'
            {
                return Ok(Some(k + 1));
            }
            if let Some(k) = memchr::memmem::find(&rest[from..], close) {
                return Ok(Some(from + k + close.len()));
            }
            if rest.len() > MAX_GAME {
                return Ok(None);
            }
            from = rest.len().saturating_sub(close.len());
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    fn next_game(&mut self) -> std::io::Result<Option<Arc<dyn SiteHand>>> {
        loop {
            let Some((k, tag)) = self.next_tag() else {
                // Keep a few bytes: a tag may be cut by the read.
                let keep = self.buf.len().saturating_sub(self.at).min(16);
                let skip = self.buf.len() - self.at - keep;
                self.advance(skip);
                if !self.fill()? {
                    return Ok(None);
                }
                continue;
            };
            self.advance(k);
            match tag {
                Tag::Session => {
                    let line = self.line;
                    let code = attribute(&self.buf[self.at..], b"sessioncode");
                    self.session = Arc::new(Session::empty(line, code));
                    self.want_general = true;
                    self.advance(1);
                }
                Tag::General => {
                    self.want_general = false;
                    let line = self.line;
                    let end = self.element_end(b"</general>")?;
                    let n = end.unwrap_or(self.buf.len() - self.at);
                    let text = &self.buf[self.at..self.at + n];
                    let mut session = Session::empty(self.session.line, self.session.code.clone());
                    session.read_general(text, line, end.is_some());
                    self.session = Arc::new(session);
                    self.advance(n);
                }
                Tag::Game => {
                    self.want_general = false;
                    let line = self.line;
                    let end = self.element_end(b"</game>")?;
                    let cut = end.is_none();
                    let n = end.unwrap_or((self.buf.len() - self.at).min(MAX_GAME));
                    let text: Box<[u8]> = self.buf[self.at..self.at + n].into();
                    self.advance(n.max(1));
                    let session = Arc::clone(&self.session);
                    return Ok(Some(Arc::new(IpokerHand { line, text, session, cut })));
                }
            }
        }
    }
}

/// The value of attribute `name` in the start tag at the head of `tag` (`sessioncode="12"`),
/// empty when it has none.
pub(super) fn attribute(tag: &[u8], name: &[u8]) -> String {
    let end = memchr::memchr(b'>', tag).unwrap_or(tag.len());
    let tag = &tag[..end];
    let mut from = 0;
    while let Some(k) = memchr::memmem::find(&tag[from..], name) {
        let at = from + k;
        let before = at.checked_sub(1).map(|i| tag[i]);
        let rest = tag[at + name.len()..].trim_ascii_start();
        if before.is_some_and(|b| b.is_ascii_whitespace())
            && let Some(rest) = rest.strip_prefix(b"=")
        {
            let rest = rest.trim_ascii_start();
            if let Some(&q) = rest.first().filter(|&&q| q == b'"' || q == b'\'')
                && let Some(close) = memchr::memchr(q, &rest[1..])
            {
                return String::from_utf8_lossy(&rest[1..1 + close]).into_owned();
            }
        }
        from = at + name.len();
    }
    String::new()
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = std::io::Result<Arc<dyn SiteHand>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_game().transpose()
    }
}

impl<R: BufRead> HandSplit for Games<R> {
    fn held(&self) -> usize {
        self.buf.len()
    }
}

/// One `<game>` element, as cut from the stream, with its session.
pub(super) struct IpokerHand {
    /// The line of the text the element starts on.
    pub line: usize,
    /// The element's bytes, as written.
    pub text: Box<[u8]>,
    /// The session it belongs to.
    pub session: Arc<Session>,
    /// Whether the text stops before the element's end.
    pub cut: bool,
}

impl std::fmt::Debug for IpokerHand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "IpokerHand(line {}, {} bytes)", self.line, self.text.len())
    }
}

impl IpokerHand {
    /// The hand's record.
    fn record(&self) -> HandRecord<'static> {
        super::ipoker_record::record(self)
    }
}

impl SiteHand for IpokerHand {
    fn line(&self) -> usize {
        self.line
    }

    fn weight(&self) -> usize {
        self.text.len()
    }

    fn number(&self) -> Option<String> {
        Some(attribute(&self.text, b"gamecode")).filter(|c| !c.is_empty())
    }

    fn read(&self, take: &mut dyn FnMut(Result<HandRecord<'_>, RecordError>)) {
        take(Ok(self.record()));
    }

    fn phh(&self) -> String {
        write_record(&self.record())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> Vec<(usize, String)> {
        Games::new(text.as_bytes())
            .map(|h| {
                let h = h.unwrap();
                (h.line(), h.number().unwrap_or_default())
            })
            .collect()
    }

    #[test]
    fn a_session_is_told_by_its_first_element() {
        assert!(IPOKER_XML.detect(b"<session sessioncode=\"1\">"));
        assert!(IPOKER_XML.detect(b"\r\n <?xml version=\"1.0\"?>\n<session>"));
        assert!(!IPOKER_XML.detect(b"<sessions>"));
        assert!(!IPOKER_XML.detect(b"<?xml version=\"1.0\"?><game>"));
        assert!(!IPOKER_XML.detect(b"PokerStars Hand #1"));
    }

    #[test]
    fn games_are_cut_with_their_lines_whatever_the_reads() {
        let text = "<session sessioncode=\"9\">\n<general><gametype>Holdem NL</gametype></general>\n<game gamecode=\"1\"><general/>\n</game><game gamecode='2'>\n</game>\n</session>\n<session><general/><game gamecode=\"3\"></game></session>";
        let hands = cut(text);
        let got: Vec<(usize, &str)> = hands.iter().map(|h| (h.0, h.1.as_str())).collect();
        assert_eq!(got, [(3, "1"), (4, "2"), (7, "3")]);
        // Read a byte at a time: the same cuts.
        let slow = std::io::BufReader::with_capacity(1, text.as_bytes());
        let lines: Vec<usize> = Games::new(slow).map(|h| h.unwrap().line()).collect();
        assert_eq!(lines, [3, 4, 7]);
        // `<gametype>` and `<gamecount>` open no game.
        assert!(cut("<session><general><gamecount>2</gamecount></general></session>").is_empty());
    }

    #[test]
    fn an_attribute_is_read_from_its_start_tag_only() {
        assert_eq!(attribute(b"<game gamecode=\"12\">", b"gamecode"), "12");
        assert_eq!(attribute(b"<game xgamecode=\"1\" gamecode = '7'>", b"gamecode"), "7");
        assert_eq!(attribute(b"<game><x gamecode=\"1\"/>", b"gamecode"), "");
    }
}
