/* vm_world.c — the process set of one run (vm_world.h, docs/actors.md):
 * the pid table, the run queue, messages copied between heaps, links,
 * monitors and exit signals with OTP's semantics, registered names, the
 * timer heap, and the scheduler loop that runs every process in slices in
 * the caller's thread. Deaths are handled from a worklist, never by C
 * recursion, so a chain of a million linked processes unwinds in constant
 * C stack. */
#define _POSIX_C_SOURCE 200809L
#include "vm/vm_world.h"

#include <errno.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "base/mem.h"
#include "term/atom.h"
#include "term/copy.h"
#include "vm/vm_internal.h"
#include "vm/vm_io.h"
#include "vm/vm_trap.h"
#include "vm/vm_receive.h"
#include "vm/vm_world_ops.h"

/* ---- a small hash map: nonzero uint64 key -> uint64 value ------------------ */

/* A key and its value side by side: a lookup touches one cache line (the
 * pid table of 100,000 processes is megabytes: spawn and send miss it). */
typedef struct hslot {
    uint64_t k, v; /* k 0: empty slot */
} hslot;

typedef struct hmap {
    hslot *slots;
    size_t cap, n; /* cap: a power of two (or 0) */
} hmap;

static size_t hm_slot(uint64_t k, size_t cap) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return (size_t)k & (cap - 1);
}

static bool hm_get(const hmap *m, uint64_t k, uint64_t *v) {
    if (!m->cap) return false;
    for (size_t i = hm_slot(k, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (m->slots[i].k == k) {
            *v = m->slots[i].v;
            return true;
        }
        if (m->slots[i].k == 0) return false;
    }
}

static bool hm_put(hmap *m, uint64_t k, uint64_t v) {
    if ((m->n + 1) * 2 > m->cap) { /* load factor at most 1/2 */
        size_t ncap = m->cap ? m->cap * 2 : 16;
        hslot *ns = hl_mem_calloc(ncap, sizeof *ns);
        if (!ns) return false;
        for (size_t i = 0; i < m->cap; i++)
            if (m->slots[i].k) {
                size_t j = hm_slot(m->slots[i].k, ncap);
                while (ns[j].k) j = (j + 1) & (ncap - 1);
                ns[j] = m->slots[i];
            }
        hl_mem_free(m->slots);
        m->slots = ns, m->cap = ncap;
    }
    size_t i = hm_slot(k, m->cap);
    while (m->slots[i].k && m->slots[i].k != k) i = (i + 1) & (m->cap - 1);
    if (!m->slots[i].k) m->n++;
    m->slots[i] = (hslot){k, v};
    return true;
}

/* Removal with backward shift: no tombstones, so lookups stay short. */
static void hm_del(hmap *m, uint64_t k) {
    if (!m->cap) return;
    size_t i = hm_slot(k, m->cap);
    while (m->slots[i].k != k) {
        if (!m->slots[i].k) return;
        i = (i + 1) & (m->cap - 1);
    }
    m->n--;
    for (size_t j = i;;) {
        m->slots[i].k = 0;
        for (;;) {
            j = (j + 1) & (m->cap - 1);
            if (!m->slots[j].k) return;
            size_t h = hm_slot(m->slots[j].k, m->cap);
            /* move j back to i unless its home lies cyclically in (i, j] */
            if (i <= j ? (i < h && h <= j) : (i < h || h <= j)) continue;
            break;
        }
        m->slots[i] = m->slots[j];
        i = j;
    }
}

static void hm_free(hmap *m) {
    hl_mem_free(m->slots);
    memset(m, 0, sizeof *m);
}

/* ---- the world ------------------------------------------------------------ */

enum { T_SEND, T_TIMEOUT, T_RECV };

/* A timer: erlang:send_after / start_timer (a message to deliver, kept in
 * its own small heap when it is not an immediate) or a waiting receive's
 * `after` (at most one per process, re-armed by each wait). */
typedef struct hl_vm_timer {
    uint64_t when, seq; /* fires at `when`; seq orders timers of the same time */
    size_t idx;         /* position in the heap, SIZE_MAX when not in it */
    int kind;
    uint64_t ref;       /* its reference number (T_SEND / T_TIMEOUT) */
    uint64_t dest;      /* pid number, or 0 with dest_name */
    hl_term dest_name;  /* a registered name, looked up when it fires */
    uint64_t wait_seq;  /* T_RECV: the wait it belongs to */
    hl_term msg;
    hl_heap *heap;      /* holds msg, or NULL */
    uint64_t bytes;     /* counted in the world's timer bytes */
} hl_vm_timer;

struct hl_vm_world {
    hl_vm_world_limits lim;
    hl_vm_proc *first;
    hmap procs;  /* pid -> hl_vm_proc* */
    hmap names;  /* registered name atom -> pid */
    hmap timers; /* reference number -> hl_vm_timer* (T_SEND / T_TIMEOUT) */
    hmap exports; /* hl_vm_world_export's answers: export_key -> function index + 1, 0: none */
    hl_vm_proc *rq_head, *rq_tail; /* run queue (FIFO) */
    hl_vm_proc *dying;             /* deaths to handle (LIFO worklist) */
    hl_vm_timer **th;              /* timer min-heap */
    size_t nth, cth;
    uint64_t timer_seq, timer_bytes;
    uint64_t next_pid, next_ref;
    uint32_t live;
    uint64_t reds;         /* reductions used by every process so far */
    uint64_t out_cap, out_used;
    uint64_t deadline_ns;
    hl_vm_status fault;    /* a world-stopping fault found outside a slice (NOMEM) */
    bool first_over_heap;  /* the first process died of a message past its heap limit */
    bool started;          /* hl_vm_world_step ran once (the deadline is set) */
    hl_vm_status fst;      /* the first process's last slice status */
    uint64_t mem;          /* bytes counted for its processes (act.mem summed) */
    /* x registers any code of the world can name: the most of the first
     * process's and every module's of the program (each covers its import
     * closure, vm/load.h). A spawned process takes it, not only its own
     * module's: a behaviour's process runs code of lib/gen.erl that calls
     * the guest's callbacks, whose registers gen's span need not cover. */
    uint32_t xmax;
    /* the host pseudo-process (hl_vm_world_set_host): pid 0 when none */
    uint64_t host_pid;
    hl_vm_world_host_fn host_fn;
    void *host_ctx;
};

/* ---- what a scope counts (hl_vm_world_budget) ------------------------------- */

static void live_add(hl_vm_world *w, int64_t d) {
    w->live = (uint32_t)((int64_t)w->live + d);
    if (w->lim.budget) atomic_fetch_add_explicit(&w->lim.budget->live, (uint64_t)d, memory_order_relaxed);
}

/* What process_info(P, memory) reports: the struct, heap, stack, mailbox. */
static uint64_t proc_bytes(const hl_vm_proc *p) {
    return sizeof *p + hl_heap_bytes(&p->heap) + p->stack_cap * sizeof(hl_term) + p->mbox.cap * sizeof(hl_term);
}

/* Recounts p's bytes in the world's and the scope's sums. True when the
 * scope is over its memory budget. */
static bool mem_account(hl_vm_world *w, hl_vm_proc *p, uint64_t bytes) {
    int64_t d = (int64_t)bytes - (int64_t)p->act.mem;
    p->act.mem = bytes;
    w->mem = (uint64_t)((int64_t)w->mem + d);
    if (!w->lim.budget) return false;
    uint64_t now = atomic_fetch_add_explicit(&w->lim.budget->mem, (uint64_t)d, memory_order_relaxed) + (uint64_t)d;
    return d > 0 && now > w->lim.budget->max_mem;
}

uint32_t hl_vm_world_live(const hl_vm_world *w) { return w->live; }

uint64_t hl_vm_world_reductions(const hl_vm_world *w) { return w->reds; }

static hl_vm_proc *lookup(hl_vm_world *w, uint64_t pid) {
    uint64_t v;
    return hm_get(&w->procs, pid, &v) ? (hl_vm_proc *)(uintptr_t)v : NULL;
}

hl_vm_proc *hl_vm_world_proc(hl_vm_world *w, hl_term pid) {
    if (!hl_is_handle_immed(pid) || hl_handle_immed_subtag(pid) != HL_HANDLE_PID) return NULL;
    return lookup(w, hl_handle_immed_payload(pid));
}

hl_term hl_vm_pid_term(const hl_vm_proc *p) { return hl_make_handle_immed(HL_HANDLE_PID, p->act.pid); }

static void enqueue(hl_vm_world *w, hl_vm_proc *p) {
    if (p->act.flags & HL_ACT_QUEUED) return;
    p->act.flags |= HL_ACT_QUEUED;
    p->act.next = NULL;
    if (w->rq_tail) w->rq_tail->act.next = p;
    else w->rq_head = p;
    w->rq_tail = p;
}

static hl_vm_proc *dequeue(hl_vm_world *w) {
    hl_vm_proc *p = w->rq_head;
    if (!p) return NULL;
    w->rq_head = p->act.next;
    if (!w->rq_head) w->rq_tail = NULL;
    p->act.next = NULL;
    p->act.flags &= ~(uint32_t)HL_ACT_QUEUED;
    return p;
}

/* ---- timers ----------------------------------------------------------------- */

static bool t_before(const hl_vm_timer *a, const hl_vm_timer *b) {
    return a->when < b->when || (a->when == b->when && a->seq < b->seq);
}

static void th_set(hl_vm_world *w, size_t i, hl_vm_timer *t) {
    w->th[i] = t;
    t->idx = i;
}

static void th_up(hl_vm_world *w, size_t i) {
    hl_vm_timer *t = w->th[i];
    while (i > 0 && t_before(t, w->th[(i - 1) / 2])) {
        th_set(w, i, w->th[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    th_set(w, i, t);
}

static void th_down(hl_vm_world *w, size_t i) {
    hl_vm_timer *t = w->th[i];
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= w->nth) break;
        if (c + 1 < w->nth && t_before(w->th[c + 1], w->th[c])) c++;
        if (!t_before(w->th[c], t)) break;
        th_set(w, i, w->th[c]);
        i = c;
    }
    th_set(w, i, t);
}

static bool th_push(hl_vm_world *w, hl_vm_timer *t) {
    if (w->nth == w->cth) {
        size_t nc = w->cth ? w->cth * 2 : 16;
        hl_vm_timer **nt = hl_mem_realloc_array(w->th, nc, sizeof *nt);
        if (!nt) return false;
        w->th = nt, w->cth = nc;
    }
    t->seq = ++w->timer_seq;
    th_set(w, w->nth++, t);
    th_up(w, w->nth - 1);
    return true;
}

static void th_remove(hl_vm_world *w, hl_vm_timer *t) {
    size_t i = t->idx;
    if (i == SIZE_MAX || i >= w->nth || w->th[i] != t) return;
    t->idx = SIZE_MAX;
    hl_vm_timer *last = w->th[--w->nth];
    if (i == w->nth) return;
    th_set(w, i, last);
    th_up(w, i);
    th_down(w, last->idx);
}

static void timer_free(hl_vm_world *w, hl_vm_timer *t) {
    if (!t) return;
    if (t->heap) {
        hl_heap_free(t->heap);
        hl_mem_free(t->heap);
    }
    w->timer_bytes -= t->bytes;
    hl_mem_free(t);
}

/* ---- actor bookkeeping ---------------------------------------------------- */

static bool grow(void **arr, uint32_t *cap, uint32_t need, size_t elem) {
    if (need <= *cap) return true;
    uint32_t nc = *cap ? *cap * 2 : 4;
    while (nc < need) nc *= 2;
    void *na = hl_mem_realloc_array(*arr, nc, elem);
    if (!na) return false;
    *arr = na;
    *cap = nc;
    return true;
}

static int64_t link_index(const hl_vm_proc *p, uint64_t pid) {
    for (uint32_t i = 0; i < p->act.nlinks; i++)
        if (p->act.links[i] == pid) return i;
    return -1;
}

static bool link_add(hl_vm_proc *p, uint64_t pid) {
    if (link_index(p, pid) >= 0) return true;
    if (!grow((void **)&p->act.links, &p->act.clinks, p->act.nlinks + 1, sizeof *p->act.links)) return false;
    p->act.links[p->act.nlinks++] = pid;
    return true;
}

static void link_del(hl_vm_proc *p, uint64_t pid) {
    int64_t i = link_index(p, pid);
    if (i >= 0) p->act.links[i] = p->act.links[--p->act.nlinks];
}

/* Monitors are host memory a guest makes at will (OTP allows any number
 * on one pair): each side's array counts against half its process's heap
 * limit; past it the monitor call raises system_limit. */
static bool mon_room(const hl_vm_proc *a, const hl_vm_proc *b) {
    return (uint64_t)(a->act.nmon_out + 1) * 2 * sizeof(hl_vm_mon) <= a->max_heap / 2 &&
           (uint64_t)(b->act.nmon_in + 1) * 2 * sizeof(hl_vm_mon) <= b->max_heap / 2;
}

/* Removes the monitor `ref` from arr (order kept: process_info lists them
 * in creation order). True when it was there. */
static bool mon_del(hl_vm_mon *arr, uint32_t *n, uint64_t ref, hl_vm_mon *out) {
    for (uint32_t i = 0; i < *n; i++)
        if (arr[i].ref == ref) {
            if (out) *out = arr[i];
            memmove(arr + i, arr + i + 1, (*n - i - 1) * sizeof *arr);
            (*n)--;
            return true;
        }
    return false;
}

static void actor_clear(hl_vm_proc *p) {
    hl_mem_free(p->act.links);
    hl_mem_free(p->act.mon_out);
    hl_mem_free(p->act.mon_in);
    memset(&p->act, 0, sizeof p->act);
    p->world = NULL;
}

/* ---- messages --------------------------------------------------------------- */

/* Reductions charged per word a message copies (to the sender). */
enum { WORDS_PER_RED = 8 };

/* Appends msg (a term on t's heap or an immediate) to t's mailbox, the
 * queue's array counted against t's heap limit. False: t is over its limit. */
static hl_term_status push_msg(hl_vm_world *w, hl_vm_proc *t, hl_term msg) {
    hl_vm_mailbox *mb = &t->mbox;
    if (mb->n == mb->cap) {
        uint64_t total = (uint64_t)(mb->head + mb->cap);
        uint64_t more = (total ? total : 4) * sizeof(hl_term);
        if (mb->n >= HL_VM_MAILBOX_MAX || hl_heap_charged(&t->heap) + total * sizeof(hl_term) + more >
                                             t->heap.limit_bytes)
            return HL_TERM_HEAP_LIMIT;
    }
    if (!hl_vm_mailbox_push(mb, msg)) return HL_TERM_NOMEM;
    if (t->state == HL_PS_WAIT) {
        t->timeout_pc = NULL;
        t->state = HL_PS_READY;
        enqueue(w, t);
    }
    return HL_TERM_OK;
}

static void kill_proc(hl_vm_world *w, hl_vm_proc *t, hl_term reason);

/* t went over its heap limit receiving a message: it dies with `killed`
 * (OTP's max_heap_size); the first process's death is the run's heap
 * fault, as when it passes the limit itself. */
static void heap_kill(hl_vm_world *w, hl_vm_proc *t) {
    if (t == w->first) w->first_over_heap = true;
    kill_proc(w, t, HL_AM(killed));
}

/* Copies msg into t's heap and queues it. A receiver over its heap limit
 * is killed (reason `killed`, as OTP's max_heap_size); only the allocator
 * failing is an error (NOMEM, the world stops). *words: words copied. */
/* Whether msg is a late reply {Tag, _} to a call of t that timed out
 * (hl_vm_drop_reply): the tag is forgotten, the message dropped. */
static bool dropped_reply(hl_vm_proc *t, hl_term msg) {
    if (!hl_is_boxed(msg)) return false;
    const hl_term *tp = hl_boxed_ptr(msg);
    if (tp[0] != hl_make_header(HL_SUB_TUPLE, 2)) return false;
    for (uint32_t i = 0; i < t->n_drop_tags; i++)
        if (t->drop_tags[i] == tp[1]) {
            t->drop_tags[i] = t->drop_tags[--t->n_drop_tags];
            return true;
        }
    return false;
}

static hl_term_status deliver(hl_vm_world *w, hl_vm_proc *from, hl_vm_proc *t, hl_term msg, uint64_t *words) {
    hl_term m = msg;
    *words = 0;
    if (t->n_drop_tags && dropped_reply(t, msg)) return HL_TERM_OK;
    if (t != from && !hl_is_immed(msg)) {
        /* one walk: the copy's own bound is the receiver's heap limit */
        size_t n = 0;
        hl_term_status st = hl_term_copy_words(&t->heap, msg, &m, &n);
        *words = n;
        if (st == HL_TERM_NOMEM) return st;
        if (st != HL_TERM_OK) {
            heap_kill(w, t);
            return HL_TERM_OK;
        }
    }
    hl_term_status st = push_msg(w, t, m);
    if (st == HL_TERM_HEAP_LIMIT) {
        heap_kill(w, t);
        st = HL_TERM_OK;
    }
    return st;
}

/* Builds {A, B, C} / {A, B, C, D, E} on t's heap (small tuples: a dying or
 * receiving process gets them whatever its limit, a bounded overrun). */
static hl_term_status tuple_on(hl_vm_proc *t, const hl_term *el, size_t n, hl_term *out) {
    uint64_t lim = t->heap.limit_bytes;
    t->heap.limit_bytes = UINT64_MAX;
    hl_term *h;
    hl_term_status st = hl_heap_alloc(&t->heap, n + 1, &h);
    t->heap.limit_bytes = lim;
    if (st != HL_TERM_OK) return st;
    *out = hl_tuple_init(h, n);
    for (size_t i = 0; i < n; i++) h[1 + i] = el[i];
    return HL_TERM_OK;
}

/* A system message (EXIT / DOWN / timeout) to t: the tuple's terms are
 * copied from wherever they live (the dead process's heap, a timer's). */
static hl_term_status system_msg(hl_vm_world *w, hl_vm_proc *t, const hl_term *el, size_t n) {
    hl_term tmp[5];
    for (size_t i = 0; i < n; i++) {
        tmp[i] = el[i];
        if (!hl_is_immed(el[i])) {
            hl_term_status st = hl_term_copy(&t->heap, el[i], &tmp[i]);
            if (st == HL_TERM_NOMEM) return st;
            if (st != HL_TERM_OK) {
                heap_kill(w, t);
                return HL_TERM_OK;
            }
        }
    }
    hl_term msg;
    hl_term_status st = tuple_on(t, tmp, n, &msg);
    if (st != HL_TERM_OK) return st;
    st = push_msg(w, t, msg);
    if (st == HL_TERM_HEAP_LIMIT) {
        heap_kill(w, t);
        st = HL_TERM_OK;
    }
    return st;
}

/* ---- exit signals and deaths ------------------------------------------------ */

/* t dies with reason (a term anywhere: copied into t's heap, which it then
 * keeps until the death is handled). The running process cannot be taken
 * apart under its own feet: it is marked and dies when it next yields (the
 * builtin that got here makes it yield at once). */
static void kill_proc(hl_vm_world *w, hl_vm_proc *t, hl_term reason) {
    if (t->act.flags & (HL_ACT_DYING | HL_ACT_DEAD | HL_ACT_PENDING)) return;
    hl_term r = reason;
    if (!hl_is_immed(reason)) {
        uint64_t lim = t->heap.limit_bytes;
        t->heap.limit_bytes = UINT64_MAX; /* the reason fits some heap under the limit already */
        hl_term_status st = hl_term_copy(&t->heap, reason, &r);
        t->heap.limit_bytes = lim;
        if (st != HL_TERM_OK) {
            if (st == HL_TERM_NOMEM) w->fault = HL_VM_FAULT_NOMEM;
            r = HL_AM(killed);
        }
    }
    t->act.reason = r;
    if (t->act.flags & HL_ACT_RUNNING) {
        /* running now (a builtin of its own sent the signal) */
        t->act.flags |= HL_ACT_PENDING;
        return;
    }
    /* a queued process stays on the run queue (dead: dropped when dequeued) */
    t->act.flags |= HL_ACT_DYING;
    t->act.next_dying = w->dying;
    w->dying = t;
}

/* An exit signal from `from` (pid number) to t with reason; link: it comes
 * from a link (a death), else from exit/2. OTP's rules: */
static hl_term_status exit_signal(hl_vm_world *w, uint64_t from, hl_vm_proc *t, hl_term reason, bool link) {
    if (t->act.flags & (HL_ACT_DYING | HL_ACT_DEAD | HL_ACT_PENDING)) return HL_TERM_OK;
    if (!link && reason == HL_AM(kill)) { /* untrappable */
        kill_proc(w, t, HL_AM(killed));
        return HL_TERM_OK;
    }
    if (t->act.flags & HL_ACT_TRAP) {
        hl_term el[3] = {HL_AM(EXIT), hl_make_handle_immed(HL_HANDLE_PID, from), reason};
        return system_msg(w, t, el, 3);
    }
    if (reason == HL_AM(normal)) {
        /* ignored, except exit(self(), normal), which ends the caller */
        if (!link && from == t->act.pid) kill_proc(w, t, reason);
        return HL_TERM_OK;
    }
    kill_proc(w, t, reason);
    return HL_TERM_OK;
}

/* Frees what a process that left the world holds: all of it, or, while it
 * is still on the run queue, all but the struct (dequeue frees that). */
static void proc_release(hl_vm_world *w, hl_vm_proc *p) {
    if (p->act.recv_timer) {
        th_remove(w, p->act.recv_timer);
        timer_free(w, p->act.recv_timer);
        p->act.recv_timer = NULL;
    }
    if (p == w->first) return; /* the caller reads its outcome; hl_vm_world_free clears it */
    if (p->act.flags & HL_ACT_QUEUED) {
        /* a builtin's unfinished state goes now (a listing's open
         * directory, vm/bif_file.c): the process never runs again */
        if (p->trap.fn || p->trap.buf) (void)hl_vm_trap_end(p, HL_TERM_OK);
        hl_mem_free(p->act.links), p->act.links = NULL, p->act.nlinks = 0;
        hl_mem_free(p->act.mon_out), p->act.mon_out = NULL, p->act.nmon_out = 0;
        hl_mem_free(p->act.mon_in), p->act.mon_in = NULL, p->act.nmon_in = 0;
        return;
    }
    actor_clear(p);
    hl_vm_proc_free(p);
}

/* Handles every death on the worklist: links get exit signals (which may
 * add deaths), monitors get DOWN messages, the name is freed. The reason
 * lives on the dead process's heap until its death is handled. */
static hl_term_status reap(hl_vm_world *w) {
    hl_term_status st = HL_TERM_OK;
    while (w->dying) {
        hl_vm_proc *p = w->dying;
        w->dying = p->act.next_dying;
        p->act.next_dying = NULL;
        p->act.flags = (p->act.flags & ~(uint32_t)HL_ACT_DYING) | HL_ACT_DEAD;
        hm_del(&w->procs, p->act.pid);
        live_add(w, -1);
        mem_account(w, p, 0);
        if (p->act.name) hm_del(&w->names, p->act.name), p->act.name = 0;
        hl_term reason = p->act.reason;
        hl_term self = hl_vm_pid_term(p);
        /* every link, monitor and message below is work: charged */
        w->reds += 1 + p->act.nlinks + p->act.nmon_in + p->act.nmon_out;
        for (uint32_t i = 0; i < p->act.nlinks; i++) {
            hl_vm_proc *t = lookup(w, p->act.links[i]);
            if (!t) continue;
            w->reds += t->act.nlinks / 16; /* the scan of its links */
            link_del(t, p->act.pid);
            st = exit_signal(w, p->act.pid, t, reason, true);
            if (st != HL_TERM_OK) goto done;
        }
        for (uint32_t i = 0; i < p->act.nmon_in; i++) {
            hl_vm_mon m = p->act.mon_in[i];
            hl_vm_proc *t = lookup(w, m.pid);
            if (!t) continue;
            w->reds += t->act.nmon_out / 16; /* the scan of its monitors */
            hl_vm_mon own;
            if (!mon_del(t->act.mon_out, &t->act.nmon_out, m.ref, &own)) continue;
            hl_term obj = self;
            if (own.name) {
                hl_term nn[2] = {own.name, HL_AM(nonode_nohost)};
                st = tuple_on(t, nn, 2, &obj);
                if (st != HL_TERM_OK) goto done;
            }
            hl_term el[5] = {own.tag ? own.tag : HL_AM(DOWN), hl_make_handle_immed(HL_HANDLE_REF, m.ref),
                             HL_AM(process), obj, reason};
            st = system_msg(w, t, el, 5);
            if (st != HL_TERM_OK) goto done;
        }
        for (uint32_t i = 0; i < p->act.nmon_out; i++) {
            hl_vm_proc *t = lookup(w, p->act.mon_out[i].pid);
            if (t) w->reds += t->act.nmon_in / 16, mon_del(t->act.mon_in, &t->act.nmon_in, p->act.mon_out[i].ref, NULL);
        }
    done:
        /* (on an allocator failure the world stops: p is out of the pid
         * table, so it is released here or it would be lost) */
        if (p == w->first) {
            /* the run's process was killed: its outcome is exit:Reason */
            p->exc_class = HL_AM(exit);
            p->exc_reason = reason;
            p->exc_stack = HL_NIL;
            if (p->state != HL_PS_DONE && p->state != HL_PS_EXC && p->state != HL_PS_FAULT) p->state = HL_PS_EXC;
        }
        proc_release(w, p);
        if (st != HL_TERM_OK) return st;
    }
    return HL_TERM_OK;
}

/* ---- the operations builtins use (bif_proc.c) -------------------------------- */

hl_vm_world *hl_vm_proc_world(const hl_vm_proc *p) { return p->world; }

/* Charges the running process for work done on its behalf. */
static void charge(hl_vm_proc *p, uint64_t reds) { p->bif_cost += reds; }

/* The running process got an exit signal that kills it: true when the
 * builtin should yield now (it dies at the yield). */
bool hl_vm_world_must_yield(const hl_vm_proc *p) { return (p->act.flags & HL_ACT_PENDING) != 0; }

hl_term_status hl_vm_world_send(hl_vm_proc *p, hl_term dest, hl_term msg) {
    hl_vm_world *w = p->world;
    hl_vm_proc *t;
    if (hl_is_atom(dest)) {
        uint64_t pid;
        if (!hm_get(&w->names, dest, &pid)) return HL_TERM_BADARG;
        t = lookup(w, pid);
    } else if (hl_is_handle_immed(dest) && hl_handle_immed_subtag(dest) == HL_HANDLE_PID) {
        uint64_t n = hl_handle_immed_payload(dest);
        if (w->host_pid && n == w->host_pid) {
            uint64_t words = 0;
            hl_term_status st = w->host_fn(w->host_ctx, p, msg, &words);
            charge(p, 1 + words / WORDS_PER_RED);
            return st;
        }
        t = lookup(w, n);
        if (!t) return HL_TERM_OK; /* a dead process: the message is dropped */
    } else {
        return HL_TERM_BADARG;
    }
    if (!t || (t->act.flags & (HL_ACT_DYING | HL_ACT_DEAD))) return HL_TERM_OK;
    uint64_t words;
    hl_term_status st = deliver(w, p, t, msg, &words);
    charge(p, words / WORDS_PER_RED);
    if (st == HL_TERM_OK) st = reap(w);
    return st;
}

/* The young block a spawned process starts with: many processes only
 * wait and pass small messages (an idle process costs this block, its
 * struct and its stack: bench/README.md "Actors"). The collector grows it
 * for those that do more, to at least SPAWN_HEAP_FLOOR words: a busy
 * process with little live data then does not collect every few words
 * (BEAM starts at 233 words). */
enum { SPAWN_HEAP_WORDS = 16, SPAWN_HEAP_FLOOR = 48 };

/* A new process running Fun() (fun 0-arity; fn < 0) or M:F(Args). */
hl_term_status hl_vm_world_spawn(hl_vm_proc *p, hl_term fun, const hl_program *mprog, int64_t fn, hl_term args,
                                 hl_term undef_reason, bool link, bool monitor, hl_term *out) {
    hl_vm_world *w = p->world;
    if (w->live >= w->lim.max_processes) return HL_TERM_SYSTEM_LIMIT;
    if (w->next_pid >= (UINT64_C(1) << 55) || w->next_ref >= (UINT64_C(1) << 55)) return HL_TERM_SYSTEM_LIMIT;
    hl_vm_world_budget *b = w->lim.budget;
    if (b) {
        /* the scope's processes and memory (a new process's footprint
         * before it runs: its struct, young block and stack) */
        uint64_t need = sizeof(hl_vm_proc) + (SPAWN_HEAP_WORDS + 16) * sizeof(hl_term);
        if (atomic_load_explicit(&b->live, memory_order_relaxed) >= b->max_live ||
            atomic_load_explicit(&b->mem, memory_order_relaxed) + need > b->max_mem)
            return HL_TERM_SYSTEM_LIMIT;
    }
    hl_vm_limits vl = {UINT64_MAX, w->lim.max_heap_bytes, w->deadline_ns, 0};
    /* the child runs the module of its code (a fun's, M's): its x span and
     * linked modules are that module's */
    const hl_program *cprog = undef_reason ? p->prog : fn < 0 ? hl_fun_program(fun) : mprog;
    hl_vm_proc *c = hl_vm_proc_new_sized(cprog, &vl, SPAWN_HEAP_WORDS);
    if (!c) return HL_TERM_NOMEM;
    c->heap.min_words = SPAWN_HEAP_FLOOR;
    if (c->xlim < w->xmax) c->xlim = w->xmax;
    c->world = w;
    c->interrupt = p->interrupt;
    c->output = p->output;
    c->binding_hook = p->binding_hook;
    c->binding_ctx = p->binding_ctx;
    c->host_atoms = p->host_atoms;
    hl_vm_env_inherit(c, p); /* the run's clocks, entropy and profile (vm/bif_time.c) */
    if (p->heap.flags & HL_HEAP_GC_ALWAYS) hl_heap_set_gc_always(&c->heap, true);
    if (p->heap.flags & HL_HEAP_GC_SPARSE_MAJORS) hl_heap_set_gc_sparse_majors(&c->heap, true);
    hl_term_status st = HL_TERM_OK;
    uint64_t words = 0;
    bool started;
    if (undef_reason) {
        /* spawn/3 of a function the module does not export: the process
         * starts and dies with {undef, ...}, as in OTP */
        hl_term r = undef_reason;
        c->state = HL_PS_READY;
        started = true;
        size_t n = 0;
        st = hl_term_size(r, SIZE_MAX, &n);
        if (st == HL_TERM_OK) st = hl_term_copy(&c->heap, r, &r);
        words = n;
        c->act.reason = r;
        c->act.flags |= HL_ACT_PENDING;
    } else if (fn < 0) {
        hl_term f;
        size_t n = 0;
        st = hl_term_copy_words(&c->heap, fun, &f, &n);
        words = n;
        started = st == HL_TERM_OK &&
                  hl_vm_start_at(c, hl_fun_program(f), (uint32_t)hl_fun_index(f), hl_fun_env(f),
                                 (uint32_t)hl_fun_env_size(f));
    } else {
        hl_term a[256];
        uint32_t n = 0;
        hl_term cargs = HL_NIL;
        size_t sz = 0;
        st = hl_term_size(args, (size_t)(w->lim.max_heap_bytes / sizeof(hl_term)), &sz);
        if (st == HL_TERM_OK) st = hl_term_copy(&c->heap, args, &cargs);
        words = sz;
        for (hl_term l = cargs; st == HL_TERM_OK && hl_is_cons(l) && n < 256; l = hl_cdr(l)) a[n++] = hl_car(l);
        started = st == HL_TERM_OK && hl_vm_start_at(c, mprog, (uint32_t)fn, a, n);
    }
    charge(p, 1 + words / WORDS_PER_RED + (link ? p->act.nlinks / 16 : 0)); /* link_add scans */
    if (st != HL_TERM_OK || !started || !hm_put(&w->procs, w->next_pid + 1, (uint64_t)(uintptr_t)c)) {
        hl_vm_proc_free(c);
        return st == HL_TERM_HEAP_LIMIT ? HL_TERM_HEAP_LIMIT : HL_TERM_NOMEM;
    }
    c->act.pid = ++w->next_pid;
    live_add(w, 1);
    mem_account(w, c, proc_bytes(c));
    hl_term pid = hl_vm_pid_term(c);
    if (link && (!link_add(p, c->act.pid) || !link_add(c, p->act.pid))) return HL_TERM_NOMEM;
    if (monitor) {
        uint64_t ref = ++w->next_ref;
        if (!grow((void **)&p->act.mon_out, &p->act.cmon_out, p->act.nmon_out + 1, sizeof(hl_vm_mon)) ||
            !grow((void **)&c->act.mon_in, &c->act.cmon_in, c->act.nmon_in + 1, sizeof(hl_vm_mon)))
            return HL_TERM_NOMEM;
        p->act.mon_out[p->act.nmon_out++] = (hl_vm_mon){ref, c->act.pid, 0, 0};
        c->act.mon_in[c->act.nmon_in++] = (hl_vm_mon){ref, p->act.pid, 0, 0};
        hl_term el[2] = {pid, hl_make_handle_immed(HL_HANDLE_REF, ref)};
        hl_term *h;
        st = hl_heap_alloc(&p->heap, 3, &h);
        if (st != HL_TERM_OK) return st;
        *out = hl_tuple_init(h, 2);
        h[1] = el[0], h[2] = el[1];
    } else {
        *out = pid;
    }
    enqueue(w, c);
    return HL_TERM_OK;
}

const hl_program *hl_vm_world_module(const hl_vm_proc *p, hl_term m) {
    const hl_vm_world *w = p->world;
    for (uint32_t i = 0; i < w->lim.nmods; i++)
        if (w->lim.mods[i]->am_module == m) return w->lim.mods[i];
    return NULL;
}

enum { EXPORTS_KEPT = 1024 };

/* The key of (module index, name, arity) in w->exports: never 0. */
static uint64_t export_key(uint32_t mod, hl_term name, uint32_t arity) {
    return (uint64_t)(mod + 1) << 48 | (uint64_t)arity << 40 | hl_atom_index(name);
}

int64_t hl_vm_world_export(hl_vm_proc *p, hl_term mod, hl_term name, uint32_t arity, const hl_program **m) {
    hl_vm_world *w = p->world;
    uint32_t i = 0;
    while (i < w->lim.nmods && w->lim.mods[i]->am_module != mod) i++;
    if (i == w->lim.nmods) return -1;
    const hl_program *pg = *m = w->lim.mods[i];
    /* remembered answers: a behaviour looks its callbacks up at every
     * start (gen_server: six), and a lookup is a scan of the functions */
    bool keyed = i < 0xffff && arity < 256 && hl_atom_index(name) < (UINT64_C(1) << 40);
    uint64_t key = keyed ? export_key(i, name, arity) : 0, v;
    if (keyed && hm_get(&w->exports, key, &v)) return (int64_t)v - 1;
    int64_t fn = -1;
    /* the module's function names are atoms of the engine's one table, as
     * name is: compared as terms, no name is read */
    for (uint32_t k = 0; k < pg->n_functions; k++)
        if (pg->fn_names[k] == name && pg->funcs[k].arity == arity && (pg->funcs[k].flags & HL_BC_FN_EXPORTED)) {
            fn = k;
            break;
        }
    charge(p, pg->n_functions / 16); /* the scan */
    /* at most EXPORTS_KEPT answers (a guest names the functions of
     * proc_lib:spawn_link/3 and the like: the host memory stays bounded);
     * a failed insert only forgets the answer */
    if (keyed && w->exports.n < EXPORTS_KEPT) (void)hm_put(&w->exports, key, (uint64_t)(fn + 1));
    return fn;
}

bool hl_vm_world_reaches(const hl_vm_proc *p, const hl_program *m) {
    const hl_vm_world *w = p->world;
    if (!w) return false;
    for (uint32_t i = 0; i < w->lim.nmods; i++)
        if (hl_program_links(w->lim.mods[i], m)) return true;
    return false;
}

const hl_program *hl_vm_world_code(const hl_vm_proc *p, const hl_tword *ptr) {
    const hl_vm_world *w = p->world;
    if (!w) return NULL;
    for (uint32_t i = 0; i < w->lim.nmods; i++) {
        const hl_program *m = hl_program_of_code(w->lim.mods[i], ptr);
        if (m) return m;
    }
    return NULL;
}

hl_term_status hl_vm_world_link(hl_vm_proc *p, hl_term pid, bool unlink) {
    hl_vm_world *w = p->world;
    if (!hl_is_handle_immed(pid) || hl_handle_immed_subtag(pid) != HL_HANDLE_PID) return HL_TERM_BADARG;
    uint64_t n = hl_handle_immed_payload(pid);
    hl_vm_proc *t = lookup(w, n);
    charge(p, (p->act.nlinks + (t ? t->act.nlinks : 0)) / 16);
    if (unlink) {
        link_del(p, n);
        if (t) link_del(t, p->act.pid);
        return HL_TERM_OK;
    }
    if (t == p) return HL_TERM_OK;
    if (!t || (t->act.flags & (HL_ACT_DYING | HL_ACT_DEAD))) {
        /* OTP 25: link to a process that does not exist raises noproc
         * when not trapping exits, else an {'EXIT', Pid, noproc} message */
        if (p->act.flags & HL_ACT_TRAP) {
            hl_term el[3] = {HL_AM(EXIT), pid, HL_AM(noproc)};
            return system_msg(w, p, el, 3);
        }
        return HL_VM_WORLD_NOPROC;
    }
    if (!link_add(p, n) || !link_add(t, p->act.pid)) return HL_TERM_NOMEM;
    return HL_TERM_OK; /* (the scans were charged above) */
}

hl_term_status hl_vm_world_exit(hl_vm_proc *p, hl_term pid, hl_term reason) {
    hl_vm_world *w = p->world;
    if (!hl_is_handle_immed(pid) || hl_handle_immed_subtag(pid) != HL_HANDLE_PID) return HL_TERM_BADARG;
    hl_vm_proc *t = lookup(w, hl_handle_immed_payload(pid));
    if (!t) return HL_TERM_OK;
    hl_term_status st = exit_signal(w, p->act.pid, t, reason, false);
    if (st == HL_TERM_OK) st = reap(w);
    return st;
}

hl_term hl_vm_world_make_ref(hl_vm_proc *p) {
    hl_term r = hl_make_handle_immed(HL_HANDLE_REF, ++p->world->next_ref);
    /* the marker a receive on this reference may start at (recv_mark_use) */
    p->mbox.mark = p->mbox.n;
    p->mbox.mark_ref = r;
    return r;
}

hl_term_status hl_vm_world_monitor(hl_vm_proc *p, hl_term target, hl_term *out) {
    return hl_vm_world_monitor_tagged(p, target, 0, out);
}

hl_term_status hl_vm_world_monitor_tagged(hl_vm_proc *p, hl_term target, hl_term tag, hl_term *out) {
    hl_vm_world *w = p->world;
    hl_term name = 0;
    hl_vm_proc *t = NULL;
    if (hl_is_atom(target)) {
        name = target;
        uint64_t pid;
        if (hm_get(&w->names, target, &pid)) t = lookup(w, pid);
    } else if (hl_is_handle_immed(target) && hl_handle_immed_subtag(target) == HL_HANDLE_PID) {
        t = lookup(w, hl_handle_immed_payload(target));
    } else {
        return HL_TERM_BADARG;
    }
    uint64_t ref = ++w->next_ref;
    *out = hl_make_handle_immed(HL_HANDLE_REF, ref);
    if (!t || (t->act.flags & (HL_ACT_DYING | HL_ACT_DEAD))) {
        hl_term obj = target;
        if (name) {
            hl_term nn[2] = {name, HL_AM(nonode_nohost)};
            hl_term_status st = tuple_on(p, nn, 2, &obj);
            if (st != HL_TERM_OK) return st;
        }
        hl_term el[5] = {tag ? tag : HL_AM(DOWN), *out, HL_AM(process), obj, HL_AM(noproc)};
        return system_msg(w, p, el, 5);
    }
    if (t == p) return HL_TERM_OK; /* monitoring oneself: never fires while alive */
    if (!mon_room(p, t)) return HL_TERM_SYSTEM_LIMIT;
    if (!grow((void **)&p->act.mon_out, &p->act.cmon_out, p->act.nmon_out + 1, sizeof(hl_vm_mon)) ||
        !grow((void **)&t->act.mon_in, &t->act.cmon_in, t->act.nmon_in + 1, sizeof(hl_vm_mon)))
        return HL_TERM_NOMEM;
    p->act.mon_out[p->act.nmon_out++] = (hl_vm_mon){ref, t->act.pid, name, tag};
    t->act.mon_in[t->act.nmon_in++] = (hl_vm_mon){ref, p->act.pid, name, tag};
    return HL_TERM_OK;
}

hl_term_status hl_vm_world_demonitor(hl_vm_proc *p, hl_term ref, bool flush, bool *found) {
    hl_vm_world *w = p->world;
    *found = false;
    if (!hl_is_handle_immed(ref) || hl_handle_immed_subtag(ref) != HL_HANDLE_REF) return HL_TERM_BADARG;
    uint64_t r = hl_handle_immed_payload(ref);
    hl_vm_mon m;
    charge(p, p->act.nmon_out / 16);
    if (mon_del(p->act.mon_out, &p->act.nmon_out, r, &m)) {
        *found = true;
        hl_vm_proc *t = lookup(w, m.pid);
        if (t) {
            charge(p, t->act.nmon_in / 16);
            mon_del(t->act.mon_in, &t->act.nmon_in, r, NULL);
        }
    }
    if (flush) {
        /* drop {'DOWN', Ref, _, _, _} messages already queued (or
         * {Tag, Ref, _, _, _} of a monitor/3 tag: the reference is unique) */
        hl_vm_mailbox *mb = &p->mbox;
        size_t k = 0;
        charge(p, mb->n / 16);
        for (size_t i = 0; i < mb->n; i++) {
            hl_term msg = mb->msgs[i];
            bool down = hl_is_tuple(msg) && hl_tuple_arity(msg) == 5 && hl_tuple_get(msg, 1) == ref;
            if (down) {
                if (i < mb->save) mb->save--;
                if (i < mb->mark) mb->mark--;
                continue;
            }
            mb->msgs[k++] = msg;
        }
        mb->n = k;
        if (mb->save > mb->n) mb->save = mb->n;
    }
    return HL_TERM_OK;
}

void hl_vm_world_trap_exit(hl_vm_proc *p, bool on) {
    if (on) p->act.flags |= HL_ACT_TRAP;
    else p->act.flags &= ~(uint32_t)HL_ACT_TRAP;
}
bool hl_vm_world_trapping(const hl_vm_proc *p) { return (p->act.flags & HL_ACT_TRAP) != 0; }

hl_term_status hl_vm_world_register(hl_vm_proc *p, hl_term name, hl_term pid) {
    hl_vm_world *w = p->world;
    if (!hl_is_atom(name) || name == HL_AM(undefined)) return HL_TERM_BADARG;
    hl_vm_proc *t = hl_vm_world_proc(w, pid);
    uint64_t any;
    if (!t || (t->act.flags & (HL_ACT_DYING | HL_ACT_DEAD)) || t->act.name || hm_get(&w->names, name, &any))
        return HL_TERM_BADARG;
    if (!hm_put(&w->names, name, t->act.pid)) return HL_TERM_NOMEM;
    t->act.name = name;
    return HL_TERM_OK;
}

hl_term_status hl_vm_world_unregister(hl_vm_proc *p, hl_term name) {
    hl_vm_world *w = p->world;
    uint64_t pid;
    if (!hl_is_atom(name) || !hm_get(&w->names, name, &pid)) return HL_TERM_BADARG;
    hm_del(&w->names, name);
    hl_vm_proc *t = lookup(w, pid);
    if (t) t->act.name = 0;
    return HL_TERM_OK;
}

hl_term hl_vm_world_whereis(hl_vm_proc *p, hl_term name) {
    uint64_t pid;
    if (!hm_get(&p->world->names, name, &pid)) return HL_AM(undefined);
    return hl_make_handle_immed(HL_HANDLE_PID, pid);
}

hl_vm_proc *hl_vm_world_alive(hl_vm_proc *p, hl_term pid) {
    hl_vm_proc *t = hl_vm_world_proc(p->world, pid);
    return t && !(t->act.flags & (HL_ACT_DYING | HL_ACT_DEAD)) ? t : NULL;
}

/* Timers: send_after (timeout false) or start_timer (timeout true). */
hl_term_status hl_vm_world_timer(hl_vm_proc *p, hl_term time, hl_term dest, hl_term msg, bool timeout,
                                 hl_term *out) {
    hl_vm_world *w = p->world;
    if (!hl_is_small(time) || hl_small_val(time) < 0 || hl_small_val(time) > (int64_t)UINT32_MAX)
        return HL_TERM_BADARG;
    uint64_t dpid = 0;
    if (hl_is_handle_immed(dest) && hl_handle_immed_subtag(dest) == HL_HANDLE_PID) dpid = hl_handle_immed_payload(dest);
    else if (!hl_is_atom(dest)) return HL_TERM_BADARG;
    size_t words = 0;
    if (!hl_is_immed(msg)) {
        hl_term_status st = hl_term_size(msg, (size_t)(w->lim.max_heap_bytes / sizeof(hl_term)), &words);
        if (st != HL_TERM_OK) return st == HL_TERM_NOMEM ? st : HL_TERM_SYSTEM_LIMIT;
    }
    /* every timer's message counts against one budget of the world (the
     * heap limit of one process) */
    uint64_t bytes = sizeof(hl_vm_timer) + (words ? sizeof(hl_heap) + 2 * words * sizeof(hl_term) + 1024 : 0);
    if (w->timer_bytes + bytes > w->lim.max_heap_bytes) return HL_TERM_SYSTEM_LIMIT;
    hl_vm_timer *t = hl_mem_calloc(1, sizeof *t);
    if (!t) return HL_TERM_NOMEM;
    t->idx = SIZE_MAX;
    t->kind = timeout ? T_TIMEOUT : T_SEND;
    t->ref = ++w->next_ref;
    t->dest = dpid;
    t->dest_name = dpid ? 0 : dest;
    t->msg = msg;
    t->bytes = bytes;
    w->timer_bytes += bytes;
    if (words) {
        t->heap = hl_mem_alloc(sizeof *t->heap);
        if (!t->heap || hl_heap_init(t->heap, words + 8, UINT64_MAX) != HL_TERM_OK) {
            hl_mem_free(t->heap);
            t->heap = NULL;
            timer_free(w, t);
            return HL_TERM_NOMEM;
        }
        if (hl_term_copy(t->heap, msg, &t->msg) != HL_TERM_OK) {
            timer_free(w, t);
            return HL_TERM_NOMEM;
        }
    }
    charge(p, 1 + words / WORDS_PER_RED);
    t->when = hl_vm_now_ns() + (uint64_t)hl_small_val(time) * 1000000u;
    if (!th_push(w, t) || !hm_put(&w->timers, t->ref, (uint64_t)(uintptr_t)t)) {
        th_remove(w, t);
        timer_free(w, t);
        return HL_TERM_NOMEM;
    }
    *out = hl_make_handle_immed(HL_HANDLE_REF, t->ref);
    return HL_TERM_OK;
}

/* cancel_timer (cancel) / read_timer: ms left, or -1 (false) when the
 * timer is gone (fired, cancelled, or its destination died). */
hl_term_status hl_vm_world_timer_left(hl_vm_proc *p, hl_term ref, bool cancel, int64_t *ms) {
    hl_vm_world *w = p->world;
    if (!hl_is_handle_immed(ref) || hl_handle_immed_subtag(ref) != HL_HANDLE_REF) return HL_TERM_BADARG;
    uint64_t v;
    *ms = -1;
    if (!hm_get(&w->timers, hl_handle_immed_payload(ref), &v)) return HL_TERM_OK;
    hl_vm_timer *t = (hl_vm_timer *)(uintptr_t)v;
    if (t->dest && !lookup(w, t->dest)) {
        cancel = true; /* the destination died: the timer went with it */
    } else {
        uint64_t now = hl_vm_now_ns();
        /* OTP rounds the time left up to whole milliseconds */
        *ms = t->when > now ? (int64_t)((t->when - now + 999999u) / 1000000u) : 0;
    }
    if (cancel) {
        hm_del(&w->timers, t->ref);
        th_remove(w, t);
        timer_free(w, t);
    }
    return HL_TERM_OK;
}

/* process_info(P, Item) pieces. */
uint32_t hl_vm_world_links(const hl_vm_proc *t, const uint64_t **pids) {
    *pids = t->act.links;
    return t->act.nlinks;
}
uint32_t hl_vm_world_monitors(const hl_vm_proc *t, const hl_vm_mon **mons) {
    *mons = t->act.mon_out;
    return t->act.nmon_out;
}
hl_term hl_vm_world_status(const hl_vm_proc *self, const hl_vm_proc *t) {
    if (t == self) return HL_AM(running);
    if (t->act.flags & HL_ACT_PENDING) return HL_AM(exiting);
    return t->state == HL_PS_WAIT ? HL_AM(waiting) : HL_AM(runnable);
}

void hl_vm_world_yield(hl_vm_proc *p) { p->act.flags |= HL_ACT_YIELD; }

/* ---- lifecycle and the scheduler ------------------------------------------- */

hl_vm_world *hl_vm_world_new(hl_vm_proc *first, const hl_vm_world_limits *lim) {
    hl_vm_world *w = hl_mem_calloc(1, sizeof *w);
    if (!w) return NULL;
    w->lim = *lim;
    if (w->lim.max_processes == 0) w->lim.max_processes = 1;
    w->first = first;
    w->out_cap = first->output_cap;
    w->xmax = first->xlim;
    for (uint32_t i = 0; i < w->lim.nmods; i++)
        if (w->lim.mods[i]->x_span > w->xmax) w->xmax = w->lim.mods[i]->x_span;
    first->world = w;
    memset(&first->act, 0, sizeof first->act);
    first->act.pid = ++w->next_pid;
    if (!hm_put(&w->procs, first->act.pid, (uint64_t)(uintptr_t)first)) {
        first->world = NULL;
        first->act.pid = 0;
        hl_mem_free(w);
        return NULL;
    }
    live_add(w, 1);
    mem_account(w, first, proc_bytes(first));
    return w;
}

hl_vm_proc *hl_vm_world_first(hl_vm_world *w) { return w->first; }

hl_term hl_vm_world_set_host(hl_vm_world *w, hl_vm_world_host_fn fn, void *ctx) {
    if (!w->host_pid) w->host_pid = ++w->next_pid;
    w->host_fn = fn;
    w->host_ctx = ctx;
    return hl_make_handle_immed(HL_HANDLE_PID, w->host_pid);
}

hl_term_status hl_vm_world_post(hl_vm_world *w, hl_term msg) {
    hl_vm_proc *f = w->first;
    if (f->act.flags & (HL_ACT_DYING | HL_ACT_DEAD | HL_ACT_PENDING)) return HL_TERM_OK;
    uint64_t words;
    hl_term_status st = deliver(w, NULL, f, msg, &words); /* copied into its heap */
    if (st == HL_TERM_OK) st = reap(w);
    return st;
}

hl_term_status hl_vm_world_host_exit(hl_vm_world *w, hl_term reason) {
    hl_term_status st = exit_signal(w, w->host_pid, w->first, reason, false);
    if (st == HL_TERM_OK) st = reap(w);
    return st;
}

/* Frees one process of a world being freed (its receive timer is already
 * out of the heap). */
static void free_one(hl_vm_world *w, hl_vm_proc *p) {
    if (p->act.recv_timer) timer_free(w, p->act.recv_timer);
    actor_clear(p);
    if (p != w->first) hl_vm_proc_free(p);
}

hl_vm_proc *hl_vm_world_free(hl_vm_world *w) {
    if (!w) return NULL;
    hl_vm_proc *first = w->first;
    if (w->lim.budget) { /* what it still counts in its scope goes with it */
        atomic_fetch_sub_explicit(&w->lim.budget->live, w->live, memory_order_relaxed);
        atomic_fetch_sub_explicit(&w->lim.budget->mem, w->mem, memory_order_relaxed);
    }
    /* the timer heap: message timers freed, receive timers go with their process */
    for (size_t i = 0; i < w->nth; i++) {
        w->th[i]->idx = SIZE_MAX;
        if (w->th[i]->kind != T_RECV) timer_free(w, w->th[i]);
    }
    w->nth = 0;
    /* dead processes still on the run queue (out of the pid table) */
    for (hl_vm_proc *p = w->rq_head, *n; p; p = n) {
        n = p->act.next;
        if ((p->act.flags & HL_ACT_DEAD) && p != first) free_one(w, p);
    }
    w->rq_head = w->rq_tail = NULL;
    bool first_seen = false;
    for (size_t i = 0; i < w->procs.cap; i++)
        if (w->procs.slots[i].k) {
            hl_vm_proc *p = (hl_vm_proc *)(uintptr_t)w->procs.slots[i].v;
            first_seen |= p == first;
            free_one(w, p);
        }
    if (!first_seen) free_one(w, first);
    hl_mem_free(w->th);
    hm_free(&w->procs);
    hm_free(&w->names);
    hm_free(&w->timers);
    hm_free(&w->exports);
    hl_mem_free(w);
    return first;
}

/* The exit reason of a process that finished with st. */
static hl_term exit_reason(hl_vm_proc *p, hl_vm_status st) {
    if (st == HL_VM_DONE) return HL_AM(normal);
    if (st == HL_VM_EXCEPTION) {
        hl_term c = p->exc_class, r = p->exc_reason, s = p->exc_stack;
        if (c == HL_AM(exit)) return r;
        hl_term el[2] = {r, s}, out;
        if (c == HL_AM(throw)) {
            hl_term nc[2] = {HL_AM(nocatch), r};
            if (tuple_on(p, nc, 2, &el[0]) != HL_TERM_OK) return HL_AM(killed);
        }
        if (tuple_on(p, el, 2, &out) != HL_TERM_OK) return HL_AM(killed);
        return out;
    }
    return HL_AM(killed); /* a heap fault: OTP's max_heap_size kill */
}

/* The process's receive timer armed for its current wait. */
static bool arm_recv(hl_vm_world *w, hl_vm_proc *p) {
    hl_vm_timer *t = p->act.recv_timer;
    if (!t) {
        t = p->act.recv_timer = hl_mem_calloc(1, sizeof *t);
        if (!t) return false;
        t->idx = SIZE_MAX;
        t->kind = T_RECV;
        t->dest = p->act.pid;
    }
    t->wait_seq = p->act.wait_seq;
    if (t->idx != SIZE_MAX && t->when == p->wait_until_ns) return true;
    th_remove(w, t);
    t->when = p->wait_until_ns;
    return th_push(w, t);
}

/* Fires every timer due at `now`. */
static hl_term_status fire_timers(hl_vm_world *w, uint64_t now) {
    while (w->nth && w->th[0]->when <= now) {
        hl_vm_timer *t = w->th[0];
        th_remove(w, t);
        if (t->kind == T_RECV) {
            hl_vm_proc *p = lookup(w, t->dest);
            if (p && p->state == HL_PS_WAIT && p->act.wait_seq == t->wait_seq && p->timeout_pc &&
                hl_vm_timeout_fired(p))
                enqueue(w, p);
            continue;
        }
        hm_del(&w->timers, t->ref);
        hl_vm_proc *d = NULL;
        if (t->dest) d = lookup(w, t->dest);
        else {
            uint64_t pid;
            if (hm_get(&w->names, t->dest_name, &pid)) d = lookup(w, pid);
        }
        hl_term_status st = HL_TERM_OK;
        if (d && !(d->act.flags & (HL_ACT_DYING | HL_ACT_DEAD))) {
            if (t->kind == T_TIMEOUT) {
                hl_term el[3] = {HL_AM(timeout), hl_make_handle_immed(HL_HANDLE_REF, t->ref), t->msg};
                st = system_msg(w, d, el, 3);
            } else {
                uint64_t words;
                st = deliver(w, NULL, d, t->msg, &words);
                w->reds += words / WORDS_PER_RED;
            }
        }
        timer_free(w, t);
        if (st == HL_TERM_OK) st = reap(w);
        if (st != HL_TERM_OK) return st;
    }
    return HL_TERM_OK;
}

static bool interrupted(const hl_vm_proc *p) {
    return p->interrupt && atomic_load_explicit(p->interrupt, memory_order_relaxed);
}

/* Sleeps until `until` (absolute; in steps of at most 1 ms when an
 * interrupt flag may end it). Returns a fault status, or YIELD to go on. */
static hl_vm_status idle(hl_vm_world *w, uint64_t until) {
    for (;;) {
        if (interrupted(w->first)) return HL_VM_FAULT_INTERRUPT;
        uint64_t now = hl_vm_now_ns();
        if (now >= until) break;
        uint64_t step = until;
        if (w->first->interrupt && until - now > 1000000u) step = now + 1000000u;
        struct timespec ts = {(time_t)(step / 1000000000u), (long)(step % 1000000000u)};
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
        }
    }
    return HL_VM_YIELD;
}

/* A world-stopping status of a process's slice. */
static bool stops_world(hl_vm_status st) {
    return st == HL_VM_FAULT_REDUCTIONS || st == HL_VM_FAULT_DEADLINE || st == HL_VM_FAULT_NOMEM ||
           st == HL_VM_FAULT_OUTPUT || st == HL_VM_FAULT_INTERRUPT || st == HL_VM_FAULT_STATE;
}

static bool first_finished(const hl_vm_world *w) {
    int s = w->first->state;
    return s == HL_PS_DONE || s == HL_PS_EXC || s == HL_PS_FAULT || (w->first->act.flags & HL_ACT_DEAD);
}

/* The outcome of a world whose first process finished. */
static hl_vm_status outcome(const hl_vm_world *w) {
    if (w->first_over_heap) return HL_VM_FAULT_HEAP;
    if (w->first->state == HL_PS_DONE) return HL_VM_DONE;
    if (w->first->state == HL_PS_EXC) return HL_VM_EXCEPTION;
    return w->fst == HL_VM_FAULT_HEAP ? w->fst : HL_VM_EXCEPTION;
}

static void begin(hl_vm_world *w) {
    hl_vm_proc *first = w->first;
    w->started = true;
    w->fst = HL_VM_FAULT_STATE;
    if (first->timeout_ns && !first->deadline_ns) first->deadline_ns = hl_vm_now_ns() + first->timeout_ns;
    first->timeout_ns = 0;
    w->deadline_ns = first->deadline_ns;
    if (w->lim.timeout_ns && !w->deadline_ns) w->deadline_ns = first->deadline_ns = hl_vm_now_ns() + w->lim.timeout_ns;
    enqueue(w, first);
}

/* Nothing is runnable: the time the world wakes (the earliest timer or
 * the deadline; 0: never), or a fault. */
static hl_vm_status waiting(hl_vm_world *w, uint64_t *wake_ns) {
    hl_vm_proc *first = w->first;
    if (interrupted(first)) {
        first->state = HL_PS_FAULT;
        return HL_VM_FAULT_INTERRUPT;
    }
    uint64_t until = w->nth ? w->th[0]->when : 0;
    if (w->deadline_ns && (until == 0 || until > w->deadline_ns)) until = w->deadline_ns;
    if (w->deadline_ns && hl_vm_now_ns() >= w->deadline_ns) until = 0;
    if (until == 0 && !w->host_pid) {
        /* waits forever with no deadline (as a plain run), or the deadline passed */
        first->state = HL_PS_FAULT;
        return HL_VM_FAULT_DEADLINE;
    }
    if (until == 0 && w->deadline_ns) {
        first->state = HL_PS_FAULT;
        return HL_VM_FAULT_DEADLINE;
    }
    *wake_ns = until;
    return HL_VM_WAIT;
}

hl_vm_status hl_vm_world_step(hl_vm_world *w, uint32_t max_slices, uint64_t *wake_ns) {
    hl_vm_proc *first = w->first;
    *wake_ns = 0;
    if (!w->started) begin(w);
    for (uint32_t n = 0;;) {
        if (w->fault) return w->fault;
        if (first_finished(w)) return outcome(w);
        if (n >= max_slices) return HL_VM_YIELD;
        hl_vm_proc *p = dequeue(w);
        if (!p) {
            hl_term_status ts = fire_timers(w, hl_vm_now_ns());
            if (ts != HL_TERM_OK) return HL_VM_FAULT_NOMEM;
            if (w->rq_head || first_finished(w)) continue;
            return waiting(w, wake_ns);
        }
        if (p->act.flags & HL_ACT_DEAD) { /* died while queued */
            if (p != first) {
                actor_clear(p);
                hl_vm_proc_free(p);
            }
            continue;
        }
        n++;
        hl_vm_status st;
        if (p->act.flags & HL_ACT_PENDING) {
            st = HL_VM_EXCEPTION; /* handled below as a kill */
        } else {
            /* this slice may use what the whole tree has left */
            uint64_t base = p->reds_used, obase = p->output_bytes;
            p->max_reds = base + (w->lim.max_reductions > w->reds ? w->lim.max_reductions - w->reds : 0);
            p->output_cap = obase + (w->out_cap > w->out_used ? w->out_cap - w->out_used : 0);
            p->act.flags |= HL_ACT_RUNNING;
            st = hl_vm_run(p, HL_VM_SLICE);
            p->act.flags &= ~(uint32_t)(HL_ACT_RUNNING | HL_ACT_YIELD);
            w->reds += p->reds_used - base;
            w->out_used += p->output_bytes - obase;
            /* a scope's memory budget: the process that grew past it dies
             * as one past its own heap limit would */
            if (mem_account(w, p, proc_bytes(p)) && !stops_world(st) && !(p->act.flags & HL_ACT_PENDING)) {
                if (p == first) {
                    w->first_over_heap = true;
                    first->state = HL_PS_FAULT;
                    return HL_VM_FAULT_HEAP;
                }
                p->act.flags |= HL_ACT_PENDING;
                p->act.reason = HL_AM(killed);
            }
        }
        if (p == first) w->fst = st;
        if (stops_world(st)) {
            /* out of the whole tree's reductions (or output, or time): the
             * run stops with that limit */
            if (p != first) first->state = HL_PS_FAULT;
            return st;
        }
        if (p->act.flags & HL_ACT_PENDING) {
            /* an exit signal killed it during its slice */
            p->act.flags &= ~(uint32_t)HL_ACT_PENDING;
            if (p == first) p->state = HL_PS_EXC;
            kill_proc(w, p, p->act.reason);
        } else if (st == HL_VM_YIELD) {
            enqueue(w, p);
            continue;
        } else if (st == HL_VM_WAIT) {
            p->act.wait_seq++;
            if (p->timeout_pc && !arm_recv(w, p)) return HL_VM_FAULT_NOMEM;
            continue;
        } else if (p == first) {
            return st; /* returned, raised, or a heap fault: the run's outcome */
        } else {
            kill_proc(w, p, exit_reason(p, st));
        }
        if (reap(w) != HL_TERM_OK) return HL_VM_FAULT_NOMEM;
    }
}

hl_vm_status hl_vm_world_run(hl_vm_world *w) {
    for (;;) {
        uint64_t wake = 0;
        hl_vm_status st = hl_vm_world_step(w, UINT32_MAX, &wake);
        if (st != HL_VM_WAIT) return st;
        st = idle(w, wake);
        if (st != HL_VM_YIELD) {
            w->first->state = HL_PS_FAULT;
            return st;
        }
    }
}
