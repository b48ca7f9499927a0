//! Cake's lines put in PokerStars' words, for the PokerStars reader
//! ([`super::pokerstars::parse_after_header`]).
//!
//! | Cake writes | read as |
//! |---|---|
//! | `Hand#2701011985001689 - Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 00:53:30` | hand `2701011985001689`, table `Paris (6-max) 11985`, `Hold'em No Limit ($0.05/$0.10)` |
//! | `... T10965119 -- CASH -- $15 + $1.5 -- 10 Max -- Table 5 -- 0/75/150 NL Hold'em -- ...` | tournament `10965119`, table `Table 5`, antes of 0, blinds of 75/150, in chips |
//! | `$0,05/$0,10`, `2,820`, `1 500`, `2012.02.05 - 21:01:45` | `$0.05/$0.10`, 2820, 1500, `2012/02/05 21:01:45` |
//! | `FL`, `PL`, `NL`; `Hold'em`, `Omaha` | fixed, pot and no limit; hold'em, Omaha |
//! | `Dealer: Seat 3`, or ` DEALER` after a seat | the button |
//! | `Seat 2: NAME ($9,68 in chips)  (EUR €7,65)` | the seat and its stack (a conversion in parentheses is left out) |
//! | `NAME: raises to $0.30`, `NAME: is all in $0.07` (the chips put in) | `raises X to $0.30`; a bet, a raise or a call all in, by what is in before it |
//! | `NAME: returns uncalled bet $0.30` | `Uncalled bet ($0.30) returned to NAME` |
//! | `Dealt to NAME [7c,Th]`, `*** FLOP *** [Kh,3h,8c]`, `***SHOW DOWN***` | `Dealt to NAME [7c Th]`, `*** FLOP *** [Kh 3h 8c]`, `*** SHOW DOWN ***` |
//! | `NAME wins $0.56 with Two Pairs` (once a pot) | `NAME collected $0.56 from pot` |
//! | `NAME: mucks` | a player who wins nothing mucks; a winner's `mucks` is passed over |
//!
//! Cake writes no total pot and no rake: the pot is what was put in (less the uncalled bets),
//! the rake what it leaves beyond what the players won, at most a tenth of the pot (none in a
//! tournament); a text whose winnings say otherwise is found out by `--check`.

use std::borrow::Cow;

use super::collected::{seat_line, uncalled, written};
use super::header::parse_header;
use super::lines::{find, Line};
use super::p888_lines::cents;
use super::pokerstars::Tournament;
use super::pokerstars::{err, parse_after_header, GameName, Refusal, StarsHand, TextError};
use super::split::HandText;

/// Where each hand starts.
pub(super) const HEADER: &str = "Hand#";

/// The lines read, as the PokerStars reader takes them: each with its line in the text.
type Out<'t> = Vec<(usize, Cow<'t, str>)>;

/// The hand number of a hand's first line (`Hand#2701011985001689 - ...`).
pub(super) fn hand_number(first: &str) -> Option<&str> {
    let k = find(first, HEADER)?;
    let rest = &first[k + HEADER.len()..];
    let id = rest.split(' ').next()?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(id)
}

/// An amount as Cake writes it (`$0,05`, `2,820`, `1 500`, `$-0,10`), in hundredths, or what
/// is wrong.
fn amount_of(text: &str, n: usize) -> Result<i64, TextError> {
    let t = text.trim();
    // Thousands may be separated by a no-break space (`1 500`).
    let spaced = t.replace('\u{a0}', " ");
    let digits = spaced.trim_start_matches(['$', '€', '£']);
    let plain = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b',' | b' '));
    match cents(digits).filter(|_| plain) {
        Some(c) => Ok(c),
        None => err(n, format!("expected an amount (`$0,05`, `2,820`), not `{t}`")),
    }
}

/// A line without the conversion Cake writes after its amounts (`  (EUR €0,36)`).
fn unconverted(t: &str) -> &str {
    match find(t, " (EUR ").or_else(|| find(t, " (USD ")).or_else(|| find(t, " (GBP ")) {
        Some(k) if t.ends_with(')') => t[..k].trim_end(),
        _ => t,
    }
}

/// Cards as PokerStars writes them: `[7c,Th]` is `[7c Th]`.
fn spaced(t: &str) -> String {
    t.replace(',', " ")
}

/// A hand's first line, read.
struct Header<'t> {
    number: &'t str,
    table: &'t str,
    tournament: Option<Tournament>,
    /// `NL`, `PL`, `FL` and the game: `Hold'em`, `Omaha`.
    limit: &'t str,
    game: &'t str,
    /// The ante, small and big blinds (or bets, fixed limit), in hundredths.
    stakes: (i64, i64, i64),
    symbol: Option<char>,
    date: String,
}

fn header<'t>(l: &Line<'t>) -> Result<Header<'t>, TextError> {
    let t = l.text;
    let expected = "expected `Hand#NUMBER - TABLE -- STAKES LIMIT GAME -- DATE`";
    let (Some(k), Some(number)) = (find(t, HEADER), hand_number(t)) else {
        return err(l.number, expected);
    };
    let parts: Vec<&str> = t[k..].split(" -- ").map(str::trim).collect();
    let [first, .., game_part, date_part] = parts[..] else { return err(l.number, expected) };
    let name = first.split_once(" - ").map_or("", |(_, n)| n.trim());
    let tourney = name.split_whitespace().find_map(|w| {
        w.strip_prefix('T').filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
    });
    let table = match tourney {
        Some(_) => parts.iter().find(|p| p.starts_with("Table ")).copied().unwrap_or(name),
        None => name,
    };
    let tournament = tourney.map(|id| Tournament {
        id: id.to_string(),
        buy_in: parts.get(2).filter(|p| p.contains('+')).map(|p| p.to_string()),
        level: None,
    });
    let mut words = game_part.split_whitespace();
    let (Some(stakes), Some(limit)) = (words.next(), words.next()) else {
        return err(l.number, format!("expected `STAKES LIMIT GAME`, not `{game_part}`"));
    };
    let game = game_part[game_part.find(limit).unwrap_or(0) + limit.len()..].trim();
    let numbers: Vec<&str> = stakes.split('/').collect();
    let read = |x: &str| {
        let x = x.trim_start_matches(['$', '€', '£']);
        // A negative ante (`-1/50/100`) is none.
        if x.starts_with('-') {
            Some(0)
        } else {
            cents(x)
        }
    };
    let stakes = match numbers[..] {
        [sb, bb] => (Some(0), read(sb), read(bb)),
        [ante, sb, bb] => (read(ante), read(sb), read(bb)),
        _ => (None, None, None),
    };
    let (Some(ante), Some(small), Some(big)) = stakes else {
        return err(
            l.number,
            format!("expected the stakes as `$0.05/$0.10` or `ANTE/SMALL/BIG`, not `{game_part}`"),
        );
    };
    let symbol = game_part.chars().find(|c| matches!(c, '$' | '€' | '£'));
    let Some(date) = date(date_part) else {
        return err(
            l.number,
            format!("expected a date as `2011/08/28 - 00:53:30`, not `{date_part}`"),
        );
    };
    Ok(Header { number, table, tournament, limit, game, stakes: (ante, small, big), symbol, date })
}

/// `2011/08/28 - 00:53:30` (or with dots or dashes between the date's numbers) as PokerStars
/// writes it: `2011/08/28 00:53:30`.
fn date(t: &str) -> Option<String> {
    let (day, clock) = t.split_once(" - ")?;
    let day = day.trim().replace(['.', '-'], "/");
    let ok = |s: &str, sep: char| {
        s.split(sep).count() == 3
            && s.split(sep).all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    };
    (ok(&day, '/') && ok(clock.trim(), ':')).then(|| format!("{day} {}", clock.trim()))
}

/// A seat line: `Seat 3: NAME ($10 in chips) DEALER`: the seat, the name, the stack's text and
/// whether it is the button.
fn seat_of(t: &str) -> Option<(u32, &str, &str, bool)> {
    let (seat, body) = t.strip_prefix("Seat ")?.split_once(": ")?;
    let k = find(body, " in chips)")?;
    let open = body[..k].rfind(" (")?;
    let dealer = body[k..].contains("DEALER");
    Some((seat.parse().ok()?, &body[..open], &body[open + 2..k], dealer))
}

/// The seat whose player's name begins `t` followed by `:` (and a space, or none as in
/// `NAME:posts dead blind`), the longest such name, and what follows.
fn who_colon<'t>(seats: &[(u32, &str)], t: &'t str) -> Option<(usize, &'t str)> {
    seats
        .iter()
        .enumerate()
        .filter(|(_, (_, name))| {
            t.len() > name.len() + 1 && t.starts_with(name) && t[name.len()..].starts_with(':')
        })
        .max_by_key(|(_, (_, name))| name.len())
        .map(|(i, (_, name))| (i, t[name.len() + 1..].trim_start()))
}

/// Reads one Cake hand: its lines in PokerStars' words, read by the PokerStars reader.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let lines: Vec<Line<'_>> = text.lines().collect();
    let Some(first) = lines.first() else {
        return err(text.line, "an empty hand");
    };
    let h = header(first)?;
    let tour = h.tournament.is_some();
    // The amounts' currency is the seats' (a table's header may give its stakes in euros
    // and its amounts in dollars, each with the euros after it).
    let seat_symbol = lines
        .iter()
        .find_map(|l| seat_of(unconverted(l.text)))
        .and_then(|(_, _, stack, _)| stack.chars().next().filter(|c| matches!(c, '$' | '€' | '£')));
    let s = if tour { None } else { seat_symbol.or(h.symbol).or(Some('$')) };
    let structure = match h.limit {
        "NL" => Ok("No Limit"),
        "PL" => Ok("Pot Limit"),
        "FL" => Ok("Limit"),
        other => Err(format!(
            "`{other}`: a betting structure feltkit does not know in Cake's texts (NL, PL, FL)"
        )),
    };
    let game = structure.and_then(|st| match h.game {
        "Hold'em" | "Omaha" | "Omaha Hi/Lo" => Ok(format!("{} {st}", h.game)),
        other => Err(format!("{other}: feltkit reads Cake's hold'em and Omaha texts")),
    });
    let (ante, mut small, mut big) = h.stakes;
    // The blinds posted, by players not all in, when the header's are in another currency.
    if h.limit != "FL" && s != h.symbol && !tour {
        let posted = |verb: &str| {
            lines.iter().find_map(|l| {
                let rest = unconverted(l.text).split_once(": ")?.1.strip_prefix(verb)?;
                cents(rest.trim_start_matches(['$', '€', '£']))
            })
        };
        big = posted("posts big blind ").unwrap_or(big);
        small = posted("posts small blind ").filter(|&c| c <= big).unwrap_or(small);
    }
    let stars = format!(
        "Cake Hand #{}: {} ({}/{}) - {}",
        h.number,
        game.as_deref().unwrap_or("Hold'em No Limit"),
        written(small, s),
        written(big, s),
        h.date
    );
    let mut hand = parse_header(&Line { number: first.number, text: &stars })?;
    hand.symbol = s;
    hand.currency = s.map(super::lines::currency_of);
    hand.tournament = h.tournament;
    if let Err(why) = game {
        hand.game = GameName::Other(format!("{} {}", h.limit, h.game));
        hand.refusal = Some(Refusal::NotSupported(format!("line {}: {why}", first.number)));
        return Ok(hand);
    }
    let mut k = 1;
    let mut button = None;
    if let Some(l) = lines.get(1)
        && let Some(b) = l.text.strip_prefix("Dealer: Seat ")
    {
        let Ok(b) = b.trim().parse::<u32>() else {
            return err(l.number, format!("expected `Dealer: Seat N`, not `{}`", l.text));
        };
        button = Some(b);
        k = 2;
    }
    let seat_lines: Vec<Line<'_>> =
        lines[k..].iter().take_while(|l| seat_of(unconverted(l.text)).is_some()).copied().collect();
    let mut seats: Vec<(u32, &str)> = Vec::with_capacity(seat_lines.len());
    let mut stacks: Vec<i64> = Vec::with_capacity(seat_lines.len());
    for l in &seat_lines {
        let Some((seat, name, stack, dealer)) = seat_of(unconverted(l.text)) else { continue };
        seats.push((seat, name));
        stacks.push(amount_of(stack, l.number)?);
        if dealer {
            button.get_or_insert(seat);
        }
    }
    let table_at = first.number;
    let Some(button) = button else {
        return err(table_at + 1, "expected `Dealer: Seat N` or a seat marked `DEALER`");
    };
    let mut out: Out<'_> = Vec::with_capacity(lines.len() + 8);
    out.push((
        table_at,
        Cow::Owned(format!("Table '{}' Seat #{button} is the button", h.table.replace('\'', ""))),
    ));
    for (l, (&(seat, name), &c)) in seat_lines.iter().zip(seats.iter().zip(&stacks)) {
        out.push((
            l.number,
            Cow::Owned(format!("Seat {seat}: {name} ({} in chips)", written(c, s))),
        ));
    }
    let rest = &lines[k + seat_lines.len()..];
    let refusal = play(rest, &seats, (ante, tour), s, &mut out)?;
    hand.refusal = refusal.map(Refusal::NotSupported);
    parse_after_header(hand, first.number, out.iter().map(line))
}

/// The play and the wins in PokerStars' words, into `out`, with a summary written from them;
/// the reason the hand is not replayed, if one is found. `ante` is the header's; `tour`
/// whether the hand is a tournament's (no rake).
fn play<'t>(
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
            out.push((n, Cow::Owned(spaced(t))));
            continue;
        }
        if t.starts_with("***SHOW DOWN***") {
            if !out.iter().any(|(_, x)| x == "*** SHOW DOWN ***") {
                out.push((n, Cow::Borrowed("*** SHOW DOWN ***")));
            }
            continue;
        }
        let posting = who_colon(seats, t).is_some_and(|(_, v)| v.starts_with("posts "));
        if !dealt && !posting {
            // The blinds end where the cards are dealt, or where the first player acts.
            dealt = true;
            out.push((n, Cow::Borrowed("*** HOLE CARDS ***")));
        }
        if t.starts_with("Dealt to ") {
            out.push((n, Cow::Owned(spaced(t))));
            continue;
        }
        if let Some((i, verb)) = who_colon(seats, t) {
            let name = seats[i].1;
            let mut say = |x: String| out.push((n, Cow::Owned(x)));
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
                say(format!("{name}: posts small blind {}", w(c)));
            } else if let Some(x) = verb.strip_prefix("posts big blind ") {
                acted[i] = true;
                let c = amount_of(x, n)?;
                add(i, c, &mut street);
                say(format!("{name}: posts big blind {}", w(c)));
            } else if let Some(x) = verb.strip_prefix("posts ante ") {
                let c = amount_of(x, n)?;
                put[i] = put[i].saturating_add(c);
                say(format!("{name}: posts the ante {}", w(c)));
            } else if verb.starts_with("posts dead blind") {
                acted[i] = true;
                refusal.get_or_insert(format!("line {n}: `{t}`: Cake writes the dead blind as a negative amount, and what it puts in the pot is not written"));
            } else if verb == "folds" {
                acted[i] = true;
                folded[i] = true;
                say(format!("{name}: folds"));
            } else if verb == "checks" {
                acted[i] = true;
                say(format!("{name}: checks"));
            } else if let Some(x) = verb.strip_prefix("calls ") {
                acted[i] = true;
                let c = amount_of(x, n)?;
                add(i, c, &mut street);
                say(format!("{name}: calls {}", w(c)));
            } else if let Some(x) = verb.strip_prefix("bets ") {
                acted[i] = true;
                let c = amount_of(x, n)?;
                add(i, c, &mut street);
                say(format!("{name}: bets {}", w(c)));
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
                say(format!("{name}: raises {} to {}", w(to - top), w(to)));
            } else if let Some(x) = verb.strip_prefix("is all in ") {
                acted[i] = true;
                // The chips put in: a bet, a raise or a call by what is in before it.
                let c = amount_of(x, n)?;
                let to = street[i].saturating_add(c);
                add(i, c, &mut street);
                if top == 0 {
                    say(format!("{name}: bets {} and is all-in", w(c)));
                } else if to > top {
                    say(format!("{name}: raises {} to {} and is all-in", w(to - top), w(to)));
                } else {
                    say(format!("{name}: calls {} and is all-in", w(c)));
                }
            } else if let Some(x) = verb.strip_prefix("returns uncalled bet ") {
                let c = amount_of(x, n)?;
                put[i] = put[i].saturating_sub(c);
                street[i] = street[i].saturating_sub(c);
                say(format!("Uncalled bet ({}) returned to {name}", w(c)));
            } else if let Some(x) = verb.strip_prefix("shows ") {
                acted[i] = true;
                let cards = spaced(x.split(']').next().unwrap_or_default()) + "]";
                say(format!("{name}: shows {cards}"));
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
        out.push((n, Cow::Borrowed(t)));
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
        let at = out.iter().position(|(_, x)| x == "*** SHOW DOWN ***").unwrap_or(out.len());
        let back = format!("Uncalled bet ({}) returned to {}", w(excess), seats[top].1);
        out.insert(at, (summary_at, Cow::Owned(back)));
    }
    for i in 0..k {
        if mucked[i] && !folded[i] && won[i] == 0 && shown[i].is_none() {
            out.push((summary_at, Cow::Owned(format!("{}: mucks hand", seats[i].1))));
        }
    }
    for &(n, i, c) in wins.iter().filter(|x| x.2 > 0) {
        out.push((n, Cow::Owned(format!("{} collected {} from pot", seats[i].1, w(c)))));
    }
    let total = put.iter().fold(0i64, |a, &c| a.saturating_add(c));
    let paid = won.iter().fold(0i64, |a, &c| a.saturating_add(c));
    let most = if tour { 0 } else { total.saturating_add(9) / 10 };
    let rake = total.saturating_sub(paid).clamp(0, most);
    out.push((summary_at, Cow::Borrowed("*** SUMMARY ***")));
    out.push((
        summary_at,
        Cow::Owned(format!("Total pot {} | Rake {}", w(paid.saturating_add(rake)), w(rake))),
    ));
    for i in 0..k {
        if acted[i] || won[i] > 0 {
            let shown = shown[i].as_deref().filter(|_| !folded[i]);
            let x = (won[i] > 0).then(|| w(won[i]));
            out.push((summary_at, Cow::Owned(seat_line(seats[i], folded[i], shown, x))));
        }
    }
    Ok(refusal)
}

/// A line read, as the PokerStars reader takes it.
fn line<'a>((number, text): &'a (usize, Cow<'_, str>)) -> Line<'a> {
    Line { number: *number, text }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_gives_the_game_the_stakes_and_the_tournament() {
        let l = Line { number: 1, text: "Hand#2862015946001029 - Paris (6-max, shallow) 15946 -- $0,05/$0,10 NL Hold'em -- 2012.02.05 - 21:01:45" };
        let h = header(&l).unwrap();
        assert_eq!(
            (h.number, h.table, h.limit, h.game),
            ("2862015946001029", "Paris (6-max, shallow) 15946", "NL", "Hold'em")
        );
        assert_eq!(
            (h.stakes, h.symbol, h.date.as_str()),
            ((0, 5, 10), Some('$'), "2012/02/05 21:01:45")
        );
        let l = Line { number: 1, text: "Hand#2930A7507F000252 - $2,500 Guaranteed - R&A T10965119 -- CASH -- $15 + $1.5 -- 10 Max -- Table 5 -- 0/75/150 NL Hold'em -- 2012/04/12 - 22:32:06" };
        let h = header(&l).unwrap();
        assert_eq!((h.table, h.stakes), ("Table 5", (0, 7500, 15000)));
        assert_eq!(
            h.tournament.map(|t| (t.id, t.buy_in)),
            Some(("10965119".into(), Some("$15 + $1.5".into())))
        );
        assert!(header(&Line {
            number: 1,
            text: "Hand#1 - Paris -- NL Hold'em -- 2012/04/12 - 22:32:06"
        })
        .is_err());
        assert!(header(&Line {
            number: 1,
            text: "Hand#1 - Paris -- $1/$2 NL Hold'em -- yesterday"
        })
        .is_err());
    }

    #[test]
    fn amounts_seats_and_conversions() {
        assert_eq!(amount_of("$2,88", 1), Ok(288));
        assert_eq!(amount_of("2,820", 1), Ok(282_000));
        assert_eq!(amount_of("1 500", 1), Ok(150_000));
        assert!(amount_of("lots", 1).is_err());
        assert_eq!(
            unconverted("Player2: posts small blind $0,05 (EUR €0,04)"),
            "Player2: posts small blind $0,05"
        );
        assert_eq!(seat_of("Seat 3: Hero ($10 in chips) DEALER"), Some((3, "Hero", "$10", true)));
        assert_eq!(who_colon(&[(5, "P5")], "P5:posts dead blind"), Some((0, "posts dead blind")));
    }
}
