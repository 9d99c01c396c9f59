/* hamt.h — maps above 32 keys: a hash array mapped trie laid out like
 * OTP's (16-way nodes indexed by 4-bit slices of hl_map_key_hash, low bits
 * first; [K|V] cells as leaves; a collision node below the 8th level), so
 * that iteration order is OTP's. Internal to src/term: everything else goes
 * through the hl_map_* interface in map.h. None of these collects. */
#ifndef HL_TERM_HAMT_H
#define HL_TERM_HAMT_H

#include <stdbool.h>
#include <stddef.h>

#include "term/heap.h"
#include "term/map.h"
#include "term/term.h"

/* Levels of 4-bit slices before the hash is exhausted (then a collision
 * node); the deepest path is HL_HAMT_LEVELS + 1 nodes. */
#define HL_HAMT_LEVELS 8
/* Keys one collision node holds (keys whose whole 32-bit hash is equal).
 * The hash is OTP's, unseeded, so colliding keys can be computed offline;
 * an update copies the whole node, so without a cap a guest could make
 * every put copy ~n words for one reduction. Past the cap a put raises
 * system_limit (OTP has no cap; natural data never shares one hash 256
 * times). docs/limits.md. */
#define HL_HAMT_COLLISION_MAX 256

hl_term_status hl_hamt_find(hl_map_ctx *cx, hl_term map, hl_term key, hl_term *val, bool *found);
/* cx: map.h (NULL: hash in one go). Put (update_only: BADARG when key is absent). */
hl_term_status hl_hamt_put(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term val, bool update_only,
                           hl_term *out);
/* Remove; the result is a flat map when 32 keys or fewer remain (OTP). */
hl_term_status hl_hamt_remove(hl_map_ctx *cx, hl_heap *h, hl_term map, hl_term key, hl_term *out);
/* A map (flat when ≤ 32 distinct keys) from n pairs; later pairs win. */
hl_term_status hl_hamt_build(hl_map_ctx *cx, hl_heap *h, const hl_term *keys, const hl_term *vals, size_t n,
                             hl_term *out);
/* Iteration over a hashmap (it->map a hashmap). */
bool hl_hamt_iter_next(hl_map_iter *it, hl_term *key, hl_term *val);
/* Resumable io-order iteration (it initialised by hl_map_iter_init_io on a
 * hashmap): seek to a cursor (false when it is not one of this map's),
 * and the cursor of the current position (false when it does not fit in
 * a small integer: only past 2^22 keys sharing one whole hash). */
bool hl_hamt_iter_seek(hl_map_iter *it, uint64_t cursor);
bool hl_hamt_iter_cursor(const hl_map_iter *it, uint64_t *cursor);
/* The pairs of a hashmap sorted in map-key order: a new hl_mem array of
 * 2 * size terms, keys then values (the caller frees it). For term order. */
hl_term_status hl_hamt_sorted_pairs(hl_term map, uint64_t *budget, hl_term **out);

#endif
