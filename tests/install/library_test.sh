#!/usr/bin/env bash
# examples/library, a program outside this project, builds against the
# installed package (find_package(poker), poker::engine) with the project's
# warnings as errors, and judges hands through the public API.
source "$(dirname "$0")/common.sh"
: "${POKER_SOURCE_DIR:?}" "${POKER_GENERATOR:?}" "${POKER_CXX:?}"

install_into "$tmp/prefix"
"$POKER_CMAKE" -S "$POKER_SOURCE_DIR/examples/library" -B "$tmp/build" -G "$POKER_GENERATOR" \
  -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_CXX_COMPILER="$POKER_CXX" \
  -DCMAKE_CXX_FLAGS="-Wall -Wextra -Wpedantic -Werror" >"$tmp/configure.log" 2>&1 ||
  { cat "$tmp/configure.log" >&2; fail "configuring examples/library"; }
found=$(sed -n 's/^poker_DIR:PATH=//p' "$tmp/build/CMakeCache.txt")
[[ $found == "$tmp/prefix/"* ]] || fail "find_package(poker) found $found, not the package in $tmp/prefix"
"$POKER_CMAKE" --build "$tmp/build" >"$tmp/build.log" 2>&1 ||
  { cat "$tmp/build.log" >&2; fail "building examples/library"; }

hand=$tmp/build/hand
expect() {  # expect STATUS EXPECTED-OUTPUT ARGS...
  local status=$1 expected=$2 out actual=0
  shift 2
  out=$("$hand" "$@" 2>/dev/null) || actual=$?
  [[ $actual == "$status" && $out == "$expected" ]] ||
    fail "hand $*: status $actual, output [$out]; expected status $status, output [$expected]"
}
expect 0 $'Hand 1: Straight flush [Ah Kh Qh Jh Th]\nHand 2: High card [Qh Jh Th 6d 5c]\nHand 1 wins' \
  "Ah Kh Qh Jh Th 5c 6d" "2c 3d Qh Jh Th 5c 6d"
expect 0 $'Hand 1: Two pair [Ks Kd 9h 9d Ac]\nHand 2: Two pair [Kh Kc 9s 9c Ad]\nTie' \
  "Ks Kd 9h 9d Ac 2c 3c" "Kh Kc 9s 9c Ad 2d 3d"
expect 0 $'Hand 1: Flush [As Ks Qs Js 3s]\nHand 2: Straight [Ad Kd Qd Jc Ts]\nHand 1 wins' \
  "Ah Kh Qh 9h 2h As Ks Qs Js 3s" "Ad Ac Kd Kc Qd Jc Ts"
expect 0 "Straight [5c 4h 3s 2d Ah]" "Ah 2d 3s 4h 5c Kd"
expect 0 "Full house [Ks Kd Kc 9h 9d]" "Ks Kd Kc 9h 9d 9c"
expect 2 "" "Ah Kx Qh Jh Th"
expect 2 "" "Ah Ah Qh Jh Th"
echo "ok: examples/library built against $found"
