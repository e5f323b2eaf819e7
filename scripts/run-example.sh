#!/usr/bin/env bash
# The first command of the README: set up, build the `poker` command alone
# (none of the tests, benchmarks or Python module; a later
# `scripts/build.sh release` builds those and reuses these objects), and
# judge the bundled sample. The build shows its progress and its time.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/release
"$root/scripts/setup.sh"
start=$SECONDS
echo "== configuring build/release"
# The configuration scripts/build.sh release makes.
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
echo "== building the poker command alone, $(nproc) jobs at a time"
cmake --build "$build" --target poker --parallel "$(nproc)"
echo "== built in $((SECONDS - start)) s"
cd "$root"
echo "$ poker -i examples/sample.txt"
"$build/cli/poker" -i examples/sample.txt
