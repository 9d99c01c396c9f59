/* map.c — flat maps (see map.h): a keys tuple sorted in map-key order
 * (hl_term_compare exact) and the values in the same order. */
#include "term/map.h"

#include "term/compare.h"

hl_term_status hl_flatmap_new(hl_heap *h, const hl_term *keys, const hl_term *vals, size_t n,
                              hl_term *out) {
    if (n > HL_FLATMAP_MAX) return HL_TERM_SYSTEM_LIMIT;
    size_t idx[HL_FLATMAP_MAX];
    size_t m = 0;
    /* Insertion sort of indices; an equal key replaces the earlier value. */
    for (size_t i = 0; i < n; i++) {
        size_t lo = 0, hi = m;
        bool dup = false;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            int c;
            hl_term_status st = hl_term_compare(keys[i], keys[idx[mid]], true, NULL, &c);
            if (st != HL_TERM_OK) return st;
            if (c == 0) {
                idx[mid] = i;
                dup = true;
                break;
            }
            if (c < 0) hi = mid;
            else lo = mid + 1;
        }
        if (dup) continue;
        for (size_t k = m; k > lo; k--) idx[k] = idx[k - 1];
        idx[lo] = i;
        m++;
    }
    hl_term *p;
    hl_term_status st = hl_heap_alloc(h, (1 + m) + (2 + m), &p);
    if (st != HL_TERM_OK) return st;
    hl_term *kt = p, *mp = p + 1 + m;
    kt[0] = hl_make_header(HL_SUB_TUPLE, m);
    mp[0] = hl_make_header(HL_SUB_FLATMAP, 1 + m);
    mp[1] = hl_make_boxed(kt);
    for (size_t k = 0; k < m; k++) {
        kt[1 + k] = keys[idx[k]];
        mp[2 + k] = vals[idx[k]];
    }
    *out = hl_make_boxed(mp);
    return HL_TERM_OK;
}

hl_term_status hl_flatmap_get(hl_term map, hl_term key, hl_term *val) {
    size_t n = hl_flatmap_size(map);
    const hl_term *keys = hl_tuple_elems(hl_flatmap_keys(map));
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c;
        int fast = hl_term_eq_exact_fast(key, keys[mid]);
        if (fast == 1) {
            *val = hl_flatmap_values(map)[mid];
            return HL_TERM_OK;
        }
        hl_term_status st = hl_term_compare(key, keys[mid], true, NULL, &c);
        if (st != HL_TERM_OK) return st;
        if (c == 0) {
            *val = hl_flatmap_values(map)[mid];
            return HL_TERM_OK;
        }
        if (c < 0) hi = mid;
        else lo = mid + 1;
    }
    return HL_TERM_BADARG;
}
