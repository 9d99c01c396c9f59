#!/usr/bin/env bash
# tests/examples/check.sh HL SRC AGENT_HOST — the programs of examples/, run
# the way their headers show, with output equal to real OTP 25's
# (*.expected, written by oracle.sh; agent_mcp.expected by the script, its
# Erlang results checked on erl): a validation rule, per-tenant pricing,
# a tool an AI agent wrote that calls host bindings (through
# examples/agent_tool/host.c), a program reading a mounted directory, and
# the refusals the README's main job shows.
set -u
hl=$1
src=$2
host=$3
dir="$src/tests/examples"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# same NAME WANT_EXIT EXPECTED_FILE CMD... : exit code and stdout exactly
same() {
  local name=$1 want=$2 expected=$3
  shift 3
  (cd "$src" && "$@") >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -eq "$want" ] && cmp -s "$tmp/out" "$expected"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name: exit $got (want $want)"
    diff "$expected" "$tmp/out" | head -10
    head -c 400 "$tmp/err"
  fi
}
# refused NAME WANT_EXIT STDERR_REGEX CMD... : nothing on stdout
refused() {
  local name=$1 want=$2 re=$3
  shift 3
  (cd "$src" && "$@") >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -eq "$want" ] && grep -qE -- "$re" "$tmp/err" && [ ! -s "$tmp/out" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name: exit $got (want $want)"
    echo "  stderr: $(head -c 400 "$tmp/err")"
  fi
}

same validate-main 0 "$dir/validate_main.expected" "$hl" run examples/validate.erl main
same validate-check 0 "$dir/validate_check.expected" \
  "$hl" run examples/validate.erl check '#{email => "ann@example.com", age => 34, country => "FR"}'
same pricing-main 0 "$dir/tenant_pricing_main.expected" "$hl" run examples/tenant_pricing.erl main
same pricing-quote 0 "$dir/tenant_pricing_quote.expected" "$hl" run examples/tenant_pricing.erl quote \
  '#{tiers => [{10, 5}], vat => 20, prices => #{pen => 150}, coupons => #{}}' '[{pen, 12}]' none
# guest processes under limits: granted, bounded, and refused without the grant
printf '10000\n' >"$tmp/ring.expected"
same ring-granted 0 "$tmp/ring.expected" "$hl" run --grant processes --max-reductions 2000000 examples/ring.erl main 10000
refused ring-reductions 3 'limit exceeded: reductions' \
  "$hl" run --grant processes --max-reductions 20000 examples/ring.erl main 10000
refused ring-not-granted 2 'needs the processes capability' "$hl" run examples/ring.erl main 10000
# a supervised service (OTP's behaviours): the result as OTP's, and the two
# one-line crash reports of the deliberate crash (docs/behaviours.md)
same service 0 "$dir/service_main.expected" bash -c \
  'set -o pipefail; "$0" run --grant processes examples/service.erl main | grep -v "^=ERROR REPORT===="' "$hl"
reports=$(cd "$src" && "$hl" run --grant processes examples/service.erl main 2>/dev/null | grep -c '^=ERROR REPORT====')
if [ "$reports" = 2 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL service-reports: $reports report lines, want 2"; fi
same agent-tool-42 0 "$dir/churn_42.expected" "$host" examples/agent_tool/churn_risk.erl run 42 '{2026,12,1}'
same agent-tool-7 0 "$dir/churn_7.expected" "$host" examples/agent_tool/churn_risk.erl run 7 '{2026,12,1}'
same agent-tool-missing 0 "$dir/churn_99.expected" "$host" examples/agent_tool/churn_risk.erl run 99 '{2026,12,1}'
# a tool calling a binding the host registers but does not grant: refused before it runs
refused agent-tool-not-granted 2 \
  'cleanup_tool.erl:8:14: error: remote call crm:delete_customer/1 is not declared: binding not granted \(the host registers crm:delete_customer/1 but did not grant it to this program\)' \
  "$host" examples/agent_tool/cleanup_tool.erl run '[7]'
# an agent using the sandbox through MCP (examples/agent/agent.py over
# `hl serve --stdio`): check, fix a diagnostic, run, a hostile variant
# refused, runaways stopped; the Erlang results agree with OTP 25's
# (summary/1 of the orders and of [] were run on erl)
same agent-mcp 0 "$dir/agent_mcp.expected" python3 examples/agent/agent.py "$hl"
# the same tools under `hl` (which grants no bindings)
refused agent-tool-hl 2 'remote call crm:customer/1 is not declared: binding not granted' \
  "$hl" run examples/agent_tool/churn_risk.erl run 42 '{2026,12,1}'
# a program reading a mounted directory and writing to a read-write one
# (docs/files.md); the file it wrote is OTP's byte for byte
mkdir -p "$tmp/files_out"
same files-report 0 "$dir/files_report.expected" \
  "$hl" run --mount examples/files/orders:/orders --mount "$tmp/files_out:/out:rw" examples/files/report.erl main
if cmp -s "$tmp/files_out/totals.txt" "$dir/files_totals.expected"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL files-report: /out/totals.txt differs from OTP's"; fi
# /out read-only: the write is refused (eacces), the program's match fails
refused files-report-ro 1 'badmatch,\{error,eacces\}' \
  "$hl" run --mount examples/files/orders:/orders --mount "$tmp/files_out:/out:ro" examples/files/report.erl main
# granted but nothing mounted: no directory exists
refused files-report-unmounted 1 'badmatch,\{error,enoent\}' "$hl" run --grant files examples/files/report.erl main
refused files-report-no-grant 2 'report.erl:14:19: error: remote call file:list_dir/1 is not declared: needs the files capability' \
  "$hl" run examples/files/report.erl main
# the README's main job (scripts/main.sh): one program refused at compile
# time, one stopped by a limit, with their exit codes
refused main-job-refused 2 \
  'shell_tool.erl:8:13: error: remote call os:cmd/1 is not declared: forbidden in the sandbox \(no access to the operating system\)' \
  "$hl" check examples/refused/shell_tool.erl
(cd "$src" && "$hl" run --max-reductions 100000 examples/fib.erl main) >"$tmp/out" 2>"$tmp/err"
got=$?
if [ $got -eq 3 ] && [ "$(cat "$tmp/err")" = "hl: limit exceeded: reductions: used 100000 reductions; the limit (--max-reductions) is 100000" ]; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "FAIL main-job-limit: exit $got: $(cat "$tmp/err")"
fi
# every command the main job runs is in scripts/main.sh as tested here
for cmd in 'run "$root/examples/validate.erl" main' 'run "$root/examples/tenant_pricing.erl" main' \
  'expect 2 "$hl" check "$root/examples/refused/shell_tool.erl"' \
  'expect 3 "$hl" run --max-reductions 100000 "$root/examples/fib.erl" main'; do
  grep -qF -- "$cmd" "$src/scripts/main.sh" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL main.sh lacks: $cmd"; }
done

echo "examples: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
