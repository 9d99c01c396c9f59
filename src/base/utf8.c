/* utf8.c — strict UTF-8 validation (see utf8.h). */
#include "base/utf8.h"

bool hl_utf8_valid(const uint8_t *s, size_t n, size_t *cps) {
    size_t i = 0, c = 0;
    while (i < n) {
        uint8_t b = s[i];
        uint32_t cp;
        size_t k;
        if (b < 0x80) cp = b, k = 0;
        else if ((b & 0xE0) == 0xC0) cp = b & 0x1F, k = 1;
        else if ((b & 0xF0) == 0xE0) cp = b & 0x0F, k = 2;
        else if ((b & 0xF8) == 0xF0) cp = b & 0x07, k = 3;
        else return false;
        if (k > n - i - 1) return false;
        for (size_t j = 1; j <= k; j++) {
            if ((s[i + j] & 0xC0) != 0x80) return false;
            cp = cp << 6 | (s[i + j] & 0x3F);
        }
        /* overlong forms, then surrogates and values past Unicode */
        if ((k == 1 && cp < 0x80) || (k == 2 && cp < 0x800) || (k == 3 && cp < 0x10000)) return false;
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += k + 1;
        c++;
    }
    *cps = c;
    return true;
}
