//! A played hand's record: its stakes and its results as the hand record holds them
//! ([`HandRecord`]), written over a record of an earlier hand so that dealing hand after hand
//! allocates the record's vectors once, not once a hand.

use crate::record::{Amount, HandRecord, RecordedPot};
use crate::rules::{Chips, Outcome, Stakes, Variant};

/// Sets `out` to the whole amounts of `v`, keeping its allocation.
fn set_chips(out: &mut Vec<Amount>, v: &[Chips]) {
    out.clear();
    out.extend(v.iter().map(|&x| Amount::whole(x.get())));
}

/// Writes into `r` everything but the actions of a hand of `game` played at `s` that ended in
/// `o` (the outcome of [`HandState::finish`](crate::rules::HandState::finish)): the game, the
/// forced bets and bet sizes, the stacks, the results and the pots. Every field a hand dealt
/// has is set (an option the game does not use to `None`), so `r` may be a record this
/// function filled for an earlier hand, whose vectors are reused; the fields a hand dealt
/// never has are left as they are (a record only ever filled here keeps them empty). Pots
/// `r` holds beyond the hand's go to `spare`, and pots are taken from it before new ones are
/// made, so that their vectors are reused too.
pub(super) fn fill(
    r: &mut HandRecord<'static>,
    game: &Variant,
    s: &Stakes,
    o: &Outcome,
    spare: &mut Vec<RecordedPot>,
) {
    r.variant.clear();
    r.variant.push_str(game.code);
    // PokerKit's reader wants both arrays in a PHH-code hand, zeros or not.
    let forced = |out: &mut Vec<Amount>, v: &[Chips]| {
        if v.is_empty() && game.is_phh_code() {
            out.clear();
            out.resize(s.stacks.len(), Amount::whole(0));
        } else {
            set_chips(out, v);
        }
    };
    forced(&mut r.antes, &s.antes);
    forced(&mut r.blinds_or_straddles, &s.blinds);
    let size = |x: Chips| (x > Chips::ZERO).then_some(Amount::whole(x.get()));
    r.min_bet = size(s.min_bet);
    r.small_bet = size(s.small_bet);
    r.big_bet = size(s.big_bet);
    r.bring_in = size(s.bring_in);
    // What differs from the code's own game: the betting structure (turnover, Omaha) and the
    // number of Omaha hole cards.
    let own = Variant::by_code(game.code);
    r.structure = own
        .filter(|own| own.structure != game.structure)
        .map(|_| game.structure.name().to_string());
    r.hole_cards = own.and(game.chosen_hole_cards()).map(|k| k as u32);
    r.bomb_pot = size(s.bomb_pot);
    r.boards = (s.boards > 1).then_some(u32::from(s.boards));
    set_chips(&mut r.starting_stacks, &s.stacks);
    set_chips(r.finishing_stacks.get_or_insert_with(Vec::new), &o.final_stacks);
    set_chips(r.winnings.get_or_insert_with(Vec::new), &o.winnings);
    // `_pots` as PokerKit writes them: a hand won by folds leaves the winner's own last bet
    // out of the pot.
    let folded_win = o.showdown.is_none() && o.pots.len() == 1;
    let pots = r.pots.get_or_insert_with(Vec::new);
    if pots.len() > o.pots.len() {
        spare.extend(pots.drain(o.pots.len()..));
    }
    for (k, pot) in o.pots.iter().enumerate() {
        let own = match folded_win {
            true => pot.winners.first().and_then(|&w| o.unswept_bets.get(w)).copied(),
            false => None,
        }
        .unwrap_or(Chips::ZERO);
        if k == pots.len() {
            let empty = || RecordedPot { amount: Amount::whole(0), players: vec![], paid: vec![] };
            pots.push(spare.pop().unwrap_or_else(empty));
        }
        let recorded = &mut pots[k];
        recorded.amount = Amount::whole((pot.amount - own).get());
        recorded.players.clear();
        recorded.players.extend(pot.eligible.iter().map(|&p| p + 1));
        recorded.paid.clear();
        recorded.paid.extend((0..o.final_stacks.len()).map(|p| {
            let paid: Chips =
                pot.payouts.iter().filter(|&&(q, _)| q == p).map(|&(_, x)| x - own).sum();
            Amount::whole(paid.get())
        }));
    }
}
