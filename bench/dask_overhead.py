#!/usr/bin/env python3
"""poker.dask's overhead: a 2-worker local cluster against `poker -j 2` on the
same page-cached file, and equity over a file of Monte Carlo queries.

    PYTHONPATH=build/release/python python3 bench/dask_overhead.py build/release/cli/poker \
        [--size 1G] [--shard-size 256MiB] [--queries 10000] [--reps 3]

Prints the median wall times and their ratio (the goal: at most 1.5x on 1 GiB).
Both sides write their answers to a file and are checked to be the same bytes.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import distributed

import poker.dask


def timed(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def compare(label: str, poker_cli: str, words: list[str], path: Path, client, reps: int, **judge) -> None:
    direct, cluster = path.with_suffix(".cli"), path.with_suffix(".dask")
    cli_times = [
        timed(lambda: subprocess.run([poker_cli, *words, "-j", "2", "-i", str(path), "-o", str(direct)], check=True))
        for _ in range(reps)
    ]
    dask_times = [timed(lambda: poker.dask.judge(str(path), client, output=str(cluster), **judge)) for _ in range(reps)]
    if direct.read_bytes() != cluster.read_bytes():
        sys.exit(f"{label}: the answers differ")
    cli, dask = statistics.median(cli_times), statistics.median(dask_times)
    print(f"{label}: poker -j 2 {cli:.3f} s, 2-worker LocalCluster {dask:.3f} s, ratio {dask / cli:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("poker", help="the poker binary of the same build")
    parser.add_argument("--size", default="1G", help="hold'em input size for `poker generate --bytes` (default 1G)")
    parser.add_argument("--shard-size", default="256MiB")
    parser.add_argument("--queries", type=int, default=10000, help="Monte Carlo equity queries (0: none)")
    parser.add_argument("--samples", default="10000", help="deals per equity query (default 10000)")
    parser.add_argument("--reps", type=int, default=3)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", host="127.0.0.1"
    ) as cluster, distributed.Client(cluster) as client:
        client.wait_for_workers(2)
        hands = Path(folder) / "hands.txt"
        subprocess.run([arguments.poker, "generate", "--bytes", arguments.size, "-o", str(hands)], check=True)
        hands.read_bytes()  # page-cached for both
        compare(f"hold'em, {arguments.size}", arguments.poker, [], hands, client, arguments.reps,
                shard_size=arguments.shard_size)
        if arguments.queries:
            queries = Path(folder) / "queries.txt"
            subprocess.run([arguments.poker, "generate", "equity", "-n", str(arguments.queries), "-o", str(queries)],
                           check=True)
            options = ["--mc", arguments.samples, "--seed", "1"]
            compare(f"equity, {arguments.queries} queries of {arguments.samples} deals", arguments.poker,
                    ["equity", *options], queries, client, arguments.reps, format="equity", options=options,
                    shard_size="64KiB")


if __name__ == "__main__":
    main()
