//! PartyPoker's lines put in PokerStars' words, for the PokerStars reader
//! ([`super::pokerstars::parse_after_header`]).
//!
//! | Party writes | read as |
//! |---|---|
//! | `Game #N starts.`, `#Game No : N`, `***** Hand History for Game N *****` | hand `N` (the first header's) |
//! | `$0.05/$0.10 USD NL Texas Hold'em - Monday, August 30, 16:08:09 EDT 2010` | `Hold'em No Limit ($0.05/$0.10) - 2010/08/30 16:08:09` |
//! | `$10 USD NL Texas Hold'em` (the buy-in, not the stakes) | the blinds the hand's players post |
//! | `$15/$30 USD Texas Hold'em`, `FL`, `PL Omaha`, `PL Omaha Hi-Lo` | `Hold'em Limit ($15/$30)`, `Omaha Pot Limit`, `Omaha Hi/Lo Pot Limit` |
//! | `NL Texas Hold'em $11 USD Buy-in Trny: 59658935 Level: 7  Blinds(300/600)`, `Blinds-Antes(1,250/2,500 -250)`, `Stakes(200/400)` | a tournament hand, its amounts chips |
//! | `Table Speed #1769729 (Real Money)`, `Seat 6 is the button`, `Total number of players : 6/9` | `Table 'Speed #1769729' 9-max Seat #6 is the button` |
//! | `Seat 9: NAME ( $3.57 USD )` | `Seat 9: NAME ($3.57 in chips)`, the seats in order |
//! | `NAME posts small blind [$0.05 USD].`, `posts big blind + dead [$3]`, `posts ante [250]` | `NAME: posts small blind $0.05`, a dead small blind and a live big one, `posts the ante 250` |
//! | `NAME calls [$2 USD]`, `bets [$2 USD]`, `raises [$6 USD]`, `is all-In  [$9 USD]` (the chips the action puts in) | `calls $2`, `bets $2`, `raises $X to $Y`, `... and is all-in` |
//! | `** Dealing down cards **`, `** Dealing Flop ** [ 5c, 2s, Jd ]` | `*** HOLE CARDS ***`, `*** FLOP *** [5c 2s Jd]` |
//! | `NAME shows [ Ah, Kd ]two pairs...`, `NAME doesn't show [ Ah, Kd ]...` | `NAME: shows [Ah Kd]`, `NAME: mucks hand` |
//! | `NAME wins $0.65 USD from the main pot with ...`, `wins 900 chips`, `wins Lo ($0.09 USD) ...` | `NAME collected $0.65 from pot` |
//!
//! A tournament hand names its blinds (`Blinds(300/600)`, after the seats when the level has
//! changed) but does not say who posts them: the first seat after the button posts the small
//! blind and the next the big one (heads up, the button posts the small blind), each at most
//! what the player has left after the ante.
//!
//! Party writes no `Uncalled bet` line, no total pot and no rake: the part of the largest bet
//! nobody matched is in what its player wins. It is taken out of that and written as an
//! `Uncalled bet` line. The total pot is then what was put in less the uncalled bet, and the
//! rake the total less what was won: it must not be below zero (won more than was put in), in a
//! tournament it must be zero, and in a cash game at most a tenth of the pot (rounded up to the
//! cent). A hand with no `wins` line is cut off.

use std::borrow::Cow;

use super::collected::{
    give_back, hold, line_of, push_written, totals, uncalled, write_ending, written, Ending, Seats,
};
use super::header::{date_time, headed, parse_header};
use super::lines::{find, trim, who, Line};
use super::p888_lines::cents;
use super::party_game::{blinds_of, game_line, Game, GameLine};
use super::pokerstars::{err, parse_pieces, Piece, Refusal, StarsHand, TextError};
use super::split::HandText;

/// The hand number of a hand's first line: `Game #N starts.`, `#Game No : N` or `***** Hand
/// History for Game N *****`.
pub(super) fn hand_number(first: &str) -> Option<&str> {
    let id = if let Some(k) = find(first, "#Game No : ") {
        first[k + 11..].trim()
    } else if let Some(k) = find(first, "Hand History ") {
        let rest = &first[k + 13..];
        let rest = rest.strip_prefix("for Game ").or_else(|| rest.strip_prefix("For Game "))?;
        rest.split(' ').next()?
    } else {
        let k = find(first, "Game #")?;
        first[k + 6..].strip_suffix(" starts.")?.trim()
    };
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(id)
}

/// The amount in a line's brackets (`[$0.02 USD]`, `[ $0.20 USD ]`, `[4,520]`), or what is
/// wrong.
fn bracketed(t: &str, n: usize) -> Result<i64, TextError> {
    let open = memchr::memchr(b'[', t.as_bytes());
    let close = memchr::memrchr(b']', t.as_bytes());
    let inside = match (open, close) {
        (Some(o), Some(c)) if o < c => &t[o + 1..c],
        _ => return err(n, format!("expected an amount in brackets (`[$2 USD]`) in `{t}`")),
    };
    cents(inside).ok_or_else(|| TextError {
        line: n,
        why: format!("expected an amount in cents at most in `[{}]`", inside.trim()),
    })
}

/// The cards of a line's brackets (`[ 5c, 2s, Jd ]`, `[  Js Th ]`) in PokerStars' words (`[5c
/// 2s Jd]`): two characters each, `10` read as `T`.
fn cards(t: &str) -> Option<String> {
    let open = memchr::memchr(b'[', t.as_bytes())?;
    let close = open + memchr::memchr(b']', &t.as_bytes()[open..])?;
    let inside = &t[open + 1..close];
    let mut out = String::with_capacity(close - open + 1);
    out.push('[');
    // The words between commas and spaces, cut at those bytes (each a whole character: the
    // cuts are where a split by the characters makes them).
    let b = inside.as_bytes();
    let mut from = 0;
    for end in 0..=b.len() {
        if end < b.len() && b[end] != b',' && b[end] != b' ' {
            continue;
        }
        let c = &inside[from..end];
        from = end + 1;
        if c.is_empty() {
            continue;
        }
        if out.len() > 1 {
            out.push(' ');
        }
        match c.strip_prefix("10") {
            Some(suit) => {
                out.push('T');
                out.push_str(suit);
            }
            None => out.push_str(c),
        }
    }
    out.push(']');
    Some(out)
}

/// The seat, name and stack's text of a seat line (`Seat 3: NAME ( $2.06 USD )`, `seat3:`).
fn seat_of(t: &str) -> Option<(u32, &str, &str)> {
    let body = t.strip_prefix("Seat ").or_else(|| t.strip_prefix("seat"))?;
    let (seat, body) = body.split_once(':')?;
    let body = body.trim_start();
    // The last ` ( `, else the last ` (` (searched by byte: a search for a text builds a
    // searcher each call).
    let open = open_paren(body.as_bytes(), true).or_else(|| open_paren(body.as_bytes(), false))?;
    let close = open + body[open..].find(')')?;
    let stack = &body[open + 2..close];
    Some((seat.trim().parse().ok()?, body[..open].trim(), stack))
}

/// Where the last ` (` of `b` starts (with a space after it too, when `spaced`).
fn open_paren(b: &[u8], spaced: bool) -> Option<usize> {
    let mut end = b.len();
    while let Some(k) = memchr::memrchr(b'(', &b[..end]) {
        if k > 0 && b[k - 1] == b' ' && (!spaced || b.get(k + 1) == Some(&b' ')) {
            return Some(k - 1);
        }
        end = k;
    }
    None
}

/// What the table line writes after the name: money, real or play.
const MONEY: [&str; 4] = ["( Real Money )", "(Real Money)", "(Play Money)", "( Play Money )"];

/// The table line's name and whether it is play money: `Table Speed #1769729 (Real Money)`.
fn table_of(t: &str) -> (String, bool) {
    let play = find(t, "Play Money").is_some();
    let name = t.strip_prefix("Table ").unwrap_or(t);
    (plain_table_name(name).unwrap_or_else(|| table_name_by_rule(name)), play)
}

/// The table's name by the rule: every [`MONEY`] taken out, then every `'`, the words joined
/// by one space.
fn table_name_by_rule(name: &str) -> String {
    let mut name = name.to_string();
    for w in MONEY {
        name = name.replace(w, "");
    }
    name.replace('\'', "").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The table's name as [`table_name_by_rule`] gives it, without its copies, where the name is
/// plain: printable ASCII and spaces, no `'`, `Money` only in a [`MONEY`] at its end. Each
/// [`MONEY`] starts with the only `(` in it, so none is found across the end of the name and
/// the money after it, and the rule takes out that money and nothing else. `None` for any
/// other name.
fn plain_table_name(name: &str) -> Option<String> {
    let body = MONEY.iter().find_map(|w| name.strip_suffix(w)).unwrap_or(name);
    let plain = body.bytes().all(|c| (b' '..=b'~').contains(&c) && c != b'\'');
    if !plain || find(body, "Money").is_some() {
        return None;
    }
    let mut out = String::with_capacity(body.len());
    for w in body.split(' ').filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    Some(out)
}

/// Reads one Party hand: its lines in PokerStars' words, read by the PokerStars reader.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let lines: Vec<Line<'_>> = text.lines().collect();
    let Some(first) = lines.first() else {
        return err(text.line, "an empty hand");
    };
    let Some(number) = hand_number(first.text) else {
        return err(
            first.number,
            "expected `Game #N starts.`, `#Game No : N` or `***** Hand History for Game N *****`",
        );
    };
    let Some(title) = lines.iter().position(|l| find(l.text, "***** Hand History ").is_some())
    else {
        return err(
            first.number,
            "expected `***** Hand History for Game N *****` after the hand's first line",
        );
    };
    let Some(game) = lines.get(title + 1) else {
        return err(lines[title].number, "the hand stops after its title");
    };
    if find(game.text, " Game Table (").is_some() {
        return refused(
            number,
            game.number,
            format!(
                "line {}: `{}`: feltkit reads Party's layout whose game line says `$0.05/$0.10 USD NL Texas Hold'em - DATE`; the layout with `Game Table (NL)` and a summary of balances is not read",
                game.number, game.text
            ),
        );
    }
    let g = game_line(game)?;
    if let Game::Other(name) = &g.game {
        let why = if find(name, "Stud").is_some() || find(name, "Razz").is_some() {
            // The other players' up cards decide who brings in and who bets first.
            "Party's stud texts show no cards dealt face up but the viewer's own, and those cards decide who brings in and who bets first on each street: the hand cannot be replayed"
        } else {
            "feltkit reads Party's hold'em and Omaha; this game is not read"
        };
        return refused(number, game.number, format!("line {}: {name}: {why}", game.number));
    }
    let tourney = g.tournament.is_some();
    let s = if tourney { None } else { g.symbol };
    // The seat lines, each read once: the last one's number, the seats with their stacks.
    let mut last_seat = None;
    let mut seated: Vec<(u32, &str, i64, usize)> = Vec::with_capacity(10);
    for l in lines.iter().skip(title + 2) {
        let Some((seat, name, stack)) = seat_of(l.text) else { continue };
        last_seat = Some(l.number);
        let Some(c) = cents(stack) else {
            return err(l.number, format!("expected a stack in cents at most, not `{stack}`"));
        };
        seated.push((seat, name, c, l.number));
    }
    seated.sort_by_key(|s| s.0);
    let seats: Vec<(u32, &str)> = seated.iter().map(|s| (s.0, s.1)).collect();
    let stacks: Vec<i64> = seated.iter().map(|s| s.2).collect();
    // The blinds: a tournament's from its level (the last line naming them before the cards),
    // a cash game's from the game line, or from the blinds the hand's players post.
    let deal_at = lines.iter().position(|l| l.text.starts_with("** Dealing down cards"));
    let before_deal = &lines[..deal_at.unwrap_or(lines.len())];
    let blinds = before_deal.iter().rev().find_map(|l| blinds_of(l.text)).or(g.blinds);
    let posted = |verb: &str| {
        lines.iter().find_map(|l| {
            let k = find(l.text, verb)?;
            let name = &l.text[..k];
            let c = bracketed(&l.text[k + verb.len()..], l.number).ok()?;
            // A blind posted all in says nothing of the table's (a player not seated, who
            // joined during the hand, posts the table's).
            let stack = seated.iter().find(|s| s.1 == name).map_or(i64::MAX, |s| s.2);
            (stack > c).then_some(c)
        })
    };
    let fixed = g.limit == "Limit";
    let (small, big) = match (g.stakes, blinds) {
        (Some(st), _) => st,
        (None, Some((a, b, _))) => (a, b),
        (None, None) => {
            let big = posted(" posts big blind ");
            let small = posted(" posts small blind ").or(big.map(|b| b / 2));
            match (small, big) {
                (Some(a), Some(b)) => (a, b),
                _ => return err(game.number, "the game line names no blinds and no player posts a big blind: the stakes cannot be told"),
            }
        }
    };
    let name = match &g.game {
        Game::Read(n) => *n,
        Game::Other(_) => "Hold'em",
    };
    let mut hand = header_of(number, first.number, &g, name, (small, big), s)?;
    hand.symbol = s;
    hand.currency = s.map(super::lines::currency_of);
    hand.tournament = g.tournament.clone();
    let after: Vec<Line<'_>> = lines.iter().skip(title + 2).copied().collect();
    let table_line = after.iter().find(|l| l.text.starts_with("Table "));
    let (table, play_money) = table_line.map_or((String::from("1"), false), |l| table_of(l.text));
    hand.play_money = play_money;
    let button = after
        .iter()
        .find_map(|l| {
            let k = find(l.text, "Seat ")?;
            l.text[k + 5..].strip_suffix(" is the button")?.parse::<u32>().ok()
        })
        .ok_or_else(|| TextError {
            line: game.number + 1,
            why: "expected `Seat N is the button` before the seats".into(),
        })?;
    let max = after
        .iter()
        .find_map(|l| {
            let rest = l.text.strip_prefix("Total number of players")?;
            rest.split('/').nth(1)?.trim().parse::<u32>().ok()
        })
        .filter(|&m| seats.iter().all(|s| s.0 <= m) && seats.len() <= m as usize);
    let max = max.map(|m| format!(" {m}-max")).unwrap_or_default();
    let money = if play_money { " (Play Money)" } else { "" };
    let mut out: Vec<(usize, Piece<'_>)> = Vec::with_capacity(lines.len() + 8);
    let at = table_line.map_or(game.number, |l| l.number);
    let table =
        ["Table '", &table, "'", &max, money, " Seat #", &button.to_string(), " is the button"]
            .concat();
    out.push((at, Cow::<str>::Owned(table).into()));
    for &(seat, name, c, n) in &seated {
        let seat = super::collected::seat_list_line(seat, name, c, s);
        out.push((n, Cow::<str>::Owned(seat).into()));
    }
    if seats.is_empty() {
        return err(game.number + 1, "expected the seat list (`Seat 1: NAME ( $10 USD )`)");
    }
    let last_seat = last_seat.unwrap_or(game.number);
    let rest: Vec<Line<'_>> = after.into_iter().filter(|l| l.number > last_seat).collect();
    // A tournament's blinds, when no one is said to post them: posted by the two seats after
    // the button (the button and the next, heads up).
    let silent = if tourney
        && !rest.iter().any(|l| {
            find(l.text, " posts small blind").is_some()
                || find(l.text, " posts big blind").is_some()
        }) {
        // In fixed limit the big blind is the small bet, the small blind half of it.
        let (sb, bb) = if fixed { (small / 2, small) } else { (small, big) };
        // Those in the hand: the players its play names (one moved to the table waits), found
        // in one pass over the play.
        let mut named = vec![false; seats.len()];
        for l in &rest {
            if let Some((j, _)) = who(&seats, l.text) {
                named[j] = true;
            }
            if let Some(r) = l.text.strip_prefix("Dealt to ") {
                for (i, seat) in seats.iter().enumerate() {
                    named[i] |= r.starts_with(seat.1);
                }
            }
        }
        let from = seats.iter().position(|x| x.0 > button).unwrap_or(0);
        let order: Vec<usize> =
            (0..seats.len()).map(|k| (from + k) % seats.len()).filter(|&i| named[i]).collect();
        let (i_sb, i_bb) = match order[..] {
            [a, b] => (b, a),
            [a, b, ..] => (a, b),
            _ => return err(game.number, "a tournament hand with fewer than two players"),
        };
        Some([(i_sb, sb), (i_bb, bb)])
    } else {
        None
    };
    let head = out.len();
    let asides = asides().is_match(text.joined());
    let p = Play { seats: &seats, stacks: &stacks, s, tournament: tourney, silent, button, asides };
    if let Some(why) = play(&rest, &p, &mut out)? {
        hand.refusal = Some(Refusal::NotSupported(why));
        out.truncate(head);
    }
    parse_pieces(hand, first.number, &out)
}

/// The header a hand's parts make: made from them ([`headed`]) where they are ones it makes
/// so (a tournament's number of digits only), else written in PokerStars' words
/// ([`header_text`]) and read. What differs between the two (the tournament, the currency,
/// the currency's symbol) is set by the caller from the game line.
fn header_of(
    number: &str,
    line: usize,
    g: &GameLine,
    game: &str,
    stakes: (i64, i64),
    s: Option<char>,
) -> Result<StarsHand, TextError> {
    let tour = g.tournament.as_ref().map(|t| t.id.as_str());
    if tour.is_none_or(|id| id.bytes().all(|b| b.is_ascii_digit())) {
        let time = g.date.as_deref().and_then(date_time);
        if let Some(hand) = headed(number, line, &[game, " ", g.limit].concat(), stakes, s, time) {
            return hand;
        }
    }
    let text = header_text(number, tour, game, g.limit, stakes, s, g.date.as_deref());
    parse_header(&Line { number: line, text: &text })
}

/// The header in PokerStars' words: `PartyPoker Hand #N: [Tournament #T, ]GAME LIMIT
/// (SMALL/BIG) - DATE`.
fn header_text(
    number: &str,
    tour: Option<&str>,
    game: &str,
    limit: &str,
    (small, big): (i64, i64),
    s: Option<char>,
    date: Option<&str>,
) -> String {
    let mut t = String::with_capacity(96);
    t.push_str("PartyPoker Hand #");
    t.push_str(number);
    t.push_str(": ");
    if let Some(id) = tour {
        t.push_str("Tournament #");
        t.push_str(id);
        t.push_str(", ");
    }
    for w in [game, " ", limit, " ("] {
        t.push_str(w);
    }
    push_written(&mut t, small, s);
    t.push('/');
    push_written(&mut t, big, s);
    t.push_str(") - ");
    t.push_str(date.unwrap_or(""));
    t
}

/// A hand that is not read, and why: its number, the game line's number.
fn refused(number: &str, at: usize, why: String) -> Result<StarsHand, TextError> {
    let mut hand = parse_header(&Line {
        number: at,
        text: &format!("PartyPoker Hand #{number}: Hold'em No Limit (1/2)"),
    })?;
    hand.refusal = Some(Refusal::NotSupported(why));
    Ok(hand)
}

/// What the play is read against.
struct Play<'a> {
    seats: &'a [(u32, &'a str)],
    stacks: &'a [i64],
    /// The currency symbol amounts are written with.
    s: Option<char>,
    tournament: bool,
    /// The blinds no line posts (a tournament's): the seat and the blind, small then big.
    silent: Option<[(usize, i64); 2]>,
    /// The button's seat number.
    button: u32,
    /// Whether the hand's text holds any word of [`ASIDES`] (one search of the whole text:
    /// where it holds none, no line is searched for them).
    asides: bool,
}

/// The lines of the play with each run of folds in the order the players act: Party writes
/// the folds players chose before their turn as they come, out of the table's order at times.
/// A fold moves no chips; each run is put in turn from the player after the last to act (after
/// the big blind before the flop, after the button on the later streets). Each line comes
/// with the player it starts with ([`who`]), found once for the line.
fn in_turn<'t>(lines: &[Line<'t>], p: &Play<'_>) -> Vec<Said<'t>> {
    let k = p.seats.len();
    // The player each line starts with, found once for the line.
    let players: Vec<Option<(usize, &'t str)>> =
        lines.iter().map(|l| who(p.seats, l.text)).collect();
    if k == 0 {
        return lines.iter().copied().zip(players).collect();
    }
    let mut out: Vec<Said<'t>> = Vec::with_capacity(lines.len());
    let after_button = p.seats.iter().position(|s| s.0 > p.button).unwrap_or(0);
    let mut big = p.silent.map(|s| s[1].0);
    let mut next = after_button;
    let fold = |j: usize| {
        players[j].filter(|(_, r)| matches!(trim(r), "folds" | "folds.")).map(|(i, _)| i)
    };
    let mut at = 0;
    while at < lines.len() {
        let l = lines[at];
        if l.text.starts_with("** Dealing down cards") {
            next = big.map_or(next, |b| (b + 1) % k);
        } else if l.text.starts_with("** Dealing ") {
            next = after_button;
        } else if let Some((i, rest)) = players[at] {
            if rest.starts_with("posts big blind") {
                big = Some(i);
            }
            let acts = ["calls", "bets", "raises", "is all-In", "checks"];
            if acts.iter().any(|a| rest.starts_with(a)) {
                next = (i + 1) % k;
            }
        }
        let run = (at..lines.len()).take_while(|&j| fold(j).is_some()).count();
        if run < 2 {
            if let Some(i) = fold(at) {
                next = (i + 1) % k;
            }
            out.push((l, players[at]));
            at += 1;
            continue;
        }
        let mut folds: Vec<(usize, Said<'t>)> =
            (at..at + run).map(|j| (fold(j).unwrap_or(0), (lines[j], players[j]))).collect();
        folds.sort_by_key(|(i, _)| (i + k - next) % k);
        next = folds.last().map_or(next, |(i, _)| (i + 1) % k);
        out.extend(folds.into_iter().map(|(_, l)| l));
        at += run;
    }
    out
}

/// A line of the play and the player it starts with ([`who`]): the seat and what follows the
/// name.
type Said<'t> = (Line<'t>, Option<(usize, &'t str)>);

/// Lines that say nothing of the play, whoever they name.
const ASIDES: [&str; 14] = [
    "has joined the table",
    "has left the table",
    "will be using",
    "did not respond in time",
    "could not respond in time",
    "is sitting out",
    "is disconnected",
    "has been disconnected",
    "has been reconnected",
    "finished in",
    "time bank",
    "has options at",
    "have options at",
    "is all-In.",
];

/// The searcher of every word of [`ASIDES`] at once, built once.
fn asides() -> &'static aho_corasick::AhoCorasick {
    static WORDS: std::sync::LazyLock<aho_corasick::AhoCorasick> = std::sync::LazyLock::new(|| {
        // Leftmost-first matching lets the searcher scan with its vectorised prefilter.
        // Fourteen short words: it cannot fail to build.
        aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostFirst)
            .build(ASIDES)
            .unwrap_or_else(|e| unreachable!("{e}"))
    });
    &WORDS
}

/// The play in PokerStars' words, into `out`: each action with the player's name and a colon,
/// the uncalled bet taken out of what its player won, a total pot and rake worked out and
/// checked, and the summary written from the play.
fn play<'t>(
    lines: &[Line<'t>],
    p: &Play<'_>,
    out: &mut Vec<(usize, Piece<'t>)>,
) -> Result<Option<String>, TextError> {
    let (seats, stacks, s) = (p.seats, p.stacks, p.s);
    let k = seats.len();
    let Seats { mut put, mut dead, mut surplus, mut street, mut folded } = Seats::new(k);
    let mut acted = vec![false; k];
    let mut shown: Vec<Option<String>> = vec![None; k];
    let mut collected = Vec::new();
    let mut dealt = false;
    let mut last = lines.first().map_or(0, |l| l.number);
    // `NAME does not show cards.NAME wins $1,10 USD`: two lines written as one.
    let glued = "does not show cards.";
    let mut unglued: Vec<Line<'_>> = Vec::with_capacity(lines.len() + 1);
    for l in lines {
        match glued_at(l.text, glued) {
            Some(k) if l.text.len() > k + glued.len() => {
                let (a, b) = l.text.split_at(k + glued.len());
                unglued.push(Line { number: l.number, text: a });
                unglued.push(Line { number: l.number, text: b.trim() });
            }
            _ => unglued.push(*l),
        }
    }
    let mut small_blinds = 0;
    for (l, player) in in_turn(&unglued, p) {
        let (n, t) = (l.number, l.text);
        last = n;
        if let Some(st) = t.strip_prefix("** Dealing ") {
            let lower = st.to_ascii_lowercase();
            let name = ["down cards", "flop", "turn", "river"]
                .iter()
                .find(|w| lower.starts_with(*w))
                .ok_or_else(|| TextError {
                    line: n,
                    why: format!("expected `** Dealing down cards/Flop/Turn/River **`, not `{t}`"),
                })?;
            if *name == "down cards" {
                if let Some(silent) = p.silent {
                    for (i, blind) in silent {
                        let c = blind.min(stacks[i].saturating_sub(put[i]));
                        put[i] = put[i].saturating_add(c);
                        street[i] = c;
                        acted[i] = true;
                        let which = if i == silent[0].0 {
                            "posts small blind #"
                        } else {
                            "posts big blind #"
                        };
                        out.push((n, Piece::said(i, seats[i].1, which, &[c], s)));
                    }
                }
                dealt = true;
                out.push((n, Cow::Borrowed("*** HOLE CARDS ***").into()));
                continue;
            }
            street.iter_mut().for_each(|x| *x = 0);
            let board = cards(st).ok_or_else(|| TextError {
                line: n,
                why: "expected the board cards in `[...]`".into(),
            })?;
            let head = match *name {
                "flop" => "*** FLOP *** ",
                "turn" => "*** TURN *** ",
                _ => "*** RIVER *** ",
            };
            out.push((n, Cow::<str>::Owned(head.to_string() + &board).into()));
            continue;
        }
        if let Some(rest) = t.strip_prefix("Dealt to ") {
            let Some(k) = rest.find(" [") else {
                return err(n, format!("expected `Dealt to NAME [cards]`, not `{t}`"));
            };
            let name = &rest[..k];
            if let Some(i) = seats.iter().position(|s| s.1 == name) {
                acted[i] = true;
                let c = cards(rest).unwrap_or_default();
                out.push((n, Cow::<str>::Owned(["Dealt to ", name, " ", &c].concat()).into()));
            }
            continue;
        }
        if (p.asides && asides().is_match(t))
            || t.starts_with("Trny")
            || t.starts_with("Blinds")
            || t.starts_with("Stakes")
            || t.starts_with('>')
            || t.starts_with("Total number of players")
            || t.starts_with("Table ")
        {
            continue;
        }
        let Some((i, rest)) = player else {
            if find(t, " posts ").is_some() {
                return Ok(Some(format!(
                    "line {n}: `{t}`: a player the seat list does not name (one who joined the table during the hand) posts a blind: the player's stack is not written"
                )));
            }
            return err(n, format!("expected a line of the play (an action of a seated player, a street), not `{t}`"));
        };
        let name = seats[i].1;
        // `folds.`, `calls [$0.10 USD].`: some texts end an action with a point.
        // (The quick trim: the text's start is trimmed already, so its end is what is cut.)
        let rest = trim(rest);
        let rest = trim(rest.strip_suffix('.').unwrap_or(rest));
        let mut said =
            |verb: &str, amounts: &[i64]| out.push((n, Piece::said(i, name, verb, amounts, s)));
        if rest.starts_with("posts ante") {
            let c = bracketed(rest, n)?;
            acted[i] = true;
            put[i] = put[i].saturating_add(c);
            said("posts the ante #", &[c]);
        } else if let Some(x) = rest.strip_prefix("posts big blind + dead ") {
            // `[$3]`: a dead small blind and the big blind, live.
            let total = bracketed(x, n)?;
            acted[i] = true;
            put[i] = put[i].saturating_add(total);
            let blinds = dead_and_live(total, lines);
            dead[i] = dead[i].saturating_add(blinds.0);
            street[i] = blinds.1;
            said("posts small & big blinds #", &[total]);
        } else if rest.starts_with("posts small blind") {
            let c = bracketed(rest, n)?;
            small_blinds += 1;
            if small_blinds > 1 {
                return Ok(Some(format!(
                    "line {n}: `{t}`: a second small blind, posted live by a player coming in (the text has the player call the rest of the big blind): a post the engine's blinds do not play"
                )));
            }
            acted[i] = true;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            said("posts small blind #", &[c]);
        } else if rest.starts_with("posts big blind") {
            let c = bracketed(rest, n)?;
            acted[i] = true;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            said("posts big blind #", &[c]);
        } else if rest.starts_with("posts ") {
            return Ok(Some(format!(
                "line {n}: `{t}`: feltkit reads small and big blinds, dead blinds and antes; this blind is not read"
            )));
        } else if rest.starts_with("calls") {
            let c = bracketed(rest, n)?;
            acted[i] = true;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            said("calls #", &[c]);
        } else if rest.starts_with("bets") {
            let c = bracketed(rest, n)?;
            acted[i] = true;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            said("bets #", &[c]);
        } else if rest.starts_with("raises") || rest.starts_with("is all-In") {
            // The chips the action puts in: a raise is to the player's bet with them; all in,
            // it is a bet, a call or a raise as the bet before it makes it.
            let all_in = rest.starts_with("is all-In");
            let end = if all_in { " and is all-in" } else { "" };
            let c = bracketed(rest, n)?;
            acted[i] = true;
            let to = street[i].saturating_add(c);
            let bet = street.iter().copied().max().unwrap_or(0);
            if all_in && bet == 0 {
                put[i] = put[i].saturating_add(c);
                street[i] = to;
                said(if all_in { "bets # and is all-in" } else { "bets #" }, &[c]);
                continue;
            }
            let mut others = (0..k).filter(|&j| j != i && acted[j] && !folded[j]).peekable();
            let others_all_in = others.peek().is_some()
                && others.all(|j| put[j] >= stacks.get(j).copied().unwrap_or(i64::MAX));
            if to <= bet || others_all_in {
                let call = bet.saturating_sub(street[i]).min(c);
                put[i] = put[i].saturating_add(call);
                street[i] = street[i].saturating_add(call);
                surplus[i] = surplus[i].saturating_add(c - call);
                let end = if all_in && c == call { end } else { "" };
                said(if end.is_empty() { "calls #" } else { "calls # and is all-in" }, &[call]);
                continue;
            }
            put[i] = put[i].saturating_add(c);
            street[i] = to;
            said(
                if all_in { "raises # to # and is all-in" } else { "raises # to #" },
                &[to - bet, to],
            );
        } else if rest == "folds" {
            if !dealt && put[i] == 0 {
                continue;
            }
            acted[i] = true;
            folded[i] = true;
            said("folds", &[]);
        } else if rest == "checks" {
            let bet = street.iter().copied().max().unwrap_or(0);
            if street[i] < bet {
                return Ok(Some(format!(
                    "line {n}: {name} checks facing a bet of {}, having put in {} on the street: the text leaves out a blind the player posted",
                    written(bet, s),
                    written(street[i], s)
                )));
            }
            acted[i] = true;
            said("checks", &[]);
        } else if rest.starts_with("shows [") || rest.starts_with("shows[") {
            let c = cards(rest).unwrap_or_default();
            shown[i] = Some(c.clone());
            out.push((n, Cow::<str>::Owned([name, ": shows ", &c].concat()).into()));
        } else if rest.starts_with("doesn't show") || rest.starts_with("mucks") {
            said("mucks hand", &[]);
        } else if rest.starts_with("shows")
            || rest.starts_with("does not show")
            || rest.starts_with("did not show")
        {
        } else if let Some(x) = rest.strip_prefix("wins ") {
            // `$0.65 USD from the main pot with ...`, `900 chips`, `Lo ($0.09 USD) from ...`.
            let x = x.strip_prefix("Lo ").or_else(|| x.strip_prefix("Hi ")).unwrap_or(x);
            let amount = find(x, " from").map_or(x, |e| &x[..e]);
            let amount = find(amount, " with").map_or(amount, |e| &amount[..e]);
            let c =
                cents(amount.trim_start_matches('(').trim_end_matches(')')).ok_or_else(|| {
                    TextError { line: n, why: format!("expected the amount won in `{t}`") }
                })?;
            hold(&mut collected, out, (i, c, Cow::Borrowed("pot")), n);
        } else {
            return err(
                n,
                format!(
                    "expected an action after `{name}` (posts, folds, checks, calls, bets, raises, is all-In, shows, wins), not `{rest}`"
                ),
            );
        }
    }
    if collected.is_empty() {
        // No `wins` line: the hand is cut off, which the PokerStars reader says.
        return Ok(None);
    }
    let summary_line = collected.first().map_or(last, |c| c.line);
    let mut got = totals(&collected, k);
    let uncalled = uncalled(&put, &dead);
    let returned: i64 = uncalled.map_or(0, |u| u.1).saturating_add(surplus.iter().sum());
    let total = put.iter().sum::<i64>().saturating_sub(returned);
    // Party writes what goes back inside what the player wins (a line of its own, `from the
    // side pot 1`, or inside the pot the player won).
    {
        let name = |i: usize| seats[i].1;
        give_back(&mut collected, &mut got, (uncalled, &surplus), "PartyPoker", name, |c| {
            written(c, s)
        })
        .or_else(|(i, m)| err(line_of(&collected, i, summary_line), m))?;
    }
    let ending = Ending {
        collected: &collected,
        got: &got,
        seats,
        acted: &acted,
        folded: &folded,
        shown: &shown,
        uncalled,
        total,
        tournament: p.tournament,
        dealt,
        summary_line,
        at: last,
        list_silent_winners: true,
        symbol: s,
    };
    Ok(write_ending(&ending, out))
}

/// Where `glued`, a text ending in `.`, first starts in `t`, as [`find`] finds it: tried at
/// each `.` of the line (a line has few), where a search for its first letter stops at many
/// places.
fn glued_at(t: &str, glued: &str) -> Option<usize> {
    let (b, g) = (t.as_bytes(), glued.as_bytes());
    memchr::memchr_iter(b'.', b).find_map(|dot| {
        let k = (dot + 1).checked_sub(g.len())?;
        (&b[k..=dot] == g).then_some(k)
    })
}

/// A `posts big blind + dead [X]` of `total`: the dead small blind and the live big blind, as
/// the hand's other blinds tell them (the big blind another player posts; else two thirds).
fn dead_and_live(total: i64, lines: &[Line<'_>]) -> (i64, i64) {
    let big = lines.iter().find_map(|l| {
        let k = find(l.text, " posts big blind [")?;
        bracketed(&l.text[k + 16..], l.number).ok()
    });
    match big {
        Some(b) if b < total => (total - b, b),
        _ => (total / 3, total - total / 3),
    }
}

#[cfg(test)]
mod tests {
    use super::super::pokerstars::Tournament;
    use super::*;

    /// The last ` ( ` (else ` (`) is found where `rfind` finds it.
    #[test]
    fn open_parentheses_are_found_as_rfind_finds_them() {
        for t in [
            "a ( $1 )",
            "a (b) ( $1 )",
            "a ( b ) ($1)",
            "(a",
            " (",
            "a( ( (",
            "x ( ( ",
            "",
            "a (b (c",
        ] {
            let rule = t.rfind(" ( ").or_else(|| t.rfind(" ("));
            let quick = open_paren(t.as_bytes(), true).or_else(|| open_paren(t.as_bytes(), false));
            assert_eq!(quick, rule, "{t:?}");
        }
    }

    /// The plain reading of a table's name gives what the rule gives, or leaves the name to
    /// the rule.
    #[test]
    fn table_names_read_plainly_as_by_rule() {
        let names = [
            "Speed #1769729 (Real Money)",
            "Speed #1769729 ( Real Money )",
            "Dunmore (Play Money)",
            "Dunmore ( Play Money )",
            "Harbour Series (71000001) Table #3 (Real Money)",
            "  Two   spaces  (Real Money)",
            "Money (Real Money)",
            "(Real (Real Money) Money)",
            "((Real Money)Real Money)",
            "Bob's Table (Real Money)",
            "Tab\tle (Real Money)",
            "Caf\u{e9} (Real Money)",
            "Wide\u{3000}Space",
            "(Real Money)",
            "(Real Money) (Play Money)",
            "",
            "   ",
            "Plain",
            "x( Real Money )",
            "x(Real Money) ",
        ];
        for name in names {
            let rule = table_name_by_rule(name);
            if let Some(plain) = plain_table_name(name) {
                assert_eq!(plain, rule, "{name:?}");
            }
            assert_eq!(table_of(&format!("Table {name}")).0, rule, "{name:?}");
        }
        assert!(plain_table_name("Speed #1769729 (Real Money)").is_some());
        assert!(plain_table_name("Harbour Series (71000001) Table #3 (Real Money)").is_some());
    }

    /// The header made from a hand's parts is the header written and read (the fields the
    /// game line sets afterwards set alike).
    #[test]
    fn headers_are_made_as_they_are_read() {
        let dates = [None, Some("2010/08/30 16:08:09"), Some("1999/01/01 00:00:00"), Some("x")];
        let tours = [None, Some("71000001"), Some(""), Some("12ab"), Some("Omaha")];
        for game in ["Hold'em", "Omaha", "Omaha Hi/Lo"] {
            for limit in ["No Limit", "Pot Limit", "Limit"] {
                for stakes in [(1, 2), (5, 10), (1000, 2000), (25, 50), (100_000, 200_000), (0, 0)]
                {
                    for s in [None, Some('$'), Some('€'), Some('£')] {
                        for date in dates {
                            for tour in tours {
                                let g = GameLine {
                                    stakes: None,
                                    symbol: s,
                                    limit,
                                    game: Game::Read("Hold'em"),
                                    tournament: tour.map(|id| Tournament {
                                        id: id.to_string(),
                                        buy_in: None,
                                        level: None,
                                    }),
                                    blinds: None,
                                    date: date.map(str::to_string),
                                };
                                let text =
                                    header_text("1000000", tour, game, limit, stakes, s, date);
                                let read = parse_header(&Line { number: 4, text: &text });
                                let made = header_of("1000000", 4, &g, game, stakes, s);
                                let set = |h: Result<StarsHand, TextError>| {
                                    h.map(|mut h| {
                                        h.symbol = s;
                                        h.tournament = g.tournament.clone();
                                        h.currency = None;
                                        h
                                    })
                                };
                                assert_eq!(
                                    format!("{:?}", set(made)),
                                    format!("{:?}", set(read)),
                                    "{text}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_header_line_gives_the_hand_number() {
        assert_eq!(hand_number("Game #9582251255 starts."), Some("9582251255"));
        assert_eq!(hand_number("#Game No : 9582251255"), Some("9582251255"));
        assert_eq!(
            hand_number("***** Hand History for Game 14507003662 *****"),
            Some("14507003662")
        );
        assert_eq!(hand_number("***** Hand History For Game 1619au6 *****"), Some("1619au6"));
        assert_eq!(hand_number("#Game No : "), None);
    }

    #[test]
    fn cards_are_put_in_pokerstars_letters() {
        assert_eq!(cards("[ 5c, 2s, 10d ]").as_deref(), Some("[5c 2s Td]"));
        assert_eq!(cards("[  Js Th ]").as_deref(), Some("[Js Th]"));
        assert_eq!(cards("shows [10c,10s]x").as_deref(), Some("[Tc Ts]"));
        assert_eq!(cards("[]").as_deref(), Some("[]"));
        assert_eq!(cards("[ , ,]").as_deref(), Some("[]"));
        assert_eq!(cards("[é,ü 10]").as_deref(), Some("[é ü T]"));
        assert_eq!(cards("] ["), None);
        assert_eq!(cards("no cards"), None);
    }

    /// A glued line is cut where a search for the text cuts it.
    #[test]
    fn glued_lines_are_found_as_by_search() {
        let glued = "does not show cards.";
        for t in [
            "Bob does not show cards.Bob wins $1,10 USD",
            "Bob does not show cards.",
            "does not show cards.does not show cards.",
            "Bob wins $1.10 USD.",
            "cards.",
            "",
            ".",
            "é does not show cards.x",
        ] {
            assert_eq!(glued_at(t, glued), find(t, glued), "{t:?}");
        }
    }

    #[test]
    fn a_run_of_folds_is_put_in_the_order_the_players_act() {
        // Button seat 1; blinds seats 2 and 3; seats 4, 5 and 6 fold, written 6, 4, 5.
        let seats = [(1, "a"), (2, "b"), (3, "c"), (4, "d"), (5, "e"), (6, "f")];
        let stacks = [100; 6];
        let p = Play {
            seats: &seats,
            stacks: &stacks,
            s: None,
            tournament: false,
            silent: None,
            button: 1,
            asides: true,
        };
        let texts = [
            "b posts small blind [1]",
            "c posts big blind [2]",
            "** Dealing down cards **",
            "f folds",
            "d folds",
            "e folds",
            "a raises [6]",
        ];
        let lines: Vec<Line<'_>> =
            texts.iter().enumerate().map(|(k, t)| Line { number: k + 1, text: t }).collect();
        let order: Vec<usize> = in_turn(&lines, &p).iter().map(|l| l.0.number).collect();
        assert_eq!(order, [1, 2, 3, 5, 6, 4, 7]);
    }

    #[test]
    fn seats_are_read_with_their_stacks() {
        assert_eq!(
            seat_of("Seat 9: Lisypoker ( $3.57 USD )"),
            Some((9, "Lisypoker", " $3.57 USD "))
        );
        assert_eq!(seat_of("seat2: Hero ( $2,127.50 USD )"), Some((2, "Hero", " $2,127.50 USD ")));
        assert_eq!(seat_of("Seat 5: a b ( 4,520 )").map(|s| cents(s.2)), Some(Some(452_000)));
        assert_eq!(seat_of("Seat 6 is the button"), None);
    }
}
