//! `felt convert`: PokerStars and GGPoker hand-history text and ACPC match logs to a PHH bundle
//! (docs/import.md), and the input-format choice shared with `felt replay`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::Args;
use feltkit::api::replay::{no_hands, not_detected};
use feltkit::import::{bundle, looks_like, read_hands, sniff, Converted, Format, FORMATS};
use feltkit::replay_source::not_of_format;
use feltkit::text::count;

use super::output::Files;

/// The values `--format` takes (`felt convert`, `felt replay`): every name of every format of
/// the registry ([`feltkit::import::FORMATS`]), each with its help.
pub fn format_parser() -> impl TypedValueParser<Value = Format> {
    let values = Format::all().flat_map(|f| {
        let help = f.site().map_or("PHH: `.phh` hands and `.phhs` bundles", |s| s.words().help);
        f.names().iter().map(move |&name| PossibleValue::new(name).help(help))
    });
    // Only the names listed get through to the map.
    PossibleValuesParser::new(values).map(|name| Format::named(&name).unwrap_or(Format::Phh))
}

/// Arguments of `felt convert`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// Where to write the PHH bundle (`.phhs`); written under a temporary name and renamed
    /// into place when complete. Default: standard output.
    #[arg(short, long, value_name = "OUT")]
    pub(super) output: Option<PathBuf>,
    /// The input's format: a site's hand-history text or `acpc` (ACPC match logs), the values
    /// below (default: as the content shows, docs/import.md).
    #[arg(long, value_parser = format_parser())]
    pub(super) format: Option<Format>,
    /// What to write: `phh` (a PHH bundle) or `pokerstars` (PokerStars hand-history text,
    /// each hand checked by reading it back; PHH inputs too).
    #[arg(long, value_enum, default_value = "phh")]
    pub(super) to: Target,
    /// Hand-history files of a site (`--format`) or ACPC match logs (`-`: standard input), one
    /// or many hands each.
    #[arg(required = true)]
    pub(super) inputs: Vec<PathBuf>,
}

/// What `felt convert` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A PHH bundle.
    Phh,
    /// PokerStars hand-history text.
    Pokerstars,
}

/// Runs `felt convert`: exit 0 when every hand was converted, 2 when an input cannot be read,
/// holds no hand or is not in a format feltkit reads, or a hand's text could not be read (it is written
/// with `_unreadable` saying why). Hands that cannot be replayed (a game not played, cash-outs,
/// cut off) are written with the reason, and counted on stderr.
pub fn run(args: ConvertArgs) -> anyhow::Result<ExitCode> {
    if args.to == Target::Pokerstars {
        return super::convert_stars::run(args);
    }
    if args.format == Some(Format::Phh) {
        let sites = FORMATS.iter().map(|f| f.words().shorts).collect::<Vec<_>>().join(" and ");
        anyhow::bail!("--format phh: felt convert reads {sites}; PHH needs no conversion");
    }
    let mut out = Output::checked(&args)?;
    let output = args.output.as_deref().filter(|p| p.as_os_str() != "-");
    let mut next = 1;
    let (mut hands, mut refused, mut cut, mut unreadable, mut bad_inputs) = (0, 0, 0, 0, 0);
    for path in &args.inputs {
        let shown = path.display().to_string();
        // Read and converted hand by hand, each written as it comes: memory stays flat
        // whatever the input's size.
        let input: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(std::io::stdin().lock())
        } else {
            match std::fs::File::open(path) {
                Ok(f) => Box::new(BufReader::with_capacity(1 << 16, f)),
                Err(e) => {
                    super::diagnose(format_args!("felt convert: {shown}: UNREADABLE: {e}"));
                    bad_inputs += 1;
                    continue;
                }
            }
        };
        let mut input = input;
        let format = match args.format {
            Some(f) => f,
            None => match input.fill_buf().map(sniff) {
                Ok(Some(f)) if f != Format::Phh => f,
                Ok(_) => {
                    super::diagnose(format_args!("felt convert: {shown}: {}", not_detected()));
                    bad_inputs += 1;
                    continue;
                }
                Err(e) => {
                    super::diagnose(format_args!("felt convert: {shown}: UNREADABLE: {e}"));
                    bad_inputs += 1;
                    continue;
                }
            },
        };
        // The first bytes, to say what an input without a hand looks like.
        let head: Vec<u8> =
            input.fill_buf().map(|b| b[..b.len().min(4096)].to_vec()).unwrap_or_default();
        let (first, mut broken) = (next, false);
        for pending in read_hands(format, input) {
            let h = match pending {
                Ok(p) => p.convert(),
                Err(e) => {
                    super::diagnose(format_args!(
                        "felt convert: {shown}: UNREADABLE: cannot be read to its end: {e}"
                    ));
                    bad_inputs += 1;
                    broken = true;
                    break;
                }
            };
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
            if let Err(e) = out.write(&bundle(&[Converted { index: 0, ..h }], next)) {
                out.abandon();
                return Err(e);
            }
            next += 1;
            hands += 1;
        }
        if next == first && !broken {
            let what = match (not_of_format(format, &head), looks_like(&head)) {
                (Some(_), (what, Some(f))) if f == Format::Phh => format!(
                    "the text looks like {what}, which needs no conversion: felt replay reads it"
                ),
                (Some(why), _) => why,
                (None, _) => no_hands(format),
            };
            super::diagnose(format_args!("felt convert: {shown}: NO HANDS: {what}"));
            bad_inputs += 1;
        }
    }
    if hands == 0 {
        // Nothing converted: an output file already there is left as it was.
        out.abandon();
        let kept = output.map_or(String::new(), |p| format!(", {} left as it was", p.display()));
        super::diagnose(format_args!(
            "felt convert: no hands from {} ({}, named above): nothing written{kept}",
            count(args.inputs.len(), "input", "inputs"),
            count(bad_inputs, "input without hands", "inputs without hands"),
        ));
        return Ok(ExitCode::from(2));
    }
    out.finish()?;
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

/// Where the bundle goes: standard output, or an output file replaced only when complete;
/// written a block at a time.
pub(super) struct Output {
    to: Sink,
    held: String,
}

enum Sink {
    Stdout(std::io::StdoutLock<'static>),
    File(super::output::Output),
}

/// The bytes of the bundle held before they are written.
const BLOCK: usize = 1 << 16;

impl Output {
    /// The output `args` name (standard output for none or `-`), checked before any input is
    /// read: never one of the inputs.
    pub(super) fn checked(args: &ConvertArgs) -> anyhow::Result<Output> {
        let mut files = Files::new();
        for path in &args.inputs {
            files.input(path);
        }
        let output = args.output.as_deref().filter(|p| p.as_os_str() != "-");
        match output {
            Some(path) => files.output(path, &format!("the output {}", path.display()))?,
            None => files.stdout()?,
        }
        Output::open(output)
    }

    /// Opens the output (checked already with [`Files::output`]): standard output for none,
    /// else the file, under a temporary name until it is complete.
    pub(super) fn open(output: Option<&Path>) -> anyhow::Result<Output> {
        let held = String::with_capacity(BLOCK + 4096);
        let to = match output {
            None => Sink::Stdout(std::io::stdout().lock()),
            Some(path) => Sink::File(super::output::Output::create(
                path,
                &format!("the output {}", path.display()),
            )?),
        };
        Ok(Output { to, held })
    }

    /// Adds the next part of the bundle, writing what is held once it passes a block.
    pub(super) fn write(&mut self, text: &str) -> anyhow::Result<()> {
        self.held.push_str(text);
        if self.held.len() >= BLOCK {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> anyhow::Result<()> {
        let bytes = self.held.as_bytes();
        match &mut self.to {
            Sink::Stdout(out) => out.write_all(bytes)?,
            Sink::File(file) => file.write_all(bytes)?,
        }
        self.held.clear();
        Ok(())
    }

    /// Writes what is left and flushes standard output, or puts the file in place.
    pub(super) fn finish(mut self) -> anyhow::Result<()> {
        if let Err(e) = self.flush() {
            self.abandon();
            return Err(e);
        }
        match self.to {
            Sink::Stdout(mut out) => Ok(out.flush()?),
            Sink::File(file) => file.commit(),
        }
    }

    /// Gives up: a file begun is removed, one already there left as it was.
    pub(super) fn abandon(self) {
        if let Sink::File(file) = self.to {
            file.abandon();
        }
    }
}
