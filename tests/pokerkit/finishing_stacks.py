"""Replays every hand of a PHH bundle with PokerKit and prints its finishing stacks.

One line per hand, in order: the section's number, then the stacks separated by spaces, or
`error` and PokerKit's message. Used by tests/suite/pokerkit.rs as an independent referee of the
hands `felt deal` writes.

PokerKit 0.7.7 has pot-limit hold'em's rules (its pot-limit betting structure and the hold'em
streets) but no PHH code for them: the code `PT` is registered here with a class made of its own
parts, as it registers `NT` from no-limit betting and the same streets. Its `FO/8` class bets
pot limit, where the game is fixed limit: `FO/8` is registered with a fixed-limit class made the
same way.

PokerKit has no code for Omaha with five or six hole cards, but its Omaha classes take the number
of hole cards from one class attribute and its Omaha hands use exactly two of any number of hole
cards. A hand with feltkit's extension field `_hole_cards` is played with the class of its code
given that many hole cards (and, for `_structure = 'pot-limit'` on `FO/8`, pot-limit betting).
"""

import sys
from importlib.metadata import version

from dataclasses import replace

from pokerkit import HandHistory, PotLimitOmahaHoldem
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

class PotLimitOmahaHiLo(PotLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    """Omaha high-low eight or better, pot limit."""

    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


def omaha_with(history):
    """The hand with its code replaced by one registered for its `_hole_cards` and
    `_structure`, or the hand itself."""
    fields = history.user_defined_fields
    count = fields.get('_hole_cards')
    structure = fields.get('_structure')
    if count is None and structure is None:
        return history
    if history.variant == 'PO' and structure is None:
        base, required = PotLimitOmahaHoldem, 'PO'
    elif history.variant == 'FO/8' and structure in (None, 'fixed-limit'):
        base, required = FixedLimitOmahaHiLo, 'FO/8'
    elif history.variant == 'FO/8' and structure == 'pot-limit':
        base, required = PotLimitOmahaHiLo, 'PO'
    else:
        sys.exit(f'no PokerKit class for {history.variant} with {fields}')
    code = f'{history.variant}:{structure}:{count}'
    if code not in HandHistory.game_types:
        cls = type(code, (base,), {'hole_dealing_count': count or 4})
        HandHistory.game_types[code] = cls
        HandHistory.variants[cls] = code
        HandHistory.required_field_names[code] = HandHistory.required_field_names[required]
    return replace(history, variant=code)


with open(sys.argv[1], 'rb') as f:
    histories = [omaha_with(h) for h in HandHistory.load_all(f)]

for k, history in enumerate(histories, 1):
    try:
        state = None
        for state in history:
            pass
        print(k, *state.stacks)
    except Exception as e:  # noqa: BLE001 - every failure is a line of the report
        print(k, 'error', repr(e).replace('\n', ' '))
