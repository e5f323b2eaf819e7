#!/usr/bin/env bash
# Our Omaha high evaluator (poker/omaha.h) side by side with
# PokerHandEvaluator's PLO4 evaluator (evaluate_plo4_cards), on one core.
#
#   bench/omaha_versus_phevaluator.sh PHE_CPP_DIR
#   MILLIONS=4 REPS=9 bench/omaha_versus_phevaluator.sh /tmp/phe/cpp
#
# PHE_CPP_DIR is the cpp/ folder of a copy of PokerHandEvaluator
# (https://github.com/HenryRLee/PokerHandEvaluator); nothing of it is in
# this repository and nothing here is part of the build or of CI. The script
#   1. builds our poker_eval library (cmake --build BUILD --target
#      poker_eval; BUILD defaults to build/release, configured already);
#   2. builds PokerHandEvaluator's libpheval.a and libphevalplo4.a with its
#      own CMake (Release, its tests, examples and PLO5/PLO6 off) in
#      build/omaha-versus/phe, and prints the compile command its CMake
#      chose for evaluator_plo4.c;
#   3. needs its PLO4 tables, PHE_CPP_DIR/src/tables_plo4.c (30 MB of
#      arrays). A copy without them (a checkout without its large files)
#      gets them rebuilt: bench/omaha_versus/make_plo4_tables.cpp, compiled
#      against libpheval.a, computes every entry from PokerHandEvaluator's
#      own evaluate_5cards() and writes tables_plo4.c (and the two .bin files
#      it includes) INTO PHE_CPP_DIR/src, with the names, sizes and layout
#      that its evaluator_plo4.c reads; the script says which it used;
#   4. compiles bench/omaha_versus/driver.cpp (g++ -O3 -DNDEBUG, the flags of
#      our release build) against both libraries, into build/omaha-versus;
#   5. checks the tables: evaluate_plo4_cards() against the best of its
#      evaluate_5cards() over the 60 two-hole, three-board choices, on CHECK
#      random hands (default 1000000);
#   6. times both on MILLIONS million random PLO4 hands (default 4), dealt
#      up front from SEED (default 1): REPS passes of each (default 9), in
#      turns, medians; workloads "random board" (every hand its own board:
#      the fair comparison), "shared board, 64 hands a board" (ours prepares
#      the board once per 64 hands) and "100 hands repeated" (the shape of
#      PokerHandEvaluator's own benchmark); and checks that both order every
#      workload's hands the same way.
# It prints the setup (commits, compilers and flags, CPU, load), the check
# and a table: hands/s of each (ours and theirs, millions), and ours over
# theirs. It exits 1 if the tables or the order disagree anywhere (the first
# cases printed), 2 on a usage or build error. PHE_COMMIT names
# PokerHandEvaluator's commit when PHE_CPP_DIR is no git checkout. Run it on
# an idle machine; a shared one: run it several times and take medians.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [[ $# -ne 1 || ! -f $1/include/phevaluator/phevaluator.h || ! -f $1/src/evaluator_plo4.c ]]; then
  echo "usage: bench/omaha_versus_phevaluator.sh PHE_CPP_DIR (PokerHandEvaluator's cpp/ folder)" >&2
  exit 2
fi
phe=$(cd "$1" && pwd)
build=${BUILD:-$root/build/release}
work=$root/build/omaha-versus
millions=${MILLIONS:-4}
reps=${REPS:-9}
check=${CHECK:-1000000}
seed=${SEED:-1}
mkdir -p "$work"

cmake --build "$build" -j 2 --target poker_eval >/dev/null || { echo "omaha_versus: building poker_eval failed" >&2; exit 2; }

phe_cmake() {  # BUILD_PLO4=ON|OFF
  cmake -S "$phe" -B "$work/phe" -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DBUILD_TESTS=OFF -DBUILD_EXAMPLES=OFF \
    -DBUILD_PLO4="$1" -DBUILD_PLO5=OFF -DBUILD_PLO6=OFF -DBUILD_CARD5=OFF -DBUILD_CARD6=OFF -DBUILD_CARD7=OFF \
    >/dev/null || { echo "omaha_versus: configuring PokerHandEvaluator failed" >&2; exit 2; }
}

tables="its own src/tables_plo4.c"
grep -qs make_plo4_tables "$phe/src/tables_plo4.c" && tables="rebuilt earlier by bench/omaha_versus/make_plo4_tables.cpp"
if ! grep -qs noflush_plo4 "$phe/src/tables_plo4.c"; then
  phe_cmake OFF
  cmake --build "$work/phe" -j 2 --target pheval >/dev/null
  g++ -std=c++20 -O2 -Wall -Wextra -I "$phe/include" -I "$phe/src" "$root/bench/omaha_versus/make_plo4_tables.cpp" \
    "$work/phe/libpheval.a" -o "$work/make_plo4_tables"
  "$work/make_plo4_tables" "$phe/src"
  tables="rebuilt from its evaluate_5cards() (bench/omaha_versus/make_plo4_tables.cpp)"
fi
phe_cmake ON
cmake --build "$work/phe" -j 2 --target pheval phevalplo4 >/dev/null

flags=(-std=c++20 -O3 -DNDEBUG)
g++ "${flags[@]}" -Wall -Wextra -I "$root/engine/include" -I "$phe/include" "$root/bench/omaha_versus/driver.cpp" \
  "$build/engine/libpoker_eval.a" "$work/phe/libphevalplo4.a" "$work/phe/libpheval.a" -o "$work/omaha_versus_driver"

phe_commit=${PHE_COMMIT:-unknown}
[[ -z ${PHE_COMMIT:-} && $(git -C "$phe" rev-parse --show-toplevel 2>/dev/null) == "$(dirname "$phe")" ]] &&
  phe_commit=$(git -C "$phe" rev-parse HEAD)
phe_compile=$(python3 -c '
import json, sys
for entry in json.load(open(sys.argv[1])):
    if entry["file"].endswith("evaluator_plo4.c"):
        print(entry["command"])' "$work/phe/compile_commands.json")
echo "date:     $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "poker:    $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- engine || echo ' (engine modified)'), g++ ${flags[*]}, $(g++ --version | head -1)"
echo "phe:      $phe_commit, tables $tables"
echo "phe cc:   ${phe_compile}"
echo "cpu:      $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "hands:    ${millions} million a workload, $reps passes of each in turns, seed $seed"
"$work/omaha_versus_driver" --check "$check" "$seed"
"$work/omaha_versus_driver" --time "$millions" "$reps" "$seed"
