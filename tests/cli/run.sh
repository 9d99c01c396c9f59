#!/usr/bin/env bash
# tests/cli/run.sh HL SRC — the `hl` command's contract (DESIGN §10): help
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
expect check-examples 0 '' '' -- check "$src"/examples/*.erl
# stdin as -.
"$hl" check - <"$src/examples/fib.erl" >/dev/null 2>&1 && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL check-stdin"; }

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
