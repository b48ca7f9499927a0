//! The accounting of a hand written as PokerStars text: the amounts in the text's money, the
//! rake, the pots after rake and what each player collected from each, as PokerStars splits
//! them; and the text read back, whose replay must agree with that accounting.

use crate::phh::replay::replay_record;
use crate::phh::Status;
use crate::record::HandRecord;
use crate::rules::pots::split;
use crate::rules::{Chips, OddChip, Outcome};

use super::{other_str, status_words};

/// What a hand's text writes amounts in: a currency with two decimals (cash) or chips
/// (tournaments).
pub(super) struct Money {
    /// Chips of the hand per cent (cash) or per chip (tournaments).
    scale: i64,
    symbol: String,
    /// The currency's code (`USD`), empty in a tournament.
    pub(super) code: String,
    cash: bool,
}

impl Money {
    pub(super) fn new(
        record: &HandRecord<'_>,
        places: u8,
        tournament: bool,
    ) -> Result<Money, String> {
        if tournament {
            if places > 0 {
                return Err("a tournament's amounts are whole chips in PokerStars text; this hand's are not".into());
            }
            return Ok(Money { scale: 1, symbol: String::new(), code: String::new(), cash: false });
        }
        if places > 2 {
            return Err(format!(
                "PokerStars text writes cash amounts in cents; this hand counts in units of {}",
                crate::phh::amount::format_chips(Chips(1), places)
            ));
        }
        let code = other_str(record, "currency")
            .filter(|c| c.len() == 3 && c.bytes().all(|b| b.is_ascii_uppercase()));
        let code = code.unwrap_or("USD").to_string();
        let symbol = match record.site_text.currency_symbol.as_str() {
            s if !s.is_empty()
                && !s.chars().any(|c| c.is_ascii_alphanumeric() || c.is_whitespace()) =>
            {
                s.to_string()
            }
            _ => match code.as_str() {
                "EUR" => "€".into(),
                "GBP" => "£".into(),
                _ => "$".into(),
            },
        };
        Ok(Money { scale: 10i64.pow(u32::from(2 - places)), symbol, code, cash: true })
    }

    /// `$1.50` or `1500`.
    pub(super) fn text(&self, chips: Chips) -> String {
        if !self.cash {
            return chips.0.to_string();
        }
        let cents = i128::from(chips.0) * i128::from(self.scale);
        let sign = if cents < 0 { "-" } else { "" };
        let cents = cents.unsigned_abs();
        format!("{sign}{}{}.{:02}", self.symbol, cents / 100, cents % 100)
    }
}

/// The pots after rake the site's summary listed, in the hand's chips (empty when none).
fn site_pots(record: &HandRecord<'_>, places: u8) -> Vec<Chips> {
    let listed = record.accounting.as_ref().map_or(&[][..], |a| a.pots.as_slice());
    listed.iter().map(|a| a.to_chips(places)).collect::<Option<Vec<_>>>().unwrap_or_default()
}

/// The rake the hand's record states (a site's rake and fees together, or PHH's `rake`), in
/// the hand's chips, at most the pots.
fn rake(record: &HandRecord<'_>, places: u8, outcome: &Outcome) -> Chips {
    let site = record.accounting.as_ref().and_then(|a| {
        let fees = a
            .fees
            .iter()
            .try_fold(Chips::ZERO, |s, f| f.amount.to_chips(places).map(|x| s.saturating_add(x)));
        Some(a.rake?.to_chips(places)?.saturating_add(fees?))
    });
    let rake = site.or_else(|| record.rake.and_then(|r| r.to_chips(places))).unwrap_or(Chips::ZERO);
    let total = outcome.pots.iter().fold(Chips::ZERO, |s, p| s.saturating_add(p.amount));
    rake.max(Chips::ZERO).min(total)
}

/// A pot's name in a collected line: `pot` when it is the only one, else `main pot`, `side
/// pot` (the only side pot), `side pot-1`, `side pot-2`, ...
pub(super) fn pot_name(pots: usize, k: usize) -> String {
    match (pots, k) {
        (1, _) => "pot".to_string(),
        (_, 0) => "main pot".to_string(),
        (2, _) => "side pot".to_string(),
        _ => format!("side pot-{k}"),
    }
}

/// What each player collected from each pot after rake ([`pots_after_rake`]), as PokerStars
/// splits and writes it: a high-low pot in halves (the odd chip to the high half), each half
/// among its winners with the odd chip to the first after the button, one line per half (a
/// player who wins both halves collects twice from the pot); the last side pot first, the
/// main pot last. Each entry is the player, the amount and the pot's name ([`pot_name`]).
fn collected(outcome: &Outcome, rake: Chips, listed: &[Chips]) -> Vec<(usize, Chips, String)> {
    let mut out = Vec::new();
    let left = pots_after_rake(outcome, rake, listed);
    let m = left.len();
    if m != outcome.pots.len() {
        // The site's own pots, more than the replay's, every one won by one player.
        if let Some(w) = sole_winner(outcome) {
            for (k, &x) in left.iter().enumerate().rev().filter(|(_, x)| **x > Chips::ZERO) {
                out.push((w, x, pot_name(m, k)));
            }
        }
        return out;
    }
    for (k, (pot, left)) in outcome.pots.iter().zip(left).enumerate().rev() {
        let mut winners = pot.winners.clone();
        winners.sort_unstable();
        let hi_lo = !pot.low_winners.is_empty();
        let (high, low) = if hi_lo {
            let value = |p: usize| outcome.hands.get(p).copied().flatten().map(|e| e.value);
            let best = pot.eligible.iter().map(|&p| value(p)).max().flatten();
            let high: Vec<usize> = winners.iter().copied().filter(|&p| value(p) == best).collect();
            let mut low = pot.low_winners.clone();
            low.sort_unstable();
            (high, low)
        } else {
            (winners, Vec::new())
        };
        let (high_left, low_left) =
            if hi_lo { (left - left / 2, left / 2) } else { (left, Chips::ZERO) };
        for (amount, among) in [(high_left, &high), (low_left, &low)] {
            if among.is_empty() {
                continue;
            }
            for (p, x) in split(amount, among, OddChip::ClockwiseFromButton) {
                if x > Chips::ZERO {
                    out.push((p, x, pot_name(m, k)));
                }
            }
        }
    }
    out
}

/// What the text writes of the hand's accounting, after rake.
pub(super) struct Written {
    /// The rake ([`rake`]).
    pub(super) rake: Chips,
    /// The pots after rake the summary lists, main pot first.
    pub(super) pots: Vec<Chips>,
    /// The collected lines: the player, the amount and the pot's name, in the text's order.
    pub(super) lines: Vec<(usize, Chips, String)>,
}

/// The accounting the text writes. When the source's check compared its results with the
/// replay and found no difference (`checked`), the site's own: its collected lines
/// ([`site_lines`]) with the pots its summary listed when they add up with the rake to the
/// pots' total, else with the pots of [`pots_after_rake`]. Otherwise, or when the site's
/// lines cannot be written as they stand, those pots and the lines worked out from the
/// replay ([`collected`]).
pub(super) fn written(
    record: &HandRecord<'_>,
    places: u8,
    award: &Outcome,
    checked: bool,
) -> Written {
    let listed = site_pots(record, places);
    let rake = rake(record, places, award);
    let pots = pots_after_rake(award, rake, &listed);
    if checked {
        let pots = if adds_up(award, rake, &listed) { listed.clone() } else { pots.clone() };
        if let Some(lines) = site_lines(record, places, pots.len(), award.final_stacks.len()) {
            return Written { rake, pots, lines };
        }
    }
    let mut lines = collected(award, rake, &listed);
    if let Some(totals) = site_totals(record, places, award.final_stacks.len()).filter(|_| checked)
    {
        let m = pots.len();
        let raked: Vec<String> = (award.pots.iter().zip(&pots).enumerate())
            .filter(|(_, (p, left))| **left < p.amount)
            .map(|(k, _)| pot_name(m, k))
            .collect();
        to_site_totals(&mut lines, &totals, &raked);
    }
    Written { rake, pots, lines }
}

/// What the site says each player collected in all, when its collected lines can be counted
/// (every one a player of the hand, an amount in the hand's chips, on no particular run).
fn site_totals(record: &HandRecord<'_>, places: u8, n: usize) -> Option<Vec<Chips>> {
    let site = record.accounting.as_ref()?;
    if site.collected.is_empty() {
        return None;
    }
    let mut totals = vec![Chips::ZERO; n];
    for e in &site.collected {
        let amount = e.amount.to_chips(places)?;
        let total = totals.get_mut(e.player).filter(|_| e.run == 0)?;
        *total = total.checked_add(amount)?;
    }
    Some(totals)
}

/// Moves chips between the winners of a raked pot (`raked` names them), in `lines` worked
/// out from the replay, until each player collects in all what the site paid them
/// (`totals`): a site that names no pot (GGPoker) takes the rake from each pot, and gives
/// each split pot's odd chip, where the replay's split takes the whole rake from the main pot;
/// PokerStars text may take a pot's rake unevenly from its winners. Left as worked out when
/// the site's totals cannot be reached that way (their sum differs, or a player's difference
/// lies in a pot shared with no one owing it).
fn to_site_totals(lines: &mut [(usize, Chips, String)], totals: &[Chips], raked: &[String]) {
    let mut owed: Vec<i128> = totals.iter().map(|t| i128::from(t.0)).collect();
    for (p, x, _) in lines.iter() {
        match owed.get_mut(*p) {
            Some(o) => *o -= i128::from(x.0),
            None => return,
        }
    }
    if owed.iter().sum::<i128>() != 0 || owed.iter().all(|&o| o == 0) {
        return;
    }
    let before: Vec<Chips> = lines.iter().map(|l| l.1).collect();
    for to in 0..lines.len() {
        for from in 0..lines.len() {
            let (p, q) = (lines[to].0, lines[from].0);
            let pot = &lines[to].2;
            if *pot != lines[from].2 || !raked.contains(pot) || owed[p] <= 0 || owed[q] >= 0 {
                continue;
            }
            let moved = owed[p].min(-owed[q]).min(i128::from(lines[from].1 .0));
            let Ok(chips) = i64::try_from(moved) else { continue };
            lines[from].1 = Chips(lines[from].1 .0 - chips);
            lines[to].1 = Chips(lines[to].1 .0 + chips);
            owed[p] -= moved;
            owed[q] += moved;
        }
    }
    if owed.iter().any(|&o| o != 0) {
        for (line, x) in lines.iter_mut().zip(before) {
            line.1 = x;
        }
    }
}

/// Whether the site's summary listed more than one pot and its pots add up with the rake to
/// the replay's pots' total.
fn adds_up(outcome: &Outcome, rake: Chips, listed: &[Chips]) -> bool {
    let total = outcome.pots.iter().fold(Chips::ZERO, |s, p| s.saturating_add(p.amount));
    let sum = listed.iter().fold(Chips::ZERO, |s, &p| s.saturating_add(p));
    listed.len() > 1
        && sum.saturating_add(rake) == total
        && listed.iter().all(|&l| l >= Chips::ZERO)
}

/// The site's own collected lines, each with its amount and pot, in the site's order, when
/// each can be written as it stands: a player of the hand, an amount above zero in the
/// hand's chips, on no particular run of the board, from a pot named as the text names its
/// `pots` pots ([`pot_name`]): a site that names no pot (GGPoker) gives them for a hand of
/// one pot only.
///
/// PokerStars takes a rake unevenly from the winners of a split pot, writes the halves of a
/// high-low pot won alone apart, and splits a tournament's pots among their winners by its
/// own rule: its lines keep all that, which the ones worked out from the replay cannot.
fn site_lines(
    record: &HandRecord<'_>,
    places: u8,
    pots: usize,
    n: usize,
) -> Option<Vec<(usize, Chips, String)>> {
    let site = record.accounting.as_ref()?;
    if site.collected.is_empty() {
        return None;
    }
    let named = |pot: &str| (0..pots).any(|k| pot_name(pots, k) == pot);
    site.collected
        .iter()
        .map(|e| {
            let amount = e.amount.to_chips(places).filter(|&x| x > Chips::ZERO)?;
            (e.player < n && e.run == 0 && named(&e.pot)).then(|| (e.player, amount, e.pot.clone()))
        })
        .collect()
}

/// The player who wins every pot of the replay alone (both halves of a high-low pot), if
/// there is one.
fn sole_winner(outcome: &Outcome) -> Option<usize> {
    let mut sole = None;
    for pot in &outcome.pots {
        let [w] = pot.winners[..] else { return None };
        if sole.is_some_and(|s| s != w) || pot.low_winners.iter().any(|&l| l != w) {
            return None;
        }
        sole = Some(w);
    }
    sole
}

/// The pots the text lists, less the rake. The site's summary's own pots after rake when it
/// listed more than one and they add up with the rake to the pots' total, and either they
/// are the replay's pots (one for each, none above it) or one player wins every pot alone:
/// PokerStars lists a pot for each all-in level, where the replay merges the levels contested
/// by the same players (a player all in whose cards were never shown loses them all).
/// Otherwise the replay's pots, the rake taken from the main pot first.
fn pots_after_rake(outcome: &Outcome, rake: Chips, listed: &[Chips]) -> Vec<Chips> {
    let same_pots = listed.len() == outcome.pots.len()
        && listed.iter().zip(&outcome.pots).all(|(&l, p)| l <= p.amount);
    let one_winner = listed.len() > outcome.pots.len() && sole_winner(outcome).is_some();
    if adds_up(outcome, rake, listed) && (same_pots || one_winner) {
        return listed.to_vec();
    }
    let mut rake = rake;
    outcome
        .pots
        .iter()
        .map(|p| {
            let taken = rake.min(p.amount);
            rake = rake.saturating_sub(taken);
            p.amount.saturating_sub(taken)
        })
        .collect()
}

/// Reads a hand's text back and checks it: its replay's outcome, or why it fails with that
/// outcome when it has one.
pub(super) fn read_back(
    text: &str,
    want: &[i128],
    places: u8,
) -> Result<Outcome, (String, Option<Box<Outcome>>)> {
    let hands = crate::import::split(crate::import::Format::PokerStars, text.as_bytes());
    let [pending] = &hands[..] else {
        return Err((
            format!("the text written reads back as {} hands, not one", hands.len()),
            None,
        ));
    };
    let mut verdict = Err(("the text written cannot be read back".to_string(), None));
    pending.hand().read(&mut |read| {
        verdict = match read {
            Err(e) => Err((format!("the text written cannot be read back: {e}"), None)),
            Ok(back) => {
                let report = replay_record(&back, String::new(), true);
                let stacks = final_amounts(&report);
                match (report.status, report.outcome) {
                    (Status::Legal, Some(o)) if !report.mismatches.is_empty() => {
                        let why = format!("the text written does not add up: {}", report.mismatches[0]);
                        Err((why, rescaled(o, report.places, places).map(Box::new)))
                    }
                    (Status::Legal, Some(_)) if stacks != want => {
                        Err(("the text written ends with other stacks than the hand".to_string(), None))
                    }
                    (Status::Legal, Some(o)) => Ok(o),
                    (Status::Illegal { reason, .. }, _) if reason.contains("the round is capped") => Err((
                        "PokerStars caps a fixed-limit betting round at a bet and three raises; this hand raises more".to_string(),
                        None,
                    )),
                    (status, _) => Err((format!("the text written does not replay: {}", status_words(&status)), None)),
                }
            }
        };
    });
    verdict
}

/// An outcome's pots counted in chips of `10^-places` rather than of `10^-from`, when they
/// are whole numbers of them.
fn rescaled(mut outcome: Outcome, from: u8, places: u8) -> Option<Outcome> {
    let factor = 10i64.checked_pow(u32::from(from.checked_sub(places)?))?;
    for pot in &mut outcome.pots {
        if pot.amount.0 % factor != 0 {
            return None;
        }
        pot.amount = Chips(pot.amount.0 / factor);
    }
    Some(outcome)
}

/// Each player's final stack in billionths of the hand's unit, to compare hands counted in
/// different chips.
pub(super) fn final_amounts(report: &crate::phh::HandReport) -> Vec<i128> {
    let scale = 10i128.pow(9 - u32::from(report.places.min(9)));
    let stacks = report.outcome.as_ref().map(|o| o.final_stacks.as_slice()).unwrap_or(&[]);
    stacks.iter().map(|c| i128::from(c.0) * scale).collect()
}
