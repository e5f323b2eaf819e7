"""The poker engine from Python: hand evaluation, the hold'em judge and equity
over NumPy arrays, at the engine's speed.

Cards are integers 0..51, index = 4 * rank + suit (rank 0..12 for 2..A, suit
0..3 for c, d, h, s): "2c" is 0, "As" is 51. parse_cards and card_str convert.

Every batch function takes whole arrays (no Python loop per hand), releases
the GIL while it works and spreads the work over threads= threads (None: all
cores; more than the hardware has are as many). Ctrl-C stops a long call and
raises KeyboardInterrupt. Duplicate cards in a hand raise ValueError naming
the row.

    >>> import poker
    >>> hands = poker.parse_cards(["Ah Kh Qh Jh Th 2c 3d", "2c 2d 5h 9s Jd Kc Ac"])
    >>> [poker.CATEGORIES[c] for c in poker.category(poker.evaluate(hands))]
    ['Straight flush', 'Pair']
    >>> poker.equity(["AhKh", "QsQd"]).equity
    array([0.46214457, 0.53785543])
"""

from __future__ import annotations

import dataclasses
from typing import Optional, Sequence

import numpy as np

from ._poker import (
    CATEGORIES,
    InputError,
    best_five,
    card_str,
    category,
    evaluate,
    judge,
    judge_file,
    parse_cards,
)
from . import _poker

__all__ = [
    "CATEGORIES",
    "Equity",
    "InputError",
    "best_five",
    "card_str",
    "category",
    "equity",
    "evaluate",
    "judge",
    "judge_file",
    "parse_cards",
]


@dataclasses.dataclass(frozen=True)
class Equity:
    """The answer of equity(): per player (arrays of shape (players,), shares
    in [0, 1]) the deals it wins alone, those it ties, its equity (average pot
    share, a tie of k players paying each 1/k) and that equity's standard
    error (0 when exact); the deals counted and the method."""

    win: np.ndarray
    tie: np.ndarray
    equity: np.ndarray
    stderr: np.ndarray
    deals: int
    method: str  # "exact" or "monte-carlo"


def equity(
    hands: Sequence[str],
    board: str = "",
    dead: str = "",
    *,
    exact: Optional[bool] = None,
    samples: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
) -> Equity:
    """The equity of 2 to 10 hands or ranges, as `poker equity` computes it.

    hands: each a specific hand ("AhKh") or a range in the PokerStove notation
        ("QQ+", "AKs", "A5s-A2s,KQo:0.5", "random").
    board: 0 to 5 known board cards ("Ts9s2d"; blanks are ignored).
    dead: cards out of play.
    exact: True counts every deal; False draws deals at random (Monte Carlo);
        None (the default) is exact when that is cheap, else Monte Carlo.
    samples: the deals to draw (implies Monte Carlo; default 10,000,000).
    seed: the Monte Carlo seed (default 1): a seed gives the same answer at
        any thread count.
    threads: how many threads work (None: all cores; more than the hardware
        has are as many); the GIL is released, and Ctrl-C stops the work and
        raises KeyboardInterrupt.

    Returns an Equity. Bad hands, cards or queries raise ValueError with the
    CLI's message.

    >>> poker.equity(["AcAd", "KsKh"]).equity
    array([0.8125549, 0.1874451])
    """
    if isinstance(hands, (str, bytes)):
        raise TypeError("hands must be a sequence of str, one per player, not a single str")
    hands = [_text(hand, "hands") for hand in hands]
    return Equity(**_poker._equity(hands, _text(board, "board"), _text(dead, "dead"), exact, samples, seed, threads))


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be str, not {type(value).__name__}")
    return value
