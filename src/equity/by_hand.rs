//! Equity hand by hand (hold'em): each combo of each player's range with its equity against
//! the other players, so a range can be read part by part.
//!
//! ```
//! use feltkit::equity::{by_hand, Game, Query};
//! let q = Query::new(Game::Holdem, ["AA,KK", "AhKh"]);
//! let b = by_hand(&q).unwrap();
//! let classes = b.classes(0);
//! let aa = classes.iter().find(|c| c.class.to_string() == "AA").unwrap();
//! let kk = classes.iter().find(|c| c.class.to_string() == "KK").unwrap();
//! // AhKh blocks three combos of each pair: three of AA and three of KK are left.
//! assert_eq!((aa.combos, kk.combos), (3, 3));
//! assert!(aa.counts.equity() > kk.counts.equity());
//! // The parts add up to the whole: shares times equities give the range's equity.
//! let sum: f64 = classes.iter().map(|c| b.share(&c.counts) * c.counts.equity()).sum();
//! assert!((sum - b.equity.players[0].equity).abs() < 1e-12);
//! ```
//!
//! The counts are exact integers, kept per combo: every deal counted for the range is counted
//! for exactly one combo of each player, so a player's combos' counts add up, integer for
//! integer, to the counts of the plain calculation ([`super::calculate`]). The plain
//! calculation's strategies count into a per-combo sink instead of the pot's: exhaustive runs
//! take the same way through the deals (the heads-up preflop table, exact hands, board first
//! or matchup first), recording which combos played; Monte Carlo draws the same deals as the
//! plain calculation for the same seed (any thread count) and records each deal under the
//! combos dealt.

use super::holdem::{self, HoldemSpot};
use super::per_combo::PerCombo;
use super::query::Holding;
use super::sink::Sink;
use super::tally::TIE_UNIT;
use super::{finish, monte_carlo, Equity, EquityError, Game, Method, Options, Progress, Query};
use crate::range::{Combo, HandClass, WEIGHT_UNIT};

/// Exact integer counts of the deals in which a player held one combo (or one class).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandCounts {
    /// Deals counted (unweighted).
    pub deals: u64,
    /// Weighted deals: the denominator of the fractions.
    pub total: u128,
    /// Weighted deals won outright.
    pub wins: u128,
    /// Weighted deals split.
    pub ties: u128,
    /// Weighted tie shares in units of 1/[`TIE_UNIT`] of a pot.
    pub tie_share: u128,
    /// Monte Carlo: the sum of squared per-deal equities in units of 1/[`TIE_UNIT`]²; 0 when
    /// exhaustive.
    pub squares: u128,
}

impl HandCounts {
    /// Adds other counts.
    pub fn add(&mut self, o: &HandCounts) {
        self.deals += o.deals;
        self.total += o.total;
        self.wins += o.wins;
        self.ties += o.ties;
        self.tie_share += o.tie_share;
        self.squares += o.squares;
    }

    /// Share of the pot over these deals: wins plus tie shares over the total (0 with no deal).
    pub fn equity(&self) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        let unit = TIE_UNIT as u128;
        (self.wins * unit + self.tie_share) as f64 / (self.total * unit) as f64
    }

    /// Fraction of these deals won outright.
    pub fn win(&self) -> f64 {
        ratio(self.wins, self.total)
    }

    /// Fraction of these deals split.
    pub fn tie(&self) -> f64 {
        ratio(self.ties, self.total)
    }

    /// The Monte Carlo standard error of [`HandCounts::equity`], the deals of this part taken
    /// as independent samples of it: `None` with fewer than two deals.
    pub fn stderr(&self) -> Option<f64> {
        let n = self.total as f64;
        if n < 2.0 {
            return None;
        }
        let u = TIE_UNIT as f64;
        let mean = self.equity();
        let mean_sq = self.squares as f64 / (u * u) / n;
        let var = (mean_sq - mean * mean).max(0.0) * n / (n - 1.0);
        Some((var / n).sqrt())
    }
}

fn ratio(a: u128, b: u128) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// One combo of a player's range and its counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandEquity {
    /// The combo.
    pub combo: Combo,
    /// Its weight in the range, in thousandths (1000 for exact cards).
    pub weight: u16,
    /// The deals in which the player held it.
    pub counts: HandCounts,
}

/// One hand class (`AKs`) of a player's range: its combos' counts added up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassEquity {
    /// The class.
    pub class: HandClass,
    /// The class's combos in the range after card removal (board, dead and exact cards).
    pub combos: usize,
    /// Their weight in thousandths.
    pub weight: u64,
    /// The deals in which the player held one of them.
    pub counts: HandCounts,
}

/// The result of [`by_hand`]: the plain result, and per player each combo's counts.
#[derive(Clone, Debug, PartialEq)]
pub struct ByHand {
    /// The whole ranges' result, as [`super::calculate`] gives it (the same integers).
    pub equity: Equity,
    /// Per player, in the query's order, the combos of its range after card removal, in
    /// combo order.
    pub players: Vec<Vec<HandEquity>>,
}

impl ByHand {
    /// Player `p`'s classes held (after card removal), pairs first, then suited and offsuit
    /// classes, each from the highest.
    pub fn classes(&self, p: usize) -> Vec<ClassEquity> {
        let mut out: Vec<ClassEquity> = Vec::new();
        let Some(combos) = self.players.get(p) else { return out };
        for class in HandClass::all() {
            let mut c = ClassEquity { class, combos: 0, weight: 0, counts: HandCounts::default() };
            for h in combos.iter().filter(|h| h.combo.class() == class) {
                c.combos += 1;
                c.weight += u64::from(h.weight);
                c.counts.add(&h.counts);
            }
            if c.combos > 0 {
                out.push(c);
            }
        }
        out
    }

    /// The part of its player's deals that `counts` stand for (0 to 1): the shares of a
    /// player's combos (or classes) add up to 1, and shares times equities to the player's
    /// equity.
    pub fn share(&self, counts: &HandCounts) -> f64 {
        ratio(counts.total, self.equity.total)
    }
}

/// Equity hand by hand with rayon's global thread pool (hold'em only).
pub fn by_hand(q: &Query) -> Result<ByHand, EquityError> {
    by_hand_with(q, &Options::default())
}

/// Equity hand by hand with the given options (hold'em only).
pub fn by_hand_with(q: &Query, opts: &Options) -> Result<ByHand, EquityError> {
    super::with_threads(opts, |progress| run(q, progress))
}

fn run(q: &Query, progress: Option<&Progress<'_>>) -> Result<ByHand, EquityError> {
    if q.game != Game::Holdem {
        return Err(EquityError::BadSetting(format!(
            "equity hand by hand is for holdem ranges, not {}",
            q.game
        )));
    }
    let parsed = q.parse()?;
    if q.method != Method::Exhaustive {
        monte_carlo::check_rules(q)?;
    }
    let s = HoldemSpot::new(&parsed)?;
    // The plain query's way through the deals, each deal kept under the combos that played.
    let (way, cost) = holdem::choose_way(&s, q.method, true);
    way.check(cost)?;
    let counts: PerCombo = holdem::count(q, &s, way, progress)?;
    let equity = finish(&parsed.specs, way.method(), &counts.tally());
    let players = s
        .players
        .iter()
        .enumerate()
        .map(|(p, combos)| {
            let range = match &parsed.players[p] {
                Holding::Range(r) => Some(r),
                _ => None,
            };
            combos
                .iter()
                .map(|w| HandEquity {
                    combo: w.combo,
                    weight: range.map_or(WEIGHT_UNIT, |r| r.weight(w.combo)),
                    counts: counts.get(p, w.combo.index()),
                })
                .collect()
        })
        .collect();
    Ok(ByHand { equity, players })
}

#[cfg(test)]
mod tests {
    use super::super::sink::Sink;
    use super::super::tally::Tally;
    use super::super::{exact, iso, per_combo, preflop};
    use super::*;

    fn setup(players: &[&str], board: &str) -> HoldemSpot {
        let mut q = Query::new(Game::Holdem, players.iter().copied());
        q.board = board.into();
        HoldemSpot::new(&q.parse().unwrap()).unwrap()
    }

    /// Heads-up preflop, each combo's row read from the table equals its row enumerated
    /// matchup by matchup: whole classes (summed by class) and odd ranges (pair by pair).
    #[test]
    fn preflop_rows_from_the_table_equal_the_enumerated_rows() {
        let t = preflop::table().unwrap();
        for players in [["JJ-88", "AK,KQs"], ["AhKh,QQ:0.5", "JsJh,T9s:0.25"]] {
            let s = setup(&players, "");
            assert!(preflop::applies(&s) && !s.plan().0);
            let enumerated: PerCombo = holdem::by_matchups(&s, None).unwrap();
            assert_eq!(PerCombo::preflop(t, &s).unwrap().counts, enumerated.counts, "{players:?}");
        }
    }

    /// The cases the integration tests check take each of the exhaustive ways.
    #[test]
    fn the_checked_cases_cover_board_first_and_matchup_first() {
        assert!(setup(&["QQ+,AKs", "random"], "Ts9s2d").plan().0, "board first");
        assert!(!setup(&["JJ-88", "AK,KQs"], "").plan().0, "matchup first");
        assert!(exact::applies(&setup(&["AhKh", "QsQd"], "Js7c2d")), "exact hands");
    }

    /// Matchup first spreads classes over their images when the ranges are suit-symmetric, and
    /// walks every matchup otherwise: the integration tests' cases take both ways, and both
    /// give the plain counts here.
    #[test]
    fn matchup_first_takes_both_ways_and_both_add_up() {
        for (players, board, spread) in [
            (&["JJ-88", "AK,KQs"][..], "", true),
            (&["AA,KK,AKs:0.3", "QQ,JTs", "AhQh,99"][..], "Ts9s2d", false),
            (&["AA,KK", "QQ,AKs", "JJ"][..], "Ts9s2d", true),
        ] {
            let s = setup(players, board);
            let perms = iso::stabilizer(&[s.known_board(), s.dead()]);
            assert_eq!(per_combo::symmetric(&s, &perms), spread, "{players:?}");
            let counts: PerCombo = holdem::by_matchups(&s, None).unwrap();
            let plain: Tally = holdem::by_matchups(&s, None).unwrap();
            let t = counts.tally();
            assert_eq!((t.total, t.deals), (plain.total, plain.deals), "{players:?}");
            assert_eq!((&t.wins, &t.ties, &t.shares), (&plain.wins, &plain.ties, &plain.shares));
        }
    }
}
