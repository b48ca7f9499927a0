//! The seven-card evaluation rows, and the check that every evaluator ranks the hands alike.
//!
//! The timed loops return the sum of each evaluator's own values, which differ between
//! evaluators (OMPEval's and feltkit's grow with the hand, PokerHandEvaluator's shrink). So the
//! agreement is checked once, before the rounds, on ranks: over all 133,784,560 hands each
//! evaluator's values are counted, and in order of strength the counts of the distinct values
//! must be the same list (4,824 classes occur in seven-card hands); then each of the random
//! hands must get the same class from every evaluator.

use feltkit::eval::standard::rank7_indices;
use feltkit_benches::{enumerate7, feltkit_enumerate, feltkit_random, random_hands, ALL7};

use crate::{Answer, Row, Tool, Unit};

/// The random hands of the second row: as many as `eval-interleaved`'s, from its seed.
pub const RANDOM: usize = 1_000_000;

/// Distinct values in order of strength, weakest first, with how many hands have each.
struct Classes {
    /// (value, hands) pairs, weakest first.
    by_strength: Vec<(u16, u64)>,
}

impl Classes {
    /// From a histogram indexed by value; `larger_is_better` tells the evaluator's order.
    fn new(histogram: &[u64], larger_is_better: bool) -> Classes {
        let mut by_strength: Vec<(u16, u64)> = histogram
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(v, &n)| (v as u16, n))
            .collect();
        if !larger_is_better {
            by_strength.reverse();
        }
        Classes { by_strength }
    }

    /// The class (0 = weakest occurring) of a value, if it occurs.
    fn class(&self, value: u16, larger_is_better: bool) -> Option<usize> {
        let found = if larger_is_better {
            self.by_strength.binary_search_by(|(v, _)| v.cmp(&value))
        } else {
            self.by_strength.binary_search_by(|(v, _)| value.cmp(v))
        };
        found.ok()
    }

    fn counts(&self) -> Vec<u64> {
        self.by_strength.iter().map(|&(_, n)| n).collect()
    }
}

/// feltkit's histogram over all seven-card hands.
fn feltkit_histogram() -> Vec<u64> {
    use feltkit::card::Card;
    use feltkit::eval::standard::Hand;
    let all: Vec<Hand> = Card::all().map(|c| Hand::EMPTY.add(c)).collect();
    let mut counts = vec![0u64; 1 << 16];
    enumerate7(
        Hand::EMPTY,
        &all,
        |p, c| p + c,
        |p, c| {
            counts[usize::from((p + c).rank7().value())] += 1;
        },
    );
    counts
}

/// One evaluator's ranks: name, histogram over all hands, values of the random hands, order.
type Ranks = (&'static str, Vec<u64>, Vec<u16>, bool);

/// Checks that every evaluator compiled in ranks all hands and the random hands alike.
pub fn check(hands: &[u8]) -> Result<String, String> {
    let values: Vec<u16> = hands
        .chunks_exact(7)
        .map(|h| rank7_indices(h.try_into().expect("seven bytes")).value())
        .collect();
    #[allow(unused_mut)]
    let mut all: Vec<Ranks> = vec![("feltkit", feltkit_histogram(), values, true)];
    #[cfg(peer_ompeval)]
    {
        use crate::ffi::ompeval;
        let omp = ompeval::cards(hands);
        all.push(("OMPEval", ompeval::histogram(), ompeval::values(&omp), true));
    }
    #[cfg(peer_phevaluator)]
    {
        use crate::ffi::phevaluator;
        all.push((
            "PokerHandEvaluator",
            phevaluator::histogram(),
            phevaluator::values(hands),
            false,
        ));
    }
    let (name0, hist0, values0, larger0) = &all[0];
    let classes0 = Classes::new(hist0, *larger0);
    let total: u64 = hist0.iter().sum();
    if total != ALL7 {
        return Err(format!("{name0} ranked {total} hands, not {ALL7}"));
    }
    for (name, hist, values, larger) in &all[1..] {
        let classes = Classes::new(hist, *larger);
        if classes.counts() != classes0.counts() {
            let (a, b) = (classes0.counts(), classes.counts());
            let at = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
            return Err(format!(
                "{name} and {name0} disagree over all seven-card hands: {} and {} classes, \
                 first difference at class {at} (weakest = 0)",
                b.len(),
                a.len()
            ));
        }
        for (i, (h, (&v0, &v))) in hands.chunks_exact(7).zip(values0.iter().zip(values)).enumerate()
        {
            if classes0.class(v0, *larger0) != classes.class(v, *larger) {
                let cards = h
                    .iter()
                    .map(|&c| feltkit::card::Card::from_index(c).expect("card").to_string())
                    .collect::<String>();
                return Err(format!("{name} and {name0} rank random hand {i} ({cards}) apart"));
            }
        }
    }
    Ok(format!(
        "{} evaluators agree: the same {} classes over all {ALL7} seven-card hands, with the \
         same counts, and the same class for each of the {} random hands",
        all.len(),
        classes0.by_strength.len(),
        hands.len() / 7
    ))
}

/// The two evaluation rows.
pub fn rows(hands: &'static [u8]) -> Vec<Row> {
    #[allow(unused_mut)]
    let mut enumerate: Vec<Tool> =
        vec![Tool::new("feltkit", move || Ok((ALL7, Answer::Checksum(feltkit_enumerate()))))];
    #[allow(unused_mut)]
    let mut random: Vec<Tool> = vec![Tool::new("feltkit", move || {
        Ok((RANDOM as u64, Answer::Checksum(feltkit_random(hands))))
    })];
    #[cfg(peer_ompeval)]
    {
        use crate::ffi::ompeval;
        let omp: &'static [u8] = Box::leak(ompeval::cards(hands).into_boxed_slice());
        enumerate.push(Tool::new("OMPEval", || Ok((ALL7, Answer::Checksum(ompeval::enumerate())))));
        random.push(Tool::new("OMPEval", move || {
            Ok((RANDOM as u64, Answer::Checksum(ompeval::random(omp))))
        }));
    }
    #[cfg(peer_phevaluator)]
    {
        use crate::ffi::phevaluator;
        enumerate.push(Tool::new("PokerHandEvaluator", || {
            Ok((ALL7, Answer::Checksum(phevaluator::enumerate())))
        }));
        random.push(Tool::new("PokerHandEvaluator", move || {
            Ok((RANDOM as u64, Answer::Checksum(phevaluator::random(hands))))
        }));
    }
    vec![
        Row::new(
            "7-card eval, all 133,784,560 hands in enumeration order",
            Unit::MillionPerSecond,
            enumerate,
        ),
        Row::new("7-card eval, 1,000,000 random hands", Unit::MillionPerSecond, random),
    ]
}

/// The random hands: `eval-interleaved`'s (the same seed), as feltkit card indices.
pub fn random_hands_for_all() -> &'static [u8] {
    Box::leak(random_hands(RANDOM, 7, 0x5eed).into_boxed_slice())
}

#[cfg(test)]
mod tests {
    use super::Classes;

    #[test]
    fn classes_run_weakest_first_whichever_way_values_grow() {
        let histogram = [0, 5, 0, 3, 7];
        let up = Classes::new(&histogram, true);
        assert_eq!(up.counts(), [5, 3, 7]);
        assert_eq!(up.class(4, true), Some(2));
        assert_eq!(up.class(2, true), None);
        let down = Classes::new(&histogram, false);
        assert_eq!(down.counts(), [7, 3, 5]);
        assert_eq!(down.class(4, false), Some(0));
        assert_eq!(down.class(1, false), Some(2));
    }
}
