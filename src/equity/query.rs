//! The question asked: game, players, board, dead cards, method and stopping rules.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::EquityError;
use crate::card::{parse_cards, Card, CardSet, Deck, Rank, Suit};
use crate::range::omaha::OmahaRange;
use crate::range::{Combo, Range};

/// The games `felt equity` knows: the games of the catalog with an equity method
/// ([`crate::catalog`], docs/games.md).
pub use crate::catalog::Game;
use crate::catalog::{equity_games, EquityMethod};

impl Game {
    /// Whether the pot is split between the best high hand and the best eight-or-better low.
    pub const fn is_hilo(self) -> bool {
        self.entry().scoring.high_low()
    }

    /// Whether the game is an Omaha game (hole cards, exactly two of them play).
    pub const fn is_omaha(self) -> bool {
        self.entry().scoring.two_hole_cards()
    }

    /// Whether the game deals each player's known cards to seven (stud7, stud8, razz).
    pub const fn is_stud(self) -> bool {
        let entry = self.entry();
        matches!(entry.equity_method(), Some(EquityMethod::Stud)) && entry.hole_cards() == 7
    }

    /// Whether the game has a community board (hold'em, turnover, Omaha, short deck).
    pub const fn has_board(self) -> bool {
        self.entry().board_cards() > 0
    }

    /// The deck the game deals from.
    pub const fn deck(self) -> Deck {
        self.entry().deck
    }

    /// The fewest and most players the game takes for an equity question; `(0, 0)` for a game
    /// without equity.
    pub const fn players(self) -> (usize, usize) {
        match self.entry().equity {
            Some(e) => e.players,
            None => (0, 0),
        }
    }
}

/// The number of games with an equity method.
const EQUITY_GAMES: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < crate::catalog::CATALOG.len() {
        if crate::catalog::CATALOG[i].equity.is_some() {
            n += 1;
        }
        i += 1;
    }
    n
};

/// The names of the games with an equity method, read from the catalog.
const fn equity_names() -> [(Game, &'static [&'static str]); EQUITY_GAMES] {
    let mut names: [(Game, &'static [&'static str]); EQUITY_GAMES] =
        [(Game::Holdem, &[]); EQUITY_GAMES];
    let (mut i, mut k) = (0, 0);
    while i < crate::catalog::CATALOG.len() {
        let entry = &crate::catalog::CATALOG[i];
        if entry.equity.is_some() {
            names[k] = (entry.game, entry.aliases);
            k += 1;
        }
        i += 1;
    }
    names
}

/// Every game with an equity method, with its name and the other names it is known by, in
/// catalog order: the names `felt equity`, `felt batch`, `felt deal` and the Python package
/// take (any case; `'`, `-` and `_` are ignored, so `Hold'em`, `omaha5-8` and `omaha58` are
/// names too).
pub const GAME_NAMES: &[(Game, &[&str])] = &equity_names();

impl Game {
    /// Every game's name, in the order of [`GAME_NAMES`], as listed in messages and `--help`:
    /// `holdem, shortdeck, ..., razz or americana`.
    pub fn name_list() -> String {
        crate::catalog::name_list(equity_games())
    }
}

impl FromStr for Game {
    type Err = EquityError;
    /// Reads the name or another name of a game with an equity method ([`GAME_NAMES`];
    /// [`Game::by_name`] reads every game's).
    fn from_str(s: &str) -> Result<Game, EquityError> {
        Game::by_name(s)
            .filter(|g| g.entry().equity.is_some())
            .ok_or_else(|| EquityError::UnknownGame(s.to_string()))
    }
}

/// How equity is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// Exhaustive when affordable, Monte Carlo otherwise.
    #[default]
    Auto,
    /// Every deal, exact integer counts.
    Exhaustive,
    /// Random deals until a stopping rule is met.
    MonteCarlo,
}

impl Method {
    /// The method's name: `auto`, `exhaustive`, `monte_carlo`.
    pub const fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Exhaustive => "exhaustive",
            Method::MonteCarlo => "monte_carlo",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Method {
    type Err = EquityError;
    fn from_str(s: &str) -> Result<Method, EquityError> {
        match s.to_ascii_lowercase().as_str() {
            "auto" => Ok(Method::Auto),
            "exhaustive" | "exact" | "enumerate" => Ok(Method::Exhaustive),
            "monte_carlo" | "monte-carlo" | "montecarlo" | "mc" => Ok(Method::MonteCarlo),
            _ => Err(EquityError::UnknownMethod(s.to_string())),
        }
    }
}

/// An equity question. Build it with [`Query::new`] and set the fields you need.
///
/// Monte Carlo stops at the first of `iterations`, `stderr` (the largest player's standard
/// error) and `time`; with none set it stops at a standard error of 0.0005 (at most 10^9
/// deals).
#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    /// The game.
    pub game: Game,
    /// One text per player: a range (hold'em) or known cards (other games).
    pub players: Vec<String>,
    /// Board cards (hold'em, turnover), possibly empty.
    pub board: String,
    /// Dead cards, known to be out of the deck.
    pub dead: String,
    /// Exhaustive, Monte Carlo, or automatic choice.
    pub method: Method,
    /// Monte Carlo: stop after this many deals.
    pub iterations: Option<u64>,
    /// Monte Carlo: stop when every player's standard error is at most this.
    pub stderr: Option<f64>,
    /// Monte Carlo: stop after this much time.
    pub time: Option<Duration>,
    /// Monte Carlo seed: the same seed gives the same numbers on any thread count.
    pub seed: u64,
    /// A flag that stops the calculation when raised (from another thread): it then ends soon
    /// with [`EquityError::Stopped`](super::EquityError::Stopped). `None`: runs to its end.
    pub stop: Option<crate::stop::Stop>,
}

impl Query {
    /// A query for `game` with these players, no board or dead cards, automatic method, seed 0.
    pub fn new<S: Into<String>>(game: Game, players: impl IntoIterator<Item = S>) -> Query {
        Query {
            game,
            players: players.into_iter().map(Into::into).collect(),
            board: String::new(),
            dead: String::new(),
            method: Method::Auto,
            iterations: None,
            stderr: None,
            time: None,
            seed: 0,
            stop: None,
        }
    }

    /// The method the query asks for once its stopping rule is set: a stopping rule
    /// (`iterations`, `stderr` or `time`) only means something to Monte Carlo, so with
    /// [`Method::Auto`] asking for one asks for [`Method::MonteCarlo`]; any other method stays
    /// (`felt equity` and the Python package both take the method from here).
    ///
    /// ```
    /// use feltkit::equity::{Game, Method, Query};
    /// let mut q = Query::new(Game::Holdem, ["AhKh", "QsQd"]);
    /// assert_eq!(q.asked_method(), Method::Auto);
    /// q.iterations = Some(1000);
    /// assert_eq!(q.asked_method(), Method::MonteCarlo);
    /// q.method = Method::Exhaustive;
    /// assert_eq!(q.asked_method(), Method::Exhaustive);
    /// ```
    pub fn asked_method(&self) -> Method {
        let stopping_rule =
            self.iterations.is_some() || self.stderr.is_some() || self.time.is_some();
        match self.method {
            Method::Auto if stopping_rule => Method::MonteCarlo,
            m => m,
        }
    }

    /// Reads every text of the query and checks the cards against each other.
    pub fn parse(&self) -> Result<ParsedQuery, EquityError> {
        if self.game.entry().equity.is_none() {
            return Err(EquityError::UnknownGame(self.game.name().to_string()));
        }
        let deck = self.game.deck();
        let (min, max) = self.game.players();
        let n = self.players.len();
        if n < min || n > max {
            return Err(EquityError::PlayerCount { game: self.game.name(), got: n, min, max });
        }
        let board = parse_cards(&self.board, deck).map_err(EquityError::Board)?;
        let dead_cards = parse_cards(&self.dead, deck).map_err(EquityError::Dead)?;
        let allowed: &[usize] = if self.game.has_board() { &[0, 3, 4, 5] } else { &[0] };
        if !allowed.contains(&board.len()) {
            let expected = if self.game.has_board() {
                "0, 3, 4 or 5"
            } else {
                "none (give each player's up cards with the player)"
            };
            return Err(EquityError::BoardSize { got: board.len(), expected });
        }
        let mut seen = Seen::default();
        seen.add(&board, Place::Board)?;
        seen.add(&dead_cards, Place::Dead)?;
        let hole = self.hole_size()?;
        let mut players = Vec::with_capacity(n);
        for (i, spec) in self.players.iter().enumerate() {
            let holding = match hole {
                Some(size) => self.hand_holding(i, spec, size)?,
                None => self.holding(i, spec)?,
            };
            if let Holding::Cards(cards) = &holding {
                seen.add(cards, Place::Player(i + 1))?;
            }
            players.push(holding);
        }
        let dead: CardSet = dead_cards.iter().copied().collect();
        Ok(ParsedQuery { game: self.game, board, dead, players, specs: self.players.clone() })
    }

    /// The hole cards each player holds in the games that take hands or ranges of hands
    /// (Omaha, short deck): `None` for the other games. Plain Omaha takes the size of the
    /// players given as cards (all the same), four when none is.
    fn hole_size(&self) -> Result<Option<usize>, EquityError> {
        let entry = self.game.entry();
        if entry.equity_method() != Some(EquityMethod::Hands) {
            return Ok(None);
        }
        let size = match entry.hole_cards() {
            4 if self.game.is_omaha() => {
                let sizes: Vec<(usize, usize)> = self
                    .players
                    .iter()
                    .enumerate()
                    .filter_map(|(i, p)| Some((i + 1, parse_cards(p, Deck::Standard).ok()?.len())))
                    .filter(|&(_, n)| n == 4 || n == 5)
                    .collect();
                match sizes.as_slice() {
                    [] => 4,
                    [(_, n), rest @ ..] => {
                        if let Some(&(player, got)) = rest.iter().find(|(_, m)| m != n) {
                            return Err(EquityError::PlayerCardCount {
                                player,
                                spec: self.players[player - 1].clone(),
                                got,
                                expected: if *n == 4 {
                                    "4, as player 1's hand (Omaha: every hand the same size)"
                                } else {
                                    "5, as the first hand given (five-card Omaha: every hand \
                                     the same size)"
                                },
                            });
                        }
                        *n
                    }
                }
            }
            size => size,
        };
        Ok(Some(size))
    }

    /// A player of Omaha or short deck: exact cards (a hand of `size` cards) or a range.
    fn hand_holding(&self, i: usize, spec: &str, size: usize) -> Result<Holding, EquityError> {
        let player = i + 1;
        let deck = self.game.deck();
        if let Ok(cards) = parse_cards(spec, deck) {
            if cards.len() == size {
                return Ok(Holding::Cards(cards));
            }
            if !cards.is_empty() {
                return Err(EquityError::PlayerCardCount {
                    player,
                    spec: spec.to_string(),
                    got: cards.len(),
                    expected: match (self.game, size) {
                        (Game::ShortDeck, _) => "2 (or a hold'em range such as QQ+,AKs)",
                        (_, 4) => "4 (or a range such as AAKKds; 5 each for five-card Omaha)",
                        (_, 5) => "5 (or a range such as AAKK*)",
                        _ => "6 (or a range such as AAKK**)",
                    },
                });
            }
        }
        let range = if self.game == Game::ShortDeck {
            let r = Range::parse(spec).map_err(|error| EquityError::Range {
                player,
                spec: quoted(spec),
                error,
            })?;
            let masks = r.combos().filter(|(_, w)| *w > 0).map(|(c, _)| c.set().bits());
            let masks: Vec<u64> = masks.filter(|m| m & !deck.cards().bits() == 0).collect();
            OmahaRange::from_masks(2, masks)
        } else {
            OmahaRange::parse(spec, size).map_err(|error| EquityError::Range {
                player,
                spec: quoted(spec),
                error,
            })?
        };
        Ok(Holding::Hands(range))
    }

    fn holding(&self, i: usize, spec: &str) -> Result<Holding, EquityError> {
        let player = i + 1;
        if self.game.entry().equity_method() == Some(EquityMethod::Holdem) {
            if let Some(combo) = exact_pair(spec) {
                return Ok(Holding::Cards(combo.cards().to_vec()));
            }
            let range = Range::parse(spec).map_err(|error| EquityError::Range {
                player,
                spec: quoted(spec),
                error,
            })?;
            // A single combo is exact cards: collisions then name the card.
            let combos: Vec<_> = range.combos().collect();
            if let [(c, _)] = combos.as_slice() {
                return Ok(Holding::Cards(c.cards().to_vec()));
            }
            return Ok(Holding::Range(range));
        }
        let cards = parse_cards(spec, self.game.deck()).map_err(|error| {
            // A hold'em range given where exact cards belong: say so, not "bad suit".
            if Range::parse(spec).is_ok() {
                let example = match self.game {
                    Game::Americana => "AhKd",
                    Game::Stud7 | Game::Stud8 | Game::Razz => "AhKd7c, or \"\" when none are known",
                    _ => "AhKd7c",
                };
                return EquityError::RangeNotCards {
                    player,
                    spec: spec.to_string(),
                    game: self.game.name(),
                    example,
                };
            }
            EquityError::PlayerCards { player, spec: spec.to_string(), error }
        })?;
        let (lo, hi, expected) = match self.game {
            Game::Turnover => (2, 3, "3 (before the expose) or 2 (after)"),
            Game::Stud7 | Game::Stud8 | Game::Razz => (0, 7, "0 to 7"),
            _ => (0, 5, "0 to 5"),
        };
        if cards.len() < lo || cards.len() > hi {
            return Err(EquityError::PlayerCardCount {
                player,
                spec: spec.to_string(),
                got: cards.len(),
                expected,
            });
        }
        Ok(Holding::Cards(cards))
    }
}

/// Two distinct cards written as exactly four characters (`7c4d`, either case): what the range
/// parser reads as that one combo, without building a whole range.
fn exact_pair(spec: &str) -> Option<Combo> {
    let &[r1, s1, r2, s2] = spec.as_bytes() else { return None };
    let card =
        |r: u8, s: u8| Some(Card::new(Rank::from_char(r as char)?, Suit::from_char(s as char)?));
    Combo::new(card(r1, s1)?, card(r2, s2)?)
}

impl Default for Query {
    fn default() -> Query {
        Query::new::<String>(Game::Holdem, [])
    }
}

/// Where each card was first named, to report a card named twice.
#[derive(Default)]
struct Seen {
    cards: CardSet,
    places: Vec<(Card, Place)>,
}

/// Where a card was named.
#[derive(Clone, Copy)]
enum Place {
    Board,
    Dead,
    Player(usize),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Board => f.write_str("the board"),
            Place::Dead => f.write_str("the dead cards"),
            Place::Player(i) => write!(f, "player {i}"),
        }
    }
}

impl Seen {
    fn add(&mut self, cards: &[Card], place: Place) -> Result<(), EquityError> {
        for &card in cards {
            if !self.cards.insert(card) {
                let first = self.places.iter().find(|(c, _)| *c == card).map_or(place, |f| f.1);
                return Err(EquityError::CardTwice {
                    card,
                    first: first.to_string(),
                    second: place.to_string(),
                });
            }
            self.places.push((card, place));
        }
        Ok(())
    }
}

/// What one player holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Holding {
    /// A weighted hold'em range of more than one combo.
    Range(Range),
    /// Known cards.
    Cards(Vec<Card>),
    /// A range of whole hands (Omaha ranges; short-deck hold'em ranges), more than one hand or
    /// not known to be one.
    Hands(OmahaRange),
}

/// A query whose texts have been read and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedQuery {
    /// The game.
    pub game: Game,
    /// The board cards.
    pub board: Vec<Card>,
    /// The dead cards.
    pub dead: CardSet,
    /// Each player's holding, in order.
    pub players: Vec<Holding>,
    /// Each player's text as given.
    pub specs: Vec<String>,
}

impl ParsedQuery {
    /// Board, dead and every exact holding: the cards no one can be dealt.
    pub fn known(&self) -> CardSet {
        let mut known = self.dead;
        for c in &self.board {
            known.insert(*c);
        }
        for h in &self.players {
            if let Holding::Cards(cards) = h {
                for c in cards {
                    known.insert(*c);
                }
            }
        }
        known
    }

    /// Each player's known cards, in order; none for a range.
    pub(crate) fn known_cards(&self) -> Vec<Vec<Card>> {
        let cards = |h: &Holding| match h {
            Holding::Cards(c) => c.clone(),
            _ => Vec::new(),
        };
        self.players.iter().map(cards).collect()
    }

    /// The cards of the game's deck that can still be dealt: all but [`ParsedQuery::known`].
    pub(crate) fn cards_left(&self) -> Vec<Card> {
        self.game.deck().cards().difference(self.known()).iter().collect()
    }
}

/// A player's text as a range error quotes it: cut short when it is very long (a range text
/// over its length limit is quoted in part).
fn quoted(spec: &str) -> String {
    crate::text::excerpt(spec, 200)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_in_their_documented_spellings() {
        assert_eq!("holdem".parse::<Game>().unwrap(), Game::Holdem);
        assert_eq!("Hold'em".parse::<Game>().unwrap(), Game::Holdem);
        assert_eq!("stud7".parse::<Game>().unwrap(), Game::Stud7);
        assert_eq!("omaha".parse::<Game>().unwrap(), Game::Omaha);
        assert_eq!("omaha5-8".parse::<Game>().unwrap(), Game::Omaha85);
        assert_eq!("Big-O".parse::<Game>().unwrap(), Game::Omaha85);
        assert!("omaha9".parse::<Game>().is_err());
        assert_eq!("mc".parse::<Method>().unwrap(), Method::MonteCarlo);
        assert_eq!("monte-carlo".parse::<Method>().unwrap(), Method::MonteCarlo);
        assert_eq!("monte_carlo".parse::<Method>().unwrap(), Method::MonteCarlo);
        assert!("fast".parse::<Method>().is_err());
    }

    #[test]
    fn a_card_named_twice_says_where() {
        let mut q = Query::new(Game::Holdem, ["AhKh", "AhQd"]);
        let e = q.parse().unwrap_err();
        assert_eq!(e.to_string(), "Ah is used twice: in player 1 and in player 2");
        q.players = vec!["AhKh".into(), "QQ".into()];
        q.board = "2c3c".into();
        assert!(matches!(q.parse().unwrap_err(), EquityError::BoardSize { got: 2, .. }));
        q.board = "Ah2c3c".into();
        let e = q.parse().unwrap_err();
        assert_eq!(e.to_string(), "Ah is used twice: in the board and in player 1");
    }

    #[test]
    fn a_deck_too_small_for_the_deal_is_an_error_not_a_hang() {
        let mut q = Query::new(Game::Holdem, ["random"; 10]);
        q.dead = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s".into();
        let e = crate::equity::calculate(&q).unwrap_err();
        assert!(matches!(e, EquityError::DeckTooSmall { left: 24, needed: 25 }), "{e}");
    }

    #[test]
    fn range_errors_name_the_player_and_the_token() {
        let q = Query::new(Game::Holdem, ["AA", "KK+,AQx"]);
        let e = q.parse().unwrap_err();
        assert!(e
            .to_string()
            .starts_with("player 2 (\"KK+,AQx\"): range token 2 (\"AQx\", column 5)"));
        let q = Query::new(Game::Holdem, ["AA"]);
        assert!(matches!(q.parse().unwrap_err(), EquityError::PlayerCount { got: 1, .. }));
    }
}
