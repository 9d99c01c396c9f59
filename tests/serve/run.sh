#!/usr/bin/env bash
# tests/serve/run.sh HL SRC — `hl serve` (docs/serve.md): the MCP server
# driven through a real pipe with a message-shape conformance check on every
# response (mcp_test.py), the HTTP API over loopback (http_test.py), the
# program cache on disk across restarts (cache_test.py) and stateful
# tenants over both transports (tenant_test.py).
set -u
hl=$1
src=$2
rc=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# usage and start-up refusals (exit 2, a message naming the problem)
usage() {
  local name=$1 re=$2
  shift 2
  "$hl" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -ne 2 ] || ! grep -qE -- "$re" "$tmp/err"; then
    echo "FAIL $name: exit $got: $(head -c 300 "$tmp/err")"
    rc=1
  fi
}
usage no-mode 'exactly one of --stdio and --http' serve
usage both-modes 'exactly one of --stdio and --http' serve --stdio --http :0
usage misspelt 'did you mean --max-concurrent' serve --stdio --max-concurent 3
usage zero 'positive integer' serve --stdio --max-body-bytes 0
usage file-arg 'takes no FILE' serve --stdio prog.erl
echo '{"bindings": ["kv:get/1"]}' >"$tmp/bind.json"
usage binding-policy 'cannot be served: binding kv:get/1 is granted but not registered' serve --stdio --policy "$tmp/bind.json"
echo '{"limits": {"run": {"max_reductionz": 1}}}' >"$tmp/typo.json"
usage bad-policy 'max_reductionz' serve --stdio --policy "$tmp/typo.json"
"$hl" help serve | grep -q -- '--tokens FILE' || { echo "FAIL help serve"; rc=1; }

python3 "$src/tests/serve/mcp_test.py" "$hl" || rc=1
python3 "$src/tests/serve/http_test.py" "$hl" || rc=1
python3 "$src/tests/serve/cache_test.py" "$hl" || rc=1
python3 "$src/tests/serve/tenant_test.py" "$hl" || rc=1
exit $rc
