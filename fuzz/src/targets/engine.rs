//! The rules engine driven directly: every game, stakes from the input (huge and invalid ones
//! included), then actions chosen by the input's bytes, most of them the natural action of the
//! phase, some at random.
//!
//! Invariants: `verify_x` says Ok exactly when `x` succeeds (and `can_x` agrees); an action
//! refused leaves the hand unchanged; after every action the chips behind plus the chips put in
//! equal the starting stacks and none is negative; `finish` settles only a hand that is over,
//! and then the finishing stacks sum to the starting stacks, the pots to the winnings, and each
//! pot pays out exactly its amount to players who could win it.

use feltkit::card::{Card, Deck};
use feltkit::rules::variant::VARIANTS;
use feltkit::rules::{Chips, Event, HandState, Outcome, Phase, RuleError, Stakes, MAX_CHIPS};

use super::{key, shape, Check, Target};

/// `engine`: the rules engine's invariants.
pub const ENGINE: Target = Target {
    name: "engine",
    about:
        "rules engine (HandState::new, deal, bet, expose, show, runs, finish) on every game, driven by \
            the input's bytes: verify/can/do agree, refused actions change nothing, chips are \
            conserved after every action and at the end, pots pay out exactly",
    text: false,
    words: &[],
    seeds: |_| {
        // Random bytes from fixed seeds: the input is a stream of choices, not text.
        let mut rng = crate::rng::Rng::new(0x5EED);
        (0..48)
            .map(|k| {
                let len = 64 + rng.below(448);
                let mut v: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
                v[0] = k as u8;
                // Mostly sane stakes and mostly natural actions, so hands get far.
                for b in v.iter_mut().skip(1).take(24) {
                    *b %= 200;
                }
                v
            })
            .collect()
    },
    check: check_engine,
};

/// The input as a stream of choices; zeros once it runs out.
struct Choices<'a> {
    data: &'a [u8],
    i: usize,
}

impl Choices<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.i).copied().unwrap_or(0);
        self.i += 1;
        b
    }

    fn done(&self) -> bool {
        self.i >= self.data.len()
    }

    /// A chip amount: mostly small multiples, sometimes an edge value, rarely an invalid one.
    fn chips(&mut self, unit: Chips) -> Chips {
        let b = self.byte();
        match b {
            0..=199 => unit.saturating_mul(i64::from(b)),
            200..=239 => [
                Chips(1),
                Chips(2),
                Chips(3),
                Chips(7),
                Chips(1_000_000),
                MAX_CHIPS / 3,
                MAX_CHIPS / 2,
                MAX_CHIPS - Chips(1),
                MAX_CHIPS,
                MAX_CHIPS / 7 * 3,
            ][usize::from(b - 200) % 10],
            _ => [Chips(-1), MAX_CHIPS + Chips(1), Chips::MAX, Chips::MIN, Chips::ZERO, -MAX_CHIPS]
                [usize::from(b - 240) % 6],
        }
    }
}

fn check_engine(input: &[u8]) -> Check {
    LOG.with(|l| l.borrow_mut().clear());
    let result = play(input);
    if super::tracing() {
        if let Some((code, stakes)) = HEAD.with(|h| h.borrow_mut().take()) {
            eprintln!(
                "# the hand's legal actions as PHH (felt replay reads it):\n{}",
                phh_file(code, &stakes)
            );
        }
        LOG.with(|l| l.borrow_mut().clear());
    }
    result
}

fn play(input: &[u8]) -> Check {
    let mut c = Choices { data: input, i: 0 };
    let games: Vec<_> = VARIANTS.iter().filter(|g| g.supported).collect();
    let game = *games[usize::from(c.byte()) % games.len()];
    let most = game.max_players.min(10);
    let nb = c.byte();
    let n = if nb >= 250 { usize::from(nb - 250) } else { 2 + usize::from(nb) % (most - 1) };
    let unit = Chips([1, 1, 5, 100, 1_000_000][usize::from(c.byte()) % 5]);
    let stakes_shape = c.byte();
    let mut stakes = Stakes {
        stacks: (0..n).map(|_| c.chips(unit).saturating_add(Chips(1))).collect(),
        ..Stakes::default()
    };
    if stakes_shape & 1 != 0 {
        stakes.antes = (0..n).map(|_| c.chips(Chips(1))).collect();
    }
    if stakes_shape & 2 != 0 {
        let b = c.chips(Chips(1));
        stakes.blinds = (0..n)
            .map(|i| if i < 2 { b.saturating_mul(i as i64 + 1) / 2 } else { Chips::ZERO })
            .collect();
    }
    if stakes_shape & 4 != 0 {
        stakes.blinds.push(Chips(1));
    }
    // A bomb pot (one board or two) in place of the blinds and antes; a table cap; dead money
    // from the room.
    if stakes_shape & 8 != 0 {
        stakes.bomb_pot = c.chips(Chips(1)).saturating_add(Chips(1));
        stakes.boards = if stakes_shape & 16 != 0 { 2 } else { 1 };
        stakes.blinds.clear();
        stakes.antes.clear();
    }
    if stakes_shape & 32 != 0 {
        stakes.table_cap = Some(c.chips(unit).saturating_add(Chips(1)));
    }
    if stakes_shape & 64 != 0 {
        stakes.dead_money = c.chips(Chips(1));
    }
    stakes.min_bet = c.chips(Chips(1));
    stakes.small_bet = c.chips(Chips(1));
    stakes.big_bet = stakes.small_bet.saturating_mul(2);
    stakes.bring_in = c.chips(Chips(1));
    let mut hand = match HandState::new(game, &stakes) {
        Ok(h) => h,
        Err(e) => return Ok(key(("setup", game.code, shape(&e.to_string())))),
    };
    if super::tracing() {
        HEAD.with(|h| *h.borrow_mut() = Some((game.code, stakes.clone())));
    }
    let total: i128 = stakes.stacks.iter().map(|&x| i128::from(x)).sum();
    let mut deck: Vec<Card> = Card::all().filter(|&card| game.deck.contains(card)).collect();
    let mut legal = 0usize;
    let mut steps = 0;
    while !c.done() && steps < 400 && hand.phase() != Phase::Over {
        steps += 1;
        let op = c.byte();
        let ok = if op < 176 {
            natural(&mut hand, &mut c, &mut deck)?
        } else {
            random(&mut hand, &mut c, &mut deck, game.deck)?
        };
        legal += usize::from(ok);
        conserved(&hand, total)?;
    }
    let end = match hand.finish() {
        Ok(o) => {
            if !matches!(hand.phase(), Phase::Over | Phase::Showdown) {
                return Err(format!("finish settled a hand in phase {:?}", hand.phase()));
            }
            settled(&o, &stakes.stacks, &hand)?;
            same_as_replay(game.code, &stakes, &o)?;
            "settled".to_string()
        }
        Err(e) => shape(&e.to_string()),
    };
    Ok(key((game.code, hand.phase() as u8, legal.min(20) / 4, end)))
}

/// Runs one action through verify, can and do; returns whether it was legal.
fn act(
    hand: &mut HandState,
    what: &str,
    verify: Result<(), RuleError>,
    can: Option<bool>,
    apply: impl FnOnce(&mut HandState) -> Result<feltkit::rules::Event, RuleError>,
) -> Result<bool, String> {
    if let Some(can) = can {
        if can != verify.is_ok() {
            return Err(format!("{what}: can says {can}, verify says {verify:?}"));
        }
    }
    match verify {
        Ok(()) => match apply(hand) {
            Ok(event) => {
                let text = phh_action(&event, hand);
                LOG.with(|l| l.borrow_mut().push(text));
                Ok(true)
            }
            Err(e) => Err(format!("{what}: verify says legal, but it fails: {e}")),
        },
        Err(why) => {
            let before = Snapshot::of(hand);
            match apply(hand) {
                Ok(_) => Err(format!("{what}: verify says `{why}`, but it succeeds")),
                Err(_) if Snapshot::of(hand) != before => {
                    Err(format!("{what}: refused (`{why}`) but the hand changed"))
                }
                Err(_) => Ok(false),
            }
        }
    }
}

thread_local! {
    /// The legal actions of the hand being traced, as PHH action texts.
    static LOG: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The traced hand's game and stakes.
    static HEAD: std::cell::RefCell<Option<(&'static str, Stakes)>> = const { std::cell::RefCell::new(None) };
}

/// An engine event as the PHH action that replays it.
fn phh_action(e: &Event, hand: &HandState) -> String {
    let cards = |c: &[Option<Card>]| -> String {
        c.iter().map(|c| c.map_or_else(|| "??".to_string(), |c| c.to_string())).collect()
    };
    match e {
        Event::HoleDealt { player, cards: c } => format!("d dh p{} {}", player + 1, cards(c)),
        Event::BoardDealt { cards: c } => format!("d db {}", cards(c)),
        Event::BroughtIn { player, .. } => format!("p{} pb", player + 1),
        Event::Folded { player } => format!("p{} f", player + 1),
        Event::Checked { player } | Event::Called { player, .. } => format!("p{} cc", player + 1),
        Event::BetOrRaised { player, to, .. } => format!("p{} cbr {to}", player + 1),
        Event::Exposed { player, card } => format!("p{} sd {}", player + 1, cards(&[*card])),
        Event::Shown { player } => {
            format!("p{} sm {}", player + 1, cards(hand.hole_cards(*player)))
        }
        Event::Mucked { player } => format!("p{} sm", player + 1),
        Event::TimedOut { player, .. } => format!("p{} _timeout", player + 1),
        Event::ProtectedAllIn { player, .. } => format!("p{} _timeout all-in", player + 1),
        Event::OutOfTurnIgnored { player } => format!("p{} _out_of_turn f", player + 1),
        Event::RunsChosen { player, runs } => format!("p{} _runs {runs}", player + 1),
        Event::CashedOut { player, amount } => format!("p{} _cashout {amount}", player + 1),
    }
}

/// The traced hand as a PHH file that `felt replay` reads.
fn phh_file(code: &str, stakes: &Stakes) -> String {
    let list = |v: &[Chips]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
    let actions =
        LOG.with(|l| l.borrow().iter().map(|a| format!("'{a}'")).collect::<Vec<_>>().join(", "));
    let mut extra = String::new();
    if stakes.bomb_pot != Chips::ZERO {
        extra += &format!("_bomb_pot = {}\n_boards = {}\n", stakes.bomb_pot, stakes.boards.max(1));
    }
    if let Some(cap) = stakes.table_cap {
        extra += &format!("_table_cap = {cap}\n");
    }
    if stakes.dead_money != Chips::ZERO {
        extra += &format!("_dead_money = {}\n", stakes.dead_money);
    }
    format!(
        "variant = '{code}'\nantes = [{}]\nblinds_or_straddles = [{}]\nmin_bet = {}\nsmall_bet = {}\n\
         big_bet = {}\nbring_in = {}\nstarting_stacks = [{}]\n{extra}actions = [{actions}]\n",
        list(&stakes.antes),
        list(&stakes.blinds),
        stakes.min_bet,
        stakes.small_bet,
        stakes.big_bet,
        stakes.bring_in,
        list(&stakes.stacks)
    )
}

/// What the public API shows of a hand: a refused action must leave all of it as it was.
#[derive(PartialEq)]
struct Snapshot {
    phase: Phase,
    actors: Vec<usize>,
    chips: Vec<Chips>,
    hole: Vec<Option<Card>>,
}

impl Snapshot {
    fn of(hand: &HandState) -> Snapshot {
        let n = hand.players();
        Snapshot {
            phase: hand.phase(),
            actors: hand.actors(),
            chips: (0..n)
                .flat_map(|p| {
                    [hand.stacks()[p], hand.committed()[p], hand.to_call(p), hand.set_aside()[p]]
                })
                .collect(),
            hole: (0..n).flat_map(|p| hand.hole_cards(p).iter().copied()).collect(),
        }
    }
}

/// Takes `k` cards from what is left of the deck, chosen by the input.
fn draw(c: &mut Choices, deck: &mut Vec<Card>, k: usize) -> Vec<Option<Card>> {
    (0..k)
        .map(|_| {
            let b = usize::from(c.byte());
            if deck.is_empty() || b >= 250 {
                None
            } else {
                Some(deck.remove(b % deck.len()))
            }
        })
        .collect()
}

/// The action the phase calls for, with choices from the input.
fn natural(hand: &mut HandState, c: &mut Choices, deck: &mut Vec<Card>) -> Result<bool, String> {
    let n = hand.players();
    match hand.phase() {
        Phase::Dealing => {
            // After an all-in with board cards to come, a player may ask for runs.
            if let Some(&p) = hand.runs_choosers().first() {
                if c.byte() < 96 {
                    let runs = 1 + c.byte() % 3;
                    let v = hand.verify_choose_runs(p, runs);
                    return act(hand, "choose_runs", v, None, |h| h.choose_runs(p, runs));
                }
            }
            let k = 1 + usize::from(c.byte()) % 3;
            let start = usize::from(c.byte());
            let mut saved = deck.clone();
            let cards = draw(c, &mut saved, k);
            for j in 0..n {
                let p = (start + j) % n;
                if hand.can_deal_hole(p, &cards) {
                    *deck = saved;
                    let v = hand.verify_deal_hole(p, &cards);
                    return act(hand, "deal_hole", v, None, |h| h.deal_hole(p, &cards));
                }
            }
            for k in [1, 3, 2, 4, 5] {
                let mut saved = deck.clone();
                let cards = draw(c, &mut saved, k);
                if hand.can_deal_board(&cards) {
                    *deck = saved;
                    let v = hand.verify_deal_board(&cards);
                    return act(hand, "deal_board", v, None, |h| h.deal_board(&cards));
                }
            }
            Ok(false)
        }
        Phase::Betting => {
            let Some(p) = hand.actor() else { return Err("betting, but nobody is to act".into()) };
            let to_call = hand.to_call(p);
            if to_call < Chips::ZERO {
                return Err(format!("to_call({p}) is {to_call}"));
            }
            match c.byte() % 10 {
                8 => {
                    let v = hand.verify_time_out(p);
                    let can = hand.can_time_out(p);
                    act(hand, "time_out", v, Some(can), |h| h.time_out(p))
                }
                9 => {
                    let v = hand.verify_time_out_all_in(p);
                    let can = hand.can_time_out_all_in(p);
                    act(hand, "time_out_all_in", v, Some(can), |h| h.time_out_all_in(p))
                }
                0 => {
                    let v = hand.verify_fold(p);
                    let can = hand.can_fold(p);
                    act(hand, "fold", v, Some(can), |h| h.fold(p))
                }
                1 | 2 => {
                    let v = hand.verify_check_or_call(p);
                    let can = hand.can_check_or_call(p);
                    act(hand, "check_or_call", v, Some(can), |h| h.check_or_call(p))
                }
                3 => {
                    let v = hand.verify_bring_in(p);
                    let can = hand.can_bring_in(p);
                    act(hand, "bring_in", v, Some(can), |h| h.bring_in(p))
                }
                _ => {
                    let stack = hand.stacks()[p];
                    let b = c.byte();
                    let extra = c.chips(Chips(1));
                    let base = hand.committed()[p].min(stack);
                    let to = match b % 5 {
                        0 => to_call.saturating_add(extra),
                        1 => to_call.saturating_mul(2).saturating_add(extra),
                        2 => stack.saturating_add(to_call),
                        3 => base.saturating_add(extra),
                        _ => extra,
                    };
                    let v = hand.verify_bet_or_raise_to(p, to);
                    let can = hand.can_bet_or_raise_to(p, to);
                    act(hand, "bet_or_raise_to", v, Some(can), |h| h.bet_or_raise_to(p, to))
                }
            }
        }
        Phase::Exposing => {
            let p = usize::from(c.byte()) % n;
            let hole = hand.hole_cards(p).to_vec();
            let card =
                if hole.is_empty() { None } else { hole[usize::from(c.byte()) % hole.len()] };
            let v = hand.verify_expose(p, card);
            let can = hand.can_expose(p, card);
            act(hand, "expose", v, Some(can), |h| h.expose(p, card))
        }
        Phase::Showdown => {
            let p = usize::from(c.byte()) % n;
            let hole = hand.hole_cards(p).to_vec();
            let show = !c.byte().is_multiple_of(4);
            let cards = show.then_some(hole.as_slice());
            let v = hand.verify_show_or_muck(p, cards);
            let can = hand.can_show_or_muck(p, cards);
            act(hand, "show_or_muck", v, Some(can), |h| h.show_or_muck(p, cards))
        }
        Phase::Over => Ok(false),
    }
}

/// Any action by anyone (players past the table included), with any cards: mostly illegal.
fn random(
    hand: &mut HandState,
    c: &mut Choices,
    deck: &mut Vec<Card>,
    game_deck: Deck,
) -> Result<bool, String> {
    let p = usize::from(c.byte()) % (hand.players() + 2);
    let any_card = |b: u8| -> Option<Card> {
        let card = Card::from_index(b % 52)?;
        (b < 240 || game_deck.contains(card)).then_some(card)
    };
    match c.byte() % 11 {
        0 => {
            let v = hand.verify_fold(p);
            let can = hand.can_fold(p);
            act(hand, "fold", v, Some(can), |h| h.fold(p))
        }

        1 => {
            let v = hand.verify_check(p);
            act(hand, "check", v.clone(), None, |h| match v {
                Ok(()) => h.check_or_call(p),
                Err(e) => Err(e),
            })
        }
        2 => {
            let v = hand.verify_check_or_call(p);
            let can = hand.can_check_or_call(p);
            act(hand, "check_or_call", v, Some(can), |h| h.check_or_call(p))
        }
        3 => {
            let to = c.chips(Chips(1));
            let v = hand.verify_bet_or_raise_to(p, to);
            let can = hand.can_bet_or_raise_to(p, to);
            act(hand, "bet_or_raise_to", v, Some(can), |h| h.bet_or_raise_to(p, to))
        }
        4 => {
            let v = hand.verify_bring_in(p);
            let can = hand.can_bring_in(p);
            act(hand, "bring_in", v, Some(can), |h| h.bring_in(p))
        }
        5 => {
            let k = usize::from(c.byte()) % 9;
            let cards: Vec<Option<Card>> = (0..k).map(|_| any_card(c.byte())).collect();
            let v = hand.verify_deal_hole(p, &cards);
            let can = hand.can_deal_hole(p, &cards);
            let ok = act(hand, "deal_hole", v, Some(can), |h| h.deal_hole(p, &cards))?;
            deck.retain(|d| !cards.contains(&Some(*d)));
            Ok(ok)
        }
        6 => {
            let k = usize::from(c.byte()) % 9;
            let cards: Vec<Option<Card>> = (0..k).map(|_| any_card(c.byte())).collect();
            let v = hand.verify_deal_board(&cards);
            let can = hand.can_deal_board(&cards);
            let ok = act(hand, "deal_board", v, Some(can), |h| h.deal_board(&cards))?;
            deck.retain(|d| !cards.contains(&Some(*d)));
            Ok(ok)
        }
        7 => {
            let card = any_card(c.byte());
            let v = hand.verify_expose(p, card);
            let can = hand.can_expose(p, card);
            act(hand, "expose", v, Some(can), |h| h.expose(p, card))
        }
        8 => {
            let k = usize::from(c.byte()) % 9;
            let cards: Vec<Option<Card>> = (0..k).map(|_| any_card(c.byte())).collect();
            let cards = (!c.byte().is_multiple_of(3)).then_some(cards.as_slice());
            let v = hand.verify_show_or_muck(p, cards);
            let can = hand.can_show_or_muck(p, cards);
            act(hand, "show_or_muck", v, Some(can), |h| h.show_or_muck(p, cards))
        }
        9 => {
            let v = hand.verify_out_of_turn(p);
            let can = hand.can_out_of_turn(p);
            act(hand, "out_of_turn", v, Some(can), |h| h.out_of_turn(p))
        }
        _ => {
            let runs = c.byte() % 5;
            let v = hand.verify_choose_runs(p, runs);
            let can = hand.can_choose_runs(p, runs);
            act(hand, "choose_runs", v, Some(can), |h| h.choose_runs(p, runs))
        }
    }
}

/// Chips behind (set aside or not) plus chips put in equal the starting stacks; nothing is
/// negative.
fn conserved(hand: &HandState, total: i128) -> Result<(), String> {
    let (stacks, committed) = (hand.stacks(), hand.committed());
    let sum: i128 =
        stacks.iter().chain(committed).chain(hand.set_aside()).map(|&x| i128::from(x)).sum();
    if sum != total {
        return Err(format!(
            "chips not conserved: stacks {stacks:?} plus committed {committed:?} make {sum}, the starting stacks {total}"
        ));
    }
    if let Some(i) =
        stacks.iter().chain(committed).chain(hand.set_aside()).position(|&x| x < Chips::ZERO)
    {
        return Err(format!("a negative amount ({i}): stacks {stacks:?}, committed {committed:?}"));
    }
    Ok(())
}

/// The hand's legal actions, written as a PHH file and replayed the way `felt replay` does,
/// settle the same way.
fn same_as_replay(code: &str, stakes: &Stakes, o: &Outcome) -> Result<(), String> {
    let text = phh_file(code, stakes);
    let reports = feltkit::phh::replay_text(&text, "engine", false);
    match reports.as_slice() {
        [r] if r.status == feltkit::phh::Status::Legal && r.outcome.as_ref() == Some(o) => Ok(()),
        [r] if r.status == feltkit::phh::Status::Legal => Err(format!(
            "the hand settles otherwise when its actions are replayed as PHH: {:?} vs {:?}",
            r.outcome, o
        )),
        [r] => Err(format!("the hand's actions replayed as PHH end {:?}", r.status)),
        _ => Err(format!("the hand written as PHH reads as {} hands", reports.len())),
    }
}

/// The settled hand's invariants (shared with the replay target).
pub fn settled(o: &Outcome, start: &[Chips], hand: &HandState) -> Result<(), String> {
    outcome_invariants(o, start)?;
    for (i, (&f, &w)) in o.final_stacks.iter().zip(&o.winnings).enumerate() {
        let outside = o.outside.get(i).map_or(0, |&x| i128::from(x));
        let behind = i128::from(hand.stacks()[i]) + i128::from(hand.set_aside()[i]) + outside;
        if i128::from(f) != behind + i128::from(w) {
            return Err(format!(
                "player {}: final stack {f} is not stack {behind} (set-aside chips and what was paid outside the pot included) plus winnings {w}",
                i + 1
            ));
        }
    }
    Ok(())
}

/// Finishing stacks sum to the starting stacks, pots to the winnings; each pot pays out its
/// amount to players who could win it; nothing is negative.
pub fn outcome_invariants(o: &Outcome, start: &[Chips]) -> Result<(), String> {
    let n = start.len();
    if o.final_stacks.len() != n || o.winnings.len() != n || o.uncalled.len() != n {
        return Err(format!(
            "{n} players, but {} final stacks, {} winnings, {} uncalled",
            o.final_stacks.len(),
            o.winnings.len(),
            o.uncalled.len()
        ));
    }
    let sum = |v: &[Chips]| v.iter().map(|&x| i128::from(x)).sum::<i128>();
    // The room's dead money and what it paid outside the pot come from outside the table.
    let from_outside = i128::from(o.dead_money) + sum(&o.outside);
    let (before, after) = (sum(start) + from_outside, sum(&o.final_stacks));
    if before != after {
        let none = if o.pots.is_empty() { ", and no pot was formed" } else { "" };
        return Err(format!(
            "chips not conserved: starting stacks and {from_outside} from outside the table sum to {before}, finishing stacks to {after}{none}"
        ));
    }
    let pots: i128 = o.pots.iter().map(|p| i128::from(p.amount)).sum();
    if pots != sum(&o.winnings) {
        return Err(format!("pots sum to {pots}, winnings to {}", sum(&o.winnings)));
    }
    for (i, p) in o.pots.iter().enumerate() {
        let paid: i128 = p.payouts.iter().map(|&(_, x)| i128::from(x)).sum();
        if paid != i128::from(p.amount) {
            return Err(format!("pot {i} of {} pays out {paid}", p.amount));
        }
        if p.winners.iter().any(|w| !p.eligible.contains(w))
            || p.payouts.iter().any(|(w, x)| !p.winners.contains(w) || *x < Chips::ZERO)
        {
            return Err(format!(
                "pot {i}: winners {:?} paid {:?}, eligible {:?}",
                p.winners, p.payouts, p.eligible
            ));
        }
    }
    let negative = |v: &[Chips]| v.iter().position(|&x| x < Chips::ZERO);
    if let Some(i) = negative(&o.final_stacks).or(negative(&o.winnings)).or(negative(&o.uncalled)) {
        return Err(format!(
            "player {} ends with a negative amount: final {:?}, winnings {:?}",
            i + 1,
            o.final_stacks,
            o.winnings
        ));
    }
    Ok(())
}
