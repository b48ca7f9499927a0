//! `felt range` driven through the real binary: the text report, JSON, colour, the pictures.

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

#[test]
fn a_range_expands_to_its_classes_combos_and_share_of_the_deck() {
    let out = stdout(&["range", "KK+,AKs,A5s-A4s:0.5"]);
    assert!(out.contains("expands to: KK+,AKs,A5s-A4s:0.5\n"), "{out}");
    // 12 + 4 + 8 combos; weighted 12 + 4 + 4 = 20 of 1,326 = 1.51 %.
    assert!(out.contains("combos: 24 of 1326 possible (1.51%), weighted 20\n"), "{out}");
    assert!(
        out.contains("classes (5): AA 6, KK 6, AKs 4, A5s 4 (2 weighted), A4s 4 (2 weighted)\n"),
        "{out}"
    );
    // The grid's first row: AA, AKs, then nothing until A5s and A4s at half weight (a class
    // held in part widens the cells so its number stands apart from its label).
    let first = out.lines().find(|l| l.starts_with("AA")).unwrap();
    assert_eq!(
        first,
        "AA     AKs      .      .      .      .      .      .      .    A5s 50 A4s 50   .      ."
    );
    // Without classes held in part, the cells are a column narrower.
    let whole = stdout(&["range", "KK+,AKs"]);
    let first = whole.lines().find(|l| l.starts_with("AA")).unwrap();
    assert_eq!(
        first,
        "AA    AKs     .     .     .     .     .     .     .     .     .     .     ."
    );
    assert!(!out.contains('\x1b'), "no colour into a pipe");
}

#[test]
fn board_and_dead_cards_remove_combos() {
    // Board As7d2c, dead Ks: AA keeps 3 combos, KK 3, AKs 3 (AhKh, AdKd, AcKc); of C(48, 2) =
    // 1,128 two-card combos left, 9 is 0.80 %.
    let out =
        stdout(&["range", "KK+,AKs", "--board", "As7d2c", "--dead", "Ks", "--color", "never"]);
    assert!(out.contains("combos: 9 of 1128 possible (0.80%), weighted 9\n"), "{out}");
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let out = stdout(&["range", "AA", "--color", "always"]);
    assert!(out.contains("\x1b[48;5;22m"), "full weight is dark green in 256 colours");
    let out = felt()
        .args(["range", "AA", "--color", "always"])
        .env("COLORTERM", "truecolor")
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("\x1b[48;2;27;94;32m"), "truecolor when the terminal says so");
    let out = felt().args(["range", "AA"]).env("NO_COLOR", "1").assert().success();
    assert!(!String::from_utf8_lossy(&out.get_output().stdout).contains('\x1b'));
}

#[test]
fn hit_analysis_counts_hand_computed_classes() {
    // On Ks7d2c: 77 and KK make sets (3 + 3 combos), AK top pair top kicker (4 aces x 3 kings
    // = 12), QQ a pocket pair between the board cards (6); 24 combos in all.
    let out = stdout(&["range", "KK,QQ,77,AK", "--board", "Ks7d2c", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["combos"], 24);
    let made = |key: &str| {
        v["hits"]["made"].as_array().unwrap().iter().find(|r| r["key"] == key).unwrap()["weighted"]
            .as_f64()
            .unwrap()
    };
    assert_eq!(made("set"), 6.0);
    assert_eq!(made("top_pair_top_kicker"), 12.0);
    assert_eq!(made("pocket_pair_between"), 6.0);
    assert_eq!(made("high_card"), 0.0);
    let combos = v["combo_list"].as_array().unwrap();
    assert_eq!(combos.len(), 24);
    let ahkh = combos.iter().find(|c| c["combo"] == "AhKh").unwrap();
    assert_eq!(ahkh["made"], "top_pair_top_kicker");
    assert_eq!(ahkh["category"], "one_pair");
    let cats = v["hits"]["categories"].as_array().unwrap();
    let three = cats.iter().find(|c| c["key"] == "three_of_a_kind").unwrap();
    assert!((three["percent"].as_f64().unwrap() - 600.0 / 24.0).abs() < 1e-9);
}

#[test]
fn bad_boards_and_clashing_cards_are_errors_that_say_what_was_expected() {
    felt()
        .args(["range", "AA", "--board", "Ks7d"])
        .assert()
        .code(2)
        .stderr(contains("--board: 2 cards: expected a flop, turn or river (3, 4 or 5 cards)"));
    felt()
        .args(["range", "AA", "--board", "Ks7d2c", "--dead", "7d"])
        .assert()
        .code(2)
        .stderr(contains("7d is both on the board (--board) and dead (--dead)"));
    felt().args(["range", "AKx"]).assert().code(2).stderr(contains("range \"AKx\""));
}

#[test]
fn the_svg_has_169_cells_with_their_labels_and_values() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grid.svg");
    felt().args(["range", "QQ+,AKs,AQo:0.5", "--svg"]).arg(&path).assert().success();
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    assert!(doc.root_element().has_tag_name("svg"));
    let cells: Vec<_> =
        doc.descendants().filter(|n| n.attribute("class") == Some("cell")).collect();
    assert_eq!(cells.len(), 169);
    // Row by row from the ace: row 0 is AA AKs AQs ... A2s, row 1 starts AKo KK.
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
        assert_eq!(texts.first(), Some(&label.as_str()), "the cell shows its class");
        let expected = match label.as_str() {
            "AA" | "KK" | "QQ" => "6",
            "AKs" => "4",
            "AQo" => "6", // 12 combos at half weight
            _ => "0",
        };
        assert_eq!(cell.attribute("data-combos"), Some(expected), "{label}");
        if expected != "0" {
            assert_eq!(texts.get(1), Some(&expected), "{label} shows its combos");
        }
    }
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("felt range QQ+,AKs,AQo:0.5"));
}

#[test]
fn the_board_svg_splits_each_cell_by_what_it_makes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hits.svg");
    felt().args(["range", "KK,77,AK", "--board", "Ks7d2c", "--svg"]).arg(&path).assert().success();
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let cell =
        |class: &str| doc.descendants().find(|n| n.attribute("data-class") == Some(class)).unwrap();
    // KK: 3 sets. AKs keeps AhKh, AdKd, AcKc: all top pair.
    assert_eq!(cell("KK").attribute("data-two-pair-plus"), Some("1.000"));
    assert_eq!(cell("AKs").attribute("data-pair"), Some("1.000"));
    // AKo: 9 combos, all with a king: top pair.
    assert_eq!(cell("AKo").attribute("data-combos"), Some("9"));
    assert!(text.contains("one pair 66.7%"), "12 of 18 combos make one pair: {text}");
}

#[test]
fn the_html_page_is_self_contained() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("page.html");
    felt().args(["range", "15%", "--board", "Ks7d2c", "--html"]).arg(&path).assert().success();
    let page = std::fs::read_to_string(&path).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<svg") && page.contains("<caption>made hands</caption>"));
    // The only URL is the SVG namespace; nothing is loaded from elsewhere.
    let urls = page.matches("http").count();
    assert_eq!(urls, page.matches("http://www.w3.org/2000/svg").count());
    for loader in ["src=", "href=", "@import", "url("] {
        assert!(!page.contains(loader), "{loader}");
    }
}

#[test]
fn outputs_replace_files_whole_and_never_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.svg");
    std::fs::write(&path, "old").unwrap();
    felt().args(["range", "AA", "--svg"]).arg(&path).assert().success();
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("<svg"));
    felt()
        .args(["range", "AA", "--svg"])
        .arg(&path)
        .arg("--html")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains("are the same file"));
    // No temporary file is left beside it.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// The example pictures in docs/pictures are what the binary draws today: `FELT_BLESS=1`
/// rewrites them after a deliberate change.
#[test]
fn the_example_pictures_in_docs_are_current() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in [
        ("range-15pct.svg", &["range", "15%"][..]),
        ("range-hits.svg", &["range", "15%", "--board", "Th9h4c"][..]),
    ] {
        let fresh = dir.path().join(name);
        felt().args(args).arg("--svg").arg(&fresh).assert().success();
        let fresh = std::fs::read_to_string(&fresh).unwrap();
        let shipped = root.join("docs/pictures").join(name);
        if std::env::var_os("FELT_BLESS").is_some() {
            std::fs::write(&shipped, &fresh).unwrap();
            continue;
        }
        let old = std::fs::read_to_string(&shipped).unwrap_or_default();
        assert!(
            old == fresh,
            "docs/pictures/{name} is stale: rerun with FELT_BLESS=1 to rewrite it ({:?})",
            args
        );
    }
}

/// With a Chromium on the machine, the page renders with its 169 cells; without one the test
/// says so and passes, unless `FELTKIT_REQUIRE_BROWSER` is set.
#[test]
fn the_html_page_renders_in_a_headless_browser_where_one_exists() {
    let Some(browser) = crate::common::browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("page.html");
    felt().args(["range", "15%", "--html"]).arg(&path).assert().success();
    let out = std::process::Command::new(browser)
        .args(["--headless", "--disable-gpu", "--no-sandbox", "--dump-dom"])
        .arg(format!("file://{}", path.display()))
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&out.stdout);
    assert_eq!(dom.matches("class=\"cell\"").count(), 169, "{dom}");
}

#[test]
fn a_range_the_board_empties_is_reported_not_an_error() {
    let out = stdout(&["range", "AhAs", "--board", "Ah7d2c"]);
    assert!(out.contains("combos: 0 of 1176 possible (0.00%), weighted 0\n"), "{out}");
    assert!(out.contains("leave no combo of the range"), "{out}");
    assert!(!out.contains("made hand"), "no empty tables: {out}");
}
