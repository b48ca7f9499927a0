//! Sessions: consecutive hands at one table, checked hand to hand.
//!
//! A [`Session`] is fed the reports of replayed hands in order ([`Session::observe`]) and says,
//! for each, the table's state (button, blinds, who was dealt in, who sits out with which
//! missed blinds) and every rule of the table the hand breaks: stacks that do not carry over,
//! a button that does not follow the small blind, blinds posted by the wrong players, missed
//! blinds not made up, blinds that rise before their level, re-buys out of their period, a
//! third emergency all-in within 24 hours. The rules are written out in docs/sessions.md.
//!
//! ```
//! use feltkit::phh::replay_text;
//! use feltkit::session::{Session, TableRule};
//! // Bob finished hand 1 with 99 chips but starts hand 2 with 150.
//! let text = "[1]\nvariant = 'nlhe'\nplayers = ['Ann', 'Bob']\nseats = [1, 2]\n\
//!     blinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
//!     actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\n\
//!     [2]\nvariant = 'nlhe'\nplayers = ['Bob', 'Ann']\nseats = [2, 1]\n\
//!     blinds_or_straddles = [1, 2]\nstarting_stacks = [150, 101]\n\
//!     actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\n";
//! let mut session = Session::new(None);
//! let checks: Vec<_> = replay_text(text, "t.phhs", false).iter().map(|r| session.observe(r)).collect();
//! assert!(checks[0].violations.is_empty());
//! assert_eq!(checks[1].violations[0].rule, TableRule::StacksCarryOver);
//! assert!(checks[1].violations[0].message.contains("Bob starts with 150"));
//! ```

mod numbers;
mod seating;
pub mod structure;

use std::collections::HashMap;

use crate::phh::table::TableFacts;
use crate::phh::{HandReport, Status};
use crate::rules::Chips;

pub use structure::{Clock, Level, Structure};

/// Amounts in a session are kept in billionths of a chip, so that hands written with
/// different decimal places add up exactly.
type Nano = i128;

const NANO_PLACES: u8 = 9;

/// A rule of the table that a session of hands can break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableRule {
    /// The hand lacks what a session check needs (`players`, `seats`), or names a player twice.
    Records,
    /// Seats: each used once, within `seat_count`, players in order clockwise from the button.
    Seating,
    /// A player's starting stack is their last finishing stack plus what they added.
    StacksCarryOver,
    /// The button goes to the seat of the last hand's small blind.
    ButtonMoves,
    /// The big blind moves one player on; the small blind is the last big blind.
    Blinds,
    /// A player who missed a blind makes it up, or waits for the big blind.
    MissedBlinds,
    /// A new player posts a big blind or waits for it.
    NewPlayer,
    /// A tournament's blinds follow its structure; a level starts only with a new hand.
    BlindLevel,
    /// Re-buys only in the re-buy period, for the set amount.
    Rebuys,
    /// A tournament player with no chips left is out.
    Busted,
    /// At most two emergency all-ins per player in 24 hours; while one is left, a failure to
    /// act is an all-in.
    EmergencyAllIns,
    /// Hand numbers (`hand`) at one table go up from hand to hand: none repeats or goes back.
    HandNumbers,
}

impl TableRule {
    /// A short name, used in reports and JSON.
    pub fn code(self) -> &'static str {
        match self {
            TableRule::Records => "records",
            TableRule::Seating => "seating",
            TableRule::StacksCarryOver => "stacks-carry-over",
            TableRule::ButtonMoves => "button",
            TableRule::Blinds => "blinds",
            TableRule::MissedBlinds => "missed-blinds",
            TableRule::NewPlayer => "new-player",
            TableRule::BlindLevel => "blind-level",
            TableRule::Rebuys => "re-buys",
            TableRule::Busted => "busted",
            TableRule::EmergencyAllIns => "emergency-all-ins",
            TableRule::HandNumbers => "hand-numbers",
        }
    }
}

/// One broken rule of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The rule.
    pub rule: TableRule,
    /// What happened, with the players' names and seats.
    pub message: String,
}

/// Blinds a seated player has missed (the card room's "MS" and "ML" markers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Missed {
    /// Missed the small blind: it is made up dead.
    pub small: bool,
    /// Missed the big blind: both blinds are made up (the big blind live, the small dead).
    pub big: bool,
}

impl Missed {
    /// Whether any blind is owed.
    pub fn any(self) -> bool {
        self.small || self.big
    }

    /// `ML`, `MS`, or both, as the card room marks the seat.
    pub fn marker(self) -> &'static str {
        match (self.big, self.small) {
            (true, _) => "ML",
            (false, true) => "MS",
            _ => "",
        }
    }
}

/// A seat and its player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seated {
    /// The seat number.
    pub seat: u32,
    /// The player's name.
    pub name: String,
}

/// The table as one hand found it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableState {
    /// The button's seat, and its player when someone dealt in sits there.
    pub button: Option<(u32, Option<String>)>,
    /// The player who posted the small blind.
    pub small_blind: Option<Seated>,
    /// The big blind (the first player to post it, clockwise from the button).
    pub big_blind: Option<Seated>,
    /// Players dealt in, p1 first.
    pub dealt_in: Vec<Seated>,
    /// Players sitting out, with the blinds they owe.
    pub sitting_out: Vec<(Seated, Missed)>,
    /// Players who left the table before this hand, with the chips they took (formatted).
    pub left: Vec<(String, String)>,
    /// The tournament level (from 1), when a structure is given.
    pub level: Option<usize>,
}

/// What the session check found for one hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandCheck {
    /// The hand's number in the session, from 1.
    pub number: usize,
    /// The table's state, when the hand could be read.
    pub state: Option<TableState>,
    /// Every rule of the table the hand breaks.
    pub violations: Vec<Violation>,
    /// Remarks that are not violations.
    pub notes: Vec<String>,
}

/// One player's result over a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerResult {
    /// The name.
    pub name: String,
    /// Hands dealt in.
    pub hands: usize,
    /// Chips brought to the table: the first stack plus every top-up and re-buy (formatted).
    pub brought: String,
    /// Chips taken away when leaving, plus the stack at the end (formatted); `None` when a
    /// hand's result is unknown.
    pub finished: Option<String>,
    /// `finished - brought`, with its sign (formatted).
    pub net: Option<String>,
    /// Whether the player is still seated after the last hand.
    pub seated: bool,
}

/// A whole session's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionSummary {
    /// Hands observed.
    pub hands: usize,
    /// Violations found.
    pub violations: usize,
    /// Each player, in the order they first appeared.
    pub players: Vec<PlayerResult>,
}

/// What a session check needs of a replayed hand, owned: a [`HandReport`] can be turned into
/// one where it was replayed (and the rest of it dropped there).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SessionHand {
    /// The `hand` field (the hand's number at its table), when given.
    pub hand: Option<String>,
    /// The players' names, p1 first.
    pub players: Vec<String>,
    /// Decimal places of the hand's chip.
    pub places: u8,
    /// What the hand says about its table.
    pub table: Option<Box<TableFacts>>,
    /// The final stacks, when the hand was settled (less the rake a site took).
    pub final_stacks: Option<Vec<crate::rules::Chips>>,
    /// Chips each player re-bought during the hand, for the next (empty for none).
    pub added_after: Vec<crate::rules::Chips>,
}

impl SessionHand {
    /// Takes from a report what a session check needs.
    pub fn from_report(report: HandReport) -> SessionHand {
        let final_stacks = leaves(&report);
        let added_after = report.rake.map(|r| r.added).unwrap_or_default();
        SessionHand {
            final_stacks,
            added_after,
            hand: report.hand,
            players: report.players,
            places: report.places,
            table: report.table,
        }
    }
}

/// The stacks a settled hand leaves its players with: the final stacks, less the rake a site
/// took from each player's winnings (docs/import.md).
fn leaves(report: &HandReport) -> Option<Vec<crate::rules::Chips>> {
    let mut stacks = settled_stacks(report)?.to_vec();
    let taken = report.rake.as_ref().map(|r| &r.taken[..]).unwrap_or_default();
    if taken.len() == stacks.len() {
        for (s, t) in stacks.iter_mut().zip(taken) {
            *s = s.saturating_sub(*t);
        }
    }
    Some(stacks)
}

/// A hand as a session check reads it.
struct View<'a> {
    hand: Option<&'a str>,
    players: &'a [String],
    places: u8,
    table: Option<&'a TableFacts>,
    finals: Option<&'a [crate::rules::Chips]>,
    added: &'a [crate::rules::Chips],
}

/// The final stacks of a settled hand.
fn settled_stacks(report: &HandReport) -> Option<&[crate::rules::Chips]> {
    match report.status {
        Status::Legal | Status::Unresolved(_) => {
            report.outcome.as_ref().map(|o| &o.final_stacks[..])
        }
        _ => None,
    }
}

/// What the session knows of a player.
#[derive(Clone, Debug, Default)]
struct Book {
    order: usize,
    hands: usize,
    brought: Nano,
    taken: Nano,
    /// Chips behind after the last hand; `None` when unknown (a hand was not settled).
    stack: Option<Nano>,
    /// The player's seat while at the table.
    seat: Option<u32>,
    missed: Missed,
    /// The hand in which the player missed the blind they owe.
    missed_in: usize,
    /// The hand the player busted in (a tournament).
    busted_in: Option<usize>,
    /// The hand of the last stack.
    last_hand: usize,
    /// Emergency all-ins: (time in seconds, hand number).
    emergencies: Vec<(Option<i64>, usize)>,
    unknown_result: bool,
    /// The last hand (by its number in the session) the player was dealt in.
    dealt_in: usize,
    /// Whether the player comes into the game with this hand: new, or back after leaving.
    coming_in: bool,
}

/// A quick hash for players' names (a few per hand, many hands a second). The standard hasher
/// resists collisions crafted by an attacker, which costs more than a session check needs: names
/// come from the records being checked, and a collision only slows a lookup. The multiply-rotate
/// step is the one rustc's own `FxHasher` uses; a finalizer spreads it over every bit, so that
/// names alike but for their last characters (`Player 1` to `Player 250000`) do not crowd
/// into a few buckets.
#[derive(Clone, Copy, Debug, Default)]
struct NameHash;

impl std::hash::BuildHasher for NameHash {
    type Hasher = NameHasher;

    fn build_hasher(&self) -> NameHasher {
        NameHasher(0)
    }
}

#[derive(Clone, Copy, Debug)]
struct NameHasher(u64);

impl std::hash::Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn finish(&self) -> u64 {
        // The multiply leaves the low bits, which pick the table's bucket, depending on the low
        // bytes of each word only: names such as `Player 12345` (one per seat `felt deal
        // --session` fills) then shared a few hundred buckets, and each lookup grew with the
        // players seen. The finalizer of MurmurHash3 spreads every bit over every other.
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

/// The last hand's positions.
#[derive(Clone, Copy, Debug)]
struct Positions {
    /// The small blind's seat, posted or dead (`None` when it cannot be told).
    small_blind_seat: Option<u32>,
    big_blind: u32,
}

/// A session of hands at one table, checked one hand at a time.
#[derive(Clone, Debug)]
pub struct Session {
    structure: Option<Structure>,
    hands: usize,
    violations: usize,
    places: u8,
    players: HashMap<String, Book, NameHash>,
    /// The players seated at the table (a seat in their book), in no order: what a hand looks
    /// at, however many players the session has seen.
    seated: Vec<String>,
    /// The hand numbers (`hand`) seen.
    hand_numbers: numbers::Numbers,
    prev: Option<Positions>,
    start_time: Option<i64>,
    last_time: Option<i64>,
    table: Option<String>,
}

impl Session {
    /// A new session; with a structure, a tournament.
    pub fn new(structure: Option<Structure>) -> Session {
        Session {
            structure,
            hands: 0,
            violations: 0,
            places: 0,
            players: HashMap::with_hasher(NameHash),
            seated: Vec::new(),
            hand_numbers: numbers::Numbers::default(),
            prev: None,
            start_time: None,
            last_time: None,
            table: None,
        }
    }

    /// Checks the next hand of the session against the table's rules and the hands before it.
    pub fn observe(&mut self, report: &HandReport) -> HandCheck {
        let finals = leaves(report);
        self.observe_view(View {
            hand: report.hand.as_deref(),
            players: &report.players,
            places: report.places,
            table: report.table.as_deref(),
            finals: finals.as_deref(),
            added: report.rake.as_ref().map(|r| &r.added[..]).unwrap_or_default(),
        })
    }

    /// As [`observe`](Session::observe), from what a session needs of a report.
    pub fn observe_hand(&mut self, hand: &SessionHand) -> HandCheck {
        self.observe_view(View {
            hand: hand.hand.as_deref(),
            players: &hand.players,
            places: hand.places,
            table: hand.table.as_deref(),
            finals: hand.final_stacks.as_deref(),
            added: &hand.added_after,
        })
    }

    fn observe_view(&mut self, view: View<'_>) -> HandCheck {
        self.hands += 1;
        let mut check = HandCheck { number: self.hands, ..HandCheck::default() };
        numbers::check(&mut self.hand_numbers, view.hand, &mut check);
        match view.table {
            Some(facts) => self.observe_facts(&view, facts, &mut check),
            None => {
                check.notes.push(
                    "the hand could not be read: the table's state is unknown until the next hand"
                        .into(),
                );
                self.forget();
            }
        }
        self.violations += check.violations.len();
        check
    }

    /// Everything known about positions and stacks is lost (a hand could not be read).
    fn forget(&mut self) {
        self.prev = None;
        for name in &self.seated {
            if let Some(book) = self.players.get_mut(name).filter(|b| b.seat.is_some()) {
                book.stack = None;
                book.unknown_result = true;
            }
        }
    }

    fn observe_facts(&mut self, view: &View<'_>, facts: &TableFacts, check: &mut HandCheck) {
        let n = facts.starting.len();
        let names = view.players;
        let mut flag = |rule: TableRule, message: String| check_push(check, rule, message);
        if names.len() != n || names.iter().any(String::is_empty) {
            flag(
                TableRule::Records,
                "a hand of a session must name its players (`players`): the same name is the same player from hand to hand".into(),
            );
            self.forget();
            return;
        }
        // Each player's book, marked as dealt in this hand (a mark found already set is a name
        // given twice).
        let number = self.hands;
        for name in names {
            if !self.players.contains_key(name) {
                let order = self.players.len();
                self.players.insert(name.clone(), Book { order, ..Book::default() });
            }
            let Some(book) = self.players.get_mut(name) else { continue };
            if book.dealt_in == number {
                flag(TableRule::Records, format!("{name} is named twice in `players`"));
                self.forget();
                return;
            }
            book.dealt_in = number;
            book.coming_in = book.hands == 0 || book.seat.is_none();
        }
        self.places = self.places.max(view.places);
        let scale = 10i128.pow(u32::from(NANO_PLACES - view.places.min(NANO_PLACES)));
        let nano = |c: Chips| i128::from(c) * scale;
        let now = self.time_of(facts);
        let elapsed = match (self.start_time, now) {
            (Some(s), Some(t)) => Some(t - s),
            _ => None,
        };
        if self.hands == 1 {
            self.start_time = now;
        }
        if let Some(table) = &facts.fields.table {
            match &self.table {
                Some(t) if t != table => check.notes.push(format!(
                    "this hand is at table {table}, the session's first at table {t}"
                )),
                None => self.table = Some(table.clone()),
                _ => {}
            }
        }
        let level = self.check_level(view, facts, number, elapsed, check);
        let mut state = TableState { level: level.map(|l| l + 1), ..TableState::default() };

        // Stacks carry over; chips added are recorded.
        let tournament = self.structure.is_some();
        for i in 0..n {
            let name = &names[i];
            let start = nano(facts.starting[i]);
            let buy = nano(facts.buy_in(i));
            let Some(book) = self.players.get_mut(name) else { continue };
            // A stack the record does not know (`inf`) cannot be carried over nor counted.
            let unknown = facts.unknown_stacks.get(i).copied().unwrap_or(false);
            if unknown {
                book.stack = None;
                book.unknown_result = true;
            }
            let fmt = |x: Nano| format_nano(x, self.places);
            if buy > 0
                && let Some(s) = &self.structure
            {
                rebuy_check(s, name, buy, number, elapsed, view.places, check);
            }
            match (book.seat, book.stack, book.busted_in) {
                (_, _, Some(out)) if buy == 0 => check_push(
                    check,
                    TableRule::Busted,
                    format!("{name} busted in hand {out} and is dealt in again without a re-buy"),
                ),
                (Some(_), Some(stack), _) => {
                    let expected = stack + buy;
                    if start != expected {
                        let added = if buy > 0 {
                            format!(" and added {}", fmt(buy))
                        } else {
                            " (no chips added are recorded)".into()
                        };
                        let diff = start - expected;
                        let what = if diff > 0 { "appear from nowhere" } else { "vanish" };
                        check_push(
                            check,
                            TableRule::StacksCarryOver,
                            format!(
                                "{name} starts with {}, but finished hand {} with {}{added}: {} {what}",
                                fmt(start),
                                book.last_hand,
                                fmt(stack),
                                fmt(diff.abs())
                            ),
                        );
                    }
                    book.brought += buy;
                }
                (Some(_), None, _) => book.brought += buy,
                (None, _, _) => {
                    // A new player, or one coming back after leaving: the stack is a buy-in.
                    if buy > 0 && buy != start && book.busted_in.is_none() {
                        check_push(
                            check,
                            TableRule::StacksCarryOver,
                            format!(
                                "{name} sits down with {}, but `_buy_ins` records {}",
                                fmt(start),
                                fmt(buy)
                            ),
                        );
                    }
                    if tournament && number > 1 && book.busted_in.is_none() && book.hands == 0 {
                        check.notes.push(format!("{name} joins the tournament at hand {number}"));
                    }
                    book.brought += if book.busted_in.is_some() || unknown { buy } else { start };
                }
            }
            book.busted_in = None;
        }

        seating::check(self, view, facts, number, &mut state, check);

        // Emergency all-ins: two per player in 24 hours.
        if facts.all_in_protection {
            for &(p, all_in) in &facts.timeouts {
                let Some(name) = names.get(p) else { continue };
                let Some(book) = self.players.get_mut(name) else { continue };
                book.emergencies.retain(|&(t, _)| match (t, now) {
                    (Some(t), Some(now)) => now - t < 86_400,
                    _ => true,
                });
                let earlier: Vec<String> =
                    book.emergencies.iter().map(|&(_, h)| h.to_string()).collect();
                if all_in {
                    if earlier.len() >= 2 {
                        check_push(
                            check,
                            TableRule::EmergencyAllIns,
                            format!(
                                "{name} is made all-in for failing to act, a third time within 24 hours (hands {}): after two, a player who fails to act folds",
                                earlier.join(" and ")
                            ),
                        );
                    }
                    book.emergencies.push((now, number));
                } else if earlier.len() < 2 {
                    check_push(
                        check,
                        TableRule::EmergencyAllIns,
                        format!(
                            "{name} failed to act and was folded, with {} of two emergency all-ins left in the last 24 hours: a failure to act is an all-in",
                            2 - earlier.len()
                        ),
                    );
                }
            }
        }

        // After the hand: the stacks, and tournament players with no chips are out.
        let finals = view.finals;
        for (i, name) in names.iter().enumerate() {
            let Some(book) = self.players.get_mut(name) else { continue };
            book.hands += 1;
            book.last_hand = number;
            let unknown = facts.unknown_stacks.get(i).copied().unwrap_or(false);
            match finals.and_then(|f| f.get(i)).filter(|_| !unknown) {
                Some(&x) => {
                    // Chips re-bought during the hand are the player's for the next.
                    let added = view.added.get(i).copied().unwrap_or(Chips::ZERO);
                    book.brought += nano(added);
                    let x = x.saturating_add(added);
                    book.stack = Some(nano(x));
                    if x == Chips::ZERO && tournament {
                        book.busted_in = Some(number);
                        book.seat = None;
                        book.stack = Some(0);
                    }
                }
                None => {
                    book.stack = None;
                    book.unknown_result = true;
                }
            }
        }
        if finals.is_none() {
            check
                .notes
                .push("the hand was not settled: its players' stacks are unknown from here".into());
        }
        if let Some(t) = now {
            self.last_time = Some(t);
        }
        seating::update_seated(self, names, facts);
        check.state = Some(state);
    }

    /// The hand's start in seconds: with a date, since 1970; without one, the time of day on
    /// the day of the last hand (the next day when it is earlier than the last hand's).
    fn time_of(&self, facts: &TableFacts) -> Option<i64> {
        let t = facts.fields.time?;
        match t.days {
            Some(d) => Some(d * 86_400 + t.day_seconds),
            None => {
                let last = self.last_time.unwrap_or(0);
                let base = last - last.rem_euclid(86_400);
                let mut at = base + t.day_seconds;
                if at < last {
                    at += 86_400;
                }
                Some(at)
            }
        }
    }

    /// A tournament's blinds against its structure; the level in force (from 0).
    fn check_level(
        &self,
        view: &View<'_>,
        facts: &TableFacts,
        number: usize,
        elapsed: Option<i64>,
        check: &mut HandCheck,
    ) -> Option<usize> {
        let s = self.structure.as_ref()?;
        if s.clock == Clock::Minutes && facts.fields.time.is_none() {
            check_push(
                check,
                TableRule::Records,
                "the structure's levels are timed in minutes, but the hand has no `time`".into(),
            );
        }
        let k = s.level_at(number as u64, elapsed);
        let places = view.places;
        let chips = |a: crate::phh::amount::Amount| a.to_chips(places);
        let ante = facts.antes.iter().copied().max().unwrap_or(Chips::ZERO);
        let matches = |l: &Level| {
            chips(l.small_blind) == Some(facts.blind_sizes.0)
                && chips(l.big_blind) == Some(facts.blind_sizes.1)
                && chips(l.ante) == Some(ante)
        };
        let level = &s.levels[k];
        if !matches(level) {
            let shown = |l: &Level| {
                let ante =
                    if l.ante.units > 0 { format!(", ante {}", l.ante) } else { String::new() };
                format!("{}/{}{ante}", l.small_blind, l.big_blind)
            };
            let ours = {
                let f = |x| crate::phh::amount::format_chips(x, places);
                let a =
                    if ante > Chips::ZERO { format!(", ante {}", f(ante)) } else { String::new() };
                format!("{}/{}{a}", f(facts.blind_sizes.0), f(facts.blind_sizes.1))
            };
            let start = |j: usize| match s.clock {
                Clock::Hands => format!("hand {}", s.level_start(j)),
                Clock::Minutes => format!("minute {}", s.level_start(j)),
            };
            let message = match s.levels.iter().position(matches) {
                Some(j) if j > k => format!(
                    "the hand is played at level {}'s blinds ({ours}), but it began in level {} ({}): level {} starts at {}, and a new level takes effect only from the next hand to begin after that",
                    j + 1,
                    k + 1,
                    shown(level),
                    j + 1,
                    start(j)
                ),
                Some(j) => format!(
                    "the hand is played at level {}'s blinds ({ours}), but level {} ({}) began at {}",
                    j + 1,
                    k + 1,
                    shown(level),
                    start(k)
                ),
                None => format!(
                    "the blinds {ours} are not the structure's: level {} is {}",
                    k + 1,
                    shown(level)
                ),
            };
            check_push(check, TableRule::BlindLevel, message);
        }
        if let Some(recorded) = facts.fields.level
            && recorded as usize != k + 1
        {
            check_push(
                check,
                TableRule::BlindLevel,
                format!(
                    "`level = {recorded}`, but by the structure the hand is in level {}",
                    k + 1
                ),
            );
        }
        Some(k)
    }

    /// The session's result: hands, violations, and each player's net.
    pub fn summary(&self) -> SessionSummary {
        SessionSummary {
            hands: self.hands,
            violations: self.violations,
            players: self.player_results().collect(),
        }
    }

    /// Hands observed and violations found: the [`summary`](Session::summary) without its
    /// players.
    pub fn totals(&self) -> (usize, usize) {
        (self.hands, self.violations)
    }

    /// Each player's result, in the order they first appeared, made one at a time: a session
    /// of many players is summed up without holding every result at once.
    pub fn player_results(&self) -> impl Iterator<Item = PlayerResult> + '_ {
        let mut books: Vec<(&String, &Book)> = self.players.iter().collect();
        books.sort_unstable_by_key(|(_, b)| b.order);
        let fmt = move |x: Nano| format_nano(x, self.places);
        books.into_iter().map(move |(name, b)| {
            let end = if b.seat.is_some() { b.stack } else { Some(0) };
            let finished = end.filter(|_| !b.unknown_result).map(|s| s + b.taken);
            PlayerResult {
                name: name.clone(),
                hands: b.hands,
                brought: fmt(b.brought),
                finished: finished.map(fmt),
                net: finished.map(|f| {
                    let d = f - b.brought;
                    if d > 0 {
                        format!("+{}", fmt(d))
                    } else {
                        fmt(d)
                    }
                }),
                seated: b.seat.is_some(),
            }
        })
    }
}

fn check_push(check: &mut HandCheck, rule: TableRule, message: String) {
    check.violations.push(Violation { rule, message });
}

fn rebuy_check(
    s: &Structure,
    name: &str,
    buy: Nano,
    number: usize,
    elapsed: Option<i64>,
    places: u8,
    check: &mut HandCheck,
) {
    let Some(amount) = s.rebuy else {
        check_push(
            check,
            TableRule::Rebuys,
            format!("{name} re-buys, but the structure allows no re-buys"),
        );
        return;
    };
    if !s.rebuy_open(number as u64, elapsed) {
        let until = match s.rebuy_until {
            Some((Clock::Hands, h)) => format!("it ended with hand {h}"),
            Some((Clock::Minutes, m)) => format!("it ended at minute {m}"),
            None => String::new(),
        };
        check_push(
            check,
            TableRule::Rebuys,
            format!("{name} re-buys before hand {number}, after the re-buy period ({until})"),
        );
    }
    let set = amount.to_chips(NANO_PLACES).map(i128::from);
    if set != Some(buy) {
        check_push(
            check,
            TableRule::Rebuys,
            format!("{name} re-buys for {}, but a re-buy is {amount}", format_nano(buy, places)),
        );
    }
}

/// An amount of billionths of a chip, written with `places` decimals (more when needed).
pub(crate) fn format_nano(x: Nano, places: u8) -> String {
    let unit = 10i128.pow(u32::from(NANO_PLACES));
    let sign = if x < 0 { "-" } else { "" };
    let a = x.unsigned_abs();
    let (whole, frac) = (a / unit as u128, a % unit as u128);
    let mut digits = format!("{frac:09}");
    while digits.len() > usize::from(places) && digits.ends_with('0') {
        digits.pop();
    }
    if digits.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{digits}")
    }
}

#[cfg(test)]
mod tests {
    use std::hash::BuildHasher;

    #[test]
    fn names_alike_but_for_their_last_digits_spread_over_the_buckets() {
        // A table of 2^16 buckets picks one by the low 16 bits. Random hashes of 2^16 names
        // take about 63% of the buckets (1 - 1/e); the hash without its finalizer gave the
        // `Player N` names of `felt deal --session` a few hundred, and every lookup of a
        // session with many players grew with the players seen.
        let mut used = vec![false; 1 << 16];
        for n in 1..=(1u32 << 16) {
            let h = super::NameHash.hash_one(format!("Player {n}"));
            used[(h & 0xffff) as usize] = true;
        }
        let buckets = used.iter().filter(|&&u| u).count();
        assert!(buckets > 38_000, "{buckets} buckets of 65536");
    }
}
