"""threads= of every function that takes it: a count below 1 raises
ValueError; any larger count works, as many threads as the hardware has
(as `poker -j` clamps), with the answers of one thread and nothing on
stderr."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import poker

# Each call at threads=1 and at counts past what oneTBB's arena allows.
CHILD = textwrap.dedent("""
    import sys
    import numpy as np
    import poker
    hands = poker.parse_cards(["Ah Kh Qh Jh Th 2c 3d", "2c 2d 5h 9s Jd Kc Ac"])
    boards = poker.parse_cards(["Ah Kh Qh 2c 3d"])
    holes = poker.parse_cards(["Jh Th", "As Ad"]).reshape(1, 2, 2)
    path = sys.argv[1]
    calls = {
        "evaluate": lambda t: poker.evaluate(hands, threads=t).tolist(),
        "best_five": lambda t: poker.best_five(hands, threads=t).tolist(),
        "judge": lambda t: poker.judge(boards, holes, threads=t).tolist(),
        "judge_file": lambda t: poker.judge_file(path, threads=t).tolist(),
        "equity": lambda t: poker.equity(["AhKh", "QsQd"], samples=100_000, threads=t).equity.tolist(),
    }
    for name, call in calls.items():
        one = call(1)
        for threads in (65_537, 1 << 20, 1 << 40, 1 << 80):
            assert call(threads) == one, (name, threads)
    print("ok")
    """)


def test_any_thread_count_above_one_works_quietly(tmp_path):
    path = tmp_path / "file.txt"
    path.write_text("Ah Kh\nQs Qd\n2c 3c 4c 5c 6c\n" * 10)
    # A child: a crash here would end the test run.
    result = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True, text=True, timeout=300)
    assert (result.returncode, result.stdout, result.stderr) == (0, "ok\n", "")


@pytest.mark.parametrize("threads", [0, -1, -(1 << 80)])
def test_thread_counts_below_one_raise_value_error_everywhere(tmp_path, threads):
    path = tmp_path / "file.txt"
    path.write_text("Ah Kh\nQs Qd\n2c 3c 4c 5c 6c\n")
    hands = poker.parse_cards(["Ah Kh Qh Jh Th 2c 3d"])
    calls = [
        lambda: poker.evaluate(hands, threads=threads),
        lambda: poker.best_five(hands, threads=threads),
        lambda: poker.judge(hands[:, :5], hands[:, 5:].reshape(1, 1, 2), threads=threads),
        lambda: poker.judge_file(path, threads=threads),
        lambda: poker.equity(["AhKh", "QsQd"], threads=threads),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="threads must be at least 1"):
            call()


def test_thread_counts_that_are_no_int_raise_type_error():
    hands = poker.parse_cards(["Ah Kh Qh Jh Th 2c 3d"])
    for threads in ("2", 2.0):
        with pytest.raises(TypeError):
            poker.evaluate(hands, threads=threads)
