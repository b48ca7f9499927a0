//! PokerStars text cut into hands as it is read: line by line from any reader, each hand handed
//! out as soon as the next one's header begins, so that a file of any size is read in memory
//! of about one hand ([`StarsHands::held`] says how much).
//!
//! Each line is decoded on its own: UTF-8 when it is, else Windows-1252 (where `€` is the byte
//! 0x80); CRLF, LF and a lone CR all end a line, and a byte-order mark at the start of the text
//! is dropped (as [`super::decode::decode`] reads a whole text).
//!
//! ```
//! use feltkit::import::split::StarsHands;
//! let text = "PokerStars Hand #1: Hold'em No Limit (1/2) - 2020/01/01 1:00:00 ET\r\nTable 'a' 2-max \
//!             Seat #1 is the button\r\n\r\nPokerStars Hand #2: Hold'em No Limit (1/2)\r\n";
//! let hands: Vec<_> = StarsHands::new(text.as_bytes()).collect::<Result<_, _>>().unwrap();
//! assert_eq!(hands.len(), 2);
//! assert_eq!(hands[0].lines().count(), 2);
//! assert_eq!(hands[1].line, 4);
//! ```

use std::collections::VecDeque;
use std::io::{self, BufRead};

use super::lines::{has, trim, Line};

/// The most bytes of one line kept: the rest of a longer line is left out (no line of a hand
/// history comes near it).
pub const MAX_LINE: usize = 64 << 10;

/// The most bytes of one hand's text kept: lines past it are left out, and the hand says where
/// it was cut ([`HandText::overlong`]); a real hand is a few kilobytes.
pub const MAX_HAND: usize = 1 << 20;

/// One hand's text: its lines, trimmed, with their line numbers in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandText {
    /// The line of the hand's header.
    pub line: usize,
    /// The hand's lines, one after another.
    text: String,
    /// Each line's number in the file and where it is in `text`.
    spans: Vec<(usize, usize, usize)>,
    /// The first line left out because the hand's text passed [`MAX_HAND`] bytes.
    overlong: Option<usize>,
}

impl HandText {
    pub(super) fn new(line: usize) -> HandText {
        HandText {
            line,
            text: String::with_capacity(1024),
            spans: Vec::with_capacity(40),
            overlong: None,
        }
    }

    /// The hand's lines, the header first, blank lines left out.
    pub fn lines(&self) -> impl DoubleEndedIterator<Item = Line<'_>> + ExactSizeIterator + Clone {
        self.spans.iter().map(|&(number, a, b)| Line { number, text: &self.text[a..b] })
    }

    /// The hand's text, its lines among line ends and blank lines: a word this text does not
    /// hold is in none of the hand's lines (one that it holds may run across two of them), so
    /// one search of it tells whether the lines need searching at all.
    pub fn joined(&self) -> &str {
        &self.text
    }

    /// The length of the hand's text in bytes, a line end counted after each line.
    pub fn len(&self) -> usize {
        self.spans.iter().map(|&(_, a, b)| b - a + 1).sum()
    }

    /// Whether the hand has no line.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The first line left out because the hand's text ran past [`MAX_HAND`] bytes without
    /// another hand's header, if any was.
    pub fn overlong(&self) -> Option<usize> {
        self.overlong
    }

    /// Adds a run of whole lines of a UTF-8 block (`first` the number of the first, each line
    /// ended by CRLF, LF or a lone CR), as [`HandText::push`] adds each line: trimmed, blank
    /// lines and the Zoom archive's `*** # 1 ***` lines left out, each cut at [`MAX_LINE`]
    /// bytes. The run is kept whole (its lines' ends among them) when it fits. Returns how
    /// many lines the run held.
    fn push_run(&mut self, first: usize, run: &str) -> usize {
        let bytes = run.as_bytes();
        let whole = self.overlong.is_none() && self.text.len() + run.len() <= MAX_HAND;
        let base = self.text.len();
        if whole {
            self.text.push_str(run);
        }
        let mut ends = memchr::memchr2_iter(b'\n', b'\r', bytes);
        let (mut number, mut at) = (first, 0);
        while at < bytes.len() {
            let (end, next) = match ends.next() {
                Some(k) if bytes[k] == b'\r' && bytes.get(k + 1) == Some(&b'\n') => {
                    ends.next();
                    (k, k + 2)
                }
                Some(k) => (k, k + 1),
                None => (bytes.len(), bytes.len()),
            };
            let cut = end.min(at + MAX_LINE);
            let line = match run.get(at..cut) {
                Some(line) => line,
                None => &run[at..run.floor_char_boundary(cut)],
            };
            let line = trim(line);
            if !(line.is_empty() || (line.starts_with("*****") && has(line, " # "))) {
                if whole {
                    let a = base + (line.as_ptr() as usize - run.as_ptr() as usize);
                    self.spans.push((number, a, a + line.len()));
                } else {
                    self.push(number, line);
                }
            }
            number += 1;
            at = next;
        }
        number - first
    }

    pub(super) fn push(&mut self, number: usize, line: &str) {
        if self.overlong.is_some() {
            return;
        }
        if self.text.len() + line.len() > MAX_HAND {
            self.overlong = Some(number);
            return;
        }
        let a = self.text.len();
        self.text.push_str(line);
        self.spans.push((number, a, self.text.len()));
    }
}

/// The hand-number marks that start a hand's header.
const STARTS: [&str; 4] = [
    "PokerStars Hand #",
    "PokerStars Game #",
    "PokerStars Zoom Hand #",
    "PokerStars Home Game Hand #",
];

/// The words that start a hand, searched for a block of lines at a time: one search of a
/// whole block finds where the next hand starts, so that each line is not searched on its own.
/// A line read as Windows-1252 (not UTF-8) is searched on its own.
struct Marks {
    /// Each anchor: a word that every mark of it starts with, found by one search.
    anchors: Vec<(memchr::memmem::Finder<'static>, Vec<&'static str>)>,
    /// Where in the block the next mark starts (`usize::MAX`: none in the rest of the block),
    /// searched for from a place at or before the line being read.
    next: usize,
    /// The length of that mark.
    len: usize,
    /// Whether `next` was found in the block being read.
    fresh: bool,
    /// Per anchor, in the block being read: where its last search started, and the first mark
    /// it found from there (`usize::MAX`: none to the block's end) with its length. A search
    /// from a later place up to that mark needs no new pass: an anchor that the rest of the
    /// block does not hold is searched once per block, not once per hand.
    found: Vec<(usize, usize, usize)>,
}

impl Marks {
    fn new(anchors: Vec<(&'static str, Vec<&'static str>)>) -> Marks {
        let anchors =
            anchors.into_iter().map(|(a, m)| (memchr::memmem::Finder::new(a), m)).collect();
        Marks { anchors, next: 0, len: 0, fresh: false, found: Vec::new() }
    }

    /// PokerStars' marks ([`STARTS`]), all found by their first word.
    fn pokerstars() -> Marks {
        Marks::new(vec![("PokerStars ", STARTS.to_vec())])
    }

    /// One site's header, or two.
    fn of(header: &'static str, also: Option<&'static str>) -> Marks {
        let mut anchors = vec![(header, vec![header])];
        anchors.extend(also.map(|a| (a, vec![a])));
        Marks::new(anchors)
    }

    /// Forgets the place found: a new block is being read.
    fn reset(&mut self) {
        self.fresh = false;
        self.found.clear();
    }

    /// Where the first mark at or after `from` starts in `text`, and its length.
    fn find(&self, text: &[u8], from: usize) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        for (finder, marks) in &self.anchors {
            if let Some((at, len)) = Self::first_of(finder, marks, text, from)
                && best.is_none_or(|b| at < b.0)
            {
                best = Some((at, len));
            }
        }
        best
    }

    /// As [`Marks::find`] in the block being read, each anchor searched again only past the
    /// mark it found before ([`Marks::found`]).
    fn find_in_block(&mut self, block: &[u8], from: usize) -> Option<(usize, usize)> {
        if self.found.len() != self.anchors.len() {
            self.found = vec![(usize::MAX, usize::MAX, 0); self.anchors.len()];
        }
        let mut best: Option<(usize, usize)> = None;
        for (k, (finder, marks)) in self.anchors.iter().enumerate() {
            let (searched, at, len) = self.found[k];
            // The last search started at or before `from` and found nothing before its mark.
            let (at, len) = if searched <= from && from <= at {
                (at, len)
            } else {
                let hit = Self::first_of(finder, marks, block, from).unwrap_or((usize::MAX, 0));
                self.found[k] = (from, hit.0, hit.1);
                hit
            };
            if at != usize::MAX && best.is_none_or(|b| at < b.0) {
                best = Some((at, len));
            }
        }
        best
    }

    /// The first mark of one anchor at or after `from` in `text`, and its length.
    fn first_of(
        finder: &memchr::memmem::Finder<'static>,
        marks: &[&'static str],
        text: &[u8],
        from: usize,
    ) -> Option<(usize, usize)> {
        let mut k = from;
        while k < text.len() {
            let at = k + finder.find(&text[k..])?;
            let rest = &text[at..];
            if let Some(m) = marks.iter().find(|m| rest.starts_with(m.as_bytes())) {
                return Some((at, m.len()));
            }
            k = at + 1;
        }
        None
    }

    /// Where in the UTF-8 `block` the first mark at or after `start` starts (`usize::MAX`:
    /// none), `start` being at or after the place asked for before in the block.
    #[inline]
    fn next_in_block(&mut self, block: &[u8], start: usize) -> usize {
        if !self.fresh || self.next < start {
            (self.next, self.len) = self.find_in_block(block, start).unwrap_or((usize::MAX, 0));
            self.fresh = true;
        }
        self.next
    }

    /// Where a mark starts in the line at `start..end` of the UTF-8 `block`, relative to the
    /// line's start: the first that stands whole in the line.
    #[inline]
    fn in_block(&mut self, block: &[u8], start: usize, end: usize) -> Option<usize> {
        let next = self.next_in_block(block, start);
        // A mark cut by the end of the line (a line past MAX_LINE) is not one.
        (next < end && next + self.len <= end).then(|| next - start)
    }

    /// Where a mark starts in `line`, searched on its own.
    fn in_line(&self, line: &str) -> Option<usize> {
        self.find(line.as_bytes(), 0).map(|(at, _)| at)
    }
}

/// Windows-1252's characters for the bytes 0x80 to 0x9F (the five unassigned bytes are kept as
/// the C1 control characters of the same number, as the WHATWG decoder does).
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

/// The lines of a text read from `input`, each decoded on its own (UTF-8 when it is, else
/// Windows-1252), numbered from 1: CRLF, LF and a lone CR end a line, a byte-order mark at the
/// start is dropped, and at most [`MAX_LINE`] bytes of a line are kept.
///
/// The text is taken in blocks of whole lines, as the input's buffer hands them out: a block
/// that is UTF-8 throughout (as nearly every hand history is) is checked once and its lines
/// are handed out where they stand, without a copy; a block that is not is read line by line,
/// each line that is not UTF-8 read as Windows-1252.
pub struct TextLines<R> {
    input: R,
    /// Bytes read and not yet in a block: the start of a line whose end is not read yet.
    raw: Vec<u8>,
    /// The block of whole lines being handed out (the last may end at the end of the input
    /// without a line end), when it is UTF-8.
    text: String,
    /// The block being handed out, when it is not UTF-8.
    bytes: Vec<u8>,
    /// Whether the block is `text` (else `bytes`).
    utf8: bool,
    /// Where in the block the next line begins.
    at: usize,
    /// A block's storage, kept for the next one.
    spare: Vec<u8>,
    /// The line handed out last, when it was read as Windows-1252.
    decoded: String,
    /// Lines handed out so far.
    number: usize,
    /// Whether the rest of a line longer than [`MAX_LINE`] is being left out.
    skipping: bool,
    first: bool,
    eof: bool,
    /// The words searched for in each line ([`TextLines::next_marked_line`]).
    marks: Option<Marks>,
}

impl<R: BufRead> TextLines<R> {
    /// Reads lines from `input`.
    pub fn new(input: R) -> TextLines<R> {
        TextLines {
            input,
            raw: Vec::new(),
            text: String::new(),
            bytes: Vec::new(),
            utf8: true,
            at: 0,
            spare: Vec::new(),
            decoded: String::new(),
            number: 0,
            skipping: false,
            first: true,
            eof: false,
            marks: None,
        }
    }

    /// Reads lines from `input`, searching them for `marks`.
    fn marked(input: R, marks: Marks) -> TextLines<R> {
        TextLines { marks: Some(marks), ..TextLines::new(input) }
    }

    /// The bytes the reader holds besides its input's buffer.
    pub fn held(&self) -> usize {
        self.raw.capacity()
            + self.text.capacity()
            + self.bytes.capacity()
            + self.spare.capacity()
            + self.decoded.capacity()
    }

    /// The whole lines from the next one up to the end of the block, or up to the line where
    /// the next of the reader's marks stands (left to [`TextLines::next_marked_line`]), with
    /// the number of the first; the caller tells [`TextLines::count`] how many they were.
    /// `None` when the next line is such a line, when the block is not UTF-8, and for the
    /// text's first line (whose byte-order mark is dropped).
    fn next_run(&mut self) -> Option<(usize, &str)> {
        if !self.utf8 || self.number == 0 || self.at >= self.text.len() {
            return None;
        }
        let block = self.text.as_bytes();
        let start = self.at;
        let mark = self.marks.as_mut()?.next_in_block(block, start);
        let end = match mark {
            usize::MAX => block.len(),
            at => {
                memchr::memrchr2(b'\n', b'\r', &block[start..at]).map_or(start, |k| start + k + 1)
            }
        };
        let run = self.text.get(start..end).filter(|r| !r.is_empty())?;
        self.at = end;
        Some((self.number + 1, run))
    }

    /// Counts `lines` more lines read (the lines of a run, [`TextLines::next_run`]).
    fn count(&mut self, lines: usize) {
        self.number += lines;
    }

    /// The next line and its number; `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<(usize, &str)>> {
        Ok(self.next_marked_line()?.map(|(number, line, _)| (number, line)))
    }

    /// The next line, its number, and where in it the first of the reader's marks starts, if
    /// one does; `None` at the end of the input.
    fn next_marked_line(&mut self) -> io::Result<Option<(usize, &str, Option<usize>)>> {
        let block = if self.utf8 { self.text.as_bytes() } else { &self.bytes[..] };
        if self.at >= block.len() && !self.next_block()? {
            return Ok(None);
        }
        let block = if self.utf8 { self.text.as_bytes() } else { &self.bytes[..] };
        let start = self.at;
        // Every CR in a block is followed by a byte of it, or ends the input: a block ends
        // with a LF, or at the input's end.
        let (end, next) = match memchr::memchr2(b'\n', b'\r', &block[start..]) {
            Some(k) if block[start + k] == b'\r' && block.get(start + k + 1) == Some(&b'\n') => {
                (start + k, start + k + 2)
            }
            Some(k) => (start + k, start + k + 1),
            None => (block.len(), block.len()),
        };
        self.at = next;
        self.number += 1;
        let end = end.min(start + MAX_LINE);
        let line: &str = if self.utf8 {
            // A line's end is a line end, or a character's end when the line is cut short.
            match self.text.get(start..end) {
                Some(line) => line,
                None => &self.text[start..self.text.floor_char_boundary(end)],
            }
        } else {
            let part = &self.bytes[start..end];
            match std::str::from_utf8(part) {
                Ok(s) => s,
                Err(_) => {
                    self.decoded.clear();
                    self.decoded.extend(part.iter().map(|&b| match b {
                        0x80..=0x9f => CP1252_HIGH[usize::from(b - 0x80)],
                        _ => char::from(b),
                    }));
                    &self.decoded
                }
            }
        };
        let stripped = match self.number {
            1 => line.strip_prefix('\u{feff}'),
            _ => None,
        };
        let mark = match (&mut self.marks, stripped) {
            (None, _) => None,
            (Some(m), Some(line)) => m.in_line(line),
            (Some(m), None) if self.utf8 => {
                m.in_block(self.text.as_bytes(), start, start + line.len())
            }
            (Some(m), None) => m.in_line(line),
        };
        Ok(Some((self.number, stripped.unwrap_or(line), mark)))
    }

    /// Makes the next block of whole lines from the input; `false` when the input has no more.
    fn next_block(&mut self) -> io::Result<bool> {
        // The block handed out lends its storage to the next.
        let old = if self.utf8 {
            std::mem::take(&mut self.text).into_bytes()
        } else {
            std::mem::take(&mut self.bytes)
        };
        if old.capacity() > self.spare.capacity() {
            self.spare = old;
        }
        // Whole lines: up to the last LF read, or everything at the input's end.
        let cut = loop {
            if self.eof {
                if self.raw.is_empty() {
                    return Ok(false);
                }
                break self.raw.len();
            }
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let n = chunk.len();
            if n == 0 {
                self.eof = true;
                continue;
            }
            let from = self.raw.len();
            if self.skipping {
                // The rest of an overlong line is left out, up to its end.
                if let Some(k) = memchr::memchr(b'\n', chunk) {
                    self.raw.extend_from_slice(&chunk[k..]);
                    self.skipping = false;
                }
            } else {
                self.raw.extend_from_slice(chunk);
            }
            self.input.consume(n);
            if std::mem::take(&mut self.first) && self.raw.starts_with(b"\xef\xbb\xbf") {
                self.raw.drain(..3);
            }
            match memchr::memrchr(b'\n', &self.raw[from.min(self.raw.len())..]) {
                Some(k) => break from.min(self.raw.len()) + k + 1,
                None => {
                    // No line end yet: a line past the bound keeps its first MAX_LINE bytes.
                    let begin = memchr::memrchr(b'\n', &self.raw[..from.min(self.raw.len())])
                        .map_or(0, |k| k + 1);
                    if self.raw.len() - begin > MAX_LINE {
                        self.raw.truncate(begin + MAX_LINE);
                        self.skipping = true;
                    }
                }
            }
        };
        let mut rest = std::mem::take(&mut self.spare);
        rest.clear();
        rest.extend_from_slice(&self.raw[cut..]);
        self.raw.truncate(cut);
        let block = std::mem::replace(&mut self.raw, rest);
        self.at = 0;
        if let Some(m) = self.marks.as_mut() {
            m.reset();
        }
        match String::from_utf8(block) {
            Ok(text) => {
                self.text = text;
                self.utf8 = true;
            }
            Err(e) => {
                self.bytes = e.into_bytes();
                self.utf8 = false;
            }
        }
        Ok(true)
    }
}

/// The hands of PokerStars text read from `input`, in order: a hand starts at each header line
/// (`PokerStars Hand #...`). Lines are trimmed; blank lines and the Zoom archive's
/// `*** # 1 ***` lines are dropped. A header glued to the end of a cut-off line starts a hand
/// there, and the cut-off line stays with the hand before. Text before the first header is not
/// a hand. A read error ends the hands with that error. Another site writing PokerStars' form
/// under its own header is cut by [`StarsHands::with_header`].
pub struct StarsHands<R> {
    /// The lines, searched for what a hand's first line starts with: PokerStars' headers
    /// ([`STARTS`]) or the site's (Full Tilt writes two).
    lines: TextLines<R>,
    /// The hand being read.
    current: Option<HandText>,
    /// Hands read whole, not yet handed out.
    ready: VecDeque<HandText>,
    done: bool,
}

impl<R: BufRead> StarsHands<R> {
    /// Reads hands from `input`.
    pub fn new(input: R) -> StarsHands<R> {
        StarsHands::starting(input, Marks::pokerstars())
    }

    /// Reads hands from `input`, each starting where `header` stands in a line (at its start,
    /// or glued to the end of a line that was cut off): another site's text in PokerStars'
    /// form, whose hands all start with `header`.
    pub fn with_header(input: R, header: &'static str) -> StarsHands<R> {
        StarsHands::starting(input, Marks::of(header, None))
    }

    /// As [`StarsHands::with_header`], for a site whose hands start with either of two
    /// headers.
    pub fn with_headers(input: R, header: &'static str, also: &'static str) -> StarsHands<R> {
        StarsHands::starting(input, Marks::of(header, Some(also)))
    }

    /// As [`StarsHands::with_header`], for a site whose hands start with any of `headers` (a
    /// header standing inside another, as `Hand #` in `Game Hand #`, starts where the longer
    /// one does).
    pub fn with_any(input: R, headers: &'static [&'static str]) -> StarsHands<R> {
        StarsHands::starting(input, Marks::new(headers.iter().map(|&h| (h, vec![h])).collect()))
    }

    fn starting(input: R, marks: Marks) -> StarsHands<R> {
        StarsHands {
            lines: TextLines::marked(input, marks),
            current: None,
            ready: VecDeque::new(),
            done: false,
        }
    }

    /// The bytes of text the reader holds (the hand being read, hands read and not yet handed
    /// out, the line being read) besides its input's buffer: about one hand, whatever the
    /// input's size.
    pub fn held(&self) -> usize {
        let hand = |h: &HandText| h.text.capacity() + h.spans.capacity() * 24;
        self.current.as_ref().map_or(0, hand)
            + self.ready.iter().map(hand).sum::<usize>()
            + self.lines.held()
    }

    /// Reads lines until a hand is complete or the input ends.
    fn fill(&mut self) -> io::Result<()> {
        while self.ready.is_empty() && !self.done {
            // Within a hand, the lines up to the next header are taken at once.
            if let Some(h) = self.current.as_mut()
                && let Some((first, run)) = self.lines.next_run()
            {
                let lines = h.push_run(first, run);
                self.lines.count(lines);
                continue;
            }
            let Some((number, text, mark)) = self.lines.next_marked_line()? else {
                self.done = true;
                self.ready.extend(self.current.take());
                break;
            };
            let mut line = trim(text);
            if line.is_empty() || (line.starts_with("*****") && has(line, " # ")) {
                continue;
            }
            // Where the header starts in the trimmed line (a mark starts with no white space).
            let lead = line.as_ptr() as usize - text.as_ptr() as usize;
            if let Some(k) = mark.and_then(|k| k.checked_sub(lead)) {
                if k > 0 {
                    let before = line[..k].trim();
                    if let Some(h) = self.current.as_mut()
                        && !before.is_empty()
                    {
                        h.push(number, before);
                    }
                    line = &line[k..];
                }
                self.ready.extend(self.current.take());
                self.current = Some(HandText::new(number));
            }
            if let Some(h) = self.current.as_mut() {
                h.push(number, line);
            }
        }
        Ok(())
    }
}

impl<R: BufRead> Iterator for StarsHands<R> {
    type Item = io::Result<HandText>;

    fn next(&mut self) -> Option<io::Result<HandText>> {
        if let Err(e) = self.fill() {
            self.done = true;
            self.current = None;
            return Some(Err(e));
        }
        self.ready.pop_front().map(Ok)
    }
}

/// Splits text into hands, as [`StarsHands`] reads them.
pub fn split_hands(text: &str) -> Vec<HandText> {
    StarsHands::new(text.as_bytes()).map_while(Result::ok).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_glued_to_a_cut_off_line_starts_a_new_hand() {
        let text = "PokerStars Hand #1: Hold'em No Limit (1/2) - 2020/01/01 1:00:00 ET\nTable 'a' 2-max Seat #1 is the button\nSeat 1: x (5 in chPokerStars Hand #2: Hold'em No Limit (1/2) - 2020/01/01 1:01:00 ET\n";
        let hands = split_hands(text);
        assert_eq!(hands.len(), 2);
        assert_eq!(hands[0].lines().last().unwrap().text, "Seat 1: x (5 in ch");
        assert_eq!(hands[1].line, 3);
    }

    #[test]
    fn lines_are_read_as_the_whole_text_decoded_reads_them() {
        // CRLF, lone CRs, a CR before a CRLF, a BOM, Windows-1252 and UTF-8: the lines and their
        // numbers are those of the text decoded whole.
        for bytes in [
            &b"\xef\xbb\xbfPokerStars Hand #1: x\r\na\rb\r\r\n\x80 5 \n\nc\rPokerStars Hand #2: y\n\x80 6\r"[..],
            &b"PokerStars Hand #1: x\r\n\r\n\xe2\x82\xac 6\r\nd PokerStars Hand #2: y\n"[..],
        ] {
            let (text, _) = crate::import::decode::decode(bytes);
            let mut want: Vec<(usize, String)> = Vec::new();
            for (k, l) in text.lines().enumerate() {
                let l = l.trim();
                if !l.is_empty() {
                    want.push((k + 1, l.to_string()));
                }
            }
            // The glued header starts its own line.
            if let Some(w) = want.iter_mut().find(|w| w.1 == "d PokerStars Hand #2: y") {
                w.1 = "d".into();
                let n = w.0;
                want.push((n, "PokerStars Hand #2: y".into()));
            }
            // Read whole, and through buffers so small that a block ends anywhere (inside a
            // CRLF, a UTF-8 character, the byte-order mark).
            for capacity in [usize::MAX, 1, 2, 3, 5, 8] {
                let input = std::io::BufReader::with_capacity(capacity.min(bytes.len()), bytes);
                let got: Vec<(usize, String)> = StarsHands::new(input)
                    .flat_map(|h| {
                        let h = h.unwrap();
                        h.lines().map(|l| (l.number, l.text.to_string())).collect::<Vec<_>>()
                    })
                    .collect();
                assert_eq!(got, want, "read {capacity} bytes at a time");
            }
        }
    }

    #[test]
    fn a_block_searched_once_finds_the_headers_a_search_of_each_line_finds() {
        // Where each hand starts, found by searching every line on its own for the first
        // place a header stands whole.
        fn naive(text: &str, marks: &[&str]) -> Vec<(usize, String)> {
            let mut starts = Vec::new();
            for (k, line) in text.lines().enumerate() {
                let line = line.trim();
                let at = (0..line.len())
                    .filter(|&i| line.is_char_boundary(i))
                    .find(|&i| marks.iter().any(|m| line[i..].starts_with(m)));
                if let Some(i) = at {
                    starts.push((k + 1, line[i..].to_string()));
                }
            }
            starts
        }
        let stars = "PokerStars Hand #1: a\nPokerStars Team says hi PokerStars Zoom Hand #2: b\n\
                     x\nchat: PokerStars \u{20ac} PokerStars Game #3: c\nPokerStars Hand #4\n\
                     PokerStars Home Game Hand #5: d PokerStars Hand #6: e\n";
        let tilt = "Full Tilt Poker Game #1: a\nb FullTiltPoker Game #2: c\nFull Tilt \
                    Poker Game #3\nFullTiltPoker Game #4: Full Tilt Poker Game #5\n";
        for capacity in [usize::MAX, 1, 3, 7, 16, 40] {
            let read = |r: StarsHands<std::io::BufReader<&[u8]>>| -> Vec<(usize, String)> {
                r.map(|h| {
                    let h = h.unwrap();
                    (h.line, h.lines().next().unwrap().text.to_string())
                })
                .collect()
            };
            let buffer = |t: &'static str| {
                std::io::BufReader::with_capacity(capacity.min(t.len()), t.as_bytes())
            };
            assert_eq!(read(StarsHands::new(buffer(stars))), naive(stars, &STARTS), "{capacity}");
            let both = ["Full Tilt Poker Game #", "FullTiltPoker Game #"];
            let got = read(StarsHands::with_headers(buffer(tilt), both[0], both[1]));
            assert_eq!(got, naive(tilt, &both), "{capacity}");
        }
    }

    #[test]
    fn a_line_past_the_bound_keeps_its_start_and_the_next_line_follows() {
        let long = "z".repeat(MAX_LINE + 5000);
        let text = format!("a\r\n{long}\r\nb\n");
        for capacity in [4096, MAX_LINE, 1 << 20] {
            let mut lines =
                TextLines::new(std::io::BufReader::with_capacity(capacity, text.as_bytes()));
            let mut got = Vec::new();
            while let Some((n, l)) = lines.next_line().unwrap() {
                got.push((n, l.len()));
            }
            assert_eq!(got, [(1, 1), (2, MAX_LINE), (3, 1)], "read {capacity} bytes at a time");
        }
    }

    #[test]
    fn the_reader_holds_about_one_hand_whatever_the_texts_length() {
        // A text of ten thousand hands, read through a small buffer: the reader never holds
        // more than a few hands' bytes.
        let hand =
            "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/16 14:21:15 ET\n\
Table 'T' 6-max Seat #1 is the button\nSeat 1: Ann ($1 in chips)\nSeat 2: Bob ($2 in chips)\n\
Ann: posts small blind $0.01\nBob: posts big blind $0.02\n*** HOLE CARDS ***\nAnn: folds\n\
Uncalled bet ($0.01) returned to Bob\nBob collected $0.02 from pot\n*** SUMMARY ***\n\
Total pot $0.02 | Rake $0\nSeat 1: Ann (button) (small blind) folded before Flop\n\
Seat 2: Bob (big blind) collected ($0.02)\n\n\n";
        let text = hand.repeat(10_000);
        let mut reader = StarsHands::new(std::io::BufReader::with_capacity(4096, text.as_bytes()));
        let (mut count, mut most) = (0, 0);
        while let Some(h) = reader.next() {
            assert_eq!(h.unwrap().lines().count(), 14);
            most = most.max(reader.held());
            count += 1;
        }
        assert_eq!(count, 10_000);
        // The hands, and the block of whole lines being handed out with the start of the next
        // (each about one read of the input's buffer).
        assert!(most < 8 * hand.len() + 4 * 4096, "{most} bytes held");
    }

    #[test]
    fn a_hand_longer_than_the_bound_is_cut_and_says_where() {
        let mut text = String::from("PokerStars Hand #1: x\n");
        let filler = format!("{}\n", "y".repeat(1000));
        for _ in 0..(MAX_HAND / 1000 + 10) {
            text.push_str(&filler);
        }
        text.push_str("PokerStars Hand #2: z\n");
        let hands = split_hands(&text);
        assert_eq!(hands.len(), 2);
        assert!(hands[0].len() <= MAX_HAND + hands[0].lines().count());
        assert!(hands[0].overlong().is_some_and(|l| l > 1000));
        assert_eq!(hands[1].lines().next().unwrap().text, "PokerStars Hand #2: z");
    }
}
