//! `felt replay`: replay recorded hands, report each hand, optionally check recorded results.
//!
//! Files are read and split into hands on one thread, hands are replayed on every core, and
//! each report is written as soon as the hands before it are: memory holds a window of hands,
//! never the whole input (see [`feltkit::phh::stream`]).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use feltkit::phh::report::{to_json, write_text};
use feltkit::phh::split::{pieces, Piece};
use feltkit::phh::stream::{ordered, Step, Window};
use feltkit::phh::walk::{walk, Found};
use feltkit::phh::{replay_piece, HandReport, Status};
use feltkit::session::{Session, SessionHand};
use feltkit::text::count;
use serde_json::json;

/// Arguments of `felt replay`.
#[derive(Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct ReplayArgs {
    /// Compare each hand's recorded `finishing_stacks`, `winnings` and `_pots` with the replay.
    #[arg(long)]
    check: bool,
    /// Write one JSON object per hand (then a summary object) instead of text.
    #[arg(long)]
    json: bool,
    /// Follow links to directories inside the directories given (each directory is read once;
    /// a loop is reported on stderr and skipped). Without it such links are skipped, with a
    /// note on stderr. Paths given on the command line are always followed.
    #[arg(long)]
    follow: bool,
    /// Check each path as a session of hands at one table, in order (a `.phhs` bundle, or a
    /// directory's hand files in name order): stacks carry over, the button and blinds move,
    /// missed blinds are made up (docs/sessions.md). Each hand needs `players` and `seats`.
    #[arg(long)]
    session: bool,
    /// A tournament's blind structure and re-buy terms (a TOML file, docs/sessions.md); implies
    /// `--session`.
    #[arg(long, value_name = "FILE")]
    structure: Option<PathBuf>,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_parser = super::parse_threads)]
    threads: Option<usize>,
    /// The input's format: `phh`, `pokerstars` (hand-history text) or `acpc` (ACPC match logs),
    /// docs/import.md. Default: `.phh` and `.phhs` files are PHH; any other file, and standard
    /// input, is PokerStars text or an ACPC log when it starts like one (`PokerStars Hand #...`,
    /// `STATE:...`), else PHH.
    #[arg(long, value_enum)]
    format: Option<super::convert::FormatArg>,
    /// With `--check`, the rake rule a site's stated rake must follow:
    /// `PERCENT%[:CAP][:no-flop-no-drop]`, CAP an amount or big blinds (`5%:3bb:no-flop-no-drop`).
    #[arg(long, value_name = "RULE")]
    rake: Option<feltkit::import::rake::RakeRule>,
    /// `.phh` files, `.phhs` bundles, PokerStars text, ACPC logs, or directories (searched
    /// recursively for `.phh` and `.phhs` files, and `.txt` and `.log` files that start as
    /// PokerStars text or an ACPC log); `-` reads one document, bundle or text from standard
    /// input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// The end of `felt replay --help`: what the summary counts and what the exit code means.
const AFTER_HELP: &str = "\
Each hand gets one report, written as soon as the hands before it are (in input order), then a
summary line counts the hands of each kind, the files read, and the paths without hands or
unreadable. A hand that cannot be read (a TOML error, a missing or misshapen field) is MALFORMED
and the other hands of its bundle are still replayed.

Exit status: 2 when any path is unreadable or holds no hand, any hand is malformed or of a
variant not played, or no hand was found at all; otherwise 1 when any hand is illegal,
unfinished or (with --check) does not match its recorded results; otherwise 0.";

/// How standard input is named in reports.
const STDIN: &str = "<stdin>";

/// What the reader hands to the workers, in input order.
enum Job {
    /// Hands' texts, in order, and the file they are from.
    Pieces(Arc<str>, Vec<Piece>),
    /// Hands of a site's text or log, to convert to PHH and replay, and the file they are from.
    Hands(Arc<str>, Vec<feltkit::import::Pending>),
    /// A file was read to its end; whether it held any hand.
    Read(Arc<str>, bool),
    /// A path that cannot be read, and why.
    Unreadable(String, String),
    /// A directory without hand files.
    NoHands(String),
    /// A directory link not followed, and why.
    Skipped(String, String),
    /// A session begins (`--session`): the path given.
    SessionStart(String),
    /// The session begun last ends.
    SessionEnd,
}

/// What the writer gets for one job.
#[derive(Default)]
struct Out {
    /// Report lines for stdout.
    stdout: String,
    /// A note for stderr.
    stderr: Option<String>,
    tally: Tally,
    /// With `--session`: each hand's lines, and what the session check needs of it.
    hands: Vec<(String, SessionHand)>,
    /// With `--session`: a session begins (its label) or ends.
    session: Option<Option<String>>,
}

/// The kinds of hand result, as counted in the summary.
#[derive(Clone, Copy)]
enum Kind {
    Ok,
    Undecided,
    Illegal,
    Mismatched,
    Unfinished,
    Unsupported,
    Malformed,
}

/// Counts for the summary.
#[derive(Clone, Copy, Default)]
struct Tally {
    /// Hands of each [`Kind`].
    hands: [usize; 7],
    /// Files (and standard input) read to the end.
    files: usize,
    /// Files and directories without any hand.
    without_hands: usize,
    /// Paths that could not be read.
    unreadable: usize,
    /// Sessions checked.
    sessions: usize,
    /// Table rules broken, over every session.
    violations: usize,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        for (a, b) in self.hands.iter_mut().zip(other.hands) {
            *a += b;
        }
        self.files += other.files;
        self.without_hands += other.without_hands;
        self.unreadable += other.unreadable;
        self.sessions += other.sessions;
        self.violations += other.violations;
    }

    fn of(&self, kind: Kind) -> usize {
        self.hands[kind as usize]
    }
}

/// Runs `felt replay`. Exit 2 when any input is unreadable or holds no hand, any hand is
/// malformed or of a variant not played, or no hand was found at all; else 1 when any hand is
/// illegal, unfinished or mismatched; else 0.
pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    if args.paths.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        anyhow::bail!("`-` (standard input) can be given only once");
    }
    let threads =
        args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    // Jobs hold up to FILE_BATCH hands read from a file (one from stdin).
    let window = Window { items: (8 * threads).max(32), bytes: 64 << 20 };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut tally = Tally::default();
    let (check, json) = (args.check, args.json);
    let structure = match &args.structure {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| {
                anyhow::anyhow!("--structure {}: cannot be read: {e}", path.display())
            })?;
            let s = feltkit::session::Structure::parse(&text)
                .map_err(|e| anyhow::anyhow!("--structure {}: {e}", path.display()))?;
            Some(s)
        }
        None => None,
    };
    let sessions = args.session || structure.is_some();
    let mut session: Option<(String, Session)> = None;
    // The path of the session being checked, and the table of its last hand that named one.
    let (mut session_path, mut at_table) = (String::new(), None::<String>);
    let mut lines = String::with_capacity(1024);
    ordered(
        threads,
        window,
        |emit| produce(&args.paths, args.follow, sessions, args.format, emit),
        |job| work(job, check, json, sessions, args.rake.as_ref()),
        |step| -> std::io::Result<()> {
            // Whatever was written goes out whenever the replay waits for more input.
            let mut o: Out = match step {
                Step::Item(o) => o,
                Step::Idle => return out.flush(),
            };
            out.write_all(o.stdout.as_bytes())?;
            for (text, report) in std::mem::take(&mut o.hands) {
                // A hand at another table than the hand before it (a tournament's table
                // move): the session so far ends, and one begins at the new table.
                let table = report.table.as_ref().and_then(|t| t.fields.table.clone());
                if let Some(new) = &table {
                    if session.is_some() && at_table.as_ref().is_some_and(|t| t != new) {
                        if let Some((label, s)) = session.take() {
                            end_session(&mut out, json, &label, &s)?;
                            o.tally.sessions += 1;
                        }
                        let label = format!("{session_path} (table '{new}')");
                        session = Some((label, Session::new(structure.clone())));
                    }
                    at_table = table;
                }
                out.write_all(text.as_bytes())?;
                if let Some((label, s)) = session.as_mut() {
                    let c = s.observe_hand(&report);
                    o.tally.violations += c.violations.len();
                    if json {
                        writeln!(out, "{}", super::session::json(&c, label))?;
                    } else {
                        lines.clear();
                        super::session::write_text(&mut lines, &c);
                        out.write_all(lines.as_bytes())?;
                    }
                }
            }
            match o.session.take() {
                Some(Some(label)) => {
                    session_path.clone_from(&label);
                    at_table = None;
                    session = Some((label, Session::new(structure.clone())));
                }
                Some(None) => {
                    if let Some((label, s)) = session.take() {
                        end_session(&mut out, json, &label, &s)?;
                        o.tally.sessions += 1;
                    }
                }
                None => {}
            }
            if let Some(note) = o.stderr {
                super::diagnose(format_args!("felt replay: {note}"));
            }
            tally.add(&o.tally);
            Ok(())
        },
    )?;
    let summary = summary(&tally, check);
    if json {
        let t = &tally;
        let s = json!({"summary": summary, "hands": t.hands.iter().sum::<usize>(),
            "ok": t.of(Kind::Ok), "undecided": t.of(Kind::Undecided), "illegal": t.of(Kind::Illegal),
            "mismatched": t.of(Kind::Mismatched), "unfinished": t.of(Kind::Unfinished),
            "unsupported": t.of(Kind::Unsupported), "malformed": t.of(Kind::Malformed),
            "files": t.files, "without_hands": t.without_hands, "unreadable": t.unreadable,
            "sessions": t.sessions, "table_violations": t.violations});
        writeln!(out, "{s}")?;
    } else {
        writeln!(out, "{summary}")?;
    }
    out.flush()?;
    let hands: usize = tally.hands.iter().sum();
    let errors = tally.of(Kind::Unsupported)
        + tally.of(Kind::Malformed)
        + tally.unreadable
        + tally.without_hands;
    let failed = tally.of(Kind::Illegal)
        + tally.of(Kind::Mismatched)
        + tally.of(Kind::Unfinished)
        + tally.violations;
    Ok(if errors > 0 || hands == 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The summary line: `19 hands in 19 files: 19 legal and matching, ...`, or `no hands found in
/// ...`, then the inputs without hands and those unreadable, when there are any.
fn summary(t: &Tally, check: bool) -> String {
    let hands: usize = t.hands.iter().sum();
    let files = count(t.files, "file", "files");
    let mut s = if hands == 0 {
        format!("no hands found in {files}")
    } else {
        format!(
            "{} in {files}: {} legal{}, {} legal with pots undecided (unknown cards), {} illegal, {} mismatched, {} unfinished, {} unsupported, {} malformed",
            count(hands, "hand", "hands"),
            t.of(Kind::Ok),
            if check { " and matching" } else { "" },
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

/// Writes the summary of a session that ends.
fn end_session(out: &mut impl Write, json: bool, label: &str, s: &Session) -> std::io::Result<()> {
    let summary = s.summary();
    if json {
        writeln!(out, "{}", super::session::summary_json(label, &summary))
    } else {
        out.write_all(super::session::summary_text(label, &summary).as_bytes())
    }
}

/// Reads every input in order, emitting its hands and what happened to it; stops when `emit`
/// says the results are no longer wanted.
fn produce(
    paths: &[PathBuf],
    follow: bool,
    sessions: bool,
    format: Option<super::convert::FormatArg>,
    emit: &mut dyn FnMut(Job, usize) -> bool,
) {
    for path in paths {
        if sessions {
            let label = if path.as_os_str() == "-" { STDIN.to_string() } else { shown(path) };
            if !emit(Job::SessionStart(label), 0) {
                return;
            }
        }
        if !produce_path(path, follow, format, emit) || (sessions && !emit(Job::SessionEnd, 0)) {
            return;
        }
    }
}

/// Emits the hands of one path; `false` when the results are no longer wanted.
fn produce_path(
    path: &Path,
    follow: bool,
    format: Option<super::convert::FormatArg>,
    emit: &mut dyn FnMut(Job, usize) -> bool,
) -> bool {
    {
        if path.as_os_str() == "-" {
            let mut input = std::io::stdin().lock();
            return match super::convert::text_format(path, format, &mut input) {
                Ok(Some(f)) => read_text(input, f, STDIN, emit),
                Ok(None) => read_source(input, STDIN, 1, emit),
                Err(e) => emit(Job::Unreadable(STDIN.into(), e.to_string()), 0),
            };
        }
        for found in walk(path, follow) {
            let going = match found {
                Found::File(p) => match std::fs::File::open(&p) {
                    Ok(f) => {
                        let mut input = BufReader::with_capacity(1 << 16, f);
                        match super::convert::text_format(&p, format, &mut input) {
                            Ok(Some(f)) => read_text(input, f, &shown(&p), emit),
                            Ok(None) => read_source(input, &shown(&p), FILE_BATCH, emit),
                            Err(e) => emit(Job::Unreadable(shown(&p), e.to_string()), 0),
                        }
                    }
                    Err(e) => emit(Job::Unreadable(shown(&p), e.to_string()), 0),
                },
                Found::Unreadable(p, why) => emit(Job::Unreadable(shown(&p), why), 0),
                Found::NoHands(p) => emit(Job::NoHands(shown(&p)), 0),
                Found::Skipped(p, why) => emit(Job::Skipped(shown(&p), why), 0),
            };
            if !going {
                return false;
            }
        }
    }
    true
}

fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// Hands of a file handed to a worker at a time: one hand per job costs a wake-up of another
/// thread for every few microseconds of replay. Standard input goes one hand at a time, so
/// that each report appears as soon as its hand has come.
const FILE_BATCH: usize = 32;

/// Emits the hands of one file or stream, `batch` at a time (fewer, of at most 256 KiB);
/// `false` when the results are no longer wanted.
fn read_source(
    input: impl BufRead,
    source: &str,
    batch: usize,
    emit: &mut dyn FnMut(Job, usize) -> bool,
) -> bool {
    let source: Arc<str> = source.into();
    let mut any = false;
    let mut held: Vec<Piece> = Vec::with_capacity(batch);
    let mut weight = 0;
    for piece in pieces(input) {
        match piece {
            Ok(piece) => {
                any = true;
                weight += piece.text.as_ref().map_or(0, String::len);
                held.push(piece);
                if held.len() >= batch || weight >= 256 << 10 {
                    let job = Job::Pieces(source.clone(), std::mem::take(&mut held));
                    if !emit(job, std::mem::take(&mut weight)) {
                        return false;
                    }
                }
            }
            Err(e) => {
                if !held.is_empty() && !emit(Job::Pieces(source.clone(), held), weight) {
                    return false;
                }
                let why = format!("cannot be read to its end: {e}");
                return emit(Job::Unreadable(source.to_string(), why), 0);
            }
        }
    }
    if !held.is_empty() && !emit(Job::Pieces(source.clone(), held), weight) {
        return false;
    }
    emit(Job::Read(source, any), 0)
}

/// Emits the hands of a site's hand-history text, converted to PHH (docs/import.md), a few at
/// a time; `false` when the results are no longer wanted.
fn read_text(
    mut input: impl BufRead,
    format: feltkit::import::Format,
    source: &str,
    emit: &mut dyn FnMut(Job, usize) -> bool,
) -> bool {
    let mut bytes = Vec::new();
    if let Err(e) = input.read_to_end(&mut bytes) {
        return emit(
            Job::Unreadable(source.to_string(), format!("cannot be read to its end: {e}")),
            0,
        );
    }
    let source: Arc<str> = source.into();
    // Cut into hands here; each hand is converted where it is replayed, on every core.
    let hands = feltkit::import::split(format, &bytes);
    let any = !hands.is_empty();
    let mut hands = hands.into_iter();
    loop {
        // Batches taken from the front as they go (splitting off the rest each time copied
        // every hand not yet sent).
        let chunk: Vec<_> = hands.by_ref().take(FILE_BATCH).collect();
        if chunk.is_empty() {
            break;
        }
        let weight = chunk.iter().map(feltkit::import::Pending::weight).sum();
        if !emit(Job::Hands(source.clone(), chunk), weight) {
            return false;
        }
    }
    emit(Job::Read(source, any), 0)
}

/// Replays and writes up one job (on a worker thread).
fn work(
    job: Job,
    check: bool,
    json: bool,
    sessions: bool,
    rake: Option<&feltkit::import::rake::RakeRule>,
) -> Out {
    let mut out = Out::default();
    let reports: Vec<HandReport> = match job {
        Job::Pieces(source, pieces) => {
            pieces.iter().flat_map(|piece| replay_piece(piece, &source, check)).collect()
        }
        // Each hand of a site's text is converted where it is replayed (docs/import.md).
        Job::Hands(source, hands) => hands.iter().flat_map(|h| h.replay(&source, check)).collect(),
        job => {
            input_job(job, json, &mut out);
            return out;
        }
    };
    let mut text = String::new();
    for mut r in reports {
        if let Some(rule) = rake {
            rule.check(&mut r);
        }
        out.tally.hands[kind(&r) as usize] += 1;
        if json {
            let mut v = to_json(&r);
            if let (Some(rule), Some(f)) = (rake, &r.rake) {
                v["site"]["rule_rake"] =
                    json!(rule.rake(f.total_pot, f.big_blind, f.flop).to_string());
            }
            text.push_str(&v.to_string());
            text.push('\n');
        } else {
            write_text(&mut text, &r);
        }
        if sessions {
            let lines = std::mem::replace(&mut text, String::with_capacity(1024));
            out.hands.push((lines, SessionHand::from_report(r)));
        }
    }
    out.stdout = text;
    out
}

/// Writes up a job that holds no hand: a file read to its end, a path unreadable or without
/// hands, a link skipped, a session's start or end.
fn input_job(job: Job, json: bool, out: &mut Out) {
    let mut input_line = |source: &str, status: &str, why: &str| {
        if json {
            let v = json!({"source": source, "file": source, "status": status, "ok": false, "reason": why});
            out.stdout = format!("{v}\n");
        } else {
            let word = if status == "unreadable" { "UNREADABLE" } else { "NO HANDS" };
            out.stdout = format!("{source}: {word}: {why}\n");
        }
    };
    match job {
        Job::Read(_, true) => out.tally.files = 1,
        Job::Read(source, false) => {
            input_line(
                &source,
                "no_hands",
                "no hand in the file (it is empty or holds only comments)",
            );
            out.tally.files = 1;
            out.tally.without_hands = 1;
        }
        Job::NoHands(path) => {
            input_line(
                &path,
                "no_hands",
                "no hand files (.phh, .phhs, or .txt and .log files of PokerStars text or ACPC logs) found in this directory or below",
            );
            out.tally.without_hands = 1;
        }
        Job::Unreadable(path, why) => {
            input_line(&path, "unreadable", &why);
            out.tally.unreadable = 1;
        }
        Job::Skipped(path, why) => out.stderr = Some(format!("{path}: {why}")),
        Job::SessionStart(label) => out.session = Some(Some(label)),
        Job::SessionEnd => out.session = Some(None),
        // Hands are replayed by `work`.
        Job::Pieces(..) | Job::Hands(..) => {}
    }
}

fn kind(r: &HandReport) -> Kind {
    match &r.status {
        Status::Legal if r.mismatches.is_empty() => Kind::Ok,
        Status::Legal => Kind::Mismatched,
        Status::Illegal { .. } | Status::BadSetup(_) => Kind::Illegal,
        Status::Incomplete(_) => Kind::Unfinished,
        Status::Unresolved(_) if r.checked => Kind::Unfinished,
        Status::Unresolved(_) => Kind::Undecided,
        Status::Unsupported(_) => Kind::Unsupported,
        Status::Malformed { .. } | Status::Unreadable(_) => Kind::Malformed,
    }
}
