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
 * trap.t: [0] the cursor; trap.buf: the sign and the significant digits
 * so far; trap.n: [0] cells walked, [1] significant digits, [2] the base,
 * [3] 1 when a '-' came first. A number long enough to parse in steps
 * then becomes a bignum job in trap.buf (vm_bigop.h). */
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

/* The digit buffer's capacity for nsig significant digits (after the
 * sign byte): 256 doubled while full, so a resumed walk knows it. */
static size_t dig_cap(uint64_t nsig) {
    size_t cap = 256;
    while (cap <= nsig) cap *= 2;
    return cap;
}

static hl_term_status convert(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term list, hl_term base_t, hl_term *out) {
    if (hl_vm_trap_resuming(p, fn) && p->trap.buf_free) return hl_vm_big_from_text(p, fn, NULL, 0, 0, out); /* parsing */
    hl_term l;
    uint64_t walked, nsig, neg, base;
    unsigned char *dig; /* sign byte, then the significant digits (at most SIG_MAX) */
    if (hl_vm_trap_resuming(p, fn)) {
        l = p->trap.t[0];
        walked = p->trap.n[0], nsig = p->trap.n[1], base = p->trap.n[2], neg = p->trap.n[3];
        dig = p->trap.buf;
    } else {
        if (!hl_is_small(base_t) || hl_small_val(base_t) < 2 || hl_small_val(base_t) > 36) return HL_TERM_BADARG;
        base = (uint64_t)hl_small_val(base_t);
        l = list, walked = 0, nsig = 0, neg = 0;
        if (hl_is_cons(l) && hl_is_small(hl_car(l)) && (hl_small_val(hl_car(l)) == '-' || hl_small_val(hl_car(l)) == '+')) {
            neg = hl_small_val(hl_car(l)) == '-';
            l = hl_cdr(l), walked = 1;
        }
        if (!hl_is_cons(l)) return HL_TERM_BADARG; /* "", "+", "-" or not a list */
        if (!(dig = hl_mem_alloc(dig_cap(0)))) return HL_TERM_NOMEM;
        p->trap.buf = dig; /* freed with the trap state, or below */
    }
    uint64_t k = 0;
    hl_term_status st = HL_TERM_OK;
    for (; hl_is_cons(l); l = hl_cdr(l), k++) {
        if (k == Q) {
            p->trap.t[0] = l, p->trap.buf = dig;
            p->trap.n[0] = walked + k, p->trap.n[1] = nsig, p->trap.n[2] = base, p->trap.n[3] = neg;
            return hl_vm_trap_yield(p, fn, k);
        }
        int d = digit(hl_car(l), (unsigned)base);
        if (d < 0) {
            st = HL_TERM_BADARG;
            goto done;
        }
        if (nsig == 0 && d == 0) continue; /* a leading zero */
        nsig++;
        if (nsig <= SIG_MAX) {
            size_t cap = dig_cap(nsig - 1);
            if (nsig >= cap) { /* full: double it */
                unsigned char *nd = hl_mem_realloc(dig, 2 * cap);
                if (!nd) {
                    st = HL_TERM_NOMEM;
                    goto done;
                }
                p->trap.buf = dig = nd;
            }
            dig[nsig] = (unsigned char)hl_small_val(hl_car(l));
        }
    }
    if (l != HL_NIL) st = HL_TERM_BADARG;
    else if (nsig > SIG_MAX) st = HL_TERM_SYSTEM_LIMIT;
    else {
        /* sign and significant digits ("0" for none) as text */
        dig[0] = neg ? '-' : '+';
        if (nsig == 0) dig[++nsig] = '0';
        p->bif_cost += (k + nsig) >> HL_VM_TRAP_COST_SHIFT;
        if (hl_vm_big_digits_long(nsig)) { /* a long number: parsed in steps (vm_bigop.h) */
            if (k > 0) { /* the walk was this call's work: the job starts in the next */
                p->trap.t[0] = HL_NIL, p->trap.buf = dig;
                p->trap.n[0] = walked + k, p->trap.n[1] = nsig, p->trap.n[2] = base, p->trap.n[3] = neg;
                p->bif_cost -= (k + nsig) >> HL_VM_TRAP_COST_SHIFT; /* charged when it ends */
                return hl_vm_trap_yield(p, fn, k);
            }
            p->trap.fn = fn; /* the buffer is the state's until the job copies it */
            st = hl_vm_big_from_text(p, fn, dig, nsig + 1, (unsigned)base, out);
            if (st != HL_TERM_HEAP_LIMIT || p->trap.buf != dig) return st;
        } else {
            st = hl_int_from_text(H, dig, nsig + 1, (unsigned)base, out);
        }
        if (st == HL_TERM_HEAP_LIMIT) { /* collected and called again: the walk is done, the state stays */
            p->trap.t[0] = HL_NIL, p->trap.buf = dig, p->trap.fn = fn;
            p->trap.n[0] = walked + k, p->trap.n[1] = nsig, p->trap.n[2] = base, p->trap.n[3] = neg;
            return st;
        }
        if (st == HL_TERM_OK) p->bif_cost += hl_vm_big_cost(*out, *out, true); /* the quadratic conversion */
    }
done:
    if (p->trap.fn) return hl_vm_trap_end(p, st); /* frees dig */
    hl_mem_free(dig);
    p->trap.buf = NULL;
    return st;
}

hl_term_status hl_vm_bif_list_to_integer1(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    return convert(p, hl_vm_bif_list_to_integer1, a[0], hl_make_small(10), out);
}
hl_term_status hl_vm_bif_list_to_integer2(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    return convert(p, hl_vm_bif_list_to_integer2, a[0], a[1], out);
}
