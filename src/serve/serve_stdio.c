/* serve_stdio.c — MCP's stdio transport: one JSON-RPC message per line on
 * standard input, one response per line on standard output (Jansson's
 * compact output escapes every newline inside strings). Nothing else is
 * written to standard output: a guest's output is captured by the library,
 * diagnostics of the server go to standard error. A line longer than the
 * configured bound is skipped to its end and answered with an error, so
 * the reader's memory is bounded whatever the client sends. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sigwait, strdup, nanosleep */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "serve.h"

/* Writes all of p (n bytes); false when the pipe is gone. */
static bool write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

static bool reply(int fd, char *text, size_t len) {
    if (!text) return true;
    bool ok = write_all(fd, text, len) && write_all(fd, "\n", 1);
    free(text);
    return ok;
}

int hl_serve_stdio(hl_serve *s, int in_fd, int out_fd) {
    hl_mcp_session m;
    hl_mcp_session_init(&m, s, &s->tenants[0]);
    size_t max = s->cfg.max_body_bytes, cap = 1u << 16, n = 0;
    char *buf = malloc(cap);
    if (!buf) return 1;
    bool skipping = false; /* inside a line that passed the bound */
    int rc = 0;
    for (;;) {
        if (n == cap) { /* grow up to the bound (plus the newline) */
            size_t ncap = cap * 2 > max + 1 ? max + 1 : cap * 2;
            char *p = ncap > cap ? realloc(buf, ncap) : NULL;
            if (!p) { /* a full buffer without a newline: the line is too long */
                skipping = true;
                n = 0;
            } else {
                buf = p;
                cap = ncap;
            }
        }
        ssize_t k = read(in_fd, buf + n, cap - n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            if (k < 0) rc = 1;
            else if (n > 0 && !skipping) { /* a last message without its newline */
                size_t l = 0;
                char *resp = hl_mcp_handle(&m, buf, n, &l);
                reply(out_fd, resp, l);
            }
            break;
        }
        size_t start = 0, end = n + (size_t)k;
        for (size_t i = n; i < end; i++) {
            if (buf[i] != '\n') continue;
            if (skipping) {
                char msg[128];
                snprintf(msg, sizeof msg, "the message is longer than %zu bytes", max);
                size_t l = 0;
                char *resp = hl_mcp_error_text(-32600, msg, &l);
                if (!reply(out_fd, resp, l)) goto out;
                skipping = false;
            } else {
                size_t len = i - start;
                while (len > 0 && (buf[start + len - 1] == '\r' || buf[start + len - 1] == ' ')) len--;
                if (len > 0) {
                    size_t l = 0;
                    char *resp = hl_mcp_handle(&m, buf + start, len, &l);
                    if (!reply(out_fd, resp, l)) goto out;
                }
            }
            start = i + 1;
        }
        memmove(buf, buf + start, end - start);
        n = end - start;
        if (skipping) n = 0; /* the rest of a long line is dropped as it comes */
        else if (n > max) {
            skipping = true;
            n = 0;
        }
    }
out:
    free(buf);
    return rc;
}
