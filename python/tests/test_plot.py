"""poker.plot and the poker-bench schemas (docs/poker-bench-1.schema.json,
docs/poker-bench-2.schema.json): the figures of one report and of several are
PNG and SVG files, a bad report or a bad command line is one line on stderr
with the CLI's exit statuses, the reports validate against their schema, and
`poker bench --json` against poker-bench/2.
poker-bench/2 reports draw as poker-bench/1's do, and a poker-bench-comparison/1
document draws its ratios (--ratios), or is refused naming the field."""

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
SCHEMA_2_PATH = Path(__file__).resolve().parents[2] / "docs" / "poker-bench-2.schema.json"
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


def make_report_2(version: str = "1.4.0", slower: float = 1.0, threads=(1, 2, 4), iterations: int = 1) -> dict:
    """make_report's figures as a poker-bench/2 report: no spread, a run's
    repetition is `iterations` passes over the workload (its times and CPU
    times that many times longer, its rates and speed-ups the same)."""
    report = make_report(version, slower, threads)
    report["schema"] = "poker-bench/2"
    report["settings"]["min_time_s"] = 0.5
    for workload in report["workloads"]:
        for run in workload["runs"]:
            del run["spread"]
            samples = [sample * iterations for sample in run["samples_s"]]
            run.update(
                iterations=iterations,
                samples_s=samples,
                cpu_samples_s=[sample * run["threads"] for sample in samples],
                median_s=statistics.median(samples),
                min_s=min(samples),
                max_s=max(samples),
                mean_s=statistics.mean(samples),
                stddev_s=statistics.stdev(samples) if len(samples) > 1 else 0.0,
                cpu_s=run["cpu_s"] * iterations,
            )
            run["cv"] = run["stddev_s"] / run["mean_s"]
    report["noisy"] = False
    return report


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


def schema_validator(path: Path):
    jsonschema = pytest.importorskip("jsonschema", reason="the schema's tests need python3-jsonschema (scripts/setup.sh)")
    schema = json.loads(path.read_text())
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    return validator_class(schema)


@pytest.fixture(scope="module")
def validator():
    return schema_validator(SCHEMA_PATH)


@pytest.fixture(scope="module")
def validator_2():
    return schema_validator(SCHEMA_2_PATH)


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
        json.dumps(replaced(make_report(), "poker-bench/3", "schema")).encode(),
        'bad.json: not a poker-bench/1 or poker-bench/2 report: schema is "poker-bench/3"',
    ),
    "a comparison": (
        json.dumps({"schema": "poker-bench-comparison/1"}).encode(),
        "bad.json: not a poker-bench/1 or poker-bench/2 report: "
        'schema is "poker-bench-comparison/1" (a comparison: draw it with --ratios)',
    ),
    "an array": (
        b"[1, 2]",
        "bad.json: not a poker-bench/1 or poker-bench/2 report: the report is [1, 2], not an object",
    ),
    "no schema": (
        json.dumps(without(make_report(), "schema")).encode(),
        'bad.json: not a poker-bench/1 or poker-bench/2 report: the report has no "schema"',
    ),
    "no poker": (
        json.dumps(without(make_report(), "poker")).encode(),
        'bad.json: not a poker-bench/1 report: the report has no "poker"',
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


def test_example_poker_bench_2_reports_validate_against_their_schema(validator_2):
    for report in [make_report_2(), make_report_2(threads=(1,), iterations=7), make_report_2("1.5.0", slower=0.9)]:
        assert [error.message for error in validator_2.iter_errors(report)] == []
    for field in ("iterations", "cpu_samples_s", "mean_s", "stddev_s", "cv"):
        assert not validator_2.is_valid(without(make_report_2(), "workloads", 0, "runs", 0, field))
    assert not validator_2.is_valid(make_report())  # a poker-bench/1 report is no /2 one


def test_bench_json_validates_against_schema(poker_cli, validator_2, tmp_path, plot):
    # `poker bench` comes with its own command; a build without it has nothing to check.
    if subprocess.run([poker_cli, "help", "bench"], capture_output=True, timeout=60).returncode == 2:
        pytest.skip("this poker has no `bench` subcommand ('poker help bench' exits 2)")
    command = [poker_cli, "bench", "--quick", "--json", "--workloads", "holdem-2,newline-count", "-j", "1"]
    result = subprocess.run([*command, "--repetitions", "2"], capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr.decode()
    report = json.loads(result.stdout)
    errors = [f"{list(error.absolute_path)}: {error.message}" for error in validator_2.iter_errors(report)]
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


# poker-bench/2 reports.


def test_poker_bench_2_report_draws_as_poker_bench_1_does(tmp_path, plot, matplotlib_installed):
    new = write_report(tmp_path / "new.json", make_report_2(iterations=3))
    old = write_report(tmp_path / "old.json", make_report("1.3.0"))
    for metric in METRICS_DRAWN:
        result = plot(str(new), "--metric", metric, "--floor-ratio", "-o", str(tmp_path / "scaling.png"))
        assert result.returncode == 0, result.stderr
        check_png(tmp_path / "scaling.png")
        # A comparison may mix the schemas.
        result = plot(str(old), str(new), "--metric", metric, "-o", str(tmp_path / "compare.svg"))
        assert result.returncode == 0, result.stderr
        check_svg(tmp_path / "compare.svg")


METRICS_DRAWN = ("speedup", "throughput", "time")


def test_time_figure_is_per_pass_so_reports_of_different_iterations_agree(matplotlib_installed):
    # A poker-bench/2 repetition is `iterations` passes over the workload, a
    # poker-bench/1 repetition one: seconds per pass, and their min/max, draw
    # the same for the same speed whatever the passes per repetition.
    import poker.plot

    from matplotlib.container import BarContainer

    def drawn(report):
        figure = poker.plot.comparison_figure([report], metric="time")
        (bars,) = [container for container in figure.axes[0].containers if isinstance(container, BarContainer)]
        (errors,) = bars.errorbar.lines[2]
        return [bar.get_height() for bar in bars], [list(map(list, segment)) for segment in errors.get_segments()]

    heights, errors = drawn(make_report())
    for iterations in (1, 4):
        other_heights, other_errors = drawn(make_report_2(iterations=iterations))
        assert other_heights == pytest.approx(heights)
        assert len(other_errors) == len(errors)
        for segment, other in zip(errors, other_errors):
            assert [y for _, y in other] == pytest.approx([y for _, y in segment])


def test_poker_bench_2_report_is_read_as_its_own(tmp_path):
    import poker.plot

    report = make_report_2(iterations=2)
    path = write_report(tmp_path / "run.json", report)
    assert poker.plot.load_report(str(path)) == report
    # Keys added later are ignored in poker-bench/2 too.
    report["workloads"][0]["runs"][0]["later_addition"] = [1]
    assert poker.plot.check_report(report) is report


INVALID_REPORTS_2 = {
    "no iterations": (
        without(make_report_2(), "workloads", 0, "runs", 1, "iterations"),
        'workloads[0].runs[1] has no "iterations"',
    ),
    "iterations of 0": (
        replaced(make_report_2(), 0, "workloads", 2, "runs", 0, "iterations"),
        "workloads[2].runs[0].iterations is 0, not an integer >= 1",
    ),
    "fractional iterations": (
        replaced(make_report_2(), 1.5, "workloads", 2, "runs", 0, "iterations"),
        "workloads[2].runs[0].iterations is 1.5, not an integer >= 1",
    ),
    "a CPU sample that is text": (
        replaced(make_report_2(), "0.1", "workloads", 1, "runs", 2, "cpu_samples_s", 1),
        'workloads[1].runs[2].cpu_samples_s[1] is "0.1", not a number >= 0',
    ),
    "CPU samples that are not an array": (
        replaced(make_report_2(), {}, "workloads", 1, "runs", 2, "cpu_samples_s"),
        "workloads[1].runs[2].cpu_samples_s is {}, not an array",
    ),
    "a negative standard deviation": (
        replaced(make_report_2(), -0.1, "workloads", 0, "runs", 0, "stddev_s"),
        "workloads[0].runs[0].stddev_s is -0.1, not a number >= 0",
    ),
    "no cv": (without(make_report_2(), "workloads", 3, "runs", 2, "cv"), 'workloads[3].runs[2] has no "cv"'),
    "a minimum time of 0": (
        replaced(make_report_2(), 0, "settings", "min_time_s"),
        "settings.min_time_s is 0, not a positive number",
    ),
    "a median of 0": (
        replaced(make_report_2(), 0, "workloads", 0, "runs", 1, "median_s"),
        "workloads[0].runs[1].median_s is 0, not a positive number",
    ),
}


@pytest.mark.parametrize("case", INVALID_REPORTS_2)
def test_invalid_poker_bench_2_report_names_its_schema_and_field(tmp_path, plot, case):
    report, message = INVALID_REPORTS_2[case]
    bad = write_report(tmp_path / "bad.json", report)
    result = plot(str(bad), "-o", str(tmp_path / "out.png"))
    assert result.returncode == 1
    assert one_error_line(result) == f"poker.plot: {bad}: not a poker-bench/2 report: {message}"
    assert not (tmp_path / "out.png").exists()


def test_poker_bench_2_empty_cpu_samples_are_accepted():
    import poker.plot

    report = replaced(make_report_2(), [], "workloads", 0, "runs", 0, "cpu_samples_s")
    assert poker.plot.check_report(report) is report


# poker-bench-comparison/1 documents and their ratio figure.


def comparison_side(name: str, version: str, commit) -> dict:
    return {
        "name": name,
        "started_at": "2026-11-28T19:00:00Z",
        "poker": {"version": version, "commit": commit, "build": "Release", "compiler": "GCC 12.2.0", "simd": "avx2"},
        "machine": {"cpu": "AMD EPYC 7B13", "cores": 2, "memory_bytes": 8589934592, "kernel": "Linux 6.1.0-18"},
    }


def compared_run(workload, threads, verdict, ratio, low, high, source="memory", p_value=0.003) -> dict:
    return {
        "workload": workload,
        "source": source,
        "threads": threads,
        "old_median_s": 0.2,
        "new_median_s": 0.2 * ratio,
        "old_cv": 0.01,
        "new_cv": 0.02,
        "ratio": ratio,
        "ratio_low": low,
        "ratio_high": high,
        "p_value": p_value,
        "verdict": verdict,
        "reason": f"{ratio}x",
    }


def one_sided_run(workload, threads, verdict) -> dict:
    run = compared_run(workload, threads, verdict, 1.0, 1.0, 1.0)
    run.update(new_median_s=None, new_cv=None, ratio=None, ratio_low=None, ratio_high=None, p_value=None)
    if verdict == "only in new":
        run.update(new_median_s=0.2, new_cv=0.01, old_median_s=None, old_cv=None)
    return run


def make_comparison(tolerance: float = 0.05) -> dict:
    """A comparison as `poker bench --compare OLD --against NEW --json` writes
    one: a run of each verdict, a pipe run, an interval unbounded at both ends
    (too few repetitions) and one unbounded above."""
    runs = [
        compared_run("holdem-2", 1, "slower", 1.04, 1.01, 1.07),
        compared_run("holdem-2", 2, "faster", 0.9, 0.85, 0.93, source="pipe"),
        compared_run("holdem-8", 1, "same", 1.0, 0.99, 1.01, p_value=0.6),
        compared_run("holdem-8", 2, "noisy", 1.1, 0, None, p_value=0.4),
        compared_run("euler", 1, "noisy", 0.97, 0.8, None, p_value=0.2),
        compared_run("euler", 2, "same", 1.01, 0.98, 1.03, p_value=0.7),
        one_sided_run("newline-count", 4, "only in old"),
        one_sided_run("omaha", 1, "only in new"),
    ]
    return {
        "schema": "poker-bench-comparison/1",
        "mode": "reports",
        "old": comparison_side("base.json", "1.2.0", "abc1234"),
        "new": comparison_side("new.json", "1.3.0", None),
        "test": "Mann-Whitney U, two-sided",
        "alpha": 0.05,
        "confidence": 0.95,
        "tolerance": tolerance,
        "runs": runs,
        "summary": {"compared": 6, "slower": 1, "faster": 1, "same": 2, "noisy": 2},
    }


COMPARED = 6


def test_ratio_figure_draws_a_row_per_compared_run_with_its_interval(matplotlib_installed):
    import matplotlib.colors
    from matplotlib.container import ErrorbarContainer

    import poker.plot

    comparison = make_comparison(tolerance=0.08)
    figure = poker.plot.ratio_figure(comparison)
    (axes,) = figure.axes
    assert axes.get_xscale() == "log"
    containers = [container for container in axes.containers if isinstance(container, ErrorbarContainer)]
    compared = comparison["runs"][:COMPARED]
    assert len(containers) == COMPARED
    lows, highs = axes.get_xlim()
    for row, (container, run) in enumerate(zip(containers, compared)):
        point, _, (bar,) = container.lines
        assert list(point.get_xdata()) == [run["ratio"]] and list(point.get_ydata()) == [row]
        color, marker = poker.plot.VERDICT_STYLES[run["verdict"]]
        assert matplotlib.colors.to_hex(point.get_color()) == matplotlib.colors.to_hex(color)
        assert point.get_marker() == marker
        # The interval, an unbounded end reaching the axis's edge.
        ((low, _), (high, _)) = bar.get_segments()[0]
        assert low == pytest.approx(run["ratio_low"] or lows)
        assert high == pytest.approx(run["ratio_high"] if run["ratio_high"] is not None else highs)
    # An arrowhead at each unbounded end: the noisy holdem-8 -j 2 has two, euler -j 1 one.
    assert len([line for line in axes.get_lines() if line.get_gid() == "unbounded"]) == 3
    assert [label.get_text() for label in axes.get_yticklabels()] == [
        "holdem-2 -j 1",
        "holdem-2 -j 2 (pipe)",
        "holdem-8 -j 1",
        "holdem-8 -j 2",
        "euler -j 1",
        "euler -j 2",
    ]
    # The line at 1 and the tolerance band [1/1.08, 1.08].
    assert any(list(line.get_xdata()) == [1, 1] for line in axes.get_lines())
    (band,) = [patch for patch in axes.patches if patch.get_gid() == "tolerance"]
    xs = [x for x, _ in band.get_xy()]
    assert min(xs) == pytest.approx(1 / 1.08) and max(xs) == pytest.approx(1.08)
    # The legend: each verdict with its count, in its color, and the band.
    legend = axes.get_legend()
    texts = [text.get_text() for text in legend.get_texts()]
    assert texts == ["slower (1)", "faster (1)", "same (2)", "noisy (2)", "within the tolerance (±8%)"]
    # legendHandles became legend_handles in matplotlib 3.7.
    handles = legend.legend_handles if hasattr(legend, "legend_handles") else legend.legendHandles
    for handle, verdict in zip(handles, texts):
        color, marker = poker.plot.VERDICT_STYLES.get(verdict.split(" (")[0], (None, None))
        if color is not None:
            assert matplotlib.colors.to_hex(handle.get_color()) == matplotlib.colors.to_hex(color)
    # The runs in one report only are named under the axes, not drawn.
    assert figure._supxlabel.get_text() == "only in old: newline-count -j 4; only in new: omaha -j 1"


def test_ratio_figure_of_runs_in_one_report_only_draws_no_row(matplotlib_installed):
    import poker.plot

    comparison = make_comparison()
    comparison["runs"] = comparison["runs"][COMPARED:]
    comparison["summary"] = {"compared": 0, "slower": 0, "faster": 0, "same": 0, "noisy": 0}
    figure = poker.plot.ratio_figure(poker.plot.check_comparison(comparison), title="nothing in both")
    (axes,) = figure.axes
    assert axes.containers == []
    assert figure._suptitle.get_text() == "nothing in both"


def test_ratios_draw_as_png_and_svg_from_a_file_or_standard_input(tmp_path, plot, matplotlib_installed):
    path = write_report(tmp_path / "comparison.json", make_comparison())
    for name, check in (("ratios.png", check_png), ("ratios.svg", check_svg)):
        result = plot("--ratios", str(path), "-o", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
        assert result.stderr == "" and result.stdout == ""
        check(tmp_path / name)
    svg = (tmp_path / "ratios.svg").read_text()
    for text in ("holdem-2 -j 2 (pipe)", "slower (1)", "base.json: poker 1.2.0 (abc1234)", "only in new: omaha -j 1"):
        assert text in svg
    result = plot("--ratios", "-", "--title", "A/B", "-o", str(tmp_path / "stdin.svg"), stdin=path.read_bytes())
    assert result.returncode == 0, result.stderr
    assert "A/B" in (tmp_path / "stdin.svg").read_text()
    # The same comparison draws the same bytes.
    assert plot("--ratios", str(path), "-o", str(tmp_path / "again.svg")).returncode == 0
    assert (tmp_path / "again.svg").read_bytes() == (tmp_path / "ratios.svg").read_bytes()


def test_load_comparison_returns_the_document(tmp_path):
    import poker.plot

    comparison = make_comparison()
    comparison["mode"] = "alternating"
    comparison["later_addition"] = {"anything": 1}
    path = write_report(tmp_path / "comparison.json", comparison)
    assert poker.plot.load_comparison(str(path)) == comparison


def run_replaced(index: int, **values) -> dict:
    comparison = make_comparison()
    comparison["runs"][index].update(values)
    return comparison


INVALID_COMPARISONS = {
    "truncated": (json.dumps(make_comparison(), indent=2)[:-30].encode(), "bad.json:"),
    "NaN": (
        json.dumps(make_comparison()).replace('"ratio": 1.04', '"ratio": NaN').encode(),
        "bad.json: invalid JSON: NaN is not a JSON number",
    ),
    "Infinity": (
        json.dumps(make_comparison()).replace('"ratio_high": 1.07', '"ratio_high": Infinity').encode(),
        "bad.json: invalid JSON: Infinity is not a JSON number",
    ),
    "a report": (
        json.dumps(make_report_2()).encode(),
        'schema is "poker-bench/2" (a report: draw it without --ratios)',
    ),
    "another schema": (
        json.dumps(replaced(make_comparison(), "poker-bench-comparison/2", "schema")).encode(),
        'schema is "poker-bench-comparison/2"',
    ),
    "an array": (b"[]", "the comparison is [], not an object"),
    "no runs": (json.dumps(without(make_comparison(), "runs")).encode(), 'the comparison has no "runs"'),
    "a low end that is text": (
        json.dumps(run_replaced(3, ratio_low="0.9")).encode(),
        'runs[3].ratio_low is "0.9", not a number >= 0 or null',
    ),
    "a run that is not an object": (
        json.dumps(replaced(make_comparison(), 7, "runs", 2)).encode(),
        "runs[2] is 7, not an object",
    ),
    "a negative ratio": (
        json.dumps(run_replaced(1, ratio=-0.9)).encode(),
        "runs[1].ratio is -0.9, not a positive number or null",
    ),
    "threads that are text": (
        json.dumps(run_replaced(0, threads="1")).encode(),
        'runs[0].threads is "1", not an integer >= 1',
    ),
    "an unknown verdict": (
        json.dumps(run_replaced(4, verdict="worse")).encode(),
        'runs[4].verdict is "worse", not one of "slower", "faster", "same", "noisy", "only in old", "only in new"',
    ),
    "a compared run without its ratio": (
        json.dumps(run_replaced(0, ratio=None)).encode(),
        'runs[0].ratio is null, but its verdict is "slower"',
    ),
    "a ratio under its interval": (
        json.dumps(run_replaced(0, ratio_low=1.05)).encode(),
        "runs[0].ratio_low is 1.05, more than its ratio (1.04)",
    ),
    "a ratio over its interval": (
        json.dumps(run_replaced(5, ratio_high=1.0)).encode(),
        "runs[5].ratio_high is 1.0, less than its ratio (1.01)",
    ),
    "a p-value over 1": (json.dumps(run_replaced(2, p_value=1.5)).encode(), "runs[2].p_value is 1.5, more than 1"),
    "a tolerance that is text": (
        json.dumps(replaced(make_comparison(), "5%", "tolerance")).encode(),
        'tolerance is "5%", not a number >= 0',
    ),
    "a confidence of 1": (
        json.dumps(replaced(make_comparison(), 1, "confidence")).encode(),
        "confidence is 1, not a number between 0 and 1",
    ),
    "an unknown mode": (
        json.dumps(replaced(make_comparison(), "both", "mode")).encode(),
        'mode is "both", not "reports" or "alternating"',
    ),
    "a side without its version": (
        json.dumps(without(make_comparison(), "new", "poker", "version")).encode(),
        'new.poker has no "version"',
    ),
    "a summary that is not the runs'": (
        json.dumps(replaced(make_comparison(), 3, "summary", "noisy")).encode(),
        "summary.noisy is 3, but the runs count 2",
    ),
    "a summary count that is text": (
        json.dumps(replaced(make_comparison(), "6", "summary", "compared")).encode(),
        'summary.compared is "6", not an integer >= 0',
    ),
}


@pytest.mark.parametrize("case", INVALID_COMPARISONS)
def test_invalid_comparison_is_one_line_naming_the_field_and_status_1(tmp_path, plot, case):
    data, message = INVALID_COMPARISONS[case]
    bad = tmp_path / "bad.json"
    bad.write_bytes(data)
    result = plot("--ratios", str(bad), "-o", str(tmp_path / "out.png"))
    assert result.returncode == 1
    line = one_error_line(result)
    if message.startswith("bad.json"):  # not JSON: as a report's
        assert line.startswith(f"poker.plot: {tmp_path}/{message}") and "invalid JSON" in line, line
    else:
        assert line == f"poker.plot: {bad}: not a poker-bench-comparison/1 document: {message}"
    assert not (tmp_path / "out.png").exists()


def test_check_comparison_raises_report_error_naming_the_field():
    import poker.plot

    with pytest.raises(poker.plot.ReportError, match=r"^runs\[3\]\.ratio_low is \"low\", not a number >= 0 or null$"):
        poker.plot.check_comparison(run_replaced(3, ratio_low="low"))
    assert poker.plot.check_comparison(make_comparison())["summary"]["compared"] == COMPARED


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["--ratios", "comparison.json", "run.json", "-o", "out.png"], "--ratios draws one comparison, not reports"),
        (["--ratios", "comparison.json", "--metric", "time", "-o", "out.png"], "--metric draws reports, not"),
        (["--ratios", "comparison.json", "--floor-ratio", "-o", "out.png"], "--floor-ratio draws reports, not"),
        (["--ratios", "comparison.json"], "the following arguments are required: -o/--output"),
        (["--ratios", "comparison.json", "-o", "out.jpg"], "out.jpg: the figure's name must end in .png or .svg"),
    ],
)
def test_ratios_usage_error_is_one_line_and_status_2(tmp_path, plot, monkeypatch, arguments, message):
    monkeypatch.chdir(tmp_path)
    write_report(tmp_path / "comparison.json", make_comparison())
    write_report(tmp_path / "run.json", make_report())
    result = plot(*arguments)
    assert result.returncode == 2
    line = one_error_line(result)
    assert line.startswith(f"python3 -m poker.plot: {message}"), line
    assert not (tmp_path / "out.png").exists()


def test_python_m_poker_plot_draws_ratios(tmp_path, matplotlib_installed):
    path = write_report(tmp_path / "comparison.json", make_comparison())
    command = [sys.executable, "-m", "poker.plot", "--ratios", str(path), "-o", str(tmp_path / "ratios.png")]
    result = subprocess.run(command, capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout == b"" and result.stderr == b""
    check_png(tmp_path / "ratios.png")
