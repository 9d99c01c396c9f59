#!/usr/bin/env bash
# tests/conformance/run.sh — runs every tests/conformance/*.erl with
# `hl run FILE main` and compares with FILE.expected, produced by real
# Erlang/OTP through tests/oracle/conformance.escript:
#   an expected result:     stdout must equal it, exit 0;
#   "** exception C: R":    exit 1, and stdout (what the program wrote)
#                           followed by stderr's first line must start it.
# Then the limit probes (exit 3, which limit named on stderr).
# The programs and the limit probes are queued and run together through
# tests/runner/jobs.sh (one forked child per program when ctest gives the
# job runner in HL_JOBS, else one `hl` process each), then checked in
# order; the timing probes and the command-line checks run `hl` itself.
# Usage: bash run.sh <path-to-hl> <source-dir>
set -u
HL=${1:?hl path}
SRC=${2:?source dir}
DIR="$SRC/tests/conformance"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# shellcheck source=../runner/jobs.sh
source "$SRC/tests/runner/jobs.sh"
jobs_init "$HL" "$TMP/jobs"
# What each queued job is, by its id: kind program or probe, the name, and
# the expected-output file or the limit to be named (checked after
# jobs_run, at the end).
q_kind=() q_name=() q_arg=()
pass=0
fail=0
# HL_CONFORMANCE_SHARD=K/N (ctest runs the slow GC-at-every-allocation mode
# as N shards, one per core): this run takes every N-th program and probe,
# starting at the K-th (0-based). Unset: all of them.
shard_k=0 shard_n=1
if [[ "${HL_CONFORMANCE_SHARD:-}" =~ ^([0-9]+)/([1-9][0-9]*)$ ]]; then
    shard_k=${BASH_REMATCH[1]} shard_n=${BASH_REMATCH[2]}
fi
item=0
mine() { # true for the items of this shard
    item=$((item + 1))
    [ $(((item - 1) % shard_n)) -eq "$shard_k" ]
}
# HL_CONFORMANCE_SLOW (set by run_gc_always.sh): names of programs and probes
# that a test mode makes too slow to finish (e.g. a collection at every
# allocation with a 150,000-frame stack is quadratic). They still run, for
# 10 s, and must either give the expected outcome or stop at the deadline.
SLOW=" ${HL_CONFORMANCE_SLOW:-} "
# HL_CONFORMANCE_CAPPED (set by run_gc_always.sh): slow names that reached
# their 10 s deadline in that mode when sanitizer builds were compiled at
# -O0, so what they checked was only that the collections they made were
# clean. They now run for 3 s: at -O1 (about three times faster) that is
# about the same amount of work as the 10 s they had, at a third of the
# suite's wall time.
CAPPED=" ${HL_CONFORMANCE_CAPPED:-} "
capped() { [[ "$CAPPED" == *" $1 "* ]]; }
# HL_CONFORMANCE_SLOW_ENV (set by run_gc_always.sh): an env:NAME=VALUE job
# argument (tests/runner/jobs.sh) that the slow and capped names run with,
# a cheaper form of the mode that lets them finish (see there).
slow_env() { # name: sets senv to the job's leading arguments
    senv=()
    if [ -n "${HL_CONFORMANCE_SLOW_ENV:-}" ] && { [[ "$SLOW" == *" $1 "* ]] || capped "$1"; }; then
        senv=("$HL_CONFORMANCE_SLOW_ENV")
    fi
}
slow_ok() { # name errfile: true when name is listed and the run stopped at its deadline
    { [[ "$SLOW" == *" $1 "* ]] || capped "$1"; } && [ $rc -eq 3 ] && grep -q "limit exceeded: deadline" "$2" &&
        echo "SLOW $1: stopped at its deadline (allowed in this mode)"
}
# HL_CONFORMANCE_SKIP (set by run_gc_always.sh, which says why for each):
# programs a test mode cannot bring to the code they test, not run at all;
# each is listed in the output as SKIP.
SKIP=" ${HL_CONFORMANCE_SKIP:-} "
# io_big/: programs too slow for test_vm_slices (which runs the top level
# five times): terms above io_lib's printing budget (docs/io.md).
# check_run NAME EXPECTED HL-ARGS...: queues `hl run HL-ARGS... main`, to
# be compared with EXPECTED (a result, or the program's output followed by
# the exception line) by check_program. NAME (the program's, without .erl)
# is what the slow list names.
check_run() {
    local name=$1 exp=$2
    shift 2
    slow_env "$name"
    jobs_add "${senv[@]}" run "$@" main || { fail=$((fail + 1)); return; }
    q_kind[JOBS_ID]=program q_name[JOBS_ID]=$name q_arg[JOBS_ID]=$exp
}
# check_program NAME EXPECTED ID: the check of a queued program's outcome.
check_program() {
    local name=$1 exp=$2 out="$JOBS_DIR/$3.out" err="$JOBS_DIR/$3.err"
    jobs_rc "$3"
    if slow_ok "$name" "$err"; then
        pass=$((pass + 1))
    elif [ $rc -eq 1 ] && grep -q '^\*\* exception' "$err"; then
        # what the program wrote (stdout) comes first in FILE.expected,
        # then the exception line (its first line is compared)
        { cat "$out"; head -n 1 "$err"; } >"$TMP/got"
        n=$(wc -c <"$TMP/got")
        if head -c "$n" "$exp" | cmp -s - "$TMP/got" &&
            tail -c +$(($(wc -c <"$out") + 1)) "$exp" | head -c 13 | grep -q '^\*\* exception'; then
            pass=$((pass + 1))
        else
            echo "FAIL $name: exit $rc with: $(head -n 1 "$err")"
            echo "--- expected"; head -c 600 "$exp"
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
}

# A program that needs a capability says so in a comment line of its own,
# `%% hl-run-flags: --grant random` (OTP ignores it): the first such line of
# each program, read with one grep for all of them.
declare -A runflags=()
while IFS= read -r line; do
    runflags[${line%%:%% hl-run-flags: *}]=${line#*:%% hl-run-flags: }
done < <(grep -m 1 -H '^%% hl-run-flags: ' "$DIR"/*.erl "$DIR"/io_big/*.erl)
for erl in $(LC_COLLATE=C ls "$DIR"/*.erl "$DIR"/io_big/*.erl); do
    mine || continue
    name=${erl##*/}
    name=${name%.erl}
    if [[ "$SKIP" == *" $name "* ]]; then
        echo "SKIP $name: not run in this mode (see the runner's reason)"
        continue
    fi
    exp="${erl%.erl}.expected"
    [ -f "$exp" ] || { echo "MISSING $exp"; fail=$((fail + 1)); continue; }
    # These programs test values, not deadlines: a generous wall limit keeps
    # sanitizer builds on a loaded machine from failing on time alone (the
    # reduction and heap limits keep their defaults).
    ms=60000
    [[ "$SLOW" == *" $name "* ]] && ms=10000
    capped "$name" && ms=3000
    # io_big/ programs flatten 200k-character texts of terms above the
    # printing budget and hold them all (about 60-80 MB peak with the
    # collector's copy space): they get 256 MiB; the io probes test the
    # heap limit of big printing itself.
    heap=()
    [[ "$erl" == */io_big/* ]] && heap=(--max-heap-bytes 268435456)
    flags=()
    read -r -a flags <<<"${runflags[$erl]:-}"
    check_run "$name" "$exp" --timeout-ms $ms "${heap[@]}" "${flags[@]}" "$erl"
done

# Programs of several modules: multi/NAME/ holds NAME.erl (the entry, with
# main/0) and the modules it calls; multi/NAME.expected is OTP's output with
# all of them loaded (tests/oracle/conformance.escript DIR).
for dir in $(LC_COLLATE=C ls -d "$DIR"/multi/*/ 2>/dev/null); do
    mine || continue
    dir=${dir%/}
    name=$(basename "$dir")
    exp="$dir.expected"
    [ -f "$exp" ] || { echo "MISSING $exp"; fail=$((fail + 1)); continue; }
    others=()
    for f in $(LC_COLLATE=C ls "$dir"/*.erl); do [ "$f" = "$dir/$name.erl" ] || others+=("$f"); done
    check_run "multi/$name" "$exp" --timeout-ms 60000 "$dir/$name.erl" "${others[@]}"
done

# Limit probes (docs/design.md §4 invariant 4): each stops with exit 3 and names the limit.
probe() { # name expected-limit args...
    local name=$1 want=$2
    shift 2
    mine || return 0
    if [[ "$SKIP" == *" probe-$name "* ]]; then
        echo "SKIP probe-$name: not run in this mode (see the runner's reason)"
        return 0
    fi
    local cap=()
    capped "probe-$name" && cap=(--timeout-ms 3000)
    slow_env "probe-$name"
    jobs_add "${senv[@]}" run "${cap[@]}" "$@" || { fail=$((fail + 1)); return 0; }
    q_kind[JOBS_ID]=probe q_name[JOBS_ID]=$name q_arg[JOBS_ID]=$want
}
# check_probe NAME LIMIT ID: the check of a queued probe's outcome.
check_probe() {
    local name=$1 want=$2 err="$JOBS_DIR/$3.err"
    jobs_rc "$3"
    if [ $rc -eq 3 ] && grep -q "limit exceeded: $want" "$err"; then
        pass=$((pass + 1))
    elif slow_ok "probe-$name" "$err"; then
        pass=$((pass + 1))
    else
        echo "FAIL probe $name: exit $rc"; cat "$err"
        fail=$((fail + 1))
    fi
}
P="$DIR/probes/limits.erl"
probe loop-reductions reductions --max-reductions 100000 "$P" loop
probe heap-growth heap --max-heap-bytes 1000000 "$P" grow
probe deadline deadline --timeout-ms 50 --max-reductions 100000000000 "$P" loop
B="$DIR/probes/binaries.erl"
probe binary-doubling heap --max-heap-bytes 1000000 "$B" double
probe binary-refc-held heap --max-heap-bytes 20000000 "$B" hold
probe binary-slices-held heap --max-heap-bytes 20000000 "$B" hold_slices
RE="$DIR/probes/re_limits.erl"
probe re-backtrack reductions --max-reductions 200000 "$RE" backtrack
probe re-scan reductions --max-reductions 200000 "$RE" scan
probe re-global-empty reductions --max-reductions 20000 "$RE" global_empty
# The reduction stop is deterministic: the same count leaves the same work done.
"$HL" run --max-reductions 1000 "$P" count_to 2000 >/dev/null 2>&1
a=$?
"$HL" run --max-reductions 1000 "$P" count_to 900 >"$TMP/out" 2>&1
b=$?
if [ $a -eq 3 ] && [ $b -eq 0 ] && [ "$(cat "$TMP/out")" = "900" ]; then pass=$((pass + 1)); else
    echo "FAIL probe reductions-deterministic: $a $b"; fail=$((fail + 1)); fi
# The deadline stops a loop within a few ms of its time.
start=$(date +%s%N)
"$HL" run --timeout-ms 200 --max-reductions 100000000000 "$P" loop >/dev/null 2>&1
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
# (process start and compile included; tests/unit/test_api.c measures hl_run alone)
if [ $rc -eq 3 ] && [ $ms -ge 200 ] && [ $ms -lt 2000 ]; then pass=$((pass + 1)); else
    echo "FAIL probe deadline-timing: exit $rc after $ms ms"; fail=$((fail + 1)); fi

# Receive: nothing can arrive in a plain run. Without `after` (or with
# `after infinity`) it waits for the deadline; `after T` sleeps T ms (wall
# clock, not CPU: a busy wait would show as user time), and a timeout
# beyond the deadline stops at the deadline.
R="$DIR/probes/recv.erl"
probe recv-forever deadline --timeout-ms 50 "$R" forever
probe recv-infinity deadline --timeout-ms 50 "$R" infinity
probe recv-past-deadline deadline --timeout-ms 50 "$R" wait 100000
start=$(date +%s%N)
TIMEFORMAT='%U %S'
{ time "$HL" run --timeout-ms 5000 "$R" wait 300 >"$TMP/out" 2>/dev/null; } 2>"$TMP/time"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
cpu=$(tail -n 1 "$TMP/time" | awk '{printf "%d", ($1 + $2) * 1000}')
if [ $rc -eq 0 ] && [ "$(cat "$TMP/out")" = "{waited,300}" ] && [ $ms -ge 300 ] && [ $ms -lt 3000 ] &&
    [ "${cpu:-9999}" -lt 200 ]; then pass=$((pass + 1)); else
    echo "FAIL probe recv-wait-timing: exit $rc after $ms ms, cpu $cpu ms"; fail=$((fail + 1)); fi
start=$(date +%s%N)
"$HL" run --timeout-ms 200 "$R" forever >/dev/null 2>&1
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
if [ $rc -eq 3 ] && [ $ms -ge 200 ] && [ $ms -lt 2000 ]; then pass=$((pass + 1)); else
    echo "FAIL probe recv-deadline-timing: exit $rc after $ms ms"; fail=$((fail + 1)); fi
# Stdlib functions on huge inputs stop with the limit that is set (every
# stdlib call is preemptible guest code or a size-capped, charged builtin).
S="$DIR/probes/std_limits.erl"
for f in seq duplicate sort usort flatten; do
    probe "std-$f-reductions" reductions --max-reductions 200000 "$S" $f
    probe "std-$f-heap" heap --max-heap-bytes 2000000 --max-reductions 100000000000 "$S" $f
done
probe std-make_tuple-heap heap --max-heap-bytes 2000000 "$S" make_tuple
for f in seq sort; do
    start=$(date +%s%N)
    "$HL" run --timeout-ms 100 --max-reductions 100000000000 --max-heap-bytes 4000000000 "$S" $f >/dev/null 2>"$TMP/err"
    rc=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    if [ $rc -eq 3 ] && [ $ms -lt 3000 ]; then pass=$((pass + 1)); else
        echo "FAIL probe std-$f-deadline: exit $rc after $ms ms"; cat "$TMP/err"; fail=$((fail + 1)); fi
done
# binary and base64 on 10 MB inputs: the same (their C cores do a bounded
# chunk per call, looped in lib/binary.erl and lib/base64.erl).
BL="$DIR/probes/binary_limits.erl"
for f in matches split replace b64_encode b64_decode hex to_list lcp; do
    probe "binary-$f-reductions" reductions --max-reductions 200000 "$BL" $f
    probe "binary-$f-heap" heap --max-heap-bytes 2000000 --max-reductions 100000000000 "$BL" $f
done
probe binary-copy-heap heap --max-heap-bytes 2000000 "$BL" copy
probe binary-copy_huge-heap heap --max-heap-bytes 2000000 "$BL" copy_huge
for f in matches b64_decode; do
    start=$(date +%s%N)
    "$HL" run --timeout-ms 100 --max-reductions 100000000000 --max-heap-bytes 4000000000 "$BL" ${f}_forever >/dev/null 2>"$TMP/err"
    rc=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    if [ $rc -eq 3 ] && [ $ms -lt 3000 ]; then pass=$((pass + 1)); else
        echo "FAIL probe binary-$f-deadline: exit $rc after $ms ms"; cat "$TMP/err"; fail=$((fail + 1)); fi
done

# Data structures (dict, gb_trees, gb_sets, sets, array) built huge stop
# with the limit that is set: they are guest code, preemptible.
DS="$DIR/probes/ds_limits.erl"
for f in dict gb_trees gb_sets sets array; do
    probe "ds-$f-reductions" reductions --max-reductions 20000 "$DS" $f
    probe "ds-$f-heap" heap --max-heap-bytes 500000 --max-reductions 100000000000 "$DS" $f
    probe "ds-$f-deadline" deadline --timeout-ms 100 --max-reductions 100000000000 --max-heap-bytes 4000000000 "$DS" $f
done

# string and unicode on huge inputs (probes/string_limits.erl): every one
# stops with the limit that is set, and promptly at a deadline.
U="$DIR/probes/string_limits.erl"
for f in copies upper chars split find length lexemes to_list; do
    probe "string-$f-reductions" reductions --max-reductions 300000 "$U" $f
    start=$(date +%s%N)
    "$HL" run --timeout-ms 100 --max-reductions 100000000000 --max-heap-bytes 4000000000 "$U" $f >/dev/null 2>"$TMP/err"
    rc=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    if [ $rc -eq 3 ] && [ $ms -lt 3000 ]; then pass=$((pass + 1)); else
        echo "FAIL probe string-$f-deadline: exit $rc after $ms ms"; cat "$TMP/err"; fail=$((fail + 1)); fi
done
probe string-copies-heap heap --max-heap-bytes 2000000 --max-reductions 100000000000 "$U" copies
probe string-to_list-heap heap --max-heap-bytes 2000000 --max-reductions 100000000000 "$U" to_list
# json (lib/json.erl, probes/json_limits.erl) on huge or deeply nested
# input: the decoder keeps nesting on a heap list, the encoder recurses on
# the guest's stack, strings are scanned in Erlang, so each stops with the
# limit that is set (the heap ones leave room for the input, so the limit
# is reached in json), and promptly at a deadline.
J="$DIR/probes/json_limits.erl"
for f in deep_decode deep_encode deep_object long_string escapes big_encode many_values; do
    probe "json-$f-reductions" reductions --max-reductions 200000 "$J" $f
done
probe json-deep_decode-heap heap --max-heap-bytes 16000000 --max-reductions 100000000000 "$J" deep_decode
probe json-deep_encode-heap heap --max-heap-bytes 24000000 --max-reductions 100000000000 "$J" deep_encode_heap
probe json-big_encode-heap heap --max-heap-bytes 2000000 --max-reductions 100000000000 "$J" big_encode
for f in deep_decode deep_encode long_string; do
    mine || continue
    start=$(date +%s%N)
    "$HL" run --timeout-ms 100 --max-reductions 100000000000 --max-heap-bytes 4000000000 "$J" $f >/dev/null 2>"$TMP/err"
    rc=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    if [ $rc -eq 3 ] && [ $ms -lt 3000 ]; then pass=$((pass + 1)); else
        echo "FAIL probe json-$f-deadline: exit $rc after $ms ms"; cat "$TMP/err"; fail=$((fail + 1)); fi
done
# io: formatting a huge term with ~w or ~p is preemptible Erlang past the
# printing builtin's budget (it stops with the limit that is set); writing
# stops at the output cap (docs/io.md).
I="$DIR/probes/io_limits.erl"
for f in w_huge w_huge_tuple p_huge; do
    probe "io-$f-reductions" reductions --max-reductions 200000 "$I" $f
    probe "io-$f-heap" heap --max-heap-bytes 3000000 --max-reductions 100000000000 "$I" $f
done
probe io-write-loop output --timeout-ms 60000 --max-output-bytes 100000 --max-reductions 100000000000 "$I" write_loop
for f in put_huge put_deep; do
    probe "io-$f" output --timeout-ms 60000 --max-output-bytes 100000 --max-reductions 100000000000 "$I" $f
done
for f in w_huge p_huge; do
    start=$(date +%s%N)
    "$HL" run --timeout-ms 100 --max-reductions 100000000000 --max-heap-bytes 4000000000 \
        --max-output-bytes 4000000000 "$I" $f >/dev/null 2>"$TMP/err"
    rc=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    if [ $rc -eq 3 ] && [ $ms -lt 3000 ]; then pass=$((pass + 1)); else
        echo "FAIL probe io-$f-deadline: exit $rc after $ms ms"; cat "$TMP/err"; fail=$((fail + 1)); fi
done

# The rest of the `hl run` contract (docs/design.md §5): exit 2 with a located
# error for a rejected program, exit 2 for bad usage, --help, arguments.
check() { # name expected-exit expected-stream-regex stream(out|err) args...
    local name=$1 want=$2 re=$3 stream=$4
    shift 4
    "$HL" "$@" >"$TMP/out" 2>"$TMP/err"
    local rc=$?
    if [ $rc -eq "$want" ] && grep -Eq -- "$re" "$TMP/$stream"; then pass=$((pass + 1)); else
        echo "FAIL cli $name: exit $rc"; cat "$TMP/out" "$TMP/err" | head -5; fail=$((fail + 1)); fi
}
printf -- '-module(bad).\n-export([main/0]).\nmain() -> x ! ok.\n' >"$TMP/bad.erl"
printf -- '-module(args).\n-export([f/2]).\nf(A, B) -> {B, A}.\n' >"$TMP/args.erl"
check rejected 2 "^$TMP/bad.erl:3:13: error: message send is not available" err run "$TMP/bad.erl" main
check help 0 "^usage: hl run" out run --help
check no-function 2 "needs a FILE and a FUNCTION" err run "$TMP/args.erl"
check bad-limit 2 "positive integer" err run --max-reductions 0 "$TMP/args.erl" f 1 2
check unknown-option 2 "unknown option" err run --frobnicate "$TMP/args.erl" f 1 2
check args 0 '^\{"text",\[1,\{2,3\.5\}\]\}$' out run "$TMP/args.erl" f '[1,{2,3.5}]' '"text"'
check bad-arg 2 "argument 1" err run "$TMP/args.erl" f '{1,' 2
# an atom the program does not contain is the host's, for the run (docs/embedding.md);
# a name that is no atom (over 255 characters) is still refused
check host-atom 0 '^\{never_seen_atom,1\}$' out run "$TMP/args.erl" f 1 never_seen_atom
check illegal-atom 2 "argument 2" err run "$TMP/args.erl" f 1 "$(printf 'a%.0s' $(seq 256))"
check undef 1 '^\*\* exception error: undef' err run "$TMP/args.erl" g
check unreadable 2 "cannot read" err run "$TMP/missing.erl" main
# --grant NAME (docs/actors.md): processes run with it, stay rejected without
# it; an unknown name lists the known ones; a pid may not leave the guest
printf -- '-module(sp).\n-export([main/0, pid/0]).\nmain() -> Me = self(), spawn(fun() -> Me ! hi end), receive hi -> ok end.\npid() -> self().\n' >"$TMP/sp.erl"
check grant-processes 0 '^ok$' out run --grant processes "$TMP/sp.erl" main
check grant-processes-eq 0 '^ok$' out run --grant=processes "$TMP/sp.erl" main
check grant-none 2 "sp.erl:3:16: error: call to erlang:self/0 is not declared" err run "$TMP/sp.erl" main
check grant-unknown 2 'grant bogus: unknown capability "bogus" \(known: processes' err run --grant bogus "$TMP/sp.erl" main
check grant-missing 2 "grant needs a value" err run --grant
check grant-pid-result 1 "the result holds a fun or an internal handle" err run --grant processes "$TMP/sp.erl" pid
check grant-pid-arg 2 "argument 1" err run --grant processes "$TMP/sp.erl" main '<0.1.0>'
# Capabilities (docs/capabilities.md): refused at compile time without the
# grant, naming it; an unknown name is bad usage; the deterministic profile
# prints the same twice (and its virtual clock starts at 2000-01-01).
printf -- '-module(cr).\n-export([main/0]).\nmain() -> io:format("~w~n", [[rand:uniform(100) || _ <- lists:seq(1, 5)]]), {calendar:universal_time(), erlang:system_time(second), crypto:strong_rand_bytes(4)}.\n' >"$TMP/cr.erl"
check cap-refused 2 "remote call rand:uniform/1 is not declared: needs the random capability \\(grant it: hl run --grant random" err run "$TMP/cr.erl" main
check cap-clocks-only 2 "needs the random capability" err run --grant clocks "$TMP/cr.erl" main
check cap-unknown 2 'grant disks: unknown capability "disks"' err run --grant disks "$TMP/cr.erl" main
check cap-files-only 2 "needs the random capability" err run --grant files "$TMP/cr.erl" main
check cap-granted 0 '^\[([0-9]+,){4}[0-9]+\]$' out run --grant clocks --grant=random "$TMP/cr.erl" main
check det-epoch 0 '^\{\{\{2000,1,1\},\{0,0,0\}\},946684800,<<' out run --deterministic=3 "$TMP/cr.erl" main
"$HL" run --deterministic=3 "$TMP/cr.erl" main >"$TMP/det1" 2>&1
"$HL" run --deterministic=3 "$TMP/cr.erl" main >"$TMP/det2" 2>&1
"$HL" run --deterministic=4 "$TMP/cr.erl" main >"$TMP/det3" 2>&1
if cmp -s "$TMP/det1" "$TMP/det2" && ! cmp -s "$TMP/det1" "$TMP/det3"; then pass=$((pass + 1)); else
    echo "FAIL cli det-replay"; cat "$TMP/det1" "$TMP/det2" "$TMP/det3"; fail=$((fail + 1)); fi

# The external-format builtins' limits: binary_to_term capped per call, term_to_binary past 16 MiB (system_limit) (erl helper).
E="$DIR/probes/erl_limits.erl"
for f in t2b_huge t2b_compressed_huge b2t_huge b2t_inflate_huge; do
    check "erl-$f" 1 '^\*\* exception error: system_limit' err run "$E" $f
done

# The queued programs and probes, all at once, then their checks in order.
jobs_run || { echo "FAIL: the job runner failed"; fail=$((fail + 1)); }
for id in "${!q_kind[@]}"; do
    "check_${q_kind[id]}" "${q_name[id]}" "${q_arg[id]}" "$id"
done

echo "conformance: $pass passed, $fail failed"
[ $fail -eq 0 ]
