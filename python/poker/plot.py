"""Figures of `poker bench --json` reports (schema poker-bench/1): poker.plot.

    python3 -m poker.plot RUN.json -o scaling.svg             # one run: its scaling curves
    python3 -m poker.plot OLD.json NEW.json -o compare.png    # several: a comparison

One report draws each workload's speed-up (or instances/s, or median time)
against the thread count, with linear scaling dotted. Several draw grouped
bars, one color per report, of each (workload, threads) they measured, with
the min/max of the repetitions as error bars. The name given to -o says the
format, PNG or SVG.

Matplotlib is imported only here, only to draw, and only its object API, with
no pyplot: nothing opens a window or needs a display (PNG is drawn by Agg).
A report is read as the schema's readers must read it: keys it does not know
are ignored, and the keys drawn are checked, so a report that lacks one is a
one-line error, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple

__all__ = ["ReportError", "load_report", "check_report", "scaling_figure", "comparison_figure", "save", "main"]

SCHEMA = "poker-bench/1"
METRICS = ("speedup", "throughput", "time")
# The floor: the newline count of the same bytes (what `wc -l` does).
FLOOR = "newline-count"

# Exit statuses, as the `poker` command's.
EXIT_INVALID = 1
EXIT_USAGE = 2
EXIT_IO = 3

Report = Dict[str, Any]


class ReportError(ValueError):
    """A report that is not JSON or not schema poker-bench/1; its message
    names the file and what is wrong, in one line."""


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
    "null": "null",
}


def _get(container: Dict[str, Any], key: str, where: str, kinds: Tuple[str, ...]) -> Any:
    """container[key], which must be one of kinds ("object", "array", "string",
    "number", "positive", "integer", "null"); where names container in the
    report."""
    place = f"{where}.{key}" if where else key
    if key not in container:
        raise ReportError(f"{where or 'the report'} has no {json.dumps(key)}")
    value = container[key]
    matches = {
        "object": isinstance(value, dict),
        "array": isinstance(value, list),
        "string": isinstance(value, str),
        "number": _is_number(value) and value >= 0,
        "positive": _is_number(value) and value > 0,
        "integer": _is_number(value) and value >= 1 and float(value).is_integer(),
        "null": value is None,
    }
    if not any(matches[kind] for kind in kinds):
        expected = " or ".join(_KIND_NAMES[kind] for kind in kinds)
        raise ReportError(f"{place} is {_describe(value)}, not {expected}")
    return value


def check_report(report: Any) -> Report:
    """The report, if it holds what the figures draw; a ReportError (without
    the file's name) if not. Keys not drawn are not checked."""
    if not isinstance(report, dict):
        raise ReportError(f"the report is {_describe(report)}, not an object")
    if report.get("schema") != SCHEMA:
        if "schema" not in report:
            raise ReportError("the report has no \"schema\"")
        raise ReportError(f"schema is {_describe(report['schema'])}")
    for key in ("poker", "machine"):
        _get(report, key, "", ("object",))
    _get(report["poker"], "version", "poker", ("string",))
    _get(report["poker"], "commit", "poker", ("string", "null"))
    _get(report["machine"], "cpu", "machine", ("string",))
    _get(report["machine"], "cores", "machine", ("integer",))
    workloads = _get(report, "workloads", "", ("array",))
    if not workloads:
        raise ReportError("workloads is empty: nothing was measured")
    for index, workload in enumerate(workloads):
        where = f"workloads[{index}]"
        if not isinstance(workload, dict):
            raise ReportError(f"{where} is {_describe(workload)}, not an object")
        _get(workload, "name", where, ("string",))
        _get(workload, "source", where, ("string",))
        runs = _get(workload, "runs", where, ("array",))
        if not runs:
            raise ReportError(f"{where}.runs is empty")
        for run_index, run in enumerate(runs):
            run_where = f"{where}.runs[{run_index}]"
            if not isinstance(run, dict):
                raise ReportError(f"{run_where} is {_describe(run)}, not an object")
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
    return report


def _reject_constant(name: str) -> Any:
    raise ReportError(f"invalid JSON: {name} is not a JSON number")


def load_report(path: str) -> Report:
    """The report in the file `path` ("-": standard input). An unreadable file
    is an OSError whose message names it; one that is not JSON or not a
    poker-bench/1 report is a ReportError whose message names it."""
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
        report = json.loads(data, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise ReportError(f"{path}:{error.lineno}:{error.colno}: invalid JSON: {error.msg}") from None
    except UnicodeDecodeError:
        raise ReportError(f"{path}: invalid JSON: not UTF-8 text") from None
    except ReportError as error:
        raise ReportError(f"{path}: {error}") from None
    except RecursionError:
        raise ReportError(f"{path}: invalid JSON: nested too deep") from None
    try:
        return check_report(report)
    except ReportError as error:
        raise ReportError(f"{path}: not a {SCHEMA} report: {error}") from None


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
    "time": "seconds per repetition (median)",
}


def _value(run: Dict[str, Any], metric: str) -> float:
    if metric == "speedup":
        return float(run["speedup"])
    if metric == "throughput":
        return float(run["instances_per_s"])
    return float(run["median_s"])


def _range(run: Dict[str, Any], metric: str) -> Optional[Tuple[float, float]]:
    """(low, high) of the repetitions in the metric's unit; None for speed-up,
    a ratio of two medians."""
    if metric == "time":
        return (float(run["min_s"]), float(run["max_s"]))
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
        description="Draws `poker bench --json` reports: one report's scaling curves, or a comparison of several.",
        epilog="Exit status: 0 the figure is written, 1 a report is not JSON or not a poker-bench/1 report, "
        "2 usage error, 3 I/O error (a report unreadable, the figure not written, matplotlib missing).",
    )
    parser.add_argument("reports", nargs="+", metavar="REPORT", help="poker bench --json reports ('-': standard input)")
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
    if arguments.reports.count("-") > 1:
        parser.error("standard input ('-') can be only one of the reports")
    if arguments.floor_ratio and len(arguments.reports) > 1:
        parser.error("--floor-ratio draws one report, not a comparison")
    try:
        reports = [load_report(path) for path in arguments.reports]
    except ReportError as error:
        print(f"poker.plot: {error}", file=sys.stderr)
        return EXIT_INVALID
    except OSError as error:
        print(f"poker.plot: {error.strerror or error}", file=sys.stderr)
        return EXIT_IO
    try:
        if len(reports) == 1:
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
