"""test_memory.py — ownership: 100,000 calls through every path that makes
or frees handles (arguments of every kind, results, exceptions, a binding
call in each, a tenant), after 5,000 warm-up calls, and the process's
resident memory must not grow past a small bound."""
import hyperlang
from hyperlang import Atom

CALLS = 100_000
BOUND = 4 << 20  # bytes; a leak of one small term per call would pass it


def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def test_rss_is_flat_over_100000_calls():
    eng = hyperlang.Engine()
    eng.register("kv", "get", 1, lambda k: {b"k": k})
    p = eng.compile("-module(mem).\n-export([f/2, g/1]).\n"
                    "f(L, M) -> {lists:reverse(L), M, kv:get(length(L))}.\n"
                    "g(X) -> error({bad, X}).\n", grants=["kv:get/1"])
    t = p.tenant()
    args = ([1, Atom("a"), b"bin"], {b"key": (1, "two")})
    rich = ([1, 2.5, Atom("a"), b"bin", 2**80], {b"key": (1, "two")})  # floats, bignums

    def batch(n):
        for i in range(n):
            if i % 10 == 0:
                try:
                    p.run("g", [i])
                except hyperlang.GuestException:
                    pass
            elif i % 10 == 5:
                assert p.run("f", *rich)[2] == {b"k": 5}
            elif i % 2:
                assert t.call("f", *args)[2] == {b"k": 3}
            else:
                assert p.run("f", *args)[2] == {b"k": 3}

    batch(5_000)  # warm up: caches, allocator arenas
    before = rss()
    batch(CALLS)
    grown = rss() - before
    print("RSS grew by %d KiB over %d calls" % (grown // 1024, CALLS))
    assert grown < BOUND, grown
