#!/usr/bin/env bash
# kernel_instr.sh — instructions per call of the interpreter kernels of
# kernels/hlbench.erl (sort(1000), fib(25), gc(1000), loop(500)) through
# the public API, in the caller's thread (hl_run, which reuses the
# module's parked process) and on a warm tenant (hl_tenant_call), counted
# by callgrind as the difference of 1+N and 1 calls, so compile and
# start-up cancel. Deterministic where the bench's times are not on a
# shared machine; bench/README.md ("One-shot runs start warm") gives them.
#
#   bash bench/kernel_instr.sh [--lib BUILD_DIR] [KERNEL ARG CALLS]...
#     (default build/bench-release; default kernels: all four)
#
# Needs valgrind (skipped with a note when missing) and a built library
# (run.sh builds it). About 40 s for the four kernels.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
libdir="$root/build/bench-release"
inc="$root/include"
while [ $# -gt 0 ]; do
  case "$1" in
    --lib) libdir=$2; shift ;;
    --inc) inc=$2; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) break ;;
  esac
  shift
done
if [ $# -eq 0 ]; then set -- sort 1000 10 fib 25 2 gc 1000 4 loop 500 1000; fi
if ! command -v valgrind >/dev/null; then
  echo "kernel_instr.sh: valgrind is not installed: no instruction counts" >&2
  exit 0
fi
[ -f "$libdir/libhyperlang.a" ] || { echo "kernel_instr.sh: no library in $libdir" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-gcc} -std=c17 -O2 -Wall -Wextra -I"$inc" -I"$libdir/include" \
  -o "$tmp/drv" "$root/bench/bench_kernel.c" "$libdir/libhyperlang.a" \
  -lgmp -lz $(pkg-config --libs libpcre2-8 jansson) -lm -lpthread
ir() { # TENANT KERNEL ARG CALLS
  HL_BENCH_TENANT=$1 valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" \
    "$tmp/drv" "$2" "$3" "$4" "$root/bench/kernels/hlbench.erl" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
while [ $# -ge 3 ]; do
  k=$1 arg=$2 n=$3
  shift 3
  for mode in 0 1; do
    a=$(ir $mode "$k" "$arg" 1) b=$(ir $mode "$k" "$arg" $((n + 1)))
    name=$([ $mode = 0 ] && echo "caller's thread (hl_run)" || echo "warm tenant (hl_tenant_call)")
    printf '%-12s %-30s %12d instructions per call\n' "$k($arg)" "$name" $(( (b - a) / n ))
  done
done
