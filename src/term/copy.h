/* copy.h — flat size and deep copy of terms between heaps (messages,
 * results, literals into a process). Iterative; sharing is not preserved,
 * so the size is that of the term written out as a tree. */
#ifndef HL_TERM_COPY_H
#define HL_TERM_COPY_H

#include <stddef.h>

#include "term/heap.h"
#include "term/term.h"

/* Words a copy of t needs. Stops with HEAP_LIMIT as soon as the count
 * passes max_words (a heavily shared term may be exponentially larger as a
 * tree: the bound keeps the walk bounded too). NOMEM if the walk stack
 * cannot grow. */
hl_term_status hl_term_size(hl_term t, size_t max_words, size_t *words);

/* Copies t (from anywhere: another heap, a literal area) into dst. Fails
 * with HEAP_LIMIT when it cannot fit under dst's limit, NOMEM; dst is left
 * valid either way. Off-heap binaries get a new reference charged to dst. */
hl_term_status hl_term_copy(hl_heap *dst, hl_term t, hl_term *out);
/* hl_term_copy that also gives the words it copied (0 for an immediate):
 * one walk where hl_term_size + hl_term_copy took two (a message send, a
 * spawn's closure). *words is 0 when it fails. */
hl_term_status hl_term_copy_words(hl_heap *dst, hl_term t, hl_term *out, size_t *words);

/* hl_term_copy that writes map(ctx, a) for every atom a of t (the host's
 * arguments re-interned into a program's atom table). map cannot fail; a
 * NULL map is hl_term_copy. Atom order and hashes go by name, so a map
 * that keeps names keeps maps' key order valid. */
typedef hl_term (*hl_atom_map_fn)(void *ctx, hl_term atom);
hl_term_status hl_term_copy_map(hl_heap *dst, hl_term t, hl_atom_map_fn map, void *ctx, hl_term *out);

#endif
