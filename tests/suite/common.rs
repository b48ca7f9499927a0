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

/// How a site's real hands (a folder a user points a `real_` test at, with its
/// `expected.json`) replayed.
#[derive(Debug, Default)]
pub struct RealHands {
    /// Hands `expected.json` counts (their text adds up).
    pub counted: usize,
    /// Counted hands that replay legal, pass `--check` and end at the expected stacks.
    pub matched: usize,
    /// Counted hands refused (UNSUPPORTED), each with where and why.
    pub refused: Vec<(String, String)>,
    /// Counted hands replayed otherwise than expected, each with what was found.
    pub failures: Vec<String>,
}

impl RealHands {
    /// Reads every file `expected.json` lists in the folder of the environment variable `var`
    /// (`None` when it is not set) with `format`: each counted hand is replayed with `--check`
    /// and its finishing stacks compared with the expected ones in cents (a seated player who is
    /// not dealt in must end where the player started); each hand not counted has its report
    /// printed. A hand is found at its place in its file when its number is there (a file may
    /// repeat a number), else by its number.
    pub fn of(var: &str, format: feltkit::import::Format) -> Option<RealHands> {
        let dir = std::env::var(var).ok()?;
        let expected: serde_json::Value =
            serde_json::from_slice(&std::fs::read(format!("{dir}/expected.json")).unwrap())
                .unwrap();
        let cents = |v: &[feltkit::record::Amount]| -> Vec<Option<i64>> {
            v.iter().map(|a| a.to_units(2)).collect()
        };
        let mut out = RealHands::default();
        for (file, f) in expected["files"].as_object().unwrap() {
            let text = std::fs::read(format!("{dir}/{file}")).unwrap();
            let of_file = feltkit::import::convert_as(format, &text);
            for (k, h) in f["hands"].as_array().unwrap().iter().enumerate() {
                // A hand whose number `expected.json` did not read (WPN's older texts) is
                // not counted: every hand of its file is printed as the reader cut it.
                let Some(number) = h["hand"].as_str() else {
                    for (j, c) in of_file.iter().enumerate() {
                        let r = feltkit::phh::replay_text(&c.phh, file, true).remove(0);
                        eprintln!(
                            "not counted: {file} [{}]: {:?} {:?}",
                            j + 1,
                            r.status,
                            r.mismatches
                        );
                    }
                    continue;
                };
                let at = h["index"].as_u64().map_or(k, |i| i as usize);
                let is = |x: &&feltkit::import::Converted| x.number.as_deref() == Some(number);
                let found = of_file.get(at).filter(is).or_else(|| of_file.iter().find(is));
                let place = format!("{file} hand {number} [{}]", at + 1);
                let Some(hand) = found else {
                    out.failures.push(format!("{place}: not found"));
                    continue;
                };
                let r = feltkit::phh::replay_text(&hand.phh, file, true).remove(0);
                if h["counted"] != true {
                    eprintln!(
                        "not counted ({}): {place}: {:?} {:?}",
                        h["not_counted_reason"], r.status, r.mismatches
                    );
                    continue;
                }
                out.counted += 1;
                if let feltkit::phh::Status::Unsupported(why) = &r.status {
                    out.refused.push((place, why.clone()));
                    continue;
                }
                let record =
                    feltkit::phh::read::hands(&hand.phh).next().unwrap().unwrap().record.unwrap();
                let column = |key: &str| -> Vec<feltkit::record::Amount> {
                    let v = h[key].as_array().unwrap().iter();
                    v.map(|x| feltkit::record::Amount::parse(x.as_str().unwrap()).unwrap())
                        .collect()
                };
                let (start, finish) =
                    (cents(&column("starting_stacks")), cents(&column("finishing_stacks")));
                let names = h["players"].as_array().unwrap();
                let ours: Vec<String> = record
                    .players
                    .clone()
                    .unwrap_or_default()
                    .iter()
                    .map(|p| p.to_string())
                    .collect();
                let ours_finish = cents(&record.finishing_stacks.clone().unwrap_or_default());
                // A player `expected.json` lists as sitting out may be dealt in here (a
                // tournament deals a player sitting out, who folds) when the hand leaves that
                // player's stack as it was.
                let ours_start = cents(&record.starting_stacks);
                let away = h["sitting_out"].as_array().cloned().unwrap_or_default();
                let extra_sat_out = ours.iter().enumerate().all(|(j, p)| {
                    names.iter().any(|n| n.as_str() == Some(p.as_str()))
                        || (away.iter().any(|n| n.as_str() == Some(p.as_str()))
                            && ours_start.get(j) == ours_finish.get(j))
                });
                let same = names.iter().enumerate().all(|(k, name)| {
                    match ours.iter().position(|p| Some(p.as_str()) == name.as_str()) {
                        Some(j) => ours_finish.get(j) == Some(&finish[k]),
                        None => start[k] == finish[k],
                    }
                }) && extra_sat_out;
                if r.ok() && r.checked && r.mismatches.is_empty() && same {
                    out.matched += 1;
                } else {
                    out.failures.push(format!(
                        "{place}: {:?} {:?} same stacks: {same}",
                        r.status, r.mismatches
                    ));
                }
            }
        }
        eprintln!(
            "{} of {} counted hands replay to the site's stacks with --check clean; {} refused:\n{}\nnot as expected:\n{}",
            out.matched,
            out.counted,
            out.refused.len(),
            out.refused.iter().map(|(at, why)| format!("{at}: {why}")).collect::<Vec<_>>().join("\n"),
            out.failures.join("\n")
        );
        Some(out)
    }
}

/// What a folder of a site's real hand histories (not part of the repository, and without an
/// `expected.json`) gave, each hand converted and replayed with `--check` and held to its own
/// accounting.
pub struct OwnSummaryHands {
    /// Hands read, and files read.
    pub hands: usize,
    pub files: usize,
    /// Hands counted (not put in a group), those that replay legally, and those that also
    /// agree with the site's accounting.
    pub counted: usize,
    pub legal: usize,
    pub matched: usize,
    /// The hands not counted, by group (`refused: REASON`...).
    pub others: std::collections::BTreeMap<String, Vec<String>>,
}

impl OwnSummaryHands {
    /// Prints the counts (`what` says which hands the matched ones are) and every hand not
    /// counted, by group.
    pub fn print(&self, what: &str) {
        eprintln!("{} hands in {} files: {what}", self.hands, self.files);
        for (why, at) in &self.others {
            eprintln!("{} hands: {why}\n  {}", at.len(), at.join("\n  "));
        }
    }
}

/// Every hand of the files below `dir` whose extension is one of `extensions`, in name order,
/// read as `format`, replayed and checked; `group` puts a hand in a group of hands not counted
/// (its report and the reason of its status without its line), or counts it (`None`). A hand
/// counted that does not agree is printed.
pub fn real_site_hands(
    dir: &std::path::Path,
    format: &str,
    extensions: &[&str],
    group: impl Fn(&feltkit::phh::HandReport, &str) -> Option<String>,
) -> OwnSummaryHands {
    fn walk(dir: &std::path::Path, extensions: &[&str], out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                walk(&path, extensions, out);
            } else if path.extension().is_some_and(|x| extensions.iter().any(|e| x == *e)) {
                out.push(path);
            }
        }
    }
    let format = feltkit::import::Format::named(format).unwrap();
    let mut files = Vec::new();
    walk(dir, extensions, &mut files);
    files.sort();
    let mut real = OwnSummaryHands {
        hands: 0,
        files: files.len(),
        counted: 0,
        legal: 0,
        matched: 0,
        others: Default::default(),
    };
    for path in &files {
        let text = std::fs::read(path).unwrap();
        let shown = path.strip_prefix(dir).unwrap_or(path).display().to_string();
        for (k, hand) in feltkit::import::convert_as(format, &text).iter().enumerate() {
            real.hands += 1;
            let r = feltkit::phh::replay_text(&hand.phh, &shown, true).remove(0);
            let at = format!("{shown} [{}] hand {}", k + 1, hand.number.as_deref().unwrap_or("?"));
            let why = match &r.status {
                feltkit::phh::Status::Unsupported(why)
                | feltkit::phh::Status::Malformed { reason: why, .. }
                | feltkit::phh::Status::Unresolved(why) => why.as_str(),
                _ => "",
            };
            // The reason without its line, to group the hands alike.
            let reason = why.split_once(": ").map_or(why, |(_, w)| w);
            if let Some(g) = group(&r, reason) {
                real.others.entry(g).or_default().push(at);
                continue;
            }
            real.counted += 1;
            real.legal += usize::from(matches!(r.status, feltkit::phh::Status::Legal));
            if r.ok() && r.checked && r.mismatches.is_empty() {
                real.matched += 1;
            } else {
                eprintln!("not matched: {at}: {:?} {:?}", r.status, r.mismatches);
            }
        }
    }
    real
}
