#!/usr/bin/env bash
# End-to-end throughput of the judge, side by side with `wc -l` on the same
# page-cached files, in one run: medians of REPS repetitions, as ratios.
#
#   bench/throughput.sh [BUILD_DIR]        (default build/release)
#   SIZE=1G REPS=5 RSS_GB=4 bench/throughput.sh
#
# SIZE: size of each generated file (default 1G). REPS: repetitions (5).
# RSS_GB: also generate an RSS_GB-GiB file and report poker's peak resident
# memory on it with -j 1 and -j 2 (default 0: skipped).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [[ $# -eq 0 ]]; then
  "$root/scripts/setup.sh" --bench
  "$root/scripts/build.sh" release >/dev/null
fi
build=${1:-$root/build/release}
poker=$build/cli/poker
generate=$build/bench/poker_generate
size=${SIZE:-1G}
reps=${REPS:-5}
rss_gb=${RSS_GB:-0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$generate" 2 --bytes "$size" --seed 1 -o "$work/two.txt"
"$generate" 8 --bytes "$size" --seed 2 -o "$work/eight.txt"
bytes_two=$(stat -c %s "$work/two.txt")
bytes_eight=$(stat -c %s "$work/eight.txt")
cat "$work/two.txt" "$work/eight.txt" >/dev/null  # into the page cache

# Seconds of one run of the command (a bash -c string), by EPOCHREALTIME.
seconds() {
  local start=$EPOCHREALTIME
  bash -c "$1" >/dev/null
  local end=$EPOCHREALTIME
  echo "$end - $start" | bc -l
}

declare -A samples
names=()
measure() {  # name bytes command
  names+=("$1")
  samples["$1"]="$2"
  for ((i = 0; i < reps; i++)); do samples["$1"]+=" $(seconds "$3")"; done
}

measure "wc -l (2 players)" "$bytes_two" "wc -l '$work/two.txt'"
measure "poker -j 2 -i FILE" "$bytes_two" "'$poker' -j 2 -i '$work/two.txt' -o /dev/null"
measure "poker -j 1 -i FILE" "$bytes_two" "'$poker' -j 1 -i '$work/two.txt' -o /dev/null"
measure "cat FILE | poker -j 2" "$bytes_two" "cat '$work/two.txt' | '$poker' -j 2 > /dev/null"
measure "poker -j 2 -e -i FILE (explain)" "$bytes_two" "'$poker' -j 2 -e -i '$work/two.txt' -o /dev/null"
measure "wc -l (8 players)" "$bytes_eight" "wc -l '$work/eight.txt'"
measure "poker 8 -j 2 -i FILE" "$bytes_eight" "'$poker' 8 -j 2 -i '$work/eight.txt' -o /dev/null"
measure "poker 8 -j 1 -i FILE" "$bytes_eight" "'$poker' 8 -j 1 -i '$work/eight.txt' -o /dev/null"

median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

printf '%s of 2-player instances, %s of 8-player instances, %d repetitions, medians\n' \
  "$bytes_two bytes" "$bytes_eight bytes" "$reps"
printf '%-34s %10s %10s %12s\n' "command" "seconds" "GB/s" "vs wc -l"
wc_two=""
wc_eight=""
for name in "${names[@]}"; do
  read -r bytes rest <<<"${samples[$name]}"
  m=$(echo "$rest" | median)
  rate=$(echo "$bytes / $m / 1000000000" | bc -l)
  case "$name" in
    "wc -l (2 players)") wc_two=$m ;;
    "wc -l (8 players)") wc_eight=$m ;;
  esac
  reference=$wc_two
  [[ $name == *8* ]] && reference=$wc_eight
  printf '%-34s %10.3f %10.2f %11.2fx\n' "$name" "$m" "$rate" "$(echo "$reference / $m" | bc -l)"
done

# A slow producer: one instance every 10 ms; how long until its answer?
/usr/bin/python3 "$root/bench/latency.py" "$poker"

if ((rss_gb > 0)); then
  "$generate" 2 --bytes "${rss_gb}G" --seed 3 -o "$work/big.txt"
  rm -f "$work/two.txt" "$work/eight.txt"
  for j in 1 2; do
    kb=$(/usr/bin/time -f %M "$poker" -j "$j" -i "$work/big.txt" -o /dev/null 2>&1 >/dev/null | tail -1)
    printf 'peak RSS on a %d GiB input, -j %d: %d MiB\n' "$rss_gb" "$j" $((kb / 1024))
  done
fi
