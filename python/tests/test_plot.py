"""poker.plot and the poker-bench/1 schema (docs/poker-bench-1.schema.json):
the figures of one report and of several are PNG and SVG files, a bad report
or a bad command line is one line on stderr with the CLI's exit statuses, the
reports validate against the schema, and so does `poker bench --json`."""

from __future__ import annotations

import copy
import io
import json
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "docs" / "poker-bench-1.schema.json"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Seconds per repetition at one thread, and the speed-up each thread count
# gives: the shapes of the figures drawn, not measurements.
WORKLOADS = {
    "holdem-2": ("Texas Hold'em judge, 2 players", 200_000, 10_400_000, 0.050),
    "holdem-8": ("Texas Hold'em judge, 8 players", 50_000, 7_700_000, 0.040),
    "euler": ("Project Euler 54 hands", 200_000, 6_000_000, 0.030),
    "newline-count": ("Newline count of the hold'em-2 bytes (the floor)", 600_000, 10_400_000, 0.004),
}
SCALING = {1: 1.0, 2: 1.9, 4: 3.4}


def make_report(version: str = "1.4.0", slower: float = 1.0, threads=(1, 2, 4), repetitions: int = 3) -> dict:
    """A poker-bench/1 report whose figures follow from one another as the
    contract says (median, spread, rates, speed-up, floor ratio)."""
    runs_of = {}
    for name, (_, instances, size, one_thread_s) in WORKLOADS.items():
        runs = []
        for t in threads:
            median = one_thread_s * slower / SCALING[t]
            samples = [median * (1 + 0.01 * (k - repetitions // 2)) for k in range(repetitions)]
            median_s = statistics.median(samples)
            runs.append(
                {
                    "threads": t,
                    "samples_s": samples,
                    "median_s": median_s,
                    "min_s": min(samples),
                    "max_s": max(samples),
                    "spread": (max(samples) - min(samples)) / median_s,
                    "cpu_s": median_s * t,
                    "instances_per_s": instances / median_s,
                    "bytes_per_s": size / median_s,
                    "speedup": 1.0,
                    "floor_ratio": None,
                }
            )
        for run in runs:
            run["speedup"] = runs[0]["median_s"] / run["median_s"]
        runs_of[name] = runs
    for name, runs in runs_of.items():
        if name != "newline-count":
            for run, floor in zip(runs, runs_of["newline-count"]):
                run["floor_ratio"] = run["bytes_per_s"] / floor["bytes_per_s"]
    return {
        "schema": "poker-bench/1",
        "started_at": "2026-11-26T07:10:00Z",
        "poker": {"version": version, "commit": "8a015d0", "build": "Release", "compiler": "GCC 12.2.0", "simd": "avx2"},
        "machine": {"cpu": "AMD EPYC 7B13", "cores": 4, "memory_bytes": 25769803776, "kernel": "Linux 6.1.0-18-amd64 x86_64"},
        "settings": {
            "quick": False,
            "warmup": 1,
            "repetitions": repetitions,
            "threads": list(threads),
            "on_disk": None,
            "tolerance": 0.05,
        },
        "workloads": [
            {
                "name": name,
                "source": "memory",
                "description": WORKLOADS[name][0],
                "instances": WORKLOADS[name][1],
                "bytes": WORKLOADS[name][2],
                "runs": runs,
            }
            for name, runs in runs_of.items()
        ],
        "warnings": [],
    }


def write_report(path: Path, report) -> Path:
    path.write_text(json.dumps(report, indent=2))
    return path


@dataclass
class Outcome:
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def plot(capsys, monkeypatch):
    """poker.plot.main(arguments) in this process (a process each would spend
    most of the tests' time importing matplotlib), as the command's outcome."""
    import poker.plot

    def run(*arguments: str, stdin: bytes = b"") -> Outcome:
        capsys.readouterr()
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
        try:
            status = poker.plot.main(list(arguments))
        except SystemExit as exit:  # argparse's usage errors and --help
            status = exit.code
        captured = capsys.readouterr()
        return Outcome(status, captured.out, captured.err)

    return run


def one_error_line(result) -> str:
    """The command's stderr, which must be one line, without its newline."""
    stderr = result.stderr if isinstance(result.stderr, str) else result.stderr.decode()
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert not result.stdout
    return lines[0]


@pytest.fixture(scope="module")
def matplotlib_installed():
    pytest.importorskip("matplotlib", reason="poker.plot draws with python3-matplotlib (scripts/setup.sh)")


@pytest.fixture(scope="module")
def validator():
    jsonschema = pytest.importorskip("jsonschema", reason="the schema's tests need python3-jsonschema (scripts/setup.sh)")
    schema = json.loads(SCHEMA_PATH.read_text())
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    return validator_class(schema)


def check_png(path: Path) -> None:
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) > len(PNG_SIGNATURE) + 1000


def check_svg(path: Path) -> None:
    text = path.read_text()
    assert text.lstrip().startswith("<?xml")
    assert "<svg" in text and text.rstrip().endswith("</svg>")


@pytest.mark.parametrize("metric", [None, "speedup", "throughput", "time"])
def test_one_report_draws_its_scaling_as_png_and_svg(tmp_path, plot, matplotlib_installed, metric):
    report = write_report(tmp_path / "run.json", make_report())
    extra = ["--metric", metric] if metric else []
    for name, check in (("scaling.png", check_png), ("scaling.svg", check_svg))[: 2 if metric is None else 1]:
        result = plot(str(report), "-o", str(tmp_path / name), *extra)
        assert result.returncode == 0, result.stderr
        assert result.stderr == "" and result.stdout == ""
        check(tmp_path / name)
    if metric is not None:
        return
    svg = (tmp_path / "scaling.svg").read_text()
    # Text stays text: the workloads' names and the linear-scaling line are legible.
    for name in WORKLOADS:
        assert name in svg
    assert "linear scaling" in svg


def test_two_reports_draw_a_comparison_as_png_and_svg(tmp_path, plot, matplotlib_installed):
    old = write_report(tmp_path / "old.json", make_report("1.3.0"))
    new = write_report(tmp_path / "new.json", make_report("1.4.0", slower=1.1))
    figures = [("time", "compare.png", check_png), ("speedup", "compare.png", check_png), (None, "compare.svg", check_svg)]
    for metric, name, check in figures:
        result = plot(str(old), str(new), *(["--metric", metric] if metric else []), "-o", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
        check(tmp_path / name)
    svg = (tmp_path / "compare.svg").read_text()
    assert "poker 1.3.0 (8a015d0)" in svg and "poker 1.4.0 (8a015d0)" in svg


def test_a_comparison_draws_workloads_only_one_report_measured(tmp_path, plot, matplotlib_installed):
    old = make_report("1.3.0", threads=(1, 2))
    old["workloads"] = old["workloads"][1:]
    new = make_report("1.4.0")
    paths = [write_report(tmp_path / "old.json", old), write_report(tmp_path / "new.json", new)]
    result = plot(*map(str, paths), "--title", "one build against another", "-o", str(tmp_path / "compare.svg"))
    assert result.returncode == 0, result.stderr
    svg = (tmp_path / "compare.svg").read_text()
    assert "one build against another" in svg and "holdem-2" in svg


def test_same_figure_twice_gives_the_same_svg(tmp_path, plot, matplotlib_installed):
    report = write_report(tmp_path / "run.json", make_report())
    for name in ("a.svg", "b.svg"):
        assert plot(str(report), "--floor-ratio", "-o", str(tmp_path / name)).returncode == 0
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()


def test_report_from_standard_input_is_drawn(tmp_path, plot, matplotlib_installed):
    result = plot("-", "-o", str(tmp_path / "run.png"), stdin=json.dumps(make_report()).encode())
    assert result.returncode == 0, result.stderr
    check_png(tmp_path / "run.png")


def without(report: dict, *path) -> dict:
    """The report with the key at path (keys and indices) removed."""
    report = copy.deepcopy(report)
    container = report
    for step in path[:-1]:
        container = container[step]
    del container[path[-1]]
    return report


def replaced(report: dict, value, *path) -> dict:
    report = copy.deepcopy(report)
    container = report
    for step in path[:-1]:
        container = container[step]
    container[path[-1]] = value
    return report


INVALID_REPORTS = {
    "not JSON": (b'{"schema": "poker-bench/1",\n  "poker" {}}', r"bad.json:2:11: invalid JSON: Expecting ':' delimiter"),
    "empty file": (b"", "bad.json:1:1: invalid JSON: Expecting value"),
    "not UTF-8": (b'{"schema": "\xff"}', "bad.json: invalid JSON: not UTF-8 text"),
    "NaN": (b'{"schema": NaN}', "bad.json: invalid JSON: NaN is not a JSON number"),
    "another schema": (
        json.dumps(replaced(make_report(), "poker-bench/2", "schema")).encode(),
        'bad.json: not a poker-bench/1 report: schema is "poker-bench/2"',
    ),
    "an array": (b"[1, 2]", "bad.json: not a poker-bench/1 report: the report is [1, 2], not an object"),
    "no schema": (
        json.dumps(without(make_report(), "schema")).encode(),
        'bad.json: not a poker-bench/1 report: the report has no "schema"',
    ),
    "no runs": (
        json.dumps(without(make_report(), "workloads", 1, "runs")).encode(),
        'bad.json: not a poker-bench/1 report: workloads[1] has no "runs"',
    ),
    "a time that is text": (
        json.dumps(replaced(make_report(), "0.5", "workloads", 0, "runs", 2, "median_s")).encode(),
        'bad.json: not a poker-bench/1 report: workloads[0].runs[2].median_s is "0.5", not a positive number',
    ),
    "no threads": (
        json.dumps(replaced(make_report(), 0, "workloads", 0, "runs", 0, "threads")).encode(),
        "bad.json: not a poker-bench/1 report: workloads[0].runs[0].threads is 0, not an integer >= 1",
    ),
    "no workloads": (
        json.dumps(replaced(make_report(), [], "workloads")).encode(),
        "bad.json: not a poker-bench/1 report: workloads is empty: nothing was measured",
    ),
}


@pytest.mark.parametrize("case", INVALID_REPORTS)
def test_invalid_report_is_one_line_and_status_1(tmp_path, plot, case):
    data, message = INVALID_REPORTS[case]
    bad = tmp_path / "bad.json"
    bad.write_bytes(data)
    good = write_report(tmp_path / "good.json", make_report())
    for reports in ([bad], [good, bad]):
        result = plot(*map(str, reports), "-o", str(tmp_path / "out.png"))
        assert result.returncode == 1
        assert one_error_line(result) == f"poker.plot: {tmp_path}/{message}"
        assert not (tmp_path / "out.png").exists()


def with_run(report: dict, **values) -> dict:
    report = copy.deepcopy(report)
    report["workloads"][0]["runs"][1].update(values)
    return report


NOT_POSITIVE_TIMES = {
    "a median of 0": (
        {"median_s": 0},
        "workloads[0].runs[1].median_s is 0, not a positive number",
    ),
    "a minimum of 0": ({"min_s": 0.0}, "workloads[0].runs[1].min_s is 0.0, not a positive number"),
    "a rate of 0": ({"instances_per_s": 0}, "workloads[0].runs[1].instances_per_s is 0, not a positive number"),
    "a speed-up of 0": ({"speedup": 0}, "workloads[0].runs[1].speedup is 0, not a positive number"),
    "a minimum over the median": (
        {"min_s": 0.5, "median_s": 0.25, "max_s": 0.75},
        "workloads[0].runs[1].min_s is 0.5, more than its median_s (0.25)",
    ),
    "a maximum under the median": (
        {"min_s": 0.25, "median_s": 0.5, "max_s": 0.3},
        "workloads[0].runs[1].max_s is 0.3, less than its median_s (0.5)",
    ),
}


@pytest.mark.parametrize("case", NOT_POSITIVE_TIMES)
def test_a_time_or_rate_that_is_not_positive_is_refused_as_bench_compare_refuses_it(tmp_path, plot, case):
    # `poker bench --compare` refuses a median_s that is not positive: a time
    # of 0 draws nothing on the figures' log scales, and divides by zero in a
    # rate. Every time and rate drawn must be a positive number, the times in
    # their order (min_s <= median_s <= max_s).
    values, message = NOT_POSITIVE_TIMES[case]
    bad = write_report(tmp_path / "bad.json", with_run(make_report(), **values))
    result = plot(str(bad), "-o", str(tmp_path / "out.svg"))
    assert result.returncode == 1
    assert one_error_line(result) == f"poker.plot: {bad}: not a poker-bench/1 report: {message}"
    assert not (tmp_path / "out.svg").exists()


def test_unreadable_report_is_one_line_and_status_3(tmp_path, plot):
    for path, reason in ((tmp_path / "missing.json", "No such file or directory"), (tmp_path, "Is a directory")):
        result = plot(str(path), "-o", str(tmp_path / "out.svg"))
        assert result.returncode == 3
        line = one_error_line(result)
        assert line.startswith(f"poker.plot: {path}: cannot ") and line.endswith(f": {reason}"), line


def test_unwritable_figure_is_one_line_and_status_3(tmp_path, plot, matplotlib_installed):
    report = write_report(tmp_path / "run.json", make_report())
    out = tmp_path / "no-such-folder" / "out.png"
    result = plot(str(report), "-o", str(out))
    assert result.returncode == 3
    assert one_error_line(result) == f"poker.plot: {out}: cannot write: No such file or directory"


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["run.json"], "the following arguments are required: -o/--output"),
        (["-o", "out.png"], "the following arguments are required: REPORT"),
        (["run.json", "-o", "out.pdf"], "out.pdf: the figure's name must end in .png or .svg"),
        (["run.json", "--metric", "speed", "-o", "out.png"], "argument --metric: invalid choice: 'speed'"),
        (["run.json", "run.json", "--floor-ratio", "-o", "out.png"], "--floor-ratio draws one report, not a comparison"),
        (["-", "-", "-o", "out.png"], "standard input ('-') can be only one of the reports"),
    ],
)
def test_usage_error_is_one_line_and_status_2(tmp_path, plot, monkeypatch, arguments, message):
    monkeypatch.chdir(tmp_path)
    write_report(tmp_path / "run.json", make_report())
    result = plot(*arguments)
    assert result.returncode == 2
    line = one_error_line(result)
    assert line.startswith(f"python3 -m poker.plot: {message}"), line
    assert not (tmp_path / "out.png").exists()


def test_missing_matplotlib_is_one_line_and_status_3(tmp_path, plot, monkeypatch):
    report = write_report(tmp_path / "run.json", make_report())
    # None in sys.modules makes `import matplotlib` fail as if it were not installed.
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = plot(str(report), "-o", str(tmp_path / "out.png"))
    assert result.returncode == 3
    assert one_error_line(result) == (
        "poker.plot: drawing needs matplotlib (matplotlib is missing): "
        "install python3-matplotlib (Debian) or the matplotlib package"
    )
    assert not (tmp_path / "out.png").exists()


def test_python_m_poker_plot_is_the_command(tmp_path, matplotlib_installed):
    report = write_report(tmp_path / "run.json", make_report())
    command = [sys.executable, "-m", "poker.plot"]
    result = subprocess.run([*command, str(report), "-o", str(tmp_path / "run.png")], capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout == b"" and result.stderr == b""
    check_png(tmp_path / "run.png")
    result = subprocess.run([*command, str(tmp_path / "missing.json"), "-o", "out.png"], capture_output=True, timeout=300)
    assert result.returncode == 3
    assert one_error_line(result) == f"poker.plot: {tmp_path}/missing.json: cannot open: No such file or directory"


def test_example_reports_validate_against_the_schema(validator):
    reports = [make_report(), make_report(threads=(1,), repetitions=1), make_report("1.5.0", slower=0.9)]
    with_nulls = make_report()
    with_nulls["poker"]["commit"] = None
    with_nulls["settings"]["on_disk"] = "/tmp/bench"
    with_nulls["workloads"][0]["source"] = "file"
    with_nulls["warnings"] = ["holdem-2 at -j 2: spread 23% > 10%: the machine was busy; the result is not to be trusted"]
    # Keys added later are no reason to reject a report.
    with_nulls["workloads"][0]["runs"][0]["peak_rss_bytes"] = 7340032
    with_nulls["later_addition"] = {"anything": [1, 2]}
    for report in [*reports, with_nulls]:
        errors = [error.message for error in validator.iter_errors(report)]
        assert errors == []


@pytest.mark.parametrize(
    "path",
    [
        ("schema",),
        ("started_at",),
        ("poker", "version"),
        ("machine", "cores"),
        ("settings", "threads"),
        ("workloads", 0, "source"),
        ("workloads", 0, "runs", 1, "median_s"),
        ("workloads", 3, "runs", 0, "floor_ratio"),
        ("warnings",),
    ],
)
def test_report_missing_a_required_field_does_not_validate(validator, path):
    report = without(make_report(), *path)
    assert not validator.is_valid(report)
    assert any(f"'{path[-1]}' is a required property" in error.message for error in validator.iter_errors(report))


@pytest.mark.parametrize(
    "value, path",
    [
        ("poker-bench/2", ("schema",)),
        ("disk", ("workloads", 0, "source")),
        ("0.5", ("workloads", 0, "runs", 0, "median_s")),
        (0, ("workloads", 0, "runs", 0, "threads")),
        (None, ("workloads", 0, "runs", 0, "speedup")),
        ("2026-11-26 07:10", ("started_at",)),
    ],
)
def test_report_with_a_wrong_value_does_not_validate(validator, value, path):
    assert not validator.is_valid(replaced(make_report(), value, *path))


def test_bench_json_validates_against_schema(poker_cli, validator, tmp_path, plot):
    # `poker bench` comes with its own command; a build without it has nothing to check.
    if subprocess.run([poker_cli, "help", "bench"], capture_output=True, timeout=60).returncode == 2:
        pytest.skip("this poker has no `bench` subcommand ('poker help bench' exits 2)")
    command = [poker_cli, "bench", "--quick", "--json", "--workloads", "holdem-2,newline-count", "-j", "1"]
    result = subprocess.run([*command, "--repetitions", "2"], capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr.decode()
    report = json.loads(result.stdout)
    errors = [f"{list(error.absolute_path)}: {error.message}" for error in validator.iter_errors(report)]
    assert errors == []
    assert {workload["name"] for workload in report["workloads"]} == {"holdem-2", "newline-count"}
    assert all(len(run["samples_s"]) == 2 for workload in report["workloads"] for run in workload["runs"])
    # And poker.plot draws what the command writes, where matplotlib is installed.
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return
    path = write_report(tmp_path / "run.json", report)
    drawn = plot(str(path), "-o", str(tmp_path / "run.png"))
    assert drawn.returncode == 0, drawn.stderr
    check_png(tmp_path / "run.png")
