#!/usr/bin/env bash
# tests/guest_guide/run.sh HL SRC — docs/guest-guide.md's code is run as
# shown: every ```erlang block whose first line is `%% NAME.erl` is
# written to NAME.erl, and every ```text block of `$ COMMAND` lines is run
# in order in one shell (`hl` being the built command, examples/ the
# source tree's) with its output (stdout and stderr) compared with the
# block's other lines, exactly.
set -u
hl=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
doc="$src/docs/guest-guide.md"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ln -s "$src/examples" "$tmp/examples"
# the erlang blocks
awk -v dir="$tmp" '
  /^```erlang$/ { inb = 1; first = 1; next }
  /^```$/ { inb = 0; out = ""; next }
  inb && first { first = 0; if ($0 ~ /^%% [a-z_]+\.erl/) { split($0, w, " "); out = dir "/" w[2] } }
  inb && out != "" { print > out }
' "$doc"
# the sessions: block k becomes session_k.sh and session_k.expected
awk -v dir="$tmp" '
  /^```text$/ { k++; inb = 1; sh = dir "/session_" k ".sh"; ex = dir "/session_" k ".expected"; printf "" > ex; next }
  /^```$/ { inb = 0; next }
  inb && /^\$ / { print substr($0, 3) " 2>&1" > sh; next }
  inb { print > ex }
' "$doc"
n=0
for sh in "$tmp"/session_*.sh; do
  [ -e "$sh" ] || continue
  n=$((n + 1))
  ex=${sh%.sh}.expected
  got=$(cd "$tmp" && hl() { "$hl" "$@"; } && . "$sh")
  if [ "$got" = "$(cat "$ex")" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $(head -1 "$sh")"
    diff <(echo "$got") "$ex" | head -20
  fi
done
[ "$n" -ge 5 ] || { fail=$((fail + 1)); echo "FAIL only $n sessions found in docs/guest-guide.md"; }
echo "guest guide: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
