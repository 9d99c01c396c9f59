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
#include "vm/vm_trap.h"

#define BIF(name) hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)
#define Q HL_VM_TRAP_QUANTUM

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
    while (m < Q && hl_is_cons(t)) m++, t = hl_cdr(t);
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

BIF(hl_vm_bif_length) {
    hl_term l = a[0];
    uint64_t n = 0, m = 0;
    if (hl_vm_trap_resuming(p, hl_vm_bif_length)) l = p->trap.t[0], n = p->trap.n[0];
    for (; hl_is_cons(l); l = hl_cdr(l), m++) {
        if (m == Q) {
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

/* A list of up to a quantum is copied in one go; a longer one in two
 * yielding passes (reversed into a scratch list, then that reversed onto
 * the right operand), so no cell is ever written after it is built.
 * trap.n[0]: the pass (0 the first, 1 the second); t[2]: the right operand. */
BIF(hl_vm_bif_append) {
    hl_term l, acc;
    if (hl_vm_trap_resuming(p, hl_vm_bif_append)) {
        l = p->trap.t[0], acc = p->trap.t[1];
    } else {
        size_t n = 0;
        hl_term t = a[0];
        while (n < Q && hl_is_cons(t)) n++, t = hl_cdr(t);
        if (t == HL_NIL) { /* the common case: one call, one allocation */
            if (n == 0) {
                *out = a[1];
                return HL_TERM_OK;
            }
            hl_term *c;
            hl_term_status st = hl_heap_alloc(H, 2 * n, &c);
            if (st != HL_TERM_OK) return st;
            t = a[0];
            for (size_t i = 0; i < n; i++, t = hl_cdr(t))
                hl_cons_init(c + 2 * i, hl_car(t), i + 1 < n ? hl_make_cons(c + 2 * (i + 1)) : a[1]);
            p->bif_cost = cost(n);
            *out = hl_make_cons(c);
            return HL_TERM_OK;
        }
        if (!hl_is_cons(t)) return HL_TERM_BADARG;
        l = a[0], acc = HL_NIL;
        p->trap.t[2] = a[1], p->trap.n[0] = 0;
    }
    hl_term res;
    hl_term_status st = reverse_step(p, hl_vm_bif_append, l, acc, &res);
    if (st != HL_TERM_OK) return settle(p, st); /* a trap (state saved), a retry or an error */
    if (p->trap.n[0] == 1) {
        *out = res;
        return done(p, HL_TERM_OK);
    }
    /* First pass over: the second starts with the next call. */
    p->trap.t[0] = res, p->trap.t[1] = p->trap.t[2], p->trap.n[0] = 1;
    return hl_vm_trap_yield(p, hl_vm_bif_append, 0);
}

/* ---- searches ---- */

/* One comparison (as hl_vm_cmp: out of its budget, the run stops with a
 * reductions fault at the next preemption point) and its work in units. */
static int cmp_units(hl_vm_proc *p, hl_term x, hl_term y, bool exact, uint64_t *units) {
    if (x == y) {
        *units += 1;
        return 0;
    }
    enum { CMP_BUDGET = 1u << 20 }; /* hl_vm_cmp's */
    uint64_t budget = CMP_BUDGET;
    int r = 1;
    hl_term_status st = hl_term_compare(x, y, exact, &budget, &r);
    *units += 1 + (CMP_BUDGET - budget);
    if (st != HL_TERM_OK) {
        p->reds_used = p->max_reds;
        return 1;
    }
    return r;
}

/* lists:member(Elem, List) and lists:keyfind(Key, N, List): the list walk
 * traps every quantum; (rest, wanted) are saved, N in trap.n[0]. */
static hl_term_status search(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term want, size_t key, hl_term l, hl_term *out) {
    uint64_t units = 0;
    for (; hl_is_cons(l); l = hl_cdr(l)) {
        if (units >= Q) {
            p->trap.t[0] = l, p->trap.t[1] = want, p->trap.n[0] = key;
            return hl_vm_trap_yield(p, fn, units);
        }
        hl_term e = hl_car(l);
        int r = 1;
        if (key == 0) r = cmp_units(p, e, want, true, &units);
        else if (hl_is_tuple(e) && hl_tuple_arity(e) >= key) r = cmp_units(p, hl_tuple_get(e, key - 1), want, false, &units);
        else units++;
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
    if (hl_vm_trap_resuming(p, hl_vm_bif_member)) return search(p, hl_vm_bif_member, p->trap.t[1], 0, p->trap.t[0], out);
    return search(p, hl_vm_bif_member, a[0], 0, a[1], out);
}
BIF(hl_vm_bif_keyfind) {
    if (hl_vm_trap_resuming(p, hl_vm_bif_keyfind))
        return search(p, hl_vm_bif_keyfind, p->trap.t[1], (size_t)p->trap.n[0], p->trap.t[0], out);
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
    size_t m = left < Q ? left : (size_t)Q;
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

/* Three yielding phases: the length is counted (trap.t[0] the rest of the
 * list, t[1] its head, n[0] the count); the tuple is allocated and filled
 * with [] (a tight store loop, the one step that is not chunked: bounded by
 * the largest tuple the heap limit allows, at memory speed); then the
 * elements are copied in (t[0] the rest, t[1] the tuple, n[1] the next
 * index). trap.n[2] is the phase. */
BIF(hl_vm_bif_list_to_tuple) {
    hl_term l = a[0], head = a[0], tup = HL_NIL;
    uint64_t n = 0, m = 0, at = 0;
    if (hl_vm_trap_resuming(p, hl_vm_bif_list_to_tuple)) {
        l = p->trap.t[0], n = p->trap.n[0];
        if (p->trap.n[2] == 0) head = p->trap.t[1];
        else tup = p->trap.t[1], at = p->trap.n[1];
    }
    if (tup == HL_NIL) {
        for (; hl_is_cons(l); l = hl_cdr(l), m++) {
            if (m == Q) {
                p->trap.t[0] = l, p->trap.t[1] = head, p->trap.n[0] = n + m, p->trap.n[2] = 0;
                return hl_vm_trap_yield(p, hl_vm_bif_list_to_tuple, m);
            }
        }
        if (l != HL_NIL) return done(p, HL_TERM_BADARG);
        n += m;
        hl_term *t;
        hl_term_status st = hl_heap_alloc(H, (size_t)n + 1, &t);
        if (st != HL_TERM_OK) return st; /* retried from the saved count */
        t[0] = hl_make_header(HL_SUB_TUPLE, n);
        if (n > Q)
            for (uint64_t i = 0; i < n; i++) t[1 + i] = HL_NIL;
        tup = hl_make_boxed(t), l = head;
    }
    hl_term *t = hl_boxed_ptr(tup);
    uint64_t k = 0;
    for (; at < n; at++, k++, l = hl_cdr(l)) {
        if (k == Q) {
            p->trap.t[0] = l, p->trap.t[1] = tup, p->trap.n[0] = n, p->trap.n[1] = at, p->trap.n[2] = 1;
            return hl_vm_trap_yield(p, hl_vm_bif_list_to_tuple, m + k);
        }
        t[1 + at] = hl_car(l);
    }
    p->bif_cost += cost(m + k);
    *out = tup;
    return done(p, HL_TERM_OK);
}
