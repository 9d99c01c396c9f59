/* map_hash.h — the key hash that places keys in HAMT maps (OTP 25's
 * internal hash, so large maps iterate in OTP's order). */
#ifndef HL_TERM_MAP_HASH_H
#define HL_TERM_MAP_HASH_H

#include <stdint.h>

#include "term/term.h"

/* Work units of one key hash: one per node (a list cell, a tuple, an
 * immediate, ...) and one per 16 bytes of a bitstring. A key that needs more
 * than HL_MAP_HASH_MAX_WORK (2M nodes; a 16 MiB binary fits) is refused:
 * HL_TERM_BUDGET, which the VM raises as system_limit before it gets here
 * (vm_map.h, hl_vm_map_key_work; docs/limits.md). Only a key made of
 * shared structure (a DAG whose tree has millions of leaves) can reach it
 * under the default heap. */
#define HL_MAP_HASH_MAX_WORK (UINT64_C(1) << 21)
#define HL_MAP_HASH_BIN_SHIFT 4

/* 32-bit hash of a map key; equal (=:=) keys hash equal. budget: work
 * units left, decremented as it goes (optional: NULL means
 * HL_MAP_HASH_MAX_WORK); HL_TERM_BUDGET when it runs out. NOMEM if the
 * walk stack cannot grow. */
hl_term_status hl_map_key_hash(hl_term key, uint64_t *budget, uint32_t *out);

#endif
