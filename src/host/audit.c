/* audit.c — the engine's audit callback (hl_engine_set_audit): one record
 * per compile, run and binding call, sent in the thread of the call after
 * it ends. The callback and its data are read under the engine's lock once
 * per run or compile, so a run keeps the callback it started with. Also the
 * thread CPU clock the usage reports read. */
#define _POSIX_C_SOURCE 200809L
#include <time.h>

#include "host/host_int.h"

hl_status hl_engine_set_audit(hl_engine *engine, hl_audit_fn fn, void *data) {
    if (!engine) return HL_EMISUSE;
    pthread_mutex_lock(&engine->lock);
    engine->audit = fn;
    engine->audit_data = fn ? data : NULL;
    if (fn) atomic_store_explicit(&engine->audit_ever, true, memory_order_release);
    pthread_mutex_unlock(&engine->lock);
    return HL_OK;
}

void hl_host_audit_get(hl_engine *engine, hl_audit_fn *fn, void **data) {
    *fn = NULL, *data = NULL;
    if (!engine || !atomic_load_explicit(&engine->audit_ever, memory_order_acquire)) return;
    pthread_mutex_lock(&engine->lock);
    *fn = engine->audit;
    *data = engine->audit_data;
    pthread_mutex_unlock(&engine->lock);
}

void hl_host_audit_emit(hl_audit_fn fn, void *data, hl_audit_kind kind, hl_status status, hl_limit_kind limit,
                        const char *name, const void *tenant, const hl_usage *usage) {
    if (!fn) return;
    hl_usage none = {0};
    hl_audit_record r = {kind, status, status == HL_ELIMIT ? limit : HL_LIMIT_KIND_NONE, name ? name : "",
                         tenant, usage ? usage : &none};
    fn(data, &r);
}

uint64_t hl_host_cpu_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
