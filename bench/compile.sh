#!/usr/bin/env bash
# compile.sh — a cold compile of bench/kernels/hlbench.erl (bench_compile.c:
# a fresh engine per compile, in a process that compiled once already; the
# definition of the harness's `compile` row), its time (median and minimum
# of N, thread CPU and wall) and, with valgrind installed, its instructions
# per pass: callgrind runs bench_compile with 11 and with 1 compiles and the
# difference of each pass's inclusive count, divided by 10, is one
# compile's. Not a test: the machine is shared, read the CPU column.
#   bash bench/compile.sh [N] [BUILD_DIR]
# BUILD_DIR defaults to build/release (gcc, Release; configured if missing).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-201}
bdir=${2:-$root/build/release}
src="$root/bench/kernels/hlbench.erl"
if [ ! -f "$bdir/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$bdir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc >/dev/null
fi
cmake --build "$bdir" -j "$(nproc)" --target bench_compile >/dev/null
bin="$bdir/bench/bench_compile"
"$bin" "$src" "$n"
command -v valgrind >/dev/null || { echo "(no valgrind: no instruction counts)"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$tmp/one" "$bin" "$src" 1 600000 >/dev/null 2>&1
valgrind --tool=callgrind --callgrind-out-file="$tmp/eleven" "$bin" "$src" 11 600000 >/dev/null 2>&1
python3 - "$tmp/one" "$tmp/eleven" <<'PY'
import re, subprocess, sys
passes = [("front end: lex, preprocess, parse", ["hl_front_parse"]),
          ("SafeCore: lower, verify, classify", ["hl_core_compile"]),
          ("codegen", ["hl_codegen_bindings"]),
          ("gate (the program's image)", ["check_image"]),
          ("loader", ["hl_load_in"]),
          ("link", ["hl_host_link_program"]),
          ("SHA-256 (cache key, pp and binding keys)", ["hl_sha256_update"]),
          ("hl_engine_new + hl_engine_free", ["hl_engine_new", "hl_engine_free"])]
def inclusive(path):
    out = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", path],
                         capture_output=True, text=True).stdout
    d = {}
    for line in out.split("\n"):
        m = re.match(r"^\s*([\d,]+) \([^)]*\)\s+\S+:(\S+?)(?: \[|$)", line)
        if m:
            d[m.group(2)] = max(d.get(m.group(2), 0), int(m.group(1).replace(",", "")))
    return d
def total(path):
    out = subprocess.run(["callgrind_annotate", path], capture_output=True, text=True).stdout
    m = re.search(r"([\d,]+) \(100.0%\)\s+PROGRAM TOTALS", out)
    return int(m.group(1).replace(",", ""))
one, eleven = inclusive(sys.argv[1]), inclusive(sys.argv[2])
whole = (total(sys.argv[2]) - total(sys.argv[1])) / 10
print("| pass | instructions per cold compile | share |")
print("| --- | ---: | ---: |")
acc = 0
for name, fns in passes:
    v = sum(eleven.get(f, 0) - one.get(f, 0) for f in fns) / 10
    acc += v
    print(f"| {name} | {v / 1000:,.0f}K | {100 * v / whole:.0f}% |")
print(f"| the rest (cache, meter, options, frees) | {(whole - acc) / 1000:,.0f}K | {100 * (whole - acc) / whole:.0f}% |")
print(f"| **one cold compile** | **{whole / 1000:,.0f}K** | |")
PY
