/* fmt_float.c — shortest round-trip float formatting (see fmt_float.h).
 *
 * The shortest digit string is found by asking printf for 1, 2, ... 17
 * significant digits and keeping the first that strtod reads back as the same
 * double. Correctly rounded printing makes that the nearest shortest string:
 * if any p-digit decimal lies in v's rounding interval, the p-digit decimal
 * nearest to v does too. Both printf and strtod are used on digit strings we
 * build ourselves, so no locale can change the decimal point. */
#include "base/fmt_float.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fills digits (no dot, no sign, no trailing zeros) and the decimal exponent
 * of the first digit: v = 0.d1d2... * 10^(exp10 + 1). Returns digit count. */
static int shortest_digits(double v, char digits[20], int *exp10) {
    char tmp[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*e", prec - 1, v);
        if (prec == 17 || strtod(tmp, NULL) == v) break;
    }
    /* tmp is "d.ddddde[+-]xx" (or "de[+-]xx" for one digit). */
    int n = 0;
    const char *p = tmp;
    for (; *p && *p != 'e'; p++)
        if (*p >= '0' && *p <= '9') digits[n++] = *p;
    *exp10 = atoi(p + 1);
    while (n > 1 && digits[n - 1] == '0') n--;
    digits[n] = '\0';
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
