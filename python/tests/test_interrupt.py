"""Ctrl-C during a call that waits or computes for long: the call raises
KeyboardInterrupt promptly, as a Python loop would, instead of running on
until it ends by itself. Each case runs in a child Python that is sent
SIGINT once it is known to be inside the call."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

# Generous for a loaded machine; the call itself looks for signals every 20 ms.
BOUND_S = 5.0

# The child: CALL runs once a line "ready N" (N: its thread count) is out;
# it ends printing "interrupted T" (T: time.monotonic(), comparable across
# processes) or "returned". It installs Python's SIGINT handler itself: a
# Python started with SIGINT ignored (a background job of a shell without
# job control, as a CI script may start the tests) keeps it ignored, and
# would never see the signal these tests send.
CHILD = """
import os, signal, sys, time
import numpy as np
import poker
signal.signal(signal.SIGINT, signal.default_int_handler)
{setup}
print("ready", len(os.listdir("/proc/self/task")), flush=True)
try:
    {call}
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), flush=True)
    sys.exit(0)
print("returned", flush=True)
sys.exit(1)
"""


def thread_count(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except FileNotFoundError:
        return 0


def interrupt_inside_call(call: str, setup: str = "", stdin=subprocess.DEVNULL) -> float:
    """Runs `call` in a child, sends SIGINT once the call has started its own
    thread (so it is inside the call), and returns the seconds from the
    signal to the KeyboardInterrupt."""
    script = CHILD.format(setup=textwrap.dedent(setup), call=call)
    child = subprocess.Popen([sys.executable, "-c", script], stdin=stdin, stdout=subprocess.PIPE, text=True)
    try:
        ready = child.stdout.readline().split()
        assert ready and ready[0] == "ready", ready
        before = int(ready[1])
        deadline = time.monotonic() + 60
        while thread_count(child.pid) <= before:  # the call's thread has not started yet
            assert child.poll() is None, "the child ended before the call began"
            assert time.monotonic() < deadline, "the call never started its thread"
            time.sleep(0.005)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    words = out.split()
    assert child.returncode == 0 and words[:1] == ["interrupted"], out
    latency = float(words[1]) - sent
    assert latency < BOUND_S, latency
    return latency


def test_ctrl_c_interrupts_judge_file_opening_a_fifo_without_a_writer(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    interrupt_inside_call(f"poker.judge_file({str(fifo)!r})")


def test_ctrl_c_interrupts_judge_file_on_a_stalled_fifo(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    # Held open for writing here (O_RDWR does not wait for a reader), with
    # half an instance in it and nothing more coming.
    writer = os.open(fifo, os.O_RDWR)
    try:
        os.write(writer, b"Ah Kh\n")
        interrupt_inside_call(f"poker.judge_file({str(fifo)!r})")
    finally:
        os.close(writer)


def test_ctrl_c_interrupts_judge_file_on_a_silent_stdin():
    read_end, write_end = os.pipe()
    try:
        interrupt_inside_call("poker.judge_file('-')", stdin=read_end)
    finally:
        os.close(read_end)
        os.close(write_end)


@pytest.mark.parametrize("threads", [None, 1])
def test_ctrl_c_interrupts_a_long_equity(threads):
    interrupt_inside_call(f"poker.equity(['AhKh', 'QsQd'], samples=10**12, threads={threads})")


def test_a_signal_whose_handler_does_not_raise_leaves_the_call_running(tmp_path):
    """Only a handler that raises stops the work: SIGUSR1's here records its
    arrival, and judge_file goes on to return the answers once the FIFO's
    writer sends them."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    script = textwrap.dedent(f"""
        import os, signal, sys
        import poker
        seen = []
        signal.signal(signal.SIGUSR1, lambda *_: seen.append(1))
        print("ready", len(os.listdir("/proc/self/task")), flush=True)
        print(poker.judge_file({str(fifo)!r}).tolist(), len(seen), flush=True)
        """)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        before = int(child.stdout.readline().split()[1])
        deadline = time.monotonic() + 60
        while thread_count(child.pid) <= before:
            assert child.poll() is None and time.monotonic() < deadline
            time.sleep(0.005)
        child.send_signal(signal.SIGUSR1)
        # The handler runs within the call; then the writer comes.
        with open(fifo, "wb") as writer:
            writer.write(b"Ah Kh\n2c 3d\nQs Jd 9c 7h 5s\n")
        out, _ = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0
    assert out.split("\n")[0] == "[0] 1"
