/* lex_internal.h — state shared by the lexer's files (lex.c: driver, names,
 * punctuation, comments; lex_number.c: integers and floats; lex_string.c:
 * strings, quoted atoms, character literals and their escapes).
 *
 * Positions: the current column is derived from the byte pointer, so the
 * ASCII fast paths never count columns:
 *     col = (p - line_start) - col_adj + 1
 * Decoding a multi-byte UTF-8 character adds its extra bytes to col_adj; a
 * newline resets line_start and col_adj. lex_resume() can place the scanner
 * at any (pointer, line, column), which erl_scan needs after some errors. */
#ifndef HL_FRONT_LEX_INTERNAL_H
#define HL_FRONT_LEX_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/diag.h"
#include "front/limits.h"
#include "front/token.h"

typedef struct hl_lexer {
    const uint8_t *src, *p, *end;
    const hl_front_limits *lim;
    hl_arena *arena;
    hl_diags *diags;
    hl_token_vec *out;
    uint32_t line;
    const uint8_t *line_start;
    int64_t col_adj;
    size_t ntokens;      /* tokens appended by this call, EOF excluded */
    size_t max_tokens;   /* lim->max_tokens */
    size_t pause_at;     /* stop (to be resumed) once out holds this many tokens (hl_lex_job) */
    bool stop;           /* a fatal condition: stop lexing */
    bool failed;         /* return value will be false */
    /* Scratch buffers, reused for every literal, freed at the end. */
    uint32_t *cps;
    size_t cps_cap;
    char *bytes;
    size_t bytes_cap;
} hl_lexer;

static inline uint32_t lex_col_at(const hl_lexer *lx, const uint8_t *p) {
    return (uint32_t)((int64_t)(p - lx->line_start) - lx->col_adj + 1);
}
static inline uint32_t lex_col(const hl_lexer *lx) { return lex_col_at(lx, lx->p); }

/* Called with p just past a '\n'. */
static inline void lex_newline(hl_lexer *lx, const uint8_t *after) {
    lx->line++;
    lx->line_start = after;
    lx->col_adj = 0;
}

/* Continue scanning at `p`, which is at (line, col). */
static inline void lex_resume(hl_lexer *lx, const uint8_t *p, uint32_t line, uint32_t col) {
    lx->p = p;
    lx->line = line;
    lx->line_start = p;
    lx->col_adj = 1 - (int64_t)col;
}

/* Strict UTF-8 decoding (no overlongs, surrogates or values over 0x10FFFF).
 * Returns the code point and sets *n to its byte length, or returns -1 for
 * an invalid sequence with *n = 1. p < end is required. */
static inline int32_t lex_decode(const uint8_t *p, const uint8_t *end, int *n) {
    uint8_t b0 = p[0];
    if (b0 < 0x80) {
        *n = 1;
        return b0;
    }
    size_t avail = (size_t)(end - p);
    *n = 1;
    if (b0 < 0xC2) return -1;
    if (b0 < 0xE0) {
        if (avail < 2 || (p[1] & 0xC0) != 0x80) return -1;
        *n = 2;
        return (int32_t)(((uint32_t)(b0 & 0x1F) << 6) | (p[1] & 0x3F));
    }
    if (b0 < 0xF0) {
        if (avail < 3 || (p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80) return -1;
        uint32_t c = ((uint32_t)(b0 & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
        if (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF)) return -1;
        *n = 3;
        return (int32_t)c;
    }
    if (b0 < 0xF5) {
        if (avail < 4 || (p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80 || (p[3] & 0xC0) != 0x80)
            return -1;
        uint32_t c = ((uint32_t)(b0 & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) |
                     ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
        if (c < 0x10000 || c > 0x10FFFF) return -1;
        *n = 4;
        return (int32_t)c;
    }
    return -1;
}

/* erl_scan's ?UNICODE: a code point that may appear in source text. */
static inline bool lex_is_unicode(int32_t c) {
    return (c >= 0 && c < 0xD800) || (c > 0xDFFF && c < 0xFFFE) || (c > 0xFFFF && c <= 0x10FFFF);
}

/* Reports a lexical error at (line, col). Never fails the lexer by itself
 * (a full diagnostics list only counts). */
void hl_lex_error(hl_lexer *lx, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Out of memory: reports it once, stops lexing. */
void hl_lex_oom(hl_lexer *lx);
/* The slow path of hl_lex_push: grows the array or enforces the limit. */
hl_token *hl_lex_push_slow(hl_lexer *lx, hl_token_kind kind, const uint8_t *start,
                           uint32_t line, uint32_t col);

/* Appends a token of `kind` starting at `start` (at line/col) and ending at
 * lx->p. NULL when lexing must stop (token limit or out of memory). */
static inline hl_token *hl_lex_push(hl_lexer *lx, hl_token_kind kind, const uint8_t *start,
                                    uint32_t line, uint32_t col) {
    hl_token_vec *v = lx->out;
    if (__builtin_expect(lx->ntokens >= lx->max_tokens || v->count == v->cap, 0))
        return hl_lex_push_slow(lx, kind, start, line, col);
    hl_token *t = &v->items[v->count++];
    lx->ntokens++;
    /* One aggregate store: the compiler writes it with a few wide moves. */
    *t = (hl_token){.kind = (uint16_t)kind,
                    .line = line,
                    .col = col,
                    .offset = (uint32_t)(start - lx->src),
                    .length = (uint32_t)(lx->p - start)};
    return t;
}
/* Grows the scratch buffers to hold at least `n` elements; false on OOM
 * (already reported). */
bool hl_lex_reserve_cps(hl_lexer *lx, size_t n);
bool hl_lex_reserve_bytes(hl_lexer *lx, size_t n);

/* The scanners of the other files. Each starts at lx->p on the literal's
 * first character and leaves lx->p after what it consumed. */
void hl_lex_number(hl_lexer *lx);
void hl_lex_string(hl_lexer *lx);      /* at '"' */
void hl_lex_qatom(hl_lexer *lx);       /* at '\'' */
void hl_lex_char(hl_lexer *lx);        /* at '$' */

#endif
