//! What a site's hand-history format is to feltkit: a [`SiteFormat`] says its names and how
//! messages describe it, tells its texts by their first bytes, and cuts a stream into hands;
//! each hand ([`SiteHand`]) reads itself into the [`HandRecord`] the replay takes and writes
//! itself as PHH for `felt convert`. [`FORMATS`] lists every site format feltkit reads: the
//! names `--format` takes, how a text's format is found ([`super::sniff`]), what a text looks
//! like in messages ([`super::looks_like`]) and which files a directory's walk reads all come
//! from it.
//!
//! A format is one module implementing the two traits and one line in [`FORMATS`]:
//!
//! ```
//! use std::io::BufRead;
//! use std::sync::Arc;
//! use feltkit::import::format::{FormatWords, HandSplit, SiteFormat, SiteHand};
//! use feltkit::phh::record::RecordError;
//! use feltkit::record::{HandRecord, Unreplayable};
//!
//! /// Lines `TOY <number>`, one hand each, that feltkit cannot play.
//! struct Toy;
//! static TOY_WORDS: FormatWords = FormatWords {
//!     names: &["toy"],
//!     text: "a toy log",
//!     texts: "toy logs",
//!     short: "a toy log",
//!     shorts: "toy logs",
//!     help: "Toy logs (`TOY 1`, one hand per line)",
//!     no_hand: "no `TOY` line",
//!     not_detected: "no `TOY` line first",
//! };
//! #[derive(Debug)]
//! struct ToyHand(usize, String);
//! impl SiteFormat for Toy {
//!     fn words(&self) -> &'static FormatWords { &TOY_WORDS }
//!     fn detect(&self, head: &[u8]) -> bool { head.starts_with(b"TOY ") }
//!     fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
//!         struct Lines<'r>(std::iter::Enumerate<std::io::Lines<Box<dyn BufRead + 'r>>>);
//!         impl Iterator for Lines<'_> {
//!             type Item = std::io::Result<Arc<dyn SiteHand>>;
//!             fn next(&mut self) -> Option<Self::Item> {
//!                 let (k, line) = self.0.next()?;
//!                 Some(line.map(|l| Arc::new(ToyHand(k + 1, l)) as Arc<dyn SiteHand>))
//!             }
//!         }
//!         impl HandSplit for Lines<'_> {
//!             fn held(&self) -> usize { 0 }
//!         }
//!         Box::new(Lines(input.lines().enumerate()))
//!     }
//! }
//! impl SiteHand for ToyHand {
//!     fn line(&self) -> usize { self.0 }
//!     fn weight(&self) -> usize { self.1.len() }
//!     fn number(&self) -> Option<String> { self.1.strip_prefix("TOY ").map(String::from) }
//!     fn read(&self, take: &mut dyn FnMut(Result<HandRecord<'_>, RecordError>)) {
//!         let why = format!("line {}: toy hands are not played", self.0);
//!         take(Ok(HandRecord {
//!             variant: "NT".into(),
//!             hand: self.number(),
//!             unreplayable: Some(Unreplayable::Unsupported(why)),
//!             ..HandRecord::default()
//!         }))
//!     }
//!     fn phh(&self) -> String { "variant = 'NT'\n".into() }
//! }
//!
//! // What `felt replay --format toy` would do, once `&Toy` is in `FORMATS`:
//! static TOY: Toy = Toy;
//! let toy = feltkit::import::Format::from_site(&TOY);
//! let mut chunks = Vec::new();
//! let text = "TOY 7\nTOY 8\n";
//! feltkit::replay_source::read_stream(text.as_bytes(), "t.toy", Some(toy), 32, &mut |c, _| {
//!     chunks.push(c);
//!     true
//! });
//! let reports: Vec<_> = chunks.iter().filter_map(|c| c.replay(true)).flatten().collect();
//! assert_eq!(reports[1].label, "t.toy [2]");
//! assert_eq!(reports[1].hand.as_deref(), Some("8"));
//! let why = "line 2: toy hands are not played";
//! assert!(matches!(&reports[1].status, feltkit::phh::Status::Unsupported(w) if w == why));
//! // `felt convert --format toy`:
//! let hands = feltkit::import::convert_as(toy, text.as_bytes());
//! assert_eq!((hands[0].number.as_deref(), hands[0].phh.as_str()), (Some("7"), "variant = 'NT'\n"));
//! ```

use std::fmt;
use std::io::BufRead;
use std::sync::Arc;

use crate::phh::record::RecordError;
use crate::phh::replay::replay_section;
use crate::phh::HandReport;
use crate::record::HandRecord;

/// Every site format feltkit reads, in the order a text's first bytes are tried against them
/// ([`super::sniff`]). Adding a format adds its line here; nothing else lists formats.
pub static FORMATS: &[&dyn SiteFormat] = &[
    &super::stars::PokerStarsText,
    &super::ggpoker::GGPOKER,
    &super::winamax::WINAMAX_TEXT,
    &super::party::PARTY_TEXT,
    &super::p888::P888_TEXT,
    &super::fulltilt::FULLTILT_TEXT,
    &super::wpn::WPN_TEXT,
    &super::bovada::BOVADA_TEXT,
    &super::ongame::ONGAME_TEXT,
    &super::chico::CHICO_TEXT,
    &super::cake::CAKE_TEXT,
    &super::kingsclub::KINGSCLUB_TEXT,
    &super::ipoker::IPOKER_XML,
    &super::merge::MERGE_XML,
    &super::microgaming::MICROGAMING_XML,
    &super::absolute::ABSOLUTE_TEXT,
    &super::everest::EVEREST_XML,
    &super::acpc::AcpcLog,
];

/// How the names and messages speak of a format.
#[derive(Debug)]
pub struct FormatWords {
    /// The names `--format` takes (any case), the first one the name messages give:
    /// `pokerstars`.
    pub names: &'static [&'static str],
    /// One text of the format, as messages describe an input: `PokerStars hand-history
    /// text`, `an ACPC match log`.
    pub text: &'static str,
    /// Texts of the format: `PokerStars hand-history text`, `ACPC match logs`.
    pub texts: &'static str,
    /// One text of the format, said shortly: `PokerStars text`, `an ACPC log`.
    pub short: &'static str,
    /// Texts of the format, said shortly: `PokerStars text`, `ACPC logs`.
    pub shorts: &'static str,
    /// The help of its `--format` value: `ACPC match logs (`STATE:0:r200c/cr400c/...`, one
    /// hand per line)`.
    pub help: &'static str,
    /// What an input of another format lacks: `no hand line (`STATE:...`)`.
    pub no_hand: &'static str,
    /// What a text's first bytes lack when they do not show the format: `its first line does
    /// not start `PokerStars ``.
    pub not_detected: &'static str,
}

/// A site's hand-history format: its names, how to tell its texts, how to cut one into hands.
pub trait SiteFormat: Sync {
    /// Its names and how messages describe it.
    fn words(&self) -> &'static FormatWords;

    /// Whether a text is of this format by its first bytes (after a byte-order mark; up to
    /// 64 KiB, perhaps cut in the middle of a line).
    fn detect(&self, head: &[u8]) -> bool;

    /// Whether a file is of this format by its name alone (its content is then not looked
    /// at); no file is, unless the format says so.
    fn detect_name(&self, _path: &std::path::Path) -> bool {
        false
    }

    /// The hands of a text as `input` is read: about one hand held at a time, whatever the
    /// input's size; a read error ends the hands with that error.
    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r>;
}

/// The hands of a text as it is read ([`SiteFormat::split`]).
pub trait HandSplit: Iterator<Item = std::io::Result<Arc<dyn SiteHand>>> {
    /// The bytes of text held besides the input's buffer (about one hand).
    fn held(&self) -> usize;
}

/// One hand cut from a site's text, not yet read.
pub trait SiteHand: fmt::Debug + Send + Sync {
    /// The line of the text the hand starts on, from 1.
    fn line(&self) -> usize;

    /// The length of the hand's text in bytes (about: for the reader's window).
    fn weight(&self) -> usize;

    /// The site's hand number, when the text gives one that can be read.
    fn number(&self) -> Option<String>;

    /// Reads the hand into its record and hands the record to `take`. A hand that cannot be
    /// replayed (a line not understood, the text cut off, a game not played) is a record that
    /// says why ([`HandRecord::unreplayable`], the message saying its line).
    fn read(&self, take: &mut dyn FnMut(Result<HandRecord<'_>, RecordError>));

    /// The hand as a PHH document (no section header), as `felt convert` writes it.
    fn phh(&self) -> String;

    /// The hand read, replayed and (with `check`) checked, as `felt replay` reports it when read
    /// from `source` as the section `[section]`.
    fn replay(&self, source: &str, section: &str, check: bool) -> Vec<HandReport> {
        let mut reports = Vec::with_capacity(1);
        let line = self.line();
        self.read(&mut |record| {
            reports.push(replay_section(record, source, Some(section), line, check));
        });
        reports
    }
}

/// A hand-history format `felt` reads: PHH, or one of the site formats of [`FORMATS`].
#[derive(Clone, Copy)]
pub struct Format(Option<&'static dyn SiteFormat>);

#[allow(non_upper_case_globals)]
impl Format {
    /// PHH (TOML): `.phh` hands and `.phhs` bundles.
    pub const Phh: Format = Format(None);
    /// PokerStars hand-history text.
    pub const PokerStars: Format = Format(Some(&super::stars::PokerStarsText));
    /// ACPC match logs (`STATE:0:r200c/...`, one hand per line).
    pub const Acpc: Format = Format(Some(&super::acpc::AcpcLog));

    /// A site format (one of [`FORMATS`], or any other).
    pub const fn from_site(site: &'static dyn SiteFormat) -> Format {
        Format(Some(site))
    }

    /// Every format: PHH, then the site formats of [`FORMATS`].
    pub fn all() -> impl Iterator<Item = Format> {
        std::iter::once(Format::Phh).chain(FORMATS.iter().map(|&f| Format(Some(f))))
    }

    /// The format a name gives (as `--format` takes it, any case and spaces around).
    ///
    /// ```
    /// use feltkit::import::Format;
    /// assert_eq!(Format::named(" ACPC"), Some(Format::Acpc));
    /// assert_eq!(Format::named("xml"), None);
    /// ```
    pub fn named(name: &str) -> Option<Format> {
        let name = name.trim();
        Format::all().find(|f| f.names().iter().any(|n| n.eq_ignore_ascii_case(name)))
    }

    /// The site format, `None` for PHH.
    pub fn site(self) -> Option<&'static dyn SiteFormat> {
        self.0
    }

    /// The names `--format` takes for it: `phh`, `pokerstars`, `acpc`.
    pub fn names(self) -> &'static [&'static str] {
        self.0.map_or(&["phh"], |f| f.words().names)
    }

    /// The name messages give it: `phh`, `pokerstars`, `acpc`.
    pub fn name(self) -> &'static str {
        self.names().first().copied().unwrap_or_default()
    }
}

impl PartialEq for Format {
    fn eq(&self, other: &Format) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Format {}

impl fmt::Debug for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Format({})", self.name())
    }
}

/// The site formats' `words` joined as a list: `A, B and C` (with `last` for ` and `).
pub(crate) fn listed(word: impl Fn(&FormatWords) -> &'static str, last: &str) -> String {
    let words: Vec<&str> = FORMATS.iter().map(|f| word(f.words())).collect();
    match words.split_last() {
        None => String::new(),
        Some((only, [])) => (*only).to_string(),
        Some((end, rest)) => format!("{}{last}{end}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_has_its_own_names() {
        let mut names: Vec<String> =
            Format::all().flat_map(|f| f.names()).map(|n| n.to_ascii_lowercase()).collect();
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count, "{names:?}");
        assert!(!names.contains(&"auto".to_string()), "`auto` means: as the content shows");
        for f in Format::all() {
            assert_eq!(Format::named(f.name()), Some(f));
        }
    }

    #[test]
    fn the_shorthands_are_the_registered_formats() {
        assert_eq!(Format::PokerStars.name(), "pokerstars");
        assert_eq!(Format::Acpc.name(), "acpc");
        assert_eq!(Format::Phh.name(), "phh");
        assert_ne!(Format::Acpc, Format::PokerStars);
        assert!(Format::all().any(|f| f == Format::Acpc));
    }

    #[test]
    fn formats_are_listed_with_commas_then_the_last_word() {
        assert_eq!(
            listed(|w| w.short, " nor "),
            "PokerStars text, GGPoker text, Winamax text, PartyPoker text, 888poker text, Full Tilt text, WPN text, Bovada text, OnGame text, Chico text, Cake text, KingsClub text, iPoker XML, Merge XML, Microgaming XML, Absolute text, Everest XML nor an ACPC log"
        );
        assert_eq!(
            listed(|w| w.texts, " and "),
            "PokerStars hand-history text, GGPoker hand-history text, Winamax hand-history text, PartyPoker hand-history text, 888poker hand-history text, Full Tilt Poker hand-history text, WPN hand-history text, Bovada hand-history text, OnGame hand-history text, Chico hand-history text, Cake hand-history text, KingsClub hand-history text, iPoker hand-history XML, Merge Network hand-history XML, Microgaming hand-history XML, Absolute Poker and UltimateBet hand-history text, Everest Poker hand-history XML and ACPC match logs"
        );
    }
}
