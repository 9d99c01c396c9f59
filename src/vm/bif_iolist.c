/* bif_iolist.c — list_to_binary/1, list_to_bitstring/1, iolist_to_binary/1
 * and iolist_size/1: walks over an I/O list (or bitstring list) that yield
 * (vm/vm_trap.h, docs/builtins.md). Bytes are 0..255; binaries anywhere a
 * byte or a tail may be; list_to_bitstring takes any bitstring, the others
 * only binaries. Exceptions are OTP's (badarg; system_limit past the
 * binary cap, HL_BIN_MAX_BYTES).
 *
 * The walk is iterative: the tails still to visit are kept as a list on
 * the process heap (a cons per nested element), so it needs no C recursion
 * and its place survives a trap as two terms. Each call does at most
 * HL_VM_TRAP_QUANTUM work units (an element or sublist visited, or 4 bytes
 * of a binary copied), charged one reduction per 16; a heavily shared list
 * (a DAG whose tree is exponential) is therefore bounded by the reduction
 * limit, not by a visit cap.
 *
 * Two passes: the first measures and checks; the second (binaries only)
 * copies into the result, allocated in between. A call that finishes both
 * within one quantum returns at once; otherwise it traps with
 * trap.t: [0] the current term, [1] the pending tails, [2] the list, [3] the
 * result binary (second pass), and trap.n: [0] the pass (0 measure, 1 copy,
 * 2 copied), [1] bits so far, [2] bytes of the current binary copied,
 * [3] the total in bits. */
#include <string.h>

#include "term/bignum.h"
#include "term/bits.h"
#include "vm/vm_bits.h"
#include "vm/vm_iolist.h"
#include "vm/vm_trap.h"

#define H (&p->heap)
#define Q HL_VM_TRAP_QUANTUM

enum { MEASURE, COPY, COPIED };
enum { BYTES_PER_UNIT = 4 };

typedef struct walk {
    hl_term t, stack;
    uint64_t off;  /* bits so far */
    uint64_t done; /* bytes of the binary t already copied (copy pass) */
} walk;

typedef enum { STEP_MORE, STEP_DONE } step_end;

/* Walks until the list is done or `*units` reaches a quantum. dst: the
 * result's bytes (copy pass) or NULL (measure). Allocates (pending tails),
 * so may return HEAP_LIMIT: the caller keeps its saved state for the retry. */
static hl_term_status step(hl_vm_proc *p, walk *w, bool bits, uint8_t *dst, uint64_t *units, step_end *end) {
    *end = STEP_MORE;
    for (;;) {
        if (*units >= Q) return HL_TERM_OK;
        hl_term t = w->t;
        if (hl_is_cons(t)) {
            hl_term hd = hl_car(t);
            ++*units;
            if (hl_is_small(hd)) {
                int64_t v = hl_small_val(hd);
                if (v < 0 || v > 255) return HL_TERM_BADARG;
                if (w->off + 8 > HL_BIN_MAX_BITS) return HL_TERM_SYSTEM_LIMIT;
                if (dst) hl_bits_put8(dst, w->off, (unsigned)v, 8);
                w->off += 8;
                w->t = hl_cdr(t);
                continue;
            }
            if (!hl_is_list(hd) && !hl_is_binary_obj(hd)) return HL_TERM_BADARG;
            hl_term *c;
            hl_term_status st = hl_heap_alloc(H, 2, &c);
            if (st != HL_TERM_OK) return st;
            w->stack = hl_cons_init(c, hl_cdr(t), w->stack);
            w->t = hd;
            continue;
        }
        if (hl_is_binary_obj(t)) {
            const unsigned char *b;
            uint64_t boff, bsz;
            hl_bitstring_view(t, &b, &boff, &bsz);
            if (!bits && bsz % 8) return HL_TERM_BADARG;
            if (!dst) {
                ++*units;
                if (bsz > HL_BIN_MAX_BITS - w->off) return HL_TERM_SYSTEM_LIMIT;
                w->off += bsz;
            } else {
                /* whole bytes in slices of what the quantum has left, then the trailing bits */
                uint64_t bytes = bsz / 8, room = (Q - *units) * BYTES_PER_UNIT, k = bytes - w->done;
                if (k > room) k = room;
                hl_bits_copy(dst, w->off + 8 * w->done, b, boff + 8 * w->done, 8 * k);
                w->done += k;
                *units += k / BYTES_PER_UNIT + 1;
                if (w->done < bytes) continue; /* the quantum is used up: trap mid-binary */
                if (bsz % 8) hl_bits_copy(dst, w->off + 8 * bytes, b, boff + 8 * bytes, bsz % 8);
                w->off += bsz, w->done = 0;
            }
        } else if (t != HL_NIL) {
            return HL_TERM_BADARG;
        } else {
            ++*units;
        }
        if (w->stack == HL_NIL) {
            *end = STEP_DONE;
            return HL_TERM_OK;
        }
        w->t = hl_car(w->stack), w->stack = hl_cdr(w->stack);
    }
}

static void save(hl_vm_proc *p, const walk *w) {
    p->trap.t[0] = w->t, p->trap.t[1] = w->stack, p->trap.n[1] = w->off, p->trap.n[2] = w->done;
}

/* The result's bytes, wherever the binary is now (a heap binary moves when
 * the heap is collected; it is ours until returned). */
static uint8_t *result_bytes(hl_term bin) {
    const unsigned char *b;
    uint64_t off, sz;
    hl_bitstring_view(bin, &b, &off, &sz);
    return (uint8_t *)(uintptr_t)b;
}

/* The result: the binary, or a view of its first `bits` bits. */
static hl_term_status finish_bin(hl_vm_proc *p, hl_term bin, uint64_t bits, hl_term *out) {
    if (bits % 8 == 0) {
        *out = bin;
        return HL_TERM_OK;
    }
    hl_term *sp;
    hl_term_status st = hl_heap_alloc(H, HL_SUB_BIN_WORDS, &sp);
    if (st != HL_TERM_OK) return st;
    *out = hl_sub_bin_init(sp, bin, 0, bits);
    return HL_TERM_OK;
}

static hl_term_status ended(hl_vm_proc *p, hl_term_status st) {
    if (st == HL_TERM_HEAP_LIMIT) return st; /* collected and called again: the state stays */
    return p->trap.fn ? hl_vm_trap_end(p, st) : st;
}

/* list_to_binary / list_to_bitstring / iolist_to_binary (fn: which). */
static hl_term_status to_bin(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term l, bool bits, hl_term *out) {
    uint64_t units = 0;
    step_end end;
    hl_term_status st;
    walk w;
    int pass = MEASURE;
    hl_term bin = HL_NIL;
    if (hl_vm_trap_resuming(p, fn)) {
        pass = (int)p->trap.n[0];
        w = (walk){p->trap.t[0], p->trap.t[1], p->trap.n[1], p->trap.n[2]};
        l = p->trap.t[2], bin = p->trap.t[3];
    } else {
        w = (walk){l, HL_NIL, 0, 0};
    }
    if (pass == MEASURE) {
        if ((st = step(p, &w, bits, NULL, &units, &end)) != HL_TERM_OK) return ended(p, st);
        if (end == STEP_MORE) {
            save(p, &w);
            p->trap.t[2] = l, p->trap.n[0] = MEASURE;
            return hl_vm_trap_yield(p, fn, units);
        }
        uint64_t total = w.off;
        hl_bin_builder b;
        if ((st = hl_bin_build_begin(H, (total + 7) / 8 * 8, &b)) != HL_TERM_OK) return ended(p, st);
        bin = b.bin, pass = COPY;
        w = (walk){l, HL_NIL, 0, 0};
        p->trap.n[3] = total;
        if (units >= Q / 2) { /* the copy starts with the next call */
            save(p, &w);
            p->trap.t[2] = l, p->trap.t[3] = bin, p->trap.n[0] = COPY;
            return hl_vm_trap_yield(p, fn, units);
        }
        units += 1;
    }
    uint64_t total = p->trap.n[3];
    if (pass == COPY) {
        /* what the measure pass walked fits (it allocated nothing that the
         * copy pass will not allocate again, and the state is as saved) */
        st = step(p, &w, bits, result_bytes(bin), &units, &end);
        if (st != HL_TERM_OK) return ended(p, st);
        if (end == STEP_MORE) {
            save(p, &w);
            p->trap.t[2] = l, p->trap.t[3] = bin, p->trap.n[0] = COPY;
            return hl_vm_trap_yield(p, fn, units);
        }
        p->trap.t[3] = bin, p->trap.n[0] = COPIED; /* a retry of the view below starts here */
    }
    if ((st = finish_bin(p, bin, total, out)) != HL_TERM_OK) return ended(p, st);
    p->bif_cost += (units >> HL_VM_TRAP_COST_SHIFT) + 1;
    return ended(p, HL_TERM_OK);
}

hl_term_status hl_vm_bif_list_to_binary(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    if (!hl_vm_trap_resuming(p, hl_vm_bif_list_to_binary) && !hl_is_list(a[0])) return HL_TERM_BADARG;
    return to_bin(p, hl_vm_bif_list_to_binary, a[0], false, out);
}
hl_term_status hl_vm_bif_list_to_bitstring(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    if (!hl_vm_trap_resuming(p, hl_vm_bif_list_to_bitstring) && !hl_is_list(a[0])) return HL_TERM_BADARG;
    return to_bin(p, hl_vm_bif_list_to_bitstring, a[0], true, out);
}
hl_term_status hl_vm_bif_iolist_to_binary(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    if (!hl_vm_trap_resuming(p, hl_vm_bif_iolist_to_binary)) {
        if (hl_is_binary_obj(a[0])) {
            if (hl_bits_size(a[0]) % 8) return HL_TERM_BADARG;
            *out = a[0];
            return HL_TERM_OK;
        }
        if (!hl_is_list(a[0])) return HL_TERM_BADARG;
    }
    return to_bin(p, hl_vm_bif_iolist_to_binary, a[0], false, out);
}

hl_term_status hl_vm_bif_iolist_size(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    walk w = {a[0], HL_NIL, 0, 0};
    if (hl_vm_trap_resuming(p, hl_vm_bif_iolist_size))
        w = (walk){p->trap.t[0], p->trap.t[1], p->trap.n[1], 0};
    else if (!hl_is_list(a[0]) && !hl_is_binary_obj(a[0]))
        return HL_TERM_BADARG;
    uint64_t units = 0;
    step_end end;
    hl_term_status st = step(p, &w, false, NULL, &units, &end);
    if (st != HL_TERM_OK) return ended(p, st);
    if (end == STEP_MORE) {
        save(p, &w);
        return hl_vm_trap_yield(p, hl_vm_bif_iolist_size, units);
    }
    if ((st = hl_int_make_i64(H, (int64_t)(w.off / 8), out)) != HL_TERM_OK) return ended(p, st);
    p->bif_cost += (units >> HL_VM_TRAP_COST_SHIFT) + 1;
    return ended(p, HL_TERM_OK);
}
