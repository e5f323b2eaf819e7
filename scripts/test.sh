#!/usr/bin/env bash
# The second command of the README: set up, check the formatting
# (scripts/format.sh --check), then build and run every test,
# first optimised (the Python module's pytest suite too), then under
# AddressSanitizer + UndefinedBehaviorSanitizer;
# then the tests of the concurrent parts (chunker, pipeline, streaming,
# faults, signals, interrupted waits, closed descriptors, input and output, verify) under ThreadSanitizer, and each fuzz target for POKER_FUZZ_SECONDS (default 30).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
"$root/scripts/setup.sh"
echo "== format: check"
"$root/scripts/format.sh" --check
for flavour in release sanitize; do
  echo "== $flavour: build"
  "$root/scripts/build.sh" "$flavour"
  echo "== $flavour: test"
  ctest --test-dir "$root/build/$flavour" --output-on-failure -j "$jobs"
  if [[ $flavour == release ]]; then
    echo "== release: python tests"
    # pytest exits 5 when it collected no test: a suite that vanished fails too.
    status=0
    "$root/build/release/python/run_pytest.sh" -q || status=$?
    if (( status == 5 )); then echo "test.sh: pytest collected no tests" >&2; fi
    if (( status != 0 )); then exit 1; fi
  fi
done

# Any report fails the test that caused it: a child's report lands on the
# stderr the end-to-end tests compare, and halt_on_error makes it fatal.
# atexit_sleep_ms=0: TSan otherwise sleeps a second in every process's exit
# (to catch races with threads still running then; the pipeline joins its
# threads before main returns), which was most of this stage's time: the
# end-to-end tests start hundreds of processes.
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 atexit_sleep_ms=0 suppressions=$root/tests/tsan.supp"
echo "== tsan: build"
"$root/scripts/build.sh" tsan
echo "== tsan: test"
ctest --test-dir "$root/build/tsan" --output-on-failure -j "$jobs" \
  -R '^(Chunker|Framing|Pipeline|Streaming|BrokenPipe|Signals|Interrupt|Faults|Io|OpenInput|StreamSource|MappedSource|OutputSink|ClosedDescriptors|Outputs|Examples|Verify|TextCursor|RunVerify|WaitHook|ReleaseThreadsWhileWaiting)\.'

echo "== fuzz: build"
"$root/scripts/build.sh" fuzz -DPOKER_FUZZ_SECONDS="${POKER_FUZZ_SECONDS:-30}"
echo "== fuzz: run"
ctest --test-dir "$root/build/fuzz" --output-on-failure -j "$jobs" -L fuzz
