"""hyperlang — Python binding of Hyperlang's C API (docs/python.md): compile
Erlang modules and run them as metered, isolated guests from Python.

    import hyperlang
    engine = hyperlang.Engine()
    prog = engine.compile("-module(m).\\n-export([add/2]).\\nadd(A, B) -> A + B.\\n")
    assert prog.run("add", 2, 3, max_reductions=10_000) == 5

Loads libhyperlang.so.0 with cffi in ABI mode (no compile step); see
_native.py for where it looks.
"""
from ._native import LIBRARY_PATH, VERSION
from .engine import PENDING, Actor, Engine, Program, Run, Tenant
from .errors import (AtomLimit, BindingError, CompileError, ConversionError, DeadlineLimit,
                     GuestException, HeapLimit, HyperlangError, Interrupted, LimitError,
                     MisuseError, OutOfMemory, OutputLimit, ReductionLimit, RejectedError)
from .values import Atom, FrozenList, Term, charlist

__version__ = VERSION
__all__ = ["Engine", "Program", "Run", "Tenant", "Actor", "PENDING", "Atom", "FrozenList", "Term", "charlist",
           "HyperlangError", "CompileError", "LimitError", "ReductionLimit", "HeapLimit",
           "DeadlineLimit", "OutputLimit", "Interrupted", "AtomLimit", "GuestException",
           "RejectedError", "MisuseError", "OutOfMemory", "ConversionError", "BindingError",
           "LIBRARY_PATH", "VERSION"]
