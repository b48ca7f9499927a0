//! `POST /api/replay` and `POST /api/convert`: hand texts replayed (and checked) as `felt
//! replay --json` reports them, and converted as `felt convert` writes them; the summary both
//! `felt replay` and the API count ([`Tally`]).

use serde::Deserialize;
use serde_json::{json, Value};

use super::{Answer, Limits, Response};
use crate::import::rake::RakeRule;
use crate::import::write_stars::{phh_hand_checked, write_checked};
use crate::import::{bundle, looks_like, read_hands, sniff, Converted, Format, FORMATS};
use crate::phh::report::to_json;
use crate::phh::{HandReport, Status};
use crate::replay_source::{not_of_format, parse_format, read_stream, Chunk, InputStatus};
use crate::stop::{Stop, StopReader};
use crate::text::count;

/// The body of `POST /api/replay`: a text (one hand, a bundle, a site's text of many hands)
/// and the options of `felt replay`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayRequest {
    /// The hands, in any format `felt replay` reads.
    pub text: String,
    /// The format (`--format`); read from the text when left out.
    #[serde(default)]
    pub format: Option<String>,
    /// Compare the recorded results with the replay (`--check`).
    #[serde(default)]
    pub check: bool,
    /// With `check`, the rake rule the site's rake must follow (`--rake`).
    #[serde(default)]
    pub rake: Option<String>,
    /// Each hand's states as the engine replays it (`steps`: as the hand starts and after
    /// each action), for a replayer; not a flag of `felt replay`.
    #[serde(default)]
    pub steps: bool,
}

/// The body of `POST /api/convert`: a text and the options of `felt convert`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConvertRequest {
    /// The hands: a site's text or an ACPC log (to PHH), or anything feltkit reads (to
    /// PokerStars).
    pub text: String,
    /// The input's format (`--format`); read from the text when left out.
    #[serde(default)]
    pub format: Option<String>,
    /// `phh` (the default) or `pokerstars` (`--to`).
    #[serde(default)]
    pub to: Option<String>,
}

/// The kinds of hand result `felt replay` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Legal (and with a check, matching).
    Ok,
    /// Legal, checked, and the record holds no results to compare.
    NothingRecorded,
    /// Legal with pots undecided (unknown cards).
    Undecided,
    /// Illegal.
    Illegal,
    /// Legal and not matching its recorded results.
    Mismatched,
    /// Not played to its end.
    Unfinished,
    /// A game or feature feltkit does not play.
    Unsupported,
    /// Cannot be read.
    Malformed,
}

impl Kind {
    /// The kind of a hand's report.
    pub fn of(r: &HandReport) -> Kind {
        match &r.status {
            Status::Legal if r.nothing_recorded && r.mismatches.is_empty() => Kind::NothingRecorded,
            Status::Legal if r.mismatches.is_empty() => Kind::Ok,
            Status::Legal => Kind::Mismatched,
            Status::Illegal { .. } | Status::BadSetup(_) => Kind::Illegal,
            Status::Incomplete(_) => Kind::Unfinished,
            Status::Unresolved(_) => Kind::Undecided,
            Status::Unsupported(_) => Kind::Unsupported,
            Status::Malformed { .. } | Status::Unreadable(_) => Kind::Malformed,
        }
    }
}

/// What the summary of `felt replay` counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Hands of each [`Kind`].
    pub hands: [usize; 8],
    /// Files (and standard input, or the API's text) read to the end.
    pub files: usize,
    /// Files and directories without any hand.
    pub without_hands: usize,
    /// Paths that could not be read.
    pub unreadable: usize,
    /// Sessions checked.
    pub sessions: usize,
    /// Table rules broken, over every session.
    pub violations: usize,
    /// Hands counted undecided whose recorded results could not be compared: they fail the
    /// check.
    pub undecided_unchecked: usize,
}

impl Tally {
    /// Adds another tally's counts.
    pub fn add(&mut self, other: &Tally) {
        for (a, b) in self.hands.iter_mut().zip(other.hands) {
            *a += b;
        }
        self.files += other.files;
        self.without_hands += other.without_hands;
        self.unreadable += other.unreadable;
        self.sessions += other.sessions;
        self.violations += other.violations;
        self.undecided_unchecked += other.undecided_unchecked;
    }

    /// Counts a hand's report.
    pub fn count(&mut self, r: &HandReport) {
        self.hands[Kind::of(r) as usize] += 1;
        if r.checked && matches!(r.status, Status::Unresolved(_)) {
            self.undecided_unchecked += 1;
        }
    }

    /// The hands of one kind.
    pub fn of(&self, kind: Kind) -> usize {
        self.hands[kind as usize]
    }

    /// The summary line: `19 hands in 19 files: 19 legal and matching, ...`, or `no hands
    /// found in ...`, then the inputs without hands and those unreadable, when there are any.
    pub fn line(&self, check: bool) -> String {
        let t = self;
        let hands: usize = t.hands.iter().sum();
        let files = count(t.files, "file", "files");
        let mut s = if hands == 0 {
            format!("no hands found in {files}")
        } else {
            format!(
                "{} in {files}: {} legal{}{}, {} legal with pots undecided (unknown cards), {} illegal, {} mismatched, {} unfinished, {} unsupported, {} malformed",
                count(hands, "hand", "hands"),
                t.of(Kind::Ok),
                if check { " and matching" } else { "" },
                match t.of(Kind::NothingRecorded) {
                    0 => String::new(),
                    n => format!(", {n} legal with nothing recorded to compare"),
                },
                t.of(Kind::Undecided),
                t.of(Kind::Illegal),
                t.of(Kind::Mismatched),
                t.of(Kind::Unfinished),
                t.of(Kind::Unsupported),
                t.of(Kind::Malformed),
            )
        };
        if t.without_hands > 0 {
            s.push_str(&format!("; {} without hands", count(t.without_hands, "path", "paths")));
        }
        if t.unreadable > 0 {
            s.push_str(&format!("; {} unreadable", count(t.unreadable, "path", "paths")));
        }
        if t.sessions > 0 {
            s.push_str(&format!(
                "; {} in {}",
                count(t.violations, "table rule broken", "table rules broken"),
                count(t.sessions, "session", "sessions")
            ));
        }
        s
    }

    /// The summary object `felt replay --json` ends with.
    pub fn json(&self, check: bool) -> Value {
        let t = self;
        json!({"summary": t.line(check), "hands": t.hands.iter().sum::<usize>(),
            "ok": t.of(Kind::Ok), "nothing_recorded": t.of(Kind::NothingRecorded),
            "undecided": t.of(Kind::Undecided), "illegal": t.of(Kind::Illegal),
            "mismatched": t.of(Kind::Mismatched), "unfinished": t.of(Kind::Unfinished),
            "unsupported": t.of(Kind::Unsupported), "malformed": t.of(Kind::Malformed),
            "files": t.files, "without_hands": t.without_hands, "unreadable": t.unreadable,
            "sessions": t.sessions, "table_violations": t.violations})
    }
}

/// A hand's object of `felt replay --json`, with the rate the rake rule gives beside the
/// site's rake.
pub fn report_json(r: &HandReport, rake: Option<&RakeRule>) -> Value {
    let mut v = to_json(r);
    if let (Some(rule), Some(f)) = (rake, &r.rake) {
        v["site"]["rule_rake"] = json!(rule.rake(f.total_pot, f.big_blind, f.flop).to_string());
    }
    v
}

/// Hands read a few at a time from a request's text, so that a stop is seen between them.
const BATCH: usize = 4;

/// The name reports give the request's text.
const SOURCE: &str = "text";

fn format_field(name: &Option<String>) -> Result<Option<Format>, Response> {
    match name {
        Some(n) => {
            parse_format(n).map_err(|e| Response::bad_field("format", format!("format: {e}")))
        }
        None => Ok(None),
    }
}

fn too_many(limits: &Limits) -> Response {
    Response::bad_field(
        "text",
        format!("the text holds more than {} hands: at most that many a request", limits.max_hands),
    )
}

/// The hands of `text` in `format` (sniffed when `None`), read in chunks of `batch` as `felt
/// replay` reads a file: refused past [`Limits::max_hands`] hands, stopped when `stop` is
/// raised.
pub(crate) fn read_bounded(
    text: &str,
    format: Option<crate::import::Format>,
    batch: usize,
    limits: &Limits,
    stop: &Stop,
) -> Result<Vec<Chunk>, Response> {
    let mut chunks = Vec::new();
    let mut held = 0usize;
    let mut over = false;
    let input = StopReader::new(text.as_bytes(), stop.clone());
    read_stream(std::io::BufReader::new(input), SOURCE, format, batch, &mut |chunk, _| {
        held += match &chunk {
            Chunk::Pieces(_, p) => p.len(),
            Chunk::Hands(_, h) => h.len(),
            _ => 0,
        };
        over = held > limits.max_hands;
        chunks.push(chunk);
        !over
    });
    if stop.is_raised() {
        return Err(Response::stopped());
    }
    if over {
        return Err(too_many(limits));
    }
    Ok(chunks)
}

/// Answers a replay request: each hand's report, then the summary, as `felt replay --json`.
pub(crate) fn answer_replay(r: ReplayRequest, limits: &Limits, stop: &Stop) -> Answer {
    let format = format_field(&r.format)?;
    let rake = match &r.rake {
        Some(text) => Some(
            text.parse::<RakeRule>()
                .map_err(|e| Response::bad_field("rake", format!("rake: {e}")))?,
        ),
        None => None,
    };
    let narrowed;
    let limits = if r.steps {
        narrowed =
            Limits { max_hands: limits.max_hands.min(super::steps::MAX_HANDS), ..limits.clone() };
        &narrowed
    } else {
        limits
    };
    let chunks = read_bounded(&r.text, format, BATCH, limits, stop).map_err(|e| {
        if r.steps && e.status == 400 {
            let max = super::steps::MAX_HANDS;
            Response::bad_field(
                "text",
                format!("the text holds more than {max} hands: at most {max} a request with steps"),
            )
        } else {
            e
        }
    })?;
    let mut tally = Tally::default();
    let mut hands = Vec::new();
    let mut notes = Vec::new();
    for chunk in chunks {
        if stop.is_raised() {
            return Err(Response::stopped());
        }
        match chunk.replay(r.check) {
            Some(reports) => {
                let mut steps =
                    if r.steps { super::steps::chunk_steps(&chunk) } else { Vec::new() };
                // Each hand's steps go with its report (none when the two readings differ).
                if steps.len() != reports.len() {
                    steps.clear();
                }
                let mut steps = steps.into_iter();
                for mut report in reports {
                    if let Some(rule) = &rake {
                        rule.check(&mut report);
                    }
                    tally.count(&report);
                    let mut v = report_json(&report, rake.as_ref());
                    if r.steps {
                        let s = steps.next().unwrap_or_else(|| json!({"steps": []}));
                        v["steps"] = s["steps"].clone();
                        if s.get("steps_cut").is_some() {
                            v["steps_cut"] = json!(true);
                        }
                    }
                    hands.push(v);
                }
            }
            None => {
                if let Some(note) = chunk.note() {
                    if note.status == InputStatus::Unreadable {
                        tally.unreadable += 1;
                    } else {
                        tally.without_hands += 1;
                    }
                    notes.push(note.to_json());
                }
                if let Chunk::Read(..) = chunk {
                    tally.files += 1;
                }
            }
        }
    }
    Ok(Response::ok(json!({"hands": hands, "inputs": notes, "summary": tally.json(r.check)})))
}

/// Why `felt convert` cannot tell a text's format.
pub fn not_detected() -> String {
    let each = |f: &&dyn crate::import::SiteFormat| {
        let w = f.words();
        (
            format!("{} ({})", w.short, w.not_detected),
            format!("--format {}", w.names.first().copied().unwrap_or_default()),
        )
    };
    let (what, flags): (Vec<String>, Vec<String>) = FORMATS.iter().map(each).unzip();
    let or = |v: Vec<String>, word: &str| match v.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}{word}{last}", rest.join(", ")),
        _ => v.concat(),
    };
    format!("neither {} reads it anyway", or(what, " nor ") + "; " + &or(flags, " or "))
}

/// Why a text of a site's format gave no hand.
pub fn no_hands(format: Format) -> String {
    format.site().map_or(String::new(), |s| format!("{} found", s.words().no_hand))
}

/// What a converted text counts: hands written and those refused, each refusal with the
/// line `felt convert` writes for it.
#[derive(Default)]
struct Converting {
    text: String,
    hands: usize,
    not_replayable: usize,
    cut_off: usize,
    unreadable: usize,
    not_written: usize,
    notes: Vec<String>,
}

/// Answers a convert request: the PHH bundle (or PokerStars text) `felt convert` writes for
/// the text, with the counts its last line gives and its notes.
pub(crate) fn answer_convert(r: ConvertRequest, limits: &Limits, stop: &Stop) -> Answer {
    let format = format_field(&r.format)?;
    let stars = match r.to.as_deref() {
        None | Some("phh") => false,
        Some("pokerstars") => true,
        Some(other) => {
            return Err(Response::bad_field(
                "to",
                format!("to: invalid value '{other}' [possible values: phh, pokerstars]"),
            ));
        }
    };
    let bytes = r.text.as_bytes();
    let mut c = Converting::default();
    if stars {
        to_stars(bytes, format, limits, stop, &mut c)?;
        if c.hands > 0 {
            c.text.push('\n');
        }
    } else {
        to_phh(bytes, format, limits, stop, &mut c)?;
    }
    Ok(Response::ok(json!({
        "to": if stars { "pokerstars" } else { "phh" },
        "text": c.text,
        "hands": c.hands,
        "to_replay": c.hands - c.not_replayable - c.cut_off - c.unreadable,
        "not_replayable": c.not_replayable,
        "cut_off": c.cut_off,
        "unreadable": c.unreadable,
        "not_written": c.not_written,
        "notes": c.notes,
    })))
}

/// A site's text to a PHH bundle, as `felt convert` writes it.
fn to_phh(
    bytes: &[u8],
    format: Option<Format>,
    limits: &Limits,
    stop: &Stop,
    c: &mut Converting,
) -> Result<(), Response> {
    let format = match format {
        Some(f) if f == Format::Phh => {
            let sites = FORMATS.iter().map(|f| f.words().shorts).collect::<Vec<_>>().join(" and ");
            return Err(Response::bad_field(
                "format",
                format!("format phh: felt convert reads {sites}; PHH needs no conversion"),
            ));
        }
        Some(f) => f,
        None => match sniff(bytes) {
            Some(f) if f != Format::Phh => f,
            _ => return Err(Response::bad_field("text", not_detected())),
        },
    };
    for pending in read_hands(format, bytes) {
        if stop.is_raised() {
            return Err(Response::stopped());
        }
        if c.hands >= limits.max_hands {
            return Err(too_many(limits));
        }
        let h = match pending {
            Ok(p) => p.convert(),
            Err(e) => {
                let at = json!({"field": "text"});
                return Err(Response::error(400, format!("UNREADABLE: {e}"), at));
            }
        };
        let why = |key: &str| h.phh.lines().find_map(|l| l.strip_prefix(key).map(str::to_string));
        if let Some(w) = why("_unreadable = ") {
            c.unreadable += 1;
            c.notes.push(format!("hand at line {}: UNREADABLE: {w}", h.line));
        } else if why("_not_replayable = ").is_some() {
            c.not_replayable += 1;
        } else if why("_cut_off = ").is_some() {
            c.cut_off += 1;
        }
        c.hands += 1;
        c.text.push_str(&bundle(&[Converted { index: 0, ..h }], c.hands));
    }
    if c.hands == 0 {
        let head = &bytes[..bytes.len().min(4096)];
        let what = match (not_of_format(format, head), looks_like(head)) {
            (Some(_), (what, Some(f))) if f == Format::Phh => format!(
                "the text looks like {what}, which needs no conversion: felt replay reads it"
            ),
            (Some(why), _) => why,
            (None, _) => no_hands(format),
        };
        return Err(Response::bad_field("text", format!("NO HANDS: {what}")));
    }
    Ok(())
}

/// Any text feltkit reads to PokerStars text, each hand checked by reading it back, as `felt
/// convert --to pokerstars` writes it.
fn to_stars(
    bytes: &[u8],
    format: Option<Format>,
    limits: &Limits,
    stop: &Stop,
    c: &mut Converting,
) -> Result<(), Response> {
    let format = format.or_else(|| sniff(bytes)).unwrap_or(Format::Phh);
    // Each hand's place among the text's hands, from 1.
    let position = std::cell::Cell::new(0usize);
    let each = |c: &mut Converting, label: String, result: Result<String, String>| {
        position.set(position.get() + 1);
        match result {
            Ok(text) => {
                if c.hands > 0 {
                    c.text.push_str("\n\n");
                }
                c.text.push_str(&text);
                c.hands += 1;
            }
            Err(why) => {
                c.not_written += 1;
                c.notes.push(format!("{label}: NOT WRITTEN: {why}"));
            }
        }
    };
    let unreadable =
        |e: String| Response::error(400, format!("UNREADABLE: {e}"), json!({"field": "text"}));
    if format == Format::Phh {
        let text = std::str::from_utf8(bytes).map_err(|_| unreadable("not UTF-8 text".into()))?;
        for hand in crate::phh::read::hands(text) {
            if stop.is_raised() {
                return Err(Response::stopped());
            }
            if c.hands + c.not_written >= limits.max_hands {
                return Err(too_many(limits));
            }
            let hand = hand.map_err(|e| unreadable(e.to_string()))?;
            if hand.empty {
                continue;
            }
            let (label, r) = phh_hand_checked(&hand, position.get() + 1);
            each(c, label, r);
        }
    } else {
        for pending in read_hands(format, bytes) {
            if stop.is_raised() {
                return Err(Response::stopped());
            }
            if c.hands + c.not_written >= limits.max_hands {
                return Err(too_many(limits));
            }
            let pending = pending.map_err(|e| unreadable(e.to_string()))?;
            let label = format!("hand at line {}", pending.line);
            let mut r = Err("the hand cannot be read".to_string());
            pending.hand().read(&mut |record| {
                r = match record {
                    Ok(record) => write_checked(&record, position.get() + 1),
                    Err(e) => Err(format!("the hand cannot be read: {e}")),
                };
            });
            each(c, label, r);
        }
    }
    if c.hands == 0 && c.not_written == 0 {
        return Err(Response::bad_field("text", "no hand written: the text holds no hand"));
    }
    Ok(())
}
