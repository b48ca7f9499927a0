//! `felt completions` and `felt man`: shell completion scripts and manual pages, both made from
//! the same clap definitions as the command itself, so they never fall behind a flag.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Command};
use clap_complete::Shell;

use super::output::{write_whole, Files};

/// Arguments of `felt completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for (bash, zsh, fish, powershell or elvish).
    #[arg(value_enum)]
    shell: Shell,
}

/// Arguments of `felt man`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write a page per command into this directory (`felt.1`, `felt-equity.1`, ...) instead
    /// of writing `felt.1` to standard output.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
}

/// Writes the completion script for one shell to standard output.
pub fn completions(args: CompletionsArgs, mut cmd: Command) -> anyhow::Result<ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "felt", &mut script);
    io::stdout().lock().write_all(&script)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the manual pages: `felt.1` to standard output, or one page per command into a
/// directory, each file written whole or not at all.
pub fn man(args: ManArgs, cmd: Command) -> anyhow::Result<ExitCode> {
    let cmd = cmd.name("felt");
    let Some(dir) = args.out_dir else {
        io::stdout().lock().write_all(&page(cmd)?)?;
        return Ok(ExitCode::SUCCESS);
    };
    if !dir.is_dir() {
        anyhow::bail!("--out-dir {}: not a directory (make it first)", dir.display());
    }
    let mut pages = vec![("felt.1".to_string(), page(cmd.clone())?)];
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("felt-{}", sub.get_name());
        // The page's title and synopsis say `felt-equity`, as man(1) names it.
        let sub = sub.clone().name(name.clone()).bin_name(format!("felt {}", sub.get_name()));
        pages.push((format!("{name}.1"), page(sub)?));
    }
    let mut files = Files::new();
    let paths: Vec<PathBuf> = pages.iter().map(|(file, _)| dir.join(file)).collect();
    for path in &paths {
        files.output(path, &path.display().to_string())?;
    }
    for (path, (_, bytes)) in paths.iter().zip(&pages) {
        write_whole(path, &path.display().to_string(), bytes)?;
    }
    super::diagnose(format_args!("felt man: wrote {} pages to {}", pages.len(), dir.display()));
    Ok(ExitCode::SUCCESS)
}

/// One command's manual page, in roff.
fn page(cmd: Command) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut bytes).context("rendering the manual page")?;
    Ok(bytes)
}
