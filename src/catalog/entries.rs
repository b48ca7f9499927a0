//! The entries of the catalog, one per game, in the order games are listed in messages and
//! `--help` (an entry's place is its [`Game`]'s value).

use super::{streets, Deal, Entry, Equity, EquityMethod, Game, Street};
use crate::card::Deck;
use crate::eval::Ranking;
use crate::rules::Scoring;

/// Counted by `method` for `min` to `max` players.
const fn counted(method: EquityMethod, min: usize, max: usize) -> Option<Equity> {
    Some(Equity { method, players: (min, max) })
}

/// `felt deal -g NAME` deals this code with its own structure.
const fn code(code: &'static str) -> Deal {
    Deal { code, structure: None }
}

/// Texas hold'em; the other entries say how they differ from it.
const HOLDEM: Entry = Entry {
    game: Game::Holdem,
    name: "holdem",
    aliases: &["nlhe", "texas-holdem"],
    deck: Deck::Standard,
    streets: &streets::HOLDEM,
    scoring: Scoring::High(Ranking::Standard),
    equity: counted(EquityMethod::Holdem, 2, 10),
    deal: code("nlhe"),
};

/// Omaha high: the Omaha games differ from it in hole cards, scoring and player limits.
const OMAHA: Entry = Entry {
    game: Game::Omaha,
    name: "omaha",
    aliases: &["plo", "omaha-high", "omaha-hi"],
    streets: &streets::OMAHA,
    scoring: Scoring::High(Ranking::Omaha),
    equity: counted(EquityMethod::Hands, 2, 10),
    deal: code("PO"),
    ..HOLDEM
};

/// Omaha's rules with five hole cards.
const OMAHA5: Entry = more_hole_cards(OMAHA, &streets::OMAHA5, 9);

/// Omaha's rules with six hole cards.
const OMAHA6: Entry = more_hole_cards(OMAHA, &streets::OMAHA6, 7);

/// `omaha` dealt by `streets` (more hole cards), its equity counted for 2 to `max` players.
const fn more_hole_cards(omaha: Entry, streets: &'static [Street], max: usize) -> Entry {
    Entry { streets, equity: counted(EquityMethod::Hands, 2, max), ..omaha }
}

/// An Omaha game's rules split high-low, eight or better; `felt deal` deals them as `FO/8`.
const fn hilo(high: Entry) -> Entry {
    Entry { scoring: Scoring::HighLow { high: Ranking::Omaha }, deal: code("FO/8"), ..high }
}

/// The game `game`, known as `name` and `aliases`, played by `rules`.
const fn named(
    game: Game,
    name: &'static str,
    aliases: &'static [&'static str],
    rules: Entry,
) -> Entry {
    Entry { game, name, aliases, ..rules }
}

/// Seven-card stud: stud high-low and razz differ from it in scoring (and razz in who opens).
const STUD7: Entry = Entry {
    game: Game::Stud7,
    name: "stud7",
    aliases: &["stud", "seven-card-stud"],
    streets: &streets::STUD,
    equity: counted(EquityMethod::Stud, 2, 8),
    deal: code("stud7"),
    ..HOLDEM
};

/// Deuce-to-seven single draw: the draw games have no equity.
const SINGLE_DRAW: Entry = Entry {
    game: Game::DeuceSevenSingleDraw,
    name: "2-7-single-draw",
    aliases: &["deuce-seven-single-draw"],
    streets: &streets::SINGLE_DRAW,
    scoring: Scoring::Low(Ranking::DeuceSeven),
    equity: None,
    deal: code("N2L1D"),
    ..HOLDEM
};

/// Every game feltkit knows: the games with equity first, then the games only `felt replay`
/// and `felt deal` play.
pub const CATALOG: &[Entry] = &[
    HOLDEM,
    Entry {
        game: Game::ShortDeck,
        name: "shortdeck",
        aliases: &["short-deck", "6plus", "six-plus", "shortdeck-holdem"],
        deck: Deck::ShortDeck,
        scoring: Scoring::High(Ranking::ShortDeck),
        equity: counted(EquityMethod::Hands, 2, 10),
        deal: code("NS"),
        ..HOLDEM
    },
    OMAHA,
    // Nine five-card hands and a board take 50 cards.
    named(Game::Omaha5, "omaha5", &["plo5", "five-card-omaha"], OMAHA5),
    // Seven six-card hands and a board take 47 cards; eight would take 53.
    named(Game::Omaha6, "omaha6", &["plo6", "six-card-omaha"], OMAHA6),
    named(Game::Omaha8, "omaha8", &["plo8", "o8", "omaha-hilo", "omaha-high-low"], hilo(OMAHA)),
    // Big O: pot-limit five-card Omaha high-low.
    Entry {
        deal: Deal { code: "FO/8", structure: Some("pot-limit") },
        ..named(Game::Omaha85, "omaha5-8", &["omaha8-5", "plo5-8", "big-o"], hilo(OMAHA5))
    },
    named(Game::Omaha68, "omaha6-8", &["omaha8-6", "plo6-8"], hilo(OMAHA6)),
    Entry {
        game: Game::Turnover,
        name: "turnover",
        aliases: &[],
        streets: &streets::TURNOVER,
        equity: counted(EquityMethod::Turnover, 2, 10),
        deal: code("turnover"),
        ..HOLDEM
    },
    STUD7,
    Entry {
        game: Game::Stud8,
        name: "stud8",
        aliases: &["stud-hilo", "stud8-or-better", "stud-high-low"],
        scoring: Scoring::HighLow { high: Ranking::Standard },
        deal: code("F7S/8"),
        ..STUD7
    },
    Entry {
        game: Game::Razz,
        name: "razz",
        aliases: &[],
        streets: &streets::RAZZ,
        scoring: Scoring::Low(Ranking::AceFive),
        deal: code("FR"),
        ..STUD7
    },
    Entry {
        game: Game::Americana,
        name: "americana",
        aliases: &[],
        deck: Deck::Americana,
        streets: &streets::AMERICANA,
        scoring: Scoring::High(Ranking::Americana),
        equity: counted(EquityMethod::Stud, 2, 6),
        deal: code("americana"),
    },
    SINGLE_DRAW,
    Entry {
        game: Game::DeuceSevenTripleDraw,
        name: "2-7-triple-draw",
        aliases: &["deuce-seven-triple-draw"],
        streets: &streets::TRIPLE_DRAW,
        deal: code("F2L3D"),
        ..SINGLE_DRAW
    },
    Entry {
        game: Game::Badugi,
        name: "badugi",
        aliases: &[],
        streets: &streets::BADUGI,
        scoring: Scoring::Low(Ranking::Badugi),
        deal: code("FB"),
        ..SINGLE_DRAW
    },
];
