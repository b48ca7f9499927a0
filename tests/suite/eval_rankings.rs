//! Omaha, the low rankings, badugi and the short deck against the slow references of
//! `feltkit::eval::reference`: exhaustive where the hands are few (every five-card hand for
//! the lows, every four-card badugi hand, every five-card short-deck hand), large seeded random
//! samples otherwise. The slow exhaustive tests run in release builds only.
//!
//! Two evaluators agree on order when the map from reference value to our value is a function
//! (equal stays equal) and strictly increasing (better stays better): [`OrderMap`].

use std::collections::BTreeMap;

use feltkit::card::Card;
use feltkit::eval::reference::{self, games};
use feltkit::eval::{ace_five, badugi, deuce_seven, low, omaha, shortdeck, Category};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

/// Random samples: smaller in debug builds.
const SAMPLES: usize = if cfg!(debug_assertions) { 4_000 } else { 400_000 };

/// Reference value to our value, checked to be a strictly increasing function.
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

    fn check_increasing(&self) -> usize {
        let ours: Vec<u32> = self.0.values().copied().collect();
        for w in ours.windows(2) {
            assert!(w[0] < w[1], "order differs: {} is not below {}", w[0], w[1]);
        }
        self.0.len()
    }
}

/// Every `k`-card hand of `deck`, in parallel by first card, folded into an order map by `f`.
fn every_hand(deck: &[Card], k: usize, f: impl Fn(&mut OrderMap, &[Card]) + Sync) -> OrderMap {
    (0..deck.len())
        .into_par_iter()
        .map(|first| {
            let mut map = OrderMap::default();
            let mut idx: Vec<usize> = (first..first + k).collect();
            if idx[k - 1] >= deck.len() {
                return map;
            }
            loop {
                let hand: Vec<Card> = idx.iter().map(|&i| deck[i]).collect();
                f(&mut map, &hand);
                // Next combination with the first index fixed.
                let mut i = k - 1;
                while i > 0 && idx[i] == deck.len() - k + i {
                    i -= 1;
                }
                if i == 0 {
                    return map;
                }
                idx[i] += 1;
                for j in i + 1..k {
                    idx[j] = idx[j - 1] + 1;
                }
            }
        })
        .reduce(OrderMap::default, OrderMap::merge)
}

/// `n` random deals of `k` distinct cards of `deck` from a fixed seed.
fn random_deals(deck: &[Card], n: usize, k: usize, seed: u64) -> Vec<Vec<Card>> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut deck = deck.to_vec();
    (0..n).map(|_| deck.partial_shuffle(&mut rng, k).0.to_vec()).collect()
}

fn standard_deck() -> Vec<Card> {
    Card::all().collect()
}

fn short_deck() -> Vec<Card> {
    Card::all().filter(|&c| shortdeck::in_deck(c)).collect()
}

/// 0 for no low, else one more than the value: `Option`'s order as a number.
fn low_number<T>(low: Option<T>, value: impl Fn(T) -> u32) -> u32 {
    low.map_or(0, |l| value(l) + 1)
}

fn omaha_samples(hole: usize, board: usize, n: usize, seed: u64) {
    let deals = random_deals(&standard_deck(), n, hole + board, seed);
    let (high, low_map) = deals
        .par_iter()
        .fold(
            || (OrderMap::default(), OrderMap::default()),
            |(mut high, mut lows), d| {
                let (h, b) = d.split_at(hole);
                let ours = omaha::evaluate(h, b).unwrap();
                high.record(games::omaha_high(h, b), ours.value() as u32);
                // And the same value as the standard evaluator gives the best five cards.
                assert_eq!(omaha::rank(h, b), ours);
                let ours_low = low::omaha_low(h, b).unwrap();
                lows.record(
                    low_number(games::omaha_low(h, b), |v| v),
                    low_number(ours_low, |l| l.value()),
                );
                (high, lows)
            },
        )
        .reduce(
            || (OrderMap::default(), OrderMap::default()),
            |a, b| (a.0.merge(b.0), a.1.merge(b.1)),
        );
    high.check_increasing();
    low_map.check_increasing();
}

#[test]
fn omaha_uses_exactly_two_hole_and_three_board_cards_on_random_deals() {
    for (board, seed) in [(3, 0x0a3), (4, 0x0a4), (5, 0x0a5)] {
        omaha_samples(4, board, SAMPLES, seed);
    }
}

#[test]
fn five_and_six_card_omaha_match_the_reference_on_random_deals() {
    // The reference tries 100 (five hole cards) and 150 (six) hands per deal.
    omaha_samples(5, 5, SAMPLES / 2, 0x5a5);
    omaha_samples(6, 5, SAMPLES / 4, 0x6a5);
    omaha_samples(2, 5, SAMPLES, 0x2a5);
}

#[test]
fn omaha_high_is_the_standard_value_of_the_best_two_plus_three() {
    // Hand-checked deals: the value equals the standard value of the named five cards.
    let cards = |s| feltkit::card::parse_cards(s, feltkit::card::Deck::Standard).unwrap();
    let std5 = |s| feltkit::eval::standard::evaluate(&cards(s)).unwrap();
    let cases = [
        ("AhKhQhJh", "Th9h8c7d2s", "QhJhTh9h8c"), // two board hearts: no flush, a straight
        ("AsAd7c2h", "AhAc7d7h2c", "AsAdAhAc7d"), // quads with both hole aces
        ("Tc9c3d3h", "8c7c6c5d4s", "Tc9c8c7c6c"), // straight flush, ten high
        ("KdKs5h5c", "5d5sKcQh2d", "5h5c5d5sKc"), // both hole fives with two on the board
    ];
    for (hole, board, best) in cases {
        assert_eq!(omaha::evaluate(&cards(hole), &cards(board)).unwrap(), std5(best), "{hole}");
    }
}

/// The best standard value of two of `hole` and three of `board`, each five ranked by the
/// five-card evaluator: the Omaha rule written out.
fn best_two_plus_three(hole: &[Card], board: &[Card]) -> u16 {
    let mut best = 0;
    for (i, &a) in hole.iter().enumerate() {
        for &b in &hole[i + 1..] {
            for x in 0..board.len() {
                for y in x + 1..board.len() {
                    for &z in &board[y + 1..] {
                        let five = [a, b, board[x], board[y], z];
                        let v = feltkit::eval::standard::evaluate(&five).unwrap().value();
                        best = best.max(v);
                    }
                }
            }
        }
    }
    best
}

#[test]
fn omaha_without_a_flush_is_right_for_every_rank_pair_on_every_board_of_ranks() {
    // Every multiset of five board ranks (the board's suits round robin in rank order, so no
    // suit has three) with every pair of hole ranks that the deck holds: 2 hole cards, so each
    // deal is one row entry of the evaluator's five-card-board table. Debug builds check one
    // board in eight.
    let stride = if cfg!(debug_assertions) { 8 } else { 1 };
    let mut boards = 0;
    let card = |rank: u8, suit: u8| {
        Card::new(feltkit::card::Rank::new(rank).unwrap(), feltkit::card::Suit::new(suit).unwrap())
    };
    let mut deals = 0;
    for a in 0..13u8 {
        for b in a..13 {
            for c in b..13 {
                for d in c..13 {
                    for e in d..13 {
                        let ranks = [a, b, c, d, e];
                        boards += 1;
                        if ranks.iter().all(|&r| r == a) || boards % stride != 0 {
                            continue;
                        }
                        let board: Vec<Card> =
                            ranks.iter().enumerate().map(|(i, &r)| card(r, i as u8 % 4)).collect();
                        for lo in 0..13u8 {
                            for hi in lo..13 {
                                let mut hole: Vec<Card> = Vec::new();
                                for r in [lo, hi] {
                                    let used =
                                        |s: u8| board.iter().chain(&hole).any(|&x| x == card(r, s));
                                    if let Some(s) = (0..4).find(|&s| !used(s)) {
                                        hole.push(card(r, s));
                                    }
                                }
                                if hole.len() < 2 {
                                    continue; // a fifth card of one rank
                                }
                                let got = omaha::rank(&hole, &board).value();
                                assert_eq!(
                                    got,
                                    best_two_plus_three(&hole, &board),
                                    "{hole:?} {board:?}"
                                );
                                deals += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    // 6,175 boards with 91 pairs each, less the pairs the deck cannot add to them.
    assert!(deals > 6175 / stride * 80, "{deals}");
}

#[test]
fn omaha_flushes_are_right_for_every_suited_hole_pair_and_board_of_that_suit() {
    let card = |rank: u8, suit: u8| {
        Card::new(feltkit::card::Rank::new(rank).unwrap(), feltkit::card::Suit::new(suit).unwrap())
    };
    let mut deals = 0;
    for lo in 0..13u8 {
        for hi in lo + 1..13 {
            // Hole: lo and hi of hearts, and the same ranks in spades (pairs and full houses
            // compete with the flushes).
            let hole = [card(lo, 2), card(hi, 2), card(lo, 3), card(hi, 3)];
            let rest: Vec<u8> = (0..13).filter(|&r| r != lo && r != hi).collect();
            for mask in 0u32..1 << rest.len() {
                let n = mask.count_ones();
                if !(3..=5).contains(&n) {
                    continue;
                }
                // n board hearts, then clubs of the hole ranks up to five cards.
                let mut board: Vec<Card> = (0..rest.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| card(rest[i], 2))
                    .collect();
                board.extend([card(lo, 0), card(hi, 0)].into_iter().take(5 - n as usize));
                let got = omaha::rank(&hole, &board).value();
                assert_eq!(got, best_two_plus_three(&hole, &board), "{hole:?} {board:?}");
                // The same on the flop and turn (the board's first three and four cards).
                for k in [3, 4] {
                    let got = omaha::rank(&hole, &board[..k]).value();
                    assert_eq!(got, best_two_plus_three(&hole, &board[..k]), "{hole:?} {board:?}");
                }
                deals += 1;
            }
        }
    }
    // 78 hole pairs with C(11, 3) + C(11, 4) + C(11, 5) sets of board hearts.
    assert_eq!(deals, 78 * (165 + 330 + 462));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "exhaustive: run with --release")]
fn every_five_card_hand_matches_the_low_references() {
    let deck = standard_deck();
    let map = every_hand(&deck, 5, |m, h| {
        let eight = low::evaluate(h).unwrap();
        assert_eq!(eight, low::best(h));
        let r = games::eight_low5(h);
        assert_eq!(r.is_some(), eight.is_some(), "{h:?}");
        // Three rankings, kept apart in one map by their top bits.
        m.record(1 << 28 | low_number(r, |v| v), 1 << 28 | low_number(eight, |l| l.value()));
        m.record(2 << 28 | games::ace_five5(h), 2 << 28 | ace_five::evaluate(h).unwrap().value());
        m.record(
            3 << 28 | games::deuce_seven5(h),
            3 << 28 | deuce_seven::evaluate(h).unwrap().value(),
        );
    });
    map.check_increasing();
    let count = |tag: u32| map.0.keys().filter(|&&k| k >> 28 == tag).count();
    // Eight-or-better: C(8, 5) = 56 lows and "no low". Ace-to-five: C(13,5) = 1,287 hands
    // without a pair, 13 * C(12,3) = 2,860 one pair, C(13,2) * 11 = 858 two pair, 13 * C(12,2)
    // = 858 three of a kind, 13 * 12 = 156 full houses and 156 quads. Deuce-to-seven: the
    // 7,462 standard classes plus A-5-4-3-2 suited and unsuited as their own classes.
    assert_eq!(count(1), 57);
    assert_eq!(count(2), 1287 + 2860 + 858 + 858 + 156 + 156);
    assert_eq!(count(3), 7462);
}

#[test]
fn random_hands_of_five_to_seven_match_the_low_references() {
    let deck = standard_deck();
    let mut map = OrderMap::default();
    for (k, seed) in [(5, 0x105), (6, 0x106), (7, 0x107)] {
        for h in random_deals(&deck, SAMPLES, k, seed) {
            let eight = low::evaluate(&h).unwrap();
            map.record(
                1 << 28 | low_number(games::eight_low(&h), |v| v),
                1 << 28 | low_number(eight, |l| l.value()),
            );
            let a5 = ace_five::evaluate(&h).unwrap();
            map.record(2 << 28 | games::ace_five(&h), 2 << 28 | a5.value());
        }
    }
    map.check_increasing();
}

#[test]
fn seven_card_razz_hands_with_few_ranks_match_the_reference() {
    // Hands drawn from four or five ranks only, where pairs must play.
    let mut map = OrderMap::default();
    for (ranks, seed) in [(2u8, 0x2), (3, 0x3), (4, 0x4), (5, 0x5)] {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut ids: Vec<u8> = (0..13).collect();
        for _ in 0..SAMPLES / 4 {
            let (chosen, _) = ids.partial_shuffle(&mut rng, ranks as usize);
            let mut deck: Vec<Card> =
                Card::all().filter(|c| chosen.contains(&c.rank().index())).collect();
            let k = 7.min(deck.len());
            let hand = deck.partial_shuffle(&mut rng, k).0.to_vec();
            let ours = ace_five::evaluate(&hand).unwrap();
            map.record(games::ace_five(&hand), ours.value());
        }
    }
    map.check_increasing();
}

#[test]
fn random_badugi_hands_match_the_reference() {
    let mut map = OrderMap::default();
    for h in random_deals(&standard_deck(), 4 * SAMPLES, 4, 0xbad) {
        map.record(games::badugi(&h), badugi::evaluate(&h).unwrap().value());
    }
    map.check_increasing();
}

#[test]
#[cfg_attr(debug_assertions, ignore = "exhaustive: run with --release")]
fn every_four_card_badugi_hand_matches_the_reference() {
    let deck = standard_deck();
    let map = every_hand(&deck, 4, |m, h| {
        m.record(games::badugi(h), badugi::evaluate(h).unwrap().value());
    });
    // Classes: C(13,4) four-card hands, C(13,3) three, C(13,2) two and 13 one-card hands.
    assert_eq!(map.check_increasing(), 715 + 286 + 78 + 13);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "exhaustive: run with --release")]
fn every_five_card_short_deck_hand_matches_the_reference() {
    let deck = short_deck();
    let counts: Vec<std::sync::atomic::AtomicU64> = (0..9).map(|_| Default::default()).collect();
    let map = every_hand(&deck, 5, |m, h| {
        let ours = shortdeck::evaluate(h).unwrap();
        let r = reference::shortdeck5(&h.try_into().unwrap());
        assert_eq!(ours.category(), reference::shortdeck_category_of(r), "{h:?}");
        counts[ours.category() as usize].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        m.record(r, ours.value());
    });
    map.check_increasing();
    let counts: Vec<u64> =
        counts.iter().map(|c| c.load(std::sync::atomic::Ordering::Relaxed)).collect();
    // By hand, standard category order: high card (C(9,5) - 6) * (4^5 - 4); one pair
    // 9 * 6 * C(8,3) * 4^3; two pair C(9,2) * 6^2 * 7 * 4; three of a kind 9 * 4 * C(8,2) * 16;
    // straight 6 * (4^5 - 4); flush 4 * (C(9,5) - 6); full house 9 * 4 * 8 * 6; four of a
    // kind 9 * 8 * 4; straight flush 6 * 4. Sum: C(36,5) = 376,992.
    assert_eq!(counts, [122_400, 193_536, 36_288, 16_128, 6_120, 480, 1_728, 288, 24]);
}

#[test]
fn random_six_and_seven_card_short_deck_hands_match_the_reference() {
    let deck = short_deck();
    let mut map = OrderMap::default();
    for (k, seed) in [(5, 0x5d5), (6, 0x5d6), (7, 0x5d7)] {
        for h in random_deals(&deck, SAMPLES, k, seed) {
            let ours = shortdeck::evaluate(&h).unwrap();
            let r = reference::best_of(&h, reference::shortdeck5);
            assert_eq!(ours.category(), reference::shortdeck_category_of(r), "{h:?}");
            map.record(r, ours.value());
        }
    }
    map.check_increasing();
}

#[test]
fn short_deck_flush_beats_full_house_and_a_6_7_8_9_is_the_lowest_straight() {
    let cards = |s| feltkit::card::parse_cards(s, feltkit::card::Deck::Standard).unwrap();
    let r = |s| shortdeck::evaluate(&cards(s)).unwrap();
    assert!(r("6h7h8h9hJh") > r("AsAhAdKsKh"));
    assert!(r("Ac6d7h8s9c") < r("6c7d8h9sTc"));
    assert!(r("Ac6d7h8s9c") > r("AsAhAdKsQh"));
    assert_eq!(r("Ac6d7h8s9c Kd Qd").category(), Category::Straight);
}

/// The ace-low rank number of `reference::games` (ace 1, king 13) of a rank shown as text.
fn ace_low_number(r: feltkit::card::Rank) -> u32 {
    (r.index() as u32 + 1) % 13 + 1
}

#[test]
fn every_ranking_by_name_orders_hands_as_its_reference_and_names_lows_by_their_ranks() {
    use feltkit::eval::{Class, Ranking};
    let deals = random_deals(&standard_deck(), SAMPLES / 4, 9, 0x7a4b);
    for ranking in Ranking::ALL {
        let mut map = OrderMap::default();
        for d in &deals {
            let (cards, board): (&[Card], Option<&[Card]>) = match ranking {
                Ranking::Omaha | Ranking::EightOrBetter => (&d[..4], Some(&d[4..])),
                Ranking::Badugi => (&d[..4], None),
                Ranking::DeuceSeven => (&d[..5], None),
                _ => (&d[..7], None),
            };
            if ranking == Ranking::Americana && !cards.iter().all(|&c| ranking.deck().contains(c)) {
                continue;
            }
            if ranking == Ranking::ShortDeck && !cards.iter().all(|&c| shortdeck::in_deck(c)) {
                continue;
            }
            let r = ranking.rank(cards, board).unwrap();
            let reference = match ranking {
                Ranking::Standard => reference::best_of(cards, reference::standard5),
                Ranking::Americana => reference::best_of(cards, reference::americana5),
                Ranking::ShortDeck => reference::best_of(cards, reference::shortdeck5),
                Ranking::Omaha => games::omaha_high(cards, board.unwrap()),
                Ranking::EightOrBetter => {
                    low_number(games::omaha_low(cards, board.unwrap()), |v| v)
                }
                Ranking::AceFive => games::ace_five(cards),
                Ranking::DeuceSeven => games::deuce_seven5(cards),
                Ranking::Badugi => games::badugi(cards),
            };
            map.record(reference, r.value);
            // A low's name lists five different ranks, highest first (ace low except in 2-7).
            if let Class::Low(ranks) = r.class {
                let n: Vec<u32> = if ranking == Ranking::DeuceSeven {
                    ranks.iter().map(|r| r.index() as u32).collect()
                } else {
                    ranks.iter().map(|&r| ace_low_number(r)).collect()
                };
                assert!(n.windows(2).all(|w| w[0] > w[1]), "{ranking}: {r}");
            }
            assert_eq!(r.class == Class::NoLow, ranking == Ranking::EightOrBetter && r.value == 0);
        }
        assert!(map.check_increasing() > 1, "{ranking}");
    }
}
