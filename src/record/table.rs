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
