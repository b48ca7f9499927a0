//! Main and side pots from what each player put in, and splitting a pot among tied winners.
//!
//! ```
//! use feltkit::rules::pots::{build, split};
//! use feltkit::rules::{Chips, OddChip};
//! // p1 is all-in for 70 in all; p2 and p3 put in 140 each. Nobody folded.
//! let pots = build(&[Chips(70), Chips(140), Chips(140)], &[Chips(0); 3], &[true, true, true]);
//! assert_eq!((pots[0].amount, pots[0].eligible.clone()), (Chips(210), vec![0, 1, 2]));
//! assert_eq!((pots[1].amount, pots[1].eligible.clone()), (Chips(140), vec![1, 2]));
//! // A pot of 5 split by p2 and p3: the odd chip goes to the first in clockwise order.
//! let shares = split(Chips(5), &[1, 2], OddChip::ClockwiseFromButton);
//! assert_eq!(shares, vec![(1, Chips(3)), (2, Chips(2))]);
//! ```

use super::{Chips, OddChip};

/// A main or side pot: its chips, the players who put chips into it, and the live players who
/// can win it (player indices).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pot {
    /// Chips in the pot.
    pub amount: Chips,
    /// Players who put chips into it, folded players and losers included, ascending.
    pub contributors: Vec<usize>,
    /// Live players who put in at least this pot's level, ascending.
    pub eligible: Vec<usize>,
}

/// Builds the pots from each player's total contribution.
///
/// `dead[i]` is the part of `committed[i]` that is dead money for the main pot (antes in
/// PokerKit's reading without ante trimming); pass zeros to make every chip count toward the
/// side-pot levels. Each distinct contribution level makes a pot contested by the live players
/// who reached it; consecutive pots with the same players merge into one. Chips of a level that
/// no live player reached (only folded players put them in) join the pot below.
///
/// The three slices have one entry per player. Amounts are exact while the chips of the table
/// add up to at most `Chips::MAX` (a [`HandState`](super::HandState) keeps every stack within
/// [`MAX_CHIPS`](super::MAX_CHIPS), far below); beyond that sums saturate instead of
/// overflowing.
pub fn build(committed: &[Chips], dead: &[Chips], live: &[bool]) -> Vec<Pot> {
    let n = committed.len().min(dead.len()).min(live.len());
    let contribution = |i: usize| committed[i].saturating_sub(dead[i]);
    // The distinct levels, ascending; on the stack for a table of up to 22 players.
    let mut stack = [Chips::ZERO; 22];
    let mut heap = Vec::new();
    let levels: &mut [Chips] = if n <= stack.len() {
        &mut stack[..n]
    } else {
        heap.resize(n, Chips::ZERO);
        &mut heap
    };
    for (i, level) in levels.iter_mut().enumerate() {
        *level = contribution(i);
    }
    levels.sort_unstable();
    let mut distinct = 0;
    for k in 0..levels.len() {
        if k == 0 || levels[k] != levels[distinct - 1] {
            levels[distinct] = levels[k];
            distinct += 1;
        }
    }
    let levels = &levels[..distinct];
    let mut pots: Vec<Pot> = Vec::with_capacity(levels.len());
    let mut amount: Chips = dead[..n].iter().fold(Chips::ZERO, |a: Chips, &d| a.saturating_add(d));
    // Who put chips into the chips gathered in `amount`: dead money first.
    let mut paid: Vec<bool> = (0..n).map(|i| dead[i] > Chips::ZERO).collect();
    let mut previous = Chips::ZERO;
    for &level in levels {
        let reached = (0..n).filter(|&i| contribution(i) >= level).count() as i64;
        amount = amount.saturating_add(level.saturating_sub(previous).saturating_mul(reached));
        for (i, p) in paid.iter_mut().enumerate() {
            *p |= level > previous && contribution(i) > previous;
        }
        previous = level;
        let is_eligible = |i: usize| live[i] && contribution(i) >= level;
        let paid_in = |paid: &[bool]| (0..n).filter(|&i| paid[i]).collect::<Vec<_>>();
        if !(0..n).any(is_eligible) {
            if let Some(last) = pots.last_mut() {
                last.amount = last.amount.saturating_add(amount);
                merge(&mut last.contributors, &paid_in(&paid));
                amount = Chips::ZERO;
                paid.iter_mut().for_each(|p| *p = false);
            }
            continue;
        }
        let same_as_last = |p: &Pot| {
            p.eligible.len() == (0..n).filter(|&i| is_eligible(i)).count()
                && p.eligible.iter().all(|&i| is_eligible(i))
        };
        // Consecutive pots never have the same players, so only the last can merge.
        match pots.last_mut() {
            Some(last) if same_as_last(last) => {
                last.amount = last.amount.saturating_add(amount);
                merge(&mut last.contributors, &paid_in(&paid));
            }
            _ if amount > Chips::ZERO => pots.push(Pot {
                amount,
                contributors: paid_in(&paid),
                eligible: (0..n).filter(|&i| is_eligible(i)).collect(),
            }),
            _ => {}
        }
        amount = Chips::ZERO;
        paid.iter_mut().for_each(|p| *p = false);
    }
    if amount > Chips::ZERO {
        // Chips above every live player's level with no pot below them: every live player put
        // in nothing (a pot forms at the first level a live player reached with chips in it),
        // so the live players share them (everyone else folded to the one left).
        match pots.last_mut() {
            Some(last) => {
                last.amount = last.amount.saturating_add(amount);
                merge(&mut last.contributors, &(0..n).filter(|&i| paid[i]).collect::<Vec<_>>());
            }
            None => pots.push(Pot {
                amount,
                contributors: (0..n).filter(|&i| paid[i]).collect(),
                eligible: (0..n).filter(|&i| live[i]).collect(),
            }),
        }
    }
    pots
}

/// Adds the players of `more` to the ascending list `into`, keeping it ascending.
fn merge(into: &mut Vec<usize>, more: &[usize]) {
    if more.iter().all(|p| into.contains(p)) {
        return;
    }
    into.extend_from_slice(more);
    into.sort_unstable();
    into.dedup();
}

/// Splits `amount` among `winners`, given in odd-chip priority order (first gets odd chips).
///
/// Returns each winner's share, in the same order.
pub fn split(amount: Chips, winners: &[usize], rule: OddChip) -> Vec<(usize, Chips)> {
    let Some((q, r)) = amount.share(winners.len()) else {
        return Vec::new();
    };
    winners
        .iter()
        .enumerate()
        .map(|(j, &w)| {
            let extra = match rule {
                OddChip::AllToLowestIndex => {
                    if j == 0 {
                        r
                    } else {
                        Chips::ZERO
                    }
                }
                OddChip::ClockwiseFromButton | OddChip::HighestCard => {
                    Chips(i64::from((j as i64) < r.0))
                }
            };
            (w, q + extra)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `build` on whole numbers, `live` one letter a player (`y` live, `n` not): each pot as
    /// (amount, who paid in, who can win it).
    fn pots(committed: &[i64], dead: &[i64], live: &str) -> Vec<(i64, Vec<usize>, Vec<usize>)> {
        let chips = |v: &[i64]| v.iter().map(|&c| Chips(c)).collect::<Vec<_>>();
        let live: Vec<bool> = live.chars().map(|c| c == 'y').collect();
        build(&chips(committed), &chips(dead), &live)
            .into_iter()
            .map(|p| (p.amount.0, p.contributors, p.eligible))
            .collect()
    }

    #[test]
    fn blinds_go_to_the_last_player_left_who_put_nothing_in() {
        // p1 and p2 posted 12 and 12 (p2's other 12 went back uncalled) and folded; p3, who
        // put nothing in, is the only live player: the 24 chips are p3's pot, not lost.
        assert_eq!(pots(&[12, 12, 0, 0], &[0; 4], "nnyn"), [(24, vec![0, 1], vec![2])]);
        // With dead money only (antes), the same.
        assert_eq!(pots(&[5, 5, 5], &[5, 5, 5], "nyn"), [(15, vec![0, 1, 2], vec![1])]);
    }

    #[test]
    fn side_pots_from_three_all_in_levels() {
        // A worked side-pot example: A all-in 70 in total, B and C put in 140 each.
        assert_eq!(
            pots(&[70, 140, 140], &[0; 3], "yyy"),
            [(210, vec![0, 1, 2], vec![0, 1, 2]), (140, vec![1, 2], vec![1, 2])]
        );
    }

    #[test]
    fn folded_chips_stay_in_and_same_player_pots_merge() {
        // p3 folded after putting in 50; p1 all-in 30, p2 100: 180 in all.
        assert_eq!(
            pots(&[30, 100, 50], &[0; 3], "yyn"),
            [(90, vec![0, 1, 2], vec![0, 1]), (90, vec![1, 2], vec![1])]
        );
    }

    #[test]
    fn a_pot_lists_who_paid_in_beside_who_can_win_it() {
        // Regression: a pot named only its eligible players, so p3, who called 100 and was
        // then out of the running (not live: folded, mucked or killed at showdown), was
        // missing from "pot 1: 300 among p1 p2".
        assert_eq!(pots(&[100, 100, 100], &[0; 3], "yyn"), [(300, vec![0, 1, 2], vec![0, 1])]);
        // Chips only a folded player reached (p2's last 15) join the pot below.
        assert_eq!(
            pots(&[10, 40, 25], &[0; 3], "yny"),
            [(30, vec![0, 1, 2], vec![0, 2]), (45, vec![1, 2], vec![2])]
        );
    }

    #[test]
    fn dead_antes_go_to_the_main_pot() {
        assert_eq!(
            pots(&[15, 105, 105], &[5, 5, 5], "yyy"),
            [(45, vec![0, 1, 2], vec![0, 1, 2]), (180, vec![1, 2], vec![1, 2])]
        );
        // A player who put in only a dead ante still paid into the main pot.
        assert_eq!(pots(&[5, 25, 25], &[5, 5, 5], "nyy"), [(55, vec![0, 1, 2], vec![1, 2])]);
    }

    #[test]
    fn extreme_amounts_saturate_instead_of_overflowing() {
        // Debug builds panicked on `committed - dead` and on the level sums when a caller
        // passed amounts far beyond any table's chips.
        let pots = build(&[Chips::MAX, Chips::MAX], &[Chips::ZERO, Chips::ZERO], &[true, true]);
        assert_eq!(pots.iter().map(|p| p.amount).collect::<Vec<_>>(), [Chips::MAX]);
        assert!(
            build(&[Chips::ZERO, Chips(5)], &[Chips::MIN, Chips::MIN], &[true, true]).len() <= 1
        );
        assert_eq!(split(Chips::MIN, &[0, 1, 2], OddChip::ClockwiseFromButton).len(), 3);
        // Slices of different lengths are read up to the shortest.
        assert_eq!(
            build(
                &[Chips(10), Chips(10), Chips(10)],
                &[Chips::ZERO, Chips::ZERO],
                &[true, true, true]
            )
            .len(),
            1
        );
    }

    #[test]
    fn odd_chips() {
        assert_eq!(
            split(Chips(101), &[2, 0, 1], OddChip::AllToLowestIndex),
            vec![(2, Chips(35)), (0, Chips(33)), (1, Chips(33))]
        );
        assert_eq!(
            split(Chips(101), &[0, 1, 2], OddChip::ClockwiseFromButton),
            vec![(0, Chips(34)), (1, Chips(34)), (2, Chips(33))]
        );
        assert_eq!(split(Chips(7), &[4], OddChip::ClockwiseFromButton), vec![(4, Chips(7))]);
    }
}
