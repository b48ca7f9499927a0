//! Seats, the button and the blinds from one hand to the next (docs/sessions.md).
//!
//! The big blind moves one player on each hand (to the first player dealt in clockwise after
//! the last big blind); the small blind is the seat of the last big blind (dead when its player
//! sits out or has left); the button is the seat of the last small blind, posted or dead. Seated
//! players passed by the big blind have missed it ("ML"); a player whose seat is the small
//! blind's while they sit out has missed it ("MS").

use super::{
    check_push, format_nano, HandCheck, Missed, Positions, Seated, Session, TableRule, TableState,
    View,
};
use crate::phh::table::TableFacts;
use crate::rules::Chips;

/// Keeps [`Session::seated`] to the players with a seat, after a hand: those seated before it
/// and those it dealt in or saw sitting out (nobody else can have gained a seat). A hand looks
/// at these players only, however many players the session has seen.
pub(super) fn update_seated(session: &mut Session, names: &[String], facts: &TableFacts) {
    let mut seated = std::mem::take(&mut session.seated);
    seated.extend(names.iter().cloned());
    seated.extend(facts.fields.sitting_out.iter().map(|o| o.player.clone()));
    seated.sort_unstable();
    seated.dedup();
    seated.retain(|n| session.players.get(n).is_some_and(|b| b.seat.is_some()));
    session.seated = seated;
}

pub(super) fn check(
    session: &mut Session,
    view: &View<'_>,
    facts: &TableFacts,
    number: usize,
    state: &mut TableState,
    check: &mut HandCheck,
) {
    let names = view.players;
    let n = names.len();
    let out = &facts.fields.sitting_out;
    // Who was at the table before this hand.

    // Players who left: at the table, neither dealt in nor sitting out. Only the players
    // seated are looked at, not every player the session has seen.
    let mut left: Vec<(usize, String)> = session
        .seated
        .iter()
        .filter_map(|nm| session.players.get(nm).map(|b| (nm, b)))
        .filter(|(nm, b)| {
            b.seat.is_some() && b.dealt_in != number && !out.iter().any(|o| &o.player == *nm)
        })
        .map(|(nm, b)| (b.order, nm.clone()))
        .collect();
    left.sort();
    for (_, nm) in left {
        let places = session.places;
        if let Some(b) = session.players.get_mut(&nm) {
            b.seat = None;
            b.missed = Missed::default();
            match b.stack {
                Some(s) => {
                    b.taken += s;
                    state.left.push((nm.clone(), format_nano(s, places)));
                }
                None => {
                    b.unknown_result = true;
                    state.left.push((nm.clone(), "an unknown stack".into()));
                }
            }
        }
    }

    let Some(seats) = facts.fields.seats.as_deref() else {
        check_push(
            check,
            TableRule::Records,
            "a hand of a session must give each player's seat (`seats`)".into(),
        );
        for nm in names {
            if let Some(b) = session.players.get_mut(nm) {
                b.seat = Some(0);
            }
        }
        session.prev = None;
        return;
    };

    // Seats: each once, within the table.
    let mut taken: Vec<u32> = seats.to_vec();
    taken.extend(out.iter().map(|o| o.seat));
    let mut sorted = taken.clone();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        check_push(check, TableRule::Seating, format!("seat {} is given to two players", w[0]));
    }
    let most = sorted.last().copied().unwrap_or(1);
    if let Some(count) = facts.fields.seat_count
        && most > count
    {
        check_push(
            check,
            TableRule::Seating,
            format!("seat {most} is beyond the table's {count} seats (`seat_count`)"),
        );
    }
    let button = facts.fields.button.unwrap_or(seats[n - 1]);
    let m = facts.fields.seat_count.unwrap_or(0).max(most).max(button);
    let from_button = |s: u32| (i64::from(s) - i64::from(button) - 1).rem_euclid(i64::from(m));
    if seats.windows(2).any(|w| from_button(w[0]) >= from_button(w[1])) {
        let order: Vec<String> = seats.iter().map(u32::to_string).collect();
        check_push(
            check,
            TableRule::Seating,
            format!(
                "the players must be listed clockwise from the seat left of the button (seat {button}), the button last: seats {} are not",
                order.join(", ")
            ),
        );
    }
    for (i, nm) in names.iter().enumerate() {
        if let Some(b) = session.players.get_mut(nm) {
            if let Some(old) = b.seat.filter(|&s| s != 0 && s != seats[i]) {
                check.notes.push(format!("{nm} moves from seat {old} to seat {}", seats[i]));
            }
            b.seat = Some(seats[i]);
        }
    }
    for o in out {
        if let Some(b) = session.players.get_mut(&o.player) {
            if names.contains(&o.player) {
                check_push(
                    check,
                    TableRule::Seating,
                    format!("{} is both dealt in and sitting out", o.player),
                );
            } else if let Some(old) = b.seat.filter(|&s| s != 0 && s != o.seat) {
                check.notes.push(format!("{} moves from seat {old} to seat {}", o.player, o.seat));
            }
            if b.seat.is_some() {
                b.seat = Some(o.seat);
            }
        }
    }

    state.dealt_in = (0..n).map(|i| Seated { seat: seats[i], name: names[i].clone() }).collect();
    let player_at = |s: u32| seats.iter().position(|&x| x == s);
    state.button = Some((button, player_at(button).map(|i| names[i].clone())));

    if !facts.button_game || facts.blind_sizes.1 <= Chips::ZERO {
        session.prev = None;
        fill_sitting_out(session, facts, state);
        return;
    }
    let (sb, bb) = facts.blind_sizes;
    let big = (0..n).find(|&i| facts.blind(i) == bb);
    let small = (0..n).find(|&i| sb > Chips::ZERO && sb < bb && facts.blind(i) == sb);
    state.big_blind = big.map(|i| state.dealt_in[i].clone());
    state.small_blind = small.map(|i| state.dealt_in[i].clone());
    if big.is_none() {
        check_push(check, TableRule::Blinds, "nobody posted the big blind".into());
    }
    let sitting_at = |s: u32| out.iter().find(|o| o.seat == s).map(|o| o.player.clone());
    let who = |s: u32| match (player_at(s), sitting_at(s)) {
        (Some(i), _) => format!("seat {s} ({})", names[i]),
        (None, Some(nm)) => format!("seat {s} ({nm}, sitting out)"),
        (None, None) => format!("seat {s} (empty)"),
    };

    let mut small_seat = small.map(|i| seats[i]);
    if n == 2 {
        small_seat = Some(button);
    }
    if let Some(prev) = session.prev {
        // The big blind: the first player dealt in after the last big blind. Seated players
        // passed over missed it.
        let mut expected = None;
        let mut passed = Vec::new();
        for k in 1..=m {
            let s = (prev.big_blind + k - 1) % m + 1;
            if player_at(s).is_some() {
                expected = Some(s);
                break;
            }
            if let Some(nm) = sitting_at(s) {
                passed.push(nm);
            }
        }
        for nm in passed {
            if let Some(b) = session.players.get_mut(&nm).filter(|b| b.seat.is_some()) {
                if !b.missed.big {
                    b.missed_in = number;
                }
                b.missed.big = true;
            }
        }
        if let (Some(e), Some(i)) = (expected, big)
            && seats[i] != e
        {
            check_push(
                    check,
                    TableRule::Blinds,
                    format!(
                        "{} posted the big blind, but it moves one player on from seat {}, last hand's big blind: {} owes it",
                        who(seats[i]),
                        prev.big_blind,
                        who(e)
                    ),
                );
        }
        if n == 2 {
            let e = expected.and_then(|e| seats.iter().copied().find(|&s| s != e));
            if let Some(e) = e.filter(|&e| e != button) {
                check_push(
                    check,
                    TableRule::ButtonMoves,
                    format!(
                        "heads-up the button posts the small blind: the big blind moves on to {}, so the button is {}, not seat {button}",
                        who(expected.unwrap_or(0)),
                        who(e)
                    ),
                );
            }
        } else {
            let sb_seat = prev.big_blind;
            small_seat = Some(sb_seat);
            match (player_at(sb_seat), small) {
                (Some(i), Some(j)) if i == j => {}
                (Some(i), _) => check_push(
                    check,
                    TableRule::Blinds,
                    format!(
                        "{} was last hand's big blind and owes the small blind, but {}",
                        names[i],
                        match small {
                            Some(j) => format!("{} posted it", who(seats[j])),
                            None => "nobody posted it".into(),
                        }
                    ),
                ),
                (None, Some(j)) => check_push(
                    check,
                    TableRule::Blinds,
                    format!(
                        "the small blind is dead this hand ({} was last hand's big blind), but {} posted one",
                        who(sb_seat),
                        who(seats[j])
                    ),
                ),
                (None, None) => {}
            }
            if let Some(nm) = sitting_at(sb_seat)
                && let Some(b) = session.players.get_mut(&nm).filter(|b| b.seat.is_some())
            {
                if !b.missed.any() {
                    b.missed_in = number;
                }
                b.missed.small = true;
            }
            if let Some(e) = prev.small_blind_seat.filter(|&e| e != button) {
                check_push(
                    check,
                    TableRule::ButtonMoves,
                    format!(
                        "the button is on {}, but it goes to {}, last hand's small blind (posted or dead): players pay their blinds before they get the button",
                        who(button),
                        who(e)
                    ),
                );
            }
        }
    }

    // Missed blinds, and new players, as they come in (cash games: in a tournament an absent
    // player is dealt in and posts like anyone else).
    if session.structure.is_none() {
        let prev_known = session.prev.is_some();
        for i in 0..n {
            let nm = &names[i];
            let Some(b) = session.players.get_mut(nm) else { continue };
            let dead = facts.dead_blind(i);
            let places = view.places;
            let chips = |x: Chips| crate::phh::amount::format_chips(x, places);
            let on_button_or_small = seats[i] == button || Some(seats[i]) == small_seat;
            if Some(i) == big {
                if dead > Chips::ZERO {
                    check_push(
                        check,
                        TableRule::MissedBlinds,
                        format!(
                            "{nm} is the big blind and owes nothing dead, but posted {} dead",
                            chips(dead)
                        ),
                    );
                }
            } else if b.missed.any() {
                let ok = (!b.missed.big || facts.blind(i) == bb) && dead == sb;
                let (what, how) = if b.missed.big {
                    ("big blind", format!("posting the big blind live and the small blind dead ({} + {} dead, \"post all\")", chips(bb), chips(sb)))
                } else {
                    ("small blind", format!("posting the small blind dead ({})", chips(sb)))
                };
                if !ok {
                    check_push(
                        check,
                        TableRule::MissedBlinds,
                        format!(
                            "{nm} missed the {what} in hand {} ({}) and is dealt in without {how}: a missed blind is made up, or the player waits for the big blind",
                            b.missed_in,
                            b.missed.marker()
                        ),
                    );
                }
                if on_button_or_small {
                    check_push(
                        check,
                        TableRule::MissedBlinds,
                        format!("{nm} owes a missed blind and may not come back on the button or in the small blind: the button must pass first"),
                    );
                }
            } else if b.coming_in {
                if prev_known && facts.blind(i) != bb {
                    check_push(
                        check,
                        TableRule::NewPlayer,
                        format!("{nm} joins the game without posting a big blind: a new player posts one ({}) or waits for the big blind", chips(bb)),
                    );
                }
                if prev_known && on_button_or_small {
                    check_push(
                        check,
                        TableRule::NewPlayer,
                        format!("{nm} joins the game on the button or in the small blind: a new player comes in only after the button has passed"),
                    );
                }
                if dead > Chips::ZERO {
                    check_push(
                        check,
                        TableRule::MissedBlinds,
                        format!(
                            "{nm} is new to the game and owes nothing dead, but posted {} dead",
                            chips(dead)
                        ),
                    );
                }
            } else {
                if dead > Chips::ZERO {
                    check_push(
                        check,
                        TableRule::MissedBlinds,
                        format!("{nm} posted {} dead but owed no missed blind", chips(dead)),
                    );
                }
                if facts.blind(i) == bb && Some(i) != big {
                    check_push(
                        check,
                        TableRule::Blinds,
                        format!("{nm} posted a second big blind but owed none"),
                    );
                }
            }
            b.missed = Missed::default();
        }
    }
    session.prev = Some(Positions {
        small_blind_seat: small_seat,
        big_blind: big.map_or(session.prev.map_or(0, |p| p.big_blind), |i| seats[i]),
    });
    fill_sitting_out(session, facts, state);
}

fn fill_sitting_out(session: &Session, facts: &TableFacts, state: &mut TableState) {
    state.sitting_out = facts
        .fields
        .sitting_out
        .iter()
        .map(|o| {
            let missed = session.players.get(&o.player).map(|b| b.missed).unwrap_or_default();
            (Seated { seat: o.seat, name: o.player.clone() }, missed)
        })
        .collect();
}
