"""The poker engine from Python: hand evaluation, the hold'em judge and equity
over NumPy arrays, at the engine's speed.

Cards are integers 0..51, index = 4 * rank + suit (rank 0..12 for 2..A, suit
0..3 for c, d, h, s): "2c" is 0, "As" is 51. parse_cards and card_str convert;
evaluate and best_five take cards as text too.

Every batch function takes whole arrays (no Python loop per hand), releases
the GIL while it works and spreads the work over threads= threads (None: all
cores; more than the hardware has are as many). Ctrl-C stops a long call and
raises KeyboardInterrupt. Duplicate cards in a hand raise ValueError naming
the row.

    >>> import poker
    >>> poker.evaluate("Ah Kh Qh Jh Th")
    32778
    >>> hands = poker.parse_cards(["Ah Kh Qh Jh Th 2c 3d", "2c 2d 5h 9s Jd Kc Ac"])
    >>> [poker.CATEGORIES[c] for c in poker.category(poker.evaluate(hands))]
    ['Straight flush', 'Pair']
    >>> poker.equity(["AhKh", "QsQd"]).equity
    array([0.46214457, 0.53785543])
"""

import dataclasses
import json
import numbers
import os
from typing import Callable, Optional, Sequence, TypeVar, Union

import numpy as np

from ._poker import CATEGORIES, SHORTDECK_CATEGORIES, InputError, __version__
from . import _poker

__all__ = [
    "CATEGORIES",
    "Equity",
    "InputError",
    "Range",
    "SHORTDECK_CATEGORIES",
    "__version__",
    "best_five",
    "card_str",
    "category",
    "equity",
    "evaluate",
    "evaluate_omaha",
    "evaluate_shortdeck",
    "judge",
    "judge_file",
    "omaha_low",
    "parse_cards",
    "parse_range",
]

_Function = TypeVar("_Function", bound=Callable)


def _documented_by(native: Callable) -> Callable[[_Function], _Function]:
    """The function, with the docstring of the compiled function it calls: the
    text lives beside the code it describes, and help() shows this
    function's own signature."""

    def document(function: _Function) -> _Function:
        function.__doc__ = (native.__doc__ or "").strip("\n")
        return function

    return document


def _is_text_rows(cards: object) -> bool:
    """Whether `cards` is a sequence of str (one row of cards each)."""
    return isinstance(cards, (list, tuple)) and len(cards) > 0 and isinstance(cards[0], str)


@_documented_by(_poker.parse_cards)
def parse_cards(text: Union[str, Sequence[str]], *, check: bool = True) -> np.ndarray:
    return _poker.parse_cards(text, check=check)


@_documented_by(_poker.card_str)
def card_str(cards):
    return _poker.card_str(cards)


@_documented_by(_poker.evaluate)
def evaluate(cards, *, check: bool = True, threads: Optional[int] = None):
    if isinstance(cards, str):
        return int(_poker.evaluate(_poker.parse_cards(cards, check=check), check=check, threads=threads))
    if _is_text_rows(cards):
        cards = _poker.parse_cards(cards, check=check)
    return _poker.evaluate(cards, check=check, threads=threads)


@_documented_by(_poker.category)
def category(values):
    if isinstance(values, numbers.Integral) and not isinstance(values, bool):
        # A single value, as evaluate() gives one for a str: an int, not a
        # 0-d array.
        return int(_poker.category(values))
    return _poker.category(values)


@_documented_by(_poker.best_five)
def best_five(cards, *, threads: Optional[int] = None) -> np.ndarray:
    if isinstance(cards, str) or _is_text_rows(cards):
        cards = _poker.parse_cards(cards)
    return _poker.best_five(cards, threads=threads)


def _one_hand(cards) -> list:
    """One hand's cards, text (as parse_cards reads it) or card indices, as
    the list of indices the compiled functions take."""
    if isinstance(cards, str):
        cards = _poker.parse_cards(cards)
    return np.asarray(cards).tolist()


@_documented_by(_poker.evaluate_omaha)
def evaluate_omaha(hole, board) -> int:
    return _poker.evaluate_omaha(_one_hand(hole), _one_hand(board))


@_documented_by(_poker.omaha_low)
def omaha_low(hole, board) -> Optional[tuple]:
    return _poker.omaha_low(_one_hand(hole), _one_hand(board))


@_documented_by(_poker.evaluate_shortdeck)
def evaluate_shortdeck(cards) -> int:
    return _poker.evaluate_shortdeck(_one_hand(cards))


@_documented_by(_poker.judge)
def judge(boards, holes, *, check: bool = True, threads: Optional[int] = None) -> np.ndarray:
    return _poker.judge(boards, holes, check=check, threads=threads)


@_documented_by(_poker.judge_file)
def judge_file(
    path: Union[str, bytes, os.PathLike],
    players: int = 2,
    format: str = "holdem",
    *,
    threads: Optional[int] = None,
    mmap: Optional[bool] = None,
    hole: int = 4,
    hilo: bool = False,
):
    if format != "equity":
        return _poker.judge_file(path, players, format, threads=threads, mmap=mmap, hole=hole, hilo=hilo)
    try:
        return [_equity_of_json(line) for line in _poker.judge_file(path, players, format, threads=threads, mmap=mmap)]
    except InputError as error:
        error.answers = [_equity_of_json(line) for line in error.answers]
        raise


@dataclasses.dataclass(frozen=True, eq=False)
class Range:
    """The answer of parse_range(): the combos of a range, the higher card
    first (uint8, shape (n, 2); card_str(r.combos) names them), and each one's
    weight in (0, 1] (float64, shape (n,)), in the engine's order (by the
    higher card, then the lower, from AsAh down to 2d2c). len() is n."""

    combos: np.ndarray
    weights: np.ndarray

    def __len__(self) -> int:
        return len(self.weights)


def parse_range(text: str) -> Range:
    """The two-card combos of a range in the PokerStove / Equilab notation,
    as equity() reads each player's: "QQ+", "AKs", "A5s-A2s,KQo:0.5", "T9s-65s",
    "10%", "random", a specific hand "AhKh"; in either case.

    Returns a Range; a bad range raises ValueError naming its column.

    >>> r = poker.parse_range("QQ+")
    >>> len(r), poker.card_str(r.combos)[:2]
    (18, ['As Ah', 'As Ad'])
    """
    combos, weights = _poker._parse_range(_text(text, "text"))
    return Range(combos, weights)


@dataclasses.dataclass(frozen=True, eq=False)
class Equity:
    """The answer of equity(): the players' hands or ranges (normalised:
    "ahkh" is "AhKh", "qq+, aks" is "QQ+, AKs"), and per player (arrays of
    shape (players,), shares in [0, 1]) the deals it wins alone, those it
    ties, its equity (average pot share, a tie of k players paying each 1/k)
    and that equity's standard error (0 when exact); the deals counted and the
    method; the game ("holdem", "omaha", ...). In "omaha-hilo", `win` and
    `tie` are the high's, and `scoop` (the whole pot alone), `low_win`,
    `low_tie` (arrays like `win`) and `no_low` (the share of deals on which no
    hand has a low) are given; they are None in the other games.

    Two Equity are equal when every field is (the arrays element by element).
    An Equity is not hashable, as its arrays are not: it holds NumPy arrays,
    whose contents may change."""

    hands: tuple[str, ...]
    win: np.ndarray
    tie: np.ndarray
    equity: np.ndarray
    stderr: np.ndarray
    deals: int
    method: str  # "exact" or "monte-carlo"
    game: str = "holdem"
    scoop: Optional[np.ndarray] = None
    low_win: Optional[np.ndarray] = None
    low_tie: Optional[np.ndarray] = None
    no_low: Optional[float] = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Equity):
            return NotImplemented
        return all(
            np.array_equal(mine, theirs) if isinstance(mine, np.ndarray) else mine == theirs
            for mine, theirs in ((getattr(self, f.name), getattr(other, f.name)) for f in dataclasses.fields(self))
        )

    __hash__ = None  # type: ignore[assignment]


def equity(
    hands: Sequence[str],
    board: str = "",
    dead: str = "",
    *,
    exact: Optional[bool] = None,
    samples: Union[int, str, None] = None,
    time: Union[float, str, None] = None,
    seed: Union[int, str, None] = None,
    threads: Optional[int] = None,
    game: str = "holdem",
) -> Equity:
    """The equity of 2 to 10 hands or ranges, as `poker equity` computes it.

    hands: each a specific hand ("AhKh") or a range in the PokerStove notation
        ("QQ+", "AKs", "A5s-A2s,KQo:0.5", "random"; see parse_range), in
        either case.
    board: 0 to 5 known board cards ("Ts9s2d"; blanks are ignored).
    dead: cards out of play.
    exact: True counts every deal; False draws deals at random (Monte Carlo);
        None (the default) is exact when that is cheap, else Monte Carlo.
    samples: the deals to draw (implies Monte Carlo; default 10,000,000): an
        int, a whole float (1e6), or a str ("1M", "30k", "2.5e6").
    time: draw deals for about this many seconds instead (implies Monte Carlo;
        0.001 to 1000000): a float, or a str ("0.5").
    seed: the Monte Carlo seed (default 1; an int or a whole float): a seed gives the same answer at
        any thread count (for a count of deals; a time's deals are as many as
        the time allows).
    threads: how many threads work (None: all cores; more than the hardware
        has are as many); the GIL is released, and Ctrl-C stops the work and
        raises KeyboardInterrupt.
    game: as `poker equity --game`: "holdem", "shortdeck", "omaha", "omaha5",
        "omaha6" or "omaha-hilo"; an Omaha hand is a specific hand of the
        game's hole cards ("AhAsKdKc") or "random".

    Returns an Equity. Bad hands, cards, numbers or queries raise ValueError
    with the CLI's message; arguments of the wrong type raise TypeError.

    >>> poker.equity(["AcAd", "KsKh"]).equity
    array([0.8125549, 0.1874451])
    >>> poker.equity(["ahkh", "qq"], samples="1M").hands
    ('AhKh', 'QQ')
    """
    if isinstance(hands, (str, bytes)):
        raise TypeError("hands must be a sequence of str, one per player, not a single str")
    hands = [_text(hand, "hands") for hand in hands]
    settings = (
        exact,
        _number_text(samples, "samples", numbers.Integral, "an int, a whole float or a str like '1M'"),
        _number_text(time, "time", numbers.Real, "a number of seconds or a str like '0.5'"),
        _number_text(seed, "seed", numbers.Integral, "an int"),
    )
    answer = _poker._equity(hands, _text(board, "board"), _text(dead, "dead"), _text(game, "game"), *settings, threads)
    return Equity(**answer)


def _equity_of_json(line: str) -> Equity:
    """An Equity from a line of the equity format's JSON answers."""
    answer = json.loads(line)
    players = answer["players"]

    def column(name: str) -> np.ndarray:
        return np.array([player[name] for player in players], dtype=np.float64)

    return Equity(
        hands=tuple(_poker._normalised_hand(player["hand"]) for player in players),
        win=column("win"),
        tie=column("tie"),
        equity=column("equity"),
        stderr=column("std_error"),
        deals=int(answer["deals"]),
        method=answer["method"],
        game=answer.get("game", "holdem"),
        scoop=column("scoop") if "no_low" in answer else None,
        low_win=column("low_win") if "no_low" in answer else None,
        low_tie=column("low_tie") if "no_low" in answer else None,
        no_low=float(answer["no_low"]) if "no_low" in answer else None,
    )


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be str, not {type(value).__name__}")
    return value


def _number_text(value: object, name: str, kind: type, expected: str) -> Optional[str]:
    """A number argument as the text the CLI's option would hold (the engine
    reads it, with the CLI's limits and messages), or None."""
    if value is None or isinstance(value, str):
        return value
    if kind is numbers.Integral and isinstance(value, numbers.Real) and not isinstance(value, numbers.Integral):
        # A count or a seed written as a float (1e6) is whole or no count.
        if not float(value).is_integer():
            raise ValueError(f"{name} must be a whole number, not {value!r}")
        return str(int(value))
    if isinstance(value, bool) or not isinstance(value, kind):
        raise TypeError(f"{name} must be {expected}, not {type(value).__name__}")
    if isinstance(value, numbers.Integral):
        return str(int(value))
    # repr() is the shortest text that reads back as the same float; the
    # CLI's amounts write a positive exponent without its '+'.
    return repr(float(value)).replace("e+", "e")
