//! PHH hand histories: amounts, actions, the TOML reader and record builder, replay with the
//! engine's invariants, and the write/read round trip.

use feltkit::phh::action::parse_action;
use feltkit::phh::amount::{format_chips, Amount, MAX_PLACES};
use feltkit::phh::read::hands;
use feltkit::phh::record::{HandRecord, RecordError};
use feltkit::phh::write::{write_action, write_record};
use feltkit::phh::{replay_record, replay_text, toml, HandReport, Status};

use super::{as_text, key, lines, shape, Check, Data, Target};

/// Words of hand files: keys, action verbs, values.
const PHH_WORDS: &[&str] = &[
    "variant",
    "'NT'",
    "'FT'",
    "'PT'",
    "'F7S'",
    "'nlhe'",
    "'flhe'",
    "'plhe'",
    "'turnover'",
    "'stud7'",
    "'stud7-spread'",
    "'americana'",
    "'americana-nl'",
    "'PO'",
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
    "_cap",
    "_tournament",
    "_structure",
    "'no-limit'",
    "'pot-limit'",
    "'fixed-limit'",
    "ante_trimming_status",
    "true",
    "false",
    "hand",
    "players",
    "paid",
    "amount",
    "{amount = 30, players = [1], paid = [30, 0]}",
    "'d dh p1 AsKs'",
    "'d dh p2 ????'",
    "'d db 7c8d9h'",
    "'d db Jc'",
    "'p1 cbr 30'",
    "'p2 cc'",
    "'p1 f'",
    "'p2 ck'",
    "'p3 pb'",
    "'p1 sd Ah'",
    "'p1 sm AsKs'",
    "'p2 sm'",
    "d",
    "dh",
    "db",
    "p1",
    "p2",
    "p3",
    "p9",
    "p0",
    "p1001",
    "cbr",
    "cc",
    "ck",
    "f",
    "pb",
    "sd",
    "sm",
    "_timeout",
    "all-in",
    "_out_of_turn",
    "'p2 _timeout'",
    "'p1 _timeout all-in'",
    "'p3 _out_of_turn cbr 40'",
    "????",
    "[1]",
    "[2]",
    "\n[3]\n",
    "[]",
    "[0, 0]",
    "= ",
    "# note",
    "\"\\u3000\"",
    "\"a\\\"b\"",
    "00:00:09",
    "1979-05-27",
];

/// `phh_amount`: `Amount::parse`, writing and chip conversion.
pub const AMOUNT: Target = Target {
    name: "phh_amount",
    about: "PHH decimal amounts (Amount::parse, Display, to_chips, format_chips): \
            what is read writes back to the same amount; conversions never overflow",
    text: true,
    words: &["0.50", "1_000", "-3", ".", "_", "+", "-", "e3"],
    seeds: |data| {
        let mut seeds = lines(&["0.50", "1_000.25", "-3", "200.30", "7.00", "0", "0.000000001"]);
        for (_, text) in data.phh.iter().take(60) {
            for w in text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-')) {
                if !w.is_empty() && w.len() < 20 {
                    seeds.push(w.as_bytes().to_vec());
                }
            }
        }
        seeds.sort();
        seeds.dedup();
        seeds
    },
    check: check_amount,
};

fn check_amount(input: &[u8]) -> Check {
    let text = as_text(input);
    let Some(a) = Amount::parse(&text) else { return Ok(key("none")) };
    if a.places > 18 || a.significant_places() > a.places || a.significant_places() > MAX_PLACES {
        return Err(format!("{text:?} read as {a:?}: places out of range"));
    }
    let written = a.to_string();
    if Amount::parse(&written) != Some(a) {
        return Err(format!(
            "{text:?} read as {a:?}, written {written:?}, which reads back differently"
        ));
    }
    for places in 0..=18u8 {
        if let Some(chips) = a.to_chips(places) {
            let back = Amount::parse(&format_chips(chips, places)).and_then(|b| b.to_chips(places));
            if back != Some(chips) {
                return Err(format!(
                    "{text:?} is {chips} chips of 10^-{places}, written back as {back:?}"
                ));
            }
        }
    }
    Ok(key(("some", a.places, a.units < 0)))
}

/// `phh_action`: `parse_action`.
pub const ACTION: Target = Target {
    name: "phh_action",
    about: "PHH action text (parse_action): an action read writes back and reads the same; \
            ASCII and non-ASCII text split into the same words",
    text: true,
    words: PHH_WORDS,
    seeds: |data| {
        let mut seeds = lines(&[
            "d dh p1 AsKs",
            "d dh p2 ????",
            "d db 7c8d9h",
            "p2 cbr 300",
            "p1 cc",
            "p3 f",
            "p1 sm AsKs",
            "p2 sm",
            "p1 ck",
            "p4 pb",
            "p3 _timeout",
            "p3 _timeout all-in",
            "p5 _out_of_turn cbr 40",
            "p2 _out_of_turn f",
            "p1 sd",
            "p2 sd 7h",
            "p1 cbr 0.50 # a comment",
        ]);
        seeds.extend(data.actions().into_iter().take(3000).map(String::into_bytes));
        seeds
    },
    check: check_action,
};

fn check_action(input: &[u8]) -> Check {
    let text = as_text(input);
    let text = text.as_ref();
    let parsed = parse_action(text);
    if text.is_ascii() && !text.contains('#') {
        // A comment with a non-ASCII letter sends the text down the other word splitter.
        let other = parse_action(&format!("{text} #\u{e9}"));
        if other != parsed {
            return Err(format!(
                "{text:?} reads as {parsed:?}, but with a trailing comment as {other:?}"
            ));
        }
    }
    match parsed {
        Ok(a) => {
            let written = write_action(&a);
            let back = parse_action(&written);
            if back.as_ref() != Ok(&a) {
                return Err(format!(
                    "{text:?} reads as {a:?}, written {written:?}, read back as {back:?}"
                ));
            }
            Ok(key(std::mem::discriminant(&a)))
        }
        Err(e) => Ok(key(shape(&e.to_string()))),
    }
}

/// Hand files, and bundles of them (one past the size where replay reads in parallel).
pub(super) fn phh_seeds(data: &Data) -> Vec<Vec<u8>> {
    let mut seeds = lines(&[
        "variant = 'nlhe'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
         actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\nfinishing_stacks = [101, 99]\n",
        "[1]\nvariant = 'NT'\nstarting_stacks = [100, 100]\nactions = ['p1 f']\n",
        "variant = \"NT\"\nantes = [0, 0]\nblinds_or_straddles = [0.50, 1]\nmin_bet = 1\n\
         starting_stacks = [200.30, 81.60]\nactions = ['d dh p1 ????', 'p2 f']\n\
         winnings = [1.5, 0]\ntime = 00:00:09\nplayers = ['a \"b\"', 'c']\n",
    ]);
    seeds.extend(data.phh.iter().map(|(_, t)| t.as_bytes().to_vec()));
    let small: Vec<&String> =
        data.phh.iter().map(|(_, t)| t).filter(|t| t.len() < 700 && !t.contains("\n[")).collect();
    if small.len() >= 66 {
        let mut bundle = String::new();
        for (k, t) in small.iter().take(66).enumerate() {
            bundle.push_str(&format!("[{}]\n{t}\n", k + 1));
        }
        seeds.push(bundle.into_bytes());
    }
    seeds
}

/// `phh_toml`: the direct reader against the general TOML reader and record builder.
pub const TOML: Target = Target {
    name: "phh_toml",
    about: "PHH TOML reader and record builder: read::hands gives the same records and errors \
            as toml::sections followed by HandRecord::from_section, as documented",
    text: true,
    words: PHH_WORDS,
    seeds: phh_seeds,
    check: check_toml,
};

fn check_toml(input: &[u8]) -> Check {
    let text = as_text(input);
    let text = text.as_ref();
    let general: Vec<_> = toml::sections(text).take(200).collect();
    let direct: Vec<_> = hands(text).take(200).collect();
    if general.len() != direct.len() {
        return Err(format!(
            "toml::sections gives {} sections, read::hands {}",
            general.len(),
            direct.len()
        ));
    }
    let mut outcome = Vec::new();
    for (k, (g, d)) in general.into_iter().zip(direct).enumerate() {
        match (g, d) {
            (Ok(s), Ok(h)) => {
                if h.header != s.header.as_deref()
                    || h.line != s.line
                    || h.empty != s.entries.is_empty()
                {
                    return Err(format!(
                        "section {k}: header or line differ: {:?}/{} vs {:?}/{}",
                        s.header, s.line, h.header, h.line
                    ));
                }
                let built = HandRecord::from_section(s);
                if let Err(RecordError::Bad { line, .. }) = &built {
                    where_in(text, *line, 1).map_err(|w| format!("{built:?}: {w}"))?;
                }
                if built != h.record {
                    return Err(format!(
                        "section {k}: the general reader builds {}, the direct reader {}",
                        brief(&built),
                        brief(&h.record)
                    ));
                }
                outcome.push(match &built {
                    Ok(_) => "ok".to_string(),
                    Err(e) => shape(&e.to_string()),
                });
            }
            (Err(a), Err(b)) => {
                if a != b {
                    return Err(format!(
                        "section {k}: the general reader says {a}, the direct reader {b}"
                    ));
                }
                where_in(text, a.line, a.column).map_err(|w| format!("TOML error {a:?}: {w}"))?;
                outcome.push(shape(&a.message));
            }
            (a, b) => {
                return Err(format!(
                    "section {k}: the general reader gives {}, the direct reader {}",
                    if a.is_ok() { "a section" } else { "an error" },
                    if b.is_ok() { "a hand" } else { "an error" }
                ))
            }
        }
    }
    outcome.truncate(4);
    Ok(key(outcome))
}

/// Whether a line and column (from 1, the column in characters) lie in the text, or one past
/// the end of a line.
fn where_in(text: &str, line: usize, column: usize) -> Result<(), String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some(l) = text.split('\n').nth(line.wrapping_sub(1)) else {
        return Err(format!("line {line} is not in the text"));
    };
    let chars = l.chars().count();
    if column == 0 || column > chars + 1 {
        return Err(format!("column {column} is not in line {line} of {chars} characters"));
    }
    Ok(())
}

fn brief<T: std::fmt::Debug, E: std::fmt::Display>(r: &Result<T, E>) -> String {
    match r {
        Ok(v) => {
            let s = format!("{v:?}");
            s.chars().take(600).collect()
        }
        Err(e) => format!("the error `{e}`"),
    }
}

/// `phh_replay`: `replay_text` and `replay_record`, with the engine's invariants.
pub const REPLAY: Target = Target {
    name: "phh_replay",
    about: "PHH replay (replay_text, replay_record with --check): a legal hand conserves chips \
            (finishing stacks sum to starting stacks; the engine takes no rake), pots sum to the \
            winnings, no stack is negative; replay_text agrees with replaying each hand alone",
    text: true,
    words: PHH_WORDS,
    seeds: phh_seeds,
    check: check_replay,
};

fn check_replay(input: &[u8]) -> Check {
    let text = as_text(input);
    let text = text.as_ref();
    let all = replay_text(text, "fuzz", true);
    let mut alone = Vec::new();
    let mut unreadable = false;
    let read: Vec<_> = hands(text).collect();
    for (k, hand) in read.into_iter().enumerate() {
        let Ok(hand) = hand else {
            unreadable = true;
            break;
        };
        // An empty top level (before the first section, or a text of comments only) is no
        // hand: replay_text does not report it as one.
        if k == 0 && hand.header.is_none() && hand.empty {
            continue;
        }
        let label = match hand.header {
            Some(h) => format!("fuzz [{h}]"),
            None => "fuzz".to_string(),
        };
        let report = match &hand.record {
            Ok(r) => {
                let report = replay_record(r, label, true);
                invariants(r, &report)?;
                report
            }
            Err(e) => HandReport::malformed(label, Some(e.field().to_string()), e.to_string()),
        };
        alone.push(report);
    }
    // What a replay decided, leaving out where the hand was (file, section, line, label),
    // which differs between a hand in its bundle and the same hand alone.
    // A malformed hand's reason in a bundle also says the line where the hand starts, and an
    // action that cannot be read its own line (` (line 8)`): a record alone has no lines.
    let verdict = |r: &HandReport| {
        let status = match &r.status {
            Status::Malformed { field, reason } => {
                let reason = reason.split(" (in the hand that starts at line").next();
                let reason = without_line(reason.unwrap_or(""));
                Status::Malformed { field: field.clone(), reason: reason.into() }
            }
            s => s.clone(),
        };
        (status, r.outcome.clone(), r.mismatches.clone())
    };
    if unreadable {
        // A hand that cannot be read is reported as that hand; the others still replay.
        if !all.iter().any(|r| matches!(r.status, Status::Malformed { .. } | Status::Unreadable(_)))
        {
            return Err(format!("a TOML error, but none of {} reports says so", all.len()));
        }
    } else if !alone.is_empty()
        && (all.len() != alone.len()
            || all.iter().zip(&alone).any(|(a, b)| verdict(a) != verdict(b)))
    {
        let k = all
            .iter()
            .zip(&alone)
            .position(|(a, b)| verdict(a) != verdict(b))
            .unwrap_or(all.len().min(alone.len()));
        return Err(format!(
            "replay_text gives {} reports, hands replayed alone {}; first difference at hand {k}: {:?} vs {:?}",
            all.len(),
            alone.len(),
            all.get(k).map(|r| &r.status),
            alone.get(k).map(|r| &r.status)
        ));
    }
    let statuses: Vec<String> = all.iter().take(3).map(|r| status_shape(&r.status)).collect();
    Ok(key((statuses, all.iter().any(|r| !r.mismatches.is_empty()))))
}

/// `reason` without a last ` (line N)`.
fn without_line(reason: &str) -> &str {
    match reason.strip_suffix(')').and_then(|r| r.rsplit_once(" (line ")) {
        Some((before, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => before,
        _ => reason,
    }
}

fn status_shape(s: &Status) -> String {
    match s {
        Status::Legal => "legal".into(),
        Status::Illegal { reason, .. } => format!("illegal {}", shape(reason)),
        Status::BadSetup(m) => format!("setup {}", shape(m)),
        Status::Incomplete(m) => format!("incomplete {}", shape(m)),
        Status::Unresolved(m) => format!("unresolved {}", shape(m)),
        Status::Unsupported(m) => format!("unsupported {}", shape(m)),
        Status::Unreadable(m) => format!("unreadable {}", shape(m)),
        Status::Malformed { field, reason } => format!("malformed {field:?} {}", shape(reason)),
    }
}

/// The engine's invariants on one replayed hand.
pub(super) fn invariants(r: &HandRecord, report: &HandReport) -> Result<(), String> {
    if let Status::Illegal { number, .. } = report.status {
        if number == 0 || number > r.actions.len() {
            return Err(format!(
                "action {number} is illegal, but the hand has {} actions",
                r.actions.len()
            ));
        }
    }
    if report.status != Status::Legal {
        return match report.outcome {
            Some(_) => Err(format!("status {:?} with an outcome", report.status)),
            None => Ok(()),
        };
    }
    let Some(o) = &report.outcome else { return Err("a legal hand without an outcome".into()) };
    // A stack not known (`inf`) is played as the most chips an amount may hold (docs/replay.md).
    let start: Option<Vec<feltkit::rules::Chips>> = r
        .starting_stacks
        .iter()
        .map(|a| {
            if a.is_infinite() {
                Some(feltkit::rules::MAX_CHIPS)
            } else {
                a.to_chips(report.places)
            }
        })
        .collect();
    let start = start.ok_or("a legal hand whose starting stacks are not whole chips")?;
    super::engine::outcome_invariants(o, &start)
}

/// `phh_roundtrip`: `write_record` then the reader.
pub const ROUNDTRIP: Target = Target {
    name: "phh_roundtrip",
    about: "PHH write/read round trip: whatever write_record writes reads back (read::hands and \
            the general reader) to the same record",
    text: true,
    words: PHH_WORDS,
    seeds: phh_seeds,
    check: check_roundtrip,
};

fn check_roundtrip(input: &[u8]) -> Check {
    let text = as_text(input);
    let mut outcome = Vec::new();
    for hand in hands(&text).take(100) {
        let Ok(hand) = hand else {
            outcome.push(0);
            break;
        };
        let Ok(first) = hand.record else {
            outcome.push(1);
            continue;
        };
        // A bare value that looks like a quoted string (`x =\u{3000}'a'` is read bare, quotes
        // and all) is written back as the string it looks like, or as a broken one (`'`).
        let note = match first.other.iter().any(|(_, v)| bare_quoted(v)) {
            true => ", with a bare value in quotes",
            false => "",
        };
        let written = write_record(&first);
        let back = match hands(&written).next() {
            Some(Ok(h)) => h.record,
            Some(Err(e)) => {
                return Err(format!(
                    "write_record wrote text that does not read{note}: {e}\n{written}"
                ))
            }
            None => return Err("write_record wrote nothing readable".into()),
        };
        let back = back.map_err(|e| {
            format!("write_record wrote a record that does not build{note}: {e}\n{written}")
        })?;
        // The writer puts the fields without a type in its own order; the reader keeps the
        // order of the text: the same fields, each once, in the order written.
        if !same_record(&back, &first) {
            return Err(format!(
                "the record reads back changed{note} ({})\n{written}",
                differences(&first, &back)
            ));
        }
        let again = write_record(&back);
        if again != written {
            return Err(format!(
                "write_record writes the record read back otherwise{note}\n{written}\n---\n{again}"
            ));
        }
        let general = toml::parse(&written).map_err(|e| {
            format!("the general reader refuses what write_record wrote{note}: {e}")
        })?;
        let built = general.into_iter().next().map(HandRecord::from_section);
        if built.as_ref().map(|b| b.as_ref().ok()) != Some(Some(&back)) {
            return Err(format!("the general reader reads back a changed record{note}\n{written}"));
        }
        outcome.push(2 + first.other.len().min(3));
    }
    Ok(key(outcome))
}

/// Whether a value holds a bare value that looks like a quoted string (`'P7'`), at any depth.
fn bare_quoted(v: &toml::Value) -> bool {
    match v {
        toml::Value::Other(s) => s.starts_with(['\'', '"']),
        toml::Value::Array(items) => items.iter().any(bare_quoted),
        toml::Value::Table(entries) => entries.iter().any(|(_, v)| bare_quoted(v)),
        _ => false,
    }
}

/// Whether two records are the same but for the order of their fields without a type (their
/// keys are unique: a key given twice is refused).
fn same_record(a: &HandRecord, b: &HandRecord) -> bool {
    fn sorted<'a>(r: &HandRecord<'a>) -> HandRecord<'a> {
        let mut r = r.clone();
        r.other.sort_by(|x, y| x.0.cmp(&y.0));
        r
    }
    sorted(a) == sorted(b)
}

/// The fields that differ between two records, with both values.
fn differences(a: &HandRecord, b: &HandRecord) -> String {
    let mut out = Vec::new();
    macro_rules! field {
        ($($f:ident),*) => {$(
            if a.$f != b.$f {
                out.push(format!("{}: {:?} became {:?}", stringify!($f), a.$f, b.$f));
            }
        )*};
    }
    field!(variant, ante_trimming_status, antes, blinds_or_straddles, min_bet, small_bet, big_bet);
    field!(bring_in, starting_stacks, actions, finishing_stacks, winnings, pots, tournament, cap);
    field!(structure, hand, other);
    out.join("; ")
}
