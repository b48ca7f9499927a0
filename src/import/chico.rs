//! The Chico network's hand-history text (BetOnline, PayNoRake, SportsBetting.ag and the
//! network's other skins) as a [`SiteFormat`]. Chico writes PokerStars' form with words of its
//! own (`BetOnline Poker Game #1593704164: Hold'em No Limit ($0.01/0.02) - ...`, `ante
//! processed`, `post dead`, a raise's first amount being the chips it puts in, seats counted
//! from 0, a summary whose `Total pot` is what the last pot paid), so a hand is cut, read and
//! built into its record by the PokerStars reader ([`super::stars::StarsForm`]) once Chico's
//! words are put in PokerStars' ([`super::chico_lines`], [`super::chico_play`]). What each seat
//! is said to have won is held to the replay's pots after the rake.
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = "BetOnline Poker Game #70: Hold'em No Limit ($1/2) - 2016/04/05 08:08:59 Eastern Daylight Time\n\
//! Table 'Oslo' 6-Max, Seat #0 is the button\nSeat 0: Lina (100.00 in chips) - The button\n\
//! Seat 1: Tom (80.00 in chips) - Big Blind\nLina: posts small blind 1.00\n\
//! Tom: posts big blind 2.00\n*** HOLE CARDS ***\nLina: raises 5.00 to 6.00\nTom: folds\n\
//! Uncalled bet (4.00) returned to Lina\n*** SUMMARY ***\nTotal pot 4.00 | Rake 0.00\n\
//! Seat 0: Lina collected (4.00)\nSeat 1: Tom folded before Flop\n";
//! let f = Format::named("chico").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("70"));
//! assert!(hands[0].phh.contains("venue = \"Chico\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use std::io::BufRead;

use super::chico_lines::{hand_number, parse_hand, HEADERS};
use super::format::{FormatWords, HandSplit, SiteFormat};
use super::split::StarsHands;
use super::stars::{unnamed_pots_if_none_named, Hands, StarsForm};

static WORDS: FormatWords = FormatWords {
    names: &["chico", "betonline"],
    text: "Chico hand-history text",
    texts: "Chico hand-history text",
    short: "Chico text",
    shorts: "Chico text",
    help: "Chico network (BetOnline, PayNoRake, SportsBetting.ag) hand-history text",
    no_hand: "no `BetOnline Poker Game #` (or another Chico skin's) header",
    not_detected: "none of its first lines starts `BetOnline Poker Game #`, `PayNoRake Game #` or another Chico skin's header",
};

/// Chico's text read as PokerStars' form is, with its own parse: the collected lines name no
/// pot, so each seat's are held to what the replay pays it from all the pots together.
static CHICO: StarsForm = StarsForm {
    venue: "Chico",
    parse: parse_hand,
    finish: unnamed_pots_if_none_named,
    number: hand_number,
    summary: "*** SUMMARY ***",
};

/// Chico hand-history text, one or many hands per file.
pub struct ChicoText;

/// The format, for [`super::format::FORMATS`].
pub static CHICO_TEXT: ChicoText = ChicoText;

impl SiteFormat for ChicoText {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// One of the first lines (a tournament's file may open with `Tournament will start in a
    /// moment.`) starts with a skin's header and its hand number.
    fn detect(&self, head: &[u8]) -> bool {
        head.split(|&b| b == b'\n' || b == b'\r')
            .map(<[u8]>::trim_ascii)
            .filter(|l| !l.is_empty())
            .take(4)
            .any(|l| {
                HEADERS.iter().any(|h| {
                    l.strip_prefix(h.as_bytes())
                        .is_some_and(|r| r.first().is_some_and(u8::is_ascii_digit))
                })
            })
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(Hands(StarsHands::with_any(input, &HEADERS), &CHICO))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_skin_is_told_and_a_preamble_is_passed_over() {
        for h in HEADERS {
            let text = format!("\n\nTournament will start in a moment.\n\n{h}12: Hold'em No Limit ($1/2) - 2016/01/01 10:00:00\n");
            assert!(CHICO_TEXT.detect(text.as_bytes()), "{h}");
        }
        assert!(!CHICO_TEXT.detect(b"BetOnline Poker Game #x\n"));
        assert!(!CHICO_TEXT.detect(b"PokerStars Hand #1: Hold'em No Limit (1/2)\n"));
    }
}
