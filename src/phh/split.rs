//! Splitting a PHH document or `.phhs` bundle into its hands while it is read, so that a bundle
//! of any size is replayed one hand at a time, and a hand that cannot be read does not stop the
//! others.
//!
//! A hand starts at a section header (`[23]`): a line whose first character, after spaces,
//! tabs or carriage returns, is `[`, outside any array, inline table or multi-line string.
//! Strings, comments, brackets and header lines are found by the same tokenizer that the TOML
//! reader uses, and both follow the same header rule ([`section_header`]), so both find the
//! same hands in a text. Text before the first header is a hand of its own when it holds any
//! key (a single `.phh` document is just that). After a broken value (an array or a multi-line
//! string that is never closed) a line that starts in its first column with a header such as
//! `[24]`, alone on its line, still starts a new hand: that is how one broken hand stays one
//! broken hand; the TOML reader refuses such a line inside an array as an array never closed,
//! and multi-line strings altogether. (So an array of arrays with an item written `[1, 2]` at
//! the very start of a line and no comma after it is refused, though TOML allows it; no PHH
//! field is written that way.)
//!
//! ```
//! use feltkit::phh::split::pieces;
//! let text = "[1]\nvariant = 'NT'\n[2]\nvariant = 'FT\n[3]\nvariant = 'PT'\n";
//! let hands: Vec<_> = pieces(text.as_bytes()).map(|p| p.unwrap()).collect();
//! assert_eq!(hands.len(), 3);
//! assert_eq!((hands[1].header.as_deref(), hands[1].line), (Some("2"), 3));
//! assert_eq!(hands[2].text.as_deref(), Ok("[3]\nvariant = 'PT'\n"));
//! ```

use std::collections::{BTreeMap, HashSet};
use std::hash::{Hash, Hasher};
use std::io::{self, BufRead};

use super::lex::{header_name, scan_line, section_header, Open};
use crate::text::read_line_capped;

/// The most bytes one hand may take; a larger one is reported, not read (a real hand takes a
/// few kilobytes).
pub const MAX_HAND_BYTES: usize = 1 << 20;

/// One hand of a document, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The section's name (`[23]` gives `23`); `None` for the text before the first header.
    pub header: Option<String>,
    /// The line the hand starts on: its header's line (1 for the text before any header).
    pub line: usize,
    /// The hand's text, its header line included; or why it cannot be read (not UTF-8, too
    /// large, a section name given twice).
    pub text: Result<String, String>,
}

/// Reads the hands of `input` one at a time: see the [module](self) documentation. A UTF-8
/// byte-order mark at the start is skipped. Text before the first header that holds no key
/// (blank lines, comments) is not a hand. A read error is yielded once, and ends the hands.
pub fn pieces<R: BufRead>(input: R) -> Pieces<R> {
    Pieces {
        input,
        line: 1,
        next: Some(Start { header: None, line: 1, text: Vec::new(), oversized: false }),
        open: Open::default(),
        headers: HeaderSet::default(),
    }
}

/// The hands of a document, read lazily: see [`pieces`].
pub struct Pieces<R> {
    input: R,
    /// The number of the next line to read.
    line: usize,
    /// The start of the next hand, when its header line has been read (or at the start).
    next: Option<Start>,
    /// The arrays, inline tables and multi-line string open at the end of the last line read.
    open: Open,
    headers: HeaderSet,
}

/// The first line of a hand.
struct Start {
    header: Option<String>,
    line: usize,
    text: Vec<u8>,
    /// Whether the line was longer than a hand may be.
    oversized: bool,
}

impl<R: BufRead> Iterator for Pieces<R> {
    type Item = io::Result<Piece>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let start = self.next.take()?;
            match self.read_piece(start) {
                Ok(Some(piece)) => return Some(Ok(piece)),
                Ok(None) => continue,
                Err(e) => {
                    self.next = None;
                    return Some(Err(e));
                }
            }
        }
    }
}

impl<R: BufRead> Pieces<R> {
    /// Reads the lines of the hand that `start` begins, up to the next header (kept in
    /// `self.next`) or the end. `None` for a top level without keys.
    fn read_piece(&mut self, start: Start) -> io::Result<Option<Piece>> {
        let Start { header, line, mut text, mut oversized } = start;
        let mut keys = header.is_some();
        loop {
            // Each line is read onto the end of the hand's text, and taken back off when it
            // starts the next hand: most lines are copied once.
            let mark = text.len();
            let Some(read) =
                read_line_capped(&mut self.input, &mut text, mark + MAX_HAND_BYTES, true)?
            else {
                break;
            };
            let truncated = read.bytes() > (text.len() - mark) as u64;
            if self.line == 1 && text[mark..].starts_with("\u{feff}".as_bytes()) {
                text.drain(mark..mark + 3);
            }
            let buf = &text[mark..];
            if let Some(name) = header_of(buf, self.open) {
                let header = Some(String::from_utf8_lossy(name).into_owned());
                // A header line longer than a hand is reported as a hand too large.
                let mut next = Vec::with_capacity(4096);
                if !truncated {
                    next.extend_from_slice(buf);
                }
                text.truncate(mark);
                self.next =
                    Some(Start { header, line: self.line, text: next, oversized: truncated });
                self.line += 1;
                self.open = Open::default();
                break;
            }
            keys |= scan_line(buf, &mut self.open);
            if oversized || truncated || text.len() > MAX_HAND_BYTES {
                oversized = true;
                text.clear();
                text.shrink_to(4096);
            }
            self.line += 1;
        }
        if !keys {
            return Ok(None);
        }
        let text = if oversized {
            Err(format!(
                "the hand is larger than {} MiB: not read (a hand takes a few kilobytes)",
                MAX_HAND_BYTES >> 20
            ))
        } else {
            match &header {
                Some(name) if !self.headers.insert(name) => {
                    Err(format!("section [{name}] appears twice in this file"))
                }
                _ => String::from_utf8(text).map_err(|e| {
                    let bytes = e.as_bytes();
                    let at = e.utf8_error().valid_up_to();
                    let lines = bytes[..at].iter().filter(|&&b| b == b'\n').count();
                    format!("line {}: the text is not UTF-8", line + lines)
                }),
            }
        };
        Ok(Some(Piece { header, line, text }))
    }
}

/// The name of the section that `line` opens, if it is a header line, by the rule the TOML
/// reader follows too ([`section_header`]): when nothing is left open, any line whose first
/// character after blanks is `[`; inside an array, inline table or multi-line string, a line
/// that starts with `[` (not `[[`) in its first column and holds nothing but `[name]` and a
/// comment.
fn header_of(line: &[u8], open: Open) -> Option<&[u8]> {
    let name = section_header(line, open.nested())?;
    // The name as the TOML reader gives it (trimmed, quotes removed), when it is text.
    Some(match std::str::from_utf8(name) {
        Ok(s) => header_name(s).as_bytes(),
        Err(_) => name,
    })
}

/// The section names seen in a document, to refuse one given twice. Names that are whole
/// numbers (as bundles number their hands) are kept as runs, so a bundle of consecutive
/// numbers takes a few bytes however long it is; other names are kept as 64-bit hashes.
#[derive(Default)]
struct HeaderSet {
    /// Runs of numbers: start to end (exclusive).
    runs: BTreeMap<u64, u64>,
    hashes: HashSet<u64>,
}

impl HeaderSet {
    /// Adds a name; `false` if it was there already.
    fn insert(&mut self, name: &str) -> bool {
        let canonical = !name.is_empty()
            && name.len() <= 18
            && name.bytes().all(|b| b.is_ascii_digit())
            && (name == "0" || !name.starts_with('0'));
        match name.parse::<u64>() {
            Ok(n) if canonical => self.insert_number(n),
            _ => {
                let mut h = std::hash::DefaultHasher::new();
                name.hash(&mut h);
                self.hashes.insert(h.finish())
            }
        }
    }

    /// Adds a number below `u64::MAX`.
    fn insert_number(&mut self, n: u64) -> bool {
        let before = self.runs.range(..=n).next_back().map(|(&s, &e)| (s, e));
        if before.is_some_and(|(_, e)| n < e) {
            return false;
        }
        let mut start = n;
        let mut end = n.saturating_add(1);
        if let Some((s, e)) = before.filter(|&(_, e)| e == n) {
            self.runs.remove(&s);
            (start, end) = (s, e + 1);
        }
        if let Some(e) = self.runs.remove(&end) {
            end = e;
        }
        self.runs.insert(start, end);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Vec<(Option<String>, usize, Result<String, String>)> {
        pieces(text.as_bytes()).map(|p| p.unwrap()).map(|p| (p.header, p.line, p.text)).collect()
    }

    #[test]
    fn a_document_without_headers_is_one_hand_and_blank_text_is_none() {
        let doc = "variant = 'NT'\nactions = [\n  'p1 f',\n]\n";
        assert_eq!(split(doc), [(None, 1, Ok(doc.to_string()))]);
        assert!(split("").is_empty());
        assert!(split("# only a comment\n\n").is_empty());
        assert_eq!(split("\u{feff}x = 1").len(), 1);
    }

    #[test]
    fn headers_inside_arrays_and_strings_do_not_split() {
        let doc =
            "[1]\na = [\n  [1, 2],\n  '[x]',\n  \"[y]\", # [z]\n]\nb = '[' # [\n  [2]\nc = 1\n";
        let got = split(doc);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!((got[1].0.as_deref(), got[1].1), (Some("2"), 8));
        assert_eq!(got[1].2.as_deref(), Ok("  [2]\nc = 1\n"));
    }

    #[test]
    fn a_header_after_an_unclosed_array_still_starts_a_hand() {
        let doc = "[1]\nactions = ['p1 f'\n[2]\nx = 1\n[3]\ny = [\n  [4]\n]\n";
        let got = split(doc);
        let names: Vec<_> = got.iter().map(|p| (p.0.clone().unwrap(), p.1)).collect();
        assert_eq!(names, [("1".into(), 1), ("2".into(), 3), ("3".into(), 5)]);
    }

    #[test]
    fn repeated_names_bad_bytes_and_huge_hands_are_reported_per_hand() {
        let got = split("[1]\nx = 1\n[2]\nx = 1\n[1]\nx = 2\n['a']\n[a]\n[3]\n");
        assert_eq!(got[2].2, Err("section [1] appears twice in this file".into()));
        assert_eq!(got[4].2, Err("section [a] appears twice in this file".into()));
        assert!(got[5].2.is_ok());
        let mut bytes = b"[1]\nx = 1\n[2]\nx = 1\ny = '\xff'\n[3]\nz = 1\n".to_vec();
        let got: Vec<_> = pieces(&bytes[..]).map(|p| p.unwrap()).collect();
        assert_eq!(got[1].text, Err("line 5: the text is not UTF-8".into()));
        assert!(got[2].text.is_ok());
        bytes = format!("[1]\nx = '{}'\n[2]\nx = 1\n", "a".repeat(MAX_HAND_BYTES)).into_bytes();
        let got: Vec<_> = pieces(&bytes[..]).map(|p| p.unwrap()).collect();
        assert!(got[0].text.as_ref().unwrap_err().contains("larger than 1 MiB"));
        assert_eq!(got[1].text.as_deref(), Ok("[2]\nx = 1\n"));
    }

    /// Both readers' sections: (header, line) for each, or the TOML error's line.
    fn read(text: &str) -> Result<Vec<(Option<String>, usize)>, usize> {
        let sections: Result<Vec<_>, _> = crate::phh::toml::sections(text).collect();
        let sections = sections.map_err(|e| e.line)?;
        Ok(sections
            .into_iter()
            .filter(|s| s.header.is_some() || !s.entries.is_empty())
            .map(|s| (s.header, s.line))
            .collect())
    }

    #[test]
    fn a_carriage_return_before_a_header_starts_a_hand_for_the_splitter_and_the_reader() {
        // Found by the fuzzer: the reader skipped the `\r` and read a section `[]` of three
        // keys; the splitter saw a line not starting with `[` and one hand without a header.
        let text = "\r[]\nr=''\ne=3\nn=2";
        let got = split(text);
        assert_eq!(got, [(Some(String::new()), 1, Ok(text.to_string()))]);
        assert_eq!(read(text), Ok(vec![(Some(String::new()), 1)]));
        // A Windows line end before a header, and tabs and spaces, likewise.
        let text = "[1]\r\nx = 1\r\n \t\r[2]\r\nx = 2\r\n";
        let names: Vec<_> = split(text).into_iter().map(|p| (p.0, p.1)).collect();
        assert_eq!(names, [(Some("1".into()), 1), (Some("2".into()), 3)]);
        assert_eq!(read(text), Ok(names));
    }

    #[test]
    fn a_header_line_inside_a_multiline_array_ends_the_hand_for_the_splitter_and_the_reader() {
        // Found by the fuzzer: a line `[3]` in the first column inside an open array was a
        // header to the splitter but an array item to the reader.
        let text = "[1]\nx = [1, 2,\n[3]\n, 4]\n";
        let got = split(text);
        let names: Vec<_> = got.iter().map(|p| (p.0.clone(), p.1)).collect();
        assert_eq!(names, [(Some("1".into()), 1), (Some("3".into()), 3)]);
        // The reader stops at the same line: the array was never closed.
        let e = crate::phh::toml::parse(text).unwrap_err();
        assert_eq!((e.line, e.column), (3, 1), "{e}");
        assert!(e.message.starts_with("unclosed array"), "{e}");
        // Indented, or followed by more than a comment, the line is an item to both.
        for text in ["[1]\nx = [\n  [3],\n]\n", "[1]\nx = [\n[3], [4]\n]\n"] {
            assert_eq!(split(text).len(), 1, "{text:?}");
            assert_eq!(read(text), Ok(vec![(Some("1".into()), 1)]), "{text:?}");
        }
    }

    #[test]
    fn runs_of_numbers_find_repeats_in_any_order() {
        let mut set = HeaderSet::default();
        for n in [5u64, 3, 4, 7, 6, 1, 2, 0] {
            assert!(set.insert_number(n), "{n}");
        }
        assert_eq!(set.runs.len(), 1);
        for n in 0..8 {
            assert!(!set.insert_number(n), "{n}");
        }
        assert!(set.insert("08") && !set.insert("08") && set.insert("8"));
        assert!(set.insert(&u64::MAX.to_string()) && !set.insert(&u64::MAX.to_string()));
    }

    /// Lines of PHH texts, valid and broken, for the property below: headers of every form,
    /// strings of the four kinds (closed, unclosed, holding `[`, `#` or a header line), arrays
    /// and inline tables over lines, comments.
    const LINES: &[&str] = &[
        "[1]",
        "[2]",
        " [3]",
        "\r[4]",
        "[[5]]",
        "[6] # next",
        "[7] x = 1",
        "[8",
        "['9']",
        "[]",
        "a = 1",
        "b = 'x'",
        "c = \"y\"",
        "d = [1, 2,",
        "  3]",
        "]",
        "[10, 11],",
        "e = '[1]'",
        "f = \"# [2]\"",
        "g = 'open",
        "h = \"open",
        "i = '''",
        "j = \"\"\"",
        "'''",
        "\"\"\"",
        "k = '''x'''",
        "l = {m = 1, n = [2]}",
        "o = {p = 1,",
        "}",
        "# [1] a comment",
        "q = \"a\\\"[\"",
        "r = \"a\\\\\"",
        "s = [",
        "'[3]',",
        "t = \"\\u0041\"",
        "",
        "  ",
        "u = [ # [",
        "v = \"x\\",
        "w = ''' [1] '''",
        "\"\"\" ]",
        "x = 'it''s'",
        "y = 2 ]",
        "z = [[1], [2]]",
        "actions = ['p1 f',",
        "'p2 cc']",
        "'a b' = 1",
        "= 1",
    ];

    fn document() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let lines = prop::collection::vec(prop::sample::select(LINES), 0..14);
        let built = (lines, prop::sample::select(&["\n", "\r\n"][..]), any::<bool>()).prop_map(
            |(lines, end, last)| {
                let mut text = lines.join(end);
                if last {
                    text.push_str(end);
                }
                text
            },
        );
        prop_oneof![3 => built, 1 => "[\\[\\]{}'\"#\\\\a1=,. \r\n]{0,60}"]
    }

    /// Whether a TOML error's line lies within the hand that starts on `start` and holds
    /// `text` (an error may stand one line past the hand's last newline: at its end).
    fn within(line: usize, start: usize, text: &str) -> bool {
        line >= start && line <= start + text.bytes().filter(|&b| b == b'\n').count()
    }

    /// Whether the splitter and the TOML readers agree on `text`: each piece, read alone, is
    /// one hand, its own (or broken within itself); the whole text, read at once, gives the
    /// pieces' hands in order up to its first error, and that error lies in the next piece,
    /// which is broken alone too.
    fn agree(text: &str) -> Result<(), String> {
        let pieces: Vec<Piece> = pieces(text.as_bytes()).map(Result::unwrap).collect();
        let mut broken = Vec::new();
        for (k, piece) in pieces.iter().enumerate() {
            let Ok(own) = &piece.text else {
                broken.push(true);
                continue;
            };
            let mut hands = Vec::new();
            let mut error = None;
            for hand in crate::phh::read::hands_at(own, piece.line) {
                match hand {
                    Ok(h) if h.header.is_none() && h.empty => {}
                    Ok(h) => hands.push((h.header.map(str::to_string), h.line)),
                    Err(e) => error = Some(e),
                }
            }
            match error {
                Some(e) if hands.is_empty() && within(e.line, piece.line, own) => broken.push(true),
                None if hands == [(piece.header.clone(), piece.line)] => broken.push(false),
                _ => return Err(format!("piece {k} ({piece:?}) reads as {hands:?}, {error:?}")),
            }
        }
        let mut k = 0;
        for section in crate::phh::toml::sections(text) {
            let (name, line) = match section {
                Ok(s) if s.header.is_none() && s.entries.is_empty() => continue,
                Ok(s) => (s.header, s.line),
                // The reader reads a header before it yields the hand above it: an error on a
                // header line (a name given twice, text after it) may belong to the next piece.
                Err(e) => {
                    let holds = |j: usize, header_line: bool| {
                        pieces.get(j).is_some_and(|p| {
                            let twice = e.message.contains("appears twice") && e.line == p.line;
                            let within = match &p.text {
                                Ok(own) => within(e.line, p.line, own),
                                Err(_) => twice,
                            };
                            broken[j] && within && (!header_line || e.line == p.line)
                        })
                    };
                    if !holds(k, false) && !holds(k + 1, true) {
                        return Err(format!("the text's error {e} is not in piece {k} or after"));
                    }
                    return Ok(());
                }
            };
            let piece = pieces.get(k).ok_or("more hands than pieces")?;
            if (&name, line) != (&piece.header, piece.line) || broken[k] {
                return Err(format!("hand {k}: {name:?} at {line}, piece {piece:?}"));
            }
            k += 1;
        }
        match k == pieces.len() {
            true => Ok(()),
            false => Err(format!("{k} hands read, {} pieces", pieces.len())),
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(4000))]

        /// The splitter and the readers find the same hands, and the same broken ones.
        #[test]
        fn the_splitter_and_the_readers_agree_on_every_text(text in document()) {
            if let Err(why) = agree(&text) {
                proptest::prop_assert!(false, "{why}\n{text:?}");
            }
        }
    }

    #[test]
    fn a_multiline_string_holding_a_header_line_is_one_broken_hand() {
        let texts =
            ["[1]\na = '''\n  [2]\n'''\n", "[1]\na = \"\"\"\n [2] \\\n\"\"\"\n[3]\nb = 1\n"];
        for text in texts {
            agree(text).unwrap();
            let got = split(text);
            assert_eq!(got[0].2.as_deref(), Ok(text.split("[3]").next().unwrap()), "{text:?}");
        }
    }
}
