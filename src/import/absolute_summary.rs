//! The summary of an Absolute Poker or UltimateBet hand in PokerStars' words, once its play is
//! read ([`super::absolute_play`]): the total pot and the rake, the board, what each seat won,
//! and the big blind nobody matched in a walk handed back.

use std::borrow::Cow;

use super::absolute_play::{amount_of, bracketed, card_words, Out, Table};
use super::collected::written;
use super::lines::{find, Line};
use super::pokerstars::{err, Piece, StarsEvent, TextError};

/// What the play has done so far, seat by seat.
pub(super) struct Seen {
    /// Put in on the street being played.
    pub street: Vec<i64>,
    /// Put in all the hand.
    pub put: Vec<i64>,
    pub folded: Vec<bool>,
    pub acted: Vec<bool>,
    /// The cards each showed, in PokerStars' words.
    pub shown: Vec<Option<String>>,
    /// Collected, from the play's `Collects` lines.
    pub collected: Vec<i64>,
    /// The `Collects` lines: the line, the seat and the amount.
    pub collects: Vec<(usize, usize, i64)>,
    /// Of what each put in, the dead blinds.
    pub dead: Vec<i64>,
    /// Whether the play returns a bet nobody called (`returned (X) : not called`).
    pub returned: bool,
}

/// The summary (from its `*** SUMMARY ***` line) in PokerStars' words: `Total pot X | Rake
/// Y`, the board, and a line for each seat dealt in, saying what it won.
pub(super) fn summary<'t>(
    lines: &[Line<'t>],
    table: &Table<'_>,
    seen: &mut Seen,
    out: &mut Out<'t>,
) -> Result<(), TextError> {
    let Table { seats, symbol: s, .. } = *table;
    let start = lines.first().map_or(0, |l| l.number);
    let mut pot = None;
    let mut board = None;
    let k = seats.len();
    let mut won: Vec<Option<i64>> = vec![None; k];
    let mut mucked: Vec<Option<String>> = vec![None; k];
    let mut seat_at = vec![start; k];
    for l in lines.iter().skip(1) {
        let (n, t) = (l.number, l.text);
        if let Some(rest) = t.strip_prefix("Total Pot(") {
            let mut parts = rest.split('|');
            let total_text = parts.next().unwrap_or_default().trim().trim_end_matches(')');
            let total = amount_of(total_text.split(':').next().unwrap_or_default(), n)?;
            let mut rake = 0i64;
            for part in parts {
                let part = part.trim();
                let Some((what, x)) = part.split_once(" (") else {
                    return err(n, format!("expected `Rake (X)` after `|`, not `{part}`"));
                };
                let c = amount_of(x.trim_end_matches(')'), n)?;
                match what {
                    "Rake" | "Jackpot Rake" => rake = rake.saturating_add(c),
                    // A proposition pot is paid apart: the hand is refused at its line.
                    w if w.ends_with("Proposition Pot") => {}
                    w => {
                        return err(
                            n,
                            format!(
                                "expected `Rake (X)` or `Jackpot Rake (X)` after `|`, not `{w}`"
                            ),
                        )
                    }
                }
            }
            pot.get_or_insert((n, total, rake));
        } else if t.starts_with("Board [") {
            board.get_or_insert((n, bracketed(t)));
        } else if let Some(rest) = t.strip_prefix("Seat ")
            && let Some((seat, body)) = rest.split_once(": ")
        {
            let Some(i) =
                seat.parse::<u32>().ok().and_then(|x| seats.iter().position(|&(q, _)| q == x))
            else {
                return err(n, format!("seat {seat} is not in the seat list"));
            };
            let name = seats[i].1;
            seat_at[i] = n;
            let Some(after) =
                body.strip_prefix(name).filter(|a| a.is_empty() || a.starts_with(' '))
            else {
                return err(n, format!("expected seat {seat}'s player {name} in `{t}`"));
            };
            if let Some(k) = find(after, "Total (") {
                let x = &after[k + 7..];
                won[i] = Some(amount_of(x.split(')').next().unwrap_or_default(), n)?);
            }
            if let Some(k) = find(after, "[Mucked] [") {
                let x = &after[k + 10..];
                mucked[i] = Some(card_words(x.split(']').next().unwrap_or_default()));
            }
        }
        // Anything else (chat after the hand) moves no chips.
    }
    let Some((total_at, mut total, rake)) = pot else {
        return err(start, "expected `Total Pot(X)` in the summary");
    };
    // When every player folds to the big blind, no `returned` line gives back the part of it
    // nobody matched: the site counts it in what the blind collects and in the total pot.
    // It is given back here, as the rules do.
    let mut back = None;
    if !seen.returned
        && let Some((top, excess)) = super::collected::uncalled(&seen.put, &seen.dead)
        && seen.collected[top] >= excess
    {
        let mut left = excess;
        for (_, _, c) in seen.collects.iter_mut().rev().filter(|(_, i, _)| *i == top) {
            let take = left.min(*c);
            *c -= take;
            left -= take;
        }
        seen.collected[top] -= excess;
        if let Some(w) = won[top].as_mut() {
            *w = w.saturating_sub(excess);
        }
        total = total.saturating_sub(excess);
        back = Some((top, excess));
    }
    // A player in the showdown who shows nothing while another shows, and wins nothing,
    // mucks.
    let showed = (0..k).any(|i| !seen.folded[i] && seen.shown[i].is_some());
    for i in 0..k {
        if showed
            && seen.acted[i]
            && !seen.folded[i]
            && seen.shown[i].is_none()
            && seen.collected[i] == 0
        {
            seen.folded[i] = true;
            out.push((seat_at[i], Piece::Event(StarsEvent::Mucks(i))));
        }
    }
    if let Some((top, excess)) = back {
        let at = seen.collects.iter().find(|c| c.1 == top).map_or(start, |c| c.0);
        let text = || format!("Uncalled bet ({}) returned to {}", written(excess, s), seats[top].1);
        out.push((at, Piece::with_amount(excess, |a| StarsEvent::Uncalled(top, a), text)));
    }
    for &(n, i, c) in seen.collects.iter().filter(|c| c.2 > 0) {
        let text = || format!("{} collected {} from pot", seats[i].1, written(c, s));
        out.push((n, Piece::with_amount(c, |a| StarsEvent::Collected(i, a, "pot".into()), text)));
    }
    out.push((start, Cow::Borrowed("*** SUMMARY ***").into()));
    out.push((
        total_at,
        format!("Total pot {} | Rake {}", written(total, s), written(rake, s)).into(),
    ));
    if let Some((n, b)) = board {
        out.push((n, b.into()));
    }
    for (i, &(seat, name)) in seats.iter().enumerate() {
        if !seen.acted[i] && won[i].is_none() {
            continue;
        }
        let mut l = format!("Seat {seat}: {name}");
        let shown = seen.shown[i].as_deref();
        if let Some(cards) = mucked[i].as_deref().filter(|_| shown.is_none()) {
            l.push_str(&format!(" mucked [{cards}]"));
        } else if seen.folded[i] {
            l.push_str(" folded");
        } else if let Some(cards) = shown {
            l.push_str(&format!(" showed [{cards}]"));
        }
        if let Some(c) = won[i].filter(|&c| c > 0) {
            l.push_str(&format!(" and won ({})", written(c, s)));
        }
        out.push((seat_at[i], l.into()));
    }
    Ok(())
}
