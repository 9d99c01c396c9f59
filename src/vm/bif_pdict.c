/* bif_pdict.c — the process dictionary: put/2, get/0,1, get_keys/0,1 and
 * erase/0,1 with OTP's semantics (keys compared with =:=, put/erase answer
 * the old value or undefined). No capability: the dictionary is the
 * process's own store and reaches nothing outside it (docs/guest-guide.md).
 *
 * Storage: p->dict, one map term on the process heap (HL_NIL when empty).
 * So the pairs are ordinary heap terms: counted against the heap limit and
 * in process_info(_, memory), kept by every collection (p->dict is a root,
 * vm_support.c), dropped when a tenant's process is reset for a new call.
 * Each operation on one key is a map operation (O(log n), the key hashed
 * and charged as maps:put/get are, vm_map.h); the new map replaces the
 * old one only when the builtin succeeds, so a collection and retry
 * (HEAP_LIMIT) or a trap between pieces of a large key's hash see the
 * dictionary unchanged.
 *
 * get/0, get_keys/0, erase/0 and get_keys/1 walk the whole dictionary: at
 * most PD_CHUNK pairs (or a quantum of comparisons) per call, then they
 * yield (vm_trap.h) with the map they started from, the list built so far
 * and a cursor into the map. Their order is the reverse of the map's io
 * order: for up to 32 keys, descending term order (small integer keys come
 * out as OTP lists them); above that, the map's hash order (OTP's is its
 * own hash table's: no program may depend on it). */
#include <string.h>

#include "term/compare.h"
#include "term/map.h"
#include "vm/bif_registry.h"
#include "vm/vm_internal.h"
#include "vm/vm_lists.h"
#include "vm/vm_map.h"
#include "vm/vm_pdict.h"
#include "vm/vm_trap.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)

enum {
    PD_CHUNK = 1024, /* pairs one call of a walk hands out: 5 KiW of list at most */
    PD_PAIR_UNITS = 4, /* work units per pair visited (as maps:to_list, 4 pairs a reduction) */
};

/* The call ends with st: the continuation, if any, is forgotten. */
static hl_term_status done(hl_vm_proc *p, hl_term_status st) { return p->trap.fn ? hl_vm_trap_end(p, st) : st; }

/* ---- one key ---- */

#define PD_BEGIN(self, map, op, put)                                                         \
    hl_map_ctx cx;                                                                            \
    bool absent;                                                                              \
    hl_term_status st = hl_vm_map_begin(p, self, (map), &a[0], 1, (op), &cx);                 \
    if (st != HL_TERM_OK) return st;                                                          \
    st = hl_vm_map_key_over(&cx, (map), a[0], (put), &absent)

BIF(b_get1) {
    hl_term d = p->dict;
    *out = HL_AM(undefined);
    if (d == HL_NIL) return HL_TERM_OK;
    bool found = false;
    hl_term v;
    PD_BEGIN(b_get1, d, HL_VM_MAP_LOOKUP, false);
    if (st == HL_TERM_OK && !absent) st = hl_map_find_cx(&cx, d, a[0], &v, &found);
    if ((st = hl_vm_map_end(p, b_get1, &cx, st)) != HL_TERM_OK) return st;
    if (found) *out = v;
    return HL_TERM_OK;
}

BIF(b_put2) {
    hl_term d = p->dict, nd, old = HL_AM(undefined);
    if (d == HL_NIL) {
        /* the first pair: a flat map of one key (nothing to hash) */
        hl_term_status st = hl_map_new(H, &a[0], &a[1], 1, &nd);
        if (st != HL_TERM_OK) return st;
        p->dict = nd;
        *out = old;
        return HL_TERM_OK;
    }
    bool found = false;
    hl_term v;
    PD_BEGIN(b_put2, d, HL_VM_MAP_STORE, true);
    (void)absent;
    if (st == HL_TERM_OK) st = hl_map_find_cx(&cx, d, a[0], &v, &found);
    if (st == HL_TERM_OK) st = hl_map_put_cx(&cx, H, d, a[0], a[1], &nd);
    if ((st = hl_vm_map_end(p, b_put2, &cx, st)) != HL_TERM_OK) return st;
    if (found) old = v;
    p->dict = nd;
    *out = old;
    return HL_TERM_OK;
}

BIF(b_erase1) {
    hl_term d = p->dict, nd = HL_NIL, v;
    *out = HL_AM(undefined);
    if (d == HL_NIL) return HL_TERM_OK;
    bool found = false;
    PD_BEGIN(b_erase1, d, HL_VM_MAP_STORE, false);
    if (st == HL_TERM_OK && !absent) st = hl_map_find_cx(&cx, d, a[0], &v, &found);
    if (st == HL_TERM_OK && found) st = hl_map_remove_cx(&cx, H, d, a[0], &nd);
    if ((st = hl_vm_map_end(p, b_erase1, &cx, st)) != HL_TERM_OK) return st;
    if (!found) return HL_TERM_OK;
    p->dict = hl_map_size(nd) ? nd : HL_NIL;
    *out = v;
    return HL_TERM_OK;
}

/* ---- walks: get/0, get_keys/0, erase/0 ----
 * trap.t[0] the map the call started from, t[1] the list so far, n[0] the
 * cursor of the next pair. */
enum { WALK_PAIRS, WALK_KEYS };

static hl_term_status walk(hl_vm_proc *p, hl_vm_bif_fn fn, int what, bool erase, hl_term *out) {
    hl_term map, acc;
    uint64_t cur;
    if (hl_vm_trap_resuming(p, fn)) {
        map = p->trap.t[0], acc = p->trap.t[1], cur = p->trap.n[0];
    } else {
        map = p->dict, acc = HL_NIL, cur = 0;
        if (map == HL_NIL) {
            *out = HL_NIL;
            return HL_TERM_OK;
        }
    }
    hl_map_iter it;
    if (!hl_map_iter_seek_io(&it, map, cur)) return done(p, HL_TERM_BADARG); /* not reached: our own cursor */
    size_t size = hl_map_size(map), per = what == WALK_PAIRS ? 5 : 2;
    size_t chunk = size < PD_CHUNK ? size : PD_CHUNK, words = per * chunk;
    hl_term *w;
    hl_term_status st = hl_heap_alloc(H, words, &w);
    if (st != HL_TERM_OK) return st; /* a resumed call keeps its place: collect and call again */
    size_t used = 0, n = 0;
    hl_term k, v;
    while (n < chunk && hl_map_iter_next(&it, &k, &v)) {
        hl_term *c = w + used;
        if (what == WALK_PAIRS) {
            hl_term e = hl_tuple_init(c, 2);
            c[1] = k, c[2] = v;
            acc = hl_cons_init(c + 3, e, acc);
        } else {
            acc = hl_cons_init(c, k, acc);
        }
        used += per;
        n++;
    }
    hl_heap_trim(H, w, words, used);
    if (n == chunk) {
        hl_map_iter peek = it;
        if (hl_map_iter_next(&peek, &k, &v)) {
            uint64_t next;
            if (!hl_map_iter_cursor(&it, &next)) return done(p, HL_TERM_SYSTEM_LIMIT);
            p->trap.t[0] = map, p->trap.t[1] = acc, p->trap.n[0] = next;
            return hl_vm_trap_yield(p, fn, n * PD_PAIR_UNITS);
        }
    }
    p->bif_cost += (n * PD_PAIR_UNITS) >> HL_VM_TRAP_COST_SHIFT;
    if (erase) p->dict = HL_NIL;
    *out = acc;
    return done(p, HL_TERM_OK);
}

BIF(b_get0) {
    (void)a;
    return walk(p, b_get0, WALK_PAIRS, false, out);
}
BIF(b_get_keys0) {
    (void)a;
    return walk(p, b_get_keys0, WALK_KEYS, false, out);
}
BIF(b_erase0) {
    (void)a;
    return walk(p, b_erase0, WALK_PAIRS, true, out);
}

/* ---- get_keys(Value): the keys whose value =:= Value ----
 * Outside a comparison: trap.t[0] the map, t[1] the keys so far, t[4] the
 * value, n[0] the cursor of the next pair, n[3] 0. A value too large to
 * compare within the quantum goes to the resumable comparison walk
 * (bif_compare.c), which owns t[0..4] and n[0..1] meanwhile (t[4] still
 * the wanted value); our place is then t[5] = {Map, [Key | Keys], Keys}
 * (the list with the key and without it, built before the walk so nothing
 * is allocated after it), n[2] the cursor past the pair, n[3] 1. */
BIF(b_get_keys1) {
    hl_term map, acc, want;
    uint64_t cur, units = 0;
    hl_term_status st;
    if (hl_vm_trap_resuming(p, b_get_keys1)) {
        want = p->trap.t[4];
        if (p->trap.n[3]) {
            int r = 1;
            st = hl_vm_cmp_walk(p, b_get_keys1, &r);
            if (st == HL_VM_BIF_TRAP || st == HL_TERM_HEAP_LIMIT) return st; /* the walk keeps its place */
            if (st != HL_TERM_OK) return done(p, st);
            hl_term place = p->trap.t[5];
            map = hl_tuple_get(place, 0);
            acc = hl_tuple_get(place, r == 0 ? 1 : 2);
            cur = p->trap.n[2];
            p->trap.n[3] = 0;
        } else {
            map = p->trap.t[0], acc = p->trap.t[1], cur = p->trap.n[0];
        }
    } else {
        map = p->dict, acc = HL_NIL, cur = 0, want = a[0];
        if (map == HL_NIL) {
            *out = HL_NIL;
            return HL_TERM_OK;
        }
    }
    hl_map_iter it, before;
    if (!hl_map_iter_seek_io(&it, map, cur)) return done(p, HL_TERM_BADARG); /* not reached */
    hl_term k, v;
    for (;;) {
        before = it;
        if (!hl_map_iter_next(&it, &k, &v)) break;
        units += PD_PAIR_UNITS;
        int r = 1;
        st = HL_TERM_OK;
        if (v != want && !(hl_is_immed(v) && hl_is_immed(want))) {
            uint64_t budget = HL_VM_TRAP_QUANTUM - (units < HL_VM_TRAP_QUANTUM ? units : HL_VM_TRAP_QUANTUM) + 256,
                     left = budget;
            st = hl_term_compare(v, want, true, &left, &r);
            units += budget - left;
        } else if (v == want) {
            r = 0;
        }
        uint64_t next;
        if (st == HL_TERM_BUDGET) {
            /* a large value: the resumable walk, from the next call */
            hl_term *c;
            if (!hl_map_iter_cursor(&it, &next)) return done(p, HL_TERM_SYSTEM_LIMIT);
            st = hl_heap_alloc(H, 6, &c);
            if (st != HL_TERM_OK) goto save_before;
            hl_term with = hl_cons_init(c, k, acc), place = hl_tuple_init(c + 2, 3);
            c[3] = map, c[4] = with, c[5] = acc;
            hl_vm_cmp_walk_start(p, v, want, true, true);
            p->trap.t[5] = place, p->trap.n[2] = next, p->trap.n[3] = 1;
            return hl_vm_trap_yield(p, b_get_keys1, units);
        }
        if (st != HL_TERM_OK) return done(p, st);
        if (r == 0) {
            hl_term *c;
            st = hl_heap_alloc(H, 2, &c);
            if (st != HL_TERM_OK) goto save_before;
            acc = hl_cons_init(c, k, acc);
        }
        if (units >= HL_VM_TRAP_QUANTUM) {
            if (!hl_map_iter_cursor(&it, &next)) return done(p, HL_TERM_SYSTEM_LIMIT);
            p->trap.t[0] = map, p->trap.t[1] = acc, p->trap.t[4] = want, p->trap.n[0] = next, p->trap.n[3] = 0;
            return hl_vm_trap_yield(p, b_get_keys1, units);
        }
    }
    p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
    *out = acc;
    return done(p, HL_TERM_OK);
save_before:
    /* no room for the list: keep the place before this pair (collect, then
     * this builtin again from there) */
    if (st != HL_TERM_HEAP_LIMIT) return done(p, st);
    {
        uint64_t at;
        if (!hl_map_iter_cursor(&before, &at)) return done(p, HL_TERM_SYSTEM_LIMIT);
        p->trap.fn = b_get_keys1;
        p->trap.t[0] = map, p->trap.t[1] = acc, p->trap.t[4] = want, p->trap.n[0] = at, p->trap.n[3] = 0;
        p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
    }
    return HL_TERM_HEAP_LIMIT;
}

/* ---- for process_info (bif_proc.c) ---- */

hl_term_status hl_vm_pdict_list(hl_vm_proc *p, hl_term map, hl_term *out) {
    *out = HL_NIL;
    if (map == HL_NIL) return HL_TERM_OK;
    size_t n = hl_map_size(map);
    if (n > HL_VM_PDICT_INFO_MAX) return HL_TERM_SYSTEM_LIMIT;
    hl_term *w;
    hl_term_status st = hl_heap_alloc(H, 5 * n, &w);
    if (st != HL_TERM_OK) return st;
    hl_map_iter it;
    hl_map_iter_init_io(&it, map);
    hl_term k, v, acc = HL_NIL;
    while (hl_map_iter_next(&it, &k, &v)) {
        hl_term e = hl_tuple_init(w, 2);
        w[1] = k, w[2] = v;
        acc = hl_cons_init(w + 3, e, acc);
        w += 5;
    }
    p->bif_cost += (n * PD_PAIR_UNITS) >> HL_VM_TRAP_COST_SHIFT;
    *out = acc;
    return HL_TERM_OK;
}

const hl_vm_bif_reg hl_vm_bifs_pdict[] = {
    {HL_BI_PUT2, b_put2},           {HL_BI_GET0, b_get0},     {HL_BI_GET1, b_get1},
    {HL_BI_GET_KEYS0, b_get_keys0}, {HL_BI_GET_KEYS1, b_get_keys1}, {HL_BI_ERASE0, b_erase0},
    {HL_BI_ERASE1, b_erase1},
};
const size_t hl_vm_bifs_pdict_count = sizeof hl_vm_bifs_pdict / sizeof hl_vm_bifs_pdict[0];
