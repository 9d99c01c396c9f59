/* vm_trap.c — the host memory a yielding builtin's continuation may own
 * (vm/vm_trap.h): its buffer, freed by the builtin's own destructor when
 * it has one (a deflate stream), its stack of root terms and a large
 * tuple it fills outside the heap, both of which the collector scans and the
 * heap limit counts (heap + process stack + these <= max_heap, as for the
 * process stack). */
#include "base/mem.h"
#include "vm/vm_trap.h"

enum {
    ROOTS_KEPT = 64,     /* a stack this small stays allocated between calls */
    ROOTS_FREE = 4096,   /* nor is one this small charged: a fixed overhead, as */
};                       /* the process stack's first block is */

size_t hl_vm_trap_roots_charged(const hl_vm_proc *p) {
    size_t b = p->trap.roots_cap > ROOTS_FREE ? p->trap.roots_cap * sizeof(hl_term) : 0;
    /* a detached tuple: twice, as heap words are (room to copy it into) */
    if (p->trap.frag) b += 2 * p->trap.frag->size * sizeof(hl_term);
    return b + p->trap.buf_charged;
}

/* The heap may use what the process stack and the root stack leave. */
static void recharge(hl_vm_proc *p) {
    uint64_t used = (uint64_t)p->stack_cap * sizeof(hl_term) + hl_vm_trap_roots_charged(p);
    p->heap.limit_bytes = used < p->max_heap ? p->max_heap - used : 0;
}

hl_term_status hl_vm_trap_push2(hl_vm_proc *p, hl_term a, hl_term b) {
    hl_vm_trap *tr = &p->trap;
    if (tr->roots_cap - tr->nroots < 2) {
        size_t ncap = tr->roots_cap ? tr->roots_cap * 2 : ROOTS_KEPT, bytes, total;
        if (!hl_size_mul(ncap, sizeof(hl_term), &bytes) || !hl_size_add(bytes, p->stack_cap * sizeof(hl_term), &total))
            return HL_TERM_HEAP_LIMIT;
        if (ncap > ROOTS_FREE && (total >= p->max_heap || hl_heap_charged(&p->heap) > p->max_heap - total))
            return HL_TERM_HEAP_LIMIT;
        hl_term *nr = hl_mem_realloc_array(tr->roots, ncap, sizeof *nr);
        if (!nr) return HL_TERM_NOMEM;
        tr->roots = nr, tr->roots_cap = ncap;
        recharge(p);
    }
    tr->roots[tr->nroots++] = a;
    tr->roots[tr->nroots++] = b;
    return HL_TERM_OK;
}

hl_term_status hl_vm_trap_buf_charge(hl_vm_proc *p, size_t bytes) {
    size_t old = p->trap.buf_charged;
    p->trap.buf_charged = 0;
    uint64_t used = (uint64_t)p->stack_cap * sizeof(hl_term) + hl_vm_trap_roots_charged(p) + bytes;
    if (bytes > old && (used >= p->max_heap || hl_heap_charged(&p->heap) > p->max_heap - used)) {
        p->trap.buf_charged = old;
        return HL_TERM_HEAP_LIMIT;
    }
    p->trap.buf_charged = bytes;
    recharge(p);
    return HL_TERM_OK;
}

hl_term_status hl_vm_trap_frag_new(hl_vm_proc *p, size_t words, size_t root_off) {
    hl_term_status st = hl_heap_frag_new_detached(&p->heap, words, &p->trap.frag);
    if (st != HL_TERM_OK) return st;
    p->trap.frag_filled = 0, p->trap.frag_root_off = root_off;
    recharge(p);
    return HL_TERM_OK;
}

hl_term *hl_vm_trap_frag_adopt(hl_vm_proc *p, size_t used) {
    hl_heap_frag *f = p->trap.frag;
    p->trap.frag = NULL, p->trap.frag_filled = 0;
    recharge(p);
    f->used = used;
    hl_heap_adopt_frag(&p->heap, f);
    return f->data;
}

void hl_vm_trap_release(hl_vm_proc *p, bool keep_small) {
    hl_vm_trap *tr = &p->trap;
    if (tr->frag) {
        hl_mem_free(tr->frag);
        tr->frag = NULL, tr->frag_filled = 0;
        recharge(p);
    }
    if (tr->buf) {
        if (tr->buf_free) tr->buf_free(tr->buf);
        else hl_mem_free(tr->buf);
    }
    tr->buf = NULL, tr->buf_free = NULL;
    if (tr->buf_charged) {
        tr->buf_charged = 0;
        recharge(p);
    }
    tr->nroots = 0;
    if (tr->roots && (!keep_small || tr->roots_cap > ROOTS_KEPT)) {
        hl_mem_free(tr->roots);
        tr->roots = NULL, tr->roots_cap = 0;
        recharge(p);
    }
}
