"""luck: felt luck's per-player results against all-in equity, as a pandas DataFrame."""

import json
from pathlib import Path

import pytest

import feltkit

pd = pytest.importorskip("pandas")

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"

# AcKd against QsQh, all in on the turn (Ah 7d 2c 3s): the two queens left of 44 rivers save
# Bob, who hits one.
TURN = """variant = 'NT'
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
players = ['Ann', 'Bob']
actions = ['d dh p1 AcKd', 'd dh p2 QsQh', 'p2 cc', 'p1 cc', 'd db Ah7d2c', 'p1 cc', 'p2 cc',
           'd db 3s', 'p1 cbr 98', 'p2 cc', 'd db Qc']
"""


def test_a_turn_all_in_is_settled_at_the_outs_counted_by_hand():
    df = feltkit.luck(TURN)
    assert list(df.columns) == [
        "hand", "hand_number", "player", "seat", "won", "all_in_ev", "luck", "big_blind",
        "all_in_street", "not_settled",
    ]
    ann, bob = df.itertuples(index=False)
    assert (ann.player, ann.seat, ann.won, bob.won) == ("Ann", 1, -100.0, 100.0)
    assert ann.all_in_ev == pytest.approx(200 * 42 / 44 - 100)
    assert bob.luck == pytest.approx(100 - (200 * 2 / 44 - 100))
    assert ann.all_in_street == "turn" and ann.not_settled is None
    assert ann.big_blind == 2.0
    assert df.attrs["not_counted"] == []


def test_a_directory_gives_the_same_sums_as_felt_luck(felt):
    df = feltkit.luck(DATA / "ggpoker")
    out = felt("luck", "--json", str(DATA / "ggpoker"))
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    per_player = df.groupby("player")[["won", "all_in_ev", "luck"]].sum()
    for p in summary["players"]:
        row = per_player.loc[p["player"]]
        assert row["won"] == pytest.approx(p["won"], abs=1e-6)
        assert row["all_in_ev"] == pytest.approx(p["all_in_ev"], abs=1e-6)
    assert len(df.attrs["not_counted"]) == len(summary["not_counted"])


def test_hands_that_do_not_replay_are_listed_not_counted():
    bad = TURN.replace("'p2 cc', 'd db Qc'", "'p1 cc', 'd db Qc'")
    df = feltkit.luck(bad + "\n")
    assert len(df) == 0
    (skipped,) = df.attrs["not_counted"]
    assert skipped["hand"] == "<text>" and skipped["why"].startswith("illegal at action 10")


def test_a_sample_site_hand_with_side_pots_adds_up_to_no_luck():
    df = feltkit.luck(DATA / "ggpoker" / "cash_nl_side_pots.txt")
    assert df["all_in_street"].eq("preflop").all()
    assert df["luck"].sum() == pytest.approx(0, abs=1e-9)
    assert df["won"].sum() == pytest.approx(df["all_in_ev"].sum(), abs=1e-9)


def test_a_path_that_cannot_be_read_raises():
    with pytest.raises(feltkit.PhhError):
        feltkit.luck(Path("/nonexistent/hands.phh"))
