//! `felt serve` driven as a real process on a free port of 127.0.0.1: every endpoint answers
//! what the same command's `--json` writes, every error path says what and where, a query past
//! `--timeout` is stopped, a full server refuses with 503, and SIGTERM lets a running query
//! finish before the server exits 0.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The tests' HTTP client.
type Client = ureq::Agent;

/// A `felt serve` process, killed when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    client: Client,
}

impl Server {
    /// Starts `felt serve --bind 127.0.0.1:0` with `args`, and reads the address it prints.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_felt"))
            .args(["serve", "--bind", "127.0.0.1:0"])
            .args(args)
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let first = lines.next().unwrap().unwrap();
        let base = first.strip_prefix("listening on ").unwrap_or_else(|| panic!("{first}"));
        // The rest of stderr is drained so that the server never blocks writing it.
        std::thread::spawn(move || lines.for_each(drop));
        Server { child, base: base.to_string(), client: client(Duration::from_secs(120)) }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// POSTs `body` to `path`: the status, the Retry-After header and the JSON answer.
    pub fn post(&self, path: &str, body: &str) -> (u16, Option<String>, Value) {
        post(&self.client, &format!("{}{path}", self.base), body)
    }

    /// GETs `path`: the status and the JSON answer.
    pub fn get(&self, path: &str) -> (u16, Value) {
        let mut r = self.client.get(format!("{}{path}", self.base)).call().unwrap();
        let text = r.body_mut().read_to_string().unwrap();
        (r.status().as_u16(), serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// Sends SIGTERM and waits for the exit: its code.
    pub fn terminate(mut self) -> Option<i32> {
        let pid = self.pid().to_string();
        assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
        let status = self.child.wait().unwrap();
        status.code()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP client that returns every status as an answer.
pub fn client(timeout: Duration) -> Client {
    Client::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(timeout))
        .build()
        .into()
}

/// POSTs `body` to `url`: the status, the Retry-After header and the JSON answer.
pub fn post(client: &Client, url: &str, body: &str) -> (u16, Option<String>, Value) {
    let mut r = client.post(url).header("content-type", "application/json").send(body).unwrap();
    let retry = r.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(String::from);
    let text = r.body_mut().read_to_string().unwrap();
    let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (r.status().as_u16(), retry, v)
}

/// What `felt ARGS` writes on stdout, `stdin` given on its standard input.
fn felt(args: &[&str], stdin: &str) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_felt"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn felt_json(args: &[&str]) -> Value {
    let (out, err) = felt(args, "");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out} {err}"))
}

/// A 400's message and place.
fn error(answer: (u16, Option<String>, Value)) -> (String, Value) {
    let (status, _, v) = answer;
    assert_eq!(status, 400, "{v}");
    (v["error"]["message"].as_str().unwrap().to_string(), v["error"]["where"].clone())
}

/// The hand of the library's tour: three players, p2 wins 13 and gets the uncalled 10 back.
const HAND: &str = "variant = 'nlhe'
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 7c2d', 'd dh p2 AsAh', 'd dh p3 KsQs', 'p3 cbr 6', 'p1 f', 'p2 cc',
           'd db 9h5c2s', 'p2 cbr 10', 'p3 f']
finishing_stacks = [99, 107, 94]
";

#[test]
fn every_endpoint_answers_what_the_command_writes() {
    let s = Server::start(&[]);
    let cases: [(&str, Value, Vec<&str>); 6] = [
        (
            "/api/equity",
            json!({"players": ["AhKh", "QQ+,AKs"], "board": "Js7c2d"}),
            vec!["equity", "AhKh", "QQ+,AKs", "--board", "Js7c2d", "--json"],
        ),
        (
            "/api/equity",
            json!({"game": "omaha", "players": ["AhAdKhKd", "JT98ds"], "iterations": 20000,
                   "seed": 7}),
            vec![
                "equity",
                "--game",
                "omaha",
                "AhAdKhKd",
                "JT98ds",
                "--iterations",
                "20000",
                "--seed",
                "7",
                "--json",
            ],
        ),
        (
            "/api/equity",
            json!({"players": ["QQ+,AKs", "JJ"], "board": "Ks7d2c", "by_hand": true,
                   "combos": true}),
            vec!["equity", "QQ+,AKs", "JJ", "--board", "Ks7d2c", "--by-hand", "--combos", "--json"],
        ),
        (
            "/api/equity",
            json!({"players": ["AhKh", "QsQd"], "board": "Kd8h2c", "streets": true}),
            vec!["equity", "AhKh", "QsQd", "--board", "Kd8h2c", "--streets", "--json"],
        ),
        (
            "/api/range",
            json!({"range": "QQ+,AKs,T9s:0.5", "board": "Kd8h2c", "dead": "As"}),
            vec!["range", "QQ+,AKs,T9s:0.5", "--board", "Kd8h2c", "--dead", "As", "--json"],
        ),
        ("/api/pushfold", json!({"stacks": [10]}), vec!["pushfold", "--stacks", "10", "--json"]),
    ];
    for (path, body, args) in cases {
        let (status, _, v) = s.post(path, &body.to_string());
        assert_eq!(status, 200, "{path} {body}: {v}");
        assert_eq!(v, felt_json(&args), "{path} {body}");
    }
    // Several depths: an array, as the command writes.
    let (_, _, v) = s.post("/api/pushfold", r#"{"stacks": [5, 15], "ante": 0.1}"#);
    let cli = felt_json(&["pushfold", "--stacks", "5,15", "--ante", "0.1", "--json"]);
    assert_eq!(v, cli);

    // Ranking: one object per hand, the bad one in its place.
    let (status, _, v) =
        s.post("/api/rank", r#"{"game": "razz", "hands": ["As2d3h4c6s7h8d", "AhAx"]}"#);
    assert_eq!(status, 200);
    let (out, _) = felt(&["rank", "--game", "razz", "--json", "As2d3h4c6s7h8d", "AhAx"], "");
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(v["hands"], json!(lines));
    assert_eq!(v["failed"], 1);

    // Replay: each hand's report and the summary, as `felt replay --check --json -`.
    let (status, _, v) = s.post("/api/replay", &json!({"text": HAND, "check": true}).to_string());
    assert_eq!(status, 200, "{v}");
    let (out, _) = felt(&["replay", "--check", "--json", "-"], HAND);
    let mut lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let summary = lines.pop().unwrap();
    assert_eq!(summary, v["summary"]);
    assert_eq!(summary["ok"], 1, "the hand's stacks, worked out by hand, match: {summary}");
    assert_eq!(v["hands"].as_array().unwrap().len(), lines.len());
    for (api, cli) in v["hands"].as_array().unwrap().iter().zip(&lines) {
        let strip = |v: &Value| {
            let mut v = v.clone();
            v.as_object_mut().unwrap().retain(|k, _| k != "file" && k != "source");
            v
        };
        assert_eq!(strip(api), strip(cli));
    }

    // Convert: the bundle `felt convert` writes, and PokerStars text.
    let stars = std::fs::read_to_string("tests/data/pokerstars/all_in_preflop.txt").unwrap();
    let (status, _, v) = s.post("/api/convert", &json!({"text": stars}).to_string());
    assert_eq!(status, 200, "{v}");
    let (out, _) = felt(&["convert", "-"], &stars);
    assert_eq!(v["text"], out);
    assert!(v["hands"].as_u64().unwrap() >= 1);
    let (status, _, v) =
        s.post("/api/convert", &json!({"text": HAND, "to": "pokerstars"}).to_string());
    assert_eq!(status, 200, "{v}");
    let (out, _) = felt(&["convert", "--to", "pokerstars", "-"], HAND);
    assert_eq!(v["text"], out);

    // Luck: each player's results against their all-in equity, as `felt luck --json -`.
    let (status, _, v) = s.post("/api/luck", &json!({"text": stars}).to_string());
    assert_eq!(status, 200, "{v}");
    let (out, _) = felt(&["luck", "--json", "-"], &stars);
    let cli: Value = serde_json::from_str(out.trim()).unwrap();
    for key in ["summary", "hands", "all_in", "files", "players", "cashouts", "insurance"] {
        assert_eq!(v[key], cli[key], "{key}");
    }
    assert!(v["all_in"].as_u64().unwrap() >= 1, "{v}");

    // The GET endpoints.
    assert_eq!(s.get("/api/health"), (200, json!({"status": "ok"})));
    let (status, v) = s.get("/api/version");
    assert_eq!(status, 200);
    let (out, _) = felt(&["--version"], "");
    assert_eq!(format!("felt {}", v["long"].as_str().unwrap()), out.trim_end());
    let (status, v) = s.get("/api");
    assert_eq!(status, 200);
    assert!(v["post"].as_array().unwrap().contains(&json!("/api/equity")));
}

#[test]
fn the_openapi_description_matches_the_router() {
    let s = Server::start(&[]);
    let (status, doc) = s.get("/openapi.json");
    assert_eq!(status, 200);
    let described: BTreeSet<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, ops)| ops.as_object().unwrap().keys().map(|m| (path.clone(), m.clone())))
        .collect();
    // What the server serves: `/api` lists the routes (`/` is the page).
    let (_, index) = s.get("/api");
    let mut served = BTreeSet::new();
    for (method, list) in [("post", &index["post"]), ("get", &index["get"])] {
        for p in list.as_array().unwrap() {
            served.insert((p.as_str().unwrap().to_string(), method.to_string()));
        }
    }
    assert_eq!(described, served);
    // Each route served answers its own method, and refuses the other with 405.
    for (path, method) in &served {
        let (status, _) = match method.as_str() {
            "get" => s.get(path),
            _ => {
                let (status, _, v) = s.post(path, "{}");
                (status, v)
            }
        };
        assert_ne!(status, 404, "{method} {path}");
        assert_ne!(status, 405, "{method} {path}");
    }
    // Every example gets a 200 whose fields are those its schema lists.
    let fields = |schema: &Value| -> BTreeSet<String> {
        schema["properties"].as_object().map_or_else(BTreeSet::new, |o| o.keys().cloned().collect())
    };
    let mut examples = 0;
    for (path, ops) in doc["paths"].as_object().unwrap() {
        let Some(post) = ops.get("post") else { continue };
        let content = &post["requestBody"]["content"]["application/json"];
        let schema = &post["responses"]["200"]["content"]["application/json"]["schema"];
        let shapes: Vec<&Value> = match schema.get("oneOf") {
            Some(list) => list.as_array().unwrap().iter().collect(),
            None => vec![schema],
        };
        for (name, example) in content["examples"].as_object().unwrap() {
            let (status, _, v) = s.post(path, &example["value"].to_string());
            assert_eq!(status, 200, "{path} example {name}: {v}");
            let got: BTreeSet<String> = v.as_object().unwrap().keys().cloned().collect();
            assert!(
                shapes.iter().any(|shape| {
                    let listed = fields(shape);
                    let required: BTreeSet<String> = shape["required"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|r| r.as_str().unwrap().to_string())
                        .collect();
                    got.is_subset(&listed) && required.is_subset(&got)
                }),
                "{path} example {name}: fields {got:?} are not those of its schema"
            );
            examples += 1;
        }
    }
    assert!(examples >= 9, "{examples} examples");
}

#[test]
fn bad_requests_say_what_and_where() {
    let s = Server::start(&["--max-body", "2048"]);
    // A bad card: the message `felt equity` gives, and the player.
    let answer = s.post("/api/equity", r#"{"players": ["AhKh", "QsQx"]}"#);
    let (message, at) = error(answer);
    let (_, err) = felt(&["equity", "AhKh", "QsQx"], "");
    assert_eq!(format!("felt: {message}"), err.lines().next().unwrap());
    assert_eq!(at["field"], "players[1]");
    // A bad range, at its column.
    let answer = s.post("/api/range", r#"{"range": "QQ+,AKx"}"#);
    let (message, at) = error(answer);
    assert!(message.starts_with("range \"QQ+,AKx\""), "{message}");
    assert_eq!(at, json!({"field": "range", "column": 5}));
    let answer = s.post("/api/equity", r#"{"players": ["QQ+,AKx", "JJ"]}"#);
    let (_, at) = error(answer);
    assert_eq!((&at["field"], &at["column"]), (&json!("players[0]"), &json!(5)));
    // Malformed JSON: the line and column.
    let answer = s.post("/api/equity", "{\n  \"players\": [\"AhKh\",\n  }");
    let (message, at) = error(answer);
    assert!(message.starts_with("the body: not JSON"), "{message}");
    assert_eq!(at, json!({"line": 3, "column": 3}));
    // An unknown field, named; a missing one, named.
    let (message, _) = error(s.post("/api/equity", r#"{"players": ["AA", "KK"], "iters": 5}"#));
    assert!(message.contains("unknown field `iters`"), "{message}");
    let (message, _) = error(s.post("/api/equity", r#"{"board": "2c3d4h"}"#));
    assert!(message.contains("missing field `players`"), "{message}");
    // Bounds, named as the flags are.
    let (message, at) =
        error(s.post("/api/equity", r#"{"players": ["AA", "KK"], "iterations": 0}"#));
    assert!(message.contains("expected a whole number from 1 to"), "{message}");
    assert_eq!(at["field"], "iterations");
    let (message, _) =
        error(s.post("/api/equity", r#"{"players": ["AA", "KK"], "threads": 100000}"#));
    assert!(message.contains("threads: 100000 is out of range"), "{message}");
    let (message, _) = error(s.post("/api/equity", r#"{"players": ["AA", "KK"], "time": 1e9}"#));
    assert!(message.contains("--timeout"), "{message}");
    let (message, _) = error(s.post("/api/pushfold", r#"{"stacks": [0.5]}"#));
    assert!(message.contains("expected big blinds from 1 to 1000"), "{message}");
    let (message, _) = error(s.post("/api/convert", r#"{"text": "hello"}"#));
    assert!(message.starts_with("neither"), "{message}");
    // Too large a body: 413, as JSON.
    let big = json!({"players": ["AA", "KK"], "board": " ".repeat(4000)}).to_string();
    let (status, _, v) = s.post("/api/equity", &big);
    assert_eq!(status, 413);
    assert!(v["error"]["message"].as_str().unwrap().contains("--max-body"));
    // Unknown routes and wrong methods: JSON too.
    let (status, v) = s.get("/api/nothing");
    assert_eq!(status, 404);
    assert!(v["error"]["message"].as_str().unwrap().contains("/api/nothing"));
    let (status, v) = s.get("/api/equity");
    assert_eq!(status, 405);
    assert_eq!(v["error"]["message"], "/api/equity takes POST, not GET");
    let (status, _, _) = s.post("/api/health", "{}");
    assert_eq!(status, 405);
    // Nothing above hurt the server.
    assert_eq!(s.get("/api/health").0, 200);
}

#[test]
fn a_query_past_the_timeout_is_stopped_and_its_slot_freed() {
    let s = Server::start(&["--timeout", "1", "--max-concurrent", "1"]);
    let endless = r#"{"players": ["AhKh", "QsQd"], "iterations": 1000000000000}"#;
    let start = Instant::now();
    let (status, _, v) = s.post("/api/equity", endless);
    let took = start.elapsed();
    assert_eq!(status, 504, "{v}");
    let message = v["error"]["message"].as_str().unwrap();
    assert!(message.contains("limit of 1 s (--timeout)"), "{message}");
    assert!(took >= Duration::from_millis(900) && took < Duration::from_secs(3), "{took:?}");
    // The work really stopped: the one slot is free again for the next query, at once.
    let mut answered = false;
    for _ in 0..20 {
        let (status, _, _) =
            s.post("/api/equity", r#"{"players": ["AhKh", "QsQd"], "board": "2c7d9h"}"#);
        if status == 200 {
            answered = true;
            break;
        }
        assert_eq!(status, 503);
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(answered, "the stopped query kept its slot");
}

#[test]
fn a_full_server_refuses_with_503_and_cheap_queries_still_pass() {
    let s = Server::start(&["--max-concurrent", "1"]);
    let url = format!("{}/api/equity", s.base);
    let long = std::thread::spawn(move || {
        let body = r#"{"players": ["AhKh", "QsQd"], "time": 4}"#;
        post(&client(Duration::from_secs(60)), &url, body)
    });
    // Time for the long query to take the one slot, on a machine busy with other tests too.
    std::thread::sleep(Duration::from_millis(1000));
    let (status, retry, v) =
        s.post("/api/equity", r#"{"players": ["AA", "KK"], "iterations": 10}"#);
    assert_eq!(status, 503, "{v}");
    assert_eq!(retry.as_deref(), Some("1"));
    assert!(v["error"]["message"].as_str().unwrap().contains("--max-concurrent"));
    let start = Instant::now();
    let (status, _, _) = s.post("/api/rank", r#"{"hands": ["AhKhQhJhTh"]}"#);
    assert_eq!(status, 200);
    assert!(start.elapsed() < Duration::from_millis(500), "{:?}", start.elapsed());
    let (status, _, v) = long.join().unwrap();
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["method"], "monte_carlo");
}

#[test]
fn sigterm_lets_the_running_query_finish_then_exits_0() {
    let s = Server::start(&[]);
    let url = format!("{}/api/equity", s.base);
    let running = std::thread::spawn(move || {
        let body = r#"{"players": ["AhKh", "QsQd"], "time": 3}"#;
        post(&client(Duration::from_secs(60)), &url, body)
    });
    std::thread::sleep(Duration::from_millis(1000));
    let start = Instant::now();
    let code = s.terminate();
    let (status, _, v) = running.join().unwrap();
    assert_eq!(status, 200, "{v}");
    assert!(v["deals"].as_u64().unwrap() > 0);
    assert_eq!(code, Some(0));
    assert!(start.elapsed() >= Duration::from_millis(1000), "exited before the query ended");
}
