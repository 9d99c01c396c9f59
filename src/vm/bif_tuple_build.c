/* bif_tuple_build.c — the tuple builders on tuples above a quantum
 * (make_tuple/2,3, setelement/3, append_element/2, insert_element/3,
 * delete_element/2, list_to_tuple/1), yielding (vm/vm_trap.h).
 *
 * A tuple cannot be built in pieces on the heap: a half-filled tuple is not
 * a valid term for the collector. So a large one is built in a detached
 * heap fragment (p->trap.frag) that the collector never walks; the elements
 * filled so far are collection roots (updated in place when what they point
 * to moves), the fragment counts against the heap limit meanwhile, and the
 * finished tuple is linked into the heap in O(1). Each call fills at most a
 * quantum of elements, so no call writes more than about half a megabyte,
 * whatever the tuple's size. Small tuples keep their one-call paths in
 * bif_std.c, bif.c and bif_lists.c.
 *
 * State: trap.t[0] the source (the old tuple, the fill value, or the rest of
 * the list), t[1] the extra value (setelement's, append's, insert's; for
 * make_tuple/3 its init list), t[2] make_tuple/3's list position; trap.n[0]
 * the new arity, n[1] kind | phase << 8, n[2] the 1-based index argument.
 * n[3] is left to the caller (list_to_tuple's own phase). */
#include "vm/vm_std.h"
#include "vm/vm_trap.h"

#define Q HL_VM_TRAP_QUANTUM

enum { PHASE_FILL = 0, PHASE_APPLY = 1 }; /* make_tuple/3 applies its init list last */

/* Element j (0-based) of the new tuple, for the kinds that copy or repeat. */
static inline hl_term source(const hl_vm_trap *tr, unsigned kind, uint64_t idx, size_t j) {
    hl_term old = tr->t[0];
    switch (kind) {
    case HL_TB_MAKE:
    case HL_TB_MAKE3:
        return old;
    case HL_TB_SETELEMENT:
        return j + 1 == idx ? tr->t[1] : hl_tuple_get(old, j);
    case HL_TB_APPEND:
        return j == hl_tuple_arity(old) ? tr->t[1] : hl_tuple_get(old, j);
    case HL_TB_INSERT:
        return j + 1 < idx ? hl_tuple_get(old, j) : j + 1 == idx ? tr->t[1] : hl_tuple_get(old, j - 1);
    default: /* HL_TB_DELETE */
        return j + 1 < idx ? hl_tuple_get(old, j) : hl_tuple_get(old, j + 1);
    }
}

hl_term_status hl_vm_tuple_build_resume(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term *out) {
    hl_vm_trap *tr = &p->trap;
    size_t n = (size_t)tr->n[0];
    unsigned kind = (unsigned)(tr->n[1] & 0xFF), phase = (unsigned)(tr->n[1] >> 8);
    uint64_t idx = tr->n[2], units = 0;
    hl_term *slots = tr->frag->data + 1;
    if (phase == PHASE_FILL) {
        size_t at = tr->frag_filled, end = n - at > Q ? at + Q : n;
        units = end - at;
        if (kind == HL_TB_LIST) {
            hl_term l = tr->t[0];
            for (; at < end; at++, l = hl_cdr(l)) slots[at] = hl_car(l);
            tr->t[0] = l;
        } else {
            for (; at < end; at++) slots[at] = source(tr, kind, idx, at);
        }
        tr->frag_filled = at;
        if (at < n) return hl_vm_trap_yield(p, fn, units);
        if (kind == HL_TB_MAKE3) {
            tr->t[2] = tr->t[1], tr->n[1] = kind | PHASE_APPLY << 8;
            return hl_vm_trap_yield(p, fn, units);
        }
    } else { /* make_tuple/3: {Pos, Value} in order, later ones win (validated up front) */
        hl_term l = tr->t[2];
        for (; hl_is_cons(l) && units < Q; l = hl_cdr(l), units++) {
            hl_term e = hl_car(l);
            slots[hl_small_val(hl_tuple_get(e, 0)) - 1] = hl_tuple_get(e, 1);
        }
        tr->t[2] = l;
        if (hl_is_cons(l)) return hl_vm_trap_yield(p, fn, units);
    }
    p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
    *out = hl_make_boxed(hl_vm_trap_frag_adopt(p, n + 1));
    return hl_vm_trap_end(p, HL_TERM_OK);
}

hl_term_status hl_vm_tuple_build(hl_vm_proc *p, hl_vm_bif_fn fn, unsigned kind, size_t n, hl_term src, hl_term extra,
                                 uint64_t idx) {
    hl_term_status st = hl_vm_trap_frag_new(p, n + 1, 1);
    if (st != HL_TERM_OK) {
        /* HEAP_LIMIT: the interpreter collects and calls again, which
         * starts afresh, or resumes a caller that had already trapped */
        return st;
    }
    p->trap.frag->data[0] = hl_make_header(HL_SUB_TUPLE, n);
    p->trap.t[0] = src, p->trap.t[1] = extra;
    p->trap.n[0] = n, p->trap.n[1] = kind | PHASE_FILL << 8, p->trap.n[2] = idx;
    /* the allocation is a step of its own: its first quantum next call */
    return hl_vm_trap_yield(p, fn, 0);
}
