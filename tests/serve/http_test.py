#!/usr/bin/env python3
"""tests/serve/http_test.py HL — `hl serve --http` over loopback: the JSON
API's statuses (200 outcomes, 400, 401, 404, 405, 413, 429, 503), bearer
tokens and per-tenant quotas (one tenant's flood does not stop another's
runs), the program cache (a warm run is a cache hit), the Prometheus
metrics, slow clients, and SIGTERM (runs in progress finish within the
grace time, or are interrupted after it). Bounded: a few hundred requests."""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_client  # noqa: E402
from serve_client import Server, check  # noqa: E402

HL = serve_client.HL = sys.argv[1]
TIMEOUT = 60


SRC = """-module(t).
-export([fib/1, id/1, spin/0]).
fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).
id(X) -> X.
spin() -> spin().
"""
BAD = SRC.replace("-export([fib/1", "-export([bad/0, fib/1") + 'bad() -> os:cmd("ls").\n'
A = "tenant-a-token-0123456789"
B = "tenant-b-token-0123456789"
tmp = tempfile.mkdtemp()
tokens = os.path.join(tmp, "tokens.json")
with open(tokens, "w") as f:
    json.dump({"tenants": [
        {"id": "a", "token": A, "policy": {"limits": {"run": {"timeout_ms": 3000, "max_reductions": 1000000000000}}},
         "quota": {"concurrent_runs": 4}},
        {"id": "b", "token": B, "policy": {"limits": {"run": {"max_reductions": 100000}}},
         "quota": {"runs_per_second": 2}},
    ]}, f)

s = Server("--tokens", tokens, "--max-body-bytes", "65536", "--max-concurrent", "2")
run = {"source": SRC, "function": "fib", "args": [20]}
st, j, _ = s.request("POST", "/v1/run", run, token=A)
check("run fib(20)", st == 200 and j.get("status") == "ok" and j.get("result") == 6765, (st, j))
misses, hits = s.metric("hl_serve_cache_misses_total"), s.metric("hl_serve_cache_hits_total")
st, j, _ = s.request("POST", "/v1/run", {"source": SRC, "function": "id", "args": [[1, "x"]]}, token=A)
check("run id, warm", st == 200 and j.get("result") == [1, "x"], (st, j))
check("a warm run is a cache hit", s.metric("hl_serve_cache_hits_total") == hits + 1
      and s.metric("hl_serve_cache_misses_total") == misses, s.request("GET", "/metrics")[1])
st, j, _ = s.request("POST", "/v1/check", {"source": BAD}, token=A)
check("check: os:cmd refused at compile time", st == 200 and j.get("status") == "compile_error"
      and j["diagnostics"][0]["line"] == 7, (st, j))
st, j, _ = s.request("POST", "/v1/run", {"source": SRC, "function": "spin", "limits": {"timeout_ms": 100}}, token=A)
check("a runaway stops at its deadline", st == 200 and j.get("status") == "limit" and j.get("limit") == "deadline", j)

# statuses of bad requests
st, j, r = s.request("POST", "/v1/run", run)
check("no token: 401", st == 401 and r.getheader("WWW-Authenticate") == "Bearer", (st, j))
st, j, _ = s.request("POST", "/v1/run", run, token="tenant-x-token-0123456789")
check("a wrong token: 401", st == 401, (st, j))
st, j, _ = s.request("POST", "/v1/run", raw=b"{not json", token=A)
check("malformed JSON: 400", st == 400 and j.get("status") == "invalid", (st, j))
st, j, _ = s.request("POST", "/v1/run", raw=b'{"source": "\xff\xfe", "function": "f"}', token=A)
check("invalid UTF-8: 400", st == 400 and j.get("status") == "invalid", (st, j))
st, j, _ = s.request("POST", "/v1/run", {"source": SRC}, token=A)
check("missing function: 400", st == 400 and "function" in j.get("message", ""), (st, j))
st, j, _ = s.request("POST", "/v1/run", {"source": "x" * 100000, "function": "f"}, token=A)
check("an oversized body: 413", st == 413, (st, j))
st, j, _ = s.request("GET", "/v1/run", token=A)
check("wrong method: 405", st == 405, (st, j))
st, j, _ = s.request("GET", "/v2/nothing")
check("unknown path: 404", st == 404, (st, j))

# tenant b floods past its 2 runs a second; tenant a is not delayed
codes = [s.request("POST", "/v1/run", {"source": SRC, "function": "id", "args": [1]}, token=B)[0] for _ in range(6)]
check("b's rate quota: 429 after the burst", codes[:2] == [200, 200] and 429 in codes[2:], codes)
st, j, r = s.request("POST", "/v1/run", {"source": SRC, "function": "id", "args": [1]}, token=B)
check("429 says when to retry", st != 429 or (r.getheader("Retry-After") or "").isdigit(), r.getheaders())
st, j, _ = s.request("POST", "/v1/run", {"source": SRC, "function": "id", "args": [2]}, token=A)
check("a is served while b is throttled", st == 200 and j.get("result") == 2, (st, j))
st, j, _ = s.request("POST", "/v1/run", {"source": SRC, "function": "spin", "limits": {"max_reductions": 10}}, token=A)
check("b's policy does not lower a's", st == 200 and j.get("limit") == "reductions", j)


# the server's concurrency cap (2): two slow runs in flight, the third is 503
def slow():
    s.request("POST", "/v1/run", {"source": SRC, "function": "spin", "limits": {"timeout_ms": 1500}}, token=A)


ts = [threading.Thread(target=slow) for _ in range(2)]
for t in ts:
    t.start()
deadline = time.time() + TIMEOUT
while s.metric("hl_serve_inflight") != 2 and time.time() < deadline:
    time.sleep(0.01)
st, j, r = s.request("POST", "/v1/run", {"source": SRC, "function": "id", "args": [3]}, token=A)
check("over the concurrency cap: 503 with Retry-After", st == 503 and r.getheader("Retry-After") == "1", (st, j))
# slow clients (partial headers) hold only their own connection
socks = []
for _ in range(5):
    k = socket.create_connection(("127.0.0.1", s.port), timeout=TIMEOUT)
    k.sendall(b"POST /v1/run HTTP/1.1\r\nHost: x\r\n")
    socks.append(k)
st, j, _ = s.request("GET", "/healthz")
check("slow clients do not block others", st == 200, (st, j))
for t in ts:
    t.join(TIMEOUT)
for k in socks:
    k.close()

# metrics: every sample line is NAME{LABELS} VALUE
_, text, r = s.request("GET", "/metrics")
check("metrics content type", r.getheader("Content-Type", "").startswith("text/plain"), r.getheaders())
bad = [l for l in text.splitlines() if l and not l.startswith("#")
       and not re.match(r'^[a-z_]+(\{[a-z_]+="[^"]*"\})? [0-9.e+-]+$', l)]
check("metrics: Prometheus text", not bad, bad)
check("metrics: runs by outcome", s.metric('hl_serve_runs_total{outcome="ok"}') >= 4, text)
check("metrics: faults by kind", s.metric('hl_serve_faults_total{kind="deadline"}') >= 3
      and s.metric('hl_serve_faults_total{kind="reductions"}') >= 1, text)
check("metrics: rejections", s.metric('hl_serve_rejected_total{reason="quota"}') >= 1
      and s.metric('hl_serve_rejected_total{reason="busy"}') >= 1
      and s.metric('hl_serve_rejected_total{reason="auth"}') >= 2, text)
check("metrics: latency histogram", (s.metric('hl_serve_run_seconds_bucket{le="+Inf"}') or 0)
      == s.metric("hl_serve_run_seconds_count"), text)
rc, err = s.stop()
check("SIGTERM: exit 0", rc == 0, (rc, err))

# SIGTERM with a run in progress: it finishes within the grace time ...
# (reductions out of reach: the runs end by time)
endless = os.path.join(tmp, "endless.json")
with open(endless, "w") as f:
    json.dump({"limits": {"run": {"max_reductions": 1000000000000, "timeout_ms": 10000}}}, f)
s = Server("--grace-ms", "20000", "--policy", endless)
result = {}

# a client that hangs up during its run: the run is interrupted (not left to
# its 8 s deadline)
body = json.dumps({"source": SRC, "function": "spin", "limits": {"timeout_ms": 8000}}).encode()
k = socket.create_connection(("127.0.0.1", s.port), timeout=TIMEOUT)
k.sendall(b"POST /v1/run HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
t0 = time.time()
while s.metric("hl_serve_inflight") != 1 and time.time() < t0 + TIMEOUT:
    time.sleep(0.01)
k.close()
while s.metric("hl_serve_inflight") != 0 and time.time() < t0 + TIMEOUT:
    time.sleep(0.01)
check("a hung-up client's run is interrupted", s.metric("hl_serve_hangups_total") == 1
      and s.metric('hl_serve_faults_total{kind="interrupted"}') == 1
      and s.metric('hl_serve_faults_total{kind="deadline"}') == 0, s.request("GET", "/metrics")[1][-1500:])


def inflight(timeout_ms):
    result["r"] = s.request("POST", "/v1/run", {"source": SRC, "function": "spin", "limits": {"timeout_ms": timeout_ms}})


t = threading.Thread(target=inflight, args=(300,))
t.start()
while s.metric("hl_serve_inflight") != 1 and time.time() < deadline + TIMEOUT:
    time.sleep(0.01)
s.p.send_signal(signal.SIGTERM)
t.join(TIMEOUT)
rc, err = s.stop()
st, j, _ = result.get("r", (0, {}, None))
check("SIGTERM: the run in progress ends by its own limit", st == 200 and j.get("limit") == "deadline", (st, j))
check("SIGTERM: exit 0 after it", rc == 0, (rc, err))
# ... or is interrupted after it
s = Server("--grace-ms", "50", "--policy", endless)
t = threading.Thread(target=inflight, args=(4000,))
t.start()
while s.metric("hl_serve_inflight") != 1 and time.time() < deadline + 2 * TIMEOUT:
    time.sleep(0.01)
s.p.send_signal(signal.SIGTERM)
t.join(TIMEOUT)
rc, err = s.stop()
st, j, _ = result.get("r", (0, {}, None))
check("SIGTERM past the grace time: interrupted", st == 200 and j.get("limit") == "interrupted", (st, j))

# a bad token file is refused at start
with open(tokens, "w") as f:
    json.dump({"tenants": [{"id": "a", "token": A, "quota": {"runs_per_secnd": 1}}]}, f)
p = subprocess.run([HL, "serve", "--http", "127.0.0.1:0", "--tokens", tokens], capture_output=True, timeout=TIMEOUT)
check("a misspelt quota is refused", p.returncode == 2 and b"runs_per_secnd" in p.stderr, p)
os.unlink(tokens)
os.unlink(endless)
os.rmdir(tmp)

sys.exit(serve_client.summary("http"))
