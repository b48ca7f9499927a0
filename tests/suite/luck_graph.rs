//! `felt luck --svg` and `--html`: a player's graph of won and all-in EV against hands played,
//! checked against hand-counted results and the table's totals; the points thinned for many
//! hands with every peak kept.

use std::path::Path;

use crate::common;

/// Heads-up hands at blinds 1/2, stacks 200, `Hero` second (posting the small blind, first to
/// act before the flop).
fn hand<S: AsRef<str>>(players: [&str; 2], actions: &[S]) -> String {
    let quoted: Vec<String> = actions.iter().map(|a| format!("'{}'", a.as_ref())).collect();
    format!(
        "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\n\
         players = ['{}', '{}']\nactions = [{}]\n",
        players[0],
        players[1],
        quoted.join(", ")
    )
}

/// Hero folds the small blind: Hero -1.
const FOLD: &[&str] = &["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"];

/// All in on the river, aces against kings: Hero wins 200 (nothing left to come: no luck).
fn river(hero_wins: bool) -> Vec<String> {
    let (villain, hero) = if hero_wins { ("KcKd", "AcAd") } else { ("AcAd", "KcKd") };
    let rest = [
        "p2 cc",
        "p1 cc",
        "d db 2h3h4s",
        "p1 cc",
        "p2 cc",
        "d db 7c",
        "p1 cc",
        "p2 cc",
        "d db 9d",
        "p1 cc",
        "p2 cbr 198",
        "p1 cc",
    ];
    let mut actions = vec![format!("d dh p1 {villain}"), format!("d dh p2 {hero}")];
    actions.extend(rest.iter().map(|a| a.to_string()));
    actions
}

/// All in on the turn: Hero's AcKd against QsQh on Ah 7d 2c 3s, and the river Qc gives the
/// queens the pot. Hero loses 200 but expected 400 × 42/44 - 200 (42 of the 44 rivers win).
const TURN: &[&str] = &[
    "d dh p1 QsQh",
    "d dh p2 AcKd",
    "p2 cc",
    "p1 cc",
    "d db Ah7d2c",
    "p1 cc",
    "p2 cc",
    "d db 3s",
    "p1 cc",
    "p2 cbr 198",
    "p1 cc",
    "d db Qc",
];

/// A bundle of the hands, numbered from 1.
fn bundle(hands: &[String]) -> String {
    hands.iter().enumerate().map(|(i, h)| format!("[{}]\n{h}\n", i + 1)).collect()
}

/// Each `<polyline class="line">`'s points, by its `data-line`.
fn lines(svg: &str) -> Vec<(String, Vec<(f64, f64)>)> {
    let mut out = Vec::new();
    for part in svg.split("<polyline class=\"line\"").skip(1) {
        let attr = |name: &str| {
            let start = part.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
            part[start..start + part[start..].find('"').unwrap()].to_string()
        };
        let points = attr("points")
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        out.push((attr("data-line"), points));
    }
    out
}

fn line<'a>(all: &'a [(String, Vec<(f64, f64)>)], key: &str) -> &'a [(f64, f64)] {
    &all.iter().find(|(k, _)| k == key).unwrap().1
}

/// Ten folds, a river win and a turn all-in lost: `(text, won, all-in EV)` counted by hand.
fn twelve_hands() -> (String, f64, f64) {
    let mut hands = vec![hand(["Villain", "Hero"], FOLD); 10];
    hands.insert(4, hand(["Villain", "Hero"], &river(true)));
    hands.push(hand(["Villain", "Hero"], TURN));
    let won = -10.0 + 200.0 - 200.0;
    let ev = -10.0 + 200.0 + (400.0 * 42.0 / 44.0 - 200.0);
    (bundle(&hands), won, ev)
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn the_graph_ends_at_the_tables_totals() {
    let dir = tempfile::tempdir().unwrap();
    let (text, won, ev) = twelve_hands();
    let input = dir.path().join("hands.phhs");
    std::fs::write(&input, text).unwrap();
    let svg = dir.path().join("hero.svg");
    let out = common::felt()
        .args(["luck", "--csv", "--svg", path(&svg), "--player", "Hero", path(&input)])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = String::from_utf8(out.stdout).unwrap();
    let row: Vec<&str> = csv.lines().find(|l| l.starts_with("Hero,")).unwrap().split(',').collect();
    let (table_won, table_ev): (f64, f64) = (row[3].parse().unwrap(), row[4].parse().unwrap());
    assert_eq!(row[1], "12");
    assert!((table_won - won).abs() < 0.006 && (table_ev - ev).abs() < 0.006, "{row:?}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    let all = lines(&picture);
    let (w, e) = (line(&all, "won"), line(&all, "all_in_ev"));
    // Every hand is a point, after the start at zero.
    assert_eq!(w.len(), 13);
    assert_eq!(w[0], (0.0, 0.0));
    assert_eq!(w[5], (5.0, -4.0 + 200.0));
    let (last_w, last_e) = (w[w.len() - 1], e[e.len() - 1]);
    assert_eq!(last_w.0, 12.0);
    assert_eq!(last_e.0, 12.0);
    assert!((last_w.1 - table_won).abs() < 0.006 && (last_w.1 - won).abs() < 1e-4, "{last_w:?}");
    assert!((last_e.1 - table_ev).abs() < 0.006 && (last_e.1 - ev).abs() < 1e-4, "{last_e:?}");
    // The legend gives the totals and the luck.
    assert!(picture.contains(&format!("won {won:+.2}")), "{picture}");
    assert!(picture.contains(&format!("all-in EV {ev:+.2}")));
    assert!(picture.contains(&format!("luck {:+.2}", won - ev)));
    assert!(picture.contains("class=\"zero\""));

    // In big blinds: the same hands over the big blind of 2.
    let out = common::felt()
        .args(["luck", "--bb", "--svg", path(&svg), "--player", "Hero", path(&input)])
        .output()
        .unwrap();
    assert!(out.status.success());
    let all = lines(&std::fs::read_to_string(&svg).unwrap());
    let (w, e) = (line(&all, "won"), line(&all, "all_in_ev"));
    assert!((w[w.len() - 1].1 - won / 2.0).abs() < 1e-4);
    assert!((e[e.len() - 1].1 - ev / 2.0).abs() < 1e-4);
}

#[test]
fn many_hands_are_thinned_keeping_every_peak() {
    // 6000 hands: Hero folds the small blind, but wins 200 at every 500th hand from the 250th
    // and loses it back the hand after: a peak each time.
    let n = 6000;
    let (fold, win, lose) = (
        hand(["Villain", "Hero"], FOLD),
        hand(["Villain", "Hero"], &river(true)),
        hand(["Villain", "Hero"], &river(false)),
    );
    let mut hands = Vec::with_capacity(n);
    let mut totals = vec![0.0f64];
    for i in 1..=n {
        let (h, result) = match i % 500 {
            250 => (&win, 200.0),
            251 => (&lose, -200.0),
            _ => (&fold, -1.0),
        };
        hands.push(h.clone());
        totals.push(totals[i - 1] + result);
    }
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("many.phhs");
    std::fs::write(&input, bundle(&hands)).unwrap();
    let svg = dir.path().join("many.svg");
    let out = common::felt()
        .args(["luck", "--svg", path(&svg), "--player", "Hero", path(&input)])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let all = lines(&std::fs::read_to_string(&svg).unwrap());
    for key in ["won", "all_in_ev"] {
        let points = line(&all, key);
        // Far fewer points than hands: at most four per run of hands, 1000 runs.
        assert!(points.len() <= 4001 && points.len() < n, "{key}: {}", points.len());
        // Every point is on the line: hands in order, totals as counted.
        for pair in points.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{key}: {pair:?}");
        }
        for &(x, y) in points {
            assert_eq!(y, totals[x as usize], "{key} at {x}");
        }
        // Every peak, the lowest point and the end are drawn.
        for peak in (250..n).step_by(500) {
            assert!(points.contains(&(peak as f64, totals[peak])), "{key}: peak {peak}");
        }
        let lowest = totals.iter().copied().fold(f64::MAX, f64::min);
        assert!(points.iter().any(|p| p.1 == lowest), "{key}: lowest {lowest}");
        assert_eq!(points[points.len() - 1], (n as f64, totals[n]));
    }
}

#[test]
fn a_graph_needs_one_player_and_says_who_played_most() {
    let dir = tempfile::tempdir().unwrap();
    let mut hands = vec![hand(["Villain", "Hero"], FOLD); 3];
    hands.push(hand(["Third", "Hero"], FOLD));
    let input = dir.path().join("hands.phhs");
    std::fs::write(&input, bundle(&hands)).unwrap();
    let svg = dir.path().join("none.svg");
    let out = common::felt().args(["luck", "--svg", path(&svg), path(&input)]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the hands have 3 players: name one with --player NAME"), "{err}");
    assert!(err.contains("Hero (4 hands), Villain (3 hands), Third (1 hand)"), "{err}");
    assert!(out.stdout.is_empty());
    let out = common::felt()
        .args(["luck", "--html", path(&svg), "--player", "hero", path(&input)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--player hero: no hand has a player of that name"), "{err}");
    assert!(err.contains("Hero (4 hands)"), "{err}");
    assert!(!svg.exists(), "nothing is written");
    // --player without a picture to draw.
    let out = common::felt().args(["luck", "--player", "Hero", path(&input)]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give --svg FILE or --html FILE"));
}

#[test]
fn names_are_escaped_in_the_svg_and_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let name = "A<&\"b";
    let input = dir.path().join("hands.phhs");
    std::fs::write(&input, bundle(&[hand(["Villain", name], FOLD), hand(["Villain", name], TURN)]))
        .unwrap();
    let (svg, html) = (dir.path().join("a.svg"), dir.path().join("a.html"));
    let out = common::felt()
        .args(["luck", "--svg", path(&svg), "--html", path(&html), "--player", name, path(&input)])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for file in [&svg, &html] {
        let text = std::fs::read_to_string(file).unwrap();
        assert!(text.contains("felt luck: A&lt;&amp;&quot;b"), "{text}");
        assert!(!text.contains(name));
    }
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains("<svg"));
    // Self-contained: nothing fetched.
    assert!(!page.contains("<script") && !page.contains("<link") && !page.contains("src="));
    assert!(page.contains("<caption>A&lt;&amp;&quot;b</caption>"));
}

/// The example graph in docs/pictures is what the binary draws today: `FELT_BLESS=1` rewrites
/// it after a deliberate change.
#[test]
fn the_example_graph_in_docs_is_current() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let fresh = dir.path().join("luck-graph.svg");
    let input = root.join("docs/examples/luck.phhs");
    let out = common::felt()
        .args(["luck", "--player", "Hero", "--svg", path(&fresh), path(&input)])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let fresh = std::fs::read_to_string(&fresh).unwrap();
    let shipped = root.join("docs/pictures/luck-graph.svg");
    if std::env::var_os("FELT_BLESS").is_some() {
        std::fs::write(&shipped, &fresh).unwrap();
        return;
    }
    let old = std::fs::read_to_string(&shipped).unwrap_or_default();
    assert!(old == fresh, "docs/pictures/luck-graph.svg is stale: rerun with FELT_BLESS=1");
}

/// `hand` with a start time (`20:00:00`) and, when given, the date 2026-11-20.
fn timed(actions: &[String], time: &str, dated: bool) -> String {
    let date = if dated { "day = 20\nmonth = 11\nyear = 2026\n" } else { "" };
    format!("{}time = {time}\n{date}", hand(["Villain", "Hero"], actions))
}

/// Hero's rows of `felt luck --csv --by session ...`: (session, hands, won).
fn hero_sessions(args: &[&str]) -> Vec<(String, u64, f64)> {
    let out =
        common::felt().args(["luck", "--csv", "--by", "session"]).args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(csv.starts_with("player,session,hands,"), "{csv}");
    csv.lines()
        .filter_map(|l| l.strip_prefix("Hero,"))
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].to_string(), f[1].parse().unwrap(), f[3].parse().unwrap())
        })
        .collect()
}

#[test]
fn sessions_break_at_gaps_longer_than_thirty_minutes_across_tables() {
    let dir = tempfile::tempdir().unwrap();
    let fold: Vec<String> = FOLD.iter().map(|a| a.to_string()).collect();
    let write = |name: &str, hands: &[String]| {
        let p = dir.path().join(name);
        std::fs::write(&p, bundle(hands)).unwrap();
        p.to_str().unwrap().to_string()
    };
    // Table one: 20:00, 20:29, 20:59 (exactly 30 minutes later: the same session), 21:29:01
    // (30 minutes and a second later: a new one, won 200), 22:10.
    let a = write(
        "a.phhs",
        &[
            timed(&fold, "20:00:00", true),
            timed(&fold, "20:29:00", true),
            timed(&fold, "20:59:00", true),
            timed(&river(true), "21:29:01", true),
            timed(&fold, "22:10:00", true),
        ],
    );
    // Table two, read after: 21:50, between 21:29:01 and 22:10, joins them.
    let b = write("b.phhs", &[timed(&fold, "21:50:00", true)]);
    // Without a date: a time of day earlier than the hand before is the next day's (23:50,
    // then 00:10, 20 minutes later); without a time: the file's hands are one session.
    let d = write("d.phhs", &[timed(&fold, "23:50:00", false), timed(&fold, "00:10:00", false)]);
    let c = write("c.phhs", &[hand(["Villain", "Hero"], FOLD), hand(["Villain", "Hero"], FOLD)]);
    let rows = hero_sessions(&[&a, &b, &c, &d]);
    assert_eq!(
        rows,
        [
            ("2026-11-20 20:00".to_string(), 3, -3.0),
            ("2026-11-20 21:29".to_string(), 3, 198.0),
            (format!("{d} 23:50"), 2, -2.0),
            (c.clone(), 2, -2.0),
        ]
    );
    // Without table two, 22:10 is 40 minutes and 59 seconds after 21:29:01.
    let rows = hero_sessions(&[&a]);
    let got: Vec<(u64, f64)> = rows.iter().map(|r| (r.1, r.2)).collect();
    assert_eq!(got, [(3, -3.0), (1, 200.0), (1, -1.0)]);
    // A gap of 31 minutes makes 20:59 to 21:29:01 one session, and 41 minutes all of them.
    let rows = hero_sessions(&["--session-gap", "31", &a]);
    let got: Vec<(u64, f64)> = rows.iter().map(|r| (r.1, r.2)).collect();
    assert_eq!(got, [(4, 197.0), (1, -1.0)]);
    let rows = hero_sessions(&["--session-gap", "41", &a]);
    assert_eq!(rows, [("2026-11-20 20:00".to_string(), 5, 196.0)]);
    // The gap is whole minutes from 1.
    let out = common::felt().args(["luck", "--by", "session", "--session-gap", "0", &a]).output();
    assert_eq!(out.unwrap().status.code(), Some(2));
}
