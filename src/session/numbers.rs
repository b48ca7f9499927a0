//! Hand numbers at a table: the `hand` field goes up from one hand to the next, so a number
//! that repeats or goes back is reported (a hand recorded twice, or hands out of order).

use super::{check_push, HandCheck, TableRule};

/// The hand numbers a session has seen: the highest, and the last as written.
#[derive(Clone, Debug, Default)]
pub(super) struct Numbers {
    highest: Option<u128>,
    last: Option<String>,
}

/// Checks a hand's number against those before it at the table. Whole numbers are compared
/// as numbers (any number not above the highest so far repeats or goes back); other texts
/// only against the hand before.
pub(super) fn check(seen: &mut Numbers, hand: Option<&str>, check: &mut HandCheck) {
    let Some(hand) = hand else { return };
    let number = hand.parse::<u128>().ok();
    match (number, seen.highest) {
        (Some(n), Some(h)) if n <= h => check_push(
            check,
            TableRule::HandNumbers,
            if n == h {
                format!("hand {hand} repeats the number of an earlier hand at this table")
            } else {
                format!("hand {hand} comes after hand {h} at this table: hand numbers go up")
            },
        ),
        (None, _) if seen.last.as_deref() == Some(hand) => check_push(
            check,
            TableRule::HandNumbers,
            format!("hand {hand} repeats the number of the hand before it at this table"),
        ),
        _ => {}
    }
    if let Some(n) = number {
        seen.highest = Some(seen.highest.map_or(n, |h| h.max(n)));
    }
    seen.last = Some(hand.to_string());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(hands: &[&str]) -> Vec<(usize, String)> {
        let mut seen = Numbers::default();
        let mut out = Vec::new();
        for (k, h) in hands.iter().enumerate() {
            let mut c = HandCheck::default();
            check(&mut seen, Some(h), &mut c);
            out.extend(c.violations.into_iter().map(|v| (k + 1, v.message)));
        }
        out
    }

    #[test]
    fn hand_numbers_that_repeat_or_go_back_are_reported_and_gaps_are_not() {
        assert_eq!(rules(&["1", "2", "5", "9"]), []);
        let got = rules(&["7", "8", "8", "3", "9", "8"]);
        let at: Vec<usize> = got.iter().map(|(k, _)| *k).collect();
        assert_eq!(at, [3, 4, 6]);
        assert!(got[0].1.contains("repeats"), "{got:?}");
        assert!(got[1].1.contains("hand 3 comes after hand 8"), "{got:?}");
        // Texts that are not numbers: only a repeat of the hand before is seen.
        assert_eq!(rules(&["A1", "A2", "A1"]), []);
        assert_eq!(rules(&["A1", "A1"]).len(), 1);
    }
}
