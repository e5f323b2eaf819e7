"""`poker verify --gradescope DIR`: results.json checked against the fields
Gradescope's autograder specification documents, its scores' arithmetic,
the candidates a submission may hold, the grader's errors that must charge
no student, and the example autograder of examples/judges/gradescope run as
Gradescope runs it."""

from __future__ import annotations

import json
import math
import os
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import run_cli

REPO = Path(__file__).resolve().parents[2]

# Gradescope's documented keys ("Autograder Specifications", Output format).
TOP_LEVEL_KEYS = {
    "score", "execution_time", "output", "output_format", "test_output_format", "test_name_format",
    "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard",
}
TEST_KEYS = {
    "score", "max_score", "status", "name", "name_format", "number", "output", "output_format", "tags",
    "visibility", "extra_data",
}
OUTPUT_FORMATS = {"text", "html", "simple_format", "md", "ansi"}


def validate(results: dict, max_score: float) -> None:
    """Asserts `results` is what Gradescope reads: its keys and their types,
    a status for every test that agrees with its score, the top-level score
    the sum of the tests', and the maxima summing to `max_score`."""
    assert set(results) <= TOP_LEVEL_KEYS, set(results) - TOP_LEVEL_KEYS
    assert isinstance(results["score"], (int, float)) and not isinstance(results["score"], bool)
    assert isinstance(results["output"], str)
    for key in ("output_format", "test_output_format", "test_name_format"):
        assert results.get(key, "text") in OUTPUT_FORMATS
    assert isinstance(results["extra_data"], dict)
    tests = results["tests"]
    assert isinstance(tests, list) and tests
    for number, test in enumerate(tests, 1):
        assert set(test) <= TEST_KEYS, set(test) - TEST_KEYS
        for key in ("score", "max_score"):
            assert isinstance(test[key], (int, float)) and not isinstance(test[key], bool)
        assert 0 <= test["score"] <= test["max_score"]
        assert test["status"] in ("passed", "failed")
        assert (test["status"] == "passed") == (test["score"] == test["max_score"]), test
        assert isinstance(test["name"], str) and test["name"]
        assert test["number"] == str(number)
        assert isinstance(test["output"], str)
        assert test.get("output_format", "text") in OUTPUT_FORMATS
        assert test.get("name_format", "text") in OUTPUT_FORMATS
    # Scores are whole ten-thousandths: their sums are exact.
    assert Fraction(str(results["score"])) == sum(Fraction(str(t["score"])) for t in tests)
    assert sum(Fraction(str(t["max_score"])) for t in tests) == Fraction(str(max_score))
    assert results["extra_data"]["schema"] == "poker-gradescope/1"


@pytest.fixture(scope="module")
def term(poker_cli: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """25 hold'em instances and their answers, from the same build."""
    folder = tmp_path_factory.mktemp("term")
    instances = folder / "term.txt"
    made = run_cli(poker_cli, "generate", "--instances", "25", "--seed", "7", "-o", str(instances))
    assert made.returncode == 0, made.stderr
    judged = run_cli(poker_cli, "2", str(instances))
    assert judged.returncode == 0, judged.stderr
    return instances, judged.stdout.decode().splitlines(keepends=True)


def grade(poker: str, instances: Path, candidate: Path, out: Path, *options: str) -> tuple[subprocess.CompletedProcess, dict | None]:
    out.mkdir(exist_ok=True)
    result = subprocess.run(
        [poker, "verify", "2", "-q", "-i", str(instances), "--answers", str(candidate), "--gradescope", str(out),
         *options],
        capture_output=True, timeout=120)
    path = out / "results.json"
    return result, (json.loads(path.read_text()) if path.exists() else None)


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def other(answer: str) -> str:
    return "Draw\n" if answer != "Draw\n" else "Player 1\n"


def test_right_answers_score_full_marks_in_one_test(poker_cli, term, tmp_path):
    instances, answers = term
    candidate = write(tmp_path / "answers.txt", "".join(answers).encode())
    result, results = grade(poker_cli, instances, candidate, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert result.stdout == b"" and result.stderr == b""
    validate(results, 100)
    assert results["score"] == 100
    assert [t["name"] for t in results["tests"]] == ["answers to 25 instances"]
    assert results["tests"][0]["status"] == "passed"
    assert "match" in results["tests"][0]["output"]
    assert results["extra_data"]["right"] == 25


def test_one_wrong_answer_is_all_or_nothing_by_default(poker_cli, term, tmp_path):
    instances, answers = term
    wrong = list(answers)
    wrong[3] = other(wrong[3])
    candidate = write(tmp_path / "answers.txt", "".join(wrong).encode())
    result, results = grade(poker_cli, instances, candidate, tmp_path / "out")
    assert result.returncode == 0, result.stderr  # written: the score says the rest
    validate(results, 100)
    assert results["score"] == 0
    assert results["tests"][0]["status"] == "failed"
    assert "MISMATCH at instance 4" in results["tests"][0]["output"]
    assert "24 of 25 answers right" in results["tests"][0]["output"]


def test_partial_credit_per_block_of_instances(poker_cli, term, tmp_path):
    instances, answers = term
    wrong = list(answers)
    for line in (0, 1, 12, 24):  # two wrong in block 1, one in block 2, one in block 3
        wrong[line] = other(wrong[line])
    candidate = write(tmp_path / "answers.txt", "".join(wrong).encode())
    result, results = grade(poker_cli, instances, candidate, tmp_path / "out", "--tests-of", "10",
                            "--partial-credit", "--max-score", "50")
    assert result.returncode == 0, result.stderr
    validate(results, 50)
    tests = results["tests"]
    assert [t["name"] for t in tests] == ["instances 1 to 10", "instances 11 to 20", "instances 21 to 25"]
    # 50 points split by instances: 20, 20 and 10.
    assert [t["max_score"] for t in tests] == [20, 20, 10]
    # The share of right answers: 8/10, 9/10, 4/5.
    assert [t["score"] for t in tests] == [16, 18, 8]
    assert results["score"] == 42
    assert all(t["status"] == "failed" for t in tests)
    # Each test's output is its own first difference, not another block's.
    assert "MISMATCH at instance 1 " in tests[0]["output"] and "instance 2 " not in tests[0]["output"]
    assert "MISMATCH at instance 13 " in tests[1]["output"]
    assert "MISMATCH at instance 25 " in tests[2]["output"]


def test_partial_credit_rounds_down_and_full_marks_need_a_pass(poker_cli, term, tmp_path):
    instances, answers = term
    wrong = list(answers)
    wrong[5] = other(wrong[5])
    candidate = write(tmp_path / "answers.txt", "".join(wrong).encode())
    result, results = grade(poker_cli, instances, candidate, tmp_path / "out", "--tests-of", "3",
                            "--partial-credit", "--max-score", "1")
    assert result.returncode == 0, result.stderr
    validate(results, 1)
    tests = results["tests"]
    assert len(tests) == 9  # 8 of 3 instances, 1 of 1
    assert [t["status"] for t in tests].count("failed") == 1
    failed = next(t for t in tests if t["status"] == "failed")
    assert failed["name"] == "instances 4 to 6"
    assert Fraction(str(failed["score"])) == Fraction(math.floor(Fraction(str(failed["max_score"])) * 10000 * 2 / 3), 10000)


def test_missing_answer_and_extra_line_count_against_their_block(poker_cli, term, tmp_path):
    instances, answers = term
    changed = answers[:14] + answers[15:] + ["Player 9\n"]  # instance 15's answer missing, one line too many
    candidate = write(tmp_path / "answers.txt", "".join(changed).encode())
    result, results = grade(poker_cli, instances, candidate, tmp_path / "out", "--tests-of", "10",
                            "--partial-credit")
    assert result.returncode == 0, result.stderr
    validate(results, 100)
    tests = results["tests"]
    assert tests[0]["status"] == "passed"
    assert tests[1]["status"] == "failed" and "MISSING" in tests[1]["output"]
    # The last block: 5 right answers and one extra line, a sixth item wrong.
    assert tests[2]["status"] == "failed" and "EXTRA" in tests[2]["output"]
    assert Fraction(str(tests[2]["score"])) == Fraction(math.floor(Fraction(20 * 10000 * 5, 6)), 10000)
    assert results["extra_data"]["missing"] == 1 and results["extra_data"]["extra"] == 1


def test_crlf_upload_of_right_answers_scores_full_marks(poker_cli, term, tmp_path):
    instances, answers = term
    candidate = write(tmp_path / "answers.txt", "".join(answers).replace("\n", "\r\n").encode())
    result, results = grade(poker_cli, instances, candidate, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    validate(results, 100)
    assert results["score"] == 100
    result, results = grade(poker_cli, instances, candidate, tmp_path / "partial", "--tests-of", "10",
                            "--partial-credit")
    validate(results, 100)
    assert results["score"] == 100


@pytest.mark.parametrize("tail", ["\n", "\n\n  \n", "\t\n"], ids=["empty-line", "blank-lines", "tab-line"])
def test_trailing_empty_line_scores_full_marks(poker_cli, term, tmp_path, tail):
    # A final print() after the answers: forgiven, as CMS's white-diff does.
    instances, answers = term
    candidate = write(tmp_path / "answers.txt", ("".join(answers) + tail).encode())
    for options in ((), ("--tests-of", "10", "--partial-credit")):
        result, results = grade(poker_cli, instances, candidate, tmp_path / "out", *options)
        assert result.returncode == 0, result.stderr
        validate(results, 100)
        assert results["score"] == 100, results["output"]


def test_blanks_in_and_around_lines_and_no_final_newline_score_full_marks(poker_cli, term, tmp_path):
    instances, answers = term
    spaced = "".join("  " + a.rstrip("\n").replace(" ", " \t ") + " \n" for a in answers).rstrip("\n")
    candidate = write(tmp_path / "answers.txt", spaced.encode())
    result, results = grade(poker_cli, instances, candidate, tmp_path / "out")
    validate(results, 100)
    assert results["score"] == 100


def test_lenient_default_still_fails_wrong_case_and_joined_lines(poker_cli, term, tmp_path):
    instances, answers = term
    for name, text in (("lower", "".join(answers).lower()), ("joined", "".join(answers).replace("\n", " ")),
                       ("blank-between", answers[0] + "\n" + "".join(answers[1:]))):
        candidate = write(tmp_path / f"{name}.txt", text.encode())
        result, results = grade(poker_cli, instances, candidate, tmp_path / name)
        validate(results, 100)
        assert results["score"] == 0, name


def test_strict_compares_byte_for_byte_and_names_the_difference(poker_cli, term, tmp_path):
    instances, answers = term
    crlf = write(tmp_path / "crlf.txt", "".join(answers).replace("\n", "\r\n").encode())
    result, results = grade(poker_cli, instances, crlf, tmp_path / "crlf", "--strict")
    assert result.returncode == 0, result.stderr
    validate(results, 100)
    assert results["score"] == 0
    assert "CRLF" in results["output"]
    trailing = write(tmp_path / "trailing.txt", ("".join(answers) + "\n").encode())
    _, results = grade(poker_cli, instances, trailing, tmp_path / "trailing", "--strict")
    assert results["score"] == 0
    exact = write(tmp_path / "exact.txt", "".join(answers).encode())
    _, results = grade(poker_cli, instances, exact, tmp_path / "exact", "--strict")
    assert results["score"] == 100


@pytest.mark.parametrize("visibility", ["visible", "hidden", "after_due_date", "after_published"])
def test_visibility_is_set_on_every_test_and_on_the_results(poker_cli, term, tmp_path, visibility):
    instances, answers = term
    candidate = write(tmp_path / "answers.txt", "".join(answers).encode())
    result, results = grade(poker_cli, instances, candidate, tmp_path / "out", "--tests-of", "10",
                            "--visibility", visibility)
    assert result.returncode == 0, result.stderr
    validate(results, 100)
    assert results["visibility"] == visibility
    assert [t["visibility"] for t in results["tests"]] == [visibility] * 3


def test_no_visibility_leaves_gradescopes_default(poker_cli, term, tmp_path):
    instances, answers = term
    candidate = write(tmp_path / "answers.txt", "".join(answers).encode())
    _, results = grade(poker_cli, instances, candidate, tmp_path / "out")
    assert "visibility" not in results and all("visibility" not in t for t in results["tests"])


@pytest.mark.parametrize("args", [("--visibility", "secret"), ("--visibility", "Hidden"), ("--visibility", "")])
def test_visibility_outside_gradescopes_words_is_a_usage_error(poker_cli, term, tmp_path, args):
    instances, answers = term
    candidate = write(tmp_path / "answers.txt", "".join(answers).encode())
    result, results = grade(poker_cli, instances, candidate, tmp_path / "out", *args)
    assert result.returncode == 2
    assert results is None
    assert "--visibility" in result.stderr.decode()


def test_visibility_needs_gradescope(poker_cli, term, tmp_path):
    instances, answers = term
    candidate = write(tmp_path / "answers.txt", "".join(answers).encode())
    result = run_cli(poker_cli, "verify", "-i", str(instances), "--answers", str(candidate), "--visibility", "hidden")
    assert result.returncode == 2
    assert "--visibility goes with --gradescope" in result.stderr.decode()


@pytest.mark.parametrize("data", [b"", b"\x00\xff\x89PNG\r\n\x1a\n" * 40, b"Player 1"], ids=["empty", "binary", "no-newline"])
def test_empty_binary_and_cut_candidates_score_zero_as_valid_json(poker_cli, term, tmp_path, data):
    instances, _ = term
    candidate = write(tmp_path / "answers.txt", data)
    # --strict: a last line without its newline is then no answer (by
    # default it is forgiven, and "Player 1" aligns with the first instance
    # whose answer it is).
    result, results = grade(poker_cli, instances, candidate, tmp_path / "out", "--tests-of", "5", "--partial-credit",
                            "--strict")
    assert result.returncode == 0, result.stderr
    validate(results, 100)
    assert results["score"] == 0
    # Every byte of the candidate is escaped: the output is printable ASCII.
    for test in results["tests"]:
        assert all(c == "\n" or " " <= c <= "~" for c in test["output"]), test["output"]


def test_file_names_of_any_bytes_are_escaped_in_ascii_json(poker_cli, term, tmp_path):
    # Names that are no UTF-8, with control bytes: results.json is still one
    # line of printable ASCII, and names the files as messages do (\xNN).
    instances, answers = term
    renamed = write(tmp_path / os.fsdecode(b"term\xff\x01\t.txt"), instances.read_bytes())
    candidate = write(tmp_path / os.fsdecode(b"answers\x80.txt"), "".join(answers).encode())
    missing = tmp_path / os.fsdecode(b"gone\xc3(\x7f.txt")

    def graded(answers_file: Path) -> dict:
        result, results = grade(poker_cli, renamed, answers_file, tmp_path / "out")
        assert result.returncode == 0, result.stderr
        raw = (tmp_path / "out" / "results.json").read_bytes()
        assert raw.endswith(b"}\n") and all(0x20 <= byte <= 0x7E for byte in raw[:-1]), raw
        validate(results, 100)
        return results

    read = graded(candidate)
    assert read["score"] == 100
    assert read["output"].startswith(f"poker verify {tmp_path}/term\\xff\\x01\\x09.txt: score 100 of 100")
    unread = graded(missing)
    assert unread["extra_data"]["unreadable"] == f"{tmp_path}/gone\\xc3(\\x7f.txt: cannot open: No such file or directory"


def test_missing_candidate_scores_zero_and_says_why(poker_cli, term, tmp_path):
    instances, _ = term
    result, results = grade(poker_cli, instances, tmp_path / "answers.txt", tmp_path / "out", "--tests-of", "10")
    assert result.returncode == 0, result.stderr
    validate(results, 100)
    assert results["score"] == 0
    assert len(results["tests"]) == 3
    why = "answers.txt: cannot open: No such file or directory"
    assert why in results["output"]
    assert all(why in t["output"] for t in results["tests"])
    assert results["extra_data"]["unreadable"].endswith(why)


def test_folder_as_candidate_scores_zero(poker_cli, term, tmp_path):
    instances, _ = term
    (tmp_path / "answers.txt").mkdir()
    result, results = grade(poker_cli, instances, tmp_path / "answers.txt", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    validate(results, 100)
    assert results["score"] == 0 and "answers.txt" in results["output"]


def test_expected_answers_are_shown_only_with_reveal_expected(poker_cli, term, tmp_path):
    instances, answers = term
    wrong = ["Player 2\n" if a == "Player 1\n" else "Player 1\n" for a in answers]
    candidate = write(tmp_path / "answers.txt", "".join(wrong).encode())
    result, hidden = grade(poker_cli, instances, candidate, tmp_path / "hidden", "--tests-of", "5")
    assert result.returncode == 0, result.stderr
    validate(hidden, 100)
    for test in hidden["tests"]:
        assert "expected" not in test["output"], test["output"]
        assert "MISMATCH" in test["output"]
    _, shown = grade(poker_cli, instances, candidate, tmp_path / "shown", "--tests-of", "5", "--reveal-expected")
    assert "expected:" in shown["tests"][0]["output"]


def test_invalid_instances_are_the_graders_error_and_write_no_results(poker_cli, term, tmp_path):
    _, answers = term
    instances = write(tmp_path / "term.txt", b"Ah Kh\n2c 3d\nQh Jh Th 5c 6d\nAh Kh\nXx 3d\nQh Jh Th 5c 6d\n")
    candidate = write(tmp_path / "answers.txt", b"Player 1\nPlayer 1\n")
    result, results = grade(poker_cli, instances, candidate, tmp_path / "out")
    assert result.returncode == 1
    assert results is None
    assert result.stderr.decode().count("\n") == 1 and "term.txt:5:1" in result.stderr.decode()
    # Nor for a missing candidate: the instances are the grader's to fix first.
    result, results = grade(poker_cli, instances, tmp_path / "nosuch.txt", tmp_path / "out")
    assert result.returncode == 1 and results is None


def test_missing_results_folder_is_made_with_its_parents(poker_cli, term, tmp_path):
    instances, answers = term
    candidate = write(tmp_path / "answers.txt", "".join(answers).encode())
    out = tmp_path / "nosuch" / "deeper" / "results"
    result = subprocess.run(
        [poker_cli, "verify", "2", "-q", "-i", str(instances), "--answers", str(candidate), "--gradescope", str(out)],
        capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr
    results = json.loads((out / "results.json").read_text())
    validate(results, 100)
    assert results["score"] == 100


def results_folder_error(poker: str, instances: Path, candidate: Path, folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [poker, "verify", "2", "-i", str(instances), "--answers", str(candidate), "--gradescope", str(folder)],
        capture_output=True, timeout=120)


def test_results_folder_that_is_a_file_is_an_io_error(poker_cli, term, tmp_path):
    instances, answers = term
    candidate = write(tmp_path / "answers.txt", "".join(answers).encode())
    not_a_folder = write(tmp_path / "file", b"kept")
    for folder in (not_a_folder, not_a_folder / "results"):
        result = results_folder_error(poker_cli, instances, candidate, folder)
        assert result.returncode == 3
        assert result.stdout == b""
        assert result.stderr.decode() == f"poker: {folder}: cannot make the results folder: Not a directory\n"
    assert not_a_folder.read_bytes() == b"kept"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_read_only_results_folder_is_an_io_error_not_a_score(poker_cli, term, tmp_path):
    instances, answers = term
    candidate = write(tmp_path / "answers.txt", "".join(answers).encode())
    read_only = tmp_path / "ro"
    read_only.mkdir()
    read_only.chmod(0o555)
    try:
        result = results_folder_error(poker_cli, instances, candidate, read_only)
        assert result.returncode == 3
        assert result.stderr.decode() == f"poker: {read_only}/results.json: cannot open for writing: Permission denied\n"
        result = results_folder_error(poker_cli, instances, candidate, read_only / "sub")
        assert result.returncode == 3
        assert result.stderr.decode() == f"poker: {read_only}/sub: cannot make the results folder: Permission denied\n"
        assert list(read_only.iterdir()) == []
    finally:
        read_only.chmod(0o755)


def test_report_still_goes_to_the_output(poker_cli, term, tmp_path):
    instances, answers = term
    wrong = list(answers)
    wrong[0] = other(wrong[0])
    candidate = write(tmp_path / "answers.txt", "".join(wrong).encode())
    (tmp_path / "out").mkdir()
    result = subprocess.run(
        [poker_cli, "verify", "2", "-i", str(instances), "--answers", str(candidate), "--gradescope",
         str(tmp_path / "out")], capture_output=True, timeout=120)
    assert result.returncode == 0
    assert "MISMATCH at instance 1 " in result.stdout.decode()
    assert "compared 25 instances: 24 right, 1 wrong, 0 missing, 0 extra lines" in result.stdout.decode()


@pytest.mark.parametrize("option", [["--tests-of", "2"], ["--partial-credit"], ["--max-score", "10"]])
def test_gradescope_options_need_gradescope(poker_cli, term, tmp_path, option):
    instances, answers = term
    candidate = write(tmp_path / "answers.txt", "".join(answers).encode())
    result = run_cli(poker_cli, "verify", "-i", str(instances), "--answers", str(candidate), *option)
    assert result.returncode == 2
    assert "go with --gradescope DIR" in result.stderr.decode()


@pytest.mark.parametrize("points", ["0", "-1", "1e9", "abc", "0.00001"])
def test_max_score_out_of_range_is_a_usage_error(poker_cli, term, tmp_path, points):
    instances, answers = term
    result = run_cli(poker_cli, "verify", "-i", str(instances), "--answers", str(instances), "--gradescope",
                     str(tmp_path), "--max-score", points)
    assert result.returncode == 2
    assert "expected points from 0.0001 to 1000000" in result.stderr.decode()


def test_other_formats_grade_too(poker_cli, tmp_path):
    instances = REPO / "examples" / "euler.txt"
    candidate = REPO / "examples" / "euler.expected"
    (tmp_path / "out").mkdir()
    result = subprocess.run(
        [poker_cli, "verify", "euler", "-q", "-i", str(instances), "--answers", str(candidate), "--gradescope",
         str(tmp_path / "out"), "--tests-of", "2"], capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    validate(results, 100)
    assert results["score"] == 100


JUDGE_SCRIPTS = [
    "examples/judges/gradescope/setup.sh",
    "examples/judges/gradescope/run_autograder",
    "examples/judges/kattis/output_validators/poker_validator/build",
    "examples/judges/kattis/output_validators/poker_validator/run",
    "examples/judges/polygon/checker.sh",
]


@pytest.mark.parametrize("script", JUDGE_SCRIPTS)
def test_judge_example_scripts_are_valid_executable_shell(script):
    path = REPO / script
    assert os.access(path, os.X_OK), f"{script} is not executable"
    shell = "bash" if path.read_text().startswith("#!/usr/bin/env bash") else "sh"
    checked = subprocess.run([shell, "-n", str(path)], capture_output=True, timeout=60)
    assert checked.returncode == 0, checked.stderr


def run_autograder(poker: str, root: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, POKER=poker, AUTOGRADER_SOURCE=str(root / "source"),
               AUTOGRADER_SUBMISSION=str(root / "submission"), AUTOGRADER_RESULTS=str(root / "results"))
    return subprocess.run([str(REPO / "examples/judges/gradescope/run_autograder")], env=env, cwd=root,
                          capture_output=True, timeout=120)


def test_gradescope_example_autograder_end_to_end(poker_cli, term, tmp_path):
    instances, answers = term
    for folder in ("source", "submission", "results"):
        (tmp_path / folder).mkdir()
    (tmp_path / "source" / "instances.txt").write_bytes(instances.read_bytes())
    wrong = list(answers)
    wrong[0] = other(wrong[0])
    (tmp_path / "submission" / "answers.txt").write_text("".join(wrong))
    result = run_autograder(poker_cli, tmp_path)
    assert result.returncode == 0, result.stderr
    results = json.loads((tmp_path / "results" / "results.json").read_text())
    validate(results, 100)
    assert [t["max_score"] for t in results["tests"]] == [40, 40, 20]
    assert [t["score"] for t in results["tests"]] == [36, 40, 20]
    assert "expected" not in results["tests"][0]["output"]
    # A submission without answers.txt: 0, and why.
    (tmp_path / "submission" / "answers.txt").unlink()
    (tmp_path / "results" / "results.json").unlink()
    result = run_autograder(poker_cli, tmp_path)
    assert result.returncode == 0, result.stderr
    results = json.loads((tmp_path / "results" / "results.json").read_text())
    validate(results, 100)
    assert results["score"] == 0 and "answers.txt: cannot open" in results["output"]
