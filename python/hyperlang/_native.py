"""_native.py — finds and loads the shared library (cffi, ABI mode: dlopen,
no compile step) with the declarations the build generated from
include/hyperlang.h (hyperlang_cdef.h), and checks they belong together.

Where (first hit wins):
  library: $HYPERLANG_LIBRARY (a path), else libhyperlang.so.0 under
           $HYPERLANG_PREFIX, the prefix this package was installed into
           (PREFIX/share/hyperlang/python/hyperlang/), /usr/local or /usr
           (in lib/, lib/<multiarch>/, lib64/);
  declarations: $HYPERLANG_CDEF, else next to the library (the build tree),
           else PREFIX/share/hyperlang/ for the library's prefix (an install).
"""
import os
import sysconfig

import cffi

ffi = cffi.FFI()


def _library_path():
    path = os.environ.get("HYPERLANG_LIBRARY")
    if path:
        return path
    multiarch = sysconfig.get_config_var("MULTIARCH") or ""
    here = os.path.dirname(os.path.abspath(__file__))
    installed = os.path.normpath(os.path.join(here, "..", "..", "..", ".."))
    prefixes = [os.environ.get("HYPERLANG_PREFIX"), installed, "/usr/local", "/usr"]
    for prefix in filter(None, prefixes):
        for libdir in ("lib", os.path.join("lib", multiarch), "lib64"):
            cand = os.path.join(prefix, libdir, "libhyperlang.so.0")
            if os.path.exists(cand):
                return cand
    raise ImportError("hyperlang: libhyperlang.so.0 not found; set HYPERLANG_LIBRARY to its path "
                      "or HYPERLANG_PREFIX to the prefix it was installed into")


def _cdef_path(library):
    path = os.environ.get("HYPERLANG_CDEF")
    if path:
        return path
    libdir = os.path.dirname(os.path.realpath(library))
    for cand in (os.path.join(libdir, "hyperlang_cdef.h"),
                 os.path.join(libdir, "..", "share", "hyperlang", "hyperlang_cdef.h"),
                 os.path.join(libdir, "..", "..", "share", "hyperlang", "hyperlang_cdef.h")):
        if os.path.exists(cand):
            return cand
    raise ImportError("hyperlang: hyperlang_cdef.h not found near %s; set HYPERLANG_CDEF" % library)


LIBRARY_PATH = _library_path()
CDEF_PATH = _cdef_path(LIBRARY_PATH)
with open(CDEF_PATH, encoding="utf-8") as _f:
    ffi.cdef(_f.read())
lib = ffi.dlopen(LIBRARY_PATH)

VERSION = ffi.string(lib.hl_version()).decode()
_declared = "%d.%d.%d" % (lib.HL_VERSION_MAJOR, lib.HL_VERSION_MINOR, lib.HL_VERSION_PATCH)
if VERSION != _declared:
    raise ImportError("hyperlang: %s is version %s but %s declares %s"
                      % (LIBRARY_PATH, VERSION, CDEF_PATH, _declared))
