//! A PokerStars hand as a PHH hand: the fields of [`StarsHand`] written as TOML, in the
//! players' PHH order (the first seat after the button first, the button last), with the
//! site's own accounting in `_`-prefixed fields for `--check`.

use std::fmt::Write as _;

use crate::phh::Amount;

use super::pokerstars::{Event, GameName, Limit, Refusal, StarsHand};

/// A TOML basic string.
pub(super) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A TOML string as the replay's direct reader takes it: a literal string (`'p1 cbr 3'`) when
/// `s` is one line without `'` or control characters, else a basic string ([`quote`]).
pub(super) fn literal(s: &str) -> String {
    if s.is_empty() || s.contains('\'') || s.chars().any(|c| c.is_control()) {
        return quote(s);
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    out.push_str(s);
    out.push('\'');
    out
}

/// The hand's unit: the most decimal places any of its amounts is written with (at most 9). All
/// arithmetic is in whole chips of that size.
#[derive(Clone, Copy)]
struct Unit(u8);

impl Unit {
    fn of(hand: &StarsHand) -> Unit {
        let mut places = hand.stakes.0.places.max(hand.stakes.1.places);
        for s in &hand.seats {
            places = places.max(s.stack.places);
        }
        for (_, e) in &hand.events {
            let a = match e {
                Event::Ante(_, a)
                | Event::SmallBlind(_, a, _)
                | Event::BigBlind(_, a, _)
                | Event::SmallAndBig(_, a)
                | Event::Straddle(_, a)
                | Event::Call(_, a)
                | Event::Bet(_, a)
                | Event::RaiseTo(_, a)
                | Event::Uncalled(_, a)
                | Event::Rebuy(_, a)
                | Event::Collected(_, a, _) => a,
                _ => continue,
            };
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

    fn list(self, v: &[i64]) -> String {
        let items: Vec<String> = v.iter().map(|&c| self.text(c)).collect();
        format!("[{}]", items.join(", "))
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
        (GameName::Holdem, Limit::Mixed) => {
            // Pot limit before the flop, no limit after: played as pot limit, which is exact
            // while nobody bets after the flop.
            let mut flop = false;
            let late = hand.events.iter().find_map(|(line, e)| match e {
                Event::Board(_) => {
                    flop = true;
                    None
                }
                Event::Bet(..) | Event::RaiseTo(..) if flop => Some(*line),
                _ => None,
            });
            let why = late.map(|line| format!(
                "not supported: pot limit before the flop and no limit after, with a bet after the flop (line {line})"
            ));
            ("plhe", why)
        }
        (GameName::Omaha(name), limit) => {
            let code = match (name.contains("Hi/Lo"), limit) {
                (true, Limit::FixedLimit) => "FO/8",
                (true, _) => "PO/8",
                (false, Limit::FixedLimit) => "FO",
                (false, Limit::NoLimit) => "NO",
                _ => "PO",
            };
            (code, Some("not supported: Omaha (game not yet played by feltkit)".into()))
        }
        (GameName::Other(name), _) => {
            ("?", Some(format!("not supported: {name} (game not yet played by feltkit)")))
        }
    }
}

/// The hand as the body of a PHH section (no header line).
pub fn to_phh(hand: &StarsHand) -> String {
    let mut out = String::with_capacity(4096);
    let o = &mut out;
    let (code, unsupported) = variant(hand);
    let _ = writeln!(o, "variant = {}", literal(code));
    let refusal = match &hand.refusal {
        Some(Refusal::NotSupported(why)) => Some(("_not_replayable", why.clone())),
        Some(Refusal::CutOff(why)) => Some(("_cut_off", why.clone())),
        None => unsupported.map(|why| ("_not_replayable", why)),
    };
    if let Some(n) = &hand.number {
        if !n.is_empty() && n.len() <= 18 && n.bytes().all(|b| b.is_ascii_digit()) {
            let _ = writeln!(o, "hand = {n}");
        } else {
            let _ = writeln!(o, "hand = {}", quote(n));
        }
    }
    let _ = writeln!(o, "venue = \"PokerStars\"");
    let _ = writeln!(o, "_text_line = {}", hand.line);
    if let Some(room) = hand.room {
        let _ = writeln!(o, "_room = {}", quote(room));
    }
    let _ = writeln!(o, "table = {}", quote(&hand.table));
    if let Some(m) = hand.max_seats {
        let _ = writeln!(o, "seat_count = {m}");
    }
    if let Some(([y, mo, d, h, mi, s], zone)) = &hand.time {
        let _ = writeln!(o, "time = {h:02}:{mi:02}:{s:02}\nday = {d}\nmonth = {mo}\nyear = {y}");
        if !zone.is_empty() {
            let _ = writeln!(o, "time_zone_abbreviation = {}", quote(zone));
            // PHH's `time_zone` is an IANA zone: the site's own abbreviations that name one.
            let iana = match zone.as_str() {
                "ET" => Some("America/New_York"),
                "PT" => Some("America/Los_Angeles"),
                _ => None,
            };
            if let Some(z) = iana {
                let _ = writeln!(o, "time_zone = {}", quote(z));
            }
        }
    }
    if let Some(c) = &hand.currency {
        let _ = writeln!(o, "currency = {}", quote(c));
    }
    if let Some(c) = hand.symbol {
        let _ = writeln!(o, "currency_symbol = {}", quote(&c.to_string()));
    }
    if hand.play_money {
        let _ = writeln!(o, "_play_money = true");
    }
    if let Some(t) = &hand.tournament {
        let _ = writeln!(o, "_tournament = true\n_tournament_id = {}", quote(&t.id));
        if let Some(b) = &t.buy_in {
            let _ = writeln!(o, "_buy_in = {}", quote(b));
        }
        if let Some(l) = t.level {
            let _ = writeln!(o, "level = {l}");
        }
    }
    if let Some((field, why)) = refusal {
        let _ = writeln!(o, "{field} = {}", quote(&why));
        let u = Unit::of(hand);
        let stacks: Vec<i64> = hand.seats.iter().map(|s| u.chips(s.stack).min(MAX)).collect();
        let names: Vec<String> = hand.seats.iter().map(|s| quote(&s.name)).collect();
        let _ = writeln!(o, "players = [{}]", names.join(", "));
        let _ = writeln!(o, "starting_stacks = {}\nactions = []", u.list(&stacks));
        return out;
    }
    body(hand, o);
    out
}

/// The players, stakes, actions and results.
fn body(hand: &StarsHand, o: &mut String) {
    let mark = o.len();
    let u = Unit::of(hand);
    let chips = |a: Amount| u.chips(a).min(MAX);
    let text = |c: i64| u.text(c);
    let list = |v: &[i64]| u.list(v);
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
    let seats: Vec<String> = order.iter().map(|&i| hand.seats[i].seat.to_string()).collect();
    let names: Vec<String> = order.iter().map(|&i| literal(&hand.seats[i].name)).collect();
    let _ = writeln!(o, "players = [{}]\nseats = [{}]", names.join(", "), seats.join(", "));
    if order.last().is_some_and(|&i| hand.seats[i].seat != hand.button) {
        let _ = writeln!(o, "_button = {}", hand.button);
    }
    let out: Vec<String> = (0..hand.seats.len())
        .filter(|&i| pos[i] == usize::MAX)
        .map(|i| {
            format!("{{ seat = {}, player = {} }}", hand.seats[i].seat, quote(&hand.seats[i].name))
        })
        .collect();
    if !out.is_empty() {
        let _ = writeln!(o, "_sitting_out = [{}]", out.join(", "));
    }
    if u.0 > 0 {
        let _ = writeln!(o, "_chip = {}", text(1));
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
    // Each action with the line of the text it comes from.
    let mut actions: Vec<(usize, String)> = Vec::new();
    let mut small_posted = false;
    let mut cards: Vec<Option<String>> = order.iter().map(|&i| hand.known[i].clone()).collect();
    for (_, e) in &hand.events {
        if let Event::Dealt(i, c) = e {
            if pos[*i] != usize::MAX && c.len() == 4 {
                cards[pos[*i]] = Some(c.clone());
            }
        }
    }
    let refuse = |o: &mut String, why: &str| {
        o.truncate(mark);
        let _ = writeln!(o, "_not_replayable = {}", quote(why));
        let _ = writeln!(
            o,
            "players = [{}]\nstarting_stacks = {}\nactions = []",
            names.join(", "),
            list(&start)
        );
    };
    let mut site_collected = Vec::new();
    let mut site_uncalled = Vec::new();
    let mut rebuys = Vec::new();
    for (line, e) in &hand.events {
        let p = |i: &usize| pos[*i];
        match e {
            Event::Ante(i, a) if p(i) < n => {
                antes[p(i)] = acc(antes[p(i)], chips(*a));
                put[p(i)] = acc(put[p(i)], chips(*a));
            }
            Event::SmallBlind(i, a, _) if p(i) < n => {
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
            Event::BigBlind(i, a, all_in) if p(i) < n => {
                let a = chips(*a);
                blinds[p(i)] = if *all_in { a.max(nominal_bb) } else { a };
                round[p(i)] = a;
                put[p(i)] = acc(put[p(i)], a);
            }
            Event::Straddle(i, a) if p(i) < n => {
                blinds[p(i)] = chips(*a);
                round[p(i)] = chips(*a);
                put[p(i)] = acc(put[p(i)], chips(*a));
            }
            Event::SmallAndBig(i, a) if p(i) < n => {
                let a = chips(*a);
                let live = nominal_bb.min(a);
                blinds[p(i)] = live;
                dead[p(i)] = acc(dead[p(i)], a - live);
                round[p(i)] = live;
                put[p(i)] = acc(put[p(i)], a);
            }
            Event::HoleCards => {
                for (k, c) in cards.iter().enumerate() {
                    actions.push((
                        *line,
                        format!("d dh p{} {}", k + 1, c.as_deref().unwrap_or("????")),
                    ));
                }
            }
            Event::Board(c) => {
                round.iter_mut().for_each(|r| *r = 0);
                actions.push((*line, format!("d db {c}")));
            }
            Event::Fold(i) if p(i) < n => {
                if put[p(i)] >= start[p(i)] {
                    let why = format!(
                        "not supported: line {line}: {} folds while all-in on the antes or blinds, as the site lets a player who sits out do; feltkit's rules keep an all-in player in the hand",
                        hand.seats[*i].name
                    );
                    return refuse(o, &why);
                }
                folded[p(i)] = true;
                actions.push((*line, format!("p{} f", p(i) + 1)));
            }
            Event::Check(i) if p(i) < n => actions.push((*line, format!("p{} cc", p(i) + 1))),
            Event::Call(i, a) if p(i) < n => {
                round[p(i)] = acc(round[p(i)], chips(*a));
                put[p(i)] = acc(put[p(i)], chips(*a));
                actions.push((*line, format!("p{} cc", p(i) + 1)));
            }
            Event::Bet(i, a) if p(i) < n => {
                round[p(i)] = acc(round[p(i)], chips(*a));
                put[p(i)] = acc(put[p(i)], chips(*a));
                actions.push((*line, format!("p{} cbr {}", p(i) + 1, text(round[p(i)]))));
            }
            Event::RaiseTo(i, a) if p(i) < n => {
                let to = chips(*a);
                put[p(i)] = acc(put[p(i)], to - round[p(i)]);
                round[p(i)] = to;
                actions.push((*line, format!("p{} cbr {}", p(i) + 1, text(to))));
            }
            Event::Shows(i, c) if p(i) < n => {
                let live = folded.iter().filter(|f| !**f).count();
                if live >= 2 && !folded[p(i)] && c.len() == 4 {
                    actions.push((*line, format!("p{} sm {c}", p(i) + 1)));
                } else if live >= 2 && !folded[p(i)] {
                    // One card shown of two: the hand is not shown, so it is mucked.
                    folded[p(i)] = true;
                    actions.push((*line, format!("p{} sm", p(i) + 1)));
                }
            }
            Event::Mucks(i) if p(i) < n => {
                let live = folded.iter().filter(|f| !**f).count();
                if live >= 2 && !folded[p(i)] {
                    actions.push((*line, format!("p{} sm", p(i) + 1)));
                }
            }
            Event::Uncalled(i, a) if p(i) < n => {
                put[p(i)] = acc(put[p(i)], -chips(*a));
                site_uncalled.push(format!(
                    "{{ player = {}, amount = {}, line = {line} }}",
                    p(i) + 1,
                    text(chips(*a))
                ));
            }
            Event::Rebuy(i, a) if p(i) < n => rebuys.push(format!(
                "{{ player = {}, amount = {}, line = {line} }}",
                p(i) + 1,
                text(chips(*a))
            )),
            Event::Collected(i, a, pot) if p(i) < n => {
                collected[p(i)] = acc(collected[p(i)], chips(*a));
                site_collected.push(format!(
                    "{{ player = {}, amount = {}, pot = {}, line = {line} }}",
                    p(i) + 1,
                    text(chips(*a)),
                    quote(pot)
                ));
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
        if top > second {
            if let Some(k) = live.iter().position(|&x| x == top) {
                put[k] = acc(put[k], second - top);
            }
        }
    }
    // A big blind all-in on the ante posts nothing, but the blind still sets the price.
    let big_posted = hand.events.iter().any(|(_, e)| matches!(e, Event::BigBlind(..)));
    if !big_posted && small_posted && n >= 2 {
        if let Some(s) = blinds.iter().position(|&b| b > 0) {
            let b = (s + 1) % n;
            if antes[b] >= start[b] {
                blinds[b] = nominal_bb;
            }
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
            return refuse(o, &why);
        }
        let _ = writeln!(o, "_table_cap = {}", text(cap));
    }
    let swap = |v: &[i64]| if n == 2 { vec![v[1], v[0]] } else { v.to_vec() };
    if antes.iter().any(|&a| a > 0) {
        let _ = writeln!(o, "antes = {}", list(&swap(&antes)));
    }
    let _ = writeln!(o, "blinds_or_straddles = {}", list(&swap(&blinds)));
    if fixed {
        let _ = writeln!(o, "small_bet = {}\nbig_bet = {}", text(small), text(big));
    } else {
        let _ = writeln!(o, "min_bet = {}", text(big));
    }
    if dead.iter().any(|&d| d > 0) {
        let _ = writeln!(o, "_dead_blinds = {}", list(&dead));
    }
    let _ = writeln!(o, "starting_stacks = {}", list(&start));
    let quoted: Vec<String> = actions.iter().map(|(_, a)| literal(a)).collect();
    let _ = writeln!(o, "actions = [{}]", quoted.join(", "));
    let lines: Vec<String> = actions.iter().map(|(l, _)| l.to_string()).collect();
    let _ = writeln!(o, "_action_lines = [{}]", lines.join(", "));
    let finishing: Vec<i64> = (0..n).map(|k| start[k] - put[k] + collected[k]).collect();
    let _ = writeln!(o, "finishing_stacks = {}", list(&finishing));
    let _ = writeln!(o, "winnings = {}", list(&collected));
    let lines: Vec<String> = order.iter().map(|&i| hand.seats[i].line.to_string()).collect();
    let _ = writeln!(o, "_seat_lines = [{}]", lines.join(", "));
    if let Some(s) = &hand.summary {
        let pots: Vec<i64> = s.pots.iter().map(|&a| chips(a)).collect();
        let _ = writeln!(
            o,
            "_total_pot = {}\n_rake = {}\n_site_pots = {}\n_summary_line = {}",
            text(chips(s.total)),
            text(chips(s.rake)),
            list(&pots),
            s.line
        );
    }
    let _ = writeln!(o, "_collected = [{}]", site_collected.join(", "));
    if !site_uncalled.is_empty() {
        let _ = writeln!(o, "_uncalled = [{}]", site_uncalled.join(", "));
    }
    if !rebuys.is_empty() {
        let _ = writeln!(o, "_rebuys = [{}]", rebuys.join(", "));
    }
}
