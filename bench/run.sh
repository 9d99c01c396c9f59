#!/usr/bin/env bash
# run.sh — the benchmark command: BEAM JIT, Lua 5.4 (sandboxed, with and
# without a count hook), plain C and the Hyperlang rows, side by side,
# interleaved in rounds. See bench/README.md.
#
#   bash bench/run.sh [--quick|--full] [--out FILE] [--rounds N] [--target-ms MS]
#
#   --quick   3 rounds of ~10 ms batches (default; for CI, < 20 s)
#   --full    21 rounds of ~100 ms batches (about a minute and a half)
#   --out     the results file (default bench/results/latest.tsv)
#
# Installs what is missing (scripts/deps.sh --bench), builds the Hyperlang
# library (build/bench-release, gcc Release), the kernels' .beam files and
# the C driver (build/bench), then runs the driver. If the library does not
# build (e.g. mid-edit), the Hyperlang rows say so and the rest still runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=--quick
out="$root/bench/results/latest.tsv"
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick|--full) mode=$1 ;;
    --out) out=$2; shift ;;
    --rounds|--target-ms) extra+=("$1" "$2"); shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

bash "$root/scripts/deps.sh" --bench

bdir="$root/build/bench"
libdir="$root/build/bench-release"
mkdir -p "$bdir/ebin" "$(dirname "$out")"

# The Hyperlang library, optimized as a user would ship it.
have_hl=0
if { [ -f "$libdir/CMakeCache.txt" ] ||
     cmake -S "$root" -B "$libdir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc \
       >"$bdir/cmake.log" 2>&1; } &&
   cmake --build "$libdir" --target hyperlang -j2 >>"$bdir/cmake.log" 2>&1; then
  have_hl=1
  # The `hl` command, for the future "hl run end to end" row.
  cmake --build "$libdir" --target hl -j2 >>"$bdir/cmake.log" 2>&1 || true
else
  echo "run.sh: the Hyperlang library did not build (see $bdir/cmake.log); its rows are n/a" >&2
fi

# The kernels and the BEAM side of the harness (erlc: the ordinary BEAM build).
for f in "$root/bench/kernels/hlbench.erl" "$root/bench/harness/hlb_server.erl"; do
  beam="$bdir/ebin/$(basename "${f%.erl}").beam"
  if [ ! -f "$beam" ] || [ "$f" -nt "$beam" ]; then erlc -o "$bdir/ebin" "$f"; fi
done

# The C driver: every harness file, with Lua, and with the library if built.
cflags=(-std=c17 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L $(pkg-config --cflags lua5.4))
libs=($(pkg-config --libs lua5.4) -lm)
hlargs=()
if [ "$have_hl" = 1 ]; then
  cflags+=(-DHB_HAVE_HYPERLANG -I"$root/include")
  libs=("$libdir/libhyperlang.a" -lgmp "${libs[@]}")
  [ -x "$libdir/hl" ] && hlargs=(--hl "$libdir/hl")
fi
${CC:-gcc} "${cflags[@]}" -o "$bdir/hb_driver" "$root"/bench/harness/*.c "${libs[@]}"

exec "$bdir/hb_driver" --root "$root" --ebin "$bdir/ebin" "$mode" --out "$out" \
  "${hlargs[@]}" "${extra[@]}"
