#!/usr/bin/env bash
# tests/cli/run.sh HL SRC — the `hl` command's contract (docs/design.md §5): help
# texts, exit codes, and diagnostics for unreadable or rejected files.
set -u
hl=$1
src=$2
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect NAME WANT_EXIT STDOUT_GREP STDERR_GREP -- ARGS...
expect() {
  local name=$1 want=$2 out_re=$3 err_re=$4
  shift 5
  "$hl" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  local ok=1
  [ "$got" -eq "$want" ] || ok=0
  [ -z "$out_re" ] || grep -qE -- "$out_re" "$tmp/out" || ok=0
  [ -z "$err_re" ] || grep -qE -- "$err_re" "$tmp/err" || ok=0
  if [ $ok -eq 1 ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name: exit $got (want $want)"
    echo "  stdout: $(head -c 400 "$tmp/out")"
    echo "  stderr: $(head -c 400 "$tmp/err")"
  fi
}

expect help 0 '^usage: hl COMMAND' '' -- --help
expect help-short 0 'commands:' '' -- -h
expect help-check 0 '^usage: hl check' '' -- check --help
expect help-topic 0 '^usage: hl parse' '' -- help parse
expect version 0 '^hl [0-9]+\.[0-9]+\.[0-9]+' '' -- --version
expect no-command 2 '' 'missing COMMAND' --
expect unknown-command 2 '' 'unknown command' -- frobnicate
expect check-no-files 2 '' 'needs at least one FILE' -- check
expect check-missing-file 2 '' "^$tmp/nope.erl: error: cannot read: No such file" -- check "$tmp/nope.erl"
expect check-directory 2 '' "cannot read" -- check "$tmp"
expect parse-no-dump 2 '' 'needs --dump' -- parse "$src/examples/fib.erl"
expect parse-bad-option 2 '' 'unknown option' -- parse --frob "$src/examples/fib.erl"

# Rejected source: exit 2 and a located diagnostic on stderr.
printf -- '-module(m).\n-include("x.hrl").\n' >"$tmp/inc.erl"
expect check-include 2 '' "^$tmp/inc.erl:2:[0-9]+: error: " -- check "$tmp/inc.erl"
# Every file is checked even after a rejection; exit 2 overall.
expect check-several 2 '' "^$tmp/inc.erl:2:" -- check "$tmp/inc.erl" "$src/examples/fib.erl"
# Binary garbage is a diagnostic, not a crash.
head -c 4096 /dev/urandom >"$tmp/garbage.erl"
expect check-garbage 2 '' "^$tmp/garbage.erl:[0-9]+:[0-9]+: error: " -- check "$tmp/garbage.erl"
# The accepted examples.
# (examples/ring.erl spawns: checked with the grant it runs with)
expect check-examples 0 '' '' -- check --grant processes "$src"/examples/*.erl
expect check-examples-ungranted 2 '' 'ring.erl:11:10: error: call to erlang:self/0 is not declared: needs the processes capability' -- check "$src"/examples/ring.erl
expect check-grant-unknown 2 '' 'no such capability' -- check --grant nope "$src"/examples/ring.erl
# stdin as -.
"$hl" check - <"$src/examples/fib.erl" >/dev/null 2>&1 && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL check-stdin"; }

# hl run prints what the program wrote (io:format, ...) on stdout first, in
# every outcome: before the result, and before the error on stderr.
cat >"$tmp/out.erl" <<'ERL'
-module(out).
-export([ok/0, boom/0, spin/0, flood/1, exact/1]).
ok() -> io:format("hello ~w~n", [world]), io:put_chars(<<"ж"/utf8>>), {done, 1}.
boom() -> io:format("before~n"), erlang:error(oops).
spin() -> io:format("spinning~n"), spin_loop().
spin_loop() -> spin_loop().
flood(N) -> io:put_chars(lists:duplicate(N, $x)), flood(N).
exact(N) -> io:put_chars(lists:duplicate(N, $y)), done.
ERL
# same_stream NAME WANT_EXIT WANT_TEXT ARGS...: stdout then stderr, exactly
same_stream() {
  local name=$1 want=$2 text=$3
  shift 3
  "$hl" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -eq "$want" ] && [ "$(cat "$tmp/out" "$tmp/err")" = "$text" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name: exit $got (want $want)"
    echo "  stdout: $(head -c 400 "$tmp/out")"
    echo "  stderr: $(head -c 400 "$tmp/err")"
  fi
}
same_stream run-output-ok 0 "$(printf 'hello world\nж{done,1}')" run "$tmp/out.erl" ok
same_stream run-output-exception 1 "$(printf 'before\n** exception error: oops\n     in out:boom/0 (line 4)')" run "$tmp/out.erl" boom
same_stream run-output-limit 3 "$(printf 'spinning\nhl: limit exceeded: reductions: used 10000 reductions; the limit (--max-reductions) is 10000')" \
  run --max-reductions 10000 "$tmp/out.erl" spin
# the output cap: a write past it stops the run (exit 3, "output") and keeps
# what fitted; exactly the cap is fine. The error starts on a line of its
# own (a newline ends the partial output's last line).
same_stream run-output-cap 3 "$(printf 'xxxxxxxxxxxxxxxxxxxxxxxxx\nhl: limit exceeded: output: wrote 25 bytes of output and tried to write more; the limit (--max-output-bytes) is 25')" \
  run --max-output-bytes 25 "$tmp/out.erl" flood 10
same_stream run-output-cap-exact 0 "$(printf 'yyyyyyyyyydone')" run --max-output-bytes 10 "$tmp/out.erl" exact 10
expect run-output-cap-over 3 '^yyyyyyyyyy$' 'limit exceeded: output' -- run --max-output-bytes 10 "$tmp/out.erl" exact 11
expect run-output-default-cap 3 '' 'limit exceeded: output' -- run --timeout-ms 60000 --max-reductions 100000000 "$tmp/out.erl" flood 100000
expect run-output-bad-cap 2 '' 'positive integer' -- run --max-output-bytes 0 "$tmp/out.erl" ok
expect run-help-output 0 'max-output-bytes' '' -- run --help

# Programs of several modules (hl run FILE MORE.erl... FUNCTION, hl check
# --program): a call into another module sees only its exports; module
# names are distinct and not the stdlib's.
printf -- '-module(ma).\n-export([main/0]).\nmain() -> mb:f(20) + 1.\n' >"$tmp/ma.erl"
printf -- '-module(md).\n-export([main/1]).\nmain(X) -> mb:hidden(X).\n' >"$tmp/md.erl"
printf -- '-module(mb).\n-export([f/1]).\nf(X) -> 2 * X.\nhidden(X) -> X.\n' >"$tmp/mb.erl"
printf -- '-module(ma).\n-export([g/0]).\ng() -> 1.\n' >"$tmp/ma2.erl"
printf -- '-module(lists).\n-export([g/0]).\ng() -> 1.\n' >"$tmp/lists.erl"
printf -- '-module(mc).\n-export([main/0]).\nmain() -> mb:f(1).\n' >"$tmp/mc.erl"
expect run-multi 0 '^41$' '' -- run "$tmp/ma.erl" "$tmp/mb.erl" main
expect run-multi-args 0 '^2$' '' -- run "$tmp/mc.erl" "$tmp/mb.erl" "$tmp/ma.erl" main
expect run-multi-hidden 2 '' 'remote call mb:hidden/1 is not declared \(the module does not export it\)' -- \
  run "$tmp/md.erl" "$tmp/mb.erl" main 1
expect run-multi-missing 2 '' 'remote call mb:f/1 is not declared' -- run "$tmp/ma.erl" main
expect run-multi-duplicate 2 '' "module 'ma' is already defined by" -- run "$tmp/ma.erl" "$tmp/ma2.erl" "$tmp/mb.erl" main
expect run-multi-stdlib-name 2 '' "has the name of a stdlib module" -- run "$tmp/mc.erl" "$tmp/lists.erl" "$tmp/mb.erl" main
expect check-program 2 '' 'mb:hidden/1' -- check --program "$tmp/md.erl" "$tmp/mb.erl"
expect check-program-ok 0 '' '' -- check --program "$tmp/mc.erl" "$tmp/mb.erl"
expect check-program-alone 2 '' 'remote call mb:f/1 is not declared' -- check "$tmp/mc.erl" "$tmp/mb.erl"
expect run-help-multi 0 'MORE.erl' '' -- run --help
# the README's main job runs this example (output checked against erl)
expect run-example-multi 0 '^\{total,"6\.73"\}$' '' -- \
  run "$src/examples/multi/shop.erl" "$src/examples/multi/pricing.erl" main
# Headers: the only files -include can name are those on the command line
# (hl check: .hrl arguments; hl run: --header), never the file system.
mkdir -p "$tmp/hdr/include"
printf -- '-define(GREETING, "hi").\n-record(pt, {x = 1}).\nfrom_header() -> ?LINE.\n' >"$tmp/hdr/defs.hrl"
printf -- '-define(TWICE(X), {X, X}).\n' >"$tmp/hdr/include/more.hrl"
printf -- '-module(usehdr).\n-export([main/0]).\n-include("defs.hrl").\n-include_lib("app/include/more.hrl").\nmain() -> {?GREETING, #pt{}, ?TWICE(?LINE), from_header(), ?FILE}.\n' >"$tmp/hdr/usehdr.erl"
expect check-header 0 '' '' -- check "$tmp/hdr/usehdr.erl" "$tmp/hdr/defs.hrl" "$tmp/hdr/include/more.hrl"
expect check-header-missing 2 '' 'usehdr.erl:3:10: error: can.t find include file "defs.hrl"' -- check "$tmp/hdr/usehdr.erl"
expect run-header 0 "^\{\"hi\",\{pt,1\},\{5,5\},3,\"$tmp/hdr/usehdr.erl\"\}$" '' -- \
  run --header "$tmp/hdr/defs.hrl" --header="$tmp/hdr/include/more.hrl" "$tmp/hdr/usehdr.erl" main
expect run-header-missing 2 '' 'can.t find include lib "app/include/more.hrl"' -- \
  run --header "$tmp/hdr/defs.hrl" "$tmp/hdr/usehdr.erl" main
expect run-header-unreadable 2 '' 'cannot read' -- run --header "$tmp/nope.hrl" "$tmp/hdr/usehdr.erl" main
# an error inside a header is located at the -include, the header's own
# position in the message
printf -- '-define(BAD, ).\nbroken( -> ok.\n' >"$tmp/hdr/bad.hrl"
printf -- '-module(badhdr).\n-include("bad.hrl").\n' >"$tmp/hdr/badhdr.erl"
expect check-header-error 2 '' 'badhdr.erl:2:2: error: syntax error before' -- check "$tmp/hdr/badhdr.erl" "$tmp/hdr/bad.hrl"
# a header that includes itself stops at the include depth
printf -- '-include("self.hrl").\n' >"$tmp/hdr/self.hrl"
printf -- '-module(selfinc).\n-include("self.hrl").\n' >"$tmp/hdr/selfinc.erl"
expect check-header-recursive 2 '' 'include too deep' -- check "$tmp/hdr/selfinc.erl" "$tmp/hdr/self.hrl"

# Atoms from the command line need not appear in the program (docs/embedding.md,
# "Atoms from the host"): they live for the run; list_to_existing_atom sees them.
printf -- '-module(ha).\n-export([id/1, name/1, ex/2]).\nid(X) -> X.\nname(X) -> atom_to_list(X).\nex(_, S) -> list_to_existing_atom(S).\n' >"$tmp/ha.erl"
expect run-host-atom 0 '^hello$' '' -- run "$tmp/ha.erl" id hello
expect run-host-atom-tuple 0 '^\{hello,\[world,hello\]\}$' '' -- run "$tmp/ha.erl" id '{hello, [world, hello]}'
expect run-host-atom-name 0 '^"hello"$' '' -- run "$tmp/ha.erl" name hello
expect run-host-atom-existing 0 '^hello$' '' -- run "$tmp/ha.erl" ex hello '"hello"'
expect run-host-atom-not-existing 1 '' 'exception error: badarg' -- run "$tmp/ha.erl" ex 1 '"hello"'
expect run-help-host-atoms 0 'need not appear' '' -- run --help

# A CLI that explains itself (issue 17 item 9).
# --help lists every command, and `hl help COMMAND` each one's usage.
for c in run check builtins parse help; do
  expect "help-lists-$c" 0 "^  $c( |\$)" '' -- --help
done
expect help-run-topic 0 '^usage: hl run' '' -- help run
expect help-builtins-topic 0 '^usage: hl builtins' '' -- help builtins
# unknown commands, options and help topics are named, with the closest match
expect unknown-command-named 2 '' "unknown command 'rnu' \(did you mean run\?\)" -- rnu
expect unknown-command-far 2 '' "^hl: unknown command 'frobnicate'\$" -- frobnicate
expect unknown-main-option 2 '' "unknown option '--verison' \(did you mean --version\?\)" -- --verison
expect help-bad-topic 2 '' "no help for 'BAD'" -- help BAD
expect help-near-topic 2 '' "no help for 'chek' \(did you mean check\?\)" -- help chek
expect run-unknown-option-named 2 '' "run: unknown option '--max-reductons' \(did you mean --max-reductions\?\)" -- \
  run --max-reductons 5 "$tmp/out.erl" ok
expect run-unknown-option-eq 2 '' "unknown option '--timeout=5' \(did you mean --timeout-ms\?\)" -- \
  run --timeout=5 "$tmp/out.erl" ok
expect parse-unknown-option-named 2 '' "parse: unknown option '--dmp' \(did you mean --dump\?\)" -- parse --dmp x.erl
expect check-unknown-option-named 2 '' "check: unknown option '--progam' \(did you mean --program\?\)" -- check --progam x.erl
expect check-program-late 2 '' "--program must come before the FILEs" -- check "$tmp/mb.erl" --program
# options come before FILE: one after it is refused with a hint, unless -- came first
expect run-option-after-file 2 '' "run: option '--max-reductions' after FILE: options go before FILE" -- \
  run "$tmp/out.erl" ok --max-reductions 5
expect run-help-after-file 2 '' "option '-h' after FILE" -- run "$tmp/out.erl" ok -h
expect run-dashdash-then-arg 2 '' 'argument 1 \(--max-reductions\): error' -- run -- "$tmp/ha.erl" id --max-reductions
expect run-dashdash 0 '\{done,1\}$' '' -- run -- "$tmp/out.erl" ok
expect run-negative-arg 0 '^-5$' '' -- run "$tmp/ha.erl" id -5
# the help's example arguments work as shown (atoms and tuples from the host)
expect run-help-atom-foo 0 '^foo$' '' -- run "$tmp/ha.erl" id foo
expect run-help-tuple 0 '^\{a,1\}$' '' -- run "$tmp/ha.erl" id '{a,1}'
expect run-help-map 0 '^#\{k => v\}$' '' -- run "$tmp/ha.erl" id '#{k => v}'
# every `hl run` example line of the help runs as printed (from the source tree)
"$hl" help run | sed -n 's/^  hl run /run /p' >"$tmp/examples"
[ -s "$tmp/examples" ] || { fail=$((fail + 1)); echo "FAIL help-run-examples: none found"; }
while read -r line; do
  if (cd "$src" && eval "\"\$hl\" $line" >/dev/null 2>"$tmp/err"); then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL help-run-example: hl $line: $(head -c 300 "$tmp/err")"; fi
done <"$tmp/examples"
# a limit names its flag, what the run used and the limit (default or given)
expect run-limit-default 3 '' '^hl: limit exceeded: reductions: used 10000000 reductions; the limit \(--max-reductions, default\) is 10000000$' -- \
  run --timeout-ms 600000 "$tmp/out.erl" spin
expect run-limit-deadline 3 '' '^hl: limit exceeded: deadline: ran for [0-9]+ ms; the limit \(--timeout-ms\) is 50$' -- \
  run --timeout-ms 50 --max-reductions 100000000000 "$tmp/out.erl" spin
expect run-limit-heap 3 '' '^hl: limit exceeded: heap: needed more than 200000 bytes of heap; the limit \(--max-heap-bytes\) is 200000$' -- \
  run --max-heap-bytes 200000 "$tmp/out.erl" exact 1000000
# an error after output that does not end its line starts on a line of its own
printf -- '-module(glue).\n-export([boom/0]).\nboom() -> io:put_chars("partial"), erlang:error(oops).\n' >"$tmp/glue.erl"
same_stream run-error-own-line 1 "$(printf 'partial\n** exception error: oops\n     in glue:boom/0 (line 3)')" run "$tmp/glue.erl" boom
# a FUNCTION not exported with that arity: undef, with what is exported
expect run-undef-arity 1 '' '^hl: undef: ha:id/2 is not exported; id/1 is$' -- run "$tmp/ha.erl" id 1 2
expect run-undef-name 1 '' '^hl: undef: ha:nope/0 is not exported; the module exports id/1, name/1, ex/2$' -- run "$tmp/ha.erl" nope
expect run-undef-local 1 '' 'mb:hidden/1 is not exported \(it is defined but not in -export\); the module exports f/1$' -- run "$tmp/mb.erl" hidden 1
expect run-undef-exception 1 '' '^\*\* exception error: undef$' -- run "$tmp/ha.erl" id

# A refused call says why: forbidden in the sandbox, not implemented in this
# version (an OTP module or function we lack), or a binding not granted.
refused() { printf -- '-module(r).\n-export([f/1]).\nf(X) -> %s.\n' "$1" >"$tmp/r.erl"; }
refused 'os:cmd(X)'
expect refuse-os 2 '' 'remote call os:cmd/1 is not declared: forbidden in the sandbox \(no access to the operating system\)$' -- check "$tmp/r.erl"
refused 'file:read_file(X)'
expect refuse-file 2 '' 'file:read_file/1 is not declared: needs the files capability \(grant it: hl run --grant files, or a directory: --mount HOST:GUEST' -- check "$tmp/r.erl"
refused 'prim_file:read_file(X)'
expect refuse-prim-file 2 '' 'prim_file:read_file/1 is not declared: forbidden in the sandbox \(no file system: files need a mount' -- check "$tmp/r.erl"
refused 'spawn(X)'
expect refuse-spawn 2 '' 'call to erlang:spawn/1 is not declared: needs the processes capability \(grant it: hl run --grant processes' -- check "$tmp/r.erl"
refused 'crypto:hash(sha256, X)'
expect refuse-absent-module 2 '' 'crypto:hash/2 is not declared: not implemented in this version \(no crypto module yet\)$' -- check "$tmp/r.erl"
refused 'lists:map(X)'
expect refuse-absent-arity 2 '' 'lists:map/1 is not declared: not implemented in this version \(lists here has map/2, not map/1\)$' -- check "$tmp/r.erl"
refused 'string:frobnicate(X)'
expect refuse-absent-function 2 '' 'string:frobnicate/1 is not declared: not implemented in this version \(string here has no frobnicate/1; `hl builtins string` lists what it has\)$' -- check "$tmp/r.erl"
refused 'pricing_db:lookup(X)'
expect refuse-binding 2 '' "pricing_db:lookup/1 is not declared: binding not granted \(no module 'pricing_db' in this program or the stdlib" -- check "$tmp/r.erl"
expect run-refuse-binding 2 '' "binding not granted" -- run "$tmp/r.erl" f 1

# A behaviour's crash report is one line of the run's output (docs/behaviours.md)
cat >"$tmp/gsr.erl" <<'ERL'
-module(gsr).
-export([main/0, init/1, handle_info/2, start_child/0]).
main() ->
    {ok, P} = gen_server:start({local, gsr_srv}, ?MODULE, [], []),
    R = monitor(process, P),
    P ! boom,
    {'DOWN', R, process, P, kaboom} = receive D -> D end,
    process_flag(trap_exit, true),
    {ok, S} = supervisor:start_link({local, gsr_sup}, ?MODULE, sup),
    receive {'EXIT', S, Why} -> Why end.
start_child() -> gen_server:start_link({local, gsr_child}, ?MODULE, child, []).
init(sup) -> {ok, {#{intensity => 0}, [#{id => w, start => {?MODULE, start_child, []}}]}};
init(child) -> {ok, s, 0};
init([]) -> {ok, s}.
handle_info(_, _) -> exit(kaboom).
ERL
"$hl" run --grant processes "$tmp/gsr.erl" main >"$tmp/gsr.out" 2>&1
printf '%s\n' '=ERROR REPORT==== gen_server gsr_srv terminating: kaboom' \
  '=ERROR REPORT==== gen_server gsr_child terminating: kaboom' \
  '=ERROR REPORT==== supervisor {local,gsr_sup} child_terminated: kaboom child w' \
  '=ERROR REPORT==== supervisor {local,gsr_sup} shutdown: reached_max_restart_intensity child w' \
  'shutdown' >"$tmp/gsr.want"
cmp -s "$tmp/gsr.out" "$tmp/gsr.want" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL run-behaviour-reports:"; cat "$tmp/gsr.out"; }

# hl builtins lists what a guest may call, from the compiler's table
expect builtins-modules 0 '^lists +[0-9]+$' '' -- builtins
expect builtins-erlang-count 0 '^erlang +[0-9]+$' '' -- builtins
expect builtins-lists 0 '^map/2$' '' -- builtins lists
expect builtins-auto 0 '^abs/1 \[auto\] \[guard\]$' '' -- builtins erlang
expect builtins-operator 0 "^'div'/2 \[guard\]$" '' -- builtins erlang
expect builtins-unknown 2 '' "'list' is not a module a guest may call \(did you mean lists\?\)" -- builtins list
expect builtins-forbidden 2 '' "'prim_file' is not a module a guest may call" -- builtins prim_file
expect builtins-capability 0 '^read_file/1 \[capability\]$' '' -- builtins file
expect builtins-two 2 '' 'at most one MODULE' -- builtins lists maps
expect builtins-help 0 '^usage: hl builtins' '' -- builtins --help
for gone in 'list_to_atom/1' 'hl_sort_run/1'; do
  "$hl" builtins erlang | grep -qxF -- "$gone" && { fail=$((fail + 1)); echo "FAIL builtins lists $gone"; } || pass=$((pass + 1))
done
# a capability's functions are listed with their mark
for capfun in 'spawn/1 [auto] [capability]' 'self/0 [auto] [guard] [capability]'; do
  "$hl" builtins erlang | grep -qxF -- "$capfun" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL builtins: no '$capfun'"; }
done
# everything listed without a capability mark is callable without a grant:
# one module calls every such function
{
  printf -- '-module(everything).\n-export([f/1]).\nf(X) -> [\n'
  first=1
  for m in $("$hl" builtins | awk 'NR > 1 && NF == 2 {print $1}'); do
    "$hl" builtins "$m" | grep -vF '[capability]' | sed 's/ \[.*//' | while read -r fa; do
      fn=${fa%/*} ar=${fa##*/}
      args=$(for ((k = 0; k < ar; k++)); do printf 'X,'; done)
      printf '  fun() -> %s:%s(%s) end,\n' "$m" "$fn" "${args%,}"
    done
  done
  printf '  X].\n'
} >"$tmp/everything.erl"
expect builtins-all-callable 0 '' '' -- check "$tmp/everything.erl"
n_listed=$(grep -c 'fun() ->' "$tmp/everything.erl")
[ "$n_listed" -gt 500 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL builtins: only $n_listed listed"; }

# The manual (docs/hl.1) names every command and every option of every help
# text, and groff reads it without a warning.
man_text=$(sed 's/\\-/-/g' "$src/docs/hl.1")
for topic in "" run check builtins parse serve help; do
  if [ -z "$topic" ]; then "$hl" --help; else "$hl" help "$topic"; fi
done >"$tmp/helps"
for word in run check builtins parse serve help $(grep -oE '(^|[ [])--[a-z][a-z0-9-]*' "$tmp/helps" | tr -d ' [' | sort -u); do
  if grep -qF -- "$word" <<<"$man_text"; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL man page: $word (in --help) is not in docs/hl.1"; fi
done
if command -v groff >/dev/null; then
  warnings=$(groff -man -ww -z "$src/docs/hl.1" 2>&1)
  [ -z "$warnings" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL man page: groff: $warnings"; }
fi

# gen_statem's one-line crash reports (docs/behaviours.md, §5) on stdout,
# where OTP's logger would print its report: an abnormal stop by name and by
# pid, a crash in init/1; a normal or shutdown stop prints none.
cat >"$tmp/st.erl" <<'ERL'
-module(st).
-export([main/0, init/1, callback_mode/0, handle_event/4]).
main() ->
    {ok, {P, R}} = gen_statem:start_monitor({local, st_named}, ?MODULE, ok, []),
    gen_statem:cast(st_named, {stop, {bad, [1, 2]}}),
    receive {'DOWN', R, _, _, _} -> ok end,
    {ok, P2} = gen_statem:start(?MODULE, ok, []),
    ok = gen_statem:stop(P2, {shutdown, fine}, infinity),
    {error, oops} = gen_statem:start(?MODULE, crash, []),
    is_pid(P).
init(ok) -> {ok, s, d};
init(crash) -> error(oops).
callback_mode() -> handle_event_function.
handle_event(cast, {stop, Why}, _, _) -> {stop, Why}.
ERL
same_stream statem-report 0 "=ERROR REPORT==== gen_statem st_named terminating: {bad,[1,2]}
=ERROR REPORT==== gen_statem <0.4.0> terminating: oops
true" run --grant processes "$tmp/st.erl" main
# gen_event's one-line crash reports (docs/behaviours.md, §6-7): a handler
# that crashes, and a manager that exits with a reason other than normal
cat >"$tmp/evrep.erl" <<'EOF'
-module(evrep).
-export([main/0, init/1, handle_event/2, handle_call/2]).
init(S) -> {ok, S}.
handle_event(boom, _) -> exit({boom, 1});
handle_event(_, S) -> {ok, S}.
handle_call(_, S) -> {ok, S, S}.
main() ->
    {ok, M} = gen_event:start({local, evrep_mgr}),
    ok = gen_event:add_handler(M, {evrep, h}, x),
    ok = gen_event:sync_notify(M, boom),
    {ok, M2} = gen_event:start(),
    ok = gen_event:add_handler(M2, evrep, y),
    ok = gen_event:stop(M2, {custom, reason}, infinity),
    done.
EOF
expect event-report-handler 0 '^=ERROR REPORT==== gen_event evrep_mgr handler \{evrep,h\} terminating: \{boom,1\}$' '' -- run --grant processes "$tmp/evrep.erl" main
expect event-report-manager 0 '^=ERROR REPORT==== gen_event <0\.[0-9]+\.0> terminating: \{custom,reason\}$' '' -- run --grant processes "$tmp/evrep.erl" main
expect event-needs-processes 2 '' 'remote call gen_event:start/1 is not declared: needs the processes capability' -- check "$tmp/evrep.erl"
cat >"$tmp/tmtc.erl" <<'EOF'
-module(tmtc).
-export([main/0]).
main() -> {timer:seconds(1), timer:tc(fun() -> ok end)}.
EOF
expect timer-tc-needs-clocks 2 '' 'remote call timer:tc/1 is not declared: needs the clocks capability' -- run --grant processes "$tmp/tmtc.erl" main

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
