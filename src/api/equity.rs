//! `POST /api/equity`: the request of `felt equity` as JSON, and the JSON shapes that both
//! `felt equity --json` (with `--by-hand` and `--streets`) and the API write.

use std::time::Duration;

use serde::Deserialize;
use serde_json::{json, Value};

use super::{in_range, Answer, Limits, Response};
use crate::card::{format_cards, parse_cards};
use crate::equity::{
    by_hand_with, calculate_with, check_long, estimated_seconds, next_cards, plan, runout,
    stderr_target, ByHand, ClassEquity, Equity, EquityError, Game, HandCounts, HandEquity, Method,
    NextCards, Options, Query, Street,
};
use crate::picture::equity::{by_hand_svg, command_line, next_cards_svg, runout_svg};
use crate::range::WEIGHT_UNIT;
use crate::stop::Stop;

/// The body of `POST /api/equity`: the arguments of `felt equity`, by the flags' names.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EquityRequest {
    /// The game (`--game`), by a name or alias of [`crate::equity::GAME_NAMES`]; hold'em when
    /// left out.
    #[serde(default)]
    pub game: Option<String>,
    /// Each player's range or cards.
    pub players: Vec<String>,
    /// Board cards.
    #[serde(default)]
    pub board: String,
    /// Dead cards.
    #[serde(default)]
    pub dead: String,
    /// Enumerate every deal (`--exhaustive`).
    #[serde(default)]
    pub exhaustive: bool,
    /// Allow an enumeration estimated above 3 hours (`--allow-long`); the server's time
    /// limit still applies.
    #[serde(default)]
    pub allow_long: bool,
    /// Sample random deals (`--monte-carlo`).
    #[serde(default)]
    pub monte_carlo: bool,
    /// Monte Carlo: stop after this many deals.
    #[serde(default)]
    pub iterations: Option<u64>,
    /// Monte Carlo: stop at this standard error.
    #[serde(default)]
    pub stderr: Option<f64>,
    /// Monte Carlo: stop after this many seconds.
    #[serde(default)]
    pub time: Option<f64>,
    /// Monte Carlo seed.
    #[serde(default)]
    pub seed: u64,
    /// Worker threads.
    #[serde(default)]
    pub threads: Option<u64>,
    /// Each class of each range with its equity (`--by-hand`).
    #[serde(default)]
    pub by_hand: bool,
    /// With `by_hand`: each combo too.
    #[serde(default)]
    pub combos: bool,
    /// The equity street by street (`--streets`).
    #[serde(default)]
    pub streets: bool,
    /// With `by_hand`, each player's grid as `--by-hand --svg --player N` draws it (a list,
    /// player 1 first); with `streets`, the chart of `--streets --svg`: in the answer's `svg`.
    #[serde(default)]
    pub svg: bool,
}

/// Reads a game's name as `felt equity --game` does: a game of the catalog with an equity
/// method ([`crate::equity::GAME_NAMES`]), or a message naming them.
pub fn parse_game(text: &str) -> Result<Game, String> {
    text.parse::<Game>().map_err(|e| match Game::by_name(text) {
        // A game of the catalog without equity (the draw games).
        Some(game) => format!(
            "{game} has no equity calculation (felt replay and felt deal play it): expected {}",
            Game::name_list()
        ),
        None => e.to_string(),
    })
}

/// Answers an equity request.
pub(crate) fn answer(r: EquityRequest, limits: &Limits, stop: &Stop) -> Answer {
    let game = match &r.game {
        Some(name) => parse_game(name).map_err(|e| Response::bad_field("game", e))?,
        None => Game::Holdem,
    };
    let sampling =
        r.monte_carlo || r.iterations.is_some() || r.stderr.is_some() || r.time.is_some();
    if r.exhaustive && sampling {
        return Err(Response::bad_field(
            "exhaustive",
            "exhaustive cannot be asked with monte_carlo, iterations, stderr or time",
        ));
    }
    if r.by_hand && r.streets {
        return Err(Response::bad_field("streets", "by_hand and streets cannot be asked together"));
    }
    if r.svg && !r.by_hand && !r.streets {
        return Err(Response::bad_field(
            "svg",
            "svg draws the pictures of by_hand or streets: add one of them",
        ));
    }
    if r.combos && !r.by_hand {
        return Err(Response::bad_field("combos", "combos lists the combos of by_hand: add it"));
    }
    let mut q = Query::new(game, r.players.iter().cloned());
    q.board = r.board.clone();
    q.dead = r.dead.clone();
    q.method = match (r.exhaustive, r.monte_carlo) {
        (true, _) => Method::Exhaustive,
        (_, true) => Method::MonteCarlo,
        _ => Method::Auto,
    };
    if let Some(n) = r.iterations {
        q.iterations = Some(in_range("iterations", n, 1, limits.max_iterations)?);
    }
    if let Some(se) = r.stderr {
        q.stderr = Some(
            stderr_target(&se.to_string())
                .map_err(|e| Response::bad_field("stderr", format!("stderr: {e}")))?,
        );
    }
    if let Some(s) = r.time {
        let max = limits.max_seconds;
        if !(s > 0.0 && s <= max) {
            return Err(Response::bad_field(
                "time",
                format!(
                    "time: {s} is out of range: expected seconds, more than 0 and at most {max} \
                     ({})",
                    limits.seconds_flag
                ),
            ));
        }
        q.time = Some(Duration::from_secs_f64(s));
    }
    q.seed = r.seed;
    let threads = match r.threads {
        Some(n) => Some(in_range("threads", n, 1, limits.max_threads as u64)? as usize),
        None => None,
    };
    q.method = q.asked_method();
    q.stop = Some(stop.clone());
    let five = parse_cards(&q.board, q.game.deck()).is_ok_and(|b| b.len() == 5);
    if q.method == Method::Exhaustive {
        // A runout's longest street is preflop.
        let mut planned = q.clone();
        if r.streets && five {
            planned.board.clear();
        }
        let (_, cost) = plan(&planned).map_err(|e| refused(&e))?;
        check_long(cost, threads, r.allow_long).map_err(|e| refused(&e))?;
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let seconds = estimated_seconds(cost, threads.unwrap_or(cores));
        if seconds > limits.max_seconds {
            return Err(Response::bad_field(
                "exhaustive",
                format!(
                    "the enumeration is estimated at {}, above the limit of {} s ({}): ask for \
                     Monte Carlo instead",
                    crate::equity::describe_seconds(seconds),
                    limits.max_seconds,
                    limits.seconds_flag
                ),
            ));
        }
    }
    let opts = Options { threads, progress: None };
    let specs = q.players.clone();
    let body = if r.by_hand {
        let b = by_hand_with(&q, &opts).map_err(|e| refused(&e))?;
        let mut v = by_hand_json(&b, r.combos);
        if r.svg {
            let title = command_line(&q, "--by-hand");
            let pictures: Vec<String> =
                (0..b.players.len()).map(|p| by_hand_svg(&q, &b, p, &title)).collect();
            v["svg"] = json!(pictures);
        }
        v
    } else if r.streets && five {
        let streets = runout(&q, &opts).map_err(|e| refused(&e))?;
        let mut v = runout_json(&streets);
        if r.svg {
            v["svg"] = json!(runout_svg(&specs, &streets, &command_line(&q, "--streets")));
        }
        v
    } else if r.streets {
        let next = next_cards(&q, &opts).map_err(|e| refused(&e))?;
        let mut v = next_cards_json(&next);
        if r.svg {
            v["svg"] = json!(next_cards_svg(&specs, &next, &command_line(&q, "--streets")));
        }
        v
    } else {
        equity_json(&calculate_with(&q, &opts).map_err(|e| refused(&e))?)
    };
    Ok(Response::ok(body))
}

/// The answer to a query the library refused: 400 with the message `felt equity` gives and
/// the field it is about (503 when it was stopped).
fn refused(e: &EquityError) -> Response {
    let field = |name: &str| json!({ "field": name });
    let player = |p: usize| format!("players[{}]", p.saturating_sub(1));
    let at = match e {
        EquityError::Stopped => return Response::stopped(),
        EquityError::Range { player: p, error, .. } => json!({
            "field": player(*p), "column": error.column, "token": error.token,
        }),
        EquityError::RangeNotCards { player: p, .. }
        | EquityError::PlayerCards { player: p, .. }
        | EquityError::PlayerCardCount { player: p, .. }
        | EquityError::EmptyRange { player: p, .. } => field(&player(*p)),
        EquityError::Board(_) | EquityError::BoardSize { .. } => field("board"),
        EquityError::Dead(_) => field("dead"),
        EquityError::PlayerCount { .. } => field("players"),
        EquityError::UnknownGame(_) => field("game"),
        EquityError::Threads(_) => field("threads"),
        _ => Value::Null,
    };
    Response::error(400, e.to_string(), at)
}

/// The object of `felt equity --json`: `{method, deals, players: [{spec, equity, win, tie}]}`,
/// each player with `stderr` under Monte Carlo (null when unknown) and `scoop`, `high` and
/// `low` in the high-low games.
pub fn equity_json(e: &Equity) -> Value {
    let players: Vec<Value> = e
        .players
        .iter()
        .map(|p| {
            let mut v = json!({
                "spec": p.spec, "equity": p.equity, "win": p.win, "tie": p.tie,
            });
            // Monte Carlo always has the key; a standard error needs two deals (else null).
            if e.method == Method::MonteCarlo {
                v["stderr"] = json!(p.stderr);
            }
            if let Some(h) = p.hilo {
                v["scoop"] = json!(h.scoop);
                v["high"] = json!(h.high);
                v["low"] = json!(h.low);
            }
            v
        })
        .collect();
    json!({ "method": e.method.name(), "deals": e.deals, "players": players })
}

/// Player `p`'s classes that were dealt, by equity from the highest (ties in class order).
pub fn classes_by_equity(b: &ByHand, p: usize) -> Vec<ClassEquity> {
    let mut classes: Vec<ClassEquity> = b.classes(p);
    classes.sort_by(|x, y| y.counts.equity().total_cmp(&x.counts.equity()));
    classes
}

/// Player `p`'s combos of `class`, by equity from the highest.
pub fn hands_by_equity<'a>(b: &'a ByHand, p: usize, class: &ClassEquity) -> Vec<&'a HandEquity> {
    let mut hands: Vec<&HandEquity> =
        b.players[p].iter().filter(|h| h.combo.class() == class.class).collect();
    hands.sort_by(|x, y| y.counts.equity().total_cmp(&x.counts.equity()));
    hands
}

/// The object of `felt equity --by-hand --json`: [`equity_json`], and per player its classes
/// by equity (with `combos`, each class's combos).
pub fn by_hand_json(b: &ByHand, combos: bool) -> Value {
    let mut v = equity_json(&b.equity);
    let mc = b.equity.method == Method::MonteCarlo;
    let part = |c: &HandCounts, weight: u64| -> Value {
        let dealt = c.total > 0;
        let mut v = json!({
            "weight": weight as f64 / f64::from(WEIGHT_UNIT),
            "share": b.share(c),
            "equity": dealt.then(|| c.equity()),
            "win": dealt.then(|| c.win()),
            "tie": dealt.then(|| c.tie()),
        });
        if mc {
            v["stderr"] = json!(c.stderr());
        }
        v
    };
    for (p, player) in v["players"].as_array_mut().into_iter().flatten().enumerate() {
        let classes: Vec<Value> = classes_by_equity(b, p)
            .iter()
            .map(|class| {
                let mut c = part(&class.counts, class.weight);
                c["class"] = json!(class.class.to_string());
                c["combos"] = json!(class.combos);
                if combos {
                    let hands: Vec<Value> = hands_by_equity(b, p, class)
                        .into_iter()
                        .map(|h| {
                            let mut x = part(&h.counts, u64::from(h.weight));
                            x["combo"] = json!(h.combo.to_string());
                            x
                        })
                        .collect();
                    c["hands"] = json!(hands);
                }
                c
            })
            .collect();
        player["classes"] = json!(classes);
    }
    v
}

/// Two equities closer than this are the same (exact results differ far more when they differ).
pub const SAME_EQUITY: f64 = 1e-9;

/// How many next cards raise, keep and lower player `p`'s equity.
pub fn help_hurt(next: &NextCards, p: usize) -> [usize; 3] {
    let now = next.now.players[p].equity;
    let mut n = [0; 3];
    for c in &next.cards {
        let e = c.equity.players[p].equity;
        n[if e > now + SAME_EQUITY {
            0
        } else if e < now - SAME_EQUITY {
            2
        } else {
            1
        }] += 1;
    }
    n
}

/// The object of `felt equity --streets --json` with a 5-card board: `{streets: [...]}`, each
/// street [`equity_json`] with its `street` and `board`.
pub fn runout_json(streets: &[Street]) -> Value {
    let rows: Vec<Value> = streets
        .iter()
        .map(|s| {
            let mut v = equity_json(&s.equity);
            v["street"] = json!(s.name);
            v["board"] = json!(format_cards(&s.board));
            v
        })
        .collect();
    json!({ "streets": rows })
}

/// The object of `felt equity --streets --json` with a flop or turn: the equity now, after
/// each card that can come, and per player how many cards help, keep and hurt.
pub fn next_cards_json(next: &NextCards) -> Value {
    let cards: Vec<Value> = next
        .cards
        .iter()
        .map(|c| {
            let mut v = equity_json(&c.equity);
            v["card"] = json!(c.card.to_string());
            v
        })
        .collect();
    let summary: Vec<Value> = (0..next.now.players.len())
        .map(|p| {
            let [up, same, down] = help_hurt(next, p);
            json!({"help": up, "same": same, "hurt": down})
        })
        .collect();
    json!({
        "board": format_cards(&next.board),
        "street": next.street,
        "now": equity_json(&next.now),
        "cards": cards,
        "players": summary,
    })
}
