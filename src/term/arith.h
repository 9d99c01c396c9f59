/* arith.h — Erlang arithmetic on terms: + - * / div rem band bor bxor bsl
 * bsr bnot, unary minus, abs, float/1, round/trunc/floor/ceil, and integer
 * text conversion, with OTP's results and errors. The small-integer fast
 * paths of + and - are inline; everything else is in arith.c. Operations
 * never collect: results go through hl_heap_alloc (fragments when the block
 * is full; HEAP_LIMIT then means "collect and retry"). */
#ifndef HL_TERM_ARITH_H
#define HL_TERM_ARITH_H

#include "term/heap.h"
#include "term/term.h"

hl_term_status hl_arith_add_slow(hl_heap *h, hl_term a, hl_term b, hl_term *out);
hl_term_status hl_arith_sub_slow(hl_heap *h, hl_term a, hl_term b, hl_term *out);

/* A + B. */
static inline hl_term_status hl_arith_add(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    int64_t r;
    /* Tagged add: (x<<4|3) + (y<<4) overflows int64 exactly when x+y leaves
     * the 60-bit small range. */
    if (hl_both_small(a, b) &&
        !__builtin_add_overflow((int64_t)a, (int64_t)(b - HL_IMM_SMALL), &r)) {
        *out = (hl_term)r;
        return HL_TERM_OK;
    }
    return hl_arith_add_slow(h, a, b, out);
}
/* A - B. */
static inline hl_term_status hl_arith_sub(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    int64_t r;
    if (hl_both_small(a, b) &&
        !__builtin_sub_overflow((int64_t)a, (int64_t)(b - HL_IMM_SMALL), &r)) {
        *out = (hl_term)r;
        return HL_TERM_OK;
    }
    return hl_arith_sub_slow(h, a, b, out);
}

hl_term_status hl_arith_mul(hl_heap *h, hl_term a, hl_term b, hl_term *out);  /* A * B */
hl_term_status hl_arith_fdiv(hl_heap *h, hl_term a, hl_term b, hl_term *out); /* A / B */
hl_term_status hl_arith_div(hl_heap *h, hl_term a, hl_term b, hl_term *out);  /* A div B */
hl_term_status hl_arith_rem(hl_heap *h, hl_term a, hl_term b, hl_term *out);  /* A rem B */
hl_term_status hl_arith_band(hl_heap *h, hl_term a, hl_term b, hl_term *out);
hl_term_status hl_arith_bor(hl_heap *h, hl_term a, hl_term b, hl_term *out);
hl_term_status hl_arith_bxor(hl_heap *h, hl_term a, hl_term b, hl_term *out);
hl_term_status hl_arith_bsl(hl_heap *h, hl_term a, hl_term b, hl_term *out);
hl_term_status hl_arith_bsr(hl_heap *h, hl_term a, hl_term b, hl_term *out);
hl_term_status hl_arith_bnot(hl_heap *h, hl_term a, hl_term *out);
hl_term_status hl_arith_neg(hl_heap *h, hl_term a, hl_term *out);  /* -A (badarith) */
hl_term_status hl_arith_plus(hl_heap *h, hl_term a, hl_term *out); /* +A (badarith) */

/* BIFs (badarg on wrong types). */
hl_term_status hl_bif_abs(hl_heap *h, hl_term a, hl_term *out);
hl_term_status hl_bif_float(hl_heap *h, hl_term a, hl_term *out);
hl_term_status hl_bif_round(hl_heap *h, hl_term a, hl_term *out);
hl_term_status hl_bif_trunc(hl_heap *h, hl_term a, hl_term *out);
hl_term_status hl_bif_floor(hl_heap *h, hl_term a, hl_term *out);
hl_term_status hl_bif_ceil(hl_heap *h, hl_term a, hl_term *out);

/* A float term for finite d (BADARITH for NaN/inf). */
hl_term_status hl_make_float(hl_heap *h, double d, hl_term *out);
/* A number as a double, OTP-style; false for non-numbers or overflow. */
bool hl_number_to_double(hl_term a, double *out);

/* integer_to_list/2, integer_to_binary/2 (base 2..36, badarg otherwise). */
hl_term_status hl_bif_integer_to_list(hl_heap *h, hl_term a, hl_term base, hl_term *out);
hl_term_status hl_bif_integer_to_binary(hl_heap *h, hl_term a, hl_term base, hl_term *out);
/* list_to_integer/2, binary_to_integer/2. */
hl_term_status hl_bif_list_to_integer(hl_heap *h, hl_term list, hl_term base, hl_term *out);
hl_term_status hl_bif_binary_to_integer(hl_heap *h, hl_term bin, hl_term base, hl_term *out);

/* A binary term holding a copy of bytes (heap binary up to 64 bytes, else
 * off-heap). */
hl_term_status hl_make_binary(hl_heap *h, const void *bytes, size_t len, hl_term *out);

#endif
