//! Rake rules, to check the rake a site states (`felt replay --rake`): a percentage of the
//! total pot, rounded down to the cent, perhaps capped (an amount, or big blinds), perhaps
//! nothing when no flop is dealt ("no flop, no drop").
//!
//! ```
//! use feltkit::import::rake::RakeRule;
//! use feltkit::phh::Amount;
//! let rule: RakeRule = "5%:3bb:no-flop-no-drop".parse().unwrap();
//! let a = |s| Amount::parse(s).unwrap();
//! assert_eq!(rule.rake(a("12.30"), a("0.50"), true).to_string(), "0.61");
//! assert_eq!(rule.rake(a("120"), a("0.50"), true).to_string(), "1.50"); // capped at 3 bb
//! assert_eq!(rule.rake(a("120"), a("0.50"), false).to_string(), "0.00");
//! ```

use std::str::FromStr;

use crate::phh::{Amount, HandReport};

/// A cap on the rake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cap {
    /// At most this amount.
    Amount(Amount),
    /// At most this many big blinds.
    BigBlinds(Amount),
}

/// A rake rule: `PERCENT%[:CAP][:no-flop-no-drop]`, where CAP is an amount (`3`) or big
/// blinds (`3bb`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RakeRule {
    /// The percentage of the total pot.
    pub percent: Amount,
    /// The cap, if any.
    pub cap: Option<Cap>,
    /// No rake when no flop is dealt.
    pub no_flop_no_drop: bool,
    /// The rule as written.
    pub text: String,
}

impl FromStr for RakeRule {
    type Err = String;

    fn from_str(text: &str) -> Result<RakeRule, String> {
        let expected =
            "expected PERCENT%[:CAP][:no-flop-no-drop], as `5%:3bb:no-flop-no-drop` or `4.5%:2.50`";
        let mut parts = text.split(':');
        let percent = parts
            .next()
            .and_then(|p| p.trim().strip_suffix('%'))
            .and_then(Amount::parse)
            .filter(|p| p.units >= 0 && p.to_units(9).is_some_and(|c| c <= 100_000_000_000))
            .ok_or_else(|| format!("`{text}`: {expected}"))?;
        let mut rule =
            RakeRule { percent, cap: None, no_flop_no_drop: false, text: text.to_string() };
        for part in parts {
            let part = part.trim();
            if part == "no-flop-no-drop" {
                rule.no_flop_no_drop = true;
            } else if let Some(bb) = part.strip_suffix("bb").and_then(Amount::parse) {
                rule.cap = Some(Cap::BigBlinds(bb));
            } else if let Some(a) = Amount::parse(part) {
                rule.cap = Some(Cap::Amount(a));
            } else {
                return Err(format!(
                    "`{text}`: `{part}` is not a cap or `no-flop-no-drop`: {expected}"
                ));
            }
        }
        Ok(rule)
    }
}

impl RakeRule {
    /// The rake the rule takes from a total pot, rounded down to the cent (or to the finest
    /// place the amounts use).
    pub fn rake(&self, total: Amount, big_blind: Amount, flop: bool) -> Amount {
        let places = 2u8.max(total.places).max(big_blind.places).min(9);
        let zero = Amount { units: 0, places };
        if self.no_flop_no_drop && !flop {
            return zero;
        }
        let (Some(t), Some(pct)) = (total.to_units(places), self.percent.to_units(9)) else {
            return zero;
        };
        // pct is in 10^-9 percent: rake = t * pct / (100 * 10^9), rounded down.
        let raw = i128::from(t) * i128::from(pct) / 100_000_000_000;
        let mut rake = i64::try_from(raw).unwrap_or(i64::MAX);
        let cap = match self.cap {
            Some(Cap::Amount(a)) => a.to_units(places),
            Some(Cap::BigBlinds(n)) => {
                let bb = big_blind.to_units(places).unwrap_or(0);
                n.to_units(9).map(|n| {
                    i64::try_from(i128::from(bb) * i128::from(n) / 1_000_000_000)
                        .unwrap_or(i64::MAX)
                })
            }
            None => None,
        };
        if let Some(c) = cap {
            rake = rake.min(c);
        }
        Amount { units: rake, places }
    }

    /// Checks the rake a hand's summary states against the rule, adding a mismatch (or a note
    /// that it agrees) to the report. Hands without a site's summary are left as they are.
    pub fn check(&self, report: &mut HandReport) {
        let Some(f) = &report.rake else { return };
        let want = self.rake(f.total_pot, f.big_blind, f.flop);
        let places = want.places.max(f.rake.places);
        if want.to_chips(places) == f.rake.to_chips(places) {
            report.notes.push(format!("rake {} is what the rule {} takes", f.rake, self.text));
        } else {
            report.mismatches.push(format!(
                "line {}: `Rake {}`: the rule {} takes {} from a total pot of {}{}",
                f.line,
                f.rake,
                self.text,
                want,
                f.total_pot,
                if self.no_flop_no_drop && !f.flop { " with no flop dealt" } else { "" }
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_are_read_with_their_caps_and_refused_when_misspelt() {
        let r: RakeRule = "4.5%:2.50".parse().unwrap();
        assert_eq!(r.cap, Some(Cap::Amount(Amount::parse("2.50").unwrap())));
        assert!("5".parse::<RakeRule>().is_err());
        assert!("5%:3xx".parse::<RakeRule>().is_err());
        let a = |s| Amount::parse(s).unwrap();
        assert_eq!(r.rake(a("10"), a("1"), false).to_string(), "0.45");
        assert_eq!(r.rake(a("100"), a("1"), true).to_string(), "2.50");
    }
}
