#!/usr/bin/env bash
# tests/serve/run.sh HL SRC — `hl serve` (docs/serve.md): the MCP server
# driven through a real pipe with a message-shape conformance check on every
# response (mcp_test.py), and the HTTP API over loopback (http_test.py).
set -u
hl=$1
src=$2
rc=0
python3 "$src/tests/serve/mcp_test.py" "$hl" || rc=1
python3 "$src/tests/serve/http_test.py" "$hl" || rc=1
exit $rc
