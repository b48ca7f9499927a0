//! Exhaustive checks of both evaluators against the slow reference evaluators of
//! `feltkit::eval::reference`: every 5-, 6- and 7-card hand of the 52-card deck and of the
//! 32-card Americana deck. Run in release mode (`cargo test --release`).
//!
//! The reference value of a hand of six or seven cards is the maximum over its subsets of one
//! card fewer, memoized by colex index, which is the definition of "best five" applied one card
//! at a time. Two evaluators agree on order when the map from reference value to our value is a
//! function (equal stays equal) and strictly increasing (less stays less).

use std::collections::BTreeMap;

use feltkit::card::{Card, Deck};
use feltkit::eval::americana::AmericanaHand;
use feltkit::eval::reference;
use feltkit::eval::standard::{rank7_indices, Hand};
use feltkit::eval::Category;
use rayon::prelude::*;

/// Binomial coefficients C(n, k) for n < 53, k < 8.
fn binomials() -> Vec<[u32; 8]> {
    let mut c = vec![[0u32; 8]; 53];
    for n in 0..53 {
        c[n][0] = 1;
        for k in 1..8 {
            c[n][k] = if n == 0 { 0 } else { c[n - 1][k - 1] + c[n - 1][k] };
        }
    }
    c
}

/// Calls `f` with every k-subset (ascending indices) whose largest element is `top`, in colex
/// order, i.e. the order of their colex index.
fn for_each_with_top(k: usize, top: usize, mut f: impl FnMut(&[usize])) {
    if top + 1 < k {
        return;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    idx[k - 1] = top;
    loop {
        f(&idx);
        // Colex successor among the first k - 1 positions.
        let mut i = 0;
        while i + 1 < k && idx[i] + 1 == idx[i + 1] {
            i += 1;
        }
        if i + 1 >= k {
            return;
        }
        idx[i] += 1;
        for (j, x) in idx.iter_mut().enumerate().take(i) {
            *x = j;
        }
    }
}

/// Maps every k-subset of 0..n, in colex order, in parallel by top element.
fn map_colex<T: Send>(n: usize, k: usize, f: impl Fn(&[usize]) -> T + Sync) -> Vec<T> {
    let blocks: Vec<Vec<T>> = (0..n)
        .into_par_iter()
        .map(|top| {
            let mut out = Vec::new();
            for_each_with_top(k, top, |s| out.push(f(s)));
            out
        })
        .collect();
    blocks.into_iter().flatten().collect()
}

/// Folds every k-subset of 0..n into a tally, in parallel by top element.
fn tally_colex(n: usize, k: usize, f: impl Fn(&mut Tally, &[usize]) + Sync) -> Tally {
    (0..n)
        .into_par_iter()
        .map(|top| {
            let mut t = Tally::default();
            for_each_with_top(k, top, |s| f(&mut t, s));
            t
        })
        .reduce(Tally::default, Tally::merge)
}

fn colex(c: &[[u32; 8]], idx: &[usize]) -> usize {
    idx.iter().enumerate().map(|(i, &x)| c[x][i + 1] as usize).sum()
}

/// Reference values of every 5- and 6-card hand of `deck`, by colex index of deck positions.
fn reference_tables(deck: &[Card], five: fn(&[Card; 5]) -> u32) -> (Vec<u32>, Vec<u32>) {
    let c = binomials();
    let n = deck.len();
    let ref5 =
        map_colex(n, 5, |s| five(&[deck[s[0]], deck[s[1]], deck[s[2]], deck[s[3]], deck[s[4]]]));
    let ref6 = map_colex(n, 6, |s| {
        (0..6)
            .map(|skip| {
                let sub: Vec<usize> =
                    s.iter().enumerate().filter(|e| e.0 != skip).map(|e| *e.1).collect();
                ref5[colex(&c, &sub)]
            })
            .max()
            .unwrap()
    });
    (ref5, ref6)
}

/// Collects (reference, ours) pairs and checks they define a strictly increasing function.
#[derive(Default)]
struct OrderMap(BTreeMap<u32, u32>);

impl OrderMap {
    fn record(&mut self, reference: u32, ours: u32) {
        let prev = *self.0.entry(reference).or_insert(ours);
        assert_eq!(prev, ours, "reference value {reference:#x} maps to {prev} and {ours}");
    }

    fn merge(mut self, other: OrderMap) -> OrderMap {
        for (r, o) in other.0 {
            self.record(r, o);
        }
        self
    }

    fn check_increasing(&self) {
        let ours: Vec<u32> = self.0.values().copied().collect();
        for w in ours.windows(2) {
            assert!(w[0] < w[1], "order differs: {} is not below {}", w[0], w[1]);
        }
    }
}

/// Counts per category (standard order) and the order map, for one evaluator over all hands
/// of one size.
#[derive(Default)]
struct Tally {
    counts: [u64; 9],
    map: OrderMap,
    /// Seven-card hands where another entry point disagrees with `Hand::rank7`.
    entry_points_disagree: u64,
    /// Standard hands with the best value of all, a royal flush (`8 << 12 | 9`).
    royals: u64,
}

impl Tally {
    fn add(&mut self, category: Category, reference_category: Category, r: u32, ours: u32) {
        assert_eq!(category, reference_category, "category differs for reference {r:#x}");
        self.counts[category as usize] += 1;
        self.royals += u64::from(ours == 8 << 12 | 9);
        self.map.record(r, ours);
    }

    fn merge(mut self, other: Tally) -> Tally {
        for i in 0..9 {
            self.counts[i] += other.counts[i];
        }
        self.map = self.map.merge(other.map);
        self.entry_points_disagree += other.entry_points_disagree;
        self.royals += other.royals;
        self
    }
}

fn standard_deck() -> Vec<Card> {
    Card::all().collect()
}

#[test]
#[cfg_attr(debug_assertions, ignore = "exhaustive: run with --release")]
fn standard_every_five_and_six_card_hand_matches_the_reference() {
    let deck = standard_deck();
    let (ref5, ref6) = reference_tables(&deck, reference::standard5);
    for (size, refs) in [(5usize, &ref5), (6, &ref6)] {
        let c = binomials();
        let tally = tally_colex(52, size, |t, s| {
            let r = refs[colex(&c, s)];
            let cards: Vec<Card> = s.iter().map(|&i| deck[i]).collect();
            let ours = Hand::from_cards(&cards).unwrap().rank().unwrap();
            t.add(ours.category(), reference::standard_category_of(r), r, ours.value() as u32);
        });
        tally.map.check_increasing();
        if size == 5 {
            assert_eq!(tally.map.0.len(), 7462, "distinct five-card classes");
            assert_eq!(
                tally.counts,
                [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40],
                "five-card category counts"
            );
            assert_eq!(tally.royals, 4, "five-card royal flushes");
        } else {
            assert_eq!(tally.counts.iter().sum::<u64>(), 20358520);
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "exhaustive: run with --release")]
fn standard_all_133_784_560_seven_card_hands_match_the_reference() {
    let deck = standard_deck();
    let (_, ref6) = reference_tables(&deck, reference::standard5);
    let c = binomials();
    let cards: Vec<Hand> = deck.iter().map(|&d| Hand::EMPTY.add(d)).collect();
    let ix: Vec<u8> = deck.iter().map(|d| d.index()).collect();
    let tally = (6..52usize)
        .into_par_iter()
        .fold(Tally::default, |mut t, g| {
            // g is the highest card; enumerate a < b < c < d < e < f < g.
            let hg = cards[g] + Hand::EMPTY;
            let cg = c[g][6] as usize;
            for f in 5..g {
                let hf = hg + cards[f];
                for e in 4..f {
                    let he = hf + cards[e];
                    for d in 3..e {
                        let hd = he + cards[d];
                        for cc in 2..d {
                            let hc = hd + cards[cc];
                            for b in 1..cc {
                                let hb = hc + cards[b];
                                for a in 0..b {
                                    let hand = hb + cards[a];
                                    let ours = hand.rank7();
                                    // The other two 7-card entry points agree on every hand:
                                    // `rank` and `rank7_indices` from card bytes (in an order
                                    // other than the enumeration's).
                                    let bytes = [ix[d], ix[a], ix[g], ix[cc], ix[f], ix[b], ix[e]];
                                    if rank7_indices(&bytes) != ours || hand.rank() != Some(ours) {
                                        t.entry_points_disagree += 1;
                                    }
                                    let s = [a, b, cc, d, e, f];
                                    // Subsets without g, and with g replacing each of a..f.
                                    let mut r = ref6[colex(&c, &s)];
                                    for skip in 0..6 {
                                        let mut idx = 0;
                                        let mut pos = 0;
                                        for (i, &x) in s.iter().enumerate() {
                                            if i != skip {
                                                pos += 1;
                                                idx += c[x][pos] as usize;
                                            }
                                        }
                                        r = r.max(ref6[idx + cg]);
                                    }
                                    let cat = reference::standard_category_of(r);
                                    t.add(ours.category(), cat, r, ours.value() as u32);
                                }
                            }
                        }
                    }
                }
            }
            t
        })
        .reduce(Tally::default, Tally::merge);
    tally.map.check_increasing();
    assert_eq!(
        tally.entry_points_disagree, 0,
        "hands where rank or rank7_indices differ from rank7"
    );
    assert_eq!(tally.royals, 4324, "seven-card royal flushes");
    assert_eq!(
        tally.counts,
        [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584],
        "seven-card category counts"
    );
    assert_eq!(tally.map.0.len(), 4824, "distinct seven-card classes");
}

fn americana_deck() -> Vec<Card> {
    Deck::Americana.cards().iter().collect()
}

#[test]
#[cfg_attr(debug_assertions, ignore = "exhaustive: run with --release")]
fn americana_every_hand_of_five_six_and_seven_matches_the_reference() {
    let deck = americana_deck();
    let (ref5, ref6) = reference_tables(&deck, reference::americana5);
    let c = binomials();
    for size in [5usize, 6, 7] {
        let fives = {
            let mut v = Vec::new();
            for top in 0..7 {
                for_each_with_top(5, top, |s| v.push(s.to_vec()));
            }
            v
        };
        let tally = tally_colex(32, size, |t, s| {
            let cards: Vec<Card> = s.iter().map(|&i| deck[i]).collect();
            let r = match size {
                5 => ref5[colex(&c, s)],
                6 => ref6[colex(&c, s)],
                // Best of the 21 five-card subsets, by definition.
                _ => fives
                    .iter()
                    .map(|sub| {
                        let idx: Vec<usize> = sub.iter().map(|&i| s[i]).collect();
                        ref5[colex(&c, &idx)]
                    })
                    .max()
                    .unwrap(),
            };
            let ours = AmericanaHand::from_cards(&cards).unwrap().rank().unwrap();
            t.add(ours.category(), reference::americana_category_of(r), r, ours.value());
        });
        tally.map.check_increasing();
        if size == 5 {
            // Standard category order: high card, pair, two pair, trips, straight, flush,
            // full house, quads, straight flush.
            assert_eq!(tally.counts, [52020, 107520, 24192, 10752, 5100, 204, 1344, 224, 20]);
        }
        let expected = [201_376u64, 906_192, 3_365_856][size - 5];
        assert_eq!(tally.counts.iter().sum::<u64>(), expected);
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "exhaustive: run with --release")]
fn americana_five_card_hands_without_a_common_card_never_tie() {
    // Hands of different value cannot tie, so it is enough (and exhaustive) to check that all
    // hands sharing one value pairwise share a card.
    let deck = americana_deck();
    let mut by_value: BTreeMap<u32, Vec<u64>> = BTreeMap::new();
    let mut fives = Vec::new();
    for top in 0..32 {
        for_each_with_top(5, top, |s| fives.push(s.to_vec()));
    }
    for s in fives {
        let cards: Vec<Card> = s.iter().map(|&i| deck[i]).collect();
        let v = AmericanaHand::from_cards(&cards).unwrap().rank().unwrap().value();
        let mask = cards.iter().fold(0u64, |m, c| m | 1 << c.index());
        by_value.entry(v).or_default().push(mask);
    }
    let groups: Vec<&Vec<u64>> = by_value.values().collect();
    let disjoint: usize = groups
        .par_iter()
        .map(|g| {
            let mut n = 0;
            for i in 0..g.len() {
                for j in i + 1..g.len() {
                    n += (g[i] & g[j] == 0) as usize;
                }
            }
            n
        })
        .sum();
    assert_eq!(disjoint, 0, "pairs of disjoint five-card hands that tie");
}
