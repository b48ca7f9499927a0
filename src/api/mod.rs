//! The JSON API behind `felt serve`: each route's request read from a JSON body and answered
//! with a status and a JSON value, with no HTTP in it (the server in the `felt` binary moves
//! bytes; this module does the work), so any program can answer the same requests in
//! process.
//!
//! The answers have the fields of the matching command's `--json` output (the same functions
//! write both); a bad request gets `{"error": {"message", "where"}}` with the message the
//! command gives for the same input. Every number a request can raise (iterations, seconds,
//! threads, hands, stack depths) is bounded by [`Limits`], and the work reads a [`Stop`] flag
//! that the caller raises to cancel it.
//!
//! ```
//! use feltkit::api::{handle, Limits, Route};
//! use feltkit::stop::Stop;
//!
//! let body = br#"{"players": ["AhKh", "QsQd"], "board": "2c7d9h"}"#;
//! let answer = handle(Route::Equity, body, &Limits::default(), &Stop::new());
//! assert_eq!(answer.status, 200);
//! assert_eq!(answer.body["method"], "exhaustive");
//! assert_eq!(answer.body["deals"], 990);
//!
//! let answer = handle(Route::Equity, br#"{"players": ["AhKh", "QsQx"]}"#,
//!                     &Limits::default(), &Stop::new());
//! assert_eq!(answer.status, 400);
//! assert_eq!(answer.body["error"]["where"]["field"], "players[1]");
//! ```

pub mod deal;
pub mod equity;
pub mod luck;
pub mod pushfold;
pub mod range;
pub mod rank;
pub mod replay;
pub mod steps;

use serde::de::DeserializeOwned;
use serde_json::{json, Value};

use crate::stop::Stop;

/// A route of the API: one command of `felt`, asked with a JSON body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Route {
    /// `felt equity`: each player's equity ([`equity`]).
    Equity,
    /// `felt rank`: hands ranked ([`rank`]).
    Rank,
    /// `felt range`: what a range holds and how it hits a board ([`range`]).
    Range,
    /// `felt replay`: hands replayed and checked ([`replay`]).
    Replay,
    /// `felt convert`: hands converted to PHH or PokerStars text ([`replay`]).
    Convert,
    /// `felt pushfold`: the heads-up push/fold equilibrium ([`pushfold`]).
    Pushfold,
    /// `felt luck`: each player's results against their all-in equity ([`luck`]).
    Luck,
    /// `felt deal`: random legal hands as a PHH bundle ([`deal`]).
    Deal,
}

impl Route {
    /// Every route, in the order the documentation lists them.
    pub const ALL: [Route; 8] = [
        Route::Equity,
        Route::Rank,
        Route::Range,
        Route::Replay,
        Route::Convert,
        Route::Pushfold,
        Route::Luck,
        Route::Deal,
    ];

    /// The route's path, as the server serves it (`/api/equity`).
    pub const fn path(self) -> &'static str {
        match self {
            Route::Equity => "/api/equity",
            Route::Rank => "/api/rank",
            Route::Range => "/api/range",
            Route::Replay => "/api/replay",
            Route::Convert => "/api/convert",
            Route::Pushfold => "/api/pushfold",
            Route::Luck => "/api/luck",
            Route::Deal => "/api/deal",
        }
    }

    /// The route served at `path`.
    pub fn from_path(path: &str) -> Option<Route> {
        Route::ALL.into_iter().find(|r| r.path() == path)
    }

    /// Whether a request of `body_len` bytes may take a core for long (and so waits for one
    /// of the server's permits): equity, push/fold, luck and deal always; replay and convert when the
    /// text is longer than [`CHEAP_TEXT`]; ranking and range expansion never.
    pub const fn is_expensive(self, body_len: usize) -> bool {
        match self {
            Route::Equity | Route::Pushfold | Route::Luck | Route::Deal => true,
            Route::Replay | Route::Convert => body_len > CHEAP_TEXT,
            Route::Rank | Route::Range => false,
        }
    }
}

/// The longest replay or convert body, in bytes, still answered as a cheap query (a hand or
/// two of any site's text).
pub const CHEAP_TEXT: usize = 16 << 10;

/// The bounds a request is held to. [`Limits::default`] takes the command line's own bounds;
/// a server narrows them (`felt serve --timeout` bounds the Monte Carlo time target).
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// The largest body, in bytes.
    pub max_body: usize,
    /// Monte Carlo: the most deals a request may ask for.
    pub max_iterations: u64,
    /// Monte Carlo: the longest time target a request may ask for, in seconds; an exhaustive
    /// query estimated to take longer is refused.
    pub max_seconds: f64,
    /// The most worker threads a request may ask for.
    pub max_threads: usize,
    /// The most hands one replay, convert or rank request may hold, and one deal request may
    /// deal.
    pub max_hands: usize,
    /// The most stack depths one push/fold request may solve.
    pub max_depths: usize,
    /// The flag that names [`Limits::max_seconds`] in messages: `--time` (the command's bound)
    /// by default, `--timeout` for a server.
    pub seconds_flag: &'static str,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_body: 1 << 20,
            max_iterations: crate::equity::MAX_ITERATIONS,
            max_seconds: crate::equity::MAX_TIME.as_secs_f64(),
            max_threads: 256,
            max_hands: 10_000,
            max_depths: pushfold::MAX_DEPTHS,
            seconds_flag: "--time",
        }
    }
}

/// An answer: an HTTP status and its JSON body.
#[derive(Clone, Debug, PartialEq)]
pub struct Response {
    /// 200 for an answer; 400 for a bad request, 413 for a body too large, 503 when stopped.
    pub status: u16,
    /// The answer, or `{"error": {"message", "where"}}`.
    pub body: Value,
}

impl Response {
    /// A 200 answer.
    pub fn ok(body: Value) -> Response {
        Response { status: 200, body }
    }

    /// An error answer: `{"error": {"message": message, "where": at}}` (`at` is `null` when
    /// the error has no place in the request).
    pub fn error(status: u16, message: impl Into<String>, at: Value) -> Response {
        Response { status, body: json!({"error": {"message": message.into(), "where": at}}) }
    }

    /// A 400 answer for a bad value of `field`.
    pub fn bad_field(field: &str, message: impl Into<String>) -> Response {
        Response::error(400, message, json!({ "field": field }))
    }

    /// The answer to work stopped by its flag.
    pub fn stopped() -> Response {
        Response::error(503, crate::stop::STOPPED, Value::Null)
    }
}

/// Answers one request of `route` with body `body`: reads it, checks it against `limits`, and
/// does the work (on the calling thread and rayon's pool, reading `stop`). Never panics on any
/// body; every answer is a JSON object.
pub fn handle(route: Route, body: &[u8], limits: &Limits, stop: &Stop) -> Response {
    if body.len() > limits.max_body {
        return Response::error(
            413,
            format!(
                "the body is {} bytes: at most {} are read (the server's --max-body)",
                body.len(),
                limits.max_body
            ),
            Value::Null,
        );
    }
    if stop.is_raised() {
        return Response::stopped();
    }
    let answer = match route {
        Route::Equity => read(body).and_then(|r| equity::answer(r, limits, stop)),
        Route::Rank => read(body).and_then(|r| rank::answer(r, limits)),
        Route::Range => read(body).and_then(range::answer),
        Route::Replay => read(body).and_then(|r| replay::answer_replay(r, limits, stop)),
        Route::Convert => read(body).and_then(|r| replay::answer_convert(r, limits, stop)),
        Route::Pushfold => read(body).and_then(|r| pushfold::answer(r, limits, stop)),
        Route::Luck => read(body).and_then(|r| luck::answer(r, limits, stop)),
        Route::Deal => read(body).and_then(|r| deal::answer(r, limits, stop)),
    };
    answer.unwrap_or_else(|e| e)
}

/// What a route's work gives: its answer, or an error answer.
pub(crate) type Answer = Result<Response, Response>;

/// Reads a request from a JSON body: a syntax error, a field of the wrong type, an unknown
/// or missing field is a 400 naming the line and column (and serde's words name the field).
pub(crate) fn read<T: DeserializeOwned>(body: &[u8]) -> Result<T, Response> {
    serde_json::from_slice(body).map_err(|e| {
        let mut message = e.to_string();
        // serde_json ends its message with the place; the place is given apart.
        if let Some(cut) = message.rfind(" at line ") {
            message.truncate(cut);
        }
        let what = match e.classify() {
            serde_json::error::Category::Io | serde_json::error::Category::Syntax => "not JSON",
            serde_json::error::Category::Eof => "the JSON ends too soon",
            serde_json::error::Category::Data => "a field is wrong",
        };
        Response::error(
            400,
            format!("the body: {what}: {message}"),
            json!({"line": e.line(), "column": e.column()}),
        )
    })
}

/// Checks a whole number `value` of field `field` against `min..=max`, in the command line's
/// words (`0 is out of range: expected a whole number from 1 to 256`).
pub(crate) fn in_range(field: &str, value: u64, min: u64, max: u64) -> Result<u64, Response> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(Response::bad_field(
            field,
            format!(
                "{field}: {value} is out of range: expected a whole number from {min} to {max}"
            ),
        ))
    }
}
