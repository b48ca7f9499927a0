//! The two copies of the hot loops (`feltkit::cpu`): the portable one, forced with
//! `FELTKIT_CPU=portable`, gives the same answers as the one the CPU picks; and `felt` runs on
//! an emulated CPU without AVX2 or BMI2 (`qemu-x86_64 -cpu Nehalem`, Debian's qemu-user) with
//! the same answers and no illegal instruction.

use std::process::{Command, Output};

/// Queries that go through every loop `cpu::fast` wraps: hold'em exact by rank patterns and
/// board first (`--by-hand`), the hold'em, Omaha, stud and turnover Monte Carlo samplers (on
/// two threads: a seed gives the same numbers on any count), Omaha high-low exact, and ranking.
const QUERIES: &[&[&str]] = &[
    &["rank", "AhKhQhJhTh", "2c3d4h5s7c", "AsAdKcKh9s"],
    &["equity", "AhKh", "QQ+,AKs", "--board", "Js7c2d", "--json"],
    &["equity", "QQ+,AKs", "22+,KQo", "--board", "Js7c2d", "--by-hand", "--color", "never"],
    &["equity", "AhKh", "QQ+", "--monte-carlo", "--iterations", "60000", "--seed", "7"],
    &["equity", "AhKh", "QQ+", "JJ", "--monte-carlo", "--iterations", "30000", "--threads", "2"],
    &[
        "equity",
        "--game",
        "omaha",
        "AsKsQdJd",
        "7h7c8d9d",
        "--monte-carlo",
        "--iterations",
        "20000",
        "--seed",
        "3",
    ],
    &["equity", "--game", "omaha8", "AsKs2d3d", "7h7c8d9d", "--board", "4c5h9s"],
    &[
        "equity",
        "--game",
        "stud",
        "AsAhKd",
        "7c7d8h",
        "--monte-carlo",
        "--iterations",
        "20000",
        "--seed",
        "3",
    ],
    &[
        "equity",
        "--game",
        "turnover",
        "AsAhKd",
        "7c7d8h",
        "--monte-carlo",
        "--iterations",
        "20000",
        "--seed",
        "3",
    ],
];

fn felt_path() -> String {
    assert_cmd::cargo::cargo_bin("felt").to_string_lossy().into_owned()
}

/// Runs `program args...` with the hot-loop choice `cpu` (`None`: the CPU's own).
fn run(program: &[&str], args: &[&str], cpu: Option<&str>) -> Output {
    let mut cmd = Command::new(program[0]);
    cmd.args(&program[1..]).args(args);
    match cpu {
        Some(v) => cmd.env("FELTKIT_CPU", v),
        None => cmd.env_remove("FELTKIT_CPU"),
    };
    cmd.output().unwrap()
}

fn stdout_of(out: &Output, what: &str) -> String {
    assert!(
        out.status.success(),
        "{what}: {:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// Seeded Monte Carlo answers must match; an unseeded one (the three-way query) only its
/// deal count, method and players.
fn comparable(query: &[&str], text: &str) -> String {
    if query.contains(&"--seed") || !query.contains(&"--monte-carlo") {
        return text.to_string();
    }
    text.lines().map(|l| l.split_whitespace().next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

#[test]
fn the_portable_path_gives_the_answers_of_the_cpus_own() {
    let felt = felt_path();
    for query in QUERIES {
        let own = run(&[&felt], query, None);
        let portable = run(&[&felt], query, Some("portable"));
        let what = format!("felt {}", query.join(" "));
        assert_eq!(
            comparable(query, &stdout_of(&own, &what)),
            comparable(query, &stdout_of(&portable, &what)),
            "{what}"
        );
    }
}

#[test]
fn felt_version_names_the_path_that_runs() {
    let felt = felt_path();
    let forced = stdout_of(&run(&[&felt], &["--version"], Some("portable")), "felt --version");
    assert!(forced.contains("hot loops: portable (forced by FELTKIT_CPU)"), "{forced}");
    let own = stdout_of(&run(&[&felt], &["--version"], None), "felt --version");
    let expected = if feltkit::cpu::path() == feltkit::cpu::Path::X86_64V3 {
        "hot loops: x86-64-v3"
    } else {
        "hot loops: portable"
    };
    assert!(own.contains(expected), "{own}");
    assert!(own.starts_with(&format!("felt {}\n", env!("CARGO_PKG_VERSION"))), "{own}");
}

#[test]
fn a_misspelt_cpu_setting_is_refused_and_an_empty_one_is_none() {
    let felt = felt_path();
    let out = run(&[&felt], &["rank", "AsKsQsJsTs"], Some("portble"));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("FELTKIT_CPU=\"portble\": expected `portable`"), "{err}");
    assert!(out.stdout.is_empty());
    let out = run(&[&felt], &["rank", "AsKsQsJsTs"], Some(""));
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Debian's user-mode emulator, when installed. `None`, with a message, when missing; a panic
/// instead when `FELTKIT_REQUIRE_QEMU` is set (CI sets it: `.ci/run` installs qemu-user).
fn qemu() -> Option<&'static str> {
    let found =
        Command::new("qemu-x86_64").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        if std::env::var_os("FELTKIT_REQUIRE_QEMU").is_some() {
            panic!("no qemu-x86_64 on this machine, and FELTKIT_REQUIRE_QEMU is set");
        }
        eprintln!("skipped: no qemu-x86_64 on this machine (apt-get install qemu-user)");
        return None;
    }
    Some("qemu-x86_64")
}

#[cfg(target_arch = "x86_64")]
#[test]
fn felt_runs_on_a_cpu_without_avx2_with_the_same_answers() {
    let Some(qemu) = qemu() else { return };
    let felt = felt_path();
    // Nehalem (2008): SSE4.2 and POPCNT, no AVX, AVX2, BMI1 or BMI2.
    let emulated = [qemu, "-cpu", "Nehalem", felt.as_str()];
    let version = stdout_of(&run(&emulated, &["--version"], None), "felt --version under qemu");
    assert!(version.contains("hot loops: portable (for any CPU of the target)"), "{version}");
    for query in QUERIES {
        let what = format!("felt {} (under qemu, Nehalem)", query.join(" "));
        let there = run(&emulated, query, None);
        let here = run(&[&felt], query, None);
        assert_eq!(
            comparable(query, &stdout_of(&there, &what)),
            comparable(query, &stdout_of(&here, &what)),
            "{what}"
        );
    }
    // A hand history replayed and checked there too (the import code is built for any x86-64).
    let hand = "tests/data/pokerstars/cash_nl_side_pots.txt";
    let what = format!("felt replay --check {hand} (under qemu)");
    let there = stdout_of(&run(&emulated, &["replay", "--check", hand], None), &what);
    let here = stdout_of(&run(&[&felt], &["replay", "--check", hand], None), &what);
    assert_eq!(there, here);
}
