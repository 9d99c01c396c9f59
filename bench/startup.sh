#!/usr/bin/env bash
# startup.sh — start-up cost of the `hl` command beside Lua 5.4's, measured
# in the same run: `hl run` of a function returning 42, of one calling
# io:format (which links the stdlib's io, io_lib, lists, string and unicode
# modules: gated and loaded on first use), and `lua5.4 -e` of a trivial
# script. Each is run N times (default 41), interleaved; the medians of
# wall time and of CPU time (user + system, from the child's rusage) are
# printed. Not a test: the machine is shared, read the CPU column.
#   bash bench/startup.sh [N] [HL]     (HL defaults to build/release/hl)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-41}
hl=${2:-$root/build/release/hl}
if [ ! -x "$hl" ]; then
  cmake -S "$root" -B "$root/build/release" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc >/dev/null
  cmake --build "$root/build/release" -j "$(nproc)" --target hl >/dev/null
fi
command -v lua5.4 >/dev/null || bash "$root/scripts/deps.sh" --bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf -- '-module(trivial).\n-export([f/0]).\nf() -> 42.\n' >"$tmp/trivial.erl"
printf -- '-module(hello).\n-export([g/0]).\ng() -> io:format("hello ~%sp~%sn", [42]).\n' '' '' >"$tmp/hello.erl"
python3 - "$n" "$hl" "$tmp" <<'PY'
import os, resource, statistics, subprocess, sys, time
n, hl, tmp = int(sys.argv[1]), sys.argv[2], sys.argv[3]
cases = [("hl run trivial.erl f (returns 42)", [hl, "run", f"{tmp}/trivial.erl", "f"], "42"),
         ("hl run hello.erl g (io:format)", [hl, "run", f"{tmp}/hello.erl", "g"], "hello 42"),
         ("lua5.4 -e 'print(42)'", ["lua5.4", "-e", "print(42)"], "42")]
wall = {c[0]: [] for c in cases}
cpu = {c[0]: [] for c in cases}
for _ in range(n):
    for name, argv, want in cases:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        out = subprocess.run(argv, capture_output=True, text=True)
        t1 = time.perf_counter()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if out.returncode != 0 or want not in out.stdout:
            sys.exit(f"startup: {name}: exit {out.returncode}, output {out.stdout!r} {out.stderr!r}")
        wall[name].append((t1 - t0) * 1e3)
        cpu[name].append(((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1e3)
print(f"| command | median wall | median CPU | runs |")
print(f"| --- | ---: | ---: | ---: |")
for name, _, _ in cases:
    print(f"| {name} | {statistics.median(wall[name]):.2f} ms | {statistics.median(cpu[name]):.2f} ms | {n} |")
print(f"load average: {os.getloadavg()[0]:.1f}")
PY
