/* vm_bigop.c — long bignum operations run in steps across builtin calls
 * (vm/vm_bigop.h): starting a job, advancing it a step per call, and
 * building its result once it is done. The job lives in p->trap.buf (its
 * destructor hl_bigjob_free), charged to the heap limit as it grows;
 * p->trap.n[0] is 1 once building the result failed for want of heap (the
 * next failure is final, so a collection that cannot make room ends the
 * run instead of looping). */
#include "vm/vm_bigop.h"

#include "base/mem.h"
#include "term/arith.h"
#include "term/bigjob.h"
#include "vm/vm_trap.h"

#define H (&p->heap)

hl_term_status hl_vm_big_mul_marker(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    return hl_vm_big_mul(p, hl_vm_big_mul_marker, a[0], a[1], out);
}

/* A fresh job: saved as fn's continuation, charged, and a yield
 * (HL_VM_BIF_TRAP), or HEAP_LIMIT when its memory would pass the limit. */
static hl_term_status start(hl_vm_proc *p, hl_vm_bif_fn fn, hl_bigjob *j) {
    if (hl_vm_trap_buf_charge(p, hl_bigjob_bytes(j)) != HL_TERM_OK) {
        hl_bigjob_free(j);
        return HL_TERM_HEAP_LIMIT;
    }
    p->trap.buf = j, p->trap.buf_free = hl_bigjob_free;
    p->trap.n[0] = 0;
    /* the copies made are this call's work, charged as a linear operation
     * (1 reduction per 16 limbs); the first step is the next call's */
    return hl_vm_trap_yield(p, fn, hl_bigjob_copied(j));
}

/* Charging or building the result of a job failed with st. */
static hl_term_status result_failed(hl_vm_proc *p, hl_term_status st) {
    if (st == HL_TERM_HEAP_LIMIT && p->trap.n[0] == 0) {
        p->trap.n[0] = 1; /* collect and call again, once */
        return st;
    }
    return hl_vm_trap_end(p, st);
}

/* One step of the saved job: OK when it is done (result still to build),
 * HL_VM_BIF_TRAP after a step, or an ending status (the trap ended). */
static hl_term_status advance(hl_vm_proc *p, hl_vm_bif_fn fn, hl_bigjob **out) {
    hl_bigjob *j = p->trap.buf;
    *out = j;
    uint64_t pairs = 0;
    bool done = false;
    hl_term_status st = hl_bigjob_step(j, HL_VM_BIG_STEP, &pairs, &done);
    if (st != HL_TERM_OK) return hl_vm_trap_end(p, st);
    /* a conversion's scratch grows: past the heap limit, collect and try
     * once more (the step is not redone), then the heap fault */
    if ((st = hl_vm_trap_buf_charge(p, hl_bigjob_bytes(j))) != HL_TERM_OK) {
        p->bif_cost += pairs >> 8;
        return result_failed(p, st);
    }
    if (!done) return hl_vm_trap_yield(p, fn, pairs >> (8 - HL_VM_TRAP_COST_SHIFT));
    p->bif_cost += pairs >> 8;
    return HL_TERM_OK;
}

hl_term_status hl_vm_big_mul(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term a, hl_term b, hl_term *out) {
    hl_term_status st;
    if (!hl_vm_trap_resuming(p, fn)) {
        hl_bigjob *j;
        if ((st = hl_bigjob_mul(a, b, &j)) != HL_TERM_OK) return st;
        return start(p, fn, j);
    }
    hl_bigjob *j;
    if ((st = advance(p, fn, &j)) != HL_TERM_OK) return st;
    if ((st = hl_bigjob_result(j, H, out, NULL)) != HL_TERM_OK) return result_failed(p, st);
    return hl_vm_trap_end(p, HL_TERM_OK);
}

hl_term_status hl_vm_big_divrem(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term a, hl_term b, hl_term *q, hl_term *r) {
    hl_term_status st;
    if (!hl_vm_trap_resuming(p, fn)) {
        hl_bigjob *j;
        if ((st = hl_bigjob_divrem(a, b, &j)) != HL_TERM_OK) return st;
        return start(p, fn, j);
    }
    hl_bigjob *j;
    if ((st = advance(p, fn, &j)) != HL_TERM_OK) return st;
    if ((st = hl_bigjob_result(j, H, q, r)) != HL_TERM_OK) return result_failed(p, st);
    return hl_vm_trap_end(p, HL_TERM_OK);
}

hl_term_status hl_vm_big_to_text(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term a, hl_term base, bool as_binary, hl_term *out) {
    hl_term_status st;
    if (!hl_vm_trap_resuming(p, fn)) {
        if (!hl_is_small(base) || hl_small_val(base) < 2 || hl_small_val(base) > 36) return HL_TERM_BADARG;
        hl_bigjob *j;
        if ((st = hl_bigjob_to_text(a, (unsigned)hl_small_val(base), &j)) != HL_TERM_OK) return st;
        return start(p, fn, j);
    }
    hl_bigjob *j;
    if ((st = advance(p, fn, &j)) != HL_TERM_OK) return st;
    size_t len;
    const char *text = hl_bigjob_text(j, &len);
    if (as_binary) {
        st = hl_make_binary(H, text, len, out);
    } else {
        hl_term *c;
        if ((st = hl_heap_alloc(H, 2 * len, &c)) == HL_TERM_OK) {
            hl_term l = HL_NIL;
            for (size_t i = len; i-- > 0;) {
                c[2 * i] = hl_make_small((unsigned char)text[i]);
                c[2 * i + 1] = l;
                l = hl_make_cons(c + 2 * i);
            }
            *out = l;
        }
    }
    if (st != HL_TERM_OK) return result_failed(p, st);
    p->bif_cost += len >> HL_VM_TRAP_COST_SHIFT; /* the list or binary built */
    return hl_vm_trap_end(p, HL_TERM_OK);
}

hl_term_status hl_vm_big_from_text(hl_vm_proc *p, hl_vm_bif_fn fn, const unsigned char *text, size_t len,
                                   unsigned base, hl_term *out) {
    hl_term_status st;
    if (text) {
        hl_bigjob *j;
        if ((st = hl_bigjob_from_text(text, len, base, &j)) != HL_TERM_OK) return p->trap.fn ? hl_vm_trap_end(p, st) : st;
        void *caller = p->trap.buf; /* the caller's digits (text may point into them), or NULL */
        p->trap.buf = NULL;
        if ((st = start(p, fn, j)) != HL_VM_BIF_TRAP) {
            p->trap.buf = caller; /* HEAP_LIMIT: the caller keeps its state for the retry */
            return st;
        }
        hl_mem_free(caller);
        return st;
    }
    hl_bigjob *j;
    if ((st = advance(p, fn, &j)) != HL_TERM_OK) return st;
    if ((st = hl_bigjob_result(j, H, out, NULL)) != HL_TERM_OK) return result_failed(p, st);
    return hl_vm_trap_end(p, HL_TERM_OK);
}
