"""feltkit.dask.batch on a LocalCluster of two worker processes: the single-machine results."""

import importlib.metadata
import os

import pandas as pd
import pytest

import feltkit

# Where Dask must be there (CI, which installs "./python[test]", whose extras hold the
# "dask" extra), its absence fails the tests instead of skipping them.
if os.environ.get("FELTKIT_REQUIRE_DASK"):
    import dask.dataframe as dd
    import distributed
else:
    dd = pytest.importorskip("dask.dataframe")
    distributed = pytest.importorskip("distributed")

import feltkit.dask  # noqa: E402


def frame(n=60):
    rows = []
    for i in range(n):
        if i % 3 == 0:
            rows.append({"id": i, "p1": "AhKh", "p2": "QQ+", "method": "monte_carlo",
                         "iterations": 400, "board": ""})
        elif i % 3 == 1:
            rows.append({"id": i, "p1": "AhKh", "p2": "QsQd", "method": "", "iterations": None,
                         "board": "2c7d9h"})
        else:
            rows.append({"id": i, "p1": "AA", "p2": "KK+,AQx", "method": "", "iterations": None,
                         "board": ""})
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_a_dask_frame_is_answered_as_one_frame_on_two_worker_processes(client):
    assert len(client.scheduler_info()["workers"]) == 2
    df = frame()
    expected = feltkit.batch(df, seed=7)
    ddf = dd.from_pandas(df, npartitions=5)
    result = feltkit.dask.batch(ddf, seed=7)
    got = result.compute()
    # Both worker processes are up and answered partitions.
    assert len(client.run(lambda: 1)) == 2
    cols = [c for c in expected.columns if c.startswith("felt_")]
    pd.testing.assert_frame_equal(
        got[cols].reset_index(drop=True), expected[cols].reset_index(drop=True),
        check_dtype=False,
    )
    # Monte Carlo rows drew the seeds of their row numbers: not all equal.
    mc = got[got["felt_method"] == "monte_carlo"]["felt_p1_equity"]
    assert mc.nunique() > 1
    assert got["felt_error"].notna().sum() == 20


def test_other_partitionings_give_the_same_results(client):
    df = frame(30)
    a = feltkit.dask.batch(dd.from_pandas(df, npartitions=2)).compute()
    b = feltkit.dask.batch(dd.from_pandas(df, npartitions=7)).compute()
    pd.testing.assert_frame_equal(a, b)
    with pytest.raises(TypeError):
        feltkit.dask.batch(dd.from_pandas(df, npartitions=2), first_row=3)


def test_pip_install_dask_extra_brings_what_the_dask_example_imports():
    # `pip install "./python[dask]"` once brought dask[distributed] alone, and the Dask example
    # of docs/python.md then failed with "No module named 'pyarrow'".
    extra = [r for r in importlib.metadata.requires("feltkit") or []
             if 'extra == "dask"' in r.replace("'", '"')]
    names = " ".join(extra)
    assert "dask[dataframe,distributed]" in names.replace(" ", ""), extra
    assert "pyarrow" in names and "pandas" in names, extra
    test_extra = [r for r in importlib.metadata.requires("feltkit")
                  if 'extra == "test"' in r.replace("'", '"')]
    assert any(r.startswith("feltkit[dask]") for r in test_extra), test_extra
    # What docs/python.md's example imports, and what dask.dataframe needs to read text.
    import pyarrow  # noqa: F401
    from distributed import Client, LocalCluster  # noqa: F401
    dd.from_pandas(pd.DataFrame({"p1": ["AhKh"], "p2": ["QsQd"]}), npartitions=1).compute()
