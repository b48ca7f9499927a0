//! Importing hand histories written by poker sites: PokerStars text (one or many hands per
//! file, as the site and its clones write them) and ACPC match logs, each hand read into the
//! hand record the replay takes, or written as a PHH hand (`felt convert`). The site's own
//! accounting (what each player collected from which pot, the total pot, the rake, uncalled
//! bets) goes into `_`-prefixed fields that `felt replay --check` compares with the replay
//! (docs/import.md). What a format is, and the one list of the formats, are in [`format`](mod@format).
//!
//! ```
//! use feltkit::import::{convert, sniff, Format};
//! let text = "PokerStars Hand #7: Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/16 14:21:15 ET\n\
//! Table 'T' 6-max Seat #1 is the button\nSeat 1: Ann ($1 in chips)\nSeat 2: Bob ($2 in chips)\n\
//! Ann: posts small blind $0.01\nBob: posts big blind $0.02\n*** HOLE CARDS ***\nAnn: folds\n\
//! Uncalled bet ($0.01) returned to Bob\nBob collected $0.02 from pot\n*** SUMMARY ***\n\
//! Total pot $0.02 | Rake $0\nSeat 1: Ann (button) (small blind) folded before Flop\n\
//! Seat 2: Bob (big blind) collected ($0.02)\n";
//! assert_eq!(sniff(text.as_bytes()), Some(Format::PokerStars));
//! let hands = convert(text.as_bytes());
//! assert_eq!(hands[0].number.as_deref(), Some("7"));
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

mod absolute;
mod absolute_lines;
mod absolute_play;
mod absolute_summary;
pub mod acpc;
mod bovada;
mod bovada_lines;
mod bovada_play;
mod bovada_stud;
mod cake;
mod cake_lines;
mod cake_play;
mod chico;
mod chico_lines;
mod chico_play;
mod collected;
mod consistency;
pub mod decode;
mod emit;
mod everest;
mod everest_lines;
mod everest_play;
pub mod format;
mod fulltilt;
mod fulltilt_lines;
mod fulltilt_stud;
mod ggpoker;
mod ggpoker_lines;
mod ggpoker_outside;
mod ggpoker_straddles;
mod header;
mod ipoker;
mod ipoker_game;
mod ipoker_record;
mod kingsclub;
mod kingsclub_lines;
mod kingsclub_play;
mod kingsclub_stud;
mod kingsclub_summary;
pub mod lines;
mod merge;
mod merge_game;
mod merge_record;
mod merge_stud;
mod microgaming;
mod microgaming_game;
mod microgaming_record;
mod ongame;
mod ongame_lines;
mod ongame_play;
mod ongame_stud;
mod p888;
mod p888_lines;
mod party;
mod party_game;
mod party_lines;
pub mod pokerstars;
pub mod rake;
mod runs;
pub mod split;
mod stars;
mod summary_piece;
pub mod utf16;
mod winamax;
mod winamax_lines;
mod winamax_stud;
mod wpn;
mod wpn_lines;
pub mod write_stars;
mod xml_cut;
mod xml_pull;

use std::io::BufRead;
use std::sync::Arc;

pub use format::{Format, SiteFormat, SiteHand, FORMATS};

use crate::phh::HandReport;

/// Whether a text starts as a site's hand histories (PokerStars text or an ACPC match log),
/// by its content as [`sniff`] reads it.
///
/// ```
/// use feltkit::import::is_site_text;
/// assert!(is_site_text(b"PokerStars Hand #1: Hold'em No Limit (1/2)\n"));
/// assert!(!is_site_text(b"variant = 'NT'\n"));
/// ```
pub fn is_site_text(bytes: &[u8]) -> bool {
    sniff(bytes).is_some_and(|f| f != Format::Phh)
}

/// The format of a text by its content: the first of [`FORMATS`] whose
/// [`SiteFormat::detect`] takes the text (after a byte-order mark): PokerStars when its first
/// non-blank line starts `PokerStars ` or is a Zoom archive's `*** # 1 ***` line; an ACPC
/// match log when its first line that is not blank nor a `#` comment is a hand line
/// (`STATE:...`, or `NAME|NAME:HAND:...`); `None` otherwise.
pub fn sniff(bytes: &[u8]) -> Option<Format> {
    if let Some(text) = utf16::head_utf8(bytes) {
        return sniff(&text);
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    Format::all().find(|f| f.site().is_some_and(|site| site.detect(bytes)))
}

/// What a text looks like by its first non-blank bytes, for messages about an input read in
/// another format than its own: a site format's own words (`PokerStars hand-history text`,
/// `an ACPC match log`), `PHH (TOML)`, `JSON`, `empty`, or `neither PHH, PokerStars text, an
/// ACPC log nor JSON`; and the format that reads it, when feltkit reads it.
///
/// ```
/// use feltkit::import::{looks_like, Format};
/// assert_eq!(looks_like(b"\n{\"hand\": 1}"), ("JSON", None));
/// assert_eq!(looks_like(b"variant = 'NT'\n"), ("PHH (TOML)", Some(Format::Phh)));
/// assert_eq!(looks_like(b"[1]\nvariant = 'NT'\n"), ("PHH (TOML)", Some(Format::Phh)));
/// ```
pub fn looks_like(bytes: &[u8]) -> (&'static str, Option<Format>) {
    if let Some(text) = utf16::head_utf8(bytes) {
        return looks_like(&text);
    }
    if let Some(site) = sniff(bytes).and_then(Format::site) {
        return (site.words().text, sniff(bytes));
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let Some(first) =
        bytes.split(|&b| b == b'\n' || b == b'\r').map(<[u8]>::trim_ascii).find(|l| !l.is_empty())
    else {
        return ("empty", None);
    };
    let key = |l: &[u8]| {
        let name = l.iter().take_while(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'"' | b'\'')
        });
        let n = name.count();
        n > 0 && l[n..].trim_ascii_start().starts_with(b"=")
    };
    let section = |l: &[u8]| {
        l.starts_with(b"[")
            && l.ends_with(b"]")
            && !l.iter().any(|b| matches!(b, b'{' | b',' | b':'))
    };
    if first.starts_with(b"#") || key(first) || section(first) {
        return ("PHH (TOML)", Some(Format::Phh));
    }
    if first.starts_with(b"{") || first.starts_with(b"[") {
        return ("JSON", None);
    }
    (neither(), None)
}

/// `neither PHH, PokerStars text, an ACPC log nor JSON`: every format named.
fn neither() -> &'static str {
    static NEITHER: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NEITHER.get_or_init(|| format!("neither PHH, {} nor JSON", format::listed(|w| w.short, ", ")))
}

/// Converts a text of the given format hand by hand ([`Format::Phh`] needs no conversion:
/// nothing).
pub fn convert_as(format: Format, bytes: &[u8]) -> Vec<Converted> {
    split(format, bytes).iter().map(Pending::convert).collect()
}

/// One hand of a text, converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The hand's place in the file, from 1.
    pub index: usize,
    /// The site's hand number, when the header could be read.
    pub number: Option<String>,
    /// The line of the hand's header in the file.
    pub line: usize,
    /// The hand as a PHH document (no section header). A hand that cannot be replayed says
    /// why in `_not_replayable` (a game or feature not played), `_cut_off` (the text stops
    /// mid-hand) or `_unreadable` (a line not understood), which the replay reports.
    pub phh: String,
}

/// Converts PokerStars text (any encoding the site writes: see [`decode`]) hand by hand.
pub fn convert(bytes: &[u8]) -> Vec<Converted> {
    split(Format::PokerStars, bytes).iter().map(Pending::convert).collect()
}

/// One hand of a text, found but not yet converted: texts are cut into hands on one thread and
/// the hands converted (and replayed) on every core.
#[derive(Clone, Debug)]
pub struct Pending {
    /// The hand's place in the file, from 1.
    pub index: usize,
    /// The line of the hand's first line in the file.
    pub line: usize,
    hand: Arc<dyn SiteHand>,
}

impl Pending {
    /// The length of the hand's text, in bytes (about: for the reader's window).
    pub fn weight(&self) -> usize {
        self.hand.weight()
    }

    /// The hand, as its format cut it.
    pub fn hand(&self) -> &dyn SiteHand {
        self.hand.as_ref()
    }

    /// The hand converted to PHH.
    pub fn convert(&self) -> Converted {
        let h = &self.hand;
        Converted { index: self.index, number: h.number(), line: self.line, phh: h.phh() }
    }

    /// The hand read, replayed and (with `check`) checked, as `felt replay` reports it when
    /// read from `source`: the same reports as replaying the PHH text of [`Pending::convert`]
    /// as the section `[index]` on the hand's line, but built straight into the record the
    /// replay takes, without its text, where the format can ([`SiteHand::replay`]).
    pub fn replay(&self, source: &str, check: bool) -> Vec<HandReport> {
        self.hand.replay(source, &self.index.to_string(), check)
    }
}

/// Cuts a text of the given format into its hands ([`Format::Phh`]: none).
pub fn split(format: Format, bytes: &[u8]) -> Vec<Pending> {
    read_hands(format, bytes).map_while(Result::ok).collect()
}

/// The hands of a text of the given format, cut as `input` is read ([`Format::Phh`]: none),
/// a UTF-16 text transcoded as it is read ([`utf16`]): the reader holds about one hand at a time, whatever the input's size, and a read error ends the
/// hands with that error.
///
/// ```
/// use feltkit::import::{read_hands, Format};
/// let log = "# holdem.nolimit.2p\nSTATE:0:ff:Ks4s|QhJc:0|0:A|B\nSTATE:1:cc/cc/cc/cc:Ks4s|QhJc/8dTh6d/3h/2c:0|0:A|B\n";
/// let hands: Vec<_> = read_hands(Format::Acpc, log.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(hands.iter().map(|h| (h.index, h.line)).collect::<Vec<_>>(), [(1, 2), (2, 3)]);
/// ```
pub fn read_hands<'r, R: BufRead + 'r>(format: Format, input: R) -> PendingHands<'r> {
    // A UTF-16 text is read as UTF-8, whatever its format.
    let split = format.site().map(|f| f.split(Box::new(utf16::Decoded::new(input))));
    PendingHands { split, index: 0 }
}

/// The hands of a text as it is read ([`read_hands`]).
pub struct PendingHands<'r> {
    split: Option<Box<dyn format::HandSplit + 'r>>,
    index: usize,
}

impl PendingHands<'_> {
    /// The bytes of text the reader holds besides its input's buffer (about one hand).
    pub fn held(&self) -> usize {
        self.split.as_ref().map_or(0, |s| s.held())
    }
}

impl Iterator for PendingHands<'_> {
    type Item = std::io::Result<Pending>;

    fn next(&mut self) -> Option<std::io::Result<Pending>> {
        let hand = match self.split.as_mut()?.next()? {
            Ok(hand) => hand,
            Err(e) => return Some(Err(e)),
        };
        self.index += 1;
        Some(Ok(Pending { index: self.index, line: hand.line(), hand }))
    }
}

/// The hands of a text as a PHH bundle, its sections numbered from `first`.
pub fn bundle(hands: &[Converted], first: usize) -> String {
    let mut out = String::with_capacity(hands.len() * 2048);
    for (k, h) in hands.iter().enumerate() {
        if k > 0 || first > 1 {
            out.push('\n');
        }
        out.push_str(&format!("[{}]\n", first + k));
        out.push_str(&h.phh);
    }
    out
}
