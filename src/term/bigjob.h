/* bigjob.h — the superlinear bignum operations (product, division, text
 * in both directions) as jobs that advance in bounded steps: a job owns
 * copies of its operands and all its scratch (host memory from
 * hl_mem_alloc), so it holds no heap pointer between steps and a
 * collection may run between any two of them. The one-shot operations of
 * bignum.h run a job to its end; the VM (vm/vm_bigop.c) runs one step per
 * builtin call and yields between steps, so no call runs past a quantum
 * however large the numbers (docs/limits.md, "Bignums").
 *
 * Work is counted in limb pairs, the unit HL_BIG_MAX_WORK and the
 * reduction charges use. A step does at least one indivisible piece (a
 * block product of at most HL_BIG_GMP_LIMBS squared pairs, one quotient
 * limb of algorithm D, one window of a short division, one chunk of text)
 * and stops at the first piece boundary past its budget. */
#ifndef HL_TERM_BIGJOB_H
#define HL_TERM_BIGJOB_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "term/heap.h"
#include "term/term.h"

typedef struct hl_bigjob hl_bigjob;

/* |a| * |b| with the sign of a * b; a and b nonzero integers. SYSTEM_LIMIT
 * when the product has more than HL_BIG_MAX_BITS bits, NOMEM. */
hl_term_status hl_bigjob_mul(hl_term a, hl_term b, hl_bigjob **out);
/* Truncating a div b and a rem b; b nonzero. NOMEM. */
hl_term_status hl_bigjob_divrem(hl_term a, hl_term b, hl_bigjob **out);
/* The text of bignum a in base 2..36 (upper-case letters, '-'). NOMEM. */
hl_term_status hl_bigjob_to_text(hl_term a, unsigned base, hl_bigjob **out);
/* The integer [+-]digits (the whole input, base 2..36). BADARG on a bad
 * character, SYSTEM_LIMIT past HL_BIG_MAX_BITS, NOMEM. The text is copied. */
hl_term_status hl_bigjob_from_text(const unsigned char *s, size_t len, unsigned base, hl_bigjob **out);

/* Advances the job by about `budget` limb pairs (at least one piece);
 * adds the pairs done to *pairs and sets *done when the job is finished.
 * OK or NOMEM (scratch of a division inside the text conversion). */
hl_term_status hl_bigjob_step(hl_bigjob *j, uint64_t budget, uint64_t *pairs, bool *done);
/* The finished job's integer results (product, quotient, parsed value) in
 * *q and (division) the remainder in *r; either may be NULL. Idempotent:
 * after HEAP_LIMIT the caller collects and asks again. */
hl_term_status hl_bigjob_result(const hl_bigjob *j, hl_heap *h, hl_term *q, hl_term *r);
/* The finished text job's characters. */
const char *hl_bigjob_text(const hl_bigjob *j, size_t *len);
/* Host bytes the job holds now (it grows while a conversion runs). */
size_t hl_bigjob_bytes(const hl_bigjob *j);
/* Limbs (8 bytes) of input the job copied when it was made: the linear
 * work its creation did. */
size_t hl_bigjob_copied(const hl_bigjob *j);
/* Frees the job (NULL is fine); void * so it can be a trap buffer's destructor. */
void hl_bigjob_free(void *j);

/* Run to the end (the one-shot operations of bignum.c). */
hl_term_status hl_bigjob_run(hl_bigjob *j);

/* {r, na + nb} = {a, na} * {b, nb}, na >= nb >= 1, r apart from a and b. */
void hl_big_mag_mul(mp_limb_t *r, const mp_limb_t *a, size_t na, const mp_limb_t *b, size_t nb);

#endif
