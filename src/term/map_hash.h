/* map_hash.h — the key hash that places keys in HAMT maps (OTP 25's
 * internal hash, so large maps iterate in OTP's order). */
#ifndef HL_TERM_MAP_HASH_H
#define HL_TERM_MAP_HASH_H

#include <stdint.h>

#include "term/term.h"

/* 32-bit hash of a map key; equal (=:=) keys hash equal. budget as in
 * hl_term_compare (optional). NOMEM if the walk stack cannot grow. */
hl_term_status hl_map_key_hash(hl_term key, uint64_t *budget, uint32_t *out);

#endif
