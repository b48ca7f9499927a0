"""Replays every hand of a PHH bundle with PokerKit and prints its finishing stacks.

One line per hand, in order: the section's number, then the stacks separated by spaces, or
`error` and PokerKit's message. Used by tests/suite/pokerkit.rs as an independent referee of the
hands `felt deal` writes.
"""

import sys
from importlib.metadata import version

from pokerkit import HandHistory

if version('pokerkit') != '0.7.7':
    sys.exit(f'PokerKit 0.7.7 is needed, not {version("pokerkit")}')

with open(sys.argv[1], 'rb') as f:
    histories = list(HandHistory.load_all(f))

for k, history in enumerate(histories, 1):
    try:
        state = None
        for state in history:
            pass
        print(k, *state.stacks)
    except Exception as e:  # noqa: BLE001 - every failure is a line of the report
        print(k, 'error', repr(e).replace('\n', ' '))
