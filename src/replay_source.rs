//! The sources `felt replay` reads, cut into hands for the workers that replay them: files,
//! directories (walked for hand files, [`crate::phh::walk`]), standard input, or text held in
//! memory, each in PHH, PokerStars hand-history text or an ACPC match log (the format given,
//! else the one the file's name or content shows). `felt replay` and the Python package's
//! `feltkit.replay` both read through here, so a file gives the same reports, labelled the
//! same, in either.
//!
//! The readers ([`read_paths`], [`read_path`], [`read_stream`]) hand out [`Chunk`]s in input
//! order through an `emit` callback (the producer side of [`crate::phh::stream::ordered`]);
//! [`Chunk::replay`] replays a chunk's hands on a worker, and [`Chunk::note`] says what
//! happened to an input that gave no hand (unreadable, without hands).
//!
//! ```
//! use feltkit::replay_source::{read_stream, Chunk};
//! let text = "variant = 'nlhe'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
//!             actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\nfinishing_stacks = [101, 99]\n";
//! let mut chunks = Vec::new();
//! read_stream(text.as_bytes(), "<text>", None, 32, &mut |c: Chunk, _| {
//!     chunks.push(c);
//!     true
//! });
//! let reports: Vec<_> = chunks.iter().filter_map(|c| c.replay(true)).flatten().collect();
//! assert_eq!(reports.len(), 1);
//! assert!(reports[0].ok());
//! // The last chunk says the text was read to its end, and held a hand.
//! assert!(matches!(chunks.last(), Some(Chunk::Read(_, true))));
//! ```

use std::fmt;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::import::{looks_like, read_hands, sniff, Format, Pending};
use crate::phh::split::{pieces, Piece};
use crate::phh::walk::{walk, Found};
use crate::phh::{replay_piece, HandReport};
use crate::stop::{Stop, StopReader};

/// How standard input is named in reports.
pub const STDIN: &str = "<stdin>";

/// Hands of a file handed to a worker at a time: one hand per chunk costs a wake-up of another
/// thread for every few microseconds of replay. Standard input goes one hand at a time (so
/// that each report appears as soon as its hand has come).
pub const FILE_BATCH: usize = 32;

/// The names of the formats, as `felt replay --format` and `feltkit.replay(format=...)` take
/// them: `phh`, then each site format's of [`crate::import::FORMATS`].
///
/// ```
/// let names = feltkit::replay_source::format_names();
/// assert_eq!(names[0], "phh");
/// assert!(["pokerstars", "ggpoker", "acpc"].iter().all(|n| names.contains(n)));
/// ```
pub fn format_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| Format::all().flat_map(Format::names).copied().collect())
}

/// A format by its name (`phh` or a site format's, [`format_names`]; any case), `None` for
/// `auto` (the file's name or content decides). An unknown name is refused with the names
/// taken.
///
/// ```
/// use feltkit::import::Format;
/// use feltkit::replay_source::parse_format;
/// assert_eq!(parse_format("PokerStars"), Ok(Some(Format::PokerStars)));
/// assert_eq!(parse_format("auto"), Ok(None));
/// let names = feltkit::replay_source::format_names().join(", ");
/// assert_eq!(
///     parse_format("xml").unwrap_err(),
///     format!("invalid value 'xml' [possible values: auto, {names}]")
/// );
/// ```
pub fn parse_format(name: &str) -> Result<Option<Format>, String> {
    if name.trim().eq_ignore_ascii_case("auto") {
        return Ok(None);
    }
    Format::named(name).map(Some).ok_or_else(|| {
        format!("invalid value '{name}' [possible values: auto, {}]", format_names().join(", "))
    })
}

/// The site's format `input` (the file at `path`, or standard input for `-`) is to be read in,
/// `None` for PHH: as `format` says, else PHH for `.phh` and `.phhs` files, a site format for
/// a file its name shows ([`crate::import::SiteFormat::detect_name`]), and for anything else
/// the format its content shows (nothing of the input is consumed).
pub fn site_format(
    path: &Path,
    format: Option<Format>,
    input: &mut impl BufRead,
) -> std::io::Result<Option<Format>> {
    if let Some(f) = format {
        return Ok(Some(f).filter(|&f| f != Format::Phh));
    }
    if path.extension().is_some_and(|x| x == "phh" || x == "phhs") {
        return Ok(None);
    }
    if let Some(f) = Format::all().find(|f| f.site().is_some_and(|s| s.detect_name(path))) {
        return Ok(Some(f));
    }
    let head = input.fill_buf()?;
    Ok(sniff(head).filter(|&f| f != Format::Phh))
}

/// What the readers hand out, in input order.
#[derive(Debug)]
pub enum Chunk {
    /// PHH hands' texts, in order, and the input they are from.
    Pieces(Arc<str>, Vec<Piece>),
    /// Hands of a site's text or log, to convert to PHH and replay, and the input they are
    /// from.
    Hands(Arc<str>, Vec<Pending>),
    /// An input was read to its end; whether it held any hand.
    Read(Arc<str>, bool),
    /// A path that cannot be read, and why.
    Unreadable(String, String),
    /// A directory without hand files.
    NoHands(String),
    /// A directory link not followed, and why.
    Skipped(String, String),
    /// A path begins that is checked as a table's session of hands (`felt replay --session`):
    /// its label.
    SessionStart(String),
    /// The session begun last ends.
    SessionEnd,
}

impl Chunk {
    /// The reports of the chunk's hands, replayed (and with `check`, checked), in order: each
    /// hand of a site's text is converted where it is replayed (docs/import.md). `None` for a
    /// chunk that holds no hands.
    pub fn replay(&self, check: bool) -> Option<Vec<HandReport>> {
        match self {
            Chunk::Pieces(source, pieces) => {
                Some(pieces.iter().flat_map(|piece| replay_piece(piece, source, check)).collect())
            }
            Chunk::Hands(source, hands) => {
                Some(hands.iter().flat_map(|h| h.replay(source, check)).collect())
            }
            _ => None,
        }
    }

    /// What the chunk says about an input that gave no hands: unreadable, or without hands
    /// (a file read to its end without any, a directory without hand files).
    pub fn note(&self) -> Option<InputNote<'_>> {
        let (source, status, reason): (&str, _, &str) = match self {
            Chunk::Read(source, false) => (source, InputStatus::NoHands, NO_HAND_IN_FILE),
            Chunk::NoHands(path) => (path, InputStatus::NoHands, no_hand_files()),
            Chunk::Unreadable(path, why) => (path, InputStatus::Unreadable, why),
            _ => return None,
        };
        Some(InputNote { source, status, reason })
    }
}

/// Why a file read to its end gave no hand.
const NO_HAND_IN_FILE: &str = "no hand in the file (it is empty or holds only comments)";

/// Why a directory gave no hand: `no hand files (.phh, .phhs, or .txt, .log and .xml files of
/// sites' hand histories or ACPC logs) found in this directory or below`.
fn no_hand_files() -> &'static str {
    static WHY: OnceLock<String> = OnceLock::new();
    WHY.get_or_init(|| {
        let sites = crate::import::format::listed(|w| w.shorts, " or ");
        format!("no hand files (.phh, .phhs, or .txt, .log and .xml files of {sites}) found in this directory or below")
    })
}

/// What happened to an input that gave no hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputStatus {
    /// It cannot be read (or not to its end).
    Unreadable,
    /// It holds no hand.
    NoHands,
}

impl InputStatus {
    /// The status as `felt replay --json` writes it: `unreadable`, `no_hands`.
    pub fn key(self) -> &'static str {
        match self {
            InputStatus::Unreadable => "unreadable",
            InputStatus::NoHands => "no_hands",
        }
    }
}

/// An input that gave no hand, and why. Its [`Display`](fmt::Display) is the line of
/// `felt replay` (`dir/x.phh: UNREADABLE: permission denied`), [`InputNote::to_json`] the
/// object of `felt replay --json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputNote<'a> {
    /// The input, as reports name it.
    pub source: &'a str,
    /// What happened to it.
    pub status: InputStatus,
    /// Why, in words.
    pub reason: &'a str,
}

impl InputNote<'_> {
    /// The object of `felt replay --json`: `{"source", "file", "status", "ok": false,
    /// "reason"}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({"source": self.source, "file": self.source,
            "status": self.status.key(), "ok": false, "reason": self.reason})
    }
}

impl fmt::Display for InputNote<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self.status {
            InputStatus::Unreadable => "UNREADABLE",
            InputStatus::NoHands => "NO HANDS",
        };
        write!(f, "{}: {word}: {}", self.source, self.reason)
    }
}

/// Reads every path in order (`-` is standard input, given once), emitting its hands and what
/// happened to it; with `sessions`, each path is framed by [`Chunk::SessionStart`] and
/// [`Chunk::SessionEnd`]. Stops when `emit` says the results are no longer wanted.
pub fn read_paths(
    paths: &[PathBuf],
    follow: bool,
    sessions: bool,
    format: Option<Format>,
    emit: &mut dyn FnMut(Chunk, usize) -> bool,
) {
    for path in paths {
        if sessions {
            let label = if path.as_os_str() == "-" { STDIN.to_string() } else { shown(path) };
            if !emit(Chunk::SessionStart(label), 0) {
                return;
            }
        }
        if !read_path(path, follow, format, emit) || (sessions && !emit(Chunk::SessionEnd, 0)) {
            return;
        }
    }
}

/// Emits the hands of one path (`-`: standard input, one hand at a time); `false` when the
/// results are no longer wanted.
pub fn read_path(
    path: &Path,
    follow: bool,
    format: Option<Format>,
    emit: &mut dyn FnMut(Chunk, usize) -> bool,
) -> bool {
    if path.as_os_str() == "-" {
        return read_stream(std::io::stdin().lock(), STDIN, format, 1, emit);
    }
    read_file_or_dir(path, None, follow, format, emit)
}

/// Emits the hands of a file, or of the hand files below a directory (`-` is a file of that
/// name here); `false` when the results are no longer wanted. Reports name each file by its
/// path, or with `label`, by the label in place of `path` (a file given is named `label`, a
/// file below a directory given `label/` and its path below it).
pub fn read_file_or_dir(
    path: &Path,
    label: Option<&str>,
    follow: bool,
    format: Option<Format>,
    emit: &mut dyn FnMut(Chunk, usize) -> bool,
) -> bool {
    read_file_or_dir_until(path, label, follow, format, &Stop::new(), emit)
}

/// [`read_file_or_dir`], which stops reading (in the middle of a file, even an endless one
/// such as `/dev/zero`) once `stop` is raised: the file being read is then reported unreadable
/// ([`crate::stop::STOPPED`]) and `false` returned.
pub fn read_file_or_dir_until(
    path: &Path,
    label: Option<&str>,
    follow: bool,
    format: Option<Format>,
    stop: &Stop,
    emit: &mut dyn FnMut(Chunk, usize) -> bool,
) -> bool {
    let name = |p: &Path| match (label, p.strip_prefix(path)) {
        (Some(l), Ok(rest)) if rest.as_os_str().is_empty() => l.to_string(),
        (Some(l), Ok(rest)) => shown(&Path::new(l).join(rest)),
        _ => shown(p),
    };
    for found in walk(path, follow, crate::import::is_site_text) {
        let going = match found {
            Found::File(p) => match std::fs::File::open(&p) {
                Ok(f) => {
                    let f = StopReader::new(f, stop.clone());
                    let mut input = BufReader::with_capacity(1 << 16, f);
                    match site_format(&p, format, &mut input) {
                        Ok(Some(f)) => read_site_text(input, f, &name(&p), FILE_BATCH, emit),
                        Ok(None) => read_phh_checked(input, &name(&p), FILE_BATCH, emit),
                        Err(e) => emit(Chunk::Unreadable(name(&p), e.to_string()), 0),
                    }
                }
                Err(e) => emit(Chunk::Unreadable(name(&p), e.to_string()), 0),
            },
            Found::Unreadable(p, why) => emit(Chunk::Unreadable(name(&p), why), 0),
            Found::NoHands(p) => emit(Chunk::NoHands(name(&p)), 0),
            Found::Skipped(p, why) => emit(Chunk::Skipped(name(&p), why), 0),
        };
        if !going || stop.is_raised() {
            return false;
        }
    }
    true
}

/// Emits the hands of a stream (standard input, or text in memory) named `source`: a site's
/// text when `format` says so or (without it) when its content shows one, else PHH, `batch`
/// PHH hands at a time; `false` when the results are no longer wanted.
pub fn read_stream(
    mut input: impl BufRead,
    source: &str,
    format: Option<Format>,
    batch: usize,
    emit: &mut dyn FnMut(Chunk, usize) -> bool,
) -> bool {
    match site_format(Path::new("-"), format, &mut input) {
        Ok(Some(f)) => read_site_text(input, f, source, batch, emit),
        Ok(None) => read_phh_checked(input, source, batch, emit),
        Err(e) => emit(Chunk::Unreadable(source.into(), e.to_string()), 0),
    }
}

/// A path as reports name it.
fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// As [`read_phh`], but an input whose first non-blank bytes show another format (PokerStars
/// text, an ACPC log, JSON) is one malformed hand saying what it looks like and which
/// `--format` reads it, where the TOML reader would report its first line's syntax.
fn read_phh_checked(
    mut input: impl BufRead,
    source: &str,
    batch: usize,
    emit: &mut dyn FnMut(Chunk, usize) -> bool,
) -> bool {
    let head = match input.fill_buf() {
        Ok(head) => head,
        Err(e) => return emit(Chunk::Unreadable(source.into(), e.to_string()), 0),
    };
    let why = match looks_like(head) {
        (_, Some(f)) if f == Format::Phh => return read_phh(input, source, batch, emit),
        ("empty", _) => return read_phh(input, source, batch, emit),
        (what, Some(f)) => format!(
            "not PHH: the text looks like {what}; --format {} reads it (or leave --format out, and name the file other than .phh)",
            f.name()
        ),
        ("JSON", None) => format!(
            "not PHH: the text looks like JSON; feltkit reads PHH (TOML), {}",
            crate::import::format::listed(|w| w.texts, " and ")
        ),
        _ => return read_phh(input, source, batch, emit),
    };
    let source: Arc<str> = source.into();
    let piece = Piece { header: None, line: 1, text: Err(why) };
    emit(Chunk::Pieces(source.clone(), vec![piece]), 0) && emit(Chunk::Read(source, true), 0)
}

/// Emits the PHH hands of one file or stream, `batch` at a time (fewer, of at most 256 KiB);
/// `false` when the results are no longer wanted.
fn read_phh(
    input: impl BufRead,
    source: &str,
    batch: usize,
    emit: &mut dyn FnMut(Chunk, usize) -> bool,
) -> bool {
    let source: Arc<str> = source.into();
    let weight = |p: &Piece| p.text.as_ref().map_or(0, String::len);
    match emit_batches(pieces(input), &source, (batch, 256 << 10), weight, Chunk::Pieces, emit) {
        Ok(any) => emit(Chunk::Read(source, any), 0),
        Err(wanted) => wanted,
    }
}

/// Emits the items read from `source`, wrapped by `chunk`, `limit.0` at a time (fewer, once
/// they weigh `limit.1`). `Ok` with whether there were any when all were read and emitted;
/// `Err` when the input cannot be read to its end (the items before the error are emitted,
/// then why), or the results are no longer wanted, with whether they still are.
fn emit_batches<T, E: std::fmt::Display>(
    items: impl Iterator<Item = Result<T, E>>,
    source: &Arc<str>,
    limit: (usize, usize),
    weight_of: impl Fn(&T) -> usize,
    chunk: impl Fn(Arc<str>, Vec<T>) -> Chunk,
    emit: &mut dyn FnMut(Chunk, usize) -> bool,
) -> Result<bool, bool> {
    let (batch, most) = limit;
    let mut any = false;
    let mut held: Vec<T> = Vec::with_capacity(batch);
    let mut weight = 0;
    for item in items {
        match item {
            Ok(item) => {
                any = true;
                weight += weight_of(&item);
                held.push(item);
                if held.len() >= batch || weight >= most {
                    let c = chunk(source.clone(), std::mem::take(&mut held));
                    if !emit(c, std::mem::take(&mut weight)) {
                        return Err(false);
                    }
                }
            }
            Err(e) => {
                if !held.is_empty() && !emit(chunk(source.clone(), held), weight) {
                    return Err(false);
                }
                let why = format!("cannot be read to its end: {e}");
                return Err(emit(Chunk::Unreadable(source.to_string(), why), 0));
            }
        }
    }
    if !held.is_empty() && !emit(chunk(source.clone(), held), weight) {
        return Err(false);
    }
    Ok(any)
}

/// Emits the hands of a site's hand-history text, to be converted to PHH (docs/import.md),
/// `batch` at a time, as the text is read (the reader holds about one hand; the window of
/// [`crate::phh::stream::ordered`] bounds the hands sent ahead of their reports); `false` when
/// the results are no longer wanted.
fn read_site_text(
    input: impl BufRead,
    format: Format,
    source: &str,
    batch: usize,
    emit: &mut dyn FnMut(Chunk, usize) -> bool,
) -> bool {
    let mut input = input;
    // The first bytes, to say what an input without a hand looks like.
    let head: Vec<u8> = match input.fill_buf() {
        Ok(b) => b[..b.len().min(4096)].to_vec(),
        Err(e) => return emit(Chunk::Unreadable(source.into(), e.to_string()), 0),
    };
    let source: Arc<str> = source.into();
    // Cut into hands here; each hand is converted where it is replayed, on every core.
    let hands = read_hands(format, input);
    let any = match emit_batches(
        hands,
        &source,
        (batch, usize::MAX),
        Pending::weight,
        Chunk::Hands,
        emit,
    ) {
        Ok(any) => any,
        Err(wanted) => return wanted,
    };
    if !any && let Some(why) = not_of_format(format, &head) {
        return emit(Chunk::Unreadable(source.to_string(), why), 0);
    }
    emit(Chunk::Read(source, any), 0)
}

/// Why an input read as `format` gave no hand when its first bytes show another format:
/// `None` for an empty input, or one that looks like `format` itself.
pub fn not_of_format(format: Format, head: &[u8]) -> Option<String> {
    let words = format.site()?.words();
    let (what, reads) = looks_like(head);
    if what == "empty" || reads == Some(format) {
        return None;
    }
    let hint = match reads {
        Some(f) => format!("; --format {} reads it", f.name()),
        None => String::new(),
    };
    Some(format!("not {} ({} found): the text looks like {what}{hint}", words.short, words.no_hand))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(path: &Path, label: Option<&str>) -> Vec<Chunk> {
        let mut out = Vec::new();
        read_file_or_dir(path, label, false, None, &mut |c, _| {
            out.push(c);
            true
        });
        out
    }

    #[test]
    fn a_label_takes_the_place_of_the_path_given() {
        let dir = std::env::temp_dir().join(format!("feltkit-source-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("b")).unwrap();
        std::fs::write(dir.join("b/2.phh"), "").unwrap();
        let labels: Vec<String> = chunks(&dir, Some("here"))
            .iter()
            .filter_map(|c| c.note().map(|n| n.source.to_string()))
            .collect();
        assert_eq!(labels, ["here/b/2.phh"]);
        let file = chunks(&dir.join("b/2.phh"), Some("two.phh"));
        assert_eq!(
            file.iter().filter_map(|c| c.note()).map(|n| n.source).collect::<Vec<_>>(),
            ["two.phh"]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_input_without_hands_is_noted_as_felt_replay_writes_it() {
        let c = Chunk::Read("x.phh".into(), false);
        let note = c.note().unwrap();
        assert_eq!(
            note.to_string(),
            "x.phh: NO HANDS: no hand in the file (it is empty or holds only comments)"
        );
        assert_eq!(note.to_json()["status"], "no_hands");
        let c = Chunk::Unreadable("y".into(), "gone".into());
        assert_eq!(c.note().unwrap().to_string(), "y: UNREADABLE: gone");
        assert!(Chunk::Read("z".into(), true).note().is_none());
    }

    #[test]
    fn a_stream_is_read_in_the_format_its_content_shows() {
        let text = "STATE:0:rc/crrc/cc/rc:5d5c|9hQd/8dAs8s/4h/6d:60|-60:Alice|Bob\n";
        let mut out = Vec::new();
        read_stream(text.as_bytes(), "<text>", None, 1, &mut |c, _| {
            out.push(c);
            true
        });
        assert!(matches!(out.first(), Some(Chunk::Hands(_, h)) if h.len() == 1), "{out:?}");
        // Given as PHH, the same line is no PHH hand.
        let mut out = Vec::new();
        read_stream(text.as_bytes(), "<text>", Some(Format::Phh), 1, &mut |c, _| {
            out.push(c);
            true
        });
        assert!(matches!(out.first(), Some(Chunk::Pieces(..))), "{out:?}");
    }
}
