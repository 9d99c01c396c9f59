/* hamt.c — HAMT maps above 32 keys (see hamt.h and docs/terms.md §1).
 * Updates copy the path from the root (at most HL_HAMT_LEVELS + 1 nodes of
 * at most 18 words), so put/remove/get are O(depth); building from n pairs
 * sorts them by hash once and lays the trie out bottom-up. The trie is
 * canonical (a non-root node never holds a single leaf; collision nodes
 * keep their leaves in map-key order), so equal maps have equal shapes and
 * iterate in the same order: OTP's, children from the highest slot down. */
#include "term/hamt.h"

#include <string.h>

#include "base/mem.h"
#include "term/compare.h"
#include "term/map_hash.h"

static inline const hl_term *nptr(hl_term node) { return hl_boxed_ptr(node); }
static inline uint64_t ninfo(const hl_term *p) { return (uint64_t)hl_small_val(p[1]); }
static inline size_t nfirst(const hl_term *p) { return (ninfo(p) & HL_HAMT_HEAD) ? 3 : 2; }
static inline size_t ncount(const hl_term *p) { return (size_t)hl_header_arity(p[0]) + 1 - nfirst(p); }
static inline unsigned nibble(uint32_t hx, unsigned lvl) { return (hx >> (4 * lvl)) & 15; }
static inline unsigned slot_of(uint64_t info, unsigned bit) {
    return (unsigned)__builtin_popcount((unsigned)(info & 0xFFFF) & (bit - 1));
}

hl_term_status hl_map_ctx_hash(hl_map_ctx *cx, hl_term key, uint32_t *hx) {
    if (!cx || hl_is_immed(key)) return hl_map_key_hash(key, NULL, hx);
    for (size_t i = 0; i < cx->nhints; i++)
        if (cx->hints[2 * i] == key && hl_is_small(cx->hints[2 * i + 1])) {
            *hx = (uint32_t)hl_small_val(cx->hints[2 * i + 1]);
            return HL_TERM_OK;
        }
    bool capped = cx->budget < HL_MAP_HASH_MAX_WORK;
    uint64_t b = capped ? cx->budget : HL_MAP_HASH_MAX_WORK, b0 = b;
    hl_term_status st = hl_map_key_hash(key, &b, hx);
    cx->units += b0 - b;
    cx->budget -= capped ? b0 - b : 0;
    if (st == HL_TERM_BUDGET && capped) cx->need = key; /* over this call's share, not (yet) the cap */
    return st;
}

hl_term_status hl_map_ctx_cmp(hl_map_ctx *cx, hl_term a, hl_term b, int *c) {
    if (hl_term_eq_exact_fast(a, b) == 1) {
        *c = 0;
        return HL_TERM_OK;
    }
    if (!cx) return hl_term_compare(a, b, true, NULL, c);
    for (hl_term l = cx->answers; hl_is_cons(l); l = hl_cdr(l)) {
        const hl_term *e = hl_tuple_elems(hl_car(l));
        if (!hl_is_small(e[2])) continue; /* being compared */
        if (e[0] == a && e[1] == b) {
            *c = (int)hl_small_val(e[2]);
            return HL_TERM_OK;
        }
        if (e[0] == b && e[1] == a) {
            *c = -(int)hl_small_val(e[2]);
            return HL_TERM_OK;
        }
    }
    uint64_t b0 = cx->cmp_budget;
    hl_term_status st = hl_term_compare(a, b, true, &cx->cmp_budget, c);
    cx->units += b0 - cx->cmp_budget;
    if (st == HL_TERM_BUDGET) cx->cmp_a = a, cx->cmp_b = b; /* the caller compares them in pieces */
    return st;
}

/* =:= on keys; c < 0 / 0 / > 0 in map-key order. With a budget (sorting a
 * map's pairs for the comparator), that budget; else cx's. */
static hl_term_status key_cmp(hl_map_ctx *cx, hl_term a, hl_term b, uint64_t *budget, int *c) {
    if (budget) {
        if (hl_term_eq_exact_fast(a, b) == 1) {
            *c = 0;
            return HL_TERM_OK;
        }
        return hl_term_compare(a, b, true, budget, c);
    }
    return hl_map_ctx_cmp(cx, a, b, c);
}

static hl_term_status leaf(hl_heap *h, hl_term k, hl_term v, hl_term *out) {
    hl_term *p;
    hl_term_status st = hl_heap_alloc(h, 2, &p);
    if (st != HL_TERM_OK) return st;
    p[0] = k;
    p[1] = v;
    *out = hl_make_cons(p);
    return HL_TERM_OK;
}

/* A node with the given info word (bitmap and flags), key count (head only)
 * and children. */
static hl_term_status new_node(hl_heap *h, uint64_t info, size_t size, const hl_term *kids, size_t n,
                               hl_term *out) {
    size_t first = (info & HL_HAMT_HEAD) ? 3 : 2;
    hl_term *p;
    hl_term_status st = hl_heap_alloc(h, first + n, &p);
    if (st != HL_TERM_OK) return st;
    p[0] = hl_make_header(HL_SUB_HASHMAP, first - 1 + n);
    p[1] = hl_make_small((int64_t)info);
    if (first == 3) p[2] = hl_make_small((int64_t)size);
    memcpy(p + first, kids, n * sizeof *kids);
    *out = hl_make_boxed(p);
    return HL_TERM_OK;
}

/* Copy of node p with child `slot` replaced by r; size (head) adjusted. */
static hl_term_status replace_kid(hl_heap *h, const hl_term *p, size_t slot, hl_term r, int64_t dsize,
                                  hl_term *out) {
    size_t first = nfirst(p), n = ncount(p);
    hl_term *q;
    hl_term_status st = hl_heap_alloc(h, first + n, &q);
    if (st != HL_TERM_OK) return st;
    memcpy(q, p, (first + n) * sizeof *q);
    if (first == 3) q[2] = hl_make_small(hl_small_val(p[2]) + dsize);
    q[first + slot] = r;
    *out = hl_make_boxed(q);
    return HL_TERM_OK;
}

/* Copy of node p with child `slot` inserted (insert) or removed. */
static hl_term_status splice_kid(hl_heap *h, const hl_term *p, uint64_t info, size_t slot, bool insert,
                                 hl_term kid, int64_t dsize, hl_term *out) {
    size_t first = nfirst(p), n = ncount(p), m = insert ? n + 1 : n - 1;
    hl_term *q;
    hl_term_status st = hl_heap_alloc(h, first + m, &q);
    if (st != HL_TERM_OK) return st;
    q[0] = hl_make_header(HL_SUB_HASHMAP, first - 1 + m);
    q[1] = hl_make_small((int64_t)info);
    if (first == 3) q[2] = hl_make_small(hl_small_val(p[2]) + dsize);
    const hl_term *kids = p + first;
    memcpy(q + first, kids, slot * sizeof *q);
    if (insert) {
        q[first + slot] = kid;
        memcpy(q + first + slot + 1, kids + slot, (n - slot) * sizeof *q);
    } else {
        memcpy(q + first + slot, kids + slot + 1, (n - slot - 1) * sizeof *q);
    }
    *out = hl_make_boxed(q);
    return HL_TERM_OK;
}

/* Binary search of key among a collision node's leaves (map-key order). */
static hl_term_status coll_find(hl_map_ctx *cx, const hl_term *p, hl_term key, size_t *pos, bool *found) {
    size_t lo = 0, hi = ncount(p);
    const hl_term *kids = p + 2;
    *found = false;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c;
        hl_term_status st = key_cmp(cx, key, hl_car(kids[mid]), NULL, &c);
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

hl_term_status hl_hamt_find(hl_map_ctx *cx, hl_term map, hl_term key, hl_term *val, bool *found) {
    uint32_t hx;
    hl_term_status st = hl_map_ctx_hash(cx, key, &hx);
    if (st != HL_TERM_OK) return st;
    const hl_term *p = nptr(map);
    *found = false;
    for (unsigned lvl = 0;; lvl++) {
        uint64_t info = ninfo(p);
        if (info & HL_HAMT_COLLISION) {
            size_t pos = 0;
            if ((st = coll_find(cx, p, key, &pos, found)) != HL_TERM_OK) return st;
            if (*found) *val = hl_cdr(p[2 + pos]);
            return HL_TERM_OK;
        }
        unsigned bit = 1u << nibble(hx, lvl);
        if (!(info & bit)) return HL_TERM_OK;
        hl_term c = p[nfirst(p) + slot_of(info, bit)];
        if (hl_is_cons(c)) {
            int cmp;
            if ((st = key_cmp(cx, key, hl_car(c), NULL, &cmp)) != HL_TERM_OK) return st;
            if (cmp == 0) {
                *found = true;
                *val = hl_cdr(c);
            }
            return HL_TERM_OK;
        }
        p = nptr(c);
    }
}

/* The subtree holding two leaves with different keys that share the slices
 * below level lvl. Recursion depth ≤ HL_HAMT_LEVELS (a constant). */
static hl_term_status split(hl_map_ctx *cx, hl_heap *h, hl_term la, uint32_t ha, hl_term lb, uint32_t hb, unsigned lvl,
                            hl_term *out) {
    if (lvl >= HL_HAMT_LEVELS) {
        int c;
        hl_term_status st = key_cmp(cx, hl_car(la), hl_car(lb), NULL, &c);
        if (st != HL_TERM_OK) return st;
        hl_term kids[2] = {c < 0 ? la : lb, c < 0 ? lb : la};
        return new_node(h, HL_HAMT_COLLISION, 0, kids, 2, out);
    }
    unsigned ia = nibble(ha, lvl), ib = nibble(hb, lvl);
    if (ia == ib) {
        hl_term sub;
        hl_term_status st = split(cx, h, la, ha, lb, hb, lvl + 1, &sub);
        if (st != HL_TERM_OK) return st;
        return new_node(h, 1u << ia, 0, &sub, 1, out);
    }
    hl_term kids[2] = {ia < ib ? la : lb, ia < ib ? lb : la};
    return new_node(h, (1u << ia) | (1u << ib), 0, kids, 2, out);
}

hl_term_status hl_hamt_put(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term val, bool update_only,
                           hl_term *out) {
    uint32_t hx;
    hl_term_status st = hl_map_ctx_hash(cx, key, &hx);
    if (st != HL_TERM_OK) return st;
    const hl_term *path[HL_HAMT_LEVELS + 2];
    size_t slots[HL_HAMT_LEVELS + 2];
    size_t depth = 0;
    const hl_term *p = nptr(map);
    hl_term r; /* the replacement for path[depth] */
    int64_t grew = 0;
    for (unsigned lvl = 0;; lvl++) {
        path[depth] = p;
        uint64_t info = ninfo(p);
        if (info & HL_HAMT_COLLISION) {
            size_t pos = 0;
            bool found;
            if ((st = coll_find(cx, p, key, &pos, &found)) != HL_TERM_OK) return st;
            if (found && hl_cdr(p[2 + pos]) == val) {
                *out = map;
                return HL_TERM_OK;
            }
            if (!found && update_only) return HL_TERM_BADARG;
            if (!found && ncount(p) >= HL_HAMT_COLLISION_MAX) return HL_TERM_SYSTEM_LIMIT;
            hl_term lf;
            if ((st = leaf(h, found ? hl_car(p[2 + pos]) : key, val, &lf)) != HL_TERM_OK) return st;
            if (found) {
                st = replace_kid(h, p, pos, lf, 0, &r);
            } else {
                st = splice_kid(h, p, info, pos, true, lf, 0, &r);
                grew = 1;
            }
            if (st != HL_TERM_OK) return st;
            break;
        }
        unsigned bit = 1u << nibble(hx, lvl);
        size_t slot = slot_of(info, bit);
        if (!(info & bit)) {
            if (update_only) return HL_TERM_BADARG;
            hl_term lf;
            if ((st = leaf(h, key, val, &lf)) != HL_TERM_OK) return st;
            if ((st = splice_kid(h, p, info | bit, slot, true, lf, 1, &r)) != HL_TERM_OK) return st;
            grew = 1;
            break;
        }
        hl_term c = p[nfirst(p) + slot];
        if (hl_is_cons(c)) {
            int cmp;
            if ((st = key_cmp(cx, key, hl_car(c), NULL, &cmp)) != HL_TERM_OK) return st;
            if (cmp == 0) {
                if (hl_cdr(c) == val) {
                    *out = map;
                    return HL_TERM_OK;
                }
                hl_term lf;
                if ((st = leaf(h, hl_car(c), val, &lf)) != HL_TERM_OK) return st;
                if ((st = replace_kid(h, p, slot, lf, 0, &r)) != HL_TERM_OK) return st;
                break;
            }
            if (update_only) return HL_TERM_BADARG;
            uint32_t hc;
            hl_term lf, sub;
            if ((st = hl_map_ctx_hash(cx, hl_car(c), &hc)) != HL_TERM_OK) return st;
            if ((st = leaf(h, key, val, &lf)) != HL_TERM_OK) return st;
            if ((st = split(cx, h, c, hc, lf, hx, lvl + 1, &sub)) != HL_TERM_OK) return st;
            grew = 1;
            if ((st = replace_kid(h, p, slot, sub, 1, &r)) != HL_TERM_OK) return st;
            break;
        }
        slots[depth++] = slot;
        p = nptr(c);
    }
    while (depth-- > 0) {
        if ((st = replace_kid(h, path[depth], slots[depth], r, grew, &r)) != HL_TERM_OK) return st;
    }
    *out = r;
    return HL_TERM_OK;
}

/* The flat map of all pairs but the leaf `skip` (the map has 33 keys). */
static hl_term_status to_flat_without(hl_map_ctx *cx, hl_heap *h, hl_term map, const hl_term *skip, hl_term *out) {
    hl_term ks[HL_FLATMAP_MAX], vs[HL_FLATMAP_MAX];
    size_t n = 0;
    hl_map_iter it;
    hl_map_iter_init(&it, map);
    hl_term k, v;
    while (hl_hamt_iter_next(&it, &k, &v)) {
        if (k == skip[0]) continue; /* keys are unique: only that leaf has this word */
        if (n == HL_FLATMAP_MAX) return HL_TERM_SYSTEM_LIMIT; /* not reached: size was 33 */
        ks[n] = k;
        vs[n] = v;
        n++;
    }
    return hl_flatmap_new_cx(cx, h, ks, vs, n, out);
}

hl_term_status hl_hamt_remove(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term *out) {
    uint32_t hx;
    hl_term_status st = hl_map_ctx_hash(cx, key, &hx);
    if (st != HL_TERM_OK) return st;
    const hl_term *path[HL_HAMT_LEVELS + 2];
    size_t slots[HL_HAMT_LEVELS + 2];
    size_t depth = 0, at = 0;
    const hl_term *p = nptr(map);
    for (unsigned lvl = 0;; lvl++) {
        path[depth] = p;
        uint64_t info = ninfo(p);
        if (info & HL_HAMT_COLLISION) {
            bool found;
            if ((st = coll_find(cx, p, key, &at, &found)) != HL_TERM_OK) return st;
            if (!found) {
                *out = map;
                return HL_TERM_OK;
            }
            break;
        }
        unsigned bit = 1u << nibble(hx, lvl);
        if (!(info & bit)) {
            *out = map;
            return HL_TERM_OK;
        }
        at = slot_of(info, bit);
        hl_term c = p[nfirst(p) + at];
        if (hl_is_cons(c)) {
            int cmp;
            if ((st = key_cmp(cx, key, hl_car(c), NULL, &cmp)) != HL_TERM_OK) return st;
            if (cmp != 0) {
                *out = map;
                return HL_TERM_OK;
            }
            break;
        }
        slots[depth++] = at;
        p = nptr(c);
    }
    const hl_term *bottom = path[depth];
    if (hl_hashmap_size(map) - 1 <= HL_FLATMAP_MAX)
        return to_flat_without(cx, h, map, hl_cons_ptr(bottom[nfirst(bottom) + at]), out);
    hl_term r;
    uint64_t info = ninfo(bottom);
    size_t n = ncount(bottom);
    if (info & HL_HAMT_COLLISION) {
        if (n == 2) r = bottom[2 + (1 - at)];
        else if ((st = splice_kid(h, bottom, info, at, false, 0, 0, &r)) != HL_TERM_OK) return st;
    } else if (depth > 0 && n == 2 && hl_is_cons(bottom[2 + (1 - at)])) {
        r = bottom[2 + (1 - at)]; /* a lone leaf moves up */
    } else {
        unsigned bit = 1u << nibble(hx, (unsigned)depth);
        if ((st = splice_kid(h, bottom, info & ~(uint64_t)bit, at, false, 0, -1, &r)) != HL_TERM_OK) return st;
    }
    while (depth-- > 0) {
        const hl_term *q = path[depth];
        if (depth > 0 && hl_is_cons(r) && ncount(q) == 1) continue; /* collapse the chain */
        if ((st = replace_kid(h, q, slots[depth], r, -1, &r)) != HL_TERM_OK) return st;
    }
    *out = r;
    return HL_TERM_OK;
}

/* ---- building from many pairs ---- */

typedef struct entry {
    uint32_t order; /* the hash with its 4-bit slices reversed: sorts in slot order at every level */
    uint32_t hx;
    size_t idx;
} entry;

static uint32_t slice_reverse(uint32_t hx) {
    uint32_t r = 0;
    for (unsigned i = 0; i < HL_HAMT_LEVELS; i++) r = (r << 4) | nibble(hx, i);
    return r;
}

/* Entry order: slots, then (equal hashes) map-key order, then input order. */
static hl_term_status entry_cmp(hl_map_ctx *cx, const entry *a, const entry *b, const hl_term *keys,
                                uint64_t *budget, int *c) {
    if (a->order != b->order) {
        *c = a->order < b->order ? -1 : 1;
        return HL_TERM_OK;
    }
    if (keys) {
        hl_term_status st = key_cmp(cx, keys[a->idx], keys[b->idx], budget, c);
        if (st != HL_TERM_OK || *c) return st;
    }
    *c = (a->idx > b->idx) - (a->idx < b->idx);
    return HL_TERM_OK;
}

/* Bottom-up merge sort of v (tmp: scratch of the same size). */
static hl_term_status sort_entries(hl_map_ctx *cx, entry *v, entry *tmp, size_t n, const hl_term *keys,
                                   uint64_t *budget) {
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                int c;
                hl_term_status st = entry_cmp(cx, &v[i], &v[j], keys, budget, &c);
                if (st != HL_TERM_OK) return st;
                tmp[k++] = c <= 0 ? v[i++] : v[j++];
            }
            while (i < mid) tmp[k++] = v[i++];
            while (j < hi) tmp[k++] = v[j++];
        }
        memcpy(v, tmp, n * sizeof *v);
    }
    return HL_TERM_OK;
}

/* The subtree of sorted unique entries [lo, hi) below level lvl.
 * Recursion depth ≤ HL_HAMT_LEVELS + 1 (a constant). */
static hl_term_status build(hl_heap *h, const entry *e, size_t lo, size_t hi, unsigned lvl, bool root,
                            const hl_term *keys, const hl_term *vals, hl_term *out) {
    hl_term_status st;
    if (!root && hi - lo == 1) return leaf(h, keys[e[lo].idx], vals[e[lo].idx], out);
    if (lvl >= HL_HAMT_LEVELS) {
        hl_term *p;
        size_t n = hi - lo;
        if (n > HL_HAMT_COLLISION_MAX) return HL_TERM_SYSTEM_LIMIT;
        if ((st = hl_heap_alloc(h, 2 + n, &p)) != HL_TERM_OK) return st;
        p[0] = hl_make_header(HL_SUB_HASHMAP, 1 + n);
        p[1] = hl_make_small((int64_t)HL_HAMT_COLLISION);
        for (size_t i = 0; i < n; i++) p[2 + i] = HL_NIL; /* walkable until filled */
        for (size_t i = 0; i < n; i++) {
            hl_term lf;
            if ((st = leaf(h, keys[e[lo + i].idx], vals[e[lo + i].idx], &lf)) != HL_TERM_OK) return st;
            p[2 + i] = lf;
        }
        *out = hl_make_boxed(p);
        return HL_TERM_OK;
    }
    hl_term kids[16];
    size_t n = 0;
    uint64_t info = root ? HL_HAMT_HEAD : 0;
    for (size_t i = lo; i < hi;) {
        unsigned s = nibble(e[i].hx, lvl);
        size_t j = i + 1;
        while (j < hi && nibble(e[j].hx, lvl) == s) j++;
        if ((st = build(h, e, i, j, lvl + 1, false, keys, vals, &kids[n])) != HL_TERM_OK) return st;
        n++;
        info |= 1u << s;
        i = j;
    }
    return new_node(h, info, hi - lo, kids, n, out);
}

hl_term_status hl_hamt_build(hl_map_ctx *cx, hl_heap *h, const hl_term *keys, const hl_term *vals, size_t n, hl_term *out) {
    if (n <= HL_FLATMAP_MAX) return hl_flatmap_new_cx(cx, h, keys, vals, n, out);
    entry *e = hl_mem_realloc_array(NULL, n, 2 * sizeof *e);
    if (!e) return HL_TERM_NOMEM;
    entry *tmp = e + n;
    hl_term_status st = HL_TERM_OK;
    for (size_t i = 0; i < n && st == HL_TERM_OK; i++) {
        st = hl_map_ctx_hash(cx, keys[i], &e[i].hx);
        e[i].order = slice_reverse(e[i].hx);
        e[i].idx = i;
    }
    if (st == HL_TERM_OK) st = sort_entries(cx, e, tmp, n, keys, NULL);
    /* Unique keys, the last of equal ones (entries of equal keys are
     * adjacent, in input order). */
    size_t m = 0;
    for (size_t i = 0; i < n && st == HL_TERM_OK; i++) {
        if (i + 1 < n && e[i + 1].order == e[i].order) {
            int c;
            st = key_cmp(cx, keys[e[i].idx], keys[e[i + 1].idx], NULL, &c);
            if (st == HL_TERM_OK && c == 0) continue;
        }
        e[m++] = e[i];
    }
    if (st == HL_TERM_OK) {
        if (m <= HL_FLATMAP_MAX) {
            hl_term ks[HL_FLATMAP_MAX], vs[HL_FLATMAP_MAX];
            for (size_t i = 0; i < m; i++) {
                ks[i] = keys[e[i].idx];
                vs[i] = vals[e[i].idx];
            }
            st = hl_flatmap_new_cx(cx, h, ks, vs, m, out);
        } else {
            st = build(h, e, 0, m, 0, true, keys, vals, out);
        }
    }
    hl_mem_free(e);
    return st;
}

/* ---- iteration: depth first; maps:to_list order takes children from the
 * highest slot down, the io order (it->ascending) from the lowest up.
 * it->path[l] counts the children of the level-l node on the current path
 * already taken; the child being visited at level l is path[l] - 1 from
 * the chosen end. */

static inline size_t kid_index(const hl_map_iter *it, const hl_term *p, size_t l) {
    return it->ascending ? it->path[l] - 1 : ncount(p) - it->path[l];
}

static const hl_term *node_at(const hl_map_iter *it, size_t depth) {
    const hl_term *p = nptr(it->map);
    for (size_t l = 0; l < depth; l++) p = nptr(p[nfirst(p) + kid_index(it, p, l)]);
    return p;
}

bool hl_hamt_iter_next(hl_map_iter *it, hl_term *key, hl_term *val) {
    if (it->pos == 0) {
        it->depth = 0;
        it->path[0] = 0;
    }
    for (;;) {
        const hl_term *p = node_at(it, it->depth);
        if (it->path[it->depth] == ncount(p)) {
            if (it->depth == 0) return false;
            it->depth--;
            continue;
        }
        it->path[it->depth]++;
        hl_term c = p[nfirst(p) + kid_index(it, p, it->depth)];
        if (hl_is_cons(c)) {
            *key = hl_car(c);
            *val = hl_cdr(c);
            it->pos++;
            return true;
        }
        it->depth++;
        it->path[it->depth] = 0;
    }
}

/* ---- resumable io-order iteration (maps:iterator/next, chunked to_list):
 * the walk's state packed in one integer. Bits 0..3: the depth d; then 4
 * bits per level l < d: the index of the child being visited (path[l] - 1,
 * at most 15 in a 16-way node); above them path[d], the children of the
 * node at depth d already taken. Only a collision node (d = 8) can have
 * more than 16 children, and then 23 bits remain for path[d]. */

enum { CURSOR_BITS = HL_SMALL_BITS - 1 };

bool hl_hamt_iter_seek(hl_map_iter *it, uint64_t cursor) {
    size_t d = (size_t)(cursor & 15);
    if (d > HL_HAMT_LEVELS) return false;
    const hl_term *p = nptr(it->map);
    for (size_t l = 0; l < d; l++) {
        size_t k = (size_t)((cursor >> (4 + 4 * l)) & 15);
        if ((ninfo(p) & HL_HAMT_COLLISION) || k >= ncount(p)) return false;
        hl_term c = p[nfirst(p) + k];
        if (!hl_is_boxed(c)) return false; /* a leaf: nothing below it */
        it->path[l] = (uint32_t)(k + 1);
        p = nptr(c);
    }
    uint64_t taken = cursor >> (4 + 4 * d);
    if (taken > ncount(p)) return false;
    it->path[d] = (uint32_t)taken;
    it->depth = d;
    it->pos = 1; /* resumed: hl_hamt_iter_next must not restart */
    return true;
}

bool hl_hamt_iter_cursor(const hl_map_iter *it, uint64_t *cursor) {
    size_t d = it->depth;
    uint64_t c = d;
    for (size_t l = 0; l < d; l++) c |= (uint64_t)(it->path[l] - 1) << (4 + 4 * l);
    unsigned shift = (unsigned)(4 + 4 * d);
    if ((uint64_t)it->path[d] >> (CURSOR_BITS - shift)) return false;
    *cursor = c | (uint64_t)it->path[d] << shift;
    return true;
}

hl_term_status hl_hamt_sorted_pairs(hl_term map, uint64_t *budget, hl_term **out) {
    size_t n = hl_hashmap_size(map);
    /* gathering the pairs is work too: a budget too small for it fails
     * before anything is allocated or copied */
    if (budget) {
        if (*budget / 4 < n) { /* a gathered pair costs about four compare steps */
            *budget = 0;
            return HL_TERM_BUDGET;
        }
        *budget -= 4 * (uint64_t)n;
    }
    hl_term *kv = hl_mem_realloc_array(NULL, n, 2 * sizeof *kv);
    entry *e = hl_mem_realloc_array(NULL, n, 2 * sizeof *e);
    hl_term *ks = hl_mem_realloc_array(NULL, n, sizeof *ks);
    hl_term_status st = HL_TERM_OK;
    if (!kv || !e || !ks) {
        st = HL_TERM_NOMEM;
        goto out;
    }
    hl_map_iter it;
    hl_map_iter_init(&it, map);
    size_t i = 0;
    hl_term k, v;
    while (i < n && hl_hamt_iter_next(&it, &k, &v)) {
        ks[i] = k;
        kv[n + i] = v;
        e[i] = (entry){0, 0, i};
        i++;
    }
    if ((st = sort_entries(NULL, e, e + n, n, ks, budget)) != HL_TERM_OK) goto out;
    for (i = 0; i < n; i++) kv[i] = ks[e[i].idx];
    /* values in key order: reuse ks as scratch */
    for (i = 0; i < n; i++) ks[i] = kv[n + e[i].idx];
    memcpy(kv + n, ks, n * sizeof *kv);
out:
    hl_mem_free(e);
    hl_mem_free(ks);
    if (st != HL_TERM_OK) {
        hl_mem_free(kv);
        return st;
    }
    *out = kv;
    return HL_TERM_OK;
}
