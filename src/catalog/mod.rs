//! The game catalog: one entry per game, holding everything feltkit knows about it.
//!
//! An [`Entry`] gives a game's names (the ones `felt equity --game`, `felt batch`'s `game`
//! column, `felt deal -g` and the Python package take), its deck, streets (hence its hole and
//! board cards), how hands are ranked and a pot is scored, how many players can share a deck
//! for an equity question, which equity method counts it (none for the games only
//! `felt replay` and `felt deal` play), and the game `felt deal -g NAME` deals. The PHH codes
//! and feltkit's presets that play a game ([`crate::rules::Variant`]: its betting structure, cap
//! and house rules) name their entry and take their deck, streets and scoring from it
//! ([`Entry::codes`]).
//!
//! Adding a game adds one entry here (and, to play it, a code or preset in
//! [`crate::rules::variant::VARIANTS`]); every list of games is read from the catalog.
//!
//! ```
//! use feltkit::catalog::{Game, Split};
//! let big_o = Game::by_name("Big-O").unwrap();
//! assert_eq!((big_o.name(), big_o.entry().hole_cards()), ("omaha5-8", 5));
//! assert_eq!(big_o.entry().scoring.split(), Split::HighLow { low_qualifier: 8 });
//! assert_eq!(big_o.entry().equity.unwrap().players, (2, 9));
//! let codes: Vec<&str> = Game::Stud7.entry().codes().map(|g| g.code).collect();
//! assert_eq!(codes, ["F7S", "stud7", "stud7-spread"]);
//! assert!(Game::Badugi.entry().equity.is_none()); // played by felt replay only
//! ```

use std::fmt;

use crate::card::Deck;
use crate::rules::variant::VARIANTS;
use crate::rules::{Scoring, Street};

mod entries;
mod streets;

pub use crate::rules::Split;
pub use entries::CATALOG;

/// A game of the catalog: its identity. [`Game::entry`] gives everything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Game {
    /// Texas hold'em: two hole cards (or a range), five board cards.
    #[default]
    Holdem,
    /// Short-deck hold'em: 36 cards (six to ace), flush above full house, A-6-7-8-9 a straight.
    ShortDeck,
    /// Omaha high (pot-limit Omaha): four hole cards, or five when the players are given five
    /// cards each; exactly two hole cards and three board cards play.
    Omaha,
    /// Five-card Omaha high.
    Omaha5,
    /// Six-card Omaha high.
    Omaha6,
    /// Omaha high-low eight or better: four hole cards (five when given five each).
    Omaha8,
    /// Five-card Omaha high-low eight or better.
    Omaha85,
    /// Six-card Omaha high-low eight or better.
    Omaha68,
    /// Turnover: three hole cards; after the flop each player turns one face up (dead).
    Turnover,
    /// Seven-card stud.
    Stud7,
    /// Seven-card stud high-low eight or better.
    Stud8,
    /// Razz: seven-card stud, ace-to-five low.
    Razz,
    /// Americana: five-card stud on the 32-card deck with suit tie-breaks.
    Americana,
    /// Deuce-to-seven single draw (played by `felt replay` and `felt deal` only).
    DeuceSevenSingleDraw,
    /// Deuce-to-seven triple draw (played by `felt replay` and `felt deal` only).
    DeuceSevenTripleDraw,
    /// Badugi (played by `felt replay` and `felt deal` only).
    Badugi,
}

/// Everything about one game: names, cards, showdown, equity and how `felt deal` deals it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The game.
    pub game: Game,
    /// The game's name as written on the command line (`holdem`, `omaha5-8`).
    pub name: &'static str,
    /// The other names the game is known by (`nlhe`, `big-o`).
    pub aliases: &'static [&'static str],
    /// The deck dealt from.
    pub deck: Deck,
    /// The streets in order: the cards each deals and how its betting opens.
    pub streets: &'static [Street],
    /// How a pot is won at showdown: the ranking that values the hands ([`Scoring::ranking`])
    /// and whether the pot goes to the best high hand, the best low or is split high-low
    /// ([`Scoring::split`], with its qualifier).
    pub scoring: Scoring,
    /// How equity is counted, and for how many players; `None`: no equity (replay only).
    pub equity: Option<Equity>,
    /// What `felt deal -g NAME` deals.
    pub deal: Deal,
}

/// How `felt equity` counts a game's equity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Equity {
    /// The method.
    pub method: EquityMethod,
    /// The fewest and most players: the most whose cards and the board fit in the deck.
    pub players: (usize, usize),
}

/// The equity methods, one per way a game deals its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EquityMethod {
    /// Hold'em: weighted ranges of two-card combos, five board cards, preflop tables.
    Holdem,
    /// Whole hands (or ranges of them) on a five-card board: Omaha and short deck.
    Hands,
    /// Turnover: three hole cards, one exposed (dead) after the flop.
    Turnover,
    /// Stud games: each player's known cards, the rest dealt to a full hand.
    Stud,
}

/// The game `felt deal -g NAME` deals for a catalog name: one of its codes or presets,
/// dealt with the entry's hole cards (five- and six-card Omaha) and this structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The code or preset.
    pub code: &'static str,
    /// Another betting structure than the code's own (`pot-limit` for Big O).
    pub structure: Option<&'static str>,
}

impl Game {
    /// The game's catalog entry.
    pub const fn entry(self) -> &'static Entry {
        &CATALOG[self as usize]
    }

    /// The game's name as written on the command line.
    pub const fn name(self) -> &'static str {
        self.entry().name
    }

    /// The game with this name or alias (any case; `'`, `-` and `_` are ignored, so `Hold'em`,
    /// `omaha5-8` and `omaha58` are names too), equity or not.
    pub fn by_name(name: &str) -> Option<Game> {
        let want = folded(name);
        CATALOG.iter().find(|e| e.names().any(|n| folded(n) == want)).map(|e| e.game)
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name without case and without `'`, `-` and `_`.
fn folded(name: &str) -> String {
    name.to_ascii_lowercase().replace(['\'', '-', '_'], "")
}

impl Entry {
    /// The name, then the aliases.
    pub fn names(&self) -> impl Iterator<Item = &'static str> {
        std::iter::once(self.name).chain(self.aliases.iter().copied())
    }

    /// The hole cards each player is dealt in all (before any draw or expose).
    pub const fn hole_cards(&self) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < self.streets.len() {
            n += self.streets[i].hole.len();
            i += 1;
        }
        n
    }

    /// The board (community) cards dealt in all.
    pub const fn board_cards(&self) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < self.streets.len() {
            n += self.streets[i].board as usize;
            i += 1;
        }
        n
    }

    /// The equity method, `None` for a game without equity.
    pub const fn equity_method(&self) -> Option<EquityMethod> {
        match self.equity {
            Some(e) => Some(e.method),
            None => None,
        }
    }

    /// The PHH codes and presets that play this game, in the order of
    /// [`crate::rules::variant::VARIANTS`].
    pub fn codes(&self) -> impl Iterator<Item = &'static crate::rules::Variant> {
        let game = self.game;
        VARIANTS.iter().filter(move |g| g.game == game)
    }

    /// The game `felt deal -g NAME` deals: [`Entry::deal`]'s code with this game's hole cards
    /// and the structure asked for.
    pub fn dealt(&self) -> Option<crate::rules::Variant> {
        let code = crate::rules::Variant::by_code(self.deal.code)?;
        let code = match code.hole_cards() == self.hole_cards() {
            true => code,
            false => code.with_hole_cards(u32::try_from(self.hole_cards()).ok()?).ok()?,
        };
        match self.deal.structure {
            Some(s) => code.with_structure(s).ok(),
            None => Some(code),
        }
    }
}

/// The names of these entries as a message lists them: `holdem, shortdeck or omaha`.
pub fn name_list<'a>(entries: impl Iterator<Item = &'a Entry>) -> String {
    let names: Vec<&str> = entries.map(|e| e.name).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, init)) => format!("{} or {last}", init.join(", ")),
        None => String::new(),
    }
}

/// The games with an equity method, in catalog order.
pub fn equity_games() -> impl Iterator<Item = &'static Entry> {
    CATALOG.iter().filter(|e| e.equity.is_some())
}

#[cfg(test)]
mod tests;
