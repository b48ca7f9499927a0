"""``felt batch`` on a Dask DataFrame, partition by partition, and ``felt luck`` file by file.

:func:`batch` answers each partition with :func:`feltkit.batch` (``map_partitions``) where it
lies, on a laptop or a cluster. A row's Monte Carlo seed depends on its row number in the
whole frame (as in ``felt batch``), so each partition is told how many rows come before it:
the results are those of one :func:`feltkit.batch` call on the whole frame, whatever the
partitioning and wherever the partitions run.

:func:`luck` reads each hand file on a worker with :func:`feltkit.luck` and puts the files'
rows together in the order ``felt luck`` reads the files: the rows of one :func:`feltkit.luck`
call on the same paths.
"""

from __future__ import annotations

import os
from itertools import accumulate
from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union

import feltkit
from feltkit._feltkit import hand_files as _hand_files
from feltkit._feltkit import luck_path as _luck_path

__all__ = ["batch", "luck"]

Paths = Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]]


def _answer(part: Any, offsets: List[int], defaults: dict, partition_info: Any = None) -> Any:
    number = partition_info["number"] if partition_info else 0
    return feltkit.batch(part, first_row=offsets[number], **defaults)


def batch(ddf: Any, **defaults: Any) -> Any:
    """Answers a Dask DataFrame of ``felt batch`` rows: a lazy Dask DataFrame of the same rows
    with the result columns of :func:`feltkit.batch` appended. ``defaults`` are the same
    options. The partitions' lengths are computed first (one pass over the input) so that
    every row knows its number in the whole frame."""
    if "first_row" in defaults:
        raise TypeError("dask.batch numbers the rows itself: first_row is not an option")
    lengths = [int(n) for n in ddf.map_partitions(len).compute()]
    offsets = [0] + list(accumulate(lengths))[:-1]
    meta = feltkit.batch(ddf._meta, **defaults)
    return ddf.map_partitions(_answer, offsets, defaults, meta=meta)


def _luck_file(
    path: str, format: Optional[str], payouts: Optional[List[float]]
) -> Tuple[List[Any], List[Any], List[Any], List[Any]]:
    return _luck_path(path, format, False, payouts)


def luck(
    paths_or_dir: Paths,
    *,
    format: Optional[str] = "auto",
    follow: bool = False,
    payouts: Optional[Sequence[float]] = None,
) -> Any:
    """:func:`feltkit.luck` over a Dask cluster: the same pandas DataFrame, one row per player
    and hand, in the same order, with ``attrs["not_counted"]``, ``attrs["cashouts"]`` and ``attrs["insurances"]``. ``paths_or_dir`` is a file, a
    directory, or a list of them (read in turn, as ``felt luck PATH...`` reads them);
    ``format``, ``follow`` and ``payouts`` are :func:`feltkit.luck`'s. The files are listed here (``follow``
    applies to the listing); each is read, replayed and settled by a ``dask.delayed`` call of
    its own on the cluster that is current (``dask.distributed.Client``, else Dask's local
    scheduler), so the workers must see the same paths (a shared file system); the rows come
    back here and make one DataFrame, as :func:`feltkit.luck` makes it. The first file that
    cannot be read raises :class:`feltkit.PhhError`, as with :func:`feltkit.luck`."""
    import dask

    if isinstance(paths_or_dir, (str, os.PathLike)):
        paths = [paths_or_dir]
    elif isinstance(paths_or_dir, bytes):
        raise TypeError("paths_or_dir: expected a path (str or os.PathLike) or a list of them")
    else:
        paths = list(paths_or_dir)
    prizes = feltkit._payouts(payouts)
    files = [f for p in paths for f in _hand_files(os.fspath(p), follow)]
    parts = dask.compute(*[dask.delayed(_luck_file)(f, format, prizes) for f in files])
    rows = [r for part in parts for r in part[0]]
    skipped = [s for part in parts for s in part[1]]
    cashouts = [c for part in parts for c in part[2]]
    insurances = [c for part in parts for c in part[3]]
    return feltkit._luck_frame(rows, skipped, cashouts, insurances)
