"""Plays random legal hands with PokerKit 0.7.7 and writes them as PHH bundles.

Usage: python3 generate.py OUT_DIR [HANDS_PER_CODE] [DIR ...]

With DIR names (`PO5`, ...), only those bundles are written.

For each PHH code below, HANDS_PER_CODE hands (default 250) are played with random legal
actions: random table sizes, uneven and very short stacks, antes (uniform ones with
`ante_trimming_status = true` half the time, a big-blind ante sometimes), folds, calls, bets and
raises of random sizes, stand-pats and discards of random cards, and mucks at showdown. Each hand
is written to OUT_DIR/<dir>/hands.phhs as PokerKit reads and plays it, with its results:

- `finishing_stacks`: the stacks after the hand;
- `winnings`: the chips each player was pushed from the pots;
- `_pots`: each pot as PokerKit formed it after killing the hands that cannot win: its amount,
  its players (numbered from 1) and what each player was paid from it (both halves of a
  high-low pot together);
- `_seed`: the seed the hand was played from (`random.Random(seed)`).

The cards are PokerKit's own deals from its shuffled deck (in draw games the discards, burns
and folded cards are shuffled back in when the deck runs out, as PokerKit does).

PokerKit plays `FO/8` as pot limit; card rooms play it fixed limit, and so does feltkit. The
hands of `FO/8` are played with a fixed-limit class made of PokerKit's own parts (its
fixed-limit betting, Omaha streets and Omaha high and eight-or-better low hands), which its
hand-history reader does not have.

PokerKit has no code for Omaha with five or six hole cards. Its Omaha classes take the number of
hole cards from one class attribute and its Omaha hands use exactly two of any number of hole
cards, so those games are played with PokerKit's pot-limit Omaha given five or six hole cards,
and five-card Omaha high-low ("Big O", pot limit) with its pot-limit betting, Omaha streets and
Omaha high and eight-or-better low hands. Their hands are written as feltkit reads them: `PO` or
`FO/8` with the extension fields `_hole_cards` (and `_structure = 'pot-limit'` for Big O).
"""

import random
import sys
from importlib.metadata import version
from pathlib import Path

from pokerkit import (
    Automation,
    FixedLimitBadugi,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitRazz,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Mode,
    NoLimitDeuceToSevenLowballSingleDraw,
    NoLimitShortDeckHoldem,
    PotLimitOmahaHoldem,
)
from pokerkit.games import (
    FixedLimitPokerMixin,
    Holdem,
    OmahaHoldemMixin,
    PotLimitPokerMixin,
    UnfixedLimitHoldem,
)
from pokerkit.hands import OmahaEightOrBetterLowHand, OmahaHoldemHand
from pokerkit.state import (
    BetCollection,
    ChipsPushing,
    HoleCardsShowingOrMucking,
)

if version('pokerkit') != '0.7.7':
    sys.exit(f'PokerKit 0.7.7 is needed, not {version("pokerkit")}')


class FixedLimitOmahaHiLo(FixedLimitPokerMixin, OmahaHoldemMixin, Holdem):
    """Omaha high-low eight or better, fixed limit (PokerKit's own class is pot limit)."""

    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


class FiveCardPotLimitOmaha(PotLimitOmahaHoldem):
    """Pot-limit Omaha with five hole cards."""

    hole_dealing_count = 5


class SixCardPotLimitOmaha(PotLimitOmahaHoldem):
    """Pot-limit Omaha with six hole cards."""

    hole_dealing_count = 6


class FiveCardPotLimitOmahaHiLo(PotLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    """Five-card Omaha high-low eight or better, pot limit ("Big O")."""

    hole_dealing_count = 5
    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
)

# code, directory, class, kind of stakes, most players, extension fields
CODES = [
    ('PO', 'PO', PotLimitOmahaHoldem, 'min_bet', 9, {}),
    ('FO/8', 'FO8', FixedLimitOmahaHiLo, 'limit', 9, {}),
    ('F7S/8', 'F7S8', FixedLimitSevenCardStudHighLowSplitEightOrBetter, 'stud', 8, {}),
    ('FR', 'FR', FixedLimitRazz, 'stud', 8, {}),
    ('NS', 'NS', NoLimitShortDeckHoldem, 'min_bet', 9, {}),
    ('N2L1D', 'N2L1D', NoLimitDeuceToSevenLowballSingleDraw, 'min_bet', 6, {}),
    ('F2L3D', 'F2L3D', FixedLimitDeuceToSevenLowballTripleDraw, 'limit', 6, {}),
    ('FB', 'FB', FixedLimitBadugi, 'limit', 6, {}),
    ('PO', 'PO5', FiveCardPotLimitOmaha, 'min_bet', 8, {'_hole_cards': 5}),
    ('PO', 'PO6', SixCardPotLimitOmaha, 'min_bet', 7, {'_hole_cards': 6}),
    ('FO/8', 'FO8-5', FiveCardPotLimitOmahaHiLo, 'min_bet', 8,
     {'_structure': "'pot-limit'", '_hole_cards': 5}),
]


def stakes(rng, kind, code, n):
    """Random stakes: blinds (short-deck: a button blind), antes, bet sizes and stacks."""
    unit = rng.choice([1, 1, 2, 5, 50])
    s = {}
    trimming = False
    if kind == 'stud':
        antes = [unit] * n
        trimming = rng.random() < 0.5
        s['bring_in'] = 2 * unit
        s['small_bet'] = 5 * unit
        s['big_bet'] = 10 * unit
        big = 10 * unit
    else:
        if code == 'NS' and rng.random() < 0.6:
            # Short-deck's button blind: every player antes, the button posts one blind.
            blinds = [0] * n
            blinds[-1] = unit
            antes = [unit] * n
            trimming = True
        else:
            blinds = [unit, 2 * unit] + [0] * (n - 2)
            r = rng.random()
            if r < 0.2:
                antes = [unit] * n
                trimming = rng.random() < 0.5
            elif r < 0.3 and n > 2:
                antes = [0] * n
                antes[1] = 2 * unit  # a big-blind ante
            else:
                antes = [0] * n
        s['blinds_or_straddles'] = blinds
        if kind == 'limit':
            s['small_bet'] = 2 * unit
            s['big_bet'] = 4 * unit
            big = 4 * unit
        else:
            s['min_bet'] = 2 * unit
            big = 2 * unit
    s['antes'] = antes
    s['ante_trimming_status'] = trimming
    stacks = []
    for _ in range(n):
        r = rng.random()
        if r < 0.2:
            stacks.append(rng.randint(1, 3 * big))  # very short
        elif r < 0.8:
            stacks.append(rng.randint(3 * big, 40 * big))
        else:
            stacks.append(rng.randint(40 * big, 150 * big))
    s['starting_stacks'] = stacks
    return s


def create(cls, s, n):
    if 'bring_in' in s:
        sizes = (s['bring_in'], s['small_bet'], s['big_bet'])
    elif 'min_bet' in s:
        sizes = (s['blinds_or_straddles'], s['min_bet'])
    else:
        sizes = (s['blinds_or_straddles'], s['small_bet'], s['big_bet'])
    game = cls(AUTOMATIONS, s['ante_trimming_status'], s['antes'], *sizes, mode=Mode.CASH_GAME)
    return game(s['starting_stacks'], n)


def cards(cs):
    return ''.join(repr(c) for c in cs)


def bet(rng, state):
    """One random betting action of the actor; returns the PHH action."""
    p = state.actor_index
    who = f'p{p + 1}'
    if state.can_post_bring_in() and rng.random() < 0.7:
        state.post_bring_in()
        return f'{who} pb'
    facing = bool(state.checking_or_calling_amount)
    roll = rng.random()
    if facing and state.can_fold() and roll < 0.25:
        state.fold()
        return f'{who} f'
    if state.can_complete_bet_or_raise_to() and (roll < 0.55 or not state.can_check_or_call()):
        lo = state.min_completion_betting_or_raising_to_amount
        hi = state.max_completion_betting_or_raising_to_amount
        r = rng.random()
        to = lo if r < 0.45 else hi if r < 0.7 else rng.randint(lo, hi)
        state.complete_bet_or_raise_to(to)
        return f'{who} cbr {to}'
    state.check_or_call()
    return f'{who} cc'


def play(cls, code, s, n, rng):
    state = create(cls, s, n)
    actions = []
    pushes = []
    pots = None
    front = None
    while state.status:
        if state.can_stand_pat_or_discard():
            p = state.stand_patter_or_discarder_index
            held = list(state.hole_cards[p])
            k = rng.choice([0, 0, 1, 1, 2, 3, len(held)])
            thrown = rng.sample(held, min(k, len(held)))
            state.stand_pat_or_discard(thrown)
            actions.append(f'p{p + 1} sd {cards(thrown)}'.strip())
        elif state.can_deal_hole():
            p = state.hole_dealee_index
            k = len(state.hole_dealing_statuses[p])
            op = state.deal_hole(k, p)
            actions.append(f'd dh p{p + 1} {cards(op.cards)}')
        elif state.can_deal_board():
            op = state.deal_board(state.board_dealing_count)
            actions.append(f'd db {cards(op.cards)}')
        elif state.actor_index is not None:
            actions.append(bet(rng, state))
        elif state.can_show_or_muck_hole_cards():
            p = state.showdown_index
            first = not any(isinstance(o, HoleCardsShowingOrMucking) for o in state.operations)
            # A hand is mucked only while another live hand contests every pot it is in (a
            # pot left to nobody is an edge no card room agrees on, and PokerKit burns it).
            paid = [state.starting_stacks[i] - state.stacks[i] for i in range(n)]
            covered = any(
                state.statuses[q] and paid[q] >= paid[p] for q in range(n) if q != p
            )
            if (
                    not first and covered and rng.random() < 0.2
                    and state.can_show_or_muck_hole_cards(False)
            ):
                state.show_or_muck_hole_cards(False)
                actions.append(f'p{p + 1} sm')
            else:
                op = state.show_or_muck_hole_cards(True)
                actions.append(f'p{p + 1} sm {cards(op.hole_cards)}')
        elif state.can_push_chips():
            if pots is None:
                pots = [(pot.amount, list(pot.player_indices)) for pot in state._pots]
                front = list(state.bets)
            op = state.push_chips()
            pushes.append(op)
        elif state.can_pull_chips():
            state.pull_chips()
        else:
            raise RuntimeError(f'{code}: stuck')
    # What each player won: the pots pushed to them, and in a hand won by folds the part of
    # the winner's last bet that others matched, which PokerKit leaves in front of the winner
    # (with the unmatched part) instead of gathering it into a pot.
    winnings = [0] * n
    paid = [[0] * n for _ in (pots or [])]
    for op in pushes:
        assert isinstance(op, ChipsPushing)
        for i, x in enumerate(op.amounts):
            winnings[i] += x
            paid[op.pot_index][i] += x
    if sum(state.statuses) == 1 and front is not None:
        w = state.statuses.index(True)
        collections = [o for o in state.operations if isinstance(o, BetCollection)]
        matched = max(collections[-1].bets) if collections else 0
        winnings[w] += min(front[w], matched)
    return actions, list(state.stacks), winnings, [
        (amount, [i + 1 for i in players], paid[k])
        for k, (amount, players) in enumerate(pots or [])
    ]


def toml_list(v):
    return '[' + ', '.join(repr(x) if isinstance(x, str) else str(x).lower() if isinstance(x, bool) else str(x) for x in v) + ']'


def write_hand(code, extra, s, n, seed, number, actions, stacks, winnings, pots):
    lines = [f"variant = '{code}'"]
    lines += [f'{field} = {value}' for field, value in extra.items()]
    lines.append(f"ante_trimming_status = {str(s['ante_trimming_status']).lower()}")
    for field in ('antes', 'blinds_or_straddles', 'bring_in', 'min_bet', 'small_bet', 'big_bet',
                  'starting_stacks'):
        if field in s:
            v = s[field]
            lines.append(f'{field} = {toml_list(v) if isinstance(v, list) else v}')
    lines.append(f'actions = {toml_list(actions)}')
    lines.append(f'hand = {number}')
    lines.append(f'players = {toml_list([f"P{i + 1}" for i in range(n)])}')
    lines.append(f'finishing_stacks = {toml_list(stacks)}')
    lines.append(f'winnings = {toml_list(winnings)}')
    lines.append(f'_seed = {seed}')
    pot_text = ', '.join(
        f'{{amount = {a}, players = {toml_list(p)}, paid = {toml_list(q)}}}' for a, p, q in pots
    )
    lines.append(f'_pots = [{pot_text}]')
    return '\n'.join(lines) + '\n'


def main():
    out = Path(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 250
    only = sys.argv[3:]
    for index, (code, directory, cls, kind, most, extra) in enumerate(CODES):
        if only and directory not in only:
            continue
        bundle = []
        seed = 100_000 * (index + 1)
        failed = []
        while len(bundle) < count:
            seed += 1
            rng = random.Random(seed)
            # PokerKit shuffles its deck with the `random` module.
            random.seed(seed)
            n = rng.randint(2, most)
            s = stakes(rng, kind, code, n)
            try:
                actions, stacks, winnings, pots = play(cls, code, s, n, rng)
            except AssertionError:
                # A PokerKit 0.7.7 internal check failed (an edge of its own); no hand.
                failed.append(seed)
                continue
            k = len(bundle) + 1
            bundle.append(f'[{k}]\n' + write_hand(code, extra, s, n, seed, k, actions, stacks, winnings, pots))
        if failed:
            print(code, 'PokerKit failed on seeds', failed, file=sys.stderr)
        path = out / directory / 'hands.phhs'
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text('\n'.join(bundle))
        print(code, count, path)


if __name__ == '__main__':
    main()
