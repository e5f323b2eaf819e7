#!/usr/bin/env bash
# Scaling across cores, for a machine with 16 cores or
# more: generates its data there, then on page-cached files, medians of REPS:
# `wc -l`, `poker -j N` for N in JOBS (and `--mmap` at -j 1 and the top
# -j), the pipe path at the top -j, the
# pipe alone (`cat FILE | poker_drain`), the 8-player file at -j 1 and the
# top -j, the CPU time (user + sys) of each, and the serial stages alone
# (BM_SerialStages) and the memory map alone (BM_MapTouch) as ratios to
# `wc -l`, and, where python3 is, the CPU time of runs that wait on a pipe
# (bench/waiting_cpu.py) at -j 1 and the top -j.
#
#   bench/scaling.sh [DIR]     DIR: a build tree (default build/release), or a
#                              folder holding poker, poker_bench and
#                              poker_drain themselves (and,
#                              beside them or in DIR/lib, the shared
#                              libraries they need that the machine lacks:
#                              libtbb, libspdlog, libfmt, libbenchmark), as
#                              bench/bundle.sh makes it
#   SIZE=2G REPS=3 JOBS="1 2 4 8 12 16" bench/scaling.sh DIR
#
# Needs bash, coreutils and awk only (no bc, no /usr/bin/time; python3 for
# the last rows only): it runs as is on a bare Ubuntu 24.04. The table goes to stdout, progress
# to stderr. At SIZE=2G, REPS=3 it takes about 3 minutes on 16 cores.
#
# Goals: -j 16 >= 2.0x wc -l on both files; -j 16 over -j 1 >= 14x; CPU
# time at -j 16 <= 1.1x -j 1; the pipe path >= 0.9x the pipe alone
# (poker_drain).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build/release}
if [[ -x $dir/poker ]]; then
  poker=$dir/poker
  bench=$dir/poker_bench
  drain=$dir/poker_drain
  export LD_LIBRARY_PATH="$dir:$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
else
  poker=$dir/cli/poker
  bench=$dir/bench/poker_bench
  drain=$dir/bench/poker_drain
fi
size=${SIZE:-2G}
reps=${REPS:-3}
jobs=${JOBS:-1 2 4 8 12 16}
top=${jobs##* }
[[ -x $poker ]] || { echo "scaling.sh: no poker in $dir" >&2; exit 2; }
generate=("$poker" generate)
"$poker" -q </dev/null >/dev/null 2>&1 ||
  { echo "scaling.sh: $poker does not run (missing shared libraries?):" >&2; "$poker" -q </dev/null >&2 || true; exit 2; }
progress() { echo "scaling.sh: $(date +%T) $*" >&2; }

echo "$(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); $(uname -r)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
progress "generating $size of 2-player instances and ${SIZE8:-1G} of 8-player instances in $work"
"${generate[@]}" 2 --bytes "$size" --seed 1 -o "$work/two.txt"
"${generate[@]}" 8 --bytes "${SIZE8:-1G}" --seed 2 -o "$work/eight.txt"
bytes_two=$(stat -c %s "$work/two.txt")
bytes_eight=$(stat -c %s "$work/eight.txt")
cat "$work/two.txt" "$work/eight.txt" >/dev/null  # into the page cache

# Arithmetic and medians with awk.
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# "wall user+sys" of one run of a bash -c string (bash's own `time`: the
# CPU time of the whole pipeline, children included).
timed() {
  local TIMEFORMAT='%R %U %S' line
  line=$({ time bash -c "$1" >/dev/null 2>&1; } 2>&1 | tail -1)
  awk '{print $1, $2 + $3}' <<<"$line"
}
last_wall=0
row() {  # name bytes reference_seconds (or "self": this row is the reference) command
  progress "$1"
  local walls=() cpus=() w c i
  for ((i = 0; i < reps; i++)); do
    read -r w c < <(timed "$4")
    walls+=("$w")
    cpus+=("$c")
  done
  local wall cpu
  wall=$(printf '%s\n' "${walls[@]}" | median)
  cpu=$(printf '%s\n' "${cpus[@]}" | median)
  local reference=$3
  [[ $reference == self ]] && reference=$wall
  printf '| %s | %.3f | %.2f | %.2fx | %.2f |\n' "$1" "$wall" "$(calc "$2 / $wall / 1e9")" \
    "$(calc "$reference / $wall")" "$cpu"
  last_wall=$wall
}
echo "2-player file: $bytes_two bytes; 8-player file: $bytes_eight bytes; medians of $reps"
echo '| command | s | GB/s | vs `wc -l` | CPU s (user+sys) |'
echo '|---|---|---|---|---|'
# wc -l's own rows are the references of the rows after them.
row '`wc -l FILE`' "$bytes_two" self "wc -l '$work/two.txt'"
wc_two=$last_wall
one=0
file_top=0
mmap_one=0
mmap_top=0
for j in $jobs; do
  row "\`poker -j $j\`" "$bytes_two" "$wc_two" "'$poker' -j $j -i '$work/two.txt' -o /dev/null"
  [[ $j == 1 ]] && one=$last_wall
  [[ $j == "$top" ]] && file_top=$last_wall
done
# The memory map beside the default reads, at -j 1 and the top -j.
row '`poker --mmap -j 1`' "$bytes_two" "$wc_two" "'$poker' --mmap -j 1 -i '$work/two.txt' -o /dev/null"
mmap_one=$last_wall
row "\`poker --mmap -j $top\`" "$bytes_two" "$wc_two" "'$poker' --mmap -j $top -i '$work/two.txt' -o /dev/null"
mmap_top=$last_wall
row "\`cat FILE | poker -j $top\`" "$bytes_two" "$wc_two" "cat '$work/two.txt' | '$poker' -j $top > /dev/null"
pipe=$last_wall
if [[ -x $drain ]]; then
  # The pipe alone: cat into the judge's stream reader, which does nothing
  # with what it reads; the pipe path cannot be faster.
  row '`cat FILE | poker_drain` (the pipe alone)' "$bytes_two" "$wc_two" "cat '$work/two.txt' | '$drain'"
fi
row '`wc -l FILE` (8 players)' "$bytes_eight" self "wc -l '$work/eight.txt'"
wc_eight=$last_wall
row '`poker 8 -j 1` (8 players)' "$bytes_eight" "$wc_eight" "'$poker' 8 -j 1 -i '$work/eight.txt' -o /dev/null"
row "\`poker 8 -j $top\` (8 players)" "$bytes_eight" "$wc_eight" "'$poker' 8 -j $top -i '$work/eight.txt' -o /dev/null"
row "\`poker 8 --mmap -j $top\` (8 players)" "$bytes_eight" "$wc_eight" "'$poker' 8 --mmap -j $top -i '$work/eight.txt' -o /dev/null"
if [[ $one != 0 && $file_top != 0 ]]; then
  printf 'speed-up of -j %s over -j 1: %.1fx; pipe path over file path: %.2fx\n' "$top" \
    "$(calc "$one / $file_top")" "$(calc "$file_top / $pipe")"
fi
if [[ $mmap_one != 0 && $mmap_top != 0 ]]; then
  printf 'with --mmap: speed-up of -j %s over -j 1: %.1fx\n' "$top" "$(calc "$mmap_one / $mmap_top")"
fi
if [[ -x $bench ]]; then
  # threads:0 is every core; vs_wc_l is the speed over wc -l's, measured in
  # the same process on the same file.
  # BM_MapTouch: the memory map alone (map, a byte of every page, unmap).
  progress "BM_SerialStages, BM_MapTouch"
  POKER_BENCH_FILE="$work/two.txt" "$bench" --benchmark_filter='BM_SerialStages/threads:[0-9]+/in_memory:0|BM_MapTouch' \
    --benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true 2>/dev/null | grep -E 'median|Benchmark'
fi
if command -v python3 >/dev/null; then
  # Runs that wait on a pipe, for input or for room: idle threads must
  # sleep, so -j top should cost the CPU time of -j 1.
  progress "waiting on a pipe"
  "${generate[@]}" 2 --bytes 64M --seed 4 -o "$work/paced.txt"
  python3 "$root/bench/waiting_cpu.py" "$poker" "$work/paced.txt" 1 "$top"
fi
progress "done"
