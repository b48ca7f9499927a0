//! Bovada hand-history text (Ignition and Bodog write the same) as a [`SiteFormat`]. Bovada
//! names its players by their position at the table (`Seat 4: Big Blind [ME] ($50 in chips)`,
//! `Big Blind  [ME] : Big blind $0.50`) and writes its own words for each action (`Card dealt
//! to a spot [9c Th]`, `Raises $0.65 to $0.75`, `All-in(raise) $5 to $8`, `Hand result
//! $0.50`, `Total Pot($0.75)`); close enough to PokerStars' in what it says that a hand is
//! cut, read and built into its record by the PokerStars reader ([`super::stars::StarsForm`])
//! once Bovada's words are put in PokerStars' ([`super::bovada_lines`],
//! [`super::bovada_play`]). A stud hand's play is put in Full Tilt's words and read by the
//! reader of Full Tilt's stud and draw hands ([`super::bovada_stud`]).
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = "Ignition Hand #70 TBL#12 HOLDEM No Limit - 2021-02-04 13:04:49\n\
//! Seat 1: Dealer ($100 in chips)\nSeat 2: Big Blind [ME] ($80 in chips)\n\
//! Dealer : Set dealer [1]\nDealer : Small Blind $1\nBig Blind  [ME] : Big blind $2\n\
//! *** HOLE CARDS ***\nDealer : Card dealt to a spot [Ah Kd]\n\
//! Big Blind  [ME] : Card dealt to a spot [7c 2s]\nDealer : Raises $4 to $5\n\
//! Big Blind  [ME] : Folds\nDealer : Return uncalled portion of bet $3\n\
//! Dealer : Hand result $4\n*** SUMMARY ***\nTotal Pot($4)\n";
//! let f = Format::named("ignition").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("70"));
//! assert!(hands[0].phh.contains("venue = \"Bovada\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok() && report.checked, "{report:?}");
//! ```

use std::io::BufRead;

use super::bovada_lines::{hand_number, parse_hand, HEADERS, SUMMARY};
use super::format::{FormatWords, HandSplit, SiteFormat};
use super::pokerstars::{GameName, Refusal, StarsHand};
use super::split::{HandText, StarsHands};
use super::stars::{first_line, unnamed_pots_if_none_named, Hands, StarsForm};
use crate::record::HandRecord;

static WORDS: FormatWords = FormatWords {
    names: &["bovada", "ignition", "bodog"],
    text: "Bovada hand-history text",
    texts: "Bovada hand-history text",
    short: "Bovada text",
    shorts: "Bovada text",
    help: "Bovada (Ignition, Bodog) hand-history text",
    no_hand: "no `Bovada Hand #`, `Ignition Hand #` or `Bodog Hand #` header",
    not_detected:
        "its first line does not start `Bovada Hand #`, `Ignition Hand #` or `Bodog Hand #`",
};

/// Bovada's text read as PokerStars' form is, with its own parse. The venue each hand names
/// is `Bovada`, whichever of the three sites wrote it.
static BOVADA: StarsForm =
    StarsForm { venue: "Bovada", parse: parse_hand, finish, number: hand_number, summary: SUMMARY };

/// Completes a hand's record: a stud hand, built from its header and seats alone, gets its play
/// from its text ([`super::bovada_stud`]); the collected lines name no pot.
fn finish(h: &HandText, hand: &StarsHand, r: &mut HandRecord<'_>) {
    if let GameName::Other(name) = &hand.game
        && let Some(Refusal::NotSupported(why)) = &hand.refusal
        && why.ends_with(": read as a stud hand")
        && let Some((game, limit)) = name.rsplit_once(' ')
        && let Some(Ok(g)) = super::bovada_stud::game(game, limit)
    {
        super::bovada_stud::complete(h, hand, g, r);
    }
    unnamed_pots_if_none_named(h, hand, r);
}

/// Bovada, Ignition and Bodog hand-history text, one or many hands per file.
pub struct BovadaText;

/// Bovada's format.
pub static BOVADA_TEXT: BovadaText = BovadaText;

impl SiteFormat for BovadaText {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// The first non-blank line (after a byte-order mark) starts with one of the headers.
    fn detect(&self, head: &[u8]) -> bool {
        let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
        first_line(head)
            .is_some_and(|first| HEADERS.iter().any(|h| first.starts_with(h.as_bytes())))
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(Hands(StarsHands::with_any(input, HEADERS), &BOVADA))
    }
}
