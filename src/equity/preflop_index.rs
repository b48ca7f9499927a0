//! Heads-up preflop matchups up to suit permutation: which stored entry an ordered pair of
//! disjoint combos reads, and whether it reads it from the other side.
//!
//! Each combo's class (one of the 169 starting hands) has a representative, the combo of the
//! class with the smallest index, and each combo a suit permutation taking it there. A pair
//! `(c1, c2)` is moved by that permutation to `(rep, c2')`; the permutations that keep `rep`
//! (its stabilizer: 4 for a pair, 6 suited, 2 offsuit) then fold `c2'` to the smallest index of
//! its orbit. The ordered classes are the pairs `(class of c1, orbit of c2')`; an ordered class
//! and its swap (`(c2, c1)`) share one stored entry, kept in the orientation that compares
//! smaller. So a lookup is two table reads: the permutation of `c1`, then the slot of
//! `(class of c1, image of c2)`.

use super::iso;
use crate::range::{Combo, HandClass, COMBOS};

/// The number of starting-hand classes.
pub(crate) const CLASSES: usize = 169;

/// A slot that no stored entry answers: the two combos share a card.
pub(crate) const CONFLICT: u32 = u32::MAX;

/// The lookup tables (built in about a million steps; see the module notes).
pub(crate) struct Index {
    /// Each combo's class, in [`HandClass::all`] order.
    pub class_of: Vec<u8>,
    /// Each combo's permutation (index into [`iso::all_perms`]) onto its class representative.
    perm_of: Vec<u8>,
    /// Each class's representative combo.
    pub reps: Vec<u16>,
    /// `slot[class * COMBOS + c2]`: `stored << 1 | swapped`, or [`CONFLICT`].
    slot: Vec<u32>,
    /// Per stored entry, the ordered pair of combos it counts from the first one's side.
    pub stored: Vec<(u16, u16)>,
}

impl Index {
    /// Builds the tables.
    pub fn new() -> Index {
        let table = iso::combo_table();
        let classes = HandClass::all();
        let mut class_of = vec![0u8; COMBOS];
        let mut perm_of = vec![0u8; COMBOS];
        let mut reps = vec![0u16; CLASSES];
        for c in Combo::all() {
            let i = c.index();
            let (image, perm) = (0..table.len()).map(|p| (table[p][i], p)).min().unwrap_or((0, 0));
            let class = classes.iter().position(|k| *k == c.class()).unwrap_or(0);
            class_of[i] = class as u8;
            perm_of[i] = perm as u8;
            reps[class] = image;
        }
        let stabs: Vec<Vec<usize>> = reps
            .iter()
            .map(|&r| (0..table.len()).filter(|&p| table[p][r as usize] == r).collect())
            .collect();
        let sets: Vec<u64> = Combo::all().map(|c| c.set().bits()).collect();
        // Orbit minimum of every combo disjoint from each representative.
        let mut orbit = vec![u16::MAX; CLASSES * COMBOS];
        for a in 0..CLASSES {
            let rep = sets[reps[a] as usize];
            for c2 in 0..COMBOS {
                if sets[c2] & rep == 0 {
                    orbit[a * COMBOS + c2] =
                        stabs[a].iter().map(|&p| table[p][c2]).min().unwrap_or(c2 as u16);
                }
            }
        }
        let key_of = |c1: usize, c2: usize| -> (usize, u16) {
            let a = class_of[c1] as usize;
            (a, orbit[a * COMBOS + table[perm_of[c1] as usize][c2] as usize])
        };
        // The stored orientations, ordered by (class of c1, class of c2, c2): generated in
        // that order, class by class, with no sort.
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); CLASSES];
        for (c, &class) in class_of.iter().enumerate() {
            members[class as usize].push(c);
        }
        let mut keys: Vec<(usize, u16)> = Vec::new();
        for a in 0..CLASSES {
            for c2 in members.iter().flatten().copied() {
                let m = orbit[a * COMBOS + c2];
                if m as usize == c2 && (a, m) <= key_of(c2, reps[a] as usize) {
                    keys.push((a, m));
                }
            }
        }
        let mut slot = vec![CONFLICT; CLASSES * COMBOS];
        for (i, &(a, m)) in keys.iter().enumerate() {
            slot[a * COMBOS + m as usize] = (i as u32) << 1;
        }
        for a in 0..CLASSES {
            for c2 in 0..COMBOS {
                let m = orbit[a * COMBOS + c2];
                if m == u16::MAX || m as usize != c2 || slot[a * COMBOS + c2] != CONFLICT {
                    continue;
                }
                let (b, m2) = key_of(c2, reps[a] as usize);
                slot[a * COMBOS + c2] = slot[b * COMBOS + m2 as usize] | 1;
            }
            for c2 in 0..COMBOS {
                let m = orbit[a * COMBOS + c2];
                if m != u16::MAX && m as usize != c2 {
                    slot[a * COMBOS + c2] = slot[a * COMBOS + m as usize];
                }
            }
        }
        let stored = keys.iter().map(|&(a, m)| (reps[a], m)).collect();
        Index { class_of, perm_of, reps, slot, stored }
    }

    /// The slot of the ordered pair of combo indices `(c1, c2)`: `stored << 1 | swapped`, or
    /// [`CONFLICT`] when they share a card. Both must be below [`COMBOS`].
    #[inline(always)]
    pub fn slot(&self, c1: usize, c2: usize) -> u32 {
        let table = iso::combo_table();
        let image = table[self.perm_of[c1] as usize][c2] as usize;
        self.slot[self.class_of[c1] as usize * COMBOS + image]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_disjoint_pair_reads_one_entry_and_its_swap_reads_it_reversed() {
        let index = Index::new();
        // 47,008 is the known count of preflop matchups up to suits and seat order (it
        // includes the 1,326 * 1,225 / 2 = 812,175 unordered pairs of disjoint combos).
        assert_eq!(index.stored.len(), 47_008);
        let sets: Vec<u64> = Combo::all().map(|c| c.set().bits()).collect();
        let mut seen = vec![0u32; index.stored.len()];
        for c1 in 0..COMBOS {
            for c2 in 0..COMBOS {
                let s = index.slot(c1, c2);
                if sets[c1] & sets[c2] != 0 {
                    assert_eq!(s, CONFLICT);
                    continue;
                }
                let back = index.slot(c2, c1);
                assert_eq!(s >> 1, back >> 1, "{c1} {c2}");
                seen[(s >> 1) as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n > 0));
        assert_eq!(seen.iter().map(|&n| n as u64).sum::<u64>(), 1326 * 1225);
    }
}
