//! A raised stop flag ends exhaustive enumeration at once in every engine: no work item that
//! had not started when the flag went up runs to its end (Ctrl-C in the Python package waits
//! for exactly that work).
//!
//! Each query runs on one thread with a progress callback that raises the flag at the first
//! report of some work done. Rayon still visits the items queued beside the one that saw the
//! flag; each must read the flag before its work, so no later report may show more done.

use std::sync::Mutex;

use feltkit::equity::{calculate_with, EquityError, Game, Method, Options, Query};
use feltkit::stop::Stop;

/// The fraction done when the flag was raised and the most any report showed after it.
fn stopped_midway(game: Game, players: &[&str], board: &str) -> (f64, f64) {
    let stop = Stop::new();
    let mut q = Query::new(game, players.iter().copied());
    q.board = board.to_string();
    q.method = Method::Exhaustive;
    q.stop = Some(stop.clone());
    let seen: Mutex<(Option<f64>, f64)> = Mutex::new((None, 0.0));
    let progress = |done: f64| {
        let mut seen = seen.lock().unwrap();
        match seen.0 {
            None if done > 0.0 => {
                seen.0 = Some(done);
                stop.raise();
            }
            Some(_) => seen.1 = seen.1.max(done),
            None => {}
        }
    };
    let answer = calculate_with(&q, &Options { threads: Some(1), progress: Some(&progress) });
    assert_eq!(answer.err(), Some(EquityError::Stopped), "{game:?} {players:?}");
    let (raised, after) = *seen.lock().unwrap();
    let raised = raised.expect("the work reported progress");
    assert!(raised < 0.5, "{game:?} {players:?}: the flag went up late, at {raised}");
    (raised, after)
}

#[test]
fn a_raised_stop_flag_ends_every_exhaustive_engine_before_another_item() {
    let cases: [(Game, &[&str], &str); 5] = [
        // Hold'em matchup classes, three ranges.
        (Game::Holdem, &["QQ+,AK", "JJ-77", "AJs,KQs"], ""),
        // Hold'em heads-up ranges on a flop: board by board.
        (Game::Holdem, &["22+,A2+,K2+", "random"], "Js7c2d"),
        (Game::Omaha, &["AAKK", "QQJJ"], ""),
        (Game::Stud7, &["AsAhKdQc", "QsQhJdJc"], ""),
        (Game::Turnover, &["AsAhKd", "QsQhJd"], ""),
    ];
    for (game, players, board) in cases {
        let (raised, after) = stopped_midway(game, players, board);
        assert!(
            after <= raised,
            "{game:?} {players:?}: work went on after the stop flag ({raised} -> {after})"
        );
    }
}
