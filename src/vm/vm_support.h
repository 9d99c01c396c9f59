/* vm_support.h — the interpreter's out-of-line slow paths: reduction
 * accounting and preemption, collection, stack growth, raising and
 * unwinding exceptions, fun calls. Every function that returns
 * hl_vm_status returns HL_VM_CONTINUE to mean "carry on" (state in *p). */
#ifndef HL_VM_SUPPORT_H
#define HL_VM_SUPPORT_H

#include "vm/vm_internal.h"

#define HL_VM_CONTINUE HL_VM_YIELD

/* Called when the current chunk of reductions ran out (and once at the
 * start of a run): accounts it and either grants the next chunk (*reds > 0,
 * returns CONTINUE) or stops: YIELD with *reds == 0 (slice used up), or a
 * REDUCTIONS / DEADLINE fault. */
hl_vm_status hl_vm_refill(hl_vm_proc *p, uint64_t *reds, uint64_t *budget);
/* Starts the deadline of a run limited by timeout_ns (hl_vm_limits) now,
 * unless it has started already. */
void hl_vm_arm_deadline(hl_vm_proc *p);
/* Test builds: records one builtin call (started at t0_ns) in p->probe. */
void hl_vm_probe_bif(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term_status ts, uint64_t t0_ns);
/* The clock of hl_vm_probe_bif's t0_ns (vm_support.c). */
uint64_t hl_vm_probe_now_ns(void);
/* True in builds that fill p->probe (HL_TEST_HOOKS). */
bool hl_vm_probe_enabled(void);
/* Accounts the unused rest of the chunk when leaving the interpreter. */
void hl_vm_account(hl_vm_proc *p, uint64_t reds, uint64_t budget);

/* Collects with roots x[0..live), the stack (p->sp) and extra[0..n);
 * guarantees `need` free words. Clears x[live..] to []. */
hl_vm_status hl_vm_gc(hl_vm_proc *p, hl_term *x, uint32_t live, size_t need, hl_term *extra, size_t nextra);
/* erlang:hibernate/3 after its builtin checked fun and args (a fun taking
 * length(args) arguments, reachable, its registers within p->xlim): the
 * stack is dropped, the heap compacted (charged to reductions), and the
 * process resumes in fun(args...) at its next message. WAIT, or YIELD when
 * a message is already queued; a heap fault when the allocator fails. */
hl_vm_status hl_vm_hibernate(hl_vm_proc *p, hl_term *x, hl_term fun, hl_term args);
/* Makes room for `words` more stack words (p->sp, p->e are offsets). */
hl_vm_status hl_vm_grow_stack(hl_vm_proc *p, size_t words);

/* Raising: CONTINUE when a handler took it (p->pc at the handler, x0..x3
 * set), EXCEPTION when uncaught, or a fault. stack = HL_NONE: build one. */
hl_vm_status hl_vm_raise(hl_vm_proc *p, hl_term *x, hl_term cls, hl_term reason, hl_term stack);
hl_vm_status hl_vm_raise_tagged(hl_vm_proc *p, hl_term *x, hl_term tag, hl_term v); /* error:{Tag,V} */
hl_vm_status hl_vm_raise_status(hl_vm_proc *p, hl_term *x, hl_term_status ts);
hl_vm_status hl_vm_raise_function_clause(hl_vm_proc *p, hl_term *x);
hl_vm_status hl_vm_raise_badfun(hl_vm_proc *p, hl_term *x, uint32_t arity);
/* error:{internal_error, {Module, Function, Arity}}: a stdlib function
 * whose code the gate refused on first use (vm/load.c hl_program_fn_load)
 * was called; it never runs. */
hl_vm_status hl_vm_raise_not_loaded(hl_vm_proc *p, hl_term *x, hl_term module, hl_term function, uint32_t arity);
/* catch_end after an exception: x0 := the catch value from x1..x3. */
hl_vm_status hl_vm_catch_value(hl_vm_proc *p, hl_term *x);

/* The entry of the fun in x[arity] called with `arity` arguments (its
 * environment copied to x[arity..]), or NULL (badfun / badarity). */
/* Whether a fun of module prog may run in p (vm_support.c). */
bool hl_vm_fun_reachable(const hl_vm_proc *p, const hl_program *prog);
const hl_tword *hl_vm_fun_entry(const hl_vm_proc *p, hl_term *x, uint32_t arity);
bool hl_vm_is_fun_arity(const hl_vm_proc *p, hl_term f, uint32_t arity);
bool hl_vm_is_binary(hl_term t);

/* Term comparison from the interpreter (select_val on a literal): OK with
 * *r, BUDGET when it needs more than its work budget or NOMEM; the caller
 * then stops the run (hl_vm_fault_status), never using *r. */
hl_term_status hl_vm_cmp(hl_vm_proc *p, hl_term a, hl_term b, bool exact, int *r);
/* The fault that ends a run on a term status with no guest meaning:
 * HEAP_LIMIT the heap limit, BUDGET a step too large to take at once (a
 * comparison no walk takes apart) the reduction limit (reds_used set to
 * max), anything else NOMEM. */
hl_vm_status hl_vm_fault_status(hl_vm_proc *p, hl_term_status ts);

/* Reductions for integer arithmetic on bignums (beyond the instruction's
 * own): linear operations (+, -, band, bsl, bnot, abs, ...) one per 16
 * limbs of the operands (and of a shift's result); quadratic ones (*, and
 * conversion to and from text) one per 256 limb pairs, div and rem one per
 * 256 pairs of quotient and divisor limbs (their work). Smalls count as one
 * limb, so small arithmetic costs nothing extra. Every algorithm here is
 * schoolbook-like (bignum.c), so a pair is ~0.3-1 ns: a reduction ~0.1-0.3
 * µs. Long ones are charged step by step (vm_bigop.h). */
static inline uint64_t hl_vm_big_limbs(hl_term t) { return hl_is_boxed(t) && hl_is_integer(t) ? hl_big_nlimbs(t) : 1; }
static inline uint64_t hl_vm_big_cost(hl_term a, hl_term b, bool quadratic) {
    uint64_t na = hl_vm_big_limbs(a), nb = hl_vm_big_limbs(b);
    return quadratic ? (na * nb) >> 8 : (na + nb) >> 4;
}
static inline uint64_t hl_vm_big_div_cost(hl_term a, hl_term b) {
    uint64_t na = hl_vm_big_limbs(a), nb = hl_vm_big_limbs(b), nq = na >= nb ? na - nb + 1 : 1;
    return ((nq * nb) >> 8) + ((na + nb) >> 4);
}

/* After the interpreter returns: saves registers, sets the state. */
hl_vm_status hl_vm_finish(hl_vm_proc *p, const hl_term *x, hl_vm_status st);

#endif
