"""What a Python user types first: cards as text, in any case, ranges, every
format's files, amounts as the CLI writes them, time budgets, and help()."""

from __future__ import annotations

import inspect
import json
import os
import pydoc
import re

import numpy as np
import pytest

import poker
from conftest import cli_error_line, run_cli, without_hint

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def example(name: str) -> str:
    return os.path.join(EXAMPLES, name)


def test_evaluate_takes_cards_as_text():
    assert poker.evaluate("Ah Kh Qh Jh Th") == poker.evaluate(poker.parse_cards("Ah Kh Qh Jh Th"))[()]
    assert isinstance(poker.evaluate("AhKhQhJhTh"), int)
    rows = ["Ah Kh Qh Jh Th 2c 3d", "2c 2d 5h 9s Jd Kc Ac"]
    assert np.array_equal(poker.evaluate(rows), poker.evaluate(poker.parse_cards(rows)))
    assert poker.best_five("2c 2d 5h 9s Jd Kc Ac").tolist() == poker.parse_cards("2d 2c Ac Kc Jd").tolist()
    with pytest.raises(ValueError, match="duplicate card"):
        poker.evaluate("Ah Ah Qh Jh Th")
    assert poker.evaluate("Ah Ah Qh Jh Th", check=False) == 0


def test_parse_cards_reads_either_case_as_equity_does():
    assert poker.parse_cards("ah KH tD 2c").tolist() == poker.parse_cards("Ah Kh Td 2c").tolist()
    assert poker.parse_cards(["ahkh", "QSqd"]).tolist() == poker.parse_cards(["Ah Kh", "Qs Qd"]).tolist()
    assert np.array_equal(poker.equity(["ahkh", "qsqd"]).equity, poker.equity(["AhKh", "QsQd"]).equity)


def test_parse_range_gives_the_combos_of_a_range():
    queens = poker.parse_range("QQ+")
    assert len(queens) == 18
    assert queens.combos.shape == (18, 2) and queens.combos.dtype == np.uint8
    assert poker.card_str(queens.combos)[0] == "As Ah"
    assert {poker.card_str(int(card))[0] for card in queens.combos.ravel()} == {"Q", "K", "A"}
    assert (queens.weights == 1).all()
    weighted = poker.parse_range("aks,KQo:0.5")
    assert len(weighted) == 4 + 12
    assert sorted(weighted.weights.tolist()) == [0.5] * 12 + [1.0] * 4
    assert len(poker.parse_range("random")) == 1326
    assert poker.card_str(poker.parse_range("KhAh").combos) == ["Ah Kh"]
    with pytest.raises(ValueError, match="column 4"):
        poker.parse_range("AK,,QQ")
    with pytest.raises(TypeError):
        poker.parse_range(["QQ+"])


def test_judge_file_reads_eval_draw_and_equity_files(poker_cli):
    verdicts = {"Hand 1 wins": 0, "Hand 2 wins": 1, "Tie": -1}
    expected = [verdicts[line] for line in open(example("eval.expected")).read().splitlines()[2::3]]
    assert poker.judge_file(example("eval.txt"), format="eval").tolist() == expected

    rounds = [[int(count) for count in line.split()] for line in open(example("draw.expected")).read().splitlines()]
    draw = poker.judge_file(example("draw.txt"), format="draw")
    assert draw.shape == (len(rounds), 8)
    assert draw.tolist() == rounds

    cli = run_cli(poker_cli, "equity", "--json", input_path=example("equity.txt"))
    assert cli.returncode == 0, cli.stderr
    answers = [json.loads(line) for line in cli.stdout.decode().splitlines()]
    results = poker.judge_file(example("equity.txt"), format="equity")
    assert len(results) == len(answers) > 0
    for result, answer in zip(results, answers):
        assert isinstance(result, poker.Equity)
        assert result.equity.tolist() == [player["equity"] for player in answer["players"]]
        assert result.deals == answer["deals"] and result.method == answer["method"]
        assert len(result.hands) == len(answer["players"])


def test_judge_file_names_the_formats_it_takes():
    with pytest.raises(ValueError, match="'holdem', 'euler', 'eval', 'draw', 'equity', 'omaha' or 'shortdeck'"):
        poker.judge_file(example("eval.txt"), format="stud")
    with pytest.raises(ValueError):
        poker.judge_file(example("draw.txt"), 3, format="draw")


def test_input_error_carries_the_instance_as_the_cli_does(tmp_path, poker_cli):
    path = tmp_path / "three.txt"
    path.write_text("Ah Kh\nQs Qd\n2c 3c 4c 5c 6c\n" * 2 + "Ah Kh\nQs Qd\n2c 3c 4c 5c Kx\n")
    cli = run_cli(poker_cli, input_path=path)
    assert cli.returncode == 1
    with pytest.raises(poker.InputError) as error:
        poker.judge_file(path)
    assert error.value.instance == 3
    assert str(error.value).endswith(" (instance 3)")
    assert "poker: " + without_hint(str(error.value)) + "\n" == cli_error_line(cli)

    queries = tmp_path / "queries.txt"
    queries.write_text("AhKh QsQd\nAhKh ZZ\n")
    cli = run_cli(poker_cli, "equity", input_path=queries)
    with pytest.raises(poker.InputError) as error:
        poker.judge_file(queries, format="equity")
    assert error.value.instance == 2
    assert "poker: " + without_hint(str(error.value)) + "\n" == cli_error_line(cli)
    assert len(error.value.answers) == 1 and isinstance(error.value.answers[0], poker.Equity)


def test_input_error_numbers_a_commented_query_file_by_its_queries(tmp_path, poker_cli):
    # Five lines, two of them queries: the error is on line 5, in query 2.
    queries = tmp_path / "commented.txt"
    queries.write_text("# two queries\nAhKh QsQd\n\n# the second\nAhKh ZZ\n")
    cli = run_cli(poker_cli, "equity", str(queries))
    assert cli.returncode == 1
    with pytest.raises(poker.InputError) as error:
        poker.judge_file(queries, format="equity")
    assert error.value.line == 5 and error.value.instance == 2
    assert " (query 2)" in str(error.value)
    assert cli.stderr.decode() == "poker: " + str(error.value) + "\n"


def test_input_error_carries_the_clis_hint(tmp_path, poker_cli):
    ten = tmp_path / "ten.txt"
    ten.write_text("Ah Kh\nQs Qd\n2c 3c 4c 5c 10h\n")
    cli = run_cli(poker_cli, input_path=ten)
    with pytest.raises(poker.InputError) as error:
        poker.judge_file(ten)
    assert error.value.hint == "ten is written T, like 'Th'"
    assert cli.stderr.decode().rstrip("\n").endswith("; hint: " + error.value.hint)
    assert str(error.value).endswith("; hint: " + error.value.hint)

    # Another format's file: the hint names the format= that reads it.
    euler = tmp_path / "euler.txt"
    euler.write_text("8C TS KC 9H 4S 7D 2S 5D 3S AC\n")
    with pytest.raises(poker.InputError) as error:
        poker.judge_file(euler)
    assert error.value.hint is not None and "format='euler'" in error.value.hint

    fine = tmp_path / "fine.txt"
    fine.write_text("Ah Kh\nQs Qd\n2c 3c 4c 5c Kx\n")
    with pytest.raises(poker.InputError) as error:
        poker.judge_file(fine)
    assert error.value.hint is None or error.value.hint in str(error.value)


def test_samples_take_the_clis_counts():
    counted = poker.equity(["AhKh", "QsQd"], samples="100k", seed=3)
    assert counted.method == "monte-carlo"
    assert np.array_equal(counted.equity, poker.equity(["AhKh", "QsQd"], samples=100_000, seed=3).equity)
    assert np.array_equal(counted.equity, poker.equity(["AhKh", "QsQd"], samples="1e5", seed="3").equity)
    with pytest.raises(ValueError, match=r"^samples: expected a number of deals .*found '1\.5M1'"):
        poker.equity(["AhKh", "QsQd"], samples="1.5M1")
    with pytest.raises(ValueError, match="samples: "):
        poker.equity(["AhKh", "QsQd"], samples=0)
    assert np.array_equal(counted.equity, poker.equity(["AhKh", "QsQd"], samples=1e5, seed=3).equity)
    with pytest.raises(TypeError, match="samples must be an int, a whole float or a str"):
        poker.equity(["AhKh", "QsQd"], samples=[1000])


def test_time_budget_runs_monte_carlo_for_that_long():
    timed = poker.equity(["AhKh", "QsQd", "random"], time=0.05)
    assert timed.method == "monte-carlo"
    assert timed.deals > 0 and (timed.stderr > 0).all()
    assert poker.equity(["AhKh", "QsQd"], time="0.01").method == "monte-carlo"
    with pytest.raises(ValueError, match="time: expected a number of seconds"):
        poker.equity(["AhKh", "QsQd"], time=0)
    with pytest.raises(ValueError, match="time: expected a number of seconds"):
        poker.equity(["AhKh", "QsQd"], time=float("inf"))
    with pytest.raises(ValueError, match="give one"):
        poker.equity(["AhKh", "QsQd"], time=1, samples=1000)
    with pytest.raises(ValueError, match="exact=True"):
        poker.equity(["AhKh", "QsQd"], time=1, exact=True)


def test_equity_repeats_the_hands_normalised():
    result = poker.equity(["ahkh", "qq+,aks:0.5", "RANDOM"], samples=20_000)
    assert result.hands == ("AhKh", "QQ+,AKs:0.5", "random")
    assert poker.equity(["KhAh", "22-55", "10%"], samples=20_000).hands == ("KhAh", "22-55", "10%")


@pytest.mark.parametrize("name", ["judge_file", "evaluate", "equity", "parse_cards", "parse_range", "judge",
                                  "evaluate_omaha", "omaha_low", "evaluate_shortdeck"])
def test_help_reads_as_a_python_functions(name):
    function = getattr(poker, name)
    text = pydoc.render_doc(function, renderer=pydoc.plaintext)
    assert "PyCapsule" not in text
    assert re.search(rf"^{name}\(", text, re.MULTILINE), text
    assert function.__doc__ and not function.__doc__.startswith(name + "(")
    parameters = inspect.signature(poker.judge_file).parameters
    assert [(name, parameter.default) for name, parameter in parameters.items()] == \
        [("path", inspect.Parameter.empty), ("players", 2), ("format", "holdem"), ("threads", None), ("mmap", None),
         ("hole", 4), ("hilo", False)]
    assert parameters["threads"].kind == inspect.Parameter.KEYWORD_ONLY


def test_version_is_the_projects():
    cmake = open(os.path.join(os.path.dirname(__file__), "..", "..", "CMakeLists.txt")).read()
    assert poker.__version__ == re.search(r"project\(poker VERSION ([0-9.]+)", cmake).group(1)
