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
