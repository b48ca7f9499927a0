//! Compiles each peer whose source directory an environment variable names, with our shims
//! (`shim/`), and tells the binary which ones it has (`cfg(peer_ompeval)`,
//! `cfg(peer_phevaluator)`, `cfg(peer_poker_eval)`). The peers' directories are only read:
//! objects and poker-eval's generated tables go to `OUT_DIR`.
//!
//! Every peer is compiled with the same flags: `-O3` and `-march=x86-64-v3` on x86-64 (the copy
//! of feltkit's hot loops that runs on such CPUs), or `-march=$FELTKIT_PEER_MARCH` when that is
//! set. Without any variable the crate still builds, and the binary says what to set.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One peer: its variable, its `cfg` name, and a file that must exist in its directory.
const PEERS: [(&str, &str, &str); 3] = [
    ("FELTKIT_PEER_OMPEVAL", "peer_ompeval", "omp/HandEvaluator.h"),
    ("FELTKIT_PEER_PHEVALUATOR", "peer_phevaluator", "cpp/src/evaluator7.c"),
    ("FELTKIT_PEER_POKER_EVAL", "peer_poker_eval", "lib/enumerate.c"),
];

fn main() {
    println!("cargo::rerun-if-changed=shim");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=FELTKIT_PEER_MARCH");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("OUT_DIR"));
    let march = env::var("FELTKIT_PEER_MARCH").ok().or_else(|| {
        (env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("x86_64")).then(|| "x86-64-v3".into())
    });
    let flags = match &march {
        Some(m) => format!("-O3 -march={m}"),
        None => "-O3".into(),
    };
    println!("cargo::rustc-env=FELTKIT_PEER_FLAGS={flags}");
    let build = |cpp: bool| {
        let mut b = cc::Build::new();
        b.opt_level(3).debug(false).warnings(false).cargo_warnings(false);
        if let Some(m) = &march {
            b.flag(format!("-march={m}"));
        }
        if cpp {
            b.cpp(true).std("c++14");
        } else {
            b.std("gnu99");
        }
        b
    };
    for (var, cfg, marker) in PEERS {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        println!("cargo::rerun-if-env-changed={var}");
        let Some(dir) = env::var_os(var).filter(|d| !d.is_empty()).map(PathBuf::from) else {
            continue;
        };
        if !dir.join(marker).is_file() {
            panic!("{var}={} has no {marker}: is it the peer's source directory?", dir.display());
        }
        println!("cargo::rerun-if-changed={}", dir.display());
        let commit = git_commit(&dir).unwrap_or_else(|| "unknown commit".into());
        let env_name = var.trim_start_matches("FELTKIT_PEER_");
        println!("cargo::rustc-env=FELTKIT_PEER_{env_name}_COMMIT={commit}");
        println!("cargo::rustc-env=FELTKIT_PEER_{env_name}_DIR={}", dir.display());
        match cfg {
            "peer_ompeval" => ompeval(build(true), &dir, &out),
            "peer_phevaluator" => phevaluator(build(false), &dir),
            _ => poker_eval(build(false), &dir, &out),
        }
        println!("cargo::rustc-cfg={cfg}");
    }
}

/// The commit checked out in `dir`, if it is a git clone.
fn git_commit(dir: &Path) -> Option<String> {
    let o = Command::new("git").arg("-C").arg(dir).args(["rev-parse", "HEAD"]).output().ok()?;
    let s = String::from_utf8(o.stdout).ok()?.trim().to_string();
    (o.status.success() && !s.is_empty()).then_some(s)
}

/// OMPEval (ISC licence, with libdivide under zlib; github.com/zekyll/OMPEval): its four
/// sources and our shim, compiled from a copy in `OUT_DIR` with one change: its random
/// generator's `min()` and `max()` become `constexpr`, which `std::uniform_int_distribution`
/// requires since libstdc++ 12 (the original does not compile there); and `<functional>` is
/// included first, which older libstdc++ headers did for it. Neither changes the code
/// generated.
fn ompeval(mut b: cc::Build, dir: &Path, out: &Path) {
    let copy = out.join("ompeval");
    for sub in ["omp", "libdivide"] {
        std::fs::create_dir_all(copy.join(sub)).expect("OMPEval copy");
        for e in std::fs::read_dir(dir.join(sub)).expect("OMPEval's sources") {
            let p = e.expect("OMPEval's sources").path();
            if p.is_file() {
                std::fs::copy(&p, copy.join(sub).join(p.file_name().expect("name")))
                    .expect("OMPEval copy");
            }
        }
    }
    let random = copy.join("omp/Random.h");
    let text = std::fs::read_to_string(&random).expect("omp/Random.h");
    let fixed = text
        .replace("static uint64_t min()", "static constexpr uint64_t min()")
        .replace("static uint64_t max()", "static constexpr uint64_t max()");
    assert!(
        fixed.matches("static constexpr uint64_t m").count() == 2,
        "omp/Random.h has no XoroShiro128Plus::min() and max() to make constexpr"
    );
    std::fs::write(&random, fixed).expect("omp/Random.h");
    // `std::function` without `#include <functional>`, which older libstdc++ headers pulled in.
    b.include(&copy).flag("-pthread").flag("-include").flag("functional");
    for f in ["CardRange", "CombinedRange", "EquityCalculator", "HandEvaluator"] {
        b.file(copy.join("omp").join(format!("{f}.cpp")));
    }
    b.file("shim/ompeval.cpp").compile("feltkit_peer_ompeval");
}

/// PokerHandEvaluator (Apache-2.0, github.com/HenryRLee/PokerHandEvaluator): the 7-card
/// evaluator's C sources and our shim.
fn phevaluator(mut b: cc::Build, dir: &Path) {
    let src = dir.join("cpp/src");
    b.include(dir.join("cpp/include")).include(&src);
    for f in ["evaluator7", "hashtable7", "hash", "hashtable", "dptables", "tables_bitwise"] {
        b.file(src.join(format!("{f}.c")));
    }
    b.file("shim/phevaluator.c").compile("feltkit_peer_phevaluator");
}

/// poker-eval (GPL-3.0, pokersource; github.com/atinm/poker-eval): its table generators are
/// compiled and run in `OUT_DIR` (what its Makefile does), then the library with the tables and
/// our shim. Its `configure` is not run: the one header it would write is written here.
/// The library's own `-O2` is replaced by the flags shared by every peer.
fn poker_eval(mut b: cc::Build, dir: &Path, out: &Path) {
    let gen = out.join("poker-eval");
    let include = gen.join("include");
    std::fs::create_dir_all(&include).expect("poker-eval build directory");
    std::fs::write(
        include.join("poker_config.h"),
        "/* Written by feltkit-peers' build.rs in place of poker-eval's configure. */\n\
         #define HAVE_UINT64_T 1\n#define HAVE_LONG_LONG 1\n#define SIZEOF_LONG 8\n\
         #define HAVE_INTTYPES_H 1\n#define HAVE_STDINT_H 1\n#define HAVE_SYS_TYPES_H 1\n",
    )
    .expect("poker_config.h");
    // This mirror's deck_std.c includes two generated 2+2 lookup tables for Omaha, of which only
    // `StdDeck_OmahaHiLow8_EVAL_LUT` reads (a static inline function nothing here calls; the
    // enumeration uses `StdDeck_OmahaHiLow8_EVAL`). Clones often lack them (they are large), so
    // empty headers stand in, found before the clone's own.
    std::fs::create_dir_all(include.join("inlines")).expect("poker-eval build directory");
    for h in ["omahahi.h", "omahalow8.h"] {
        std::fs::write(
            include.join("inlines").join(h),
            "/* Written by feltkit-peers' build.rs: the 2+2 Omaha table is not used. */\n",
        )
        .expect("stand-in header");
    }
    let lib = dir.join("lib");
    let host = env::var("HOST").expect("HOST");
    let generator =
        cc::Build::new().target(&host).host(&host).opt_level(2).warnings(false).get_compiler();
    for table in ["basic", "joker", "packed", "evx", "astud", "lowball"] {
        let exe = gen.join(format!("mktab_{table}"));
        let status = generator
            .to_command()
            .arg("-I")
            .arg(&include)
            .arg("-I")
            .arg(dir.join("include"))
            .arg(lib.join(format!("mktab_{table}.c")))
            .arg(lib.join("mktable.c"))
            .arg(lib.join("mktable_utils.c"))
            .arg("-o")
            .arg(&exe)
            .status()
            .expect("the C compiler");
        assert!(status.success(), "poker-eval's mktab_{table} did not compile");
        let status = Command::new(&exe).current_dir(&gen).status().expect("mktab");
        assert!(status.success(), "poker-eval's mktab_{table} failed");
    }
    b.include(&include).include(dir.join("include"));
    for f in [
        "combinations",
        "deck",
        "deck_astud",
        "deck_joker",
        "deck_std",
        "enumerate",
        "enumord",
        "evx",
        "lowball",
        "rules_astud",
        "rules_joker",
        "rules_std",
        "poker_wrapper",
    ] {
        b.file(lib.join(format!("{f}.c")));
    }
    let mut tables: Vec<PathBuf> = std::fs::read_dir(&gen)
        .expect("generated tables")
        .map(|e| e.expect("generated table").path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    tables.sort();
    assert!(tables.len() >= 20, "poker-eval's generators wrote {} tables", tables.len());
    b.files(tables).file("shim/pokenum.c").compile("feltkit_peer_poker_eval");
}
