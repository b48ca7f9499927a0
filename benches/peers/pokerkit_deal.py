"""Random legal no-limit hold'em hands played and written by PokerKit 0.7.7: the peer of
`felt deal --game NT` in docs/performance.md.

    python benches/peers/pokerkit_deal.py N OUT.phhs

Plays N hands of 2 to 9 players at blinds 1/2 with stacks of 1 to 150 big blinds, choosing as
feltkit's random play does (fold a quarter of the time facing a bet, raise a third of the time
when allowed: the minimum, all-in or between), and writes them as one PHH bundle with
`HandHistory.dump_all`, PokerKit's own writer. Dealing, showdowns and settling are left to
PokerKit's automations.
"""

import random
import sys
from importlib.metadata import version

from pokerkit import Automation, HandHistory, NoLimitTexasHoldem

if version('pokerkit') != '0.7.7':
    sys.exit(f'PokerKit 0.7.7 is needed, not {version("pokerkit")}')

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def play(rng):
    players = rng.randint(2, 9)
    stacks = [
        2 * (rng.randint(1, 12) if rng.randrange(3) == 0 else rng.randint(20, 150))
        + rng.randrange(2)
        for _ in range(players)
    ]
    game = NoLimitTexasHoldem(AUTOMATIONS, True, 0, (1, 2), 2)
    state = game(stacks, players)
    while state.status:
        facing = state.checking_or_calling_amount
        if facing and rng.randrange(100) < 25 and state.can_fold():
            state.fold()
        elif state.can_complete_bet_or_raise_to() and rng.randrange(100) < 35:
            lo = state.min_completion_betting_or_raising_to_amount
            hi = state.max_completion_betting_or_raising_to_amount
            roll = rng.randrange(100)
            to = lo if roll < 45 else hi if roll < 70 else rng.randint(lo, hi)
            state.complete_bet_or_raise_to(to)
        else:
            state.check_or_call()
    return HandHistory.from_game_state(game, state)


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(0)
    hands = [play(rng) for _ in range(n)]
    with open(out, 'wb') as f:
        HandHistory.dump_all(hands, f)


main()
