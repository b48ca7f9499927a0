"""Type stubs of the extension module (the Rust library behind ``felt``)."""

import os
from typing import List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str
CATEGORIES: Tuple[str, ...]
"""The nine category names, weakest first: ``CATEGORIES[rank_many(...)[1][i]]``."""

class FeltkitError(ValueError):
    """Base of feltkit's errors: the message says where the input is wrong."""

class CardError(FeltkitError):
    """Cards or a hand that cannot be read or ranked."""

class EquityError(FeltkitError):
    """An equity query the engine refuses, with ``felt equity``'s message."""

class BatchError(FeltkitError):
    """A batch that cannot run at all (a bad header or default)."""

class PhhError(FeltkitError):
    """A PHH hand that cannot be read or written, or a replay's path or format refused."""

class Rank:
    """A ranked hand."""

    value: int
    """``category << 12 | class`` (standard ranking): larger is better, equal is a split."""
    category: str
    """The category in words: ``"straight flush"``."""
    key: str
    """The category's key: ``"straight_flush"``."""
    category_index: int
    """0 (high card) to 8 (straight flush)."""
    cards: str
    """The cards as ``felt rank`` writes them."""

def rank(hand: str, game: str = "standard") -> Rank:
    """Ranks the best five of 5, 6 or 7 cards (``game``: ``standard`` or ``americana``)."""

def rank_many(
    cards: npt.NDArray[np.uint8], threads: Optional[int] = None, check: bool = True
) -> Tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]:
    """Ranks each row of a ``uint8`` array of shape ``(n, 5..7)`` (card = rank * 4 + suit) in
    parallel, the GIL released: ``(values, categories)``. ``check=False`` trusts the rows
    (about twice as fast; a row that is not a hand gets a meaningless value)."""

def card_bytes(cards: str) -> bytes:
    """Card text as card bytes: ``card_bytes("2cAs") == bytes([0, 51])``."""

def _rank7_native_seconds(
    cards: npt.NDArray[np.uint8], threads: Optional[int] = None
) -> Tuple[float, int]:
    """The Rust evaluator's own time on rows of 7 cards (the benchmark's yardstick)."""

class PlayerResult:
    """One player's equity."""

    spec: str
    equity: float
    win: float
    tie: float
    stderr: Optional[float]
    wins: int
    ties: int
    tie_share: int
    scoop: Optional[float]
    high: Optional[float]
    low: Optional[float]

class EquityResult:
    """The answer to an equity query."""

    method: str
    """``exhaustive`` or ``monte_carlo``."""
    deals: int
    total: int
    unit: int
    players: List[PlayerResult]
    @property
    def equities(self) -> List[float]:
        """Each player's equity, in order."""

def equity(
    players: Sequence[str],
    board: str = "",
    dead: str = "",
    game: str = "holdem",
    method: str = "auto",
    iterations: Optional[int] = None,
    stderr: Optional[float] = None,
    seed: int = 0,
    threads: Optional[int] = None,
    time: Optional[float] = None,
    allow_long: bool = False,
) -> EquityResult:
    """Each player's equity, as ``felt equity`` computes it.

    ``game``: holdem, shortdeck, omaha, omaha5, omaha6, omaha8, omaha5-8, omaha6-8, turnover,
    stud7, stud8, razz or americana. ``method``: auto, exhaustive or monte_carlo (a stopping rule, ``iterations``,
    ``stderr`` or ``time`` in seconds, asks for Monte Carlo). An exhaustive enumeration
    estimated above three hours on ``threads`` is refused unless ``allow_long``
    (``--allow-long``). Raises :class:`EquityError`.
    """

def _equity_native_seconds(
    players: Sequence[str], board: str = "", repeats: int = 1, threads: Optional[int] = None
) -> float:
    """The Rust engine's own time for ``repeats`` answers (the benchmark's yardstick)."""

class BatchOutput:
    """The output of a batch run."""

    text: str
    read: int
    rows: int
    failed: int

def batch_csv(
    text: str,
    *,
    game: str = "holdem",
    board: str = "",
    dead: str = "",
    method: str = "auto",
    iterations: Optional[int] = None,
    stderr: Optional[float] = None,
    seed: int = 0,
    threads: Optional[int] = None,
    delimiter: str = ",",
    row_numbers: bool = False,
    shard: Optional[str] = None,
    json: bool = False,
    first_row: int = 0,
    chunk_rows: int = 2048,
) -> BatchOutput:
    """``felt batch`` on CSV text, its flags as options."""

def replay_text(
    text: str, label: str = "<text>", check: bool = False, format: Optional[str] = None
) -> List[Tuple[str, str]]:
    """Each hand's ``felt replay --json`` object (JSON text) and ``felt replay`` lines, for a
    PHH text, PokerStars text or ACPC log (``format``: auto, phh, pokerstars or acpc)."""

def replay_path(
    path: Union[str, "os.PathLike[str]"],
    label: Optional[str] = None,
    check: bool = False,
    format: Optional[str] = None,
    follow: bool = False,
) -> List[Tuple[str, str]]:
    """The same for a file or directory, read as ``felt replay PATH`` reads it (raises
    :class:`PhhError` with the command's line for an input that cannot be read)."""

def write_phh(
    variant: str,
    starting_stacks: Sequence[str],
    actions: Sequence[str],
    *,
    antes: Sequence[str] = ...,
    blinds_or_straddles: Sequence[str] = ...,
    min_bet: Optional[str] = None,
    small_bet: Optional[str] = None,
    big_bet: Optional[str] = None,
    bring_in: Optional[str] = None,
    players: Optional[Sequence[str]] = None,
    hand: Optional[str] = None,
    structure: Optional[str] = None,
    hole_cards: Optional[int] = None,
    results: bool = False,
) -> str:
    """A hand as PHH text (with ``results``: replayed, its finishing stacks and winnings added)."""
