/* hash.h — a structural hash consistent with =:= (equal terms hash equal),
 * independent of where a term lives and of atom indices (atoms hash by
 * name), for maps (HAMT, later) and tables. Iterative. */
#ifndef HL_TERM_HASH_H
#define HL_TERM_HASH_H

#include <stdint.h>

#include "term/term.h"

/* budget as in hl_term_compare (optional; HL_TERM_BUDGET when it runs out). */
hl_term_status hl_term_hash(hl_term t, uint64_t seed, uint64_t *budget, uint64_t *out);

#endif
