#!/usr/bin/env bash
# Instructions per evaluation, counted by callgrind (it needs no hardware
# counters, which virtual machines often lack), for each workload of poker_eval_instructions: the
# instructions executed inside its count_<workload> function, divided by the
# evaluations (or, for holdem2/holdem8, instances) it made.
#
#   bench/instructions.sh [BUILD_DIR] [WORKLOAD...]
#
# BUILD_DIR defaults to build/release. exhaustive7 (all 133,784,560 hands)
# takes a few minutes under callgrind, so it runs only when named. The
# workload `equity` counts instead one exact equity computation of each query
# of bench/equity_workloads.h (poker_equity_instructions, one thread). The
# workload `poker` counts the whole judge per instance instead: `poker -j 1`
# on seeded files of 100k and 300k instances (poker generate), the
# difference divided by 200k, for 2 players, 8 players, explain mode and the
# scalar decoder (start-up and the last chunk cancel out).
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
if [[ ${workloads[0]} == poker ]]; then
  poker=$build/cli/poker
  for players in 2 8; do
    for n in 100000 300000; do "$build/cli/poker" generate -p "$players" -n "$n" -o "$out/p$players.$n"; done
  done
  count() {  # ENV... -- ARGS...: instructions of one run
    env "$@" >/dev/null 2>&1
    awk '/^totals:/ {print $2}' "$out/cg"
  }
  printf '%-22s %12s\n' run per-instance
  for run in "2 players|2|" "8 players|8|" "2 players, explain|2|-e" "2 players, scalar|2|scalar"; do
    IFS='|' read -r name players extra <<<"$run"
    simd=; args=("$players")
    [[ $extra == scalar ]] && simd=scalar || { [[ -n $extra ]] && args+=("$extra"); }
    per=()
    for n in 100000 300000; do
      per+=("$(count POKER_SIMD="$simd" valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$poker" "${args[@]}" \
        -j 1 -i "$out/p$players.$n" -o /dev/null)")
    done
    printf '%-22s %12.1f\n' "$name" "$(awk -v a="${per[0]}" -v b="${per[1]}" 'BEGIN {print (b - a) / 200000}')"
  done
  exit 0
fi
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
  # A command substitution returns when valgrind has exited, its output file
  # written (a process substitution would let the totals be read before).
  line=$(valgrind --tool=callgrind --callgrind-out-file="$out/$workload" \
    --collect-atstart=no --toggle-collect="*count_${workload}*" "$binary" "$workload" 2>/dev/null)
  read -r _ items _ <<<"$line"
  instructions=$(awk '/^totals:/ {print $2}' "$out/$workload")
  printf '%-12s %14s %16s %12.2f\n' "$workload" "$items" "$instructions" \
    "$(awk -v i="$instructions" -v n="$items" 'BEGIN {print i / n}')"
done
