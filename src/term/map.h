/* map.h — flat maps (≤ 32 keys): construction in map-key order and lookup.
 * HAMT maps above 32 keys are not implemented yet (SYSTEM_LIMIT). */
#ifndef HL_TERM_MAP_H
#define HL_TERM_MAP_H

#include <stddef.h>

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
 * already a key). SYSTEM_LIMIT when it would pass 32 keys (HAMT pending). */
hl_term_status hl_flatmap_put(hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out);
/* M#{K := V} / maps:update: BADARG (badkey) when K is not a key. */
hl_term_status hl_flatmap_update(hl_heap *h, hl_term map, hl_term key, hl_term val, hl_term *out);
/* maps:remove: the same map when K is not a key. */
hl_term_status hl_flatmap_remove(hl_heap *h, hl_term map, hl_term key, hl_term *out);

#endif
