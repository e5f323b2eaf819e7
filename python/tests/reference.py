"""A pure-Python hand evaluator: the slow reference the tests (and
bench/python_speed.py) compare poker.evaluate with. It scores a five-card
hand as a tuple that compares like the hands, and a larger hand as the best
of its five-card subsets (21 of them for 7 cards), as most hand-written
Python scorers do. It shares nothing with the engine."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Iterable, Sequence

# Category codes, weakest first, as poker.CATEGORIES numbers them.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card_name(card: int) -> str:
    return RANKS[card // 4] + SUITS[card % 4]


def score5(cards: Sequence[int]) -> tuple:
    """(category, tie-breaking ranks...) of five distinct cards 0..51."""
    ranks = sorted((card // 4 for card in cards), reverse=True)
    flush = len({card % 4 for card in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:  # the wheel, A-2-3-4-5
            straight_top = 3
    if straight_top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, straight_top)
    if flush:
        return (FLUSH, *ranks)
    # Groups by size, then rank: (count, rank) descending.
    groups = sorted(((count, rank) for rank, count in Counter(ranks).items()), reverse=True)
    shape = [count for count, _ in groups]
    order = [rank for _, rank in groups]
    category = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }[tuple(shape)]
    return (category, *order)


def score(cards: Iterable[int]) -> tuple:
    """The score of the best five of 5 or more distinct cards."""
    return max(score5(five) for five in itertools.combinations(list(cards), 5))


def dense_ranks(keys: Sequence) -> list[int]:
    """Each key's index among the distinct keys, sorted: equal keys share one."""
    order = {key: i for i, key in enumerate(sorted(set(keys)))}
    return [order[key] for key in keys]
