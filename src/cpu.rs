//! The instruction set the hot loops run with, chosen once at run time.
//!
//! feltkit is built for any x86-64 CPU (and any other target Rust builds for): nothing in the
//! default build needs an instruction a CPU of 2008 lacks. The loops where most of the time goes
//! (the evaluator's lookups inside every equity walk and Monte Carlo batch) are compiled twice on
//! x86-64: once for that baseline and once for **x86-64-v3** (AVX2, BMI1, BMI2, FMA, LZCNT,
//! MOVBE: Intel Haswell, AMD Excavator and every later CPU). [`fast`] runs a piece of work with
//! the second copy when the CPU has every one of those features, and with the first otherwise.
//! The check is made once per process.
//!
//! What v3 gains is CPU-dependent: BMI2's three-operand shifts (`shrx`) save the register copies
//! around the 7-card hash's shifts, which made enumeration a quarter faster on an Intel Sapphire
//! Rapids; on AMD Zen 3 and Zen 5 both copies run at the same speed (docs/performance.md).
//!
//! Setting the environment variable `FELTKIT_CPU=portable` makes every loop take the baseline
//! copy whatever the CPU has (tests compare the two; `felt --version` says which one runs).
//!
//! This is written here rather than taken from the `multiversion` crate because the choice must
//! be forceable from outside (the variable above) and made once for the whole program, and the
//! whole of it is one function with one `unsafe` call (one loop, the hold'em sampler, has a copy
//! of its own written out the same way, so that its references stay arguments).

use std::sync::OnceLock;

/// The copy of the hot loops a process runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// The baseline build, for any CPU of the target.
    Portable,
    /// x86-64-v3: AVX2, BMI1, BMI2, FMA, LZCNT and MOVBE.
    X86_64V3,
}

impl Path {
    /// The path's name, as `felt --version` shows it: `portable` or `x86-64-v3`.
    pub fn name(self) -> &'static str {
        match self {
            Path::Portable => "portable",
            Path::X86_64V3 => "x86-64-v3",
        }
    }
}

/// The features the x86-64-v3 copies are compiled with (`#[target_feature(enable = ...)]`
/// writes them out at each copy; a test holds every such attribute of the crate to this list).
/// [`path`] is `X86_64V3` only on a CPU that has all of them.
pub const V3_FEATURES: &str = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt";

/// The environment variable that forces the portable path when set to `portable`.
pub const FORCE_VARIABLE: &str = "FELTKIT_CPU";

/// What is wrong with the value of [`FORCE_VARIABLE`], when it is set to anything but
/// `portable` or nothing: a misspelt value would otherwise be ignored without a word.
pub fn setting_error() -> Option<String> {
    let value = std::env::var_os(FORCE_VARIABLE)?;
    (!value.is_empty() && value != "portable").then(|| {
        format!(
            "{FORCE_VARIABLE}={:?}: expected `portable` (the portable path) or nothing (the path this CPU allows)",
            value.to_string_lossy()
        )
    })
}

/// The path this process runs: [`Path::X86_64V3`] on an x86-64 CPU with all of its features
/// unless `FELTKIT_CPU=portable` is set, [`Path::Portable`] otherwise. Decided on the first call.
pub fn path() -> Path {
    static PATH: OnceLock<Path> = OnceLock::new();
    *PATH.get_or_init(|| {
        let forced = std::env::var_os(FORCE_VARIABLE).is_some_and(|v| v == "portable");
        if !forced && has_v3() {
            Path::X86_64V3
        } else {
            Path::Portable
        }
    })
}

/// Whether the CPU has every feature of [`V3_FEATURES`] (and SSE4.2, which AVX implies).
#[cfg(target_arch = "x86_64")]
fn has_v3() -> bool {
    std::arch::is_x86_feature_detected!("avx")
        && std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("fma")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("movbe")
        && std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("sse4.2")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_v3() -> bool {
    false
}

/// Runs `work` on the path of [`path`]: compiled for x86-64-v3 where the CPU has it, for the
/// baseline otherwise. The results are the same either way (the copies differ only in the
/// instructions the compiler picks).
///
/// For the speed-up to reach a loop, the loop must be inside `work` (the closure and what it
/// calls inline are compiled into the v3 copy; a function it calls without inlining runs its
/// baseline code). Mark the closure `#[inline(always)]`.
#[inline(always)]
pub fn fast<R>(work: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if path() == Path::X86_64V3 {
        // SAFETY: `v3` is compiled with the features `has_v3` checked, and `path` is
        // `X86_64V3` only when `has_v3` returned true on this CPU, so every instruction `v3`
        // may use exists here. `v3` has no other precondition: it only calls `work`.
        #[allow(unsafe_code)]
        return unsafe { v3(work) };
    }
    work()
}

/// `work`, compiled with x86-64-v3's features (the closure is inlined into it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
#[inline]
fn v3<R>(work: impl FnOnce() -> R) -> R {
    work()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_paths_give_the_same_answers() {
        use crate::eval::standard::rank7_indices;
        // Every 7-card hand of the 20 lowest cards (77,520 hands, flushes among them), ranked
        // on both paths: the two rank lists are the same.
        // The loop has no call that is not inlined, so `fast` compiles all of it for v3.
        let run = || {
            let mut ranks = Vec::new();
            let mut c = [0u8, 1, 2, 3, 4, 5, 6];
            loop {
                ranks.push(rank7_indices(&c).value());
                // The next combination in lexicographic order.
                let Some(i) = (0..7).rev().find(|&i| usize::from(c[i]) < 13 + i) else { break };
                c[i] += 1;
                for j in i + 1..7 {
                    c[j] = c[j - 1] + 1;
                }
            }
            ranks
        };
        let portable = run();
        assert_eq!(portable.len(), 77_520);
        assert_eq!(fast(run), portable);
    }

    #[test]
    fn every_v3_copy_is_compiled_with_the_features_path_checks() {
        // The attributes are written out (an attribute takes no constant): each must name
        // exactly V3_FEATURES, or a copy could use an instruction `path` did not check.
        let mut copies = 0;
        let mut dirs = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    let attr = concat!("#[target_feature", "(enable = \"");
                    for (at, _) in text.match_indices(attr) {
                        let rest = &text[at + attr.len()..];
                        let list = &rest[..rest.find('"').unwrap()];
                        assert_eq!(list, V3_FEATURES, "{}", path.display());
                        copies += 1;
                    }
                }
            }
        }
        assert!(copies >= 2, "{copies}");
    }
}
