//! Equity of the mixed games (Omaha high and high-low, four, five and six cards; short deck; stud
//! high-low; razz) against direct enumerations written here: every completion of the deal,
//! each hand ranked by trying every five-card choice the game allows, the pot split by the
//! rules (half high, half low eight or better, the high hand scooping without a low, ties
//! splitting each half). Counts are compared as integers.

use feltkit::card::{parse_cards, Card, Deck};
use feltkit::equity::{calculate, Equity, Game, Method, Query};
use feltkit::eval::{shortdeck, standard};

fn cards(s: &str, deck: Deck) -> Vec<Card> {
    parse_cards(s, deck).unwrap()
}

/// Every `k`-subset of `items`.
fn subsets<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    if items.len() < k {
        return Vec::new();
    }
    let mut out = subsets(&items[1..], k);
    for mut rest in subsets(&items[1..], k - 1) {
        rest.insert(0, items[0]);
        out.push(rest);
    }
    out
}

/// Ace-low rank: ace 1, two 2, ..., king 13.
fn ace_low(c: Card) -> u32 {
    (c.rank().index() as u32 + 1) % 13 + 1
}

/// The eight-or-better low of exactly five cards: larger is better, `None` if it does not
/// qualify (a pair, or a card above eight).
fn low5(five: &[Card]) -> Option<u32> {
    let mut r: Vec<u32> = five.iter().map(|&c| ace_low(c)).collect();
    r.sort_unstable_by(|a, b| b.cmp(a));
    r.dedup();
    if r.len() != 5 || r[0] > 8 {
        return None;
    }
    // Highest card first, lower better: invert the packed number.
    Some(0xFFFFF - r.iter().fold(0, |k, &x| k << 4 | x))
}

/// The ace-to-five value of exactly five cards (larger is better).
fn razz5(five: &[Card]) -> u32 {
    let mut counts = [0u32; 14];
    for &c in five {
        counts[ace_low(c) as usize] += 1;
    }
    let mut groups: Vec<(u32, u32)> =
        (1..14).filter(|&r| counts[r] > 0).map(|r| (counts[r], r as u32)).collect();
    // Most repeated first, then the higher rank: compared in this order, lower is better.
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<u32> = groups.iter().map(|g| g.0).collect();
    let category = match shape.as_slice() {
        [1, 1, 1, 1, 1] => 0,
        [2, 1, 1, 1] => 1,
        [2, 2, 1] => 2,
        [3, 1, 1] => 3,
        [3, 2] => 4,
        _ => 5,
    };
    let packed = groups.iter().fold(category, |k, g| k << 4 | g.1);
    let packed = packed << (4 * (5 - groups.len() as u32));
    0xFFF_FFFF - packed
}

/// A player's high and low on one complete deal.
type Rank = (u64, Option<u32>);

/// The whole pot in units: half is 2520, divisible by every count of winners up to 10.
const POT: u64 = 5040;

/// Splits one pot (high half, low half, high scoops without a low), adding units per player.
fn split(ranks: &[Rank], hilo: bool, units: &mut [u64], high: &mut [u64], low: &mut [u64]) {
    let best_hi = ranks.iter().map(|r| r.0).max().unwrap();
    let best_lo = ranks.iter().filter_map(|r| r.1).max();
    let hi_winners = ranks.iter().filter(|r| r.0 == best_hi).count() as u64;
    let (hi_pot, lo_pot) = match (hilo, best_lo) {
        (true, Some(_)) => (POT / 2, POT / 2),
        _ => (POT, 0),
    };
    let lo_winners = ranks.iter().filter(|r| r.1.is_some() && r.1 == best_lo).count() as u64;
    for (p, r) in ranks.iter().enumerate() {
        if r.0 == best_hi {
            units[p] += hi_pot / hi_winners;
            high[p] += hi_pot / hi_winners;
        }
        if lo_pot > 0 && r.1 == best_lo {
            units[p] += lo_pot / lo_winners;
            low[p] += lo_pot / lo_winners;
        }
    }
}

/// The direct enumeration's units per player, high and low units and the number of deals.
struct Oracle {
    units: Vec<u64>,
    high: Vec<u64>,
    low: Vec<u64>,
    deals: u64,
}

/// Board games: every completion of the board from the deck left; `rank` ranks one player's
/// hole cards with five board cards.
fn board_oracle(
    holes: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
    deck: Deck,
    hilo: bool,
    rank: &dyn Fn(&[Card], &[Card]) -> Rank,
) -> Oracle {
    let n = holes.len();
    let used: Vec<Card> = holes.iter().flatten().chain(board).chain(dead).copied().collect();
    let left: Vec<Card> = deck.cards().iter().filter(|c| !used.contains(c)).collect();
    let mut o = Oracle { units: vec![0; n], high: vec![0; n], low: vec![0; n], deals: 0 };
    for more in subsets(&left, 5 - board.len()) {
        let full: Vec<Card> = board.iter().chain(&more).copied().collect();
        let ranks: Vec<Rank> = holes.iter().map(|h| rank(h, &full)).collect();
        split(&ranks, hilo, &mut o.units, &mut o.high, &mut o.low);
        o.deals += 1;
    }
    o
}

/// Omaha: every two hole cards with every three board cards.
fn omaha_rank(hole: &[Card], board: &[Card], hilo: bool) -> Rank {
    let mut best = (0u64, None::<u32>);
    for two in subsets(hole, 2) {
        for three in subsets(board, 3) {
            let five: Vec<Card> = two.iter().chain(&three).copied().collect();
            best.0 = best.0.max(standard::evaluate(&five).unwrap().value() as u64);
            if hilo {
                best.1 = best.1.max(low5(&five));
            }
        }
    }
    best
}

/// Checks the engine's integer counts against the oracle's units.
fn check(e: &Equity, o: &Oracle, hilo: bool) {
    assert_eq!(e.deals, o.deals);
    assert_eq!(e.total, o.deals as u128);
    for (p, pe) in e.players.iter().enumerate() {
        let engine_units = pe.wins * e.unit as u128 + pe.tie_share;
        // Hi-only games count a pot as 2520 units, the oracle as 5040.
        let scale = if hilo { 1 } else { 2 };
        assert_eq!(engine_units * scale, o.units[p] as u128, "player {}", p + 1);
        if hilo {
            let h = pe.hilo.expect("high-low shares");
            let pots = (o.deals * POT) as f64;
            assert!((h.high - o.high[p] as f64 / pots).abs() < 1e-12);
            assert!((h.low - o.low[p] as f64 / pots).abs() < 1e-12);
        } else {
            assert!(pe.hilo.is_none());
        }
    }
}

fn run(game: Game, players: &[&str], board: &str, dead: &str) -> Equity {
    let mut q = Query::new(game, players.iter().copied());
    q.board = board.into();
    q.dead = dead.into();
    let e = calculate(&q).unwrap();
    assert_eq!(e.method, Method::Exhaustive, "{players:?} on {board}: small spots are exact");
    e
}

fn omaha_spot(game: Game, players: &[&str], board: &str, dead: &str) {
    let hilo = game.is_hilo();
    let e = run(game, players, board, dead);
    let holes: Vec<Vec<Card>> = players.iter().map(|p| cards(p, Deck::Standard)).collect();
    let o = board_oracle(
        &holes,
        &cards(board, Deck::Standard),
        &cards(dead, Deck::Standard),
        Deck::Standard,
        hilo,
        &|h, b| omaha_rank(h, b, hilo),
    );
    check(&e, &o, hilo);
}

#[test]
fn omaha_high_uses_exactly_two_hole_cards_on_every_turn_and_river() {
    omaha_spot(Game::Omaha, &["AsAhKsKh", "JdTd9c8c"], "2s7h3d", "");
    omaha_spot(Game::Omaha, &["AcKdQhJs", "9c9d8h7s", "6c5d4h2s"], "Td3c2h", "");
    omaha_spot(Game::Omaha, &["AhKh2c3c", "QhJhTs9s"], "4h5h6d", "7h");
    omaha_spot(Game::Omaha, &["AsKsQdJdTh", "9c9h8c8h7s"], "2c3h4d5s", "");
    // Six hole cards: fifteen pairs each, four hearts in one hand and one on the board.
    omaha_spot(Game::Omaha6, &["AhKhQhJh2c3d", "9c9s8d8s7c6d"], "Th4s5c", "");
    omaha_spot(Game::Omaha6, &["AsAdKcQcJd2h", "TsTh9h8c7d6s", "5s5d4c4h3s2c"], "Kd8h3h9d", "");
    // A river board is settled by the prepared hands of the preflop and Monte Carlo paths (all
    // fifteen pairs of six cards, the last ones deciding here).
    omaha_spot(Game::Omaha6, &["2c3d4h5sKhKd", "AsAhQdJdTc9c"], "KsKc7h8d2d", "");
    omaha_spot(Game::Omaha6, &["2c3d4h5s9h9d", "AsAhQdJdTc7c"], "9s9c7h8d2d", "");
}

#[test]
fn omaha_high_low_splits_the_pot_half_high_half_low() {
    // A made low on the flop: the low half is always there.
    omaha_spot(Game::Omaha8, &["AsAh2s3h", "JdTd9c8c"], "2c7h4d", "");
    // Two low draws that can tie, three players, one card to come.
    omaha_spot(Game::Omaha8, &["Ac2c5d9h", "As2d4c8s", "KhKdQcQs"], "6h7c3dJs", "");
    // Counterfeits, ties and boards with no low, with dead cards.
    omaha_spot(Game::Omaha8, &["Ad2h3hKd", "Ac2s3cQs"], "4d8hTc", "5s");
    // Five hole cards.
    omaha_spot(Game::Omaha85, &["Ad2h3hKdQd", "Ac4s5cJsJc"], "6d8hTc", "");
    // Six hole cards, with a dead card.
    omaha_spot(Game::Omaha68, &["Ad2h3hKdQdJs", "Ac4s5cJc9h9d"], "6d8hTc", "7s");
    omaha_spot(Game::Omaha68, &["KdQdJs9c6h7c", "Kc4s5cJc9h9d", "AsAh2s2d3c3d"], "6d8hTc5d4d", "");
}

#[test]
fn short_deck_hold_em_ranks_with_its_own_evaluator() {
    let spots: [(&[&str], &str); 3] = [
        (&["AsKs", "QhQd"], "6c7d8h"),
        (&["AhTh", "9c9d", "JsTs"], "6h7h8s"),
        (&["Ac6c", "KdKh"], "7c8c9dJd"),
    ];
    for (players, board) in spots {
        let e = run(Game::ShortDeck, players, board, "");
        let holes: Vec<Vec<Card>> = players.iter().map(|p| cards(p, Deck::ShortDeck)).collect();
        let o = board_oracle(
            &holes,
            &cards(board, Deck::ShortDeck),
            &[],
            Deck::ShortDeck,
            false,
            &|h, b| {
                let seven: Vec<Card> = h.iter().chain(b).copied().collect();
                (shortdeck::evaluate(&seven).unwrap().value() as u64, None)
            },
        );
        check(&e, &o, false);
    }
}

/// Stud games: every way to give each player the cards missing to seven.
fn stud_oracle(known: &[Vec<Card>], hilo: bool, rank: &dyn Fn(&[Card]) -> Rank) -> Oracle {
    let n = known.len();
    let used: Vec<Card> = known.iter().flatten().copied().collect();
    let left: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
    let mut o = Oracle { units: vec![0; n], high: vec![0; n], low: vec![0; n], deals: 0 };
    let mut hands: Vec<Vec<Card>> = known.to_vec();
    fn deal(
        p: usize,
        left: &[Card],
        hands: &mut Vec<Vec<Card>>,
        hilo: bool,
        rank: &dyn Fn(&[Card]) -> Rank,
        o: &mut Oracle,
    ) {
        if p == hands.len() {
            let ranks: Vec<Rank> = hands.iter().map(|h| rank(h)).collect();
            split(&ranks, hilo, &mut o.units, &mut o.high, &mut o.low);
            o.deals += 1;
            return;
        }
        let need = 7 - hands[p].len();
        for more in subsets(left, need) {
            let rest: Vec<Card> = left.iter().filter(|c| !more.contains(c)).copied().collect();
            let before = hands[p].len();
            hands[p].extend(&more);
            deal(p + 1, &rest, hands, hilo, rank, o);
            hands[p].truncate(before);
        }
    }
    deal(0, &left, &mut hands, hilo, rank, &mut o);
    o
}

/// The best high hand of `seven` by the standard evaluator, and its best qualifying low, each
/// taken over all 21 five-card subsets: the naive oracle of stud high-low.
fn best_high_and_low(seven: &[Card]) -> Rank {
    let mut best = (0u64, None::<u32>);
    for five in subsets(seven, 5) {
        best.0 = best.0.max(standard::evaluate(&five).unwrap().value() as u64);
        best.1 = best.1.max(low5(&five));
    }
    best
}

/// The best ace-to-five low of `seven` over all 21 five-card subsets: the naive oracle of razz.
fn best_razz(seven: &[Card]) -> Rank {
    let best = subsets(seven, 5).iter().map(|f| razz5(f)).max().unwrap();
    (best as u64, None)
}

#[test]
fn stud_high_low_takes_the_best_five_for_each_half() {
    for players in [["Ah2d3c4s5hKc", "KdKhKs9s9c8d"], ["Ah2d3c9s9hQc", "As4d5c6h8hJd"]] {
        let e = run(Game::Stud8, &players, "", "");
        let known: Vec<Vec<Card>> = players.iter().map(|p| cards(p, Deck::Standard)).collect();
        let o = stud_oracle(&known, true, &best_high_and_low);
        check(&e, &o, true);
    }
}

#[test]
fn razz_gives_the_pot_to_the_lowest_ace_to_five_hand() {
    for players in [["Ah2d3cKsQh6c", "4c5d7h8s9dTc"], ["AhAd2c2s3h4h", "4c4d5h5s6d7d"]] {
        let e = run(Game::Razz, &players, "", "");
        let known: Vec<Vec<Card>> = players.iter().map(|p| cards(p, Deck::Standard)).collect();
        let o = stud_oracle(&known, false, &best_razz);
        check(&e, &o, false);
    }
}

#[test]
fn stud_high_low_and_razz_three_handed_match_every_deal() {
    let players = ["Ah2d3c5s9dKs", "9s9h2cTd8cQh", "4c5d7h8s6dAd"];
    let known: Vec<Vec<Card>> = players.iter().map(|p| cards(p, Deck::Standard)).collect();
    let e = run(Game::Stud8, &players, "", "");
    let o = stud_oracle(&known, true, &best_high_and_low);
    check(&e, &o, true);
    let e = run(Game::Razz, &players, "", "");
    let o = stud_oracle(&known, false, &best_razz);
    check(&e, &o, false);
}

/// AsAhKsKh against JdTd9c8c before the flop, a matchup often quoted: the exhaustive engine's
/// counts over all 1,086,008 boards, pinned; checked against a direct enumeration of every
/// 541st board (an independent estimate) and against Monte Carlo.
#[test]
fn aces_and_kings_double_suited_against_jack_ten_nine_eight_preflop() {
    let players = ["AsAhKsKh", "JdTd9c8c"];
    let e = run(Game::Omaha, &players, "", "");
    assert_eq!(e.deals, 1_086_008);
    let exact = e.players[0].equity;
    // Direct enumeration of a fixed sample of boards.
    let holes: Vec<Vec<Card>> = players.iter().map(|p| cards(p, Deck::Standard)).collect();
    let used: Vec<Card> = holes.iter().flatten().copied().collect();
    let left: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
    let (mut units, mut boards) = (0u64, 0u64);
    for (i, board) in subsets(&left, 5).into_iter().enumerate() {
        if i % 541 != 0 {
            continue;
        }
        let ranks: Vec<Rank> = holes.iter().map(|h| omaha_rank(h, &board, false)).collect();
        let (mut u, mut h, mut l) = (vec![0; 2], vec![0; 2], vec![0; 2]);
        split(&ranks, false, &mut u, &mut h, &mut l);
        units += u[0];
        boards += 1;
    }
    let sample = units as f64 / (boards * POT) as f64;
    let se = (exact * (1.0 - exact) / boards as f64).sqrt();
    assert!((sample - exact).abs() < 4.0 * se, "sample {sample} vs exact {exact}");
    // Monte Carlo, an engine of its own.
    let mut q = Query::new(Game::Omaha, players);
    q.method = Method::MonteCarlo;
    q.iterations = Some(200_000);
    let mc = calculate(&q).unwrap();
    let se = mc.players[0].stderr.unwrap();
    assert!((mc.players[0].equity - exact).abs() < 5.0 * se, "{} vs {exact}", mc.players[0].equity);
    // The pinned counts (the three computations above agree with them).
    assert_eq!((e.players[0].wins, e.players[1].wins, e.players[0].ties), PINNED);
}

/// Wins of each player and ties, AsAhKsKh vs JdTd9c8c preflop, from the exhaustive engine.
const PINNED: (u128, u128, u128) = (667_649, 418_273, 86);

#[test]
fn monte_carlo_is_the_same_on_any_thread_count() {
    for (game, players) in [
        (Game::Omaha8, ["AsAh2s3h", "random"]),
        (Game::Omaha, ["AAKKds", "JT98"]),
        (Game::Razz, ["Ah2d3c", "4c5d6h"]),
        (Game::Omaha, ["AsAhKsKh", "JdTd9c8c"]),
        (Game::Omaha85, ["AsAh2s3hKd", "JdTd9c8c7h"]),
        (Game::Omaha6, ["AAKK**ds", "random"]),
    ] {
        let mut q = Query::new(game, players);
        q.method = Method::MonteCarlo;
        q.iterations = Some(50_000);
        q.seed = 9;
        let run = |threads| {
            let opts = feltkit::equity::Options { threads: Some(threads), progress: None };
            feltkit::equity::calculate_with(&q, &opts).unwrap()
        };
        assert_eq!(run(1), run(3), "{game}");
    }
}

/// A range on the flop: the engine's counts are the sum, over every hand of the range that
/// shares no card, of that matchup's direct enumeration. The range's hands are listed here from
/// their definition (two aces, two kings, two suits with two cards each).
#[test]
fn a_double_suited_range_counts_every_hand_it_holds() {
    let board = "Ks7h2d";
    let villain = "JdTd9c8c";
    let e = run(Game::Omaha8, &["AAKKds", villain], board, "");
    let used: Vec<Card> = [cards(board, Deck::Standard), cards(villain, Deck::Standard)].concat();
    let left: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
    let mut total = Oracle { units: vec![0; 2], high: vec![0; 2], low: vec![0; 2], deals: 0 };
    let mut hands = 0;
    for hand in subsets(&left, 4) {
        let mut ranks: Vec<char> = hand.iter().map(|c| c.rank().to_char()).collect();
        ranks.sort_unstable();
        let mut suits = [0; 4];
        for c in &hand {
            suits[c.suit().index() as usize] += 1;
        }
        let double = suits.iter().filter(|&&n| n == 2).count() == 2;
        if ranks != ['A', 'A', 'K', 'K'] || !double {
            continue;
        }
        hands += 1;
        let holes = vec![hand.clone(), cards(villain, Deck::Standard)];
        let o = board_oracle(
            &holes,
            &cards(board, Deck::Standard),
            &[],
            Deck::Standard,
            true,
            &|h, b| omaha_rank(h, b, true),
        );
        for p in 0..2 {
            total.units[p] += o.units[p];
            total.high[p] += o.high[p];
            total.low[p] += o.low[p];
        }
        total.deals += o.deals;
    }
    // The king of spades is on the board: the kings' suits leave three of the six hands.
    assert_eq!(hands, 3);
    check(&e, &total, true);
}

/// Monte Carlo with ranges (hands drawn from a list, whole deals redrawn on a clash) and with
/// `random` players (dealt from the deck) lands within five standard errors of the exact
/// answer, in a high game and a high-low one.
#[test]
fn monte_carlo_with_ranges_and_random_players_agrees_with_exhaustive() {
    let spots: [(Game, [&str; 2], &str); 4] = [
        (Game::Omaha, ["AAKKds", "JT98ss"], "Ks7h2d"),
        (Game::Omaha8, ["A2**ds", "KdKcQdJc"], "3c7h8d"),
        (Game::Omaha, ["AsAhKsKh", "random"], "2c7h3d9sTd"),
        (Game::Omaha68, ["A2****", "KdKcQdJcTc9c"], "3c7h8d5s"),
    ];
    for (game, players, board) in spots {
        let mut q = Query::new(game, players);
        q.board = board.into();
        q.method = Method::Exhaustive;
        let exact = calculate(&q).unwrap();
        q.method = Method::MonteCarlo;
        q.iterations = Some(100_000);
        q.seed = 5;
        let mc = calculate(&q).unwrap();
        for (x, m) in exact.players.iter().zip(&mc.players) {
            let se = m.stderr.unwrap();
            assert!(
                (x.equity - m.equity).abs() < 5.0 * se,
                "{players:?}: {} vs {}",
                x.equity,
                m.equity
            );
        }
    }
}

/// Omaha range errors name the player, the token and the character, and say what to write.
#[test]
fn omaha_range_errors_point_at_the_character() {
    let error =
        |players: [&str; 2]| calculate(&Query::new(Game::Omaha, players)).unwrap_err().to_string();
    assert_eq!(
        error(["AAKK+", "JJ"]),
        "player 1 (\"AAKK+\"): range token 1 (\"AAKK+\", column 1): '+' at column 5: spans \
         such as AA+ or KK-TT are hold'em notation; list the Omaha hands with commas (AA**,KK**)"
    );
    assert_eq!(
        error(["AAKKds", "QQ,JJT9?"]),
        "player 2 (\"QQ,JJT9?\"): range token 2 (\"JJT9?\", column 4): '?' at column 8 is not a \
         rank, a card or a wildcard: expected a rank (A, K, ..., 2), a card (As) or * (any card)"
    );
    assert_eq!(
        error(["AsKh", "JJ"]),
        "player 1 (\"AsKh\"): 2 cards, expected 4 (or a range such as AAKKds; 5 each for \
         five-card Omaha)"
    );
    assert_eq!(
        error(["AsAhKsKh", "JdTd9c8c7c"]),
        "player 2 (\"JdTd9c8c7c\"): 5 cards, expected 4, as player 1's hand (Omaha: every hand \
         the same size)"
    );
}
