//! Replaying recorded hands under their game's rules, and checking their recorded results.
//!
//! ```
//! use feltkit::phh::{replay_text, Status};
//! // A bundle: one hand won by a fold, one in a variant feltkit does not play.
//! let text = "[1]\nvariant = 'nlhe'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
//!             actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\nfinishing_stacks = [101, 99]\n\
//!             [2]\nvariant = 'PO'\nstarting_stacks = [100, 100]\nactions = []\n";
//! let reports = replay_text(text, "hands.phhs", true);
//! assert_eq!(reports.len(), 2);
//! assert_eq!(reports[0].label, "hands.phhs [1]");
//! assert!(reports[0].ok()); // legal, and the recorded stacks match
//! assert!(matches!(reports[1].status, Status::Unsupported(_)));
//! ```

use crate::rules::{
    player_name, Chips, Game, Hand, Outcome, RuleError, Stakes, Structure, MAX_CHIPS,
};

use rayon::prelude::*;

use super::action::{parse_action, Action};
use super::amount::{format_chips, Amount};
use super::read::{hands, ReadHand};
use super::record::{HandRecord, RecordError};
use super::toml;

/// How a hand's replay ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every action was legal and the hand was settled.
    Legal,
    /// An action was illegal (or could not be read); the replay stopped there.
    Illegal {
        /// The action's number, from 1.
        number: usize,
        /// The action as written.
        text: String,
        /// Why it is illegal.
        reason: String,
    },
    /// The stakes cannot start a hand (wrong array lengths, no stacks...).
    BadSetup(String),
    /// The actions stop before the hand is over.
    Incomplete(String),
    /// Every action was legal but the pots cannot be decided (unknown cards at showdown).
    Unresolved(String),
    /// The variant is not played by feltkit.
    Unsupported(String),
    /// The hand's text could not be read.
    Unreadable(String),
}

/// What replaying one hand found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandReport {
    /// Where the hand came from: the path, and `[N]` in a bundle.
    pub label: String,
    /// The `hand` field, if any.
    pub hand: Option<String>,
    /// The variant code.
    pub variant: String,
    /// Decimal places of the hand's smallest chip (0 for whole numbers).
    pub places: u8,
    /// How the replay ended.
    pub status: Status,
    /// The settled hand, when legal.
    pub outcome: Option<Outcome>,
    /// Whether results were compared (`--check`) and the record had any.
    pub checked: bool,
    /// Each difference between the recorded and the replayed results.
    pub mismatches: Vec<String>,
    /// Remarks that are not errors.
    pub notes: Vec<String>,
}

impl HandReport {
    /// Whether the hand is legal and, where checked, matches its record.
    pub fn ok(&self) -> bool {
        self.status == Status::Legal && self.mismatches.is_empty()
    }

    /// Writes chips in the hand's unit.
    pub fn chips(&self, chips: Chips) -> String {
        format_chips(chips, self.places)
    }
}

/// Replays every hand of a `.phh` or `.phhs` text. `label` names the source in reports.
pub fn replay_text(text: &str, label: &str, check: bool) -> Vec<HandReport> {
    let one = |header: Option<&str>, record: Result<HandRecord, RecordError>| -> HandReport {
        let label = match header {
            Some(h) => format!("{label} [{h}]"),
            None => label.to_string(),
        };
        match record {
            Ok(record) => replay_record(&record, label, check),
            Err(e) => unreadable(label, e.to_string()),
        }
    };
    // Each section is replayed as soon as it is read. An empty top level is left for the end:
    // it is a hand only when the file has no other section.
    type Step = Result<(usize, Option<HandReport>), toml::TomlError>;
    let step = |(k, hand): (usize, Result<ReadHand, toml::TomlError>)| -> Step {
        let hand = hand?;
        if k == 0 && hand.header.is_none() && hand.empty {
            return Ok((k, None));
        }
        Ok((k, Some(one(hand.header, hand.record))))
    };
    // Large bundles are read on one core while the hands read so far are replayed on every
    // core; the order of the hands is kept.
    let large = text.matches("\n[").take(65).count() > 64;
    let sections = hands(text).enumerate();
    let steps: Result<Vec<_>, _> = if large {
        sections.par_bridge().map(step).collect()
    } else {
        sections.map(step).collect()
    };
    let mut steps = match steps {
        Ok(s) => s,
        Err(e) => return vec![unreadable(label.to_string(), e.to_string())],
    };
    steps.sort_unstable_by_key(|&(k, _)| k);
    let bundle = steps.len() > 1;
    let mut reports: Vec<HandReport> = Vec::with_capacity(steps.len());
    for (_, report) in steps {
        match report {
            Some(r) => reports.push(r),
            None if !bundle => {
                let empty = toml::Section { header: None, line: 1, entries: Vec::new() };
                reports.push(one(None, HandRecord::from_section(empty)))
            }
            None => {}
        }
    }
    if reports.is_empty() {
        reports.push(unreadable(label.to_string(), "no hand in the file".into()));
    }
    reports
}

fn unreadable(label: String, why: String) -> HandReport {
    HandReport::unreadable(label, why)
}

impl HandReport {
    /// The report of a hand (or file) that could not be read.
    pub fn unreadable(label: String, why: String) -> HandReport {
        HandReport {
            label,
            hand: None,
            variant: String::new(),
            places: 0,
            status: Status::Unreadable(why),
            outcome: None,
            checked: false,
            mismatches: Vec::new(),
            notes: Vec::new(),
        }
    }
}

/// The game a record is played under, with the record's overrides applied.
pub fn game_of(record: &HandRecord<'_>) -> Result<Game, String> {
    let Some(mut game) = Game::by_code(&record.variant) else {
        return Err(format!(
            "variant `{}` is not supported: feltkit plays NT, FT, PT, F7S and the presets nlhe, flhe, plhe, turnover, stud7, stud7-spread, americana, americana-nl",
            record.variant
        ));
    };
    if !game.supported {
        return Err(format!("variant `{}` ({}) is not supported yet", game.code, game.name));
    }
    if game.is_phh_code() {
        // The PHH spec keeps `ante_trimming_status` false when antes differ between players (a
        // big-blind or button ante); such a record is read as false.
        let uniform = record.antes.windows(2).all(|w| w[0].to_chips(9) == w[1].to_chips(9));
        let trimming = record.ante_trimming_status.unwrap_or(false) && uniform;
        game.ante_trimming = trimming;
        game.antes_dead = !trimming;
    }
    if let Some(t) = record.tournament {
        game.tournament = t;
    }
    if let Some(cap) = record.cap {
        game.cap = (cap > 0).then_some(cap);
    }
    if let Some(s) = &record.structure {
        game.structure = match s.as_str() {
            "no-limit" => Structure::NoLimit,
            "pot-limit" => Structure::PotLimit,
            "fixed-limit" => Structure::FixedLimit,
            other => {
                return Err(format!(
                    "`_structure = '{other}'`: expected no-limit, pot-limit or fixed-limit"
                ))
            }
        };
        if game.structure != Structure::FixedLimit && record.cap.is_none() {
            game.cap = None;
        }
    }
    Ok(game)
}

/// Replays one hand; with `check`, compares the recorded results.
pub fn replay_record(record: &HandRecord<'_>, label: String, check: bool) -> HandReport {
    let mut report = HandReport {
        label,
        hand: record.hand.clone(),
        variant: record.variant.clone(),
        places: 0,
        status: Status::Legal,
        outcome: None,
        checked: false,
        mismatches: Vec::new(),
        notes: Vec::new(),
    };
    if record.ante_trimming_status == Some(true)
        && Game::by_code(&record.variant).is_some_and(|g| g.is_phh_code())
    {
        if let Ok(g) = game_of(record) {
            if !g.ante_trimming {
                report.notes.push(
                    "ante_trimming_status = true with antes that differ between players is read as false (PHH spec)".into(),
                );
            }
        }
    }
    let game = match game_of(record) {
        Ok(g) => g,
        Err(e) => {
            report.status = Status::Unsupported(e);
            return report;
        }
    };
    let actions: Vec<_> = record.actions.iter().map(|a| parse_action(a)).collect();
    let mut places = 0u8;
    let mut widen = |a: &Amount| places = places.max(a.significant_places());
    record
        .antes
        .iter()
        .chain(&record.blinds_or_straddles)
        .chain(&record.starting_stacks)
        .for_each(&mut widen);
    [record.min_bet, record.small_bet, record.big_bet, record.bring_in]
        .iter()
        .flatten()
        .for_each(&mut widen);
    for a in actions.iter().flatten() {
        if let Action::BetOrRaiseTo(_, x) = a {
            widen(x);
        }
    }
    report.places = places;
    // Amounts are whole chips of at most MAX_CHIPS, so sums of a table's stacks never overflow.
    let sizes = [record.min_bet, record.small_bet, record.big_bet, record.bring_in];
    let too_large = record
        .antes
        .iter()
        .chain(&record.blinds_or_straddles)
        .chain(&record.starting_stacks)
        .chain(sizes.iter().flatten())
        .find(|a| a.to_chips(places).is_none_or(|c| c.abs() > MAX_CHIPS));
    if let Some(a) = too_large {
        report.status = Status::BadSetup(format!(
            "amount {a} is too large: at most {} chips of {}",
            MAX_CHIPS,
            format_chips(1, places)
        ));
        return report;
    }
    let chips =
        |v: &[Amount]| v.iter().map(|a| a.to_chips(places).unwrap_or(0)).collect::<Vec<_>>();
    let one = |a: Option<Amount>| a.and_then(|a| a.to_chips(places)).unwrap_or(0);
    let mut antes = chips(&record.antes);
    if antes.len() == 1 && record.starting_stacks.len() > 1 {
        antes = vec![antes[0]; record.starting_stacks.len()];
    }
    let stakes = Stakes {
        antes,
        blinds: chips(&record.blinds_or_straddles),
        min_bet: one(record.min_bet),
        small_bet: one(record.small_bet),
        big_bet: one(record.big_bet),
        bring_in: one(record.bring_in),
        stacks: chips(&record.starting_stacks),
    };
    let mut hand = match Hand::new(game, &stakes) {
        Ok(h) => h,
        Err(e) => {
            report.status = Status::BadSetup(e.to_string());
            return report;
        }
    };
    for (k, (text, action)) in record.actions.iter().zip(&actions).enumerate() {
        let result = match action {
            Err(e) => Err(e.to_string()),
            Ok(a) => {
                if game.auto_bring_in {
                    auto_bring_in(&mut hand, a, k + 1, &mut report.notes);
                }
                if game.is_phh_code() {
                    skip_timed_out(&mut hand, a, k + 1, &mut report.notes);
                }
                apply(&mut hand, a, places).map_err(|e| e.to_string())
            }
        };
        if let Err(reason) = result {
            report.status = Status::Illegal { number: k + 1, text: text.to_string(), reason };
            return report;
        }
    }
    match hand.finish() {
        Ok(outcome) => {
            for &p in &outcome.auto_shown {
                report.notes.push(format!(
                    "{} did not show or muck; their known cards were shown",
                    player_name(p)
                ));
            }
            report.outcome = Some(outcome);
        }
        Err(RuleError::Unresolved(why)) => report.status = Status::Unresolved(why),
        Err(e) => report.status = Status::Incomplete(e.to_string()),
    }
    if check {
        super::check::compare(record, &mut report);
    }
    report
}

/// PHH codes are read as PokerKit reads them: when a betting action names a player who is due
/// to act later in the round, the players whose turns were skipped timed out, and a player who
/// times out checks if that is free and folds otherwise (seed 001's timeout rule). Each such
/// turn gets a note. Presets are strict: the action is out of turn.
fn skip_timed_out(hand: &mut Hand, action: &Action, number: usize, notes: &mut Vec<String>) {
    let player = match action {
        Action::Fold(p)
        | Action::CheckOrCall(p)
        | Action::Check(p)
        | Action::BetOrRaiseTo(p, _) => *p,
        _ => return,
    };
    if !hand.is_to_act(player) {
        return;
    }
    while let Some(actor) = hand.actor() {
        if actor == player {
            break;
        }
        let (result, what) = if hand.to_call(actor) == 0 {
            (hand.check_or_call(actor), "checked")
        } else {
            (hand.fold(actor), "folded")
        };
        if result.is_err() {
            break;
        }
        notes.push(format!(
            "{} did not act before action {number}: timed out and {what}",
            player_name(actor)
        ));
    }
}

/// Americana: a bring-in player who makes no choice has the bring-in posted for them (seed 002);
/// in a record that is an action by the next player while the bring-in is due.
fn auto_bring_in(hand: &mut Hand, action: &Action, number: usize, notes: &mut Vec<String>) {
    let player = match action {
        Action::Fold(p)
        | Action::CheckOrCall(p)
        | Action::Check(p)
        | Action::BetOrRaiseTo(p, _) => *p,
        _ => return,
    };
    if let Some(actor) = hand.actor() {
        if actor != player && hand.can_bring_in(actor) && hand.bring_in(actor).is_ok() {
            notes.push(format!(
                "{} made no choice before action {number}: the bring-in was posted for them",
                player_name(actor)
            ));
        }
    }
}

/// Applies one action to the hand.
pub fn apply(hand: &mut Hand, action: &Action, places: u8) -> Result<(), RuleError> {
    match action {
        Action::DealHole { player, cards } => hand.deal_hole(*player, cards).map(drop),
        Action::DealBoard { cards } => hand.deal_board(cards).map(drop),
        Action::Fold(p) => hand.fold(*p).map(drop),
        Action::CheckOrCall(p) => hand.check_or_call(*p).map(drop),
        Action::Check(p) => {
            hand.verify_check(*p)?;
            hand.check_or_call(*p).map(drop)
        }
        Action::BetOrRaiseTo(p, x) => {
            let to =
                x.to_chips(places).ok_or_else(|| RuleError::BadCards(format!("bad amount {x}")))?;
            hand.bet_or_raise_to(*p, to).map(drop)
        }
        Action::BringIn(p) => hand.bring_in(*p).map(drop),
        Action::Discard(p, cards) => match (hand.game().expose_after, &cards[..]) {
            (Some(_), [card]) => hand.expose(*p, *card).map(drop),
            (Some(_), _) => Err(RuleError::BadCards(format!(
                "{} must expose exactly one hole card, not {}",
                player_name(*p),
                cards.len()
            ))),
            (None, _) => Err(RuleError::WrongPhase(format!(
                "there is no discarding in {}",
                hand.game().code
            ))),
        },
        Action::ShowOrMuck(p, cards) => hand.show_or_muck(*p, cards.as_deref()).map(drop),
    }
}
