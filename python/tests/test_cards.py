"""parse_cards and card_str: the encoding, the round trip and the CLI's messages."""

from __future__ import annotations

import numpy as np
import pytest

import poker
from conftest import cli_error, run_cli


def test_parse_cards_uses_the_documented_encoding():
    cards = poker.parse_cards("2c 2d 2h 2s 3c Ah As")
    assert cards.dtype == np.uint8
    assert cards.tolist() == [0, 1, 2, 3, 4, 50, 51]


def test_parse_cards_takes_runs_and_blanks_alike():
    assert poker.parse_cards("AhKh7c").tolist() == poker.parse_cards(" Ah\tKh  7c ").tolist()
    assert poker.parse_cards("").shape == (0,)


def test_parse_cards_of_a_sequence_is_two_dimensional():
    cards = poker.parse_cards(["Ah Kh", "Qs Qd"])
    assert cards.shape == (2, 2)
    assert poker.card_str(cards) == ["Ah Kh", "Qs Qd"]


def test_card_str_inverts_parse_cards_for_every_card():
    every = np.arange(52, dtype=np.uint8)
    text = poker.card_str(every)
    assert poker.parse_cards(text).tolist() == list(range(52))
    assert poker.card_str(51) == "As"
    assert poker.card_str(0) == "2c"


@pytest.mark.parametrize("text", ["Ah Kx", "Ah 10h", "Ahh", "A", "Ax"])
def test_a_bad_card_raises_the_clis_message(tmp_path, poker_cli, text):
    # The CLI reads the same token on a hold'em line: its message after the position.
    path = tmp_path / "bad.txt"
    path.write_text(f"{text}\nQs Qd\n2c 3c 4c 5c 6c\n")
    result = run_cli(poker_cli, input_path=path)
    assert result.returncode != 0
    cli_message = cli_error(result).strip().split(": ", 2)[2]
    with pytest.raises(ValueError) as error:
        poker.parse_cards(text)
    assert str(error.value) == cli_message


def test_a_card_twice_raises_unless_unchecked():
    with pytest.raises(ValueError, match=r"duplicate card 'Ah': already at line 1, column 1"):
        poker.parse_cards("Ah Kh Ah")
    assert poker.parse_cards("Ah Kh Ah", check=False).tolist() == [50, 46, 50]


def test_parse_cards_rejects_what_is_not_text():
    with pytest.raises(TypeError):
        poker.parse_cards(12)
    with pytest.raises(TypeError):
        poker.parse_cards(b"Ah")
    with pytest.raises(TypeError):
        poker.parse_cards(["Ah", 3])
    with pytest.raises(ValueError, match="item 1 has 1 cards, item 0 has 2"):
        poker.parse_cards(["Ah Kh", "Qs"])
    with pytest.raises(ValueError, match="^item 1: invalid card 'Qx'"):
        poker.parse_cards(["Ah Kh", "Qs Qx"])


def test_card_str_rejects_what_is_not_a_card():
    for bad in (52, -1, np.array([1, 60]), np.array([[1.0]]), np.zeros((1, 1, 1), dtype=np.uint8)):
        with pytest.raises((ValueError, TypeError)):
            poker.card_str(bad)
