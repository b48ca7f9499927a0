//! The play of an Absolute Poker or UltimateBet hand in PokerStars' words (after the header and
//! seat list of [`super::absolute_lines`]), and what its summary is read as
//! ([`super::absolute_summary`]).
//!
//! | Absolute writes | read as |
//! |---|---|
//! | `NAME - Ante $0.25`, `NAME - Posts small blind $0.01`, `NAME - Posts big blind $0.02` | `NAME: posts the ante $0.25`, `NAME: posts small blind $0.01`, ... |
//! | `NAME - Posts dead $40 dead $15` (all it posts, then the dead part) | `NAME: posts small & big blinds $40`: the big blind live, the rest dead |
//! | `*** POCKET CARDS ***`, `*** TURN *** [Qh 8h 7h] [10d]` | `*** HOLE CARDS ***`, `*** TURN *** [Qh 8h 7h] [Td]` |
//! | `NAME - Calls $0.40`, `NAME - Bets $0.25` (the chips put in) | `NAME: calls $0.40`, `NAME: bets $0.25` |
//! | `NAME - Raises $0.20 to $0.30`, `NAME - All-In(Raise) 565 to 1,085` (the chips put in, then the player's bet on the street) | `NAME: raises X to $0.30`, X the raise over the bet before |
//! | `NAME - All-In 1,170` (the chips put in) | a bet, a raise or a call all in, by what is in before it |
//! | `NAME - Folds (Preselection)` | `NAME: folds` |
//! | `NAME - returned ($0.06) : not called` | `Uncalled bet ($0.06) returned to NAME` |
//! | `NAME - Shows [Ac Ah] (Straight, ten to ace)`, `NAME - Mucks`, `NAME - Does not show` | `NAME: shows [Ac Ah]`, `NAME: mucks hand`, nothing |
//! | `NAME Collects $4.30 from main pot`, `from side pot-1` | `NAME collected $4.30 from pot`: each seat's collected lines are held to what the replay pays it from all the pots |
//! | `Total Pot($4.50) \| Rake ($0.20) \| Jackpot Rake ($0.50)`, `Total Pot(5,480:3,750,1,730)` | `Total pot $4.50 \| Rake $0.70`: the jackpot's share is rake too |
//! | `Seat 5: NAME (small blind) won Total ($4.30) HI:($4.30) with ... [Ac Ah - P:Ah,...]` | `Seat 5: NAME showed [Ac Ah] and won ($4.30)` |
//! | `Seat 3: NAME HI: [Mucked] [Kd 6c]` | `Seat 3: NAME mucked [Kd 6c]` |
//!
//! A seat the play never names (no blind, no action, no cards shown) was not dealt in.

use std::borrow::Cow;

use super::absolute_summary::{summary, Seen};
pub(super) use super::chico_play::card_words;
use super::collected::written;
use super::lines::{find, split_once, Line};
use super::p888_lines::cents;
use super::pokerstars::{err, Piece, TextError};

/// An amount as Absolute writes it (`$2.13`, `1,440`), in hundredths, or what is wrong.
pub(super) fn amount_of(text: &str, n: usize) -> Result<i64, TextError> {
    let t = text.trim();
    let digits = t.trim_start_matches(['$', '€', '£']);
    let plain =
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b',');
    match cents(digits).filter(|_| plain) {
        Some(c) => Ok(c),
        None => err(n, format!("expected an amount (`$2.13`, `1,440`), not `{t}`")),
    }
}

/// The lines read, as the PokerStars reader takes them: each with its line in the text.
pub(super) type Out<'t> = Vec<(usize, Piece<'t>)>;

/// The table a hand is played at.
pub(super) struct Table<'a> {
    /// Each seat's number and player.
    pub seats: &'a [(u32, &'a str)],
    /// Each seat's stack before the hand, in hundredths.
    pub stacks: &'a [i64],
    /// The blinds (no and pot limit) or bets (fixed limit), in hundredths.
    pub blinds: (i64, i64),
    /// Fixed limit: the big blind is the small bet.
    pub fixed: bool,
    /// The currency symbol amounts are written with.
    pub symbol: Option<char>,
}

/// The seat whose player's name begins `t` followed by ` - `, the longest such name, and what
/// follows.
pub(super) fn who_dash<'t>(seats: &[(u32, &str)], t: &'t str) -> Option<(usize, &'t str)> {
    super::lines::who_then(seats, t, " - ")
}

/// The seat whose player's name begins `t` followed by ` Collects `, and what follows.
fn who_collects<'t>(seats: &[(u32, &str)], t: &'t str) -> Option<(usize, &'t str)> {
    super::lines::who_then(seats, t, " Collects ")
}

/// A line's bracketed cards in PokerStars' words: `[Qh 8h 7h] [10d]` is `[Qh 8h 7h] [Td]`.
pub(super) fn bracketed(t: &str) -> String {
    let mut out = String::with_capacity(t.len() + 4);
    let mut rest = t;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|k| open + k) else { break };
        out.push_str(&rest[..open]);
        out.push('[');
        out.push_str(&card_words(&rest[open + 1..close]));
        out.push(']');
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The words of an action that moves no chips (`NAME - Does not show`).
const QUIET: [&str; 7] = [
    "Does not show",
    "Sitting Out",
    "Sits Out",
    "Returned",
    "Is Disconnected",
    "Is Connected",
    "Times Out",
];

/// The play (the lines after the seat list) and the summary in PokerStars' words, into `out`;
/// the reason the hand is not replayed, if one is found.
pub(super) fn play<'t>(
    lines: &[Line<'t>],
    table: &Table<'_>,
    out: &mut Out<'t>,
) -> Result<Option<String>, TextError> {
    let Table { seats, stacks, blinds: (small, big), fixed, symbol: s } = *table;
    let k = seats.len();
    let mut seen = Seen {
        street: vec![0; k],
        put: vec![0; k],
        folded: vec![false; k],
        acted: vec![false; k],
        shown: vec![None; k],
        collected: vec![0; k],
        collects: Vec::with_capacity(2),
        dead: vec![0; k],
        returned: false,
    };
    let nominal_big = if fixed { small } else { big };
    let mut refusal = None;
    let w = |c: i64| written(c, s);
    for (j, l) in lines.iter().enumerate() {
        let (n, t) = (l.number, l.text);
        if t == "*** SUMMARY ***" {
            summary(&lines[j..], table, &mut seen, out)?;
            return Ok(refusal);
        }
        if let Some(street) = t.strip_prefix("*** ") {
            let t = if street.starts_with("POCKET CARDS") {
                "*** HOLE CARDS ***".to_string()
            } else {
                bracketed(t)
            };
            if ["FLOP", "TURN", "RIVER"].iter().any(|x| street.starts_with(x)) {
                seen.street.iter_mut().for_each(|x| *x = 0);
            }
            out.push((n, t.into()));
            continue;
        }
        if t.starts_with("Dealt to ") {
            out.push((n, bracketed(t).into()));
            continue;
        }
        if let Some((i, rest)) = who_collects(seats, t) {
            let Some((x, pot)) = split_once(rest, " from ") else {
                return err(n, format!("expected `NAME Collects X from main pot`, not `{t}`"));
            };
            if find(pot, "proposition").is_some() {
                refusal.get_or_insert(format!("line {n}: a proposition pot is paid from outside the hand's pot, which a replay cannot check"));
            }
            let c = amount_of(x, n)?;
            seen.collected[i] = seen.collected[i].saturating_add(c);
            seen.collects.push((n, i, c));
            continue;
        }
        let Some((i, verb)) = who_dash(seats, t) else {
            // Chat, players joining or leaving: nothing that moves chips (the PokerStars reader
            // refuses an action by a name the seat list does not hold).
            out.push((n, Cow::Borrowed(t).into()));
            continue;
        };
        let name = seats[i].1;
        let verb = verb.strip_suffix(" (Preselection)").unwrap_or(verb).trim_end();
        let left = stacks[i].saturating_sub(seen.put[i]);
        let mut say = |x: Piece<'t>| out.push((n, x));
        let add = |seen: &mut Seen, c: i64| {
            seen.acted[i] = true;
            seen.put[i] = seen.put[i].saturating_add(c);
            seen.street[i] = seen.street[i].saturating_add(c);
        };
        let all_in = |c: i64| if c >= left && c > 0 { " and is all-in" } else { "" };
        if let Some(x) = verb.strip_prefix("Ante ") {
            let c = amount_of(x, n)?;
            seen.acted[i] = true;
            seen.put[i] = seen.put[i].saturating_add(c);
            if c > 0 {
                say(Piece::said(i, name, "posts the ante #", &[c], s));
            }
        } else if let Some(x) = verb.strip_prefix("Posts small blind ") {
            let c = amount_of(x, n)?;
            let a = all_in(c);
            add(&mut seen, c);
            say(Piece::said(i, name, &["posts small blind #", a].concat(), &[c], s));
        } else if let Some(x) = verb.strip_prefix("Posts big blind ") {
            let c = amount_of(x, n)?;
            let a = all_in(c);
            add(&mut seen, c);
            say(Piece::said(i, name, &["posts big blind #", a].concat(), &[c], s));
        } else if let Some(x) = verb.strip_prefix("Posts dead ") {
            // `Posts dead $40 dead $15`: all it posts, then the dead part of it.
            let (all, dead) = match split_once(x, " dead ") {
                Some((a, d)) => (amount_of(a, n)?, amount_of(d, n)?),
                None => (amount_of(x, n)?, amount_of(x, n)?),
            };
            seen.acted[i] = true;
            seen.put[i] = seen.put[i].saturating_add(all);
            if all.saturating_sub(dead) == nominal_big && dead > 0 && dead <= nominal_big {
                seen.dead[i] = seen.dead[i].saturating_add(dead);
                seen.street[i] = seen.street[i].saturating_add(nominal_big);
                say(Piece::said(i, name, "posts small & big blinds #", &[all], s));
            } else {
                seen.street[i] = seen.street[i].saturating_add(all.saturating_sub(dead));
                refusal.get_or_insert(format!("line {n}: {name} posts {} of which {} dead, not the big blind of {} and a dead part: which part of it is live is not written", w(all), w(dead), w(nominal_big)));
            }
        } else if let Some(rest) = verb.strip_prefix("Folds") {
            seen.acted[i] = true;
            seen.folded[i] = true;
            // `Folds (Fold & Show [5c 5d])`: the cards are shown as the player folds.
            match rest.trim().strip_prefix("(Fold & Show [") {
                Some(x) if !rest.trim().is_empty() => {
                    let cards = card_words(x.split(']').next().unwrap_or_default());
                    say(format!("{name}: folds [{cards}]").into());
                }
                _ if rest.is_empty() => say(Piece::said(i, name, "folds", &[], s)),
                _ => {
                    return err(
                        n,
                        format!("expected `Folds` or `Folds (Fold & Show [CARDS])`, not `{verb}`"),
                    )
                }
            }
        } else if verb == "Checks" {
            seen.acted[i] = true;
            say(Piece::said(i, name, "checks", &[], s));
        } else if let Some((word, x)) =
            verb.split_once(' ').filter(|(v, _)| matches!(*v, "Calls" | "Bets"))
        {
            let c = amount_of(x, n)?;
            let a = all_in(c);
            add(&mut seen, c);
            let words = if word == "Calls" { "calls #" } else { "bets #" };
            say(Piece::said(i, name, &[words, a].concat(), &[c], s));
        } else if let Some(x) =
            verb.strip_prefix("Raises ").or_else(|| verb.strip_prefix("All-In(Raise) "))
        {
            let Some((by, to)) = split_once(x, " to ") else {
                return err(n, format!("expected `Raises X to Y`, not `{t}`"));
            };
            let (by, to) = (amount_of(by, n)?, amount_of(to, n)?);
            // The first amount is the chips the raise puts in, the second the player's bet on
            // the street after it.
            let added = to.saturating_sub(seen.street[i]);
            // A hand already refused is not held to its amounts.
            if by != added && refusal.is_none() {
                return err(n, format!("{name} raises {} to {}, but with {} in on this street a raise to {} puts in {}", w(by), w(to), w(seen.street[i]), w(to), w(added)));
            }
            let a = all_in(by);
            let top = seen.street.iter().copied().max().unwrap_or(0);
            add(&mut seen, by);
            if to <= top {
                // All in for no more than the bet: a call.
                say(Piece::said(i, name, &["calls #", a].concat(), &[by], s));
            } else if top == 0 {
                say(Piece::said(i, name, &["bets #", a].concat(), &[by], s));
            } else {
                say(Piece::said(i, name, &["raises # to #", a].concat(), &[to - top, to], s));
            }
        } else if let Some(x) = verb.strip_prefix("All-In ") {
            let c = amount_of(x, n)?;
            let top = seen.street.iter().copied().max().unwrap_or(0);
            let to = seen.street[i].saturating_add(c);
            add(&mut seen, c);
            if top == 0 {
                say(Piece::said(i, name, "bets # and is all-in", &[c], s));
            } else if to <= top {
                say(Piece::said(i, name, "calls # and is all-in", &[c], s));
            } else {
                say(Piece::said(i, name, "raises # to # and is all-in", &[to - top, to], s));
            }
        } else if let Some(x) = verb.strip_prefix("returned (") {
            let Some(x) = x.strip_suffix(") : not called") else {
                return err(n, format!("expected `NAME - returned (X) : not called`, not `{t}`"));
            };
            let c = amount_of(x, n)?;
            seen.returned = true;
            seen.put[i] = seen.put[i].saturating_sub(c);
            seen.street[i] = seen.street[i].saturating_sub(c);
            say(format!("Uncalled bet ({}) returned to {name}", w(c)).into());
        } else if let Some(x) = verb.strip_prefix("Shows [") {
            seen.acted[i] = true;
            let cards = card_words(x.split(']').next().unwrap_or_default());
            say(format!("{name}: shows [{cards}]").into());
            seen.shown[i] = Some(cards);
        } else if verb == "Mucks" {
            seen.acted[i] = true;
            say(Piece::said(i, name, "mucks hand", &[], s));
            seen.folded[i] = true;
        } else if QUIET.iter().any(|q| verb.starts_with(q)) {
            // Nothing that moves chips.
        } else {
            return err(n, format!("expected an action after `{name} - ` (Ante, Posts small blind, Posts big blind, Posts dead, Folds, Checks, Calls, Bets, Raises, All-In, Shows, Mucks, Does not show), not `{verb}`"));
        }
    }
    // No summary: the reader finds the hand cut off.
    Ok(refusal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_are_put_in_pokerstars_words() {
        assert_eq!(bracketed("*** TURN *** [Qh 8h 7h] [10d]"), "*** TURN *** [Qh 8h 7h] [Td]");
        assert_eq!(bracketed("Dealt to Hero [10h 10c]"), "Dealt to Hero [Th Tc]");
    }

    #[test]
    fn amounts_are_plain_numbers() {
        assert_eq!(amount_of("$2.13", 3), Ok(213));
        assert_eq!(amount_of("1,440", 3), Ok(144_000));
        for bad in ["1.0x", "lots", "", "1.2.3", "-5", "$"] {
            assert!(amount_of(bad, 3).unwrap_err().why.contains("expected an amount"), "{bad}");
        }
    }

    #[test]
    fn a_name_with_a_dash_is_matched_whole() {
        let seats = [(1, "a"), (2, "a - b")];
        assert_eq!(who_dash(&seats, "a - b - Folds"), Some((1, "Folds")));
        assert_eq!(who_dash(&seats, "a - Folds"), Some((0, "Folds")));
        assert_eq!(who_dash(&seats, "c - Folds"), None);
        assert_eq!(
            who_collects(&seats, "a - b Collects $1 from main pot"),
            Some((1, "$1 from main pot"))
        );
    }
}
