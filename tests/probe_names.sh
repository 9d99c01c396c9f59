#!/usr/bin/env bash
# probe_names.sh — runs `hl run FILE FUNCTION` with HL_TEST_BIF_PROBE=1 (a
# test-hooks build: -DHL_TEST_HOOKS=ON or a sanitizer build) and prints the
# probe's line with the builtins named: the longest single builtin call and
# the largest single charge of the run (docs/builtins.md, "Measuring").
# Usage: bash tests/probe_names.sh <path-to-hl> FILE.erl FUNCTION [hl run options...]
set -u
HL=${1:?hl path}
FILE=${2:?file} FN=${3:?function}
shift 3
line=$(HL_TEST_BIF_PROBE=1 "$HL" run "$@" "$FILE" "$FN" 2>&1 >/dev/null | grep '^bif-probe:')
[ -n "$line" ] || { echo "no probe line (not a test-hooks build?)" >&2; exit 1; }
nm -n "$HL" | python3 -c '
import re, sys
syms = []
for l in sys.stdin:
    f = l.split()
    if len(f) == 3 and f[1] in "tT":
        syms.append((int(f[0], 16), f[2]))
base = next(a for a, n in syms if n == "test_bif_probe_report")
def name(m):
    want = base + int(m.group(1))
    best = "?"
    for a, n in syms:
        if a <= want: best = n
        else: break
    return "(" + best + ")"
print(re.sub(r"\(fn ([+-]\d+)\)", name, sys.argv[1]))
' "$line"
