#!/usr/bin/env python3
"""CPU time while poker waits on a pipe: threads with nothing to do must sleep.

Two runs per thread count, medians of REPS:
  input   FILE is fed to `poker -j N` through a pipe at IN_RATE MB/s, in
          64 KiB writes: the run keeps waiting for its input;
  output  `poker -j N -i FILE` writes its answers into a pipe that is read
          at OUT_RATE MB/s, 64 KiB at a time: the run keeps waiting for room.
The wall time is the pipe's pace either way; the CPU time (user + sys of
poker alone) should be about that of -j 1 at every -j. Before the wait hook
(poker::release_threads_while_waiting) oneTBB's idle threads spun through
those waits.

    bench/waiting_cpu.py POKER FILE [THREADS...]      (default: 1 2)
    IN_RATE=100 OUT_RATE=10 REPS=3 bench/waiting_cpu.py ...
"""
import os
import statistics
import subprocess
import sys
import threading
import time

BLOCK = 64 * 1024


def paced(total_bytes, rate, step):
    """Calls step(n) for each block of at most BLOCK bytes, at `rate` bytes/s."""
    start = time.monotonic()
    done = 0
    while done < total_bytes:
        n = step()
        if n <= 0:
            return
        done += n
        delay = start + done / rate - time.monotonic()
        if delay > 0:
            time.sleep(delay)


def run(poker, path, threads, direction, rate):
    """(wall seconds, poker's CPU seconds) of one run."""
    start = time.monotonic()
    if direction == "input":
        child = subprocess.Popen([poker, "-q", "-j", threads, "-o", "/dev/null"], stdin=subprocess.PIPE)
        with open(path, "rb") as source:
            def feed():
                block = source.read(BLOCK)
                if block:
                    child.stdin.write(block)
                return len(block)
            paced(os.path.getsize(path), rate, feed)
        child.stdin.close()
    else:
        child = subprocess.Popen([poker, "-q", "-j", threads, "-i", path], stdout=subprocess.PIPE)
        reader = threading.Thread(target=paced, args=(1 << 62, rate, lambda: len(child.stdout.read1(BLOCK))))
        reader.start()
        reader.join()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit(f"waiting_cpu.py: poker -j {threads} ({direction}) exited with {child.returncode}")
    return time.monotonic() - start, usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    poker, path = sys.argv[1], sys.argv[2]
    thread_counts = sys.argv[3:] or ["1", "2"]
    rates = {"input": float(os.environ.get("IN_RATE", "100")), "output": float(os.environ.get("OUT_RATE", "10"))}
    reps = int(os.environ.get("REPS", "3"))
    for direction in ("input", "output"):
        for threads in thread_counts:
            runs = [run(poker, path, threads, direction, rates[direction] * 1e6) for _ in range(reps)]
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            print(f"waiting on its {direction} ({rates[direction]:g} MB/s), -j {threads}: "
                  f"wall {wall:.3f} s, CPU {cpu:.3f} s")


if __name__ == "__main__":
    main()
