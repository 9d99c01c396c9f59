/* lex_string.c — quoted literals: strings ("..."), quoted atoms ('...') and
 * character literals ($c), with erl_scan's escape sequences:
 *   \b \d \e \f \n \r \s \t \v, \^C (C band 31, for any C), \NNN (1-3 octal digits),
 *   \xHH, \x{H...}, backslash-newline, and \C = C for any other character.
 * Error locations, messages and the point where scanning resumes follow
 * OTP 25's erl_scan (an escape error abandons the literal and resumes
 * right after the bad escape, in normal token mode). */
#include <string.h>

#include "base/mem.h"
#include "front/lex_internal.h"

typedef enum { ESC_OK, ESC_NL, ESC_ERR, ESC_EOF } esc_result;

static inline int hex_value(uint8_t c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 16;
}
static inline bool is_oct(uint8_t c) { return c >= '0' && c <= '7'; }

static uint32_t escape_char(uint32_t c) {
    switch (c) {
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'v': return '\v';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'e': return 27;
    case 's': return ' ';
    case 'd': return 127;
    default: return c;
    }
}

/* The escape whose text starts at q (just after the backslash). ESC_OK and
 * ESC_NL set *val and *next (after the escape); ESC_ERR sets *next to where
 * erl_scan resumes; ESC_EOF means the input ended inside the escape. Column
 * bookkeeping for multi-byte characters consumed is done here. */
static esc_result scan_escape(hl_lexer *lx, const uint8_t *q, uint32_t *val,
                              const uint8_t **next) {
    const uint8_t *end = lx->end;
    if (q >= end) return ESC_EOF;
    uint8_t c = *q;
    if (is_oct(c)) {
        uint32_t v = (uint32_t)(c - '0');
        const uint8_t *r = q + 1;
        for (int i = 0; i < 2 && r < end && is_oct(*r); i++, r++) v = v * 8 + (uint32_t)(*r - '0');
        *val = v;
        *next = r;
        return ESC_OK;
    }
    if (c == 'x') {
        const uint8_t *r = q + 1;
        if (r >= end) return ESC_EOF;
        if (*r == '{') {
            r++;
            uint32_t v = 0;
            bool any = false, over = false;
            int d;
            while (r < end && (d = hex_value(*r)) < 16) {
                if (v > 0x10FFFF) over = true;  /* saturate: any length is linear */
                else v = v * 16 + (uint32_t)d;
                any = true;
                r++;
            }
            if (r >= end) return ESC_EOF;
            if (*r != '}') {
                *next = r;
                return ESC_ERR;
            }
            *next = r + 1;
            if (!any || over || !lex_is_unicode((int32_t)v)) return ESC_ERR;
            *val = v;
            return ESC_OK;
        }
        if (r + 1 < end && hex_value(r[0]) < 16 && hex_value(r[1]) < 16) {
            *val = (uint32_t)(hex_value(r[0]) * 16 + hex_value(r[1]));
            *next = r + 2;
            return ESC_OK;
        }
        *next = r;
        return ESC_ERR;
    }
    if (c == '^') { /* OTP 25: \^C is C band 31 for every character C */
        const uint8_t *r = q + 1;
        if (r >= end) return ESC_EOF;
        if (*r == '\n') { /* still a line break */
            *val = '\n';
            *next = r + 1;
            return ESC_NL;
        }
        int n;
        int32_t cp = lex_decode(r, end, &n);
        if (cp < 0) { /* resume at the bad byte, which the driver reports */
            *next = r;
            return ESC_ERR;
        }
        lx->col_adj += n - 1;
        *val = (uint32_t)cp & 31u;
        *next = r + n;
        return ESC_OK;
    }
    if (c == '\n') {
        *val = '\n';
        *next = q + 1;
        return ESC_NL;
    }
    int n;
    int32_t cp = lex_decode(q, end, &n);
    if (cp < 0) { /* resume at the bad byte, which the driver reports */
        *next = q;
        return ESC_ERR;
    }
    lx->col_adj += n - 1;
    *next = q + n;
    if (!lex_is_unicode(cp)) return ESC_ERR;
    *val = escape_char((uint32_t)cp);
    return ESC_OK;
}

/* ---- the head of an unterminated literal in error messages --------------- */

/* Characters that continue a grapheme cluster (a small approximation of
 * Unicode's Grapheme_Extend, enough for the combining marks, variation
 * selectors and emoji modifiers seen in practice). */
static bool grapheme_extend(uint32_t c) {
    return (c >= 0x300 && c <= 0x36F) || (c >= 0x483 && c <= 0x489) ||
           (c >= 0x591 && c <= 0x5BD) || (c >= 0x610 && c <= 0x61A) ||
           (c >= 0x64B && c <= 0x65F) || (c >= 0x1AB0 && c <= 0x1AFF) ||
           (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x200C && c <= 0x200D) ||
           (c >= 0x20D0 && c <= 0x20FF) || (c >= 0xFE00 && c <= 0xFE0F) ||
           (c >= 0xFE20 && c <= 0xFE2F) || (c >= 0x1F3FB && c <= 0x1F3FF) ||
           (c >= 0xE0020 && c <= 0xE007F) || (c >= 0xE0100 && c <= 0xE01EF);
}

/* Extended_Pictographic, approximately (the emoji blocks). */
static bool ext_pict(uint32_t c) {
    return (c >= 0x1F000 && c <= 0x1FAFF && !(c >= 0x1F1E6 && c <= 0x1F1FF)) ||
           (c >= 0x2600 && c <= 0x27BF) || (c >= 0x2300 && c <= 0x23FF) ||
           (c >= 0x2B00 && c <= 0x2BFF) || c == 0xA9 || c == 0xAE;
}

static bool regional_indicator(uint32_t c) { return c >= 0x1F1E6 && c <= 0x1F1FF; }

/* Vowel signs, viramas and other marks of the Indic blocks (U+0900..U+0DFF
 * share one layout): Extend or SpacingMark, both continue a cluster. */
static bool indic_mark(uint32_t c) {
    if (c < 0x900 || c > 0xDFF) return false;
    uint32_t o = c & 0x7F;
    return o <= 0x03 || (o >= 0x3A && o <= 0x4F && o != 0x3D) || (o >= 0x51 && o <= 0x57) ||
           o == 0x62 || o == 0x63;
}

/* Hangul jamo classes for GB6-GB8: 1 L, 2 V, 3 T, 4 LV, 5 LVT, 0 other. */
static int hangul(uint32_t c) {
    if ((c >= 0x1100 && c <= 0x115F) || (c >= 0xA960 && c <= 0xA97C)) return 1;
    if ((c >= 0x1160 && c <= 0x11A7) || (c >= 0xD7B0 && c <= 0xD7C6)) return 2;
    if ((c >= 0x11A8 && c <= 0x11FF) || (c >= 0xD7CB && c <= 0xD7FB)) return 3;
    if (c >= 0xAC00 && c <= 0xD7A3) return (c - 0xAC00) % 28 == 0 ? 4 : 5;
    return 0;
}

static bool hangul_joins(int prev, int next) {
    switch (prev) {
    case 1: return next == 1 || next == 2 || next == 4 || next == 5;
    case 2: case 4: return next == 2 || next == 3;
    case 3: case 5: return next == 3;
    default: return false;
    }
}

/* How many of the n code points make up the first `clusters` grapheme
 * clusters (string:slice(S, 0, 16) in erl_scan). */
static size_t grapheme_prefix(const uint32_t *s, size_t n, size_t clusters) {
    size_t i = 0;
    for (size_t k = 0; k < clusters && i < n; k++) {
        uint32_t base = s[i];
        if (base == '\r' && i + 1 < n && s[i + 1] == '\n') {
            i += 2;
            continue;
        }
        i++;
        /* Controls (CR and LF included) stand alone: marks after them start
         * a cluster of their own (Unicode's GB4/GB5). */
        if (base < 0x20 || (base >= 0x7F && base <= 0x9F)) continue;
        if (regional_indicator(base) && i < n && regional_indicator(s[i])) i++; /* a flag */
        for (int h = hangul(base); h && i < n && hangul_joins(h, hangul(s[i])); i++)
            h = hangul(s[i]);
        bool pict = ext_pict(base);
        while (i < n && (grapheme_extend(s[i]) || indic_mark(s[i]))) {
            bool zwj = s[i] == 0x200D;
            i++;
            /* GB11: pictograph (Extend*) ZWJ x pictograph. */
            if (zwj && pict && i < n && ext_pict(s[i])) i++;
        }
    }
    return i;
}

/* io_lib:write_string(S, Quote) as UTF-8 into out (NUL-terminated, cut at
 * cap - 1 bytes). */
static void write_string(const uint32_t *s, size_t n, char quote, char *out, size_t cap) {
    size_t o = 0;
#define PUT(ch) do { if (o + 1 < cap) out[o++] = (char)(ch); } while (0)
    PUT(quote);
    for (size_t i = 0; i < n; i++) {
        uint32_t c = s[i];
        if (c == (uint32_t)quote || c == '\\') {
            PUT('\\');
            PUT(c);
        } else if (c >= 0x20 && c <= 0x7E) {
            PUT(c);
        } else if (c >= 0xA0) {
            uint8_t b[4];
            int k;
            if (c < 0x800) {
                b[0] = (uint8_t)(0xC0 | (c >> 6)), b[1] = (uint8_t)(0x80 | (c & 0x3F)), k = 2;
            } else if (c < 0x10000) {
                b[0] = (uint8_t)(0xE0 | (c >> 12)), b[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
                b[2] = (uint8_t)(0x80 | (c & 0x3F)), k = 3;
            } else {
                b[0] = (uint8_t)(0xF0 | (c >> 18)), b[1] = (uint8_t)(0x80 | ((c >> 12) & 0x3F));
                b[2] = (uint8_t)(0x80 | ((c >> 6) & 0x3F)), b[3] = (uint8_t)(0x80 | (c & 0x3F));
                k = 4;
            }
            if (o + (size_t)k + 1 >= cap) break;  /* never cut a character */
            for (int j = 0; j < k; j++) out[o++] = (char)b[j];
        } else {
            const char *named = NULL;
            switch (c) {
            case '\n': named = "\\n"; break;
            case '\r': named = "\\r"; break;
            case '\t': named = "\\t"; break;
            case '\v': named = "\\v"; break;
            case '\b': named = "\\b"; break;
            case '\f': named = "\\f"; break;
            case 27: named = "\\e"; break;
            case 127: named = "\\d"; break;
            default: break;
            }
            if (named) {
                PUT(named[0]);
                PUT(named[1]);
            } else {
                PUT('\\');
                PUT('0' + ((c >> 6) & 7));
                PUT('0' + ((c >> 3) & 7));
                PUT('0' + (c & 7));
            }
        }
    }
    PUT(quote);
#undef PUT
    out[o] = '\0';
}

static void unterminated(hl_lexer *lx, uint32_t line, uint32_t col, char quote, size_t stored) {
    char head[400];
    size_t n = grapheme_prefix(lx->cps, stored, 16);
    write_string(lx->cps, n, quote, head, sizeof head);
    hl_lex_error(lx, line, col, "unterminated %s starting with %s",
                 quote == '"' ? "string" : "atom", head);
    lx->p = lx->end;
}

/* ---- strings and quoted atoms -------------------------------------------- */

static void lex_quoted(hl_lexer *lx, uint8_t quote) {
    const uint8_t *start = lx->p, *p = start + 1, *end = lx->end;
    uint32_t line = lx->line, col = lex_col(lx);
    bool atom = quote == '\'';
    size_t limit = atom ? 255 : lx->lim->max_string_chars;
    /* Code points kept: enough to check the limit and to quote the head of
     * an unterminated literal. Beyond it they are only counted. */
    size_t keep = limit < 1024 ? 1024 : limit + 1;
    size_t count = 0;
    if (!hl_lex_reserve_cps(lx, 256)) return;
    uint32_t *cps = lx->cps;
    size_t room = lx->cps_cap < keep ? lx->cps_cap : keep;

#define APPEND(v)                                                                 \
    do {                                                                          \
        if (count < room) {                                                       \
            cps[count] = (v);                                                     \
        } else if (count < keep) {                                                \
            size_t want_ = lx->cps_cap * 2 < keep ? lx->cps_cap * 2 : keep;        \
            if (!hl_lex_reserve_cps(lx, want_)) return;                           \
            cps = lx->cps;                                                        \
            room = lx->cps_cap < keep ? lx->cps_cap : keep;                       \
            cps[count] = (v);                                                     \
        }                                                                         \
        count++;                                                                  \
    } while (0)

    for (;;) {
        if (p >= end) {
            lx->p = p;
            unterminated(lx, line, col, (char)quote, count < keep ? count : keep);
            return;
        }
        uint8_t c = *p;
        if (c < 0x80 && c != quote && c != '\\' && c != '\n') {
            APPEND(c);
            p++;
            continue;
        }
        if (c == quote) {
            p++;
            break;
        }
        if (c == '\n') {
            APPEND('\n');
            p++;
            lex_newline(lx, p);
            continue;
        }
        if (c == '\\') {
            uint32_t v = 0, bline = lx->line, bcol = lex_col_at(lx, p);
            const uint8_t *next = p;
            switch (scan_escape(lx, p + 1, &v, &next)) {
            case ESC_OK:
                APPEND(v);
                p = next;
                continue;
            case ESC_NL:
                APPEND(v);
                p = next;
                lex_newline(lx, p);
                continue;
            case ESC_ERR:
                hl_lex_error(lx, bline, bcol, "illegal character");
                lx->p = next;
                return;
            case ESC_EOF:
                lx->p = end;
                unterminated(lx, line, col, (char)quote, count < keep ? count : keep);
                return;
            }
        }
        int n;
        int32_t cp = lex_decode(p, end, &n);
        if (cp < 0) {
            /* Not expressible to erl_scan: report, drop the byte, go on. */
            hl_lex_error(lx, lx->line, lex_col_at(lx, p), "invalid UTF-8");
            if (lx->stop) return;
            p++;
            continue;
        }
        if (!lex_is_unicode(cp)) {
            hl_lex_error(lx, lx->line, lex_col_at(lx, p), "illegal character");
            lx->col_adj += n - 1;
            lx->p = p + n;
            return;
        }
        APPEND((uint32_t)cp);
        lx->col_adj += n - 1;
        p += n;
    }
#undef APPEND
    lx->p = p;
    if (atom) {
        if (count > 255) {
            hl_lex_error(lx, line, col, "illegal atom");
            return;
        }
        char *name = hl_arena_alloc(lx->arena, count * 4 + 1);
        if (!name) {
            hl_lex_oom(lx);
            return;
        }
        size_t o = 0;
        for (size_t i = 0; i < count; i++) {
            uint32_t v = cps[i];
            if (v < 0x80) {
                name[o++] = (char)v;
            } else if (v < 0x800) {
                name[o++] = (char)(0xC0 | (v >> 6));
                name[o++] = (char)(0x80 | (v & 0x3F));
            } else if (v < 0x10000) {
                name[o++] = (char)(0xE0 | (v >> 12));
                name[o++] = (char)(0x80 | ((v >> 6) & 0x3F));
                name[o++] = (char)(0x80 | (v & 0x3F));
            } else {
                name[o++] = (char)(0xF0 | (v >> 18));
                name[o++] = (char)(0x80 | ((v >> 12) & 0x3F));
                name[o++] = (char)(0x80 | ((v >> 6) & 0x3F));
                name[o++] = (char)(0x80 | (v & 0x3F));
            }
        }
        name[o] = '\0';
        hl_token *t = hl_lex_push(lx, HL_TOK_ATOM, start, line, col);
        if (!t) return;
        t->v.text.ptr = name;
        t->v.text.len = (uint32_t)o;
        return;
    }
    if (count > limit) {
        hl_lex_error(lx, line, col, "string literal longer than the limit of %zu characters",
                     limit);
        return;
    }
    uint32_t *text = hl_arena_alloc_array(lx->arena, count, sizeof *text);
    if (!text) {
        hl_lex_oom(lx);
        return;
    }
    if (count) memcpy(text, cps, count * sizeof *text);
    hl_token *t = hl_lex_push(lx, HL_TOK_STRING, start, line, col);
    if (!t) return;
    t->v.text.ptr = text;
    t->v.text.len = (uint32_t)count;
}

void hl_lex_string(hl_lexer *lx) { lex_quoted(lx, '"'); }
void hl_lex_qatom(hl_lexer *lx) { lex_quoted(lx, '\''); }

/* ---- character literals -------------------------------------------------- */

void hl_lex_char(hl_lexer *lx) {
    const uint8_t *s = lx->p, *q = s + 1, *end = lx->end;
    uint32_t line = lx->line, col = lex_col(lx);
    if (q >= end) {
        hl_lex_error(lx, line, col, "unterminated character");
        lx->p = end;
        return;
    }
    hl_token *t;
    if (*q == '\\') {
        uint32_t v = 0;
        const uint8_t *next = q;
        esc_result r = scan_escape(lx, q + 1, &v, &next);
        switch (r) {
        case ESC_OK:
        case ESC_NL:
            lx->p = next;
            t = hl_lex_push(lx, HL_TOK_CHAR, s, line, col);
            if (t) t->v.i = v;
            if (r == ESC_NL) lex_newline(lx, next);
            return;
        case ESC_ERR:
            hl_lex_error(lx, line, col, "illegal character");
            lx->p = next;
            return;
        case ESC_EOF:
            hl_lex_error(lx, line, col, "unterminated character");
            lx->p = end;
            return;
        }
    }
    if (*q == '\n') {
        lx->p = q + 1;
        t = hl_lex_push(lx, HL_TOK_CHAR, s, line, col);
        if (t) t->v.i = '\n';
        lex_newline(lx, q + 1);
        return;
    }
    int n;
    int32_t cp = lex_decode(q, end, &n);
    if (cp < 0) {
        hl_lex_error(lx, line, lex_col_at(lx, q), "invalid UTF-8");
        lx->p = q + 1;
        return;
    }
    if (!lex_is_unicode(cp)) {
        /* erl_scan gives up on the rest of the input here. */
        hl_lex_error(lx, line, col, "illegal character");
        lex_resume(lx, end, line, col + 1);
        return;
    }
    lx->col_adj += n - 1;
    lx->p = q + n;
    t = hl_lex_push(lx, HL_TOK_CHAR, s, line, col);
    if (t) t->v.i = cp;
}
