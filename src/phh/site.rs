//! `--check` of a site's own accounting, as the importers record it (docs/import.md): what
//! each player collected from which pot (`_collected`), the summary's total pot, rake and pots
//! after rake (`_total_pot`, `_rake`, `_site_pots`, `_summary_line`) and the uncalled bets
//! returned (`_uncalled`), each with the line of the text it comes from.
//!
//! The replay awards pots without rake; the site pays them after rake. Each pot's rake is the
//! replay's pot less what the summary lists for it (with one pot: the stated rake), and what is
//! left is split among the replay's winners of that pot, an odd chip to the first winner after
//! the button (PokerStars's rule). Every collected line must say that; the rake taken must be
//! the rake stated; and the total pot must be the replay's.

use crate::rules::{Chips, Outcome};

use super::amount::{format_chips, Amount};
use super::record::HandRecord;
use super::toml::Value;

/// One `collected` line: player index (from 0), amount, the pot as written, the line.
struct Collected {
    player: usize,
    amount: Amount,
    pot: String,
    line: usize,
}

fn field<'r, 'a>(record: &'r HandRecord<'a>, key: &str) -> Option<&'r Value<'a>> {
    record.other.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn num(v: &Value) -> Option<Amount> {
    match v {
        Value::Num(s) => Amount::parse(s),
        _ => None,
    }
}

fn entries(record: &HandRecord<'_>, key: &str) -> Vec<Collected> {
    let Some(Value::Array(items)) = field(record, key) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| {
            let Value::Table(t) = item else { return None };
            let get = |k: &str| t.iter().find(|(key, _)| key == k).map(|(_, v)| v);
            let player = num(get("player")?)?.to_chips(0)?;
            let line = get("line").and_then(num).and_then(|a| a.to_chips(0)).unwrap_or(0);
            let pot = match get("pot") {
                Some(Value::Str(s)) => s.to_string(),
                _ => String::new(),
            };
            Some(Collected {
                player: usize::try_from(player).ok()?.checked_sub(1)?,
                amount: num(get("amount")?)?,
                pot,
                line: usize::try_from(line).unwrap_or(0),
            })
        })
        .collect()
}

/// Whether the record carries a site's accounting.
pub(super) fn has_accounting(record: &HandRecord<'_>) -> bool {
    field(record, "_collected").is_some()
}

/// The lines of the players' seats in the text (`_seat_lines`), p1 first.
pub(super) fn seat_lines(record: &HandRecord<'_>) -> Vec<usize> {
    match field(record, "_seat_lines") {
        Some(Value::Array(v)) => v
            .iter()
            .map(|x| {
                num(x)
                    .and_then(|a| a.to_chips(0))
                    .and_then(|l| usize::try_from(l).ok())
                    .unwrap_or(0)
            })
            .collect(),
        _ => Vec::new(),
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

/// The check's findings.
pub(super) struct SiteCheck {
    /// Differences, each with its line.
    pub mismatches: Vec<String>,
    /// Remarks (the rake accepted).
    pub notes: Vec<String>,
    /// What the site kept of each player's replayed winnings: the rake taken from them.
    pub rake_taken: Vec<Chips>,
}

/// Compares the site's accounting with the replay's outcome.
pub(super) fn check(record: &HandRecord<'_>, outcome: &Outcome, places: u8) -> SiteCheck {
    let n = outcome.final_stacks.len();
    let mut out = SiteCheck { mismatches: Vec::new(), notes: Vec::new(), rake_taken: vec![0; n] };
    let c = |x: Chips| format_chips(x, places);
    let to = |a: Amount| a.to_chips(places);
    let summary_line =
        field(record, "_summary_line").and_then(num).and_then(|a| a.to_chips(0)).unwrap_or(0);
    let total = field(record, "_total_pot").and_then(num);
    let rake = field(record, "_rake").and_then(num);
    let listed: Vec<Amount> = match field(record, "_site_pots") {
        Some(Value::Array(v)) => v.iter().filter_map(num).collect(),
        _ => Vec::new(),
    };
    let collected = entries(record, "_collected");
    let mm = &mut out.mismatches;
    let replay_total: Chips = outcome.pots.iter().map(|p| p.amount).sum();
    let Some(rake_chips) = rake.map(to) else {
        mm.push(format!("line {summary_line}: the summary gives no `Rake`"));
        return out;
    };
    let (Some(rake_chips), Some(total_chips)) = (rake_chips, total.and_then(to)) else {
        mm.push(format!(
            "line {summary_line}: the summary's amounts are finer than the hand's chip of {}",
            c(1)
        ));
        return out;
    };
    if total_chips != replay_total {
        mm.push(format!(
            "line {summary_line}: `Total pot {}`: the replay's pots add up to {}",
            c(total_chips),
            c(replay_total)
        ));
    }
    let mut got = vec![0; n];
    for k in &collected {
        match (to(k.amount), got.get_mut(k.player)) {
            (Some(a), Some(g)) => *g += a,
            _ => mm.push(format!("line {}: a collected amount the replay cannot hold", k.line)),
        }
    }
    let sum_collected: Chips = got.iter().sum();
    if total_chips - rake_chips != sum_collected {
        mm.push(format!(
            "line {summary_line}: `Total pot {} | Rake {}` leaves {} for the players, but the collected lines add up to {}",
            c(total_chips),
            c(rake_chips),
            c(total_chips - rake_chips),
            c(sum_collected)
        ));
    }
    // What the site left in each pot after rake.
    let m = outcome.pots.len();
    let site_pots: Option<Vec<Chips>> = if listed.is_empty() {
        if m == 1 {
            Some(vec![outcome.pots[0].amount - rake_chips])
        } else {
            mm.push(format!(
                "line {summary_line}: the summary lists one pot, the replay has {m} (a main pot and side pots)"
            ));
            None
        }
    } else if listed.len() == m {
        listed.iter().map(|&a| to(a)).collect()
    } else {
        mm.push(format!(
            "line {summary_line}: the summary lists {} pots, the replay has {m}",
            listed.len()
        ));
        None
    };
    let mut payout = vec![0; n];
    for pot in &outcome.pots {
        for &(p, x) in &pot.payouts {
            payout[p] += x;
        }
    }
    if let Some(site_pots) = site_pots {
        let mut taken = 0;
        for (k, (pot, &left)) in outcome.pots.iter().zip(&site_pots).enumerate() {
            let name = if m == 1 {
                "the pot".to_string()
            } else if k == 0 {
                "the main pot".to_string()
            } else {
                format!("side pot-{k}")
            };
            if left > pot.amount {
                mm.push(format!(
                    "line {summary_line}: the summary puts {} in {name}, more than the {} the replay puts in it",
                    c(left),
                    c(pot.amount)
                ));
            }
            taken += pot.amount - left;
            let mut winners = pot.winners.clone();
            winners.sort_unstable();
            let share = |w: usize| -> Chips {
                let count = winners.len() as Chips;
                let rank = winners.iter().position(|&x| x == w).unwrap_or(0) as Chips;
                if count == 0 {
                    return 0;
                }
                left / count + Chips::from(rank < left % count)
            };
            let lines: Vec<&Collected> =
                collected.iter().filter(|x| pot_index(&x.pot).map_or(k == 0, |i| i == k)).collect();
            for x in &lines {
                let p = x.player;
                let amount = to(x.amount).unwrap_or(-1);
                if !winners.contains(&p) {
                    let who: Vec<String> = winners.iter().map(|&w| format!("p{}", w + 1)).collect();
                    mm.push(format!(
                        "line {}: p{} collected {} from {}, but the replay awards {name} to {}",
                        x.line,
                        p + 1,
                        c(amount),
                        x.pot,
                        who.join(" and ")
                    ));
                } else if amount != share(p) {
                    let rake_note = if pot.amount > left {
                        format!(" ({} less {} of rake", c(pot.amount), c(pot.amount - left))
                    } else {
                        format!(" (all of {}", c(pot.amount))
                    };
                    let split = if winners.len() > 1 {
                        format!(
                            ", split {} ways, odd chips to the first winner after the button)",
                            winners.len()
                        )
                    } else {
                        ")".to_string()
                    };
                    mm.push(format!(
                        "line {}: p{} collected {} from {}, but the replay pays p{} {} from {name}{rake_note}{split}",
                        x.line,
                        p + 1,
                        c(amount),
                        x.pot,
                        p + 1,
                        c(share(p))
                    ));
                }
            }
            for &w in &winners {
                if share(w) > 0 && !lines.iter().any(|x| x.player == w) {
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
                "line {summary_line}: `Rake {}`: the pots as listed leave {} of rake",
                c(rake_chips),
                c(taken)
            ));
        }
    }
    for (p, (&pay, &col)) in payout.iter().zip(&got).enumerate() {
        out.rake_taken[p] = pay - col;
    }
    for x in entries(record, "_uncalled") {
        let ours = outcome.uncalled.get(x.player).copied().unwrap_or(0);
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
    if rake_chips > 0 && out.mismatches.is_empty() {
        out.notes.push(format!(
            "rake {} taken from the pots, as the summary states (line {summary_line})",
            c(rake_chips)
        ));
    }
    out
}
