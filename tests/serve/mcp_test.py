#!/usr/bin/env python3
"""tests/serve/mcp_test.py HL — drives `hl serve --stdio` through a real pipe
as an MCP client would, and checks every response's shape against the MCP
revision 2025-11-25 / JSON-RPC 2.0 (conform()): jsonrpc, the request's id,
exactly one of result and error, the error object, initialize's result,
tools/list's tools with valid JSON Schema input schemas, CallToolResult."""
import json
import os
import select
import sys

from jsonschema import Draft202012Validator

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_client  # noqa: E402
from serve_client import check  # noqa: E402

HL = serve_client.HL = sys.argv[1]
TIMEOUT = 60  # per response; generous for sanitizer builds on a loaded machine


class Server(serve_client.Stdio):
    def __init__(self, *args):
        super().__init__(*args)
        self.buf = b""
        self.version = None

    def send_raw(self, data: bytes):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, msg):
        self.send_raw(json.dumps(msg).encode() + b"\n")

    def recv(self):
        fd = self.p.stdout.fileno()
        while b"\n" not in self.buf:
            r, _, _ = select.select([fd], [], [], TIMEOUT)
            if not r:
                raise TimeoutError("no response")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise EOFError("server closed stdout")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def request(self, id_, method, params=None, expect_id=None):
        msg = {"jsonrpc": "2.0", "id": id_, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        r = self.recv()
        conform(r, id_ if expect_id is None else expect_id, method, self.version)
        return r


def conform(r, id_, method, version):
    """The message shapes of JSON-RPC 2.0 and MCP 2025-11-25."""
    where = f"{method} id={id_!r}"
    check(f"{where}: jsonrpc", r.get("jsonrpc") == "2.0", r)
    check(f"{where}: id", "id" in r and r["id"] == id_, r)
    check(f"{where}: one of result/error", ("result" in r) != ("error" in r), r)
    check(f"{where}: no other keys", set(r) <= {"jsonrpc", "id", "result", "error"}, r)
    if "error" in r:
        e = r["error"]
        check(f"{where}: error object", isinstance(e, dict) and isinstance(e.get("code"), int)
              and isinstance(e.get("message"), str) and set(e) <= {"code", "message", "data"}, e)
        return
    res = r["result"]
    check(f"{where}: result is an object", isinstance(res, dict), res)
    if method == "initialize":
        check("initialize: protocolVersion", isinstance(res.get("protocolVersion"), str), res)
        check("initialize: capabilities.tools", isinstance(res.get("capabilities", {}).get("tools"), dict), res)
        si = res.get("serverInfo", {})
        check("initialize: serverInfo name/version", isinstance(si.get("name"), str) and isinstance(si.get("version"), str), si)
    elif method == "tools/list":
        tools = res.get("tools")
        check("tools/list: tools array", isinstance(tools, list) and tools, res)
        for t in tools or []:
            check("tool: name/description", isinstance(t.get("name"), str) and isinstance(t.get("description"), str), t)
            s = t.get("inputSchema")
            check("tool: inputSchema object type", isinstance(s, dict) and s.get("type") == "object", s)
            try:
                Draft202012Validator.check_schema(s)
                ok = True
            except Exception as ex:  # noqa: BLE001 - any schema error is a failure
                ok = False
                s = ex
            check(f"tool {t.get('name')}: inputSchema is valid JSON Schema", ok, s)
    elif method == "tools/call":
        content = res.get("content")
        check("tools/call: content array", isinstance(content, list) and content, res)
        for c in content or []:
            check("tools/call: text content", c.get("type") == "text" and isinstance(c.get("text"), str), c)
        check("tools/call: isError boolean", isinstance(res.get("isError"), bool), res)
        if version and version >= "2025-06-18":
            check("tools/call: structuredContent", isinstance(res.get("structuredContent"), dict), res)
            if isinstance(res.get("structuredContent"), dict) and content:
                check("tools/call: text is the structured content", json.loads(content[0]["text"]) == res["structuredContent"], res)
        else:
            check("tools/call: no structuredContent before 2025-06-18", "structuredContent" not in res, res)


def init(s, version="2025-11-25"):
    r = s.request(1, "initialize", {"protocolVersion": version, "capabilities": {},
                                    "clientInfo": {"name": "mcp_test", "version": "1"}})
    s.version = r["result"]["protocolVersion"]
    s.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    return r


def call(s, id_, tool, args):
    r = s.request(id_, "tools/call", {"name": tool, "arguments": args})
    res = r.get("result", {})
    return res, res.get("structuredContent") or (json.loads(res["content"][0]["text"]) if res.get("content") else None)


GOOD = """-module(tool).
-export([fib/1, echo/1, shout/1, crash/1, spin/0, hog/0]).
fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).
echo(X) -> X.
shout(#{<<"name">> := Name}) -> io:format("hello ~s~n", [Name]), {ok, Name}.
crash(X) -> X + 1.
spin() -> spin().
hog() -> lists:seq(1, 100000000).
"""

# --- lifecycle and version negotiation
s = Server()
r = s.request(0, "ping", {})
check("ping before initialize", r.get("result") == {}, r)
r = s.request(9, "tools/list")
check("tools/list before initialize is refused", r.get("error", {}).get("code") == -32600, r)
r = init(s)
check("initialize echoes 2025-11-25", r["result"]["protocolVersion"] == "2025-11-25", r)
r = s.request(2, "initialize", {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "x", "version": "1"}})
check("second initialize is refused", r.get("error", {}).get("code") == -32600, r)

# --- tools/list
r = s.request("list", "tools/list", {})
tools = {t["name"]: t for t in r["result"]["tools"]}
check("tools: erlang_check and erlang_run", set(tools) == {"erlang_check", "erlang_run"}, list(tools))
desc = tools.get("erlang_run", {}).get("description", "")
check("erlang_run's description states the sandbox and limits",
      "no files" in desc and "reductions" in desc and "10000000" in desc and "granted here: none" in desc, desc)
check("erlang_run requires source and function",
      set(tools["erlang_run"]["inputSchema"].get("required", [])) == {"source", "function"}, tools["erlang_run"])

# --- erlang_check
res, out = call(s, 10, "erlang_check", {"source": GOOD})
check("check: accepted", out.get("status") == "ok" and out.get("diagnostics") == [] and res["isError"] is False, out)
bad = "-module(t).\n-export([f/0]).\nf() ->\n    X = 1,\n    os:cmd(\"cat /etc/passwd\").\n"
res, out = call(s, 11, "erlang_check", {"source": bad})
d = (out.get("diagnostics") or [{}])
check("check: a forbidden call is a located diagnostic",
      out.get("status") == "compile_error" and d[0].get("line") == 5 and d[0].get("column") == 5
      and "forbidden in the sandbox" in d[0].get("message", ""), out)
res, out = call(s, 12, "erlang_check", {"source": "-module(t).\nf( ->\n"})
check("check: a syntax error", out.get("status") == "compile_error" and out["diagnostics"][0]["line"] == 2, out)
res, out = call(s, 13, "erlang_check", {"text": "x"})
check("check: bad arguments are a tool error", res.get("isError") is True and out.get("status") == "invalid", out)

# --- erlang_run
res, out = call(s, 20, "erlang_run", {"source": GOOD, "function": "fib", "args": [20]})
check("run fib(20)", out.get("status") == "ok" and out.get("result") == 6765 and res["isError"] is False, out)
check("run: usage", out.get("usage", {}).get("reductions", 0) > 0 and "wall_ns" in out.get("usage", {}), out)
res, out = call(s, 21, "erlang_run", {"source": GOOD, "function": "echo",
                                       "args": [{"a": [1, 2.5, "x", True, None]}]})
check("run: JSON round trip", out.get("result") == {"a": [1, 2.5, "x", True, None]}, out)
res, out = call(s, 22, "erlang_run", {"source": GOOD, "function": "shout", "args": [{"name": "ann"}]})
check("run: output captured, tuple as text", out.get("output") == "hello ann\n" and out.get("result") is None
      and out.get("result_text") == '{ok,<<"ann">>}', out)
res, out = call(s, 23, "erlang_run", {"source": GOOD, "function": "crash", "args": ["a"]})
check("run: exception", res["isError"] is True and out.get("status") == "exception"
      and out["exception"]["class"] == "error" and out["exception"]["reason"] == "badarith"
      and any("tool:crash/1" in e for e in out["exception"]["stack"]), out)
res, out = call(s, 24, "erlang_run", {"source": GOOD, "function": "spin", "limits": {"max_reductions": 50000}})
check("run: a runaway is stopped", res["isError"] is True and out.get("status") == "limit"
      and out.get("limit") == "reductions" and out["usage"]["reductions"] == 50000, out)
res, out = call(s, 25, "erlang_run", {"source": GOOD, "function": "hog", "limits": {"max_heap_bytes": 1000000}})
check("run: a memory hog is stopped", out.get("status") == "limit" and out.get("limit") == "heap", out)
res, out = call(s, 26, "erlang_run", {"source": GOOD, "function": "spin", "limits": {"timeout_ms": 99999999}})
check("run: limits may only lower the policy", res["isError"] is True and out.get("status") == "invalid"
      and "above the server's policy" in out.get("message", ""), out)
res, out = call(s, 27, "erlang_run", {"source": GOOD, "function": "nope", "args": []})
check("run: undef", out.get("status") == "exception" and "undef" in out["exception"]["reason"], out)
res, out = call(s, 28, "erlang_run", {"source": bad, "function": "f"})
check("run: compile error with diagnostics", res["isError"] is True and out.get("status") == "compile_error"
      and out["diagnostics"][0]["line"] == 5, out)
res, out = call(s, 29, "erlang_run", {"source": GOOD, "function": "fib", "args": [20], "limit": {}})
check("run: an unknown argument is refused", out.get("status") == "invalid" and "limit" in out.get("message", ""), out)
res, out = call(s, 30, "erlang_run", {"source": GOOD, "function": "echo", "args": [1 << 62]})
check("run: big integer", out.get("result") == 1 << 62, out)

# --- protocol errors
r = s.request(40, "tools/call", {"name": "rm_rf", "arguments": {}})
check("unknown tool: invalid params", r.get("error", {}).get("code") == -32602, r)
r = s.request(41, "tools/call", {"name": "erlang_run", "arguments": [1]})
check("arguments not an object: invalid params", r.get("error", {}).get("code") == -32602, r)
r = s.request(42, "tools/call", [1, 2])
check("params not an object: invalid params", r.get("error", {}).get("code") == -32602, r)
r = s.request(43, "resources/list", {})
check("method not found", r.get("error", {}).get("code") == -32601, r)
for raw, code, name in [(b"{not json\n", -32700, "parse error"),
                        (b"\xff\xfe{}\n", -32700, "invalid UTF-8"),
                        (b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]\n', -32600, "batch"),
                        (b'{"jsonrpc":"1.0","id":1,"method":"ping"}\n', -32600, "jsonrpc 1.0"),
                        (b'{"jsonrpc":"2.0","id":null,"method":"ping"}\n', -32600, "null id"),
                        (b'{"jsonrpc":"2.0","id":1,"method":7}\n', -32600, "method not a string"),
                        (b'42\n', -32600, "not an object")]:
    s.send_raw(raw)
    r = s.recv()
    want_id = 1 if name in ("jsonrpc 1.0", "method not a string") else None
    conform(r, want_id, name, s.version)
    check(f"{name}: code {code}", r.get("error", {}).get("code") == code, r)
# notifications (known or not) and responses are never answered
s.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 3}})
s.send({"jsonrpc": "2.0", "method": "no/such/notification"})
s.send({"jsonrpc": "2.0", "id": 77, "result": {}})
r = s.request(50, "ping")
check("notifications and responses get no answer", r.get("result") == {}, r)
rc, err = s.close()
check("exit 0 at end of input", rc == 0, (rc, err))

# --- older revisions: negotiation, no structuredContent before 2025-06-18
s = Server()
r = init(s, "2024-11-05")
check("initialize echoes 2024-11-05", r["result"]["protocolVersion"] == "2024-11-05", r)
res, out = call(s, 2, "erlang_run", {"source": GOOD, "function": "fib", "args": [10]})
check("2024-11-05: result in text content", out.get("result") == 55, res)
s.close()
s = Server()
r = init(s, "1999-01-01")
check("an unknown revision is answered with the latest", r["result"]["protocolVersion"] == "2025-11-25", r)
s.close()

# --- a message over the bound is answered and skipped; the session goes on
s = Server("--max-body-bytes", "4096")
init(s)
s.send_raw(b'{"jsonrpc":"2.0","id":5,"method":"ping","params":{"x":"' + b"a" * 100000 + b'"}}\n')
r = s.recv()
conform(r, None, "too large", s.version)
check("an oversized message: invalid request", r.get("error", {}).get("code") == -32600
      and "longer than 4096" in r["error"]["message"], r)
r = s.request(6, "ping")
check("the session goes on after an oversized message", r.get("result") == {}, r)
s.close()

# --- a policy file lowers what tools/list describes and what runs get
pol = "/tmp/hl_mcp_test_policy.json"
with open(pol, "w") as f:
    json.dump({"limits": {"run": {"max_reductions": 20000, "timeout_ms": 1000}}}, f)
s = Server("--policy", pol)
init(s)
r = s.request(2, "tools/list")
check("policy: described", "20000 reductions" in r["result"]["tools"][1]["description"], r)
res, out = call(s, 3, "erlang_run", {"source": GOOD, "function": "fib", "args": [20]})
check("policy: fib(20) needs more than 20000 reductions", out.get("limit") == "reductions", out)
s.close()
os.unlink(pol)

sys.exit(serve_client.summary("mcp"))
