#!/usr/bin/env bash
# call_instr.sh — instructions per host call of id(42) (issue 12's call
# targets: a warm tenant call and a one-shot hl_run), counted by callgrind
# as the difference of 11,000 and 1,000 calls, so compile and start-up
# cancel. Instruction counts are stable on a loaded machine where times
# are not; bench/README.md ("Host call path") gives them beside times.
#
#   bash bench/call_instr.sh [--lib BUILD_DIR]   (default build/bench-release)
#
# Needs valgrind (skipped with a note when missing) and a built library
# (run.sh builds it; run.sh --full calls this script).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
libdir="$root/build/bench-release"
inc="$root/include"
while [ $# -gt 0 ]; do
  case "$1" in
    --lib) libdir=$2; shift ;;
    --inc) inc=$2; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "call_instr.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if ! command -v valgrind >/dev/null; then
  echo "call_instr.sh: valgrind is not installed: no instruction counts" >&2
  exit 0
fi
[ -f "$libdir/libhyperlang.a" ] || { echo "call_instr.sh: no library in $libdir" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-gcc} -std=c17 -O2 -Wall -Wextra -I"$inc" -I"$libdir/include" -DHL_SOURCE_DIR="\"$root\"" \
  -o "$tmp/drv" "$root/bench/bench_call_instr.c" "$libdir/libhyperlang.a" \
  -lgmp -lz $(pkg-config --libs libpcre2-8 jansson) -lm -lpthread
ir() { # MODE CALLS
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$tmp/drv" "$1" "$2" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for mode in 0 1; do
  a=$(ir $mode 1000) b=$(ir $mode 11000)
  name=$([ $mode = 0 ] && echo "warm tenant call (hl_tenant_call)" || echo "one-shot hl_run")
  printf 'id(42), %-34s %6d instructions per call\n' "$name:" $(( (b - a) / 10000 ))
done
