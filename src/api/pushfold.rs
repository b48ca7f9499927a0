//! `POST /api/pushfold`: the heads-up push/fold equilibrium as `felt pushfold --json` reports
//! it (the same [`solution_json`] writes both).

use serde::Deserialize;
use serde_json::{json, Value};

use super::{Answer, Limits, Response};
use crate::card::CardSet;
use crate::pushfold::{self, Solution, Spot, MAX_ANTE, MAX_STACK};
use crate::range::grid::{compact, summarize, Summary};

/// The most stack depths one run solves.
pub const MAX_DEPTHS: usize = 100;

/// The body of `POST /api/pushfold`: the arguments of `felt pushfold`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PushFoldRequest {
    /// Effective stacks in big blinds, each solved.
    pub stacks: Vec<f64>,
    /// Each player's ante in big blinds.
    #[serde(default)]
    pub ante: f64,
    /// Players at the table: push/fold is solved heads-up only (2).
    #[serde(default)]
    pub players: Option<u64>,
}

/// Checks a number of big blinds against `min..=max`, in `felt pushfold`'s words.
pub fn big_blinds(text: &str, min: f64, max: f64) -> Result<f64, String> {
    let expected = format!("expected big blinds from {min} to {max}");
    match text.trim().parse::<f64>() {
        Ok(x) if (min..=max).contains(&x) => Ok(x),
        Ok(x) if x.is_nan() => Err(format!("{text:?} is not a number: {expected}")),
        Ok(_) => Err(format!("{} is out of range: {expected}", text.trim())),
        Err(_) => Err(format!("{text:?} is not a number: {expected}")),
    }
}

/// The players `felt pushfold --players` takes: 2 only.
pub fn heads_up(text: &str) -> Result<u8, String> {
    match text.trim().parse::<u64>() {
        Ok(2) => Ok(2),
        _ => Err(format!(
            "{text:?}: push/fold is solved heads-up only (small blind against big blind): \
             expected 2"
        )),
    }
}

/// The share of all 1,326 combos a summary holds, weighted, in percent.
pub fn share(s: &Summary) -> f64 {
    s.weight as f64 / 1000.0 / 1326.0 * 100.0
}

/// One stack depth's object of `felt pushfold --json`.
pub fn solution_json(s: &Solution) -> Value {
    let classes: Vec<Value> = crate::range::HandClass::all()
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            json!({
                "class": c.to_string(),
                "push": s.push_frequency(c),
                "call": s.call_frequency(c),
                "push_edge": s.push_edge[i],
                "call_edge": s.call_edge[i],
            })
        })
        .collect();
    json!({
        "stack": s.spot.stack,
        "ante": s.spot.ante,
        "push": compact(&s.push_range()),
        "call": compact(&s.call_range()),
        "push_percent": share(&summarize(&s.push_range(), CardSet::EMPTY)),
        "call_percent": share(&summarize(&s.call_range(), CardSet::EMPTY)),
        "small_blind_result": s.value,
        "push_gain": s.push_gain,
        "call_gain": s.call_gain,
        "rounds": s.rounds,
        "classes": classes,
    })
}

/// The whole of `felt pushfold --json`: one object for one depth, an array for several.
pub fn solutions_json(solutions: &[Solution]) -> Value {
    let mut values: Vec<Value> = solutions.iter().map(solution_json).collect();
    if values.len() == 1 {
        values.remove(0)
    } else {
        Value::Array(values)
    }
}

/// Answers a push/fold request.
pub(crate) fn answer(r: PushFoldRequest, limits: &Limits, stop: &crate::stop::Stop) -> Answer {
    if let Some(n) = r.players {
        heads_up(&n.to_string()).map_err(|e| Response::bad_field("players", e))?;
    }
    let most = limits.max_depths.min(MAX_DEPTHS);
    if r.stacks.is_empty() || r.stacks.len() > most {
        return Err(Response::bad_field(
            "stacks",
            format!("{} stack depths given: expected 1 to {most} per run", r.stacks.len()),
        ));
    }
    let ante = big_blinds(&r.ante.to_string(), 0.0, MAX_ANTE)
        .map_err(|e| Response::bad_field("ante", format!("ante: {e}")))?;
    let mut solutions = Vec::with_capacity(r.stacks.len());
    for (i, &stack) in r.stacks.iter().enumerate() {
        if stop.is_raised() {
            return Err(Response::stopped());
        }
        let field = format!("stacks[{i}]");
        let stack = big_blinds(&stack.to_string(), 1.0, MAX_STACK)
            .map_err(|e| Response::bad_field(&field, format!("stacks: {e}")))?;
        let solution = pushfold::solve(Spot { stack, ante })
            .map_err(|e| Response::bad_field(&field, format!("--stacks {stack}: {e}")))?;
        solutions.push(solution);
    }
    Ok(Response::ok(solutions_json(&solutions)))
}
