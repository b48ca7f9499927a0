//! Cards kept inline: the cards of one action or event ([`CardList`]), and a player's hole cards,
//! each face up or down.

use crate::card::Card;

/// Up to eight cards of one action or event (`None`: an unknown card), kept inline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardList {
    cards: [Option<Card>; 8],
    len: u8,
}

impl CardList {
    /// The first eight cards of a slice.
    pub fn from_slice(cards: &[Option<Card>]) -> CardList {
        let mut list = CardList::default();
        for &c in cards {
            list.push(c);
        }
        list
    }

    /// Adds a card; `false` (and nothing added) when the list already holds eight.
    pub fn push(&mut self, card: Option<Card>) -> bool {
        let i = usize::from(self.len);
        if i == self.cards.len() {
            return false;
        }
        self.cards[i] = card;
        self.len += 1;
        true
    }
}

impl std::ops::Deref for CardList {
    type Target = [Option<Card>];

    fn deref(&self) -> &[Option<Card>] {
        &self.cards[..usize::from(self.len)]
    }
}

/// A player's hole cards (at most eight), each face up or down, kept inline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Holding {
    cards: [Option<Card>; 8],
    up: [bool; 8],
    len: u8,
}

impl Holding {
    /// Adds a card; `false` when the holding is full.
    pub(super) fn push(&mut self, card: Option<Card>, up: bool) -> bool {
        let i = usize::from(self.len);
        if i == self.cards.len() {
            return false;
        }
        self.cards[i] = card;
        self.up[i] = up;
        self.len += 1;
        true
    }

    /// Removes the card at `pos`, keeping the order of the others.
    pub(super) fn remove(&mut self, pos: usize) {
        let len = usize::from(self.len);
        if pos < len {
            self.cards.copy_within(pos + 1..len, pos);
            self.up.copy_within(pos + 1..len, pos);
            self.len -= 1;
        }
    }

    /// Whether each card is face up.
    pub(super) fn ups(&self) -> &[bool] {
        &self.up[..usize::from(self.len)]
    }
}

impl std::ops::Deref for Holding {
    type Target = [Option<Card>];

    fn deref(&self) -> &[Option<Card>] {
        &self.cards[..usize::from(self.len)]
    }
}

impl std::ops::DerefMut for Holding {
    fn deref_mut(&mut self) -> &mut [Option<Card>] {
        &mut self.cards[..usize::from(self.len)]
    }
}
