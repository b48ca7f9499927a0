//! The table a hand was played at, as its record holds it: who sits where, the button, the
//! time, and the extensions for checking a session of hands at one table (dead blinds, players
//! sitting out, chips added between hands). `phh::table` reads them from a file's fields and
//! says what each field means.

use super::amount::Amount;

/// The largest seat number a table may have.
pub const MAX_SEAT: u32 = 1000;

/// A player seated but not dealt in (`_sitting_out`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SittingOut {
    /// The seat.
    pub seat: u32,
    /// The player's name.
    pub player: String,
}

/// When a hand started: PHH's `time`, with `day`, `month` and `year` when given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandTime {
    /// Days since 1970-01-01, when the date is given.
    pub days: Option<i64>,
    /// Seconds since midnight.
    pub day_seconds: i64,
}

/// The table fields of one hand, as written (amounts exact).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableFields {
    /// `table`: the table's name or number.
    pub table: Option<String>,
    /// `seats`: each player's seat number, p1 first.
    pub seats: Option<Vec<u32>>,
    /// `seat_count`.
    pub seat_count: Option<u32>,
    /// `level`: the tournament level.
    pub level: Option<u32>,
    /// `_button`: the button's seat.
    pub button: Option<u32>,
    /// `_dead_blinds`: chips each player posts dead.
    pub dead_blinds: Vec<Amount>,
    /// `_buy_ins`: chips each player added before the hand.
    pub buy_ins: Vec<Amount>,
    /// `_sitting_out`: players seated but not dealt in.
    pub sitting_out: Vec<SittingOut>,
    /// `time`, `day`, `month`, `year`, combined.
    pub time: Option<HandTime>,
    pub(crate) time_of_day: Option<i64>,
    pub(crate) date: [Option<i64>; 3],
}

impl TableFields {
    /// Sets `time`, `day`, `month` and `year`: the seconds since midnight, and the date as
    /// day, month and year when given.
    pub fn set_time(&mut self, day_seconds: i64, date: Option<[i64; 3]>) {
        self.time_of_day = Some(day_seconds);
        self.date = date.map_or([None; 3], |d| d.map(Some));
        self.update_time();
    }

    /// The time of day as written (`time`), in seconds since midnight.
    pub fn time_of_day(&self) -> Option<i64> {
        self.time_of_day
    }

    /// The date's parts as written: `day`, `month` and `year`, each when given.
    pub fn date(&self) -> [Option<i64>; 3] {
        self.date
    }

    /// Combines `time`, `day`, `month` and `year` into [`TableFields::time`].
    pub(crate) fn update_time(&mut self) {
        self.time = self.time_of_day.map(|day_seconds| HandTime {
            days: match self.date {
                [Some(d), Some(m), Some(y)] => Some(days_from_civil(y, m, d)),
                _ => None,
            },
            day_seconds,
        });
    }
}

/// The date of a day counted from 1970-01-01 (Howard Hinnant's algorithm, the inverse of
/// [`days_from_civil`]).
pub fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
/// algorithm).
pub fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}
