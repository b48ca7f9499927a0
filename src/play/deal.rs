//! Random legal hands of any game, as a PHH bundle with their results: the settings that `felt
//! deal` and `POST /api/deal` share, their checks, and the dealing.
//!
//! Hand `k` is played from a generator seeded by the seed and `k` alone, so the bundle is the
//! same on any number of threads. Hands are made in blocks of [`BLOCK`]; a [`Stop`] flag is
//! read between blocks (and between the hands of a session).
//!
//! ```
//! use feltkit::play::deal::DealSettings;
//! use feltkit::stop::Stop;
//!
//! let mut settings = DealSettings::new("nlhe");
//! settings.hands = 3;
//! settings.seed = 7;
//! let mut deal = settings.check().unwrap();
//! let (bundle, counts) = deal.bundle(&Stop::new()).unwrap();
//! assert!(bundle.starts_with("[1]\nvariant = 'nlhe'\n"));
//! assert_eq!(counts.hands, 3);
//! // Every hand replays as legal and matching its recorded results.
//! let reports = feltkit::phh::replay_text(&bundle, "dealt.phhs", true);
//! assert_eq!(reports.len(), 3);
//! assert!(reports.iter().all(|r| r.ok()));
//! ```

use std::io::Write;

use rand::Rng;
use rayon::prelude::*;

use super::{
    big_bet, default_stakes, hand_rng, max_random_stack, random_hand_into, random_stacks, Counts,
    Style, Table, MAX_RANDOM_BETS,
};
use crate::rules::variant::VARIANTS;
use crate::rules::{Chips, Opening, Stakes, Structure, Variant, MAX_CHIPS};
use crate::stop::Stop;

/// The most hands one run of `felt deal` may deal.
pub const MAX_HANDS: u64 = 100_000_000;

/// Hands made in one piece of work: the stop flag is read between blocks.
pub const BLOCK: u64 = 256;

/// The names `felt deal -g` takes besides the codes: those of `felt equity`, then the others.
pub fn game_names() -> String {
    let others = crate::catalog::CATALOG.iter().filter(|e| e.equity.is_none());
    format!(
        "a game name of felt equity ({}) or of a game without equity ({})",
        crate::equity::Game::name_list(),
        crate::catalog::name_list(others)
    )
}

/// Reads `--players`: a number of players, or a range such as `2-6`.
pub fn parse_players(text: &str) -> Result<(usize, usize), String> {
    let expected = "expected a number of players from 2 to 10, or a range such as 2-6";
    let (lo, hi) = match text.split_once('-') {
        Some((a, b)) => (a.trim().parse::<usize>(), b.trim().parse::<usize>()),
        None => (text.trim().parse::<usize>(), text.trim().parse::<usize>()),
    };
    match (lo, hi) {
        (Ok(lo), Ok(hi)) if (2..=10).contains(&lo) && (lo..=10).contains(&hi) => Ok((lo, hi)),
        _ => Err(format!("`{text}`: {expected}")),
    }
}

/// Reads `--fold`, `--raise` and `--muck`: a percentage from 0 to 100.
pub fn parse_percent(text: &str) -> Result<u32, String> {
    match text.trim().trim_end_matches('%').parse::<u32>() {
        Ok(x) if x <= 100 => Ok(x),
        _ => Err(format!("`{text}`: expected a percentage from 0 to 100")),
    }
}

/// Reads a stack or a bomb pot: a whole number of chips from 1 to [`MAX_CHIPS`].
pub fn parse_stack(text: &str) -> Result<Chips, String> {
    match text.trim().parse::<Chips>() {
        Ok(x) if (Chips(1)..=MAX_CHIPS).contains(&x) => Ok(x),
        _ => Err(format!("`{text}`: expected a whole number of chips from 1 to {MAX_CHIPS}")),
    }
}

/// The forced bets and bet sizes given with `--stakes` (read by [`parse_stakes`]); what is not
/// given keeps the game's default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StakesFlag {
    /// `A/B` alone: the blinds, or the bets of a game opened by cards.
    pair: Option<(Chips, Chips)>,
    blinds: Option<Vec<Chips>>,
    ante: Option<Chips>,
    bring_in: Option<Chips>,
    bets: Option<(Chips, Chips)>,
    min_bet: Option<Chips>,
}

/// Reads `--stakes`: `A/B`, or `key=value` parts separated by commas (`blinds=1/2[/4...]`,
/// `ante=X`, `bring-in=X`, `bets=SMALL/BIG`, `min-bet=X`).
pub fn parse_stakes(text: &str) -> Result<StakesFlag, String> {
    let expected = "expected `A/B` or key=value parts separated by commas (blinds=1/2, ante=1, \
                    bring-in=2, bets=5/10, min-bet=2)";
    let mut flag = StakesFlag::default();
    let chips = |part: &str, v: &str, zero_ok: bool| -> Result<Chips, String> {
        let lo = Chips(i64::from(!zero_ok));
        match v.trim().parse::<Chips>() {
            Ok(x) if (lo..=MAX_CHIPS).contains(&x) => Ok(x),
            _ => {
                Err(format!("`{part}`: expected a whole number of chips from {lo} to {MAX_CHIPS}"))
            }
        }
    };
    let pair = |part: &str, v: &str| -> Result<(Chips, Chips), String> {
        match v.split_once('/') {
            Some((a, b)) => Ok((chips(part, a, false)?, chips(part, b, false)?)),
            None => Err(format!("`{part}`: expected two amounts such as 5/10")),
        }
    };
    for part in text.split(',').map(str::trim) {
        let Some((key, value)) = part.split_once('=') else {
            if part.contains('/') && flag.pair.is_none() {
                flag.pair = Some(pair(part, part)?);
                continue;
            }
            return Err(format!("`{part}`: {expected}"));
        };
        let once = |seen: bool| if seen { Err(format!("`{key}` is given twice")) } else { Ok(()) };
        match key.trim() {
            "blinds" => {
                once(flag.blinds.is_some())?;
                let v: Result<Vec<Chips>, String> =
                    value.split('/').map(|x| chips(part, x, true)).collect();
                flag.blinds = Some(v?);
            }
            "ante" => {
                once(flag.ante.is_some())?;
                flag.ante = Some(chips(part, value, true)?);
            }
            "bring-in" => {
                once(flag.bring_in.is_some())?;
                flag.bring_in = Some(chips(part, value, false)?);
            }
            "bets" => {
                once(flag.bets.is_some())?;
                flag.bets = Some(pair(part, value)?);
            }
            "min-bet" => {
                once(flag.min_bet.is_some())?;
                flag.min_bet = Some(chips(part, value, false)?);
            }
            other => return Err(format!("`{other}` is not a part of the stakes: {expected}")),
        }
    }
    Ok(flag)
}

impl StakesFlag {
    /// The stakes of a hand of `game` with `players` players (no stacks yet).
    fn stakes(&self, game: Variant, players: usize) -> Result<Stakes, String> {
        let mut stakes = default_stakes(game, players);
        let by_cards = stakes.blinds.is_empty();
        let sized = matches!(game.structure, Structure::FixedLimit | Structure::SpreadLimit);
        let americana = game.deck == crate::card::Deck::Americana;
        let refuse = |part: &str, why: &str| Err(format!("{part}: {} {why}", game.code));
        if by_cards && self.blinds.is_some() {
            return refuse("blinds", "has no blinds (the low or high card brings in)");
        }
        if !by_cards && self.bring_in.is_some() {
            return refuse("bring-in", "has blinds, no bring-in");
        }
        let beyond_ante = self.bring_in.or(self.min_bet).is_some() || self.bets.is_some();
        if americana && (beyond_ante || self.pair.is_some()) {
            return refuse("bets", "sizes its bring-in and bets from the ante (give ante=X only)");
        }
        if !sized && (self.bets.is_some() || (by_cards && self.pair.is_some())) {
            return refuse("bets", "has a minimum bet (min-bet=X), not two bet sizes");
        }
        if sized && self.min_bet.is_some() {
            return refuse("min-bet", "bets in two sizes (bets=SMALL/BIG)");
        }
        let (mut blinds, mut bets) = (self.blinds.clone(), self.bets);
        match self.pair {
            Some(p) if by_cards => bets = bets.or(Some(p)),
            Some((a, b)) => blinds = blinds.or(Some(vec![a, b])),
            None => {}
        }
        if let Some(b) = blinds {
            if b.len() > players {
                return Err(format!(
                    "blinds: {} blinds or straddles for {players} players",
                    b.len()
                ));
            }
            // The presets' straddles go in turn from the seat after the big blind, each at
            // least twice the blind or straddle before it (the engine's rule, docs/games.md).
            if !game.phh_code
                && let Some(k) = (2..b.len()).find(|&k| b[k] < b[k - 1].saturating_mul(2))
            {
                return Err(format!(
                    "blinds: {} after {}: a straddle is at least twice the blind or straddle before it, each from the seat after the one before (the presets' rule; the PHH codes take any straddle)",
                    b[k],
                    b[k - 1]
                ));
            }
            if let Some(w) = b.windows(2).find(|w| w[1] < w[0]) {
                return Err(format!(
                    "blinds: {} after {}: each blind or straddle is at least the one before",
                    w[1], w[0]
                ));
            }
            let big = b.iter().copied().max().unwrap_or(Chips::ZERO);
            stakes.blinds =
                (0..players).map(|i| b.get(i).copied().unwrap_or(Chips::ZERO)).collect();
            // The bets follow the big blind unless given.
            if game.structure == Structure::FixedLimit && big > Chips::ZERO {
                (stakes.small_bet, stakes.big_bet) = (big, 2 * big);
            } else if stakes.min_bet > Chips::ZERO && big > Chips::ZERO {
                stakes.min_bet = big;
            }
        }
        if let Some((small, big)) = bets {
            if small > big {
                return Err(format!("bets: {small}/{big}: the big bet is at least the small one"));
            }
            (stakes.small_bet, stakes.big_bet) = (small, big);
            // Stud's ante and bring-in follow the bets unless given (ante 1 and bring-in 2 at
            // 5/10; spread limit brings in for the least bet).
            if by_cards {
                stakes.antes = vec![(big / 10).max(Chips(1)); players];
                stakes.bring_in = if game.structure == Structure::SpreadLimit {
                    small
                } else {
                    (small * 2 / 5).max(Chips(1))
                };
            }
        }
        if let Some(x) = self.min_bet {
            stakes.min_bet = x;
        }
        if let Some(x) = self.bring_in {
            stakes.bring_in = x;
        }
        if let Some(x) = self.ante {
            stakes.antes = vec![x; players];
        }
        Ok(stakes)
    }
}

/// The settings of a deal, each read already (by [`parse_players`], [`parse_stakes`], ...) and
/// not yet checked together: the flags of `felt deal` and the fields of `POST /api/deal`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealSettings {
    /// The game: a preset, a PHH code, or a game's name (`--game`).
    pub game: String,
    /// Omaha's 4, 5 or 6 hole cards (`--hole-cards`).
    pub hole_cards: Option<u32>,
    /// Another betting structure (`--structure`).
    pub structure: Option<String>,
    /// Hands to deal (`--hands`).
    pub hands: u64,
    /// Players per hand, least and most (`--players`).
    pub players: Option<(usize, usize)>,
    /// One stack for all, or one per player (`--stacks`); none: drawn for each hand.
    pub stacks: Vec<Chips>,
    /// The forced bets and bet sizes (`--stakes`).
    pub stakes: Option<StakesFlag>,
    /// The hands in order at one table (`--session`).
    pub session: bool,
    /// Facing a bet, fold this often, in percent (`--fold`).
    pub fold: Option<u32>,
    /// Bet or raise this often, in percent (`--raise`).
    pub raise: Option<u32>,
    /// Muck at the showdown this often, in percent (`--muck`).
    pub muck: Option<u32>,
    /// Runs of the board after an all-in, 1 to 3 (`--runs`).
    pub runs: u8,
    /// Every player's bomb (`--bomb-pot`).
    pub bomb_pot: Option<Chips>,
    /// Boards of a bomb pot, 1 or 2 (`--boards`).
    pub boards: Option<u8>,
    /// The seed of the random play (`--seed`).
    pub seed: u64,
}

impl DealSettings {
    /// The defaults of `felt deal --game GAME`: 1000 hands, one run, seed 0.
    pub fn new(game: &str) -> DealSettings {
        DealSettings {
            game: game.to_string(),
            hole_cards: None,
            structure: None,
            hands: 1000,
            players: None,
            stacks: Vec::new(),
            stakes: None,
            session: false,
            fold: None,
            raise: None,
            muck: None,
            runs: 1,
            bomb_pot: None,
            boards: None,
            seed: 0,
        }
    }
}

/// Settings that cannot deal: the setting (by its field's name, `stakes`) and why, in the
/// words of `felt deal` (which names its flags, `--stakes: ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealError {
    /// The field at fault, as [`DealSettings`] names it.
    pub field: &'static str,
    /// What was wrong and what was expected.
    pub message: String,
}

impl std::fmt::Display for DealError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DealError {}

/// Why dealing stopped before the end.
#[derive(Debug)]
pub enum DealFailure {
    /// The bundle could not be written.
    Io(std::io::Error),
    /// A hand could not be played (a fault of the engine: `hand 5 could not be played: ...`).
    Hand(String),
    /// The stop flag was raised.
    Stopped,
}

impl std::fmt::Display for DealFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DealFailure::Io(e) => write!(f, "{e}"),
            DealFailure::Hand(why) => f.write_str(why),
            DealFailure::Stopped => f.write_str(crate::stop::STOPPED),
        }
    }
}

impl std::error::Error for DealFailure {}

impl From<std::io::Error> for DealFailure {
    fn from(e: std::io::Error) -> DealFailure {
        DealFailure::Io(e)
    }
}

/// Checked settings, ready to deal ([`DealSettings::check`]).
#[derive(Debug)]
pub struct Deal {
    settings: DealSettings,
    game: Variant,
    /// Players per hand, least and most.
    players: (usize, usize),
    /// One style for every hand when any of its settings is given.
    fixed_style: Option<Style>,
    /// A session's table.
    table: Option<Table>,
}

fn refuse<T>(field: &'static str, message: String) -> Result<T, DealError> {
    Err(DealError { field, message })
}

impl DealSettings {
    /// Checks the settings together, as `felt deal` does before it deals a hand: the game, its
    /// hole cards and structure, the players against the stacks and the game's most, the bomb
    /// pot, and stakes that could not start a hand with the stacks the hands would get.
    pub fn check(self) -> Result<Deal, DealError> {
        let s = self;
        let Some(game) = Variant::by_code(&s.game)
            .filter(|g| g.supported)
            .or_else(|| crate::catalog::Game::by_name(&s.game)?.entry().dealt())
        else {
            let codes: Vec<&str> =
                VARIANTS.iter().filter(|g| g.supported).map(|g| g.code).collect();
            return refuse(
                "game",
                format!(
                    "--game {}: expected one of {}, or {}",
                    s.game,
                    codes.join(", "),
                    game_names()
                ),
            );
        };
        let game = match s.hole_cards {
            Some(k) => match game.with_hole_cards(k) {
                Ok(g) => g,
                Err(e) => return refuse("hole_cards", format!("--hole-cards {k}: {e}")),
            },
            None => game,
        };
        let game = match &s.structure {
            Some(st) if game.streets.first().is_some_and(|x| x.opening != Opening::Position) => {
                return refuse(
                    "structure",
                    format!(
                        "--structure {st}: {} opens its betting with a bring-in and keeps its own structure (stud7-spread and americana-nl are the other stud structures)",
                        game.code
                    ),
                );
            }
            Some(st) => match game.with_structure(st) {
                Ok(g) => g,
                Err(e) => return refuse("structure", format!("--structure: {e}")),
            },
            None => game,
        };
        // The bounds the command's flag readers hold a value to (a program may set any).
        if !(1..=MAX_HANDS).contains(&s.hands) {
            let h = s.hands;
            return refuse("hands", format!("--hands {h}: expected 1 to {MAX_HANDS} hands"));
        }
        if let Some((lo, hi)) = s.players
            && let Err(e) = parse_players(&format!("{lo}-{hi}"))
        {
            return refuse("players", format!("--players: {e}"));
        }
        if let Some(x) = s.stacks.iter().find(|x| !(Chips(1)..=MAX_CHIPS).contains(x)) {
            return refuse(
                "stacks",
                format!("--stacks: {}", parse_stack(&x.to_string()).err().unwrap_or_default()),
            );
        }
        if let Some(x) = s.bomb_pot.filter(|x| !(Chips(1)..=MAX_CHIPS).contains(x)) {
            return refuse(
                "bomb_pot",
                format!("--bomb-pot: {}", parse_stack(&x.to_string()).err().unwrap_or_default()),
            );
        }
        for (field, flag, v) in
            [("fold", "--fold", s.fold), ("raise", "--raise", s.raise), ("muck", "--muck", s.muck)]
        {
            if let Some(x) = v.filter(|&x| x > 100) {
                return refuse(
                    field,
                    format!("{flag}: `{x}`: expected a percentage from 0 to 100"),
                );
            }
        }
        if !(1..=3).contains(&s.runs) {
            return refuse("runs", format!("--runs {}: expected 1 to 3 runs", s.runs));
        }
        if let Some(b) = s.boards.filter(|b| !(1..=2).contains(b)) {
            return refuse("boards", format!("--boards {b}: expected 1 or 2 boards"));
        }
        if s.boards.is_some() && s.bomb_pot.is_none() {
            return refuse("boards", "--boards: the boards of a bomb pot: give --bomb-pot".into());
        }
        let most = game.max_players.min(9);
        let (lo, hi) = match (s.players, s.stacks.len()) {
            (Some((lo, hi)), n) if n > 1 && (lo != n || hi != n) => return refuse(
                "stacks",
                format!("--players {lo}-{hi} and --stacks with {n} amounts disagree: give one stack for all, or one per player"),
            ),
            (Some(range), _) => range,
            (None, n) if n > 1 => (n, n),
            (None, _) if s.session => (most.min(6), most.min(6)),
            (None, _) => (2, most),
        };
        if s.session && lo != hi {
            return refuse(
                "players",
                format!(
                    "--session plays at one table: give --players one number of seats, not {lo}-{hi}"
                ),
            );
        }
        if hi > game.max_players {
            let with = s.hole_cards.map_or(String::new(), |k| format!(" with {k} hole cards"));
            let field = if s.players.is_some() { "players" } else { "stacks" };
            return refuse(
                field,
                format!(
                    "{}{with} is played by 2 to {} players, not {hi}",
                    game.code, game.max_players
                ),
            );
        }
        if let Some(bomb) = s.bomb_pot {
            check_bomb_pot(&s, game, bomb, (lo, hi))?;
        }
        // Stakes that cannot start a hand are refused before any is dealt, with the stacks the
        // hands would get: the ones given, or the largest that are drawn (they scale with the
        // big bet, and must stay within the chip limit).
        if let Some(flag) = &s.stakes {
            for players in lo..=hi {
                let mut stakes = match flag.stakes(game, players) {
                    Ok(x) => x,
                    Err(e) => return refuse("stakes", format!("--stakes: {e}")),
                };
                let unit = big_bet(game, &stakes);
                stakes.stacks = match s.stacks.len() {
                    0 => vec![max_random_stack(unit).min(MAX_CHIPS); players],
                    1 => vec![s.stacks[0]; players],
                    _ => s.stacks.clone(),
                };
                if let Err(e) = crate::rules::HandState::new(game, &stakes) {
                    return refuse(
                        "stakes",
                        format!("--stakes: {e} ({} with {players} players)", game.code),
                    );
                }
                if s.stacks.is_empty() && max_random_stack(unit) > MAX_CHIPS {
                    return refuse(
                        "stakes",
                        format!(
                            "--stakes: stacks are drawn up to {MAX_RANDOM_BETS} big bets of {unit} chips, \
                             {} chips, above the limit of {MAX_CHIPS} chips a stack may hold: give \
                             smaller stakes, or the stacks with --stacks",
                            max_random_stack(unit)
                        ),
                    );
                }
            }
        }
        let fixed_style = (s.fold.is_some() || s.raise.is_some() || s.muck.is_some()).then(|| {
            let d = Style::default();
            Style {
                fold: s.fold.unwrap_or(d.fold),
                raise: s.raise.unwrap_or(d.raise),
                muck: s.muck.unwrap_or(d.muck),
                runs: s.runs,
            }
        });
        // A session: one hand after another at one table.
        let mut table = None;
        if s.session {
            let mut rng = hand_rng(s.seed, u64::MAX);
            let stakes = match &s.stakes {
                None => default_stakes(game, lo),
                Some(flag) => match flag.stakes(game, lo) {
                    Ok(x) => x,
                    Err(e) => return refuse("stakes", e),
                },
            };
            let stacks = match s.stacks.len() {
                0 => random_stacks(big_bet(game, &stakes), lo, &mut rng),
                1 => vec![s.stacks[0]; lo],
                _ => s.stacks.clone(),
            };
            match Table::with_stakes(game, stakes, stacks) {
                Ok(t) => table = Some(t),
                Err(e) => return refuse("session", format!("--session: {e}")),
            }
        }
        Ok(Deal { settings: s, game, players: (lo, hi), fixed_style, table })
    }
}

/// Makes `stakes` a bomb pot's: the bomb and the boards, no blinds or antes (the bet sizes
/// stay).
fn as_bomb_pot(stakes: &mut Stakes, bomb: Chips, boards: u8) {
    stakes.blinds.clear();
    stakes.antes.clear();
    stakes.bomb_pot = bomb;
    stakes.boards = boards;
}

/// Refuses a bomb pot where it cannot be dealt: with a session, blinds or antes given, runs of
/// a double board, a game without a flop, or two boards the deck cannot hold.
fn check_bomb_pot(
    s: &DealSettings,
    game: Variant,
    bomb: Chips,
    (lo, hi): (usize, usize),
) -> Result<(), DealError> {
    if s.session {
        return refuse(
            "bomb_pot",
            "--bomb-pot deals single hands, not a --session: a session's blinds move with the button from hand to hand, and a bomb pot has none".into(),
        );
    }
    if let Some(flag) = &s.stakes
        && (flag.blinds.is_some() || flag.ante.is_some() || flag.pair.is_some())
    {
        return refuse(
            "stakes",
            "--bomb-pot: a bomb pot has no blinds or antes (every player puts in the bomb): give --stakes the bet sizes only (min-bet=X, or bets=SMALL/BIG in fixed limit)".into(),
        );
    }
    let boards = s.boards.unwrap_or(1);
    if boards > 1 && s.runs > 1 {
        return refuse("runs", format!("--runs {}: a double-board bomb pot is run once", s.runs));
    }
    for players in lo..=hi {
        let mut stakes = match &s.stakes {
            None => default_stakes(game, players),
            Some(flag) => match flag.stakes(game, players) {
                Ok(x) => x,
                Err(e) => return refuse("stakes", e),
            },
        };
        as_bomb_pot(&mut stakes, bomb, boards);
        stakes.stacks = vec![bomb; players];
        if let Err(e) = crate::rules::HandState::new(game, &stakes) {
            return refuse(
                "bomb_pot",
                format!("--bomb-pot: {e} ({} with {players} players)", game.code),
            );
        }
    }
    Ok(())
}

impl Deal {
    /// The game dealt, with its hole cards and structure.
    pub fn game(&self) -> Variant {
        self.game
    }

    /// The settings, as checked.
    pub fn settings(&self) -> &DealSettings {
        &self.settings
    }

    /// Hand `k`, as section `[k + 1]` of the bundle, appended to `out`.
    fn one_hand(&self, k: u64, out: &mut String, counts: &mut Counts) -> Result<(), String> {
        let s = &self.settings;
        let mut rng = hand_rng(s.seed, k);
        let players = rng.random_range(self.players.0..=self.players.1);
        let mut stakes = match &s.stakes {
            None => default_stakes(self.game, players),
            Some(flag) => flag.stakes(self.game, players)?,
        };
        if let Some(bomb) = s.bomb_pot {
            as_bomb_pot(&mut stakes, bomb, s.boards.unwrap_or(1));
        }
        stakes.stacks = random_stacks(big_bet(self.game, &stakes), players, &mut rng);
        match s.stacks.len() {
            0 => {}
            1 => stakes.stacks = vec![s.stacks[0]; players],
            _ => stakes.stacks.clone_from(&s.stacks),
        }
        let style =
            Style { runs: s.runs, ..self.fixed_style.unwrap_or_else(|| Style::draw(&mut rng)) };
        use std::fmt::Write as _;
        let _ = writeln!(out, "[{}]", k + 1);
        let (_, reached) = random_hand_into(self.game, &stakes, style, &mut rng, out)
            .map_err(|e| format!("hand {} could not be played: {e}", k + 1))?;
        counts.add(&reached);
        out.push('\n');
        Ok(())
    }

    /// Block `b`'s hands and what they reached.
    fn block(&self, b: u64) -> Result<(String, Counts), DealFailure> {
        let mut text = String::with_capacity(BLOCK as usize * 700);
        let mut counts = Counts::default();
        for k in b * BLOCK..((b + 1) * BLOCK).min(self.settings.hands) {
            self.one_hand(k, &mut text, &mut counts).map_err(DealFailure::Hand)?;
        }
        Ok((text, counts))
    }

    /// A session's hands, one after another at its table, written to `out`.
    fn play_session(&mut self, out: &mut dyn Write, stop: &Stop) -> Result<Counts, DealFailure> {
        let (s, fixed) = (&self.settings, self.fixed_style);
        let Some(table) = self.table.as_mut() else { return Ok(Counts::default()) };
        let mut counts = Counts::default();
        let mut text = String::with_capacity(1 << 16);
        for k in 0..s.hands {
            if stop.is_raised() {
                return Err(DealFailure::Stopped);
            }
            let mut rng = hand_rng(s.seed, k);
            let style = Style { runs: s.runs, ..fixed.unwrap_or_else(|| Style::draw(&mut rng)) };
            let (hand, reached) = table.play(style, &mut rng).map_err(|e| {
                DealFailure::Hand(format!("hand {} could not be played: {e}", k + 1))
            })?;
            counts.add(&reached);
            use std::fmt::Write as _;
            let _ = writeln!(text, "[{}]\n{hand}", k + 1);
            if text.len() > 1 << 15 {
                out.write_all(text.as_bytes())?;
                text.clear();
            }
        }
        out.write_all(text.as_bytes())?;
        out.flush()?;
        Ok(counts)
    }

    /// Deals every hand and writes the bundle to `out` in order as the blocks come, made on
    /// `threads` threads of their own (a session: on this thread); what the hands reached.
    /// Stops between blocks once `stop` is raised.
    pub fn write(
        &mut self,
        out: &mut dyn Write,
        threads: usize,
        stop: &Stop,
    ) -> Result<Counts, DealFailure> {
        if self.table.is_some() {
            return self.play_session(out, stop);
        }
        let this = &*self;
        let blocks = this.settings.hands.div_ceil(BLOCK);
        let mut failed: Option<DealFailure> = None;
        let mut total = Counts::default();
        let written = crate::phh::stream::ordered(
            threads,
            crate::phh::stream::Window { items: 4 * threads, bytes: usize::MAX },
            |emit| {
                for b in 0..blocks {
                    if stop.is_raised() || !emit(b, 0) {
                        return;
                    }
                }
            },
            |b: u64| this.block(b),
            |step| -> std::io::Result<()> {
                match step {
                    crate::phh::stream::Step::Item(Ok((text, counts))) => {
                        total.add(&counts);
                        out.write_all(text.as_bytes())
                    }
                    crate::phh::stream::Step::Item(Err(e)) => {
                        failed.get_or_insert(e);
                        Err(std::io::Error::other("a hand could not be played"))
                    }
                    crate::phh::stream::Step::Idle => Ok(()),
                }
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
        written?;
        if stop.is_raised() {
            return Err(DealFailure::Stopped);
        }
        out.flush()?;
        Ok(total)
    }

    /// Deals every hand into one bundle, the blocks made on rayon's pool (the caller's): the
    /// text [`Deal::write`] writes, and what the hands reached. Stops between blocks once
    /// `stop` is raised.
    pub fn bundle(&mut self, stop: &Stop) -> Result<(String, Counts), DealFailure> {
        if self.table.is_some() {
            let mut out = Vec::new();
            let counts = self.play_session(&mut out, stop)?;
            let text = String::from_utf8(out)
                .map_err(|_| DealFailure::Hand("the bundle is not UTF-8".into()))?;
            return Ok((text, counts));
        }
        let this = &*self;
        let blocks = this.settings.hands.div_ceil(BLOCK);
        let made: Vec<Result<(String, Counts), DealFailure>> = (0..blocks)
            .into_par_iter()
            .map(|b| if stop.is_raised() { Err(DealFailure::Stopped) } else { this.block(b) })
            .collect();
        let mut text = String::new();
        let mut total = Counts::default();
        for block in made {
            let (t, counts) = block?;
            text.push_str(&t);
            total.add(&counts);
        }
        Ok((text, total))
    }

    /// The table `felt deal --stats` writes on standard error: the hands, then each situation
    /// with how often it came and its rate per 10,000 hands (no newline at the end).
    pub fn stats(&self, total: &Counts) -> String {
        let hands = total.hands.max(1) as f64;
        let game = self.game;
        let with = game.chosen_hole_cards().map_or(String::new(), |k| format!(" ({k} hole cards)"));
        let mut table = format!(
            "felt deal: {} {}{} hands, seed {}\n",
            total.hands, game.code, with, self.settings.seed
        );
        for (name, n) in total.rows().into_iter().skip(1) {
            let rate = n as f64 * 10_000.0 / hands;
            table.push_str(&format!("  {name:<44} {n:>10}  {rate:>9.1} per 10,000 hands\n"));
        }
        table.trim_end().to_string()
    }
}
