/* vm_map.c — the map instructions (see vm_map.h). Every operand is read
 * into a local root array first, so a collection in the middle of a
 * multi-pair update keeps the partial map and all remaining keys and values
 * valid, whatever registers the operands came from. */
#include "vm/vm_map.h"

#include "term/bits.h"
#include "term/map.h"
#include "term/map_hash.h"
#include "vm/vm_support.h"

static hl_term rd(hl_term *const *base, hl_tword w) { return base[w & 3][w >> 2]; }

/* Reductions for putting k pairs: each put copies at most a bounded part of
 * the map (a flat map of <= 32 keys, or one HAMT path), so the work is
 * linear in k. */
static uint64_t put_cost(uint32_t k) { return 1 + k / 2; }

/* Keys whose hash is a handful of units whatever they hold: no walk. */
static bool key_is_small(hl_term k) {
    if (hl_is_immed(k)) return true;
    if (hl_is_cons(k)) return false;
    const hl_term *p = hl_boxed_ptr(k);
    switch (hl_header_subtag(p[0])) {
    case HL_SUB_FLOAT:
    case HL_SUB_POS_BIG:
    case HL_SUB_NEG_BIG: return true; /* at most HL_BIG_MAX_BITS */
    case HL_SUB_HEAP_BIN: return true; /* at most HL_HEAP_BIN_MAX bytes */
    case HL_SUB_TUPLE: {
        size_t n = (size_t)hl_header_arity(p[0]);
        if (n > 8) return false;
        for (size_t i = 1; i <= n; i++)
            if (!hl_is_immed(p[i])) return false;
        return true;
    }
    default: return false;
    }
}

hl_term_status hl_vm_map_key_work(hl_term key, uint64_t *units) {
    if (key_is_small(key)) return HL_TERM_OK;
    if (hl_is_binary_obj(key)) { /* its units are its size: no walk */
        uint64_t u = 1 + ((hl_bits_size(key) / 8) >> HL_MAP_HASH_BIN_SHIFT);
        *units += u;
        return u > HL_MAP_HASH_MAX_WORK ? HL_TERM_SYSTEM_LIMIT : HL_TERM_OK;
    }
    uint64_t budget = HL_MAP_HASH_MAX_WORK;
    uint32_t hx;
    hl_term_status st = hl_map_key_hash(key, &budget, &hx);
    *units += HL_MAP_HASH_MAX_WORK - budget;
    if (st == HL_TERM_BUDGET) return HL_TERM_SYSTEM_LIMIT;
    return st;
}

hl_term_status hl_vm_map_key_check(hl_vm_proc *p, hl_term map, hl_term key, int op, bool put, bool *absent) {
    uint64_t units = 0;
    hl_term_status st = hl_vm_map_key_work(key, &units);
    hl_vm_map_key_charge(p, units);
    p->bif_cost += hl_vm_map_op_cost(map, op);
    *absent = false;
    if (st != HL_TERM_SYSTEM_LIMIT || put) return st;
    *absent = !hl_is_flatmap(map);
    return HL_TERM_OK;
}

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
    uint64_t units = 0;
    for (uint32_t j = 0; j < k; j++) {
        hl_term_status ks = hl_vm_map_key_work(v[1 + j], &units);
        if (ks == HL_TERM_NOMEM) {
            *st = HL_VM_FAULT_NOMEM;
            return HL_VM_MAP_FAULT;
        }
        if (ks != HL_TERM_OK) {
            hl_vm_map_key_charge(p, units);
            return fail_or_raise(p, x, pc, HL_NONE, HL_NIL, st);
        }
    }
    hl_vm_map_key_charge(p, units);
    p->bif_cost += k * hl_vm_map_op_cost(v[0], HL_VM_MAP_STORE);
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
    hl_term m = rd(base, pc[2]);
    if (!hl_is_map(m)) return HL_VM_MAP_FAIL;
    uint32_t k = (uint32_t)pc[3];
    for (uint32_t i = 0; i < k; i++) {
        hl_term val, key = rd(base, pc[4 + 2 * i]);
        bool found = false;
        uint64_t units = 0;
        hl_term_status ts = hl_vm_map_key_work(key, &units);
        hl_vm_map_key_charge(p, units);
        p->bif_cost += hl_vm_map_op_cost(m, HL_VM_MAP_LOOKUP);
        /* a key too large to hash is in no hash map (no put accepts it) */
        if (ts == HL_TERM_SYSTEM_LIMIT && !hl_is_flatmap(m)) return HL_VM_MAP_FAIL;
        if (ts == HL_TERM_OK || ts == HL_TERM_SYSTEM_LIMIT) ts = hl_map_find(m, key, &val, &found);
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
