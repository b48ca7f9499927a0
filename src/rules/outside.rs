//! Money from outside the players' bets (docs/games.md): dead money the room adds to the main
//! pot (GGPoker's Cash Drop), and money paid to or by an all-in player outside the pot (an EV
//! Cashout, all-in insurance).
//!
//! Dead money is part of the main pot from the start: it counts toward a pot-limit bet and is
//! won with the main pot by the cards, like an ante no player posted. A cashout does not touch
//! the pots: they are still won by the cards, and the player's final stack is what the cards
//! gave plus what the room paid them (a cashout received, an insurance paid out) or less what
//! they paid (the cashout risk of a hand they won, an insurance premium). A player may cash out
//! once a hand, while live with no more betting to come (every live player all-in, or all but
//! one), before the hand is settled.
//!
//! ```
//! use feltkit::card::parse_cards;
//! use feltkit::rules::{Chips, HandState, Stakes, Variant};
//! let game = Variant::by_code("nlhe").unwrap();
//! let stakes = Stakes {
//!     blinds: vec![Chips(1), Chips(2)],
//!     stacks: vec![Chips(100), Chips(100)],
//!     dead_money: Chips(50),
//!     ..Stakes::default()
//! };
//! let mut hand = HandState::new(game, &stakes).unwrap();
//! let c = |s: &str| parse_cards(s, game.deck).unwrap().into_iter().map(Some).collect::<Vec<_>>();
//! hand.deal_hole(0, &c("AsAh")).unwrap();
//! hand.deal_hole(1, &c("KsKh")).unwrap();
//! hand.bet_or_raise_to(1, Chips(100)).unwrap();
//! hand.check_or_call(0).unwrap();
//! // p1 (aces) takes 30 from the room now and gives up 30 of what the cards give.
//! hand.cash_out(0, Chips(-30)).unwrap();
//! for board in ["2c3d8h", "9c", "Jd"] {
//!     hand.deal_board(&c(board)).unwrap();
//! }
//! let outcome = hand.finish().unwrap();
//! // The pot: 200 from the players and 50 from the room, to p1's aces; less the 30 paid.
//! assert_eq!(outcome.pots[0].amount, Chips(250));
//! assert_eq!(outcome.final_stacks, [Chips(220), Chips(0)]);
//! assert_eq!(outcome.outside, [Chips(-30), Chips(0)]);
//! ```

use super::error::{RuleError, SetupError};
use super::pots::Pot;
use super::state::{Event, HandState, Phase};
use super::{player_name, Chips, Opening, Stakes, Variant, MAX_CHIPS};

/// Checks the dead money of `stakes`: from 0 to [`MAX_CHIPS`], and only in a hand with forced
/// bets (antes, blinds, dead blinds, a bomb, or a bring-in where `game` has one), whose pot it
/// joins.
pub(super) fn check_dead_money(game: &Variant, stakes: &Stakes) -> Result<(), SetupError> {
    let brings_in = game.streets.first().is_some_and(|s| {
        matches!(s.opening, Opening::LowCard | Opening::HighCard | Opening::HighCardAceLow)
    });
    let x = stakes.dead_money;
    if x == Chips::ZERO {
        return Ok(());
    }
    let why = if x < Chips::ZERO {
        "dead money is chips the room adds to the pot: it cannot be negative"
    } else if x > MAX_CHIPS {
        "too large (at most 10^15 chips)"
    } else if [&stakes.antes, &stakes.blinds, &stakes.dead_blinds]
        .iter()
        .all(|v| v.iter().all(|&b| b == Chips::ZERO))
        && (!brings_in || stakes.bring_in <= Chips::ZERO)
        && stakes.bomb_pot <= Chips::ZERO
    {
        "the hand has no antes, blinds, bring-in or bomb: there is no pot for the dead money to join"
    } else {
        return Ok(());
    };
    Err(SetupError::Amount { field: "_dead_money", index: 1, value: x, why })
}

/// Adds `dead_money` to the main pot of `pots` (the first), or makes it the pot of the live
/// players when there is none.
pub(super) fn add_dead_money(pots: &mut Vec<Pot>, dead_money: Chips, live: &[bool]) {
    if dead_money == Chips::ZERO {
        return;
    }
    match pots.first_mut() {
        Some(main) => main.amount = main.amount.saturating_add(dead_money),
        None => pots.push(Pot {
            amount: dead_money,
            contributors: Vec::new(),
            eligible: (0..live.len()).filter(|&i| live[i]).collect(),
        }),
    }
}

impl HandState {
    /// The dead money the room added to the main pot (0 for none).
    pub fn dead_money(&self) -> Chips {
        self.dead_money
    }

    /// Everything in the pots now: what the players put in, and the dead money.
    pub fn pot_total(&self) -> Chips {
        self.committed.iter().copied().sum::<Chips>() + self.dead_money
    }

    /// What the room paid each player outside the pot so far (negative: the player paid).
    pub fn outside(&self) -> &[Chips] {
        &self.outside
    }

    /// Says why `player` cannot be paid `amount` outside the pot now (negative: the player
    /// pays it).
    pub fn verify_cash_out(&self, player: usize, amount: Chips) -> Result<(), RuleError> {
        self.check_player(player)?;
        let name = player_name(player);
        if !self.live(player) {
            return Err(RuleError::WrongPhase(format!(
                "{name} is out of the hand: only a player in it may cash out"
            )));
        }
        if self.cashed_out & (1 << player) != 0 {
            return Err(RuleError::WrongPhase(format!("{name} has already cashed out")));
        }
        if !self.closed || matches!(self.phase, Phase::Betting | Phase::Over) {
            return Err(RuleError::WrongPhase(format!(
                "{name} cashes out once the betting is over with the pot still to be won (every live player all-in, or all but one)"
            )));
        }
        if amount.saturating_abs() > MAX_CHIPS {
            return Err(RuleError::BadDeal(format!(
                "a cashout of {amount} chips: at most 10^15 either way"
            )));
        }
        Ok(())
    }

    /// Whether `player` can be paid `amount` outside the pot now.
    pub fn can_cash_out(&self, player: usize, amount: Chips) -> bool {
        self.verify_cash_out(player, amount).is_ok()
    }

    /// The room pays `player` `amount` outside the pot (an EV Cashout received, an insurance
    /// paid out), or the player pays it when negative (the cashout risk of a pot they go on
    /// to win, an insurance premium). The pots are still won by the cards.
    pub fn cash_out(&mut self, player: usize, amount: Chips) -> Result<Event, RuleError> {
        self.verify_cash_out(player, amount)?;
        self.cashed_out |= 1 << player;
        self.outside[player] = amount;
        Ok(Event::CashedOut { player, amount })
    }
}

#[cfg(test)]
mod tests {
    use crate::card::parse_cards;
    use crate::rules::{Chips, HandState, RuleError, SetupError, Stakes, Variant};

    fn cards(s: &str) -> Vec<Option<crate::card::Card>> {
        parse_cards(s, crate::card::Deck::Standard).unwrap().into_iter().map(Some).collect()
    }

    fn stakes(code: &str, dead: i64) -> Result<HandState, SetupError> {
        let stakes = Stakes {
            blinds: vec![Chips(1), Chips(2), Chips(0)],
            stacks: vec![Chips(100), Chips(100), Chips(40)],
            dead_money: Chips(dead),
            ..Stakes::default()
        };
        HandState::new(Variant::by_code(code).unwrap(), &stakes)
    }

    #[test]
    fn dead_money_is_from_zero_up_and_needs_a_pot() {
        let why = stakes("NT", -5).unwrap_err().to_string();
        assert!(why.starts_with("`_dead_money` entry 1 is -5: dead money is chips the room adds"));
        let bare = Stakes {
            stacks: vec![Chips(10), Chips(10)],
            min_bet: Chips(2),
            dead_money: Chips(5),
            ..Stakes::default()
        };
        let why = HandState::new(Variant::by_code("NT").unwrap(), &bare).unwrap_err();
        assert!(why.to_string().contains("no pot for the dead money to join"), "{why}");
        // A bring-in makes a pot in stud only: hold'em ignores it (the engine fuzz target found
        // such a hand whose dead money nobody won).
        let bring_in = Stakes { bring_in: Chips(1), small_bet: Chips(2), ..bare };
        let why = HandState::new(Variant::by_code("NT").unwrap(), &bring_in).unwrap_err();
        assert!(why.to_string().contains("no pot for the dead money to join"), "{why}");
        let stud = Stakes { stacks: vec![Chips(10); 2], ..bring_in };
        assert!(HandState::new(Variant::by_code("F7S").unwrap(), &stud).is_ok());
        assert!(stakes("NT", 0).is_ok());
    }

    #[test]
    fn dead_money_joins_the_main_pot_only_and_counts_toward_the_pot_limit() {
        // Hand-worked: p3 all-in for 40, called by p1 and p2, who bet 60 more each on the flop.
        // Main pot 3 x 40 + 9 of dead money = 129 (p3's aces beat p2's kings and p1's jacks
        // on a board of blanks), side pot 2 x 60 = 120 (p2's kings).
        let mut hand = stakes("nlhe", 9).unwrap();
        for (p, h) in ["JsJh", "KsKh", "AsAh"].iter().enumerate() {
            hand.deal_hole(p, &cards(h)).unwrap();
        }
        hand.bet_or_raise_to(2, Chips(40)).unwrap();
        hand.check_or_call(0).unwrap();
        hand.check_or_call(1).unwrap();
        assert_eq!(hand.pot_total(), Chips(129));
        hand.deal_board(&cards("2c3d8h")).unwrap();
        hand.bet_or_raise_to(0, Chips(60)).unwrap();
        hand.check_or_call(1).unwrap();
        hand.deal_board(&cards("9c")).unwrap();
        hand.deal_board(&cards("4d")).unwrap();
        let o = hand.finish().unwrap();
        assert_eq!((o.pots[0].amount, o.pots[0].winners.clone()), (Chips(129), vec![2]));
        assert_eq!((o.pots[1].amount, o.pots[1].winners.clone()), (Chips(120), vec![1]));
        assert_eq!(o.final_stacks, [Chips(0), Chips(120), Chips(129)]);
        // Pot limit: p3 may raise to 2 x 2 + (1 + 2 + 9) = 16, where the players' chips alone
        // allow 2 x 2 + 3 = 7.
        let mut plo = stakes("PO", 9).unwrap();
        for (p, h) in ["JsJhJdJc", "KsKhKdKc", "QsQhQdQc"].iter().enumerate() {
            plo.deal_hole(p, &cards(h)).unwrap();
        }
        assert!(plo.can_bet_or_raise_to(2, Chips(16)));
        assert!(!plo.can_bet_or_raise_to(2, Chips(17)));
    }

    #[test]
    fn a_cashout_is_paid_once_by_a_live_player_after_the_betting() {
        let mut hand = stakes("NT", 0).unwrap();
        for (p, h) in ["JsJh", "KsKh", "QsQh"].iter().enumerate() {
            hand.deal_hole(p, &cards(h)).unwrap();
        }
        let early = hand.verify_cash_out(2, Chips(5)).unwrap_err();
        assert!(early.to_string().contains("once the betting is over"), "{early}");
        hand.bet_or_raise_to(2, Chips(40)).unwrap();
        hand.fold(0).unwrap();
        hand.check_or_call(1).unwrap();
        // p2 still has chips but nobody can bet against them: the betting is over.
        assert!(matches!(hand.verify_cash_out(0, Chips(5)), Err(RuleError::WrongPhase(_))));
        assert!(hand.verify_cash_out(3, Chips(5)).is_err());
        hand.cash_out(2, Chips(25)).unwrap();
        let again = hand.verify_cash_out(2, Chips(1)).unwrap_err();
        assert!(again.to_string().contains("already cashed out"), "{again}");
        hand.cash_out(1, Chips(-7)).unwrap();
        for b in ["2c3d8h", "9c", "4d"] {
            hand.deal_board(&cards(b)).unwrap();
        }
        let o = hand.finish().unwrap();
        // Pot 1 + 40 + 40 = 81 to p2's kings over p3's queens. p2: 60 + 81 - 7; p3 lost the
        // pot and keeps the 25 the room paid.
        assert_eq!(o.pots[0].winners, [1]);
        assert_eq!(o.winnings, [Chips(0), Chips(81), Chips(0)]);
        assert_eq!(o.final_stacks, [Chips(99), Chips(134), Chips(25)]);
        assert_eq!(o.outside, [Chips(0), Chips(-7), Chips(25)]);
    }
}
