//! One input row: its cells read into an equity [`Query`], and what can be wrong with them.

use std::str::FromStr;

use csv::ByteRecord;
use thiserror::Error;

use super::columns::{Columns, Field};
use crate::equity::{calculate, Equity, EquityError, Game, Method, Query};
use crate::text::count;

/// Column values used where a row's cell is empty or its column is absent (from the flags
/// `--game`, `--board`, ... of `felt batch`).
#[derive(Clone, Debug, PartialEq)]
pub struct Defaults {
    /// The game.
    pub game: Game,
    /// Board cards.
    pub board: String,
    /// Dead cards.
    pub dead: String,
    /// The method.
    pub method: Method,
    /// Monte Carlo: stop after this many deals.
    pub iterations: Option<u64>,
    /// Monte Carlo: stop when every player's standard error is at most this.
    pub stderr: Option<f64>,
    /// The base seed that rows without a `seed` cell derive theirs from ([`row_seed`]).
    pub seed: u64,
}

impl Default for Defaults {
    fn default() -> Defaults {
        Defaults {
            game: Game::Holdem,
            board: String::new(),
            dead: String::new(),
            method: Method::Auto,
            iterations: None,
            stderr: None,
            seed: 0,
        }
    }
}

/// The seed of row `row` (counting data rows from 1) when its `seed` cell is empty: the
/// `row`-th output of SplitMix64 started from `base`, that is `mix(base + row *
/// 0x9E3779B97F4A7C15)` with SplitMix64's finalizer `mix`. It depends on nothing but `base`
/// and the row number, so a row gets the same numbers in any shard, chunk or thread.
///
/// ```
/// use feltkit::batch::row_seed;
/// assert_eq!(row_seed(0, 1), 0xE220_A839_7B1D_CDAF); // SplitMix64's first output from 0
/// assert_ne!(row_seed(0, 2), row_seed(0, 1));
/// ```
pub fn row_seed(base: u64, row: u64) -> u64 {
    let mut z = base.wrapping_add(row.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Why one row has no result. The message names the column (or field) and what was expected.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum RowError {
    /// The record has more or fewer fields than the header.
    #[error(
        "the row has {} but the header has {expected}{}",
        count(*.got, "field", "fields"),
        dropped(.extra)
    )]
    Fields {
        /// Fields in the record.
        got: usize,
        /// Fields in the header.
        expected: usize,
        /// The fields beyond the header's, which the output cannot hold.
        extra: Vec<String>,
    },
    /// A cell is not valid UTF-8.
    #[error("{column}: the cell is not valid UTF-8 text")]
    NotUtf8 {
        /// The column's name.
        column: String,
    },
    /// A cell is longer than [`MAX_CELL`] bytes; its start is quoted.
    #[error(
        "{column}: the cell is {length} bytes long, and a cell is at most {} bytes: {start:?}",
        MAX_CELL
    )]
    CellTooLong {
        /// The column's name.
        column: String,
        /// The cell's length in bytes.
        length: usize,
        /// Its first characters.
        start: String,
    },
    /// A cell holds a value of the wrong form.
    #[error("{column}: expected {expected}, got {got:?}")]
    Cell {
        /// The column's name.
        column: String,
        /// What the cell should hold.
        expected: &'static str,
        /// The cell's text.
        got: String,
    },
    /// `p1` or `p2` is empty.
    #[error("too few players: {column} is empty, and every row needs at least p1 and p2")]
    TooFewPlayers {
        /// The empty column.
        column: String,
    },
    /// A player cell is filled while an earlier one is empty.
    #[error("{given} is filled but {missing} is empty: players go p1, p2, ... without gaps")]
    PlayerGap {
        /// The filled column.
        given: String,
        /// The earlier, empty column.
        missing: String,
    },
    /// The engine refused the query.
    #[error("{}", equity_message(.0))]
    Equity(EquityError),
    /// The engine panicked on this row (a bug); the other rows still run.
    #[error("internal error in the equity engine (please report it): {0}")]
    Panic(String),
}

fn dropped(extra: &[String]) -> String {
    if extra.is_empty() {
        return String::new();
    }
    let cells: Vec<String> = extra.iter().map(|c| format!("{c:?}")).collect();
    format!(" (extra fields not in the output: {})", cells.join(", "))
}

/// The engine's message, led by the column it is about where that is known.
fn equity_message(e: &EquityError) -> String {
    match e {
        EquityError::Range { player, spec, error } => format!("p{player} ({spec:?}): {error}"),
        EquityError::PlayerCards { player, spec, error } => {
            format!("p{player} ({spec:?}): {error}")
        }
        EquityError::PlayerCardCount { player, spec, got, expected } => {
            format!("p{player} ({spec:?}): {}, expected {expected}", count(*got, "card", "cards"))
        }
        EquityError::EmptyRange { player, spec } => format!(
            "p{player} ({spec:?}): no combo left after removing those that use the board, dead \
             or other players' cards"
        ),
        EquityError::Board(error) => format!("board: {error}"),
        EquityError::Dead(error) => format!("dead: {error}"),
        EquityError::BoardSize { got, expected } => {
            format!("board: {}, expected {expected}", count(*got, "card", "cards"))
        }
        EquityError::UnknownGame(_) => format!("game: {e}"),
        EquityError::UnknownMethod(_) => format!("method: {e}"),
        EquityError::PlayerCount { .. } => format!("players: {e}"),
        EquityError::CardTwice { card, first, second } => {
            format!("{card} is used twice: in {} and in {}", column_of(first), column_of(second))
        }
        EquityError::TooLarge(cost) => format!(
            "method: exhaustive enumeration would need about {cost:.1e} evaluations; use \
             monte_carlo or auto"
        ),
        other => other.to_string(),
    }
}

/// The column the engine's place names refer to ("player 2" is `p2`).
fn column_of(place: &str) -> String {
    match place {
        "the board" => "board".into(),
        "the dead cards" => "dead".into(),
        p => match p.strip_prefix("player ") {
            Some(n) if n.parse::<usize>().is_ok() => format!("p{n}"),
            _ => p.to_string(),
        },
    }
}

/// The longest cell read, in bytes: a range text's limit ([`crate::range::MAX_RANGE_TEXT`]),
/// far more than any card list, number or name needs.
pub const MAX_CELL: usize = crate::range::MAX_RANGE_TEXT;

/// A row's cell for `pos`, trimmed; `""` when the column is absent or the row is short.
fn cell(record: &ByteRecord, pos: Option<usize>, field: Field) -> Result<&str, RowError> {
    let Some(bytes) = pos.and_then(|p| record.get(p)) else { return Ok("") };
    if bytes.len() > MAX_CELL {
        let start = String::from_utf8_lossy(&bytes[..64]);
        return Err(RowError::CellTooLong {
            column: field.name(),
            length: bytes.len(),
            start: crate::text::excerpt(start.trim_start(), 24),
        });
    }
    std::str::from_utf8(bytes)
        .map(str::trim)
        .map_err(|_| RowError::NotUtf8 { column: field.name() })
}

/// Reads a cell with `FromStr`; `None` when empty.
fn parsed<T: FromStr>(
    record: &ByteRecord,
    pos: Option<usize>,
    field: Field,
    expected: &'static str,
) -> Result<Option<T>, RowError> {
    let text = cell(record, pos, field)?;
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<T>().map(Some).map_err(|_| RowError::Cell {
        column: field.name(),
        expected,
        got: text.to_string(),
    })
}

/// Builds the query of data row `row` (counting from 1). Empty cells take the defaults; the
/// seed is the row's `seed` cell or else [`row_seed`]`(defaults.seed, row)`.
pub fn query(
    cols: &Columns,
    record: &ByteRecord,
    defaults: &Defaults,
    row: u64,
) -> Result<Query, RowError> {
    if record.len() != cols.names.len() {
        let extra = record
            .iter()
            .skip(cols.names.len())
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect();
        return Err(RowError::Fields { got: record.len(), expected: cols.names.len(), extra });
    }
    let mut players = Vec::with_capacity(cols.players.len());
    let mut empty: Option<usize> = None;
    for (i, &pos) in cols.players.iter().enumerate() {
        let text = cell(record, Some(pos), Field::Player(i))?;
        match (text.is_empty(), empty) {
            (true, None) => empty = Some(i),
            (true, Some(_)) => {}
            (false, Some(gap)) => {
                return Err(RowError::PlayerGap {
                    given: Field::Player(i).name(),
                    missing: Field::Player(gap).name(),
                })
            }
            (false, None) => players.push(text.to_string()),
        }
    }
    if players.len() < 2 {
        return Err(RowError::TooFewPlayers { column: Field::Player(players.len()).name() });
    }
    let game = match cell(record, cols.game, Field::Game)? {
        "" => defaults.game,
        text => text.parse().map_err(RowError::Equity)?,
    };
    let mut q = Query::new(game, players);
    q.board = match cell(record, cols.board, Field::Board)? {
        "" => defaults.board.clone(),
        text => text.to_string(),
    };
    q.dead = match cell(record, cols.dead, Field::Dead)? {
        "" => defaults.dead.clone(),
        text => text.to_string(),
    };
    q.method = match cell(record, cols.method, Field::Method)? {
        "" => defaults.method,
        text => text.parse().map_err(RowError::Equity)?,
    };
    q.iterations =
        parsed(record, cols.iterations, Field::Iterations, "a whole number of deals, at least 1")?
            .or(defaults.iterations);
    if q.iterations == Some(0) {
        return Err(RowError::Cell {
            column: Field::Iterations.name(),
            expected: "a whole number of deals, at least 1",
            got: "0".into(),
        });
    }
    let stderr = match cell(record, cols.stderr, Field::Stderr)? {
        "" => None,
        text => Some(crate::equity::stderr_target(text).map_err(|_| RowError::Cell {
            column: Field::Stderr.name(),
            expected: crate::equity::STDERR_EXPECTED,
            got: text.to_string(),
        })?),
    };
    q.stderr = stderr.or(defaults.stderr);
    q.seed = parsed(record, cols.seed, Field::Seed, "a whole number from 0 to 2^64-1")?
        .unwrap_or_else(|| row_seed(defaults.seed, row));
    Ok(q)
}

/// Builds and answers the query of one row with the engine (in the current rayon pool).
pub fn compute(
    cols: &Columns,
    record: &ByteRecord,
    defaults: &Defaults,
    row: u64,
) -> Result<Equity, RowError> {
    compute_until(cols, record, defaults, row, None)
}

/// [`compute`], stopped with [`EquityError::Stopped`] once `stop` is raised
/// ([`Query::stop`]).
pub fn compute_until(
    cols: &Columns,
    record: &ByteRecord,
    defaults: &Defaults,
    row: u64,
    stop: Option<&crate::stop::Stop>,
) -> Result<Equity, RowError> {
    let mut q = query(cols, record, defaults, row)?;
    q.stop = stop.cloned();
    calculate(&q).map_err(RowError::Equity)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cols(names: &[&str]) -> Columns {
        Columns::from_header(&ByteRecord::from(names.to_vec())).unwrap()
    }

    fn row(cells: &[&str]) -> ByteRecord {
        ByteRecord::from(cells.to_vec())
    }

    const HEAD: &[&str] = &["p1", "p2", "p3", "board", "iterations", "stderr", "seed", "game"];

    fn err(cells: &[&str]) -> String {
        query(&cols(HEAD), &row(cells), &Defaults::default(), 1).unwrap_err().to_string()
    }

    #[test]
    fn cells_override_defaults_and_empty_cells_take_them() {
        let d = Defaults {
            board: "2c7d9h".into(),
            iterations: Some(500),
            method: Method::MonteCarlo,
            seed: 9,
            ..Defaults::default()
        };
        let q = query(&cols(HEAD), &row(&["AA", " KK ", "", "", "", "", "", ""]), &d, 4).unwrap();
        assert_eq!(q.players, vec!["AA", "KK"]);
        assert_eq!((q.board.as_str(), q.iterations, q.method), ("2c7d9h", Some(500), d.method));
        assert_eq!(q.seed, row_seed(9, 4));
        let q = query(
            &cols(HEAD),
            &row(&["AA", "KK", "QQ", "Ah2c3d", "7", "0.01", "42", "holdem"]),
            &d,
            4,
        )
        .unwrap();
        assert_eq!(
            (q.board.as_str(), q.iterations, q.stderr, q.seed),
            ("Ah2c3d", Some(7), Some(0.01), 42)
        );
        assert_eq!(q.players.len(), 3);
    }

    #[test]
    fn derived_seeds_differ_by_row_and_base() {
        assert_eq!(row_seed(0, 1), 0xE220_A839_7B1D_CDAF);
        assert_eq!(row_seed(0, 2), 0x6E78_9E6A_A1B9_65F4);
        assert_ne!(row_seed(1, 1), row_seed(0, 1));
    }

    #[test]
    fn bad_numbers_name_the_column_and_what_was_expected() {
        // The cells of p1, p2, p3, board, iterations, stderr, seed and game.
        for (cells, message) in [
            (
                ["AA", "KK", "", "", "ten", "", "", ""],
                "iterations: expected a whole number of deals, at least 1, got \"ten\"",
            ),
            (
                ["AA", "KK", "", "", "0", "", "", ""],
                "iterations: expected a whole number of deals, at least 1, got \"0\"",
            ),
            (
                ["AA", "KK", "", "", "", "-1", "", ""],
                "stderr: expected a standard error more than 0 and at most 1, such as 0.001, got \"-1\"",
            ),
            (
                ["AA", "KK", "", "", "", "", "x1", ""],
                "seed: expected a whole number from 0 to 2^64-1, got \"x1\"",
            ),
        ] {
            assert_eq!(err(&cells), message);
        }
        for bad in ["0", "1.5", "inf", "NaN", "1e-400"] {
            assert!(
                err(&["AA", "KK", "", "", "", bad, "", ""]).starts_with("stderr: expected"),
                "{bad}"
            );
        }
        assert!(err(&["AA", "KK", "", "", "", "", "", "omaha9"]).starts_with("game: unknown game"));
    }

    #[test]
    fn players_must_be_at_least_two_without_gaps() {
        assert_eq!(
            err(&["AA", "", "", "", "", "", "", ""]),
            "too few players: p2 is empty, and every row needs at least p1 and p2"
        );
        assert_eq!(
            err(&["AA", "", "QQ", "", "", "", "", ""]),
            "p3 is filled but p2 is empty: players go p1, p2, ... without gaps"
        );
    }

    #[test]
    fn a_record_of_the_wrong_length_keeps_its_extra_fields_in_the_message() {
        assert_eq!(err(&["AA", "KK"]), "the row has 2 fields but the header has 8");
        assert_eq!(err(&["AA"]), "the row has 1 field but the header has 8");
        let long = ["AA", "KK", "", "", "", "", "", "", "x", "y,z"];
        assert_eq!(
            err(&long),
            "the row has 10 fields but the header has 8 (extra fields not in the output: \"x\", \"y,z\")"
        );
    }

    #[test]
    fn engine_errors_lead_with_the_column() {
        let c = cols(HEAD);
        let d = Defaults::default();
        let e = compute(&c, &row(&["AA", "KK+,AQx", "", "", "", "", "", ""]), &d, 1).unwrap_err();
        assert!(e.to_string().starts_with("p2 (\"KK+,AQx\"): range token 2"), "{e}");
        let e = compute(&c, &row(&["AhKh", "AhQd", "", "", "", "", "", ""]), &d, 1).unwrap_err();
        assert_eq!(e.to_string(), "Ah is used twice: in p1 and in p2");
        let e =
            compute(&c, &row(&["AhKh", "QQ", "", "Ah2c3c", "", "", "", ""]), &d, 1).unwrap_err();
        assert_eq!(e.to_string(), "Ah is used twice: in board and in p1");
        let huge = Defaults { method: Method::Exhaustive, ..Defaults::default() };
        let ten: Vec<&str> = vec!["random"; 10];
        let c10 = cols(&["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"]);
        let e = compute(&c10, &row(&ten), &huge, 1).unwrap_err();
        assert!(e.to_string().starts_with("method: exhaustive enumeration would need"), "{e}");
        let e = compute(&c, &row(&["AA", "KK", "", "2c3c", "", "", "", ""]), &d, 1).unwrap_err();
        assert_eq!(e.to_string(), "board: 2 cards, expected 0, 3, 4 or 5");
        let bad = ByteRecord::from(vec![&b"AA"[..], b"\xff", b"", b"", b"", b"", b"", b""]);
        assert_eq!(
            compute(&c, &bad, &d, 1).unwrap_err().to_string(),
            "p2: the cell is not valid UTF-8 text"
        );
    }
}
