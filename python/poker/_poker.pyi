# Type stubs of the compiled extension poker._poker (python/src/*.cpp); the
# package poker wraps these functions (python/poker/__init__.py).
from os import PathLike
from typing import Any, Optional, Sequence, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str
CATEGORIES: tuple[str, ...]
SHORTDECK_CATEGORIES: tuple[str, ...]

class InputError(ValueError):
    path: str
    line: int
    column: int
    instance: Optional[int]
    message: str
    hint: Optional[str]
    answers: Any

@overload
def parse_cards(text: str, *, check: bool = True) -> npt.NDArray[np.uint8]: ...
@overload
def parse_cards(text: Sequence[str], *, check: bool = True) -> npt.NDArray[np.uint8]: ...
@overload
def card_str(cards: int) -> str: ...
@overload
def card_str(cards: npt.ArrayLike) -> Union[str, list[str]]: ...
def evaluate(cards: npt.ArrayLike, *, check: bool = True, threads: Optional[int] = None) -> npt.NDArray[np.uint16]: ...
def category(values: npt.ArrayLike) -> npt.NDArray[np.uint8]: ...
def best_five(cards: npt.ArrayLike, *, threads: Optional[int] = None) -> npt.NDArray[np.uint8]: ...
def judge(
    boards: npt.ArrayLike, holes: npt.ArrayLike, *, check: bool = True, threads: Optional[int] = None
) -> npt.NDArray[np.int8]: ...
def judge_file(
    path: Union[str, bytes, PathLike[str], PathLike[bytes]],
    players: int = 2,
    format: str = "holdem",
    *,
    threads: Optional[int] = None,
    mmap: Optional[bool] = None,
    hole: int = 4,
    hilo: bool = False,
) -> Any: ...
def evaluate_omaha(hole: Sequence[int], board: Sequence[int]) -> int: ...
def omaha_low(hole: Sequence[int], board: Sequence[int]) -> Optional[tuple[int, int, int, int, int]]: ...
def evaluate_shortdeck(cards: Sequence[int]) -> int: ...
def _parse_range(text: str) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]: ...
def _normalised_hand(word: str) -> str: ...
def _equity(
    hands: list[str],
    board: str,
    dead: str,
    game: str,
    exact: Optional[bool],
    samples: Optional[str],
    time: Optional[str],
    seed: Optional[str],
    threads: Optional[int],
) -> dict[str, Any]: ...
