"""Figures of `poker bench --json` reports (schemas poker-bench/1 and
poker-bench/2) and of `poker bench --compare ... --json` comparisons (schema
poker-bench-comparison/1): poker.plot.

    python3 -m poker.plot RUN.json -o scaling.svg             # one run: its scaling curves
    python3 -m poker.plot OLD.json NEW.json -o compare.png    # several: a comparison
    python3 -m poker.plot --ratios COMPARISON.json -o ratios.svg

One report draws each workload's speed-up (or instances/s, or median time)
against the thread count, with linear scaling dotted. Several draw grouped
bars, one color per report, of each (workload, threads) they measured, with
the min/max of the repetitions as error bars. A comparison draws each run's
ratio of new time to old with its confidence interval, coloured by verdict,
against the tolerance band around 1. The name given to -o says the format,
PNG or SVG.

Matplotlib is imported only here, only to draw, and only its object API, with
no pyplot: nothing opens a window or needs a display (PNG is drawn by Agg).
A document is read as the schema's readers must read it: keys it does not know
are ignored, and the keys drawn are checked, so a document that lacks one is a
one-line error, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import textwrap
from typing import Any, Dict, List, Optional, Sequence, Tuple

__all__ = [
    "ReportError",
    "load_report",
    "check_report",
    "load_comparison",
    "check_comparison",
    "scaling_figure",
    "comparison_figure",
    "ratio_figure",
    "save",
    "main",
]

SCHEMA = "poker-bench/1"
SCHEMA_2 = "poker-bench/2"
# The report schemas read, oldest first.
SCHEMAS = (SCHEMA, SCHEMA_2)
COMPARISON_SCHEMA = "poker-bench-comparison/1"
METRICS = ("speedup", "throughput", "time")
# The floor: the newline count of the same bytes (what `wc -l` does).
FLOOR = "newline-count"
# A comparison's verdicts: of a run in both documents, then of a run in one.
COMPARED_VERDICTS = ("slower", "faster", "same", "noisy")
ONE_SIDED_VERDICTS = ("only in old", "only in new")
VERDICTS = COMPARED_VERDICTS + ONE_SIDED_VERDICTS
# Each compared verdict's color and marker in the ratio figure.
VERDICT_STYLES = {
    "slower": ("tab:red", "s"),
    "faster": ("tab:green", "D"),
    "same": ("tab:blue", "o"),
    "noisy": ("tab:orange", "X"),
}

# Exit statuses, as the `poker` command's.
EXIT_INVALID = 1
EXIT_USAGE = 2
EXIT_IO = 3

Report = Dict[str, Any]
Comparison = Dict[str, Any]


class ReportError(ValueError):
    """A report or comparison that is not JSON or not of its schema; its
    message names the file and what is wrong, in one line."""


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _describe(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


_KIND_NAMES = {
    "object": "an object",
    "array": "an array",
    "string": "a string",
    "number": "a number >= 0",
    "positive": "a positive number",
    "integer": "an integer >= 1",
    "count": "an integer >= 0",
    "null": "null",
}


def _matches(value: Any, kind: str) -> bool:
    if kind == "object":
        return isinstance(value, dict)
    if kind == "array":
        return isinstance(value, list)
    if kind == "string":
        return isinstance(value, str)
    if kind == "null":
        return value is None
    if not _is_number(value):
        return False
    if kind == "number":
        return value >= 0
    if kind == "positive":
        return value > 0
    if kind == "integer":
        return value >= 1 and float(value).is_integer()
    return value >= 0 and float(value).is_integer()  # "count"


def _get(container: Dict[str, Any], key: str, where: str, kinds: Tuple[str, ...], top: str = "report") -> Any:
    """container[key], which must be one of kinds ("object", "array", "string",
    "number", "positive", "integer", "count", "null"); where names container in
    the document ("": the document itself, a `top`)."""
    place = f"{where}.{key}" if where else key
    if key not in container:
        raise ReportError(f"{where or 'the ' + top} has no {json.dumps(key)}")
    value = container[key]
    if not any(_matches(value, kind) for kind in kinds):
        expected = " or ".join(_KIND_NAMES[kind] for kind in kinds)
        raise ReportError(f"{place} is {_describe(value)}, not {expected}")
    return value


def _get_object(array: List[Any], index: int, where: str) -> Dict[str, Any]:
    value = array[index]
    if not isinstance(value, dict):
        raise ReportError(f"{where}[{index}] is {_describe(value)}, not an object")
    return value


def _check_schema(document: Any, schemas: Tuple[str, ...], what: str) -> str:
    if not isinstance(document, dict):
        raise ReportError(f"the {what} is {_describe(document)}, not an object")
    if "schema" not in document:
        raise ReportError(f"the {what} has no \"schema\"")
    if document["schema"] not in schemas:
        schema = document["schema"]
        hint = ""
        if schema == COMPARISON_SCHEMA:
            hint = " (a comparison: draw it with --ratios)"
        elif schema in SCHEMAS:
            hint = " (a report: draw it without --ratios)"
        raise ReportError(f"schema is {_describe(schema)}{hint}")
    return document["schema"]


def _check_build(document: Dict[str, Any], where: str) -> None:
    """The build and machine that run_label names."""
    prefix = f"{where}." if where else ""
    poker = _get(document, "poker", where, ("object",))
    machine = _get(document, "machine", where, ("object",))
    _get(poker, "version", prefix + "poker", ("string",))
    _get(poker, "commit", prefix + "poker", ("string", "null"))
    _get(machine, "cpu", prefix + "machine", ("string",))
    _get(machine, "cores", prefix + "machine", ("integer",))


def check_report(report: Any) -> Report:
    """The report (schema poker-bench/1 or poker-bench/2), if it holds what the
    figures draw; a ReportError (without the file's name) if not. Keys not
    drawn are not checked, but for those poker-bench/2 adds to a run."""
    schema = _check_schema(report, SCHEMAS, "report")
    _check_build(report, "")
    if schema == SCHEMA_2:
        settings = _get(report, "settings", "", ("object",))
        _get(settings, "min_time_s", "settings", ("positive",))
    workloads = _get(report, "workloads", "", ("array",))
    if not workloads:
        raise ReportError("workloads is empty: nothing was measured")
    for index in range(len(workloads)):
        workload = _get_object(workloads, index, "workloads")
        where = f"workloads[{index}]"
        _get(workload, "name", where, ("string",))
        _get(workload, "source", where, ("string",))
        runs = _get(workload, "runs", where, ("array",))
        if not runs:
            raise ReportError(f"{where}.runs is empty")
        for run_index in range(len(runs)):
            run = _get_object(runs, run_index, f"{where}.runs")
            run_where = f"{where}.runs[{run_index}]"
            _get(run, "threads", run_where, ("integer",))
            # As `poker bench --compare` reads a time: a positive number (a
            # run too short for the clock has 0, and no rate); the figures
            # divide by them and draw them on log scales.
            for key in ("median_s", "min_s", "max_s", "instances_per_s", "speedup"):
                _get(run, key, run_where, ("positive",))
            median = _describe(run["median_s"])
            if run["min_s"] > run["median_s"]:
                raise ReportError(f"{run_where}.min_s is {_describe(run['min_s'])}, more than its median_s ({median})")
            if run["max_s"] < run["median_s"]:
                raise ReportError(f"{run_where}.max_s is {_describe(run['max_s'])}, less than its median_s ({median})")
            _get(run, "floor_ratio", run_where, ("number", "null"))
            if schema == SCHEMA_2:
                # A repetition is `iterations` passes over the workload: the
                # time figure divides by them.
                _get(run, "iterations", run_where, ("integer",))
                for key in ("mean_s", "stddev_s", "cv"):
                    _get(run, key, run_where, ("number",))
                cpu_samples = _get(run, "cpu_samples_s", run_where, ("array",))
                for sample_index, sample in enumerate(cpu_samples):
                    if not _matches(sample, "number"):
                        place = f"{run_where}.cpu_samples_s[{sample_index}]"
                        raise ReportError(f"{place} is {_describe(sample)}, not {_KIND_NAMES['number']}")
    return report


def check_comparison(comparison: Any) -> Comparison:
    """The comparison (schema poker-bench-comparison/1, what `poker bench
    --compare OLD --against NEW --json` and `poker bench --baseline POKER
    --json` write), if it holds what ratio_figure draws, its runs' figures
    consistent with their verdicts and its summary with its runs; a
    ReportError (without the file's name) if not."""
    _check_schema(comparison, (COMPARISON_SCHEMA,), "comparison")
    mode = _get(comparison, "mode", "", ("string",), "comparison")
    if mode not in ("reports", "alternating"):
        raise ReportError(f'mode is {_describe(mode)}, not "reports" or "alternating"')
    for side in ("old", "new"):
        where = side
        document = _get(comparison, side, "", ("object",), "comparison")
        _get(document, "name", where, ("string",))
        _check_build(document, where)
    _get(comparison, "test", "", ("string",), "comparison")
    for key in ("alpha", "confidence"):
        value = _get(comparison, key, "", ("positive",), "comparison")
        if value >= 1:
            raise ReportError(f"{key} is {_describe(value)}, not a number between 0 and 1")
    _get(comparison, "tolerance", "", ("number",), "comparison")
    runs = _get(comparison, "runs", "", ("array",), "comparison")
    counts = {verdict: 0 for verdict in VERDICTS}
    for index in range(len(runs)):
        run = _get_object(runs, index, "runs")
        where = f"runs[{index}]"
        _get(run, "workload", where, ("string",))
        _get(run, "source", where, ("string",))
        _get(run, "threads", where, ("integer",))
        verdict = _get(run, "verdict", where, ("string",))
        if verdict not in VERDICTS:
            known = ", ".join(json.dumps(known) for known in VERDICTS)
            raise ReportError(f"{where}.verdict is {_describe(verdict)}, not one of {known}")
        counts[verdict] += 1
        _get(run, "reason", where, ("string",))
        # Null where the run is in one document only: a compared run has them
        # all but the interval's high end, null when it is unbounded.
        kinds = {
            "old_median_s": "positive",
            "new_median_s": "positive",
            "old_cv": "number",
            "new_cv": "number",
            "ratio": "positive",
            "ratio_low": "number",  # 0: unbounded (too few repetitions)
            "ratio_high": "positive",
            "p_value": "number",
        }
        for key, kind in kinds.items():
            value = _get(run, key, where, (kind, "null"))
            if value is None and verdict in COMPARED_VERDICTS and key != "ratio_high":
                raise ReportError(f"{where}.{key} is null, but its verdict is {json.dumps(verdict)}")
        if run["p_value"] is not None and run["p_value"] > 1:
            raise ReportError(f"{where}.p_value is {_describe(run['p_value'])}, more than 1")
        if run["ratio"] is not None:
            ratio = _describe(run["ratio"])
            low, high = run["ratio_low"], run["ratio_high"]
            if low is not None and low > run["ratio"]:
                raise ReportError(f"{where}.ratio_low is {_describe(low)}, more than its ratio ({ratio})")
            if high is not None and high < run["ratio"]:
                raise ReportError(f"{where}.ratio_high is {_describe(high)}, less than its ratio ({ratio})")
    summary = _get(comparison, "summary", "", ("object",), "comparison")
    expected = {"compared": sum(counts[verdict] for verdict in COMPARED_VERDICTS)}
    expected.update((verdict, counts[verdict]) for verdict in COMPARED_VERDICTS)
    for key, count in expected.items():
        value = _get(summary, key, "summary", ("count",))
        if value != count:
            raise ReportError(f"summary.{key} is {_describe(value)}, but the runs count {count}")
    return comparison


def _reject_constant(name: str) -> Any:
    raise ReportError(f"invalid JSON: {name} is not a JSON number")


def _read_json(path: str) -> Any:
    """The JSON value in the file `path` ("-": standard input); an OSError or
    a ReportError whose message names the file."""
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        try:
            file = open(path, "rb")
        except OSError as error:
            raise OSError(error.errno, f"{path}: cannot open: {error.strerror}") from None
        with file:
            try:
                data = file.read()
            except OSError as error:
                raise OSError(error.errno, f"{path}: cannot read: {error.strerror}") from None
    try:
        return json.loads(data, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise ReportError(f"{path}:{error.lineno}:{error.colno}: invalid JSON: {error.msg}") from None
    except UnicodeDecodeError:
        raise ReportError(f"{path}: invalid JSON: not UTF-8 text") from None
    except ReportError as error:
        raise ReportError(f"{path}: {error}") from None
    except RecursionError:
        raise ReportError(f"{path}: invalid JSON: nested too deep") from None


def load_report(path: str) -> Report:
    """The report in the file `path` ("-": standard input). An unreadable file
    is an OSError whose message names it; one that is not JSON or not a
    poker-bench/1 or poker-bench/2 report is a ReportError whose message names
    it (and the schema, when the report names one of them)."""
    report = _read_json(path)
    schema = report.get("schema") if isinstance(report, dict) else None
    what = schema if schema in SCHEMAS else " or ".join(SCHEMAS)
    try:
        return check_report(report)
    except ReportError as error:
        raise ReportError(f"{path}: not a {what} report: {error}") from None


def load_comparison(path: str) -> Comparison:
    """The comparison in the file `path` ("-": standard input), as
    load_report reads a report: an OSError or a ReportError naming the file."""
    comparison = _read_json(path)
    try:
        return check_comparison(comparison)
    except ReportError as error:
        raise ReportError(f"{path}: not a {COMPARISON_SCHEMA} document: {error}") from None


def run_label(report: Report) -> str:
    """The report's build and machine in a few words, for legends and titles."""
    poker = report["poker"]
    machine = report["machine"]
    build = f"poker {poker['version']}" + (f" ({poker['commit']})" if poker.get("commit") else "")
    return f"{build}, {machine['cpu']}, {machine['cores']} cores"


def _workload_key(workload: Dict[str, Any]) -> Tuple[str, str]:
    return (workload["name"], workload["source"])


def _workload_label(key: Tuple[str, str]) -> str:
    name, source = key
    return name if source == "memory" else f"{name} ({source})"


def _workloads(report: Report) -> Dict[Tuple[str, str], Dict[int, Dict[str, Any]]]:
    """(name, source) -> threads -> run, in the report's order; the first of
    two entries with one key wins."""
    found: Dict[Tuple[str, str], Dict[int, Dict[str, Any]]] = {}
    for workload in report["workloads"]:
        runs = found.setdefault(_workload_key(workload), {})
        for run in workload["runs"]:
            runs.setdefault(int(run["threads"]), run)
    return found


# Each metric's axis label.
_AXIS = {
    "speedup": "speed-up over the fewest threads",
    "throughput": "instances/s (median)",
    "time": "seconds per pass over the workload (median)",
}


def _passes(run: Dict[str, Any]) -> float:
    """The passes over the workload in one repetition: a poker-bench/2 run's
    iterations, 1 in poker-bench/1 (whose repetition is one pass)."""
    return float(run.get("iterations", 1))


def _value(run: Dict[str, Any], metric: str) -> float:
    if metric == "speedup":
        return float(run["speedup"])
    if metric == "throughput":
        return float(run["instances_per_s"])
    return float(run["median_s"]) / _passes(run)


def _range(run: Dict[str, Any], metric: str) -> Optional[Tuple[float, float]]:
    """(low, high) of the repetitions in the metric's unit: their min and max,
    which both schemas have; None for speed-up, a ratio of two medians."""
    if metric == "time":
        return (float(run["min_s"]) / _passes(run), float(run["max_s"]) / _passes(run))
    if metric == "throughput":
        rate_times_median = float(run["instances_per_s"]) * float(run["median_s"])
        return (rate_times_median / float(run["max_s"]), rate_times_median / float(run["min_s"]))
    return None


def _matplotlib():
    """matplotlib's Figure, and a context for the settings the figures share.
    ImportError when matplotlib is missing."""
    import matplotlib
    from matplotlib.figure import Figure

    settings = {
        # SVG text stays text (smaller, searchable), and the same figure gives
        # the same file: no random ids, no date.
        "svg.fonttype": "none",
        "svg.hashsalt": "poker.plot",
        "axes.grid": True,
        "grid.alpha": 0.3,
    }
    return Figure, matplotlib.rc_context(settings)


def scaling_figure(report: Report, metric: str = "speedup", title: Optional[str] = None, floor_ratio: bool = False):
    """One report's curves: each workload's metric against the thread count,
    linear scaling dotted; with floor_ratio, a second panel of each workload's
    bytes/s over the newline count's. Returns a matplotlib Figure."""
    Figure, settings = _matplotlib()
    from matplotlib.lines import Line2D

    with settings:
        figure = Figure(figsize=(8, 8.5 if floor_ratio else 5.5), layout="constrained")
        axes = figure.subplots(2 if floor_ratio else 1, 1, sharex=True, squeeze=False)[:, 0]
        plot = axes[0]
        threads_seen: set = set()
        colors = iter(_colors(len(_workloads(report))))
        for key, runs in _workloads(report).items():
            threads = sorted(runs)
            threads_seen.update(threads)
            values = [_value(runs[t], metric) for t in threads]
            is_floor = key[0] == FLOOR
            color = "0.45" if is_floor else next(colors)
            label = _workload_label(key) + (" (the floor)" if is_floor else "")
            plot.plot(threads, values, marker="o", color=color, linestyle="--" if is_floor else "-", label=label)
            if metric != "speedup" and len(threads) > 1:
                # Linear scaling from the fewest threads, in the curve's color.
                first = threads[0]
                scale = [t / first for t in threads] if metric == "throughput" else [first / t for t in threads]
                plot.plot(threads, [values[0] * s for s in scale], color=color, linestyle=":", linewidth=1)
            if floor_ratio and not is_floor:
                ratios = [(t, runs[t]["floor_ratio"]) for t in threads if runs[t]["floor_ratio"] is not None]
                if ratios:
                    axes[1].plot(*zip(*ratios), marker="o", color=color, label=label)
        ordered = sorted(threads_seen)
        handles, labels = plot.get_legend_handles_labels()
        if len(ordered) > 1:
            if metric == "speedup":
                (ideal,) = plot.plot(ordered, [t / ordered[0] for t in ordered], color="black", linestyle=":")
            else:
                ideal = Line2D([], [], color="black", linestyle=":")
            handles.append(ideal)
            labels.append("linear scaling")
        if metric != "speedup":
            plot.set_yscale("log")
        plot.set_ylabel(_AXIS[metric])
        plot.legend(handles, labels, fontsize="small", loc="center left", bbox_to_anchor=(1.01, 0.5))
        if floor_ratio:
            axes[1].set_ylabel("bytes/s over the newline count's")
            # From 0: a ratio's distance from the floor is what it says.
            top = max((max(line.get_ydata()) for line in axes[1].get_lines()), default=1.0)
            axes[1].set_ylim(0, top * 1.1)
        for axis in axes:
            _thread_axis(axis, ordered)
        axes[-1].set_xlabel("threads (-j)")
        figure.suptitle(title if title is not None else f"poker bench: {run_label(report)}", fontsize="medium")
    return figure


def _thread_axis(axis, threads: List[int]) -> None:
    if len(threads) > 1 and threads[-1] / threads[0] >= 4:
        axis.set_xscale("log", base=2)
    axis.set_xticks(threads, [str(t) for t in threads])
    axis.minorticks_off()


def _colors(count: int) -> List[Any]:
    from matplotlib import colormaps

    palette = colormaps["tab10" if count <= 10 else "tab20"]
    return [palette(index % palette.N) for index in range(max(count, 1))]


def comparison_figure(reports: Sequence[Report], metric: str = "throughput", title: Optional[str] = None):
    """Several reports side by side: for each (workload, threads) any of them
    measured, a bar per report in its color, the repetitions' min/max as error
    bars. Returns a matplotlib Figure."""
    Figure, settings = _matplotlib()
    measured = [_workloads(report) for report in reports]
    groups: List[Tuple[Tuple[str, str], int]] = []
    for workloads in measured:
        for key, runs in workloads.items():
            groups.extend((key, t) for t in sorted(runs) if (key, t) not in groups)
    labels = _distinct([run_label(report) for report in reports])
    width = 0.8 / len(reports)
    with settings:
        figure = Figure(figsize=(max(8.0, 0.25 * len(groups) * len(reports) + 3), 6), layout="constrained")
        plot = figure.subplots()
        for index, (workloads, label, color) in enumerate(zip(measured, labels, _colors(len(reports)))):
            positions, values, low, high = [], [], [], []
            for position, (key, threads) in enumerate(groups):
                run = workloads.get(key, {}).get(threads)
                if run is None:
                    continue
                value = _value(run, metric)
                spread = _range(run, metric) or (value, value)
                positions.append(position - 0.4 + width * (index + 0.5))
                values.append(value)
                low.append(max(value - spread[0], 0.0))
                high.append(max(spread[1] - value, 0.0))
            error = None if metric == "speedup" else [low, high]
            plot.bar(positions, values, width, yerr=error, capsize=2, color=color, label=label)
        upright = len(groups) <= 8
        plot.set_xticks(
            range(len(groups)),
            [f"{_workload_label(key)}{chr(10) if upright else ' '}-j {threads}" for key, threads in groups],
            rotation=0 if upright else 90,
            fontsize="small",
        )
        plot.set_xlim(-0.6, len(groups) - 0.4)
        plot.grid(False, axis="x")
        if metric != "speedup":
            plot.set_yscale("log")
        plot.set_ylabel(_AXIS[metric])
        # Above the axes: below them are the groups' labels.
        plot.legend(fontsize="small", loc="lower left", bbox_to_anchor=(0, 1.01), borderaxespad=0)
        figure.suptitle(title if title is not None else f"poker bench: {_AXIS[metric]}", fontsize="medium")
    return figure


def _distinct(labels: List[str]) -> List[str]:
    """The labels, with "#2", "#3" added to repeats (two runs of one build)."""
    seen: Dict[str, int] = {}
    result = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        result.append(label if seen[label] == 1 else f"{label} #{seen[label]}")
    return result


def _run_label(run: Dict[str, Any]) -> str:
    """A comparison's run as the ratio figure names it: "holdem-2 -j 1",
    "holdem-2 -j 1 (pipe)"."""
    label = f"{run['workload']} -j {int(run['threads'])}"
    return label if run["source"] == "memory" else f"{label} ({run['source']})"


def _side_label(side: Dict[str, Any]) -> str:
    poker = side["poker"]
    build = f"poker {poker['version']}" + (f" ({poker['commit']})" if poker.get("commit") else "")
    return f"{side['name']}: {build}, {side['machine']['cpu']}"


# Ratios the ratio figure's axis marks, where they fall inside it.
_RATIO_TICKS = (0.1, 0.2, 0.25, 0.5, 0.67, 0.8, 0.9, 0.95, 1, 1.05, 1.1, 1.25, 1.5, 2, 4, 5, 10)


def ratio_figure(comparison: Comparison, title: Optional[str] = None):
    """A comparison's runs, one row each: the ratio of the new time to the
    old (a point, colored and marked by its verdict) with its confidence
    interval as an error bar, an unbounded end drawn to the axis's edge with
    an arrowhead there; a line at 1, and the tolerance band [1/(1 + tolerance),
    1 + tolerance] shaded. The x axis is logarithmic, so that 2x slower and
    2x faster are as far from 1. Runs in one document only are listed under
    the axes. Returns a matplotlib Figure."""
    Figure, settings = _matplotlib()
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    tolerance = float(comparison["tolerance"])
    band = (1 / (1 + tolerance), 1 + tolerance)
    compared = [run for run in comparison["runs"] if run["verdict"] in COMPARED_VERDICTS]
    one_sided = [run for run in comparison["runs"] if run["verdict"] in ONE_SIDED_VERDICTS]
    # The axis spans every ratio, every bounded end of an interval and the
    # band, with a margin; an unbounded end reaches the edge.
    known = [1.0, *band]
    for run in compared:
        known.append(float(run["ratio"]))
        if run["ratio_low"] > 0:
            known.append(float(run["ratio_low"]))
        if run["ratio_high"] is not None:
            known.append(float(run["ratio_high"]))
    margin = (max(known) / min(known)) ** 0.08
    limits = (min(known) / margin, max(known) * margin)
    with settings:
        figure = Figure(figsize=(9, max(3.0, 0.32 * len(compared) + 2.2)), layout="constrained")
        plot = figure.subplots()
        percent = f"{tolerance * 100:g}%"
        plot.axvspan(*band, color="0.88", zorder=0, gid="tolerance")
        plot.axvline(1, color="black", linewidth=1, zorder=1)
        for row, run in enumerate(compared):
            color, marker = VERDICT_STYLES[run["verdict"]]
            ratio = float(run["ratio"])
            low = float(run["ratio_low"]) if run["ratio_low"] > 0 else limits[0]
            high = float(run["ratio_high"]) if run["ratio_high"] is not None else limits[1]
            plot.errorbar(
                [ratio], [row], xerr=[[ratio - low], [high - ratio]], fmt=marker, color=color, capsize=3, zorder=3
            )
            for bounded, edge, head in ((run["ratio_low"] > 0, low, "<"), (run["ratio_high"] is not None, high, ">")):
                if not bounded:
                    plot.plot([edge], [row], marker=head, color=color, clip_on=False, zorder=3, gid="unbounded")
        plot.set_xscale("log")
        plot.set_xlim(*limits)
        ticks = [tick for tick in _RATIO_TICKS if limits[0] <= tick <= limits[1]]
        if len(ticks) >= 3:
            plot.set_xticks(ticks, [f"{tick:g}x" for tick in ticks])
            plot.minorticks_off()
        plot.set_yticks(range(len(compared)), [_run_label(run) for run in compared], fontsize="small")
        if compared:
            plot.set_ylim(len(compared) - 0.5, -0.5)  # the first run at the top
        plot.grid(False, axis="y")
        plot.set_xlabel(
            f"new time / old time (log scale; {float(comparison['confidence']) * 100:g}% confidence intervals): "
            "above 1 is slower"
        )
        handles: List[Any] = []
        for verdict in COMPARED_VERDICTS:
            count = sum(run["verdict"] == verdict for run in compared)
            if count:
                color, marker = VERDICT_STYLES[verdict]
                handles.append(Line2D([], [], color=color, marker=marker, linestyle="", label=f"{verdict} ({count})"))
        handles.append(Patch(color="0.88", label=f"within the tolerance (±{percent})"))
        plot.legend(handles=handles, fontsize="small", loc="center left", bbox_to_anchor=(1.01, 0.5))
        if not compared:
            plot.text(0.5, 0.5, "no run is in both", transform=plot.transAxes, ha="center", va="center")
        if one_sided:
            notes = []
            for verdict in ONE_SIDED_VERDICTS:
                labels = [_run_label(run) for run in one_sided if run["verdict"] == verdict]
                if labels:
                    notes.append(f"{verdict}: {', '.join(labels)}")
            figure.supxlabel(textwrap.fill("; ".join(notes), 110), fontsize="small")
        heading = title
        if heading is None:
            heading = (
                f"poker bench: new over old ({comparison['test']}, alpha {comparison['alpha']:g})\n"
                f"old {_side_label(comparison['old'])}\nnew {_side_label(comparison['new'])}"
            )
        figure.suptitle(heading, fontsize="medium")
    return figure


def figure_format(path: str) -> str:
    """"png" or "svg", from the name's suffix; ValueError otherwise."""
    suffix = os.path.splitext(path)[1].lower()
    if suffix not in (".png", ".svg"):
        raise ValueError(f"{path}: the figure's name must end in .png or .svg")
    return suffix[1:]


def save(figure, path: str) -> None:
    """Writes the figure to path, as PNG or SVG by its suffix. An OSError
    names the file."""
    kind = figure_format(path)
    # No date or software in the file: the same report draws the same bytes.
    metadata = {"Date": None} if kind == "svg" else {"Software": None}
    try:
        with open(path, "wb") as file:
            with _matplotlib()[1]:
                figure.savefig(file, format=kind, metadata=metadata, dpi=150 if kind == "png" else "figure")
    except OSError as error:
        raise OSError(error.errno, f"{path}: cannot write: {error.strerror}") from None


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # type: ignore[override]
        # One line, as the `poker` command's usage errors.
        self.exit(EXIT_USAGE, f"{self.prog}: {message}; see '{self.prog} --help'\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python3 -m poker.plot",
        description="Draws `poker bench --json` reports: one report's scaling curves, or a comparison of several; "
        "or, with --ratios, the ratios and verdicts of a `poker bench --compare ... --json` comparison.",
        epilog="Exit status: 0 the figure is written, 1 a report is not JSON or not a poker-bench/1 or poker-bench/2 "
        "report (a comparison: not a poker-bench-comparison/1 document), 2 usage error, 3 I/O error (a report "
        "unreadable, the figure not written, matplotlib missing).",
    )
    parser.add_argument("reports", nargs="*", metavar="REPORT", help="poker bench --json reports ('-': standard input)")
    parser.add_argument(
        "--ratios",
        metavar="COMPARISON",
        help="instead of reports: draw the comparison that `poker bench --compare OLD --against NEW --json` or "
        "`poker bench --baseline POKER --json` wrote, each run's new/old ratio with its verdict ('-': standard input)",
    )
    parser.add_argument("-o", "--output", required=True, metavar="FIGURE", help="the figure: a name ending in .png or .svg")
    parser.add_argument(
        "--metric",
        choices=METRICS,
        help="what is drawn: speed-up over the fewest threads, instances/s, or median seconds "
        "(default: speedup for one report, throughput for several)",
    )
    parser.add_argument("--title", help="the figure's title (default: the build and machine, or the metric)")
    parser.add_argument(
        "--floor-ratio", action="store_true", help="one report: also draw each workload's bytes/s over the newline count's"
    )
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = _parser()
    arguments = parser.parse_args(argv)
    try:
        figure_format(arguments.output)
    except ValueError as error:
        parser.error(str(error))
    if arguments.ratios is not None:
        if arguments.reports:
            parser.error("--ratios draws one comparison, not reports")
        for option, given in (("--metric", arguments.metric), ("--floor-ratio", arguments.floor_ratio)):
            if given:
                parser.error(f"{option} draws reports, not the --ratios of a comparison")
    elif not arguments.reports:
        parser.error("the following arguments are required: REPORT (or --ratios COMPARISON)")
    if arguments.reports.count("-") > 1:
        parser.error("standard input ('-') can be only one of the reports")
    if arguments.floor_ratio and len(arguments.reports) > 1:
        parser.error("--floor-ratio draws one report, not a comparison")
    try:
        if arguments.ratios is not None:
            comparison = load_comparison(arguments.ratios)
        else:
            reports = [load_report(path) for path in arguments.reports]
    except ReportError as error:
        print(f"poker.plot: {error}", file=sys.stderr)
        return EXIT_INVALID
    except OSError as error:
        print(f"poker.plot: {error.strerror or error}", file=sys.stderr)
        return EXIT_IO
    try:
        if arguments.ratios is not None:
            figure = ratio_figure(comparison, arguments.title)
        elif len(reports) == 1:
            figure = scaling_figure(reports[0], arguments.metric or "speedup", arguments.title, arguments.floor_ratio)
        else:
            figure = comparison_figure(reports, arguments.metric or "throughput", arguments.title)
    except ImportError as error:
        print(
            f"poker.plot: drawing needs matplotlib ({error.name or error} is missing): "
            "install python3-matplotlib (Debian) or the matplotlib package",
            file=sys.stderr,
        )
        return EXIT_IO
    try:
        save(figure, arguments.output)
    except OSError as error:
        print(f"poker.plot: {error.strerror or error}", file=sys.stderr)
        return EXIT_IO
    return 0


if __name__ == "__main__":
    sys.exit(main())
