//! PHH action text: `d dh p1 AsKs`, `d db 7c8d9h`, `p2 cbr 300`, `p1 cc`, `p3 f`, `p1 sm AsKs`,
//! and feltkit's extensions `p1 ck`, `p3 _timeout`, `p3 _timeout all-in`,
//! `p5 _out_of_turn cbr 40`, `p2 _runs 2` and `p1 _cashout -0.65` (docs/replay.md).
//!
//! ```
//! use feltkit::phh::action::{parse_action, Action};
//! use feltkit::phh::Amount;
//! assert_eq!(parse_action("p3 f").unwrap(), Action::Fold(2)); // p1 is player 0
//! let raise = parse_action("p2 cbr 300 # a raise to 300").unwrap();
//! assert_eq!(raise, Action::BetOrRaiseTo(1, Amount::parse("300").unwrap()));
//! assert!(parse_action("p1 raise 300").is_err());
//! assert_eq!(parse_action("p3 _timeout all-in").unwrap(), Action::TimeOut { player: 2, all_in: true });
//! assert_eq!(
//!     parse_action("p5 _out_of_turn f").unwrap(),
//!     Action::OutOfTurn(4, Box::new(Action::Fold(4)))
//! );
//! ```

use thiserror::Error;

use super::amount::Amount;
pub use crate::rules::CardList;

use crate::card::{Card, Rank, Suit};

/// One action of a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `d dh pN CARDS`: hole cards to a player (`None`: `??`, unknown).
    DealHole {
        /// Player index (p1 is 0).
        player: usize,
        /// The cards.
        cards: CardList,
    },
    /// `d db CARDS`: board cards.
    DealBoard {
        /// The cards.
        cards: CardList,
    },
    /// `pN f`.
    Fold(usize),
    /// `pN cc`.
    CheckOrCall(usize),
    /// `pN ck` (feltkit extension): a check, illegal when facing a bet.
    Check(usize),
    /// `pN cbr X`: complete, bet or raise to X.
    BetOrRaiseTo(usize, Amount),
    /// `pN pb`: post the bring-in.
    BringIn(usize),
    /// `pN sd CARDS`: discard; in turnover, the card turned face up.
    Discard(usize, CardList),
    /// `pN sm CARDS` (show) or `pN sm` (muck).
    ShowOrMuck(usize, Option<CardList>),
    /// `pN _timeout` (feltkit extension): the player was to act and did not; they check if that
    /// is free and fold otherwise (a due stud bring-in is posted for them). `pN _timeout all-in`:
    /// the player failed to act and is protected all-in (games with all-in protection only).
    TimeOut {
        /// Player index (p1 is 0).
        player: usize,
        /// Whether the player is protected all-in rather than checked or folded.
        all_in: bool,
    },
    /// `pN _out_of_turn ACTION` (feltkit extension): a betting action (`f`, `cc`, `ck`,
    /// `cbr X` or `pb`) the player made out of turn, ignored by rule. The boxed action is that
    /// action, by the same player.
    OutOfTurn(usize, Box<Action>),
    /// `pN _runs K` (feltkit extension): after an all-in with board cards still to come, the
    /// player asks for the rest of the board to be dealt K times (docs/replay.md).
    ChooseRuns(usize, u8),
    /// `pN _cashout X` (feltkit extension): once the betting is over, the room pays the
    /// player X chips outside the pot (an EV Cashout, all-in insurance), or the player pays
    /// it when X is negative (docs/replay.md). The pots are still won by the cards.
    CashOut(usize, Amount),
}

impl Action {
    /// The player of a betting choice (`f`, `cc`, `ck`, `cbr X`, `_timeout`), `None` for any
    /// other action.
    pub fn chooser(&self) -> Option<usize> {
        match self {
            Action::Fold(p)
            | Action::CheckOrCall(p)
            | Action::Check(p)
            | Action::BetOrRaiseTo(p, _)
            | Action::TimeOut { player: p, .. } => Some(*p),
            _ => None,
        }
    }
}

/// An action in PHH's notation, as [`parse_action`] reads it back: `d dh p1 AsKs`, `p2 cbr 300`,
/// `p3 _timeout all-in`, `p5 _out_of_turn cbr 40` (the action inside [`Action::OutOfTurn`] is
/// written with its verb and amount only: the player is the outer one).
impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cards = |f: &mut std::fmt::Formatter<'_>, c: &CardList| -> std::fmt::Result {
            for card in c.iter() {
                match card {
                    Some(card) => write!(f, "{card}")?,
                    None => f.write_str("??")?,
                }
            }
            Ok(())
        };
        match self {
            Action::DealHole { player, cards: c } => {
                write!(f, "d dh p{} ", player + 1)?;
                cards(f, c)
            }
            Action::DealBoard { cards: c } => {
                f.write_str("d db ")?;
                cards(f, c)
            }
            Action::Fold(p) => write!(f, "p{} f", p + 1),
            Action::CheckOrCall(p) => write!(f, "p{} cc", p + 1),
            Action::Check(p) => write!(f, "p{} ck", p + 1),
            Action::BetOrRaiseTo(p, x) => write!(f, "p{} cbr {x}", p + 1),
            Action::BringIn(p) => write!(f, "p{} pb", p + 1),
            Action::Discard(p, c) if c.is_empty() => write!(f, "p{} sd", p + 1),
            Action::Discard(p, c) => {
                write!(f, "p{} sd ", p + 1)?;
                cards(f, c)
            }
            Action::ShowOrMuck(p, None) => write!(f, "p{} sm", p + 1),
            Action::ShowOrMuck(p, Some(c)) => {
                write!(f, "p{} sm ", p + 1)?;
                cards(f, c)
            }
            Action::TimeOut { player, all_in: false } => write!(f, "p{} _timeout", player + 1),
            Action::TimeOut { player, all_in: true } => {
                write!(f, "p{} _timeout all-in", player + 1)
            }
            Action::OutOfTurn(p, inner) => {
                let inner = inner.to_string();
                // The inner action without its actor: `p5 cbr 40` gives `cbr 40`.
                let verb = inner.split_once(' ').map_or(inner.as_str(), |(_, rest)| rest);
                write!(f, "p{} _out_of_turn {verb}", p + 1)
            }
            Action::ChooseRuns(p, k) => write!(f, "p{} _runs {k}", p + 1),
            Action::CashOut(p, x) => write!(f, "p{} _cashout {x}", p + 1),
        }
    }
}

/// Why an action text cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct ActionError {
    /// What is wrong, quoting the text.
    pub message: String,
    /// Whether the cards of the action cannot be read (`d db 3x`): the record is malformed
    /// rather than an action illegal.
    pub bad_cards: bool,
}

impl ActionError {
    fn new(message: String) -> ActionError {
        ActionError { message, bad_cards: false }
    }

    fn cards(message: String) -> ActionError {
        ActionError { message: format!("{message}: {CARD_FORM}"), bad_cards: true }
    }
}

/// What a card looks like, for messages about cards that cannot be read.
const CARD_FORM: &str = "a card is a rank (2 to 9, T, J, Q, K or A) and a suit (c, d, h or s), \
    as in `Ah` or `Td`, and `??` is an unknown card";

/// Reads one action. A `# comment` at the end is ignored.
pub fn parse_action(text: &str) -> Result<Action, ActionError> {
    let mut words = [""; 6];
    let count = split_words(text, &mut words);
    if count == words.len() {
        return Err(ActionError::new("unexpected text after the action".into()));
    }
    parse_words(&words[..count])
}

/// Reads one action from its words (at most five).
fn parse_words(words: &[&str]) -> Result<Action, ActionError> {
    let err = |m: &str| ActionError::new(m.to_string());
    let (actor, verb, rest) = match words {
        [] => return Err(err("empty action")),
        [_] => return Err(err("missing the action after the actor")),
        [actor, verb, rest @ ..] => (*actor, *verb, rest),
    };
    if actor == "d" {
        return match verb {
            "dh" => {
                let [p, cards] = rest[..] else {
                    return Err(err("expected `d dh pN CARDS`"));
                };
                Ok(Action::DealHole { player: player(p)?, cards: cards_of(cards)? })
            }
            "db" => {
                let [cards] = rest[..] else {
                    return Err(err("expected `d db CARDS`"));
                };
                Ok(Action::DealBoard { cards: cards_of(cards)? })
            }
            other => Err(ActionError::new(format!(
                "unknown dealer action `{other}` (expected dh or db)"
            ))),
        };
    }
    let p = player(actor)?;
    let no_args = |a: Action| {
        if rest.is_empty() {
            Ok(a)
        } else {
            Err(err("unexpected text after the action"))
        }
    };
    match verb {
        "f" => no_args(Action::Fold(p)),
        "cc" => no_args(Action::CheckOrCall(p)),
        "ck" => no_args(Action::Check(p)),
        "pb" => no_args(Action::BringIn(p)),
        "cbr" => Ok(Action::BetOrRaiseTo(p, one_amount(rest, "expected `pN cbr AMOUNT`")?)),
        "sd" => match rest[..] {
            [] => Ok(Action::Discard(p, CardList::default())),
            [cards] => Ok(Action::Discard(p, cards_of(cards)?)),
            _ => Err(err("expected `pN sd CARDS`")),
        },
        "sm" => match rest[..] {
            [] => Ok(Action::ShowOrMuck(p, None)),
            [cards] => Ok(Action::ShowOrMuck(p, Some(cards_of(cards)?))),
            _ => Err(err("expected `pN sm CARDS` or `pN sm`")),
        },
        "_timeout" => match rest[..] {
            [] => Ok(Action::TimeOut { player: p, all_in: false }),
            ["all-in"] => Ok(Action::TimeOut { player: p, all_in: true }),
            _ => Err(err("expected `pN _timeout` or `pN _timeout all-in`")),
        },
        "_out_of_turn" => {
            let [inner_verb, inner_rest @ ..] = rest else {
                return Err(err("expected `pN _out_of_turn ACTION` (f, cc, ck, cbr X or pb)"));
            };
            if !matches!(*inner_verb, "f" | "cc" | "ck" | "cbr" | "pb") {
                return Err(ActionError::new(format!(
                    "`{inner_verb}` after `_out_of_turn` is not a betting action (expected f, cc, ck, cbr X or pb)"
                )));
            }
            let inner: Vec<&str> =
                [actor, *inner_verb].into_iter().chain(inner_rest.iter().copied()).collect();
            Ok(Action::OutOfTurn(p, Box::new(parse_words(&inner)?)))
        }
        "_runs" => {
            let [k] = rest[..] else {
                return Err(err("expected `pN _runs K`, K the number of runs"));
            };
            let k = k.parse::<u8>().ok().filter(|&k| k >= 1).ok_or_else(|| {
                ActionError::new(format!("`{k}` is not a number of runs (1, 2 or 3)"))
            })?;
            Ok(Action::ChooseRuns(p, k))
        }
        "_cashout" => {
            let usage = "expected `pN _cashout AMOUNT`, negative when the player pays";
            Ok(Action::CashOut(p, one_amount(rest, usage)?))
        }
        other => Err(ActionError::new(format!(
            "unknown action `{other}` (expected f, cc, ck, cbr, pb, sd, sm, _timeout, _out_of_turn, _runs or _cashout)"
        ))),
    }
}

/// The one amount after a verb (`cbr 300`), or `usage` when there is not exactly one word.
fn one_amount(rest: &[&str], usage: &str) -> Result<Amount, ActionError> {
    let [x] = rest[..] else {
        return Err(ActionError::new(usage.to_string()));
    };
    Amount::parse(x).ok_or_else(|| ActionError::new(format!("`{x}` is not an amount")))
}

/// Fills `out` with the first words of `text` before any `#`, split as `str::split_whitespace`
/// splits them (without decoding characters when the text is ASCII), and says how many it found.
fn split_words<'t>(text: &'t str, out: &mut [&'t str; 6]) -> usize {
    let mut n = 0;
    if !text.is_ascii() {
        let body = match text.bytes().position(|b| b == b'#') {
            Some(k) => text.get(..k).unwrap_or(text),
            None => text,
        };
        for w in body.split_whitespace().take(out.len()) {
            out[n] = w;
            n += 1;
        }
        return n;
    }
    // The ASCII characters that `char::is_whitespace` accepts.
    let space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r');
    let b = text.as_bytes();
    let mut i = 0;
    while n < out.len() {
        while i < b.len() && space(b[i]) {
            i += 1;
        }
        if i == b.len() || b[i] == b'#' {
            break;
        }
        let start = i;
        while i < b.len() && !space(b[i]) && b[i] != b'#' {
            i += 1;
        }
        // ASCII text: every index is a character boundary.
        out[n] = text.get(start..i).unwrap_or_default();
        n += 1;
    }
    n
}

fn player(word: &str) -> Result<usize, ActionError> {
    // `p` and one to four digits: read directly; anything else as `usize::from_str` reads it.
    if let [b'p', digits @ ..] = word.as_bytes()
        && (1..=4).contains(&digits.len())
        && digits.iter().all(u8::is_ascii_digit)
    {
        let n = digits.iter().fold(0, |n, &d| n * 10 + usize::from(d - b'0'));
        if (1..=1000).contains(&n) {
            return Ok(n - 1);
        }
    }
    word.strip_prefix('p')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| (1..=1000).contains(&n))
        .map(|n| n - 1)
        .ok_or_else(|| {
            ActionError::new(format!("`{word}` is not a player (expected p1, p2, ...) or d"))
        })
}

/// Reads cards written together, two characters each; `??` is an unknown card.
pub fn cards_of(text: &str) -> Result<CardList, ActionError> {
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(2) || bytes.is_empty() || !text.is_ascii() {
        return Err(ActionError::cards(format!("`{text}` is not a list of two-character cards")));
    }
    if bytes.len() > 16 {
        return Err(ActionError::cards(format!("`{text}`: at most 8 cards in one action")));
    }
    let mut list = CardList::default();
    for c in bytes.chunks(2) {
        list.push(card_of(c, text)?);
    }
    Ok(list)
}

fn card_of(c: &[u8], text: &str) -> Result<Option<Card>, ActionError> {
    if c == b"??" {
        return Ok(None);
    }
    match (rank_of(c[0]), suit_of(c[1])) {
        (Some(r), Some(s)) => Ok(Some(Card::new(r, s))),
        _ => {
            let card = format!("{}{}", char::from(c[0]), char::from(c[1]));
            Err(ActionError::cards(if card == text {
                format!("`{card}` is not a card")
            } else {
                format!("`{card}` in `{text}` is not a card")
            }))
        }
    }
}

fn rank_of(b: u8) -> Option<Rank> {
    let i = match b.to_ascii_uppercase() {
        d @ b'2'..=b'9' => d - b'2',
        b'T' => 8,
        b'J' => 9,
        b'Q' => 10,
        b'K' => 11,
        b'A' => 12,
        _ => return None,
    };
    Rank::new(i)
}

fn suit_of(b: u8) -> Option<Suit> {
    let i = match b.to_ascii_lowercase() {
        b'c' => 0,
        b'd' => 1,
        b'h' => 2,
        b's' => 3,
        _ => return None,
    };
    Suit::new(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_betting_choices_have_a_chooser() {
        let chooser = |t: &str| parse_action(t).unwrap().chooser();
        assert_eq!(chooser("p2 f"), Some(1));
        assert_eq!(chooser("p3 cbr 10"), Some(2));
        assert_eq!(chooser("p1 _timeout all-in"), Some(0));
        assert_eq!(chooser("p1 pb"), None);
        assert_eq!(chooser("p1 _out_of_turn f"), None);
        assert_eq!(chooser("d db AcKdQh"), None);
    }

    #[test]
    fn reads_every_action_form() {
        assert!(matches!(parse_action("d dh p1 AsKs"), Ok(Action::DealHole { player: 0, .. })));
        assert!(
            matches!(parse_action("d db ??Td"), Ok(Action::DealBoard { cards }) if cards[0].is_none())
        );
        assert_eq!(
            parse_action("p2 cbr 0.50"),
            Ok(Action::BetOrRaiseTo(1, Amount { units: 50, places: 2 }))
        );
        assert_eq!(parse_action("p3 sm"), Ok(Action::ShowOrMuck(2, None)));
        assert_eq!(parse_action("p1 cc # a comment"), Ok(Action::CheckOrCall(0)));
        assert_eq!(parse_action("\tp1\x0bf\r"), Ok(Action::Fold(0)));
        assert_eq!(parse_action("p1\u{3000}f"), Ok(Action::Fold(0)));
        assert_eq!(parse_action("p3 _timeout"), Ok(Action::TimeOut { player: 2, all_in: false }));
        assert_eq!(
            parse_action("p3 _timeout all-in # lost connection"),
            Ok(Action::TimeOut { player: 2, all_in: true })
        );
        assert_eq!(
            parse_action("p5 _out_of_turn cbr 40"),
            Ok(Action::OutOfTurn(
                4,
                Box::new(Action::BetOrRaiseTo(4, Amount { units: 40, places: 0 }))
            ))
        );
        assert_eq!(
            parse_action("p2 _out_of_turn cc"),
            Ok(Action::OutOfTurn(1, Box::new(Action::CheckOrCall(1))))
        );
        for bad in [
            "p3 _timeout now",
            "p3 _timeout all-in twice",
            "p5 _out_of_turn",
            "p5 _out_of_turn sm AsKs",
            "p5 _out_of_turn _timeout",
            "p5 _out_of_turn _out_of_turn f",
            "p5 _out_of_turn cbr",
            "p5 _out_of_turn f now",
            "d _timeout",
        ] {
            assert!(parse_action(bad).is_err(), "{bad}");
        }
        for bad in [
            "",
            "p0 f",
            "x f",
            "p1 zz",
            "p1 cbr",
            "p1 cbr 1e3",
            "d dh p1 AsK",
            "d db Xx",
            "p1 f now",
            "d dh p1 AsKs 1 2",
        ] {
            assert!(parse_action(bad).is_err(), "{bad}");
        }
    }
}
