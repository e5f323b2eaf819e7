#!/usr/bin/env bash
# End-to-end throughput of the judge, side by side with `wc -l` on the same
# page-cached files, in one run: medians of REPS repetitions, as ratios.
#
#   bench/throughput.sh [BUILD_DIR]        (default build/release)
#   SIZE=1G REPS=5 RSS_GB=4 bench/throughput.sh
#
# SIZE: size of each generated file (default 1G). REPS: repetitions (5).
# The serial stages alone (reader, framing, ordered writer: BM_SerialStages
# of poker_bench, 2 threads, on the same 2-player file) are printed beside
# the rest, and so is what the map alone costs (BM_MapTouch, 2 threads:
# map, read a byte of every page, unmap), and the CPU time (user + sys) of
# -j 2 over that of -j 1, and of runs that wait on a pipe for their input or
# for room for their answers (bench/waiting_cpu.py). The pipe alone (`cat
# FILE | poker_drain`: the judge's stream reader, nothing done with what it
# reads) is timed beside the pipe path, and its CPU time gives the least wall
# time the pipe path can take on this machine's cores.
# FORMAT_SIZE: size of the Euler 54 and eval files, each beside its own
# `wc -l` (default 256M; eval is the slowest format per byte).
# WRITE_BLOCK: each file is rewritten with `dd bs=WRITE_BLOCK` before the
# runs (default 1M), because how a file was written decides how the page
# cache holds it, and so what a memory map of it costs: on Linux 6 ext4, 16M
# gives 2 MiB folios, 1M small ones, as readahead of a file read from disk
# does (docs/performance.md: how to benchmark it fairly). bench/folios.sh
# compares the two on one file, run in turns.
# RSS_GB: also generate an RSS_GB-GiB file and report poker's peak resident
# memory on it with -j 1, -j 2 and -j 64, reading it and mapping it (default
# 0: skipped).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
source "$root/bench/common.sh"
if [[ $# -eq 0 ]]; then
  "$root/scripts/setup.sh" --bench
  "$root/scripts/build.sh" release >/dev/null
fi
build=${1:-$root/build/release}
poker=$build/cli/poker
generate=("$poker" generate)
bench=$build/bench/poker_bench
drain=$build/bench/poker_drain
size=${SIZE:-1G}
reps=${REPS:-5}
rss_gb=${RSS_GB:-0}
format_size=${FORMAT_SIZE:-256M}
write_block=${WRITE_BLOCK:-1M}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One file at a time, deleted when its rows are measured: this machine's
# page cache kept only about 2.5 GB, and a file partly evicted is read back
# from disk (in small folios) in the middle of the runs.
prepare() {  # NAME COMMAND...: $work/NAME.txt, rewritten in write_block blocks, page-cached
  "${@:2}" -o "$work/$1.txt"
  rewrite_in_blocks "$work/$1.txt" "$write_block"
}

# The CPU figures of the 2-player file, kept in cpu_lines for after the table.
cpu_lines=()
cpu_and_pipe_figures() {
  # CPU time (user + sys) for the same work: idle workers must not spin.
  cpu_seconds() {
    /usr/bin/time -f '%U %S' "$poker" -j "$1" -i "$work/two.txt" -o /dev/null 2>&1 >/dev/null | tail -1 |
      awk '{print $1 + $2}'
  }
  cpu1=$(for ((i = 0; i < reps; i++)); do cpu_seconds 1; done | median)
  cpu2=$(for ((i = 0; i < reps; i++)); do cpu_seconds 2; done | median)
  cpu_lines+=("$(printf 'CPU time (user + sys), 2 players: -j 1 %.2f s, -j 2 %.2f s (%.2fx)' "$cpu1" "$cpu2" \
      "$(echo "$cpu2 / $cpu1" | bc -l)")")
  # Two -j 1 runs at once, each on the whole file, share nothing but the
  # machine; what that costs each of them (caches, memory bandwidth, sibling
  # hyperthreads) is the floor under the ratio above.
  pair_cpu_seconds() {
    /usr/bin/time -f '%U %S' -o "$work/cpu.a" "$poker" -j 1 -i "$work/two.txt" -o /dev/null &
    /usr/bin/time -f '%U %S' -o "$work/cpu.b" "$poker" -j 1 -i "$work/two.txt" -o /dev/null
    wait
    cat "$work/cpu.a" "$work/cpu.b" | awk '{sum += $1 + $2} END {print sum / 2}'
  }
  cpu_pair=$(for ((i = 0; i < reps; i++)); do pair_cpu_seconds; done | median)
  cpu_lines+=("$(printf 'Two -j 1 runs at once: %.2f s each (%.2fx one alone)' "$cpu_pair" \
      "$(echo "$cpu_pair / $cpu1" | bc -l)")")
  # The pipe path's CPU time, cat's and the judge's: cat's copy into the pipe
  # and the judge's copy out of it run on the same cores as the judging, so
  # the pipe's wall time is at least their sum over the core count.
  pipe_cpu_seconds() {  # READER...: prints "cat reader" for cat FILE | READER...
    /usr/bin/time -f '%U %S' -o "$work/cpu.cat" cat "$work/two.txt" |
      /usr/bin/time -f '%U %S' -o "$work/cpu.reader" "$@" >/dev/null
    echo "$(awk '{print $1 + $2}' "$work/cpu.cat") $(awk '{print $1 + $2}' "$work/cpu.reader")"
  }
  pipe_cpu=$(for ((i = 0; i < reps; i++)); do pipe_cpu_seconds "$poker" -j 2; done)
  cpu_cat=$(echo "$pipe_cpu" | awk '{print $1}' | median)
  cpu_pipe=$(echo "$pipe_cpu" | awk '{print $2}' | median)
  cpu_lines+=("$(printf 'CPU time of cat FILE | poker -j 2: cat %.2f s, poker %.2f s (%.2f s of %d cores; the file, -j 2: %.2f s)' \
      "$cpu_cat" "$cpu_pipe" "$(echo "($cpu_cat + $cpu_pipe) / $(nproc)" | bc -l)" "$(nproc)" "$cpu2")")
  # The pipe alone (poker_drain: the judge's stream reader, nothing done with
  # what it reads): the two copies cost that much CPU whatever the judge does,
  # so the pipe path's wall time is at least the judging's CPU time (the
  # file's -j 2 run) plus theirs, over the core count.
  if [[ -x $drain ]]; then
    drain_cpu=$(for ((i = 0; i < reps; i++)); do pipe_cpu_seconds "$drain"; done | awk '{print $2}' | median)
    cpu_lines+=("$(printf 'The pipe alone (cat FILE | poker_drain): the copy out of it %.2f s of CPU; with cat and the judging (the file, -j 2), the pipe path needs at least %.2f s on %d cores' \
        "$drain_cpu" "$(echo "($cpu_cat + $drain_cpu + $cpu2) / $(nproc)" | bc -l)" "$(nproc)")")
  fi
}

declare -A samples
names=()
measure() {  # name bytes command
  names+=("$1")
  samples["$1"]="$2"
  for ((i = 0; i < reps; i++)); do samples["$1"]+=" $(seconds "$3")"; done
}

halve_last_row() {  # the last row's samples, halved
  local name=${names[-1]} bytes rest
  read -r bytes rest <<<"${samples[$name]}"
  samples["$name"]="$bytes $(for t in $rest; do echo "$t / 2" | bc -l; done | tr '\n' ' ')"
}

bytes_two=$(prepare two "${generate[@]}" 2 --bytes "$size" --seed 1)
measure "wc -l (2 players)" "$bytes_two" "wc -l '$work/two.txt'"
measure "poker -j 2 -i FILE" "$bytes_two" "'$poker' -j 2 -i '$work/two.txt' -o /dev/null"
measure "poker -j 1 -i FILE" "$bytes_two" "'$poker' -j 1 -i '$work/two.txt' -o /dev/null"
# Two -j 1 runs at once, each on the whole file: half their wall time is what
# two vCPUs of this shared machine give one run, so it is the mark -j 2 is
# held to (a plain -j 2 over -j 1 ratio mostly measures the neighbours).
measure "two poker -j 1 at once, half" "$bytes_two" \
  "'$poker' -j 1 -i '$work/two.txt' -o /dev/null & '$poker' -j 1 -i '$work/two.txt' -o /dev/null; wait"
halve_last_row
measure "poker -j 1 --mmap -i FILE" "$bytes_two" "'$poker' -j 1 --mmap -i '$work/two.txt' -o /dev/null"
measure "poker -j 2 --mmap -i FILE" "$bytes_two" "'$poker' -j 2 --mmap -i '$work/two.txt' -o /dev/null"
measure "cat FILE | poker -j 2" "$bytes_two" "cat '$work/two.txt' | '$poker' -j 2 > /dev/null"
if [[ -x $drain ]]; then
  measure "cat FILE | poker_drain (the pipe)" "$bytes_two" "cat '$work/two.txt' | '$drain'"
fi
measure "poker -j 2 -e -i FILE (explain)" "$bytes_two" "'$poker' -j 2 -e -i '$work/two.txt' -o /dev/null"
# A poker_bench benchmark's rate on the 2-player file, as the seconds it
# would take for the whole file (one sample per repetition, so that it has a
# median): the serial stages alone (BM_SerialStages, 2 threads), and the
# memory map alone, which they cannot do without (BM_MapTouch).
bench_seconds() {  # FILTER
  POKER_BENCH_FILE="$work/two.txt" "$bench" --benchmark_filter="$1" --benchmark_format=json 2>/dev/null |
    python3 -c 'import json, sys; b = json.load(sys.stdin)["benchmarks"][0]; print(int(sys.argv[1]) / b["bytes_per_second"])' \
      "$bytes_two"
}
if [[ -x $bench ]]; then
  for row in "serial stages only (BM_SerialStages)|BM_SerialStages/threads:2/in_memory:0" \
    "memory map alone (BM_MapTouch)|BM_MapTouch/threads:2"; do
    name=${row%%|*}
    names+=("$name")
    samples["$name"]="$bytes_two"
    for ((i = 0; i < reps; i++)); do samples["$name"]+=" $(bench_seconds "${row#*|}")"; done
  done
fi
cpu_and_pipe_figures  # on the 2-player file, printed after the table
rm -f "$work/two.txt"
bytes_eight=$(prepare eight "${generate[@]}" 8 --bytes "$size" --seed 2)
measure "wc -l (8 players)" "$bytes_eight" "wc -l '$work/eight.txt'"
measure "poker 8 -j 2 -i FILE" "$bytes_eight" "'$poker' 8 -j 2 -i '$work/eight.txt' -o /dev/null"
measure "poker 8 -j 1 -i FILE" "$bytes_eight" "'$poker' 8 -j 1 -i '$work/eight.txt' -o /dev/null"
rm -f "$work/eight.txt"
bytes_euler=$(prepare euler "$poker" generate euler --bytes "$format_size" --seed 4)
measure "wc -l (euler)" "$bytes_euler" "wc -l '$work/euler.txt'"
measure "poker euler -j 2 -i FILE" "$bytes_euler" "'$poker' euler -j 2 -i '$work/euler.txt' -o /dev/null"
measure "poker euler -j 1 -i FILE" "$bytes_euler" "'$poker' euler -j 1 -i '$work/euler.txt' -o /dev/null"
rm -f "$work/euler.txt"
bytes_eval=$(prepare eval "$poker" generate eval --bytes "$format_size" --seed 5)
measure "wc -l (eval)" "$bytes_eval" "wc -l '$work/eval.txt'"
measure "poker eval -j 2 -i FILE" "$bytes_eval" "'$poker' eval -j 2 -i '$work/eval.txt' -o /dev/null"
measure "poker eval -j 1 -i FILE" "$bytes_eval" "'$poker' eval -j 1 -i '$work/eval.txt' -o /dev/null"

printf '%s of 2-player instances, %s of 8-player, %s of Euler 54, %s of eval, written in %s blocks, %d repetitions, medians\n' \
  "$bytes_two bytes" "$bytes_eight bytes" "$bytes_euler bytes" "$bytes_eval bytes" "$write_block" "$reps"
printf '%-34s %10s %10s %12s\n' "command" "seconds" "GB/s" "vs wc -l"
reference=""
for name in "${names[@]}"; do
  read -r bytes rest <<<"${samples[$name]}"
  m=$(echo "$rest" | median)
  rate=$(echo "$bytes / $m / 1000000000" | bc -l)
  # Each `wc -l` row is the reference of the rows after it, on its file.
  [[ $name == "wc -l"* ]] && reference=$m
  printf '%-34s %10.3f %10.2f %11.2fx\n' "$name" "$m" "$rate" "$(echo "$reference / $m" | bc -l)"
done

printf '%s\n' "${cpu_lines[@]}"

# A slow producer: one instance every 10 ms; how long until its answer?
/usr/bin/python3 "$root/bench/latency.py" "$poker"
# A run waiting on its pipe, for input or for room: the CPU time of -j 2
# should be that of -j 1 (idle threads sleep through the waits).
"${generate[@]}" 2 --bytes 64M --seed 4 -o "$work/paced.txt"
/usr/bin/python3 "$root/bench/waiting_cpu.py" "$poker" "$work/paced.txt" 1 2

if ((rss_gb > 0)); then
  "${generate[@]}" 2 --bytes "${rss_gb}G" --seed 3 -o "$work/big.txt"
  rm -f "$work/two.txt" "$work/eight.txt"
  for reader in --no-mmap --mmap; do
    for j in 1 2 64; do
      kb=$(/usr/bin/time -f %M "$poker" -j "$j" "$reader" -i "$work/big.txt" -o /dev/null 2>&1 >/dev/null | tail -1)
      printf 'peak RSS on a %d GiB input, -j %d %s: %d MiB\n' "$rss_gb" "$j" "$reader" $((kb / 1024))
    done
  done
fi
