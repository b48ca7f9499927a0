//! A hand whose board was run two or three times, as PokerStars and GGPoker write it, put in
//! the record the engine plays ([`crate::rules::HandState::choose_runs`], docs/replay.md).
//!
//! Both sites name each street and showdown of the runs by its run: `*** FIRST FLOP *** [..]`,
//! `*** SECOND TURN *** [..] [..]`, `*** FIRST SHOW DOWN ***` (PokerStars) or `*** FIRST
//! SHOWDOWN ***` (GG), then the collected lines of that run; the summary says how often
//! (`Hand was run twice`, `Hand was run two times`) and gives each run's board (`FIRST Board
//! [..]`). Streets dealt before the betting closed are plain (PokerStars) or named `FIRST` (GG);
//! the runs begin with the first street a second run also deals. The PokerStars reader takes
//! the streets without their run word ([`run_street`]), so that the boards follow one another
//! as the engine deals them; the record then gets each live player's `pN _runs K` just before
//! the first card of the runs, and each collected amount its run
//! ([`crate::record::Entry::run`]), for `--check` to compare with what the replay pays on that
//! run. A text whose streets and summary disagree on the runs is unreadable at the line that
//! shows it.

use super::lines::Line;
use super::split::HandText;
use crate::record::{Action, HandRecord, RecordedAction, Unreplayable};

/// The words the sites put before a street or showdown of each run.
const RUN_WORDS: [&str; 3] = ["FIRST ", "SECOND ", "THIRD "];

/// The run a street or showdown line names, from 1, and the line after its run word:
/// `*** SECOND TURN *** [Jh 9c 6h] [3s]` is run 2, `TURN *** [Jh 9c 6h] [3s]`.
pub(super) fn run_street(t: &str) -> Option<(usize, &str)> {
    let rest = t.strip_prefix("*** ")?;
    RUN_WORDS.iter().enumerate().find_map(|(k, w)| Some((k + 1, rest.strip_prefix(w)?)))
}

/// The street a run's street line deals (`TURN`), `None` for a showdown.
fn street_of(rest: &str) -> Option<&str> {
    let name = rest.split(' ').next()?;
    ["FLOP", "TURN", "RIVER"].contains(&name).then_some(name)
}

/// Where a hand's runs are found in its text.
#[derive(Debug, Default, PartialEq, Eq)]
struct RunLines {
    /// How many runs the text deals (the highest run named).
    runs: usize,
    /// The line of the first run's first street of the runs (the line before which the players
    /// choose the number of runs), when found.
    start: Option<usize>,
    /// Each showdown's run and line, in the text's order.
    showdowns: Vec<(usize, usize)>,
    /// The first street of a second run, and its line (`SECOND FLOP`), when there is one.
    second: Option<(String, usize)>,
    /// The summary's line saying how often the hand was run (`Hand was run two times`), with
    /// the number it says (`None` when it says no number feltkit knows).
    said: Option<(usize, Option<usize>)>,
}

/// The number of runs a summary line gives (`Hand was run twice`: 2, `Hand was run three
/// times`: 3), when it is such a line: `Some(None)` when its number is not known.
fn said_runs(t: &str) -> Option<Option<usize>> {
    let rest = t.strip_prefix("Hand was run ")?;
    let word = rest.split(' ').next().unwrap_or_default();
    Some(match word {
        "twice" | "two" | "2" => Some(2),
        "three" | "thrice" | "3" => Some(3),
        "once" | "one" | "1" => Some(1),
        _ => None,
    })
}

/// Where the runs are in `lines` (a hand's play and summary).
fn run_lines<'t>(lines: impl Iterator<Item = Line<'t>>) -> RunLines {
    let mut found = RunLines::default();
    let mut first_streets: Vec<(&str, usize)> = Vec::new();
    let mut in_summary = false;
    for l in lines {
        let t = l.text;
        if in_summary {
            if found.said.is_none()
                && let Some(k) = said_runs(t)
            {
                found.said = Some((l.number, k));
            }
            continue;
        }
        in_summary = t == "*** SUMMARY ***";
        let Some((run, rest)) = run_street(t) else { continue };
        found.runs = found.runs.max(run);
        match street_of(rest) {
            Some(street) if run == 1 => first_streets.push((street, l.number)),
            Some(street) if found.second.is_none() => {
                found.second = Some((street.to_string(), l.number));
            }
            Some(_) => {}
            None => found.showdowns.push((run, l.number)),
        }
    }
    if let Some((street, _)) = &found.second {
        found.start = first_streets.iter().find(|(s, _)| *s == street.as_str()).map(|&(_, l)| l);
    }
    found
}

/// Why the streets of a hand and its summary disagree on how often the board was run, at the
/// line that shows it: a second run dealt and no summary line saying so, a summary saying so
/// with one board dealt, or other numbers.
fn disagreement(found: &RunLines) -> Option<String> {
    let dealt = if found.second.is_some() { found.runs } else { 1 };
    match (found.said, &found.second) {
        (None, None) => None,
        (None, Some((street, line))) => Some(format!(
            "line {line}: the play deals a board run {dealt} times (`*** SECOND {street} ***`), but the summary has no line saying the hand was run more than once (`Hand was run twice`, `Hand was run two times`)"
        )),
        (Some((line, None)), _) => Some(format!(
            "line {line}: expected the number of runs (`Hand was run twice`, `two times`, `three times`)"
        )),
        (Some((line, Some(k))), _) if k != dealt => Some(format!(
            "line {line}: the summary says the hand was run {k} time{}, but the play deals {dealt} board{} (streets named `FIRST`, `SECOND`, `THIRD`)",
            if k == 1 { "" } else { "s" },
            if dealt == 1 { "" } else { "s" }
        )),
        _ => None,
    }
}

/// Puts the runs of a hand run more than once in its record: each live player's `_runs`
/// before the first card of the runs, and each collected amount's run. A text whose streets
/// and summary disagree on the runs is unreadable at the line that shows it; one whose runs
/// cannot be placed is not replayed, and says why.
pub(super) fn mark_runs(h: &HandText, r: &mut HandRecord<'_>) {
    if r.unreplayable.is_some() {
        return;
    }
    let found = run_lines(h.lines());
    if let Some(why) = disagreement(&found) {
        r.unreplayable = Some(Unreplayable::Unreadable(why));
        return;
    }
    if found.second.is_none() {
        return;
    }
    let said = found.said.map_or(0, |(line, _)| line);
    let lines = &r.site_text.action_lines;
    let at = found.start.and_then(|s| lines.iter().position(|&l| l == Some(s as u64)));
    let Some(at) = at else {
        let why = format!(
            "line {said}: the hand was run {} times, but its first run deals no street a second run deals",
            found.runs
        );
        r.unreplayable = Some(Unreplayable::Unreadable(why));
        return;
    };
    choose_runs(r, at, found.runs, said);
    if let Some(a) = r.accounting.as_mut() {
        for e in &mut a.collected {
            let mut before = found.showdowns.iter().filter(|&&(_, line)| line < e.line);
            e.run = before.next_back().map_or(0, |&(run, _)| run);
        }
    }
}

/// Puts each live player's choice of `runs` runs (`pN _runs K`) before action `at` of the
/// record, the first card of the runs, each read from line `said` of the text.
pub(super) fn choose_runs(r: &mut HandRecord<'_>, at: usize, runs: usize, said: usize) {
    let n = r.players.as_ref().map_or(r.starting_stacks.len(), Vec::len);
    let mut live = vec![true; n];
    for a in &r.actions[..at.min(r.actions.len())] {
        if let Ok(Action::Fold(p) | Action::ShowOrMuck(p, None)) = a.action()
            && let Some(l) = live.get_mut(*p)
        {
            *l = false;
        }
    }
    let runs = u8::try_from(runs).unwrap_or(u8::MAX);
    let choosers: Vec<usize> = (0..n).filter(|&p| live[p]).collect();
    for (k, &p) in choosers.iter().enumerate() {
        r.actions.insert(at + k, RecordedAction::built(Action::ChooseRuns(p, runs)));
        r.site_text.action_lines.insert(at + k, Some(said as u64));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_word_is_read_off_the_street_it_names() {
        assert_eq!(run_street("*** SECOND TURN *** [a] [b]"), Some((2, "TURN *** [a] [b]")));
        assert_eq!(run_street("*** THIRD SHOWDOWN ***"), Some((3, "SHOWDOWN ***")));
        assert_eq!(run_street("*** FLOP *** [a]"), None);
        assert_eq!(run_street("FIRST Board [a]"), None);
    }

    #[test]
    fn the_runs_begin_at_the_first_street_a_second_run_deals() {
        let text = [
            "*** FIRST FLOP *** [4c Js Ad]",
            "a: bets $1",
            "*** FIRST TURN *** [4c Js Ad] [5h]",
            "*** FIRST RIVER *** [4c Js Ad 5h] [4h]",
            "*** SECOND RIVER *** [4c Js Ad 5h] [Qh]",
            "*** FIRST SHOWDOWN ***",
            "a collected $3 from pot",
            "*** SECOND SHOWDOWN ***",
            "Hand was run two times",
        ];
        let lines = text.iter().enumerate().map(|(k, t)| Line { number: k + 10, text: t });
        let found = run_lines(lines);
        assert_eq!(found.said, None);
        assert_eq!(found.second, Some(("RIVER".to_string(), 14)));
        assert_eq!(
            (found.runs, found.start, found.showdowns),
            (2, Some(13), vec![(1, 15), (2, 17)])
        );
    }

    #[test]
    fn the_summary_says_how_often_the_hand_was_run_in_either_site_s_words() {
        assert_eq!(said_runs("Hand was run twice"), Some(Some(2)));
        assert_eq!(said_runs("Hand was run two times"), Some(Some(2)));
        assert_eq!(said_runs("Hand was run three times"), Some(Some(3)));
        assert_eq!(said_runs("Hand was run many times"), Some(None));
        assert_eq!(said_runs("FIRST Board [2c]"), None);
    }

    #[test]
    fn streets_and_summary_that_disagree_on_the_runs_are_named_at_their_line() {
        let lines = |text: &[&'static str]| {
            let v: Vec<Line<'static>> =
                text.iter().enumerate().map(|(k, t)| Line { number: k + 1, text: t }).collect();
            run_lines(v.into_iter())
        };
        let streets = ["*** FIRST RIVER *** [a] [b]", "*** SECOND RIVER *** [a] [c]"];
        let no_summary = lines(&[streets[0], streets[1], "*** SUMMARY ***"]);
        let why = disagreement(&no_summary).unwrap();
        assert!(why.starts_with("line 2: the play deals a board run 2 times"), "{why}");
        let three = lines(&[streets[0], streets[1], "*** SUMMARY ***", "Hand was run three times"]);
        let why = disagreement(&three).unwrap();
        assert!(
            why.starts_with(
                "line 4: the summary says the hand was run 3 times, but the play deals 2 boards"
            ),
            "{why}"
        );
        let one_board = lines(&["*** RIVER *** [a] [b]", "*** SUMMARY ***", "Hand was run twice"]);
        assert!(disagreement(&one_board).unwrap().starts_with(
            "line 3: the summary says the hand was run 2 times, but the play deals 1 board"
        ));
        let agree = lines(&[streets[0], streets[1], "*** SUMMARY ***", "Hand was run twice"]);
        assert_eq!(disagreement(&agree), None);
    }
}
