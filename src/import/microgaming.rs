//! The Microgaming network's XML hand histories as a [`SiteFormat`]: one `<Game hhversion="4"
//! id="..." stakes="0.01|0.02" betlimit="NL" gametype="Hold'em" rake="10">` element per hand,
//! holding its `<Seats>` (each seat's balance before and after the hand) and its `<Gameplay>`
//! (`<Action seq type seat value/>` elements, cards as `<Card value suit/>`, the winners). A
//! file may start with a `----NAME.DAT----` line. The stream is cut into `<Game>` elements as it
//! is read ([`super::xml_cut`]); each hand is then parsed on its own
//! ([`super::microgaming_game`]) and built into its record ([`super::microgaming_record`]).
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = r#"----PRIMA.DAT----
//! <Game hhversion="4" id="77" date="2013-09-23 14:29:32" tablename="Oslo" stakes="0.01|0.02" betlimit="NL" tabletype="Cash Game" gametype="Hold&apos;em" realmoney="true" istournament="0" rake="0">
//! <Seats>
//! <Seat num="1" alias="Lina" balance="2.00" endbalance="2.02" dealer="true"/>
//! <Seat num="2" alias="Tom" balance="3.00" endbalance="2.98"/>
//! </Seats>
//! <Gameplay>
//! <Action seq="1" type="SmallBlind" seat="1" value="0.01"/>
//! <Action seq="2" type="BigBlind" seat="2" value="0.02"/>
//! <Action seq="3" type="Raise" seat="1" value="0.05"/>
//! <Action seq="4" type="Fold" seat="2"/>
//! <Action seq="5" type="MoneyReturned" seat="1" value="0.04"/>
//! <Action type="Win"><Seat num="1" amount="0.04" pot="0" type="" lowhandwin="0"/></Action>
//! </Gameplay>
//! </Game>"#;
//! let f = Format::named("microgaming").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("77"));
//! assert!(hands[0].phh.contains("venue = \"Microgaming\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use std::io::BufRead;

use super::format::{FormatWords, HandSplit, SiteFormat};
use super::ipoker::attribute;
use super::xml_cut::{opens, past_declaration, CutHands, Tags};

static WORDS: FormatWords = FormatWords {
    names: &["microgaming", "mpn"],
    text: "Microgaming hand-history XML",
    texts: "Microgaming hand-history XML",
    short: "Microgaming XML",
    shorts: "Microgaming XML",
    help: "Microgaming Poker Network hand-history XML (`<Game hhversion=...>` elements)",
    no_hand: "no `<Game id=...>` element",
    not_detected: "it does not open with a Microgaming `<Game>` element",
};

static TAGS: Tags = Tags { header: None, hand: b"Game", close: b"</Game>" };

/// The Microgaming network's XML hand histories.
pub struct MicrogamingXml;

/// The format, as [`super::format::FORMATS`] lists it.
pub static MICROGAMING_XML: MicrogamingXml = MicrogamingXml;

impl SiteFormat for MicrogamingXml {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// The first element (after an `<?xml ...?>` declaration, or a `----NAME.DAT----` line) is a
    /// `<Game` with an `id` and a `date`.
    fn detect(&self, head: &[u8]) -> bool {
        let mut rest = past_declaration(head);
        if rest.starts_with(b"----") {
            let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            if !rest[..end].trim_ascii_end().ends_with(b"----") {
                return false;
            }
            rest = past_declaration(&rest[end..]);
        }
        opens(rest, b"Game")
            && !attribute(rest, b"id").is_empty()
            && !attribute(rest, b"date").is_empty()
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(CutHands::new(input, &TAGS, super::microgaming_record::record))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_told_by_its_first_element_after_a_file_name_line() {
        assert!(MICROGAMING_XML.detect(b"<Game hhversion=\"4\" id=\"5\" date=\"2013-09-23\">"));
        assert!(MICROGAMING_XML.detect(b"----PRIMA.DAT----\r\n<Game id=\"5\" date=\"2009\">"));
        assert!(!MICROGAMING_XML.detect(b"----PRIMA.DAT\n<Game id=\"5\" date=\"2009\">"));
        assert!(!MICROGAMING_XML.detect(b"<Game id=\"5\">"));
        assert!(!MICROGAMING_XML.detect(b"<game id=\"5\" date=\"2009\">"));
        assert!(!MICROGAMING_XML.detect(b"<session sessioncode=\"1\">"));
    }
}
