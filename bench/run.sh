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
# library (build/bench-release, gcc Release -O2; from the last commit in
# build/bench-release-head if the working tree does not build), the kernels'
# .beam files and the C driver (build/bench), then runs the driver. If no
# library builds, the Hyperlang rows say so and the rest still runs.
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

# The Hyperlang library, optimized as a user would ship it. First from the
# working tree; if that does not build (e.g. someone is mid-edit), from the
# last commit (a `git archive HEAD` copy under build/bench/head-src).
# Release at -O2 (the level the tests build at): gcc -O3 has reported
# maybe-uninitialized false positives, which -Werror turns into errors.
build_lib() { # SRC BUILD-DIR LOG
  cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc \
    -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" >"$3" 2>&1 &&
  cmake --build "$2" --target hyperlang -j2 >>"$3" 2>&1
}
have_hl=0
hl_src=$root
libdir="$root/build/bench-release"
if build_lib "$root" "$libdir" "$bdir/cmake.log"; then
  have_hl=1
  hl_from="working tree"
elif head=$(git -C "$root" rev-parse --short HEAD 2>/dev/null); then
  echo "run.sh: the working tree's library did not build (see $bdir/cmake.log); using HEAD $head" >&2
  hl_src="$bdir/head-src"
  libdir="$root/build/bench-release-head"
  if [ "$(cat "$hl_src/.commit" 2>/dev/null)" != "$head" ]; then
    rm -rf "$hl_src" && mkdir -p "$hl_src"
    git -C "$root" archive HEAD | tar -x -C "$hl_src"
    echo "$head" >"$hl_src/.commit"
  fi
  if build_lib "$hl_src" "$libdir" "$bdir/cmake-head.log"; then
    have_hl=1
    hl_from="last commit $head (the working tree did not build)"
  fi
fi
if [ "$have_hl" = 1 ]; then
  # The `hl` command, for the future "hl run end to end" row.
  cmake --build "$libdir" --target hl -j2 >>"$bdir/cmake.log" 2>&1 || true
else
  echo "run.sh: the Hyperlang library did not build (see $bdir/cmake*.log); its rows are n/a" >&2
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
  # the header, and the version header the build generates beside it
  cflags+=(-DHB_HAVE_HYPERLANG -I"$hl_src/include" -I"$libdir/include")
  libs=("$libdir/libhyperlang.a" -lgmp -lz $(pkg-config --libs libpcre2-8 jansson) "${libs[@]}")
  hlargs=(--hl-from "$hl_from")
  [ -x "$libdir/hl" ] && hlargs+=(--hl "$libdir/hl")
fi
${CC:-gcc} "${cflags[@]}" -o "$bdir/hb_driver" "$root"/bench/harness/*.c "${libs[@]}"

# Instructions per host call of id(42), full mode only (callgrind: ~1 min).
if [ "$mode" = --full ] && [ "$have_hl" = 1 ]; then bash "$root/bench/call_instr.sh" --lib "$libdir" --inc "$hl_src/include" || true; fi
# The behaviours' rows (gen_server call/start, supervisor restart, idle and
# hibernated memory beside BEAM; about 3 minutes): --full only.
if [ "$mode" = --full ] && [ -x "$libdir/hl" ]; then bash "$root/bench/behaviours.sh" "$libdir/hl" || true; fi
"$bdir/hb_driver" --root "$root" --ebin "$bdir/ebin" "$mode" --out "$out" \
  "${hlargs[@]}" "${extra[@]}"
bash "$root/bench/actors.sh" "$mode" # the actor rows (bench/README.md "Actors")
