//! The shipped perfect-hash tables are exactly what the generator makes today.
//!
//! The short-deck tables are small enough to rebuild in a debug build too:
//! `FELT_BLESS=1 cargo test --test tables shortdeck` rewrites `data/shortdeck.bin` alone.
//!
//! `FELT_BLESS=1 cargo test --release --test tables` rewrites `data/*.bin` after a deliberate
//! change to the generator.

use feltkit::eval::tables::{self, Spec};

fn check(spec: &Spec, file: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(file);
    let generated = tables::generate(spec);
    assert!(generated.starts_with(tables::HEADER_PREFIX.as_bytes()));
    if std::env::var_os("FELT_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let shipped = std::fs::read(&path).unwrap();
    assert!(shipped == generated, "{} differs from the generator's output", path.display());
}

#[test]
#[cfg_attr(debug_assertions, ignore = "exhaustive: run with --release")]
fn tables_regenerate_identically() {
    rayon::join(
        || check(&tables::STANDARD, "standard.bin"),
        || check(&tables::AMERICANA, "americana.bin"),
    );
}

#[test]
fn shortdeck_tables_regenerate_identically() {
    // Small enough (6,030 seven-card rank multisets) for a debug build.
    check(&tables::SHORTDECK, "shortdeck.bin");
}

#[test]
fn seven_card_path_stays_small() {
    let seven = tables::STANDARD_SHAPES[2];
    let bytes = 2 * (1 << seven.bucket_bits) + 2 * (1 << seven.slot_bits) + 2 * 8192;
    assert_eq!(bytes, 155_648);
    assert!(bytes <= 256 * 1024);
}
