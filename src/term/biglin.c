/* biglin.c — linear bignum operations as resumable streams (biglin.h):
 * two's complement readers of the operands, one limb of the result per
 * step of the loop, then the magnitude of a negative result. */
#include "term/biglin.h"

#include "term/bignum.h"

enum { BL_COPY = 100 }; /* abs of a non-negative operand */

static void intv(hl_term t, hl_intv *v) {
    if (hl_is_integer(t)) {
        hl_intv_of(t, v);
    } else { /* (a shift amount: no operand) */
        v->one = 0, v->d = &v->one, v->n = 0, v->neg = false;
    }
}

/* The operand's next two's complement limb (sign-extended past its end). */
static uint64_t rd_next(hl_biglin_rd *r, const hl_intv *v) {
    uint64_t m = r->pos < v->n ? v->d[r->pos] : 0;
    r->pos++;
    if (!v->neg) return m;
    uint64_t t = m - r->borrow;
    r->borrow = m < r->borrow;
    return ~t;
}

static bool unary(int op) { return op >= HL_BL_NOT; }

uint64_t hl_biglin_size(int op, hl_term a, hl_term b) {
    uint64_t na = hl_is_boxed(a) ? hl_big_nlimbs(a) : 1, nb = hl_is_boxed(b) ? hl_big_nlimbs(b) : 1;
    switch (op) {
    case HL_BL_SHL: {
        uint64_t s = (uint64_t)hl_small_val(b);
        return na + 1 + s / 64 + 1;
    }
    case HL_BL_SHR: {
        uint64_t w = (uint64_t)hl_small_val(b) / 64;
        return w >= na ? 1 : na - w + 1;
    }
    case HL_BL_AND: case HL_BL_OR: {
        /* limbs past a non-negative operand of band (a negative one of
         * bor) are its sign's: the result is no longer than it */
        bool an = hl_is_boxed(a) ? hl_big_is_neg(a) : hl_small_val(a) < 0;
        bool bn = hl_is_boxed(b) ? hl_big_is_neg(b) : hl_small_val(b) < 0;
        bool keep = op == HL_BL_OR; /* the sign that bounds the result */
        if (an == keep && bn == keep) return (na < nb ? na : nb) + 1;
        if (an == keep) return na + 1;
        if (bn == keep) return nb + 1;
        return (na > nb ? na : nb) + 1;
    }
    default: return (unary(op) || na > nb ? na : nb) + 1;
    }
}

hl_term_status hl_biglin_init(hl_biglin *j, int op, hl_term a, hl_term b, size_t *nres) {
    hl_intv va;
    intv(a, &va);
    *j = (hl_biglin){.op = op, .phase = 1, .ra = {0, 1}, .rb = {0, 1}};
    if (op == HL_BL_SHL || op == HL_BL_SHR) {
        uint64_t s = (uint64_t)hl_small_val(b);
        j->w = s / 64, j->bits = (unsigned)(s % 64);
        if (op == HL_BL_SHL && va.n) {
            uint64_t bits = (uint64_t)(va.n - 1) * 64 + (64 - (uint64_t)__builtin_clzll(va.d[va.n - 1]));
            if (s > HL_BIG_MAX_BITS || bits + s > HL_BIG_MAX_BITS) return HL_TERM_SYSTEM_LIMIT;
        }
        if (op == HL_BL_SHR) {
            j->phase = va.neg ? 0 : 1; /* a negative one's borrow at limb w: a scan */
            if (!va.neg) j->ra.pos = j->w;
        }
    }
    if (op == HL_BL_ABS) j->op = va.neg ? HL_BL_NEG : BL_COPY;
    if (op == HL_BL_SUB || j->op == HL_BL_NEG) j->carry = 1; /* x + ~y + 1 */
    *nres = j->nres = (size_t)hl_biglin_size(op, a, b);
    return HL_TERM_OK;
}

/* Phase 0 of a right shift of a negative number: the borrow of its two's
 * complement at limb w (1 while every dropped limb is zero). */
static bool scan_dropped(hl_biglin *j, const hl_intv *va, uint64_t budget, uint64_t *work) {
    uint64_t end = j->w < va->n ? j->w : va->n, n = 0;
    while (j->ra.pos < end && n < budget && j->ra.borrow) {
        j->ra.borrow = va->d[j->ra.pos++] == 0;
        n++;
    }
    *work += n;
    if (j->ra.pos < end && j->ra.borrow) return false;
    j->ra.pos = j->w;
    return true;
}

/* One limb of the result, in two's complement. */
static uint64_t limb(hl_biglin *j, const hl_intv *va, const hl_intv *vb, size_t i) {
    switch (j->op) {
    case HL_BL_SHL: {
        if (i < j->w) return 0;
        uint64_t cur = rd_next(&j->ra, va), r = j->bits ? (cur << j->bits) | (j->prev >> (64 - j->bits)) : cur;
        j->prev = cur;
        return r;
    }
    case HL_BL_SHR: {
        if (i == 0) j->prev = rd_next(&j->ra, va);
        uint64_t nxt = rd_next(&j->ra, va), r = j->bits ? (j->prev >> j->bits) | (nxt << (64 - j->bits)) : j->prev;
        j->prev = nxt;
        return r;
    }
    case HL_BL_NOT: return ~rd_next(&j->ra, va);
    case BL_COPY: return rd_next(&j->ra, va);
    case HL_BL_NEG: {
        uint64_t r = ~rd_next(&j->ra, va) + j->carry;
        j->carry = j->carry && r == 0;
        return r;
    }
    default: break;
    }
    uint64_t x = rd_next(&j->ra, va), y = rd_next(&j->rb, vb);
    switch (j->op) {
    case HL_BL_AND: return x & y;
    case HL_BL_OR: return x | y;
    case HL_BL_XOR: return x ^ y;
    default: { /* ADD, SUB: x + y + carry */
        if (j->op == HL_BL_SUB) y = ~y;
        uint64_t s = x + y, c = s < x, r = s + j->carry;
        j->carry = c | (r < s);
        return r;
    }
    }
}

bool hl_biglin_step(hl_biglin *j, hl_term a, hl_term b, uint64_t *d, uint64_t budget, uint64_t *work) {
    hl_intv va, vb;
    intv(a, &va);
    intv(j->op <= HL_BL_SUB ? b : HL_NIL, &vb); /* (a shift's amount is in j) */
    if (j->phase == 0) {
        if (!scan_dropped(j, &va, budget, work)) return false;
        j->phase = 1;
        return false; /* the result from the next step */
    }
    size_t end = j->pos + budget < j->nres ? j->pos + (size_t)budget : j->nres;
    if (j->phase == 1) {
        for (size_t i = j->pos; i < end; i++) {
            uint64_t r = limb(j, &va, &vb, i);
            d[i] = r;
            if (r) j->top = i + 1;
        }
        *work += end - j->pos;
        j->pos = end;
        if (end < j->nres) return false;
        j->neg = d[j->nres - 1] >> 63;
        if (!j->neg) {
            j->phase = 3;
            return true;
        }
        j->phase = 2, j->pos = 0, j->top = 0, j->carry = 1;
        return false;
    }
    /* phase 2: the magnitude of a negative result, ~r + 1 */
    for (size_t i = j->pos; i < end; i++) {
        uint64_t m = ~d[i] + j->carry;
        j->carry = j->carry && m == 0;
        d[i] = m;
        if (m) j->top = i + 1;
    }
    *work += end - j->pos;
    j->pos = end;
    if (end < j->nres) return false;
    j->phase = 3;
    return true;
}
