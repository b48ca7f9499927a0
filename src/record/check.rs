//! A site's own account of a hand against the replay (`felt replay --check`, docs/import.md):
//! what each player collected from which pot, the summary's total pot, rake and pots after
//! rake, the uncalled bets returned and each player's net result, each difference with the
//! line of the site's text it comes from; and a match log's own results (ACPC).
//!
//! The replay awards pots without rake; the site pays them after rake. Each pot's rake is the
//! replay's pot less what the summary lists for it (with one pot: the stated rake), and what is
//! left is split among the replay's winners of that pot by the accounting's odd-chip rule
//! ([`SiteAccounting::odd_chip`]: PokerStars gives it to the first winner after the button).
//! Every collected line must say that; the rake taken must be the rake stated; and the total
//! pot must be the replay's.
//!
//! The rules of a site are data its importer writes into the record (the odd-chip rule, what a
//! pot is named); the check itself knows no site, so that neither the PHH reader nor an
//! importer depends on the other.

use crate::rules::{player_name, pots::split, Chips, OddChip, Outcome};

use super::accounting::{Entry, LogResults, SiteAccounting};
use super::amount::{format_chips, Amount};
use super::hand::HandRecord;

/// A site's pot and rake as its summary states them (docs/import.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RakeFacts {
    /// `Total pot X`.
    pub total_pot: Amount,
    /// `Rake Y`.
    pub rake: Amount,
    /// The summary's line in the text.
    pub line: usize,
    /// The big blind (the largest blind posted).
    pub big_blind: Amount,
    /// Whether a flop was dealt.
    pub flop: bool,
    /// The rake the site took from each player's winnings, in the hand's chips (empty when the
    /// site's accounting did not match the replay, or counts in a finer unit): a session
    /// carries each stack over less it.
    pub taken: Vec<Chips>,
    /// Chips each player re-bought during the hand (`_rebuys`), in the hand's chips (empty for
    /// none): a session carries each stack over plus them.
    pub added: Vec<Chips>,
}

/// What checking a site's account of a hand found.
#[derive(Debug, Default)]
pub struct SiteReport {
    /// Each difference between the site's account and the replay, with its line.
    pub mismatches: Vec<String>,
    /// Remarks that are not errors (the rake accepted).
    pub notes: Vec<String>,
    /// The summary's pot and rake, when it gives them: the input of a rake rule.
    pub rake: Option<RakeFacts>,
}

/// Checks the site's account of `record` (`accounting`) against the replay's `outcome`,
/// counted in chips of `10^-places`.
pub fn check_site(
    record: &HandRecord<'_>,
    accounting: &SiteAccounting,
    outcome: &Outcome,
    places: u8,
) -> SiteReport {
    let site = check(accounting, outcome, places);
    let mut rake = rake_facts(record, accounting);
    if let Some(facts) = rake.as_mut() {
        if site.mismatches.is_empty() && site.scale == 1 {
            facts.taken.clone_from(&site.rake_taken);
        }
        facts.added = rebuys(accounting, places, outcome.final_stacks.len());
    }
    let mut mismatches = site.mismatches;
    if let Some(recorded) = &record.finishing_stacks {
        let ours: Vec<Chips> = outcome
            .final_stacks
            .iter()
            .zip(&site.rake_taken)
            .map(|(a, r)| a.saturating_mul(site.scale).saturating_sub(*r))
            .collect();
        net_results(recorded, &ours, &accounting.seat_lines, site.places, &mut mismatches);
    }
    SiteReport { mismatches, notes: site.notes, rake }
}

/// A site's net results (starting stack, less what each player put in, plus what they
/// collected) against the replay's stacks after the site's rake; each difference names the
/// player's seat line.
fn net_results(
    recorded: &[Amount],
    ours: &[Chips],
    lines: &[usize],
    places: u8,
    out: &mut Vec<String>,
) {
    for (i, (&r, &o)) in recorded.iter().zip(ours).enumerate() {
        if r.to_chips(places) != Some(o) {
            let line = lines.get(i).map_or(String::new(), |l| format!("line {l}: "));
            out.push(format!(
                "{line}{} ends the hand with {r} by the text (stack, less what was put in, plus what was collected), with {} by the replay after rake",
                player_name(i),
                format_chips(o, places)
            ));
        }
    }
}

/// A match log's own results (each player's chips won or lost, from its line) against the
/// replay's, from the starting stacks `starts` to `final_stacks`, adding one line per
/// difference: `false` when they cannot be compared (an amount not in whole chips, or not one
/// per player), and then nothing is added.
pub fn check_log(
    log: &LogResults,
    starts: &[Amount],
    final_stacks: &[Chips],
    places: u8,
    out: &mut Vec<String>,
) -> bool {
    let results: Option<Vec<Chips>> = log.results.iter().map(|a| a.to_chips(places)).collect();
    let starts: Option<Vec<Chips>> = starts.iter().map(|a| a.to_chips(places)).collect();
    let (Some(results), Some(starts)) = (results, starts) else {
        return false;
    };
    if results.len() != final_stacks.len() || starts.len() != final_stacks.len() {
        return false;
    }
    let signed = |c: Chips| {
        let text = format_chips(c.saturating_abs(), places);
        if c < Chips::ZERO {
            format!("-{text}")
        } else {
            format!("+{text}")
        }
    };
    for (i, ((&r, &s), &f)) in results.iter().zip(&starts).zip(final_stacks).enumerate() {
        let ours = f.saturating_sub(s);
        if r != ours {
            out.push(format!(
                "line {}: the log's result for {} is {}, the replay's {}",
                log.line,
                player_name(i),
                signed(r),
                signed(ours)
            ));
        }
    }
    true
}

/// The summary's pot and rake, for a rake rule.
fn rake_facts(record: &HandRecord<'_>, site: &SiteAccounting) -> Option<RakeFacts> {
    Some(RakeFacts {
        total_pot: site.total_pot?,
        rake: site.rake?,
        line: usize::try_from(site.summary_line?).ok()?,
        big_blind: record
            .blinds_or_straddles
            .iter()
            .copied()
            .max_by_key(|a| a.to_chips(9).unwrap_or(Chips::ZERO))
            .unwrap_or(Amount::whole(0)),
        flop: record.actions().any(|a| matches!(a, super::Action::DealBoard { .. })),
        taken: Vec::new(),
        added: Vec::new(),
    })
}

/// Chips each of `n` players re-bought during the hand, in chips of `places`; empty when none
/// did or an amount is not whole chips.
fn rebuys(site: &SiteAccounting, places: u8, n: usize) -> Vec<Chips> {
    let mut added: Vec<Chips> = vec![Chips::ZERO; n];
    for r in &site.rebuys {
        match (r.amount.to_chips(places), added.get_mut(r.player)) {
            (Some(c), Some(a)) => *a = a.saturating_add(c),
            _ => return Vec::new(),
        }
    }
    if site.rebuys.is_empty() {
        Vec::new()
    } else {
        added
    }
}

/// The pot a `collected` line names: `pot` and `main pot` are the first, `side pot` the
/// second, `side pot-K` the (K+1)th.
fn pot_index(name: &str) -> Option<usize> {
    match name {
        "pot" | "main pot" | "the pot" => Some(0),
        "side pot" => Some(1),
        _ => name.strip_prefix("side pot-")?.parse().ok(),
    }
}

/// How a message says where the odd chips of a split go.
fn odd_chip_words(rule: OddChip) -> &'static str {
    match rule {
        OddChip::ClockwiseFromButton => "an odd chip to the first winner after the button",
        OddChip::AllToLowestIndex => "the odd chips to the first winner after the button",
        OddChip::HighestCard => "an odd chip to the winner holding the highest card",
    }
}

/// What comparing the accounting with the outcome found.
struct SiteCheck {
    /// Differences, each with its line.
    pub mismatches: Vec<String>,
    /// Remarks (the rake accepted).
    pub notes: Vec<String>,
    /// What the site kept of each player's replayed winnings: the rake taken from them, in
    /// chips of `10^-places`.
    pub rake_taken: Vec<Chips>,
    /// The decimal places of the check's chip: the hand's, or finer when the site's amounts
    /// are (a rake of 0.18 in a hand played in halves).
    pub places: u8,
    /// The hand's chips per check chip.
    pub scale: i64,
}

/// Which of the replay's pots each pot the summary lists belongs to, when the summary lists
/// more (the replay merges pots that the same players can win; the site keeps a pot per
/// all-in level): consecutive listed pots are grouped while they fit in the replay's pot.
fn group_pots(listed: &[Chips], replay: &[Chips]) -> Option<Vec<usize>> {
    let mut group = Vec::with_capacity(listed.len());
    let mut k = 0;
    let mut sum: Chips = Chips::ZERO;
    for (j, &a) in listed.iter().enumerate() {
        let left = listed.len() - j;
        let pots_left = replay.len() - k;
        if sum > Chips::ZERO && (sum.saturating_add(a) > *replay.get(k)? || left < pots_left) {
            k += 1;
            sum = Chips::ZERO;
        }
        group.push(k);
        sum = sum.saturating_add(a);
    }
    (k + 1 == replay.len()).then_some(group)
}

/// Compares the site's accounting with the replay's outcome ([`returned_pots`] first).
fn check(accounting: &SiteAccounting, outcome: &Outcome, places: u8) -> SiteCheck {
    match returned_pots(accounting, outcome, places) {
        Some(returned) => check_outcome(accounting, &returned, places),
        None => check_outcome(accounting, outcome, places),
    }
}

/// The replay's outcome with each pot only one player put chips into given back to that
/// player as an uncalled bet, when the site's own uncalled line for the player says so (the
/// uncalled bet the replay returns and the pot together); `None` when no pot is one player's.
/// Such a pot is an ante posted all in beyond every other stack (888's all-in lottery
/// tournaments): the replay holds it as a pot its one contributor wins, the site returns it.
fn returned_pots(accounting: &SiteAccounting, outcome: &Outcome, places: u8) -> Option<Outcome> {
    let alone = |pot: &crate::rules::PotAward| match pot.contributors[..] {
        [c] => Some(c),
        _ => None,
    };
    if !outcome.pots.iter().any(|pot| alone(pot).is_some()) || accounting.uncalled.is_empty() {
        return None;
    }
    let mut returned = outcome.clone();
    let pots = std::mem::take(&mut returned.pots);
    for pot in pots {
        if let Some(c) = alone(&pot) {
            let back = returned.uncalled.get(c).map(|&u| u.saturating_add(pot.amount));
            let says = |x: &&Entry| x.player == c && x.amount.to_chips(places) == back;
            if let (Some(back), Some(_)) = (back, accounting.uncalled.iter().find(says)) {
                returned.uncalled[c] = back;
                continue;
            }
        }
        returned.pots.push(pot);
    }
    Some(returned)
}

/// Compares the site's accounting with the replay's outcome.
fn check_outcome(accounting: &SiteAccounting, outcome: &Outcome, places: u8) -> SiteCheck {
    let n = outcome.final_stacks.len();
    let summary_line = accounting.summary_line.unwrap_or(0);
    let total = accounting.total_pot;
    let rake = accounting.rake;
    let listed = &accounting.pots;
    let collected = &accounting.collected;
    let uncalled = &accounting.uncalled;
    // The check's chip: fine enough for every amount the site wrote (at most 9 places).
    let fine = listed
        .iter()
        .chain(total.iter())
        .chain(rake.iter())
        .chain(accounting.fees.iter().map(|f| &f.amount))
        .chain(collected.iter().map(|x| &x.amount))
        .chain(uncalled.iter().map(|x| &x.amount))
        .map(|a| a.significant_places())
        .fold(places, u8::max)
        .min(places.saturating_add(2))
        .min(9);
    let scale = 10i64.pow(u32::from(fine.saturating_sub(places)));
    let mut out = SiteCheck {
        mismatches: Vec::new(),
        notes: Vec::new(),
        rake_taken: vec![Chips::ZERO; n],
        places: fine,
        scale,
    };
    let c = |x: Chips| format_chips(x, fine);
    // Amounts no table holds are refused here, so that their sums cannot overflow.
    let to = |a: Amount| a.to_chips(fine).filter(|c| c.unsigned_abs() <= 100_000_000_000_000_000);
    let mm = &mut out.mismatches;
    let pots: Vec<Chips> = outcome.pots.iter().map(|p| p.amount.saturating_mul(scale)).collect();
    let replay_total: Chips = pots.iter().fold(Chips::ZERO, |a, &b| a.saturating_add(b));
    let (Some(rake_only), Some(total_chips)) = (rake.and_then(to), total.and_then(to)) else {
        mm.push(format!("line {summary_line}: the summary gives no `Total pot X | Rake Y`"));
        return out;
    };
    // The fees the summary lists beside the rake are taken from the pots as the rake is: the
    // site keeps the two together.
    let Some(fee_chips) = accounting
        .fees
        .iter()
        .try_fold(Chips::ZERO, |sum, f| to(f.amount).map(|x| sum.saturating_add(x)))
    else {
        mm.push(format!("line {summary_line}: a fee the replay cannot hold"));
        return out;
    };
    let rake_chips = rake_only.saturating_add(fee_chips);
    // `Rake 0.39 | Jackpot 0.21`, as the messages quote the summary.
    // Written only for a message: most hands need none.
    let stated = || {
        let mut stated = format!("Rake {}", c(rake_only));
        for f in &accounting.fees {
            if let Some(x) = to(f.amount).filter(|&x| x > Chips::ZERO) {
                stated.push_str(&format!(" | {} {}", f.name, c(x)));
            }
        }
        stated
    };
    let of_rake = if fee_chips > Chips::ZERO { "of rake and fees" } else { "of rake" };
    if total_chips != replay_total {
        mm.push(format!(
            "line {summary_line}: `Total pot {}`: the replay's pots add up to {}",
            c(total_chips),
            c(replay_total)
        ));
    }
    let mut got: Vec<Chips> = vec![Chips::ZERO; n];
    for k in collected {
        match (to(k.amount), got.get_mut(k.player)) {
            (Some(a), Some(g)) => *g = (*g).saturating_add(a),
            _ => mm.push(format!("line {}: a collected amount the replay cannot hold", k.line)),
        }
    }
    let sum_collected: Chips = got.iter().fold(Chips::ZERO, |a, &b| a.saturating_add(b));
    if total_chips.saturating_sub(rake_chips) != sum_collected {
        mm.push(format!(
            "line {summary_line}: `Total pot {} | {}` leaves {} for the players, but the collected lines add up to {}",
            c(total_chips),
            stated(),
            c(total_chips.saturating_sub(rake_chips)),
            c(sum_collected)
        ));
    }
    // What the site left in each of the replay's pots after rake, and which of the replay's
    // pots each listed pot is part of.
    let m = pots.len();
    let listed_chips: Option<Vec<Chips>> = listed.iter().map(|&a| to(a)).collect();
    let mut payout: Vec<Chips> = vec![Chips::ZERO; n];
    for pot in &outcome.pots {
        for &(p, x) in &pot.payouts {
            payout[p] = payout[p].saturating_add(x.saturating_mul(scale));
        }
    }
    let site: Option<(Vec<Chips>, Vec<usize>)> = match listed_chips {
        _ if collected.iter().any(|x| x.run > 0) => {
            by_run(collected, outcome, scale, rake_chips, summary_line, &to, &c, mm);
            None
        }
        // A board run more than once: the site's lines say what each player got from all
        // the runs together.
        Some(l)
            if l.is_empty() && (m > 1 || outcome.boards.len() > 1) && accounting.unnamed_pots =>
        {
            unnamed_pots(collected, &got, &payout, rake_chips, summary_line, &c, "", mm);
            None
        }
        // Nothing was won but uncalled bets: no pot, and none listed.
        Some(l) if l.is_empty() && m == 0 && total_chips == Chips::ZERO => None,
        Some(l) if l.is_empty() && m == 1 => {
            Some((vec![pots[0].saturating_sub(rake_chips)], vec![0]))
        }
        Some(l) if l.is_empty() => {
            mm.push(format!(
                "line {summary_line}: the summary lists one pot, the replay has {m} (a main pot and side pots)"
            ));
            None
        }
        Some(l) if l.len() == m => Some((l, (0..m).collect())),
        Some(l) => match group_pots(&l, &pots).filter(|_| l.len() > m) {
            Some(group) => {
                let mut left: Vec<Chips> = vec![Chips::ZERO; m];
                for (&a, &g) in l.iter().zip(&group) {
                    left[g] = left[g].saturating_add(a);
                }
                Some((left, group))
            }
            None => {
                mm.push(format!(
                    "line {summary_line}: the summary lists {} pots, the replay has {m}",
                    l.len()
                ));
                None
            }
        },
        None => None,
    };
    if let Some((site_pots, group)) = site {
        let mut taken: Chips = Chips::ZERO;
        for (k, (pot, &left)) in outcome.pots.iter().zip(&site_pots).enumerate() {
            let amount = pots[k];
            let name = PotName { pots: m, k };
            if left > amount {
                mm.push(format!(
                    "line {summary_line}: the summary puts {} in {name}, more than the {} the replay puts in it",
                    c(left),
                    c(amount)
                ));
            }
            taken = taken.saturating_add(amount.saturating_sub(left));
            let mut winners = pot.winners.clone();
            winners.sort_unstable();
            // High-low: what is left is cut in halves, the odd chip to the high half; each half
            // is split among its own winners (the best high hands of the pot's contenders, the
            // best lows).
            let hi_lo = !pot.low_winners.is_empty();
            let (high, low): (Vec<usize>, Vec<usize>) = if hi_lo {
                let value = |p: usize| outcome.hands.get(p).copied().flatten().map(|e| e.value);
                let best = pot.eligible.iter().map(|&p| value(p)).max().flatten();
                let mut high: Vec<usize> =
                    winners.iter().copied().filter(|&p| value(p) == best).collect();
                high.sort_unstable();
                let mut low = pot.low_winners.clone();
                low.sort_unstable();
                (high, low)
            } else {
                (winners.clone(), Vec::new())
            };
            let (high_left, low_left) =
                if hi_lo { (left - left / 2, left / 2) } else { (left, Chips::ZERO) };
            // The site's odd-chip rule; players are numbered from the first after the button,
            // so clockwise from the button is the order of their numbers.
            let part = |amount: Chips, among: &[usize], w: usize| -> Chips {
                split(amount, among, accounting.odd_chip)
                    .into_iter()
                    .find(|&(p, _)| p == w)
                    .map_or(Chips::ZERO, |(_, x)| x)
            };
            let share = |w: usize| -> Chips { part(high_left, &high, w) + part(low_left, &low, w) };
            let lines: Vec<&Entry> = collected
                .iter()
                .filter(|x| {
                    let listed_index = pot_index(&x.pot).unwrap_or(0);
                    group.get(listed_index).copied().unwrap_or(usize::MAX) == k
                })
                .collect();
            let by = |w: usize| -> Chips {
                lines
                    .iter()
                    .filter(|x| x.player == w)
                    .filter_map(|x| to(x.amount))
                    .fold(Chips::ZERO, |a, b: Chips| a.saturating_add(b))
            };
            // With rake taken, the site may take it from the winners of a split pot unevenly:
            // each gets at most an even share of the pot before rake, and together what is left.
            let uneven_ok = amount > left
                && !hi_lo
                && winners.len() > 1
                && winners.iter().fold(Chips::ZERO, |a: Chips, &w| a.saturating_add(by(w))) == left
                && winners.iter().all(|&w| {
                    let before = amount / winners.len() as i64 + Chips(1);
                    by(w) <= before
                });
            if uneven_ok && winners.iter().any(|&w| by(w) != share(w)) {
                out.notes.push(format!(
                    "the rake of {name} was taken unevenly from its {} winners (line {summary_line})",
                    winners.len()
                ));
            }
            for x in &lines {
                let p = x.player;
                let amount_got = to(x.amount).unwrap_or(Chips(-1));
                if !winners.contains(&p) {
                    let who: Vec<String> = winners.iter().map(|&w| format!("p{}", w + 1)).collect();
                    mm.push(format!(
                        "line {}: p{} collected {} from {}, but the replay awards {name} to {}",
                        x.line,
                        p + 1,
                        c(amount_got),
                        x.pot,
                        who.join(" and ")
                    ));
                } else if by(p) != share(p) && !uneven_ok {
                    let rake_note = if amount > left {
                        format!(" ({} less {} {of_rake}", c(amount), c(amount.saturating_sub(left)))
                    } else {
                        format!(" (all of {}", c(amount))
                    };
                    let split = if hi_lo {
                        format!(", half to the best high hand and half to the best low, the odd chip to the high half, each half split among its winners, {})", odd_chip_words(accounting.odd_chip))
                    } else if winners.len() > 1 {
                        format!(
                            ", split {} ways, {})",
                            winners.len(),
                            odd_chip_words(accounting.odd_chip)
                        )
                    } else {
                        ")".to_string()
                    };
                    mm.push(format!(
                        "line {}: p{} collected {} from {}, but the replay pays p{} {} from {name}{rake_note}{split}",
                        x.line,
                        p + 1,
                        c(amount_got),
                        x.pot,
                        p + 1,
                        c(share(p))
                    ));
                }
            }
            for &w in &winners {
                if share(w) > Chips::ZERO && !lines.iter().any(|x| x.player == w) {
                    mm.push(format!(
                        "line {summary_line}: the replay pays p{} {} from {name}, but no line says p{} collected it",
                        w + 1,
                        c(share(w)),
                        w + 1
                    ));
                }
            }
        }
        if taken != rake_chips && mm.is_empty() {
            mm.push(format!(
                "line {summary_line}: `{}`: the pots as listed leave {} {of_rake}",
                stated(),
                c(taken)
            ));
        }
    }
    for (p, (&pay, &col)) in payout.iter().zip(&got).enumerate() {
        out.rake_taken[p] = pay.saturating_sub(col);
    }
    for x in uncalled {
        let ours =
            outcome.uncalled.get(x.player).copied().unwrap_or(Chips::ZERO).saturating_mul(scale);
        if to(x.amount) != Some(ours) {
            out.mismatches.push(format!(
                "line {}: uncalled bet of {} returned to p{}, but the replay returns {}",
                x.line,
                x.amount,
                x.player + 1,
                c(ours)
            ));
        }
    }
    if rake_chips > Chips::ZERO && out.mismatches.is_empty() {
        let mut taken = format!("rake {}", c(rake_only));
        for f in &accounting.fees {
            if let Some(x) = to(f.amount).filter(|&x| x > Chips::ZERO) {
                taken.push_str(&format!(" and {} {}", f.name, c(x)));
            }
        }
        out.notes.push(format!(
            "{taken} taken from the pots, as the summary states (line {summary_line})"
        ));
    }
    out
}

/// The collected lines of a hand run more than once, each saying its run ([`Entry::run`]),
/// against what the replay pays each player on that run from all the pots together
/// ([`crate::rules::PotAward::by_run`], before rake), run by run as [`unnamed_pots`] holds them;
/// and the number of runs, the text's against the replay's.
#[allow(clippy::too_many_arguments)]
fn by_run(
    collected: &[Entry],
    outcome: &Outcome,
    scale: i64,
    taken: Chips,
    summary_line: i64,
    to: &dyn Fn(Amount) -> Option<Chips>,
    c: &dyn Fn(Chips) -> String,
    mm: &mut Vec<String>,
) {
    let n = outcome.final_stacks.len();
    let runs = outcome.boards.len().max(1);
    let said = collected.iter().map(|x| x.run).max().unwrap_or(0);
    if said > runs {
        let line = collected.iter().find(|x| x.run == said).map_or(0, |x| x.line);
        let times = if runs == 1 { "once".to_string() } else { format!("{runs} times") };
        mm.push(format!(
            "line {line}: a collected line of run {said}, but the replay runs the board {times}"
        ));
        return;
    }
    for run in 1..=runs {
        let mut pay: Vec<Chips> = vec![Chips::ZERO; n];
        for pot in &outcome.pots {
            let payouts = match pot.by_run.get(run - 1) {
                Some(share) => &share.payouts,
                None => &pot.payouts,
            };
            for &(p, x) in payouts {
                if let Some(y) = pay.get_mut(p) {
                    *y = y.saturating_add(x.saturating_mul(scale));
                }
            }
        }
        let lines: Vec<Entry> = collected.iter().filter(|x| x.run == run).cloned().collect();
        let mut got: Vec<Chips> = vec![Chips::ZERO; n];
        for x in &lines {
            match (to(x.amount), got.get_mut(x.player)) {
                (Some(a), Some(g)) => *g = g.saturating_add(a),
                _ => mm.push(format!("line {}: a collected amount the replay cannot hold", x.line)),
            }
        }
        let on = format!(" on run {run}");
        unnamed_pots(&lines, &got, &pay, taken, summary_line, c, &on, mm);
    }
}

/// The collected lines of a site that names no pot ([`SiteAccounting::unnamed_pots`]), against
/// what the replay pays each player from all the pots together (`payout`, before rake): nobody
/// collects more than that, nobody the replay pays nothing collects, and each player the replay
/// pays more than the whole rake and fees (`taken`) says so in a line. With the totals checked
/// before, the rake and fees are then what the players were paid less what they collected.
/// `on` says which run the lines are of (` on run 2`), empty for a hand run once.
#[allow(clippy::too_many_arguments)]
fn unnamed_pots(
    collected: &[Entry],
    got: &[Chips],
    payout: &[Chips],
    taken: Chips,
    summary_line: i64,
    c: &dyn Fn(Chips) -> String,
    on: &str,
    mm: &mut Vec<String>,
) {
    for (p, (&g, &pay)) in got.iter().zip(payout).enumerate() {
        let last = collected.iter().filter(|x| x.player == p).map(|x| x.line).max();
        match last {
            Some(line) if pay == Chips::ZERO => mm.push(format!(
                "line {line}: p{} collected {}{on}, but the replay awards p{} no pot{on}",
                p + 1,
                c(g),
                p + 1
            )),
            Some(line) if g > pay => mm.push(format!(
                "line {line}: p{} collected {}{on}, more than the {} the replay pays p{}{on} before rake",
                p + 1,
                c(g),
                c(pay),
                p + 1
            )),
            None if pay > taken => mm.push(format!(
                "line {summary_line}: the replay pays p{} {}{on}, but no line says p{} collected it",
                p + 1,
                c(pay),
                p + 1
            )),
            _ => {}
        }
    }
}

/// A pot as the messages name it (written only when a message is): `the pot` when it is the
/// only one, else `the main pot` and `side pot-K`.
struct PotName {
    /// How many pots the hand has.
    pots: usize,
    /// The pot's place, the main pot first.
    k: usize,
}

impl std::fmt::Display for PotName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.pots, self.k) {
            (1, _) => f.write_str("the pot"),
            (_, 0) => f.write_str("the main pot"),
            (_, k) => write!(f, "side pot-{k}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(player: usize, cents: i64, line: usize) -> Entry {
        let amount = Amount { units: cents, places: 2 };
        Entry { player, amount, pot: "pot".into(), line, run: 0 }
    }

    #[test]
    fn a_site_naming_no_pot_is_held_to_what_the_replay_pays_each_player() {
        // Collected lines, and what each player collected and was paid, in cents.
        let check = |lines: &[Entry], got: &[i64], paid: &[i64], taken: i64| {
            let c = |x: Chips| format_chips(x, 2);
            let chips = |v: &[i64]| v.iter().map(|&x| Chips(x)).collect::<Vec<_>>();
            let mut mm = Vec::new();
            unnamed_pots(lines, &chips(got), &chips(paid), Chips(taken), 29, &c, "", &mut mm);
            mm
        };
        // p1 is paid 3.30 + 4.20 before rake and collects 3.16 + 3.99: well within.
        let lines = [entry(0, 316, 25), entry(0, 399, 26)];
        assert!(check(&lines, &[715, 0], &[750, 0], 35).is_empty());
        // p2, paid nothing, collects the main pot; p1 says nothing of the 4.20 it is paid.
        assert_eq!(
            check(&[entry(1, 316, 25)], &[0, 316], &[420, 0], 35),
            [
                "line 29: the replay pays p1 4.20, but no line says p1 collected it",
                "line 25: p2 collected 3.16, but the replay awards p2 no pot",
            ]
        );
        // More than the replay pays, at the player's last collected line.
        assert_eq!(
            check(&[entry(0, 400, 25), entry(0, 400, 26)], &[800], &[750], 0),
            ["line 26: p1 collected 8.00, more than the 7.50 the replay pays p1 before rake"]
        );
    }
}
