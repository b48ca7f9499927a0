//! Prize equity by the Independent Chip Model, for tournament hands (`felt luck --payouts`).
//!
//! In a tournament a chip won is worth less than a chip lost: what a stack is worth is its
//! share of the prizes still to be paid. The Independent Chip Model (Malmuth-Harville) says a
//! player finishes first with the chance of their share of the chips in play, and, given who
//! finished above them, in each next place with their share of the chips left. A player's
//! prize equity is the sum over places of the chance of finishing there times the prize.
//!
//! A hand's result in prizes is the prize equity of the stacks after it less that of the
//! stacks before. After an all-in, the expected result is the prize equity of the stacks each
//! way the pots can be awarded, weighed by its chance ([`award_chances`]): prize equity is not
//! linear in chips, so the expected chips of each player do not give it.
//!
//! ```
//! use feltkit::luck::prize_equity;
//! // Three players, 50/30/20 paid: the chip leader is worth less than their share of chips.
//! let eq = prize_equity(&[5000.0, 3000.0, 2000.0], &[5000.0, 3000.0, 2000.0], &[50.0, 30.0, 20.0]);
//! assert!((eq.iter().sum::<f64>() - 100.0).abs() < 1e-9);
//! assert!(eq[0] < 50.0 && eq[0] > eq[1] && eq[1] > eq[2]);
//! ```

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{AllInSpot, HandLuck, PrizeCount};
use crate::card::Card;
use crate::rules::scoring::{worth_of, Worth};
use crate::rules::{Chips, Outcome, Scoring};

/// The most players with chips that prize equity is counted for (a table seats at most ten;
/// the model's work doubles with each player).
pub const MAX_ICM_PLAYERS: usize = 16;

/// Runouts counted one by one up to this many (every all-in from the flop on: two cards to
/// come are at most 1,081 runouts); beyond it (all in before the flop, with side pots or more
/// than two players, or in a high-low game), [`SAMPLED_RUNOUTS`] random runouts are dealt. A
/// single pot between two players is counted by the equity engine instead, exact.
pub const EXACT_RUNOUTS: u64 = 50_000;

/// Random runouts dealt where there are more than [`EXACT_RUNOUTS`]: the expected prizes
/// then carry a standard error ([`PrizeCount::stderr`]), about a thousandth of the prizes.
pub const SAMPLED_RUNOUTS: u64 = 20_000;

/// Each player's prize equity: `stacks` (chips, none negative) under the Independent Chip Model
/// with `payouts` (the prize of first place first; places beyond the list pay nothing, and
/// prizes beyond the number of players were paid to players gone before). Players with no
/// chips take the last places, the larger `before` (their stack before the hand) above;
/// players with no chips and the same `before` share their places' prizes.
pub fn prize_equity(stacks: &[f64], before: &[f64], payouts: &[f64]) -> Vec<f64> {
    let n = stacks.len();
    let prize = |place: usize| payouts.get(place).copied().unwrap_or(0.0);
    let mut equity = vec![0.0; n];
    let alive: Vec<usize> = (0..n).filter(|&i| stacks[i] > 0.0).collect();
    let m = alive.len().min(MAX_ICM_PLAYERS);
    let alive = &alive[..m];
    // prob[set]: the chance that the players of `set` take the first |set| places, in any
    // order.
    let mut prob = vec![0.0f64; 1 << m];
    let mut held = vec![0.0f64; 1 << m];
    prob[0] = 1.0;
    let total: f64 = alive.iter().map(|&i| stacks[i]).sum();
    let paid = payouts.len().min(m);
    for set in 0..(1usize << m) {
        let place = set.count_ones() as usize;
        if place > 0 {
            let low = set.trailing_zeros() as usize;
            held[set] = held[set & (set - 1)] + stacks[alive[low]];
        }
        if prob[set] == 0.0 || place >= paid {
            continue;
        }
        let rest = total - held[set];
        for (k, &i) in alive.iter().enumerate() {
            if set & (1 << k) == 0 {
                let p = prob[set] * stacks[i] / rest;
                equity[i] += p * prize(place);
                prob[set | (1 << k)] += p;
            }
        }
    }
    // The players with no chips: places m, m+1, ... by their stack before the hand.
    let mut gone: Vec<usize> = (0..n).filter(|&i| stacks[i] <= 0.0).collect();
    gone.sort_by(|&a, &b| before[b].total_cmp(&before[a]));
    let mut place = m;
    let mut k = 0;
    while k < gone.len() {
        let tied = gone[k..].iter().take_while(|&&j| before[j] == before[gone[k]]).count();
        let share = (place..place + tied).map(prize).sum::<f64>() / tied as f64;
        for &j in &gone[k..k + tied] {
            equity[j] = share;
        }
        place += tied;
        k += tied;
    }
    equity
}

/// Counts `luck`, a tournament hand settled in chips, in prizes instead: `net` becomes what
/// the stacks after the hand are worth less what the `starting` ones were, and `expected` the
/// same with the stacks after the all-in at `spot` (when it was settled) weighed over the ways
/// its pots could be awarded. An all-in whose ways cannot be counted leaves the hand unsettled
/// (its expectation its result), with the reason.
pub(super) fn in_prizes(
    luck: &mut HandLuck,
    spot: Option<&AllInSpot>,
    outcome: &Outcome,
    starting: &[f64],
    payouts: &[f64],
    chips: &dyn Fn(Chips) -> f64,
) {
    let n = starting.len();
    if starting.iter().filter(|&&s| s > 0.0).count() > MAX_ICM_PLAYERS {
        luck.unsettled = Some(format!(
            "more than {MAX_ICM_PLAYERS} players with chips: counted in chips, not in prizes"
        ));
        return;
    }
    let after: Vec<f64> = outcome.final_stacks.iter().map(|&c| chips(c).max(0.0)).collect();
    let worth_before = prize_equity(starting, starting, payouts);
    let worth_after = prize_equity(&after, starting, payouts);
    luck.net = (0..n).map(|i| worth_after[i] - worth_before[i]).collect();
    luck.expected = luck.net.clone();
    luck.big_blind = 0.0;
    luck.stake = "tournament (ICM)".to_string();
    luck.prizes = Some(PrizeCount { exact: true, stderr: None });
    let Some(spot) = spot.filter(|_| luck.all_in.is_some()) else { return };
    if outcome.boards.len() > 1 {
        luck.unsettled = Some("a tournament board run more than once: prizes not counted".into());
        luck.all_in = None;
        return;
    }
    // The contested pots, and what each player holds apart from them.
    let mut behind = after.clone();
    let mut contests = Vec::new();
    for pot in &outcome.pots {
        let contenders: Vec<usize> = pot
            .contributors
            .iter()
            .copied()
            .filter(|&p| spot.live.get(p).copied().unwrap_or(false))
            .collect();
        if contenders.len() < 2 {
            continue;
        }
        for &(p, c) in &pot.payouts {
            if let Some(b) = behind.get_mut(p) {
                *b -= chips(c);
            }
        }
        contests.push(Contest { amount: chips(pot.amount), contenders });
    }
    let chances = match award_chances(spot, &contests, n) {
        Ok(c) => c,
        Err(why) => {
            luck.unsettled = Some(format!("prizes after the all-in not counted: {why}"));
            luck.all_in = None;
            return;
        }
    };
    let worths: Vec<(Vec<f64>, f64)> = chances
        .ways
        .iter()
        .map(|(took, chance)| {
            let stacks: Vec<f64> = (0..n).map(|i| (behind[i] + took[i]).max(0.0)).collect();
            (prize_equity(&stacks, starting, payouts), *chance)
        })
        .collect();
    let mean: Vec<f64> =
        (0..n).map(|i| worths.iter().map(|(w, chance)| chance * w[i]).sum()).collect();
    luck.expected = (0..n).map(|i| mean[i] - worth_before[i]).collect();
    // Sampled: the standard error of the mean over the runouts dealt, the largest player's.
    let stderr = chances.sampled.map(|runs| {
        (0..n)
            .map(|i| {
                let var: f64 = worths.iter().map(|(w, c)| c * (w[i] - mean[i]).powi(2)).sum();
                (var / runs.max(1) as f64).sqrt()
            })
            .fold(0.0, f64::max)
    });
    luck.prizes = Some(PrizeCount { exact: chances.sampled.is_none(), stderr });
}

/// One pot of an all-in moment: its chips and the players who can win it.
pub(super) struct Contest {
    /// The pot's chips.
    pub amount: f64,
    /// Its contenders, in player order (at least two).
    pub contenders: Vec<usize>,
}

/// The ways the contested pots of an all-in moment can be awarded: for each, the chips each
/// player takes from those pots and its chance.
pub(super) struct AwardChances {
    /// Each way, with its chance (the chances add up to 1).
    pub ways: Vec<(Vec<f64>, f64)>,
    /// Whether every runout was counted (else this many random ones).
    pub sampled: Option<u64>,
}

/// How the `pots` at stake after `spot` can end, over the board cards still to come (a
/// community-card game, its board run once): every runout where there are at most
/// [`EXACT_RUNOUTS`], else [`SAMPLED_RUNOUTS`] random ones from a seed made of the known
/// cards (the same hand gives the same numbers on any machine and thread count).
pub(super) fn award_chances(
    spot: &AllInSpot,
    pots: &[Contest],
    players: usize,
) -> Result<AwardChances, String> {
    let entry = spot.game.entry();
    if spot.game.is_stud() || entry.streets.iter().all(|s| s.board == 0) {
        return Err(format!("the prize equity of an all-in in {} is not counted yet", entry.name));
    }
    let scoring: Scoring = entry.scoring;
    if let [pot] = pots
        && let [a, b] = pot.contenders[..]
        && !matches!(scoring, Scoring::HighLow { .. })
    {
        return heads_up(spot, pot, (a, b), players);
    }
    let board_size: usize = entry.streets.iter().map(|s| usize::from(s.board)).sum();
    let board: Vec<Card> =
        spot.board.iter().copied().collect::<Option<_>>().ok_or("a board card not known")?;
    let mut known: Vec<Card> = board.clone();
    known.extend(&spot.dead);
    for hole in &spot.holes {
        known.extend(hole.iter().flatten());
    }
    let mut holes: Vec<Vec<Card>> = vec![Vec::new(); players];
    for pot in pots {
        for &p in &pot.contenders {
            let cards = spot.holes.get(p).ok_or("a contender not at the table")?;
            holes[p] = cards
                .iter()
                .copied()
                .collect::<Option<_>>()
                .filter(|c: &Vec<Card>| !c.is_empty())
                .ok_or_else(|| format!("the cards of p{} not known", p + 1))?;
        }
    }
    let deck: Vec<Card> =
        Card::all().filter(|&c| entry.deck.contains(c) && !known.contains(&c)).collect();
    let need = board_size.saturating_sub(board.len());
    if need == 0 || need > deck.len() {
        return Err("no board card to come".into());
    }
    let runouts = binomial(deck.len() as u64, need as u64);
    let mut tally = Tally::new(pots.len());
    let mut full = board.clone();
    full.resize(board.len() + need, deck[0]);
    let mut worth: Vec<Option<Worth>> = vec![None; players];
    let mut count = |full: &[Card], tally: &mut Tally| -> Result<(), String> {
        for (p, hole) in holes.iter().enumerate() {
            worth[p] = if hole.is_empty() {
                None
            } else {
                Some(worth_of(scoring, hole, full).map_err(|e| e.to_string())?)
            };
        }
        tally.add(pots, &worth);
        Ok(())
    };
    let exact = runouts <= EXACT_RUNOUTS;
    if exact {
        let mut pick: Vec<usize> = (0..need).collect();
        loop {
            for (k, &i) in pick.iter().enumerate() {
                full[board.len() + k] = deck[i];
            }
            count(&full, &mut tally)?;
            // The next set of `need` positions in the deck, in order.
            let mut k = need;
            while k > 0 && pick[k - 1] == deck.len() - need + k - 1 {
                k -= 1;
            }
            if k == 0 {
                break;
            }
            pick[k - 1] += 1;
            for j in k..need {
                pick[j] = pick[j - 1] + 1;
            }
        }
    } else {
        let seed = known
            .iter()
            .fold(0xF417_u64, |h, c| (h ^ u64::from(c.index())).wrapping_mul(0x0100_0000_01B3));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut cards = deck.clone();
        for _ in 0..SAMPLED_RUNOUTS {
            for k in 0..need {
                let j = rng.random_range(k..cards.len());
                cards.swap(k, j);
                full[board.len() + k] = cards[k];
            }
            count(&full, &mut tally)?;
        }
    }
    Ok(AwardChances {
        ways: tally.ways(pots, players),
        sampled: (!exact).then_some(SAMPLED_RUNOUTS),
    })
}

/// One pot between two players, won by one hand (no low half): one takes it, the other takes
/// it, or they split it, with the chances the equity engine counts (exact where quick, the
/// heads-up hold'em preflop table included).
fn heads_up(
    spot: &AllInSpot,
    pot: &Contest,
    (a, b): (usize, usize),
    players: usize,
) -> Result<AwardChances, String> {
    let board: Vec<Card> =
        spot.board.iter().copied().collect::<Option<_>>().ok_or("a board card not known")?;
    let q = super::pot_query(spot, &[a, b], &board)?;
    let e = crate::equity::calculate(&q).map_err(|e| e.to_string())?;
    let (wa, wb, tie) = (e.players[0].win, e.players[1].win, e.players[0].tie);
    let way = |ta: f64, tb: f64| {
        let mut took = vec![0.0; players];
        took[a] = ta * pot.amount;
        took[b] = tb * pot.amount;
        took
    };
    let ways = vec![(way(1.0, 0.0), wa), (way(0.0, 1.0), wb), (way(0.5, 0.5), tie)];
    let sampled = (e.method != crate::equity::Method::Exhaustive).then_some(e.deals);
    Ok(AwardChances { ways, sampled })
}

/// The number of ways to choose `k` of `n`.
fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// Runouts counted by who won each pot: for each pot, the players (one bit each) taking its
/// high hand's share and its low half's.
struct Tally {
    /// Each way seen and its count (a few dozen at most: a list is quicker than a map).
    counts: Vec<(Vec<u32>, u64)>,
    key: Vec<u32>,
    total: u64,
}

impl Tally {
    fn new(pots: usize) -> Tally {
        Tally { counts: Vec::new(), key: vec![0; 2 * pots], total: 0 }
    }

    fn add(&mut self, pots: &[Contest], worth: &[Option<Worth>]) {
        for (k, pot) in pots.iter().enumerate() {
            let w = |p: usize| worth[p].expect("every contender is ranked");
            let best = pot.contenders.iter().map(|&p| w(p).high.value).max().unwrap_or(0);
            let low = pot.contenders.iter().filter_map(|&p| w(p).low).max();
            let (mut high_bits, mut low_bits) = (0u32, 0u32);
            for &p in &pot.contenders {
                if w(p).high.value == best {
                    high_bits |= 1 << p;
                }
                if low.is_some() && w(p).low == low {
                    low_bits |= 1 << p;
                }
            }
            self.key[2 * k] = high_bits;
            self.key[2 * k + 1] = low_bits;
        }
        self.total += 1;
        if let Some((_, c)) = self.counts.iter_mut().find(|(k, _)| *k == self.key) {
            *c += 1;
        } else {
            self.counts.push((self.key.clone(), 1));
        }
    }

    /// Each way the pots went: what each player took, and its share of the runouts.
    fn ways(self, pots: &[Contest], players: usize) -> Vec<(Vec<f64>, f64)> {
        let ways: Vec<(Vec<f64>, f64)> = self
            .counts
            .into_iter()
            .map(|(key, count)| {
                let mut took = vec![0.0; players];
                for (k, pot) in pots.iter().enumerate() {
                    let (high, low) = (key[2 * k], key[2 * k + 1]);
                    let halves = if low == 0 {
                        [(high, pot.amount), (0, 0.0)]
                    } else {
                        [(high, pot.amount / 2.0), (low, pot.amount / 2.0)]
                    };
                    for (bits, chips) in halves {
                        let winners = bits.count_ones();
                        for (p, t) in took.iter_mut().enumerate() {
                            if bits & (1 << p) != 0 {
                                *t += chips / f64::from(winners);
                            }
                        }
                    }
                }
                (took, count as f64 / self.total as f64)
            })
            .collect();
        ways
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prize equity by listing every order of finish: the model's definition.
    fn by_every_order(stacks: &[f64], payouts: &[f64]) -> Vec<f64> {
        fn walk(
            stacks: &[f64],
            left: &[usize],
            chance: f64,
            place: usize,
            payouts: &[f64],
            eq: &mut [f64],
        ) {
            let total: f64 = left.iter().map(|&i| stacks[i]).sum();
            for k in 0..left.len() {
                let i = left[k];
                let p = chance * stacks[i] / total;
                eq[i] += p * payouts.get(place).copied().unwrap_or(0.0);
                let mut rest = left.to_vec();
                rest.remove(k);
                if !rest.is_empty() {
                    walk(stacks, &rest, p, place + 1, payouts, eq);
                }
            }
        }
        let mut eq = vec![0.0; stacks.len()];
        walk(stacks, &(0..stacks.len()).collect::<Vec<_>>(), 1.0, 0, payouts, &mut eq);
        eq
    }

    #[test]
    fn prize_equity_is_the_model_over_every_order_of_finish() {
        let cases: [(&[f64], &[f64]); 4] = [
            (&[5000.0, 3000.0, 2000.0], &[50.0, 30.0, 20.0]),
            (&[1.0, 1.0], &[65.0, 35.0]),
            (&[1500.0, 700.0, 300.0, 2500.0, 10.0], &[0.5, 0.3, 0.2]),
            (&[100.0, 200.0, 300.0, 400.0, 500.0, 600.0], &[40.0, 25.0, 15.0, 10.0, 6.0, 4.0]),
        ];
        for (stacks, payouts) in cases {
            let got = prize_equity(stacks, stacks, payouts);
            let want = by_every_order(stacks, payouts);
            for (g, w) in got.iter().zip(&want) {
                assert!((g - w).abs() < 1e-9, "{stacks:?}: {got:?} against {want:?}");
            }
            let paid: f64 = payouts.iter().take(stacks.len()).sum();
            assert!((got.iter().sum::<f64>() - paid).abs() < 1e-9);
        }
        // Heads-up, the model is linear: equal stacks share the two prizes evenly.
        let hu = prize_equity(&[3.0, 1.0], &[3.0, 1.0], &[100.0, 0.0]);
        assert!((hu[0] - 75.0).abs() < 1e-9 && (hu[1] - 25.0).abs() < 1e-9);
    }

    #[test]
    fn players_with_no_chips_take_the_last_places_by_their_stacks_before() {
        // p3 and p4 both busted: p4 started the hand with more and finishes third.
        let eq = prize_equity(
            &[600.0, 400.0, 0.0, 0.0],
            &[300.0, 300.0, 100.0, 300.0],
            &[50.0, 30.0, 15.0, 5.0],
        );
        assert_eq!(eq[3], 15.0);
        assert_eq!(eq[2], 5.0);
        // Busted with the same stack before: they share third and fourth.
        let eq = prize_equity(
            &[600.0, 400.0, 0.0, 0.0],
            &[300.0, 300.0, 200.0, 200.0],
            &[50.0, 30.0, 15.0, 5.0],
        );
        assert_eq!((eq[2], eq[3]), (10.0, 10.0));
        // The two left share the first two prizes by the model.
        assert!((eq[0] + eq[1] - 80.0).abs() < 1e-9);
    }
}
