/* serve_http.c — `hl serve --http ADDR:PORT`: the JSON API over HTTP/1.1
 * with libmicrohttpd (docs/serve.md): POST /v1/check, POST /v1/run,
 * GET /metrics, GET /healthz. Loopback unless another address is given.
 * Bounded everywhere: a body cap (413), a connection cap and an idle
 * timeout (slow clients are dropped), a cap on runs at once over all
 * tenants (503), each tenant's quotas (429), and each run's own limits
 * (the per-request deadline is the policy's compile wall time plus its run
 * timeout). A run whose client hangs up is interrupted (a watchdog polls
 * the sockets of runs in progress). SIGTERM or SIGINT stops accepting, lets
 * runs in progress finish for the grace time, then interrupts the rest. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sigwait, strdup, nanosleep */
#include "serve.h"

#ifdef HL_SERVE_NO_HTTP
#include <stdio.h>

int hl_serve_http(hl_serve *s, const char *addr) {
    (void)s, (void)addr;
    fputs("hl: serve: this hl was built without libmicrohttpd (libmicrohttpd-dev), so --http is not available\n", stderr);
    return 2;
}
#else
#include <arpa/inet.h>
#include <dlfcn.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "serve.h"

/* libmicrohttpd is opened when `hl serve --http` starts, not linked: it
 * brings GnuTLS and half a dozen other libraries whose relocation and
 * constructors cost every other `hl` command ~4 million instructions of
 * start-up (bench/README.md, "Start-up"). The functions this file calls,
 * resolved by name; the types come from the header we compile against. */
static struct {
    __typeof__(MHD_get_connection_info) *get_connection_info;
    __typeof__(MHD_lookup_connection_value) *lookup_connection_value;
    __typeof__(MHD_start_daemon) *start_daemon;
    __typeof__(MHD_get_daemon_info) *get_daemon_info;
    __typeof__(MHD_quiesce_daemon) *quiesce_daemon;
    __typeof__(MHD_stop_daemon) *stop_daemon;
    __typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
    __typeof__(MHD_add_response_header) *add_response_header;
    __typeof__(MHD_queue_response) *queue_response;
    __typeof__(MHD_destroy_response) *destroy_response;
} mhd;

/* Opens the library (the soname the build found, HL_MHD_SONAME) and
 * resolves every entry of `mhd`, or says why not. Called once, from the
 * command's only thread, before any daemon exists. */
static bool mhd_open(void) {
    static const struct {
        const char *name;
        size_t off;
    } syms[] = {
#define SYM(f) {"MHD_" #f, offsetof(__typeof__(mhd), f)}
        SYM(get_connection_info), SYM(lookup_connection_value), SYM(start_daemon), SYM(get_daemon_info),
        SYM(quiesce_daemon), SYM(stop_daemon), SYM(create_response_from_buffer), SYM(add_response_header),
        SYM(queue_response), SYM(destroy_response),
#undef SYM
    };
    void *lib = dlopen(HL_MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "hl: serve: --http needs libmicrohttpd (%s): %s\n", HL_MHD_SONAME, dlerror());
        return false;
    }
    for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++) {
        void *f = dlsym(lib, syms[i].name);
        if (!f) {
            fprintf(stderr, "hl: serve: %s has no %s\n", HL_MHD_SONAME, syms[i].name);
            return false; /* the library stays open: the process is about to exit */
        }
        /* POSIX: a function's address fits an object pointer */
        memcpy((char *)&mhd + syms[i].off, &f, sizeof f);
    }
    return true;
}

/* One request's state between libmicrohttpd's calls. */
typedef struct conn {
    char *body;
    size_t n, cap;
    bool too_big;
    bool answered; /* refused on the first call: later calls only drain */
    hl_serve_tenant *tenant;
    char id[72];   /* the stateful tenant a /v1/tenants/ID route names */
} conn;

static enum MHD_Result respond(hl_serve *s, struct MHD_Connection *c, unsigned code, const char *type, char *text,
                               size_t len, unsigned retry_s) {
    struct MHD_Response *r =
        mhd.create_response_from_buffer(len, text ? text : (char *)"", text ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!r) {
        free(text);
        return MHD_NO;
    }
    mhd.add_response_header(r, "Content-Type", type);
    mhd.add_response_header(r, "Cache-Control", "no-store");
    if (retry_s) {
        char v[16];
        snprintf(v, sizeof v, "%u", retry_s);
        mhd.add_response_header(r, "Retry-After", v);
    }
    if (code == 401) mhd.add_response_header(r, "WWW-Authenticate", "Bearer");
    enum MHD_Result ok = mhd.queue_response(c, code, r);
    mhd.destroy_response(r);
    hl_serve_metrics_http(&s->metrics, code);
    return ok;
}

/* A JSON body (taken over). */
static enum MHD_Result respond_json(hl_serve *s, struct MHD_Connection *c, unsigned code, json_t *j, unsigned retry_s) {
    size_t len = 0;
    char *text = j ? hl_serve_json_dump(j, &len) : NULL;
    json_decref(j);
    if (!text) return respond(s, c, 500, "text/plain", NULL, 0, 0);
    return respond(s, c, code, "application/json", text, len, retry_s);
}

/* {"status": status, "message": message} */
static enum MHD_Result refuse(hl_serve *s, struct MHD_Connection *c, unsigned code, const char *status,
                              const char *message, unsigned retry_s) {
    return respond_json(s, c, code, json_pack("{s:s,s:s}", "status", status, "message", message), retry_s);
}

typedef enum op_kind { OP_CHECK, OP_RUN, OP_START, OP_CALL, OP_CAST, OP_STOP } op_kind;
static json_t *(*const tenant_ops[])(hl_serve *, hl_serve_tenant *, json_t *, hl_serve_outcome *) = {
    [OP_START] = hl_serve_actor_start, [OP_CALL] = hl_serve_actor_call, [OP_CAST] = hl_serve_actor_cast,
    [OP_STOP] = hl_serve_actor_stop};

/* POST /v1/check, /v1/run and the stateful tenants' routes: admission,
 * the operation, its metrics. */
static enum MHD_Result operation(hl_serve *s, struct MHD_Connection *c, conn *k, op_kind op) {
    bool is_run = op == OP_RUN;
    if (atomic_load(&s->stopping)) return refuse(s, c, 503, "unavailable", "the server is shutting down", 0);
    if (atomic_fetch_add(&s->inflight, 1) >= s->cfg.max_concurrent) {
        atomic_fetch_sub(&s->inflight, 1);
        atomic_fetch_add(&s->metrics.rejected_busy, 1);
        return refuse(s, c, 503, "busy", "the server is running as many requests as it allows; retry", 1);
    }
    unsigned retry = 1;
    hl_serve_admit a = hl_serve_admit_run(k->tenant, hl_serve_now_ns(), &retry);
    if (a != HL_SERVE_ADMIT_OK) {
        atomic_fetch_sub(&s->inflight, 1);
        atomic_fetch_add(&s->metrics.rejected_quota, 1);
        char msg[160];
        snprintf(msg, sizeof msg, "tenant %s: the %s quota is used up; retry later", k->tenant->id,
                 hl_serve_admit_name(a));
        return refuse(s, c, 429, "quota", msg, retry);
    }
    json_error_t je;
    json_t *args = op == OP_STOP && !k->n ? json_object()
                                          : json_loadb(k->body ? k->body : "", k->n, JSON_REJECT_DUPLICATES, &je);
    if (args && !json_is_object(args)) {
        json_decref(args);
        args = NULL;
        snprintf(je.text, sizeof je.text, "not an object");
        je.line = je.column = 1;
    }
    json_t *out = NULL;
    hl_serve_outcome oc = HL_SERVE_INVALID;
    uint64_t t0 = hl_serve_now_ns();
    if (!args) {
        char msg[300];
        snprintf(msg, sizeof msg, "the body is not a JSON object: %s (line %d, column %d)", je.text, je.line,
                 je.column);
        out = json_pack("{s:s,s:s}", "status", "invalid", "message", msg);
    } else if (op >= OP_START) {
        if (k->id[0] && json_object_get(args, "tenant"))
            out = json_pack("{s:s,s:s}", "status", "invalid", "message", "the tenant is named by the path, not the body");
        else {
            if (k->id[0]) json_object_set_new(args, "tenant", json_string(k->id));
            out = tenant_ops[op](s, k->tenant, args, &oc);
        }
        json_decref(args);
    } else {
        const union MHD_ConnectionInfo *ci = mhd.get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        out = is_run ? hl_serve_run_for(s, k->tenant, args, &oc, ci ? (int)ci->connect_fd : -1)
                     : hl_serve_check(s, k->tenant, args, &oc);
        json_decref(args);
    }
    uint64_t cpu = (uint64_t)json_integer_value(json_object_get(json_object_get(out, "usage"), "cpu_ns"));
    if (is_run) {
        const char *lim = json_string_value(json_object_get(out, "limit"));
        hl_limit_kind kind = HL_LIMIT_KIND_NONE;
        for (int i = 1; lim && i <= HL_LIMIT_KIND_ATOMS; i++)
            if (strcmp(lim, hl_limit_kind_name((hl_limit_kind)i)) == 0) kind = (hl_limit_kind)i;
        hl_serve_metrics_run(&s->metrics, oc, kind, hl_serve_now_ns() - t0, cpu);
    } else if (op == OP_CHECK) {
        atomic_fetch_add(&s->metrics.checks[oc], 1);
    }
    hl_serve_release(k->tenant, cpu);
    atomic_fetch_sub(&s->inflight, 1);
    /* 200 whenever the sandbox gave an outcome (ok, exception, limit,
     * compile error); 400 for a request that could not be understood */
    unsigned code = oc == HL_SERVE_INVALID ? 400 : oc == HL_SERVE_INTERNAL ? 500 : 200;
    const char *status = json_string_value(json_object_get(out, "status"));
    const char *limit = json_string_value(json_object_get(out, "limit"));
    if (status && strcmp(status, "not_found") == 0) code = 404;
    if (op == OP_START && limit && strcmp(limit, "tenants") == 0) code = 429;
    return respond_json(s, c, code, out, 0);
}

static enum MHD_Result r_check(hl_serve *s, struct MHD_Connection *c, conn *k) { return operation(s, c, k, OP_CHECK); }
static enum MHD_Result r_run(hl_serve *s, struct MHD_Connection *c, conn *k) { return operation(s, c, k, OP_RUN); }
static enum MHD_Result r_start(hl_serve *s, struct MHD_Connection *c, conn *k) { return operation(s, c, k, OP_START); }
static enum MHD_Result r_call(hl_serve *s, struct MHD_Connection *c, conn *k) { return operation(s, c, k, OP_CALL); }
static enum MHD_Result r_cast(hl_serve *s, struct MHD_Connection *c, conn *k) { return operation(s, c, k, OP_CAST); }
static enum MHD_Result r_stop(hl_serve *s, struct MHD_Connection *c, conn *k) { return operation(s, c, k, OP_STOP); }
static enum MHD_Result r_metrics(hl_serve *s, struct MHD_Connection *c, conn *k) {
    (void)k;
    size_t len = 0;
    char *text = hl_serve_metrics_text(s, &len);
    if (!text) return respond(s, c, 500, "text/plain", NULL, 0, 0);
    return respond(s, c, 200, "text/plain; version=0.0.4", text, len, 0);
}
static enum MHD_Result r_health(hl_serve *s, struct MHD_Connection *c, conn *k) {
    (void)k;
    return refuse(s, c, atomic_load(&s->stopping) ? 503 : 200, atomic_load(&s->stopping) ? "stopping" : "ok", "", 0);
}

/* The routes; /metrics and /healthz need no token (they show no tenant's
 * data; put the server behind a proxy to restrict them). A `*` in a path
 * is one segment: a stateful tenant's id. */
static const struct route {
    const char *method, *path;
    enum MHD_Result (*fn)(hl_serve *s, struct MHD_Connection *c, conn *k);
    bool has_body, needs_token;
} routes[] = {
    {"POST", "/v1/check", r_check, true, true},
    {"POST", "/v1/run", r_run, true, true},
    {"POST", "/v1/tenants", r_start, true, true},
    {"POST", "/v1/tenants/*/call", r_call, true, true},
    {"POST", "/v1/tenants/*/cast", r_cast, true, true},
    {"DELETE", "/v1/tenants/*", r_stop, true, true},
    {"GET", "/metrics", r_metrics, false, false},
    {"GET", "/healthz", r_health, false, false},
};

/* The tenant of a request: its bearer token's, or the anonymous one. */
static hl_serve_tenant *tenant_of(hl_serve *s, struct MHD_Connection *c) {
    if (!s->auth) return &s->tenants[0];
    const char *h = mhd.lookup_connection_value(c, MHD_HEADER_KIND, "Authorization");
    if (!h || strncmp(h, "Bearer ", 7) != 0) return NULL;
    return hl_serve_tenant_by_token(s->tenants, s->ntenants, h + 7, strlen(h + 7));
}

/* Whether url matches the route's path; a `*` segment (1 to 64 bytes, no
 * '/') is copied to id. */
static bool path_match(const char *pattern, const char *url, char id[72]) {
    while (*pattern && *url) {
        if (*pattern == '*') {
            size_t n = strcspn(url, "/");
            if (n == 0 || n > 64) return false;
            memcpy(id, url, n);
            id[n] = '\0';
            url += n;
            pattern++;
        } else if (*pattern++ != *url++) {
            return false;
        }
    }
    return !*pattern && !*url;
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                               const char *version, const char *upload, size_t *upload_size, void **ctx) {
    (void)version;
    hl_serve *s = cls;
    conn *k = *ctx;
    const struct route *rt = NULL;
    bool path_known = false;
    char id[72] = "";
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        char got[72] = "";
        if (path_match(routes[i].path, url, got)) {
            path_known = true;
            if (strcmp(routes[i].method, method) == 0) {
                rt = &routes[i];
                memcpy(id, got, sizeof id);
            }
        }
    }
    if (!k) { /* the first call: headers only */
        k = calloc(1, sizeof *k);
        if (!k) return MHD_NO;
        *ctx = k;
        memcpy(k->id, id, sizeof k->id);
        k->answered = true; /* unless it gets through to the end below */
        if (!rt)
            return refuse(s, c, path_known ? 405 : 404, "invalid",
                          path_known ? "method not allowed" : "no such endpoint (POST /v1/check, POST /v1/run, POST /v1/tenants, GET /metrics)", 0);
        if (rt->needs_token && !(k->tenant = tenant_of(s, c))) {
            atomic_fetch_add(&s->metrics.rejected_auth, 1);
            return refuse(s, c, 401, "unauthorized", "a valid bearer token is required", 0);
        }
        const char *cl = mhd.lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        if (cl && strtoull(cl, NULL, 10) > s->cfg.max_body_bytes) {
            k->too_big = true;
            return refuse(s, c, 413, "invalid", "the body is larger than the server accepts", 0);
        }
        k->answered = false;
        return MHD_YES;
    }
    if (k->answered) { /* a refusal is queued: drop what still comes */
        *upload_size = 0;
        return MHD_YES;
    }
    if (*upload_size > 0) { /* a piece of the body */
        if (!k->too_big && rt->has_body) {
            size_t need = k->n + *upload_size;
            if (need > s->cfg.max_body_bytes) {
                k->too_big = true;
                free(k->body);
                k->body = NULL;
                k->n = k->cap = 0;
            } else {
                if (need > k->cap) {
                    size_t ncap = need * 2 > s->cfg.max_body_bytes ? s->cfg.max_body_bytes : need * 2;
                    char *p = realloc(k->body, ncap);
                    if (!p) return MHD_NO;
                    k->body = p;
                    k->cap = ncap;
                }
                memcpy(k->body + k->n, upload, *upload_size);
                k->n += *upload_size;
            }
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (k->too_big) return refuse(s, c, 413, "invalid", "the body is larger than the server accepts", 0);
    return rt->fn(s, c, k);
}

static void completed(void *cls, struct MHD_Connection *c, void **ctx, enum MHD_RequestTerminationCode why) {
    (void)cls, (void)c, (void)why;
    conn *k = *ctx;
    if (k) {
        free(k->body);
        free(k);
        *ctx = NULL;
    }
}

/* "HOST:PORT", ":PORT" or "PORT" (loopback); false when not an IPv4
 * address and port. */
static bool parse_addr(const char *addr, struct sockaddr_in *sa) {
    memset(sa, 0, sizeof *sa);
    sa->sin_family = AF_INET;
    const char *colon = strrchr(addr, ':');
    const char *port = colon ? colon + 1 : addr;
    char host[64] = "127.0.0.1";
    if (colon && colon != addr) {
        size_t n = (size_t)(colon - addr);
        if (n >= sizeof host) return false;
        memcpy(host, addr, n);
        host[n] = '\0';
        if (strcmp(host, "localhost") == 0) strcpy(host, "127.0.0.1");
    }
    char *end;
    unsigned long p = strtoul(port, &end, 10);
    if (!*port || *end || p > 65535) return false;
    sa->sin_port = htons((uint16_t)p);
    return inet_pton(AF_INET, host, &sa->sin_addr) == 1;
}

static void sleep_ms(unsigned ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* The hang-up watchdog: every 20 ms, interrupts the runs whose client has
 * closed its connection (a connection's own thread is inside the run and
 * cannot see it). */
static void *watchdog(void *arg) {
    hl_serve *s = arg;
    while (!atomic_load(&s->watchdog_stop)) {
        sleep_ms(20);
        hl_serve_interrupt_hangups(s);
        hl_serve_actors_reap(s);
    }
    return NULL;
}

int hl_serve_http(hl_serve *s, const char *addr) {
    struct sockaddr_in sa;
    if (!parse_addr(addr, &sa)) {
        fprintf(stderr, "hl: serve: --http needs HOST:PORT with an IPv4 address (got '%s')\n", addr);
        return 2;
    }
    if (ntohl(sa.sin_addr.s_addr) >> 24 != 127)
        fprintf(stderr, "hl: serve: warning: listening beyond loopback (%s); use --tokens and TLS in front\n", addr);
    if (!mhd_open()) return 1;
    /* the signals are taken by sigwait below: blocked before the daemon's
     * threads exist, so they inherit the mask */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    struct MHD_Daemon *d = mhd.start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ITC | MHD_USE_AUTO, 0, NULL, NULL,
        handler, s, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)s->cfg.max_connections, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)s->cfg.idle_timeout_s,
        MHD_OPTION_THREAD_STACK_SIZE, (size_t)16 << 20, MHD_OPTION_NOTIFY_COMPLETED, completed, s,
        MHD_OPTION_END);
    if (!d) {
        fprintf(stderr, "hl: serve: cannot listen on %s\n", addr);
        return 1;
    }
    pthread_t wd;
    bool have_wd = pthread_create(&wd, NULL, watchdog, s) == 0;
    const union MHD_DaemonInfo *info = mhd.get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    char host[INET_ADDRSTRLEN];
    inet_ntop(AF_INET, &sa.sin_addr, host, sizeof host);
    printf("hl serve: listening on http://%s:%u\n", host, info ? (unsigned)info->port : ntohs(sa.sin_port));
    fflush(stdout);
    int sig = 0;
    sigwait(&set, &sig);
    fprintf(stderr, "hl: serve: %s: stopping (grace %u ms)\n", sig == SIGTERM ? "SIGTERM" : "SIGINT",
            s->cfg.grace_ms);
    atomic_store(&s->stopping, true);
    MHD_socket lsock = mhd.quiesce_daemon(d);
    for (unsigned waited = 0; atomic_load(&s->inflight) > 0 && waited < s->cfg.grace_ms; waited += 10) sleep_ms(10);
    /* past the grace time: interrupt what still runs (again, until it is
     * gone: an interrupt that lands before a call starts is dropped) */
    for (unsigned tries = 0; atomic_load(&s->inflight) > 0 && tries < 500; tries++) {
        hl_serve_interrupt_all(s);
        sleep_ms(10);
    }
    mhd.stop_daemon(d);
    atomic_store(&s->watchdog_stop, true);
    if (have_wd) pthread_join(wd, NULL);
    if (lsock != MHD_INVALID_SOCKET) close(lsock);
    return 0;
}
#endif
