/* buf.c — growable, capped byte buffer (see buf.h). */
#include "base/buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"

void hl_buf_init(hl_buf *b, size_t limit) {
    b->data = NULL;
    b->len = b->cap = 0;
    b->limit = limit ? limit : SIZE_MAX - 1;
    b->failed = false;
}

/* Makes room for n more bytes plus the terminating NUL. */
static bool buf_reserve(hl_buf *b, size_t n) {
    size_t need;
    if (b->failed) return false;
    if (!hl_size_add(b->len, n, &need) || need > b->limit) {
        b->failed = true;
        return false;
    }
    need++; /* NUL */
    if (need <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need) {
        if (!hl_size_mul(cap, 2, &cap)) { cap = need; break; }
    }
    char *p = hl_mem_realloc(b->data, cap);
    if (!p) {
        b->failed = true;
        return false;
    }
    b->data = p;
    b->cap = cap;
    return true;
}

bool hl_buf_append(hl_buf *b, const void *bytes, size_t n) {
    if (!buf_reserve(b, n)) return false;
    if (n) memcpy(b->data + b->len, bytes, n);
    b->len += n;
    b->data[b->len] = '\0';
    return true;
}

bool hl_buf_puts(hl_buf *b, const char *s) { return hl_buf_append(b, s, strlen(s)); }
bool hl_buf_putc(hl_buf *b, char c) { return hl_buf_append(b, &c, 1); }

bool hl_buf_printf(hl_buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    bool ok = false;
    if (n >= 0 && buf_reserve(b, (size_t)n)) {
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
        b->len += (size_t)n;
        ok = true;
    } else if (n < 0) {
        b->failed = true;
    }
    va_end(ap2);
    return ok;
}

bool hl_buf_put_u64(hl_buf *b, uint64_t v) {
    char tmp[24];
    size_t i = sizeof tmp;
    do {
        tmp[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return hl_buf_append(b, tmp + i, sizeof tmp - i);
}

bool hl_buf_put_i64(hl_buf *b, int64_t v) {
    if (v < 0) {
        if (!hl_buf_putc(b, '-')) return false;
        return hl_buf_put_u64(b, (uint64_t)0 - (uint64_t)v);
    }
    return hl_buf_put_u64(b, (uint64_t)v);
}

bool hl_buf_put_utf8(hl_buf *b, uint32_t cp) {
    unsigned char t[6];
    size_t n;
    if (cp < 0x80) {
        t[0] = (unsigned char)cp;
        n = 1;
    } else if (cp < 0x800) {
        t[0] = (unsigned char)(0xC0 | (cp >> 6));
        t[1] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        t[0] = (unsigned char)(0xE0 | (cp >> 12));
        t[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        t[2] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 3;
    } else if (cp < 0x200000) {
        t[0] = (unsigned char)(0xF0 | (cp >> 18));
        t[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        t[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        t[3] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 4;
    } else if (cp < 0x4000000) {
        t[0] = (unsigned char)(0xF8 | (cp >> 24));
        t[1] = (unsigned char)(0x80 | ((cp >> 18) & 0x3F));
        t[2] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        t[3] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        t[4] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 5;
    } else {
        t[0] = (unsigned char)(0xFC | ((cp >> 30) & 0x01));
        t[1] = (unsigned char)(0x80 | ((cp >> 24) & 0x3F));
        t[2] = (unsigned char)(0x80 | ((cp >> 18) & 0x3F));
        t[3] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        t[4] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        t[5] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 6;
    }
    return hl_buf_append(b, t, n);
}

void hl_buf_reset(hl_buf *b) {
    b->len = 0;
    b->failed = false;
    if (b->data) b->data[0] = '\0';
}

void hl_buf_free(hl_buf *b) {
    hl_mem_free(b->data);
    hl_buf_init(b, b->limit);
}
