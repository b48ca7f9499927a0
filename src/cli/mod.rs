//! Subcommands of the `felt` binary.

pub mod batch;
pub mod convert;
mod convert_stars;
pub mod deal;
pub mod equity;
pub mod luck;
mod luck_graph;
pub mod output;
pub mod pushfold;
pub mod range;
pub mod rank;
pub mod replay;
#[cfg(feature = "serve")]
pub mod serve;
pub mod session;
pub mod shell;

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

/// The most worker threads a run may ask for: far above any core count that helps, low enough
/// that a typo (`--threads 10000`) cannot swamp the machine.
pub const MAX_THREADS: usize = 256;

/// The longest `--time` a Monte Carlo run may be given, in seconds.
pub const MAX_SECONDS: f64 = feltkit::equity::MAX_TIME.as_secs() as f64;

/// The widest a text column is padded to. Formatting pads at most 65,535 characters (a wider
/// `{:width$}` panics), and a player given as a long range (`"AA<70,000 spaces>"`) must not
/// get there: a longer entry is written whole, unpadded.
pub const MAX_COLUMN: usize = 200;

/// The width of a text column holding `widths` (in characters), at least `min`, at most
/// [`MAX_COLUMN`].
pub fn column_width(widths: impl IntoIterator<Item = usize>, min: usize) -> usize {
    widths.into_iter().max().unwrap_or(0).max(min).min(MAX_COLUMN)
}

/// Reads `--threads`: a whole number from 1 to [`MAX_THREADS`].
pub fn parse_threads(text: &str) -> Result<usize, String> {
    parse_in_range(text, 1, MAX_THREADS as u64).map(|n| n as usize)
}

/// Reads a whole number from `min` to `max`, saying which range was expected.
pub fn parse_in_range(text: &str, min: u64, max: u64) -> Result<u64, String> {
    let expected = format!("expected a whole number from {min} to {max}");
    match text.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(n) => Err(format!("{n} is out of range: {expected}")),
        Err(_) => Err(format!("{text:?} is not a whole number: {expected}")),
    }
}

/// Reads `--iterations`: 1 to [`feltkit::equity::MAX_ITERATIONS`] deals.
pub fn parse_iterations(text: &str) -> Result<u64, String> {
    parse_in_range(text, 1, feltkit::equity::MAX_ITERATIONS)
}

/// Reads `--time`: seconds, more than 0 and at most [`MAX_SECONDS`].
pub fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    let expected = format!("expected seconds, more than 0 and at most {MAX_SECONDS}");
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= MAX_SECONDS => Ok(std::time::Duration::from_secs_f64(s)),
        Ok(s) if s.is_nan() => Err(format!("{text:?} is not a number: {expected}")),
        Ok(_) => Err(format!("{text} is out of range: {expected}")),
        Err(_) => Err(format!("{text:?} is not a number: {expected}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_flags_say_their_range() {
        assert_eq!(parse_threads("4"), Ok(4));
        assert!(parse_threads("0").unwrap_err().contains("from 1 to 256"));
        assert!(parse_threads("10000").unwrap_err().contains("out of range"));
        assert!(parse_threads("18446744073709551616").unwrap_err().contains("not a whole"));
        assert!(parse_seconds("1e20").unwrap_err().contains("at most 86400"));
        assert!(parse_seconds("NaN").is_err());
        assert!(parse_seconds("-1").is_err());
        assert_eq!(parse_seconds("0.5"), Ok(std::time::Duration::from_millis(500)));
    }
}
