#!/usr/bin/env bash
# scripts/build.sh configures a flavour's build folder afresh when it was
# configured with another compiler than the flavour's (a sanitize folder from
# GCC, now clang): CMake, on a change of compiler, drops its whole cache and
# the options given with it, and would build the flavour uninstrumented.
# build.sh runs here from a copy of itself, against a cmake that records its
# arguments, so no build folder of the tree is touched and nothing is built.
source "$(dirname "$0")/common.sh"
: "${POKER_SOURCE_DIR:?}"
clang=$(command -v clang++) || fail "clang++ not found (scripts/setup.sh installs it)"
gcc=$(command -v g++) || fail "g++ not found (scripts/setup.sh installs it)"

mkdir -p "$tmp/tree/scripts" "$tmp/bin"
cp "$POKER_SOURCE_DIR/scripts/build.sh" "$tmp/tree/scripts/"
cat >"$tmp/bin/cmake" <<'FAKE'
#!/usr/bin/env bash
printf '%s\n' "$*" >>"$CMAKE_LOG"
FAKE
chmod +x "$tmp/bin/cmake"

# Runs build.sh FLAVOUR with a folder whose cache names the compiler $2, and
# prints the configure command it ran.
configure_with_cached() {
  local flavour=$1 cached=$2
  rm -rf "$tmp/tree/build" "$tmp/cmake.log"
  mkdir -p "$tmp/tree/build/$flavour"
  echo "CMAKE_CXX_COMPILER:FILEPATH=$cached" >"$tmp/tree/build/$flavour/CMakeCache.txt"
  CMAKE_LOG=$tmp/cmake.log PATH="$tmp/bin:$PATH" bash "$tmp/tree/scripts/build.sh" "$flavour" >/dev/null ||
    fail "build.sh $flavour failed"
  head -n 1 "$tmp/cmake.log"
}

for flavour in sanitize tsan; do
  line=$(configure_with_cached "$flavour" "$gcc")
  [[ " $line " == *" --fresh "* ]] || fail "build.sh $flavour over a GCC folder configured without --fresh: $line"
  [[ $line == *-DCMAKE_CXX_COMPILER=clang++* ]] || fail "build.sh $flavour does not configure clang++: $line"
  line=$(configure_with_cached "$flavour" "$clang")
  [[ " $line " != *" --fresh "* ]] || fail "build.sh $flavour over its own clang folder configured afresh: $line"
done
# The sanitizer's option reaches the fresh configure.
line=$(configure_with_cached sanitize "$gcc")
[[ $line == *-DPOKER_SANITIZE=ON* ]] || fail "build.sh sanitize configured afresh without POKER_SANITIZE=ON: $line"
# The release flavour names no compiler: its folder is never configured afresh.
line=$(configure_with_cached release "$gcc")
[[ " $line " != *" --fresh "* ]] || fail "build.sh release configured afresh: $line"
