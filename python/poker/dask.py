"""The judge on a Dask cluster, with the answers of one run: poker.dask.

    >>> import distributed, poker.dask
    >>> client = distributed.Client("tcp://scheduler:8786")       # doctest: +SKIP
    >>> poker.dask.judge("s3://bucket/hands/*.txt", client, players=3,
    ...                  output="s3://bucket/answers.txt")        # doctest: +SKIP

judge() writes (or returns) the bytes `poker -i FILE` writes, and stops at
the same first error, at the same line and column, whatever the cluster
does. A file is cut into shards (byte ranges of `shard_size`), and the
engine's own framing is lifted to the cluster (poker/shards.h):

1. each shard's newlines are counted on a worker;
2. the client adds the counts up: the newlines before each shard fix the line
   number and instance phase of the lines that begin in it;
3. each shard judges the instances it owns on a worker, reading past its end
   to finish its last one;
4. the answers are written in shard order as the shards finish; the first
   error ends the run there, and the later shards are cancelled.

Where a shard's lines tell its phase (every format but draw and Omaha with 5
hole cards: the board line of hold'em, short deck and Omaha with 4 or 6 hole
cards alone holds five cards, the others' instances are one line), steps 1
and 3 are one task, one read of the shard: it is judged with the phase its
lines give, and the client keeps that judgement only where the counts give
the same phase and it holds no error; otherwise it is judged again from the
counts, so that the answers and the error's line and column are exact.

A task that is lost (a worker killed) is run again by Dask; a task computes
its shard's answers from the file's bytes alone, so a rerun gives the same.
A file that changes while it is judged (its size, modification time, or the
newline count of a shard judged again, differ) is a FileChangedError, never
an answer.

Files are read through fsspec: local paths, globs, lists of paths, and any
fsspec URL (s3://, gcs://, hdfs://, ...) the workers can reach. Dask is
imported only here: the rest of the module, and the `poker` command, never
need it. `python3 -m poker.dask --help` is the command.
"""

from __future__ import annotations

import argparse
import collections
import errno
import fcntl
import io
import mmap
import multiprocessing.resource_tracker
import os
import re
import select
import shutil
import signal
import stat
import sys
import tempfile
import threading
import time
import uuid
from typing import IO, Iterable, Optional, Sequence, Union


class _OutputEnd:
    """The regular file the command writes its answers to, and where its
    whole answers end in it: what a stop signal cuts it back to, so that
    what is left is whole answer lines, as `poker` leaves them (the workers
    write their shards' answers at their places, out of order)."""

    fd = -1
    base = 0  # where the answers begin in the file
    whole = 0  # bytes of whole answers from `base`, all written


_output_end = _OutputEnd()


# The local cluster's scratch folder (its workers' own folders), removed with
# it; and the cluster, once started.
_scratch: list = []
_clusters: list = []


def _children() -> list:
    """The processes this one started (the local cluster's workers), from
    /proc, which lists them without taking a lock another thread may hold;
    but multiprocessing's resource tracker (_start_resource_tracker()),
    which ends by itself once this process has, freeing the semaphores the
    workers' queues held."""
    found = []
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/self/task/{task}/children", "rb") as listed:
                found.extend(int(pid) for pid in listed.read().split())
        except (OSError, ValueError):
            pass
    tracker = sys.modules.get("multiprocessing.resource_tracker")
    tracker_pid = getattr(getattr(tracker, "_resource_tracker", None), "_pid", None)
    return [pid for pid in found if pid != tracker_pid]


def _wait_for_children(seconds: float) -> None:
    """Waits until the processes _children() lists have ended, for at most
    `seconds`; without reaping them, which their nannies' threads do."""
    deadline = time.monotonic() + seconds
    for pid in _children():
        while time.monotonic() < deadline:
            try:
                if os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                    break
            except ChildProcessError:  # reaped already
                break
            time.sleep(0.001)


def _kill(pids: Iterable[int]) -> list:
    killed = []
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        except OSError:
            pass
    return killed


def _stop_at_once(signum: int, frame) -> None:
    """The command's SIGINT and SIGTERM handler: it ends the process within
    the 100 ms a stop is given, as `poker` does, with one line. The cluster
    is not closed (that takes a second or more, and logs): a local cluster's
    nannies are told it closes, its worker processes killed (each would end
    anyway once its parent has, but a killed one writes no more answers),
    the output cut back to its whole answers once they are gone, the scratch
    folder removed, and the process exits 128 + signum. Meanwhile the other
    threads' messages (the cluster's, on its workers' deaths) go nowhere."""
    try:
        stderr = os.dup(2)
        os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
    except OSError:
        stderr = 2
    # Its nannies start no new worker for one killed (with a new folder).
    for cluster in _clusters:
        for nanny in list(getattr(cluster, "workers", {}).values()):
            try:
                nanny.status = distributed.core.Status.closing
            except Exception:  # noqa: BLE001 - whatever state it is in, it ends with the process
                pass
    _kill(_children())
    # A worker ends once its write in progress is done: a few milliseconds.
    _wait_for_children(0.05)
    if _output_end.fd >= 0:
        try:
            os.ftruncate(_output_end.fd, _output_end.base + _output_end.whole)
            # Standard error may share the file's offset (2>&1): no hole.
            os.lseek(_output_end.fd, _output_end.base + _output_end.whole, os.SEEK_SET)
        except OSError:
            pass
    _kill(_children())  # started meanwhile
    for folder in _scratch:
        shutil.rmtree(folder, ignore_errors=True)
    try:
        os.write(stderr, f"poker.dask: interrupted by {signal.Signals(signum).name}\n".encode())
    finally:
        os._exit(128 + signum)


def _install_stop_handlers() -> dict:
    """From the start of the command: the import of Dask, and the start of a
    local cluster, take seconds. A signal ignored from the start (SIGINT in
    a shell's background job) stays ignored, as Python leaves it. The
    handlers replaced, by signal."""
    replaced = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(signum) != signal.SIG_IGN:
            replaced[signum] = signal.signal(signum, _stop_at_once)
    return replaced


if __name__ == "__main__":
    _install_stop_handlers()

try:
    import dask
    import dask.utils
    import distributed
    import fsspec
    from fsspec.implementations.local import LocalFileSystem
except ImportError as missing:  # pragma: no cover - depends on the machine
    raise ImportError(
        f"poker.dask needs Dask's distributed scheduler and fsspec ({missing.name} is missing): "
        "install python3-dask, python3-distributed and python3-fsspec (Debian), "
        "or the dask, distributed and fsspec packages"
    ) from missing

from . import _poker
from ._poker import InputError

__all__ = ["judge", "equity_file", "FileChangedError", "parse_size", "main"]

# The pipeline's limit on one instance's bytes (PipelineOptions::max_instance_size):
# a shard reads at most this far past its end to finish its last instance.
MAX_INSTANCE_SIZE = 1024 * 1024
# What a shard's count reads at a time: a block that stays in a core's cache.
_COUNT_BLOCK = 1024 * 1024
# What a shard reads past its end first: a few instances, almost always enough.
_FIRST_LOOK_PAST_END = 64 * 1024
# The most shards a file is cut into: the client takes each shard's result in
# turn, a round trip to the scheduler of a millisecond or more, and a task
# reads up to _FIRST_LOOK_PAST_END past its shard's end. Shards of a few
# bytes would take the cluster far longer than `poker` takes alone; 10,000
# shards of the default 256 MiB make 2.4 TiB.
MAX_SHARDS_PER_FILE = 10_000

URLPath = Union[str, "os.PathLike[str]", Sequence[str]]


class FileChangedError(OSError):
    """A file changed while it was being judged: its size, modification time
    or a shard's newline count is not what it was when the run began."""


def parse_size(size: Union[int, str]) -> int:
    """Bytes from an int or a size as Dask reads one (dask.utils.parse_bytes):
    "256MiB", "64KiB" (powers of 1024), "4 MB", "1.5GB", "64K" (powers of
    1000), "1048576"."""
    if isinstance(size, int) and not isinstance(size, bool):
        value = size
    else:
        try:
            # Dask reads a blank size as 1 byte: here it is no size.
            if not isinstance(size, str) or not size.strip():
                raise ValueError(size)
            value = dask.utils.parse_bytes(size)
        except ValueError:
            raise ValueError(f"shard size must be bytes like 256MiB, 4 MB, 1.5GB or 1048576, not {size!r}") from None
    if value < 1:
        raise ValueError(f"shard size must be at least 1 byte, not {size!r}")
    return value


def _stamp(fs, path: str) -> tuple:
    """What says a file is unchanged: its size and whatever version marks its
    file system gives (modification time, ETag, generation)."""
    info = fs.info(path)
    marks = tuple(
        (key, str(info[key]))
        for key in ("mtime", "LastModified", "last_modified", "updated", "ETag", "etag", "generation", "checksum")
        if key in info
    )
    return (info["size"], marks)


def _check_unchanged(fs, path: str, stamp: tuple) -> None:
    if _stamp(fs, path) != stamp:
        raise FileChangedError(f"{path}: the file changed while it was being judged")


class _Failed:
    """The OSError a task met (its file changed, vanished, or could not be
    read), returned as its result rather than raised: a Dask worker logs
    every task that raises, its arguments and traceback, and each task in
    flight meets a change. The client raises it where it takes the shard's
    result (_result()), once."""

    def __init__(self, error: OSError) -> None:
        self.error = error


def _task(function, *arguments):
    """What a worker runs: `function`, its OSError returned (_Failed)."""
    try:
        return function(*arguments)
    except OSError as error:
        return _Failed(error)


def _result(result):
    """A task's result, or the OSError it met raised."""
    if isinstance(result, _Failed):
        raise result.error
    return result


# Each worker thread's read buffer (_read()).
_buffers = threading.local()


def _read(file: IO[bytes], offset: int, size: int) -> memoryview:
    """Up to `size` bytes of `file` from `offset` (fewer at its end), in this
    thread's buffer, reused from task to task as the engine reuses its read
    buffers: a fresh buffer of a shard's size costs as much again as the
    read, its pages zeroed as they are first written. It is anonymous memory
    in huge pages where the system gives them on request (Linux's
    transparent huge pages set to "madvise"): a shard's bytes are copied into
    it at over twice the speed, with 512 times fewer pages to map. The bytes
    are the buffer's until this thread's next read."""
    buffer = getattr(_buffers, "buffer", None)
    if buffer is None or len(buffer) < size:
        _buffers.buffer = None  # the old buffer's memory goes first
        buffer = _buffers.buffer = mmap.mmap(-1, max(size, 1))
        try:
            buffer.madvise(mmap.MADV_HUGEPAGE)
        except (AttributeError, OSError):  # not Linux, or no huge pages: small pages
            pass
    view = memoryview(buffer)[:size]
    file.seek(offset)
    filled = 0
    while filled < size:
        got = file.readinto(view[filled:])
        if not got:
            break
        filled += got
    return view[:filled]


def _count_shard(fs, path: str, stamp: tuple, begin: int, end: int) -> int:
    """Step 1: the shard's newlines, counted as it is read, a block at a
    time: each block is counted while it is in the cache it was read into."""
    newlines, counted = 0, 0
    with fs.open(path, "rb") as file:
        block = memoryview(bytearray(min(_COUNT_BLOCK, end - begin)))
        file.seek(begin)
        while counted < end - begin:
            got = file.readinto(block[: min(len(block), end - begin - counted)])
            if not got:
                raise FileChangedError(f"{path}: the file changed while it was being judged")
            newlines += _poker._shard_count_newlines(block[:got])
            counted += got
    _check_unchanged(fs, path, stamp)
    return newlines


def _read_shard(file: IO[bytes], path: str, begin: int, end: int, size: int) -> tuple:
    """The shard and a look past its end, in one read: the instances are
    judged where they lie in it, never copied out. (data, look)."""
    look = min(_FIRST_LOOK_PAST_END, size - end)
    data = _read(file, begin, end - begin + look)
    if len(data) != end - begin + look:
        raise FileChangedError(f"{path}: the file changed while it was being judged")
    return data, look


def _owned_instances(
    file: IO[bytes],
    path: str,
    data,
    look: int,
    begin: int,
    end: int,
    size: int,
    newlines_before: int,
    newlines: int,
    lines_per_instance: int,
):
    """The instances the shard owns, as (bytes, first_line, input_continues),
    with `newlines_before` newlines before it and `newlines` in it; None
    where it owns none. `data` is the shard and `look` bytes past its end."""
    start = _poker._shard_start(data[: end - begin], newlines_before, lines_per_instance, begin == 0)
    if start is None:  # no instance begins here: it is another shard's
        return None
    offset, first_line = start
    stop, input_continues = None, False
    if end < size:
        # To the next owned instance's first byte (the first that follows a
        # newline at or past `end`), or the input's end, or far enough
        # past the limit that the instance is too long here too.
        while True:
            found = _poker._shard_start(data[end - begin :], newlines_before + newlines, lines_per_instance, False)
            if found is not None:
                stop, input_continues = end - begin + found[0], True
                break
            if end + look >= size:  # to the input's end
                break
            if look >= MAX_INSTANCE_SIZE + 2:
                stop, input_continues = end - begin + MAX_INSTANCE_SIZE + 2, True
                break
            # Rare (an instance far longer than most): the shard is read
            # again, with a longer look.
            look += min(look * 3, size - end - look)
            data = _read(file, begin, end - begin + look)
            if len(data) != end - begin + look or _poker._shard_count_newlines(data[: end - begin]) != newlines:
                raise FileChangedError(f"{path}: the file changed while it was being judged")
    return data[offset:stop], first_line, input_continues


def _judge_owned(fs, path: str, stamp: tuple, owned, spec: tuple) -> tuple:
    """The judgement of a shard's owned instances (_owned_instances()), read
    from a file whose stamp is still `stamp`."""
    _check_unchanged(fs, path, stamp)
    if owned is None:
        return (b"", 0, None, None)
    instances, first_line, input_continues = owned
    format_name, players, options, _, threads = spec[:5]
    hole, hilo = spec[6:8]
    return _poker._judge_shard(
        instances,
        format_name,
        players,
        list(options),
        first_line,
        input_continues,
        _task_threads(threads),
        hole=hole,
        hilo=hilo,
    )


def _task_threads(threads):
    """The threads a task judges with: `threads`, or where none were given
    (then `threads` is ((host, its workers), ...)), its machine's cores
    shared among the workers there: the workers of a local cluster judge
    side by side, and threads beyond the cores only take turns."""
    if not isinstance(threads, tuple):
        return threads
    try:
        host = distributed.comm.get_address_host(distributed.get_worker().address)
    except ValueError:  # not on a worker
        return None
    workers = dict(threads).get(host, 1)
    if workers <= 1:
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, cores // workers)


def _judge_shard(fs, path: str, stamp: tuple, begin: int, end: int, newlines_before: int, newlines: int, spec: tuple):
    """Step 3: the answers of the instances the shard owns, as
    (answers, instances, error, blank_tail_error)."""
    with fs.open(path, "rb") as file:
        data, look = _read_shard(file, path, begin, end, stamp[0])
        # The bytes counted in step 1 must be the bytes judged now.
        if _poker._shard_count_newlines(data[: end - begin]) != newlines:
            raise FileChangedError(f"{path}: the file changed while it was being judged")
        owned = _owned_instances(file, path, data, look, begin, end, stamp[0], newlines_before, newlines, spec[3])
    return _judge_owned(fs, path, stamp, owned, spec)


def _judge_shard_in_one_pass(fs, path: str, stamp: tuple, begin: int, end: int, spec: tuple):
    """Steps 1 and 3 in one read of the shard, for the formats whose lines
    tell where an instance begins: its newlines counted, its phase (the
    newlines before it, modulo an instance's lines) found from its own lines,
    and its instances judged as if that many newlines came before it, as
    (answers, instances, error, blank_tail_error, newlines, phase). The
    client keeps this judgement only where the counts of the shards before
    give the same phase: the answers are then step 3's, and only the line
    numbers of an error differ (such a shard is judged again). Phase None:
    the lines tell nothing, and nothing is judged."""
    lines_per_instance, closing_line_tokens = spec[3], spec[5]
    with fs.open(path, "rb") as file:
        data, look = _read_shard(file, path, begin, end, stamp[0])
        shard = data[: end - begin]
        newlines = _poker._shard_count_newlines(shard)
        phase = 0 if begin == 0 else _poker._shard_phase(shard, lines_per_instance, closing_line_tokens)
        if phase is None:
            return (b"", 0, None, None, newlines, None)
        owned = _owned_instances(file, path, data, look, begin, end, stamp[0], phase, newlines, lines_per_instance)
    return _judge_owned(fs, path, stamp, owned, spec) + (newlines, phase)


def _spec(
    format: str,
    players: int,
    options: Sequence[str],
    threads: Optional[int] = None,
    hole: int = 4,
    hilo: bool = False,
) -> tuple:
    """(format, players, options, lines_per_instance, threads,
    closing_line_tokens, hole, hilo): `hole` and `hilo` are omaha's (`poker
    omaha --hole N --hilo`), refused for the other formats as judge_file
    refuses them."""
    options = tuple(str(option) for option in options)
    hole, hilo = int(hole), bool(hilo)
    if options and format != "equity":
        # An unknown format, or omaha's options refused: its own error first.
        _poker._shard_framing(format, int(players), [], hole=hole, hilo=hilo)
        raise ValueError(f"options are equity's: format {format} takes none (given {options[0]!r})")
    lines_per_instance, closing_line_tokens = _poker._shard_framing(
        format, int(players), list(options), hole=hole, hilo=hilo
    )
    if threads is not None and int(threads) < 1:
        raise ValueError(f"threads must be at least 1, not {threads}")
    threads = None if threads is None else int(threads)
    return (format, int(players), options, lines_per_instance, threads, closing_line_tokens, hole, hilo)


# The input's first bytes that a hint may look at, as much as `poker` keeps of
# its input for its hints (io::HeadKeepingSource).
_HINT_HEAD = 64 * 1024


def _input_error(fs, path: str, error: tuple, spec: tuple, instance: int, answers: Optional[bytes]) -> InputError:
    """judge_file's InputError for a shard's `error` (_judge_shard's tuple):
    PATH:LINE:COLUMN: MESSAGE (instance N); hint: ..., with its parts as
    attributes. `instance`: the 1-based instance, those answered plus one."""
    line, column, message = error[:3]
    try:
        with fs.open(path, "rb") as file:
            head = file.read(_HINT_HEAD)
    except OSError:
        head = b""  # no hint from the file's first lines, the error still stands
    text, hint = _poker._input_error_line(
        tuple(error), spec[0], spec[1], list(spec[2]), head, instance, hole=spec[6], hilo=spec[7]
    )
    exception = InputError(f"{path}{text}")
    exception.path, exception.line, exception.column, exception.message = path, line, column, message
    exception.instance, exception.hint = instance, hint
    exception.answers = answers
    return exception


# A local file's kinds that are not regular files, as a message names them.
_FILE_KINDS = (
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
)
_NOT_SHARDED = "it cannot be cut into shards; judge it with poker -i"


def _check_local_file(path: str) -> None:
    """ValueError unless a local file to judge is a regular file whose size
    is its length: a shard is a byte range of that size. A device, a FIFO
    or a socket (of size 0: it would be judged as empty, and a FIFO's writer
    left waiting) is refused unopened; a file of /proc (of size 0, and text
    when read) or /sys (of a page's size, and fewer bytes) once its size is
    seen to be wrong where it ends: a byte must be read just before it, and
    none at it (opened without waiting, O_NONBLOCK, should it have become
    a FIFO meanwhile)."""
    status = os.stat(path)
    if not stat.S_ISREG(status.st_mode):
        kind = next((name for test, name in _FILE_KINDS if test(status.st_mode)), "not a file")
        raise ValueError(f"{path}: not a regular file ({kind}): {_NOT_SHARDED}")
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        status = os.fstat(descriptor)
        size = status.st_size
        try:
            lies = not stat.S_ISREG(status.st_mode) or bool(os.pread(descriptor, 1, size))
            lies = lies or (size > 0 and not os.pread(descriptor, 1, size - 1))
        except OSError as error:
            if error.errno not in (errno.EINVAL, errno.ESPIPE):
                raise
            lies = True  # no reading at an offset
    finally:
        os.close(descriptor)
    if lies:
        raise ValueError(
            f"{path}: its size ({size} bytes) is not its length (a file of /proc or /sys, or one being "
            f"written): {_NOT_SHARDED}"
        )


def _paths(urlpath: URLPath):
    """The file system and the files of `urlpath`, each a file to cut into
    shards."""
    given = [urlpath] if isinstance(urlpath, (str, bytes)) or hasattr(urlpath, "__fspath__") else list(urlpath)
    if not given or any(os.fsdecode(os.fspath(path)) == "" for path in given):
        # fsspec reads "" as the current folder.
        raise ValueError("path must not be empty")
    fs, _, paths = fsspec.get_fs_token_paths(urlpath, mode="rb")
    if not paths:
        raise FileNotFoundError(f"{urlpath}: no such file")
    for path in paths:
        if fs.isdir(path):
            raise IsADirectoryError(f"{path}: is a directory")
    if isinstance(fs, LocalFileSystem):
        for path in paths:
            _check_local_file(path)
    return fs, paths


def _check_shard_count(path: str, size: int, shard_bytes: int) -> None:
    shards = -(-size // shard_bytes)
    if shards > MAX_SHARDS_PER_FILE:
        unit = "byte" if shard_bytes == 1 else "bytes"
        raise ValueError(
            f"{path}: {size} bytes in shards of {shard_bytes} {unit} are {shards} shards, more than "
            f"{MAX_SHARDS_PER_FILE} a file: give a shard size of at least {-(-size // MAX_SHARDS_PER_FILE)} bytes"
        )


def _is_path(output) -> bool:
    return isinstance(output, (str, bytes)) or hasattr(output, "__fspath__")


def _check_output_is_no_input(output, fs, paths: Sequence[str]) -> None:
    """ValueError if writing `output` would overwrite one of the files to
    judge, as `poker -o FILE -i FILE` refuses it: opening it for writing
    empties it, and the run would judge an empty file. Local files are
    compared by device and inode (a link or another name is the same file),
    others by their path."""
    if output is None:
        return
    status = None
    if _is_path(output):
        shown = os.fsdecode(os.fspath(output))
        output_fs, output_path = fsspec.core.url_to_fs(shown)
        if isinstance(output_fs, LocalFileSystem):
            try:
                status = os.stat(output_path)
            except OSError:  # not there yet, or not to be seen: opening it says so
                return
        elif type(output_fs) is type(fs) and output_fs._strip_protocol(output_path) in paths:
            raise ValueError(f"{shown}: is the input file; refusing to overwrite it")
    else:
        shown = str(getattr(output, "name", "<output>"))
        try:
            status = os.fstat(output.fileno())
        except (AttributeError, OSError, ValueError, io.UnsupportedOperation):  # no file behind it
            return
    if status is not None and isinstance(fs, LocalFileSystem):
        for path in paths:
            judged = os.stat(path)
            if (judged.st_dev, judged.st_ino) == (status.st_dev, status.st_ino):
                raise ValueError(f"{shown}: is the input file; refusing to overwrite it")


def _prepare(
    urlpath: URLPath, format: str, players: int, output, shard_size, options, threads, hole: int = 4, hilo: bool = False
) -> tuple:
    """What a run needs known before anything is opened for writing, or a
    cluster reached: (spec, shard_bytes, fs, paths, stamps). ValueError for
    what the run refuses, OSError for a file that cannot be seen."""
    spec = _spec(format, players, options, threads, hole, hilo)
    shard_bytes = parse_size(shard_size)
    fs, paths = _paths(urlpath)
    stamps = [_stamp(fs, path) for path in paths]
    for path, stamp in zip(paths, stamps):
        _check_shard_count(path, stamp[0], shard_bytes)
    _check_output_is_no_input(output, fs, paths)
    return (spec, shard_bytes, fs, paths, stamps)


def judge(
    urlpath: URLPath,
    client: Optional["distributed.Client"] = None,
    format: str = "holdem",
    players: int = 2,
    output: Union[None, str, IO[bytes]] = None,
    shard_size: Union[int, str] = "256MiB",
    *,
    options: Sequence[str] = (),
    threads: Optional[int] = None,
    hole: int = 4,
    hilo: bool = False,
) -> Optional[bytes]:
    """Judges one file or many (a path, a glob, a list; local or any fsspec
    URL) on `client`'s cluster (None: the current default client), as
    `poker` judges them: `format` is holdem (with `players`), omaha (with
    `players`, `hole` cards a player, 4, 5 or 6, and `hilo` for
    eight-or-better: `poker omaha PLAYERS --hole N --hilo`), shortdeck (with
    `players`), euler, eval, draw or equity (`options`: equity's words, like
    ["--board", "Ts9s2d", "--mc", "10000"]). The answers of the files, one
    after another in the order given, go to `output` (a path or fsspec URL,
    or a binary file object), or are returned as bytes when it is None. A
    local `output` path is written by the workers that see it (the same
    file: one machine, or a shared file system), each its shards' answers in
    place; the client writes the others'. `threads`: the threads a task judges with
    on its worker (None: the worker machine's cores, shared among the
    workers on it).

    Before anything is opened for writing, ValueError refuses: an empty
    path; a local file that cannot be cut into shards, one that is not a
    regular file (a device, a FIFO, a socket) or whose size is not its
    length (the files of /proc and /sys): `poker -i` judges those as a
    stream; a shard size that cuts a file into more than
    MAX_SHARDS_PER_FILE shards; `output` that is one of the files (the same
    device and inode, as `poker -o` refuses it); `options` for another
    format than equity; `hole` or `hilo` for another format than omaha, or
    a player count the format does not take.

    An invalid instance raises poker.InputError, as judge_file does: its
    str() is PATH:LINE:COLUMN: MESSAGE (instance N) and the hint where
    there is one (another format suggested as format=...), its attributes
    path, line, column, instance, message and hint its parts; it is raised
    after the answers before it were written, and its `answers` holds them
    when they are returned (else None). A file that
    changes during the run raises FileChangedError; one that cannot be read,
    OSError."""
    prepared = _prepare(urlpath, format, players, output, shard_size, options, threads, hole, hilo)
    if client is None:
        client = distributed.get_client()
    return _run(prepared, client, output)


def _run(prepared: tuple, client, output, output_end: Optional[_OutputEnd] = None) -> Optional[bytes]:
    """judge() once _prepare()d. `output_end`: the command's, kept as a
    local output file's whole answers are written."""
    spec, shard_bytes, fs, paths, stamps = prepared
    if output is None:
        collected = io.BytesIO()
        _judge_files(client, fs, paths, spec, shard_bytes, collected, keep_answers=True, stamps=stamps)
        return collected.getvalue()
    if _is_path(output):
        output_fs, output_path = fsspec.core.url_to_fs(os.fsdecode(os.fspath(output)))
        if isinstance(output_fs, LocalFileSystem):
            with open(output_path, "wb") as sink:
                if output_end is not None:
                    output_end.fd, output_end.base, output_end.whole = sink.fileno(), 0, 0
                try:
                    _judge_files(
                        client,
                        fs,
                        paths,
                        spec,
                        shard_bytes,
                        sink,
                        written_by_workers=output_path,
                        stamps=stamps,
                        output_end=output_end,
                    )
                finally:
                    if output_end is not None:
                        output_end.fd = -1
        else:
            with fsspec.open(output, "wb") as sink:
                _judge_files(client, fs, paths, spec, shard_bytes, sink, stamps=stamps)
    else:
        _judge_files(client, fs, paths, spec, shard_bytes, output, stamps=stamps)
    return None


def equity_file(
    urlpath: URLPath,
    client: Optional["distributed.Client"] = None,
    options: Sequence[str] = (),
    output: Union[None, str, IO[bytes]] = None,
    shard_size: Union[int, str] = "1MiB",
) -> Optional[bytes]:
    """A file of equity queries (`poker equity`'s query lines), one answer
    line per query, in order: judge() with format "equity". `options` are
    the defaults `poker equity` takes before the file (["--board", "Ts9s2d",
    "--mc", "100000", "--seed", "7"]). Queries cost far more than their bytes,
    so the shards are small by default."""
    return judge(urlpath, client, "equity", 2, output, shard_size, options=options)


def _submit(client, function, *arguments, priority: int):
    """client.submit() of a task that is run anew each time (a file's bytes
    may change), under its function's name, its OSError returned (_task()).
    From a function this short because the client reads the source of the
    function that submits a task (the dashboard shows it): reading that of
    _judge_files() would cost milliseconds a task."""
    key = f"{function.__name__}-{uuid.uuid4()}"
    return client.submit(_task, function, *arguments, key=key, priority=priority)


def _answers_size(judged) -> tuple:
    """A judged shard as the client needs it to place its answers: their
    size instead of their bytes, which stay on the worker."""
    if isinstance(judged, _Failed):
        return judged
    return (len(judged[0]),) + tuple(judged[1:])


def _write_answers(judged: tuple, path: str, identity: tuple, offset: int) -> bool:
    """Writes a judged shard's answers into the client's output file at
    `offset`; False, writing nothing, where this worker does not see that
    file (another machine, no shared file system): the file must exist here,
    never created, and be the same file (device and inode)."""
    try:
        descriptor = os.open(path, os.O_WRONLY)
    except FileNotFoundError:
        return False
    try:
        status = os.fstat(descriptor)
        if (status.st_dev, status.st_ino) != identity:
            return False
        _pwrite_all(descriptor, judged[0], offset)
    finally:
        os.close(descriptor)
    return True


def _pwrite_all(descriptor: int, data: bytes, offset: int) -> None:
    view = memoryview(data)
    while view:
        written = os.pwrite(descriptor, view, offset)
        view, offset = view[written:], offset + written


class _ClientWrites:
    """Answers fetched to the client and written to its sink in order."""

    def __init__(self, sink: IO[bytes]) -> None:
        self.sink = sink

    def result(self, judged) -> tuple:
        """A judged shard's (answers or their size, instances, error,
        blank_tail_error, ...)."""
        return _result(judged.result())

    def write(self, judged, result: tuple) -> None:
        self.sink.write(result[0])
        judged.release()

    def discard(self, judged) -> None:
        judged.release()

    def drain(self) -> None:
        pass


class _WorkerWrites:
    """Answers written into a local output file by the workers that judged
    them, at offsets the client adds up from their sizes: the bytes never
    cross to the client, which is the bound of the run when they do (a
    third of the input's size for 2-player hold'em, serialised, sent, and
    written again). A worker that does not see the file hands its shard's
    answers to the client, which writes them."""

    def __init__(self, client, sink: IO[bytes], path: str, output_end: Optional[_OutputEnd] = None) -> None:
        status = os.fstat(sink.fileno())
        self.client, self.descriptor, self.path = client, sink.fileno(), path
        self.identity = (status.st_dev, status.st_ino)
        self.offset = 0
        self.writes: collections.deque = collections.deque()  # (write, judged, offset) in shard order
        # Where the answers written in order so far end.
        self.output_end = output_end

    def result(self, judged) -> tuple:
        return _result(_submit(self.client, _answers_size, judged, priority=1).result())

    def write(self, judged, result: tuple) -> None:
        if result[0]:
            written = _submit(self.client, _write_answers, judged, self.path, self.identity, self.offset, priority=1)
            self.writes.append((written, judged, self.offset))
            self.offset += result[0]
        else:
            judged.release()
        self._collect(lambda write: write.done())

    def discard(self, judged) -> None:
        judged.release()

    def drain(self) -> None:
        self._collect(lambda write: True)

    def _collect(self, ready) -> None:
        # The writes finished so far, in order: their answers are let go.
        while self.writes and ready(self.writes[0][0]):
            written, judged, offset = self.writes[0]
            if not _result(written.result()):
                answers = judged.result()[0]
                _pwrite_all(self.descriptor, answers, offset)
            self.writes.popleft()
            if self.output_end is not None:
                self.output_end.whole = self.writes[0][2] if self.writes else self.offset
            written.release()
            judged.release()


def _shard_bounds(size: int, shard_bytes: int) -> list:
    """A file of `size` bytes cut into shards of `shard_bytes`; a remainder
    shorter than a shard and than the look past a shard's end joins the
    shard before it, which reads it anyway: a file a few bytes over a round
    size (`poker generate --bytes` finishes its last instance) would
    otherwise end with a shard of too few lines to tell its phase, judged
    again once the client reaches it, a round trip more at the run's end."""
    bounds = [(begin, min(begin + shard_bytes, size)) for begin in range(0, size, shard_bytes)]
    if len(bounds) > 1 and bounds[-1][1] - bounds[-1][0] < min(shard_bytes, _FIRST_LOOK_PAST_END):
        bounds[-2:] = [(bounds[-2][0], size)]
    return bounds


def _judge_files(
    client,
    fs,
    paths: Sequence[str],
    spec: tuple,
    shard_bytes: int,
    sink: IO[bytes],
    keep_answers: bool = False,
    written_by_workers: Optional[str] = None,
    stamps: Optional[Sequence[tuple]] = None,
    output_end: Optional[_OutputEnd] = None,
) -> None:
    if stamps is None:
        stamps = [_stamp(fs, path) for path in paths]
    lines_per_instance = spec[3]
    if spec[4] is None:
        hosts = collections.Counter(info["host"] for info in client.scheduler_info()["workers"].values())
        spec = spec[:4] + (tuple(sorted(hosts.items())),) + spec[5:]
    # One pass a shard where its lines tell its phase (every format but
    # draw and 5-card Omaha); else its count first, then its judgement from
    # the counts.
    one_pass = lines_per_instance == 1 or spec[5] > 0
    # Every file's shards at once: the cluster is busy from the start, the
    # earlier shards first.
    shards, first, submitted = [], [], 0
    for path, stamp in zip(paths, stamps):
        bounds = _shard_bounds(stamp[0], shard_bytes)
        shards.append(bounds)
        futures = []
        for begin, end in bounds:
            if one_pass:
                futures.append(
                    _submit(client, _judge_shard_in_one_pass, fs, path, stamp, begin, end, spec, priority=-submitted)
                )
            else:
                futures.append(_submit(client, _count_shard, fs, path, stamp, begin, end, priority=-submitted))
            submitted += 1
        first.append(futures)
    pending = [future for futures in first for future in futures]
    if written_by_workers:
        writes = _WorkerWrites(client, sink, written_by_workers, output_end)
    else:
        writes = _ClientWrites(sink)

    def judge_exactly(path: str, stamp: tuple, begin: int, end: int, before: int, newlines: int):
        judged = _submit(client, _judge_shard, fs, path, stamp, begin, end, before, newlines, spec, priority=1)
        pending.append(judged)
        return judged

    try:
        judged = first
        if not one_pass:
            # Step 2: the newlines before each shard; step 3 from them.
            judged = []
            for path, stamp, bounds, count_futures in zip(paths, stamps, shards, first):
                futures, before = [], 0
                counts = [_result(count) for count in client.gather(count_futures)]
                for index, ((begin, end), count) in enumerate(zip(bounds, counts)):
                    futures.append(
                        _submit(client, _judge_shard, fs, path, stamp, begin, end, before, count, spec, priority=-index)
                    )
                    before += count
                judged.append(futures)
                pending.extend(futures)

        # Step 4: in order, as they finish.
        def error_at(path: str, error: tuple, instance: int) -> InputError:
            writes.drain()
            return _input_error(fs, path, error, spec, instance, sink.getvalue() if keep_answers else None)

        for path, stamp, bounds, futures in zip(paths, stamps, shards, judged):
            # An error at blank lines, standing only if text follows them, and
            # where it was found ahead of the counts: its lines are judged
            # again if it stands.
            blank_error, blank_ahead = None, None
            before = 0
            answered = 0  # the file's instances answered, as an error's "(instance N)" counts them
            for (begin, end), future in zip(bounds, futures):
                result = writes.result(future)
                ahead = None
                if one_pass:
                    # Kept where the counts give the phase it was judged
                    # with; judged again from them where not, or where an
                    # error's line and column must be the input's.
                    newlines, phase = result[4], result[5]
                    ahead = (begin, end, before, newlines)
                    if phase != before % lines_per_instance or result[2] is not None:
                        writes.discard(future)
                        future = judge_exactly(path, stamp, *ahead)
                        result, ahead = writes.result(future), None
                    before += newlines
                _, instances, error, blank_tail_error = result[:4]
                if blank_error is not None:
                    writes.discard(future)
                    if instances or error is not None:
                        if blank_ahead is not None:
                            blank_error = writes.result(judge_exactly(path, stamp, *blank_ahead))[3]
                        raise error_at(path, blank_error, answered + 1)
                    continue
                writes.write(future, result)
                answered += instances
                if error is not None:
                    raise error_at(path, error, answered + 1)
                blank_error, blank_ahead = blank_tail_error, ahead
        writes.drain()
    finally:
        # The shards an error (or an exception here) leaves unwritten: their
        # tasks stop. A cancel waits on the scheduler: none when all are done.
        unfinished = [future for future in pending if not future.done()]
        if unfinished:
            client.cancel(unfinished)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python3 -m poker.dask",
        description="Judges instance files on a Dask cluster, with the answers and the first error of `poker -i FILE`.",
        epilog="Exit status: 0 all instances valid, 1 invalid input, 2 usage error (also a file that is not a "
        "regular file, or an output that is one of the files), 3 I/O error (a file missing or changed, the "
        "scheduler unreachable), 130 or 143 stopped by SIGINT or SIGTERM.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="files, globs or fsspec URLs, judged in this order")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="the Dask scheduler (default: a local cluster)")
    parser.add_argument(
        "-p", "--players", type=int, default=2, help="players per hold'em, omaha or shortdeck instance (default 2)"
    )
    parser.add_argument(
        "-f",
        "--format",
        default="holdem",
        choices=["holdem", "omaha", "shortdeck", "euler", "eval", "draw", "equity"],
        help="(default holdem)",
    )
    parser.add_argument(
        "--hole", type=int, default=4, metavar="N", help="omaha: hole cards a player, 4, 5 or 6 (default 4)"
    )
    parser.add_argument("--hilo", action="store_true", help="omaha: eight-or-better hi-lo, as poker omaha --hilo")
    parser.add_argument("-o", "--output", metavar="FILE", help="output file or URL (default: standard output)")
    parser.add_argument(
        "--shard-size", default="256MiB", metavar="SIZE", help="bytes per shard (default 256MiB; at most 10000 a file)"
    )
    parser.add_argument("--workers", type=int, default=None, help="the local cluster's worker processes")
    parser.add_argument(
        "-j",
        "--threads",
        type=int,
        default=None,
        metavar="N",
        help="threads a task judges with (default: its machine's cores, shared among the workers there)",
    )
    parser.add_argument(
        "--equity-option",
        action="append",
        default=[],
        metavar="WORD",
        help="equity: a word of its defaults, repeated (--equity-option=--mc --equity-option=10000)",
    )
    return parser


class _Stdout:
    """The command's standard output, written in whole answer lines, so
    that a stop signal, which may come during any write, leaves whole lines
    as `poker` does: to a pipe (or a terminal, a socket) in pieces of at most
    PIPE_BUF bytes cut after a newline, each written whole or not at all; to
    a regular file whole, cut back to its whole answers on a stop
    (_OutputEnd)."""

    name = "<stdout>"

    def __init__(self, output_end: _OutputEnd) -> None:
        status = os.fstat(1)
        self.regular = stat.S_ISREG(status.st_mode)
        if self.regular:
            appending = fcntl.fcntl(1, fcntl.F_GETFL) & os.O_APPEND
            output_end.base = status.st_size if appending else os.lseek(1, 0, os.SEEK_CUR)
            output_end.whole = 0
            output_end.fd = 1
        self.output_end = output_end

    def fileno(self) -> int:
        return 1

    def write(self, data) -> int:
        data = data if isinstance(data, bytes) else bytes(data)
        begin = 0
        while begin < len(data):
            end = len(data)
            if not self.regular and end - begin > select.PIPE_BUF:
                cut = data.rfind(b"\n", begin, begin + select.PIPE_BUF)
                end = cut + 1 if cut >= 0 else (data.find(b"\n", begin) + 1 or len(data))
            try:
                begin += os.write(1, memoryview(data)[begin:end])
            except BlockingIOError:  # standard output left non-blocking
                select.select([], [1], [])
        if self.regular:
            self.output_end.whole += len(data)
        return len(data)


def _start_resource_tracker() -> None:
    """multiprocessing's resource tracker (the process that frees the
    semaphores the workers' queues hold, should their process not), started
    here rather than by the cluster: before any other thread, as it is
    started with the stop signals blocked in the thread that starts it, and
    a signal that comes meanwhile would go to another thread, leaving this
    one to wait on the cluster; and with its standard error on /dev/null, as
    it says what it frees, and a stop leaves that to it."""
    saved = os.dup(2)
    try:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 2)
        os.close(quiet)
        multiprocessing.resource_tracker.ensure_running()
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _cluster_loop():
    """The local cluster's event loop (a distributed LoopRunner), on a
    thread started with SIGINT and SIGTERM blocked: the threads it starts,
    and the worker processes they start, keep them blocked, so that a
    terminal's Ctrl-C, sent to the whole process group, reaches this process
    alone, whose handler ends the workers (_stop_at_once). A worker that
    the signal ended first would be started again by its nanny, logging."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        loop = distributed.utils.LoopRunner()
        loop.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    return loop


def main(argv: Optional[Sequence[str]] = None) -> int:
    replaced = _install_stop_handlers()
    try:
        return _main(argv)
    finally:
        # Called from Python rather than as the command: as it was.
        _output_end.fd = -1
        _clusters.clear()
        _scratch.clear()
        for signum, handler in replaced.items():
            signal.signal(signum, handler)


def _main(argv: Optional[Sequence[str]]) -> int:
    arguments = _parser().parse_args(argv)
    to_stdout = arguments.output in (None, "-")
    try:
        if arguments.equity_option and arguments.format != "equity":
            raise ValueError(
                f"--equity-option is equity's: --format {arguments.format} takes none "
                f"(given {arguments.equity_option[0]!r})"
            )
        try:
            output = _Stdout(_output_end) if to_stdout else arguments.output
        except OSError as error:  # closed
            raise OSError(f"<stdout>: {error.strerror}") from None
        # The files are known, and the output checked, before a cluster is
        # started or reached, and before the output is opened.
        prepared = _prepare(
            arguments.files,
            arguments.format,
            arguments.players,
            output,
            arguments.shard_size,
            arguments.equity_option,
            arguments.threads,
            arguments.hole,
            arguments.hilo,
        )
    except ValueError as error:
        print(f"poker.dask: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"poker.dask: {error}", file=sys.stderr)
        return 3
    loop = None
    try:
        try:
            if arguments.scheduler:
                client = distributed.Client(arguments.scheduler, timeout="5s")
            else:
                _start_resource_tracker()
                # Its workers' folders in one of this run's own, removed with
                # it, even by a stop signal: a worker killed leaves its
                # folder, which the next cluster's workers would find, and log.
                base = dask.config.get("temporary-directory") or tempfile.gettempdir()
                _scratch.append(os.path.join(base, f"poker-dask-{uuid.uuid4().hex[:12]}"))
                os.mkdir(_scratch[-1], 0o700)
                loop = _cluster_loop()
                client = distributed.Client(
                    n_workers=arguments.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",
                    local_directory=_scratch[-1],
                    loop=loop.loop,
                )
                _clusters.append(client.cluster)
        except (OSError, TimeoutError) as error:
            where = arguments.scheduler or "a local cluster"
            print(f"poker.dask: cannot reach the scheduler at {where}: {str(error).splitlines()[0]}", file=sys.stderr)
            return 3
        with client:
            try:
                _run(prepared, client, output, _output_end)
            except InputError as error:
                print(f"poker.dask: {error}", file=sys.stderr)
                return 1
            except OSError as error:
                print(f"poker.dask: {error}", file=sys.stderr)
                return 3
    finally:
        if loop is not None:
            loop.stop()
        if _scratch:
            # A worker may still be removing its own folder, and its locks.
            _wait_for_children(5.0)
        for folder in _scratch:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    # Run as poker.dask, not as __main__: the workers find the tasks'
    # functions by name in the module they import, rather than by value.
    from poker.dask import main as _module_main

    sys.exit(_module_main())
