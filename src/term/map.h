/* map.h — maps: the generic hl_map_* interface every caller outside
 * src/term uses (VM, builtins, API); flat maps (≤ 32 keys) under it and
 * HAMT maps above (hamt.c). Like OTP, a map is flat exactly when it has 32
 * keys or fewer: a put past 32 makes a HAMT, a remove down to 32 a flat map. */
#ifndef HL_TERM_MAP_H
#define HL_TERM_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "term/heap.h"
#include "term/term.h"

/* A map of n key/value pairs (later pairs win on equal keys, as in
 * #{K => 1, K => 2}). Never collects. */
hl_term_status hl_flatmap_new(hl_heap *h, const hl_term *keys, const hl_term *vals, size_t n,
                              hl_term *out);
/* Looks key up (=:=): OK with *val, BADARG (badkey) when absent; NOMEM only
 * if a compare stack had to grow. */
hl_term_status hl_flatmap_get(hl_term map, hl_term key, hl_term *val);

/* M#{K => V} / maps:put: a new map (sharing M's keys tuple when K is
 * already a key). SYSTEM_LIMIT when it would pass 32 keys (hl_map_put
 * then builds a HAMT). */
hl_term_status hl_flatmap_put(hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out);
/* M#{K := V} / maps:update: BADARG (badkey) when K is not a key. */
hl_term_status hl_flatmap_update(hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out);
/* maps:remove: the same map when K is not a key. */
hl_term_status hl_flatmap_remove(hl_heap *h, hl_term map, hl_term key, hl_term *out);

/* ---- generic interface (flat and HAMT) ----
 * Callers must use these rather than hl_flatmap_* so that large maps work
 * everywhere. None of them collects. Costs: get/find/put/update/remove are
 * O(log n) in pairs visited and allocate O(log n) words; hl_map_new of n
 * pairs is O(n log n) comparisons of hashes and allocates O(n) words, so a
 * caller charging reductions proportional to n (or to the words it
 * allocates) covers it. */

/* What a map operation may know of its keys' hashes, and how much hashing
 * it may do itself (vm/vm_map.c: a huge key is hashed in pieces across
 * VM calls, never in one). hints: pairs (key, small hash) matched by term
 * identity. When a key not among them would take more than `budget`
 * units to hash, the operation stops with BUDGET and need = that key
 * (the caller hashes it, adds the pair and calls again). units: hashing
 * the operation did. A NULL context: every hash in one go. */
typedef struct hl_map_ctx {
    const hl_term *hints;
    size_t nhints;
    uint64_t budget, units;
    hl_term need; /* HL_NONE unless the operation stopped for it */
    /* Key comparisons likewise (vm/vm_map.c: a long one is done in pieces
     * by the VM's comparison walk): answers is a list of {A, B, C}, C the
     * order of A and B (-1, 0, 1; a non-integer while unknown), matched by
     * term identity. A comparison not among them that takes more than
     * cmp_budget units (the budget is shared by the operation's
     * comparisons) stops the operation with BUDGET and cmp_a, cmp_b =
     * the pair. units counts comparison work too. */
    hl_term answers;
    uint64_t cmp_budget;
    hl_term cmp_a, cmp_b; /* HL_NONE unless the operation stopped for them */
} hl_map_ctx;
/* The hash of key under cx (a hint, or computed and charged to it). */
hl_term_status hl_map_ctx_hash(hl_map_ctx *cx, hl_term key, uint32_t *hx);
/* Keys a and b in map-key order (=:=; *c < 0, 0, > 0) under cx (an
 * answer, or compared within its budget; NULL: in one go, under the
 * comparator's default budget). */
hl_term_status hl_map_ctx_cmp(hl_map_ctx *cx, hl_term a, hl_term b, int *c);
/* hl_flatmap_new under a context. */
hl_term_status hl_flatmap_new_cx(hl_map_ctx *cx, hl_heap *h, const hl_term *keys, const hl_term *vals, size_t n,
                                 hl_term *out);

/* Number of keys. Precondition: hl_is_map(map). */
size_t hl_map_size(hl_term map);
/* A map from n pairs (later pairs win on equal keys). */
hl_term_status hl_map_new(hl_heap *h, const hl_term *keys, const hl_term *vals, size_t n,
                          hl_term *out);
/* BADARG when key is absent (the caller raises {badkey,K}). */
hl_term_status hl_map_get(hl_term map, hl_term key, hl_term *val);
/* Like hl_map_get but reports absence as *found = false (no error). */
hl_term_status hl_map_find(hl_term map, hl_term key, hl_term *val, bool *found);
hl_term_status hl_map_put(hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out);
/* BADARG when key is absent. */
hl_term_status hl_map_update(hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out);
hl_term_status hl_map_remove(hl_heap *h, hl_term map, hl_term key, hl_term *out);
/* The same under a context (above). */
hl_term_status hl_map_new_cx(hl_map_ctx *cx, hl_heap *h, const hl_term *keys, const hl_term *vals, size_t n,
                             hl_term *out);
hl_term_status hl_map_find_cx(hl_map_ctx *cx, hl_term map, hl_term key, hl_term *val, bool *found);
hl_term_status hl_map_put_cx(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out);
hl_term_status hl_map_update_cx(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out);
hl_term_status hl_map_remove_cx(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term *out);

/* Iteration in the map's own order (for flat maps: map-key order; for
 * HAMT maps: OTP's internal order, which is what maps:to_list/1, ~p and
 * term_to_binary show). The iterator holds no heap pointers of its own
 * besides `map`, so it must not live across a collection. */
typedef struct hl_map_iter {
    hl_term map;
    size_t pos;
    /* the HAMT walk */
    size_t depth;
    uint32_t path[16];
    bool ascending; /* hl_map_iter_init_io's order */
} hl_map_iter;
void hl_map_iter_init(hl_map_iter *it, hl_term map);
/* The other order OTP 25 shows for maps above 32 keys: the one of
 * maps:iterator/next and io_lib (~w, ~p), which is maps:to_list/1's
 * reversed. Flat maps: map-key order as always. */
void hl_map_iter_init_io(hl_map_iter *it, hl_term map);
/* Next pair; false at the end. */
bool hl_map_iter_next(hl_map_iter *it, hl_term *key, hl_term *val);

/* Resumable io-order iteration, for iteration spread over many builtin
 * calls (maps:next/1, chunked maps:to_list/1): the position is a cursor,
 * a non-negative integer below 2^59 (0: the start). Seeking costs O(depth)
 * and validates the cursor against the map's shape (false: not a position
 * in this map). hl_map_iter_cursor gives the position after the pairs
 * taken so far (false only past 2^22 keys sharing one 32-bit hash). */
bool hl_map_iter_seek_io(hl_map_iter *it, hl_term map, uint64_t cursor);
bool hl_map_iter_cursor(const hl_map_iter *it, uint64_t *cursor);

#endif
