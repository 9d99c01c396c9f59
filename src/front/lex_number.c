/* lex_number.c — integer and float literals as OTP 25's erl_scan reads them:
 *   decimal 123, based B#digits (B = 2..36, letters either case),
 *   floats 1.5, 1.0e10, 2.5E-3 (a fraction is required; the exponent needs
 *   a digit), and '_' between two digits anywhere in a digit run.
 * Integers beyond int64 become big tokens holding their decimal digits
 * (GMP converts based ones). Digit counts are checked against
 * max_integer_digits before any conversion, so a huge literal costs one
 * linear scan. Floats are converted with strtod_l in the "C" locale. */
#define _GNU_SOURCE
#include <gmp.h>
#include <locale.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "front/lex_internal.h"

static inline bool is_digit(uint8_t c) { return c >= '0' && c <= '9'; }

/* Value of c as a digit in bases up to 36, or 99. */
static inline unsigned digit_value(uint8_t c) {
    if (c >= '0' && c <= '9') return (unsigned)(c - '0');
    if (c >= 'a' && c <= 'z') return (unsigned)(c - 'a' + 10);
    if (c >= 'A' && c <= 'Z') return (unsigned)(c - 'A' + 10);
    return 99;
}

/* Scans digits of `base` with single '_' between digits, from p; returns
 * the end and counts digits into *nd. */
static const uint8_t *digit_run(const uint8_t *p, const uint8_t *end, unsigned base, size_t *nd) {
    size_t n = 0;
    while (p < end) {
        if (digit_value(*p) < base) {
            p++;
            n++;
        } else if (*p == '_' && n > 0 && p + 1 < end && digit_value(p[1]) < base) {
            p++;
        } else {
            break;
        }
    }
    *nd = n;
    return p;
}

/* The "C" locale for strtod_l, made once per process (never freed: it is
 * reachable from here for the life of the process). */
static _Atomic(locale_t) c_numeric;

static locale_t c_locale(void) {
    locale_t l = atomic_load(&c_numeric);
    if (l) return l;
    locale_t mine = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    if (!mine) return (locale_t)0;
    locale_t expected = (locale_t)0;
    if (!atomic_compare_exchange_strong(&c_numeric, &expected, mine)) {
        freelocale(mine);
        return expected;
    }
    return mine;
}

/* Copies [s, e) without '_' into the scratch bytes, NUL-terminated. */
static char *strip_underscores(hl_lexer *lx, const uint8_t *s, const uint8_t *e, size_t *len) {
    size_t n = (size_t)(e - s);
    if (!hl_lex_reserve_bytes(lx, n + 1)) return NULL;
    char *b = lx->bytes;
    size_t o = 0;
    for (const uint8_t *p = s; p < e; p++)
        if (*p != '_') b[o++] = (char)*p;
    b[o] = '\0';
    *len = o;
    return b;
}

static void too_many_digits(hl_lexer *lx, uint32_t line, uint32_t col, const char *what) {
    hl_lex_error(lx, line, col, "%s literal longer than the limit of %u digits", what,
                 lx->lim->max_integer_digits);
}

static void lex_float(hl_lexer *lx, const uint8_t *s, const uint8_t *dot, size_t int_digits,
                      uint32_t line, uint32_t col) {
    const uint8_t *end = lx->end, *p;
    size_t nd_frac, nd_exp = 0;
    p = digit_run(dot + 1, end, 10, &nd_frac);
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-')) p++;
        p = digit_run(p, end, 10, &nd_exp);
    }
    lx->p = p;
    if (int_digits + nd_frac + nd_exp > lx->lim->max_integer_digits) {
        too_many_digits(lx, line, col, "float");
        return;
    }
    size_t len;
    char *text = strip_underscores(lx, s, p, &len);
    if (!text) return;
    locale_t loc = c_locale();
    if (!loc) {
        hl_lex_oom(lx);
        return;
    }
    char *stop = NULL;
    double v = strtod_l(text, &stop, loc);
    /* "1.5e" (no exponent digits) and overflow are errors; underflow reads
     * as the nearest double, as list_to_float does. */
    if (stop != text + len || !isfinite(v)) {
        hl_lex_error(lx, line, col, "illegal float");
        return;
    }
    hl_token *t = hl_lex_push(lx, HL_TOK_FLOAT, s, line, col);
    if (t) t->v.f = v;
}

/* Sets the token's value from digits (no '_') in `base`. */
static void set_integer(hl_lexer *lx, hl_token *t, const char *digits, size_t n, unsigned base) {
    uint64_t v = 0;
    bool over = false;
    for (size_t i = 0; i < n; i++) {
        unsigned d = digit_value((uint8_t)digits[i]);
        if (__builtin_mul_overflow(v, (uint64_t)base, &v) ||
            __builtin_add_overflow(v, (uint64_t)d, &v)) {
            over = true;
            break;
        }
    }
    if (!over && v <= (uint64_t)INT64_MAX) {
        t->v.i = (int64_t)v;
        return;
    }
    t->big = 1;
    if (base == 10) {
        while (n > 1 && digits[0] == '0') digits++, n--;
        char *text = hl_arena_strndup(lx->arena, digits, n);
        if (!text) {
            t->v.text.ptr = "0";  /* never read: lexing fails */
            hl_lex_oom(lx);
            return;
        }
        t->v.text.ptr = text;
        t->v.text.len = (uint32_t)n;
        return;
    }
    /* Bounded by max_integer_digits, so GMP's own allocations stay small. */
    mpz_t z;
    mpz_init(z);
    mpz_set_str(z, digits, (int)base);
    size_t cap = mpz_sizeinbase(z, 10) + 2;
    char *text = hl_arena_alloc(lx->arena, cap);
    if (!text) {
        mpz_clear(z);
        t->v.text.ptr = "0";
        hl_lex_oom(lx);
        return;
    }
    mpz_get_str(text, 10, z);
    mpz_clear(z);
    t->v.text.ptr = text;
    t->v.text.len = (uint32_t)strlen(text);
}

void hl_lex_number(hl_lexer *lx) {
    const uint8_t *s = lx->p, *end = lx->end;
    uint32_t line = lx->line, col = lex_col(lx);
    size_t nd;
    const uint8_t *p = digit_run(s, end, 10, &nd);

    if (p + 1 < end && *p == '.' && is_digit(p[1])) {
        lex_float(lx, s, p, nd, line, col);
        return;
    }

    if (p < end && *p == '#') {
        /* The base: its digits without '_' and leading zeros. */
        size_t len;
        lx->p = p;
        char *b = strip_underscores(lx, s, p, &len);
        if (!b) return;
        size_t z = 0;
        while (z + 1 < len && b[z] == '0') z++;
        unsigned base = len - z <= 2 ? (unsigned)atoi(b + z) : 99;
        if (base < 2 || base > 36) {
            hl_lex_error(lx, line, col, "illegal base '%.300s'", b + z);
            return;  /* resume at '#' */
        }
        size_t bd;
        const uint8_t *q = digit_run(p + 1, end, base, &bd);
        if (bd == 0) {
            hl_lex_error(lx, line, col, "illegal integer");
            lx->p = p + 1;
            return;
        }
        lx->p = q;
        if (bd > lx->lim->max_integer_digits) {
            too_many_digits(lx, line, col, "integer");
            return;
        }
        char *digits = strip_underscores(lx, p + 1, q, &len);
        if (!digits) return;
        hl_token *t = hl_lex_push(lx, HL_TOK_INTEGER, s, line, col);
        if (t) set_integer(lx, t, digits, len, base);
        return;
    }

    lx->p = p;
    if (nd > lx->lim->max_integer_digits) {
        too_many_digits(lx, line, col, "integer");
        return;
    }
    hl_token *t = hl_lex_push(lx, HL_TOK_INTEGER, s, line, col);
    if (!t) return;
    if (nd <= 18 && (size_t)(p - s) == nd) { /* the common case: no '_', fits */
        int64_t v = 0;
        for (const uint8_t *d = s; d < p; d++) v = v * 10 + (*d - '0');
        t->v.i = v;
        return;
    }
    size_t len;
    char *digits = strip_underscores(lx, s, p, &len);
    if (!digits) return;
    set_integer(lx, t, digits, len, 10);
}
