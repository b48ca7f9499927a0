"""replay and Hand: the reports of `felt replay`, and hands written as PHH text."""

import json
from decimal import Decimal
from pathlib import Path

import pytest

import feltkit

HAND = """variant = 'nlhe'
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
players = ['Ann', 'Bob', 'Cid']
actions = ['d dh p1 7c2d', 'd dh p2 AsAh', 'd dh p3 KsQs', 'p3 cbr 6', 'p1 f', 'p2 cc',
           'd db 9h5c2s', 'p2 cbr 10', 'p3 f']
finishing_stacks = [99, 107, 94]
"""


def test_a_report_carries_the_hands_results_by_hand():
    (r,) = feltkit.replay(HAND, check=True)
    assert (r.status, r.ok, r.checked, r.mismatches) == ("legal", True, True, [])
    # p3 raises to 6, p1 folds (1 in), p2 calls: the pot is 1 + 6 + 6 = 13, and p2's bet of 10
    # on the flop comes back.
    assert r.final_stacks == [99, 107, 94]
    assert r.pots[0]["amount"] == 13 and r.pots[0]["winners"] == ["p2"]
    assert r.uncalled == [0, 10, 0]
    assert r.names == {"p1": "Ann", "p2": "Bob", "p3": "Cid"}
    assert r.text.splitlines()[0] == "<text> (nlhe): legal, results match"
    assert "won by p2 (Bob)" in r.text


def test_reports_equal_felt_replay_json_and_text_on_the_corpus(felt, root):
    files = [
        "tests/data/corpus/pokerkit/NT/0.phh",
        "tests/data/corpus/pokerkit/F7S/7.phh",
        "tests/data/corpus/pokerkit/NS/hands.phhs",
        "tests/data/corpus/phh-real/data/wsop/2023/43/5/85.phh",
    ]
    for name in files:
        js = felt("replay", "--check", "--json", name)
        lines = [json.loads(line) for line in js.stdout.splitlines()]
        reports = feltkit.replay(root / name, check=True, label=name)
        assert [r.to_dict() for r in reports] == lines[:-1], name
        text = felt("replay", "--check", name).stdout
        body = "".join(r.text for r in reports)
        assert text.startswith(body), name


def test_cents_come_back_as_decimals():
    text = HAND.replace("[1, 2, 0]", "[0.50, 1.00, 0]").replace("'p3 cbr 6'", "'p3 cbr 3.25'")
    text = text.replace("'p2 cbr 10'", "'p2 cbr 5'").replace("finishing_stacks = [99, 107, 94]\n", "")
    (r,) = feltkit.replay(text)
    assert r.status == "legal"
    assert r.final_stacks == [Decimal("99.50"), Decimal("103.75"), Decimal("96.75")]


def test_bad_hands_are_reported_not_raised():
    (r,) = feltkit.replay(HAND.replace("'p1 f'", "'p1 cbr 1'"))
    assert r.status == "illegal" and not r.ok
    assert r.illegal_action["number"] == 5
    (m,) = feltkit.replay("variant = 'nlhe'\nstarting_stacks = 'x'\n")
    assert m.status == "malformed"
    assert m.reason


def test_a_path_is_read(tmp_path):
    path = tmp_path / "hand.phh"
    path.write_text(HAND)
    (r,) = feltkit.replay(path, check=True)
    assert r.ok and r.source == str(path)
    (r,) = feltkit.replay(str(path))
    assert r.ok
    with pytest.raises(FileNotFoundError):
        feltkit.replay(str(tmp_path / "missing.phh"))


def test_a_hand_built_in_python_is_written_with_its_results():
    hand = feltkit.Hand(
        "NT",
        [100, 100, 100],
        antes=[0, 0, 0],
        blinds_or_straddles=[1, 2, 0],
        min_bet=2,
        players=["Ann", "Bob", "Cid"],
    )
    for a in ["d dh p1 7c2d", "d dh p2 AsAh", "d dh p3 KsQs", "p3 cbr 6", "p1 f", "p2 cc",
              "d db 9h5c2s", "p2 cbr 10", "p3 f"]:
        hand.act(a)
    text = hand.to_phh(results=True)
    assert "finishing_stacks = [99, 107, 94]" in text
    assert 'players = ["Ann", "Bob", "Cid"]' in text
    (r,) = feltkit.replay(text, check=True)
    assert r.ok and r.checked
    assert hand.replay().final_stacks == [99, 107, 94]
    assert "finishing_stacks" not in hand.to_phh()


def test_a_bad_hand_raises_phh_error_saying_where():
    with pytest.raises(feltkit.PhhError, match=r'field `actions`: action 2 \("p1 raise 3"\): unknown action `raise`'):
        feltkit.Hand("NT", [100, 100], ["d dh p1 AsAh", "p1 raise 3"]).to_phh()
    with pytest.raises(feltkit.PhhError, match=r"field `starting_stacks\[1\]`: expected an amount"):
        feltkit.Hand("NT", [100, "lots"]).to_phh()
    with pytest.raises(feltkit.PhhError, match=r"field `min_bet`: expected an amount"):
        feltkit.Hand("NT", [100, 100], min_bet=[2]).to_phh()
    unfinished = feltkit.Hand(
        "NT", [100, 100], ["d dh p1 AsAh", "d dh p2 KsKh"], antes=[0, 0],
        blinds_or_straddles=[1, 2], min_bet=2,
    )
    with pytest.raises(feltkit.PhhError, match="the hand has no results: UNFINISHED"):
        unfinished.to_phh(results=True)
