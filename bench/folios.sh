#!/usr/bin/env bash
# Whether the judge is blind to how the page cache holds its file: one
# 2-player file, written once in 16 MiB blocks (2 MiB folios on Linux 6 ext4)
# and once in 1 MiB blocks (small folios), `poker -j 1` and `wc -l` run on
# each in turns (ABBA), so that the neighbours' share of this shared machine
# moves both columns alike; medians, and the ratio of the two columns.
#
#   bench/folios.sh [BUILD_DIR] [POKER_OPTION...]   (default build/release)
#   SIZE=1G REPS=7 bench/folios.sh build/release --mmap
#
# SIZE: the file's size (default 1G). REPS: repetitions of each run (7).
# POKER_OPTION: passed to every poker run (say --mmap, to see what a map
# of each file costs). Both copies must stay in the page cache for the
# whole run: each is read once more at the end and its residency printed
# (fincore), since a page read back from disk comes in small folios.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
source "$root/bench/common.sh"
build=${1:-$root/build/release}
shift || true
poker=$build/cli/poker
size=${SIZE:-1G}
reps=${REPS:-7}
[[ -x $poker ]] || { echo "folios.sh: build $poker first (scripts/build.sh release)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$poker" generate 2 --bytes "$size" --seed 1 -o "$work/large.txt"
cp "$work/large.txt" "$work/small.txt"
bytes=$(rewrite_in_blocks "$work/large.txt" 16M)
rewrite_in_blocks "$work/small.txt" 1M >/dev/null

declare -A samples
options=$*
run() {  # FOLIOS: one run of each command on that copy
  samples["poker $1"]+=" $(seconds "'$poker' -j 1 $options -i '$work/$1.txt' -o /dev/null")"
  samples["wc $1"]+=" $(seconds "wc -l '$work/$1.txt'")"
}
for ((i = 0; i < reps; i++)); do
  if ((i % 2 == 0)); then run large; run small; else run small; run large; fi
done

printf '%s bytes of 2-player instances, poker -j 1%s, %d repetitions in turns, medians\n' "$bytes" "${options:+ $options}" "$reps"
printf '%-22s %16s %16s %10s\n' "" "2 MiB folios" "small folios" "ratio"
for command in poker wc; do
  large=$(echo "${samples["$command large"]}" | median)
  small=$(echo "${samples["$command small"]}" | median)
  printf '%-22s %14.3f s %14.3f s %9.3fx\n' "$command" "$large" "$small" "$(echo "$small / $large" | bc -l)"
done
for folios in large small; do
  poker=$(echo "${samples["poker $folios"]}" | median)
  wc=$(echo "${samples["wc $folios"]}" | median)
  printf 'poker against wc -l, %s folios: %.2fx\n' "$([[ $folios == large ]] && echo 2 MiB || echo small)" \
    "$(echo "$wc / $poker" | bc -l)"
done
fincore --noheadings --output RES,FILE "$work/large.txt" "$work/small.txt" | sed 's/^/resident at the end: /'
