"""Benchmarks of the Python package against the Rust library and `felt` on the same cores.

Run from the repository root, with the package built in release (`maturin develop --release`
or the wheel) and `felt` built in release (`cargo build --release`):

    python python/bench.py [--hands 10000000] [--rows 100000] [--repeats 200]

1. rank_many on random seven-card hands, against the Rust evaluator's own parallel loop on the
   same array and threads (`_rank7_native_seconds`: the same rows, no Python in the loop);
2. equity("AhKh", "QsQd") per call, against the same query answered by the engine from Rust
   (`_equity_native_seconds`), and the overhead on a river board where the engine does almost
   nothing;
3. batch on hand-vs-hand flop rows, against `felt batch` on the same CSV file;
4. replay of the 800 NT, FT, PT and F7S hands of tests/data/corpus/pokerkit, against PokerKit
   0.7.7 on the same hands, in one run.

Each figure is the best of a few runs (the machine may be shared: the best run is the one least
disturbed by other work).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import feltkit
from feltkit import _feltkit

ROOT = Path(__file__).resolve().parents[1]


def best(f, runs=3):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times)


def random_hands(n, k=7, seed=1):
    """n random hands of k distinct cards (card bytes), drawn without a (n, 52) matrix."""
    rng = np.random.default_rng(seed)
    cards = rng.integers(0, 52, size=(n, k), dtype=np.uint8)
    while True:
        s = np.sort(cards, axis=1)
        bad = np.nonzero((s[:, 1:] == s[:, :-1]).any(axis=1))[0]
        if len(bad) == 0:
            return cards
        cards[bad] = rng.integers(0, 52, size=(len(bad), k), dtype=np.uint8)


def bench_rank(n, threads, rounds=9):
    cards = random_hands(n)
    # Interleaved rounds, best of each: both see the same machine drift.
    py, trusted, reused, native = (float("inf"),) * 4
    out = (np.empty(n, dtype=np.uint16), np.empty(n, dtype=np.uint8))
    for _ in range(rounds):
        start = time.perf_counter()
        feltkit.rank_many(cards, threads=threads)
        py = min(py, time.perf_counter() - start)
        start = time.perf_counter()
        feltkit.rank_many(cards, threads=threads, check=False)
        trusted = min(trusted, time.perf_counter() - start)
        start = time.perf_counter()
        feltkit.rank_many(cards, threads=threads, check=False, out=out)
        reused = min(reused, time.perf_counter() - start)
        native = min(native, _feltkit._rank7_native_seconds(cards, threads=threads)[0])
    rate = lambda t: f"{n / t / 1e6:,.0f} M hands/s ({t * 1e3:.1f} ms)"  # noqa: E731
    print(f"rank_many, {n:,} random 7-card hands, threads={threads or 'all'}: Rust loop on the "
          f"same array {rate(native)}; rank_many(check=False, out=arrays) {rate(reused)}, "
          f"{100 * native / reused:.0f}% of the Rust speed; rank_many(check=False) "
          f"{rate(trusted)}, {100 * native / trusted:.0f}%; rank_many (rows checked) "
          f"{rate(py)}, {100 * native / py:.0f}%")


def bench_equity(repeats):
    for players, board, what in [
        (["AhKh", "QsQd"], "", "AhKh vs QsQd, preflop (1,712,304 deals)"),
        (["AhKh", "QsQd"], "2c7d9hTs3s", "AhKh vs QsQd, on the river (1 deal)"),
    ]:
        n = repeats if board else max(repeats // 10, 20)
        per_py = []
        per_rust = []
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(n):
                feltkit.equity(players, board=board)
            per_py.append((time.perf_counter() - start) / n)
            per_rust.append(_feltkit._equity_native_seconds(players, board, n) / n)
        py, rust = min(per_py), min(per_rust)
        print(f"equity, {what}: Python {py * 1e6:,.1f} µs per call, Rust {rust * 1e6:,.1f} µs: "
              f"overhead {(py - rust) * 1e6:,.1f} µs")


def bench_batch(rows, felt):
    import pandas as pd

    rng = np.random.default_rng(5)
    names = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    lines = ["p1,p2,board"]
    for _ in range(rows):
        c = rng.choice(52, size=7, replace=False)
        lines.append(f"{names[c[0]]}{names[c[1]]},{names[c[2]]}{names[c[3]]},"
                     f"{names[c[4]]}{names[c[5]]}{names[c[6]]}")
    text = "\n".join(lines) + "\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "flops.csv"
        path.write_text(text)
        out = Path(tmp) / "out.csv"
        cli = best(lambda: subprocess.run([felt, "batch", str(path), "-o", str(out)], check=True))
        df = pd.read_csv(path)
        frame = best(lambda: feltkit.batch(df))
        csv = best(lambda: feltkit.batch_csv(text))
        assert feltkit.batch_csv(text) == out.read_text()
    print(f"batch, {rows:,} hand-vs-hand flop rows: felt batch {cli:.2f} s "
          f"({rows / cli:,.0f} rows/s); feltkit.batch(DataFrame) {frame:.2f} s "
          f"({frame / cli:.2f}x); feltkit.batch_csv(text) {csv:.2f} s ({csv / cli:.2f}x)")


def corpus_hands():
    texts = []
    for code in ["NT", "FT", "PT", "F7S"]:
        folder = ROOT / "tests/data/corpus/pokerkit" / code
        for f in sorted(folder.glob("*.phh"), key=lambda p: int(p.stem)):
            texts.append(f.read_text())
    return texts


def bench_replay():
    texts = corpus_hands()
    bundle = "".join(f"[{k}]\n{t}\n" for k, t in enumerate(texts, 1))

    def one_by_one():
        for t in texts:
            (r,) = feltkit.replay(t, check=True)
            assert r.ok, r.text

    felt_each = best(one_by_one)
    felt_bundle = best(lambda: feltkit.replay(bundle, check=True))
    pk = pokerkit_seconds(texts)
    n = len(texts)
    line = (f"replay --check, the {n} NT/FT/PT/F7S corpus hands: feltkit one call per hand "
            f"{n / felt_each:,.0f} hands/s, one bundle {n / felt_bundle:,.0f} hands/s")
    if pk is not None:
        line += f"; PokerKit 0.7.7 {n / pk:,.0f} hands/s ({pk / felt_each:,.0f}x slower)"
    print(line)


def pokerkit_seconds(texts):
    try:
        from pokerkit import HandHistory
        from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem
    except ImportError:
        print("(PokerKit is not installed: pip install pokerkit==0.7.7)")
        return None

    class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
        """Pot-limit hold'em (PokerKit 0.7.7 has the rules but no PHH code `PT`)."""

    HandHistory.game_types["PT"] = PotLimitTexasHoldem
    HandHistory.variants[PotLimitTexasHoldem] = "PT"
    HandHistory.required_field_names["PT"] = HandHistory.required_field_names["NT"]

    def run():
        for t in texts:
            state = None
            for state in HandHistory.loads(t):
                pass
            assert state is not None

    return best(run, runs=1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--felt", default=str(ROOT / "target/release/felt"))
    parser.add_argument("--only", choices=["rank", "equity", "batch", "replay"])
    args = parser.parse_args()
    print(f"feltkit {feltkit.__version__}, Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f})")
    if args.only in (None, "rank"):
        bench_rank(args.hands, args.threads)
    if args.only in (None, "equity"):
        bench_equity(args.repeats)
    if args.only in (None, "batch"):
        bench_batch(args.rows, args.felt)
    if args.only in (None, "replay"):
        bench_replay()


if __name__ == "__main__":
    main()
