/* bif_subtract.c — erlang:'--'/2 (A -- B: for each element of B, the first
 * equal (=:=) element of A still there is removed). Quadratic, so it
 * yields (vm/vm_trap.h): operands whose walk and matching fit one quantum
 * are done in one call as before; anything larger goes through four
 * yielding phases, each call doing at most a quantum of work units (a cell
 * walked or copied, a comparison step), charged one reduction per 16. There
 * is therefore no size cap (OTP has none): the reduction limit bounds it.
 *
 *   0 walk A: check it is proper, count it, note where each quantum-sized
 *     chunk starts (a short list of those tails, newest first);
 *   1 walk B: check it is proper;
 *   2 match: for each element of B, scan A for the first equal element
 *     not yet removed (a bitmap in p->trap.buf), resumable mid-scan;
 *   3 build: the chunks of A from the last back, each copied without its
 *     removed elements in front of the part already built (no cell is
 *     written after it is built, no scratch copy of A).
 *
 * trap.t: [0] the cursor (A in 0, B in 1 and 2), [1] A's chunk starts,
 * [2] A (0-1), its first element not yet removed (2) or the result so far
 * (3), [3] B (0-1) or the scan position in A (2). trap.n: [0] the phase,
 * [1] |A|, [2] the scan index (2) or the cells of A still to build (3),
 * [3] the index of t[2] (2). */
#include "term/compare.h"
#include "vm/vm_lists.h"
#include "vm/vm_trap.h"

#define H (&p->heap)
#define Q HL_VM_TRAP_QUANTUM

enum { WALK_A, WALK_B, MATCH, BUILD };

static bool gone(const uint8_t *bits, uint64_t i) { return bits[i >> 3] >> (i & 7) & 1; }

/* =:= with its work in units. A comparison past its budget (elements
 * that are themselves huge) or out of memory sets *fail and answers false,
 * which the caller never uses: it ends the call with *fail (BUDGET stops
 * the run with a reductions fault, never a made-up answer). */
static bool exact_eq(hl_term x, hl_term y, uint64_t *units, hl_term_status *fail) {
    *units += 1;
    if (x == y) return true;
    if (hl_is_immed(x) || hl_is_immed(y)) return false;
    enum { CMP_BUDGET = 1u << 20 };
    uint64_t budget = CMP_BUDGET;
    int r = 1;
    hl_term_status st = hl_term_compare(x, y, true, &budget, &r);
    *units += CMP_BUDGET - budget;
    if (st != HL_TERM_OK) {
        *fail = st;
        return false;
    }
    return r == 0;
}

/* Both operands small: the whole job in this call (the charge as before). */
static hl_term_status subtract_small(hl_vm_proc *p, hl_term A, hl_term B, uint64_t n, uint64_t m, hl_term *out) {
    uint8_t removed[Q / 8] = {0}; /* a bitmap: n <= Q */
    uint64_t units = 0;
    hl_term_status fail = HL_TERM_OK;
    for (hl_term b = B; hl_is_cons(b); b = hl_cdr(b)) {
        uint64_t i = 0;
        for (hl_term l = A; hl_is_cons(l); l = hl_cdr(l), i++) {
            if (!gone(removed, i) && exact_eq(hl_car(l), hl_car(b), &units, &fail)) {
                removed[i >> 3] |= (uint8_t)(1u << (i & 7));
                break;
            }
            if (fail != HL_TERM_OK) return fail;
        }
    }
    uint64_t keep = 0;
    for (uint64_t i = 0; i < n; i++) keep += !gone(removed, i);
    hl_term *c = NULL, res = HL_NIL;
    if (keep) {
        hl_term_status st = hl_heap_alloc(H, 2 * (size_t)keep, &c);
        if (st != HL_TERM_OK) return st;
        uint64_t i = 0, j = 0;
        for (hl_term l = A; hl_is_cons(l); l = hl_cdr(l), i++)
            if (!gone(removed, i)) {
                hl_cons_init(c + 2 * j, hl_car(l), j + 1 < keep ? hl_make_cons(c + 2 * (j + 1)) : HL_NIL);
                j++;
            }
        res = hl_make_cons(c);
    }
    p->bif_cost = (n * m) >> HL_VM_TRAP_COST_SHIFT;
    *out = res;
    return HL_TERM_OK;
}

static hl_term_status walk_a(hl_vm_proc *p) {
    hl_term *cell;
    hl_term_status st = hl_heap_alloc(H, 2, &cell);
    if (st != HL_TERM_OK) return st;
    hl_term t = p->trap.t[0];
    p->trap.t[1] = hl_cons_init(cell, t, p->trap.t[1]);
    uint64_t k = 0;
    while (k < Q && hl_is_cons(t)) k++, t = hl_cdr(t);
    if (!hl_is_cons(t) && t != HL_NIL) return hl_vm_trap_end(p, HL_TERM_BADARG);
    p->trap.t[0] = t, p->trap.n[1] += k;
    if (t == HL_NIL) p->trap.t[0] = p->trap.t[3], p->trap.n[0] = WALK_B;
    return hl_vm_trap_yield(p, hl_vm_bif_subtract, k);
}

static hl_term_status walk_b(hl_vm_proc *p, hl_term *out) {
    hl_term t = p->trap.t[0];
    uint64_t k = 0;
    while (k < Q && hl_is_cons(t)) k++, t = hl_cdr(t);
    if (!hl_is_cons(t) && t != HL_NIL) return hl_vm_trap_end(p, HL_TERM_BADARG);
    p->trap.t[0] = t;
    if (t != HL_NIL) return hl_vm_trap_yield(p, hl_vm_bif_subtract, k);
    if (p->trap.t[3] == HL_NIL) { /* A -- [] */
        p->bif_cost += k >> HL_VM_TRAP_COST_SHIFT;
        *out = p->trap.t[2];
        return hl_vm_trap_end(p, HL_TERM_OK);
    }
    uint64_t n = p->trap.n[1];
    if (n == 0) { /* [] -- B */
        p->bif_cost += k >> HL_VM_TRAP_COST_SHIFT;
        *out = HL_NIL;
        return hl_vm_trap_end(p, HL_TERM_OK);
    }
    p->trap.buf = hl_mem_calloc((size_t)(n / 8 + 1), 1);
    if (!p->trap.buf) return HL_TERM_NOMEM;
    p->trap.t[0] = p->trap.t[3], p->trap.t[3] = p->trap.t[2], p->trap.n[2] = 0, p->trap.n[3] = 0, p->trap.n[0] = MATCH;
    return hl_vm_trap_yield(p, hl_vm_bif_subtract, k);
}

/* Scans start at the first element of A not yet removed (t[2], index
 * n[3]), so removing a run from the front (L -- L) stays linear. */
static hl_term_status match(hl_vm_proc *p) {
    uint8_t *bits = p->trap.buf;
    hl_term b = p->trap.t[0], l = p->trap.t[3];
    uint64_t i = p->trap.n[2], units = 0;
    hl_term_status fail = HL_TERM_OK;
    while (hl_is_cons(b) && units < Q) {
        hl_term want = hl_car(b);
        for (; hl_is_cons(l); l = hl_cdr(l), i++) {
            if (units >= Q) goto save; /* mid-scan: this element of B goes on next call */
            bool eq = !gone(bits, i) && exact_eq(hl_car(l), want, &units, &fail);
            if (fail != HL_TERM_OK) return hl_vm_trap_end(p, fail);
            if (eq) {
                bits[i >> 3] |= (uint8_t)(1u << (i & 7));
                if (i == p->trap.n[3]) { /* the first live element went: skip to the next live one */
                    hl_term f = hl_cdr(l);
                    uint64_t k = i + 1;
                    while (hl_is_cons(f) && gone(bits, k)) f = hl_cdr(f), k++, units++;
                    p->trap.t[2] = f, p->trap.n[3] = k;
                }
                break;
            }
        }
        b = hl_cdr(b), l = p->trap.t[2], i = p->trap.n[3]; /* the next element scans afresh */
    }
save:
    p->trap.t[0] = b, p->trap.t[3] = l, p->trap.n[2] = i;
    if (!hl_is_cons(b)) p->trap.n[0] = BUILD, p->trap.t[2] = HL_NIL, p->trap.t[3] = HL_NIL, p->trap.n[2] = p->trap.n[1];
    return hl_vm_trap_yield(p, hl_vm_bif_subtract, units);
}

static hl_term_status build(hl_vm_proc *p, hl_term *out) {
    const uint8_t *bits = p->trap.buf;
    hl_term starts = p->trap.t[1], acc = p->trap.t[2];
    uint64_t left = p->trap.n[2], sz = (left - 1) % Q + 1, base = left - sz, keep = 0;
    for (uint64_t i = 0; i < sz; i++) keep += !gone(bits, base + i);
    if (keep) {
        hl_term *c;
        hl_term_status st = hl_heap_alloc(H, 2 * (size_t)keep, &c);
        if (st != HL_TERM_OK) return st;
        uint64_t j = 0;
        hl_term l = hl_car(starts);
        for (uint64_t i = 0; i < sz; i++, l = hl_cdr(l))
            if (!gone(bits, base + i)) {
                hl_cons_init(c + 2 * j, hl_car(l), j + 1 < keep ? hl_make_cons(c + 2 * (j + 1)) : acc);
                j++;
            }
        acc = hl_make_cons(c);
    }
    if (hl_cdr(starts) == HL_NIL) {
        p->bif_cost += sz >> HL_VM_TRAP_COST_SHIFT;
        *out = acc;
        return hl_vm_trap_end(p, HL_TERM_OK);
    }
    p->trap.t[1] = hl_cdr(starts), p->trap.t[2] = acc, p->trap.n[2] = base;
    return hl_vm_trap_yield(p, hl_vm_bif_subtract, sz);
}

hl_term_status hl_vm_bif_subtract(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    if (hl_vm_trap_resuming(p, hl_vm_bif_subtract)) {
        switch (p->trap.n[0]) {
        case WALK_A: return walk_a(p);
        case WALK_B: return walk_b(p, out);
        case MATCH: return match(p);
        default: return build(p, out);
        }
    }
    uint64_t n = 0, m = 0;
    hl_term t = a[0], u = a[1];
    while (n < Q && hl_is_cons(t)) n++, t = hl_cdr(t);
    while (m < Q && hl_is_cons(u)) m++, u = hl_cdr(u);
    if ((!hl_is_cons(t) && t != HL_NIL) || (!hl_is_cons(u) && u != HL_NIL)) return HL_TERM_BADARG;
    if (t == HL_NIL && u == HL_NIL && n * m <= Q) {
        if (n == 0 || m == 0) {
            *out = a[0];
            return HL_TERM_OK;
        }
        return subtract_small(p, a[0], a[1], n, m, out);
    }
    /* The long way, from the start of A. */
    p->trap.t[0] = a[0], p->trap.t[1] = HL_NIL, p->trap.t[2] = a[0], p->trap.t[3] = a[1];
    p->trap.n[0] = WALK_A, p->trap.n[1] = 0, p->trap.n[2] = 0;
    return hl_vm_trap_yield(p, hl_vm_bif_subtract, n + m);
}
