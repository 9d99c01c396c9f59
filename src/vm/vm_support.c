/* vm_support.c — slow paths of the interpreter (see vm_support.h) and the
 * process lifecycle: creation, start, limits and reduction accounting,
 * collection roots, stack growth, exceptions with guest stack traces. */
#define _POSIX_C_SOURCE 200809L
#include "vm/vm_support.h"
#include "vm/vm_trap.h"
#include "vm/vm_world_ops.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "base/mem.h"
#include "term/compare.h"

uint64_t hl_vm_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The probe's clock (test builds): wall time, or with HL_TEST_BIF_PROBE=1
 * in the environment (an audit: tests/probe_names.sh) the thread's CPU
 * time, so a call is not blamed for the time the OS gave to other work on
 * a shared machine. Read once; every caller reads the same value. */
uint64_t hl_vm_probe_now_ns(void) {
    /* Atomic: runs on many threads read it at once (ThreadSanitizer saw the
     * plain int). Relaxed suffices: every thread computes the same value
     * from the environment and nothing else is published with it. */
    static _Atomic int cpu_clock = -1;
    int c = atomic_load_explicit(&cpu_clock, memory_order_relaxed);
    if (c < 0) {
        const char *v = getenv("HL_TEST_BIF_PROBE");
        c = v && strcmp(v, "1") == 0;
        atomic_store_explicit(&cpu_clock, c, memory_order_relaxed);
    }
    if (!c) return hl_vm_now_ns();
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- lifecycle ---------------------------------------------------------- */

hl_vm_proc *hl_vm_proc_new(const hl_program *prog, const hl_vm_limits *lim) {
    return hl_vm_proc_new_sized(prog, lim, 0);
}

hl_vm_proc *hl_vm_proc_new_sized(const hl_program *prog, const hl_vm_limits *lim, size_t heap_words) {
    if (!prog || !lim || lim->max_reductions == 0 || lim->max_heap_bytes == 0) return NULL;
    /* call_ext operands are patched by the linker: never run before it */
    if (prog->n_imports && !prog->imports_linked) return NULL;
    /* malloc + memset, not calloc: glibc's calloc bypasses its per-thread
     * cache, and a one-shot run creates and frees a process every call */
    hl_vm_proc *p = hl_mem_alloc(sizeof *p);
    if (!p) return NULL;
    memset(p, 0, sizeof *p);
    p->prog = prog;
    p->xsave = p->xsave_small;
    p->xcap = HL_VM_XSAVE_SMALL;
    p->halt = hl_vm_halt_code();
    p->xlim = prog->x_span;
    p->max_reds = lim->max_reductions;
    p->max_heap = lim->max_heap_bytes;
    p->deadline_ns = lim->deadline_ns;
    p->timeout_ns = lim->deadline_ns ? 0 : lim->timeout_ns;
    for (unsigned i = 0; i < HL_VM_TRAP_TERMS; i++) p->trap.t[i] = HL_NIL; /* roots: valid terms */
    p->stack_cap = HL_VM_STACK_INIT;
    uint64_t stack_bytes = p->stack_cap * sizeof(hl_term);
    p->stack = hl_mem_alloc(stack_bytes);
    if (!p->stack || stack_bytes >= p->max_heap ||
        hl_heap_init(&p->heap, heap_words, p->max_heap - stack_bytes) != HL_TERM_OK) {
        hl_mem_free(p->stack);
        hl_mem_free(p);
        return NULL;
    }
    p->result = p->exc_class = p->exc_reason = p->exc_stack = HL_NIL;
    p->rand_state = HL_NIL;
    p->dict = HL_NIL;
    p->proc_starter = HL_NIL;
    p->drop_tags = NULL;
    p->n_drop_tags = p->drop_next = 0;
    p->output_cap = UINT64_MAX; /* until hl_vm_set_output: written output is dropped */
    p->state = HL_PS_NEW;
    return p;
}

void hl_vm_set_host_atoms(hl_vm_proc *p, const hl_atom_pool *pool) {
    if (p) p->host_atoms = pool;
}

hl_term_status hl_vm_existing_atom(const hl_vm_proc *p, const char *name, size_t len, hl_term *out) {
    hl_term_status st = hl_atom_pool_lookup(p->prog->pool, name, len, out);
    if (st == HL_TERM_BADARG && p->host_atoms) st = hl_atom_pool_lookup(p->host_atoms, name, len, out);
    return st;
}

void hl_vm_proc_reset(hl_vm_proc *p, const hl_vm_limits *lim) {
    p->host_atoms = NULL;
    if (p->trap.buf || p->trap.roots || p->trap.frag) hl_vm_trap_release(p, false);
    p->trap.fn = NULL;
    for (unsigned i = 0; i < HL_VM_TRAP_TERMS; i++) p->trap.t[i] = HL_NIL;
    memset(p->trap.n, 0, sizeof p->trap.n);
    if (p->mbox.msgs) hl_vm_mailbox_free(&p->mbox);
    memset(&p->mbox, 0, sizeof p->mbox);
    hl_heap *h = &p->heap;
    if (h->offheap || h->frags || h->old_start) {
        hl_heap_reset(h);
    } else { /* the common case (a call that built no binary, fragment or old generation) */
        h->top = h->hwm = h->start;
        h->end = h->block_end;
        h->frag_words = 0;
        h->offheap_bytes = 0;
        h->minors_since_major = 0;
        h->grew = false;
    }
    /* a new usage count (hl_vm_usage_reset): the block alone is held now */
    h->peak_bytes = (uint64_t)(h->block_end - h->start) * sizeof(hl_term);
    p->clock0_ns = 0;
    p->max_reds = lim->max_reductions;
    p->max_heap = lim->max_heap_bytes;
    p->deadline_ns = lim->deadline_ns;
    p->timeout_ns = lim->deadline_ns ? 0 : lim->timeout_ns;
    /* the heap's share of the limit, as hl_vm_proc_new computed it */
    uint64_t stack_bytes = p->stack_cap * sizeof(hl_term);
    p->heap.limit_bytes = p->max_heap > stack_bytes ? p->max_heap - stack_bytes : 0;
    p->reds_used = p->chunk = p->bif_cost = p->reds_debt = 0;
    p->nlive = 0;
    p->catches = 0;
    p->stack_clean = 0;
    p->sp = p->e = 0;
    p->wait_ms = 0;
    p->timeout_pc = NULL;
    p->wait_until_ns = 0;
    p->bif_stack = 0;
    p->output_bytes = 0;
    p->result = p->exc_class = p->exc_reason = p->exc_stack = HL_NIL;
    p->rand_state = HL_NIL;    /* a new call's process is unseeded, as a new process */
    p->dict = HL_NIL;          /* and its dictionary is empty */
    p->proc_starter = HL_NIL;
    if (p->drop_tags) {
        hl_mem_free(p->drop_tags);
        p->drop_tags = NULL;
    }
    p->n_drop_tags = p->drop_next = 0;
    p->last_now_us = 0;
    p->det_rng = p->det_seed;  /* and a deterministic one replays its stream */
    p->state = HL_PS_NEW;
}

static bool save_regs(hl_vm_proc *p, const hl_term *x, uint32_t n);

/* Test builds: the words a parked process keeps (its heap block and its
 * stack) are overwritten with a boxed pointer to an address nothing maps,
 * so a later run that read a recycled word before writing it (a bug: see
 * hl_vm_proc_park) would fault at once instead of quietly seeing the
 * previous run's terms. Release builds rely on that invariant alone. */
#ifdef HL_TEST_HOOKS
static void poison_words(hl_term *w, size_t n) {
    const hl_term poison = hl_make_boxed((hl_term *)(uintptr_t)0x5ec0dead0000u);
    for (size_t i = 0; i < n; i++) w[i] = poison;
}
#endif

/* Words of heap block and stack past a new process's. */
static inline uint64_t warm_words(const hl_vm_proc *p) {
    size_t block = (size_t)(p->heap.block_end - p->heap.start);
    return (block > HL_HEAP_DEFAULT_WORDS ? block - HL_HEAP_DEFAULT_WORDS : 0) +
           (p->stack_cap > HL_VM_STACK_INIT ? p->stack_cap - HL_VM_STACK_INIT : 0);
}

uint64_t hl_vm_proc_park(hl_vm_proc *p) {
    hl_vm_limits none = {1, UINT64_MAX, 0, 0};
    hl_vm_proc_reset(p, &none);
    (void)save_regs(p, NULL, 0);
    memset(&p->probe, 0, sizeof p->probe);
    p->binding_hook = NULL;
    p->binding_ctx = NULL;
    p->interrupt = NULL;
    p->output = NULL;
    p->output_cap = UINT64_MAX;
    hl_vm_set_env(p, 0, false, 0);
    p->heap.flags &= ~(unsigned)HL_HEAP_GC_ALWAYS;
#ifdef HL_TEST_HOOKS
    poison_words(p->heap.start, (size_t)(p->heap.block_end - p->heap.start));
    poison_words(p->stack, p->stack_cap);
#endif
    return p->warm_bytes = warm_words(p) * sizeof(hl_term);
}

uint64_t hl_vm_proc_warm_bytes(const hl_vm_proc *p) { return p->warm_bytes; }

bool hl_vm_proc_shrink(hl_vm_proc *p) {
    hl_heap *h = &p->heap;
    if (h->block_end - h->start != HL_HEAP_DEFAULT_WORDS) {
        hl_term *b = hl_mem_alloc(HL_HEAP_DEFAULT_WORDS * sizeof(hl_term));
        if (!b) return false;
        hl_mem_free(h->start);
        h->start = h->top = h->hwm = b;
        h->end = h->block_end = b + HL_HEAP_DEFAULT_WORDS;
        h->peak_bytes = HL_HEAP_DEFAULT_WORDS * sizeof(hl_term);
    }
    if (p->stack_cap != HL_VM_STACK_INIT) {
        hl_term *s = hl_mem_realloc_array(p->stack, HL_VM_STACK_INIT, sizeof *s);
        if (!s) return false;
        p->stack = s;
        p->stack_cap = HL_VM_STACK_INIT;
    }
    p->warm_bytes = 0;
    return true;
}

bool hl_vm_proc_unpark(hl_vm_proc *p, const hl_vm_limits *lim) {
    uint64_t max = lim->max_heap_bytes;
    if (lim->max_reductions == 0 || max == 0) return false;
    uint64_t stack_bytes = p->stack_cap * sizeof(hl_term);
    /* A warm footprint only for a limit with room for it eight times over:
     * a run near its limit then starts as a new process would (within an
     * eighth), not charged for a stack some earlier run grew. */
    if (p->warm_bytes &&
        2 * (uint64_t)(p->heap.block_end - p->heap.start) * sizeof(hl_term) + stack_bytes > max / 8)
        return false;
    /* the admission checks of hl_vm_proc_new and hl_heap_init (for a new
     * one's block: a larger one passed the check above, and a smaller one a
     * collection near the limit left counts as a new one's, so a limit a
     * new process is refused is refused here too) */
    if (stack_bytes >= max || HL_HEAP_DEFAULT_WORDS > (max - stack_bytes) / (2 * sizeof(hl_term))) return false;
    p->max_reds = lim->max_reductions;
    p->max_heap = max;
    p->deadline_ns = lim->deadline_ns;
    p->timeout_ns = lim->deadline_ns ? 0 : lim->timeout_ns;
    p->heap.limit_bytes = max - stack_bytes;
    return true;
}

void hl_vm_set_interrupt(hl_vm_proc *p, const volatile _Atomic int *flag) { p->interrupt = flag; }

void hl_vm_proc_free(hl_vm_proc *p) {
    if (!p) return;
    /* a world frees what a process's links and monitors hold first
     * (vm_world.c); these are for a process freed on an error path */
    hl_mem_free(p->act.links);
    hl_mem_free(p->act.mon_out);
    hl_mem_free(p->act.mon_in);
    hl_mem_free(p->drop_tags);
    hl_heap_free(&p->heap);
    hl_mem_free(p->stack);
    if (p->xsave != p->xsave_small) hl_mem_free(p->xsave);
    hl_vm_mailbox_free(&p->mbox);
    hl_vm_trap_release(p, false); /* a builtin stopped between quanta */
    hl_mem_free(p);
}

hl_heap *hl_vm_proc_heap(hl_vm_proc *p) { return &p->heap; }

/* Keeps x[0..n) in p->xsave: the process's own small buffer, or one grown
 * as needed (given back when n is 0 and it is large). */
static bool save_regs(hl_vm_proc *p, const hl_term *x, uint32_t n) {
    if (n == 0) {
        /* a small buffer is kept for the next call of a warm process */
        if (p->xsave != p->xsave_small && p->xcap > 16) {
            hl_mem_free(p->xsave);
            p->xsave = p->xsave_small;
            p->xcap = HL_VM_XSAVE_SMALL;
        }
        p->nlive = 0;
        return true;
    }
    if (n > p->xcap) {
        uint32_t cap = n < 16 ? 16 : n;
        /* the old contents need not move: all n are written below */
        hl_term *nx = p->xsave == p->xsave_small ? hl_mem_alloc((size_t)cap * sizeof *nx)
                                                 : hl_mem_realloc_array(p->xsave, cap, sizeof *nx);
        if (!nx) return false;
        p->xsave = nx;
        p->xcap = cap;
    }
    for (uint32_t i = 0; i < n; i++) p->xsave[i] = x[i]; /* n is small: no memcpy call */
    p->nlive = n;
    return true;
}

/* Points p at prog's function fn, above a sentinel frame of size 0 at the
 * bottom of the stack: frame-chain walks need no "is this the first frame"
 * test (see deallocate). Its arguments are saved already. */
static inline void enter_function(hl_vm_proc *p, const hl_program *prog, uint32_t fn) {
    p->pc = hl_program_entry(prog, fn); /* (a stdlib function's stub until it is translated) */
    p->cp = p->halt;
    p->stack[0] = hl_make_handle_immed(HL_VM_H_CP, (uint64_t)(uintptr_t)p->halt);
    p->stack[1] = hl_make_small(0);
    p->sp = 2;
    p->e = 0;
    p->state = HL_PS_READY;
}

bool hl_vm_start(hl_vm_proc *p, uint32_t fn, const hl_term *args, uint32_t nargs) {
    if (!p) return false;
    const hl_program *prog = p->prog;
    /* a warm call's common case (hl_vm_start_at's, without the check for
     * a linked program's function): the arguments fit the process's own
     * small buffer */
    if (p->state != HL_PS_NEW || fn >= prog->n_functions || prog->funcs[fn].arity != nargs || nargs > p->xlim ||
        nargs > HL_VM_XSAVE_SMALL || p->xsave != p->xsave_small)
        return hl_vm_start_at(p, prog, fn, args, nargs);
    for (uint32_t i = 0; i < nargs; i++) p->xsave_small[i] = args[i];
    p->nlive = nargs;
    enter_function(p, prog, fn);
    return true;
}

bool hl_vm_start_at(hl_vm_proc *p, const hl_program *prog, uint32_t fn, const hl_term *args, uint32_t nargs) {
    if (!p || p->state != HL_PS_NEW || !prog || (prog != p->prog && !hl_program_links(p->prog, prog)) ||
        fn >= prog->n_functions || prog->funcs[fn].arity != nargs || nargs > p->xlim)
        return false;
    if (nargs && !save_regs(p, args, nargs)) return false;
    enter_function(p, prog, fn);
    return true;
}

hl_term hl_vm_result(const hl_vm_proc *p) { return p->result; }
void hl_vm_exception(const hl_vm_proc *p, hl_term *cls, hl_term *reason, hl_term *stack) {
    *cls = p->exc_class, *reason = p->exc_reason, *stack = p->exc_stack;
}
uint64_t hl_vm_reductions(const hl_vm_proc *p) { return p->reds_used; }

uint64_t hl_vm_peak_bytes(const hl_vm_proc *p) {
    uint64_t b = hl_heap_bytes(&p->heap);
    if (p->heap.peak_bytes > b) b = p->heap.peak_bytes;
    /* the heap's peak and the stack's size now need not be simultaneous, so
     * their sum may overstate; what the accounting enforces (heap + stack
     * within max_heap at every moment) bounds it */
    b += (uint64_t)p->stack_cap * sizeof(hl_term);
    return b < p->max_heap ? b : p->max_heap;
}

uint64_t hl_vm_output_bytes(const hl_vm_proc *p) { return p->output_bytes; }

void hl_vm_usage_reset(hl_vm_proc *p) { p->heap.peak_bytes = hl_heap_bytes(&p->heap); }
uint64_t hl_vm_clock_elapsed_ns(const hl_vm_proc *p) { return p->clock0_ns ? hl_vm_now_ns() - p->clock0_ns : 0; }
int64_t hl_vm_wait_ms(const hl_vm_proc *p) { return p->wait_ms; }
bool hl_vm_timeout_fired(hl_vm_proc *p) {
    if (!p || p->state != HL_PS_WAIT || !p->timeout_pc) return false;
    p->pc = p->timeout_pc;
    p->timeout_pc = NULL;
    p->state = HL_PS_READY;
    return true;
}

hl_vm_status hl_vm_finish(hl_vm_proc *p, const hl_term *x, hl_vm_status st) {
    switch (st) {
    case HL_VM_YIELD: p->state = HL_PS_READY; break;
    case HL_VM_WAIT: p->state = HL_PS_WAIT; break;
    case HL_VM_DONE: p->state = HL_PS_DONE; break;
    case HL_VM_EXCEPTION: p->state = HL_PS_EXC; break;
    default: p->state = HL_PS_FAULT; break;
    }
    if (st == HL_VM_YIELD || st == HL_VM_WAIT) {
        if (!save_regs(p, x, p->nlive)) {
            p->state = HL_PS_FAULT;
            return HL_VM_FAULT_NOMEM;
        }
    } else {
        (void)save_regs(p, x, 0); /* finished: the registers are dead */
    }
    return st;
}

/* ---- reductions ----------------------------------------------------------- */

/* Adds what the current chunk used (and any builtin cost it could not
 * pay) to the total, which never exceeds max_reductions. */
static void account(hl_vm_proc *p, uint64_t reds_left) {
    p->reds_used += p->chunk - reds_left + p->reds_debt;
    if (p->reds_used > p->max_reds) p->reds_used = p->max_reds;
    p->reds_debt = 0;
    p->chunk = 0;
}

void hl_vm_arm_deadline(hl_vm_proc *p) {
    if (p->deadline_ns || !p->timeout_ns) return;
    p->clock0_ns = hl_vm_now_ns();
    p->deadline_ns = p->clock0_ns + p->timeout_ns;
    p->timeout_ns = 0;
}

hl_vm_status hl_vm_refill(hl_vm_proc *p, uint64_t *reds, uint64_t *budget) {
    bool chunk_ended = p->chunk != 0; /* not the run's first refill */
    account(p, *reds);
    *reds = 0;
    if (p->reds_used >= p->max_reds) return HL_VM_FAULT_REDUCTIONS;
    if (p->deadline_ns) {
        if (hl_vm_now_ns() >= p->deadline_ns) return HL_VM_FAULT_DEADLINE;
    } else if (p->timeout_ns && chunk_ended) {
        /* the end of the run's first chunk: the deadline starts now. The
         * first chunk (at most HL_VM_DEADLINE_EVERY reductions) reads no
         * clock, so a call that ends within it (most host calls) costs no
         * clock read; the deadline comes at most one chunk late, as every
         * deadline check does. */
        hl_vm_arm_deadline(p);
    }
    if (p->interrupt && atomic_load_explicit(p->interrupt, memory_order_relaxed)) return HL_VM_FAULT_INTERRUPT;
    /* *budget: reductions left in this slice; UINT64_MAX when unsliced. */
    if (*budget == 0) return HL_VM_YIELD;
    uint64_t c = p->max_reds - p->reds_used;
    if (*budget < c) c = *budget;
    if ((p->deadline_ns || p->timeout_ns || p->interrupt) && c > HL_VM_DEADLINE_EVERY) c = HL_VM_DEADLINE_EVERY;
    *budget -= c;
    *reds = c;
    p->chunk = c;
    return HL_VM_CONTINUE;
}

bool hl_vm_probe_enabled(void) {
#ifdef HL_TEST_HOOKS
    return true;
#else
    return false;
#endif
}

void hl_vm_probe_bif(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term_status ts, uint64_t t0_ns) {
    uint64_t ns = hl_vm_probe_now_ns() - t0_ns;
    hl_vm_bif_probe *pr = &p->probe;
    if (p->bif_cost > pr->max_cost) pr->max_cost = p->bif_cost, pr->max_cost_fn = fn;
    if (ns > pr->max_ns) pr->max_ns = ns, pr->max_ns_fn = fn;
    (void)ts;
}

void hl_vm_account(hl_vm_proc *p, uint64_t reds, uint64_t budget) {
    (void)budget;
    account(p, reds);
}

/* ---- memory --------------------------------------------------------------- */

/* Minor collections need not scan the part of a deep stack that cannot
 * point into the young generation. Only the current (topmost) frame's slots
 * are ever written, and allocate writes every word of a new frame, so a
 * frame can change only while it is on top. Every collection marks the CP
 * word of each frame pushed since the previous one (a distinct subtag, same
 * payload; walking down from the top to the first frame already marked).
 * At the next collection the topmost marked frame has not been popped since
 * it was marked, so no frame below it has been on top since then: those
 * frames are unchanged since before the previous collection, which left
 * them pointing only to old objects or to young ones that this collection
 * promotes. After this collection they are therefore old-only (stack_clean)
 * and the following minor collection skips whatever part of them is still
 * below the topmost marked frame then. After a major collection everything
 * is old, so all frames below the current one are clean. */
static bool cp_marked(hl_term w) {
    return hl_is_handle_immed(w) && hl_handle_immed_subtag(w) == HL_VM_H_CP_MARK;
}

/* Base of the topmost frame whose CP word is marked (0: none). */
static size_t topmost_marked(const hl_vm_proc *p) {
    for (size_t top = p->sp; top >= 2;) {
        size_t base = top - 2 - (size_t)hl_small_val(p->stack[top - 1]);
        if (cp_marked(p->stack[top - 2])) return base;
        top = base;
    }
    return 0;
}

static void mark_new_frames(hl_vm_proc *p) {
    for (size_t top = p->sp; top >= 2;) {
        hl_term *cpw = &p->stack[top - 2];
        if (cp_marked(*cpw)) return;
        *cpw = hl_make_handle_immed(HL_VM_H_CP_MARK, hl_handle_immed_payload(*cpw));
        top -= 2 + (size_t)hl_small_val(p->stack[top - 1]);
    }
}

static hl_vm_status gc_inner(hl_vm_proc *p, hl_term *x, uint32_t live, size_t need, hl_term *extra, size_t nextra) {
#ifdef HL_TEST_HOOKS
    if (p->trap.fn) p->probe.gcs_mid_trap++;
#endif
    size_t unchanged = topmost_marked(p);
    size_t skip = p->stack_clean < unchanged ? p->stack_clean : unchanged;
    uint64_t majors = p->heap.gc_major_count, collections = p->heap.gc_count;
    hl_roots r[9] = {{x, live},
                     {p->stack, p->sp},
                     {extra, nextra},
                     {p->mbox.msgs, p->mbox.n},
                     {p->trap.t, HL_VM_TRAP_TERMS},
                     {p->trap.roots, p->trap.nroots},
                     {p->trap.frag ? p->trap.frag->data + p->trap.frag_root_off : NULL, p->trap.frag_filled},
                     {&p->rand_state, 1},
                     {&p->dict, 1}};
    hl_term_status st = hl_heap_gc_skip(&p->heap, need, r, 9, 1, skip);
    if (p->heap.gc_count == collections) p->stack_clean = 0; /* nothing ran (out of memory) */
    else p->stack_clean = p->heap.gc_major_count != majors ? p->e : unchanged;
    mark_new_frames(p);
    for (uint32_t i = live; i < p->xlim; i++) x[i] = HL_NIL;
#ifdef HL_TEST_HOOKS
    /* Test mode (a collection at every allocation, HL_TEST_GC_ALWAYS): the
     * deadline is looked at after every collection, not only every
     * HL_VM_DEADLINE_EVERY reductions, which with a full collection per
     * allocation can take minutes (io_big_p: 6 min past a 10 s deadline). */
    if (st == HL_TERM_OK && (p->heap.flags & HL_HEAP_GC_ALWAYS)) hl_vm_arm_deadline(p);
    if (st == HL_TERM_OK && (p->heap.flags & HL_HEAP_GC_ALWAYS) && p->deadline_ns &&
        hl_vm_now_ns() >= p->deadline_ns)
        return HL_VM_FAULT_DEADLINE;
#endif
    if (st == HL_TERM_OK) return HL_VM_CONTINUE;
    return hl_vm_heap_fault(st);
}

/* Test builds: the time collections take is kept apart (p->probe.gc_ns),
 * so the probe of an instruction that collects inside (the map
 * instructions) can leave it out, as the builtins' probe does. */
hl_vm_status hl_vm_gc(hl_vm_proc *p, hl_term *x, uint32_t live, size_t need, hl_term *extra, size_t nextra) {
#ifdef HL_TEST_HOOKS
    uint64_t t0 = hl_vm_probe_now_ns();
    hl_vm_status st = gc_inner(p, x, live, need, extra, nextra);
    p->probe.gc_ns += hl_vm_probe_now_ns() - t0;
    return st;
#else
    return gc_inner(p, x, live, need, extra, nextra);
#endif
}

hl_vm_status hl_vm_grow_stack(hl_vm_proc *p, size_t words) {
    size_t want, ncap = p->stack_cap * 2, bytes;
    if (!hl_size_add(p->sp, words, &want)) return HL_VM_FAULT_HEAP;
    if (ncap < want) ncap = want;
    /* a yielding builtin's root stack (vm_trap.c) is counted with the stack */
    size_t roots = hl_vm_trap_roots_charged(p);
    if (!hl_size_mul(ncap, sizeof(hl_term), &bytes) || !hl_size_add(bytes, roots, &bytes)) return HL_VM_FAULT_HEAP;
    /* The stack is charged to the heap limit: heap + stack <= max_heap. */
    if (bytes >= p->max_heap || hl_heap_charged(&p->heap) > p->max_heap - bytes) {
        /* A smaller step may still fit. */
        if (!hl_size_mul(want, sizeof(hl_term), &bytes) || !hl_size_add(bytes, roots, &bytes) || bytes >= p->max_heap ||
            hl_heap_charged(&p->heap) > p->max_heap - bytes)
            return HL_VM_FAULT_HEAP;
        ncap = want;
    }
    hl_term *ns = hl_mem_realloc_array(p->stack, ncap, sizeof *ns);
    if (!ns) return HL_VM_FAULT_NOMEM;
    p->stack = ns;
    p->stack_cap = ncap;
    p->heap.limit_bytes = p->max_heap - bytes;
    return HL_VM_CONTINUE;
}

/* ---- exceptions --------------------------------------------------------------- */

enum { TRACE_ENTRY_WORDS = 5 + 2 + 3 + 2 }; /* {M,F,A,Loc} + [_] + {line,L} + list cell */

static hl_term *bump(hl_vm_proc *p, size_t n) { return hl_heap_bump(&p->heap, n); }

static hl_term tuple2(hl_vm_proc *p, hl_term a, hl_term b) {
    hl_term *t = bump(p, 3);
    t[0] = hl_make_header(HL_SUB_TUPLE, 2), t[1] = a, t[2] = b;
    return hl_make_boxed(t);
}

static hl_term args_list(hl_vm_proc *p, const hl_term *x, uint32_t n) {
    hl_term l = HL_NIL;
    for (uint32_t i = n; i-- > 0;) {
        hl_term *c = bump(p, 2);
        c[0] = x[i], c[1] = l;
        l = hl_make_cons(c);
    }
    return l;
}

/* One stack-trace entry for code word `off` of module `pg` (a return
 * address when `ret`); args != HL_NONE: the arguments instead of the arity. */
static hl_term trace_entry(hl_vm_proc *p, const hl_program *pg, uint32_t off, bool ret, hl_term args) {
    int64_t f = hl_program_fn_at(pg, off);
    uint32_t line = hl_program_line_at(pg, ret && off > 0 ? off - 1 : off);
    hl_term loc = HL_NIL;
    if (line) {
        hl_term *c = bump(p, 2);
        c[0] = tuple2(p, pg->am_line, hl_make_small(line)), c[1] = HL_NIL;
        loc = hl_make_cons(c);
    }
    hl_term *t = bump(p, 5);
    t[0] = hl_make_header(HL_SUB_TUPLE, 4);
    t[1] = pg->fn_modules[f];
    t[2] = pg->fn_names[f];
    t[3] = args != HL_NONE ? args : hl_make_small(pg->funcs[f].arity);
    t[4] = loc;
    return hl_make_boxed(t);
}

/* The module (of those the process's program links) holding code address
 * `ptr`, and the word's offset in it. */
static const hl_program *code_ptr(const hl_vm_proc *p, const hl_tword *ptr, uint32_t *off) {
    const hl_program *pg = hl_program_of_code(p->prog, ptr);
    /* a behaviour's process runs a stdlib module's program that does not
     * link the guest's modules it calls back: look in the world's */
    if (!pg && p->world) pg = hl_vm_world_code(p, ptr);
    if (pg) *off = (uint32_t)(ptr - pg->code);
    return pg;
}

/* Builds [entry] for the raising pc, the cp register (when it is a caller
 * rather than a stale return point in the same function) and each frame's
 * saved continuation, at most HL_VM_TRACE_DEPTH entries. Heap reserved. */
static hl_term build_trace(hl_vm_proc *p, hl_term top_args) {
    const hl_program *mods[HL_VM_TRACE_DEPTH];
    uint32_t offs[HL_VM_TRACE_DEPTH];
    bool ret[HL_VM_TRACE_DEPTH];
    unsigned n = 0;
    uint32_t off;
    const hl_program *m;
    if ((m = code_ptr(p, p->pc, &off)) != NULL) mods[n] = m, offs[n] = off, ret[n++] = false;
    int64_t cur = n ? hl_program_fn_at(mods[0], offs[0]) : -1;
    if (n < HL_VM_TRACE_DEPTH && (m = code_ptr(p, p->cp, &off)) != NULL &&
        !(n && m == mods[0] && hl_program_fn_at(m, off) == cur))
        mods[n] = m, offs[n] = off, ret[n++] = true;
    for (size_t top = p->sp; top > 2 && n < HL_VM_TRACE_DEPTH;) {
        size_t fsz = (size_t)hl_small_val(p->stack[top - 1]);
        const hl_tword *c = (const hl_tword *)(uintptr_t)hl_handle_immed_payload(p->stack[top - 2]);
        /* (skipping a duplicate of the cp register) */
        if ((m = code_ptr(p, c, &off)) != NULL && !(n && ret[n - 1] && mods[n - 1] == m && offs[n - 1] == off))
            mods[n] = m, offs[n] = off, ret[n++] = true;
        top -= fsz + 2;
    }
    hl_term list = HL_NIL;
    for (unsigned i = n; i-- > 0;) {
        hl_term e = trace_entry(p, mods[i], offs[i], ret[i], i == 0 ? top_args : HL_NONE);
        hl_term *c = bump(p, 2);
        c[0] = e, c[1] = list;
        list = hl_make_cons(c);
    }
    return list;
}

/* Stack words an unwind scans per reduction it charges: a throw through
 * 100,000 frames (~0.3 ms) was one reduction; now it is ~100,000. */
#define UNWIND_WORDS_PER_RED 4

/* Finds the innermost catch mark and unwinds to it. The gate makes nested
 * handlers in one frame use increasing y slots, so the first mark found
 * scanning down from the stack top is the innermost one. The scan is
 * charged (straight to reds_used: the next preemption point sees it). */
static bool unwind(hl_vm_proc *p) {
    if (p->catches == 0) return false;
    size_t at = p->sp;
    while (at > 2) {
        hl_term w = p->stack[at - 1];
        if (hl_is_handle_immed(w) && hl_handle_immed_subtag(w) == HL_VM_H_CATCH) break;
        at--;
    }
    p->reds_used += (p->sp - at) / UNWIND_WORDS_PER_RED;
    if (at <= 2) return false;
    size_t mark = at - 1;
    for (size_t top = p->sp; top > 2;) {
        size_t fsz = (size_t)hl_small_val(p->stack[top - 1]);
        size_t e = top - 2 - fsz;
        if (mark >= e && mark < e + fsz) {
            p->sp = top;
            p->e = e;
            p->pc = (const hl_tword *)(uintptr_t)hl_handle_immed_payload(p->stack[mark]);
            return true;
        }
        top = e;
    }
    return false;
}

/* Reserves `need` words with x[0..live) and extra[] as roots. */
static hl_vm_status reserve(hl_vm_proc *p, hl_term *x, uint32_t live, size_t need, hl_term *extra, size_t n) {
    if (p->heap.top <= p->heap.end && (size_t)(p->heap.end - p->heap.top) >= need) return HL_VM_CONTINUE;
    return hl_vm_gc(p, x, live, need, extra, n);
}

/* The common raise: reason may get wrapped as {tag, reason}; args_n > 0
 * puts x0..x(args_n-1) in the top trace entry (function_clause). */
static hl_vm_status raise_full(hl_vm_proc *p, hl_term *x, hl_term cls, hl_term reason, hl_term stack,
                               hl_term tag, uint32_t args_n) {
    hl_term r[3] = {cls, reason, stack};
    size_t need = 3 + 2 * (size_t)args_n + (stack == HL_NONE ? HL_VM_TRACE_DEPTH * TRACE_ENTRY_WORDS : 0);
    hl_vm_status st = reserve(p, x, args_n, need, r, 3);
    if (st != HL_VM_CONTINUE) return st;
    cls = r[0], reason = r[1], stack = r[2];
    if (tag != HL_NONE) reason = tuple2(p, tag, reason);
    if (stack == HL_NONE) stack = build_trace(p, args_n ? args_list(p, x, args_n) : HL_NONE);
    p->exc_class = cls, p->exc_reason = reason, p->exc_stack = stack;
    if (!unwind(p)) return HL_VM_EXCEPTION;
    x[0] = HL_NONE, x[1] = cls, x[2] = reason, x[3] = stack;
    for (unsigned i = 4; i < p->xlim; i++) x[i] = HL_NIL;
    return HL_VM_CONTINUE;
}

hl_vm_status hl_vm_raise(hl_vm_proc *p, hl_term *x, hl_term cls, hl_term reason, hl_term stack) {
    return raise_full(p, x, cls, reason, stack, HL_NONE, 0);
}

hl_vm_status hl_vm_raise_tagged(hl_vm_proc *p, hl_term *x, hl_term tag, hl_term v) {
    return raise_full(p, x, HL_AM(error), v, HL_NONE, tag, 0);
}

hl_vm_status hl_vm_raise_not_loaded(hl_vm_proc *p, hl_term *x, hl_term module, hl_term function, uint32_t arity) {
    hl_vm_status st = reserve(p, x, 0, 4, NULL, 0);
    if (st != HL_VM_CONTINUE) return st;
    hl_term *t = bump(p, 4);
    t[0] = hl_make_header(HL_SUB_TUPLE, 3), t[1] = module, t[2] = function, t[3] = hl_make_small(arity);
    return hl_vm_raise_tagged(p, x, HL_AM(internal_error), hl_make_boxed(t));
}

hl_vm_status hl_vm_raise_status(hl_vm_proc *p, hl_term *x, hl_term_status ts) {
    hl_term reason;
    switch ((int)ts) {
    case HL_TERM_BADARITH: reason = HL_AM(badarith); break;
    case HL_TERM_SYSTEM_LIMIT: reason = HL_AM(system_limit); break;
    case HL_VM_BIF_RAISE: {
        hl_term stack = p->bif_stack ? p->bif_stack : HL_NONE;
        p->bif_stack = 0;
        return raise_full(p, x, p->bif_class, p->bif_reason, stack, HL_NONE, 0);
    }
    case HL_TERM_HEAP_LIMIT:
    case HL_TERM_NOMEM:
    case HL_TERM_BUDGET: return hl_vm_fault_status(p, ts); /* no exception: the run stops */
    case HL_VM_BIF_OUTPUT: return HL_VM_FAULT_OUTPUT;
    default: reason = HL_AM(badarg); break;
    }
    return raise_full(p, x, HL_AM(error), reason, HL_NONE, HL_NONE, 0);
}

hl_vm_status hl_vm_raise_function_clause(hl_vm_proc *p, hl_term *x) {
    uint32_t off;
    uint32_t arity = 0;
    const hl_program *m = code_ptr(p, p->pc, &off);
    if (m) arity = m->funcs[hl_program_fn_at(m, off)].arity;
    return raise_full(p, x, HL_AM(error), HL_AM(function_clause), HL_NONE, HL_NONE, arity);
}

hl_vm_status hl_vm_raise_badfun(hl_vm_proc *p, hl_term *x, uint32_t arity) {
    hl_term f = x[arity];
    if (!hl_is_fun(f) || !hl_vm_fun_reachable(p, hl_fun_program(f)))
        return hl_vm_raise_tagged(p, x, HL_AM(badfun), f);
    /* {badarity, {F, Args}} */
    hl_term r[1] = {f};
    hl_vm_status st = reserve(p, x, arity, 3 + 2 * (size_t)arity, r, 1);
    if (st != HL_VM_CONTINUE) return st;
    hl_term v = tuple2(p, r[0], args_list(p, x, arity));
    return hl_vm_raise_tagged(p, x, HL_AM(badarity), v);
}

hl_vm_status hl_vm_catch_value(hl_vm_proc *p, hl_term *x) {
    if (x[1] == HL_AM(throw)) {
        x[0] = x[2];
        return HL_VM_CONTINUE;
    }
    hl_vm_status st = reserve(p, x, 4, 6, NULL, 0);
    if (st != HL_VM_CONTINUE) return st;
    hl_term v = x[1] == HL_AM(exit) ? x[2] : tuple2(p, x[2], x[3]);
    x[0] = tuple2(p, HL_AM(EXIT), v);
    return HL_VM_CONTINUE;
}

/* ---- funs, types, compare ---------------------------------------------------- */

/* A fun names its module; it runs only if that module is one the process's
 * program links, or (in a world) one of the program's modules and what
 * they link: a callback module's fun (erlang:hl_export_fun/3) runs in a
 * behaviour's process, whose own module is the stdlib's. A fun cannot cross
 * the host boundary, so any other is a bug caught here rather than run. */
bool hl_vm_fun_reachable(const hl_vm_proc *p, const hl_program *prog) {
    return prog == p->prog || hl_program_links(p->prog, prog) || hl_vm_world_reaches(p, prog);
}

const hl_tword *hl_vm_fun_entry(const hl_vm_proc *p, hl_term *x, uint32_t arity) {
    hl_term f = x[arity];
    if (!hl_is_fun(f)) return NULL;
    const hl_program *prog = hl_fun_program(f);
    if (!hl_vm_fun_reachable(p, prog)) return NULL;
    const hl_bc_function *fn = &prog->funcs[hl_fun_index(f)];
    size_t k = hl_fun_env_size(f);
    if (fn->arity != arity + k) return NULL;
    const hl_term *env = hl_fun_env(f);
    for (size_t i = 0; i < k; i++) x[arity + i] = env[i];
    return hl_program_entry(prog, (uint32_t)hl_fun_index(f));
}

bool hl_vm_fun_export_info(const void *program, uint64_t index, hl_term *module, hl_term *function,
                           uint32_t *arity) {
    const hl_program *pg = program;
    if (!pg || index >= pg->n_functions) return false;
    *module = pg->fn_modules[index];
    *function = pg->fn_names[index];
    *arity = pg->funcs[index].arity;
    return true;
}

bool hl_vm_is_fun_arity(const hl_vm_proc *p, hl_term f, uint32_t arity) {
    if (!hl_is_fun(f)) return false;
    const hl_program *prog = hl_fun_program(f);
    if (!hl_vm_fun_reachable(p, prog)) return false;
    return prog->funcs[hl_fun_index(f)].arity == arity + hl_fun_env_size(f);
}

bool hl_vm_is_binary(hl_term t) {
    if (!hl_is_binary_obj(t)) return false;
    const unsigned char *b;
    uint64_t off, bits;
    hl_bitstring_view(t, &b, &off, &bits);
    return bits % 8 == 0;
}

hl_term_status hl_vm_cmp(hl_vm_proc *p, hl_term a, hl_term b, bool exact, int *r) {
    (void)p;
    uint64_t budget = 1u << 20;
    *r = 0;
    return hl_term_compare(a, b, exact, &budget, r);
}

hl_vm_status hl_vm_fault_status(hl_vm_proc *p, hl_term_status ts) {
    switch ((int)ts) {
    case HL_TERM_HEAP_LIMIT: return HL_VM_FAULT_HEAP;
    case HL_TERM_BUDGET:
        /* the fault reported is the reduction limit's, so the count says so */
        p->reds_used = p->max_reds;
        return HL_VM_FAULT_REDUCTIONS;
    default: return HL_VM_FAULT_NOMEM;
    }
}
