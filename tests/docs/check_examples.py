#!/usr/bin/env python3
"""Runs the examples of README.md and docs/*.md and compares their output.

The convention, for whoever writes an example:

* A runnable example is a fenced block whose info string is exactly
  `console`. Any other block (```sh, ```text, ...) is left alone: use one
  for what cannot run here (the network, huge files, timings, a build).
* In a console block, a line that starts with `$ ` is a command. Lines
  right after it that start with `> ` continue it (as bash's PS2 prompt
  shows a here-document or an open quote); they are joined with newlines.
* The lines after a command, up to the next `$ ` line or the end of the
  block, are its exact expected output: stdout and stderr merged, in the
  order the program wrote them (both go to one pipe, as with `2>&1`).
  A line that is exactly `...` stands for any number of lines, none
  included; use it only where the elided lines say nothing new.
* The exit status is not compared: write `; echo "exit $?"` after a
  command whose status the reader should see.
* Each command runs with `bash -c`, its working directory a temporary
  folder that holds `examples` (a link to the repository's examples/
  folder), so `poker examples/sample.txt` reads the repository's file and
  files that commands write (`-o term.txt`) go nowhere else. One folder
  serves every command of a document, in order: a later block may use a
  file an earlier one wrote. The folder is removed at the end.
* PATH starts with the folder that holds the built `poker` (--bin-dir);
  PYTHONPATH names the built Python module (--python-path) when it is
  given, and `python3` is the interpreter the module was built for
  (--python); commands that run `python3` are skipped without them.
  LC_ALL=C; NO_COLOR, COLUMNS and POKER_SIMD are unset.

Exit status 0 when every example's output matches, 1 otherwise, with a
unified diff of each example that drifted (expected, then actual).

`--bless` rewrites the expected output of every example that drifted with
what its command prints now (for writing new examples; read the result before
committing it).
"""

import argparse
import concurrent.futures
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*(\S*)\s*$")
TIMEOUT_SECONDS = 60


@dataclass
class Example:
    path: Path
    line: int  # 1-based line of the `$ ` command in the document
    command: str
    expected: list = field(default_factory=list)
    # 0-based line range of the expected output in the document, for --bless
    first: int = 0
    end: int = 0


def examples_of(path):
    """The console examples of one markdown document, in document order."""
    lines = path.read_text(encoding="utf-8").split("\n")
    examples = []
    fence = None  # the opening fence of the block we are in, if any
    console = False
    current = None
    i = 0
    while i < len(lines):
        line = lines[i]
        match = FENCE.match(line)
        if fence is None:
            if match:
                fence = match.group(2)
                console = match.group(3) == "console"
            i += 1
            continue
        if match and match.group(2).startswith(fence[0]) and len(match.group(2)) >= len(fence) \
                and not match.group(3):
            if current:
                current.end = i
                examples.append(current)
                current = None
            fence = None
            i += 1
            continue
        if not console:
            i += 1
            continue
        if line.startswith("$ "):
            if current:
                current.end = i
                examples.append(current)
            command = [line[2:]]
            start = i
            i += 1
            while i < len(lines) and (lines[i].startswith("> ") or lines[i] == ">"):
                command.append(lines[i][2:])
                i += 1
            current = Example(path, start + 1, "\n".join(command), first=i)
            continue
        if current is None:
            raise SystemExit(f"{path}:{i + 1}: a console block's first line must be a '$ ' command")
        current.expected.append(line)
        i += 1
    if fence is not None:
        raise SystemExit(f"{path}: a fenced block is not closed")
    return examples


def matches(expected, actual):
    """Whether the actual lines fit the expected ones, `...` matching any run."""
    pattern = "".join(r"(?:[^\n]*\n)*?" if line == "..." else re.escape(line + "\n") for line in expected)
    return re.fullmatch(pattern, "".join(line + "\n" for line in actual)) is not None


def run(example, workdir, env):
    try:
        completed = subprocess.run(["bash", "-c", example.command], cwd=workdir, env=env,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, timeout=TIMEOUT_SECONDS)
        output = completed.stdout.decode("utf-8", errors="backslashreplace")
    except subprocess.TimeoutExpired:
        output = f"(timed out after {TIMEOUT_SECONDS} s)\n"
    lines = output.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    else:
        lines[-1] += "(no newline at the end)"
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, required=True, help="the repository")
    parser.add_argument("--bin-dir", type=Path, required=True, help="the folder of the built poker")
    parser.add_argument("--python-path", type=Path, help="the folder of the built Python module")
    parser.add_argument("--python", type=Path, help="the interpreter the module was built for")
    parser.add_argument("--bless", action="store_true", help="rewrite the expected outputs")
    parser.add_argument("documents", nargs="*", type=Path,
                        help="markdown files (default: README.md and docs/*.md)")
    args = parser.parse_args()
    root = args.root.resolve()
    documents = args.documents or [root / "README.md", *sorted((root / "docs").glob("*.md"))]

    tools = Path(tempfile.mkdtemp(prefix="poker-docs-bin-"))
    try:
        return check(args, root, documents, tools)
    finally:
        shutil.rmtree(tools)


def check(args, root, documents, tools):
    with_python = bool(args.python_path and args.python)
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "POKER_SIMD")}
    path = [str(args.bin_dir.resolve())]
    if with_python:
        os.symlink(args.python.resolve(), tools / "python3")
        path.insert(0, str(tools))
        env["PYTHONPATH"] = str(args.python_path.resolve())
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PATH"] = os.pathsep.join(path + [env.get("PATH", "/usr/bin:/bin")])
    env["LC_ALL"] = "C"

    def check_document(document):
        """(checked, skipped, failed, report) of one document's examples."""
        examples = examples_of(document)
        resolved = document.resolve()
        name = resolved.relative_to(root) if resolved.is_relative_to(root) else document
        checked, skipped, failed, report, blessed = 0, 0, 0, [], []
        with tempfile.TemporaryDirectory(prefix="poker-docs-") as workdir:
            os.symlink(root / "examples", Path(workdir) / "examples")
            for example in examples:
                if not with_python and re.search(r"\bpython3\b", example.command):
                    skipped += 1
                    continue
                actual = run(example, workdir, env)
                checked += 1
                if matches(example.expected, actual):
                    continue
                if args.bless:
                    blessed.append((example, actual))
                    continue
                failed += 1
                report.append(f"{name}:{example.line}: the output of this example drifted:\n")
                report.extend(f"  $ {line}\n" if n == 0 else f"  > {line}\n"
                              for n, line in enumerate(example.command.split("\n")))
                report.extend(line + "\n" for line in difflib.unified_diff(
                    example.expected, actual, "documented", "actual", lineterm="", n=2))
                report.append("\n")
        if blessed:
            lines = document.read_text(encoding="utf-8").split("\n")
            for example, actual in reversed(blessed):
                lines[example.first:example.end] = actual
            document.write_text("\n".join(lines), encoding="utf-8")
        return checked, skipped, failed, report

    # The documents run side by side (each in its own folder); their reports
    # are printed in document order.
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        results = list(pool.map(check_document, documents))
    checked = sum(result[0] for result in results)
    skipped = sum(result[1] for result in results)
    failed = sum(result[2] for result in results)
    for result in results:
        sys.stdout.writelines(result[3])

    if checked == 0:
        print("no console example found: the convention must have changed", file=sys.stderr)
        return 1
    print(f"{checked} examples checked, {failed} drifted"
          + (f", {skipped} skipped (no --python-path and --python)" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
