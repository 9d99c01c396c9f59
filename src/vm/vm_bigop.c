/* vm_bigop.c — long bignum operations run in steps across builtin calls
 * (vm/vm_bigop.h): starting a job, advancing it a step per call, and
 * building its result once it is done. The job lives in p->trap.buf (its
 * destructor hl_bigjob_free), charged to the heap limit as it grows;
 * p->trap.n[0] is 1 once building the result failed for want of heap (the
 * next failure is final, so a collection that cannot make room ends the
 * run instead of looping). Linear operations on long integers (term/biglin.h)
 * run the same way, their state in p->trap.buf, operands in trap.t[0..1],
 * the result filled in p->trap.frag. */
#include "vm/vm_bigop.h"

#include "base/mem.h"
#include "term/arith.h"
#include "term/biglin.h"
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

/* ---- linear operations in steps ---- */

hl_term_status hl_vm_big_add_marker(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    return hl_vm_big_lin(p, hl_vm_big_add_marker, HL_BL_ADD, a[0], a[1], out);
}
hl_term_status hl_vm_big_sub_marker(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    return hl_vm_big_lin(p, hl_vm_big_sub_marker, HL_BL_SUB, a[0], a[1], out);
}

bool hl_vm_big_lin_long(int op, hl_term a, hl_term b) {
    if (!hl_is_integer(a) || !(hl_is_boxed(a) || hl_is_boxed(b))) return false;
    if (op == HL_BL_SHL || op == HL_BL_SHR) {
        if (!hl_is_small(b) || hl_small_val(b) < 0) return false;
    } else if (op <= HL_BL_SUB && !hl_is_integer(b)) {
        return false;
    } else if (op == HL_BL_ABS && !(hl_is_boxed(a) && hl_big_is_neg(a))) {
        return false; /* abs of a non-negative integer is itself */
    }
    return hl_biglin_size(op, a, b) > HL_VM_BIG_LIN_SLICE;
}

/* The finished job's result from the fragment: a small, SYSTEM_LIMIT (more
 * than HL_BIG_MAX_LIMBS limbs), or the fragment adopted as the bignum. */
static hl_term_status lin_result(hl_vm_proc *p, const hl_biglin *j, hl_term *out) {
    hl_term *w = p->trap.frag->data;
    size_t n = j->top;
    uint64_t *d = (uint64_t *)(w + 1);
    if (n <= 1) {
        uint64_t m = n ? d[0] : 0;
        if (m <= (uint64_t)HL_SMALL_MAX + j->neg) {
            *out = hl_make_small(j->neg ? (int64_t)(0 - m) : (int64_t)m);
            return hl_vm_trap_end(p, HL_TERM_OK);
        }
    }
    if (n > HL_BIG_MAX_LIMBS) return hl_vm_trap_end(p, HL_TERM_SYSTEM_LIMIT);
    w[0] = hl_make_header(j->neg ? HL_SUB_NEG_BIG : HL_SUB_POS_BIG, n);
    *out = hl_make_boxed(hl_vm_trap_frag_adopt(p, n + 1));
    return hl_vm_trap_end(p, HL_TERM_OK);
}

hl_term_status hl_vm_big_lin(hl_vm_proc *p, hl_vm_bif_fn fn, int op, hl_term a, hl_term b, hl_term *out) {
    hl_term_status st;
    if (!hl_vm_trap_resuming(p, fn)) {
        hl_biglin *j = hl_mem_alloc(sizeof *j);
        if (!j) return HL_TERM_NOMEM;
        size_t nres;
        if ((st = hl_biglin_init(j, op, a, b, &nres)) != HL_TERM_OK ||
            (st = hl_vm_trap_frag_new(p, nres + 1, 0)) != HL_TERM_OK) {
            hl_mem_free(j);
            return st;
        }
        p->trap.buf = j, p->trap.buf_free = NULL;
        p->trap.t[0] = a, p->trap.t[1] = b;
    }
    hl_biglin *j = p->trap.buf;
    uint64_t work = 0;
    bool done = hl_biglin_step(j, p->trap.t[0], p->trap.t[1], (uint64_t *)(p->trap.frag->data + 1),
                               HL_VM_BIG_LIN_STEP, &work);
    if (!done) return hl_vm_trap_yield(p, fn, work);
    p->bif_cost += work >> 4;
    return lin_result(p, j, out);
}

hl_term_status hl_vm_big_shift(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term a, hl_term s, bool left, hl_term *out,
                               bool *long_op) {
    *long_op = true;
    if (hl_vm_trap_resuming(p, fn)) return hl_vm_big_lin(p, fn, 0, HL_NIL, HL_NIL, out);
    /* amounts past the bignum cap are the one-shot operation's (system_limit or 0 / -1 at once) */
    if (!hl_is_small(s) || hl_small_val(s) > 2 * (int64_t)HL_BIG_MAX_BITS ||
        hl_small_val(s) < -2 * (int64_t)HL_BIG_MAX_BITS) {
        *long_op = false;
        return HL_TERM_OK;
    }
    int64_t v = hl_small_val(s);
    int op = (v >= 0) == left ? HL_BL_SHL : HL_BL_SHR;
    hl_term amount = hl_make_small(v >= 0 ? v : -v);
    if (!hl_vm_big_lin_long(op, a, amount)) {
        *long_op = false;
        return HL_TERM_OK;
    }
    return hl_vm_big_lin(p, fn, op, a, amount, out);
}
