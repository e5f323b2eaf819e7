"""evaluate, category and best_five against the engine's CLI (`poker eval`)
on every five-card hand, the published hand counts, the pure-Python
reference, and the engine's own five-card path on a million seven-card
hands."""

from __future__ import annotations

import itertools
import subprocess
import threading
import time

import numpy as np
import pytest

import poker
import reference
from conftest import EVAL_CARD_NAMES, deal, text_lines

# Published counts: five-card hands and distinct hand values per category
# (high card first), and seven-card hands (of 133,784,560) per category.
FIVE_CARD_HANDS = [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
FIVE_CARD_VALUES = [1_277, 2_860, 858, 858, 10, 1_277, 156, 156, 10]
SEVEN_CARD_HANDS = [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584]


@pytest.fixture(scope="module")
def every_five_card_hand() -> np.ndarray:
    combos = itertools.chain.from_iterable(itertools.combinations(range(52), 5))
    return np.fromiter(combos, dtype=np.uint8, count=5 * 2_598_960).reshape(-1, 5)


@pytest.fixture(scope="module")
def five_card_values(every_five_card_hand) -> np.ndarray:
    return poker.evaluate(every_five_card_hand)


def test_categories_are_named_weakest_first():
    assert poker.CATEGORIES == ("High card", "Pair", "Two pair", "Three of a kind", "Straight", "Flush",
                                "Full house", "Four of a kind", "Straight flush")


def test_category_of_an_int_is_an_int_as_evaluate_of_a_str():
    value = poker.evaluate("Ah Kh Qh Jh Th")
    assert type(value) is int
    assert type(poker.category(value)) is int and poker.category(value) == 8
    assert type(poker.category(np.uint16(value))) is int
    assert poker.category([value]).tolist() == [8]


def test_every_five_card_hand_has_its_published_category_and_value_counts(five_card_values):
    categories = poker.category(five_card_values)
    assert np.bincount(categories, minlength=9).tolist() == FIVE_CARD_HANDS
    distinct = np.unique(five_card_values)
    assert len(distinct) == 7_462
    assert np.bincount(poker.category(distinct), minlength=9).tolist() == FIVE_CARD_VALUES


def lines_of(output: bytes) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The output's bytes, and the start and end (the newline) of each line."""
    data = np.frombuffer(output, dtype=np.uint8)
    ends = np.flatnonzero(data == ord("\n"))
    starts = np.concatenate([[0], ends[:-1] + 1])
    return data, starts, ends


def test_every_five_card_hand_matches_the_cli(tmp_path, poker_cli, every_five_card_hand, five_card_values):
    # `poker eval` judges the hands in pairs, through the pipeline and the
    # engine's mask evaluator: its categories, best five cards and verdicts
    # must be category's, best_five's and evaluate's. Its output is read
    # with NumPy: "Hand 1: Flush [As Js 9s 5s 2s]" and "Hand 1 wins".
    hands = every_five_card_hand
    rows = np.frombuffer(text_lines(hands, EVAL_CARD_NAMES), dtype=np.uint8).reshape(-1, 2, 15)
    separator = np.frombuffer(b"; ", dtype=np.uint8)
    pairs = np.concatenate([rows[:, 0, :14], np.full((len(rows), 1), ord(" "), np.uint8),
                            np.tile(separator, (len(rows), 1)), rows[:, 1, :]], axis=1)
    path = tmp_path / "every_hand.txt"
    path.write_bytes(pairs.tobytes())
    result = subprocess.run([poker_cli, "eval", "-i", str(path)], capture_output=True, timeout=120, check=True)
    data, starts, ends = lines_of(result.stdout)
    assert len(ends) == 3 * len(hands) // 2
    hand_line = np.ones(len(ends), dtype=bool)
    hand_line[2::3] = False

    # Hand lines: the category by its length and first letters, the cards byte for byte.
    categories = poker.category(five_card_values)
    names = [f"Hand 1: {name} [".encode() for name in poker.CATEGORIES]
    lengths = np.array([len(name) + 15 for name in names])[categories]
    assert np.array_equal(ends[hand_line] - starts[hand_line], lengths)
    letters = np.array([list(name[8:10]) for name in names], dtype=np.uint8)[categories]
    assert np.array_equal(data[starts[hand_line][:, None] + np.arange(8, 10)], letters)
    best = np.frombuffer(text_lines(poker.best_five(hands), EVAL_CARD_NAMES), dtype=np.uint8).reshape(-1, 15)[:, :14]
    assert np.array_equal(data[ends[hand_line][:, None] - 15 + np.arange(14)], best)

    # Verdict lines: "Hand 1 wins", "Hand 2 wins" or "Tie".
    first, second = five_card_values[0::2], five_card_values[1::2]
    verdict_length = np.where(first == second, 3, 11)
    assert np.array_equal(ends[~hand_line] - starts[~hand_line], verdict_length)
    wins = first != second
    winner = data[starts[~hand_line][wins] + 5]
    assert np.array_equal(winner, np.where(first[wins] > second[wins], ord("1"), ord("2")))


def test_five_card_hands_order_as_the_pure_python_reference(every_five_card_hand, five_card_values):
    rng = np.random.default_rng(5)
    sample = rng.choice(len(every_five_card_hand), 20_000, replace=False)
    scores = [reference.score5(hand) for hand in every_five_card_hand[sample].tolist()]
    assert poker.category(five_card_values[sample]).tolist() == [score[0] for score in scores]
    assert reference.dense_ranks(five_card_values[sample].tolist()) == reference.dense_ranks(scores)


@pytest.fixture(scope="module")
def seven_card_hands() -> np.ndarray:
    return deal(np.random.default_rng(7), 1_000_000, 7)


def test_a_million_seven_card_hands_are_their_best_five_card_subset(seven_card_hands):
    values = poker.evaluate(seven_card_hands)
    best_of_21 = np.zeros(len(seven_card_hands), dtype=np.uint16)
    for five in itertools.combinations(range(7), 5):
        np.maximum(best_of_21, poker.evaluate(np.ascontiguousarray(seven_card_hands[:, five])), out=best_of_21)
    assert np.array_equal(values, best_of_21)
    # And best_five's cards evaluate to the hand's value.
    assert np.array_equal(poker.evaluate(poker.best_five(seven_card_hands[:50_000])), values[:50_000])


def test_seven_card_categories_have_their_published_frequencies(seven_card_hands):
    counts = np.bincount(poker.category(poker.evaluate(seven_card_hands)), minlength=9)
    n = len(seven_card_hands)
    for category, published in enumerate(SEVEN_CARD_HANDS):
        p = published / 133_784_560
        assert abs(counts[category] - n * p) < 5 * np.sqrt(n * p * (1 - p)) + 1, poker.CATEGORIES[category]


def test_seven_card_hands_agree_with_the_pure_python_reference(seven_card_hands):
    sample = seven_card_hands[:3_000]
    scores = [reference.score(hand) for hand in sample.tolist()]
    values = poker.evaluate(sample)
    assert poker.category(values).tolist() == [score[0] for score in scores]
    assert reference.dense_ranks(values.tolist()) == reference.dense_ranks(scores)


@pytest.mark.parametrize("k", [6, 8, 13, 30, 52])
def test_hands_of_any_size_agree_with_the_reference(k):
    hands = deal(np.random.default_rng(k), 150 if k <= 8 else 40, k)
    values = poker.evaluate(hands)
    if k <= 8:
        scores = [reference.score(hand) for hand in hands.tolist()]
        assert reference.dense_ranks(values.tolist()) == reference.dense_ranks(scores)
    # Best five of any size: the chosen cards are in the hand and evaluate alike.
    best = poker.best_five(hands)
    assert all(set(five) <= set(hand) for five, hand in zip(best.tolist(), hands.tolist()))
    assert np.array_equal(poker.evaluate(best), values)
    if k == 52:
        assert (poker.category(values) == 8).all()  # a royal flush in every full deck


def test_leading_dimensions_are_kept():
    hands = deal(np.random.default_rng(3), 24, 7).reshape(2, 3, 4, 7)
    values = poker.evaluate(hands)
    assert values.shape == (2, 3, 4)
    assert np.array_equal(values.ravel(), poker.evaluate(hands.reshape(-1, 7)))
    assert poker.best_five(hands).shape == (2, 3, 4, 5)
    assert poker.evaluate(hands[0, 0, 0]).shape == ()


def test_any_integer_dtype_and_layout_gives_the_same_values():
    hands = deal(np.random.default_rng(4), 1_000, 7)
    expected = poker.evaluate(hands)
    for converted in (hands.astype(np.int64), hands.astype(np.int8), hands.astype(np.uint16),
                      np.asfortranarray(hands), hands[:, ::-1], hands.tolist()):
        assert np.array_equal(poker.evaluate(converted), expected)
    assert np.array_equal(poker.evaluate(np.repeat(hands, 2, axis=0)[::2]), expected)  # strided rows


def test_thread_counts_give_the_same_values(seven_card_hands):
    expected = poker.evaluate(seven_card_hands, threads=1)
    for threads in (2, 3, None):
        assert np.array_equal(poker.evaluate(seven_card_hands, threads=threads), expected)


def test_the_gil_is_released_while_evaluating(seven_card_hands):
    # Another Python thread keeps running during a long evaluate: it could
    # not if the call held the GIL.
    big = np.tile(seven_card_hands, (5, 1))
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    time.sleep(0.01)
    start = time.perf_counter()
    poker.evaluate(big, threads=1)
    end = time.perf_counter()
    stop.set()
    ticker.join()
    assert end - start > 0.005, "the batch was too quick to tell"
    assert sum(start < t < end for t in ticks) >= 2
