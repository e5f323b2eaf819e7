#!/usr/bin/env bash
# The first command of the README: set up, build, and judge the bundled sample.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh" release >/dev/null
cd "$root"
echo "$ poker -i examples/sample.txt"
build/release/cli/poker -i examples/sample.txt
