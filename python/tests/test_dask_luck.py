"""feltkit.dask.luck on a LocalCluster of two worker processes: feltkit.luck's rows, in its
order, over the repository's sample hands."""

import os
from pathlib import Path

import pytest

import feltkit

if os.environ.get("FELTKIT_REQUIRE_DASK"):
    import distributed
    import pandas as pd
else:
    distributed = pytest.importorskip("distributed")
    pd = pytest.importorskip("pandas")

import feltkit.dask  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def plain(df):
    """The rows as lists, missing values as None."""
    return df.astype(object).where(df.notna(), None).values.tolist()


@pytest.mark.parametrize("folder", ["ggpoker", "pokerstars", "replay/legal"])
def test_the_cluster_gives_the_rows_of_one_machine_in_its_order(client, folder):
    assert len(client.scheduler_info()["workers"]) == 2
    path = str(DATA / folder)
    # More than one file, so more than one call on the workers, finishing in any order.
    assert len(feltkit._feltkit.hand_files(path)) > 1
    expected = feltkit.luck(path)
    got = feltkit.dask.luck(path)
    assert len(got) > 0
    pd.testing.assert_frame_equal(got, expected)
    assert got.attrs == expected.attrs
    # Tournament hands in prizes: the same on the cluster.
    prizes = feltkit.dask.luck(path, payouts=[50, 30, 20])
    pd.testing.assert_frame_equal(prizes, feltkit.luck(path, payouts=[50, 30, 20]))


def test_a_list_of_paths_is_read_in_turn(client):
    paths = [DATA / "pokerstars", EXAMPLES / "luck.phhs", DATA / "ggpoker"]
    one = [feltkit.luck(str(p)) for p in paths]
    got = feltkit.dask.luck(paths)
    assert plain(got) == [row for df in one for row in plain(df)]
    assert got.attrs["not_counted"] == [n for df in one for n in df.attrs["not_counted"]]


def test_one_file_and_a_directory_without_hands(client, tmp_path):
    one = EXAMPLES / "luck.phhs"
    pd.testing.assert_frame_equal(feltkit.dask.luck(str(one)), feltkit.luck(str(one)))
    empty = feltkit.dask.luck(str(tmp_path))
    assert len(empty) == 0 and list(empty.columns) == list(feltkit.luck(str(one)).columns)
    with pytest.raises(feltkit.PhhError):
        feltkit.dask.luck(str(tmp_path / "missing.phh"))
