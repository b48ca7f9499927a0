//! What feltkit writes, it reads back: `write_record` then `read::hands` gives the same record,
//! for records of arbitrary text (non-ASCII, control characters, line and paragraph
//! separators, ideographic spaces, quotes, brackets), exact amounts and extra fields of every
//! kind; and a hand text that feltkit reads, written back, reads as the same record.

use std::borrow::Cow;

use feltkit::phh::read::hands;
use feltkit::phh::record::{HandRecord, RecordedAction, RecordedPot};
use feltkit::phh::toml::Value;
use feltkit::phh::write::write_record;
use feltkit::phh::Amount;
use proptest::prelude::*;

/// The record of a text of one hand, or the reader's error as text.
fn read(text: &str) -> Result<HandRecord<'_>, String> {
    let hand = hands(text).next().ok_or("no hand")?.map_err(|e| e.to_string())?;
    hand.record.map_err(|e| e.to_string())
}

/// The fields feltkit reads itself; everything else is kept in `other`.
const KNOWN: &[&str] = &[
    "table",
    "seats",
    "seat_count",
    "level",
    "_button",
    "_dead_blinds",
    "_buy_ins",
    "_sitting_out",
    "time",
    "day",
    "month",
    "year",
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "small_bet",
    "big_bet",
    "bring_in",
    "starting_stacks",
    "actions",
    "finishing_stacks",
    "winnings",
    "_pots",
    "_collected",
    "_uncalled",
    "_rebuys",
    "_total_pot",
    "_rake",
    "_site_pots",
    "_summary_line",
    "_seat_lines",
    "_text_line",
    "currency_symbol",
    "_action_lines",
    "_not_replayable",
    "_cut_off",
    "_unreadable",
    "_tournament",
    "_cap",
    "_structure",
    "hand",
    "players",
];

/// Characters that have broken readers and writers: separators, spaces that are not ASCII,
/// controls, quotes, TOML punctuation.
fn tricky_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => any::<char>(),
        1 => prop::sample::select(vec![
            '\u{2028}', '\u{2029}', '\u{3000}', '\u{a0}', '\u{85}', '\u{feff}', '\0', '\x7f',
            '\r', '\n', '\t', '\x0b', '\'', '"', '\\', '#', '[', ']', '{', '}', '=', ',', ' ',
        ]),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(tricky_char(), 0..12).prop_map(|v| v.into_iter().collect())
}

/// Any amount that a hand file can hold: at most 9 decimal places, digits that fit an i64.
fn amount() -> impl Strategy<Value = Amount> {
    (-i64::MAX..=i64::MAX, 0u8..=9).prop_map(|(units, places)| Amount { units, places })
}

fn amounts() -> impl Strategy<Value = Vec<Amount>> {
    prop::collection::vec(amount(), 0..5)
}

/// A bare value that reads as a date or time (not a number or a boolean).
fn bare() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{4}-[0-9]{2}-[0-9]{2}",
        "[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,3})?",
        "[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}:[0-9]{2}(Z|[+-][0-9]{2}:[0-9]{2})?",
        Just("inf".to_string()),
        Just("1e5".to_string()),
    ]
}

fn value() -> impl Strategy<Value = Value<'static>> {
    let leaf = prop_oneof![
        text().prop_map(|s| Value::Str(Cow::Owned(s))),
        amount().prop_map(|a| Value::Num(Cow::Owned(a.to_string()))),
        any::<bool>().prop_map(Value::Bool),
        bare().prop_map(|s| Value::Other(Cow::Owned(s))),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(text(), inner, 0..3).prop_map(|m| {
                Value::Table(m.into_iter().map(|(k, v)| (Cow::Owned(k), v)).collect())
            }),
        ]
    })
}

fn pot() -> impl Strategy<Value = RecordedPot> {
    (amount(), prop::collection::vec(1usize..=1000, 0..4), amounts())
        .prop_map(|(amount, players, paid)| RecordedPot { amount, players, paid })
}

fn strings() -> impl Strategy<Value = Vec<Cow<'static, str>>> {
    prop::collection::vec(text().prop_map(Cow::Owned), 0..4)
}

fn record() -> impl Strategy<Value = HandRecord<'static>> {
    let stakes = (
        text(),
        any::<Option<bool>>(),
        amounts(),
        amounts(),
        prop::collection::vec(prop::option::of(amount()), 4),
        amounts(),
        strings(),
        prop::option::of(amount()),
        prop::option::of(1u32..=2),
    );
    let results = (
        prop::option::of(amounts()),
        prop::option::of(amounts()),
        prop::option::of(prop::collection::vec(pot(), 0..3)),
        any::<Option<bool>>(),
        prop::option::of(0u32..=1000),
        prop::option::of(text()),
        prop::option::of(strings()),
        prop::option::of(4u32..=6),
        prop::collection::btree_map(
            text().prop_filter("a field feltkit reads", |k| !KNOWN.contains(&k.as_str())),
            value(),
            0..4,
        ),
    );
    (stakes, results).prop_map(|(s, r)| HandRecord {
        variant: s.0,
        ante_trimming_status: s.1,
        antes: s.2,
        blinds_or_straddles: s.3,
        min_bet: s.4[0],
        small_bet: s.4[1],
        big_bet: s.4[2],
        bring_in: s.4[3],
        starting_stacks: s.5,
        actions: s.6.into_iter().map(RecordedAction::read).collect(),
        finishing_stacks: r.0,
        winnings: r.1,
        pots: r.2,
        tournament: r.3,
        cap: r.4,
        structure: r.5,
        hole_cards: r.7,
        bomb_pot: s.7,
        boards: s.8,
        hand: None,
        players: r.6,
        table: Default::default(),
        other: r.8.into_iter().map(|(k, v)| (Cow::Owned(k), v)).collect(),
        ..HandRecord::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn writing_then_reading_a_record_gives_the_same_record(r in record()) {
        let written = write_record(&r);
        prop_assert_eq!(read(&written), Ok(r), "written:\n{}", written);
    }

    #[test]
    fn a_hand_text_read_then_written_reads_back_the_same(
        junk in text(),
        at in 0usize..4,
    ) {
        // Arbitrary text where a value, a string or a comment goes: whatever is read must
        // survive being written and read again.
        let doc = [
            format!("variant = 'NT'\nstarting_stacks = [1]\nactions = []\nx = {junk}\n"),
            format!("variant = '{junk}'\nstarting_stacks = [1]\nactions = ['{junk}']\n"),
            format!("variant = \"{junk}\"\nstarting_stacks = [1]\nactions = []\ny = [{junk}]\n"),
            format!("variant = 'NT'\nstarting_stacks = [1] # {junk}\nactions = []\nz = {{a = {junk}}}\n"),
        ][at].clone();
        if let Ok(first) = read(&doc) {
            let written = write_record(&first);
            prop_assert_eq!(read(&written), Ok(first), "read from:\n{}\nwritten:\n{}", doc, written);
        }
    }

    #[test]
    fn values_no_reader_gives_are_still_written_as_readable_text(
        num in text(),
        other in text(),
        key in text(),
    ) {
        // A record built by hand may hold a "number" or a "date" that is neither: it is
        // written as a string, so the text reads (and then stays as read).
        let r = HandRecord {
            variant: "NT".into(),
            other: vec![
                (Cow::Owned(format!("n{key}")), Value::Num(Cow::Owned(num))),
                (Cow::Owned(format!("o{key}")), Value::Other(Cow::Owned(other))),
            ],
            ..HandRecord::default()
        };
        let written = write_record(&r);
        let first = read(&written);
        prop_assert!(first.is_ok(), "{:?}\n{}", first, written);
        let first = first.unwrap();
        let again = write_record(&first);
        prop_assert_eq!(read(&again), Ok(first));
    }
}

#[test]
fn a_value_after_a_space_that_is_not_ascii_is_refused_not_read_as_a_date() {
    // Regression: after U+3000 (or U+2028, U+00A0...) a value was read as a bare date, so
    // `x = <U+3000>'abc'` became the "date" `'abc'`, which was written back unquoted and read
    // again as the string abc.
    for space in ['\u{3000}', '\u{2028}', '\u{a0}', '\u{85}'] {
        let doc =
            format!("variant = 'NT'\nstarting_stacks = [1]\nactions = []\nx = {space}'abc'\n");
        let e = read(&doc).unwrap_err();
        assert!(e.starts_with("TOML line 4, column 5: unexpected character"), "{e}");
    }
    // A date or a time is still read as one, and written back as it was.
    let doc = "variant = 'NT'\nstarting_stacks = [1]\nactions = []\ndate = 2009-07-01\n\
               at = 1979-05-27 07:32:00Z # a comment\n";
    let r = read(doc).unwrap();
    assert_eq!(r.other[1].1, Value::Other("1979-05-27 07:32:00Z".into()));
    assert!(write_record(&r).contains("\nat = 1979-05-27 07:32:00Z\n"));
}

#[test]
fn control_characters_and_keys_that_are_not_bare_are_escaped() {
    let r = HandRecord {
        variant: "a\u{7f}b\u{0}c\rd\u{2028}".into(),
        actions: vec![RecordedAction::read("p1 f\u{3000}".into())],
        other: vec![
            (Cow::Borrowed("two words"), Value::Table(vec![("k y".into(), Value::Bool(true))])),
            (Cow::Borrowed(""), Value::Str("".into())),
        ],
        ..HandRecord::default()
    };
    let written = write_record(&r);
    assert!(written.starts_with("variant = \"a\\u007Fb\\u0000c\\u000Dd\u{2028}\"\n"), "{written}");
    assert!(written.contains("\n\"two words\" = {\"k y\" = true}\n\"\" = \"\"\n"), "{written}");
    assert_eq!(read(&written), Ok(r));
}
