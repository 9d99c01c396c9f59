/* serve.h — `hl serve` (docs/serve.md): what the server's files share.
 *
 * The server is a client of the public API only (include/hyperlang.h),
 * with Jansson for JSON and, for HTTP, libmicrohttpd. One engine is shared
 * by every request, so its program cache makes a repeated erlang_run skip
 * the compiler. The files:
 *   serve_server.c   the server object: engine, tenants, in-flight runs
 *   serve_tenants.c  the token file: tenants, their policies and quotas
 *   serve_quota.c    admission: per-tenant rate, concurrency, CPU window
 *   serve_ops.c      the two operations, check and run, JSON in and out
 *   serve_json.c     JSON helpers (UTF-8 repair, limits, diagnostics)
 *   serve_tools.c    the MCP tools: names, descriptions, input schemas
 *   serve_mcp.c      JSON-RPC 2.0 / MCP dispatch of one message
 *   serve_stdio.c    the stdio transport (newline-delimited messages)
 *   serve_http.c     the HTTP API (libmicrohttpd)
 *   serve_metrics.c  counters and the Prometheus text
 *   serve_disk.c     --cache-dir: the program store as files of a directory
 *   serve_actors.c   stateful tenants: guest actors a client starts, calls
 *                    and stops (erlang_start / erlang_call / erlang_stop) */
#ifndef HL_SERVE_SERVE_H
#define HL_SERVE_SERVE_H

#include <jansson.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hyperlang.h"

typedef struct hl_serve_cancel hl_serve_cancel; /* serve_stdio.c */

/* ---- metrics (serve_metrics.c) ------------------------------------------ */

/* How an operation ended; the label of hl_serve_runs_total. */
typedef enum hl_serve_outcome {
    HL_SERVE_OK = 0,
    HL_SERVE_EXCEPTION,     /* the guest raised */
    HL_SERVE_LIMIT,         /* a limit stopped it (which: the faults) */
    HL_SERVE_COMPILE_ERROR, /* the source was rejected */
    HL_SERVE_INVALID,       /* the request itself was wrong */
    HL_SERVE_INTERNAL,      /* out of memory or a server fault */
    HL_SERVE_NOUTCOMES
} hl_serve_outcome;
const char *hl_serve_outcome_name(hl_serve_outcome o);

/* Latency buckets of hl_serve_run_seconds (upper bounds, µs), +Inf last. */
enum { HL_SERVE_NBUCKETS = 14, HL_SERVE_NLIMITS = 8 };

typedef struct hl_serve_metrics {
    _Atomic uint64_t runs[HL_SERVE_NOUTCOMES];
    _Atomic uint64_t checks[HL_SERVE_NOUTCOMES];
    _Atomic uint64_t faults[HL_SERVE_NLIMITS]; /* by hl_limit_kind */
    _Atomic uint64_t lat[HL_SERVE_NBUCKETS + 1];
    _Atomic uint64_t lat_sum_us, lat_count;
    _Atomic uint64_t cpu_ns;                /* guest CPU time of all runs */
    _Atomic uint64_t http[6];               /* responses by class: 1xx..5xx, [0] other */
    _Atomic uint64_t rejected_busy;         /* 503: the server's concurrency cap */
    _Atomic uint64_t rejected_quota;        /* 429: a tenant's quota */
    _Atomic uint64_t rejected_auth;         /* 401 */
} hl_serve_metrics;

void hl_serve_metrics_run(hl_serve_metrics *m, hl_serve_outcome o, hl_limit_kind lim, uint64_t wall_ns,
                          uint64_t cpu_ns);
void hl_serve_metrics_http(hl_serve_metrics *m, unsigned code);

/* ---- tenants and quotas (serve_tenants.c, serve_quota.c) ---------------- */

typedef struct hl_serve_quota {
    double runs_per_second;          /* 0: no rate bound */
    uint32_t concurrent_runs;        /* 0: only the server's cap */
    uint64_t cpu_ms_per_minute;      /* 0: no CPU bound */
} hl_serve_quota;

typedef struct hl_serve_tenant {
    char *id;
    char *token;                     /* NULL: the anonymous tenant */
    hl_policy *policy;
    hl_serve_quota quota;
    /* admission state, under lock */
    pthread_mutex_t lock;
    double tokens;                   /* the rate bucket */
    uint64_t refill_ns;              /* when it was last refilled */
    uint64_t window_ns;              /* start of the current CPU minute */
    uint64_t window_cpu_ns;          /* CPU used in it */
    uint32_t running;
    _Atomic uint64_t runs, rejected;
} hl_serve_tenant;

/* Why admission refused a run. */
typedef enum hl_serve_admit {
    HL_SERVE_ADMIT_OK = 0,
    HL_SERVE_ADMIT_RATE,        /* runs_per_second */
    HL_SERVE_ADMIT_CONCURRENT,  /* concurrent_runs */
    HL_SERVE_ADMIT_CPU,         /* cpu_ms_per_minute */
} hl_serve_admit;
/* Takes a slot of t's quota for one run, or says which quota is full and
 * after how many seconds to retry (*retry_s). hl_serve_release returns the
 * slot and charges the run's CPU time. */
hl_serve_admit hl_serve_admit_run(hl_serve_tenant *t, uint64_t now_ns, unsigned *retry_s);
void hl_serve_release(hl_serve_tenant *t, uint64_t cpu_ns);
const char *hl_serve_admit_name(hl_serve_admit a);

/* Reads a token file (docs/serve.md): tenants with tokens, policies and
 * quotas. false with a message in why[cap]. */
bool hl_serve_tenants_load(const char *path, hl_serve_tenant **out, size_t *n, char *why, size_t cap);
void hl_serve_tenants_free(hl_serve_tenant *t, size_t n);
/* The tenant whose token is `token` (len bytes), compared in constant time
 * per tenant; NULL when none. */
hl_serve_tenant *hl_serve_tenant_by_token(hl_serve_tenant *t, size_t n, const char *token, size_t len);
/* Initialises one tenant; policy is taken over (NULL: the default). */
bool hl_serve_tenant_init(hl_serve_tenant *t, const char *id, const char *token, hl_policy *policy,
                          const hl_serve_quota *q);
void hl_serve_tenant_fini(hl_serve_tenant *t);

/* ---- the program cache on disk (serve_disk.c) ---------------------------- */

typedef struct hl_serve_disk hl_serve_disk;
typedef struct hl_serve_disk_stats {
    uint64_t hits;         /* programs loaded from a file (the gate accepted them) */
    uint64_t misses;       /* compiles that found no file */
    uint64_t refused;      /* files refused (corrupt, tampered, not a regular file of ours): removed */
    uint64_t writes;       /* files written */
    uint64_t write_errors;
    uint64_t evictions;    /* files removed to keep the directory within its bound */
    uint64_t files, bytes; /* what the directory holds now */
} hl_serve_disk_stats;
/* Opens (creating it, mode 0700) the cache directory; refuses one another
 * user owns or may write. false with a message in why[cap]. */
bool hl_serve_disk_open(const char *path, uint64_t max_bytes, hl_serve_disk **out, char *why, size_t cap);
void hl_serve_disk_close(hl_serve_disk *d);
/* The engine's program store over the directory. */
void hl_serve_disk_store(hl_serve_disk *d, hl_program_store *out);
void hl_serve_disk_stats_get(hl_serve_disk *d, hl_serve_disk_stats *out);

/* ---- the server (serve_server.c) ---------------------------------------- */

enum { HL_SERVE_MAX_FLIGHT = 1024 };

typedef struct hl_serve_config {
    const char *policy_path;   /* the anonymous tenant's policy (NULL: default) */
    const char *tokens_path;   /* NULL: no authentication */
    size_t max_body_bytes;     /* a request's body (HTTP) or message (stdio) */
    uint32_t max_concurrent;   /* runs at once, over all tenants (HTTP) */
    uint32_t max_connections;  /* open HTTP connections */
    uint32_t idle_timeout_s;   /* an HTTP connection's idle bound (slowloris) */
    uint32_t grace_ms;         /* SIGTERM: how long in-flight runs may finish */
    uint64_t cache_bytes;      /* the engine's program cache bound (0: default) */
    const char *cache_dir;     /* the program cache on disk (NULL: none) */
    uint64_t cache_dir_bytes;  /* its bound */
    uint32_t max_actors;       /* live stateful tenants per client */
    uint32_t actor_idle_s;     /* a stateful tenant idle this long is stopped */
    uint32_t actor_life_s;     /* the longest a stateful tenant lives (its deadline) */
} hl_serve_config;
void hl_serve_config_default(hl_serve_config *c);

typedef struct hl_serve_actors hl_serve_actors;

typedef struct hl_serve {
    hl_engine *engine;
    hl_serve_disk *disk;       /* --cache-dir, or NULL */
    hl_serve_actors *actors;   /* stateful tenants (serve_actors.c) */
    hl_serve_config cfg;
    hl_serve_tenant *tenants;  /* from the token file, or one anonymous tenant */
    size_t ntenants;
    bool auth;                 /* requests must carry a tenant's token */
    hl_serve_metrics metrics;
    _Atomic uint32_t inflight;
    atomic_bool stopping;
    /* the tenants of runs in progress, so shutdown can interrupt them */
    pthread_mutex_t flight_lock;
    hl_tenant *flight[HL_SERVE_MAX_FLIGHT];
    int flight_fd[HL_SERVE_MAX_FLIGHT]; /* the run's HTTP client socket, -1: none */
    _Atomic uint64_t hangups;           /* runs interrupted because their client left */
    _Atomic uint64_t cancelled;         /* stdio requests the client cancelled */
    atomic_bool watchdog_stop;
} hl_serve;

/* Makes the server: engine, tenants (the token file's, or one anonymous
 * tenant under cfg->policy_path). false with a message in why[cap]. */
bool hl_serve_new(const hl_serve_config *cfg, hl_serve **out, char *why, size_t cap);
void hl_serve_free(hl_serve *s);
/* Registers / unregisters a running guest call (for hl_serve_interrupt_all);
 * client_fd is the socket of the HTTP client waiting for it (-1: none). */
int hl_serve_flight_add(hl_serve *s, hl_tenant *t, int client_fd);
void hl_serve_flight_remove(hl_serve *s, int slot);
/* Interrupts every guest call in progress (shutdown after the grace time). */
void hl_serve_interrupt_all(hl_serve *s);
/* Interrupts the calls whose client closed its connection (the socket
 * reads end-of-file); a watchdog thread of the HTTP server calls it. */
void hl_serve_interrupt_hangups(hl_serve *s);
uint64_t hl_serve_now_ns(void);

/* ---- operations (serve_ops.c) --------------------------------------------- */

/* erlang_check: args {"source": "..."}; the outcome object
 * {"status": "ok"|"compile_error"|"invalid"|..., "diagnostics": [...], ...}. */
json_t *hl_serve_check(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc);
/* erlang_run: args {"source", "function", "args": [...], "limits": {...}};
 * the outcome object (status, result, result_text, output, exception,
 * limit, message, diagnostics, usage). NULL only when out of memory. */
json_t *hl_serve_run(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc);
/* hl_serve_run for an HTTP client on socket client_fd: the run is
 * interrupted if the client hangs up. */
json_t *hl_serve_run_for(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc, int client_fd);
/* hl_serve_run for a stdio request that the client may cancel. */
json_t *hl_serve_run_cancellable(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc,
                                 hl_serve_cancel *cancel);

/* Shared by the operations (serve_ops.c, serve_actors.c). */
json_t *hl_serve_fail(hl_serve_outcome *oc, hl_serve_outcome o, const char *status, const char *message);
const char *hl_serve_get_source(json_t *args, size_t *len, const char **why);
bool hl_serve_only_keys(json_t *args, const char *const *keys, char *why, size_t cap);
/* "limits" {max_reductions, ...}: each may only lower lim. */
bool hl_serve_apply_limits(hl_limits *lim, json_t *req, char *why, size_t cap);
/* The JSON "args" array as values (at most 255). */
bool hl_serve_make_args(json_t *arr, hl_value **args, size_t *n, char *why, size_t cap);
/* r[key] = v as JSON (null with key_json_error when it has none),
 * r[key_text] = v as ~p prints it. */
void hl_serve_put_result(json_t *r, const hl_value *v, const char *key);
/* status, exception / limit / message of an error into r. */
hl_serve_outcome hl_serve_put_error(json_t *r, hl_status st, const hl_error *err);
json_t *hl_serve_lines(const char *s);
/* The request's source compiled under the tenant's policy, or NULL with
 * the outcome object in *fail_out. */
hl_module *hl_serve_compile(hl_serve *s, hl_serve_tenant *t, json_t *args, const char *src, size_t len,
                            hl_serve_outcome *oc, json_t **fail_out);

/* ---- stateful tenants (serve_actors.c) ------------------------------------ */

/* erlang_start {source, function, args?, limits?, name?} -> {status, tenant};
 * erlang_call {tenant, request | request_term, timeout_ms?} -> {status, reply};
 * erlang_cast {tenant, request | request_term} -> {status};
 * erlang_stop {tenant} -> {status, exit, output}. An unknown id (or
 * another client's) is status "not_found". */
json_t *hl_serve_actor_start(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc);
json_t *hl_serve_actor_call(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc);
json_t *hl_serve_actor_cast(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc);
json_t *hl_serve_actor_stop(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc);
bool hl_serve_actors_new(hl_serve *s, char *why, size_t cap);
/* Kills every stateful tenant (shutdown past the grace time: calls
 * waiting on them return). */
void hl_serve_actors_kill_all(hl_serve *s);
/* Stops every stateful tenant (before the engine goes). */
void hl_serve_actors_free(hl_serve *s);
/* Stops the tenants idle past the configured time (at most every 200 ms
 * of calls; cheap otherwise). */
void hl_serve_actors_reap(hl_serve *s);
typedef struct hl_serve_actor_stats {
    uint64_t live, started, calls, reaped;
} hl_serve_actor_stats;
void hl_serve_actors_stats(hl_serve *s, hl_serve_actor_stats *out);
/* Whether the tenant may start stateful tenants (its policy grants processes). */
bool hl_serve_actors_allowed(const hl_serve_tenant *t);

/* ---- JSON helpers (serve_json.c) ------------------------------------------- */

/* A JSON string of bytes that may not be UTF-8 (bad bytes become U+FFFD). */
json_t *hl_serve_json_text(const char *bytes, size_t n);
/* {"line", "column", "message"} of each diagnostic of err. */
json_t *hl_serve_json_diagnostics(const hl_error *err);
/* hl_usage as an object. */
json_t *hl_serve_json_usage(const hl_usage *u);
/* Compact JSON text (malloc'd, free with free) of j, or NULL. */
char *hl_serve_json_dump(const json_t *j, size_t *len);

/* ---- MCP (serve_tools.c, serve_mcp.c) ------------------------------------- */

/* The tools/list entries for a tenant (descriptions name its limits). */
json_t *hl_serve_tools_list(hl_serve *s, hl_serve_tenant *t);
/* Runs tool `name` with `args`; the CallToolResult, or NULL when there is
 * no such tool. structured: add structuredContent (revisions from 2025-06-18). */
json_t *hl_serve_tools_call(hl_serve *s, hl_serve_tenant *t, const char *name, json_t *args, bool structured,
                            hl_serve_cancel *cancel);

/* notifications/cancelled on stdio (serve_stdio.c): the request being
 * handled and its guest call, and the ids cancelled before they were
 * handled. The reader thread marks; the handling thread checks. */
enum { HL_SERVE_CANCEL_IDS = 16, HL_SERVE_ID_TEXT = 128 };
struct hl_serve_cancel {
    pthread_mutex_t lock;
    char id[HL_SERVE_ID_TEXT];  /* the JSON text of the id being handled ("": none) */
    bool cancelled;             /* ... and the client cancelled it */
    hl_tenant *run;             /* its guest call while it runs, else NULL */
    char early[HL_SERVE_CANCEL_IDS][HL_SERVE_ID_TEXT]; /* cancelled before handled (a ring) */
    unsigned nearly;
    _Atomic uint64_t count;     /* requests cancelled */
};
/* The client cancelled request id_text: interrupt it if it is running, or
 * remember it if it has not started. */
void hl_serve_cancel_request(hl_serve_cancel *c, const char *id_text);

typedef struct hl_mcp_session {
    hl_serve *srv;
    hl_serve_tenant *tenant;
    hl_serve_cancel *cancel; /* stdio: notifications/cancelled; NULL: not honoured */
    int state;               /* 0 new, 1 initialize answered, 2 initialized */
    char version[16];        /* the negotiated protocol revision */
} hl_mcp_session;
void hl_mcp_session_init(hl_mcp_session *m, hl_serve *s, hl_serve_tenant *t);
/* Handles one JSON-RPC message (len bytes, not NUL-terminated): the
 * response as compact JSON text without a newline (free with free), or
 * NULL when none is due (a notification, a response). */
char *hl_mcp_handle(hl_mcp_session *m, const char *msg, size_t len, size_t *out_len);
/* A JSON-RPC error response with a null id (a message too large to read). */
char *hl_mcp_error_text(int code, const char *message, size_t *out_len);
/* The protocol revisions spoken, newest first. */
extern const char *const hl_mcp_versions[];

/* ---- transports ---------------------------------------------------------------- */

/* Serves MCP on in/out until in ends. 0 when it ended cleanly. */
int hl_serve_stdio(hl_serve *s, int in_fd, int out_fd);
/* Serves the HTTP API on addr ("HOST:PORT", loopback by default) until
 * SIGTERM or SIGINT. 0 on a clean shutdown. */
int hl_serve_http(hl_serve *s, const char *addr);
/* The Prometheus text of the server's metrics (malloc'd). */
char *hl_serve_metrics_text(hl_serve *s, size_t *len);

#endif
