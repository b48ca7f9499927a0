//! The fuzz targets: one per parser of the library, plus the rules engine's invariants.
//!
//! A target takes one input (bytes; text targets get UTF-8), calls the library, and checks what
//! it can about the answer. It returns a *behaviour key* (a hash of which way the input went:
//! which error, which status) or a message saying which invariant broke. Inputs that show a new
//! behaviour join the pool the mutator draws from, so the run reaches past the first error of
//! each reader. A panic anywhere is a failure too; the runner catches it.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

mod api;
mod engine;
mod equity;
mod import;
mod phh;
mod session;
mod text;

/// What one input did: a behaviour key, or the broken invariant.
pub type Check = Result<u64, String>;

/// One fuzz target.
pub struct Target {
    /// The name used on the command line.
    pub name: &'static str,
    /// One line on what it calls and checks.
    pub about: &'static str,
    /// Whether inputs are UTF-8 text (the API takes `&str`); otherwise raw bytes.
    pub text: bool,
    /// Words of the input's language, for the mutator.
    pub words: &'static [&'static str],
    /// The starting inputs.
    pub seeds: fn(&Data) -> Vec<Vec<u8>>,
    /// Runs one input.
    pub check: fn(&[u8]) -> Check,
}

/// Every target, in the order a full run takes them.
pub fn all() -> Vec<Target> {
    vec![
        text::CARDS,
        text::RANGE,
        text::RANK,
        phh::AMOUNT,
        phh::ACTION,
        phh::TOML,
        phh::REPLAY,
        phh::ROUNDTRIP,
        import::POKERSTARS,
        import::ACPC,
        import::SITES,
        session::SESSION,
        engine::ENGINE,
        equity::EQUITY,
        equity::BATCH_ROW,
        equity::BATCH_RUN,
        api::API,
    ]
}

/// The repository's test data, read once: the seeds of most targets.
pub struct Data {
    /// Every `.phh` and `.phhs` file under the data folder, with its text.
    pub phh: Vec<(PathBuf, String)>,
    /// Every `.csv` file under the data folder.
    pub csv: Vec<String>,
    /// The rows of `equity_fixtures.txt` (game | players | board | dead | equities).
    pub fixtures: Vec<String>,
    /// Hand-history texts of sites (`.txt` other than the fixtures, `.log`, `.xml`), as bytes.
    pub site_texts: Vec<(PathBuf, Vec<u8>)>,
}

impl Data {
    /// Reads the data under `dir` (normally `tests/data`); missing files leave lists empty,
    /// and the targets fall back on their built-in seeds.
    pub fn load(dir: &Path) -> Data {
        let mut files = Vec::new();
        walk(dir, &mut files);
        files.sort();
        let mut data =
            Data { phh: Vec::new(), csv: Vec::new(), fixtures: Vec::new(), site_texts: Vec::new() };
        for path in files {
            let is_site = match path.extension().and_then(|e| e.to_str()) {
                Some("log" | "xml") => true,
                Some("txt") => !path.ends_with("equity_fixtures.txt"),
                _ => false,
            };
            if is_site {
                if let Ok(bytes) = std::fs::read(&path) {
                    data.site_texts.push((path, bytes));
                }
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            match path.extension().and_then(|e| e.to_str()) {
                Some("phh" | "phhs") => data.phh.push((path, text)),
                Some("csv") if !path.to_string_lossy().contains("expected") => data.csv.push(text),
                Some("txt") if path.ends_with("equity_fixtures.txt") => {
                    data.fixtures = text
                        .lines()
                        .filter(|l| !l.starts_with('#') && l.contains('|'))
                        .map(str::to_string)
                        .collect();
                }
                _ => {}
            }
        }
        data
    }

    /// Every action text of the PHH files, each once.
    pub fn actions(&self) -> Vec<String> {
        let mut out = std::collections::BTreeSet::new();
        for (_, text) in &self.phh {
            for hand in feltkit::phh::read::hands(text).flatten() {
                if let Ok(r) = hand.record {
                    out.extend(r.actions.iter().map(|a| a.text().into_owned()));
                }
            }
        }
        out.into_iter().collect()
    }
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

static TRACE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Turns on tracing (`--replay`): targets that can say more about an input print it to stderr.
pub fn set_tracing(on: bool) {
    TRACE.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// Whether targets print what they do.
pub fn tracing() -> bool {
    TRACE.load(std::sync::atomic::Ordering::Relaxed)
}

/// The input as text: text targets get UTF-8 from the mutator, but a reproducer file may hold
/// anything, so invalid bytes are read as U+FFFD.
pub fn as_text(input: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(input)
}

/// A behaviour key built from parts (strings are reduced by [`shape`] first where they carry
/// numbers).
pub fn key(parts: impl Hash) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    parts.hash(&mut h);
    h.finish()
}

/// A message reduced to the letters and spaces of its wording, cut to 48 characters: the same
/// error at another position or about another value gives the same shape. Quoted parts go: from
/// the first quote character (backtick, double or single quote) to the last of the same kind,
/// again until none is left (quoted input may hold quotes itself, so pairs cannot be trusted).
pub fn shape(message: &str) -> String {
    let mut out = String::with_capacity(48);
    let mut rest = message;
    while let Some(a) = rest.find(['`', '"', '\'']) {
        out.extend(rest[..a].chars().filter(|c| c.is_ascii_alphabetic() || *c == ' '));
        let q = rest[a..].chars().next().unwrap_or('"');
        let b = rest.rfind(q).unwrap_or(a);
        out.push(' ');
        rest = &rest[b + 1..];
    }
    out.extend(rest.chars().filter(|c| c.is_ascii_alphabetic() || *c == ' '));
    out.chars().take(48).collect()
}

/// Lines of built-in seeds as inputs.
fn lines(text: &[&str]) -> Vec<Vec<u8>> {
    text.iter().map(|s| s.as_bytes().to_vec()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_names_are_unique_and_seeds_exist_without_data() {
        let data =
            Data { phh: Vec::new(), csv: Vec::new(), fixtures: Vec::new(), site_texts: Vec::new() };
        let targets = all();
        for (i, t) in targets.iter().enumerate() {
            assert!(targets[..i].iter().all(|u| u.name != t.name), "{}", t.name);
            assert!(!(t.seeds)(&data).is_empty(), "{} has no built-in seed", t.name);
        }
    }

    /// The committed reproducers still fail only in the ways the known-failures list names (a
    /// fixed defect makes its reproducer pass, which is fine: then drop its list entry). Run in
    /// a debug build, this also catches arithmetic overflow on them.
    #[test]
    fn committed_reproducers_pass_or_fail_only_as_known() {
        use crate::runner::{execute, regressions, Known, Verdict};
        crate::runner::record_panics(true);
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let list = std::fs::read_to_string(root.join("known-failures.txt")).unwrap_or_default();
        let known = Known::parse(&list);
        let targets = all();
        for dir in std::fs::read_dir(root.join("regressions")).unwrap().flatten() {
            let name = dir.file_name().to_string_lossy().into_owned();
            let t = targets.iter().find(|t| t.name == name);
            let t = t.unwrap_or_else(|| panic!("fuzz/regressions/{name} is not a target"));
            for (path, input) in regressions(&root.join("regressions"), t.name) {
                if let Verdict::Fail(m) = execute(t, &input) {
                    assert!(known.matches(t.name, &m), "{}: {m}", path.display());
                }
            }
        }
    }

    #[test]
    fn shape_drops_numbers_and_quoted_text() {
        assert_eq!(
            shape("card 3 (\"Xx\", column 7): bad rank"),
            shape("card 1 (\"Q\", column 2): bad rank")
        );
        assert_ne!(shape("bad rank"), shape("bad suit"));
    }
}
