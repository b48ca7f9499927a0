//! Shared helpers for the feltkit benchmarks (see the `[[bench]]` targets).
