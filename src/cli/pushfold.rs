//! `felt pushfold`: the heads-up push/fold equilibrium for an effective stack (chip EV): the
//! small blind's push range and the big blind's call range, as range text and as the 13 × 13
//! grid, with each side's best-response gain. docs/preflop.md describes the model.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;
use feltkit::api::pushfold::{big_blinds, share, solutions_json};
use feltkit::card::CardSet;
use feltkit::picture;
use feltkit::pushfold::{self, Solution, Spot, MAX_ANTE, MAX_STACK};
use feltkit::range::grid::{compact, summarize, Summary};

/// The most stack depths one run solves.
pub const MAX_DEPTHS: usize = feltkit::api::pushfold::MAX_DEPTHS;

/// Arguments of `felt pushfold`.
#[derive(Args, Debug)]
pub struct PushFoldArgs {
    /// Effective stack in big blinds, before the blinds and antes are posted; several,
    /// comma-separated, solve each (e.g. "5,10,15").
    #[arg(long, value_name = "BB", value_parser = parse_stacks, allow_negative_numbers = true)]
    stacks: Stacks,
    /// Each player's ante in big blinds.
    #[arg(
        long,
        value_name = "A",
        default_value = "0",
        value_parser = parse_ante,
        allow_negative_numbers = true
    )]
    ante: f64,
    /// Players at the table: push/fold is solved heads-up only (2).
    #[arg(long, default_value = "2", value_parser = parse_players)]
    players: u8,
    /// Write everything as JSON (one object, or an array for several stacks).
    #[arg(long)]
    json: bool,
    /// Write the push and call grids as one SVG picture each: FILE gets the push range and
    /// FILE with `-call` before its extension the call range (one stack only).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Write a self-contained HTML page with both grids and the range text (one stack only).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

/// The stack depths asked for.
#[derive(Clone, Debug)]
pub struct Stacks(Vec<f64>);

fn parse_stacks(text: &str) -> Result<Stacks, String> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() > MAX_DEPTHS {
        return Err(format!("{} stack depths given: at most {MAX_DEPTHS} per run", parts.len()));
    }
    let mut out = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let x = big_blinds(part, 1.0, MAX_STACK).map_err(|e| {
            if parts.len() > 1 {
                format!("depth {}: {e}", i + 1)
            } else {
                e
            }
        })?;
        out.push(x);
    }
    Ok(Stacks(out))
}

fn parse_ante(text: &str) -> Result<f64, String> {
    big_blinds(text, 0.0, MAX_ANTE)
}

fn parse_players(text: &str) -> Result<u8, String> {
    feltkit::api::pushfold::heads_up(text)
}

/// Runs `felt pushfold`: exit 0, or 2 for a bad flag or output file.
pub fn run(args: PushFoldArgs) -> anyhow::Result<ExitCode> {
    let _ = args.players;
    let depths = &args.stacks.0;
    if depths.len() > 1 && (args.svg.is_some() || args.html.is_some()) {
        bail!("--svg and --html draw one stack depth: give --stacks a single value");
    }
    // The pictures are checked before anything is solved: the push picture, its call-range
    // picture and the page are three different files.
    let mut files = super::output::Files::new();
    if let Some(path) = &args.svg {
        files.output(path, &format!("--svg {}", path.display()))?;
        let call = call_file(path);
        let name = format!("--svg {} (its call-range picture {})", path.display(), call.display());
        files.output(&call, &name)?;
    }
    if let Some(path) = &args.html {
        files.output(path, &format!("--html {}", path.display()))?;
    }
    let mut solutions = Vec::with_capacity(depths.len());
    for &stack in depths {
        let spot = Spot { stack, ante: args.ante };
        solutions.push(pushfold::solve(spot).with_context(|| format!("--stacks {stack}"))?);
    }
    let out = if args.json {
        serde_json::to_string_pretty(&solutions_json(&solutions))? + "\n"
    } else {
        solutions.iter().map(plain).collect::<Vec<_>>().join("\n")
    };
    if let Some(s) = solutions.first() {
        let (push, call) = (summarize(&s.push_range(), CardSet::EMPTY), summary_call(s));
        let title = title(s);
        if let Some(path) = &args.svg {
            let push_svg = grid(&push, &format!("{title}: push"));
            super::range::write_atomic(path, "--svg", push_svg.as_bytes())?;
            let call_path = call_file(path);
            let call_svg = grid(&call, &format!("{title}: call"));
            super::range::write_atomic(&call_path, "--svg", call_svg.as_bytes())?;
        }
        if let Some(path) = &args.html {
            let svgs = grid(&push, &format!("{title}: push (small blind)"))
                + &grid(&call, &format!("{title}: call (big blind)"));
            let rows = vec![
                vec!["push (small blind)".to_string(), compact(&s.push_range())],
                vec!["call (big blind)".to_string(), compact(&s.call_range())],
            ];
            let tables = picture::html_table("ranges", &["side", "range"], &rows);
            let page = picture::html(&svgs, &title, &tables);
            super::range::write_atomic(path, "--html", page.as_bytes())?;
        }
    }
    std::io::stdout().lock().write_all(out.as_bytes()).context("writing the report")?;
    Ok(ExitCode::SUCCESS)
}

/// One side's grid: each cell filled by the share of the class played, and numbered with it
/// where the class is mixed.
fn grid(s: &Summary, title: &str) -> String {
    picture::svg_numbered(s, None, title, picture::CellNumber::Percent)
}

fn summary_call(s: &Solution) -> Summary {
    summarize(&s.call_range(), CardSet::EMPTY)
}

/// `push.svg` -> `push-call.svg`.
fn call_file(path: &std::path::Path) -> PathBuf {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-call.{}", ext.to_string_lossy()),
        None => format!("{stem}-call"),
    };
    path.with_file_name(name)
}

fn title(s: &Solution) -> String {
    let ante = if s.spot.ante > 0.0 { format!(", ante {} BB", s.spot.ante) } else { String::new() };
    format!("heads-up push/fold, {} BB effective{ante}", s.spot.stack)
}

fn plain(s: &Solution) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} (chip EV)", title(s));
    for (name, range) in
        [("push (small blind)", s.push_range()), ("call (big blind)", s.call_range())]
    {
        let summary = summarize(&range, CardSet::EMPTY);
        let text = compact(&range);
        let text = if text.is_empty() { "(none)".to_string() } else { text };
        let _ = writeln!(out, "{name}: {:.1}% of hands", share(&summary));
        let _ = writeln!(out, "{text}");
        super::range::plain_grid(&mut out, &summary);
    }
    let _ = writeln!(out, "small blind result: {:+.4} BB per hand", s.value);
    let _ = writeln!(
        out,
        "best-response gain: small blind {:.4} BB, big blind {:.4} BB per hand \
         (fictitious play, {} rounds)",
        s.push_gain, s.call_gain, s.rounds
    );
    out
}
