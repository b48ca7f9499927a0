//! The play of a Cake hand and its wins in PokerStars' words ([`super::cake_lines`]), and a
//! summary written from them: Cake writes none. The pot is what was put in, less the uncalled
//! bets; the rake what it leaves beyond what the players are said to win, at most a tenth of
//! the pot (none in a tournament).

use std::borrow::Cow;

use super::cake_lines::{amount_of, spaced, unconverted, Out};
use super::collected::{seat_line, uncalled, written};
use super::lines::Line;
use super::pokerstars::{cents_amount, err, Piece, StarsEvent, Summary, SummarySeat, TextError};

/// The seat whose player's name begins `t` followed by `:` (and a space, or none as in
/// `NAME:posts dead blind`), the longest such name, and what follows.
pub(super) fn who_colon<'t>(seats: &[(u32, &str)], t: &'t str) -> Option<(usize, &'t str)> {
    seats
        .iter()
        .enumerate()
        .filter(|(_, (_, name))| {
            t.len() > name.len() + 1 && t.starts_with(name) && t[name.len()..].starts_with(':')
        })
        .max_by_key(|(_, (_, name))| name.len())
        .map(|(i, (_, name))| (i, t[name.len() + 1..].trim_start()))
}

/// Whether `x` is the line `*** SHOW DOWN ***`.
fn is_show_down(x: &Piece<'_>) -> bool {
    matches!(x, Piece::Text(t) if t == "*** SHOW DOWN ***")
}

/// The play and the wins in PokerStars' words, into `out`, with a summary written from them;
/// the reason the hand is not replayed, if one is found. `ante` is the header's; `tour`
/// whether the hand is a tournament's (no rake).
pub(super) fn play<'t>(
    lines: &[Line<'t>],
    seats: &[(u32, &'t str)],
    (_ante, tour): (i64, bool),
    s: Option<char>,
    out: &mut Out<'t>,
) -> Result<Option<String>, TextError> {
    let k = seats.len();
    let w = |c: i64| written(c, s);
    let mut put = vec![0i64; k];
    let mut street = vec![0i64; k];
    let mut folded = vec![false; k];
    let mut acted = vec![false; k];
    let mut mucked = vec![false; k];
    let mut shown: Vec<Option<String>> = vec![None; k];
    let mut won = vec![0i64; k];
    let mut wins: Vec<(usize, usize, i64)> = Vec::with_capacity(2);
    let mut played = false;
    let mut refusal = None;
    let mut last = 0;
    let mut dealt = false;
    for l in lines {
        let (n, t) = (l.number, unconverted(l.text));
        last = n;
        if let Some(rest) = t.strip_prefix("*** ") {
            if ["FLOP", "TURN", "RIVER"].iter().any(|x| rest.starts_with(x)) {
                street.iter_mut().for_each(|x| *x = 0);
            }
            out.push((n, spaced(t).into()));
            continue;
        }
        if t.starts_with("***SHOW DOWN***") {
            if !out.iter().any(|(_, x)| is_show_down(x)) {
                out.push((n, "*** SHOW DOWN ***".into()));
            }
            continue;
        }
        // The player the line starts with, found once for the line.
        let player = who_colon(seats, t);
        let posting = player.is_some_and(|(_, v)| v.starts_with("posts "));
        if !dealt && !posting {
            // The blinds end where the cards are dealt, or where the first player acts.
            dealt = true;
            out.push((n, "*** HOLE CARDS ***".into()));
        }
        if t.starts_with("Dealt to ") {
            out.push((n, spaced(t).into()));
            continue;
        }
        if let Some((i, verb)) = player {
            let name = seats[i].1;
            let mut say = |x: Piece<'t>| out.push((n, x));
            let said = |verb: &str, amounts: &[i64]| Piece::said(i, name, verb, amounts, s);
            let top = street.iter().copied().max().unwrap_or(0);
            played |= !verb.starts_with("shows") && !verb.starts_with("mucks");
            let mut add = |i: usize, c: i64, street: &mut [i64]| {
                put[i] = put[i].saturating_add(c);
                street[i] = street[i].saturating_add(c);
            };
            if let Some(x) = verb.strip_prefix("posts small blind ") {
                acted[i] = true;
                let c = amount_of(x, n)?;
                add(i, c, &mut street);
                say(said("posts small blind #", &[c]));
            } else if let Some(x) = verb.strip_prefix("posts big blind ") {
                acted[i] = true;
                let c = amount_of(x, n)?;
                add(i, c, &mut street);
                say(said("posts big blind #", &[c]));
            } else if let Some(x) = verb.strip_prefix("posts ante ") {
                let c = amount_of(x, n)?;
                put[i] = put[i].saturating_add(c);
                say(said("posts the ante #", &[c]));
            } else if verb.starts_with("posts dead blind") {
                acted[i] = true;
                refusal.get_or_insert(format!("line {n}: `{t}`: Cake writes the dead blind as a negative amount, and what it puts in the pot is not written"));
            } else if verb == "folds" {
                acted[i] = true;
                folded[i] = true;
                say(said("folds", &[]));
            } else if verb == "checks" {
                acted[i] = true;
                say(said("checks", &[]));
            } else if let Some(x) = verb.strip_prefix("calls ") {
                acted[i] = true;
                let c = amount_of(x, n)?;
                add(i, c, &mut street);
                say(said("calls #", &[c]));
            } else if let Some(x) = verb.strip_prefix("bets ") {
                acted[i] = true;
                let c = amount_of(x, n)?;
                add(i, c, &mut street);
                say(said("bets #", &[c]));
            } else if let Some(x) = verb.strip_prefix("raises to ") {
                acted[i] = true;
                let to = amount_of(x, n)?;
                if to <= top {
                    return err(
                        n,
                        format!("{name} raises to {}, no more than the bet of {}", w(to), w(top)),
                    );
                }
                let c = to - street[i];
                add(i, c, &mut street);
                say(said("raises # to #", &[to - top, to]));
            } else if let Some(x) = verb.strip_prefix("is all in ") {
                acted[i] = true;
                // The chips put in: a bet, a raise or a call by what is in before it.
                let c = amount_of(x, n)?;
                let to = street[i].saturating_add(c);
                add(i, c, &mut street);
                if top == 0 {
                    say(said("bets # and is all-in", &[c]));
                } else if to > top {
                    say(said("raises # to # and is all-in", &[to - top, to]));
                } else {
                    say(said("calls # and is all-in", &[c]));
                }
            } else if let Some(x) = verb.strip_prefix("returns uncalled bet ") {
                let c = amount_of(x, n)?;
                put[i] = put[i].saturating_sub(c);
                street[i] = street[i].saturating_sub(c);
                let text = || format!("Uncalled bet ({}) returned to {name}", w(c));
                say(Piece::with_amount(c, |a| StarsEvent::Uncalled(i, a), text));
            } else if let Some(x) = verb.strip_prefix("shows ") {
                acted[i] = true;
                let cards = spaced(x.split(']').next().unwrap_or_default()) + "]";
                say([name, ": shows ", &cards].concat().into());
                shown[i] = Some(cards);
            } else if verb == "mucks" || verb.starts_with("mucks [") {
                // `mucks [7s,Qh] (TwoPair) .`: the cards of a hand that lost.
                mucked[i] = true;
            } else {
                return err(n, format!("expected an action after `{name}:` (posts, folds, checks, calls, bets, raises to, is all in, returns uncalled bet, shows, mucks), not `{verb}`"));
            }
            continue;
        }
        if let Some((i, rest)) = super::lines::who(seats, t)
            && let Some(x) = rest.strip_prefix("wins ")
        {
            let c = amount_of(x.split(" with ").next().unwrap_or_default(), n)?;
            won[i] = won[i].saturating_add(c);
            if c > 0 {
                wins.push((n, i, c));
            }
            continue;
        }
        // Re-buys after the hand, players joining or leaving: nothing of this hand's chips.
        out.push((n, Cow::Borrowed(t).into()));
    }
    if wins.is_empty() {
        // No winner: the hand is cut off, as the reader finds it without its summary.
        return Ok(refusal);
    }
    if !played && refusal.is_none() {
        refusal = Some(format!("line {last}: no blind, bet or fold is written before the showdown (a coin-flip tournament's hand, whose stacks go in by its rules), so the hand cannot be replayed"));
    }
    let summary_at = wins.first().map_or(last, |x| x.0);
    // A bet nobody matched and no line gives back is counted in what its player wins (as
    // when the small blind folds to the big blind): it goes back before the showdown, and
    // out of the player's winnings.
    if let Some((top, excess)) = uncalled(&put, &vec![0; k])
        && won[top] >= excess
    {
        put[top] -= excess;
        won[top] -= excess;
        let mut left = excess;
        for x in wins.iter_mut().rev().filter(|x| x.1 == top) {
            let take = left.min(x.2);
            x.2 -= take;
            left -= take;
        }
        let at = out.iter().position(|(_, x)| is_show_down(x)).unwrap_or(out.len());
        let back = || format!("Uncalled bet ({}) returned to {}", w(excess), seats[top].1);
        let back = Piece::with_amount(excess, |a| StarsEvent::Uncalled(top, a), back);
        out.insert(at, (summary_at, back));
    }
    for i in 0..k {
        if mucked[i] && !folded[i] && won[i] == 0 && shown[i].is_none() {
            out.push((summary_at, Piece::Event(StarsEvent::Mucks(i))));
        }
    }
    for &(n, i, c) in wins.iter().filter(|x| x.2 > 0) {
        let text = || format!("{} collected {} from pot", seats[i].1, w(c));
        let event = |a| StarsEvent::Collected(i, a, "pot".into());
        out.push((n, Piece::with_amount(c, event, text)));
    }
    let total = put.iter().fold(0i64, |a, &c| a.saturating_add(c));
    let paid = won.iter().fold(0i64, |a, &c| a.saturating_add(c));
    let most = if tour { 0 } else { total.saturating_add(9) / 10 };
    let rake = total.saturating_sub(paid).clamp(0, most);
    out.push((summary_at, "*** SUMMARY ***".into()));
    let pot = paid.saturating_add(rake);
    let total = match (cents_amount(pot), cents_amount(rake)) {
        (Some(total), Some(rake)) => {
            Piece::Total(Summary { total, rake, pots: Vec::new(), line: summary_at })
        }
        _ => format!("Total pot {} | Rake {}", w(pot), w(rake)).into(),
    };
    out.push((summary_at, total));
    for i in 0..k {
        if acted[i] || won[i] > 0 {
            let shown = shown[i].as_deref().filter(|_| !folded[i]);
            let line = match shown {
                // A seat that showed cards is written as text: the reader takes its cards
                // from it.
                None => {
                    let won = cents_amount(won[i]).filter(|_| won[i] > 0);
                    let folded = folded[i];
                    let said =
                        SummarySeat { player: i, line: summary_at, folded, showed: None, won };
                    Piece::Seat(said)
                }
                Some(_) => {
                    let x = (won[i] > 0).then(|| w(won[i]));
                    seat_line(seats[i], folded[i], shown, x).into()
                }
            };
            out.push((summary_at, line));
        }
    }
    Ok(refusal)
}
