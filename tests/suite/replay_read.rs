//! The direct reader (`phh::read::hands`) against the general one (`toml::sections` then
//! `HandRecord::from_section`): the same records, the same errors with the same lines and
//! columns, for the corpus hands and for every way of writing them that sends the direct reader
//! back to the general path (comments, escapes, odd spacing, fields out of order, bundles, broken
//! text).

use std::path::PathBuf;

use feltkit::phh::read::hands;

use crate::corpus::{corpus, files};
use feltkit::phh::record::{HandRecord, RecordError};
use feltkit::phh::toml::{sections, TomlError};

type Hand<'a> = (Option<String>, usize, bool, Result<HandRecord<'a>, RecordError>);

fn general(text: &str) -> Vec<Result<Hand<'_>, TomlError>> {
    sections(text)
        .map(|s| {
            s.map(|s| {
                let (header, line, empty) = (s.header.clone(), s.line, s.entries.is_empty());
                (header, line, empty, HandRecord::from_section(s))
            })
        })
        .collect()
}

fn direct(text: &str) -> Vec<Result<Hand<'_>, TomlError>> {
    hands(text)
        .map(|h| h.map(|h| (h.header.map(str::to_string), h.line, h.empty, h.record)))
        .collect()
}

#[track_caller]
fn same(text: &str) {
    assert_eq!(direct(text), general(text), "text:\n{text}");
}

fn texts() -> Vec<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    files(&corpus(), &mut paths);
    files(&root.join("tests/data/replay"), &mut paths);
    paths.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect()
}

const HAND: &str = "variant = 'NT'\nante_trimming_status = true\nantes = [1, 1, 1]\n\
blinds_or_straddles = [5, 10, 0]\nmin_bet = 10\nstarting_stacks = [100, 200, 300]\n\
actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'd dh p3 KdKc', 'p3 f', 'p1 cbr 30', 'p2 f']\n\
finishing_stacks = [115, 189, 299]\nwinnings = [27, 0, 0]\n\
_pots = [{amount = 27, players = [1, 2], paid = [27, 0, 0]}]\n";

#[test]
fn corpus_hands_read_the_same_both_ways() {
    let texts = texts();
    assert!(texts.len() > 800);
    for text in &texts {
        same(text);
    }
    // All of them as one bundle.
    let bundle: String =
        texts.iter().enumerate().map(|(k, t)| format!("[{}]\n{t}\n", k + 1)).collect();
    same(&bundle);
}

#[test]
fn plain_hand_is_read_directly_and_matches() {
    same(HAND);
    let r = hands(HAND).next().unwrap().unwrap().record.unwrap();
    assert_eq!(r.actions.len(), 6);
    assert_eq!(r.pots.as_ref().map(Vec::len), Some(1));
}

/// Rewrites of the plain hand that the direct reader must either read the same or hand back.
#[test]
fn unusual_writing_falls_back_to_the_general_reader() {
    let swaps: &[(&str, &str)] = &[
        // Comments, newlines and odd spacing inside arrays.
        ("'d dh p1 AsAh', ", "'d dh p1 AsAh', # first\n  "),
        ("[1, 1, 1]", "[\n 1,\t1 , 1 , # c\n]"),
        ("[100, 200, 300]", "[100,200,300,]"),
        ("[100, 200, 300]", "[ 100 ,\r\n 200 ,\n\n 300 ]"),
        ("[100, 200, 300]", "[100, 200, 300] # stacks"),
        ("actions = [", "actions=["),
        ("min_bet = 10", "min_bet = 10 # c"),
        ("min_bet = 10", "min_bet = 10\t"),
        // Escapes, double quotes and other strings.
        ("'p3 f'", "\"p3 f\""),
        ("'p3 f'", "\"p3\\u0020f\""),
        ("'p3 f'", "\"p3 \\q\""),
        ("'p3 f'", "''"),
        ("'p3 f'", "'''p3 f'''"),
        ("'p3 f'", "'p3 f"),
        ("'p3 f'", "3"),
        ("'p3 f'", "['p3 f']"),
        ("variant = 'NT'", "variant = \"NT\""),
        ("variant = 'NT'", "variant = 'NT' x"),
        ("variant = 'NT'", "variant = 3"),
        ("variant = 'NT'", "'variant' = 'NT'"),
        // Numbers the direct path does not read.
        ("min_bet = 10", "min_bet = 1_0"),
        ("min_bet = 10", "min_bet = 10.00"),
        ("min_bet = 10", "min_bet = +10"),
        ("min_bet = 10", "min_bet = -10"),
        ("min_bet = 10", "min_bet = 10 20"),
        ("min_bet = 10", "min_bet = 10, 20"),
        ("min_bet = 10", "min_bet = 10]"),
        ("min_bet = 10", "min_bet = 1.2.3"),
        ("min_bet = 10", "min_bet = 0.0000000001"),
        ("min_bet = 10", "min_bet = 99999999999999999999"),
        ("min_bet = 10", "min_bet = true"),
        ("min_bet = 10", "min_bet = '10'"),
        ("min_bet = 10", "min_bet = [10]"),
        ("min_bet = 10", "min_bet = 10\u{a0}"),
        ("min_bet = 10", "min_bet = 2024-01-01"),
        ("[1, 1, 1]", "1"),
        ("[1, 1, 1]", "1.5"),
        ("[1, 1, 1]", "[1, 1 1]"),
        ("[1, 1, 1]", "[1, 1x, 1]"),
        ("[1, 1, 1]", "[1, 1\u{a0}, 1]"),
        ("[1, 1, 1]", "[1, 1_0, 1]"),
        ("[1, 1, 1]", "[1, 1.50, -1]"),
        ("[1, 1, 1]", "[1, 'a', 1]"),
        ("[1, 1, 1]", "[1, {a = 1}, 1]"),
        ("[1, 1, 1]", "[1, 1, 1"),
        ("[1, 1, 1]", "[1,, 1]"),
        ("[1, 1, 1]", "[1, 1, 1]]"),
        ("[100, 200, 300]", "[100, 200, true]"),
        ("[100, 200, 300]", "[]"),
        ("[115, 189, 299]", "[115, 189, 299.5]"),
        ("[115, 189, 299]", "{a = 1}"),
        // Pots written other ways.
        ("{amount = 27, ", "{ amount=27 ,"),
        ("{amount = 27, ", "{paid = [27, 0, 0], amount = 27, "),
        ("{amount = 27, ", "{\"amount\" = 27, "),
        ("{amount = 27, ", "{amount = 27, amount = 28, "),
        ("{amount = 27, ", "{amount = 27, note = 'x', "),
        ("{amount = 27, ", "{"),
        ("{amount = 27, ", "{amount = 27.5, "),
        ("{amount = 27, ", "{amount = 27 x, "),
        ("players = [1, 2]", "players = [0, 2]"),
        ("players = [1, 2]", "players = [1.0, 2]"),
        ("players = [1, 2]", "players = [-1]"),
        ("paid = [27, 0, 0]}", "paid = [27, 0, 0],}"),
        ("paid = [27, 0, 0]}", "paid = [27, 0, 0]\n}"),
        ("paid = [27, 0, 0]}", "paid = [27, 0, 0]"),
        ("}]", "}, ]"),
        ("}]", "}, 3]"),
        ("_pots = [", "_pots = 3 # ["),
        // Keys twice, missing, or in another order.
        ("min_bet = 10\n", "min_bet = 10\nmin_bet = 10\n"),
        ("min_bet = 10\n", "min_bet = 10\nactions = []\n"),
        ("variant = 'NT'\n", ""),
        ("variant = 'NT'\n", "variant = 'XX'\n"),
        ("starting_stacks = [100, 200, 300]\n", ""),
        ("min_bet = 10\n", "hand = 7\n_seed = 1\nplayers = ['a', 'b', 'c']\n"),
        ("antes = [1, 1, 1]\n", "antes = 'x'\nantes = [1]\n"),
    ];
    for (from, to) in swaps {
        assert!(HAND.contains(from), "{from}");
        same(&HAND.replacen(from, to, 1));
    }
    // Fields in another order, and the top level after a header.
    let mut lines: Vec<&str> = HAND.lines().collect();
    lines.reverse();
    same(&lines.join("\n"));
    lines.rotate_left(3);
    same(&lines.join("\r\n"));
    same(&format!("[1]\n{HAND}\n['2']\n{HAND}\n[3]\n\n[\"4\"]\n{}", HAND.replace("'NT'", "'FT'")));
    same(&format!("[1]\n{HAND}\n[1]\n{HAND}"));
    same(&format!("{HAND}[1]\n{HAND}"));
    same("");
    same("# nothing\n");
}

/// Every prefix of a hand, and every byte removed: broken text gets the same error (or the same
/// record) both ways.
#[test]
fn broken_text_gets_the_same_errors_both_ways() {
    let text = format!("[1]\n{HAND}[2]\n{}", HAND.replace("[1, 1, 1]", "[\n 1, # c\n 1, 1]"));
    for end in (0..=text.len()).filter(|&k| text.is_char_boundary(k)) {
        same(&text[..end]);
    }
    for k in (0..text.len()).filter(|&k| text.is_char_boundary(k)) {
        let mut t = text.clone();
        t.remove(k);
        same(&t);
    }
}

/// A bundle read one hand at a time (`split::pieces`, then `hands_at` on each piece) gives the
/// same records at the same lines as the whole document read at once.
#[test]
fn a_bundle_split_into_hands_reads_the_same_as_the_whole_document() {
    use feltkit::phh::read::hands_at;
    use feltkit::phh::split::pieces;
    // Single documents only: a bundle's own sections would be sections of this one.
    let texts: Vec<String> = texts()
        .into_iter()
        .filter(|t| !t.lines().any(|l| l.trim_start().starts_with('[')))
        .collect();
    assert!(texts.len() > 800);
    let bundle: String =
        texts.iter().enumerate().map(|(k, t)| format!("[{}]\n{t}\n", k + 1)).collect();
    let whole = general(&bundle);
    // The top level of a bundle is empty, and not a piece.
    assert!(matches!(&whole[0], Ok((None, 1, true, _))));
    let mut count = 0;
    for (k, piece) in pieces(bundle.as_bytes()).enumerate() {
        let piece = piece.unwrap();
        let text = piece.text.unwrap();
        let read: Vec<_> = hands_at(&text, piece.line)
            .map(|h| h.map(|h| (h.header.map(str::to_string), h.line, h.empty, h.record)))
            .filter(|h| !matches!(h, Ok((None, _, true, _))))
            .collect();
        assert_eq!(read.len(), 1, "piece {k}");
        assert_eq!(read[0], whole[k + 1], "piece {k}");
        count += 1;
    }
    assert_eq!(count, texts.len());
}
