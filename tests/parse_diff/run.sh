#!/usr/bin/env bash
# run.sh — differential test of the parser against OTP 25.
#
# Usage: bash tests/parse_diff/run.sh HL SRC_DIR
#
# For every corpus file tests/parse_diff/NAME.erl it runs `HL parse --dump`
# and compares the output byte for byte with NAME.ast, which OTP 25 wrote
# (tests/oracle/ast_dump.escript; regenerate with scripts/regen-oracle.sh).
# The front end must accept every file (parse --dump exits 0). It also runs
# `HL check FILE` on every file: since check runs the whole SafeCore
# pipeline (lower, verify, classify), it rejects by design much of what the
# corpus covers (external funs, undeclared remote calls, the generated
# files' unbound variables...), so the requirement there is that it never
# crashes: exit 0 or 2 and no sanitizer report. Prints the first few
# mismatches with the place they start, then
# "parse_diff: N agree, M differ"; exits 1 when anything differs or check
# crashes. Needs only bash and coreutils (no erl).
#
# tests/parse_diff/reject/*.erl are files OTP 25 rejects (mutants of corpus
# files; OTP's error for each is in reject/otp_errors.txt): `HL parse --dump`
# must reject each one too, with exit 2 and no crash.
#
# The `parse --dump` runs are queued and run together through
# tests/runner/jobs.sh (one forked child each when ctest gives the job
# runner in HL_JOBS, else one `hl` process each), then checked in order.
set -uo pipefail
if [ $# -ne 2 ]; then
  echo "usage: run.sh HL SRC_DIR" >&2
  exit 2
fi
hl=$1
dir=$2/tests/parse_diff
show_max=${PARSE_DIFF_SHOW:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../runner/jobs.sh
source "$2/tests/runner/jobs.sh"
jobs_init "$hl" "$tmp/jobs"

# excerpt FILE LINE COL: about 240 characters of line LINE around byte COL.
excerpt() {
  sed -n "${2}p" "$1" | cut -b "$(( $3 > 80 ? $3 - 80 : 1 ))-$(( $3 + 160 ))"
}

agree=0
differ=0
shown=0
differing=()
files=("$dir"/*.erl)

# check_crashed RC ERRFILE: true when hl check did not end normally (0 or 2)
# or a sanitizer reported something.
check_crashed() {
  { [ "$1" -ne 0 ] && [ "$1" -ne 2 ]; } || grep -qE 'Sanitizer|runtime error:' "$2"
}

# hl check over the whole corpus in one process; only if that crashes, once
# per file to name the culprits.
crashed=()
rc=0
"$hl" check "${files[@]}" >/dev/null 2>"$tmp/cerr" || rc=$?
if check_crashed "$rc" "$tmp/cerr"; then
  for src in "${files[@]}"; do
    rc=0
    "$hl" check "$src" >/dev/null 2>"$tmp/cerr1" || rc=$?
    check_crashed "$rc" "$tmp/cerr1" || continue
    crashed+=("$(basename "$src" .erl)")
    if [ "${#crashed[@]}" -le "$show_max" ]; then
      echo "--- $(basename "$src"): hl check crashed (exit $rc):"
      grep -vE '^[^ ]*:[0-9]+:[0-9]+: error: ' "$tmp/cerr1" | head -n 8 | cut -b 1-300
    fi
  done
  rejected="?"
else
  # Files with at least one diagnostic were rejected.
  rejected=$(sed -n 's/^\(.*\.erl\):[0-9]*:[0-9]*: error: .*/\1/p' "$tmp/cerr" | sort -u | wc -l)
fi
# Every parse --dump (the corpus, then the reject set) at once.
rejects=()
for src in "$dir"/reject/*.erl; do [ -e "$src" ] && rejects+=("$src"); done
job_ok=1
for src in "${files[@]}" "${rejects[@]}"; do jobs_add parse --dump "$src" || job_ok=0; done
jobs_run || job_ok=0
if [ "$job_ok" -ne 1 ]; then
  echo "parse_diff: the job runner failed"
  differ=$((differ + 1))
fi
id=0
for src in "${files[@]}"; do
  name=${src##*/}
  name=${name%.erl}
  out=$JOBS_DIR/$id.out err=$JOBS_DIR/$id.err
  jobs_rc "$id"
  id=$((id + 1))
  exp=$dir/$name.ast
  if [ ! -f "$exp" ]; then
    echo "parse_diff: $name.erl has no $name.ast (run scripts/regen-oracle.sh)"
    differ=$((differ + 1))
    differing+=("$name")
    continue
  fi
  if [ "$rc" -eq 0 ] && cmp -s "$exp" "$out" && ! grep -qE 'Sanitizer|runtime error:' "$err"; then
    agree=$((agree + 1))
    continue
  fi
  differ=$((differ + 1))
  differing+=("$name")
  [ "$shown" -ge "$show_max" ] && continue
  shown=$((shown + 1))
  echo "--- $name: expected (OTP 25) vs hl parse --dump"
  if [ -s "$err" ]; then
    echo "hl stderr:"
    head -n 5 "$err" | cut -b 1-300
  fi
  # cmp reports "differ: byte B, line L"; the column is B minus the bytes
  # of the lines before L.
  where=$(cmp "$exp" "$out" 2>&1 | head -n 1)
  line=$(echo "$where" | sed -n 's/.*line \([0-9]*\).*/\1/p')
  byte=$(echo "$where" | sed -n 's/.*byte \([0-9]*\),.*/\1/p')
  if [ -n "$line" ] && [ -n "$byte" ]; then
    before=$(head -n $((line - 1)) "$exp" | wc -c)
    col=$((byte - before))
    echo "first difference: line $line (form $line), byte $col of that line"
    echo "  expected: $(excerpt "$exp" "$line" "$col")"
    echo "  actual:   $(excerpt "$out" "$line" "$col")"
  else
    # One output is a prefix of the other (or empty): say which.
    echo "  $where" | cut -b 1-300
    echo "  expected $(wc -l <"$exp") lines, got $(wc -l <"$out")"
  fi
done

# The reject set: OTP rejects every file, so hl must too (exit 2).
rej_ok=0
rej_bad=()
for src in "${rejects[@]}"; do
  rerr=$JOBS_DIR/$id.err
  jobs_rc "$id"
  id=$((id + 1))
  if [ "$rc" -eq 2 ] && ! grep -qE 'Sanitizer|runtime error:' "$rerr"; then
    rej_ok=$((rej_ok + 1))
    continue
  fi
  rej_bad+=("$(basename "$src" .erl)")
  if [ "${#rej_bad[@]}" -le "$show_max" ]; then
    echo "--- reject/$(basename "$src"): OTP 25 rejects it, hl parse --dump exited $rc"
    grep -F "$(basename "$src"):" "$dir/reject/otp_errors.txt" | head -n 1 | sed 's/^/  OTP: /'
    head -n 5 "$rerr" | cut -b 1-300
  fi
done
echo "parse_diff: reject: $rej_ok rejected like OTP, ${#rej_bad[@]} not${rej_bad[*]:+ (${rej_bad[*]})}" | cut -b 1-2000

if [ "$differ" -gt 0 ]; then
  echo "differing files: ${differing[*]}" | cut -b 1-2000
fi
echo "parse_diff: hl check: ${#files[@]} files, $rejected rejected with diagnostics, ${#crashed[@]} crashed${crashed[*]:+ (${crashed[*]})}"
echo "parse_diff: $agree agree, $differ differ"
[ "$differ" -eq 0 ] && [ "${#crashed[@]}" -eq 0 ] && [ "${#rej_bad[@]}" -eq 0 ]
