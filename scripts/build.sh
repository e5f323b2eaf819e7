#!/usr/bin/env bash
# Configures and builds one flavour of the tree into build/<flavour>:
#   release   optimised (the default)
#   sanitize  with AddressSanitizer + UndefinedBehaviorSanitizer (POKER_SANITIZE)
# Extra arguments go to CMake, e.g. scripts/build.sh release -DPOKER_NATIVE=ON.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
flavour=${1:-release}
shift || true
case "$flavour" in
  release) flags=(-DCMAKE_BUILD_TYPE=Release) ;;
  sanitize) flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DPOKER_SANITIZE=ON -DPOKER_BUILD_BENCHMARKS=OFF) ;;
  *) echo "build.sh: unknown flavour '$flavour' (release or sanitize)" >&2; exit 2 ;;
esac
cmake -S "$root" -B "$root/build/$flavour" -G Ninja "${flags[@]}" "$@" >/dev/null
cmake --build "$root/build/$flavour"
