//! Dealing helpers shared by the games: subsets of a card list, and uniform random cards.

use rand::RngCore;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::EquityError;

use crate::card::Card;
use crate::eval::americana::AmericanaHand;
use crate::eval::standard::{Hand, RankHand};

/// A hand ranking as an additive hand and a number (larger wins, equal splits).
pub(crate) trait Ranker: Copy + Send + Sync {
    /// The additive hand.
    type Hand: Copy + Send + Sync;
    /// The hand with no cards.
    const EMPTY: Self::Hand;
    /// The hand plus one card.
    fn add(h: Self::Hand, c: Card) -> Self::Hand;
    /// The hand's value; the hand has the game's final card count.
    fn rank(h: Self::Hand) -> u32;
    /// Whether the pot is split with the best eight-or-better low.
    const HILO: bool = false;
    /// The hand's eight-or-better low (larger wins), 0 for none; only read when `HILO`.
    fn low(_h: Self::Hand) -> u32 {
        0
    }
}

/// Seven-card stud high-low: the best five of seven standard cards, and the best
/// eight-or-better low (kept as the OR of the cards' low rank bits).
#[derive(Clone, Copy)]
pub(crate) struct SevenHiLo;

impl Ranker for SevenHiLo {
    type Hand = (Hand, u8);
    const EMPTY: (Hand, u8) = (Hand::EMPTY, 0);
    const HILO: bool = true;
    #[inline(always)]
    fn add((h, m): (Hand, u8), c: Card) -> (Hand, u8) {
        (h.add(c), m | crate::eval::low::low_bit_of(c))
    }
    #[inline(always)]
    fn rank((h, _): (Hand, u8)) -> u32 {
        h.rank7().value() as u32
    }
    #[inline(always)]
    fn low((_, m): (Hand, u8)) -> u32 {
        crate::eval::low::best_of_mask(m).map_or(0, |l| l.value())
    }
}

/// Razz: the best ace-to-five low of seven cards. The low depends only on the ranks, so the
/// hand is their multiset, and its value one load from a table at the 7-card perfect-hash
/// slot of those ranks ([`crate::eval::ace_five`]'s seven-card table).
#[derive(Clone, Copy)]
pub(crate) struct Razz;

impl Ranker for Razz {
    type Hand = RankHand;
    const EMPTY: RankHand = RankHand::EMPTY;
    #[inline(always)]
    fn add(h: RankHand, c: Card) -> RankHand {
        h.add(c.rank().index(), 1)
    }
    #[inline(always)]
    fn rank(h: RankHand) -> u32 {
        crate::eval::ace_five::seven_low(h)
    }
}

/// Best five of seven standard cards (hold'em, turnover, seven-card stud).
#[derive(Clone, Copy)]
pub(crate) struct Seven;

impl Ranker for Seven {
    type Hand = Hand;
    const EMPTY: Hand = Hand::EMPTY;
    #[inline(always)]
    fn add(h: Hand, c: Card) -> Hand {
        h.add(c)
    }
    #[inline(always)]
    fn rank(h: Hand) -> u32 {
        h.rank7().value() as u32
    }
}

/// Five Americana cards (five-card stud on the 32-card deck).
#[derive(Clone, Copy)]
pub(crate) struct Americana;

impl Ranker for Americana {
    type Hand = AmericanaHand;
    const EMPTY: AmericanaHand = AmericanaHand::EMPTY;
    #[inline(always)]
    fn add(h: AmericanaHand, c: Card) -> AmericanaHand {
        h.add(c)
    }
    #[inline(always)]
    fn rank(h: AmericanaHand) -> u32 {
        h.rank().map_or(0, |r| r.value())
    }
}

/// Calls `f` with each `k`-card subset of `cards` (as a bit mask) and `acc` plus its cards.
pub(crate) fn each_subset<H: Copy>(
    cards: &[Card],
    k: usize,
    mask: u64,
    acc: H,
    add: &impl Fn(H, Card) -> H,
    f: &mut impl FnMut(u64, H),
) {
    if k == 0 {
        f(mask, acc);
        return;
    }
    for i in (k - 1)..cards.len() {
        let c = cards[i];
        each_subset(&cards[..i], k - 1, mask | 1 << c.index(), add(acc, c), add, f);
    }
}

/// Uniform integers below a bound from 32-bit halves of the generator's output, with Lemire's
/// multiply-and-reject method: exactly uniform, and a rejection needs a bound near 2^32.
#[derive(Default)]
pub(crate) struct Uniform32 {
    spare: u64,
    have: bool,
}

impl Uniform32 {
    #[inline(always)]
    pub(crate) fn next(&mut self, rng: &mut Xoshiro256PlusPlus) -> u32 {
        if self.have {
            self.have = false;
            return (self.spare >> 32) as u32;
        }
        self.spare = rng.next_u64();
        self.have = true;
        self.spare as u32
    }

    /// A uniform integer in `0..n` (`n` at least 1).
    #[inline(always)]
    pub(crate) fn below(&mut self, rng: &mut Xoshiro256PlusPlus, n: u32) -> u32 {
        let mut m = self.next(rng) as u64 * n as u64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = self.next(rng) as u64 * n as u64;
            }
        }
        (m >> 32) as u32
    }
}

/// The positions of a partial Fisher-Yates shuffle that takes `k` cards from a deck of `n`,
/// all decoded from one uniform draw.
///
/// Taking cards one at a time draws position `i + d_i` with `d_i` uniform in `0..n - i`. The
/// tuples `(d_0, ..., d_{k-1})` are in bijection with `0..P`, `P = n (n-1) ... (n-k+1)`, by
/// mixed-radix digits, so one exactly uniform draw below `P` (Lemire's multiply-and-reject on
/// 32 bits) gives the same distribution as `k` separate draws, for one generator output and
/// `k` divisions by constants (each a multiply, with precomputed reciprocals).
#[derive(Clone, Debug)]
pub(crate) struct Positions {
    k: usize,
    /// `n - i` for each draw `i` (1 past `k`).
    radix: [u32; 8],
    /// For each draw `i`, the reciprocal of the product of the radixes up to it,
    /// `floor((2^64 - 1) / (radix_0 ... radix_i)) + 1`: `q / (radix_0 ... radix_i)` is the high
    /// word of `q * magic_i`.
    magic: [u64; 8],
    product: u32,
    /// `2^32 mod product`: a low word below it is rejected.
    threshold: u32,
}

impl Positions {
    /// The draw of `k` (1 to 8) cards from `n`; `None` when there is nothing to draw, when `P`
    /// does not fit in 32 bits or a radix is below 2 (the caller then draws card by card).
    pub(crate) fn new(n: usize, k: usize) -> Option<Positions> {
        if k == 0 || k > 8 || k > n {
            return None;
        }
        let mut radix = [1u32; 8];
        let mut product = 1u64;
        for (i, r) in radix.iter_mut().enumerate().take(k) {
            let d = (n - i) as u32;
            if d < 2 {
                return None;
            }
            *r = d;
            product *= d as u64;
            if product > u32::MAX as u64 {
                return None;
            }
        }
        // Past `k` the prefix product stays `product`, so those quotients are 0 for every
        // `q` below it.
        let mut magic = [0u64; 8];
        let mut prefix = 1u64;
        for (m, &r) in magic.iter_mut().zip(&radix) {
            prefix *= r as u64;
            *m = u64::MAX / prefix + 1;
        }
        let product = product as u32;
        let threshold = ((1u64 << 32) % product as u64) as u32;
        Some(Positions { k, radix, magic, product, threshold })
    }

    /// The number of positions each draw gives.
    pub(crate) fn len(&self) -> usize {
        self.k
    }

    /// The offsets `d_i` (uniform in `0..n - i`, independent) of one draw; `K` at least
    /// [`Positions::len`] (offsets past it are 0), a constant so that the decoding unrolls.
    #[inline(always)]
    pub(crate) fn draw<const K: usize>(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        bits: &mut Uniform32,
    ) -> [u32; K] {
        let mut m = bits.next(rng) as u64 * self.product as u64;
        while (m as u32) < self.threshold {
            m = bits.next(rng) as u64 * self.product as u64;
        }
        self.digits::<K>((m >> 32) as u32)
    }

    /// The mixed-radix digits of `q` (below the product), least significant first. Digits
    /// past `k` have radix 1 and a quotient of 0, so they come out 0.
    ///
    /// Digit `i` is `q_i - radix_i * q_(i+1)`, where `q_i = q / (radix_0 ... radix_(i-1))`.
    /// Every quotient is computed from `q` directly, by its own reciprocal, rather than each
    /// from the one before: the multiplications are independent, so they run side by side
    /// instead of as a chain of `K` (dividing by a product rounds down as dividing by each
    /// factor in turn does, so the digits are the same).
    #[inline(always)]
    fn digits<const K: usize>(&self, q: u32) -> [u32; K] {
        // Exact for every q below 2^32 and divisor from 2 to 2^32 - 1 (Lemire, Kaser and
        // Kurz, "Faster remainder by direct computation", 2019).
        let quotient = |i: usize| ((self.magic[i % 8] as u128 * q as u128) >> 64) as u32;
        let mut out = [0u32; K];
        let mut here = q;
        for (i, digit) in out.iter_mut().enumerate() {
            let next = quotient(i);
            *digit = here - next * self.radix[i % 8];
            here = next;
        }
        out
    }
}

/// Redraws allowed for one deal before the ranges are declared too overlapping.
pub(crate) const MAX_REDRAWS: u32 = 1_000_000;

/// Deals the players drawn from ranges, redrawing the whole deal while two hands share a card:
/// `attempt` draws every such player's hand on top of the cards `known` and answers the cards
/// used, or `None` on a clash. Redrawing only the clashing player would favour hands that
/// clash less; redrawing the deal samples every matchup without shared cards by the product of
/// its weights. After [`MAX_REDRAWS`] clashes in a row: [`EquityError::NoDeal`].
#[inline(always)]
pub(crate) fn redraw_until_apart(
    known: u64,
    mut attempt: impl FnMut(u64) -> Option<u64>,
) -> Result<u64, EquityError> {
    for _ in 0..=MAX_REDRAWS {
        if let Some(used) = attempt(known) {
            return Ok(used);
        }
    }
    Err(EquityError::NoDeal)
}

/// One batch of random deals: the batch's own generator, the spare half of its last output
/// (see [`Uniform32`]) and the number of deals to draw.
pub(crate) struct Batch {
    /// The batch's generator.
    pub(crate) rng: Xoshiro256PlusPlus,
    /// The generator's spare bits.
    pub(crate) bits: Uniform32,
    /// The number of deals to draw.
    pub(crate) deals: u64,
}

impl Batch {
    /// `deals` deals drawn from `rng`.
    pub(crate) fn new(rng: Xoshiro256PlusPlus, deals: u64) -> Batch {
        Batch { rng, bits: Uniform32::default(), deals }
    }

    /// A card of `deck` uniformly at random among those not in `used`, which it then joins.
    /// The deck must hold a card not in `used`.
    #[inline(always)]
    pub(crate) fn draw(&mut self, deck: &[Card], used: &mut u64) -> Card {
        draw(&mut self.rng, &mut self.bits, deck, used)
    }
}

/// [`Batch::draw`] from a generator and its spare bits held apart (a sampler that lends them
/// to a closure keeps them in locals of its own).
#[inline(always)]
pub(crate) fn draw(
    rng: &mut Xoshiro256PlusPlus,
    bits: &mut Uniform32,
    deck: &[Card],
    used: &mut u64,
) -> Card {
    loop {
        let c = deck[bits.below(rng, deck.len() as u32) as usize];
        let bit = 1u64 << c.index();
        if *used & bit == 0 {
            *used |= bit;
            return c;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_a_bijection_onto_the_digit_tuples() {
        for (n, k) in [(5, 3), (7, 4), (9, 2), (6, 5), (4, 1)] {
            let p = Positions::new(n, k).unwrap();
            let total = p.product as usize;
            assert_eq!(total, (n - k + 1..=n).product::<usize>());
            let mut seen = vec![false; total];
            for q in 0..total as u32 {
                let d = p.digits::<8>(q);
                let mut index = 0usize;
                let mut scale = 1usize;
                for i in 0..k {
                    assert!(d[i] < (n - i) as u32, "n={n} k={k} q={q}: digit {i} = {}", d[i]);
                    index += d[i] as usize * scale;
                    scale *= n - i;
                }
                assert!(!seen[index], "n={n} k={k}: q={q} repeats a tuple");
                seen[index] = true;
            }
        }
    }

    #[test]
    fn digits_equal_the_chain_of_divisions() {
        // Every quotient is computed from q directly; the chain q, q / r0, q / r0 / r1, ...
        // is the definition. Spread over the whole range of every product hold'em and the
        // other community games draw.
        for (n, k) in [(52, 5), (48, 5), (45, 5), (44, 4), (46, 3), (47, 2), (40, 1), (50, 5)] {
            let p = Positions::new(n, k).unwrap();
            let mut x = 0x9e37_79b9_7f4a_7c15u64;
            for step in 0..20_000u64 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let q = if step < 3 {
                    [0, 1, p.product - 1][step as usize]
                } else {
                    (x % p.product as u64) as u32
                };
                let d = p.digits::<8>(q);
                let mut rest = q;
                for (i, &digit) in d.iter().enumerate() {
                    let radix = if i < k { (n - i) as u32 } else { 1 };
                    assert_eq!(digit, rest % radix, "n={n} k={k} q={q} digit {i}");
                    rest /= radix;
                }
            }
        }
    }

    #[test]
    fn positions_decode_the_largest_products_exactly() {
        // 52 * 51 * 50 * 49 * 48 is the largest product hold'em Monte Carlo uses.
        let p = Positions::new(52, 5).unwrap();
        for q in [0, 1, 51, 52, 2651, 2652, p.product - 1] {
            let d = p.digits::<8>(q);
            let mut back = 0u64;
            for i in (0..5).rev() {
                back = back * (52 - i) as u64 + d[i] as u64;
            }
            assert_eq!(back, q as u64);
        }
        assert!(Positions::new(52, 6).is_none(), "52^6-ish does not fit in 32 bits");
        assert!(Positions::new(3, 3).is_none(), "the last draw of a whole deck has radix 1");
        assert!(Positions::new(45, 0).is_none(), "a full board draws nothing");
    }
}
