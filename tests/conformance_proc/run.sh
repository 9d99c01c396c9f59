#!/usr/bin/env bash
# tests/conformance_proc/run.sh — runs every tests/conformance_proc/*.erl
# with `hl run --grant processes FILE main` and compares with FILE.expected
# (real OTP 25's output, tests/oracle/conformance_proc.escript), exactly as
# tests/conformance/run.sh compares its programs:
#   an expected result:     stdout must equal it, exit 0;
#   "** exception C: R":    exit 1, and stdout (what the program wrote)
#                           followed by stderr's first line must start it.
# CTest runs it (tests/*/run.sh). Other directories of process programs
# run through it too: HL_CONF_DIR names the directory, and with
# HL_CONF_DROP_REPORTS=1 the one-line crash reports the behaviours print
# (lines starting "=ERROR REPORT====", docs/behaviours.md) are dropped from
# stdout before comparing, since the oracle silences OTP's logger.
# Usage: bash run.sh <path-to-hl> <source-dir> [NAME...]   (NAME: only those)
set -u
HL=${1:?hl path}
SRC=${2:?source dir}
shift 2
DIR=${HL_CONF_DIR:-"$SRC/tests/conformance_proc"}
LABEL=$(basename "$DIR")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
if [ $# -gt 0 ]; then
    files=()
    for n in "$@"; do files+=("$DIR/${n%.erl}.erl"); done
else
    files=($(LC_COLLATE=C ls "$DIR"/*.erl 2>/dev/null))
fi
for erl in "${files[@]}"; do
    name=$(basename "$erl" .erl)
    exp="${erl%.erl}.expected"
    [ -f "$exp" ] || { echo "MISSING $exp"; fail=$((fail + 1)); continue; }
    # values, not deadlines, are tested: a generous wall limit for loaded
    # sanitizer builds
    "$HL" run --grant processes --timeout-ms 60000 "$erl" main >"$TMP/out" 2>"$TMP/err"
    rc=$?
    if [ "${HL_CONF_DROP_REPORTS:-0}" = 1 ]; then
        grep -v '^=ERROR REPORT====' "$TMP/out" >"$TMP/kept"
        mv "$TMP/kept" "$TMP/out"
    fi
    if [ $rc -eq 1 ] && grep -q '^\*\* exception' "$TMP/err"; then
        { cat "$TMP/out"; grep -m 1 '^\*\* exception' "$TMP/err"; } >"$TMP/got"
        n=$(wc -c <"$TMP/got")
        if head -c "$n" "$exp" | cmp -s - "$TMP/got" &&
            tail -c +$(($(wc -c <"$TMP/out") + 1)) "$exp" | head -c 13 | grep -q '^\*\* exception'; then
            pass=$((pass + 1))
        else
            echo "FAIL $name: exit $rc with: $(grep -m 1 '^\*\* exception' "$TMP/err")"
            echo "--- expected"; head -c 600 "$exp"
            echo "--- got (stdout)"; head -c 600 "$TMP/out"
            fail=$((fail + 1))
        fi
    elif [ $rc -eq 0 ] && cmp -s "$TMP/out" "$exp"; then
        pass=$((pass + 1))
    else
        echo "FAIL $name: exit $rc"
        echo "--- expected"; head -c 600 "$exp"
        echo "--- got"; head -c 600 "$TMP/out"; head -n 3 "$TMP/err"
        fail=$((fail + 1))
    fi
done
echo "$LABEL: $pass passed, $fail failed"
[ $fail -eq 0 ]
