/* vm_binding.c — the `call_binding` instruction's body: hands the
 * arguments to the host's binding hook, copies what comes back onto the
 * process heap (charged to the heap limit like any guest data), raises
 * error:{binding_error, Module, Function, Reason} for a binding error, and
 * charges reductions for the call and for every word copied across. The VM
 * knows nothing of hl_value: the host side is host/binding.c. */
#include "base/mem.h"
#include "term/atom.h"
#include "term/copy.h"
#include "vm/vm_internal.h"
#include "vm/vm_support.h"

void hl_vm_set_binding_hook(hl_vm_proc *p, hl_vm_binding_hook hook, void *ctx) {
    if (!p) return;
    p->binding_hook = hook;
    p->binding_ctx = ctx;
}

/* Copies t onto the heap; collects (nothing in x is live after a call) and
 * retries once when the heap is full. */
static hl_vm_status copy_in(hl_vm_proc *p, hl_term *x, hl_term t, size_t words, hl_term *out) {
    hl_term_status ts = hl_term_copy(&p->heap, t, out);
    if (ts == HL_TERM_HEAP_LIMIT) {
        hl_vm_status st = hl_vm_gc(p, x, 0, words, NULL, 0);
        if (st != HL_VM_CONTINUE) return st;
        ts = hl_term_copy(&p->heap, t, out);
    }
    if (ts == HL_TERM_OK) return HL_VM_CONTINUE;
    return hl_vm_heap_fault(ts);
}

static void release(hl_vm_host_out *out) {
    if (out->release) out->release(out->owner);
    out->release = NULL;
}

hl_vm_status hl_vm_call_binding(hl_vm_proc *p, hl_term *x, uint32_t arity, uint32_t index) {
    const hl_program *prog = p->prog;
    p->bif_cost = HL_VM_BINDING_COST;
    /* The gate bounds index by the program's table; check again anyway, the
     * table is all that stands between a guest and the host's functions. */
    if (index >= prog->n_bindings || prog->bindings[index].arity != arity || !p->binding_hook)
        return hl_vm_raise(p, x, HL_AM(error), HL_AM(undef), HL_NONE);
    hl_vm_host_out out = {HL_NIL, NULL, NULL};
    uint64_t words_out = 0;
    /* a binding in the run's first chunk: its deadline starts now (it is
     * checked when the binding returns, and a binding is slow anyway) */
    hl_vm_arm_deadline(p);
    /* the arguments' copy counts against the heap limit: at most the
     * whole limit per call, sized before the host allocates */
    hl_vm_host_status hs =
        p->binding_hook(p->binding_ctx, index, x, arity, p->max_heap / sizeof(hl_term), &out, &words_out);
    p->bif_cost += words_out / HL_VM_BINDING_WORDS_PER_RED;
    switch (hs) {
    case HL_VM_HOST_OK:
    case HL_VM_HOST_ERROR: break;
    case HL_VM_HOST_BADARG: release(&out); return hl_vm_raise(p, x, HL_AM(error), HL_AM(badarg), HL_NONE);
    case HL_VM_HOST_UNDEF: release(&out); return hl_vm_raise(p, x, HL_AM(error), HL_AM(undef), HL_NONE);
    case HL_VM_HOST_HEAP_LIMIT: release(&out); return HL_VM_FAULT_HEAP;
    case HL_VM_HOST_DEADLINE: release(&out); return HL_VM_FAULT_DEADLINE;
    default: release(&out); return HL_VM_FAULT_NOMEM;
    }
    /* A binding that blocked past the run's deadline: the run is over when
     * it returns, whatever it answered (the guest never sees the answer). */
    if (p->deadline_ns && hl_vm_now_ns() >= p->deadline_ns) {
        release(&out);
        return HL_VM_FAULT_DEADLINE;
    }
    size_t words = 0;
    /* A result larger than the whole heap limit cannot fit: no need to size it exactly. */
    uint64_t cap = p->max_heap / sizeof(hl_term) + 1;
    hl_term_status ts =
        hl_is_immed(out.term) ? HL_TERM_OK : hl_term_size(out.term, cap > SIZE_MAX ? SIZE_MAX : (size_t)cap, &words);
    if (ts != HL_TERM_OK) {
        release(&out);
        return hl_vm_heap_fault(ts);
    }
    p->bif_cost += words / HL_VM_BINDING_WORDS_PER_RED;
    hl_term t;
    hl_vm_status st = copy_in(p, x, out.term, words, &t);
    release(&out);
    if (st != HL_VM_CONTINUE) return st;
    if (hs == HL_VM_HOST_OK) {
        x[0] = t;
        p->pc += 3; /* call_binding Arity Index */
        return HL_VM_CONTINUE;
    }
    /* error:{binding_error, Module, Function, Reason} */
    hl_term root[1] = {t};
    if (p->heap.top > p->heap.end || (size_t)(p->heap.end - p->heap.top) < 5) {
        st = hl_vm_gc(p, x, 0, 5, root, 1);
        if (st != HL_VM_CONTINUE) return st;
    }
    hl_term *tup = hl_heap_bump(&p->heap, 5);
    tup[0] = hl_make_header(HL_SUB_TUPLE, 4);
    tup[1] = HL_AM(binding_error);
    tup[2] = prog->bindings[index].module;
    tup[3] = prog->bindings[index].function;
    tup[4] = root[0];
    return hl_vm_raise(p, x, HL_AM(error), hl_make_boxed(tup), HL_NONE);
}
