/* reader.c — Erlang term literals to terms (reader.h): `hl run` arguments
 * and API input. The project lexer makes the tokens (so every literal form
 * is exactly erl_scan's); this file is a small iterative parser over them:
 * a value stack and a frame stack for open tuples, lists and maps, bounded
 * by max_depth — no C recursion depends on the text. Binary literals are
 * evaluated here segment by segment (erl_eval's rules for literal values). */
#include "host/reader.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/mem.h"
#include "front/lex.h"
#include "term/arith.h"
#include "term/bignum.h"
#include "term/float_format.h"
#include "term/map.h"

/* native byte order, for /native segments */
#define HL_NATIVE_LITTLE (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)

enum { FR_TUPLE, FR_LIST, FR_LIST_TAIL, FR_MAP_KEY, FR_MAP_VAL, FR_PAREN };

typedef struct frame {
    unsigned kind;
    size_t base; /* first value of this container on the value stack */
} frame;

typedef struct rd {
    hl_heap *h;
    const hl_reader_opts *o;
    const hl_token *tk;
    size_t ntk, pos;
    hl_reader_error *err;
    hl_term *vals;
    size_t nv, capv;
    frame *fr;
    size_t nf, capf;
    uint32_t max_depth;
    bool multi; /* hl_read_terms: every term ends with its own '.' */
    size_t pause_pos; /* hl_read_job: stop where a value starts at or past this token (0: never) */
} rd;

/* parse() stopped where a value starts, its state in rd (hl_read_job). */
#define READER_PAUSE ((hl_term_status)90)

static hl_term_status rerr(rd *r, const hl_token *t, hl_term_status st, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static hl_term_status rerr(rd *r, const hl_token *t, hl_term_status st, const char *fmt, ...) {
    if (r->err) {
        r->err->line = t ? t->line : 0;
        r->err->col = t ? t->col : 0;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
        va_end(ap);
    }
    return st;
}

static const hl_token *next(rd *r) { return &r->tk[r->pos < r->ntk - 1 ? r->pos++ : r->pos]; }
static const hl_token *peek(rd *r) { return &r->tk[r->pos]; }

/* erl_parse's yecctoken2string of t into out (cap > 16), for
 * file:consult/1's {Line, erl_parse, ["syntax error before: ", Text]}. */
static void put_esc(char *out, size_t cap, size_t *o, uint32_t c, char quote) {
    char b[8];
    int n;
    switch (c) {
    case '\n': n = snprintf(b, sizeof b, "\\n"); break;
    case '\t': n = snprintf(b, sizeof b, "\\t"); break;
    case '\r': n = snprintf(b, sizeof b, "\\r"); break;
    case '\\': n = snprintf(b, sizeof b, "\\\\"); break;
    default:
        if (c == (uint32_t)quote) n = snprintf(b, sizeof b, "\\%c", quote);
        else if (c < 32 || c == 127) n = snprintf(b, sizeof b, "\\%03o", c);
        else if (c < 0x80) n = snprintf(b, sizeof b, "%c", (char)c);
        else { /* UTF-8 */
            n = 0;
            if (c < 0x800) b[n++] = (char)(0xC0 | c >> 6);
            else {
                if (c < 0x10000) b[n++] = (char)(0xE0 | c >> 12);
                else b[n++] = (char)(0xF0 | c >> 18), b[n++] = (char)(0x80 | ((c >> 12) & 0x3F));
                b[n++] = (char)(0x80 | ((c >> 6) & 0x3F));
            }
            b[n++] = (char)(0x80 | (c & 0x3F));
        }
    }
    if (*o + (size_t)n + 2 < cap) memcpy(out + *o, b, (size_t)n), *o += (size_t)n;
}

static bool bare_atom(const char *s, size_t n) {
    if (n == 0 || !(s[0] >= 'a' && s[0] <= 'z')) return false;
    for (size_t i = 1; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '@'))
            return false;
    }
    return true;
}

static void token_text(const hl_token *t, char *out, size_t cap) {
    size_t o = 0;
    out[0] = '\0';
    switch (t->kind) {
    case HL_TOK_EOF: return;
    case HL_TOK_VAR: snprintf(out, cap, "%.*s", (int)(t->v.text.len < cap - 1 ? t->v.text.len : cap - 1), (const char *)t->v.text.ptr); return;
    case HL_TOK_INTEGER:
        if (t->big) snprintf(out, cap, "%.*s", (int)(t->v.text.len < cap - 1 ? t->v.text.len : cap - 1), (const char *)t->v.text.ptr);
        else snprintf(out, cap, "%lld", (long long)t->v.i);
        return;
    case HL_TOK_FLOAT: {
        char f[HL_FLOAT_TEXT_MAX];
        hl_float_fmt fmt = {.kind = HL_FLOAT_FMT_SHORT};
        int n = hl_float_format(t->v.f, &fmt, f);
        if (n > 0) snprintf(out, cap, "%.*s", (int)((size_t)n < cap - 1 ? (size_t)n : cap - 1), f);
        return;
    }
    case HL_TOK_CHAR:
        out[o++] = '$';
        put_esc(out, cap, &o, (uint32_t)t->v.i, 0);
        out[o] = '\0';
        return;
    case HL_TOK_STRING: {
        const uint32_t *cp = t->v.text.ptr;
        out[o++] = '"';
        for (uint32_t i = 0; i < t->v.text.len; i++) put_esc(out, cap, &o, cp[i], '"');
        out[o++] = '"', out[o] = '\0';
        return;
    }
    case HL_TOK_ATOM: {
        const char *a = t->v.text.ptr;
        size_t n = t->v.text.len;
        if (bare_atom(a, n) && t->kind == HL_TOK_ATOM) {
            snprintf(out, cap, "%.*s", (int)(n < cap - 1 ? n : cap - 1), a);
            return;
        }
        out[o++] = '\'';
        for (size_t i = 0; i < n; i++) {
            uint8_t c = (uint8_t)a[i];
            if (c >= 0x80) { /* UTF-8 bytes pass through */
                if (o + 3 < cap) out[o++] = (char)c;
            } else
                put_esc(out, cap, &o, c, '\'');
        }
        out[o++] = '\'', out[o] = '\0';
        return;
    }
    case HL_TOK_DOT: snprintf(out, cap, "'.'"); return;
    default: snprintf(out, cap, "'%s'", hl_token_kind_name(t->kind)); return; /* reserved words, punctuation */
    }
}

static hl_term_status syntax(rd *r, const hl_token *t) {
    if (r->err) {
        r->err->otp = HL_READER_OTP_SYNTAX;
        token_text(t, r->err->token, sizeof r->err->token);
    }
    if (t->kind == HL_TOK_EOF) return rerr(r, t, HL_TERM_BADARG, "syntax error: unexpected end of input");
    if (t->kind == HL_TOK_ATOM || t->kind == HL_TOK_VAR)
        return rerr(r, t, HL_TERM_BADARG, "syntax error before: %.*s",
                    (int)(t->v.text.len > 60 ? 60 : t->v.text.len), (const char *)t->v.text.ptr);
    return rerr(r, t, HL_TERM_BADARG, "syntax error before: '%s'", hl_token_kind_name(t->kind));
}

static hl_term_status oom(rd *r, const hl_token *t, hl_term_status st) {
    return rerr(r, t, st,
                st == HL_TERM_HEAP_LIMIT    ? "term does not fit the heap limit"
                : st == HL_TERM_SYSTEM_LIMIT ? "term over a size limit"
                : st == HL_TERM_NOMEM        ? "out of memory"
                                             : "cannot build term");
}

static hl_term_status push_val(rd *r, const hl_token *t, hl_term v) {
    if (r->nv == r->capv) {
        size_t cap = r->capv ? r->capv * 2 : 64;
        hl_term *nv = hl_mem_realloc_array(r->vals, cap, sizeof *nv);
        if (!nv) return oom(r, t, HL_TERM_NOMEM);
        r->vals = nv;
        r->capv = cap;
    }
    r->vals[r->nv++] = v;
    return HL_TERM_OK;
}

static hl_term_status push_frame(rd *r, const hl_token *t, unsigned kind) {
    if (r->nf >= r->max_depth)
        return rerr(r, t, HL_TERM_SYSTEM_LIMIT, "term nested deeper than %u", r->max_depth);
    if (r->nf == r->capf) {
        size_t cap = r->capf ? r->capf * 2 : 16;
        frame *nf = hl_mem_realloc_array(r->fr, cap, sizeof *nf);
        if (!nf) return oom(r, t, HL_TERM_NOMEM);
        r->fr = nf;
        r->capf = cap;
    }
    r->fr[r->nf++] = (frame){kind, r->nv};
    return HL_TERM_OK;
}

static hl_term_status resolve_atom(rd *r, const hl_token *t, hl_term *out) {
    const char *name = t->v.text.ptr;
    size_t len = t->v.text.len;
    hl_term_status st = r->o->atom_fn ? r->o->atom_fn(r->o->atom_ctx, name, len, out)
                                      : hl_atom_pool_lookup(r->o->pool, name, len, out);
    if (st != HL_TERM_OK || !hl_is_atom(*out))
        return rerr(r, t, HL_TERM_BADARG, "unknown atom '%.*s' (not static and not in the pool)",
                    (int)(len > 60 ? 60 : len), name);
    return HL_TERM_OK;
}

/* INTEGER / CHAR / FLOAT token, negated when neg. */
static hl_term_status number(rd *r, const hl_token *t, bool neg, hl_term *out) {
    hl_term_status st;
    if (t->kind == HL_TOK_FLOAT) {
        st = hl_make_float(r->h, neg ? -t->v.f : t->v.f, out);
    } else if (t->kind == HL_TOK_INTEGER && t->big) {
        st = hl_int_from_text(r->h, t->v.text.ptr, t->v.text.len, 10, out);
        if (st == HL_TERM_OK && neg) st = hl_arith_neg(r->h, *out, out);
    } else {
        st = hl_int_make_i64(r->h, neg ? -t->v.i : t->v.i, out);
    }
    if (st == HL_TERM_SYSTEM_LIMIT) return rerr(r, t, st, "integer over the bignum size limit");
    return st == HL_TERM_OK ? st : oom(r, t, st);
}

static bool is_number_tok(const hl_token *t) {
    return t->kind == HL_TOK_INTEGER || t->kind == HL_TOK_FLOAT || t->kind == HL_TOK_CHAR;
}

/* Signs and parentheses before a number: - and + any number of times, as
 * erl_parse allows (`-(-(1))`); the parentheses must close after it. */
static hl_term_status signed_number(rd *r, const hl_token *first, hl_term *out) {
    bool neg = false;
    size_t parens = 0;
    const hl_token *t = first;
    for (;; t = next(r)) {
        if (t->kind == HL_TOK_MINUS) neg = !neg;
        else if (t->kind == HL_TOK_LPAREN) {
            if (++parens > r->max_depth)
                return rerr(r, t, HL_TERM_SYSTEM_LIMIT, "term nested deeper than %u", r->max_depth);
        } else if (t->kind != HL_TOK_PLUS)
            break;
    }
    if (is_number_tok(t)) {
        hl_term_status st = number(r, t, neg, out);
        for (; st == HL_TERM_OK && parens; parens--) {
            const hl_token *c = next(r);
            if (c->kind != HL_TOK_RPAREN) return syntax(r, c);
        }
        return st;
    }
    {
        if (t->kind == HL_TOK_ATOM || t->kind == HL_TOK_LBRACE || t->kind == HL_TOK_LBRACKET ||
            t->kind == HL_TOK_STRING || t->kind == HL_TOK_LTLT || t->kind == HL_TOK_HASH) {
            if (r->err) r->err->otp = HL_READER_OTP_BAD_TERM;
            return rerr(r, first, HL_TERM_BADARG, "unary %s applies to numbers only",
                        first->kind == HL_TOK_MINUS ? "-" : "+");
        }
        return syntax(r, t);
    }
}

/* Adjacent string literals, as one list of code points. */
static hl_term_status string(rd *r, const hl_token *t, hl_term *out) {
    size_t n = t->v.text.len, end = r->pos;
    while (r->tk[end].kind == HL_TOK_STRING) {
        if (!hl_size_add(n, r->tk[end].v.text.len, &n))
            return rerr(r, t, HL_TERM_SYSTEM_LIMIT, "string too long");
        end++;
    }
    if (n == 0) {
        r->pos = end;
        *out = HL_NIL;
        return HL_TERM_OK;
    }
    size_t words;
    if (!hl_size_mul(n, 2, &words)) return rerr(r, t, HL_TERM_SYSTEM_LIMIT, "string too long");
    hl_term *p;
    hl_term_status st = hl_heap_alloc(r->h, words, &p);
    if (st != HL_TERM_OK) return oom(r, t, st);
    size_t k = 0;
    for (const hl_token *s = t;; s = &r->tk[r->pos++]) {
        const uint32_t *cp = s->v.text.ptr;
        for (uint32_t i = 0; i < s->v.text.len; i++, k++) {
            p[2 * k] = hl_make_small(cp[i]);
            p[2 * k + 1] = k + 1 < n ? hl_make_cons(p + 2 * k + 2) : HL_NIL;
        }
        if (r->pos == end) break;
    }
    *out = hl_make_cons(p);
    return HL_TERM_OK;
}

/* ---- binaries ---- */

typedef struct bits {
    uint8_t *b;
    size_t nbits, cap; /* cap in bytes */
} bits;

/* Room for n more bytes (plus the partial one). */
static bool grow(bits *w, size_t n) {
    size_t need = w->nbits / 8 + n + 1;
    if (need <= w->cap) return true;
    size_t cap = w->cap ? w->cap : 64;
    while (cap < need) cap *= 2; /* need ≤ HL_READER_MAX_BINARY_BITS / 8 + 9 */
    uint8_t *nb = hl_mem_realloc(w->b, cap);
    if (!nb) return false;
    memset(nb + w->cap, 0, cap - w->cap);
    w->b = nb;
    w->cap = cap;
    return true;
}

static bool put_bit(bits *w, unsigned v) {
    if (!grow(w, 1)) return false;
    if (v) w->b[w->nbits / 8] |= (uint8_t)(0x80u >> (w->nbits % 8));
    w->nbits++;
    return true;
}

/* Whole bytes: copied when the writer is byte-aligned, shifted in otherwise. */
static bool put_raw(bits *w, const uint8_t *p, size_t n) {
    if (!grow(w, n)) return false;
    unsigned sh = (unsigned)(w->nbits % 8);
    uint8_t *d = w->b + w->nbits / 8;
    if (sh == 0) memcpy(d, p, n);
    else
        for (size_t k = 0; k < n; k++) {
            d[k] |= (uint8_t)(p[k] >> sh);
            d[k + 1] = (uint8_t)(p[k] << (8 - sh));
        }
    w->nbits += 8 * n;
    return true;
}

enum { T_INTEGER, T_FLOAT, T_BINARY, T_UTF8, T_UTF16, T_UTF32 };

typedef struct segspec {
    unsigned type;
    bool little, has_size;
    uint64_t size, unit;
    bool has_unit;
} segspec;

/* The low `n` bits of integer v (two's complement), most significant first;
 * little-endian byte order when little (n a multiple of 8). */
static hl_term_status put_int(rd *r, const hl_token *at, bits *w, hl_term v, uint64_t n,
                              bool little) {
    size_t nb = (size_t)((n + 7) / 8);
    uint8_t *le = hl_mem_calloc(nb ? nb : 1, 1); /* little-endian bytes of v mod 2^(8 nb) */
    if (!le) return oom(r, at, HL_TERM_NOMEM);
    hl_intv iv;
    hl_intv_of(v, &iv);
    for (size_t k = 0; k < nb && k / 8 < iv.n; k++) le[k] = (uint8_t)(iv.d[k / 8] >> (8 * (k % 8)));
    if (iv.neg) { /* negate within nb bytes */
        unsigned carry = 1;
        for (size_t k = 0; k < nb; k++) {
            unsigned x = (uint8_t)~le[k] + carry;
            le[k] = (uint8_t)x;
            carry = x >> 8;
        }
    }
    bool ok = true;
    if (little) {
        ok = put_raw(w, le, nb);
    } else {
        /* the top partial byte bit by bit, then whole bytes, high first */
        size_t whole = (size_t)(n / 8);
        for (unsigned b = (unsigned)(n % 8); ok && b-- > 0;) ok = put_bit(w, (le[whole] >> b) & 1);
        for (size_t i = 0; i < whole / 2; i++) {
            uint8_t x = le[i];
            le[i] = le[whole - 1 - i];
            le[whole - 1 - i] = x;
        }
        if (ok) ok = put_raw(w, le, whole);
    }
    hl_mem_free(le);
    return ok ? HL_TERM_OK : oom(r, at, HL_TERM_NOMEM);
}

static hl_term_status put_bytes(rd *r, const hl_token *at, bits *w, const uint8_t *p, size_t n) {
    return put_raw(w, p, n) ? HL_TERM_OK : oom(r, at, HL_TERM_NOMEM);
}

/* One value (integer term, or a float when isf) under spec. */
static hl_term_status put_value(rd *r, const hl_token *at, bits *w, const segspec *s, hl_term v,
                                bool isf, double f) {
    uint8_t u[8];
    switch (s->type) {
    case T_INTEGER: {
        if (isf) return rerr(r, at, HL_TERM_BADARG, "a float value in an integer segment");
        uint64_t n = (s->has_size ? s->size : 8) * s->unit;
        if (n > HL_READER_MAX_BINARY_BITS || w->nbits + n > HL_READER_MAX_BINARY_BITS)
            return rerr(r, at, HL_TERM_SYSTEM_LIMIT, "binary literal too large");
        if (s->little && n % 8)
            return rerr(r, at, HL_TERM_BADARG, "little-endian segment of %llu bits is not supported",
                        (unsigned long long)n);
        return put_int(r, at, w, v, n, s->little);
    }
    case T_FLOAT: {
        uint64_t n = (s->has_size ? s->size : 64) * s->unit;
        double d = f;
        if (!isf && !hl_number_to_double(v, &d))
            return rerr(r, at, HL_TERM_BADARG, "integer too large for a float segment");
        if (n == 64) {
            uint64_t x;
            memcpy(&x, &d, 8);
            for (int k = 0; k < 8; k++) u[s->little ? k : 7 - k] = (uint8_t)(x >> (8 * k));
            return put_bytes(r, at, w, u, 8);
        }
        if (n == 32) {
            float g = (float)d;
            if (d == d && (g - g) != 0) return rerr(r, at, HL_TERM_BADARG, "float out of range for 32 bits");
            uint32_t x;
            memcpy(&x, &g, 4);
            for (int k = 0; k < 4; k++) u[s->little ? k : 3 - k] = (uint8_t)(x >> (8 * k));
            return put_bytes(r, at, w, u, 4);
        }
        return rerr(r, at, HL_TERM_BADARG, "float segments must be 32 or 64 bits");
    }
    case T_UTF8:
    case T_UTF16:
    case T_UTF32: {
        int64_t c = hl_is_small(v) && !isf ? hl_small_val(v) : -1;
        if (c < 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
            return rerr(r, at, HL_TERM_BADARG, "not a Unicode code point in a utf segment");
        size_t n = 0;
        uint32_t cp = (uint32_t)c;
        if (s->type == T_UTF8) {
            if (cp < 0x80) u[n++] = (uint8_t)cp;
            else if (cp < 0x800) {
                u[n++] = (uint8_t)(0xC0 | cp >> 6);
                u[n++] = (uint8_t)(0x80 | (cp & 0x3F));
            } else if (cp < 0x10000) {
                u[n++] = (uint8_t)(0xE0 | cp >> 12);
                u[n++] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
                u[n++] = (uint8_t)(0x80 | (cp & 0x3F));
            } else {
                u[n++] = (uint8_t)(0xF0 | cp >> 18);
                u[n++] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
                u[n++] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
                u[n++] = (uint8_t)(0x80 | (cp & 0x3F));
            }
        } else if (s->type == T_UTF16) {
            uint16_t units[2];
            size_t nu = 0;
            if (cp < 0x10000) units[nu++] = (uint16_t)cp;
            else {
                units[nu++] = (uint16_t)(0xD800 | ((cp - 0x10000) >> 10));
                units[nu++] = (uint16_t)(0xDC00 | ((cp - 0x10000) & 0x3FF));
            }
            for (size_t k = 0; k < nu; k++) {
                u[n++] = (uint8_t)(s->little ? units[k] : units[k] >> 8);
                u[n++] = (uint8_t)(s->little ? units[k] >> 8 : units[k]);
            }
        } else {
            for (int k = 0; k < 4; k++) u[n++] = (uint8_t)(cp >> (s->little ? 8 * k : 24 - 8 * k));
        }
        if (w->nbits + 8 * n > HL_READER_MAX_BINARY_BITS)
            return rerr(r, at, HL_TERM_SYSTEM_LIMIT, "binary literal too large");
        return put_bytes(r, at, w, u, n);
    }
    default:
        return rerr(r, at, HL_TERM_BADARG, "binary/bitstring segments need a binary value "
                                           "(nested binaries are not supported in literals)");
    }
}

static bool atom_is(const hl_token *t, const char *s) {
    return t->kind == HL_TOK_ATOM && t->v.text.len == strlen(s) &&
           memcmp(t->v.text.ptr, s, t->v.text.len) == 0;
}

/* Type specifiers after '/': type-type-... (erl_parse's bit_type_list). */
static hl_term_status seg_types(rd *r, segspec *s) {
    for (;;) {
        const hl_token *t = next(r);
        if (t->kind != HL_TOK_ATOM) return syntax(r, t);
        if (atom_is(t, "integer")) s->type = T_INTEGER;
        else if (atom_is(t, "float")) s->type = T_FLOAT;
        else if (atom_is(t, "binary") || atom_is(t, "bytes") || atom_is(t, "bitstring") ||
                 atom_is(t, "bits"))
            s->type = T_BINARY;
        else if (atom_is(t, "utf8")) s->type = T_UTF8;
        else if (atom_is(t, "utf16")) s->type = T_UTF16;
        else if (atom_is(t, "utf32")) s->type = T_UTF32;
        else if (atom_is(t, "signed") || atom_is(t, "unsigned")) {
            /* signedness only matters when matching */
        } else if (atom_is(t, "big")) s->little = false;
        else if (atom_is(t, "little")) s->little = true;
        else if (atom_is(t, "native")) s->little = HL_NATIVE_LITTLE;
        else if (atom_is(t, "unit")) {
            if (next(r)->kind != HL_TOK_COLON) return syntax(r, &r->tk[r->pos - 1]);
            const hl_token *u = next(r);
            if (u->kind != HL_TOK_INTEGER || u->big || u->v.i < 1 || u->v.i > 256)
                return rerr(r, u, HL_TERM_BADARG, "unit must be an integer 1..256");
            s->unit = (uint64_t)u->v.i;
            s->has_unit = true;
        } else
            return rerr(r, t, HL_TERM_BADARG, "unknown bit type: %.*s",
                        (int)(t->v.text.len > 40 ? 40 : t->v.text.len), (const char *)t->v.text.ptr);
        if (peek(r)->kind != HL_TOK_MINUS) return HL_TERM_OK;
        next(r);
    }
}

static hl_term_status make_bitstring(rd *r, const hl_token *at, const bits *w, hl_term *out) {
    hl_term bin;
    hl_term_status st = hl_make_binary(r->h, w->b, (w->nbits + 7) / 8, &bin);
    if (st != HL_TERM_OK) return oom(r, at, st);
    if (w->nbits % 8 == 0) {
        *out = bin;
        return HL_TERM_OK;
    }
    hl_term *p;
    st = hl_heap_alloc(r->h, HL_SUB_BIN_WORDS, &p);
    if (st != HL_TERM_OK) return oom(r, at, st);
    p[0] = hl_make_header(HL_SUB_SUB_BIN, HL_SUB_BIN_WORDS - 1);
    p[1] = bin;
    p[2] = 0;
    p[3] = w->nbits;
    *out = hl_make_boxed(p);
    return HL_TERM_OK;
}

/* After '<<': segments up to '>>'. */
static hl_term_status binary(rd *r, const hl_token *open, hl_term *out) {
    bits w = {0};
    hl_term_status st = HL_TERM_OK;
    if (peek(r)->kind == HL_TOK_GTGT) next(r);
    else
        for (;;) {
            const hl_token *at = next(r);
            if (at->kind == HL_TOK_LTLT) {
                st = rerr(r, at, HL_TERM_BADARG, "nested binaries are not supported in literals");
                break;
            }
            /* the value: a string, or a number with signs and parentheses */
            hl_term v = HL_NIL;
            bool isf = false;
            double fv = 0;
            if (at->kind != HL_TOK_STRING) {
                if ((st = signed_number(r, at, &v)) != HL_TERM_OK) break;
                isf = hl_is_float(v);
                if (isf) fv = hl_float_val(v);
            }
            segspec s = {T_INTEGER, false, false, 0, 1, false};
            if (peek(r)->kind == HL_TOK_COLON) {
                next(r);
                const hl_token *z = next(r);
                if (z->kind != HL_TOK_INTEGER || z->big || z->v.i < 0) {
                    st = rerr(r, z, HL_TERM_BADARG, "segment size must be a non-negative integer");
                    break;
                }
                s.has_size = true;
                s.size = (uint64_t)z->v.i;
            }
            if (peek(r)->kind == HL_TOK_SLASH) {
                next(r);
                if ((st = seg_types(r, &s)) != HL_TERM_OK) break;
            }
            if (s.type >= T_UTF8 && (s.has_size || s.has_unit)) {
                st = rerr(r, at, HL_TERM_BADARG, "utf segments take no size or unit");
                break;
            }
            if (s.has_unit && !s.has_size) {
                st = rerr(r, at, HL_TERM_BADARG, "a unit needs a size");
                break;
            }
            if (s.type == T_BINARY) {
                st = put_value(r, at, &w, &s, HL_NIL, false, 0);
                break;
            }
            if (s.has_size && s.size > HL_READER_MAX_BINARY_BITS) {
                st = rerr(r, at, HL_TERM_SYSTEM_LIMIT, "binary literal too large");
                break;
            }
            if (at->kind == HL_TOK_STRING) {
                const uint32_t *cp = at->v.text.ptr;
                for (uint32_t i = 0; st == HL_TERM_OK && i < at->v.text.len; i++)
                    st = put_value(r, at, &w, &s, hl_make_small(cp[i]), false, 0);
            } else {
                st = put_value(r, at, &w, &s, v, isf, fv);
            }
            if (st != HL_TERM_OK) break;
            const hl_token *sep = next(r);
            if (sep->kind == HL_TOK_GTGT) break;
            if (sep->kind != HL_TOK_COMMA) {
                st = syntax(r, sep);
                break;
            }
        }
    if (st == HL_TERM_OK) st = make_bitstring(r, open, &w, out);
    hl_mem_free(w.b);
    return st;
}

/* ---- containers ---- */

static hl_term_status close_tuple(rd *r, const hl_token *t, frame *f, hl_term *out) {
    size_t n = r->nv - f->base;
    hl_term *p;
    hl_term_status st = hl_heap_alloc(r->h, 1 + n, &p);
    if (st != HL_TERM_OK) return oom(r, t, st);
    p[0] = hl_make_header(HL_SUB_TUPLE, n);
    if (n) memcpy(p + 1, r->vals + f->base, n * sizeof *p);
    *out = hl_make_boxed(p);
    return HL_TERM_OK;
}

static hl_term_status close_list(rd *r, const hl_token *t, frame *f, hl_term tail, size_t n,
                                 hl_term *out) {
    hl_term *p;
    hl_term_status st = hl_heap_alloc(r->h, 2 * n, &p);
    if (st != HL_TERM_OK) return oom(r, t, st);
    for (size_t k = 0; k < n; k++) {
        p[2 * k] = r->vals[f->base + k];
        p[2 * k + 1] = k + 1 < n ? hl_make_cons(p + 2 * k + 2) : tail;
    }
    *out = hl_make_cons(p);
    return HL_TERM_OK;
}

static hl_term_status close_map(rd *r, const hl_token *t, frame *f, hl_term *out) {
    size_t n = (r->nv - f->base) / 2;
    hl_term *k = hl_mem_realloc_array(NULL, n ? n : 1, 2 * sizeof *k);
    if (!k) return oom(r, t, HL_TERM_NOMEM);
    hl_term *v = k + n;
    for (size_t i = 0; i < n; i++) {
        k[i] = r->vals[f->base + 2 * i];
        v[i] = r->vals[f->base + 2 * i + 1];
    }
    hl_term_status st = hl_map_new(r->h, k, v, n, out);
    hl_mem_free(k);
    return st == HL_TERM_OK ? st : oom(r, t, st);
}

static hl_term_status parse(rd *r, hl_term *out) {
    hl_term_status st;
    for (;;) {
        /* a value starts here: no term is held but on r->vals, so a job
         * may stop here and come back */
        if (r->pause_pos && r->nf > 0 && r->pos >= r->pause_pos) return READER_PAUSE;
        const hl_token *t = next(r);
        hl_term v = HL_NIL;
        switch (t->kind) {
        case HL_TOK_LBRACE:
            if (peek(r)->kind == HL_TOK_RBRACE) {
                next(r);
                frame f = {FR_TUPLE, r->nv};
                if ((st = close_tuple(r, t, &f, &v)) != HL_TERM_OK) return st;
                break;
            }
            if ((st = push_frame(r, t, FR_TUPLE)) != HL_TERM_OK) return st;
            continue;
        case HL_TOK_LBRACKET:
            if (peek(r)->kind == HL_TOK_RBRACKET) {
                next(r);
                break;
            }
            if ((st = push_frame(r, t, FR_LIST)) != HL_TERM_OK) return st;
            continue;
        case HL_TOK_HASH:
            if (next(r)->kind != HL_TOK_LBRACE) return syntax(r, &r->tk[r->pos - 1]);
            if (peek(r)->kind == HL_TOK_RBRACE) {
                next(r);
                frame f = {FR_MAP_VAL, r->nv};
                if ((st = close_map(r, t, &f, &v)) != HL_TERM_OK) return st;
                break;
            }
            if ((st = push_frame(r, t, FR_MAP_KEY)) != HL_TERM_OK) return st;
            continue;
        case HL_TOK_LTLT:
            if ((st = binary(r, t, &v)) != HL_TERM_OK) return st;
            break;
        case HL_TOK_MINUS:
        case HL_TOK_PLUS:
            if ((st = signed_number(r, t, &v)) != HL_TERM_OK) return st;
            break;
        case HL_TOK_LPAREN: /* (Term): parentheses around any term */
            if ((st = push_frame(r, t, FR_PAREN)) != HL_TERM_OK) return st;
            continue;
        case HL_TOK_INTEGER:
        case HL_TOK_FLOAT:
        case HL_TOK_CHAR:
            if ((st = number(r, t, false, &v)) != HL_TERM_OK) return st;
            break;
        case HL_TOK_ATOM:
            if ((st = resolve_atom(r, t, &v)) != HL_TERM_OK) return st;
            break;
        case HL_TOK_STRING:
            if ((st = string(r, t, &v)) != HL_TERM_OK) return st;
            break;
        case HL_TOK_VAR:
            if (r->err) r->err->otp = HL_READER_OTP_BAD_TERM;
            return rerr(r, t, HL_TERM_BADARG, "variable '%.*s' is not a term",
                        (int)(t->v.text.len > 60 ? 60 : t->v.text.len), (const char *)t->v.text.ptr);
        default: return syntax(r, t);
        }
        /* v is complete: hand it to the open containers */
        for (;;) {
            if (r->nf == 0) {
                const hl_token *e = next(r);
                if (r->multi) {
                    if (e->kind != HL_TOK_DOT) return syntax(r, e);
                    *out = v;
                    return HL_TERM_OK;
                }
                if (e->kind == HL_TOK_DOT) e = next(r);
                if (e->kind != HL_TOK_EOF) return syntax(r, e);
                *out = v;
                return HL_TERM_OK;
            }
            frame *f = &r->fr[r->nf - 1];
            if ((st = push_val(r, t, v)) != HL_TERM_OK) return st;
            const hl_token *s = next(r);
            bool closed = false;
            switch (f->kind) {
            case FR_TUPLE:
                if (s->kind == HL_TOK_RBRACE) {
                    if ((st = close_tuple(r, s, f, &v)) != HL_TERM_OK) return st;
                    closed = true;
                } else if (s->kind != HL_TOK_COMMA)
                    return syntax(r, s);
                break;
            case FR_LIST:
                if (s->kind == HL_TOK_RBRACKET) {
                    if ((st = close_list(r, s, f, HL_NIL, r->nv - f->base, &v)) != HL_TERM_OK) return st;
                    closed = true;
                } else if (s->kind == HL_TOK_BAR)
                    f->kind = FR_LIST_TAIL;
                else if (s->kind != HL_TOK_COMMA)
                    return syntax(r, s);
                break;
            case FR_LIST_TAIL:
                if (s->kind != HL_TOK_RBRACKET) return syntax(r, s);
                if ((st = close_list(r, s, f, r->vals[r->nv - 1], r->nv - 1 - f->base, &v)) !=
                    HL_TERM_OK)
                    return st;
                closed = true;
                break;
            case FR_PAREN:
                if (s->kind != HL_TOK_RPAREN) return syntax(r, s);
                v = r->vals[r->nv - 1];
                closed = true;
                break;
            case FR_MAP_KEY:
                if (s->kind == HL_TOK_ASSOC)
                {
                    if (r->err) r->err->otp = HL_READER_OTP_BAD_TERM;
                    return rerr(r, s, HL_TERM_BADARG, "only => builds a map (:= updates one)");
                }
                if (s->kind != HL_TOK_MAPSTO) return syntax(r, s);
                f->kind = FR_MAP_VAL;
                break;
            default: /* FR_MAP_VAL */
                if (s->kind == HL_TOK_RBRACE) {
                    if ((st = close_map(r, s, f, &v)) != HL_TERM_OK) return st;
                    closed = true;
                } else if (s->kind == HL_TOK_COMMA)
                    f->kind = FR_MAP_KEY;
                else
                    return syntax(r, s);
                break;
            }
            if (!closed) break; /* the next value starts */
            r->nv = f->base;
            r->nf--;
        }
    }
}

static hl_term_status lex(const char *text, size_t len, const hl_reader_opts *o, hl_arena *arena,
                          hl_token_vec *toks, hl_reader_error *err) {
    size_t max = o->max_bytes ? o->max_bytes : HL_READER_DEFAULT_MAX_BYTES;
    if (len > max) {
        if (err) {
            err->line = err->col = 0;
            snprintf(err->message, sizeof err->message, "term text longer than %zu bytes", max);
        }
        return HL_TERM_SYSTEM_LIMIT;
    }
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    lim.max_source_bytes = max;
    lim.max_diagnostics = 1;
    hl_diags diags;
    hl_diags_init(&diags, 1);
    bool ok = hl_lex(text, len, &lim, arena, &diags, toks);
    hl_term_status st = HL_TERM_OK;
    if (!ok || hl_diags_errors(&diags) || toks->count == 0) {
        st = diags.oom || toks->count == 0 ? HL_TERM_NOMEM : HL_TERM_BADARG;
        if (err) {
            err->line = diags.count ? diags.items[0].line : 0;
            err->col = diags.count ? diags.items[0].col : 0;
            snprintf(err->message, sizeof err->message, "%s",
                     diags.count ? diags.items[0].message : "out of memory");
        }
    }
    hl_diags_free(&diags);
    return st;
}

hl_term_status hl_read_term(hl_heap *h, const char *text, size_t len, const hl_reader_opts *opts,
                            hl_term *out, hl_reader_error *err) {
    static const hl_reader_opts defaults = {0};
    const hl_reader_opts *o = opts ? opts : &defaults;
    if (err) memset(err, 0, sizeof *err);
    hl_arena arena;
    hl_arena_init(&arena, 0);
    hl_token_vec toks = {0};
    hl_term_status st = lex(text, len, o, &arena, &toks, err);
    if (st == HL_TERM_OK) {
        rd r = {.h = h, .o = o, .tk = toks.items, .ntk = toks.count, .err = err,
                .max_depth = o->max_depth ? o->max_depth : HL_READER_DEFAULT_MAX_DEPTH};
        st = parse(&r, out);
        hl_mem_free(r.vals);
        hl_mem_free(r.fr);
    }
    hl_token_vec_free(&toks);
    hl_arena_free(&arena);
    return st;
}

hl_term_status hl_read_terms(hl_heap *h, const char *text, size_t len, const hl_reader_opts *opts, hl_term *out,
                             hl_reader_error *err) {
    static const hl_reader_opts defaults = {0};
    const hl_reader_opts *o = opts ? opts : &defaults;
    if (err) memset(err, 0, sizeof *err);
    hl_arena arena;
    hl_arena_init(&arena, 0);
    hl_token_vec toks = {0};
    hl_term_status st = lex(text, len, o, &arena, &toks, err);
    hl_term *terms = NULL; /* at most one per token: bounded by the text */
    size_t n = 0, cap = 0;
    if (st == HL_TERM_OK) {
        rd r = {.h = h, .o = o, .tk = toks.items, .ntk = toks.count, .err = err,
                .max_depth = o->max_depth ? o->max_depth : HL_READER_DEFAULT_MAX_DEPTH, .multi = true};
        while (st == HL_TERM_OK && r.tk[r.pos].kind != HL_TOK_EOF) {
            hl_term v;
            r.nv = r.nf = 0;
            st = parse(&r, &v);
            if (st == HL_TERM_OK && n == cap) {
                size_t c = cap ? cap * 2 : 16;
                hl_term *g = hl_mem_realloc_array(terms, c, sizeof *g);
                if (!g) st = HL_TERM_NOMEM;
                else terms = g, cap = c;
            }
            if (st == HL_TERM_OK) terms[n++] = v;
        }
        hl_mem_free(r.vals);
        hl_mem_free(r.fr);
    }
    hl_term *cells = NULL;
    if (st == HL_TERM_OK && n) st = hl_heap_alloc(h, 2 * n, &cells);
    if (st == HL_TERM_OK) {
        hl_term list = HL_NIL;
        for (size_t i = n; i-- > 0;) {
            cells[2 * i] = terms[i];
            cells[2 * i + 1] = list;
            list = hl_make_cons(&cells[2 * i]);
        }
        *out = list;
    }
    hl_mem_free(terms);
    hl_token_vec_free(&toks);
    hl_arena_free(&arena);
    return st;
}

hl_term_status hl_read_scan_atoms(const char *text, size_t len, const hl_reader_opts *opts,
                                  hl_etf_name_fn fn, void *ctx, hl_reader_error *err) {
    static const hl_reader_opts defaults = {0};
    const hl_reader_opts *o = opts ? opts : &defaults;
    if (err) memset(err, 0, sizeof *err);
    hl_arena arena;
    hl_arena_init(&arena, 0);
    hl_token_vec toks = {0};
    hl_term_status st = lex(text, len, o, &arena, &toks, err);
    for (size_t i = 0; st == HL_TERM_OK && i < toks.count; i++)
        if (toks.items[i].kind == HL_TOK_ATOM) {
            /* a type name after '/' inside a binary is not an atom value */
            if (i > 0 && (toks.items[i - 1].kind == HL_TOK_SLASH ||
                          (toks.items[i - 1].kind == HL_TOK_MINUS && i > 1 &&
                           toks.items[i - 2].kind == HL_TOK_ATOM)))
                continue;
            st = fn(ctx, toks.items[i].v.text.ptr, toks.items[i].v.text.len);
            if (st != HL_TERM_OK && err) {
                err->line = toks.items[i].line;
                err->col = toks.items[i].col;
                snprintf(err->message, sizeof err->message, "atom refused by the caller");
            }
        }
    hl_token_vec_free(&toks);
    hl_arena_free(&arena);
    return st;
}

/* ---- one text read in steps (hl_read_job, reader.h) ---------------------- */

struct hl_read_job {
    hl_reader_opts o;
    hl_arena arena;
    hl_token_vec toks;
    hl_diags diags;
    hl_front_limits lim;
    hl_lex_job *lx;
    bool lexed, in_term, done;
    rd r;
    hl_heap heap; /* the job's own: nothing collects it, so a paused parse's values stay put */
    hl_term *terms;
    size_t n, cap;
    hl_term result;
};

hl_read_job *hl_read_job_new(const char *text, size_t len, uint64_t heap_limit) {
    hl_read_job *j = hl_mem_calloc(1, sizeof *j);
    if (!j) return NULL;
    hl_arena_init(&j->arena, 0);
    hl_diags_init(&j->diags, 1);
    hl_front_limits_default(&j->lim);
    j->lim.max_source_bytes = HL_READER_DEFAULT_MAX_BYTES;
    j->lim.max_diagnostics = 1;
    if (hl_heap_init(&j->heap, 1024, heap_limit) != HL_TERM_OK) {
        hl_diags_free(&j->diags);
        hl_arena_free(&j->arena);
        hl_mem_free(j);
        return NULL;
    }
    j->lx = hl_lex_job_new(text, len, &j->lim, &j->arena, &j->diags, &j->toks);
    if (!j->lx) {
        hl_read_job_free(j);
        return NULL;
    }
    return j;
}

uint64_t hl_read_job_heap_bytes(const hl_read_job *j) {
    return hl_heap_charged(&j->heap) + j->toks.cap * sizeof(hl_token) + j->r.capv * sizeof(hl_term);
}

hl_term_status hl_read_job_step(hl_read_job *j, size_t budget, hl_etf_atom_fn atom_fn, void *atom_ctx, bool *done,
                                hl_term *out, hl_reader_error *err) {
    if (err) memset(err, 0, sizeof *err);
    *done = false;
    j->o.atom_fn = atom_fn, j->o.atom_ctx = atom_ctx;
    if (!j->lexed) {
        bool ok;
        bool fin = hl_lex_job_step(j->lx, budget, &ok);
        if (hl_diags_errors(&j->diags) || (fin && (!ok || j->toks.count == 0))) {
            hl_term_status st = j->diags.oom || j->toks.count == 0 ? HL_TERM_NOMEM : HL_TERM_BADARG;
            if (err) {
                err->line = j->diags.count ? j->diags.items[0].line : 0;
                err->col = j->diags.count ? j->diags.items[0].col : 0;
                snprintf(err->message, sizeof err->message, "%s",
                         j->diags.count ? j->diags.items[0].message : "out of memory");
            }
            return st;
        }
        if (!fin) return HL_TERM_OK;
        j->lexed = true;
        j->r = (rd){.h = &j->heap, .o = &j->o, .tk = j->toks.items, .ntk = j->toks.count,
                    .max_depth = HL_READER_DEFAULT_MAX_DEPTH, .multi = true};
        return HL_TERM_OK;
    }
    if (!j->done) {
        rd *r = &j->r;
        r->err = err;
        r->pause_pos = r->pos + (budget ? budget : 1);
        while (j->in_term || r->tk[r->pos].kind != HL_TOK_EOF) {
            if (!j->in_term) r->nv = r->nf = 0;
            hl_term v;
            hl_term_status st = parse(r, &v);
            j->in_term = st == READER_PAUSE;
            if (st == READER_PAUSE) return HL_TERM_OK;
            if (st != HL_TERM_OK) return st;
            if (j->n == j->cap) {
                size_t c = j->cap ? j->cap * 2 : 16;
                hl_term *g = hl_mem_realloc_array(j->terms, c, sizeof *g);
                if (!g) return HL_TERM_NOMEM;
                j->terms = g, j->cap = c;
            }
            j->terms[j->n++] = v;
            if (r->pos >= r->pause_pos) return HL_TERM_OK;
        }
        hl_term *cells = NULL;
        hl_term_status st = j->n ? hl_heap_alloc(&j->heap, 2 * j->n, &cells) : HL_TERM_OK;
        if (st != HL_TERM_OK) return st;
        hl_term list = HL_NIL;
        for (size_t i = j->n; i-- > 0;) {
            cells[2 * i] = j->terms[i];
            cells[2 * i + 1] = list;
            list = hl_make_cons(&cells[2 * i]);
        }
        j->result = list;
        j->done = true;
    }
    *done = true;
    *out = j->result;
    return HL_TERM_OK;
}

void hl_read_job_free(hl_read_job *j) {
    if (!j) return;
    hl_lex_job_free(j->lx);
    hl_mem_free(j->r.vals);
    hl_mem_free(j->r.fr);
    hl_mem_free(j->terms);
    hl_heap_free(&j->heap);
    hl_token_vec_free(&j->toks);
    hl_diags_free(&j->diags);
    hl_arena_free(&j->arena);
    hl_mem_free(j);
}
