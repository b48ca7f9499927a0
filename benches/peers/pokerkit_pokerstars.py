"""PokerKit 0.7.7 reading and replaying PokerStars text: the peer of the `import` bench in
docs/performance.md.

    python benches/peers/pokerkit_pokerstars.py HANDS.txt [PROCESSES]

HANDS.txt is the bench's text (`cargo run --release -p feltkit-benches --bin pokerstars-text
-- 20000 > HANDS.txt`). The text is cut into hands with PokerKit's own pattern, and each hand
read with `HandHistory.from_pokerstars` and replayed to its end (iterating the hand's states),
in PROCESSES processes (default 1), hands dealt to them in chunks of 256. Prints the hands read,
the hands PokerKit could not read (every game but no-limit hold'em, and hands with antes: see
docs/import.md), and hands per second over the whole text, reading included.
"""

import io
import re
import sys
import time
import warnings
from contextlib import redirect_stderr
from importlib.metadata import version
from multiprocessing import Pool

from pokerkit import HandHistory
from pokerkit.notation import PokerStarsParser

if version('pokerkit') != '0.7.7':
    sys.exit(f'PokerKit 0.7.7 is needed, not {version("pokerkit")}')


def replay(chunks):
    read = failed = 0
    warnings.simplefilter('ignore')
    # PokerKit prints the traceback of every hand it cannot read: not timed as output.
    with redirect_stderr(io.StringIO()):
        for chunk in chunks:
            read, failed = one(chunk, read, failed)
    return read, failed


def one(chunk, read, failed):
    try:
        for history in HandHistory.from_pokerstars(chunk, error_status=True):
            for _ in history:
                pass
            read += 1
    except Exception:  # noqa: BLE001 - a hand PokerKit cannot read is counted
        failed += 1
    return read, failed


def main():
    processes = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    start = time.perf_counter()
    with open(sys.argv[1], encoding='utf-8') as f:
        text = f.read()
    hands = re.findall(PokerStarsParser.HAND, text)
    batches = [hands[k:k + 256] for k in range(0, len(hands), 256)]
    if processes == 1:
        results = [replay(b) for b in batches]
    else:
        with Pool(processes) as pool:
            results = pool.map(replay, batches)
    seconds = time.perf_counter() - start
    read = sum(r for r, _ in results)
    failed = sum(f for _, f in results)
    total = read + failed
    print(f'{total} hands in {seconds:.2f} s: {read} read and replayed, {failed} not read; '
          f'{total / seconds:.0f} hands/s')


if __name__ == '__main__':
    main()
