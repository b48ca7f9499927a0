//! GGPoker hand-history text (GG Network: GGPoker, Natural8 and the other skins) as a
//! [`SiteFormat`]. GG writes PokerStars' form under its own header (`Poker Hand #RC123: Hold'em
//! No Limit ($0.02/$0.05) - 2025/08/08 23:42:24`), so a hand is cut, read and built into its
//! record by the PokerStars reader ([`super::stars::StarsForm`]) once GG's own words are put in
//! PokerStars' (its game names, `Level10`, `straddle`, `posts missed blind`, a summary without
//! rake); what GG adds is read here: the fees its summary lists beside the rake (`Jackpot`,
//! `Bingo`, `Fortune`, `Tax`), a board run two or three times ([`super::runs`]), its
//! money from outside the pot (a Cash Drop, an EV Cashout, all-in insurance:
//! [`super::ggpoker_outside`]), and the features feltkit does not play (a button blind, a
//! straddle other than one extra blind, a bomb pot), each refused at its line
//! ([`super::ggpoker_lines`]).
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = "Poker Hand #RC7: Hold'em No Limit ($0.02/$0.05) - 2025/08/08 23:42:24\n\
//! Table 'RushAndCash1' 6-max Seat #1 is the button\nSeat 1: Hero ($5 in chips)\n\
//! Seat 2: 3a9f01c2 ($5 in chips)\n3a9f01c2: posts small blind $0.02\nHero: posts big blind $0.05\n\
//! *** HOLE CARDS ***\nDealt to Hero [Ah Kd]\nDealt to 3a9f01c2 \n3a9f01c2: folds\n\
//! Uncalled bet ($0.03) returned to Hero\n*** SHOWDOWN ***\nHero collected $0.04 from pot\n\
//! *** SUMMARY ***\nTotal pot $0.04 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0\n\
//! Seat 1: Hero (button) (big blind) collected ($0.04)\nSeat 2: 3a9f01c2 (small blind) folded before Flop\n";
//! let gg = Format::named("ggpoker").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(gg));
//! let hands = convert_as(gg, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("RC7"));
//! assert!(hands[0].phh.contains("venue = \"GGPoker\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use super::format::FormatWords;
use super::ggpoker_lines::{fees, may_pay_outside, may_run_twice, parse_hand};
use super::ggpoker_outside::read_outside;
use super::pokerstars::StarsHand;
use super::runs::mark_runs;
use super::split::HandText;
use super::stars::{header_number, HeaderFormat, StarsForm};
use crate::record::HandRecord;

/// Where each hand starts.
const HEADER: &str = "Poker Hand #";

static WORDS: FormatWords = FormatWords {
    names: &["ggpoker"],
    text: "GGPoker hand-history text",
    texts: "GGPoker hand-history text",
    short: "GGPoker text",
    shorts: "GGPoker text",
    help: "GGPoker hand-history text (GG Network: GGPoker, Natural8 and skins)",
    no_hand: "no `Poker Hand #` header",
    not_detected: "its first line does not start `Poker Hand #`",
};

/// GGPoker's text read as PokerStars' form is, with its own parse and its fees.
static GG: StarsForm = StarsForm {
    venue: "GGPoker",
    parse: parse_hand,
    finish,
    number: header_number,
    summary: "*** SUMMARY ***",
};

/// GGPoker hand-history text, one or many hands per file.
pub static GGPOKER: HeaderFormat = HeaderFormat { words: &WORDS, header: HEADER, form: &GG };

/// What a GGPoker hand's record holds besides what PokerStars' would: the fees of its
/// summary in the site's accounting, that the site names no pot (its collected lines all say
/// `pot`, its summary lists no side pot), and the runs of a board run more than once.
fn finish(h: &HandText, hand: &StarsHand, r: &mut HandRecord<'_>) {
    if let Some(a) = r.accounting.as_mut() {
        a.fees = fees(h);
        a.unnamed_pots = true;
    }
    if may_pay_outside(hand) {
        read_outside(h, r);
    }
    if may_run_twice(hand) {
        mark_runs(h, r);
    }
}
