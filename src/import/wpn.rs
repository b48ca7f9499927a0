//! WPN hand-history text (the Winning Poker Network: Americas Cardroom, Black Chip Poker,
//! Yatahay, True Poker) as a [`SiteFormat`]. WPN's newer texts (`Hand #151588328 -
//! Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC`, `Game Hand #...` for
//! tournaments) are close to PokerStars' form, so a hand is cut, read and built into its record
//! by the PokerStars reader ([`super::stars::StarsForm`]) once WPN's words are put in
//! PokerStars' ([`super::wpn_lines`]). Its older texts (`Game started at: 2014/3/8 22:22:19`)
//! are cut into hands too, each reported as not replayed with the reason. Some of its texts
//! are UTF-16, which every format's input reads ([`super::utf16`]).
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = "Hand #70 - Holdem(No Limit) - $1.00/$2.00 - 2021/04/20 18:33:50 UTC\n\
//! Oslo 6-max Seat #1 is the button\nSeat 1: Lina ($100.00)\nSeat 2: Tom ($80.00)\n\
//! Lina posts the small blind $1.00\nTom posts the big blind $2.00\n*** HOLE CARDS ***\n\
//! Lina raises $6.00 to $6.00\nTom folds\nUncalled bet ($4.00) returned to Lina\n\
//! Lina does not show\n*** SUMMARY ***\nTotal pot $4.00\n\
//! Seat 1: Lina (button) (small blind) did not show and won $4.00\n\
//! Seat 2: Tom (big blind) folded on the Pre-Flop\n";
//! let f = Format::named("wpn").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("70"));
//! assert!(hands[0].phh.contains("venue = \"WPN\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use std::io::BufRead;
use std::sync::Arc;

use super::format::{FormatWords, HandSplit, SiteFormat, SiteHand};
use super::split::{HandText, StarsHands};
use super::stars::{first_line, unnamed_pots_if_none_named, StarsForm};
use super::wpn_lines::{first_number, hand_number, parse_hand, CASH, OLDER, TOURNEY};
use crate::phh::record::RecordError;
use crate::phh::HandReport;
use crate::record::HandRecord;

static WORDS: FormatWords = FormatWords {
    names: &["wpn", "acr"],
    text: "WPN hand-history text",
    texts: "WPN hand-history text",
    short: "WPN text",
    shorts: "WPN text",
    help: "WPN (Americas Cardroom, Black Chip, Yatahay, True Poker) hand-history text",
    no_hand: "no `Hand #`, `Game Hand #` or `Game started at:` header",
    not_detected: "its first line does not start `Hand #N - `, `Game Hand #` or `Game started at:`",
};

/// WPN's text read as PokerStars' form is, with its own parse. The older texts have no
/// PokerStars summary line, and a newer hand without one is told cut off by the reader.
static WPN: StarsForm = StarsForm {
    venue: "WPN",
    parse: parse_hand,
    finish: unnamed_pots_if_none_named,
    number: first_number,
    summary: "",
};

/// Where hands start: a tournament hand's header before the cash game's it holds.
static HEADERS: [&str; 3] = [TOURNEY, CASH, OLDER];

/// WPN hand-history text, one or many hands per file.
pub struct WpnText;

/// The format, for [`super::format::FORMATS`].
pub static WPN_TEXT: WpnText = WpnText;

impl SiteFormat for WpnText {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// The first non-blank line is a header: `Hand #DIGITS - `, `Game Hand #DIGITS - ` or
    /// `Game started at: `.
    fn detect(&self, head: &[u8]) -> bool {
        first_line(head).is_some_and(|first| {
            let numbered = |rest: &[u8]| {
                let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                digits > 0 && rest[digits..].starts_with(b" - ")
            };
            first.strip_prefix(TOURNEY.as_bytes()).is_some_and(numbered)
                || first.strip_prefix(CASH.as_bytes()).is_some_and(numbered)
                || first.starts_with(OLDER.as_bytes())
        })
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(Hands(StarsHands::with_any(input, &HEADERS)))
    }
}

/// The hands of a WPN text.
struct Hands<R>(StarsHands<R>);

impl<R: BufRead> Iterator for Hands<R> {
    type Item = std::io::Result<Arc<dyn SiteHand>>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.0.next()?.map(|h| Arc::new(WpnHand(h)) as Arc<dyn SiteHand>))
    }
}

impl<R: BufRead> HandSplit for Hands<R> {
    fn held(&self) -> usize {
        self.0.held()
    }
}

/// A hand of a WPN text, its number read from its first line or (older texts) its second.
#[derive(Debug)]
struct WpnHand(HandText);

impl SiteHand for WpnHand {
    fn line(&self) -> usize {
        self.0.line
    }

    fn weight(&self) -> usize {
        self.0.len()
    }

    fn number(&self) -> Option<String> {
        hand_number(&self.0)
    }

    fn read(&self, take: &mut dyn FnMut(Result<HandRecord<'_>, RecordError>)) {
        WPN.read(&self.0, take);
    }

    fn phh(&self) -> String {
        WPN.phh(&self.0)
    }

    fn replay(&self, source: &str, section: &str, check: bool) -> Vec<HandReport> {
        WPN.replay(&self.0, source, section, check)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_header_is_told_and_starts_a_hand() {
        let cash = "Hand #1 - Holdem(No Limit) - $1/$2 - 2019/01/01 00:00:00 UTC";
        let tour = "Game Hand #2 - Tournament #3 - Holdem(No Limit) - Level 1 (10/20)- 2019/01/01 00:00:00 UTC";
        let older = "Game started at: 2014/3/8 22:22:19";
        for first in [cash, tour, older] {
            assert!(WPN_TEXT.detect(format!("\r\n{first}\n").as_bytes()), "{first}");
        }
        assert!(!WPN_TEXT.detect(b"Hand #x - Holdem\n"));
        assert!(!WPN_TEXT.detect(b"PokerStars Hand #1: Hold'em No Limit (1/2)\n"));
        let text = format!(
            "{cash}\nSeat 1: a ($1)\n{tour}\nSeat 1: b (1)\n{older}\nGame ID: 4 1/2 T (Hold'em)\n"
        );
        let hands: Vec<_> =
            StarsHands::with_any(text.as_bytes(), &HEADERS).map(Result::unwrap).collect();
        assert_eq!(hands.iter().map(|h| h.line).collect::<Vec<_>>(), [1, 3, 5]);
        let numbers: Vec<_> = hands.iter().map(hand_number).collect();
        assert_eq!(numbers, [Some("1".into()), Some("2".into()), Some("4".into())]);
    }
}
