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
    (["AhKhQh2c3dTs", "2s2d3s3h4c9h"], ["--game", "omaha6", "--board", "Tc9c8d"],
     {"game": "omaha6", "board": "Tc9c8d"}),
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


def test_negative_numbers_raise_value_error_naming_the_argument_and_range():
    # Once a bare OverflowError ("can't convert negative int to unsigned") naming nothing.
    for kwargs, expected in [
        ({"threads": -1}, "threads: -1 is out of range: expected a whole number from 1 to 256"),
        ({"seed": -1},
         "seed: -1 is out of range: expected a whole number from 0 to 18446744073709551615"),
        ({"seed": 2**64},
         "seed: 18446744073709551616 is out of range: expected a whole number from 0 to "
         "18446744073709551615"),
        ({"iterations": -5},
         "iterations: -5 is out of range: expected a whole number from 1 to 1000000000000"),
        ({"iterations": 10**40},
         f"iterations: {10**40} is out of range: expected a whole number from 1 to "
         "1000000000000"),
    ]:
        with pytest.raises(feltkit.EquityError) as e:
            feltkit.equity(["AhKh", "QsQd"], **kwargs)
        assert str(e.value) == expected
        assert isinstance(e.value, ValueError)
    with pytest.raises(TypeError, match="seed: expected a whole number"):
        feltkit.equity(["AhKh", "QsQd"], seed="1")
    # The largest seed is taken.
    assert feltkit.equity(["AhKh", "QsQd"], iterations=100, seed=2**64 - 1).deals == 100


def felt_refusal(felt, *args):
    """The message `felt equity ARGS` exits 2 with, without its `felt: ` prefix."""
    out = felt("equity", *args)
    assert out.returncode == 2 and out.stdout == "", out
    first = out.stderr.splitlines()[0]
    assert first.startswith("felt: ")
    return first[len("felt: "):]


def test_an_exhaustive_run_over_three_hours_is_refused_with_the_message_of_felt_equity(felt):
    # Seven-card stud, three players with 4, 3 and 3 known cards: 42 cards left, so (42
    # choose 3) * (39 choose 4) * (35 choose 4) * 3 players * 0.5 ns = 7.4e13 ns, about 21
    # hours on one thread, over the 3 hours run without asking.
    message = felt_refusal(felt, "--game", "stud7", "--exhaustive", "--threads", "1",
                           "--", "AhKd7c5s", "9s9h2c", "QcJc3d")
    assert message.startswith("exhaustive enumeration estimated at 21 hours on 1 thread")
    assert "more than the 3 hours felt runs without asking" in message
    with pytest.raises(feltkit.EquityError) as e:
        feltkit.equity(["AhKd7c5s", "9s9h2c", "QcJc3d"], game="stud7", method="exhaustive",
                       threads=1)
    # The same estimate and rule, with this function's arguments where the command names flags.
    estimate = message.split(", more than")[0]
    assert str(e.value) == (
        f"{estimate}, more than the 3 hours feltkit runs without asking: pass allow_long=True "
        'to run it, or use Monte Carlo (method="monte_carlo", or leave method at "auto"), which '
        "stops at a standard error of 0.0005 far sooner")


def test_allow_long_lets_a_long_exhaustive_run_past_the_three_hour_rule(felt):
    # Three random hands with 2c dead: estimated at 7.6 hours on one thread, refused without
    # allow_long; with it the run gets past the rule to the engine, which refuses it at once
    # for another reason (its matchup classes would not fit in memory), so nothing runs long.
    args = ("--exhaustive", "--threads", "1", "--dead", "2c", "random", "random", "random")
    message = felt_refusal(felt, *args)
    assert "more than the 3 hours felt runs without asking" in message
    query = dict(players=["random"] * 3, dead="2c", method="exhaustive", threads=1)
    with pytest.raises(feltkit.EquityError) as e:
        feltkit.equity(**query)
    assert str(e.value).startswith(message.split(", more than")[0] + ", more than the 3 hours")
    assert "pass allow_long=True" in str(e.value)
    allowed = felt("equity", "--allow-long", *args)
    assert allowed.returncode == 2
    engine = allowed.stderr.splitlines()[-1][len("felt: "):]
    assert engine.startswith("exact enumeration of these ranges would hold about")
    with pytest.raises(feltkit.EquityError) as e:
        feltkit.equity(**query, allow_long=True)
    assert str(e.value) == engine.replace("(--monte-carlo)", '(method="monte_carlo")')
    # A short exhaustive run needs nothing, and allow_long changes nothing in it.
    short = feltkit.equity(["AhKh", "QsQd"], board="2c7d9h", method="exhaustive")
    assert feltkit.equity(["AhKh", "QsQd"], board="2c7d9h", method="exhaustive",
                          allow_long=True).equities == short.equities


def test_a_stopping_rule_asks_for_monte_carlo_as_in_felt_equity():
    # Heads-up preflop would be exact (the shipped table) under auto; a stopping rule makes it
    # Monte Carlo, and an explicit method stays.
    assert feltkit.equity(["AhKh", "QsQd"]).method == "exhaustive"
    assert feltkit.equity(["AhKh", "QsQd"], iterations=100).method == "monte_carlo"
    assert feltkit.equity(["AhKh", "QsQd"], time=0.05).method == "monte_carlo"
    assert feltkit.equity(["AhKh", "QsQd"], stderr=0.05).method == "monte_carlo"


def test_an_exhaustive_run_takes_no_stopping_rule_as_in_felt_equity(felt):
    # The command refuses --exhaustive with --iterations, --stderr or --time; so does equity.
    assert felt("equity", "--exhaustive", "--iterations", "100", "AhKh", "QsQd").returncode == 2
    for rule in (dict(iterations=100), dict(stderr=0.01), dict(time=1.0)):
        with pytest.raises(feltkit.EquityError, match=r'^method "exhaustive" enumerates every deal'):
            feltkit.equity(["AhKh", "QsQd"], method="exhaustive", **rule)
