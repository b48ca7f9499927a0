//! Absolute Poker's and UltimateBet's hand-history text (the Cereus network) as a
//! [`SiteFormat`]. Absolute writes PokerStars' form with words of its own (`Stage
//! #1483940000: Holdem  No Limit $0.02 - 2009-06-10 03:10:00 (ET)`, `Seat 7 - NAME ($2.13 in
//! chips)`, `NAME - Raises $0.20 to $0.30`, a raise's first amount being the chips it puts in,
//! `Normal` for fixed limit), so a hand is cut, read and built into its record by the
//! PokerStars reader ([`super::stars::StarsForm`]) once Absolute's words are put in PokerStars'
//! ([`super::absolute_lines`], [`super::absolute_play`]). What each seat collected is held to
//! the replay's pots after the rake, the total pot and the rake to what the players put in.
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = "Stage #70: Holdem  No Limit $2 - 2009-06-10 03:10:00 (ET)\n\
//! Table: OSLO (Real Money) Seat #1 is the dealer\nSeat 1 - Lina ($100 in chips)\n\
//! Seat 2 - Tom ($80 in chips)\nLina - Posts small blind $1\nTom - Posts big blind $2\n\
//! *** POCKET CARDS ***\nLina - Raises $5 to $6\nTom - Folds\nLina - returned ($4) : not called\n\
//! *** SHOW DOWN ***\nLina - Does not show\nLina Collects $4 from main pot\n*** SUMMARY ***\n\
//! Total Pot($4)\nSeat 1: Lina (dealer) collected Total ($4) HI:($4) [Does not show]\n\
//! Seat 2: Tom (big blind) Folded on the POCKET CARDS\n";
//! let f = Format::named("absolute").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("70"));
//! assert!(hands[0].phh.contains("venue = \"Absolute\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use super::absolute_lines::{hand_number, parse_hand, HEADER};
use super::format::FormatWords;
use super::stars::{unnamed_pots_if_none_named, HeaderFormat, StarsForm};

static WORDS: FormatWords = FormatWords {
    names: &["absolute", "ub", "ultimatebet"],
    text: "Absolute hand-history text",
    texts: "Absolute Poker and UltimateBet hand-history text",
    short: "Absolute text",
    shorts: "Absolute text",
    help: "Absolute Poker and UltimateBet hand-history text (`Stage #...`)",
    no_hand: "no `Stage #` header",
    not_detected: "its first line does not start `Stage #`",
};

/// Absolute's text read as PokerStars' form is, with its own parse: the collected lines name
/// no pot, so each seat's are held to what the replay pays it from all the pots together.
static ABSOLUTE: StarsForm = StarsForm {
    venue: "Absolute",
    parse: parse_hand,
    finish: unnamed_pots_if_none_named,
    number: hand_number,
    summary: "*** SUMMARY ***",
};

/// Absolute Poker and UltimateBet hand-history text, one or many hands per file.
pub static ABSOLUTE_TEXT: HeaderFormat =
    HeaderFormat { words: &WORDS, header: HEADER, form: &ABSOLUTE };
