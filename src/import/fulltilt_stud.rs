//! Full Tilt Poker's stud, stud high-low, razz and draw hands (deuce-to-seven single and triple
//! draw, badugi) as the record the replay takes. The PokerStars reader reads board games only,
//! so these hands are read here, line by line, once [`super::fulltilt_lines`] has read their
//! header and seats:
//!
//! | Full Tilt writes | read as |
//! |---|---|
//! | `NAME antes $0.50` | the player's ante |
//! | `posts the small blind of $1`, `posts a dead small blind of $1`, `posts $2` | a blind, a dead blind, a newcomer's post (a negative blind, PHH's mark: it does not move who acts first) |
//! | `*** 3RD STREET ***`, `Dealt to NAME [8h]`, `Dealt to Hero [3d 4s] [4d]` | `d dh pN ????8h`, `d dh pN 3d4s4d` |
//! | `*** 4TH STREET ***` ... `*** 6TH STREET ***`, `Dealt to NAME [8h] [Th]` | `d dh pN Th` (the last `[...]` is the new card) |
//! | `*** 7TH STREET ***` | the card face down: `??` to each player the text shows none of |
//! | `NAME is low with [4c]`, `brings in for $1`, `completes it to $3` | `pN pb` (the record's `bring_in`), `pN cbr 3` |
//! | `*** HOLE CARDS ***`, `Dealt to Hero [4s Ah Ts 8h 5c]` | the draw games' cards, `??` each where not shown |
//! | `*** DRAW ***`, `*** FIRST DRAW ***` ... `*** THIRD DRAW ***` | a draw |
//! | `NAME discards 2 cards [Ah Ts]`, `discards 1 card`, `stands pat` | `pN sd AhTs`, `pN sd ??`, `pN sd` |
//! | `NAME is dealt 1 card`, `Dealt to Hero [4s 8h 5c] [Qc 5s]` | `d dh pN ??`, `d dh pN Qc5s` |
//! | `bets $3`, `raises to $8`, `calls $4`, `, and is all in` | `pN cbr` to the round's total, `pN cc` |
//! | `wins the pot ($17)`, `wins the high pot`, `ties for the low pot` | what the player collected, checked against all the pots together |
//!
//! Players are in seat order in stud (no button: the cards decide who opens), and from the
//! first seat after the button in the draw games, as in hold'em. A player is dealt in when a
//! stud text deals the player third street's cards, or when a draw text's seat list and summary
//! do not say the player sits out.

use std::borrow::Cow;

use super::lines::{amount, find, who, Line};
use super::pokerstars::StarsHand;
use super::split::HandText;
use crate::phh::action::{cards_of, Action};
use crate::phh::Amount;
use crate::record::table::SittingOut;
use crate::record::{Entry, HandRecord, RecordedAction, SiteAccounting, Unreplayable};

/// The games of this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Game {
    /// Seven-card stud.
    Stud,
    /// Seven-card stud high-low, eight or better.
    StudHiLo,
    /// Razz.
    Razz,
    /// No-limit deuce-to-seven single draw.
    SingleDraw,
    /// Fixed-limit deuce-to-seven triple draw.
    TripleDraw,
    /// Fixed-limit badugi.
    Badugi,
}

impl Game {
    /// The PHH code feltkit plays the game under.
    fn code(self) -> &'static str {
        match self {
            Game::Stud => "stud7",
            Game::StudHiLo => "F7S/8",
            Game::Razz => "FR",
            Game::SingleDraw => "N2L1D",
            Game::TripleDraw => "F2L3D",
            Game::Badugi => "FB",
        }
    }

    fn stud(self) -> bool {
        matches!(self, Game::Stud | Game::StudHiLo | Game::Razz)
    }

    /// The cards each player holds in a draw game.
    fn hole(self) -> usize {
        if self == Game::Badugi {
            4
        } else {
            5
        }
    }
}

/// The game a Full Tilt header names (`Limit Stud Hi`, `FL Badugi`, `No Limit 2-7 Single
/// Draw`): `None` when it is no stud, razz or draw game, `Some(Err(why))` for one feltkit does
/// not play so.
pub(super) fn game(name: &str) -> Option<Result<Game, String>> {
    let (limit, base) = [
        ("No Limit ", "no limit"),
        ("NL ", "no limit"),
        ("Pot Limit ", "pot limit"),
        ("PL ", "pot limit"),
        ("Limit ", "fixed limit"),
        ("FL ", "fixed limit"),
    ]
    .iter()
    .find_map(|(w, l)| name.strip_prefix(w).map(|rest| (*l, rest)))
    .unwrap_or(("", name));
    let (g, wants) = match base {
        "Stud Hi" | "Stud" | "7 Card Stud" | "7 Card Stud Hi" => (Game::Stud, "fixed limit"),
        "Stud H/L" | "Stud Hi/Lo" | "7 Card Stud H/L" | "7 Card Stud Hi/Lo" => {
            (Game::StudHiLo, "fixed limit")
        }
        "Razz" => (Game::Razz, "fixed limit"),
        "2-7 Triple Draw" => (Game::TripleDraw, "fixed limit"),
        "2-7 Single Draw" => (Game::SingleDraw, "no limit"),
        "Badugi" => (Game::Badugi, "fixed limit"),
        _ if ["Stud", "Razz", "Draw", "Badugi"].iter().any(|w| base.contains(w)) => {
            return Some(Err(format!(
                "{name}: feltkit plays seven-card stud, stud high-low and razz, deuce-to-seven single and triple draw and badugi, not this game"
            )));
        }
        _ => return None,
    };
    if limit != wants {
        return Some(Err(format!(
            "{name}: feltkit plays this game {wants} only, not {}",
            if limit.is_empty() { "without a limit named" } else { limit }
        )));
    }
    Some(Ok(g))
}

/// Why a line cannot be read: its number and what was expected.
type Bad = (usize, String);

/// A line of the play, the player an index into the seat list.
#[derive(Clone, Debug)]
enum Event {
    Ante(usize, Amount),
    /// A blind (small, big, or a big blind posted out of turn) and whether it is the small.
    Blind(usize, Amount, bool),
    DeadSmall(usize, Amount),
    /// `posts $2.50`: a big blind posted by a player coming into the game, who then acts in
    /// turn.
    Newcomer(usize, Amount),
    /// A street's header: stud's 3 to 7, or 0 for the draw games' cards and 11 to 13 for the
    /// draws.
    Street(u8),
    /// Cards the text shows dealt to a player on the street: all of them on third street or
    /// the draw games' first cards, else the new ones.
    Dealt(usize, Vec<String>),
    /// `is dealt N cards`.
    DealtUnknown(usize, usize),
    /// `discards N cards [...]` (the cards when shown), `stands pat` (none).
    Discard(usize, usize, Option<Vec<String>>),
    BringIn(usize, Amount),
    /// Completes, bets (the round's total is worked out) or raises to.
    BetTo(usize, Amount, bool),
    Call(usize, Amount),
    Check(usize),
    Fold(usize),
    Shows(usize, Vec<String>),
    Mucks(usize),
    Wins(usize, Amount),
    Uncalled(usize, Amount),
}

impl Event {
    /// The player the line names, if any.
    fn player(&self) -> Option<usize> {
        match self {
            Event::Street(_) => None,
            Event::Ante(i, _)
            | Event::Blind(i, ..)
            | Event::DeadSmall(i, _)
            | Event::Newcomer(i, _)
            | Event::Dealt(i, _)
            | Event::DealtUnknown(i, _)
            | Event::Discard(i, ..)
            | Event::BringIn(i, _)
            | Event::BetTo(i, ..)
            | Event::Call(i, _)
            | Event::Check(i)
            | Event::Fold(i)
            | Event::Shows(i, _)
            | Event::Mucks(i)
            | Event::Wins(i, _)
            | Event::Uncalled(i, _) => Some(*i),
        }
    }
}

/// The cards of each `[...]` of a line, in order.
pub(super) fn brackets(t: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = t;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']') else { break };
        let inside = &rest[open + 1..open + close];
        out.push(inside.split_whitespace().map(str::to_string).collect());
        rest = &rest[open + close + 1..];
    }
    out
}

/// The number of `N card`/`N cards` at the start of `t`.
fn count(t: &str) -> Option<usize> {
    let (n, rest) = t.split_once(' ')?;
    // No game deals a player more than seven cards: a larger count is no count.
    (rest.starts_with("card")).then(|| n.parse().ok().filter(|&k| k <= MAX_CARDS)).flatten()
}

/// The most cards a count of cards may give (`discards N cards`, `is dealt N cards`).
const MAX_CARDS: usize = 7;

/// The words after a seated player's name that move no chips and show no cards.
const IDLE: [&str; 11] = [
    "has ",
    "is ",
    "sits ",
    "stands ",
    "adds ",
    "leaves ",
    "will ",
    "returns",
    "re-buys",
    "rebuys",
    "requests ",
];

/// What the play says, line by line, with the summary's total pot and rake, the summary's
/// collected amounts when the play names no winner, and the players the summary says sit out.
struct Play {
    events: Vec<(usize, Event)>,
    total: Option<(Amount, Amount, usize)>,
    away: Vec<usize>,
}

/// Reads the lines after the seat list.
fn read(lines: &[Line<'_>], seats: &[(u32, &str)], stud: bool) -> Result<Play, Bad> {
    let mut events = Vec::with_capacity(lines.len());
    let mut summary_won = Vec::new();
    let mut total = None;
    let mut away = Vec::new();
    let mut in_summary = false;
    let money = |x: &str, n: usize| {
        amount(x.trim()).ok_or_else(|| (n, format!("expected an amount, not `{}`", x.trim())))
    };
    for l in lines {
        let (n, t) = (l.number, l.text.trim());
        if t.starts_with("*** SUMMARY") {
            in_summary = true;
            continue;
        }
        if in_summary {
            if let Some(rest) = t.strip_prefix("Total pot ") {
                let pot = rest.split_whitespace().next().unwrap_or("");
                let rake = rest.split("| Rake ").nth(1).map(str::trim).unwrap_or("");
                total = Some((money(pot, n)?, money(rake, n)?, n));
            } else if let Some((_, body)) =
                t.strip_prefix("Seat ").and_then(|r| super::lines::split_once(r, ": "))
                && let Some((i, rest)) = who(seats, body)
            {
                if rest.ends_with("is sitting out") {
                    away.push(i);
                }
                // `collected ($17), mucked`, `showed [...] and won ($5) with ...`.
                for mark in ["collected (", "won ("] {
                    if let Some(k) = find(rest, mark) {
                        let inside = rest[k + mark.len()..].split(')').next().unwrap_or("");
                        summary_won.push((n, Event::Wins(i, money(inside, n)?)));
                    }
                }
            }
            continue;
        }
        if let Some(st) = t.strip_prefix("*** ") {
            let street = match st.split(" ***").next().unwrap_or("") {
                "3RD STREET" => Some(3),
                "4TH STREET" => Some(4),
                "5TH STREET" => Some(5),
                "6TH STREET" => Some(6),
                "7TH STREET" => Some(7),
                "HOLE CARDS" => Some(0),
                "DRAW" | "FIRST DRAW" => Some(11),
                "SECOND DRAW" => Some(12),
                "THIRD DRAW" => Some(13),
                _ => None,
            };
            if let Some(s) = street {
                events.push((n, Event::Street(s)));
            }
            continue;
        }
        if let Some(rest) = t.strip_prefix("Uncalled bet of ") {
            let Some((a, name)) = rest.split_once(" returned to ") else {
                return Err((
                    n,
                    format!("expected `Uncalled bet of X returned to NAME`, not `{t}`"),
                ));
            };
            let Some(i) = seats.iter().position(|s| s.1 == name.trim()) else {
                return Err((n, format!("`{}` is not a seated player", name.trim())));
            };
            events.push((n, Event::Uncalled(i, money(a, n)?)));
            continue;
        }
        if let Some(rest) = t.strip_prefix("Dealt to ") {
            let Some((i, cards)) = who(seats, rest) else { continue };
            let b = brackets(cards);
            let Some(last) = b.last() else {
                return Err((n, format!("expected the cards in `[...]`, not `{t}`")));
            };
            // Third street and the draw games' first cards: every card given; later, the new.
            let all = b.len() == 1
                || events.iter().rev().find_map(|(_, e)| match e {
                    Event::Street(s) => Some(*s == 3 || *s == 0),
                    _ => None,
                }) == Some(true);
            let cards = match (all, b.len()) {
                (true, _) => b.concat(),
                // A draw's cards after standing pat: nothing new.
                (false, 1) if !stud => continue,
                _ => last.clone(),
            };
            events.push((n, Event::Dealt(i, cards)));
            continue;
        }
        let Some((i, rest)) = who(seats, t) else { continue };
        let verb = rest
            .strip_suffix(", and is all in")
            .or_else(|| rest.strip_suffix(" and is all in"))
            .unwrap_or(rest);
        let e = if let Some(x) = verb.strip_prefix("antes ") {
            Event::Ante(i, money(x, n)?)
        } else if let Some(x) = verb.strip_prefix("posts a dead small blind of ") {
            Event::DeadSmall(i, money(x, n)?)
        } else if let Some(x) = verb.strip_prefix("posts the small blind of ") {
            Event::Blind(i, money(x, n)?, true)
        } else if let Some(x) = verb.strip_prefix("posts the big blind of ") {
            Event::Blind(i, money(x, n)?, false)
        } else if let Some(x) = verb.strip_prefix("posts ") {
            Event::Newcomer(i, money(x, n)?)
        } else if let Some(x) = verb.strip_prefix("brings in for ") {
            Event::BringIn(i, money(x, n)?)
        } else if let Some(x) = verb.strip_prefix("completes it to ") {
            Event::BetTo(i, money(x, n)?, false)
        } else if let Some(x) = verb.strip_prefix("raises to ") {
            Event::BetTo(i, money(x, n)?, false)
        } else if let Some(x) = verb.strip_prefix("bets ") {
            Event::BetTo(i, money(x, n)?, true)
        } else if let Some(x) = verb.strip_prefix("calls ") {
            Event::Call(i, money(x, n)?)
        } else if verb == "checks" {
            Event::Check(i)
        } else if verb == "folds" || verb.starts_with("folds ") {
            Event::Fold(i)
        } else if let Some(x) = verb.strip_prefix("discards ") {
            let Some(k) = count(x) else {
                return Err((
                    n,
                    format!("expected `discards N cards` (N at most {MAX_CARDS}), not `{t}`"),
                ));
            };
            Event::Discard(i, k, brackets(x).into_iter().next())
        } else if verb == "stands pat" || verb.starts_with("stands pat ") {
            Event::Discard(i, 0, None)
        } else if let Some(x) = verb.strip_prefix("is dealt ") {
            let Some(k) = count(x) else {
                return Err((
                    n,
                    format!("expected `is dealt N cards` (N at most {MAX_CARDS}), not `{t}`"),
                ));
            };
            Event::DealtUnknown(i, k)
        } else if verb.starts_with("shows [") {
            Event::Shows(i, brackets(verb).into_iter().next().unwrap_or_default())
        } else if verb == "mucks" || verb.starts_with("mucks ") {
            Event::Mucks(i)
        } else if let Some(x) =
            verb.strip_prefix("wins ").or_else(|| verb.strip_prefix("ties for "))
        {
            let open = x.find('(');
            let close = open.and_then(|o| x[o..].find(')').map(|c| o + c));
            let (Some(o), Some(c)) = (open, close) else {
                return Err((n, format!("expected `wins the pot (X)`, not `{t}`")));
            };
            Event::Wins(i, money(&x[o + 1..c], n)?)
        } else if IDLE.iter().any(|w| verb.starts_with(w)) {
            // Who is low or high, the clock, seats taken and left, chips for the next hand.
            continue;
        } else {
            return Err((
                n,
                format!(
                    "expected an action after `{}` (antes, posts, brings in for, completes it to, bets, raises to, calls, checks, folds, discards, stands pat, is dealt, shows, mucks, wins), not `{rest}`",
                    seats[i].1
                ),
            ));
        };
        events.push((n, e));
    }
    if !events.iter().any(|(_, e)| matches!(e, Event::Wins(..))) {
        // Some hands name no winner in the play: the summary's seats say who collected.
        events.extend(summary_won);
    }
    Ok(Play { events, total, away })
}

/// Completes the record of a stud, razz or draw hand of game `g` that [`super::emit`] built
/// from its header and seats alone: its players, forced bets, actions and the site's account.
pub(super) fn complete(text: &HandText, hand: &StarsHand, g: Game, r: &mut HandRecord<'_>) {
    let lines: Vec<Line<'_>> = text.lines().filter(|l| !l.text.trim().is_empty()).collect();
    let first_play = lines
        .iter()
        .position(|l| {
            l.number > hand.seats.last().map_or(hand.line, |s| s.line)
                && !l.text.starts_with("Seat ")
        })
        .unwrap_or(lines.len());
    // The seat list's `Seat 4: NAME ($17.75), is sitting out`.
    let sat_out: Vec<bool> = hand
        .seats
        .iter()
        .map(|s| lines.iter().any(|l| l.number == s.line && l.text.ends_with("is sitting out")))
        .collect();
    complete_play(&lines[first_play..], hand, g, &sat_out, r);
}

/// As [`complete`], from the lines after the seat list in Full Tilt's words (another site's
/// stud or draw text put so), `sat_out` saying which seats the seat list says sit out.
pub(super) fn complete_play(
    lines: &[Line<'_>],
    hand: &StarsHand,
    g: Game,
    sat_out: &[bool],
    r: &mut HandRecord<'_>,
) {
    let seats: Vec<(u32, &str)> = hand.seats.iter().map(|s| (s.seat, s.name.as_str())).collect();
    let play = read(lines, &seats, g.stud());
    match play.and_then(|play| build(hand, g, &play, sat_out, r)) {
        Ok(()) => r.unreplayable = None,
        Err((n, why)) => {
            r.unreplayable = Some(Unreplayable::Unreadable(format!("line {n}: {why}")))
        }
    }
}

/// The record's unit: the most decimal places of any amount.
fn places(hand: &StarsHand, play: &Play) -> u8 {
    let mut p = hand.stakes.0.places.max(hand.stakes.1.places);
    for s in &hand.seats {
        p = p.max(s.stack.places);
    }
    for (_, e) in &play.events {
        if let Event::Ante(_, a)
        | Event::Blind(_, a, _)
        | Event::Newcomer(_, a)
        | Event::DeadSmall(_, a)
        | Event::BringIn(_, a)
        | Event::BetTo(_, a, _)
        | Event::Call(_, a)
        | Event::Wins(_, a)
        | Event::Uncalled(_, a) = e
        {
            p = p.max(a.places);
        }
    }
    if let Some((t, rake, _)) = &play.total {
        p = p.max(t.places).max(rake.places);
    }
    p.min(9)
}

/// A street being dealt: the street, its line, and the cards the text shows each player (by
/// PHH position) dealt on it.
type Pending = (u8, usize, Vec<Option<Vec<String>>>);

/// A bound on any one amount: 10^16 chips, so that sums of a table's amounts cannot overflow.
const MAX: i64 = 10_000_000_000_000_000;

/// The players, forced bets, actions and account into `r`.
fn build(
    hand: &StarsHand,
    g: Game,
    play: &Play,
    sat_out: &[bool],
    r: &mut HandRecord<'_>,
) -> Result<(), Bad> {
    let places = places(hand, play);
    let chips = |a: Amount| a.to_units(places).unwrap_or(MAX).clamp(-MAX, MAX);
    let amt = |c: i64| Amount { units: c, places };
    // Who is dealt in, in PHH order.
    let k = hand.seats.len();
    let mut dealt = vec![false; k];
    if g.stud() {
        let third = play.events.iter().skip_while(|(_, e)| !matches!(e, Event::Street(3)));
        for (_, e) in third.take_while(|(_, e)| !matches!(e, Event::Street(4))) {
            if let Event::Dealt(i, _) = e {
                dealt[*i] = true;
            }
        }
    } else {
        // A player said to sit out is dealt in when the play names the player (a tournament
        // deals a player sitting out, who folds).
        let named = |i: usize| play.events.iter().any(|(_, e)| e.player() == Some(i));
        let out = |i: usize| (play.away.contains(&i) || sat_out[i]) && !named(i);
        for (i, d) in dealt.iter_mut().enumerate() {
            *d = !out(i);
        }
    }
    let mut order: Vec<usize> = (0..k).filter(|&i| dealt[i]).collect();
    if !g.stud() {
        let b = hand.button;
        order.sort_by_key(|&i| {
            let s = hand.seats[i].seat;
            if s > b {
                (0, s)
            } else {
                (1, s)
            }
        });
    }
    let n = order.len();
    if n < 2 {
        return Err((hand.line, "fewer than two players are dealt in".into()));
    }
    let mut pos = vec![usize::MAX; k];
    for (p, &i) in order.iter().enumerate() {
        pos[i] = p;
    }
    let start: Vec<i64> = order.iter().map(|&i| chips(hand.seats[i].stack)).collect();
    let (mut antes, mut blinds, mut dead) = (vec![0i64; n], vec![0i64; n], vec![0i64; n]);
    let (mut put, mut round, mut won) = (vec![0i64; n], vec![0i64; n], vec![0i64; n]);
    let mut folded = vec![false; n];
    let mut held = vec![0usize; n];
    let mut bring_in = None;
    let mut actions: Vec<RecordedAction<'static>> = Vec::with_capacity(64);
    let mut action_lines: Vec<Option<u64>> = Vec::with_capacity(64);
    let mut site = SiteAccounting::default();
    // The cards of the street being dealt, by PHH position: written once its deals end.
    let mut pending: Option<Pending> = None;
    let mut small_posted = false;
    // Whether any blind or bet was made yet.
    let mut betting = false;
    let unknown = |c: usize| vec!["??".to_string(); c];
    for (line, e) in &play.events {
        let line = *line;
        let p = |i: usize| -> Result<usize, Bad> {
            let p = pos[i];
            if p == usize::MAX {
                return Err((line, format!("{} is not dealt in", hand.seats[i].name)));
            }
            Ok(p)
        };
        // A street's deals end at the first line that deals nothing.
        if !matches!(e, Event::Dealt(..))
            && let Some((street, at, cards)) = pending.take()
        {
            for (q, c) in cards.into_iter().enumerate() {
                if folded[q] || (street == 0 && !dealt[order[q]]) {
                    continue;
                }
                let c = match (c, street) {
                    (Some(c), 3) if c.len() == 1 => [unknown(2), c].concat(),
                    (Some(c), _) => c,
                    (None, 3) => unknown(3),
                    (None, 0) => unknown(g.hole()),
                    (None, _) => unknown(1),
                };
                held[q] += c.len();
                let cards = cards_of(&c.concat()).map_err(|e| (at, e.message))?;
                actions.push(RecordedAction::built(Action::DealHole { player: q, cards }));
                action_lines.push(Some(at as u64));
            }
        }
        betting |= matches!(
            e,
            Event::Blind(..)
                | Event::Newcomer(..)
                | Event::DeadSmall(..)
                | Event::BringIn(..)
                | Event::BetTo(..)
                | Event::Call(..)
                | Event::Check(..)
                | Event::Fold(..)
        );
        let mut act = |a: Action| {
            actions.push(RecordedAction::built(a));
            action_lines.push(Some(line as u64));
        };
        match e {
            Event::Street(s) => {
                // The blinds are the first round's bets.
                if *s != 0 {
                    round.iter_mut().for_each(|x| *x = 0);
                }
                let deals = g.stud() || *s == 0;
                if deals {
                    pending = Some((*s, line, vec![None; n]));
                }
            }
            Event::Dealt(i, c) => {
                let q = p(*i)?;
                match pending.as_mut() {
                    Some((_, _, cards)) => cards[q] = Some(c.clone()),
                    // A draw's new cards: those after the cards kept.
                    None if !g.stud() => {
                        let cards = cards_of(&c.concat()).map_err(|e| (line, e.message))?;
                        act(Action::DealHole { player: q, cards });
                    }
                    None => return Err((line, "cards dealt before any street".into())),
                }
            }
            Event::DealtUnknown(i, c) => {
                let q = p(*i)?;
                if *c > 0 {
                    let cards = cards_of(&unknown(*c).concat()).map_err(|e| (line, e.message))?;
                    act(Action::DealHole { player: q, cards });
                }
            }
            Event::Discard(i, c, shown) => {
                let q = p(*i)?;
                let cards = match shown {
                    Some(s) if s.len() == *c => s.concat(),
                    _ => unknown(*c).concat(),
                };
                let cards = if cards.is_empty() {
                    crate::phh::action::CardList::default()
                } else {
                    cards_of(&cards).map_err(|e| (line, e.message))?
                };
                act(Action::Discard(q, cards));
            }
            Event::Ante(i, a) => {
                let q = p(*i)?;
                antes[q] = antes[q].saturating_add(chips(*a));
                put[q] = put[q].saturating_add(chips(*a));
            }
            Event::DeadSmall(i, a) => {
                let q = p(*i)?;
                dead[q] = dead[q].saturating_add(chips(*a));
                put[q] = put[q].saturating_add(chips(*a));
            }
            Event::Blind(i, a, small) => {
                let q = p(*i)?;
                let a = chips(*a);
                if *small && small_posted {
                    dead[q] = dead[q].saturating_add(a);
                } else {
                    blinds[q] = a;
                    round[q] = a;
                    small_posted |= *small;
                }
                put[q] = put[q].saturating_add(a);
            }
            // Written negative, as PHH marks a newcomer's post: it does not move the opener.
            Event::Newcomer(i, a) => {
                let q = p(*i)?;
                let a = chips(*a);
                blinds[q] = a.saturating_neg();
                round[q] = a;
                put[q] = put[q].saturating_add(a);
            }
            Event::BringIn(i, a) => {
                let q = p(*i)?;
                let a = chips(*a);
                bring_in = Some(a);
                round[q] = a;
                put[q] = put[q].saturating_add(a);
                act(Action::BringIn(q));
            }
            Event::BetTo(i, a, by) => {
                let q = p(*i)?;
                let to = if *by { round[q].saturating_add(chips(*a)) } else { chips(*a) };
                put[q] = put[q].saturating_add(to.saturating_sub(round[q]));
                round[q] = to;
                act(Action::BetOrRaiseTo(q, amt(to)));
            }
            Event::Call(i, a) => {
                let q = p(*i)?;
                round[q] = round[q].saturating_add(chips(*a));
                put[q] = put[q].saturating_add(chips(*a));
                act(Action::CheckOrCall(q));
            }
            Event::Check(i) => act(Action::CheckOrCall(p(*i)?)),
            Event::Fold(i) => {
                let q = p(*i)?;
                folded[q] = true;
                act(Action::Fold(q));
            }
            Event::Shows(i, c) => {
                let q = p(*i)?;
                let live = folded.iter().filter(|f| !**f).count();
                if live >= 2 && !folded[q] {
                    if c.len() == held[q] {
                        let cards = cards_of(&c.concat()).map_err(|e| (line, e.message))?;
                        act(Action::ShowOrMuck(q, Some(cards)));
                    } else {
                        folded[q] = true;
                        act(Action::ShowOrMuck(q, None));
                    }
                }
            }
            Event::Mucks(i) => {
                let q = p(*i)?;
                let live = folded.iter().filter(|f| !**f).count();
                if live >= 2 && !folded[q] {
                    folded[q] = true;
                    act(Action::ShowOrMuck(q, None));
                }
            }
            Event::Wins(i, a) => {
                let q = p(*i)?;
                won[q] = won[q].saturating_add(chips(*a));
                let entry =
                    Entry { player: q, amount: amt(chips(*a)), pot: "pot".into(), line, run: 0 };
                site.collected.push(entry);
            }
            // An ante over what a player all in on the antes could match, returned before
            // any bet: the ante is what stays in.
            Event::Uncalled(i, a) if !betting => {
                let q = p(*i)?;
                if chips(*a) > antes[q] {
                    return Err((line, "an uncalled bet returned before any bet".into()));
                }
                antes[q] -= chips(*a);
                put[q] = put[q].saturating_sub(chips(*a));
            }
            Event::Uncalled(i, a) => {
                let q = p(*i)?;
                put[q] = put[q].saturating_sub(chips(*a));
                let entry =
                    Entry { player: q, amount: amt(chips(*a)), pot: String::new(), line, run: 0 };
                site.uncalled.push(entry);
            }
        }
    }
    let Some((total, rake, at)) = play.total else {
        return Err((hand.line, "the summary has no `Total pot X | Rake Y` line".into()));
    };
    let names: Vec<Cow<'static, str>> =
        order.iter().map(|&i| Cow::Owned(hand.seats[i].name.clone())).collect();
    r.variant = g.code().to_string();
    r.players = Some(names);
    r.table.seats = Some(order.iter().map(|&i| hand.seats[i].seat).collect());
    if !g.stud() && order.last().is_some_and(|&i| hand.seats[i].seat != hand.button) {
        r.table.button = Some(hand.button);
    }
    r.table.sitting_out = (0..k)
        .filter(|&i| pos[i] == usize::MAX)
        .map(|i| SittingOut { seat: hand.seats[i].seat, player: hand.seats[i].name.clone() })
        .collect();
    if places > 0 {
        r.chip = Some(amt(1));
    }
    if n == 2 && !g.stud() {
        antes.swap(0, 1);
        blinds.swap(0, 1);
    }
    if antes.iter().any(|&a| a > 0) {
        r.antes = antes.iter().map(|&a| amt(a)).collect();
    }
    let (small, big) = (chips(hand.stakes.0), chips(hand.stakes.1));
    if g.stud() {
        // A bring-in nobody posted (the low card completed) is no part of the hand.
        r.bring_in = Some(amt(bring_in.unwrap_or((small / 2).max(1))));
    } else {
        r.blinds_or_straddles = blinds.iter().map(|&b| amt(b)).collect();
    }
    if g == Game::SingleDraw {
        r.min_bet = Some(amt(big));
    } else {
        r.small_bet = Some(amt(small));
        r.big_bet = Some(amt(big));
    }
    if dead.iter().any(|&x| x > 0) {
        r.table.dead_blinds = dead.iter().map(|&x| amt(x)).collect();
    }
    r.starting_stacks = start.iter().map(|&c| amt(c)).collect();
    let finishing = (0..n).map(|q| amt(start[q].saturating_sub(put[q]).saturating_add(won[q])));
    r.finishing_stacks = Some(finishing.collect());
    r.winnings = Some(won.iter().map(|&c| amt(c)).collect());
    r.actions = actions;
    r.site_text.action_lines = action_lines;
    site.seat_lines = order.iter().map(|&i| hand.seats[i].line).collect();
    site.total_pot = Some(total);
    site.rake = Some(rake);
    site.summary_line = i64::try_from(at).ok();
    site.unnamed_pots = true;
    r.accounting = Some(site);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_told_with_their_betting_structure() {
        assert_eq!(game("Limit Stud Hi"), Some(Ok(Game::Stud)));
        assert_eq!(game("Limit Stud H/L"), Some(Ok(Game::StudHiLo)));
        assert_eq!(game("FL Badugi"), Some(Ok(Game::Badugi)));
        assert_eq!(game("No Limit 2-7 Single Draw"), Some(Ok(Game::SingleDraw)));
        assert_eq!(game("Limit 2-7 Triple Draw"), Some(Ok(Game::TripleDraw)));
        assert!(matches!(game("Limit 5 Card Draw"), Some(Err(_))));
        assert!(matches!(game("Limit 5 Card Stud"), Some(Err(_))));
        assert!(matches!(game("No Limit Razz"), Some(Err(_))));
        assert_eq!(game("PL Courchevel Hi"), None);
    }

    #[test]
    fn a_line_gives_its_brackets_and_counts() {
        assert_eq!(brackets("[8h 9s] [Th]"), vec![vec!["8h", "9s"], vec!["Th"]]);
        assert_eq!(count("2 cards [Ah Ts]"), Some(2));
        assert_eq!(count("1 card"), Some(1));
        assert_eq!(count("cards"), None);
    }
}
