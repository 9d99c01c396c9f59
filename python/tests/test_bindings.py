"""test_bindings.py — host bindings written in Python: results, errors the
guest catches, grants, atoms, finalization."""
import threading
import weakref

import pytest

import hyperlang
from hyperlang import Atom

SRC = """-module(b).
-export([get/1, twice/1, safe/1]).
get(K) -> kv:get(K).
twice(K) -> kv:get(K) + kv:get(K).
safe(K) -> try kv:get(K) catch error:E -> {caught, E} end.
"""


@pytest.fixture
def kv():
    eng = hyperlang.Engine()
    calls = []

    @eng.binding("kv", "get", 1)
    def get(key):
        calls.append(key)
        if key == 0:
            raise hyperlang.BindingError(b"no such key")
        if key == -1:
            raise ValueError("bad key")
        if key == -2:
            raise hyperlang.BindingError()
        if key == -3:
            return Atom("not_in_the_program")
        if key == -4:
            return object()
        if isinstance(key, dict):
            return {k: v for k, v in key.items()}
        return key * 10

    return eng, eng.compile(SRC, grants=["kv:get/1"]), calls


def test_result(kv):
    eng, p, calls = kv
    assert p.run("get", 4) == 40 and p.run("twice", 2) == 40 and calls == [4, 2, 2]
    assert p.run("get", {Atom("kv"): [1, b"x"]}) == {Atom("kv"): [1, b"x"]}


def test_errors_reach_the_guest(kv):
    eng, p, _ = kv
    be = (Atom("binding_error"), Atom("kv"), Atom("get"))
    assert p.run("safe", 0) == (Atom("caught"), be + (b"no such key",))
    assert p.run("safe", -1) == (Atom("caught"), be + (b"ValueError: bad key",))
    assert p.run("safe", -2) == (Atom("caught"), be + (Atom("undefined"),))
    assert p.run("safe", -3) == (Atom("caught"),
                                 be + (b"result holds an atom the program does not know",))
    r = p.run("safe", -4)
    assert r[1][3].startswith(b"ConversionError")
    with pytest.raises(hyperlang.GuestException) as e:
        p.run("get", 0)
    assert e.value.reason == be + (b"no such key",)


def test_grants(kv):
    eng, _, _ = kv
    with pytest.raises(hyperlang.CompileError) as e:
        eng.compile(SRC)  # not granted
    assert "kv:get/1 is not declared" in str(e.value)
    with pytest.raises(hyperlang.MisuseError):
        eng.compile(SRC, grants=[("kv", "put", 2)])  # granted, not registered
    with pytest.raises(hyperlang.MisuseError):
        eng.compile(SRC, grants=["kv:get"])


def _registered(eng, module, function, arity):
    """Registers a fresh function; returns a weak reference to it, which dies
    when the library has finalized the binding (its only strong holder)."""
    fn = lambda *args: 0  # noqa: E731
    ref = weakref.ref(fn)
    eng.register(module, function, arity, fn)
    return ref


def test_finalized_once(kv):
    eng, p, _ = kv
    first = _registered(eng, "kv", "put", 2)
    assert first() is not None  # held while registered
    second = _registered(eng, "kv", "put", 2)  # replaces: the old one is finalized
    assert first() is None and second() is not None
    eng.unregister("kv", "put", 2)
    assert second() is None
    fn = lambda f, xs: xs  # noqa: E731
    ref = weakref.ref(fn)
    with pytest.raises(hyperlang.MisuseError):
        eng.register("lists", "map", 2, fn)  # reserved: refused, not kept
    del fn
    assert ref() is None


def test_engine_freed_first(kv):
    eng, p, _ = kv
    ref = _registered(eng, "kv", "put", 2)
    eng.close()  # finalizes every binding of the engine
    assert ref() is None
    with pytest.raises(hyperlang.GuestException) as e:
        p.run("get", 1)  # the module outlives its engine; the binding is gone
    assert e.value.reason == Atom("undef")


def test_a_binding_cannot_run_guest_code(kv):
    eng, p, _ = kv
    inner = []

    def nested(k):
        try:
            p.run("get", 1)
        except hyperlang.MisuseError as e:
            inner.append(e)
            raise
        return 0

    eng.register("kv", "get", 1, nested)  # replaces; p was compiled against the old one
    p2 = eng.compile(SRC, grants=["kv:get/1"])
    r = p2.run("safe", 5)
    assert r[0] == Atom("caught") and r[1][3].startswith(b"MisuseError") and inner
    assert p2.tenant().call("safe", 5) == r  # the outer call's result is intact


def test_bindings_called_from_runs_on_several_threads(kv):
    eng, p, _ = kv
    results = {}

    def work(k):
        t = p.tenant()
        results[k] = [t.call("twice", k * 100 + i) for i in range(1, 101)]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert results == {k: [20 * (k * 100 + i) for i in range(1, 101)] for k in range(4)}
