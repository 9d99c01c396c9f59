#!/usr/bin/env bash
# main.sh — the README's first command: install what is missing, build, and
# run the main job: check the example guest programs, run them under limits
# (a calculator, a validation rule, per-tenant pricing, a program of two
# modules), then show the sandbox saying no: a program refused at compile
# time (exit 2) and one stopped by a limit (exit 3).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/deps.sh"
cmake -S "$root" -B "$root/build/release" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc >/dev/null
cmake --build "$root/build/release" -j "$(nproc)" --target hl >/dev/null
hl="$root/build/release/hl"
echo "+ hl check --grant processes examples/*.erl"
"$hl" check --grant processes "$root"/examples/*.erl
echo "+ hl run --max-reductions 1000000 --max-heap-bytes 16777216 --timeout-ms 1000 examples/main.erl main"
"$hl" run --max-reductions 1000000 --max-heap-bytes 16777216 --timeout-ms 1000 "$root/examples/main.erl" main
echo "+ hl run examples/validate.erl main   (a validation rule)"
"$hl" run "$root/examples/validate.erl" main
echo "+ hl run examples/tenant_pricing.erl main   (per-tenant pricing)"
"$hl" run "$root/examples/tenant_pricing.erl" main
echo "+ hl run examples/multi/shop.erl examples/multi/pricing.erl main   (a program of two modules)"
"$hl" run "$root/examples/multi/shop.erl" "$root/examples/multi/pricing.erl" main

# expect WANT CMD...: runs CMD, prints its exit code, fails unless it is WANT
expect() {
  local want=$1 rc=0
  shift
  "$@" || rc=$?
  echo "exit $rc"
  [ "$rc" -eq "$want" ] || { echo "main.sh: expected exit $want" >&2; exit 1; }
}
echo "+ hl run --grant processes --max-reductions 2000000 examples/ring.erl main 10000   (10,000 guest processes)"
"$hl" run --grant processes --max-reductions 2000000 "$root/examples/ring.erl" main 10000
echo "+ hl run --grant processes --max-reductions 20000 examples/ring.erl main 10000   (the tree's reductions are bounded)"
expect 3 "$hl" run --grant processes --max-reductions 20000 "$root/examples/ring.erl" main 10000
echo "+ hl run --grant processes examples/service.erl main   (a supervisor and two gen_servers; one crashes and is restarted)"
"$hl" run --grant processes "$root/examples/service.erl" main
echo "+ hl check examples/refused/shell_tool.erl   (calls os:cmd/1: refused at compile time)"
expect 2 "$hl" check "$root/examples/refused/shell_tool.erl"
echo "+ hl run --max-reductions 100000 examples/fib.erl main   (fib(25) needs more: stopped by a limit)"
expect 3 "$hl" run --max-reductions 100000 "$root/examples/fib.erl" main
