//! `felt convert`: PokerStars hand-history text and ACPC match logs to a PHH bundle
//! (docs/import.md), and the input-format choice shared with `felt replay`.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use feltkit::import::{bundle, convert_as, sniff, Converted, Format};
use feltkit::text::count;

use super::output::{write_whole, Files};

/// The input format flag (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// PHH: `.phh` hands and `.phhs` bundles.
    Phh,
    /// PokerStars hand-history text.
    Pokerstars,
    /// ACPC match logs (`STATE:0:r200c/cr400c/...`, one hand per line).
    Acpc,
}

impl FormatArg {
    /// The library's format.
    pub fn format(self) -> Format {
        match self {
            FormatArg::Phh => Format::Phh,
            FormatArg::Pokerstars => Format::PokerStars,
            FormatArg::Acpc => Format::Acpc,
        }
    }
}

/// Arguments of `felt convert`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// Where to write the PHH bundle (`.phhs`); written under a temporary name and renamed
    /// into place when complete. Default: standard output.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
    /// The input's format: `pokerstars` or `acpc` (default: as the content shows, docs/import.md).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// PokerStars hand-history files or ACPC match logs (`-`: standard input), one or many
    /// hands each.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
}

/// Runs `felt convert`: exit 0 when every hand was converted, 2 when an input cannot be read,
/// holds no hand or is neither PokerStars text nor an ACPC log, or a hand's text could not be read (it is written
/// with `_unreadable` saying why). Hands that cannot be replayed (five-card Omaha, run twice, cash-outs,
/// cut off) are written with the reason, and counted on stderr.
pub fn run(args: ConvertArgs) -> anyhow::Result<ExitCode> {
    if args.format == Some(FormatArg::Phh) {
        anyhow::bail!(
            "--format phh: felt convert reads PokerStars text and ACPC logs; PHH needs no conversion"
        );
    }
    // The output is checked before any input is read: never one of the inputs.
    let mut files = Files::new();
    for path in &args.inputs {
        files.input(path);
    }
    let output = args.output.as_deref().filter(|p| p.as_os_str() != "-");
    match output {
        Some(path) => files.output(path, &format!("the output {}", path.display()))?,
        None => files.stdout()?,
    }
    let mut text = String::new();
    let mut next = 1;
    let (mut hands, mut refused, mut cut, mut unreadable, mut bad_inputs) = (0, 0, 0, 0, 0);
    for path in &args.inputs {
        let shown = path.display().to_string();
        let mut bytes = Vec::new();
        let read = if path.as_os_str() == "-" {
            std::io::stdin().lock().read_to_end(&mut bytes)
        } else {
            std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes))
        };
        if let Err(e) = read {
            super::diagnose(format_args!("felt convert: {shown}: UNREADABLE: {e}"));
            bad_inputs += 1;
            continue;
        }
        let format = match args.format {
            Some(f) => f.format(),
            None => match sniff(&bytes) {
                Some(f) if f != Format::Phh => f,
                _ => {
                    super::diagnose(format_args!(
                        "felt convert: {shown}: neither PokerStars text (its first line does not start `PokerStars `) nor an ACPC log (no `STATE:` line first); --format pokerstars or --format acpc reads it anyway"
                    ));
                    bad_inputs += 1;
                    continue;
                }
            },
        };
        let converted = convert_as(format, &bytes);
        if converted.is_empty() {
            let what = match format {
                Format::Acpc => "no hand line (`STATE:...`) found",
                _ => "no `PokerStars Hand #` header found",
            };
            super::diagnose(format_args!("felt convert: {shown}: NO HANDS: {what}"));
            bad_inputs += 1;
            continue;
        }
        for h in &converted {
            let why =
                |key: &str| h.phh.lines().find_map(|l| l.strip_prefix(key).map(str::to_string));
            if let Some(w) = why("_unreadable = ") {
                unreadable += 1;
                super::diagnose(format_args!(
                    "felt convert: {shown} hand at line {}: UNREADABLE: {w}",
                    h.line
                ));
            } else if why("_not_replayable = ").is_some() {
                refused += 1;
            } else if why("_cut_off = ").is_some() {
                cut += 1;
            }
        }
        hands += converted.len();
        let renumbered: Vec<Converted> =
            converted.into_iter().map(|h| Converted { index: 0, ..h }).collect();
        text.push_str(&bundle(&renumbered, next));
        next += renumbered.len();
    }
    if hands == 0 {
        // Nothing converted: an output file already there is left as it was.
        let kept = output.map_or(String::new(), |p| format!(", {} left as it was", p.display()));
        super::diagnose(format_args!(
            "felt convert: no hands from {} ({}, named above): nothing written{kept}",
            count(args.inputs.len(), "input", "inputs"),
            count(bad_inputs, "input without hands", "inputs without hands"),
        ));
        return Ok(ExitCode::from(2));
    }
    write_output(output, &text)?;
    let without = match bad_inputs {
        0 => String::new(),
        n => format!("; {} (named above)", count(n, "input without hands", "inputs without hands")),
    };
    super::diagnose(format_args!(
        "felt convert: {} from {}: {} to replay, {} not replayable (a game or feature feltkit does not play), {} cut off, {} unreadable{without}",
        count(hands, "hand", "hands"),
        count(args.inputs.len(), "input", "inputs"),
        hands - refused - cut - unreadable,
        refused,
        cut,
        unreadable
    ));
    Ok(if bad_inputs > 0 || unreadable > 0 || hands == 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes the bundle to standard output, or to a file replaced only when complete.
fn write_output(output: Option<&Path>, text: &str) -> anyhow::Result<()> {
    let Some(path) = output else {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        return Ok(out.flush()?);
    };
    write_whole(path, &format!("the output {}", path.display()), text.as_bytes())
}
