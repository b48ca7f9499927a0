//! `--check`: the recorded `finishing_stacks`, `winnings` and `_pots` against the replay.

use crate::record::{check_log, check_site};
use crate::rules::{player_name, Chips, Outcome};
use crate::text::count;

use super::amount::{format_chips, Amount};
use super::record::HandRecord;
use super::replay::HandReport;

/// Compares the record's results with the replay, adding one line per difference; a record
/// without results is marked as such (`nothing_recorded`).
pub(super) fn compare(record: &HandRecord<'_>, report: &mut HandReport) {
    if record.finishing_stacks.is_none() && record.winnings.is_none() && record.pots.is_none() {
        report.nothing_recorded = true;
        return;
    }
    report.checked = true;
    let Some(outcome) = report.outcome.as_ref() else {
        report
            .mismatches
            .push("the recorded results cannot be checked: the hand was not settled".into());
        return;
    };
    let places = report.places;
    let mut out = Vec::new();
    let mut notes = Vec::new();
    if let Some(accounting) = &record.accounting {
        let site = check_site(record, accounting, outcome, places);
        report.rake = site.rake;
        report.mismatches.extend(site.mismatches);
        report.notes.extend(site.notes);
        return;
    }
    let log = |out: &mut Vec<String>| {
        record.log_results.as_ref().is_some_and(|log| {
            check_log(log, &record.starting_stacks, &outcome.final_stacks, places, out)
        })
    };
    if let Some(rec) = &record.finishing_stacks
        && !log(&mut out)
    {
        // A stack not known at the start (`inf`) is not known at the end either: the record
        // must say `inf` there, and the other players are compared as usual.
        let mut rec = rec.clone();
        for (i, r) in rec.iter_mut().enumerate() {
            if !report.unknown_stacks.get(i).copied().unwrap_or(false) {
                continue;
            }
            if r.is_infinite() {
                *r = Amount { units: outcome.final_stacks[i].get(), places };
            } else {
                out.push(format!(
                    "finishing_stacks: {} started with a stack not known (`inf`), so it ends not known: recorded {r}, expected inf",
                    player_name(i)
                ));
                *r = Amount { units: outcome.final_stacks[i].get(), places };
            }
        }
        per_player(|| "finishing_stacks".into(), &rec, &outcome.final_stacks, places, &mut out);
    }
    if let Some(rec) = &record.winnings {
        let post_rake_only = record.finishing_stacks.is_none() && record.pots.is_none();
        let explained = if post_rake_only { explain_winnings(rec, outcome, places) } else { None };
        match explained {
            Some(note) => notes.push(note),
            None => {
                per_player(|| "winnings".into(), rec, &outcome.winnings, places, &mut out);
                // Winnings of nothing for everyone, where the replay pays someone, are no
                // record of who won (the iPoker hands of the public PHH dataset are written
                // so): say so.
                let zero = |a: &Amount| a.to_chips(places) == Some(Chips::ZERO);
                if rec.iter().all(zero) && outcome.winnings.iter().any(|&w| w > Chips::ZERO) {
                    notes.push("the recorded `winnings` are zero for every player, though the replay pays the pot: the record does not say who won".into());
                }
            }
        }
    }
    if let Some(rec) = &record.pots {
        if rec.len() != outcome.pots.len() {
            out.push(format!(
                "_pots: recorded {}, replayed {}",
                count(rec.len(), "pot", "pots"),
                outcome.pots.len()
            ));
        }
        // PokerKit's pots of a hand won by folds leave out the winner's own bet of the last
        // round, which never left the front of the player: compare on those terms.
        let folded_win = outcome.showdown.is_none() && outcome.pots.len() == 1;
        let mut paid = vec![Chips::ZERO; outcome.final_stacks.len()];
        for (k, (r, ours)) in rec.iter().zip(&outcome.pots).enumerate() {
            let name = || format!("_pots[{}]", k + 1);
            let (amount, winner_bet) = if folded_win {
                let w = ours.winners.first().copied().unwrap_or(0);
                let bet = outcome.unswept_bets.get(w).copied().unwrap_or(Chips::ZERO);
                (ours.amount - bet, bet)
            } else {
                (ours.amount, Chips::ZERO)
            };
            if r.amount.to_chips(places) != Some(amount) {
                cmp_amount(&format!("{}.amount", name()), r.amount, amount, places, &mut out);
            }
            if !r.players.iter().copied().eq(ours.eligible.iter().map(|&p| p + 1)) {
                let eligible: Vec<usize> = ours.eligible.iter().map(|&p| p + 1).collect();
                out.push(format!(
                    "{}.players: recorded {:?}, replayed {:?}",
                    name(),
                    r.players,
                    eligible
                ));
            }
            paid.iter_mut().for_each(|x| *x = Chips::ZERO);
            for &(p, x) in &ours.payouts {
                paid[p] += x - winner_bet;
            }
            per_player(|| format!("{}.paid", name()), &r.paid, &paid, places, &mut out);
        }
    }
    report.mismatches.extend(out);
    report.notes.extend(notes);
}

/// The players at showdown whose cards are unknown (`????`), when the record's results
/// (`winnings`, else `finishing_stacks`) award none of them any chips: they lost, and the hand
/// can be settled without them. With the note that says so. `None` when there are no such
/// players, the record has no results to tell, awards no one anything, or awards one of them
/// chips.
pub(super) fn unknown_losers(
    record: &HandRecord<'_>,
    hand: &crate::rules::HandState,
    places: u8,
) -> Option<(Vec<usize>, String)> {
    let unknown = hand.unknown_at_showdown();
    if unknown.is_empty() {
        return None;
    }
    let (field, awarded): (&str, Vec<bool>) = if let Some(won) = &record.winnings {
        let won = won.iter().map(|a| a.to_chips(places).map(|c| c > Chips::ZERO));
        ("winnings", won.collect::<Option<_>>()?)
    } else {
        let end = record.finishing_stacks.as_ref()?;
        // Awarded: ending with more than the chips behind now (a stack not known tells nothing).
        let behind = hand.stacks().iter().zip(hand.set_aside()).map(|(&s, &a)| s + a);
        let grew = end.iter().zip(behind).map(|(e, b)| {
            if e.is_infinite() {
                None
            } else {
                e.to_chips(places).map(|c| c > b)
            }
        });
        ("finishing_stacks", grew.collect::<Option<_>>()?)
    };
    // Results that award no one anything (as iPoker's records write `winnings`: all zeros)
    // tell nothing of who won.
    if !awarded.contains(&true) || unknown.iter().any(|&i| awarded.get(i).copied().unwrap_or(true))
    {
        return None;
    }
    let names: Vec<String> = unknown.iter().map(|&i| player_name(i)).collect();
    let note = format!(
        "the hole cards of {} are not known at showdown and the recorded `{field}` award nothing to them: their hands are taken as lost",
        names.join(", ")
    );
    Some((unknown, note))
}

/// Compares one recorded amount per player; `field` names the field, built only for a message.
fn per_player(
    field: impl Fn() -> String,
    recorded: &[Amount],
    ours: &[Chips],
    places: u8,
    out: &mut Vec<String>,
) {
    if recorded.len() != ours.len() {
        out.push(format!(
            "{}: recorded {} for {}",
            field(),
            count(recorded.len(), "entry", "entries"),
            count(ours.len(), "player", "players")
        ));
        return;
    }
    for (i, (&r, &o)) in recorded.iter().zip(ours).enumerate() {
        if r.to_chips(places) != Some(o) {
            cmp_amount(&format!("{} {}", field(), player_name(i)), r, o, places, out);
        }
    }
}

fn cmp_amount(what: &str, recorded: Amount, ours: Chips, places: u8, out: &mut Vec<String>) {
    let replayed = format_chips(ours, places);
    match recorded.to_chips(places) {
        Some(r) if r == ours => {}
        Some(_) => out.push(format!("{what}: recorded {recorded}, replayed {replayed}")),
        None if recorded.significant_places() > places => out.push(format!(
            "{what}: recorded {recorded} cannot be right: the smallest chip in this hand is {}, and a chip cannot be split (replayed {replayed})",
            format_chips(Chips(1), places),
        )),
        None => out.push(format!(
            "{what}: recorded {recorded} cannot be right: it is more chips than any hand holds (replayed {replayed})"
        )),
    }
}

/// Most rake, in percent of the pot, that `--check` accepts as the difference between a record's
/// post-rake `winnings` and the pots.
pub const MAX_RAKE_PERCENT: i64 = 10;

/// Online records (HandHQ) give only `winnings`, written after the house took its rake, and
/// sometimes count the uncalled part of a blind as won. When the recorded winnings differ from
/// the pots in exactly one of those two ways, this says so; otherwise `None`.
fn explain_winnings(recorded: &[Amount], outcome: &Outcome, places: u8) -> Option<String> {
    let ours = &outcome.winnings;
    if recorded.len() != ours.len() {
        return None;
    }
    let rec: Vec<Chips> = recorded.iter().map(|a| a.to_chips(places)).collect::<Option<_>>()?;
    if rec == *ours {
        return None;
    }
    let with_uncalled: Vec<Chips> = (0..ours.len())
        .map(|i| if ours[i] > Chips::ZERO { ours[i] + outcome.uncalled[i] } else { Chips::ZERO })
        .collect();
    if rec == with_uncalled {
        return Some(
            "recorded winnings count the uncalled bet returned to the winner as won".into(),
        );
    }
    // The recorded numbers can be anything a file holds: the sums are taken in i128, where
    // no sum or product of a few i64 values overflows.
    let pot: i128 = outcome.pots.iter().map(|p| i128::from(p.amount)).sum();
    let mut rake: i128 = 0;
    for i in 0..ours.len() {
        let d = i128::from(ours[i]) - i128::from(rec[i]);
        if d < 0 || (ours[i] == Chips::ZERO && rec[i] != Chips::ZERO) {
            return None;
        }
        rake += d;
    }
    if rake <= 0 || rake * 100 > pot * i128::from(MAX_RAKE_PERCENT) {
        return None;
    }
    // Within a tenth of a pot, the rake and the pot are numbers of chips.
    let (rake, pot) = (i64::try_from(rake).ok().map(Chips)?, i64::try_from(pot).ok().map(Chips)?);
    Some(format!(
        "recorded winnings are {} less than the pot of {}: taken as rake (at most {MAX_RAKE_PERCENT}% accepted)",
        format_chips(rake, places),
        format_chips(pot, places)
    ))
}

#[cfg(test)]
mod tests {
    use crate::phh::replay_text;

    #[test]
    fn post_rake_winnings_within_ten_percent_are_explained() {
        // p3 wins 21 by folds: p3 10, p1 10, the big blind 1; the flop bet of 5 comes back.
        let text = "variant = 'NT'\nblinds_or_straddles = [0.50, 1, 0]\nmin_bet = 1\n\
                    starting_stacks = [50, 50, 50]\nactions = ['d dh p1 ????', 'd dh p2 ????', \
                    'd dh p3 ????', 'p3 cbr 10', 'p1 cc', 'p2 f', 'd db 2c3c4c', 'p1 cc', 'p3 cbr 5', 'p1 f']\n";
        let exact = replay_text(&format!("{text}winnings = [0, 0, 21]\n"), "t", true).remove(0);
        assert!(exact.ok() && exact.notes.is_empty(), "{exact:?}");
        let raked = replay_text(&format!("{text}winnings = [0, 0, 19.00]\n"), "t", true).remove(0);
        assert!(raked.ok() && raked.notes[0].contains("rake"), "{raked:?}");
        let too_much =
            replay_text(&format!("{text}winnings = [0, 0, 18.85]\n"), "t", true).remove(0);
        assert!(!too_much.ok());
        let wrong_player =
            replay_text(&format!("{text}winnings = [1, 0, 19]\n"), "t", true).remove(0);
        assert!(!wrong_player.ok());
        let with_uncalled =
            replay_text(&format!("{text}winnings = [0, 0, 26]\n"), "t", true).remove(0);
        assert!(
            with_uncalled.ok() && with_uncalled.notes[0].contains("uncalled"),
            "{with_uncalled:?}"
        );
    }

    #[test]
    fn winnings_of_nothing_for_everyone_differ_and_say_the_record_names_no_winner() {
        let text = "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                    starting_stacks = [100, 100]\nactions = ['d dh p1 ????', 'd dh p2 ????', \
                    'p2 cbr 10', 'p1 f']\n";
        let r = replay_text(&format!("{text}winnings = [0, 0]\n"), "t", true).remove(0);
        assert!(!r.ok());
        assert_eq!(r.mismatches, ["winnings p2: recorded 0, replayed 4"]);
        assert!(r.notes[0].contains("does not say who won"), "{:?}", r.notes);
        let wrong = replay_text(&format!("{text}winnings = [4, 0]\n"), "t", true).remove(0);
        assert!(!wrong.ok() && wrong.notes.is_empty(), "{wrong:?}");
    }

    #[test]
    fn absurd_post_rake_winnings_are_a_mismatch_not_a_wrapped_rake() {
        // Regression: a rake of 18446744073709551.7 times 100 wrapped around in i64 to a
        // small number, and the hand was "legal, results match" (debug builds panicked).
        let text = "variant = 'NT'\nblinds_or_straddles = [0.50, 1, 0]\nmin_bet = 1\n\
                    starting_stacks = [50, 50, 50]\nactions = ['d dh p1 ????', 'd dh p2 ????', \
                    'd dh p3 ????', 'p3 cbr 10', 'p1 cc', 'p2 f', 'd db 2c3c4c', 'p1 cc', 'p3 cbr 5', 'p1 f']\n";
        for winnings in [
            "[0, 0, -18446744073709530.7]",
            // `ours - recorded` itself overflowed i64 for a recorded amount near -2^63.
            "[0, 0, -922337203685477580.7]",
        ] {
            let r = replay_text(&format!("{text}winnings = {winnings}\n"), "t", true).remove(0);
            assert!(!r.ok(), "{winnings}: {r:?}");
            assert!(r.notes.is_empty(), "{winnings}: {:?}", r.notes);
            assert!(r.mismatches[0].starts_with("winnings p3: recorded -"), "{:?}", r.mismatches);
        }
    }
}
