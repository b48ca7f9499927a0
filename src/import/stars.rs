//! PokerStars hand-history text as a [`SiteFormat`]: cut into hands at each `PokerStars Hand #`
//! header ([`super::split`]), each hand read by [`super::pokerstars`] and written by
//! [`super::emit`].

use std::io::BufRead;
use std::sync::Arc;

use super::emit::{self, quote};
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
use crate::record::HandRecord;

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
        let Some(first) = head
            .split(|&b| b == b'\n' || b == b'\r')
            .map(<[u8]>::trim_ascii)
            .find(|l| !l.is_empty())
        else {
            return false;
        };
        let zoom_archive = first.starts_with(b"*****") && first.windows(3).any(|w| w == b" # ");
        first.starts_with(b"PokerStars ") || zoom_archive
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(Hands(StarsHands::new(input), |h| Arc::new(h)))
    }
}

/// The hands of a text, each as the [`SiteHand`] its format makes of its text.
pub(super) struct Hands<R>(pub StarsHands<R>, pub fn(HandText) -> Arc<dyn SiteHand>);

impl<R: BufRead> Iterator for Hands<R> {
    type Item = std::io::Result<Arc<dyn SiteHand>>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.0.next()?.map(self.1))
    }
}

impl<R: BufRead> HandSplit for Hands<R> {
    fn held(&self) -> usize {
        self.0.held()
    }
}

impl SiteHand for HandText {
    fn line(&self) -> usize {
        self.line
    }

    fn weight(&self) -> usize {
        self.len()
    }

    fn number(&self) -> Option<String> {
        self.lines().next().and_then(|l| {
            let t = l.text;
            let start = t.find('#')? + 1;
            let end = t[start..].find(':')? + start;
            Some(t[start..end].trim().to_string())
        })
    }

    fn read(&self, take: &mut dyn FnMut(Result<HandRecord<'_>, RecordError>)) {
        STARS.read(self, take);
    }

    fn phh(&self) -> String {
        STARS.phh(self)
    }

    fn replay(&self, source: &str, section: &str, check: bool) -> Vec<HandReport> {
        STARS.replay(self, source, section, check)
    }
}

/// How a text in PokerStars' form is read into records: the venue its hands name, how a hand
/// is parsed, and what its record gets besides what [`emit`] builds (GGPoker's fees). PokerStars
/// text is [`STARS`]; GGPoker's is read the same way with its own parse and finish.
pub(super) struct StarsForm {
    /// The hand's `venue`: `PokerStars`.
    pub venue: &'static str,
    /// Reads one hand.
    pub parse: fn(&HandText) -> Result<StarsHand, TextError>,
    /// Completes the record [`emit`] built of a hand, from the hand's text.
    pub finish: fn(&HandText, &mut HandRecord<'_>),
}

/// PokerStars text.
static STARS: StarsForm =
    StarsForm { venue: "PokerStars", parse: pokerstars::parse_hand, finish: |_, _| {} };

impl StarsForm {
    /// The record of a hand that reads well, handed to `f` (`None` for any other hand: cut
    /// off, not read, or not the record its written text reads as).
    fn exact<T>(&self, h: &HandText, f: impl FnOnce(Option<HandRecord<'_>>) -> T) -> T {
        if h.complete()
            && let Ok(hand) = (self.parse)(h)
        {
            let mut built = emit::record(&hand);
            if built.exact {
                (self.finish)(h, &mut built.record);
                return f(Some(built.record));
            }
        }
        f(None)
    }

    /// Reads a hand into its record ([`SiteHand::read`]).
    pub(super) fn read(
        &self,
        h: &HandText,
        take: &mut dyn FnMut(Result<HandRecord<'_>, RecordError>),
    ) {
        let read = self.exact(h, |record| record.map(|r| take(Ok(r))));
        if read.is_some() {
            return;
        }
        let text = format!("[1]\n{}", self.phh(h));
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

    /// A hand that reads well is built straight into the record the replay takes, without its
    /// text; any other is replayed from the text `felt convert` writes ([`SiteHand::replay`]).
    pub(super) fn replay(
        &self,
        h: &HandText,
        source: &str,
        section: &str,
        check: bool,
    ) -> Vec<HandReport> {
        let report = self.exact(h, |record| {
            record.map(|r| replay_section(Ok(r), source, Some(section), h.line, check))
        });
        if let Some(report) = report {
            return vec![report];
        }
        let piece = Piece {
            header: Some(section.to_string()),
            line: h.line,
            text: Ok(format!("[{section}]\n{}", self.phh(h))),
        };
        replay_piece(&piece, source, check)
    }

    /// One hand as PHH: a hand that cannot be read is a stub saying why.
    pub(super) fn phh(&self, h: &HandText) -> String {
        let number = h.number();
        // A hand that could not be read has no game to name: `?`, as for a game not played.
        let stub = |field: &str, why: &str| {
            let hand =
                number.as_deref().map(|n| format!("hand = {}\n", quote(n))).unwrap_or_default();
            format!(
                "variant = \"?\"\n{hand}venue = {}\n_text_line = {}\n{field} = {}\nstarting_stacks = []\nactions = []\n",
                quote(self.venue),
                h.line,
                quote(why)
            )
        };
        // A hand without its summary was cut off: whatever its last line holds, it is reported
        // as cut off, not as a line not understood.
        if let Some(at) = h.overlong() {
            let why = format!(
                "line {at}: the hand's text runs past {} bytes without another hand's header (a hand is a few kilobytes): the rest is not read",
                split::MAX_HAND
            );
            stub("_unreadable", &why)
        } else if !h.lines().any(|l| l.text == "*** SUMMARY ***") {
            let last = h.lines().last().map_or(h.line, |l| l.number);
            let why = format!(
                "the text stops at line {last}, before the hand's summary: the hand is cut off"
            );
            stub("_cut_off", &why)
        } else {
            match (self.parse)(h) {
                Ok(hand) => {
                    let mut built = emit::record(&hand);
                    (self.finish)(h, &mut built.record);
                    write_record(&built.record)
                }
                Err(e) => stub("_unreadable", &format!("line {}: {}", e.line, e.why)),
            }
        }
    }
}

impl HandText {
    /// Whether the hand's text is whole: not cut for its length, and with its summary.
    fn complete(&self) -> bool {
        self.overlong().is_none() && self.lines().any(|l| l.text == "*** SUMMARY ***")
    }
}
