/* float_format.c — OTP 25's float text options and float syntax (see
 * float_format.h), checked byte for byte against erl by test_float_format.
 *
 * What OTP 25 does, and so what this does:
 * - {scientific,N}: C's "%.*e" (correctly rounded, ties to even on exact
 *   ties). N is a C int: a value that wraps negative means "%.*e" with a
 *   negative precision, i.e. 6 digits.
 * - {decimals,N}: below 19 digits and for |v| <= 2^53 a fast path that is
 *   NOT correctly rounded: the fraction (v - floor(v)) is multiplied by 10^N
 *   in double arithmetic and rounded half away from zero (0.15 -> "0.2",
 *   0.125 -> "0.13"); N = 0 is lround. Otherwise "%.*f" (exact). Negative N
 *   (after the int wrap) is badarg. The sign is the sign bit ("-0.00").
 * - compact strips trailing zeros but keeps one digit after the point; on
 *   the "%.*f" path it also strips an integer's zeros when N = 0 (1.0e20 ->
 *   "1"), an OTP bug kept because guests can see it.
 * - short: the shortest round-trip text (base/fmt_float.c).
 * - Any text that does not fit OTP's 256-byte buffer is badarg. OTP crashes
 *   on precisions near INT_MAX; we say badarg for anything that cannot fit.
 * printf/strtod only ever see text we built, and a locale's ',' radix is
 * mapped back to '.' both ways, as OTP does. */
#include "term/float_format.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt_float.h"
#include "base/mem.h"
#include "term/atom.h"

enum {
    FIXED_FAST_MAX_DECIMALS = 19, /* OTP's table of powers of ten: 1e0..1e18 */
    PRINTF_MAX_DIGITS = 300,      /* more can never fit HL_FLOAT_TEXT_MAX */
    PRINTF_BUF = 720,             /* 309 integer digits + point + 300 + exponent */
};

hl_float_fmt hl_float_fmt_default(void) {
    return (hl_float_fmt){.kind = HL_FLOAT_FMT_SCIENTIFIC, .digits = 20, .compact = false};
}

hl_term_status hl_float_fmt_parse(hl_term opts, hl_float_fmt *fmt, uint64_t *steps) {
    *fmt = hl_float_fmt_default();
    uint64_t n = 0;
    hl_term l = opts;
    for (; hl_is_cons(l); l = hl_cdr(l), n++) {
        hl_term o = hl_car(l);
        if (o == HL_AM(compact)) {
            fmt->compact = true;
        } else if (o == HL_AM(short_)) {
            fmt->kind = HL_FLOAT_FMT_SHORT;
        } else if (hl_is_tuple(o) && hl_tuple_arity(o) == 2 && hl_is_small(hl_tuple_get(o, 1))) {
            hl_term tag = hl_tuple_get(o, 0);
            if (tag == HL_AM(decimals)) fmt->kind = HL_FLOAT_FMT_DECIMALS;
            else if (tag == HL_AM(scientific)) fmt->kind = HL_FLOAT_FMT_SCIENTIFIC;
            else {
                *steps = n;
                return HL_TERM_BADARG;
            }
            /* OTP stores the value in a C int. */
            fmt->digits = (int32_t)(uint32_t)(uint64_t)hl_small_val(hl_tuple_get(o, 1));
        } else {
            *steps = n;
            return HL_TERM_BADARG;
        }
    }
    *steps = n;
    return l == HL_NIL ? HL_TERM_OK : HL_TERM_BADARG;
}

/* OTP's find_first_trailing_zero: strip '0's, keep one digit after a '.'. */
static int strip_zeros(char *s, int len) {
    while (len > 1 && s[len - 1] == '0') len--;
    if (len > 0 && s[len - 1] == '.') len++;
    s[len] = '\0';
    return len;
}

/* snprintf under a locale whose radix is ',' (OTP maps it back). */
static void fix_radix(char *s) {
    char *c = strchr(s, ',');
    if (c) *c = '.';
}

static int via_printf(double v, bool sci, int digits, bool strip, char out[HL_FLOAT_TEXT_MAX]) {
    if (digits > PRINTF_MAX_DIGITS) return -1;
    char buf[PRINTF_BUF];
    int len = sci ? snprintf(buf, sizeof buf, "%.*e", digits, v) : snprintf(buf, sizeof buf, "%.*f", digits, v);
    if (len < 0 || len >= HL_FLOAT_TEXT_MAX) return -1;
    fix_radix(buf);
    memcpy(out, buf, (size_t)len + 1);
    return strip ? strip_zeros(out, len) : len;
}

static const double pow10_table[FIXED_FAST_MAX_DECIMALS] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
};

static int fixed(double v, int decimals, bool compact, char out[HL_FLOAT_TEXT_MAX]) {
    if (decimals < 0) return -1;
    double av = fabs(v);
    if (av > 9007199254740992.0 || decimals >= FIXED_FAST_MAX_DECIMALS)
        return via_printf(v, false, decimals, compact, out);
    uint64_t ip, fp = 0;
    if (decimals > 0) {
        double int_f = floor(av);
        double frac_f = round((av - int_f) * pow10_table[decimals]);
        ip = (uint64_t)int_f;
        fp = (uint64_t)frac_f;
        if (frac_f >= pow10_table[decimals]) ip++, fp = 0; /* carry, e.g. 0.999 -> 1.00 */
    } else {
        ip = (uint64_t)llround(av);
    }
    /* At most 1 + 16 + 1 + 18 characters: always fits. */
    int len = snprintf(out, HL_FLOAT_TEXT_MAX, "%s%llu", signbit(v) ? "-" : "", (unsigned long long)ip);
    if (decimals > 0) {
        len += snprintf(out + len, HL_FLOAT_TEXT_MAX - (size_t)len, ".%0*llu", decimals, (unsigned long long)fp);
        if (compact) len = strip_zeros(out, len);
    }
    return len;
}

int hl_float_format(double v, const hl_float_fmt *fmt, char out[HL_FLOAT_TEXT_MAX]) {
    if (!isfinite(v)) return -1;
    switch (fmt->kind) {
    case HL_FLOAT_FMT_SHORT: {
        char s[HL_FLOAT_SHORT_MAX];
        size_t n = hl_fmt_float_short(v, s);
        memcpy(out, s, n + 1);
        return (int)n;
    }
    case HL_FLOAT_FMT_DECIMALS:
        return fixed(v, fmt->digits, fmt->compact, out);
    case HL_FLOAT_FMT_SCIENTIFIC:
    default:
        return via_printf(v, true, fmt->digits < 0 ? 6 : fmt->digits, false, out);
    }
}

/* ---- text to float ---- */

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* Checks the syntax; returns the index of the radix character or -1. */
static long check_syntax(const unsigned char *s, size_t n) {
    size_t i = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    if (i >= n || !is_digit(s[i])) return -1;
    while (i < n && is_digit(s[i])) i++;
    if (i >= n || (s[i] != '.' && s[i] != ',')) return -1;
    long dot = (long)i++;
    if (i >= n || !is_digit(s[i])) return -1;
    while (i < n && is_digit(s[i])) i++;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        if (i >= n || !is_digit(s[i])) return -1;
        while (i < n && is_digit(s[i])) i++;
    }
    return i == n ? dot : -1;
}

hl_term_status hl_float_parse(const unsigned char *s, size_t n, double *out) {
    const unsigned char *nul = memchr(s, 0, n);
    if (nul) n = (size_t)(nul - s); /* OTP reads the text as a C string */
    long dot = check_syntax(s, n);
    if (dot < 0) return HL_TERM_BADARG;
    char small[256];
    char *buf = small;
    if (n >= sizeof small) {
        buf = hl_mem_alloc(n + 1);
        if (!buf) return HL_TERM_NOMEM;
    }
    memcpy(buf, s, n);
    buf[n] = '\0';
    hl_term_status st = HL_TERM_OK;
    char *end;
    for (int attempt = 0; attempt < 2; attempt++) {
        buf[dot] = attempt == 0 ? '.' : ','; /* the C locale's radix, then a ',' locale's */
        double d = strtod(buf, &end);
        if (end != buf + n) {
            st = HL_TERM_BADARG;
            continue;
        }
        st = isfinite(d) ? HL_TERM_OK : HL_TERM_BADARG; /* overflow: badarg; underflow: 0.0 or subnormal */
        *out = d;
        break;
    }
    if (buf != small) hl_mem_free(buf);
    return st;
}
