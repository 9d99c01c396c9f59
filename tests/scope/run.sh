#!/usr/bin/env bash
# tests/scope/run.sh HL SRC — Erlang's variable rules against erl_lint on
# generated programs (tests/oracle/scope_gen.py N: nested case / if / try /
# receive / catch / andalso / funs / comprehensions / siblings binding and
# using a few variables). erlc_first.txt holds, per file, OTP's first error
# by position (or "ok"), produced by tests/oracle/reject_lint.escript; our
# first error must be the same line, word for word. Files listed in
# divergences.txt (with the reason) are skipped.
set -u
hl=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$2/tests/scope" || exit 1
pass=0
fail=0
while read -r file want; do
  if grep -qx "$file" divergences.txt; then continue; fi
  got=$("$hl" check "$file" 2>&1 >/dev/null | sort -t: -k2,2n -k3,3n | head -1)
  [ -n "$got" ] || got=ok
  if [ "$got" = "$want" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $file"
    echo "  erlc: $want"
    echo "  ours: $got"
  fi
done <erlc_first.txt
echo "scope: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
