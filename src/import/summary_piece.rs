//! The seat list and the summary a reader writes in PokerStars' words (`Seat 3: NAME ($5 in
//! chips)`, `Total pot X | Rake Y`, `Seat 3: NAME folded`), handed to the PokerStars reader as
//! what they say ([`Piece::Listed`], [`Piece::Total`], [`Piece::Seat`]) rather than as text it
//! would read back, wherever the two are sure to agree; as text otherwise.

use super::collected::{seat_line, seat_list_line, written};
use super::lines::has;
use super::pokerstars::{cents_amount, Piece, Seat, Summary, SummarySeat};
use crate::phh::table::MAX_SEAT;

/// A seat of the seat list, as [`seat_list_line`] writes it: seat `seat` of player `name`
/// with `stack` hundredths (written with `symbol`). The seat read already where the reader
/// would read the text so (a seat from 1 to the highest, a name not empty nor ending in white
/// space, a stack not below zero); the text otherwise.
pub(super) fn listed(
    (seat, name): (u32, &str),
    stack: i64,
    symbol: Option<char>,
    line: usize,
) -> Piece<'static> {
    let plain = (1..=MAX_SEAT).contains(&seat) && !name.is_empty() && name.trim_end() == name;
    match cents_amount(stack).filter(|_| plain) {
        Some(stack) => Piece::Listed(Seat { seat, name: name.to_string(), stack, line }),
        None => Piece::Text(seat_list_line(seat, name, stack, symbol).into()),
    }
}

/// The summary's `Total pot X | Rake Y`, amounts in hundredths, with the pots the text lists
/// (`listed`, main first, what `text` writes as ` Main pot X. Side pot-1 Y.`; none for one pot):
/// the summary read already, or `text` where an amount is below zero (the reader then reads
/// the text and gives its own answer).
pub(super) fn total(
    (total, rake): (i64, i64),
    listed: &[i64],
    line: usize,
    text: impl FnOnce() -> String,
) -> Piece<'static> {
    let pots: Option<Vec<_>> = listed.iter().map(|&c| cents_amount(c)).collect();
    match (cents_amount(total), cents_amount(rake), pots) {
        (Some(total), Some(rake), Some(pots)) => Piece::Total(Summary { total, rake, pots, line }),
        _ => Piece::Text(text().into()),
    }
}

/// What the summary says of seat `i` of `seats` (each seat's number and name, as the seat
/// list gives them), as [`seat_line`] writes it: folded, the cards shown (`[Ah Kd]`) and what it
/// won in hundredths (written when above zero, with `symbol`). The seat's result read already
/// where the reader would read the text so; the text otherwise (a name that another name
/// begins or ends in white space, cards with other than letters, digits and spaces).
pub(super) fn seat(
    seats: &[(u32, &str)],
    i: usize,
    (folded, shown): (bool, Option<&str>),
    won: i64,
    symbol: Option<char>,
    line: usize,
) -> Piece<'static> {
    let text = || seat_line(seats[i], folded, shown, (won > 0).then(|| written(won, symbol)));
    seat_as(seats, i, (folded, shown), won, line, text)
}

/// [`seat`] for a line a reader writes its own way, `text`: `Seat N: NAME`, then ` folded`
/// when `folded`, ` showed CARDS` when `shown`, perhaps words without `[` that the reader looks
/// for nothing in (` mucked`), and ` and won (X)` when `won` is above zero, X an amount the
/// reader reads as its hundredths (`$1.50`, `1.50€`).
pub(super) fn seat_as(
    seats: &[(u32, &str)],
    i: usize,
    (folded, shown): (bool, Option<&str>),
    won: i64,
    line: usize,
    text: impl FnOnce() -> String,
) -> Piece<'static> {
    let showed = match shown {
        None => None,
        Some(cards) => match plain_cards(cards) {
            Some(c) => Some(c),
            None => return Piece::Text(text().into()),
        },
    };
    let won = if won > 0 { cents_amount(won) } else { None };
    if !apart(seats, i) {
        return Piece::Text(text().into());
    }
    Piece::Seat(SummarySeat { player: i, line, folded, showed, won })
}

/// The cards of `[Ah Kd]` without spaces, when the brackets hold only letters, digits and
/// spaces (and no word the summary's line is searched for).
fn plain_cards(cards: &str) -> Option<String> {
    let inside = cards.strip_prefix('[')?.strip_suffix(']')?;
    let plain =
        inside.bytes().all(|b| b.is_ascii_alphanumeric() || b == b' ') && !has(inside, "folded");
    plain.then(|| inside.bytes().filter(|&b| b != b' ').map(char::from).collect())
}

/// Whether seat `i`'s name is the only one that begins its summary line: no other name begins
/// it or is begun by it, and it ends in no white space (the seat list's reader trims it).
fn apart(seats: &[(u32, &str)], i: usize) -> bool {
    let name = seats[i].1;
    name.trim_end().len() == name.len()
        && seats
            .iter()
            .enumerate()
            .all(|(j, &(_, other))| j == i || !(other.starts_with(name) || name.starts_with(other)))
}

#[cfg(test)]
pub(in crate::import) mod tests {
    use super::super::collected::seat_list_line;
    use super::super::header::parse_header;
    use super::super::lines::Line;
    use super::super::pokerstars::parse_pieces;
    use super::*;

    /// The hand the reader reads from a summary given as text, or as what it says.
    pub(in crate::import) fn read(
        seats: &[(u32, &str)],
        summary: Vec<(usize, Piece<'static>)>,
    ) -> String {
        read_listed(seats, summary, |k, &(seat, name)| {
            (3 + k, seat_list_line(seat, name, 10_000, Some('$')).into())
        })
    }

    /// [`read`], with the seat list's lines made by `list`.
    pub(in crate::import) fn read_listed(
        seats: &[(u32, &str)],
        summary: Vec<(usize, Piece<'static>)>,
        list: impl Fn(usize, &(u32, &str)) -> (usize, Piece<'static>),
    ) -> String {
        let header = "PokerStars Hand #1: Hold'em No Limit ($1/$2) - 2020/01/01 1:00:00 ET";
        let hand = parse_header(&Line { number: 1, text: header }).unwrap();
        let mut pieces: Vec<(usize, Piece<'_>)> =
            vec![(2, Piece::from("Table 'T' 9-max Seat #1 is the button"))];
        pieces.extend(seats.iter().enumerate().map(|(k, s)| list(k, s)));
        // A hand refused is read whole, without the checks that would stop at the first
        // difference of its amounts.
        pieces.push((20, Piece::from("Hand cancelled")));
        pieces.push((21, Piece::from("*** SUMMARY ***")));
        pieces.extend(summary);
        format!("{:?}", parse_pieces(hand, 1, &pieces))
    }

    #[test]
    fn a_summary_given_as_what_it_says_is_read_as_its_text() {
        let tables: [&[(u32, &str)]; 5] = [
            &[(1, "Ann"), (2, "Bob"), (4, "Cy")],
            &[(1, "a"), (2, "a b"), (3, "a folded"), (5, "b")],
            &[(1, "x "), (2, "y\t"), (3, "z")],
            &[(1, "Dup"), (2, "Dup"), (3, "é ü"), (4, "a: b (c) [d]")],
            &[(1, "won (5)"), (2, "showed [Ah Kd]"), (3, "Q")],
        ];
        let shown = [
            None,
            Some("[Ah Kd]"),
            Some("[10h 2c]"),
            Some("[]"),
            Some("[Ah Kd Qc Js]"),
            Some("[folded Kd]"),
            Some("[Ah] Kd]"),
            Some("[Ah, Kd]"),
            Some("[Ah\tKd]"),
            Some("Ah Kd"),
            Some("[won (5)]"),
        ];
        let mut fast = 0;
        for seats in tables {
            for (k, cards) in shown.iter().enumerate() {
                for symbol in [None, Some('$'), Some('€'), Some('£')] {
                    for (w, won) in
                        [0, 1, 50, 100, 150, 12_345, -5, i64::MAX].into_iter().enumerate()
                    {
                        let (mut text, mut said) = (Vec::new(), Vec::new());
                        let rake = [0, 30, -1][(k + w) % 3];
                        let listed: &[i64] = [&[][..], &[100, 250][..], &[100, -1][..]][w % 3];
                        let words = || {
                            let mut t = format!(
                                "Total pot {}",
                                written(won.max(0).saturating_add(5), symbol)
                            );
                            for (p, &c) in listed.iter().enumerate() {
                                let title = if p == 0 {
                                    "Main pot".into()
                                } else {
                                    format!("Side pot-{p}")
                                };
                                t.push_str(&format!(" {title} {}.", written(c, symbol)));
                            }
                            t.push_str(&format!(" | Rake {}", written(rake, symbol)));
                            t
                        };
                        text.push((22, Piece::from(words())));
                        said.push((
                            22,
                            total((won.max(0).saturating_add(5), rake), listed, 22, words),
                        ));
                        for i in 0..seats.len() {
                            let folded = (i + k + w) % 3 == 0;
                            let won = if i == 0 { won } else { (i as i64) * 7 };
                            let line = seat_line(
                                seats[i],
                                folded,
                                *cards,
                                (won > 0).then(|| written(won, symbol)),
                            );
                            text.push((23 + i, Piece::from(line)));
                            let piece = seat(seats, i, (folded, *cards), won, symbol, 23 + i);
                            fast += usize::from(matches!(piece, Piece::Seat(_)));
                            said.push((23 + i, piece));
                        }
                        assert_eq!(
                            read(seats, text),
                            read(seats, said),
                            "{seats:?} {cards:?} {won}"
                        );
                    }
                }
            }
        }
        assert!(fast > 1000, "{fast}");
    }
}

#[cfg(test)]
mod listed_tests {
    use super::*;

    #[test]
    fn a_seat_list_given_as_what_it_says_is_read_as_its_text() {
        let names =
            ["Ann", "a b", "x ", "y\t", "", " z", "é ü", "a: b (c) [d]", "Q (5 in chips)", "w)"];
        let mut fast = 0;
        for (k, name) in names.into_iter().enumerate() {
            for seat in [0, 1, 2, 9, 10, MAX_SEAT, MAX_SEAT + 1] {
                for stack in [0, 1, 50, 100, 150, 12_345, -5, i64::MAX] {
                    for symbol in [None, Some('$'), Some('€'), Some('£')] {
                        let seats = [(seat, name), (if seat == 1 { 2 } else { 1 }, "Other")];
                        let text = |i: usize, &(seat, name): &(u32, &str)| {
                            let c = if i == 0 { stack } else { 500 };
                            (3 + i, Piece::from(seat_list_line(seat, name, c, symbol)))
                        };
                        let said = |i: usize, &s: &(u32, &str)| {
                            let c = if i == 0 { stack } else { 500 };
                            let piece = listed(s, c, symbol, 3 + i);
                            (3 + i, piece)
                        };
                        fast += usize::from(matches!(
                            listed(seats[0], stack, symbol, 3),
                            Piece::Listed(_)
                        ));
                        let a = super::tests::read_listed(&seats, Vec::new(), text);
                        let b = super::tests::read_listed(&seats, Vec::new(), said);
                        assert_eq!(a, b, "{k} {seat} {stack} {symbol:?}");
                    }
                }
            }
        }
        assert!(fast > 100, "{fast}");
    }
}
