//! Main and side pots from what each player put in, and splitting a pot among tied winners.
//!
//! ```
//! use feltkit::rules::pots::{build, split};
//! use feltkit::rules::OddChip;
//! // p1 is all-in for 70 in all; p2 and p3 put in 140 each. Nobody folded.
//! let pots = build(&[70, 140, 140], &[0, 0, 0], &[true, true, true]);
//! assert_eq!((pots[0].amount, pots[0].eligible.clone()), (210, vec![0, 1, 2]));
//! assert_eq!((pots[1].amount, pots[1].eligible.clone()), (140, vec![1, 2]));
//! // A pot of 5 split by p2 and p3: the odd chip goes to the first in clockwise order.
//! assert_eq!(split(5, &[1, 2], OddChip::ClockwiseFromButton), vec![(1, 3), (2, 2)]);
//! ```

use super::{Chips, OddChip};

/// A main or side pot: its chips and the live players who can win it (player indices).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pot {
    /// Chips in the pot.
    pub amount: Chips,
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
pub fn build(committed: &[Chips], dead: &[Chips], live: &[bool]) -> Vec<Pot> {
    let n = committed.len();
    let contribution = |i: usize| committed[i] - dead[i];
    // The distinct levels, ascending; on the stack for a table of up to 22 players.
    let mut stack = [0; 22];
    let mut heap = Vec::new();
    let levels: &mut [Chips] = if n <= stack.len() {
        &mut stack[..n]
    } else {
        heap.resize(n, 0);
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
    let mut amount: Chips = dead.iter().sum();
    let mut previous = 0;
    for &level in levels {
        let reached = (0..n).filter(|&i| contribution(i) >= level).count() as Chips;
        amount += reached * (level - previous);
        previous = level;
        let is_eligible = |i: usize| live[i] && contribution(i) >= level;
        if !(0..n).any(is_eligible) {
            if let Some(last) = pots.last_mut() {
                last.amount += amount;
                amount = 0;
            }
            continue;
        }
        let same_as_last = |p: &Pot| {
            p.eligible.len() == (0..n).filter(|&i| is_eligible(i)).count()
                && p.eligible.iter().all(|&i| is_eligible(i))
        };
        // Consecutive pots never have the same players, so only the last can merge.
        match pots.last_mut() {
            Some(last) if same_as_last(last) => last.amount += amount,
            _ if amount > 0 => {
                pots.push(Pot { amount, eligible: (0..n).filter(|&i| is_eligible(i)).collect() })
            }
            _ => {}
        }
        amount = 0;
    }
    pots
}

/// Splits `amount` among `winners`, given in odd-chip priority order (first gets odd chips).
///
/// Returns each winner's share, in the same order.
pub fn split(amount: Chips, winners: &[usize], rule: OddChip) -> Vec<(usize, Chips)> {
    let k = winners.len() as Chips;
    if k == 0 {
        return Vec::new();
    }
    let (q, r) = (amount / k, amount % k);
    winners
        .iter()
        .enumerate()
        .map(|(j, &w)| {
            let extra = match rule {
                OddChip::AllToLowestIndex => {
                    if j == 0 {
                        r
                    } else {
                        0
                    }
                }
                OddChip::ClockwiseFromButton | OddChip::HighestCard => {
                    Chips::from((j as Chips) < r)
                }
            };
            (w, q + extra)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_pots_from_three_all_in_levels() {
        // A worked side-pot example: A all-in 70 in total, B and C put in 140 each.
        let pots = build(&[70, 140, 140], &[0, 0, 0], &[true, true, true]);
        assert_eq!(
            pots,
            vec![
                Pot { amount: 210, eligible: vec![0, 1, 2] },
                Pot { amount: 140, eligible: vec![1, 2] },
            ]
        );
    }

    #[test]
    fn folded_chips_stay_in_and_same_player_pots_merge() {
        // p3 folded after putting in 50; p1 all-in 30, p2 100.
        let pots = build(&[30, 100, 50], &[0, 0, 0], &[true, true, false]);
        assert_eq!(
            pots,
            vec![Pot { amount: 90, eligible: vec![0, 1] }, Pot { amount: 90, eligible: vec![1] },]
        );
        let total: Chips = pots.iter().map(|p| p.amount).sum();
        assert_eq!(total, 180);
    }

    #[test]
    fn dead_antes_go_to_the_main_pot() {
        let pots = build(&[15, 105, 105], &[5, 5, 5], &[true, true, true]);
        assert_eq!(pots[0], Pot { amount: 45, eligible: vec![0, 1, 2] });
        assert_eq!(pots[1], Pot { amount: 180, eligible: vec![1, 2] });
    }

    #[test]
    fn odd_chips() {
        assert_eq!(
            split(101, &[2, 0, 1], OddChip::AllToLowestIndex),
            vec![(2, 35), (0, 33), (1, 33)]
        );
        assert_eq!(
            split(101, &[0, 1, 2], OddChip::ClockwiseFromButton),
            vec![(0, 34), (1, 34), (2, 33)]
        );
        assert_eq!(split(7, &[4], OddChip::ClockwiseFromButton), vec![(4, 7)]);
    }
}
