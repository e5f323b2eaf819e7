#!/usr/bin/env bash
# Instructions per evaluation, counted by callgrind (this machine has no
# hardware counters), for each workload of poker_eval_instructions: the
# instructions executed inside its count_<workload> function, divided by the
# evaluations (or, for holdem2/holdem8, instances) it made.
#
#   bench/instructions.sh [BUILD_DIR] [WORKLOAD...]
#
# BUILD_DIR defaults to build/release. exhaustive7 (all 133,784,560 hands)
# takes a few minutes under callgrind, so it runs only when named. The
# workload `equity` counts instead one exact equity computation of each query
# of bench/equity_workloads.h (poker_equity_instructions, one thread).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/release}
shift || true
workloads=("$@")
(( ${#workloads[@]} )) || workloads=(eval7_array eval7_hand eval5_hand holdem2 holdem8)
binary=$build/bench/poker_eval_instructions
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
[[ -x $binary ]] || { echo "instructions.sh: build $binary first (scripts/build.sh release)" >&2; exit 2; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [[ ${workloads[0]} == equity ]]; then
  binary=$build/bench/poker_equity_instructions
  printf '%-18s %16s\n' query instructions
  for query in AhKh_QsQd AcAd_KsKh AhKh_QsQd_JcTc AK_QQ AhKh_QsQd_flop TT+_AQs+_random; do
    valgrind --tool=callgrind --callgrind-out-file="$out/$query" --collect-atstart=no \
      --toggle-collect='*count_equity*' "$binary" "$query" >/dev/null 2>&1
    printf '%-18s %16s\n' "$query" "$(awk '/^totals:/ {print $2}' "$out/$query")"
  done
  exit 0
fi
printf '%-12s %14s %16s %12s\n' workload items instructions per-item
for workload in "${workloads[@]}"; do
  read -r _ items _ < <(valgrind --tool=callgrind --callgrind-out-file="$out/$workload" \
    --collect-atstart=no --toggle-collect="*count_${workload}*" "$binary" "$workload" 2>/dev/null)
  instructions=$(awk '/^totals:/ {print $2}' "$out/$workload")
  printf '%-12s %14s %16s %12.2f\n' "$workload" "$items" "$instructions" \
    "$(awk -v i="$instructions" -v n="$items" 'BEGIN {print i / n}')"
done
