#!/usr/bin/env bash
# test.sh — the README's second command: install what is missing, then build
# and run every test twice (gcc, and clang with AddressSanitizer +
# UndefinedBehaviorSanitizer), then a short libFuzzer run of every fuzz
# target. The last line is the total: "N passed, N failed".
#
# Environment: FUZZ_SECONDS (default 60) is the total fuzzing time, shared
# by the targets; HL_TEST_FILTER is passed to ctest -R.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/deps.sh" || exit 1
jobs=$(nproc)
passed=0
failed=0

# run_suite NAME BUILD_DIR CMAKE_ARGS...: configure, build, ctest; tallies.
run_suite() {
  local name=$1 dir=$2
  shift 2
  echo "=== $name: build"
  if ! cmake -S "$root" -B "$dir" "$@" >"$dir.configure.log" 2>&1 \
     || ! cmake --build "$dir" -j "$jobs" >"$dir.build.log" 2>&1; then
    cat "$dir.configure.log" "$dir.build.log" 2>/dev/null | tail -40
    echo "=== $name: BUILD FAILED"
    failed=$((failed + 1))
    return
  fi
  echo "=== $name: test"
  local out
  out=$(cd "$dir" && ctest --output-on-failure -j "$jobs" ${HL_TEST_FILTER:+-R "$HL_TEST_FILTER"} 2>&1)
  echo "$out" | grep -vE '^\s*(Start|[0-9]+/[0-9]+ Test.*Passed)' | sed '/^$/d'
  local total fails
  total=$(echo "$out" | sed -n 's/.* tests failed out of \([0-9]*\).*/\1/p' | tail -1)
  fails=$(echo "$out" | sed -n 's/.* \([0-9]*\) tests failed out of.*/\1/p' | tail -1)
  if [ -z "$total" ]; then
    echo "=== $name: ctest did not report"
    failed=$((failed + 1))
    return
  fi
  passed=$((passed + total - fails))
  failed=$((failed + fails))
}

mkdir -p "$root/build"
run_suite "gcc -O3" "$root/build/gcc" -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
run_suite "clang+asan+ubsan" "$root/build/asan" -DCMAKE_C_COMPILER=clang \
  -DCMAKE_BUILD_TYPE=Debug -DHL_SANITIZE=ON

# Short fuzz run: every target shares FUZZ_SECONDS.
fuzz_dir="$root/build/fuzz"
targets=()
for f in "$root"/fuzz/fuzz_*.c; do [ -e "$f" ] && targets+=("$(basename "$f" .c)"); done
if [ ${#targets[@]} -gt 0 ] && [ "${FUZZ_SECONDS:-60}" -gt 0 ]; then
  echo "=== fuzz: build"
  if cmake -S "$root" -B "$fuzz_dir" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
       -DHL_FUZZ=ON >"$fuzz_dir.configure.log" 2>&1 \
     && cmake --build "$fuzz_dir" -j "$jobs" >"$fuzz_dir.build.log" 2>&1; then
    per=$(( ${FUZZ_SECONDS:-60} / ${#targets[@]} ))
    [ "$per" -lt 5 ] && per=5
    for t in "${targets[@]}"; do
      work=$(mktemp -d)
      seeds="$root/fuzz/corpus/$t"
      [ -d "$seeds" ] || seeds=""
      # the gate's target also starts from the stdlib's build-time images
      images="$fuzz_dir/generated/stdlib_images.c.images"
      [ "$t" = fuzz_gate ] && [ -d "$images" ] && seeds="$seeds $images"
      if (cd "$work" && "$fuzz_dir/fuzz/$t" -max_total_time="$per" -max_len=65536 -timeout=10 \
            -rss_limit_mb=2048 "$work" $seeds >"$work/log" 2>&1); then
        echo "fuzz/$t: ok ($(grep -o 'Done [0-9]* runs' "$work/log" | tail -1) in ${per}s)"
        passed=$((passed + 1))
      else
        tail -60 "$work/log"
        echo "fuzz/$t: FAILED (crash input kept in $work)"
        failed=$((failed + 1))
        continue
      fi
      rm -rf "$work"
    done
  else
    tail -40 "$fuzz_dir.build.log"
    echo "=== fuzz: BUILD FAILED"
    failed=$((failed + 1))
  fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
