/* bif_text.c — list_to_integer/1,2 on lists of any length, yielding
 * (vm/vm_trap.h, docs/builtins.md). A valid list is an optional sign and
 * digits of the base; only leading zeros can make a valid one longer than
 * the bignum cap allows (HL_BIG_MAX_BITS), so the walk (a quantum of cells
 * per call) checks every character, skips the leading zeros and keeps where
 * the significant digits start; the conversion then reads at most about
 * 65,537 of them (term/bignum.c), or answers system_limit without reading.
 * Exceptions as before: badarg for any bad character or base, checked over
 * the whole list before system_limit.
 *
 * trap.t: [0] the cursor, [1] the first significant digit's cell (or []);
 * trap.n: [0] cells walked, [1] significant digits, [2] the base,
 * [3] 1 when a '-' came first. */
#include "term/arith.h"
#include "term/bignum.h"
#include "vm/vm_bigop.h"
#include "vm/vm_lists.h"
#include "vm/vm_support.h"
#include "vm/vm_trap.h"

#define H (&p->heap)
#define Q HL_VM_TRAP_QUANTUM

/* More significant digits than this cannot fit the bignum cap in any base
 * (the conversion's work cap, HL_BIG_MAX_WORK, refuses far fewer). */
enum { SIG_MAX = HL_BIG_MAX_BITS + 2 };

static int digit(hl_term c, unsigned base) {
    if (!hl_is_small(c)) return -1;
    int64_t v = hl_small_val(c);
    int d = v >= '0' && v <= '9' ? (int)(v - '0') : v >= 'a' && v <= 'z' ? (int)(v - 'a' + 10)
          : v >= 'A' && v <= 'Z'                   ? (int)(v - 'A' + 10)
                                                   : -1;
    return d >= 0 && (unsigned)d < base ? d : -1;
}

static hl_term_status convert(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term list, hl_term base_t, hl_term *out) {
    hl_term l, sig;
    uint64_t walked, nsig, neg, base;
    if (hl_vm_trap_resuming(p, fn) && p->trap.buf) return hl_vm_big_from_text(p, fn, NULL, 0, 0, out); /* parsing */
    if (hl_vm_trap_resuming(p, fn)) {
        l = p->trap.t[0], sig = p->trap.t[1];
        walked = p->trap.n[0], nsig = p->trap.n[1], base = p->trap.n[2], neg = p->trap.n[3];
    } else {
        if (!hl_is_small(base_t) || hl_small_val(base_t) < 2 || hl_small_val(base_t) > 36) return HL_TERM_BADARG;
        base = (uint64_t)hl_small_val(base_t);
        l = list, sig = HL_NIL, walked = 0, nsig = 0, neg = 0;
        if (hl_is_cons(l) && hl_is_small(hl_car(l)) && (hl_small_val(hl_car(l)) == '-' || hl_small_val(hl_car(l)) == '+')) {
            neg = hl_small_val(hl_car(l)) == '-';
            l = hl_cdr(l), walked = 1;
        }
        if (!hl_is_cons(l)) return HL_TERM_BADARG; /* "", "+", "-" or not a list */
    }
    uint64_t k = 0;
    for (; hl_is_cons(l); l = hl_cdr(l), k++) {
        if (k == Q) {
            p->trap.t[0] = l, p->trap.t[1] = sig;
            p->trap.n[0] = walked + k, p->trap.n[1] = nsig, p->trap.n[2] = base, p->trap.n[3] = neg;
            return hl_vm_trap_yield(p, fn, k);
        }
        int d = digit(hl_car(l), (unsigned)base);
        if (d < 0) return p->trap.fn ? hl_vm_trap_end(p, HL_TERM_BADARG) : HL_TERM_BADARG;
        if (nsig == 0 && d == 0) continue; /* a leading zero */
        if (nsig == 0) sig = l;
        nsig++;
    }
    hl_term_status st = HL_TERM_OK;
    if (l != HL_NIL) st = HL_TERM_BADARG;
    else if (nsig > SIG_MAX) st = HL_TERM_SYSTEM_LIMIT;
    else {
        /* sign and significant digits ("0" for none) as text */
        unsigned char *buf = hl_mem_alloc((size_t)nsig + 2);
        if (!buf) return HL_TERM_NOMEM;
        size_t n = 0;
        if (neg) buf[n++] = '-';
        if (nsig == 0) buf[n++] = '0';
        for (hl_term s = sig; hl_is_cons(s); s = hl_cdr(s)) buf[n++] = (unsigned char)hl_small_val(hl_car(s));
        if (hl_vm_big_digits_long(nsig)) { /* a long number: parsed in steps (vm_bigop.h) */
            p->bif_cost += (k + nsig) >> HL_VM_TRAP_COST_SHIFT;
            st = hl_vm_big_from_text(p, fn, buf, n, (unsigned)base, out);
            hl_mem_free(buf);
            return st;
        }
        st = hl_int_from_text(H, buf, n, (unsigned)base, out);
        hl_mem_free(buf);
        if (st == HL_TERM_HEAP_LIMIT) return st; /* collected and called again: the state stays */
        p->bif_cost += (k + nsig) >> HL_VM_TRAP_COST_SHIFT;
        if (st == HL_TERM_OK) p->bif_cost += hl_vm_big_cost(*out, *out, true); /* the quadratic conversion */
    }
    return p->trap.fn ? hl_vm_trap_end(p, st) : st;
}

hl_term_status hl_vm_bif_list_to_integer1(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    return convert(p, hl_vm_bif_list_to_integer1, a[0], hl_make_small(10), out);
}
hl_term_status hl_vm_bif_list_to_integer2(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    return convert(p, hl_vm_bif_list_to_integer2, a[0], a[1], out);
}
