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
use feltkit::play::{hand_rng, random_hand_counted, random_stakes, Counts, Style};
use feltkit::rules::game::GAMES;
use feltkit::rules::{Chips, Game, MAX_CHIPS};
use rand::Rng;

/// The most hands one run may deal.
pub const MAX_HANDS: u64 = 100_000_000;

/// Arguments of `felt deal`.
#[derive(Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct DealArgs {
    /// The game: a preset (nlhe, flhe, plhe, turnover, stud7, stud7-spread, americana,
    /// americana-nl) or a PHH code (NT, FT, PT, F7S).
    #[arg(long, short = 'g')]
    game: String,
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

fn parse_stack(text: &str) -> Result<Chips, String> {
    match text.trim().parse::<Chips>() {
        Ok(x) if (1..=MAX_CHIPS).contains(&x) => Ok(x),
        _ => Err(format!("`{text}`: expected a whole number of chips from 1 to {MAX_CHIPS}")),
    }
}

/// Runs `felt deal`: exit 0, or 2 for a bad argument or an output that cannot be written.
pub fn run(args: DealArgs) -> anyhow::Result<ExitCode> {
    let Some(game) = Game::by_code(&args.game).filter(|g| g.supported) else {
        let codes: Vec<&str> = GAMES.iter().filter(|g| g.supported).map(|g| g.code).collect();
        anyhow::bail!("--game {}: expected one of {}", args.game, codes.join(", "));
    };
    let most = game.max_players.min(9);
    let (lo, hi) = match (args.players, args.stacks.len()) {
        (Some((lo, hi)), n) if n > 1 && (lo != n || hi != n) => anyhow::bail!(
            "--players {lo}-{hi} and --stacks with {n} amounts disagree: give one stack for all, or one per player"
        ),
        (Some(range), _) => range,
        (None, n) if n > 1 => (n, n),
        (None, _) => (2, most),
    };
    if hi > game.max_players {
        anyhow::bail!("{} is played by 2 to {} players, not {hi}", game.code, game.max_players);
    }
    let threads =
        args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    // Hand `k`, as section `[k + 1]` of the bundle, written to `out`.
    let one_hand = |k: u64, out: &mut String, counts: &mut Counts| -> anyhow::Result<()> {
        let mut rng = hand_rng(args.seed, k);
        let players = rng.random_range(lo..=hi);
        let mut stakes = random_stakes(game, players, &mut rng);
        match args.stacks.len() {
            0 => {}
            1 => stakes.stacks = vec![args.stacks[0]; players],
            _ => stakes.stacks.clone_from(&args.stacks),
        }
        let (text, _, reached) = random_hand_counted(game, &stakes, Style::default(), &mut rng)
            .with_context(|| format!("hand {} could not be played", k + 1))?;
        counts.add(&reached);
        use std::fmt::Write as _;
        let _ = writeln!(out, "[{}]", k + 1);
        out.push_str(&text);
        out.push('\n');
        Ok(())
    };
    // Blocks of hands are played on the workers and written in order as they come (the
    // streaming pipeline of `felt replay`).
    const BLOCK: u64 = 256;
    let mut total = Counts::default();
    let mut write_all = |out: &mut dyn Write| -> anyhow::Result<()> {
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
            let real = feltkit::batch::resolve_links(path)
                .with_context(|| format!("-o {}", path.display()))?;
            let mut file =
                super::batch::interrupt::create(|| feltkit::batch::AtomicFile::create(&real))
                    .with_context(|| format!("-o {}: cannot be created", path.display()))?;
            let result = {
                let mut out = std::io::BufWriter::with_capacity(1 << 16, file.file());
                write_all(&mut out)
            };
            match result {
                Ok(()) => super::batch::interrupt::finish(|| file.commit())
                    .with_context(|| format!("-o {}: cannot be written", path.display()))?,
                Err(e) => {
                    super::batch::interrupt::finish(|| drop(file));
                    return Err(e.context(format!("-o {}: not written", path.display())));
                }
            }
        }
    }
    if args.stats {
        let hands = total.hands.max(1) as f64;
        let mut table =
            format!("felt deal: {} {} hands, seed {}\n", total.hands, game.code, args.seed);
        for (name, n) in total.rows().into_iter().skip(1) {
            let rate = n as f64 * 10_000.0 / hands;
            table.push_str(&format!("  {name:<38} {n:>10}  {rate:>9.1} per 10,000 hands\n"));
        }
        super::diagnose(format_args!("{}", table.trim_end()));
    }
    Ok(ExitCode::SUCCESS)
}
