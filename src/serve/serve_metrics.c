/* serve_metrics.c — the server's counters (atomics in the server object:
 * no process-wide state) and their Prometheus text exposition for
 * GET /metrics: runs and checks by outcome, faults by limit kind, the
 * engine's program cache hits, a run latency histogram, rejections. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve.h"

const char *hl_serve_outcome_name(hl_serve_outcome o) {
    static const char *const names[] = {"ok", "exception", "limit", "compile_error", "invalid", "error"};
    return (unsigned)o < HL_SERVE_NOUTCOMES ? names[o] : "error";
}

/* Upper bounds of the latency buckets, in µs. */
static const uint64_t bucket_us[HL_SERVE_NBUCKETS] = {50,    100,    250,    500,     1000,    2500,    5000,
                                                      10000, 25000, 50000, 100000, 250000, 1000000, 5000000};

void hl_serve_metrics_run(hl_serve_metrics *m, hl_serve_outcome o, hl_limit_kind lim, uint64_t wall_ns,
                          uint64_t cpu_ns) {
    atomic_fetch_add_explicit(&m->runs[o < HL_SERVE_NOUTCOMES ? o : HL_SERVE_INTERNAL], 1, memory_order_relaxed);
    if (o == HL_SERVE_LIMIT && (unsigned)lim < HL_SERVE_NLIMITS)
        atomic_fetch_add_explicit(&m->faults[lim], 1, memory_order_relaxed);
    uint64_t us = wall_ns / 1000;
    size_t b = 0;
    while (b < HL_SERVE_NBUCKETS && us > bucket_us[b]) b++;
    atomic_fetch_add_explicit(&m->lat[b], 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&m->lat_sum_us, us, memory_order_relaxed);
    atomic_fetch_add_explicit(&m->lat_count, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&m->cpu_ns, cpu_ns, memory_order_relaxed);
}

void hl_serve_metrics_http(hl_serve_metrics *m, unsigned code) {
    unsigned c = code / 100;
    atomic_fetch_add_explicit(&m->http[c >= 1 && c <= 5 ? c : 0], 1, memory_order_relaxed);
}

/* A growing text buffer; a failed append marks it failed. */
typedef struct buf {
    char *p;
    size_t n, cap;
    bool failed;
} buf;

static void put(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(buf *b, const char *fmt, ...) {
    for (int tries = 0; tries < 2 && !b->failed; tries++) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->p ? b->p + b->n : NULL, b->p ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (k < 0) b->failed = true;
        else if (b->p && (size_t)k < b->cap - b->n) {
            b->n += (size_t)k;
            return;
        } else {
            size_t ncap = (b->cap + (size_t)k + 1) * 2;
            char *np = realloc(b->p, ncap);
            if (!np) b->failed = true;
            else b->p = np, b->cap = ncap;
        }
    }
}

#define LOAD(x) ((unsigned long long)atomic_load_explicit(&(x), memory_order_relaxed))

char *hl_serve_metrics_text(hl_serve *s, size_t *len) {
    hl_serve_metrics *m = &s->metrics;
    buf b = {0};
    put(&b, "# HELP hl_serve_runs_total Runs (erlang_run, POST /v1/run) by outcome.\n# TYPE hl_serve_runs_total counter\n");
    for (int o = 0; o < HL_SERVE_NOUTCOMES; o++)
        put(&b, "hl_serve_runs_total{outcome=\"%s\"} %llu\n", hl_serve_outcome_name((hl_serve_outcome)o), LOAD(m->runs[o]));
    put(&b, "# HELP hl_serve_checks_total Checks (erlang_check, POST /v1/check) by outcome.\n# TYPE hl_serve_checks_total counter\n");
    for (int o = 0; o < HL_SERVE_NOUTCOMES; o++)
        put(&b, "hl_serve_checks_total{outcome=\"%s\"} %llu\n", hl_serve_outcome_name((hl_serve_outcome)o),
            LOAD(m->checks[o]));
    put(&b, "# HELP hl_serve_faults_total Runs a limit stopped, by limit.\n# TYPE hl_serve_faults_total counter\n");
    for (int k = 1; k <= HL_LIMIT_KIND_ATOMS; k++) {
        const char *name = hl_limit_kind_name((hl_limit_kind)k);
        if (strcmp(name, "none") == 0 || strcmp(name, "?") == 0) continue;
        put(&b, "hl_serve_faults_total{kind=\"%s\"} %llu\n", name, LOAD(m->faults[k]));
    }
    hl_cache_stats cs = {0};
    hl_engine_cache_stats(s->engine, &cs);
    put(&b,
        "# HELP hl_serve_cache_hits_total Compiles the engine's program cache answered.\n"
        "# TYPE hl_serve_cache_hits_total counter\nhl_serve_cache_hits_total %llu\n"
        "# HELP hl_serve_cache_misses_total Compiles that ran the compiler.\n"
        "# TYPE hl_serve_cache_misses_total counter\nhl_serve_cache_misses_total %llu\n"
        "# HELP hl_serve_cache_programs Programs the cache holds.\n# TYPE hl_serve_cache_programs gauge\n"
        "hl_serve_cache_programs %llu\n"
        "# HELP hl_serve_cache_bytes Bytes the cache holds.\n# TYPE hl_serve_cache_bytes gauge\nhl_serve_cache_bytes %llu\n",
        (unsigned long long)cs.hits, (unsigned long long)cs.misses, (unsigned long long)cs.entries,
        (unsigned long long)cs.bytes);
    if (s->disk) {
        hl_serve_disk_stats ds;
        hl_serve_disk_stats_get(s->disk, &ds);
        put(&b,
            "# HELP hl_serve_disk_cache_hits_total Programs loaded from the cache directory (the gate accepted them).\n"
            "# TYPE hl_serve_disk_cache_hits_total counter\nhl_serve_disk_cache_hits_total %llu\n"
            "# HELP hl_serve_disk_cache_misses_total Compiles that found no file in the cache directory.\n"
            "# TYPE hl_serve_disk_cache_misses_total counter\nhl_serve_disk_cache_misses_total %llu\n"
            "# HELP hl_serve_disk_cache_refused_total Cache files refused (corrupt, tampered, not ours) and removed.\n"
            "# TYPE hl_serve_disk_cache_refused_total counter\nhl_serve_disk_cache_refused_total %llu\n"
            "# HELP hl_serve_disk_cache_writes_total Cache files written.\n"
            "# TYPE hl_serve_disk_cache_writes_total counter\nhl_serve_disk_cache_writes_total %llu\n"
            "# HELP hl_serve_disk_cache_write_errors_total Cache files that could not be written.\n"
            "# TYPE hl_serve_disk_cache_write_errors_total counter\nhl_serve_disk_cache_write_errors_total %llu\n"
            "# HELP hl_serve_disk_cache_evictions_total Cache files removed to stay within the bound.\n"
            "# TYPE hl_serve_disk_cache_evictions_total counter\nhl_serve_disk_cache_evictions_total %llu\n"
            "# HELP hl_serve_disk_cache_files Files the cache directory holds.\n"
            "# TYPE hl_serve_disk_cache_files gauge\nhl_serve_disk_cache_files %llu\n"
            "# HELP hl_serve_disk_cache_bytes Bytes the cache directory holds.\n"
            "# TYPE hl_serve_disk_cache_bytes gauge\nhl_serve_disk_cache_bytes %llu\n",
            (unsigned long long)ds.hits, (unsigned long long)ds.misses, (unsigned long long)ds.refused,
            (unsigned long long)ds.writes, (unsigned long long)ds.write_errors, (unsigned long long)ds.evictions,
            (unsigned long long)ds.files, (unsigned long long)ds.bytes);
    }
    if (s->actors) {
        hl_serve_actor_stats as;
        hl_serve_actors_stats(s, &as);
        put(&b,
            "# HELP hl_serve_tenants_live Stateful tenants (erlang_start) alive now.\n"
            "# TYPE hl_serve_tenants_live gauge\nhl_serve_tenants_live %llu\n"
            "# HELP hl_serve_tenants_started_total Stateful tenants started.\n"
            "# TYPE hl_serve_tenants_started_total counter\nhl_serve_tenants_started_total %llu\n"
            "# HELP hl_serve_tenant_calls_total Calls and casts to stateful tenants.\n"
            "# TYPE hl_serve_tenant_calls_total counter\nhl_serve_tenant_calls_total %llu\n"
            "# HELP hl_serve_tenants_reaped_total Stateful tenants stopped because they were idle.\n"
            "# TYPE hl_serve_tenants_reaped_total counter\nhl_serve_tenants_reaped_total %llu\n",
            (unsigned long long)as.live, (unsigned long long)as.started, (unsigned long long)as.calls,
            (unsigned long long)as.reaped);
    }
    put(&b, "# HELP hl_serve_run_seconds Wall time of a run request (compile included).\n"
            "# TYPE hl_serve_run_seconds histogram\n");
    unsigned long long cum = 0;
    for (int i = 0; i < HL_SERVE_NBUCKETS; i++) {
        cum += LOAD(m->lat[i]);
        put(&b, "hl_serve_run_seconds_bucket{le=\"%g\"} %llu\n", (double)bucket_us[i] / 1e6, cum);
    }
    cum += LOAD(m->lat[HL_SERVE_NBUCKETS]);
    put(&b, "hl_serve_run_seconds_bucket{le=\"+Inf\"} %llu\nhl_serve_run_seconds_sum %.6f\nhl_serve_run_seconds_count %llu\n",
        cum, (double)LOAD(m->lat_sum_us) / 1e6, LOAD(m->lat_count));
    put(&b, "# HELP hl_serve_cpu_seconds_total Guest CPU time of all runs.\n# TYPE hl_serve_cpu_seconds_total counter\n"
            "hl_serve_cpu_seconds_total %.6f\n", (double)LOAD(m->cpu_ns) / 1e9);
    put(&b, "# HELP hl_serve_http_responses_total HTTP responses by status class.\n"
            "# TYPE hl_serve_http_responses_total counter\n");
    for (int c = 1; c <= 5; c++) put(&b, "hl_serve_http_responses_total{code=\"%dxx\"} %llu\n", c, LOAD(m->http[c]));
    put(&b, "# HELP hl_serve_rejected_total Requests turned away before running, by reason.\n"
            "# TYPE hl_serve_rejected_total counter\n"
            "hl_serve_rejected_total{reason=\"busy\"} %llu\nhl_serve_rejected_total{reason=\"quota\"} %llu\n"
            "hl_serve_rejected_total{reason=\"auth\"} %llu\n",
        LOAD(m->rejected_busy), LOAD(m->rejected_quota), LOAD(m->rejected_auth));
    put(&b, "# HELP hl_serve_hangups_total Runs interrupted because their client closed the connection.\n"
            "# TYPE hl_serve_hangups_total counter\nhl_serve_hangups_total %llu\n", LOAD(s->hangups));
    put(&b, "# HELP hl_serve_cancelled_total Requests the client cancelled (MCP notifications/cancelled on stdio).\n"
            "# TYPE hl_serve_cancelled_total counter\nhl_serve_cancelled_total %llu\n", LOAD(s->cancelled));
    put(&b, "# HELP hl_serve_inflight Runs in progress.\n# TYPE hl_serve_inflight gauge\nhl_serve_inflight %u\n",
        (unsigned)atomic_load(&s->inflight));
    if (b.failed) {
        free(b.p);
        return NULL;
    }
    *len = b.n;
    return b.p;
}
