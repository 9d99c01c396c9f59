#!/usr/bin/env bash
# tests/oracle/behaviours_on_erl/run.sh — runs OUR lib/gen_server.erl,
# lib/supervisor.erl and lib/proc_lib.erl under real Erlang/OTP 25 against
# the committed tests/conformance_otp expectations, to check the Erlang of
# the behaviours apart from our VM. The modules (and the programs' calls to
# them) are renamed h* so they do not clash with OTP's own; hgen.erl stands
# in for lib/gen.erl (the contract of docs/behaviours.md), hshim.erl for the
# erlang:hl_* builtins. Crash-report lines are dropped. Needs erl/escript.
# Usage: bash run.sh [NAME-GLOB]     (e.g. 'sup_*'; default: every program)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
ren() {
    sed -e 's/\bgen_server:/hgen_server:/g; s/\bsupervisor:/hsupervisor:/g; s/\bproc_lib:/hproc_lib:/g' \
        -e 's/-module(gen_server)/-module(hgen_server)/; s/-module(supervisor)/-module(hsupervisor)/; s/-module(proc_lib)/-module(hproc_lib)/' \
        -e 's/{supervisor, start_link/{hsupervisor, start_link/g; s/{gen_server, start_link/{hgen_server, start_link/g' \
        -e 's/start_fun(supervisor,/start_fun(hsupervisor,/; s/start_fun(gen_server,/start_fun(hgen_server,/; s/start_fun(proc_lib,/start_fun(hproc_lib,/' \
        -e 's/\bgen:/hgen:/g; s/erlang:hl_export_fun/hshim:export_fun/g; s/erlang:hl_proc_set_starter/hshim:set_starter/g; s/erlang:hl_proc_starter/hshim:starter/g' \
        -e 's/To ! {Tag, Reply}/hgen:reply({To, Tag}, Reply)/g; s/reply(From, Reply)/hgen:reply(From, Reply)/' -e 's/-behaviour(supervisor)\.//; s/-behaviour(gen_server)\.//; s/io:put_chars(\["=ERROR REPORT/hshim:report(["=ERROR REPORT/' "$@"
}
mkdir "$TMP/lib" "$TMP/t" "$TMP/out"
for m in gen_server supervisor proc_lib; do ren "$SRC/lib/$m.erl" >"$TMP/lib/h$m.erl"; done
cp "$HERE/hgen.erl" "$HERE/hshim.erl" "$TMP/lib/"
(cd "$TMP/lib" && erlc *.erl 2>&1 | grep -v 'Warning\|^%' | grep .)
for f in "$SRC"/tests/conformance_otp/${1:-*}.erl; do
    case $(basename "$f") in gs_*|sup_*) ren "$f" >"$TMP/t/$(basename "$f")" ;; esac
done
ERL_FLAGS="-pa $TMP/lib" escript "$SRC/tests/oracle/conformance_proc.escript" --outdir "$TMP/out" "$TMP"/t/*.erl 2>&1 | grep -v '^ *$' | head -20
pass=0; fail=0
for e in "$TMP"/out/*.expected; do
    n=$(basename "$e")
    if cmp -s "$e" "$SRC/tests/conformance_otp/$n"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL $n"; diff "$SRC/tests/conformance_otp/$n" "$e" | head -8; fi
done
echo "behaviours on erl: $pass passed, $fail differ"
