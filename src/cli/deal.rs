//! `felt deal`: random legal hands of any game, written as a PHH bundle with their results.
//!
//! Hand `k` is played from a generator seeded by `--seed` and `k` alone, so the bundle is the
//! same on any number of threads. Hands are made in blocks of 256 on every core and written in
//! order as they come;
//! a file given with `-o` appears only when complete.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use feltkit::play::deal::{
    game_names, parse_percent, parse_players, parse_stack, parse_stakes, DealFailure, DealSettings,
    StakesFlag,
};
use feltkit::play::Counts;
use feltkit::rules::variant::VARIANTS;
use feltkit::rules::Chips;
use feltkit::stop::Stop;

use super::output::Output;

use feltkit::play::deal::MAX_HANDS;

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

fn parse_hands(text: &str) -> Result<u64, String> {
    super::parse_in_range(text, 1, MAX_HANDS)
}

/// Runs `felt deal`: exit 0, or 2 for a bad argument or an output that cannot be written.
pub fn run(args: DealArgs) -> anyhow::Result<ExitCode> {
    let settings = DealSettings {
        game: args.game,
        hole_cards: args.hole_cards,
        structure: args.structure,
        hands: args.hands,
        players: args.players,
        stacks: args.stacks,
        stakes: args.stakes,
        session: args.session,
        fold: args.fold,
        raise: args.raise,
        muck: args.muck,
        runs: args.runs,
        bomb_pot: args.bomb_pot,
        boards: args.boards,
        seed: args.seed,
    };
    let mut deal = settings.check()?;
    let threads =
        args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let stop = Stop::new();
    let mut write_all = |out: &mut dyn Write| -> anyhow::Result<Counts> {
        deal.write(out, threads, &stop).map_err(|e| match e {
            DealFailure::Io(e) => anyhow::Error::from(e),
            other => anyhow::anyhow!("{other}"),
        })
    };
    let total = match &args.output {
        None => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
            write_all(&mut out)?
        }
        Some(path) => {
            let name = format!("-o {}", path.display());
            let mut file = Output::create(path, &name)?;
            let result = {
                let mut out = std::io::BufWriter::with_capacity(1 << 16, file.file());
                write_all(&mut out)
            };
            match result {
                Ok(total) => {
                    file.commit()?;
                    total
                }
                Err(e) => {
                    file.abandon();
                    return Err(e.context(format!("{name}: not written")));
                }
            }
        }
    };
    if args.stats {
        super::diagnose(format_args!("{}", deal.stats(&total)));
    }
    Ok(ExitCode::SUCCESS)
}
