"""engine.py — Engine, Program, Tenant and Actor over the C API, and host
bindings written in Python (docs/python.md).

Ownership: each C handle is held by one Python object and freed with it
(ffi.gc), or at once by close(). A Program keeps its Engine object alive and
a Tenant its Program, so a binding's Python function outlives every run that
can call it. Every hl_value made for a call is freed before the call returns.

Threads: cffi releases the GIL during each C call, so runs on different
threads proceed in parallel; bindings take the GIL while they run. An
Engine and its Programs may be shared between threads; a Tenant is used by
one thread at a time (a second thread gets RuntimeError), but interrupt()
may be called from any thread.
"""
import threading
from collections import namedtuple

from ._native import ffi, lib
from .errors import BindingError, MisuseError, from_error
from .values import from_value, to_value

_COMPILE_LIMITS = {
    "source_bytes": lib.HL_LIMIT_SOURCE_BYTES, "tokens": lib.HL_LIMIT_TOKENS,
    "depth": lib.HL_LIMIT_DEPTH, "string_chars": lib.HL_LIMIT_STRING_CHARS,
    "integer_digits": lib.HL_LIMIT_INTEGER_DIGITS, "memory_bytes": lib.HL_LIMIT_MEMORY_BYTES,
    "diagnostics": lib.HL_LIMIT_DIAGNOSTICS, "stack_bytes": lib.HL_LIMIT_STACK_BYTES,
    "work": lib.HL_LIMIT_WORK, "wall_ms": lib.HL_LIMIT_WALL_MS, "atoms": lib.HL_LIMIT_ATOMS,
}
_TENANT_LIMITS = {
    "max_reductions": lib.HL_LIMIT_REDUCTIONS, "max_heap_bytes": lib.HL_LIMIT_HEAP_BYTES,
    "timeout_ms": lib.HL_LIMIT_TIMEOUT_MS, "max_output_bytes": lib.HL_LIMIT_OUTPUT_BYTES,
    "max_host_atoms": lib.HL_LIMIT_HOST_ATOMS,
}

Run = namedtuple("Run", "value output reductions")


class _Pending:
    """What Tenant.resume returns while a sliced call has not finished."""
    __slots__ = ()

    def __repr__(self):
        return "hyperlang.PENDING"


PENDING = _Pending()

T_VALUE_ARR = ffi.typeof("hl_value *[]")


class _RunScratch:
    """The out-parameters of one thread's runs, made once (ffi.new costs
    more than the call it serves); read right after the call returns."""
    __slots__ = ("limits", "result", "output", "outlen", "reds", "err")

    def __init__(self):
        self.limits = ffi.new("hl_run_limits *")
        self.result = ffi.new("hl_value **")
        self.output = ffi.new("char **")
        self.outlen = ffi.new("size_t *")
        self.reds = ffi.new("uint64_t *")
        self.err = ffi.new("hl_error **")


_local = threading.local()


def _run_scratch():
    # A binding runs inside a run on the same thread; a run it starts is
    # refused by the library, but must not write the outer run's scratch.
    if getattr(_local, "in_binding", False):
        return _RunScratch()
    try:
        return _local.run
    except AttributeError:
        _local.run = _RunScratch()
        return _local.run


def _raise(status, err):
    raise from_error(status, err[0], from_value)


def _check(status, err=None):
    if status != lib.HL_OK:
        raise from_error(status, err[0] if err is not None else ffi.NULL, from_value)


def _output(getter, ptr):
    """The output a tenant or an actor holds (getter: hl_tenant_output or
    hl_actor_output), as str; "" when there is none."""
    n = ffi.new("size_t *")
    p = getter(ptr, n)
    return ffi.unpack(p, n[0]).decode("utf-8", "replace") if p != ffi.NULL else ""


def _bytes(s):
    return s.encode("utf-8") if isinstance(s, str) else bytes(s)


# ---- bindings ------------------------------------------------------------------
# One trampoline for every binding: `data` is a cffi handle to the Python
# function, kept in _live until the library calls the finalizer (exactly once
# per successful registration).
_live = {}
_live_lock = threading.Lock()


@ffi.callback("hl_status(void *, const hl_module *, hl_value *const *, uint32_t, hl_value **)")
def _binding_trampoline(data, module, args, nargs, result):
    outer = getattr(_local, "in_binding", False)
    _local.in_binding = True
    try:
        fn = ffi.from_handle(data)
        py_args = [from_value(args[i]) for i in range(nargs)]
        try:
            value = fn(*py_args)
        except BindingError as e:
            result[0] = to_value(e.reason, module)
            return lib.HL_EEXCEPTION
        result[0] = to_value(value, module)
        return lib.HL_OK
    except BaseException as e:  # noqa: BLE001 — nothing may unwind into C
        try:
            msg = ("%s: %s" % (type(e).__name__, e)).encode("utf-8", "replace")
            lib.hl_value_binary(msg, len(msg), result)
        except BaseException:  # noqa: BLE001
            result[0] = ffi.NULL
        return lib.HL_EEXCEPTION
    finally:
        _local.in_binding = outer


@ffi.callback("void(void *)")
def _binding_finalizer(data):
    with _live_lock:
        _live.pop(data, None)


class Engine:
    """Owns the program cache, the atom table and the registered bindings.
    Thread-safe."""

    def __init__(self, cache_bytes=None, max_atoms=None):
        out = ffi.new("hl_engine **")
        _check(lib.hl_engine_new(out))
        self._ptr = ffi.gc(out[0], lib.hl_engine_free)
        if cache_bytes is not None:
            _check(lib.hl_engine_set_cache_bytes(self._ptr, cache_bytes))
        if max_atoms is not None:
            _check(lib.hl_engine_set_limit(self._ptr, lib.HL_ENGINE_LIMIT_ATOMS, max_atoms))

    def close(self):
        """Frees the engine now (programs still alive keep what they need;
        their bindings then raise error:undef). Like every close() here: not
        while another thread uses the object."""
        if self._ptr != ffi.NULL:
            ffi.release(self._ptr)
            self._ptr = ffi.NULL  # later calls get MisuseError from the library

    def register(self, module, function, arity, fn):
        """Registers the Python callable fn as module:function/arity. The guest
        calls it as module:function(Args) when a program's grants name it.
        fn gets the converted arguments and returns a value for the guest;
        raising BindingError(reason) gives the guest
        error:{binding_error, Module, Function, Reason}, any other exception
        the same with Reason <<"ExceptionType: message">>."""
        handle = ffi.new_handle(fn)
        with _live_lock:
            _live[handle] = handle  # the cdata key compares by address
        status = lib.hl_engine_register_binding(self._ptr, module.encode(), function.encode(), arity,
                                                _binding_trampoline, handle, _binding_finalizer)
        if status != lib.HL_OK:
            with _live_lock:
                _live.pop(handle, None)
            _check(status)

    def binding(self, module, function, arity):
        """Decorator form of register."""
        def deco(fn):
            self.register(module, function, arity, fn)
            return fn
        return deco

    def unregister(self, module, function, arity):
        _check(lib.hl_engine_unregister_binding(self._ptr, module.encode(), function.encode(), arity))

    def _options(self, grants, headers, limits, capabilities=()):
        out = ffi.new("hl_compile_options **")
        _check(lib.hl_compile_options_new(out))
        opts = ffi.gc(out[0], lib.hl_compile_options_free)
        for name, value in (limits or {}).items():
            if name not in _COMPILE_LIMITS:
                raise MisuseError("unknown compile limit %r (one of %s)"
                                  % (name, ", ".join(sorted(_COMPILE_LIMITS))))
            _check(lib.hl_compile_options_set_limit(opts, _COMPILE_LIMITS[name], value))
        for grant in grants:
            m, f, a = _parse_grant(grant)
            _check(lib.hl_compile_options_grant_binding(opts, m.encode(), f.encode(), a))
        for cap in capabilities:
            _check(lib.hl_compile_options_grant_capability(opts, cap.encode()))
        for name, text in (headers or {}).items():
            data = _bytes(text)
            _check(lib.hl_compile_options_add_header(opts, name.encode(), data, len(data)))
        return opts

    def compile(self, source, name="source.erl", *, grants=(), headers=None, limits=None,
                capabilities=()):
        """Compiles one module (source: str or bytes), or a program of several
        (a list of sources, the first the entry module; name then a list of
        names or None). grants: bindings the program may call, as
        "module:function/arity" or (module, function, arity). headers:
        {name: text} for -include. limits: compile limits by name
        (source_bytes, tokens, depth, ..., see hl_compile_limit).
        capabilities: names granted (hl_compile_options_grant_capability):
        "processes" (spawn, messages; needed by Program.actor), "clocks",
        "random" ("files" needs mounts, which this package does not set).
        Raises CompileError with .diagnostics when the source is rejected."""
        opts = self._options(grants, headers, limits, capabilities)
        out = ffi.new("hl_module **")
        err = ffi.new("hl_error **")
        sources = [source] if isinstance(source, (str, bytes)) else list(source)
        names = [name] if isinstance(source, (str, bytes)) else list(name or [None] * len(sources))
        datas = [_bytes(s) for s in sources]
        keep = [ffi.new("char[]", n.encode()) if n is not None else ffi.NULL for n in names]
        c_names = ffi.new("const char *[]", keep)
        c_sources = ffi.new("const char *[]", [ffi.from_buffer(d) for d in datas])
        c_lens = ffi.new("size_t[]", [len(d) for d in datas])
        status = lib.hl_compile_program(self._ptr, len(datas), c_names, c_sources, c_lens, opts,
                                        out, err)
        if status != lib.HL_OK:
            _raise(status, err)
        return Program(self, ffi.gc(out[0], lib.hl_module_free))

    def check(self, source, name="source.erl", *, grants=(), headers=None, limits=None,
              capabilities=()):
        """Runs every compile pass up to loading, nothing kept; CompileError
        when rejected."""
        opts = self._options(grants, headers, limits, capabilities)
        data = _bytes(source)
        err = ffi.new("hl_error **")
        status = lib.hl_check(self._ptr, name.encode(), data, len(data), opts, err)
        if status != lib.HL_OK:
            _raise(status, err)


def _parse_grant(grant):
    if isinstance(grant, str):
        mf, _, arity = grant.rpartition("/")
        m, _, f = mf.partition(":")
        if not (m and f and arity.isdigit()):
            raise MisuseError("a grant is \"module:function/arity\", not %r" % grant)
        return m, f, int(arity)
    m, f, a = grant
    return m, f, a


def _limits(limits):
    """An hl_limits (freed with the returned object) from keyword limits."""
    out = ffi.new("hl_limits **")
    _check(lib.hl_limits_new(out))
    lim = ffi.gc(out[0], lib.hl_limits_free)
    for name, value in limits.items():
        if name not in _TENANT_LIMITS:
            raise MisuseError("unknown limit %r (one of %s)" % (name, ", ".join(sorted(_TENANT_LIMITS))))
        _check(lib.hl_limits_set(lim, _TENANT_LIMITS[name], value))
    return lim


def _args_array(args, module):
    arr = ffi.new(T_VALUE_ARR, len(args))
    try:
        for i, a in enumerate(args):
            arr[i] = to_value(a, module)
    except BaseException:
        _free_args(arr, len(args))
        raise
    return arr


def _free_args(arr, n):
    for i in range(n):
        if arr[i] != ffi.NULL:
            lib.hl_value_free(arr[i])


class Program:
    """A compiled, verified module (or program of modules): immutable,
    shareable between threads."""

    def __init__(self, engine, ptr):
        self.engine = engine
        self._ptr = ptr

    def close(self):
        if self._ptr != ffi.NULL:
            ffi.release(self._ptr)
            self._ptr = ffi.NULL  # later calls get MisuseError from the library

    def run(self, function, *args, max_reductions=0, max_heap_bytes=0, timeout_ms=0,
            max_output_bytes=0):
        """Calls the exported function/len(args) in a fresh process in this
        thread and returns its result. A limit left 0 takes its default.
        Raises the fault's exception (GuestException, ReductionLimit, ...)."""
        return self.run_full(function, *args, max_reductions=max_reductions,
                             max_heap_bytes=max_heap_bytes, timeout_ms=timeout_ms,
                             max_output_bytes=max_output_bytes).value

    def run_full(self, function, *args, max_reductions=0, max_heap_bytes=0, timeout_ms=0,
                 max_output_bytes=0):
        """run, returning Run(value, output, reductions); output is the
        text the guest wrote (str). Errors carry .output and .reductions."""
        n = len(args)
        arr = _args_array(args, self._ptr)
        sc = _run_scratch()
        lim = sc.limits
        lim.max_reductions, lim.max_heap_bytes = max_reductions, max_heap_bytes
        lim.timeout_ms, lim.max_output_bytes = timeout_ms, max_output_bytes
        try:
            status = lib.hl_run_counted(self._ptr, function.encode(), arr, n, lim, sc.result,
                                        sc.output, sc.outlen, sc.reds, sc.err)
        finally:
            _free_args(arr, n)
        result, output, reds, err = sc.result[0], sc.output[0], sc.reds[0], sc.err[0]
        text = None
        if output != ffi.NULL:
            text = ffi.unpack(output, sc.outlen[0]).decode("utf-8", "replace")
            lib.hl_free(output)
        if status != lib.HL_OK:
            exc = from_error(status, err, from_value)
            exc.output = text
            exc.reductions = reds
            raise exc
        try:
            return Run(from_value(result), text, reds)
        finally:
            lib.hl_value_free(result)

    def tenant(self, **limits):
        """A warm guest context of this program, called many times
        (Tenant.call). Limits by keyword: max_reductions, max_heap_bytes,
        timeout_ms, max_output_bytes, max_host_atoms (per call)."""
        return Tenant(self, limits)

    def actor(self, function, *args, host_arg=False, **limits):
        """Starts function/len(args) (plus one with host_arg) as an actor
        on the engine's worker threads (hl_actor_start; the program needs
        the "processes" capability). host_arg: the host pseudo-process's
        pid is passed first, so the guest can send the host messages
        (Actor.receive). Limits by keyword, as for tenant(), bound the
        actor's whole tree for its whole life."""
        return Actor(self, function, args, host_arg, limits)


class Tenant:
    """One isolated guest context: each call starts from an empty heap under
    the tenant's limits. One thread at a time; interrupt() from any."""

    def __init__(self, program, limits):
        lim = _limits(limits)
        t = ffi.new("hl_tenant **")
        _check(lib.hl_tenant_new(program._ptr, lim, t))
        self.program = program
        self._ptr = ffi.gc(t[0], lib.hl_tenant_free)
        self._fns = {}
        self._busy = threading.Lock()

    def close(self):
        if self._ptr != ffi.NULL:
            ffi.release(self._ptr)
            self._ptr = ffi.NULL  # later calls get MisuseError from the library

    def _function(self, name, arity):
        key = (name, arity)
        fn = self._fns.get(key)
        if fn is None:
            out = ffi.new("uint32_t *")
            err = ffi.new("hl_error **")
            status = lib.hl_module_function(self.program._ptr, name.encode(), arity, out, err)
            if status != lib.HL_OK:
                _raise(status, err)
            fn = self._fns[key] = out[0]
        return fn

    def call(self, function, *args):
        """Calls the exported function/len(args) to its end; returns the
        result or raises as Program.run."""
        if not self._busy.acquire(blocking=False):
            raise RuntimeError("hyperlang: a Tenant is used by one thread at a time")
        try:
            fn = self._function(function, len(args))
            n = len(args)
            arr = _args_array(args, self.program._ptr)
            sc = _run_scratch()
            try:
                status = lib.hl_tenant_call(self._ptr, fn, arr, n, sc.result, sc.err)
            finally:
                _free_args(arr, n)
            return self._finish(status, sc)
        finally:
            self._busy.release()

    def _finish(self, status, sc):
        """The end of a call or of its last slice: the result converted and
        freed, or the fault raised with the tenant's output and reductions."""
        result, err = sc.result[0], sc.err[0]
        if status != lib.HL_OK:
            exc = from_error(status, err, from_value)
            exc.output = self.output
            exc.reductions = lib.hl_tenant_reductions(self._ptr)
            raise exc
        try:
            return from_value(result)
        finally:
            lib.hl_value_free(result)

    def start(self, function, *args):
        """Prepares a call of function/len(args) to be run in slices by
        resume() (hl_tenant_start); the limits count over the whole call."""
        if not self._busy.acquire(blocking=False):
            raise RuntimeError("hyperlang: a Tenant is used by one thread at a time")
        try:
            fn = self._function(function, len(args))
            n = len(args)
            arr = _args_array(args, self.program._ptr)
            sc = _run_scratch()
            try:
                status = lib.hl_tenant_start(self._ptr, fn, arr, n, sc.err)
            finally:
                _free_args(arr, n)
            if status != lib.HL_OK:
                raise from_error(status, sc.err[0], from_value)
        finally:
            self._busy.release()

    def resume(self, reductions=0):
        """Runs the started call for at most `reductions` reductions (0: to
        its end). Returns PENDING while it has not finished, then its result;
        raises as call() when it faults."""
        if not self._busy.acquire(blocking=False):
            raise RuntimeError("hyperlang: a Tenant is used by one thread at a time")
        try:
            sc = _run_scratch()
            status = lib.hl_tenant_resume(self._ptr, reductions, sc.result, sc.err)
            if status == lib.HL_PENDING:
                return PENDING
            return self._finish(status, sc)
        finally:
            self._busy.release()

    def interrupt(self):
        """Stops the current call (any thread): it raises Interrupted."""
        lib.hl_tenant_interrupt(self._ptr)

    @property
    def output(self):
        """What the last call wrote (str)."""
        return _output(lib.hl_tenant_output, self._ptr)

    @property
    def reductions(self):
        """Reductions the last call used."""
        return lib.hl_tenant_reductions(self._ptr)


class Actor:
    """A guest process tree on the engine's scheduler (docs/actors.md): it
    runs on the engine's worker threads between the host's calls. Every
    method may be called from any thread; the GIL is released while one
    waits. Closing (or dropping) the last handle kills the actor and every
    process it spawned."""

    def __init__(self, program, function, args, host_arg, limits):
        lim = _limits(limits)
        n = len(args)
        arr = _args_array(args, program._ptr)
        out = ffi.new("hl_actor **")
        err = ffi.new("hl_error **")
        flags = lib.HL_ACTOR_HOST_ARG if host_arg else 0
        try:
            status = lib.hl_actor_start(program._ptr, function.encode(), arr, n, ffi.NULL, lim, flags,
                                        out, err)
        finally:
            _free_args(arr, n)
        if status != lib.HL_OK:
            _raise(status, err)
        self.program = program
        self._ptr = ffi.gc(out[0], lib.hl_actor_free)

    def close(self):
        """Drops this handle now: the actor and its processes are killed."""
        if self._ptr != ffi.NULL:
            ffi.release(self._ptr)
            self._ptr = ffi.NULL  # later calls get MisuseError from the library

    def _message(self, fn, msg):
        v = to_value(msg, self.program._ptr)
        err = ffi.new("hl_error **")
        try:
            _check(fn(self._ptr, v, err), err)
        finally:
            lib.hl_value_free(v)

    def send(self, msg):
        """Msg into the first process's mailbox (hl_actor_send)."""
        self._message(lib.hl_actor_send, msg)

    def cast(self, msg):
        """gen_server's cast: the guest receives {'$gen_cast', Msg}."""
        self._message(lib.hl_actor_cast, msg)

    def call(self, request, timeout_ms=0):
        """gen_server's call: the guest receives {'$gen_call', {HostPid, Tag},
        Request} and answers HostPid ! {Tag, Reply}; returns Reply.
        timeout_ms 0: as long as the actor lives. DeadlineLimit when no
        reply came in time; GuestException exit:noproc when the actor ended
        first."""
        v = to_value(request, self.program._ptr)
        reply = ffi.new("hl_value **")
        err = ffi.new("hl_error **")
        try:
            status = lib.hl_actor_call(self._ptr, v, timeout_ms, reply, err)
        finally:
            lib.hl_value_free(v)
        if status != lib.HL_OK:
            _raise(status, err)
        try:
            return from_value(reply[0])
        finally:
            lib.hl_value_free(reply[0])

    def receive(self, timeout_ms=0):
        """The next message the guest sent to the host pseudo-process, or
        PENDING when none came within timeout_ms (0: do not wait)."""
        msg = ffi.new("hl_value **")
        status = lib.hl_actor_receive(self._ptr, timeout_ms, msg)
        if status == lib.HL_PENDING:
            return PENDING
        _check(status)
        try:
            return from_value(msg[0])
        finally:
            lib.hl_value_free(msg[0])

    def wait(self, timeout_ms=0):
        """The actor's outcome once it ended (timeout_ms 0: wait as long as
        it takes): its first process's result, or the fault raised as
        Program.run raises it (a killed actor: GuestException exit:killed;
        interrupt(): Interrupted). PENDING when it has not ended in time."""
        result = ffi.new("hl_value **")
        err = ffi.new("hl_error **")
        status = lib.hl_actor_wait(self._ptr, timeout_ms, result, err)
        if status == lib.HL_PENDING:
            return PENDING
        if status != lib.HL_OK:
            exc = from_error(status, err[0], from_value)
            exc.output = self.output
            raise exc
        try:
            return from_value(result[0])
        finally:
            lib.hl_value_free(result[0])

    def stop(self):
        """The exit signal shutdown to the first process (does not wait)."""
        _check(lib.hl_actor_stop(self._ptr))

    def kill(self):
        """The exit signal kill: the actor ends with exit:killed."""
        _check(lib.hl_actor_kill(self._ptr))

    def interrupt(self):
        """Ends the actor at its next reduction check (Interrupted)."""
        lib.hl_actor_interrupt(self._ptr)

    @property
    def output(self):
        """What the actor's processes wrote (str), once it ended; "" before."""
        return _output(lib.hl_actor_output, self._ptr)
