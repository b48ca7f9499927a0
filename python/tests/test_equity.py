"""equity: every game, the options of `felt equity`, its results and its messages."""

import json

import pytest

import feltkit


def cli_json(felt, players, *flags):
    out = felt("equity", "--json", *flags, "--", *players)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


CASES = [
    (["AhKh", "QsQd"], ["--board", "2c7d9h"], {"board": "2c7d9h"}),
    (["AhKh", "QQ+,AKs"], ["--board", "Js7c2d"], {"board": "Js7c2d"}),
    (["AhKh", "QsQd", "7c7s"], ["--board", "2c7d9h4s"], {"board": "2c7d9h4s"}),
    (["AhKhQhJh", "2c2d3c3d"], ["--game", "omaha", "--board", "Tc9c8d"],
     {"game": "omaha", "board": "Tc9c8d"}),
    (["AhKhQh2c3d", "2s2d3s3h4c"], ["--game", "omaha5-8", "--board", "Tc9c8d"],
     {"game": "omaha5-8", "board": "Tc9c8d"}),
    (["AhKh2c", "QsQd3c"], ["--game", "turnover", "--board", "2d7d9h"],
     {"game": "turnover", "board": "2d7d9h"}),
    (["AhKhQhJh2h", "2c2d3c3d4s"], ["--game", "stud7"], {"game": "stud7"}),
    (["AhKhQhJh2h", "2c2d3c3d4s"], ["--game", "stud8"], {"game": "stud8"}),
    (["Ah2h3h4c5d", "2c2d3c3d4s"], ["--game", "razz"], {"game": "razz"}),
    (["AhKhQh", "AsKsJs"], ["--game", "americana"], {"game": "americana"}),
    (["AhKh", "QsQd"], ["--game", "shortdeck", "--board", "6c7d9h"],
     {"game": "shortdeck", "board": "6c7d9h"}),
    (["AhKh", "QsQd"], ["--dead", "2c2d", "--board", "7c8d9h"],
     {"dead": "2c2d", "board": "7c8d9h"}),
    (["AhKh", "QQ+"], ["--iterations", "5000", "--seed", "11"],
     {"iterations": 5000, "seed": 11}),
    (["AhKh", "QsQd"], ["--monte-carlo", "--stderr", "0.01", "--seed", "3"],
     {"method": "monte_carlo", "stderr": 0.01, "seed": 3}),
]


@pytest.mark.parametrize("players,flags,kwargs", CASES)
def test_equity_equals_felt_equity_json(felt, players, flags, kwargs):
    expected = cli_json(felt, players, *flags)
    got = feltkit.equity(players, **kwargs)
    assert got.method == expected["method"]
    assert got.deals == expected["deals"]
    for p, e in zip(got.players, expected["players"]):
        assert p.spec == e["spec"]
        assert (p.equity, p.win, p.tie) == (e["equity"], e["win"], e["tie"])
        assert p.stderr == e.get("stderr")
        for key in ("scoop", "high", "low"):
            assert getattr(p, key) == e.get(key)


def test_exact_counts_add_up_to_the_total():
    # AhKh against QsQd on 2c7d9h: 990 turn-river deals, hand-checked counts in docs/batch.md's
    # example (AhKh wins 280 of them outright).
    e = feltkit.equity(["AhKh", "QsQd"], board="2c7d9h")
    assert (e.method, e.deals) == ("exhaustive", 990)
    a, b = e.players
    assert a.wins + b.wins + a.ties == e.deals
    assert a.wins == 280
    assert abs(a.equity - 280 / 990) < 1e-12
    assert e.total == e.deals and e.unit > 0
    assert e.equities == [a.equity, b.equity]


def test_monte_carlo_is_the_same_on_any_thread_count():
    one = feltkit.equity(["AhKh", "QQ+"], iterations=20000, seed=5, threads=1)
    two = feltkit.equity(["AhKh", "QQ+"], iterations=20000, seed=5, threads=2)
    assert one.equities == two.equities
    assert one.method == "monte_carlo" and one.deals == 20000


BAD = [
    (["AhKh"], [], {}),
    (["AhKh", "QsQx"], [], {}),
    (["AhKh", "AhQd"], [], {}),
    (["AhKh", "QQ"], ["--board", "2c3c"], {"board": "2c3c"}),
    (["AhKh", "QQ"], ["--game", "stud7"], {"game": "stud7"}),
    (["Ah", "Kh", "QsQd"], [], {}),
]


@pytest.mark.parametrize("players,flags,kwargs", BAD)
def test_a_refused_query_raises_equity_error_with_the_message_of_felt_equity(
    felt, players, flags, kwargs
):
    out = felt("equity", *flags, "--", *players)
    assert out.returncode == 2
    expected = out.stderr.splitlines()[0].removeprefix("felt: ")
    with pytest.raises(feltkit.EquityError) as e:
        feltkit.equity(players, **kwargs)
    assert str(e.value) == expected


def test_bad_options_are_refused_naming_the_option():
    for kwargs, pattern in [
        ({"game": "omaha9"}, 'unknown game "omaha9"'),
        ({"method": "guess"}, 'unknown method "guess"'),
        ({"iterations": 0}, "iterations: 0 is out of range"),
        ({"stderr": 2.0}, "stderr: expected a standard error more than 0 and at most 1"),
        ({"time": -1.0}, "time: -1 is out of range"),
        ({"threads": 0}, "threads: 0 is out of range"),
    ]:
        with pytest.raises(feltkit.EquityError, match=pattern):
            feltkit.equity(["AhKh", "QsQd"], **kwargs)
    assert issubclass(feltkit.EquityError, feltkit.FeltkitError)
    assert issubclass(feltkit.FeltkitError, ValueError)
