"""test_actors.py — Program.actor (hl_actor_*, docs/actors.md): a server
answering calls and casts on the engine's workers and writing to the host
pseudo-process; its outcome by wait(); kill, interrupt and a call after the
end; a binding called from a worker thread; calls from several Python
threads at once; the capability it needs."""
import threading

import pytest

import hyperlang
from hyperlang import Atom

SRC = """-module(srv).
-export([start/2, crash/0]).
start(Host, N) -> loop(Host, N).
loop(Host, N) ->
    receive
        {'$gen_call', {From, Tag}, {add, X}} -> From ! {Tag, N + X}, loop(Host, N + X);
        {'$gen_call', {From, Tag}, get} -> From ! {Tag, N}, loop(Host, N);
        {'$gen_call', {From, Tag}, {look, K}} -> From ! {Tag, kv:get(K)}, loop(Host, N);
        {'$gen_call', _, never} -> loop(Host, N);
        {'$gen_cast', {note, M}} -> Host ! {noted, M}, loop(Host, N);
        {'$gen_cast', spin} -> spin();
        stop -> io:format("bye ~p~n", [N]), {done, N}
    end.
spin() -> spin().
crash() -> receive {'$gen_call', _, _} -> error(boom) end.
"""


@pytest.fixture(scope="module")
def actor_prog():
    eng = hyperlang.Engine()
    eng.register("kv", "get", 1, lambda k: {b"k": k})
    return eng.compile(SRC, "srv.erl", grants=["kv:get/1"], capabilities=["processes"])


def test_call_cast_send_wait(actor_prog):
    a = actor_prog.actor("start", 10, host_arg=True, max_reductions=10_000_000)
    assert a.call((Atom("add"), 5)) == 15
    assert a.call(Atom("get"), timeout_ms=5_000) == 15
    assert a.call((Atom("look"), 7)) == {b"k": 7}  # the binding, run on a worker
    a.cast((Atom("note"), b"hi"))
    assert a.receive(timeout_ms=5_000) == (Atom("noted"), b"hi")
    assert a.receive() is hyperlang.PENDING
    assert a.wait(timeout_ms=1) is hyperlang.PENDING
    a.send(Atom("stop"))
    assert a.wait() == (Atom("done"), 15)
    assert a.wait() == (Atom("done"), 15)  # any number of times
    assert a.output == "bye 15\n"
    with pytest.raises(hyperlang.GuestException) as e:  # ended: noproc
        a.call(Atom("get"))
    assert (e.value.cls, e.value.reason) == ("exit", Atom("noproc"))
    a.close()


def test_faults(actor_prog):
    a = actor_prog.actor("start", 0, host_arg=True)
    with pytest.raises(hyperlang.DeadlineLimit):  # no reply in time
        a.call(Atom("never"), timeout_ms=50)
    a.kill()
    with pytest.raises(hyperlang.GuestException) as e:
        a.wait()
    assert (e.value.cls, e.value.reason) == ("exit", Atom("killed"))
    b = actor_prog.actor("start", 0, host_arg=True)
    b.cast(Atom("spin"))
    b.interrupt()
    with pytest.raises(hyperlang.Interrupted):
        b.wait()
    c = actor_prog.actor("crash")
    with pytest.raises(hyperlang.GuestException) as e:  # it raises before replying
        c.call(Atom("x"))
    assert e.value.reason == Atom("noproc")
    with pytest.raises(hyperlang.GuestException) as e:
        c.wait()
    assert (e.value.cls, e.value.reason) == ("error", Atom("boom"))
    with pytest.raises(hyperlang.ReductionLimit):  # the limits bound its life
        d = actor_prog.actor("start", 0, host_arg=True, max_reductions=100_000)
        d.cast(Atom("spin"))
        d.wait()
    with pytest.raises(hyperlang.GuestException) as e:  # undef, naming what exists
        actor_prog.actor("nope")
    assert e.value.reason == Atom("undef")


def test_needs_processes(engine):
    p = engine.compile("-module(np).\n-export([f/0]).\nf() -> ok.\n")
    with pytest.raises(hyperlang.MisuseError):
        p.actor("f")


def test_threads(actor_prog):
    a = actor_prog.actor("start", 0, host_arg=True)
    errors = []

    def worker():
        try:
            for _ in range(200):
                a.call((Atom("add"), 1), timeout_ms=10_000)
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert a.call(Atom("get")) == 800
    a.send(Atom("stop"))
    assert a.wait() == (Atom("done"), 800)
