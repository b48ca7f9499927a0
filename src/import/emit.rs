//! A PokerStars hand as a PHH hand: the fields of [`StarsHand`] written as TOML, in the
//! players' PHH order (the first seat after the button first, the button last), with the
//! site's own accounting in `_`-prefixed fields for `--check`.

use std::borrow::Cow;

use crate::phh::action::{cards_of, parse_action, Action, ActionError, CardList};
use crate::phh::Amount;

use super::doc::{Doc, Entry, V};
use super::pokerstars::{GameName, Limit, Refusal, StarsEvent, StarsHand};

/// A TOML basic string.
pub(super) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_quoted(&mut out, s);
    out
}

/// Writes `s` as a TOML basic string, every control character as `\uXXXX`.
pub(super) fn push_quoted(out: &mut String, s: &str) {
    crate::phh::write::push_basic_string(out, s, false);
}

/// Writes `s` as a TOML string as the replay's direct reader takes it: a literal string
/// (`'p1 cbr 3'`) when `s` is one line without `'` or control characters, else a basic string
/// ([`quote`]).
pub(super) fn push_literal(out: &mut String, s: &str) {
    if s.is_empty() || s.contains('\'') || s.chars().any(|c| c.is_control()) {
        return push_quoted(out, s);
    }
    out.push('\'');
    out.push_str(s);
    out.push('\'');
}

/// Writes a whole number in decimal.
pub(super) fn push_int(out: &mut String, n: impl Into<u64>) {
    push_digits(out, n.into(), 1);
}

/// Writes `n` in decimal with at least `width` digits (zeros before; at most 20).
pub(super) fn push_digits(out: &mut String, mut n: u64, width: usize) {
    if n < 10 && width <= 1 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    // Two digits at a time, from the table of `00` to `99`.
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";
    let mut buf = [b'0'; 20];
    let mut k = buf.len();
    while n >= 10 {
        let d = (n % 100) as usize * 2;
        n /= 100;
        k -= 2;
        buf[k] = PAIRS[d];
        buf[k + 1] = PAIRS[d + 1];
    }
    if n > 0 || k == buf.len() {
        k -= 1;
        buf[k] = b'0' + n as u8;
    }
    let k = k.min(buf.len().saturating_sub(width));
    // ASCII digits, pushed one by one (checking them as UTF-8 to push them as one string costs
    // more than these few pushes).
    out.extend(buf[k..].iter().map(|&b| char::from(b)));
}

/// The hand's unit: the most decimal places any of its amounts is written with (at most 9). All
/// arithmetic is in whole chips of that size.
#[derive(Clone, Copy)]
struct Unit(u8);

/// The decimal places of a hand's unit: the most any of its amounts is written with (at most
/// 9).
pub(super) fn places(hand: &StarsHand) -> u8 {
    Unit::of(hand).0
}

impl Unit {
    fn of(hand: &StarsHand) -> Unit {
        let mut places = hand.stakes.0.places.max(hand.stakes.1.places);
        for s in &hand.seats {
            places = places.max(s.stack.places);
        }
        for a in hand.events.iter().filter_map(|(_, e)| e.amount()) {
            places = places.max(a.places);
        }
        if let Some(s) = &hand.summary {
            for a in s.pots.iter().chain([&s.total, &s.rake]) {
                places = places.max(a.places);
            }
        }
        Unit(places.min(9))
    }

    /// The amount in chips; amounts are at most 18 digits, so this fits unless a text holds
    /// an absurd number, which is then capped far above any stake (and the hand refused by the
    /// replay as too large).
    fn chips(self, a: Amount) -> i64 {
        a.to_chips(self.0).unwrap_or(MAX)
    }

    fn text(self, c: i64) -> String {
        crate::phh::amount::format_chips(c, self.0)
    }

    /// Writes `c` chips as an amount.
    fn push(self, out: &mut String, c: i64) {
        push_amount(out, c, self.0);
    }

    /// `p{p+1} cbr C` as the action reader takes its text: the amount's digits are `c`'s and
    /// its decimal places the unit's (what [`push_amount`] writes, read back).
    fn raise(self, p: usize, c: i64) -> Option<Action> {
        quick_player(p).map(|p| Action::BetOrRaiseTo(p, Amount { units: c, places: self.0 }))
    }
}

/// Player `p` (from 0) as the action reader takes `p{p+1}`: p1 to p1000.
fn quick_player(p: usize) -> Option<usize> {
    (p < 1000).then_some(p)
}

/// Cards as the action reader takes them, when written plainly (letters, digits and `?`, as
/// many as it reads in one action); `None` for anything else, which is read from the text.
fn quick_cards(c: &str) -> Option<CardList> {
    if c.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'?') {
        cards_of(c).ok()
    } else {
        None
    }
}

/// Writes `c` chips of `places` decimals as an amount, as
/// [`crate::phh::amount::format_chips`] does.
pub(super) fn push_amount(out: &mut String, c: i64, places: u8) {
    if c < 0 {
        out.push('-');
    }
    let digits = c.unsigned_abs();
    if places == 0 {
        return push_digits(out, digits, 1);
    }
    let scale = 10u64.pow(u32::from(places));
    push_digits(out, digits / scale, 1);
    out.push('.');
    push_digits(out, digits % scale, usize::from(places));
}

/// A sum of amounts, kept within ±10^17 whatever a text holds (a real hand's sums are far
/// smaller), so that no sum or difference of a hand's sums can overflow.
fn acc(x: i64, y: i64) -> i64 {
    const BOUND: i128 = 100_000_000_000_000_000;
    (i128::from(x) + i128::from(y)).clamp(-BOUND, BOUND) as i64
}

/// A bound on any one amount: 10^16 chips, so that sums of a table's amounts cannot overflow.
const MAX: i64 = 10_000_000_000_000_000;

/// The PHH variant of a hand's game, or why it is not played.
fn variant(hand: &StarsHand) -> (&'static str, Option<String>) {
    match (&hand.game, hand.limit) {
        (GameName::Holdem, Limit::NoLimit) => ("nlhe", None),
        (GameName::Holdem, Limit::PotLimit) => ("plhe", None),
        (GameName::Holdem, Limit::FixedLimit) => ("flhe", None),
        (GameName::Holdem, Limit::Mixed) => {
            // Pot limit before the flop, no limit after: played as pot limit, which is exact
            // while nobody bets after the flop.
            let mut flop = false;
            let late = hand.events.iter().find_map(|(line, e)| match e {
                StarsEvent::Board(_) => {
                    flop = true;
                    None
                }
                StarsEvent::Bet(..) | StarsEvent::RaiseTo(..) if flop => Some(*line),
                _ => None,
            });
            let why = late.map(|line| format!(
                "not supported: pot limit before the flop and no limit after, with a bet after the flop (line {line})"
            ));
            ("plhe", why)
        }
        (GameName::Omaha(name), limit) => omaha(hand, name, limit),
        (GameName::Other(name), _) => {
            ("?", Some(format!("not supported: {name} (game not yet played by feltkit)")))
        }
    }
}

/// The betting structure and cap an Omaha game is played with, when not its PHH code's own:
/// `_structure` and `_cap`.
fn omaha_structure(hand: &StarsHand) -> (Option<&'static str>, Option<u64>) {
    let GameName::Omaha(name) = &hand.game else { return (None, None) };
    match (name.contains("Hi/Lo"), hand.limit) {
        (true, Limit::PotLimit) => (Some("pot-limit"), None),
        (_, Limit::NoLimit) => (Some("no-limit"), None),
        (false, Limit::FixedLimit) => (Some("fixed-limit"), Some(4)),
        _ => (None, None),
    }
}

/// An Omaha game's PHH code (`PO` pot-limit Omaha, `FO/8` Omaha high-low, each with its
/// betting structure in `_structure` when the site's is not the code's own, and five or six
/// hole cards in `_hole_cards`), or why it is not played.
fn omaha(hand: &StarsHand, name: &str, limit: Limit) -> (&'static str, Option<String>) {
    let hi_lo = name.contains("Hi/Lo");
    let code = if hi_lo { "FO/8" } else { "PO" };
    let limit_name = match limit {
        Limit::NoLimit => "No Limit",
        Limit::PotLimit => "Pot Limit",
        Limit::FixedLimit => "Limit",
        Limit::Mixed => "Pot Limit Pre-Flop, No Limit Post-Flop",
    };
    let why = if !(4..=6).contains(&hand.hole_cards()) {
        Some(format!(
            "not supported: {name} {limit_name}: feltkit plays Omaha with four, five or six hole cards"
        ))
    } else if limit == Limit::Mixed {
        Some(format!(
            "not supported: {name} {limit_name}: feltkit plays Omaha with one betting structure for the whole hand"
        ))
    } else {
        None
    };
    (code, why)
}

/// The hand as the body of a PHH section (no header line).
pub fn to_phh(hand: &StarsHand) -> String {
    doc(hand).text()
}

/// The hand's PHH fields.
pub(super) fn doc(hand: &StarsHand) -> Doc<'_> {
    let u = Unit::of(hand);
    let mut d = Doc::new(u.0);
    let (code, unsupported) = variant(hand);
    d.add("variant", V::Lit(code));
    if unsupported.is_none() {
        let (structure, cap) = omaha_structure(hand);
        if let Some(s) = structure {
            d.add("_structure", V::Str(Cow::Borrowed(s)));
        }
        if let Some(c) = cap {
            d.add("_cap", V::Int(c));
        }
        if matches!(hand.game, GameName::Omaha(_)) && hand.hole_cards() != 4 {
            d.add("_hole_cards", V::Int(hand.hole_cards() as u64));
        }
    }
    let refusal = match &hand.refusal {
        Some(Refusal::NotSupported(why)) => Some(("_not_replayable", why.clone())),
        Some(Refusal::CutOff(why)) => Some(("_cut_off", why.clone())),
        None => unsupported.map(|why| ("_not_replayable", why)),
    };
    if let Some(n) = &hand.number {
        if !n.is_empty() && n.len() <= 18 && n.bytes().all(|b| b.is_ascii_digit()) {
            d.add("hand", V::Num(n));
        } else {
            d.add("hand", V::Str(Cow::Borrowed(n)));
        }
    }
    d.add("venue", V::Str(Cow::Borrowed("PokerStars")));
    d.add("_text_line", V::Int(hand.line as u64));
    if let Some(room) = hand.room {
        d.add("_room", V::Str(Cow::Borrowed(room)));
    }
    d.add("table", V::Str(Cow::Borrowed(&hand.table)));
    if let Some(m) = hand.max_seats {
        d.add("seat_count", V::Int(m.into()));
    }
    if let Some(([y, mo, day, h, mi, s], zone)) = &hand.time {
        d.add("time", V::Time([*h, *mi, *s]));
        d.add("day", V::Int((*day).into()));
        d.add("month", V::Int((*mo).into()));
        d.add("year", V::Int((*y).into()));
        if !zone.is_empty() {
            d.add("time_zone_abbreviation", V::Str(Cow::Borrowed(zone)));
            // PHH's `time_zone` is an IANA zone: the site's own abbreviations that name one.
            let iana = match zone.as_str() {
                "ET" => Some("America/New_York"),
                "PT" => Some("America/Los_Angeles"),
                _ => None,
            };
            if let Some(z) = iana {
                d.add("time_zone", V::Str(Cow::Borrowed(z)));
            }
        }
    }
    if let Some(c) = &hand.currency {
        d.add("currency", V::Str(Cow::Borrowed(c)));
    }
    if let Some(c) = hand.symbol {
        d.add("currency_symbol", V::Str(Cow::Owned(c.to_string())));
    }
    if hand.play_money {
        d.add("_play_money", V::True);
    }
    if let Some(t) = &hand.tournament {
        d.add("_tournament", V::True);
        d.add("_tournament_id", V::Str(Cow::Borrowed(&t.id)));
        if let Some(b) = &t.buy_in {
            d.add("_buy_in", V::Str(Cow::Borrowed(b)));
        }
        if let Some(l) = t.level {
            d.add("level", V::Int(l.into()));
        }
    }
    if let Some((field, why)) = refusal {
        d.add(field, V::Str(Cow::Owned(why)));
        let stacks: Vec<i64> = hand.seats.iter().map(|s| u.chips(s.stack).min(MAX)).collect();
        d.add("players", V::Names(hand.seats.iter().map(|s| s.name.as_str()).collect(), false));
        d.add("starting_stacks", V::Amounts(stacks));
        d.add("actions", V::Actions(String::new(), Vec::new()));
        return d;
    }
    body(hand, &mut d);
    d
}

/// The players, stakes, actions and results.
fn body<'h>(hand: &'h StarsHand, d: &mut Doc<'h>) {
    let mark = d.fields.len();
    let u = Unit::of(hand);
    let chips = |a: Amount| u.chips(a).min(MAX);
    let text = |c: i64| u.text(c);
    // PHH order: seats after the button first, clockwise; the button (or the seat before it)
    // last.
    let mut order = hand.dealt.clone();
    order.sort_by_key(|&i| {
        let s = hand.seats[i].seat;
        if s > hand.button {
            (0, s)
        } else {
            (1, s)
        }
    });
    let n = order.len();
    let mut pos = vec![usize::MAX; hand.seats.len()];
    for (p, &i) in order.iter().enumerate() {
        pos[i] = p;
    }
    let names = || V::Names(order.iter().map(|&i| hand.seats[i].name.as_str()).collect(), true);
    d.add("players", names());
    d.add("seats", V::Ints(order.iter().map(|&i| u64::from(hand.seats[i].seat)).collect()));
    if order.last().is_some_and(|&i| hand.seats[i].seat != hand.button) {
        d.add("_button", V::Int(hand.button.into()));
    }
    if pos.contains(&usize::MAX) {
        let out = (0..hand.seats.len()).filter(|&i| pos[i] == usize::MAX);
        d.add(
            "_sitting_out",
            V::SittingOut(out.map(|i| (hand.seats[i].seat, hand.seats[i].name.as_str())).collect()),
        );
    }
    if u.0 > 0 {
        d.add("_chip", V::Amount(1));
    }
    let (small, big) = (chips(hand.stakes.0), chips(hand.stakes.1));
    let fixed = hand.limit == Limit::FixedLimit;
    let nominal_bb = if fixed { small } else { big };
    let start: Vec<i64> = order.iter().map(|&i| chips(hand.seats[i].stack)).collect();
    let mut antes = vec![0i64; n];
    let mut blinds = vec![0i64; n];
    let mut dead = vec![0i64; n];
    let mut put = vec![0i64; n];
    let mut round = vec![0i64; n];
    let mut collected = vec![0i64; n];
    let mut folded = vec![false; n];
    // The actions' texts one after another, where each ends, and the line of the text each
    // comes from.
    let mut actions = String::with_capacity(512);
    let mut ends: Vec<usize> = Vec::with_capacity(32);
    let mut action_lines: Vec<u64> = Vec::with_capacity(32);
    let mut action = String::with_capacity(32);
    // Each action as the replay reads its text: built here when it is plain (`quick`), read
    // from the text otherwise.
    let mut parsed: Vec<Result<Action, ActionError>> = Vec::with_capacity(32);
    let mut act = |line: usize, a: &str, quick: Option<Action>| {
        actions.push_str(a);
        ends.push(actions.len());
        action_lines.push(line as u64);
        parsed.push(quick.map_or_else(|| parse_action(a), Ok));
    };
    let mut small_posted = false;
    // Cards not known are written `??` each.
    let hole = hand.hole_cards();
    let unknown = "??".repeat(hole);
    let mut cards: Vec<Option<&str>> = order.iter().map(|&i| hand.known[i].as_deref()).collect();
    for (_, e) in &hand.events {
        if let StarsEvent::Dealt(i, c) = e
            && pos[*i] != usize::MAX
            && c.len() == 2 * hole
        {
            cards[pos[*i]] = Some(c);
        }
    }
    let refuse = |d: &mut Doc<'h>, why: String| {
        d.fields.truncate(mark);
        d.add("_not_replayable", V::Str(Cow::Owned(why)));
        d.add("players", names());
        d.add("starting_stacks", V::Amounts(start.clone()));
        d.add("actions", V::Actions(String::new(), Vec::new()));
    };
    // Omaha is played under its PHH code, whose blinds are positional, as PokerKit reads them:
    // a big blind posted to come in would be a straddle, acting last before the flop.
    if matches!(hand.game, GameName::Omaha(_)) {
        let mut big = hand.events.iter().filter(|(_, e)| matches!(e, StarsEvent::BigBlind(..)));
        if let Some((line, StarsEvent::BigBlind(i, ..))) = big.nth(1) {
            let why = format!(
                "not supported: line {line}: {} posts a big blind to come in; feltkit plays Omaha under its PHH code, whose blinds are positional (a second big blind is read as a straddle, acting last before the flop)",
                hand.seats[*i].name
            );
            refuse(d, why);
            return;
        }
    }
    let mut site_collected: Vec<Entry> = Vec::new();
    let mut site_uncalled: Vec<Entry> = Vec::new();
    let mut rebuys: Vec<Entry> = Vec::new();
    let entry = |player: usize, amount: i64, pot: Option<&'h str>, line: usize| Entry {
        player,
        amount,
        pot,
        line,
    };
    // `p{player} {what}` as an action.
    let player_action = |action: &mut String, p: usize, what: &str| {
        action.clear();
        action.push('p');
        push_int(action, p as u64 + 1);
        action.push(' ');
        action.push_str(what);
    };
    for (line, e) in &hand.events {
        let line = *line;
        let p = |i: &usize| pos[*i];
        match e {
            StarsEvent::Ante(i, a) if p(i) < n => {
                antes[p(i)] = acc(antes[p(i)], chips(*a));
                put[p(i)] = acc(put[p(i)], chips(*a));
            }
            StarsEvent::SmallBlind(i, a, _) if p(i) < n => {
                let a = chips(*a);
                if small_posted {
                    dead[p(i)] = acc(dead[p(i)], a);
                } else {
                    blinds[p(i)] = a;
                    round[p(i)] = a;
                    small_posted = true;
                }
                put[p(i)] = acc(put[p(i)], a);
            }
            StarsEvent::BigBlind(i, a, all_in) if p(i) < n => {
                let a = chips(*a);
                blinds[p(i)] = if *all_in { a.max(nominal_bb) } else { a };
                round[p(i)] = a;
                put[p(i)] = acc(put[p(i)], a);
            }
            StarsEvent::Straddle(i, a) if p(i) < n => {
                blinds[p(i)] = chips(*a);
                round[p(i)] = chips(*a);
                put[p(i)] = acc(put[p(i)], chips(*a));
            }
            StarsEvent::SmallAndBig(i, a) if p(i) < n => {
                let a = chips(*a);
                let live = nominal_bb.min(a);
                blinds[p(i)] = live;
                dead[p(i)] = acc(dead[p(i)], a - live);
                round[p(i)] = live;
                put[p(i)] = acc(put[p(i)], a);
            }
            StarsEvent::HoleCards => {
                for (k, c) in cards.iter().enumerate() {
                    action.clear();
                    action.push_str("d dh p");
                    push_int(&mut action, k as u64 + 1);
                    action.push(' ');
                    let c = c.unwrap_or(&unknown);
                    action.push_str(c);
                    let quick = quick_player(k)
                        .zip(quick_cards(c))
                        .map(|(player, cards)| Action::DealHole { player, cards });
                    act(line, &action, quick);
                }
            }
            StarsEvent::Board(c) => {
                round.iter_mut().for_each(|r| *r = 0);
                action.clear();
                action.push_str("d db ");
                action.push_str(c);
                act(line, &action, quick_cards(c).map(|cards| Action::DealBoard { cards }));
            }
            StarsEvent::Fold(i) if p(i) < n => {
                if put[p(i)] >= start[p(i)] {
                    let why = format!(
                        "not supported: line {line}: {} folds while all-in on the antes or blinds, as the site lets a player who sits out do; feltkit's rules keep an all-in player in the hand",
                        hand.seats[*i].name
                    );
                    return refuse(d, why);
                }
                folded[p(i)] = true;
                player_action(&mut action, p(i), "f");
                act(line, &action, quick_player(p(i)).map(Action::Fold));
            }
            StarsEvent::Check(i) if p(i) < n => {
                player_action(&mut action, p(i), "cc");
                act(line, &action, quick_player(p(i)).map(Action::CheckOrCall));
            }
            StarsEvent::Call(i, a) if p(i) < n => {
                round[p(i)] = acc(round[p(i)], chips(*a));
                put[p(i)] = acc(put[p(i)], chips(*a));
                player_action(&mut action, p(i), "cc");
                act(line, &action, quick_player(p(i)).map(Action::CheckOrCall));
            }
            StarsEvent::Bet(i, a) if p(i) < n => {
                round[p(i)] = acc(round[p(i)], chips(*a));
                put[p(i)] = acc(put[p(i)], chips(*a));
                player_action(&mut action, p(i), "cbr ");
                u.push(&mut action, round[p(i)]);
                act(line, &action, u.raise(p(i), round[p(i)]));
            }
            StarsEvent::RaiseTo(i, a, _) if p(i) < n => {
                let to = chips(*a);
                put[p(i)] = acc(put[p(i)], to - round[p(i)]);
                round[p(i)] = to;
                player_action(&mut action, p(i), "cbr ");
                u.push(&mut action, to);
                act(line, &action, u.raise(p(i), to));
            }
            StarsEvent::Shows(i, c) if p(i) < n => {
                let live = folded.iter().filter(|f| !**f).count();
                if live >= 2 && !folded[p(i)] && c.len() == 2 * hole {
                    player_action(&mut action, p(i), "sm ");
                    action.push_str(c);
                    let quick = quick_player(p(i))
                        .zip(quick_cards(c))
                        .map(|(p, cards)| Action::ShowOrMuck(p, Some(cards)));
                    act(line, &action, quick);
                } else if live >= 2 && !folded[p(i)] {
                    // One card shown of two: the hand is not shown, so it is mucked.
                    folded[p(i)] = true;
                    player_action(&mut action, p(i), "sm");
                    act(line, &action, quick_player(p(i)).map(|p| Action::ShowOrMuck(p, None)));
                }
            }
            StarsEvent::Mucks(i) if p(i) < n => {
                let live = folded.iter().filter(|f| !**f).count();
                if live >= 2 && !folded[p(i)] {
                    player_action(&mut action, p(i), "sm");
                    act(line, &action, quick_player(p(i)).map(|p| Action::ShowOrMuck(p, None)));
                }
            }
            StarsEvent::Uncalled(i, a) if p(i) < n => {
                put[p(i)] = acc(put[p(i)], -chips(*a));
                site_uncalled.push(entry(p(i) + 1, chips(*a), None, line));
            }
            StarsEvent::Rebuy(i, a) if p(i) < n => {
                rebuys.push(entry(p(i) + 1, chips(*a), None, line));
            }
            StarsEvent::Collected(i, a, pot) if p(i) < n => {
                collected[p(i)] = acc(collected[p(i)], chips(*a));
                site_collected.push(entry(p(i) + 1, chips(*a), Some(pot), line));
            }
            _ => {}
        }
    }
    // Texts that print no `Uncalled bet` line (before 2008) still return the part of the
    // largest live bet that nobody matched.
    if n >= 2 && site_uncalled.is_empty() {
        let live: Vec<i64> = (0..n).map(|k| put[k] - dead[k]).collect();
        let mut sorted = live.clone();
        sorted.sort_unstable();
        let (top, second) = (sorted[n - 1], sorted[n - 2]);
        if top > second
            && let Some(k) = live.iter().position(|&x| x == top)
        {
            put[k] = acc(put[k], second - top);
        }
    }
    // A big blind all-in on the ante posts nothing, but the blind still sets the price.
    let big_posted = hand.events.iter().any(|(_, e)| matches!(e, StarsEvent::BigBlind(..)));
    if !big_posted
        && small_posted
        && n >= 2
        && let Some(s) = blinds.iter().position(|&b| b > 0)
    {
        let b = (s + 1) % n;
        if antes[b] >= start[b] {
            blinds[b] = nominal_bb;
        }
    }
    // Capped no limit plays as no limit until someone's chips in the pot reach the cap.
    if let Some(cap) = hand.cap.map(chips) {
        if let Some(k) = (0..n).find(|&k| put[k] - dead[k] - antes[k] >= cap) {
            let why = format!(
                "not supported: capped no limit, and {} reached the cap of {}: feltkit plays no cap on a player's bets",
                hand.seats[order[k]].name,
                text(cap)
            );
            return refuse(d, why);
        }
        d.add("_table_cap", V::Amount(cap));
    }
    if n == 2 {
        antes.swap(0, 1);
        blinds.swap(0, 1);
    }
    if antes.iter().any(|&a| a > 0) {
        d.add("antes", V::Amounts(antes));
    }
    d.add("blinds_or_straddles", V::Amounts(blinds));
    if fixed {
        d.add("small_bet", V::Amount(small));
        d.add("big_bet", V::Amount(big));
    } else {
        d.add("min_bet", V::Amount(big));
    }
    if dead.iter().any(|&x| x > 0) {
        d.add("_dead_blinds", V::Amounts(dead));
    }
    let finishing: Vec<i64> = (0..n).map(|k| start[k] - put[k] + collected[k]).collect();
    d.add("starting_stacks", V::Amounts(start));
    d.add("actions", V::Actions(actions, ends));
    d.actions = parsed;
    d.add("_action_lines", V::Ints(action_lines));
    d.add("finishing_stacks", V::Amounts(finishing));
    d.add("winnings", V::Amounts(collected));
    d.add("_seat_lines", V::Ints(order.iter().map(|&i| hand.seats[i].line as u64).collect()));
    if let Some(s) = &hand.summary {
        d.add("_total_pot", V::Amount(chips(s.total)));
        d.add("_rake", V::Amount(chips(s.rake)));
        d.add("_site_pots", V::Amounts(s.pots.iter().map(|&a| chips(a)).collect()));
        d.add("_summary_line", V::Int(s.line as u64));
    }
    d.add("_collected", V::Entries(site_collected));
    if !site_uncalled.is_empty() {
        d.add("_uncalled", V::Entries(site_uncalled));
    }
    if !rebuys.is_empty() {
        d.add("_rebuys", V::Entries(rebuys));
    }
}

#[cfg(test)]
mod tests {
    use super::push_digits;

    #[test]
    fn digits_are_written_as_the_standard_formatting_writes_them() {
        let mut values: Vec<u64> = (0..1200).collect();
        values.extend([9_999, 10_000, 100_005, 1_234_567, u64::MAX, u64::MAX / 10, 10u64.pow(19)]);
        for n in values {
            for width in [1, 2, 3, 5, 20, 25] {
                let mut out = String::new();
                push_digits(&mut out, n, width);
                assert_eq!(out, format!("{n:0width$}", width = width.min(20)), "{n} {width}");
            }
        }
    }
}
