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

PokerKit chooses the number of runs of an all-in board itself (`State.select_runout_count`), but
its hand-history reader always runs the board once: feltkit's action `pN _runs K` is read here
as pN's selection of K runs, and a hand with such an action is played with the runs left to the
players.

PokerKit has no bomb pot, but plays one the same way as a hand whose antes are the bomb (counted
toward the side pots: `ante_trimming_status`, all antes equal), without blinds, where every
player checks before the flop: a hand with feltkit's `_bomb_pot` is played so, the checks made
here before the first board card. Its states deal any number of boards (`starting_board_count`,
each pot split between them, the first taking the odd chip), street by street, the first
board's cards first: a hand with `_boards = 2` is played with two.
"""

import sys
from importlib.metadata import version

from dataclasses import replace

import pokerkit.notation as notation
from pokerkit import Automation, HandHistory, PotLimitOmahaHoldem
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


read_action = notation.parse_action

# Whether the hand being played is a bomb pot (its preflop checks are made before the flop).
bomb_pot = False


def parse_action(state, action, *args):
    """PokerKit's reading of an action, and `pN _runs K`: pN selects K runs.

    PokerKit 0.7.7's `select_runout_count` hands the player index to its check as the count
    (player 0 is then "not positive"), so the player is checked here and the selection is made
    for the first player still to select: the agreed count does not depend on who said what,
    only on the counts said (the players who say nothing have no preference).
    """
    words = action.split('#')[0].split()
    if bomb_pot and words[:2] == ['d', 'db'] and state.street_index == 0:
        while state.actor_index is not None:
            state.check_or_call()
    if len(words) == 3 and words[1] == '_runs':
        count = int(words[2])
        state.verify_runout_count_selection(runout_count=count, player_index=int(words[0][1:]) - 1)
        state.select_runout_count(count)
        return
    read_action(state, action, *args)


notation.parse_action = parse_action


def runs_chosen(history):
    """The hand with runout-count selection left to the players when it has `_runs` actions."""
    if not any(' _runs ' in a for a in history.actions):
        return history
    automations = tuple(
        a for a in history.automations if a != Automation.RUNOUT_COUNT_SELECTION
    )
    return replace(history, automations=automations)


def as_bomb_pot(history):
    """A hand with `_bomb_pot` as PokerKit plays it: every player antes the bomb, counted toward
    the side pots, and (with `_boards`) that many boards."""
    bomb = history.user_defined_fields.get('_bomb_pot')
    if bomb is None:
        return history
    n = len(history.starting_stacks)
    return replace(history, antes=[bomb] * n, ante_trimming_status=True)


create_game = HandHistory.create_game


def create_game_with_boards(history):
    """The game of the hand, dealing the boards its `_boards` says."""
    game = create_game(history)
    game.starting_board_count = history.user_defined_fields.get('_boards', 1)
    return game


HandHistory.create_game = create_game_with_boards

with open(sys.argv[1], 'rb') as f:
    histories = [as_bomb_pot(runs_chosen(omaha_with(h))) for h in HandHistory.load_all(f)]

for k, history in enumerate(histories, 1):
    bomb_pot = '_bomb_pot' in history.user_defined_fields
    try:
        state = None
        for state in history:
            pass
        print(k, *state.stacks)
    except Exception as e:  # noqa: BLE001 - every failure is a line of the report
        print(k, 'error', repr(e).replace('\n', ' '))
