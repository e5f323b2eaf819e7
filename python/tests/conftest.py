"""Shared fixtures: the CLI of the same build (the tests compare with it),
and instance files generated with NumPy."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

# Card names as the hold'em format writes them, as bytes for fast text building.
CARD_NAMES = np.array([list((r + s).encode()) for r in "23456789TJQKA" for s in "cdhs"], dtype=np.uint8)
# The eval format's: ten is '0'.
EVAL_CARD_NAMES = np.array([list((r + s).encode()) for r in "234567890JQKA" for s in "cdhs"], dtype=np.uint8)


@pytest.fixture(scope="session")
def poker_cli() -> str:
    """The `poker` binary of this build (python/CMakeLists.txt's run_pytest.sh sets POKER)."""
    path = os.environ.get("POKER")
    if not path or not os.access(path, os.X_OK):
        pytest.fail("POKER must name the poker binary of this build (run the tests with build/<flavour>/python/run_pytest.sh)")
    return path


def run_cli(poker: str, *args: str, input_path: Path | None = None) -> subprocess.CompletedProcess:
    command = [poker, *args] + (["-i", str(input_path)] if input_path else [])
    return subprocess.run(command, capture_output=True, timeout=120)


def cli_error(result: subprocess.CompletedProcess) -> str:
    """The CLI's error line as the engine words it: without the tail the CLI
    adds for a person, " (instance N)" and a "; hint: ..." (cli/input_error_hint.h)."""
    return re.sub(r" \(instance \d+\)(; hint: .*)?$", "", result.stderr.decode().rstrip("\n")) + "\n"


def without_hint(line: str) -> str:
    """An error line without the "; hint: ..." it may end with: the CLI's
    hint names a command to type, InputError's the format= to pass."""
    return re.sub(r"; hint: .*$", "", line)


def cli_error_line(result: subprocess.CompletedProcess) -> str:
    """The CLI's error line up to its " (instance N)" (poker/input_hint.h)."""
    return without_hint(result.stderr.decode().rstrip("\n")) + "\n"


def deal(rng: np.random.Generator, rows: int, cards: int) -> np.ndarray:
    """`rows` random deals of `cards` distinct cards each, uint8 (rows, cards)."""
    if cards > 8:  # a random permutation's first cards
        return np.argsort(rng.random((rows, 52)), axis=1)[:, :cards].astype(np.uint8)
    # Few cards: draw with replacement and redraw the rows that repeat one.
    hands = rng.integers(0, 52, size=(rows, cards), dtype=np.uint8)
    while True:
        ordered = np.sort(hands, axis=1)
        repeats = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if not repeats.any():
            return hands
        hands[repeats] = rng.integers(0, 52, size=(int(repeats.sum()), cards), dtype=np.uint8)


def text_lines(cards: np.ndarray, names: np.ndarray = CARD_NAMES) -> bytes:
    """Rows of cards as lines of blank-separated card names (hold'em notation)."""
    rows, width = cards.shape
    if width == 0:
        return b"\n" * rows
    text = np.full((rows, 3 * width), ord(" "), dtype=np.uint8)
    names = names[cards]  # (rows, width, 2)
    text[:, 0::3] = names[:, :, 0]
    text[:, 1::3] = names[:, :, 1]
    text[:, -1] = ord("\n")
    return text.tobytes()


def holdem_file(path: Path, boards: np.ndarray, holes: np.ndarray) -> None:
    """A hold'em instance file: each player's two cards a line, then the board."""
    instances, players, _ = holes.shape
    hole_text = np.frombuffer(text_lines(holes.reshape(-1, 2)), dtype=np.uint8).reshape(instances, players * 6)
    board_text = np.frombuffer(text_lines(boards), dtype=np.uint8).reshape(instances, 15)
    path.write_bytes(np.concatenate([hole_text, board_text], axis=1).tobytes())
