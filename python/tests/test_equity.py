"""equity against the published figures tests/unit/equity_test.cpp checks,
Monte Carlo against exact, and the CLI's messages for bad queries."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import poker
from conftest import run_cli


def test_ace_king_suited_against_queens_is_the_published_count():
    result = poker.equity(["AhKh", "QsQd"], exact=True)
    assert dataclasses.is_dataclass(result)
    assert result.method == "exact"
    assert result.deals == 1_712_304
    boards = 1_712_304
    assert (result.win * boards).round().tolist() == [787_966, 917_606]
    assert (result.tie * boards).round().tolist() == [6_732, 6_732]
    assert np.allclose(result.equity * 100, [46.214457, 53.785543], atol=5e-7)
    assert result.stderr.tolist() == [0, 0]


def test_aces_against_kings_and_three_way_are_the_published_figures():
    aces = poker.equity(["AcAd", "KsKh"])
    assert aces.method == "exact"  # the automatic choice for a small query
    assert np.allclose(aces.equity * 100, [81.255490, 18.744510], atol=5e-7)
    three = poker.equity(["AhKh", "QsQd", "JcTc"], exact=True)
    assert three.deals == 1_370_754
    assert np.allclose(three.equity * 100, [40.209184, 41.054485, 18.736331], atol=5e-7)


def test_board_dead_cards_and_ranges_answer_as_the_cli(poker_cli):
    result = poker.equity(["QQ+", "AKs"], board="Ts 9s 2d", dead="3c")
    cli = run_cli(poker_cli, "equity", "QQ+", "AKs", "--board", "Ts9s2d", "--dead", "3c")
    assert cli.returncode == 0, cli.stderr
    lines = cli.stdout.decode().splitlines()
    assert lines[:2] == ["Board: Ts 9s 2d", "Dead:  3c"]  # the table repeats them
    header = next(i for i, line in enumerate(lines) if line.startswith("Hand"))
    rows = [line.split() for line in lines[header + 1:header + 3]]
    assert np.allclose(result.equity * 100, [float(row[3]) for row in rows], atol=5e-7)
    assert np.allclose(result.win * 100, [float(row[1]) for row in rows], atol=5e-7)
    assert np.isclose(result.equity.sum(), 1)


def test_monte_carlo_is_within_its_error_of_exact_and_repeats_with_its_seed():
    exact = poker.equity(["AhKh", "QsQd"], exact=True)
    sampled = poker.equity(["AhKh", "QsQd"], samples=300_000, seed=7)
    assert sampled.method == "monte-carlo"
    assert sampled.deals >= 300_000
    assert (sampled.stderr > 0).all()
    assert (np.abs(sampled.equity - exact.equity) < 4.5 * sampled.stderr).all()
    again = poker.equity(["AhKh", "QsQd"], samples=300_000, seed=7, threads=1)
    assert np.array_equal(again.equity, sampled.equity)
    assert poker.equity(["AhKh", "QsQd"], exact=False, samples=100_000).method == "monte-carlo"


@pytest.mark.parametrize("hands", [["AX", "QQ"], ["AhKh", "KA"], ["AhKh", "QsQd,"], ["AhKh", "AhQd"]])
def test_a_bad_hand_raises_the_clis_message(poker_cli, hands):
    cli = run_cli(poker_cli, "equity", *hands)
    assert cli.returncode != 0
    message = cli.stderr.decode().splitlines()[0].removeprefix("poker: equity: ")
    with pytest.raises(ValueError) as error:
        poker.equity(hands)
    assert str(error.value) == message


@pytest.mark.parametrize("hands", [["AhKh", "Q\x1b[2J\x07\nQ"], ["AhKh", "-\x1b"]])
def test_a_hands_control_bytes_are_escaped_in_its_message(hands):
    with pytest.raises(ValueError) as error:
        poker.equity(hands)
    assert "\\x1b" in str(error.value)
    assert str(error.value).isprintable()


@pytest.mark.parametrize("arguments", [
    {"hands": ["AhKh"]},                                   # one player
    {"hands": ["AA"] * 11},                                # eleven players
    {"hands": ["AhKh", "QsQd"], "board": "Ts9s8s7s6s5s"},  # a board of six cards
    {"hands": ["AhKh", "QsQd"], "board": "Ah9s2d"},        # a card in a hand and on the board
    {"hands": ["AhKh", "QsQd"], "dead": "Zz"},
    {"hands": ["AhKh", "--exact"]},
    {"hands": ["AhKh", ""]},
    {"hands": ["AhKh", "QsQd"], "exact": True, "samples": 10},
    {"hands": ["AhKh", "QsQd"], "samples": 0},
    {"hands": ["AhKh", "QsQd"], "seed": -1},
    {"hands": ["AhKh", "QsQd"], "threads": 0},
])
def test_bad_queries_raise_value_error(arguments):
    with pytest.raises(ValueError):
        poker.equity(**arguments)


def test_hands_must_be_a_sequence_of_str():
    with pytest.raises(TypeError):
        poker.equity("AhKh QsQd")
    with pytest.raises(TypeError):
        poker.equity(["AhKh", 5])
    with pytest.raises(TypeError):
        poker.equity(["AhKh", "QsQd"], board=3)


@pytest.mark.parametrize("hands, shown", [
    (["QQ+, AKs", "JJ"], ("QQ+, AKs", "JJ")),
    (["AKs, QQ+", "jj"], ("AKs, QQ+", "JJ")),
    (["aks,  qq+ , t9s", "random"], ("AKs,  QQ+ , T9s", "random")),
    (["AKs", "qq, random"], ("AKs", "QQ, random")),
])
def test_equity_hands_label_pasted_ranges_as_written(hands, shown):
    assert poker.equity(hands, samples=1000).hands == shown


def test_samples_take_a_whole_float_and_refuse_a_fraction():
    assert poker.equity(["AhKh", "QsQd"], samples=1e4) == poker.equity(["AhKh", "QsQd"], samples=10_000)
    assert poker.equity(["AhKh", "QsQd"], samples=1e4).deals == 10_000
    with pytest.raises(ValueError, match=r"^samples must be a whole number, not 1\.5$"):
        poker.equity(["AhKh", "QsQd"], samples=1.5)
    with pytest.raises(ValueError, match="^seed must be a whole number"):
        poker.equity(["AhKh", "QsQd"], seed=float("nan"))
    with pytest.raises(TypeError):
        poker.equity(["AhKh", "QsQd"], samples=True)


@pytest.mark.parametrize("settings", [{"samples": 0}, {"samples": "1.5x"}, {"time": "1e9"}, {"seed": -1}])
def test_number_errors_name_the_keyword_not_the_clis_option(settings):
    with pytest.raises(ValueError) as error:
        poker.equity(["AhKh", "QsQd"], **settings)
    name = next(iter(settings))
    assert str(error.value).startswith(f"{name}: expected ")
    assert "--" not in str(error.value)


def test_equity_is_unhashable_and_equal_by_value():
    first = poker.equity(["AhKh", "QsQd"], samples=1000)
    again = poker.equity(["AhKh", "QsQd"], samples=1000)
    assert poker.Equity.__hash__ is None
    with pytest.raises(TypeError):
        hash(first)
    assert first == again and first is not again
    assert first != poker.equity(["AhKh", "QsQd"], samples=1000, seed=2)
    assert first != dataclasses.replace(first, hands=("AhKh", "QQ"))
    assert first != "an Equity"


def test_equilab_bracket_weights_are_weights_through_poker_equity(poker_cli):
    bracketed = poker.equity(["[50]KK,QQ[/50]", "AKs"], exact=True)
    weighted = poker.equity(["KK:0.5,QQ:0.5", "AKs"], exact=True)
    assert bracketed.equity.tolist() == weighted.equity.tolist()
    assert bracketed.deals == weighted.deals
    assert bracketed.hands == ("[50]KK,QQ[/50]", "AKs")
    assert poker.equity(["[50]kk, qq[/50]", "aks"], exact=True).hands == ("[50]KK, QQ[/50]", "AKs")
    cli = run_cli(poker_cli, "equity", "--exact", "[50]KK,QQ[/50]", "AKs")
    plain = run_cli(poker_cli, "equity", "--exact", "KK:0.5,QQ:0.5", "AKs")
    assert cli.returncode == 0, cli.stderr
    # The same figures; only the first column's label (and so its width) differs.
    def figures(output: bytes) -> list:
        return [line.split()[1:] for line in output.decode().splitlines()]

    assert figures(cli.stdout) == figures(plain.stdout)
    assert cli.stdout.decode().splitlines()[1].split()[0] == "[50]KK,QQ[/50]"


@pytest.mark.parametrize("hand", ["[50]KK,QQ", "[50]KK,[25]QQ[/25][/50]", "[50]KK,QQ[/25]", "[150]KK[/150]"])
def test_malformed_equilab_brackets_are_one_line_errors(poker_cli, hand):
    cli = run_cli(poker_cli, "equity", hand, "AKs")
    assert cli.returncode == 2, cli.stderr
    first = cli.stderr.decode().splitlines()[0]
    assert first.startswith("poker: equity: ") and "'[" in first, first
    with pytest.raises(ValueError) as error:
        poker.equity([hand, "AKs"])
    assert str(error.value) == first.removeprefix("poker: equity: ")
    assert "\n" not in str(error.value)


def test_game_keyword_computes_omaha_as_the_cli(poker_cli):
    result = poker.equity(["ahaskdkc", "QhJhTs9s"], board="2c7d8h", game="omaha")
    assert result.game == "omaha"
    assert result.hands == ("AhAsKdKc", "QhJhTs9s")
    assert result.method == "exact"
    assert result.deals == 820
    assert np.allclose(result.equity * 100, [44.146341, 55.853659], atol=5e-7)
    assert result.scoop is None and result.no_low is None
    assert poker.equity(["AK", "QQ"]).game == "holdem"


def test_omaha_hilo_gives_scoops_lows_and_boards_without_a_low():
    result = poker.equity(["AhAs2d3c", "KhKs9d8c"], board="4h5c8d", game="omaha-hilo")
    assert result.game == "omaha-hilo"
    assert np.allclose(result.equity * 100, [89.451220, 10.548780], atol=5e-7)
    assert np.allclose(result.scoop * 100, [78.902439, 0], atol=5e-7)
    assert result.low_win.tolist() == [1.0, 0.0]
    assert result.low_tie.tolist() == [0.0, 0.0]
    assert result.no_low == 0.0


@pytest.mark.parametrize(
    "hands, game, message",
    [
        (["AhKh", "random"], "omaha", "hand 1 'AhKh': Omaha hands have 4 cards: 'AhKh' has 2"),
        (["AK", "QQ"], "omaha6", "Omaha takes specific hands of 6 cards"),
        (["AK", "QQ"], "stud", "unknown game 'stud'"),
    ],
)
def test_bad_omaha_queries_raise_the_clis_message(hands, game, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        poker.equity(hands, game=game)
