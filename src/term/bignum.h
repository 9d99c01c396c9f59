/* bignum.h — integers beyond the small range: GMP mpn_* on limbs stored in
 * our own heaps, bounded by HL_BIG_MAX_BITS (docs/terms.md §1). The
 * operations here take any integers (small or big) and return normalised
 * results (small whenever the value fits). They never collect. */
#ifndef HL_TERM_BIGNUM_H
#define HL_TERM_BIGNUM_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "term/heap.h"
#include "term/term.h"

/* OTP 25's own maximum on 64-bit: 2^19 - 1 words of magnitude, so
 * `1 bsl 33554367` is the largest power of two and `1 bsl 33554368` is
 * system_limit (erl). 4 MiB per integer. */
#define HL_BIG_MAX_LIMBS 524287
#define HL_BIG_MAX_BITS (HL_BIG_MAX_LIMBS * 64)
/* GMP is called only on operands of at most HL_BIG_GMP_LIMBS limbs (a
 * product of at most 2 x that, a division of at most 2 x that by at most
 * that), where it takes no temporary space from its allocator (whose
 * failure aborts; test_term_arith checks it allocates nothing). Larger
 * operands go through our block algorithms (schoolbook on blocks for *,
 * Knuth's algorithm D for div), whose scratch comes from hl_mem_alloc. */
#define HL_BIG_GMP_LIMBS 1024
/* Work of one one-shot operation, in limb pairs (about 0.15-1 ns each):
 * the functions below refuse products, divisions and conversions to and
 * from text above it (system_limit before any work), so a caller that
 * cannot yield (~p printing, the host's reader) runs at most ~0.13 s. The
 * VM runs long operations as resumable jobs instead (term/bigjob.h,
 * vm/vm_bigop.h), with no cap. Charged 1 reduction per 256 pairs. */
#define HL_BIG_MAX_WORK (UINT64_C(1) << 27)

/* A read-only view of an integer's magnitude as limbs. Do not copy a view
 * after hl_intv_of (it may point into itself). */
typedef struct hl_intv {
    const mp_limb_t *d;
    size_t n; /* 0 for zero */
    bool neg;
    mp_limb_t one;
} hl_intv;
void hl_intv_of(hl_term t, hl_intv *v);

/* Makes an integer term (small or big) from a value / a magnitude. */
hl_term_status hl_int_make_i64(hl_heap *h, int64_t v, hl_term *out);
hl_term_status hl_int_make_mag(hl_heap *h, const mp_limb_t *d, size_t n, bool neg, hl_term *out);

/* Integer order: <0, 0, >0. */
int hl_int_cmp(hl_term a, hl_term b);
/* Exact mathematical order of integer a and finite double d. */
int hl_int_cmp_double(hl_term a, double d);
/* OTP's integer-to-float conversion (limb by limb from the top, as
 * erlang:float/1 does); false when the result is not finite. */
bool hl_int_to_double(hl_term a, double *out);
/* The integer with the value of integral, finite d. */
hl_term_status hl_int_from_double(hl_heap *h, double d, hl_term *out);

/* Generic (slow-path) integer operations on any two integers. * div rem
 * raise SYSTEM_LIMIT past HL_BIG_MAX_WORK (before any work). */
hl_term_status hl_int_add(hl_heap *h, hl_term a, hl_term b, hl_term *out);
hl_term_status hl_int_sub(hl_heap *h, hl_term a, hl_term b, hl_term *out);
hl_term_status hl_int_mul(hl_heap *h, hl_term a, hl_term b, hl_term *out);
/* Truncating division (Erlang div and rem); b != 0. q or r may be NULL. */
hl_term_status hl_int_divrem(hl_heap *h, hl_term a, hl_term b, hl_term *q, hl_term *r);
hl_term_status hl_int_neg(hl_heap *h, hl_term a, hl_term *out);
enum hl_bitop { HL_BAND, HL_BOR, HL_BXOR };
hl_term_status hl_int_bitop(hl_heap *h, enum hl_bitop op, hl_term a, hl_term b, hl_term *out);
hl_term_status hl_int_bnot(hl_heap *h, hl_term a, hl_term *out);
/* a * 2^shift (shift > 0) or floor(a / 2^-shift) (shift < 0); shift is any
 * integer term. SYSTEM_LIMIT when the result would pass HL_BIG_MAX_BITS. */
hl_term_status hl_int_shift(hl_heap *h, hl_term a, hl_term shift, bool left, hl_term *out);

/* Text in base 2..36 (upper-case letters, '-' for negatives). */
size_t hl_int_text_max(hl_term a, unsigned base); /* bound on the length, no NUL */
/* Writes the text and its length. SYSTEM_LIMIT when the conversion's work
 * would pass HL_BIG_MAX_WORK (a number of more than ~1M bits), NOMEM. */
hl_term_status hl_int_to_text(hl_term a, unsigned base, char *buf, size_t *len);
/* Limb pairs of work to convert an integer of `limbs` limbs to or from
 * text (quadratic); the callers charge it. */
static inline uint64_t hl_int_text_work(uint64_t limbs) { return limbs * limbs / 2 + limbs; }
/* Parses [+-]digits in base (letters in either case), the whole input.
 * BADARG on anything else, SYSTEM_LIMIT past HL_BIG_MAX_BITS or
 * HL_BIG_MAX_WORK. */
hl_term_status hl_int_from_text(hl_heap *h, const unsigned char *s, size_t len, unsigned base,
                                hl_term *out);

#endif
