//! The play and the summary of a Chico hand in PokerStars' words ([`super::chico_lines`]).
//!
//! | Chico writes | read as |
//! |---|---|
//! | `NAME: ante processed 10.00` (`0.00` at cash tables) | `NAME: posts the ante 10`; an ante of nothing is left out |
//! | `NAME: post dead 0.50` (the big blind's amount) | `NAME: posts small & big blinds $0.75`: the small blind dead, the big one live |
//! | `NAME: raises 250.00 to 300.00` (the chips put in, then the player's bet on the street) | `NAME: raises 200 to 300`, the raise over the bet before |
//! | `... and is all in` | `... and is all-in` |
//! | `*** TURN *** [6c 7s Qc][10d]`, `NAME shows Qh Ac` | `*** TURN *** [6c 7s Qc] [Td]`, `NAME: shows [Qh Ac]` |
//! | `Total pot 0.42 \| Rake 0.04` before the summary | left out: the summary says the same pots |
//! | `Seat 5: NAME showed [Jd 8s] and won (0.04)`, `collected (14.83)` | `NAME collected $0.04 from pot`, and the seat's line |
//! | `Total pot 14.83 \| Rake 0.78` in the summary | `Total pot X \| Rake $0.78`, X what the seats won and the rake together |
//!
//! The summary's `Total pot` is what the last pot paid after the rake, not the pot: the pot is
//! what the seats are said to have won, and the rake, which `--check` holds to what the players
//! put in. A seat the play never names (no blind, no action, no cards shown) was not dealt in,
//! whatever its seat line says (`- Sitting out` is written of players who play the hand, and
//! not of some who do not).

use std::borrow::Cow;

use super::collected::{push_written, written};
use super::lines::{find, split_once, who, Line};
use super::p888_lines::{cents, plain_cents};
use super::pokerstars::{err, Piece, StarsEvent, TextError};
use super::summary_piece;

/// An amount as Chico writes it (`1450.00`, `$0.25`), in hundredths, or what is wrong.
pub(super) fn amount_of(text: &str, n: usize) -> Result<i64, TextError> {
    // Most amounts are digits with perhaps cents and a currency sign: read at once.
    if let Some(c) = plain_cents(text.strip_prefix(['$', '€', '£']).unwrap_or(text)) {
        return Ok(c);
    }
    let t = text.trim();
    let digits = t.trim_start_matches(['$', '€', '£']);
    let plain = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && digits.bytes().filter(|&b| b == b'.').count() <= 1;
    match cents(digits).filter(|_| plain) {
        Some(c) => Ok(c),
        None => err(n, format!("expected an amount (`1450.00`), not `{t}`")),
    }
}

/// The lines read, as the PokerStars reader takes them: each with its line in the text.
pub(super) type Out<'t> = Vec<(usize, Piece<'t>)>;

/// The table a hand is played at.
pub(super) struct Table<'a> {
    /// Each seat's number (counted from 1) and player.
    pub seats: &'a [(u32, &'a str)],
    /// The blinds (no and pot limit) or bets (fixed limit) of the header, in hundredths.
    pub blinds: (i64, i64),
    /// What the seats' numbers were moved by: 1 when the site counts them from 0.
    pub shift: u32,
    /// The currency symbol amounts are written with.
    pub symbol: Option<char>,
}

/// The seat whose player's name begins `t` followed by `: `, the longest such name, and what
/// follows.
pub(super) fn who_colon<'t>(seats: &[(u32, &str)], t: &'t str) -> Option<(usize, &'t str)> {
    super::lines::who_then(seats, t, ": ")
}

/// Cards as PokerStars writes them, one space between them: `10d` is `Td`.
pub(super) fn card_words(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    push_card_words(&mut out, t);
    out
}

/// [`card_words`], onto the end of `out` (after what it holds: the first card gets no space
/// before it when `out` is empty).
fn push_card_words(out: &mut String, t: &str) {
    let start = out.len();
    // An ASCII text's words are split at its ASCII spaces (the spaces `split_whitespace`
    // splits at, in ASCII), without decoding characters.
    if t.is_ascii() {
        let space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
        for c in t.as_bytes().split(space).filter(|c| !c.is_empty()) {
            if out.len() > start {
                out.push(' ');
            }
            match c {
                [b'1', b'0', suit] => {
                    out.push('T');
                    out.push(char::from(*suit));
                }
                // ASCII: a string's bytes.
                _ => out.push_str(std::str::from_utf8(c).unwrap_or_default()),
            }
        }
        return;
    }
    for c in t.split_whitespace() {
        if out.len() > start {
            out.push(' ');
        }
        match c.strip_prefix("10") {
            Some(suit) if suit.len() == 1 => {
                out.push('T');
                out.push_str(suit);
            }
            _ => out.push_str(c),
        }
    }
}

/// `NAME: shows [CARDS]`.
fn shows(name: &str, cards: &str) -> String {
    let mut line = String::with_capacity(10 + name.len() + cards.len());
    line.push_str(name);
    line.push_str(": shows [");
    line.push_str(cards);
    line.push(']');
    line
}

/// `[CARDS]`.
fn in_brackets(cards: &str) -> String {
    let mut t = String::with_capacity(2 + cards.len());
    t.push('[');
    t.push_str(cards);
    t.push(']');
    t
}

/// A line's bracketed cards in PokerStars' words: `[6c 7s Qc][10d]` is `[6c 7s Qc] [Td]`.
fn bracketed(t: &str) -> String {
    let mut out = String::with_capacity(t.len() + 4);
    let mut rest = t;
    // `[` and `]` are never part of another character: searched for as bytes.
    let at = |t: &str, from: usize, c: u8| t.as_bytes()[from..].iter().position(|&b| b == c);
    while let Some(open) = at(rest, 0, b'[') {
        let Some(close) = at(rest, open, b']').map(|k| open + k) else { break };
        let before = rest[..open].trim_end();
        out.push_str(before);
        if !out.is_empty() {
            out.push(' ');
        }
        out.push('[');
        push_card_words(&mut out, &rest[open + 1..close]);
        out.push(']');
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The words of an action that moves no chips (`NAME: sits out`).
const QUIET: [&str; 8] = [
    "sits out",
    "is sitting out",
    "has timed out",
    "has returned",
    "is disconnected",
    "is connected",
    "mucks",
    "doesn't show",
];

/// The play (the lines after the seat list) and the summary in PokerStars' words, into `out`;
/// the reason the hand is not replayed, if one is found.
pub(super) fn play<'t>(
    lines: &[Line<'t>],
    table: &Table<'_>,
    out: &mut Out<'t>,
) -> Result<Option<String>, TextError> {
    let Table { seats, blinds: (small, big), symbol: s, .. } = *table;
    let k = seats.len();
    let mut put = vec![0i64; k];
    let mut street = vec![0i64; k];
    let mut folded = vec![false; k];
    let mut acted = vec![false; k];
    let mut shown: Vec<Option<String>> = vec![None; k];
    let mut refusal = None;
    let mut board: Vec<String> = Vec::with_capacity(5);
    let mut showdown = None;
    let w = |c: i64| written(c, s);
    for (j, l) in lines.iter().enumerate() {
        let (n, t) = (l.number, l.text);
        if t == "*** SUMMARY ***" {
            let seen =
                Seen { folded: &folded, acted: &acted, shown: &mut shown, board: &board, showdown };
            summary(&lines[j..], table, seen, out)?;
            return Ok(refusal);
        }
        if t.starts_with("*** ") {
            let t = bracketed(t);
            if ["*** FLOP", "*** TURN", "*** RIVER"].iter().any(|x| t.starts_with(x)) {
                street.iter_mut().for_each(|x| *x = 0);
                // The street's new cards are in the last brackets.
                if let Some(open) = t.rfind('[') {
                    board.extend(
                        t[open + 1..].trim_end_matches(']').split_whitespace().map(String::from),
                    );
                }
            } else if t.starts_with("*** SHOW DOWN") {
                showdown = Some(out.len());
            }
            out.push((n, t.into()));
            continue;
        }
        if t.starts_with("Dealt to ") {
            out.push((n, bracketed(t).into()));
            continue;
        }
        if let Some(rest) = t.strip_prefix("Uncalled bet (") {
            let Some((x, name)) = split_once(rest, ") returned to ") else {
                return err(n, format!("expected `Uncalled bet (X) returned to NAME`, not `{t}`"));
            };
            let mut line = String::with_capacity(32 + name.len());
            line.push_str("Uncalled bet (");
            push_written(&mut line, amount_of(x, n)?, s);
            line.push_str(") returned to ");
            line.push_str(name);
            out.push((n, line.into()));
            continue;
        }
        // A pot paid before the summary, which the summary's seats say again.
        if t.starts_with("Total pot ") {
            continue;
        }
        if let Some((i, verb)) = who_colon(seats, t) {
            let name = seats[i].1;
            let (verb, all_in) = match verb
                .strip_suffix(" and is all in")
                .or_else(|| verb.strip_suffix(" and is all-in"))
            {
                Some(v) => (v.trim_end(), " and is all-in"),
                None => (verb, ""),
            };
            let mut say = |x: Piece<'t>| out.push((n, x));
            if let Some(x) = verb.strip_prefix("ante processed ") {
                let c = amount_of(x, n)?;
                if c > 0 {
                    acted[i] = true;
                    put[i] = put[i].saturating_add(c);
                    say(Piece::said(i, name, "posts the ante #", &[c], s));
                }
            } else if let Some(x) =
                verb.strip_prefix("post dead ").or_else(|| verb.strip_prefix("posts dead "))
            {
                let c = amount_of(x, n)?;
                acted[i] = true;
                if c == big && big > 0 {
                    let both = c.saturating_add(small);
                    put[i] = put[i].saturating_add(both);
                    street[i] = street[i].saturating_add(c);
                    say(Piece::said(i, name, "posts small & big blinds #", &[both], s));
                } else if c > 0 {
                    refusal.get_or_insert(format!("line {n}: {name} posts a dead blind of {}, not the big blind of {}: which part of it is live is not written", w(c), w(big)));
                }
            } else if let Some(x) = verb.strip_prefix("posts small blind ") {
                let c = amount_of(x, n)?;
                acted[i] = true;
                put[i] = put[i].saturating_add(c);
                street[i] = street[i].saturating_add(c);
                say(Piece::said(i, name, &["posts small blind #", all_in].concat(), &[c], s));
            } else if let Some(x) = verb.strip_prefix("posts big blind ") {
                let c = amount_of(x, n)?;
                acted[i] = true;
                put[i] = put[i].saturating_add(c);
                street[i] = street[i].saturating_add(c);
                say(Piece::said(i, name, &["posts big blind #", all_in].concat(), &[c], s));
            } else if verb == "folds" {
                acted[i] = true;
                folded[i] = true;
                say(Piece::said(i, name, "folds", &[], s));
            } else if verb == "checks" {
                acted[i] = true;
                say(Piece::said(i, name, "checks", &[], s));
            } else if let Some((verb, x)) =
                verb.split_once(' ').filter(|(v, _)| matches!(*v, "calls" | "bets"))
            {
                let c = amount_of(x, n)?;
                acted[i] = true;
                put[i] = put[i].saturating_add(c);
                street[i] = street[i].saturating_add(c);
                let words = if verb == "calls" { "calls #" } else { "bets #" };
                say(Piece::said(i, name, &[words, all_in].concat(), &[c], s));
            } else if let Some(x) = verb.strip_prefix("raises ") {
                let Some((by, to)) = split_once(x, " to ") else {
                    return err(n, format!("expected `raises X to Y`, not `{t}`"));
                };
                let (by, to) = (amount_of(by, n)?, amount_of(to, n)?);
                // The first amount is the chips the raise puts in, the second the player's
                // bet on the street after it.
                let added = to.saturating_sub(street[i]);
                if by != added {
                    return err(n, format!("{name} raises {} to {}, but with {} in on this street a raise to {} puts in {}", w(by), w(to), w(street[i]), w(to), w(added)));
                }
                acted[i] = true;
                let top = street.iter().copied().max().unwrap_or(0);
                put[i] = put[i].saturating_add(by);
                street[i] = to;
                if to <= top {
                    // All in for no more than the bet: a call.
                    say(Piece::said(i, name, &["calls #", all_in].concat(), &[by], s));
                } else {
                    say(Piece::said(
                        i,
                        name,
                        &["raises # to #", all_in].concat(),
                        &[to - top, to],
                        s,
                    ));
                }
            } else if let Some(x) = verb.strip_prefix("shows ") {
                acted[i] = true;
                let cards = card_words(x.trim_start_matches('[').trim_end_matches(']'));
                say(shows(name, &cards).into());
                shown[i] = Some(in_brackets(&cards));
            } else if QUIET.iter().any(|q| verb.starts_with(q)) {
                let mut line = String::with_capacity(2 + name.len() + verb.len());
                line.push_str(name);
                line.push_str(": ");
                line.push_str(verb);
                say(line.into());
            } else {
                return err(n, format!("expected an action after `{name}:` (ante processed, posts, post dead, folds, checks, calls, bets, raises, shows), not `{verb}`"));
            }
            continue;
        }
        if let Some((i, rest)) = who(seats, t)
            && let Some(x) = rest.strip_prefix("shows ")
        {
            acted[i] = true;
            let cards = card_words(x.trim_start_matches('[').trim_end_matches(']'));
            out.push((n, shows(seats[i].1, &cards).into()));
            shown[i] = Some(in_brackets(&cards));
            continue;
        }
        // Players joining, leaving or chatting: nothing that moves chips (the PokerStars
        // reader refuses an action by a name the seat list does not hold).
        out.push((n, Cow::Borrowed(t).into()));
    }
    // No summary: the reader finds the hand cut off.
    Ok(refusal)
}

/// What the play showed of each seat.
struct Seen<'a> {
    folded: &'a [bool],
    acted: &'a [bool],
    shown: &'a mut [Option<String>],
    /// The board cards the play dealt.
    board: &'a [String],
    /// Where `*** SHOW DOWN ***` stands in the lines read, if written.
    showdown: Option<usize>,
}

/// The summary (from its `*** SUMMARY ***` line) in PokerStars' words: the seats' winnings as
/// collected lines, `Total pot X | Rake Y` with X what they won and the rake, the board, and a
/// line for each seat dealt in.
fn summary<'t>(
    lines: &[Line<'t>],
    table: &Table<'_>,
    seen: Seen<'_>,
    out: &mut Out<'t>,
) -> Result<(), TextError> {
    let Table { seats, shift, symbol: s, .. } = *table;
    let start = lines.first().map_or(0, |l| l.number);
    let mut total_at = None;
    let mut rake = 0i64;
    let mut board = None;
    let mut won = vec![0i64; seats.len()];
    let mut seat_at = vec![start; seats.len()];
    let mut collected: Out<'t> = Vec::with_capacity(2);
    for l in lines.iter().skip(1) {
        let (n, t) = (l.number, l.text);
        if let Some(rest) = t.strip_prefix("Total pot ") {
            if total_at.is_none() {
                total_at = Some(n);
                if let Some((_, r)) = split_once(rest, "| Rake ") {
                    rake = amount_of(r, n)?;
                }
            }
        } else if t.starts_with("Board [") {
            board.get_or_insert((n, bracketed(t)));
        } else if let Some(rest) = t.strip_prefix("Seat ")
            && let Some((seat, body)) = super::lines::split_once(rest, ": ")
        {
            let Some(i) = seat
                .parse::<u32>()
                .ok()
                .and_then(|x| seats.iter().position(|&(q, _)| q == x.saturating_add(shift)))
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
            for mark in ["collected (", "and won ("] {
                if let Some(k) = find(after, mark) {
                    let x = &after[k + mark.len()..];
                    let c = amount_of(x.split(')').next().unwrap_or_default(), n)?;
                    if c > 0 {
                        won[i] = won[i].saturating_add(c);
                        let text = || {
                            let mut line = String::with_capacity(32 + name.len());
                            line.push_str(name);
                            line.push_str(" collected ");
                            push_written(&mut line, c, s);
                            line.push_str(" from pot");
                            line
                        };
                        let event = |a| StarsEvent::Collected(i, a, "pot".into());
                        collected.push((n, Piece::with_amount(c, event, text)));
                    }
                }
            }
            if let Some(k) = find(after, "showed [") {
                let x = &after[k + 8..];
                let cards = card_words(x.split(']').next().unwrap_or_default());
                seen.shown[i].get_or_insert_with(|| in_brackets(&cards));
            }
        }
        // Anything else (chat after the hand) moves no chips.
    }
    let Some(total_at) = total_at else {
        return err(start, "expected `Total pot X | Rake Y` in the summary");
    };
    // Once all are all in, the streets left are dealt without their lines: the summary's
    // board gives them, before the showdown.
    if let Some((n, b)) = &board {
        let cards: Vec<&str> =
            b.trim_start_matches("Board [").trim_end_matches(']').split_whitespace().collect();
        if cards.len() > seen.board.len() && cards.len() <= 5 && cards.len() >= 3 {
            if cards[..seen.board.len()].iter().zip(seen.board).any(|(a, b)| a != b) {
                return err(
                    *n,
                    format!(
                        "the summary's `{b}` does not begin with the cards dealt in the play ({})",
                        seen.board.join(" ")
                    ),
                );
            }
            let mut streets = Vec::with_capacity(3);
            for (k, name) in [(3, "FLOP"), (4, "TURN"), (5, "RIVER")] {
                if k > seen.board.len() && k <= cards.len() {
                    let line = if k == 3 {
                        format!("*** FLOP *** [{}]", cards[..3].join(" "))
                    } else {
                        format!("*** {name} *** [{}] [{}]", cards[..k - 1].join(" "), cards[k - 1])
                    };
                    streets.push((*n, Piece::from(line)));
                }
            }
            let at = seen.showdown.unwrap_or(out.len()).min(out.len());
            out.splice(at..at, streets);
        }
    }
    // A player in the showdown who shows nothing while another shows, and wins nothing,
    // mucks. One who wins a pot without showing (a side pot nobody else was in) keeps the
    // cards unknown: the replay cannot settle the pots that player lost.
    let showed = (0..seats.len()).any(|i| !seen.folded[i] && seen.shown[i].is_some());
    for i in 0..seats.len() {
        if showed && seen.acted[i] && !seen.folded[i] && seen.shown[i].is_none() && won[i] == 0 {
            out.push((start, Piece::Event(StarsEvent::Mucks(i))));
        }
    }
    out.append(&mut collected);
    let paid = won.iter().fold(0i64, |a, &c| a.saturating_add(c));
    out.push((start, Cow::Borrowed("*** SUMMARY ***").into()));
    let text = || {
        format!("Total pot {} | Rake {}", written(paid.saturating_add(rake), s), written(rake, s))
    };
    out.push((
        total_at,
        summary_piece::total((paid.saturating_add(rake), rake), &[], total_at, text),
    ));
    if let Some((n, b)) = board {
        out.push((n, b.into()));
    }
    for i in 0..seats.len() {
        if !seen.acted[i] && won[i] == 0 {
            continue;
        }
        let shown = seen.shown[i].as_deref().filter(|_| !seen.folded[i]);
        let said = summary_piece::seat(seats, i, (seen.folded[i], shown), won[i], s, seat_at[i]);
        out.push((seat_at[i], said));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_are_put_in_pokerstars_words() {
        assert_eq!(bracketed("*** TURN *** [6c 7s Qc][10d]"), "*** TURN *** [6c 7s Qc] [Td]");
        assert_eq!(bracketed("Dealt to Hero [10h 10c]"), "Dealt to Hero [Th Tc]");
        assert_eq!(card_words("Qh 10s"), "Qh Ts");
    }

    #[test]
    fn amounts_are_plain_numbers() {
        assert_eq!(amount_of("1450.00", 3), Ok(145_000));
        assert_eq!(amount_of("$0.25", 3), Ok(25));
        for bad in ["1.0x", "lots", "", "1.2.3", "-5"] {
            assert!(amount_of(bad, 3).unwrap_err().why.contains("expected an amount"), "{bad}");
        }
    }

    #[test]
    fn a_name_with_a_colon_is_matched_whole() {
        let seats = [(1, "a"), (2, "a: b")];
        assert_eq!(who_colon(&seats, "a: b: folds"), Some((1, "folds")));
        assert_eq!(who_colon(&seats, "a: folds"), Some((0, "folds")));
        assert_eq!(who_colon(&seats, "c: folds"), None);
    }
}
