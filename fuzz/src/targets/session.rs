//! Sessions of hands at one table: the session check and the tournament structure reader.

use feltkit::phh::replay_text;
use feltkit::session::{Session, Structure};

use super::{as_text, key, shape, Check, Data, Target};

/// Words of session files and structure files.
const SESSION_WORDS: &[&str] = &[
    "[1]",
    "[2]",
    "variant = 'nlhe'",
    "variant = 'flhe'",
    "players = ['A', 'B', 'C']",
    "players = ['A', 'A']",
    "seats = [1, 2, 3]",
    "seats = [3, 1, 2]",
    "seats = [0]",
    "seat_count = 3",
    "_button = 2",
    "_dead_blinds = [0, 0, 1]",
    "_buy_ins = [0, 100, 0]",
    "_sitting_out = [{ seat = 4, player = 'D' }]",
    "time = 20:15:00",
    "day = 23",
    "month = 11",
    "year = 2026",
    "level = 2",
    "blinds_or_straddles = [1, 2, 0]",
    "starting_stacks = [100, 100, 100]",
    "finishing_stacks = [99, 101, 100]",
    "'p3 _timeout all-in'",
    "'p1 _timeout'",
    "levels = [{ small_blind = 1, big_blind = 2, hands = 1 }, { small_blind = 2, big_blind = 4 }]",
    "minutes = 20",
    "rebuy = 100",
    "rebuy_until_hand = 2",
    "rebuy_until_minute = 30",
];

/// `session`: every report of a text through a session check, with and without a structure
/// read from the same text.
pub const SESSION: Target = Target {
    name: "session",
    about: "sessions (Session::observe, Structure::parse): no panic or overflow on any hand \
            sequence, hand numbers run 1, 2, ... in order, the summary counts every hand and \
            every violation",
    text: true,
    words: SESSION_WORDS,
    seeds: session_seeds,
    check: check_session,
};

fn session_seeds(data: &Data) -> Vec<Vec<u8>> {
    let mut seeds = super::phh::phh_seeds(data);
    seeds.push(b"levels = [{ small_blind = 1, big_blind = 2, hands = 1 }, { small_blind = 2, big_blind = 4 }]\nrebuy = 100\n".to_vec());
    seeds
}

fn check_session(input: &[u8]) -> Check {
    let text = as_text(input);
    let text = text.as_ref();
    let structure = Structure::parse(text);
    let reports = replay_text(text, "fuzz", true);
    let mut rules = Vec::new();
    for s in [None, structure.as_ref().ok().cloned()] {
        let mut session = Session::new(s);
        let mut violations = 0;
        for (k, r) in reports.iter().enumerate() {
            let check = session.observe(r);
            if check.number != k + 1 {
                return Err(format!("hand {} of the session is numbered {}", k + 1, check.number));
            }
            violations += check.violations.len();
            rules.extend(check.violations.iter().map(|v| v.rule.code()));
        }
        let summary = session.summary();
        if (summary.hands, summary.violations) != (reports.len(), violations) {
            return Err(format!(
                "the summary counts {} hands and {} violations, the checks {} and {violations}",
                summary.hands,
                summary.violations,
                reports.len()
            ));
        }
    }
    rules.sort_unstable();
    rules.dedup();
    Ok(key((rules, structure.map_err(|e| shape(&e)).is_ok())))
}
