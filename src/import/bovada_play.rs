//! The play and the summary of a Bovada hand (Ignition, Bodog) in PokerStars' words: each
//! action of a player named by position, the all-ins told apart as calls, bets and raises by
//! the chips they put in, the uncalled bets and `Hand result` lines as PokerStars writes them,
//! and a summary written from the play with the total pot Bovada prints (see
//! [`super::bovada_lines`]).

use std::borrow::Cow;

use super::collected::Written;
use super::collected::{give_back, hold, push_number, push_written, uncalled, written};
use super::lines::Line;
use super::p888_lines::cents;
use super::pokerstars::{cents_amount, err, Piece, StarsEvent, Summary, SummarySeat, TextError};

/// Lines that move no chips in the hand: players coming and going, sitting out, drawing for
/// the button, tournament places and prizes.
pub(super) const PASSED: &[&str] = &[
    "Leave",
    "Enter",
    "Table enter user",
    "Table leave user",
    "Table deposit",
    "Seat sit out",
    "Seat sit down",
    "Seat sit in",
    "Seat re-join",
    "Seat stand",
    "Sit out",
    "Sitout",
    "Re-join",
    "Stand",
    "Draw for dealer",
    "Set dealer",
    "Ranking",
    "Prize Cash",
    "Table Info",
    "Does not show",
];

/// Whether `t` starts with one of [`PASSED`]'s words: looked for only when its first letter is
/// one of theirs (most lines are actions, whose first letters are others).
pub(super) fn passed(t: &str) -> bool {
    matches!(t.as_bytes().first(), Some(b'L' | b'E' | b'T' | b'S' | b'R' | b'D' | b'P'))
        && PASSED.iter().any(|p| t.starts_with(p))
}

/// Chips bought between hands, for the next hand.
const BOUGHT: &[&str] = &["Rebuyin ", "Double rebuys ", "Addon ", "Double addon "];

/// The amount ending a line (`Calls $0.50`).
fn last_amount(t: &str, n: usize) -> Result<i64, TextError> {
    let word = t.rsplit(' ').next().unwrap_or("");
    cents(word).ok_or_else(|| TextError {
        line: n,
        why: format!("expected an amount in cents at most at the end of `{t}`"),
    })
}

/// `X to Y` of a raise: Y, the bet it raises to; `None` when it names one amount only.
fn raised_to(t: &str, n: usize) -> Result<Option<i64>, TextError> {
    match super::lines::rfind(t, " to ").map(|k| &t[k + 4..]) {
        Some(to) => cents(to).map(Some).ok_or_else(|| TextError {
            line: n,
            why: format!("expected `Raises X to Y` with amounts in cents at most, not `{t}`"),
        }),
        None => Ok(None),
    }
}

/// The cards in a line's brackets (`[9c Th]`), as written.
fn cards(t: &str) -> Option<&str> {
    let open = t.find('[')?;
    let close = open + t[open..].find(']')?;
    Some(t[open + 1..close].trim())
}

/// What the play has done, seat by seat (amounts in hundredths).
struct Table<'a> {
    seats: &'a [(u32, String, i64, usize)],
    /// Put in all the hand.
    put: Vec<i64>,
    /// Put in on the street.
    street: Vec<i64>,
    /// Added by a raise over players all in beyond its call, for Bovada to return.
    surplus: Vec<i64>,
    folded: Vec<bool>,
    /// The hole cards dealt, as written.
    dealt: Vec<Option<&'a str>>,
    shown: Vec<bool>,
    got: Vec<i64>,
}

impl Table<'_> {
    /// Whether every player still in besides `i` is all in (and there is one).
    fn others_all_in(&self, i: usize) -> bool {
        let mut others = (0..self.seats.len())
            .filter(|&j| j != i && self.dealt[j].is_some() && !self.folded[j])
            .peekable();
        others.peek().is_some() && others.all(|j| self.put[j] >= self.seats[j].2)
    }

    /// Seat `i` puts in `c` more.
    fn puts(&mut self, i: usize, c: i64) {
        self.put[i] = self.put[i].saturating_add(c);
        self.street[i] = self.street[i].saturating_add(c);
    }
}

/// The play and the summary, in PokerStars' words, into `out`; the reason the hand cannot be
/// replayed, if any.
pub(super) fn play<'o>(
    lines: &[Line<'o>],
    seats: &[(u32, String, i64, usize)],
    s: Option<char>,
    tournament: bool,
    out: &mut Vec<(usize, Piece<'o>)>,
) -> Result<Option<String>, TextError> {
    let k = seats.len();
    let mut t = Table {
        seats,
        put: vec![0; k],
        street: vec![0; k],
        surplus: vec![0; k],
        folded: vec![false; k],
        dealt: vec![None; k],
        shown: vec![false; k],
        got: vec![0; k],
    };
    let w = |c: i64| written(c, s);
    let mut summary_at = None;
    let mut hole_cards = false;
    let mut streets = 0;
    let mut total: Option<(i64, usize)> = None;
    let mut rake: Option<i64> = None;
    let mut board: Option<(usize, &str)> = None;
    let mut returned = false;
    let mut collected = Vec::new();
    let mut last_action = "";
    // The last name found though not written as the seat list writes it, and its seat.
    let mut spaced: Option<(&str, usize)> = None;
    for l in lines {
        let (n, text) = (l.number, l.text);
        if summary_at.is_some() {
            if let Some(x) = text.strip_prefix("Total Pot(") {
                let (pot, r) = match x.split_once('|') {
                    Some((p, r)) => (p, Some(r)),
                    None => (x, None),
                };
                let bad = || TextError {
                    line: n,
                    why: format!(
                        "expected `Total Pot($X)` or `Total Pot($X) | Rake ($Y)`, not `{text}`"
                    ),
                };
                total = Some((cents(pot.trim().trim_end_matches(')')).ok_or_else(bad)?, n));
                if let Some(r) = r {
                    let r = r.trim().strip_prefix("Rake").ok_or_else(bad)?;
                    let r = r.trim().trim_start_matches('(').trim_end_matches(')');
                    rake = Some(cents(r).ok_or_else(bad)?);
                }
            } else if text.starts_with("Board [") {
                board = cards(text).map(|c| (n, c));
            }
            continue;
        }
        if text == super::bovada_lines::SUMMARY {
            summary_at = Some(n);
            continue;
        }
        if text == "*** HOLE CARDS ***" {
            hole_cards = true;
            out.push((n, Cow::Borrowed("*** HOLE CARDS ***").into()));
            continue;
        }
        if let Some(street) = text.strip_prefix("*** ") {
            if !["FLOP", "TURN", "RIVER"].iter().any(|w| street.starts_with(w)) {
                return Ok(Some(format!(
                    "line {n}: `{text}`: feltkit reads Bovada's flop games, whose streets are the flop, turn and river"
                )));
            }
            streets += 1;
            last_action = "";
            t.street.iter_mut().for_each(|x| *x = 0);
            out.push((n, Cow::Borrowed(text).into()));
            continue;
        }
        let Some((who, verb)) = super::lines::split_once(text, " : ") else {
            if passed(text) {
                continue;
            }
            return err(
                n,
                format!("expected `POSITION : ACTION`, a street or the summary, not `{text}`"),
            );
        };
        // A name written as the seat list writes it is found by comparing it whole; one
        // written otherwise (`Big Blind  [ME]`) is looked for once.
        let i = seats.iter().position(|s| s.1 == who).or_else(|| match spaced {
            Some((w, i)) if w == who => Some(i),
            _ => {
                let i = seats.iter().position(|s| super::bovada_lines::same_name(&s.1, who))?;
                spaced = Some((who, i));
                Some(i)
            }
        });
        let Some(i) = i else {
            let name = super::bovada_lines::name_of(who);
            return err(n, format!("`{name}` acts, but the seat list names no such player"));
        };
        let name = seats[i].1.as_str();
        let verb = verb.trim();
        // The verb's first bytes in lower case, for the tests below that ignore case (none
        // looks at more than 32 bytes): copied on the stack, not allocated for every line.
        let mut head = [0u8; 32];
        let len = verb.len().min(head.len());
        head[..len].copy_from_slice(&verb.as_bytes()[..len]);
        head.make_ascii_lowercase();
        let lower = &head[..len];
        let say = |out: &mut Vec<(usize, Piece<'o>)>, words: &str, amounts: &[i64]| {
            out.push((n, Piece::said(i, name, words, amounts, s)));
        };
        if passed(verb) {
            continue;
        }
        // Bovada sometimes writes an action, a blind or a return again on the next line
        // (`Dealer : Raises 450 to 450` five times): a player never acts twice in a row on a
        // street, nor posts a blind or gets a bet back twice, so the copies are dropped.
        let betting = [
            "fold",
            "check",
            "call",
            "bet",
            "raise",
            "all-in",
            "small blind",
            "ante/small",
            "big blind",
            "return uncalled",
        ];
        if matches!(lower.first(), Some(b'f' | b'c' | b'b' | b'r' | b'a' | b's'))
            && betting.iter().any(|b| lower.starts_with(b.as_bytes()))
        {
            if text == last_action {
                continue;
            }
            last_action = text;
        }
        if let Some(b) = BOUGHT.iter().find(|b| verb.starts_with(**b)) {
            let c = last_amount(&verb[b.len() - 1..], n)?;
            out.push((n, format!("{name} re-buys and receives {} chips", w(c)).into()));
            continue;
        }
        if lower.starts_with(b"ante chip ") {
            let c = last_amount(verb, n)?;
            t.put[i] = t.put[i].saturating_add(c);
            say(out, "posts the ante #", &[c]);
        } else if lower.starts_with(b"small blind ") || lower.starts_with(b"ante/small blind ") {
            let c = last_amount(verb, n)?;
            t.puts(i, c);
            say(out, "posts small blind #", &[c]);
        } else if lower.starts_with(b"big blind ") || lower.starts_with(b"big blind/bring in ") {
            let c = last_amount(verb, n)?;
            t.puts(i, c);
            say(out, "posts big blind #", &[c]);
        } else if lower.starts_with(b"posts chip ") {
            // A player new to the table posts the big blind to be dealt in.
            let c = last_amount(verb, n)?;
            let big = t.street.iter().copied().max().unwrap_or(0);
            if c < big {
                return Ok(Some(format!(
                    "line {n}: `{text}`: a blind posted below the big blind (dead) is not read"
                )));
            }
            t.puts(i, c);
            say(out, "posts big blind #", &[c]);
        } else if !hole_cards && lower.starts_with(b"all-in") {
            // A blind posted all in.
            let c = last_amount(verb, n)?;
            t.puts(i, c);
            let blind = if name.starts_with("Small Blind") {
                "posts small blind # and is all-in"
            } else {
                "posts big blind # and is all-in"
            };
            say(out, blind, &[c]);
        } else if let Some(rest) = verb.strip_prefix("Card dealt to a spot") {
            let Some(c) = cards(rest) else {
                return err(n, format!("expected the cards in `[...]` in `{text}`"));
            };
            t.dealt[i] = Some(c);
            let mut line = String::with_capacity(12 + name.len() + c.len());
            line.push_str("Dealt to ");
            line.push_str(name);
            line.push_str(" [");
            line.push_str(c);
            line.push(']');
            out.push((n, line.into()));
        } else if lower.starts_with(b"fold") {
            t.folded[i] = true;
            say(out, "folds", &[]);
        } else if lower.starts_with(b"check") {
            say(out, "checks", &[]);
        } else if lower.starts_with(b"call") {
            let c = last_amount(verb, n)?;
            t.puts(i, c);
            say(out, "calls #", &[c]);
        } else if lower.starts_with(b"bet") {
            let c = last_amount(verb, n)?;
            bet_or_raise(&mut t, i, c, None, |words, a| say(out, words, a));
        } else if lower.starts_with(b"raise") || lower.starts_with(b"all-in") {
            let to = raised_to(verb, n)?;
            let c = last_amount(verb, n)?;
            // `Raises X` alone: the bet it raises to; `All-in X` alone: the chips it puts in.
            let to = to.or((!lower.starts_with(b"all-in")).then_some(c));
            bet_or_raise(&mut t, i, c, to, |words, a| say(out, words, a));
        } else if lower.starts_with(b"return uncalled portion of bet ") {
            let c = last_amount(verb, n)?;
            // What a raise over players all in added, written as a call, was never bet.
            let surplus = t.surplus[i].min(c);
            t.surplus[i] -= surplus;
            let c = c - surplus;
            if c > 0 {
                t.put[i] = t.put[i].saturating_sub(c);
                t.street[i] = t.street[i].saturating_sub(c);
                returned = true;
                let text = || returned_to(c, name, s);
                out.push((n, Piece::with_amount(c, |a| StarsEvent::Uncalled(i, a), text)));
            }
        } else if lower.starts_with(b"hand result") {
            let c = last_amount(verb, n)?;
            t.got[i] = t.got[i].saturating_add(c);
            hold(&mut collected, out, (i, c, Cow::Borrowed("pot")), n);
        } else if lower.starts_with(b"showdown") || lower.starts_with(b"mucks") {
            match &t.dealt[i] {
                Some(c) if lower.starts_with(b"showdown") => {
                    t.shown[i] = true;
                    let mut line = String::with_capacity(10 + name.len() + c.len());
                    line.push_str(name);
                    line.push_str(": shows [");
                    line.push_str(c);
                    line.push(']');
                    out.push((n, line.into()));
                }
                _ => say(out, "mucks hand", &[]),
            }
        } else {
            return err(
                n,
                format!(
                    "expected an action after `{name}` (Folds, Checks, Calls, Bets, Raises, All-in, Hand result, ...), not `{verb}`"
                ),
            );
        }
    }
    let Some(summary_line) = summary_at else {
        return Ok(None);
    };
    if !hole_cards {
        return Ok(Some(format!(
            "line {summary_line}: the hand ends before its cards are dealt: a hand cancelled, which a replay cannot play"
        )));
    }
    if streets == 0 && board.is_some() && betting_after_flop(lines, summary_line) {
        return Ok(Some(format!(
            "line {summary_line}: the hand has a board but its text names no street (`*** FLOP ***`): which bet was on which street is not written"
        )));
    }
    // A bet nobody matched that Bovada did not return (a blind nobody called, most often):
    // Bovada counts it in the pot it prints and in what its player collects. It goes back to
    // its player after the last action, out of both.
    let put: i64 = t.put.iter().sum();
    let (mut total, at) = total.unwrap_or((put, summary_line));
    let back = uncalled(&t.put, &vec![0; k]).filter(|_| !returned);
    let mut give = None;
    if let Some((top, excess)) = back {
        if t.got[top] >= excess && t.got.iter().sum::<i64>() > put - excess {
            let name = |i: usize| seats[i].1.as_str();
            let _ = give_back(&mut collected, &mut t.got, (back, &[]), "Bovada", name, w);
            if total == put {
                total -= excess;
            }
        }
        t.put[top] -= excess;
        give = Some((top, excess));
    }
    // Each collected line at its place: `NAME collected X from pot`, empty when all of it
    // was given back (the empty lines are dropped below).
    for c in &collected {
        let name = seats[c.seat].1.as_str();
        let text = || {
            let mut line = String::with_capacity(32 + name.len() + c.pot.len());
            line.push_str(name);
            line.push_str(" collected ");
            push_written(&mut line, c.cents, s);
            line.push_str(" from ");
            line.push_str(&c.pot);
            line
        };
        out[c.at].1 = if c.cents > 0 {
            Piece::with_amount(
                c.cents,
                |a| StarsEvent::Collected(c.seat, a, c.pot.to_string()),
                text,
            )
        } else {
            Cow::Borrowed("").into()
        };
    }
    if let Some((top, excess)) = give {
        let last = out.iter().rposition(|(_, x)| x.is_betting());
        let text = || returned_to(excess, &seats[top].1, s);
        let back = Piece::with_amount(excess, |a| StarsEvent::Uncalled(top, a), text);
        out.insert(last.map_or(out.len(), |k| k + 1), (summary_line, back));
    }
    out.retain(|(_, x)| !x.is_blank());
    let paid: i64 = t.got.iter().sum();
    let most = if tournament { 0 } else { total.saturating_add(9) / 10 };
    let rake = rake.unwrap_or_else(|| total.saturating_sub(paid).clamp(0, most));
    out.push((summary_line, Cow::Borrowed("*** SUMMARY ***").into()));
    let pot = match (cents_amount(total), cents_amount(rake)) {
        (Some(total), Some(rake)) => {
            Piece::Total(Summary { total, rake, pots: Vec::new(), line: at })
        }
        _ => {
            let mut pot = String::with_capacity(32);
            pot.push_str("Total pot ");
            push_written(&mut pot, total, s);
            pot.push_str(" | Rake ");
            push_written(&mut pot, rake, s);
            pot.into()
        }
    };
    out.push((at, pot));
    if let Some((n, b)) = board {
        let mut line = String::with_capacity(8 + b.len());
        line.push_str("Board [");
        line.push_str(b);
        line.push(']');
        out.push((n, line.into()));
    }
    for i in 0..k {
        if t.dealt[i].is_none() && t.put[i] == 0 && t.got[i] == 0 {
            continue;
        }
        let shown = t.dealt[i].filter(|_| t.shown[i]);
        if shown.is_none() {
            // A seat that showed cards is written as text: the reader takes its cards from it.
            let won = cents_amount(t.got[i]).filter(|_| t.got[i] > 0);
            let seat = SummarySeat { player: i, line: at, folded: t.folded[i], showed: None, won };
            out.push((at, Piece::Seat(seat)));
            continue;
        }
        // `Seat N: NAME`, then ` folded`, ` showed [CARDS]`, ` and won (X)` where they hold.
        let name = seats[i].1.as_str();
        let mut line = String::with_capacity(64 + name.len());
        line.push_str("Seat ");
        push_number(&mut line, u64::from(seats[i].0));
        line.push_str(": ");
        line.push_str(name);
        if t.folded[i] {
            line.push_str(" folded");
        }
        if let Some(c) = shown {
            line.push_str(" showed [");
            line.push_str(c);
            line.push(']');
        }
        if t.got[i] > 0 {
            line.push_str(" and won (");
            push_written(&mut line, t.got[i], s);
            line.push(')');
        }
        out.push((at, line.into()));
    }
    Ok(None)
}

/// `Uncalled bet (X) returned to NAME`.
fn returned_to(c: i64, name: &str, s: Option<char>) -> String {
    let mut line = String::with_capacity(32 + name.len());
    line.push_str("Uncalled bet (");
    push_written(&mut line, c, s);
    line.push_str(") returned to ");
    line.push_str(name);
    line
}

/// Whether anyone acts after the hole cards are dealt and the first betting round is over in
/// a text naming no streets: any line after the first check or call that closes nothing is
/// hard to tell, so any bet or check after a call that matched the bet is taken as one.
fn betting_after_flop(lines: &[Line<'_>], summary: usize) -> bool {
    lines
        .iter()
        .filter(|l| l.number < summary)
        .any(|l| l.text.ends_with(" : Checks") || l.text.contains(" : Bets "))
}

/// A bet or raise by seat `i` putting in `c` (to the bet `to`, when written), said as
/// PokerStars says it: a call when it puts in no more than the bet, or when every player still
/// in is all in (what it adds beyond is for Bovada to return).
fn bet_or_raise(
    t: &mut Table<'_>,
    i: usize,
    c: i64,
    to: Option<i64>,
    mut say: impl FnMut(&str, &[i64]),
) {
    let bet = t.street.iter().copied().max().unwrap_or(0);
    let to = to.unwrap_or(t.street[i].saturating_add(c));
    let adds = to.saturating_sub(t.street[i]);
    if to <= bet || t.others_all_in(i) {
        let call = bet.saturating_sub(t.street[i]).min(adds);
        t.surplus[i] = t.surplus[i].saturating_add(adds - call);
        if call > 0 {
            t.puts(i, call);
            say("calls #", &[call]);
        } else {
            say("checks", &[]);
        }
        return;
    }
    t.puts(i, adds);
    if bet == 0 {
        say("bets #", &[to]);
    } else {
        say("raises # to #", &[to - bet, to]);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_word_passed_over_starts_with_a_letter_looked_for() {
        for w in super::PASSED {
            assert!(super::passed(w), "{w}");
        }
        assert!(!super::passed("Folds") && !super::passed("Raises $1 to $2"));
    }
}
