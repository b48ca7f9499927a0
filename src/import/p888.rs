//! 888poker hand-history text (Pacific; WSOP.com NJ writes the same) as a [`SiteFormat`].
//! 888 writes a form of its own (`#Game No : 79911308`, `***** 888poker Hand History for Game
//! 79911308 *****`, amounts in brackets, `** Dealing flop ** [ 5c, 2s, Jd ]`), close enough to
//! PokerStars' in what it says that a hand is cut, read and built into its record by the
//! PokerStars reader ([`super::stars::StarsForm`]) once 888's words are put in PokerStars'
//! ([`super::p888_lines`]): its header and table lines, its amounts (decimal commas, thousands
//! separated by commas or points), each action's chips put in, its summary's collected lines
//! (the uncalled bet inside them taken out), and a total pot and rake worked out from what was
//! put in, since 888 prints neither.
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = "#Game No : 70\n***** 888poker Hand History for Game 70 *****\n\
//! $1/$2 Blinds No Limit Holdem - *** 04 02 2021 13:04:49\nTable Oslo 6 Max (Real Money)\n\
//! Seat 1 is the button\nTotal number of players : 2\nSeat 1: Lina ( $100 )\nSeat 2: Tom ( $80 )\n\
//! Lina posts small blind [$1]\nTom posts big blind [$2]\n** Dealing down cards **\n\
//! Lina raises [$5]\nTom folds\n** Summary **\nLina collected [ $4 ]\n";
//! let f = Format::named("888poker").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("70"));
//! assert!(hands[0].phh.contains("venue = \"888poker\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use super::format::FormatWords;
use super::p888_lines::{hand_number, parse_hand, HEADER, SUMMARY};
use super::stars::{unnamed_pots_if_none_named, HeaderFormat, StarsForm};

static WORDS: FormatWords = FormatWords {
    names: &["888poker", "888", "pacific"],
    text: "888poker hand-history text",
    texts: "888poker hand-history text",
    short: "888poker text",
    shorts: "888poker text",
    help: "888poker (Pacific, WSOP.com NJ) hand-history text",
    no_hand: "no `#Game No : ` header",
    not_detected: "its first line does not start `#Game No : `",
};

/// 888's text read as PokerStars' form is, with its own parse.
static P888: StarsForm = StarsForm {
    venue: "888poker",
    parse: parse_hand,
    finish: unnamed_pots_if_none_named,
    number: hand_number,
    summary: SUMMARY,
};

/// 888poker hand-history text, one or many hands per file.
pub static P888_TEXT: HeaderFormat = HeaderFormat { words: &WORDS, header: HEADER, form: &P888 };
