//! The JSON API (`feltkit::api::handle`, what `felt serve` answers with) on mutated request
//! bodies of every route, under small limits.

use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use feltkit::api::{handle, Limits, Route};
use feltkit::stop::Stop;

use super::{key, shape, Check, Data, Target};

/// Words of the requests.
const WORDS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "\"",
    "null",
    "true",
    "false",
    "0",
    "-1",
    "1e400",
    "0.5",
    "18446744073709551616",
    "\"players\"",
    "\"board\"",
    "\"dead\"",
    "\"game\"",
    "\"iterations\"",
    "\"stderr\"",
    "\"time\"",
    "\"seed\"",
    "\"threads\"",
    "\"exhaustive\"",
    "\"monte_carlo\"",
    "\"by_hand\"",
    "\"combos\"",
    "\"streets\"",
    "\"hands\"",
    "\"range\"",
    "\"text\"",
    "\"format\"",
    "\"check\"",
    "\"rake\"",
    "\"to\"",
    "\"stacks\"",
    "\"ante\"",
    "\"AhKh\"",
    "\"QQ+,AKs\"",
    "\"Kd8h2c\"",
    "\"omaha\"",
    "\"razz\"",
    "\"pokerstars\"",
    "\"5%:3bb\"",
    "/api/equity\n",
    "/api/rank\n",
    "/api/range\n",
    "/api/replay\n",
    "/api/convert\n",
    "/api/pushfold\n",
    "/api/luck\n",
    "/api/deal\n",
    "\"hole_cards\"",
    "\"structure\"",
    "\"session\"",
    "\"stakes\"",
    "\"bomb_pot\"",
    "\"boards\"",
    "\"runs\"",
    "\"stats\"",
    "\"2-6\"",
    "\"50/100\"",
    "\"stud7\"",
    "\"by\"",
    "\"payouts\"",
    "\"session_gap\"",
];

/// `api`: the route's path on the first line, the body after it.
pub const API: Target = Target {
    name: "api",
    about: "the JSON API (api::handle) on mutated bodies of every route, small limits: never a \
            panic, always a JSON object, an error object exactly when the status is not 200",
    text: true,
    words: WORDS,
    seeds,
    check: check_api,
};

fn seeds(data: &Data) -> Vec<Vec<u8>> {
    let mut seeds: Vec<String> = [
        r#"/api/equity
{"players": ["AhKh", "QQ+,AKs"], "board": "Js7c2d"}"#,
        r#"/api/equity
{"game": "omaha", "players": ["AhAdKhKd", "JT98ds"], "iterations": 300, "seed": 7}"#,
        r#"/api/equity
{"players": ["QQ+,AKs", "JJ"], "board": "Ks7d2c", "by_hand": true, "combos": true}"#,
        r#"/api/equity
{"players": ["AhKh", "QsQd"], "board": "Kd8h2c", "streets": true, "iterations": 100}"#,
        r#"/api/equity
{"game": "stud", "players": ["AhAd", "KsKc7d"], "monte_carlo": true, "time": 0.01}"#,
        r#"/api/rank
{"game": "razz", "hands": ["As2d3h4c6s7h8d", "AhAx"]}"#,
        r#"/api/rank
{"hands": ["AhKhQhJhTh"]}"#,
        r#"/api/range
{"range": "QQ+,AKs,T9s:0.5", "board": "Kd8h2c", "dead": "As"}"#,
        r#"/api/range
{"range": "15%"}"#,
        r#"/api/pushfold
{"stacks": [10], "ante": 0.1}"#,
        r#"/api/convert
{"text": "", "to": "pokerstars"}"#,
        r#"/api/deal
{"game": "nlhe", "hands": 5, "players": "2-6", "stakes": "50/100", "stats": true}"#,
        r#"/api/deal
{"game": "stud7", "hands": 3, "players": 8, "fold": 0, "seed": 4}"#,
        r#"/api/deal
{"game": "nlhe", "hands": 3, "bomb_pot": 10, "boards": 2, "stakes": "min-bet=2"}"#,
        r#"/api/deal
{"game": "nlhe", "hands": 4, "session": true, "players": 6, "runs": 2}"#,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for (_, text) in data.phh.iter().take(6) {
        let body = serde_json::json!({"text": text, "by": ["game"]}).to_string();
        seeds.push(format!("/api/luck\n{body}"));
        let body = serde_json::json!({"text": text, "check": true}).to_string();
        seeds.push(format!("/api/replay\n{body}"));
        let body = serde_json::json!({"text": text, "to": "pokerstars"}).to_string();
        seeds.push(format!("/api/convert\n{body}"));
    }
    for (_, bytes) in data.site_texts.iter().filter(|(_, b)| b.len() < 8192).take(6) {
        let text = String::from_utf8_lossy(bytes);
        let body = serde_json::json!({"text": text, "check": true, "rake": "5%:3bb"}).to_string();
        seeds.push(format!("/api/replay\n{body}"));
        let body = serde_json::json!({"text": text}).to_string();
        seeds.push(format!("/api/convert\n{body}"));
    }
    seeds.into_iter().map(String::into_bytes).collect()
}

/// Limits that keep each input to milliseconds.
fn limits() -> Limits {
    Limits {
        max_body: 64 << 10,
        max_iterations: 512,
        max_seconds: 0.02,
        max_threads: 1,
        max_hands: 16,
        max_depths: 1,
        seconds_flag: "--timeout",
    }
}

/// How long one input may run before its stop flag is raised (as `felt serve --timeout` does):
/// a query the limits let through may still choose a long enumeration or Monte Carlo run.
const BUDGET: Duration = Duration::from_millis(200);

/// The running input's flag and when it is to be raised, read by one watching thread.
static WATCHED: Mutex<Option<(Stop, Instant)>> = Mutex::new(None);

/// A flag raised [`BUDGET`] from now by the watching thread (started on the first call).
fn watched_stop() -> Stop {
    static WATCHER: OnceLock<()> = OnceLock::new();
    WATCHER.get_or_init(|| {
        std::thread::spawn(|| loop {
            std::thread::sleep(Duration::from_millis(5));
            if let Ok(w) = WATCHED.lock() {
                if let Some((stop, _)) = w.as_ref().filter(|(_, at)| Instant::now() >= *at) {
                    stop.raise();
                }
            }
        });
    });
    let stop = Stop::new();
    if let Ok(mut w) = WATCHED.lock() {
        *w = Some((stop.clone(), Instant::now() + BUDGET));
    }
    stop
}

fn check_api(input: &[u8]) -> Check {
    let text = super::as_text(input);
    let (path, body) = text.split_once('\n').unwrap_or((&text, ""));
    let route = Route::from_path(path.trim()).unwrap_or(Route::Rank);
    let answer = handle(route, body.as_bytes(), &limits(), &watched_stop());
    let Some(object) = answer.body.as_object() else {
        return Err(format!("{path}: the answer is not a JSON object: {}", answer.body));
    };
    let error = object.get("error");
    match (answer.status, error) {
        (200, None) => Ok(key((route.path(), 200, object.keys().collect::<Vec<_>>()))),
        (200, Some(_)) => Err(format!("{path}: status 200 with an error: {}", answer.body)),
        (400 | 413 | 503, Some(e)) => {
            let message = e["message"].as_str().unwrap_or_default();
            if message.is_empty() || e.get("where").is_none() {
                return Err(format!("{path}: an error without a message or place: {e}"));
            }
            Ok(key((route.path(), answer.status, shape(message))))
        }
        (status, _) => Err(format!("{path}: status {status}: {}", answer.body)),
    }
}
