//! Dealing helpers shared by the games: subsets of a card list, and uniform random cards.

use rand::RngCore;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::card::Card;
use crate::eval::americana::AmericanaHand;
use crate::eval::standard::Hand;

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
    fn next(&mut self, rng: &mut Xoshiro256PlusPlus) -> u32 {
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

/// A card of `deck` uniformly at random among those not in `used`, which it then joins. The
/// deck must hold a card not in `used`.
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
