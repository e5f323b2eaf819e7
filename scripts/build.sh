#!/usr/bin/env bash
# Configures and builds one flavour of the tree into build/<flavour>:
#   release   optimised (the default)
#   sanitize  with clang, AddressSanitizer + UndefinedBehaviorSanitizer (POKER_SANITIZE)
#   tsan      with clang, ThreadSanitizer (POKER_SANITIZE_THREAD)
#   fuzz      the libFuzzer targets, with clang, ASan and UBSan (POKER_FUZZ)
# It builds every target of the flavour, or only those named with --target
# (as many as wanted, e.g. --target poker --target poker_e2e_tests).
# Other arguments go to CMake, e.g. scripts/build.sh release -DPOKER_NATIVE=ON.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
flavour=${1:-release}
shift || true
# The instrumented flavours compile at -O1 with line tables only (-g1): the
# sanitizers' reports still name every frame's file and line, and the build
# takes far less time than at -O2 with full debug information (most of it
# spent optimising and describing the instrumentation), for tests that run
# about as fast. They compile with clang, which builds the instrumented code
# in about two thirds of GCC's CPU time (the GoogleTest programs most of all),
# with the same warnings as errors; the release flavour stays with the
# default compiler (GCC on Debian), so both compilers check the tree.
instrumented=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
              -DCMAKE_CXX_COMPILER=clang++)
case "$flavour" in
  release) flags=(-DCMAKE_BUILD_TYPE=Release) ;;
  sanitize) flags=("${instrumented[@]}" -DPOKER_SANITIZE=ON -DPOKER_BUILD_BENCHMARKS=OFF) ;;
  tsan) flags=("${instrumented[@]}" -DPOKER_SANITIZE_THREAD=ON -DPOKER_BUILD_BENCHMARKS=OFF) ;;
  fuzz) flags=("${instrumented[@]}" -DPOKER_FUZZ=ON -DPOKER_SANITIZE=ON
               -DPOKER_BUILD_TESTS=OFF -DPOKER_BUILD_BENCHMARKS=OFF) ;;
  *) echo "build.sh: unknown flavour '$flavour' (release, sanitize, tsan or fuzz)" >&2; exit 2 ;;
esac
# Through ccache where it is installed: builds of the same sources with the
# same flags in other directories (python/tests/test_install.py's wheel
# build, a second worktree) then reuse these compilations; paths under the
# tree are hashed relative to it.
if command -v ccache >/dev/null; then
  flags+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}
fi
targets=()
while (($#)); do
  if [[ $1 == --target ]]; then
    (($# >= 2)) || { echo "build.sh: --target needs a target's name" >&2; exit 2; }
    targets+=(--target "$2")
    shift 2
  else
    flags+=("$1")
    shift
  fi
done
build=$root/build/$flavour
# A build folder configured with another compiler (GCC, for a folder older
# than the flavour's clang) is configured afresh: on a change of compiler
# CMake drops the whole cache and with it the options given here, and would
# build the flavour without its sanitizer.
configure=(cmake -S "$root" -B "$build" -G Ninja)
compiler=
for flag in "${flags[@]}"; do
  [[ $flag == -DCMAKE_CXX_COMPILER=* ]] && compiler=${flag#*=}
done
if [[ -n $compiler && -f $build/CMakeCache.txt ]]; then
  cached=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
  wanted=$(command -v "$compiler" || echo "$compiler")
  if [[ $(realpath -q "$wanted" || echo "$wanted") != $(realpath -q "$cached" || echo "$cached") ]]; then
    configure+=(--fresh)
  fi
fi
"${configure[@]}" "${flags[@]}" >/dev/null
cmake --build "$build" "${targets[@]}"
