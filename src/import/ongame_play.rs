//! The play and the summary of an OnGame hand in PokerStars' words ([`super::ongame_lines`]):
//! each action with the player's name and a colon, each raise as the raise over the bet before
//! it, the pots' winners as collected lines, and a summary written from the site's own.

use std::borrow::Cow;

use super::collected::{push_written, written};
use super::lines::{who, Line};
use super::ongame_lines::{amount_of, cards, signed, SUMMARY};
use super::pokerstars::{err, Piece, StarsEvent, TextError};
use super::summary_piece;

/// The lines read, as the PokerStars reader takes them: each with its line in the text.
type Out<'t> = Vec<(usize, Piece<'t>)>;

/// The play (the lines after the seat list) and the summary in PokerStars' words, into `out`.
/// `seats` are the seat list's seats and names, `stacks` their starting stacks in hundredths,
/// `s` the currency symbol amounts are written with.
pub(super) fn play<'t>(
    lines: &[Line<'t>],
    seats: &[(u32, &'t str)],
    stacks: &[i64],
    s: Option<char>,
    out: &mut Out<'t>,
) -> Result<(), TextError> {
    let k = seats.len();
    let mut put = vec![0i64; k];
    let mut street = vec![0i64; k];
    let mut folded = vec![false; k];
    let mut acted = vec![false; k];
    let mut boards: Vec<(&str, String, usize)> = Vec::with_capacity(3);
    let mut small_posted = false;
    let mut big_posted = false;
    let mut summary_at = None;
    for (j, l) in lines.iter().enumerate() {
        let (n, t) = (l.number, l.text);
        if t == SUMMARY {
            summary_at = Some(j);
            break;
        }
        if t == "---" {
            continue;
        }
        if t == "Dealing pocket cards" {
            out.push((n, Cow::Borrowed("*** HOLE CARDS ***").into()));
            continue;
        }
        if let Some(st) = t.strip_prefix("--- Dealing ") {
            let Some(name) = ["flop", "turn", "river"].into_iter().find(|w| st.starts_with(w))
            else {
                return err(n, format!("expected `--- Dealing flop/turn/river [...]`, not `{t}`"));
            };
            let Some(board) = cards(st) else {
                return err(n, "expected the board cards in `[...]`");
            };
            // Once all are all in, OnGame deals the streets left and writes those dealt
            // before again: a street named again with its own cards is passed over.
            if let Some((_, before, at)) = boards.iter().find(|(w, ..)| *w == name) {
                if *before == board {
                    continue;
                }
                return err(n, format!("the {name} is dealt again with other cards: {board}, after {before} at line {at}"));
            }
            boards.push((name, board.clone(), n));
            street.iter_mut().for_each(|x| *x = 0);
            let mut line = String::with_capacity(12 + name.len() + board.len());
            line.push_str("*** ");
            line.extend(name.chars().map(|c| c.to_ascii_uppercase()));
            line.push_str(" *** ");
            line.push_str(&board);
            out.push((n, line.into()));
            continue;
        }
        if let Some(rest) = t.strip_prefix("Dealing to ") {
            let Some(c) = super::lines::rfind(rest, ": [") else {
                return err(n, format!("expected `Dealing to NAME: [cards]`, not `{t}`"));
            };
            let dealt = cards(&rest[c..]).unwrap_or_default();
            let mut line = String::with_capacity(10 + c + dealt.len());
            line.push_str("Dealt to ");
            line.push_str(&rest[..c]);
            line.push(' ');
            line.push_str(&dealt);
            out.push((n, line.into()));
            continue;
        }
        let Some((i, rest)) = who(seats, t) else {
            return err(
                n,
                format!("expected a line of the play (an action of a seated player, a street), not `{t}`"),
            );
        };
        let (rest, all_in) = match rest.strip_suffix("[all in]") {
            Some(r) => (r.trim_end(), true),
            None => (rest, false),
        };
        acted[i] = true;
        let name = seats[i].1;
        let left = stacks[i].saturating_sub(put[i]);
        let mut say = |w: Piece<'t>| out.push((n, w));
        let all_in_words = if all_in { " and is all-in" } else { "" };
        // `(X)` or `X`.
        let posted = |x: &str| amount_of(x.trim().trim_start_matches('(').trim_end_matches(')'), n);
        // A second small blind posted all in before any big blind is the big blind, for
        // less (OnGame names it so).
        let second_small = small_posted && !big_posted && all_in;
        if let Some(x) = rest.strip_prefix("posts small blind ").filter(|_| !second_small) {
            small_posted = true;
            let c = posted(x)?;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            say(Piece::said(i, name, &["posts small blind #", all_in_words].concat(), &[c], s));
        } else if let Some(x) = rest
            .strip_prefix("posts big blind ")
            .or_else(|| rest.strip_prefix("posts small blind "))
        {
            big_posted = true;
            let c = posted(x)?;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            say(Piece::said(i, name, &["posts big blind #", all_in_words].concat(), &[c], s));
        } else if let Some(x) = rest.strip_prefix("posts ante ") {
            let c = posted(x)?;
            put[i] = put[i].saturating_add(c);
            say(Piece::said(i, name, "posts the ante #", &[c], s));
        } else if rest == "folds" {
            folded[i] = true;
            say(Piece::said(i, name, "folds", &[], s));
        } else if rest == "checks" {
            say(Piece::said(i, name, "checks", &[], s));
        } else if let Some(x) = rest.strip_prefix("calls ") {
            let c = amount_of(x, n)?;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            say(Piece::said(i, name, "calls #", &[c], s));
        } else if let Some(x) = rest.strip_prefix("bets ") {
            let c = amount_of(x, n)?;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            say(Piece::said(i, name, "bets #", &[c], s));
        } else if let Some(x) = rest.strip_prefix("raises ") {
            let Some((by, to)) = super::lines::split_once(x, " to ") else {
                return err(n, format!("expected `raises X to Y`, not `{t}`"));
            };
            let (by, to) = (amount_of(by, n)?, amount_of(to, n)?);
            // OnGame's first amount is the chips the raise puts in, its second the player's
            // bet on the street after it.
            if by != to.saturating_sub(street[i]) {
                return err(
                    n,
                    format!(
                        "{name} raises {} to {}, but with {} in on this street a raise to {} puts in {}",
                        written(by, s),
                        written(to, s),
                        written(street[i], s),
                        written(to, s),
                        written(to.saturating_sub(street[i]), s)
                    ),
                );
            }
            let top = street.iter().copied().max().unwrap_or(0);
            // A raise over players all in (or to no more than the bet) is a call: the rules
            // let no one raise then, and the site gives back what it adds.
            let others_all_in =
                (0..k).filter(|&j| j != i && !folded[j]).all(|j| put[j] >= stacks[j]);
            if to <= top || others_all_in {
                let call = top.saturating_sub(street[i]).min(left).max(0);
                put[i] = put[i].saturating_add(call);
                street[i] = street[i].saturating_add(call);
                if call > 0 {
                    say(Piece::said(i, name, "calls #", &[call], s));
                } else {
                    say(Piece::said(i, name, "checks", &[], s));
                }
            } else {
                put[i] = put[i].saturating_add(by);
                street[i] = to;
                say(Piece::said(i, name, "raises # to #", &[to - top, to], s));
            }
        } else {
            return err(
                n,
                format!(
                    "expected an action after `{name}` (posts, folds, checks, calls, bets, raises), not `{rest}`"
                ),
            );
        }
    }
    let Some(at) = summary_at else {
        // No summary: the reader finds the hand cut off.
        return Ok(());
    };
    summary(&lines[at..], seats, stacks, (&folded, &acted), s, out)
}

/// One pot of the summary: its line, its amount before the rake and each winner's share after
/// it.
pub(super) struct Pot {
    pub line: usize,
    pub amount: i64,
    pub winners: Vec<(usize, i64)>,
}

/// The summary (from its `Summary:` line) in PokerStars' words: the pots' winners as collected
/// lines, `Total pot X | Rake Y`, and a line for each seat. Each seat's net must be its
/// finishing stack less its starting stack.
fn summary<'t>(
    lines: &[Line<'t>],
    seats: &[(u32, &'t str)],
    stacks: &[i64],
    (folded, acted): (&[bool], &[bool]),
    s: Option<char>,
    out: &mut Out<'t>,
) -> Result<(), TextError> {
    let start = lines.first().map_or(0, |l| l.number);
    let Read { pots, rake, seats: said } = read_summary(lines, seats, stacks)?;
    let pots_at = pots[0].line;
    let many = pots.len() > 1;
    let mut won = vec![0i64; seats.len()];
    let mut listed = String::new();
    let mut after_rakes = Vec::new();
    for (k, p) in pots.iter().enumerate() {
        let name = match (many, k) {
            (false, _) => Cow::Borrowed("pot"),
            (true, 0) => Cow::Borrowed("main pot"),
            (true, k) => Cow::Owned(format!("side pot-{k}")),
        };
        let mut after_rake = 0i64;
        for &(i, c) in &p.winners {
            won[i] = won[i].saturating_add(c);
            after_rake = after_rake.saturating_add(c);
            let who = seats[i].1;
            let mut line = String::with_capacity(32 + who.len() + name.len());
            line.push_str(who);
            line.push_str(" collected ");
            push_written(&mut line, c, s);
            line.push_str(" from ");
            line.push_str(&name);
            let event = |a| StarsEvent::Collected(i, a, name.to_string());
            out.push((p.line, Piece::with_amount(c, event, || line)));
        }
        if many {
            after_rakes.push(after_rake);
            let title = if k == 0 { "Main pot".to_string() } else { format!("Side pot-{k}") };
            listed.push_str(&format!(" {title} {}.", written(after_rake, s)));
        }
    }
    let total = pots.iter().fold(0i64, |a, p| a.saturating_add(p.amount));
    out.push((start, Cow::Borrowed("*** SUMMARY ***").into()));
    let text = || {
        let mut line = String::with_capacity(32 + listed.len());
        line.push_str("Total pot ");
        push_written(&mut line, total, s);
        line.push_str(&listed);
        line.push_str(" | Rake ");
        push_written(&mut line, rake.unwrap_or(0), s);
        line
    };
    let rake = rake.unwrap_or(0);
    out.push((pots_at, summary_piece::total((total, rake), &after_rakes, pots_at, text)));
    for (i, &(line, ref shown)) in said.iter().enumerate() {
        // A seat the play never names (no blind, no action) was not dealt in: it sat out.
        if !acted[i] && won[i] == 0 {
            continue;
        }
        let shown = shown.as_deref().filter(|_| !folded[i]);
        out.push((line, summary_piece::seat(seats, i, (folded[i], shown), won[i], s, line)));
    }
    Ok(())
}

/// The summary's lines, read: its pots (one at least), the rake it took and, for each seat,
/// the line that gives its result and the cards it shows there.
pub(super) struct Read {
    pub(super) pots: Vec<Pot>,
    pub(super) rake: Option<i64>,
    pub(super) seats: Vec<(usize, Option<String>)>,
}

/// Reads the summary (from its `Summary:` line): `Main pot` and `Side pot N` lines, `Rake
/// taken:` and a line for each seat, each held to the seat's stack ([`seat_result`]).
pub(super) fn read_summary(
    lines: &[Line<'_>],
    seats: &[(u32, &str)],
    stacks: &[i64],
) -> Result<Read, TextError> {
    let start = lines.first().map_or(0, |l| l.number);
    let mut pots: Vec<Pot> = Vec::new();
    let mut rake = None;
    let mut said: Vec<(usize, Option<String>)> = vec![(start, None); seats.len()];
    for l in lines.iter().skip(1) {
        let (n, t) = (l.number, l.text);
        if t.starts_with("***** End of hand") {
            continue;
        }
        if t.starts_with("Main pot") || t.starts_with("Side pot") {
            pots.push(pot(t, n, seats)?);
        } else if let Some(x) = t.strip_prefix("Rake taken: ") {
            rake = Some(amount_of(x, n)?);
        } else if t.starts_with("Seat ") {
            let (i, shown) = seat_result(t, n, seats, stacks)?;
            said[i] = (n, shown);
        } else {
            return err(
                n,
                format!("expected a line of the summary (`Main pot:`, `Side pot N:`, `Rake taken:`, `Seat N:`), not `{t}`"),
            );
        }
    }
    if pots.is_empty() {
        return err(start, "expected `Main pot: X won by NAME (Y)` in the summary");
    }
    Ok(Read { pots, rake, seats: said })
}

/// A pot line: `Main pot: $225 won by NAME ($223)`, `Side pot 1: 330 won by A (165 High), B
/// (165 Low)`.
pub(super) fn pot(t: &str, n: usize, seats: &[(u32, &str)]) -> Result<Pot, TextError> {
    let expected =
        || format!("expected `Main pot: X won by NAME (Y)` or `Side pot N: ...`, not `{t}`");
    let (Some(colon), Some(by)) = (super::lines::find(t, ": "), super::lines::find(t, " won by "))
    else {
        return err(n, expected());
    };
    if by < colon + 2 {
        return err(n, expected());
    }
    let amount = amount_of(&t[colon + 2..by], n)?;
    let mut rest = &t[by + 8..];
    let mut winners = Vec::with_capacity(2);
    loop {
        let Some((i, after)) = who(seats, rest) else {
            return err(n, format!("expected a seated player's name in `{rest}`"));
        };
        let Some((inside, more)) = after.strip_prefix('(').and_then(|a| a.split_once(')')) else {
            return err(
                n,
                format!("expected the amount won in parentheses after `{}`", seats[i].1),
            );
        };
        // `$223`, `165 High`, `896 Low`.
        let share = inside.split_whitespace().next().unwrap_or_default();
        winners.push((i, amount_of(share, n)?));
        rest = more.trim_start();
        if rest.is_empty() {
            break;
        }
        let Some(next) = rest.strip_prefix(',') else {
            return err(n, format!("expected `, NAME (X)` or the line's end, not `{rest}`"));
        };
        rest = next.trim_start();
    }
    Ok(Pot { line: n, amount, winners })
}

/// A seat's line of the summary (`Seat 4: NAME ($599), net: -$110, [Ah, Kd] (PAIR ACE)`): the
/// seat (an index of `seats`) and the cards shown in PokerStars' words. Its net must be its
/// finishing stack less its starting stack.
pub(super) fn seat_result(
    t: &str,
    n: usize,
    seats: &[(u32, &str)],
    stacks: &[i64],
) -> Result<(usize, Option<String>), TextError> {
    let expected = || format!("expected `Seat N: NAME (STACK), net: X`, not `{t}`");
    let Some((seat, body)) =
        t.strip_prefix("Seat ").and_then(|r| super::lines::split_once(r, ": "))
    else {
        return err(n, expected());
    };
    let seat: u32 = seat.parse().map_err(|_| TextError { line: n, why: expected() })?;
    let Some(i) = seats.iter().position(|&(s, _)| s == seat) else {
        return err(n, format!("seat {seat} is not in the seat list"));
    };
    let name = seats[i].1;
    let Some(after) = body.strip_prefix(name).and_then(|a| a.strip_prefix(" (")) else {
        return err(n, format!("expected seat {seat}'s player {name} in `{t}`"));
    };
    let Some((stack, tail)) = after.split_once(')') else {
        return err(n, expected());
    };
    let stack = amount_of(stack, n)?;
    let (net, tail) = match tail.strip_prefix(", net: ") {
        Some(x) => {
            let end = super::lines::find(x, ", ").unwrap_or(x.len());
            (Some(signed(&x[..end], n)?), &x[end..])
        }
        None => (None, tail),
    };
    if let Some(net) = net
        && stacks[i].checked_add(net) != Some(stack)
    {
        return err(
            n,
            format!(
                "{name}'s net {}{} is not the finishing stack {} less the starting stack {}",
                if net < 0 { "-" } else { "+" },
                written(net.saturating_abs(), s_of(t)),
                written(stack, s_of(t)),
                written(stacks[i], s_of(t))
            ),
        );
    }
    let shown = if tail.contains('[') { cards(tail) } else { None };
    Ok((i, shown))
}

/// The currency symbol a line writes amounts with, if any.
fn s_of(t: &str) -> Option<char> {
    t.chars().find(|c| matches!(c, '$' | '€' | '£'))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEATS: [(u32, &str); 3] = [(1, "KREST 78"), (4, "KREST"), (9, "Lee (b)")];

    #[test]
    fn a_pot_line_names_each_winner_and_share_longest_name_first() {
        let p = pot("Side pot 1: 330 won by KREST 78 (165 High), Lee (b) (165 Low)", 7, &SEATS)
            .unwrap();
        assert_eq!((p.line, p.amount, p.winners), (7, 33_000, vec![(0, 16_500), (2, 16_500)]));
        let p = pot("Main pot: $1,020.50 won by KREST ($1,000)", 7, &SEATS).unwrap();
        assert_eq!((p.amount, p.winners), (102_050, vec![(1, 100_000)]));
        for bad in [
            "Main pot: won by KREST ($1)",
            "Main pot: $4 won by Nobody ($4)",
            "Main pot: $4 won by KREST $4",
            "Main pot: $4 won by KREST ($4) and more",
            "Main pot $4",
        ] {
            assert!(pot(bad, 7, &SEATS).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_summary_seat_gives_the_cards_shown_and_its_net_must_agree_with_its_stack() {
        let stacks = [100_000, 5_000, 2_000];
        let line = "Seat 1: KREST 78 ($1,050), net: +$50, [Ah, Kd] (PAIR ACE)";
        assert_eq!(seat_result(line, 9, &SEATS, &stacks).unwrap(), (0, Some("[Ah Kd]".into())));
        let line = "Seat 4: KREST ($50), net: -$0.00";
        assert_eq!(seat_result(line, 9, &SEATS, &stacks).unwrap(), (1, None));
        let wrong = seat_result("Seat 9: Lee (b) ($30), net: +$5", 9, &SEATS, &stacks).unwrap_err();
        assert_eq!(
            wrong.why,
            "Lee (b)'s net +$5 is not the finishing stack $30 less the starting stack $20"
        );
        assert!(seat_result("Seat 2: KREST ($50)", 9, &SEATS, &stacks).is_err());
        assert!(seat_result("Seat 4: Other ($50)", 9, &SEATS, &stacks).is_err());
    }
}
