/* fmt_float.c — shortest round-trip float formatting (see fmt_float.h).
 *
 * The shortest digit string is found by asking printf for 1, 2, ... 17
 * significant digits and keeping the first precision at which a decimal of
 * that many digits reads back (strtod) as the same double. At each
 * precision the candidates are the two p-digit decimals around v: printf's
 * (the nearest, correctly rounded) and, when that one misses, its neighbour
 * on v's other side. The neighbour matters where v's rounding interval is
 * lopsided (a power of two: the gap below is half the gap above) or v is a
 * tie: 2^-24 = 5.9604644775390625e-8 rounds to ...062 at 16 digits, which
 * misses, while ...063 reads back (OTP prints 5.960464477539063e-8). Both
 * printf and strtod work on digit strings we build ourselves, so no locale
 * can change the decimal point. */
#include "base/fmt_float.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "d.ddd...e<exp>" of the n digits ds with exponent e, read back. */
static double read_back(const char *ds, int n, int e) {
    char tmp[48];
    int l = 0;
    tmp[l++] = ds[0];
    tmp[l++] = '.';
    for (int i = 1; i < n; i++) tmp[l++] = ds[i];
    snprintf(tmp + l, sizeof tmp - (size_t)l, "e%d", e);
    return strtod(tmp, NULL);
}

/* The p-digit decimal next to ds (p digits, exponent *e) upwards (up) or
 * downwards, in place; it keeps p digits (9.99 below 1.00, 1.00 above 9.99). */
static void step_decimal(char *ds, int p, int *e, bool up) {
    int i = p - 1;
    if (up) {
        while (i >= 0 && ds[i] == '9') ds[i--] = '0';
        if (i >= 0) {
            ds[i]++;
        } else { /* 9.99 -> 10.0: 1.00 one decade up */
            ds[0] = '1';
            ++*e;
        }
    } else {
        while (i > 0 && ds[i] == '0') ds[i--] = '9';
        ds[i]--; /* the first digit is never 0: at worst it becomes 0 here */
        if (ds[0] == '0') { /* 1.00 -> 0.999: 9.99 one decade down */
            for (int k = 0; k < p; k++) ds[k] = '9';
            --*e;
        }
    }
}

/* Fills digits (no dot, no sign, no trailing zeros) and the decimal exponent
 * of the first digit: v = 0.d1d2... * 10^(exp10 + 1). Returns digit count. */
static int shortest_digits(double v, char digits[20], int *exp10) {
    char tmp[40], ds[20];
    int n = 0, e = 0;
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*e", prec - 1, v);
        /* tmp is "d.ddddde[+-]xx" (or "de[+-]xx" for one digit). */
        const char *p = tmp;
        n = 0;
        for (; *p && *p != 'e'; p++)
            if (*p >= '0' && *p <= '9') ds[n++] = *p;
        e = atoi(p + 1);
        double back = read_back(ds, n, e);
        if (back == v || prec == 17) break;
        step_decimal(ds, n, &e, back < v);
        if (read_back(ds, n, e) == v) break;
    }
    while (n > 1 && ds[n - 1] == '0') n--;
    memcpy(digits, ds, (size_t)n);
    digits[n] = '\0';
    *exp10 = e;
    return n;
}

size_t hl_fmt_float_short(double v, char out[HL_FLOAT_SHORT_MAX]) {
    if (!isfinite(v)) {
        memcpy(out, "badfloat", 9);
        return 8;
    }
    size_t len = 0;
    if (signbit(v)) {
        out[len++] = '-';
        v = -v;
    }
    if (v == 0.0) {
        memcpy(out + len, "0.0", 4);
        return len + 3;
    }
    char digits[20];
    int e;
    int n = shortest_digits(v, digits, &e);

    /* Scientific: d.ddd e E  (at least one digit after the point). */
    char sci[HL_FLOAT_SHORT_MAX];
    int sl = 0;
    sci[sl++] = digits[0];
    sci[sl++] = '.';
    if (n == 1) sci[sl++] = '0';
    for (int i = 1; i < n; i++) sci[sl++] = digits[i];
    sl += snprintf(sci + sl, sizeof sci - (size_t)sl, "e%d", e);

    /* Plain: only considered when it could be the shorter one (its length
     * grows with |e|, the scientific one does not), and, as in OTP, never
     * from 2^53 up, where plain digits would suggest integer precision the
     * double does not have. */
    char fix[HL_FLOAT_SHORT_MAX];
    int fl = 0;
    if (e >= 0 && e < 21 && v < 9007199254740992.0) {
        for (int i = 0; i <= e; i++) fix[fl++] = i < n ? digits[i] : '0';
        fix[fl++] = '.';
        if (e + 1 >= n) fix[fl++] = '0';
        for (int i = e + 1; i < n; i++) fix[fl++] = digits[i];
    } else if (e < 0 && e > -8) {
        fix[fl++] = '0';
        fix[fl++] = '.';
        for (int i = 0; i < -e - 1; i++) fix[fl++] = '0';
        for (int i = 0; i < n; i++) fix[fl++] = digits[i];
    }
    const char *best = sci;
    int bl = sl;
    if (fl > 0 && fl <= sl) {
        best = fix;
        bl = fl;
    }
    memcpy(out + len, best, (size_t)bl);
    len += (size_t)bl;
    out[len] = '\0';
    return len;
}
