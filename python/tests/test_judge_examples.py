"""The drop-in examples of examples/judges, each run the way its judge system
runs it: the Kattis and DOMjudge packages' validators with their arguments
and problem.yaml's validator_flags, the testlib checker of the Polygon
example with testlib's calling forms, the ejudge checker, the CMS task's
checker, the PrairieLearn grader in a /grade-like folder, and the Gradescope
autograder. The packages' layouts are checked against what the systems
require, and their answer files against poker's answers."""

from __future__ import annotations

import configparser
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import run_cli

REPO = Path(__file__).resolve().parents[2]
JUDGES = REPO / "examples" / "judges"
KATTIS = JUDGES / "kattis"
DOMJUDGE = JUDGES / "domjudge"
POLYGON = JUDGES / "polygon"
EJUDGE = JUDGES / "ejudge"
CMS = JUDGES / "cms"
PRAIRIELEARN = JUDGES / "prairielearn"
GRADESCOPE = JUDGES / "gradescope"

# problemtools' rule for the names of a package's files (the legacy format).
PACKAGE_FILE_NAME = re.compile(r"^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,253}[a-zA-Z0-9]$")


@pytest.fixture(scope="module")
def env(poker_cli: str) -> dict:
    """The environment of a judge host with poker installed: the build's
    poker first on the PATH, as the examples' scripts call `poker`."""
    return dict(os.environ, PATH=str(Path(poker_cli).parent) + os.pathsep + os.environ.get("PATH", ""))


def run(command: list, env: dict, stdin: bytes = b"", cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(part) for part in command], input=stdin, env=env, cwd=cwd, capture_output=True,
                          timeout=120)


def answers_of(poker: str, instances: Path, *format_words: str) -> bytes:
    judged = run_cli(poker, *format_words, str(instances))
    assert judged.returncode == 0, judged.stderr
    return judged.stdout


def wrong_at(answers: bytes, index: int) -> bytes:
    """`answers` with the answer line `index` (from 0) changed."""
    lines = answers.split(b"\n")
    lines[index] = b"Draw" if lines[index] != b"Draw" else b"Player 1"
    return b"\n".join(lines)


# Right answers written as contestants write them, which every system's
# default checker accepts, and outputs it rejects.
def right_variants(answers: bytes) -> dict:
    return {
        "exact": answers,
        "crlf": answers.replace(b"\n", b"\r\n"),
        "no final newline": answers.rstrip(b"\n"),
        "a trailing blank line": answers + b"\n",
        "trailing spaces and tabs": answers.replace(b"\n", b" \t\n"),
    }


def text_files(folder: Path) -> list:
    return sorted(p for p in folder.rglob("*") if p.is_file())


# ---------------------------------------------------------------- all examples


@pytest.mark.parametrize("folder", ["kattis", "domjudge", "polygon", "ejudge", "cms", "prairielearn", "gradescope"])
def test_each_example_says_how_to_change_the_format_and_player_count(folder):
    texts = [p.read_text() for p in text_files(JUDGES / folder)]
    assert any("player count" in text and ("euler" in text or "format" in text) for text in texts), folder


def test_every_example_script_is_executable_shell():
    scripts = [p for p in text_files(JUDGES) if p.read_bytes().startswith(b"#!")]
    assert len(scripts) >= 12
    for path in scripts:
        assert os.access(path, os.X_OK), f"{path} is not executable"
        shell = "bash" if path.read_text().startswith("#!/usr/bin/env bash") else "sh"
        checked = subprocess.run([shell, "-n", str(path)], capture_output=True, timeout=60)
        assert checked.returncode == 0, (path, checked.stderr)


def test_example_answer_files_are_pokers_answers(poker_cli):
    pairs = [(p, p.with_suffix(".ans")) for package in (KATTIS, DOMJUDGE) for p in package.rglob("data/**/*.in")]
    pairs += [(p, CMS / "output" / p.name.replace("input", "output")) for p in (CMS / "input").iterdir()]
    pairs += [(p, p.with_name(p.name + ".a")) for p in (POLYGON / "tests").iterdir() if not p.suffix]
    assert len(pairs) == 7
    for instances, answers in pairs:
        assert answers.read_bytes() == answers_of(poker_cli, instances), answers


# ---------------------------------------------------------- Kattis, DOMjudge


def problem_yaml(package: Path) -> dict:
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load((package / "problem.yaml").read_text()) or {}


def validator_flags(package: Path) -> list:
    flags = problem_yaml(package).get("validator_flags", "")
    return str(flags).split()


def flag_examples(package: Path) -> list:
    """The validator_flags the comments of problem.yaml suggest."""
    yaml = pytest.importorskip("yaml")
    found = re.findall(r"^#\s+validator_flags:\s*(.+)$", (package / "problem.yaml").read_text(), re.MULTILINE)
    return [str(yaml.safe_load(f"f: {value}")["f"]) for value in found]


def test_kattis_package_has_the_layout_problemtools_requires():
    config = problem_yaml(KATTIS)
    assert config["validation"] == "custom"
    assert set(config) <= {"name", "validation", "validator_flags", "problem_format_version", "type", "author",
                           "source", "source_url", "license", "rights_owner", "limits", "grading", "keywords", "uuid"}
    statement = (KATTIS / "problem_statement" / "problem.en.tex").read_text()
    assert "\\problemname{" in statement
    assert list((KATTIS / "data" / "sample").glob("*.in")) and list((KATTIS / "data" / "secret").glob("*.in"))
    assert list((KATTIS / "submissions" / "accepted").iterdir())
    for program in ("input_validators/poker_input", "output_validators/poker_validator"):
        for script in ("build", "run"):
            assert os.access(KATTIS / program / script, os.X_OK), f"{program}/{script}"
    for path in text_files(KATTIS):
        for part in path.relative_to(KATTIS).parts:
            assert PACKAGE_FILE_NAME.match(part), part
        data = path.read_bytes()
        assert b"\r" not in data and data.endswith(b"\n") and not data.startswith(b"\xef\xbb\xbf"), path


@pytest.mark.parametrize("package", [KATTIS, DOMJUDGE], ids=["kattis", "domjudge"])
def test_every_test_input_has_its_answer(package):
    inputs = sorted(p.relative_to(package) for p in package.rglob("data/**/*.in"))
    answers = sorted(p.relative_to(package) for p in package.rglob("data/**/*.ans"))
    assert inputs and [p.with_suffix(".ans") for p in inputs] == answers


def test_domjudge_package_shares_the_kattis_validator_and_data():
    shared = [p.relative_to(DOMJUDGE) for p in text_files(DOMJUDGE / "data")]
    shared += [p.relative_to(DOMJUDGE) for p in text_files(DOMJUDGE / "output_validators")]
    assert len(shared) == 6
    for path in shared:
        assert (DOMJUDGE / path).read_bytes() == (KATTIS / path).read_bytes(), path
    assert problem_yaml(DOMJUDGE)["validation"] == "custom"
    assert flag_examples(DOMJUDGE) == flag_examples(KATTIS)
    ini = configparser.ConfigParser()
    ini.read_string("[problem]\n" + (DOMJUDGE / "domjudge-problem.ini").read_text())
    assert ini["problem"]["name"].strip('"') == problem_yaml(DOMJUDGE)["name"]
    assert float(ini["problem"]["timelimit"]) > 0


def built(program: Path, tmp_path: Path, env: dict) -> Path:
    """A copy of a program folder after its build script ran in it, as
    problemtools and DOMjudge build it; its run script."""
    copy = tmp_path / program.name
    shutil.copytree(program, copy)
    result = run([copy / "build"], env, cwd=copy)
    assert result.returncode == 0, result.stderr
    return copy / "run"


def validate(run_script: Path, instances: Path, judge_answer: Path, team_output: bytes, feedback: Path, env: dict,
             flags: list) -> subprocess.CompletedProcess:
    """The output validator run as the judge runs it: the feedback folder
    made first and named with a trailing slash, the team output on stdin."""
    if feedback.exists():
        shutil.rmtree(feedback)
    feedback.mkdir()
    return run([run_script, instances, judge_answer, f"{feedback}/", *flags], env, stdin=team_output,
               cwd=run_script.parent)


@pytest.mark.parametrize("package", [KATTIS, DOMJUDGE], ids=["kattis", "domjudge"])
def test_output_validator_accepts_right_answers_as_contestants_write_them(package, env, tmp_path):
    run_script = built(package / "output_validators" / "poker_validator", tmp_path, env)
    instances = package / "data" / "secret" / "1.in"
    answers = (package / "data" / "secret" / "1.ans").read_bytes()
    variants = right_variants(answers)
    variants["lower case"] = answers.replace(b"Player", b"player").replace(b"Draw", b"DRAW")
    variants["all on one line"] = answers.replace(b"\n", b" ").rstrip() + b"\n"
    for name, team_output in variants.items():
        result = validate(run_script, instances, instances.with_suffix(".ans"), team_output, tmp_path / "feedback",
                          env, validator_flags(package))
        assert result.returncode == 42, (name, result.stderr)
        assert (tmp_path / "feedback" / "judgemessage.txt").exists()


@pytest.mark.parametrize("package", [KATTIS, DOMJUDGE], ids=["kattis", "domjudge"])
def test_output_validator_rejects_a_wrong_answer_and_names_the_instance(package, env, tmp_path):
    run_script = built(package / "output_validators" / "poker_validator", tmp_path, env)
    instances = package / "data" / "secret" / "1.in"
    answers = (package / "data" / "secret" / "1.ans").read_bytes()
    feedback = tmp_path / "feedback"
    result = validate(run_script, instances, instances.with_suffix(".ans"), wrong_at(answers, 4), feedback, env,
                      validator_flags(package))
    assert result.returncode == 43, result.stderr
    judge_message = (feedback / "judgemessage.txt").read_text()
    assert "instance 5" in judge_message
    assert "instance 5" in (feedback / "teammessage.txt").read_text()
    # An answer missing, and no output at all: wrong answers, never judge errors.
    missing = b"\n".join(answers.split(b"\n")[:4] + answers.split(b"\n")[5:])
    for team_output in (missing, b""):
        result = validate(run_script, instances, instances.with_suffix(".ans"), team_output, feedback, env,
                          validator_flags(package))
        assert result.returncode == 43, result.stderr


def test_output_validator_judge_errors_are_not_verdicts(env, tmp_path):
    run_script = built(KATTIS / "output_validators" / "poker_validator", tmp_path, env)
    answers = (KATTIS / "data" / "secret" / "1.ans").read_bytes()
    bad = tmp_path / "bad.in"
    bad.write_bytes((KATTIS / "data" / "secret" / "1.in").read_bytes().replace(b"Ks", b"Kx", 1))
    instances = KATTIS / "data" / "secret" / "1.in"
    for case, arguments in {
        "an instance file that does not judge": (bad, instances.with_suffix(".ans"), []),
        "an unknown validator flag": (instances, instances.with_suffix(".ans"), ["no_such_flag"]),
    }.items():
        result = validate(run_script, arguments[0], arguments[1], answers, tmp_path / "feedback", env, arguments[2])
        assert result.returncode not in (0, 42, 43), case
    result = validate(run_script, instances, instances.with_suffix(".ans"), answers, tmp_path / "feedback", env,
                      ["no_such_flag"])
    judge_message = tmp_path / "feedback" / "judgemessage.txt"
    assert "no_such_flag" in result.stderr.decode() + (judge_message.read_text() if judge_message.exists() else "")


def test_validator_flags_that_problem_yaml_suggests_work(poker_cli, env, tmp_path):
    run_script = built(KATTIS / "output_validators" / "poker_validator", tmp_path, env)
    examples = flag_examples(KATTIS)
    assert examples
    three = tmp_path / "three.in"
    assert run_cli(poker_cli, "generate", "3", "--instances", "20", "--seed", "5", "-o", str(three)).returncode == 0
    euler = REPO / "examples" / "euler.txt"
    for flags in examples:
        words = flags.split()
        format_words = [w for w in words if w.isdigit() or w in ("euler", "eval", "draw", "equity")]
        by_format = {"3": three, "euler": euler}
        instances = by_format.get(format_words[0] if format_words else "", KATTIS / "data" / "secret" / "1.in")
        answers = answers_of(poker_cli, instances, *format_words)
        judge_answer = tmp_path / "judge.ans"
        judge_answer.write_bytes(answers)
        feedback = tmp_path / "feedback"
        result = validate(run_script, instances, judge_answer, answers, feedback, env, words)
        assert result.returncode == 42, (flags, result.stderr)
        result = validate(run_script, instances, judge_answer, wrong_at(answers, 1), feedback, env, words)
        assert result.returncode == 43, (flags, result.stderr)
        # What the stricter flags are for: they reject what the default forgives.
        if "case_sensitive" in words:
            lower = answers.replace(b"Player", b"player").replace(b"Draw", b"draw")
            assert validate(run_script, instances, judge_answer, lower, feedback, env, words).returncode == 43, flags
        if "space_change_sensitive" in words or "--strict" in words:
            crlf = answers.replace(b"\n", b"\r\n")
            assert validate(run_script, instances, judge_answer, crlf, feedback, env, words).returncode == 43, flags


def test_kattis_input_validator_accepts_the_data_and_rejects_a_bad_card(env, tmp_path):
    run_script = built(KATTIS / "input_validators" / "poker_input", tmp_path, env)
    for instances in KATTIS.rglob("data/**/*.in"):
        result = run([run_script], env, stdin=instances.read_bytes(), cwd=run_script.parent)
        assert result.returncode == 42, (instances, result.stderr)
    bad = (KATTIS / "data" / "secret" / "1.in").read_bytes().replace(b"Ks", b"Kx", 1)
    result = run([run_script], env, stdin=bad, cwd=run_script.parent)
    assert result.returncode != 42
    assert b"Kx" in result.stderr
    assert run([run_script], env, stdin=b"", cwd=run_script.parent).returncode != 42


def test_kattis_package_passes_verifyproblem(env, tmp_path):
    # problemtools itself, where it is installed: the package's config, data,
    # validators and accepted submission (the statement needs LaTeX).
    verifyproblem = shutil.which("verifyproblem", path=env["PATH"])
    if verifyproblem is None:
        pytest.skip("problemtools' verifyproblem is not installed")
    package = tmp_path / "showdown"
    shutil.copytree(KATTIS, package)
    result = run([verifyproblem, package, "-p", "config", "data", "validators", "submissions"], env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert b" 0 errors" in result.stdout + result.stderr


def test_kattis_accepted_submission_prints_the_answers(env, tmp_path):
    compiler = shutil.which("c++")
    if compiler is None:
        pytest.skip("no C++ compiler")
    binary = tmp_path / "accepted"
    source = KATTIS / "submissions" / "accepted" / "poker_answers.cpp"
    compiled = run([compiler, "-std=c++17", "-O1", "-o", binary, source], env)
    assert compiled.returncode == 0, compiled.stderr
    for instances in KATTIS.rglob("data/**/*.in"):
        result = run([binary], env, stdin=instances.read_bytes())
        assert result.returncode == 0 and result.stdout == instances.with_suffix(".ans").read_bytes(), instances


# ------------------------------------------------------------ Polygon, ejudge

TESTLIB_EXIT = {"ok": 0, "wa": 1, "pe": 2, "fail": 3}
EJUDGE_EXIT = {"ok": 0, "wa": 5, "pe": 4, "fail": 6}


@pytest.mark.parametrize("checker,codes",
                         [(POLYGON / "checker.sh", TESTLIB_EXIT), (EJUDGE / "checker.sh", EJUDGE_EXIT)],
                         ids=["polygon", "ejudge"])
def test_testlib_checker_verdicts_and_exit_codes(checker, codes, env, tmp_path):
    instances, answer = POLYGON / "tests" / "01", POLYGON / "tests" / "01.a"
    answers = answer.read_bytes()
    output = tmp_path / "output"

    def check(data: bytes | None, *extra: str, input_file: Path = instances) -> subprocess.CompletedProcess:
        if output.exists():
            output.unlink()
        if data is not None:
            output.write_bytes(data)
        return run([checker, *extra, input_file, output, answer], env)

    for name, data in right_variants(answers).items():
        result = check(data)
        assert result.returncode == codes["ok"], (name, result.stderr)
    # testlib's wcmp compares tokens case-sensitively.
    assert check(answers.replace(b"Player", b"player")).returncode == codes["wa"]
    result = check(wrong_at(answers, 2))
    assert result.returncode == codes["wa"]
    assert b"instance 3" in result.stderr
    assert check(None).returncode == codes["pe"]  # no output file
    bad = tmp_path / "bad.in"
    bad.write_bytes(instances.read_bytes().replace(b"Ks", b"Kx", 1))
    assert check(answers, input_file=bad).returncode == codes["fail"]
    # Polygon's own calling form names the test set and group first.
    assert check(answers, "--testset", "tests", "--group", "1").returncode == codes["ok"]


def test_testlib_checker_writes_the_report_file_testlib_writes(env, tmp_path):
    # testlib writes the verdict's message to REPORT, the verdict's line
    # ("ok ...", "wrong answer ...") to stderr, and with -appes the XML
    # report ejudge and Polygon's invokers read.
    checker = POLYGON / "checker.sh"
    instances, answer = POLYGON / "tests" / "01", POLYGON / "tests" / "01.a"
    answers = answer.read_bytes()
    output, report = tmp_path / "output", tmp_path / "report.txt"
    output.write_bytes(answers)
    result = run([checker, instances, output, answer, report], env)
    assert result.returncode == 0, result.stderr
    assert result.stderr.startswith(b"ok ")
    assert "12 instances" in report.read_text()
    output.write_bytes(wrong_at(answers, 0))
    result = run([checker, instances, output, answer, report], env)
    assert result.returncode == 1
    assert result.stderr.startswith(b"wrong answer")
    assert "instance 1" in report.read_text()
    result = run([checker, instances, output, answer, report, "-appes"], env)
    assert result.returncode == 1
    xml = report.read_text()
    assert xml.startswith('<?xml version="1.0" encoding="windows-1251"?>')
    assert re.search(r'<result outcome\s*=\s*"wrong-answer">.*instance 1.*</result>', xml, re.DOTALL), xml
    output.write_bytes(answers)
    run([checker, instances, output, answer, report, "-appes"], env)
    assert re.search(r'<result outcome\s*=\s*"accepted">', report.read_text())
    result = run([checker, instances, tmp_path / "missing", answer, report, "-appes"], env)
    assert result.returncode == 2
    assert re.search(r'<result outcome\s*=\s*"presentation-error">', report.read_text())


# ----------------------------------------------------------------------- CMS


def cms_check(checker: Path, test: int, contestant: bytes, tmp_path: Path, env: dict) -> subprocess.CompletedProcess:
    output = tmp_path / "contestant.txt"
    output.write_bytes(contestant)
    return run([checker, CMS / "input" / f"input{test}.txt", CMS / "output" / f"output{test}.txt", output], env)


def test_cms_task_layout():
    yaml = pytest.importorskip("yaml")
    task = yaml.safe_load((CMS / "task.yaml").read_text())
    assert {"name", "title", "n_input", "score_mode", "token_mode"} <= set(task)
    assert sorted(p.name for p in (CMS / "input").iterdir()) == [f"input{i}.txt" for i in range(task["n_input"])]
    assert sorted(p.name for p in (CMS / "output").iterdir()) == [f"output{i}.txt" for i in range(task["n_input"])]
    assert os.access(CMS / "check" / "checker", os.X_OK)
    assert (CMS / "statement" / "statement.pdf").read_bytes().startswith(b"%PDF-")


def test_cms_checker_scores_as_white_diff(env, tmp_path):
    checker = CMS / "check" / "checker"
    answers = (CMS / "output" / "output0.txt").read_bytes()
    for name, contestant in right_variants(answers).items():
        result = cms_check(checker, 0, contestant, tmp_path, env)
        assert result.returncode == 0, (name, result.stderr)
        assert float(result.stdout) == 1.0 and result.stdout.endswith(b"\n"), name
        assert result.stderr.decode().strip() == "translate:success", name
    result = cms_check(checker, 0, wrong_at(answers, 1), tmp_path, env)
    assert result.returncode == 0
    assert float(result.stdout) == 0.0
    assert result.stderr.decode().strip() == "translate:wrong"


def test_cms_checker_with_partial_scores_the_share_right(env, tmp_path):
    # The checker as its comment says to make it for partial outcomes.
    text = (CMS / "check" / "checker").read_text()
    partial_line = re.search(r"^#\s+(exec poker verify --partial --cms \"\$@\")$", text, re.MULTILINE).group(1)
    checker = tmp_path / "checker"
    checker.write_text(re.sub(r"^exec poker verify --cms \"\$@\"$", partial_line, text, flags=re.MULTILINE))
    checker.chmod(0o755)
    answers = (CMS / "output" / "output0.txt").read_bytes()  # four instances
    result = cms_check(checker, 0, wrong_at(answers, 1), tmp_path, env)
    assert result.returncode == 0, result.stderr
    assert float(result.stdout) == 0.75
    assert result.stderr.decode().strip() == "translate:partial"
    result = cms_check(checker, 0, answers, tmp_path, env)
    assert float(result.stdout) == 1.0 and result.stderr.decode().strip() == "translate:success"


def test_cms_checker_judge_error_writes_no_score(env, tmp_path):
    checker = CMS / "check" / "checker"
    answers = (CMS / "output" / "output0.txt").read_bytes()
    bad = tmp_path / "bad.txt"
    bad.write_bytes((CMS / "input" / "input0.txt").read_bytes().replace(b"4s", b"4x", 1))
    output = tmp_path / "contestant.txt"
    output.write_bytes(answers)
    result = run([checker, bad, CMS / "output" / "output0.txt", output], env)
    assert result.returncode != 0 and result.stdout == b"" and result.stderr


# -------------------------------------------------------------- PrairieLearn

QUESTION = PRAIRIELEARN / "questions" / "showdown"


def test_prairielearn_question_layout():
    info = json.loads((QUESTION / "info.json").read_text())
    assert {"uuid", "title", "topic", "type"} <= set(info)
    assert info["gradingMethod"] == "External"
    options = info["externalGradingOptions"]
    assert options["enabled"] is True and options["image"]
    entrypoint = Path(options["entrypoint"])
    assert entrypoint.parts[:3] == ("/", "grade", "serverFilesCourse")
    assert entrypoint.parts[3] + "/" in options["serverFilesCourse"]
    assert os.access(PRAIRIELEARN / "serverFilesCourse" / Path(*entrypoint.parts[3:]), os.X_OK)
    assert 0 < options["timeout"] <= 600
    assert 'file-names="answers.txt"' in (QUESTION / "question.html").read_text()
    # The students' copy of the instances is the grader's.
    assert (QUESTION / "clientFilesQuestion" / "instances.txt").read_bytes() == \
        (QUESTION / "tests" / "instances.txt").read_bytes()


def prairielearn_grade(answers: bytes | None, tmp_path: Path,
                       env: dict) -> tuple[subprocess.CompletedProcess, dict | None]:
    """The grading job as PrairieLearn lays it out under /grade: the course's
    serverFilesCourse, the question's tests, the student's files; no
    results folder (the grader makes it)."""
    grade = tmp_path / "grade"
    if grade.exists():
        shutil.rmtree(grade)
    shutil.copytree(PRAIRIELEARN / "serverFilesCourse", grade / "serverFilesCourse")
    shutil.copytree(QUESTION / "tests", grade / "tests")
    (grade / "student").mkdir()
    if answers is not None:
        (grade / "student" / "answers.txt").write_bytes(answers)
    info = json.loads((QUESTION / "info.json").read_text())
    entrypoint = grade / Path(info["externalGradingOptions"]["entrypoint"]).relative_to("/grade")
    result = run([entrypoint], dict(env, GRADE_ROOT=str(grade)), cwd=grade)
    results = grade / "results" / "results.json"
    return result, (json.loads(results.read_text()) if results.exists() else None)


def test_prairielearn_grader_scores_right_answers_as_students_write_them(poker_cli, env, tmp_path):
    answers = answers_of(poker_cli, QUESTION / "tests" / "instances.txt")
    for name, upload in right_variants(answers).items():
        result, results = prairielearn_grade(upload, tmp_path, env)
        assert result.returncode == 0, (name, result.stderr)
        assert results is not None, name
        assert results.get("gradable", True) is True
        assert results["score"] == 1, name
        assert len(results["tests"]) == 2
        for test in results["tests"]:
            assert {"name", "points", "max_points"} <= set(test)
            assert test["points"] == test["max_points"]


def test_prairielearn_grader_gives_partial_credit_and_names_the_instance(poker_cli, env, tmp_path):
    answers = answers_of(poker_cli, QUESTION / "tests" / "instances.txt")
    result, results = prairielearn_grade(wrong_at(answers, 12), tmp_path, env)
    assert result.returncode == 0, result.stderr
    assert results["score"] == pytest.approx(0.95)
    first, second = results["tests"]
    assert first["points"] == first["max_points"]
    assert second["points"] < second["max_points"]
    assert "instance 13" in second.get("message", "") + second.get("output", "")


def test_prairielearn_grader_without_answers_charges_nothing_it_cannot_grade(env, tmp_path):
    result, results = prairielearn_grade(None, tmp_path, env)
    assert results is not None, result.stderr
    assert results.get("gradable", True) is False or results["score"] == 0


# ---------------------------------------------------------------- Gradescope


def test_gradescope_autograder_gives_a_crlf_upload_full_marks(poker_cli, env, tmp_path):
    for folder in ("source", "submission", "results"):
        (tmp_path / folder).mkdir()
    instances = tmp_path / "source" / "instances.txt"
    assert run_cli(poker_cli, "generate", "--instances", "25", "--seed", "7", "-o", str(instances)).returncode == 0
    answers = answers_of(poker_cli, instances)
    (tmp_path / "submission" / "answers.txt").write_bytes(answers.replace(b"\n", b"\r\n"))
    autograder_env = dict(env, POKER=poker_cli, AUTOGRADER_SOURCE=str(tmp_path / "source"),
                          AUTOGRADER_SUBMISSION=str(tmp_path / "submission"),
                          AUTOGRADER_RESULTS=str(tmp_path / "results"))
    result = run([GRADESCOPE / "run_autograder"], autograder_env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads((tmp_path / "results" / "results.json").read_text())["score"] == 100
    # With the visibility its comment shows, on every test.
    script = tmp_path / "run_autograder"
    text = (GRADESCOPE / "run_autograder").read_text()
    assert "--visibility after_due_date" in text
    script.write_text(text.rstrip("\n") + " --visibility after_due_date\n")
    script.chmod(0o755)
    result = run([script], autograder_env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    tests = json.loads((tmp_path / "results" / "results.json").read_text())["tests"]
    assert tests and all(test["visibility"] == "after_due_date" for test in tests)
