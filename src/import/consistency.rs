//! Checks that a PokerStars hand's text agrees with itself, line by line: one player a seat,
//! no more players nor seats than the table's `N-max`, actions only by seated players, blinds
//! and antes of the header's stakes, raises whose increment adds up, calls of what the rules
//! ask, no amount beyond feltkit's chip limit, and a summary that says what the play did (the
//! board, the cards shown, who won what, who folded). A contradiction makes the hand unreadable
//! at the line that shows it ([`TextError`]), with what was expected there.

use crate::phh::amount::format_chips;
use crate::phh::Amount;
use crate::rules::{Chips, MAX_CHIPS};

use super::lines::{amount, find, has};
use super::pokerstars::{err, GameName, Limit, StarsEvent, StarsHand, SummarySeat, TextError};

/// The seat list: no seat taken twice, no seat past the table's `N-max`, no more players
/// than it.
pub(super) fn seat_list(hand: &StarsHand) -> Result<(), TextError> {
    for (k, s) in hand.seats.iter().enumerate() {
        if let Some(first) = hand.seats[..k].iter().find(|o| o.seat == s.seat) {
            return err(
                s.line,
                format!(
                    "seat {} is taken twice: by {} (line {}) and by {}",
                    s.seat, first.name, first.line, s.name
                ),
            );
        }
        if let Some(max) = hand.max_seats {
            if s.seat > max {
                return err(
                    s.line,
                    format!("seat {} is past the table's {max} seats (`{max}-max`)", s.seat),
                );
            }
            if k + 1 > max as usize {
                return err(
                    s.line,
                    format!(
                        "{} is the table's player {}, more than its {max} seats (`{max}-max`)",
                        s.name,
                        k + 1
                    ),
                );
            }
        }
    }
    Ok(())
}

/// A line of the play that no seated player's name begins: an action (`NAME: bets $5`,
/// `NAME collected $5 from pot`) by a name that is not in the seat list is a contradiction;
/// anything else (chat, players joining or leaving) is passed over.
pub(super) fn unseated(hand: &StarsHand, t: &str, line: usize) -> Result<(), TextError> {
    let mut name = None;
    let mut from = 0;
    while let Some(k) = find(&t[from..], ": ") {
        let at = from + k;
        if at > 0 && is_action(&t[at + 2..]) {
            name = Some(&t[..at]);
            break;
        }
        from = at + 2;
    }
    if name.is_none() && has(t, " collected ") && collected_from_pot(t) {
        name = t.split(" collected ").next();
    }
    let Some(name) = name else { return Ok(()) };
    let seated: Vec<&str> = hand.seats.iter().map(|s| s.name.as_str()).collect();
    err(
        line,
        format!(
            "`{t}`: {name} is not seated at this table (the seat list, lines {} to {}, names {})",
            hand.seats.first().map_or(0, |s| s.line),
            hand.seats.last().map_or(0, |s| s.line),
            seated.join(", ")
        ),
    )
}

/// Whether `verb` is an action as the site writes it after `NAME: `.
fn is_action(verb: &str) -> bool {
    let verb = verb.trim();
    let verb = verb.strip_suffix(" and is all-in").unwrap_or(verb);
    let amount_after =
        |prefix: &str| verb.strip_prefix(prefix).is_some_and(|x| amount(x).is_some());
    verb == "folds"
        || verb.starts_with("folds [")
        || verb == "checks"
        || amount_after("calls ")
        || amount_after("bets ")
        || verb.strip_prefix("raises ").is_some_and(|x| has(x, " to "))
        || [
            "posts small blind ",
            "posts big blind ",
            "posts the ante ",
            "posts small & big blinds ",
            "posts straddle ",
        ]
        .iter()
        .any(|p| amount_after(p))
}

/// Whether `t` reads `... collected X from pot` (or main or side pot).
fn collected_from_pot(t: &str) -> bool {
    let Some((_, rest)) = t.split_once(" collected ") else { return false };
    amount(rest).is_some() && (rest.ends_with(" pot") || has(rest, " from side pot"))
}

/// What a summary seat says after the player's name: folded, the cards shown, and what was won
/// or collected (every `won (X)` and `collected (X)` added up).
pub(super) fn summary_seat(
    player: usize,
    line: usize,
    after: &str,
) -> Result<SummarySeat, TextError> {
    let folded = has(after, "folded");
    let showed = find(after, "showed [").and_then(|k| {
        let rest = &after[k + 8..];
        rest.find(']').map(|close| rest[..close].split_whitespace().collect::<String>())
    });
    let mut won: Option<Amount> = None;
    for mark in ["won (", "collected ("] {
        let mut from = 0;
        while let Some(k) = find(&after[from..], mark) {
            let start = from + k + mark.len();
            let text = after[start..].split(')').next().unwrap_or("");
            let Some(a) = amount(text) else {
                return err(line, format!("expected an amount in `{mark}{text})`"));
            };
            won = Some(match won {
                None => a,
                Some(w) => add(w, a).ok_or_else(|| TextError {
                    line,
                    why: format!("the amounts won, {w} and {a}, are too large to add"),
                })?,
            });
            from = start;
        }
    }
    Ok(SummarySeat { player, line, folded, showed, won })
}

/// Two amounts added exactly.
fn add(a: Amount, b: Amount) -> Option<Amount> {
    let places = a.places.max(b.places);
    let units = a.to_units(places)?.checked_add(b.to_units(places)?)?;
    Some(Amount { units, places })
}

/// Every check of a hand read whole.
pub(super) fn check(hand: &StarsHand) -> Result<(), TextError> {
    let places = super::emit::places(hand);
    let money = Money { symbol: hand.symbol, places };
    limits(hand, &money)?;
    let played = matches!(hand.game, GameName::Holdem | GameName::ShortDeck | GameName::Omaha(_));
    if hand.refusal.is_some() || !played {
        return Ok(());
    }
    play(hand, &money)?;
    summary(hand, &money)
}

/// Amounts as the text writes them: its currency sign, its unit.
struct Money {
    symbol: Option<char>,
    places: u8,
}

impl Money {
    /// `c` chips of the unit, as the text writes an amount (`$4.00`, `1500`).
    fn text(&self, c: Chips) -> String {
        let digits = format_chips(c, self.places);
        match self.symbol {
            Some(s) => format!("{s}{digits}"),
            None => digits,
        }
    }

    /// An amount as written (`$12345678901234567`).
    fn written(&self, a: Amount) -> String {
        match self.symbol {
            Some(s) => format!("{s}{a}"),
            None => a.to_string(),
        }
    }

    /// The amount in chips of the unit (every amount of a hand is whole chips of it, once the
    /// limit is checked).
    fn chips(&self, a: Amount) -> Chips {
        a.to_chips(self.places).unwrap_or(MAX_CHIPS)
    }
}

/// Every amount of the hand within feltkit's chip limit (in the hand's unit), at its line.
fn limits(hand: &StarsHand, money: &Money) -> Result<(), TextError> {
    let check = |a: Amount, line: usize| -> Result<(), TextError> {
        match a.to_chips(money.places) {
            Some(c) if c.unsigned_abs() <= MAX_CHIPS.unsigned_abs() => Ok(()),
            _ => err(
                line,
                format!(
                    "the amount {} is too large: feltkit counts at most {} ({MAX_CHIPS} chips of {})",
                    money.written(a),
                    money.text(MAX_CHIPS),
                    money.text(Chips(1))
                ),
            ),
        }
    };
    check(hand.stakes.0, hand.line)?;
    check(hand.stakes.1, hand.line)?;
    if let Some(c) = hand.cap {
        check(c, hand.line)?;
    }
    for s in &hand.seats {
        check(s.stack, s.line)?;
    }
    for (line, e) in &hand.events {
        if let Some(a) = e.amount() {
            check(a, *line)?;
        }
        // A raise names the raise over the bet before it too.
        if let StarsEvent::RaiseTo(_, _, by) = e {
            check(*by, *line)?;
        }
    }
    if let Some(s) = &hand.summary {
        for &a in s.pots.iter().chain([&s.total, &s.rake]) {
            check(a, s.line)?;
        }
    }
    for s in &hand.summary_seats {
        if let Some(w) = s.won {
            check(w, s.line)?;
        }
    }
    Ok(())
}

/// The play followed as the rules run it: blinds and antes against the stakes, each call
/// against the bet it calls, each raise's increment against the bet it raises, nobody who
/// folded collecting.
fn play(hand: &StarsHand, money: &Money) -> Result<(), TextError> {
    let n = hand.seats.len();
    let name = |i: usize| hand.seats[i].name.as_str();
    let mut stack: Vec<Chips> = hand.seats.iter().map(|s| money.chips(s.stack)).collect();
    let mut round: Vec<Chips> = vec![Chips::ZERO; n];
    let mut folded: Vec<Option<usize>> = vec![None; n];
    let mut top: Chips = Chips::ZERO;
    let fixed = hand.limit == Limit::FixedLimit;
    let (small, big) = (money.chips(hand.stakes.0), money.chips(hand.stakes.1));
    // The big blind: the small bet in fixed limit.
    let nominal_big = if fixed { small } else { big };
    // The ante: the amount most players post (the first of those most posted).
    let antes: Vec<Chips> = hand
        .events
        .iter()
        .filter_map(|(_, e)| match e {
            StarsEvent::Ante(_, a) => Some(money.chips(*a)),
            _ => None,
        })
        .collect();
    let ante = antes.iter().copied().max_by_key(|&a| {
        let first = antes.iter().position(|&b| b == a).unwrap_or(0);
        (antes.iter().filter(|&&b| b == a).count(), std::cmp::Reverse(first))
    });
    let mut small_posted = false;
    let mut preflop = true;
    // A blind or ante of another amount than the rules fix: only an all-in for less.
    let posted =
        |what: &str, line: usize, i: usize, a: Chips, want: Chips, all_in: bool, left: Chips| {
            if a == want || (a < want && (all_in || a == left)) {
                return Ok(());
            }
            let (noun, verb) = match what {
                "small & big blinds" => ("small and big blinds together", "are"),
                w => (w.trim_start_matches("the "), "is"),
            };
            err(
                line,
                format!(
                    "{} posts {what} {}, but the {noun} here {verb} {}{}",
                    name(i),
                    money.text(a),
                    money.text(want),
                    if a < want { " (and the player is not all-in)" } else { "" }
                ),
            )
        };
    for &(line, ref e) in &hand.events {
        match *e {
            StarsEvent::Ante(i, a) => {
                let a = money.chips(a);
                posted("the ante", line, i, a, ante.unwrap_or(a), false, stack[i])?;
                stack[i] = stack[i].saturating_sub(a);
            }
            StarsEvent::SmallBlind(i, a, all_in) => {
                let a = money.chips(a);
                if !fixed {
                    posted("small blind", line, i, a, small, all_in, stack[i])?;
                }
                if !small_posted {
                    round[i] = a;
                    top = top.max(a);
                }
                small_posted = true;
                stack[i] = stack[i].saturating_sub(a);
            }
            StarsEvent::BigBlind(i, a, all_in) => {
                let a = money.chips(a);
                posted("big blind", line, i, a, nominal_big, all_in, stack[i])?;
                round[i] = round[i].max(a);
                // The site prices calls and raises from what was put in: an all-in big
                // blind for less sets a lower bet.
                top = top.max(a);
                stack[i] = stack[i].saturating_sub(a);
            }
            StarsEvent::SmallAndBig(i, a) => {
                let a = money.chips(a);
                if !fixed {
                    posted("small & big blinds", line, i, a, small + big, false, stack[i])?;
                }
                round[i] = a.min(nominal_big);
                top = top.max(round[i]);
                stack[i] = stack[i].saturating_sub(a);
            }
            // A straddle is what the player's blind goes to (see `emit`).
            StarsEvent::Straddle(i, a) => {
                let a = money.chips(a);
                stack[i] = stack[i].saturating_sub(a.saturating_sub(round[i]));
                round[i] = a.max(round[i]);
                top = top.max(round[i]);
            }
            StarsEvent::Board(_) => {
                preflop = false;
                round.iter_mut().for_each(|r| *r = Chips::ZERO);
                top = Chips::ZERO;
            }
            StarsEvent::Fold(i) => folded[i] = Some(line),
            StarsEvent::Call(i, a) => {
                let a = money.chips(a);
                let want = top.saturating_sub(round[i]).min(stack[i]);
                // After an all-in big blind for less, a call may also be of the whole blind.
                let blind = top.max(nominal_big).saturating_sub(round[i]).min(stack[i]);
                if a != want && !(preflop && a == blind) {
                    return err(
                        line,
                        format!(
                            "{} calls {}, but the call here is {} (the bet is {}, {} has {} in on this street{})",
                            name(i),
                            money.text(a),
                            money.text(want.max(Chips::ZERO)),
                            money.text(top),
                            name(i),
                            money.text(round[i]),
                            if want < top.saturating_sub(round[i]) {
                                format!(" and {} left", money.text(stack[i]))
                            } else {
                                String::new()
                            }
                        ),
                    );
                }
                round[i] = round[i].saturating_add(a);
                stack[i] = stack[i].saturating_sub(a);
                // An all-in call of more than the bet (after an all-in blind for less) sets it.
                top = top.max(round[i]);
            }
            StarsEvent::Bet(i, a) => {
                let a = money.chips(a);
                round[i] = round[i].saturating_add(a);
                top = top.max(round[i]);
                stack[i] = stack[i].saturating_sub(a);
            }
            StarsEvent::RaiseTo(i, to, by) => {
                let to_chips = money.chips(to);
                if by.to_chips(money.places) != Some(to_chips.saturating_sub(top)) {
                    return err(
                        line,
                        format!(
                            "{} raises {} to {}, but the bet before is {}: a raise to {} raises by {}",
                            name(i),
                            money.written(by),
                            money.written(to),
                            money.text(top),
                            money.text(to_chips),
                            money.text(to_chips.saturating_sub(top))
                        ),
                    );
                }
                stack[i] = stack[i].saturating_sub(to_chips.saturating_sub(round[i]));
                round[i] = to_chips;
                top = top.max(to_chips);
            }
            StarsEvent::Uncalled(i, a) => {
                let a = money.chips(a);
                round[i] = round[i].saturating_sub(a);
                stack[i] = stack[i].saturating_add(a);
            }
            StarsEvent::Collected(i, a, _) => {
                if let Some(at) = folded[i] {
                    return err(
                        line,
                        format!(
                            "{} collected {}, but folded at line {at}",
                            name(i),
                            money.written(a)
                        ),
                    );
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The summary against the play: the board dealt, the cards shown, what each player collected,
/// who folded.
fn summary(hand: &StarsHand, money: &Money) -> Result<(), TextError> {
    let mut dealt = String::new();
    let mut shown: Vec<Option<&str>> = vec![None; hand.seats.len()];
    let mut collected: Vec<Chips> = vec![Chips::ZERO; hand.seats.len()];
    let mut folded: Vec<Option<usize>> = vec![None; hand.seats.len()];
    for (line, e) in &hand.events {
        match e {
            StarsEvent::Board(c) => dealt.push_str(c),
            StarsEvent::Shows(i, c) => shown[*i] = Some(c),
            StarsEvent::Collected(i, a, _) => {
                collected[*i] = collected[*i].saturating_add(money.chips(*a))
            }
            StarsEvent::Fold(i) => folded[*i] = Some(*line),
            _ => {}
        }
    }
    if let Some((board, line)) = &hand.board {
        // The summary's cards, one after another, are the play's.
        let same = board.iter().map(String::len).sum::<usize>() == dealt.len()
            && board
                .iter()
                .scan(0, |at, c| {
                    *at += c.len();
                    Some(dealt.get(*at - c.len()..*at) == Some(c.as_str()))
                })
                .all(|same| same);
        if !same {
            let cards = |c: &str| {
                let v: Vec<&str> =
                    (0..c.len() / 2).filter_map(|k| c.get(2 * k..2 * k + 2)).collect();
                if v.is_empty() {
                    "none".to_string()
                } else {
                    v.join(" ")
                }
            };
            return err(
                *line,
                format!(
                    "the summary's `Board [{}]` is not the board dealt in the play ({})",
                    board.join(" "),
                    cards(&dealt)
                ),
            );
        }
    }
    for s in &hand.summary_seats {
        let who = &hand.seats[s.player].name;
        let won = s.won.map_or(Chips::ZERO, |a| money.chips(a));
        if let (Some(said), Some(body)) = (&s.showed, shown[s.player])
            && said != body
            && card_set(said) != card_set(body)
        {
            return err(
                s.line,
                format!("the summary says {who} showed [{said}], but the play shows [{body}]"),
            );
        }
        if s.folded && s.won.is_some() {
            return err(
                s.line,
                format!("the summary says {who} folded, and that {who} won {}", money.text(won)),
            );
        }
        if let (Some(at), Some(_)) = (folded[s.player], s.won) {
            return err(
                s.line,
                format!(
                    "the summary says {who} won {}, but {who} folded at line {at}",
                    money.text(won)
                ),
            );
        }
        if won != collected[s.player] {
            return err(
                s.line,
                format!(
                    "the summary says {who} won {}, but the play's collected lines give {who} {}",
                    money.text(won),
                    money.text(collected[s.player])
                ),
            );
        }
    }
    Ok(())
}

/// The cards of `c` (two characters each), sorted.
fn card_set(c: &str) -> Vec<&str> {
    let mut v: Vec<&str> = (0..c.len() / 2).filter_map(|k| c.get(2 * k..2 * k + 2)).collect();
    v.sort_unstable();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_told_from_chat() {
        assert!(is_action("bets $5"));
        assert!(is_action("raises $2 to $4 and is all-in"));
        assert!(is_action("posts small blind 10"));
        assert!(is_action("folds"));
        assert!(!is_action("bets on red"));
        assert!(!is_action("is sitting out"));
    }
}
