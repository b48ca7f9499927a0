//! `felt replay`: replay recorded hands, report each hand, optionally check recorded results.
//!
//! Files are read and split into hands on one thread ([`feltkit::replay_source`], which the
//! Python package reads through too), hands are replayed on every core, and each report is
//! written as soon as the hands before it are: memory holds a window of hands, never the whole
//! input (see [`feltkit::phh::stream`]).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use feltkit::api::replay::{report_json, Kind, Tally};
use feltkit::phh::report::write_text;
use feltkit::phh::stream::{ordered, Step, Window};
use feltkit::replay_source::{read_paths, Chunk};
use feltkit::session::{Session, SessionHand};

/// Arguments of `felt replay`.
#[derive(Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct ReplayArgs {
    /// Compare each hand's recorded `finishing_stacks`, `winnings` and `_pots` with the replay
    /// (a legal hand that records none of them has nothing recorded to compare, and is counted
    /// so).
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
    /// The input's format: `phh`, a site's hand-history text or `acpc` (ACPC match logs), the
    /// values below (docs/import.md). Default: `.phh` and `.phhs` files are PHH; any other
    /// file, and standard input, is read in the site's format its first line shows
    /// (`PokerStars Hand #...`, `Poker Hand #...`, `STATE:...`, ...), else as PHH.
    #[arg(long, value_parser = super::convert::format_parser())]
    format: Option<feltkit::import::Format>,
    /// With `--check`, the rake rule a site's stated rake must follow:
    /// `PERCENT%[:CAP][:no-flop-no-drop]`, CAP an amount or big blinds (`5%:3bb:no-flop-no-drop`).
    #[arg(long, value_name = "RULE")]
    rake: Option<feltkit::import::rake::RakeRule>,
    /// `.phh` files, `.phhs` bundles, sites' hand-history texts, ACPC logs (`--format`), or
    /// directories (searched recursively for `.phh` and `.phhs` files, and `.txt`, `.log` and
    /// `.xml` files that start as a site's text or an ACPC log); `-` reads one document, bundle or
    /// text from standard input.
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

/// What the writer gets for one chunk of input.
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

/// Runs `felt replay`. Exit 2 when any input is unreadable or holds no hand, any hand is
/// malformed or of a variant not played, or no hand was found at all; else 1 when any hand is
/// illegal, unfinished or mismatched; else 0.
pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    let (threads, window) = workers(&args.paths, args.threads)?;
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
    // The sessions of the path being checked: one per table, in the order the tables appear.
    let mut tables = Tables::default();
    let mut lines = String::with_capacity(1024);
    ordered(
        threads,
        window,
        |emit| {
            let format = args.format;
            read_paths(&args.paths, args.follow, sessions, format, emit)
        },
        |chunk| work(chunk, check, json, sessions, args.rake.as_ref()),
        |step| -> std::io::Result<()> {
            // Whatever was written goes out whenever the replay waits for more input.
            let mut o: Out = match step {
                Step::Item(o) => o,
                Step::Idle => return out.flush(),
            };
            out.write_all(o.stdout.as_bytes())?;
            for (text, report) in std::mem::take(&mut o.hands) {
                let table = report.table.as_ref().and_then(|t| t.fields.table.as_deref());
                out.write_all(text.as_bytes())?;
                if let Some((label, s)) = tables.session_for(table, &structure) {
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
                Some(Some(label)) => tables.start(label, &structure),
                Some(None) => {
                    for (label, s) in tables.end() {
                        super::session::write_summary(&mut out, json, &label, &s)?;
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
    if json {
        writeln!(out, "{}", tally.json(check))?;
    } else {
        writeln!(out, "{}", tally.line(check))?;
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
        + tally.undecided_unchecked
        + tally.violations;
    Ok(if errors > 0 || hands == 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The worker threads (`--threads`, else one per core) and the window of chunks in flight
/// for reading `paths` in order; standard input (`-`) may be given once only. `felt luck`
/// reads as `felt replay` does.
pub(super) fn workers(
    paths: &[PathBuf],
    threads: Option<usize>,
) -> anyhow::Result<(usize, Window)> {
    if paths.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        anyhow::bail!("`-` (standard input) can be given only once");
    }
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    // Chunks hold up to FILE_BATCH hands read from a file (one from stdin).
    Ok((threads, Window { items: (8 * threads).max(32), bytes: 64 << 20 }))
}

/// The sessions of one path given to `--session`: one per table. A hand at a table seen
/// before goes back to that table's session; a hand that names no table stays in the session
/// of the hand before it.
#[derive(Default)]
struct Tables {
    /// The path's label, while a path is being checked.
    path: Option<String>,
    /// Each table's name (`None` until the first hand names one) and its session, in the order
    /// they began.
    sessions: Vec<(Option<String>, String, Session)>,
    /// The session of the last hand.
    current: usize,
}

impl Tables {
    /// A path begins: its first session, labelled with the path.
    fn start(&mut self, label: String, structure: &Option<feltkit::session::Structure>) {
        self.sessions = vec![(None, label.clone(), Session::new(structure.clone()))];
        self.path = Some(label);
        self.current = 0;
    }

    /// The session of a hand at `table`, with its label: the table's own, begun now when the
    /// table is new (the path's first session takes the first table named); `None` outside a
    /// path.
    fn session_for(
        &mut self,
        table: Option<&str>,
        structure: &Option<feltkit::session::Structure>,
    ) -> Option<(&str, &mut Session)> {
        let path = self.path.as_deref()?;
        if let Some(name) = table {
            let known = self.sessions.iter().position(|(t, _, _)| t.as_deref() == Some(name));
            self.current = match known {
                Some(k) => k,
                None if self.sessions.len() == 1 && self.sessions[0].0.is_none() => {
                    self.sessions[0].0 = Some(name.to_string());
                    0
                }
                None => {
                    let label = format!("{path} (table '{name}')");
                    let session = Session::new(structure.clone());
                    self.sessions.push((Some(name.to_string()), label, session));
                    self.sessions.len() - 1
                }
            };
        }
        let (_, label, session) = self.sessions.get_mut(self.current)?;
        Some((label.as_str(), session))
    }

    /// The path ends: its sessions, in the order they began.
    fn end(&mut self) -> Vec<(String, Session)> {
        self.path = None;
        self.current = 0;
        std::mem::take(&mut self.sessions).into_iter().map(|(_, l, s)| (l, s)).collect()
    }
}

/// Replays and writes up one chunk of input (on a worker thread).
fn work(
    chunk: Chunk,
    check: bool,
    json: bool,
    sessions: bool,
    rake: Option<&feltkit::import::rake::RakeRule>,
) -> Out {
    let mut out = Out::default();
    let Some(reports) = chunk.replay(check) else {
        input_chunk(chunk, json, &mut out);
        return out;
    };
    let mut text = String::new();
    for mut r in reports {
        if let Some(rule) = rake {
            rule.check(&mut r);
        }
        out.tally.count(&r);
        if json {
            text.push_str(&report_json(&r, rake).to_string());
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

/// Writes up a chunk that holds no hand: a file read to its end, a path unreadable or without
/// hands, a link skipped, a session's start or end.
fn input_chunk(chunk: Chunk, json: bool, out: &mut Out) {
    if let Some(note) = chunk.note() {
        out.stdout = match json {
            true => format!("{}\n", note.to_json()),
            false => format!("{note}\n"),
        };
    }
    match chunk {
        Chunk::Read(_, true) => out.tally.files = 1,
        Chunk::Read(_, false) => {
            out.tally.files = 1;
            out.tally.without_hands = 1;
        }
        Chunk::NoHands(_) => out.tally.without_hands = 1,
        Chunk::Unreadable(..) => out.tally.unreadable = 1,
        Chunk::Skipped(path, why) => out.stderr = Some(format!("{path}: {why}")),
        Chunk::SessionStart(label) => out.session = Some(Some(label)),
        Chunk::SessionEnd => out.session = Some(None),
        // Hands are replayed by `work`.
        Chunk::Pieces(..) | Chunk::Hands(..) => {}
    }
}
