"""Replays every hand of a PHH bundle with PokerKit and prints its finishing stacks.

One line per hand, in order: the section's number, then the stacks separated by spaces, or
`error` and PokerKit's message. Used by tests/suite/pokerkit.rs as an independent referee of the
hands `felt deal` writes.

PokerKit 0.7.7 has pot-limit hold'em's rules (its pot-limit betting structure and the hold'em
streets) but no PHH code for them: the code `PT` is registered here with a class made of its own
parts, as it registers `NT` from no-limit betting and the same streets. Its `FO/8` class bets
pot limit, where the game is fixed limit: `FO/8` is registered with a fixed-limit class made the
same way.
"""

import sys
from importlib.metadata import version

from pokerkit import HandHistory
from pokerkit.games import (
    FixedLimitPokerMixin,
    Holdem,
    OmahaHoldemMixin,
    PotLimitPokerMixin,
    TexasHoldemMixin,
    UnfixedLimitHoldem,
)
from pokerkit.hands import OmahaEightOrBetterLowHand, OmahaHoldemHand

if version('pokerkit') != '0.7.7':
    sys.exit(f'PokerKit 0.7.7 is needed, not {version("pokerkit")}')



class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit Texas hold'em: NoLimitTexasHoldem with the pot-limit betting structure."""


class FixedLimitOmahaHiLo(FixedLimitPokerMixin, OmahaHoldemMixin, Holdem):
    """Omaha high-low eight or better, fixed limit (PokerKit's own `FO/8` class is pot limit,
    but FO/8 is a fixed-limit game, and feltkit plays it so)."""

    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


HandHistory.game_types['FO/8'] = FixedLimitOmahaHiLo
HandHistory.variants[FixedLimitOmahaHiLo] = 'FO/8'
HandHistory.game_types['PT'] = PotLimitTexasHoldem
HandHistory.variants[PotLimitTexasHoldem] = 'PT'
HandHistory.required_field_names['PT'] = HandHistory.required_field_names['NT']

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
