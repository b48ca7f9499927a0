//! `POST /api/deal` on a real `felt serve`: the bundle is byte for byte what `felt deal` writes
//! for the same flags, it replays legal and matching through `/api/replay`, every bad request
//! gets a 400 with `felt deal`'s message and its field, and a raised stop flag ends the dealing.

use std::process::{Command, Stdio};

use feltkit::api::{handle, Limits, Route};
use feltkit::play::deal::{DealFailure, DealSettings};
use feltkit::stop::Stop;
use serde_json::{json, Value};

use super::serve::Server;

/// `felt deal ARGS`: its exit code, stdout and stderr.
fn felt_deal(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_felt"))
        .arg("deal")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

/// Sections `[1]` to `[n]`, each once and in order.
fn sections(bundle: &str) -> usize {
    let heads: Vec<&str> = bundle.lines().filter(|l| l.starts_with('[')).collect();
    for (k, head) in heads.iter().enumerate() {
        assert_eq!(*head, format!("[{}]", k + 1));
    }
    heads.len()
}

#[test]
fn the_bundle_is_what_felt_deal_writes_for_the_same_flags() {
    let s = Server::start(&[]);
    let cases: [(Value, Vec<&str>, usize); 9] = [
        (
            json!({"game": "nlhe", "hands": 600, "seed": 3}),
            vec!["-g", "nlhe", "-n", "600", "--seed", "3"],
            600,
        ),
        (
            json!({"game": "stud7", "hands": 300, "seed": 1}),
            vec!["-g", "stud7", "-n", "300", "--seed", "1"],
            300,
        ),
        (
            json!({"game": "razz", "hands": 300, "seed": 2}),
            vec!["-g", "razz", "-n", "300", "--seed", "2"],
            300,
        ),
        (
            json!({"game": "PO", "hole_cards": 5, "hands": 300, "seed": 4}),
            vec!["-g", "PO", "--hole-cards", "5", "-n", "300", "--seed", "4"],
            300,
        ),
        (
            json!({"game": "nlhe", "session": true, "players": 6, "hands": 300}),
            vec!["-g", "nlhe", "--session", "--players", "6", "-n", "300"],
            300,
        ),
        (
            json!({"game": "nlhe", "bomb_pot": 10, "boards": 2, "stakes": "min-bet=2", "hands": 300}),
            vec![
                "-g",
                "nlhe",
                "--bomb-pot",
                "10",
                "--boards",
                "2",
                "--stakes",
                "min-bet=2",
                "-n",
                "300",
            ],
            300,
        ),
        (
            json!({"game": "nlhe", "stakes": "50/100", "players": "3-5", "fold": 10, "raise": 50,
                   "runs": 2, "hands": 300, "seed": 8}),
            vec![
                "-g",
                "nlhe",
                "--stakes",
                "50/100",
                "--players",
                "3-5",
                "--fold",
                "10",
                "--raise",
                "50",
                "--runs",
                "2",
                "-n",
                "300",
                "--seed",
                "8",
            ],
            300,
        ),
        (
            json!({"game": "americana-nl", "stacks": [50, 60, 70], "hands": 40, "muck": 0}),
            vec!["-g", "americana-nl", "--stacks", "50,60,70", "-n", "40", "--muck", "0"],
            40,
        ),
        // The defaults: 1000 hands, seed 0.
        (json!({"game": "flo8"}), vec!["-g", "flo8"], 1000),
    ];
    for (body, args, hands) in cases {
        let (status, _, v) = s.post("/api/deal", &body.to_string());
        assert_eq!(status, 200, "{body}: {v}");
        let (code, out, err) = felt_deal(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let bundle = v["bundle"].as_str().unwrap();
        assert!(bundle == out, "{body}: the bundle is not what felt deal {args:?} writes");
        assert_eq!(sections(bundle), hands, "{body}");
        assert_eq!(v["hands"], hands, "{body}");
        assert!(v.get("stats").is_none(), "{body}: stats not asked for");
    }
    // Stats: the table of --stats, and its counts one by one.
    let body = json!({"game": "stud7", "players": 8, "fold": 0, "hands": 20, "stats": true});
    let (status, _, v) = s.post("/api/deal", &body.to_string());
    assert_eq!(status, 200, "{v}");
    let (_, out, err) =
        felt_deal(&["-g", "stud7", "--players", "8", "--fold", "0", "-n", "20", "--stats"]);
    assert_eq!(v["bundle"], out);
    assert_eq!(v["stats"]["text"], err.trim_end());
    assert_eq!(v["stats"]["hands"], 20);
    // Nobody folds: all eight reach seventh street, where the deck runs short and one
    // community card is dealt to all, in every hand.
    let community = v["stats"]["situations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"].as_str().unwrap().contains("stud community cards"))
        .unwrap();
    assert_eq!(community["hands"], 20, "{community}");
    assert_eq!(community["per_10000_hands"], 10_000.0);
}

#[test]
fn the_bundle_replays_legal_and_matching() {
    let s = Server::start(&[]);
    for body in [
        json!({"game": "nlhe", "hands": 400, "players": "2-9", "seed": 11}),
        json!({"game": "stud7-spread", "hands": 300, "seed": 12}),
        json!({"game": "plo", "hole_cards": 6, "structure": "pot-limit-preflop", "hands": 300}),
        json!({"game": "nlhe", "bomb_pot": 20, "hands": 300, "runs": 3}),
        json!({"game": "F2L3D", "hands": 300, "stakes": "ante=1", "seed": 13}),
    ] {
        let (status, _, v) = s.post("/api/deal", &body.to_string());
        assert_eq!(status, 200, "{body}: {v}");
        let n = v["hands"].as_u64().unwrap();
        let text = v["bundle"].as_str().unwrap();
        let (status, _, r) =
            s.post("/api/replay", &json!({"text": text, "check": true}).to_string());
        assert_eq!(status, 200, "{r}");
        assert_eq!(r["summary"]["hands"], n, "{body}: {}", r["summary"]);
        assert_eq!(r["summary"]["ok"], n, "{body}: {}", r["summary"]);
    }
}

/// A 400's message and field.
fn refused(s: &Server, body: &str) -> (String, Value) {
    let (status, _, v) = s.post("/api/deal", body);
    assert_eq!(status, 400, "{body}: {v}");
    (v["error"]["message"].as_str().unwrap().to_string(), v["error"]["where"].clone())
}

#[test]
fn bad_deals_say_what_and_where_as_felt_deal_does() {
    let s = Server::start(&[]);
    // The checks of the settings together: the message `felt deal` gives, word for word.
    for (body, args, field) in [
        (json!({"game": "5CD"}), vec!["-g", "5CD"], "game"),
        (
            json!({"game": "nlhe", "players": 3, "stakes": "bring-in=3"}),
            vec!["-g", "nlhe", "--players", "3", "--stakes", "bring-in=3"],
            "stakes",
        ),
        (
            json!({"game": "stud7", "stakes": "10/5"}),
            vec!["-g", "stud7", "--stakes", "10/5"],
            "stakes",
        ),
        (json!({"game": "stud7", "players": 9}), vec!["-g", "stud7", "--players", "9"], "players"),
        (
            json!({"game": "PO", "hole_cards": 6, "players": "8"}),
            vec!["-g", "PO", "--hole-cards", "6", "--players", "8"],
            "players",
        ),
        (
            json!({"game": "NT", "hole_cards": 5}),
            vec!["-g", "NT", "--hole-cards", "5"],
            "hole_cards",
        ),
        (
            json!({"game": "stud7", "structure": "no-limit"}),
            vec!["-g", "stud7", "--structure", "no-limit"],
            "structure",
        ),
        (
            json!({"game": "nlhe", "players": 3, "stacks": [10, 20]}),
            vec!["-g", "nlhe", "--players", "3", "--stacks", "10,20"],
            "stacks",
        ),
        (
            json!({"game": "nlhe", "session": true, "players": "2-4"}),
            vec!["-g", "nlhe", "--session", "--players", "2-4"],
            "players",
        ),
        (
            json!({"game": "stud7", "bomb_pot": 5}),
            vec!["-g", "stud7", "--bomb-pot", "5"],
            "bomb_pot",
        ),
        (
            json!({"game": "nlhe", "bomb_pot": 5, "session": true}),
            vec!["-g", "nlhe", "--bomb-pot", "5", "--session"],
            "bomb_pot",
        ),
        (
            json!({"game": "nlhe", "bomb_pot": 5, "boards": 2, "runs": 2}),
            vec!["-g", "nlhe", "--bomb-pot", "5", "--boards", "2", "--runs", "2"],
            "runs",
        ),
    ] {
        let (message, at) = refused(&s, &body.to_string());
        let (code, out, err) = felt_deal(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert_eq!(format!("felt: {message}\n"), err, "{body}");
        assert_eq!(at, json!({ "field": field }), "{body}");
    }
    // A field the command's parser refuses: its message after the field's name.
    for (body, field, words) in [
        (
            json!({"game": "nlhe", "stakes": "pot=3"}),
            "stakes",
            "stakes: `pot` is not a part of the stakes",
        ),
        (
            json!({"game": "nlhe", "stakes": "ante=1,ante=2"}),
            "stakes",
            "stakes: `ante` is given twice",
        ),
        (
            json!({"game": "nlhe", "fold": 101}),
            "fold",
            "fold: `101`: expected a percentage from 0 to 100",
        ),
        (
            json!({"game": "nlhe", "players": 11}),
            "players",
            "players: `11`: expected a number of players from 2 to 10",
        ),
        (
            json!({"game": "nlhe", "players": "6-2"}),
            "players",
            "players: `6-2`: expected a number of players",
        ),
        (
            json!({"game": "nlhe", "stacks": [0]}),
            "stacks",
            "stacks: `0`: expected a whole number of chips from 1 to",
        ),
        (
            json!({"game": "nlhe", "bomb_pot": -5}),
            "bomb_pot",
            "bomb_pot: `-5`: expected a whole number of chips from 1 to",
        ),
        (
            json!({"game": "nlhe", "runs": 4}),
            "runs",
            "runs: 4 is out of range: expected a whole number from 1 to 3",
        ),
        (
            json!({"game": "nlhe", "bomb_pot": 5, "boards": 3}),
            "boards",
            "boards: 3 is out of range: expected a whole number from 1 to 2",
        ),
        (
            json!({"game": "nlhe", "boards": 2}),
            "boards",
            "--boards: the boards of a bomb pot: give --bomb-pot",
        ),
        // The bound of a request, said.
        (
            json!({"game": "nlhe", "hands": 10001}),
            "hands",
            "hands: 10001 is out of range: expected a whole number from 1 to 10000",
        ),
        (
            json!({"game": "nlhe", "hands": 0}),
            "hands",
            "hands: 0 is out of range: expected a whole number from 1 to 10000",
        ),
    ] {
        let (message, at) = refused(&s, &body.to_string());
        assert!(message.starts_with(words), "{body}: {message}");
        assert_eq!(at, json!({ "field": field }), "{body}");
    }
    // The same words as the command line's flag.
    let (_, _, err) = felt_deal(&["-g", "nlhe", "--fold", "101"]);
    assert!(err.contains("`101`: expected a percentage from 0 to 100"), "{err}");
    // Unknown fields (the command's own `output` and `threads` among them), missing ones, and
    // wrong types: the body's line and column, and serde's words.
    for (body, words) in [
        (r#"{"game": "nlhe", "output": "x.phhs"}"#, "unknown field `output`"),
        (r#"{"game": "nlhe", "threads": 2}"#, "unknown field `threads`"),
        (r#"{"game": "nlhe", "n": 5}"#, "unknown field `n`"),
        (r#"{"hands": 5}"#, "missing field `game`"),
        (r#"{"game": 5}"#, "invalid type: integer `5`, expected a string"),
        (r#"{"game": "nlhe", "hands": "ten"}"#, "invalid type: string \"ten\""),
        (r#"{"game": "nlhe", "hands": 1e9}"#, "invalid type: floating point"),
        (
            r#"{"game": "nlhe", "stacks": "100"}"#,
            "invalid type: string \"100\", expected a sequence",
        ),
        (
            r#"{"game": "nlhe", "players": [9]}"#,
            "expected a number of players, or a range such as \"2-6\"",
        ),
        (r#"{"game": "nlhe", "session": "yes"}"#, "expected a boolean"),
        (r#"{"game": "nlhe", "seed": -1}"#, "invalid value: integer `-1`"),
    ] {
        let (message, at) = refused(&s, body);
        assert!(message.starts_with("the body: a field is wrong: "), "{body}: {message}");
        assert!(message.contains(words), "{body}: {message}");
        assert_eq!(at["line"], 1, "{body}: {at}");
    }
    assert_eq!(s.get("/api/health").0, 200);
}

#[test]
fn a_raised_stop_flag_ends_the_dealing_between_blocks() {
    let stop = Stop::new();
    stop.raise();
    let mut settings = DealSettings::new("nlhe");
    settings.hands = 10_000;
    let mut deal = settings.clone().check().unwrap();
    assert!(matches!(deal.bundle(&stop), Err(DealFailure::Stopped)));
    let mut written = Vec::new();
    assert!(matches!(deal.write(&mut written, 2, &stop), Err(DealFailure::Stopped)));
    assert!(written.is_empty(), "{} bytes written after the stop", written.len());
    settings.session = true;
    settings.players = Some((6, 6));
    let mut deal = settings.check().unwrap();
    assert!(matches!(deal.bundle(&stop), Err(DealFailure::Stopped)));
    // Through the API: a 503 that says so.
    let answer = handle(Route::Deal, br#"{"game": "nlhe"}"#, &Limits::default(), &stop);
    assert_eq!(answer.status, 503);
    assert_eq!(answer.body["error"]["message"], feltkit::stop::STOPPED);
    // Unraised, the same settings deal every hand.
    let (bundle, counts) = DealSettings { hands: 300, ..DealSettings::new("stud7") }
        .check()
        .unwrap()
        .bundle(&Stop::new())
        .unwrap();
    assert_eq!((sections(&bundle) as u64, counts.hands), (300, 300));
}

#[test]
fn settings_a_program_sets_out_of_bounds_are_refused_by_the_check() {
    let refused = |change: &dyn Fn(&mut DealSettings), field: &str, words: &str| {
        let mut s = DealSettings::new("nlhe");
        s.hands = 5;
        change(&mut s);
        let e = s.check().unwrap_err();
        assert_eq!(e.field, field, "{e}");
        assert!(e.message.contains(words), "{e}");
    };
    refused(&|s| s.hands = 0, "hands", "--hands 0: expected 1 to 100000000 hands");
    refused(&|s| s.runs = 0, "runs", "--runs 0: expected 1 to 3 runs");
    refused(&|s| s.fold = Some(101), "fold", "--fold: `101`: expected a percentage");
    refused(&|s| s.players = Some((1, 4)), "players", "expected a number of players from 2 to 10");
    refused(&|s| s.players = Some((5, 3)), "players", "`5-3`");
    refused(
        &|s| s.stacks = vec![feltkit::rules::Chips(-1)],
        "stacks",
        "`-1`: expected a whole number of chips from 1",
    );
    refused(
        &|s| {
            s.bomb_pot = Some(feltkit::rules::Chips(5));
            s.boards = Some(3);
        },
        "boards",
        "--boards 3: expected 1 or 2 boards",
    );
}
