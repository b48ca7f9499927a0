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

/// A scratch path unique to this test process.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("felt-batch-{}-{name}", std::process::id()))
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
        "felt: bad header row: no p1 column: the header must name at least the columns p1 and p2\n"
    );
    let (code, _, err) = batch(&[], "p1,p3\nAA,KK\n");
    assert_eq!(code, 2);
    assert!(err.contains("no p2 column"), "{err}");
    let (code, _, err) = batch(&["--game", "omaha"], "p1,p2\nAA,KK\n");
    assert_eq!(code, 2);
    assert!(err.contains("unknown game \"omaha\""), "{err}");
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
        "felt: bad header row: no p1 column: the header row contains tabs, so the input looks \
         tab-separated: give `--delimiter tab` (or a file name ending in .tsv); the header must \
         name at least the columns p1 and p2\n"
    );
    // The hint is right: with it the same input runs.
    let (code, out, _) = batch(&["--delimiter", "tab"], tsv);
    assert_eq!(code, 0);
    assert!(out.starts_with("id\tp1\tp2\tfelt_p1_equity"), "{out}");
    // A header without tabs keeps the plain message.
    let (code, _, err) = batch(&[], "id;p1;p2\n1;AA;KK\n");
    assert_eq!(code, 2);
    assert!(err.ends_with("no p1 column: the header must name at least the columns p1 and p2\n"));
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
