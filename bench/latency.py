#!/usr/bin/env python3
"""Answer latency with a slow producer: poker reads a pipe that receives one
instance every 10 ms; reports how long each answer takes to come back after
the instance's last line was written (median, 99th percentile, max), and the
CPU time (user + sys) poker spent over the run: threads with nothing to do
while the pipe is empty must sleep, so every -j should cost about what -j 1
costs.

    bench/latency.py POKER [INSTANCES [THREADS...]]   (default: 200, -j 1 and 2)"""
import os
import statistics
import subprocess
import sys
import time

poker = sys.argv[1]
instances = int(sys.argv[2]) if len(sys.argv) > 2 else 200
for threads in sys.argv[3:] or ("1", "2"):
    child = subprocess.Popen([poker, "-j", threads], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    latencies = []
    for _ in range(instances):
        time.sleep(0.01)
        start = time.monotonic()
        child.stdin.write(b"Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n")
        line = child.stdout.readline()
        latencies.append(time.monotonic() - start)
        assert line == b"Player 1\n", line
    child.stdin.close()
    _, _, usage = os.wait4(child.pid, 0)
    child.returncode = 0  # reaped above
    latencies.sort()
    print(f"slow producer (an instance every 10 ms), -j {threads}: answer after "
          f"median {statistics.median(latencies) * 1e3:.2f} ms, "
          f"p99 {latencies[int(len(latencies) * 0.99) - 1] * 1e3:.2f} ms, max {latencies[-1] * 1e3:.2f} ms; "
          f"CPU {usage.ru_utime + usage.ru_stime:.3f} s")
