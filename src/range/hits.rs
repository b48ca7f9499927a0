//! Hit analysis: what every combo of a hold'em range makes on a board, and what it draws to.
//!
//! Each combo gets one made hand ([`Made`]: the evaluator's [`Category`] split into the finer
//! classes players use, such as top pair with a top kicker, or a set against trips) and any
//! number of draws ([`Draw`]). [`analyze`] adds them up over a range, weighting each combo by its
//! weight, after removing the combos that use a board or dead card. docs/range.md defines every
//! class with examples.
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::range::hits::{analyze, Draw, Made};
//! use feltkit::range::Range;
//! let board = parse_cards("Ks7h2h", Deck::Standard).unwrap();
//! let a = analyze(&Range::parse("AhKh").unwrap(), &board, &[]).unwrap();
//! assert_eq!(a.combos[0].hit.made, Made::TopPairTopKicker);
//! assert!(a.combos[0].hit.draws.has(Draw::NutFlushDraw));
//! ```

use std::fmt;

use thiserror::Error;

use super::{Combo, Range};
use crate::card::{Card, CardSet};
use crate::eval::standard::Hand;
use crate::eval::Category;

/// A combo's made hand on the board: exactly one per combo.
///
/// The list runs roughly from strongest to weakest; the order within a category is the order
/// players name them in, not a strict ranking (a pocket pair between the board cards can be
/// below second pair).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Made {
    /// Five cards in sequence, of one suit.
    StraightFlush,
    /// Four cards of one rank.
    FourOfAKind,
    /// Three of a kind and a pair.
    FullHouse,
    /// A flush in which the hole cards hold the highest card of the suit not on the board, and
    /// that card plays.
    NutFlush,
    /// Any other flush (including a flush on the board that the hole cards do not improve).
    Flush,
    /// Five ranks in sequence (including a straight on the board).
    Straight,
    /// A pocket pair with one board card of its rank.
    Set,
    /// One hole card with a pair on the board of its rank.
    Trips,
    /// Three of a kind on the board, the hole cards playing no part in it.
    BoardTrips,
    /// Each hole card pairs a board card: the two highest board ranks.
    TopTwo,
    /// Each hole card pairs a board card: the highest board rank and one below the second.
    TopAndBottom,
    /// Each hole card pairs a board card, not the highest board rank.
    BottomTwo,
    /// A pocket pair that plays beside a pair on the board.
    PocketPairPlusBoardPair,
    /// One hole card pairs a board card, and a pair on the board is the other pair.
    PairPlusBoardPair,
    /// Both pairs that play are on the board.
    BoardTwoPair,
    /// A pocket pair above every board card.
    Overpair,
    /// A hole card pairs the highest board rank; the other is the best kicker there is (the
    /// highest rank not on the board).
    TopPairTopKicker,
    /// Top pair with the second or third best kicker there is.
    TopPairGoodKicker,
    /// Top pair with any lower kicker.
    TopPairWeakKicker,
    /// A pocket pair below the highest board card and above the lowest.
    PocketPairBetween,
    /// A hole card pairs the second highest board rank.
    SecondPair,
    /// A hole card pairs a board rank below the second and above the lowest (turn and river).
    ThirdPair,
    /// A hole card pairs the lowest board rank (of three or more board ranks).
    BottomPair,
    /// A pocket pair below every board card.
    Underpair,
    /// The only pair is on the board: the hole cards pair nothing.
    BoardPair,
    /// No pair, straight or flush.
    HighCard,
}

impl Made {
    /// Every made hand, in the order of the enum.
    pub const ALL: [Made; 26] = [
        Made::StraightFlush,
        Made::FourOfAKind,
        Made::FullHouse,
        Made::NutFlush,
        Made::Flush,
        Made::Straight,
        Made::Set,
        Made::Trips,
        Made::BoardTrips,
        Made::TopTwo,
        Made::TopAndBottom,
        Made::BottomTwo,
        Made::PocketPairPlusBoardPair,
        Made::PairPlusBoardPair,
        Made::BoardTwoPair,
        Made::Overpair,
        Made::TopPairTopKicker,
        Made::TopPairGoodKicker,
        Made::TopPairWeakKicker,
        Made::PocketPairBetween,
        Made::SecondPair,
        Made::ThirdPair,
        Made::BottomPair,
        Made::Underpair,
        Made::BoardPair,
        Made::HighCard,
    ];

    /// The snake_case key used in JSON: `top_pair_top_kicker`.
    pub const fn key(self) -> &'static str {
        match self {
            Made::StraightFlush => "straight_flush",
            Made::FourOfAKind => "four_of_a_kind",
            Made::FullHouse => "full_house",
            Made::NutFlush => "nut_flush",
            Made::Flush => "flush",
            Made::Straight => "straight",
            Made::Set => "set",
            Made::Trips => "trips",
            Made::BoardTrips => "board_trips",
            Made::TopTwo => "top_two",
            Made::TopAndBottom => "top_and_bottom",
            Made::BottomTwo => "bottom_two",
            Made::PocketPairPlusBoardPair => "pocket_pair_plus_board_pair",
            Made::PairPlusBoardPair => "pair_plus_board_pair",
            Made::BoardTwoPair => "board_two_pair",
            Made::Overpair => "overpair",
            Made::TopPairTopKicker => "top_pair_top_kicker",
            Made::TopPairGoodKicker => "top_pair_good_kicker",
            Made::TopPairWeakKicker => "top_pair_weak_kicker",
            Made::PocketPairBetween => "pocket_pair_between",
            Made::SecondPair => "second_pair",
            Made::ThirdPair => "third_pair",
            Made::BottomPair => "bottom_pair",
            Made::Underpair => "underpair",
            Made::BoardPair => "board_pair",
            Made::HighCard => "high_card",
        }
    }

    /// The name in words: `top pair, top kicker`.
    pub const fn name(self) -> &'static str {
        match self {
            Made::StraightFlush => "straight flush",
            Made::FourOfAKind => "four of a kind",
            Made::FullHouse => "full house",
            Made::NutFlush => "nut flush",
            Made::Flush => "flush",
            Made::Straight => "straight",
            Made::Set => "set",
            Made::Trips => "trips",
            Made::BoardTrips => "trips on the board",
            Made::TopTwo => "top two pair",
            Made::TopAndBottom => "top and bottom pair",
            Made::BottomTwo => "bottom two pair",
            Made::PocketPairPlusBoardPair => "pocket pair + board pair",
            Made::PairPlusBoardPair => "pair + board pair",
            Made::BoardTwoPair => "two pair on the board",
            Made::Overpair => "overpair",
            Made::TopPairTopKicker => "top pair, top kicker",
            Made::TopPairGoodKicker => "top pair, good kicker",
            Made::TopPairWeakKicker => "top pair, weak kicker",
            Made::PocketPairBetween => "pocket pair between board cards",
            Made::SecondPair => "second pair",
            Made::ThirdPair => "third pair",
            Made::BottomPair => "bottom pair",
            Made::Underpair => "underpair",
            Made::BoardPair => "pair on the board only",
            Made::HighCard => "high card",
        }
    }

    /// The standard category this made hand belongs to.
    pub const fn category(self) -> Category {
        match self {
            Made::StraightFlush => Category::StraightFlush,
            Made::FourOfAKind => Category::FourOfAKind,
            Made::FullHouse => Category::FullHouse,
            Made::NutFlush | Made::Flush => Category::Flush,
            Made::Straight => Category::Straight,
            Made::Set | Made::Trips | Made::BoardTrips => Category::ThreeOfAKind,
            Made::TopTwo
            | Made::TopAndBottom
            | Made::BottomTwo
            | Made::PocketPairPlusBoardPair
            | Made::PairPlusBoardPair
            | Made::BoardTwoPair => Category::TwoPair,
            Made::HighCard => Category::HighCard,
            _ => Category::OnePair,
        }
    }
}

impl fmt::Display for Made {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A draw: a way the next card (or, for backdoor draws, the next two) can improve the hand.
/// Only the flop and the turn have draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Draw {
    /// Four cards of one suit among hole cards and board, at least one of them a hole card.
    FlushDraw,
    /// A flush draw holding the highest card of its suit not on the board (also a flush draw).
    NutFlushDraw,
    /// Two or more ranks complete a straight that uses a hole card: open-ended straight draws
    /// and double gutshots.
    OpenEnded,
    /// Exactly one rank completes a straight that uses a hole card.
    Gutshot,
    /// A flush draw together with an open-ended draw or a gutshot (each also counted alone).
    ComboDraw,
    /// Flop only, no flush draw: three cards of one suit, at least one of them a hole card.
    BackdoorFlushDraw,
    /// Flop only, no straight draw: some two ranks together complete a straight that uses a
    /// hole card.
    BackdoorStraightDraw,
    /// No pair or better, and both hole cards rank above every board card.
    Overcards,
}

impl Draw {
    /// Every draw, in the order of the enum.
    pub const ALL: [Draw; 8] = [
        Draw::FlushDraw,
        Draw::NutFlushDraw,
        Draw::OpenEnded,
        Draw::Gutshot,
        Draw::ComboDraw,
        Draw::BackdoorFlushDraw,
        Draw::BackdoorStraightDraw,
        Draw::Overcards,
    ];

    /// The snake_case key used in JSON: `flush_draw`.
    pub const fn key(self) -> &'static str {
        match self {
            Draw::FlushDraw => "flush_draw",
            Draw::NutFlushDraw => "nut_flush_draw",
            Draw::OpenEnded => "open_ended",
            Draw::Gutshot => "gutshot",
            Draw::ComboDraw => "combo_draw",
            Draw::BackdoorFlushDraw => "backdoor_flush_draw",
            Draw::BackdoorStraightDraw => "backdoor_straight_draw",
            Draw::Overcards => "overcards",
        }
    }

    /// The name in words.
    pub const fn name(self) -> &'static str {
        match self {
            Draw::FlushDraw => "flush draw",
            Draw::NutFlushDraw => "nut flush draw",
            Draw::OpenEnded => "open-ended straight draw",
            Draw::Gutshot => "gutshot",
            Draw::ComboDraw => "combo draw",
            Draw::BackdoorFlushDraw => "backdoor flush draw",
            Draw::BackdoorStraightDraw => "backdoor straight draw",
            Draw::Overcards => "overcards",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Draws(u8);

impl Draws {
    /// No draw.
    pub const NONE: Draws = Draws(0);

    /// Whether `draw` is in the set.
    pub const fn has(self, draw: Draw) -> bool {
        self.0 & draw.bit() != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The draws in the set, in [`Draw::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Draw> {
        Draw::ALL.into_iter().filter(move |d| self.has(*d))
    }

    fn with(self, draw: Draw) -> Draws {
        Draws(self.0 | draw.bit())
    }
}

/// What one combo makes on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hit {
    /// The standard category of the best five cards.
    pub category: Category,
    /// The finer made-hand class.
    pub made: Made,
    /// Its draws (none on the river).
    pub draws: Draws,
}

/// A board that cannot be analysed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HitError {
    /// Not 3, 4 or 5 cards.
    #[error("{}: hit analysis needs a flop, turn or river board of 3, 4 or 5 cards", crate::text::count(*.0, "board card", "board cards"))]
    BoardSize(usize),
    /// The same card on the board twice, or on the board and among the dead cards.
    #[error("{0} is both on the board and dead (or on the board twice)")]
    Repeated(Card),
}

/// Ranks as a 14-bit mask for straights: bit 0 the ace played low, bits 1 to 13 the ranks two
/// to ace.
const fn straight_bits(ranks: u16) -> u16 {
    (ranks << 1) | (ranks >> 12 & 1)
}

/// The ranks of a 14-bit straight mask as a 13-bit rank mask (the low ace folded onto the ace).
const fn fold_ace(bits: u16) -> u16 {
    (bits >> 1) | ((bits & 1) << 12)
}

/// A board with what every combo's classification needs precomputed.
#[derive(Clone, Debug)]
pub struct Board {
    cards: CardSet,
    len: usize,
    hand: Hand,
    /// Board ranks as a 13-bit mask.
    ranks: u16,
    /// Count of each rank on the board.
    counts: [u8; 13],
    /// Board ranks per suit.
    suits: [u16; 4],
    /// Highest board rank, second highest, lowest (distinct ranks).
    top: u8,
    second: Option<u8>,
    lowest: u8,
    /// The ranks not on the board, highest first (the kickers there are).
    kickers: [u8; 3],
    /// Per suit, the highest rank of that suit not on the board (13 when none is missing).
    nut: [u8; 4],
}

impl Board {
    /// A board of 3, 4 or 5 distinct cards.
    pub fn new(cards: &[Card]) -> Result<Board, HitError> {
        if !(3..=5).contains(&cards.len()) {
            return Err(HitError::BoardSize(cards.len()));
        }
        let mut set = CardSet::EMPTY;
        let mut hand = Hand::EMPTY;
        let mut counts = [0u8; 13];
        let mut suits = [0u16; 4];
        for c in cards {
            if !set.insert(*c) {
                return Err(HitError::Repeated(*c));
            }
            hand = hand.add(*c);
            counts[c.rank().index() as usize] += 1;
            suits[c.suit().index() as usize] |= 1 << c.rank().index();
        }
        let ranks = suits.iter().fold(0, |a, s| a | s);
        let mut distinct = (0..13u8).rev().filter(|r| ranks >> r & 1 == 1);
        let top = distinct.next().unwrap_or(0);
        let second = distinct.next();
        let lowest = ranks.trailing_zeros() as u8;
        let mut kickers = [0u8; 3];
        for (k, r) in kickers.iter_mut().zip((0..13u8).rev().filter(|r| ranks >> r & 1 == 0)) {
            *k = r;
        }
        let mut nut = [13u8; 4];
        for (n, s) in nut.iter_mut().zip(suits) {
            if let Some(r) = (0..13u8).rev().find(|r| s >> r & 1 == 0) {
                *n = r;
            }
        }
        Ok(Board {
            cards: set,
            len: cards.len(),
            hand,
            ranks,
            counts,
            suits,
            top,
            second,
            lowest,
            kickers,
            nut,
        })
    }

    /// The board's cards.
    pub fn cards(&self) -> CardSet {
        self.cards
    }

    /// What `combo` makes on this board; `None` when it shares a card with the board.
    pub fn classify(&self, combo: Combo) -> Option<Hit> {
        if !combo.set().is_disjoint(self.cards) {
            return None;
        }
        let [a, b] = combo.cards();
        let category = self.hand.add(a).add(b).rank()?.category();
        let (ra, rb) = (a.rank().index(), b.rank().index());
        let made = self.made(category, [a, b], ra, rb);
        let draws = if self.len < 5 { self.draws(category, [a, b], ra, rb) } else { Draws::NONE };
        Some(Hit { category, made, draws })
    }

    fn made(&self, category: Category, hole: [Card; 2], ra: u8, rb: u8) -> Made {
        let count = |r: u8| self.counts[r as usize] + u8::from(ra == r) + u8::from(rb == r);
        let hole_has = |r: u8| u8::from(ra == r) + u8::from(rb == r);
        match category {
            Category::StraightFlush => Made::StraightFlush,
            Category::FourOfAKind => Made::FourOfAKind,
            Category::FullHouse => Made::FullHouse,
            Category::Straight => Made::Straight,
            Category::Flush => self.flush(hole),
            Category::ThreeOfAKind => {
                let t = (0..13u8).rev().find(|r| count(*r) == 3).unwrap_or(0);
                match hole_has(t) {
                    2 => Made::Set,
                    1 => Made::Trips,
                    _ => Made::BoardTrips,
                }
            }
            Category::TwoPair => {
                let mut pairs = (0..13u8).rev().filter(|r| count(*r) == 2);
                let high = pairs.next().unwrap_or(0);
                let low = pairs.next().unwrap_or(0);
                match (hole_has(high), hole_has(low)) {
                    (1, 1) if high == self.top && Some(low) == self.second => Made::TopTwo,
                    (1, 1) if high == self.top => Made::TopAndBottom,
                    (1, 1) => Made::BottomTwo,
                    (2, _) | (_, 2) => Made::PocketPairPlusBoardPair,
                    (0, 0) => Made::BoardTwoPair,
                    _ => Made::PairPlusBoardPair,
                }
            }
            Category::OnePair => {
                if self.counts.iter().any(|c| *c >= 2) {
                    Made::BoardPair
                } else if ra == rb {
                    if ra > self.top {
                        Made::Overpair
                    } else if ra < self.lowest {
                        Made::Underpair
                    } else {
                        Made::PocketPairBetween
                    }
                } else {
                    let (paired, kicker) =
                        if self.ranks >> ra & 1 == 1 { (ra, rb) } else { (rb, ra) };
                    if paired == self.top {
                        if kicker == self.kickers[0] {
                            Made::TopPairTopKicker
                        } else if kicker == self.kickers[1] || kicker == self.kickers[2] {
                            Made::TopPairGoodKicker
                        } else {
                            Made::TopPairWeakKicker
                        }
                    } else if Some(paired) == self.second {
                        Made::SecondPair
                    } else if paired == self.lowest {
                        Made::BottomPair
                    } else {
                        Made::ThirdPair
                    }
                }
            }
            Category::HighCard => Made::HighCard,
        }
    }

    /// A flush: the nut flush when a hole card is the highest card of the suit missing from the
    /// board and it is among the five flush cards.
    fn flush(&self, hole: [Card; 2]) -> Made {
        let mut suit_ranks = self.suits;
        for c in hole {
            suit_ranks[c.suit().index() as usize] |= 1 << c.rank().index();
        }
        let Some(s) = (0..4).find(|s| suit_ranks[*s].count_ones() >= 5) else {
            return Made::Flush;
        };
        let nut = self.nut[s];
        let holds = hole.iter().any(|c| c.suit().index() as usize == s && c.rank().index() == nut);
        let above = if nut >= 12 { 0 } else { self.suits[s] >> (nut + 1) };
        if holds && above.count_ones() < 5 {
            Made::NutFlush
        } else {
            Made::Flush
        }
    }

    fn draws(&self, category: Category, hole: [Card; 2], ra: u8, rb: u8) -> Draws {
        let mut draws = Draws::NONE;
        if category < Category::Flush {
            let mut suit_ranks = self.suits;
            for c in hole {
                suit_ranks[c.suit().index() as usize] |= 1 << c.rank().index();
            }
            for c in hole {
                let s = c.suit().index() as usize;
                match suit_ranks[s].count_ones() {
                    4 => {
                        draws = draws.with(Draw::FlushDraw);
                        let nut = hole
                            .iter()
                            .any(|h| h.suit() == c.suit() && h.rank().index() == self.nut[s]);
                        if nut {
                            draws = draws.with(Draw::NutFlushDraw);
                        }
                    }
                    3 if self.len == 3 => draws = draws.with(Draw::BackdoorFlushDraw),
                    _ => {}
                }
            }
        }
        if category < Category::Straight {
            let hole_ranks = (1u16 << ra) | (1 << rb);
            let own = straight_bits(hole_ranks & !self.ranks);
            let all = straight_bits(hole_ranks | self.ranks);
            let mut outs = 0u16;
            let mut backdoor = false;
            if own != 0 {
                for i in 0..10 {
                    let window = 0b11111u16 << i;
                    if window & own == 0 {
                        continue;
                    }
                    let missing = window & !all;
                    match missing.count_ones() {
                        1 => outs |= fold_ace(missing),
                        2 => backdoor = true,
                        _ => {}
                    }
                }
            }
            match outs.count_ones() {
                0 if backdoor && self.len == 3 => draws = draws.with(Draw::BackdoorStraightDraw),
                0 => {}
                1 => draws = draws.with(Draw::Gutshot),
                _ => draws = draws.with(Draw::OpenEnded),
            }
        }
        if draws.has(Draw::FlushDraw) && (draws.has(Draw::OpenEnded) || draws.has(Draw::Gutshot)) {
            draws = draws.with(Draw::ComboDraw);
        }
        if category == Category::HighCard && ra > self.top && rb > self.top {
            draws = draws.with(Draw::Overcards);
        }
        draws
    }
}

/// One combo of an analysed range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComboHit {
    /// The combo.
    pub combo: Combo,
    /// Its weight in thousandths.
    pub weight: u16,
    /// What it makes.
    pub hit: Hit,
}

/// A range's hits on a board: per class, the total weight of its combos in thousandths (a
/// combo at full weight adds 1,000).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Every combo left after card removal, in index order.
    pub combos: Vec<ComboHit>,
    /// Total weight of the combos left, in thousandths.
    pub total: u64,
    /// Weight per made hand, indexed like [`Made::ALL`].
    pub made: [u64; 26],
    /// Weight per standard category, indexed like [`Category::ALL`].
    pub categories: [u64; 9],
    /// Weight per draw, indexed like [`Draw::ALL`].
    pub draws: [u64; 8],
}

impl Analysis {
    /// The weight of one made hand, in thousandths.
    pub fn made_weight(&self, made: Made) -> u64 {
        self.made[made as usize]
    }

    /// The weight of one draw, in thousandths.
    pub fn draw_weight(&self, draw: Draw) -> u64 {
        self.draws[draw as usize]
    }

    /// `weight` as a percentage of the whole range (0 for an empty range).
    pub fn percent(&self, weight: u64) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            weight as f64 * 100.0 / self.total as f64
        }
    }
}

/// Classifies every combo of `range` on `board`, leaving out combos that use a board card or
/// one of `dead`.
pub fn analyze(range: &Range, board: &[Card], dead: &[Card]) -> Result<Analysis, HitError> {
    let b = Board::new(board)?;
    let mut blocked = b.cards();
    for d in dead {
        if !blocked.insert(*d) {
            return Err(HitError::Repeated(*d));
        }
    }
    Ok(analyze_board(range, &b, blocked))
}

/// [`analyze`] on a prepared board; `blocked` holds the board and dead cards.
pub fn analyze_board(range: &Range, board: &Board, blocked: CardSet) -> Analysis {
    let mut a = Analysis {
        combos: Vec::with_capacity(range.len()),
        total: 0,
        made: [0; 26],
        categories: [0; 9],
        draws: [0; 8],
    };
    for (combo, weight) in range.combos() {
        if !combo.set().is_disjoint(blocked) {
            continue;
        }
        let Some(hit) = board.classify(combo) else { continue };
        let w = u64::from(weight);
        a.total += w;
        a.made[hit.made as usize] += w;
        a.categories[hit.category as usize] += w;
        for d in hit.draws.iter() {
            a.draws[d as usize] += w;
        }
        a.combos.push(ComboHit { combo, weight, hit });
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Deck};

    fn hit(hole: &str, board: &str) -> Hit {
        let b = Board::new(&parse_cards(board, Deck::Standard).unwrap()).unwrap();
        let h = parse_cards(hole, Deck::Standard).unwrap();
        b.classify(Combo::new(h[0], h[1]).unwrap()).unwrap()
    }

    #[test]
    fn pairs_two_pair_and_trips_are_named_by_where_their_cards_come_from() {
        for (hole, board, made) in [
            ("AhKc", "Ks7d2c", Made::TopPairTopKicker),
            ("QhKc", "Ks7d2c", Made::TopPairGoodKicker),
            ("JhKc", "Ks7d2c", Made::TopPairGoodKicker),
            ("ThKc", "Ks7d2c", Made::TopPairWeakKicker),
            ("KhKc", "As7d2c", Made::PocketPairBetween),
            ("AhAc", "Ks7d2c", Made::Overpair),
            ("8h7c", "Ks7d2c", Made::SecondPair),
            ("Ah2h", "Ks7d2c", Made::BottomPair),
            ("Ah5h", "Ks7d5c2d", Made::ThirdPair),
            ("3h3c", "Ks7d5c", Made::Underpair),
            ("AhQc", "Ks7d7c", Made::BoardPair),
            // Two pair and trips.
            ("Kh7c", "Ks7d2c", Made::TopTwo),
            ("Kh2h", "Ks7d2c", Made::TopAndBottom),
            ("7h2h", "Ks7d2c", Made::BottomTwo),
            ("9h9c", "Ks7d7c", Made::PocketPairPlusBoardPair),
            ("Ah2h", "Ks2d7d7c", Made::PairPlusBoardPair),
            ("AhQc", "Ks7d7cKc", Made::BoardTwoPair),
            ("7h7c", "Ks7d2c", Made::Set),
            ("Ah7c", "Ks7d7s", Made::Trips),
            ("AhQc", "7s7d7h", Made::BoardTrips),
        ] {
            assert_eq!(hit(hole, board).made, made, "{hole} on {board}");
        }
    }

    #[test]
    fn draws_need_a_hole_card() {
        let h = hit("AhKh", "Qh7hJc");
        assert!(h.draws.has(Draw::FlushDraw) && h.draws.has(Draw::NutFlushDraw));
        assert!(h.draws.has(Draw::Gutshot) && !h.draws.has(Draw::OpenEnded), "{h:?}");
        assert!(h.draws.has(Draw::ComboDraw) && h.draws.has(Draw::Overcards));
        assert!(hit("9h8c", "Th7d2s").draws.has(Draw::OpenEnded));
        assert!(hit("9h7c", "Jh8d5s").draws.has(Draw::OpenEnded), "double gutshot");
        assert!(hit("AhKc", "QdJs2h").draws.has(Draw::Gutshot));
        assert_eq!(hit("2h3c", "9d8s7h6c").draws, Draws::NONE, "board straight draw only");
        assert!(hit("Ah2c", "Kd8s3h").draws.has(Draw::BackdoorStraightDraw));
        assert!(hit("Ah2h", "Kh8s3c").draws.has(Draw::BackdoorFlushDraw));
        assert_eq!(hit("AhKh", "Qh7h2c3d9s").draws, Draws::NONE, "no draws on the river");
    }

    #[test]
    fn a_flush_is_the_nut_flush_only_with_the_highest_missing_card() {
        assert_eq!(hit("Ah2h", "Kh8h3h").made, Made::NutFlush);
        assert_eq!(hit("Kh2h", "Ah8h3h").made, Made::NutFlush);
        assert_eq!(hit("Qh2h", "Ah8h3h").made, Made::Flush);
        // The highest missing heart does not play over a five-heart board above it.
        assert_eq!(hit("2h3c", "AhKhQhJh9h").made, Made::Flush);
        assert_eq!(hit("Th3c", "AhKhQhJh9h").made, Made::StraightFlush);
    }
}
