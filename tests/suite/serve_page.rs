//! `felt serve`'s web page: the API fields it needs (the command's SVG pictures, a hand's
//! states step by step) held to the command line and to hand-computed stacks, and the page
//! itself driven in headless Chromium with real mouse input, its numbers held to `felt equity
//! --json`.
//!
//! `FELTKIT_SCREENSHOTS=1 cargo test --release --test suite serve_page` also writes the
//! screenshots of docs/serve.md (docs/serve-*.png).

use std::collections::BTreeMap;
use std::process::Command;
use std::time::Instant;

use serde_json::{json, Value};

use crate::cdp::Browser;
use crate::serve::Server;

/// A PokerStars hand of three players all in before the flop (tests/data/pokerstars): the aces
/// win the main pot, the kings the side pot.
const SIDE_POTS: &str = include_str!("../data/pokerstars/cash_nl_side_pots.txt");

/// The same hand, its main pot's collected amount a dollar short.
const WRONG_COLLECTED: &str = include_str!("../data/pokerstars/broken_wrong_collected.txt");

fn felt_stdout(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_felt")).args(args).output().unwrap();
    assert!(out.status.success(), "felt {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn ok(s: &Server, path: &str, body: &Value) -> Value {
    let (status, _, v) = s.post(path, &body.to_string());
    assert_eq!(status, 200, "{path} {body}: {v}");
    v
}

#[test]
fn the_equity_pictures_of_the_api_are_the_command_s_svg_files() {
    let s = Server::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.svg");
    let file = path.to_str().unwrap();
    let players = ["AhKh", "QQ+,AKs"];
    // By hand: one grid a player, each the file of --player N.
    let v = ok(
        &s,
        "/api/equity",
        &json!({"players": players, "board": "Js7c2d", "by_hand": true, "svg": true}),
    );
    let svgs = v["svg"].as_array().unwrap();
    assert_eq!(svgs.len(), 2);
    for (n, svg) in svgs.iter().enumerate() {
        let player = (n + 1).to_string();
        felt_stdout(&[
            "equity",
            "AhKh",
            "QQ+,AKs",
            "--board",
            "Js7c2d",
            "--by-hand",
            "--svg",
            file,
            "--player",
            &player,
        ]);
        assert_eq!(
            svg.as_str().unwrap(),
            std::fs::read_to_string(&path).unwrap(),
            "player {player}"
        );
    }
    // Street by street along a runout, and card by card from a flop.
    for board in ["Js7c2d4h9s", "Js7c2d"] {
        let v = ok(
            &s,
            "/api/equity",
            &json!({"players": players, "board": board, "streets": true, "svg": true}),
        );
        felt_stdout(&["equity", "AhKh", "QQ+,AKs", "--board", board, "--streets", "--svg", file]);
        assert_eq!(v["svg"].as_str().unwrap(), std::fs::read_to_string(&path).unwrap(), "{board}");
        assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
    }
    // Without a picture to draw, svg is an error that says why.
    let (status, _, v) =
        s.post("/api/equity", &json!({"players": players, "svg": true}).to_string());
    assert_eq!(status, 400);
    assert_eq!(v["error"]["where"]["field"], "svg");
    // Without svg, the answers are the command's --json as before: no svg field.
    let v = ok(&s, "/api/equity", &json!({"players": players, "board": "Js7c2d", "by_hand": true}));
    assert!(v.get("svg").is_none());
}

/// The stacks, bets and pot of each step, by seat (p1 is the small blind: Bo, $20; p2 the
/// big blind: Cy, $50; p3 the button: Ann, $100).
#[test]
fn replay_steps_are_the_engine_s_states_of_the_hand() {
    let s = Server::start(&[]);
    let v = ok(&s, "/api/replay", &json!({"text": SIDE_POTS, "check": true, "steps": true}));
    let hand = &v["hands"][0];
    assert_eq!(hand["ok"], true, "{hand}");
    assert_eq!(hand["names"], json!({"p1": "Bo: Ko", "p2": "Cy [x]", "p3": "Ann Lee"}));
    let steps = hand["steps"].as_array().unwrap();
    let by_action: BTreeMap<String, &Value> =
        steps.iter().filter_map(|s| Some((s["action"].as_str()?.to_string(), s))).collect();
    let stacks = |s: &Value| s["stacks"].clone();
    // The start: blinds of 0.50 and 1 posted.
    assert_eq!(steps[0]["number"], 0);
    assert_eq!(stacks(&steps[0]), json!(["19.50", "49.00", "100.00"]));
    assert_eq!(steps[0]["pot"], "1.50");
    // Ann raises to 3: 97 behind; Bo all in for 20; Cy all in for 50; Ann calls 47 more.
    assert_eq!(stacks(by_action["p3 cbr 3.00"]), json!(["19.50", "49.00", "97.00"]));
    assert_eq!(stacks(by_action["p1 cbr 20.00"]), json!(["0.00", "49.00", "97.00"]));
    assert_eq!(stacks(by_action["p2 cbr 50.00"]), json!(["0.00", "0.00", "97.00"]));
    let called = by_action["p3 cc"];
    assert_eq!(stacks(called), json!(["0.00", "0.00", "50.00"]));
    // 20 + 50 + 50 in the pot: a main pot of 3 × 20 for everyone, a side pot of 2 × 30 for
    // Cy and Ann.
    assert_eq!(called["pot"], "120.00");
    assert_eq!(
        called["pots"],
        json!([{"amount": "60.00", "eligible": ["p1", "p2", "p3"]},
               {"amount": "60.00", "eligible": ["p2", "p3"]}])
    );
    // The board as it comes, and the showdown.
    let last = steps.last().unwrap();
    assert_eq!(last["board"], json!(["2c", "7d", "9h", "Js", "3s"]));
    assert_eq!(last["hole_cards"][0], json!(["Ah", "Ad"]));
    // The start, then one step an action, in order: three hole deals, four bets, three board
    // deals, three hands shown.
    assert_eq!(steps.len(), 14);
    for (k, step) in steps.iter().enumerate() {
        assert_eq!(step["number"], k, "{step}");
    }
    // The settled hand: Bo's aces take the main pot of 60, Cy's kings the side pot of 60
    // (the room's rake of 3 comes off the site's collected amounts, which the check matched).
    assert_eq!(hand["final_stacks"], json!(["60.00", "60.00", "50.00"]));
    // The same play with a wrong collected amount: the same steps, and the check says so.
    let v = ok(&s, "/api/replay", &json!({"text": WRONG_COLLECTED, "check": true, "steps": true}));
    let broken = &v["hands"][0];
    assert_eq!(broken["steps"], hand["steps"]);
    assert_eq!(broken["ok"], false);
    assert!(!broken["mismatches"].as_array().unwrap().is_empty(), "{broken}");
    // Steps are for a few hands: 21 is refused, with the bound.
    let many = vec![SIDE_POTS; 21].join("\n\n");
    let (status, _, v) = s.post("/api/replay", &json!({"text": many, "steps": true}).to_string());
    assert_eq!(status, 400, "{v}");
    assert!(
        v["error"]["message"].as_str().unwrap().contains("at most 20 a request with steps"),
        "{v}"
    );
    let v = ok(&s, "/api/replay", &json!({"text": many}));
    assert_eq!(v["summary"]["hands"], 21);
    // Without steps the answer is felt replay --json's: no steps field.
    let v = ok(&s, "/api/replay", &json!({"text": SIDE_POTS, "check": true}));
    assert!(v["hands"][0].get("steps").is_none());
}

#[test]
fn the_page_and_its_files_are_served_with_their_types_and_a_strict_policy() {
    let s = Server::start(&[]);
    let http = crate::serve::client(std::time::Duration::from_secs(30));
    for (path, kind, holds) in [
        ("/", "text/html; charset=utf-8", "<script src=\"/page.js\" defer></script>"),
        ("/page.js", "text/javascript; charset=utf-8", "\"use strict\";"),
        ("/page.css", "text/css; charset=utf-8", ".grid"),
    ] {
        let mut r = http.get(format!("{}{path}", s.base)).call().unwrap();
        assert_eq!(r.status().as_u16(), 200, "{path}");
        let header =
            |name: &str| r.headers().get(name).and_then(|v| v.to_str().ok()).map(String::from);
        assert_eq!(header("content-type").as_deref(), Some(kind), "{path}");
        let csp = header("content-security-policy").unwrap();
        assert!(
            csp.starts_with("default-src 'none'; script-src 'self'; style-src 'self'"),
            "{csp}"
        );
        assert!(!csp.contains("unsafe"), "{csp}");
        let body = r.body_mut().read_to_string().unwrap();
        assert!(body.contains(holds), "{path}");
        // Nothing is loaded from another origin.
        for outside in ["http://", "https://", "//cdn", "@import"] {
            assert!(!body.contains(outside), "{path} holds {outside}");
        }
    }
    // The JSON list of the endpoints moved to /api, with the games of the page's menu.
    let (status, index) = s.get("/api");
    assert_eq!(status, 200);
    assert!(index["post"].as_array().unwrap().contains(&json!("/api/equity")));
    assert_eq!(index["games"][0], json!({"name": "holdem", "grid": true}));
    assert!(index["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["name"] == "omaha" && g["grid"] == false));
}

/// Each cell's weight in thousandths of a combo, by class, read off the page.
fn grid_weights(b: &mut Browser) -> BTreeMap<String, u64> {
    let v = b.eval(
        "Array.from(document.querySelectorAll('#grid .cell')).map(c => [c.dataset.class, Number(c.dataset.weight), Number(c.dataset.row), Number(c.dataset.col)])",
    );
    let mut out = BTreeMap::new();
    for c in v.as_array().unwrap() {
        out.insert(c[0].as_str().unwrap().to_string(), c[1].as_u64().unwrap());
    }
    out
}

/// Each class's weight in thousandths of a combo as `/api/range` reads `range`, checking
/// that the page draws each class where the server's grid has it.
fn server_weights(s: &Server, b: &mut Browser, range: &str) -> BTreeMap<String, u64> {
    let v = ok(s, "/api/range", &json!({ "range": range }));
    let cells = b.eval(
        "Array.from(document.querySelectorAll('#grid .cell')).map(c => [c.dataset.class, Number(c.dataset.row), Number(c.dataset.col)])",
    );
    let mut out = BTreeMap::new();
    for (k, c) in v["classes"].as_array().unwrap().iter().enumerate() {
        let cell = &cells[k];
        assert_eq!((&cell[0], &cell[1], &cell[2]), (&c["class"], &c["row"], &c["col"]), "cell {k}");
        out.insert(
            c["class"].as_str().unwrap().to_string(),
            (c["weighted"].as_f64().unwrap() * 1000.0).round() as u64,
        );
    }
    out
}

fn save(name: &str, png: &[u8]) {
    assert!(png.starts_with(b"\x89PNG"), "{name} is not a PNG");
    if std::env::var_os("FELTKIT_SCREENSHOTS").is_some() {
        let path = format!("{}/docs/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::write(&path, png).unwrap();
        assert!(png.len() < 150_000, "{path}: {} bytes", png.len());
    }
}

#[test]
fn the_page_builds_ranges_computes_equity_and_replays_a_hand_in_a_browser() {
    let Some(program) = crate::common::browser() else {
        return;
    };
    let started = Instant::now();
    let s = Server::start(&[]);
    let mut b = Browser::start(program, 1200, 820);
    b.open(&format!("{}/", s.base));
    b.wait_for("document.body && document.body.dataset.ready === 'true'");

    // Player 1's range with the mouse: a drag along the top row paints AA to AJs, a click
    // at half weight adds KK at 0.5, and QQ's cell opened with a right click takes one combo.
    b.click("#edit-1");
    b.drag("[data-class='AA']", "[data-class='AJs']");
    b.eval("const w = document.getElementById('weight'); w.value = 50; w.dispatchEvent(new Event('input')); 0");
    b.click("[data-class='KK']");
    b.click_with("[data-class='QQ']", "right");
    b.wait_for("!document.getElementById('combos').hidden");
    b.click("#combos-list input[data-combo='QsQh']");
    b.click("#combos-close");
    let text = b.eval("document.getElementById('player-1').value").as_str().unwrap().to_string();
    // What the server reads from the text the grid wrote: AA 6 combos, AKs to AJs 4 each, KK
    // 6 at a half, QsQh at a half.
    let read = ok(&s, "/api/range", &json!({ "range": text }));
    assert_eq!(read["weighted"], json!(6.0 + 12.0 + 3.0 + 0.5), "{text}");
    let combos: BTreeMap<String, f64> = read["combo_list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["combo"].as_str().unwrap().to_string(), c["weight"].as_f64().unwrap()))
        .collect();
    assert_eq!(combos.get("QsQh"), Some(&0.5), "{text}");
    assert_eq!(combos.get("KsKh"), Some(&0.5), "{text}");
    assert_eq!(combos.get("AsJs"), Some(&1.0), "{text}");
    assert_eq!(combos.len(), 6 + 12 + 6 + 1, "{text}");
    // The grid, cell by cell, is what the server reads the text as (the text round-trips).
    let grid = grid_weights(&mut b);
    assert_eq!(grid, server_weights(&s, &mut b, &text), "{text}");
    assert_eq!(grid["AA"], 6000);
    assert_eq!(grid["KK"], 3000);
    assert_eq!(grid["QQ"], 500);

    // The text the grid writes round-trips for any grid: 40 random ones (whole classes at a
    // weight, and single combos at their own), written by the page and read by the server.
    let differ = b.eval(
        "(async () => { let seed = 7; const rand = (n) => { seed = (seed * 48271) % 2147483647; return seed % n; }; \
         const out = []; let held = 0; \
         for (let k = 0; k < 40; k++) { const w = new Map(); \
           for (const cls of gridClasses) { const combos = classCombos.get(cls); const pick = rand(10); \
             if (pick < 6) continue; \
             if (pick < 8) { const t = 50 * (1 + rand(20)); for (const c of combos) w.set(c, t); } \
             else { for (const c of combos) if (rand(2)) w.set(c, 1 + rand(1000)); } } \
           const text = rangeText(w); const back = weightsOf(await api('/api/range', { range: text })); \
           const same = back.size === w.size && [...w].every(([c, t]) => back.get(c) === t); \
           held += w.size; if (!same) out.push(text); } \
         return [out, held]; })()",
    );
    assert_eq!(differ[0], json!([]), "texts the server reads otherwise");
    assert!(differ[1].as_u64().unwrap() > 40 * 100, "combos written: {}", differ[1]);

    // Player 2's range typed as text: the grid shows what the server reads.
    let typed = "TT+,AQs+,KQo:0.5,JhTh";
    b.click("#edit-2");
    b.click("#player-2");
    b.type_text(typed);
    b.eval("document.getElementById('player-2').dispatchEvent(new Event('change')); 0");
    b.wait_for("document.querySelector(\"[data-class='KQo']\").dataset.weight === '6000'");
    assert_eq!(grid_weights(&mut b), server_weights(&s, &mut b, typed));

    // The board with the card picker; a card already chosen cannot be chosen again.
    for card in ["Js", "7c", "2d"] {
        b.click(&format!("#deck [data-card='{card}']"));
    }
    b.click("input[name='pick'][value='dead']");
    b.click("#deck [data-card='3h']");
    b.click("#deck [data-card='Js']"); // taken back off the board, not made dead too
    assert_eq!(b.eval("document.getElementById('board-text').textContent"), "7c 2d");
    assert_eq!(b.eval("document.getElementById('dead-text').textContent"), "3h");
    b.click("input[name='pick'][value='board']");
    b.click("#deck [data-card='Js']");
    assert_eq!(b.eval("document.getElementById('board-text').textContent"), "7c 2d Js");

    // Compute, with the heat map and the street chart; the numbers are felt equity --json's.
    b.click("#want-hands");
    b.click("#want-streets");
    b.click("#compute");
    b.wait_for("document.getElementById('streets') && document.getElementById('heatmap-2')");
    let p2 = b.eval("document.getElementById('player-2').value");
    let p2 = p2.as_str().unwrap();
    let cli: Value = serde_json::from_str(&felt_stdout(&[
        "equity", "--json", &text, p2, "--board", "7c2dJs", "--dead", "3h",
    ]))
    .unwrap();
    let shown = b.eval(
        "({method: document.getElementById('equity-table').dataset.method, \
          deals: Number(document.getElementById('equity-table').dataset.deals), \
          cells: Array.from(document.querySelectorAll('#equity-table td[data-key]')).map(td => [td.dataset.key, Number(td.dataset.value), td.textContent])})",
    );
    assert_eq!(shown["method"], cli["method"]);
    assert_eq!(shown["deals"], cli["deals"]);
    let cells = shown["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 6, "{shown}");
    for (k, cell) in cells.iter().enumerate() {
        let (p, key) = (k / 3, cell[0].as_str().unwrap());
        let want = cli["players"][p][key].as_f64().unwrap();
        assert_eq!(cell[1].as_f64().unwrap(), want, "player {} {key}", p + 1);
        assert_eq!(cell[2].as_str().unwrap(), format!("{:.2}%", want * 100.0));
    }
    // Monte Carlo: the same deals as the command with the same seed, and the standard error.
    b.eval("const m = document.getElementById('method'); m.value = 'monte_carlo'; m.dispatchEvent(new Event('change')); 0");
    b.eval("document.getElementById('iterations').value = 20000; 0");
    b.click("#want-hands");
    b.click("#want-streets");
    b.click("#compute");
    b.wait_for("document.getElementById('equity-table') && document.getElementById('equity-table').dataset.method === 'monte_carlo'");
    let mc: Value = serde_json::from_str(&felt_stdout(&[
        "equity",
        "--json",
        &text,
        p2,
        "--board",
        "7c2dJs",
        "--dead",
        "3h",
        "--iterations",
        "20000",
    ]))
    .unwrap();
    let shown = b.eval(
        "Array.from(document.querySelectorAll('#equity-table td[data-key]')).map(td => [td.dataset.key, Number(td.dataset.value)])",
    );
    let cells = shown.as_array().unwrap();
    assert_eq!(cells.len(), 8, "equity, win, tie and stderr of each: {shown}");
    for (k, cell) in cells.iter().enumerate() {
        let (p, key) = (k / 4, cell[0].as_str().unwrap());
        assert_eq!(cell[1].as_f64(), mc["players"][p][key].as_f64(), "player {} {key}", p + 1);
    }
    b.eval("const e = document.getElementById('method'); e.value = 'auto'; 0");
    b.click("#want-hands");
    b.click("#want-streets");
    b.click("#compute");
    b.wait_for("document.getElementById('streets') && document.getElementById('equity-table').dataset.method === 'exhaustive'");

    // The pictures are the command's: player 1's grid has the classes dealt.
    let classes = b.eval("document.querySelectorAll('#heatmap-1 g.cell[data-equity]').length");
    assert_eq!(classes, json!(6), "AA, AKs, AQs, AJs, KK, QQ");
    b.eval("window.scrollTo(0, 0); 0");
    save("serve-equity.png", &b.screenshot(None));
    save("serve-heatmap.png", &b.screenshot(Some("#heatmap-2")));
    save("serve-streets.png", &b.screenshot(Some("#streets")));

    // The replayer: a PokerStars hand pasted, stepped to the end.
    b.click("#tab-replay");
    b.click("#hand-text");
    b.type_text(SIDE_POTS);
    b.click("#replay");
    b.wait_for("!document.getElementById('hand').hidden");
    let stacks = |b: &mut Browser| {
        b.eval("Array.from(document.querySelectorAll('#seats tbody tr')).map(r => r.querySelector('[data-key=stack]').textContent)")
    };
    // Blinds posted: Bo (small blind) 20 - 0.50, Cy (big blind) 50 - 1, Ann 100.
    assert_eq!(stacks(&mut b), json!(["19.50", "49.00", "100.00"]));
    // Street by street to the river, then to the showdown's last card shown.
    for _ in 0..4 {
        b.click("#street-next");
    }
    assert_eq!(b.eval("document.getElementById('step-board').textContent"), "2c 7d 9h Js 3s");
    // Everyone all in or called: Ann has 100 - 50 behind.
    assert_eq!(stacks(&mut b), json!(["0.00", "0.00", "50.00"]));
    assert_eq!(b.eval("document.getElementById('step-pot').textContent"), "120.00");
    b.click("#step-last");
    // The pots paid: Bo's aces the main pot of 3 × 20, Cy's kings the side pot of 2 × 30.
    assert_eq!(stacks(&mut b), json!(["60.00", "60.00", "50.00"]));
    assert_eq!(b.eval("document.getElementById('verdict-line').dataset.ok"), "true");
    b.eval("window.scrollTo(0, 0); 0");
    save("serve-replayer.png", &b.screenshot(None));

    // The same hand with a wrong collected amount: the verdict says what does not match.
    b.eval("document.getElementById('hand-text').value = ''; 0");
    b.click("#hand-text");
    b.type_text(WRONG_COLLECTED);
    b.click("#replay");
    b.wait_for("document.getElementById('verdict-line').dataset.ok === 'false'");
    let said = b.eval("document.getElementById('verdict').textContent");
    assert!(said.as_str().unwrap().contains("does not match"), "{said}");
    assert!(said.as_str().unwrap().contains("line 21"), "the collected line: {said}");

    // The grid from the keyboard: arrows move the focus, Enter adds the cell at the weight.
    b.click("#tab-equity");
    b.eval("document.querySelector(\"[data-class='AA']\").focus(); 0");
    for _ in 0..12 {
        b.key("ArrowDown", 40);
    }
    assert_eq!(b.eval("document.activeElement.dataset.class"), "A2o");
    b.key("Enter", 13);
    b.settle();
    assert_eq!(b.eval("document.activeElement.dataset.weight"), "6000", "12 combos at 0.5");
    let text = b.eval("document.getElementById('player-2').value");
    assert!(text.as_str().unwrap().split(',').any(|t| t == "A2o:0.5"), "{text}");

    // Omaha: ranges as text only, and the command's numbers.
    b.eval("const g = document.getElementById('game'); g.value = 'omaha'; g.dispatchEvent(new Event('change')); 0");
    assert_eq!(
        b.eval("document.getElementById('editor').hidden && !document.getElementById('edit-1')"),
        true
    );
    for (n, hand) in [(1, "AhAdKhKd"), (2, "JT98ds")] {
        b.eval(&format!("document.getElementById('player-{n}').value = ''; 0"));
        b.click(&format!("#player-{n}"));
        b.type_text(hand);
        b.eval(&format!(
            "document.getElementById('player-{n}').dispatchEvent(new Event('change')); 0"
        ));
    }
    b.click("#compute");
    b.settle();
    let said = b.eval("document.getElementById('equity-error').textContent");
    assert_eq!(said, "", "omaha");
    b.wait_for("document.getElementById('equity-table') && document.querySelector('#equity-table td.spec').textContent === 'AhAdKhKd'");
    let omaha: Value = serde_json::from_str(&felt_stdout(&[
        "equity", "--json", "--game", "omaha", "AhAdKhKd", "JT98ds", "--board", "7c2dJs", "--dead",
        "3h",
    ]))
    .unwrap();
    let shown = b.eval("Array.from(document.querySelectorAll('#equity-table td[data-key=equity]')).map(td => Number(td.dataset.value))");
    assert_eq!(shown, json!([omaha["players"][0]["equity"], omaha["players"][1]["equity"]]));

    // A phone's width: nothing wider than the screen.
    b.resize(390, 800);
    for view in ["#tab-equity", "#tab-replay"] {
        b.click(view);
        let wide = b.eval("document.documentElement.scrollWidth");
        assert!(wide.as_u64().unwrap() <= 390, "{view}: {wide} pixels wide");
    }

    // Nothing went wrong in the page, and it asked nothing of anyone but the server.
    b.eval("0");
    assert!(b.errors.is_empty(), "{:?}", b.errors);
    assert!(!b.requests.is_empty());
    for url in &b.requests {
        assert!(
            url.starts_with(&s.base) || url.starts_with("data:"),
            "a request outside the server: {url}"
        );
    }
    eprintln!("browser test: {:.1} s", started.elapsed().as_secs_f64());
}
