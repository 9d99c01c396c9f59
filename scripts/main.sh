#!/usr/bin/env bash
# main.sh — the README's first command: install what is missing, build, and
# run the main job: check the example guest programs, then run one of them
# under limits (reductions, heap bytes, wall time), then a program of two
# modules (examples/multi/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/deps.sh"
cmake -S "$root" -B "$root/build/release" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc >/dev/null
cmake --build "$root/build/release" -j "$(nproc)" --target hl >/dev/null
hl="$root/build/release/hl"
echo "+ hl check examples/*.erl"
"$hl" check "$root"/examples/*.erl
echo "+ hl run --max-reductions 1000000 --max-heap-bytes 16777216 --timeout-ms 1000 examples/main.erl main"
"$hl" run --max-reductions 1000000 --max-heap-bytes 16777216 --timeout-ms 1000 "$root/examples/main.erl" main
echo "+ hl run examples/multi/shop.erl examples/multi/pricing.erl main   (a program of two modules)"
"$hl" run "$root/examples/multi/shop.erl" "$root/examples/multi/pricing.erl" main
