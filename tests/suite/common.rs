//! What several test files share: the fixture table of the equity tests, and the Python with
//! PokerKit 0.7.7 that the differential tests run.

#![allow(dead_code)]

use std::process::Command;

use feltkit::equity::{Game, Query};

/// One row of `tests/data/equity_fixtures.txt`.
pub struct Fixture {
    /// The row's line number.
    pub line: usize,
    /// The query (automatic method, seed 0).
    pub query: Query,
    /// Each player's equity as written (its digits are the precision to match).
    pub equities: Vec<String>,
}

/// Reads every fixture row.
pub fn fixtures() -> Vec<Fixture> {
    let text = include_str!("../data/equity_fixtures.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 5, "line {}: expected 5 columns", i + 1);
            let game: Game = f[0].parse().unwrap();
            let mut query = Query::new(game, f[1].split(';'));
            query.board = f[2].to_string();
            query.dead = f[3].to_string();
            Fixture { line: i + 1, query, equities: f[4].split(';').map(String::from).collect() }
        })
        .collect()
}

/// `x` written with as many decimals as `like` has.
pub fn same_digits(x: f64, like: &str) -> String {
    let decimals = like.split('.').nth(1).map_or(0, str::len);
    format!("{x:.decimals$}")
}

/// The Python to run PokerKit 0.7.7 with: `$FELTKIT_PYTHON`, else `python3`. `None`, with a
/// message, when it has no PokerKit 0.7.7; a panic instead when `FELTKIT_REQUIRE_POKERKIT` is
/// set (CI sets it: `.ci/run` installs PokerKit in a virtual environment).
pub fn pokerkit_python() -> Option<String> {
    let python = std::env::var("FELTKIT_PYTHON").unwrap_or_else(|_| "python3".into());
    let ok = Command::new(&python)
        .args(["-c", "import importlib.metadata as m; assert m.version('pokerkit') == '0.7.7'"])
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        return Some(python);
    }
    let why = format!("`{python}` with PokerKit 0.7.7 is not available");
    if std::env::var_os("FELTKIT_REQUIRE_POKERKIT").is_some() {
        panic!("{why}, and FELTKIT_REQUIRE_POKERKIT is set");
    }
    eprintln!("skipped: {why} (pip install pokerkit==0.7.7, or set FELTKIT_PYTHON)");
    None
}

/// The headless browser the page tests load pictures in: the first of Chromium's names that
/// answers `--version`. `None`, with a message, when there is none; a panic instead when
/// `FELTKIT_REQUIRE_BROWSER` is set (CI sets it: `.ci/run` installs Debian's chromium).
pub fn browser() -> Option<&'static str> {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| Command::new(b).arg("--version").output().is_ok_and(|o| o.status.success()));
    if found.is_none() {
        if std::env::var_os("FELTKIT_REQUIRE_BROWSER").is_some() {
            panic!("no chromium on this machine, and FELTKIT_REQUIRE_BROWSER is set");
        }
        eprintln!("skipped: no chromium on this machine (apt-get install chromium)");
    }
    found
}

/// Runs `felt ARGS` (reading `stdin` when given): its exit code must be `code` and its
/// standard output hold each of `says`.
pub fn felt_says(args: &[&str], stdin: Option<Vec<u8>>, code: i32, says: &[&str]) {
    let mut cmd = assert_cmd::Command::cargo_bin("felt").unwrap();
    cmd.args(args);
    if let Some(bytes) = stdin {
        cmd.write_stdin(bytes);
    }
    let out = cmd.output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(code), "felt {args:?}:\n{text}");
    for s in says {
        assert!(text.contains(s), "{s} in\n{text}");
    }
}

/// `felt`, the binary under test.
pub fn felt() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("felt").unwrap()
}

/// A site's sample texts, in `tests/data/<folder>/`, read with its `--format` name.
pub struct SiteSamples {
    /// The folder below `tests/data`.
    pub folder: &'static str,
    /// The format's name.
    pub format: &'static str,
}

impl SiteSamples {
    /// The path of the sample `name`.
    pub fn path(&self, name: &str) -> String {
        format!("{}/tests/data/{}/{name}", env!("CARGO_MANIFEST_DIR"), self.folder)
    }

    /// The site's format.
    pub fn format(&self) -> feltkit::import::Format {
        feltkit::import::Format::named(self.format).unwrap()
    }

    /// The first hand of the sample `name` converted to PHH.
    pub fn phh(&self, name: &str) -> String {
        let text = std::fs::read(self.path(name)).unwrap();
        feltkit::import::convert_as(self.format(), &text).remove(0).phh
    }

    /// The first hand of the sample `name`, converted, replayed and checked.
    pub fn replayed(&self, name: &str) -> feltkit::phh::HandReport {
        feltkit::phh::replay_text(&self.phh(name), name, true).remove(0)
    }

    /// Checks that the first hand of the sample `name` replays legal, is checked against the
    /// site's accounting, and ends at the stacks `after_rake` (exact decimals, compared in
    /// cents whatever places each is written with).
    pub fn ends_at(&self, name: &str, after_rake: &[&str]) {
        let r = self.replayed(name);
        assert!(r.ok() && r.checked, "{name}: {:?} {:?}", r.status, r.mismatches);
        let text = self.phh(name);
        let record = feltkit::phh::read::hands(&text).next().unwrap().unwrap().record.unwrap();
        let cents = |v: &[feltkit::record::Amount]| -> Vec<Option<i64>> {
            v.iter().map(|a| a.to_units(2)).collect()
        };
        let want: Vec<_> =
            after_rake.iter().map(|a| feltkit::record::Amount::parse(a).unwrap()).collect();
        assert_eq!(cents(&record.finishing_stacks.unwrap()), cents(&want), "{name}");
    }

    /// Checks that the first hand of the sample `name`, as PHH, holds each of `fields`.
    pub fn holds(&self, name: &str, fields: &[&str]) {
        let text = self.phh(name);
        for field in fields {
            assert!(text.contains(field), "{field} in\n{text}");
        }
    }
}

/// `felt replay --check`'s report of every text in `tests/data/DIR`, and of the PHH `felt
/// convert` writes of it: the same, but for the label (the path of what was read). Says how
/// many texts were compared.
pub fn converted_texts_replay_as_the_texts(dir: &str) -> usize {
    let data = format!("{}/tests/data/{dir}", env!("CARGO_MANIFEST_DIR"));
    let tmp = std::env::temp_dir().join(format!("feltkit-round-trip-{dir}-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut names: Vec<String> = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt") || n.ends_with(".xml"))
        .collect();
    names.sort();
    let report = |path: &str| {
        let out = felt().args(["replay", "--check", path]).output().unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap().replace(path, "HAND"))
    };
    for name in &names {
        let text = format!("{data}/{name}");
        let out = felt().args(["convert", &text]).output().unwrap();
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let phh = tmp.join(format!("{name}.phhs"));
        std::fs::write(&phh, &out.stdout).unwrap();
        assert_eq!(report(phh.to_str().unwrap()), report(&text), "{name}");
    }
    std::fs::remove_dir_all(&tmp).unwrap();
    names.len()
}
