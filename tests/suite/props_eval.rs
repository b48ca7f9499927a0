//! Property tests: card text never panics, and hands are additive in any order.

use feltkit::card::{parse_cards, Card, Deck};
use feltkit::eval::americana::AmericanaHand;
use feltkit::eval::standard::Hand;
use feltkit::eval::{reference, Ranking};
use proptest::prelude::*;

fn distinct_cards(deck: Deck, n: usize) -> impl Strategy<Value = Vec<Card>> {
    let all: Vec<Card> = deck.cards().iter().collect();
    proptest::sample::subsequence(all, n).prop_shuffle()
}

proptest! {
    #[test]
    fn parsing_any_text_never_panics(s in "\\PC{0,40}") {
        let _ = parse_cards(&s, Deck::Standard);
        let _ = parse_cards(&s, Deck::Americana);
    }

    #[test]
    fn parsing_card_like_text_never_panics(s in "[0-9TJQKAtjqka1cdhsCDHSx ,]{0,30}") {
        if let Ok(cards) = parse_cards(&s, Deck::Standard) {
            let _ = Ranking::Standard.evaluate(&cards);
        }
    }

    #[test]
    fn standard_hands_are_additive_in_any_split(cards in distinct_cards(Deck::Standard, 7), k in 0usize..=7) {
        let whole = Hand::from_cards(&cards).unwrap().rank7();
        let split = Hand::from_cards(&cards[..k]).unwrap() + Hand::from_cards(&cards[k..]).unwrap();
        prop_assert_eq!(split.rank7(), whole);
        prop_assert_eq!(split.rank(), Some(whole));
        let bytes: [u8; 7] = std::array::from_fn(|i| cards[i].index());
        prop_assert_eq!(feltkit::eval::standard::rank7_indices(&bytes), whole);
        let r = reference::best_of(&cards, reference::standard5);
        prop_assert_eq!(reference::standard_category_of(r), whole.category());
    }

    #[test]
    fn americana_hands_are_additive_in_any_split(cards in distinct_cards(Deck::Americana, 7), k in 0usize..=7) {
        let whole = AmericanaHand::from_cards(&cards).unwrap().rank();
        let split = AmericanaHand::from_cards(&cards[..k]).unwrap()
            + AmericanaHand::from_cards(&cards[k..]).unwrap();
        prop_assert_eq!(split.rank(), whole);
    }
}
