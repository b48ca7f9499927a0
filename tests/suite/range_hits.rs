//! Hit analysis checked against direct enumeration: for each board, every one of the 1,326
//! combos is classified by a slow, plain classifier written here from the definitions in
//! docs/range.md (best five cards by trying every five-card subset; draws by trying every card,
//! or every two cards, still to come), and both the per-combo answers and the totals must agree
//! with `feltkit::range::hits::analyze`.

use feltkit::card::{parse_cards, Card, Deck};
use feltkit::eval::Category;
use feltkit::range::hits::{analyze, Draw, Made};
use feltkit::range::Range;

/// A card as (rank 0 = deuce .. 12 = ace, suit 0..3).
type C = (u8, u8);

fn cards(text: &str) -> Vec<C> {
    parse_cards(text, Deck::Standard)
        .unwrap()
        .iter()
        .map(|c| (c.rank().index(), c.suit().index()))
        .collect()
}

/// The five ranks of a straight as a set, or None: five distinct consecutive ranks, or A2345.
fn straight_top(ranks: &[u8]) -> Option<u8> {
    let mut r = ranks.to_vec();
    r.sort_unstable();
    r.dedup();
    if r.len() != 5 {
        return None;
    }
    if r[4] - r[0] == 4 {
        Some(r[4])
    } else if r == [0, 1, 2, 3, 12] {
        Some(3)
    } else {
        None
    }
}

/// A five-card hand's value: its category (0 = high card .. 8 = straight flush) and its
/// tie-break ranks.
type Value = (u8, Vec<u8>);

/// A five-card hand's value.
fn rank5(hand: &[C]) -> Value {
    let ranks: Vec<u8> = hand.iter().map(|c| c.0).collect();
    let flush = hand.iter().all(|c| c.1 == hand[0].1);
    let straight = straight_top(&ranks);
    let mut groups: Vec<(usize, u8)> = (0..13u8)
        .map(|r| (ranks.iter().filter(|x| **x == r).count(), r))
        .filter(|g| g.0 > 0)
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let tie: Vec<u8> = groups.iter().map(|g| g.1).collect();
    let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
    match (straight, flush, shape.as_slice()) {
        (Some(top), true, _) => (8, vec![top]),
        (_, _, [4, 1]) => (7, tie),
        (_, _, [3, 2]) => (6, tie),
        (_, true, _) => (5, tie),
        (Some(top), _, _) => (4, vec![top]),
        (_, _, [3, 1, 1]) => (3, tie),
        (_, _, [2, 2, 1]) => (2, tie),
        (_, _, [2, 1, 1, 1]) => (1, tie),
        _ => (0, tie),
    }
}

/// The best five of the cards: its value and the five cards.
fn best(all: &[C]) -> (Value, Vec<C>) {
    let n = all.len();
    let mut top: Option<(Value, Vec<C>)> = None;
    for mask in 0u32..1 << n {
        if mask.count_ones() != 5 {
            continue;
        }
        let five: Vec<C> = (0..n).filter(|i| mask >> i & 1 == 1).map(|i| all[i]).collect();
        let v = rank5(&five);
        if top.as_ref().is_none_or(|t| v > t.0) {
            top = Some((v, five));
        }
    }
    top.unwrap()
}

const CATEGORIES: [Category; 9] = Category::ALL;

/// The made hand of `hole` on `board`, from the definitions.
fn made(hole: &[C], board: &[C]) -> (Category, Made) {
    let all: Vec<C> = hole.iter().chain(board).copied().collect();
    let ((cat, tie), five) = best(&all);
    let in_hole = |r: u8| hole.iter().filter(|c| c.0 == r).count();
    let mut board_ranks: Vec<u8> = board.iter().map(|c| c.0).collect();
    board_ranks.sort_unstable_by(|a, b| b.cmp(a));
    board_ranks.dedup();
    let made = match cat {
        8 => Made::StraightFlush,
        7 => Made::FourOfAKind,
        6 => Made::FullHouse,
        5 => {
            let suit = five[0].1;
            let nut = (0..13u8).rev().find(|r| !board.contains(&(*r, suit))).unwrap();
            let plays = five.contains(&(nut, suit)) && hole.contains(&(nut, suit));
            if plays {
                Made::NutFlush
            } else {
                Made::Flush
            }
        }
        4 => Made::Straight,
        3 => match in_hole(tie[0]) {
            2 => Made::Set,
            1 => Made::Trips,
            _ => Made::BoardTrips,
        },
        2 => {
            let (h, l) = (tie[0], tie[1]);
            match (in_hole(h), in_hole(l)) {
                (1, 1) if h == board_ranks[0] && l == board_ranks[1] => Made::TopTwo,
                (1, 1) if h == board_ranks[0] => Made::TopAndBottom,
                (1, 1) => Made::BottomTwo,
                (2, 0) | (0, 2) => Made::PocketPairPlusBoardPair,
                (0, 0) => Made::BoardTwoPair,
                _ => Made::PairPlusBoardPair,
            }
        }
        1 => {
            let p = tie[0];
            let last = *board_ranks.last().unwrap();
            match in_hole(p) {
                0 => Made::BoardPair,
                2 if p > board_ranks[0] => Made::Overpair,
                2 if p < last => Made::Underpair,
                2 => Made::PocketPairBetween,
                _ if p == board_ranks[0] => {
                    let kicker = hole.iter().find(|c| c.0 != p).unwrap().0;
                    let kickers: Vec<u8> =
                        (0..13u8).rev().filter(|r| !board_ranks.contains(r)).collect();
                    match kickers.iter().position(|k| *k == kicker).unwrap() {
                        0 => Made::TopPairTopKicker,
                        1 | 2 => Made::TopPairGoodKicker,
                        _ => Made::TopPairWeakKicker,
                    }
                }
                _ if p == board_ranks[1] => Made::SecondPair,
                _ if p == last => Made::BottomPair,
                _ => Made::ThirdPair,
            }
        }
        _ => Made::HighCard,
    };
    (CATEGORIES[cat as usize], made)
}

/// Whether the cards hold five of one suit that include a hole card.
fn hero_flush(hole: &[C], rest: &[C]) -> Option<u8> {
    (0..4u8).find(|s| {
        hole.iter().any(|c| c.1 == *s) && hole.iter().chain(rest).filter(|c| c.1 == *s).count() >= 5
    })
}

/// Whether the ranks hold a straight that the board ranks plus `new` alone do not.
fn hero_straight(hole: &[C], board: &[C], new: &[u8]) -> bool {
    let have: Vec<u8> = hole.iter().chain(board).map(|c| c.0).chain(new.iter().copied()).collect();
    let without: Vec<u8> = board.iter().map(|c| c.0).chain(new.iter().copied()).collect();
    // Every five-rank window: A2345 and 23456 up to TJQKA.
    (0..10u8).any(|low| {
        let window: Vec<u8> = (0..5).map(|i| if low + i == 0 { 12 } else { low + i - 1 }).collect();
        window.iter().all(|r| have.contains(r)) && !window.iter().all(|r| without.contains(r))
    })
}

/// The draws of `hole` on `board` from the definitions: the cards still to come, tried.
fn draws(hole: &[C], board: &[C], cat: Category) -> Vec<Draw> {
    let mut out = Vec::new();
    if board.len() == 5 {
        return out;
    }
    let seen: Vec<C> = hole.iter().chain(board).copied().collect();
    let unseen: Vec<C> = (0..13u8)
        .flat_map(|r| (0..4u8).map(move |s| (r, s)))
        .filter(|c| !seen.contains(c))
        .collect();
    if cat < Category::Flush {
        let suits: Vec<u8> = unseen
            .iter()
            .filter_map(|c| {
                let rest: Vec<C> = board.iter().copied().chain([*c]).collect();
                hero_flush(hole, &rest)
            })
            .collect();
        if let Some(&suit) = suits.first() {
            out.push(Draw::FlushDraw);
            let nut = (0..13u8).rev().find(|r| !board.contains(&(*r, suit))).unwrap();
            if hole.contains(&(nut, suit)) {
                out.push(Draw::NutFlushDraw);
            }
        }
    }
    let mut straight_ranks = 0;
    let mut backdoor_straight = false;
    if cat < Category::Straight {
        for x in 0..13u8 {
            if unseen.iter().any(|c| c.0 == x) && hero_straight(hole, board, &[x]) {
                straight_ranks += 1;
            }
        }
        if straight_ranks >= 2 {
            out.push(Draw::OpenEnded);
        } else if straight_ranks == 1 {
            out.push(Draw::Gutshot);
        }
        for x in 0..13u8 {
            for y in 0..13u8 {
                backdoor_straight |= x != y && hero_straight(hole, board, &[x, y]);
            }
        }
    }
    if out.contains(&Draw::FlushDraw) && straight_ranks > 0 {
        out.push(Draw::ComboDraw);
    }
    if board.len() == 3 && cat < Category::Flush && !out.contains(&Draw::FlushDraw) {
        let mut found = false;
        for (i, a) in unseen.iter().enumerate() {
            for b in &unseen[..i] {
                let rest: Vec<C> = board.iter().copied().chain([*a, *b]).collect();
                found |= hero_flush(hole, &rest).is_some();
            }
        }
        if found {
            out.push(Draw::BackdoorFlushDraw);
        }
    }
    if board.len() == 3 && cat < Category::Straight && straight_ranks == 0 && backdoor_straight {
        out.push(Draw::BackdoorStraightDraw);
    }
    let top = board.iter().map(|c| c.0).max().unwrap();
    if cat == Category::HighCard && hole.iter().all(|c| c.0 > top) {
        out.push(Draw::Overcards);
    }
    out.sort();
    out
}

/// Compares the analysis of the whole deck on `board` with the plain classifier, combo by
/// combo and in the totals.
fn check_board(board_text: &str) {
    let board_cards = parse_cards(board_text, Deck::Standard).unwrap();
    let a = analyze(&Range::random(), &board_cards, &[]).unwrap();
    let board = cards(board_text);
    let left = 52 - board.len();
    assert_eq!(a.combos.len(), left * (left - 1) / 2, "{board_text}");
    let mut made_counts = [0u64; 26];
    let mut category_counts = [0u64; 9];
    let mut draw_counts = [0u64; 8];
    for ch in &a.combos {
        let hole: Vec<C> =
            ch.combo.cards().iter().map(|c: &Card| (c.rank().index(), c.suit().index())).collect();
        let (cat, m) = made(&hole, &board);
        let d = draws(&hole, &board, cat);
        let got: Vec<Draw> = ch.hit.draws.iter().collect();
        assert_eq!(
            (ch.hit.category, ch.hit.made, got),
            (cat, m, d.clone()),
            "{} on {board_text}",
            ch.combo
        );
        made_counts[m as usize] += 1000;
        category_counts[cat as usize] += 1000;
        for x in d {
            draw_counts[x as usize] += 1000;
        }
    }
    assert_eq!(a.made, made_counts, "{board_text}");
    assert_eq!(a.categories, category_counts, "{board_text}");
    assert_eq!(a.draws, draw_counts, "{board_text}");
    assert_eq!(a.total, 1000 * a.combos.len() as u64);
}

#[test]
fn hits_on_a_dry_flop_match_direct_enumeration() {
    check_board("Ks7d2c");
}

#[test]
fn hits_on_a_paired_flop_match_direct_enumeration() {
    check_board("8s8d3h");
}

#[test]
fn hits_on_a_monotone_flop_match_direct_enumeration() {
    check_board("Ah9h4h");
}

#[test]
fn hits_on_connected_and_wheel_flops_match_direct_enumeration() {
    check_board("JhTh8c");
    check_board("As4d3c");
    check_board("QsJsTs");
    check_board("7s7d7h");
}

#[test]
fn hits_on_a_four_straight_turn_match_direct_enumeration() {
    check_board("9c8d7h6s");
    check_board("KhQh5c2h");
}

#[test]
fn hits_on_rivers_match_direct_enumeration() {
    check_board("AcKd7h7s2c");
    check_board("AhKh9h5h2h");
    check_board("QdQcJh5s5c");
    check_board("Ts9s8d7c2h");
}

#[test]
fn hand_counts_on_a_dry_flop_are_the_known_numbers() {
    // On Ks7d2c, counted by hand: sets 3 x 3 = 9 (KK, 77, 22), overpair AA 6; top pair
    // with an ace 3 x 4 = 12 (AK, 12 combos: 3 kings times 4 aces).
    let board = parse_cards("Ks7d2c", Deck::Standard).unwrap();
    let a = analyze(&Range::random(), &board, &[]).unwrap();
    assert_eq!(a.made_weight(Made::Set), 9_000);
    assert_eq!(a.made_weight(Made::Overpair), 6_000);
    assert_eq!(a.made_weight(Made::TopPairTopKicker), 12_000);
    // Top two pair K7: 3 x 3.
    assert_eq!(a.made_weight(Made::TopTwo), 9_000);
    // Dead cards remove combos: with the As dead, AK top pair loses 3 combos.
    let dead = parse_cards("As", Deck::Standard).unwrap();
    let a = analyze(&Range::random(), &board, &dead).unwrap();
    assert_eq!(a.made_weight(Made::TopPairTopKicker), 9_000);
    assert_eq!(a.combos.len(), 48 * 47 / 2);
}
