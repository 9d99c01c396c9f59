#!/usr/bin/env bash
# tests/examples/oracle.sh SRC — writes the *.expected files of
# tests/examples/check.sh from real Erlang/OTP 25 (erlc + erl): each example
# run as the test runs it, the result printed as `hl run` prints it (~p).
# The agent tool runs against crm_stub.erl, the host's bindings as a module.
set -euo pipefail
src=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
out="$src/tests/examples"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$src/examples/validate.erl" "$src/examples/tenant_pricing.erl" "$src/examples/agent_tool/churn_risk.erl" \
  "$src/examples/files/report.erl" "$src/examples/service.erl" "$tmp/"
cp "$out/crm_stub.erl" "$tmp/crm.erl"
(cd "$tmp" && erlc validate.erl tenant_pricing.erl churn_risk.erl crm.erl report.erl service.erl)
run() { # NAME EXPR
  erl -noshell -pa "$tmp" -eval "R = $2, io:format(\"~p~n\", [R]), halt()." >"$out/$1.expected"
}
run validate_main 'validate:main()'
run validate_check 'validate:check(#{email => "ann@example.com", age => 34, country => "FR"})'
run tenant_pricing_main 'tenant_pricing:main()'
run tenant_pricing_quote 'tenant_pricing:quote(#{tiers => [{10, 5}], vat => 20, prices => #{pen => 150}, coupons => #{}}, [{pen, 12}], none)'
run churn_42 'churn_risk:run(42, {2026,12,1})'
run churn_7 'churn_risk:run(7, {2026,12,1})'
run churn_99 'churn_risk:run(99, {2026,12,1})'
# the supervised service, OTP's crash reports silenced (hl prints one line
# each; check.sh leaves them out of the comparison)
run service_main 'logger:set_primary_config(level, none), service:main()'
# the mounted-directory example, on the host's own paths (OTP has no mounts)
mkdir -p "$tmp/out"
run files_report "report:summarise(\"$src/examples/files/orders\", \"$tmp/out\")"
cp "$tmp/out/totals.txt" "$out/files_totals.expected"
