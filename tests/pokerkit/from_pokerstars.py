"""Reads a PokerStars hand-history text with PokerKit's own parser and replays each hand.

Usage: from_pokerstars.py FILE

The file is decoded as the site writes it (UTF-8 with or without a byte-order mark, else
Windows-1252; CRLF line ends made LF), then cut into hands with PokerKit's own pattern
(`PokerStarsParser.HAND`). Each hand goes to `HandHistory.from_pokerstars` on its own, so that a
hand PokerKit cannot read is known by its number. One JSON object per hand, in order:

- `{"hand": "N", "players": [...], "actions": [...], "stacks": [...], "complete": true}`:
  PokerKit's reading (players in PHH order, the actions as PokerKit writes them) and the stacks
  after PokerKit replays it; `complete` is false when the replay stops before the hand's end.
- `{"hand": "N", "error": "..."}`: PokerKit could not read the hand (the cause it gives).

`hand` is the number after `#` in the hand's first line (PokerKit itself reads it only from
`PokerStars Hand #` and `PokerStars Game #` headers). Amounts are written as PokerKit holds them
(`Decimal`s for cents). Used by tests/suite/pokerkit_pokerstars.rs.
"""

import json
import re
import sys
import warnings
from importlib.metadata import version

from pokerkit import HandHistory
from pokerkit.notation import PokerStarsParser

if version('pokerkit') != '0.7.7':
    sys.exit(f'PokerKit 0.7.7 is needed, not {version("pokerkit")}')

raw = open(sys.argv[1], 'rb').read()
if raw.startswith(b'\xef\xbb\xbf'):
    raw = raw[3:]
try:
    text = raw.decode('utf-8')
except UnicodeDecodeError:
    text = raw.decode('cp1252', errors='replace')
text = text.replace('\r\n', '\n').replace('\r', '\n')

for chunk in re.findall(PokerStarsParser.HAND, text):
    number = re.search(r'#(\d+)', chunk.split('\n', 1)[0])
    out = {'hand': number[1] if number else None}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            history = next(HandHistory.from_pokerstars(chunk, error_status=True))
            state = None
            for state in history:
                pass
        out['players'] = list(history.players)
        out['actions'] = list(history.actions)
        out['stacks'] = [str(s) for s in state.stacks]
        out['complete'] = not state.status
    except Exception as e:  # noqa: BLE001 - every failure is a line of the report
        cause = e.__context__ or e
        out['error'] = f'{type(cause).__name__}: {cause}'.replace('\n', ' ')
    print(json.dumps(out, ensure_ascii=False))
