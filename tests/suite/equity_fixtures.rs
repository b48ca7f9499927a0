//! The fixture table: exhaustive enumeration must match every digit, Monte Carlo must land
//! within four standard errors.

use crate::common;

use feltkit::equity::{calculate, calculate_with, Game, Method, Options, Query};

#[test]
fn exhaustive_matches_every_fixture_digit_for_digit() {
    for f in common::fixtures() {
        let mut q = f.query.clone();
        q.method = Method::Exhaustive;
        let e = calculate(&q).unwrap();
        assert_eq!(e.method, Method::Exhaustive);
        let got: Vec<String> = e
            .players
            .iter()
            .zip(&f.equities)
            .map(|(p, want)| common::same_digits(p.equity, want))
            .collect();
        assert_eq!(got, f.equities, "fixture line {}: {:?}", f.line, q.players);
    }
}

#[test]
fn monte_carlo_lands_within_four_standard_errors_of_every_fixture() {
    for f in common::fixtures() {
        let mut q = f.query.clone();
        q.method = Method::MonteCarlo;
        q.iterations = Some(300_000);
        q.seed = f.line as u64;
        let e = calculate(&q).unwrap();
        assert_eq!(e.method, Method::MonteCarlo);
        assert_eq!(e.deals, 300_000);
        for (p, want) in e.players.iter().zip(&f.equities) {
            let want: f64 = want.parse().unwrap();
            let se = p.stderr.unwrap();
            // The fixture's own rounding is added to the allowance.
            assert!(
                (p.equity - want).abs() <= 4.0 * se + 5e-5,
                "fixture line {}: {} got {} want {want} (stderr {se})",
                f.line,
                p.spec,
                p.equity
            );
        }
    }
}

#[test]
fn monte_carlo_gives_the_same_numbers_on_one_and_two_threads() {
    let f = &common::fixtures()[3];
    let mut q = f.query.clone();
    q.method = Method::MonteCarlo;
    q.iterations = Some(200_000);
    q.seed = 42;
    let one = calculate_with(&q, &Options { threads: Some(1), progress: None }).unwrap();
    let two = calculate_with(&q, &Options { threads: Some(2), progress: None }).unwrap();
    assert_eq!(one, two);
    q.seed = 43;
    let other = calculate_with(&q, &Options { threads: Some(2), progress: None }).unwrap();
    assert_ne!(one.players[0].wins, other.players[0].wins);
}

#[test]
fn monte_carlo_stops_at_the_standard_error_target() {
    let f = &common::fixtures()[0];
    let mut q = f.query.clone();
    q.method = Method::MonteCarlo;
    q.stderr = Some(0.002);
    let e = calculate(&q).unwrap();
    assert!(e.players.iter().all(|p| p.stderr.unwrap() <= 0.002));
    // 0.5 * 0.5 / 0.002^2 = 62,500 deals suffice; rounds stop well short of a million.
    assert!(e.deals < 1_000_000, "{}", e.deals);
}

#[test]
fn auto_picks_exhaustive_when_affordable_and_says_so() {
    let f = &common::fixtures()[0];
    assert_eq!(calculate(&f.query).unwrap().method, Method::Exhaustive);
    let mut q = f.query.clone();
    q.players = vec!["random".into(), "random".into(), "random".into()];
    q.stderr = Some(0.01);
    assert_eq!(calculate(&q).unwrap().method, Method::MonteCarlo);
}

/// Monte Carlo of `players` on `board` must land within four standard errors of exhaustive
/// enumeration for every player.
fn monte_carlo_lands_on_exhaustive(players: &[&str], board: &str, seed: u64) {
    let mut q = Query::new(Game::Holdem, players.iter().copied());
    q.board = board.into();
    q.method = Method::Exhaustive;
    let exact = calculate(&q).unwrap();
    q.method = Method::MonteCarlo;
    q.iterations = Some(300_000);
    q.seed = seed;
    let mc = calculate(&q).unwrap();
    for (p, want) in mc.players.iter().zip(&exact.players) {
        let se = p.stderr.unwrap();
        assert!(
            (p.equity - want.equity).abs() <= 4.0 * se,
            "{players:?} on {board}: {} got {} want {} (stderr {se})",
            p.spec,
            p.equity,
            want.equity
        );
    }
}

#[test]
fn random_players_dealt_from_the_deck_land_on_exhaustive_enumeration() {
    // `random` players are dealt from the deck after the other players are drawn (see
    // holdem_sample.rs): next to ranges, exact hands and each other.
    let cases: [(&[&str], &str); 5] = [
        (&["QQ+,AKs", "random"], "Js7c2d"),
        (&["random", "22+,A2s+"], "Js7c2d"),
        (&["AhKh", "QsQd", "random"], "Js7c2d"),
        (&["QQ+", "AhKh", "random"], "Js7c2d9s"),
        (&["random", "random"], "Js7c2d9h"),
    ];
    for (i, (players, board)) in cases.into_iter().enumerate() {
        monte_carlo_lands_on_exhaustive(players, board, 100 + i as u64);
    }
}

#[test]
fn ten_random_players_share_the_pot_evenly() {
    let mut q = Query::new(Game::Holdem, ["random"; 10]);
    q.method = Method::MonteCarlo;
    q.iterations = Some(200_000);
    q.seed = 10;
    let e = calculate(&q).unwrap();
    for p in &e.players {
        let se = p.stderr.unwrap();
        assert!((p.equity - 0.1).abs() <= 4.0 * se, "got {} (stderr {se})", p.equity);
    }
}
