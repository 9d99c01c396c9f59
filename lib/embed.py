#!/usr/bin/env python3
"""Prints src/gen/stdlib.c: lib/lists.erl embedded as a C string.
Usage: python3 lib/embed.py > src/gen/stdlib.c"""
import os
src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lists.erl')).read()
out = '''/* stdlib.c — the embedded text of lib/lists.erl: the stdlib functions
 * written in Erlang that codegen links into programs calling them
 * (core/builtins.def kind ERL). Regenerate after editing lib/lists.erl with
 *   python3 lib/embed.py > src/gen/stdlib.c
 * tests/unit/test_codegen.c checks that this text equals lib/lists.erl. */
#include "gen/stdlib.h"

const char hl_stdlib_lists_src[] =
'''
for line in src.splitlines():
    out += '    "' + line.replace('\\', '\\\\').replace('"', '\\"') + '\\n"\n'
out += ''';
const size_t hl_stdlib_lists_len = sizeof hl_stdlib_lists_src - 1;
'''
print(out, end='')
