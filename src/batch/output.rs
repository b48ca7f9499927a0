//! Writing results: CSV/TSV rows (input cells, then results) or JSON lines.
//!
//! CSV columns are named as [`Columns::output_header`] says (results prefixed `felt_`). A
//! JSON line keeps the input under its own key, so its keys never meet the input's names:
//! `{"row", "input": {column: cell}, "players", "method", "deals", "stderr", "error"}`; the
//! `input` object holds the carried columns only (not an earlier run's `felt_` results), whose
//! names are unique.

use std::fmt::Write as _;
use std::io::{self, Write};

use csv::ByteRecord;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::columns::Columns;
use super::row::RowError;
use crate::equity::Equity;

/// How results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    /// A header, then one delimited record per input row.
    Csv {
        /// The field delimiter (`b','` or `b'\t'`).
        delimiter: u8,
    },
    /// One JSON object per input row, no header.
    JsonLines,
}

/// One processed input row.
#[derive(Clone, Debug)]
pub struct AnsweredRow {
    /// The data row number, counting from 1.
    pub row: u64,
    /// The input record as read.
    pub record: ByteRecord,
    /// The engine's answer or why there is none.
    pub result: Result<Equity, RowError>,
}

impl AnsweredRow {
    /// The largest player standard error (Monte Carlo), the number the stopping rule checks.
    pub fn stderr(e: &Equity) -> Option<f64> {
        e.players.iter().filter_map(|p| p.stderr).reduce(f64::max)
    }
}

/// Writes outcomes in one format, header first.
pub struct Output<W: Write> {
    sink: Sink<W>,
    /// The carried input columns: (position in the record, name).
    carried: Vec<(usize, String)>,
    players: usize,
    row_column: bool,
}

enum Sink<W: Write> {
    Csv(Box<csv::Writer<W>>),
    Json(io::BufWriter<W>),
}

/// A CSV writer's error as an I/O error, keeping its kind (a broken pipe stays one).
fn io_error(e: csv::Error) -> io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("CSV output: {other:?}")),
    }
}

impl<W: Write> Output<W> {
    /// Starts the output for these columns and writes the CSV header.
    pub fn new(
        w: W,
        format: OutputFormat,
        cols: &Columns,
        row_column: bool,
    ) -> io::Result<Output<W>> {
        let sink = match format {
            OutputFormat::Csv { delimiter } => {
                let mut csv = csv::WriterBuilder::new().delimiter(delimiter).from_writer(w);
                csv.write_record(cols.output_header(row_column)).map_err(io_error)?;
                Sink::Csv(Box::new(csv))
            }
            OutputFormat::JsonLines => Sink::Json(io::BufWriter::with_capacity(1 << 16, w)),
        };
        Ok(Output {
            sink,
            carried: cols.carried.iter().map(|&i| (i, cols.names[i].clone())).collect(),
            players: cols.players.len(),
            row_column,
        })
    }

    /// Writes one outcome.
    pub fn write(&mut self, o: &AnsweredRow) -> io::Result<()> {
        match &mut self.sink {
            Sink::Csv(csv) => {
                write_csv(csv, o, &self.carried, self.players, self.row_column).map_err(io_error)
            }
            Sink::Json(w) => {
                serde_json::to_writer(&mut *w, &JsonRow::new(o, &self.carried))?;
                w.write_all(b"\n")
            }
        }
    }

    /// Flushes buffered output.
    pub fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Csv(csv) => csv.flush(),
            Sink::Json(w) => w.flush(),
        }
    }
}

/// One CSV record: the carried input cells (empty where the record is short), then the
/// results.
fn write_csv<W: Write>(
    csv: &mut csv::Writer<W>,
    o: &AnsweredRow,
    carried: &[(usize, String)],
    players: usize,
    row_column: bool,
) -> csv::Result<()> {
    let mut num = String::new();
    if row_column {
        write!(num, "{}", o.row).ok();
        csv.write_field(&num)?;
    }
    for &(i, _) in carried {
        csv.write_field(o.record.get(i).unwrap_or(b""))?;
    }
    match &o.result {
        Ok(e) => {
            for p in 0..players {
                match e.players.get(p) {
                    Some(pe) => {
                        for x in [pe.equity, pe.win, pe.tie] {
                            num.clear();
                            write!(num, "{x}").ok();
                            csv.write_field(&num)?;
                        }
                    }
                    None => (0..3).try_for_each(|_| csv.write_field(""))?,
                }
            }
            csv.write_field(e.method.name())?;
            num.clear();
            write!(num, "{}", e.deals).ok();
            csv.write_field(&num)?;
            num.clear();
            if let Some(se) = AnsweredRow::stderr(e) {
                write!(num, "{se}").ok();
            }
            csv.write_field(&num)?;
            csv.write_field("")?;
        }
        Err(err) => {
            for _ in 0..3 * players + 3 {
                csv.write_field("")?;
            }
            csv.write_field(err.to_string())?;
        }
    }
    csv.write_record(None::<&[u8]>)
}

/// One JSON line: `{"row", "input": {name: cell}, "players": [{equity, win, tie}], "method",
/// "deals", "stderr", "error"}` with nulls where a value is absent; players of the high-low
/// games also have `scoop`, `high` and `low`.
#[derive(Serialize)]
struct JsonRow<'a> {
    row: u64,
    input: JsonInput<'a>,
    players: Option<Vec<JsonPlayer>>,
    method: Option<&'static str>,
    deals: Option<u64>,
    stderr: Option<f64>,
    error: Option<String>,
}

/// The carried input cells, in column order (not the sorted order of a JSON map).
struct JsonInput<'a> {
    record: &'a ByteRecord,
    carried: &'a [(usize, String)],
}

impl Serialize for JsonInput<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.carried.len()))?;
        for (i, name) in self.carried {
            map.serialize_entry(
                name,
                &String::from_utf8_lossy(self.record.get(*i).unwrap_or(b"")),
            )?;
        }
        map.end()
    }
}

/// One player's shares; `scoop`, `high` and `low` only in the high-low games.
#[derive(Serialize)]
struct JsonPlayer {
    equity: f64,
    win: f64,
    tie: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    scoop: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    high: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    low: Option<f64>,
}

impl<'a> JsonRow<'a> {
    fn new(o: &'a AnsweredRow, carried: &'a [(usize, String)]) -> JsonRow<'a> {
        let input = JsonInput { record: &o.record, carried };
        match &o.result {
            Ok(e) => JsonRow {
                row: o.row,
                input,
                players: Some(
                    e.players
                        .iter()
                        .map(|p| JsonPlayer {
                            equity: p.equity,
                            win: p.win,
                            tie: p.tie,
                            scoop: p.hilo.map(|h| h.scoop),
                            high: p.hilo.map(|h| h.high),
                            low: p.hilo.map(|h| h.low),
                        })
                        .collect(),
                ),
                method: Some(e.method.name()),
                deals: Some(e.deals),
                // JSON has no infinity (one deal has no standard error): null, as for
                // exhaustive.
                stderr: AnsweredRow::stderr(e).filter(|se| se.is_finite()),
                error: None,
            },
            Err(err) => JsonRow {
                row: o.row,
                input,
                players: None,
                method: None,
                deals: None,
                stderr: None,
                error: Some(err.to_string()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::{calculate, Game, Query};

    fn cols() -> Columns {
        Columns::from_header(&ByteRecord::from(vec!["p1", "p2", "note"])).unwrap()
    }

    fn outcomes() -> Vec<AnsweredRow> {
        let mut q = Query::new(Game::Holdem, ["AhKh", "QsQd"]);
        q.board = "2c7d9h".into();
        let ok = AnsweredRow {
            row: 1,
            record: ByteRecord::from(vec!["AhKh", "QsQd", "a, \"b\""]),
            result: Ok(calculate(&q).unwrap()),
        };
        let bad = AnsweredRow {
            row: 2,
            record: ByteRecord::from(vec!["AA"]),
            result: Err(RowError::TooFewPlayers { column: "p2".into() }),
        };
        vec![ok, bad]
    }

    fn written(format: OutputFormat, row_column: bool) -> String {
        let mut buf = Vec::new();
        let mut out = Output::new(&mut buf, format, &cols(), row_column).unwrap();
        for o in outcomes() {
            out.write(&o).unwrap();
        }
        out.flush().unwrap();
        drop(out);
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn csv_rows_keep_the_input_cells_and_pad_short_records() {
        let text = written(OutputFormat::Csv { delimiter: b',' }, true);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "felt_row,p1,p2,note,felt_p1_equity,felt_p1_win,felt_p1_tie,felt_p2_equity,felt_p2_win,\
             felt_p2_tie,felt_method,felt_deals,felt_stderr,felt_error"
        );
        assert!(lines[1].starts_with("1,AhKh,QsQd,\"a, \"\"b\"\"\",0."), "{}", lines[1]);
        assert!(lines[1].ends_with(",exhaustive,990,,"), "{}", lines[1]);
        assert_eq!(
            lines[2],
            "2,AA,,,,,,,,,,,,\"too few players: p2 is empty, and every row needs at least p1 and p2\""
        );
        assert_eq!(lines.len(), 3);
    }

    #[test]
    fn json_lines_are_valid_json_with_every_key() {
        let text = written(OutputFormat::JsonLines, false);
        let rows: Vec<serde_json::Value> =
            text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(rows[0]["row"], 1);
        assert_eq!(rows[0]["input"]["note"], "a, \"b\"");
        assert_eq!(rows[0]["deals"], 990);
        assert_eq!(rows[0]["stderr"], serde_json::Value::Null);
        let sum = rows[0]["players"][0]["equity"].as_f64().unwrap()
            + rows[0]["players"][1]["equity"].as_f64().unwrap();
        assert!((sum - 1.0).abs() < 1e-12);
        assert_eq!(rows[1]["players"], serde_json::Value::Null);
        assert_eq!(rows[1]["input"]["p2"], "");
        assert!(rows[1]["error"].as_str().unwrap().starts_with("too few players"));
    }

    #[test]
    fn earlier_results_are_left_out_of_csv_rows_and_json_input() {
        let header = ["p1", "felt_p1_equity", "p2", "note", "felt_error"];
        let cols = Columns::from_header(&ByteRecord::from(header.to_vec())).unwrap();
        let mut o = outcomes().remove(0);
        o.record = ByteRecord::from(vec!["AhKh", "0.1", "QsQd", "n", "old error"]);
        let mut buf = Vec::new();
        let mut out =
            Output::new(&mut buf, OutputFormat::Csv { delimiter: b',' }, &cols, false).unwrap();
        out.write(&o).unwrap();
        drop(out);
        let text = String::from_utf8(buf).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("p1,p2,note,felt_p1_equity,"), "{}", lines[0]);
        assert!(lines[1].starts_with("AhKh,QsQd,n,0."), "{}", lines[1]);
        assert!(!text.contains("old error") && !text.contains(",0.1,"), "{text}");
        let mut buf = Vec::new();
        let mut out = Output::new(&mut buf, OutputFormat::JsonLines, &cols, false).unwrap();
        out.write(&o).unwrap();
        drop(out);
        let v: serde_json::Value = serde_json::from_slice(&buf).unwrap();
        let keys: Vec<&String> = v["input"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["note", "p1", "p2"]); // serde_json sorts keys
        assert_eq!(v["error"], serde_json::Value::Null);
    }
}
