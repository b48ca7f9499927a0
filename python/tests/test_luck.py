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
        "all_in_street", "not_settled", "stake", "time",
    ]
    ann, bob = df.itertuples(index=False)
    assert (ann.player, ann.seat, ann.won, bob.won) == ("Ann", 1, -100.0, 100.0)
    assert ann.all_in_ev == pytest.approx(200 * 42 / 44 - 100)
    assert bob.luck == pytest.approx(100 - (200 * 2 / 44 - 100))
    assert ann.all_in_street == "turn" and ann.not_settled is None
    assert ann.big_blind == 2.0
    assert ann.stake == "1/2" and ann.time is None
    assert df.attrs["not_counted"] == [] and df.attrs["cashouts"] == []


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


# The same turn all-in in a three-handed tournament: Cy folds, Ann (300) and Bob (500) are all
# in for Ann's stack; Bob's two outs win.
SNG = """variant = 'NT'
_tournament = true
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [300, 500, 200]
players = ['Ann', 'Bob', 'Cy']
time = 20:05:31
day = 20
month = 11
year = 2026
actions = ['d dh p1 AcKd', 'd dh p2 QsQh', 'd dh p3 7c2d', 'p3 f', 'p1 cc', 'p2 cc',
           'd db Ah7d2c', 'p1 cc', 'p2 cc', 'd db 3s', 'p1 cbr 298', 'p2 cc', 'd db Qc']
"""


def _model(stacks, payouts):
    """Prize equity over every order of finish, players with chips only (all have some)."""
    eq = [0.0] * len(stacks)

    def walk(left, chance, place):
        total = sum(stacks[i] for i in left)
        for i in left:
            p = chance * stacks[i] / total
            eq[i] += p * (payouts[place] if place < len(payouts) else 0.0)
            walk([j for j in left if j != i], p, place + 1)

    walk(list(range(len(stacks))), 1.0, 0)
    return eq


def test_tournament_hands_are_counted_in_prizes_with_payouts():
    chips = feltkit.luck(SNG)
    assert chips["stake"].eq("tournament").all()
    assert chips.loc[0, "time"] == "2026-11-20T20:05:31"
    df = feltkit.luck(SNG, payouts=[50, 30, 20])
    assert df["stake"].eq("tournament (ICM)").all()
    before = _model([300, 500, 200], [50, 30, 20])
    # Ann busts in third place (20); Bob has 800 of 1000 against Cy's 200.
    after = [20.0] + [50 * 0.8 + 30 * 0.2, 50 * 0.2 + 30 * 0.8]
    for i in range(3):
        assert df.loc[i, "won"] == pytest.approx(after[i] - before[i])
    # Cy's folded cards are out of the deck: Ann wins 40 rivers of 42 and then holds 600 of
    # 1000 against Bob's 200 and Cy's 200.
    win = _model([600, 200, 200], [50, 30, 20])
    ev = [(40 * win[i] + 2 * after[i]) / 42 - before[i] for i in range(3)]
    for i in range(3):
        assert df.loc[i, "all_in_ev"] == pytest.approx(ev[i])
    assert df["won"].sum() == pytest.approx(0, abs=1e-9)
    for bad, error in [([50, -1], ValueError), ([0, 0], ValueError), ("50,30", TypeError), ([float("nan")], ValueError)]:
        with pytest.raises(error):
            feltkit.luck(SNG, payouts=bad)


def test_ev_cashouts_are_listed_beside_the_rooms_rule():
    df = feltkit.luck(DATA / "ggpoker" / "ev_cashout.txt")
    (cashout,) = df.attrs["cashouts"]
    assert cashout["street"] == "turn" and cashout["paid"] == pytest.approx(14.83)
    assert cashout["rule"] == pytest.approx(15.70 * 42 / 44 * 0.99, abs=0.01)
    assert cashout["agrees"] and cashout["not_compared"] is None
    assert cashout["player"] in set(df["player"])


def test_all_in_insurances_are_listed_beside_the_chance_of_losing():
    # Hero (Ks Kd 9h 8h) buys a cover of 15 for 1.20 against Ac Qd Jd Tc on Kc 8s 3d: the
    # chance of losing is the other hand's outright wins over every turn and river (a tie is
    # not a loss), counted here by the equity engine.
    df = feltkit.luck(DATA / "ggpoker" / "insurance.txt")
    (ins,) = df.attrs["insurances"]
    e = feltkit.equity(["KsKd9h8h", "AcQdJdTc"], board="Kc8s3d", game="omaha")
    assert e.deals == 820
    loss = e.players[1].wins / e.deals
    assert (ins["player"], ins["line"], ins["street"]) == ("Hero", 20, "flop")
    assert ins["premium"] == pytest.approx(1.2) and ins["cover"] == pytest.approx(15)
    assert ins["price"] == pytest.approx(0.08)
    assert ins["loss"] == pytest.approx(loss) and ins["fair_premium"] == pytest.approx(15 * loss)
    assert ins["not_compared"] is None
    # A mandatory part is not compared: GG does not say which pot it covers.
    (parts,) = feltkit.luck(DATA / "ggpoker" / "insurance_in_parts.txt").attrs["insurances"]
    assert "Mandatory" in parts["not_compared"]
    assert parts["loss"] is None and parts["fair_premium"] is None
