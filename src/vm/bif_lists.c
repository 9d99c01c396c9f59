/* bif_lists.c — the list builtins whose work grows with a list's length
 * (length/1, ++, lists:reverse/1,2, lists:member/2, lists:keyfind/3,
 * tuple_to_list/1, list_to_tuple/1), written to yield: each call does at most
 * HL_VM_TRAP_QUANTUM work units and traps with its place saved in p->trap
 * (vm/vm_trap.h, docs/builtins.md). A list shorter than a quantum is done in
 * one call exactly as before, at the same charge (one reduction per 16
 * cells).
 *
 * A resumed call never reads its arguments again: they may sit in x
 * registers that are not live across the preemption point, so everything a
 * later quantum needs is in p->trap.t. Lists are only ever built from the
 * end (a chunk's cells point at cells already built), so nothing written
 * before a trap is mutated after it. */
#include "term/compare.h"
#include "vm/vm_lists.h"
#include "vm/vm_std.h"
#include "vm/vm_trap.h"

#define BIF(name) hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)
#define Q HL_VM_TRAP_QUANTUM
#define QA HL_VM_TRAP_BUILD_CELLS /* cells a building step allocates (vm_trap.h) */

/* The call ends with st: the continuation, if any, is forgotten. */
static hl_term_status done(hl_vm_proc *p, hl_term_status st) {
    return p->trap.fn ? hl_vm_trap_end(p, st) : st;
}
/* After a step: a trap keeps its state, and so does an allocation failure
 * (the interpreter collects and calls again); anything else ends the call. */
static hl_term_status settle(hl_vm_proc *p, hl_term_status st) {
    return st == HL_VM_BIF_TRAP || st == HL_TERM_HEAP_LIMIT ? st : done(p, st);
}
static uint64_t cost(uint64_t units) { return units >> HL_VM_TRAP_COST_SHIFT; }

/* ---- reverse ---- */

/* Up to one quantum of reverse: the cells of l in front of acc. OK with the
 * whole result, TRAP with (rest, acc so far) saved, BADARG at an improper
 * tail, or the allocation's status (nothing saved: the call is retried). */
static hl_term_status reverse_step(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term l, hl_term acc, hl_term *out) {
    size_t m = 0;
    hl_term t = l;
    while (m < QA && hl_is_cons(t)) m++, t = hl_cdr(t);
    if (!hl_is_cons(t) && t != HL_NIL) return HL_TERM_BADARG;
    if (m) {
        hl_term *c;
        hl_term_status st = hl_heap_alloc(H, 2 * m, &c);
        if (st != HL_TERM_OK) return st;
        for (size_t i = 0; i < m; i++, l = hl_cdr(l)) acc = hl_cons_init(c + 2 * i, hl_car(l), acc);
    }
    if (hl_is_cons(t)) {
        p->trap.t[0] = t, p->trap.t[1] = acc;
        return hl_vm_trap_yield(p, fn, m);
    }
    p->bif_cost += cost(m);
    *out = acc;
    return HL_TERM_OK;
}

BIF(hl_vm_bif_reverse2) {
    if (hl_vm_trap_resuming(p, hl_vm_bif_reverse2))
        return settle(p, reverse_step(p, hl_vm_bif_reverse2, p->trap.t[0], p->trap.t[1], out));
    return settle(p, reverse_step(p, hl_vm_bif_reverse2, a[0], a[1], out));
}
/* OTP's reverse/1 is Erlang: a non-list or [_ | NonList] matches none of
 * its clauses (function_clause); a longer improper list reaches the
 * reverse/2 BIF (badarg). */
BIF(hl_vm_bif_reverse1) {
    if (hl_vm_trap_resuming(p, hl_vm_bif_reverse1))
        return settle(p, reverse_step(p, hl_vm_bif_reverse1, p->trap.t[0], p->trap.t[1], out));
    if (!(a[0] == HL_NIL || (hl_is_cons(a[0]) && (hl_cdr(a[0]) == HL_NIL || hl_is_cons(hl_cdr(a[0])))))) {
        p->bif_class = HL_AM(error), p->bif_reason = HL_AM(function_clause);
        return HL_VM_BIF_RAISE;
    }
    return settle(p, reverse_step(p, hl_vm_bif_reverse1, a[0], HL_NIL, out));
}

/* ---- length ---- */

/* Cells length/1 counts per call: 8,192. A quantum (65,536) of cells of a
 * list that is not in the cache (1 MiB of cells, each a cache miss) took
 * 3.8 ms in a CI smoke; the walk is all it does, so it is charged as a
 * quantum's walk was (a reduction per 16 cells, one more per yield). A
 * guard's length/1 yields the same way (the instruction runs again). */
#define LEN_STEP (HL_VM_TRAP_QUANTUM >> 3)

BIF(hl_vm_bif_length) {
    hl_term l = a[0];
    uint64_t n = 0, m = 0;
    if (hl_vm_trap_resuming(p, hl_vm_bif_length)) l = p->trap.t[0], n = p->trap.n[0];
    for (; hl_is_cons(l); l = hl_cdr(l), m++) {
        if (m == LEN_STEP) {
            p->trap.t[0] = l, p->trap.n[0] = n + m;
            return hl_vm_trap_yield(p, hl_vm_bif_length, m);
        }
    }
    if (l != HL_NIL) return done(p, HL_TERM_BADARG);
    p->bif_cost += cost(m);
    *out = hl_make_small((int64_t)(n + m));
    return done(p, HL_TERM_OK);
}

/* ---- ++ ---- */

/* Copies the `n` cells from l forward in front of tail (n >= 1). */
static hl_term_status copy_cells(hl_vm_proc *p, hl_term l, size_t n, hl_term tail, hl_term *out) {
    hl_term *c;
    hl_term_status st = hl_heap_alloc(H, 2 * n, &c);
    if (st != HL_TERM_OK) return st;
    for (size_t i = 0; i < n; i++, l = hl_cdr(l))
        hl_cons_init(c + 2 * i, hl_car(l), i + 1 < n ? hl_make_cons(c + 2 * (i + 1)) : tail);
    *out = hl_make_cons(c);
    return HL_TERM_OK;
}

/* A left operand of up to QA cells is copied in one call. A longer one in
 * yielding steps that never write a cell after building it and need no
 * more memory than the copy itself: first a walk that checks the list and
 * notes where each QA-sized chunk starts (a short list of those
 * tails, newest first), then the chunks copied from the last one back,
 * each in front of the part already built.
 * Walking: trap.t[0] where the walk is, t[1] the chunk starts, t[2] the
 * right operand, n[1] cells so far. Copying: t[1] the chunk starts left,
 * t[2] the result so far, n[1] cells still to copy. n[0]: 0 walking, 1
 * copying. */
BIF(hl_vm_bif_append) {
    hl_term starts, *cell;
    hl_term_status st;
    if (!hl_vm_trap_resuming(p, hl_vm_bif_append)) {
        size_t n = 0;
        hl_term t = a[0];
        while (n < QA && hl_is_cons(t)) n++, t = hl_cdr(t);
        if (t == HL_NIL) { /* the common case: one call, one allocation */
            if (n == 0) {
                *out = a[1];
                return HL_TERM_OK;
            }
            st = copy_cells(p, a[0], n, a[1], out);
            if (st == HL_TERM_OK) p->bif_cost = cost(n);
            return st;
        }
        if (!hl_is_cons(t)) return HL_TERM_BADARG;
        if ((st = hl_heap_alloc(H, 2, &cell)) != HL_TERM_OK) return st;
        p->trap.t[0] = t, p->trap.t[1] = hl_cons_init(cell, a[0], HL_NIL), p->trap.t[2] = a[1];
        p->trap.n[0] = 0, p->trap.n[1] = n;
        return hl_vm_trap_yield(p, hl_vm_bif_append, n);
    }
    if (p->trap.n[0] == 0) { /* walking: one chunk per call */
        hl_term t = p->trap.t[0];
        if ((st = hl_heap_alloc(H, 2, &cell)) != HL_TERM_OK) return st;
        starts = hl_cons_init(cell, t, p->trap.t[1]);
        size_t n = 0;
        while (n < QA && hl_is_cons(t)) n++, t = hl_cdr(t);
        if (!hl_is_cons(t) && t != HL_NIL) return done(p, HL_TERM_BADARG);
        p->trap.t[0] = t, p->trap.t[1] = starts, p->trap.n[1] += n;
        if (t == HL_NIL) p->trap.n[0] = 1; /* the copy starts with the next call */
        return hl_vm_trap_yield(p, hl_vm_bif_append, n);
    }
    /* copying: the newest chunk start holds the last (possibly short) chunk */
    starts = p->trap.t[1];
    uint64_t left = p->trap.n[1];
    size_t n = (size_t)((left - 1) % QA) + 1;
    hl_term res;
    if ((st = copy_cells(p, hl_car(starts), n, p->trap.t[2], &res)) != HL_TERM_OK) return st;
    if (hl_cdr(starts) == HL_NIL) {
        p->bif_cost += cost(n);
        *out = res;
        return done(p, HL_TERM_OK);
    }
    p->trap.t[1] = hl_cdr(starts), p->trap.t[2] = res, p->trap.n[1] = left - n;
    return hl_vm_trap_yield(p, hl_vm_bif_append, n);
}

/* ---- searches ---- */

/* One comparison with its work in units: OK with *r, BUDGET when it needs
 * more than `budget` steps (the caller then walks it resumably) or NOMEM. */
static hl_term_status cmp_units(hl_term x, hl_term y, bool exact, uint64_t budget, uint64_t *units, int *r) {
    *units += 1;
    *r = 0;
    if (x == y) return HL_TERM_OK;
    *r = 1;
    /* distinct immediates are never equal, even under == (1 == 1.0 needs a boxed float) */
    if (hl_is_immed(x) && hl_is_immed(y)) return HL_TERM_OK;
    uint64_t left = budget;
    hl_term_status st = hl_term_compare(x, y, exact, &left, r);
    *units += budget - left;
    return st;
}

/* lists:member(Elem, List) and lists:keyfind(Key, N, List): the list walk
 * traps every quantum. Place: trap.t[5] the rest of the list (its head the
 * element being compared when in a comparison), t[4] the wanted term, n[2]
 * N (0 for member), n[3] 1 while an element comparison larger than a
 * quantum goes on in the resumable comparison walk (bif_compare.c, which
 * owns t[0..4] and n[0..1] then, t[4] still the wanted term): element
 * comparisons of any size give OTP's answer, a quantum per call. */
static hl_term_status search(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term want, size_t key, hl_term l, hl_term *out) {
    uint64_t units = 0;
    hl_term_status st;
    if (hl_vm_trap_resuming(p, fn) && p->trap.n[3]) {
        int r = 1;
        st = hl_vm_cmp_walk(p, fn, &r);
        if (st != HL_TERM_OK) return settle(p, st); /* a trap or HEAP_LIMIT keeps the place */
        p->trap.n[3] = 0;
        if (r == 0) {
            *out = key == 0 ? HL_AM(true) : hl_car(l);
            return done(p, HL_TERM_OK);
        }
        l = hl_cdr(l);
    }
    for (; hl_is_cons(l); l = hl_cdr(l)) {
        if (units >= Q) {
            p->trap.t[5] = l, p->trap.t[4] = want, p->trap.n[2] = key, p->trap.n[3] = 0;
            return hl_vm_trap_yield(p, fn, units);
        }
        hl_term e = hl_car(l), x = e;
        bool exact = key == 0;
        int r = 1;
        st = HL_TERM_OK;
        if (key != 0) {
            if (hl_is_tuple(e) && hl_tuple_arity(e) >= key) x = hl_tuple_get(e, key - 1);
            else x = HL_NONE, units++;
        }
        /* what is left of the quantum, and a little more (a small element
         * after a long walk is still compared in this call) */
        if (x != HL_NONE) st = cmp_units(x, want, exact, Q - units + 256, &units, &r);
        if (st == HL_TERM_BUDGET) { /* a large element: the resumable walk, from the next call */
            hl_vm_cmp_walk_start(p, x, want, exact, true);
            p->trap.t[5] = l, p->trap.n[2] = key, p->trap.n[3] = 1;
            return hl_vm_trap_yield(p, fn, units);
        }
        if (st != HL_TERM_OK) return done(p, st);
        if (r == 0) {
            *out = key == 0 ? HL_AM(true) : e;
            p->bif_cost += cost(units);
            return done(p, HL_TERM_OK);
        }
    }
    p->bif_cost += cost(units);
    if (l != HL_NIL) return done(p, HL_TERM_BADARG);
    *out = HL_AM(false);
    return done(p, HL_TERM_OK);
}

BIF(hl_vm_bif_member) {
    if (hl_vm_trap_resuming(p, hl_vm_bif_member)) return search(p, hl_vm_bif_member, p->trap.t[4], 0, p->trap.t[5], out);
    return search(p, hl_vm_bif_member, a[0], 0, a[1], out);
}
BIF(hl_vm_bif_keyfind) {
    if (hl_vm_trap_resuming(p, hl_vm_bif_keyfind))
        return search(p, hl_vm_bif_keyfind, p->trap.t[4], (size_t)p->trap.n[2], p->trap.t[5], out);
    if (!hl_is_small(a[1]) || hl_small_val(a[1]) < 1) return HL_TERM_BADARG;
    return search(p, hl_vm_bif_keyfind, a[0], (size_t)hl_small_val(a[1]), a[2], out);
}

/* ---- tuples <-> lists ---- */

/* Built from the last element back: (tuple, list so far) saved, the
 * elements still to do in trap.n[0]. */
BIF(hl_vm_bif_tuple_to_list) {
    hl_term t, acc = HL_NIL;
    size_t left;
    if (hl_vm_trap_resuming(p, hl_vm_bif_tuple_to_list)) {
        t = p->trap.t[0], acc = p->trap.t[1], left = (size_t)p->trap.n[0];
    } else {
        if (!hl_is_tuple(a[0])) return HL_TERM_BADARG;
        t = a[0], left = hl_tuple_arity(a[0]);
    }
    size_t m = left < QA ? left : (size_t)QA;
    if (m) {
        hl_term *c;
        hl_term_status st = hl_heap_alloc(H, 2 * m, &c);
        if (st != HL_TERM_OK) return st;
        for (size_t i = 0; i < m; i++) acc = hl_cons_init(c + 2 * i, hl_tuple_get(t, left - 1 - i), acc);
    }
    left -= m;
    if (left) {
        p->trap.t[0] = t, p->trap.t[1] = acc, p->trap.n[0] = left;
        return hl_vm_trap_yield(p, hl_vm_bif_tuple_to_list, m);
    }
    p->bif_cost += cost(m);
    *out = acc;
    return done(p, HL_TERM_OK);
}

/* The length is counted, a quantum of cells per call (trap.t[0] the rest
 * of the list, t[1] its head, n[0] the count); a short list (counted and
 * copied within one quantum) is then made a tuple at once, a longer one is
 * built over several calls by bif_tuple_build.c (p->trap.frag set: its
 * state). */
BIF(hl_vm_bif_list_to_tuple) {
    hl_term l = a[0], head = a[0];
    uint64_t n = 0, m = 0;
    if (hl_vm_trap_resuming(p, hl_vm_bif_list_to_tuple)) {
        if (p->trap.frag) return hl_vm_tuple_build_resume(p, hl_vm_bif_list_to_tuple, out);
        l = p->trap.t[0], head = p->trap.t[1], n = p->trap.n[0];
    }
    for (; hl_is_cons(l); l = hl_cdr(l), m++) {
        if (m == Q) {
            p->trap.t[0] = l, p->trap.t[1] = head, p->trap.n[0] = n + m;
            return hl_vm_trap_yield(p, hl_vm_bif_list_to_tuple, m);
        }
    }
    if (l != HL_NIL) return done(p, HL_TERM_BADARG);
    n += m;
    p->bif_cost += cost(m);
    /* counting and copying in one call: at most a quantum of both */
    if (n > Q / 2 || p->trap.fn) return hl_vm_tuple_build(p, hl_vm_bif_list_to_tuple, HL_TB_LIST, (size_t)n, head, HL_NIL, 0);
    hl_term *t;
    hl_term_status st = hl_heap_alloc(H, (size_t)n + 1, &t);
    if (st != HL_TERM_OK) return st; /* retried from the saved count */
    t[0] = hl_make_header(HL_SUB_TUPLE, n);
    for (uint64_t i = 0; i < n; i++, head = hl_cdr(head)) t[1 + i] = hl_car(head);
    p->bif_cost += cost(n);
    *out = hl_make_boxed(t);
    return done(p, HL_TERM_OK);
}
