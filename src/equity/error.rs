//! What can be wrong with an equity query, with enough context to fix it.

use thiserror::Error;

use crate::card::{Card, CardError};
use crate::range::RangeError;

/// Why an equity query could not be answered.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum EquityError {
    /// The game name is unknown.
    #[error("unknown game {0:?}: expected {list}", list = super::Game::name_list())]
    UnknownGame(String),
    /// The method name is unknown.
    #[error("unknown method {0:?}: expected auto, exhaustive or monte_carlo")]
    UnknownMethod(String),
    /// Too few or too many players for the game.
    #[error("{game} takes {min} to {max} players, got {got}")]
    PlayerCount {
        /// The game's name.
        game: &'static str,
        /// Players given.
        got: usize,
        /// Fewest allowed.
        min: usize,
        /// Most allowed.
        max: usize,
    },
    /// A player's range or cards could not be read.
    #[error("player {player} ({spec:?}): {error}")]
    Range {
        /// The player, counting from 1.
        player: usize,
        /// The player's text.
        spec: String,
        /// What was wrong in it.
        error: RangeError,
    },
    /// A player's cards could not be read.
    #[error("player {player} ({spec:?}): {error}")]
    PlayerCards {
        /// The player, counting from 1.
        player: usize,
        /// The player's text.
        spec: String,
        /// What was wrong in it.
        error: CardError,
    },
    /// A range given for a game that takes each player's known cards (stud7, americana,
    /// turnover).
    #[error(
        "player {player} ({spec:?}): {game} takes each player's exact known cards (as in \
         {example}), not a range: ranges are for holdem, shortdeck and the omaha games"
    )]
    RangeNotCards {
        /// The player, counting from 1.
        player: usize,
        /// The player's text.
        spec: String,
        /// The game's name.
        game: &'static str,
        /// Cards the game would take.
        example: &'static str,
    },
    /// A player holds the wrong number of cards for the game.
    #[error("player {player} ({spec:?}): {}, expected {expected}", crate::text::count(*got, "card", "cards"))]
    PlayerCardCount {
        /// The player, counting from 1.
        player: usize,
        /// The player's text.
        spec: String,
        /// Cards given.
        got: usize,
        /// What the game expects.
        expected: &'static str,
    },
    /// The board could not be read.
    #[error("board: {0}")]
    Board(CardError),
    /// The dead cards could not be read.
    #[error("dead cards: {0}")]
    Dead(CardError),
    /// The board has a card count the game does not allow.
    #[error("board has {}, expected {expected}", crate::text::count(*got, "card", "cards"))]
    BoardSize {
        /// Cards given.
        got: usize,
        /// What the game allows.
        expected: &'static str,
    },
    /// One card is named in two places.
    #[error("{card} is used twice: in {first} and in {second}")]
    CardTwice {
        /// The card.
        card: Card,
        /// Where it appears first (e.g. "the board").
        first: String,
        /// Where it appears again (e.g. "player 2").
        second: String,
    },
    /// After removing colliding combos a player's range is empty.
    #[error("player {player} ({spec:?}): no combo left after removing those that use the board, dead or other players' cards")]
    EmptyRange {
        /// The player, counting from 1.
        player: usize,
        /// The player's text.
        spec: String,
    },
    /// The ranges leave no deal where all players hold distinct cards.
    #[error("the ranges leave no possible deal: every combination of hands shares a card")]
    NoDeal,
    /// Not enough cards left in the deck to deal every player and the board.
    #[error("the deck has {} left but the deal needs {needed}", crate::text::count(*left, "card", "cards"))]
    DeckTooSmall {
        /// Cards left.
        left: usize,
        /// Cards needed.
        needed: usize,
    },
    /// Exhaustive enumeration was asked for but is far too large: its estimated cost (in
    /// single-core nanoseconds, see [`crate::equity::plan`]) is above
    /// [`crate::equity::EXHAUSTIVE_LIMIT`].
    #[error(
        "exhaustive enumeration is estimated at {} of single-core work, and feltkit enumerates \
         at most {}: use Monte Carlo (--monte-carlo)",
        crate::equity::describe_seconds(*.0 * crate::equity::SECONDS_PER_COST),
        crate::equity::describe_seconds(crate::equity::EXHAUSTIVE_LIMIT * crate::equity::SECONDS_PER_COST)
    )]
    TooLarge(f64),
    /// Exhaustive enumeration was asked for, estimated above
    /// [`crate::equity::ALLOW_LONG_SECONDS`], and a long run was not allowed
    /// ([`crate::equity::check_long`]).
    #[error(
        "{0}, more than the {long} felt runs without asking: add --allow-long to run it, or use \
         Monte Carlo (--monte-carlo, or leave out --exhaustive), which stops at a standard \
         error of {stderr} far sooner",
        long = crate::equity::describe_seconds(crate::equity::ALLOW_LONG_SECONDS),
        stderr = crate::equity::DEFAULT_STDERR
    )]
    TooLong(crate::equity::Estimate),
    /// Exact enumeration would hold more matchup classes in memory than
    /// [`crate::equity::MAX_MATCHUP_CLASSES`] (the estimate is the field).
    #[error(
        "exact enumeration of these ranges would hold about {:.1e} matchup classes in memory, \
         more than the {:.0e} feltkit allows: use Monte Carlo (--monte-carlo), or narrow the \
         ranges",
        .0,
        crate::equity::MAX_MATCHUP_CLASSES
    )]
    TooManyMatchups(f64),
    /// Turnover players' hole cards describe no moment of the game (some exposed, some not, or
    /// an expose before the flop).
    #[error("turnover: {0}")]
    TurnoverStage(String),
    /// A Monte Carlo setting is out of range.
    #[error("{0}")]
    BadSetting(String),
    /// The thread pool could not be built.
    #[error("could not start {0} worker threads")]
    Threads(usize),
    /// The query's [`stop`](crate::equity::Query::stop) flag was raised before the end.
    #[error("stopped before the end (interrupted)")]
    Stopped,
}
