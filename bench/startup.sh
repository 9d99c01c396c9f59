#!/usr/bin/env bash
# startup.sh — start-up cost of the `hl` command beside Lua 5.4's, measured
# in the same run: `hl run` of a function returning 42, of one calling
# io:format (which loads the stdlib's io and io_lib on first use, and
# gates and translates the ~30 of their functions the call reaches),
# `lua5.4 -e` of a trivial script, and /bin/true (the floor: exec, the
# dynamic loader and exit of a program that does nothing). Each is run N times (default 41), interleaved; the medians of
# wall time and of CPU time (user + system, from the child's rusage) are
# printed, and each command's ratio to lua5.4's median in the same run.
# Not a test: the machine is shared, read the CPU column.
#   bash bench/startup.sh [N] [HL] [HL_BEFORE]
# HL defaults to build/release/hl; HL_BEFORE, when given, is another build
# of hl (say the last commit's) whose rows are measured interleaved with
# HL's, for a before/after in one run. With STARTUP_CALLGRIND=1 (and
# valgrind installed) each hl command's instruction count is printed too
# (deterministic, unlike the times).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-41}
hl=${2:-$root/build/release/hl}
before=${3:-}
if [ ! -x "$hl" ]; then
  cmake -S "$root" -B "$root/build/release" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc >/dev/null
  cmake --build "$root/build/release" -j "$(nproc)" --target hl >/dev/null
fi
command -v lua5.4 >/dev/null || bash "$root/scripts/deps.sh" --bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf -- '-module(trivial).\n-export([f/0]).\nf() -> 42.\n' >"$tmp/trivial.erl"
printf -- '-module(hello).\n-export([g/0]).\ng() -> io:format("hello ~%sp~%sn", [42]).\n' '' '' >"$tmp/hello.erl"
python3 - "$n" "$hl" "$tmp" "$before" "${STARTUP_CALLGRIND:-0}" <<'PY'
import os, re, resource, shutil, statistics, subprocess, sys, time
n, hl, tmp, before, cg = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5] == "1"
def hl_cases(bin, tag):
    return [(f"hl run trivial.erl f (returns 42){tag}", [bin, "run", f"{tmp}/trivial.erl", "f"], "42"),
            (f"hl run hello.erl g (io:format){tag}", [bin, "run", f"{tmp}/hello.erl", "g"], "hello 42")]
cases = hl_cases(hl, "") + (hl_cases(before, " [before]") if before else []) + \
        [("/bin/true (the exec floor)", ["/bin/true"], ""),
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
lua = cases[-1][0]
lw, lc = statistics.median(wall[lua]), statistics.median(cpu[lua])
print(f"| command | median wall | median CPU | × lua5.4 (wall) | × lua5.4 (CPU) | runs |")
print(f"| --- | ---: | ---: | ---: | ---: | ---: |")
for name, _, _ in cases:
    w, c = statistics.median(wall[name]), statistics.median(cpu[name])
    print(f"| {name} | {w:.2f} ms | {c:.2f} ms | {w / lw:.2f} | {c / lc:.2f} | {n} |")
print(f"load average: {os.getloadavg()[0]:.1f}")
if cg and shutil.which("valgrind"):
    for name, argv, _ in cases[:-2]:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                             capture_output=True, text=True).stderr
        m = re.search(r"refs:\s+([\d,]+)", out)
        print(f"instructions (callgrind): {name}: {m.group(1) if m else '?'}")
PY
