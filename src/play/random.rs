//! Random legal play: the generator of each hand, the players' style, random stakes and stacks.

use std::cell::RefCell;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{Counts, Dealer, Played};
use crate::card::Deck;
use crate::phh::write::push_record;
use crate::record::HandRecord;
use crate::rules::{
    player_name, Chips, Next, Outcome, RuleError, SetupError, Stakes, Structure, Variant,
};

/// The generator `felt deal` plays hand `k` (from 0) of seed `seed` with: it depends on nothing
/// else, so any hand of a run can be played again alone, on any thread.
pub fn hand_rng(seed: u64, k: u64) -> Xoshiro256PlusPlus {
    let mix = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(31) ^ k;
    Xoshiro256PlusPlus::seed_from_u64(mix.wrapping_add(k.wrapping_mul(0xD1B5_4A32_D192_ED03)))
}

/// How random play chooses (probabilities in percent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Facing a bet: fold this often.
    pub fold: u32,
    /// Bet or raise this often when allowed.
    pub raise: u32,
    /// At the showdown, a player after the first mucks this often.
    pub muck: u32,
    /// After an all-in with board cards to come, every player asks for the rest of the board
    /// to be dealt this many times (1: once; 2 or 3, where the rules allow it).
    pub runs: u8,
}

impl Default for Style {
    fn default() -> Style {
        Style { fold: 25, raise: 35, muck: 15, runs: 1 }
    }
}

impl Style {
    /// Players who seldom fold or raise: hands that reach the last street with many players
    /// (stud's community seventh card needs eight players still in on seventh street).
    pub const CALM: Style = Style { fold: 2, raise: 10, muck: 15, runs: 1 };

    /// The style `felt deal` plays a hand with: [`Style::CALM`] one hand in five, the default
    /// otherwise.
    pub fn draw(rng: &mut impl Rng) -> Style {
        if rng.random_range(0..5) == 0 {
            Style::CALM
        } else {
            Style::default()
        }
    }
}

/// Plays a whole hand with random legal choices from `rng`: deals from a deck it shuffles,
/// raises to the minimum, the maximum or between, goes all-in, mucks. Returns the hand as a PHH
/// document with its results, and its outcome.
pub fn random_hand(
    game: Variant,
    stakes: &Stakes,
    style: Style,
    rng: &mut impl Rng,
) -> Result<(String, Outcome), RandomHandError> {
    random_hand_counted(game, stakes, style, rng).map(|(text, outcome, _)| (text, outcome))
}

/// As [`random_hand`], with what the hand reached ([`Counts`]).
pub fn random_hand_counted(
    game: Variant,
    stakes: &Stakes,
    style: Style,
    rng: &mut impl Rng,
) -> Result<(String, Outcome, Counts), RandomHandError> {
    let mut text = String::with_capacity(1024);
    let (outcome, counts) = random_hand_into(game, stakes, style, rng, &mut text)?;
    Ok((text, outcome, counts))
}

/// As [`random_hand_counted`], appending the PHH document to `out`, so that hand after hand is
/// written into one buffer. The hands a thread plays share one deck, one [`Played`] and one
/// record, kept from hand to hand: their vectors are allocated once per thread, not once per
/// hand (what is dealt depends on `rng` alone).
pub fn random_hand_into(
    game: Variant,
    stakes: &Stakes,
    style: Style,
    rng: &mut impl Rng,
    out: &mut String,
) -> Result<(Outcome, Counts), RandomHandError> {
    SCRATCH.with(|cell| {
        // Never borrowed while a hand is played on this thread (one never starts another); a
        // fresh scratch would deal the same.
        let mut fresh = None;
        let mut borrowed = cell.try_borrow_mut();
        let scratch = match borrowed.as_deref_mut() {
            Ok(scratch) => scratch,
            Err(_) => fresh.insert(Scratch::default()),
        };
        // The seed [`Dealer::from_rng`] draws.
        let dealer = scratch.dealer.get_or_insert_with(|| Dealer::new(game.deck, 0));
        dealer.reset(game.deck, rng.random());
        let hand = match &mut scratch.played {
            Some(hand) => {
                hand.restart(game, stakes)?;
                hand
            }
            None => scratch.played.insert(Played::new(game, stakes)?),
        };
        // Every step deals, acts or ends a round; a hand has far fewer steps than this.
        for _ in 0..10_000 {
            match hand.hand().next() {
                Next::Deal(due) if !due.draws.is_empty() => {
                    // Each card is thrown away one time in three.
                    for &p in &due.draws {
                        let held: Vec<_> = hand.hand().hole_cards(p).to_vec();
                        let thrown: Vec<_> =
                            held.into_iter().filter(|_| rng.random_range(0..3) == 0).collect();
                        hand.discard(p, &thrown)?;
                    }
                }
                Next::Deal(due) => {
                    if style.runs > 1 {
                        for p in hand.hand().runs_choosers() {
                            if hand.hand().can_choose_runs(p, style.runs) {
                                hand.choose_runs(p, style.runs)?;
                            }
                        }
                    }
                    dealer.deal(hand, &due)?
                }
                Next::Act(o) => {
                    let p = o.player;
                    let roll = rng.random_range(0..100);
                    if o.bring_in.is_some() && (roll < 70 || o.raise.is_none()) {
                        hand.bring_in(p)?;
                        continue;
                    }
                    let facing = o.call.is_some_and(|c| c > Chips::ZERO);
                    // With the bring-in due, the other choice is to complete.
                    let raising = o.bring_in.is_some() || rng.random_range(0..100) < style.raise;
                    if facing && o.fold && roll < style.fold {
                        hand.fold(p)?;
                    } else if let Some((lo, hi)) = o.raise.filter(|_| raising) {
                        let to = match rng.random_range(0..100) {
                            _ if lo == hi => lo,
                            0..=44 => lo,
                            45..=69 => hi,
                            _ if game.structure == Structure::FixedLimit => lo,
                            _ => Chips(rng.random_range(lo.get()..=hi.get())),
                        };
                        hand.bet_or_raise_to(p, to)?;
                    } else if o.call.is_some() {
                        hand.check_or_call(p)?;
                    } else if o.fold {
                        hand.fold(p)?;
                    } else {
                        return Err(RandomHandError::Stuck(format!(
                            "{} has no action",
                            player_name(p)
                        )));
                    }
                }
                Next::Expose(players) => {
                    for p in players {
                        let held = hand.hand().hole_cards(p);
                        let card = held[rng.random_range(0..held.len())];
                        hand.expose(p, card)?;
                    }
                }
                Next::Show(players) => {
                    // A player mucks only while another hand still shown or to show contests every
                    // pot they are in (a pot left to nobody is an edge no card room agrees on).
                    let mut kept: Vec<usize> = Vec::with_capacity(players.len());
                    for (k, &p) in players.iter().enumerate() {
                        let paid = hand.hand().committed();
                        let covered =
                            kept.iter().chain(&players[k + 1..]).any(|&q| paid[q] >= paid[p]);
                        if k > 0 && covered && rng.random_range(0..100) < style.muck {
                            hand.muck(p)?;
                        } else {
                            hand.show(p)?;
                            kept.push(p);
                        }
                    }
                }
                Next::Finish => {
                    let outcome = hand.hand().finish()?;
                    let counts = Counts::of(hand.counts(), &outcome);
                    hand.record_into(&outcome, &mut scratch.record);
                    push_record(out, &scratch.record);
                    return Ok((outcome, counts));
                }
            }
        }
        Err(RandomHandError::Stuck("the hand did not end".into()))
    })
}

thread_local! {
    /// What the hands played on a thread reuse.
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// The deck, the hand and the record a thread's random hands are played and written with.
#[derive(Default)]
struct Scratch {
    dealer: Option<Dealer>,
    played: Option<Played>,
    record: HandRecord<'static>,
}

/// Why a random hand could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RandomHandError {
    /// The stakes cannot start a hand.
    #[error("{0}")]
    Setup(#[from] SetupError),
    /// An action the engine offered was refused (a bug).
    #[error("{0}")]
    Rule(#[from] RuleError),
    /// The hand could not go on (a bug).
    #[error("{0}")]
    Stuck(String),
}

/// Stakes for random play of `game` with `players` players: the game's usual forced bets at
/// the smallest sizes (blinds 1/2 and bets 2/4 in hold'em and turnover; ante 1, bring-in 2 and
/// bets 5/10 in stud; ante 1 in Americana), and stacks drawn by `rng` ([`random_stacks`]).
pub fn random_stakes(game: Variant, players: usize, rng: &mut impl Rng) -> Stakes {
    let mut stakes = default_stakes(game, players);
    stakes.stacks = random_stacks(big_bet(game, &stakes), players, rng);
    stakes
}

/// The game's usual forced bets at the smallest sizes (see [`random_stakes`]), without stacks.
pub fn default_stakes(game: Variant, players: usize) -> Stakes {
    let mut stakes = Stakes::default();
    if stud_like(game) {
        stakes.antes = vec![Chips(1); players];
        if game.deck == Deck::Americana {
            // The bring-in follows from the ante.
        } else if game.structure == Structure::SpreadLimit {
            (stakes.bring_in, stakes.small_bet, stakes.big_bet) = (Chips(1), Chips(1), Chips(5));
        } else {
            (stakes.bring_in, stakes.small_bet, stakes.big_bet) = (Chips(2), Chips(5), Chips(10));
        }
    } else {
        stakes.blinds = (0..players)
            .map(|i| [Chips(1), Chips(2)].get(i).copied().unwrap_or(Chips::ZERO))
            .collect();
        if game.structure == Structure::FixedLimit {
            (stakes.small_bet, stakes.big_bet) = (Chips(2), Chips(4));
        } else {
            stakes.min_bet = Chips(2);
        }
    }
    stakes
}

/// Whether the game's first round is opened by cards (stud, Americana), not by position.
fn stud_like(game: Variant) -> bool {
    use crate::rules::Opening;
    game.streets.first().is_some_and(|s| s.opening != Opening::Position)
}

/// The unit stacks are drawn in: the big bet of fixed and spread limit, else the largest blind
/// or the minimum bet (stud-like games without bet sizes: twice the ante), at least 1.
pub fn big_bet(game: Variant, stakes: &Stakes) -> Chips {
    let blind = stakes.blinds.iter().copied().max().unwrap_or(Chips::ZERO);
    let unit = match game.structure {
        Structure::FixedLimit | Structure::SpreadLimit if stakes.big_bet > Chips::ZERO => {
            stakes.big_bet
        }
        _ if stud_like(game) && stakes.big_bet == Chips::ZERO && stakes.min_bet == Chips::ZERO => {
            2 * stakes.antes.iter().copied().max().unwrap_or(Chips::ZERO)
        }
        _ => blind.max(stakes.min_bet),
    };
    unit.max(Chips(1))
}

/// The most big bets a stack of [`random_stacks`] holds (less one chip).
pub const MAX_RANDOM_BETS: i64 = 151;

/// The largest stack [`random_stacks`] can draw for `big_bet` (saturating).
pub fn max_random_stack(big_bet: Chips) -> Chips {
    big_bet.max(Chips(1)).saturating_mul(MAX_RANDOM_BETS).saturating_sub(Chips(1))
}

/// Stacks for random play, in units of `big_bet`: two in three between 20 and 150 big bets,
/// one in three short (1 to 12), so that all-ins, short all-ins and side pots come often; each
/// below [`MAX_RANDOM_BETS`] big bets ([`max_random_stack`]).
pub fn random_stacks(big_bet: Chips, players: usize, rng: &mut impl Rng) -> Vec<Chips> {
    (0..players)
        .map(|_| {
            let bets: i64 = if rng.random_range(0..3) == 0 {
                rng.random_range(1..=12)
            } else {
                rng.random_range(20..=MAX_RANDOM_BETS - 1)
            };
            big_bet.saturating_mul(bets).saturating_add(Chips(rng.random_range(0..big_bet.get())))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand of seed `seed` of `game` with its random stakes, written.
    fn hand(game: Variant, seed: u64) -> String {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let players = rng.random_range(2..=game.max_players.min(9));
        let stakes = random_stakes(game, players, &mut rng);
        random_hand(game, &stakes, Style::default(), &mut rng).unwrap().0
    }

    #[test]
    fn hands_played_one_after_another_on_a_thread_are_those_of_a_fresh_thread() {
        // Games with more record fields (`_structure`, `_hole_cards`), more pots, more players
        // and other decks between plain ones: nothing of an earlier hand may stay in the next.
        let by_code = |code: &str| Variant::by_code(code).unwrap();
        let games = [
            by_code("PO").with_hole_cards(6).unwrap().with_structure("fixed-limit").unwrap(),
            by_code("NT"),
            by_code("F7S/8"),
            by_code("nlhe"),
            by_code("americana"),
            by_code("F2L3D"),
            by_code("NS"),
            by_code("FT"),
        ];
        let mut fresh_threads = Vec::new();
        for seed in 0..240 {
            let game = games[seed as usize % games.len()];
            let here = hand(game, seed);
            fresh_threads.push((here, std::thread::spawn(move || hand(game, seed))));
        }
        for (seed, (here, fresh)) in fresh_threads.into_iter().enumerate() {
            assert_eq!(here, fresh.join().unwrap(), "hand {seed}");
        }
    }
}
