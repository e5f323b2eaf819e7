#!/usr/bin/env python3
"""Every header's include guard is named for its path, and its #endif says so.

    python3 tests/architecture/header_guards.py [SOURCE_DIR]

The guard is the path below the folder's include root, upper-cased, with a
prefix for the folder (engine/src/formats/answer_lines.h:
POKER_ENGINE_FORMATS_ANSWER_LINES_H_), so that a header moved or renamed
cannot keep a guard another header may take, and the comment on the closing
#endif names the guard it closes. A mismatch prints as
`FILE: guard GUARD, #endif // COMMENT, expected EXPECTED`.
"""
import pathlib
import re
import subprocess
import sys

# (folder, guard prefix), the first folder that holds a header wins.
PREFIXES = [
    ("engine/include/poker/", "POKER_"),
    ("io/include/poker/io/", "POKER_IO_"),
    ("engine/src/", "POKER_ENGINE_"),
    ("io/src/", "POKER_IO_"),
    ("cli/", "POKER_CLI_"),
    ("python/src/", "POKER_PYTHON_"),
    ("bench/include/poker/bench/", "POKER_BENCH_"),
    ("bench/", "POKER_BENCH_"),
    ("tests/", "POKER_TESTS_"),
]


def expected_guard(path):
    for folder, prefix in PREFIXES:
        if path.startswith(folder):
            return prefix + re.sub(r"[^A-Za-z0-9]", "_", path[len(folder):]).upper() + "_"
    return None


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    headers = subprocess.run(["git", "-C", str(root), "ls-files", "*.h"], check=True, capture_output=True,
                             text=True).stdout.split()
    failures = 0
    checked = 0
    for path in headers:
        want = expected_guard(path)
        if want is None:
            continue
        text = (root / path).read_text()
        opened = re.search(r"^#ifndef (\w+)\n#define \1\n", text, re.M)
        closed = re.findall(r"^#endif\s*//\s*(\w+)\s*$", text, re.M)
        guard = opened.group(1) if opened else None
        comment = closed[-1] if closed else None
        checked += 1
        if guard != want or comment != want:
            print(f"{path}: guard {guard}, #endif // {comment}, expected {want}")
            failures += 1
    if checked == 0:
        print("no headers found: is the source directory a git checkout?")
        return 1
    print(f"{checked} headers checked, {failures} with a guard not named for their path")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
