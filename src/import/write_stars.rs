//! Any hand record written as PokerStars hand-history text (`felt convert --to pokerstars`,
//! docs/import.md): the header, the table and its seats, the posts, the play street by street,
//! the uncalled bet, the showdown, what each player collected from which pot and the summary,
//! in the words PokerStars uses, so that trackers that import PokerStars text take it and the
//! PokerStars reader of [`super`] reads it back to the same play. This module writes the
//! lines; its `accounts` module works out the amounts, the rake, the pots after rake and what
//! each player collected, and reads the text back to check it.
//!
//! The text is worked out from the replay of the record, never from what the record says it
//! won, but for a site's own collected lines that `--check` finds in agreement with the
//! replay (they keep the site's own split of a pot, which the replay cannot work out): a hand that does not replay to its end is refused, and so is a game or feature the
//! text cannot show (stud, draw games, short deck, bomb pots, a board run more than once, dead
//! money, cashouts, timeouts), each with its reason.
//!
//! ```
//! use feltkit::import::write_stars::to_pokerstars;
//! use feltkit::phh::read::hands;
//! let text = "variant = 'NT'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
//!             actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\n";
//! let record = hands(text).next().unwrap().unwrap().record.unwrap();
//! let stars = to_pokerstars(&record, 1).unwrap();
//! assert!(stars.starts_with("PokerStars Hand #1: Hold'em No Limit ($1.00/$2.00 USD)"));
//! assert!(stars.contains("\np2: folds\nUncalled bet ($1.00) returned to p1\n"));
//! ```

mod accounts;

use crate::catalog::Game;
use crate::phh::replay::{apply_event, replay_record, variant_of};
use crate::phh::stakes::{places_of, stakes_of};
use crate::phh::Status;
use crate::record::{Action, HandRecord, Unreplayable, Value};
use crate::rules::{Chips, Event, HandState, Outcome, Structure};
use accounts::{final_amounts, read_back, written, Money, Written};

/// The hand written as PokerStars text, or why it cannot be. `position` is the hand's place
/// in its input, from 1: a hand without a number is numbered by it.
pub fn to_pokerstars(record: &HandRecord<'_>, position: usize) -> Result<String, String> {
    render(record, position, None, true)
}

/// The text of [`to_pokerstars`], its pots, collected lines and summary those of `award` when
/// given (the replay of the text read back, whose game may build the pots of the same play
/// otherwise: PHH's codes keep dead antes apart, PokerStars' games do not).
fn render(
    record: &HandRecord<'_>,
    position: usize,
    award: Option<&Outcome>,
    own_names: bool,
) -> Result<String, String> {
    if let Some(why) = &record.unreplayable {
        let (Unreplayable::Unsupported(why)
        | Unreplayable::CutOff(why)
        | Unreplayable::Unreadable(why)) = why;
        return Err(format!("the hand cannot be replayed, so its play is not known: {why}"));
    }
    let report = replay_record(record, String::new(), true);
    if let Some(m) = report.mismatches.first() {
        return Err(format!("the hand's own results do not agree with its replay: {m}"));
    }
    let checked = report.checked;
    let outcome = match (&report.status, report.outcome) {
        (Status::Legal, Some(o)) => o,
        (status, _) => {
            return Err(format!(
                "only a legal hand played to its end is written: {}",
                status_words(status)
            ))
        }
    };
    refuse_features(record, &outcome)?;
    let game = variant_of(record)?;
    let game_words = game_words(game.game, game.hole_cards(), game.structure)?;
    let places = places_of(record);
    let stakes = stakes_of(record, places).map_err(|m| m.reason)?;
    let n = record.starting_stacks.len();
    let tournament =
        record.tournament == Some(true) || other_str(record, "_tournament_id").is_some();
    let money = Money::new(record, places, tournament)?;
    let names = names(record, n, own_names);
    let (seats, button, max) = seats(record, n);
    let mut hand = HandState::new(game, &stakes).map_err(|e| e.to_string())?;
    let posted: Vec<Chips> = hand.bets().to_vec();
    let antes: Vec<Chips> =
        hand.committed().iter().zip(&posted).map(|(&c, &b)| c.saturating_sub(b)).collect();
    let roles = blind_roles(&stakes.blinds, &posted, n);
    let mut out = String::with_capacity(2048);
    // The header.
    let number =
        record.hand.clone().filter(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_digit()));
    let number = number.unwrap_or_else(|| position.to_string());
    let stake_pair = if game.structure == Structure::FixedLimit {
        (
            record.small_bet.and_then(|a| a.to_chips(places)).unwrap_or(Chips::ZERO),
            record.big_bet.and_then(|a| a.to_chips(places)).unwrap_or(Chips::ZERO),
        )
    } else {
        let blinds: Vec<Chips> =
            stakes.blinds.iter().copied().filter(|&b| b > Chips::ZERO).collect();
        let big = blinds.iter().copied().take(2).max().unwrap_or(Chips::ZERO);
        let small = blinds.iter().copied().take(2).min().filter(|_| blinds.len() > 1);
        (small.unwrap_or(big), big)
    };
    if stake_pair.1 == Chips::ZERO {
        return Err(
            "a hand without a big blind (or fixed-limit bets) has no PokerStars stakes".into()
        );
    }
    let date = date_text(record);
    out.push_str(&format!("PokerStars Hand #{number}: "));
    if tournament {
        let id = other_str(record, "_tournament_id").filter(|s| plain(s)).unwrap_or("1");
        out.push_str(&format!("Tournament #{id}, "));
        if let Some(b) = other_str(record, "_buy_in").filter(|s| plain(s) && !s.contains('(')) {
            out.push_str(b);
            out.push(' ');
        }
        let level = record.table.level.unwrap_or(1).clamp(1, 3999);
        out.push_str(&format!(
            "{game_words} - Level {} ({}/{}) - {date} ET\n",
            roman(level),
            money.text(stake_pair.0),
            money.text(stake_pair.1)
        ));
    } else {
        out.push_str(&format!(
            "{game_words} ({}/{} {}) - {date} ET\n",
            money.text(stake_pair.0),
            money.text(stake_pair.1),
            money.code
        ));
    }
    // The reader ends the name at the line's last `' `: a name may hold quotes.
    let table = record.table.table.clone().filter(|t| plain(t));
    let table = table.unwrap_or_else(|| "feltkit".into());
    out.push_str(&format!("Table '{table}' {max}-max Seat #{button} is the button\n"));
    // The seats in the order of their numbers, as PokerStars lists them.
    let mut by_seat: Vec<usize> = (0..n).collect();
    by_seat.sort_by_key(|&p| seats[p]);
    for &p in &by_seat {
        out.push_str(&format!(
            "Seat {}: {} ({} in chips)\n",
            seats[p],
            names[p],
            money.text(hand.starting_stacks()[p])
        ));
    }
    for &p in &by_seat {
        if antes[p] > Chips::ZERO {
            out.push_str(&format!("{}: posts the ante {}\n", names[p], money.text(antes[p])));
        }
    }
    for &(p, role) in &roles {
        let all_in = hand.stacks()[p] == Chips::ZERO;
        let words = match role {
            Role::Small => "small blind",
            Role::Big => "big blind",
            Role::Straddle => "straddle",
        };
        let tail = if all_in { " and is all-in" } else { "" };
        out.push_str(&format!("{}: posts {words} {}{tail}\n", names[p], money.text(posted[p])));
    }
    out.push_str("*** HOLE CARDS ***\n");
    let award = award.unwrap_or(&outcome);
    let accounts = written(record, places, award, checked);
    let play = Play { names: &names, money: &money, outcome: &outcome, accounts: &accounts };
    play.write(record, &mut hand, places, &mut out)?;
    summary(record, &play, &seats, button, &roles, &mut out);
    Ok(out)
}

/// A replay's verdict in words.
fn status_words(status: &Status) -> String {
    match status {
        Status::Illegal { number, text, reason } => {
            format!("action {number} (`{text}`) is illegal: {reason}")
        }
        Status::Legal => "the replay gives no outcome".into(),
        Status::BadSetup(why)
        | Status::Incomplete(why)
        | Status::Unresolved(why)
        | Status::Unsupported(why)
        | Status::Unreadable(why) => why.clone(),
        Status::Malformed { reason, .. } => reason.clone(),
    }
}
/// The blind a player posted before the cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Small,
    Big,
    Straddle,
}

/// Who posted which blind, in the order PokerStars writes them: the small blind, the big
/// blind, then the straddles. The blinds field says which is which: its first entry is the
/// small blind, its second the big blind, the others straddles; heads-up the button (the
/// second player) posts the first entry and the other player the second, as PHH has it.
fn blind_roles(blinds: &[Chips], posted: &[Chips], n: usize) -> Vec<(usize, Role)> {
    let poster = |k: usize| if n == 2 && k < 2 { 1 - k } else { k };
    let mut roles: Vec<(usize, Role)> = (0..blinds.len().min(n))
        .filter(|&k| blinds[k] > Chips::ZERO && posted[poster(k)] > Chips::ZERO)
        .map(|k| {
            let role = match k {
                0 => Role::Small,
                1 => Role::Big,
                _ => Role::Straddle,
            };
            (poster(k), role)
        })
        .collect();
    roles.sort_by_key(|&(_, r)| r as u8);
    roles
}

/// Refuses what PokerStars text cannot show.
fn refuse_features(record: &HandRecord<'_>, outcome: &Outcome) -> Result<(), String> {
    let why = if outcome.bomb_pot > Chips::ZERO {
        Some("a bomb pot")
    } else if outcome.dead_money > Chips::ZERO {
        Some("dead money the room added to the pot")
    } else if !outcome.boards.is_empty() {
        Some("a board run more than once")
    } else if outcome.outside.iter().any(|&x| x != Chips::ZERO) {
        Some("a payment outside the pot (a cashout or insurance)")
    } else if record.table.dead_blinds.iter().any(|a| a.units != 0) {
        Some("a dead blind")
    } else if record.starting_stacks.iter().any(|a| a.is_infinite()) {
        Some("a stack that is not known")
    } else if record.other.iter().any(|(k, _)| k == "_table_cap") {
        Some("a table cap")
    } else {
        None
    };
    let action = record.actions().find_map(|a| match a {
        Action::TimeOut { .. } => Some("a timeout"),
        Action::OutOfTurn(..) => Some("an action out of turn"),
        Action::DealBoard { cards } if cards.iter().any(|c| c.is_none()) => {
            Some("a board card that is not known")
        }
        _ => None,
    });
    match why.or(action) {
        Some(what) => Err(format!("PokerStars text cannot show {what}")),
        None => Ok(()),
    }
}

/// PokerStars' name of a game (`Hold'em No Limit`, `5 Card Omaha Hi/Lo Pot Limit`), or why
/// the PokerStars reader cannot read it back.
fn game_words(game: Game, hole: usize, structure: Structure) -> Result<String, String> {
    let name = match (game, hole) {
        (Game::Holdem, _) => "Hold'em",
        (Game::Omaha | Game::Omaha5 | Game::Omaha6, 4) => "Omaha",
        (Game::Omaha | Game::Omaha5 | Game::Omaha6, 5) => "5 Card Omaha",
        (Game::Omaha | Game::Omaha5 | Game::Omaha6, 6) => "6 Card Omaha",
        (Game::Omaha8 | Game::Omaha85 | Game::Omaha68, 4) => "Omaha Hi/Lo",
        (Game::Omaha8 | Game::Omaha85 | Game::Omaha68, 5) => "5 Card Omaha Hi/Lo",
        (Game::Omaha8 | Game::Omaha85 | Game::Omaha68, 6) => "6 Card Omaha Hi/Lo",
        (other, _) => {
            return Err(format!(
                "PokerStars text as feltkit reads it back holds hold'em and Omaha only, not {}",
                other.entry().name
            ));
        }
    };
    let limit = match structure {
        Structure::NoLimit => "No Limit",
        Structure::PotLimit => "Pot Limit",
        Structure::FixedLimit => "Limit",
        Structure::PotLimitPreflop if game == Game::Holdem => {
            "Pot Limit Pre-Flop, No Limit Post-Flop"
        }
        s => return Err(format!("PokerStars text has no {} {name}", s.name())),
    };
    Ok(format!("{name} {limit}"))
}

/// A text field of the record's other fields (`currency`, `_tournament_id`).
fn other_str<'r>(record: &'r HandRecord<'_>, key: &str) -> Option<&'r str> {
    record.other.iter().find(|(k, _)| k == key).and_then(|(_, v)| match v {
        Value::Str(s) | Value::Num(s) => Some(s.as_ref()),
        _ => None,
    })
}

/// Whether a text can stand in a line of the text: printable, one line, trimmed.
fn plain(s: &str) -> bool {
    !s.is_empty() && s.trim() == s && !s.chars().any(char::is_control)
}

/// The players' names: with `own`, the record's when each is plain, different from the
/// others and not a seat line's start; `p1`, `p2`, ... otherwise. The PokerStars reader
/// finds a player by the longest seated name a line starts with, so names holding `: ` or
/// starting with another's are read back ([`write_checked`] writes `p1`, ... when they are
/// not).
fn names(record: &HandRecord<'_>, n: usize, own: bool) -> Vec<String> {
    let given: Option<Vec<String>> =
        record.players.as_ref().map(|v| v.iter().map(|s| s.to_string()).collect());
    let usable = given.filter(|v| {
        own && v.len() == n
            && v.iter().all(|s| plain(s) && !s.starts_with("Seat ") && !s.ends_with(':'))
            && (0..n).all(|i| (0..n).all(|j| i == j || v[j] != v[i]))
    });
    usable.unwrap_or_else(|| (1..=n).map(|k| format!("p{k}")).collect())
}

/// Each player's seat, the button's seat and the table's size: the record's seats when they
/// sit the players in their order from the first seat after the button, else seats 1 to n
/// with the last player on the button.
fn seats(record: &HandRecord<'_>, n: usize) -> (Vec<u32>, u32, u32) {
    let t = &record.table;
    // PHH's order ends with the button.
    let button = t.button.or_else(|| t.seats.as_ref().and_then(|s| s.last().copied()));
    if let (Some(s), Some(b)) = (&t.seats, button)
        && s.len() == n
        && n > 0
        && s.iter().all(|&x| (1..=10).contains(&x))
        && (1..=10).contains(&b)
    {
        let after = |x: u32| (x + 10 - b - 1) % 10;
        let ordered = s.windows(2).all(|w| after(w[0]) < after(w[1]));
        let distinct = s.windows(2).all(|w| w[0] != w[1]);
        if ordered && distinct && s.contains(&b) {
            let top = s.iter().copied().max().unwrap_or(1);
            let max = t.seat_count.filter(|&c| c >= top && c <= 10).unwrap_or(top.max(2));
            return (s.clone(), b, max);
        }
    }
    let seats: Vec<u32> = (1..=n as u32).collect();
    (seats, n as u32, (n as u32).max(2))
}

/// The date and time of the hand as PokerStars writes them (`2024/03/01 12:00:00`): the
/// record's when it gives them, else 2000/01/01 00:00:00.
fn date_text(record: &HandRecord<'_>) -> String {
    let [d, m, y] = record.table.date();
    let (d, m, y) = match (d, m, y) {
        (Some(d), Some(m), Some(y))
            if (1..=31).contains(&d) && (1..=12).contains(&m) && (1..=9999).contains(&y) =>
        {
            (d, m, y)
        }
        _ => (1, 1, 2000),
    };
    let s = record.table.time_of_day().filter(|s| (0..86_400).contains(s)).unwrap_or(0);
    format!("{y:04}/{m:02}/{d:02} {:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// A level in Roman numerals (1 to 3999), as PokerStars writes it.
fn roman(mut n: u32) -> String {
    const DIGITS: [(u32, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut out = String::new();
    for (value, digits) in DIGITS {
        while n >= value {
            out.push_str(digits);
            n -= value;
        }
    }
    out
}

/// What the play section needs.
struct Play<'p> {
    names: &'p [String],
    money: &'p Money,
    /// The record's replay.
    outcome: &'p Outcome,
    /// The rake, the pots after rake and the collected lines, as written.
    accounts: &'p Written,
}

/// Cards as PokerStars writes them: `Ah Kd`.
fn cards_text(cards: &[Option<crate::card::Card>]) -> String {
    cards
        .iter()
        .map(|c| c.map_or("??".to_string(), |c| c.to_string()))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Play<'_> {
    /// The play from the hole cards to the collected lines.
    fn write(
        &self,
        record: &HandRecord<'_>,
        hand: &mut HandState,
        places: u8,
        out: &mut String,
    ) -> Result<(), String> {
        let actions: Vec<&Action> = record.actions().collect();
        let last_choice = actions.iter().rposition(|a| a.chooser().is_some());
        let mut board: Vec<Option<crate::card::Card>> = Vec::new();
        let mut dealt_written = false;
        let mut showdown = false;
        let mut uncalled_written = false;
        for (k, action) in actions.iter().enumerate() {
            if !dealt_written && !matches!(action, Action::DealHole { .. }) {
                dealt_written = true;
                self.dealt(record, hand, out);
            }
            let top = hand.bets().iter().copied().max().unwrap_or(Chips::ZERO);
            let event = apply_event(hand, action, places)
                .map_err(|e| format!("action {} (`{action}`): {e}", k + 1))?;
            let name = |p: usize| &self.names[p];
            match (action, event) {
                (Action::DealHole { .. }, _) => {}
                (Action::DealBoard { cards }, _) => {
                    let before = cards_text(&board);
                    board.extend(cards.iter().copied());
                    let new = cards_text(cards);
                    match board.len() {
                        3 => out.push_str(&format!("*** FLOP *** [{new}]\n")),
                        4 => out.push_str(&format!("*** TURN *** [{before}] [{new}]\n")),
                        5 => out.push_str(&format!("*** RIVER *** [{before}] [{new}]\n")),
                        k => {
                            return Err(format!("a board of {k} cards PokerStars text cannot show"))
                        }
                    }
                }
                (_, Some(Event::Folded { player })) => {
                    out.push_str(&format!("{}: folds\n", name(player)))
                }
                (_, Some(Event::Checked { player })) => {
                    out.push_str(&format!("{}: checks\n", name(player)))
                }
                (_, Some(Event::Called { player, amount, all_in })) => {
                    let tail = if all_in { " and is all-in" } else { "" };
                    out.push_str(&format!(
                        "{}: calls {}{tail}\n",
                        name(player),
                        self.money.text(amount)
                    ));
                }
                (_, Some(Event::BetOrRaised { player, to, all_in, .. })) => {
                    let tail = if all_in { " and is all-in" } else { "" };
                    if top == Chips::ZERO {
                        out.push_str(&format!(
                            "{}: bets {}{tail}\n",
                            name(player),
                            self.money.text(to)
                        ));
                    } else {
                        out.push_str(&format!(
                            "{}: raises {} to {}{tail}\n",
                            name(player),
                            self.money.text(to.saturating_sub(top)),
                            self.money.text(to)
                        ));
                    }
                }
                (Action::ShowOrMuck(p, shown), _) => {
                    if !showdown {
                        showdown = true;
                        out.push_str("*** SHOW DOWN ***\n");
                    }
                    match shown {
                        Some(c) if c.iter().all(Option::is_some) => {
                            out.push_str(&format!("{}: shows [{}]\n", name(*p), cards_text(c)));
                        }
                        _ => out.push_str(&format!("{}: mucks hand\n", name(*p))),
                    }
                }
                (a, _) => {
                    return Err(format!("action {} (`{a}`): PokerStars text cannot show it", k + 1))
                }
            }
            if Some(k) == last_choice {
                uncalled_written = true;
                self.uncalled(out);
            }
        }
        if !dealt_written {
            self.dealt(record, hand, out);
        }
        if !uncalled_written {
            self.uncalled(out);
        }
        if !showdown && self.outcome.showdown.is_some() {
            out.push_str("*** SHOW DOWN ***\n");
        }
        for (p, amount, pot) in &self.accounts.lines {
            out.push_str(&format!(
                "{} collected {} from {pot}\n",
                name_of(self.names, *p),
                self.money.text(*amount)
            ));
        }
        Ok(())
    }

    /// `Dealt to NAME [cards]` for each player whose hole cards are all known and not shown
    /// later (those shown are told by their `shows` line).
    fn dealt(&self, record: &HandRecord<'_>, hand: &HandState, out: &mut String) {
        for (p, name) in self.names.iter().enumerate() {
            let cards = hand.hole_cards(p);
            let shown = record.actions().any(|a| {
                matches!(a, Action::ShowOrMuck(q, Some(c)) if *q == p && c.iter().all(Option::is_some))
            });
            if !shown && !cards.is_empty() && cards.iter().all(Option::is_some) {
                out.push_str(&format!("Dealt to {name} [{}]\n", cards_text(cards)));
            }
        }
    }

    /// `Uncalled bet (X) returned to NAME`.
    fn uncalled(&self, out: &mut String) {
        for (p, &x) in self.outcome.uncalled.iter().enumerate() {
            if x > Chips::ZERO {
                out.push_str(&format!(
                    "Uncalled bet ({}) returned to {}\n",
                    self.money.text(x),
                    self.names[p]
                ));
            }
        }
    }
}

fn name_of(names: &[String], p: usize) -> &str {
    names.get(p).map_or("", String::as_str)
}

/// The summary: the total pot and rake, the pots, the board and each seat.
fn summary(
    record: &HandRecord<'_>,
    play: &Play<'_>,
    seats: &[u32],
    button: u32,
    roles: &[(usize, Role)],
    out: &mut String,
) {
    let Written { rake, pots: left, lines: won } = play.accounts;
    let total = left.iter().fold(*rake, |s, &p| s.saturating_add(p));
    let money = play.money;
    out.push_str("*** SUMMARY ***\n");
    out.push_str(&format!("Total pot {}", money.text(total)));
    if left.len() > 1 {
        for (k, x) in left.iter().enumerate() {
            let name = match (left.len(), k) {
                (_, 0) => "Main pot".to_string(),
                (2, _) => "Side pot".to_string(),
                _ => format!("Side pot-{k}"),
            };
            out.push_str(&format!(" {name} {}.", money.text(*x)));
        }
    }
    out.push_str(&format!(" | Rake {}\n", money.text(*rake)));
    let board: Vec<String> = record
        .actions()
        .filter_map(|a| match a {
            Action::DealBoard { cards } => Some(cards_text(cards)),
            _ => None,
        })
        .collect();
    if !board.is_empty() {
        out.push_str(&format!("Board [{}]\n", board.join(" ")));
    }
    let n = seats.len();
    let mut by_seat: Vec<usize> = (0..n).collect();
    by_seat.sort_by_key(|&p| seats[p]);
    // Where each player folded, and what each showed.
    let mut folded: Vec<Option<usize>> = vec![None; n];
    let mut shown: Vec<Option<String>> = vec![None; n];
    let mut cards_out = 0;
    for a in record.actions() {
        match a {
            Action::DealBoard { cards } => cards_out += cards.len(),
            Action::Fold(p) if *p < n => folded[*p] = Some(cards_out),
            Action::ShowOrMuck(p, Some(c)) if *p < n && c.iter().all(Option::is_some) => {
                shown[*p] = Some(cards_text(c));
            }
            _ => {}
        }
    }
    for p in by_seat {
        let mut line = format!("Seat {}: {}", seats[p], play.names[p]);
        if seats[p] == button {
            line.push_str(" (button)");
        }
        match roles.iter().find(|(q, _)| *q == p).map(|(_, r)| *r) {
            Some(Role::Small) => line.push_str(" (small blind)"),
            Some(Role::Big) => line.push_str(" (big blind)"),
            _ => {}
        }
        let got = won
            .iter()
            .filter(|(q, _, _)| *q == p)
            .fold(Chips::ZERO, |s, (_, x, _)| s.saturating_add(*x));
        match (folded[p], &shown[p]) {
            (Some(cards), _) => {
                let when = match cards {
                    0..=2 => "before Flop",
                    3 => "on the Flop",
                    4 => "on the Turn",
                    _ => "on the River",
                };
                line.push_str(&format!(" folded {when}"));
            }
            (None, Some(c)) if got > Chips::ZERO => {
                line.push_str(&format!(" showed [{c}] and won ({})", money.text(got)));
            }
            (None, Some(c)) => line.push_str(&format!(" showed [{c}] and lost")),
            (None, None) if got > Chips::ZERO => {
                line.push_str(&format!(" collected ({})", money.text(got)))
            }
            (None, None) => line.push_str(" mucked"),
        }
        out.push_str(&line);
        out.push('\n');
    }
}

/// A hand of a PHH bundle as checked PokerStars text ([`write_checked`]), `position` being its
/// place among the text's hands (from 1): its label for messages (`[HEADER]`, or `hand`) and
/// the text, or why not (a hand that is not a PHH record says so).
pub fn phh_hand_checked(
    hand: &crate::phh::read::ReadHand<'_>,
    position: usize,
) -> (String, Result<String, String>) {
    let label = match hand.header {
        Some(h) => format!("[{h}]"),
        None => "hand".to_string(),
    };
    let text = match &hand.record {
        Ok(record) => write_checked(record, position),
        Err(e) => Err(format!("not a PHH hand: {e}")),
    };
    (label, text)
}

/// The hand written as PokerStars text ([`to_pokerstars`]) and checked: the text read back by
/// the PokerStars reader must replay legally, its own accounting (collected lines, total pot,
/// rake, summary) must agree with that replay (`felt replay --check`), and every player must
/// end with the stack the record's own replay gives. Otherwise why not.
pub fn write_checked(record: &HandRecord<'_>, position: usize) -> Result<String, String> {
    let source = replay_record(record, String::new(), false);
    let want = final_amounts(&source);
    let places = places_of(record);
    let text = to_pokerstars(record, position)?;
    let checked = |text: String, own_names: bool| match read_back(&text, &want, places) {
        Ok(_) => Ok(text),
        // The pots as the text's own game builds them from the same play.
        Err((why, Some(back))) => match render(record, position, Some(&*back), own_names) {
            Ok(text) => read_back(&text, &want, places).map(|_| text).map_err(|(w, _)| w),
            Err(_) => Err(why),
        },
        Err((why, None)) => Err(why),
    };
    // Names the reader takes for others' (one starting with another's and `: `) are
    // written `p1`, `p2`, ...
    checked(text, true).or_else(|why| match record.players {
        Some(_) => checked(render(record, position, None, false)?, false).map_err(|_| why),
        None => Err(why),
    })
}
