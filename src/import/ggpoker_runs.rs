//! A GGPoker hand whose board was run two or three times, put in the record the engine plays
//! ([`crate::rules::HandState::choose_runs`], docs/replay.md).
//!
//! GG names each street and showdown by its run: `*** FIRST FLOP *** [..]`, `*** SECOND TURN
//! *** [..] [..]`, `*** FIRST SHOWDOWN ***`, then the collected lines of that run. Streets dealt
//! before the betting closed are named `FIRST` too; the runs begin with the first street a
//! second run also deals. The PokerStars reader takes the streets without their run word
//! ([`run_street`]), so that the boards follow one another as the engine deals them; the record
//! then gets each live player's `pN _runs K` just before the first card of the runs, and each
//! collected amount its run ([`crate::record::Entry::run`]), for `--check` to compare with what
//! the replay pays on that run.

use super::lines::Line;
use super::split::HandText;
use crate::record::{Action, HandRecord, RecordedAction, Unreplayable};

/// The words GG puts before a street or showdown of each run.
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
    /// The line that says how often the hand was run (`Hand was run two times`), else the
    /// first street of a second run.
    said: usize,
}

/// Where the runs are in `lines` (a hand's play and summary).
fn run_lines<'t>(lines: impl Iterator<Item = Line<'t>>) -> RunLines {
    let mut found = RunLines::default();
    let mut first_streets: Vec<(&str, usize)> = Vec::new();
    let mut later: Option<(&str, usize)> = None;
    for l in lines {
        if l.text.starts_with("Hand was run ") {
            found.said = l.number;
        }
        let Some((run, rest)) = run_street(l.text) else { continue };
        found.runs = found.runs.max(run);
        match street_of(rest) {
            Some(street) if run == 1 => first_streets.push((street, l.number)),
            Some(street) if later.is_none() => later = Some((street, l.number)),
            Some(_) => {}
            None => found.showdowns.push((run, l.number)),
        }
    }
    if let Some((street, line)) = later {
        found.start = first_streets.iter().find(|(s, _)| *s == street).map(|&(_, l)| l);
        if found.said == 0 {
            found.said = line;
        }
    }
    found
}

/// Puts the runs of a hand run more than once (its summary says `Hand was run ...`) in its
/// record: each live player's `_runs` before the first card of the runs, and each collected
/// amount's run. A text whose runs cannot be placed is not replayed, and says why.
pub(super) fn mark_runs(h: &HandText, r: &mut HandRecord<'_>) {
    // The summary says when the hand was run more than once (`Hand was run two times`): read
    // from the end, a few lines, before any look at the play.
    let mut summary = h.lines().rev().take_while(|l| l.text != "*** SUMMARY ***");
    if !summary.any(|l| l.text.starts_with("Hand was run ")) {
        return;
    }
    let found = run_lines(h.lines());
    if found.runs < 2 || r.unreplayable.is_some() {
        return;
    }
    let lines = &r.site_text.action_lines;
    let at = found.start.and_then(|s| lines.iter().position(|&l| l == Some(s as u64)));
    let Some(at) = at else {
        let why = format!(
            "line {}: the hand was run {} times, but its first run deals no street a second run deals",
            found.said, found.runs
        );
        r.unreplayable = Some(Unreplayable::Unreadable(why));
        return;
    };
    let n = r.players.as_ref().map_or(r.starting_stacks.len(), Vec::len);
    let mut live = vec![true; n];
    for a in &r.actions[..at] {
        if let Ok(Action::Fold(p) | Action::ShowOrMuck(p, None)) = a.action()
            && let Some(l) = live.get_mut(*p)
        {
            *l = false;
        }
    }
    let runs = u8::try_from(found.runs).unwrap_or(u8::MAX);
    let said: Vec<usize> = (0..n).filter(|&p| live[p]).collect();
    for (k, &p) in said.iter().enumerate() {
        r.actions.insert(at + k, RecordedAction::built(Action::ChooseRuns(p, runs)));
        r.site_text.action_lines.insert(at + k, Some(found.said as u64));
    }
    if let Some(a) = r.accounting.as_mut() {
        for e in &mut a.collected {
            let mut before = found.showdowns.iter().filter(|&&(_, line)| line < e.line);
            e.run = before.next_back().map_or(0, |&(run, _)| run);
        }
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
        assert_eq!(
            found,
            RunLines { runs: 2, start: Some(13), showdowns: vec![(1, 15), (2, 17)], said: 18 }
        );
    }
}
