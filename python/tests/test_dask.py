"""feltkit.dask.batch on a LocalCluster of two worker processes: the single-machine results."""

import pandas as pd
import pytest

import feltkit

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
