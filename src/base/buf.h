/* buf.h — a growable byte buffer with a hard size cap, for building output
 * (AST dumps, diagnostics, printed terms). Once an append fails the buffer is
 * marked failed and further appends are no-ops, so callers may check once at
 * the end instead of after every append. */
#ifndef HL_BASE_BUF_H
#define HL_BASE_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct hl_buf {
    char *data;     /* always NUL-terminated when len > 0 or after any append */
    size_t len;
    size_t cap;     /* allocated bytes */
    size_t limit;   /* maximum len; 0 means SIZE_MAX - 1 */
    bool failed;    /* an append ran out of memory or hit the limit */
} hl_buf;

void hl_buf_init(hl_buf *b, size_t limit);
bool hl_buf_append(hl_buf *b, const void *bytes, size_t n);
bool hl_buf_puts(hl_buf *b, const char *s);
bool hl_buf_putc(hl_buf *b, char c);
bool hl_buf_printf(hl_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool hl_buf_put_i64(hl_buf *b, int64_t v);
bool hl_buf_put_u64(hl_buf *b, uint64_t v);
/* Appends the UTF-8 encoding of a code point (any value up to 0x7FFFFFFF,
 * surrogates included, so that every code point round-trips). */
bool hl_buf_put_utf8(hl_buf *b, uint32_t cp);
void hl_buf_reset(hl_buf *b);   /* len = 0, keeps memory, clears failed */
void hl_buf_free(hl_buf *b);

#endif
