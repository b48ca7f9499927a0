//! Subcommands of the `felt` binary.

pub mod batch;
pub mod equity;
pub mod rank;
pub mod replay;

/// Whether an error is a closed stdout (as with `felt rank | head`), which is not a failure.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Writes a diagnostic line to stderr. A closed stderr (`felt batch in.csv 2>&1 | head`) is
/// not worth a panic, which `eprintln!` would raise: the line is dropped.
pub fn diagnose(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{args}");
}
