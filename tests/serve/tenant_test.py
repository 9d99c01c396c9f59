#!/usr/bin/env python3
"""tests/serve/tenant_test.py HL — stateful tenants (docs/serve.md, "Stateful
tenants"): over stdio, a scripted MCP client starts a counter (a plain
receive loop) and a guest gen_server, calls them and sees their state kept,
casts, gets a deadline without losing the tenant, sees a crash reported as
an exit, stops one (its exit reason), hits the per-client cap and the idle
reaper; the tools are listed only under a policy granting processes and
their input schemas are valid JSON Schema. Over HTTP with two tokens: one
tenant's id is unknown to the other client (404 for call and stop).
A run in progress is cancelled by notifications/cancelled (no response,
interrupted), as is a request cancelled before it is handled. Bounded: a
few servers, a few dozen requests."""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_client  # noqa: E402
from serve_client import Server, check  # noqa: E402

HL = serve_client.HL = sys.argv[1]
TIMEOUT = 60

COUNTER = """-module(counter).
-export([start/1]).
start(N) -> loop(N).
loop(N) ->
    receive
        {'$gen_call', {From, Tag}, <<"incr">>} -> From ! {Tag, N + 1}, loop(N + 1);
        {'$gen_call', {From, Tag}, get} -> From ! {Tag, #{<<"count">> => N}}, loop(N);
        {'$gen_call', {_, _}, <<"crash">>} -> error({crashed, N});
        {'$gen_cast', {add, K}} -> io:format("add ~p~n", [K]), loop(N + K)
    end.
"""

GEN_SERVER = """-module(gs).
-behaviour(gen_server).
-export([start/1, init/1, handle_call/3, handle_cast/2]).
start(N) -> {ok, Pid} = gen_server:start_link(?MODULE, N, []), relay(Pid).
relay(Pid) -> receive M -> Pid ! M, relay(Pid) end.
init(N) -> {ok, N}.
handle_call(incr, _From, N) -> {reply, N + 1, N + 1};
handle_call(get, _From, N) -> {reply, N, N}.
handle_cast({add, K}, N) -> {noreply, N + K}.
"""


class Stdio(serve_client.Stdio):
    def __init__(self, *args):
        super().__init__(*args, text=True)
        self.id = 0

    def send(self, msg):
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()

    def request(self, method, params=None):
        self.id += 1
        msg = {"jsonrpc": "2.0", "id": self.id, "method": method}
        if params is not None:
            msg["params"] = params
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()
        r = json.loads(self.p.stdout.readline())
        check(f"{method}: answers its id", r.get("id") == self.id and r.get("jsonrpc") == "2.0", r)
        return r

    def init(self):
        self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                    "clientInfo": {"name": "tenant_test", "version": "1"}})
        self.p.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
        self.p.stdin.flush()

    def tool(self, name, args):
        r = self.request("tools/call", {"name": name, "arguments": args})
        res = r.get("result", {})
        out = res.get("structuredContent", {})
        text = res.get("content", [{}])[0].get("text")
        check(f"{name}: content is the outcome", text is not None and json.loads(text) == out, res)
        check(f"{name}: isError iff not ok", res.get("isError") == (out.get("status") not in ("ok", "stopped")), res)
        return out


def main():
    d = tempfile.mkdtemp()
    procs = os.path.join(d, "procs.json")
    with open(procs, "w") as f:
        json.dump({"capabilities": ["processes"], "limits": {"run": {"timeout_ms": 2000}}}, f)

    # --- stdio: the tools, their schemas ---
    s = Stdio("--policy", procs, "--max-tenants", "3")
    s.init()
    tools = {t["name"]: t for t in s.request("tools/list")["result"]["tools"]}
    check("the stateful tools are listed", {"erlang_start", "erlang_call", "erlang_cast", "erlang_stop"} <= set(tools),
          list(tools))
    try:
        from jsonschema import Draft202012Validator
        for t in tools.values():
            Draft202012Validator.check_schema(t["inputSchema"])
        Draft202012Validator(tools["erlang_call"]["inputSchema"]).validate({"tenant": "t1", "request": {"a": [1]}})
    except ImportError:  # python3-jsonschema is in scripts/deps.sh; mcp_test.py requires it
        pass
    check("erlang_stop is marked destructive", tools["erlang_stop"]["annotations"]["destructiveHint"] is True)
    check("erlang_start says what it allows", "$gen_call" in tools["erlang_start"]["description"] and
          "no files" in tools["erlang_start"]["description"], tools["erlang_start"]["description"][:300])

    # --- a counter keeps its state ---
    out = s.tool("erlang_start", {"source": COUNTER, "function": "start", "args": [10]})
    tid = out.get("tenant", "")
    check("start: an unguessable id", out.get("status") == "ok" and re.fullmatch(r"t[0-9a-f]{32}", tid), out)
    replies = [s.tool("erlang_call", {"tenant": tid, "request": "incr"}).get("reply") for _ in range(3)]
    check("three calls: the state is kept", replies == [11, 12, 13], replies)
    check("cast", s.tool("erlang_cast", {"tenant": tid, "request_term": "{add, 5}"}).get("status") == "ok")
    out = s.tool("erlang_call", {"tenant": tid, "request_term": "get"})
    check("a term request, a map reply", out.get("reply") == {"count": 18} and out.get("reply_text") == '#{<<"count">> => 18}',
          out)
    out = s.tool("erlang_call", {"tenant": tid, "request": "unanswered", "timeout_ms": 50})
    check("no reply in time: a deadline", out.get("status") == "limit" and out.get("limit") == "deadline", out)
    out = s.tool("erlang_call", {"tenant": tid, "request": "incr"})
    check("... and the tenant lives on", out.get("reply") == 19, out)
    out = s.tool("erlang_call", {"tenant": tid, "request": "incr", "timeout_ms": 10 ** 9})
    check("a timeout above the policy is refused", out.get("status") == "invalid", out)
    out = s.tool("erlang_call", {"tenant": "t" + "0" * 32, "request": "incr"})
    check("an unknown id", out.get("status") == "not_found", out)
    out = s.tool("erlang_call", {"tenant": tid, "request": "crash"})
    ex = out.get("exit", {})
    check("a crash is reported as an exit", out.get("status") == "exited" and ex.get("class") == "error" and
          ex.get("reason") == "{crashed,19}" and out.get("output") == "add 5\n", out)
    out = s.tool("erlang_call", {"tenant": tid, "request": "incr"})
    check("the crashed tenant is gone", out.get("status") == "not_found", out)

    # --- a guest gen_server, stopped ---
    out = s.tool("erlang_start", {"source": GEN_SERVER, "function": "start", "args": [0]})
    gid = out.get("tenant", "")
    got = [s.tool("erlang_call", {"tenant": gid, "request_term": "incr"}).get("reply") for _ in range(3)]
    s.tool("erlang_cast", {"tenant": gid, "request_term": "{add, 10}"})
    got.append(s.tool("erlang_call", {"tenant": gid, "request_term": "get"}).get("reply"))
    check("a gen_server keeps its state", got == [1, 2, 3, 13], got)
    out = s.tool("erlang_stop", {"tenant": gid})
    check("stop: its exit reason", out.get("status") == "stopped" and out.get("exit", {}).get("reason") == "shutdown",
          out)
    check("stopped: gone", s.tool("erlang_call", {"tenant": gid, "request_term": "get"}).get("status") == "not_found")

    # --- the per-client cap ---
    ids = [s.tool("erlang_start", {"source": COUNTER, "function": "start", "args": [i]}).get("tenant") for i in range(3)]
    out = s.tool("erlang_start", {"source": COUNTER, "function": "start", "args": [9]})
    check("a fourth live tenant is refused", out.get("status") == "limit" and out.get("limit") == "tenants", out)
    s.tool("erlang_stop", {"tenant": ids[0]})
    out = s.tool("erlang_start", {"source": COUNTER, "function": "start", "args": [9]})
    check("... until one is stopped", out.get("status") == "ok", out)
    s.close()

    # --- idle tenants are reaped ---
    s = Stdio("--policy", procs, "--tenant-idle-s", "1")
    s.init()
    tid = s.tool("erlang_start", {"source": COUNTER, "function": "start", "args": [1]}).get("tenant")
    check("fresh tenant answers", s.tool("erlang_call", {"tenant": tid, "request": "incr"}).get("reply") == 2)
    time.sleep(1.5)
    check("an idle tenant is reaped", s.tool("erlang_call", {"tenant": tid, "request": "incr"}).get("status") ==
          "not_found")
    s.close()

    # --- notifications/cancelled: a run in progress is interrupted and
    # gets no response; a request cancelled before it is handled too ---
    spin = os.path.join(d, "spin.json")
    with open(spin, "w") as f:
        json.dump({"limits": {"run": {"timeout_ms": 20000, "max_reductions": 10 ** 12}}}, f)
    s = Stdio("--policy", spin)
    s.init()
    loop = "-module(l).\n-export([spin/0]).\nspin() -> spin().\n"
    t0 = time.time()
    s.send({"jsonrpc": "2.0", "id": 500, "method": "tools/call",
            "params": {"name": "erlang_run", "arguments": {"source": loop, "function": "spin"}}})
    time.sleep(0.3)
    s.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 500, "reason": "user"}})
    s.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "later"}})
    s.send({"jsonrpc": "2.0", "id": "later", "method": "ping"})
    r = s.request("ping")
    check("cancelled: the next answer is the ping's (none for 500 or \"later\")", r.get("result") == {}, r)
    check("cancelled: the run stopped long before its 20 s deadline", time.time() - t0 < 10, time.time() - t0)
    s.close()

    # --- without processes: no stateful tools ---
    s = Stdio()
    s.init()
    names = {t["name"] for t in s.request("tools/list")["result"]["tools"]}
    check("default policy: not listed", names == {"erlang_check", "erlang_run"}, names)
    r = s.request("tools/call", {"name": "erlang_start", "arguments": {"source": COUNTER, "function": "start"}})
    check("default policy: erlang_start is an unknown tool", r.get("error", {}).get("code") == -32602, r)
    s.close()

    # --- HTTP: a client cannot reach another's tenant ---
    tokens = os.path.join(d, "tokens.json")
    A, B = "token-of-client-a-0123456789", "token-of-client-b-0123456789"
    pol = {"capabilities": ["processes"]}
    with open(tokens, "w") as f:
        json.dump({"tenants": [{"id": "a", "token": A, "policy": pol}, {"id": "b", "token": B, "policy": pol}]}, f)
    h = Server("--tokens", tokens)
    st, j = h.req("POST", "/v1/tenants", {"source": COUNTER, "function": "start", "args": [100]}, token=A)
    tid = j.get("tenant", "")
    check("http start", st == 200 and j.get("status") == "ok", (st, j))
    st, j = h.req("POST", f"/v1/tenants/{tid}/call", {"request": "incr"}, token=A)
    check("http call", st == 200 and j.get("reply") == 101, (st, j))
    st, j = h.req("POST", f"/v1/tenants/{tid}/cast", {"request_term": "{add, 9}"}, token=A)
    check("http cast", st == 200 and j.get("status") == "ok", (st, j))
    st, j = h.req("POST", f"/v1/tenants/{tid}/call", {"request": "incr"}, token=B)
    check("another client's call: 404", st == 404 and j.get("status") == "not_found", (st, j))
    st, j = h.req("DELETE", f"/v1/tenants/{tid}", token=B)
    check("another client's stop: 404", st == 404, (st, j))
    st, j = h.req("POST", f"/v1/tenants/{tid}/call", {"request": "incr"})
    check("no token: 401", st == 401, (st, j))
    st, j = h.req("POST", f"/v1/tenants/{tid}/call", {"request": "incr", "tenant": tid}, token=A)
    check("the id only in the path", st == 400, (st, j))
    st, j = h.req("POST", f"/v1/tenants/{tid}/call", {"request": "incr"}, token=A)
    check("the owner's tenant is untouched", st == 200 and j.get("reply") == 111, (st, j))
    st, j = h.req("DELETE", f"/v1/tenants/{tid}", token=A)
    check("http stop", st == 200 and j.get("status") == "stopped" and j.get("exit", {}).get("reason") == "shutdown",
          (st, j))
    st, j = h.req("POST", f"/v1/tenants/{tid}/call", {"request": "incr"}, token=A)
    check("stopped: 404", st == 404, (st, j))
    check("metrics: started", h.metric("hl_serve_tenants_started_total") == 1)
    check("metrics: none live", h.metric("hl_serve_tenants_live") == 0)
    h.stop()
    subprocess.run(["rm", "-rf", d])
    return serve_client.summary("tenants")


if __name__ == "__main__":
    sys.exit(main())
