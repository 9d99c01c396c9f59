#!/usr/bin/env bash
# main.sh — the README's first command: install what is missing, build, and
# run the main job (for now: `hl check` over the example guest programs).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/deps.sh"
cmake -S "$root" -B "$root/build/release" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc >/dev/null
cmake --build "$root/build/release" -j "$(nproc)" --target hl >/dev/null
echo "+ hl check examples/*.erl"
"$root/build/release/hl" check "$root"/examples/*.erl
echo "all example programs accepted"
