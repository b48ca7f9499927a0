//! Bomb pots (docs/games.md): every player puts the same agreed amount, the bomb, into the pot
//! before the cards, nobody posts a blind, and there is no betting before the flop. The flop
//! is dealt at once and its betting opens as on any flop, with the first live player left of
//! the button, under the variant's structure (fixed limit bets the small bet on the flop).
//!
//! The bomb is posted like an ante that counts toward the side pots: a player with less than
//! the bomb is all-in for his stack and can win from each other player only as much as he put
//! in. Bomb pots are dealt in the flop games (hold'em, Omaha, short deck).
//!
//! A double-board bomb pot deals two boards, street by street: the first board's flop, then the
//! second's, the first board's turn, then the second's, and so on. Each pot is split in two
//! halves, each won on its own board (in the high-low games each half is split again between
//! the high and the low); the first board's half takes the odd chip, as the first run does when
//! the board is run more than once (`runs.rs`).
//!
//! ```
//! use feltkit::card::parse_cards;
//! use feltkit::rules::{Chips, HandState, Stakes, Variant};
//! let game = Variant::by_code("nlhe").unwrap();
//! let stakes = Stakes {
//!     min_bet: Chips(2),
//!     stacks: vec![Chips(100), Chips(100), Chips(100)],
//!     bomb_pot: Chips(5),
//!     boards: 2,
//!     ..Stakes::default()
//! };
//! let mut hand = HandState::new(game, &stakes).unwrap();
//! let c = |s: &str| parse_cards(s, game.deck).unwrap().into_iter().map(Some).collect::<Vec<_>>();
//! for (p, h) in ["AsAh", "KsKh", "7c2d"].iter().enumerate() {
//!     hand.deal_hole(p, &c(h)).unwrap();
//! }
//! // No betting before the flop: the dealer owes the first board's flop.
//! assert!(hand.verify_check_or_call(0).is_err());
//! assert_eq!(hand.cards_due().board, 3);
//! for board in ["2c3d8h", "Kc7d9s", "4s", "5s", "Jd", "Qh"] {
//!     hand.deal_board(&c(board)).unwrap();
//!     for p in hand.actors() {
//!         hand.check_or_call(p).unwrap();
//!     }
//! }
//! // The pot of 15: 8 for the first board (p1's aces), 7 for the second (p2's set of kings).
//! let outcome = hand.finish().unwrap();
//! assert_eq!(outcome.final_stacks, [Chips(103), Chips(102), Chips(95)]);
//! ```

use super::error::{RuleError, SetupError};
use super::state::{CardList, HandState};
use super::{Chips, Opening, Stakes, Variant, MAX_CHIPS};

/// The most boards a bomb pot deals.
pub const MAX_BOARDS: u8 = 2;

/// A hand's bomb pot: the bomb (0: not a bomb pot) and the boards dealt.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct BombPot {
    /// What every player puts in before the cards (0: the hand is not a bomb pot).
    pub(super) bomb: Chips,
    /// The boards dealt: 1, or 2 for a double-board bomb pot.
    pub(super) boards: u8,
}

/// Whether `game` deals a flop: no board before its first betting round, opened by position,
/// three or more board cards next, and no more hole cards, draws or exposes after the first.
fn deals_a_flop(game: &Variant) -> bool {
    let [first, flop, ..] = game.streets else { return false };
    first.board == 0
        && first.opening == Opening::Position
        && flop.board >= 3
        && game.streets[1..].iter().all(|s| s.hole.is_empty() && !s.draw)
        && game.expose_after.is_none()
        && !game.heads_up_double_ante
}

/// Checks the bomb pot of `stakes` for `game`: a bomb from 0 to [`MAX_CHIPS`] dealt in a flop
/// game with no blinds, antes or dead blinds besides, one or two boards (two only in a bomb
/// pot), and a deck that holds every card two boards need.
pub(super) fn check_bomb_pot(game: &Variant, stakes: &Stakes) -> Result<BombPot, SetupError> {
    let (bomb, boards) = (stakes.bomb_pot, stakes.boards.max(1));
    let amount = |field: &'static str, value: Chips, why: &'static str| {
        Err(SetupError::Amount { field, index: 1, value, why })
    };
    let refuse = |why: String| Err(SetupError::BombPot(why));
    if boards > MAX_BOARDS {
        return amount("_boards", Chips(i64::from(boards)), "a hand is dealt one board or two");
    }
    if bomb < Chips::ZERO {
        let why = "the bomb is what every player puts in: it cannot be negative";
        return amount("_bomb_pot", bomb, why);
    }
    if bomb > MAX_CHIPS {
        return amount("_bomb_pot", bomb, "too large (at most 10^15 chips)");
    }
    if bomb == Chips::ZERO {
        if boards > 1 {
            return refuse(
                "two boards are dealt in a bomb pot only: `_boards = 2` needs `_bomb_pot`".into(),
            );
        }
        return Ok(BombPot { bomb, boards });
    }
    if !deals_a_flop(game) {
        return refuse(format!(
            "a bomb pot is dealt in the flop games (hold'em, Omaha, short deck): {} ({}) has no flop to open the betting on",
            game.code, game.name
        ));
    }
    for (field, v, what) in [
        ("blinds_or_straddles", &stakes.blinds, "blinds"),
        ("antes", &stakes.antes, "antes"),
        ("_dead_blinds", &stakes.dead_blinds, "dead blinds"),
    ] {
        if let Some(i) = v.iter().position(|&x| x != Chips::ZERO) {
            return refuse(format!(
                "a bomb pot has no {what}, the bomb is every player's only forced bet: `{field}` entry {} is not 0",
                i + 1
            ));
        }
    }
    if boards > 1 {
        let n = stakes.stacks.len();
        let board: usize = game.streets.iter().map(|s| usize::from(s.board)).sum();
        let burns = game.streets.iter().skip(1).filter(|s| s.burn).count();
        let need = n * game.hole_cards() + usize::from(boards) * board + burns;
        if need > game.deck.len() {
            return refuse(format!(
                "two boards of {board} cards, {burns} burns and {n} hands of {} need {need} cards: the deck has {}",
                game.hole_cards(),
                game.deck.len()
            ));
        }
    }
    Ok(BombPot { bomb, boards })
}

impl HandState {
    /// The bomb every player put in before the cards (0: the hand is not a bomb pot).
    pub fn bomb_pot(&self) -> Chips {
        self.bomb.bomb
    }

    /// The boards the hand deals: 2 in a double-board bomb pot, else 1 (the board may still be
    /// run more than once: [`HandState::runs`]).
    pub fn board_count(&self) -> usize {
        usize::from(self.bomb.boards.max(1))
    }

    /// Every player puts in the bomb, or all of a smaller stack; it counts toward the side pots.
    pub(super) fn post_bomb(&mut self) {
        let bomb = self.bomb.bomb;
        if bomb <= Chips::ZERO {
            return;
        }
        for i in 0..self.n {
            let a = bomb.min(self.stacks[i]);
            self.stacks[i] -= a;
            self.committed[i] += a;
        }
    }

    /// Whether the betting round about to open is skipped: the first one of a bomb pot.
    pub(super) fn skips_betting(&self) -> bool {
        self.bomb.bomb > Chips::ZERO && self.street == 0
    }

    /// Why nobody may bet while the cards are being dealt before the flop of a bomb pot (`None`
    /// when the hand is not there).
    pub(super) fn no_betting_before_the_flop(&self) -> Option<String> {
        (self.bomb.bomb > Chips::ZERO && self.street <= 1 && self.board.is_empty()).then(|| {
            format!(
                "no betting before the flop in a bomb pot: its betting opens on the flop ({})",
                self.waiting_for()
            )
        })
    }

    /// The board cards due on this street, for each board.
    pub(super) fn board_due(&self, per_board: u8) -> usize {
        usize::from(per_board) * self.board_count()
    }

    /// Says why `k` board cards cannot be dealt now to a board of a double-board hand: each
    /// deal gives one board its cards (the first board's, then the second's).
    pub(super) fn verify_board_split(&self, k: usize) -> Result<(), RuleError> {
        let per_board = usize::from(self.game.streets[self.street].board);
        if self.board_count() < 2 || per_board == 0 || self.pending_board == 0 {
            return Ok(());
        }
        let left_on_this_board = (self.pending_board - 1) % per_board + 1;
        if k > left_on_this_board {
            let board = self.board_count() - (self.pending_board - 1) / per_board;
            return Err(RuleError::BadDeal(format!(
                "{k} board cards dealt, {left_on_this_board} due on board {board}: each deal of a double-board hand gives one board its cards (the first board's, then the second's)"
            )));
        }
        Ok(())
    }

    /// The cards due on the board being dealt now (all the street's on a single board).
    pub(super) fn board_due_now(&self) -> usize {
        let per_board = usize::from(self.game.streets[self.street].board);
        if self.board_count() < 2 || per_board == 0 || self.pending_board == 0 {
            return self.pending_board;
        }
        (self.pending_board - 1) % per_board + 1
    }

    /// Board `b` (from 0) of a double-board hand: on each street, the first board's cards are
    /// dealt before the second's.
    pub(super) fn board_on(&self, b: usize) -> CardList {
        let boards = self.board_count();
        let mut out = CardList::default();
        let mut at = 0;
        for street in self.game.streets {
            let k = usize::from(street.board);
            let start = (at + b * k).min(self.board.len());
            let end = (start + k).min(self.board.len());
            for &c in &self.board[start..end] {
                out.push(c);
            }
            at += boards * k;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::card::parse_cards;
    use crate::rules::{Chips, HandState, RuleError, SetupError, Stakes, Variant};

    fn cards(s: &str) -> Vec<Option<crate::card::Card>> {
        parse_cards(s, crate::card::Deck::Standard).unwrap().into_iter().map(Some).collect()
    }

    fn bomb(code: &str, stacks: &[i64], bomb: i64, boards: u8) -> Result<HandState, SetupError> {
        let stakes = Stakes {
            min_bet: Chips(2),
            small_bet: Chips(2),
            big_bet: Chips(4),
            stacks: stacks.iter().map(|&x| Chips(x)).collect(),
            bomb_pot: Chips(bomb),
            boards,
            ..Stakes::default()
        };
        HandState::new(Variant::by_code(code).unwrap(), &stakes)
    }

    #[test]
    fn a_bomb_pot_is_a_flop_game_without_blinds() {
        let why = |e: SetupError| e.to_string();
        let stakes = Stakes {
            blinds: vec![Chips(1), Chips(2), Chips(0)],
            stacks: vec![Chips(50); 3],
            bomb_pot: Chips(5),
            ..Stakes::default()
        };
        let e = why(HandState::new(Variant::by_code("NT").unwrap(), &stakes).unwrap_err());
        assert!(
            e.starts_with("a bomb pot has no blinds") && e.ends_with("entry 1 is not 0"),
            "{e}"
        );
        let e = why(bomb("stud7", &[50, 50], 5, 1).unwrap_err());
        assert!(e.contains("flop games") && e.contains("stud7"), "{e}");
        let e = why(bomb("F2L3D", &[50, 50], 5, 1).unwrap_err());
        assert!(e.contains("flop games"), "{e}");
        let e = why(bomb("NT", &[50, 50], 0, 2).unwrap_err());
        assert!(e.contains("two boards are dealt in a bomb pot only"), "{e}");
        let e = why(bomb("NT", &[50, 50], 5, 3).unwrap_err());
        assert!(e.contains("one board or two"), "{e}");
        let e = why(bomb("NT", &[50, 50], -5, 1).unwrap_err());
        assert!(e.contains("cannot be negative"), "{e}");
        // Ten Omaha hands and two boards need 40 + 10 + 3 cards.
        let e = why(bomb("PO", &[50; 10], 5, 2).unwrap_err());
        assert!(e.contains("need 53 cards: the deck has 52"), "{e}");
        assert!(bomb("PO", &[50; 9], 5, 2).is_ok());
    }

    #[test]
    fn nobody_bets_before_the_flop_and_the_flop_opens_left_of_the_button() {
        let mut hand = bomb("FT", &[50, 50, 3], 5, 1).unwrap();
        // p3 is all-in for 3: the pot holds 13.
        assert_eq!(hand.committed(), [Chips(5), Chips(5), Chips(3)]);
        for (p, h) in ["AsAh", "KsKh", "QsQh"].iter().enumerate() {
            hand.deal_hole(p, &cards(h)).unwrap();
        }
        let e = hand.verify_bet_or_raise_to(0, Chips(2)).unwrap_err();
        assert!(e.to_string().starts_with("no betting before the flop in a bomb pot"), "{e}");
        hand.deal_board(&cards("2c3d8h")).unwrap();
        assert_eq!(hand.actor(), Some(0));
        // Fixed limit: the flop bets the small bet.
        assert!(hand.can_bet_or_raise_to(0, Chips(2)));
        assert!(!hand.can_bet_or_raise_to(0, Chips(4)));
    }

    #[test]
    fn each_deal_of_a_double_board_gives_one_board_its_cards() {
        let mut hand = bomb("NT", &[50, 50], 5, 2).unwrap();
        hand.deal_hole(0, &cards("AsAh")).unwrap();
        hand.deal_hole(1, &cards("KsKh")).unwrap();
        assert_eq!(hand.cards_due().board, 3);
        let e = hand.verify_deal_board(&cards("2c3d8h9c")).unwrap_err();
        assert!(matches!(e, RuleError::BadDeal(_)), "{e}");
        assert!(e.to_string().contains("3 due on board 1"), "{e}");
        hand.deal_board(&cards("2c3d")).unwrap();
        let e = hand.verify_deal_board(&cards("8h9c")).unwrap_err();
        assert!(e.to_string().contains("1 due on board 1"), "{e}");
        hand.deal_board(&cards("8h")).unwrap();
        hand.deal_board(&cards("9cTd")).unwrap();
        assert_eq!(hand.cards_due().board, 1);
        hand.deal_board(&cards("Jd")).unwrap();
        assert_eq!(hand.actor(), Some(0));
        assert_eq!(&hand.board_on(0)[..], &cards("2c3d8h")[..]);
        assert_eq!(&hand.board_on(1)[..], &cards("9cTdJd")[..]);
        // The runs of a double-board hand are not chosen.
        hand.bet_or_raise_to(0, Chips(45)).unwrap();
        hand.check_or_call(1).unwrap();
        let e = hand.verify_choose_runs(0, 2).unwrap_err();
        assert!(e.to_string().contains("double-board"), "{e}");
    }
}
