"""judge and judge_file against `poker -i FILE` on generated files, the
streamed path, and the CLI's messages for invalid files."""

from __future__ import annotations

import os
import threading

import numpy as np
import pytest

import poker
from conftest import cli_error, cli_error_line, deal, holdem_file, run_cli, without_hint


def cli_winners(poker_cli: str, path, players: int) -> np.ndarray:
    result = run_cli(poker_cli, "-p", str(players), input_path=path)
    assert result.returncode == 0, result.stderr
    return np.array([-1 if line == "Draw" else int(line.split()[1]) - 1 for line in result.stdout.decode().splitlines()],
                    dtype=np.int8)


def instances(seed: int, count: int, players: int) -> tuple[np.ndarray, np.ndarray]:
    cards = deal(np.random.default_rng(seed), count, 5 + 2 * players)
    return np.ascontiguousarray(cards[:, :5]), np.ascontiguousarray(cards[:, 5:].reshape(count, players, 2))


@pytest.mark.parametrize("players", [2, 3, 8])
def test_judge_file_and_judge_equal_the_cli(tmp_path, poker_cli, players):
    boards, holes = instances(players, 40_000, players)
    path = tmp_path / f"holdem{players}.txt"
    holdem_file(path, boards, holes)
    expected = cli_winners(poker_cli, path, players)
    assert len(expected) == len(boards)
    assert (expected == -1).any() and (expected == players - 1).any()  # draws and every seat occur
    winners = poker.judge_file(path, players=players)
    assert winners.dtype == np.int8
    assert np.array_equal(winners, expected)
    assert np.array_equal(poker.judge_file(str(path), players, threads=1), expected)
    assert np.array_equal(poker.judge(boards, holes), expected)
    assert np.array_equal(poker.judge(boards, holes, threads=1), expected)


@pytest.mark.parametrize("mmap", [None, True, False])
def test_judge_file_reads_a_file_as_the_cli_does_with_or_without_a_map(tmp_path, poker_cli, mmap):
    # `poker --mmap` / `--no-mmap`: the same answers, and the same first error.
    boards, holes = instances(13, 20_000, 2)
    path = tmp_path / "file.txt"
    holdem_file(path, boards, holes)
    expected = cli_winners(poker_cli, path, 2)
    assert np.array_equal(poker.judge_file(path, mmap=mmap), expected)
    assert np.array_equal(poker.judge_file(path, threads=1, mmap=mmap), expected)
    invalid = tmp_path / "invalid.txt"
    invalid.write_bytes(path.read_bytes() + b"Ah Kh\nQs Qd\n2c 3c 4c 5c Ah\n")
    cli = run_cli(poker_cli, "--mmap" if mmap else "--no-mmap", input_path=invalid)
    with pytest.raises(poker.InputError) as error:
        poker.judge_file(invalid, mmap=mmap)
    assert "poker: " + without_hint(str(error.value)) + "\n" == cli_error_line(cli)
    assert np.array_equal(error.value.answers, expected)


def test_judge_file_reads_a_stream(tmp_path, poker_cli):
    # A FIFO cannot be mapped: the pipeline reads it in buffers.
    boards, holes = instances(11, 5_000, 2)
    path = tmp_path / "file.txt"
    holdem_file(path, boards, holes)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(path.read_bytes()))
    writer.start()
    try:
        winners = poker.judge_file(fifo)
    finally:
        writer.join()
    assert np.array_equal(winners, cli_winners(poker_cli, path, 2))


def test_judge_file_reads_the_euler_format():
    examples = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
    expected = [-1 if line == "Draw" else int(line.split()[1]) - 1
                for line in open(os.path.join(examples, "euler.expected")).read().splitlines()]
    assert poker.judge_file(os.path.join(examples, "euler.txt"), format="euler").tolist() == expected


@pytest.mark.parametrize("text", [
    "Ah Kh\nQs Qd\n2c 3c 4c 5c 6c\nAh Kx\n",            # an invalid card, after one answer
    "Ah Kh\nQs Qd\n2c 3c 4c 5c Ah\n",                   # a duplicate card
    "Ah Kh\nQs Qd\n2c 3c 4c 5c\n",                      # too few cards
    "Ah Kh\nQs Qd\n2c 3c 4c 5c 6c\nAs Ks\nQh Qc\n",     # an incomplete instance
    "Ah Kh 7c\nQs Qd\n2c 3c 4c 5c 6c\n",                # too many cards
    "\x00\xff\n",                                       # bytes that are no text
])
def test_an_invalid_file_raises_the_clis_message(tmp_path, poker_cli, text):
    path = tmp_path / "invalid.txt"
    path.write_bytes(text.encode("latin-1"))
    result = run_cli(poker_cli, input_path=path)
    assert result.returncode != 0
    with pytest.raises(poker.InputError) as error:
        poker.judge_file(path)
    assert "poker: " + without_hint(str(error.value)) + "\n" == cli_error_line(result)
    assert isinstance(error.value, ValueError)
    assert (error.value.path, error.value.line, error.value.column) == \
        (str(path), *map(int, result.stderr.decode().split(":")[2:4]))
    assert error.value.message == cli_error(result).split(": ", 2)[2].strip()
    answers = [-1 if line == "Draw" else int(line.split()[1]) - 1 for line in result.stdout.decode().splitlines()]
    assert error.value.answers.tolist() == answers


def test_judge_file_of_nothing_is_empty(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    assert poker.judge_file(path).shape == (0,)


def test_judge_file_raises_for_files_it_cannot_read(tmp_path):
    with pytest.raises(FileNotFoundError):
        poker.judge_file(tmp_path / "missing.txt")
    with pytest.raises(IsADirectoryError):
        poker.judge_file(tmp_path)
    with pytest.raises(TypeError):
        poker.judge_file(12)


@pytest.mark.parametrize("arguments", [
    {"players": 1}, {"players": 24}, {"format": "stud"}, {"format": "euler", "players": 3}, {"threads": 0},
])
def test_judge_file_rejects_bad_arguments(tmp_path, arguments):
    path = tmp_path / "file.txt"
    path.write_text("Ah Kh\nQs Qd\n2c 3c 4c 5c 6c\n")
    with pytest.raises(ValueError):
        poker.judge_file(path, **arguments)


def test_judge_file_takes_mmap_as_a_bool_or_none(tmp_path):
    path = tmp_path / "file.txt"
    path.write_text("Ah Kh\nQs Qd\n2c 3c 4c 5c 6c\n")
    with pytest.raises(TypeError):
        poker.judge_file(path, mmap="yes")
    with pytest.raises(TypeError):
        poker.judge_file(path, 2, "holdem", None, True)  # keyword only, as threads


def test_judge_answers_draws_and_the_best_seat():
    boards = poker.parse_cards(["Ah Kh Qh Jh Th", "2c 7d 9h Js Kc"])
    holes = poker.parse_cards(["2c 3d", "4s 5s", "Ac Ad", "As 8s"]).reshape(2, 2, 2)
    assert poker.judge(boards, holes).tolist() == [-1, 0]


def test_judge_names_the_row_holding_a_card_twice():
    boards, holes = instances(3, 100, 3)
    holes[57, 1, 0] = boards[57, 2]
    with pytest.raises(ValueError, match=r"^boards and holes row 57: card '..' \(\d+\) appears twice$"):
        poker.judge(boards, holes)
    unchecked = poker.judge(boards, holes, check=False)
    assert unchecked[57] == -2
    assert np.array_equal(np.delete(unchecked, 57), np.delete(poker.judge(*instances(3, 100, 3)), 57))


@pytest.mark.parametrize("boards_shape, holes_shape", [
    ((4, 5), (4, 2)), ((4, 4), (4, 2, 2)), ((4, 5), (3, 2, 2)), ((4, 5), (4, 2, 3)), ((4, 5), (4, 0, 2)),
    ((4, 5), (4, 24, 2)), ((5,), (2, 2)),
])
def test_judge_rejects_mismatched_shapes(boards_shape, holes_shape):
    with pytest.raises(ValueError):
        poker.judge(np.zeros(boards_shape, np.uint8), np.zeros(holes_shape, np.uint8))


def test_judge_of_no_instances_is_empty():
    assert poker.judge(np.zeros((0, 5), np.uint8), np.zeros((0, 2, 2), np.uint8)).shape == (0,)


class BytesPath:
    """An os.PathLike whose path is bytes."""

    def __init__(self, path: bytes):
        self.path = path

    def __fspath__(self) -> bytes:
        return self.path


def test_judge_file_takes_str_bytes_and_path_like_paths_as_open_does(tmp_path):
    path = tmp_path / "file.txt"
    path.write_text("Ah Kh\nQs Qd\n2c 3d 7h 8s 9c\n" * 3)
    expected = poker.judge_file(path).tolist()
    assert expected == [1, 1, 1]
    for given in (str(path), os.fsencode(path), BytesPath(os.fsencode(path))):
        assert poker.judge_file(given).tolist() == expected


def test_judge_file_opens_a_name_that_is_no_text_by_its_surrogate_escapes(tmp_path):
    # A name holding bytes the filesystem encoding cannot decode: os.listdir
    # gives it as a str with surrogate escapes, which maps back to its bytes.
    raw = os.path.join(os.fsencode(tmp_path), b"caf\xe9\xff.txt")
    with open(raw, "wb") as file:
        file.write(b"Ah Kh\nQs Qd\n2c 3d 7h 8s 9c\nAh Kx\n")
    name = os.fsdecode(raw)
    for given in (name, raw):
        with pytest.raises(poker.InputError) as error:
            poker.judge_file(given)
        assert error.value.path == name
        assert str(error.value).startswith(name + ":4:")
        assert error.value.answers.tolist() == [1]
    with pytest.raises(FileNotFoundError) as missing:
        poker.judge_file(raw + b".missing")
    assert missing.value.filename == raw + b".missing"


@pytest.mark.parametrize("path", ["", b"", BytesPath(b"")])
def test_judge_file_refuses_an_empty_path_rather_than_read_stdin(path):
    with pytest.raises(ValueError, match="empty"):
        poker.judge_file(path)


def test_judge_file_refuses_a_path_holding_a_nul(tmp_path):
    path = tmp_path / "file.txt"
    path.write_text("Ah Kh\nQs Qd\n2c 3d 7h 8s 9c\n")
    # open() would read "file.txt", the name up to the NUL.
    for given in (str(path) + "\0.missing", os.fsencode(path) + b"\0.missing"):
        with pytest.raises(ValueError, match="null byte"):
            poker.judge_file(given)
