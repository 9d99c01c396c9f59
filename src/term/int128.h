/* int128.h — a fast path for integer arithmetic on values of at most one
 * limb (small integers and one-limb bignums: |v| < 2^64) in 128-bit
 * machine arithmetic, so the common "just past the small range" results
 * (an LCG step, a hash) need no GMP call. Results are normalised exactly
 * as the GMP path's (small whenever the value fits). */
#ifndef HL_TERM_INT128_H
#define HL_TERM_INT128_H

#include <stdbool.h>

#include "term/heap.h"
#include "term/term.h"

__extension__ typedef __int128 hl_i128;

/* The value of t when t is an integer of at most one limb. */
static inline bool hl_int_i128(hl_term t, hl_i128 *v) {
    if (hl_is_small(t)) {
        *v = hl_small_val(t);
        return true;
    }
    if (!hl_is_boxed(t)) return false;
    const hl_term *p = hl_boxed_ptr(t);
    unsigned sub = hl_header_subtag(p[0]);
    if ((sub != HL_SUB_POS_BIG && sub != HL_SUB_NEG_BIG) || hl_header_arity(p[0]) != 1) return false;
    *v = sub == HL_SUB_NEG_BIG ? -(hl_i128)p[1] : (hl_i128)p[1];
    return true;
}

/* The integer term of v (|v| < 2^127). */
hl_term_status hl_int_make_i128(hl_heap *h, hl_i128 v, hl_term *out);

#endif
