//! Cake Poker's hand-history text (the Cake network: Cake Poker, Doyle's Room and its other
//! skins) as a [`SiteFormat`]. Cake writes a short text of its own (`Hand#2701011985001689 -
//! Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 00:53:30`, cards written
//! `[7c,Th]`, raises written `raises to $0.30`, each pot's winner written `NAME wins $0.56`,
//! no summary, no total pot and no rake), close enough to PokerStars' in what it says that a
//! hand is cut, read and built into its record by the PokerStars reader
//! ([`super::stars::StarsForm`]) once Cake's words are put in PokerStars'
//! ([`super::cake_lines`]). Some files start with two byte-order marks, the second one
//! decoded as Windows-1252 (`ï»¿`).
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = "Hand#70 - Oslo (6-max) 5 -- $1/$2 NL Hold'em -- 2011/08/28 - 00:53:30\n\
//! Seat 1: Lina ($100 in chips) DEALER\nSeat 2: Tom ($80 in chips)\n\
//! Lina: posts small blind $1\nTom: posts big blind $2\nLina: raises to $6\nTom: folds\n\
//! Lina: returns uncalled bet $4\n***SHOW DOWN***\nLina: mucks\nLina wins $4\n";
//! let f = Format::named("cake").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("70"));
//! assert!(hands[0].phh.contains("venue = \"Cake\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use std::io::BufRead;

use super::cake_lines::{hand_number, parse_hand, HEADER};
use super::format::{FormatWords, HandSplit, SiteFormat};
use super::split::StarsHands;
use super::stars::{first_line, unnamed_pots_if_none_named, Hands, StarsForm};

static WORDS: FormatWords = FormatWords {
    names: &["cake"],
    text: "Cake hand-history text",
    texts: "Cake hand-history text",
    short: "Cake text",
    shorts: "Cake text",
    help: "Cake network (Cake Poker, Doyle's Room) hand-history text",
    no_hand: "no `Hand#` header",
    not_detected: "its first line does not start `Hand#`",
};

/// Cake's text read as PokerStars' form is, with its own parse: the collected lines name no
/// pot, so each seat's are held to what the replay pays it from all the pots together. Cake
/// writes no summary: its parse tells a hand cut off.
static CAKE: StarsForm = StarsForm {
    venue: "Cake",
    parse: parse_hand,
    finish: unnamed_pots_if_none_named,
    number: hand_number,
    summary: "",
};

/// Cake hand-history text, one or many hands per file.
pub struct CakeText;

/// The format, for [`super::format::FORMATS`].
pub static CAKE_TEXT: CakeText = CakeText;

impl SiteFormat for CakeText {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// The first non-blank line, after any byte-order marks (one may be written as the
    /// Windows-1252 letters `ï»¿`), starts `Hand#` and a hand number.
    fn detect(&self, head: &[u8]) -> bool {
        first_line(head).is_some_and(|first| {
            let mut l = first;
            while let Some(rest) =
                l.strip_prefix("\u{feff}".as_bytes()).or_else(|| l.strip_prefix("ï»¿".as_bytes()))
            {
                l = rest;
            }
            l.strip_prefix(HEADER.as_bytes()).is_some_and(|r| {
                r.first().is_some_and(u8::is_ascii_alphanumeric)
                    && r.windows(4).any(|w| w == b" -- ")
            })
        })
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(Hands(StarsHands::with_header(input, HEADER), &CAKE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_told_through_its_byte_order_marks() {
        let first = "Hand#2701011985001689 - Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 00:53:30\n";
        assert!(CAKE_TEXT.detect(first.as_bytes()));
        assert!(CAKE_TEXT.detect(format!("\u{feff}ï»¿{first}").as_bytes()));
        assert!(!CAKE_TEXT.detect(b"Hand# - x\n"));
        assert!(
            !CAKE_TEXT.detect(b"Hand #1 - Holdem(No Limit) - $1/$2 - 2019/01/01 00:00:00 UTC\n")
        );
    }
}
