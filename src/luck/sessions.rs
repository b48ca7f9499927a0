//! Each player's sessions (`felt luck --by session`): a session is a run of the player's hands
//! with no gap longer than the ledger's (30 minutes unless told) between one hand's start and
//! the next, the hands taken in order of time whatever file they are read from, so that tables
//! played side by side make one session. Hands without a time make one session per file.

use std::collections::{BTreeMap, HashMap};

use super::{HandLuck, PlayerLuck};
use crate::record::table::civil_from_days;

/// The clock a hand's time is read on: hands share a session only on the same clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SessionClock {
    /// Hands with a date and a time: seconds since 1970-01-01, across files.
    Dated,
    /// Hands of the `k`-th file read (from 0) with a time of day but no date: seconds from the
    /// file's first day, a time earlier than the hand before taken as the next day.
    Undated(usize),
    /// Hands of the `k`-th file read without a time: one session.
    Untimed(usize),
}

/// A session's name, from its first hand: `2026-11-20 20:05` (dated), `FILE 20:05` (a time of
/// day without a date), or `FILE`.
pub fn session_name(clock: SessionClock, start: i64, file: &str) -> String {
    let (days, seconds) = (start.div_euclid(86_400), start.rem_euclid(86_400));
    let time = format!("{:02}:{:02}", seconds / 3600, seconds / 60 % 60);
    match clock {
        SessionClock::Dated => {
            let (y, m, d) = civil_from_days(days);
            format!("{y:04}-{m:02}-{d:02} {time}")
        }
        SessionClock::Undated(_) => format!("{file} {time}"),
        SessionClock::Untimed(_) => file.to_string(),
    }
}

/// When a hand started, as text: `2026-11-20T20:05:31` with its date, `20:05:31` without.
pub fn hand_time_text(t: crate::record::table::HandTime) -> String {
    let s = t.day_seconds;
    let time = format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    match t.days {
        Some(days) => {
            let (y, m, d) = civil_from_days(days);
            format!("{y:04}-{m:02}-{d:02}T{time}")
        }
        None => time,
    }
}

/// One session: its first and last hand's start, and its sums.
#[derive(Clone, Debug)]
struct Run {
    start: i64,
    end: i64,
    row: PlayerLuck,
}

/// The sessions of every row of a ledger.
#[derive(Clone, Debug)]
pub(super) struct Sessions {
    /// The longest gap within a session, in seconds.
    gap: i64,
    /// Each file: its number, in the order read, and the last undated hand's time in it.
    files: HashMap<String, (usize, Option<i64>)>,
    /// The files' names by number.
    names: Vec<String>,
    /// Per row of the ledger (player, game, stake), its sessions on each clock, by start.
    runs: Vec<BTreeMap<SessionClock, Vec<Run>>>,
}

impl Sessions {
    /// No hands yet; a gap of more than `gap` seconds ends a session.
    pub fn new(gap: i64) -> Sessions {
        Sessions { gap, files: HashMap::new(), names: Vec::new(), runs: Vec::new() }
    }

    /// The clock and time of the next hand read (called once per hand, in the order read).
    pub fn place(&mut self, luck: &HandLuck) -> (SessionClock, i64) {
        let next = self.files.len();
        let (k, last) = self.files.entry(luck.source.clone()).or_insert((next, None));
        if *k == next {
            self.names.push(luck.source.clone());
        }
        let Some(time) = luck.time else { return (SessionClock::Untimed(*k), 0) };
        if let Some(days) = time.days {
            return (
                SessionClock::Dated,
                days.saturating_mul(86_400).saturating_add(time.day_seconds),
            );
        }
        let before = last.unwrap_or(0);
        let mut at = before - before.rem_euclid(86_400) + time.day_seconds;
        if at < before {
            at += 86_400;
        }
        *last = Some(at);
        (SessionClock::Undated(*k), at)
    }

    /// Adds one hand of row `row` (its results in `hand`), placed at `at`.
    pub fn add(&mut self, row: usize, (clock, t): (SessionClock, i64), hand: &PlayerLuck) {
        if self.runs.len() <= row {
            self.runs.resize_with(row + 1, BTreeMap::new);
        }
        let runs = self.runs[row].entry(clock).or_default();
        let gap = self.gap;
        // The first session that does not end more than a gap before the hand.
        let i = runs.partition_point(|r| r.end.saturating_add(gap) < t);
        if i < runs.len() && runs[i].start.saturating_sub(gap) <= t {
            let run = &mut runs[i];
            run.start = run.start.min(t);
            run.end = run.end.max(t);
            run.row.absorb(hand);
            // The hand may close the gap to the next session: the two become one.
            if i + 1 < runs.len() && runs[i + 1].start.saturating_sub(gap) <= runs[i].end {
                let next = runs.remove(i + 1);
                runs[i].end = runs[i].end.max(next.end);
                runs[i].row.absorb(&next.row);
            }
        } else {
            runs.insert(i, Run { start: t, end: t, row: hand.clone() });
        }
    }

    /// The rows of `totals` (a ledger's rows, in order) cut into sessions: each row's sessions
    /// dated first, by start, then each file's.
    pub fn rows(self, totals: &[PlayerLuck]) -> Vec<PlayerLuck> {
        let mut out = Vec::new();
        let mut runs = self.runs.into_iter();
        for total in totals {
            for (clock, list) in runs.next().unwrap_or_default() {
                for run in list {
                    let file = match clock {
                        SessionClock::Undated(k) | SessionClock::Untimed(k) => {
                            self.names.get(k).map_or("", String::as_str)
                        }
                        SessionClock::Dated => "",
                    };
                    let mut row = run.row;
                    row.name.clone_from(&total.name);
                    row.game.clone_from(&total.game);
                    row.stake.clone_from(&total.stake);
                    row.session = Some(session_name(clock, run.start, file));
                    out.push(row);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::table::days_from_civil;

    #[test]
    fn dates_come_back_from_their_day_numbers() {
        for (y, m, d) in [(1970, 1, 1), (2000, 2, 29), (2026, 11, 20), (1969, 12, 31), (2100, 3, 1)]
        {
            assert_eq!(civil_from_days(days_from_civil(y, m, d)), (y, m, d));
        }
        let start = days_from_civil(2026, 11, 20) * 86_400 + 20 * 3600 + 5 * 60 + 59;
        assert_eq!(session_name(SessionClock::Dated, start, "x"), "2026-11-20 20:05");
        assert_eq!(session_name(SessionClock::Undated(0), 86_400 + 3600, "a.phh"), "a.phh 01:00");
        assert_eq!(session_name(SessionClock::Untimed(0), 0, "a.phh"), "a.phh");
    }

    fn hand(net: f64) -> PlayerLuck {
        PlayerLuck { hands: 1, net, expected: net, ..PlayerLuck::default() }
    }

    #[test]
    fn a_hand_between_two_sessions_joins_them() {
        let mut s = Sessions::new(1800);
        for (t, net) in [(0, 1.0), (4000, 2.0), (1800, 4.0), (9000, 8.0), (5800, 16.0)] {
            s.add(0, (SessionClock::Dated, t), &hand(net));
        }
        let rows = s.rows(&[PlayerLuck { name: "A".into(), ..PlayerLuck::default() }]);
        // 0 and 1800 (exactly a gap after); 4000 (2200 later) and 5800; 9000 (3200 later).
        let got: Vec<(u64, f64)> = rows.iter().map(|r| (r.hands, r.net)).collect();
        assert_eq!(got, [(2, 5.0), (2, 18.0), (1, 8.0)]);
        s = Sessions::new(1800);
        for (t, net) in [(0, 1.0), (3600, 2.0), (1800, 4.0)] {
            s.add(0, (SessionClock::Dated, t), &hand(net));
        }
        let rows = s.rows(&[PlayerLuck::default()]);
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].hands, rows[0].net), (3, 7.0));
    }
}
