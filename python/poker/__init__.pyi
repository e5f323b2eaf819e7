# Type stubs of the package poker (python/poker/__init__.py).
import dataclasses
from typing import Optional, Sequence

import numpy as np
import numpy.typing as npt

from ._poker import (
    CATEGORIES as CATEGORIES,
    InputError as InputError,
    best_five as best_five,
    card_str as card_str,
    category as category,
    evaluate as evaluate,
    judge as judge,
    judge_file as judge_file,
    parse_cards as parse_cards,
)

@dataclasses.dataclass(frozen=True)
class Equity:
    win: npt.NDArray[np.float64]
    tie: npt.NDArray[np.float64]
    equity: npt.NDArray[np.float64]
    stderr: npt.NDArray[np.float64]
    deals: int
    method: str

def equity(
    hands: Sequence[str],
    board: str = "",
    dead: str = "",
    *,
    exact: Optional[bool] = None,
    samples: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
) -> Equity: ...
