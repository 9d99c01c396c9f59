/* serve_quota.c — admission of one run for a tenant: a token bucket for
 * runs per second (burst: one second's worth), a count of runs in
 * progress, and the guest CPU time used in the current minute. A refused
 * run says which quota is full and when to retry (HTTP 429, Retry-After),
 * so one tenant's flood is turned away before it takes a worker from the
 * others. */
#include "serve.h"

const char *hl_serve_admit_name(hl_serve_admit a) {
    static const char *const names[] = {"ok", "runs_per_second", "concurrent_runs", "cpu_ms_per_minute"};
    return (unsigned)a < sizeof names / sizeof names[0] ? names[a] : "?";
}

hl_serve_admit hl_serve_admit_run(hl_serve_tenant *t, uint64_t now, unsigned *retry_s) {
    const hl_serve_quota *q = &t->quota;
    hl_serve_admit a = HL_SERVE_ADMIT_OK;
    *retry_s = 1;
    pthread_mutex_lock(&t->lock);
    if (q->cpu_ms_per_minute) {
        if (now - t->window_ns >= 60000000000ull) t->window_ns = now, t->window_cpu_ns = 0;
        if (t->window_cpu_ns >= q->cpu_ms_per_minute * 1000000ull) {
            a = HL_SERVE_ADMIT_CPU;
            *retry_s = (unsigned)((t->window_ns + 60000000000ull - now) / 1000000000ull) + 1;
        }
    }
    if (!a && q->concurrent_runs && t->running >= q->concurrent_runs) a = HL_SERVE_ADMIT_CONCURRENT;
    if (!a && q->runs_per_second > 0) {
        double add = (double)(now - t->refill_ns) / 1e9 * q->runs_per_second;
        t->refill_ns = now;
        double cap = q->runs_per_second < 1 ? 1 : q->runs_per_second; /* the burst */
        t->tokens = t->tokens + add > cap ? cap : t->tokens + add;
        if (t->tokens < 1) a = HL_SERVE_ADMIT_RATE;
        else t->tokens -= 1;
    }
    if (!a) t->running++;
    pthread_mutex_unlock(&t->lock);
    atomic_fetch_add(a ? &t->rejected : &t->runs, 1);
    return a;
}

void hl_serve_release(hl_serve_tenant *t, uint64_t cpu_ns) {
    pthread_mutex_lock(&t->lock);
    if (t->running) t->running--;
    t->window_cpu_ns += cpu_ns;
    pthread_mutex_unlock(&t->lock);
}
