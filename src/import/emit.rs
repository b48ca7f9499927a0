//! A PokerStars hand as the hand record ([`HandRecord`]) the replay takes and the PHH writer
//! writes (`felt convert`): the fields of [`StarsHand`] in the players' PHH order (the first
//! seat after the button first, the button last), every action built as it is read from the
//! text, and the site's own accounting ([`SiteAccounting`]) for `--check`.

use std::borrow::Cow;

use crate::phh::action::{cards_of, Action, ActionError, CardList};
use crate::phh::write::write_action;
use crate::phh::Amount;
use crate::record::table::{SittingOut, MAX_SEAT};
use crate::record::{
    Entry, HandRecord, RecordedAction, SiteAccounting, SiteText, Unreplayable, Value,
};

use super::pokerstars::{GameName, Limit, Refusal, StarsEvent, StarsHand};

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
        a.to_units(self.0).unwrap_or(MAX)
    }

    fn text(self, c: i64) -> String {
        crate::phh::amount::format_chips(crate::rules::Chips(c), self.0)
    }

    /// `c` chips as an amount.
    fn amount(self, c: i64) -> Amount {
        Amount { units: c, places: self.0 }
    }

    /// Chips as amounts.
    fn amounts(self, v: &[i64]) -> Vec<Amount> {
        v.iter().map(|&c| self.amount(c)).collect()
    }
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
        // Pot limit before the flop, no limit after: `_structure = "pot-limit-preflop"`.
        (GameName::Holdem, Limit::Mixed) => ("nlhe", None),
        (GameName::Omaha(name), limit) => omaha(hand, name, limit),
        // Short deck as its PHH code plays it: any blinds and straddles, action left of the
        // largest (GG's button blind and the straddles after it).
        (GameName::ShortDeck, Limit::NoLimit) => ("NS", None),
        (GameName::ShortDeck, _) => {
            ("?", Some("not supported: short-deck hold'em other than no limit".to_string()))
        }
        (GameName::Other(name), _) => {
            ("?", Some(format!("not supported: {name} (game not yet played by feltkit)")))
        }
    }
}

/// The betting structure and cap a game is played with, when not its preset's own:
/// `_structure` and `_cap`.
fn structure(hand: &StarsHand) -> (Option<&'static str>, Option<u32>) {
    if hand.limit == Limit::Mixed {
        return (Some("pot-limit-preflop"), None);
    }
    let GameName::Omaha(name) = &hand.game else { return (None, None) };
    match (name.contains("Hi/Lo"), hand.limit) {
        (true, Limit::PotLimit) => (Some("pot-limit"), None),
        (_, Limit::NoLimit) => (Some("no-limit"), None),
        (false, Limit::FixedLimit) => (Some("fixed-limit"), Some(4)),
        _ => (None, None),
    }
}

/// An Omaha game's preset (`plo` pot-limit Omaha, `flo8` Omaha high-low, each with its
/// betting structure in `_structure` when the site's is not the preset's own, and five or six
/// hole cards in `_hole_cards`), or why it is not played.
fn omaha(hand: &StarsHand, name: &str, limit: Limit) -> (&'static str, Option<String>) {
    let hi_lo = name.contains("Hi/Lo");
    let code = if hi_lo { "flo8" } else { "plo" };
    let why = (!(4..=6).contains(&hand.hole_cards())).then(|| {
        let limit_name = match limit {
            Limit::NoLimit => "No Limit",
            Limit::PotLimit => "Pot Limit",
            Limit::FixedLimit => "Limit",
            Limit::Mixed => "Pot Limit Pre-Flop, No Limit Post-Flop",
        };
        format!(
            "not supported: {name} {limit_name}: feltkit plays Omaha with four, five or six hole cards"
        )
    });
    (code, why)
}

/// A hand's record, and whether reading its PHH text gives that same record.
pub(super) struct Built<'h> {
    /// The record.
    pub record: HandRecord<'h>,
    /// Whether the record is the one its written text reads as: not when a card of the text
    /// is written so that PHH reads it otherwise (`A#`), or a seat or level is beyond what a
    /// PHH file may hold (then the replay reads the written text, to report it as read).
    pub exact: bool,
}

/// A string field of `other`.
fn text_value(s: &str) -> Value<'_> {
    Value::Str(Cow::Borrowed(s))
}

/// The hand's record, its `venue` the site's name (`PokerStars`, `GGPoker`).
pub(super) fn record<'h>(hand: &'h StarsHand, venue: &'static str) -> Built<'h> {
    let u = Unit::of(hand);
    let (code, unsupported) = variant(hand);
    let mut r = HandRecord { variant: code.to_string(), ..HandRecord::default() };
    r.other = Vec::with_capacity(8);
    if unsupported.is_none() {
        let (structure, cap) = structure(hand);
        r.structure = structure.map(str::to_string);
        r.cap = cap;
        if matches!(hand.game, GameName::Omaha(_)) && hand.hole_cards() != 4 {
            r.hole_cards = u32::try_from(hand.hole_cards()).ok();
        }
    }
    let refusal = match &hand.refusal {
        Some(Refusal::NotSupported(why)) => Some(Unreplayable::Unsupported(why.clone())),
        Some(Refusal::CutOff(why)) => Some(Unreplayable::CutOff(why.clone())),
        None => unsupported.map(Unreplayable::Unsupported),
    };
    r.hand = hand.number.clone();
    r.other.push((Cow::Borrowed("venue"), text_value(venue)));
    r.site_text = SiteText { converted: true, line: Some(hand.line), ..SiteText::default() };
    if let Some(room) = hand.room {
        r.other.push((Cow::Borrowed("_room"), text_value(room)));
    }
    r.table.table = Some(hand.table.clone());
    r.table.seat_count = hand.max_seats;
    if let Some(([y, mo, day, h, mi, s], zone)) = &hand.time {
        let secs = i64::from(*h) * 3600 + i64::from(*mi) * 60 + i64::from(*s);
        r.table.set_time(secs, Some([(*day).into(), (*mo).into(), (*y).into()]));
        if !zone.is_empty() {
            r.other.push((Cow::Borrowed("time_zone_abbreviation"), text_value(zone)));
            // PHH's `time_zone` is an IANA zone: the site's own abbreviations that name one.
            let iana = match zone.as_str() {
                "ET" => Some("America/New_York"),
                "PT" => Some("America/Los_Angeles"),
                _ => None,
            };
            if let Some(z) = iana {
                r.other.push((Cow::Borrowed("time_zone"), text_value(z)));
            }
        }
    }
    if let Some(c) = &hand.currency {
        r.other.push((Cow::Borrowed("currency"), text_value(c)));
    }
    if let Some(c) = hand.symbol {
        // A symbol the record cannot hold (a control character) is kept as written.
        if c.is_control() {
            r.other.push((Cow::Borrowed("currency_symbol"), Value::Str(c.to_string().into())));
        } else {
            r.site_text.currency_symbol = c.to_string();
        }
    }
    if hand.play_money {
        r.other.push((Cow::Borrowed("_play_money"), Value::Bool(true)));
    }
    if let Some(t) = &hand.tournament {
        r.tournament = Some(true);
        r.other.push((Cow::Borrowed("_tournament_id"), text_value(&t.id)));
        if let Some(b) = &t.buy_in {
            r.other.push((Cow::Borrowed("_buy_in"), text_value(b)));
        }
        r.table.level = t.level;
    }
    let seat = |s: u32| (1..=MAX_SEAT).contains(&s);
    let mut exact = hand.max_seats.is_none_or(seat)
        && hand
            .tournament
            .as_ref()
            .and_then(|t| t.level)
            .is_none_or(|l| (1..=100_000).contains(&l));
    if let Some(why) = refusal {
        r.unreplayable = Some(why);
        r.players = Some(hand.seats.iter().map(|s| Cow::Borrowed(s.name.as_str())).collect());
        r.starting_stacks =
            hand.seats.iter().map(|s| u.amount(u.chips(s.stack).min(MAX))).collect();
        return Built { record: r, exact };
    }
    exact &= body(hand, &mut r);
    Built { record: r, exact }
}

/// One action as built: the action, or (for a player no PHH text can name, or cards PHH
/// cannot read) why its text cannot be read, with that text.
fn built<'h>(action: Result<Action, (ActionError, String)>) -> RecordedAction<'h> {
    match action {
        Ok(a) if a.chooser().or(dealt_to(&a)).is_some_and(|p| p >= 1000) => {
            let text = write_action(&a);
            let word = text.split(' ').find(|w| w.starts_with('p')).unwrap_or_default();
            let message = format!("`{word}` is not a player (expected p1, p2, ...) or d");
            let action = Err(ActionError { message, bad_cards: false });
            RecordedAction::Read { text: Cow::Owned(text), action }
        }
        Ok(a) => RecordedAction::built(a),
        Err((e, text)) => RecordedAction::Read { text: Cow::Owned(text), action: Err(e) },
    }
}

/// The player of any action but the board's.
fn dealt_to(a: &Action) -> Option<usize> {
    match a {
        Action::DealHole { player, .. }
        | Action::BringIn(player)
        | Action::Discard(player, _)
        | Action::ShowOrMuck(player, _)
        | Action::OutOfTurn(player, _) => Some(*player),
        _ => None,
    }
}

/// Cards of the text as PHH reads them, when written plainly (letters, digits and `?`); the
/// text of the action otherwise, `before` and the cards, and why it cannot be read.
fn cards(c: &str, before: impl Fn() -> String) -> Result<CardList, (ActionError, String)> {
    let text = || format!("{}{c}", before());
    if c.is_empty() || !c.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'?') {
        let message = format!("`{c}` is not a list of two-character cards");
        return Err((ActionError { message, bad_cards: true }, text()));
    }
    cards_of(c).map_err(|e| (e, text()))
}

/// Whether cards are written plainly ([`cards`]): otherwise PHH reads their text its own way.
fn plain(c: &str) -> bool {
    !c.is_empty() && c.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'?')
}

/// The players, stakes, actions and results; whether the record is exact ([`Built`]).
fn body<'h>(hand: &'h StarsHand, r: &mut HandRecord<'h>) -> bool {
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
    let seat = |s: u32| (1..=MAX_SEAT).contains(&s);
    let mut exact = true;
    let names: Vec<Cow<'h, str>> =
        order.iter().map(|&i| Cow::Borrowed(hand.seats[i].name.as_str())).collect();
    let start: Vec<i64> = order.iter().map(|&i| chips(hand.seats[i].stack)).collect();
    // Why the hand is not replayed: the players and their stacks, and no more.
    let refuse = |r: &mut HandRecord<'h>, why: String| {
        r.unreplayable = Some(Unreplayable::Unsupported(why));
        r.players = Some(names.clone());
        r.starting_stacks = u.amounts(&start);
    };
    let fixed = hand.limit == Limit::FixedLimit;
    let (small, big) = (chips(hand.stakes.0), chips(hand.stakes.1));
    let nominal_bb = if fixed { small } else { big };
    let mut antes = vec![0i64; n];
    let mut blinds = vec![0i64; n];
    let mut dead = vec![0i64; n];
    let mut put = vec![0i64; n];
    let mut round = vec![0i64; n];
    let mut collected = vec![0i64; n];
    let mut folded = vec![false; n];
    let mut actions: Vec<RecordedAction<'h>> = Vec::with_capacity(32);
    let mut action_lines: Vec<Option<u64>> = Vec::with_capacity(32);
    let mut act = |line: usize, a: Result<Action, (ActionError, String)>| {
        actions.push(built(a));
        action_lines.push(Some(line as u64));
    };
    let mut small_posted = false;
    // Cards not known are written `??` each.
    let hole = hand.hole_cards();
    let unknown = "??".repeat(hole);
    let mut hole_cards: Vec<Option<&str>> =
        order.iter().map(|&i| hand.known[i].as_deref()).collect();
    for (_, e) in &hand.events {
        if let StarsEvent::Dealt(i, c) = e
            && pos[*i] != usize::MAX
            && c.len() == 2 * hole
        {
            hole_cards[pos[*i]] = Some(c);
        }
    }
    let (forfeit, showdown) = forfeits(hand, &pos, &start, chips);
    let mut site = SiteAccounting::default();
    let entry = |player: usize, amount: i64, pot: &str, line: usize| Entry {
        player,
        amount: u.amount(amount),
        pot: pot.to_string(),
        line,
        run: 0,
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
            // A straddle is what the player's blind goes to (GG's button blind, then the
            // button's own straddles on it, each an amount to).
            StarsEvent::Straddle(i, a) if p(i) < n => {
                let a = chips(*a);
                put[p(i)] = acc(put[p(i)], a - round[p(i)]);
                blinds[p(i)] = a;
                round[p(i)] = a;
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
                for (k, c) in hole_cards.iter().enumerate() {
                    let c = if forfeit[k].is_some() { &unknown } else { c.unwrap_or(&unknown) };
                    exact &= plain(c);
                    let before = || format!("d dh p{} ", k + 1);
                    act(line, cards(c, before).map(|cards| Action::DealHole { player: k, cards }));
                }
            }
            StarsEvent::Board(c) => {
                round.iter_mut().for_each(|r| *r = 0);
                exact &= plain(c);
                act(line, cards(c, || "d db ".into()).map(|cards| Action::DealBoard { cards }));
            }
            // All in on the antes and blinds: no action, the pot given up (see `forfeits`).
            StarsEvent::Fold(i) if p(i) < n && forfeit[p(i)].is_some() => {}
            StarsEvent::Fold(i) if p(i) < n => {
                if put[p(i)] >= start[p(i)] {
                    let why = format!(
                        "not supported: line {line}: {} folds while all-in on the antes or blinds, as the site lets a player who sits out do; feltkit's rules keep an all-in player in the hand",
                        hand.seats[*i].name
                    );
                    refuse(r, why);
                    return exact;
                }
                folded[p(i)] = true;
                act(line, Ok(Action::Fold(p(i))));
            }
            StarsEvent::Check(i) if p(i) < n => act(line, Ok(Action::CheckOrCall(p(i)))),
            StarsEvent::Call(i, a) if p(i) < n => {
                round[p(i)] = acc(round[p(i)], chips(*a));
                put[p(i)] = acc(put[p(i)], chips(*a));
                act(line, Ok(Action::CheckOrCall(p(i))));
            }
            StarsEvent::Bet(i, a) if p(i) < n => {
                round[p(i)] = acc(round[p(i)], chips(*a));
                put[p(i)] = acc(put[p(i)], chips(*a));
                act(line, Ok(Action::BetOrRaiseTo(p(i), u.amount(round[p(i)]))));
            }
            StarsEvent::RaiseTo(i, a, _) if p(i) < n => {
                let to = chips(*a);
                put[p(i)] = acc(put[p(i)], to - round[p(i)]);
                round[p(i)] = to;
                act(line, Ok(Action::BetOrRaiseTo(p(i), u.amount(to))));
            }
            StarsEvent::Shows(i, c) if p(i) < n => {
                let live = folded.iter().filter(|f| !**f).count();
                if live >= 2 && !folded[p(i)] && c.len() == 2 * hole {
                    exact &= plain(c);
                    let before = || format!("p{} sm ", p(i) + 1);
                    act(line, cards(c, before).map(|cards| Action::ShowOrMuck(p(i), Some(cards))));
                } else if live >= 2 && !folded[p(i)] {
                    // One card shown of two: the hand is not shown, so it is mucked.
                    folded[p(i)] = true;
                    act(line, Ok(Action::ShowOrMuck(p(i), None)));
                }
            }
            StarsEvent::Mucks(i) if p(i) < n => {
                let live = folded.iter().filter(|f| !**f).count();
                if live >= 2 && !folded[p(i)] {
                    // Mucked once: a muck repeated at the second showdown of a board run
                    // twice changes nothing.
                    folded[p(i)] = true;
                    act(line, Ok(Action::ShowOrMuck(p(i), None)));
                }
            }
            StarsEvent::Uncalled(i, a) if p(i) < n => {
                put[p(i)] = acc(put[p(i)], -chips(*a));
                site.uncalled.push(entry(p(i), chips(*a), "", line));
            }
            StarsEvent::Rebuy(i, a) if p(i) < n => {
                site.rebuys.push(entry(p(i), chips(*a), "", line));
            }
            StarsEvent::Collected(i, a, pot) if p(i) < n => {
                collected[p(i)] = acc(collected[p(i)], chips(*a));
                site.collected.push(entry(p(i), chips(*a), pot, line));
            }
            _ => {}
        }
    }
    // A pot given up by an all-in player is won at a showdown, where the player's hand loses.
    if let Some((k, line)) = forfeit.iter().enumerate().find_map(|(k, l)| l.map(|l| (k, l)))
        && !showdown
    {
        let why = format!(
            "not supported: line {line}: {} folds while all-in on the antes or blinds, and no showdown follows: feltkit's rules keep an all-in player in the hand, to a showdown the text does not have",
            hand.seats[order[k]].name
        );
        refuse(r, why);
        return exact;
    }
    // Texts that print no `Uncalled bet` line (before 2008) still return the part of the
    // largest live bet that nobody matched.
    if n >= 2 && site.uncalled.is_empty() {
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
    // Capped no limit: the replay holds each player's bets to the cap (antes and dead blinds
    // aside, as the site counts them).
    if let Some(cap) = hand.cap.map(chips) {
        r.other.push((Cow::Borrowed("_table_cap"), Value::Num(Cow::Owned(text(cap)))));
    }
    r.players = Some(names);
    r.table.seats = Some(order.iter().map(|&i| hand.seats[i].seat).collect());
    exact &= order.iter().all(|&i| seat(hand.seats[i].seat));
    if order.last().is_some_and(|&i| hand.seats[i].seat != hand.button) {
        r.table.button = Some(hand.button);
        exact &= seat(hand.button);
    }
    let out = (0..hand.seats.len()).filter(|&i| pos[i] == usize::MAX);
    r.table.sitting_out = out
        .map(|i| SittingOut { seat: hand.seats[i].seat, player: hand.seats[i].name.clone() })
        .collect();
    exact &= r.table.sitting_out.iter().all(|s| seat(s.seat) && !s.player.is_empty());
    if u.0 > 0 {
        r.chip = Some(u.amount(1));
    }
    if n == 2 {
        antes.swap(0, 1);
        blinds.swap(0, 1);
    }
    if antes.iter().any(|&a| a > 0) {
        r.antes = u.amounts(&antes);
    }
    r.blinds_or_straddles = u.amounts(&blinds);
    if fixed {
        r.small_bet = Some(u.amount(small));
        r.big_bet = Some(u.amount(big));
    } else {
        r.min_bet = Some(u.amount(big));
    }
    if dead.iter().any(|&x| x > 0) {
        r.table.dead_blinds = u.amounts(&dead);
    }
    let finishing: Vec<i64> = (0..n).map(|k| start[k] - put[k] + collected[k]).collect();
    r.starting_stacks = u.amounts(&start);
    r.actions = actions;
    r.site_text.action_lines = action_lines;
    r.finishing_stacks = Some(u.amounts(&finishing));
    r.winnings = Some(u.amounts(&collected));
    site.seat_lines = order.iter().map(|&i| hand.seats[i].line).collect();
    if let Some(s) = &hand.summary {
        site.total_pot = Some(u.amount(chips(s.total)));
        site.rake = Some(u.amount(chips(s.rake)));
        site.pots = s.pots.iter().map(|&a| u.amount(chips(a))).collect();
        site.summary_line = i64::try_from(s.line).ok();
    }
    r.accounting = Some(site);
    exact
}

/// The players (by PHH position) who "fold" while all in on their antes and blinds, with the
/// line: the site lets a player who sits out do so, and means by it that the player gives up
/// the pot, the chips posted staying in it. It is read so: the fold is no action (an all-in
/// player has none left), the player's cards are not known, and at the showdown that follows
/// the player's hand loses (the site paid the player nothing: docs/replay.md, unknown hands).
/// And whether such a showdown follows: two other players at least never fold.
fn forfeits(
    hand: &StarsHand,
    pos: &[usize],
    start: &[i64],
    chips: impl Fn(Amount) -> i64,
) -> (Vec<Option<usize>>, bool) {
    let n = start.len();
    let mut posted = vec![0i64; n];
    let mut out = vec![None; n];
    let mut folds = vec![false; n];
    for (line, e) in &hand.events {
        let (i, a) = match e {
            StarsEvent::Ante(i, a)
            | StarsEvent::SmallBlind(i, a, _)
            | StarsEvent::BigBlind(i, a, _)
            | StarsEvent::SmallAndBig(i, a) => (*i, Some(*a)),
            StarsEvent::Fold(i) => (*i, None),
            _ => continue,
        };
        let Some(&p) = pos.get(i).filter(|&&p| p < n) else { continue };
        match a {
            Some(a) => posted[p] = acc(posted[p], chips(a)),
            None if posted[p] >= start[p] => out[p] = Some(*line),
            None => folds[p] = true,
        }
    }
    let showdown = (0..n).filter(|&p| !folds[p] && out[p].is_none()).count() >= 2;
    (out, showdown)
}

#[cfg(test)]
mod tests {
    use crate::import::pokerstars;
    use crate::phh::read::hands_at;
    use crate::phh::write::write_record;
    use crate::record::RecordedAction::{self, Built};

    /// Every hand of the texts in `dir` that reads well: its record as built is the record
    /// read from the PHH text the writer writes of it (each action read from its text is the
    /// action built, written). Says how many hands were compared.
    fn same_records(dir: &std::path::Path) -> usize {
        let mut count = 0;
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).unwrap_or_default();
            let (text, _) = crate::import::decode::decode_borrowed(&bytes);
            for (k, h) in pokerstars::split_hands(&text).iter().enumerate() {
                let Ok(hand) = pokerstars::parse_hand(h) else { continue };
                let built = super::record(&hand, "PokerStars");
                let at = format!("{} hand {}", path.display(), k + 1);
                assert!(built.exact, "{at}");
                let phh = format!("[{}]\n{}", k + 1, write_record(&built.record));
                let mut read = hands_at(&phh, h.line).nth(1).unwrap().unwrap().record.unwrap();
                for (a, b) in read.actions.iter_mut().zip(&built.record.actions) {
                    if let (RecordedAction::Read { text, action: Ok(action) }, Built(_)) = (&*a, b)
                    {
                        assert_eq!(text.as_ref(), action.to_string(), "{at}");
                        *a = Built(action.clone());
                    }
                }
                assert_eq!(read, built.record, "{at}");
                count += 1;
            }
        }
        count
    }

    #[test]
    fn a_hand_built_into_its_record_gives_the_record_read_from_its_text() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pokerstars");
        assert!(same_records(&dir) >= 25);
        // More texts to compare on, outside the repository: `FELT_STARS_TEXTS=DIR`.
        if let Some(more) = std::env::var_os("FELT_STARS_TEXTS") {
            assert!(same_records(std::path::Path::new(&more)) > 0);
        }
    }
}
