#!/usr/bin/env bash
# tests/reject/run.sh HL SRC — compile-time rejection suite (docs/design.md §1, §3):
# every NAME.erl here must be rejected by `hl check NAME.erl` (run in this
# directory) with exit 2 and exactly the stderr lines of NAME.expected
# (`FILE:LINE:COL: error: ...`; positions and wordings follow erlc where
# erl_lint has the same error: checked against erlc.txt, OTP's own errors).
# Every accept/*.erl must pass `hl check`.
# The checks of each directory run together through tests/runner/jobs.sh
# (one forked child each when ctest gives the job runner in HL_JOBS, else
# one `hl` process each), in that directory.
set -u
hl=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
dir="$src/tests/reject"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../runner/jobs.sh
source "$src/tests/runner/jobs.sh"
cd "$dir" || exit 1
# check_all DIR: `hl check F` for every F in the current directory, run at
# once; then for files[i], ids[i] is its job (its $JOBS_DIR/ID.out, .err).
check_all() {
  files=(*.erl) ids=()
  jobs_init "$hl" "$tmp/$1"
  for f in "${files[@]}"; do
    if jobs_add check "$f"; then ids+=("$JOBS_ID"); else ids+=(-); fail=$((fail + 1)); echo "FAIL $f: not run"; fi
  done
  jobs_run || { fail=$((fail + 1)); echo "FAIL: the job runner failed"; }
}
check_all reject
for i in "${!files[@]}"; do
  f=${files[i]}
  name=${f%.erl}
  if [ ! -f "$name.expected" ]; then
    echo "FAIL $name: no $name.expected"
    fail=$((fail + 1))
    continue
  fi
  jobs_rc "${ids[i]}"
  out=$JOBS_DIR/${ids[i]}.out err=$JOBS_DIR/${ids[i]}.err
  if [ $rc -eq 2 ] && cmp -s "$err" "$name.expected" && [ ! -s "$out" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name: exit $rc (want 2)"
    diff "$name.expected" "$err" | head -10
  fi
done
# Agreement with erlc: every error OTP reports for these files
# (erlc.txt, from tests/oracle/reject_lint.escript) is in the .expected
# file word for word, or listed with its reason in erlc-divergences.txt.
while IFS= read -r line; do
  f=${line%%:*}
  name=${f%.erl}
  if grep -qxF -- "$line" "$name.expected" 2>/dev/null || grep -qxF -- "$line" erlc-divergences.txt; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL erlc agreement: $line"
  fi
done <erlc.txt
cd accept || exit 1
check_all accept
for i in "${!files[@]}"; do
  f=${files[i]}
  jobs_rc "${ids[i]}"
  out=$JOBS_DIR/${ids[i]}.out err=$JOBS_DIR/${ids[i]}.err
  if [ $rc -eq 0 ] && [ ! -s "$err" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL accept/$f: exit $rc (want 0)"
    head -5 "$err"
  fi
done
echo "reject: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
