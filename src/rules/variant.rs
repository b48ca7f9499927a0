//! Variants as plain data: the deck, the streets, the betting structure and the house rules.
//!
//! A [`Variant`] is a preset (`docs/games.md`) or a PHH code as PokerKit plays it. Adding a game
//! means writing one more value here, not another branch in the engine. The per-hand numbers
//! (antes, blinds, bet sizes, stacks) are not part of a game: they come with each hand as
//! [`Stakes`].
//!
//! ```
//! use feltkit::rules::{Variant, OddChip, Structure};
//! let flhe = Variant::by_code("flhe").unwrap();
//! assert_eq!((flhe.structure, flhe.cap), (Structure::FixedLimit, Some(4)));
//! assert!(flhe.heads_up_uncapped && flhe.blind_counts_toward_cap);
//! // The PHH code FT as PokerKit plays it: no heads-up exception, odd chips to p1's side.
//! let ft = Variant::by_code("FT").unwrap();
//! assert!(!ft.heads_up_uncapped && !ft.blind_counts_toward_cap);
//! assert_eq!(ft.odd_chip, OddChip::AllToLowestIndex);
//! assert!(Variant::by_code("FO/8").unwrap().scoring.high_low()); // Omaha hi-lo splits pots
//! assert!(Variant::by_code("5CD").is_none()); // five-card draw is not played
//! ```

use crate::card::Deck;
use crate::catalog::{Entry, Game};
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
    /// Pot limit in the first betting round (before the flop), no limit in every later one, as
    /// some rooms deal Omaha and hold'em (`_structure = "pot-limit-preflop"`).
    PotLimitPreflop,
}

impl Structure {
    /// The structure a betting round plays (`street`: 0 for the first round): pot limit then
    /// no limit for [`Structure::PotLimitPreflop`], else this one.
    pub fn on_street(self, street: usize) -> Structure {
        match self {
            Structure::PotLimitPreflop if street == 0 => Structure::PotLimit,
            Structure::PotLimitPreflop => Structure::NoLimit,
            s => s,
        }
    }

    /// The names a PHH `_structure` field may give, as a message lists them.
    pub const NAMES: &'static str =
        "no-limit, pot-limit, fixed-limit or pot-limit-preflop (pot limit before the flop, no limit after)";

    /// The structure a PHH `_structure` field names (not `spread-limit`: only a preset plays it).
    pub fn by_name(name: &str) -> Option<Structure> {
        match name {
            "no-limit" => Some(Structure::NoLimit),
            "pot-limit" => Some(Structure::PotLimit),
            "fixed-limit" => Some(Structure::FixedLimit),
            "pot-limit-preflop" => Some(Structure::PotLimitPreflop),
            _ => None,
        }
    }

    /// The name a PHH `_structure` field gives it.
    pub fn name(self) -> &'static str {
        match self {
            Structure::NoLimit => "no-limit",
            Structure::PotLimit => "pot-limit",
            Structure::FixedLimit => "fixed-limit",
            Structure::SpreadLimit => "spread-limit",
            Structure::PotLimitPreflop => "pot-limit-preflop",
        }
    }
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

/// How a pot is won at showdown: the ranking (or rankings) that value the hands, and whether
/// the pot goes to the best high hand, the best low, or half to each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// The best hand under the ranking takes the pot: [`Ranking::Standard`], `Americana`,
    /// `ShortDeck`, or `Omaha` (exactly two hole cards and three board cards).
    High(Ranking),
    /// The best low under the ranking takes the pot: [`Ranking::AceFive`] (razz),
    /// `DeuceSeven` (exactly five cards) or `Badugi` (four cards).
    Low(Ranking),
    /// The best hand under `high` takes half of each pot and the best eight-or-better low the
    /// other half (the whole pot when no low qualifies). In Omaha high-low the low, like the
    /// high, is made of exactly two hole cards and three board cards; in stud high-low it is
    /// the best of seven ([`crate::eval::low`]).
    HighLow {
        /// The ranking of the high half.
        high: Ranking,
    },
}

/// Who a pot goes to: the best high hand, the best low hand, or half to each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// The best high hand takes the pot.
    High,
    /// The best low hand takes the pot (razz, deuce-to-seven, badugi).
    Low,
    /// The best high hand takes half, the best qualifying low the other half (the whole pot
    /// when no low qualifies).
    HighLow {
        /// The highest rank a low may hold: 8 for eight or better.
        low_qualifier: u8,
    },
}

impl Scoring {
    /// Whether pots are split between the best high hand and the best eight-or-better low.
    pub const fn high_low(self) -> bool {
        matches!(self.split(), Split::HighLow { .. })
    }

    /// Who a pot goes to.
    pub const fn split(self) -> Split {
        match self {
            Scoring::High(_) => Split::High,
            Scoring::Low(_) => Split::Low,
            Scoring::HighLow { .. } => Split::HighLow { low_qualifier: 8 },
        }
    }

    /// The ranking that decides the pot, or its high half.
    pub const fn ranking(self) -> Ranking {
        match self {
            Scoring::High(r) | Scoring::Low(r) | Scoring::HighLow { high: r } => r,
        }
    }

    /// Whether a hand is made of exactly two hole cards and three board cards (the Omaha
    /// games), rather than the best five of all the player's cards.
    pub const fn two_hole_cards(self) -> bool {
        matches!(self.ranking(), Ranking::Omaha)
    }
}

/// Where chips that cannot be split evenly go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OddChip {
    /// The whole remainder to the tied winner with the lowest player index (PokerKit).
    AllToLowestIndex,
    /// One chip at a time to the tied winners clockwise from the button, starting with the first
    /// (p1 is the first seat left of the button): the card rooms' rule, and the default.
    #[default]
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

/// A variant: a PHH code or preset, the rules a hand is played under (its betting structure,
/// cap, forced bets and house rules) for a game of the catalog ([`Variant::game`]); everything
/// but the per-hand numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The variant code (`NT`, `nlhe`, ...).
    pub code: &'static str,
    /// A readable name.
    pub name: &'static str,
    /// The game of the catalog this code plays ([`Variant::entry`]).
    pub game: Game,
    /// The deck dealt from: the catalog entry's.
    pub deck: Deck,
    /// How hands are valued at showdown, and whether pots split high and low: the catalog
    /// entry's.
    pub scoring: Scoring,
    /// The streets in order: the catalog entry's (five or six Omaha hole cards: those of
    /// five- or six-card Omaha, [`Variant::with_hole_cards`]).
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
    /// Dead money the room adds to the main pot, which no player put in (GGPoker's Cash Drop;
    /// `_dead_money` in PHH): won with the main pot by the cards.
    pub dead_money: Chips,
    /// The bomb of a bomb pot (`_bomb_pot` in PHH; 0: the hand is not one): every player puts
    /// it in before the cards, nobody posts a blind, and the betting opens on the flop
    /// ([`crate::rules::bomb`]).
    pub bomb_pot: Chips,
    /// The boards a bomb pot deals (`_boards` in PHH): 2 for a double-board bomb pot, else 1
    /// (0 is read as 1).
    pub boards: u8,
    /// Capped no limit: the most a player may bet in the hand, antes and dead blinds aside
    /// (`_table_cap` in PHH; [`crate::rules::table_cap`]).
    pub table_cap: Option<Chips>,
}

const BASE: Variant = Variant {
    code: "NT",
    name: "no-limit Texas hold'em (PHH, as PokerKit plays it)",
    game: Game::Holdem,
    deck: Game::Holdem.entry().deck,
    scoring: Game::Holdem.entry().scoring,
    streets: Game::Holdem.entry().streets,
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

const PRESET: Variant = Variant {
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

/// A PHH code's fixed-limit betting: at most four bets and raises a round.
const FIXED_LIMIT: Variant = Variant { structure: Structure::FixedLimit, cap: Some(4), ..BASE };

const STUD: Variant = Variant {
    supported: false,
    structure: Structure::FixedLimit,
    cap: Some(4),
    odd_chip: OddChip::HighestCard,
    open_pair_option: true,
    max_players: 8,
    ..PRESET.of(Game::Stud7)
};

const AMERICANA: Variant = Variant {
    code: "americana",
    name: "Americana",
    supported: true,
    open_pair_option: false,
    bring_in_is_bet: true,
    auto_bring_in: true,
    max_players: 6,
    ..STUD.of(Game::Americana)
};

/// A PHH code's fixed-limit betting playing `game`.
const fn fixed(game: Game) -> Variant {
    FIXED_LIMIT.of(game)
}

/// A PHH code's pot-limit betting.
const POT_LIMIT: Variant = Variant { structure: Structure::PotLimit, ..BASE };

/// A PHH code: its code and name, the rules and game it plays, and its player limit.
const fn phh(
    code: &'static str,
    name: &'static str,
    max_players: usize,
    rules: Variant,
) -> Variant {
    Variant { code, name, max_players, ..rules }
}

/// Every variant feltkit plays, PHH codes first, then feltkit's presets (docs/games.md): each
/// plays a game of the catalog ([`Variant::game`]) with its own betting structure and rules.
pub const VARIANTS: &[Variant] = &[
    BASE,
    phh("FT", "fixed-limit Texas hold'em (PHH, as PokerKit plays it)", 22, FIXED_LIMIT),
    phh("PT", "pot-limit Texas hold'em (as PokerKit plays it)", 22, POT_LIMIT),
    phh("F7S", "fixed-limit seven-card stud (PHH, as PokerKit plays it)", 8, fixed(Game::Stud7)),
    phh("PO", "pot-limit Omaha (PHH, as PokerKit plays it)", 10, POT_LIMIT.of(Game::Omaha)),
    phh(
        "FO/8",
        "fixed-limit Omaha high-low eight or better (PHH, as PokerKit plays it, fixed limit)",
        10,
        fixed(Game::Omaha8),
    ),
    phh(
        "F7S/8",
        "fixed-limit seven-card stud high-low eight or better (PHH, as PokerKit plays it)",
        8,
        fixed(Game::Stud8),
    ),
    phh("FR", "fixed-limit razz (PHH, as PokerKit plays it)", 8, fixed(Game::Razz)),
    phh(
        "NS",
        "no-limit short-deck hold'em (PHH, as PokerKit plays it)",
        10,
        BASE.of(Game::ShortDeck),
    ),
    phh(
        "N2L1D",
        "no-limit deuce-to-seven single draw (PHH, as PokerKit plays it)",
        10,
        BASE.of(Game::DeuceSevenSingleDraw),
    ),
    phh(
        "F2L3D",
        "fixed-limit deuce-to-seven triple draw (PHH, as PokerKit plays it)",
        10,
        fixed(Game::DeuceSevenTripleDraw),
    ),
    phh("FB", "fixed-limit badugi (PHH, as PokerKit plays it)", 12, fixed(Game::Badugi)),
    Variant { code: "nlhe", name: "no-limit hold'em", ..PRESET },
    Variant {
        code: "flhe",
        name: "fixed-limit hold'em",
        structure: Structure::FixedLimit,
        cap: Some(4),
        timeout: TimeoutRule::AllInProtection,
        ..PRESET
    },
    Variant { code: "plhe", name: "pot-limit hold'em", structure: Structure::PotLimit, ..PRESET },
    Variant {
        code: "plo",
        name: "pot-limit Omaha",
        structure: Structure::PotLimit,
        ..PRESET.of(Game::Omaha)
    },
    Variant {
        code: "flo8",
        name: "fixed-limit Omaha high-low eight or better",
        structure: Structure::FixedLimit,
        cap: Some(4),
        ..PRESET.of(Game::Omaha8)
    },
    Variant {
        code: "turnover",
        name: "turnover (three hole cards, one exposed after the flop)",
        structure: Structure::FixedLimit,
        cap: Some(4),
        heads_up_uncapped: false,
        expose_after: Some(1),
        heads_up_double_ante: true,
        ..PRESET.of(Game::Turnover)
    },
    Variant {
        code: "stud7",
        name: "seven-card stud",
        supported: true,
        timeout: TimeoutRule::AllInProtection,
        ..STUD
    },
    Variant {
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
    Variant {
        code: "americana-nl",
        name: "Americana, no limit",
        structure: Structure::NoLimit,
        cap: None,
        ..AMERICANA
    },
];

impl Variant {
    /// This code's rules playing another game of the catalog: its deck, ranking, scoring and
    /// streets are that game's.
    const fn of(self, game: Game) -> Variant {
        let entry = game.entry();
        Variant { game, deck: entry.deck, scoring: entry.scoring, streets: entry.streets, ..self }
    }

    /// The catalog entry of the game this code plays.
    pub fn entry(&self) -> &'static Entry {
        self.game.entry()
    }
}

impl Variant {
    /// The game of a variant code (a PHH code such as `NT` or `FO/8`, or a preset name).
    pub fn by_code(code: &str) -> Option<Variant> {
        VARIANTS.iter().find(|g| g.code == code).copied()
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
        self.entry().hole_cards()
    }

    /// This game with another betting structure (the PHH extension field `_structure`): a
    /// structure other than fixed limit has no cap; fixed limit keeps the game's cap (none for
    /// a no-limit code). The structure's name is `no-limit`, `pot-limit`, `fixed-limit` or
    /// `pot-limit-preflop`.
    ///
    /// ```
    /// use feltkit::rules::{Variant, Structure};
    /// let big_o = Variant::by_code("FO/8").unwrap().with_structure("pot-limit").unwrap();
    /// assert_eq!((big_o.structure, big_o.cap), (Structure::PotLimit, None));
    /// let e = Variant::by_code("NT").unwrap().with_structure("pot limit").unwrap_err();
    /// assert!(e.starts_with("expected no-limit, pot-limit, fixed-limit or pot-limit-preflop"), "{e}");
    /// ```
    pub fn with_structure(self, name: &str) -> Result<Variant, String> {
        let Some(structure) = Structure::by_name(name) else {
            return Err(format!("expected {}, not `{name}`", Structure::NAMES));
        };
        let cap = if structure == Structure::FixedLimit { self.cap } else { None };
        Ok(Variant { structure, cap, ..self })
    }

    /// The hole cards each player is dealt when they are not the code's own (five- and six-card
    /// Omaha, [`Variant::with_hole_cards`]): what a hand says in `_hole_cards`.
    pub fn chosen_hole_cards(&self) -> Option<usize> {
        let own = Variant::by_code(self.code)?;
        Some(self.hole_cards()).filter(|&k| k != own.hole_cards())
    }

    /// This Omaha game dealt with `count` hole cards (4, 5 or 6: the PHH extension field
    /// `_hole_cards`), with as many players at most as the deck can serve: 10 with four cards,
    /// 8 with five and 7 with six (hole cards, five board cards and three burns out of 52).
    ///
    /// ```
    /// use feltkit::rules::Variant;
    /// let plo5 = Variant::by_code("PO").unwrap().with_hole_cards(5).unwrap();
    /// assert_eq!((plo5.hole_cards(), plo5.max_players), (5, 8));
    /// let e = Variant::by_code("NT").unwrap().with_hole_cards(5).unwrap_err();
    /// assert_eq!(e, "the number of hole cards is chosen in the Omaha games (PO, FO/8, plo, flo8) only: NT deals 2");
    /// ```
    pub fn with_hole_cards(self, count: u32) -> Result<Variant, String> {
        if !self.scoring.two_hole_cards() {
            return Err(format!(
                "the number of hole cards is chosen in the Omaha games (PO, FO/8, plo, flo8) only: {} deals {}",
                self.code,
                self.hole_cards()
            ));
        }
        // The game of the catalog with this scoring dealt `count` hole cards.
        let Some(entry) = crate::catalog::CATALOG
            .iter()
            .find(|e| e.scoring == self.scoring && e.hole_cards() == count as usize)
        else {
            return Err(format!(
                "expected 4, 5 or 6 hole cards (the Omaha games feltkit plays), not {count}"
            ));
        };
        let burns = self.streets.iter().filter(|s| s.burn).count();
        let board: usize = self.streets.iter().map(|s| usize::from(s.board)).sum();
        let most = (self.deck.len() - board - burns) / count as usize;
        Ok(Variant { max_players: self.max_players.min(most), ..self.of(entry.game) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_unique_and_found() {
        for g in VARIANTS {
            assert_eq!(VARIANTS.iter().filter(|h| h.code == g.code).count(), 1, "{}", g.code);
            assert_eq!(Variant::by_code(g.code), Some(*g));
        }
        assert!(Variant::by_code("5CD").is_none());
    }

    #[test]
    fn pokerkit_codes_and_presets_differ_where_the_corpus_readme_says() {
        let ft = Variant::by_code("FT").unwrap();
        let flhe = Variant::by_code("flhe").unwrap();
        assert!(!ft.blind_counts_toward_cap && flhe.blind_counts_toward_cap);
        assert!(!ft.heads_up_uncapped && flhe.heads_up_uncapped);
        assert_eq!(ft.odd_chip, OddChip::AllToLowestIndex);
        assert_eq!(flhe.reopen, Reopen::FullRaiseOnly);
    }

    #[test]
    fn all_in_protection_only_in_fixed_limit_holdem_and_stud_presets() {
        for g in VARIANTS {
            let protected = matches!(g.code, "flhe" | "stud7" | "stud7-spread");
            let expected =
                if protected { TimeoutRule::AllInProtection } else { TimeoutRule::FoldUnlessCheck };
            assert_eq!(g.timeout, expected, "{}", g.code);
        }
    }
}
