//! The streets of each game of the catalog: the cards dealt, who opens, which bet size.

use crate::rules::{Opening, Street};

/// A street that deals `hole` cards to each player (`true`: face up) and `board` cards.
const fn street(
    burn: bool,
    hole: &'static [bool],
    board: u8,
    opening: Opening,
    big_bet: bool,
) -> Street {
    Street { burn, hole, board, opening, big_bet, draw: false }
}

/// A street that deals `hole` cards face down (or none) and is opened by position.
const fn by_position(burn: bool, hole: &'static [bool], board: u8, big_bet: bool) -> Street {
    street(burn, hole, board, Opening::Position, big_bet)
}

/// A draw street: a burn, then each player stands pat or discards and is dealt replacements.
const fn draw_street(big_bet: bool) -> Street {
    Street { draw: true, ..by_position(true, &[], 0, big_bet) }
}

/// A community-card game with `K` hole cards: the deal, then the flop, turn and river (big bets
/// from the turn on).
const fn community_streets<const K: usize>() -> [Street; 4] {
    [
        by_position(false, &[false; K], 0, false),
        by_position(true, &[], 3, false),
        by_position(true, &[], 1, true),
        by_position(true, &[], 1, true),
    ]
}

/// Hold'em and short deck: two hole cards.
pub(crate) const HOLDEM: [Street; 4] = community_streets::<2>();
/// Turnover: three hole cards (one is exposed after the flop, a rule of its preset).
pub(crate) const TURNOVER: [Street; 4] = community_streets::<3>();
/// Omaha: four hole cards.
pub(crate) const OMAHA: [Street; 4] = community_streets::<4>();
/// Five-card Omaha ("PLO5", and "Big O" high-low).
pub(crate) const OMAHA5: [Street; 4] = community_streets::<5>();
/// Six-card Omaha.
pub(crate) const OMAHA6: [Street; 4] = community_streets::<6>();

/// Seven-card stud: two down and one up (the lowest up card brings in), three up, one down;
/// later streets are opened by the best showing hand, big bets from fifth street.
pub(crate) const STUD: [Street; 5] = [
    street(false, &[false, false, true], 0, Opening::LowCard, false),
    street(true, &[true], 0, Opening::BestShowing, false),
    street(true, &[true], 0, Opening::BestShowing, true),
    street(true, &[true], 0, Opening::BestShowing, true),
    street(true, &[false], 0, Opening::BestShowing, true),
];

/// Razz: the highest up card (ace low) brings in; later the lowest showing hand opens.
pub(crate) const RAZZ: [Street; 5] = [
    Street { opening: Opening::HighCardAceLow, ..STUD[0] },
    Street { opening: Opening::LowShowing, ..STUD[1] },
    Street { opening: Opening::LowShowing, ..STUD[2] },
    Street { opening: Opening::LowShowing, ..STUD[3] },
    Street { opening: Opening::LowShowing, ..STUD[4] },
];

/// Americana: one down and one up (the highest up card brings in), then three up.
pub(crate) const AMERICANA: [Street; 4] = [
    street(false, &[false, true], 0, Opening::HighCard, false),
    street(true, &[true], 0, Opening::BestShowing, false),
    street(true, &[true], 0, Opening::BestShowing, true),
    street(true, &[true], 0, Opening::BestShowing, true),
];

/// Single draw: five cards, a betting round, one draw, a betting round (PokerKit's streets
/// bet the same size in both rounds).
pub(crate) const SINGLE_DRAW: [Street; 2] =
    [by_position(false, &[false; 5], 0, false), draw_street(false)];

/// Triple draw with five cards: small bets before the draw and after the first, big bets after
/// the second and third.
pub(crate) const TRIPLE_DRAW: [Street; 4] = [
    by_position(false, &[false; 5], 0, false),
    draw_street(false),
    draw_street(true),
    draw_street(true),
];

/// Badugi: triple draw with four cards.
pub(crate) const BADUGI: [Street; 4] = [
    by_position(false, &[false; 4], 0, false),
    draw_street(false),
    draw_street(true),
    draw_street(true),
];
