//! The documentation reads the same for anyone who has only the repository: no file the
//! project wrote (docs, sources, tests and their data, benches, CI) holds internal working
//! notes or cites a file outside the repository, and every relative link in README.md and docs/ leads to a file (and heading)
//! that exists inside it.

use std::path::{Component, Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Phrases that describe how the project was organised, or cite rule texts a reader of the
/// repository cannot see; matched without regard to case.
const INTERNAL_PHRASES: &[&str] = &[
    "this session",
    "the task",
    "the issue",
    "the team",
    "shared/VARIANTS",
    "VARIANTS.md",
    // Written in two pieces so that a search of the repository for the phrase finds no file
    // that reads outside it.
    concat!("..", "/shared"),
    "seed 00",
];

/// Words matched whole, without regard to case. `floor(` (the rounding function) is allowed.
const INTERNAL_WORDS: &[&str] = &["floor", "floors"];

/// Each internal phrase or word on a line, as `line number: what`.
fn internal_notes(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let lower = line.to_lowercase();
        for phrase in INTERNAL_PHRASES {
            if lower.contains(&phrase.to_lowercase()) {
                found.push((i + 1, format!("{phrase:?}")));
            }
        }
        for word in INTERNAL_WORDS {
            let mut from = 0;
            while let Some(at) = lower[from..].find(word) {
                let start = from + at;
                let end = start + word.len();
                let before = lower[..start].chars().next_back();
                let after = lower[end..].chars().next();
                let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                if !is_word(before) && !is_word(after) && after != Some('(') {
                    found.push((i + 1, format!("{word:?}")));
                }
                from = end;
            }
        }
    }
    found
}

/// Every file below `dir` that `keep` accepts, in name order, not entering the folders (or
/// taking the files) whose repository-relative names are in `skip`.
fn files(dir: &Path, skip: &[&str], keep: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if skip.contains(&relative(&p).as_str()) {
            continue;
        }
        if p.is_dir() {
            files(&p, skip, keep, out);
        } else if keep(&p) {
            out.push(p);
        }
    }
}

/// Whether a file's name ends in `.EXT` for one of `exts`.
fn has_extension(path: &Path, exts: &[&str]) -> bool {
    path.extension().and_then(|x| x.to_str()).is_some_and(|x| exts.contains(&x))
}

/// The repository-relative name of a file, with `/` separators.
fn relative(path: &Path) -> String {
    let rel = path.strip_prefix(root()).unwrap_or(path);
    rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

/// README.md, CHANGELOG.md and every Markdown file of docs/.
fn doc_pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("CHANGELOG.md")];
    files(&root().join("docs"), &[], &|p| has_extension(p, &["md"]), &mut pages);
    pages
}

/// Every text file of the repository that the project wrote: the docs, sources, tests, test
/// data, benches and CI script. Left out: build output, git's own files, this test (which
/// names the phrases), and the hands of `tests/data/corpus/phh-real/data` (others' records,
/// kept unchanged).
fn repository_files() -> Vec<PathBuf> {
    const TEXT: &[&str] = &["rs", "md", "toml", "txt", "phh", "phhs", "csv", "tsv", "json"];
    const SKIP: &[&str] = &[
        "target",
        ".git",
        "benches/target",
        "tests/data/corpus/phh-real/data",
        "tests/suite/docs.rs",
    ];
    let keep = |p: &Path| {
        has_extension(p, TEXT) || p.file_name().is_some_and(|n| n == "run" || n == ".gitignore")
    };
    let mut out = Vec::new();
    files(&root(), SKIP, &keep, &mut out);
    out
}

#[test]
fn docs_and_sources_hold_no_internal_working_notes() {
    let scanned = repository_files();
    let mut problems = Vec::new();
    for path in &scanned {
        let name = relative(path);
        // Hand histories in other encodings (Windows-1252) are read with their odd bytes
        // replaced: the phrases sought are ASCII.
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let text = String::from_utf8_lossy(&bytes);
        for (line, what) in internal_notes(&text) {
            problems.push(format!("{name}:{line}: {what}"));
        }
    }
    assert!(
        problems.is_empty(),
        "internal working notes, or citations of texts outside the repository:\n{}",
        problems.join("\n")
    );
}

/// The links of a Markdown text outside code, as `(line, target)`: inline links `[text](target)`.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Inline code spans hold no links.
        let plain: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push((i + 1, after[..end].trim().to_string()));
            rest = &after[end..];
        }
    }
    out
}

/// The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown text's headings (outside code blocks), with GitHub's `-1`, `-2`
/// suffixes for repeated headings.
fn anchors(text: &str) -> Vec<String> {
    let mut bases: Vec<String> = Vec::new();
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let base = slug(line.trim_start_matches('#'));
        let repeats = bases.iter().filter(|b| **b == base).count();
        out.push(if repeats == 0 { base.clone() } else { format!("{base}-{repeats}") });
        bases.push(base);
    }
    out
}

/// What is wrong with one link of `page`, if anything.
fn broken(page: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = match target.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (target, None),
    };
    let file = if path.is_empty() {
        page.to_path_buf()
    } else {
        // Resolve `..` by hand: the file may not exist, and the result must stay inside.
        let mut resolved = page.parent().expect("a page is in a folder").to_path_buf();
        for c in Path::new(path).components() {
            match c {
                Component::ParentDir => {
                    resolved.pop();
                }
                Component::Normal(part) => resolved.push(part),
                _ => return Some("an absolute path".into()),
            }
        }
        resolved
    };
    if !file.starts_with(root()) {
        return Some("leads outside the repository".into());
    }
    if !file.exists() {
        return Some(format!("{} does not exist", relative(&file)));
    }
    if let Some(anchor) = anchor
        && file.extension().is_some_and(|x| x == "md")
    {
        let text = std::fs::read_to_string(&file).expect("linked page");
        if !anchors(&text).iter().any(|a| a == anchor) {
            return Some(format!("{} has no heading #{anchor}", relative(&file)));
        }
    }
    None
}

#[test]
fn relative_links_in_readme_and_docs_lead_to_files_in_the_repository() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for page in doc_pages() {
        let text = std::fs::read_to_string(&page).expect("page");
        for (line, target) in links(&text) {
            checked += 1;
            if let Some(why) = broken(&page, &target) {
                problems.push(format!("{}:{line}: ({target}) {why}", relative(&page)));
            }
        }
    }
    assert!(checked > 20, "only {checked} links found: is the link reader broken?");
    assert!(problems.is_empty(), "broken links:\n{}", problems.join("\n"));
}

// The checkers themselves, on texts whose answer is known.

#[test]
fn internal_notes_are_found_with_their_line() {
    let text = "fine\nMeasured in This Session.\nthe floors: 3\nfloor((n - 1) / d) is math\n\
                see shared/VARIANTS.md\nfloorboard and subfloor are words\n";
    let found = internal_notes(text);
    let lines: Vec<usize> = found.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, [2, 3, 5, 5], "{found:?}");
}

#[test]
fn links_outside_code_are_read_and_checked() {
    let text =
        "See [a](docs/a.md) and `[not](a link)`.\n```\n[no](x)\n```\n[b](#top) [c](https://x.y)\n";
    let found: Vec<String> = links(text).into_iter().map(|(_, t)| t).collect();
    assert_eq!(found, ["docs/a.md", "#top", "https://x.y"]);
    let readme = root().join("README.md");
    assert!(broken(&readme, "docs/no-such-page.md").is_some());
    assert!(broken(&readme, "../outside.md").unwrap().contains("outside the repository"));
    assert!(broken(&readme, "docs/games.md#no-such-heading").is_some());
    assert!(broken(&readme, "docs/games.md#turnover").is_none());
}

#[test]
fn heading_anchors_follow_github() {
    assert_eq!(slug(" Texas hold'em"), "texas-holdem");
    assert_eq!(slug(" `--check`"), "--check");
    assert_eq!(slug(" Americana ranking (32-card deck)"), "americana-ranking-32-card-deck");
    assert_eq!(anchors("# A\n## A\n```\n# not a heading\n```\n## B"), ["a", "a-1", "b"]);
}
