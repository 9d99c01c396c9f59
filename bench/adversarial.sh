#!/usr/bin/env bash
# adversarial.sh — the adversarial benchmark (bench/README.md, "Adversarial
# kernels"): builds the library with test hooks (build/bench-hooks, gcc
# Release -O2, -DHL_TEST_HOOKS=ON so the builtin-call probe is on) and runs
# bench_adversarial twice: for each kernel of bench/kernels/adversarial.erl
# (and the generated ones) the thread CPU time per reduction (pass 1, the
# probe on the cheap wall clock) and the longest single builtin call (pass
# 2, HL_TEST_BIF_PROBE=1: the probe on the thread CPU clock, which costs
# about a microsecond per call, so pass 1 does not use it), then the worst
# over the corpus.
#
#   bash bench/adversarial.sh [--smoke] [--rounds N] [--reds N] [--only KERNEL]
#
#   --smoke   fewer reductions per kernel (1M), best of 3 rounds, the two
#             passes side by side (each on its own core), and exit 1
#             when the worst CPU per reduction is over 4 µs or a kernel's
#             longest builtin call is over 4 times the bound docs/limits.md
#             states for it (thread CPU: ~1 ms for every kernel but the one
#             listed in bench_adversarial.c, a periodic binary:match pattern);
#             the headroom absorbs a shared, noisy machine (called by smoke.sh).
#             It runs with glibc's malloc keeping freed memory (the
#             GLIBC_TUNABLES below): the bound is on a builtin's own work,
#             and on a VM we run CI on the first touch of a fresh page costs
#             20 µs on average and up to 4 ms (docs/limits.md), so a call
#             that touched 8 fresh pages could take 5 ms of thread CPU while
#             doing 0.1 ms of work. The full mode measures the default malloc.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bdir="$root/build/bench-hooks"
args=()
smoke=0
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) smoke=1 ;;
    --rounds|--reds|--only) args+=("$1" "$2"); shift ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) echo "adversarial.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$bdir"
if ! { cmake -S "$root" -B "$bdir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc \
         -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" -DHL_TEST_HOOKS=ON &&
       cmake --build "$bdir" --target bench_adversarial -j2; } >"$bdir/build.log" 2>&1; then
  cat "$bdir/build.log" >&2
  echo "adversarial.sh: the benchmark did not build" >&2
  exit 1
fi
red=() call=()
if [ "$smoke" = 1 ]; then
  args=(--rounds 3 --reds 1000000 "${args[@]}")
  red=(--bound-red 4) call=(--bound-call-factor 4)
  # no mmap'd chunks and no trimming: a block freed by a collection is
  # reused by the next instead of going back to the kernel
  export GLIBC_TUNABLES=glibc.malloc.mmap_threshold=4294967295:glibc.malloc.trim_threshold=4294967295
fi
pass1() { env -u HL_TEST_BIF_PROBE "$bdir/bench/bench_adversarial" "$root" "${args[@]}" "${red[@]}"; }
pass2() { HL_TEST_BIF_PROBE=1 "$bdir/bench/bench_adversarial" "$root" "${args[@]}" "${call[@]}"; }
status=0
if [ "$smoke" = 1 ]; then
  # The smoke mode runs the two passes side by side (each is one thread,
  # and both measure thread CPU time, which the other pass does not
  # inflate); their outputs are printed in order once both are done.
  out1=$(mktemp) out2=$(mktemp)
  pass1 >"$out1" 2>&1 &
  p1=$!
  pass2 >"$out2" 2>&1 &
  p2=$!
  wait "$p1" || status=1
  wait "$p2" || status=1
  echo "## CPU per reduction (pass 1)"
  cat "$out1"
  echo
  echo "## Longest builtin call, thread CPU (pass 2, HL_TEST_BIF_PROBE=1)"
  cat "$out2"
  rm -f "$out1" "$out2"
  exit $status
fi
echo "## CPU per reduction (pass 1)"
pass1 || status=1
echo
echo "## Longest builtin call, thread CPU (pass 2, HL_TEST_BIF_PROBE=1)"
pass2 || status=1
exit $status
