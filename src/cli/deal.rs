//! `felt deal`: random legal hands of any game, written as a PHH bundle with their results.
//!
//! Hand `k` is played from a generator seeded by `--seed` and `k` alone, so the bundle is the
//! same on any number of threads. Hands are made in blocks of 256 on every core and written in
//! order as they come;
//! a file given with `-o` appears only when complete.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use feltkit::phh::stream::{ordered, Step, Window};
use feltkit::play::{
    big_bet, default_stakes, hand_rng, max_random_stack, random_hand_into, random_stacks, Counts,
    Style, Table, MAX_RANDOM_BETS,
};
use feltkit::rules::variant::VARIANTS;
use feltkit::rules::{Chips, Opening, Stakes, Structure, Variant, MAX_CHIPS};
use rand::Rng;

use super::output::Output;

/// The most hands one run may deal.
pub const MAX_HANDS: u64 = 100_000_000;

/// Arguments of `felt deal`.
#[derive(Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct DealArgs {
    #[arg(long, short = 'g', help = game_help())]
    game: String,
    /// Omaha games (PO, FO/8, plo, flo8): deal 4, 5 or 6 hole cards (five- and six-card Omaha; the hands
    /// say so in `_hole_cards`).
    #[arg(long, value_name = "N")]
    hole_cards: Option<u32>,
    /// Another betting structure: no-limit, pot-limit, fixed-limit or pot-limit-preflop (pot
    /// limit before the flop, no limit after; the hands say so in `_structure`), in the games whose betting is opened by position: pot-limit `FO/8` is
    /// Big O with --hole-cards 5.
    #[arg(long, value_name = "S")]
    structure: Option<String>,
    /// Hands to deal, 1 to 100,000,000.
    #[arg(long = "hands", short = 'n', default_value = "1000", value_parser = parse_hands)]
    hands: u64,
    /// Players per hand: a number, or a range such as 2-6 (default: 2 to the game's most,
    /// at most 9), drawn for each hand.
    #[arg(long, value_parser = parse_players)]
    players: Option<(usize, usize)>,
    /// Starting stacks: one amount for every player, or one per player (then the number of
    /// players). Default: drawn for each hand, a third of them short.
    #[arg(long, value_delimiter = ',', value_parser = parse_stack)]
    stacks: Vec<Chips>,
    /// Forced bets and bet sizes, as `key=value` parts separated by commas: `blinds=1/2[/4...]`,
    /// `ante=X`, `bring-in=X`, `bets=SMALL/BIG` (fixed limit; spread limit: least/most),
    /// `min-bet=X`; or just `A/B`: the blinds of hold'em and turnover, the bets of stud.
    /// Default: the game's smallest (see below). Random stacks scale with the big bet.
    #[arg(long, value_parser = parse_stakes)]
    stakes: Option<StakesFlag>,
    /// Play the hands in order at one table, as a session: the same players, stacks carried
    /// over, the button moving one seat a hand, broke players buying in again. `--players` is
    /// then the number of seats (default 6, or the game's most); `felt replay --session`
    /// checks the bundle.
    #[arg(long)]
    session: bool,
    /// Facing a bet, fold this often (percent, 0 to 100). With none of --fold, --raise and
    /// --muck, each hand is played in the default style (25/35/15) or, one in five, calmly
    /// (2/10/15).
    #[arg(long, value_parser = parse_percent)]
    fold: Option<u32>,
    /// When a bet or raise is allowed, make one this often (percent).
    #[arg(long, value_parser = parse_percent)]
    raise: Option<u32>,
    /// At the showdown, a player after the first mucks this often where they may (percent).
    #[arg(long, value_parser = parse_percent)]
    muck: Option<u32>,
    /// After an all-in with board cards still to come, deal the rest of the board this many
    /// times (1 to 3; default 1): every player asks for it, and each pot is split between the
    /// runs. Hold'em, Omaha and short deck, not in tournament hands.
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u8).range(1..=3))]
    runs: u8,
    /// Deal bomb pots: every player puts in this many chips before the cards, nobody posts a
    /// blind, and the betting opens on the flop (the flop games; the hands say so in
    /// `_bomb_pot`). Give the bet sizes with --stakes min-bet=X or bets=SMALL/BIG, not blinds.
    #[arg(long, value_name = "AMOUNT", value_parser = parse_stack)]
    bomb_pot: Option<Chips>,
    /// With --bomb-pot: deal this many boards, 1 or 2 (a double-board bomb pot: each pot is
    /// split between the boards; the hands say so in `_boards`).
    #[arg(long, value_name = "N", requires = "bomb_pot", value_parser = clap::value_parser!(u8).range(1..=2))]
    boards: Option<u8>,
    /// Seed of the random play: the same seed gives the same hands.
    #[arg(long, default_value = "0")]
    seed: u64,
    /// Write the bundle to this file (replaced only when complete) instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// After the hands, write to standard error how often they reached each situation whose
    /// rules matter (all-ins, side pots, split pots and odd chips, mucks, short all-in raises,
    /// bring-ins and completions, the open-pair option, stud community cards, turnover
    /// exposes), with the rate per 10,000 hands.
    #[arg(long)]
    stats: bool,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_parser = super::parse_threads)]
    threads: Option<usize>,
}

const AFTER_HELP: &str = "\
Each hand is a section [1], [2], ... of a PHH bundle, with its finishing_stacks, winnings and
_pots: `felt replay --check` replays every one as legal and matching. Stakes are the game's
smallest (blinds 1/2, bets 2/4 in hold'em; ante 1, bring-in 2, bets 5/10 in stud; ante 1 in
Americana).";

/// The `--game` help: the presets and PHH codes `felt deal` plays, then the catalog's names.
fn game_help() -> String {
    let codes = |phh: bool| {
        let codes = VARIANTS.iter().filter(|g| g.supported && g.is_phh_code() == phh);
        codes.map(|g| g.code).collect::<Vec<_>>().join(", ")
    };
    format!(
        "The game: a preset ({}), a PHH code ({}), or {}",
        codes(false),
        codes(true),
        game_names()
    )
}

/// The names `felt deal -g` takes besides the codes: those of `felt equity`, then the others.
fn game_names() -> String {
    let others = feltkit::catalog::CATALOG.iter().filter(|e| e.equity.is_none());
    format!(
        "a game name of felt equity ({}) or of a game without equity ({})",
        feltkit::equity::Game::name_list(),
        feltkit::catalog::name_list(others)
    )
}

fn parse_hands(text: &str) -> Result<u64, String> {
    super::parse_in_range(text, 1, MAX_HANDS)
}

fn parse_players(text: &str) -> Result<(usize, usize), String> {
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

/// The forced bets and bet sizes given with `--stakes`; what is not given keeps the game's
/// default.
#[derive(Clone, Debug, Default)]
struct StakesFlag {
    /// `A/B` alone: the blinds, or the bets of a game opened by cards.
    pair: Option<(Chips, Chips)>,
    blinds: Option<Vec<Chips>>,
    ante: Option<Chips>,
    bring_in: Option<Chips>,
    bets: Option<(Chips, Chips)>,
    min_bet: Option<Chips>,
}

fn parse_stakes(text: &str) -> Result<StakesFlag, String> {
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
        let americana = game.deck == feltkit::card::Deck::Americana;
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

fn parse_percent(text: &str) -> Result<u32, String> {
    match text.trim().trim_end_matches('%').parse::<u32>() {
        Ok(x) if x <= 100 => Ok(x),
        _ => Err(format!("`{text}`: expected a percentage from 0 to 100")),
    }
}

fn parse_stack(text: &str) -> Result<Chips, String> {
    match text.trim().parse::<Chips>() {
        Ok(x) if (Chips(1)..=MAX_CHIPS).contains(&x) => Ok(x),
        _ => Err(format!("`{text}`: expected a whole number of chips from 1 to {MAX_CHIPS}")),
    }
}

/// Runs `felt deal`: exit 0, or 2 for a bad argument or an output that cannot be written.
pub fn run(args: DealArgs) -> anyhow::Result<ExitCode> {
    let Some(game) = Variant::by_code(&args.game)
        .filter(|g| g.supported)
        .or_else(|| feltkit::catalog::Game::by_name(&args.game)?.entry().dealt())
    else {
        let codes: Vec<&str> = VARIANTS.iter().filter(|g| g.supported).map(|g| g.code).collect();
        anyhow::bail!(
            "--game {}: expected one of {}, or {}",
            args.game,
            codes.join(", "),
            game_names()
        );
    };
    let game = match args.hole_cards {
        Some(k) => game.with_hole_cards(k).map_err(|e| anyhow::anyhow!("--hole-cards {k}: {e}"))?,
        None => game,
    };
    let game = match &args.structure {
        Some(s) if game.streets.first().is_some_and(|st| st.opening != Opening::Position) => {
            anyhow::bail!(
                "--structure {s}: {} opens its betting with a bring-in and keeps its own structure (stud7-spread and americana-nl are the other stud structures)",
                game.code
            )
        }
        Some(s) => game.with_structure(s).map_err(|e| anyhow::anyhow!("--structure: {e}"))?,
        None => game,
    };
    let most = game.max_players.min(9);
    let (lo, hi) = match (args.players, args.stacks.len()) {
        (Some((lo, hi)), n) if n > 1 && (lo != n || hi != n) => anyhow::bail!(
            "--players {lo}-{hi} and --stacks with {n} amounts disagree: give one stack for all, or one per player"
        ),
        (Some(range), _) => range,
        (None, n) if n > 1 => (n, n),
        (None, _) if args.session => (most.min(6), most.min(6)),
        (None, _) => (2, most),
    };
    if args.session && lo != hi {
        anyhow::bail!(
            "--session plays at one table: give --players one number of seats, not {lo}-{hi}"
        );
    }
    if hi > game.max_players {
        let with = args.hole_cards.map_or(String::new(), |k| format!(" with {k} hole cards"));
        anyhow::bail!(
            "{}{with} is played by 2 to {} players, not {hi}",
            game.code,
            game.max_players
        );
    }
    if let Some(bomb) = args.bomb_pot {
        check_bomb_pot(&args, game, bomb, (lo, hi))?;
    }
    // Stakes that cannot start a hand are refused before any is dealt, with the stacks the
    // hands would get: the ones given, or the largest that are drawn (they scale with the big
    // bet, and must stay within the chip limit).
    if let Some(flag) = &args.stakes {
        for players in lo..=hi {
            let mut stakes =
                flag.stakes(game, players).map_err(|e| anyhow::anyhow!("--stakes: {e}"))?;
            let unit = big_bet(game, &stakes);
            stakes.stacks = match args.stacks.len() {
                0 => vec![max_random_stack(unit).min(MAX_CHIPS); players],
                1 => vec![args.stacks[0]; players],
                _ => args.stacks.clone(),
            };
            if let Err(e) = feltkit::rules::HandState::new(game, &stakes) {
                anyhow::bail!("--stakes: {e} ({} with {players} players)", game.code);
            }
            if args.stacks.is_empty() && max_random_stack(unit) > MAX_CHIPS {
                anyhow::bail!(
                    "--stakes: stacks are drawn up to {MAX_RANDOM_BETS} big bets of {unit} chips, \
                     {} chips, above the limit of {MAX_CHIPS} chips a stack may hold: give \
                     smaller stakes, or the stacks with --stacks",
                    max_random_stack(unit)
                );
            }
        }
    }
    // One style for every hand when any of its flags is given.
    let fixed_style =
        (args.fold.is_some() || args.raise.is_some() || args.muck.is_some()).then(|| {
            let d = Style::default();
            Style {
                fold: args.fold.unwrap_or(d.fold),
                raise: args.raise.unwrap_or(d.raise),
                muck: args.muck.unwrap_or(d.muck),
                runs: args.runs,
            }
        });
    let threads =
        args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    // Hand `k`, as section `[k + 1]` of the bundle, written to `out`.
    let one_hand = |k: u64, out: &mut String, counts: &mut Counts| -> anyhow::Result<()> {
        let mut rng = hand_rng(args.seed, k);
        let players = rng.random_range(lo..=hi);
        let mut stakes = match &args.stakes {
            None => default_stakes(game, players),
            Some(flag) => flag.stakes(game, players).map_err(anyhow::Error::msg)?,
        };
        if let Some(bomb) = args.bomb_pot {
            as_bomb_pot(&mut stakes, bomb, args.boards.unwrap_or(1));
        }
        stakes.stacks = random_stacks(big_bet(game, &stakes), players, &mut rng);
        match args.stacks.len() {
            0 => {}
            1 => stakes.stacks = vec![args.stacks[0]; players],
            _ => stakes.stacks.clone_from(&args.stacks),
        }
        let style =
            Style { runs: args.runs, ..fixed_style.unwrap_or_else(|| Style::draw(&mut rng)) };
        use std::fmt::Write as _;
        let _ = writeln!(out, "[{}]", k + 1);
        let (_, reached) = random_hand_into(game, &stakes, style, &mut rng, out)
            .with_context(|| format!("hand {} could not be played", k + 1))?;
        counts.add(&reached);
        out.push('\n');
        Ok(())
    };
    // Blocks of hands are played on the workers and written in order as they come (the
    // streaming pipeline of `felt replay`).
    const BLOCK: u64 = 256;
    let mut total = Counts::default();
    // A session: one hand after another at one table, on this thread.
    let mut table = None;
    if args.session {
        let mut rng = hand_rng(args.seed, u64::MAX);
        let stakes = match &args.stakes {
            None => default_stakes(game, lo),
            Some(flag) => flag.stakes(game, lo).map_err(anyhow::Error::msg)?,
        };
        let stacks = match args.stacks.len() {
            0 => random_stacks(big_bet(game, &stakes), lo, &mut rng),
            1 => vec![args.stacks[0]; lo],
            _ => args.stacks.clone(),
        };
        table = Some(Table::with_stakes(game, stakes, stacks).context("--session")?);
    }
    let play_session = |out: &mut dyn Write, table: &mut Table| -> anyhow::Result<Counts> {
        let mut counts = Counts::default();
        let mut text = String::with_capacity(1 << 16);
        for k in 0..args.hands {
            let mut rng = hand_rng(args.seed, k);
            let style =
                Style { runs: args.runs, ..fixed_style.unwrap_or_else(|| Style::draw(&mut rng)) };
            let (hand, reached) = table
                .play(style, &mut rng)
                .with_context(|| format!("hand {} could not be played", k + 1))?;
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
    };
    let mut write_all = |out: &mut dyn Write| -> anyhow::Result<()> {
        if let Some(table) = table.as_mut() {
            total = play_session(out, table)?;
            return Ok(());
        }
        let blocks = args.hands.div_ceil(BLOCK);
        let mut failed: Option<anyhow::Error> = None;
        let written = ordered(
            threads,
            Window { items: 4 * threads, bytes: usize::MAX },
            |emit| {
                for b in 0..blocks {
                    if !emit(b, 0) {
                        return;
                    }
                }
            },
            |b: u64| -> anyhow::Result<(String, Counts)> {
                let mut text = String::with_capacity(BLOCK as usize * 700);
                let mut counts = Counts::default();
                for k in b * BLOCK..((b + 1) * BLOCK).min(args.hands) {
                    one_hand(k, &mut text, &mut counts)?;
                }
                Ok((text, counts))
            },
            |step| -> std::io::Result<()> {
                match step {
                    Step::Item(Ok((text, counts))) => {
                        total.add(&counts);
                        out.write_all(text.as_bytes())
                    }
                    Step::Item(Err(e)) => {
                        failed.get_or_insert(e);
                        Err(std::io::Error::other("a hand could not be played"))
                    }
                    Step::Idle => Ok(()),
                }
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
        written?;
        out.flush()?;
        Ok(())
    };
    match &args.output {
        None => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
            write_all(&mut out)?;
        }
        Some(path) => {
            let name = format!("-o {}", path.display());
            let mut file = Output::create(path, &name)?;
            let result = {
                let mut out = std::io::BufWriter::with_capacity(1 << 16, file.file());
                write_all(&mut out)
            };
            match result {
                Ok(()) => file.commit()?,
                Err(e) => {
                    file.abandon();
                    return Err(e.context(format!("{name}: not written")));
                }
            }
        }
    }
    if args.stats {
        let hands = total.hands.max(1) as f64;
        let with = game.chosen_hole_cards().map_or(String::new(), |k| format!(" ({k} hole cards)"));
        let mut table =
            format!("felt deal: {} {}{} hands, seed {}\n", total.hands, game.code, with, args.seed);
        for (name, n) in total.rows().into_iter().skip(1) {
            let rate = n as f64 * 10_000.0 / hands;
            table.push_str(&format!("  {name:<44} {n:>10}  {rate:>9.1} per 10,000 hands\n"));
        }
        super::diagnose(format_args!("{}", table.trim_end()));
    }
    Ok(ExitCode::SUCCESS)
}

/// Makes `stakes` a bomb pot's: the bomb and the boards, no blinds or antes (the bet sizes
/// stay).
fn as_bomb_pot(stakes: &mut Stakes, bomb: Chips, boards: u8) {
    stakes.blinds.clear();
    stakes.antes.clear();
    stakes.bomb_pot = bomb;
    stakes.boards = boards;
}

/// Refuses `--bomb-pot` where it cannot be dealt: with a session, blinds or antes given, runs
/// of a double board, a game without a flop, or two boards the deck cannot hold.
fn check_bomb_pot(
    args: &DealArgs,
    game: Variant,
    bomb: Chips,
    (lo, hi): (usize, usize),
) -> anyhow::Result<()> {
    if args.session {
        anyhow::bail!(
            "--bomb-pot deals single hands, not a --session: a session's blinds move with the button from hand to hand, and a bomb pot has none"
        );
    }
    if let Some(flag) = &args.stakes
        && (flag.blinds.is_some() || flag.ante.is_some() || flag.pair.is_some())
    {
        anyhow::bail!(
            "--bomb-pot: a bomb pot has no blinds or antes (every player puts in the bomb): give --stakes the bet sizes only (min-bet=X, or bets=SMALL/BIG in fixed limit)"
        );
    }
    let boards = args.boards.unwrap_or(1);
    if boards > 1 && args.runs > 1 {
        anyhow::bail!("--runs {}: a double-board bomb pot is run once", args.runs);
    }
    for players in lo..=hi {
        let mut stakes = match &args.stakes {
            None => default_stakes(game, players),
            Some(flag) => flag.stakes(game, players).map_err(anyhow::Error::msg)?,
        };
        as_bomb_pot(&mut stakes, bomb, boards);
        stakes.stacks = vec![bomb; players];
        if let Err(e) = feltkit::rules::HandState::new(game, &stakes) {
            anyhow::bail!("--bomb-pot: {e} ({} with {players} players)", game.code);
        }
    }
    Ok(())
}
