//! OnGame hand-history text (the OnGame network of 2008-2012: Betfair, bwin, Unibet and the
//! other skins wrote it) as a [`SiteFormat`](super::format::SiteFormat). OnGame writes a form
//! of its own (`***** History for hand R5-361726027-6 *****`, `Table: Homs [361726027]
//! (NO_LIMIT TEXAS_HOLDEM $5/$10, Real money)`, `--- Dealing flop [6h, Qh, 4h]`, a summary of
//! pots won and each seat's finishing stack and net), close enough to PokerStars' in what it
//! says that a hand is cut, read and built into its record by the PokerStars reader
//! ([`super::stars::StarsForm`]) once OnGame's words are put in PokerStars'
//! ([`super::ongame_lines`]). The summary's stacks are the site's own account of how each
//! player ends the hand: the record keeps them, and `felt replay --check` compares them with
//! the replay after rake, at each seat's line of the summary.
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = "***** History for hand R5-70-1 *****\nStart hand: Tue Jul 24 19:12:45 CEST 2012\n\
//! Table: Oslo [70] (NO_LIMIT TEXAS_HOLDEM $1/$2, Real money)\nUser: Lina\nButton: seat 1\n\
//! Players in round: 2\nSeat 1: Lina ($100)\nSeat 2: Tom ($80)\nLina posts small blind ($1)\n\
//! Tom posts big blind ($2)\n---\nDealing pocket cards\nDealing to Lina: [Ah, Kd]\n\
//! Lina raises $5 to $6\nTom folds\n---\nSummary:\nMain pot: $4 won by Lina ($4)\n\
//! Rake taken: $0\nSeat 1: Lina ($102), net: +$2\nSeat 2: Tom ($78), net: -$2\n\
//! ***** End of hand R5-70-1 *****\n";
//! let f = Format::named("ongame").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("R5-70-1"));
//! assert!(hands[0].phh.contains("venue = \"OnGame\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use super::format::FormatWords;
use super::lines::amount;
use super::ongame_lines::{hand_number, parse_hand, summary_seat, HEADER, SUMMARY};
use super::pokerstars::{GameName, Refusal, StarsHand};
use super::split::HandText;
use super::stars::{HeaderFormat, StarsForm};
use crate::phh::Amount;
use crate::record::HandRecord;

static WORDS: FormatWords = FormatWords {
    names: &["ongame", "bwin", "betfair"],
    text: "OnGame hand-history text",
    texts: "OnGame hand-history text",
    short: "OnGame text",
    shorts: "OnGame text",
    help: "OnGame (Betfair, bwin, Unibet and the network's other skins) hand-history text",
    no_hand: "no `***** History for hand` header",
    not_detected: "its first line does not start `***** History for hand `",
};

/// OnGame's text read as PokerStars' form is, with its own parse.
static ONGAME: StarsForm =
    StarsForm { venue: "OnGame", parse: parse_hand, finish, number: hand_number, summary: SUMMARY };

/// OnGame hand-history text, one or many hands per file.
pub static ONGAME_TEXT: HeaderFormat =
    HeaderFormat { words: &WORDS, header: HEADER, form: &ONGAME };

/// Completes a hand's record: a stud hand, built from its header and seats alone, gets its play
/// from its text ([`super::ongame_stud`]); every hand, the summary's finishing stacks
/// ([`stated_stacks`]).
fn finish(text: &HandText, hand: &StarsHand, r: &mut HandRecord<'_>) {
    if let GameName::Other(name) = &hand.game
        && matches!(hand.refusal, Some(Refusal::NotSupported(_)))
        && let Some((limit, game)) = name.split_once(' ')
        && let Some(Ok(g)) = super::ongame_stud::game(limit, game)
    {
        super::ongame_stud::complete(text, hand, g, r);
    }
    stated_stacks(text, hand, r);
}

/// Completes a hand's record with the summary's own account of each player's finishing stack
/// (`Seat 4: NAME ($599), net: -$110`): the record's finishing stacks become the ones the site
/// states, each checked against the replay at its line of the summary.
fn stated_stacks(text: &HandText, hand: &StarsHand, r: &mut HandRecord<'_>) {
    let (Some(players), Some(finishing)) = (r.players.as_ref(), r.finishing_stacks.as_mut()) else {
        return;
    };
    let Some(accounting) = r.accounting.as_mut() else { return };
    let places = finishing.iter().map(|a| a.places).max().unwrap_or(0);
    let summary = text.lines().skip_while(|l| l.text != SUMMARY);
    for l in summary {
        let Some((seat, stack)) = summary_seat(l.text) else { continue };
        let Some(s) = hand.seats.iter().find(|s| s.seat == seat) else { continue };
        let Some(p) = players.iter().position(|name| *name == s.name) else { continue };
        let Some(units) = amount(stack).and_then(|a| a.to_units(places)) else { continue };
        if let (Some(f), Some(at)) = (finishing.get_mut(p), accounting.seat_lines.get_mut(p)) {
            *f = Amount { units, places };
            *at = l.number;
        }
    }
}
