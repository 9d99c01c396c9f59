#!/usr/bin/env bash
# test.sh — the README's second command: install what is missing, then build
# and run every test twice (gcc, and clang with AddressSanitizer +
# UndefinedBehaviorSanitizer), the multi-threaded tests a third time under
# ThreadSanitizer, then a short libFuzzer run of every fuzz target. Each
# test's line is printed as it finishes. The last line is the total:
# "N passed, N failed".
#
# Environment: FUZZ_SECONDS (default 60) is the fuzzing time shared out
# among the targets (each gets FUZZ_SECONDS / targets, at least 5 s; they
# run one per core); HL_TEST_FILTER is passed to ctest -R.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/deps.sh" || exit 1
jobs=$(nproc)
passed=0
failed=0

# Progress: each phase says when it starts and how long it took, and
# ctest's line for each test is printed as the test finishes (its summary is
# parsed from a copy in BUILD_DIR.ctest.log).
t_start=$(date +%s)
elapsed() { echo "$(( $(date +%s) - t_start ))s"; }

# run_suite NAME BUILD_DIR TARGETS CTEST_SELECT CMAKE_ARGS...: configure,
# build (TARGETS: space-separated, or "" for everything), run ctest
# (CTEST_SELECT: extra ctest arguments, e.g. "-L threaded"); tallies.
run_suite() {
  local name=$1 dir=$2 targets=$3 select=$4
  shift 4
  local t0
  t0=$(date +%s)
  echo "=== $name: build (at $(elapsed))"
  local target_args=()
  for t in $targets; do target_args+=(--target "$t"); done
  if ! cmake -S "$root" -B "$dir" "$@" >"$dir.configure.log" 2>&1 \
     || ! cmake --build "$dir" -j "$jobs" "${target_args[@]}" >"$dir.build.log" 2>&1; then
    cat "$dir.configure.log" "$dir.build.log" 2>/dev/null | tail -40
    echo "=== $name: BUILD FAILED"
    failed=$((failed + 1))
    return
  fi
  echo "=== $name: test (built in $(( $(date +%s) - t0 ))s)"
  local log="$dir.ctest.log"
  # shellcheck disable=SC2086 # select is a list of arguments
  (cd "$dir" && ctest --output-on-failure -j "$jobs" $select ${HL_TEST_FILTER:+-R "$HL_TEST_FILTER"} 2>&1) \
    | tee "$log" | grep --line-buffered -vE '^\s*Start ' | sed -u '/^$/d'
  local total fails
  total=$(sed -n 's/.* tests failed out of \([0-9]*\).*/\1/p' "$log" | tail -1)
  fails=$(sed -n 's/.* \([0-9]*\) tests failed out of.*/\1/p' "$log" | tail -1)
  if [ -z "$total" ]; then
    echo "=== $name: ctest did not report"
    failed=$((failed + 1))
    return
  fi
  passed=$((passed + total - fails))
  failed=$((failed + fails))
  echo "=== $name: done in $(( $(date +%s) - t0 ))s ($((total - fails)) passed, $fails failed)"
}

mkdir -p "$root/build"
run_suite "gcc -O3" "$root/build/gcc" "" "" -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
run_suite "clang+asan+ubsan" "$root/build/asan" "" "" -DCMAKE_C_COMPILER=clang \
  -DCMAKE_BUILD_TYPE=Debug -DHL_SANITIZE=ON
# ThreadSanitizer: only the tests that use the API from several threads
# (label `threaded`, tests/CMakeLists.txt), and only what they need built.
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
threaded=$(sed -n 's/^set(HL_THREADED_TESTS \(.*\))$/\1/p' "$root/tests/CMakeLists.txt")
threaded="$threaded hl serve_load" # suite/serve and suite/serve_load (hl serve's threads)
run_suite "clang+tsan (threaded tests)" "$root/build/tsan" "$threaded" "-L threaded" \
  -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug -DHL_TSAN=ON

# Short fuzz run: every target gets an equal share of FUZZ_SECONDS (at
# least 5 s). Only the fuzz targets are built (the unit tests and `hl` of an
# HL_FUZZ tree are the ASan phase's, built again with coverage: about half
# of this tree's build time), and libFuzzer runs one target per core, so
# the targets run `jobs` at a time; each line is printed as its target ends.
fuzz_dir="$root/build/fuzz"
targets=()
for f in "$root"/fuzz/fuzz_*.c; do [ -e "$f" ] && targets+=("$(basename "$f" .c)"); done
# fuzz_one TARGET SECONDS REPORT: runs one target; writes what to print to
# REPORT; exit 0 when it found nothing.
fuzz_one() {
  local t=$1 per=$2 report=$3 work seeds images
  work=$(mktemp -d)
  seeds="$root/fuzz/corpus/$t"
  [ -d "$seeds" ] || seeds=""
  # the gate's target also starts from the stdlib's build-time images
  images="$fuzz_dir/generated/stdlib_images.c.images"
  [ "$t" = fuzz_gate ] && [ -d "$images" ] && seeds="$seeds $images"
  # shellcheck disable=SC2086 # seeds is a list of directories
  if (cd "$work" && "$fuzz_dir/fuzz/$t" -max_total_time="$per" -max_len=65536 -timeout=10 \
        -rss_limit_mb=2048 "$work" $seeds >"$work/log" 2>&1); then
    echo "fuzz/$t: ok ($(grep -o 'Done [0-9]* runs' "$work/log" | tail -1) in ${per}s)" >"$report"
    rm -rf "$work"
    return 0
  fi
  { tail -60 "$work/log"; echo "fuzz/$t: FAILED (crash input kept in $work)"; } >"$report"
  return 1
}
if [ ${#targets[@]} -gt 0 ] && [ "${FUZZ_SECONDS:-60}" -gt 0 ]; then
  echo "=== fuzz: build (at $(elapsed))"
  t0=$(date +%s)
  fuzz_targets=()
  for t in "${targets[@]}"; do fuzz_targets+=(--target "$t"); done
  if cmake -S "$root" -B "$fuzz_dir" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
       -DHL_FUZZ=ON >"$fuzz_dir.configure.log" 2>&1 \
     && cmake --build "$fuzz_dir" -j "$jobs" "${fuzz_targets[@]}" >"$fuzz_dir.build.log" 2>&1; then
    per=$(( ${FUZZ_SECONDS:-60} / ${#targets[@]} ))
    [ "$per" -lt 5 ] && per=5
    echo "=== fuzz: run, ${per}s per target, $jobs at a time (built in $(( $(date +%s) - t0 ))s)"
    reports=$(mktemp -d)
    declare -A running=()
    next=0
    while [ "$next" -lt ${#targets[@]} ] || [ ${#running[@]} -gt 0 ]; do
      if [ "$next" -lt ${#targets[@]} ] && [ ${#running[@]} -lt "$jobs" ]; then
        t=${targets[$next]}
        next=$((next + 1))
        fuzz_one "$t" "$per" "$reports/$t" &
        running[$!]=$t
        continue
      fi
      done_pid=""
      wait -n -p done_pid
      rc=$?
      [ -n "$done_pid" ] || continue
      t=${running[$done_pid]}
      unset "running[$done_pid]"
      cat "$reports/$t"
      if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    done
    rm -rf "$reports"
    echo "=== fuzz: done in $(( $(date +%s) - t0 ))s"
  else
    tail -40 "$fuzz_dir.build.log"
    echo "=== fuzz: BUILD FAILED"
    failed=$((failed + 1))
  fi
fi

echo "=== all phases done in $(elapsed)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
