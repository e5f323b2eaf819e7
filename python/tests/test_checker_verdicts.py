"""`poker verify` as a judge system's checker gives, on every team output,
the verdict that system's default checker gives when handed poker's answers:
problemtools' default validator for `--kattis` (with each validator flag
set), testlib's wcmp for `--testlib` (and `--ejudge`'s exit codes), CMS's
white-diff for `--cms`. The verdicts expected come from checker_reference.py;
the team outputs are poker's right answers mutated as contestants write them
(space, line ends, case, numbers written otherwise) and wrong ones (swapped,
missing, extra, garbage). poker is called as each system calls it."""

from __future__ import annotations

import os
import random
import re
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, NamedTuple

import pytest

from checker_reference import (TESTLIB_MAX_FILE, TESTLIB_MAX_TOKEN, cms_white_diff, problemtools_default,
                               testlib_wcmp)


class Format(NamedTuple):
    words: list[str]  # how `poker`, `poker generate` and `poker verify` name it
    instances: int


FORMATS = {
    "holdem2": Format(["2"], 6),
    "holdem3": Format(["3"], 6),
    "holdem8": Format(["8"], 6),
    "euler": Format(["euler"], 6),
    "eval": Format(["eval"], 4),
    "draw": Format(["draw"], 3),  # 52 input lines an instance
}

KATTIS_FLAG_SETS = [
    [],
    ["case_sensitive"],
    ["space_change_sensitive"],
    ["case_sensitive", "space_change_sensitive"],
    ["float_tolerance", "1e-6"],
    ["float_absolute_tolerance", "0.5"],
    ["float_relative_tolerance", "1e-9"],
]
KATTIS_EXIT = {True: 42, False: 43}
TESTLIB_EXIT = {"ok": 0, "wa": 1, "pe": 2}
EJUDGE_EXIT = {"ok": 0, "wa": 5, "pe": 4}

LONG = 3 * 1024 * 1024  # bytes of a very long line


def lines(answers: bytes) -> list[bytes]:
    return answers.split(b"\n")[:-1]


def text(answer_lines: list[bytes]) -> bytes:
    return b"".join(line + b"\n" for line in answer_lines)


def swapped(answers: bytes) -> bytes:
    """The first two answer lines that differ, swapped."""
    answer_lines = lines(answers)
    first = answer_lines[0]
    other = next((i for i, line in enumerate(answer_lines) if line != first), 1)
    answer_lines[0], answer_lines[other] = answer_lines[other], first
    return text(answer_lines)


def numbers(change: Callable[[bytes], bytes], count: int = 0) -> Callable[[bytes], bytes]:
    """A mutation that writes the integer tokens of the answers (`Player 1`'s 1, draw's counts) otherwise:
    every one, or the first `count`."""
    return lambda answers: re.sub(rb"(?<![^ \n])[0-9]+(?![^ \n])", lambda match: change(match.group()), answers,
                                  count=count)


def binary(_: bytes) -> bytes:
    return random.Random(7).randbytes(2000) + b"\0\xff\n"


# Each mutation of poker's answers (bytes ending in a newline) into a team output.
MUTATIONS: dict[str, Callable[[bytes], bytes]] = {
    "exact": lambda a: a,
    "no final newline": lambda a: a[:-1],
    "CRLF": lambda a: a.replace(b"\n", b"\r\n"),
    "CRLF, no final newline": lambda a: a[:-1].replace(b"\n", b"\r\n"),
    "CR line ends": lambda a: a.replace(b"\n", b"\r"),
    "a trailing blank line": lambda a: a + b"\n",
    "trailing lines of blanks": lambda a: a + b" \n\t\n\r\n",
    "leading blank lines": lambda a: b"\n\n" + a,
    "leading spaces": lambda a: text([b"  " + line for line in lines(a)]),
    "trailing spaces": lambda a: text([line + b"  " for line in lines(a)]),
    "double spaces": lambda a: a.replace(b" ", b"  "),
    "tabs": lambda a: a.replace(b" ", b"\t"),
    "vertical tabs between tokens": lambda a: a.replace(b" ", b"\v"),
    "form feeds between tokens": lambda a: a.replace(b" ", b"\f"),
    "form feeds for line ends": lambda a: a.replace(b"\n", b"\f"),
    "all answers on one line": lambda a: b" ".join(lines(a)) + b"\n",
    "one token a line": lambda a: a.replace(b" ", b"\n"),
    "lower case": lambda a: a.lower(),
    "upper case": lambda a: a.upper(),
    "two answers swapped": swapped,
    "last answer missing": lambda a: text(lines(a)[:-1]),
    "first answer missing": lambda a: text(lines(a)[1:]),
    "one answer extra": lambda a: text(lines(a) + lines(a)[-1:]),
    "one token extra": lambda a: a[:-1] + b" 1\n",
    "two tokens joined": lambda a: a.replace(b" ", b"", 1),
    "empty": lambda a: b"",
    "only blank lines": lambda a: b"\n \n",
    "garbage appended": lambda a: a + b"\x00\xff\xfe\x01garbage\n",
    "binary": binary,
    "NUL after the first token": lambda a: re.sub(rb"^([^ \n]+)", rb"\1\0", a),
    "NUL for the first space": lambda a: a.replace(b" ", b"\0", 1),
    "0xFF byte appended": lambda a: a + b"\xff",
    "Ctrl-Z appended": lambda a: a + b"\x1a",
    "a very long line appended": lambda a: a + b"x" * LONG + b"\n",
    "a very long blank line appended": lambda a: a + b" " * LONG + b"\n",
    "a very long line first": lambda a: b"y" * LONG + b"\n" + a,
    "a very long run of spaces between two tokens": lambda a: a.replace(b" ", b" " * LONG, 1),
    "very long trailing blanks on the first line": lambda a: a.replace(b"\n", b" \t" * (LONG // 2) + b"\n", 1),
    "UTF-8 BOM": lambda a: b"\xef\xbb\xbf" + a,
    "UTF-8 BOM and CRLF": lambda a: b"\xef\xbb\xbf" + a.replace(b"\n", b"\r\n"),
    "half a BOM": lambda a: b"\xef\xbb" + a,
    # Numbers written otherwise: equal, or near, as floats.
    "N as N.0": numbers(lambda n: n + b".0"),
    "N as 0N": numbers(lambda n: b"0" + n),
    "N as Ne0": numbers(lambda n: n + b"e0"),
    "N as +N": numbers(lambda n: b"+" + n),
    "N as -N": numbers(lambda n: b"-" + n),
    "N in hexadecimal": numbers(lambda n: b"0x%x" % int(n)),
    "N as Ne (glibc reads N)": numbers(lambda n: n + b"e"),
    "N as N.3": numbers(lambda n: n + b".3"),
    "N as N.0000000001": numbers(lambda n: n + b".0000000001"),
    "N as N+1": numbers(lambda n: b"%d" % (int(n) + 1)),
    "N as N,0": numbers(lambda n: n + b",0"),
    "N as N.000... (2 MiB of zeros), the first": numbers(lambda n: n + b"." + b"0" * (2 << 20), count=1),
}


class Case(NamedTuple):
    name: str
    words: list[str]
    input: Path
    answers: Path  # poker's answers: the judge answer handed to the checker
    expected: bytes
    outputs: dict[str, Path]  # mutation name: the team output file


def make_case(poker_cli: str, folder: Path, name: str) -> Case:
    """An instance file of the format, poker's answers, and every mutation of them, in `folder`."""
    words, instances = FORMATS[name]
    instance_file = folder / "input.txt"
    subprocess.run([poker_cli, "generate", *words, "--instances", str(instances), "--seed", "44",
                    "-o", str(instance_file)], check=True, timeout=60)
    judged = subprocess.run([poker_cli, *words, "-i", str(instance_file)], capture_output=True, timeout=60)
    assert judged.returncode == 0, judged.stderr
    answers = folder / "answers.txt"
    answers.write_bytes(judged.stdout)
    outputs = {}
    for number, (mutation, mutate) in enumerate(MUTATIONS.items()):
        outputs[mutation] = folder / f"team{number}.txt"
        outputs[mutation].write_bytes(mutate(judged.stdout))
    return Case(name, words, instance_file, answers, judged.stdout, outputs)


@pytest.fixture(scope="module", params=list(FORMATS))
def case(request, tmp_path_factory, poker_cli) -> Case:
    return make_case(poker_cli, tmp_path_factory.mktemp(request.param), request.param)


@pytest.fixture(scope="module")
def holdem2(tmp_path_factory, poker_cli) -> Case:
    return make_case(poker_cli, tmp_path_factory.mktemp("holdem2"), "holdem2")


def run_all(commands: list[tuple[list[str], Path | None]]) -> list[subprocess.CompletedProcess]:
    """Run (command, standard input file) pairs, a few at a time."""
    def run(command: list[str], stdin: Path | None) -> subprocess.CompletedProcess:
        with open(stdin if stdin else os.devnull, "rb") as standard_input:
            return subprocess.run(command, stdin=standard_input, capture_output=True, timeout=120)

    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(lambda pair: run(*pair), commands))


def report(failures: list[str], runs: int) -> str:
    return f"{len(failures)} of {runs} verdicts differ from the reference:\n" + "\n".join(failures[:40])


def message(result: subprocess.CompletedProcess) -> str:
    return result.stderr.decode(errors="replace").strip()[:200]


class KattisRun(NamedTuple):
    mutation: str
    before: list[str]  # poker's words before --kattis
    after: list[str]  # the validator flags, after FEEDBACK_DIR
    flags: list[str]  # problemtools' own flags among them


def kattis_verdicts(poker_cli: str, case: Case, tmp_path: Path, runs: list[KattisRun]) -> list[str]:
    """Run `poker verify [WORDS] --kattis INPUT JUDGE_ANSWER FEEDBACK_DIR
    [FLAGS] < TEAM_OUTPUT` for each run, with a fresh feedback folder: the
    disagreements with problemtools_default, one line each."""
    commands = [([poker_cli, "verify", *run.before, "--kattis", str(case.input), str(case.answers),
                  tempfile.mkdtemp(dir=tmp_path), *run.after], case.outputs[run.mutation]) for run in runs]
    failures = []
    for run, result in zip(runs, run_all(commands)):
        accepted = problemtools_default(case.expected, case.outputs[run.mutation].read_bytes(), run.flags)
        if result.returncode != KATTIS_EXIT[accepted]:
            failures.append(f"{case.name}, {run.mutation!r}, "
                            f"`{' '.join(run.before)} --kattis ... {' '.join(run.after)}`: "
                            f"problemtools' default validator exits {KATTIS_EXIT[accepted]}, poker "
                            f"{result.returncode} {message(result)!r}")
    return failures


def test_kattis_verdicts_are_the_problemtools_default_validators(poker_cli, case, tmp_path):
    # Under a float flag: every number written otherwise, and the mutations that matter most besides.
    float_mutations = [mutation for mutation in MUTATIONS if mutation.startswith("N ")] + [
        "exact", "no final newline", "CRLF", "all answers on one line", "lower case", "two answers swapped",
        "one answer extra", "empty", "NUL after the first token", "UTF-8 BOM"]
    runs = [KattisRun(mutation, case.words, flags, flags) for flags in KATTIS_FLAG_SETS
            for mutation in (float_mutations if any(flag.startswith("float") for flag in flags) else MUTATIONS)]
    failures = kattis_verdicts(poker_cli, case, tmp_path, runs)
    assert not failures, report(failures, len(runs))


def test_kattis_validator_flags_may_name_the_format(poker_cli, case, tmp_path):
    # problem.yaml's validator_flags carry the format and player count, before or after problemtools' flags.
    flag_sets = [[], ["case_sensitive"], ["space_change_sensitive", "case_sensitive"], ["float_tolerance", "1e-6"]]
    runs = []
    for mutation in ("exact", "CRLF", "lower case", "N as N.0"):
        runs += [KattisRun(mutation, [], case.words + flags if i % 2 else flags + case.words, flags)
                 for i, flags in enumerate(flag_sets)]
        if case.name == "holdem2":  # no format word at all: the default
            runs += [KattisRun(mutation, [], flags, flags) for flags in flag_sets]
    failures = kattis_verdicts(poker_cli, case, tmp_path, runs)
    assert not failures, report(failures, len(runs))


def test_testlib_verdicts_are_wcmps(poker_cli, case):
    commands = [([poker_cli, "verify", *case.words, "--testlib", str(case.input), str(case.outputs[mutation]),
                  str(case.answers)], None) for mutation in MUTATIONS]
    commands += [([poker_cli, "verify", *case.words, "--ejudge", "--testlib", str(case.input),
                   str(case.outputs[mutation]), str(case.answers)], None) for mutation in MUTATIONS]
    results = run_all(commands)
    failures = []
    for (system, exits), runs in (("testlib", TESTLIB_EXIT), results[:len(MUTATIONS)]), \
                                 (("ejudge", EJUDGE_EXIT), results[len(MUTATIONS):]):
        for mutation, result in zip(MUTATIONS, runs):
            verdict = testlib_wcmp(case.expected, case.outputs[mutation].read_bytes())
            if result.returncode != exits[verdict]:
                failures.append(f"{case.name}, {mutation!r}, {system}: wcmp says {verdict} (exit {exits[verdict]}), "
                                f"poker exits {result.returncode} {message(result)!r}")
    assert not failures, report(failures, len(commands))


def test_cms_verdicts_are_white_diffs(poker_cli, case):
    results = run_all([([poker_cli, "verify", *case.words, "--cms", str(case.input), str(case.answers),
                         str(case.outputs[mutation])], None) for mutation in MUTATIONS])
    failures = []
    for mutation, result in zip(MUTATIONS, results):
        equal = cms_white_diff(case.expected, case.outputs[mutation].read_bytes())
        expected = (b"1.0", b"translate:success") if equal else (b"0.0", b"translate:wrong")
        got = (result.stdout.strip(), result.stderr.strip())
        if result.returncode != 0 or got != expected:
            failures.append(f"{case.name}, {mutation!r}: white-diff gives {expected}, poker exits "
                            f"{result.returncode} with {got}")
    assert not failures, report(failures, len(MUTATIONS))


def test_testlib_output_missing_too_large_or_with_a_too_long_token_is_a_presentation_error(poker_cli, holdem2,
                                                                                           tmp_path):
    case = holdem2
    outputs = {"missing": tmp_path / "missing.txt"}
    for name, size in (("128 MiB", TESTLIB_MAX_FILE), ("over 128 MiB", TESTLIB_MAX_FILE + 1)):
        outputs[name] = tmp_path / f"{name}.txt"
        outputs[name].write_bytes(case.expected)
        os.truncate(outputs[name], size)  # NUL bytes: tokens, as wcmp reads them
    for name, length in (("a 32 MiB token", TESTLIB_MAX_TOKEN), ("a token over 32 MiB", TESTLIB_MAX_TOKEN + 1)):
        outputs[name] = tmp_path / f"{name}.txt"
        last = lines(case.expected)[-1].split(b" ")[-1]  # the last token, lengthened: reached after all others
        outputs[name].write_bytes(case.expected[:-1] + b"9" * (length - len(last)) + b"\n")
    verdicts = {name: testlib_wcmp(case.expected, output.read_bytes() if output.exists() else None)
                for name, output in outputs.items()}
    runs = [(name, system, exits) for system, exits in (("testlib", TESTLIB_EXIT), ("ejudge", EJUDGE_EXIT))
            for name in outputs]
    results = run_all([([poker_cli, "verify", *case.words, *(["--ejudge"] if system == "ejudge" else []), "--testlib",
                         str(case.input), str(outputs[name]), str(case.answers)], None) for name, system, _ in runs])
    failures = [f"{name}, {system}: wcmp says {verdicts[name]} (exit {exits[verdicts[name]]}), poker exits "
                f"{result.returncode} {message(result)!r}"
                for (name, system, exits), result in zip(runs, results) if result.returncode != exits[verdicts[name]]]
    assert not failures, report(failures, len(runs))


@pytest.mark.parametrize("flags", [["case_sensitive", "no_such_flag"], ["no_such_flag", "2"], ["float_tolerance"],
                                   ["float_relative_tolerance", "inf"]])
def test_kattis_validator_flags_neither_poker_nor_problemtools_know_are_a_judge_error(poker_cli, holdem2, tmp_path,
                                                                                     flags):
    case = holdem2
    feedback = tmp_path / "feedback"
    feedback.mkdir()
    with open(case.outputs["exact"], "rb") as team:
        result = subprocess.run([poker_cli, "verify", "--kattis", str(case.input), str(case.answers), str(feedback),
                                 *flags], stdin=team, capture_output=True, timeout=60)
    assert result.returncode not in (0, 42, 43), (flags, result)
    if "no_such_flag" in flags:
        said = result.stderr + b"".join(path.read_bytes() for path in feedback.iterdir())
        assert b"no_such_flag" in said, said


def test_verdicts_on_an_instance_file_without_instances(poker_cli, tmp_path):
    # No answers: only what no token is accepted, and (space_change_sensitive) not even whitespace.
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    outputs = {name: tmp_path / f"team{number}.txt"
               for number, name in enumerate([b"", b"\n", b" \r\n\t", b"\xef\xbb\xbf", b"Draw\n", b"\0"])}
    for team, path in outputs.items():
        path.write_bytes(team)
    runs = [(team, system, flags) for team in outputs
            for system, flags in (("kattis", []), ("kattis", ["space_change_sensitive"]), ("testlib", []), ("cms", []))]
    commands = []
    for team, system, flags in runs:
        if system == "kattis":
            commands.append(([poker_cli, "verify", "--kattis", str(empty), str(empty), tempfile.mkdtemp(dir=tmp_path),
                              *flags], outputs[team]))
        elif system == "testlib":
            commands.append(([poker_cli, "verify", "--testlib", str(empty), str(outputs[team]), str(empty)], None))
        else:
            commands.append(([poker_cli, "verify", "--cms", str(empty), str(empty), str(outputs[team])], None))
    failures = []
    for (team, system, flags), result in zip(runs, run_all(commands)):
        if system == "kattis":
            expected = KATTIS_EXIT[problemtools_default(b"", team, flags)]
            got = result.returncode
        elif system == "testlib":
            expected, got = TESTLIB_EXIT[testlib_wcmp(b"", team)], result.returncode
        else:
            expected = (0, b"1.0" if cms_white_diff(b"", team) else b"0.0")
            got = (result.returncode, result.stdout.strip())
        if got != expected:
            failures.append(f"no instances, team output {team!r}, {system} {flags}: expected {expected}, poker gives "
                            f"{got} {message(result)!r}")
    assert not failures, report(failures, len(runs))


def test_strict_checkers_want_the_answers_byte_for_byte(poker_cli, holdem2, tmp_path):
    # --strict, before the protocol's option or (Kattis) among the validator flags: exact bytes only.
    case = holdem2
    mutations = ["exact", "no final newline", "CRLF", "a trailing blank line", "lower case", "two answers swapped"]
    runs, commands = [], []
    kattis = ["--kattis", str(case.input), str(case.answers), "FEEDBACK"]
    for mutation in mutations:
        team = str(case.outputs[mutation])
        for system, command, stdin in (
                ("kattis", ["--strict", *kattis], case.outputs[mutation]),
                ("kattis", [*kattis, "--strict"], case.outputs[mutation]),
                ("kattis", [*kattis, "2", "--strict"], case.outputs[mutation]),
                ("testlib", ["--strict", "--testlib", str(case.input), team, str(case.answers)], None),
                ("cms", ["--strict", "--cms", str(case.input), str(case.answers), team], None)):
            command = [tempfile.mkdtemp(dir=tmp_path) if word == "FEEDBACK" else word for word in command]
            runs.append((mutation, system, command))
            commands.append(([poker_cli, "verify", *command], stdin))
    failures = []
    for (mutation, system, command), result in zip(runs, run_all(commands)):
        same = case.outputs[mutation].read_bytes() == case.expected
        if system == "kattis":
            expected, got = KATTIS_EXIT[same], result.returncode
        elif system == "testlib":
            # Whether a byte that differs is a wrong answer or a presentation error is poker's to say.
            expected, got = TESTLIB_EXIT["ok"] if same else "1 or 2", result.returncode
            got = "1 or 2" if got in (1, 2) and not same else got
        else:
            expected, got = (0, b"1.0" if same else b"0.0"), (result.returncode, result.stdout.strip())
        if got != expected:
            failures.append(f"{mutation!r}, `poker verify {' '.join(command)}`: expected {expected}, poker gives {got} "
                            f"{message(result)!r}")
    assert not failures, report(failures, len(runs))


def test_verdicts_on_the_answers_and_65_mib_of_blank_lines(poker_cli, holdem2, tmp_path):
    # The default checkers read to the end of the output: blank lines after the answers are forgiven however many.
    case = holdem2
    team = case.expected + b"\n" * (65 << 20)
    output = tmp_path / "blank_tail.txt"
    output.write_bytes(team)
    runs = [("kattis", KATTIS_EXIT[problemtools_default(case.expected, team, [])]),
            ("testlib", TESTLIB_EXIT[testlib_wcmp(case.expected, team)]),
            ("cms", (0, b"1.0" if cms_white_diff(case.expected, team) else b"0.0"))]
    del team
    results = run_all([
        ([poker_cli, "verify", *case.words, "--kattis", str(case.input), str(case.answers),
          tempfile.mkdtemp(dir=tmp_path)], output),
        ([poker_cli, "verify", *case.words, "--testlib", str(case.input), str(output), str(case.answers)], None),
        ([poker_cli, "verify", *case.words, "--cms", str(case.input), str(case.answers), str(output)], None)])
    failures = []
    for (system, expected), result in zip(runs, results):
        got = (result.returncode, result.stdout.strip()) if system == "cms" else result.returncode
        if got != expected:
            failures.append(f"the answers and 65 MiB of newlines, {system}: expected {expected}, poker gives {got} "
                            f"{message(result)!r}")
    assert not failures, report(failures, len(runs))
