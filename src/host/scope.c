/* scope.c — scopes (include/hyperlang.h hl_scope_*, docs/actors.md §8):
 * one policy over a group of actors: live processes and memory summed over
 * all their processes (the budget their worlds update: vm/vm_world.c),
 * runnable permits (how many of their steps run at once; the others wait
 * in the scope's queue), a priority class, and a CPU quota per window
 * (a world over it is parked until the window refills). */
#include <string.h>

#include "base/mem.h"
#include "host/host_int.h"
#include "host/sched.h"

/* Finite defaults: the engine's default scope and a new one. */
#define SCOPE_DEFAULT_PROCESSES (UINT64_C(1) << 20)
#define SCOPE_DEFAULT_BYTES (UINT64_C(4) << 30)
#define SCOPE_DEFAULT_WINDOW_NS UINT64_C(100000000)

static hl_scope *scope_new(void) {
    hl_scope *sc = hl_mem_calloc(1, sizeof *sc);
    if (!sc) return NULL;
    if (pthread_mutex_init(&sc->lock, NULL) != 0) {
        hl_mem_free(sc);
        return NULL;
    }
    atomic_init(&sc->refs, 1);
    atomic_init(&sc->budget.live, 0);
    atomic_init(&sc->budget.mem, 0);
    atomic_init(&sc->used, false);
    sc->budget.max_live = SCOPE_DEFAULT_PROCESSES;
    sc->budget.max_mem = SCOPE_DEFAULT_BYTES;
    sc->cls = HL_PRIORITY_NORMAL;
    sc->window_ns = SCOPE_DEFAULT_WINDOW_NS;
    return sc;
}

hl_scope *hl_scope_default_new(void) { return scope_new(); }

void hl_scope_release(hl_scope *sc) {
    if (!sc || atomic_fetch_sub(&sc->refs, 1) != 1) return;
    pthread_mutex_destroy(&sc->lock);
    hl_mem_free(sc);
}

hl_status hl_scope_new(hl_engine *engine, hl_scope **out) {
    if (!engine || !out) return HL_EMISUSE;
    *out = scope_new();
    return *out ? HL_OK : HL_ENOMEM;
}

void hl_scope_free(hl_scope *scope) { hl_scope_release(scope); }

hl_status hl_scope_set(hl_scope *sc, hl_scope_limit which, uint64_t v) {
    /* the workers read these without a lock: fixed once an actor started */
    if (!sc || atomic_load(&sc->used)) return HL_EMISUSE;
    switch (which) {
    case HL_SCOPE_MAX_PROCESSES:
        if (v == 0 || v > UINT32_MAX) return HL_EMISUSE;
        sc->budget.max_live = v;
        return HL_OK;
    case HL_SCOPE_MEMORY_BYTES:
        if (v == 0) return HL_EMISUSE;
        sc->budget.max_mem = v;
        return HL_OK;
    case HL_SCOPE_PERMITS:
        if (v > UINT32_MAX) return HL_EMISUSE;
        sc->permits = (uint32_t)v;
        return HL_OK;
    case HL_SCOPE_PRIORITY:
        if (v > HL_PRIORITY_BACKGROUND) return HL_EMISUSE;
        sc->cls = (int)v;
        return HL_OK;
    case HL_SCOPE_CPU_QUOTA_US:
        if (v > UINT64_MAX / 1000u) return HL_EMISUSE;
        sc->quota_ns = v * 1000u;
        return HL_OK;
    case HL_SCOPE_CPU_WINDOW_US:
        if (v == 0 || v > UINT64_MAX / 1000u) return HL_EMISUSE;
        sc->window_ns = v * 1000u;
        return HL_OK;
    }
    return HL_EMISUSE;
}

hl_status hl_scope_get(const hl_scope *sc, hl_scope_limit which, uint64_t *v) {
    if (!sc || !v) return HL_EMISUSE;
    switch (which) {
    case HL_SCOPE_MAX_PROCESSES: *v = sc->budget.max_live; return HL_OK;
    case HL_SCOPE_MEMORY_BYTES: *v = sc->budget.max_mem; return HL_OK;
    case HL_SCOPE_PERMITS: *v = sc->permits; return HL_OK;
    case HL_SCOPE_PRIORITY: *v = (uint64_t)sc->cls; return HL_OK;
    case HL_SCOPE_CPU_QUOTA_US: *v = sc->quota_ns / 1000u; return HL_OK;
    case HL_SCOPE_CPU_WINDOW_US: *v = sc->window_ns / 1000u; return HL_OK;
    }
    return HL_EMISUSE;
}

hl_status hl_scope_usage(const hl_scope *sc, uint64_t *processes, uint64_t *bytes) {
    if (!sc) return HL_EMISUSE;
    hl_scope *m = (hl_scope *)sc;
    if (processes) *processes = atomic_load(&m->budget.live);
    if (bytes) *bytes = atomic_load(&m->budget.mem);
    return HL_OK;
}

/* ---- what the scheduler asks of a scope (sched.h) ----------------------------- */

bool hl_scope_acquire(hl_scope *sc, hl_sched_task *t) {
    pthread_mutex_lock(&sc->lock);
    bool ok = sc->running < sc->permits;
    if (ok) {
        sc->running++;
    } else {
        t->state = HL_TASK_PERMIT;
        t->next = NULL;
        if (sc->wait_tail) sc->wait_tail->next = t;
        else sc->wait_head = t;
        sc->wait_tail = t;
    }
    pthread_mutex_unlock(&sc->lock);
    return ok;
}

hl_sched_task *hl_scope_release_permit(hl_scope *sc) {
    pthread_mutex_lock(&sc->lock);
    sc->running--;
    hl_sched_task *t = sc->wait_head;
    if (t) {
        sc->wait_head = t->next;
        if (!sc->wait_head) sc->wait_tail = NULL;
        t->next = NULL;
    }
    pthread_mutex_unlock(&sc->lock);
    return t;
}

void hl_scope_forget(hl_scope *sc, hl_sched_task *t) {
    pthread_mutex_lock(&sc->lock);
    for (hl_sched_task **pp = &sc->wait_head, *prev = NULL; *pp; prev = *pp, pp = &(*pp)->next)
        if (*pp == t) {
            *pp = t->next;
            if (sc->wait_tail == t) sc->wait_tail = prev;
            t->next = NULL;
            break;
        }
    pthread_mutex_unlock(&sc->lock);
}

uint64_t hl_scope_throttled(hl_scope *sc, uint64_t now) {
    pthread_mutex_lock(&sc->lock);
    if (now - sc->window_start >= sc->window_ns) {
        sc->window_start = now;
        sc->used_ns = 0;
    }
    uint64_t until = sc->used_ns >= sc->quota_ns ? sc->window_start + sc->window_ns : 0;
    pthread_mutex_unlock(&sc->lock);
    return until;
}

void hl_scope_charge(hl_scope *sc, uint64_t ns) {
    pthread_mutex_lock(&sc->lock);
    sc->used_ns += ns;
    pthread_mutex_unlock(&sc->lock);
}
