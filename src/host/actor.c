/* actor.c — actors (include/hyperlang.h hl_actor_*, docs/actors.md §8): a
 * world of guest processes run by the engine's scheduler (sched.c) as one
 * task. The host talks to it through the task's lock: messages (copied on
 * the host's thread into a small heap of their own, with the program's
 * atoms) wait in an inbox that the worker moves into the first process's
 * mailbox before each step; kill and stop are flags read there. What the
 * guest sends to the host pseudo-process is copied out on the worker's
 * thread, into the outbox or, for a reply {Tag, Reply} to a call, to the
 * waiting caller. The outcome is classified as hl_run's when the first
 * process ends, and the world is freed then. */
#define _GNU_SOURCE
#include <string.h>
#include <time.h>

#include "base/buf.h"
#include "base/mem.h"
#include "core/builtins.h"
#include "host/host_int.h"
#include "host/sched.h"
#include "term/atom.h"
#include "term/copy.h"
#include "vm/vm_internal.h"
#include "vm/vm_io.h"
#include "vm/vm_world.h"

/* What one step of a world may run before it goes back to a queue: the
 * reductions of a few BEAM slices, so a step is tens of microseconds, in
 * at most STEP_MAX_SLICES process slices. A slice that ends early (a
 * process that waits after a few reductions: a spawned one reaching its
 * receive, a server answering) leaves the rest of the budget to the next:
 * a world of many short slices does not go through the run queues every
 * 4 of them (bench/README.md "Actors", spawn). */
enum { STEP_REDUCTIONS = 4 * 4000, STEP_MAX_SLICES = 256 };

/* Call tags are references the world never makes (its own stay below
 * 2^55): a guest cannot forge one for another caller. */
#define TAG_BASE (UINT64_C(1) << 55)

enum { CTL_STOP = 1, CTL_KILL = 2 };
enum { IRQ_INTERRUPT = 1, IRQ_KILL = 2 }; /* the processes' interrupt flag */

/* A message from the host, in a heap of its own until it is posted. */
typedef struct amsg {
    struct amsg *next;
    hl_heap heap;
    bool has_heap;
    hl_term term;
    hl_term small[8]; /* the wrapping tuples of an immediate message: no heap to make */
} amsg;

/* A message the guest sent to the host. */
typedef struct omsg {
    struct omsg *next;
    hl_value *v;
    uint64_t bytes;
} omsg;

/* A host thread waiting in hl_actor_call (on its stack). */
typedef struct acall {
    struct acall *next;
    uint64_t tag;
    _Atomic bool done;
    hl_status st;
    hl_value *reply;
} acall;

struct hl_actor {
    hl_sched_task task; /* first: the scheduler's view; task.mu guards what is marked (mu) */
    atomic_uint refs;    /* handles + the scheduler's while the world lives */
    atomic_uint handles; /* the host's handles */
    hl_sched *sched;
    hl_module *module;
    hl_scope *scope;
    hl_run_limits lim;
    uint64_t max_host_atoms;
    /* the world: only the thread running its step touches it */
    hl_vm_world *world;
    hl_vm_proc *root;
    hl_term host_pid;
    volatile _Atomic int irq; /* the processes' interrupt flag: IRQ_* */
    hl_atom_pool *args_pool;  /* the start arguments' atoms */
    hl_host_run_ctx rc;       /* bindings */
    hl_usage usage;
    hl_buf output;
    _Atomic uint64_t next_tag;
    /* (mu) */
    pthread_cond_t cv;
    uint32_t waiters; /* threads blocked on cv */
    amsg *in_head, *in_tail;
    int ctl;
    omsg *out_head, *out_tail;
    _Atomic bool out_ready; /* out_head is not NULL (read without the lock by a spinning receive) */
    uint64_t out_bytes, dropped;
    acall *calls;
    hl_atom_pool **pools; /* the messages' atoms, held while the actor lives */
    uint32_t npools, cpools;
    uint64_t host_atoms_used;
    _Atomic bool done;
    hl_status status;
    hl_value *result;
    hl_error *err;
};

/* ---- small helpers --------------------------------------------------------------------- */

static void deadline_ts(uint64_t timeout_ms, struct timespec *ts) {
    clock_gettime(CLOCK_MONOTONIC, ts);
    uint64_t ns = (uint64_t)ts->tv_nsec + (timeout_ms % 1000u) * 1000000u;
    ts->tv_sec += (time_t)(timeout_ms / 1000u + ns / 1000000000u);
    ts->tv_nsec = (long)(ns % 1000000000u);
}

/* Waits on cv (mu held) until woken or the deadline; false at the deadline. */
static bool wait_cv(hl_actor *a, const struct timespec *until) {
    a->waiters++;
    int r = until ? pthread_cond_timedwait(&a->cv, &a->task.mu, until) : pthread_cond_wait(&a->cv, &a->task.mu);
    a->waiters--;
    return r == 0;
}

static void wake_waiters(hl_actor *a) {
    if (a->waiters) pthread_cond_broadcast(&a->cv);
}

static hl_status errset(hl_error **err, hl_status st, const char *msg) {
    return hl_host_set_error(err, hl_host_error_new(st, msg));
}

/* An exit exception error (exit:Reason, an atom) as hl_run reports one. */
static hl_status exit_error(hl_error **err, const char *reason, const char *message) {
    hl_error *e = hl_host_error_new(HL_EEXCEPTION, message);
    if (e != &hl_host_oom_error) {
        size_t rl = strlen(reason);
        e->exc_class = hl_mem_alloc(5);
        e->exc_reason = hl_mem_alloc(rl + 1);
        e->exc_stack = hl_mem_alloc(1);
        if (!e->exc_class || !e->exc_reason || !e->exc_stack) {
            hl_error_free(e);
            e = &hl_host_oom_error;
        } else {
            memcpy(e->exc_class, "exit", 5);
            memcpy(e->exc_reason, reason, rl + 1);
            e->exc_stack[0] = '\0';
            e->exc_value_status[HL_EXCEPTION_CLASS] = hl_value_atom(NULL, "exit", 4, &e->exc_value[HL_EXCEPTION_CLASS]);
            e->exc_value_status[HL_EXCEPTION_REASON] =
                hl_value_atom(NULL, reason, rl, &e->exc_value[HL_EXCEPTION_REASON]);
            e->exc_value_status[HL_EXCEPTION_STACK] = hl_value_list(NULL, 0, &e->exc_value[HL_EXCEPTION_STACK]);
        }
    }
    return hl_host_set_error(err, e);
}

static char *dup_str(const char *s) {
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char *d = hl_mem_alloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

/* A copy of the actor's outcome error for one hl_actor_wait caller. */
static hl_error *error_copy(const hl_error *src) {
    hl_error *e = hl_host_error_new(src->status, src->message);
    if (e == &hl_host_oom_error) return e;
    e->limit = src->limit;
    e->has_reductions = src->has_reductions;
    e->reductions = src->reductions;
    e->has_usage = src->has_usage;
    e->usage = src->usage;
    if (src->exc_class) {
        e->exc_class = dup_str(src->exc_class);
        e->exc_reason = dup_str(src->exc_reason);
        e->exc_stack = dup_str(src->exc_stack);
        if (!e->exc_class || !e->exc_reason || !e->exc_stack) {
            hl_error_free(e);
            return &hl_host_oom_error;
        }
        for (int i = 0; i < 3; i++) {
            e->exc_value_status[i] = src->exc_value_status[i];
            if (src->exc_value[i] && hl_host_value_dup(src->exc_value[i], &e->exc_value[i]) != HL_OK)
                e->exc_value_status[i] = HL_ENOMEM;
        }
    }
    return e;
}

/* ---- the end of an actor ----------------------------------------------------------------- */

static void free_msgs(amsg *m) {
    while (m) {
        amsg *n = m->next;
        if (m->has_heap) hl_heap_free(&m->heap);
        hl_mem_free(m);
        m = n;
    }
}

/* Records the outcome (on the thread that ran the last step, or the one
 * freeing the engine), frees the world and wakes every waiter. */
static void finish(hl_actor *a, hl_status st, hl_value *result, hl_error *err) {
    uint64_t reds = hl_vm_world_reductions(a->world);
    a->usage.reductions = reds;
    a->usage.peak_heap_bytes = hl_vm_peak_bytes(a->root);
    a->usage.output_bytes = hl_vm_output_bytes(a->root);
    if (err && err != &hl_host_oom_error) {
        err->has_reductions = true;
        err->reductions = reds;
        err->has_usage = true;
        err->usage = a->usage;
    }
    hl_vm_world_free(a->world);
    hl_vm_set_host_atoms(a->root, NULL);
    hl_vm_proc_free(a->root);
    a->world = NULL;
    a->root = NULL;
    pthread_mutex_lock(&a->task.mu);
    a->status = st;
    a->result = result;
    a->err = err;
    amsg *in = a->in_head;
    a->in_head = a->in_tail = NULL;
    for (acall *c = a->calls; c; c = c->next)
        if (!atomic_load(&c->done)) {
            c->st = HL_EEXCEPTION; /* exit:noproc for the caller */
            atomic_store_explicit(&c->done, true, memory_order_release);
        }
    atomic_store_explicit(&a->done, true, memory_order_release);
    pthread_cond_broadcast(&a->cv);
    pthread_mutex_unlock(&a->task.mu);
    free_msgs(in);
}

/* The outcome of a world that stopped with vs. */
static void finish_world(hl_actor *a, hl_vm_status vs) {
    hl_value *result = NULL;
    hl_error *err = NULL;
    hl_status st;
    if (atomic_load(&a->handles) == 0) {
        /* its last handle was dropped: no one can read an outcome (building
         * the error was a third of the teardown of a dropped actor) */
        st = HL_EEXCEPTION;
    } else if (atomic_load(&a->irq) & IRQ_KILL) {
        /* killed (hl_actor_kill, its last handle dropped): as OTP's exit(P, kill) */
        st = exit_error(&err, "killed", "exception exit: killed");
    } else {
        st = hl_host_outcome(a->root, vs, a->lim.max_heap_bytes, &result, &err);
    }
    finish(a, st, result, err);
}

/* ---- the world's side (worker threads) ---------------------------------------------------- */

/* What a guest sends to the host pseudo-process (hl_vm_world_host_fn). */
static hl_term_status host_recv(void *ctx, hl_vm_proc *from, hl_term msg, uint64_t *words) {
    hl_actor *a = ctx;
    size_t max_words = (size_t)(a->lim.max_heap_bytes / sizeof(hl_term)), w = 0;
    (void)from;
    if (hl_is_tuple(msg) && hl_tuple_arity(msg) == 2) {
        hl_term tag = hl_tuple_get(msg, 0);
        if (hl_is_handle_immed(tag) && hl_handle_immed_subtag(tag) == HL_HANDLE_REF &&
            hl_handle_immed_payload(tag) >= TAG_BASE) {
            /* a reply to a call: to its caller, if it still waits */
            hl_value *v = NULL;
            hl_status st = hl_host_value_from_term(hl_tuple_get(msg, 1), max_words, &w, &v);
            *words = w;
            if (st == HL_ENOMEM) return HL_TERM_NOMEM;
            pthread_mutex_lock(&a->task.mu);
            acall *c = a->calls;
            while (c && c->tag != hl_handle_immed_payload(tag)) c = c->next;
            if (c && !atomic_load(&c->done)) {
                c->st = st;
                c->reply = v;
                v = NULL;
                atomic_store_explicit(&c->done, true, memory_order_release);
                wake_waiters(a);
            }
            pthread_mutex_unlock(&a->task.mu);
            hl_value_free(v);
            return HL_TERM_OK;
        }
    }
    hl_value *v = NULL;
    hl_status st = hl_host_value_from_term(msg, max_words, &w, &v);
    *words = w;
    if (st == HL_ENOMEM) return HL_TERM_NOMEM;
    if (st != HL_OK) return HL_TERM_BADARG; /* a pid, reference or fun: the boundary is closed */
    omsg *o = hl_mem_alloc(sizeof *o);
    if (!o) {
        hl_value_free(v);
        return HL_TERM_NOMEM;
    }
    o->next = NULL;
    o->v = v;
    o->bytes = (uint64_t)w * sizeof(hl_term) + sizeof *o;
    pthread_mutex_lock(&a->task.mu);
    if (a->out_bytes + o->bytes > a->lim.max_heap_bytes) {
        /* the host does not read: what waits for it is bounded */
        a->dropped++;
        pthread_mutex_unlock(&a->task.mu);
        hl_value_free(v);
        hl_mem_free(o);
        return HL_TERM_OK;
    }
    a->out_bytes += o->bytes;
    if (a->out_tail) a->out_tail->next = o;
    else a->out_head = o;
    a->out_tail = o;
    atomic_store_explicit(&a->out_ready, true, memory_order_release);
    wake_waiters(a);
    pthread_mutex_unlock(&a->task.mu);
    return HL_TERM_OK;
}

/* One step: the inbox moved into the first process's mailbox, then
 * process slices up to STEP_REDUCTIONS (at most STEP_MAX_SLICES). */
static hl_step actor_step(hl_sched_task *t, uint64_t *wake) {
    hl_actor *a = (hl_actor *)t;
    pthread_mutex_lock(&t->mu);
    amsg *in = a->in_head;
    a->in_head = a->in_tail = NULL;
    int ctl = a->ctl;
    a->ctl = 0;
    pthread_mutex_unlock(&t->mu);
    hl_vm_status vs = HL_VM_YIELD;
    hl_term_status ts = HL_TERM_OK;
    if (ctl & CTL_KILL) {
        free_msgs(in);
        finish_world(a, HL_VM_EXCEPTION);
        return HL_STEP_DONE;
    }
    if (ctl & CTL_STOP) ts = hl_vm_world_host_exit(a->world, HL_AM(shutdown));
    for (amsg *m = in; m && ts == HL_TERM_OK; m = m->next) ts = hl_vm_world_post(a->world, m->term);
    free_msgs(in);
    if (ts != HL_TERM_OK) {
        vs = HL_VM_FAULT_NOMEM;
    } else {
        /* slice by slice: a higher class queued meanwhile ends the step */
        uint64_t r0 = hl_vm_world_reductions(a->world);
        for (int k = 0; k < STEP_MAX_SLICES; k++) {
            vs = hl_vm_world_step(a->world, 1, wake);
            if (vs != HL_VM_YIELD || hl_sched_outranked(a->sched, t) ||
                hl_vm_world_reductions(a->world) - r0 >= STEP_REDUCTIONS)
                break;
        }
    }
    if (vs == HL_VM_YIELD) return HL_STEP_AGAIN;
    if (vs == HL_VM_WAIT) return HL_STEP_PARK;
    finish_world(a, vs);
    return HL_STEP_DONE;
}

static void actor_destroy(hl_actor *a) {
    free_msgs(a->in_head);
    for (omsg *o = a->out_head, *n; o; o = n) {
        n = o->next;
        hl_value_free(o->v);
        hl_mem_free(o);
    }
    for (uint32_t i = 0; i < a->npools; i++) hl_atom_pool_free(a->pools[i]);
    hl_mem_free(a->pools);
    hl_atom_pool_free(a->args_pool);
    hl_value_free(a->result);
    hl_error_free(a->err);
    hl_buf_free(&a->output);
    pthread_cond_destroy(&a->cv);
    pthread_mutex_destroy(&a->task.mu);
    hl_scope_release(a->scope);
    hl_module_free(a->module);
    hl_mem_free(a);
}

static void drop_ref(hl_actor *a) {
    if (atomic_fetch_sub(&a->refs, 1) == 1) actor_destroy(a);
}

static void actor_release(hl_sched_task *t) { drop_ref((hl_actor *)t); }

/* The engine is being freed: the world stops where it is. */
static void actor_abandon(hl_sched_task *t) {
    hl_actor *a = (hl_actor *)t;
    hl_error *err = NULL;
    hl_status st;
    if (atomic_load(&a->irq) & IRQ_KILL) {
        st = exit_error(&err, "killed", "exception exit: killed");
    } else {
        hl_error *e = hl_host_error_new(HL_ELIMIT, "the engine was freed while the actor ran");
        if (e != &hl_host_oom_error) e->limit = HL_LIMIT_KIND_INTERRUPTED;
        st = hl_host_set_error(&err, e);
    }
    finish(a, st, NULL, err);
}

/* ---- the host's side ----------------------------------------------------------------------- */

hl_status hl_engine_set_workers(hl_engine *engine, uint32_t workers) {
    if (!engine || workers == 0 || workers > 1024) return HL_EMISUSE;
    pthread_mutex_lock(&engine->lock);
    bool started = atomic_load(&engine->sched) != NULL || engine->sched_closed;
    if (!started) engine->workers = workers;
    pthread_mutex_unlock(&engine->lock);
    return started ? HL_EMISUSE : HL_OK;
}

static hl_status admission_error(hl_error **err, const char *why) {
    hl_error *e = hl_host_error_new(HL_ELIMIT, why);
    if (e != &hl_host_oom_error) e->limit = HL_LIMIT_KIND_ADMISSION;
    return hl_host_set_error(err, e);
}

/* The engine's default scope (made with the scheduler, under its lock). */
static hl_scope *default_scope(hl_engine *engine) {
    pthread_mutex_lock(&engine->lock);
    if (!engine->default_scope && !engine->sched_closed) engine->default_scope = hl_scope_default_new();
    hl_scope *sc = engine->default_scope;
    if (sc) atomic_fetch_add(&sc->refs, 1);
    pthread_mutex_unlock(&engine->lock);
    return sc;
}

hl_status hl_actor_start(const hl_module *module, const char *function, hl_value *const *args, size_t nargs,
                         hl_scope *scope, const hl_limits *limits, unsigned flags, hl_actor **out, hl_error **err) {
    if (err) *err = NULL;
    if (!out) return HL_EMISUSE;
    *out = NULL;
    bool host_arg = flags & HL_ACTOR_HOST_ARG;
    if (!module || !function || (nargs && !args) || nargs + host_arg > 255 || (flags & ~HL_ACTOR_HOST_ARG))
        return HL_EMISUSE;
    for (size_t i = 0; i < nargs; i++)
        if (!args[i]) return HL_EMISUSE;
    if (!(module->caps & HL_CAP_PROCESSES))
        return errset(err, HL_EMISUSE, "an actor's program must be granted the processes capability");
    if (hl_host_in_binding()) return errset(err, HL_EMISUSE, "hl_actor_start called from inside a binding callback");
    const hl_program *prog = module->prog;
    int64_t fn = hl_program_find(prog, function, strlen(function), (uint32_t)(nargs + host_arg));
    if (fn < 0) return hl_host_undef_error(err, prog, function, nargs + host_arg);
    hl_engine *engine = module->engine;
    hl_sched *s = hl_sched_get(engine);
    if (!s) {
        pthread_mutex_lock(&engine->lock);
        bool closed = engine->sched_closed;
        pthread_mutex_unlock(&engine->lock);
        return closed ? admission_error(err, "the engine is being freed: no actor starts")
                      : errset(err, HL_ENOMEM, "the scheduler's threads could not be started");
    }
    hl_scope *sc = scope;
    if (sc) atomic_fetch_add(&sc->refs, 1);
    else sc = default_scope(engine);
    if (!sc) return admission_error(err, "the engine is being freed: no actor starts");
    atomic_store(&sc->used, true);
    /* admission: the scope has room for one more process */
    uint64_t need = sizeof(hl_vm_proc) + (64u << 10);
    if (atomic_load(&sc->budget.live) >= sc->budget.max_live ||
        atomic_load(&sc->budget.mem) + need > sc->budget.max_mem) {
        hl_scope_release(sc);
        return admission_error(err, "the scope is full: its processes or memory are at their limits "
                                    "(HL_SCOPE_MAX_PROCESSES, HL_SCOPE_MEMORY_BYTES)");
    }
    hl_actor *a = hl_mem_calloc(1, sizeof *a);
    if (!a) {
        hl_scope_release(sc);
        return errset(err, HL_ENOMEM, "out of memory");
    }
    hl_host_limits_values(limits, &a->lim, &a->max_host_atoms);
    a->scope = sc;
    a->sched = s;
    hl_buf_init(&a->output, 0);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&a->cv, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&a->task.mu, NULL);
    atomic_init(&a->refs, 1);
    atomic_init(&a->handles, 1);
    atomic_init(&a->irq, 0);
    atomic_init(&a->task.irq, 0);
    atomic_init(&a->done, false);
    atomic_init(&a->next_tag, TAG_BASE);
    atomic_fetch_add(&((hl_module *)module)->refs, 1);
    a->module = (hl_module *)module;
    uint64_t ms = a->lim.timeout_ms > UINT64_MAX / 2000000u ? UINT64_MAX / 2000000u : a->lim.timeout_ms;
    hl_vm_limits vl = {a->lim.max_reductions, a->lim.max_heap_bytes, 0, ms * 1000000u};
    a->root = hl_vm_proc_new(prog, &vl);
    hl_status st = HL_OK;
    if (!a->root) {
        st = a->lim.max_heap_bytes < (64u << 10) ? hl_host_limit_error(err, HL_LIMIT_KIND_HEAP)
                                                 : errset(err, HL_ENOMEM, "out of memory");
        actor_destroy(a);
        return st;
    }
    a->rc = (hl_host_run_ctx){module, &a->usage, NULL, NULL, a, {0}};
    if (module->nbindings) hl_vm_set_binding_hook(a->root, hl_host_binding_hook, &a->rc);
    uint64_t seed = 0;
    bool det = hl_host_limits_det(limits, &seed);
    hl_vm_set_env(a->root, module->caps, det, seed);
    hl_vm_set_output(a->root, &a->output, a->lim.max_output_bytes);
    hl_vm_set_interrupt(a->root, &a->irq);
    hl_host_test_gc(hl_vm_proc_heap(a->root));
    hl_term targs[256];
    st = hl_host_args_in(prog, hl_vm_proc_heap(a->root), args, nargs, a->max_host_atoms, targs + host_arg,
                         &a->args_pool, err);
    if (st == HL_OK) {
        hl_vm_set_host_atoms(a->root, a->args_pool);
        hl_vm_world_limits wl = {a->lim.max_reductions,
                                 a->lim.max_heap_bytes,
                                 ms * 1000000u,
                                 (uint32_t)(sc->budget.max_live > UINT32_MAX ? UINT32_MAX : sc->budget.max_live),
                                 (const hl_program *const *)module->mods,
                                 module->nmods,
                                 &sc->budget};
        a->world = hl_vm_world_new(a->root, &wl);
        if (a->world) {
            a->host_pid = hl_vm_world_set_host(a->world, host_recv, a);
            if (host_arg) targs[0] = a->host_pid;
            if (!hl_vm_start(a->root, (uint32_t)fn, targs, (uint32_t)(nargs + host_arg))) {
                hl_vm_world_free(a->world);
                a->world = NULL;
            }
        }
        if (!a->world) st = errset(err, HL_ENOMEM, "out of memory");
    }
    if (st != HL_OK) {
        hl_vm_set_host_atoms(a->root, NULL);
        hl_vm_proc_free(a->root);
        a->root = NULL;
        actor_destroy(a);
        return st;
    }
    a->task.scope = sc;
    a->task.step = actor_step;
    a->task.abandon = actor_abandon;
    a->task.release = actor_release;
    atomic_fetch_add(&a->refs, 1); /* the scheduler's */
    if (!hl_sched_submit(s, &a->task)) {
        /* the engine is being freed */
        hl_vm_world_free(a->world);
        hl_vm_set_host_atoms(a->root, NULL);
        hl_vm_proc_free(a->root);
        a->world = NULL;
        a->root = NULL;
        actor_destroy(a);
        return admission_error(err, "the engine is being freed: no actor starts");
    }
    *out = a;
    return HL_OK;
}

/* A message for the guest, built in a heap of its own: Msg, or wrapped as
 * {'$gen_cast', Msg} / {'$gen_call', {HostPid, Tag}, Msg}. */
enum { K_SEND, K_CAST, K_CALL };

static hl_status post(hl_actor *a, int kind, const hl_value *msg, acall *call, bool *claimed, hl_error **err) {
    const hl_program *prog = a->module->prog;
    uint64_t tag = call ? call->tag : 0;
    /* malloc, not calloc (glibc's calloc bypasses the thread's cache): a
     * call allocates one of these each time */
    amsg *m = hl_mem_alloc(sizeof *m);
    if (!m) return errset(err, HL_ENOMEM, "out of memory");
    m->next = NULL;
    m->has_heap = false;
    size_t words = 0;
    /* an immediate the program holds as it is (hl_host_args_in's own fast
     * path): copied as it is, wrapped in m->small */
    bool plain = hl_is_immed(hl_host_vterm(msg)) && !hl_is_handle_immed(hl_host_vterm(msg)) &&
                 (!hl_is_atom(hl_host_vterm(msg)) || hl_atom_pool_holds(prog->pool, hl_host_vterm(msg)));
    if (!plain) {
        if (!hl_is_immed(hl_host_vterm(msg)) && hl_term_size(hl_host_vterm(msg), SIZE_MAX, &words) != HL_TERM_OK) words = 0;
        if (hl_heap_init(&m->heap, words + 16, UINT64_MAX) != HL_TERM_OK) {
            hl_mem_free(m);
            return errset(err, HL_ENOMEM, "out of memory");
        }
        m->has_heap = true;
    }
    hl_atom_pool *pool = NULL;
    hl_term t = hl_host_vterm(msg);
    hl_status st = HL_OK;
    if (!plain) {
        pthread_mutex_lock(&a->task.mu);
        uint64_t quota = a->max_host_atoms > a->host_atoms_used ? a->max_host_atoms - a->host_atoms_used : 0;
        pthread_mutex_unlock(&a->task.mu);
        hl_value *const one[1] = {(hl_value *)msg};
        st = hl_host_args_in(prog, &m->heap, one, 1, quota, &t, &pool, err);
    }
    if (st == HL_OK && kind != K_SEND) {
        hl_term *h = m->small;
        size_t need = kind == K_CALL ? 4 + 3 : 3;
        if (m->has_heap && hl_heap_alloc(&m->heap, need, &h) != HL_TERM_OK) {
            st = errset(err, HL_ENOMEM, "out of memory");
        } else if (kind == K_CAST) {
            h[1] = HL_AM(gen_cast), h[2] = t;
            t = hl_tuple_init(h, 2);
        } else {
            h[1] = a->host_pid, h[2] = hl_make_handle_immed(HL_HANDLE_REF, tag);
            hl_term from = hl_tuple_init(h, 2);
            h[4] = HL_AM(gen_call), h[5] = from, h[6] = t;
            t = hl_tuple_init(h + 3, 3);
        }
    }
    if (st != HL_OK) {
        hl_atom_pool_free(pool);
        free_msgs(m);
        return st;
    }
    m->term = t;
    pthread_mutex_lock(&a->task.mu);
    if (pool) {
        if (a->npools == a->cpools) {
            uint32_t nc = a->cpools ? a->cpools * 2 : 4;
            hl_atom_pool **np = hl_mem_realloc_array(a->pools, nc, sizeof *np);
            if (!np) {
                pthread_mutex_unlock(&a->task.mu);
                hl_atom_pool_free(pool);
                free_msgs(m);
                return errset(err, HL_ENOMEM, "out of memory");
            }
            a->pools = np, a->cpools = nc;
        }
        a->pools[a->npools++] = pool;
        a->host_atoms_used += hl_atom_pool_size(pool);
    }
    if (atomic_load(&a->done)) {
        pthread_mutex_unlock(&a->task.mu);
        free_msgs(m); /* to an actor that ended: dropped, as a send to a dead pid */
        return HL_OK;
    }
    if (a->in_tail) a->in_tail->next = m;
    else a->in_head = m;
    a->in_tail = m;
    if (call) {
        /* the caller waits for its reply from here (one lock for both) */
        call->next = a->calls;
        a->calls = call;
    }
    if (!claimed || !(*claimed = hl_sched_claim_locked(a->sched, &a->task))) hl_sched_wake_locked(a->sched, &a->task);
    pthread_mutex_unlock(&a->task.mu);
    return HL_OK;
}

hl_status hl_actor_send(hl_actor *a, const hl_value *msg, hl_error **err) {
    if (err) *err = NULL;
    if (!a || !msg) return HL_EMISUSE;
    return post(a, K_SEND, msg, NULL, NULL, err);
}

hl_status hl_actor_cast(hl_actor *a, const hl_value *msg, hl_error **err) {
    if (err) *err = NULL;
    if (!a || !msg) return HL_EMISUSE;
    return post(a, K_CAST, msg, NULL, NULL, err);
}

/* A host waiting for a reply spins this long before it blocks: a reply
 * within it costs no futex wake-up (ns). */
enum { CALL_SPIN_NS = 20000 };

hl_status hl_actor_call(hl_actor *a, const hl_value *request, uint64_t timeout_ms, hl_value **reply, hl_error **err) {
    if (err) *err = NULL;
    if (reply) *reply = NULL;
    if (!a || !request || !reply) return HL_EMISUSE;
    if (hl_host_in_binding()) return errset(err, HL_EMISUSE, "hl_actor_call called from inside a binding callback");
    acall c = {NULL, atomic_fetch_add(&a->next_tag, 1), false, HL_OK, NULL};
    if (c.tag >= (UINT64_C(1) << 56)) return errset(err, HL_ELIMIT, "the actor's call tags are used up");
    /* a parked actor runs the request's step on this thread (caller-runs:
     * no thread switch either way); else a worker does. The call is
     * registered with the message (post): an actor that ended before it
     * got it has no reply to give, which the check below sees. */
    bool claimed = false;
    hl_status st = post(a, K_CALL, request, &c, &claimed, err);
    if (claimed) hl_sched_run_claimed(a->sched, &a->task);
    if (st == HL_OK && atomic_load(&a->done) && !atomic_load(&c.done)) {
        pthread_mutex_lock(&a->task.mu);
        if (!atomic_load(&c.done)) c.st = HL_EEXCEPTION, atomic_store(&c.done, true);
        pthread_mutex_unlock(&a->task.mu);
    }
    if (st == HL_OK && !atomic_load_explicit(&c.done, memory_order_acquire)) {
        /* (no clock read when the reply is there: the caller-runs case) */
        uint64_t until = hl_vm_now_ns() + CALL_SPIN_NS;
        while (!atomic_load_explicit(&c.done, memory_order_acquire) && hl_vm_now_ns() < until) {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#endif
        }
    }
    struct timespec ts;
    if (timeout_ms) deadline_ts(timeout_ms, &ts);
    pthread_mutex_lock(&a->task.mu);
    bool timed_out = false;
    while (st == HL_OK && !atomic_load(&c.done) && !timed_out) timed_out = !wait_cv(a, timeout_ms ? &ts : NULL);
    for (acall **pp = &a->calls; *pp; pp = &(*pp)->next)
        if (*pp == &c) {
            *pp = c.next;
            break;
        }
    bool done = atomic_load(&c.done);
    pthread_mutex_unlock(&a->task.mu);
    if (st != HL_OK) return st;
    if (!done) {
        hl_error *e = hl_host_error_new(HL_ELIMIT, "no reply within the call's timeout_ms");
        if (e != &hl_host_oom_error) e->limit = HL_LIMIT_KIND_DEADLINE;
        return hl_host_set_error(err, e);
    }
    if (c.st == HL_OK) {
        *reply = c.reply;
        return HL_OK;
    }
    hl_value_free(c.reply);
    if (c.st == HL_EEXCEPTION)
        return exit_error(err, "noproc", "exception exit: noproc (the actor ended before it replied)");
    if (c.st == HL_EREJECTED)
        return errset(err, HL_EREJECTED, "the reply holds a fun or an internal handle, which cannot leave the guest");
    if (c.st == HL_ELIMIT) return hl_host_limit_error(err, HL_LIMIT_KIND_HEAP);
    return errset(err, c.st, "the reply could not be copied out");
}

hl_status hl_actor_receive(hl_actor *a, uint64_t timeout_ms, hl_value **msg) {
    if (msg) *msg = NULL;
    if (!a || !msg) return HL_EMISUSE;
    if (timeout_ms && hl_host_in_binding()) return HL_EMISUSE; /* it would hold a worker */
    if (timeout_ms) {
        /* a short spin first, as a call's: a message often comes within it
         * (then neither side pays for a futex wake-up) */
        uint64_t until = hl_vm_now_ns() + CALL_SPIN_NS;
        while (!atomic_load_explicit(&a->out_ready, memory_order_acquire) && !atomic_load(&a->done) &&
               hl_vm_now_ns() < until) {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#endif
        }
    }
    struct timespec ts;
    if (timeout_ms) deadline_ts(timeout_ms, &ts);
    pthread_mutex_lock(&a->task.mu);
    bool timed_out = timeout_ms == 0;
    while (!a->out_head && !atomic_load(&a->done) && !timed_out) timed_out = !wait_cv(a, &ts);
    omsg *o = a->out_head;
    if (o) {
        a->out_head = o->next;
        if (!a->out_head) a->out_tail = NULL, atomic_store(&a->out_ready, false);
        a->out_bytes -= o->bytes;
    }
    pthread_mutex_unlock(&a->task.mu);
    if (!o) return HL_PENDING;
    *msg = o->v;
    hl_mem_free(o);
    return HL_OK;
}

hl_status hl_actor_wait(hl_actor *a, uint64_t timeout_ms, hl_value **result, hl_error **err) {
    if (err) *err = NULL;
    if (result) *result = NULL;
    if (!a) return HL_EMISUSE;
    if (hl_host_in_binding()) return errset(err, HL_EMISUSE, "hl_actor_wait called from inside a binding callback");
    struct timespec ts;
    if (timeout_ms) deadline_ts(timeout_ms, &ts);
    pthread_mutex_lock(&a->task.mu);
    bool timed_out = false;
    while (!atomic_load(&a->done) && !timed_out) timed_out = !wait_cv(a, timeout_ms ? &ts : NULL);
    bool done = atomic_load(&a->done);
    pthread_mutex_unlock(&a->task.mu);
    if (!done) return HL_PENDING;
    /* the outcome is fixed once done: read without the lock */
    if (a->status == HL_OK) {
        if (result && a->result && hl_host_value_dup(a->result, result) != HL_OK)
            return errset(err, HL_ENOMEM, "out of memory");
        return HL_OK;
    }
    if (err && a->err) *err = error_copy(a->err);
    return a->status;
}

static hl_status control(hl_actor *a, int ctl) {
    if (!a) return HL_EMISUSE;
    if (ctl & CTL_KILL) atomic_fetch_or(&a->irq, IRQ_KILL); /* a running slice stops at its next check */
    pthread_mutex_lock(&a->task.mu);
    if (!atomic_load(&a->done)) {
        a->ctl |= ctl;
        hl_sched_wake_locked(a->sched, &a->task);
    }
    pthread_mutex_unlock(&a->task.mu);
    return HL_OK;
}

hl_status hl_actor_stop(hl_actor *a) { return control(a, CTL_STOP); }
hl_status hl_actor_kill(hl_actor *a) { return control(a, CTL_KILL); }

void hl_actor_interrupt(hl_actor *a) {
    if (!a) return;
    /* atomics and sem_post only: async-signal-safe */
    atomic_fetch_or(&a->irq, IRQ_INTERRUPT);
    atomic_store(&a->task.irq, 1);
    if (!atomic_load(&a->done)) hl_sched_poke(a->sched);
}

hl_actor *hl_actor_retain(hl_actor *a) {
    if (!a) return NULL;
    atomic_fetch_add(&a->handles, 1);
    atomic_fetch_add(&a->refs, 1);
    return a;
}

void hl_actor_free(hl_actor *a) {
    if (!a) return;
    if (atomic_fetch_sub(&a->handles, 1) == 1) control(a, CTL_KILL); /* no process outlives its last handle */
    drop_ref(a);
}

const char *hl_actor_output(const hl_actor *a, size_t *len) {
    bool done = a && atomic_load(&((hl_actor *)a)->done);
    if (len) *len = done && !a->output.failed ? a->output.len : 0;
    return done && a->output.data && !a->output.failed ? a->output.data : "";
}
