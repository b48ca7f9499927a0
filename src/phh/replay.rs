//! Replaying recorded hands under their game's rules, and checking their recorded results.
//!
//! ```
//! use feltkit::phh::{replay_text, Status};
//! // A bundle: one hand won by a fold, one in a variant feltkit does not play.
//! let text = "[1]\nvariant = 'nlhe'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
//!             actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\nfinishing_stacks = [101, 99]\n\
//!             [2]\nvariant = '5CD'\nstarting_stacks = [100, 100]\nactions = []\n";
//! let reports = replay_text(text, "hands.phhs", true);
//! assert_eq!(reports.len(), 2);
//! assert_eq!(reports[0].label, "hands.phhs [1]");
//! assert!(reports[0].ok()); // legal, and the recorded stacks match
//! assert!(matches!(reports[1].status, Status::Unsupported(_)));
//! ```

use crate::luck::{AllInSpot, RoomOffer};
use crate::record::Unreplayable;
use crate::rules::variant::VARIANTS;
use crate::rules::{
    player_name, Chips, Event, HandState, Outcome, RuleError, SetupError, Structure, TimeoutResult,
    Variant,
};

use rayon::prelude::*;

use super::action::Action;
use super::amount::format_chips;
use super::read::hands_at;
use super::record::HandRecord;
use super::split::{pieces, Piece};
use super::stakes::{check_lengths, malformed_setup, places_of, stakes_of, table_facts, Malformed};
use super::table::TableFacts;
use super::write::write_action;

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
    /// The stakes break the game's rules (more players than the game seats).
    BadSetup(String),
    /// The actions stop before the hand is over.
    Incomplete(String),
    /// Every action was legal but the pots cannot be decided (unknown cards at showdown).
    Unresolved(String),
    /// The variant is not played by feltkit.
    Unsupported(String),
    /// The hand's text is not a PHH hand: a TOML syntax error, a required field missing, a
    /// field of the wrong type or length, an amount no table holds, text that is not UTF-8.
    Malformed {
        /// The field at fault, when one is.
        field: Option<String>,
        /// What is wrong, with the line where the reader knows it.
        reason: String,
    },
    /// Nothing could be read: a text with no hand in it (or, from the command line, a file
    /// that cannot be opened).
    Unreadable(String),
}

/// What replaying one hand found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandReport {
    /// Where the hand came from: the source, and `[N]` for a section of a bundle.
    pub label: String,
    /// The file (or other source) the hand was read from.
    pub source: String,
    /// The section's name in a bundle (`[23]` gives `23`); `None` for a whole document.
    pub section: Option<String>,
    /// The line the hand starts on in its source (its section header's line; 1 otherwise).
    pub line: usize,
    /// The `hand` field, if any.
    pub hand: Option<String>,
    /// The variant code.
    pub variant: String,
    /// The players' names from the `players` field, p1 first (empty when not given).
    pub players: Vec<String>,
    /// Decimal places of the hand's smallest chip (0 for whole numbers).
    pub places: u8,
    /// The players whose stack the record does not know (`inf` in `starting_stacks`), p1
    /// first (empty when every stack is known): their final stack is unknown too.
    pub unknown_stacks: Vec<bool>,
    /// How the replay ended.
    pub status: Status,
    /// The settled hand, when legal.
    pub outcome: Option<Outcome>,
    /// Whether results were compared (`--check`) and the record had any.
    pub checked: bool,
    /// Whether results were to be compared (`--check`) but the record holds none
    /// (`finishing_stacks`, `winnings`, `_pots`): nothing was compared, so nothing can differ.
    pub nothing_recorded: bool,
    /// Each difference between the recorded and the replayed results.
    pub mismatches: Vec<String>,
    /// Remarks that are not errors.
    pub notes: Vec<String>,
    /// What the hand says about its table (seats, button, blinds, time, ...), when its
    /// stakes could be read: the input of a session check.
    pub table: Option<Box<TableFacts>>,
    /// What a site's summary says of its pot and rake, when the record carries a site's
    /// accounting and was checked: the input of a rake rule (`felt replay --rake`).
    pub rake: Option<crate::record::RakeFacts>,
    /// The moment the betting was over for good with cards still to come, when the hand had
    /// one: the input of `felt luck` ([`crate::luck`]).
    pub all_in: Option<Box<crate::luck::AllInSpot>>,
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

    /// Writes player `i`'s final stack: `stack` in the hand's unit, or `inf` for a player whose
    /// stack is not known.
    pub fn final_stack(&self, i: usize, stack: Chips) -> String {
        if self.unknown_stacks.get(i).copied().unwrap_or(false) {
            return "inf".into();
        }
        self.chips(stack)
    }

    /// A report with `status` and nothing else known about the hand.
    fn bare(label: String, status: Status) -> HandReport {
        HandReport {
            source: label.clone(),
            label,
            section: None,
            line: 1,
            hand: None,
            variant: String::new(),
            players: Vec::new(),
            places: 0,
            unknown_stacks: Vec::new(),
            status,
            outcome: None,
            checked: false,
            nothing_recorded: false,
            mismatches: Vec::new(),
            notes: Vec::new(),
            table: None,
            rake: None,
            all_in: None,
        }
    }

    /// The report of an input that could not be read at all.
    pub fn unreadable(label: String, why: String) -> HandReport {
        HandReport::bare(label, Status::Unreadable(why))
    }

    /// The report of a hand whose text or fields are not a PHH hand.
    pub fn malformed(label: String, field: Option<String>, reason: String) -> HandReport {
        HandReport::bare(label, Status::Malformed { field, reason })
    }
}

/// Replays every hand of a `.phh` or `.phhs` text. `label` names the source in reports. A hand
/// that cannot be read is reported as malformed and the others are still replayed; a text with
/// no hand at all gives one unreadable report.
pub fn replay_text(text: &str, label: &str, check: bool) -> Vec<HandReport> {
    // Reading a text in memory cannot fail.
    let pieces: Vec<Piece> = pieces(text.as_bytes()).flatten().collect();
    if pieces.is_empty() {
        return vec![HandReport::unreadable(label.to_string(), "no hand in the text".into())];
    }
    // Large bundles are replayed on every core; the order of the hands is kept.
    let per_piece: Vec<Vec<HandReport>> = if pieces.len() > 64 {
        pieces.par_iter().map(|p| replay_piece(p, label, check)).collect()
    } else {
        pieces.iter().map(|p| replay_piece(p, label, check)).collect()
    };
    per_piece.into_iter().flatten().collect()
}

/// Replays the hand of one piece of a document (see [`split`](super::split)), read from
/// `source`; a piece that cannot be read gives a malformed report. (A piece holds one hand; if
/// the TOML reader finds more sections in it, each is reported.)
///
/// ```
/// use feltkit::phh::{replay::replay_piece, split::pieces, Status};
/// let bundle = "[1]\nvariant = 'NT\n[2]\nvariant = 'nlhe'\nblinds_or_straddles = [1, 2]\n\
///               starting_stacks = [100, 100]\nactions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\n";
/// let reports: Vec<_> = pieces(bundle.as_bytes())
///     .flat_map(|p| replay_piece(&p.unwrap(), "bundle.phhs", false))
///     .collect();
/// assert!(matches!(&reports[0].status, Status::Malformed { reason, .. } if reason.contains("line 2")));
/// assert_eq!((reports[1].label.as_str(), reports[1].line), ("bundle.phhs [2]", 3));
/// assert!(reports[1].ok());
/// ```
pub fn replay_piece(piece: &Piece, source: &str, check: bool) -> Vec<HandReport> {
    let label = |header: Option<&str>| match header {
        Some(h) => [source, " [", h, "]"].concat(),
        None => source.to_string(),
    };
    let placed = |mut r: HandReport, header: Option<&str>, line: usize| {
        r.source = source.to_string();
        r.section = header.map(str::to_string);
        r.line = line;
        r
    };
    // A reason that does not say where gets the hand's line, in a bundle.
    let located = |why: String, line: usize| {
        if line > 1 {
            format!("{why} (in the hand that starts at line {line})")
        } else {
            why
        }
    };
    let header = piece.header.as_deref();
    let broken =
        |why: String| placed(HandReport::malformed(label(header), None, why), header, piece.line);
    let text = match &piece.text {
        Ok(text) => text,
        Err(why) => return vec![broken(located(why.clone(), piece.line))],
    };
    let mut reports = Vec::with_capacity(1);
    for hand in hands_at(text, piece.line) {
        match hand {
            // The empty top level before a section's header is not a hand.
            Ok(h) if h.header.is_none() && h.empty && header.is_some() => {}
            Ok(h) => {
                let mut r = replay_section(h.record, source, h.header, h.line, check);
                // An action that cannot be read: say its own line.
                if let Some(k) = bad_action_number(&r.status) {
                    let at = super::toml::item_line(text, piece.line, "actions", k - 1);
                    if let (Some(at), Status::Malformed { reason, .. }) = (at, &mut r.status) {
                        if let Some(cut) = reason.find(" (in the hand that starts at line") {
                            reason.truncate(cut);
                        }
                        reason.push_str(&format!(" (line {at})"));
                    }
                }
                reports.push(r);
            }
            // A TOML error says its line.
            Err(e) => {
                reports.push(broken(e.to_string()));
                break;
            }
        }
    }
    if reports.is_empty() {
        reports.push(broken(located("no hand in this text".into(), piece.line)));
    }
    reports
}

/// Replays the hand of one section of a document read from `source` (its header, as in `[3]`,
/// on line `line`), or reports why its fields cannot be used, as [`replay_piece`] reports it.
pub fn replay_section(
    record: Result<HandRecord<'_>, super::record::RecordError>,
    source: &str,
    header: Option<&str>,
    line: usize,
    check: bool,
) -> HandReport {
    let label = match header {
        Some(h) => [source, " [", h, "]"].concat(),
        None => source.to_string(),
    };
    let mut r = match record {
        Ok(record) => replay_record(&record, label, check),
        Err(e) => {
            let field = Some(e.field().to_string());
            HandReport::malformed(label, field, e.to_string())
        }
    };
    // A site's text says its own line (`_unreadable`); other reasons get the hand's.
    if let Status::Malformed { reason, field } = &mut r.status
        && field.as_deref() != Some("_unreadable")
        && line > 1
    {
        let why = std::mem::take(reason);
        *reason = format!("{why} (in the hand that starts at line {line})");
    }
    r.source = source.to_string();
    r.section = header.map(str::to_string);
    r.line = line;
    r
}

/// The variant a record is played under, with the record's overrides applied.
pub fn variant_of(record: &HandRecord<'_>) -> Result<Variant, String> {
    let Some(mut game) = Variant::by_code(&record.variant) else {
        let codes = |phh: bool| {
            VARIANTS
                .iter()
                .filter(|g| g.supported && g.is_phh_code() == phh)
                .map(|g| g.code)
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(format!(
            "variant `{}` is not supported: feltkit plays {} and the presets {}",
            record.variant,
            codes(true),
            codes(false)
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
        let cap = game.cap;
        game = game.with_structure(s).map_err(|e| format!("`_structure = '{s}'`: {e}"))?;
        if record.cap.is_some() {
            game.cap = cap;
        }
    }
    if let Some(k) = record.hole_cards {
        game = game.with_hole_cards(k)?;
    }
    Ok(game)
}

/// How a malformed action's message starts: `action 2 (`d db 3x`): `.
fn bad_action_prefix(number: usize, text: &str) -> String {
    format!("action {number} (`{text}`): ")
}

/// The number of the action a malformed report's reason is about, when it is about one.
fn bad_action_number(status: &Status) -> Option<usize> {
    let Status::Malformed { field: Some(field), reason } = status else { return None };
    let rest = reason.strip_prefix("action ").filter(|_| field == "actions")?;
    let (number, rest) = rest.split_once(' ')?;
    rest.starts_with("(`").then_some(())?;
    number.parse().ok()
}

/// Replays one hand; with `check`, compares the recorded results.
pub fn replay_record(record: &HandRecord<'_>, label: String, check: bool) -> HandReport {
    replay_observed(record, label, check, &mut |_, _| {})
}

/// What [`replay_observed`] shows its observer: the state the hand starts in (blinds and
/// antes posted), then the state after each action that was applied.
#[derive(Clone, Copy, Debug)]
pub enum Moment<'a> {
    /// Before the first action.
    Start,
    /// After action `number` (from 1), as the record writes it.
    After {
        /// The action's number, from 1.
        number: usize,
        /// The action.
        action: &'a Action,
    },
}

/// [`replay_record`], showing `observe` the engine's state as the hand starts and after each
/// legal action: what a replayer steps through. The report is [`replay_record`]'s.
pub fn replay_observed(
    record: &HandRecord<'_>,
    label: String,
    check: bool,
    observe: &mut dyn FnMut(Moment<'_>, &HandState),
) -> HandReport {
    let mut report = HandReport::bare(label, Status::Legal);
    report.hand = record.hand.clone();
    report.variant = record.variant.clone();
    report.players =
        record.players.iter().flatten().map(|name| name.to_string()).collect::<Vec<_>>();
    // A hand converted from a site's text that cannot be replayed says why (docs/import.md).
    if let Some(why) = &record.unreplayable {
        report.status = match why {
            Unreplayable::Unsupported(why) => Status::Unsupported(why.clone()),
            Unreplayable::CutOff(why) => Status::Incomplete(why.clone()),
            Unreplayable::Unreadable(why) => {
                Status::Malformed { field: Some("_unreadable".into()), reason: why.clone() }
            }
        };
        return report;
    }
    if record.ante_trimming_status == Some(true)
        && Variant::by_code(&record.variant).is_some_and(|g| g.is_phh_code())
        && let Ok(g) = variant_of(record)
        && !g.ante_trimming
    {
        report.notes.push(
                    "ante_trimming_status = true with antes that differ between players is read as false (PHH spec)".into(),
                );
    }
    if let Some(s) = record.structure.as_deref()
        && Structure::by_name(s).is_none()
    {
        report.status = Status::Malformed {
            field: Some("_structure".into()),
            reason: format!("`_structure = '{s}'`: expected {}", Structure::NAMES),
        };
        return report;
    }
    if let Some(k) = record.hole_cards {
        let omaha = Variant::by_code(&record.variant).map(|g| g.with_hole_cards(k));
        if let Some(Err(why)) = omaha {
            let reason = format!("`_hole_cards = {k}`: {why}");
            report.status = Status::Malformed { field: Some("_hole_cards".into()), reason };
            return report;
        }
    }
    let game = match variant_of(record) {
        Ok(g) => g,
        Err(e) => {
            report.status = Status::Unsupported(e);
            return report;
        }
    };
    // Cards that cannot be read make the record malformed, not the action illegal.
    let bad_cards = record.actions.iter().enumerate().find_map(|(k, a)| match a.action() {
        Err(e) if e.bad_cards => Some((k, e)),
        _ => None,
    });
    if let Some((k, e)) = bad_cards {
        let text = record.actions.get(k).map(|a| a.text()).unwrap_or_default();
        report.status = Status::Malformed {
            field: Some("actions".into()),
            reason: format!("{}{e}", bad_action_prefix(k + 1, &text)),
        };
        return report;
    }
    let places = places_of(record);
    report.places = places;
    if record.starting_stacks.iter().any(|a| a.is_infinite()) {
        report.unknown_stacks = record.starting_stacks.iter().map(|a| a.is_infinite()).collect();
    }
    let stakes = match check_lengths(record).and_then(|()| stakes_of(record, places)) {
        Ok(s) => s,
        Err(Malformed { field, reason }) => {
            report.status = Status::Malformed { field, reason };
            return report;
        }
    };
    let unit = site_unit(record, places);
    // Amounts in messages are in the file's own unit (`3.5`), never the engine's chips (`35`).
    let describe = |e: &RuleError| match &unit {
        Some(u) => e.describe(&|c| u.write(c)),
        None if places == 0 => e.to_string(),
        None => e.describe(&|c| format_chips(c, places)),
    };
    let started = HandState::new(game, &stakes);
    let table_cap = stakes.table_cap;
    match table_facts(record, &game, stakes, places) {
        Ok(facts) => report.table = Some(Box::new(facts)),
        Err(Malformed { field, reason }) => {
            report.status = Status::Malformed { field, reason };
            return report;
        }
    }
    let mut hand = match started {
        Ok(h) => h,
        Err(e) => {
            report.status = match (malformed_setup(&e, places), e) {
                (Some(Malformed { field, reason }), _) => Status::Malformed { field, reason },
                (None, e @ SetupError::Unsupported(_)) => Status::Unsupported(e.to_string()),
                (None, e) => Status::BadSetup(e.to_string()),
            };
            return report;
        }
    };
    observe(Moment::Start, &hand);
    for (k, recorded) in record.actions.iter().enumerate() {
        let action = recorded.action();
        let result = match action {
            Err(e) => Err(e.to_string()),
            Ok(a) => {
                if game.auto_bring_in {
                    auto_bring_in(&mut hand, a, k + 1, &mut report.notes);
                }
                if game.is_phh_code() {
                    skip_timed_out(&mut hand, a, k + 1, &mut report.notes);
                }
                let actor = hand.actor();
                let capped = capped_raise(&hand, a, places);
                apply_event(&mut hand, a, places)
                    .map(|event| {
                        if let Some(full) = capped {
                            report.notes.push(format!(
                                "action {}: a raise up to what the other players can match, short of the fixed-limit raise to {}: read as that raise with the unmatched part left out",
                                k + 1,
                                format_chips(full, places)
                            ));
                        }
                        let note = event.and_then(|e| note_of(&e, a, actor, k + 1, places));
                        if let Some(note) = note {
                            report.notes.push(note);
                        }
                        observe(Moment::After { number: k + 1, action: a }, &hand);
                        // After a betting decision, or turnover's last card turned up.
                        let decided = a.chooser().is_some() || matches!(a, Action::Discard(..));
                        if report.all_in.is_none()
                            && decided
                            && hand.all_in_with_cards_to_come()
                        {
                            report.all_in = Some(Box::new(AllInSpot::of(&hand, k + 1)));
                        }
                    })
                    .map_err(|e| describe(&e))
            }
        };
        if let Err(reason) = result {
            // An action converted from a site's text says its line there (`_action_lines`).
            let reason = match record.site_text.action_line(k) {
                Some(line) => format!("{reason} (line {line} of the text)"),
                None => reason,
            };
            let reason = match (action, record.hole_cards) {
                (Ok(Action::DealHole { cards, .. }), None)
                    if (5..=6).contains(&cards.len())
                        && game.hole_cards() == 4
                        && game.scoring.two_hole_cards() =>
                {
                    let k = cards.len();
                    format!("{reason} (a hand of {k}-card Omaha says so with `_hole_cards = {k}`)")
                }
                _ => reason,
            };
            let text = recorded.text().into_owned();
            report.status = Status::Illegal { number: k + 1, text, reason };
            return report;
        }
    }
    if let Some(spot) = report.all_in.as_mut() {
        spot.fill_from(&hand);
        spot.offers = super::extension::ev_cashouts(record)
            .into_iter()
            .filter_map(|(player, line, board)| RoomOffer::read(player, line, &board))
            .collect();
        spot.insured = super::extension::insurances(record);
    }
    report.notes.extend(super::extension::insurance_notes(record));
    // Capped no limit: who bet the cap, and what they kept behind (docs/replay.md).
    if let Some(cap) = table_cap {
        for p in hand.at_table_cap() {
            report.notes.push(format!(
                "{} reached the table cap of {} (`_table_cap`): all in for the rest of the hand, {} of the stack kept behind",
                player_name(p),
                format_chips(cap, places),
                format_chips(hand.set_aside()[p], places)
            ));
        }
    }
    // Unknown hands at showdown that the record awards nothing lost (docs/replay.md).
    let settled = match hand.finish() {
        Err(RuleError::Unresolved(why)) => {
            match super::check::unknown_losers(record, &hand, places) {
                Some((lost, note)) => {
                    report.notes.push(note);
                    hand.finish_with_losers(&lost).map_err(|_| RuleError::Unresolved(why))
                }
                None => Err(RuleError::Unresolved(why)),
            }
        }
        other => other,
    };
    match settled {
        Ok(outcome) => {
            if let Some((k, reason)) = overdrawn(record, &outcome, places) {
                let text = record.actions.get(k).map(|a| a.text().into_owned()).unwrap_or_default();
                report.status = Status::Illegal { number: k + 1, text, reason };
                return report;
            }
            for &p in &outcome.auto_shown {
                report.notes.push(format!(
                    "{} did not show or muck; their known cards were shown",
                    player_name(p)
                ));
            }
            report.outcome = Some(outcome);
        }
        Err(RuleError::Unresolved(why)) => report.status = Status::Unresolved(why),
        Err(e) => report.status = Status::Incomplete(describe(&e)),
    }
    if check {
        super::check::compare(record, &mut report);
    }
    report
}

/// The cashout (its action's index) that leaves its player a negative final stack, with why:
/// a player pays a cashout from what they have at the end of the hand.
fn overdrawn(record: &HandRecord<'_>, outcome: &Outcome, places: u8) -> Option<(usize, String)> {
    let p = outcome.final_stacks.iter().position(|&x| x < Chips::ZERO)?;
    let k = record
        .actions
        .iter()
        .rposition(|a| matches!(a.action(), Ok(Action::CashOut(q, _)) if *q == p))?;
    Some((
        k,
        format!(
            "{} pays more outside the pot than the hand leaves them ({} short)",
            player_name(p),
            format_chips(outcome.final_stacks[p].saturating_abs(), places)
        ),
    ))
}

/// How a hand converted from a site's text (`_text_line`, written by the importers) writes
/// amounts in messages: in the text's own unit, with its currency symbol (`$0.25`, not the 25
/// chips of a cent the engine counts).
struct SiteUnit {
    places: u8,
    symbol: String,
}

impl SiteUnit {
    fn write(&self, chips: Chips) -> String {
        let sign = if chips < Chips::ZERO { "-" } else { "" };
        format!("{sign}{}{}", self.symbol, format_chips(chips.saturating_abs(), self.places))
    }
}

/// The unit of a hand converted from a site's text, `None` for any other hand.
fn site_unit(record: &HandRecord<'_>, places: u8) -> Option<SiteUnit> {
    let text = &record.site_text;
    text.converted.then(|| SiteUnit { places, symbol: text.currency_symbol.clone() })
}

/// PHH codes are read as PokerKit reads them: when a betting action names a player who is due
/// to act later in the round, the players whose turns were skipped timed out, and a player who
/// times out checks if that is free and folds otherwise (the timeout rule of docs/games.md). Each such
/// turn gets a note. Presets are strict: the action is out of turn.
fn skip_timed_out(hand: &mut HandState, action: &Action, number: usize, notes: &mut Vec<String>) {
    let Some(player) = action.chooser() else { return };
    if !hand.is_to_act(player) {
        return;
    }
    while let Some(actor) = hand.actor() {
        if actor == player {
            break;
        }
        let (result, what) = if hand.to_call(actor) == Chips::ZERO {
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

/// A fixed-limit raise (PHH codes) that stops at the most another player can match, short of
/// the fixed size and not all-in: the full raise it stands for, for the report's note.
fn capped_raise(hand: &HandState, action: &Action, places: u8) -> Option<Chips> {
    let Action::BetOrRaiseTo(p, x) = action else { return None };
    let to = x.to_chips(places)?;
    let game = hand.variant();
    if !game.is_phh_code() || game.structure != Structure::FixedLimit || !hand.is_to_act(*p) {
        return None;
    }
    let full = hand.full_raise_to();
    let total = *hand.stacks().get(*p)? + *hand.bets().get(*p)?;
    (to < full && to < total && hand.can_bet_or_raise_to(*p, to)).then_some(full)
}

/// Americana: a bring-in player who makes no choice has the bring-in posted for them (docs/games.md);
/// in a record that is an action by the next player while the bring-in is due.
fn auto_bring_in(hand: &mut HandState, action: &Action, number: usize, notes: &mut Vec<String>) {
    let Some(player) = action.chooser() else { return };
    if let Some(actor) = hand.actor()
        && actor != player
        && hand.can_bring_in(actor)
        && hand.bring_in(actor).is_ok()
    {
        notes.push(format!(
            "{} made no choice before action {number}: the bring-in was posted for them",
            player_name(actor)
        ));
    }
}

/// Applies one action to the hand.
pub fn apply(hand: &mut HandState, action: &Action, places: u8) -> Result<(), RuleError> {
    apply_event(hand, action, places).map(drop)
}

/// Applies one action to the hand and says what it did (`None`: a stand-pat or a discard of a
/// draw game, which [`HandState::discard`] reports on its own terms).
pub fn apply_event(
    hand: &mut HandState,
    action: &Action,
    places: u8,
) -> Result<Option<Event>, RuleError> {
    if let Action::Discard(p, cards) = action
        && hand.variant().has_draws()
    {
        return hand.discard(*p, cards).map(|_| None);
    }
    let event = match action {
        Action::DealHole { player, cards } => hand.deal_hole(*player, cards),
        Action::DealBoard { cards } => hand.deal_board(cards),
        Action::Fold(p) => hand.fold(*p),
        Action::CheckOrCall(p) => hand.check_or_call(*p),
        Action::Check(p) => {
            hand.verify_check(*p)?;
            hand.check_or_call(*p)
        }
        Action::BetOrRaiseTo(p, x) => {
            let to =
                x.to_chips(places).ok_or_else(|| RuleError::BadCards(format!("bad amount {x}")))?;
            hand.bet_or_raise_to(*p, to)
        }
        Action::BringIn(p) => hand.bring_in(*p),
        Action::TimeOut { player, all_in: false } => hand.time_out(*player),
        Action::TimeOut { player, all_in: true } => hand.time_out_all_in(*player),
        Action::OutOfTurn(p, _) => hand.out_of_turn(*p),
        Action::Discard(p, cards) => match (hand.variant().expose_after, &cards[..]) {
            (Some(_), [card]) => hand.expose(*p, *card),
            (Some(_), _) => Err(RuleError::BadCards(format!(
                "{} must expose exactly one hole card, not {}",
                player_name(*p),
                cards.len()
            ))),
            (None, _) => Err(RuleError::WrongPhase(format!(
                "there is no discarding in {}",
                hand.variant().code
            ))),
        },
        Action::ShowOrMuck(p, cards) => hand.show_or_muck(*p, cards.as_deref()),
        Action::ChooseRuns(p, runs) => hand.choose_runs(*p, *runs),
        Action::CashOut(p, x) => {
            let x =
                x.to_chips(places).ok_or_else(|| RuleError::BadCards(format!("bad amount {x}")))?;
            hand.cash_out(*p, x)
        }
    };
    event.map(Some)
}

/// The report's note on a timeout or an action out of turn (`actor`: who was to act before
/// action `number`).
fn note_of(
    event: &Event,
    action: &Action,
    actor: Option<usize>,
    number: usize,
    places: u8,
) -> Option<String> {
    let chips = |x: Chips| format_chips(x, places);
    match *event {
        Event::TimedOut { player, result } => {
            let what = match result {
                TimeoutResult::Checked => " and checked".to_string(),
                TimeoutResult::Folded => " and folded".to_string(),
                TimeoutResult::BroughtIn { amount } => {
                    format!(": the bring-in of {} was posted for them", chips(amount))
                }
            };
            Some(format!("{} timed out at action {number}{what}", player_name(player)))
        }
        Event::ProtectedAllIn { player, brought_in, behind } => {
            let bring_in = if brought_in > Chips::ZERO {
                format!(" (the bring-in of {} posted for them)", chips(brought_in))
            } else {
                String::new()
            };
            Some(format!(
                "{} timed out at action {number}: all-in protected with {} behind{bring_in}",
                player_name(player),
                chips(behind)
            ))
        }
        Event::OutOfTurnIgnored { player } => {
            let what = match action {
                Action::OutOfTurn(_, inner) => format!(" (`{}`)", write_action(inner)),
                _ => String::new(),
            };
            let due =
                actor.map_or(String::new(), |a| format!(" while {} was to act", player_name(a)));
            Some(format!(
                "{} acted out of turn at action {number}{what}{due}: ignored",
                player_name(player)
            ))
        }
        _ => None,
    }
}
