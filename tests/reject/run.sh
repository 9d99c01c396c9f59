#!/usr/bin/env bash
# tests/reject/run.sh HL SRC — compile-time rejection suite (docs/design.md §1, §3):
# every NAME.erl here must be rejected by `hl check NAME.erl` (run in this
# directory) with exit 2 and exactly the stderr lines of NAME.expected
# (`FILE:LINE:COL: error: ...`; positions and wordings follow erlc where
# erl_lint has the same error: checked against erlc.txt, OTP's own errors).
# Every accept/*.erl must pass `hl check`.
set -u
hl=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$2
dir="$src/tests/reject"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$dir" || exit 1
for f in *.erl; do
  name=${f%.erl}
  if [ ! -f "$name.expected" ]; then
    echo "FAIL $name: no $name.expected"
    fail=$((fail + 1))
    continue
  fi
  "$hl" check "$f" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ $rc -eq 2 ] && cmp -s "$tmp/err" "$name.expected" && [ ! -s "$tmp/out" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name: exit $rc (want 2)"
    diff "$name.expected" "$tmp/err" | head -10
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
for f in *.erl; do
  "$hl" check "$f" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ $rc -eq 0 ] && [ ! -s "$tmp/err" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL accept/$f: exit $rc (want 0)"
    head -5 "$tmp/err"
  fi
done
echo "reject: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
