//! Games as plain data: the deck, the streets, the betting structure and the house rules.
//!
//! A [`Game`] is a preset (`docs/games.md`) or a PHH code as PokerKit plays it. Adding a game
//! means writing one more value here, not another branch in the engine. The per-hand numbers
//! (antes, blinds, bet sizes, stacks) are not part of a game: they come with each hand as
//! [`Stakes`].
//!
//! ```
//! use feltkit::rules::{Game, OddChip, Structure};
//! let flhe = Game::by_code("flhe").unwrap();
//! assert_eq!((flhe.structure, flhe.cap), (Structure::FixedLimit, Some(4)));
//! assert!(flhe.heads_up_uncapped && flhe.blind_counts_toward_cap);
//! // The PHH code FT as PokerKit plays it: no heads-up exception, odd chips to p1's side.
//! let ft = Game::by_code("FT").unwrap();
//! assert!(!ft.heads_up_uncapped && !ft.blind_counts_toward_cap);
//! assert_eq!(ft.odd_chip, OddChip::AllToLowestIndex);
//! assert!(Game::by_code("FO/8").unwrap().scoring.high_low()); // Omaha hi-lo splits pots
//! assert!(Game::by_code("5CD").is_none()); // five-card draw is not played
//! ```

use crate::card::Deck;
use crate::eval::Ranking;

use super::Chips;

/// How the bets of a round are sized.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Structure {
    /// Any bet from the minimum bet to the whole stack; raises at least the largest increment.
    NoLimit,
    /// As no limit, but a raise adds at most the pot after calling.
    PotLimit,
    /// Every bet and raise is exactly the street's size (small bet or big bet).
    FixedLimit,
    /// Any bet from the small bet to the big bet; a raise at least the previous increment.
    SpreadLimit,
}

/// Who opens a betting round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// The player after the largest blind (preflop) or the first player after the button.
    Position,
    /// The lowest up card brings in (seven-card stud, third street).
    LowCard,
    /// The highest up card brings in (Americana, first round).
    HighCard,
    /// The best showing hand opens (stud, later streets).
    BestShowing,
    /// The highest up card brings in, the ace counting low (razz, third street).
    HighCardAceLow,
    /// The lowest showing hand opens, the ace counting low and pairs counting against it (razz,
    /// later streets).
    LowShowing,
}

/// How hands are valued at showdown, and whether a pot is split between a high and a low hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// The best five cards of the hole and board cards under the game's [`Ranking`].
    High,
    /// Short-deck hold'em: the best five cards, flush above full house, A-6-7-8-9 the lowest
    /// straight ([`crate::eval::shortdeck`]).
    ShortDeck,
    /// Omaha: exactly two hole cards and three board cards ([`crate::eval::omaha`]).
    Omaha,
    /// Omaha high-low: the Omaha high hand takes half of each pot, the best eight-or-better low
    /// of exactly two hole and three board cards the other half ([`crate::eval::low`]).
    OmahaHiLo,
    /// Seven-card stud high-low: the best five of seven cards high, and the best eight-or-better
    /// low of seven.
    StudHiLo,
    /// Razz: the best ace-to-five low of seven cards ([`crate::eval::ace_five`]).
    Razz,
    /// Deuce-to-seven low of exactly five cards ([`crate::eval::deuce_seven`]).
    DeuceSeven,
    /// Badugi: four cards ([`crate::eval::badugi`]).
    Badugi,
}

impl Scoring {
    /// Whether pots are split between the best high hand and the best eight-or-better low.
    pub const fn high_low(self) -> bool {
        matches!(self, Scoring::OmahaHiLo | Scoring::StudHiLo)
    }
}

/// Where chips that cannot be split evenly go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OddChip {
    /// The whole remainder to the tied winner with the lowest player index (PokerKit).
    AllToLowestIndex,
    /// One chip at a time to the tied winners clockwise from the button, starting with the first
    /// (p1 is the first seat left of the button).
    ClockwiseFromButton,
    /// To the tied winner holding the highest card by rank then suit (stud presets).
    HighestCard,
}

/// Whether a raise that is not a full raise lets players who already acted raise again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reopen {
    /// PokerKit's reading of the PHH codes: every raise counts toward the cap, and a player may
    /// not raise when what they face is less than the largest raise of the round (an all-in
    /// for less), nor after all-in raises since they acted that add up to less than it.
    Always,
    /// Only a full raise reopens the betting for players who already acted; short all-ins that
    /// add up to a full raise over what a player last faced reopen it for that player. In fixed
    /// limit, an all-in of at least half a bet counts as a full raise (docs/games.md).
    FullRaiseOnly,
}

/// Who shows first when the last betting round had no bet or raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowStart {
    /// The player who opened that round (PokerKit).
    RoundOpener,
    /// The first live player left of the button (docs/games.md).
    LeftOfButton,
}

/// What happens to a player who fails to act in time or loses their connection (docs/games.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeoutRule {
    /// The player checks if checking costs nothing and folds otherwise; a stud bring-in due
    /// from them is posted for them.
    FoldUnlessCheck,
    /// The player is treated as all-in for the rest of the hand: they put in no more chips,
    /// keep the chips behind, stay eligible for the pots up to what they paid in and take no
    /// more actions, while the others bet on in a side pot. Each player has two such all-ins
    /// in 24 hours; after that a failure to act is [`TimeoutRule::FoldUnlessCheck`] (a rule of a
    /// table session, which one hand cannot check).
    AllInProtection,
}

/// One street: the cards dealt, then a betting round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Street {
    /// Whether a card is burned before dealing.
    pub burn: bool,
    /// Hole cards dealt to each live player, `true` for face up.
    pub hole: &'static [bool],
    /// Board cards dealt.
    pub board: u8,
    /// Who opens the betting.
    pub opening: Opening,
    /// Whether the street uses the big bet (fixed and spread limit).
    pub big_bet: bool,
    /// Draw games: before the betting, every player still in the hand stands pat or discards
    /// (in seat order, p1 first), then gets as many new cards face down (after one burn).
    pub draw: bool,
}

const HOLDEM_STREETS: [Street; 4] = [
    Street {
        burn: false,
        hole: &[false, false],
        board: 0,
        opening: Opening::Position,
        big_bet: false,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[],
        board: 3,
        opening: Opening::Position,
        big_bet: false,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[],
        board: 1,
        opening: Opening::Position,
        big_bet: true,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[],
        board: 1,
        opening: Opening::Position,
        big_bet: true,
        draw: false,
    },
];

const STUD_STREETS: [Street; 5] = [
    Street {
        burn: false,
        hole: &[false, false, true],
        board: 0,
        opening: Opening::LowCard,
        big_bet: false,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[true],
        board: 0,
        opening: Opening::BestShowing,
        big_bet: false,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[true],
        board: 0,
        opening: Opening::BestShowing,
        big_bet: true,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[true],
        board: 0,
        opening: Opening::BestShowing,
        big_bet: true,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[false],
        board: 0,
        opening: Opening::BestShowing,
        big_bet: true,
        draw: false,
    },
];

const AMERICANA_STREETS: [Street; 4] = [
    Street {
        burn: false,
        hole: &[false, true],
        board: 0,
        opening: Opening::HighCard,
        big_bet: false,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[true],
        board: 0,
        opening: Opening::BestShowing,
        big_bet: false,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[true],
        board: 0,
        opening: Opening::BestShowing,
        big_bet: true,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[true],
        board: 0,
        opening: Opening::BestShowing,
        big_bet: true,
        draw: false,
    },
];

const TURNOVER_STREETS: [Street; 4] = [
    Street {
        burn: false,
        hole: &[false, false, false],
        board: 0,
        opening: Opening::Position,
        big_bet: false,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[],
        board: 3,
        opening: Opening::Position,
        big_bet: false,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[],
        board: 1,
        opening: Opening::Position,
        big_bet: true,
        draw: false,
    },
    Street {
        burn: true,
        hole: &[],
        board: 1,
        opening: Opening::Position,
        big_bet: true,
        draw: false,
    },
];

/// A street that deals `hole` cards face down (or none) and is opened by position.
const fn by_position(burn: bool, hole: &'static [bool], board: u8, big_bet: bool) -> Street {
    Street { burn, hole, board, opening: Opening::Position, big_bet, draw: false }
}

/// A draw street: a burn, then each player stands pat or discards and is dealt replacements.
const fn draw_street(big_bet: bool) -> Street {
    Street { draw: true, ..by_position(true, &[], 0, big_bet) }
}

/// Omaha's streets with `K` hole cards: the deal, then the flop, turn and river.
const fn omaha_streets<const K: usize>() -> [Street; 4] {
    [
        by_position(false, &[false; K], 0, false),
        by_position(true, &[], 3, false),
        by_position(true, &[], 1, true),
        by_position(true, &[], 1, true),
    ]
}

const OMAHA_STREETS: [Street; 4] = omaha_streets::<4>();
/// Five-card Omaha ("PLO5", and "Big O" high-low).
const OMAHA5_STREETS: [Street; 4] = omaha_streets::<5>();
/// Six-card Omaha.
const OMAHA6_STREETS: [Street; 4] = omaha_streets::<6>();

/// Razz: the highest up card (ace low) brings in; later the lowest showing hand opens.
const RAZZ_STREETS: [Street; 5] = [
    Street { opening: Opening::HighCardAceLow, ..STUD_STREETS[0] },
    Street { opening: Opening::LowShowing, ..STUD_STREETS[1] },
    Street { opening: Opening::LowShowing, ..STUD_STREETS[2] },
    Street { opening: Opening::LowShowing, ..STUD_STREETS[3] },
    Street { opening: Opening::LowShowing, ..STUD_STREETS[4] },
];

/// Single draw: five cards, a betting round, one draw, a betting round (PokerKit's streets
/// bet the same size in both rounds).
const SINGLE_DRAW_STREETS: [Street; 2] =
    [by_position(false, &[false; 5], 0, false), draw_street(false)];

/// Triple draw with five cards: small bets before the draw and after the first, big bets after
/// the second and third.
const TRIPLE_DRAW_STREETS: [Street; 4] = [
    by_position(false, &[false; 5], 0, false),
    draw_street(false),
    draw_street(true),
    draw_street(true),
];

/// Badugi: triple draw with four cards.
const BADUGI_STREETS: [Street; 4] = [
    by_position(false, &[false; 4], 0, false),
    draw_street(false),
    draw_street(true),
    draw_street(true),
];

/// A game: everything about a variant except the per-hand numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// The variant code (`NT`, `nlhe`, ...).
    pub code: &'static str,
    /// A readable name.
    pub name: &'static str,
    /// The deck dealt from.
    pub deck: Deck,
    /// How hands are ranked at showdown (with [`Scoring::High`]).
    pub ranking: Ranking,
    /// How hands are valued at showdown, and whether pots split high and low.
    pub scoring: Scoring,
    /// The streets in order.
    pub streets: &'static [Street],
    /// The betting structure.
    pub structure: Structure,
    /// At most this many bets and raises in a round (`None`: no cap).
    pub cap: Option<u32>,
    /// Whether the big blind counts as the round's first bet toward the cap.
    pub blind_counts_toward_cap: bool,
    /// Whether the cap is lifted when exactly two players are left (not in tournament hands).
    pub heads_up_uncapped: bool,
    /// Whether the hand is a tournament hand (keeps the cap heads-up).
    pub tournament: bool,
    /// Which raises reopen the betting.
    pub reopen: Reopen,
    /// Where odd chips go.
    pub odd_chip: OddChip,
    /// Who shows first after a round with no bet.
    pub show_start: ShowStart,
    /// PokerKit's `ante_trimming_status`: an ante larger than every other ante is cut down to
    /// the second largest when antes are collected, and antes count toward side-pot levels.
    /// When `false` with `antes_dead` set, antes are dead money in the main pot.
    pub ante_trimming: bool,
    /// Antes are dead money in the main pot that every live player can win (PokerKit without
    /// ante trimming). When `false`, antes count toward side-pot levels like any other chip.
    pub antes_dead: bool,
    /// After the betting of this street (index), every live player exposes one hole card that
    /// leaves the hand (turnover).
    pub expose_after: Option<usize>,
    /// Heads-up, no blinds are posted and everyone antes twice the small blind (turnover).
    pub heads_up_double_ante: bool,
    /// The bring-in is the round's first full bet (Americana, spread-limit stud), not a partial
    /// bet to be completed; it defaults to twice the ante (Americana) or the minimum bet.
    pub bring_in_is_bet: bool,
    /// A bring-in player who does not act has the bring-in posted for them (Americana).
    pub auto_bring_in: bool,
    /// Fixed-limit stud: on 4th street an open pair lets the big bet be bet (then all bets are big).
    pub open_pair_option: bool,
    /// At most this many players.
    pub max_players: usize,
    /// Whether this game is playable.
    pub supported: bool,
    /// Whether this is a PHH code read as PokerKit plays it (timeouts for skipped turns, hand
    /// killing before the pots are formed), rather than one of feltkit's presets.
    pub phh_code: bool,
    /// What happens to a player who fails to act.
    pub timeout: TimeoutRule,
}

/// The per-hand numbers of a game, in chips, arrays in player order (p1 first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stakes {
    /// Antes, one per player (as in PHH: heads-up, applied reversed).
    pub antes: Vec<Chips>,
    /// Blinds or straddles, one per player (heads-up, applied reversed). A negative entry is
    /// the post of a player new to the table: its size is posted as a live bet, but it does
    /// not decide who acts first (as PokerKit reads it).
    pub blinds: Vec<Chips>,
    /// The minimum bet of no- and pot-limit games.
    pub min_bet: Chips,
    /// The small bet of fixed- and spread-limit games.
    pub small_bet: Chips,
    /// The big bet of fixed- and spread-limit games.
    pub big_bet: Chips,
    /// The stud bring-in.
    pub bring_in: Chips,
    /// Starting stacks.
    pub stacks: Vec<Chips>,
    /// Dead blinds, one per player or none: chips posted before the deal that go into the pot
    /// as dead money (they do not count toward the player's bet). A player who missed a blind
    /// makes it up this way.
    pub dead_blinds: Vec<Chips>,
}

const BASE: Game = Game {
    code: "NT",
    name: "no-limit Texas hold'em (PHH, as PokerKit plays it)",
    deck: Deck::Standard,
    ranking: Ranking::Standard,
    scoring: Scoring::High,
    streets: &HOLDEM_STREETS,
    structure: Structure::NoLimit,
    cap: None,
    blind_counts_toward_cap: false,
    heads_up_uncapped: false,
    tournament: false,
    reopen: Reopen::Always,
    odd_chip: OddChip::AllToLowestIndex,
    show_start: ShowStart::RoundOpener,
    ante_trimming: false,
    antes_dead: true,
    expose_after: None,
    heads_up_double_ante: false,
    open_pair_option: false,
    bring_in_is_bet: false,
    auto_bring_in: false,
    max_players: 22,
    supported: true,
    phh_code: true,
    timeout: TimeoutRule::FoldUnlessCheck,
};

const PRESET: Game = Game {
    cap: None,
    blind_counts_toward_cap: true,
    heads_up_uncapped: true,
    reopen: Reopen::FullRaiseOnly,
    odd_chip: OddChip::ClockwiseFromButton,
    show_start: ShowStart::LeftOfButton,
    antes_dead: false,
    max_players: 10,
    phh_code: false,
    ..BASE
};

const STUD: Game = Game {
    supported: false,
    streets: &STUD_STREETS,
    structure: Structure::FixedLimit,
    cap: Some(4),
    odd_chip: OddChip::HighestCard,
    open_pair_option: true,
    max_players: 8,
    ..PRESET
};

const AMERICANA: Game = Game {
    code: "americana",
    name: "Americana",
    supported: true,
    deck: Deck::Americana,
    ranking: Ranking::Americana,
    streets: &AMERICANA_STREETS,
    open_pair_option: false,
    bring_in_is_bet: true,
    auto_bring_in: true,
    max_players: 6,
    ..STUD
};

/// Every game feltkit knows, PHH codes first, then feltkit's presets (docs/games.md).
pub const GAMES: &[Game] = &[
    BASE,
    Game {
        code: "FT",
        name: "fixed-limit Texas hold'em (PHH, as PokerKit plays it)",
        structure: Structure::FixedLimit,
        cap: Some(4),
        ..BASE
    },
    Game {
        code: "PT",
        name: "pot-limit Texas hold'em (as PokerKit plays it)",
        structure: Structure::PotLimit,
        ..BASE
    },
    Game {
        code: "F7S",
        name: "fixed-limit seven-card stud (PHH, as PokerKit plays it)",
        streets: &STUD_STREETS,
        structure: Structure::FixedLimit,
        cap: Some(4),
        max_players: 8,
        ..BASE
    },
    Game {
        code: "PO",
        name: "pot-limit Omaha (PHH, as PokerKit plays it)",
        scoring: Scoring::Omaha,
        streets: &OMAHA_STREETS,
        structure: Structure::PotLimit,
        max_players: 10,
        ..BASE
    },
    Game {
        code: "FO/8",
        name: "fixed-limit Omaha high-low eight or better (PHH, as PokerKit plays it, fixed limit)",
        scoring: Scoring::OmahaHiLo,
        streets: &OMAHA_STREETS,
        structure: Structure::FixedLimit,
        cap: Some(4),
        max_players: 10,
        ..BASE
    },
    Game {
        code: "F7S/8",
        name: "fixed-limit seven-card stud high-low eight or better (PHH, as PokerKit plays it)",
        scoring: Scoring::StudHiLo,
        streets: &STUD_STREETS,
        structure: Structure::FixedLimit,
        cap: Some(4),
        max_players: 8,
        ..BASE
    },
    Game {
        code: "FR",
        name: "fixed-limit razz (PHH, as PokerKit plays it)",
        scoring: Scoring::Razz,
        streets: &RAZZ_STREETS,
        structure: Structure::FixedLimit,
        cap: Some(4),
        max_players: 8,
        ..BASE
    },
    Game {
        code: "NS",
        name: "no-limit short-deck hold'em (PHH, as PokerKit plays it)",
        deck: Deck::ShortDeck,
        scoring: Scoring::ShortDeck,
        max_players: 10,
        ..BASE
    },
    Game {
        code: "N2L1D",
        name: "no-limit deuce-to-seven single draw (PHH, as PokerKit plays it)",
        scoring: Scoring::DeuceSeven,
        streets: &SINGLE_DRAW_STREETS,
        max_players: 10,
        ..BASE
    },
    Game {
        code: "F2L3D",
        name: "fixed-limit deuce-to-seven triple draw (PHH, as PokerKit plays it)",
        scoring: Scoring::DeuceSeven,
        streets: &TRIPLE_DRAW_STREETS,
        structure: Structure::FixedLimit,
        cap: Some(4),
        max_players: 10,
        ..BASE
    },
    Game {
        code: "FB",
        name: "fixed-limit badugi (PHH, as PokerKit plays it)",
        scoring: Scoring::Badugi,
        streets: &BADUGI_STREETS,
        structure: Structure::FixedLimit,
        cap: Some(4),
        max_players: 12,
        ..BASE
    },
    Game { code: "nlhe", name: "no-limit hold'em", ..PRESET },
    Game {
        code: "flhe",
        name: "fixed-limit hold'em",
        structure: Structure::FixedLimit,
        cap: Some(4),
        timeout: TimeoutRule::AllInProtection,
        ..PRESET
    },
    Game { code: "plhe", name: "pot-limit hold'em", structure: Structure::PotLimit, ..PRESET },
    Game {
        code: "turnover",
        name: "turnover (three hole cards, one exposed after the flop)",
        streets: &TURNOVER_STREETS,
        structure: Structure::FixedLimit,
        cap: Some(4),
        heads_up_uncapped: false,
        expose_after: Some(1),
        heads_up_double_ante: true,
        ..PRESET
    },
    Game {
        code: "stud7",
        name: "seven-card stud",
        supported: true,
        timeout: TimeoutRule::AllInProtection,
        ..STUD
    },
    Game {
        code: "stud7-spread",
        name: "seven-card stud, spread limit",
        supported: true,
        structure: Structure::SpreadLimit,
        open_pair_option: false,
        bring_in_is_bet: true,
        timeout: TimeoutRule::AllInProtection,
        ..STUD
    },
    AMERICANA,
    Game {
        code: "americana-nl",
        name: "Americana, no limit",
        structure: Structure::NoLimit,
        cap: None,
        ..AMERICANA
    },
];

impl Game {
    /// The game of a variant code (a PHH code such as `NT` or `FO/8`, or a preset name).
    pub fn by_code(code: &str) -> Option<Game> {
        GAMES.iter().find(|g| g.code == code).copied()
    }

    /// Whether this is one of PokerKit's PHH codes (rules as PokerKit plays them).
    pub fn is_phh_code(&self) -> bool {
        self.phh_code
    }

    /// Whether the game has draws (players stand pat or discard and are dealt replacements).
    pub fn has_draws(&self) -> bool {
        self.streets.iter().any(|s| s.draw)
    }

    /// The hole cards each player is dealt in all (before any draw or expose).
    pub fn hole_cards(&self) -> usize {
        self.streets.iter().map(|s| s.hole.len()).sum()
    }

    /// This game with another betting structure (the PHH extension field `_structure`): a
    /// structure other than fixed limit has no cap; fixed limit keeps the game's cap (none for
    /// a no-limit code). The structure's name is `no-limit`, `pot-limit` or `fixed-limit`.
    ///
    /// ```
    /// use feltkit::rules::{Game, Structure};
    /// let big_o = Game::by_code("FO/8").unwrap().with_structure("pot-limit").unwrap();
    /// assert_eq!((big_o.structure, big_o.cap), (Structure::PotLimit, None));
    /// let e = Game::by_code("NT").unwrap().with_structure("pot limit").unwrap_err();
    /// assert_eq!(e, "expected no-limit, pot-limit or fixed-limit, not `pot limit`");
    /// ```
    pub fn with_structure(self, name: &str) -> Result<Game, String> {
        let structure = match name {
            "no-limit" => Structure::NoLimit,
            "pot-limit" => Structure::PotLimit,
            "fixed-limit" => Structure::FixedLimit,
            other => {
                return Err(format!("expected no-limit, pot-limit or fixed-limit, not `{other}`"))
            }
        };
        let cap = if structure == Structure::FixedLimit { self.cap } else { None };
        Ok(Game { structure, cap, ..self })
    }

    /// The hole cards each player is dealt when they are not the code's own (five- and six-card
    /// Omaha, [`Game::with_hole_cards`]): what a hand says in `_hole_cards`.
    pub fn chosen_hole_cards(&self) -> Option<usize> {
        let own = Game::by_code(self.code)?;
        Some(self.hole_cards()).filter(|&k| k != own.hole_cards())
    }

    /// This Omaha game dealt with `count` hole cards (4, 5 or 6: the PHH extension field
    /// `_hole_cards`), with as many players at most as the deck can serve: 10 with four cards,
    /// 8 with five and 7 with six (hole cards, five board cards and three burns out of 52).
    ///
    /// ```
    /// use feltkit::rules::Game;
    /// let plo5 = Game::by_code("PO").unwrap().with_hole_cards(5).unwrap();
    /// assert_eq!((plo5.hole_cards(), plo5.max_players), (5, 8));
    /// let e = Game::by_code("NT").unwrap().with_hole_cards(5).unwrap_err();
    /// assert_eq!(e, "the number of hole cards is chosen in the Omaha games (PO, FO/8) only: NT deals 2");
    /// ```
    pub fn with_hole_cards(self, count: u32) -> Result<Game, String> {
        if !matches!(self.scoring, Scoring::Omaha | Scoring::OmahaHiLo) {
            return Err(format!(
                "the number of hole cards is chosen in the Omaha games (PO, FO/8) only: {} deals {}",
                self.code,
                self.hole_cards()
            ));
        }
        let streets: &'static [Street] = match count {
            4 => &OMAHA_STREETS,
            5 => &OMAHA5_STREETS,
            6 => &OMAHA6_STREETS,
            other => {
                return Err(format!(
                    "expected 4, 5 or 6 hole cards (the Omaha games feltkit plays), not {other}"
                ))
            }
        };
        let burns = self.streets.iter().filter(|s| s.burn).count();
        let board: usize = self.streets.iter().map(|s| usize::from(s.board)).sum();
        let most = (self.deck.len() - board - burns) / count as usize;
        Ok(Game { streets, max_players: self.max_players.min(most), ..self })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_unique_and_found() {
        for g in GAMES {
            assert_eq!(GAMES.iter().filter(|h| h.code == g.code).count(), 1, "{}", g.code);
            assert_eq!(Game::by_code(g.code), Some(*g));
        }
        assert!(Game::by_code("5CD").is_none());
    }

    #[test]
    fn pokerkit_codes_and_presets_differ_where_the_corpus_readme_says() {
        let ft = Game::by_code("FT").unwrap();
        let flhe = Game::by_code("flhe").unwrap();
        assert!(!ft.blind_counts_toward_cap && flhe.blind_counts_toward_cap);
        assert!(!ft.heads_up_uncapped && flhe.heads_up_uncapped);
        assert_eq!(ft.odd_chip, OddChip::AllToLowestIndex);
        assert_eq!(flhe.reopen, Reopen::FullRaiseOnly);
    }

    #[test]
    fn all_in_protection_only_in_fixed_limit_holdem_and_stud_presets() {
        for g in GAMES {
            let protected = matches!(g.code, "flhe" | "stud7" | "stud7-spread");
            let expected =
                if protected { TimeoutRule::AllInProtection } else { TimeoutRule::FoldUnlessCheck };
            assert_eq!(g.timeout, expected, "{}", g.code);
        }
    }
}
