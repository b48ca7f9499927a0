//! `felt batch` driven through the real binary: golden files, ordering, seeds and shards.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::Stdio;

use assert_cmd::Command;
use predicates::prelude::*;

const STUDY: &str = "tests/data/batch/study.csv";
const EXPECTED: &str = "tests/data/batch/study.expected.csv";

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

/// Runs `felt batch ARGS` with `stdin`; returns (exit code, stdout, stderr).
fn batch(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = felt().arg("batch").args(args).write_stdin(stdin).output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

/// A scratch path unique to this test process: in a fresh directory of its own (a name made
/// from the process id alone could meet files left by an earlier process with the same id).
fn scratch(name: &str) -> PathBuf {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| tempfile::Builder::new().prefix("felt-batch-").tempdir().unwrap())
        .path()
        .join(name)
}

/// Parses CSV text into records of strings.
fn records(text: &str, delimiter: u8) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect()
}

#[test]
fn golden_study_gives_the_exact_expected_output_and_exit_1() {
    let expected = std::fs::read_to_string(EXPECTED).unwrap();
    felt()
        .args(["batch", STUDY])
        .assert()
        .code(1)
        .stdout(expected.clone())
        .stderr("felt batch: 9 of 15 rows failed (see their felt_error column)\n");
    // The same through stdin and stdout named `-`.
    let input = std::fs::read(STUDY).unwrap();
    felt().args(["batch", "-", "-o", "-"]).write_stdin(input).assert().code(1).stdout(expected);
}

#[test]
fn golden_rows_agree_with_felt_equity_one_by_one() {
    let rows = records(&std::fs::read_to_string(EXPECTED).unwrap(), b',');
    let head = &rows[0];
    let col = |name: &str| head.iter().position(|h| h == name).unwrap();
    let mut checked = 0;
    for r in rows.iter().skip(1).filter(|r| r[col("felt_error")].is_empty()) {
        let mut cmd = felt();
        cmd.arg("equity").arg("--json");
        if !r[col("game")].is_empty() {
            cmd.args(["--game", &r[col("game")]]);
        }
        if !r[col("board")].is_empty() {
            cmd.args(["--board", &r[col("board")]]);
        }
        let players: Vec<&String> =
            ["p1", "p2", "p3"].iter().map(|p| &r[col(p)]).filter(|p| !p.is_empty()).collect();
        let out = cmd.args(players.iter().map(|p| p.trim())).output().unwrap();
        assert!(out.status.success(), "row {}: {}", r[0], String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["deals"].to_string(), r[col("felt_deals")]);
        for (i, p) in v["players"].as_array().unwrap().iter().enumerate() {
            for what in ["equity", "win", "tie"] {
                let cell: f64 = r[col(&format!("felt_p{}_{what}", i + 1))].parse().unwrap();
                // serde_json reads floats to within an ulp, not always exactly.
                let want = p[what].as_f64().unwrap();
                assert!(
                    (cell - want).abs() < 1e-14,
                    "row {} p{} {what}: {cell} {want}",
                    r[0],
                    i + 1
                );
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 6);
}

#[test]
fn json_lines_carry_the_same_rows_and_errors() {
    let (code, out, _) = batch(&["--json", STUDY], "");
    assert_eq!(code, 1);
    let csv = records(&std::fs::read_to_string(EXPECTED).unwrap(), b',');
    let lines: Vec<serde_json::Value> =
        out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), csv.len() - 1);
    for (i, (j, c)) in lines.iter().zip(&csv[1..]).enumerate() {
        assert_eq!(j["row"], i as u64 + 1);
        assert_eq!(j["input"]["id"], c[0]);
        let error = c.last().unwrap();
        assert_eq!(j["error"].as_str().unwrap_or(""), error);
        assert_eq!(j["players"].is_null(), !error.is_empty());
    }
}

#[test]
fn tsv_by_extension_or_flag_gives_the_same_numbers() {
    let csv = records(&std::fs::read_to_string(EXPECTED).unwrap(), b',');
    let tsv_in = scratch("study.tsv");
    let mut w =
        csv::WriterBuilder::new().delimiter(b'\t').flexible(true).from_path(&tsv_in).unwrap();
    for r in records(&std::fs::read_to_string(STUDY).unwrap(), b',') {
        w.write_record(&r).unwrap();
    }
    w.flush().unwrap();
    drop(w);
    let (code, out, _) = batch(&[tsv_in.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert_eq!(records(&out, b'\t'), csv);
    // `--delimiter` on stdin, and a `.csv` output name switches back to commas.
    let tsv_text = std::fs::read_to_string(&tsv_in).unwrap();
    let (_, out, _) = batch(&["--delimiter", "tab"], &tsv_text);
    assert_eq!(records(&out, b'\t'), csv);
    let out_path = scratch("out.csv");
    let (code, out, _) =
        batch(&["--delimiter", "tab", "-o", out_path.to_str().unwrap()], &tsv_text);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        std::fs::read_to_string(&out_path).unwrap(),
        std::fs::read_to_string(EXPECTED).unwrap()
    );
    std::fs::remove_file(tsv_in).ok();
    std::fs::remove_file(out_path).ok();
}

#[test]
fn a_file_that_cannot_be_read_exits_2_naming_the_problem() {
    felt()
        .args(["batch", "tests/data/batch/no-such-file.csv"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot open tests/data/batch/no-such-file.csv"));
    // A directory is named as such.
    felt()
        .args(["batch", "tests/data/batch"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("tests/data/batch is a directory"));
    let (code, out, err) = batch(&[], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("the input is empty"), "{err}");
    let (code, _, err) = batch(&[], "hero,villain\nAA,KK\n");
    assert_eq!(code, 2);
    // The message once, not repeated by its source.
    assert_eq!(
        err,
        "felt: bad header row: no p1 column: the header row names 2 columns: \"hero\", \
         \"villain\"; expected at least the columns p1 and p2 (the players' cards or ranges), \
         and optionally p3 to p10, game, board, dead, method, iterations, stderr and seed\n"
    );
    let (code, _, err) = batch(&[], "p1,p3\nAA,KK\n");
    assert_eq!(code, 2);
    assert!(err.contains("no p2 column"), "{err}");
    let (code, _, err) = batch(&["--game", "omaha9"], "p1,p2\nAA,KK\n");
    assert_eq!(code, 2);
    assert!(err.contains("unknown game \"omaha9\""), "{err}");
    // Bad flag defaults are the invocation's error, not every row's.
    for flags in [["--board", "2x"], ["--dead", "AhAh"]] {
        let (code, out, err) = batch(&flags, "p1,p2\nAA,KK\n");
        assert_eq!((code, out.as_str()), (2, ""), "{flags:?}");
        assert!(err.contains(flags[0]), "{flags:?}: {err}");
    }
    let (code, _, err) = batch(&["--chunk-rows", "0"], "p1,p2\nAA,KK\n");
    assert_eq!(code, 2);
    assert!(err.contains("--chunk-rows"), "{err}");
}

#[test]
fn the_output_cannot_be_the_input() {
    let path = scratch("same.csv");
    std::fs::write(&path, "p1,p2\nAhKh,QsQd\n").unwrap();
    let p = path.to_str().unwrap();
    felt()
        .args(["batch", p, "-o", p])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("are the same file"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "p1,p2\nAhKh,QsQd\n");
    std::fs::remove_file(&path).ok();
}

#[test]
fn one_monte_carlo_deal_has_no_standard_error_in_json() {
    let (code, out, _) = batch(&["--json"], "p1,p2,method,iterations\nAhKh,QsQd,monte_carlo,1\n");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(v["stderr"], serde_json::Value::Null);
    assert_eq!(v["deals"], 1);
}

#[test]
fn all_rows_ok_exits_0_with_a_silent_stderr_and_flag_defaults_apply() {
    let input = "p1,p2,board\nAhKh,QsQd,\nAhKh,QsQd,Kd8h2c\n";
    let (code, out, err) = batch(&["--board", "2c7d9h"], input);
    assert_eq!((code, err.as_str()), (0, ""));
    let rows = records(&out, b',');
    let deals = rows[0].iter().position(|h| h == "felt_deals").unwrap();
    assert_eq!(rows[1][deals], "990"); // --board filled the empty cell
    assert_eq!(rows[2][deals], "990"); // the cell wins over --board
    assert_ne!(rows[1][3], rows[2][3]);
}

/// Hand-vs-hand flop rows (light) with a few range-vs-range rows (heavier), an `id` column.
fn mixed_file(rows: usize) -> String {
    let cards: Vec<String> = "23456789TJQKA"
        .chars()
        .flat_map(|r| "cdhs".chars().map(move |s| format!("{r}{s}")))
        .collect();
    let mut text = String::from("id,p1,p2,board\n");
    for i in 0..rows {
        let pick = |k: usize| &cards[(i * 7 + k * 11) % 52];
        if i % 499 == 5 {
            text += &format!("{i},\"QQ+,AKs\",\"JJ-99,AQs\",{}{}{}\n", pick(4), pick(5), pick(6));
        } else {
            text += &format!(
                "{i},{}{},{}{},{}{}{}\n",
                pick(0),
                pick(1),
                pick(2),
                pick(3),
                pick(4),
                pick(5),
                pick(6)
            );
        }
    }
    text
}

#[test]
fn many_rows_in_parallel_keep_input_order_and_match_a_sequential_run() {
    let input = mixed_file(3000);
    let (_, sequential, _) = batch(&["--threads", "1", "--chunk-rows", "100000"], &input);
    let (_, parallel, _) = batch(&["--threads", "2", "--chunk-rows", "37"], &input);
    assert_eq!(parallel, sequential);
    let rows = records(&parallel, b',');
    assert_eq!(rows.len(), 3001);
    for (i, r) in rows[1..].iter().enumerate() {
        assert_eq!(r[0], i.to_string());
    }
    assert!(rows.iter().skip(1).any(|r| r.last().unwrap().is_empty()));
}

/// Monte Carlo rows: some with a `seed` cell, most deriving theirs from `--seed` and the row.
fn monte_carlo_file() -> String {
    let mut text = String::from("p1,p2,board,method,iterations,seed\n");
    for i in 0..12 {
        let seed = if i % 4 == 0 { "77" } else { "" };
        text += &format!("\"QQ+,AKs\",\"JJ-99,AQs\",,monte_carlo,{},{seed}\n", 20000 + i);
    }
    text += "AA,KK,,mc,20000,\nAA,KK,,mc,20000,\n";
    text
}

#[test]
fn monte_carlo_rows_are_reproducible_across_threads_chunks_and_shards() {
    let input = monte_carlo_file();
    let (code, one, _) = batch(&["--threads", "1", "--row-numbers"], &input);
    assert_eq!(code, 0);
    let (_, two, _) = batch(&["--threads", "2", "--chunk-rows", "3", "--row-numbers"], &input);
    assert_eq!(one, two);
    let mut merged: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let (code, part, _) = batch(&["--shard", &shard, "--threads", "2"], &input);
        assert_eq!(code, 0);
        let rows = records(&part, b',');
        assert_eq!(rows[0], records(&one, b',')[0]);
        for r in rows.into_iter().skip(1) {
            let row: u64 = r[0].parse().unwrap();
            assert_eq!((row - 1) % 3, k - 1, "row {row} in shard {k}");
            merged.insert(row, r);
        }
    }
    let full = records(&one, b',');
    assert_eq!(merged.into_values().collect::<Vec<_>>(), full[1..].to_vec());
    // Rows 13 and 14 are the same question: derived seeds differ, so do their numbers.
    let eq = full[0].iter().position(|h| h == "felt_p1_equity").unwrap();
    assert_ne!(full[13][eq], full[14][eq]);
    // --seed changes derived seeds but not `seed` cells.
    let (_, other, _) = batch(&["--seed", "5", "--row-numbers"], &input);
    let other = records(&other, b',');
    assert_eq!(other[1], full[1]);
    assert_ne!(other[2][eq], full[2][eq]);
}

#[test]
fn the_readme_merge_recipe_rebuilds_the_full_run() {
    let input = monte_carlo_file();
    let dir = scratch("shards");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("in.csv");
    std::fs::write(&file, &input).unwrap();
    for k in 1..=3 {
        let part = dir.join(format!("part-{k}.csv"));
        felt()
            .args(["batch", file.to_str().unwrap(), "--shard", &format!("{k}/3"), "-o"])
            .arg(&part)
            .assert()
            .success();
    }
    // The README's merge: one header, then the data rows sorted by the `row` column.
    let merge = "head -n 1 part-1.csv > merged.csv && \
                 tail -q -n +2 part-*.csv | sort -t, -k1,1n >> merged.csv";
    let status =
        std::process::Command::new("sh").arg("-c").arg(merge).current_dir(&dir).status().unwrap();
    assert!(status.success(), "the merge command failed: {status}");
    let (_, full, _) = batch(&["--row-numbers"], &input);
    assert_eq!(std::fs::read_to_string(dir.join("merged.csv")).unwrap(), full);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_closed_stdout_is_not_an_error() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("felt"))
        .args(["batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = mixed_file(20000);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        stdin.write_all(input.as_bytes()).ok();
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert!(first.starts_with("id,p1,p2,board,"));
    // Dropping the reader closes the pipe; the next write fails with a broken pipe.
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn tsv_on_stdin_without_delimiter_suggests_delimiter_tab() {
    // Regression: the header was reported as "no p1 column" with no hint at the cause.
    let tsv = "id\tp1\tp2\n1\tAhKh\tQsQd\n";
    let (code, out, err) = batch(&[], tsv);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "felt: bad header row: no p1 column: the header row's cells hold that character, so \
         the input looks tab-separated: give `--delimiter tab` (or a file name ending in .tsv); \
         the header row names one column: \"id\\tp1\\tp2\"; expected at least the columns p1 \
         and p2 (the players' cards or ranges), and optionally p3 to p10, game, board, dead, \
         method, iterations, stderr and seed\n"
    );
    // The hint is right: with it the same input runs.
    let (code, out, _) = batch(&["--delimiter", "tab"], tsv);
    assert_eq!(code, 0);
    assert!(out.starts_with("id\tp1\tp2\tfelt_p1_equity"), "{out}");
}

#[test]
fn semicolon_separated_csv_without_delimiter_suggests_delimiter_semicolon() {
    // Regression: a `;`-separated file got "no p1 column" with no hint at the cause.
    let csv = "id;p1;p2\n1;AhKh;QsQd\n";
    let (code, out, err) = batch(&[], csv);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("looks semicolon-separated: give `--delimiter ';'`"), "{err}");
    assert!(err.contains("names one column: \"id;p1;p2\""), "{err}");
    // The hint is right: with it the same input runs.
    let (code, out, _) = batch(&["--delimiter", ";"], csv);
    assert_eq!(code, 0);
    assert!(out.starts_with("id;p1;p2;felt_p1_equity"), "{out}");
    // A header without such a character names what it found and gives no hint.
    let (code, _, err) = batch(&[], "hand,villain\nAA,KK\n");
    assert_eq!(code, 2);
    assert!(err.contains("names 2 columns: \"hand\", \"villain\"; expected"), "{err}");
    assert!(!err.contains("--delimiter"), "{err}");
}

#[test]
fn one_failed_row_of_one_is_singular() {
    // Regression: "1 of 1 rows failed", and a zero-weight range blamed the board and dead cards.
    let (code, out, err) = batch(&[], "p1,p2\nAA:0,KK\n");
    assert_eq!(code, 1);
    assert_eq!(err, "felt batch: 1 of 1 row failed (see their felt_error column)\n");
    assert!(out.contains("range token 1 (\"\"AA:0\"\", column 1): the range has no combo with a weight above zero"), "{out}");
}

#[test]
fn numeric_flags_out_of_range_are_refused_with_their_range() {
    for (flag, value, says) in [
        ("--chunk-rows", "10000000000", "from 1 to 1000000"),
        ("--chunk-rows", "18446744073709551615", "from 1 to 1000000"),
        ("--threads", "10000", "from 1 to 256"),
    ] {
        let (code, out, err) = batch(&[flag, value], "p1,p2\nAA,KK\n");
        assert_eq!(code, 2, "{flag} {value}: {err}");
        assert!(out.is_empty(), "{flag} {value}: {out}");
        assert!(err.contains(flag) && err.contains(says), "{flag} {value}: {err}");
    }
}

/// The names in a CSV header line, checked to be unique.
fn unique_header(text: &str) -> Vec<String> {
    let head = records(text, b',').remove(0);
    let set: std::collections::HashSet<&String> = head.iter().collect();
    assert_eq!(set.len(), head.len(), "repeated names in {head:?}");
    head
}

/// The result columns for two players, after the carried ones.
const RESULTS_2: [&str; 10] = [
    "felt_p1_equity",
    "felt_p1_win",
    "felt_p1_tie",
    "felt_p2_equity",
    "felt_p2_win",
    "felt_p2_tie",
    "felt_method",
    "felt_deals",
    "felt_stderr",
    "felt_error",
];

#[test]
fn header_names_are_unique_when_input_columns_are_named_row_method_stderr_or_error() {
    // Input columns named like the old result columns, and a `row` column.
    let input = "row,p1,p2,board,method,stderr,error,deals\n\
                 7,AhKh,QsQd,2c7d9h,exhaustive,0.01,x,y\n\
                 8,AhKh,QsQd,2c7d9h,,,,\n";
    let carried = ["row", "p1", "p2", "board", "method", "stderr", "error", "deals"];
    for flags in [&[][..], &["--row-numbers"], &["--shard", "1/2"], &["--shard", "2/2"]] {
        let (code, out, err) = batch(flags, input);
        assert_eq!(code, 0, "{flags:?}: {err}");
        let head = unique_header(&out);
        let with_row = !flags.is_empty();
        let want: Vec<&str> = ["felt_row"]
            .iter()
            .filter(|_| with_row)
            .chain(&carried)
            .chain(&RESULTS_2)
            .copied()
            .collect();
        assert_eq!(head, want, "{flags:?}");
        // The input's `row` cell is carried, `felt_row` numbers the data rows.
        let rows = records(&out, b',');
        if flags == ["--shard", "2/2"] {
            assert_eq!((&rows[1][0][..], &rows[1][1][..]), ("2", "8"));
        }
        if flags == ["--row-numbers"] {
            assert_eq!((&rows[1][0][..], &rows[1][1][..]), ("1", "7"));
        }
        // Flop hand-vs-hand: 45 * 44 / 2 = 990 deals, whatever the input `deals` cell said.
        let deals = head.iter().position(|h| h == "felt_deals").unwrap();
        assert!(rows[1..].iter().all(|r| r[deals] == "990"), "{out}");
    }
}

/// Rows that exercise every kind of result: exact, Monte Carlo with a derived seed and with its
/// own, a bad range, and a note with a quote and a comma.
const ROUND_TRIP: &str = "id,p1,p2,board,method,iterations,seed,note\n\
    1,AhKh,QsQd,2c7d9h,,,,plain\n\
    2,\"QQ+,AKs\",JJ,,monte_carlo,3000,,derived seed\n\
    3,AA,KK,,monte_carlo,2000,42,own seed\n\
    4,AA,\"KK+,AQx\",,,,,\"bad, \"\"range\"\"\"\n";

#[test]
fn feeding_batch_its_own_output_gives_the_same_file() {
    let dir = scratch("round-trip");
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("in.csv");
    std::fs::write(&input, ROUND_TRIP).unwrap();
    for flags in [&[][..], &["--row-numbers"]] {
        let (first, second) = (dir.join("first.csv"), dir.join("second.csv"));
        let run = |from: &PathBuf, to: &PathBuf| {
            felt().arg("batch").arg(from).arg("-o").arg(to).args(flags).assert().code(1);
        };
        run(&input, &first);
        run(&first, &second);
        let (first, second) =
            (std::fs::read_to_string(first).unwrap(), std::fs::read_to_string(second).unwrap());
        assert_eq!(second, first, "{flags:?}");
        // The earlier results were replaced, not carried: one set of result columns.
        let head = unique_header(&first);
        assert_eq!(head.len(), usize::from(!flags.is_empty()) + 8 + RESULTS_2.len());
        assert_eq!(records(&first, b',').len(), 5);
    }
    // JSON from an output file: the input object holds the original columns only.
    let first = dir.join("first.csv");
    let (_, out, _) = batch(&["--json", first.to_str().unwrap()], "");
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let mut keys: Vec<&String> = v["input"].as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["board", "id", "iterations", "method", "note", "p1", "p2", "seed"]);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_felt_prefixed_input_column_that_is_no_result_or_a_repeated_name_is_refused() {
    let (code, out, err) = batch(&[], "p1,p2,felt_notes\nAA,KK,x\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "felt: bad header row: column 3 (\"felt_notes\"): names starting with felt_ are reserved \
         for the result columns felt batch adds; rename this column\n"
    );
    let (code, out, err) = batch(&[], "note,p1,p2,note\nx,AA,KK,y\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("column \"note\" is named twice (columns 1 and 4)"), "{err}");
}

/// A scratch directory holding `in.csv` with the given text.
fn scratch_input(name: &str, text: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(name);
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("in.csv");
    std::fs::write(&input, text).unwrap();
    (dir, input)
}

const SMALL: &str = "p1,p2\nAhKh,QsQd\n";

#[cfg(unix)]
#[test]
fn a_hard_link_to_the_input_as_output_is_refused_and_the_input_is_untouched() {
    let (dir, input) = scratch_input("hard-link", SMALL);
    let link = dir.join("hard.csv");
    std::fs::hard_link(&input, &link).unwrap();
    let symlink = dir.join("sym.csv");
    std::os::unix::fs::symlink("in.csv", &symlink).unwrap();
    for out in [&link, &symlink] {
        felt().arg("batch").arg(&input).arg("-o").arg(out).assert().code(2).stdout("").stderr(
            format!(
                "felt: the output {} and the input {} are the same file: writing the results \
                 there would destroy the input; choose another output file\n",
                out.display(),
                input.display()
            ),
        );
        assert_eq!(std::fs::read_to_string(&input).unwrap(), SMALL);
    }
    std::fs::remove_dir_all(dir).ok();
}

#[cfg(unix)]
#[test]
fn stdin_from_the_output_file_is_refused_and_the_input_is_untouched() {
    let (dir, input) = scratch_input("stdin-is-output", SMALL);
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("felt"))
        .args(["batch", "-", "-o"])
        .arg(&input)
        .stdin(std::fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "felt: the output {} and standard input are the same file: writing the results there \
             would destroy the input; choose another output file\n",
            input.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&input).unwrap(), SMALL);
    // Standard output appending to the input file (`>> in.csv`) would read its own rows forever.
    let append = std::fs::OpenOptions::new().append(true).open(&input).unwrap();
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("felt"))
        .arg("batch")
        .arg(&input)
        .stdout(append)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("felt: standard output and the input"));
    assert_eq!(std::fs::read_to_string(&input).unwrap(), SMALL);
    std::fs::remove_dir_all(dir).ok();
}

#[cfg(unix)]
#[test]
fn an_output_through_a_symbolic_link_replaces_the_linked_file_and_keeps_the_link() {
    let (dir, input) = scratch_input("symlink-out", SMALL);
    std::fs::create_dir_all(dir.join("real")).unwrap();
    let link = dir.join("out.csv");
    std::os::unix::fs::symlink("real/out.csv", &link).unwrap();
    felt().arg("batch").arg(&input).arg("-o").arg(&link).assert().success();
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    let text = std::fs::read_to_string(dir.join("real/out.csv")).unwrap();
    assert!(text.starts_with("p1,p2,felt_p1_equity,"), "{text}");
    // Devices are written as they come: nothing to replace.
    felt().arg("batch").arg(&input).args(["-o", "/dev/null"]).assert().success().stdout("");
    std::fs::remove_dir_all(dir).ok();
}

/// The temporary files `felt batch` left in `dir`.
fn leftovers(dir: &std::path::Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".felt-tmp"))
        .collect()
}

/// Fast exact rows first (the output starts at once), then Monte Carlo rows that take minutes.
fn slow_file() -> String {
    let mut text = String::from("p1,p2,board,method,iterations\n");
    for _ in 0..40 {
        text += "AhKh,QsQd,2c7d9h,exhaustive,\n";
    }
    for _ in 0..50 {
        text += "AhKh,QQ,,monte_carlo,100000000\n";
    }
    text
}

/// Kills the child on drop, so that a failed assertion leaves no process behind.
struct Reap(std::process::Child);

impl Drop for Reap {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}

/// Whether the test process ignores `signal` (then its children do too).
#[cfg(unix)]
fn ignored(signal: u32) -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let mask = status
        .lines()
        .find_map(|l| l.strip_prefix("SigIgn:"))
        .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
        .unwrap_or(0);
    mask >> (signal - 1) & 1 == 1
}

#[cfg(unix)]
#[test]
fn an_interrupted_run_leaves_no_output_or_the_previous_one_never_a_partial_one() {
    use std::os::unix::process::ExitStatusExt;
    use std::time::{Duration, Instant};
    let (dir, input) = scratch_input("interrupted", &slow_file());
    let target = dir.join("out.csv");
    let mut signals = vec![(15, "TERM"), (9, "KILL")];
    if !ignored(2) {
        signals.push((2, "INT"));
    }
    let mut saw_partial = false;
    for (signal, name) in signals {
        // `None`: kill once the temporary file holds rows.
        for wait in [Some(0), Some(30), Some(300), None] {
            for previous in [None, Some("previous run\n")] {
                let case = format!("SIG{name} after {wait:?} ms, previous {previous:?}");
                std::fs::remove_file(&target).ok();
                leftovers(&dir).iter().for_each(|p| std::fs::remove_file(p).unwrap());
                if let Some(text) = previous {
                    std::fs::write(&target, text).unwrap();
                }
                let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("felt"))
                    .arg("batch")
                    .arg(&input)
                    .arg("-o")
                    .arg(&target)
                    .args(["--chunk-rows", "1", "--threads", "2"])
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap();
                let mut child = Reap(child);
                match wait {
                    Some(ms) => std::thread::sleep(Duration::from_millis(ms)),
                    None => {
                        let start = Instant::now();
                        while !leftovers(&dir).iter().any(|p| {
                            std::fs::read_to_string(p).unwrap_or_default().lines().count() > 3
                        }) {
                            assert!(start.elapsed() < Duration::from_secs(60), "{case}: no rows");
                            std::thread::sleep(Duration::from_millis(10));
                        }
                    }
                }
                let status = std::process::Command::new("kill")
                    .arg(format!("-{signal}"))
                    .arg(child.0.id().to_string())
                    .status()
                    .unwrap();
                assert!(status.success(), "{case}: kill failed");
                let status = child.0.wait().unwrap();
                assert_eq!(status.signal(), Some(signal), "{case}: {status}");
                // The target is exactly what it was before the run.
                match previous {
                    Some(text) => assert_eq!(std::fs::read_to_string(&target).unwrap(), text),
                    None => assert!(!target.exists(), "{case}: a partial output"),
                }
                let left = leftovers(&dir);
                if signal == 9 {
                    // SIGKILL cannot be handled: the temporary file may stay, holding the
                    // partial output that never reached the target.
                    for p in &left {
                        let text = std::fs::read_to_string(p).unwrap();
                        saw_partial |= text.lines().count() > 3;
                        assert!(text.is_empty() || text.starts_with("p1,p2,"), "{case}");
                    }
                } else {
                    assert_eq!(left, Vec::<PathBuf>::new(), "{case}: temporary file left");
                }
            }
        }
    }
    assert!(saw_partial, "no partial output was ever interrupted: the test proves nothing");
    std::fs::remove_dir_all(dir).ok();
}

#[cfg(unix)]
#[test]
fn a_run_that_fails_midway_leaves_the_previous_file_intact() {
    let mut text = String::from("p1,p2,board\n");
    for _ in 0..300 {
        text += "AhKh,QsQd,2c7d9h\n";
    }
    let (dir, input) = scratch_input("fails-midway", &text);
    let target = dir.join("out.csv");
    std::fs::write(&target, "previous run\n").unwrap();
    // A file size limit of 8 blocks (at most 8 KiB): writing fails after the first rows, with
    // "File too large" once SIGXFSZ is ignored.
    let script = format!(
        "ulimit -f 8 && trap '' XFSZ && exec '{}' batch '{}' -o '{}' --chunk-rows 10",
        assert_cmd::cargo::cargo_bin("felt").display(),
        input.display(),
        target.display()
    );
    let out = std::process::Command::new("sh").args(["-c", &script]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("felt: cannot write the output: "), "{err}");
    assert!(err.ends_with("out.csv was not written (a file already there is left as it was)\n"));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "previous run\n");
    assert_eq!(leftovers(&dir), Vec::<PathBuf>::new());
    // The whole output is far above the limit: the run did fail part way.
    let (_, full, _) = batch(&[input.to_str().unwrap()], "");
    assert!(full.len() > 16 * 1024, "{}", full.len());
    // A header that cannot be used leaves it too (it used to be emptied first).
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, "hero,villain\nAA,KK\n").unwrap();
    felt().arg("batch").arg(&bad).arg("-o").arg(&target).assert().code(2);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "previous run\n");
    assert_eq!(leftovers(&dir), Vec::<PathBuf>::new());
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn failed_rows_keep_their_error_and_the_output_file_is_still_written_with_exit_1() {
    let (dir, input) = scratch_input("failed-rows", "p1,p2\nAhKh,QsQd\nAA,\n");
    let target = dir.join("out.csv");
    std::fs::write(&target, "previous run\n").unwrap();
    felt()
        .arg("batch")
        .arg(&input)
        .arg("-o")
        .arg(&target)
        .assert()
        .code(1)
        .stderr("felt batch: 1 of 2 rows failed (see their felt_error column)\n");
    let rows = records(&std::fs::read_to_string(&target).unwrap(), b',');
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[1].last().unwrap(), "");
    assert!(rows[2].last().unwrap().starts_with("too few players: p2 is empty"));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn stderr_and_shard_flags_out_of_range_are_refused_with_their_range() {
    let stderr_range = "expected a standard error more than 0 and at most 1, such as 0.001";
    for value in ["0", "-1", "2", "NaN", "inf", "1e400", "abc", "1e-400"] {
        let (code, out, err) = batch(&[&format!("--stderr={value}")], SMALL);
        assert_eq!((code, out.as_str()), (2, ""), "--stderr {value}: {err}");
        assert!(err.contains("--stderr") && err.contains(stderr_range), "--stderr {value}: {err}");
    }
    let (code, _, err) = batch(&["--stderr", "1", "--method", "monte_carlo"], SMALL);
    assert_eq!(code, 0, "{err}");
    for (value, says) in [
        ("0/0", "N is 0, but there must be at least 1 shard"),
        ("5/3", "K is 5, but it must be from 1 to N (3)"),
        (
            "18446744073709551616/2",
            "K (\"18446744073709551616\") is not a whole number from 1 to N (2)",
        ),
        ("1/18446744073709551616", "is not a whole number from 1 to 18446744073709551615"),
        ("3", "no '/' in \"3\""),
    ] {
        let (code, out, err) = batch(&["--shard", value], SMALL);
        assert_eq!((code, out.as_str()), (2, ""), "--shard {value}: {err}");
        assert!(err.contains("--shard") && err.contains(says), "--shard {value}: {err}");
    }
}
