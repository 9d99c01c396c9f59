/* vm_trap.h — builtins that yield (docs/builtins.md): a builtin whose work
 * grows with its input does at most HL_VM_TRAP_QUANTUM work units per call,
 * saves where it got to in p->trap and returns HL_VM_BIF_TRAP. The
 * interpreter charges the quantum (p->bif_cost), passes a preemption point
 * (the slice may end, the reduction limit may stop the run) and executes
 * the same `bif` instruction again with the same arguments; the builtin
 * finds its own state in p->trap and goes on from there.
 *
 * The state is a handful of terms (collection roots while saved), counters
 * and optionally one host buffer (p->trap.buf, freed with the state or with
 * the process); it belongs to one unfinished call of one builtin, which clears
 * it when it returns anything but HL_VM_BIF_TRAP. Nothing else runs in the
 * process between a trap and the re-execution, so the state cannot be seen
 * by any other call. */
#ifndef HL_VM_TRAP_H
#define HL_VM_TRAP_H

#include "base/mem.h"
#include "vm/vm_internal.h"

/* Work units one builtin call may do (a list cell visited or built, a
 * tuple element, a term-compare step, 4 bytes copied): about 0.1-0.3 ms
 * of work on this machine, well under the 1 ms rule. */
#define HL_VM_TRAP_QUANTUM (UINT64_C(1) << 16)
/* List cells one step of a builtin that builds a list allocates (reverse,
 * ++, tuple_to_list, binary_to_list): 2,048, 32 KiB of heap, 8 pages. The
 * cost of such a step is the first touches of fresh pages (a long list is
 * built in fragments, given back at the next collection), and a page
 * fault's cost varies tenfold between virtual machines: a quantum of
 * cells (1 MiB) made a call ~1.7-3 ms; 8,192 cells (32 pages) 0.3 ms on
 * one VM and 0.5-4.6 ms on another, where a fault cost 15-60 µs
 * (bench/adversarial.sh: rev_big, b2l_big). A yield costs ~0.1 µs. */
#define HL_VM_TRAP_BUILD_CELLS (HL_VM_TRAP_QUANTUM >> 5)
/* Work units per reduction, as the list builtins have always charged. */
#define HL_VM_TRAP_COST_SHIFT 4
/* Words a collection after a builtin's HEAP_LIMIT leaves free in the heap
 * block for the retry: a step that allocates at most this much cannot fail
 * for want of room right after a collection. (The comparison walk, which
 * it was sized for, keeps its frames on the trap's root stack now.) */
#define HL_VM_TRAP_ROOM (6 * 256)

/* Pushes the pair (a, b) on p->trap.roots: OK, HEAP_LIMIT (the stack
 * would take the process past its heap limit) or NOMEM. */
hl_term_status hl_vm_trap_push2(hl_vm_proc *p, hl_term a, hl_term b);
/* A detached heap fragment of `words` words in p->trap.frag: the caller
 * fills it and advances p->trap.frag_filled; the words from root_off (1
 * past a tuple's header, 0 for list cells) to root_off + filled are then
 * collection roots, so they must hold valid terms. OK, HEAP_LIMIT, NOMEM. */
hl_term_status hl_vm_trap_frag_new(hl_vm_proc *p, size_t words, size_t root_off);
/* Links p->trap.frag, its first `used` words complete terms, into the
 * heap; returns its first word (box it as a tuple or a list). */
hl_term *hl_vm_trap_frag_adopt(hl_vm_proc *p, size_t used);
/* Counts `bytes` of p->trap.buf (host memory the call holds between
 * calls, a bignum job's) against the heap limit in place of what was
 * counted before: OK, or HEAP_LIMIT when growing would pass it (nothing
 * changed). Released with the buffer. */
hl_term_status hl_vm_trap_buf_charge(hl_vm_proc *p, size_t bytes);
/* The bytes of the root stack and detached tuple counted against the heap limit. */
size_t hl_vm_trap_roots_charged(const hl_vm_proc *p);
/* Frees p->trap.buf (with p->trap.buf_free when set) and empties the root
 * stack, keeping a small one allocated when keep_small. */
void hl_vm_trap_release(hl_vm_proc *p, bool keep_small);

/* True when p->trap holds a saved continuation of builtin `fn` (the call
 * is a re-execution), false for a fresh call. */
static inline bool hl_vm_trap_resuming(const hl_vm_proc *p, hl_vm_bif_fn fn) { return p->trap.fn == fn; }

/* Saves nothing new (the caller has written p->trap.t / p->trap.n), marks the
 * state as fn's, charges `units` of work and asks to be called again. */
static inline hl_term_status hl_vm_trap_yield(hl_vm_proc *p, hl_vm_bif_fn fn, uint64_t units) {
    p->trap.fn = fn;
    p->bif_cost += (units >> HL_VM_TRAP_COST_SHIFT) + 1;
#ifdef HL_TEST_HOOKS
    p->probe.traps++;
#endif
    return HL_VM_BIF_TRAP;
}

/* The call ends (any status but a trap): forget the continuation so the
 * next call of the builtin starts afresh, and return st. */
static inline hl_term_status hl_vm_trap_end(hl_vm_proc *p, hl_term_status st) {
    p->trap.fn = NULL;
    if (p->trap.buf || p->trap.roots || p->trap.frag) hl_vm_trap_release(p, true);
    for (unsigned i = 0; i < HL_VM_TRAP_TERMS; i++) p->trap.t[i] = HL_NIL;
    return st;
}

#endif
