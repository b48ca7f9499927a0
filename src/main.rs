//! The `felt` command line: thin wrapper over the feltkit library.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

mod cli;

/// mimalloc instead of the system allocator, asked for blocks its cheapest way
/// ([`feltkit::alloc`]): reading site text and replaying hands makes many short-lived blocks,
/// which glibc's allocator serves slowly.
#[global_allocator]
static ALLOCATOR: feltkit::alloc::Allocator = feltkit::alloc::Allocator;

/// Poker hand evaluation, equity and hand replay.
#[derive(Parser)]
#[command(name = "felt", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Rank hands under any of eight rankings (arguments, or one hand per line from stdin).
    Rank(cli::rank::RankArgs),
    /// Equity of hold'em, short-deck and Omaha ranges, stud, razz, Americana and turnover hands.
    Equity(cli::equity::EquityArgs),
    /// Replay PHH hands (.phh, .phhs, dirs), PokerStars, GG and other sites' texts or ACPC logs; --check results.
    Replay(cli::replay::ReplayArgs),
    /// Luck: each player's results against their all-in equity, over any hands felt replay reads.
    Luck(cli::luck::LuckArgs),
    /// Equity for every row of a CSV/TSV file of questions, in parallel, streaming.
    Batch(cli::batch::BatchArgs),
    /// Convert PokerStars, GG and other sites' hand histories or ACPC logs to PHH (or PokerStars text).
    Convert(cli::convert::ConvertArgs),
    /// Deal random legal hands of any game, as a PHH bundle with their results.
    Deal(cli::deal::DealArgs),
    /// What a hold'em range holds (grid, combos) and how it hits a board; SVG and HTML pictures.
    Range(cli::range::RangeArgs),
    /// Heads-up push/fold equilibrium for a stack depth: push and call ranges (chip EV).
    Pushfold(cli::pushfold::PushFoldArgs),
    /// Serve the JSON API over HTTP: equity, rank, range, replay, convert, push/fold and luck.
    #[cfg(feature = "serve")]
    Serve(cli::serve::ServeArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(cli::shell::CompletionsArgs),
    /// Print the manual page, or write one per command with --out-dir.
    Man(cli::shell::ManArgs),
}

/// What `felt --version` prints after the name: the version, the commit it was built from (when
/// known), the target, and which copy of the hot loops runs on this CPU (`feltkit::cpu`).
fn long_version() -> String {
    let path = feltkit::cpu::path();
    let why = match path {
        feltkit::cpu::Path::X86_64V3 => {
            "this CPU has AVX2 and BMI2; FELTKIT_CPU=portable forces the portable path"
        }
        feltkit::cpu::Path::Portable
            if std::env::var_os(feltkit::cpu::FORCE_VARIABLE).is_some() =>
        {
            "forced by FELTKIT_CPU"
        }
        feltkit::cpu::Path::Portable => "for any CPU of the target",
    };
    format!(
        "{}\ncommit: {}\ntarget: {}-{}\nhot loops: {} ({why})",
        env!("CARGO_PKG_VERSION"),
        option_env!("FELTKIT_COMMIT").unwrap_or("unknown (not built from a git clone)"),
        std::env::consts::ARCH,
        std::env::consts::OS,
        path.name(),
    )
}

fn main() -> ExitCode {
    let matches = Cli::command().long_version(long_version()).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    if let Some(why) = feltkit::cpu::setting_error() {
        eprintln!("felt: {why}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Rank(args) => cli::rank::run(args),
        Command::Equity(args) => cli::equity::run(args),
        Command::Replay(args) => cli::replay::run(args),
        Command::Luck(args) => cli::luck::run(args),
        Command::Batch(args) => cli::batch::run(args),
        Command::Deal(args) => cli::deal::run(args),
        Command::Convert(args) => cli::convert::run(args),
        Command::Range(args) => cli::range::run(args),
        Command::Pushfold(args) => cli::pushfold::run(args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => cli::serve::run(args, long_version()),
        Command::Completions(args) => cli::shell::completions(args, Cli::command()),
        Command::Man(args) => cli::shell::man(args, Cli::command()),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            if cli::is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            cli::diagnose(format_args!("felt: {e:#}"));
            ExitCode::from(2)
        }
    }
}
