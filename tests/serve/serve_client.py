"""tests/serve/serve_client.py — what the `hl serve` tests share: a server on
a free loopback port (Server) with a request helper, the metrics and a clean
stop (exit 0, no sanitizer report); a server on a pipe (Stdio) with its
clean close; and the pass/fail tally (check)."""
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
        print(f"FAIL {name}: {detail}"[:2000])


def summary(test):
    """Prints the tally; the exit status it makes."""
    print(f"{test}: {tally['passed']} passed, {tally['failed']} failed")
    return 1 if tally["failed"] else 0


class Server:
    def __init__(self, *args):
        self.p = subprocess.Popen([HL, "serve", "--http", "127.0.0.1:0", *args], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        line = self.p.stdout.readline().decode()
        m = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        if not m:
            raise RuntimeError(f"no address: {line!r} {self.p.stderr.read()!r}")
        self.port = int(m.group(1))

    def request(self, method, path, body=None, token=None, raw=None, headers=None):
        """(status, the body as JSON or else text, the response); raw: bytes
        sent as they are instead of body as JSON."""
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        h = dict(headers or {})
        if token:
            h["Authorization"] = "Bearer " + token
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
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
        return r.status, j, r

    def req(self, method, path, body=None, token=None):
        return self.request(method, path, body, token)[:2]

    def metric(self, name):
        _, text = self.req("GET", "/metrics")
        m = re.search(r"^" + re.escape(name) + r" (\S+)$", text, re.M)
        return float(m.group(1)) if m else None

    def stop(self, sig=signal.SIGTERM):
        self.p.send_signal(sig)
        return ended(self.p, "the server exits 0 on the signal")


class Stdio:
    """`hl serve --stdio ARGS` on pipes, bytes or (text=True) text."""

    def __init__(self, *args, text=False):
        self.p = subprocess.Popen([HL, "serve", "--stdio", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=text)

    def close(self):
        self.p.stdin.close()
        return ended(self.p, "the server exits 0 at end of input")


def ended(p, name):
    """Waits for a server told to end; every one ends cleanly (no sanitizer
    report, no leak, exit 0). (rc, stderr as text)."""
    rc = p.wait(TIMEOUT)
    err = p.stderr.read()
    if isinstance(err, bytes):
        err = err.decode(errors="replace")
    p.stdout.close()
    p.stderr.close()
    check(name, rc == 0 and "Sanitizer" not in err, (rc, err[-1500:]))
    return rc, err
