#!/usr/bin/env bash
# actors.sh — the actor rows of the benchmark (issue 14 item 8;
# bench/README.md "Actors"): Hyperlang's guest processes and actors
# (bench/bench_actors.c) beside BEAM doing the same in the same run
# (bench/kernels/actorbench.erl: erl +S 1 for the one-thread rows, +S 2 for
# the rows over several tenants, as Hyperlang's 2 workers) and, for the
# fib(15) throughput, Lua 5.4 states served by 2 threads
# (bench/actors_lua.c). Prints a Markdown table: each figure is the median
# over rounds; × BEAM is Hyperlang's figure over BEAM's (for requests per
# second, BEAM's over Hyperlang's), so below 1 is better than BEAM. Called
# by bench/run.sh with its mode.
#
#   bash bench/actors.sh [--quick|--full]
#
#   --quick   fewer rounds and smaller batches (default; about 20 s)
#   --full    more rounds, and the one-million-idle-processes row
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=quick
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) mode=quick ;;
    --full) mode=full ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "actors.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

bdir="$root/build/bench"
libdir="$root/build/bench-release"
mkdir -p "$bdir/ebin"
# Hyperlang's side: the library as run.sh builds it (gcc Release -O2).
if ! { cmake -S "$root" -B "$libdir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc \
         -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" &&
       cmake --build "$libdir" --target bench_actors -j2; } >"$bdir/actors-build.log" 2>&1; then
  cat "$bdir/actors-build.log" >&2
  echo "actors.sh: bench_actors did not build" >&2
  exit 1
fi
erlc -o "$bdir/ebin" "$root/bench/kernels/actorbench.erl"
${CC:-gcc} -std=c17 -O2 -Wall -Wextra -o "$bdir/actors_lua" "$root/bench/actors_lua.c" \
  $(pkg-config --cflags lua5.4) $(pkg-config --libs lua5.4) -lpthread -lm

q=()
[ "$mode" = quick ] && q=(--quick)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
erl_run() { # SCHEDULERS GROUP
  erl -noshell +S "$1" +sbwt none +sbwtdcpu none +sbwtdio none -pa "$bdir/ebin" \
    -run actorbench main "$mode" "$2"
}
t0=$(date +%s.%N)
load=$(cut -d' ' -f1 /proc/loadavg)
# one system at a time, so no row's figure has the other system beside it
"$libdir/bench/bench_actors" "${q[@]}" >"$tmp/hl"
[ "$mode" = full ] && "$libdir/bench/bench_actors" --only million --million >>"$tmp/hl"
erl_run 1 single >"$tmp/beam"
erl_run 2 multi >>"$tmp/beam"
"$bdir/actors_lua" "$root/bench/kernels/hlbench.lua" "${q[@]}" >"$tmp/lua"
load2=$(cut -d' ' -f1 /proc/loadavg)

echo
echo "## Actors (issue 14; $mode mode, load average $load at the start, $load2 at the end)"
echo
awk -F'\t' '
  FILENAME ~ /hl$/   && $1 == "ROW" { hl[$2] = $3; hlc[$2] = $4 }
  FILENAME ~ /beam$/ && $1 == "ROW" { bm[$2] = $3; bmc[$2] = $4 }
  FILENAME ~ /lua$/  && $1 == "ROW" { lu[$2] = $3 }
  function f(v, d) { return v == "" || v == "-" ? "n/a" : sprintf("%." d "f", v) }
  function both(w, c, d) { return c == "" || c == "-" ? f(w, d) : f(w, d) " (CPU " f(c, d) ")" }
  function ratio(a, b) { return a == "" || b == "" || a == "-" || b == "-" || b == 0 ? "n/a" : sprintf("%.2f", a / b) }
  # the ratio on CPU where both sides have it (a loaded machine inflates wall time), else wall
  function cr(k) { return (hlc[k] != "" && hlc[k] != "-" && bmc[k] != "" && bmc[k] != "-") ? ratio(hlc[k], bmc[k]) " (CPU)" : ratio(hl[k], bm[k]) }
  function line(name, k, unit, d, target, conv) {
    h = hl[k]; hc = hlc[k]; b = bm[k]; bc = bmc[k]
    if (conv != "") { h = h == "" ? "" : h / conv; b = b == "" ? "" : b / conv
                      hc = hc == "-" || hc == "" ? hc : hc / conv; bc = bc == "-" || bc == "" ? bc : bc / conv }
    printf "| %s | %s | %s | | %s | %s |\n", name " (" unit ")", both(h, hc, d), both(b, bc, d), cr(k), target
  }
  END {
    print "| Measurement | Hyperlang | BEAM | Lua 5.4 (hook / no hook) | × BEAM | Target (issue 14) |"
    print "| --- | ---: | ---: | ---: | ---: | --- |"
    line("spawn of a process that runs to its `receive`", "spawn", "µs", 2, "≤ 1 µs", 1000)
    line("the same, then stopped: spawn, `receive`, `stop`, exit", "spawn_stop", "µs", 2, "", 1000)
    line("memory per idle process: RSS growth over 100,000", "idle", "bytes", 0, "≤ 1.5 KB", "")
    line("message round trip between two guest processes", "pingpong", "ns", 0, "≤ 300 ns", "")
    line("host → actor call round trip with a reply (BEAM: `gen_server:call`)", "call", "µs", 2, "≤ 1 µs", 1000)
    split("1 2 4 16 64", ks, " ")
    for (i = 1; i <= 5; i++) {
      k = "fib15_" ks[i]
      printf "| fib(15) requests over %s tenant%s (req/s; BEAM: gen_servers) | %s | %s | %s / %s | %s | reported |\n",
        ks[i], ks[i] == 1 ? "" : "s", f(hl[k], 0), f(bm[k], 0), f(lu["lua_hook_" ks[i]], 0), f(lu["lua_" ks[i]], 0),
        ratio(bm[k], hl[k])
    }
    printf "| noisy neighbours: latency tenant p99 alone (µs) | %s | %s | | %s | |\n", f(hl["noisy_alone"], 1), f(bm["noisy_alone"], 1), ratio(hl["noisy_alone"], bm["noisy_alone"])
    printf "| the same with 16 background tenants spinning (µs) | %s | %s | | %s | ≤ 20 µs |\n", f(hl["noisy_busy"], 1), f(bm["noisy_busy"], 1), ratio(hl["noisy_busy"], bm["noisy_busy"])
    printf "| its p99 with them ÷ alone | %s | %s | | | ≤ 1.2x |\n", f(hl["noisy_ratio"], 2), f(bm["noisy_ratio"], 2)
    printf "| 1,000 spinning tenants dropped: until the workers are idle (ms; BEAM: until the 2,000 processes are gone) | %s | %s | | %s | ≤ 10 ms |\n",
      both(hl["drop"], hlc["drop"], 1), f(bm["drop"], 1), ratio(hl["drop"], bm["drop"])
    if ("million" in hl)
      printf "| 1,000,000 idle processes in one engine: RSS growth (MB) | %s | | | | ≤ 2,048 MB |\n", f(hl["million"], 0)
  }' "$tmp/hl" "$tmp/beam" "$tmp/lua"
printf '\nactors wall time: %.1f s\n' "$(echo "$(date +%s.%N) - $t0" | bc -l)"
