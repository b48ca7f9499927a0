//! Winamax hand-history text as a [`SiteFormat`]. Winamax writes a form close to PokerStars'
//! (`Winamax Poker - CashGame - HandId: #9250793-388-1478989461 - Holdem no limit (0.50€/1€) -
//! 2016/11/12 22:24:21 UTC`, amounts with the currency after them), so a hand is cut, read and
//! built into its record by the PokerStars reader ([`super::stars::StarsForm`]) once
//! Winamax's words are put in PokerStars' ([`super::winamax_lines`]): its game names, its
//! table and seat lines, its actions without a colon after the name, its pots (`side pot 1`),
//! and its summary, whose total is written after rake and with the uncalled bet in it. The
//! play of a stud, razz or triple draw hand is put in Full Tilt's words and read by the reader
//! of Full Tilt's stud and draw hands ([`super::winamax_stud`]).
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = "Winamax Poker - CashGame - HandId: #51-7-1600000000 - Holdem no limit (0.50€/1€) - 2020/09/13 12:00:00 UTC\n\
//! Table: 'Nantes 03' 6-max (real money) Seat #1 is the button\nSeat 1: Lina (100€)\nSeat 2: Tom (80€)\n\
//! *** ANTE/BLINDS ***\nLina posts small blind 0.50€\nTom posts big blind 1€\n*** PRE-FLOP ***\n\
//! Lina raises 2€ to 3€\nTom folds\nLina collected 4€ from pot\n*** SUMMARY ***\n\
//! Total pot 4€ | No rake\nSeat 1: Lina (button) (small blind) won 4€\n";
//! let wm = Format::named("winamax").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(wm));
//! let hands = convert_as(wm, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("51-7-1600000000"));
//! assert!(hands[0].phh.contains("venue = \"Winamax\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use super::format::FormatWords;
use super::pokerstars::{GameName, Refusal, StarsHand};
use super::split::HandText;
use super::stars::{unnamed_pots_if_none_named, HeaderFormat, StarsForm};
use super::winamax_lines::{hand_number, parse_hand, HEADER};
use crate::record::HandRecord;

static WORDS: FormatWords = FormatWords {
    names: &["winamax"],
    text: "Winamax hand-history text",
    texts: "Winamax hand-history text",
    short: "Winamax text",
    shorts: "Winamax text",
    help: "Winamax hand-history text",
    no_hand: "no `Winamax Poker - ` header",
    not_detected: "its first line does not start `Winamax Poker - `",
};

/// Winamax's text read as PokerStars' form is, with its own parse.
static WINAMAX: StarsForm = StarsForm {
    venue: "Winamax",
    parse: parse_hand,
    finish,
    number: hand_number,
    summary: "*** SUMMARY ***",
};

/// Completes a hand's record: a stud, razz or triple draw hand, built from its header and seats
/// alone, gets its play from its text ([`super::winamax_stud`]); the collected lines name no
/// pot.
fn finish(h: &HandText, hand: &StarsHand, r: &mut HandRecord<'_>) {
    if let GameName::Other(name) = &hand.game
        && matches!(hand.refusal, Some(Refusal::NotSupported(_)))
        && let Some(Ok(g)) = super::winamax_stud::game(name)
    {
        super::winamax_stud::complete(h, hand, g, r);
    }
    unnamed_pots_if_none_named(h, hand, r);
}

/// Winamax hand-history text, one or many hands per file.
pub static WINAMAX_TEXT: HeaderFormat =
    HeaderFormat { words: &WORDS, header: HEADER, form: &WINAMAX };
