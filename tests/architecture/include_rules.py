#!/usr/bin/env python3
"""The include rules of ARCHITECTURE.md ("Architecture invariants"), checked.

    python3 tests/architecture/include_rules.py [SOURCE_DIR]

Reads every #include line of the C++ sources under io/, engine/, cli/,
python/src/, bench/ and scripts/, resolves each quoted include the way the
build's include paths do, and prints one line per broken rule,
"FILE:LINE: RULE: #include ...", then exits 1; exits 0, printing a count, when
every rule holds. tests/ is not checked: tests of internals include internal
headers on purpose. The rules:

  io          io/ includes only "poker/io/..." and io/src's own headers, and
              of the libraries only the system's and TBB's: nothing of the
              engine, cli/ or python/.
  engine      engine/ includes nothing of cli/, python/ or bench/, nor io/src's
              internals, nor CLI11, spdlog or pybind11.
  eval        engine/src/eval/ (the poker::eval target), with every project
              header it includes in turn, includes no TBB and nothing of io.
  public      engine/include/ includes only public headers ("poker/..."),
              and no nlohmann/json: the engine writes JSON with it in its
              .cpp files only, so that the package's users need nothing of it.
  python      python/src/ includes only the engine's and io's public headers
              ("poker/...", "poker/io/...") and its own.
  bench       bench/src/ and bench/include/ (the benchmark library that
              `poker bench` runs) include the engine's and io's public
              headers and their own ("poker/bench/...", bench/src's), never
              cli/ or python/, nor CLI11, spdlog or pybind11; a public header
              of bench/include/ includes only public headers. cli/ may
              include "poker/bench/...".
  internals   outside engine/ (and tests/) nothing includes engine/src
              headers; outside io/ nothing includes io/src headers; outside
              bench/ nothing includes bench/src headers.
"""
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cc"}
CHECKED_DIRS = ["io", "engine", "cli", "python/src", "bench", "scripts"]
OTHER_LIBRARIES = ("CLI/", "spdlog/", "pybind11/")
JSON_LIBRARY = "nlohmann/"


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2]).resolve()
    io_include, io_src = root / "io/include", root / "io/src"
    engine_include, engine_src = root / "engine/include", root / "engine/src"
    bench_include, bench_src = root / "bench/include", root / "bench/src"
    public_dirs = [io_include, engine_include]

    def under(path: pathlib.Path, folder: str) -> bool:
        return path.is_relative_to(root / folder)

    def resolve(source: pathlib.Path, name: str):
        """The project file a quoted include names, as the compiler finds it:
        the including file's folder first, then the include paths of its
        target (public headers for all; the internals for their own part)."""
        candidates = [source.parent]
        if under(source, "engine"):
            candidates += [engine_include, io_include, engine_src]
        elif under(source, "io"):
            candidates += [io_include, io_src]
        elif under(source, "bench/src"):
            candidates += public_dirs + [bench_include, bench_src]
        else:
            candidates += public_dirs + [bench_include]
        for folder in candidates:
            path = folder / name
            if path.is_file():
                return path.resolve()
        # Not on the target's own paths: is it an internal header reached by
        # an include path the target should not have?
        for folder in (engine_src, io_src, bench_src, bench_include, root / "cli", root / "python/src"):
            if (folder / name).is_file():
                return (folder / name).resolve()
        return None

    def includes(path: pathlib.Path):
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            match = INCLUDE.match(line)
            if match:
                quoted = match.group(1) == '"'
                target = resolve(path, match.group(2)) if quoted else None
                yield number, line.strip(), quoted, match.group(2), target

    broken = []

    def check(path, number, line, rule, why):
        broken.append(f"{path.relative_to(root)}:{number}: {rule}: {line}  ({why})")

    files = sorted(p for d in CHECKED_DIRS for p in (root / d).rglob("*") if p.suffix in SOURCE_SUFFIXES)
    for path in files:
        for number, line, quoted, name, target in includes(path):
            if under(path, "io"):
                if quoted and (target is None or not (under(target, "io/include/poker/io") or under(target, "io/src"))):
                    check(path, number, line, "io", 'io/ includes only "poker/io/..." and its own headers')
                if not quoted and name.startswith(OTHER_LIBRARIES + (JSON_LIBRARY, "poker/")):
                    check(path, number, line, "io", "io/ uses only the system's and TBB's libraries")
            if under(path, "engine"):
                if target is not None and not (under(target, "engine") or under(target, "io/include")):
                    check(path, number, line, "engine", "engine/ includes nothing of cli/, python/, bench/ or io/src")
                if not quoted and name.startswith(OTHER_LIBRARIES):
                    check(path, number, line, "engine", "engine/ does not use CLI11, spdlog or pybind11")
            if under(path, "engine/include") and quoted and (target is None or not under(target, "engine/include")
                                                              and not under(target, "io/include")):
                check(path, number, line, "public", 'a public header includes only public headers ("poker/...")')
            if under(path, "engine/include") and not quoted and name.startswith(JSON_LIBRARY):
                check(path, number, line, "public", "a public header includes no nlohmann/json: the package's users "
                      "would need it")
            if under(path, "python/src") and quoted and not (
                    target is not None and (under(target, "python/src") or any(
                        target.is_relative_to(d) for d in public_dirs))):
                check(path, number, line, "python", "python/src includes only the engine's and io's public headers and its own")
            if target is not None and not under(path, "engine") and under(target, "engine/src"):
                check(path, number, line, "internals", "only engine/ and tests/ include engine/src headers")
            if target is not None and not under(path, "io") and under(target, "io/src"):
                check(path, number, line, "internals", "only io/ and tests/ include io/src headers")
            if target is not None and not under(path, "bench") and under(target, "bench/src"):
                check(path, number, line, "internals", "only bench/ and tests/ include bench/src headers")
            if under(path, "bench/src") or under(path, "bench/include"):
                library = [engine_include, io_include, bench_include] + ([bench_src] if under(path, "bench/src") else [])
                if quoted and (target is None or not any(target.is_relative_to(d) for d in library)):
                    check(path, number, line, "bench",
                          "the benchmark library includes only public headers and its own, nothing of cli/ or python/")
                if not quoted and name.startswith(OTHER_LIBRARIES):
                    check(path, number, line, "bench", "the benchmark library does not use CLI11, spdlog or pybind11")

    # eval: everything engine/src/eval reaches through quoted includes.
    seen = set()
    pending = [(p, p) for p in sorted((engine_src / "eval").rglob("*")) if p.suffix in SOURCE_SUFFIXES]
    while pending:
        path, origin = pending.pop()
        if path in seen:
            continue
        seen.add(path)
        for number, line, _, name, target in includes(path):
            via = "" if path == origin else f", reached from {origin.relative_to(root)}"
            if name.startswith("tbb/") or name.startswith("oneapi/tbb"):
                check(path, number, line, "eval", "engine/src/eval uses no TBB" + via)
            if name.startswith("poker/io/") or (target is not None and under(target, "io")):
                check(path, number, line, "eval", "engine/src/eval includes nothing of io" + via)
            if target is not None and target not in seen:
                pending.append((target, origin))

    for line in broken:
        print(line)
    if broken:
        print(f"{len(broken)} include rule(s) broken; the rules: ARCHITECTURE.md, \"Architecture invariants\"")
        return 1
    print(f"include rules hold in {len(files)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
