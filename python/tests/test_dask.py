"""poker.dask on a local cluster of 2 worker processes: the bytes and the
first error of `poker -i FILE` (and of `poker omaha|shortdeck ... -i FILE` for
the variants), whatever the shards, the faults planted in the file, or a
worker killed mid-run; a file changed under the run is an error."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

distributed = pytest.importorskip(
    "distributed", reason="poker.dask needs python3-dask, python3-distributed and python3-fsspec (scripts/setup.sh)"
)
pytest.importorskip("fsspec", reason="poker.dask needs python3-fsspec (scripts/setup.sh)")

import poker  # noqa: E402
import poker.dask  # noqa: E402
import dask.utils  # noqa: E402

from conftest import cli_error_line, run_cli, without_hint  # noqa: E402

# The CLI's subcommand words and generate's FORMAT for each format.
FORMATS = {
    "holdem": ([], "holdem"),
    "euler": (["euler"], "euler"),
    "eval": (["eval"], "eval"),
    "draw": (["draw"], "draw"),
}


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", host="127.0.0.1"
    )
    with distributed.Client(cluster) as client:
        client.wait_for_workers(2)
        yield client
    cluster.close()


def generate(poker_cli: str, path: Path, format_name: str, instances: int, seed: int, *extra: str) -> bytes:
    subprocess.run(
        [poker_cli, "generate", format_name, "-n", str(instances), "--seed", str(seed), "-o", str(path), *extra],
        check=True,
        timeout=60,
    )
    return path.read_bytes()


def expected(poker_cli: str, words: list[str], path: Path) -> tuple[bytes, str | None]:
    """`poker -i FILE`'s answers, and its error line through its "(instance N)"
    (the hint names a command to type, InputError's the format= to pass)."""
    result = run_cli(poker_cli, *words, "-j", "2", input_path=path)
    assert result.returncode in (0, 1), result.stderr
    return result.stdout, (cli_error_line(result).removeprefix("poker: ") if result.returncode == 1 else None)


def judged(
    client, path, shard_size, format_name="holdem", players=2, options=(), **variant
) -> tuple[bytes, str | None]:
    """poker.dask's answers and error line, as expected() gives the CLI's;
    `variant`: omaha's hole= and hilo=."""
    try:
        answers = poker.dask.judge(
            str(path), client, format_name, players, shard_size=shard_size, options=options, **variant
        )
        return answers, None
    except poker.InputError as error:
        return error.answers, without_hint(str(error)) + "\n"


def plant(rng: np.random.Generator, text: bytes, shard_size: int) -> bytes:
    """A fault near a shard boundary, on a line end, or at the end: a byte
    replaced, a newline added or taken away, blank lines, the file cut."""
    boundaries = list(range(shard_size, len(text), shard_size)) or [len(text) // 2]
    at = int(rng.choice(boundaries)) + int(rng.integers(-3, 4))
    at = min(max(at, 0), len(text) - 1)
    kind = rng.integers(0, 7)
    if kind == 0:
        return text[:at] + b"x" + text[at + 1 :]
    if kind == 1:
        return text[:at] + b"\n" + text[at:]
    if kind == 2:  # a line end taken away
        end = text.find(b"\n", at)
        return text if end < 0 else text[:end] + b" " + text[end + 1 :]
    if kind == 3:  # blank lines on a line end, text after them
        end = text.find(b"\n", at)
        return text if end < 0 else text[: end + 1] + b"\n \n" + text[end + 1 :]
    if kind == 4:  # trailing blank lines: allowed
        return text + b"\n\t\n\n"
    if kind == 5:  # cut short
        return text[:at]
    return text.rstrip(b"\n")  # no final newline


@pytest.mark.parametrize("format_name", sorted(FORMATS))
def test_dask_answers_are_the_cli_answers_with_faults_at_shard_boundaries(
    client, poker_cli, tmp_path, format_name
):
    words, generated = FORMATS[format_name]
    rng = np.random.default_rng(sum(map(ord, format_name)))
    text = generate(poker_cli, tmp_path / "valid.txt", generated, 300 if format_name != "draw" else 20, 7)
    for trial in range(6):
        shard_size = int(rng.choice([1024, 1500, 4096, 1 << 20]))
        path = tmp_path / f"planted{trial}.txt"
        path.write_bytes(plant(rng, text, shard_size) if trial else text)
        want = expected(poker_cli, words, path)
        assert judged(client, path, shard_size, format_name) == want, (trial, shard_size)


def test_dask_holdem_players_and_shards_from_one_kib(client, poker_cli, tmp_path):
    path = tmp_path / "five.txt"
    generate(poker_cli, path, "5", 400, 3, "--error-at", "377", "--error-kind", "duplicate")
    want = expected(poker_cli, ["-p", "5"], path)
    assert want[1] is not None
    for shard_size in (1024, 1025, 3000, "64KiB"):
        assert judged(client, path, shard_size, "holdem", 5) == want, shard_size


def test_dask_equity_file_is_poker_equity(client, poker_cli, tmp_path):
    path = tmp_path / "queries.txt"
    generate(poker_cli, path, "equity", 12, 5)
    options = ["--mc", "2000", "--seed", "3"]
    want = expected(poker_cli, ["equity", *options], path)
    assert want[1] is None
    assert poker.dask.equity_file(str(path), client, options, shard_size=100) == want[0]


def test_dask_many_files_in_order_to_an_output_file(client, poker_cli, tmp_path):
    paths = []
    for index in range(4):
        paths.append(tmp_path / f"part{index}.txt")
        generate(poker_cli, paths[-1], "holdem", 200 + 50 * index, 10 + index)
    output = tmp_path / "answers.txt"
    assert poker.dask.judge([str(path) for path in paths], client, output=str(output), shard_size="2KiB") is None
    assert output.read_bytes() == b"".join(expected(poker_cli, [], path)[0] for path in paths)
    # A glob: the files in name order.
    assert poker.dask.judge(str(tmp_path / "part*.txt"), client, shard_size="2KiB") == output.read_bytes()


def test_dask_answers_stay_exact_when_a_worker_is_killed(client, poker_cli, tmp_path):
    path = tmp_path / "big.txt"
    generate(poker_cli, path, "holdem", 40000, 11)
    want = expected(poker_cli, [], path)
    before = client.run(os.getpid)
    victim = sorted(before.values())[0]
    result: dict = {}

    def run() -> None:
        try:
            result["answers"] = judged(client, path, 8192)
        except BaseException as error:  # handed to the test's thread
            result["error"] = error

    runner = threading.Thread(target=run)
    runner.start()
    # Mid-run: once the workers hold finished shards.
    started = threading.Event()
    while runner.is_alive() and not started.is_set():
        if client.run_on_scheduler(lambda dask_scheduler: sum(1 for t in dask_scheduler.tasks.values() if t.state == "memory")):
            started.set()
        else:
            started.wait(0.01)
    killed_mid_run = runner.is_alive()
    os.kill(victim, signal.SIGKILL)
    runner.join(timeout=100)
    assert killed_mid_run  # 266 tasks: far from done when the first is
    assert not runner.is_alive()
    assert "error" not in result, result.get("error")
    assert result["answers"] == want
    client.wait_for_workers(2, timeout=60)
    assert victim not in client.run(os.getpid).values()


def test_dask_a_file_changed_after_the_count_is_an_error(client, poker_cli, tmp_path):
    path = tmp_path / "changing.txt"
    text = generate(poker_cli, path, "holdem", 300, 4)
    fs, paths = poker.dask._paths(str(path))
    stamp = poker.dask._stamp(fs, paths[0])
    spec = poker.dask._spec("holdem", 2, ())
    count = client.submit(poker.dask._count_shard, fs, paths[0], stamp, 0, 4096, pure=False).result()
    # The same size and modification time, a newline gone: the recount sees it.
    status = os.stat(path)
    changed = text.replace(b"\n", b" ", 1)
    assert changed != text and len(changed) == len(text)
    path.write_bytes(changed)
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    future = client.submit(poker.dask._judge_shard, fs, paths[0], stamp, 0, 4096, 0, count, spec, pure=False)
    with pytest.raises(poker.dask.FileChangedError):
        future.result()
    # Grown: its size says so.
    path.write_bytes(text + text)
    future = client.submit(poker.dask._judge_shard, fs, paths[0], stamp, 0, 4096, 0, count, spec, pure=False)
    with pytest.raises(poker.dask.FileChangedError, match="changed while it was being judged"):
        future.result()


def test_dask_command_matches_the_cli_and_an_unreachable_scheduler_is_status_3(client, poker_cli, tmp_path):
    path = tmp_path / "hands.txt"
    generate(poker_cli, path, "3", 200, 6, "--error-at", "150")
    want = expected(poker_cli, ["-p", "3"], path)
    address = client.scheduler.address
    command = [sys.executable, "-m", "poker.dask", "--scheduler", address, "-p", "3", "--shard-size", "1KiB", str(path)]
    result = subprocess.run(command, capture_output=True, timeout=120)
    assert result.returncode == 1, result.stderr
    assert (result.stdout, result.stderr.decode().removeprefix("poker.dask: ")) == want
    # A usage error, before any scheduler is reached.
    result = subprocess.run([sys.executable, "-m", "poker.dask", "-j", "0", str(path)], capture_output=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert result.stderr.decode() == "poker.dask: threads must be at least 1, not 0\n"
    # Nothing listens on port 1 of the loopback.
    result = subprocess.run(
        [sys.executable, "-m", "poker.dask", "--scheduler", "tcp://127.0.0.1:1", str(path)],
        capture_output=True,
        timeout=120,
    )
    assert result.returncode == 3
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("poker.dask: cannot reach the scheduler at tcp://127.0.0.1:1"), lines


def test_dask_an_instance_over_one_mib_across_shard_ends_is_the_cli_error(client, poker_cli, tmp_path):
    # Blanks between two cards of a board: a line longer than the 1 MiB an
    # instance may take, over many shards, and one just under the limit.
    text = generate(poker_cli, tmp_path / "valid.txt", "holdem", 60, 8)
    lines = text.split(b"\n")
    for name, at, blanks in (("over", 90, (1 << 20) + 100), ("under", 90, (1 << 20) - 200), ("last", 177, 3 << 20)):
        long_lines = list(lines)
        cut = long_lines[at].index(b" ")
        long_lines[at] = long_lines[at][:cut] + b" " * blanks + long_lines[at][cut:]
        path = tmp_path / f"{name}.txt"
        path.write_bytes(b"\n".join(long_lines))
        want = expected(poker_cli, [], path)
        assert (want[1] is None) == (name == "under"), want[1]
        for shard_size in ("64KiB", 1000003):
            assert judged(client, path, shard_size) == want, (name, shard_size)


def test_dask_a_run_of_blank_lines_over_one_mib_is_the_cli_outcome(client, poker_cli, tmp_path):
    text = generate(poker_cli, tmp_path / "valid.txt", "holdem", 60, 9)
    blank_lines = b" \t\n\n" * 300000
    for name, content in (("mid", text + blank_lines + text), ("end", text + blank_lines)):
        path = tmp_path / f"{name}.txt"
        path.write_bytes(content)
        want = expected(poker_cli, [], path)
        assert (want[1] is None) == (name == "end"), want[1]
        for shard_size in ("64KiB", 1000003):
            assert judged(client, path, shard_size) == want, (name, shard_size)


def test_dask_answers_a_worker_cannot_write_in_place_are_written_by_the_client(client, poker_cli, tmp_path):
    # The workers are told of an output that is not the client's file (absent
    # on their machine, or another file there): each hands its answers back.
    path = tmp_path / "hands.txt"
    generate(poker_cli, path, "holdem", 400, 12)
    want = expected(poker_cli, [], path)[0]
    fs, paths = poker.dask._paths(str(path))
    spec = poker.dask._spec("holdem", 2, ())
    other = tmp_path / "other.txt"
    other.write_bytes(b"untouched\n")
    for workers_see in (tmp_path / "absent.txt", other):
        output = tmp_path / "answers.txt"
        with open(output, "wb") as sink:
            poker.dask._judge_files(client, fs, paths, spec, 2048, sink, written_by_workers=str(workers_see))
        assert output.read_bytes() == want
    assert other.read_bytes() == b"untouched\n"
    assert not (tmp_path / "absent.txt").exists()


@pytest.mark.parametrize("players", [2, 3, 8])
def test_dask_holdem_judged_in_one_pass_is_the_cli_at_small_shards(client, poker_cli, tmp_path, players):
    # Each shard finds its phase from its own board lines: from 1 KiB shards
    # (a few instances of 8 players), valid and with an error near the end.
    path = tmp_path / "valid.txt"
    generate(poker_cli, path, str(players), 300, 20 + players)
    bad = tmp_path / "bad.txt"
    generate(poker_cli, bad, str(players), 300, 20 + players, "--error-at", "250")
    for file in (path, bad):
        want = expected(poker_cli, ["-p", str(players)], file)
        assert (want[1] is None) == (file == path), want[1]
        for shard_size in (1024, 1500, 4096):
            assert judged(client, file, shard_size, "holdem", players) == want, (file.name, shard_size)


def one_pass_phase(client, path: Path, begin: int, end: int, players: int) -> int | None:
    fs, paths = poker.dask._paths(str(path))
    spec = poker.dask._spec("holdem", players, ())
    stamp = poker.dask._stamp(fs, paths[0])
    task = client.submit(poker.dask._judge_shard_in_one_pass, fs, paths[0], stamp, begin, end, spec, pure=False)
    return task.result()[5]


def test_dask_a_wrong_phase_found_in_one_pass_is_judged_again_exactly(client, poker_cli, tmp_path):
    # A player line of five cards just after a shard's begin: the shard
    # takes it for a board, a phase its counts contradict; the shard is
    # judged again from the counts, to the CLI's answers and error.
    players, shard_size = 3, 2048
    text = generate(poker_cli, tmp_path / "valid.txt", str(players), 400, 31)
    lines = text.split(b"\n")
    # 0-based: the first line that begins inside shard 1 (its first line may not).
    first_whole = text[:shard_size].count(b"\n") + 1
    lines[first_whole] += b" 2c 3c 4c"  # five cards on a player's line, or eight on a board
    if first_whole % (players + 1) == players:
        lines[first_whole + 1] += b" 2c 3c 4c"
    path = tmp_path / "five_on_a_player_line.txt"
    path.write_bytes(b"\n".join(lines))
    newlines_before = path.read_bytes()[:shard_size].count(b"\n")
    assert one_pass_phase(client, path, shard_size, 2 * shard_size, players) != newlines_before % (players + 1)
    want = expected(poker_cli, ["-p", str(players)], path)
    assert want[1] is not None and want[1].split(":")[1] == str(first_whole + 1)
    assert judged(client, path, shard_size, "holdem", players) == want


def test_dask_shards_inside_a_run_of_blank_lines_are_the_cli_outcome(client, poker_cli, tmp_path):
    # Shards whose lines are all blank find no phase (judged from the counts);
    # the one where the run begins finds its phase before it, and its error
    # at the run's first line must be the input's line.
    text = generate(poker_cli, tmp_path / "valid.txt", "3", 100, 32)
    blank_lines = b"\n \n\t\n" * 2000
    path = tmp_path / "blank.txt"
    for content in (text + blank_lines + text, text + blank_lines, text[:1500] + blank_lines + text[1500:]):
        path.write_bytes(content)
        assert one_pass_phase(client, path, len(text) + 1024, len(text) + 2048, 3) is None
        want = expected(poker_cli, ["-p", "3"], path)
        for shard_size in (1024, 1500, 4096):
            assert judged(client, path, shard_size, "holdem", 3) == want, shard_size


def test_dask_tasks_share_their_machines_cores_among_its_workers(client):
    # Two workers on this machine: each task judges with half its cores, so
    # that the two do not take turns; given threads are kept.
    assert poker.dask._spec("holdem", 2, ())[4] is None  # none given: shared at the run's start
    shared = tuple(sorted((info["host"], 2) for info in client.scheduler_info()["workers"].values()))[:1]
    cores = len(os.sched_getaffinity(0))
    assert client.submit(poker.dask._task_threads, shared, pure=False).result() == max(1, cores // 2)
    assert client.submit(poker.dask._task_threads, (("192.0.2.1", 2),), pure=False).result() is None
    assert client.submit(poker.dask._task_threads, 3, pure=False).result() == 3


def test_dask_a_short_remainder_joins_the_last_shard(client, poker_cli, tmp_path):
    # A file a few bytes over a round size: no last shard too short to tell
    # its phase; the answers are the CLI's still.
    assert poker.dask._shard_bounds(3 * 4096 + 30, 4096) == [(0, 4096), (4096, 8192), (8192, 3 * 4096 + 30)]
    assert poker.dask._shard_bounds(1 << 20, 256 << 10)[-1] == (768 << 10, 1 << 20)
    assert poker.dask._shard_bounds((1 << 20) + (64 << 10), 256 << 10)[-1] == (1 << 20, (1 << 20) + (64 << 10))
    assert poker.dask._shard_bounds(100, 4096) == [(0, 100)]
    path = tmp_path / "hands.txt"
    text = generate(poker_cli, path, "holdem", 300, 33)
    shard_size = len(text) // 3 - 20  # three shards and a remainder of about 60 bytes
    assert len(poker.dask._shard_bounds(len(text), shard_size)) == 3
    assert judged(client, path, shard_size) == expected(poker_cli, [], path)


def command(*arguments: str, **options) -> subprocess.CompletedProcess:
    """`python3 -m poker.dask ARGUMENTS`, run to its end."""
    options.setdefault("capture_output", True)
    return subprocess.run([sys.executable, "-m", "poker.dask", *arguments], timeout=120, **options)


def test_dask_refuses_an_output_that_is_an_input_before_writing(client, poker_cli, tmp_path):
    # Opening the output truncates it: were it an input, the run would judge
    # an empty file and leave the input empty, as `poker -o f f` would not.
    path = tmp_path / "in.txt"
    text = generate(poker_cli, path, "holdem", 50, 40)
    other = tmp_path / "other.txt"
    other.write_bytes(text)
    link = tmp_path / "link.txt"
    link.symlink_to(path)
    for output in (path, link):
        for inputs in (str(path), [str(other), str(path)], str(tmp_path / "*.txt")):
            with pytest.raises(ValueError, match=f"^{output}: is the input file; refusing to overwrite it$"):
                poker.dask.judge(inputs, client, output=str(output))
            assert path.read_bytes() == text
    # The command: status 2 and the CLI's line, the local cluster never started.
    result = command("--workers", "1", "-o", str(path), str(path))
    assert (result.returncode, result.stdout) == (2, b""), result.stderr
    assert result.stderr.decode() == f"poker.dask: {path}: is the input file; refusing to overwrite it\n"
    assert path.read_bytes() == text
    # Standard output appending to the input.
    with open(path, "ab") as stdout:
        address = client.scheduler.address
        result = command("--scheduler", address, str(path), capture_output=False, stdout=stdout, stderr=subprocess.PIPE)
    assert result.returncode == 2
    assert result.stderr.decode() == "poker.dask: <stdout>: is the input file; refusing to overwrite it\n"
    assert path.read_bytes() == text
    # Another file is written as before.
    assert poker.dask.judge(str(path), client, output=str(other)) is None
    assert other.read_bytes() == expected(poker_cli, [], path)[0]


def test_dask_refuses_files_it_cannot_cut_into_shards(client, tmp_path):
    # A device, a FIFO, or a file whose size is not its length (procfs and
    # sysfs): no size to cut into shards. Refused at once, never judged as
    # empty, never waited on.
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    cases = [
        ("/dev/zero", "/dev/zero: not a regular file (a character device)"),
        (str(fifo), f"{fifo}: not a regular file (a FIFO)"),
        ("/proc/cpuinfo", "/proc/cpuinfo: its size (0 bytes) is not its length"),
    ]
    sysfs = "/sys/kernel/mm/transparent_hugepage/enabled"
    if os.path.exists(sysfs):
        cases.append((sysfs, f"{sysfs}: its size ({os.stat(sysfs).st_size} bytes) is not its length"))
    for path, message in cases:
        with pytest.raises(ValueError, match="^" + re.escape(message)):
            poker.dask.judge(path, client)
        result = command("--scheduler", client.scheduler.address, path)
        assert (result.returncode, result.stdout) == (2, b""), (path, result.stderr)
        lines = result.stderr.decode().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"poker.dask: {message}"), lines
        assert "poker -i" in lines[0]
    # An empty regular file is judged: no answers.
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    assert poker.dask.judge(str(empty), client) == b""


def test_dask_refuses_more_shards_a_file_than_it_can_schedule(client, poker_cli, tmp_path, monkeypatch):
    # A shard a byte: a task each, scheduled one after another by the client;
    # an 81 KB file would take many minutes. Refused, with the size to give.
    path = tmp_path / "hands.txt"
    text = generate(poker_cli, path, "holdem", 3000, 41)
    assert len(text) > poker.dask.MAX_SHARDS_PER_FILE
    least = -(-len(text) // poker.dask.MAX_SHARDS_PER_FILE)
    message = (
        f"{path}: {len(text)} bytes in shards of 1 byte are {len(text)} shards, more than "
        f"{poker.dask.MAX_SHARDS_PER_FILE} a file: give a shard size of at least {least} bytes"
    )
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        poker.dask.judge(str(path), client, shard_size=1)
    result = command("--workers", "1", "--shard-size", "1", str(path))
    assert (result.returncode, result.stdout, result.stderr.decode()) == (2, b"", f"poker.dask: {message}\n")
    # The least size is taken (under a lower cap: 10,000 shards take minutes here).
    monkeypatch.setattr(poker.dask, "MAX_SHARDS_PER_FILE", 20)
    least = -(-len(text) // 20)
    with pytest.raises(ValueError, match=f"give a shard size of at least {least} bytes$"):
        poker.dask.judge(str(path), client, shard_size=least - 1)
    assert poker.dask.judge(str(path), client, shard_size=least) == expected(poker_cli, [], path)[0]


@pytest.mark.parametrize("format_name", ["holdem", "euler", "eval", "draw"])
def test_dask_refuses_options_for_the_judge_formats(client, tmp_path, format_name):
    path = tmp_path / "hands.txt"
    path.write_bytes(b"")
    message = f"options are equity's: format {format_name} takes none (given '--mc')"
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        poker.dask.judge(str(path), client, format_name, options=["--mc", "1000"])
    result = command("-f", format_name, "--equity-option=--mc", "--equity-option=1000", str(path))
    assert (result.returncode, result.stderr.decode()) == (
        2,
        f"poker.dask: --equity-option is equity's: --format {format_name} takes none (given '--mc')\n",
    )


@pytest.mark.parametrize(
    "options, message",
    [
        (["-o", "X"], "equity options: unknown option '-o': expected --board, --dead, --exact, --mc, --time, --seed or --game"),
        (["--exact", "--mc", "100"], "equity options: '--mc' after an earlier '--exact', '--mc' or '--time'"),
        (["--mc"], "equity options: missing a value after '--mc'"),
        (
            ["--seed", "x"],
            "equity options: expected a seed (a whole number from 0 to 18446744073709551615) after '--seed', found 'x'",
        ),
        (["AhKh"], "equity options: expected only options, found a hand"),
    ],
)
def test_dask_equity_options_are_read_as_poker_equity_reads_them(client, tmp_path, options, message):
    # Each option by its own name: '-o' is no seed, and '--exact' takes no value.
    path = tmp_path / "queries.txt"
    path.write_bytes(b"AhKh QsQd\n")
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        poker.dask.equity_file(str(path), client, options)
    result = command("-f", "equity", *(f"--equity-option={option}" for option in options), str(path))
    assert (result.returncode, result.stderr.decode()) == (2, f"poker.dask: {message}\n")


def test_dask_equity_options_of_every_kind_are_taken(client, poker_cli, tmp_path):
    # As `poker equity` takes them: --exact without a value, lone cards after
    # --board, values after '='.
    path = tmp_path / "queries.txt"
    path.write_bytes(b"AhKh QsQd --board 2c3d4h\nJsTs 9h9d --board Ac7d2s5h\nAsKd 7c7s --board 9c8d3h\n")
    for options, cli_options in (
        (["--exact", "--dead", "8c"], ["--exact", "--dead", "8c"]),
        (["--board", "Ts", "9s", "--mc=3000", "--seed=4"], ["--board", "Ts9s", "--mc", "3000", "--seed", "4"]),
    ):
        want = expected(poker_cli, ["equity", *cli_options], path)
        assert judged(client, path, "1MiB", "equity", 2, options) == want, options


def test_dask_equity_of_the_variants_is_poker_equitys(client, poker_cli, tmp_path):
    # --game as a default of the file and as a line's own option.
    path = tmp_path / "queries.txt"
    path.write_bytes(
        b"AhAsKdKc QhQsJdTc --board 2c3d4h7s\n"
        b"AhAs KdKc --game shortdeck --board 6c7d8h\n"
        b"Ah2s3dKc QhQsJdTc --game omaha-hilo --board 4c5d8h9s\n"
        b"AhAsKdKcQc 7h7d8d8c9c --game omaha5 --board 2c3d4h7s\n"
    )
    for options in (["--game", "omaha", "--seed", "2"], ["--game=omaha", "--exact"]):
        want = expected(poker_cli, ["equity", *options], path)
        assert want[1] is None
        assert judged(client, path, 60, "equity", 2, options) == want, options


def test_dask_refuses_an_empty_path(client, tmp_path, monkeypatch):
    # fsspec reads "" as the current folder.
    monkeypatch.chdir(tmp_path)
    for urlpath in ("", [""], ["hands.txt", ""]):
        with pytest.raises(ValueError, match="^path must not be empty$"):
            poker.dask.judge(urlpath, client)
    result = command("")
    assert (result.returncode, result.stderr.decode()) == (2, "poker.dask: path must not be empty\n")


def test_dask_a_file_changed_mid_run_is_one_line_on_stderr(poker_cli, tmp_path):
    # Every task that meets the change stops with it; Dask's workers log each
    # task that raises, with its arguments and traceback. One line is said.
    path = tmp_path / "queries.txt"
    generate(poker_cli, path, "equity", 300, 43)
    equity = ["-f", "equity", "--equity-option=--mc", "--equity-option=200000"]
    process = subprocess.Popen(
        [sys.executable, "-m", "poker.dask", "--workers", "2", "-j", "1", *equity, "--shard-size", "200", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        first = process.stdout.readline()  # the first shard's answers: the others are being judged
        with open(path, "ab") as grown:
            grown.write(b"AhKh QsQd\n")
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert first.endswith(b"\n") and (first + out).count(b"\n") < 300
    message = f"poker.dask: {path}: the file changed while it was being judged\n"
    assert (process.returncode, err.decode()) == (3, message)


def test_dask_raises_judge_files_input_error_with_its_instance_and_hint(client, poker_cli, tmp_path):
    text = generate(poker_cli, tmp_path / "valid.txt", "holdem", 200, 3)
    lines = text.splitlines(keepends=True)
    for name, data in {
        # An invalid card on line 150, many shards in.
        "card.txt": b"".join(lines[:149]) + lines[149].replace(b" ", b" Zz ", 1) + b"".join(lines[150:]),
        # Project Euler 54's notation: the hint names format='euler'.
        "euler.txt": b"8C TS KC 9H 4S 7D 2S 5D 3S AC\n5C AD 5D AC 9C 7C 5H 8D TD KS\n" * 40,
    }.items():
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(poker.InputError) as judged_locally:
            poker.judge_file(str(path))
        with pytest.raises(poker.InputError) as judged_on_dask:
            poker.dask.judge(str(path), client, shard_size=1024)
        local, dask_error = judged_locally.value, judged_on_dask.value
        assert type(dask_error) is type(local)
        assert str(dask_error) == str(local)
        for attribute in ("path", "line", "column", "instance", "message", "hint"):
            assert getattr(dask_error, attribute) == getattr(local, attribute), attribute
        assert f" (instance {local.instance})" in str(dask_error)
    assert judged_on_dask.value.hint is not None and "format='euler'" in judged_on_dask.value.hint
    with pytest.raises(poker.InputError) as card_error:
        poker.dask.judge(str(tmp_path / "card.txt"), client, shard_size=1024)
    # Generated hold'em instances are three lines each: line 150 is instance 50.
    assert (card_error.value.line, card_error.value.instance) == (150, 50)


@pytest.mark.parametrize("size, size_bytes", [
    ("4 MB", 4_000_000), ("1.5GB", 1_500_000_000), ("256MiB", 256 << 20), ("64KiB", 64 << 10),
    ("64K", 64_000), ("1048576", 1 << 20), (1000, 1000),
])
def test_dask_shard_sizes_are_read_as_dask_reads_them(size, size_bytes):
    assert poker.dask.parse_size(size) == size_bytes
    assert poker.dask.parse_size(size) == dask.utils.parse_bytes(str(size))


@pytest.mark.parametrize("size", ["x", "4 MBs", "", "0", "0.5", -1, 1.5, None, True])
def test_dask_refuses_shard_sizes_that_are_no_bytes(size):
    with pytest.raises(ValueError, match="^shard size must be"):
        poker.dask.parse_size(size)


# The variants as poker.dask takes them, with the CLI's words and generate's:
# (format, players, hole, hilo). Omaha with 5 hole cards has player lines of
# five cards, as long as its board: no shard can tell its phase from its own
# lines, each is counted first and judged from the counts.
VARIANTS = {
    "omaha": ("omaha", 2, 4, False),
    "omaha-hilo": ("omaha", 2, 4, True),
    "omaha5": ("omaha", 2, 5, False),
    "omaha5-hilo-3": ("omaha", 3, 5, True),
    "omaha6-hilo": ("omaha", 2, 6, True),
    "shortdeck": ("shortdeck", 2, 4, False),
    "shortdeck-4": ("shortdeck", 4, 4, False),
}


def variant_words(name: str) -> tuple[list[str], list[str], dict]:
    """(the CLI's words, generate's words, judge()'s keywords) of a variant."""
    format_name, players, hole, hilo = VARIANTS[name]
    if format_name == "shortdeck":
        return ["shortdeck", str(players)], ["shortdeck", "-p", str(players)], {}
    cli = ["omaha", str(players), "--hole", str(hole)] + (["--hilo"] if hilo else [])
    return cli, ["omaha", "-p", str(players), "--hole", str(hole)], {"hole": hole, "hilo": hilo}


def generate_variant(poker_cli: str, path: Path, name: str, instances: int, seed: int, *extra: str) -> bytes:
    generated = variant_words(name)[1]
    return generate(poker_cli, path, generated[0], instances, seed, *generated[1:], *extra)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_dask_variants_are_the_cli_answers_with_faults_at_shard_boundaries(client, poker_cli, tmp_path, name):
    format_name, players = VARIANTS[name][:2]
    words, _, variant = variant_words(name)
    rng = np.random.default_rng(sum(map(ord, name)))
    text = generate_variant(poker_cli, tmp_path / "valid.txt", name, 300, 7)
    for trial in range(6):
        shard_size = int(rng.choice([1024, 1500, 4096, 1 << 20]))
        path = tmp_path / f"planted{trial}.txt"
        path.write_bytes(plant(rng, text, shard_size) if trial else text)
        want = expected(poker_cli, words, path)
        assert judged(client, path, shard_size, format_name, players, **variant) == want, (trial, shard_size)


# generate's faults each variant's judge reports; low-card is short deck's.
FAULTS = ["invalid-card", "duplicate", "missing-card", "extra-card", "blank-line", "crlf-line", "missing-newline",
          "truncated"]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_dask_variants_first_error_is_the_clis_in_any_shard(client, poker_cli, tmp_path, name):
    # Each fault generate plants, early (in the first shard) and late (many
    # shards in, after answers the run has already written): the answers
    # before it and its line are the CLI's, at shard sizes that cut
    # instances anywhere.
    format_name, players = VARIANTS[name][:2]
    words, _, variant = variant_words(name)
    faults = FAULTS + (["low-card"] if format_name == "shortdeck" else [])
    for index, fault in enumerate(faults):
        error_at = 3 if index % 2 else 240 + index
        path = tmp_path / f"{fault}.txt"
        generate_variant(poker_cli, path, name, 260, 50 + index, "--error-at", str(error_at), "--error-kind", fault)
        want = expected(poker_cli, words, path)
        assert want[1] is not None, fault
        for shard_size in (1024, 1337, 4096):
            assert judged(client, path, shard_size, format_name, players, **variant) == want, (fault, shard_size)


def test_dask_omaha_error_is_judge_files_with_its_hint_and_instance(client, poker_cli, tmp_path):
    # Five hole cards a line judged as four: judge_file's InputError, its
    # hint naming hole=5, and its instance; the answers before it streamed.
    path = tmp_path / "omaha5.txt"
    generate(poker_cli, path, "omaha", 100, 61, "--hole", "5")
    with pytest.raises(poker.InputError) as judged_locally:
        poker.judge_file(str(path), format="omaha")
    with pytest.raises(poker.InputError) as judged_on_dask:
        poker.dask.judge(str(path), client, "omaha", shard_size=512)
    local, dask_error = judged_locally.value, judged_on_dask.value
    assert str(dask_error) == str(local)
    for attribute in ("path", "line", "column", "instance", "message", "hint"):
        assert getattr(dask_error, attribute) == getattr(local, attribute), attribute
    assert "hole=5" in dask_error.hint
    # A fault late in a hi-lo file: the answers before it, as the CLI writes them.
    path = tmp_path / "late.txt"
    generate(poker_cli, path, "omaha", 300, 62, "--hole", "6", "--error-at", "290", "--error-kind", "duplicate")
    with pytest.raises(poker.InputError) as late:
        poker.dask.judge(str(path), client, "omaha", hole=6, hilo=True, shard_size=700)
    want = expected(poker_cli, ["omaha", "--hole", "6", "--hilo"], path)
    assert (late.value.answers, without_hint(str(late.value)) + "\n") == want
    assert late.value.answers.count(b"\n") == 289 and b" / " in late.value.answers


def test_dask_variant_options_are_refused_as_judge_file_refuses_them(client, tmp_path):
    path = tmp_path / "hands.txt"
    path.write_bytes(b"")
    for call, message in (
        (dict(format="holdem", hole=5), "hole and hilo are for the omaha format, not holdem"),
        (dict(format="shortdeck", hilo=True), "hole and hilo are for the omaha format, not shortdeck"),
        (dict(format="omaha", hole=7), "hole must be 4, 5 or 6, not 7"),
        (dict(format="omaha", hole=6, players=8), "players must be 2 to 7, not 8"),
        (dict(format="shortdeck", players=16), "players must be 2 to 15, not 16"),
    ):
        with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
            poker.dask.judge(str(path), client, **call)
    result = command("-f", "euler", "--hilo", str(path))
    assert (result.returncode, result.stderr.decode()) == (
        2,
        "poker.dask: hole and hilo are for the omaha format, not euler\n",
    )


def test_dask_command_judges_the_variants_as_the_cli(client, poker_cli, tmp_path):
    # The command's -f omaha --hole --hilo and -f shortdeck: the CLI's
    # answers on stdout up to the first error, its line on stderr, status 1.
    address = client.scheduler.address
    for name, arguments in (
        ("omaha5-hilo-3", ["-f", "omaha", "-p", "3", "--hole", "5", "--hilo"]),
        ("shortdeck-4", ["-f", "shortdeck", "-p", "4"]),
    ):
        path = tmp_path / f"{name}.txt"
        generate_variant(poker_cli, path, name, 200, 63, "--error-at", "170", "--error-kind", "invalid-card")
        want = expected(poker_cli, variant_words(name)[0], path)
        result = command("--scheduler", address, *arguments, "--shard-size", "1KiB", str(path))
        assert result.returncode == 1, result.stderr
        said = without_hint(result.stderr.decode().removeprefix("poker.dask: ").rstrip("\n")) + "\n"
        assert (result.stdout, said) == want
