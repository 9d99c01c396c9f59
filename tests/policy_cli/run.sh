#!/usr/bin/env bash
# tests/policy_cli/run.sh HL SRC — `hl run`'s policy and JSON options
# (docs/policy.md, docs/embedding.md): --policy (limits applied, flags may
# only lower them, located errors), --grant, mounts and --mount (with
# --deterministic: a replay over read-only mounts), --json
# (one JSON object per outcome, checked with python3's json), --json-args,
# host atoms as arguments, and docs/policy.md's examples against
# docs/policy.schema.json (python3-jsonschema).
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

# json_check NAME PYTHON_EXPR: stdout of the last expect is one JSON object J
# (and nothing else) for which the expression is true.
json_check() {
  local name=$1 expr=$2
  if python3 -c "
import json, sys
text = open('$tmp/out').read()
assert text.endswith('\n') and text.count('\n') == 1, 'not one line'
J = json.loads(text)
sys.exit(0 if ($expr) else 1)" 2>"$tmp/py"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name: $(cat "$tmp/py") stdout: $(head -c 600 "$tmp/out")"
  fi
}

cat >"$tmp/t.erl" <<'ERL'
-module(t).
-export([f/1, g/0, loop/0, m/1, boom/0, say/0]).
f(X) -> io:format("hi ~p~n", [X]), {ok, X}.
g() -> #{<<"a">> => [1, 2.5, true, null, <<"x">>], <<"big">> => 1 bsl 70}.
loop() -> loop().
m(M) -> maps:get(<<"k">>, M).
boom() -> io:format("before~n"), error({bad, 42}).
say() -> io:format("~s~n", [lists:duplicate(50, $x)]).
ERL

cat >"$tmp/p.json" <<'JSON'
{
  "version": 1,
  "limits": {"run": {"max_reductions": 5000, "timeout_ms": 2000}},
  "output": {"max_bytes": 20},
  "capabilities": ["processes"]
}
JSON

# --policy: its limits apply; a flag may lower them, never raise them
expect policy-reductions 3 '' 'limit exceeded: reductions' -- run --policy "$tmp/p.json" "$tmp/t.erl" loop
expect policy-raise 2 '' "max_reductions 9000 is above the policy's 5000" -- run --policy "$tmp/p.json" --max-reductions 9000 "$tmp/t.erl" loop
expect policy-lower 3 '' 'limit exceeded: reductions' -- run --max-reductions=100 --policy="$tmp/p.json" "$tmp/t.erl" loop
expect policy-output 3 '' 'limit exceeded: output' -- run --policy "$tmp/p.json" "$tmp/t.erl" say
expect policy-ok 0 '^\{ok,3\}$' '' -- run --policy "$tmp/p.json" "$tmp/t.erl" f 3
# headers still reach the compile, before or after --policy
printf -- '-define(N, 41).\n' >"$tmp/n.hrl"
printf -- '-module(inc).\n-export([f/0]).\n-include("n.hrl").\nf() -> ?N + 1.\n' >"$tmp/inc.erl"
expect policy-header 0 '^42$' '' -- run --header "$tmp/n.hrl" --policy "$tmp/p.json" "$tmp/inc.erl" f
expect policy-header-after 0 '^42$' '' -- run --policy "$tmp/p.json" --header "$tmp/n.hrl" "$tmp/inc.erl" f
# a bad document: located, with the path and a hint
printf '{\n  "limits": {\n    "run": {"max_reductionz": 5}\n  }\n}\n' >"$tmp/bad.json"
expect policy-unknown-key 2 '' "^$tmp/bad.json:3:13: error: \\\$\\.limits\\.run\\.max_reductionz: unknown key \\(did you mean \"max_reductions\"\\?\\)" -- run --policy "$tmp/bad.json" "$tmp/t.erl" loop
printf '{"limits": {"run": {"max_reductions": 5,}}}' >"$tmp/bad2.json"
expect policy-syntax 2 '' "^$tmp/bad2.json:1:41: error: " -- run --policy "$tmp/bad2.json" "$tmp/t.erl" loop
expect policy-missing 2 '' "cannot read the policy" -- run --policy "$tmp/nope.json" "$tmp/t.erl" loop
# mounts: validated, opened at each run (a directory that is not there is named)
printf '{"mounts": [{"host": "/nonexistent/hl-data", "guest": "/data", "mode": "ro"}]}' >"$tmp/m.json"
expect policy-mounts 2 '' 'mount /data: cannot open the host directory /nonexistent/hl-data' -- run --policy "$tmp/m.json" "$tmp/t.erl" f 1
# a policy's mount, with a quota (docs/files.md), and --mount beside it
mkdir -p "$tmp/pm" "$tmp/more"
printf 'hi' >"$tmp/more/m.txt"
printf '{"mounts": [{"host": "%s/pm", "guest": "/w", "mode": "rw", "quota": {"bytes_written": 3}}],\n "limits": {"run": {"max_reductions": 50000}}}' "$tmp" >"$tmp/pm.json"
printf -- '-module(w).\n-export([w/0]).\nw() -> {file:write_file("/w/a", <<"abc">>), file:write_file("/w/b", <<"d">>), file:read_file("/more/m.txt")}.\n' >"$tmp/w.erl"
expect policy-mount-quota 0 '^\{ok,\{error,enospc\},\{error,enoent\}\}$' '' -- run --policy "$tmp/pm.json" "$tmp/w.erl" w
expect policy-and-mount 0 '^\{ok,\{error,enospc\},\{ok,<<"hi">>\}\}$' '' -- run --policy "$tmp/pm.json" --mount "$tmp/more:/more" "$tmp/w.erl" w
# --mount alone: the flags are the run's limits, not capped by a policy
expect mount-flags 0 '^\{ok,' '' -- run --max-reductions 20000000 --mount "$tmp/pm:/w:rw" --mount "$tmp/more:/more:ro" "$tmp/w.erl" w
expect mount-bad-spec 2 '' 'expected HOST:GUEST\[:ro\|rw\] with GUEST absolute' -- run --mount "$tmp/pm" "$tmp/w.erl" w
expect mount-bad-mode 2 '' 'the mode is ro or rw' -- run --mount "$tmp/pm:/w:rwx" "$tmp/w.erl" w
expect mount-missing 2 '' 'cannot open the directory' -- run --mount "$tmp/nope:/w" "$tmp/w.erl" w
# --deterministic over read-only mounts (docs/files.md): the files read are
# inputs, so the same files replay the run (its result holds the virtual
# clock, i.e. the reductions used); another content, another run; the old
# content, the old run. A read-write mount is refused with the profile.
printf -- '-module(dr).\n-export([r/0]).\nr() -> {ok, B} = file:read_file("/more/m.txt"), {ok, L} = file:list_dir("/more"),\n  {B, L, [rand:uniform(100) + 1000 || _ <- L], erlang:monotonic_time()}.\n' >"$tmp/dr.erl"
expect det-mount 0 '^\{<<"hi">>,\["m.txt"\],\[[0-9]+\],[0-9]+\}$' '' -- run --deterministic=5 --mount "$tmp/more:/more" "$tmp/dr.erl" r
cp "$tmp/out" "$tmp/det1"
expect det-mount-replay 0 '' '' -- run --deterministic=5 --mount "$tmp/more:/more:ro" "$tmp/dr.erl" r
cmp -s "$tmp/out" "$tmp/det1" || { fail=$((fail + 1)); echo "FAIL det-mount-replay: $(cat "$tmp/out") vs $(cat "$tmp/det1")"; }
printf 'hello' >"$tmp/more/m.txt"
expect det-mount-changed 0 '^\{<<"hello">>' '' -- run --deterministic=5 --mount "$tmp/more:/more" "$tmp/dr.erl" r
printf 'hi' >"$tmp/more/m.txt"
expect det-mount-again 0 '' '' -- run --deterministic=5 --mount "$tmp/more:/more" "$tmp/dr.erl" r
cmp -s "$tmp/out" "$tmp/det1" || { fail=$((fail + 1)); echo "FAIL det-mount-again: $(cat "$tmp/out") vs $(cat "$tmp/det1")"; }
expect det-mount-rw 2 '' 'takes read-only mounts only' -- run --deterministic --mount "$tmp/pm:/w:rw" "$tmp/w.erl" w
expect det-policy-rw 2 '' '^hl: run: --deterministic: .*read-only mounts only, and /w is read-write' -- run --policy "$tmp/pm.json" --deterministic "$tmp/w.erl" w
# --grant
expect grant-processes 0 '^\{ok,1\}$' '' -- run --grant processes "$tmp/t.erl" f 1
expect grant-files 0 '^\{ok,1\}$' '' -- run --grant files "$tmp/t.erl" f 1
expect grant-unknown 2 '' 'unknown capability "tea"' -- run --grant tea "$tmp/t.erl" f 1

# host atoms: an argument atom FILE never names
expect host-atom 0 '^\{ok,hello\}$' '' -- run "$tmp/t.erl" f hello

# --json: one object per outcome
expect json-ok 0 '' '' -- run --json "$tmp/t.erl" f hello
json_check json-ok "J['status'] == 'ok' and J['exit_code'] == 0 and J['result'] is None and J['result_text'] == '{ok,hello}' and 'tuple' in J['result_json_error'] and J['output'] == 'hi hello\n' and J['limit'] is None and J['exception'] is None and J['usage']['reductions'] > 0 and J['usage']['output_bytes'] == 9 and J['usage']['peak_heap_bytes'] > 0 and J['usage']['wall_ns'] > 0"
expect json-map 0 '' '' -- run --json "$tmp/t.erl" g
json_check json-map "J['result'] == {'a': [1, 2.5, True, None, 'x'], 'big': 2**70}"
expect json-limit 3 '' '' -- run --json --max-reductions 1000 "$tmp/t.erl" loop
json_check json-limit "J['status'] == 'limit' and J['limit'] == 'reductions' and J['usage']['reductions'] == 1000 and J['exit_code'] == 3"
expect json-exception 1 '' '' -- run --json "$tmp/t.erl" boom
json_check json-exception "J['status'] == 'exception' and J['exception']['class'] == 'error' and J['exception']['reason'] == '{bad,42}' and J['exception']['stack'][0].startswith('t:boom/0') and J['output'] == 'before\n'"
printf -- '-module(c).\n-export([f/0]).\nf() -> nope:x().\n' >"$tmp/c.erl"
expect json-compile 2 '' '' -- run --json "$tmp/c.erl" f
json_check json-compile "J['status'] == 'compile_error' and J['diagnostics'][0]['line'] == 3 and 'nope:x/0' in J['diagnostics'][0]['message']"
expect json-policy-raise 2 '' '' -- run --json --policy "$tmp/p.json" --max-reductions 9000 "$tmp/t.erl" loop
json_check json-policy-raise "J['status'] == 'usage_error' and 'above the policy' in J['message']"
expect json-bad-arg 2 '' '' -- run --json "$tmp/t.erl" f '{1,'
json_check json-bad-arg "J['status'] == 'rejected' and J['file'] == '{1,' and J['exit_code'] == 2"
# --json-args
expect json-args 0 '^\[1,null\]$' '' -- run --json-args '[{"k": [1, null]}]' "$tmp/t.erl" m
expect json-args-bad 2 '' 'json-args: JSON:1:' -- run --json-args '[{"k": }]' "$tmp/t.erl" m
expect json-args-not-array 2 '' 'must be a JSON array' -- run --json-args '{"k": 1}' "$tmp/t.erl" m
expect json-args-and-args 2 '' 'give one or the other' -- run --json-args '[1]' "$tmp/t.erl" f 2

# docs/policy.md's json examples against the schema (the loader's side is
# tests/unit/test_policy.c)
if python3 -c 'import jsonschema' 2>/dev/null; then
  if python3 - "$src" <<'PY' 2>"$tmp/py"; then
import json, re, sys, jsonschema
src = sys.argv[1]
schema = json.load(open(src + "/docs/policy.schema.json"))
jsonschema.Draft202012Validator.check_schema(schema)
doc = open(src + "/docs/policy.md").read()
blocks = re.findall(r"```json\n(.*?)```", doc, re.S)
assert len(blocks) >= 3
for b in blocks:
    jsonschema.validate(json.loads(b), schema, cls=jsonschema.Draft202012Validator)
# and the schema refuses what the loader refuses
for bad in ['{"limits": {"run": {"max_reductionz": 5}}}', '{"capabilities": ["tea"]}', '{"limits": {"run": {"timeout_ms": 0}}}']:
    try:
        jsonschema.validate(json.loads(bad), schema, cls=jsonschema.Draft202012Validator)
        raise SystemExit("schema accepts " + bad)
    except jsonschema.ValidationError:
        pass
PY
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL policy-schema: $(tail -3 "$tmp/py")"
  fi
else
  echo "policy-schema: skipped (python3-jsonschema missing; scripts/deps.sh installs it)"
fi

echo "policy_cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
