"""`python3 -m poker.dask` stopped by SIGINT or SIGTERM in each of its slow
phases (starting its local cluster, judging, writing its answers): it exits
130 or 143 within 100 ms, with one line on stderr, its answers written so
far whole lines, and its local cluster's worker processes end with it."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

pytest.importorskip(
    "distributed", reason="poker.dask needs python3-dask, python3-distributed and python3-fsspec (scripts/setup.sh)"
)
pytest.importorskip("fsspec", reason="poker.dask needs python3-fsspec (scripts/setup.sh)")

# 100 ms asked; a loaded machine's slack, as tests/e2e/interrupt_test.cpp's kPrompt.
BOUND_S = 1.0
SIGNALS = [signal.SIGINT, signal.SIGTERM]


def children(pid: int) -> set[int]:
    """The processes `pid`'s threads started (its cluster's workers, and
    multiprocessing's resource tracker)."""
    found: set[int] = set()
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as listed:
                found.update(int(child) for child in listed.read().split())
        except (FileNotFoundError, ProcessLookupError):
            pass
    return found


def workers(pid: int) -> set[int]:
    """The processes of `pid`'s local cluster's workers (started by
    multiprocessing's spawn_main)."""
    found = set()
    for child in children(pid):
        try:
            with open(f"/proc/{child}/cmdline", "rb") as command:
                if b"spawn_main" in command.read():
                    found.add(child)
        except (FileNotFoundError, ProcessLookupError):
            pass
    return found


def running(pid: int) -> bool:
    """Whether `pid` still runs (a zombie has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as status:
            return status.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def default_signals() -> None:
    # A command started with SIGINT ignored (a background job of a shell
    # without job control, as a CI script may run the tests) keeps it ignored.
    for signum in SIGNALS:
        signal.signal(signum, signal.SIG_DFL)


def start(arguments: list[str], stdout) -> subprocess.Popen:
    # Started as a shell's foreground job, the signals' actions their
    # defaults, in a process group of its own and its workers'.
    return subprocess.Popen(
        [sys.executable, "-m", "poker.dask", *arguments],
        stdout=stdout,
        stderr=subprocess.PIPE,
        preexec_fn=default_signals,
        process_group=0,
    )


def wait_for(condition, process: subprocess.Popen, what: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert process.poll() is None, f"the command ended before {what}: {process.stderr.read().decode()}"
        assert time.monotonic() < deadline, f"never {what}"
        time.sleep(0.002)


def stop_and_check(process: subprocess.Popen, signum: int) -> None:
    """Sends `signum` as a terminal's Ctrl-C sends SIGINT, to the process
    group (the workers too), and SIGTERM as kill(1) does, to the command;
    the command must end at once, as the CLI does."""
    started = children(process.pid)
    sent = time.monotonic()
    if signum == signal.SIGINT:
        os.killpg(process.pid, signum)
    else:
        process.send_signal(signum)
    try:
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    waited = time.monotonic() - sent
    stderr = process.stderr.read().decode()
    assert (process.returncode, stderr) == (128 + signum, f"poker.dask: interrupted by {signal.Signals(signum).name}\n")
    assert waited < BOUND_S, waited
    # Its workers, and multiprocessing's resource tracker, do not outlive it.
    deadline = time.monotonic() + 30
    while any(running(child) for child in started):
        assert time.monotonic() < deadline, [child for child in started if running(child)]
        time.sleep(0.01)


def generate(poker_cli: str, path: Path, *words: str) -> Path:
    subprocess.run([poker_cli, "generate", *words, "-o", str(path)], check=True, timeout=60)
    return path


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda signum: signal.Signals(signum).name)
def test_dask_command_stops_at_once_while_it_starts_its_local_cluster(poker_cli, tmp_path, signum):
    path = generate(poker_cli, tmp_path / "hands.txt", "holdem", "-n", "100")
    process = start(["--workers", "2", str(path)], subprocess.PIPE)
    # Its first worker process is started: the cluster is on its way up.
    wait_for(lambda: workers(process.pid), process, "it started a worker")
    stop_and_check(process, signum)
    assert process.stdout.read() == b""


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda signum: signal.Signals(signum).name)
def test_dask_command_stops_at_once_while_it_judges(poker_cli, tmp_path, signum):
    # Queries of a million deals each, a few a shard: minutes of judging.
    path = generate(poker_cli, tmp_path / "queries.txt", "equity", "-n", "2000")
    equity = ["-f", "equity", "--equity-option=--mc", "--equity-option=1000000"]
    process = start(["--workers", "2", "-j", "1", *equity, "--shard-size", "200", str(path)], subprocess.PIPE)
    # The first answers are out: the other shards are being judged.
    wait_for(lambda: select.select([process.stdout], [], [], 0)[0], process, "it answered")
    stop_and_check(process, signum)
    answers = os.read(process.stdout.fileno(), 1 << 20)
    assert answers.endswith(b"\n") and answers.count(b"\n") < 2000


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda signum: signal.Signals(signum).name)
def test_dask_command_stops_at_once_while_it_writes(poker_cli, tmp_path, signum):
    # Its answers go to a pipe nobody reads, of one page: the command waits
    # in a write.
    path = generate(poker_cli, tmp_path / "hands.txt", "holdem", "-n", "50000")
    read_end, write_end = os.pipe()
    try:
        page = fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)  # the least: one page
        process = start(["--workers", "2", "--shard-size", "64KiB", str(path)], write_end)
        os.close(write_end)
        write_end = -1

        def full() -> bool:
            waiting = bytearray(4)
            fcntl.ioctl(read_end, termios.FIONREAD, waiting)
            # Full but for part of an answer line: its next write waits.
            return int.from_bytes(waiting, sys.byteorder) > page - 100

        wait_for(full, process, "it filled the pipe")
        time.sleep(0.05)  # in its next write
        stop_and_check(process, signum)
        answers = b""
        while chunk := os.read(read_end, 1 << 16):
            answers += chunk
        # What it wrote is whole answers.
        assert 0 < len(answers) <= page and answers.endswith(b"\n"), answers[-40:]
    finally:
        os.close(read_end)
        if write_end >= 0:
            os.close(write_end)


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda signum: signal.Signals(signum).name)
def test_dask_command_stopped_leaves_whole_answers_in_its_output_file(poker_cli, tmp_path, signum):
    # The workers write their shards' answers into the output file, each at
    # its place, out of order: what a stop leaves is the answers before the
    # first shard not yet written, whole lines.
    path = generate(poker_cli, tmp_path / "hands.txt", "holdem", "-n", "100000")
    want = subprocess.run([poker_cli, "-i", str(path)], capture_output=True, check=True, timeout=60).stdout
    output = tmp_path / "answers.txt"
    process = start(["--workers", "2", "--shard-size", "16KiB", "-o", str(output), str(path)], subprocess.DEVNULL)
    wait_for(lambda: output.exists() and output.stat().st_size > 0, process, "it wrote answers")
    stop_and_check(process, signum)
    answers = output.read_bytes()
    assert len(answers) < len(want) and want.startswith(answers)
    assert answers == b"" or answers.endswith(b"\n")
