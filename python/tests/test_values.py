"""test_values.py — Python values cross to the guest and back (values.py's
mapping): each kind, nesting, the atom policy, and what is refused."""
import pytest

import hyperlang
from hyperlang import Atom, FrozenList, Term, charlist


@pytest.mark.parametrize("value", [
    0, 1, -1, 2**62, -(2**63), 2**63 - 1, 2**63, -(2**63) - 1, 2**200, -(3**150),
    0.0, -2.5, 1e300, Atom("ok"), Atom("héllo wörld"), True, False,
    b"", b"bytes\x00\xff", [], [1, [2, [3]]], (), (1, "x" and b"x", (2,)),
    {}, {Atom("a"): 1, 2: [b"b"]}, {(1, 2): {3: 4}}, Term("[1|2]"),
])
def test_round_trip(prog, value):
    assert prog.run("id", value) == value


def test_str_is_a_binary_and_charlist_a_list(prog):
    assert prog.run("id", "héllo") == "héllo".encode()
    assert prog.run("id", charlist("abc")) == [97, 98, 99]
    assert prog.run("words", "a b c") == 3


def test_none_is_undefined(prog):
    assert prog.run("id", None) == Atom("undefined")


def test_atom_is_a_str_but_crosses_as_an_atom(prog):
    assert Atom("ok") == "ok" and isinstance(prog.run("id", Atom("ok")), Atom)
    assert repr(Atom("ok")) == "Atom('ok')"


def test_guest_terms_without_python_form(prog):
    eng = prog.engine
    p = eng.compile("-module(g).\n-export([f/0, k/0, bits/0]).\n"
                    "f() -> [1, 2 | three].\nk() -> #{\"abc\" => 1, [x] => 2}.\n"
                    "bits() -> <<1:3>>.\n")
    assert p.run("f") == Term("[1,2|three]")
    assert p.run("k") == {FrozenList([97, 98, 99]): 1, FrozenList([Atom("x")]): 2}
    assert p.run("id" if False else "bits") == Term("<<1:3>>")
    # a FrozenList key goes back as a list
    assert prog.run("id", {FrozenList([1]): 2}) == {FrozenList([1]): 2}


def test_refused(prog):
    for bad in (float("nan"), float("inf"), object(), {1, 2}):
        with pytest.raises(hyperlang.ConversionError):
            prog.run("id", bad)


def test_deep_nesting_is_an_error_not_a_crash(prog):
    deep = []
    for _ in range(100000):
        deep = [deep]
    with pytest.raises(hyperlang.ConversionError):
        prog.run("id", deep)
    p = prog.engine.compile("-module(d).\n-export([d/1]).\n"
                            "d(0) -> []; d(N) -> [d(N - 1)].\n")
    with pytest.raises(hyperlang.ConversionError):
        p.run("d", 100000)


def test_large_values(prog):
    big = list(range(100000))
    assert prog.run("id", big) == big
    blob = bytes(range(256)) * 4096
    assert prog.run("id", blob) == blob
