/* biglin.h — the linear bignum operations (band, bor, bxor, bnot, +, -,
 * unary minus, abs, bsl, bsr) as resumable streams over the result's limbs,
 * for results too large to write in one VM call: a 33.5M-bit result is
 * 4 MiB of fresh memory, whose page faults alone made `1 bsl 33554367` a
 * 2.5-6 ms call. The VM (vm/vm_bigop.c) keeps the operands as collection
 * roots, the result in a detached heap fragment it fills a step per call,
 * and this state; a step reads the operands' limbs afresh (a collection
 * may have moved them), so the state holds no heap pointer.
 *
 * Every operation is computed on two's complement: the operands are read
 * as two's complement limbs (a negative magnitude m as ~(m - 1), a borrow
 * carried from limb to limb), the result is produced in two's complement
 * in N limbs (wide enough never to overflow), then, when its top bit says
 * it is negative, turned into a magnitude in place (~r + 1, a carry
 * carried) in a second pass. A right shift of a negative number first
 * scans the limbs it drops (its two's complement borrow at the first kept
 * limb). Each pass remembers the highest nonzero limb it wrote, so the
 * result needs no scan to be trimmed. */
#ifndef HL_TERM_BIGLIN_H
#define HL_TERM_BIGLIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "term/term.h"

enum hl_biglin_op {
    HL_BL_AND, HL_BL_OR, HL_BL_XOR, /* a op b */
    HL_BL_ADD, HL_BL_SUB,           /* a + b, a - b */
    HL_BL_NOT, HL_BL_NEG, HL_BL_ABS, /* bnot a, -a, abs(a) */
    HL_BL_SHL, HL_BL_SHR,           /* a bsl s, a bsr s (s >= 0, a small shift amount) */
};

/* A two's complement reader of one operand: the next limb is at pos. */
typedef struct hl_biglin_rd {
    size_t pos;
    uint64_t borrow; /* negative operands: 1 while every magnitude limb so far was 0 */
} hl_biglin_rd;

typedef struct hl_biglin {
    int op, phase;    /* phase: 0 the dropped limbs' scan (bsr), 1 the result, 2 its magnitude, 3 done */
    uint64_t w;       /* shifts: whole limbs */
    unsigned bits;    /* shifts: bits within a limb */
    size_t nres;      /* N: limbs of the result (two's complement) */
    size_t pos;       /* next result limb of the phase */
    hl_biglin_rd ra, rb;
    uint64_t carry, prev;
    size_t top;       /* 1 + the highest nonzero limb written by the last pass */
    bool neg;         /* the result's sign (known after phase 1) */
} hl_biglin;

/* Sets j up for op on integers a and b (b: the shift amount, a small
 * integer >= 0, for the shifts; ignored by the unary operations) and
 * gives in *nres the result's limbs N (the caller's buffer holds N + 1
 * words: a header word first). SYSTEM_LIMIT for a left shift whose result
 * has more than HL_BIG_MAX_BITS bits (checked before any work). */
hl_term_status hl_biglin_init(hl_biglin *j, int op, hl_term a, hl_term b, size_t *nres);
/* Largest N of the operation, without setting anything up: callers decide
 * with it whether the operation runs in steps. */
uint64_t hl_biglin_size(int op, hl_term a, hl_term b);
/* Advances j by about `budget` limbs (read or written) into d (N limbs);
 * adds them to *work. True when it is done: the result is then d[0..top)
 * with sign neg (top may be 0: the result is 0). */
bool hl_biglin_step(hl_biglin *j, hl_term a, hl_term b, uint64_t *d, uint64_t budget, uint64_t *work);

#endif
