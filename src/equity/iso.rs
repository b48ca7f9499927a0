//! Suit isomorphism: the 24 permutations of the four suits, and the ones that keep a set of
//! cards (board, dead cards) in place. Deals that a kept permutation maps onto each other have
//! the same outcome, so only one of them needs evaluating.

use std::sync::OnceLock;

use crate::card::{Card, CardSet, Suit};
use crate::range::{Combo, COMBOS};

/// A permutation of the suits: `perm[s]` is the image of suit `s`.
pub type SuitPerm = [u8; 4];

/// All 24 suit permutations, the identity first.
pub fn all_perms() -> &'static [SuitPerm; 24] {
    static PERMS: OnceLock<[SuitPerm; 24]> = OnceLock::new();
    PERMS.get_or_init(|| {
        let mut out = [[0u8; 4]; 24];
        let mut n = 0;
        for a in 0..4u8 {
            for b in 0..4u8 {
                for c in 0..4u8 {
                    // The fourth suit is the one not taken: 0 + 1 + 2 + 3 = 6 (when the sum
                    // of the other three exceeds 6 they repeat a suit and are skipped).
                    let Some(d) = 6u8.checked_sub(a + b + c) else { continue };
                    if a != b && a != c && b != c && d < 4 && d != a && d != b && d != c {
                        out[n] = [a, b, c, d];
                        n += 1;
                    }
                }
            }
        }
        out
    })
}

/// The image of a card under a suit permutation.
pub fn map_card(perm: &SuitPerm, card: Card) -> Card {
    let suit = Suit::new(perm[card.suit().index() as usize & 3]).unwrap_or(Suit::CLUBS);
    Card::new(card.rank(), suit)
}

/// The image of a card set under a suit permutation.
pub fn map_set(perm: &SuitPerm, set: CardSet) -> CardSet {
    set.iter().map(|c| map_card(perm, c)).collect()
}

/// The permutations (indices into [`all_perms`]) that map each of `sets` onto itself.
pub fn stabilizer(sets: &[CardSet]) -> Vec<usize> {
    all_perms()
        .iter()
        .enumerate()
        .filter(|(_, p)| sets.iter().all(|s| map_set(p, *s) == *s))
        .map(|(i, _)| i)
        .collect()
}

/// `table()[perm][combo]`: the index of a combo's image under each permutation.
pub fn combo_table() -> &'static Vec<[u16; COMBOS]> {
    static TABLE: OnceLock<Vec<[u16; COMBOS]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        all_perms()
            .iter()
            .map(|p| {
                let mut row = [0u16; COMBOS];
                for c in Combo::all() {
                    let [a, b] = c.cards();
                    let image = Combo::new(map_card(p, a), map_card(p, b)).unwrap_or(c);
                    row[c.index()] = image.index() as u16;
                }
                row
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_24_distinct_permutations() {
        let perms = all_perms();
        assert_eq!(perms[0], [0, 1, 2, 3]);
        for (i, a) in perms.iter().enumerate() {
            assert!(perms[..i].iter().all(|b| b != a));
        }
    }

    #[test]
    fn a_rainbow_flop_is_kept_by_two_permutations() {
        let flop: CardSet = ["Ah", "Kd", "2c"].iter().map(|s| s.parse::<Card>().unwrap()).collect();
        // Hearts, diamonds and clubs must each stay, so spades stay too.
        assert_eq!(stabilizer(&[flop]).len(), 1);
        assert_eq!(stabilizer(&[CardSet::EMPTY]).len(), 24);
        let two_hearts: CardSet = ["Ah", "Kh"].iter().map(|s| s.parse::<Card>().unwrap()).collect();
        assert_eq!(stabilizer(&[two_hearts]).len(), 6);
    }
}
