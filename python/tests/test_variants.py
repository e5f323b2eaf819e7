"""The variants in Python: evaluate_omaha and omaha_low against brute forces
over every two-hole, three-board choice, the rules players get wrong,
evaluate_shortdeck's order of hands, and judge_file's omaha and shortdeck
formats against the examples and the CLI."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

import poker
from conftest import deal, run_cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def omaha_choices(hole_count: int) -> np.ndarray:
    """Every choice of two hole and three board cards, as indices into a row
    of hole cards followed by the 5 board cards: shape (choices, 5)."""
    return np.array([pair + trio for pair in itertools.combinations(range(hole_count), 2)
                     for trio in itertools.combinations(range(hole_count, hole_count + 5), 3)])


def brute_force_high(rows: np.ndarray, hole_count: int) -> np.ndarray:
    """The best five-card value (poker.evaluate) of every choice a row allows."""
    fives = rows[:, omaha_choices(hole_count)]
    return poker.evaluate(fives).max(axis=1)


def low_of_five(cards) -> tuple | None:
    """The eight-or-better low of exactly these five cards, highest first,
    ace 1, or None."""
    ranks = sorted({1 if card // 4 == 12 else card // 4 + 2 for card in cards}, reverse=True)
    return tuple(ranks) if len(ranks) == 5 and ranks[0] <= 8 else None


@pytest.mark.parametrize("hole_count", [4, 5, 6])
def test_evaluate_omaha_is_the_best_of_every_two_hole_three_board_choice(hole_count):
    rows = deal(np.random.default_rng(47 + hole_count), 2000, hole_count + 5)
    expected = brute_force_high(rows, hole_count)
    got = [poker.evaluate_omaha(row[:hole_count], row[hole_count:]) for row in rows]
    assert got == expected.tolist()


@pytest.mark.parametrize("hole_count", [4, 6])
def test_omaha_low_is_the_best_of_every_two_hole_three_board_choice(hole_count):
    # Half the cards of ranks 8 and lower, so that most hands have a low.
    rng = np.random.default_rng(8 + hole_count)
    low_deck = np.array([card for card in range(52) if card // 4 <= 6 or card // 4 == 12])
    rows = low_deck[deal(rng, 2000, hole_count + 5) % len(low_deck)]
    rows = rows[[len(set(row)) == len(row) for row in rows]]
    for row in rows:
        lows = [low_of_five(row[list(choice)]) for choice in omaha_choices(hole_count)]
        lows = [low for low in lows if low is not None]
        assert poker.omaha_low(row[:hole_count], row[hole_count:]) == (min(lows) if lows else None)


def test_a_four_flush_board_with_one_hole_flush_card_is_no_flush():
    value = poker.evaluate_omaha("Ah Kc Qd 2s", "3h 7h 9h Jh 4c")
    assert poker.CATEGORIES[poker.category(value)] == "High card"
    flush = poker.evaluate_omaha("Ah Kh Qd 2s", "3h 7h 9h Jh 4c")
    assert poker.CATEGORIES[poker.category(flush)] == "Flush"


def test_a_board_straight_needs_two_hole_cards_to_play():
    value = poker.evaluate_omaha("2c 2d 7s 7h", "5c 6d 8h 9s Tc")
    assert poker.CATEGORIES[poker.category(value)] == "Pair"
    straight = poker.evaluate_omaha("2c Jd 7s 7h", "5c 6d 8h 9s Tc")
    assert poker.CATEGORIES[poker.category(straight)] == "Straight"


def test_omaha_takes_text_and_card_indices_alike():
    hole, board = "Ah Ad Kc Qd", "As Kd 7h 2h 9c"
    assert poker.evaluate_omaha(hole, board) == poker.evaluate_omaha(poker.parse_cards(hole),
                                                                     list(poker.parse_cards(board)))
    assert isinstance(poker.evaluate_omaha(hole, board), int)


def test_no_low_without_three_distinct_low_board_ranks():
    assert poker.omaha_low("Ah 2c 3d 4s", "5h 5c Kd Qs Jd") is None
    assert poker.omaha_low("Ah 2c 3d 4s", "5h 5c 6d Qs Jd") is None
    assert poker.omaha_low("Ah 2c 3d 4s", "5h 7c 6d Qs Jd") == (7, 6, 5, 2, 1)


def test_the_wheel_is_the_best_low_and_a_straight():
    assert poker.omaha_low("Ah 2c Kd Ks", "3h 4h 5c Qs Jd") == (5, 4, 3, 2, 1)
    value = poker.evaluate_omaha("Ah 2c Kd Ks", "3h 4h 5c Qs Jd")
    assert poker.CATEGORIES[poker.category(value)] == "Straight"


@pytest.mark.parametrize("hole, board, message", [
    ("Ah 2c 3d", "5h 6c 7d Qs Jd", "hole must have 4 to 6 cards, not 3"),
    ("Ah 2c 3d 4s 5s 6s 7s", "5h 6c 7d Qs Jd", "hole must have 4 to 6 cards, not 7"),
    ("Ah 2c 3d 4s", "5h 6c 7d Qs", "board must have 5 cards, not 4"),
    ("Ah 2c 3d 4s", "Ah 6c 7d Qs Jd", "hole: Ah is dealt twice"),
    ([48, 0, 4, 0], "5h 6c 7d Qs Jd", "hole: 2c is dealt twice"),
    ([12, 0, 1, 52], "5h 6c 7d Qs Jd", "hole: 52 is not a card index"),
])
def test_omaha_refuses_wrong_counts_and_cards_with_a_reason(hole, board, message):
    with pytest.raises(ValueError, match=message):
        poker.evaluate_omaha(hole, board)
    with pytest.raises(ValueError, match=message):
        poker.omaha_low(hole, board)


def shortdeck_category(text: str) -> str:
    return poker.SHORTDECK_CATEGORIES[poker.evaluate_shortdeck(text) >> 12]


def test_shortdeck_orders_trips_over_a_straight_and_a_flush_over_a_full_house():
    trips, straight = poker.evaluate_shortdeck("7c 7d 7h Ks Qd"), poker.evaluate_shortdeck("Tc Jd Qh Ks Ad")
    assert trips > straight
    assert (shortdeck_category("7c 7d 7h Ks Qd"), shortdeck_category("Tc Jd Qh Ks Ad")) == ("Three of a kind",
                                                                                          "Straight")
    flush, full_house = poker.evaluate_shortdeck("6h 8h Th Qh Kh"), poker.evaluate_shortdeck("Ac Ad Ah Ks Kd")
    assert flush > full_house


def test_shortdeck_a6789_is_the_lowest_straight():
    assert shortdeck_category("Ah 6c 7d 8s 9h") == "Straight"
    assert poker.evaluate_shortdeck("Ah 6c 7d 8s 9h") < poker.evaluate_shortdeck("6c 7d 8s 9h Tc")
    assert shortdeck_category("Ah 6c 7d 8s 9h Kd Kc") == "Straight"


def test_shortdeck_refuses_a_card_below_six_and_wrong_counts():
    with pytest.raises(ValueError, match="5h is not in the short deck"):
        poker.evaluate_shortdeck("Ah 6c 7d 8s 5h")
    with pytest.raises(ValueError, match="cards must have 5 to 7 cards, not 4"):
        poker.evaluate_shortdeck("Ah 6c 7d 8s")


def test_every_shortdeck_five_card_hand_has_its_category_count():
    # Counted by hand over the 36-card deck: 6 straights (A-6-7-8-9 to
    # T-J-Q-K-A) in each suit, 9 ranks of quads with 32 kickers, ...
    counts = {name: 0 for name in poker.SHORTDECK_CATEGORIES}
    for hand in itertools.combinations(range(16, 52), 5):
        counts[poker.SHORTDECK_CATEGORIES[poker.evaluate_shortdeck(hand) >> 12]] += 1
    assert list(counts.values()) == [122400, 193536, 36288, 6120, 16128, 1728, 480, 288, 24]


def test_shortdeck_seven_cards_are_their_best_five():
    rng = np.random.default_rng(36)
    for row in 16 + deal(rng, 300, 7) % 36:
        if len(set(row.tolist())) < 7:
            continue
        best = max(poker.evaluate_shortdeck(five) for five in itertools.combinations(row.tolist(), 5))
        assert poker.evaluate_shortdeck(row) == best


def expected_winners(name: str) -> list[int]:
    lines = (EXAMPLES / name).read_text().splitlines()
    return [-1 if line == "Draw" else int(line.split()[1]) - 1 for line in lines]


def test_judge_file_judges_omaha_as_the_example_answers():
    answers = poker.judge_file(EXAMPLES / "omaha.txt", format="omaha")
    assert answers.tolist() == expected_winners("omaha.expected")


def test_judge_file_judges_shortdeck_as_the_example_answers():
    answers = poker.judge_file(EXAMPLES / "shortdeck.txt", 3, format="shortdeck")
    assert answers.tolist() == expected_winners("shortdeck.expected")


def instances(path: Path, players: int) -> list[tuple[list[str], str]]:
    lines = path.read_text().splitlines()
    return [(lines[at:at + players], lines[at + players]) for at in range(0, len(lines), players + 1)]


def single_best(scores: list) -> int:
    """The index of the single best score, or -1 when two share it."""
    best = max(scores)
    return scores.index(best) if scores.count(best) == 1 else -1


def hilo_reference(path: Path, players: int) -> list[list[int]]:
    """Each instance's high and low winner by evaluate_omaha and omaha_low:
    -1 for a draw, a low of -2 when no hand has one."""
    answers = []
    for holes, board in instances(path, players):
        lows = [poker.omaha_low(hole, board) for hole in holes]
        low = -2 if all(low is None for low in lows) else single_best(
            [() if low is None else tuple(-rank for rank in low) for low in lows])
        answers.append([single_best([poker.evaluate_omaha(hole, board) for hole in holes]), low])
    return answers


def test_judge_file_judges_omaha_hilo_as_evaluate_omaha_and_omaha_low():
    answers = poker.judge_file(EXAMPLES / "omaha.txt", format="omaha", hilo=True)
    expected = hilo_reference(EXAMPLES / "omaha.txt", 2)
    assert answers.shape == (len(expected), 2)
    assert answers.tolist() == expected
    assert answers[:, 0].tolist() == expected_winners("omaha.expected")


@pytest.mark.parametrize("hole_count", [5, 6])
def test_judge_file_takes_omaha_hole_counts(tmp_path, hole_count):
    rows = deal(np.random.default_rng(hole_count), 50, 2 * hole_count + 5)
    path = tmp_path / "instances.txt"
    path.write_text("".join(poker.card_str(row[:hole_count]) + "\n" + poker.card_str(row[hole_count:2 * hole_count]) +
                            "\n" + poker.card_str(row[2 * hole_count:]) + "\n" for row in rows))
    expected = [high for high, _ in hilo_reference(path, 2)]
    assert poker.judge_file(path, format="omaha", hole=hole_count).tolist() == expected
    # The hint names the hole count judge_file would take.
    with pytest.raises(poker.InputError, match=f"try format='omaha'.*, hole={hole_count}$"):
        poker.judge_file(path, format="omaha")


@pytest.mark.parametrize("arguments", [
    {"format": "omaha", "hole": 3}, {"format": "omaha", "hole": 7}, {"format": "omaha", "players": 12},
    {"format": "omaha", "hole": 6, "players": 8}, {"format": "shortdeck", "players": 16},
    {"format": "holdem", "hilo": True}, {"format": "shortdeck", "hole": 5},
])
def test_judge_file_refuses_options_a_variant_does_not_take(tmp_path, arguments):
    path = tmp_path / "file.txt"
    path.write_text("Ah Kh Qd Jc\n7c 7d 3s 4s\nTh 9h 8h 2d 3c\n")
    with pytest.raises(ValueError):
        poker.judge_file(path, **arguments)
