//! Why an action or a hand's setup is illegal.

use thiserror::Error;

use super::Chips;
use crate::card::Card;

/// Why the stakes of a hand cannot start a hand.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Too few or too many players for the game.
    #[error(
        "{}: {game}{} is played by 2 to {max}",
        crate::text::count(*.count, "player", "players"),
        hole_cards.map_or(String::new(), |k| format!(" with {k} hole cards"))
    )]
    PlayerCount {
        /// Players in the hand.
        count: usize,
        /// The game's code.
        game: &'static str,
        /// The hole cards dealt, when not the code's own (five- and six-card Omaha).
        hole_cards: Option<usize>,
        /// The most the game allows.
        max: usize,
    },
    /// An array has the wrong length.
    #[error(
        "`{field}` has {} for {}",
        crate::text::count(*.len, "entry", "entries"),
        crate::text::count(*.players, "player", "players")
    )]
    Length {
        /// The field.
        field: &'static str,
        /// Its length.
        len: usize,
        /// The number of players.
        players: usize,
    },
    /// A negative amount, or a stack that is not positive.
    #[error("`{field}` entry {index} is {value}: {why}")]
    Amount {
        /// The field.
        field: &'static str,
        /// Which entry, from 1.
        index: usize,
        /// Its value in chips.
        value: Chips,
        /// What is wrong.
        why: &'static str,
    },
    /// A bet size the structure needs is missing or not positive.
    #[error("{0}")]
    Stake(String),
    /// A bomb pot that cannot be dealt: blinds or antes beside the bomb, a game without a
    /// flop, two boards outside a bomb pot or more cards than the deck holds (`bomb.rs`).
    #[error("{0}")]
    BombPot(String),
    /// The game is known but not playable yet.
    #[error("variant `{0}` is not supported yet (the stud games are planned)")]
    Unsupported(&'static str),
}

/// Why an action is illegal, or why a hand cannot be finished.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// Another player is to act.
    #[error("out of turn: {actor} acted but {expected} is to act")]
    OutOfTurn {
        /// Who acted.
        actor: String,
        /// Who is to act.
        expected: String,
    },
    /// The action does not fit the hand's current phase.
    #[error("{0}")]
    WrongPhase(String),
    /// A check while facing a bet.
    #[error("{player} cannot check: facing a bet, {to_call} more to call")]
    CheckFacingBet {
        /// The player.
        player: String,
        /// What calling costs.
        to_call: Chips,
    },
    /// A bet or raise below the minimum that is not all-in.
    #[error("raise to {to} is below the minimum of {min} (and is not all-in)")]
    BelowMinimum {
        /// The amount raised to.
        to: Chips,
        /// The least legal amount.
        min: Chips,
    },
    /// A pot-limit bet or raise above the pot.
    #[error("raise to {to} is above the pot limit of {max}")]
    AbovePotLimit {
        /// The amount raised to.
        to: Chips,
        /// The most the pot allows.
        max: Chips,
    },
    /// A fixed-limit bet or raise of the wrong size.
    #[error("wrong fixed-limit size: a bet or raise here goes to exactly {expected}, not {to}")]
    WrongFixedSize {
        /// The amount raised to.
        to: Chips,
        /// The only legal amount.
        expected: Chips,
    },
    /// A spread-limit bet or raise out of range.
    #[error("raise to {to} is outside the spread limits {min} to {max}")]
    OutsideSpread {
        /// The amount raised to.
        to: Chips,
        /// The least legal amount.
        min: Chips,
        /// The most.
        max: Chips,
    },
    /// More than the stack.
    #[error("raise to {to} is more than the player has ({max} at most)")]
    AboveStack {
        /// The amount raised to.
        to: Chips,
        /// Stack plus bet.
        max: Chips,
    },
    /// Not above the current bet.
    #[error("{to} is not a raise: the bet to call is already {current}")]
    NotARaise {
        /// The amount.
        to: Chips,
        /// The current bet.
        current: Chips,
    },
    /// The round's bets and raises are capped.
    #[error(
        "the round is capped: {} been made, no more raising",
        crate::text::count(*.cap, "bet or raise has", "bets and raises have")
    )]
    Capped {
        /// The cap.
        cap: u32,
    },
    /// A raise after only a short all-in, which did not reopen the betting.
    #[error("{player} may only call or fold: the all-in raise since they acted was not a full raise, so betting is not reopened")]
    NotReopened {
        /// The player.
        player: String,
    },
    /// A raise when every other player still in is all-in (has no chips behind).
    #[error("{player} cannot raise: every other player still in is all-in")]
    NobodyToRaise {
        /// The player.
        player: String,
    },
    /// PHH codes (as PokerKit): a raise when no other player can put in more than the bet to
    /// call, though some still have chips behind.
    #[error("{player} cannot raise: no other player can put in more than {most}")]
    NoneCanMatch {
        /// The player.
        player: String,
        /// The most any other player still in can have in the round, in chips.
        most: Chips,
    },
    /// All-in protection asked for in a game whose timeout rule is fold-unless-check.
    #[error("{player} cannot be protected all-in: {game} has no all-in protection (a player who fails to act checks if that costs nothing and folds otherwise; write `{player} _timeout`)")]
    NoAllInProtection {
        /// The player.
        player: String,
        /// The game's code.
        game: &'static str,
    },
    /// An action marked as out of turn by the player who was to act.
    #[error("{player} was to act, so the action was not out of turn")]
    NotOutOfTurn {
        /// The player.
        player: String,
    },
    /// A raise by a player who cannot even call in full.
    #[error("{player} cannot raise: their stack only covers a call")]
    OnlyCall {
        /// The player.
        player: String,
    },
    /// A card dealt twice.
    #[error("duplicate card: {0} was already dealt")]
    DuplicateCard(Card),
    /// A card not in the game's deck.
    #[error("{card} is not in the {deck}")]
    NotInDeck {
        /// The card.
        card: Card,
        /// The deck.
        deck: crate::card::Deck,
    },
    /// Wrong number of cards, or cards to a player who gets none now.
    #[error("{0}")]
    BadDeal(String),
    /// Turnover: the turn was dealt before every live player exposed a card.
    #[error("missing expose: {players} must turn one hole card face up before the turn")]
    MissingExpose {
        /// Who has not exposed.
        players: String,
    },
    /// An expose or show naming cards the player does not hold.
    #[error("{0}")]
    BadCards(String),
    /// A player index outside the table.
    #[error("there is no player {0} at this table")]
    NoSuchPlayer(String),
    /// The hand stops before it is over.
    #[error("the hand is not finished: {0}")]
    Incomplete(String),
    /// The winner cannot be decided (unknown cards at showdown).
    #[error("cannot decide the pots: {0}")]
    Unresolved(String),
}

impl RuleError {
    /// The error's message with each amount written by `amount` (say `$0.25` for 25 chips of a
    /// cent, for a hand read from a site's text); the same words as its `Display`, which writes
    /// amounts as the hand's whole chips.
    ///
    /// ```
    /// use feltkit::rules::{Chips, RuleError};
    /// let e = RuleError::BelowMinimum { to: Chips(25), min: Chips(50) };
    /// assert_eq!(e.to_string(), "raise to 25 is below the minimum of 50 (and is not all-in)");
    /// let dollars = |c: Chips| format!("${}.{:02}", c.get() / 100, c.get() % 100);
    /// assert_eq!(
    ///     e.describe(&dollars),
    ///     "raise to $0.25 is below the minimum of $0.50 (and is not all-in)"
    /// );
    /// ```
    pub fn describe(&self, amount: &dyn Fn(Chips) -> String) -> String {
        let a = amount;
        match self {
            RuleError::CheckFacingBet { player, to_call } => {
                format!("{player} cannot check: facing a bet, {} more to call", a(*to_call))
            }
            RuleError::BelowMinimum { to, min } => format!(
                "raise to {} is below the minimum of {} (and is not all-in)",
                a(*to),
                a(*min)
            ),
            RuleError::AbovePotLimit { to, max } => {
                format!("raise to {} is above the pot limit of {}", a(*to), a(*max))
            }
            RuleError::WrongFixedSize { to, expected } => format!(
                "wrong fixed-limit size: a bet or raise here goes to exactly {}, not {}",
                a(*expected),
                a(*to)
            ),
            RuleError::OutsideSpread { to, min, max } => format!(
                "raise to {} is outside the spread limits {} to {}",
                a(*to),
                a(*min),
                a(*max)
            ),
            RuleError::AboveStack { to, max } => {
                format!("raise to {} is more than the player has ({} at most)", a(*to), a(*max))
            }
            RuleError::NotARaise { to, current } => {
                format!("{} is not a raise: the bet to call is already {}", a(*to), a(*current))
            }
            RuleError::NoneCanMatch { player, most } => {
                format!("{player} cannot raise: no other player can put in more than {}", a(*most))
            }
            other => other.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RuleError;
    use crate::rules::Chips;

    #[test]
    fn an_error_described_in_whole_chips_reads_as_its_display() {
        let p = || "p2".to_string();
        let errors = [
            RuleError::CheckFacingBet { player: p(), to_call: Chips(5) },
            RuleError::BelowMinimum { to: Chips(3), min: Chips(4) },
            RuleError::AbovePotLimit { to: Chips(9), max: Chips(8) },
            RuleError::WrongFixedSize { to: Chips(5), expected: Chips(4) },
            RuleError::OutsideSpread { to: Chips(1), min: Chips(2), max: Chips(3) },
            RuleError::AboveStack { to: Chips(7), max: Chips(6) },
            RuleError::NotARaise { to: Chips(2), current: Chips(2) },
            RuleError::NoneCanMatch { player: p(), most: Chips(11) },
            RuleError::WrongPhase("no betting now".into()),
        ];
        for e in errors {
            assert_eq!(e.describe(&|c| c.to_string()), e.to_string());
        }
    }
}
