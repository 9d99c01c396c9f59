"""errors.py — the Python exceptions for the C API's statuses, one class per
fault (compile error, each limit, guest exception, rejected term, misuse),
built from an hl_error (which is freed here).

    HyperlangError                 every error; .status, .message
    +-- CompileError               .diagnostics: [(line, column, message)]
    +-- LimitError                 .kind: "reductions", "heap", "deadline",
    |   +-- ReductionLimit             "output", "interrupted", "atoms", "none"
    |   +-- HeapLimit
    |   +-- DeadlineLimit
    |   +-- OutputLimit
    |   +-- Interrupted
    |   +-- AtomLimit
    +-- GuestException             .cls ("error"/"exit"/"throw"), .reason and
    |                              .stack as Python values (None when they
    |                              cannot cross), .reason_text, .stack_text
    +-- RejectedError              a term may not cross the boundary
    +-- MisuseError                the API was used wrongly
    +-- OutOfMemory                the library's allocator failed
    +-- ConversionError            a Python value has no Erlang form, or the
                                   other way round (raised by this package)
Errors of runs also carry .reductions (used before the stop) and .output
(what the guest wrote), else None. BindingError is what a host binding
raises to give the guest a chosen reason.
"""
from ._native import ffi, lib


class HyperlangError(Exception):
    def __init__(self, message, status=None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.reductions = None
        self.output = None


class CompileError(HyperlangError):
    def __init__(self, message, status, diagnostics):
        super().__init__(message, status)
        self.diagnostics = diagnostics


class LimitError(HyperlangError):
    kind = "none"


class ReductionLimit(LimitError):
    kind = "reductions"


class HeapLimit(LimitError):
    kind = "heap"


class DeadlineLimit(LimitError):
    kind = "deadline"


class OutputLimit(LimitError):
    kind = "output"


class Interrupted(LimitError):
    kind = "interrupted"


class AtomLimit(LimitError):
    kind = "atoms"


class GuestException(HyperlangError):
    def __init__(self, message, status, cls, reason_text, stack_text):
        super().__init__(message, status)
        self.cls = cls
        self.reason_text = reason_text
        self.stack_text = stack_text
        self.reason = None
        self.stack = None


class RejectedError(HyperlangError):
    pass


class MisuseError(HyperlangError):
    pass


class OutOfMemory(HyperlangError, MemoryError):
    pass


class ConversionError(HyperlangError, TypeError):
    pass


class BindingError(Exception):
    """Raised by a host binding: the guest gets
    error:{binding_error, Module, Function, Reason} with Reason converted
    from `reason` (bytes for a message; None gives `undefined`)."""

    def __init__(self, reason=None):
        super().__init__(reason)
        self.reason = reason


_LIMIT_CLASSES = {c.kind: c for c in (ReductionLimit, HeapLimit, DeadlineLimit, OutputLimit,
                                      Interrupted, AtomLimit)}
_STATUS_CLASSES = {lib.HL_EREJECTED: RejectedError, lib.HL_EMISUSE: MisuseError,
                   lib.HL_ENOMEM: OutOfMemory}


def _text(p):
    return ffi.string(p).decode("utf-8", "replace") if p != ffi.NULL else None


def from_error(status, err, to_python=None):
    """The exception for `status` and the hl_error pointer `err` (may be
    NULL), which is freed. to_python converts the exception's terms."""
    try:
        if err == ffi.NULL:
            cls = _STATUS_CLASSES.get(status, HyperlangError)
            return cls(_text(lib.hl_status_name(status)), status)
        message = _text(lib.hl_error_message(err))
        if status == lib.HL_ECOMPILE:
            diags = []
            line, col, msg = ffi.new("uint32_t *"), ffi.new("uint32_t *"), ffi.new("char **")
            for i in range(lib.hl_error_diagnostic_count(err)):
                if lib.hl_error_diagnostic(err, i, line, col, msg) == lib.HL_OK:
                    diags.append((line[0], col[0], _text(msg[0])))
            exc = CompileError(message, status, diags)
        elif status == lib.HL_ELIMIT:
            kind = _text(lib.hl_limit_kind_name(lib.hl_error_limit(err)))
            exc = _LIMIT_CLASSES.get(kind, LimitError)(message, status)
            exc.kind = kind
        elif status == lib.HL_EEXCEPTION:
            c, r, s = ffi.new("char **"), ffi.new("char **"), ffi.new("char **")
            lib.hl_error_exception(err, c, r, s)
            exc = GuestException(message, status, _text(c[0]), _text(r[0]), _text(s[0]))
            if to_python is not None:
                exc.reason = _exception_part(err, lib.HL_EXCEPTION_REASON, to_python)
                exc.stack = _exception_part(err, lib.HL_EXCEPTION_STACK, to_python)
        else:
            exc = _STATUS_CLASSES.get(status, HyperlangError)(message, status)
        reds = ffi.new("uint64_t *")
        if lib.hl_error_reductions(err, reds) == lib.HL_OK:
            exc.reductions = reds[0]
        return exc
    finally:
        if err != ffi.NULL:
            lib.hl_error_free(err)


def _exception_part(err, part, to_python):
    out = ffi.new("hl_value **")
    if lib.hl_error_exception_value(err, part, out) != lib.HL_OK:
        return None
    try:
        return to_python(out[0])
    except HyperlangError:
        return None
    finally:
        lib.hl_value_free(out[0])
