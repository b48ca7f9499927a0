//! `POST /api/range`: what a hold'em range holds and how it hits a board, as `felt range
//! --json` reports it (the same [`RangeReport`] writes both).

use serde::Deserialize;
use serde_json::{json, Value};

use super::{Answer, Response};
use crate::card::{format_cards, parse_cards, Card, CardSet, Deck};
use crate::eval::Category;
use crate::range::grid::{compact, summarize, Summary, SIZE};
use crate::range::hits::{analyze, Analysis, Draw, Made};
use crate::range::Range;

/// The body of `POST /api/range`: the arguments of `felt range`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeRequest {
    /// A hold'em range (`QQ+,AKs`, `15%`).
    pub range: String,
    /// A flop, turn or river: adds the hit analysis.
    #[serde(default)]
    pub board: String,
    /// Dead cards.
    #[serde(default)]
    pub dead: String,
}

/// Everything `felt range` reports about a range.
pub struct RangeReport {
    /// The range as written.
    pub text: String,
    /// The range read.
    pub range: Range,
    /// The board (none, or 3 to 5 cards).
    pub board: Vec<Card>,
    /// The dead cards.
    pub dead: Vec<Card>,
    /// The 13 × 13 grid's counts.
    pub summary: Summary,
    /// With a board: how every combo hits it.
    pub hits: Option<Analysis>,
}

/// Why a range report cannot be made: the argument at fault (`range`, `board`, `dead`) and
/// the message `felt range` gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeReportError {
    /// The argument at fault, by its request field's name.
    pub field: &'static str,
    /// What is wrong.
    pub message: String,
    /// For a bad range: the character column of the token at fault, from 1.
    pub column: Option<usize>,
}

impl std::fmt::Display for RangeReportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RangeReportError {}

impl RangeReport {
    /// Reads a range, a board and dead cards and counts what the range holds.
    pub fn new(text: &str, board: &str, dead: &str) -> Result<RangeReport, RangeReportError> {
        let fail = |field, message| RangeReportError { field, message, column: None };
        let range = Range::parse(text).map_err(|e| RangeReportError {
            field: "range",
            message: format!("range {text:?}: {e}"),
            column: Some(e.column),
        })?;
        let board = parse_cards(board, Deck::Standard)
            .map_err(|e| fail("board", format!("--board: {e}")))?;
        let dead =
            parse_cards(dead, Deck::Standard).map_err(|e| fail("dead", format!("--dead: {e}")))?;
        let mut blocked = CardSet::EMPTY;
        for c in board.iter().chain(&dead) {
            if !blocked.insert(*c) {
                return Err(fail(
                    "dead",
                    format!(
                        "{c} is both on the board (--board) and dead (--dead): a card is dealt once"
                    ),
                ));
            }
        }
        let hits = match board.len() {
            0 => None,
            3..=5 => {
                Some(analyze(&range, &board, &dead).map_err(|e| fail("board", e.to_string()))?)
            }
            n => {
                return Err(fail(
                    "board",
                    format!(
                        "--board: {}: expected a flop, turn or river (3, 4 or 5 cards)",
                        crate::text::count(n, "card", "cards")
                    ),
                ));
            }
        };
        let summary = summarize(&range, blocked);
        Ok(RangeReport { text: text.to_string(), range, board, dead, summary, hits })
    }

    /// The rows of the hit tables: (key, name, weight) for categories, made hands and draws.
    pub fn hit_rows(a: &Analysis) -> [Vec<(&'static str, &'static str, u64)>; 3] {
        let categories = Category::ALL
            .iter()
            .rev()
            .map(|c| (c.key(), c.name(), a.categories[*c as usize]))
            .collect();
        let made = Made::ALL.iter().map(|m| (m.key(), m.name(), a.made_weight(*m))).collect();
        let draws = Draw::ALL.iter().map(|d| (d.key(), d.name(), a.draw_weight(*d))).collect();
        [categories, made, draws]
    }

    /// The object of `felt range --json`.
    pub fn json(&self) -> Value {
        let s = &self.summary;
        let classes: Vec<Value> = s
            .classes
            .iter()
            .enumerate()
            .map(|(i, c)| {
                json!({
                    "class": c.class.to_string(),
                    "row": i / SIZE,
                    "col": i % SIZE,
                    "combos": c.combos,
                    "possible": c.possible,
                    "weighted": c.weight as f64 / 1000.0,
                    "frequency": c.frequency(),
                })
            })
            .collect();
        let combos: Vec<Value> = match &self.hits {
            Some(a) => a
                .combos
                .iter()
                .map(|ch| {
                    json!({
                        "combo": ch.combo.to_string(),
                        "weight": f64::from(ch.weight) / 1000.0,
                        "category": ch.hit.category.key(),
                        "made": ch.hit.made.key(),
                        "draws": ch.hit.draws.iter().map(Draw::key).collect::<Vec<_>>(),
                    })
                })
                .collect(),
            None => {
                let blocked: CardSet = self.board.iter().chain(&self.dead).copied().collect();
                self.range
                    .combos()
                    .filter(|(c, _)| c.set().is_disjoint(blocked))
                    .map(|(c, w)| json!({"combo": c.to_string(), "weight": f64::from(w) / 1000.0}))
                    .collect()
            }
        };
        let hits = self.hits.as_ref().map(|a| {
            let [categories, made, draws] = Self::hit_rows(a);
            let table = |rows: Vec<(&str, &str, u64)>| -> Vec<Value> {
                rows.into_iter()
                    .map(|(key, name, w)| {
                        json!({"key": key, "name": name, "weighted": w as f64 / 1000.0,
                               "percent": percent(w, a.total)})
                    })
                    .collect()
            };
            json!({
                "weighted": a.total as f64 / 1000.0,
                "categories": table(categories),
                "made": table(made),
                "draws": table(draws),
            })
        });
        json!({
            "range": self.text,
            "notation": compact(&self.range),
            "board": format_cards(&self.board),
            "dead": format_cards(&self.dead),
            "combos": s.combos,
            "weighted": s.weight as f64 / 1000.0,
            "possible": s.possible,
            "percent": s.percent(),
            "classes": classes,
            "combo_list": combos,
            "hits": hits,
        })
    }
}

/// `weight` as a percentage of `total`, 0 when the total is 0.
pub fn percent(weight: u64, total: u64) -> f64 {
    if total == 0 {
        0.0
    } else {
        weight as f64 * 100.0 / total as f64
    }
}

/// Answers a range request.
pub(crate) fn answer(r: RangeRequest) -> Answer {
    let report = RangeReport::new(&r.range, &r.board, &r.dead).map_err(|e| {
        let at = match e.column {
            Some(column) => json!({"field": e.field, "column": column}),
            None => json!({"field": e.field}),
        };
        Response::error(400, e.message, at)
    })?;
    Ok(Response::ok(report.json()))
}
