# Type stubs of the package poker (python/poker/__init__.py).
import dataclasses
from os import PathLike
from typing import Literal, Optional, Sequence, Union, overload

import numpy as np
import numpy.typing as npt

# The wrappers of __init__.py that keep the extension's signatures.
from ._poker import (
    CATEGORIES as CATEGORIES,
    SHORTDECK_CATEGORIES as SHORTDECK_CATEGORIES,
    InputError as InputError,
    __version__ as __version__,
    card_str as card_str,
    parse_cards as parse_cards,
)

@overload
def evaluate(cards: str, *, check: bool = True, threads: Optional[int] = None) -> int: ...
@overload
def evaluate(
    cards: Union[npt.ArrayLike, Sequence[str]], *, check: bool = True, threads: Optional[int] = None
) -> npt.NDArray[np.uint16]: ...
@overload
def category(values: int) -> int: ...
@overload
def category(values: npt.ArrayLike) -> npt.NDArray[np.uint8]: ...
def best_five(
    cards: Union[str, Sequence[str], npt.ArrayLike], *, threads: Optional[int] = None
) -> npt.NDArray[np.uint8]: ...
def evaluate_omaha(hole: Union[str, npt.ArrayLike], board: Union[str, npt.ArrayLike]) -> int: ...
def omaha_low(
    hole: Union[str, npt.ArrayLike], board: Union[str, npt.ArrayLike]
) -> Optional[tuple[int, int, int, int, int]]: ...
def evaluate_shortdeck(cards: Union[str, npt.ArrayLike]) -> int: ...
def judge(
    boards: npt.ArrayLike, holes: npt.ArrayLike, *, check: bool = True, threads: Optional[int] = None
) -> npt.NDArray[np.int8]: ...
@overload
def judge_file(
    path: Union[str, bytes, PathLike[str], PathLike[bytes]],
    players: int = 2,
    format: Literal["holdem", "euler", "eval", "omaha", "shortdeck"] = "holdem",
    *,
    threads: Optional[int] = None,
    mmap: Optional[bool] = None,
    hole: int = 4,
    hilo: bool = False,
) -> npt.NDArray[np.int8]: ...
@overload
def judge_file(
    path: Union[str, bytes, PathLike[str], PathLike[bytes]],
    players: int = 2,
    *,
    format: Literal["draw"],
    threads: Optional[int] = None,
    mmap: Optional[bool] = None,
) -> npt.NDArray[np.int16]: ...
@overload
def judge_file(
    path: Union[str, bytes, PathLike[str], PathLike[bytes]],
    players: int = 2,
    *,
    format: Literal["equity"],
    threads: Optional[int] = None,
    mmap: Optional[bool] = None,
) -> list[Equity]: ...

@dataclasses.dataclass(frozen=True, eq=False)
class Range:
    combos: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.float64]
    def __len__(self) -> int: ...

def parse_range(text: str) -> Range: ...

@dataclasses.dataclass(frozen=True, eq=False)
class Equity:
    hands: tuple[str, ...]
    win: npt.NDArray[np.float64]
    tie: npt.NDArray[np.float64]
    equity: npt.NDArray[np.float64]
    stderr: npt.NDArray[np.float64]
    deals: int
    method: str
    game: str = ...
    scoop: Optional[npt.NDArray[np.float64]] = ...
    low_win: Optional[npt.NDArray[np.float64]] = ...
    low_tie: Optional[npt.NDArray[np.float64]] = ...
    no_low: Optional[float] = ...
    def __eq__(self, other: object) -> bool: ...
    __hash__: None  # type: ignore[assignment]

def equity(
    hands: Sequence[str],
    board: str = "",
    dead: str = "",
    *,
    exact: Optional[bool] = None,
    samples: Union[int, float, str, None] = None,
    time: Union[float, str, None] = None,
    seed: Union[int, float, str, None] = None,
    threads: Optional[int] = None,
    game: str = "holdem",
) -> Equity: ...
