//! The end of a hand: who wins which pot, odd chips, final stacks.

use crate::eval::low::EightLow;
use crate::eval::Evaluation;
use crate::text::count;

use super::error::RuleError;
use super::outside::add_dead_money;
use super::pots::{self, Pot};
use super::runs::MAX_RUNS;
use super::scoring::{split_high_low, Worth};
use super::seats::Seats;
use super::state::{Event, HandState, Phase};
use super::{player_name, Chips, OddChip};
use crate::card::Card;

/// One pot as awarded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PotAward {
    /// Chips in the pot.
    pub amount: Chips,
    /// Players who put chips into it, folded players and losers included (player indices,
    /// ascending).
    pub contributors: Vec<usize>,
    /// Live players who could win it (player indices).
    pub eligible: Vec<usize>,
    /// Who won a share of it: the best hand (ties split it), and in the high-low games the
    /// best low as well.
    pub winners: Vec<usize>,
    /// High-low games: the winners of the pot's low half (empty when no contender of the pot
    /// has a qualifying low, and the high hand takes the whole pot).
    pub low_winners: Vec<usize>,
    /// Chips paid to each winner.
    pub payouts: Vec<(usize, Chips)>,
    /// When the board was run more than once: each run's share of the pot and who won it, in
    /// the order of the runs (empty for one run). The fields above then sum the runs.
    pub by_run: Vec<RunShare>,
}

/// One run's share of a pot, when the board was run more than once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunShare {
    /// Chips of the pot this run plays for (the first run takes the odd chips).
    pub amount: Chips,
    /// Who won a share of it on this run's board (high and low winners).
    pub winners: Vec<usize>,
    /// High-low games: the winners of the low half on this run (see [`PotAward::low_winners`]).
    pub low_winners: Vec<usize>,
    /// Chips paid to each winner.
    pub payouts: Vec<(usize, Chips)>,
}

/// Adds a run's share to the pot's totals.
fn add_share(award: &mut PotAward, share: &RunShare) {
    for &(w, x) in &share.payouts {
        match award.payouts.iter_mut().find(|(p, _)| *p == w) {
            Some((_, paid)) => *paid += x,
            None => award.payouts.push((w, x)),
        }
    }
    for (all, some) in
        [(&mut award.winners, &share.winners), (&mut award.low_winners, &share.low_winners)]
    {
        for &w in some {
            if !all.contains(&w) {
                all.push(w);
            }
        }
    }
}

/// Who shows first at showdown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShowdownInfo {
    /// The order the rules ask for: the last bettor or raiser of the last betting round, else
    /// the game's default (see [`super::ShowStart`]), then clockwise.
    pub order: Vec<usize>,
    /// The first player who actually showed cards, if anyone did.
    pub first_shown: Option<usize>,
}

/// The result of a finished hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The pots, main pot first.
    pub pots: Vec<PotAward>,
    /// Uncalled bets returned to each player.
    pub uncalled: Vec<Chips>,
    /// Chips won from the pots by each player.
    pub winnings: Vec<Chips>,
    /// Stacks after the hand.
    pub final_stacks: Vec<Chips>,
    /// The showdown, when the hand had one.
    pub showdown: Option<ShowdownInfo>,
    /// Each player's hand at showdown, where ranked (the high hand in the high-low games).
    pub hands: Vec<Option<Evaluation>>,
    /// High-low games: each player's eight-or-better low at showdown (`None`: no qualifying
    /// low, not ranked, or a game without a low half).
    pub lows: Vec<Option<EightLow>>,
    /// Bets still in front of players when everyone but one folded (after any uncalled part went
    /// back). They are part of the pot above; PokerKit's `_pots` leave them out.
    pub unswept_bets: Vec<Chips>,
    /// Live players whose known cards were shown for them because the record ends without
    /// their show or muck.
    pub auto_shown: Vec<usize>,
    /// When the board was run more than once, each run's board (the cards dealt before the
    /// runs, then the run's own); empty for one run.
    pub boards: Vec<Vec<Option<Card>>>,
    /// Dead money the room added to the main pot (part of its amount above).
    pub dead_money: Chips,
    /// What the room paid each player outside the pot (negative: the player paid), part of
    /// the final stacks but not of the winnings.
    pub outside: Vec<Chips>,
    /// The bomb every player put in before the cards, when the hand was a bomb pot (else 0).
    pub bomb_pot: Chips,
    /// Whether [`Outcome::boards`] are the two boards of a double-board bomb pot, each pot's
    /// [`PotAward::by_run`] then its half on each board (not runs of one board).
    pub double_board: bool,
}

impl HandState {
    /// Says why `player` cannot show `cards` (or muck, with `None`) now.
    pub fn verify_show_or_muck(
        &self,
        player: usize,
        cards: Option<&[Option<Card>]>,
    ) -> Result<(), RuleError> {
        self.check_player(player)?;
        let name = || player_name(player);
        if self.phase == Phase::Over && self.folded[player] {
            return Err(RuleError::WrongPhase(format!(
                "{} has folded and has no hand to show",
                name()
            )));
        }
        // The last live player may show after everyone else folded: it changes nothing.
        if let Some(cards) = cards
            && self.live_count() == 1
            && !self.folded[player]
            && !self.mucked[player]
        {
            return self.verify_shown_cards(player, cards);
        }
        if self.show_order.is_none() {
            return Err(RuleError::WrongPhase(format!(
                "{} cannot show or muck yet: the showdown has not begun",
                name()
            )));
        }
        if self.phase == Phase::Over {
            return Err(RuleError::WrongPhase("there is no showdown: the hand is over".into()));
        }
        if self.folded[player] {
            return Err(RuleError::WrongPhase(format!(
                "{} has folded and has no hand to show",
                name()
            )));
        }
        if self.mucked[player] {
            return Err(RuleError::WrongPhase(format!("{} has already mucked", name())));
        }
        if self.shown[player] && cards.is_none() {
            return Err(RuleError::WrongPhase(format!(
                "{} has already shown and cannot muck",
                name()
            )));
        }
        let Some(cards) = cards else {
            if self.live_count() == 1 {
                return Err(RuleError::WrongPhase(format!(
                    "{} holds the last live hand and wins without showing: it cannot be mucked",
                    name()
                )));
            }
            return Ok(());
        };
        self.verify_shown_cards(player, cards)
    }

    /// Says why `cards` cannot be the hole cards `player` shows: not as many as they hold,
    /// cards dealt to no one else that are not theirs, or, for a player who has shown already
    /// (a show repeated on each street of an all-in runout), other cards than those known
    /// (cards not known before may be shown now).
    fn verify_shown_cards(&self, player: usize, cards: &[Option<Card>]) -> Result<(), RuleError> {
        let name = || player_name(player);
        let held = &self.hole[player];
        if cards.len() != held.len() {
            return Err(RuleError::BadCards(format!(
                "{} shows {} but holds {}",
                name(),
                count(cards.len(), "card", "cards"),
                held.len()
            )));
        }
        let unknown_held = held.iter().filter(|h| h.is_none()).count();
        let mut new = Vec::new();
        for &c in cards.iter().flatten() {
            if !held.contains(&Some(c)) {
                new.push(Some(c));
            }
        }
        let unknown_shown = cards.iter().filter(|c| c.is_none()).count();
        // Showing again: the cards known before, and any shown unknown before (`????`, then the
        // cards at the end of the runout).
        if self.shown[player] && (new.len() > unknown_held || unknown_shown > unknown_held) {
            let write = |cs: &mut dyn Iterator<Item = &Option<Card>>| {
                cs.map(|c| c.map_or("??".to_string(), |c| c.to_string()))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            return Err(RuleError::BadCards(format!(
                "{} showed {} and now shows {}: a player who shows again must show the same cards",
                name(),
                write(&mut held.iter()),
                write(&mut cards.iter())
            )));
        }
        if new.len() > unknown_held {
            return Err(RuleError::BadCards(format!(
                "{} shows cards that were not dealt to them: {}",
                name(),
                new.iter().flatten().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
            )));
        }
        self.check_new_cards(&new)
    }

    /// Whether `player` can show or muck now.
    pub fn can_show_or_muck(&self, player: usize, cards: Option<&[Option<Card>]>) -> bool {
        self.verify_show_or_muck(player, cards).is_ok()
    }

    /// Shows `cards` (their hole cards), or mucks with `None`, giving up every pot.
    pub fn show_or_muck(
        &mut self,
        player: usize,
        cards: Option<&[Option<Card>]>,
    ) -> Result<Event, RuleError> {
        self.verify_show_or_muck(player, cards)?;
        match cards {
            None => {
                self.mucked[player] = true;
                // A hand mucked while cards are still being dealt (an all-in showdown) gets no
                // more cards, as PokerKit deals them.
                if self.phase == Phase::Dealing {
                    self.pending_hole[player] = 0;
                    self.pending_draw[player] = false;
                    self.after_deal();
                }
                Ok(Event::Mucked { player })
            }
            Some(cards) => {
                for &c in cards.iter().flatten() {
                    if !self.hole[player].contains(&Some(c))
                        && let Some(slot) = self.hole[player].iter_mut().find(|h| h.is_none())
                    {
                        *slot = Some(c);
                        self.seen.insert(c);
                    }
                }
                self.shown[player] = true;
                if self.first_shown.is_none() {
                    self.first_shown = Some(player);
                }
                Ok(Event::Shown { player })
            }
        }
    }

    /// Who wins `amount` among `eligible`, given each player's worth on one board: the best
    /// hand (ties split it), and in the high-low games the best low takes half.
    fn award(&self, amount: Chips, eligible: &[usize], worths: &[Option<Worth>]) -> RunShare {
        let value = |i: usize| worths[i].map_or(0, |w: Worth| w.high.value);
        let low = |i: usize| worths[i].and_then(|w: Worth| w.low);
        let best = eligible.iter().map(|&i| value(i)).max().unwrap_or(0);
        let mut winners: Vec<usize> =
            eligible.iter().copied().filter(|&i| value(i) == best).collect();
        if self.game.odd_chip == OddChip::HighestCard {
            // Stud: odd chips go first to the tied winner holding the highest card (by
            // rank, then suit) among all their cards.
            let high = |i: usize| self.hole[i].iter().flatten().map(|c| c.index()).max();
            winners.sort_by_key(|&i| std::cmp::Reverse(high(i)));
        }
        // High-low: the pot splits in halves when one of its own contenders has a
        // qualifying low; otherwise the high hand takes it all (docs/replay.md).
        let high_low = self.game.scoring.high_low();
        let best_low = eligible.iter().map(|&i| low(i)).max().flatten();
        let (high_part, low_part) = match best_low {
            Some(_) if high_low => split_high_low(amount),
            _ => (amount, Chips::ZERO),
        };
        let mut payouts = pots::split(high_part, &winners, self.game.odd_chip);
        let mut low_winners = Vec::new();
        if high_low && best_low.is_some() && low_part > Chips::ZERO {
            low_winners = eligible.iter().copied().filter(|&i| low(i) == best_low).collect();
            for (w, x) in pots::split(low_part, &low_winners, self.game.odd_chip) {
                match payouts.iter_mut().find(|(p, _)| *p == w) {
                    Some((_, paid)) => *paid += x,
                    None => payouts.push((w, x)),
                }
                if !winners.contains(&w) {
                    winners.push(w);
                }
            }
        }
        RunShare { amount, winners, low_winners, payouts }
    }

    /// Says why the hand cannot be settled yet, or settles it: pots, winners, final stacks.
    pub fn finish(&self) -> Result<Outcome, RuleError> {
        self.finish_with_losers(&[])
    }

    /// The players at showdown whose hands cannot be ranked: live, with a hole card not known
    /// (`????`). Empty before the showdown.
    pub fn unknown_at_showdown(&self) -> Vec<usize> {
        if self.phase != Phase::Showdown {
            return Vec::new();
        }
        (0..self.n).filter(|&i| self.live(i) && self.hole[i].iter().any(Option::is_none)).collect()
    }

    /// The pots, each contested by the `live` players who reached its level. A level that only
    /// players who mucked (or lost unseen) at the showdown reached, beside folded ones, is theirs:
    /// nobody else could win those chips (a side pot left to one player when the other folded
    /// is not given up by mucking against the main pot's all-in player, who never matched it).
    fn contested_pots(&self, live: &[bool]) -> Vec<Pot> {
        let stayed: Vec<bool> = (0..self.n).map(|i| !self.folded[i]).collect();
        let mut pots: Vec<Pot> = Vec::new();
        for mut pot in pots::build(&self.committed, &self.dead, &stayed) {
            let contesting: Vec<usize> =
                pot.eligible.iter().copied().filter(|&i| live[i]).collect();
            if !contesting.is_empty() {
                pot.eligible = contesting;
            }
            // Consecutive pots with the same players are one.
            match pots.last_mut() {
                Some(last) if last.eligible == pot.eligible => {
                    last.amount = last.amount.saturating_add(pot.amount);
                    for c in pot.contributors {
                        if !last.contributors.contains(&c) {
                            last.contributors.push(c);
                        }
                    }
                    last.contributors.sort_unstable();
                }
                _ => pots.push(pot),
            }
        }
        pots
    }

    /// As [`HandState::finish`], with the hands of `lost` taken to have lost at showdown (as if
    /// mucked): how a record settles a showdown whose unknown hands it awarded nothing.
    pub fn finish_with_losers(&self, lost: &[usize]) -> Result<Outcome, RuleError> {
        let n = self.n;
        let mut live: Seats<bool> = Seats::filled(false, n);
        for i in 0..n {
            live[i] = self.live(i) && !(self.phase == Phase::Showdown && lost.contains(&i));
        }
        let mut hands = vec![None; n];
        // Each run's worth of each hand (one run unless the board was run more than once).
        // Each run's board, or each board of a double-board bomb pot, scores its share.
        let runs = self.runs().max(self.board_count()).min(usize::from(MAX_RUNS));
        let mut worths: [Vec<Option<Worth>>; MAX_RUNS as usize] = Default::default();
        for w in &mut worths[..runs] {
            w.resize(n, None);
        }
        let mut auto_shown = Vec::new();
        let showdown = match self.phase {
            Phase::Over => None,
            Phase::Showdown => {
                if !live.iter().any(|&l| l) {
                    return Err(RuleError::Unresolved("every player at showdown mucked".into()));
                }
                let ranked = live.iter().filter(|&&l| l).count() > 1;
                for i in (0..n).filter(|&i| live[i] && ranked) {
                    if !self.shown[i] {
                        if self.hole[i].iter().any(|c| c.is_none()) {
                            return Err(RuleError::Unresolved(format!(
                                "{}'s hole cards are unknown and were not shown",
                                player_name(i)
                            )));
                        }
                        auto_shown.push(i);
                    }
                    for (r, w) in worths[..runs].iter_mut().enumerate() {
                        w[i] = Some(self.worth(i, r)?);
                    }
                    hands[i] = worths[0][i].map(|w| w.high);
                }
                Some(ShowdownInfo {
                    order: self.show_order.clone().unwrap_or_default(),
                    first_shown: self.first_shown,
                })
            }
            _ => return Err(RuleError::Incomplete(self.waiting_for())),
        };
        let worths = &worths[..runs];
        // The dead money is in the pots before PokerKit's killing below: a hand whose only pot
        // is the room's dead money (nobody bet) has a pot to win.
        let mut built = self.contested_pots(&live);
        add_dead_money(&mut built, self.dead_money, &live);
        if self.game.is_phh_code() && showdown.is_some() {
            // PokerKit kills the hands that cannot win any pot on any run (neither its high
            // nor, in the high-low games, its low half), then forms the pots again.
            let can_win = |i: usize| {
                worths.iter().any(|w| {
                    let value = |i: usize| w[i].map_or(0, |w: Worth| w.high.value);
                    let low = |i: usize| w[i].and_then(|w: Worth| w.low);
                    built.iter().any(|p| {
                        p.eligible.contains(&i)
                            && (p.eligible.iter().all(|&j| value(j) <= value(i))
                                || low(i).is_some() && p.eligible.iter().all(|&j| low(j) <= low(i)))
                    })
                })
            };
            let mut killed = false;
            for i in 0..n {
                if live[i] && !can_win(i) {
                    live[i] = false;
                    killed = true;
                }
            }
            if killed {
                built = self.contested_pots(&live);
                add_dead_money(&mut built, self.dead_money, &live);
            }
        }
        let mut winnings = vec![Chips::ZERO; n];
        let mut awards = Vec::with_capacity(built.len());
        for Pot { amount, contributors, eligible } in built {
            let mut award = PotAward {
                amount,
                contributors,
                eligible,
                winners: Vec::new(),
                low_winners: Vec::new(),
                payouts: Vec::new(),
                by_run: Vec::new(),
            };
            if runs == 1 {
                let share = self.award(amount, &award.eligible, &worths[0]);
                (award.winners, award.low_winners, award.payouts) =
                    (share.winners, share.low_winners, share.payouts);
            } else {
                // Each run takes an equal share of the pot, the first run the odd chips.
                let (q, r) = amount.share(runs).unwrap_or((Chips::ZERO, amount));
                for (k, w) in worths.iter().enumerate() {
                    let part = if k == 0 { q + r } else { q };
                    let share = self.award(part, &award.eligible, w);
                    add_share(&mut award, &share);
                    award.by_run.push(share);
                }
            }
            for &(w, x) in &award.payouts {
                winnings[w] += x;
            }
            awards.push(award);
        }
        // Chips set aside for a player protected all-in come back with the final stack, and
        // what the room paid outside the pot is added.
        let final_stacks = (0..n)
            .map(|i| self.stacks[i] + self.set_aside[i] + winnings[i] + self.outside[i])
            .collect();
        Ok(Outcome {
            pots: awards,
            uncalled: self.returned.to_vec(),
            winnings,
            final_stacks,
            showdown,
            hands,
            lows: worths[0].iter().map(|w| w.and_then(|w| w.low)).collect(),
            boards: if runs > 1 { self.boards() } else { Vec::new() },
            unswept_bets: self.unswept.to_vec(),
            auto_shown,
            dead_money: self.dead_money,
            outside: self.outside.to_vec(),
            bomb_pot: self.bomb_pot(),
            double_board: self.board_count() > 1,
        })
    }
}
