"""Type stubs of the extension module (the Rust library behind ``felt``)."""

import os
from typing import Any, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str
CATEGORIES: Tuple[str, ...]
"""The nine category names, weakest first: ``CATEGORIES[rank_many(...)[1][i]]``."""

CLASS_KEYS: Tuple[str, ...]
"""The class keys by code (``Rank.code``, ``rank_many(..., game=...)[1]``): the nine categories'
keys (0 to 8), ``low`` (9), ``no_low`` (10), ``one_card_badugi`` to ``four_card_badugi`` (11 to
14)."""

RANKINGS: Tuple[str, ...]
"""The names ``game=`` takes (aliases too: ``holdem``, ``razz``, ``2-7``, ...): ``standard``,
``americana``, ``short-deck``, ``omaha``, ``eight-or-better``, ``ace-five``, ``deuce-seven``,
``badugi``."""

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
    """Larger is better, equal is a split (compare within one ranking); ``category << 12 |
    class`` in the standard ranking."""
    category: str
    """The hand in words: ``"straight flush"``, ``"8-6-4-3-A low"``, ``"three-card badugi"``."""
    key: str
    """The class's key: ``"straight_flush"``, ``"low"``, ``"no_low"``, ``"three_card_badugi"``."""
    category_index: int
    """0 (high card) to 8 (straight flush); lows and badugi hands are 0."""
    code: int
    """The class's number, its index in ``CLASS_KEYS``."""
    cards: str
    """The cards as ``felt rank`` writes them (``"AhKhQsJs/2c3c4d5d6s"`` with a board apart)."""

def rank(hand: str, game: str = "standard") -> Rank:
    """Ranks a hand under the ranking ``game`` (one of ``RANKINGS`` or an alias): 5 to 7
    cards, 4 in badugi, 5 in deuce-seven; Omaha's hole cards and board apart,
    ``"AhKhQsJs/2c3c4d5d6s"``."""

def rank_many(
    cards: npt.NDArray[np.uint8],
    threads: Optional[int] = None,
    check: bool = True,
    out: Optional[Tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]] = None,
    game: str = "standard",
    hole: Optional[int] = None,
) -> Tuple[npt.NDArray[Any], npt.NDArray[np.uint8]]:
    """Ranks each row of a ``uint8`` array of shape ``(n, 5..7)`` (card = rank * 4 + suit) in
    parallel, the GIL released: ``(values, categories)``, ``uint16`` and ``uint8``.
    ``check=False`` trusts the rows (about twice as fast; a row that is not a hand gets a
    meaningless value). Another ``game`` (or ``hole=N``: the first N cards of each row are hole
    cards, the rest the board, as Omaha needs) checks every row and gives ``uint32`` values and
    ``uint8`` class codes (``CLASS_KEYS``)."""

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
    PHH text, PokerStars or GGPoker text or ACPC log (``format``: auto, phh, pokerstars, ggpoker, winamax
    or acpc)."""

def replay_path(
    path: Union[str, "os.PathLike[str]"],
    label: Optional[str] = None,
    check: bool = False,
    format: Optional[str] = None,
    follow: bool = False,
) -> List[Tuple[str, str]]:
    """The same for a file or directory, read as ``felt replay PATH`` reads it (raises
    :class:`PhhError` with the command's line for an input that cannot be read)."""

LuckRow = Tuple[
    str,
    Optional[str],
    str,
    int,
    float,
    float,
    float,
    Optional[str],
    Optional[str],
    str,
    Optional[str],
]
CashoutRow = Tuple[str, str, int, str, float, float, float, float, Optional[str]]
InsuranceRow = Tuple[
    str, str, int, str, float, float, float, Optional[float], Optional[float], Optional[str]
]

def hand_files(path: str, follow: bool = False) -> List[str]:
    """The files ``felt luck PATH`` reads for a path, in its order (a file is itself)."""

def luck_text(
    text: str,
    label: str = "<text>",
    format: Optional[str] = None,
    payouts: Optional[Sequence[float]] = None,
) -> Tuple[List[LuckRow], List[Tuple[str, str]], List[CashoutRow], List[InsuranceRow]]:
    """Each hand of a text replayed and settled as ``felt luck`` does (tournament hands in
    prizes with ``payouts``): one row per player and hand (label, hand number, player, seat,
    won, all-in EV, big blind, the all-in's street, why an all-in was not settled, stake, start
    time), the hands not counted with why, and each EV Cashout beside the room's rule (label,
    player, line, street, paid, rule, equity, fee, why not compared), and each all-in insurance
    beside the chance of losing (label, player, line, street, premium, cover, price, chance of
    losing, fair premium, why not compared)."""

def luck_path(
    path: Union[str, "os.PathLike[str]"],
    format: Optional[str] = None,
    follow: bool = False,
    payouts: Optional[Sequence[float]] = None,
) -> Tuple[List[LuckRow], List[Tuple[str, str]], List[CashoutRow], List[InsuranceRow]]:
    """The same for a file or directory, read as ``felt luck PATH`` reads it."""

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
