//! `POST /api/rank`: hands ranked as `felt rank --json` ranks them, and the objects both
//! write for each hand.

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::{Answer, Limits, Response};
use crate::eval::{Ranked, Ranking};

/// The body of `POST /api/rank`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankRequest {
    /// The ranking (`--game`), by a name or alias of [`Ranking::ALL`]; standard when left out.
    #[serde(default)]
    pub game: Option<String>,
    /// The hands, each as `felt rank` takes one argument.
    pub hands: Vec<String>,
}

/// The longest hand text ranked, in bytes (as `felt rank` reads a line): far more than a hand
/// of 5 to 7 cards needs.
pub const MAX_HAND_TEXT: usize = 4096;

/// One ranked hand, as `felt rank --json` writes it.
#[derive(Serialize)]
pub struct HandLine<'a> {
    /// The cards as read.
    pub hand: &'a str,
    /// The category's key (`straight_flush`).
    pub category: &'static str,
    /// In the low rankings and badugi, the hand's name (`8-6-4-3-A low`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The rank: larger is better, equal is a split.
    pub rank: u32,
}

impl<'a> HandLine<'a> {
    /// The line of a hand `hand` ranked `r` under `ranking`.
    pub fn new(ranking: Ranking, hand: &'a str, r: &Ranked) -> HandLine<'a> {
        // The lows and badugi name the hand beside its class key (`8-6-4-3-A low`).
        let name = ranking.is_low().then(|| r.to_string());
        HandLine { hand, category: r.key(), name, rank: r.value }
    }
}

/// One hand that could not be ranked, as `felt rank --json` writes it: its line (standard
/// input) or its number (arguments, the API), the text, and why.
#[derive(Serialize)]
pub struct BadLine<'a> {
    /// The line number, reading standard input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The hand's number among the arguments (the API's `hands`), from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<u64>,
    /// The text.
    pub input: &'a str,
    /// What is wrong with it.
    pub error: &'a str,
}

/// Reads a ranking's name as `felt rank --game` does.
pub fn parse_ranking(name: &str) -> Result<Ranking, String> {
    Ranking::ALL.into_iter().find(|r| r.name() == name || r.aliases().contains(&name)).ok_or_else(
        || {
            let names: Vec<&str> = Ranking::ALL.iter().map(|r| r.name()).collect();
            format!("unknown ranking {name:?}: expected {}", names.join(", "))
        },
    )
}

/// Answers a rank request: one object per hand, in order, an error object in a bad hand's
/// place (as `felt rank --json`), and how many failed.
pub(crate) fn answer(r: RankRequest, limits: &Limits) -> Answer {
    let ranking = match &r.game {
        Some(name) => parse_ranking(name).map_err(|e| Response::bad_field("game", e))?,
        None => Ranking::Standard,
    };
    if r.hands.len() > limits.max_hands {
        return Err(Response::bad_field(
            "hands",
            format!("{} hands given: at most {} a request", r.hands.len(), limits.max_hands),
        ));
    }
    let mut failed = 0;
    let hands: Vec<serde_json::Value> = r
        .hands
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let text = text.trim();
            let ranked = if text.len() > MAX_HAND_TEXT {
                Err(format!(
                    "the hand is {} bytes long: a hand of 5 to 7 cards is far shorter (hands are \
                     read up to {MAX_HAND_TEXT} bytes)",
                    text.len()
                ))
            } else {
                ranking.rank_text(text).map_err(|e| e.to_string())
            };
            match ranked {
                Ok((hand, ranked)) => json!(HandLine::new(ranking, &hand, &ranked)),
                Err(error) => {
                    failed += 1;
                    let n = Some(i as u64 + 1);
                    json!(BadLine { line: None, hand: n, input: text, error: &error })
                }
            }
        })
        .collect();
    Ok(Response::ok(json!({ "hands": hands, "failed": failed })))
}
