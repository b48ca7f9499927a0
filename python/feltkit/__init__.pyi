"""Type stubs of the feltkit package."""

import os
from decimal import Decimal
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from ._feltkit import (
    CATEGORIES as CATEGORIES,
    BatchError as BatchError,
    CardError as CardError,
    EquityError as EquityError,
    EquityResult as EquityResult,
    FeltkitError as FeltkitError,
    PhhError as PhhError,
    PlayerResult as PlayerResult,
    Rank as Rank,
    __version__ as __version__,
    card_bytes as card_bytes,
    equity as equity,
    rank as rank,
    rank_many as rank_many,
)

Amount = Union[int, Decimal]

def cards_array(hands: Iterable[str]) -> npt.NDArray[np.uint8]:
    """Hands as text to a ``uint8`` array of shape ``(n, k)`` (card = rank * 4 + suit)."""

def batch_csv(text: str, **options: Any) -> str:
    """``felt batch`` on CSV text: the output, byte for byte the command's."""

def batch(dataframe: Any, **defaults: Any) -> Any:
    """A pandas DataFrame of ``felt batch`` rows in, the same rows with result columns out."""

class HandReport:
    """One replayed hand, as ``felt replay --json`` reports it."""

    text: str
    source: str
    file: str
    section: Optional[str]
    line: int
    hand: Optional[str]
    variant: str
    names: Dict[str, str]
    status: str
    ok: bool
    checked: bool
    nothing_recorded: bool
    mismatches: List[str]
    notes: List[str]
    reason: Optional[str]
    illegal_action: Optional[Dict[str, Any]]
    field: Optional[str]
    first_to_show: Optional[str]
    first_shown: Optional[str]
    uncalled: Optional[List[Amount]]
    final_stacks: Optional[List[Amount]]
    winnings: Optional[List[Amount]]
    pots: Optional[List[Dict[str, Any]]]
    def __init__(self, data: Dict[str, Any], text: str) -> None: ...
    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of ``felt replay --json``."""

def replay(
    text_or_path: Union[str, "os.PathLike[str]"],
    check: bool = False,
    label: Optional[str] = None,
    *,
    format: Optional[str] = "auto",
    follow: bool = False,
) -> List[HandReport]:
    """Replays every hand of a text, file or directory (PHH, PokerStars or GGPoker text or ACPC
    logs), as ``felt replay`` does. ``format``: auto, phh, pokerstars, ggpoker, winamax or acpc. Raises
    :class:`PhhError` for a path that cannot be read or a format not known."""

def luck(
    text_or_path: Union[str, "os.PathLike[str]"],
    *,
    format: Optional[str] = "auto",
    follow: bool = False,
    label: Optional[str] = None,
    payouts: Optional[Sequence[float]] = None,
) -> Any:
    """Each player's result against their all-in equity in every hand, as ``felt luck`` counts
    it: a pandas DataFrame, one row per player and hand (``hand``, ``hand_number``, ``player``,
    ``seat``, ``won``, ``all_in_ev``, ``luck``, ``big_blind``, ``all_in_street``,
    ``not_settled``, ``stake``, ``time``); tournament hands in prizes with ``payouts``;
    ``df.attrs["not_counted"]`` lists the hands that do not replay, ``df.attrs["cashouts"]``
    the EV Cashouts beside the room's rule, ``df.attrs["insurances"]`` the all-in insurances
    beside the chance of losing counted with exact equity."""

class Hand:
    """A hand built in Python, written as PHH text."""

    variant: str
    starting_stacks: List[Any]
    actions: List[str]
    antes: List[Any]
    blinds_or_straddles: List[Any]
    min_bet: Any
    small_bet: Any
    big_bet: Any
    bring_in: Any
    players: Optional[List[str]]
    hand: Optional[str]
    structure: Optional[str]
    hole_cards: Optional[int]
    def __init__(
        self,
        variant: str,
        starting_stacks: Sequence[Any],
        actions: Sequence[str] = ...,
        *,
        antes: Sequence[Any] = ...,
        blinds_or_straddles: Sequence[Any] = ...,
        min_bet: Any = None,
        small_bet: Any = None,
        big_bet: Any = None,
        bring_in: Any = None,
        players: Optional[Sequence[str]] = None,
        hand: Optional[str] = None,
        structure: Optional[str] = None,
        hole_cards: Optional[int] = None,
    ) -> None: ...
    def act(self, action: str) -> "Hand":
        """Appends one action."""
    def to_phh(self, results: bool = False) -> str:
        """The hand as PHH text."""
    def replay(self, check: bool = False) -> HandReport:
        """Replays the hand."""
