//! [`Chips`]: an amount of a hand, counted in whole chips.
//!
//! ```
//! use feltkit::rules::Chips;
//! let pot: Chips = [Chips(70), Chips(140), Chips(140)].into_iter().sum();
//! assert_eq!(pot, Chips(350));
//! assert_eq!((pot - Chips(50)).to_string(), "300");
//! assert_eq!(Chips::MAX.checked_add(Chips(1)), None);
//! ```

use std::fmt;
use std::iter::Sum;
use std::num::ParseIntError;
use std::ops::{Add, AddAssign, Div, Mul, Neg, Rem, Sub, SubAssign};
use std::str::FromStr;

/// An amount of chips: the smallest unit a hand's amounts are counted in, a whole number.
///
/// A hand history may write amounts as decimals (`0.25`); the replay maps them to whole chips
/// of `10^-places` each (the `_chip` field or the most decimal places in the hand: see
/// [`crate::record::Amount::to_chips`]), so that pots and stacks are always exact. A negative
/// amount is meaningful in a few places (a blind entry posted by a player new to the table,
/// a player's net result). It is written (and serialized) as the plain number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(transparent)]
#[repr(transparent)]
pub struct Chips(pub i64);

impl Chips {
    /// No chips.
    pub const ZERO: Chips = Chips(0);
    /// The largest amount a `Chips` can hold.
    pub const MAX: Chips = Chips(i64::MAX);
    /// The smallest (most negative) amount a `Chips` can hold.
    pub const MIN: Chips = Chips(i64::MIN);

    /// The number of chips.
    #[inline]
    pub const fn get(self) -> i64 {
        self.0
    }

    /// The sum, or `None` if it overflows.
    #[inline]
    pub const fn checked_add(self, other: Chips) -> Option<Chips> {
        match self.0.checked_add(other.0) {
            Some(x) => Some(Chips(x)),
            None => None,
        }
    }

    /// The difference, or `None` if it overflows.
    #[inline]
    pub const fn checked_sub(self, other: Chips) -> Option<Chips> {
        match self.0.checked_sub(other.0) {
            Some(x) => Some(Chips(x)),
            None => None,
        }
    }

    /// `times` times this amount, or `None` if it overflows.
    #[inline]
    pub const fn checked_mul(self, times: i64) -> Option<Chips> {
        match self.0.checked_mul(times) {
            Some(x) => Some(Chips(x)),
            None => None,
        }
    }

    /// The sum, held at [`Chips::MAX`] or [`Chips::MIN`] instead of overflowing.
    #[inline]
    pub const fn saturating_add(self, other: Chips) -> Chips {
        Chips(self.0.saturating_add(other.0))
    }

    /// The difference, held at [`Chips::MAX`] or [`Chips::MIN`] instead of overflowing.
    #[inline]
    pub const fn saturating_sub(self, other: Chips) -> Chips {
        Chips(self.0.saturating_sub(other.0))
    }

    /// The amount without its sign, held at [`Chips::MAX`] for [`Chips::MIN`].
    #[inline]
    pub const fn saturating_abs(self) -> Chips {
        Chips(self.0.saturating_abs())
    }

    /// `times` times this amount, held at [`Chips::MAX`] or [`Chips::MIN`] instead of
    /// overflowing.
    #[inline]
    pub const fn saturating_mul(self, times: i64) -> Chips {
        Chips(self.0.saturating_mul(times))
    }

    /// The amount divided into `parts` equal shares (rounded toward zero), and the chips left
    /// over: `None` when `parts` is zero.
    #[inline]
    pub const fn share(self, parts: usize) -> Option<(Chips, Chips)> {
        if parts == 0 || parts > i64::MAX as usize {
            return None;
        }
        let k = parts as i64;
        // `k` is at least 1, so neither divides by zero nor overflows (`i64::MIN / -1`).
        Some((Chips(self.0 / k), Chips(self.0 % k)))
    }

    /// The amount without its sign, as an unsigned number of chips.
    #[inline]
    pub const fn unsigned_abs(self) -> u64 {
        self.0.unsigned_abs()
    }

    /// Whether the amount is below zero.
    #[inline]
    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }

    /// Whether the amount is above zero.
    #[inline]
    pub const fn is_positive(self) -> bool {
        self.0 > 0
    }
}

impl fmt::Display for Chips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl FromStr for Chips {
    type Err = ParseIntError;

    /// Reads a whole number of chips, as `i64` reads it.
    fn from_str(s: &str) -> Result<Chips, ParseIntError> {
        s.parse().map(Chips)
    }
}

impl From<Chips> for i64 {
    #[inline]
    fn from(c: Chips) -> i64 {
        c.0
    }
}

impl From<Chips> for i128 {
    #[inline]
    fn from(c: Chips) -> i128 {
        i128::from(c.0)
    }
}

impl Add for Chips {
    type Output = Chips;
    #[inline]
    fn add(self, other: Chips) -> Chips {
        Chips(self.0 + other.0)
    }
}

impl Sub for Chips {
    type Output = Chips;
    #[inline]
    fn sub(self, other: Chips) -> Chips {
        Chips(self.0 - other.0)
    }
}

impl AddAssign for Chips {
    #[inline]
    fn add_assign(&mut self, other: Chips) {
        self.0 += other.0;
    }
}

impl SubAssign for Chips {
    #[inline]
    fn sub_assign(&mut self, other: Chips) {
        self.0 -= other.0;
    }
}

impl Neg for Chips {
    type Output = Chips;
    #[inline]
    fn neg(self) -> Chips {
        Chips(-self.0)
    }
}

impl Mul<i64> for Chips {
    type Output = Chips;
    #[inline]
    fn mul(self, times: i64) -> Chips {
        Chips(self.0 * times)
    }
}

impl Mul<Chips> for i64 {
    type Output = Chips;
    #[inline]
    fn mul(self, chips: Chips) -> Chips {
        Chips(self * chips.0)
    }
}

/// A share of `parts` (rounded toward zero, as `i64` divides).
impl Div<i64> for Chips {
    type Output = Chips;
    #[inline]
    fn div(self, parts: i64) -> Chips {
        Chips(self.0 / parts)
    }
}

/// The chips left over when the amount is cut into `parts` equal shares.
impl Rem<i64> for Chips {
    type Output = Chips;
    #[inline]
    fn rem(self, parts: i64) -> Chips {
        Chips(self.0 % parts)
    }
}

impl Sum for Chips {
    #[inline]
    fn sum<I: Iterator<Item = Chips>>(iter: I) -> Chips {
        Chips(iter.map(|c| c.0).sum())
    }
}

impl<'a> Sum<&'a Chips> for Chips {
    #[inline]
    fn sum<I: Iterator<Item = &'a Chips>>(iter: I) -> Chips {
        Chips(iter.map(|c| c.0).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_matches_i64() {
        for (a, b) in [(0, 0), (5, 3), (-7, 2), (1_000_000_000_000_000, 1)] {
            assert_eq!(Chips(a) + Chips(b), Chips(a + b));
            assert_eq!(Chips(a) - Chips(b), Chips(a - b));
            assert_eq!(-Chips(a), Chips(-a));
            let mut c = Chips(a);
            c += Chips(b);
            c -= Chips(b);
            assert_eq!(c, Chips(a));
        }
        assert_eq!([Chips(1), Chips(2), Chips(3)].iter().sum::<Chips>(), Chips(6));
        assert!(Chips(-1) < Chips::ZERO && Chips(3).max(Chips(4)) == Chips(4));
    }

    #[test]
    fn checked_and_saturating_stop_at_the_ends() {
        assert_eq!(Chips::MAX.checked_add(Chips(1)), None);
        assert_eq!(Chips::MIN.checked_sub(Chips(1)), None);
        assert_eq!(Chips(4).checked_mul(3), Some(Chips(12)));
        assert_eq!(Chips::MAX.checked_mul(2), None);
        assert_eq!(Chips::MAX.saturating_add(Chips(1)), Chips::MAX);
        assert_eq!(Chips::MIN.saturating_add(Chips(-1)), Chips::MIN);
        for (a, b) in [(5, 3), (0, i64::MIN), (-1, i64::MIN), (i64::MIN, 1), (i64::MAX, -1)] {
            assert_eq!(Chips(a).saturating_sub(Chips(b)), Chips(a.saturating_sub(b)), "{a} - {b}");
        }
        assert_eq!(Chips::MIN.saturating_mul(2), Chips::MIN);
    }

    #[test]
    fn a_share_leaves_the_remainder_of_integer_division() {
        assert_eq!(Chips(5).share(2), Some((Chips(2), Chips(1))));
        assert_eq!(Chips(-5).share(2), Some((Chips(-2), Chips(-1))));
        assert_eq!(Chips::MIN.share(1), Some((Chips::MIN, Chips::ZERO)));
        assert_eq!(Chips(5).share(0), None);
    }

    #[test]
    fn written_and_read_as_the_plain_number() {
        assert_eq!(Chips(-42).to_string(), "-42");
        assert_eq!(serde_json::to_string(&[Chips(1), Chips(-2)]).unwrap(), "[1,-2]");
        assert_eq!("17".parse::<Chips>(), Ok(Chips(17)));
        assert!("1.5".parse::<Chips>().is_err());
    }
}
