//! Exact integer counts of wins and tie shares, per player.
//!
//! A tie among `k` players gives each `TIE_UNIT / k` share units (`TIE_UNIT` = 2520 is
//! divisible by every `k` up to 10), so every count stays an integer and equity is derived at
//! the very end.

/// Share units of one whole pot: divisible by 1 to 10.
pub const TIE_UNIT: u64 = 2520;

/// Share units of one whole pot in the high-low split games: half a pot is [`TIE_UNIT`], so
/// each half divides among 1 to 10 players.
pub const HILO_UNIT: u64 = 2 * TIE_UNIT;

/// Share units of one pot: [`HILO_UNIT`] when pots are split high-low, else [`TIE_UNIT`].
pub(crate) const fn pot_unit(high_low: bool) -> u64 {
    if high_low {
        HILO_UNIT
    } else {
        TIE_UNIT
    }
}

/// The most players any game takes.
pub const MAX_PLAYERS: usize = 10;

/// Unweighted counts over a set of deals (one matchup, or one Monte Carlo batch).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Deals counted.
    pub deals: u64,
    /// Deals won outright, per player.
    pub wins: [u64; MAX_PLAYERS],
    /// Deals split, per player.
    pub ties: [u64; MAX_PLAYERS],
    /// Tie shares in units of 1/[`TIE_UNIT`] (1/[`HILO_UNIT`] in the high-low games), per
    /// player.
    pub shares: [u64; MAX_PLAYERS],
    /// Sum of squared per-deal equity in units of 1/TIE_UNIT² (1/HILO_UNIT² in the high-low
    /// games), for the Monte Carlo error.
    pub squares: [u64; MAX_PLAYERS],
    /// High-low games: pot units (1/[`HILO_UNIT`]) won with the high hand, per player.
    pub high: [u64; MAX_PLAYERS],
    /// High-low games: pot units (1/[`HILO_UNIT`]) won with the low hand, per player.
    pub low: [u64; MAX_PLAYERS],
}

impl Counts {
    /// Counts one showdown of `ranks` (larger wins), `times` times over.
    #[inline(always)]
    pub fn showdown<T: Ord + Copy>(&mut self, ranks: &[T], times: u64) {
        self.deals += times;
        let mut best = ranks[0];
        let mut n = 1u64;
        for &r in &ranks[1..] {
            if r > best {
                best = r;
                n = 1;
            } else if r == best {
                n += 1;
            }
        }
        let n_players = ranks.len().min(MAX_PLAYERS);
        if n == 1 {
            for p in 0..n_players {
                if ranks[p] == best {
                    self.wins[p] += times;
                    self.squares[p] += times * TIE_UNIT * TIE_UNIT;
                }
            }
        } else {
            let share = TIE_UNIT / n;
            for p in 0..n_players {
                if ranks[p] == best {
                    self.ties[p] += times;
                    self.shares[p] += times * share;
                    self.squares[p] += times * share * share;
                }
            }
        }
    }

    /// Counts deals by who won them: `by_set[s]` deals were won by the players of the set `s`
    /// (bit `p` for player `p`) together, each set as [`Counts::showdown`] counts a deal
    /// those players win, `by_set[s]` times. The empty set is no deal and must be 0.
    pub fn winners(&mut self, players: usize, by_set: &[u64]) {
        let players = players.min(MAX_PLAYERS);
        for (set, &times) in by_set.iter().enumerate() {
            let k = u64::from(set.count_ones());
            if times == 0 || k == 0 {
                continue;
            }
            self.deals += times;
            let share = TIE_UNIT / k;
            for p in (0..players).filter(|p| set >> p & 1 == 1) {
                if k == 1 {
                    self.wins[p] += times;
                    self.squares[p] += times * TIE_UNIT * TIE_UNIT;
                } else {
                    self.ties[p] += times;
                    self.shares[p] += times * share;
                    self.squares[p] += times * share * share;
                }
            }
        }
    }

    /// Counts one high-low showdown: `high` ranks and `low` ranks (larger wins; a low of 0 is
    /// no qualifying low). Half the pot goes to the best high hand and half to the best low;
    /// with no qualifying low the high hand takes it all; tied hands split their half. Shares
    /// are counted in units of 1/[`HILO_UNIT`] of a pot; a player who takes the whole pot alone
    /// counts a win (a scoop), one who takes part of it a tie.
    #[inline(always)]
    pub fn hilo(&mut self, high: &[u32], low: &[u32]) {
        let n = high.len().min(low.len()).min(MAX_PLAYERS);
        let (high, low) = (&high[..n], &low[..n]);
        self.deals += 1;
        let best_hi = high.iter().copied().max().unwrap_or(0);
        let best_lo = low.iter().copied().max().unwrap_or(0);
        let k_hi = high.iter().filter(|&&h| h == best_hi).count().max(1) as u64;
        let k_lo = low.iter().filter(|&&l| l == best_lo).count().max(1) as u64;
        let (hi_each, lo_each) =
            if best_lo == 0 { (HILO_UNIT / k_hi, 0) } else { (TIE_UNIT / k_hi, TIE_UNIT / k_lo) };
        for p in 0..n {
            let h = if high[p] == best_hi { hi_each } else { 0 };
            let l = if best_lo != 0 && low[p] == best_lo { lo_each } else { 0 };
            self.high[p] += h;
            self.low[p] += l;
            let got = h + l;
            if got == HILO_UNIT {
                self.wins[p] += 1;
            } else if got > 0 {
                self.ties[p] += 1;
                self.shares[p] += got;
            }
            self.squares[p] += got * got;
        }
    }

    /// Counts one showdown of complete hands: `high` ranks a hand and, in a high-low game
    /// (`high_low`), `low` ranks its low (0 for no qualifying low); see [`Counts::hilo`] and
    /// [`Counts::showdown`]. At most [`MAX_PLAYERS`] hands are counted.
    #[inline(always)]
    pub fn settle<H>(
        &mut self,
        hands: &[H],
        high_low: bool,
        high: impl Fn(&H) -> u32,
        low: impl Fn(&H) -> u32,
    ) {
        let n = hands.len().min(MAX_PLAYERS);
        let mut ranks = [0u32; MAX_PLAYERS];
        for (r, h) in ranks.iter_mut().zip(&hands[..n]) {
            *r = high(h);
        }
        if high_low {
            let mut lows = [0u32; MAX_PLAYERS];
            for (l, h) in lows.iter_mut().zip(&hands[..n]) {
                *l = low(h);
            }
            self.hilo(&ranks[..n], &lows[..n]);
        } else {
            self.showdown(&ranks[..n], 1);
        }
    }

    /// Counts `times` deals that player `p` wins alone.
    #[inline(always)]
    pub fn win(&mut self, p: usize, times: u64) {
        self.deals += times;
        self.wins[p] += times;
        self.squares[p] += times * TIE_UNIT * TIE_UNIT;
    }

    /// Heads-up showdown: rank of player 0 against player 1 (branch-free: the outcome of a
    /// random deal is unpredictable).
    #[inline(always)]
    pub fn heads_up<T: Ord>(&mut self, a: T, b: T, times: u64) {
        let gt = (a > b) as u64;
        let lt = (a < b) as u64;
        self.deals += times;
        self.wins[0] += gt * times;
        self.wins[1] += lt * times;
        let tie = (1 - gt - lt) * times;
        self.ties[0] += tie;
        self.ties[1] += tie;
    }

    /// Adds another count.
    pub fn merge(&mut self, other: &Counts) {
        self.combine(other, |a, b| *a += b);
    }

    /// Takes away counts that were part of these (every field at least the other's).
    pub fn remove(&mut self, other: &Counts) {
        self.combine(other, |a, b| *a -= b);
    }

    /// Applies `f` to every count of these and the same count of `other`.
    fn combine(&mut self, other: &Counts, f: impl Fn(&mut u64, u64)) {
        f(&mut self.deals, other.deals);
        let mine = [
            &mut self.wins,
            &mut self.ties,
            &mut self.shares,
            &mut self.squares,
            &mut self.high,
            &mut self.low,
        ];
        let theirs =
            [&other.wins, &other.ties, &other.shares, &other.squares, &other.high, &other.low];
        for (mine, theirs) in mine.into_iter().zip(theirs) {
            for (a, &b) in mine.iter_mut().zip(theirs) {
                f(a, b);
            }
        }
    }

    /// Fills in the tie shares and squares of counts made by [`Counts::heads_up`].
    pub fn finish_heads_up(&mut self) {
        for p in 0..2 {
            let half = TIE_UNIT / 2;
            self.shares[p] = self.ties[p] * half;
            self.squares[p] = self.wins[p] * TIE_UNIT * TIE_UNIT + self.ties[p] * half * half;
        }
    }
}

/// Weighted counts: [`Counts`] of many matchups, each times its weight.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Deals evaluated (unweighted).
    pub deals: u64,
    /// Total weight: the denominator of every fraction.
    pub total: u128,
    /// Weighted deals won outright, per player.
    pub wins: Vec<u128>,
    /// Weighted deals split, per player.
    pub ties: Vec<u128>,
    /// Weighted tie shares in units of 1/[`TIE_UNIT`].
    pub shares: Vec<u128>,
    /// Weighted squares (Monte Carlo only, weight 1).
    pub squares: Vec<u128>,
    /// High-low games: weighted pot units won with the high hand.
    pub high: Vec<u128>,
    /// High-low games: weighted pot units won with the low hand.
    pub low: Vec<u128>,
    /// Share units of one pot: [`TIE_UNIT`], or [`HILO_UNIT`] in the high-low games.
    pub unit: u64,
}

impl Tally {
    /// An empty tally for `players` players.
    pub fn new(players: usize) -> Tally {
        Tally {
            deals: 0,
            total: 0,
            wins: vec![0; players],
            ties: vec![0; players],
            shares: vec![0; players],
            squares: vec![0; players],
            high: vec![0; players],
            low: vec![0; players],
            unit: TIE_UNIT,
        }
    }

    /// An empty tally for `players` players counting shares in units of 1/`unit` of a pot.
    pub fn with_unit(players: usize, unit: u64) -> Tally {
        Tally { unit, ..Tally::new(players) }
    }

    /// Whether this is a high-low game's tally.
    pub fn is_hilo(&self) -> bool {
        self.unit == HILO_UNIT
    }

    /// Adds another tally of the same game.
    pub fn merge(mut self, b: Tally) -> Tally {
        self.deals += b.deals;
        self.total += b.total;
        for p in 0..self.wins.len() {
            self.wins[p] += b.wins[p];
            self.ties[p] += b.ties[p];
            self.shares[p] += b.shares[p];
            self.squares[p] += b.squares[p];
            self.high[p] += b.high[p];
            self.low[p] += b.low[p];
        }
        self
    }

    /// Adds the counts of `deals_evaluated` real deals standing for `c`, times `weight`.
    pub fn add(&mut self, c: &Counts, weight: u128, deals_evaluated: u64) {
        self.deals += deals_evaluated;
        self.total += c.deals as u128 * weight;
        for p in 0..self.wins.len() {
            self.wins[p] += c.wins[p] as u128 * weight;
            self.ties[p] += c.ties[p] as u128 * weight;
            self.shares[p] += c.shares[p] as u128 * weight;
            self.squares[p] += c.squares[p] as u128 * weight;
            self.high[p] += c.high[p] as u128 * weight;
            self.low[p] += c.low[p] as u128 * weight;
        }
    }

    /// Player `p`'s equity: wins plus tie shares over the total.
    pub fn equity(&self, p: usize) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        let unit = self.unit as u128;
        let units = self.wins[p] * unit + self.shares[p];
        units as f64 / (self.total * unit) as f64
    }

    /// The standard error of player `p`'s equity, treating deals as independent samples.
    pub fn stderr(&self, p: usize) -> f64 {
        let n = self.total as f64;
        if n < 2.0 {
            return f64::INFINITY;
        }
        let u = self.unit as f64;
        let mean = self.equity(p);
        let mean_sq = self.squares[p] as f64 / (u * u) / n;
        let var = (mean_sq - mean * mean).max(0.0) * n / (n - 1.0);
        (var / n).sqrt()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_three_way_tie_gives_a_third_each() {
        let mut c = Counts::default();
        c.showdown(&[5u16, 5, 5, 1], 1);
        assert_eq!(c.shares[..4], [840, 840, 840, 0]);
        assert_eq!(c.ties[..4], [1, 1, 1, 0]);
        let mut t = Tally::new(4);
        t.add(&c, 2, 1);
        assert!((t.equity(0) - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(t.equity(3), 0.0);
    }

    #[test]
    fn settling_hands_ranks_each_and_splits_by_hand_worked_shares() {
        // Hands are (high, low) pairs; low 0 means no qualifying low.
        let hands = [(9u32, 0u32), (9, 4), (2, 7)];
        let mut high_only = Counts::default();
        high_only.settle(&hands, false, |h| h.0, |_| panic!("no low in a high-only game"));
        assert_eq!(high_only.ties[..3], [1, 1, 0]);
        assert_eq!(high_only.shares[..3], [1260, 1260, 0]);
        let mut hilo = Counts::default();
        hilo.settle(&hands, true, |h| h.0, |h| h.1);
        // The high half (2520 of 5040) splits between the first two; the third has the best low.
        assert_eq!(hilo.high[..3], [1260, 1260, 0]);
        assert_eq!(hilo.low[..3], [0, 0, 2520]);
        assert_eq!(hilo.wins[..3], [0, 0, 0]);
        assert_eq!(hilo.shares[..3], [1260, 1260, 2520]);
    }

    #[test]
    fn counts_by_set_of_winners_match_the_showdowns() {
        // Four players, every rank pattern of values 0..3: each deal counted as it comes and
        // by its set of winners must give the same counts.
        let mut direct = Counts::default();
        let mut by_set = [0u64; 16];
        for code in 0..4u32.pow(4) {
            let ranks: Vec<u16> = (0..4).map(|p| (code / 4u32.pow(p) % 4) as u16).collect();
            direct.showdown(&ranks, 1);
            let best = *ranks.iter().max().unwrap();
            let set: usize = (0..4).filter(|&p| ranks[p] == best).map(|p| 1 << p).sum();
            by_set[set] += 1;
        }
        let mut grouped = Counts::default();
        grouped.winners(4, &by_set);
        assert_eq!(grouped, direct);
        assert!(direct.ties[0] > 0 && direct.wins[3] > 0, "the patterns include ties and wins");
    }

    #[test]
    fn heads_up_counts_match_the_general_showdown() {
        let mut a = Counts::default();
        let mut b = Counts::default();
        for (x, y) in [(1u16, 2u16), (3, 3), (4, 1), (4, 1)] {
            a.heads_up(x, y, 3);
            b.showdown(&[x, y], 3);
        }
        a.finish_heads_up();
        assert_eq!(a, b);
    }
}
