//! What the pictures show, read back from the SVG and HTML the binary writes: cells filled by
//! the share of the class held, legends that say what the numbers are, colours that stand
//! apart, value labels on the streets chart and its table in the chart's order, and pages
//! without a repeated title. Expected values are worked out by hand in each test.

use assert_cmd::Command;
use roxmltree::{Document, Node};

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

/// Runs felt with `args` and `--svg` (or `--html`) into a temporary file; returns its text.
fn picture(args: &[&str], flag: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out");
    felt().args(args).arg(flag).arg(&path).assert().success();
    std::fs::read_to_string(&path).unwrap()
}

fn svg(args: &[&str]) -> String {
    picture(args, "--svg")
}

/// The grid cell of `class`.
fn cell<'a>(doc: &'a Document, class: &str) -> Node<'a, 'a> {
    doc.descendants()
        .find(|n| n.has_tag_name("g") && n.attribute("data-class") == Some(class))
        .unwrap_or_else(|| panic!("no cell {class}"))
}

fn number(n: Node, attr: &str) -> f64 {
    n.attribute(attr).unwrap_or_else(|| panic!("no {attr}")).parse().unwrap()
}

/// The area of a cell's filled part: its `fill` rectangles added up, in square pixels.
fn filled_area(cell: Node) -> f64 {
    cell.children()
        .filter(|n| n.attribute("class") == Some("fill"))
        .map(|r| number(r, "width") * number(r, "height"))
        .sum()
}

/// The texts of a node's `<text>` children, in order.
fn texts(n: Node) -> Vec<String> {
    n.children().filter(|c| c.has_tag_name("text")).map(|t| t.text().unwrap_or("").into()).collect()
}

const CELL_AREA: f64 = 44.0 * 44.0;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.01
}

#[test]
fn a_class_at_weight_one_half_fills_half_its_cell() {
    let text = svg(&["range", "AA,KQs:0.5,76s:0.25"]);
    let doc = Document::parse(&text).unwrap();
    for (class, share) in [("AA", 1.0), ("KQs", 0.5), ("76s", 0.25), ("KK", 0.0)] {
        let c = cell(&doc, class);
        let area = filled_area(c);
        assert!(close(area, share * CELL_AREA), "{class}: filled {area}, expected {share} of it");
        // The filled part sits at the bottom of the cell.
        for r in c.children().filter(|n| n.attribute("class") == Some("fill")) {
            let bottom = number(r, "y") + number(r, "height");
            let outline = c.children().find(|n| n.attribute("fill") == Some("none")).unwrap();
            assert!(close(bottom, number(outline, "y") + 44.0), "{class}: not at the bottom");
        }
    }
    // Every cell is labelled with its class, and the held ones with their combos.
    let cells: Vec<Node> =
        doc.descendants().filter(|n| n.attribute("class") == Some("cell")).collect();
    assert_eq!(cells.len(), 169);
    for c in &cells {
        assert_eq!(texts(*c)[0], c.attribute("data-class").unwrap());
    }
    assert_eq!(texts(cell(&doc, "KQs")), ["KQs", "2"]);
}

#[test]
fn a_class_held_in_part_fills_the_share_of_its_combos_held() {
    // Two of AKs's four combos.
    let text = svg(&["range", "AhKh,AsKs"]);
    let doc = Document::parse(&text).unwrap();
    assert!(close(filled_area(cell(&doc, "AKs")), 0.5 * CELL_AREA));
    // The board leaves AKs three combos, all held: the cell is full, AA's three of six too.
    let text = svg(&["range", "AA,AKs", "--board", "Ah7d2c"]);
    let doc = Document::parse(&text).unwrap();
    assert!(close(filled_area(cell(&doc, "AKs")), CELL_AREA));
    assert!(close(filled_area(cell(&doc, "AA")), CELL_AREA));
    // With the board the filled part is split by what the combos make, still at full height:
    // KK on Ks7d2c keeps three combos, all sets; KQs:0.5 keeps three combos at half weight.
    let text = svg(&["range", "KK,KQs:0.5", "--board", "Ks7d2c"]);
    let doc = Document::parse(&text).unwrap();
    assert!(close(filled_area(cell(&doc, "KK")), CELL_AREA));
    assert!(close(filled_area(cell(&doc, "KQs")), 0.5 * CELL_AREA));
}

#[test]
fn by_hand_cells_fill_by_the_share_of_the_class_held() {
    // Player 1's AA is whole, KQs at half weight; the other player's exact AhKd leaves AA three
    // combos, all held, and KQs four.
    let text = svg(&["equity", "AA,KQs:0.5", "AhKd", "--by-hand"]);
    let doc = Document::parse(&text).unwrap();
    let (aa, kq) = (cell(&doc, "AA"), cell(&doc, "KQs"));
    assert_eq!(aa.attribute("data-frequency"), Some("1.0000"));
    assert!(close(filled_area(aa), CELL_AREA));
    assert_eq!(kq.attribute("data-frequency"), Some("0.5000"));
    assert!(close(filled_area(kq), 0.5 * CELL_AREA));
    assert_eq!(filled_area(cell(&doc, "KK")), 0.0);
    assert!(text.contains("filled from the bottom: the share of"), "legend: {text}");
}

#[test]
fn push_fold_cells_print_the_percent_played_that_the_legend_names() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("push.svg");
    let out = felt().args(["pushfold", "--stacks", "8", "--json", "--svg"]).arg(&path).assert();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = Document::parse(&text).unwrap();
    let legend = doc.descendants().find(|n| n.attribute("class") == Some("legend")).unwrap();
    let lines = texts(legend);
    assert!(
        lines.contains(&"numbers: % of the class held, where not all".to_string()),
        "{lines:?}"
    );
    assert!(lines.iter().all(|l| !l.contains("combos (")), "no weighted combos: {lines:?}");
    let mut mixed = 0;
    for class in json["classes"].as_array().unwrap() {
        let name = class["class"].as_str().unwrap();
        let f = class["push"].as_f64().unwrap();
        let shown = texts(cell(&doc, name));
        if f > 0.0 && f < 1.0 {
            mixed += 1;
            let pct = ((f * 100.0).round() as u32).clamp(1, 99);
            assert_eq!(shown, [name.to_string(), format!("{pct}%")], "{name} pushed {f}");
        } else {
            assert_eq!(shown, [name], "{name}: pure, so no number");
        }
    }
    assert!(mixed > 0, "8 BB has mixed classes");
}

/// The WCAG 2 contrast ratio of two `#rrggbb` colours, worked out here from the standard.
fn contrast(a: &str, b: &str) -> f64 {
    let lum = |hex: &str| {
        let v = |i: usize| {
            let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
            if c <= 0.03928 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * v(1) + 0.7152 * v(3) + 0.0722 * v(5)
    };
    let (x, y) = (lum(a), lum(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

fn rgb(hex: &str) -> [f64; 3] {
    [1, 3, 5].map(|i| f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()))
}

#[test]
fn nothing_and_not_in_the_range_have_clearly_distinct_colours() {
    let text = svg(&["range", "15%", "--board", "Th9h4c"]);
    let doc = Document::parse(&text).unwrap();
    let legend = doc.descendants().find(|n| n.attribute("class") == Some("legend")).unwrap();
    // Each swatch's colour: the last rectangle before its text.
    let mut swatches: Vec<(String, String)> = Vec::new();
    let mut last = None;
    for n in legend.children() {
        if n.has_tag_name("rect") {
            last = n.attribute("fill").map(String::from);
        } else if n.has_tag_name("text")
            && let Some(c) = last.take()
        {
            swatches.push((n.text().unwrap().to_string(), c));
        }
    }
    let colour =
        |name: &str| swatches.iter().find(|s| s.0.starts_with(name)).map(|s| s.1.clone()).unwrap();
    let (nothing, empty) = (colour("nothing"), colour("not in the range"));
    let ratio = contrast(&nothing, &empty);
    assert!(ratio >= 3.0, "nothing {nothing} on not in the range {empty}: contrast {ratio:.2}");
    let names = ["two pair or better", "one pair", "draw", "nothing", "not in the range"];
    for (i, a) in names.iter().enumerate() {
        for b in &names[i + 1..] {
            let (x, y) = (rgb(&colour(a)), rgb(&colour(b)));
            let d = (0..3).map(|k| (x[k] - y[k]).powi(2)).sum::<f64>().sqrt();
            assert!(d >= 80.0, "{a} and {b} are too alike: {d:.0}");
        }
    }
    // The text of a cell filled whole by one colour reads on it.
    for c in doc.descendants().filter(|n| n.attribute("class") == Some("cell")) {
        let fills: Vec<Node> =
            c.children().filter(|n| n.attribute("class") == Some("fill")).collect();
        if let [f] = fills[..]
            && close(number(f, "width") * number(f, "height"), CELL_AREA)
        {
            for t in c.children().filter(|n| n.has_tag_name("text")) {
                let r = contrast(t.attribute("fill").unwrap(), f.attribute("fill").unwrap());
                assert!(r >= 4.5, "{:?}: contrast {r:.2}", c.attribute("data-class"));
            }
        }
    }
}

/// The bars of a streets chart: each bar's label, equities and value labels.
fn bars(text: &str) -> Vec<(String, Vec<String>, Vec<String>)> {
    let doc = Document::parse(text).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("column"))
        .map(|n| {
            let values = n
                .children()
                .filter(|t| t.attribute("class") == Some("value"))
                .map(|t| t.text().unwrap().to_string())
                .collect();
            let equities = n.attribute("data-equity").unwrap().split(',').map(String::from);
            (n.attribute("data-label").unwrap().to_string(), equities.collect(), values)
        })
        .collect()
}

#[test]
fn the_streets_chart_labels_each_bar_with_the_equities() {
    // Runout: on the turn 5h AhKh wins with an ace or a king only, 6 of 44 cards: 13.64%.
    let text = svg(&["equity", "AhKh", "QsQd", "--board", "Js7c2d5h9h", "--streets"]);
    let runout = bars(&text);
    assert_eq!(runout[2].0, "turn");
    assert_eq!(runout[2].2, ["13.6%", "86.4%"]);
    // On the river QsQd has won: its part is the whole bar, and AhKh's none.
    assert_eq!(runout[3].2, ["100.0%"]);
    // Next card: 45 narrow bars, each with at least one value, each value one of its bar's.
    let text = svg(&["equity", "AhKh", "QsQd", "--board", "Js7c2d", "--streets"]);
    let next = bars(&text);
    assert_eq!(next.len(), 45);
    for (label, equities, values) in &next {
        assert!(!values.is_empty(), "{label}: no value");
        let written: Vec<String> =
            equities.iter().map(|e| format!("{:.1}%", 100.0 * e.parse::<f64>().unwrap())).collect();
        assert!(values.iter().all(|v| written.contains(v)), "{label}: {values:?}");
    }
    // An ace leaves AhKh 42 of 44 rivers: 95.45%.
    assert_eq!(next[0].0, "As");
    assert!(next[0].2.contains(&"95.5%".to_string()), "{:?}", next[0]);
}

#[test]
fn the_streets_html_table_lists_the_cards_in_the_charts_order() {
    let page = picture(&["equity", "AhKh", "QsQd", "--board", "Js7c2d", "--streets"], "--html");
    let svg_part = &page[page.find("<svg").unwrap()..page.find("</svg>").unwrap() + 6];
    let chart: Vec<String> = bars(svg_part).into_iter().map(|b| b.0).collect();
    // The first cell of each table row after the header and "now".
    let rows: Vec<(String, f64)> = page
        .split("<tr>")
        .skip(1)
        .filter_map(|r| {
            let cells: Vec<&str> =
                r.split("<td").skip(1).map(|c| &c[c.find('>').unwrap() + 1..]).collect();
            let first = cells.first()?.split("</td>").next()?.to_string();
            let equity = cells.get(1)?.split('%').next()?.parse().ok()?;
            Some((first, equity))
        })
        .filter(|r| r.0 != "now")
        .collect();
    let table: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    assert_eq!(table, chart);
    // That order is player 1's equity from the highest: the six aces and kings first.
    assert!(rows.windows(2).all(|w| w[0].1 >= w[1].1), "{rows:?}");
    assert_eq!(rows[0], ("As".to_string(), 95.45));
}

#[test]
fn html_pages_do_not_repeat_the_title_as_a_heading() {
    let pages = [
        picture(&["range", "QQ+,AKs:0.5"], "--html"),
        picture(&["equity", "AA,KQs:0.5", "AhKd", "--by-hand"], "--html"),
        picture(&["equity", "AhKh", "QsQd", "--board", "Js7c2d", "--streets"], "--html"),
        picture(&["pushfold", "--stacks", "8"], "--html"),
    ];
    for page in &pages {
        let title = &page[page.find("<title>").unwrap() + 7..page.find("</title>").unwrap()];
        for h in ["<h1", "<h2", "<h3"] {
            assert!(!page.contains(h), "a heading {h} on the page of {title}");
        }
        // The title is drawn once per picture, in the SVG, and named in the page's <title>.
        let drawn = page.matches(&format!("font-weight=\"bold\">{title}")).count();
        assert!(drawn >= 1, "{title} drawn {drawn} times");
        assert!(page.contains("svg { display: block; max-width: 100%"), "{title}: layout");
    }
}
