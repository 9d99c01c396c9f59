#!/usr/bin/env bash
# check.sh — the installed library as an embedder meets it (docs/embedding.md,
# "Building against the installed library"). Run by CTest in plain and
# ASan+UBSan builds (tests/CMakeLists.txt), one mode per test:
#   check.sh install   BUILD_DIR SOURCE_DIR CC   cmake --install into BUILD_DIR/install-test
#                                                 and check the files are there
#   check.sh symbols   BUILD_DIR SOURCE_DIR CC   the shared library exports exactly the
#                                                 functions hyperlang.h declares (all HL_API)
#   check.sh pkgconfig BUILD_DIR SOURCE_DIR CC   build docs/examples/embedding.c with the
#                                                 documented pkg-config line and run it
#   check.sh cmake     BUILD_DIR SOURCE_DIR CC   the same through find_package(hyperlang)
#                                                 (tests/install/consumer), shared and static
#   check.sh python    BUILD_DIR SOURCE_DIR CC   the installed Python package finds the
#                                                 installed library and runs a program
set -euo pipefail
mode=$1 build=$2 src=$3 cc=$4
prefix="$build/install-test/prefix"
work="$build/install-test/$mode"
example="$src/docs/examples/embedding.c"
fail() { echo "FAIL: $*" >&2; exit 1; }

# The example prints "total = 23", then the finalizer's line when the
# engine is freed, and exits 0.
check_example() {
  local out
  out=$("$@") || fail "$* exited $?"
  echo "$out"
  grep -qx 'total = 23' <<<"$out" || fail "$*: no 'total = 23'"
  grep -q '^finalizer called' <<<"$out" || fail "$*: the finalizer did not run"
}

case "$mode" in
install)
  rm -rf "$prefix"
  cmake --install "$build" --prefix "$prefix" >/dev/null
  libdir=$(cd "$prefix" && ls -d lib*/)
  libdir=${libdir%%$'\n'*}
  for f in bin/hl include/hyperlang.h include/hyperlang_version.h share/hyperlang/hyperlang_cdef.h \
           share/hyperlang/python/hyperlang/__init__.py \
           "$libdir"libhyperlang.a "$libdir"libhyperlang.so "$libdir"pkgconfig/hyperlang.pc \
           "$libdir"cmake/hyperlang/hyperlangConfig.cmake \
           "$libdir"cmake/hyperlang/hyperlangConfigVersion.cmake; do
    [ -e "$prefix/$f" ] || fail "$f not installed"
  done
  soname=$(objdump -p "$prefix/${libdir}libhyperlang.so" | awk '/SONAME/ {print $2}')
  [ "$soname" = libhyperlang.so.0 ] || fail "SONAME is '$soname', not libhyperlang.so.0"
  [ -L "$prefix/${libdir}libhyperlang.so.0" ] || fail "libhyperlang.so.0 is not a link"
  echo "installed into $prefix (SONAME $soname)"
  ;;
symbols)
  # Declared: every function the public header declares, read from the
  # preprocessed declarations (a name directly followed by "(": function
  # pointer typedefs have ")(" instead), so the header's line breaks do not
  # matter. A function declared without HL_API shows up as missing.
  lib=$(ls "$prefix"/lib*/libhyperlang.so)
  nm -D --defined-only "$lib" | awk '{print $3}' | sort >"$build/install-test/exported.txt"
  grep -o '\bhl_[a-z0-9_]*(' "$prefix/share/hyperlang/hyperlang_cdef.h" | tr -d '(' | sort -u \
    >"$build/install-test/declared.txt"
  [ "$(wc -l <"$build/install-test/declared.txt")" -gt 50 ] || fail "too few declarations found"
  if ! diff -u "$build/install-test/declared.txt" "$build/install-test/exported.txt"; then
    fail "exported symbols (+) differ from the functions hyperlang.h declares (-)"
  fi
  echo "exports exactly the $(wc -l <"$build/install-test/declared.txt") functions hyperlang.h declares"
  ;;
pkgconfig)
  rm -rf "$work" && mkdir -p "$work"
  # docs/embedding.md shows the example verbatim
  awk '/^## A complete example/ {f = 1} f && /^```c$/ {p = 1; next} p && /^```$/ {exit} p' \
    "$src/docs/embedding.md" | diff -u - "$example" || fail "docs/embedding.md's copy of the example differs"
  export PKG_CONFIG_PATH
  PKG_CONFIG_PATH=$(ls -d "$prefix"/lib*/pkgconfig)
  [ "$(pkg-config --modversion hyperlang)" = "$(sed -n 's/.*HL_VERSION_STRING "\(.*\)"/\1/p' \
     "$prefix/include/hyperlang_version.h")" ] || fail "pkg-config version differs from the header's"
  # The documented line, with the prefix's library directory as rpath.
  libdir=$(pkg-config --variable=libdir hyperlang)
  "$cc" "$example" $(pkg-config --cflags --libs hyperlang) -Wl,-rpath,"$libdir" -o "$work/embedding"
  # (ldd's output is taken whole first: `ldd | grep -q` under pipefail fails
  # whenever grep exits before ldd has written everything)
  deps=$(ldd "$work/embedding")
  grep -q "libhyperlang.so.0 => $libdir" <<<"$deps" \
    || fail "embedding does not load the installed libhyperlang.so.0"
  check_example "$work/embedding"
  "$cc" "$src/tests/install/version_check.c" $(pkg-config --cflags --libs hyperlang) \
    -Wl,-rpath,"$libdir" -o "$work/version_check"
  "$work/version_check"
  # Static: the archive and its private dependencies (pkg-config --static).
  "$cc" "$example" $(pkg-config --cflags hyperlang) "$libdir/libhyperlang.a" \
    $(pkg-config --static --libs-only-l hyperlang | sed 's/-lhyperlang//') -o "$work/embedding_static"
  check_example "$work/embedding_static"
  ;;
cmake)
  rm -rf "$work" && mkdir -p "$work"
  cmake -S "$src/tests/install/consumer" -B "$work" -DCMAKE_C_COMPILER="$cc" \
        -DCMAKE_PREFIX_PATH="$prefix" -DHL_EXAMPLE="$example" >"$work.configure.log" 2>&1 \
    || { cat "$work.configure.log"; fail "configuring the consumer project failed"; }
  cmake --build "$work" >"$work.build.log" 2>&1 || { cat "$work.build.log"; fail "building it failed"; }
  deps=$(ldd "$work/embedding_shared")
  grep -q "libhyperlang.so.0 => $prefix" <<<"$deps" \
    || fail "embedding_shared does not load the installed libhyperlang.so.0"
  check_example "$work/embedding_shared"
  check_example "$work/embedding_static"
  "$work/version_check"
  ;;
python)
  # HL_PYTHON_ENV: VAR=VALUE words for the interpreter alone (an ASan
  # build's: the preloaded runtime, tests/CMakeLists.txt)
  # shellcheck disable=SC2086 # HL_PYTHON_ENV is a list of words
  out=$(env -u HYPERLANG_LIBRARY -u HYPERLANG_CDEF ${HL_PYTHON_ENV:-} PYTHONPATH="$prefix/share/hyperlang/python" \
        PYTHONDONTWRITEBYTECODE=1 "${HL_PYTHON:-/usr/bin/python3}" -c '
import hyperlang
p = hyperlang.Engine().compile("-module(m).\n-export([f/1]).\nf(X) -> {ok, X * 2}.\n")
print(hyperlang.LIBRARY_PATH, p.run("f", 21))')
  echo "$out"
  grep -qx "$prefix/lib.*/libhyperlang.so.0 (Atom('ok'), 42)" <<<"$out" \
    || fail "the installed package did not run against the installed library"
  ;;
*) fail "unknown mode $mode" ;;
esac
