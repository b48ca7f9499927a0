//! Heads-up push/fold: the equilibrium is hard to exploit, agrees with a published chart up
//! to rounding at the chart's boundaries, and `felt pushfold` refuses bad flags clearly.

use assert_cmd::Command;
use feltkit::pushfold::{solve, PushFoldError, Spot};
use feltkit::range::grid::class_at;
use feltkit::range::HandClass;
use predicates::str::contains;

/// The HoldemResources.net heads-up Nash push/fold charts (no ante): per grid cell (row and
/// column from the ace; suited above the diagonal, offsuit below), the largest effective stack
/// in big blinds at which the hand is pushed (or called); 99 stands for the charts' "20+", 0
/// for a cell the charts mark as having gaps (63s, 53s, 43s) or that is not copied here.
const PUSHER: [[f64; 13]; 13] = [
    [99., 99., 99., 99., 99., 99., 99., 99., 99., 99., 99., 99., 99.],
    [99., 99., 99., 99., 99., 99., 99., 99., 99., 99., 99., 19.9, 19.3],
    [99., 99., 99., 99., 99., 99., 99., 99., 99., 99., 16.3, 13.5, 12.7],
    [99., 99., 99., 99., 99., 99., 99., 99., 18.6, 14.7, 13.5, 10.6, 8.5],
    [99., 99., 99., 99., 99., 99., 99., 99., 99., 11.9, 10.5, 7.7, 6.5],
    [99., 99., 99., 99., 99., 99., 99., 99., 99., 14.4, 6.9, 4.9, 3.7],
    [99., 18.0, 13.0, 13.3, 17.5, 99., 99., 99., 99., 18.8, 10.1, 2.7, 2.5],
    [99., 16.1, 10.3, 8.5, 9.0, 10.8, 14.7, 99., 99., 99., 13.9, 2.5, 2.1],
    [99., 15.1, 9.6, 6.5, 5.7, 5.2, 7.0, 10.7, 99., 99., 16.3, 0., 2.0],
    [99., 14.2, 8.9, 6.0, 4.1, 3.5, 3.0, 2.6, 2.4, 99., 99., 0., 2.0],
    [99., 13.1, 7.9, 5.4, 3.8, 2.7, 2.3, 2.1, 2.0, 2.1, 99., 0., 1.8],
    [99., 12.2, 7.5, 5.0, 3.4, 2.5, 1.9, 1.8, 1.7, 1.8, 1.6, 99., 1.7],
    [99., 11.6, 7.0, 4.6, 2.9, 2.2, 1.8, 1.6, 1.5, 1.5, 1.4, 1.4, 99.],
];

/// The callers' chart, rows ace to eight (the rest is not copied here: 0).
const CALLER: [[f64; 13]; 7] = [
    [99., 99., 99., 99., 99., 99., 99., 99., 99., 99., 99., 99., 99.],
    [99., 99., 99., 99., 99., 99., 17.6, 15.2, 14.3, 13.2, 12.1, 11.4, 10.7],
    [99., 99., 99., 99., 99., 16.1, 13.0, 10.5, 9.9, 8.9, 8.4, 7.8, 7.2],
    [99., 99., 19.5, 99., 18.0, 13.4, 10.6, 8.8, 7.0, 6.9, 6.1, 5.8, 5.6],
    [99., 99., 15.3, 12.7, 99., 11.5, 9.3, 7.4, 6.3, 5.2, 5.2, 4.8, 4.5],
    [99., 17.1, 11.7, 9.5, 8.4, 99., 8.2, 7.0, 5.8, 5.0, 4.3, 4.1, 3.9],
    [99., 13.8, 9.7, 7.6, 6.6, 6.0, 99., 6.5, 5.6, 4.8, 4.1, 3.6, 3.5],
];

/// How far (in big blinds) the stack may sit from a chart value and the two still disagree:
/// the chart rounds to 0.1 BB and shows mixed hands by one cut-off.
const SLACK: f64 = 0.35;

/// The classes where the equilibrium and the chart disagree by more than [`SLACK`].
fn differences(stack: f64) -> Vec<String> {
    let s = solve(Spot { stack, ante: 0.0 }).unwrap();
    let mut out = Vec::new();
    let mut compare = |chart: &[[f64; 13]], freq: &dyn Fn(HandClass) -> f64, side: &str| {
        for (row, values) in chart.iter().enumerate() {
            for (col, &v) in values.iter().enumerate() {
                let class = class_at(row, col).unwrap();
                if v == 0.0 || (stack - v).abs() <= SLACK {
                    continue;
                }
                // The charts give the largest stack at which the hand is still played.
                let charted = stack <= v;
                let f = freq(class);
                if (f >= 0.5) != charted {
                    out.push(format!("{side} {class} at {stack} BB: chart {v}, ours {f}"));
                }
            }
        }
    };
    compare(&PUSHER, &|c| s.push_frequency(c), "push");
    compare(&CALLER, &|c| s.call_frequency(c), "call");
    out
}

#[test]
fn the_equilibrium_matches_the_published_chart_away_from_its_cut_offs() {
    let stacks: &[f64] =
        if cfg!(debug_assertions) { &[4.0, 10.0] } else { &[3.0, 4.0, 10.0, 12.0, 15.0, 20.0] };
    let all: Vec<String> = stacks.iter().flat_map(|&s| differences(s)).collect();
    assert!(all.is_empty(), "{}", all.join("\n"));
}

#[test]
fn neither_side_gains_a_hundredth_of_a_big_blind_by_deviating() {
    for (stack, ante) in [(1.0, 0.0), (5.0, 0.0), (10.0, 0.125), (25.0, 0.0)] {
        let s = solve(Spot { stack, ante }).unwrap();
        assert!(s.push_gain < 0.01 && s.call_gain < 0.01, "{stack} {ante}: {s:?}");
        assert!(s.push_gain >= 0.0 && s.call_gain >= 0.0);
    }
}

#[test]
fn a_one_blind_stack_pushes_everything_and_a_deep_one_folds_trash() {
    let classes = HandClass::all();
    let shallow = solve(Spot { stack: 1.0, ante: 0.0 }).unwrap();
    assert!(classes.iter().all(|&c| shallow.push_frequency(c) == 1.0));
    let deep = solve(Spot { stack: 20.0, ante: 0.0 }).unwrap();
    let seven_deuce = class_at(12, 7).unwrap();
    assert_eq!(seven_deuce.to_string(), "72o");
    assert_eq!(deep.push_frequency(seven_deuce), 0.0);
    assert_eq!(deep.push_frequency(class_at(0, 0).unwrap()), 1.0);
    assert_eq!(deep.call_frequency(class_at(0, 0).unwrap()), 1.0);
}

#[test]
fn bad_spots_are_refused_with_their_reason() {
    assert_eq!(solve(Spot { stack: 0.5, ante: 0.0 }), Err(PushFoldError::Stack(0.5)));
    assert!(matches!(solve(Spot { stack: f64::NAN, ante: 0.0 }), Err(PushFoldError::Stack(_))));
    assert_eq!(solve(Spot { stack: 5.0, ante: -1.0 }), Err(PushFoldError::Ante(-1.0)));
    assert_eq!(
        solve(Spot { stack: 1.5, ante: 0.75 }),
        Err(PushFoldError::Posting { stack: 1.5, ante: 0.75 })
    );
}

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

#[test]
fn felt_pushfold_prints_both_ranges_and_grids() {
    let out = felt().args(["pushfold", "--stacks", "10"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with("heads-up push/fold, 10 BB effective (chip EV)\n"), "{text}");
    assert!(text.contains("push (small blind): "), "{text}");
    assert!(text.contains("call (big blind): "), "{text}");
    // Two grids of 13 rows, each starting with the pair of aces.
    assert_eq!(text.lines().filter(|l| l.starts_with("AA     AKs")).count(), 2, "{text}");
    // Mixed classes: the label, a space, the percentage pushed (84s about 83% of the time).
    assert!(text.lines().any(|l| l.contains(" 84s 83 ")), "{text}");
    assert!(text.contains("best-response gain: small blind 0.00"), "{text}");
}

#[test]
fn felt_pushfold_refuses_bad_flags_with_what_was_expected() {
    for (args, says) in [
        (vec!["--stacks", "abc"], "is not a number: expected big blinds from 1 to 1000"),
        (vec!["--stacks", "0"], "out of range"),
        (vec!["--stacks", "1e300"], "out of range"),
        (vec!["--stacks", "NaN"], "is not a number"),
        (vec!["--stacks", "10,x"], "depth 2"),
        (vec!["--stacks", "10", "--ante", "-1"], "expected big blinds from 0 to 1"),
        (vec!["--stacks", "10", "--players", "3"], "heads-up only"),
        (vec!["--stacks", "1.5", "--ante", "0.75"], "cannot post the big blind"),
    ] {
        let mut cmd = felt();
        cmd.arg("pushfold").args(&args);
        cmd.assert().failure().stderr(contains(says));
    }
    let many = vec!["5"; 101].join(",");
    felt().args(["pushfold", "--stacks", &many]).assert().failure().stderr(contains("at most 100"));
}
