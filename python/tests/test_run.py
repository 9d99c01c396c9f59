"""test_run.py — compile and run: diagnostics, one exception class per
fault with its details, captured output, tenants and interrupts."""
import threading
import time

import pytest

import hyperlang
from hyperlang import Atom


def test_compile_error_has_located_diagnostics(engine):
    with pytest.raises(hyperlang.CompileError) as e:
        engine.compile("-module(m).\n-export([f/0]).\nf() -> os:cmd(\"ls\").\n", "m.erl")
    (line, col, msg), = e.value.diagnostics
    assert (line, col) == (3, 8) and "os:cmd/1" in msg
    assert str(e.value).startswith("m.erl:3:8: error:")
    with pytest.raises(hyperlang.CompileError):
        engine.check("-module(m).\nf( ->\n")
    engine.check("-module(m).\n-export([f/0]).\nf() -> ok.\n")


def test_compile_limits_and_headers(engine):
    src = "-module(h).\n-export([f/0]).\n-include(\"defs.hrl\").\nf() -> ?X.\n"
    assert engine.compile(src, headers={"defs.hrl": "-define(X, 42).\n"}).run("f") == 42
    with pytest.raises(hyperlang.CompileError):
        engine.compile(src, headers={"defs.hrl": "-define(X, 42).\n"}, limits={"tokens": 5})
    with pytest.raises(hyperlang.MisuseError):
        engine.compile(src, limits={"nonsense": 5})


def test_program_of_two_modules(engine):
    p = engine.compile(["-module(a).\n-export([f/0]).\nf() -> b:g() + 1.\n",
                        "-module(b).\n-export([g/0]).\ng() -> 41.\n"], ["a.erl", "b.erl"])
    assert p.run("f") == 42


@pytest.mark.parametrize("fn,cls,reason", [("boom", "error", (Atom("bad"), 7)),
                                            ("thrower", "throw", 7), ("exiter", "exit", 7)])
def test_guest_exception(prog, fn, cls, reason):
    with pytest.raises(hyperlang.GuestException) as e:
        prog.run(fn, 7)
    assert e.value.cls == cls and e.value.reason == reason
    assert e.value.stack[0][:3] == (Atom("t"), Atom(fn), 1)
    assert "t:%s/1" % fn in e.value.stack_text and e.value.reason_text


def test_undef_names_the_exported_arities(prog):
    with pytest.raises(hyperlang.GuestException) as e:
        prog.run("add", 1)
    assert e.value.reason == Atom("undef") and e.value.stack == []
    with pytest.raises(hyperlang.GuestException):
        prog.tenant().call("add", 1)


@pytest.mark.parametrize("fn,args,limits,cls", [
    ("loop", (), {"max_reductions": 10000}, hyperlang.ReductionLimit),
    ("big", (10**6,), {"max_heap_bytes": 100000}, hyperlang.HeapLimit),
    ("loop", (), {"timeout_ms": 30, "max_reductions": 10**12}, hyperlang.DeadlineLimit),
    ("chatty", (), {"max_output_bytes": 100}, hyperlang.OutputLimit),
])
def test_limits(prog, fn, args, limits, cls):
    with pytest.raises(cls) as e:
        prog.run(fn, *args, **limits)
    assert isinstance(e.value, hyperlang.LimitError) and e.value.kind == cls.kind
    assert e.value.reductions is not None
    if cls is hyperlang.ReductionLimit:
        assert e.value.reductions == 10000
    if cls is hyperlang.OutputLimit:
        assert e.value.output.startswith("[1,2,3,") and len(e.value.output) <= 100


def test_run_full_captures_output_and_reductions(prog):
    r = prog.run_full("hi")
    assert r.value == Atom("ok") and r.output == "hi there\n" and r.reductions > 0
    assert prog.run_full("hi").reductions == r.reductions  # deterministic


def test_tenant(prog):
    t = prog.tenant(max_reductions=10000)
    for i in range(5):
        assert t.call("add", i, 1) == i + 1
    assert t.call("hi") == Atom("ok") and t.output == "hi there\n" and t.reductions > 0
    with pytest.raises(hyperlang.ReductionLimit):
        t.call("loop")
    assert t.call("add", 1, 1) == 2  # usable after a fault
    with pytest.raises(hyperlang.MisuseError):
        prog.tenant(nonsense=1)


def test_interrupt_from_another_thread(prog):
    t = prog.tenant(max_reductions=10**12, timeout_ms=60000)
    caught = []

    def run():
        try:
            t.call("loop")
        except hyperlang.Interrupted as e:
            caught.append(e)

    th = threading.Thread(target=run)
    th.start()
    while th.is_alive():  # an interrupt before the call starts is dropped
        t.interrupt()
        time.sleep(0.005)
    th.join()
    assert caught and caught[0].kind == "interrupted"


def test_tenant_is_one_thread_at_a_time(prog):
    t = prog.tenant(max_reductions=10**12, timeout_ms=60000)
    th = threading.Thread(target=lambda: pytest.raises(hyperlang.Interrupted, t.call, "loop"))
    th.start()
    time.sleep(0.05)
    try:
        with pytest.raises(RuntimeError):
            t.call("add", 1, 2)
    finally:
        while th.is_alive():
            t.interrupt()
            time.sleep(0.005)
        th.join()


def test_threads_share_a_program(prog):
    results = {}

    def work(k):
        results[k] = [prog.run("add", k, i) for i in range(200)]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert all(results[k] == [k + i for i in range(200)] for k in range(4))


def test_version():
    assert hyperlang.VERSION.count(".") == 2 and hyperlang.__version__ == hyperlang.VERSION


def test_closed_objects_report_misuse(engine):
    p = engine.compile("-module(c).\n-export([f/0]).\nf() -> ok.\n")
    t = p.tenant()
    t.close()
    t.close()
    with pytest.raises(hyperlang.MisuseError):
        t.call("f")
    t.interrupt()
    assert t.output == "" and t.reductions == 0
    p.close()
    with pytest.raises(hyperlang.MisuseError):
        p.run("f")
    e = hyperlang.Engine()
    e.close()
    with pytest.raises(hyperlang.MisuseError):
        e.compile("-module(c).\n")


def test_tenant_slices(engine):
    p = engine.compile("-module(s).\n-export([sum/1]).\n"
                       "sum(N) -> sum(N, 0).\nsum(0, A) -> A;\nsum(N, A) -> sum(N - 1, A + N).\n")
    t = p.tenant(max_reductions=10**6)
    whole = t.call("sum", 10000)
    used = t.reductions
    t.start("sum", 10000)
    slices = 0
    while (r := t.resume(1000)) is hyperlang.PENDING:
        slices += 1
    assert r == whole == 50005000 and t.reductions == used and slices >= used // 1000 - 1
    t.start("sum", 10**7)  # the limit counts over the whole call
    with pytest.raises(hyperlang.ReductionLimit):
        while t.resume(100000) is hyperlang.PENDING:
            pass
    with pytest.raises(hyperlang.MisuseError):
        t.resume()  # nothing started
