"""feltkit: poker hand evaluation, equity, batch studies and hand replay.

The package is the library behind the ``felt`` command, built with PyO3: every function
calls the same Rust code as the command, so results (and error messages) are the command's.

Cards are text (``"AhKh"``, ``"Ah Kh 10d"``) or, in NumPy arrays, bytes: a card is
``rank * 4 + suit`` with ranks ``2`` = 0, ``3`` = 1, ... ``A`` = 12 and suits clubs = 0,
diamonds = 1, hearts = 2, spades = 3 (so ``2c`` = 0, ``Ah`` = 50, ``As`` = 51).
:func:`cards_array` turns hands written as text into such an array.

Errors are :class:`FeltkitError` (a ``ValueError``) subclasses: :class:`CardError`,
:class:`EquityError`, :class:`BatchError` and :class:`PhhError`.
"""

from __future__ import annotations

import io
import json
import math
import os
from decimal import Decimal
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

import numpy as np

from ._feltkit import (
    CATEGORIES,
    CLASS_KEYS,
    RANKINGS,
    BatchError,
    BatchOutput,
    CardError,
    EquityError,
    EquityResult,
    FeltkitError,
    PhhError,
    PlayerResult,
    Rank,
    __version__,
    batch_csv as _batch_csv,
    card_bytes,
    equity,
    luck_path as _luck_path,
    luck_text as _luck_text,
    rank,
    rank_many,
    replay_path as _replay_path,
    replay_text as _replay_text,
    write_phh as _write_phh,
)

__all__ = [
    "CATEGORIES",
    "CLASS_KEYS",
    "RANKINGS",
    "BatchError",
    "CardError",
    "EquityError",
    "EquityResult",
    "FeltkitError",
    "Hand",
    "HandReport",
    "PhhError",
    "PlayerResult",
    "Rank",
    "__version__",
    "batch",
    "batch_csv",
    "card_bytes",
    "cards_array",
    "equity",
    "luck",
    "rank",
    "rank_many",
    "replay",
]


def cards_array(hands: Iterable[str]) -> np.ndarray:
    """Hands written as text, as a ``uint8`` array of shape ``(n, k)`` for :func:`rank_many`.

    Every hand must have the same number of cards ``k``; a bad card raises :class:`CardError`
    naming the hand (from 0) and the card.
    """
    rows: List[bytes] = []
    for i, text in enumerate(hands):
        try:
            rows.append(card_bytes(text))
        except CardError as e:
            raise CardError(f"hand {i} ({text!r}): {e}") from None
        if len(rows[-1]) != len(rows[0]):
            raise CardError(
                f"hand {i} ({text!r}): {len(rows[-1])} cards, but hand 0 has {len(rows[0])}"
            )
    if not rows:
        return np.zeros((0, 7), dtype=np.uint8)
    flat = np.frombuffer(b"".join(rows), dtype=np.uint8)
    return flat.reshape(len(rows), len(rows[0])).copy()


def batch_csv(text: str, **options: Any) -> str:
    """``felt batch`` on CSV text: returns the output text, byte for byte the command's.

    The options are the command's flags: ``game``, ``board``, ``dead``, ``method``,
    ``iterations``, ``stderr``, ``seed``, ``threads``, ``delimiter``, ``row_numbers``,
    ``shard`` (``"K/N"``) and ``json``; ``first_row`` numbers the rows as if ``first_row``
    rows came before them. A header that cannot be used raises :class:`BatchError`; a bad
    row gets its message in the ``felt_error`` column.
    """
    return _batch_csv(text, **options).text


# The input columns whose cells are whole numbers: pandas keeps a column with missing values
# as floats (1000.0), which the batch reader would refuse.
_WHOLE_COLUMNS = ("iterations", "seed")


def _to_csv(df: "Any") -> str:
    out = df
    for col in df.columns:
        name = str(col).strip().lower()
        series = df[col]
        if name in _WHOLE_COLUMNS and series.dtype.kind == "f":
            whole = series.dropna()
            if bool((whole == whole.round()).all()):
                if out is df:
                    out = df.copy()
                out[col] = series.astype("Int64")
    return out.to_csv(index=False, lineterminator="\n")


def _result_frame(text: str, index: "Any") -> "Any":
    import csv

    import pandas as pd

    header = next(csv.reader(io.StringIO(text[: text.find("\n") + 1])))
    results = [c for c in header if c.startswith("felt_") and c != "felt_row"]
    words = ("felt_method", "felt_error")
    dtypes = {c: (object if c in words else "Int64" if c == "felt_deals" else "float64")
              for c in results}
    # The C reader on the result columns only; an empty cell is missing (NaN, <NA>, None).
    frame = pd.read_csv(io.StringIO(text), usecols=results, dtype=dtypes,
                        keep_default_na=False, na_values=[""])
    for col in words:
        if col in frame:
            cells = frame[col]
            frame[col] = cells.astype(object).where(cells.notna(), None)
    frame = frame[results]
    frame.index = index
    return frame


def batch(dataframe: "Any", **defaults: Any) -> "Any":
    """Answers a pandas DataFrame of equity questions as ``felt batch`` does a CSV file.

    The frame has the columns of ``felt batch`` (``p1`` ... ``p10`` and optionally ``game``,
    ``board``, ``dead``, ``method``, ``iterations``, ``stderr``, ``seed``); ``defaults`` are
    its flags (``game="holdem"``, ``board``, ``dead``, ``method``, ``iterations``,
    ``stderr``, ``seed``, ``threads``). Returns the same rows (same index) with the result
    columns of the command appended: ``felt_p1_equity``, ``felt_p1_win``, ``felt_p1_tie``,
    ... for each player column, ``felt_method``, ``felt_deals`` (``Int64``), ``felt_stderr``
    and ``felt_error`` (``None`` when the row has results). An earlier run's result columns
    are replaced. Monte Carlo rows without a ``seed`` draw the seed of their row number in
    the frame (counting from 1, plus ``first_row``), as the command does.
    """
    if dataframe is None or not hasattr(dataframe, "to_csv"):
        raise TypeError("batch() takes a pandas DataFrame")
    # An earlier run's result columns are replaced (the command drops them from its input).
    kept = [c for c in dataframe.columns if not str(c).strip().lower().startswith("felt_")]
    frame = dataframe[kept]
    options = {k: v for k, v in defaults.items() if k not in ("json", "row_numbers", "shard")}
    unknown = set(defaults) - set(options)
    if unknown:
        raise TypeError(f"batch() does not take {sorted(unknown)}: use batch_csv()")
    text = _batch_csv(_to_csv(frame), **options).text
    results = _result_frame(text, frame.index)
    import pandas as pd

    return pd.concat([frame, results], axis=1)


def _amount(text: Any) -> Any:
    """A chip amount's text as an ``int``, or a ``Decimal`` when it has decimals."""
    if isinstance(text, str):
        try:
            return int(text)
        except ValueError:
            return Decimal(text)
    return text


class HandReport:
    """One replayed hand, as ``felt replay`` reports it.

    Attributes are the keys of ``felt replay --json`` (``source``, ``file``, ``section``,
    ``line``, ``hand``, ``variant``, ``names``, ``status``, ``ok``, ``checked``,
    ``nothing_recorded`` (with ``check``: the record has no results to compare),
    ``mismatches``, ``notes``, and when known ``reason``, ``illegal_action``, ``field``,
    ``pots``, ``uncalled``, ``final_stacks``, ``winnings``, ``first_to_show``,
    ``first_shown``), chip amounts as ``int`` (or ``Decimal`` for a hand in cents);
    :attr:`text` holds the command's text lines and :meth:`to_dict` the JSON object.
    """

    _AMOUNT_LISTS = ("uncalled", "final_stacks", "winnings")

    def __init__(self, data: Dict[str, Any], text: str) -> None:
        self._data = data
        self.text: str = text
        self.source: str = data["source"]
        self.file: str = data["file"]
        self.section: Optional[str] = data.get("section")
        self.line: int = data["line"]
        self.hand: Optional[str] = data.get("hand")
        self.variant: str = data["variant"]
        self.names: Dict[str, str] = data["names"]
        self.status: str = data["status"]
        self.ok: bool = data["ok"]
        self.checked: bool = data["checked"]
        self.nothing_recorded: bool = data.get("nothing_recorded", False)
        self.mismatches: List[str] = data["mismatches"]
        self.notes: List[str] = data["notes"]
        self.reason: Optional[str] = data.get("reason")
        self.illegal_action: Optional[Dict[str, Any]] = data.get("illegal_action")
        self.field: Optional[str] = data.get("field")
        self.first_to_show: Optional[str] = data.get("first_to_show")
        self.first_shown: Optional[str] = data.get("first_shown")
        self.uncalled: Optional[List[Any]] = None
        self.final_stacks: Optional[List[Any]] = None
        self.winnings: Optional[List[Any]] = None
        for key in self._AMOUNT_LISTS:
            if key in data:
                setattr(self, key, [_amount(x) for x in data[key]])
        self.pots: Optional[List[Dict[str, Any]]] = None
        if "pots" in data:
            self.pots = [
                {
                    "amount": _amount(p["amount"]),
                    "contributors": p["contributors"],
                    "eligible": p["eligible"],
                    "winners": p["winners"],
                    "payouts": {k: _amount(v) for k, v in p["payouts"].items()},
                }
                for p in data["pots"]
            ]

    def to_dict(self) -> Dict[str, Any]:
        """The object ``felt replay --json`` writes for this hand (amounts as strings)."""
        return json.loads(json.dumps(self._data))

    def __repr__(self) -> str:
        first = self.text.splitlines()[0] if self.text else self.status
        return f"<HandReport {first}>"


# What a one-line text starts with when it is a site's hand history rather than a path.
_SITE_TEXT = ("STATE:", "PokerStars ")


def _looks_like_path(value: Union[str, "os.PathLike[str]"]) -> bool:
    """Whether ``replay`` reads ``value`` as a path: an ``os.PathLike``, or a one-line ``str``
    that names something that exists, or that holds no ``=`` (a PHH key) and does not start
    like a site's text (``STATE:``, ``PokerStars ``)."""
    if isinstance(value, os.PathLike):
        return True
    if "\n" in value or "\r" in value or not value.strip():
        return False
    if os.path.exists(value):
        return True
    return "=" not in value and not value.lstrip().startswith(_SITE_TEXT)


def replay(
    text_or_path: Union[str, "os.PathLike[str]"],
    check: bool = False,
    label: Optional[str] = None,
    *,
    format: Optional[str] = "auto",
    follow: bool = False,
) -> List[HandReport]:
    """Replays every hand of a text, a file or a directory, as ``felt replay`` does.

    ``text_or_path`` is text (a PHH document or ``.phhs`` bundle, PokerStars, GGPoker, Winamax,
    PartyPoker, 888poker, Full Tilt, WPN, Bovada, OnGame, Chico, Cake or KingsClub hand-history text, KingsClub hand-history text, iPoker, Merge or Microgaming hand-history XML, Absolute Poker or UltimateBet text, Everest XML or an ACPC match log) or a path (``str`` or
    ``os.PathLike``) to a ``.phh`` or ``.phhs`` file, a site's text file, an ACPC log, or a
    directory, searched as the command searches it (``.phh`` and ``.phhs`` files, and ``.txt``,
    ``.log`` and ``.xml`` files that start as a site's text or an ACPC log, in name order). A one-line ``str`` is a path unless it holds ``=`` or
    starts like a site's text; text has a line break.

    ``format`` is the command's ``--format``: ``"auto"`` (``.phh`` and ``.phhs`` files are PHH,
    anything else the format its content shows), ``"phh"``, ``"pokerstars"``, ``"ggpoker"``, ``"winamax"``,
    ``"partypoker"``, ``"888poker"``, ``"fulltilt"``, ``"wpn"``, ``"bovada"``, ``"ongame"``, ``"chico"``, ``"cake"``, ``"kingsclub"``, ``"ipoker"``, ``"merge"``, ``"microgaming"``, ``"absolute"``, ``"everest"`` or ``"acpc"``.
    ``follow`` follows links to directories below a directory given (``--follow``).

    With ``check``, each hand's recorded results (``finishing_stacks``, ``winnings``, ``_pots``,
    and a site's own accounting) are compared with the replay (mismatches in
    :attr:`HandReport.mismatches`). A hand that cannot be read is reported
    (``status == "malformed"``), not raised; a file or directory without hands gives no
    report. ``label`` names the source in the reports in place of the path given (a file
    below a directory is ``label/`` and its path below it; default: the path, or ``<text>``).

    Raises :class:`PhhError` for a path that cannot be read (its message the line
    ``felt replay`` writes: ``PATH: UNREADABLE: why``) and for a format it does not know.
    """
    if isinstance(text_or_path, bytes):
        raise TypeError(
            "text_or_path: expected text (str) or a path (str or os.PathLike), not bytes: "
            "decode text first (PokerStars files may be UTF-8 or windows-1252: give the path "
            "and feltkit reads either)"
        )
    if not isinstance(text_or_path, (str, os.PathLike)):
        raise TypeError(
            "text_or_path: expected text (str) or a path (str or os.PathLike), not "
            f"{type(text_or_path).__name__}"
        )
    if _looks_like_path(text_or_path):
        written = _replay_path(os.fspath(text_or_path), label, check, format, follow)
    else:
        text = str(text_or_path)
        written = _replay_text(text, label if label is not None else "<text>", check, format)
    return [HandReport(json.loads(j), t) for j, t in written]


_LUCK_COLUMNS = [
    "hand",
    "hand_number",
    "player",
    "seat",
    "won",
    "all_in_ev",
    "luck",
    "big_blind",
    "all_in_street",
    "not_settled",
    "stake",
    "time",
]


def luck(
    text_or_path: Union[str, "os.PathLike[str]"],
    *,
    format: Optional[str] = "auto",
    follow: bool = False,
    label: Optional[str] = None,
    payouts: Optional[Sequence[float]] = None,
) -> "Any":
    """Each player's result against their all-in equity in every hand, as ``felt luck`` counts
    it (docs/luck.md): a pandas DataFrame with one row per player and hand.

    ``text_or_path`` and ``format``, ``follow``, ``label`` are :func:`replay`'s: text, a file or
    a directory of PHH or any site's hand histories. Columns: ``hand`` (the hand's label, as
    :func:`replay` names it), ``hand_number`` (the record's ``hand``, or ``None``), ``player``,
    ``seat`` (1 for p1), ``won`` (after the rake the site took, in the hand's unit),
    ``all_in_ev`` (the same with each pot at stake after an all-in with cards to come counted
    at the player's equity in it), ``luck`` (``won - all_in_ev``), ``big_blind`` (0 where the
    game has none), ``all_in_street`` (``"preflop"``, ``"flop"``, ``"turn"``, ``"3rd street"``
    ...; ``None`` when the hand was not settled by expectation) and ``not_settled`` (why an
    all-in could not be settled, such as cards never shown; ``None`` otherwise), ``stake``
    (the blinds in the hand's unit such as ``"0.50/1"``, ``"tournament"``, or ``"tournament
    (ICM)"`` for a tournament hand counted in prizes) and ``time`` (when the hand started,
    ``"2026-11-20T20:05:31"``, or only the time of day when the record has no date; ``None``
    when it has neither).

    ``payouts`` (the prizes by finishing place, first place first, such as ``[50, 30, 20]``)
    counts tournament hands in prize equity by the Independent Chip Model, as ``felt luck
    --payouts`` does: ``won``, ``all_in_ev`` and ``luck`` are then in the payouts' unit.

    Hands that do not replay to a result are not in the rows: ``df.attrs["not_counted"]`` lists
    them, each ``{"hand": label, "why": reason}``. ``df.attrs["cashouts"]`` lists each GGPoker
    EV Cashout beside the room's rule, as ``felt luck`` prints them: ``{"hand", "player",
    "line", "street", "paid", "rule", "equity", "fee", "agrees", "not_compared"}``, and
    ``df.attrs["insurances"]`` each GGPoker all-in insurance beside the chance of losing the
    insured pot counted with exact equity, as ``felt luck --json`` gives them: ``{"hand",
    "player", "line", "street", "premium", "cover", "price" (premium over cover), "loss" (the
    chance of losing), "fair_premium" (cover times that chance), "not_compared"}`` (``loss`` and
    ``fair_premium`` are ``None`` when not compared). Amounts are
    floats in each hand's own unit; add them up per currency or per game as the rows say.

    Needs pandas (``pip install "feltkit[pandas]"``). Raises :class:`PhhError` for a path that
    cannot be read and for a format it does not know.
    """
    import pandas as pd

    if isinstance(text_or_path, bytes) or not isinstance(text_or_path, (str, os.PathLike)):
        raise TypeError(
            "text_or_path: expected text (str) or a path (str or os.PathLike), not "
            f"{type(text_or_path).__name__}"
        )
    prizes = _payouts(payouts)
    if _looks_like_path(text_or_path):
        path = os.fspath(text_or_path)
        rows, skipped, cashouts, insurances = _luck_path(path, format, follow, prizes)
        if label is not None:
            rows = [(label + r[0][len(path):],) + tuple(r[1:]) for r in rows]
            skipped = [(label + h[len(path):], why) for h, why in skipped]
            cashouts = [(label + c[0][len(path):],) + tuple(c[1:]) for c in cashouts]
            insurances = [(label + c[0][len(path):],) + tuple(c[1:]) for c in insurances]
    else:
        text = str(text_or_path)
        rows, skipped, cashouts, insurances = _luck_text(
            text, label if label is not None else "<text>", format, prizes
        )
    return _luck_frame(rows, skipped, cashouts, insurances)


def _payouts(payouts: Optional[Sequence[float]]) -> Optional[List[float]]:
    """``payouts`` checked as ``felt luck --payouts`` checks it (ValueError when not)."""
    if payouts is None:
        return None
    if isinstance(payouts, (str, bytes)):
        raise TypeError("payouts: expected a list of prizes by place, such as [50, 30, 20]")
    prizes = []
    for k, p in enumerate(payouts):
        if isinstance(p, bool) or not isinstance(p, (int, float, Decimal)):
            raise TypeError(f"payouts: place {k + 1}: expected a number, got {p!r}")
        value = float(p)
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"payouts: place {k + 1}: {p!r} is not a prize (a number, 0 or more)")
        prizes.append(value)
    if not any(prizes):
        raise ValueError("payouts: every prize is 0")
    return prizes


def _luck_frame(
    rows: List[Any], skipped: List[Any], cashouts: List[Any], insurances: List[Any]
) -> "Any":
    """The DataFrame of :func:`luck` from its rows, the hands not counted, the cashouts and the
    insurances."""
    import pandas as pd

    table = [
        (h, n, p, seat, won, ev, won - ev, bb, street, why, stake, time)
        for (h, n, p, seat, won, ev, bb, street, why, stake, time) in rows
    ]
    df = pd.DataFrame(table, columns=_LUCK_COLUMNS)
    df.attrs["not_counted"] = [{"hand": h, "why": why} for h, why in skipped]
    df.attrs["cashouts"] = [
        {
            "hand": h,
            "player": player,
            "line": line,
            "street": street,
            "paid": paid,
            "rule": rule,
            "equity": equity,
            "fee": fee,
            "agrees": not_compared is None and abs(paid - rule) < 0.01 + 1e-9,
            "not_compared": not_compared,
        }
        for (h, player, line, street, paid, rule, equity, fee, not_compared) in cashouts
    ]
    df.attrs["insurances"] = [
        {
            "hand": h,
            "player": player,
            "line": line,
            "street": street,
            "premium": premium,
            "cover": cover,
            "price": price,
            "loss": loss,
            "fair_premium": fair,
            "not_compared": not_compared,
        }
        for (h, player, line, street, premium, cover, price, loss, fair, not_compared) in insurances
    ]
    return df


def _amount_text(value: Any, field: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, str, Decimal, float)):
        raise PhhError(f"field `{field}`: expected an amount, got {value!r}")
    if isinstance(value, float):
        # An infinite stack is PHH's stack not known: `inf` (accepted in `starting_stacks`).
        if value == float("inf"):
            return "inf"
        value = Decimal(repr(value))
    return str(value)


class Hand:
    """A hand built in Python, written out as PHH text with :meth:`to_phh`.

    ``variant`` is a PHH code (``"NT"``, ``"FT"``, ``"PO"``, ``"F7S"``, ...) or a preset name
    (``"nlhe"``); amounts are ``int``, ``Decimal`` or decimal text; ``actions`` are PHH
    action texts (``"d dh p1 AsKs"``, ``"p2 cbr 6"``, ``"p1 f"``). ``structure``
    (``"no-limit"``, ``"pot-limit"``, ``"fixed-limit"``) and ``hole_cards`` (5 or 6 in the Omaha
    games) are feltkit's fields ``_structure`` and ``_hole_cards``. A starting stack not known is
    ``"inf"`` (or ``math.inf``), as the PHH spec writes it: it is never all in, and with
    ``results`` its finishing stack is written ``inf`` too.
    """

    def __init__(
        self,
        variant: str,
        starting_stacks: Sequence[Any],
        actions: Sequence[str] = (),
        *,
        antes: Sequence[Any] = (),
        blinds_or_straddles: Sequence[Any] = (),
        min_bet: Any = None,
        small_bet: Any = None,
        big_bet: Any = None,
        bring_in: Any = None,
        players: Optional[Sequence[str]] = None,
        hand: Optional[str] = None,
        structure: Optional[str] = None,
        hole_cards: Optional[int] = None,
    ) -> None:
        self.variant = variant
        self.starting_stacks = list(starting_stacks)
        self.actions = list(actions)
        self.antes = list(antes)
        self.blinds_or_straddles = list(blinds_or_straddles)
        self.min_bet = min_bet
        self.small_bet = small_bet
        self.big_bet = big_bet
        self.bring_in = bring_in
        self.players = list(players) if players is not None else None
        self.hand = hand
        self.structure = structure
        self.hole_cards = hole_cards

    def act(self, action: str) -> "Hand":
        """Appends one action (PHH text); returns the hand, so calls can be chained."""
        self.actions.append(action)
        return self

    def to_phh(self, results: bool = False) -> str:
        """The hand as PHH text. With ``results``, the hand is replayed and its
        ``finishing_stacks`` and ``winnings`` written too (a hand that does not replay to its
        end raises :class:`PhhError` with the reason ``felt replay`` gives)."""

        def amounts(values: Sequence[Any], field: str) -> List[str]:
            return [_amount_text(v, f"{field}[{i}]") for i, v in enumerate(values)]

        count = self.hole_cards
        if count is not None and (
                isinstance(count, bool) or not isinstance(count, int) or count not in (4, 5, 6)):
            raise PhhError(
                "field `_hole_cards`: expected 4, 5 or 6 hole cards (the Omaha games feltkit "
                f"plays), got {count!r}"
            )
        if self.structure is not None and self.structure not in (
                "no-limit", "pot-limit", "fixed-limit", "pot-limit-preflop"):
            raise PhhError(
                "field `_structure`: expected no-limit, pot-limit, fixed-limit or "
                "pot-limit-preflop (pot limit before the flop, no limit after), got "
                f"{self.structure!r}"
            )

        def one(value: Any, field: str) -> Optional[str]:
            return None if value is None else _amount_text(value, field)

        return _write_phh(
            self.variant,
            amounts(self.starting_stacks, "starting_stacks"),
            [str(a) for a in self.actions],
            antes=amounts(self.antes, "antes"),
            blinds_or_straddles=amounts(self.blinds_or_straddles, "blinds_or_straddles"),
            min_bet=one(self.min_bet, "min_bet"),
            small_bet=one(self.small_bet, "small_bet"),
            big_bet=one(self.big_bet, "big_bet"),
            bring_in=one(self.bring_in, "bring_in"),
            players=self.players,
            hand=self.hand,
            structure=self.structure,
            hole_cards=self.hole_cards,
            results=results,
        )

    def replay(self, check: bool = False) -> HandReport:
        """Replays the hand: its :class:`HandReport`."""
        return replay(self.to_phh(), check=check, label="<hand>")[0]

    def __repr__(self) -> str:
        return f"Hand({self.variant!r}, {self.starting_stacks!r}, {len(self.actions)} actions)"
