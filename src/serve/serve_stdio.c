/* serve_stdio.c — MCP's stdio transport: one JSON-RPC message per line on
 * standard input, one response per line on standard output (Jansson's
 * compact output escapes every newline inside strings). Nothing else is
 * written to standard output: a guest's output is captured by the library,
 * diagnostics of the server go to standard error. A line longer than the
 * configured bound is skipped to its end and answered with an error, so
 * the reader's memory is bounded whatever the client sends.
 *
 * A reader thread reads the lines and queues them (at most QUEUE_MAX
 * waiting: then it stops reading until the handler catches up); the
 * calling thread handles them in order, one at a time. The reader sees a
 * notifications/cancelled as it arrives, so it can interrupt the guest
 * call of the request being handled (or drop one not handled yet) while
 * the handler is busy with it. */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <poll.h>
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

enum { QUEUE_MAX = 64 };

/* One line read: a message, or a line past the bound (data NULL). */
typedef struct item {
    char *data;
    size_t len;
    bool too_long;
} item;

typedef struct reader {
    hl_serve *srv;
    hl_serve_cancel *cancel;
    int fd;
    size_t max;
    pthread_mutex_t lock;
    pthread_cond_t cond;       /* an item queued, or taken, or the end */
    item q[QUEUE_MAX];         /* a ring, under lock */
    unsigned head, n;
    bool eof, failed;          /* the input ended (failed: with an error) */
    atomic_bool stop;          /* the handler is gone: the reader ends */
} reader;

void hl_serve_cancel_request(hl_serve_cancel *c, const char *id_text) {
    pthread_mutex_lock(&c->lock);
    if (c->id[0] && strcmp(c->id, id_text) == 0) {
        c->cancelled = true;
        if (c->run) hl_tenant_interrupt(c->run);
    } else {
        snprintf(c->early[c->nearly++ % HL_SERVE_CANCEL_IDS], HL_SERVE_ID_TEXT, "%s", id_text);
    }
    pthread_mutex_unlock(&c->lock);
}

/* A notifications/cancelled line: its requestId as JSON text in out. */
static bool cancellation(const char *line, size_t len, char out[HL_SERVE_ID_TEXT]) {
    static const char key[] = "notifications/cancelled";
    if (len < sizeof key || !memmem(line, len, key, sizeof key - 1)) return false; /* the common case: cheap */
    json_error_t je;
    json_t *j = json_loadb(line, len, JSON_REJECT_DUPLICATES, &je);
    const char *method = json_string_value(json_object_get(j, "method"));
    json_t *rid = json_object_get(json_object_get(j, "params"), "requestId");
    bool ok = method && strcmp(method, key) == 0 && !json_object_get(j, "id") &&
              (json_is_string(rid) || json_is_integer(rid));
    char *t = ok ? json_dumps(rid, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    ok = t && strlen(t) < HL_SERVE_ID_TEXT;
    if (ok) strcpy(out, t);
    free(t);
    json_decref(j);
    return ok;
}

/* Queues one line (waiting for room); false when the handler is gone. */
static bool push(reader *r, char *data, size_t len, bool too_long) {
    if (data) {
        char id[HL_SERVE_ID_TEXT];
        if (cancellation(data, len, id)) hl_serve_cancel_request(r->cancel, id);
    }
    pthread_mutex_lock(&r->lock);
    while (r->n == QUEUE_MAX && !atomic_load(&r->stop)) pthread_cond_wait(&r->cond, &r->lock);
    bool ok = !atomic_load(&r->stop);
    if (ok) {
        r->q[(r->head + r->n++) % QUEUE_MAX] = (item){data, len, too_long};
        pthread_cond_broadcast(&r->cond);
    }
    pthread_mutex_unlock(&r->lock);
    if (!ok) free(data);
    return ok;
}

static bool push_copy(reader *r, const char *p, size_t len) {
    while (len > 0 && (p[len - 1] == '\r' || p[len - 1] == ' ')) len--;
    if (len == 0) return true;
    char *d = malloc(len);
    if (!d) return push(r, NULL, 0, true); /* answered as too long: no memory for it */
    memcpy(d, p, len);
    return push(r, d, len, false);
}

/* Waits up to 100 ms for input, so a stop is seen. */
static bool readable(reader *r) {
    struct pollfd pf = {r->fd, POLLIN, 0};
    return poll(&pf, 1, 100) != 0;
}

static void *read_loop(void *arg) {
    reader *r = arg;
    size_t max = r->max, cap = 1u << 16, n = 0;
    char *buf = malloc(cap);
    bool skipping = false, failed = !buf;
    while (buf && !atomic_load(&r->stop)) {
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
        if (!readable(r)) continue;
        ssize_t k = read(r->fd, buf + n, cap - n);
        if (k < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (k <= 0) {
            if (k < 0) failed = true;
            else if (n > 0 && !skipping) push_copy(r, buf, n); /* a last message without its newline */
            break;
        }
        size_t start = 0, end = n + (size_t)k;
        bool ok = true;
        for (size_t i = n; i < end && ok; i++) {
            if (buf[i] != '\n') continue;
            ok = skipping ? push(r, NULL, 0, true) : push_copy(r, buf + start, i - start);
            skipping = false;
            start = i + 1;
        }
        if (!ok) break;
        memmove(buf, buf + start, end - start);
        n = end - start;
        if (skipping) n = 0; /* the rest of a long line is dropped as it comes */
        else if (n > max) {
            skipping = true;
            n = 0;
        }
    }
    free(buf);
    pthread_mutex_lock(&r->lock);
    r->eof = true;
    r->failed = failed;
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

int hl_serve_stdio(hl_serve *s, int in_fd, int out_fd) {
    hl_serve_cancel cancel;
    memset(&cancel, 0, sizeof cancel);
    pthread_mutex_init(&cancel.lock, NULL);
    hl_mcp_session m;
    hl_mcp_session_init(&m, s, &s->tenants[0]);
    m.cancel = &cancel;
    reader *r = calloc(1, sizeof *r);
    if (!r) return 1;
    *r = (reader){.srv = s, .cancel = &cancel, .fd = in_fd, .max = s->cfg.max_body_bytes};
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->cond, NULL);
    pthread_t th;
    if (pthread_create(&th, NULL, read_loop, r) != 0) {
        free(r);
        return 1;
    }
    int rc = 0;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        while (r->n == 0 && !r->eof) pthread_cond_wait(&r->cond, &r->lock);
        if (r->n == 0) { /* the end, everything handled */
            rc = r->failed ? 1 : 0;
            pthread_mutex_unlock(&r->lock);
            break;
        }
        item it = r->q[r->head];
        r->head = (r->head + 1) % QUEUE_MAX;
        r->n--;
        pthread_cond_broadcast(&r->cond);
        pthread_mutex_unlock(&r->lock);
        size_t l = 0;
        char *resp;
        if (it.too_long) {
            char msg[128];
            snprintf(msg, sizeof msg, "the message is longer than %zu bytes", r->max);
            resp = hl_mcp_error_text(-32600, msg, &l);
        } else {
            resp = hl_mcp_handle(&m, it.data, it.len, &l);
        }
        free(it.data);
        if (!reply(out_fd, resp, l)) break; /* the client is gone */
    }
    atomic_store(&r->stop, true);
    pthread_mutex_lock(&r->lock);
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->lock);
    pthread_join(th, NULL);
    for (unsigned i = 0; i < r->n; i++) free(r->q[(r->head + i) % QUEUE_MAX].data);
    pthread_mutex_destroy(&r->lock);
    pthread_cond_destroy(&r->cond);
    free(r);
    atomic_fetch_add(&s->cancelled, atomic_load(&cancel.count));
    pthread_mutex_destroy(&cancel.lock);
    return rc;
}
