#!/usr/bin/env bash
# tests/conformance_proc/run.sh — runs every tests/conformance_proc/*.erl
# with `hl run --grant processes FILE main` and compares with FILE.expected
# (real OTP 25's output, tests/oracle/conformance_proc.escript), exactly as
# tests/conformance/run.sh compares its programs:
#   an expected result:     stdout must equal it, exit 0;
#   "** exception C: R":    exit 1, and stdout (what the program wrote)
#                           followed by stderr's first line must start it.
# The programs run together through tests/runner/jobs.sh (one forked child
# each when ctest gives the job runner in HL_JOBS, else one `hl` process
# each), then are checked in order.
# Other directories of process programs run through it too: HL_CONF_DIR
# names the directory, and with HL_CONF_DROP_REPORTS=1 the one-line crash
# reports the behaviours print (lines starting "=ERROR REPORT====",
# docs/behaviours.md) are dropped from stdout before comparing, since the
# oracle silences OTP's logger. A program that needs another capability
# says so, as in tests/conformance: %% hl-run-flags: --grant clocks
# Usage: bash run.sh <path-to-hl> <source-dir> [NAME...]   (NAME: only those)
set -u
HL=${1:?hl path}
SRC=${2:?source dir}
shift 2
DIR=${HL_CONF_DIR:-"$SRC/tests/conformance_proc"}
LABEL=$(basename "$DIR")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# shellcheck source=../runner/jobs.sh
source "$SRC/tests/runner/jobs.sh"
jobs_init "$HL" "$TMP/jobs"
pass=0
fail=0
if [ $# -gt 0 ]; then
    files=()
    for n in "$@"; do files+=("$DIR/${n%.erl}.erl"); done
else
    files=($(LC_COLLATE=C ls "$DIR"/*.erl 2>/dev/null))
fi
# values, not deadlines, are tested: a generous wall limit for loaded
# sanitizer builds
ids=()
for erl in "${files[@]}"; do
    flags=$(sed -n 's/^%% hl-run-flags://p' "$erl" | head -n 1)
    # shellcheck disable=SC2086
    if jobs_add run --grant processes $flags --timeout-ms 60000 "$erl" main; then ids+=("$JOBS_ID"); else ids+=(-); fi
done
jobs_run || { echo "FAIL: the job runner failed"; fail=$((fail + 1)); }
for i in "${!files[@]}"; do
    erl=${files[i]}
    name=${erl##*/}
    name=${name%.erl}
    exp="${erl%.erl}.expected"
    [ -f "$exp" ] || { echo "MISSING $exp"; fail=$((fail + 1)); continue; }
    [ "${ids[i]}" != - ] || { echo "FAIL $name: not run"; fail=$((fail + 1)); continue; }
    out="$JOBS_DIR/${ids[i]}.out" err="$JOBS_DIR/${ids[i]}.err"
    jobs_rc "${ids[i]}"
    if [ "${HL_CONF_DROP_REPORTS:-0}" = 1 ]; then
        grep -v '^=ERROR REPORT====' "$out" >"$TMP/kept"
        out="$TMP/kept"
    fi
    if [ $rc -eq 1 ] && grep -q '^\*\* exception' "$err"; then
        { cat "$out"; grep -m 1 '^\*\* exception' "$err"; } >"$TMP/got"
        n=$(wc -c <"$TMP/got")
        if head -c "$n" "$exp" | cmp -s - "$TMP/got" &&
            tail -c +$(($(wc -c <"$out") + 1)) "$exp" | head -c 13 | grep -q '^\*\* exception'; then
            pass=$((pass + 1))
        else
            echo "FAIL $name: exit $rc with: $(grep -m 1 '^\*\* exception' "$err")"
            echo "--- expected"; head -c 600 "$exp"
            echo "--- got (stdout)"; head -c 600 "$out"
            fail=$((fail + 1))
        fi
    elif [ $rc -eq 0 ] && cmp -s "$out" "$exp"; then
        pass=$((pass + 1))
    else
        echo "FAIL $name: exit $rc"
        echo "--- expected"; head -c 600 "$exp"
        echo "--- got"; head -c 600 "$out"; head -n 3 "$err"
        fail=$((fail + 1))
    fi
done
echo "$LABEL: $pass passed, $fail failed"
[ $fail -eq 0 ]
