/* lex_dump.h — prints hl_lex's tokens and diagnostics in the canonical
 * line format of tests/oracle/lex_dump.escript, so the two can be compared
 * byte for byte:
 *   Line:Col kind [value]       Line:Col error Message       Line:Col eof
 * Diagnostics are merged into the token stream by position (an error goes
 * before a token at the same position). Header-only, for tests. */
#ifndef HL_TEST_LEX_DUMP_H
#define HL_TEST_LEX_DUMP_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "base/diag.h"
#include "base/fmt_float.h"
#include "front/token.h"

static void lex_dump_cp(hl_buf *b, uint32_t c) {
    if (c >= 0x21 && c <= 0x7E && c != '"' && c != '\\') hl_buf_printf(b, "%c", (int)c);
    else hl_buf_printf(b, "\\x{%" PRIX32 "}", c);
}

/* UTF-8 name bytes (valid, as the lexer stores them) as escaped text. */
static void lex_dump_name(hl_buf *b, const char *s, size_t n) {
    const unsigned char *p = (const unsigned char *)s, *e = p + n;
    hl_buf_printf(b, "\"");
    while (p < e) {
        uint32_t c = *p;
        int k = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (k > 1) c &= 0x3Fu >> (k - 1);
        for (int i = 1; i < k && p + i < e; i++) c = (c << 6) | (p[i] & 0x3F);
        lex_dump_cp(b, c);
        p += k;
    }
    hl_buf_printf(b, "\"");
}

static void lex_dump_token(hl_buf *b, const hl_token *t) {
    hl_buf_printf(b, "%u:%u ", (unsigned)t->line, (unsigned)t->col);
    switch ((hl_token_kind)t->kind) {
    case HL_TOK_ATOM: hl_buf_printf(b, "atom "); lex_dump_name(b, t->v.text.ptr, t->v.text.len); break;
    case HL_TOK_VAR: hl_buf_printf(b, "var "); lex_dump_name(b, t->v.text.ptr, t->v.text.len); break;
    case HL_TOK_STRING: {
        const uint32_t *s = t->v.text.ptr;
        hl_buf_printf(b, "string \"");
        for (uint32_t i = 0; i < t->v.text.len; i++) lex_dump_cp(b, s[i]);
        hl_buf_printf(b, "\"");
        break;
    }
    case HL_TOK_CHAR: hl_buf_printf(b, "char %" PRId64, t->v.i); break;
    case HL_TOK_INTEGER:
        if (t->big) hl_buf_printf(b, "integer %.*s", (int)t->v.text.len, (const char *)t->v.text.ptr);
        else hl_buf_printf(b, "integer %" PRId64, t->v.i);
        break;
    case HL_TOK_FLOAT: {
        char f[HL_FLOAT_SHORT_MAX];
        hl_fmt_float_short(t->v.f, f);
        hl_buf_printf(b, "float %s", f);
        break;
    }
    case HL_TOK_EOF: hl_buf_printf(b, "eof"); break;
    default: hl_buf_printf(b, "%s", hl_token_kind_name((hl_token_kind)t->kind)); break;
    }
    hl_buf_printf(b, "\n");
}

static void lex_dump(hl_buf *b, const hl_token_vec *v, const hl_diags *d) {
    size_t j = 0;
    for (size_t i = 0; i < v->count; i++) {
        const hl_token *t = &v->items[i];
        while (j < d->count && (d->items[j].line < t->line ||
                                (d->items[j].line == t->line && d->items[j].col <= t->col))) {
            hl_buf_printf(b, "%u:%u error %s\n", (unsigned)d->items[j].line,
                          (unsigned)d->items[j].col, d->items[j].message);
            j++;
        }
        lex_dump_token(b, t);
    }
    for (; j < d->count; j++)
        hl_buf_printf(b, "%u:%u error %s\n", (unsigned)d->items[j].line,
                      (unsigned)d->items[j].col, d->items[j].message);
}

#endif
