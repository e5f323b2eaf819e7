"""Hostile arrays: every bad input raises TypeError or ValueError with a
message naming what is wrong, and nothing crashes."""

from __future__ import annotations

import numpy as np
import pytest

import poker
from conftest import deal

HANDS = deal(np.random.default_rng(1), 100, 7)


@pytest.mark.parametrize("cards", [
    HANDS.astype(np.float64), HANDS.astype(bool), HANDS.astype(object), np.array([["Ah"] * 7]), [[1.5] * 7],
    HANDS.astype(np.complex64),
])
def test_non_integer_arrays_raise_type_error(cards):
    for function in (poker.evaluate, poker.best_five):
        with pytest.raises(TypeError, match="integer card indices"):
            function(cards)


@pytest.mark.parametrize("value, dtype", [(52, np.uint8), (255, np.uint8), (64, np.uint8), (-1, np.int64),
                                          (300, np.int16), (2**63 + 5, np.uint64), (-128, np.int8)])
def test_a_value_that_is_no_card_raises_naming_its_row(value, dtype):
    cards = HANDS.astype(dtype)
    cards[42, 3] = value
    for check in (True, False):
        with pytest.raises(ValueError, match=r"^cards row 42: -?\d+ is not a card index \(0\.\.51\)$"):
            poker.evaluate(cards, check=check)
    with pytest.raises(ValueError, match="row 42"):
        poker.best_five(cards)
    boards, holes = np.ascontiguousarray(cards[:, :5]), np.ascontiguousarray(cards[:, 5:]).reshape(-1, 1, 2)
    with pytest.raises(ValueError, match="row 42"):
        poker.judge(boards, holes)


def test_a_card_twice_raises_naming_its_row_unless_unchecked():
    cards = HANDS.copy()
    cards[7, 6] = cards[7, 0]
    with pytest.raises(ValueError, match=r"^cards row 7: card '..' \(\d+\) appears twice$"):
        poker.evaluate(cards)
    values = poker.evaluate(cards, check=False)
    assert values[7] == 0
    assert np.array_equal(np.delete(values, 7), np.delete(poker.evaluate(HANDS), 7))
    with pytest.raises(ValueError, match="row 7"):
        poker.best_five(cards)
    nested = cards.reshape(4, 25, 7)
    with pytest.raises(ValueError, match=r"^cards row \(0, 7\): "):
        poker.evaluate(nested)


def test_the_first_faulty_row_is_named_at_any_thread_count():
    cards = np.tile(HANDS, (2_000, 1))
    for row in (150_001, 3, 199_999):
        cards[row, 1] = cards[row, 2]
    for threads in (1, 2, 4):
        with pytest.raises(ValueError, match=r"^cards row 3: "):
            poker.evaluate(cards, threads=threads)


@pytest.mark.parametrize("shape", [(), (10, 4), (10, 53), (10, 0), (0,), (3, 100)])
def test_wrong_shapes_raise_value_error(shape):
    cards = np.zeros(shape, dtype=np.uint8)
    with pytest.raises(ValueError):
        poker.evaluate(cards)
    with pytest.raises(ValueError):
        poker.best_five(cards)


@pytest.mark.parametrize("shape", [(0, 7), (0, 5), (0, 20), (3, 0, 6)])
def test_empty_arrays_give_empty_answers(shape):
    cards = np.zeros(shape, dtype=np.uint8)
    assert poker.evaluate(cards).shape == shape[:-1]
    assert poker.best_five(cards).shape == shape[:-1] + (5,)


def test_ragged_lists_raise_value_error():
    with pytest.raises(ValueError):
        poker.evaluate([[1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6]])


def test_threads_below_one_raise_value_error():
    for threads in (0, -1):
        with pytest.raises(ValueError, match="threads"):
            poker.evaluate(HANDS, threads=threads)
    with pytest.raises(TypeError):
        poker.evaluate(HANDS, threads="2")


def test_category_rejects_what_no_hand_evaluates_to():
    for values in ([0], [-1], [9 << 12], [70_000]):
        with pytest.raises(ValueError, match="not a hand value"):
            poker.category(np.array(values))
    with pytest.raises(TypeError):
        poker.category(np.array([1.0]))
    assert poker.category(np.zeros(0, dtype=np.uint16)).shape == (0,)


def test_random_garbage_never_crashes():
    # Any bytes: each call answers or raises ValueError, row after row.
    rng = np.random.default_rng(99)
    for k in (5, 6, 7, 9, 52):
        garbage = rng.integers(0, 256, size=(2_000, k), dtype=np.uint8)
        for unchecked in (False, True):
            with pytest.raises(ValueError):
                poker.evaluate(garbage, check=not unchecked)
        small = rng.integers(0, 52, size=(2_000, k), dtype=np.uint8)  # repeats, in range
        values = poker.evaluate(small, check=False)
        distinct = np.array([len(set(row)) == k for row in small.tolist()])
        assert (values[~distinct] == 0).all() and (values[distinct] > 0).all()


def test_every_pair_of_positions_holding_one_card_is_found_in_every_row_of_a_block():
    # evaluate's 7-card check compares the cards of four rows at once: a
    # repeat between any two positions, in any of the four rows, is found.
    for row in range(8):
        for first in range(7):
            for second in range(first + 1, 7):
                cards = HANDS[:12].copy()
                cards[row, second] = cards[row, first]
                with pytest.raises(ValueError, match=f"^cards row {row}: "):
                    poker.evaluate(cards)
                assert poker.evaluate(cards, check=False)[row] == 0
    for row in range(12):
        cards = HANDS[:12].copy()
        cards[row, 6] = 52
        with pytest.raises(ValueError, match=f"^cards row {row}: 52 "):
            poker.evaluate(cards)


def test_arrays_that_cannot_be_allocated_raise_memory_error():
    # Views of a single value whose contiguous copies would take terabytes.
    for dtype in (np.uint8, np.int64):
        huge = np.broadcast_to(np.zeros(1, dtype=dtype), (1 << 42, 7))
        for function in (poker.evaluate, poker.best_five, poker.category):
            with pytest.raises(MemoryError):
                function(huge)
        with pytest.raises(MemoryError):
            poker.judge(np.broadcast_to(np.zeros(1, dtype=dtype), (1 << 42, 5)),
                        np.broadcast_to(np.zeros(1, dtype=dtype), (1 << 42, 2, 2)))
