//! Hand-history import throughput: `cargo bench -p feltkit-benches --bench import`.
//!
//! The workload is a PokerStars text of 20,000 hands made of the project's own samples
//! (`feltkit_benches::pokerstars_text`: every legal sample of `tests/data/pokerstars`, repeated
//! and numbered anew). `import/pokerstars_20k_read_convert_replay_check` runs the pipeline of
//! `felt replay --check` on it: the text decoded and cut into hands on one thread as it is read
//! (as the command reads a file: the workers start on the first hands while the rest is cut),
//! each hand converted (straight into the record the replay reads), replayed and checked
//! against the site's accounting on every core, 32 hands at a time, the results taken in input
//! order (the report's text left out). The other two measure the stages alone, on one thread:
//! cutting into hands, and converting to PHH.
//!
//! `import/ggpoker_20k_read_convert_replay_check` runs the same pipeline on a GGPoker text of
//! 20,000 hands made of the project's GG samples ([`ggpoker_text`]: every good sample of
//! `tests/data/ggpoker`, straddles and boards run twice and three times among them, repeated
//! and numbered anew).
//!
//! `import/winamax_20k_read_convert_replay_check` runs it on a Winamax text of 20,000 hands made
//! of the project's Winamax samples ([`winamax_text`]: every good sample of
//! `tests/data/winamax`, side pots, a tournament, Omaha high and high-low, repeated and
//! numbered anew).
//!
//! `import/888poker_20k_read_convert_replay_check` runs it on an 888poker text of 20,000 hands
//! made of the project's 888 samples (`p888_text`: every good sample of `tests/data/888poker`,
//! a Latin-1 text, side pots, a tournament with antes, fixed limit, Omaha high and high-low,
//! repeated and numbered anew).
//!
//! `import/bovada_20k_read_convert_replay_check` runs it on a Bovada text of 20,000 hands made
//! of the project's Bovada samples (`bovada_text`: every good sample of `tests/data/bovada`,
//! Zone Poker, side pots, a tournament with antes, fixed limit, Omaha high and high-low,
//! repeated and numbered anew).
//!
//! `import/ongame_20k_read_convert_replay_check` runs it on an OnGame text of 20,000 hands made
//! of the project's OnGame samples (`ongame_text`: every good sample of `tests/data/ongame`,
//! side pots with the board dealt twice after an all-in, a tournament with antes, pot-limit
//! Omaha, fixed limit, Omaha high-low, repeated and numbered anew).
//!
//! `import/merge_20k_read_convert_replay_check` runs it on a Merge XML file of 20,000 games made
//! of the project's Merge samples (`merge_text`: every good sample of `tests/data/merge`, side
//! pots, tournaments with antes and with balances after the blinds, pot-limit Omaha with a dead
//! blind, fixed limit, Omaha high-low, repeated and numbered anew).
//!
//! `import/microgaming_20k_read_convert_replay_check` runs it on a Microgaming XML file of
//! 20,000 games made of the project's Microgaming samples (`microgaming_text`: every good
//! sample of `tests/data/microgaming`, side pots, an older text of raises to totals, Omaha
//! high-low, a post to come in and a jackpot fee, repeated and numbered anew).
//!
//! `import/chico_20k_read_convert_replay_check` runs it on a Chico text of 20,000 hands made of
//! the project's Chico samples (`chico_text`: every good sample of `tests/data/chico`, side pots
//! with the streets after an all-in dealt from the summary, a dead blind in pot-limit Omaha,
//! fixed-limit Omaha high-low, a tournament with antes, repeated and numbered anew).
//!
//! `import/cake_20k_read_convert_replay_check` runs it on a Cake text of 20,000 hands made of
//! the project's Cake samples (`cake_text`: every good sample of `tests/data/cake`, side pots,
//! fixed limit, a walk whose unmatched big blind is counted in the win, pot-limit Omaha in
//! dollars with euros beside them, a tournament, repeated and numbered anew).
//!
//! `import/kingsclub_20k_read_convert_replay_check` runs it on a KingsClub text of 20,000 hands
//! made of the project's KingsClub samples (`kingsclub_text`: every good sample of
//! `tests/data/kingsclub`, side pots, fixed limit, pot-limit Omaha run twice, Omaha high-low,
//! stud high-low, triple and single draw, a tournament, repeated and numbered anew).
//!
//! `import/absolute_20k_read_convert_replay_check` runs it on an Absolute text of 20,000 hands
//! made of the project's Absolute samples (`absolute_text`: every good hand of
//! `tests/data/absolute`, side pots, fixed limit with a dead post, a tournament's walk and
//! all-in, pot-limit Omaha, repeated and numbered anew).
//!
//! `import/everest_20k_read_convert_replay_check` runs it on an Everest XML file of 20,000
//! hands made of the project's Everest samples (`everest_text`: every good sample of
//! `tests/data/everest`, side pots with rake, fixed limit with no small blind, a tournament
//! with antes, pot-limit Omaha high-low, each after its `<SESSION>`, repeated and numbered
//! anew).
//!
//! `import/fulltilt_20k_read_convert_replay_check` runs it on a Full Tilt text of 20,000 hands
//! made of the project's Full Tilt samples (`fulltilt_text`: every good UTF-8 sample of
//! `tests/data/fulltilt`, side pots, chat, a tournament with antes, fixed limit, Omaha high and
//! high-low, repeated and numbered anew).
//! `import/partypoker_20k_read_convert_replay_check` runs it on a PartyPoker text of 20,000
//! hands made of the project's Party samples (`party_text`: the good one-hand samples of
//! `tests/data/partypoker`, both header families, side pots, a tournament with antes and its
//! unwritten blinds, fixed limit, Omaha high and high-low, repeated and numbered anew).
//!
//! `import/wpn_20k_read_convert_replay_check` runs it on a WPN text of 20,000 hands made of the
//! project's WPN samples (`wpn_text`: every good sample of `tests/data/wpn`, side pots with a
//! jackpot fee, a tournament with antes, a straddle, fixed limit, Omaha high-low, repeated and
//! numbered anew).
//!
//! `import/ipoker_20k_read_convert_replay_check` runs it on an iPoker XML file of 20,000 games
//! made of the project's iPoker samples ([`ipoker_text`]: every good sample of
//! `tests/data/ipoker`, one session each, a Windows-1252 one among them, side pots, a
//! tournament with antes, fixed limit, Omaha high and high-low, seven-card stud high-low,
//! repeated and numbered anew).
//!
//! `FELTKIT_BENCH_TEXTS=DIR` writes each text to `DIR` (`bovada.txt`, `ipoker.xml`, ...) as the
//! bench builds it, so that the command itself can be timed on the same hands:
//! `FELTKIT_BENCH_TEXTS=/tmp/texts cargo bench -p feltkit-benches --bench import -- --list`,
//! then `time felt replay --check /tmp/texts/bovada.txt`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use feltkit::import::{read_hands, split, Format, Pending};
use feltkit::phh::stream::{ordered, Step, Window};

/// The allocator `felt` uses (see src/main.rs), so that the bench measures what the command
/// does.
#[global_allocator]
static ALLOCATOR: feltkit::alloc::Allocator = feltkit::alloc::Allocator;

const HANDS: usize = 20_000;

/// The good samples of `tests/data/ggpoker`: each replays legally and matches the site's
/// accounting.
const GGPOKER_SAMPLES: [&str; 13] = [
    "cash_nl_showdown.txt",
    "cash_nl_side_pots.txt",
    "cash_plo.txt",
    "cash_plo5.txt",
    "cash_plo6.txt",
    "cash_thousands.txt",
    "fixed_limit.txt",
    "tournament_bounty.txt",
    "straddle.txt",
    "missed_blind.txt",
    "run_twice.txt",
    "run_three_times.txt",
    "double_straddle.txt",
];

/// A GGPoker text of `hands` hands: the good samples in turn, each hand numbered anew
/// (`Poker Hand #RC1000000:`), a blank line between hands as the site writes them.
fn ggpoker_text(hands: usize) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/ggpoker");
    let samples: Vec<String> =
        GGPOKER_SAMPLES.iter().map(|n| std::fs::read_to_string(root.join(n)).unwrap()).collect();
    let mut out = String::with_capacity(hands * 1200);
    for n in 0..hands {
        let sample = &samples[n % samples.len()];
        let (Some(hash), Some(colon)) = (sample.find('#'), sample.find(':')) else {
            unreachable!("every sample starts `Poker Hand #ID:`")
        };
        out.push_str(&sample[..hash]);
        out.push_str(&format!("#RC{}", 1_000_000 + n));
        out.push_str(sample[colon..].trim_end());
        out.push_str("\n\n");
    }
    out
}

/// The good samples of `tests/data/winamax`: each replays legally and matches the site's
/// accounting.
const WINAMAX_SAMPLES: [&str; 7] = [
    "cash_nl_side_pots.txt",
    "tournament_antes.txt",
    "cash_plo.txt",
    "cash_plo_hilo.txt",
    "cash_plo5_hilo.txt",
    "go_fast.txt",
    "cash_nl_rake.txt",
];

/// A Winamax text of `hands` hands: the good samples in turn (LF line ends, no byte-order
/// mark), each hand numbered anew (`HandId: #1000000-1-1700000000`), a blank line between
/// hands.
fn winamax_text(hands: usize) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/winamax");
    let samples: Vec<String> = WINAMAX_SAMPLES
        .iter()
        .map(|n| std::fs::read_to_string(root.join(n)).unwrap())
        .map(|s| s.trim_start_matches('\u{feff}').replace("\r\n", "\n"))
        .collect();
    let mut out = String::with_capacity(hands * 1200);
    for n in 0..hands {
        let sample = &samples[n % samples.len()];
        let Some(hash) = sample.find("HandId: #").map(|k| k + 9) else {
            unreachable!("every sample's header has `HandId: #`")
        };
        let Some(end) = sample[hash..].find(' ').map(|k| hash + k) else {
            unreachable!("the hand number is followed by ` - `")
        };
        out.push_str(&sample[..hash]);
        out.push_str(&format!("{}-1-1700000000", 1_000_000 + n));
        out.push_str(sample[end..].trim_end());
        out.push_str("\n\n");
    }
    out
}

/// The good UTF-8 samples of `tests/data/fulltilt`: each replays legally and matches the
/// site's accounting.
const FULLTILT_SAMPLES: [&str; 6] = [
    "cash_nl_side_pot.txt",
    "chat_and_observers.txt",
    "tournament_antes.txt",
    "cash_plo.txt",
    "cash_fixed_limit.txt",
    "cash_omaha_hilo.txt",
];

/// A Full Tilt text of `hands` hands: the good samples in turn, each hand numbered anew (the
/// number after its header's `#`), a blank line between hands.
fn fulltilt_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/fulltilt");
    let samples: Vec<Vec<u8>> =
        FULLTILT_SAMPLES.iter().map(|n| std::fs::read(root.join(n)).unwrap()).collect();
    let mut out = Vec::with_capacity(hands * 1400);
    for n in 0..hands {
        let sample = samples[n % samples.len()].trim_ascii_end();
        let hash = sample.iter().position(|&b| b == b'#').expect("a header's `#`");
        let colon = hash + sample[hash..].iter().position(|&b| b == b':').expect("its `:`");
        out.extend_from_slice(&sample[..=hash]);
        out.extend_from_slice((1_000_000 + n).to_string().as_bytes());
        out.extend_from_slice(&sample[colon..]);
        out.extend_from_slice(b"\n\n");
    }
    out
}

/// The good samples of `tests/data/888poker`: each replays legally and matches the site's
/// accounting.
const P888_SAMPLES: [&str; 6] = [
    "cash_nl_side_pot.txt",
    "cash_decimal_commas_latin1.txt",
    "tournament_antes.txt",
    "cash_plo.txt",
    "cash_fixed_limit.txt",
    "cash_plo_hilo.txt",
];

/// An 888poker text of `hands` hands: the good samples in turn (one of them Latin-1, as 888
/// writes), each hand numbered anew (`#Game No : 1000000` and its `for Game` line), a blank
/// line between hands.
fn p888_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/888poker");
    let samples: Vec<Vec<u8>> =
        P888_SAMPLES.iter().map(|n| std::fs::read(root.join(n)).unwrap()).collect();
    let mut out = Vec::with_capacity(hands * 1200);
    for n in 0..hands {
        let sample = &samples[n % samples.len()];
        let number = sample
            .split(|&b| b == b'\n')
            .next()
            .and_then(|l| l.trim_ascii().strip_prefix(b"#Game No : "))
            .expect("every sample starts `#Game No : N`");
        let fresh = (1_000_000 + n).to_string();
        let mut rest = sample.trim_ascii_end();
        // Every place the sample's number stands (its first two lines) gets the new one.
        while let Some(k) = rest.windows(number.len()).position(|w| w == number) {
            out.extend_from_slice(&rest[..k]);
            out.extend_from_slice(fresh.as_bytes());
            rest = &rest[k + number.len()..];
        }
        out.extend_from_slice(rest);
        out.extend_from_slice(b"\n\n");
    }
    out
}

/// The good samples of `tests/data/wpn`: each replays legally and matches the site's
/// accounting.
const WPN_SAMPLES: [&str; 5] = [
    "cash_nl_side_pot.txt",
    "tournament_antes.txt",
    "cash_plo_hilo.txt",
    "cash_fixed_limit.txt",
    "cash_straddle.txt",
];

/// A WPN text of `hands` hands: the good samples in turn, each hand numbered anew (the number
/// after its header's `#`), a blank line between hands.
fn wpn_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/wpn");
    let samples: Vec<Vec<u8>> =
        WPN_SAMPLES.iter().map(|n| std::fs::read(root.join(n)).unwrap()).collect();
    let mut out = Vec::with_capacity(hands * 1400);
    for n in 0..hands {
        let sample = samples[n % samples.len()].trim_ascii_end();
        let hash = sample.iter().position(|&b| b == b'#').expect("a header's `#`");
        let digits = sample[hash + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        out.extend_from_slice(&sample[..=hash]);
        out.extend_from_slice((1_000_000 + n).to_string().as_bytes());
        out.extend_from_slice(&sample[hash + 1 + digits..]);
        out.extend_from_slice(b"\n\n");
    }
    out
}

/// The good samples of `tests/data/bovada`: each replays legally and matches the site's
/// accounting.
const BOVADA_SAMPLES: [&str; 6] = [
    "cash_nl_side_pot.txt",
    "zone.txt",
    "tournament_antes.txt",
    "cash_plo.txt",
    "fixed_limit.txt",
    "omaha_hilo.txt",
];

/// A Bovada text of `hands` hands: the good samples in turn, each hand numbered anew (the
/// number after `Hand #` in its first line), a blank line between hands.
fn bovada_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/bovada");
    let samples: Vec<String> =
        BOVADA_SAMPLES.iter().map(|n| std::fs::read_to_string(root.join(n)).unwrap()).collect();
    let mut out = String::with_capacity(hands * 1500);
    for n in 0..hands {
        let sample = samples[n % samples.len()].trim_end();
        let at = sample.find("Hand #").expect("every sample starts `SITE Hand #N`") + 6;
        let digits = sample[at..].find(|c: char| !c.is_ascii_digit()).unwrap_or(0);
        out.push_str(&sample[..at]);
        out.push_str(&(1_000_000 + n).to_string());
        out.push_str(&sample[at + digits..]);
        out.push_str("\n\n");
    }
    out.into_bytes()
}

/// The good samples of `tests/data/ongame`: each replays legally and matches the site's
/// accounting.
const ONGAME_SAMPLES: [&str; 5] = [
    "cash_nl_side_pot.txt",
    "tournament_antes.txt",
    "cash_plo.txt",
    "fixed_limit.txt",
    "omaha_hilo.txt",
];

/// An OnGame text of `hands` hands: the good samples in turn, each hand numbered anew (the
/// number in its header and its end line, `R5-500000101-1`), a blank line between hands.
fn ongame_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/ongame");
    let samples: Vec<String> =
        ONGAME_SAMPLES.iter().map(|n| std::fs::read_to_string(root.join(n)).unwrap()).collect();
    let mut out = String::with_capacity(hands * 1100);
    for n in 0..hands {
        let sample = &samples[n % samples.len()];
        let at = sample.find("for hand ").expect("every sample starts with its header") + 9;
        let number = sample[at..].split([' ', '*']).next().unwrap_or_default();
        let renumbered = format!("{}-{}", &number[..2], 1_000_000 + n);
        out.push_str(&sample.trim_end().replace(number, &renumbered));
        out.push_str("\n\n");
    }
    out.into_bytes()
}

/// The good samples of `tests/data/merge`: each replays legally and matches the site's
/// accounting.
const MERGE_SAMPLES: [&str; 7] = [
    "cash_nl_side_pot.xml",
    "tournament_antes.xml",
    "tournament_old_balances.txt",
    "cash_plo.xml",
    "omaha_hilo.xml",
    "raise_adds_2010.xml",
    "fixed_limit.xml",
];

/// A Merge XML file of `hands` games: the good samples in turn (each with its description),
/// each game numbered anew (its `id`).
fn merge_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/merge");
    let samples: Vec<String> =
        MERGE_SAMPLES.iter().map(|n| std::fs::read_to_string(root.join(n)).unwrap()).collect();
    let mut out = String::with_capacity(hands * 2600);
    for n in 0..hands {
        let sample = &samples[n % samples.len()];
        let at = sample.find("<game id=\"").expect("every sample has its game") + 10;
        let number = sample[at..].split('"').next().unwrap_or_default();
        let renumbered = format!("id=\"{}-{}\"", 90_000_000 + n, n % 1000);
        out.push_str(&sample.trim_end().replace(&format!("id=\"{number}\""), &renumbered));
        out.push('\n');
    }
    out.into_bytes()
}

/// The good samples of `tests/data/chico`: each replays legally and matches the site's
/// accounting.
const CHICO_SAMPLES: [&str; 4] = [
    "cash_nl_side_pot.txt",
    "cash_plo_dead_blind.txt",
    "omaha_hilo_limit.txt",
    "tournament_antes.txt",
];

/// A Chico text of `hands` hands: the good samples in turn, each hand numbered anew (the
/// number after `Game #`), two blank lines between hands.
fn chico_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/chico");
    let samples: Vec<String> =
        CHICO_SAMPLES.iter().map(|n| std::fs::read_to_string(root.join(n)).unwrap()).collect();
    let mut out = String::with_capacity(hands * 1200);
    for n in 0..hands {
        let sample = samples[n % samples.len()].trim();
        let at = sample.find("Game #").expect("every sample has its header") + 6;
        let number = sample[at..].split(':').next().unwrap_or_default();
        out.push_str(&sample.replacen(number, &(3_000_000_000u64 + n as u64).to_string(), 1));
        out.push_str("\n\n\n");
    }
    out.into_bytes()
}

/// The good samples of `tests/data/microgaming`: each replays legally and matches the site's
/// accounting.
const MICROGAMING_SAMPLES: [&str; 4] =
    ["cash_nl_side_pot.xml", "old_raise_to.xml", "omaha_hilo.xml", "jackpot_and_post.xml"];

/// A Microgaming XML file of `hands` games: the good samples in turn, each game numbered anew
/// (its `id`).
fn microgaming_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/microgaming");
    let samples: Vec<String> = MICROGAMING_SAMPLES
        .iter()
        .map(|n| std::fs::read_to_string(root.join(n)).unwrap())
        .collect();
    let mut out = String::with_capacity(hands * 2600);
    for n in 0..hands {
        let sample = &samples[n % samples.len()];
        let at = sample.find(" id=\"").expect("every sample has its game") + 5;
        let number = sample[at..].split('"').next().unwrap_or_default();
        let renumbered = format!(" id=\"{}\"", 7_000_000_000u64 + n as u64);
        out.push_str(&sample.trim_end().replacen(&format!(" id=\"{number}\""), &renumbered, 1));
        out.push('\n');
    }
    out.into_bytes()
}

/// The good samples of `tests/data/absolute`: each hand replays legally and matches the
/// site's accounting.
const ABSOLUTE_SAMPLES: [&str; 4] =
    ["cash_nl_side_pot.txt", "limit_dead_blind.txt", "tournament_walk.txt", "omaha_pot_limit.txt"];

/// An Absolute text of `hands` hands: the good samples' hands in turn, each numbered anew (the
/// number after `Stage #`), two blank lines between hands.
fn absolute_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/absolute");
    let samples: Vec<String> =
        ABSOLUTE_SAMPLES.iter().map(|n| std::fs::read_to_string(root.join(n)).unwrap()).collect();
    let each: Vec<&str> =
        samples.iter().flat_map(|s| s.split("Stage #").filter(|h| !h.trim().is_empty())).collect();
    let mut out = String::with_capacity(hands * 1400);
    for n in 0..hands {
        let hand = each[n % each.len()].trim();
        let end = hand.find([':', ' ']).expect("every hand has its number");
        out.push_str(&format!("Stage #{}{}\n\n\n", 4_000_000_000u64 + n as u64, &hand[end..]));
    }
    out.into_bytes()
}

/// The good samples of `tests/data/everest`: each replays legally and matches the site's
/// accounting.
const EVEREST_SAMPLES: [&str; 4] =
    ["cash_nl_side_pot.xml", "limit_no_small_blind.xml", "tournament_antes.xml", "omaha_hilo.xml"];

/// An Everest XML file of `hands` hands: the good samples (each its `<SESSION>` then its
/// `<HAND>`) in turn, each hand numbered anew (the `<HAND>`'s `id`).
fn everest_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/everest");
    let samples: Vec<String> =
        EVEREST_SAMPLES.iter().map(|n| std::fs::read_to_string(root.join(n)).unwrap()).collect();
    let mut out = String::with_capacity(hands * 2000);
    for n in 0..hands {
        let sample = &samples[n % samples.len()];
        let hand = sample.find("<HAND ").expect("every sample has its hand");
        let at = hand + sample[hand..].find(" id=\"").expect("every hand has its id") + 5;
        let end = at + sample[at..].find('"').unwrap_or_default();
        out.push_str(&sample[..at]);
        out.push_str(&(8_000_000_000u64 + n as u64).to_string());
        out.push_str(sample[end..].trim_end());
        out.push('\n');
    }
    out.into_bytes()
}

/// The good samples of `tests/data/cake`: each replays legally and matches the site's
/// accounting.
const CAKE_SAMPLES: [&str; 5] = [
    "cash_nl_side_pot.txt",
    "fixed_limit.txt",
    "walk_uncalled_in_win.txt",
    "plo_euro_conversion.txt",
    "tournament.txt",
];

/// A Cake text of `hands` hands: the good samples in turn (without the byte-order marks one
/// starts with), each hand numbered anew (the number after `Hand#`), a blank line between
/// hands.
fn cake_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/cake");
    let samples: Vec<String> =
        CAKE_SAMPLES.iter().map(|n| std::fs::read_to_string(root.join(n)).unwrap()).collect();
    let mut out = String::with_capacity(hands * 900);
    for n in 0..hands {
        let sample = samples[n % samples.len()].trim();
        let sample = &sample[sample.find("Hand#").expect("every sample has its header")..];
        let number = sample[5..].split(' ').next().unwrap_or_default();
        out.push_str(&sample.replacen(number, &(4_000_000_000u64 + n as u64).to_string(), 1));
        out.push_str("\n\n");
    }
    out.into_bytes()
}

/// The good samples of `tests/data/kingsclub`: each replays legally and matches the site's
/// accounting.
const KINGSCLUB_SAMPLES: [&str; 8] = [
    "cash_nl_side_pot.txt",
    "fixed_limit_holdem.txt",
    "plo_run_twice.txt",
    "omaha_hilo_limit.txt",
    "stud_hilo.txt",
    "triple_draw.txt",
    "single_draw_nl.txt",
    "tournament.txt",
];

/// A KingsClub text of `hands` hands: the good samples in turn, each hand numbered anew (the
/// number after `#`), a blank line between hands.
fn kingsclub_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/kingsclub");
    let samples: Vec<String> =
        KINGSCLUB_SAMPLES.iter().map(|n| std::fs::read_to_string(root.join(n)).unwrap()).collect();
    let mut out = String::with_capacity(hands * 900);
    for n in 0..hands {
        let sample = samples[n % samples.len()].trim();
        let number = sample[1..].split(':').next().unwrap_or_default();
        out.push_str(&sample.replacen(number, &(6_000_000_000u64 + n as u64).to_string(), 1));
        out.push_str("\n\n");
    }
    out.into_bytes()
}

/// The good one-hand samples of `tests/data/partypoker`: each replays legally and matches the
/// site's accounting.
const PARTY_SAMPLES: [&str; 5] = [
    "cash_nl_side_pot.txt",
    "tournament_antes.txt",
    "cash_plo.txt",
    "cash_fixed_limit.txt",
    "cash_plo_hilo.txt",
];

/// A PartyPoker text of `hands` hands: the good samples in turn, each hand numbered anew (in
/// every header line: `Game #N starts.`, `#Game No : N`, `Hand History for Game N`), a blank
/// line between hands.
fn party_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/partypoker");
    let samples: Vec<String> =
        PARTY_SAMPLES.iter().map(|n| std::fs::read_to_string(root.join(n)).unwrap()).collect();
    let mut out = String::with_capacity(hands * 1100);
    for n in 0..hands {
        let sample = &samples[n % samples.len()];
        let number: String = sample
            .split("Hand History for Game ")
            .nth(1)
            .expect("every sample has its title")
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        out.push_str(&sample.trim_end().replace(&number, &(1_000_000 + n).to_string()));
        out.push_str("\n\n");
    }
    out.into_bytes()
}

/// The good iPoker samples, one session of one game each.
const IPOKER_SAMPLES: &[&str] = &[
    "cash_nl_side_pot.xml",
    "cash_decimal_commas_latin1.txt",
    "tournament_antes.xml",
    "cash_plo.xml",
    "cash_fixed_limit.xml",
    "cash_omaha_hilo.xml",
    "stud_hilo.xml",
];

/// An iPoker XML file of `hands` games: the good samples' sessions in turn (one of them
/// Windows-1252, as some skins write), each game numbered anew (`gamecode="1000000"`).
fn ipoker_text(hands: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/ipoker");
    let samples: Vec<Vec<u8>> =
        IPOKER_SAMPLES.iter().map(|n| std::fs::read(root.join(n)).unwrap()).collect();
    let mut out = Vec::with_capacity(hands * 2500);
    out.extend_from_slice(b"<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    let code = b"gamecode=\"";
    for n in 0..hands {
        let sample = &samples[n % samples.len()];
        let start = sample.windows(8).position(|w| w == b"<session").expect("a session");
        let session = &sample[start..];
        let at = session.windows(code.len()).position(|w| w == code).expect("a game") + code.len();
        let end = at + session[at..].iter().position(|&b| b == b'"').expect("a closing quote");
        out.extend_from_slice(&session[..at]);
        out.extend_from_slice((1_000_000 + n).to_string().as_bytes());
        out.extend_from_slice(&session[end..]);
    }
    out
}

/// The hands of `text` that replay legally and match, as `felt replay --check` finds them.
fn pipeline(text: &[u8], threads: usize) -> usize {
    pipeline_of(Format::PokerStars, text, threads)
}

/// The hands of `text`, in `format`, that replay legally and match.
fn pipeline_of(format: Format, text: &[u8], threads: usize) -> usize {
    let mut ok = 0;
    let done: Result<(), ()> = ordered(
        threads,
        Window { items: (8 * threads).max(32), bytes: 64 << 20 },
        |emit| {
            // Cut as the text is read, as `felt replay` does: the workers start on the first
            // hands while the rest is cut.
            let mut hands = read_hands(format, text).map_while(Result::ok);
            loop {
                let chunk: Vec<Pending> = hands.by_ref().take(32).collect();
                if chunk.is_empty() {
                    break;
                }
                let weight = chunk.iter().map(Pending::weight).sum();
                if !emit(chunk, weight) {
                    return;
                }
            }
        },
        |chunk: Vec<Pending>| {
            chunk
                .iter()
                .map(|h| h.replay("text", true).iter().filter(|r| r.ok()).count())
                .sum::<usize>()
        },
        |step| {
            if let Step::Item(n) = step {
                ok += n;
            }
            Ok(())
        },
    );
    assert!(done.is_ok());
    ok
}

/// Writes a bench text to the folder `FELTKIT_BENCH_TEXTS` names, when it names one, so that
/// the command's own speed can be timed on the same hands (`felt replay --check FILE`).
fn keep(name: &str, text: &[u8]) {
    if let Some(dir) = std::env::var_os("FELTKIT_BENCH_TEXTS") {
        let path = std::path::Path::new(&dir).join(name);
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

fn import(c: &mut Criterion) {
    let text = feltkit_benches::pokerstars_text(HANDS);
    keep("pokerstars.txt", text.as_ref());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(pipeline(text.as_bytes(), threads), HANDS, "every hand must replay and match");
    let mut group = c.benchmark_group("import");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.sample_size(20);
    group.bench_function("pokerstars_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline(std::hint::black_box(text.as_bytes()), threads))
    });
    group.bench_function("pokerstars_20k_split_1_thread", |b| {
        b.iter(|| split(Format::PokerStars, std::hint::black_box(text.as_bytes())).len())
    });
    let hands = split(Format::PokerStars, text.as_bytes());
    group.bench_function("pokerstars_20k_convert_1_thread", |b| {
        b.iter(|| hands.iter().map(|h| h.convert().phh.len()).sum::<usize>())
    });
    let gg = Format::named("ggpoker").expect("GGPoker is a format");
    let text = ggpoker_text(HANDS);
    keep("ggpoker.txt", text.as_ref());
    assert_eq!(pipeline_of(gg, text.as_bytes(), threads), HANDS, "every GG hand must match");
    group.bench_function("ggpoker_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(gg, std::hint::black_box(text.as_bytes()), threads))
    });
    let wm = Format::named("winamax").expect("Winamax is a format");
    let text = winamax_text(HANDS);
    keep("winamax.txt", text.as_ref());
    assert_eq!(pipeline_of(wm, text.as_bytes(), threads), HANDS, "every Winamax hand must match");
    group.bench_function("winamax_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(wm, std::hint::black_box(text.as_bytes()), threads))
    });
    let p888 = Format::named("888poker").expect("888poker is a format");
    let text = p888_text(HANDS);
    keep("888poker.txt", text.as_ref());
    assert_eq!(pipeline_of(p888, &text, threads), HANDS, "every 888poker hand must match");
    group.bench_function("888poker_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(p888, std::hint::black_box(&text), threads))
    });
    let bovada = Format::named("bovada").expect("Bovada is a format");
    let text = bovada_text(HANDS);
    keep("bovada.txt", text.as_ref());
    assert_eq!(pipeline_of(bovada, &text, threads), HANDS, "every Bovada hand must match");
    group.bench_function("bovada_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(bovada, std::hint::black_box(&text), threads))
    });
    let ongame = Format::named("ongame").expect("OnGame is a format");
    let text = ongame_text(HANDS);
    keep("ongame.txt", text.as_ref());
    assert_eq!(pipeline_of(ongame, &text, threads), HANDS, "every OnGame hand must match");
    group.bench_function("ongame_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(ongame, std::hint::black_box(&text), threads))
    });
    let merge = Format::named("merge").expect("Merge is a format");
    let text = merge_text(HANDS);
    keep("merge.xml", text.as_ref());
    assert_eq!(pipeline_of(merge, &text, threads), HANDS, "every Merge hand must match");
    group.bench_function("merge_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(merge, std::hint::black_box(&text), threads))
    });
    let mg = Format::named("microgaming").expect("Microgaming is a format");
    let text = microgaming_text(HANDS);
    keep("microgaming.xml", text.as_ref());
    assert_eq!(pipeline_of(mg, &text, threads), HANDS, "every Microgaming hand must match");
    group.bench_function("microgaming_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(mg, std::hint::black_box(&text), threads))
    });
    let chico = Format::named("chico").expect("Chico is a format");
    let text = chico_text(HANDS);
    keep("chico.txt", text.as_ref());
    assert_eq!(pipeline_of(chico, &text, threads), HANDS, "every Chico hand must match");
    group.bench_function("chico_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(chico, std::hint::black_box(&text), threads))
    });
    let cake = Format::named("cake").expect("Cake is a format");
    let text = cake_text(HANDS);
    keep("cake.txt", text.as_ref());
    assert_eq!(pipeline_of(cake, &text, threads), HANDS, "every Cake hand must match");
    group.bench_function("cake_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(cake, std::hint::black_box(&text), threads))
    });
    let kc = Format::named("kingsclub").expect("KingsClub is a format");
    let text = kingsclub_text(HANDS);
    keep("kingsclub.txt", text.as_ref());
    assert_eq!(pipeline_of(kc, &text, threads), HANDS, "every KingsClub hand must match");
    group.bench_function("kingsclub_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(kc, std::hint::black_box(&text), threads))
    });
    let party = Format::named("partypoker").expect("PartyPoker is a format");
    let text = party_text(HANDS);
    keep("partypoker.txt", text.as_ref());
    assert_eq!(pipeline_of(party, &text, threads), HANDS, "every Party hand must match");
    group.bench_function("partypoker_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(party, std::hint::black_box(&text), threads))
    });
    let ftp = Format::named("fulltilt").expect("Full Tilt is a format");
    let text = fulltilt_text(HANDS);
    keep("fulltilt.txt", text.as_ref());
    assert_eq!(pipeline_of(ftp, &text, threads), HANDS, "every Full Tilt hand must match");
    group.bench_function("fulltilt_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(ftp, std::hint::black_box(&text), threads))
    });
    let wpn = Format::named("wpn").expect("WPN is a format");
    let text = wpn_text(HANDS);
    keep("wpn.txt", text.as_ref());
    assert_eq!(pipeline_of(wpn, &text, threads), HANDS, "every WPN hand must match");
    group.bench_function("wpn_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(wpn, std::hint::black_box(&text), threads))
    });
    let ipoker = Format::named("ipoker").expect("iPoker is a format");
    let text = ipoker_text(HANDS);
    keep("ipoker.xml", text.as_ref());
    assert_eq!(pipeline_of(ipoker, &text, threads), HANDS, "every iPoker game must match");
    group.bench_function("ipoker_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(ipoker, std::hint::black_box(&text), threads))
    });
    let absolute = Format::named("absolute").expect("Absolute is a format");
    let text = absolute_text(HANDS);
    keep("absolute.txt", text.as_ref());
    assert_eq!(pipeline_of(absolute, &text, threads), HANDS, "every Absolute hand must match");
    group.bench_function("absolute_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(absolute, std::hint::black_box(&text), threads))
    });
    let everest = Format::named("everest").expect("Everest is a format");
    let text = everest_text(HANDS);
    keep("everest.xml", text.as_ref());
    assert_eq!(pipeline_of(everest, &text, threads), HANDS, "every Everest hand must match");
    group.bench_function("everest_20k_read_convert_replay_check", |b| {
        b.iter(|| pipeline_of(everest, std::hint::black_box(&text), threads))
    });
    group.finish();
}

criterion_group!(benches, import);
criterion_main!(benches);
