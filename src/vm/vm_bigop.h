/* vm_bigop.h — bignum operations too long for one call (a product,
 * division, or text conversion of more than HL_VM_BIG_SLICE limb pairs of
 * work) run as a job of term/bigjob.h held in p->trap.buf and advanced a
 * step per call: the builtin (or the `*` instruction) yields between
 * steps like any trapping builtin (vm/vm_trap.h), so the deadline, the
 * interrupt, the reduction limit and the slice end are all checked
 * between pieces, and no single call does more than about
 * HL_VM_BIG_STEP pairs. Each step is charged 1 reduction per 256 pairs,
 * as the one-shot operations are; the job's host memory counts against
 * the heap limit while it is held. There is no work cap on this path:
 * what stops a huge operation is the run's own limits. */
#ifndef HL_VM_BIGOP_H
#define HL_VM_BIGOP_H

#include "term/bignum.h"
#include "vm/vm_internal.h"

/* Pairs per step: ~0.2 ms with the slowest pair (algorithm D, ~1.3 ns)
 * on the reference machine; a block product of GB x GB limbs (2^20 pairs
 * with GMP's fast multiplication, ~0.15 ms) is one piece. Measured longest
 * calls 0.2-0.85 ms (bench/README.md, "Adversarial kernels"). */
#define HL_VM_BIG_STEP (UINT64_C(1) << 17)
/* Operations with more work than this run as jobs; below it the one-shot
 * operation takes well under a millisecond. */
#define HL_VM_BIG_SLICE (UINT64_C(1) << 18)

static inline uint64_t hl_vm_big_nl(hl_term t) { return hl_is_boxed(t) ? hl_big_nlimbs(t) : 1; }
/* True when a * b (integers) is long enough to run as a job. */
static inline bool hl_vm_big_mul_long(hl_term a, hl_term b) {
    return hl_is_boxed(a) && hl_is_boxed(b) && hl_is_integer(a) && hl_is_integer(b) &&
           hl_vm_big_nl(a) * hl_vm_big_nl(b) > HL_VM_BIG_SLICE;
}
static inline bool hl_vm_big_div_long(hl_term a, hl_term b) {
    if (!hl_is_boxed(a) || !hl_is_integer(a) || !hl_is_integer(b)) return false;
    uint64_t na = hl_vm_big_nl(a), nb = hl_vm_big_nl(b);
    return na >= nb && (na - nb + 1) * nb > HL_VM_BIG_SLICE;
}
/* True when `len` digits are long enough to parse as a job (base 10's
 * ~3.3 bits a digit, rounded up). */
static inline bool hl_vm_big_digits_long(uint64_t len) { return hl_int_text_work(len * 4 / 64 + 2) > HL_VM_BIG_SLICE; }
static inline bool hl_vm_big_text_long(hl_term a) {
    return hl_is_boxed(a) && hl_is_integer(a) && hl_int_text_work(hl_big_nlimbs(a)) > HL_VM_BIG_SLICE;
}

/* The marker under which the `*` instruction's job is saved (the
 * instruction has no builtin of its own). */
hl_term_status hl_vm_big_mul_marker(hl_vm_proc *p, const hl_term *a, hl_term *out);
/* The same for the `+` and `-` instructions' linear jobs (below). */
hl_term_status hl_vm_big_add_marker(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_big_sub_marker(hl_vm_proc *p, const hl_term *a, hl_term *out);

/* ---- linear operations in steps (term/biglin.h) ----
 * band, bor, bxor, bnot, +, -, unary minus, abs, bsl and bsr whose result
 * has more than HL_VM_BIG_LIN_SLICE limbs write it HL_VM_BIG_LIN_STEP limbs
 * per call into a detached heap fragment (vm_trap.h: counted against the
 * heap limit, adopted by the heap when done) and yield between steps: the
 * first touch of a fresh 4 MiB result made `1 bsl 33554367` a 2.5-6 ms
 * call. Charged as the one-shot operations, 1 reduction per 16 limbs. */
#define HL_VM_BIG_LIN_SLICE (UINT64_C(1) << 16)
#define HL_VM_BIG_LIN_STEP (UINT64_C(1) << 16)
/* True when op (enum hl_biglin_op) on a and b runs in steps (both
 * integers, b for the shifts a small amount; at least one operand long). */
bool hl_vm_big_lin_long(int op, hl_term a, hl_term b);
/* op on a and b as a job for builtin fn (fresh or resuming): OK with
 * *out, HL_VM_BIF_TRAP (a step done, charged), HEAP_LIMIT (nothing kept:
 * collect and call again), SYSTEM_LIMIT, NOMEM. */
hl_term_status hl_vm_big_lin(hl_vm_proc *p, hl_vm_bif_fn fn, int op, hl_term a, hl_term b, hl_term *out);
/* a bsl s (left) or a bsr s (s an integer) when long, for builtin fn:
 * *long_op false when the one-shot operation should run instead. */
hl_term_status hl_vm_big_shift(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term a, hl_term s, bool left, hl_term *out,
                               bool *long_op);

/* a * b as a job for builtin fn (fresh or resuming): OK with *out,
 * HL_VM_BIF_TRAP (a step done, charged), HEAP_LIMIT (collect and call
 * again; when p->trap.fn is NULL afterwards the job is gone and the limit
 * is final), SYSTEM_LIMIT, NOMEM. */
hl_term_status hl_vm_big_mul(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term a, hl_term b, hl_term *out);
/* a div b into *q and/or a rem b into *r (either may be NULL), as above;
 * BADARITH for b = 0. */
hl_term_status hl_vm_big_divrem(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term a, hl_term b, hl_term *q, hl_term *r);
/* The text of a (an integer) in base as a list (as_binary false) or a
 * binary, as above; BADARG for a bad base. */
hl_term_status hl_vm_big_to_text(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term a, hl_term base, bool as_binary, hl_term *out);
/* Parses text (copied) as list_to_integer does; the job is started on the
 * first call and resumed with text NULL. */
hl_term_status hl_vm_big_from_text(hl_vm_proc *p, hl_vm_bif_fn fn, const unsigned char *text, size_t len,
                                   unsigned base, hl_term *out);

#endif
