//! Running targets: one input at a time under `catch_unwind`, panics kept quiet and recorded, a
//! watchdog for inputs that never finish, reproducers written to files, known failures
//! tolerated, and a minimizer for reproducers.

use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::mutate::{mutate, Shape};
use crate::rng::{fnv1a, Rng};
use crate::targets::{Data, Target};

/// What one input did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No panic and every invariant held; the behaviour key.
    Pass(u64),
    /// A panic (`panic: MESSAGE at FILE:LINE:COL`) or a broken invariant (`invariant: ...`).
    Fail(String),
}

/// The last panic's message and location, recorded by the quiet hook.
static PANIC: Mutex<Option<String>> = Mutex::new(None);

/// The input being run, for the watchdog.
static CURRENT: Mutex<Current> =
    Mutex::new(Current { target: "", text: true, input: Vec::new(), since: None, dir: None });

struct Current {
    target: &'static str,
    text: bool,
    input: Vec<u8>,
    since: Option<Instant>,
    dir: Option<PathBuf>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Replaces the default panic hook (which prints every caught panic) by one that only records
/// the message and location; with `loud`, the default hook still prints (for `--replay`, where
/// `RUST_BACKTRACE=1` then gives the backtrace).
pub fn record_panics(loud: bool) {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".into());
        let place = info.location().map_or_else(String::new, |l| format!(" at {l}"));
        *lock(&PANIC) = Some(format!("{message}{place}"));
        if loud {
            default(info);
        }
    }));
}

/// Runs one input through a target.
pub fn execute(t: &Target, input: &[u8]) -> Verdict {
    {
        let mut c = lock(&CURRENT);
        c.target = t.name;
        c.text = t.text;
        c.input.clear();
        c.input.extend_from_slice(input);
        c.since = Some(Instant::now());
    }
    *lock(&PANIC) = None;
    let result = catch_unwind(AssertUnwindSafe(|| (t.check)(input)));
    lock(&CURRENT).since = None;
    match result {
        Ok(Ok(k)) => Verdict::Pass(k),
        Ok(Err(m)) => Verdict::Fail(format!("invariant: {m}")),
        Err(_) => {
            let m = lock(&PANIC).take().unwrap_or_else(|| "(no message)".into());
            Verdict::Fail(format!("panic: {m}"))
        }
    }
}

/// Starts a thread that ends the process (exit code 1) when one input runs longer than
/// `timeout`, saving it first as a `hang-` reproducer under `dir`.
pub fn watchdog(timeout: Duration, dir: PathBuf) {
    lock(&CURRENT).dir = Some(dir);
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(100));
        let c = lock(&CURRENT);
        if c.since.is_some_and(|s| s.elapsed() > timeout) {
            let dir = c.dir.clone().unwrap_or_default();
            let path = save(&dir, c.target, "hang", c.text, &c.input);
            let path =
                path.map_or_else(|e| format!("(not saved: {e})"), |p| p.display().to_string());
            eprintln!(
                "feltkit-fuzz: target `{}` failed: an input ran longer than {} s\n  reproducer: {path}\n  replay: {}",
                c.target,
                timeout.as_secs_f64(),
                replay_command(&path, c.target)
            );
            std::process::exit(1);
        }
    });
}

/// The command that replays a reproducer.
pub fn replay_command(path: &str, target: &str) -> String {
    format!("cargo run --release -p feltkit-fuzz -- --replay {path} {target}")
}

/// Writes an input to `dir/TARGET/KIND-HASH.txt` (or `.bin` for byte targets).
pub fn save(
    dir: &Path,
    target: &str,
    kind: &str,
    text: bool,
    input: &[u8],
) -> std::io::Result<PathBuf> {
    let folder = dir.join(target);
    std::fs::create_dir_all(&folder)?;
    let ext = if text { "txt" } else { "bin" };
    let path = folder.join(format!("{kind}-{:016x}.{ext}", fnv1a(input)));
    std::fs::write(&path, input)?;
    Ok(path)
}

/// The known-failures list: failures of a target whose message contains a listed text are
/// tolerated (reported, not fatal); `*` skips the target.
#[derive(Debug, Default)]
pub struct Known(Vec<(String, String)>);

impl Known {
    /// Reads the list: one `TARGET TEXT` per line, `#` starts a comment line.
    pub fn parse(text: &str) -> Known {
        Known(
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(|l| match l.split_once(char::is_whitespace) {
                    Some((t, m)) => (t.to_string(), m.trim().to_string()),
                    None => (l.to_string(), "*".to_string()),
                })
                .collect(),
        )
    }

    /// Whether the target is skipped altogether.
    pub fn skips(&self, target: &str) -> bool {
        self.0.iter().any(|(t, m)| t == target && m == "*")
    }

    /// Whether a failure of the target is a known one.
    pub fn matches(&self, target: &str, message: &str) -> bool {
        self.0.iter().any(|(t, m)| t == target && (m == "*" || message.contains(m.as_str())))
    }
}

/// How to run the targets.
pub struct Settings {
    /// Time per target.
    pub seconds: f64,
    /// Stop each target after this many inputs (with `seconds` as a bound too).
    pub runs: Option<u64>,
    /// The run's seed.
    pub seed: u64,
    /// The longest input the mutator makes.
    pub max_len: usize,
    /// Where reproducers go.
    pub artifacts: PathBuf,
    /// Committed reproducers, one folder per target, replayed before fuzzing.
    pub regressions: PathBuf,
    /// Failures to tolerate.
    pub known: Known,
}

/// What a target's run found.
pub struct Report {
    /// Inputs run.
    pub execs: u64,
    /// Distinct behaviours seen.
    pub behaviours: usize,
    /// Seconds taken.
    pub seconds: f64,
    /// The first failure that is not known: message and reproducer.
    pub failure: Option<(String, PathBuf)>,
    /// Known failures met: how many, and the first one's message and reproducer.
    pub known: Option<(u64, String, PathBuf)>,
}

/// The committed reproducers of a target.
pub fn regressions(dir: &Path, target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir.join(target)) else { return Vec::new() };
    let mut files: Vec<PathBuf> =
        entries.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
    files.sort();
    files.into_iter().filter_map(|p| Some((p.clone(), std::fs::read(&p).ok()?))).collect()
}

/// Fuzzes one target: its committed reproducers and seeds first, then mutations until the
/// time or run budget is spent or an unknown failure turns up.
pub fn fuzz(t: &Target, data: &Data, s: &Settings) -> Report {
    let start = Instant::now();
    let deadline = start + Duration::from_secs_f64(s.seconds);
    let mut rng = Rng::for_target(s.seed, t.name);
    let shape = Shape { text: t.text, words: t.words, max_len: s.max_len };
    let mut report = Report { execs: 0, behaviours: 0, seconds: 0.0, failure: None, known: None };
    let mut seen = HashSet::new();
    let mut pool: Vec<Vec<u8>> =
        (t.seeds)(data).into_iter().filter(|x| x.len() <= s.max_len).collect();
    let fixed = pool.len();
    let committed = regressions(&s.regressions, t.name);
    let first: Vec<(Option<PathBuf>, Vec<u8>)> = committed
        .into_iter()
        .map(|(p, x)| (Some(p), x))
        .chain(pool.iter().map(|x| (None, x.clone())))
        .collect();
    let mut queue = first.into_iter();
    loop {
        let (committed_path, input) = match queue.next() {
            Some(x) => x,
            None => {
                let out_of_time = Instant::now() >= deadline;
                let out_of_runs = s.runs.is_some_and(|r| report.execs >= r);
                if out_of_time || out_of_runs || pool.is_empty() {
                    break;
                }
                let parent = &pool[rng.below(pool.len())];
                (None, mutate(&mut rng, parent, &pool, &shape))
            }
        };
        report.execs += 1;
        match execute(t, &input) {
            Verdict::Pass(k) => {
                if seen.insert(k) && committed_path.is_none() {
                    if pool.len() < 8192 {
                        pool.push(input);
                    } else {
                        let i = fixed + rng.below(pool.len() - fixed);
                        pool[i] = input;
                    }
                }
            }
            Verdict::Fail(m) => {
                let known = s.known.matches(t.name, &m);
                if let (true, Some((n, _, _))) = (known, &mut report.known) {
                    *n += 1;
                    continue;
                }
                let path = match committed_path {
                    Some(p) => Ok(p),
                    None => save(&s.artifacts, t.name, "crash", t.text, &input),
                };
                let path = path.unwrap_or_else(|e| PathBuf::from(format!("(not saved: {e})")));
                if known {
                    report.known = Some((1, m, path));
                    continue;
                }
                report.failure = Some((m, path));
                break;
            }
        }
    }
    report.behaviours = seen.len();
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// What stays the same when a failing input shrinks: the panic's place, or the invariant's
/// message up to its first number or quote.
pub fn signature(message: &str) -> String {
    if let Some(rest) = message.strip_prefix("panic: ") {
        if let Some((_, place)) = rest.rsplit_once(" at ") {
            return format!("panic at {place}");
        }
    }
    message
        .chars()
        .take_while(|c| !c.is_ascii_digit() && !matches!(c, '"' | '`' | '{' | '('))
        .take(60)
        .collect()
}

/// Shrinks a failing input while it fails the same way (same [`signature`]): cuts pieces of
/// halving size, then single bytes, within `budget`.
pub fn minimize(t: &Target, input: &[u8], budget: Duration) -> Option<(Vec<u8>, String)> {
    let Verdict::Fail(first) = execute(t, input) else { return None };
    let want = signature(&first);
    let start = Instant::now();
    let mut best = input.to_vec();
    let mut message = first;
    let mut chunk = (best.len() / 2).max(1);
    loop {
        let mut progress = false;
        let mut i = 0;
        while i < best.len() && start.elapsed() < budget {
            let end = (i + chunk).min(best.len());
            let mut candidate = best[..i].to_vec();
            candidate.extend_from_slice(&best[end..]);
            if t.text && std::str::from_utf8(&candidate).is_err() {
                i += chunk;
                continue;
            }
            match execute(t, &candidate) {
                Verdict::Fail(m) if signature(&m) == want => {
                    best = candidate;
                    message = m;
                    progress = true;
                }
                _ => i += chunk,
            }
        }
        if start.elapsed() >= budget || (chunk == 1 && !progress) {
            break;
        }
        if !progress {
            chunk = (chunk / 2).max(1);
        }
    }
    Some((best, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_list_matches_by_target_and_text() {
        let k = Known::parse("# comment\nphh_roundtrip reads back changed\nengine\n\n");
        assert!(k.matches("phh_roundtrip", "invariant: the record reads back changed (x)"));
        assert!(!k.matches("phh_roundtrip", "panic: index out of bounds"));
        assert!(!k.matches("phh_replay", "the record reads back changed"));
        assert!(k.skips("engine") && !k.skips("phh_roundtrip"));
    }

    #[test]
    fn signature_keeps_the_panic_place_and_the_invariant_words() {
        assert_eq!(
            signature("panic: attempt to add with overflow at src/a.rs:3:9"),
            "panic at src/a.rs:3:9"
        );
        assert_eq!(
            signature("invariant: pots sum to 30, winnings to 20"),
            "invariant: pots sum to "
        );
    }
}
