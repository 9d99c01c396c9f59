#!/usr/bin/env bash
# tests/conformance_proc/regen.sh — rewrites every NAME.expected of this
# directory from real Erlang/OTP 25 (tests/oracle/conformance_proc.escript).
#   bash regen.sh            regenerate (git diff then shows what changed)
#   bash regen.sh --verify   run the oracle twice into temporary directories
#                            and compare both runs with the committed files
#                            (catches a program whose output is not
#                            deterministic); writes nothing here
#   bash regen.sh FILE.erl.. regenerate only those programs
set -eu
# (HL_CONF_DIR: another directory of process programs, tests/conformance_otp)
HERE=$(cd "$(dirname "$0")" && pwd)
ORACLE="$HERE/../oracle/conformance_proc.escript"
HERE=${HL_CONF_DIR:-$HERE}
rel=$(erl -noshell -eval 'io:format("~s", [erlang:system_info(otp_release)]), halt().')
[ "$rel" = 25 ] || { echo "regen.sh: needs Erlang/OTP 25, found $rel" >&2; exit 1; }
if [ "${1:-}" = --verify ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    status=0
    for run in 1 2; do
        mkdir "$tmp/$run"
        escript "$ORACLE" --outdir "$tmp/$run" $(LC_COLLATE=C ls "$HERE"/*.erl) || status=1
        for exp in "$tmp/$run"/*.expected; do
            name=$(basename "$exp")
            if ! cmp -s "$exp" "$HERE/$name"; then
                echo "run $run: $name differs from the committed file"
                diff "$HERE/$name" "$exp" | head -10
                status=1
            fi
        done
    done
    n=$(ls "$HERE"/*.erl | wc -l)
    [ $status -eq 0 ] && echo "verify: $n programs, two runs, all equal to the committed files"
    exit $status
fi
if [ $# -gt 0 ]; then
    escript "$ORACLE" "$@"
else
    escript "$ORACLE" $(LC_COLLATE=C ls "$HERE"/*.erl)
fi
