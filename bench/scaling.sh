#!/usr/bin/env bash
# Scaling across cores (issue 14's table), for a machine with 16 cores or
# more: generates its data there, then on page-cached files, medians of REPS:
# `wc -l`, `poker -j N` for N in 1 2 4 8 12 16, the pipe path at -j 16, the
# 8-player file at -j 1 and -j 16, the CPU time (user + sys) at each -j, and
# the serial stages alone (BM_SerialStages) as a ratio to `wc -l`.
#
#   bench/scaling.sh [BUILD_DIR]           (default build/release)
#   SIZE=2G REPS=3 JOBS="1 2 4 8 12 16" bench/scaling.sh
#
# Goals (issue 14): -j 16 >= 1.2x wc -l on both files; -j 16 over -j 1 >= 12x;
# the pipe path >= 0.8x the mapped path; CPU time at -j 16 <= 1.2x -j 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/release}
poker=$build/cli/poker
generate=$build/bench/poker_generate
bench=$build/bench/poker_bench
size=${SIZE:-2G}
reps=${REPS:-3}
jobs=${JOBS:-1 2 4 8 12 16}
top=${jobs##* }
[[ -x $poker && -x $generate ]] || { echo "scaling.sh: build $build first (scripts/build.sh release)" >&2; exit 2; }
echo "$(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$generate" 2 --bytes "$size" --seed 1 -o "$work/two.txt"
"$generate" 8 --bytes "${SIZE8:-1G}" --seed 2 -o "$work/eight.txt"
bytes_two=$(stat -c %s "$work/two.txt")
bytes_eight=$(stat -c %s "$work/eight.txt")
cat "$work/two.txt" "$work/eight.txt" >/dev/null

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# "wall user+sys" of one run of a bash -c string.
timed() { /usr/bin/time -f '%e %U %S' bash -c "$1" 2>&1 >/dev/null | tail -1 | awk '{print $1, $2 + $3}'; }
row() {  # name bytes reference_seconds command
  local walls=() cpus=() w c
  for ((i = 0; i < reps; i++)); do
    read -r w c < <(timed "$4")
    walls+=("$w")
    cpus+=("$c")
  done
  local wall cpu
  wall=$(printf '%s\n' "${walls[@]}" | median)
  cpu=$(printf '%s\n' "${cpus[@]}" | median)
  printf '| %s | %.3f | %.2f | %.2fx | %.2f |\n' "$1" "$wall" "$(echo "$2 / $wall / 1000000000" | bc -l)" \
    "$(echo "$3 / $wall" | bc -l)" "$cpu"
  last_wall=$wall
}
wc_two=$(for ((i = 0; i < reps; i++)); do timed "wc -l '$work/two.txt'"; done | awk '{print $1}' | median)
wc_eight=$(for ((i = 0; i < reps; i++)); do timed "wc -l '$work/eight.txt'"; done | awk '{print $1}' | median)

echo "2-player file: $bytes_two bytes; 8-player file: $bytes_eight bytes; medians of $reps"
echo '| command | s | GB/s | vs `wc -l` | CPU s (user+sys) |'
echo '|---|---|---|---|---|'
row '`wc -l FILE`' "$bytes_two" "$wc_two" "wc -l '$work/two.txt'"
for j in $jobs; do
  row "\`poker -j $j\`" "$bytes_two" "$wc_two" "'$poker' -j $j -i '$work/two.txt' -o /dev/null"
  [[ $j == 1 ]] && one=$last_wall
  [[ $j == "$top" ]] && mapped=$last_wall
done
row "\`cat FILE | poker -j $top\`" "$bytes_two" "$wc_two" "cat '$work/two.txt' | '$poker' -j $top > /dev/null"
pipe=$last_wall
row '`wc -l FILE` (8 players)' "$bytes_eight" "$wc_eight" "wc -l '$work/eight.txt'"
row '`poker 8 -j 1` (8 players)' "$bytes_eight" "$wc_eight" "'$poker' 8 -j 1 -i '$work/eight.txt' -o /dev/null"
row "\`poker 8 -j $top\` (8 players)" "$bytes_eight" "$wc_eight" "'$poker' 8 -j $top -i '$work/eight.txt' -o /dev/null"
printf 'speed-up of -j %s over -j 1: %.1fx; pipe path over mapped path: %.2fx\n' "$top" \
  "$(echo "$one / $mapped" | bc -l)" "$(echo "$mapped / $pipe" | bc -l)"
if [[ -x $bench ]]; then
  POKER_BENCH_FILE="$work/two.txt" "$bench" --benchmark_filter=BM_SerialStages --benchmark_repetitions="$reps" \
    --benchmark_report_aggregates_only=true 2>/dev/null | grep -E 'median|Benchmark'
fi
