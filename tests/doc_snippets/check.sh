#!/usr/bin/env bash
# check.sh CC SRC INCLUDE_DIR... — the C the embedder's documents show
# compiles against include/hyperlang.h as it is (docs/testing.md): every
# ```c block of docs/embedding.md, docs/policy.md, docs/files.md and
# docs/actors.md. A fragment of statements becomes the body of a function
# whose free names (engine, module, opts, err, args, result, ...) are
# declared at file scope with the API's types; what comes before a block's
# last line that is a lone "}" (a callback's definition) stays at file
# scope; a typedef is compiled after the header, where C17 refuses it
# unless it is the header's own; a complete program (int main) is compiled
# whole (docs/examples/embedding.c also runs: tests/install/check.sh).
# Warnings about unused names are off; every other warning is an error, so
# a wrong name, argument count or pointer type fails the test.
set -u
cc=$1 src=$2
shift 2
incs=()
for d in "$@"; do incs+=(-I "$d"); done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
# The names the fragments use without declaring them.
cat >"$tmp/prelude.h" <<'EOF'
#include <stddef.h>
#include <stdint.h>
#include "hyperlang.h"
static hl_engine *engine;
static hl_module *module, *mod;
static hl_compile_options *opts;
static hl_error *err;
static hl_value **args, *result, *request, *reply, *msg;
static size_t nargs, len, srclen, outlen;
static const char *text, *src;
static char *out, *output;
static hl_usage used;
static hl_scope *scope;
static hl_limits *limits;
static void *my_log;
EOF
for doc in embedding policy files actors; do
  awk -v dir="$tmp" -v doc="$doc" '
    /^```c$/ { k++; f = dir "/" doc "_" k ".c"; inb = 1; printf "" > f; next }
    /^```$/ { inb = 0; next }
    inb { print > f }
  ' "$src/docs/$doc.md"
done
n=0
for frag in "$tmp"/*_*.c; do
  [ -e "$frag" ] || continue
  n=$((n + 1))
  name=$(basename "$frag" .c)
  unit="$tmp/unit_$name.c"
  if grep -q '^int main(' "$frag"; then
    cp "$frag" "$unit"
  elif head -1 "$frag" | grep -q '^typedef'; then
    { echo '#include "prelude.h"'; cat "$frag"; } >"$unit"
  else
    split=$(grep -n '^}$' "$frag" | tail -1 | cut -d: -f1)
    split=${split:-0}
    { echo '#include "prelude.h"'
      head -n "$split" "$frag"
      echo "void snippet(void);"
      echo "void snippet(void) {"
      tail -n +"$((split + 1))" "$frag"
      echo "}"; } >"$unit"
  fi
  if "$cc" -std=c17 -fsyntax-only -Wall -Wextra -Werror -Wno-unused-variable -Wno-unused-parameter \
       -Wno-unused-function -Wno-unused-but-set-variable -I "$tmp" "${incs[@]}" "$unit" 2>"$tmp/log"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name (docs/${name%_*}.md, C block ${name##*_}):"
    head -20 "$tmp/log"
  fi
done
[ "$n" -ge 10 ] || { fail=$((fail + 1)); echo "FAIL only $n C blocks found"; }
echo "doc snippets: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
