//! Property tests: random legal hands conserve chips to the chip and replay from their PHH text;
//! no input (random actions, random text) makes the engine or the reader panic.

use feltkit::card::Card;
use feltkit::phh::replay_text;
use feltkit::rules::Chips;
use feltkit::rules::{HandState, Opening, Phase, Stakes, Variant};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const CODES: &[&str] = &[
    "nlhe",
    "flhe",
    "plhe",
    "turnover",
    "NT",
    "FT",
    "PT",
    "F7S",
    "stud7",
    "stud7-spread",
    "americana",
    "americana-nl",
];

fn cards(cs: &[Option<Card>]) -> String {
    cs.iter().map(|c| c.map_or("??".to_string(), |c| c.to_string())).collect()
}

/// Once the betting is over, a random live player who has not cashed out is paid a random
/// amount outside the pot, or pays one no larger than their stack (so never more than the hand
/// leaves them): whether one was.
fn cash_out(hand: &mut HandState, rng: &mut Xoshiro256PlusPlus, actions: &mut Vec<String>) -> bool {
    let p = rng.random_range(0..hand.players());
    let x = Chips(rng.random_range(-hand.stacks()[p].get()..=30));
    if !hand.can_cash_out(p, x) {
        return false;
    }
    hand.cash_out(p, x).unwrap();
    actions.push(format!("p{} _cashout {x}", p + 1));
    true
}

/// Plays one random legal hand; returns the PHH text with the replayed finishing stacks, the
/// chips brought to the table (by the players, as dead money and as cashouts) and the chips at
/// the end.
fn random_hand(seed: u64) -> (String, i64, i64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let code = CODES[rng.random_range(0..CODES.len())];
    let game = Variant::by_code(code).unwrap();
    let stud = game.streets[0].opening != Opening::Position;
    let n = rng.random_range(2..=game.max_players.min(8));
    let sb = rng.random_range(1..=5i64);
    let bb = sb + rng.random_range(0..=5i64);
    let ante = if rng.random_bool(0.3) { rng.random_range(1..=3i64) } else { 0 };
    let stacks: Vec<i64> = (0..n).map(|_| rng.random_range(1..=300i64)).collect();
    // A bomb pot now and then in the hold'em games: no blinds or antes, one board or two.
    let bomb_pot = !stud && code != "turnover" && rng.random_bool(0.2);
    let (bomb, boards) = match bomb_pot {
        true => (rng.random_range(1..=10i64), rng.random_range(1..=2u8)),
        false => (0, 1),
    };
    let ante = if bomb_pot { 0 } else { ante };
    let mut blinds = vec![0; n];
    if !stud && !bomb_pot {
        blinds[0] = sb;
        blinds[1] = bb;
    }
    let bring_in = if stud { sb } else { 0 };
    // Dead money from the room, now and then.
    let dead = if rng.random_bool(0.2) { rng.random_range(1..=20i64) } else { 0 };
    let stakes = Stakes {
        antes: vec![Chips(ante); n],
        blinds: blinds.iter().copied().map(Chips).collect(),
        min_bet: Chips(bb),
        small_bet: Chips(bb),
        big_bet: Chips(2 * bb),
        bring_in: Chips(bring_in),
        stacks: stacks.iter().copied().map(Chips).collect(),
        dead_blinds: Vec::new(),
        dead_money: Chips(dead),
        bomb_pot: Chips(bomb),
        boards,
        table_cap: None,
    };
    let mut hand = HandState::new(game, &stakes).unwrap();
    let mut deck: Vec<Card> = game.deck.cards().iter().collect();
    deck.shuffle(&mut rng);
    let mut next = deck.into_iter();
    let mut actions: Vec<String> = Vec::new();
    for _ in 0..2000 {
        match hand.phase() {
            Phase::Dealing | Phase::Showdown
                if rng.random_bool(0.1) && cash_out(&mut hand, &mut rng, &mut actions) => {}
            Phase::Dealing => {
                // After an all-in with board cards to come, players may ask for 1 to 3 runs.
                let choosers = hand.runs_choosers();
                if !choosers.is_empty() && rng.random_bool(0.5) {
                    let p = choosers[rng.random_range(0..choosers.len())];
                    let k = rng.random_range(1..=3u8);
                    if hand.can_choose_runs(p, k) {
                        hand.choose_runs(p, k).unwrap();
                        actions.push(format!("p{} _runs {k}", p + 1));
                        continue;
                    }
                }
                let c = [Some(next.next().unwrap())];
                if let Some(p) = (0..n).find(|&p| hand.can_deal_hole(p, &c)) {
                    hand.deal_hole(p, &c).unwrap();
                    actions.push(format!("d dh p{} {}", p + 1, cards(&c)));
                } else {
                    hand.deal_board(&c).unwrap();
                    actions.push(format!("d db {}", cards(&c)));
                }
            }
            Phase::Betting => {
                let p = hand.actor().unwrap();
                let choice = rng.random_range(0..10);
                if hand.can_bring_in(p) && choice < 6 {
                    hand.bring_in(p).unwrap();
                    actions.push(format!("p{} pb", p + 1));
                    continue;
                }
                if choice == 0 && hand.to_call(p) > Chips::ZERO && hand.can_fold(p) {
                    hand.fold(p).unwrap();
                    actions.push(format!("p{} f", p + 1));
                    continue;
                }
                if choice >= 6 {
                    let top = hand.committed()[p] + hand.stacks()[p];
                    let legal: Vec<Chips> = (1..=top.get())
                        .map(Chips)
                        .filter(|&to| hand.can_bet_or_raise_to(p, to))
                        .collect();
                    let raised = match legal.len() {
                        0 => None,
                        k => Some(match rng.random_range(0..4) {
                            0 => legal[0],
                            1 => legal[k - 1],
                            _ => legal[rng.random_range(0..k)],
                        }),
                    };
                    if let Some(to) = raised {
                        hand.bet_or_raise_to(p, to).unwrap();
                        actions.push(format!("p{} cbr {to}", p + 1));
                        continue;
                    }
                }
                if hand.can_bring_in(p) {
                    hand.bring_in(p).unwrap();
                    actions.push(format!("p{} pb", p + 1));
                    continue;
                }
                hand.check_or_call(p).unwrap();
                actions.push(format!("p{} cc", p + 1));
            }
            Phase::Exposing => {
                let (p, c) = (0..n)
                    .flat_map(|p| hand.hole_cards(p).to_vec().into_iter().map(move |c| (p, c)))
                    .find(|&(p, c)| hand.can_expose(p, c))
                    .unwrap();
                hand.expose(p, c).unwrap();
                actions.push(format!("p{} sd {}", p + 1, cards(&[c])));
            }
            Phase::Showdown | Phase::Over => {
                let shower = (0..n).find(|&p| hand.can_show_or_muck(p, None));
                match shower {
                    Some(p) if hand.phase() == Phase::Showdown => {
                        if rng.random_bool(0.15) {
                            hand.show_or_muck(p, None).unwrap();
                            actions.push(format!("p{} sm", p + 1));
                        } else {
                            let h = hand.hole_cards(p).to_vec();
                            hand.show_or_muck(p, Some(&h)).unwrap();
                            actions.push(format!("p{} sm {}", p + 1, cards(&h)));
                        }
                    }
                    _ => break,
                }
            }
        }
    }
    let outcome = hand.finish().unwrap();
    let outside: i64 = outcome.outside.iter().map(|x| x.get()).sum();
    let before: i64 = stacks.iter().sum::<i64>() + dead + outside;
    let after: i64 = outcome.final_stacks.iter().sum::<Chips>().get();
    assert!(outcome.final_stacks.iter().all(|&s| s >= Chips::ZERO));
    let list = |v: &[i64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
    let text = format!(
        "variant = '{code}'\nantes = [{}]\nblinds_or_straddles = [{}]\nmin_bet = {bb}\nsmall_bet = {bb}\n\
         big_bet = {}\nbring_in = {bring_in}\n_dead_money = {dead}\n_bomb_pot = {bomb}\n_boards = {boards}\nstarting_stacks = [{}]\nactions = [{}]\nfinishing_stacks = [{}]\n",
        list(&vec![ante; n]),
        list(&blinds),
        2 * bb,
        list(&stacks),
        actions.iter().map(|a| format!("'{a}'")).collect::<Vec<_>>().join(", "),
        list(&outcome.final_stacks.iter().map(|c| c.get()).collect::<Vec<_>>()),
    );
    (text, before, after)
}

/// `text` with `action` put before its action `at` (from 0; after the last when there are
/// fewer), and the number (from 1) it then has.
fn insert_action(text: &str, at: usize, action: &str) -> (String, usize) {
    let mut pos = text.find("actions = [").unwrap() + "actions = [".len();
    let mut number = 1;
    for _ in 0..at {
        match text[pos + 1..].find("', '").map(|k| k + 1) {
            Some(k) => {
                // Before the next action's opening quote.
                pos += k + 3;
                number += 1;
            }
            None => break,
        }
    }
    (format!("{}'{action}', {}", &text[..pos], &text[pos..]), number)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_hands_conserve_chips_and_replay_from_phh(seed in any::<u64>()) {
        let (text, before, after) = random_hand(seed);
        prop_assert_eq!(before, after, "{}", text);
        let r = replay_text(&text, "random", true).remove(0);
        prop_assert!(r.ok(), "{:?} {:?}\n{}", r.status, r.mismatches, text);
    }

    #[test]
    fn garbage_actions_never_panic(seed in any::<u64>(), junk in "[ -~]{0,24}", at in 0usize..40) {
        let (text, _, _) = random_hand(seed);
        let start = text.find("actions = [").unwrap() + "actions = [".len();
        let quoted = format!("'{}', ", junk.replace('\'', ""));
        let mut pos = start;
        for _ in 0..at {
            match text[pos..].find("', '") {
                Some(k) => pos += k + 4,
                None => break,
            }
        }
        let broken = format!("{}{}{}", &text[..pos], quoted, &text[pos..]);
        let _ = replay_text(&broken, "garbage", true);
    }

    #[test]
    fn a_runs_choice_anywhere_is_legal_or_refused_at_its_number(
        seed in any::<u64>(),
        at in 0usize..40,
        player in 1usize..10,
        runs in 0u8..6,
    ) {
        let (text, _, _) = random_hand(seed);
        let (inserted, number) = insert_action(&text, at, &format!("p{player} _runs {runs}"));
        let r = replay_text(&inserted, "runs", true).remove(0);
        match r.status {
            // Refused where it stands, or accepted: then a later choice by the same player, or
            // a deal or show of a runout it made longer or shorter, may be refused.
            feltkit::phh::Status::Illegal { number: n, text: t, .. } => prop_assert!(
                n == number || t.contains(" _runs ") || t.starts_with("d ") || t.contains(" sm"),
                "{}",
                inserted
            ),
            feltkit::phh::Status::Malformed { reason, .. } => prop_assert_eq!(runs, 0, "{}", reason),
            _ => {}
        }
    }

    #[test]
    fn a_cashout_anywhere_is_legal_or_refused_at_its_number(
        seed in any::<u64>(),
        at in 0usize..40,
        player in 1usize..10,
        amount in -400i64..400,
    ) {
        let (text, _, _) = random_hand(seed);
        let (inserted, number) = insert_action(&text, at, &format!("p{player} _cashout {amount}"));
        let r = replay_text(&inserted, "cashout", true).remove(0);
        match r.status {
            // Refused where it stands; or accepted, and then a later cashout by the same
            // player is refused, or this one leaves the player short at the end.
            feltkit::phh::Status::Illegal { number: n, text: t, reason } => prop_assert!(
                n == number || t.contains(" _cashout "),
                "{} {}",
                reason,
                inserted
            ),
            feltkit::phh::Status::Legal => {
                // Accepted: the finishing stacks recorded without it differ, unless it is zero.
                prop_assert!(amount == 0 || !r.mismatches.is_empty(), "{}", inserted);
            }
            other => prop_assert!(false, "{:?}\n{}", other, inserted),
        }
    }

    #[test]
    fn garbage_text_never_panics(text in "\\PC{0,300}") {
        let _ = replay_text(&text, "garbage", true);
        let _ = replay_text(&format!("variant = 'NT'\n{text}"), "garbage", true);
    }
}
