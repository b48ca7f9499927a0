//! Where the shared hand corpus is, and its files: used by the replay tests.

use std::path::{Path, PathBuf};

/// The corpus: `$FELTKIT_CORPUS`, or `shared/corpus` beside the repository (where CI puts it).
/// A missing corpus fails the tests with a message saying what to set: skipping would let a
/// run that checked nothing pass.
pub fn corpus() -> PathBuf {
    let dir = std::env::var_os("FELTKIT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    assert!(
        dir.join("pokerkit").is_dir(),
        "the hand corpus is not at {}: put the shared/ folder beside the repository, or set \
         FELTKIT_CORPUS to its corpus/ folder",
        dir.display()
    );
    dir
}

/// Every `.phh` and `.phhs` file below `dir`, in name order.
pub fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "phh" || x == "phhs") {
            out.push(p);
        }
    }
}
