//! GGPoker's money from outside the pot (docs/games.md), read into the record: a Cash Drop as
//! the hand's dead money (`_dead_money`), an EV Cashout or all-in insurance as the player's
//! cashout (`pN _cashout X`, after the hand's other actions), which the finishing stacks count.
//!
//! | GGPoker writes | read as |
//! |---|---|
//! | `Cash Drop to Pot : total $0.5` | `_dead_money = 0.50` |
//! | `NAME: Chooses to EV Cashout` | the player cashes out: one of the two lines below says how much |
//! | `NAME: Pays Cashout Risk ($0.65)` | `pN _cashout -0.65` (the player won the pot) |
//! | `NAME: Receives Cashout ($8.64)` | `pN _cashout 8.64` (the player lost it) |
//! | `NAME: get an all-in insurance (premium ...)` | the player insures: the line below says how much |
//! | `NAME: pay premium of all-in insurance ($4)` | `pN _cashout -4` |
//!
//! These lines are kept from the PokerStars reader ([`is_outside_line`]); the summary's
//! `, Cashout Risk ($0.65)` after a seat's result is its own words for the same amount.

use super::lines::{amount, find, Line};
use super::split::HandText;
use crate::record::{Action, Amount, HandRecord, RecordedAction, Unreplayable};

/// Whether a line of play is GG's money from outside the pot, which the PokerStars reader
/// does not read.
pub(super) fn is_outside_line(t: &str) -> bool {
    t.starts_with("Cash Drop to Pot")
        || [CHOOSES, PAYS, RECEIVES, INSURES, PREMIUM].iter().any(|w| find(t, w).is_some())
}

/// GG's words for a player's money outside the pot, after the player's name.
const CHOOSES: &str = ": Chooses to EV Cashout";
const PAYS: &str = ": Pays Cashout Risk (";
const RECEIVES: &str = ": Receives Cashout (";
const INSURES: &str = ": get an all-in insurance (";
const PREMIUM: &str = ": pay premium of all-in insurance (";

/// One player's money outside the pot: who, and the amount the text gives in its unit.
struct Paid<'t> {
    name: &'t str,
    amount: Amount,
    line: usize,
}

/// Reads GG's money from outside the pot into `r`: the Cash Drop as its dead money, and each
/// player's cashouts as one `pN _cashout X` after the hand's actions, added to their finishing
/// stack. A cashout chosen whose amount the text does not give makes the hand unsupported.
pub(super) fn read_outside(h: &HandText, r: &mut HandRecord<'_>) {
    if r.unreplayable.is_some() {
        return;
    }
    let mut paid: Vec<Paid<'_>> = Vec::new();
    let mut chosen: Vec<(&str, Line<'_>)> = Vec::new();
    let mut drop: Option<(Amount, usize)> = None;
    for l in h.lines().take_while(|l| l.text != "*** SUMMARY ***") {
        let t = l.text;
        if let Some(rest) = t.strip_prefix("Cash Drop to Pot") {
            let total = rest.rsplit(' ').find(|w| !w.is_empty()).and_then(amount);
            match (total, drop) {
                (Some(x), None) => drop = Some((x, l.number)),
                _ => {
                    return refuse(r, l, "a Cash Drop whose amount cannot be read, or a second one")
                }
            }
        }
        for (verb, sign) in [(PAYS, -1), (RECEIVES, 1), (PREMIUM, -1)] {
            if let Some(k) = find(t, verb) {
                let Some(x) = amount(&t[k + verb.len()..]) else {
                    return refuse(r, l, "an amount paid outside the pot that cannot be read");
                };
                let amount = Amount { units: x.units.saturating_mul(sign), places: x.places };
                paid.push(Paid { name: &t[..k], amount, line: l.number });
            }
        }
        for verb in [CHOOSES, INSURES] {
            if let Some(k) = find(t, verb) {
                chosen.push((&t[..k], l));
            }
        }
    }
    if let Some((_, l)) = chosen.iter().find(|(name, _)| !paid.iter().any(|p| p.name == *name)) {
        return refuse(r, *l, "an EV Cashout or insurance whose amount the text does not give");
    }
    if let Some((x, _)) = drop {
        r.dead_money = Some(x);
    }
    let names: Vec<String> = r.players.iter().flatten().map(|n| n.to_string()).collect();
    let mut by_player: Vec<(usize, Amount, usize)> = Vec::new();
    for p in &paid {
        let Some(i) = names.iter().position(|n| n == p.name) else {
            let l = Line { number: p.line, text: p.name };
            return refuse(r, l, "money paid outside the pot to a player not dealt in");
        };
        match by_player.iter_mut().find(|(j, _, _)| *j == i) {
            Some((_, sum, _)) => match add(*sum, p.amount) {
                Some(s) => *sum = s,
                None => return refuse(r, Line { number: p.line, text: p.name }, "too large"),
            },
            None => by_player.push((i, p.amount, p.line)),
        }
    }
    for (i, x, line) in by_player {
        r.actions.push(RecordedAction::built(Action::CashOut(i, x)));
        if !r.site_text.action_lines.is_empty() {
            r.site_text.action_lines.push(Some(line as u64));
        }
        if let Some(stack) = r.finishing_stacks.as_mut().and_then(|f| f.get_mut(i)) {
            match add(*stack, x) {
                Some(s) => *stack = s,
                None => return refuse(r, Line { number: line, text: "" }, "too large"),
            }
        }
    }
}

/// `a + b`, written with the places of the finer.
fn add(a: Amount, b: Amount) -> Option<Amount> {
    let places = a.places.max(b.places);
    let units = a.to_units(places)?.checked_add(b.to_units(places)?)?;
    Some(Amount { units, places })
}

/// Makes the hand unsupported, saying the line.
fn refuse(r: &mut HandRecord<'_>, l: Line<'_>, why: &str) {
    r.unreplayable = Some(Unreplayable::Unsupported(format!("line {}: {why}", l.number)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gg_lines_outside_the_pot_are_known_and_others_are_not() {
        for t in [
            "Cash Drop to Pot : total $0.5",
            "c92cfd10: Chooses to EV Cashout",
            "c92cfd10: Pays Cashout Risk ($0.65)",
            "Hero: Receives Cashout ($8.64)",
            "23aca38f: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))",
            "23aca38f: pay premium of all-in insurance ($4)",
        ] {
            assert!(is_outside_line(t), "{t}");
        }
        for t in ["Hero: calls $0.05", "Hero collected $4.86 from pot", "Total pot $5.08"] {
            assert!(!is_outside_line(t), "{t}");
        }
    }

    #[test]
    fn amounts_add_in_the_finer_places() {
        let a = |s: &str| Amount::parse(s).unwrap();
        assert_eq!(add(a("4.86"), a("-0.65")).unwrap().to_units(2), Some(421));
        assert_eq!(add(a("3"), a("0.5")).unwrap().to_units(1), Some(35));
        assert_eq!(add(Amount::whole(i64::MAX), a("1")), None);
    }
}
