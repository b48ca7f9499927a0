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
use super::lines::find;
use super::p888_lines::{hand_number, parse_hand, HEADER, SUMMARY};
use super::split::HandText;
use super::stars::{HeaderFormat, StarsForm};
use crate::record::HandRecord;

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
    finish,
    number: p888_number,
    summary: SUMMARY,
};

/// 888poker hand-history text, one or many hands per file.
pub static P888_TEXT: HeaderFormat =
    HeaderFormat { words: &WORDS, header: HEADER, header_at, form: &P888 };

/// Where a hand's header starts in `line` (at its start, or glued to the end of a line that
/// was cut off, as files joined without a line break have it).
fn header_at(line: &str) -> Option<usize> {
    find(line, HEADER)
}

/// The hand number of a hand's first line (`#Game No : 79911308`).
fn p888_number(h: &HandText) -> Option<String> {
    h.lines().next().and_then(|l| hand_number(l.text).map(String::from))
}

/// What an 888 hand's record holds besides what PokerStars' would: its collected lines name no
/// pot, so each player's are held to what the replay pays that player from all the pots.
fn finish(_: &HandText, r: &mut HandRecord<'_>) {
    if let Some(a) = r.accounting.as_mut()
        && a.pots.is_empty()
    {
        a.unnamed_pots = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::format::SiteFormat;

    #[test]
    fn an_888_text_is_told_by_its_first_line() {
        assert!(P888_TEXT.detect(b"\r\n#Game No : 79911308\r\n***** 888poker Hand History"));
        assert!(!P888_TEXT.detect(b"PokerStars Hand #1: Hold'em No Limit (1/2)\n"));
        assert!(!P888_TEXT.detect(b"Table 'x'\n#Game No : 1\n"));
        assert!(!P888_TEXT.detect(b""));
    }

    #[test]
    fn a_header_glued_to_a_cut_off_line_is_found_where_it_starts() {
        assert_eq!(header_at("Lina collected [ $8.08 ]#Game No : 12"), Some(24));
        assert_eq!(header_at("***** 888poker Hand History for Game 12 *****"), None);
    }
}
