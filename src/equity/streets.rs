//! Equity street by street: along a given runout (preflop, flop, turn, river), or over every
//! card that can come next on a flop or turn.
//!
//! ```
//! use feltkit::equity::{next_cards, runout, Game, Options, Query};
//! let mut q = Query::new(Game::Holdem, ["AhKh", "QsQd"]);
//! q.board = "Js7c2dAc4h".into();
//! let streets = runout(&q, &Options::default()).unwrap();
//! let names: Vec<&str> = streets.iter().map(|s| s.name).collect();
//! assert_eq!(names, ["preflop", "flop", "turn", "river"]);
//! assert_eq!(streets[3].equity.players[0].equity, 1.0); // aces on the river
//! q.board = "Js7c2d".into();
//! let next = next_cards(&q, &Options::default()).unwrap();
//! assert_eq!(next.cards.len(), 45); // 52 less the flop and four hole cards
//! // An ace or a king (three of each left) gives AhKh the lead.
//! let ahead = next.cards.iter().filter(|c| c.equity.players[0].equity > 0.5).count();
//! assert_eq!(ahead, 6);
//! ```

use super::{EquityError, Game, Options, Progress, Query};
use crate::card::{format_cards, parse_cards, Card};

/// One street of a runout and the equities on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Street {
    /// `preflop`, `flop`, `turn` or `river`.
    pub name: &'static str,
    /// The board cards out on this street.
    pub board: Vec<Card>,
    /// The equities with that board.
    pub equity: super::Equity,
}

/// One card that can come next and the equities after it.
#[derive(Clone, Debug, PartialEq)]
pub struct NextCard {
    /// The card.
    pub card: Card,
    /// The equities with it on the board.
    pub equity: super::Equity,
}

/// The equities now and after each card that can come next.
#[derive(Clone, Debug, PartialEq)]
pub struct NextCards {
    /// The street the next card makes: `turn` or `river`.
    pub street: &'static str,
    /// The board as given (a flop or a turn).
    pub board: Vec<Card>,
    /// The equities on the board as given.
    pub now: super::Equity,
    /// Each card that can come, in card order. Cards that no deal allows (one that would empty
    /// a player's range) are left out.
    pub cards: Vec<NextCard>,
}

/// The streets' names by board size.
fn street_name(cards: usize) -> &'static str {
    match cards {
        0 => "preflop",
        3 => "flop",
        4 => "turn",
        _ => "river",
    }
}

fn check_game(q: &Query) -> Result<(), EquityError> {
    let ok = matches!(q.game, Game::Holdem | Game::ShortDeck) || q.game.is_omaha();
    if ok {
        Ok(())
    } else {
        Err(EquityError::BadSetting(format!(
            "equity by street is for the board games holdem, shortdeck and omaha, not {}",
            q.game
        )))
    }
}

/// Runs `f` in the options' thread pool.
fn in_pool<T>(
    opts: &Options,
    f: impl FnOnce() -> Result<T, EquityError> + Send,
) -> Result<T, EquityError>
where
    T: Send,
{
    match opts.threads {
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|_| EquityError::Threads(n))?
            .install(f),
        None => f(),
    }
}

/// One calculation among `of`, the `i`th, reporting its progress as part of the whole.
fn step(
    q: &Query,
    progress: Option<&Progress<'_>>,
    i: usize,
    of: usize,
) -> Result<super::Equity, EquityError> {
    let part = |f: f64| {
        if let Some(outer) = progress {
            outer((i as f64 + f) / of as f64);
        }
    };
    super::calculate_with(q, &Options { threads: None, progress: Some(&part) })
}

/// The equities preflop and on the flop, turn and river of the five board cards the query
/// gives.
pub fn runout(q: &Query, opts: &Options) -> Result<Vec<Street>, EquityError> {
    check_game(q)?;
    let board = parse_cards(&q.board, q.game.deck()).map_err(EquityError::Board)?;
    if board.len() != 5 {
        return Err(EquityError::BoardSize {
            got: board.len(),
            expected: "5 for a runout (a flop or turn gives the next card's equities)",
        });
    }
    in_pool(opts, || {
        [0, 3, 4, 5]
            .iter()
            .enumerate()
            .map(|(i, &k)| {
                let mut street = q.clone();
                street.board = format_cards(&board[..k]);
                let equity = step(&street, opts.progress, i, 4)?;
                Ok(Street { name: street_name(k), board: board[..k].to_vec(), equity })
            })
            .collect()
    })
}

/// The equities on the query's flop or turn, and after each card that can come next.
pub fn next_cards(q: &Query, opts: &Options) -> Result<NextCards, EquityError> {
    check_game(q)?;
    let parsed = q.parse()?;
    let n = parsed.board.len();
    if n != 3 && n != 4 {
        return Err(EquityError::BoardSize {
            got: n,
            expected: "3 or 4 for the next card's equities (5 gives the runout street by street)",
        });
    }
    let known = parsed.known();
    let deck: Vec<Card> = q.game.deck().cards().iter().filter(|c| !known.contains(*c)).collect();
    in_pool(opts, || {
        let now = step(q, opts.progress, 0, deck.len() + 1)?;
        let mut cards = Vec::with_capacity(deck.len());
        for (i, &card) in deck.iter().enumerate() {
            let mut next = q.clone();
            next.board = format_cards(&[&parsed.board[..], &[card]].concat());
            match step(&next, opts.progress, i + 1, deck.len() + 1) {
                Ok(equity) => cards.push(NextCard { card, equity }),
                Err(EquityError::EmptyRange { .. } | EquityError::NoDeal) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(NextCards { street: street_name(n + 1), board: parsed.board.clone(), now, cards })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Over the turn cards, each weighted by its deals, the equities average to the flop's:
    /// for exact hands every turn card has the same number of rivers.
    #[test]
    fn the_next_cards_average_to_the_equity_now() {
        let mut q = Query::new(Game::Holdem, ["AhKh", "QsQd"]);
        q.board = "Js7c2d".into();
        let next = next_cards(&q, &Options::default()).unwrap();
        let mean: f64 = next.cards.iter().map(|c| c.equity.players[0].equity).sum::<f64>()
            / next.cards.len() as f64;
        assert!((mean - crate::equity::calculate(&q).unwrap().players[0].equity).abs() < 1e-12);
        // Hand count: the aces and kings left (3 + 3) put AhKh ahead with 44 rivers each:
        // it loses only to the two queens left (2 of 44).
        let ace = next.cards.iter().find(|c| c.card.to_string() == "Ac").unwrap();
        assert!((ace.equity.players[0].equity - 42.0 / 44.0).abs() < 1e-12);
    }

    #[test]
    fn streets_need_a_board_of_the_right_size() {
        let mut q = Query::new(Game::Holdem, ["AhKh", "QsQd"]);
        assert!(matches!(next_cards(&q, &Options::default()), Err(EquityError::BoardSize { .. })));
        q.board = "Js7c2d".into();
        assert!(matches!(runout(&q, &Options::default()), Err(EquityError::BoardSize { .. })));
        let q = Query::new(Game::Stud7, ["AhKd7c", "9s9h2c"]);
        assert!(runout(&q, &Options::default()).is_err());
    }
}
