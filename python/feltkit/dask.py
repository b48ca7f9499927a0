"""``felt batch`` on a Dask DataFrame, partition by partition.

:func:`batch` answers each partition with :func:`feltkit.batch` (``map_partitions``) where it
lies, on a laptop or a cluster. A row's Monte Carlo seed depends on its row number in the
whole frame (as in ``felt batch``), so each partition is told how many rows come before it:
the results are those of one :func:`feltkit.batch` call on the whole frame, whatever the
partitioning and wherever the partitions run.
"""

from __future__ import annotations

from itertools import accumulate
from typing import Any, List

import feltkit

__all__ = ["batch"]


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
