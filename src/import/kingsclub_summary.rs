//! The summary of a KingsClub hand (`*** SUMMARY ***` to the next hand): each seat's stack
//! after the hand and its result, the rake, and what each player won (`NAME wins pot (399)`,
//! `NAME wins (279.50) from pot`, `NAME wins (3,075) from side pot 1`), read for the play's
//! readers ([`super::kingsclub_play`], [`super::kingsclub_stud`]) and for the stacks `--check`
//! holds to the replay ([`super::kingsclub`]).

use super::collected::written;
use super::kingsclub_lines::{amount_of, seat_of};
use super::lines::Line;
use super::pokerstars::{err, TextError};

/// What the summary says: each seat's stack after the hand, what each player won, the rake.
#[derive(Debug, Default)]
pub(super) struct Ending {
    /// The `*** SUMMARY ***` line.
    pub line: usize,
    /// Each seat's stack after the hand (an index into the seats, the line, hundredths).
    pub stacks: Vec<(usize, usize, i64)>,
    /// Each `wins` line: its line, the seat and the amount.
    pub wins: Vec<(usize, usize, i64)>,
    /// The rake (0 when not written).
    pub rake: i64,
}

/// Reads the summary (`lines` from the one after `*** SUMMARY ***`, at `line`) of a hand
/// whose seats are `seats` (name and starting stack): each seat's line must say its stack and
/// its result, the one being the other less the starting stack.
pub(super) fn ending(
    line: usize,
    lines: &[Line<'_>],
    seats: &[(&str, i64)],
) -> Result<Ending, TextError> {
    let mut e = Ending { line, ..Ending::default() };
    for l in lines {
        let (n, t) = (l.number, l.text);
        if let Some(x) = t.strip_prefix("Rake ") {
            e.rake = amount_of(x, n)?;
        } else if let Some((_, name, stack, result)) = seat_of(t) {
            let Some(i) = seats.iter().position(|s| s.0 == name) else {
                return err(n, format!("{name} is not in the seat list"));
            };
            let after = amount_of(stack, n)?;
            let sign = match result.as_bytes().first() {
                Some(b'-') => -1,
                Some(b'+') => 1,
                _ => return err(n, format!("expected the seat's result (`+199`, `-0.50`) after its stack, not `{result}`")),
            };
            let change = sign * amount_of(&result[1..], n)?;
            if after.checked_sub(seats[i].1) != Some(change) {
                return err(
                    n,
                    format!(
                        "{name} ends with {} after starting with {}, which is {}, not {result}",
                        written(after, None),
                        written(seats[i].1, None),
                        written(after.saturating_sub(seats[i].1), None)
                    ),
                );
            }
            e.stacks.push((i, n, after));
        } else if let Some((i, rest)) = super::lines::who(&seat_pairs(seats), t)
            && let Some(x) = rest.strip_prefix("wins ")
        {
            let (Some(open), Some(close)) = (x.find('('), x.find(')')) else {
                return err(
                    n,
                    format!("expected `NAME wins (X) from pot` or `NAME wins pot (X)`, not `{t}`"),
                );
            };
            let c = amount_of(x.get(open + 1..close).unwrap_or_default(), n)?;
            e.wins.push((n, i, c));
        } else {
            return err(n, format!("expected a seat's line, `Rake X` or `NAME wins (X) from pot` in the summary, not `{t}`"));
        }
    }
    Ok(e)
}

/// Names as [`super::lines::who`] takes them.
fn seat_pairs<'a>(seats: &[(&'a str, i64)]) -> Vec<(u32, &'a str)> {
    seats.iter().map(|s| (0, s.0)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_whose_result_is_not_its_stack_less_its_start_is_refused_at_its_line() {
        let seats = [("Hero", 80_000), ("Vic", 79_900)];
        let text =
            ["Seat 1: Hero (999) +199", "Seat 2: Vic (599) -200", "Rake 1", "Hero wins pot (399)"];
        let lines: Vec<Line<'_>> =
            text.iter().enumerate().map(|(k, t)| Line { number: k + 20, text: t }).collect();
        let e = ending(19, &lines, &seats).unwrap();
        assert_eq!(e.stacks, [(0, 20, 99_900), (1, 21, 59_900)]);
        assert_eq!((e.rake, e.wins.clone()), (100, vec![(23, 0, 39_900)]));
        let wrong = [Line { number: 30, text: "Seat 1: Hero (999) +200" }];
        assert_eq!(ending(19, &wrong, &seats).unwrap_err().line, 30);
    }
}
