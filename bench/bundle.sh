#!/usr/bin/env bash
# Packs a Release build for a machine that has none of our packages (the
# lent 16-core machine runs a bare Ubuntu 24.04): poker, poker_bench and
# poker_drain, and in OUT/lib the shared libraries they load
# from our packages and the C++ runtime they were built against, for
# `bench/scaling.sh OUT` there (it sets LD_LIBRARY_PATH to OUT/lib itself).
#
#   bench/bundle.sh [BUILD_DIR] [OUT]   (defaults build/release, build/device)
#
# OUT is under build/, which git ignores: the device tool carries it when
# asked (carry: ["build/device"]). Prints OUT's size.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/release}
out=${2:-$root/build/device}
binaries=("$build/cli/poker" "$build/bench/poker_bench" "$build/bench/poker_drain")
for binary in "${binaries[@]}"; do
  [[ -x $binary ]] || { echo "bundle.sh: build $binary first (scripts/build.sh release)" >&2; exit 2; }
done
mkdir -p "$out/lib"
cp "${binaries[@]}" "$out/"
# The libraries a bare Ubuntu 24.04 lacks (TBB, spdlog, fmt, Google
# Benchmark at Debian 12's versions) and the C++ runtime of the build.
ldd "${binaries[@]}" | awk '$3 ~ /^\// {print $3}' | sort -u |
  grep -E '/lib(tbb|spdlog|fmt|benchmark|stdc\+\+|gcc_s)[^/]*$' |
  while read -r library; do cp -L "$library" "$out/lib/"; done
du -sh "$out"
