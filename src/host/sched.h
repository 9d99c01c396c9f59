/* sched.h — the engine's scheduler (sched.c, docs/actors.md §7): worker
 * threads running tasks (an actor's world: actor.c) one bounded step at a
 * time, per-worker run queues per priority class with stealing, a timer
 * thread for parked tasks, and scopes (scope.c) that admit, count and
 * throttle them. Internal to src/host. */
#ifndef HL_HOST_SCHED_H
#define HL_HOST_SCHED_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hyperlang.h"
#include "vm/vm_world.h"

typedef struct hl_sched hl_sched;

enum { HL_SCHED_CLASSES = 3 }; /* hl_priority: latency, normal, background */

/* Where a task is (under its mu). */
enum {
    HL_TASK_IDLE,    /* parked: waits for a wake (a message, a timer, a kill) */
    HL_TASK_QUEUED,  /* on a run queue */
    HL_TASK_RUNNING, /* a worker runs its step */
    HL_TASK_PERMIT,  /* waits for one of its scope's runnable permits */
    HL_TASK_DONE,    /* finished: never queued again */
};

/* What a task's step asks for next. */
typedef enum { HL_STEP_AGAIN, HL_STEP_PARK, HL_STEP_DONE } hl_step;

typedef struct hl_sched_task hl_sched_task;
struct hl_sched_task {
    pthread_mutex_t mu; /* guards state and notified (and the owner's inbox: actor.c) */
    int state;
    bool notified;      /* woken while running / waiting for a permit: queue it again */
    hl_sched_task *next; /* run queue / permit queue link */
    _Atomic size_t tidx; /* position in the timer heap, SIZE_MAX when not in it (written
                            under the scheduler's tlock, read without it to skip the lock) */
    uint64_t wake_ns;    /* when parked with a timer */
    uint32_t home;       /* the worker that ran it last */
    struct hl_scope *scope;
    _Atomic int irq;     /* an interrupt asked for it (async-signal-safe) */
    hl_sched_task *all_prev, *all_next; /* the scheduler's registry */
    /* one step, on a worker thread, never concurrently with itself */
    hl_step (*step)(hl_sched_task *t, uint64_t *wake_ns);
    /* the engine is freed: stop now (on the freeing thread, workers joined) */
    void (*abandon)(hl_sched_task *t);
    /* the scheduler's reference is dropped (after DONE or abandon) */
    void (*release)(hl_sched_task *t);
};

/* A scope (scope.c). */
struct hl_scope {
    atomic_uint refs;
    _Atomic bool used;         /* an actor started in it: its settings are fixed */
    hl_vm_world_budget budget; /* live processes, bytes */
    int cls;                   /* hl_priority */
    uint32_t permits;          /* slices of its worlds running at once; 0: no bound */
    uint64_t quota_ns, window_ns; /* CPU per window; 0: no quota */
    pthread_mutex_t lock;      /* the fields below */
    uint32_t running;
    hl_sched_task *wait_head, *wait_tail; /* tasks waiting for a permit */
    uint64_t window_start, used_ns;
};

/* The engine's scheduler, started on first use with the engine's worker
 * count (hl_engine_set_workers; 0: the online cores). NULL when threads
 * could not be started. Thread-safe. */
hl_sched *hl_sched_get(hl_engine *engine);
/* Stops every task and joins the threads (hl_engine_free). */
void hl_sched_free(hl_sched *s);
/* Registers t (mu initialised by the caller, step/abandon/release set)
 * and queues it. False when the scheduler is stopping. */
bool hl_sched_submit(hl_sched *s, hl_sched_task *t);
/* Makes t runnable; the caller holds t->mu. */
void hl_sched_wake_locked(hl_sched *s, hl_sched_task *t);
/* Caller-runs: claims t for one step on the calling (host) thread when it
 * is parked and its scope bounds neither permits nor CPU (the caller holds
 * t->mu; true: t is RUNNING and the caller must call hl_sched_run_claimed
 * once, without the lock). A call answered by a parked actor then costs
 * no thread switch; a step that does not finish the work queues the task
 * for the workers as usual. */
bool hl_sched_claim_locked(hl_sched *s, hl_sched_task *t);
void hl_sched_run_claimed(hl_sched *s, hl_sched_task *t);
/* True when a task of a higher class than t waits in a queue: t's step
 * should end at its next slice boundary (a latency task then waits for at
 * most one slice of a background one). */
bool hl_sched_outranked(hl_sched *s, const hl_sched_task *t);
/* From any thread or a signal handler: t's interrupt flag is set by the
 * caller; this makes the timer thread wake t if it is parked. */
void hl_sched_poke(hl_sched *s);
/* Counts for tests and benchmarks. */
typedef struct hl_sched_stats {
    uint32_t workers, busy; /* busy: workers not blocked waiting for work */
    uint64_t queued, tasks;
} hl_sched_stats;
void hl_sched_stats_get(hl_sched *s, hl_sched_stats *out);

/* scope.c: the engine's default scope (made with the scheduler). */
struct hl_scope *hl_scope_default_new(void);
void hl_scope_release(struct hl_scope *sc);
/* A permit for t's next step: true to run it now; false: t was queued on
 * its scope to wait (state HL_TASK_PERMIT, under t->mu by the caller). */
bool hl_scope_acquire(struct hl_scope *sc, hl_sched_task *t);
/* Gives the permit back; returns a waiting task to queue, or NULL. */
hl_sched_task *hl_scope_release_permit(struct hl_scope *sc);
/* The CPU quota: 0 when t may run now, else when its window refills. */
uint64_t hl_scope_throttled(struct hl_scope *sc, uint64_t now);
void hl_scope_charge(struct hl_scope *sc, uint64_t ns);
/* Takes t off its scope's permit queue (the engine is freed). */
void hl_scope_forget(struct hl_scope *sc, hl_sched_task *t);

#endif
