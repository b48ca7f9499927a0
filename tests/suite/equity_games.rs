//! Stud, Americana and turnover equity against naive oracles and against hold'em.

use feltkit::card::{parse_cards, Card};
use feltkit::equity::{calculate, Game, Method, Query, TIE_UNIT};
use feltkit::eval::reference;

/// Exact equity numerators (TIE_UNIT per pot) and the deal count, by naive enumeration: each
/// player in turn gets every subset of the cards left, then (stud7, if the deck is short) one
/// community card, and hands are ranked with the slow reference evaluator.
fn stud_oracle(game: Game, players: &[&str], dead: &str) -> (Vec<u128>, u128) {
    let deck_kind = game.deck();
    let size = if game == Game::Americana { 5 } else { 7 };
    let known: Vec<Vec<Card>> =
        players.iter().map(|p| parse_cards(p, deck_kind).unwrap()).collect();
    let dead = parse_cards(dead, deck_kind).unwrap();
    let used: Vec<Card> = known.iter().flatten().chain(&dead).copied().collect();
    let deck: Vec<Card> = deck_kind.cards().iter().filter(|c| !used.contains(c)).collect();
    let mut need: Vec<usize> = known.iter().map(|k| size - k.len()).collect();
    let community = need.iter().sum::<usize>() > deck.len();
    if community {
        need.iter_mut().for_each(|n| *n -= 1);
    }
    let mut units = vec![0u128; players.len()];
    let mut total = 0u128;
    let mut hands = known.clone();
    deal(&deck, &need, 0, &mut hands, &mut |hands, left| {
        let commons: Vec<Option<Card>> =
            if community { left.iter().map(|c| Some(*c)).collect() } else { vec![None] };
        for common in commons {
            let ranks: Vec<u32> = hands
                .iter()
                .map(|h| {
                    let mut h = h.clone();
                    h.extend(common);
                    if game == Game::Americana {
                        reference::americana5(&[h[0], h[1], h[2], h[3], h[4]])
                    } else {
                        reference::best_of(&h, reference::standard5)
                    }
                })
                .collect();
            let best = *ranks.iter().max().unwrap();
            let k = ranks.iter().filter(|r| **r == best).count() as u128;
            for (i, r) in ranks.iter().enumerate() {
                if *r == best {
                    units[i] += TIE_UNIT as u128 / k;
                }
            }
            total += 1;
        }
    });
    (units, total)
}

/// Called with every player's cards and the cards left in the deck.
type Visit<'a> = dyn FnMut(&[Vec<Card>], &[Card]) + 'a;

fn deal(deck: &[Card], need: &[usize], p: usize, hands: &mut Vec<Vec<Card>>, f: &mut Visit<'_>) {
    if p == need.len() {
        f(hands, deck);
        return;
    }
    subsets(deck, need[p], &mut Vec::new(), &mut |pick| {
        let rest: Vec<Card> = deck.iter().filter(|c| !pick.contains(c)).copied().collect();
        let before = hands[p].len();
        hands[p].extend_from_slice(pick);
        deal(&rest, need, p + 1, hands, f);
        hands[p].truncate(before);
    });
}

fn subsets(deck: &[Card], k: usize, acc: &mut Vec<Card>, f: &mut dyn FnMut(&[Card])) {
    if k == 0 {
        f(acc);
        return;
    }
    for i in (k - 1)..deck.len() {
        acc.push(deck[i]);
        subsets(&deck[..i], k - 1, acc, f);
        acc.pop();
    }
}

fn exhaustive(game: Game, players: &[&str], board: &str, dead: &str) -> feltkit::equity::Equity {
    let mut q = Query::new(game, players.iter().copied());
    q.board = board.into();
    q.dead = dead.into();
    q.method = Method::Exhaustive;
    calculate(&q).unwrap()
}

fn check_stud(game: Game, players: &[&str], dead: &str) {
    let e = exhaustive(game, players, "", dead);
    let (units, total) = stud_oracle(game, players, dead);
    assert_eq!(e.total, total, "{players:?}");
    for (p, want) in e.players.iter().zip(units) {
        assert_eq!(p.wins * TIE_UNIT as u128 + p.tie_share, want, "{players:?}: {}", p.spec);
    }
}

#[test]
fn stud7_matches_the_reference_oracle() {
    check_stud(Game::Stud7, &["AhKd7c5s5dQc", "9s9h2cTd8c3s"], "4h5h");
    check_stud(Game::Stud7, &["AhKd7c5s5dQc", "9s9h2cTd8c3s", "2h2s3h4h6h7h"], "");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "exhaustive: run with --release")]
fn every_stud_fixture_row_matches_the_reference_oracle() {
    let text = include_str!("../data/equity_fixtures.txt");
    let mut n = 0;
    for line in text.lines().filter(|l| l.starts_with("stud7") || l.starts_with("americana")) {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let players: Vec<&str> = f[1].split(';').collect();
        check_stud(f[0].parse().unwrap(), &players, f[3]);
        n += 1;
    }
    assert!(n >= 4);
}

#[test]
fn stud7_deals_a_community_card_when_the_deck_runs_short() {
    // Eight players with six cards each and two dead cards leave two cards for eight players.
    let players = [
        "2c2d2h3c3d3h",
        "4c4d4h5c5d5h",
        "6c6d6h7c7d7h",
        "8c8d8h9c9d9h",
        "TcTdThJcJdJh",
        "QcQdQhKcKdKh",
        "AcAdAh2s3s4s",
        "5s6s7s8s9sTs",
    ];
    let e = exhaustive(Game::Stud7, &players, "", "JsQs");
    assert_eq!(e.deals, 2, "one community card, two possible");
    check_stud(Game::Stud7, &players, "JsQs");
}

#[test]
fn americana_matches_the_reference_oracle_and_never_ties_without_shared_cards() {
    check_stud(Game::Americana, &["AhKdQs7c", "9s9hJcTd"], "");
    check_stud(Game::Americana, &["AhKdQs7c", "9s9hJcTd", "7s8sQh"], "KsKc");
    let e = exhaustive(Game::Americana, &["AhKdQs7c", "9s9hJcTd"], "", "");
    assert!(e.players.iter().all(|p| p.ties == 0));
}

#[test]
fn americana_rejects_cards_outside_the_32_card_deck() {
    let q = Query::new(Game::Americana, ["Ah6d", "9s9h"]);
    let err = calculate(&q).unwrap_err().to_string();
    assert!(err.contains("player 1") && err.contains("6d"), "{err}");
}

#[test]
fn turnover_after_the_flop_is_holdem_with_the_kept_cards_and_the_exposed_card_dead() {
    let t = exhaustive(Game::Turnover, &["AhKd7c", "9s9h2c"], "Ks8d3c", "");
    let h = exhaustive(Game::Holdem, &["AhKd", "9s9h"], "Ks8d3c", "7c2c");
    assert_eq!(t.total, h.total);
    for (a, b) in t.players.iter().zip(&h.players) {
        assert_eq!((a.wins, a.tie_share), (b.wins, b.tie_share));
    }
}

#[test]
fn turnover_before_the_flop_agrees_with_monte_carlo() {
    let e = exhaustive(Game::Turnover, &["AhKd7c", "9s9h2c"], "", "");
    assert_eq!(e.deals, 15_180 * 903);
    let mut q = Query::new(Game::Turnover, ["AhKd7c", "9s9h2c"]);
    q.method = Method::MonteCarlo;
    q.iterations = Some(200_000);
    let m = calculate(&q).unwrap();
    for (a, b) in e.players.iter().zip(&m.players) {
        assert!((a.equity - b.equity).abs() <= 4.0 * b.stderr.unwrap());
    }
}
