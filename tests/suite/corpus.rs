//! Where the hand corpus is, and its files: used by the replay tests.

use std::path::{Path, PathBuf};

/// The corpus: `tests/data/corpus` (see its README), or `$FELTKIT_CORPUS` to replay another
/// folder of the same layout. A missing corpus fails the tests with a message saying where it
/// was looked for: skipping would let a run that checked nothing pass.
pub fn corpus() -> PathBuf {
    let dir = std::env::var_os("FELTKIT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus"));
    assert!(
        dir.join("pokerkit").is_dir() && dir.join("phh-real").is_dir(),
        "the hand corpus is not at {} (expected pokerkit/ and phh-real/ in it); unset \
         FELTKIT_CORPUS to use tests/data/corpus",
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
