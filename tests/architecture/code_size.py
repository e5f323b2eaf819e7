#!/usr/bin/env python3
"""Functions and files stay short enough to read at once.

    python3 tests/architecture/code_size.py [SOURCE_DIR]

The limits, in lines, of every C++ function body (from the line of its
opening brace to its closing one) and file:
- cli/: functions of 60 lines at most, files of 400;
- engine/src/verify/: files of 400;
- the rest of the product (engine/, io/, bench/include and bench/src,
  python/src): functions of 80, but the AVX2 hold'em kernel, whose vector
  loop is one piece of straight-line code.
A function is found by its braces, not parsed: a brace that opens after a
`)` at the outermost function level, outside `if`, `for`, `while`,
`switch` and `catch`. An excess prints as `FILE:LINE: N lines, limit M`.
"""
import pathlib
import re
import subprocess
import sys

FUNCTION_LIMITS = [("cli/", 60), ("engine/", 80), ("io/", 80), ("bench/include/", 80), ("bench/src/", 80),
                   ("python/src/", 80)]
FILE_LIMITS = [("cli/", 400), ("engine/src/verify/", 400)]
EXEMPT = {"engine/src/formats/holdem2_kernel.cpp"}

CONTROL = re.compile(r"\b(if|for|while|switch|catch|do|else)\b")
TYPE = re.compile(r"^\s*(namespace|class|struct|enum|union)\b")


def code_of(line):
    """The line without its comment and the contents of its literals."""
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(\\.|[^'\\])*'", "''", line)
    return re.sub(r"//.*", "", line)


def function_lengths(text):
    """(first line, lines) of each outermost function body."""
    stack = []  # (is a function, line) of each open brace
    lines = text.split("\n")
    for number, raw in enumerate(lines, 1):
        code = code_of(raw)
        for at, char in enumerate(code):
            if char == "{":
                before = code[:at].strip() or (code_of(lines[number - 2]).strip() if number > 1 else "")
                opens_function = (")" in before or before.endswith("const") or before.endswith("override")) and \
                    not CONTROL.search(before.split("(")[0]) and not TYPE.match(before) and \
                    not any(is_function for is_function, _ in stack)
                stack.append((opens_function, number))
            elif char == "}" and stack:
                is_function, first = stack.pop()
                if is_function:
                    yield first, number - first + 1


def limit_of(path, limits):
    for folder, limit in limits:
        if path.startswith(folder):
            return limit
    return None


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    files = subprocess.run(["git", "-C", str(root), "ls-files", "*.cpp", "*.h"], check=True, capture_output=True,
                           text=True).stdout.split()
    excesses = []
    for path in files:
        text = (root / path).read_text(errors="replace")
        file_limit = limit_of(path, FILE_LIMITS)
        lines = text.count("\n")
        if file_limit is not None and lines > file_limit:
            excesses.append(f"{path}: {lines} lines, limit {file_limit}")
        function_limit = limit_of(path, FUNCTION_LIMITS)
        if function_limit is None or path in EXEMPT:
            continue
        for first, length in function_lengths(text):
            if length > function_limit:
                excesses.append(f"{path}:{first}: {length} lines, limit {function_limit}")
    for excess in excesses:
        print(excess)
    print(f"{len(files)} files checked, {len(excesses)} over their limits")
    return 1 if excesses else 0


if __name__ == "__main__":
    sys.exit(main())
