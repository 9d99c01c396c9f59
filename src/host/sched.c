/* sched.c — the engine's scheduler (sched.h, docs/actors.md §7): N worker
 * threads, each with a run queue per priority class (latency, normal,
 * background); a worker picks the highest class any queue holds (its own
 * first, then stealing from the others), so a background task never runs
 * while a latency one waits in a queue. A task runs one bounded step (a
 * world: a few 4,000-reduction process slices) and goes back to a queue,
 * or parks until a wake: a message or kill from the host, or its timer,
 * which the timer thread fires. Idle workers block on a condition
 * variable; the timer thread blocks on a semaphore (sem_post is
 * async-signal-safe: hl_actor_interrupt). */
#define _GNU_SOURCE
#include "host/sched.h"

#include <errno.h>
#include <semaphore.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/mem.h"
#include "host/host_int.h"
#include "vm/vm.h"

typedef struct worker {
    hl_sched *s;
    uint32_t id;
    pthread_t th;
    pthread_mutex_t qlock;
    hl_sched_task *head[HL_SCHED_CLASSES], *tail[HL_SCHED_CLASSES];
} worker;

struct hl_sched {
    uint32_t n;
    worker *w;
    bool timer_started;
    pthread_t timer_th;
    _Atomic bool stopping;
    _Atomic uint64_t queued[HL_SCHED_CLASSES]; /* tasks on run queues, per class */
    _Atomic uint32_t nidle;                    /* workers blocked on idle_cv */
    pthread_mutex_t idle_lock;
    pthread_cond_t idle_cv;
    /* parked tasks with a wake time: a min-heap on wake_ns (tlock) */
    pthread_mutex_t tlock;
    hl_sched_task **heap;
    size_t nheap, cheap;
    sem_t tsem;        /* wakes the timer thread: an earlier timer, an interrupt, stopping */
    uint64_t sleep_until; /* (tlock) when the timer thread wakes by itself: UINT64_MAX for never */
    _Atomic uint64_t irq_gen;
    /* every task not finished (lock) */
    pthread_mutex_t lock;
    hl_sched_task *all;
    uint64_t ntasks;
};

/* A worker spins this long for work before it blocks: a host's call
 * answered within it costs no futex wake-up (ns). */
enum { IDLE_SPIN_NS = 50000 };

static _Thread_local worker *self_worker; /* the worker running this thread, or NULL */

/* ---- the timer heap (tlock held) ------------------------------------------------ */

static void hp_set(hl_sched *s, size_t i, hl_sched_task *t) {
    s->heap[i] = t;
    atomic_store_explicit(&t->tidx, i, memory_order_relaxed);
}

static void hp_up(hl_sched *s, size_t i) {
    hl_sched_task *t = s->heap[i];
    while (i > 0 && t->wake_ns < s->heap[(i - 1) / 2]->wake_ns) {
        hp_set(s, i, s->heap[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    hp_set(s, i, t);
}

static void hp_down(hl_sched *s, size_t i) {
    hl_sched_task *t = s->heap[i];
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= s->nheap) break;
        if (c + 1 < s->nheap && s->heap[c + 1]->wake_ns < s->heap[c]->wake_ns) c++;
        if (s->heap[c]->wake_ns >= t->wake_ns) break;
        hp_set(s, i, s->heap[c]);
        i = c;
    }
    hp_set(s, i, t);
}

static void hp_remove(hl_sched *s, hl_sched_task *t) {
    size_t i = atomic_load_explicit(&t->tidx, memory_order_relaxed);
    if (i == SIZE_MAX || i >= s->nheap || s->heap[i] != t) return;
    atomic_store_explicit(&t->tidx, SIZE_MAX, memory_order_relaxed);
    hl_sched_task *last = s->heap[--s->nheap];
    if (i == s->nheap) return;
    hp_set(s, i, last);
    hp_up(s, i);
    hp_down(s, atomic_load_explicit(&last->tidx, memory_order_relaxed));
}

/* Parks t until wake_ns (t->mu held). False when the heap cannot grow:
 * the caller queues t instead (it runs again and parks again). */
static bool timer_add(hl_sched *s, hl_sched_task *t, uint64_t wake_ns) {
    pthread_mutex_lock(&s->tlock);
    if (s->nheap == s->cheap) {
        size_t nc = s->cheap ? s->cheap * 2 : 64;
        hl_sched_task **nh = hl_mem_realloc_array(s->heap, nc, sizeof *nh);
        if (!nh) {
            pthread_mutex_unlock(&s->tlock);
            return false;
        }
        s->heap = nh, s->cheap = nc;
    }
    t->wake_ns = wake_ns;
    hp_set(s, s->nheap++, t);
    hp_up(s, s->nheap - 1);
    /* the timer thread is woken only for a time before the one it sleeps
     * until (a world parked again with the same deadline costs no wake) */
    bool earlier = wake_ns < s->sleep_until;
    if (earlier) s->sleep_until = wake_ns;
    pthread_mutex_unlock(&s->tlock);
    if (earlier) sem_post(&s->tsem);
    return true;
}

/* Parks t until wake_ns (0: no timer), t->mu held, keeping an entry it
 * still has for the same time (caller-runs leaves it in the heap: a
 * server parked again with its deadline then costs no heap update). */
static bool timer_set(hl_sched *s, hl_sched_task *t, uint64_t wake_ns) {
    if (atomic_load_explicit(&t->tidx, memory_order_relaxed) != SIZE_MAX) {
        pthread_mutex_lock(&s->tlock);
        bool same = atomic_load_explicit(&t->tidx, memory_order_relaxed) != SIZE_MAX && t->wake_ns == wake_ns;
        if (!same) hp_remove(s, t);
        pthread_mutex_unlock(&s->tlock);
        if (same) return true;
    }
    return !wake_ns || timer_add(s, t, wake_ns);
}

static void timer_del(hl_sched *s, hl_sched_task *t) {
    if (atomic_load_explicit(&t->tidx, memory_order_relaxed) == SIZE_MAX) return;
    pthread_mutex_lock(&s->tlock);
    hp_remove(s, t);
    pthread_mutex_unlock(&s->tlock);
}

/* ---- run queues ------------------------------------------------------------------ */

static int task_class(const hl_sched_task *t) {
    int c = t->scope ? t->scope->cls : 1;
    return c < 0 || c >= HL_SCHED_CLASSES ? 1 : c;
}

/* Queues t (t->mu held, state set to QUEUED) on the current worker's
 * queue, else its home worker's, and wakes an idle worker. */
static void push(hl_sched *s, hl_sched_task *t) {
    worker *w = self_worker && self_worker->s == s ? self_worker : &s->w[t->home % s->n];
    int c = task_class(t);
    t->state = HL_TASK_QUEUED;
    t->next = NULL;
    pthread_mutex_lock(&w->qlock);
    if (w->tail[c]) w->tail[c]->next = t;
    else w->head[c] = t;
    w->tail[c] = t;
    pthread_mutex_unlock(&w->qlock);
    atomic_fetch_add(&s->queued[c], 1);
    if (atomic_load(&s->nidle) > 0) {
        pthread_mutex_lock(&s->idle_lock);
        pthread_cond_signal(&s->idle_cv);
        pthread_mutex_unlock(&s->idle_lock);
    }
}

static hl_sched_task *pop_from(hl_sched *s, worker *w, int c) {
    pthread_mutex_lock(&w->qlock);
    hl_sched_task *t = w->head[c];
    if (t) {
        w->head[c] = t->next;
        if (!w->head[c]) w->tail[c] = NULL;
        t->next = NULL;
        atomic_fetch_sub(&s->queued[c], 1);
    }
    pthread_mutex_unlock(&w->qlock);
    return t;
}

/* Strict class order at every pick: the highest class any queue holds,
 * from the worker's own queue first, then stolen from another's. */
static hl_sched_task *pick(hl_sched *s, worker *self) {
    for (int c = 0; c < HL_SCHED_CLASSES; c++) {
        if (atomic_load_explicit(&s->queued[c], memory_order_acquire) == 0) continue;
        hl_sched_task *t = pop_from(s, self, c);
        for (uint32_t k = 1; !t && k < s->n; k++) t = pop_from(s, &s->w[(self->id + k) % s->n], c);
        if (t) return t;
    }
    return NULL;
}

static uint64_t total_queued(hl_sched *s) {
    uint64_t n = 0;
    for (int c = 0; c < HL_SCHED_CLASSES; c++) n += atomic_load(&s->queued[c]);
    return n;
}

/* ---- the registry ----------------------------------------------------------------- */

static void unregister(hl_sched *s, hl_sched_task *t) {
    pthread_mutex_lock(&s->lock);
    if (t->all_prev) t->all_prev->all_next = t->all_next;
    else if (s->all == t) s->all = t->all_next;
    if (t->all_next) t->all_next->all_prev = t->all_prev;
    t->all_prev = t->all_next = NULL;
    s->ntasks--;
    pthread_mutex_unlock(&s->lock);
}

bool hl_sched_submit(hl_sched *s, hl_sched_task *t) {
    atomic_store_explicit(&t->tidx, SIZE_MAX, memory_order_relaxed);
    t->next = NULL;
    t->notified = false;
    pthread_mutex_lock(&s->lock);
    if (atomic_load(&s->stopping)) {
        pthread_mutex_unlock(&s->lock);
        return false;
    }
    t->all_prev = NULL;
    t->all_next = s->all;
    if (s->all) s->all->all_prev = t;
    s->all = t;
    t->home = (uint32_t)(s->ntasks++ % s->n);
    pthread_mutex_unlock(&s->lock);
    pthread_mutex_lock(&t->mu);
    push(s, t);
    pthread_mutex_unlock(&t->mu);
    return true;
}

void hl_sched_wake_locked(hl_sched *s, hl_sched_task *t) {
    switch (t->state) {
    case HL_TASK_IDLE:
        timer_del(s, t);
        push(s, t);
        break;
    case HL_TASK_RUNNING:
    case HL_TASK_PERMIT: t->notified = true; break;
    default: break; /* queued already, or done */
    }
}

bool hl_sched_outranked(hl_sched *s, const hl_sched_task *t) {
    int c = task_class(t);
    for (int k = 0; k < c; k++)
        if (atomic_load_explicit(&s->queued[k], memory_order_relaxed)) return true;
    return false;
}

void hl_sched_poke(hl_sched *s) {
    atomic_fetch_add(&s->irq_gen, 1);
    sem_post(&s->tsem);
}

void hl_sched_stats_get(hl_sched *s, hl_sched_stats *out) {
    memset(out, 0, sizeof *out);
    if (!s) return;
    out->workers = s->n;
    uint32_t idle = atomic_load(&s->nidle);
    out->busy = idle > s->n ? 0 : s->n - idle;
    out->queued = total_queued(s);
    pthread_mutex_lock(&s->lock);
    out->tasks = s->ntasks;
    pthread_mutex_unlock(&s->lock);
}

/* ---- workers ---------------------------------------------------------------------- */

/* After a step: queue t again, park it, or let it go. */
static void after_step(hl_sched *s, hl_sched_task *t, hl_step r, uint64_t wake) {
    if (r == HL_STEP_DONE) {
        pthread_mutex_lock(&t->mu);
        t->state = HL_TASK_DONE;
        timer_del(s, t); /* a step its caller ran may have left its entry (claim) */
        pthread_mutex_unlock(&t->mu);
        unregister(s, t);
        t->release(t);
        return;
    }
    pthread_mutex_lock(&t->mu);
    if (r == HL_STEP_AGAIN || t->notified) {
        t->notified = false;
        timer_del(s, t);
        push(s, t);
    } else {
        t->state = HL_TASK_IDLE;
        if (!timer_set(s, t, wake)) push(s, t);
    }
    pthread_mutex_unlock(&t->mu);
}

bool hl_sched_claim_locked(hl_sched *s, hl_sched_task *t) {
    hl_scope *sc = t->scope;
    if (t->state != HL_TASK_IDLE || atomic_load(&s->stopping) || (sc && (sc->permits || sc->quota_ns))) return false;
    /* its timer entry stays (after_step keeps it when the step parks it
     * with the same wake time); should it fire meanwhile, the timer thread
     * finds the task running and leaves it (its world sees the time) */
    t->state = HL_TASK_RUNNING;
    t->notified = false;
    return true;
}

void hl_sched_run_claimed(hl_sched *s, hl_sched_task *t) {
    uint64_t wake = 0;
    hl_step r = t->step(t, &wake);
    after_step(s, t, r, wake);
}

static void run_task(hl_sched *s, worker *self, hl_sched_task *t) {
    hl_scope *sc = t->scope;
    pthread_mutex_lock(&t->mu);
    t->state = HL_TASK_RUNNING;
    t->notified = false;
    t->home = self->id;
    if (sc && sc->quota_ns) {
        /* over its CPU quota: parked until the window refills */
        uint64_t until = hl_scope_throttled(sc, hl_vm_now_ns());
        if (until) {
            t->state = HL_TASK_IDLE;
            if (!timer_add(s, t, until)) push(s, t);
            pthread_mutex_unlock(&t->mu);
            return;
        }
    }
    if (sc && sc->permits && !hl_scope_acquire(sc, t)) {
        pthread_mutex_unlock(&t->mu); /* queued on its scope until a permit comes back */
        return;
    }
    pthread_mutex_unlock(&t->mu);
    uint64_t wake = 0, t0 = sc && sc->quota_ns ? hl_vm_now_ns() : 0;
    hl_step r = t->step(t, &wake);
    if (sc && sc->quota_ns) hl_scope_charge(sc, hl_vm_now_ns() - t0);
    hl_sched_task *next = sc && sc->permits ? hl_scope_release_permit(sc) : NULL;
    after_step(s, t, r, wake);
    if (next) {
        pthread_mutex_lock(&next->mu);
        if (next->state == HL_TASK_PERMIT) push(s, next);
        pthread_mutex_unlock(&next->mu);
    }
}

static void *worker_main(void *arg) {
    worker *self = arg;
    hl_sched *s = self->s;
    self_worker = self;
    while (!atomic_load(&s->stopping)) {
        hl_sched_task *t = pick(s, self);
        if (t) {
            run_task(s, self, t);
            continue;
        }
        /* a short spin first (a reply or a message often comes within it),
         * then block: idle workers use no CPU */
        uint64_t until = hl_vm_now_ns() + IDLE_SPIN_NS;
        bool found = false;
        while (!found && hl_vm_now_ns() < until && !atomic_load(&s->stopping)) {
            for (int k = 0; k < 64 && !found; k++) {
                found = total_queued(s) != 0;
#if defined(__x86_64__) || defined(__i386__)
                __builtin_ia32_pause();
#endif
            }
        }
        if (found) continue;
        pthread_mutex_lock(&s->idle_lock);
        atomic_fetch_add(&s->nidle, 1);
        while (!atomic_load(&s->stopping) && total_queued(s) == 0) pthread_cond_wait(&s->idle_cv, &s->idle_lock);
        atomic_fetch_sub(&s->nidle, 1);
        pthread_mutex_unlock(&s->idle_lock);
    }
    return NULL;
}

/* ---- the timer thread ---------------------------------------------------------------- */

static void *timer_main(void *arg) {
    hl_sched *s = arg;
    uint64_t seen_irq = 0;
    while (!atomic_load(&s->stopping)) {
        /* due timers. The registry lock is held throughout, so a task taken
         * out of the heap cannot finish and be freed before it is woken
         * (lock order: the registry, a task's mu, tlock). */
        hl_sched_task *due[64];
        size_t ndue = 0;
        uint64_t now = hl_vm_now_ns(), next = 0;
        pthread_mutex_lock(&s->lock);
        pthread_mutex_lock(&s->tlock);
        while (s->nheap && s->heap[0]->wake_ns <= now && ndue < 64) {
            hl_sched_task *t = s->heap[0];
            hp_remove(s, t);
            due[ndue++] = t;
        }
        if (s->nheap) next = s->heap[0]->wake_ns;
        s->sleep_until = ndue == 64 ? 0 : next ? next : UINT64_MAX;
        pthread_mutex_unlock(&s->tlock);
        for (size_t i = 0; i < ndue; i++) {
            pthread_mutex_lock(&due[i]->mu);
            /* still parked (not woken by a message since) */
            if (due[i]->state == HL_TASK_IDLE && atomic_load_explicit(&due[i]->tidx, memory_order_relaxed) == SIZE_MAX) push(s, due[i]);
            pthread_mutex_unlock(&due[i]->mu);
        }
        uint64_t g = atomic_load(&s->irq_gen);
        if (g != seen_irq) {
            /* an interrupt: wake the parked tasks that have one */
            seen_irq = g;
            for (hl_sched_task *t = s->all; t; t = t->all_next) {
                if (!atomic_load(&t->irq)) continue;
                pthread_mutex_lock(&t->mu);
                hl_sched_wake_locked(s, t);
                pthread_mutex_unlock(&t->mu);
            }
        }
        pthread_mutex_unlock(&s->lock);
        if (ndue == 64) continue;
        if (next) {
            struct timespec ts = {(time_t)(next / 1000000000u), (long)(next % 1000000000u)};
            while (sem_clockwait(&s->tsem, CLOCK_MONOTONIC, &ts) != 0 && errno == EINTR) {
            }
        } else {
            while (sem_wait(&s->tsem) != 0 && errno == EINTR) {
            }
        }
    }
    return NULL;
}

/* ---- lifecycle ------------------------------------------------------------------------- */

static uint32_t online_cores(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (uint32_t)n;
}

static void stop_threads(hl_sched *s, uint32_t started) {
    atomic_store(&s->stopping, true);
    pthread_mutex_lock(&s->idle_lock);
    pthread_cond_broadcast(&s->idle_cv);
    pthread_mutex_unlock(&s->idle_lock);
    sem_post(&s->tsem);
    for (uint32_t i = 0; i < started; i++) pthread_join(s->w[i].th, NULL);
    if (s->timer_started) pthread_join(s->timer_th, NULL);
}

static void sched_destroy(hl_sched *s) {
    for (uint32_t i = 0; i < s->n; i++) pthread_mutex_destroy(&s->w[i].qlock);
    pthread_mutex_destroy(&s->idle_lock);
    pthread_cond_destroy(&s->idle_cv);
    pthread_mutex_destroy(&s->tlock);
    pthread_mutex_destroy(&s->lock);
    sem_destroy(&s->tsem);
    hl_mem_free(s->heap);
    hl_mem_free(s->w);
    hl_mem_free(s);
}

static hl_sched *sched_new(uint32_t n) {
    if (n == 0) n = online_cores();
    hl_sched *s = hl_mem_calloc(1, sizeof *s);
    if (!s) return NULL;
    s->n = n;
    s->w = hl_mem_calloc(n, sizeof *s->w);
    if (!s->w) {
        hl_mem_free(s);
        return NULL;
    }
    pthread_mutex_init(&s->idle_lock, NULL);
    pthread_cond_init(&s->idle_cv, NULL);
    pthread_mutex_init(&s->tlock, NULL);
    pthread_mutex_init(&s->lock, NULL);
    sem_init(&s->tsem, 0, 0);
    s->sleep_until = UINT64_MAX;
    for (uint32_t i = 0; i < n; i++) {
        s->w[i].s = s;
        s->w[i].id = i;
        pthread_mutex_init(&s->w[i].qlock, NULL);
    }
    uint32_t started = 0;
    for (; started < n; started++)
        if (pthread_create(&s->w[started].th, NULL, worker_main, &s->w[started]) != 0) break;
    if (started == n && pthread_create(&s->timer_th, NULL, timer_main, s) == 0) {
        s->timer_started = true;
        return s;
    }
    stop_threads(s, started);
    sched_destroy(s);
    return NULL;
}

hl_sched *hl_sched_get(hl_engine *engine) {
    hl_sched *s = atomic_load_explicit(&engine->sched, memory_order_acquire);
    if (s) return s;
    pthread_mutex_lock(&engine->lock);
    s = atomic_load_explicit(&engine->sched, memory_order_relaxed);
    if (!s && !engine->sched_closed) {
        s = sched_new(engine->workers);
        atomic_store_explicit(&engine->sched, s, memory_order_release);
    }
    pthread_mutex_unlock(&engine->lock);
    return s;
}

void hl_sched_free(hl_sched *s) {
    if (!s) return;
    stop_threads(s, s->n);
    /* every task left (queued, parked, waiting for a permit) stops here,
     * on this thread: no worker runs any more */
    for (;;) {
        pthread_mutex_lock(&s->lock);
        hl_sched_task *t = s->all;
        pthread_mutex_unlock(&s->lock);
        if (!t) break;
        unregister(s, t);
        pthread_mutex_lock(&t->mu);
        t->state = HL_TASK_DONE;
        pthread_mutex_unlock(&t->mu);
        timer_del(s, t);
        if (t->scope) hl_scope_forget(t->scope, t);
        t->abandon(t);
        t->release(t);
    }
    sched_destroy(s);
}
