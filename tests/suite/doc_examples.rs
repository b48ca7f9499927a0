//! Every console example of README.md and docs/*.md, run with the real `felt` and compared with
//! the page (docs/contributing.md, "Examples in the docs").
//!
//! In a ```` ```console ```` block, a line starting with `$ ` is a command (run by `bash` in a
//! folder that holds links to every top-level entry of the repository, so that paths read as
//! from the root while files written stay out of it, with `felt` the binary under test); the
//! lines up to the next command or the end of the block are its output, standard output and
//! standard error together, as a terminal shows them. A line `...` in the output stands for any
//! number of lines (none included), indented or not: Monte Carlo numbers without a seed, timings,
//! paths of the machine. Blank lines that end an output only separate examples. Examples that
//! cannot run here are fenced `sh` or `text`, not `console`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The line of expected output that stands for any number of lines.
const ELISION: &str = "...";

/// One `$ ` command of a page and the output the page shows for it.
struct Example {
    /// The page, relative to the repository root.
    page: String,
    /// The command's line number in the page (from 1).
    line: usize,
    /// The command, without `$ `.
    command: String,
    /// The output lines shown.
    output: Vec<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every page of docs/, in name order.
fn pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ is read")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root().join("README.md"));
    pages
}

/// The console examples of one page.
fn examples(page: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(page).expect("the page is read");
    let name = page.strip_prefix(root()).unwrap_or(page).display().to_string();
    let mut found: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut in_other = false;
    for (i, line) in text.lines().enumerate() {
        if let Some(fence) = line.trim_start().strip_prefix("```") {
            if in_console || in_other {
                (in_console, in_other) = (false, false);
            } else if fence.trim() == "console" {
                in_console = true;
            } else {
                in_other = true;
            }
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            found.push(Example {
                page: name.clone(),
                line: i + 1,
                command: command.to_string(),
                output: Vec::new(),
            });
        } else if let Some(last) = found.last_mut() {
            last.output.push(line.to_string());
        } else {
            panic!("{name}:{}: a console block must start with a `$ ` command", i + 1);
        }
    }
    // Blank lines between examples, and after a block's last, only separate them.
    for ex in &mut found {
        while ex.output.last().is_some_and(|l| l.trim().is_empty()) {
            ex.output.pop();
        }
    }
    found
}

/// Whether `got` matches `expected`, where a line [`ELISION`] stands for any lines.
fn matches(expected: &[String], got: &[&str]) -> bool {
    match expected.split_first() {
        None => got.is_empty(),
        Some((first, rest)) if first.trim() == ELISION => {
            (0..=got.len()).any(|skip| matches(rest, &got[skip..]))
        }
        Some((first, rest)) => {
            got.first().is_some_and(|g| line_matches(first, g)) && matches(rest, &got[1..])
        }
    }
}

/// Whether one output line matches the page's line, where `...` inside a line stands for any
/// text (`6 legal and matching, ... 0 malformed`).
fn line_matches(expected: &str, got: &str) -> bool {
    if !expected.contains(ELISION) {
        return expected == got;
    }
    let parts: Vec<&str> = expected.split(ELISION).collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !got.starts_with(first) || got.len() < first.len() + last.len() || !got.ends_with(last) {
        return false;
    }
    let mut rest = &got[first.len()..got.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Where `got` leaves `expected`, for the message: the page's output line (counting from 0)
/// and the output line met there (after an elision, the first line not yet matched).
fn first_difference(expected: &[String], got: &[&str]) -> (usize, usize) {
    let mut at = 0;
    let mut skipping = false;
    for (i, e) in expected.iter().enumerate() {
        if e.trim() == ELISION {
            skipping = true;
            continue;
        }
        let found = if skipping {
            got[at.min(got.len())..].iter().position(|g| line_matches(e, g)).map(|k| at + k)
        } else {
            got.get(at).filter(|g| line_matches(e, g)).map(|_| at)
        };
        match found {
            Some(k) => (at, skipping) = (k + 1, false),
            None => return (i, at),
        }
    }
    (expected.len(), at)
}

/// A folder that reads as the repository root (a link to each top-level entry) with `bin/felt`
/// the binary under test.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for entry in std::fs::read_dir(root()).expect("the root is read").flatten() {
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        std::os::unix::fs::symlink(entry.path(), dir.path().join(&name)).expect("a link");
    }
    let bin = dir.path().join(".felt-bin");
    std::fs::create_dir(&bin).expect("bin/");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_felt"), bin.join("felt")).expect("felt");
    dir
}

/// Runs one command as a terminal would show it: standard output and standard error together.
fn run(dir: &Path, command: &str) -> String {
    let path = format!(
        "{}:{}",
        dir.join(".felt-bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("{{ {command}\n}} 2>&1"))
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .env("PATH", path)
        .env_remove("FELT_THREADS")
        .env("NO_COLOR", "1")
        .output()
        .expect("sh runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs one page's examples in order in a folder of their own (an example may read a file an
/// earlier one of its page wrote): the number run and the failures' messages.
fn check_page(page: &Path) -> (usize, String) {
    let found = examples(page);
    let mut failures = String::new();
    if found.is_empty() {
        return (0, failures);
    }
    let dir = workspace();
    for ex in &found {
        let got = run(dir.path(), &ex.command);
        let mut got: Vec<&str> = got.lines().collect();
        while got.last().is_some_and(|l| l.trim().is_empty()) {
            got.pop();
        }
        if matches(&ex.output, &got) {
            continue;
        }
        let (at, got_at) = first_difference(&ex.output, &got);
        let _ = writeln!(
            failures,
            "{}:{}: `$ {}`\n  output line {} differs (the page's line {}):\n  expected: {}\n  got:      {}\n  whole output:\n{}\n",
            ex.page,
            ex.line,
            ex.command,
            at + 1,
            ex.line + 1 + at,
            ex.output.get(at).map_or("(nothing more)", String::as_str),
            got.get(got_at).copied().unwrap_or("(nothing more)"),
            got.iter().map(|l| format!("    | {l}")).collect::<Vec<_>>().join("\n"),
        );
    }
    (found.len(), failures)
}

#[cfg(unix)]
#[test]
fn every_console_example_of_the_docs_gives_the_output_shown() {
    // The pages run side by side (each in its own folder), their reports in page order.
    let pages = pages();
    let results: Vec<(usize, String)> = std::thread::scope(|s| {
        let running: Vec<_> = pages.iter().map(|p| s.spawn(move || check_page(p))).collect();
        running.into_iter().map(|h| h.join().expect("a page's examples ran")).collect()
    });
    let count: usize = results.iter().map(|(n, _)| n).sum();
    let failures: String = results.into_iter().map(|(_, f)| f).collect();
    assert!(count > 50, "only {count} console examples found: is the parser broken?");
    assert!(failures.is_empty(), "doc examples that differ from the program:\n\n{failures}");
}

#[test]
fn an_elision_line_stands_for_any_lines_and_nothing_else() {
    let e = |lines: &[&str]| lines.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(matches(&e(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&e(&["a", "...", "d"]), &["a", "d"]));
    assert!(matches(&e(&["..."]), &[]));
    assert!(!matches(&e(&["a", "...", "d"]), &["a", "b", "c"]));
    assert!(!matches(&e(&["a", "b"]), &["a", "b", "c"]));
    assert!(!matches(&e(&["a", "b"]), &["a"]));
    assert_eq!(first_difference(&e(&["a", "b", "c"]), &["a", "x", "c"]), (1, 1));
    assert_eq!(first_difference(&e(&["a", "...", "c", "d"]), &["a", "x", "c", "y"]), (3, 3));
    assert!(line_matches("6 legal, ... 0 malformed", "6 legal, 1 x, 0 malformed"));
    assert!(line_matches("a...", "abc") && line_matches("...", "") && line_matches("a...a", "aa"));
    assert!(!line_matches("6 legal, ... 0 malformed", "6 legal, 1 malformed"));
    assert!(!line_matches("a...a", "a"));
}
