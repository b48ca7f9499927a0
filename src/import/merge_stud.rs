//! Merge's seven-card stud, stud high-low, razz, deuce-to-seven triple draw and badugi games
//! (fixed limit), their play put in Full Tilt's words for the reader of Full Tilt's stud and
//! draw hands ([`super::fulltilt_stud::complete_play`]), once [`super::merge_game`] has read
//! the `<game>` element:
//!
//! | Merge writes | read as |
//! |---|---|
//! | `type="7-Stud H/L8"`, `"Razz"`, `"2-7 Lowball"`, `"Badugi"`, `stakes="Limit $0.25/$0.50"` | the game, its small and big bets |
//! | `type="HORSE"` with `numholecards="7"` and `multigametype="41"` (`43`, `45`; `49`) | seven-card stud (stud high-low; razz) |
//! | `ANTE`, `SMALL_BLIND`, `BIG_BLIND` | `NAME antes X`, `posts the small blind of X`, `posts the big blind of X` |
//! | `<round id="BRING_IN">` (or `THIRD_STREET` when it comes first), `FOURTH_STREET` ... `SEVENTH_STREET` | `*** 3RD STREET ***` ... `*** 7TH STREET ***` |
//! | `<cards type="DRAW_DRAWN_CARDS" cards="null,null,7h,Qh"/>`, `type="HOLE" cards="8h,2s,3h,Jc"` | the cards so far: the last is the street's (`Dealt to NAME [Qh]`); a `null` is a card dealt face down |
//! | `BRING_IN`, `COMPLETE amount="0.25"`, a `BET` in the bring-in's round | `brings in for X`, `raises to 0.25` (the street's total); the low card completing |
//! | `<round id="PRE_FIRST_DRAW">`, `FIRST_DRAW` ... `THIRD_DRAW`; `POST_FIRST_DRAW` ... | `*** HOLE CARDS ***`, `*** FIRST DRAW ***` ...; the betting after each draw |
//! | `DRAW text="2"`, the player's `DRAW_DRAWN_CARDS` after it | `NAME discards 2 cards` and `is dealt 2 cards`, the cards when the text shows the hand before and after; `text="0"` stands pat |
//! | `CALL` (what it adds), `BET`, `ALL_IN` (what it adds), `RAISE` (the street's total), `CHECK`, `FOLD` | `calls`, `raises to` the street's total, `checks`, `folds` |
//! | `SHOW` with the player's `SHOWN` cards, `MUCK` | `shows [...]`, `mucks` |
//! | `<winner amount uncalled>` | `NAME wins the pot (X)`, `Uncalled bet of X returned to NAME` (older files pay it inside the winner's amount: it is taken out) |
//!
//! Merge writes no total pot nor rake: the total is what was put in less the uncalled bet, the
//! rake that total less what was paid, as in its hold'em games ([`super::merge_record`]). A
//! tournament's mixed game writes `stakes="Limit"` with no amounts: the small bet is the first
//! completion of third street (else the first bet of fourth), the big bet the first bet of
//! fifth street on (twice the small when none is made); a hand with no bet says neither and is
//! refused.

use super::collected::uncalled;
use super::fulltilt_stud::{complete_play, Game as Stud};
use super::lines::Line;
use super::merge_game::{Dealt, Game};
use super::merge_record::{after_forced, forced, header, named_seats, places, Description};
use super::pokerstars::{GameName, Limit, Seat, StarsHand};
use crate::record::{Amount, HandRecord, Unreplayable};

/// A bound on any one amount: 10^16 chips, so that sums of a table's amounts cannot overflow.
const MAX: i64 = 10_000_000_000_000_000;

/// The game a H.O.R.S.E. hand's `multigametype` names, as the real texts show it: 41 deals
/// seven-card stud (the lowest up card brings in, one pot), 43 (cash) and 45 (tournament) stud
/// high-low (high and low winners), 49 razz (the highest up card brings in).
fn mixed(number: u32) -> Option<Stud> {
    match number {
        41 => Some(Stud::Stud),
        43 | 45 => Some(Stud::StudHiLo),
        49 => Some(Stud::Razz),
        _ => None,
    }
}

/// The stud or draw game a `<description>`'s `type` and `stakes` name (a mixed game's by its
/// hole cards and `multigametype`): `None` when it is no stud or draw game, `Some(Err(why))`
/// for one feltkit does not read or play so.
pub(super) fn game(kind: &str, stakes: &str, game: &Game) -> Option<Result<Stud, String>> {
    let k = kind.to_ascii_lowercase();
    let named = || format!("{} {}", kind.trim(), stakes.trim());
    let g = if k.contains("horse") {
        if game.hole != Some(7) {
            return None;
        }
        match game.multigame.and_then(mixed) {
            Some(g) => g,
            None => {
                let m = game.multigame.map_or("none".to_string(), |m| format!("\"{m}\""));
                return Some(Err(format!(
                    "{}: the mix's seven-card hand has `multigametype` {m}, a game Merge's texts have not shown (41 seven-card stud, 43 and 45 stud high-low, 49 razz)",
                    named()
                )));
            }
        }
    } else if k.contains("razz") {
        Stud::Razz
    } else if k.contains("stud") {
        if game.hole.is_some_and(|h| h != 7) {
            return Some(Err(format!("{}: feltkit plays seven-card stud only", named())));
        }
        if ["h/l", "hi/lo", "hi-lo"].iter().any(|w| k.contains(w)) {
            Stud::StudHiLo
        } else {
            Stud::Stud
        }
    } else if k.contains("2-7") && k.contains("lowball") {
        Stud::TripleDraw
    } else if k.contains("badugi") {
        Stud::Badugi
    } else if k.contains("lowball") || k.contains("draw") {
        return Some(Err(format!(
            "{}: feltkit plays deuce-to-seven triple draw and badugi, not this draw game",
            named()
        )));
    } else {
        return None;
    };
    let s = stakes.to_ascii_lowercase();
    if s.contains("no limit") || s.contains("pot limit") || !s.contains("limit") {
        return Some(Err(format!("{}: feltkit plays this game fixed limit only", named())));
    }
    Some(Ok(g))
}

/// Lines in Full Tilt's words, each with its line in the text.
type FtLines = Vec<(usize, String)>;

/// Why the play cannot be put in Full Tilt's words.
enum Stop {
    /// The text is wrong at a line: what was expected.
    Unreadable(usize, String),
    /// The text is right but the hand cannot be replayed: why.
    Unsupported(String),
}

/// The record of a stud or draw game `g` read well (`stakes`: the description's small and big
/// bets, when written).
pub(super) fn record(
    game: &Game,
    d: &Description,
    line: usize,
    tournament: bool,
    g: Stud,
    stakes: Option<[Amount; 2]>,
) -> HandRecord<'static> {
    let mut r = header(game, d, line, tournament);
    r.variant = "?".into();
    match play(game, d, line, tournament, g, stakes) {
        Ok((ft, hand, sat_out)) => {
            let lines: Vec<Line<'_>> =
                ft.iter().map(|(n, t)| Line { number: *n, text: t }).collect();
            complete_play(&lines, &hand, g, &sat_out, &mut r);
            // Merge lets two players at a cash table raise without a cap (the real texts raise
            // five times heads-up); a cap only refuses, so none is kept for them.
            if !tournament && r.players.as_ref().is_some_and(|p| p.len() == 2) {
                r.cap = Some(0);
            }
        }
        Err(Stop::Unreadable(l, why)) => {
            r.unreplayable = Some(Unreplayable::Unreadable(format!("line {l}: {why}")));
        }
        Err(Stop::Unsupported(why)) => {
            r.unreplayable = Some(Unreplayable::Unsupported(format!("not supported: {why}")));
        }
    }
    r
}

/// The small and big bets of a stud hand whose description writes none, from its bets (see the
/// module's doc), in chips.
fn bets_shown(game: &Game, chips: &dyn Fn(Amount) -> i64) -> Option<(i64, i64)> {
    let first = |rounds: &[&str], kinds: &[&str]| {
        game.events
            .iter()
            .filter(|e| rounds.contains(&e.round.as_str()) && kinds.contains(&e.kind.as_str()))
            .find_map(|e| e.amount.map(chips).filter(|&a| a > 0))
    };
    let third = first(&["BRING_IN", "THIRD_STREET"], &["COMPLETE", "BET"]);
    let small = third.or_else(|| first(&["FOURTH_STREET"], &["BET"]));
    let big = first(&["FIFTH_STREET", "SIXTH_STREET", "SEVENTH_STREET"], &["BET"]);
    match (small, big) {
        (Some(s), Some(b)) => Some((s, b)),
        (Some(s), None) => Some((s, s.saturating_mul(2))),
        (None, Some(b)) => Some(((b / 2).max(1), b)),
        (None, None) => None,
    }
}

/// The play of the game in Full Tilt's words, each line with its line in the text, the hand's
/// table as Full Tilt's reader takes it, and the seats the text says are not dealt in.
fn play(
    game: &Game,
    d: &Description,
    line: usize,
    tournament: bool,
    g: Stud,
    stakes: Option<[Amount; 2]>,
) -> Result<(FtLines, StarsHand, Vec<bool>), Stop> {
    let bad = |l: usize, why: String| Stop::Unreadable(l, why);
    if game.rounds.iter().any(|id| id == "GAME_CANCELLED")
        || game.events.iter().any(|e| e.kind == "GAME_CANCELLED")
    {
        return Err(Stop::Unsupported(format!(
            "line {line}: the site cancelled the game before any play"
        )));
    }
    let u = places(game, stakes);
    let chips = |a: Amount| a.to_units(u).unwrap_or(MAX).clamp(-MAX, MAX);
    let index = |seat: u32, l: usize| {
        game.players.iter().position(|p| p.seat == seat).ok_or_else(|| {
            bad(l, format!("seat {seat} has no `<player>` in the game (expected one of its seats)"))
        })
    };
    for p in &game.players {
        if p.balance.units < 0 {
            return Err(bad(p.line, format!("{}'s balance is below zero", p.name)));
        }
    }
    // Who plays: `dealtin="true"`, or anyone an event or a winner names.
    let mut dealt: Vec<bool> = game.players.iter().map(|p| p.dealt_in).collect();
    for e in &game.events {
        if let Some(s) = e.seat {
            dealt[index(s, e.line)?] = true;
        }
    }
    for x in &game.winners {
        dealt[index(x.seat, x.line)?] = true;
    }
    let seats: Vec<(usize, u32, &str)> =
        game.players.iter().map(|p| (p.line, p.seat, p.name.as_str())).collect();
    named_seats(&seats, &dealt, "nickname").map_err(|(l, why)| bad(l, why))?;
    let stud = matches!(g, Stud::Stud | Stud::StudHiLo | Stud::Razz);
    let (small, big) = match stakes {
        Some([s, b]) => (chips(s), chips(b)),
        None if stud => bets_shown(game, &chips).ok_or_else(|| {
            Stop::Unsupported(format!(
                "line {line}: `stakes=\"{}\"` writes no bets, and no bet of the hand shows them",
                d.stakes.trim()
            ))
        })?,
        None => {
            return Err(Stop::Unsupported(format!(
                "line {line}: `stakes=\"{}\"` writes no bets (expected `Limit $1/$2`)",
                d.stakes.trim()
            )))
        }
    };
    let button = match game.dealer {
        Some(b) => b.saturating_add(1),
        None if stud => 0,
        None => {
            return Err(bad(
                line,
                "the draw game names no dealer (expected `<players dealer=\"...\">`): its play starts after the button".into(),
            ))
        }
    };
    // Older tournament files give each balance after the player's antes and blinds.
    let mut start: Vec<i64> = game.players.iter().map(|p| chips(p.balance)).collect();
    if after_forced(d, tournament) {
        for e in game.events.iter().filter(|e| forced(e)) {
            if let (Some(s), Some(a)) = (e.seat, e.amount) {
                let i = index(s, e.line)?;
                start[i] = start[i].saturating_add(chips(a)).min(MAX);
            }
        }
    }
    let out = words(game, g, &start, tournament, (u, &chips), &index)?;
    let stakes = (Amount { units: small, places: u }, Amount { units: big, places: u });
    let kind = GameName::Other(d.kind.trim().to_string());
    let hand = StarsHand {
        symbol: game.symbol,
        button,
        seats: game
            .players
            .iter()
            .zip(&start)
            .map(|(p, &c)| Seat {
                seat: p.seat.saturating_add(1),
                name: p.name.clone(),
                stack: Amount { units: c, places: u },
                line: p.line,
            })
            .collect(),
        events: Vec::new(),
        ..StarsHand::new(Some(game.id.clone()), line, kind, Limit::FixedLimit, stakes)
    };
    let sat_out = dealt.iter().map(|d| !d).collect();
    Ok((out, hand, sat_out))
}

/// A cards element of a player, of the kinds given, in a round.
fn cards_of<'g>(game: &'g Game, round: &str, seat: u32, kinds: &[&str]) -> Option<&'g Dealt> {
    game.cards
        .iter()
        .find(|c| c.round == round && c.seat == Some(seat) && kinds.contains(&c.kind.as_str()))
}

/// The cards written, space-separated; `None` when one is not shown.
fn all_known(cards: &[Option<String>]) -> Option<String> {
    let known: Option<Vec<&str>> = cards.iter().map(|c| c.as_deref()).collect();
    known.map(|k| k.join(" "))
}

/// `N card` or `N cards`.
fn cards_word(n: usize) -> &'static str {
    if n == 1 {
        "card"
    } else {
        "cards"
    }
}

/// The play in Full Tilt's words (see the module's doc): the players by index into
/// `game.players`, `start` their stacks, `(u, chips)` the hand's decimal places and its reading
/// of an amount in chips.
fn words(
    game: &Game,
    g: Stud,
    start: &[i64],
    tournament: bool,
    (u, chips): (u8, &dyn Fn(Amount) -> i64),
    index: &dyn Fn(u32, usize) -> Result<usize, Stop>,
) -> Result<FtLines, Stop> {
    let bad = |l: usize, why: String| Stop::Unreadable(l, why);
    let w = |c: i64| Amount { units: c, places: u }.to_string();
    let stud = matches!(g, Stud::Stud | Stud::StudHiLo | Stud::Razz);
    let hole = if g == Stud::Badugi { 4 } else { 5 };
    let k = game.players.len();
    let name = |i: usize| game.players[i].name.as_str();
    let (mut put, mut street) = (vec![0i64; k], vec![0i64; k]);
    let mut folded = vec![false; k];
    // The cards written of each player so far (stud: every card dealt; draw: the hand held).
    let mut known: Vec<Vec<Option<String>>> = vec![Vec::new(); k];
    let mut out: Vec<(usize, String)> = Vec::with_capacity(game.events.len() + 32);
    // Before 8 September 2010 a raise's amount is what it adds, since then the street's total.
    let raise_adds = game.time.is_some_and(|[y, mo, d, ..]| (y, mo, d) < (2010, 9, 8));
    let mut third = false;
    for (r, id) in game.rounds.iter().enumerate() {
        let rl = game.round_lines.get(r).copied().unwrap_or(0);
        // The street this round deals (stud: its cards; 0 for a round that deals none).
        let (header, deals): (Option<&str>, usize) = match (stud, id.as_str()) {
            (_, "BLINDS" | "SHOWDOWN" | "END_OF_GAME" | "END_OF_FOLDED_GAME") => (None, 0),
            (true, "BRING_IN" | "THIRD_STREET") if !third => {
                third = true;
                (Some("3RD STREET"), 3)
            }
            (true, "BRING_IN" | "THIRD_STREET") => (None, 0),
            (true, "FOURTH_STREET") => (Some("4TH STREET"), 4),
            (true, "FIFTH_STREET") => (Some("5TH STREET"), 5),
            (true, "SIXTH_STREET") => (Some("6TH STREET"), 6),
            (true, "SEVENTH_STREET") => (Some("7TH STREET"), 7),
            (false, "PRE_FIRST_DRAW") => (Some("HOLE CARDS"), hole),
            (false, "FIRST_DRAW") => (Some("FIRST DRAW"), 0),
            (false, "SECOND_DRAW") => (Some("SECOND DRAW"), 0),
            (false, "THIRD_DRAW") => (Some("THIRD DRAW"), 0),
            (false, "POST_FIRST_DRAW" | "POST_SECOND_DRAW" | "POST_THIRD_DRAW") => (None, 0),
            (_, other) => {
                return Err(bad(
                    rl,
                    format!(
                        "`<round id=\"{other}\">` is not a round of {} (expected {})",
                        if stud { "stud" } else { "a triple draw" },
                        if stud {
                            "BLINDS, BRING_IN, THIRD_STREET to SEVENTH_STREET, SHOWDOWN, END_OF_GAME"
                        } else {
                            "BLINDS, PRE_FIRST_DRAW, FIRST_DRAW to THIRD_DRAW, POST_FIRST_DRAW to POST_THIRD_DRAW, SHOWDOWN, END_OF_GAME"
                        }
                    ),
                ))
            }
        };
        if let Some(h) = header {
            out.push((rl, format!("*** {h} ***")));
            // The blinds are the first betting round's bets.
            if h != "HOLE CARDS" {
                street.iter_mut().for_each(|s| *s = 0);
            }
        }
        if deals > 0 {
            for c in game.cards.iter().filter(|c| &c.round == id) {
                let Some(seat) = c.seat else { continue };
                if !matches!(c.kind.as_str(), "DRAW_DRAWN_CARDS" | "HOLE") {
                    continue;
                }
                let i = index(seat, c.line)?;
                if folded[i] {
                    // A folded player's cards written again: nothing is dealt.
                    continue;
                }
                if c.cards.len() != deals {
                    return Err(bad(
                        c.line,
                        format!(
                            "{} has {} cards written, not the {deals} the street deals",
                            name(i),
                            c.cards.len()
                        ),
                    ));
                }
                let before = &known[i];
                if !stud || deals == 3 {
                    if !before.is_empty() {
                        return Err(bad(
                            c.line,
                            format!("{}'s first cards are written twice", name(i)),
                        ));
                    }
                } else if before.len() + 1 != deals
                    || before.iter().zip(&c.cards).any(|(b, c)| b.is_some() && b != c)
                {
                    // A card down may be written once shown (all in on an earlier street).
                    return Err(bad(
                        c.line,
                        format!(
                            "{}'s cards do not carry on the cards written before (expected the cards so far, then the street's)",
                            name(i)
                        ),
                    ));
                }
                let dealt = if stud && deals == 3 {
                    match (&c.cards[0], &c.cards[1], &c.cards[2]) {
                        (None, None, Some(up)) => Some(up.clone()),
                        (None, None, None) => None,
                        _ => Some(all_known(&c.cards).ok_or_else(|| {
                            bad(c.line, format!("{}'s third street is neither two cards down and one up (`null,null,7h`) nor all three", name(i)))
                        })?),
                    }
                } else if stud {
                    c.cards[deals - 1].clone()
                } else {
                    all_known(&c.cards)
                };
                if let Some(cards) = dealt {
                    out.push((c.line, format!("Dealt to {} [{cards}]", name(i))));
                }
                known[i].clone_from(&c.cards);
            }
        }
        // A draw's new cards, dealt once every player has discarded or stood pat.
        let mut drawn: Vec<(usize, String)> = Vec::new();
        for e in game.events.iter().filter(|e| &e.round == id) {
            let Some(seat) = e.seat else { continue };
            let i = index(seat, e.line)?;
            let l = e.line;
            let n = name(i);
            let a = e.amount.map_or(0, chips);
            let most = street.iter().copied().max().unwrap_or(0);
            match e.kind.as_str() {
                "ANTE" => {
                    put[i] = put[i].saturating_add(a);
                    out.push((l, format!("{n} antes {}", w(a))));
                }
                "SMALL_BLIND" | "BIG_BLIND" | "INITIAL_BLIND" => {
                    put[i] = put[i].saturating_add(a);
                    street[i] = street[i].saturating_add(a);
                    let which = if e.kind == "SMALL_BLIND" { "small" } else { "big" };
                    out.push((l, format!("{n} posts the {which} blind of {}", w(a))));
                }
                "BRING_IN" => {
                    put[i] = put[i].saturating_add(a);
                    street[i] = street[i].saturating_add(a);
                    out.push((l, format!("{n} brings in for {}", w(a))));
                }
                "FOLD" => {
                    folded[i] = true;
                    out.push((l, format!("{n} folds")));
                }
                "CHECK" => out.push((l, format!("{n} checks"))),
                "CALL" => {
                    put[i] = put[i].saturating_add(a);
                    street[i] = street[i].saturating_add(a);
                    out.push((l, format!("{n} calls {}", w(a))));
                }
                "BET" | "RAISE" | "COMPLETE" | "ALL_IN" => {
                    if e.kind == "ALL_IN" && a == 0 {
                        // An all-in player's all-in said again: nothing is put in.
                        if put[i] < start[i] {
                            return Err(bad(l, "the all-in has no amount and the player has chips left (expected `amount=\"...\"`)".into()));
                        }
                        continue;
                    }
                    let to = match e.kind.as_str() {
                        "RAISE" if !raise_adds => a,
                        "COMPLETE" => a,
                        _ => street[i].saturating_add(a),
                    };
                    let added = to.saturating_sub(street[i]);
                    if added <= 0 {
                        return Err(bad(
                            l,
                            format!("{n}'s {} to {} puts nothing in: {} is in on this street already", e.kind, w(to), w(street[i])),
                        ));
                    }
                    put[i] = put[i].saturating_add(added);
                    street[i] = to;
                    if to > most {
                        out.push((l, format!("{n} raises to {}", w(to))));
                    } else {
                        out.push((l, format!("{n} calls {}", w(added))));
                    }
                }
                "DRAW" if !stud => {
                    let c = e.count.unwrap_or(0) as usize;
                    let after = cards_of(game, id, seat, &["DRAW_DRAWN_CARDS"]);
                    let before = all_known(&known[i]).map(|_| known[i].clone());
                    match (after, before) {
                        (Some(after), Some(before)) if after.cards.len() == hole => {
                            let gone: Vec<&str> = before
                                .iter()
                                .flatten()
                                .filter(|x| !after.cards.contains(&Some(x.to_string())))
                                .map(String::as_str)
                                .collect();
                            let new: Vec<&str> = after
                                .cards
                                .iter()
                                .map(|x| x.as_deref())
                                .filter(|x| !x.is_some_and(|x| before.iter().flatten().any(|b| b == x)))
                                .map(|x| x.unwrap_or("??"))
                                .collect();
                            if gone.len() != c || new.len() != c || new.contains(&"??") {
                                return Err(bad(
                                    after.line,
                                    format!(
                                        "{n}'s cards after the draw change {} of the cards before, but the draw (line {l}) changes {c}",
                                        gone.len()
                                    ),
                                ));
                            }
                            if c == 0 {
                                out.push((l, format!("{n} stands pat")));
                            } else {
                                out.push((l, format!("{n} discards {c} {} [{}]", cards_word(c), gone.join(" "))));
                                drawn.push((after.line, format!("Dealt to {n} [] [{}]", new.join(" "))));
                            }
                            known[i].clone_from(&after.cards);
                        }
                        _ if c == 0 => out.push((l, format!("{n} stands pat"))),
                        _ => {
                            out.push((l, format!("{n} discards {c} {}", cards_word(c))));
                            drawn.push((l, format!("{n} is dealt {c} {}", cards_word(c))));
                            known[i].clear();
                        }
                    }
                }
                "SHOW" => {
                    let shown = game
                        .cards
                        .iter()
                        .find(|c| c.seat == Some(seat) && c.kind == "SHOWN")
                        .and_then(|c| all_known(&c.cards));
                    if let Some(cards) = shown {
                        out.push((l, format!("{n} shows [{cards}]")));
                    }
                }
                "MUCK" => out.push((l, format!("{n} mucks"))),
                "PLAYER_OUT" | "SIT_OUT" | "SIT_IN" => {}
                other => {
                    return Err(bad(
                        l,
                        format!(
                            "`{other}` is not an event feltkit knows in {} (expected ANTE, {}FOLD, CHECK, CALL, BET, RAISE, ALL_IN, {}SHOW or MUCK)",
                            if stud { "stud" } else { "a draw game" },
                            if stud { "BRING_IN, COMPLETE, " } else { "SMALL_BLIND, BIG_BLIND, " },
                            if stud { "" } else { "DRAW, " }
                        ),
                    ))
                }
            }
        }
        out.append(&mut drawn);
    }
    summary(game, &put, tournament, (u, chips), index, &mut out)?;
    Ok(out)
}

/// The winners and the site's totals in Full Tilt's words (see [`super::merge_record`]'s doc):
/// each winner's amount, the uncalled bet, the total pot and the rake.
fn summary(
    game: &Game,
    put: &[i64],
    tournament: bool,
    (u, chips): (u8, &dyn Fn(Amount) -> i64),
    index: &dyn Fn(u32, usize) -> Result<usize, Stop>,
    out: &mut FtLines,
) -> Result<(), Stop> {
    let w = |c: i64| Amount { units: c, places: u }.to_string();
    let k = put.len();
    let mut got = vec![0i64; k];
    let mut first = vec![0usize; k];
    let mut returned = 0i64;
    let mut marked = false;
    for x in &game.winners {
        let i = index(x.seat, x.line)?;
        let c = chips(x.amount);
        if x.uncalled {
            marked = true;
            returned = returned.saturating_add(c);
            let n = &game.players[i].name;
            out.push((x.line, format!("Uncalled bet of {} returned to {n}", w(c))));
        } else {
            got[i] = got[i].saturating_add(c);
            if first[i] == 0 {
                first[i] = x.line;
            }
        }
    }
    if !marked
        && let Some((top, excess)) = uncalled(put, &vec![0; k])
        && got[top] >= excess
    {
        // Older files pay the uncalled bet back inside the winner's amount.
        got[top] -= excess;
        returned = excess;
        let n = &game.players[top].name;
        out.push((first[top], format!("Uncalled bet of {} returned to {n}", w(excess))));
    }
    for i in 0..k {
        if first[i] != 0 {
            let n = &game.players[i].name;
            out.push((first[i], format!("{n} wins the pot ({})", w(got[i]))));
        }
    }
    let total = put.iter().fold(0i64, |s, &x| s.saturating_add(x)).saturating_sub(returned);
    let paid = got.iter().fold(0i64, |s, &x| s.saturating_add(x));
    let most = if tournament { 0 } else { total.saturating_add(9) / 10 };
    let rake = total.saturating_sub(paid).clamp(0, most.max(0));
    let at = game.winners.first().map_or(game.round_lines.last().copied().unwrap_or(0), |x| x.line);
    out.push((at, "*** SUMMARY ***".into()));
    out.push((at, format!("Total pot {} | Rake {}", w(total), w(rake))));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tournament_hands_bets_are_the_first_completion_and_fifth_streets_first_bet() {
        let game = |events: &str| {
            let text = format!("<game id=\"1\">\n<round id=\"BRING_IN\">\n<event type=\"BRING_IN\" player=\"1\" amount=\"20\"/>\n</round>\n{events}</game>");
            super::super::merge_game::parse(&text, 1).unwrap()
        };
        let chips = |a: Amount| a.to_units(0).unwrap();
        let third = "<round id=\"THIRD_STREET\">\n<event type=\"COMPLETE\" player=\"2\" amount=\"50\"/>\n</round>\n";
        let fifth = "<round id=\"FIFTH_STREET\">\n<event type=\"BET\" player=\"2\" amount=\"100\"/>\n</round>\n";
        assert_eq!(bets_shown(&game(third), &chips), Some((50, 100)));
        assert_eq!(bets_shown(&game(fifth), &chips), Some((50, 100)));
        assert_eq!(bets_shown(&game(&format!("{third}{fifth}")), &chips), Some((50, 100)));
        // A bring-in and folds show no bet.
        let folds = "<round id=\"THIRD_STREET\">\n<event type=\"FOLD\" player=\"2\"/>\n</round>\n";
        assert_eq!(bets_shown(&game(folds), &chips), None);
    }

    #[test]
    fn a_mixed_games_seven_card_hand_is_told_by_its_number() {
        assert_eq!(mixed(41), Some(Stud::Stud));
        assert_eq!(mixed(43), Some(Stud::StudHiLo));
        assert_eq!(mixed(45), Some(Stud::StudHiLo));
        assert_eq!(mixed(49), Some(Stud::Razz));
        assert_eq!(mixed(23), None);
    }
}
