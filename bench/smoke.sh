#!/usr/bin/env bash
# smoke.sh — the benchmark's smoke check (no ctest): runs `bench/run.sh
# --quick` and checks that it exits 0, that the driver took at most 120 s
# (BEAM start-up included, builds excluded: about 12 s on an idle machine;
# the bound is a hang check with ample headroom for a loaded machine, not a
# speed assertion), and that the results file has
# one well-formed row per (round, kernel, system) with every BEAM JIT row
# measured and the Lua kernels loaded; then the adversarial benchmark's
# smoke mode (bench/adversarial.sh --smoke: CPU per reduction and longest
# builtin call under the bound of docs/limits.md, with headroom; its two
# passes run side by side). Quick mode runs alone, so its hang bound sees
# the machine as before. Exits 0 on success.
#   bash bench/smoke.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! bash "$root/bench/run.sh" --quick --out "$tmp/quick.tsv" >"$tmp/stdout" 2>"$tmp/stderr"; then
  cat "$tmp/stdout" "$tmp/stderr" >&2
  echo "smoke: FAIL: bench/run.sh --quick did not exit 0" >&2
  exit 1
fi

wall=$(sed -n 's/^driver wall time: \([0-9.]*\) s.*/\1/p' "$tmp/stdout")
if [ -z "$wall" ] || ! awk -v w="$wall" 'BEGIN { exit !(w <= 120) }'; then
  echo "smoke: FAIL: quick mode took ${wall:-?} s (limit 120 s)" >&2
  exit 1
fi

# Columns: round kernel system iters per_call_ns ratio_vs_beam cpu_per_call_ns
#          cpu_ratio_vs_beam load1 status
awk -F'\t' '
  /^#/ { next }
  $1 == "round" { header = 1; next }
  NF != 10 { printf "smoke: FAIL: line %d has %d fields\n", NR, NF; bad = 1; next }
  {
    rows++; rounds[$1]; kernels[$2]; systems[$3]
    if ($10 == "ok") {
      if ($4 < 1 || $5 !~ /^[0-9.]+$/ || $5 <= 0 || $6 !~ /^[0-9.]+$/ || $7 !~ /^([0-9.]+|NA)$/) {
        printf "smoke: FAIL: bad measured row %d: %s\n", NR, $0; bad = 1
      }
    } else if ($10 !~ /^n\/a: /) {
      printf "smoke: FAIL: bad status on row %d: %s\n", NR, $10; bad = 1
    }
    if ($3 == "beam" && $10 != "ok") { printf "smoke: FAIL: BEAM row not measured: %s\n", $0; bad = 1 }
    # a kernel file that does not load is a broken bench, not a missing row
    if ($10 ~ /loading .*\.lua/) { printf "smoke: FAIL: Lua kernels did not load: %s\n", $10; bad = 1 }
  }
  END {
    nr = 0; for (r in rounds) nr++
    nk = 0; for (k in kernels) nk++
    ns = 0; for (s in systems) ns++
    if (!header) { print "smoke: FAIL: no header row"; bad = 1 }
    if (nk != 17 || rows != nr * nk * ns) {
      printf "smoke: FAIL: %d rows for %d rounds x %d kernels x %d systems\n", rows, nr, nk, ns
      bad = 1
    }
    exit bad
  }' "$tmp/quick.tsv" >&2

if ! bash "$root/bench/adversarial.sh" --smoke >"$tmp/adv" 2>&1; then
  cat "$tmp/adv" >&2
  echo "smoke: FAIL: the adversarial benchmark is over its bound (bench/adversarial.sh --smoke)" >&2
  exit 1
fi
echo "smoke: ok (quick mode driver ${wall} s; adversarial: $(grep '^worst CPU' "$tmp/adv" | head -1), $(grep '^longest' "$tmp/adv" | tail -1))"
