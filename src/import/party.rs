//! PartyPoker hand-history text (and the skins writing it) as a [`SiteFormat`]. A hand opens
//! with up to three header lines (`Game #N starts.`, `#Game No : N`, `***** Hand History for
//! Game N *****`, each one left out by some texts), then a game line (`$0.05/$0.10 USD NL
//! Texas Hold'em - Tuesday, ...`, or for a tournament `NL Texas Hold'em $11 USD Buy-in Trny: N
//! Level: 7  Blinds(300/600) - ...`), amounts in brackets (`calls [$0.05 USD]`), and no summary:
//! the hand ends with its `wins` lines. Its words are put in PokerStars' ([`super::party_lines`])
//! and the hand is read and built into its record by the PokerStars reader
//! ([`super::stars::StarsForm`]).
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = "Game #70 starts.\n#Game No : 70\n***** Hand History for Game 70 *****\n\
//! $1/$2 USD NL Texas Hold'em - Tuesday, March 02, 13:04:49 EST 2021\nTable Oslo (Real Money)\n\
//! Seat 1 is the button\nTotal number of players : 2/6\nSeat 1: Lina ( $100 USD )\n\
//! Seat 2: Tom ( $80 USD )\nLina posts small blind [$1 USD].\nTom posts big blind [$2 USD].\n\
//! ** Dealing down cards **\nLina raises [$5 USD]\nTom folds\nLina does not show cards.\n\
//! Lina wins $8 USD\n";
//! let f = Format::named("partypoker").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("70"));
//! assert!(hands[0].phh.contains("venue = \"PartyPoker\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::sync::Arc;

use super::format::{FormatWords, HandSplit, SiteFormat, SiteHand};
use super::lines::{find, trim};
use super::party_lines::{hand_number, parse_hand};
use super::split::{HandText, TextLines};
use super::stars::{unnamed_pots_if_none_named, FormHand, StarsForm};

/// PartyPoker hand-history text, one or many hands per file.
pub struct PartyText;

static WORDS: FormatWords = FormatWords {
    names: &["partypoker", "party"],
    text: "PartyPoker hand-history text",
    texts: "PartyPoker hand-history text",
    short: "PartyPoker text",
    shorts: "PartyPoker text",
    help: "PartyPoker hand-history text (`***** Hand History for Game N *****`)",
    no_hand: "no `***** Hand History for Game` header",
    not_detected: "its first line is not `Game #N starts.`, `#Game No : N` before `***** Hand History for Game N *****`, nor that line",
};

/// PartyPoker's text read as PokerStars' form is, with its own parse. Party writes no
/// summary: a hand without a `wins` line is cut off, which the parse tells.
static PARTY: StarsForm = StarsForm {
    venue: "PartyPoker",
    parse: parse_hand,
    finish: unnamed_pots_if_none_named,
    number: hand_number,
    summary: "",
};

/// The format's one value, as [`super::format::FORMATS`] lists it.
pub static PARTY_TEXT: PartyText = PartyText;

/// The kinds of header line a Party hand opens with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Header {
    /// `Game #N starts.`
    Starts,
    /// `#Game No : N`
    GameNo,
    /// `***** Hand History for Game N *****` (`For` in some texts).
    Title,
}

/// A title line as Party writes it (no site's name before `Hand History`, as 888's skins
/// write).
fn is_title(t: &str) -> bool {
    t.starts_with("***** Hand History for Game ") || t.starts_with("***** Hand History For Game ")
}

/// Where a header line starts in `line` (at its start, or glued to the end of a line that was
/// cut off), and its kind.
fn header_at(line: &str) -> Option<(usize, Header)> {
    // Every header holds a `#` or a `*` (most lines of play hold neither), and the word
    // `Game` (the streets' `** Dealing ... **` lines do not): two quick searches skip the
    // others.
    memchr::memchr2(b'#', b'*', line.as_bytes())?;
    find(line, "Game")?;
    let mut best: Option<(usize, Header)> = None;
    let mut take = |k: usize, h: Header| {
        if best.is_none_or(|(b, _)| k < b) {
            best = Some((k, h));
        }
    };
    if let Some(k) = find(line, "#Game No : ") {
        take(k, Header::GameNo);
    }
    if let Some(k) = find(line, "***** Hand History ")
        && is_title(&line[k..])
    {
        take(k, Header::Title);
    }
    if line.ends_with(" starts.")
        && let Some(k) = find(line, "Game #")
        && !line[..k].ends_with('#')
    {
        take(k, Header::Starts);
    }
    best
}

impl SiteFormat for PartyText {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// The first non-blank line is `Game #N starts.` or Party's title, or `#Game No : N`
    /// followed by Party's title (888 writes its site's name in the title).
    fn detect(&self, head: &[u8]) -> bool {
        let mut lines = head
            .split(|&b| b == b'\n' || b == b'\r')
            .map(|l| l.trim_ascii().trim_ascii_start_matches_nul())
            .filter(|l| !l.is_empty());
        let Some(first) = lines.next() else { return false };
        let first = String::from_utf8_lossy(first);
        match header_at(&first) {
            Some((0, Header::Starts | Header::Title)) => true,
            Some((0, Header::GameNo)) => {
                lines.next().is_some_and(|second| is_title(&String::from_utf8_lossy(second)))
            }
            _ => false,
        }
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(PartyHands {
            lines: TextLines::new(input),
            current: None,
            opening: None,
            ready: VecDeque::new(),
            done: false,
        })
    }
}

/// Trims NUL bytes (some Party files start with one) from the start of a line.
trait TrimNul {
    fn trim_ascii_start_matches_nul(&self) -> &Self;
}

impl TrimNul for [u8] {
    fn trim_ascii_start_matches_nul(&self) -> &[u8] {
        let k = self.iter().position(|&b| b != 0).unwrap_or(self.len());
        &self[k..]
    }
}

/// The hands of a Party text as it is read: a hand starts at a header line, unless the hand
/// being read holds header lines only and none of that kind yet (`Game #N starts.`, then
/// `#Game No : N`, then the title, are one hand's). Text before the first header is not a
/// hand.
struct PartyHands<R> {
    lines: TextLines<R>,
    current: Option<HandText>,
    /// The header lines of the hand being read, while it holds nothing else.
    opening: Option<Vec<Header>>,
    ready: VecDeque<HandText>,
    done: bool,
}

impl<R: BufRead> PartyHands<R> {
    /// The hand being read is whole: it is ready, unless it is only a `Game #N starts.` line
    /// (the last line of many files, the next hand never written).
    fn finish(
        current: &mut Option<HandText>,
        opening: &Option<Vec<Header>>,
        ready: &mut VecDeque<HandText>,
    ) {
        let only_starts = opening.as_deref() == Some(&[Header::Starts][..]);
        if let Some(h) = current.take()
            && !only_starts
        {
            ready.push_back(h);
        }
    }

    fn fill(&mut self) -> io::Result<()> {
        while self.ready.is_empty() && !self.done {
            let Some((number, text)) = self.lines.next_line()? else {
                self.done = true;
                Self::finish(&mut self.current, &self.opening, &mut self.ready);
                break;
            };
            let mut line = trim(text.trim_start_matches('\0'));
            if line.is_empty() {
                continue;
            }
            if let Some((k, kind)) = header_at(line) {
                if k > 0 {
                    let before = line[..k].trim();
                    if let Some(h) = self.current.as_mut() {
                        h.push(number, before);
                    }
                    self.opening = None;
                    line = &line[k..];
                }
                let same_hand = self.opening.as_ref().is_some_and(|o| {
                    !o.contains(&kind) && o.iter().all(|&h| (h as u8) < (kind as u8))
                });
                if same_hand {
                    if let Some(o) = self.opening.as_mut() {
                        o.push(kind);
                    }
                } else {
                    Self::finish(&mut self.current, &self.opening, &mut self.ready);
                    self.current = Some(HandText::new(number));
                    self.opening = Some(vec![kind]);
                }
            } else {
                self.opening = None;
            }
            if let Some(h) = self.current.as_mut() {
                h.push(number, line);
            }
        }
        Ok(())
    }
}

impl<R: BufRead> Iterator for PartyHands<R> {
    type Item = io::Result<Arc<dyn SiteHand>>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Err(e) = self.fill() {
            self.done = true;
            self.current = None;
            return Some(Err(e));
        }
        let h = self.ready.pop_front()?;
        Some(Ok(Arc::new(FormHand(h, &PARTY)) as Arc<dyn SiteHand>))
    }
}

impl<R: BufRead> HandSplit for PartyHands<R> {
    fn held(&self) -> usize {
        let hand = |h: &HandText| h.len() + 64;
        self.current.as_ref().map_or(0, hand)
            + self.ready.iter().map(hand).sum::<usize>()
            + self.lines.held()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> Vec<Vec<String>> {
        let hands = PARTY_TEXT.split(Box::new(text.as_bytes()));
        hands
            .map(|h| {
                let h = h.unwrap();
                let mut lines = Vec::new();
                h.read(&mut |_| {});
                lines.push(format!("{}", h.line()));
                lines.push(h.number().unwrap_or_default());
                lines
            })
            .collect()
    }

    #[test]
    fn a_text_is_told_by_its_first_header() {
        let title = "***** Hand History for Game 7 *****";
        assert!(PARTY_TEXT
            .detect(format!("\u{0}Game #7 starts.\n\n#Game No : 7\n{title}\n").as_bytes()));
        assert!(PARTY_TEXT.detect(format!("#Game No : 7\r\n{title}\r\n").as_bytes()));
        assert!(PARTY_TEXT.detect(b"***** Hand History For Game 7ab *****\n"));
        assert!(!PARTY_TEXT.detect(b"#Game No : 7\n***** 888poker Hand History for Game 7 *****\n"));
        assert!(!PARTY_TEXT.detect(b"PokerStars Hand #1: Hold'em No Limit (1/2)\n"));
        assert!(!PARTY_TEXT.detect(b""));
    }

    #[test]
    fn a_hand_starts_at_its_first_header_line_whichever_it_is() {
        let text =
            "junk\nGame #1 starts.\n\n#Game No : 1\n***** Hand History for Game 1 *****\nx\n\
                    #Game No : 2\n***** Hand History for Game 2 *****\ny\n\
                    ***** Hand History for Game 3 *****\nz.Game #4 starts.\n#Game No : 4\n";
        let hands = cut(text);
        let starts: Vec<&str> = hands.iter().map(|h| h[0].as_str()).collect();
        assert_eq!(starts, ["2", "7", "10", "11"]);
        let numbers: Vec<&str> = hands.iter().map(|h| h[1].as_str()).collect();
        assert_eq!(numbers, ["1", "2", "3", "4"]);
    }
}
