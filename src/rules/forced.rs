//! Forced bets beyond the blinds: straddles, and one player's ante for the whole table (a
//! big-blind or button ante), as the presets play them (docs/games.md).
//!
//! A straddle is an entry of `blinds_or_straddles` after the big blind, larger than it: a live
//! blind raise. Action before the flop starts left of the largest straddle and the straddler
//! acts last (the engine's opener rule: left of the largest bet). The presets check that the
//! straddles go in turn: from one seat (under the gun, or any later seat up to the button: a
//! Mississippi straddle), each re-straddle from the next seat to the left, each at least twice
//! the one before. The PHH codes take any entries, as PokerKit does.
//!
//! ```
//! use feltkit::rules::{Chips, HandState, SetupError, Stakes, Variant};
//! let game = Variant::by_code("nlhe").unwrap();
//! let stakes = |blinds: &[i64]| Stakes {
//!     blinds: blinds.iter().map(|&b| Chips(b)).collect(),
//!     stacks: vec![Chips(100); blinds.len()],
//!     ..Stakes::default()
//! };
//! // A button straddle: p1 (left of the straddler) acts first, the button last.
//! assert!(HandState::new(game, &stakes(&[1, 2, 0, 0, 4])).is_ok());
//! // A re-straddle two seats from the straddle is out of turn.
//! let err = HandState::new(game, &stakes(&[1, 2, 4, 0, 8])).unwrap_err();
//! assert!(err.to_string().contains("out of turn"), "{err}");
//! ```

use super::error::SetupError;
use super::Chips;

/// Checks that the straddles of `blinds` (players in PHH order: p1 the small blind, p2 the big
/// blind, the last player the button) go in turn, each at least twice the one before.
pub(super) fn check_straddles(blinds: &[Chips]) -> Result<(), SetupError> {
    let Some(&big) = blinds.get(1) else { return Ok(()) };
    let mut last: Option<(usize, Chips)> = None;
    for (i, &b) in blinds.iter().enumerate().skip(2) {
        // Equal to the big blind, or negative: a post by a player coming into the game.
        if b <= big {
            continue;
        }
        let why = match last {
            Some((seat, _)) if seat + 1 != i => {
                "a re-straddle out of turn: it comes from the seat left of the straddle before it"
            }
            Some((_, before)) if b < before.saturating_mul(2) => {
                "a re-straddle is at least twice the straddle before it"
            }
            None if b < big.saturating_mul(2) => "a straddle is at least twice the big blind",
            _ => "",
        };
        if !why.is_empty() {
            return Err(SetupError::Amount {
                field: "blinds_or_straddles",
                index: i + 1,
                value: b,
                why,
            });
        }
        last = Some((i, b));
    }
    Ok(())
}

/// The player who posts the ante for the whole table (a big-blind or button ante): the only
/// one with an ante, at a table of three or more.
pub(super) fn table_ante(antes: &[Chips]) -> Option<usize> {
    let mut posters = antes.iter().enumerate().filter(|&(_, &a)| a > Chips::ZERO);
    let (i, _) = posters.next()?;
    (antes.len() > 2 && posters.next().is_none()).then_some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chips(v: &[i64]) -> Vec<Chips> {
        v.iter().map(|&x| Chips(x)).collect()
    }

    #[test]
    fn straddles_go_in_turn_each_at_least_twice_the_one_before() {
        for ok in [&[1, 2, 4, 8, 16, 0][..], &[1, 2, 0, 0, 4, 8], &[1, 2, 0, 5], &[1, 2, 2, 4]] {
            assert!(check_straddles(&chips(ok)).is_ok(), "{ok:?}");
        }
        let why = |v: &[i64]| check_straddles(&chips(v)).unwrap_err().to_string();
        assert!(why(&[1, 2, 4, 0, 8]).contains("entry 5 is 8: a re-straddle out of turn"));
        assert!(why(&[1, 2, 3, 0]).contains("entry 3 is 3: a straddle is at least twice the big"));
        assert!(why(&[1, 2, 4, 6]).contains("entry 4 is 6: a re-straddle is at least twice"));
    }

    #[test]
    fn one_ante_for_the_table_is_the_only_ante_at_three_or_more() {
        assert_eq!(table_ante(&chips(&[0, 6, 0])), Some(1));
        assert_eq!(table_ante(&chips(&[0, 0, 0, 8])), Some(3));
        assert_eq!(table_ante(&chips(&[1, 1, 1])), None);
        assert_eq!(table_ante(&chips(&[0, 2])), None);
        assert_eq!(table_ante(&[]), None);
    }
}
