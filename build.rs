//! Names the commit `felt --version` reports: `FELTKIT_COMMIT` if set (a release script or a
//! package builder passes it), else the commit of the git clone the crate is built in. Nothing
//! is named when neither exists (a build from crates.io).

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=FELTKIT_COMMIT");
    let commit = match std::env::var("FELTKIT_COMMIT") {
        Ok(c) if !c.trim().is_empty() => Some(c.trim().to_string()),
        _ => clone_commit(),
    };
    if let Some(commit) = commit {
        println!("cargo:rustc-env=FELTKIT_COMMIT={commit}");
    }
}

/// The short hash and date of the commit checked out, when the crate's own directory is the
/// top of a git clone (not a package unpacked inside some other clone).
fn clone_commit() -> Option<String> {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let git = |args: &[&str]| -> Option<String> {
        let out = Command::new("git").current_dir(&manifest).args(args).output().ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        out.status.success().then(|| text.trim().to_string())
    };
    let top = git(&["rev-parse", "--show-toplevel"])?;
    if Path::new(&top).canonicalize().ok()? != Path::new(&manifest).canonicalize().ok()? {
        return None;
    }
    // Built again when HEAD moves: a checkout changes HEAD, a commit changes its branch's ref.
    let git_dir = git(&["rev-parse", "--absolute-git-dir"])?;
    println!("cargo:rerun-if-changed={git_dir}/HEAD");
    if let (Some(common), Some(branch)) = (
        git(&["rev-parse", "--path-format=absolute", "--git-common-dir"]),
        git(&["symbolic-ref", "-q", "HEAD"]),
    ) {
        println!("cargo:rerun-if-changed={common}/{branch}");
        println!("cargo:rerun-if-changed={common}/packed-refs");
    }
    git(&["log", "-1", "--format=%h (%cs)", "--abbrev=12"])
}
