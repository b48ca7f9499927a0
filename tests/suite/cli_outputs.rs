//! Output files, input limits and crashes, across the subcommands, through the real binary:
//! an output is never an input or another output, a failed run leaves files as they were,
//! over-long input is refused with its place, and no input makes the binary panic.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

/// A PokerStars hand history of one hand, from the test data.
const HAND: &str = "tests/data/pokerstars/all_in_preflop.txt";

fn same_file(output: &Path, input: &Path) -> String {
    format!(
        "felt: the output {} and the input {} are the same file: writing the results there \
         would destroy the input; choose another output file\n",
        output.display(),
        input.display()
    )
}

#[cfg(unix)]
#[test]
fn convert_refuses_output_that_is_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("hh.txt");
    std::fs::copy(HAND, &input).unwrap();
    let text = std::fs::read_to_string(&input).unwrap();
    let symlink = dir.path().join("link.txt");
    std::os::unix::fs::symlink("hh.txt", &symlink).unwrap();
    let hard = dir.path().join("hard.txt");
    std::fs::hard_link(&input, &hard).unwrap();
    for out in [&input, &symlink, &hard] {
        felt()
            .arg("convert")
            .arg(&input)
            .arg("-o")
            .arg(out)
            .assert()
            .code(2)
            .stdout("")
            .stderr(same_file(out, &input));
        assert_eq!(std::fs::read_to_string(&input).unwrap(), text, "{}", out.display());
    }
    // Standard input as the input, the same file as the output.
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("felt"))
        .args(["convert", "-", "-o"])
        .arg(&hard)
        .stdin(std::fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("and standard input are the same file"));
    assert_eq!(std::fs::read_to_string(&input).unwrap(), text);
}

#[test]
fn pushfold_refuses_html_over_its_call_range_picture() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, html) = (dir.path().join("pf.svg"), dir.path().join("pf-call.svg"));
    felt()
        .args(["pushfold", "--stacks", "10", "--svg"])
        .arg(&svg)
        .arg("--html")
        .arg(&html)
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "felt: --svg {} (its call-range picture {}) and --html {} are the same file: give \
             each its own file\n",
            svg.display(),
            html.display(),
            html.display()
        ));
    // Nothing was written.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    // Apart, all three are written whole.
    let page = dir.path().join("pf.html");
    felt()
        .args(["pushfold", "--stacks", "10", "--svg"])
        .arg(&svg)
        .arg("--html")
        .arg(&page)
        .assert()
        .success();
    assert!(std::fs::read_to_string(&html).unwrap().starts_with("<svg"));
    assert!(std::fs::read_to_string(&page).unwrap().contains("<svg"));
}

#[test]
fn range_and_equity_pictures_refuse_one_file_under_two_names() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("a.svg");
    let other = dir.path().join(".").join("a.svg");
    felt()
        .args(["equity", "AA", "KK", "--by-hand", "--svg"])
        .arg(&svg)
        .arg("--html")
        .arg(&other)
        .assert()
        .code(2)
        .stderr(contains("are the same file: give each its own file"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn an_output_error_names_the_users_path_not_the_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("none").join("x.phhs");
    for args in [
        vec!["deal", "--game", "nlhe", "-n", "2", "-o"],
        vec!["range", "AA", "--svg"],
        vec!["convert", HAND, "-o"],
    ] {
        let o = felt().args(&args).arg(&out).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(&out.display().to_string()), "{args:?}: {err}");
        assert!(!err.contains("felt-tmp") && !err.contains("at path"), "{args:?}: {err}");
    }
    // Devices are written as they come.
    felt().args(["deal", "--game", "nlhe", "-n", "2", "-o", "/dev/null"]).assert().success();
}

#[test]
fn failed_convert_leaves_the_output_alone_and_counts_inputs_without_hands() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.phhs");
    std::fs::write(&out, "previous\n").unwrap();
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "not a hand history\n").unwrap();
    let missing = dir.path().join("missing.txt");
    for input in [&missing, &notes] {
        felt()
            .arg("convert")
            .arg(input)
            .arg("-o")
            .arg(&out)
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains(format!(
                "felt convert: no hands from 1 input (1 input without hands, named above): \
                 nothing written, {} left as it was\n",
                out.display()
            )))
            .stderr(contains("0 unreadable").not());
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous\n");
    }
    // One good input and one bad: the hand is written, the bad input counted.
    felt()
        .arg("convert")
        .arg(HAND)
        .arg(&notes)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(contains("1 hand from 2 inputs: "))
        .stderr(contains("; 1 input without hands (named above)\n"));
    assert!(std::fs::read_to_string(&out).unwrap().starts_with("[1]\n"));
}

/// `AA` and then `n` spaces.
fn padded(n: usize) -> String {
    format!("AA{}", " ".repeat(n))
}

#[test]
fn equity_never_panics_on_a_long_player_in_any_output_mode() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("p.svg");
    let html = dir.path().join("p.html");
    let long = padded(70_000);
    let modes: Vec<Vec<String>> = vec![
        vec![],
        vec!["--json".into()],
        vec!["--by-hand".into()],
        vec!["--streets".into(), "--board".into(), "2c7d9h".into()],
        vec!["--by-hand".into(), "--svg".into(), svg.display().to_string()],
        vec!["--by-hand".into(), "--html".into(), html.display().to_string()],
    ];
    for mode in &modes {
        let o = felt().arg("equity").arg(&long).arg("KK").args(mode).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{mode:?}: {err}");
        assert!(!err.contains("panicked"), "{mode:?}: {err}");
        assert!(
            err.contains("70002 characters long: a range text is at most 65536 characters"),
            "{mode:?}"
        );
        // The message quotes the text cut short.
        assert!(err.len() < 2_000, "{mode:?}: {} bytes", err.len());
    }
    // Within the limit, the table is written: the long name is not padded past 200 columns.
    let long = padded(60_000);
    for mode in [&modes[0], &modes[3]] {
        let o = felt()
            .arg("equity")
            .arg(&long)
            .arg("KK")
            .args(mode)
            .args(["--iterations", "1000"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{mode:?}: {err}");
        // The table's header: "player", padded to 200 columns, then the numbers' titles.
        let out = String::from_utf8_lossy(&o.stdout);
        if mode.is_empty() {
            let head = out.lines().nth(1).unwrap();
            assert_eq!(head.find("equity"), Some(200 + 2 + 3), "{head}");
        }
    }
    // Stud players are cards, not ranges: long padding reaches the table.
    let o = felt()
        .args(["equity", "--game", "stud7", "--iterations", "100"])
        .arg(format!("KhKd{}", " ".repeat(70_000)))
        .arg("QsQd")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"));
}

#[test]
fn range_text_over_the_limits_is_refused_quoting_the_token_cut_short() {
    let token = "K".repeat(300);
    felt().args(["range", &format!("AA, {token}")]).assert().code(2).stderr(format!(
        "felt: range \"AA, {token}\": range token 2 (\"{}…\", column 5): 300 characters \
             long: a token is at most 256 characters\n",
        "K".repeat(24)
    ));
    let text = "AA,".repeat(30_000);
    felt()
        .args(["range", &text])
        .assert()
        .code(2)
        .stderr(contains("range token 1 (\"AA,AA,AA,AA,AA,AA,AA,AA,…\", column 1): 90000 characters long: a range text is at most 65536 characters"));
    // Omaha ranges have the same limits.
    felt()
        .args(["equity", "--game", "omaha", &"AAKK,".repeat(14_000), "QQJJ"])
        .assert()
        .code(2)
        .stderr(contains("70000 characters long: a range text is at most 65536 characters"));
}

#[test]
fn batch_an_over_long_cell_is_an_error_in_its_row_and_rows_keep_their_order() {
    let input = format!("id,p1,p2\n1,AA,KK\n2,{},KK\n3,QQ,KK\n", "A".repeat(70_000));
    let o = felt().args(["batch", "-"]).write_stdin(input).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8(o.stdout).unwrap();
    let ids: Vec<&str> = out.lines().skip(1).map(|l| &l[..1]).collect();
    assert_eq!(ids, ["1", "2", "3"]);
    let row2 = out.lines().nth(2).unwrap();
    assert!(
        row2.ends_with(&format!(
            ",\"p1: the cell is 70000 bytes long, and a cell is at most 65536 bytes: \
             \"\"{}…\"\"\"",
            "A".repeat(24)
        )),
        "{}",
        &row2[row2.len() - 200..]
    );
    assert!(out.lines().nth(3).unwrap().ends_with(",exhaustive,61642944,,"));
}

#[cfg(unix)]
#[test]
fn batch_an_over_long_row_stops_with_its_line_and_bounded_memory() {
    let message = "line 1: the row is longer than 1048576 bytes, the most a row may hold (a cell \
                   holds at most 65536); is this a CSV file of questions?";
    // /dev/zero never ends: the run stops at the limit instead of growing without end.
    felt()
        .args(["batch", "/dev/zero"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!("felt: cannot read the input: {message}\n"));
    // A data row: the rows before it are not written to a file (the run failed).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.csv");
    let input = format!("p1,p2\nAA,KK\n\"{}\",KK\n", "A,".repeat(600_000));
    felt()
        .args(["batch", "-", "-o"])
        .arg(&out)
        .write_stdin(input)
        .assert()
        .code(2)
        .stderr(contains("line 3: the row is longer than 1048576 bytes"));
    assert!(!out.exists());
}

#[test]
fn deal_refuses_stakes_whose_drawn_stacks_pass_the_chip_limit() {
    felt()
        .args(["deal", "--game", "nlhe", "-n", "5", "--stakes", "1/100000000000000"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "felt: --stakes: stacks are drawn up to 151 big bets of 100000000000000 chips, \
             15099999999999999 chips, above the limit of 1000000000000000 chips a stack may \
             hold: give smaller stakes, or the stacks with --stacks\n",
        );
    // With stacks given, the same stakes deal.
    felt()
        .args(["deal", "--game", "nlhe", "-n", "5", "--stakes", "1/100000000000000"])
        .args(["--stacks", "1000000000000000"])
        .assert()
        .success();
    // The largest drawn stack within the limit deals (151 * 6622516556291 - 1 < 10^15).
    felt()
        .args(["deal", "--game", "nlhe", "-n", "50", "--stakes", "1/6622516556291"])
        .assert()
        .success();
}

#[test]
fn game_names_are_one_set_in_every_command() {
    // The names of the shared table, in equity, deal and batch alike.
    felt()
        .args(["equity", "--game", "nlhe", "AhAd", "KsKc", "--board", "2c7d9hTs"])
        .assert()
        .success();
    felt()
        .args(["deal", "--game", "holdem", "-n", "2"])
        .assert()
        .success()
        .stdout(contains("variant = 'nlhe'"));
    felt()
        .args(["deal", "--game", "razz", "-n", "2"])
        .assert()
        .success()
        .stdout(contains("variant = 'FR'"));
    felt().args(["rank", "--game", "holdem", "AhKhQhJhTh"]).assert().success();
    felt()
        .args(["batch", "-", "--game", "nlhe"])
        .write_stdin("p1,p2,game\nAhAd,KsKc,\nAhAd,KsKc,holdem\n")
        .assert()
        .success();
    // An unknown name lists the same games everywhere.
    let list = "holdem, shortdeck, omaha, omaha5, omaha6, omaha8, omaha5-8, omaha6-8, turnover, \
                stud7, stud8, razz or americana";
    felt().args(["equity", "--game", "xx", "AA", "KK"]).assert().code(2).stderr(contains(list));
    felt().args(["deal", "--game", "xx"]).assert().code(2).stderr(contains(list));
    felt()
        .args(["batch", "-", "--game", "xx"])
        .write_stdin("p1,p2\nAA,KK\n")
        .assert()
        .code(2)
        .stderr(contains(list));
}

#[test]
fn help_one_liners_name_every_format_and_game() {
    let o = felt().arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&o.stdout);
    let line =
        |cmd: &str| help.lines().find(|l| l.trim_start().starts_with(cmd)).unwrap().to_string();
    for word in ["PokerStars", "GG", "other sites", "ACPC"] {
        assert!(line("convert").contains(word), "{word}");
        assert!(line("replay").contains(word), "{word}");
    }
    for word in ["hold'em", "short-deck", "Omaha", "stud", "razz", "Americana", "turnover"] {
        assert!(line("equity").contains(word), "{word}");
    }
}
