//! Exact decimal amounts: `0.50` is fifty hundredths, never a float.
//!
//! ```
//! use feltkit::phh::amount::{format_chips, Amount};
//! use feltkit::rules::Chips;
//! let half = Amount::parse("0.50").unwrap();
//! assert_eq!(half.significant_places(), 1);
//! assert_eq!(half.to_chips(2), Some(Chips(50))); // 50 chips of 0.01
//! assert_eq!(Amount::parse("0.05").unwrap().to_chips(1), None); // finer than the chip
//! assert_eq!(format_chips(Chips(50), 2), "0.50");
//! assert!(Amount::parse("1e3").is_none());
//! ```

use std::fmt;

use crate::rules::Chips;

/// A decimal amount as written in a hand file: `units / 10^places`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Amount {
    /// The digits as an integer (`050` for `0.50`).
    pub units: i64,
    /// Digits after the decimal point.
    pub places: u8,
}

/// Most decimal places an amount may have.
pub const MAX_PLACES: u8 = 9;

impl Amount {
    /// `inf`: a stack the record does not know (the PHH spec writes an unknown starting or
    /// finishing stack so). Only `starting_stacks` and `finishing_stacks` may hold it. No
    /// number reads as it (`parse` gives at most 18 places), it is no whole number of chips
    /// ([`Amount::to_chips`] gives `None`), and it needs no decimal places.
    pub const INFINITE: Amount = Amount { units: 0, places: u8::MAX };

    /// A whole number as an amount (no decimal places): `Amount::whole(20)` is `20`.
    pub const fn whole(units: i64) -> Amount {
        Amount { units, places: 0 }
    }

    /// Whether this is [`Amount::INFINITE`].
    pub fn is_infinite(self) -> bool {
        self == Amount::INFINITE
    }

    /// Reads `12`, `-3`, `0.50`, `1_000.25`; `None` for anything else or an amount too large.
    pub fn parse(text: &str) -> Option<Amount> {
        let bytes = text.as_bytes();
        // Most amounts are a few plain digits: read them directly.
        if (1..=18).contains(&bytes.len()) && bytes.iter().all(u8::is_ascii_digit) {
            let units = bytes.iter().fold(0i64, |n, &d| n * 10 + i64::from(d - b'0'));
            return Some(Amount { units, places: 0 });
        }
        let (neg, body) = match bytes.first() {
            Some(b'-') => (true, &bytes[1..]),
            Some(b'+') => (false, &bytes[1..]),
            _ => (false, bytes),
        };
        let a = Amount::read_digits(body, b'_')?;
        Some(if neg { Amount { units: -a.units, ..a } } else { a })
    }

    /// Reads digits with at most one decimal point, commas among them left out (`1,289.63`,
    /// `1,00,000`): what [`Amount::parse`] reads of the digits without their commas, in one
    /// pass; `None` for any other byte (a sign, `_`, a second point).
    pub fn parse_grouped(bytes: &[u8]) -> Option<Amount> {
        Amount::read_digits(bytes, b',')
    }

    /// Digits with at most one decimal point, each `skip` byte passed over; `None` for any
    /// other byte, no digit before the point, none after it, more than [`MAX_PLACES`]
    /// significant places or a number too large.
    fn read_digits(body: &[u8], skip: u8) -> Option<Amount> {
        let mut units: i64 = 0;
        let mut int_digits = 0usize;
        let mut frac_digits: Option<usize> = None;
        let mut significant_frac = 0usize;
        for &b in body {
            match b {
                b'0'..=b'9' => {
                    units = units.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
                    match frac_digits.as_mut() {
                        Some(f) => {
                            *f += 1;
                            if b != b'0' {
                                significant_frac = *f;
                            }
                        }
                        None => int_digits += 1,
                    }
                }
                b'.' if frac_digits.is_none() => frac_digits = Some(0),
                _ if b == skip => {}
                _ => return None,
            }
        }
        let places = frac_digits.unwrap_or(0);
        if int_digits == 0
            || frac_digits == Some(0)
            || significant_frac > MAX_PLACES as usize
            || places > 18
        {
            return None;
        }
        Some(Amount { units, places: places as u8 })
    }

    /// Decimal places needed to write the amount exactly (`1.50` needs 1).
    pub fn significant_places(self) -> u8 {
        let mut units = self.units;
        let mut places = self.places;
        while places > 0 && units % 10 == 0 {
            units /= 10;
            places -= 1;
        }
        places
    }

    /// The amount in chips of `10^-places` each, if it is a whole number of them.
    pub fn to_chips(self, places: u8) -> Option<Chips> {
        self.to_units(places).map(Chips)
    }

    /// The amount in units of `10^-places`, if it is a whole number of them: a number that is
    /// not an amount of chips (a line, a player, a percentage) read from a decimal.
    pub fn to_units(self, places: u8) -> Option<i64> {
        if self.places > places {
            let factor = 10i64.checked_pow(u32::from(self.places - places))?;
            return (self.units % factor == 0).then_some(self.units / factor);
        }
        let factor = 10i64.checked_pow(u32::from(places - self.places))?;
        self.units.checked_mul(factor)
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_infinite() {
            return f.write_str("inf");
        }
        f.write_str(&format_chips(Chips(self.units), self.places))
    }
}

/// Writes chips of `10^-places` each as a decimal: `format_chips(50, 2)` is `0.50`. Any
/// number of places is written exactly (the digits are placed, not divided).
pub fn format_chips(chips: Chips, places: u8) -> String {
    if places == 0 {
        return chips.to_string();
    }
    let sign = if chips < Chips::ZERO { "-" } else { "" };
    let places = usize::from(places);
    // The digits, written from the last (a number of chips is called for at every amount a
    // check compares: `format!` took five times as long), at least one before the point:
    // zeros up to `places + 1` digits.
    let mut digits = [b'0'; 24];
    if places + 1 > digits.len() {
        let digits = format!("{:0width$}", chips.unsigned_abs(), width = places + 1);
        let (int, frac) = digits.split_at(digits.len() - places);
        return format!("{sign}{int}.{frac}");
    }
    let mut v = chips.unsigned_abs();
    let mut start = digits.len();
    while v > 0 {
        start -= 1;
        digits[start] = b'0' + (v % 10) as u8;
        v /= 10;
    }
    let start = start.min(digits.len() - places - 1);
    let (int, frac) = digits[start..].split_at(digits.len() - start - places);
    let mut out = String::with_capacity(sign.len() + int.len() + 1 + frac.len());
    out.push_str(sign);
    out.extend(int.iter().map(|&b| char::from(b)));
    out.push('.');
    out.extend(frac.iter().map(|&b| char::from(b)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_stack_is_no_number_and_no_number_reads_as_it() {
        // Regression: the first marker of `inf` was the largest amount, which a file can write.
        let inf = Amount::INFINITE;
        assert_eq!(inf.to_string(), "inf");
        assert_eq!((inf.to_chips(0), inf.to_chips(9), inf.significant_places()), (None, None, 0));
        for text in ["9223372036854775807", "0", "0.000000000", "-0"] {
            assert!(!Amount::parse(text).unwrap().is_infinite(), "{text}");
        }
    }

    #[test]
    fn chips_are_written_as_the_formatter_pads_them() {
        let by_format = |c: i64, places: usize| {
            let sign = if c < 0 { "-" } else { "" };
            let digits = format!("{:0width$}", c.unsigned_abs(), width = places + 1);
            let (int, frac) = digits.split_at(digits.len() - places);
            format!("{sign}{int}.{frac}")
        };
        for c in [0, 1, -1, 5, 50, -50, 123_456, 1_000_000_007, i64::MAX, i64::MIN, i64::MIN + 1] {
            for places in 1..=30u8 {
                assert_eq!(format_chips(Chips(c), places), by_format(c, places.into()), "{c}");
            }
        }
        assert_eq!(format_chips(Chips(-7), 0), "-7");
        assert_eq!(format_chips(Chips(50), 2), "0.50");
    }

    #[test]
    fn exact_decimals() {
        assert_eq!(Amount::parse("0.50"), Some(Amount { units: 50, places: 2 }));
        assert_eq!(Amount::parse("0.50").unwrap().significant_places(), 1);
        assert_eq!(Amount::parse("7.00").unwrap().to_chips(0), Some(Chips(7)));
        assert_eq!(Amount::parse("200.30").unwrap().to_chips(2), Some(Chips(20030)));
        assert_eq!(Amount::parse("10112.5").unwrap().to_chips(0), None);
        assert_eq!(Amount::parse("-3").unwrap().to_chips(1), Some(Chips(-30)));
        assert_eq!(Amount::parse("1_000"), Some(Amount { units: 1000, places: 0 }));
        for bad in ["", ".5", "5.", "1e3", "x", "99999999999999999999", "0.0000000001"] {
            assert_eq!(Amount::parse(bad), None, "{bad}");
        }
        assert_eq!(format_chips(Chips(50), 2), "0.50");
        assert_eq!(format_chips(Chips(-1234), 2), "-12.34");
        assert_eq!(format_chips(Chips(7), 0), "7");
        assert_eq!(format_chips(Chips(-5), 3), "-0.005");
    }

    #[test]
    fn amounts_with_many_places_are_written_without_overflow() {
        // Regression: `10i64.pow(places)` overflowed from 19 places on (a panic in debug
        // builds) when an amount built by a library user was written.
        assert_eq!(format_chips(Chips(5), 20), "0.00000000000000000005");
        assert_eq!(format_chips(Chips::MIN, 2), "-92233720368547758.08");
        assert_eq!(Amount { units: -12, places: 255 }.to_string().len(), 1 + 2 + 255);
        // Converting between units of very different sizes says "not a whole number of
        // chips" (None) instead of overflowing.
        assert_eq!(Amount { units: 1, places: 0 }.to_chips(u8::MAX), None);
        assert_eq!(Amount { units: 1, places: u8::MAX }.to_chips(0), None);
        assert_eq!(Amount { units: i64::MAX, places: 0 }.to_chips(1), None);
    }
}
