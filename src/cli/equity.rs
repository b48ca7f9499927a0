//! `felt equity`: each player's equity, exhaustive or Monte Carlo, as a table or JSON.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use feltkit::card::parse_cards;
use feltkit::catalog::EquityMethod;
use feltkit::equity::{
    calculate_with, check_long, plan, Equity, EquityError, Game, Method, Options, Query,
};
use feltkit::text::count;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

mod hands;
mod streets;

/// Reads `--game`: a name or alias of a game of the catalog with an equity method
/// ([`feltkit::equity::GAME_NAMES`], read from [`feltkit::catalog`]).
pub fn parse_game(text: &str) -> Result<Game, String> {
    feltkit::api::equity::parse_game(text)
}

/// The `--game` help: every game of the catalog with an equity method, with its other names.
pub fn game_help() -> String {
    let games: Vec<String> = feltkit::equity::GAME_NAMES
        .iter()
        .map(|(g, aliases)| match aliases {
            [] => g.name().to_string(),
            a => format!("{} ({})", g.name(), a.join(", ")),
        })
        .collect();
    format!("The game: {}", games.join(", "))
}

/// Estimated wall-clock seconds above which `--exhaustive` prints its estimate before starting.
pub const ANNOUNCE_SECONDS: f64 = 60.0;

/// Arguments of `felt equity`.
#[derive(Args, Debug)]
pub struct EquityArgs {
    #[arg(long, default_value = "holdem", value_parser = parse_game, help = game_help())]
    game: Game,
    /// Board cards, e.g. `Kd8h2c`.
    #[arg(long, default_value = "")]
    board: String,
    /// Dead cards (out of the deck), e.g. `4h5h`.
    #[arg(long, default_value = "")]
    dead: String,
    /// Enumerate every deal (exact). An estimate above a minute is printed to stderr first; one
    /// above 3 hours needs --allow-long.
    #[arg(long, conflicts_with_all = ["monte_carlo", "iterations", "stderr", "time"])]
    exhaustive: bool,
    /// Run an --exhaustive enumeration estimated to take more than 3 hours.
    #[arg(long)]
    allow_long: bool,
    /// Sample random deals (implied by --iterations, --stderr or --time).
    #[arg(long)]
    monte_carlo: bool,
    /// Monte Carlo: stop after this many deals (1 to 10^12).
    #[arg(long, value_parser = super::parse_iterations)]
    iterations: Option<u64>,
    /// Monte Carlo: stop when every player's standard error is at most this (more than 0, at
    /// most 1, e.g. 0.001).
    #[arg(long, value_parser = feltkit::equity::stderr_target)]
    stderr: Option<f64>,
    /// Monte Carlo: stop after this many seconds (more than 0, at most 86400).
    #[arg(long, value_parser = super::parse_seconds)]
    time: Option<Duration>,
    /// Monte Carlo seed: same seed, same numbers, on any thread count.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_parser = super::parse_threads)]
    threads: Option<usize>,
    /// Write one JSON object: {method, deals, players: [{spec, equity, win, tie, stderr}]};
    /// stderr only for Monte Carlo, null when unknown (fewer than two deals); the high-low
    /// games add scoop, high and low.
    #[arg(long)]
    json: bool,
    /// Hold'em: each class of each player's range with its equity against the others (win,
    /// tie, weight, share of the range), as a table sorted by equity and the 13x13 grid
    /// coloured by equity.
    #[arg(long, conflicts_with = "streets")]
    by_hand: bool,
    /// With --by-hand: each combo too, under its class.
    #[arg(long, requires = "by_hand")]
    combos: bool,
    /// The equity street by street: with a 5-card --board, preflop, on the flop, turn and
    /// river; with a flop or turn, after every card that can come next (the cards that help
    /// and hurt, with their counts).
    #[arg(long)]
    streets: bool,
    /// Colour the --by-hand grid: auto (a terminal without NO_COLOR), always or never.
    #[arg(long, value_enum, default_value = "auto")]
    color: super::range::ColorArg,
    /// With --by-hand: the grid of one player's range (--player) as an SVG picture; with
    /// --streets: the chart of the equities (replaced only when complete).
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    /// With --by-hand or --streets: a self-contained HTML page (pictures and tables).
    #[arg(long, value_name = "FILE")]
    html: Option<std::path::PathBuf>,
    /// With --by-hand --svg: whose range the picture shows (1 = the first player).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=10))]
    player: u16,
    /// Each player's range (hold'em and short deck, e.g. `QQ+,AKs`; Omaha, e.g. `AAKKds,JT98`)
    /// or exact cards; known cards in the stud games, Americana and turnover.
    #[arg(required = true, num_args = 1..)]
    players: Vec<String>,
}

/// Runs `felt equity`.
pub fn run(args: EquityArgs) -> anyhow::Result<ExitCode> {
    let game = args.game;
    let mut q = Query::new(game, args.players.iter().cloned());
    q.board = args.board.clone();
    q.dead = args.dead.clone();
    q.method = match (args.exhaustive, args.monte_carlo) {
        (true, _) => Method::Exhaustive,
        (_, true) => Method::MonteCarlo,
        _ => Method::Auto,
    };
    q.iterations = args.iterations;
    q.stderr = args.stderr;
    q.time = args.time;
    q.seed = args.seed;
    // A stopping rule only means something to Monte Carlo: asking for one asks for it.
    q.method = q.asked_method();
    if (args.svg.is_some() || args.html.is_some()) && !args.by_hand && !args.streets {
        anyhow::bail!("--svg and --html draw --by-hand or --streets: add one of them");
    }
    super::range::check_outputs(args.svg.as_deref(), args.html.as_deref())?;
    let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::hidden());
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {percent}% eta {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let start = Instant::now();
    let shown = std::sync::atomic::AtomicBool::new(false);
    let progress = |frac: f64| {
        // Only runs longer than about a second get a bar.
        if start.elapsed() > Duration::from_secs(1)
            && !shown.swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        bar.set_position((frac * 1000.0) as u64);
    };
    if q.method == Method::Exhaustive {
        // A runout's longest street is preflop.
        let mut planned = q.clone();
        if args.streets && parse_cards(&q.board, q.game.deck()).is_ok_and(|b| b.len() == 5) {
            planned.board.clear();
        }
        match plan(&planned) {
            Ok((_, cost)) => check_duration(cost, &args)?,
            Err(e) => return Ok(refuse(&q, &e)),
        }
    }
    let opts = Options { threads: args.threads, progress: Some(&progress) };
    note_one_card_players(&q);
    if args.by_hand || args.streets {
        let code = if args.by_hand {
            hands::run(&q, &args, &opts)
        } else {
            streets::run(&q, &args, &opts)
        };
        bar.finish_and_clear();
        return code;
    }
    let result = calculate_with(&q, &opts);
    bar.finish_and_clear();
    let e = match result {
        Ok(e) => e,
        Err(e) => return Ok(refuse(&q, &e)),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        writeln!(out, "{}", to_json(&e))?;
    } else {
        write_table(&mut out, &e, q.method == Method::Auto)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The query as a `felt equity` command line, with `flag` at the end: the pictures' title.
pub(super) fn command_line(q: &Query, flag: &str) -> String {
    feltkit::picture::equity::command_line(q, flag)
}

/// Prints the estimate of a long exhaustive run before it starts, and refuses one above
/// [`feltkit::equity::ALLOW_LONG_SECONDS`] without `--allow-long` (the library's rule,
/// [`check_long`]).
fn check_duration(cost: f64, args: &EquityArgs) -> anyhow::Result<()> {
    // Above the library's limit it refuses the run whatever the flags, with its own message.
    if let Some(estimate) = check_long(cost, args.threads, args.allow_long)?
        && estimate.seconds() > ANNOUNCE_SECONDS
    {
        super::diagnose(format_args!("felt: {estimate}"));
    }
    Ok(())
}

/// Reports a query the library refused (exit 2), with a hint where one helps.
fn refuse(q: &Query, e: &EquityError) -> ExitCode {
    super::diagnose(format_args!("felt: {e}"));
    hint_split_hand(q, e);
    ExitCode::from(2)
}

/// After an error about a one-card player, says so when several players are one card each:
/// the shell split a hand written with spaces (`felt equity Ah Kh QsQd`).
fn hint_split_hand(q: &Query, e: &EquityError) {
    let one_card = match e {
        EquityError::Range { error, .. } => {
            error.kind == feltkit::range::RangeErrorKind::CardCount(1)
        }
        EquityError::PlayerCardCount { got: 1, .. } => true,
        _ => false,
    };
    if one_card && let Some((who, a, b)) = split_hand(q) {
        super::diagnose(format_args!(
            "felt: hint: {who}: give each player's cards as one argument, written together \
                 ({a}{b}) or quoted (\"{a} {b}\")"
        ));
    }
}

/// In the stud games a player may be one known card, so a hand the shell split
/// (`felt equity --game stud Kh Kd QsQcJs`) is a valid query with a player too many: the same
/// words as the hold'em hint, as a note before the answer.
fn note_one_card_players(q: &Query) {
    if q.game.entry().equity_method() == Some(EquityMethod::Stud)
        && let Some((who, a, b)) = split_hand(q)
    {
        super::diagnose(format_args!(
            "felt: note: {who}; if they are one player's cards, give them as one argument, \
                 written together ({a}{b}) or quoted (\"{a} {b}\")"
        ));
    }
}

/// When two or more players are one card each: which (`players 1 and 2 are one card each (Kh,
/// Kd)`), and the first two cards.
fn split_hand(q: &Query) -> Option<(String, &str, &str)> {
    let singles: Vec<(usize, &String)> = q
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| parse_cards(p, q.game.deck()).is_ok_and(|c| c.len() == 1))
        .map(|(i, p)| (i + 1, p))
        .collect();
    if singles.len() < 2 {
        return None;
    }
    let numbers: Vec<String> = singles.iter().map(|(i, _)| i.to_string()).collect();
    let cards: Vec<&str> = singles.iter().map(|(_, p)| p.trim()).collect();
    let who = format!("players {} are one card each ({})", join_and(&numbers), cards.join(", "));
    Some((who, cards[0], cards[1]))
}

/// `1 and 2`, `1, 2 and 3`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The `--json` object (the API's too).
pub(super) fn to_json(e: &Equity) -> serde_json::Value {
    feltkit::api::equity::equity_json(e)
}

/// The plain table: one row per player, columns aligned.
pub(super) fn write_table(out: &mut dyn Write, e: &Equity, auto: bool) -> std::io::Result<()> {
    let how = if auto { " (chosen automatically)" } else { "" };
    let method = e.method.name().replace('_', " ");
    writeln!(out, "method: {method}{how}, {}", count(e.deals, "deal", "deals"))?;
    let mc = e.method == Method::MonteCarlo;
    // A stud player with no known cards is given as "": name that, not a blank.
    let name = |spec: &str| {
        if spec.trim().is_empty() {
            "(none known)".to_string()
        } else {
            spec.to_string()
        }
    };
    let width = super::column_width(e.players.iter().map(|p| name(&p.spec).chars().count()), 6);
    let hilo = e.players.iter().any(|p| p.hilo.is_some());
    let (b, c, d) = if hilo { ("scoop", "high", "low") } else { ("win", "tie", "") };
    let mut head = format!("{:<width$}  {:>9}  {:>9}  {:>9}", "player", "equity", b, c);
    if hilo {
        head += &format!("  {d:>9}");
    }
    if mc {
        head += &format!("  {:>8}", "stderr");
    }
    writeln!(out, "{}", head.trim_end())?;
    for p in &e.players {
        let pct = |x: f64| format!("{:.4}%", 100.0 * x);
        let mut row = match p.hilo {
            Some(h) => format!(
                "{:<width$}  {:>9}  {:>9}  {:>9}  {:>9}",
                name(&p.spec),
                pct(p.equity),
                pct(h.scoop),
                pct(h.high),
                pct(h.low)
            ),
            None => format!(
                "{:<width$}  {:>9}  {:>9}  {:>9}",
                name(&p.spec),
                pct(p.equity),
                pct(p.win),
                pct(p.tie)
            ),
        };
        if mc {
            // A standard error needs at least two deals: with one it is unknown, not 0.
            let se = p.stderr.map_or_else(|| "n/a".to_string(), |se| format!("{:.4}%", 100.0 * se));
            row += &format!("  {se:>8}");
        }
        writeln!(out, "{row}")?;
    }
    Ok(())
}
