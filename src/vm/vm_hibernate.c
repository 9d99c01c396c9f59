/* vm_hibernate.c — erlang:hibernate/3's process side (docs/behaviours.md
 * §1, "Hibernation"): the call stack is discarded, the heap compacted into
 * one block of exactly the live data, the stack and an empty mailbox's
 * array given back, and the process waits; the first message (or one
 * already queued) resumes it in a fun with the saved arguments. The
 * builtin (bif_proc.c) checks the fun and its arguments and returns
 * HL_VM_BIF_HIBERNATE; the interpreter then calls hl_vm_hibernate. */
#include "vm/vm_support.h"
#include "vm/vm_trap.h"

#include <string.h>

#include "base/mem.h"

/* A hibernated process's stack: the sentinel frame and one frame's header
 * (hl_vm_grow_stack doubles it when the woken code needs more). */
enum { HIB_STACK_WORDS = 4 };

/* Words a compaction copies per reduction it is charged. */
enum { HIB_WORDS_PER_RED = 8 };

hl_vm_status hl_vm_hibernate(hl_vm_proc *p, hl_term *x, hl_term fun, hl_term args) {
    /* the registers of the call: the arguments, then the fun's free
     * variables (bif_proc.c checked the count against the fun's arity) */
    uint32_t n = 0;
    for (hl_term l = args; hl_is_cons(l); l = hl_cdr(l)) x[n++] = hl_car(l);
    const hl_program *prog = hl_fun_program(fun);
    size_t k = hl_fun_env_size(fun);
    const hl_term *env = hl_fun_env(fun);
    for (size_t i = 0; i < k; i++) x[n + i] = env[i];
    uint32_t live = n + (uint32_t)k;
    /* the call stack and its catch marks are dropped: the fun is called
     * with the sentinel frame only and returning from it ends the process */
    p->stack[0] = hl_make_handle_immed(HL_VM_H_CP, (uint64_t)(uintptr_t)p->halt);
    p->stack[1] = hl_make_small(0);
    p->sp = 2;
    p->e = 0;
    p->catches = 0;
    p->stack_clean = 0;
    p->cp = p->halt;
    p->pc = hl_program_entry(prog, (uint32_t)hl_fun_index(fun)); /* (a stub until translated) */
    hl_vm_mailbox *mb = &p->mbox;
    mb->save = 0;
    mb->timer_ns = 0;
    mb->mark_ref = 0;
    mb->mark = 0;
    if (mb->n == 0 && mb->msgs) hl_vm_mailbox_free(mb);
    /* the roots gc_inner (vm_support.c) names, with the stack now empty */
    hl_roots r[6] = {{x, live},
                     {p->mbox.msgs, p->mbox.n},
                     {p->trap.t, HL_VM_TRAP_TERMS},
                     {p->trap.roots, p->trap.nroots},
                     {p->trap.frag ? p->trap.frag->data + p->trap.frag_root_off : NULL, p->trap.frag_filled},
                     {&p->rand_state, 1}};
    size_t copied = 0;
    hl_term_status ts = hl_heap_compact(&p->heap, r, 6, &copied);
    p->reds_debt += 1 + copied / HIB_WORDS_PER_RED;
    if (ts != HL_TERM_OK) return hl_vm_heap_fault(ts);
    for (uint32_t i = live; i < p->xlim; i++) x[i] = HL_NIL;
    if (p->stack_cap > HIB_STACK_WORDS) {
        hl_term *ns = hl_mem_realloc_array(p->stack, HIB_STACK_WORDS, sizeof *ns);
        if (ns) { /* (a failed shrink keeps the larger stack) */
            p->stack = ns;
            p->stack_cap = HIB_STACK_WORDS;
            size_t roots = hl_vm_trap_roots_charged(p);
            uint64_t bytes = (uint64_t)HIB_STACK_WORDS * sizeof(hl_term) + roots;
            p->heap.limit_bytes = p->max_heap > bytes ? p->max_heap - bytes : 0;
        }
    }
    if (p->xsave != p->xsave_small && live <= HL_VM_XSAVE_SMALL) {
        hl_mem_free(p->xsave);
        p->xsave = p->xsave_small;
        p->xcap = HL_VM_XSAVE_SMALL;
    }
    p->nlive = live;
    p->wait_ms = -1;
    p->wait_until_ns = 0;
    p->timeout_pc = NULL;
    /* a message already queued wakes it at once, as in OTP */
    return p->mbox.n ? HL_VM_YIELD : HL_VM_WAIT;
}
