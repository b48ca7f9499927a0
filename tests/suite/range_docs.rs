//! docs/range.md says what `felt range` does: its examples are run here. Every example in the
//! made-hand and draw tables is classified and must get its row's key, and every `$ felt range`
//! console block must print what the page shows.

use assert_cmd::Command;
use feltkit::card::{parse_cards, Deck};
use feltkit::range::hits::Board;
use feltkit::range::Combo;

fn page() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/range.md")).unwrap()
}

/// The texts between backticks.
fn ticked(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// Each table row whose second cell is a key: (key, examples cell).
fn table_rows(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let key = ticked(cells.get(1)?).first()?.to_string();
            let examples = cells.last()?.to_string();
            let is_key = key.chars().all(|c| c.is_ascii_lowercase() || c == '_');
            (is_key && examples.contains(" on `")).then_some((key, examples))
        })
        .collect()
}

#[test]
fn every_example_in_the_made_hand_and_draw_tables_is_what_it_illustrates() {
    let text = page();
    let mut checked = 0;
    for (key, examples) in table_rows(&text) {
        for example in examples.split(';') {
            let cards = ticked(example);
            let Some((board, hands)) = cards.split_last() else { continue };
            let board = parse_cards(board, Deck::Standard).unwrap();
            let board = Board::new(&board).unwrap();
            for hand in hands {
                let h = parse_cards(hand, Deck::Standard).unwrap();
                let hit = board.classify(Combo::new(h[0], h[1]).unwrap()).unwrap();
                let draws: Vec<&str> = hit.draws.iter().map(|d| d.key()).collect();
                assert!(
                    hit.made.key() == key || draws.contains(&key.as_str()),
                    "docs/range.md: {hand} in the row {key}: made {}, draws {draws:?}",
                    hit.made.key()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "only {checked} examples found");
}

/// The words of a shell command line: spaces separate, double quotes group.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

#[test]
fn the_console_examples_print_what_the_page_shows() {
    let text = page();
    let mut blocks = 0;
    for block in text.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap();
        let (command, shown) = block.split_once('\n').unwrap();
        let command = command.strip_prefix("$ felt ").expect("a felt command");
        // A trailing `| head -N` or `| tail -N` keeps the first or last N lines.
        let (command, cut) = match command.split_once(" | ") {
            Some((c, pipe)) => {
                let (tool, n) = pipe.split_once(" -").expect("head -N or tail -N");
                (c, Some((tool == "head", n.parse::<usize>().expect("a line count"))))
            }
            None => (command, None),
        };
        let out = Command::cargo_bin("felt")
            .unwrap()
            .env_remove("NO_COLOR")
            .args(words(command))
            .assert()
            .success();
        let got = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let got = match cut {
            Some((head, n)) => {
                let lines: Vec<&str> = got.lines().collect();
                let kept = if head {
                    &lines[..n.min(lines.len())]
                } else {
                    &lines[lines.len().saturating_sub(n)..]
                };
                kept.join("\n") + "\n"
            }
            None => got,
        };
        assert_eq!(got, shown, "docs/range.md: felt {command}");
        blocks += 1;
    }
    assert!(blocks >= 4);
}
