//! `felt equity --by-hand` and `--streets` through the real binary: tables and JSON checked
//! against hand counts, the pictures read as a person sees them.

use assert_cmd::Command;
use predicates::str::contains;

fn felt() -> Command {
    let mut c = Command::cargo_bin("felt").unwrap();
    c.env_remove("NO_COLOR").env_remove("COLORTERM");
    c
}

fn stdout(args: &[&str]) -> String {
    let out = felt().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// On the river Ks7d2c4h9s, AA,77 against KK,QQ,AQs. KK keeps 3 combos (Ks is out), 77 keeps
/// 3 (7d is out). Each AA combo meets 3 KK (loses), 6 QQ (wins) and the 2 AQs without its
/// aces (wins): 8 of 11. Each 77 combo (a set) meets 3 KK (loses), 6 QQ and 4 AQs (wins): 10 of
/// 13. Deals: AA 6 x 11 = 66, 77 3 x 13 = 39, so AA's share is 66/105 = 62.86% and the range's
/// equity (48 + 30)/105 = 74.29%.
const RIVER: [&str; 5] = ["equity", "AA,77", "KK,QQ,AQs", "--board", "Ks7d2c4h9s"];

#[test]
fn by_hand_table_gives_each_class_its_hand_counted_equity_and_share() {
    let out = stdout(&[&RIVER[..], &["--by-hand", "--color", "always"]].concat());
    assert!(out.contains("AA,77       74.2857%"), "{out}");
    let p1 = out.split("player 1: AA,77").nth(1).unwrap();
    let rows: Vec<&str> = p1.lines().skip(2).take(2).collect();
    // Highest equity first: 77 (10/13) before AA (8/11).
    assert_eq!(rows[0], "77           3        3   37.14%    76.92%    76.92%     0.00%");
    assert_eq!(rows[1], "AA           6        6   62.86%    72.73%    72.73%     0.00%");
    // Player 2: KK wins every deal; QQ and AQs none.
    let p2 = out.split("player 2: KK,QQ,AQs").nth(1).unwrap();
    assert!(p2.contains("\nKK           3        3"), "{p2}");
    assert!(p2.contains("100.00%   100.00%"), "{p2}");
    // The coloured grid: AA at 73% on a green-yellow, in 256 colours.
    assert!(out.contains("AA  73 \x1b[0m"), "{out}");
    assert!(out.contains("\x1b[48;5;"), "coloured when asked");
    let plain = stdout(&[&RIVER[..], &["--by-hand"]].concat());
    assert!(!plain.contains('\x1b'), "no colour into a pipe");
    let grid_row = plain.lines().find(|l| l.starts_with("AA  73")).unwrap();
    assert!(grid_row.starts_with("AA  73   ."), "{grid_row}");
}

#[test]
fn by_hand_json_lists_classes_and_combos() {
    let out = stdout(&[&RIVER[..], &["--by-hand", "--combos", "--json"]].concat());
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let p1 = &v["players"][0];
    assert!((p1["equity"].as_f64().unwrap() - 78.0 / 105.0).abs() < 1e-12);
    let classes = p1["classes"].as_array().unwrap();
    assert_eq!(classes[0]["class"], "77");
    let aa = classes.iter().find(|c| c["class"] == "AA").unwrap();
    assert_eq!(aa["combos"], 6);
    assert!((aa["share"].as_f64().unwrap() - 66.0 / 105.0).abs() < 1e-12);
    let hands = aa["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 6);
    for h in hands {
        assert!((h["equity"].as_f64().unwrap() - 8.0 / 11.0).abs() < 1e-12, "{h}");
        assert!((h["share"].as_f64().unwrap() - 11.0 / 105.0).abs() < 1e-12, "{h}");
    }
    assert!(aa.get("stderr").is_none(), "exhaustive: no standard error");
}

#[test]
fn monte_carlo_by_hand_has_standard_errors_per_class_and_is_reproducible() {
    let args = ["equity", "QQ+,AKs", "random", "--by-hand", "--iterations", "40000", "--json"];
    let one = stdout(&[&args[..], &["--threads", "1"]].concat());
    let two = stdout(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two, "same seed, same numbers on any thread count");
    let v: serde_json::Value = serde_json::from_str(&one).unwrap();
    for c in v["players"][0]["classes"].as_array().unwrap() {
        let se = c["stderr"].as_f64().unwrap();
        assert!(se > 0.0 && se < 0.02, "{c}");
    }
    let table = stdout(&args[..args.len() - 1]);
    assert!(table.contains("  stderr"), "{table}");
}

/// The SVG has the 169 cells in grid order, each labelled, with the equity of the classes held
/// as data and as the number shown.
#[test]
fn the_by_hand_svg_has_169_cells_with_their_equities() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grid.svg");
    felt().args(RIVER).args(["--by-hand", "--svg"]).arg(&path).assert().success();
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    let cells: Vec<_> =
        doc.descendants().filter(|n| n.attribute("class") == Some("cell")).collect();
    assert_eq!(cells.len(), 169);
    let ranks = "AKQJT98765432".as_bytes();
    for (i, cell) in cells.iter().enumerate() {
        let (row, col) = (i / 13, i % 13);
        let (r, c) = (ranks[row] as char, ranks[col] as char);
        let label = match row.cmp(&col) {
            std::cmp::Ordering::Equal => format!("{r}{r}"),
            std::cmp::Ordering::Less => format!("{r}{c}s"),
            std::cmp::Ordering::Greater => format!("{c}{r}o"),
        };
        assert_eq!(cell.attribute("data-class"), Some(label.as_str()));
        let texts: Vec<&str> =
            cell.children().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
        assert_eq!(texts.first(), Some(&label.as_str()));
        let expected = match label.as_str() {
            "AA" => Some(("0.7273", "72.7", "0.6286")),
            "77" => Some(("0.7692", "76.9", "0.3714")),
            _ => None,
        };
        match expected {
            Some((equity, shown, share)) => {
                assert_eq!(cell.attribute("data-equity"), Some(equity), "{label}");
                assert_eq!(cell.attribute("data-share"), Some(share), "{label}");
                assert_eq!(texts.get(1), Some(&shown), "{label}");
            }
            None => {
                assert_eq!(cell.attribute("data-equity"), None, "{label}");
                assert_eq!(texts.len(), 1, "{label}");
            }
        }
    }
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("felt equity AA,77 KK,QQ,AQs --board Ks7d2c4h9s --by-hand"));
    // Player 2's grid on request.
    felt().args(RIVER).args(["--by-hand", "--player", "2", "--svg"]).arg(&path).assert().success();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("data-class=\"KK\" data-equity=\"1.0000\""), "{text}");
}

/// The turn cards after AhKh against QsQd on Js7c2d, counted by hand: the three aces and three
/// kings left give AhKh the best hand, beaten only by the two queens left on the river (42 of
/// 44); a ten gives a gutshot plus the aces and kings (8 of 44); a queen gives QsQd a set, which
/// only a ten beats (4 of 44); the 33 others leave AhKh the six aces and kings (6 of 44).
#[test]
fn streets_count_the_turn_cards_that_help_and_hurt() {
    let out = stdout(&["equity", "AhKh", "QsQd", "--board", "Js7c2d", "--streets"]);
    assert!(out.contains("turn: 45 cards can come"), "{out}");
    assert!(out.contains("player 1: AhKh: 6 help, 39 hurt"), "{out}");
    assert!(out.contains("   95.45%      6  As Ad Ac Ks Kd Kc\n"), "{out}");
    assert!(out.contains("   18.18%      4  Ts Th Td Tc\n"), "{out}");
    assert!(out.contains("   13.64%     33  Jh Jd Jc 9s"), "{out}");
    assert!(out.contains("    9.09%      2  Qh Qc\n"), "{out}");
    assert!(out.contains("player 2: QsQd: 39 help, 6 hurt"), "{out}");
    let json = stdout(&["equity", "AhKh", "QsQd", "--board", "Js7c2d", "--streets", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["cards"].as_array().unwrap().len(), 45);
    assert_eq!(v["players"][0]["help"], 6);
    assert_eq!(v["street"], "turn");
}

#[test]
fn streets_along_a_runout_give_each_street_its_equity() {
    let out = stdout(&["equity", "AhKh", "QsQd", "--board", "Js7c2dAc4h", "--streets"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "street    board            AhKh       QsQd  method");
    assert!(lines[1].starts_with("preflop   -  "), "{out}");
    // The flop's equity is the turn cards' average: (6 x 42 + 4 x 8 + 2 x 4 + 33 x 6) / 44 /
    // 45 = 490 / 1980 = 24.75%.
    assert_eq!(lines[2], "flop      Js7c2d         24.75%     75.25%  exhaustive");
    assert_eq!(lines[3], "turn      Js7c2dAc       95.45%      4.55%  exhaustive");
    assert_eq!(lines[4], "river     Js7c2dAc4h    100.00%      0.00%  exhaustive");
}

#[test]
fn the_streets_svg_has_one_bar_per_street_or_card() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chart.svg");
    felt()
        .args(["equity", "AhKh", "QsQd", "--board", "Js7c2dAc4h", "--streets", "--svg"])
        .arg(&path)
        .assert()
        .success();
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let bars: Vec<_> =
        doc.descendants().filter(|n| n.attribute("class") == Some("column")).collect();
    let labels: Vec<&str> = bars.iter().filter_map(|b| b.attribute("data-label")).collect();
    assert_eq!(labels, ["preflop", "flop", "turn", "river"]);
    assert_eq!(bars[2].attribute("data-equity"), Some("0.9545,0.0455"));
    assert_eq!(bars[3].attribute("data-equity"), Some("1.0000,0.0000"));
    felt()
        .args(["equity", "AhKh", "QsQd", "--board", "Js7c2d", "--streets", "--svg"])
        .arg(&path)
        .assert()
        .success();
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let bars: Vec<_> =
        doc.descendants().filter(|n| n.attribute("class") == Some("column")).collect();
    assert_eq!(bars.len(), 45);
    // Player 1's best cards first.
    assert_eq!(bars[0].attribute("data-label"), Some("As"));
    assert_eq!(bars[0].attribute("data-equity"), Some("0.9545,0.0455"));
    assert!(doc.descendants().any(|n| n.attribute("class") == Some("now")));
}

#[test]
fn wrong_uses_are_refused_with_what_was_expected() {
    felt()
        .args(["equity", "AA", "KK", "--svg", "x.svg"])
        .assert()
        .code(2)
        .stderr(contains("--svg and --html draw --by-hand or --streets"));
    felt()
        .args(["equity", "--game", "omaha", "AsAhKsKh", "JdTd9c8c", "--by-hand"])
        .assert()
        .code(2)
        .stderr(contains("equity hand by hand is for holdem ranges, not omaha"));
    felt()
        .args(["equity", "AhKh", "QsQd", "--streets"])
        .assert()
        .code(2)
        .stderr(contains("expected 3 or 4 for the next card's equities"));
    felt().args(["equity", "AhKh", "QsQd", "--combos"]).assert().code(2);
    felt().args(["equity", "AhKh", "QsQd", "--by-hand", "--streets"]).assert().code(2);
}

/// The pictures' files are replaced whole: nothing is left beside them.
#[test]
fn pictures_replace_files_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.svg");
    std::fs::write(&path, "old").unwrap();
    felt().args(RIVER).args(["--by-hand", "--svg"]).arg(&path).assert().success();
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("<svg"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// With a Chromium on the machine, the by-hand page and the streets page load without a
/// console message and show their pictures; without one the test says so and passes, unless
/// `FELTKIT_REQUIRE_BROWSER` is set.
#[test]
fn the_html_pages_load_in_a_headless_browser_without_console_errors() {
    let Some(browser) = crate::common::browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let hands: Vec<&str> = [&RIVER[..], &["--by-hand"]].concat();
    let streets = vec!["equity", "AhKh", "QsQd", "--board", "Js7c2d", "--streets"];
    for (name, args, class, count) in [
        ("hands.html", hands, "class=\"cell\"", 2 * 169),
        ("streets.html", streets, "class=\"column\"", 45),
    ] {
        let path = dir.path().join(name);
        felt().args(&args).arg("--html").arg(&path).assert().success();
        let out = std::process::Command::new(browser)
            .args(["--headless", "--disable-gpu", "--no-sandbox", "--enable-logging=stderr"])
            .args(["--v=0", "--dump-dom"])
            .arg(format!("file://{}", path.display()))
            .output()
            .unwrap();
        let dom = String::from_utf8_lossy(&out.stdout);
        assert_eq!(dom.matches(class).count(), count, "{name}: {dom}");
        let log = String::from_utf8_lossy(&out.stderr);
        let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
        assert!(console.is_empty(), "{name}: console messages: {console:?}");
    }
}

/// The example pictures in docs/pictures are what the binary draws today: `FELT_BLESS=1`
/// rewrites them after a deliberate change.
#[test]
fn the_equity_pictures_in_docs_are_current() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in [
        (
            "equity-by-hand.svg",
            &["equity", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "QQ+,AK", "--board", "Th9h4c"][..],
            "--by-hand",
        ),
        ("equity-streets.svg", &["equity", "AhKh", "QsQd", "--board", "Js7c2d"][..], "--streets"),
    ]
    .map(|(n, a, f)| (n, [a, &[f]].concat()))
    {
        let fresh = dir.path().join(name);
        felt().args(&args).arg("--svg").arg(&fresh).assert().success();
        let fresh = std::fs::read_to_string(&fresh).unwrap();
        let shipped = root.join("docs/pictures").join(name);
        if std::env::var_os("FELT_BLESS").is_some() {
            std::fs::write(&shipped, &fresh).unwrap();
            continue;
        }
        let old = std::fs::read_to_string(&shipped).unwrap_or_default();
        assert!(old == fresh, "docs/pictures/{name} is stale: rerun with FELT_BLESS=1 ({args:?})");
    }
}

/// A command line's words, with double quotes grouping (as the shell reads the examples).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for ch in line.chars() {
        match ch {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// Every `--by-hand` and `--streets` example in docs/equity.md prints what the page shows (an
/// example may show only the first lines of its output).
#[test]
fn the_by_hand_and_streets_examples_in_the_docs_print_what_they_show() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/equity.md")).unwrap();
    let mut checked = 0;
    for block in page.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap();
        for example in block.split("$ felt ").skip(1) {
            let (command, shown) = example.split_once('\n').unwrap();
            if !command.contains("--by-hand") && !command.contains("--streets") {
                continue;
            }
            let args = words(command);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = stdout(&args);
            // A last line `...` stands for the rest (docs/contributing.md).
            let shown = shown.trim_end().trim_end_matches("...").trim_end();
            assert!(out.starts_with(shown), "felt {command}\nshown:\n{shown}\nprinted:\n{out}");
            checked += 1;
        }
    }
    assert!(checked >= 5, "{checked} examples");
}
