/* vm_map.c — the map instructions (see vm_map.h). Every operand is read
 * into a local root array first, so a collection in the middle of a
 * multi-pair update keeps the partial map and all remaining keys and values
 * valid, whatever registers the operands came from. */
#include "vm/vm_map.h"

#include "term/map.h"
#include "vm/vm_support.h"

static hl_term rd(hl_term *const *base, hl_tword w) { return base[w & 3][w >> 2]; }

/* Reductions for putting k pairs: each put copies at most a bounded part of
 * the map (a flat map of <= 32 keys, or one HAMT path), so the work is
 * linear in k. */
static uint64_t put_cost(uint32_t k) { return 1 + k / 2; }

/* An error of the instruction: the guard path, or raise error:{Tag, V}
 * (tag HL_NONE: error:system_limit). */
static int fail_or_raise(hl_vm_proc *p, hl_term *x, const hl_tword *pc, hl_term tag, hl_term v, hl_vm_status *st) {
    if (pc[1]) return HL_VM_MAP_FAIL;
    *st = tag == HL_NONE ? hl_vm_raise_status(p, x, HL_TERM_SYSTEM_LIMIT) : hl_vm_raise_tagged(p, x, tag, v);
    return HL_VM_MAP_RAISED;
}

int hl_vm_map_put(hl_vm_proc *p, hl_term *const *base, const hl_tword *pc, bool exact, hl_vm_status *st) {
    hl_term *x = base[0];
    uint32_t live = (uint32_t)pc[2], k = (uint32_t)pc[5];
    if (k > HL_BC_MAX_MAP_PAIRS) { /* the gate refuses this */
        *st = HL_VM_FAULT_STATE;
        return HL_VM_MAP_FAULT;
    }
    /* v[0] the map (then the partial result), v[1..k] keys, v[1+k..] values */
    hl_term v[1 + 2 * HL_BC_MAX_MAP_PAIRS];
    v[0] = rd(base, pc[3]);
    for (uint32_t i = 0; i < k; i++) {
        v[1 + i] = rd(base, pc[6 + 2 * i]);
        v[1 + k + i] = rd(base, pc[7 + 2 * i]);
    }
    if (!hl_is_map(v[0])) return fail_or_raise(p, x, pc, HL_AM(badmap), v[0], st);
    p->bif_cost += put_cost(k);
    hl_heap *h = &p->heap;
    hl_term_status ts = HL_TERM_OK;
    bool collected = false;
    uint32_t i = 0;
    /* A map built from nothing: one construction (equal keys: the last
     * wins). When the map layer cannot do it in one go, pair by pair. */
    if (!exact && k > 0 && hl_map_size(v[0]) == 0) {
        hl_term out;
        for (;;) {
            ts = hl_map_new(h, v + 1, v + 1 + k, k, &out);
            if (ts != HL_TERM_HEAP_LIMIT || collected) break;
            *st = hl_vm_gc(p, x, live, 0, v, 1 + 2 * (size_t)k);
            if (*st != HL_VM_CONTINUE) return HL_VM_MAP_FAULT;
            collected = true;
        }
        if (ts == HL_TERM_OK) {
            v[0] = out;
            i = k;
        }
        if (ts == HL_TERM_SYSTEM_LIMIT) ts = HL_TERM_OK; /* retried below */
        collected = false;
    }
    while (ts == HL_TERM_OK && i < k) {
        hl_term out;
        ts = exact ? hl_map_update(h, v[0], v[1 + i], v[1 + k + i], &out)
                   : hl_map_put(h, v[0], v[1 + i], v[1 + k + i], &out);
        if (ts == HL_TERM_OK) {
            v[0] = out;
            i++;
            collected = false;
        } else if (ts == HL_TERM_HEAP_LIMIT && !collected) {
            *st = hl_vm_gc(p, x, live, 0, v, 1 + 2 * (size_t)k);
            if (*st != HL_VM_CONTINUE) return HL_VM_MAP_FAULT;
            collected = true;
            ts = HL_TERM_OK;
        }
    }
    switch (ts) {
    case HL_TERM_OK: break;
    case HL_TERM_BADARG: return fail_or_raise(p, x, pc, HL_AM(badkey), v[1 + i], st);
    case HL_TERM_SYSTEM_LIMIT: return fail_or_raise(p, x, pc, HL_NONE, HL_NIL, st);
    default: *st = hl_vm_fault_status(p, ts); return HL_VM_MAP_FAULT; /* BUDGET: reductions */
    }
    /* A loop of map updates that never reaches test_heap collects here
     * once its fragments outgrow the block (the result is the root). */
    if (hl_heap_frags_due(h)) {
        *st = hl_vm_gc(p, x, live, 0, v, 1);
        if (*st != HL_VM_CONTINUE) return HL_VM_MAP_FAULT;
    }
    hl_tword d = pc[4];
    base[d & 3][d >> 2] = v[0];
    return HL_VM_MAP_DONE;
}

int hl_vm_map_get(hl_vm_proc *p, hl_term *const *base, const hl_tword *pc, hl_vm_status *st) {
    (void)p;
    hl_term m = rd(base, pc[2]);
    if (!hl_is_map(m)) return HL_VM_MAP_FAIL;
    uint32_t k = (uint32_t)pc[3];
    for (uint32_t i = 0; i < k; i++) {
        hl_term val;
        bool found = false;
        hl_term_status ts = hl_map_find(m, rd(base, pc[4 + 2 * i]), &val, &found);
        if (ts != HL_TERM_OK) {
            /* a key comparison out of budget stops the run as a reduction
             * fault: the work it would have needed is more than any slice */
            *st = hl_vm_fault_status(p, ts);
            return HL_VM_MAP_FAULT;
        }
        if (!found) return HL_VM_MAP_FAIL;
        hl_tword d = pc[5 + 2 * i];
        base[d & 3][d >> 2] = val;
    }
    return HL_VM_MAP_DONE;
}
