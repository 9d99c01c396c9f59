"""tests/serve/serve_client.py — what the newer `hl serve` tests share: a
server on a free loopback port (Server), a request helper, the metrics, a
clean stop (exit 0, no sanitizer report), and the pass/fail tally."""
import http.client
import json
import re
import signal
import subprocess

TIMEOUT = 60
HL = None  # set by the test from its argv
tally = {"passed": 0, "failed": 0}


def check(name, cond, detail=""):
    if cond:
        tally["passed"] += 1
    else:
        tally["failed"] += 1
        print(f"FAIL {name}: {detail}"[:600])


class Server:
    def __init__(self, *args):
        self.p = subprocess.Popen([HL, "serve", "--http", "127.0.0.1:0", *args], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        line = self.p.stdout.readline().decode()
        m = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        if not m:
            raise RuntimeError(f"no address: {line!r} {self.p.stderr.read()!r}")
        self.port = int(m.group(1))

    def req(self, method, path, body=None, token=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        h = {}
        if token:
            h["Authorization"] = "Bearer " + token
        data = json.dumps(body).encode() if body is not None else None
        if data is not None:
            h["Content-Type"] = "application/json"
        c.request(method, path, body=data, headers=h)
        r = c.getresponse()
        text = r.read()
        c.close()
        try:
            j = json.loads(text)
        except ValueError:
            j = text.decode(errors="replace")
        return r.status, j

    def metric(self, name):
        _, text = self.req("GET", "/metrics")
        m = re.search(r"^" + re.escape(name) + r" (\S+)$", text, re.M)
        return float(m.group(1)) if m else None

    def stop(self):
        self.p.send_signal(signal.SIGTERM)
        rc = self.p.wait(TIMEOUT)
        err = self.p.stderr.read().decode(errors="replace")
        self.p.stdout.close()
        self.p.stderr.close()
        check("the server exits 0 on SIGTERM", rc == 0 and "Sanitizer" not in err, (rc, err[-1500:]))
        return rc, err
