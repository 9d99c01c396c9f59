/* vm_lists.h — the yielding list builtins (vm/bif_lists.c, bif_subtract.c)
 * and comparisons (vm/bif_compare.c), for bif.c's table. */
#ifndef HL_VM_LISTS_H
#define HL_VM_LISTS_H

#include "vm/vm_internal.h"

hl_term_status hl_vm_bif_length(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_append(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_reverse1(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_reverse2(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_member(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_keyfind(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_tuple_to_list(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_subtract(hl_vm_proc *p, const hl_term *a, hl_term *out); /* bif_subtract.c */
hl_term_status hl_vm_bif_list_to_tuple(hl_vm_proc *p, const hl_term *a, hl_term *out);

/* bif_text.c */
hl_term_status hl_vm_bif_list_to_integer1(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_list_to_integer2(hl_vm_proc *p, const hl_term *a, hl_term *out);
/* bif_compare.c */
hl_term_status hl_vm_bif_eq(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_ne(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_le(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_lt(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_ge(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_gt(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_exact_eq(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_exact_ne(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_min(hl_vm_proc *p, const hl_term *a, hl_term *out);
hl_term_status hl_vm_bif_max(hl_vm_proc *p, const hl_term *a, hl_term *out);
/* The compare instructions' slow path: OK with *r, HL_VM_BIF_TRAP (state
 * saved: charge p->bif_cost, pass a preemption point, execute the
 * instruction again) or HEAP_LIMIT (collect, then again). */
/* eq_only: the instruction tests equality (is_eq, is_ne, is_eq_exact,
 * is_ne_exact), so *r is only zero or not (large maps compare faster so). */
hl_term_status hl_vm_cmp_instr(hl_vm_proc *p, hl_term a, hl_term b, bool exact, bool eq_only, int *r);
/* A comparison inside another yielding builtin's loop (lists:member/2,
 * lists:keyfind/3) too large for the ordinary comparator's budget: start
 * sets up the resumable walk in trap.t[0..4] and trap.n[0..1] (the caller
 * keeps its own place in t[5], n[2..3], and yields); each later call of
 * the builtin goes on with hl_vm_cmp_walk: OK with *r, HL_VM_BIF_TRAP
 * (yielded for fn, its place kept), HEAP_LIMIT (place kept: collect and
 * call again), BUDGET (a piece no walk takes apart was too large: the run
 * must stop with a reductions fault) or NOMEM. Never a made-up *r. */
void hl_vm_cmp_walk_start(hl_vm_proc *p, hl_term x, hl_term y, bool exact, bool eq_only);
/* The same, keeping the caller's pairs on the trap's root stack: the
 * walk's frames go above them and it leaves the stack as it found it (a
 * map operation's key comparison, vm/vm_map.c). */
void hl_vm_cmp_walk_start_above(hl_vm_proc *p, hl_term x, hl_term y, bool exact, bool eq_only);
hl_term_status hl_vm_cmp_walk(hl_vm_proc *p, hl_vm_bif_fn fn, int *r);

#endif
