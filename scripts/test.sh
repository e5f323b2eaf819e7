#!/usr/bin/env bash
# The second command of the README: set up, check the formatting
# (scripts/format.sh --check), then build and run every test,
# first optimised (the Python module's pytest suite too), then under
# AddressSanitizer + UndefinedBehaviorSanitizer;
# then the tests of the concurrent parts (chunker, pipeline, streaming,
# faults, signals, interrupted waits, closed descriptors, input and output,
# verify) under ThreadSanitizer, and each fuzz target for POKER_FUZZ_SECONDS
# (15 here, unless set: the targets run one per core, so on CI's two cores the
# stage takes that times half their number, out of the half hour CI may
# take). Each stage prints its time, and the end all of them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
"$root/scripts/setup.sh"
# scripts/build.sh compiles through ccache; the wheel that the Python tests
# build (test_install.py) then reuses the release build's compilations,
# hashed relative to the tree.
export CCACHE_BASEDIR=$root

# Runs a stage, `stage NAME COMMAND...`: "== NAME" before it, its time after
# it ("== NAME: 2m13s"), and all the stages' times at the end.
times=()
total_start=$SECONDS
stage() {
  local name=$1 start=$SECONDS status=0
  shift
  echo "== $name"
  "$@" || status=$?
  local took
  took=$(printf '%dm%02ds' $(((SECONDS - start) / 60)) $(((SECONDS - start) % 60)))
  times+=("$name: $took")
  if ((status != 0)); then
    echo "== $name: failed after $took (status $status)" >&2
    exit 1
  fi
  echo "== $name: $took"
}
print_times() {
  echo "== stage times"
  printf '  %s\n' "${times[@]}"
  printf '  total: %dm%02ds\n' $(((SECONDS - total_start) / 60)) $(((SECONDS - total_start) % 60))
}
trap print_times EXIT

# pytest exits 5 when it collected no test: a suite that vanished fails too.
python_tests() {
  local status=0
  "$root/build/release/python/run_pytest.sh" -q || status=$?
  if ((status == 5)); then echo "test.sh: pytest collected no tests" >&2; fi
  return "$status"
}

stage "format: check" "$root/scripts/format.sh" --check
# The release build includes the benchmark programs (bench/), which no test
# runs: they are a few seconds of its minutes, and nothing else here would
# notice a change that breaks them before bench/gate.sh does.
for flavour in release sanitize; do
  stage "$flavour: build" "$root/scripts/build.sh" "$flavour"
  stage "$flavour: test" ctest --test-dir "$root/build/$flavour" --output-on-failure -j "$jobs"
  if [[ $flavour == release ]]; then
    stage "release: python tests" python_tests
  fi
done

# Any report fails the test that caused it: a child's report lands on the
# stderr the end-to-end tests compare, and halt_on_error makes it fatal.
# atexit_sleep_ms=0: TSan otherwise sleeps a second in every process's exit
# (to catch races with threads still running then; the pipeline joins its
# threads before main returns), which was most of this stage's time: the
# end-to-end tests start hundreds of processes.
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 atexit_sleep_ms=0 suppressions=$root/tests/tsan.supp"
# Only the programs that hold the suites below (and the `poker` command that
# the end-to-end suites run): a suite added to the list must live in one of
# them, or its program be added here.
stage "tsan: build" "$root/scripts/build.sh" tsan --target poker --target poker_unit_tests --target poker_e2e_tests
# The two tests excluded run equity queries, whose nested parallel_for hands
# its ranges and results between threads inside libtbb, where TSan cannot see
# the ordering (EquityCommand stays out of this set for the same reason).
stage "tsan: test" ctest --test-dir "$root/build/tsan" --output-on-failure -j "$jobs" \
  -R '^(Chunker|Framing|Pipeline|Streaming|BrokenPipe|Signals|Interrupt|Faults|Io|OpenInput|StreamSource|MappedSource|OutputSink|ClosedDescriptors|Outputs|Examples|Verify|TextCursor|RunVerify|TokenVerify|WaitHook|ReadAhead|ReleaseThreadsWhileWaiting)\.' \
  -E '^(Io\.LastOfMmapAndNoMmapWinsBeforeOrAfterTheSubcommand|Streaming\.EveryFormatAnswersEachInstanceAtSmallChunkSizes)$'

# The fuzz targets alone: not the `poker` command, which no fuzz test runs
# (its CLI11 code is 18 of the flavour's 71 compilations, the slowest).
stage "fuzz: build" "$root/scripts/build.sh" fuzz -DPOKER_FUZZ_SECONDS="${POKER_FUZZ_SECONDS:-15}" \
  --target poker_fuzz_targets
stage "fuzz: run" ctest --test-dir "$root/build/fuzz" --output-on-failure -j "$jobs" -L fuzz
