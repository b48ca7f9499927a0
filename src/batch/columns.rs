//! The header row: which column holds each player and each setting, and the output header.
//!
//! The names of the output columns, and why they cannot collide, are described in the
//! [`batch`](super) module's documentation.

use csv::ByteRecord;
use thiserror::Error;

/// The most players a row can name (`p1` to `p10`).
pub const MAX_PLAYERS: usize = 10;

/// The prefix of every column name `felt batch` adds, reserved in its input.
pub const RESULT_PREFIX: &str = "felt_";

/// The result columns after the per-player ones, without [`RESULT_PREFIX`].
const RESULT_TAIL: [&str; 4] = ["method", "deals", "stderr", "error"];

/// The per-player result columns, without [`RESULT_PREFIX`] and the player (`p1_`).
const PLAYER_RESULTS: [&str; 3] = ["equity", "win", "tie"];

/// Whether `name` (trimmed, any case) is a column `felt batch` writes: `felt_row`,
/// `felt_p<n>_equity`, `felt_p<n>_win`, `felt_p<n>_tie` for `n` from 1 to 10, `felt_method`,
/// `felt_deals`, `felt_stderr` or `felt_error`.
pub fn is_result_name(name: &str) -> bool {
    let lower = name.trim().to_ascii_lowercase();
    let Some(rest) = lower.strip_prefix(RESULT_PREFIX) else { return false };
    if rest == "row" || RESULT_TAIL.contains(&rest) {
        return true;
    }
    rest.split_once('_').is_some_and(|(player, what)| {
        matches!(player_number(player), Some(Ok(_))) && PLAYER_RESULTS.contains(&what)
    })
}

/// Whether `name` (trimmed, any case) starts with [`RESULT_PREFIX`].
fn is_reserved(name: &str) -> bool {
    let name = name.trim().as_bytes();
    name.len() >= RESULT_PREFIX.len()
        && name[..RESULT_PREFIX.len()].eq_ignore_ascii_case(RESULT_PREFIX.as_bytes())
}

/// Why a header row cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HeaderError {
    /// The input has no header row (it is empty).
    #[error("the input is empty: expected a header row naming the columns p1, p2, ...")]
    Empty,
    /// A required player column is missing. The message lists the columns found and the ones
    /// expected, and when a cell holds a likely delimiter (a tab, `;` or `|`), says how to read
    /// the input with it.
    #[error(
        "no {name} column: {hint}the header row names {found}; expected at least the columns p1 \
         and p2 (the players' cards or ranges), and optionally p3 to p10, game, board, dead, \
         method, iterations, stderr and seed"
    )]
    MissingPlayer {
        /// The missing column (`p1` or `p2`).
        name: String,
        /// The columns found, quoted and cut short where there are many.
        found: String,
        /// Empty, or the delimiter the header row seems to use and the flag that reads it,
        /// ending in "; ".
        hint: String,
    },
    /// A player column is named while an earlier one is not.
    #[error(
        "column {given} is named but {missing} is not: player columns go p1, p2, ... without gaps"
    )]
    PlayerGap {
        /// The column named.
        given: String,
        /// The earlier column that is missing.
        missing: String,
    },
    /// A `p` column beyond `p10` (or `p0`).
    #[error("column {0:?}: player columns are p1 to p10")]
    BadPlayer(String),
    /// A column name starts with the reserved prefix `felt_` but is not one of the result
    /// columns `felt batch` writes.
    #[error(
        "column {position} ({name:?}): names starting with felt_ are reserved for the result \
         columns felt batch adds; rename this column"
    )]
    Reserved {
        /// The column's name.
        name: String,
        /// Its position, counting from 1.
        position: usize,
    },
    /// Two carried columns have the same name, which the output would repeat.
    #[error(
        "column {name:?} is named twice (columns {first} and {second}): every column needs its \
         own name, so that the output's names are unique"
    )]
    Duplicate {
        /// The name.
        name: String,
        /// Its first position, counting from 1.
        first: usize,
        /// Its second position, counting from 1.
        second: usize,
    },
    /// A known column is named twice.
    #[error("column {name} is named twice (columns {first} and {second})")]
    Twice {
        /// The column's name.
        name: String,
        /// Its first position, counting from 1.
        first: usize,
        /// Its second position, counting from 1.
        second: usize,
    },
}

/// A column `felt batch` reads; every other column is carried through unread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// Player `n` (0-based): a range or known cards.
    Player(usize),
    /// The game name.
    Game,
    /// Board cards.
    Board,
    /// Dead cards.
    Dead,
    /// The method: exhaustive, monte_carlo or auto.
    Method,
    /// Monte Carlo deals.
    Iterations,
    /// Monte Carlo standard error target.
    Stderr,
    /// Monte Carlo seed.
    Seed,
}

impl Field {
    /// The field a header cell names, if any (names are trimmed and case-insensitive).
    pub fn parse(name: &str) -> Result<Option<Field>, HeaderError> {
        let lower = name.trim().to_ascii_lowercase();
        Ok(Some(match lower.as_str() {
            "game" => Field::Game,
            "board" => Field::Board,
            "dead" => Field::Dead,
            "method" => Field::Method,
            "iterations" => Field::Iterations,
            "stderr" => Field::Stderr,
            "seed" => Field::Seed,
            other => match player_number(other) {
                Some(Ok(n)) => Field::Player(n - 1),
                Some(Err(())) => return Err(HeaderError::BadPlayer(name.to_string())),
                None => return Ok(None),
            },
        }))
    }

    /// The canonical column name (`p1`, `game`, ...).
    pub fn name(self) -> String {
        match self {
            Field::Player(i) => format!("p{}", i + 1),
            Field::Game => "game".into(),
            Field::Board => "board".into(),
            Field::Dead => "dead".into(),
            Field::Method => "method".into(),
            Field::Iterations => "iterations".into(),
            Field::Stderr => "stderr".into(),
            Field::Seed => "seed".into(),
        }
    }
}

/// The columns of a header row as a message lists them: quoted, at most eight, each cut short.
fn found_columns(names: &[String]) -> String {
    if names.iter().all(|n| n.trim().is_empty()) {
        return "no column".into();
    }
    let mut out = match names.len() {
        1 => "one column: ".to_string(),
        n => format!("{n} columns: "),
    };
    for (i, name) in names.iter().take(8).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&format!("{:?}", crate::text::excerpt(name, 40)));
    }
    if names.len() > 8 {
        out.push_str(", ...");
    }
    out
}

/// When the header's cells hold a delimiter other than the one in use (a tab, `;` or `|`
/// inside a cell means it was not the delimiter), what it looks like and the flag to give.
fn delimiter_hint(names: &[String]) -> String {
    let inside = |c: char| names.iter().any(|n| n.contains(c));
    let (what, flag) = if inside('\t') {
        ("tab-separated", "`--delimiter tab` (or a file name ending in .tsv)")
    } else if inside(';') {
        ("semicolon-separated", "`--delimiter ';'`")
    } else if inside('|') {
        ("separated by |", "`--delimiter '|'`")
    } else {
        return String::new();
    };
    format!("the header row's cells hold that character, so the input looks {what}: give {flag}; ")
}

/// `p<digits>` without leading zeros: `Some(Ok(n))` for 1 to 10, `Some(Err)` otherwise.
fn player_number(name: &str) -> Option<Result<usize, ()>> {
    let digits = name.strip_prefix('p')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    match digits.parse::<usize>() {
        Ok(n) if (1..=MAX_PLAYERS).contains(&n) && !digits.starts_with('0') => Some(Ok(n)),
        _ => Some(Err(())),
    }
}

/// Where each known column sits in the header (0-based positions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns {
    /// Every header cell as text (invalid UTF-8 replaced), in order.
    pub names: Vec<String>,
    /// The positions of the columns written to the output: all but earlier results (columns
    /// named like the ones `felt batch` adds, see [`is_result_name`]), in order.
    pub carried: Vec<usize>,
    /// The positions of `p1`, `p2`, ... (at least two).
    pub players: Vec<usize>,
    /// Position of `game`.
    pub game: Option<usize>,
    /// Position of `board`.
    pub board: Option<usize>,
    /// Position of `dead`.
    pub dead: Option<usize>,
    /// Position of `method`.
    pub method: Option<usize>,
    /// Position of `iterations`.
    pub iterations: Option<usize>,
    /// Position of `stderr`.
    pub stderr: Option<usize>,
    /// Position of `seed`.
    pub seed: Option<usize>,
}

impl Columns {
    /// Reads a header row.
    pub fn from_header(header: &ByteRecord) -> Result<Columns, HeaderError> {
        if header.is_empty() || header.len() == 1 && header[0].is_empty() {
            return Err(HeaderError::Empty);
        }
        let names: Vec<String> =
            header.iter().map(|c| String::from_utf8_lossy(c).into_owned()).collect();
        let mut players: [Option<usize>; MAX_PLAYERS] = [None; MAX_PLAYERS];
        let mut cols = Columns {
            names: Vec::new(),
            carried: Vec::new(),
            players: Vec::new(),
            game: None,
            board: None,
            dead: None,
            method: None,
            iterations: None,
            stderr: None,
            seed: None,
        };
        let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for (pos, name) in names.iter().enumerate() {
            if is_reserved(name) {
                if !is_result_name(name) {
                    return Err(HeaderError::Reserved { name: name.clone(), position: pos + 1 });
                }
                continue;
            }
            if let Some(first) = seen.insert(name, pos) {
                return Err(HeaderError::Duplicate {
                    name: name.clone(),
                    first: first + 1,
                    second: pos + 1,
                });
            }
            cols.carried.push(pos);
            let Some(field) = Field::parse(name)? else { continue };
            let slot = match field {
                Field::Player(i) => &mut players[i],
                Field::Game => &mut cols.game,
                Field::Board => &mut cols.board,
                Field::Dead => &mut cols.dead,
                Field::Method => &mut cols.method,
                Field::Iterations => &mut cols.iterations,
                Field::Stderr => &mut cols.stderr,
                Field::Seed => &mut cols.seed,
            };
            if let Some(first) = *slot {
                return Err(HeaderError::Twice {
                    name: field.name(),
                    first: first + 1,
                    second: pos + 1,
                });
            }
            *slot = Some(pos);
        }
        for (need, slot) in players.iter().enumerate().take(2) {
            if slot.is_none() {
                let name = Field::Player(need).name();
                return Err(HeaderError::MissingPlayer {
                    name,
                    found: found_columns(&names),
                    hint: delimiter_hint(&names),
                });
            }
        }
        let count = players.iter().take_while(|p| p.is_some()).count();
        if let Some(gap) = players[count..].iter().position(Option::is_some) {
            return Err(HeaderError::PlayerGap {
                given: Field::Player(count + gap).name(),
                missing: Field::Player(count).name(),
            });
        }
        cols.players = players[..count].iter().flatten().copied().collect();
        cols.names = names;
        Ok(cols)
    }

    /// The output header: `felt_row` (if asked), the carried input names, per-player results
    /// (`felt_p1_equity`, `felt_p1_win`, `felt_p1_tie`, ...), then `felt_method`, `felt_deals`,
    /// `felt_stderr`, `felt_error`. No two names are equal (see the module's documentation).
    pub fn output_header(&self, row_column: bool) -> Vec<String> {
        let mut out = Vec::with_capacity(self.carried.len() + 3 * self.players.len() + 5);
        if row_column {
            out.push(format!("{RESULT_PREFIX}row"));
        }
        out.extend(self.carried.iter().map(|&i| self.names[i].clone()));
        for p in 1..=self.players.len() {
            for what in PLAYER_RESULTS {
                out.push(format!("{RESULT_PREFIX}p{p}_{what}"));
            }
        }
        out.extend(RESULT_TAIL.map(|what| format!("{RESULT_PREFIX}{what}")));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(cells: &[&str]) -> Result<Columns, HeaderError> {
        Columns::from_header(&ByteRecord::from(cells.to_vec()))
    }

    #[test]
    fn known_columns_are_found_in_any_order_and_case() {
        let c = header(&["id", "Board", "P2", " p1 ", "note", "seed"]).unwrap();
        assert_eq!(c.players, vec![3, 2]);
        assert_eq!(c.board, Some(1));
        assert_eq!(c.seed, Some(5));
        assert_eq!(c.game, None);
        assert_eq!(
            c.output_header(false)[6..],
            [
                "felt_p1_equity",
                "felt_p1_win",
                "felt_p1_tie",
                "felt_p2_equity",
                "felt_p2_win",
                "felt_p2_tie",
                "felt_method",
                "felt_deals",
                "felt_stderr",
                "felt_error"
            ]
        );
        assert_eq!(c.output_header(true)[..2], ["felt_row", "id"]);
    }

    /// Every name `output_header` can write, for headers of 2 to 10 players.
    fn all_result_names() -> Vec<String> {
        let all: Vec<String> = (1..=MAX_PLAYERS).map(|i| format!("p{i}")).collect();
        let c = Columns::from_header(&ByteRecord::from(all.clone())).unwrap();
        c.output_header(true).into_iter().filter(|n| !all.contains(n)).collect()
    }

    #[test]
    fn result_names_are_recognized_and_nothing_else_with_the_prefix() {
        let names = all_result_names();
        assert_eq!(names.len(), 1 + 3 * MAX_PLAYERS + 4);
        assert!(names.iter().all(|n| is_result_name(n) && n.starts_with(RESULT_PREFIX)));
        assert!(is_result_name(" FELT_P10_Equity "));
        for other in ["felt_p11_equity", "felt_p0_win", "felt_p1_", "felt_", "felt_note", "row"] {
            assert!(!is_result_name(other), "{other}");
        }
    }

    #[test]
    fn output_names_are_unique_even_when_input_names_look_like_results() {
        // Input columns named like the result columns of old versions, and `row`.
        let input = ["row", "p1", "p2", "method", "stderr", "deals", "error", "p1_equity"];
        let c = header(&input).unwrap();
        let out = c.output_header(true);
        let unique: std::collections::HashSet<&String> = out.iter().collect();
        assert_eq!(unique.len(), out.len(), "{out:?}");
        assert_eq!(
            out[..9],
            ["felt_row", "row", "p1", "p2", "method", "stderr", "deals", "error", "p1_equity"]
        );
    }

    #[test]
    fn earlier_result_columns_are_not_carried_through() {
        let first = header(&["id", "p1", "p2"]).unwrap();
        let again =
            header(&first.output_header(true).iter().map(String::as_str).collect::<Vec<_>>())
                .unwrap();
        assert_eq!(again.carried, vec![1, 2, 3]);
        assert_eq!(again.players, vec![2, 3]);
        assert_eq!(again.output_header(true), first.output_header(true));
        // Results of a run with more players are dropped too (any case, trimmed).
        let c = header(&["p1", " FELT_P3_TIE", "p2", "felt_error"]).unwrap();
        assert_eq!(c.carried, vec![0, 2]);
    }

    #[test]
    fn a_reserved_name_that_is_no_result_is_refused() {
        let e = header(&["p1", "p2", "Felt_notes"]).unwrap_err();
        assert_eq!(e, HeaderError::Reserved { name: "Felt_notes".into(), position: 3 });
        assert_eq!(
            e.to_string(),
            "column 3 (\"Felt_notes\"): names starting with felt_ are reserved for the result \
             columns felt batch adds; rename this column"
        );
    }

    #[test]
    fn a_carried_column_named_twice_is_refused() {
        let e = header(&["note", "p1", "p2", "note"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "column \"note\" is named twice (columns 1 and 4): every column needs its own name, \
             so that the output's names are unique"
        );
        // Two empty names are two equal names.
        assert!(matches!(header(&["p1", "p2", "", ""]), Err(HeaderError::Duplicate { .. })));
        // Different case: different names.
        assert!(header(&["note", "p1", "p2", "Note"]).is_ok());
    }

    /// The name of the missing column, the columns found and the hint, of a header's error.
    fn missing(names: &[&str]) -> (String, String, String) {
        match header(names) {
            Err(HeaderError::MissingPlayer { name, found, hint }) => (name, found, hint),
            other => panic!("{names:?}: {other:?}"),
        }
    }

    #[test]
    fn a_header_without_p1_and_p2_is_refused_listing_the_columns_found_and_expected() {
        assert_eq!(missing(&["p1", "board"]).0, "p2");
        let e = header(&["hand", "villain"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no p1 column: the header row names 2 columns: \"hand\", \"villain\"; expected at \
             least the columns p1 and p2 (the players' cards or ranges), and optionally p3 to \
             p10, game, board, dead, method, iterations, stderr and seed"
        );
        assert_eq!(header(&[""]), Err(HeaderError::Empty));
        // Many columns: eight listed, then an ellipsis; a long name cut short.
        let long = "x".repeat(100);
        let names = ["a", "b", "c", "d", "e", "f", "g", long.as_str(), "i", "j"];
        let found = missing(&names).1;
        assert!(found.starts_with("10 columns: \"a\", \"b\""), "{found}");
        assert!(found.ends_with(&format!("\"{}…\", ...", "x".repeat(40))), "{found}");
    }

    #[test]
    fn a_tab_separated_header_read_as_csv_suggests_delimiter_tab() {
        let (name, found, hint) = missing(&["id\tp1\tp2"]);
        assert_eq!((name.as_str(), found.as_str()), ("p1", "one column: \"id\\tp1\\tp2\""));
        assert!(hint.contains("looks tab-separated: give `--delimiter tab`"), "{hint}");
        // p1 found by the delimiter in use but p2 lost in a tab-joined cell.
        let (name, _, hint) = missing(&["p1", "x\tp2"]);
        assert_eq!(name, "p2");
        assert!(hint.contains("`--delimiter tab`"), "{hint}");
    }

    #[test]
    fn a_semicolon_separated_header_read_as_csv_suggests_delimiter_semicolon() {
        let e = header(&["id;p1;p2;board"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no p1 column: the header row's cells hold that character, so the input looks \
             semicolon-separated: give `--delimiter ';'`; the header row names one column: \
             \"id;p1;p2;board\"; expected at least the columns p1 and p2 (the players' cards or \
             ranges), and optionally p3 to p10, game, board, dead, method, iterations, stderr \
             and seed"
        );
        assert!(missing(&["id|p1|p2"]).2.contains("`--delimiter '|'`"));
        // No delimiter-like character: no hint.
        assert_eq!(missing(&["hand", "villain"]).2, "");
    }

    #[test]
    fn player_columns_have_no_gaps_and_stop_at_p10() {
        let e = header(&["p1", "p2", "p4"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "column p4 is named but p3 is not: player columns go p1, p2, ... without gaps"
        );
        assert_eq!(header(&["p1", "p2", "p11"]), Err(HeaderError::BadPlayer("p11".into())));
        assert_eq!(header(&["p1", "p2", "p0"]), Err(HeaderError::BadPlayer("p0".into())));
        assert_eq!(header(&["p1", "p2", "p01"]), Err(HeaderError::BadPlayer("p01".into())));
        // Not player columns at all.
        assert!(header(&["p1", "p2", "pot", "p"]).is_ok());
        let all: Vec<String> = (1..=10).map(|i| format!("p{i}")).collect();
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        assert_eq!(header(&all).unwrap().players.len(), 10);
    }

    #[test]
    fn a_known_column_named_twice_is_refused() {
        let e = header(&["p1", "p2", "method", "x", "Method"]).unwrap_err();
        assert_eq!(e.to_string(), "column method is named twice (columns 3 and 5)");
    }
}
