"""values.py — Python values <-> hl_value handles (docs/python.md, "Values").

Python to Erlang:
    bool -> true/false; None -> undefined; int -> integer (bignums too);
    float -> float (finite); Atom -> atom; str -> UTF-8 binary (use
    charlist(s) for a list of code points); bytes/bytearray/memoryview ->
    binary; list -> list; tuple -> tuple; dict -> map; Term -> its text
    parsed back (an improper list); FrozenList -> list.
Erlang to Python:
    integer -> int; float -> float; true/false -> bool; other atoms -> Atom;
    binary -> bytes; list -> list; tuple -> tuple; map -> dict (a key that
    is a list comes back as FrozenList, which hashes); an improper list or
    a bitstring -> Term (its printed text).
Every handle made here is freed here: to_value's result belongs to the
caller, from_value never frees its argument.
"""
import threading

from ._native import ffi, lib
from .errors import ConversionError, from_error

# Types resolved once: ffi.new("...") would parse its string on every call.
T_VALUE_P = ffi.typeof("hl_value **")
T_VALUE_ARR = ffi.typeof("hl_value *[]")
T_ERROR_P = ffi.typeof("hl_error **")
T_CHAR_P = ffi.typeof("char **")
T_VOID_P = ffi.typeof("void **")
T_SIZE = ffi.typeof("size_t *")

_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


class Atom(str):
    """An Erlang atom: a str subclass, so Atom("ok") == "ok", but it crosses
    the boundary as an atom where a str crosses as a binary."""
    __slots__ = ()

    def __repr__(self):
        return "Atom(%s)" % str.__repr__(self)


class Term:
    """An Erlang term that has no Python form (an improper list, a
    bitstring), kept as its printed text (io_lib:format("~w"))."""
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __eq__(self, other):
        return isinstance(other, Term) and other.text == self.text

    def __hash__(self):
        return hash(("Term", self.text))

    def __repr__(self):
        return "Term(%r)" % self.text


class FrozenList(tuple):
    """A list used as a map key (a dict key must hash); crosses back as a list."""
    __slots__ = ()

    def __repr__(self):
        return "FrozenList(%s)" % list.__repr__(list(self))


def charlist(s):
    """The string s as an Erlang charlist (a list of code points)."""
    return [ord(c) for c in s]


def _check(status, err=None, to_python=None):
    if status != lib.HL_OK:
        raise from_error(status, err[0] if err is not None else ffi.NULL, to_python)


class _Builder:
    """Conversions Python -> hl_value on one thread (a thread-local instance:
    its out-parameters are read right after each C call that writes them, so
    a nested use, a binding called while a run's arguments are built, is
    safe). `module` is the program whose atoms the value may use (NULL:
    host atoms)."""
    __slots__ = ("module", "out", "err")

    def __init__(self):
        self.module = ffi.NULL
        self.out = ffi.new(T_VALUE_P)
        self.err = ffi.new(T_ERROR_P)

    def build(self, x):
        fn = _BUILD.get(type(x))
        if fn is None:
            fn = _build_fallback(x)
        return fn(self, x)

    def _items(self, items, make):
        n = len(items)
        arr = ffi.new(T_VALUE_ARR, n)
        try:
            for i, item in enumerate(items):
                arr[i] = self.build(item)
            _check(make(arr, n, self.out))
            return self.out[0]
        finally:
            for i in range(n):
                if arr[i] != ffi.NULL:
                    lib.hl_value_free(arr[i])


def _atom(b, name):
    data = name.encode("utf-8")
    _check(lib.hl_value_atom(b.module, data, len(data), b.out))
    return b.out[0]


def _bool(b, x):
    return _atom(b, "true" if x else "false")


def _none(b, x):
    return _atom(b, "undefined")


def _int(b, x):
    if _INT64_MIN <= x <= _INT64_MAX:
        _check(lib.hl_value_int(x, b.out))
    else:
        text = str(int(x)).encode()
        b.err[0] = ffi.NULL
        _check(lib.hl_value_parse(b.module, text, len(text), b.out, b.err), b.err)
    return b.out[0]


def _float(b, x):
    if x != x or x in (float("inf"), float("-inf")):
        raise ConversionError("Erlang has no float %r" % x)
    _check(lib.hl_value_float(x, b.out))
    return b.out[0]


def _str(b, x):
    data = x.encode("utf-8")
    _check(lib.hl_value_binary(data, len(data), b.out))
    return b.out[0]


def _bytes(b, x):
    data = bytes(x)
    _check(lib.hl_value_binary(data, len(data), b.out))
    return b.out[0]


def _list(b, x):
    return b._items(x, lib.hl_value_list)


def _tuple(b, x):
    return b._items(x, lib.hl_value_tuple)


def _term(b, x):
    text = x.text.encode("utf-8")
    b.err[0] = ffi.NULL
    _check(lib.hl_value_parse(b.module, text, len(text), b.out, b.err), b.err)
    return b.out[0]


def _dict(b, x):
    n = len(x)
    keys = ffi.new(T_VALUE_ARR, n)
    vals = ffi.new(T_VALUE_ARR, n)
    try:
        for i, (k, v) in enumerate(x.items()):
            keys[i] = b.build(k)
            vals[i] = b.build(v)
        _check(lib.hl_value_map(keys, vals, n, b.out))
        return b.out[0]
    finally:
        for i in range(n):
            if keys[i] != ffi.NULL:
                lib.hl_value_free(keys[i])
            if vals[i] != ffi.NULL:
                lib.hl_value_free(vals[i])


_BUILD = {bool: _bool, type(None): _none, int: _int, float: _float, Atom: lambda b, x: _atom(b, x),
          str: _str, bytes: _bytes, bytearray: _bytes, memoryview: _bytes, list: _list,
          FrozenList: _list, tuple: _tuple, dict: _dict, Term: _term}


def _build_fallback(x):
    # subclasses of the types above (an IntEnum, an OrderedDict, ...)
    for t in (bool, Atom, FrozenList, Term, int, float, str, bytes, bytearray, memoryview,
              list, tuple, dict):
        if isinstance(x, t):
            return _BUILD[t]
    raise ConversionError("no Erlang form for a Python %s" % type(x).__name__)


_local = threading.local()


def _scratch():
    try:
        return _local.builder, _local.reader
    except AttributeError:
        _local.builder, _local.reader = _Builder(), _Reader()
        return _local.builder, _local.reader


def to_value(x, module=ffi.NULL):
    """A new hl_value for x; the caller frees it (lib.hl_value_free)."""
    b = _scratch()[0]
    saved, b.module = b.module, module
    try:
        return b.build(x)
    except RecursionError:
        raise ConversionError("the value nests too deeply to convert") from None
    finally:
        b.module = saved


# ---- Erlang -> Python ---------------------------------------------------------

class _Reader:
    __slots__ = ("i64", "dbl", "ptr", "bin", "size", "text", "elem", "key", "val")

    def __init__(self):
        self.i64 = ffi.new("int64_t *")
        self.dbl = ffi.new("double *")
        self.ptr = ffi.new(T_CHAR_P)
        self.bin = ffi.new(T_VOID_P)
        self.size = ffi.new(T_SIZE)
        self.text = ffi.new(T_CHAR_P)
        self.elem = ffi.new(T_VALUE_P)
        self.key = ffi.new(T_VALUE_P)
        self.val = ffi.new(T_VALUE_P)

    def read(self, v):
        return _READ[lib.hl_value_kind_of(v)](self, v)

    def text_of(self, v):
        _check(lib.hl_value_to_text(v, 0, self.text, self.size))
        try:
            return ffi.string(self.text[0], self.size[0]).decode("utf-8")
        finally:
            lib.hl_free(self.text[0])

    def count(self, v):
        _check(lib.hl_value_count(v, self.size))
        return self.size[0]

    def elements(self, v, n):
        out = []
        for i in range(n):
            _check(lib.hl_value_element(v, i, self.elem))
            e = self.elem[0]
            try:
                out.append(self.read(e))
            finally:
                lib.hl_value_free(e)
        return out


def _r_int(r, v):
    if lib.hl_value_get_int(v, r.i64) == lib.HL_OK:
        return r.i64[0]
    return int(r.text_of(v))  # a bignum


def _r_float(r, v):
    _check(lib.hl_value_get_float(v, r.dbl))
    return r.dbl[0]


_BOOLS = {"true": True, "false": False}


def _r_atom(r, v):
    _check(lib.hl_value_get_atom(v, r.ptr, r.size))
    name = ffi.unpack(r.ptr[0], r.size[0]).decode("utf-8")
    b = _BOOLS.get(name)
    return Atom(name) if b is None else b


def _r_binary(r, v):
    if lib.hl_value_get_binary(v, r.bin, r.size) != lib.HL_OK:
        return Term(r.text_of(v))  # a bitstring: not whole bytes
    return ffi.buffer(r.bin[0], r.size[0])[:]


def _r_list(r, v):
    if lib.hl_value_count(v, r.size) != lib.HL_OK:
        return Term(r.text_of(v))  # improper
    return r.elements(v, r.size[0])


def _r_tuple(r, v):
    return tuple(r.elements(v, r.count(v)))


def _key(k):
    if isinstance(k, list):
        return FrozenList(_key(e) for e in k)
    if isinstance(k, dict):
        raise ConversionError("a map used as a map key has no Python form")
    return k


def _r_map(r, v):
    out = {}
    for i in range(r.count(v)):
        _check(lib.hl_value_map_pair(v, i, r.key, r.val))  # read at once: r is shared
        k, val = r.key[0], r.val[0]
        try:
            out[_key(r.read(k))] = r.read(val)
        finally:
            lib.hl_value_free(k)
            lib.hl_value_free(val)
    return out


_READ = {lib.HL_VALUE_INTEGER: _r_int, lib.HL_VALUE_FLOAT: _r_float, lib.HL_VALUE_ATOM: _r_atom,
         lib.HL_VALUE_BINARY: _r_binary, lib.HL_VALUE_NIL: lambda r, v: [],
         lib.HL_VALUE_LIST: _r_list, lib.HL_VALUE_TUPLE: _r_tuple, lib.HL_VALUE_MAP: _r_map,
         lib.HL_VALUE_OTHER: lambda r, v: Term(r.text_of(v))}


def from_value(v):
    """The Python value of hl_value v (not freed)."""
    try:
        return _scratch()[1].read(v)
    except RecursionError:
        raise ConversionError("the term nests too deeply to convert") from None
