#!/usr/bin/env bash
# Formats the tree's C++ with .clang-format:
#   scripts/format.sh           rewrites every file that differs
#   scripts/format.sh --check   changes nothing; lists the files that differ
#                               and fails if there is any
# clang-format-14 (Debian 12's, which the style was chosen with; another
# version may format differently), or $CLANG_FORMAT. The generated tables
# are left as their generators write them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
clang_format=${CLANG_FORMAT:-clang-format-14}
if ! command -v "$clang_format" >/dev/null; then
  echo "format.sh: $clang_format not found (scripts/setup.sh installs it)" >&2
  exit 2
fi
mode=fix
case "${1:-}" in
  "") ;;
  --check) mode=check ;;
  *) echo "usage: scripts/format.sh [--check]" >&2; exit 2 ;;
esac
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files -- '*.cpp' '*.h' ':!:engine/src/eval/rank_hash_generated.h' ':!:engine/src/equity/range_order_generated.h')
else
  mapfile -t files < <(find bench cli engine examples io python scripts tests -name '*.cpp' -o -name '*.h' |
                       grep -vE '^engine/src/(eval/rank_hash|equity/range_order)_generated.h$' | sort)
fi
if [[ $mode == fix ]]; then
  "$clang_format" -i "${files[@]}"
  exit 0
fi
# One process for the whole tree; the first difference of each file is named.
if ! "$clang_format" --dry-run --Werror --ferror-limit=1 "${files[@]}"; then
  echo "format.sh: the files above are not formatted (run scripts/format.sh)" >&2
  exit 1
fi
