//! The shipped heads-up preflop table is exactly what the generator makes today.
//!
//! The generator enumerates every board of all 47,008 stored matchups: seconds in a release
//! build, far too long in a debug one. `FELT_BLESS=1 cargo test --release --test preflop`
//! rewrites `data/preflop.bin` after a deliberate change.

use feltkit::equity::preflop;

#[test]
#[cfg_attr(debug_assertions, ignore = "exhaustive: run with --release")]
fn preflop_table_regenerates_identically() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/preflop.bin");
    let start = std::time::Instant::now();
    let generated = preflop::generate();
    eprintln!("generated in {:.1?}", start.elapsed());
    assert!(generated.starts_with(preflop::HEADER.as_bytes()));
    if std::env::var_os("FELT_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let shipped = std::fs::read(&path).unwrap();
    assert!(shipped == generated, "{} differs from the generator's output", path.display());
}
