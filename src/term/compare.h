/* compare.h — Erlang term order and equality (=:=, ==, <), iterative with an
 * explicit stack: no C recursion on term depth (invariant 4). */
#ifndef HL_TERM_COMPARE_H
#define HL_TERM_COMPARE_H

#include <stdbool.h>
#include <stdint.h>

#include "term/term.h"

/* Compares a and b in Erlang's term order; *out is <0, 0 or >0.
 * exact = false: numbers compare by value (1 == 1.0), the order of < and ==.
 * exact = true: an integer and a float are never equal and every integer
 * sorts before every float (=:= and the map-key order).
 * budget (optional) is decremented per pair of subterms visited; when it
 * runs out the result is HL_TERM_BUDGET (so heavily shared terms cannot
 * make one comparison run unbounded), as it is when hash maps nest as keys
 * of hash maps too deep to order; *out is then meaningless: callers in the
 * VM stop the run (a reductions fault), never answer. NOMEM if the stack
 * cannot grow. */
/* The budget a comparison gets when the caller passes none (~ tens of ms). */
#define HL_COMPARE_DEFAULT_BUDGET (UINT64_C(1) << 22)
hl_term_status hl_term_compare(hl_term a, hl_term b, bool exact, uint64_t *budget, int *out);
/* Compares bitstrings a and b from bit *from (a multiple of 8) on, at most
 * max_bytes whole bytes of the common length: -1 / 1 (they differ there, or
 * past the common length by size), 0 (equal), or 2 with *from advanced
 * when the limit came first (a step of a resumable comparison). */
int hl_bitstring_cmp_from(hl_term a, hl_term b, uint64_t *from, uint64_t max_bytes);

/* The term-order class of t (enum hl_order_class). */
unsigned hl_term_order_class(hl_term t);

/* Fast equality for the common cases: 1 equal, 0 different, -1 unknown
 * (call hl_term_compare). Identical words are equal; two different
 * immediates are different under =:=. */
static inline int hl_term_eq_exact_fast(hl_term a, hl_term b) {
    if (a == b) return 1;
    if ((a & b & 3) == 3) return 0; /* both immediate */
    return -1;
}

#endif
