/* map.c — flat maps (see map.h) and the generic hl_map_* entry points,
 * which hand maps above 32 keys to hamt.c. Flat maps: a keys tuple sorted in map-key order
 * (hl_term_compare exact) and the values in the same order. Key comparisons go through
 * hl_map_ctx_cmp, so under a context a long one stops the operation (hamt.c, vm/vm_map.c). */
#include "term/map.h"

#include <string.h>

#include "term/compare.h"
#include "term/hamt.h"

hl_term_status hl_flatmap_new(hl_heap *h, const hl_term *keys, const hl_term *vals, size_t n,
                              hl_term *out) {
    return hl_flatmap_new_cx(NULL, h, keys, vals, n, out);
}

hl_term_status hl_flatmap_new_cx(hl_map_ctx *cx, hl_heap *h, const hl_term *keys, const hl_term *vals, size_t n,
                                 hl_term *out) {
    if (n > HL_FLATMAP_MAX) return HL_TERM_SYSTEM_LIMIT;
    size_t idx[HL_FLATMAP_MAX], vidx[HL_FLATMAP_MAX];
    size_t m = 0;
    /* Insertion sort of indices; an equal key replaces the earlier value
     * but keeps the earlier key (as OTP: #{0.0 => a, -0.0 => b} is
     * #{0.0 => b}). */
    for (size_t i = 0; i < n; i++) {
        size_t lo = 0, hi = m;
        bool dup = false;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            int c;
            hl_term_status st = hl_map_ctx_cmp(cx, keys[i], keys[idx[mid]], &c);
            if (st != HL_TERM_OK) return st;
            if (c == 0) {
                vidx[mid] = i;
                dup = true;
                break;
            }
            if (c < 0) hi = mid;
            else lo = mid + 1;
        }
        if (dup) continue;
        for (size_t k = m; k > lo; k--) idx[k] = idx[k - 1], vidx[k] = vidx[k - 1];
        idx[lo] = vidx[lo] = i;
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
        mp[2 + k] = vals[vidx[k]];
    }
    *out = hl_make_boxed(mp);
    return HL_TERM_OK;
}

/* Position of key in the sorted keys, or where it would go (*found false). */
static hl_term_status find(hl_map_ctx *cx, hl_term map, hl_term key, size_t *pos, bool *found) {
    size_t n = hl_flatmap_size(map);
    const hl_term *keys = hl_tuple_elems(hl_flatmap_keys(map));
    size_t lo = 0, hi = n;
    *found = false;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c;
        hl_term_status st = hl_map_ctx_cmp(cx, key, keys[mid], &c);
        if (st != HL_TERM_OK) return st;
        if (c == 0) {
            *pos = mid;
            *found = true;
            return HL_TERM_OK;
        }
        if (c < 0) hi = mid;
        else lo = mid + 1;
    }
    *pos = lo;
    return HL_TERM_OK;
}

hl_term_status hl_flatmap_get(hl_term map, hl_term key, hl_term *val) {
    size_t pos = 0; /* set by find(); initialised for gcc -O3 */
    bool found = false;
    hl_term_status st = find(NULL, map, key, &pos, &found);
    if (st != HL_TERM_OK) return st;
    if (!found) return HL_TERM_BADARG;
    *val = hl_flatmap_values(map)[pos];
    return HL_TERM_OK;
}

/* A copy of map with the value at pos replaced, sharing the keys tuple. */
static hl_term_status replace(hl_heap *h, hl_term map, size_t pos, hl_term val, hl_term *out) {
    size_t n = hl_flatmap_size(map);
    if (hl_flatmap_values(map)[pos] == val) {
        *out = map;
        return HL_TERM_OK;
    }
    hl_term *p;
    hl_term_status st = hl_heap_alloc(h, 2 + n, &p);
    if (st != HL_TERM_OK) return st;
    memcpy(p, hl_boxed_ptr(map), (2 + n) * sizeof *p);
    p[2 + pos] = val;
    *out = hl_make_boxed(p);
    return HL_TERM_OK;
}

static hl_term_status flat_put(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out) {
    size_t pos = 0; /* set by find(); initialised for gcc -O3 */
    bool found = false;
    hl_term_status st = find(cx, map, key, &pos, &found);
    if (st != HL_TERM_OK) return st;
    if (found) return replace(h, map, pos, val, out);
    size_t n = hl_flatmap_size(map), m = n + 1;
    if (m > HL_FLATMAP_MAX) return HL_TERM_SYSTEM_LIMIT;
    hl_term *p;
    if ((st = hl_heap_alloc(h, (1 + m) + (2 + m), &p)) != HL_TERM_OK) return st;
    const hl_term *ok = hl_tuple_elems(hl_flatmap_keys(map)), *ov = hl_flatmap_values(map);
    hl_term *kt = p, *mp = p + 1 + m;
    kt[0] = hl_make_header(HL_SUB_TUPLE, m);
    mp[0] = hl_make_header(HL_SUB_FLATMAP, 1 + m);
    mp[1] = hl_make_boxed(kt);
    memcpy(kt + 1, ok, pos * sizeof *kt);
    memcpy(mp + 2, ov, pos * sizeof *mp);
    kt[1 + pos] = key;
    mp[2 + pos] = val;
    memcpy(kt + 2 + pos, ok + pos, (n - pos) * sizeof *kt);
    memcpy(mp + 3 + pos, ov + pos, (n - pos) * sizeof *mp);
    *out = hl_make_boxed(mp);
    return HL_TERM_OK;
}

static hl_term_status flat_update(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out) {
    size_t pos = 0; /* set by find(); initialised for gcc -O3 */
    bool found = false;
    hl_term_status st = find(cx, map, key, &pos, &found);
    if (st != HL_TERM_OK) return st;
    if (!found) return HL_TERM_BADARG;
    return replace(h, map, pos, val, out);
}

static hl_term_status flat_remove(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term *out) {
    size_t pos = 0; /* set by find(); initialised for gcc -O3 */
    bool found = false;
    hl_term_status st = find(cx, map, key, &pos, &found);
    if (st != HL_TERM_OK) return st;
    if (!found) {
        *out = map;
        return HL_TERM_OK;
    }
    size_t n = hl_flatmap_size(map), m = n - 1;
    hl_term *p;
    if ((st = hl_heap_alloc(h, (1 + m) + (2 + m), &p)) != HL_TERM_OK) return st;
    const hl_term *ok = hl_tuple_elems(hl_flatmap_keys(map)), *ov = hl_flatmap_values(map);
    hl_term *kt = p, *mp = p + 1 + m;
    kt[0] = hl_make_header(HL_SUB_TUPLE, m);
    mp[0] = hl_make_header(HL_SUB_FLATMAP, 1 + m);
    mp[1] = hl_make_boxed(kt);
    memcpy(kt + 1, ok, pos * sizeof *kt);
    memcpy(mp + 2, ov, pos * sizeof *mp);
    memcpy(kt + 1 + pos, ok + pos + 1, (m - pos) * sizeof *kt);
    memcpy(mp + 2 + pos, ov + pos + 1, (m - pos) * sizeof *mp);
    *out = hl_make_boxed(mp);
    return HL_TERM_OK;
}

/* ---- generic interface: flat maps up to 32 keys, HAMT above (hamt.c) ---- */

size_t hl_map_size(hl_term map) {
    return hl_is_flatmap(map) ? hl_flatmap_size(map) : hl_hashmap_size(map);
}

hl_term_status hl_map_new_cx(hl_map_ctx *cx, hl_heap *h, const hl_term *keys, const hl_term *vals, size_t n,
                             hl_term *out) {
    return hl_hamt_build(cx, h, keys, vals, n, out);
}

hl_term_status hl_map_new(hl_heap *h, const hl_term *keys, const hl_term *vals, size_t n,
                          hl_term *out) {
    return hl_hamt_build(NULL, h, keys, vals, n, out);
}

hl_term_status hl_map_get(hl_term map, hl_term key, hl_term *val) {
    if (hl_is_flatmap(map)) return hl_flatmap_get(map, key, val);
    bool found = false;
    hl_term_status st = hl_hamt_find(NULL, map, key, val, &found);
    if (st == HL_TERM_OK && !found) return HL_TERM_BADARG;
    return st;
}

hl_term_status hl_map_find_cx(hl_map_ctx *cx, hl_term map, hl_term key, hl_term *val, bool *found) {
    if (!hl_is_flatmap(map)) return hl_hamt_find(cx, map, key, val, found);
    size_t pos = 0;
    hl_term_status st = find(cx, map, key, &pos, found);
    if (st == HL_TERM_OK && *found) *val = hl_flatmap_values(map)[pos];
    return st;
}

hl_term_status hl_map_find(hl_term map, hl_term key, hl_term *val, bool *found) {
    return hl_map_find_cx(NULL, map, key, val, found);
}

hl_term_status hl_map_put_cx(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out) {
    if (!hl_is_flatmap(map)) return hl_hamt_put(cx, h, map, key, val, false, out);
    hl_term_status st = flat_put(cx, h, map, key, val, out);
    if (st != HL_TERM_SYSTEM_LIMIT) return st;
    /* The 33rd key: the map becomes a HAMT (every key hashed). */
    size_t n = hl_flatmap_size(map);
    hl_term ks[HL_FLATMAP_MAX + 1], vs[HL_FLATMAP_MAX + 1];
    memcpy(ks, hl_tuple_elems(hl_flatmap_keys(map)), n * sizeof *ks);
    memcpy(vs, hl_flatmap_values(map), n * sizeof *vs);
    ks[n] = key;
    vs[n] = val;
    return hl_hamt_build(cx, h, ks, vs, n + 1, out);
}

hl_term_status hl_map_put(hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out) {
    return hl_map_put_cx(NULL, h, map, key, val, out);
}

hl_term_status hl_map_update_cx(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out) {
    if (!hl_is_flatmap(map)) return hl_hamt_put(cx, h, map, key, val, true, out);
    return flat_update(cx, h, map, key, val, out);
}

hl_term_status hl_map_update(hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out) {
    return hl_map_update_cx(NULL, h, map, key, val, out);
}

hl_term_status hl_map_remove_cx(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term *out) {
    if (!hl_is_flatmap(map)) return hl_hamt_remove(cx, h, map, key, out);
    return flat_remove(cx, h, map, key, out);
}

hl_term_status hl_map_remove(hl_heap *h, hl_term map, hl_term key, hl_term *out) {
    return hl_map_remove_cx(NULL, h, map, key, out);
}

void hl_map_iter_init(hl_map_iter *it, hl_term map) {
    memset(it, 0, sizeof *it);
    it->map = map;
}

void hl_map_iter_init_io(hl_map_iter *it, hl_term map) {
    hl_map_iter_init(it, map);
    it->ascending = true;
}

bool hl_map_iter_next(hl_map_iter *it, hl_term *key, hl_term *val) {
    if (!hl_is_flatmap(it->map)) return hl_hamt_iter_next(it, key, val);
    if (it->pos >= hl_flatmap_size(it->map)) return false;
    *key = hl_tuple_get(hl_flatmap_keys(it->map), it->pos);
    *val = hl_flatmap_values(it->map)[it->pos];
    it->pos++;
    return true;
}

bool hl_map_iter_seek_io(hl_map_iter *it, hl_term map, uint64_t cursor) {
    hl_map_iter_init_io(it, map);
    if (!hl_is_flatmap(map)) return hl_hamt_iter_seek(it, cursor);
    if (cursor > hl_flatmap_size(map)) return false;
    it->pos = (size_t)cursor;
    return true;
}

bool hl_map_iter_cursor(const hl_map_iter *it, uint64_t *cursor) {
    if (!hl_is_flatmap(it->map)) return hl_hamt_iter_cursor(it, cursor);
    *cursor = it->pos;
    return true;
}

/* ---- flat-map operations without a context (every comparison in one go) ---- */

hl_term_status hl_flatmap_put(hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out) {
    return flat_put(NULL, h, map, key, val, out);
}

hl_term_status hl_flatmap_update(hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out) {
    return flat_update(NULL, h, map, key, val, out);
}

hl_term_status hl_flatmap_remove(hl_heap *h, hl_term map, hl_term key, hl_term *out) {
    return flat_remove(NULL, h, map, key, out);
}
