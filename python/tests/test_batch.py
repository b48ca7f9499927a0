"""batch and batch_csv: the rows of `felt batch`, byte for byte, and as pandas frames."""

import io
import math

import pandas as pd
import pytest

import feltkit

INPUT = (
    "id,p1,p2,p3,board,method,iterations,seed,note\n"
    "1,AhKh,QsQd,,2c7d9h,,,,flop\n"
    "2,AA,\"KK+,AQx\",,,,,,a bad range\n"
    "3,AhKh,QQ+,,,monte_carlo,3000,,seeded by its row\n"
    "4,AhKh,QQ+,,,monte_carlo,3000,42,its own seed\n"
    "5,AhKhQhJh,2c2d3c3d,,Tc9c8d,,,,\"quoted, with a comma\"\n"
    "6,AhKh,,QsQd,,,,,a gap\n"
    "7,AhKh,QsQd,7c7s,2c7d9h4s,,,,three players\n"
)


def test_batch_csv_is_byte_for_byte_felt_batch(felt):
    for flags, options in [
        ([], {}),
        (["--seed", "9", "--row-numbers"], {"seed": 9, "row_numbers": True}),
        (["--game", "holdem", "--board", "Ts9s8s"], {"game": "holdem", "board": "Ts9s8s"}),
        (["--json"], {"json": True}),
        (["--shard", "2/3"], {"shard": "2/3"}),
    ]:
        out = felt("batch", *flags, input=INPUT)
        assert out.returncode == 1  # rows 2 and 6 fail
        assert feltkit.batch_csv(INPUT, **options) == out.stdout, flags


def test_a_frame_gets_the_result_columns_of_felt_batch(felt):
    out = felt("batch", input=INPUT)
    expected = pd.read_csv(io.StringIO(out.stdout), dtype=str, keep_default_na=False)
    frame = pd.read_csv(io.StringIO(INPUT))
    got = feltkit.batch(frame)
    assert list(got.columns) == list(expected.columns)
    assert len(got) == len(frame)
    assert (got.index == frame.index).all()
    for col in expected.columns:
        if col in frame.columns:
            assert got[col].equals(frame[col])
            continue
        for cell, text in zip(got[col], expected[col]):
            if text == "":
                assert cell is None or cell is pd.NA or (isinstance(cell, float) and math.isnan(cell))
            elif col in ("felt_method", "felt_error"):
                assert cell == text
            else:
                assert float(cell) == float(text), col
    assert got["felt_deals"].dtype == "Int64"
    assert got["felt_p1_equity"].dtype == "float64"
    assert got.loc[0, "felt_deals"] == 990
    assert got.loc[1, "felt_error"].startswith('p2 ("KK+,AQx"): range token 2')
    assert got.loc[5, "felt_error"] == (
        "p3 is filled but p2 is empty: players go p1, p2, ... without gaps"
    )
    assert got.loc[0, "felt_error"] is None


def test_defaults_are_the_flags_and_whole_number_columns_survive_missing_cells(felt):
    frame = pd.DataFrame(
        {
            "p1": ["AhKh", "AhKh", "JJ"],
            "p2": ["QsQd", "QQ", "AKs"],
            "iterations": [1000, None, 500],  # a float column in pandas
        }
    )
    assert frame["iterations"].dtype.kind == "f"
    got = feltkit.batch(frame, method="monte_carlo", iterations=2000, seed=4)
    text = "p1,p2,iterations\nAhKh,QsQd,1000\nAhKh,QQ,\nJJ,AKs,500\n"
    out = felt("batch", "--method", "monte_carlo", "--iterations", "2000", "--seed", "4",
               input=text)
    assert out.returncode == 0, out.stderr
    expected = pd.read_csv(io.StringIO(out.stdout))
    assert got["felt_deals"].tolist() == [1000, 2000, 500]
    assert got["felt_p1_equity"].tolist() == expected["felt_p1_equity"].tolist()
    assert got["felt_error"].tolist() == [None, None, None]


def test_an_earlier_runs_results_are_replaced():
    frame = pd.DataFrame({"p1": ["AhKh"], "p2": ["QsQd"], "board": ["2c7d9h"]})
    once = feltkit.batch(frame)
    twice = feltkit.batch(once)
    pd.testing.assert_frame_equal(once, twice)


def test_a_bad_header_or_default_raises_batch_error(felt):
    out = felt("batch", input="a,b\n1,2\n")
    assert out.returncode == 2
    with pytest.raises(feltkit.BatchError) as e:
        feltkit.batch(pd.DataFrame({"a": [1], "b": [2]}))
    message = str(e.value)
    assert message == (
        'bad header row: no p1 column: the header row names 2 columns: "a", "b"; expected at least'
        " the columns p1 and p2 (the players' cards or ranges), and optionally p3 to p10, game,"
        " board, dead, method, iterations, stderr and seed"
    )
    assert message in out.stderr
    for kwargs, pattern in [
        ({"game": "omaha9"}, 'game: unknown game "omaha9"'),
        ({"method": "x"}, 'method: unknown method "x"'),
        ({"board": "2c2x"}, 'board "2c2x": card 2'),
        ({"iterations": 0}, "iterations: 0 is out of range"),
        ({"threads": 999}, "threads: 999 is out of range"),
    ]:
        with pytest.raises(feltkit.BatchError, match=pattern):
            feltkit.batch_csv("p1,p2\nAA,KK\n", **kwargs)
    with pytest.raises(TypeError):
        feltkit.batch(pd.DataFrame({"p1": ["AA"], "p2": ["KK"]}), json=True)
    with pytest.raises(TypeError):
        feltkit.batch("p1,p2\nAA,KK\n")


def test_negative_numbers_raise_value_error_naming_the_argument_and_range():
    # Once a bare OverflowError naming nothing; chunk_rows=0 was taken as 1.
    for kwargs, expected in [
        ({"threads": -2}, "threads: -2 is out of range: expected a whole number from 1 to 256"),
        ({"seed": -1},
         "seed: -1 is out of range: expected a whole number from 0 to 18446744073709551615"),
        ({"iterations": -1},
         "iterations: -1 is out of range: expected a whole number from 1 to 1000000000000"),
        ({"chunk_rows": -1},
         "chunk_rows: -1 is out of range: expected a whole number from 1 to 1000000"),
        ({"first_row": -3},
         "first_row: -3 is out of range: expected a whole number from 0 to "
         "18446744073709551615"),
    ]:
        with pytest.raises(feltkit.BatchError) as e:
            feltkit.batch_csv("p1,p2\nAA,KK\n", **kwargs)
        assert str(e.value) == expected
        assert isinstance(e.value, ValueError)


def test_chunk_rows_0_is_refused_as_felt_batch_refuses_it(felt):
    out = felt("batch", "--chunk-rows", "0", input="p1,p2\nAA,KK\n")
    assert out.returncode == 2
    with pytest.raises(feltkit.BatchError) as e:
        feltkit.batch_csv("p1,p2\nAA,KK\n", chunk_rows=0)
    message = str(e.value)
    assert message == "chunk_rows: 0 is out of range: expected a whole number from 1 to 1000000"
    # The command's message after its flag's name, word for word.
    assert message.removeprefix("chunk_rows: ") in out.stderr, out.stderr
    assert feltkit.batch_csv("p1,p2\nAA,KK\n", chunk_rows=1) == feltkit.batch_csv(
        "p1,p2\nAA,KK\n")


def test_first_row_numbers_a_piece_as_part_of_a_larger_table():
    rows = "".join("AhKh,QQ+,monte_carlo,500\n" for _ in range(6))
    header = "p1,p2,method,iterations\n"
    whole = feltkit.batch_csv(header + rows).splitlines()
    tail = feltkit.batch_csv(header + rows[: 3 * 25], first_row=3).splitlines()
    assert tail[1:] == whole[4:]
    assert whole[1] != whole[2]  # rows draw different deals
