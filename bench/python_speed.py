#!/usr/bin/env python3
"""The Python module's speed: poker.evaluate on random 7-card rows
against the C++ BM_Eval7Array per hand on one thread, its scaling with
threads, and a pure-Python best-of-21 scorer (python/tests/reference.py).

    /usr/bin/python3 bench/python_speed.py [--build build/release] [--rows 10000000]

Times are the best of --repeat runs. On a shared machine wall time includes
waiting for a core; the one-thread comparison is therefore made on CPU time
(process time for Python, Google Benchmark's cpu_time for C++), and wall
times are printed beside it."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

root = Path(__file__).resolve().parent.parent


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=str(root / "build" / "release"), help="the build directory")
    parser.add_argument("--rows", type=int, default=10_000_000, help="random 7-card rows to evaluate")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (the best counts)")
    parser.add_argument("--reference-rows", type=int, default=20_000, help="rows for the pure-Python scorer")
    return parser.parse_args()


def random_hands(np, rows: int):
    """`rows` random 7-card hands, uint8, distinct cards in each row."""
    rng = np.random.default_rng(2026)
    hands = rng.integers(0, 52, size=(rows, 7), dtype=np.uint8)
    while True:
        ordered = np.sort(hands, axis=1)
        repeats = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if not repeats.any():
            return hands
        hands[repeats] = rng.integers(0, 52, size=(int(repeats.sum()), 7), dtype=np.uint8)


def best_time(function, repeat: int) -> tuple[float, float]:
    """The best wall and CPU (process) seconds of `repeat` calls."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        wall_start, cpu_start = time.perf_counter(), time.process_time()
        function()
        wall = min(wall, time.perf_counter() - wall_start)
        cpu = min(cpu, time.process_time() - cpu_start)
    return wall, cpu


def cxx_eval7(build: Path) -> tuple[float, float] | None:
    """BM_Eval7Array's wall and CPU nanoseconds per hand, or None without poker_bench."""
    bench = build / "bench" / "poker_bench"
    if not bench.exists():
        return None
    output = subprocess.run([str(bench), "--benchmark_filter=^BM_Eval7Array$", "--benchmark_repetitions=3",
                             "--benchmark_format=json"], capture_output=True, check=True, text=True).stdout
    runs = [run for run in json.loads(output)["benchmarks"] if run["run_type"] == "iteration"]
    # items_per_second counts over CPU time: hands per iteration = rate * cpu time.
    best = min(runs, key=lambda run: run["cpu_time"])
    hands = best["items_per_second"] * best["cpu_time"] * 1e-9
    return best["real_time"] / hands, best["cpu_time"] / hands


def main() -> None:
    args = arguments()
    sys.path.insert(0, str(Path(args.build) / "python"))
    sys.path.insert(0, str(root / "python" / "tests"))
    import numpy as np
    import poker
    import reference

    cores = os.cpu_count() or 1
    hands = random_hands(np, args.rows)
    print(f"poker.evaluate on {args.rows:,} random 7-card rows (uint8), best of {args.repeat}; {cores} cores")
    wall, cpu = best_time(lambda: poker.evaluate(hands, threads=1), args.repeat)
    python_wall, python_cpu = wall / args.rows * 1e9, cpu / args.rows * 1e9
    print(f"  1 thread:   {python_wall:6.2f} ns/hand wall, {python_cpu:6.2f} ns/hand CPU, "
          f"{args.rows / wall / 1e6:8.1f} M hands/s")
    cxx = cxx_eval7(Path(args.build))
    if cxx:
        print(f"C++ BM_Eval7Array (1 thread): {cxx[0]:6.2f} ns/hand wall, {cxx[1]:6.2f} ns/hand CPU")
        print(f"  poker.evaluate / BM_Eval7Array: {python_cpu / cxx[1]:.2f}x on CPU time "
              f"({python_wall / cxx[0]:.2f}x on wall time; goal: within 1.5x)")
    else:
        print("C++ BM_Eval7Array: no poker_bench in the build (POKER_BUILD_BENCHMARKS=OFF)")

    print("scaling with threads= (wall time):")
    for threads in sorted({1, 2, 4, 8, 16, cores} & set(range(1, cores + 1))):
        wall, _ = best_time(lambda: poker.evaluate(hands, threads=threads), args.repeat)
        print(f"  {threads:2d} threads: {wall / args.rows * 1e9:6.2f} ns/hand, {args.rows / wall / 1e6:8.1f} M hands/s, "
              f"{python_wall / (wall / args.rows * 1e9):5.2f}x one thread")
    unchecked, _ = best_time(lambda: poker.evaluate(hands, check=False), args.repeat)
    print(f"  all cores, check=False: {unchecked / args.rows * 1e9:6.2f} ns/hand")

    rows = hands[: args.reference_rows].tolist()
    wall, _ = best_time(lambda: [reference.score(hand) for hand in rows], 1)
    per_hand = wall / len(rows) * 1e9
    print(f"pure-Python best-of-21 scorer (python/tests/reference.py), {len(rows):,} rows: "
          f"{per_hand / 1e3:8.1f} us/hand, {len(rows) / wall / 1e3:6.1f} k hands/s: "
          f"poker.evaluate on one thread is {per_hand / python_wall:,.0f}x faster")
    for name in ("treys", "eval7", "phevaluator", "pokerkit"):
        try:
            importlib.import_module(name)
            print(f"{name}: installed but not measured here")
        except ImportError:
            print(f"{name}: not installed (not packaged in Debian 12)")


if __name__ == "__main__":
    main()
