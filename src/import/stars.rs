//! PokerStars hand-history text as a [`SiteFormat`]: cut into hands at each `PokerStars Hand #`
//! header ([`super::split`]), each hand read by [`super::pokerstars`] and written by
//! [`super::emit`].

use std::borrow::Cow;
use std::io::BufRead;
use std::sync::Arc;

use super::emit;
use super::format::{FormatWords, HandSplit, SiteFormat, SiteHand};
use super::pokerstars::{self, HandText};
use super::pokerstars::{StarsHand, TextError};
use super::split::{self, StarsHands};
use crate::phh::read::hands_at;
use crate::phh::record::RecordError;
use crate::phh::replay::replay_section;
use crate::phh::split::Piece;
use crate::phh::write::write_record;
use crate::phh::{replay_piece, HandReport};
use crate::record::{HandRecord, SiteText, Unreplayable, Value};

/// PokerStars hand-history text (and its clones'), one or many hands per file.
pub struct PokerStarsText;

static WORDS: FormatWords = FormatWords {
    names: &["pokerstars"],
    text: "PokerStars hand-history text",
    texts: "PokerStars hand-history text",
    short: "PokerStars text",
    shorts: "PokerStars text",
    help: "PokerStars hand-history text",
    no_hand: "no `PokerStars Hand #` header",
    not_detected: "its first line does not start `PokerStars `",
};

impl SiteFormat for PokerStarsText {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// The first non-blank line starts `PokerStars ` or is a Zoom archive's `*** # 1 ***`
    /// line.
    fn detect(&self, head: &[u8]) -> bool {
        first_line(head).is_some_and(|first| {
            let zoom_archive = first.starts_with(b"*****") && first.windows(3).any(|w| w == b" # ");
            first.starts_with(b"PokerStars ") || zoom_archive
        })
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(Hands(StarsHands::new(input), &STARS))
    }
}

/// The hands of a text, each read by its site's [`StarsForm`].
pub(super) struct Hands<R>(pub StarsHands<R>, pub &'static StarsForm);

impl<R: BufRead> Iterator for Hands<R> {
    type Item = std::io::Result<Arc<dyn SiteHand>>;

    fn next(&mut self) -> Option<Self::Item> {
        let form = self.1;
        Some(self.0.next()?.map(|h| Arc::new(FormHand(h, form)) as Arc<dyn SiteHand>))
    }
}

impl<R: BufRead> HandSplit for Hands<R> {
    fn held(&self) -> usize {
        self.0.held()
    }
}

/// The first non-blank line of a text's first bytes, if any.
pub(super) fn first_line(head: &[u8]) -> Option<&[u8]> {
    head.split(|&b| b == b'\n' || b == b'\r').map(<[u8]>::trim_ascii).find(|l| !l.is_empty())
}

/// A hand of a text in PokerStars' form, read by its site's [`StarsForm`].
#[derive(Debug)]
pub(super) struct FormHand(pub HandText, pub &'static StarsForm);

impl SiteHand for FormHand {
    fn line(&self) -> usize {
        self.0.line
    }

    fn weight(&self) -> usize {
        self.0.len()
    }

    fn number(&self) -> Option<String> {
        self.1.number(&self.0)
    }

    fn read(&self, take: &mut dyn FnMut(Result<HandRecord<'_>, RecordError>)) {
        self.1.read(&self.0, take);
    }

    fn phh(&self) -> String {
        self.1.phh(&self.0)
    }

    fn replay(&self, source: &str, section: &str, check: bool) -> Vec<HandReport> {
        self.1.replay(&self.0, source, section, check)
    }
}

/// A site writing PokerStars' form whose every hand starts with one header (GGPoker,
/// Winamax): told by its text's first line, cut into hands at each header, each hand read by
/// the site's [`StarsForm`].
pub(super) struct HeaderFormat {
    /// The names and descriptions of the format.
    pub words: &'static FormatWords,
    /// What the first line of a hand starts with.
    pub header: &'static str,
    /// How a hand is read.
    pub form: &'static StarsForm,
}

impl SiteFormat for HeaderFormat {
    fn words(&self) -> &'static FormatWords {
        self.words
    }

    /// The first non-blank line starts with the header.
    fn detect(&self, head: &[u8]) -> bool {
        first_line(head).is_some_and(|first| first.starts_with(self.header.as_bytes()))
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(Hands(StarsHands::with_header(input, self.header), self.form))
    }
}

/// The hand number of a PokerStars-form header: what stands between its `#` and the next `:`
/// (`PokerStars Hand #12345: ...`, GGPoker's `Poker Hand #RC123: ...`).
pub(super) fn header_number(first: &str) -> Option<&str> {
    let start = first.find('#')? + 1;
    let end = first[start..].find(':')? + start;
    Some(first[start..end].trim())
}

/// Completes the record of a site whose collected lines may name no pot (Winamax, 888poker):
/// when none does, each player's collected lines are held to what the replay pays that player
/// from all the pots together.
pub(super) fn unnamed_pots_if_none_named(_: &HandText, _: &StarsHand, r: &mut HandRecord<'_>) {
    if let Some(a) = r.accounting.as_mut()
        && a.pots.is_empty()
    {
        a.unnamed_pots = true;
    }
}

/// How a text in PokerStars' form is read into records: the venue its hands name, how a hand
/// is parsed, and what its record gets besides what [`emit`] builds (a board's runs, GGPoker's
/// fees). PokerStars text is [`STARS`]; GGPoker's is read the same way with its own parse and
/// finish.
#[derive(Debug)]
pub(super) struct StarsForm {
    /// The hands' `venue`: `PokerStars`, `GGPoker`.
    pub venue: &'static str,
    /// Reads one hand.
    pub parse: fn(&HandText) -> Result<StarsHand, TextError>,
    /// Completes the record [`emit`] built of a hand, from the hand's text.
    pub finish: fn(&HandText, &StarsHand, &mut HandRecord<'_>),
    /// The site's hand number in a hand's first line, for a hand that cannot be read.
    pub number: fn(&str) -> Option<&str>,
    /// The line that opens a hand's summary: a hand without it is cut off (empty for a site
    /// writing none, whose parse tells a hand cut off).
    pub summary: &'static str,
}

/// PokerStars text.
static STARS: StarsForm = StarsForm {
    venue: "PokerStars",
    parse: pokerstars::parse_hand,
    finish: |h, _, r| super::runs::mark_runs(h, r),
    number: header_number,
    summary: "*** SUMMARY ***",
};

impl StarsForm {
    /// The site's number of hand `h`, read from its first line.
    fn number(&self, h: &HandText) -> Option<String> {
        h.lines().next().and_then(|l| (self.number)(l.text)).map(String::from)
    }

    /// The hand read, or why it cannot be: its text runs too long, stops before its summary
    /// (it is cut off, whatever its last line holds), or has a line not understood.
    fn parse(&self, h: &HandText) -> Result<StarsHand, Unreplayable> {
        if let Some(at) = h.overlong() {
            return Err(Unreplayable::Unreadable(format!(
                "line {at}: the hand's text runs past {} bytes without another hand's header (a hand is a few kilobytes): the rest is not read",
                split::MAX_HAND
            )));
        }
        if !self.summary.is_empty() && !h.lines().any(|l| l.text == self.summary) {
            let last = h.lines().last().map_or(h.line, |l| l.number);
            return Err(Unreplayable::CutOff(format!(
                "the text stops at line {last}, before the hand's summary: the hand is cut off"
            )));
        }
        (self.parse)(h).map_err(|e| Unreplayable::Unreadable(format!("line {}: {}", e.line, e.why)))
    }

    /// The record of a hand that cannot be read: its number, where it starts and why. It has
    /// no game to name: `?`, as for a game not played.
    fn stub(&self, h: &HandText, why: Unreplayable) -> HandRecord<'static> {
        HandRecord {
            variant: "?".into(),
            hand: self.number(h),
            other: vec![(Cow::Borrowed("venue"), Value::Str(Cow::Borrowed(self.venue)))],
            site_text: SiteText { converted: true, line: Some(h.line), ..SiteText::default() },
            unreplayable: Some(why),
            ..HandRecord::default()
        }
    }

    /// A hand's record as [`emit`] builds it and the format completes it.
    fn built<'h>(&self, h: &HandText, hand: &'h StarsHand) -> emit::Built<'h> {
        let mut built = emit::record(hand, self.venue);
        (self.finish)(h, hand, &mut built.record);
        built
    }

    /// Reads a hand into its record ([`SiteHand::read`]): a hand that reads well is built
    /// straight into it; one whose record is not what its written text reads as
    /// ([`emit::Built::exact`]) is read from that text, so that it is reported as read; one
    /// that cannot be read is a record saying why.
    pub(super) fn read(
        &self,
        h: &HandText,
        take: &mut dyn FnMut(Result<HandRecord<'_>, RecordError>),
    ) {
        let hand = match self.parse(h) {
            Ok(hand) => hand,
            Err(why) => return take(Ok(self.stub(h, why))),
        };
        let built = self.built(h, &hand);
        if built.exact {
            return take(Ok(built.record));
        }
        let text = format!("[1]\n{}", write_record(&built.record));
        for hand in hands_at(&text, h.line).skip(1) {
            match hand {
                Ok(r) => take(r.record),
                Err(e) => take(Err(RecordError::Bad {
                    field: "hand".into(),
                    line: h.line,
                    why: e.to_string(),
                })),
            }
        }
    }

    /// As [`StarsForm::read`], replayed ([`SiteHand::replay`]).
    pub(super) fn replay(
        &self,
        h: &HandText,
        source: &str,
        section: &str,
        check: bool,
    ) -> Vec<HandReport> {
        let hand = match self.parse(h) {
            Ok(hand) => hand,
            Err(why) => {
                let record = Ok(self.stub(h, why));
                return vec![replay_section(record, source, Some(section), h.line, check)];
            }
        };
        let built = self.built(h, &hand);
        if built.exact {
            let record = Ok(built.record);
            return vec![replay_section(record, source, Some(section), h.line, check)];
        }
        let piece = Piece {
            header: Some(section.to_string()),
            line: h.line,
            text: Ok(format!("[{section}]\n{}", write_record(&built.record))),
        };
        replay_piece(&piece, source, check)
    }

    /// One hand as PHH ([`SiteHand::phh`]).
    pub(super) fn phh(&self, h: &HandText) -> String {
        match self.parse(h) {
            Ok(hand) => write_record(&self.built(h, &hand).record),
            Err(why) => write_record(&self.stub(h, why)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::ggpoker::GGPOKER;
    use crate::import::p888::P888_TEXT;
    use crate::import::winamax::WINAMAX_TEXT;

    /// The lines of each hand `format` cuts `text` into.
    fn hands_cut(format: &HeaderFormat, text: &str) -> Vec<Vec<String>> {
        let hands = StarsHands::with_header(text.as_bytes(), format.header);
        hands.map(|h| h.unwrap().lines().map(|l| l.text.to_string()).collect()).collect()
    }

    #[test]
    fn a_site_with_one_header_is_told_by_its_first_line_and_cut_at_each_header() {
        // Each site's first line, and the end of a line cut off before a header glued to it.
        let sites: [(&HeaderFormat, &str, &str); 3] = [
            (&GGPOKER, "Poker Hand #RC1: Hold'em No Limit ($0.02/$0.05)", "Seat 1: ab ($5 in ch"),
            (&WINAMAX_TEXT, "Winamax Poker - CashGame - HandId: #1-2-3 - Holdem", "Seat 1: ab (5€"),
            (&P888_TEXT, "#Game No : 79911308", "Lina collected [ $8.08 ]"),
        ];
        for (format, first, cut) in sites {
            assert!(format.detect(format!("\r\n  {first}\r\nSeat 1").as_bytes()), "{first}");
            assert!(!format.detect(b"PokerStars Hand #1: Hold'em No Limit (1/2)\n"), "{first}");
            assert!(!format.detect(format!("Table 'x'\n{first}\n").as_bytes()), "{first}");
            assert!(!format.detect(b""), "{first}");
            // The cut-off line stays with the hand before; PokerStars' header starts no hand.
            let text = format!("{first}\n{cut}{first}\nPokerStars Hand #2: Hold'em");
            let stars = "PokerStars Hand #2: Hold'em";
            assert_eq!(hands_cut(format, &text), [vec![first, cut], vec![first, stars]]);
        }
    }
}
