//! The PHH codes of the mixed games (Omaha high-low, stud high-low, razz, short deck and the
//! draw games), checked against pots and stacks worked out by hand from the rules in
//! docs/games.md and docs/replay.md.

use feltkit::card::{parse_cards, Card};
use feltkit::phh::{replay_text, HandReport, Status};
use feltkit::rules::Chips;
use feltkit::rules::{HandState, Next, RuleError, Stakes, Variant};

fn replay(text: &str) -> HandReport {
    let r = replay_text(text, "hand.phh", false).remove(0);
    assert_eq!(r.status, Status::Legal, "{:?}", r.status);
    r
}

/// Stacks and each pot's payouts (player, chips) of a replayed hand.
fn results(r: &HandReport) -> (Vec<i64>, Vec<Vec<(usize, i64)>>) {
    let o = r.outcome.as_ref().unwrap();
    let mut pots: Vec<Vec<(usize, i64)>> =
        o.pots.iter().map(|p| p.payouts.iter().map(|&(w, x)| (w, x.get())).collect()).collect();
    pots.iter_mut().for_each(|p| p.sort_unstable());
    (o.final_stacks.iter().map(|c| c.get()).collect(), pots)
}

const CHECK_DOWN: &str = "'p1 cc', 'p2 cc', 'p3 cc'";

/// A three-handed fixed-limit Omaha high-low hand: the flop K-K-7, turn and river as given,
/// checked from the flop on, then shown.
fn omaha_hi_lo(stakes: &str, preflop: &str, holes: [&str; 3], turn_river: [&str; 2]) -> String {
    let [a, b, c] = holes;
    let [turn, river] = turn_river;
    format!(
        "variant = 'FO/8'\n{stakes}\nactions = ['d dh p1 {a}', 'd dh p2 {b}', 'd dh p3 {c}', \
         {preflop}, 'd db KsKd7c', {CHECK_DOWN}, 'd db {turn}', {CHECK_DOWN}, 'd db {river}', \
         {CHECK_DOWN}, 'p1 sm {a}', 'p2 sm {b}', 'p3 sm {c}']\n"
    )
}

#[test]
fn omaha_high_low_halves_the_pot_and_the_high_half_takes_the_odd_chip() {
    // Antes 1 (dead) and blinds 1/2, everyone calls: a pot of 9. p1's three kings win high,
    // p2's 7-4-3-2-A the low, p3 has neither. High half 5 (with the odd chip), low half 4.
    let text = omaha_hi_lo(
        "antes = [1, 1, 1]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4\n\
         starting_stacks = [100, 100, 100]",
        "'p3 cc', 'p1 cc', 'p2 cc'",
        ["AhKh9c9d", "Ac4hQcJd", "TcThJsJh"],
        ["3d", "2s"],
    );
    let r = replay(&text);
    assert_eq!(results(&r), (vec![102, 101, 97], vec![vec![(0, 5), (1, 4)]]));
    let pot = &r.outcome.as_ref().unwrap().pots[0];
    assert_eq!((pot.winners.clone(), pot.low_winners.clone()), (vec![0, 1], vec![1]));
}

#[test]
fn a_tied_low_is_quartered_with_the_odd_chip_to_the_lower_seat() {
    // p3 raises to 4, all call: 12 and 3 dead antes, a pot of 15. p1 wins high (8 of it, the
    // odd chip with the high half); p2 and p3 both hold A-2 for 7-4-3-2-A and split the low
    // half of 7: 4 to p2 (the lower seat, PokerKit's odd chip) and 3 to p3.
    let text = omaha_hi_lo(
        "antes = [1, 1, 1]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4\n\
         starting_stacks = [100, 100, 100]",
        "'p3 cbr 4', 'p1 cc', 'p2 cc'",
        ["AhKh9c9d", "Ac2hQcJd", "As2dTcTh"],
        ["3d", "4s"],
    );
    assert_eq!(results(&replay(&text)), (vec![103, 99, 98], vec![vec![(0, 8), (1, 4), (2, 3)]]));
}

#[test]
fn a_side_pot_without_a_qualifying_low_goes_whole_to_the_high_hand() {
    // p1 is all-in for 3 with the only low; p2 and p3 go on in a side pot. Main pot 9: high
    // half 5 to p2's three kings, low half 4 to p1. The side pot of 6 has no low
    // among its contenders: p2 scoops it (PokerKit would split its low half among them).
    let text = "variant = 'FO/8'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n\
        small_bet = 2\nbig_bet = 4\nstarting_stacks = [3, 100, 100]\n\
        actions = ['d dh p1 Ac2hQcJd', 'd dh p2 AhKh9c9d', 'd dh p3 TcThJsJh', 'p3 cbr 4', \
        'p1 cc', 'p2 cc', 'd db KsKd7c', 'p2 cbr 2', 'p3 cc', 'd db 3d', 'p2 cc', 'p3 cc', \
        'd db 4s', 'p2 cc', 'p3 cc', 'p2 sm AhKh9c9d', 'p3 sm TcThJsJh', 'p1 sm Ac2hQcJd']\n";
    let r = replay(text);
    assert_eq!(results(&r), (vec![4, 105, 94], vec![vec![(0, 4), (1, 5)], vec![(1, 6)]]));
    let pots = &r.outcome.as_ref().unwrap().pots;
    assert_eq!((pots[0].low_winners.clone(), pots[1].low_winners.clone()), (vec![0], vec![]));
}

#[test]
fn no_qualifying_low_anywhere_means_the_high_hand_scoops() {
    // The river is a queen: the board has only 7-3 below nine, so nobody makes a low.
    let text = omaha_hi_lo(
        "antes = [1, 1, 1]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4\n\
         starting_stacks = [100, 100, 100]",
        "'p3 cc', 'p1 cc', 'p2 cc'",
        ["AhKh9c9d", "Ac4hQcJd", "TcThJsJh"],
        ["3d", "Qs"],
    );
    assert_eq!(results(&replay(&text)), (vec![106, 97, 97], vec![vec![(0, 9)]]));
}

#[test]
fn stud_high_low_splits_the_best_five_high_and_the_best_eight_low_of_seven_cards() {
    // Antes 1, p3 (the 2 of clubs) brings in for 1, p1 and p2 call; checked to the end. Pot
    // 3 + 3 = 6: p3's queens full of jacks takes the high half (3), p1's 6-5-4-2-A the low
    // half (3); p2's kings and nines win nothing.
    let text = "variant = 'F7S/8'\nantes = [1, 1, 1]\nbring_in = 1\nsmall_bet = 2\n\
        big_bet = 4\nstarting_stacks = [50, 50, 50]\n\
        actions = ['d dh p1 Ah4d6c', 'd dh p2 KcKd9h', 'd dh p3 QhJd2c', 'p3 pb', 'p1 cc', \
        'p2 cc', 'd dh p1 5s', 'd dh p2 Ts', 'd dh p3 Tc', 'p2 cc', 'p3 cc', 'p1 cc', \
        'd dh p1 2d', 'd dh p2 9s', 'd dh p3 Jc', 'p2 cc', 'p3 cc', 'p1 cc', \
        'd dh p1 Qd', 'd dh p2 8h', 'd dh p3 Js', 'p3 cc', 'p1 cc', 'p2 cc', \
        'd dh p1 Jh', 'd dh p2 3c', 'd dh p3 Qs', 'p3 cc', 'p1 cc', 'p2 cc', \
        'p1 sm Ah4d6c5s2dQdJh', 'p2 sm KcKd9hTs9s8h3c', 'p3 sm QhJd2cTcJcJsQs']\n";
    assert_eq!(results(&replay(text)), (vec![51, 48, 51], vec![vec![(0, 3), (2, 3)]]));
}

fn hand(code: &str, stakes: Stakes) -> HandState {
    HandState::new(Variant::by_code(code).unwrap(), &stakes).unwrap()
}

fn cards(s: &str) -> Vec<Option<Card>> {
    parse_cards(s, feltkit::card::Deck::Standard).unwrap().into_iter().map(Some).collect()
}

#[test]
fn razz_brings_in_the_highest_door_card_ace_low_then_the_best_low_showing_opens() {
    let stakes = Stakes {
        antes: vec![Chips(1); 3],
        bring_in: Chips(1),
        small_bet: Chips(2),
        big_bet: Chips(4),
        stacks: vec![Chips(50); 3],
        ..Stakes::default()
    };
    let mut h = hand("FR", stakes);
    // Door cards: K of clubs, K of spades, ace of diamonds. The ace is the lowest card in razz;
    // of the two kings the spade is higher: p2 brings in.
    h.deal_hole(0, &cards("2c3cKc")).unwrap();
    h.deal_hole(1, &cards("4c5cKs")).unwrap();
    h.deal_hole(2, &cards("6c7cAd")).unwrap();
    assert_eq!(h.actor(), Some(1));
    assert!(h.can_bring_in(1));
    h.bring_in(1).unwrap();
    h.check_or_call(2).unwrap();
    h.check_or_call(0).unwrap();
    // Fourth street: p1 shows K-2, p2 K-3, p3 A-A. A pair is the worst low showing; of K-2
    // and K-3, K-2 is lower: p1 opens (in high stud p3's aces would).
    h.deal_hole(0, &cards("2d")).unwrap();
    h.deal_hole(1, &cards("3d")).unwrap();
    h.deal_hole(2, &cards("Ah")).unwrap();
    assert_eq!(h.actor(), Some(0));
}

fn triple_draw(players: usize) -> HandState {
    let mut blinds = vec![Chips::ZERO; players];
    blinds[0] = Chips(1);
    blinds[1] = Chips(2);
    hand(
        "F2L3D",
        Stakes {
            blinds,
            small_bet: Chips(2),
            big_bet: Chips(4),
            stacks: vec![Chips(100); players],
            ..Stakes::default()
        },
    )
}

fn check_around(h: &mut HandState) {
    while let Some(p) = h.actor() {
        h.check_or_call(p).unwrap();
    }
}

#[test]
fn draws_go_in_seat_order_and_replace_exactly_the_cards_thrown() {
    let mut h = triple_draw(3);
    h.deal_hole(0, &cards("7h6c4c3d2c")).unwrap();
    h.deal_hole(1, &cards("AsQs6s5c3c")).unwrap();
    h.deal_hole(2, &cards("KdKhJdTd9d")).unwrap();
    check_around(&mut h);
    let Next::Deal(due) = h.next() else { panic!("{:?}", h.next()) };
    assert_eq!((due.draws, due.hole), (vec![0, 1, 2], vec![]));
    // p2 may not draw before p1, and no card is dealt before everyone has drawn.
    assert!(matches!(h.verify_discard(1, &cards("AsQs")), Err(RuleError::OutOfTurn { .. })));
    h.discard(0, &[]).unwrap(); // p1 stands pat
    assert!(h.verify_discard(1, &cards("Kd")).is_err()); // not p2's card
    h.discard(1, &cards("AsQs")).unwrap();
    assert!(h.verify_deal_hole(1, &cards("2h")).is_err());
    h.discard(2, &[]).unwrap();
    let Next::Deal(due) = h.next() else { panic!() };
    assert_eq!((due.draws, due.hole), (vec![], vec![(1, 2)]));
    // Two cards for two thrown; a discarded card is not dealt again while the stub has cards.
    assert!(h.verify_deal_hole(1, &cards("2h8d4h")).is_err());
    assert!(matches!(h.verify_deal_hole(1, &cards("As2h")), Err(RuleError::DuplicateCard(_))));
    h.deal_hole(1, &cards("2h8d")).unwrap();
    assert_eq!(h.hole_cards(1), &cards("6s5c3c2h8d")[..]);
    assert_eq!(h.actor(), Some(0), "the betting after the draw opens left of the button");
}

#[test]
fn discards_are_shuffled_back_in_when_the_stub_runs_out() {
    // Four players, p1's cards known, the rest unknown. Deal 20, burn 1, everyone throws five
    // (41 taken), burn 1 (42): ten cards left for the second draw's fifteen.
    let mut h = triple_draw(4);
    h.deal_hole(0, &cards("7h6c4c3d2c")).unwrap();
    for p in 1..4 {
        h.deal_hole(p, &[None; 5]).unwrap();
    }
    check_around(&mut h);
    h.discard(0, &cards("7h6c4c3d2c")).unwrap();
    for p in 1..4 {
        h.discard(p, &[None; 5]).unwrap();
    }
    for p in 0..4 {
        h.deal_hole(p, &[None; 5]).unwrap();
    }
    check_around(&mut h);
    for p in 0..3 {
        h.discard(p, &[None; 5]).unwrap();
    }
    h.discard(3, &[]).unwrap();
    // p1's first discards cannot come back while the stub still has ten cards.
    assert!(matches!(
        h.verify_deal_hole(0, &cards("7h6c4c3d2c")),
        Err(RuleError::DuplicateCard(_))
    ));
    h.deal_hole(0, &[None; 5]).unwrap();
    h.deal_hole(1, &[None; 5]).unwrap();
    // The stub is empty: the discards, folded cards and burns are shuffled in, and p1's first
    // five cards may be dealt to p3.
    h.deal_hole(2, &cards("7h6c4c3d2c")).unwrap();
    assert_eq!(h.hole_cards(2), &cards("7h6c4c3d2c")[..]);
    assert_eq!(h.actor(), Some(0));
}

#[test]
fn short_deck_deals_from_six_to_ace_and_a_flush_beats_a_full_house() {
    let stakes = Stakes {
        antes: vec![Chips(1); 2],
        blinds: vec![Chips::ZERO, Chips(1)],
        min_bet: Chips(1),
        stacks: vec![Chips(20), Chips(20)],
        ..Stakes::default()
    };
    let mut h = hand("NS", stakes);
    assert!(matches!(h.verify_deal_hole(0, &cards("5c6d")), Err(RuleError::NotInDeck { .. })));
    // p1: a flush in hearts; p2: aces full. Both all in before the flop (heads-up the blinds
    // apply reversed: p1 posts the button blind and p2 acts first).
    let text = "variant = 'NS'\nantes = [1, 1]\nblinds_or_straddles = [0, 1]\nmin_bet = 1\n\
        starting_stacks = [20, 20]\nactions = ['d dh p1 Th9h', 'd dh p2 AsAd', 'p2 cbr 19', \
        'p1 cc', 'p1 sm Th9h', 'p2 sm AsAd', 'd db AhKh6h', 'd db 6c', 'd db 7d']\n";
    assert_eq!(results(&replay(text)), (vec![40, 0], vec![vec![(0, 40)]]));
    h.deal_hole(0, &cards("6c7d")).unwrap();
}
