#!/usr/bin/env bash
# tests/scope/run.sh HL SRC — Erlang's variable rules against erl_lint on
# generated programs (tests/oracle/scope_gen.py N: nested case / if / try /
# receive / catch / andalso / funs / comprehensions / siblings binding and
# using a few variables). erlc_first.txt holds, per file, OTP's first error
# by position (or "ok"), produced by tests/oracle/reject_lint.escript; our
# first error must be the same line, word for word. Files listed in
# divergences.txt (with the reason) are skipped. The checks run together
# through tests/runner/jobs.sh (one forked child each when ctest gives the
# job runner in HL_JOBS, else one `hl` process each).
set -u
hl=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
cd "$src/tests/scope" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../runner/jobs.sh
source "$src/tests/runner/jobs.sh"
jobs_init "$hl" "$tmp/jobs"
pass=0
fail=0
files=() wants=() ids=()
while read -r file want; do
  if grep -qx "$file" divergences.txt; then continue; fi
  jobs_add check "$file" || { fail=$((fail + 1)); echo "FAIL $file: not run"; continue; }
  files+=("$file") wants+=("$want") ids+=("$JOBS_ID")
done <erlc_first.txt
jobs_run || { fail=$((fail + 1)); echo "FAIL: the job runner failed"; }
for i in "${!files[@]}"; do
  file=${files[i]} want=${wants[i]}
  got=$(sort -t: -k2,2n -k3,3n "$JOBS_DIR/${ids[i]}.err" | head -1)
  [ -n "$got" ] || got=ok
  if [ "$got" = "$want" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $file"
    echo "  erlc: $want"
    echo "  ours: $got"
  fi
done
echo "scope: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
