//! Full Tilt Poker hand-history text as a [`SiteFormat`]. Full Tilt writes a form close to
//! PokerStars' (`Full Tilt Poker Game #22162000001: Table Oslo (6 max) - $0.05/$0.10 - No
//! Limit Hold'em - 21:14:22 ET - 2010/06/12`, actions without a colon after the name, `raises
//! to $1`, `wins the pot ($2)`), so a hand is cut, read and built into its record by the
//! PokerStars reader ([`super::stars::StarsForm`]) once Full Tilt's words are put in
//! PokerStars' ([`super::fulltilt_lines`]); its stud, razz and draw hands, which the
//! PokerStars reader does not play, get their play from [`super::fulltilt_stud`] once that
//! reader has read their header and seats. Its hands start `Full Tilt Poker Game #` or, in
//! older texts, `FullTiltPoker Game #`; some of its texts are UTF-16, which every format's
//! input reads ([`super::utf16`]).
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = "Full Tilt Poker Game #70: Table Oslo (6 max) - $1/$2 - No Limit Hold'em - 13:04:49 ET - 2010/06/12\n\
//! Seat 1: Lina ($100)\nSeat 2: Tom ($80)\nLina posts the small blind of $1\nTom posts the big blind of $2\n\
//! The button is in seat #1\n*** HOLE CARDS ***\nLina raises to $6\nTom folds\n\
//! Uncalled bet of $4 returned to Lina\nLina mucks\nLina wins the pot ($4)\n*** SUMMARY ***\n\
//! Total pot $4 | Rake $0\nSeat 1: Lina (small blind) collected ($4), mucked\nSeat 2: Tom (big blind) folded before the Flop\n";
//! let f = Format::named("fulltilt").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("70"));
//! assert!(hands[0].phh.contains("venue = \"Full Tilt Poker\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use std::io::BufRead;

use super::format::{FormatWords, HandSplit, SiteFormat};
use super::fulltilt_lines::{hand_number, parse_hand, HEADER, OLD_HEADER};
use super::fulltilt_stud;
use super::pokerstars::{GameName, Refusal, StarsHand};
use super::split::{HandText, StarsHands};
use super::stars::{first_line, unnamed_pots_if_none_named, Hands, StarsForm};
use crate::record::HandRecord;

static WORDS: FormatWords = FormatWords {
    names: &["fulltilt", "full-tilt", "ftp"],
    text: "Full Tilt Poker hand-history text",
    texts: "Full Tilt Poker hand-history text",
    short: "Full Tilt text",
    shorts: "Full Tilt text",
    help: "Full Tilt Poker hand-history text",
    no_hand: "no `Full Tilt Poker Game #` header",
    not_detected: "its first line does not start `Full Tilt Poker Game #`",
};

/// Full Tilt's text read as PokerStars' form is, with its own parse.
static FULLTILT: StarsForm = StarsForm {
    venue: "Full Tilt Poker",
    parse: parse_hand,
    finish,
    number: hand_number,
    summary: "*** SUMMARY ***",
};

/// Completes a hand's record: a stud, razz or draw hand, built from its header and seats alone,
/// gets its play from its text ([`super::fulltilt_stud`]); the collected lines name no pot.
fn finish(h: &HandText, hand: &StarsHand, r: &mut HandRecord<'_>) {
    if let GameName::Other(name) = &hand.game
        && matches!(hand.refusal, Some(Refusal::NotSupported(_)))
        && let Some(Ok(g)) = fulltilt_stud::game(name)
    {
        fulltilt_stud::complete(h, hand, g, r);
    }
    unnamed_pots_if_none_named(h, hand, r);
}

/// Full Tilt Poker hand-history text, one or many hands per file.
pub struct FullTiltText;

/// The format, for [`super::format::FORMATS`].
pub static FULLTILT_TEXT: FullTiltText = FullTiltText;

impl SiteFormat for FullTiltText {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// The first non-blank line starts with either header.
    fn detect(&self, head: &[u8]) -> bool {
        first_line(head).is_some_and(|first| {
            first.starts_with(HEADER.as_bytes()) || first.starts_with(OLD_HEADER.as_bytes())
        })
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(Hands(StarsHands::with_headers(input, HEADER, OLD_HEADER), &FULLTILT))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_headers_are_told_and_start_hands() {
        let new =
            "Full Tilt Poker Game #1: Table A - $1/$2 - No Limit Hold'em - 1:00:00 ET - 2010/01/01";
        let old =
            "FullTiltPoker Game #2: Table B - $1/$2 - No Limit Hold'em - 1:00:00 ET - 2009/01/01";
        assert!(FULLTILT_TEXT.detect(format!("\r\n{new}\n").as_bytes()));
        assert!(FULLTILT_TEXT.detect(old.as_bytes()));
        assert!(!FULLTILT_TEXT.detect(b"PokerStars Hand #1: Hold'em No Limit (1/2)\n"));
        let text = format!("{new}\nSeat 1: a ($1)\n{old}\nSeat 1: b ($1)\n");
        let hands: Vec<_> = StarsHands::with_headers(text.as_bytes(), HEADER, OLD_HEADER)
            .map(Result::unwrap)
            .collect();
        assert_eq!(hands.iter().map(|h| h.line).collect::<Vec<_>>(), [1, 3]);
    }
}
