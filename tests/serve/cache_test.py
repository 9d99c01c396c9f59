#!/usr/bin/env python3
"""tests/serve/cache_test.py HL — `hl serve --cache-dir DIR` (docs/serve.md,
"Program cache"): a restarted server loads its programs from DIR instead of
compiling (hl_serve_cache_misses_total stays 0, disk hits count them); a
file flipped, cut short, a symbolic link, a file of the wrong kind are
refused, removed and counted, and the program is compiled again and runs
right; the directory stays within its byte bound; a directory others may
write is refused at start. Bounded: a few servers, a few requests."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import serve_client  # noqa: E402
from serve_client import Server, check  # noqa: E402

HL = serve_client.HL = sys.argv[1]

FIB = {"source": "-module(fib).\n-export([fib/1]).\nfib(N) when N < 2 -> N;\nfib(N) -> fib(N-1) + fib(N-2).\n",
       "function": "fib", "args": [15]}


def prog(i):
    return {"source": f"-module(p{i}).\n-export([f/0]).\nf() -> {{{i}, lists:seq(1, {i})}}.\n", "function": "f"}


def run(s, body):
    st, j = s.req("POST", "/v1/run", body)
    return st, j


def main():
    d = tempfile.mkdtemp()
    cache = os.path.join(d, "cache")
    # 1. a cold server compiles and writes its programs
    s = Server("--cache-dir", cache)
    st, j = run(s, FIB)
    check("cold run", st == 200 and j.get("result") == 610, j)
    check("cold: files written", s.metric("hl_serve_disk_cache_writes_total") == 2,  # the start-up probe and fib
          s.metric("hl_serve_disk_cache_writes_total"))
    s.stop()
    files = sorted(os.listdir(cache))
    check("0600 files", all(os.stat(os.path.join(cache, f)).st_mode & 0o777 == 0o600 for f in files), files)
    check("the directory is 0700", os.stat(cache).st_mode & 0o777 == 0o700)
    # 2. a restart compiles nothing
    s = Server("--cache-dir", cache)
    st, j = run(s, FIB)
    check("warm restart run", st == 200 and j.get("result") == 610, j)
    check("restart: the compiler never ran", s.metric("hl_serve_cache_misses_total") == 0,
          s.metric("hl_serve_cache_misses_total"))
    check("restart: disk hits", s.metric("hl_serve_disk_cache_hits_total") == 2, s.metric("hl_serve_disk_cache_hits_total"))
    s.stop()
    # 3. hostile contents: a flipped byte in every file, a symbolic link
    # under a key's name, a leftover temporary file
    for f in files:
        p = os.path.join(cache, f)
        b = bytearray(open(p, "rb").read())
        b[len(b) // 2] ^= 0x10
        open(p, "wb").write(b)
    link = os.path.join(cache, "ab" * 32 + ".hlp")
    os.symlink("/etc/passwd", link)
    open(os.path.join(cache, "tmp-1-1"), "wb").write(b"half")
    outside = os.path.join(d, "outside")
    open(outside, "wb").write(b"a file elsewhere")
    hard = os.path.join(cache, "cd" * 32 + ".hlp")
    os.link(outside, hard)
    s = Server("--cache-dir", cache)
    st, j = run(s, FIB)
    check("tampered: still the right answer", st == 200 and j.get("result") == 610, j)
    check("tampered: refused and counted", s.metric("hl_serve_disk_cache_refused_total") == 4,  # 2 files + 2 links
          s.metric("hl_serve_disk_cache_refused_total"))
    check("tampered: compiled again", s.metric("hl_serve_cache_misses_total") == 2, s.metric("hl_serve_cache_misses_total"))
    check("tampered: written again", s.metric("hl_serve_disk_cache_writes_total") == 2)
    _, err = s.stop()
    check("tampered: logged", "checksum does not match" in err, err[-600:])
    check("the links and the temporary file are gone",
          not os.path.lexists(link) and not os.path.exists(hard) and not os.path.exists(os.path.join(cache, "tmp-1-1")),
          os.listdir(cache))
    check("the hard link's target is untouched", open(outside, "rb").read() == b"a file elsewhere")
    # 4. a file cut short, another replaced by a directory
    files = sorted(f for f in os.listdir(cache))
    p = os.path.join(cache, files[0])
    b = open(p, "rb").read()
    open(p, "wb").write(b[:len(b) - 7])
    s = Server("--cache-dir", cache)
    st, j = run(s, FIB)
    check("cut short: right answer", st == 200 and j.get("result") == 610, j)
    check("cut short: refused", s.metric("hl_serve_disk_cache_refused_total") == 1, s.metric("hl_serve_disk_cache_refused_total"))
    s.stop()
    # 5. the byte bound: older files go first
    small = os.path.join(d, "small")
    s = Server("--cache-dir", small, "--cache-dir-bytes", "700")
    for i in range(1, 7):
        st, j = run(s, prog(i))
        check(f"bounded run {i}", st == 200 and j.get("status") == "ok", j)
    held = s.metric("hl_serve_disk_cache_bytes")
    check("bounded: evictions", s.metric("hl_serve_disk_cache_evictions_total") > 0)
    check("bounded: within the bound", held <= 700, held)
    s.stop()
    check("bounded: the files on disk", sum(os.path.getsize(os.path.join(small, f)) for f in os.listdir(small)) <= 700)
    # 6. a directory others may write is refused at start
    shared = os.path.join(d, "shared")
    os.mkdir(shared)
    os.chmod(shared, 0o777)
    r = subprocess.run([HL, "serve", "--http", "127.0.0.1:0", "--cache-dir", shared], capture_output=True, timeout=60)
    check("shared directory refused", r.returncode == 2 and b"writable by no one else" in r.stderr, r.stderr[-300:])
    subprocess.run(["rm", "-rf", d])
    return serve_client.summary("cache")


if __name__ == "__main__":
    sys.exit(main())
