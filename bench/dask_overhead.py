#!/usr/bin/env python3
"""poker.dask's overhead: a 2-worker local cluster against `poker -j 2` on the
same page-cached file, and equity over a file of Monte Carlo queries.

    PYTHONPATH=build/release/python python3 bench/dask_overhead.py build/release/cli/poker \
        [--size 1G] [--shard-size 256MiB] [--queries 10000] [--samples 10000] [--reps 3]

Prints the median wall times and their ratio (the goal: at most 1.5x on 1 GiB),
with the CPU seconds each side spent (the cluster's: its worker processes,
scheduler and client together) and the load average. The cluster is started,
and its workers are up, before any timing: the times are those of a user
with a running cluster. The two sides run in turns, so that a change in the
machine's load falls on both. Both write their answers to a file and are
checked to be the same bytes.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import distributed

import poker.dask


def cpu_seconds(who: int = resource.RUSAGE_SELF) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def cluster_cpu_seconds(client) -> float:
    """CPU seconds of the cluster's workers, scheduler and this client (a
    LocalCluster's scheduler runs in this process: counted once)."""
    workers = sum(client.run(cpu_seconds).values())
    scheduler = 0.0 if client.run_on_scheduler(os.getpid) == os.getpid() else client.run_on_scheduler(cpu_seconds)
    return workers + scheduler + cpu_seconds()


def timed(function, cpu) -> tuple[float, float]:
    cpu_before, start = cpu(), time.perf_counter()
    function()
    return time.perf_counter() - start, cpu() - cpu_before


def compare(label: str, poker_cli: str, words: list[str], path: Path, client, reps: int, **judge) -> None:
    direct, cluster = path.with_suffix(".cli"), path.with_suffix(".dask")
    command = [poker_cli, *words, "-j", "2", "-i", str(path), "-o", str(direct)]
    cli_runs, dask_runs = [], []
    for _ in range(reps):
        cli_runs.append(
            timed(lambda: subprocess.run(command, check=True), lambda: cpu_seconds(resource.RUSAGE_CHILDREN))
        )
        dask_runs.append(
            timed(lambda: poker.dask.judge(str(path), client, output=str(cluster), **judge),
                  lambda: cluster_cpu_seconds(client))
        )
    if direct.read_bytes() != cluster.read_bytes():
        sys.exit(f"{label}: the answers differ")
    direct.unlink()
    cluster.unlink()
    cli, dask = (statistics.median(wall for wall, _ in runs) for runs in (cli_runs, dask_runs))
    cli_cpu, dask_cpu = (statistics.median(cpu for _, cpu in runs) for runs in (cli_runs, dask_runs))
    load = " ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"{label}: poker -j 2 {cli:.3f} s ({cli_cpu:.2f} s CPU), 2-worker LocalCluster {dask:.3f} s "
        f"({dask_cpu:.2f} s CPU), ratio {dask / cli:.2f}x wall, {dask_cpu / cli_cpu:.2f}x CPU; "
        f"medians of {reps}; load average {load}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("poker", help="the poker binary of the same build")
    parser.add_argument("--size", default="1G", help="hold'em input size for `poker generate --bytes` (default 1G)")
    parser.add_argument("--shard-size", default="256MiB")
    parser.add_argument("--queries", type=int, default=10000, help="Monte Carlo equity queries (0: none)")
    parser.add_argument("--samples", default="10000", help="deals per equity query (default 10000)")
    parser.add_argument("--equity-shard-size", default="16KiB",
                        help="equity's shards (default 16KiB: about 500 queries, 20 shards for 10,000)")
    parser.add_argument("--reps", type=int, default=3)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", host="127.0.0.1"
    ) as cluster, distributed.Client(cluster) as client:
        client.wait_for_workers(2)
        hands = Path(folder) / "hands.txt"
        subprocess.run([arguments.poker, "generate", "--bytes", arguments.size, "-o", str(hands)], check=True)
        subprocess.run(["cat", str(hands)], stdout=subprocess.DEVNULL, check=True)  # page-cached for both
        compare(f"hold'em, {arguments.size}", arguments.poker, [], hands, client, arguments.reps,
                shard_size=arguments.shard_size)
        if arguments.queries:
            queries = Path(folder) / "queries.txt"
            subprocess.run([arguments.poker, "generate", "equity", "-n", str(arguments.queries), "-o", str(queries)],
                           check=True)
            options = ["--mc", arguments.samples, "--seed", "1"]
            compare(f"equity, {arguments.queries} queries of {arguments.samples} deals", arguments.poker,
                    ["equity", *options], queries, client, arguments.reps, format="equity", options=options,
                    shard_size=arguments.equity_shard_size)


if __name__ == "__main__":
    main()
