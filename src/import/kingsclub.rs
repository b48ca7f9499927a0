//! KingsClub's hand-history text as a [`SiteFormat`]. KingsClub writes a short text of its own
//! (`#39555673: Limit Holdem - 40/80`, the date on the next line, actions without a colon
//! after the name, every bet and call written as the player's bet on the street after it, no
//! uncalled bet, no total pot, a summary giving each seat's stack after the hand): a hold'em or
//! Omaha hand is read by the PokerStars reader once its words are put in PokerStars'
//! ([`super::kingsclub_lines`], [`super::kingsclub_play`]); a stud, razz or draw hand by the
//! reader of Full Tilt's stud and draw hands once put in Full Tilt's
//! ([`super::kingsclub_stud`]). What each player is said to win is held to the replay's pots
//! after the rake, and each seat's stack after the hand to the replay's.
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = "#70: No Limit Holdem - 1/2\n2021-01-02 15:39:12\nTable 'Oslo' Seat 1 is the button\n\
//! Seat 1: Lina (100)\nSeat 2: Tom (80)\nLina: posts the small blind 1\n\
//! Tom: posts the big blind 2\n*** HOLE CARDS ***\nLina raises to 6\nTom folds\n\
//! *** SUMMARY ***\nSeat 1: Lina (102) +2\nSeat 2: Tom (78) -2\nLina wins pot (4)\n";
//! let f = Format::named("kingsclub").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("70"));
//! assert!(hands[0].phh.contains("venue = \"KingsClub\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::sync::Arc;

use super::format::{FormatWords, HandSplit, SiteFormat, SiteHand};
use super::kingsclub_lines::{hand_number, is_header, parse_hand, start, Kind};
use super::kingsclub_summary::ending;
use super::lines::Line;
use super::pokerstars::{Refusal, StarsHand};
use super::split::{HandText, TextLines};
use super::stars::{first_line, unnamed_pots_if_none_named, FormHand, StarsForm};
use crate::phh::Amount;
use crate::record::{HandRecord, Unreplayable};

static WORDS: FormatWords = FormatWords {
    names: &["kingsclub", "kings-club"],
    text: "KingsClub hand-history text",
    texts: "KingsClub hand-history text",
    short: "KingsClub text",
    shorts: "KingsClub text",
    help: "KingsClub hand-history text",
    no_hand: "no `#NUMBER: LIMIT GAME - SMALL/BIG` header",
    not_detected: "its first line is not `#NUMBER: LIMIT GAME - SMALL/BIG` followed by a `YYYY-MM-DD HH:MM:SS` line",
};

/// KingsClub's text read as PokerStars' form is, with its own parse and finish.
static KINGSCLUB: StarsForm = StarsForm {
    venue: "KingsClub",
    parse: parse_hand,
    finish,
    number: hand_number,
    summary: "*** SUMMARY ***",
};

/// Completes a hand's record: a stud, razz or draw hand gets its play
/// ([`super::kingsclub_stud`]); a board run more than once, each live player's choice of runs;
/// every hand, each seat's stack after the hand as the summary gives it, for `--check`; the
/// collected lines name no pot.
fn finish(h: &HandText, hand: &StarsHand, r: &mut HandRecord<'_>) {
    let lines: Vec<Line<'_>> = h.lines().collect();
    if let Ok(s) = start(&lines, h.line) {
        let play = &lines[s.play_at..];
        match s.header.kind {
            Kind::Table(g) if matches!(hand.refusal, Some(Refusal::NotSupported(_))) => {
                match super::kingsclub_stud::read(play, &s.seats, g) {
                    // A hand refused is not built: its lines may stop at what is refused.
                    Ok(read) if read.refusal.is_some() => {
                        r.unreplayable = read.refusal.map(Unreplayable::Unsupported);
                    }
                    Ok(read) => {
                        let ft: Vec<Line<'_>> =
                            read.lines.iter().map(|(n, t)| Line { number: *n, text: t }).collect();
                        super::fulltilt_stud::complete_play(&ft, hand, g, &read.away, r);
                    }
                    Err(e) => {
                        let why = format!("line {}: {}", e.line, e.why);
                        r.unreplayable = Some(Unreplayable::Unreadable(why));
                    }
                }
            }
            Kind::Board(_) if r.unreplayable.is_none() => runs(play, r),
            _ => {}
        }
        if r.unreplayable.is_none() {
            final_stacks(play, &s.seats, r);
        }
    }
    unnamed_pots_if_none_named(h, hand, r);
}

/// Each live player's choice of runs before the first card of a board run more than once
/// (`*** BOARD 2 - RIVER ***`).
fn runs(play: &[Line<'_>], r: &mut HandRecord<'_>) {
    let boards = play.iter().filter_map(|l| {
        let k = l.text.strip_prefix("*** BOARD ")?.split(' ').next()?.parse::<usize>().ok()?;
        Some((k, l.number))
    });
    let (mut many, mut first) = (0, None);
    for (k, n) in boards {
        many = many.max(k);
        first.get_or_insert(n);
    }
    let Some(first) = first.filter(|_| many > 1) else { return };
    let lines = &r.site_text.action_lines;
    if let Some(at) = lines.iter().position(|&l| l == Some(first as u64)) {
        super::runs::choose_runs(r, at, many, first);
    }
}

/// Each player's stack after the hand, from the summary's seat lines, into the record (in its
/// players' order), each line kept for the messages of `--check`.
fn final_stacks(play: &[Line<'_>], seats: &[(u32, &str, i64, usize)], r: &mut HandRecord<'_>) {
    let Some(at) = play.iter().position(|l| l.text == "*** SUMMARY ***") else { return };
    let stacks: Vec<(&str, i64)> = seats.iter().map(|s| (s.1, s.2)).collect();
    let Ok(e) = ending(play[at].number, &play[at + 1..], &stacks) else { return };
    let Some(players) = r.players.as_ref() else { return };
    let places = r.starting_stacks.first().map_or(2, |a| a.places);
    let mut finishing = Vec::with_capacity(players.len());
    let mut lines = Vec::with_capacity(players.len());
    for p in players {
        let Some(&(_, n, c)) = e.stacks.iter().find(|x| seats[x.0].1 == p.as_ref()) else {
            let why = format!("line {}: the summary gives no stack for {p}", e.line);
            r.unreplayable = Some(Unreplayable::Unreadable(why));
            return;
        };
        finishing.push(in_places(c, places));
        lines.push(n);
    }
    r.finishing_stacks = Some(finishing);
    if let Some(a) = r.accounting.as_mut() {
        a.seat_lines = lines;
    }
}

/// Hundredths as an amount of `places` decimal places (of two when `places` cannot hold it).
fn in_places(c: i64, places: u8) -> Amount {
    match places {
        0 | 1 if c % 10i64.pow(u32::from(2 - places)) == 0 => {
            Amount { units: c / 10i64.pow(u32::from(2 - places)), places }
        }
        p @ 3..=9 => Amount { units: c.saturating_mul(10i64.pow(u32::from(p - 2))), places: p },
        _ => Amount { units: c, places: 2 },
    }
}

/// KingsClub hand-history text, one or many hands per file.
pub struct KingsClubText;

/// The format, for [`super::format::FORMATS`].
pub static KINGSCLUB_TEXT: KingsClubText = KingsClubText;

impl SiteFormat for KingsClubText {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// The first non-blank line is a header (`#NUMBER: LIMIT GAME - SMALL/BIG`) and the next
    /// a date and time (`2020-12-21 12:05:29`).
    fn detect(&self, head: &[u8]) -> bool {
        let Some(first) = first_line(head) else { return false };
        let mut lines = head
            .split(|&b| b == b'\n' || b == b'\r')
            .map(<[u8]>::trim_ascii)
            .filter(|l| !l.is_empty())
            .skip(1);
        let date = lines.next().is_some_and(|d| {
            d.len() == 19 && d[4] == b'-' && d[10] == b' ' && d[..4].iter().all(u8::is_ascii_digit)
        });
        date && std::str::from_utf8(first).is_ok_and(is_header)
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(KingsClubHands {
            lines: TextLines::new(input),
            current: None,
            ready: VecDeque::new(),
            done: false,
        })
    }
}

/// The hands of a KingsClub text: each starts at a header line; lines before the first are
/// no hand's.
struct KingsClubHands<R> {
    lines: TextLines<R>,
    current: Option<HandText>,
    ready: VecDeque<HandText>,
    done: bool,
}

impl<R: BufRead> KingsClubHands<R> {
    /// Reads lines until a hand is complete or the input ends.
    fn fill(&mut self) -> io::Result<()> {
        while self.ready.is_empty() && !self.done {
            let Some((number, text)) = self.lines.next_line()? else {
                self.done = true;
                self.ready.extend(self.current.take());
                break;
            };
            let line = super::lines::trim(text);
            if line.is_empty() {
                continue;
            }
            if is_header(line) {
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

impl<R: BufRead> Iterator for KingsClubHands<R> {
    type Item = io::Result<Arc<dyn SiteHand>>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Err(e) = self.fill() {
            self.done = true;
            self.current = None;
            return Some(Err(e));
        }
        let h = self.ready.pop_front()?;
        Some(Ok(Arc::new(FormHand(h, &KINGSCLUB)) as Arc<dyn SiteHand>))
    }
}

impl<R: BufRead> HandSplit for KingsClubHands<R> {
    fn held(&self) -> usize {
        self.current.as_ref().map_or(0, HandText::len) + self.lines.held()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_told_by_its_header_and_date() {
        assert!(KINGSCLUB_TEXT
            .detect(b"\r\n#39555673: Limit Holdem - 40/80\r\n2020-12-21 12:05:29\r\n"));
        assert!(!KINGSCLUB_TEXT.detect(b"#39555673: Limit Holdem - 40/80\nTable 'x'\n"));
        assert!(!KINGSCLUB_TEXT.detect(b"#Game No : 79911308\n2020-12-21 12:05:29\n"));
        assert!(!KINGSCLUB_TEXT.detect(b""));
    }

    #[test]
    fn hands_are_cut_at_each_header() {
        let text = "junk\n#1: Limit Holdem - 1/2\na\n\n#2: No Limit Holdem - 1/2\nb\n";
        let hands: Vec<Vec<String>> = KINGSCLUB_TEXT
            .split(Box::new(text.as_bytes()))
            .map(|h| {
                let h = h.unwrap();
                vec![h.line().to_string(), h.number().unwrap_or_default()]
            })
            .collect();
        assert_eq!(hands, [vec!["2", "1"], vec!["5", "2"]]);
    }

    #[test]
    fn hundredths_are_put_in_the_record_s_unit() {
        assert_eq!(in_places(99_900, 0), Amount { units: 999, places: 0 });
        assert_eq!(in_places(99_950, 0), Amount { units: 99_950, places: 2 });
        assert_eq!(in_places(5, 3), Amount { units: 50, places: 3 });
    }
}
