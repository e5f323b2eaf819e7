"""`poker verify --prairielearn DIR`: results.json checked against the fields
PrairieLearn's external grading documentation gives (gradable, score from 0
to 1, message, output, tests with name, points, max_points, message,
output), its scores against the tests' points, the lenient default and
--strict, and the grader's errors that must charge no student."""

from __future__ import annotations

import json
import os
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import run_cli

TOP_LEVEL_KEYS = {"gradable", "score", "message", "output", "images", "tests", "format_errors", "partial_scores"}
TEST_KEYS = {"name", "description", "points", "max_points", "message", "output", "images"}


def validate(results: dict) -> None:
    """Asserts `results` is what PrairieLearn reads: its keys and types, the
    score in [0, 1] and equal to the tests' points over their maxima."""
    assert set(results) <= TOP_LEVEL_KEYS, set(results) - TOP_LEVEL_KEYS
    assert results["gradable"] is True
    score = results["score"]
    assert isinstance(score, (int, float)) and not isinstance(score, bool) and 0 <= score <= 1
    assert isinstance(results["message"], str) and "\n" not in results["message"]
    assert isinstance(results["output"], str)
    tests = results["tests"]
    assert isinstance(tests, list) and tests
    for test in tests:
        assert set(test) <= TEST_KEYS, set(test) - TEST_KEYS
        assert isinstance(test["name"], str) and test["name"]
        for key in ("points", "max_points"):
            assert isinstance(test[key], (int, float)) and not isinstance(test[key], bool)
        assert 0 <= test["points"] <= test["max_points"]
        assert isinstance(test["message"], str) and "\n" not in test["message"]
        assert isinstance(test["output"], str)
    points = sum(Fraction(str(t["points"])) for t in tests)
    max_points = sum(Fraction(str(t["max_points"])) for t in tests)
    assert abs(Fraction(str(score)) - points / max_points) < Fraction(1, 10**5)


@pytest.fixture(scope="module")
def term(poker_cli: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """20 hold'em instances and their answers, from the same build."""
    folder = tmp_path_factory.mktemp("term")
    instances = folder / "term.txt"
    made = run_cli(poker_cli, "generate", "--instances", "20", "--seed", "11", "-o", str(instances))
    assert made.returncode == 0, made.stderr
    judged = run_cli(poker_cli, "2", str(instances))
    assert judged.returncode == 0, judged.stderr
    return instances, judged.stdout.decode().splitlines(keepends=True)


def grade(poker: str, instances: Path, answers: bytes | None, root: Path, *options: str):
    """Runs poker as a PrairieLearn grader's script does: the student's file
    under /grade/student, results into /grade/results (not made yet)."""
    student = root / "student" / "answers.txt"
    student.parent.mkdir(parents=True, exist_ok=True)
    if answers is not None:
        student.write_bytes(answers)
    out = root / "grade" / "results"
    result = subprocess.run(
        [poker, "verify", "2", "-q", "-i", str(instances), "--answers", str(student), "--prairielearn", str(out),
         *options],
        capture_output=True, timeout=120)
    path = out / "results.json"
    return result, (json.loads(path.read_text()) if path.exists() else None)


def test_right_answers_score_one(poker_cli, term, tmp_path):
    instances, answers = term
    result, results = grade(poker_cli, instances, "".join(answers).encode(), tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == b"" and result.stderr == b""
    validate(results)
    assert results["score"] == 1
    assert [t["name"] for t in results["tests"]] == ["answers to 20 instances"]
    assert "match" in results["tests"][0]["message"]


@pytest.mark.parametrize("upload", [
    lambda a: "".join(a).replace("\n", "\r\n"),
    lambda a: "".join(a) + "\n",
    lambda a: "".join(a).rstrip("\n"),
    lambda a: "".join("  " + x.rstrip("\n").replace(" ", "\t  ") + " \n" for x in a),
], ids=["crlf", "trailing-empty-line", "no-final-newline", "blanks"])
def test_right_answers_written_loosely_score_one_unless_strict(poker_cli, term, tmp_path, upload):
    instances, answers = term
    data = upload(answers).encode()
    _, results = grade(poker_cli, instances, data, tmp_path / "lenient")
    validate(results)
    assert results["score"] == 1
    result, strict = grade(poker_cli, instances, data, tmp_path / "strict", "--strict")
    assert result.returncode == 0, result.stderr
    validate(strict)
    assert strict["score"] == 0


def test_partial_credit_per_test(poker_cli, term, tmp_path):
    instances, answers = term
    wrong = list(answers)
    wrong[12] = "Draw\n" if wrong[12] != "Draw\n" else "Player 1\n"
    result, results = grade(poker_cli, instances, "".join(wrong).encode(), tmp_path, "--tests-of", "10",
                            "--partial-credit")
    assert result.returncode == 0, result.stderr
    validate(results)
    assert [t["name"] for t in results["tests"]] == ["instances 1 to 10", "instances 11 to 20"]
    first, second = results["tests"]
    assert first["points"] == first["max_points"] == 50
    assert second["points"] == 45 and "instance 13" in second["message"]
    assert results["score"] == 0.95


def test_all_or_nothing_by_default(poker_cli, term, tmp_path):
    instances, answers = term
    wrong = list(answers)
    wrong[0] = "Draw\n" if wrong[0] != "Draw\n" else "Player 1\n"
    _, results = grade(poker_cli, instances, "".join(wrong).encode(), tmp_path)
    validate(results)
    assert results["score"] == 0
    assert "expected" not in results["tests"][0]["output"]
    _, shown = grade(poker_cli, instances, "".join(wrong).encode(), tmp_path / "shown", "--reveal-expected")
    assert "expected:" in shown["tests"][0]["output"]


def test_missing_student_file_scores_zero_and_says_why(poker_cli, term, tmp_path):
    instances, _ = term
    result, results = grade(poker_cli, instances, None, tmp_path, "--tests-of", "10")
    assert result.returncode == 0, result.stderr
    validate(results)
    assert results["score"] == 0 and len(results["tests"]) == 2
    assert "answers.txt: cannot open: No such file or directory" in results["message"]


def test_invalid_instances_are_the_graders_error_and_write_no_results(poker_cli, tmp_path):
    instances = tmp_path / "term.txt"
    instances.write_bytes(b"Ah Kh\n2c 3d\nQh Jh Th 5c 6d\nAh Kh\nXx 3d\nQh Jh Th 5c 6d\n")
    result, results = grade(poker_cli, instances, b"Player 1\nPlayer 1\n", tmp_path)
    assert result.returncode == 1
    assert results is None
    assert "term.txt:5:1" in result.stderr.decode()


def test_results_folder_that_is_a_file_is_an_io_error(poker_cli, term, tmp_path):
    instances, answers = term
    (tmp_path / "grade").write_bytes(b"kept")
    result, results = grade(poker_cli, instances, "".join(answers).encode(), tmp_path)
    assert result.returncode == 3
    assert results is None
    assert result.stderr.decode() == f"poker: {tmp_path}/grade/results: cannot make the results folder: Not a directory\n"
    assert (tmp_path / "grade").read_bytes() == b"kept"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_read_only_results_folder_is_an_io_error(poker_cli, term, tmp_path):
    instances, answers = term
    (tmp_path / "grade" / "results").mkdir(parents=True)
    (tmp_path / "grade" / "results").chmod(0o555)
    try:
        result, results = grade(poker_cli, instances, "".join(answers).encode(), tmp_path)
        assert result.returncode == 3
        assert results is None
        assert "results.json: cannot open for writing: Permission denied" in result.stderr.decode()
    finally:
        (tmp_path / "grade" / "results").chmod(0o755)


@pytest.mark.parametrize("args", [
    ("--gradescope", "gs"),
    ("--visibility", "hidden"),
    ("--partial",),
])
def test_options_that_do_not_go_with_prairielearn_are_usage_errors(poker_cli, term, tmp_path, args):
    instances, answers = term
    result, results = grade(poker_cli, instances, "".join(answers).encode(), tmp_path, *args)
    assert result.returncode == 2
    assert results is None
