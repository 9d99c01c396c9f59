"""bench_calls.py — what a call costs from Python, to compare with the C
API's: bench/bench_call_cpu does the same calls from C (make the argument,
call, read the result, free). Medians of 9 batches, wall and CPU time:
  id(42) through Program.run (a fresh process per call, like hl_run);
  id(42) through Tenant.call (a warm tenant, like hl_tenant_call);
  the same two C calls made directly through cffi with prepared arguments
  (what the binding's conversions and checks add is the difference);
  a richer call: a 10-element list and a 3-key map in, a tuple out.
Usage: HYPERLANG_LIBRARY=build/rel/libhyperlang.so.0 python3 python/bench_calls.py
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hyperlang  # noqa: E402
from hyperlang._native import ffi, lib  # noqa: E402

SRC = "-module(b).\n-export([id/1, pair/2]).\nid(X) -> X.\npair(L, M) -> {length(L), M}.\n"


def median_us(fn, n):
    """Median wall and CPU time per call over 9 batches (on a loaded machine
    the CPU time is the fair figure: wall also counts other jobs' turns)."""
    wall, cpu = [], []
    for _ in range(9):
        w0, c0 = time.perf_counter(), time.process_time()
        for _ in range(n):
            fn()
        wall.append((time.perf_counter() - w0) / n * 1e6)
        cpu.append((time.process_time() - c0) / n * 1e6)
    return sorted(wall)[4], sorted(cpu)[4]


def main():
    eng = hyperlang.Engine()
    p = eng.compile(SRC)
    t = p.tenant()
    arg = ffi.new("hl_value *[1]")
    lib.hl_value_int(42, arg)
    res = ffi.new("hl_value **")
    err = ffi.new("hl_error **")
    fn = ffi.new("uint32_t *")
    lib.hl_module_function(p._ptr, b"id", 1, fn, ffi.NULL)
    raw_t = t._ptr

    def raw_run():
        lib.hl_run(p._ptr, b"id", arg, 1, ffi.NULL, res, err)
        lib.hl_value_free(res[0])

    def raw_tenant():
        lib.hl_tenant_call(raw_t, fn[0], arg, 1, res, err)
        lib.hl_value_free(res[0])

    lst, mp = list(range(10)), {b"a": 1, b"b": 2.5, b"c": hyperlang.Atom("ok")}
    rows = [("Program.run id(42)", lambda: p.run("id", 42)),
            ("Tenant.call id(42)", lambda: t.call("id", 42)),
            ("cffi hl_run id(42), prepared args", raw_run),
            ("cffi hl_tenant_call id(42), prepared args", raw_tenant),
            ("Tenant.call pair(10-list, 3-map)", lambda: t.call("pair", lst, mp))]
    for name, f in rows:
        print("%-44s wall %7.2f us  cpu %7.2f us per call" % ((name,) + median_us(f, 20000)))
    lib.hl_value_free(arg[0])


if __name__ == "__main__":
    main()
