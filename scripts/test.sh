#!/usr/bin/env bash
# The second command of the README: set up, then build and run every test,
# first optimised, then under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
"$root/scripts/setup.sh"
for flavour in release sanitize; do
  echo "== $flavour: build"
  "$root/scripts/build.sh" "$flavour"
  echo "== $flavour: test"
  ctest --test-dir "$root/build/$flavour" --output-on-failure -j "$jobs"
done
