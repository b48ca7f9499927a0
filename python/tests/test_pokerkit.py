"""A hand written by the Python API loads in PokerKit 0.7.7 and ends with the same stacks."""

import io

import pytest

import feltkit

pokerkit = pytest.importorskip("pokerkit")


def pokerkit_stacks(text):
    history = pokerkit.HandHistory.loads(text)
    state = None
    for state in history:
        pass
    return list(state.stacks)


def test_pokerkit_ends_a_hand_written_by_feltkit_with_its_finishing_stacks():
    # Three-handed no-limit hold'em: p3 shoves 60, p1 calls, p2 (40 behind) calls all-in:
    # a main pot of 3 x 40 = 120 and a side pot of 2 x 20 = 40.
    hand = feltkit.Hand(
        "NT",
        [60, 40, 100],
        [
            "d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 QsQh", "p3 cbr 60", "p1 cc", "p2 cc",
            "p3 sm QsQh", "p1 sm AsAh", "p2 sm KsKh", "d db 2c7d9h", "d db Tc", "d db 3s",
        ],
        antes=[0, 0, 0],
        blinds_or_straddles=[1, 2, 0],
        min_bet=2,
    )
    text = hand.to_phh(results=True)
    (r,) = feltkit.replay(text, check=True)
    # p1's aces win both pots: 120 + 40; p3 keeps the 40 nobody could call.
    assert r.final_stacks == [160, 0, 40]
    assert pokerkit_stacks(text) == r.final_stacks


def test_pokerkit_agrees_on_a_stud_hand_with_antes_and_a_bring_in():
    hand = feltkit.Hand(
        "F7S",
        [100, 100],
        [
            "d dh p1 AsAh2c", "d dh p2 KsKh3c", "p1 pb", "p2 cbr 2", "p1 cc", "d dh p1 4d",
            "d dh p2 5d", "p2 cbr 2", "p1 f",
        ],
        antes=[1, 1],
        bring_in=1,
        small_bet=2,
        big_bet=4,
    )
    text = hand.to_phh(results=True)
    (r,) = feltkit.replay(text, check=True)
    # The 2c brings in 1, p2 completes to 2 and p1 calls: with the antes a pot of 6. On fourth
    # street p2 bets 2 and p1 folds: p2 wins 6 and gets the 2 back; p1 put in 1 + 2.
    assert r.ok and r.final_stacks == [97, 103]
    assert pokerkit_stacks(text) == r.final_stacks
