//! Everest Poker's XML hand histories as a [`SiteFormat`]: a `<SESSION type="ring" money="$"
//! game="hold-em" gametype="no-limit" .../>` element, then one `<HAND id="..." time="...">`
//! element per hand holding its `<SEAT>`s, `<DEALER>`, `<ANTE>`s and `<BLIND>`s, the cards
//! dealt one at a time (`<HOLE>`, `--` for a card not seen), the actions (`<BET amount>` the
//! chips put in, `<FOLD>`), the bets handed back (`<PUSH>`), each street's pot (`<SWEEP
//! rake tax>`), the board (`<COMMUNITY>`), the cards shown (`<SHOW>`) and the winners
//! (`<WIN>`). Amounts are whole hundredths: cents, or hundredths of a tournament chip.
//!
//! The stream is cut into `<HAND>` elements as it is read, each keeping the `<SESSION>` before
//! it ([`super::xml_cut`]); each hand's elements are then put in PokerStars' words
//! ([`super::everest_lines`], [`super::everest_play`]) and read by the PokerStars reader
//! ([`super::stars::StarsForm`]), so that what each winner is paid, the pot and the rake are
//! held to the replay.
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = r#"<SESSION time="1331809137" tableName="Oslo-1" id="1" type="ring" money="$" screenName="Lina" game="hold-em" gametype="no-limit"/>
//! <HAND time="1331809153" id="77" index="0" blinds="$0.50/$1" stakes="$0.50/$1">
//!   <SEAT position="0" name="Lina" balance="10000"/>
//!   <SEAT position="1" name="Tom" balance="5000"/>
//!   <DEALER position="0"/>
//!   <BLIND position="0" amount="50" penalty="0"/>
//!   <BLIND position="1" amount="100" penalty="0"/>
//!   <HOLE position="0">Ah</HOLE>
//!   <HOLE position="1">--</HOLE>
//!   <HOLE position="0">Kd</HOLE>
//!   <HOLE position="1">--</HOLE>
//!   <BET position="0" amount="250"/>
//!   <FOLD position="1"/>
//!   <PUSH position="0" amount="200"/>
//!   <SWEEP rake="0" tax="0">200</SWEEP>
//!   <WIN position="0" amount="200" pot="0" potAmount="200"/>
//! </HAND>"#;
//! let f = Format::named("everest").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("77"));
//! assert!(hands[0].phh.contains("venue = \"Everest\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use std::io::BufRead;
use std::sync::Arc;

use super::format::{FormatWords, HandSplit, SiteFormat, SiteHand};
use super::ipoker::attribute;
use super::split::HandText;
use super::stars::{unnamed_pots_if_none_named, StarsForm};
use super::xml_cut::{opens, past_declaration, Cut, Hands, Tags};
use crate::phh::record::RecordError;
use crate::phh::replay::replay_section;
use crate::phh::write::write_record;
use crate::phh::HandReport;
use crate::record::HandRecord;

static WORDS: FormatWords = FormatWords {
    names: &["everest"],
    text: "Everest hand-history XML",
    texts: "Everest Poker hand-history XML",
    short: "Everest XML",
    shorts: "Everest XML",
    help: "Everest Poker hand-history XML (`<SESSION .../>` then `<HAND>` elements)",
    no_hand: "no `<HAND id=...>` element",
    not_detected: "it does not open with an Everest `<SESSION>` or `<HAND>` element",
};

static TAGS: Tags = Tags { header: Some(b"SESSION"), hand: b"HAND", close: b"</HAND>" };

/// A hand's elements read as PokerStars' form is: the collected lines name no pot, so each
/// seat's are held to what the replay pays it from all the pots together.
static EVEREST: StarsForm = StarsForm {
    venue: "Everest",
    parse: super::everest_lines::parse_hand,
    finish: unnamed_pots_if_none_named,
    number: super::everest_lines::hand_number,
    summary: "",
};

/// Everest Poker's XML hand histories.
pub struct EverestXml;

/// The format, as [`super::format::FORMATS`] lists it.
pub static EVEREST_XML: EverestXml = EverestXml;

impl SiteFormat for EverestXml {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// The first element (after an `<?xml ...?>` declaration) is a `<SESSION` with a
    /// `gametype`, or a `<HAND` with an `id` and a `time`.
    fn detect(&self, head: &[u8]) -> bool {
        let rest = past_declaration(head);
        (opens(rest, b"SESSION") && !attribute(rest, b"gametype").is_empty())
            || (opens(rest, b"HAND")
                && !attribute(rest, b"id").is_empty()
                && !attribute(rest, b"time").is_empty())
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(EverestHands(Hands::new(input, &TAGS)))
    }
}

/// The hands of a stream, as [`Hands`] cuts them.
struct EverestHands<R>(Hands<R>);

impl<R: BufRead> Iterator for EverestHands<R> {
    type Item = std::io::Result<Arc<dyn SiteHand>>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.0.next()?.map(|cut| Arc::new(EverestHand(cut)) as Arc<dyn SiteHand>))
    }
}

impl<R: BufRead> HandSplit for EverestHands<R> {
    fn held(&self) -> usize {
        self.0.held()
    }
}

/// One `<HAND>` element, as cut from the stream.
#[derive(Debug)]
struct EverestHand(Cut);

impl EverestHand {
    /// The hand's `<HAND>` element as written, as one "line" (its lines in it) at the hand's
    /// first line, then the `<SESSION>` tag before it: [`super::everest_lines::parse_hand`]
    /// reads the element tag by tag, counting its lines.
    fn text(&self) -> HandText {
        let cut = &self.0;
        let (text, _) = super::decode::decode_borrowed(&cut.text);
        let mut h = HandText::new(cut.line);
        h.push(cut.line, &text);
        let (session, _) = super::decode::decode_borrowed(&cut.header.tag);
        let session = session.split_whitespace().collect::<Vec<_>>().join(" ");
        if !session.is_empty() {
            h.push(cut.line, &session);
        }
        h
    }

    /// The record of a hand whose text stops before `</HAND>`, if it does.
    fn cut_off(&self) -> Option<HandRecord<'static>> {
        let why = super::xml_cut::cut_off(&self.0, "</HAND>")?;
        Some(super::xml_cut::stub(&self.0, "Everest", why))
    }
}

impl SiteHand for EverestHand {
    fn line(&self) -> usize {
        self.0.line
    }

    fn weight(&self) -> usize {
        self.0.text.len()
    }

    /// The element's `id` attribute.
    fn number(&self) -> Option<String> {
        super::xml_cut::number(&self.0)
    }

    fn read(&self, take: &mut dyn FnMut(Result<HandRecord<'_>, RecordError>)) {
        match self.cut_off() {
            Some(stub) => take(Ok(stub)),
            None => EVEREST.read(&self.text(), take),
        }
    }

    fn phh(&self) -> String {
        match self.cut_off() {
            Some(stub) => write_record(&stub),
            None => EVEREST.phh(&self.text()),
        }
    }

    fn replay(&self, source: &str, section: &str, check: bool) -> Vec<HandReport> {
        match self.cut_off() {
            Some(stub) => vec![replay_section(Ok(stub), source, Some(section), self.0.line, check)],
            None => EVEREST.replay(&self.text(), source, section, check),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_or_a_hand_is_told_by_its_first_element() {
        assert!(EVEREST_XML.detect(b"<SESSION time=\"1\" type=\"ring\" gametype=\"no-limit\"/>"));
        assert!(EVEREST_XML.detect(b"<?xml version=\"1.0\"?>\n<HAND time=\"1\" id=\"7\">"));
        assert!(!EVEREST_XML.detect(b"<SESSION time=\"1\"/>"));
        assert!(!EVEREST_XML.detect(b"<HAND id=\"7\">"));
        assert!(!EVEREST_XML.detect(b"<Game id=\"5\" date=\"2009\">"));
    }
}
