/* dump.h — the canonical text of the AST: what OTP 25 prints for
 * io:format("~w.~n", [Form]) (see docs/ast-dump.md), plus the ~w pieces the
 * parser's diagnostics share (atoms, strings, chars, floats). */
#ifndef HL_FRONT_DUMP_H
#define HL_FRONT_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "front/ast.h"

/* io_lib:write_atom/1 of a UTF-8 name. */
void hl_dump_atom(hl_buf *b, const char *name, size_t len);
/* io_lib:write/1 of a float. */
void hl_dump_float(hl_buf *b, double v);
/* io_lib:write_char/1: $a, $\n, ... */
void hl_dump_char(hl_buf *b, uint32_t c);
/* io_lib:write_string/1 of code points: "abc" with escapes. */
void hl_dump_string_literal(hl_buf *b, const void *chars, uint32_t len);
/* One line per form. Returns false when the buffer failed. */
bool hl_dump_module(const hl_ast_module *m, hl_buf *b);

#endif
