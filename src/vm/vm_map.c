/* vm_map.c — the map instructions (see vm_map.h). Every operand is read
 * into a local root array first, so a collection in the middle of a
 * multi-pair update keeps the partial map and all remaining keys and values
 * valid, whatever registers the operands came from. */
#include "vm/vm_map.h"

#include "term/bits.h"
#include "term/compare.h"
#include "term/map.h"
#include "term/map_hash.h"
#include "vm/vm_lists.h"
#include "vm/vm_support.h"
#include "vm/vm_trap.h"

static hl_term rd(hl_term *const *base, hl_tword w) { return HL_VM_OPND(base, w); }

/* Reductions for putting k pairs: each put copies at most a bounded part of
 * the map (a flat map of <= 32 keys, or one HAMT path), so the work is
 * linear in k. */
static uint64_t put_cost(uint32_t k) { return 1 + k / 2; }

/* Keys whose hash is a handful of units whatever they hold: no walk. */
static bool key_is_small(hl_term k) {
    if (hl_is_immed(k)) return true;
    if (hl_is_cons(k)) return false;
    const hl_term *p = hl_boxed_ptr(k);
    switch (hl_header_subtag(p[0])) {
    case HL_SUB_FLOAT:
    case HL_SUB_POS_BIG:
    case HL_SUB_NEG_BIG: return hl_header_arity(p[0]) <= 64; /* a larger one is walked, by limbs */
    case HL_SUB_HEAP_BIN: return true; /* at most HL_HEAP_BIN_MAX bytes */
    case HL_SUB_TUPLE: {
        size_t n = (size_t)hl_header_arity(p[0]);
        if (n > 8) return false;
        for (size_t i = 1; i <= n; i++)
            if (!hl_is_immed(p[i])) return false;
        return true;
    }
    default: return false;
    }
}

hl_term_status hl_vm_map_key_work(hl_term key, uint64_t *units) {
    if (key_is_small(key)) return HL_TERM_OK;
    if (hl_is_binary_obj(key)) { /* its units are its size: no walk */
        uint64_t u = 1 + ((hl_bits_size(key) / 8) >> HL_MAP_HASH_BIN_SHIFT);
        *units += u;
        return u > HL_MAP_HASH_MAX_WORK ? HL_TERM_SYSTEM_LIMIT : HL_TERM_OK;
    }
    uint64_t budget = HL_MAP_HASH_MAX_WORK;
    uint32_t hx;
    hl_term_status st = hl_map_key_hash(key, &budget, &hx);
    *units += HL_MAP_HASH_MAX_WORK - budget;
    if (st == HL_TERM_BUDGET) return HL_TERM_SYSTEM_LIMIT;
    return st;
}

hl_term_status hl_vm_map_key_check(hl_vm_proc *p, hl_term map, hl_term key, int op, bool put, bool *absent) {
    uint64_t units = 0;
    hl_term_status st = hl_vm_map_key_work(key, &units);
    hl_vm_map_key_charge(p, units);
    p->bif_cost += hl_vm_map_op_cost(map, op);
    *absent = false;
    if (st != HL_TERM_SYSTEM_LIMIT || put) return st;
    *absent = !hl_is_flatmap(map);
    return HL_TERM_OK;
}

/* ---- keys hashed and compared in pieces (vm_map.h) ----
 * The trap's root stack holds the pairs (key, hash) known so far (the
 * hash a small, or [] for a key over HL_MAP_HASH_MAX_WORK; trap.n[2]
 * pairs), then while a walk runs (trap.n[3] = 1) the pair (key, []) it
 * is for and the walk's own stack; trap.buf is the walk. trap.n[4]
 * counts the walks of the operation (hashes and comparisons).
 * A key comparison too long for the call (hl_map_ctx_cmp) is done by the
 * comparison walk of bif_compare.c (trap.t[0..4], n[0..1], its frames on
 * the root stack above the pairs) while trap.n[5] = CMP_WALKING; its
 * result r is then kept as CMP_DONE + r until the answer {A, B, r} is
 * consed onto the list in trap.t[5] (the answers hl_map_ctx_cmp reads). */
enum { N_HINTS = HL_VM_MAP_N_HINTS, N_WALKING = HL_VM_MAP_N_WALKING, N_WALKS, N_CMP = HL_VM_MAP_N_CMP };
enum { CMP_NONE, CMP_WALKING = HL_VM_MAP_CMP_WALKING, CMP_DONE = 3 }; /* CMP_DONE - 1 .. CMP_DONE + 1: a result to record */
#define T_ANSWERS 5
/* Walks one operation may start in pieces before it hashes in one go:
 * more than its keys and a flat map's 33 would mean a key is not found by
 * identity after a collection, and a loop must not follow from that. */
#define MAX_WALKS 64

hl_term_status hl_vm_map_instr_marker(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    (void)p, (void)a, (void)out;
    return HL_TERM_BADARG; /* never called: only its address is used */
}

static hl_term_status roots_grow(void *ctx) {
    hl_vm_proc *p = ctx;
    hl_term_status st = hl_vm_trap_push2(p, HL_NIL, HL_NIL);
    if (st == HL_TERM_OK) p->trap.nroots -= 2;
    return st;
}

static const hl_term *hint_of(const hl_vm_proc *p, hl_term key) {
    const hl_term *r = p->trap.roots;
    for (uint64_t i = 0; i < p->trap.n[N_HINTS]; i++)
        if (r[2 * i] == key) return &r[2 * i + 1];
    return NULL;
}

static hl_term_status add_hint(hl_vm_proc *p, hl_term key, hl_term hx) {
    hl_term_status st = hl_vm_trap_push2(p, key, hx);
    if (st == HL_TERM_OK) p->trap.n[N_HINTS]++;
    return st;
}

/* Starts the walk of key's hash (the pair (key, []) then its stack). */
static hl_term_status walk_start(hl_vm_proc *p, hl_term key) {
    hl_map_hash_walk *w = p->trap.buf;
    if (!w) {
        if (!(w = hl_mem_alloc(sizeof *w))) return HL_TERM_NOMEM;
        p->trap.buf = w, p->trap.buf_free = NULL;
    }
    hl_term_status st = hl_vm_trap_push2(p, key, HL_NIL);
    if (st != HL_TERM_OK) return st;
    *w = (hl_map_hash_walk){.v = &p->trap.roots, .n = &p->trap.nroots, .cap = &p->trap.roots_cap,
                            .grow = roots_grow, .ctx = p, .max = HL_MAP_HASH_MAX_WORK};
    if ((st = hl_map_hash_walk_start(w, key)) != HL_TERM_OK) return st;
    p->trap.n[N_WALKING] = 1;
    p->trap.n[N_WALKS]++;
    return HL_TERM_OK;
}

/* A piece of the walk: OK when it is done (its pair completed), TRAP. */
static hl_term_status walk_piece(hl_vm_proc *p, hl_vm_bif_fn fn) {
    hl_map_hash_walk *w = p->trap.buf;
    uint64_t u0 = w->units;
    bool done = false;
    hl_term_status st = hl_map_hash_walk_step(w, HL_VM_MAP_KEY_PIECE, &done);
    hl_vm_map_key_charge(p, w->units - u0);
    bool over = st == HL_TERM_BUDGET; /* over the cap: its pair keeps [] */
    if (over) st = HL_TERM_OK, done = true;
    if (st != HL_TERM_OK) return st;
    if (!done) return hl_vm_trap_yield(p, fn, 0);
    /* the pair (key, []) is right below the walk's stack (empty unless over) */
    p->trap.nroots = 2 * (p->trap.n[N_HINTS] + 1);
    if (!over) p->trap.roots[p->trap.nroots - 1] = hl_make_small(w->h);
    p->trap.n[N_HINTS]++;
    p->trap.n[N_WALKING] = 0;
    return HL_TERM_OK;
}

static hl_term_status ended(hl_vm_proc *p, hl_term_status st) { return hl_vm_trap_end(p, st); }

/* The comparison walk of a key pair (N_CMP = CMP_WALKING), a quarter
 * quantum per call: OK when it is done (its result kept), TRAP, or
 * HEAP_LIMIT (its place kept) / a failure. */
static hl_term_status cmp_piece(hl_vm_proc *p, hl_vm_bif_fn fn) {
    int r = 0;
    hl_term_status st = hl_vm_cmp_walk(p, fn, &r);
    if (st == HL_TERM_OK) p->trap.n[N_CMP] = (uint64_t)(CMP_DONE + (r > 0) - (r < 0));
    return st;
}

/* The answer {A, B, r} of the finished comparison of A and B (trap.t[3],
 * t[4]) onto the answers: OK, or HEAP_LIMIT with the result kept. */
static hl_term_status record_answer(hl_vm_proc *p) {
    hl_term *w;
    hl_term_status st = hl_heap_alloc(&p->heap, 6, &w);
    if (st != HL_TERM_OK) return st;
    hl_term t = hl_tuple_init(w, 3);
    w[1] = p->trap.t[3], w[2] = p->trap.t[4], w[3] = hl_make_small((int64_t)p->trap.n[N_CMP] - CMP_DONE);
    p->trap.t[T_ANSWERS] = hl_cons_init(w + 4, t, p->trap.t[T_ANSWERS]);
    p->trap.n[N_CMP] = CMP_NONE;
    return HL_TERM_OK;
}

/* Test builds: what a call that hashed map keys charged, so a test can
 * bound it apart from the other builtins of its program. */
static inline hl_term_status probed(hl_vm_proc *p, hl_term_status st) {
#ifdef HL_TEST_HOOKS
    if (p->bif_cost > p->probe.max_cost_map) p->probe.max_cost_map = p->bif_cost;
#else
    (void)p;
#endif
    return st;
}

hl_term_status hl_vm_map_begin(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term map, const hl_term *keys, size_t k, int op,
                               hl_map_ctx *cx) {
    hl_term_status st;
    if (!hl_vm_trap_resuming(p, fn)) {
        if (p->trap.fn || p->trap.nroots) hl_vm_trap_end(p, HL_TERM_OK); /* (a state left by a failed try) */
        p->trap.n[N_HINTS] = p->trap.n[N_WALKING] = p->trap.n[N_WALKS] = p->trap.n[N_CMP] = 0;
        p->trap.t[T_ANSWERS] = HL_NIL;
    } else if (p->trap.n[N_WALKING] && (st = walk_piece(p, fn)) != HL_TERM_OK) {
        return st == HL_VM_BIF_TRAP ? probed(p, st) : ended(p, st);
    } else if (p->trap.n[N_CMP] == CMP_WALKING && (st = cmp_piece(p, fn)) != HL_TERM_OK) {
        /* a heap limit keeps the walk's place: collect and call again */
        return st == HL_VM_BIF_TRAP ? probed(p, st) : st == HL_TERM_HEAP_LIMIT ? st : ended(p, st);
    }
    if (p->trap.n[N_CMP] >= CMP_DONE - 1 && (st = record_answer(p)) != HL_TERM_OK)
        return st == HL_TERM_HEAP_LIMIT ? st : ended(p, st);
    uint64_t left = HL_VM_MAP_KEY_INLINE, units = 0;
    for (size_t i = 0; i < k; i++) {
        hl_term key = keys[i];
        if (key_is_small(key) || hint_of(p, key)) continue;
        if (hl_is_binary_obj(key) && (hl_bits_size(key) / 8 >> HL_MAP_HASH_BIN_SHIFT) >= HL_MAP_HASH_MAX_WORK) {
            if ((st = add_hint(p, key, HL_NIL)) != HL_TERM_OK) return ended(p, st); /* over the cap: no walk */
            continue;
        }
        uint64_t b = left, b0 = b;
        uint32_t hx;
        st = hl_map_key_hash(key, &b, &hx);
        units += b0 - b, left = b;
        if (st == HL_TERM_OK) st = add_hint(p, key, hl_make_small(hx));
        else if (st == HL_TERM_BUDGET) {
            /* too large for this call: hashed in pieces from the next one */
            hl_vm_map_key_charge(p, units);
            if ((st = walk_start(p, key)) != HL_TERM_OK) return ended(p, st);
            return probed(p, hl_vm_trap_yield(p, fn, 0));
        }
        if (st != HL_TERM_OK) return ended(p, st);
    }
    hl_vm_map_key_charge(p, units);
    p->bif_cost += hl_vm_map_op_cost(map, op);
    *cx = (hl_map_ctx){.hints = p->trap.roots, .nhints = p->trap.n[N_HINTS], .budget = HL_VM_MAP_KEY_INLINE,
                       .units = 0, .need = HL_NONE, .answers = p->trap.t[T_ANSWERS],
                       .cmp_budget = HL_VM_MAP_CMP_INLINE, .cmp_a = HL_NONE, .cmp_b = HL_NONE};
    return HL_TERM_OK;
}

hl_term_status hl_vm_map_end(hl_vm_proc *p, hl_vm_bif_fn fn, hl_map_ctx *cx, hl_term_status st) {
    hl_vm_map_key_charge(p, cx->units);
    if (st == HL_TERM_BUDGET && cx->cmp_a != HL_NONE) {
        /* a key comparison too long for the call: in pieces from the next
         * one (past MAX_WALKS in one go, as before), then the operation again */
        hl_term a = cx->cmp_a, b = cx->cmp_b;
        if (p->trap.n[N_WALKS] >= MAX_WALKS) {
            uint64_t bud = HL_COMPARE_DEFAULT_BUDGET;
            int c = 0;
            hl_term_status s2 = hl_term_compare(a, b, true, &bud, &c);
            hl_vm_map_key_charge(p, HL_COMPARE_DEFAULT_BUDGET - bud);
            if (s2 != HL_TERM_OK) return ended(p, s2); /* BUDGET: a reductions fault, never an answer */
            p->trap.t[3] = a, p->trap.t[4] = b;
            p->trap.n[N_CMP] = (uint64_t)(CMP_DONE + (c > 0) - (c < 0));
        } else {
            hl_vm_cmp_walk_start_above(p, a, b, true, false);
            p->trap.n[N_CMP] = CMP_WALKING;
        }
        p->trap.n[N_WALKS]++;
        return probed(p, hl_vm_trap_yield(p, fn, 0));
    }
    if (st == HL_TERM_BUDGET && cx->need != HL_NONE) {
        hl_term key = cx->need;
        hl_term_status s2;
        if (p->trap.n[N_WALKS] >= MAX_WALKS) { /* see MAX_WALKS: in one go */
            uint32_t hx;
            uint64_t b = HL_MAP_HASH_MAX_WORK;
            s2 = hl_map_key_hash(key, &b, &hx);
            hl_vm_map_key_charge(p, HL_MAP_HASH_MAX_WORK - b);
            if (s2 == HL_TERM_OK) s2 = add_hint(p, key, hl_make_small(hx));
        } else {
            s2 = walk_start(p, key);
        }
        if (s2 != HL_TERM_OK) return ended(p, s2);
        return probed(p, hl_vm_trap_yield(p, fn, 0));
    }
    if (p->trap.fn || p->trap.nroots) return probed(p, ended(p, st));
    return probed(p, st);
}

hl_term_status hl_vm_map_key_over(const hl_map_ctx *cx, hl_term map, hl_term key, bool put, bool *absent) {
    *absent = false;
    for (size_t i = 0; i < cx->nhints; i++)
        if (cx->hints[2 * i] == key) {
            if (cx->hints[2 * i + 1] != HL_NIL) return HL_TERM_OK;
            if (put) return HL_TERM_SYSTEM_LIMIT;
            *absent = !hl_is_flatmap(map);
            return HL_TERM_OK;
        }
    return HL_TERM_OK;
}

/* hl_vm_map_begin did not let the instruction run: a piece of a key's
 * hash (TRAP: run it again after a preemption point), no room for the
 * pairs (GC: collect, then again), or a fault. */
static int again(hl_term_status ts, hl_vm_status *st) {
    if (ts == HL_VM_BIF_TRAP) return HL_VM_MAP_TRAP;
    if (ts == HL_TERM_HEAP_LIMIT) return HL_VM_MAP_GC;
    *st = hl_vm_heap_fault(ts);
    return HL_VM_MAP_FAULT;
}

/* A collection inside the operation failed: the run stops, the state goes. */
static int fault_out(hl_vm_proc *p, hl_vm_status st) {
    (void)st;
    hl_vm_trap_end(p, HL_TERM_OK);
    return HL_VM_MAP_FAULT;
}

/* An error of the instruction: the guard path, or raise error:{Tag, V}
 * (tag HL_NONE: error:system_limit). */
static int fail_or_raise(hl_vm_proc *p, hl_term *x, const hl_tword *pc, hl_term tag, hl_term v, hl_vm_status *st) {
    if (pc[1]) return HL_VM_MAP_FAIL;
    *st = tag == HL_NONE ? hl_vm_raise_status(p, x, HL_TERM_SYSTEM_LIMIT) : hl_vm_raise_tagged(p, x, tag, v);
    return HL_VM_MAP_RAISED;
}

int hl_vm_map_put(hl_vm_proc *p, hl_term *const *base, const hl_tword *pc, bool exact, hl_vm_status *st) {
    hl_term *x = base[0];
    uint32_t live = (uint32_t)pc[2], k = (uint32_t)pc[5];
    if (k > HL_BC_MAX_MAP_PAIRS) { /* the gate refuses this */
        *st = HL_VM_FAULT_STATE;
        return HL_VM_MAP_FAULT;
    }
    /* v[0] the map (then the partial result), v[1..k] keys, v[1+k..] values */
    hl_term v[1 + 2 * HL_BC_MAX_MAP_PAIRS];
    v[0] = rd(base, pc[3]);
    for (uint32_t i = 0; i < k; i++) {
        v[1 + i] = rd(base, pc[6 + 2 * i]);
        v[1 + k + i] = rd(base, pc[7 + 2 * i]);
    }
    if (!hl_is_map(v[0])) return fail_or_raise(p, x, pc, HL_AM(badmap), v[0], st);
    hl_map_ctx cx;
    hl_term_status ts = hl_vm_map_begin(p, hl_vm_map_instr_marker, v[0], v + 1, k, HL_VM_MAP_STORE, &cx);
    if (ts != HL_TERM_OK) return again(ts, st);
    p->bif_cost += put_cost(k);
    if (k > 1) p->bif_cost += (k - 1) * hl_vm_map_op_cost(v[0], HL_VM_MAP_STORE);
    for (uint32_t j = 0; j < k && ts == HL_TERM_OK; j++) {
        bool absent;
        ts = hl_vm_map_key_over(&cx, v[0], v[1 + j], true, &absent);
    }
    hl_heap *h = &p->heap;
    bool collected = false;
    uint32_t i = 0;
    /* A map built from nothing: one construction (equal keys: the last
     * wins). When the map layer cannot do it in one go, pair by pair. */
    if (ts == HL_TERM_OK && !exact && k > 0 && hl_map_size(v[0]) == 0) {
        hl_term out;
        for (;;) {
            ts = hl_map_new_cx(&cx, h, v + 1, v + 1 + k, k, &out);
            if (ts != HL_TERM_HEAP_LIMIT || collected) break;
            *st = hl_vm_gc(p, x, live, 0, v, 1 + 2 * (size_t)k);
            if (*st != HL_VM_CONTINUE) return fault_out(p, *st);
            collected = true;
        }
        if (ts == HL_TERM_OK) {
            v[0] = out;
            i = k;
        }
        if (ts == HL_TERM_SYSTEM_LIMIT) ts = HL_TERM_OK; /* retried below */
        collected = false;
    }
    while (ts == HL_TERM_OK && i < k) {
        hl_term out;
        ts = exact ? hl_map_update_cx(&cx, h, v[0], v[1 + i], v[1 + k + i], &out)
                   : hl_map_put_cx(&cx, h, v[0], v[1 + i], v[1 + k + i], &out);
        if (ts == HL_TERM_OK) {
            v[0] = out;
            i++;
            collected = false;
        } else if (ts == HL_TERM_HEAP_LIMIT && !collected) {
            *st = hl_vm_gc(p, x, live, 0, v, 1 + 2 * (size_t)k);
            if (*st != HL_VM_CONTINUE) return fault_out(p, *st);
            collected = true;
            ts = HL_TERM_OK;
        }
    }
    ts = hl_vm_map_end(p, hl_vm_map_instr_marker, &cx, ts);
    if (ts == HL_VM_BIF_TRAP) return HL_VM_MAP_TRAP; /* a key of the map to hash first; nothing written */
    switch (ts) {
    case HL_TERM_OK: break;
    case HL_TERM_BADARG: return fail_or_raise(p, x, pc, HL_AM(badkey), v[1 + i], st);
    case HL_TERM_SYSTEM_LIMIT: return fail_or_raise(p, x, pc, HL_NONE, HL_NIL, st);
    default: *st = hl_vm_fault_status(p, ts); return HL_VM_MAP_FAULT; /* BUDGET: reductions */
    }
    /* A loop of map updates that never reaches test_heap collects here
     * once its fragments outgrow the block (the result is the root). */
    if (hl_heap_collect_due(h)) {
        *st = hl_vm_gc(p, x, live, 0, v, 1);
        if (*st != HL_VM_CONTINUE) return HL_VM_MAP_FAULT;
    }
    hl_tword d = pc[4];
    HL_VM_OPND(base, d) = v[0];
    return HL_VM_MAP_DONE;
}

int hl_vm_map_get(hl_vm_proc *p, hl_term *const *base, const hl_tword *pc, hl_vm_status *st) {
    hl_term m = rd(base, pc[2]);
    if (!hl_is_map(m)) return HL_VM_MAP_FAIL;
    uint32_t k = (uint32_t)pc[3];
    if (k > HL_BC_MAX_MAP_PAIRS) { /* the gate refuses this */
        *st = HL_VM_FAULT_STATE;
        return HL_VM_MAP_FAULT;
    }
    /* every key hashed before any destination is written: a destination
     * may be an operand, and a piece yields to run the instruction again */
    hl_term keys[HL_BC_MAX_MAP_PAIRS], vals[HL_BC_MAX_MAP_PAIRS];
    keys[0] = HL_NIL; /* (k may be 0) */
    for (uint32_t i = 0; i < k; i++) keys[i] = rd(base, pc[4 + 2 * i]);
    hl_map_ctx cx;
    hl_term_status ts = hl_vm_map_begin(p, hl_vm_map_instr_marker, m, keys, k, HL_VM_MAP_LOOKUP, &cx);
    if (ts != HL_TERM_OK) return again(ts, st);
    if (k > 1) p->bif_cost += (k - 1) * hl_vm_map_op_cost(m, HL_VM_MAP_LOOKUP);
    bool found = true;
    for (uint32_t i = 0; i < k && found && ts == HL_TERM_OK; i++) {
        bool absent;
        /* a key too large to hash is in no hash map (no put let it in) */
        ts = hl_vm_map_key_over(&cx, m, keys[i], false, &absent);
        if (absent) found = false;
        else if (ts == HL_TERM_OK) ts = hl_map_find_cx(&cx, m, keys[i], &vals[i], &found);
    }
    ts = hl_vm_map_end(p, hl_vm_map_instr_marker, &cx, ts);
    if (ts == HL_VM_BIF_TRAP) return HL_VM_MAP_TRAP;
    if (ts != HL_TERM_OK) {
        /* a key comparison out of budget stops the run as a reduction
         * fault: the work it would have needed is more than any slice */
        *st = hl_vm_fault_status(p, ts);
        return HL_VM_MAP_FAULT;
    }
    if (!found) return HL_VM_MAP_FAIL;
    for (uint32_t i = 0; i < k; i++) {
        hl_tword d = pc[5 + 2 * i];
        HL_VM_OPND(base, d) = vals[i];
    }
    return HL_VM_MAP_DONE;
}
