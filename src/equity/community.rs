//! Omaha (high, high-low, four or five hole cards) and short-deck hold'em: players hold exact
//! hands or ranges of whole hands; the board has 0, 3, 4 or 5 known cards.
//!
//! Exhaustive enumeration walks every matchup (one hand per player, no card shared) and every
//! completion of the board from the cards left; each board is prepared once and shared by the
//! players ([`super::showdown`]). The work is split over the first player's hands, and over
//! the highest new board card when the first player has few hands, so that one exact matchup
//! preflop still runs on every core. Counts are integers; a matchup's boards are all counted,
//! so every matchup weighs the same.

use rayon::prelude::*;

use super::deal::each_subset;
use super::holdem::choose;
use super::query::{Game, Holding, ParsedQuery};
use super::showdown::{OmahaHiLo, OmahaHigh, ShortDeck, Showdown};
use super::tally::{pot_unit, Counts, Tally, MAX_PLAYERS};
use super::{EquityError, Progress};
use crate::card::{Card, CardSet};
use crate::range::omaha::OmahaRange;

/// One player's possible hands.
#[derive(Clone, Debug)]
pub(crate) struct Hands {
    /// Every hand of the cards left (dealt from the deck in Monte Carlo).
    pub any: bool,
    /// The hands as card masks (unused when `any`).
    pub masks: Vec<u64>,
}

/// A spot in Omaha or short deck: what is known of a deal before it is completed (the known
/// board, the cards left, each player's possible hands).
#[derive(Clone, Debug)]
pub(crate) struct CommunitySpot {
    /// The game.
    pub game: Game,
    /// Hole cards per player.
    pub size: usize,
    /// Known board cards.
    pub board: Vec<Card>,
    /// The cards that can reach the board or a hand: the game's deck less the board and the
    /// dead cards (exact players' cards included).
    pub free: Vec<Card>,
    /// The cards no range or `random` player can hold: outside the deck, board, dead, exact
    /// players' cards.
    pub excluded: CardSet,
    /// Each player's hands.
    pub players: Vec<Hands>,
}

impl CommunitySpot {
    /// Reads the players' hands, removes those that use known cards, checks the deck.
    pub fn new(q: &ParsedQuery) -> Result<CommunitySpot, EquityError> {
        let deck = q.game.deck().cards();
        let mut table = q.dead;
        for c in &q.board {
            table.insert(*c);
        }
        let excluded = q.known().union(CardSet::from_bits(!deck.bits() & ((1 << 52) - 1)));
        let mut size = 0;
        let mut players = Vec::with_capacity(q.players.len());
        for (i, h) in q.players.iter().enumerate() {
            let hands = match h {
                Holding::Cards(cards) => {
                    size = cards.len();
                    Hands {
                        any: false,
                        masks: vec![cards.iter().fold(0, |m, c| m | 1 << c.index())],
                    }
                }
                Holding::Hands(r) => {
                    size = r.size();
                    if r.is_any() {
                        Hands { any: true, masks: Vec::new() }
                    } else {
                        Hands { any: false, masks: r.hands(excluded) }
                    }
                }
                // The query gives these games no hold'em range.
                Holding::Range(_) => Hands { any: false, masks: Vec::new() },
            };
            if !hands.any && hands.masks.is_empty() {
                return Err(EquityError::EmptyRange { player: i + 1, spec: q.specs[i].clone() });
            }
            players.push(hands);
        }
        let free: Vec<Card> = deck.difference(table).iter().collect();
        let needed = size * players.len() + 5 - q.board.len();
        if needed > free.len() {
            return Err(EquityError::DeckTooSmall { left: free.len(), needed });
        }
        Ok(CommunitySpot { game: q.game, size, board: q.board.clone(), free, excluded, players })
    }

    /// Board cards still to come.
    pub fn board_left(&self) -> usize {
        5 - self.board.len()
    }

    /// How many hands a player may hold (an estimate for `random`: every hand of the cards
    /// not excluded).
    fn hand_count(&self, h: &Hands) -> f64 {
        if h.any {
            let left = 52 - self.excluded.len() as u64;
            choose(left, self.size as u64) as f64
        } else {
            h.masks.len() as f64
        }
    }

    /// The estimated single-core nanoseconds of exhaustive enumeration.
    pub fn exhaustive_cost(&self) -> f64 {
        let n = self.players.len();
        let matchups: f64 = self.players.iter().map(|h| self.hand_count(h)).product();
        let left = self.free.len().saturating_sub(n * self.size) as u64;
        let boards = choose(left, self.board_left() as u64) as f64;
        // Measured per player and board (release build, one core): a high hand is 60 or 100
        // five-card lookups (150 with six hole cards); a low adds a bit count per hand.
        let hilo = if self.game.is_hilo() { 1.4 } else { 1.0 };
        let pairs = (self.size * self.size.saturating_sub(1) / 2) as f64;
        // About 2 ns per five-card lookup.
        let lookup = 2.0 * hilo * pairs;
        let n = n as f64;
        if self.game.is_omaha() && (1..=2).contains(&self.board_left()) {
            // Known flop or turn (`omaha_board`): per matchup, 3 (flop) or 6 (turn) triples
            // per card left; per board, 3 triples (flop) or a table read (turn).
            let cards = left as f64;
            let (per_card, per_board) =
                if self.board_left() == 2 { (3.0, 3.0 * lookup) } else { (6.0, 4.0) };
            return matchups
                * (60.0 + n * cards * per_card * lookup + boards * (10.0 + n * per_board));
        }
        // Measured (`equity-calibrate`, docs/performance.md): a five-card board is one read
        // of the five-board table per distinct hole rank pair, so a player costs about 4 ns
        // plus half a nanosecond per hole pair, and a low about a nanosecond per hole pair;
        // each board about 12 ns.
        let per_player = match self.game {
            Game::ShortDeck => 2.0,
            _ => 4.0 + pairs * if self.game.is_hilo() { 1.5 } else { 0.5 },
        };
        matchups * (60.0 + boards * (12.0 + n * per_player))
    }
}

/// Exact counts over every deal.
pub(crate) fn exhaustive(
    s: &CommunitySpot,
    progress: Option<&Progress<'_>>,
) -> Result<Tally, EquityError> {
    match s.game {
        Game::ShortDeck => enumerate::<ShortDeck>(s, progress),
        Game::Omaha8 | Game::Omaha85 | Game::Omaha68 => enumerate::<OmahaHiLo>(s, progress),
        _ => enumerate::<OmahaHigh>(s, progress),
    }
}

/// The cards of a mask, in index order.
pub(crate) fn cards_of(mask: u64) -> impl Iterator<Item = Card> {
    CardSet::from_bits(mask).iter()
}

/// Counts one board for every player.
#[inline(always)]
pub(crate) fn settle<S: Showdown>(players: &[S::Player], board: &[Card; 5], counts: &mut Counts) {
    let b = S::board(board);
    counts.settle(players, S::HILO, |p| S::high(p, &b), |p| S::low(p, &b));
}

fn enumerate<S: Showdown>(
    s: &CommunitySpot,
    progress: Option<&Progress<'_>>,
) -> Result<Tally, EquityError> {
    let n = s.players.len();
    let unit = pot_unit(S::HILO);
    let lists: Vec<Vec<u64>> = s
        .players
        .iter()
        .map(|h| if h.any { OmahaRange::random(s.size).hands(s.excluded) } else { h.masks.clone() })
        .collect();
    let k = s.board_left();
    // Work items: a hand of the first player, and (when it has few) the highest new board card.
    // (A flop or turn is a few thousand boards: not worth splitting.)
    let split = lists[0].len() < 64 && k >= 3;
    let items: Vec<(usize, Option<usize>)> = if split {
        (0..lists[0].len()).flat_map(|i| (k - 1..s.free.len()).map(move |t| (i, Some(t)))).collect()
    } else {
        (0..lists[0].len()).map(|i| (i, None)).collect()
    };
    let work = super::Items::new(progress, items.len());
    let tally = items
        .par_iter()
        .fold(
            || Tally::with_unit(n, unit),
            |mut t, &(i, top)| {
                work.start();
                let mut walk = Walk::<S> {
                    s,
                    lists: &lists,
                    top,
                    picks: [0; MAX_PLAYERS],
                    counts: Counts::default(),
                    tally: &mut t,
                    _game: std::marker::PhantomData,
                };
                walk.picks[0] = lists[0][i];
                walk.players(1, lists[0][i]);
                walk.flush();
                work.finish(1);
                t
            },
        )
        .reduce(|| Tally::with_unit(n, unit), Tally::merge);
    if tally.total == 0 {
        return Err(EquityError::NoDeal);
    }
    Ok(tally)
}

/// One work item's walk over the other players' hands and the boards.
struct Walk<'a, S: Showdown> {
    s: &'a CommunitySpot,
    lists: &'a [Vec<u64>],
    top: Option<usize>,
    picks: [u64; MAX_PLAYERS],
    counts: Counts,
    tally: &'a mut Tally,
    _game: std::marker::PhantomData<S>,
}

impl<S: Showdown> Walk<'_, S> {
    fn players(&mut self, p: usize, used: u64) {
        if p == self.s.players.len() {
            self.boards(used);
            return;
        }
        for &m in &self.lists[p] {
            if m & used == 0 {
                self.picks[p] = m;
                self.players(p + 1, used | m);
            }
        }
    }

    fn boards(&mut self, used: u64) {
        let s = self.s;
        let n = s.players.len();
        let mut board = [Card::new(crate::card::Rank::TWO, crate::card::Suit::CLUBS); 5];
        let known = s.board.len();
        board[..known].copy_from_slice(&s.board);
        let mut k = s.board_left();
        let mut below = s.free.len();
        if let Some(t) = self.top {
            let c = s.free[t];
            if used >> c.index() & 1 == 1 {
                return;
            }
            board[known] = c;
            k -= 1;
            below = t;
        }
        let rest: Vec<Card> =
            s.free[..below].iter().copied().filter(|c| used >> c.index() & 1 == 0).collect();
        if s.game.is_omaha() && self.top.is_none() && (k == 1 || k == 2) {
            let holes: Vec<Vec<Card>> =
                self.picks[..n].iter().map(|&m| cards_of(m).collect()).collect();
            let holes: Vec<&[Card]> = holes.iter().map(Vec::as_slice).collect();
            super::omaha_board::count(S::HILO, &holes, &s.board, &rest, &mut self.counts);
        } else {
            let prepared: Vec<S::Player> = self.picks[..n]
                .iter()
                .map(|&m| S::player(&cards_of(m).collect::<Vec<_>>()))
                .collect();
            self.each_board(&prepared, board, k, &rest);
        }
        if self.counts.deals > 1 << 30 {
            self.flush();
        }
    }

    /// Counts every board of `board` (its first `5 - k` cards known) plus `k` of `rest`.
    fn each_board(&mut self, prepared: &[S::Player], board: [Card; 5], k: usize, rest: &[Card]) {
        let at = 5 - k;
        let counts = &mut self.counts;
        each_subset(
            rest,
            k,
            0,
            (board, at),
            &|(mut b, i): ([Card; 5], usize), c| {
                b[i] = c;
                (b, i + 1)
            },
            &mut |_, (b, _)| settle::<S>(prepared, &b, counts),
        );
        if self.counts.deals > 1 << 30 {
            self.flush();
        }
    }

    fn flush(&mut self) {
        let c = std::mem::take(&mut self.counts);
        self.tally.add(&c, 1, c.deals);
    }
}
