//! The Merge Gaming Network's XML hand histories (Carbon Poker and its other skins) as a
//! [`SiteFormat`]. A file holds `<description type="Holdem" stakes="No Limit ($1/$2)"/>`
//! lines, each followed by one `<game id="...">` element per hand: its players with their
//! balances, its rounds of events (`SMALL_BLIND`, `RAISE`, `ALL_IN`, ...), the cards and the
//! winners of each pot. The stream is cut into `<game>` elements as it is read, each carrying
//! the `<description>` before it ([`super::xml_cut`]); each hand is then parsed on its own
//! ([`super::merge_game`]) and built into its record ([`super::merge_record`]; a stud or draw
//! game by [`super::merge_stud`]).
//!
//! ```
//! use feltkit::import::{convert_as, sniff, Format};
//! let text = r#"<description type="Holdem" stakes="No Limit ($0.50/$1)"/>
//! <game id="7-1" starttime="20120529015906" numholecards="2" gametype="2" seats="6" realmoney="true">
//! <players dealer="0">
//! <player seat="0" nickname="Lina" balance="$50" dealtin="true" />
//! <player seat="1" nickname="Tom" balance="$80" dealtin="true" />
//! </players>
//! <round id="BLINDS" sequence="1">
//! <event sequence="1" type="SMALL_BLIND" player="0" amount="0.50"/>
//! <event sequence="2" type="BIG_BLIND" player="1" amount="1.00"/>
//! </round>
//! <round id="PREFLOP" sequence="2">
//! <event sequence="3" type="RAISE" player="0" amount="3.00"/>
//! <event sequence="4" type="FOLD" player="1"/>
//! </round>
//! <round id="END_OF_FOLDED_GAME" sequence="3">
//! <winner amount="2.00" uncalled="true" potnumber="2" player="0" pottype="n"/>
//! <winner amount="2.00" uncalled="false" potnumber="1" player="0" pottype="n"/>
//! </round>
//! </game>"#;
//! let f = Format::named("merge").unwrap();
//! assert_eq!(sniff(text.as_bytes()), Some(f));
//! let hands = convert_as(f, text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("7-1"));
//! assert!(hands[0].phh.contains("venue = \"Merge\""));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use std::io::BufRead;

use super::format::{FormatWords, HandSplit, SiteFormat};
use super::ipoker::attribute;
use super::xml_cut::{opens, past_declaration, CutHands, Tags};

static WORDS: FormatWords = FormatWords {
    names: &["merge", "merge-xml"],
    text: "Merge Network hand-history XML",
    texts: "Merge Network hand-history XML",
    short: "Merge XML",
    shorts: "Merge XML",
    help: "Merge Network hand-history XML (Carbon Poker and its skins: `<description>` then `<game id=...>` elements)",
    no_hand: "no `<game id=...>` element",
    not_detected: "it does not open with a Merge `<description type=...>` element",
};

static TAGS: Tags = Tags { header: Some(b"description"), hand: b"game", close: b"</game>" };

/// The Merge Network's XML hand histories.
pub struct MergeXml;

/// The format, as [`super::format::FORMATS`] lists it.
pub static MERGE_XML: MergeXml = MergeXml;

impl SiteFormat for MergeXml {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// The first element (after an `<?xml ...?>` declaration) is `<description` with a
    /// `type`, or a `<game` with an `id` and a `starttime`.
    fn detect(&self, head: &[u8]) -> bool {
        let rest = past_declaration(head);
        (opens(rest, b"description") && !attribute(rest, b"type").is_empty())
            || (opens(rest, b"game")
                && !attribute(rest, b"id").is_empty()
                && !attribute(rest, b"starttime").is_empty())
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(CutHands::new(input, &TAGS, super::merge_record::record))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_or_a_game_is_told_by_its_first_element() {
        assert!(MERGE_XML.detect(b"<description type=\"Holdem\" stakes=\"No Limit\"/>"));
        assert!(MERGE_XML.detect(b"\r\n<?xml version=\"1.0\"?>\n<description type='Omaha'/>"));
        assert!(MERGE_XML.detect(b"<game id=\"1-2\" starttime=\"20120529015906\">"));
        assert!(!MERGE_XML.detect(b"<description/>"));
        assert!(!MERGE_XML.detect(b"<game gamecode=\"1\">"));
        assert!(!MERGE_XML.detect(b"<session sessioncode=\"1\">"));
    }
}
