//! Equity queries built from mutated text, one batch row at a time, and whole batch runs.
//!
//! Every query runs on a tiny budget: Monte Carlo with at most 512 deals, exhaustive
//! enumeration only when its estimated cost is small (the rest switch to Monte Carlo), so a
//! target answers hundreds of queries per second. Settings outside the library's ranges are
//! left as written, so the engine's refusals are exercised too.

use std::time::Duration;

use csv::ByteRecord;
use feltkit::batch::{self, query, Columns, Config, Defaults, OutputFormat};
use feltkit::equity::{
    calculate, calculate_with, plan, Equity, Game, Method, Options, Query, EXHAUSTIVE_LIMIT,
    MAX_ITERATIONS,
};

use super::{key, shape, Check, Data, Target};

/// The largest estimated exhaustive cost a target runs (about a millisecond of work).
const SMALL_COST: f64 = 3e5;

/// The most Monte Carlo deals a target runs.
const SMALL_DEALS: u64 = 512;

/// Words of queries and batch files.
const WORDS: &[&str] = &[
    "holdem",
    "nlhe",
    "turnover",
    "stud7",
    "stud",
    "americana",
    "texas-hold'em",
    "auto",
    "exhaustive",
    "monte_carlo",
    "mc",
    "exact",
    "AhKh",
    "QsQd",
    "QQ+,AKs",
    "JJ-99,AQs",
    "random",
    "15%",
    "AKo:0.5",
    "2c7d9h",
    "Kd8h2c",
    "Jc7c2d5s",
    "AsAd",
    "7s8s9s",
    "AhKhQh",
    "??",
    "p1",
    "p2",
    "p3",
    "p10",
    "p11",
    "p01",
    "board",
    "dead",
    "game",
    "method",
    "iterations",
    "stderr",
    "seed",
    "0.001",
    "0",
    "1e-300",
    "\"",
    "\"\"",
    ",",
    "\t",
    "\n",
    "\r\n",
    "\u{feff}",
];

/// `equity`: a query from `key=value` lines.
pub const EQUITY: Target = Target {
    name: "equity",
    about: "equity queries (Query::parse, plan, calculate) from key=value lines, tiny budgets: \
            equities in [0,1] summing to 1, win and tie fractions consistent, Monte Carlo \
            repeatable from its seed on any thread count",
    text: true,
    words: WORDS,
    seeds: |data| {
        let mut seeds: Vec<Vec<u8>> = [
            "game=holdem\np=AhKh\np=QsQd\nmethod=monte_carlo\niterations=100\nseed=1",
            "game=holdem\np=QQ+,AKs\np=JJ-99,AQs\nboard=Kd8h2c\nmethod=exhaustive",
            "game=holdem\np=AsAh\np=KdKc\np=QsQd\nboard=2c7d9hTs",
            "game=turnover\np=AhKhQh\np=2c2d2h\nboard=7s8s9s",
            "game=stud7\np=AhAd\np=KsKc7d\nmethod=mc\niterations=64",
            "game=americana\np=AhAd\np=KsKc\ndead=7c",
            "game=holdem\np=random\np=random\np=AhKh\nstderr=0.01",
            "game=holdem\np=AhKh\np=random\ntime_ms=5",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
        for f in &data.fixtures {
            let cells: Vec<&str> = f.split(" | ").map(str::trim).collect();
            if let [game, players, board, dead, ..] = cells.as_slice() {
                let mut s = format!("game={game}\nboard={board}\ndead={dead}\n");
                for p in players.split(';') {
                    s.push_str(&format!("p={p}\n"));
                }
                seeds.push(s.into_bytes());
            }
        }
        seeds
    },
    check: check_equity,
};

fn check_equity(input: &[u8]) -> Check {
    let text = super::as_text(input);
    let mut q = Query::new::<String>(Game::Holdem, []);
    let mut time_ms: Option<u64> = None;
    for line in text.lines() {
        let Some((k, v)) = line.split_once('=') else { continue };
        match k {
            "game" => match v.parse() {
                Ok(g) => q.game = g,
                Err(e) => return Ok(key(shape(&format!("{e}")))),
            },
            "method" => match v.parse() {
                Ok(m) => q.method = m,
                Err(e) => return Ok(key(shape(&format!("{e}")))),
            },
            "p" => q.players.push(v.to_string()),
            "board" => q.board = v.to_string(),
            "dead" => q.dead = v.to_string(),
            "iterations" => q.iterations = v.parse().ok(),
            "stderr" => q.stderr = v.parse().ok(),
            "seed" => q.seed = v.parse().unwrap_or(0),
            "time_ms" => time_ms = v.parse().ok(),
            _ => {}
        }
    }
    q.time = time_ms.map(Duration::from_millis);
    let repeat = input.len().is_multiple_of(16);
    answer(q, repeat).map(key)
}

/// Runs a query on a small budget and checks the answer; returns the behaviour's shape.
fn answer(mut q: Query, repeat: bool) -> Result<String, String> {
    let planned = plan(&q);
    let cost = planned.as_ref().map_or(0.0, |p| p.1);
    if !cost.is_finite() || cost < 0.0 {
        return Err(format!("plan gives the cost {cost} for {q:?}"));
    }
    if let Ok((m, _)) = planned {
        if m == Method::Auto {
            return Err(format!("plan chose Auto for {q:?}"));
        }
        // Exhaustive beyond a day is refused by the library; keep those to check the refusal.
        let refused = q.method == Method::Exhaustive && cost > EXHAUSTIVE_LIMIT;
        if m == Method::Exhaustive && cost > SMALL_COST && !refused {
            q.method = Method::MonteCarlo;
        }
    }
    match q.iterations {
        Some(n) if (1..=MAX_ITERATIONS).contains(&n) => q.iterations = Some(1 + n % SMALL_DEALS),
        Some(_) => {}
        None => q.iterations = Some(1 + q.seed % SMALL_DEALS),
    }
    if let Some(t) = q.time {
        if t > Duration::from_millis(20) && t <= feltkit::equity::MAX_TIME {
            q.time = Some(Duration::from_millis(20));
        }
    }
    let result = calculate(&q);
    if let (Err(e), Ok(_)) = (&planned, &result) {
        return Err(format!("plan refuses the query ({e}) but calculate answers it: {q:?}"));
    }
    let e = match result {
        Ok(e) => e,
        Err(e) => return Ok(shape(&e.to_string())),
    };
    consistent(&q, &e)?;
    if repeat && q.method != Method::Exhaustive && q.time.is_none() {
        let two = calculate_with(&q, &Options { threads: Some(2), progress: None })
            .map_err(|e| format!("the same query fails on two threads: {e}"))?;
        if two != e {
            return Err(format!("Monte Carlo gives other numbers on two threads for {q:?}"));
        }
    }
    Ok(format!("{:?} {} {}", e.method, q.game, e.players.len()))
}

/// The invariants of an answer.
fn consistent(q: &Query, e: &Equity) -> Result<(), String> {
    let what = || format!("{q:?}");
    if e.players.len() != q.players.len() {
        return Err(format!(
            "{} players asked, {} answered: {}",
            q.players.len(),
            e.players.len(),
            what()
        ));
    }
    if e.deals == 0 || e.total == 0 || e.method == Method::Auto {
        return Err(format!(
            "{} deals, total {}, method {:?}: {}",
            e.deals,
            e.total,
            e.method,
            what()
        ));
    }
    if e.method == Method::MonteCarlo && q.iterations.is_some_and(|n| e.deals > n) {
        return Err(format!(
            "{} deals, more than the {:?} asked: {}",
            e.deals,
            q.iterations,
            what()
        ));
    }
    let unit = |x: f64| x.is_finite() && (-1e-12..=1.0 + 1e-12).contains(&x);
    let mut sum = 0.0;
    for (i, p) in e.players.iter().enumerate() {
        if !unit(p.equity) || !unit(p.win) || !unit(p.tie) {
            return Err(format!(
                "player {}: equity {}, win {}, tie {}: {}",
                i + 1,
                p.equity,
                p.win,
                p.tie,
                what()
            ));
        }
        if p.win + p.tie > 1.0 + 1e-9 || p.equity + 1e-9 < p.win || p.equity > p.win + p.tie + 1e-9
        {
            return Err(format!(
                "player {}: equity {} is not between win {} and win + tie {}: {}",
                i + 1,
                p.equity,
                p.win,
                p.win + p.tie,
                what()
            ));
        }
        if p.wins > e.total || p.ties > e.total {
            return Err(format!(
                "player {}: {} wins and {} ties of {}: {}",
                i + 1,
                p.wins,
                p.ties,
                e.total,
                what()
            ));
        }
        match (e.method, p.stderr) {
            (Method::Exhaustive, None) => {}
            (Method::MonteCarlo, Some(se)) if !se.is_nan() && se >= 0.0 => {}
            // From fewer than two deals a standard error is unknown.
            (Method::MonteCarlo, None) if e.deals < 2 => {}
            (m, se) => {
                return Err(format!("player {}: {m:?} with stderr {se:?}: {}", i + 1, what()))
            }
        }
        sum += p.equity;
    }
    if (sum - 1.0).abs() > 1e-6 {
        return Err(format!("equities sum to {sum}: {}", what()));
    }
    Ok(())
}

/// `batch_row`: one CSV header and a few rows, each read into a query and answered.
pub const BATCH_ROW: Target = Target {
    name: "batch_row",
    about: "batch rows (Columns::from_header, batch::query) from CSV bytes, invalid UTF-8 \
            included; each query answered on a tiny budget with the equity invariants",
    text: false,
    words: WORDS,
    seeds: csv_seeds,
    check: check_batch_row,
};

fn csv_seeds(data: &Data) -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = [
        "p1,p2,board\nAhKh,QsQd,2c7d9h\n",
        "p1,p2,p3,game,iterations,seed\nAhKh,QsQd,,holdem,100,7\n",
        "game,p1,p2,method\nturnover,AhKhQh,2c2d2h,mc\nstud7,AhAd,KsKc7d,\n",
        "p1\tp2\tdead\nQQ+,AKs\tJJ-99\t7c\n",
        "p1,p2,stderr,iterations\n\"QQ+,AKs\",\"JJ-99,AQs\",0.01,50\n",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    for csv in &data.csv {
        let mut lines = csv.lines();
        let Some(header) = lines.next() else { continue };
        seeds.push(csv.as_bytes().to_vec());
        for row in lines {
            seeds.push(format!("{header}\n{row}\n").into_bytes());
        }
    }
    seeds
}

fn reader(input: &[u8], delimiter: u8) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(input)
}

fn small_defaults() -> Defaults {
    Defaults { iterations: Some(32), seed: 1, ..Defaults::default() }
}

fn check_batch_row(input: &[u8]) -> Check {
    let delimiter = if input.contains(&b'\t') && !input.contains(&b',') { b'\t' } else { b',' };
    let mut r = reader(input, delimiter);
    let mut header = ByteRecord::new();
    match r.read_byte_record(&mut header) {
        Ok(true) => {}
        Ok(false) => return Ok(key("empty")),
        Err(e) => return Ok(key(shape(&e.to_string()))),
    }
    let cols = match Columns::from_header(&header) {
        Ok(c) => c,
        Err(e) => return Ok(key(shape(&e.to_string()))),
    };
    let _ = cols.output_header(true);
    let defaults = small_defaults();
    let mut outcome = Vec::new();
    let mut record = ByteRecord::new();
    for row in 1..=6u64 {
        match r.read_byte_record(&mut record) {
            Ok(true) => {}
            _ => break,
        }
        match query(&cols, &record, &defaults, row) {
            Ok(q) => {
                if q.players.len() < 2 || q.players.len() > cols.players.len() {
                    return Err(format!(
                        "{} players from {} player columns",
                        q.players.len(),
                        cols.players.len()
                    ));
                }
                outcome.push(answer(q, false)?);
            }
            Err(e) => outcome.push(shape(&e.to_string())),
        }
    }
    // The set of the rows' kinds of outcome (the first two words), not their order or detail:
    // rows mix freely, and every mix would look new.
    for o in &mut outcome {
        *o = o.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    }
    outcome.sort();
    outcome.dedup();
    Ok(key(outcome))
}

/// `batch_run`: `batch::run` on a whole file, checked against answering each row directly.
pub const BATCH_RUN: Target = Target {
    name: "batch_run",
    about: "whole batch runs (batch::run, CSV and JSON lines, small chunks): the output has one \
            well-formed record per row, and a row has an error exactly when answering it \
            directly fails; no row reaches the engine's panic guard",
    text: false,
    words: WORDS,
    seeds: csv_seeds,
    check: check_batch_run,
};

fn check_batch_run(input: &[u8]) -> Check {
    let choice = input.iter().fold(0usize, |a, &b| a.wrapping_mul(31).wrapping_add(usize::from(b)));
    let delimiter = if input.contains(&b'\t') && !input.contains(&b',') { b'\t' } else { b',' };
    let defaults = small_defaults();
    // Answer each row directly first; inputs with a costly row are skipped.
    let mut r = reader(input, delimiter);
    let mut header = ByteRecord::new();
    let cols = match r.read_byte_record(&mut header) {
        Ok(true) => Columns::from_header(&header).ok(),
        _ => None,
    };
    let mut direct = Vec::new();
    if let Some(cols) = &cols {
        for record in r.byte_records() {
            let Ok(record) = record else { break };
            if direct.len() == 12 {
                return Ok(key("too many rows"));
            }
            let row = direct.len() as u64 + 1;
            let q = query(cols, &record, &defaults, row);
            if let Ok(q) = &q {
                let (m, cost) = plan(q).unwrap_or((Method::MonteCarlo, 0.0));
                let mc_deals = q.iterations.unwrap_or(u64::MAX);
                let costly = match m {
                    Method::Exhaustive => cost > SMALL_COST && cost <= EXHAUSTIVE_LIMIT,
                    _ => mc_deals > 4 * SMALL_DEALS && mc_deals <= MAX_ITERATIONS,
                };
                if costly {
                    return Ok(key("costly"));
                }
            }
            direct.push(q.map_err(|_| ()).and_then(|q| calculate(&q).map_err(|_| ())).is_ok());
        }
    }
    let format = if choice % 3 == 0 {
        OutputFormat::JsonLines
    } else {
        OutputFormat::Csv { delimiter: b',' }
    };
    let config = Config {
        defaults,
        delimiter,
        format,
        row_column: choice % 2 == 0,
        chunk_rows: 1 + choice % 4,
        ..Config::default()
    };
    let mut out = Vec::new();
    let summary = match batch::run(input, &mut out, &config, None) {
        Ok(s) => s,
        Err(e @ batch::BatchError::Write(_)) => {
            return Err(format!(
                "writing to memory failed: {e} ({:?})",
                std::error::Error::source(&e)
            ))
        }
        Err(e) => return Ok(key(shape(&e.to_string()))),
    };
    let Some(cols) = cols else {
        return Err("batch::run accepted a header that Columns refuses".into());
    };
    if summary.read != direct.len() as u64
        || summary.rows != summary.read
        || summary.failed > summary.rows
    {
        return Err(format!("summary {summary:?}, but the input has {} rows", direct.len()));
    }
    let errors = match format {
        OutputFormat::JsonLines => json_errors(&out)?,
        OutputFormat::Csv { .. } => csv_errors(&out, &cols, config.row_column)?,
    };
    if errors.len() as u64 != summary.rows {
        return Err(format!("{} output rows for {} rows read", errors.len(), summary.rows));
    }
    for (i, (error, ok)) in errors.iter().zip(&direct).enumerate() {
        if error.contains("internal error") {
            return Err(format!("row {}: {error}", i + 1));
        }
        if error.is_empty() != *ok {
            return Err(format!(
                "row {}: the batch says {error:?}, answering it directly {}",
                i + 1,
                if *ok { "works" } else { "fails" }
            ));
        }
    }
    let failed = errors.iter().filter(|e| !e.is_empty()).count() as u64;
    if failed != summary.failed {
        return Err(format!("{failed} rows with errors, the summary says {}", summary.failed));
    }
    Ok(key(("ran", direct.len().min(4), failed.min(3))))
}

/// The error column of each CSV output row; the header and widths checked.
fn csv_errors(out: &[u8], cols: &Columns, row_column: bool) -> Result<Vec<String>, String> {
    let mut r = reader(out, b',');
    let mut records = r.byte_records();
    let header = match records.next() {
        Some(Ok(h)) => h,
        other => return Err(format!("the output has no header: {other:?}")),
    };
    let mut expected = cols.output_header(row_column);
    // Reading the output back, the csv crate drops the byte-order mark that opens it (the
    // first input name may start with one when blank lines came before it).
    if out.starts_with("\u{feff}".as_bytes()) {
        expected[0] = expected[0].strip_prefix('\u{feff}').unwrap_or(&expected[0]).to_string();
    }
    let got: Vec<String> = header.iter().map(|c| String::from_utf8_lossy(c).into_owned()).collect();
    if got != expected {
        return Err(format!("the output header is {header:?}, expected {expected:?}"));
    }
    let mut errors = Vec::new();
    for rec in records {
        let rec = rec.map_err(|e| format!("the output does not read back as CSV: {e}"))?;
        if rec.len() != expected.len() {
            return Err(format!(
                "an output row has {} fields, the header {}",
                rec.len(),
                expected.len()
            ));
        }
        errors.push(String::from_utf8_lossy(&rec[rec.len() - 1]).into_owned());
    }
    Ok(errors)
}

/// The `error` of each JSON line (empty for null).
fn json_errors(out: &[u8]) -> Result<Vec<String>, String> {
    let text = std::str::from_utf8(out).map_err(|e| format!("JSON output is not UTF-8: {e}"))?;
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line)
                .map_err(|e| format!("an output line is not JSON ({e}): {line}"))?;
            match &v["error"] {
                serde_json::Value::Null => Ok(String::new()),
                serde_json::Value::String(s) => Ok(s.clone()),
                other => Err(format!("`error` is {other}")),
            }
        })
        .collect()
}
