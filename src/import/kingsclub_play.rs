//! The play and the summary of a KingsClub hold'em or Omaha hand in PokerStars' words
//! ([`super::kingsclub_lines`]).
//!
//! | KingsClub writes | read as |
//! |---|---|
//! | `NAME: posts ante 50`, `posts the small blind 125`, `posts the big blind 250` | `NAME: posts the ante 50`, `posts small blind 125`, `posts big blind 250` |
//! | `Dealt to NAME: [X X]` | nothing: the cards are not known |
//! | `NAME calls 625` (the player's bet on the street after the call, the blind counted in) | `NAME: calls 500`, what the call puts in |
//! | `NAME raises to 1,375`, `bets 198.49, and is all in` | `NAME: raises 1000 to 1375`, `bets 198.49 and is all-in` |
//! | `*** BOARD 1 - RIVER *** [3h Qc 4s 4c] [Qh]`, `*** BOARD 2 - RIVER *** [- - - Kh] [Ac]` | the board run twice: `*** FIRST TURN *** [3h Qc 4s] [4c]`, `*** FIRST RIVER ***`, `*** SECOND TURN *** [3h Qc 4s] [Kh]`, ... (`-` is a card both runs share) |
//! | no line for a bet nobody called | `Uncalled bet (X) returned to NAME`, worked out from what each put in |
//! | `NAME wins (222.12) from pot`, `NAME wins pot (1,350)` in the summary | `NAME collected 222.12 from pot` |
//!
//! What a player is said to win is held to what the replay pays that player from all the pots
//! together; each seat's stack after the hand, to the replay's (see [`super::kingsclub`]).

use std::borrow::Cow;

use super::collected::{seat_line, uncalled, written};
use super::kingsclub_lines::{amount_of, Out};
use super::kingsclub_summary::ending;
use super::lines::{who, Line};
use super::pokerstars::{cents_amount, err, Piece, StarsEvent, Summary, SummarySeat, TextError};

pub(super) use super::chico_play::who_colon;

/// The cards of each `[...]` of a line, one after another.
pub(super) fn bracket_cards(t: &str) -> Vec<&str> {
    let mut out = Vec::with_capacity(7);
    let b = t.as_bytes();
    let mut from = 0;
    while let Some(open) = memchr::memchr(b'[', &b[from..]).map(|k| from + k) {
        let Some(close) = memchr::memchr(b']', &b[open..]).map(|k| open + k) else { break };
        out.extend(t[open + 1..close].split_whitespace());
        from = close + 1;
    }
    out
}

/// The words the PokerStars reader takes before a run's street.
const RUN_WORDS: [&str; 3] = ["FIRST", "SECOND", "THIRD"];

/// A run's street lines, each with its line in the text.
type Streets = Vec<(usize, String)>;

/// The boards of a hand run more than once, as read from its `*** BOARD K - STREET ***` lines.
struct Runs {
    /// The board cards dealt before the runs.
    shared: usize,
    /// Each run's board so far, and the streets read for it.
    boards: Vec<(Vec<String>, Streets)>,
}

impl Runs {
    /// Reads `*** BOARD K - STREET *** [..] [..]` (at line `n`), the board dealt before the
    /// runs being `board`.
    fn read(&mut self, n: usize, t: &str, board: &[String]) -> Result<(), TextError> {
        let k: Option<usize> =
            t.strip_prefix("*** BOARD ").and_then(|r| r.split(' ').next()?.parse().ok());
        let Some(k) = k.filter(|&k| (1..=9).contains(&k)) else {
            return err(
                n,
                format!("expected `*** BOARD N - STREET *** [...]` with N from 1 to 9, not `{t}`"),
            );
        };
        if k > self.boards.len() + 1 {
            return err(n, format!("board {k} comes before board {}", self.boards.len() + 1));
        }
        if k > self.boards.len() {
            self.boards.push((board[..self.shared].to_vec(), Vec::with_capacity(3)));
        }
        let cards = bracket_cards(t);
        let (run, streets) = &mut self.boards[k - 1];
        if cards.len() > 5 || cards.len() <= run.len() || cards.len() < 3 {
            return err(n, format!("expected the board's three to five cards, more than the {} board {k} had, not {}", run.len(), cards.len()));
        }
        for (p, &c) in cards.iter().enumerate() {
            let same = if p < self.shared { c == "-" || c == board[p] } else { c != "-" };
            if !same || (p >= self.shared && p < run.len() && run[p] != c) {
                return err(n, format!("card {} of board {k}, `{c}`, is not the card dealt before the runs nor a new one", p + 1));
            }
        }
        let word = |w: usize| RUN_WORDS.get(w).copied().unwrap_or("");
        while run.len() < cards.len() {
            let p = run.len();
            let end = if p < 3 { 3 } else { p + 1 };
            run.extend(cards[p..end].iter().map(|c| c.to_string()));
            let text = match p {
                0..=2 => format!("*** {} FLOP *** [{}]", word(k - 1), run.join(" ")),
                3 => format!("*** {} TURN *** [{}] [{}]", word(k - 1), run[..3].join(" "), run[3]),
                _ => format!("*** {} RIVER *** [{}] [{}]", word(k - 1), run[..4].join(" "), run[4]),
            };
            streets.push((n, text));
        }
        Ok(())
    }

    /// The runs' streets, the first run's first, into `out`: without their run word when the
    /// board was run once.
    fn flush(&mut self, out: &mut Out<'_>) -> Option<String> {
        let once = self.boards.len() == 1;
        let many = self.boards.len();
        for (_, streets) in self.boards.drain(..) {
            for (n, s) in streets {
                let s = if once { s.replacen("*** FIRST ", "*** ", 1) } else { s };
                out.push((n, Cow::<str>::Owned(s).into()));
            }
        }
        (many > RUN_WORDS.len()).then(|| {
            format!("the board was run {many} times: feltkit runs a board at most three times")
        })
    }
}

/// The play (the lines after the seat list) and the summary in PokerStars' words, into `out`;
/// the reason the hand is not replayed, if one is found.
pub(super) fn play<'t>(
    lines: &[Line<'t>],
    seats: &[(u32, &'t str, i64, usize)],
    out: &mut Out<'t>,
) -> Result<Option<String>, TextError> {
    let names: Vec<(u32, &str)> = seats.iter().map(|s| (s.0, s.1)).collect();
    let k = seats.len();
    let mut put = vec![0i64; k];
    let mut street = vec![0i64; k];
    let mut folded = vec![false; k];
    let mut acted = vec![false; k];
    let mut shown: Vec<Option<String>> = vec![None; k];
    let mut board: Vec<String> = Vec::with_capacity(5);
    let mut runs: Option<Runs> = None;
    let mut refusal = None;
    let mut hole = false;
    // Where a bet nobody called goes back: after the last bet.
    let mut last_bet = out.len();
    let mut returned = false;
    for (j, l) in lines.iter().enumerate() {
        let (n, t) = (l.number, l.text);
        if !t.starts_with("*** BOARD ")
            && let Some(mut r) = runs.take()
            && let Some(why) = r.flush(out)
        {
            refusal.get_or_insert(format!("line {n}: {why}"));
        }
        if t == "*** SUMMARY ***" {
            let stacks: Vec<(&str, i64)> = seats.iter().map(|s| (s.1, s.2)).collect();
            let e = ending(n, &lines[j + 1..], &stacks)?;
            if !returned && let Some((top, excess)) = uncalled(&put, &vec![0; k]) {
                put[top] -= excess;
                let back = || {
                    let w = written(excess, None);
                    format!("Uncalled bet ({w}) returned to {}", names[top].1)
                };
                let line = Piece::with_amount(excess, |a| StarsEvent::Uncalled(top, a), back);
                out.insert(last_bet, (n, line));
            }
            let live: Vec<usize> = (0..k).filter(|&i| acted[i] && !folded[i]).collect();
            let mut won = vec![0i64; k];
            for &(_, i, c) in &e.wins {
                won[i] = won[i].saturating_add(c);
            }
            if live.len() > 1 && live.iter().any(|&i| shown[i].is_some()) {
                for &i in &live {
                    if shown[i].is_none() && won[i] == 0 {
                        out.push((n, Piece::Event(StarsEvent::Mucks(i))));
                        folded[i] = true;
                    }
                }
            }
            for &(at, i, c) in &e.wins {
                let text = || format!("{} collected {} from pot", names[i].1, written(c, None));
                out.push((
                    at,
                    Piece::with_amount(c, |a| StarsEvent::Collected(i, a, "pot".into()), text),
                ));
            }
            let paid = won.iter().fold(0i64, |a, &c| a.saturating_add(c));
            out.push((n, Cow::Borrowed("*** SUMMARY ***").into()));
            let all = paid.saturating_add(e.rake);
            let text =
                || format!("Total pot {} | Rake {}", written(all, None), written(e.rake, None));
            out.push((
                n,
                match (cents_amount(all), cents_amount(e.rake)) {
                    (Some(total), Some(rake)) => {
                        Piece::Total(Summary { total, rake, pots: Vec::new(), line: n })
                    }
                    _ => Cow::<str>::Owned(text()).into(),
                },
            ));
            for i in 0..k {
                if acted[i] || won[i] > 0 {
                    let shows = shown[i].as_deref().filter(|_| !folded[i]);
                    if shows.is_none() {
                        let won = if won[i] > 0 { cents_amount(won[i]) } else { None };
                        let seat = SummarySeat {
                            player: i,
                            line: n,
                            folded: folded[i],
                            showed: None,
                            won,
                        };
                        out.push((n, Piece::Seat(seat)));
                        continue;
                    }
                    let w = (won[i] > 0).then(|| written(won[i], None));
                    out.push((
                        n,
                        Cow::<str>::Owned(seat_line(names[i], folded[i], shows, w)).into(),
                    ));
                }
            }
            return Ok(refusal);
        }
        if t.starts_with("*** BOARD ") {
            let r = runs.get_or_insert(Runs { shared: board.len(), boards: Vec::with_capacity(2) });
            r.read(n, t, &board)?;
            continue;
        }
        if let Some(rest) = t.strip_prefix("*** ") {
            let name = rest.split(" ***").next().unwrap_or_default();
            match name {
                "HOLE CARDS" => hole = true,
                "FLOP" | "TURN" | "RIVER" => {
                    street.iter_mut().for_each(|x| *x = 0);
                    let cards = bracket_cards(t);
                    if cards.len() != [3, 4, 5][usize::from(name != "FLOP") + usize::from(name == "RIVER")] {
                        return err(n, format!("expected the {} board cards of the {name}, not `{t}`", if name == "FLOP" { 3 } else if name == "TURN" { 4 } else { 5 }));
                    }
                    board.clear();
                    board.extend(cards.iter().map(|c| c.to_string()));
                }
                _ => return err(n, format!("expected `*** HOLE CARDS ***`, `*** FLOP ***`, `*** TURN ***`, `*** RIVER ***`, `*** BOARD N - STREET ***` or `*** SUMMARY ***`, not `{t}`")),
            }
            out.push((n, Cow::Borrowed(t).into()));
            continue;
        }
        if let Some(rest) = t.strip_prefix("Dealt to ") {
            let Some((i, cards)) = who_colon(&names, rest) else {
                return err(
                    n,
                    format!("expected `Dealt to NAME: [cards]` with a seated player, not `{t}`"),
                );
            };
            acted[i] = true;
            let cards = bracket_cards(cards);
            if !hole {
                hole = true;
                out.push((n, Cow::Borrowed("*** HOLE CARDS ***").into()));
            }
            if cards.iter().all(|c| *c != "X") {
                let line = ["Dealt to ", names[i].1, " [", &cards.join(" "), "]"].concat();
                out.push((n, Cow::<str>::Owned(line).into()));
            }
            continue;
        }
        if let Some(rest) = t.strip_prefix("Uncalled bet (") {
            let Some((x, name)) = rest.split_once(") returned to ") else {
                return err(n, format!("expected `Uncalled bet (X) returned to NAME`, not `{t}`"));
            };
            let Some(i) = names.iter().position(|s| s.1 == name) else {
                return err(n, format!("{name} is not in the seat list"));
            };
            let c = amount_of(x, n)?;
            put[i] = put[i].saturating_sub(c);
            returned = true;
            let back = || format!("Uncalled bet ({}) returned to {name}", written(c, None));
            out.push((n, Piece::with_amount(c, |a| StarsEvent::Uncalled(i, a), back)));
            continue;
        }
        if t.starts_with("Hand cancelled") {
            refusal.get_or_insert(format!("line {n}: the hand was cancelled"));
            continue;
        }
        if t.starts_with("Run ") {
            refusal
                .get_or_insert(format!("line {n}: a hand shown once per run (`{t}`) is not read"));
            continue;
        }
        if let Some((i, verb)) = who_colon(&names, t) {
            let (verb, all_in) = all_in(verb);
            let name = names[i].1;
            acted[i] = true;
            let (what, blind) = if let Some(x) = verb.strip_prefix("posts ante ") {
                ("posts the ante", amount_of(x, n).map(|c| (c, false))?)
            } else if let Some(x) = verb.strip_prefix("posts the small blind ") {
                ("posts small blind", (amount_of(x, n)?, true))
            } else if let Some(x) = verb.strip_prefix("posts the big blind ") {
                ("posts big blind", (amount_of(x, n)?, true))
            } else if let Some(why) = not_replayed(verb) {
                return Ok(Some(format!("line {n}: {why}")));
            } else {
                return err(n, format!("expected `posts ante X`, `posts the small blind X` or `posts the big blind X` after `{name}:`, not `{verb}`"));
            };
            let (c, live) = blind;
            put[i] = put[i].saturating_add(c);
            if live {
                street[i] = street[i].saturating_add(c);
            }
            let verb = [what, " #", all_in].concat();
            out.push((n, Piece::said(i, name, &verb, &[c], None)));
            continue;
        }
        let Some((i, verb)) = who(&names, t) else {
            return err(
                n,
                format!("expected a seated player's action, a street or the summary, not `{t}`"),
            );
        };
        let name = names[i].1;
        let (verb, all_in) = all_in(verb);
        let line = if verb == "folds" {
            folded[i] = true;
            Piece::said(i, name, "folds", &[], None)
        } else if verb == "checks" {
            Piece::said(i, name, "checks", &[], None)
        } else if let Some(x) = verb.strip_prefix("shows ") {
            let cards = bracket_cards(x).join(" ");
            shown[i] = Some(["[", &cards, "]"].concat());
            Cow::<str>::Owned([name, ": shows [", &cards, "]"].concat()).into()
        } else if verb == "mucks" || verb == "mucks hand" {
            folded[i] = true;
            Piece::said(i, name, "mucks hand", &[], None)
        } else if let Some((word, x)) =
            ["calls ", "bets ", "raises to "].iter().find_map(|w| Some((*w, verb.strip_prefix(w)?)))
        {
            // Every amount is the player's bet on the street once the action is made.
            let to = amount_of(x, n)?;
            let added = to.saturating_sub(street[i]);
            if added <= 0 {
                return err(
                    n,
                    format!(
                        "{name} {word}{}, but has {} in on this street already",
                        written(to, None),
                        written(street[i], None)
                    ),
                );
            }
            let top = street.iter().copied().max().unwrap_or(0);
            if word == "calls " && (to > top || (to < top && all_in.is_empty())) {
                return err(
                    n,
                    format!(
                        "{name} calls {}, but the bet is {}",
                        written(to, None),
                        written(top, None)
                    ),
                );
            }
            put[i] = put[i].saturating_add(added);
            street[i] = to;
            last_bet = out.len() + 1;
            if to <= top {
                Piece::said_all_in(i, name, ("calls #", all_in), &[added], None)
            } else if top == 0 {
                Piece::said_all_in(i, name, ("bets #", all_in), &[to], None)
            } else {
                Piece::said_all_in(i, name, ("raises # to #", all_in), &[to - top, to], None)
            }
        } else if [
            "sits out",
            "is sitting out",
            "has timed out",
            "has returned",
            "is disconnected",
            "is connected",
            "doesn't show",
        ]
        .contains(&verb)
        {
            continue;
        } else if let Some(why) = not_replayed(verb) {
            return Ok(Some(format!("line {n}: {why}")));
        } else {
            return err(n, format!("expected an action after `{name}` (folds, checks, calls, bets, raises to, shows), not `{verb}`"));
        };
        acted[i] = true;
        out.push((n, line));
    }
    // No summary: the reader finds the hand cut off.
    Ok(refusal)
}

/// Why a hand holding `verb` after a player's name is not replayed, for the words KingsClub
/// writes that feltkit cannot replay: a blind posted out of turn (`posts blind 50`, whose dead
/// part is not written), a straddle, a capped game's cap.
pub(super) fn not_replayed(verb: &str) -> Option<&'static str> {
    if verb.starts_with("posts blind ") {
        Some(
            "a blind posted out of turn (`posts blind X`): which part of it is dead is not written",
        )
    } else if verb.starts_with("straddle") || verb.starts_with("posts straddle") {
        Some("a straddle: who acts after it is not written")
    } else if verb.contains("has reached the [") {
        Some("a capped game (`has reached the [X] cap`): the cap is not written in the header")
    } else {
        None
    }
}

/// An action without its `, and is all in`, and the PokerStars words for it.
fn all_in(verb: &str) -> (&str, &'static str) {
    match verb.strip_suffix(", and is all in").or_else(|| verb.strip_suffix(" and is all in")) {
        Some(v) => (v.trim_end(), " and is all-in"),
        None => (verb, ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_run_twice_gives_each_run_its_streets() {
        let board: Vec<String> = ["3h", "Qc", "4s"].iter().map(|c| c.to_string()).collect();
        let mut r = Runs { shared: 3, boards: Vec::new() };
        r.read(7, "*** BOARD 1 - RIVER *** [3h Qc 4s 4c] [Qh]", &board).unwrap();
        r.read(8, "*** BOARD 2 - RIVER *** [- - - Kh] [Ac]", &board).unwrap();
        let mut out = Vec::new();
        assert_eq!(r.flush(&mut out), None);
        let text: Vec<&str> = out
            .iter()
            .filter_map(|(_, t)| match t {
                Piece::Text(t) => Some(t.as_ref()),
                _ => None,
            })
            .collect();
        assert_eq!(
            text,
            [
                "*** FIRST TURN *** [3h Qc 4s] [4c]",
                "*** FIRST RIVER *** [3h Qc 4s 4c] [Qh]",
                "*** SECOND TURN *** [3h Qc 4s] [Kh]",
                "*** SECOND RIVER *** [3h Qc 4s Kh] [Ac]"
            ]
        );
        let mut r = Runs { shared: 3, boards: Vec::new() };
        assert_eq!(
            r.read(9, "*** BOARD 2 - RIVER *** [- - - Kh] [Ac]", &board).unwrap_err().line,
            9
        );
        assert!(r.read(9, "*** BOARD 1 - RIVER *** [3h Qc 5s 4c] [Qh]", &board).is_err());
        assert!(r.read(9, "*** BOARD 1 - RIVER *** [3h Qc 4s - ] [Qh]", &board).is_err());
    }

    #[test]
    fn all_in_is_read_off_the_action() {
        assert_eq!(all_in("bets 198.49, and is all in"), ("bets 198.49", " and is all-in"));
        assert_eq!(all_in("calls 22"), ("calls 22", ""));
        assert_eq!(bracket_cards("[2h 7h Td Ks] [4d]"), ["2h", "7h", "Td", "Ks", "4d"]);
    }
}
