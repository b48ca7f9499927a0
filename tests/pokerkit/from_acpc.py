"""Reads an ACPC match log with PokerKit's own parser and replays each hand.

Usage: from_acpc.py FILE nolimit|limit

PokerKit's `HandHistory.from_acpc_protocol` is given the game and stacks that feltkit assumes
for ACPC logs (docs/import.md): no limit, blinds 50 and 100; fixed limit, blinds 5 and 10 and
bets of 10 and 20; 20,000 chips each. One JSON object per hand PokerKit reads, in PokerKit's
order: `{"hand": N, "players": [...], "actions": [...], "stacks": [...], "results": [...]}`
(the actions as PokerKit writes them, the stacks after PokerKit's replay, the results as PokerKit
reads them from the log); then one `{"unread": "LINE"}` for each line PokerKit warns it could not
parse. Used by tests/suite/pokerkit_acpc.rs.
"""

import json
import sys
import warnings
from importlib.metadata import version

from pokerkit import FixedLimitTexasHoldem, HandHistory, NoLimitTexasHoldem

if version('pokerkit') != '0.7.7':
    sys.exit(f'PokerKit 0.7.7 is needed, not {version("pokerkit")}')

text = open(sys.argv[1], encoding='utf-8').read()
if sys.argv[2] == 'nolimit':
    game = NoLimitTexasHoldem((), True, 0, (50, 100), 100)
else:
    game = FixedLimitTexasHoldem((), True, 0, (5, 10), 10, 20)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    for history in HandHistory.from_acpc_protocol(game, 20000, text):
        state = None
        for state in history:
            pass
        print(json.dumps({
            'hand': history.hand,
            'players': list(history.players),
            'actions': list(history.actions),
            'stacks': [str(s) for s in state.stacks],
            'results': [str(r) for r in history.user_defined_fields['_results']],
        }))
for w in caught:
    message = str(w.message)
    if message.startswith('Unable to parse '):
        print(json.dumps({'unread': message[len('Unable to parse '):].strip("'.")}))
