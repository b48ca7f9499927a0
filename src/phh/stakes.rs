//! From a record's fields to the engine's [`Stakes`]: the hand's smallest chip, every amount in
//! those chips, and the checks that make a record malformed rather than an illegal hand (arrays
//! of the wrong length, amounts no table holds).

use crate::rules::{Chips, Opening, SetupError, Stakes, TimeoutRule, Variant, MAX_CHIPS};
use crate::text::count;

use super::action::Action;
use super::amount::{format_chips, Amount};
use super::record::HandRecord;
use super::table::TableFacts;

/// Why a record's fields cannot make a hand: the field, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// The field at fault, when one is.
    pub field: Option<String>,
    /// What is wrong.
    pub reason: String,
}

impl Malformed {
    fn of(field: &str, reason: String) -> Malformed {
        Malformed { field: Some(field.to_string()), reason }
    }
}

/// A setup error of the engine that is about the record's fields (a length, an amount, a bet
/// size), as malformed input; `None` for the others (too many players for the game, a game not
/// played yet), which are about the game.
pub(super) fn malformed_setup(e: &SetupError, places: u8) -> Option<Malformed> {
    match e {
        SetupError::Length { field, .. } => Some(Malformed::of(field, e.to_string())),
        // The amount as the file writes it (`-3.5`), not in the engine's chips (`-35`).
        SetupError::Amount { field, index, value, why } => {
            let sign = if *value < Chips::ZERO { "-" } else { "" };
            let value = format_chips(value.saturating_abs(), places);
            Some(Malformed::of(field, format!("`{field}` entry {index} is {sign}{value}: {why}")))
        }
        SetupError::Stake(why) => Some(Malformed { field: None, reason: why.clone() }),
        SetupError::PlayerCount { .. } | SetupError::Unsupported(_) | SetupError::BombPot(_) => {
            None
        }
    }
}

/// Checks that every per-player array has one entry per player (`antes` may also give one
/// amount for all) and that recorded pots name players of the table.
pub(crate) fn check_lengths(record: &HandRecord<'_>) -> Result<(), Malformed> {
    let n = record.starting_stacks.len();
    if n == 0 {
        return Err(Malformed::of(
            "starting_stacks",
            "`starting_stacks` is empty: it gives one stack per player".into(),
        ));
    }
    let entries = |field: &str, len: usize| {
        Malformed::of(
            field,
            format!(
                "`{field}` has {} for {} (one per player, as in `starting_stacks`)",
                count(len, "entry", "entries"),
                count(n, "player", "players")
            ),
        )
    };
    if !matches!(record.antes.len(), 0 | 1) && record.antes.len() != n {
        return Err(entries("antes", record.antes.len()));
    }
    if !record.blinds_or_straddles.is_empty() && record.blinds_or_straddles.len() != n {
        return Err(entries("blinds_or_straddles", record.blinds_or_straddles.len()));
    }
    for (field, v) in
        [("finishing_stacks", &record.finishing_stacks), ("winnings", &record.winnings)]
    {
        if let Some(v) = v.as_ref().filter(|v| v.len() != n) {
            return Err(entries(field, v.len()));
        }
    }
    if let Some(names) = record.players.as_ref().filter(|v| v.len() != n) {
        return Err(entries("players", names.len()));
    }
    let t = &record.table;
    for (field, len) in [
        ("seats", t.seats.as_ref().map_or(n, Vec::len)),
        ("_dead_blinds", if t.dead_blinds.is_empty() { n } else { t.dead_blinds.len() }),
        ("_buy_ins", if t.buy_ins.is_empty() { n } else { t.buy_ins.len() }),
    ] {
        if len != n {
            return Err(entries(field, len));
        }
    }
    for (k, pot) in record.pots.iter().flatten().enumerate() {
        if pot.paid.len() != n {
            let field = format!("_pots[{}].paid", k + 1);
            return Err(Malformed::of(
                &field,
                format!(
                    "`{field}` has {} for {}",
                    count(pot.paid.len(), "entry", "entries"),
                    count(n, "player", "players")
                ),
            ));
        }
        if let Some(&p) = pot.players.iter().find(|&&p| p > n) {
            let field = format!("_pots[{}].players", k + 1);
            return Err(Malformed::of(
                &field,
                format!(
                    "`{field}` names player {p}, but the table has {}",
                    count(n, "player", "players")
                ),
            ));
        }
    }
    Ok(())
}

/// The decimal places of the hand's smallest chip: the most any stake, stack, bet or `rake`
/// amount needs, so that a rake taken in cents from a game of whole dollars is counted in cents.
/// The results (`winnings`, `finishing_stacks`, `_pots`) take no part: they are what the replay
/// checks, and a result finer than the chip (a chip split in halves) cannot be right.
pub(crate) fn places_of(record: &HandRecord<'_>) -> u8 {
    let sizes = [record.min_bet, record.small_bet, record.big_bet, record.bring_in];
    let bets = record.actions().filter_map(|a| match a {
        Action::BetOrRaiseTo(_, x) | Action::CashOut(_, x) => Some(x),
        _ => None,
    });
    // `_chip` (an importer's extension): the smallest chip of the hand's currency, `0.01`.
    let (chip, rake) = (record.chip, record.rake);
    let cap = table_cap(record).and_then(Result::ok);
    record
        .antes
        .iter()
        .chain(chip.iter())
        .chain(rake.iter())
        .chain(record.dead_money.iter())
        .chain(record.bomb_pot.iter())
        .chain(cap.iter())
        .chain(&record.blinds_or_straddles)
        .chain(record.starting_stacks.iter().filter(|a| !a.is_infinite()))
        .chain(&record.table.dead_blinds)
        .chain(&record.table.buy_ins)
        .chain(sizes.iter().flatten())
        .chain(bets)
        .map(|a| a.significant_places())
        .max()
        .unwrap_or(0)
}

/// The stack a player of unknown stack (`inf`) is given: the most chips an amount may hold
/// (10^15), more than any real hand bets, so such a player is never all in; their finishing
/// stack stays unknown.
pub(super) const UNKNOWN_STACK: Chips = MAX_CHIPS;

/// The stakes in chips of `10^-places`. Every amount must be a whole number of them (it is, for
/// the places of [`places_of`]) of at most [`MAX_CHIPS`], so that no sum of a table's chips can
/// overflow; a larger one is malformed.
pub(crate) fn stakes_of(record: &HandRecord<'_>, places: u8) -> Result<Stakes, Malformed> {
    let chips = |field: &str, a: Amount| -> Result<Chips, Malformed> {
        match a.to_chips(places) {
            Some(c) if c.unsigned_abs() <= MAX_CHIPS.unsigned_abs() => Ok(c),
            _ => Err(Malformed::of(
                field,
                format!(
                    "`{field}`: amount {a} is too large: at most {MAX_CHIPS} chips of {}",
                    format_chips(Chips(1), places)
                ),
            )),
        }
    };
    let all = |field: &str, v: &[Amount]| -> Result<Vec<Chips>, Malformed> {
        v.iter().map(|&a| chips(field, a)).collect()
    };
    let one = |field: &str, a: Option<Amount>| a.map_or(Ok(Chips::ZERO), |a| chips(field, a));
    let n = record.starting_stacks.len();
    let mut antes: Vec<Chips> = all("antes", &record.antes)?;
    if antes.len() == 1 && n > 1 {
        antes = vec![antes[0]; n];
    }
    Ok(Stakes {
        antes,
        blinds: all("blinds_or_straddles", &record.blinds_or_straddles)?,
        min_bet: one("min_bet", record.min_bet)?,
        small_bet: one("small_bet", record.small_bet)?,
        big_bet: one("big_bet", record.big_bet)?,
        bring_in: one("bring_in", record.bring_in)?,
        stacks: record
            .starting_stacks
            .iter()
            .map(|&a| if a.is_infinite() { Ok(UNKNOWN_STACK) } else { chips("starting_stacks", a) })
            .collect::<Result<_, _>>()?,
        dead_blinds: all("_dead_blinds", &record.table.dead_blinds)?,
        dead_money: one("_dead_money", record.dead_money)?,
        bomb_pot: one("_bomb_pot", record.bomb_pot)?,
        boards: record.boards.map_or(1, |b| b.min(u32::from(u8::MAX)) as u8),
        table_cap: table_cap(record).transpose()?.map(|a| chips("_table_cap", a)).transpose()?,
    })
}

/// `_table_cap` (capped no limit: the most a player may bet in the hand), when given: a
/// positive amount, else the record is malformed.
fn table_cap(record: &HandRecord<'_>) -> Option<Result<Amount, Malformed>> {
    let (_, value) = record.other.iter().find(|(k, _)| k == "_table_cap")?;
    let amount = match value {
        crate::record::Value::Num(n) => Amount::parse(n).filter(|a| a.units > 0),
        _ => None,
    };
    Some(amount.ok_or_else(|| {
        Malformed::of(
            "_table_cap",
            "`_table_cap`: expected a positive amount (the most a player may bet in the hand)"
                .into(),
        )
    }))
}

/// What the hand says about its table, in chips of `10^-places` (see [`TableFacts`]). Takes
/// the stakes' arrays, which the hand no longer needs once started.
pub(super) fn table_facts(
    record: &HandRecord<'_>,
    game: &Variant,
    stakes: Stakes,
    places: u8,
) -> Result<TableFacts, Malformed> {
    let n = stakes.stacks.len();
    let buy_ins = record
        .table
        .buy_ins
        .iter()
        .map(|a| match a.to_chips(places) {
            Some(c) if c <= MAX_CHIPS => Ok(c),
            _ => Err(Malformed::of(
                "_buy_ins",
                format!("`_buy_ins`: amount {a} is too large: at most {MAX_CHIPS} chips"),
            )),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let given = |v: &[Chips], i: usize| v.get(i).copied().unwrap_or(Chips::ZERO);
    let (a, b) = (given(&stakes.blinds, 0), given(&stakes.blinds, 1));
    let mut blinds = stakes.blinds;
    // PHH: heads-up, the blinds apply reversed (p1 posts the second entry).
    if n == 2 {
        blinds = vec![b, a];
    }
    Ok(TableFacts {
        fields: record.table.clone(),
        blinds,
        blind_sizes: (a.min(b), a.max(b)),
        antes: stakes.antes,
        dead_blinds: stakes.dead_blinds,
        buy_ins,
        starting: stakes.stacks,
        unknown_stacks: if record.starting_stacks.iter().any(|a| a.is_infinite()) {
            record.starting_stacks.iter().map(|a| a.is_infinite()).collect()
        } else {
            Vec::new()
        },
        timeouts: record
            .actions()
            .filter_map(|a| match a {
                Action::TimeOut { player, all_in } => Some((*player, *all_in)),
                _ => None,
            })
            .collect(),
        all_in_protection: game.timeout == TimeoutRule::AllInProtection,
        button_game: game.streets.first().is_some_and(|s| s.opening == Opening::Position),
        tournament: game.tournament,
    })
}
