//! GGPoker's straddles (`NAME: straddle $0.5`, perhaps `and is all-in`) held to the engine's
//! rule ([`crate::rules`], docs/games.md): the first straddle from a seat after the big blind
//! (under the gun, or any later seat up to the button), at least twice the big blind; each
//! re-straddle from the seat left of the straddle before it, at least twice that straddle. Such
//! straddles are `blinds_or_straddles` entries the engine plays; any other is refused, saying
//! which part of the rule it breaks.

use super::lines::{amount, find};
use crate::record::Amount;

/// The straddles of a hand so far, read line by line in the text's order.
pub(super) struct Straddles<'s> {
    /// The seat list's names, in seat order.
    seats: &'s [(u32, &'s str)],
    /// The big blind of the stakes.
    big_blind: Amount,
    /// The players who posted the small and the big blind (indices into `seats`), with the
    /// blind (`small`, `big`) and the line.
    blinds: Vec<(usize, &'static str, usize)>,
    /// The last straddle: its player (an index into `seats`), amount, in units of 10^-9, and
    /// line.
    last: Option<(usize, i64, usize)>,
}

impl<'s> Straddles<'s> {
    /// No straddle yet, at a table of `seats` whose big blind is `big_blind`.
    pub(super) fn new(seats: &'s [(u32, &'s str)], big_blind: Amount) -> Straddles<'s> {
        Straddles { seats, big_blind, blinds: Vec::new(), last: None }
    }

    /// Reads line `n` of the text (`t`): a blind posted is noted, and a straddle that breaks the
    /// engine's rule is refused (why, at the line).
    pub(super) fn refused(&mut self, t: &str, n: usize) -> Option<String> {
        let seat_of = |name: &str| self.seats.iter().position(|&(_, s)| s == name);
        // Most lines post nothing: one search tells.
        if let Some(k) = find(t, ": posts ") {
            let verb = &t[k + 8..];
            let blind = ["small", "big"]
                .into_iter()
                .find(|b| verb.strip_prefix(b).is_some_and(|rest| rest.starts_with(" blind ")));
            if let Some(blind) = blind
                && let Some(i) = seat_of(&t[..k])
            {
                self.blinds.push((i, blind, n));
            }
        }
        let k = find(t, ": straddle ")?;
        let player = seat_of(&t[..k]);
        let units = |a: Amount| a.to_units(9);
        let posted = amount(&t[k + 11..]).and_then(units);
        let name = &t[..k];
        let blind = player.and_then(|p| self.blinds.iter().find(|b| b.0 == p));
        let why: String = match (player, posted, self.last) {
            (None, _, _) | (_, None, _) => "a straddle names a seated player and an amount".into(),
            (Some(_), _, _) if blind.is_some() => {
                let (_, which, at) = blind.copied().unwrap_or_default();
                let last = if which == "big" { ", and the big blind acts last before the flop already" } else { "" };
                format!(
                    "a straddle comes from a seat after the big blind, not from a blind: {name} posted the {which} blind at line {at}{last}"
                )
            }
            (Some(p), _, Some((before, _, at))) if p == before => format!(
                "a re-straddle comes from the seat left of the straddle before it, not from the same player: {name} straddled at line {at} already, and a player straddles once (a second straddle would be a raise before the cards)"
            ),
            (Some(p), _, Some((before, _, _))) if (before + 1) % self.seats.len() != p => {
                "a re-straddle comes from the seat left of the straddle before it".into()
            }
            (_, Some(x), Some((_, before, _))) if x < before.saturating_mul(2) => {
                "a re-straddle is at least twice the straddle before it".into()
            }
            (_, Some(x), None) if units(self.big_blind).is_none_or(|b| x < b.saturating_mul(2)) => {
                "a straddle is at least twice the big blind".into()
            }
            (Some(p), Some(x), _) => {
                self.last = Some((p, x, n));
                return None;
            }
        };
        Some(format!("line {n}: a straddle the engine does not play (`{t}`): {why}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the straddle lines `lines` after blinds of 1 (b) and 2 (c) are refused for, at a
    /// table of a (the button), b, c, d, e.
    fn refused(lines: &[&str]) -> Option<String> {
        let seats = [(1, "a"), (2, "b"), (3, "c"), (4, "d"), (5, "e")];
        let mut s = Straddles::new(&seats, Amount::whole(2));
        let blinds = ["b: posts small blind 1", "c: posts big blind 2"];
        blinds.iter().chain(lines).enumerate().find_map(|(k, t)| s.refused(t, k + 1))
    }

    #[test]
    fn straddles_go_in_turn_from_after_the_big_blind_each_twice_the_one_before() {
        // Under the gun, then each seat to its left: the engine's rule.
        assert_eq!(
            refused(&["d: straddle 4", "e: straddle 8", "a: straddle 16 and is all-in"]),
            None
        );
        // A Mississippi straddle from the button.
        assert_eq!(refused(&["a: straddle 5"]), None);
        let why = |lines: &[&str]| refused(lines).unwrap();
        assert_eq!(
            why(&["c: straddle 4"]),
            "line 3: a straddle the engine does not play (`c: straddle 4`): a straddle comes from a seat after the big blind, not from a blind: c posted the big blind at line 2, and the big blind acts last before the flop already"
        );
        assert!(why(&["d: straddle 3"]).ends_with("at least twice the big blind"));
        assert!(why(&["d: straddle 4", "d: straddle 9"]).ends_with(
            "not from the same player: d straddled at line 3 already, and a player straddles once (a second straddle would be a raise before the cards)"
        ));
        assert!(
            why(&["d: straddle 4", "a: straddle 8"]).ends_with("left of the straddle before it")
        );
        assert!(why(&["d: straddle 4", "e: straddle 7"]).ends_with("twice the straddle before it"));
        // Round the table from the button to the small blind: a blind.
        assert!(why(&["a: straddle 4", "b: straddle 8"])
            .ends_with("not from a blind: b posted the small blind at line 1"));
        assert!(why(&["x: straddle 4"]).ends_with("a seated player and an amount"));
    }
}
