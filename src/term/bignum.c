/* bignum.c — integer operations beyond the small range, on GMP's mpn layer
 * (docs/terms.md §1). Results are built in place on the heap: the largest
 * possible result is allocated, computed into, then normalised and trimmed
 * (hl_heap_trim). GMP sees only operands of at most HL_BIG_GMP_LIMBS limbs,
 * where it needs no temporary space of its own; beyond that, products are
 * schoolbook on blocks and divisions Knuth's algorithm D, with scratch from
 * hl_mem_alloc (NOMEM on failure) or a few fixed C-stack blocks (~40 KiB).
 * Superlinear operations are refused past HL_BIG_MAX_WORK limb pairs. */
#include "term/bignum.h"

#include <math.h>
#include <string.h>

#include "base/mem.h"

_Static_assert(sizeof(mp_limb_t) == sizeof(hl_term), "a limb is a heap word");
_Static_assert(GMP_NUMB_BITS == 64, "GMP without nails, 64-bit limbs");

#define SMALL_MAG_POS ((mp_limb_t)HL_SMALL_MAX)
enum { GB = HL_BIG_GMP_LIMBS };
#define SMALL_MAG_NEG ((mp_limb_t)HL_SMALL_MAX + 1)

void hl_intv_of(hl_term t, hl_intv *v) {
    if (hl_is_small(t)) {
        int64_t x = hl_small_val(t);
        v->neg = x < 0;
        v->one = v->neg ? (mp_limb_t)0 - (mp_limb_t)x : (mp_limb_t)x;
        v->d = &v->one;
        v->n = x != 0;
    } else {
        v->d = (const mp_limb_t *)hl_big_limbs(t);
        v->n = hl_big_nlimbs(t);
        v->neg = hl_big_is_neg(t);
    }
}

/* ---- building results ---- */

static hl_term_status res_begin(hl_heap *h, size_t nmax, hl_term **p) {
    return hl_heap_alloc(h, nmax + 1, p);
}

static hl_term_status res_finish(hl_heap *h, hl_term *p, size_t nmax, size_t n, bool neg,
                                 hl_term *out) {
    mp_limb_t *d = (mp_limb_t *)(p + 1);
    while (n && d[n - 1] == 0) n--;
    if (n <= 1) {
        mp_limb_t m = n ? d[0] : 0;
        if (m <= (neg ? SMALL_MAG_NEG : SMALL_MAG_POS)) {
            hl_heap_trim(h, p, nmax + 1, 0);
            *out = hl_make_small(neg ? (int64_t)(0 - m) : (int64_t)m);
            return HL_TERM_OK;
        }
    }
    if (n > HL_BIG_MAX_LIMBS) {
        hl_heap_trim(h, p, nmax + 1, 0);
        return HL_TERM_SYSTEM_LIMIT;
    }
    p[0] = hl_make_header(neg ? HL_SUB_NEG_BIG : HL_SUB_POS_BIG, n);
    hl_heap_trim(h, p, nmax + 1, n + 1);
    *out = hl_make_boxed(p);
    return HL_TERM_OK;
}

hl_term_status hl_int_make_mag(hl_heap *h, const mp_limb_t *d, size_t n, bool neg, hl_term *out) {
    while (n && d[n - 1] == 0) n--;
    if (n > HL_BIG_MAX_LIMBS) return HL_TERM_SYSTEM_LIMIT;
    if (n <= 1) {
        mp_limb_t m = n ? d[0] : 0;
        if (m <= (neg ? SMALL_MAG_NEG : SMALL_MAG_POS)) {
            *out = hl_make_small(neg ? (int64_t)(0 - m) : (int64_t)m);
            return HL_TERM_OK;
        }
    }
    hl_term *p;
    hl_term_status st = res_begin(h, n, &p);
    if (st != HL_TERM_OK) return st;
    memcpy(p + 1, d, n * sizeof *d);
    return res_finish(h, p, n, n, neg, out);
}

hl_term_status hl_int_make_i64(hl_heap *h, int64_t v, hl_term *out) {
    if (hl_small_fits(v)) {
        *out = hl_make_small(v);
        return HL_TERM_OK;
    }
    mp_limb_t m = v < 0 ? (mp_limb_t)0 - (mp_limb_t)v : (mp_limb_t)v;
    return hl_int_make_mag(h, &m, 1, v < 0, out);
}

/* ---- order and conversions ---- */

static int mag_cmp(const mp_limb_t *a, size_t na, const mp_limb_t *b, size_t nb) {
    if (na != nb) return na < nb ? -1 : 1;
    return na ? mpn_cmp(a, b, (mp_size_t)na) : 0;
}

int hl_int_cmp(hl_term a, hl_term b) {
    if (hl_both_small(a, b)) {
        int64_t x = hl_small_val(a), y = hl_small_val(b);
        return (x > y) - (x < y);
    }
    hl_intv va, vb;
    hl_intv_of(a, &va);
    hl_intv_of(b, &vb);
    if (va.neg != vb.neg) return va.neg ? -1 : 1;
    int c = mag_cmp(va.d, va.n, vb.d, vb.n);
    return va.neg ? -c : c;
}

bool hl_int_to_double(hl_term a, double *out) {
    if (hl_is_small(a)) {
        *out = (double)hl_small_val(a);
        return true;
    }
    /* OTP's big_to_double: Horner from the top limb, one rounding per step
     * (not correctly rounded; matching it matters more). */
    const uint64_t *d = hl_big_limbs(a);
    double r = 0.0;
    for (size_t i = hl_big_nlimbs(a); i-- > 0;) {
        r = r * 18446744073709551616.0 + (double)d[i];
        if (!isfinite(r)) return false;
    }
    *out = hl_big_is_neg(a) ? -r : r;
    return true;
}

/* Integer part of |f| (finite, >= 1) as limbs; returns count, *frac set
 * when |f| has a fractional part. buf holds at least 18 limbs. */
static size_t double_mag(double f, mp_limb_t *buf, bool *frac) {
    int e;
    double fr = frexp(fabs(f), &e); /* |f| = fr * 2^e, fr in [0.5, 1) */
    uint64_t m = (uint64_t)ldexp(fr, 53);
    *frac = false;
    if (e <= 53) {
        int sh = 53 - e;
        *frac = (m & ((UINT64_C(1) << sh) - 1)) != 0;
        buf[0] = m >> sh;
        return 1;
    }
    int sh = e - 53, w = sh / 64, b = sh % 64;
    size_t n = (size_t)w + 2;
    memset(buf, 0, n * sizeof *buf);
    buf[w] = m << b;
    if (b) buf[w + 1] = m >> (64 - b);
    while (n && buf[n - 1] == 0) n--;
    return n;
}

int hl_int_cmp_double(hl_term a, double f) {
    if (hl_is_small(a)) {
        int64_t v = hl_small_val(a);
        if (f >= 9223372036854775808.0) return -1;
        if (f < -9223372036854775808.0) return 1;
        double fl = floor(f);
        int64_t i = (int64_t)fl;
        if (v != i) return v < i ? -1 : 1;
        return f > fl ? -1 : 0;
    }
    bool neg = hl_big_is_neg(a);
    if (f == 0 || (f > 0) == neg) return neg ? -1 : 1;
    if (fabs(f) < 1.0) return neg ? -1 : 1; /* |a| >= 2^59 */
    mp_limb_t buf[20];
    bool frac;
    size_t n = double_mag(f, buf, &frac);
    int c = mag_cmp((const mp_limb_t *)hl_big_limbs(a), hl_big_nlimbs(a), buf, n);
    if (c == 0 && frac) c = -1;
    return neg ? -c : c;
}

hl_term_status hl_int_from_double(hl_heap *h, double d, hl_term *out) {
    if (fabs(d) < 576460752303423488.0) { /* 2^59 */
        *out = hl_make_small((int64_t)d);
        return HL_TERM_OK;
    }
    mp_limb_t buf[20];
    bool frac;
    size_t n = double_mag(d, buf, &frac);
    return hl_int_make_mag(h, buf, n, d < 0, out);
}

/* ---- + - * ---- */

static hl_term_status addsub(hl_heap *h, hl_term a, hl_term b, bool negate_b, hl_term *out) {
    hl_intv va, vb;
    hl_intv_of(a, &va);
    hl_intv_of(b, &vb);
    if (vb.n == 0) {
        *out = a;
        return HL_TERM_OK;
    }
    if (va.n == 0) {
        if (!negate_b) {
            *out = b;
            return HL_TERM_OK;
        }
        return hl_int_neg(h, b, out);
    }
    const hl_intv *x = &va, *y = &vb;
    bool xneg = va.neg, yneg = vb.neg ^ negate_b;
    if (x->n < y->n) {
        const hl_intv *t = x;
        x = y, y = t;
        bool tn = xneg;
        xneg = yneg, yneg = tn;
    }
    hl_term *p;
    hl_term_status st;
    if (xneg == yneg) {
        size_t nmax = x->n + 1;
        if ((st = res_begin(h, nmax, &p)) != HL_TERM_OK) return st;
        mp_limb_t *d = (mp_limb_t *)(p + 1);
        d[x->n] = mpn_add(d, x->d, (mp_size_t)x->n, y->d, (mp_size_t)y->n);
        return res_finish(h, p, nmax, nmax, xneg, out);
    }
    int c = x->n == y->n ? mpn_cmp(x->d, y->d, (mp_size_t)x->n) : 1;
    if (c == 0) {
        *out = hl_make_small(0);
        return HL_TERM_OK;
    }
    if (c < 0) {
        const hl_intv *t = x;
        x = y, y = t;
        xneg = yneg;
    }
    size_t nmax = x->n;
    if ((st = res_begin(h, nmax, &p)) != HL_TERM_OK) return st;
    mp_limb_t *d = (mp_limb_t *)(p + 1);
    mpn_sub(d, x->d, (mp_size_t)x->n, y->d, (mp_size_t)y->n);
    return res_finish(h, p, nmax, nmax, xneg, out);
}

hl_term_status hl_int_add(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    return addsub(h, a, b, false, out);
}
hl_term_status hl_int_sub(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    return addsub(h, a, b, true, out);
}

static uint64_t bit_length(const mp_limb_t *d, size_t n) {
    return n ? (uint64_t)(n - 1) * 64 + (64 - (uint64_t)__builtin_clzll(d[n - 1])) : 0;
}

/* ---- magnitude kernels: GMP only on blocks it handles without allocating ---- */

/* {r, na + nb} = {a, na} * {b, nb}, na >= nb >= 1, r apart from a and b.
 * Above the GMP block size: schoolbook on GB x GB blocks, each partial
 * product added in place (the carry stops where it is absorbed). */
static void mag_mul(mp_limb_t *r, const mp_limb_t *a, size_t na, const mp_limb_t *b, size_t nb) {
    if (na <= GB) {
        if (a == b && na == nb) mpn_sqr(r, a, (mp_size_t)na);
        else mpn_mul(r, a, (mp_size_t)na, b, (mp_size_t)nb);
        return;
    }
    mp_limb_t t[2 * GB];
    memset(r, 0, (na + nb) * sizeof *r);
    for (size_t i = 0; i < na; i += GB) {
        size_t ni = na - i < GB ? na - i : GB;
        for (size_t j = 0; j < nb; j += GB) {
            size_t nj = nb - j < GB ? nb - j : GB;
            if (ni >= nj) mpn_mul(t, a + i, (mp_size_t)ni, b + j, (mp_size_t)nj);
            else mpn_mul(t, b + j, (mp_size_t)nj, a + i, (mp_size_t)ni);
            size_t off = i + j;
            mpn_add(r + off, r + off, (mp_size_t)(na + nb - off), t, (mp_size_t)(ni + nj));
        }
    }
}

/* {q, na - nb + 1} = {a, na} / {b, nb} and {r, nb} the remainder;
 * na >= nb >= 1, b[nb - 1] != 0, q and r apart from a, b and each other.
 * False when scratch could not be allocated. Work: about (na - nb + 1) * nb
 * limb pairs. */
static bool mag_divrem(mp_limb_t *q, mp_limb_t *r, const mp_limb_t *a, size_t na, const mp_limb_t *b,
                       size_t nb) {
    size_t nq = na - nb + 1;
    if (na <= 2 * GB && nb <= GB) {
        mpn_tdiv_qr(q, r, 0, a, (mp_size_t)na, b, (mp_size_t)nb);
        return true;
    }
    if (nb <= GB) {
        /* Long division in windows of at most 2 GB limbs: the remainder so
         * far (nb limbs, below b) above the next k limbs of a; each window's
         * quotient is below 2^(64 k), so it is exactly those k limbs of q. */
        mp_limb_t w[2 * GB], qt[2 * GB + 1], rr[GB];
        size_t k = 2 * GB - nb, nr = 0, i = na;
        memset(q, 0, nq * sizeof *q);
        while (i > 0) {
            size_t c = i >= k ? k : i;
            i -= c;
            memcpy(w, a + i, c * sizeof *w);
            if (nr) memcpy(w + c, rr, nr * sizeof *w);
            size_t wn = c + nr;
            if (wn < nb) { /* the top of a, below b so far */
                memcpy(rr, w, wn * sizeof *w);
                nr = wn;
                continue;
            }
            mpn_tdiv_qr(qt, rr, 0, w, (mp_size_t)wn, b, (mp_size_t)nb);
            nr = nb;
            size_t qn = wn - nb + 1;
            if (qn > c) qn = c;
            if (i < nq) memcpy(q + i, qt, (qn < nq - i ? qn : nq - i) * sizeof *q);
        }
        memcpy(r, rr, nr * sizeof *r);
        memset(r + nr, 0, (nb - nr) * sizeof *r);
        return true;
    }
    /* Knuth's algorithm D (TAOCP 4.3.1) on the normalised operands: one
     * quotient limb per step, estimated from the top two limbs, refined by
     * the next one, corrected by adding back. */
    mp_limb_t *u = hl_mem_alloc((na + 1 + nb) * sizeof *u);
    if (!u) return false;
    mp_limb_t *v = u + na + 1;
    unsigned sh = (unsigned)__builtin_clzll(b[nb - 1]);
    if (sh) {
        mpn_lshift(v, b, (mp_size_t)nb, sh);
        u[na] = mpn_lshift(u, a, (mp_size_t)na, sh);
    } else {
        memcpy(v, b, nb * sizeof *v);
        memcpy(u, a, na * sizeof *u);
        u[na] = 0;
    }
    mp_limb_t v1 = v[nb - 1], v2 = v[nb - 2];
    for (size_t j = nq; j-- > 0;) {
        mp_limb_t qhat = ~(mp_limb_t)0;
        if (u[j + nb] < v1) {
            unsigned __int128 num = (unsigned __int128)u[j + nb] << 64 | u[j + nb - 1];
            qhat = (mp_limb_t)(num / v1);
            mp_limb_t rhat = (mp_limb_t)(num % v1);
            while ((unsigned __int128)qhat * v2 > ((unsigned __int128)rhat << 64 | u[j + nb - 2])) {
                qhat--;
                mp_limb_t old = rhat;
                rhat += v1;
                if (rhat < old) break; /* rhat >= 2^64: the test holds from here */
            }
        }
        mp_limb_t borrow = mpn_submul_1(u + j, v, (mp_size_t)nb, qhat);
        mp_limb_t top = u[j + nb];
        u[j + nb] = top - borrow;
        if (top < borrow) /* qhat was too large (at most by 2): add back */
            do {
                qhat--;
                u[j + nb] += mpn_add_n(u + j, u + j, v, (mp_size_t)nb);
            } while (u[j + nb] != 0);
        q[j] = qhat;
    }
    if (sh) mpn_rshift(r, u, (mp_size_t)nb, sh);
    else memcpy(r, u, nb * sizeof *r);
    hl_mem_free(u);
    return true;
}

hl_term_status hl_int_mul(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    hl_intv va, vb;
    hl_intv_of(a, &va);
    hl_intv_of(b, &vb);
    if (va.n == 0 || vb.n == 0) {
        *out = hl_make_small(0);
        return HL_TERM_OK;
    }
    /* The product has at least bits(a) + bits(b) - 1 bits: refuse before work. */
    if (bit_length(va.d, va.n) + bit_length(vb.d, vb.n) - 1 > HL_BIG_MAX_BITS)
        return HL_TERM_SYSTEM_LIMIT;
    if ((uint64_t)va.n * vb.n > HL_BIG_MAX_WORK) return HL_TERM_SYSTEM_LIMIT;
    const hl_intv *x = &va, *y = &vb;
    if (x->n < y->n) x = &vb, y = &va;
    size_t nmax = x->n + y->n;
    hl_term *p;
    hl_term_status st = res_begin(h, nmax, &p);
    if (st != HL_TERM_OK) return st;
    mag_mul((mp_limb_t *)(p + 1), x->d, x->n, y->d, y->n);
    return res_finish(h, p, nmax, nmax, va.neg != vb.neg, out);
}

hl_term_status hl_int_divrem(hl_heap *h, hl_term a, hl_term b, hl_term *q, hl_term *r) {
    hl_intv va, vb;
    hl_intv_of(a, &va);
    hl_intv_of(b, &vb);
    if (vb.n == 0) return HL_TERM_BADARITH;
    if (va.n < vb.n || (va.n == vb.n && mpn_cmp(va.d, vb.d, (mp_size_t)va.n) < 0)) {
        if (q) *q = hl_make_small(0);
        if (r) *r = a;
        return HL_TERM_OK;
    }
    size_t nq = va.n - vb.n + 1;
    if ((uint64_t)nq * vb.n > HL_BIG_MAX_WORK) return HL_TERM_SYSTEM_LIMIT;
    mp_limb_t *qs = hl_mem_alloc((nq + vb.n) * sizeof *qs), *rs = qs + nq;
    if (!qs) return HL_TERM_NOMEM;
    hl_term_status st = HL_TERM_NOMEM;
    if (mag_divrem(qs, rs, va.d, va.n, vb.d, vb.n)) {
        st = HL_TERM_OK;
        if (q) st = hl_int_make_mag(h, qs, nq, va.neg != vb.neg, q);
        if (st == HL_TERM_OK && r) st = hl_int_make_mag(h, rs, vb.n, va.neg, r);
    }
    hl_mem_free(qs);
    return st;
}

hl_term_status hl_int_neg(hl_heap *h, hl_term a, hl_term *out) {
    if (hl_is_small(a)) return hl_int_make_i64(h, -hl_small_val(a), out);
    return hl_int_make_mag(h, (const mp_limb_t *)hl_big_limbs(a), hl_big_nlimbs(a),
                           !hl_big_is_neg(a), out);
}

/* ---- bitwise, on two's complement ---- */

/* Writes v as N limbs of two's complement (N > v->n). */
static void to_twos(const hl_intv *v, mp_limb_t *out, size_t N) {
    if (v->n) memcpy(out, v->d, v->n * sizeof *out);
    memset(out + v->n, 0, (N - v->n) * sizeof *out);
    if (v->neg) { /* -m = ~(m - 1) */
        mpn_sub_1(out, out, (mp_size_t)v->n, 1);
        mpn_com(out, out, (mp_size_t)N);
    }
}

hl_term_status hl_int_bitop(hl_heap *h, enum hl_bitop op, hl_term a, hl_term b, hl_term *out) {
    hl_intv va, vb;
    hl_intv_of(a, &va);
    hl_intv_of(b, &vb);
    size_t N = (va.n > vb.n ? va.n : vb.n) + 1;
    mp_limb_t *y = hl_mem_alloc(N * sizeof *y);
    if (!y) return HL_TERM_NOMEM;
    hl_term *p;
    hl_term_status st = res_begin(h, N, &p);
    if (st != HL_TERM_OK) {
        hl_mem_free(y);
        return st;
    }
    mp_limb_t *d = (mp_limb_t *)(p + 1);
    to_twos(&va, d, N);
    to_twos(&vb, y, N);
    switch (op) {
    case HL_BAND: mpn_and_n(d, d, y, (mp_size_t)N); break;
    case HL_BOR: mpn_ior_n(d, d, y, (mp_size_t)N); break;
    case HL_BXOR: mpn_xor_n(d, d, y, (mp_size_t)N); break;
    }
    hl_mem_free(y);
    bool neg = d[N - 1] >> 63;
    if (neg) { /* magnitude = ~r + 1 */
        mpn_com(d, d, (mp_size_t)N);
        mpn_add_1(d, d, (mp_size_t)N, 1);
    }
    return res_finish(h, p, N, N, neg, out);
}

hl_term_status hl_int_bnot(hl_heap *h, hl_term a, hl_term *out) {
    return addsub(h, hl_make_small(-1), a, true, out); /* bnot a = -1 - a */
}

/* ---- shifts ---- */

static hl_term_status shift_left(hl_heap *h, const hl_intv *v, uint64_t s, hl_term *out) {
    if (v->n == 0) {
        *out = hl_make_small(0);
        return HL_TERM_OK;
    }
    if (s > HL_BIG_MAX_BITS || bit_length(v->d, v->n) + s > HL_BIG_MAX_BITS)
        return HL_TERM_SYSTEM_LIMIT;
    size_t w = (size_t)(s / 64);
    unsigned b = (unsigned)(s % 64);
    size_t nmax = v->n + w + 1;
    hl_term *p;
    hl_term_status st = res_begin(h, nmax, &p);
    if (st != HL_TERM_OK) return st;
    mp_limb_t *d = (mp_limb_t *)(p + 1);
    memset(d, 0, w * sizeof *d);
    if (b)
        d[w + v->n] = mpn_lshift(d + w, v->d, (mp_size_t)v->n, b);
    else {
        memcpy(d + w, v->d, v->n * sizeof *d);
        d[w + v->n] = 0;
    }
    return res_finish(h, p, nmax, nmax, v->neg, out);
}

static hl_term_status shift_right(hl_heap *h, const hl_intv *v, uint64_t s, hl_term *out) {
    size_t w = s / 64 >= v->n ? v->n : (size_t)(s / 64);
    unsigned b = (unsigned)(s % 64);
    if (w >= v->n) { /* everything shifted out */
        *out = hl_make_small(v->neg ? -1 : 0);
        return HL_TERM_OK;
    }
    size_t n = v->n - w, nmax = n + 1;
    hl_term *p;
    hl_term_status st = res_begin(h, nmax, &p);
    if (st != HL_TERM_OK) return st;
    mp_limb_t *d = (mp_limb_t *)(p + 1);
    if (!v->neg) {
        if (b) mpn_rshift(d, v->d + w, (mp_size_t)n, b);
        else memcpy(d, v->d + w, n * sizeof *d);
        d[n] = 0;
        return res_finish(h, p, nmax, nmax, false, out);
    }
    /* floor(-m / 2^s) = -((m >> s) + 1) when a 1 bit is shifted out, else
     * -(m >> s) */
    bool lost = b && (v->d[w] & ((UINT64_C(1) << b) - 1)) != 0;
    for (size_t i = 0; i < w && !lost; i++) lost = v->d[i] != 0;
    if (b) mpn_rshift(d, v->d + w, (mp_size_t)n, b);
    else memcpy(d, v->d + w, n * sizeof *d);
    d[n] = lost ? mpn_add_1(d, d, (mp_size_t)n, 1) : 0;
    return res_finish(h, p, nmax, nmax, true, out);
}

hl_term_status hl_int_shift(hl_heap *h, hl_term a, hl_term shift, bool left, hl_term *out) {
    hl_intv v;
    hl_intv_of(a, &v);
    if (hl_is_small(shift)) {
        int64_t s = hl_small_val(shift);
        if (!left) s = -s;
        if (s >= 0) return shift_left(h, &v, (uint64_t)s, out);
        return shift_right(h, &v, (uint64_t)0 - (uint64_t)s, out);
    }
    bool towards_left = hl_big_is_neg(shift) != left;
    if (towards_left) return shift_left(h, &v, UINT64_MAX, out);
    return shift_right(h, &v, UINT64_MAX, out);
}

/* ---- text ---- */

static const char digit_chars[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

size_t hl_int_text_max(hl_term a, unsigned base) {
    if (hl_is_small(a)) return 66;
    return mpn_sizeinbase((const mp_limb_t *)hl_big_limbs(a), (mp_size_t)hl_big_nlimbs(a),
                          (int)base) + 2;
}

/* Largest k with base^k < 2^64, and base^k: text is converted k digits
 * at a time with single-limb division/multiplication (mpn_divrem_1,
 * mpn_mul_1), which never allocate — unlike mpn_get_str/mpn_set_str, whose
 * temporary space comes from GMP's allocator (an out-of-memory there
 * aborts). Quadratic: refused past HL_BIG_MAX_WORK. */
static unsigned chunk_digits(unsigned base, mp_limb_t *power) {
    unsigned k = 0;
    mp_limb_t p = 1;
    while (p <= UINT64_MAX / base) {
        p *= base;
        k++;
    }
    *power = p;
    return k;
}

/* Bignum to text, divide and conquer: split by power^(2^j) (about half the
 * number's size) with mag_divrem, convert both halves, the low one padded
 * to its exact width; below TEXT_BASECASE limbs, repeated single-limb
 * division. Recursion depth is at most the number of powers (≤ 20 at the
 * 524,287-limb cap); scratch (the powers, ~3n limbs, and a path's
 * quotients and remainders, < 3n limbs) comes from hl_mem_alloc. */
enum { TEXT_BASECASE = 24, TEXT_MAX_POWERS = 24 };

typedef struct text_ctx {
    unsigned base, per;
    mp_limb_t power;
    const mp_limb_t *pw[TEXT_MAX_POWERS]; /* pw[j] = power^(2^j), normalised */
    size_t plen[TEXT_MAX_POWERS];
    size_t npw;
    bool nomem; /* a division's scratch could not be allocated */
} text_ctx;

static void reverse(char *s, size_t n) {
    for (size_t i = 0; i < n / 2; i++) {
        char c = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = c;
    }
}

/* Digits of {t, n} (destroyed): exactly `width` digits, zero-padded, when
 * width > 0, else the minimal number. */
static size_t text_basecase(const text_ctx *c, mp_limb_t *t, size_t n, size_t width, char *out) {
    size_t len = 0;
    while (n && t[n - 1] == 0) n--;
    while (n) {
        mp_limb_t r = mpn_divrem_1(t, 0, t, (mp_size_t)n, c->power);
        while (n && t[n - 1] == 0) n--;
        for (unsigned i = 0; i < c->per && (n || r); i++) {
            out[len++] = digit_chars[r % c->base];
            r /= c->base;
        }
    }
    while (len < width) out[len++] = '0';
    reverse(out, len);
    return len;
}

static size_t text_rec(text_ctx *c, const mp_limb_t *v, size_t n, size_t width, char *out,
                       mp_limb_t *scratch) {
    if (c->nomem) return 0;
    while (n && v[n - 1] == 0) n--;
    size_t j = c->npw;
    while (j > 0 && c->plen[j - 1] >= n) j--;
    if (n <= TEXT_BASECASE || j == 0) {
        memcpy(scratch, v, n * sizeof *v);
        return text_basecase(c, scratch, n, width, out);
    }
    /* The largest power with fewer limbs than v (so below v): it has more
     * than about n/2 limbs, so the quotient is at most about n/2 limbs and
     * the remainder uses a smaller power next; sizes halve down the path. */
    j--;
    size_t pl = c->plen[j], nq = n - pl + 1;
    mp_limb_t *q = scratch, *r = scratch + nq;
    size_t wr = (size_t)c->per << j;
    if (!mag_divrem(q, r, v, n, c->pw[j], pl)) {
        c->nomem = true;
        return 0;
    }
    size_t lq = text_rec(c, q, nq, width ? width - wr : 0, out, r + pl);
    text_rec(c, r, pl, wr, out + lq, r + pl);
    return lq + wr;
}

hl_term_status hl_int_to_text(hl_term a, unsigned base, char *buf, size_t *len) {
    if (hl_is_small(a)) {
        int64_t v = hl_small_val(a);
        uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
        char tmp[66];
        size_t n = 0;
        do {
            tmp[n++] = digit_chars[u % base];
            u /= base;
        } while (u);
        size_t k = 0;
        if (v < 0) buf[k++] = '-';
        while (n) buf[k++] = tmp[--n];
        *len = k;
        return HL_TERM_OK;
    }
    size_t n = hl_big_nlimbs(a), k = 0;
    if (hl_int_text_work(n) > HL_BIG_MAX_WORK) return HL_TERM_SYSTEM_LIMIT;
    /* scratch: a path uses n + plen[j0] + plen[j0-1] + ... < 3n + depth
     * limbs; the powers sum to < 3n limbs (each about twice the one before,
     * the last at most about n) */
    mp_limb_t *ptab = hl_mem_alloc((6 * n + 64 + 256) * sizeof *ptab), *scratch = ptab + 3 * n + 64;
    if (!ptab) return HL_TERM_NOMEM;
    text_ctx c = {.base = base, .npw = 1};
    c.per = chunk_digits(base, &c.power);
    ptab[0] = c.power;
    c.pw[0] = ptab;
    c.plen[0] = 1;
    size_t used = 1;
    /* Squares while they are at most half the number: pw[j+1] = pw[j]^2. */
    while (c.npw < TEXT_MAX_POWERS && c.plen[c.npw - 1] * 2 - 1 < n) {
        size_t pl = c.plen[c.npw - 1];
        mp_limb_t *next = ptab + used;
        mag_mul(next, c.pw[c.npw - 1], pl, c.pw[c.npw - 1], pl);
        size_t nl = 2 * pl;
        while (next[nl - 1] == 0) nl--;
        c.pw[c.npw] = next;
        c.plen[c.npw++] = nl;
        used += nl;
    }
    if (hl_big_is_neg(a)) buf[k++] = '-';
    *len = k + text_rec(&c, (const mp_limb_t *)hl_big_limbs(a), n, 0, buf + k, scratch);
    hl_mem_free(ptab);
    return c.nomem ? HL_TERM_NOMEM : HL_TERM_OK;
}

static int digit_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

hl_term_status hl_int_from_text(hl_heap *h, const unsigned char *s, size_t len, unsigned base,
                                hl_term *out) {
    if (base < 2 || base > 36) return HL_TERM_BADARG;
    size_t i = 0;
    bool neg = false;
    if (len && (s[0] == '+' || s[0] == '-')) neg = s[i++] == '-';
    if (i == len) return HL_TERM_BADARG;
    for (size_t k = i; k < len; k++)
        if ((unsigned)digit_value(s[k]) >= base) return HL_TERM_BADARG;
    while (i + 1 < len && s[i] == '0') i++;
    size_t nd = len - i;
    uint64_t acc = 0;
    bool small = true;
    for (size_t k = i; k < len && small; k++)
        small = !__builtin_mul_overflow(acc, base, &acc) &&
                !__builtin_add_overflow(acc, (uint64_t)digit_value(s[k]), &acc);
    if (small) return hl_int_make_mag(h, &acc, 1, neg, out);
    unsigned lo = 0, hi; /* floor and ceiling of log2(base) */
    while ((2u << lo) <= base) lo++;
    hi = (1u << lo) == base ? lo : lo + 1;
    if ((uint64_t)(nd - 1) * lo > HL_BIG_MAX_BITS) return HL_TERM_SYSTEM_LIMIT;
    size_t nmax = (size_t)((uint64_t)nd * hi / 64) + 2;
    if (hl_int_text_work(nmax) > HL_BIG_MAX_WORK) return HL_TERM_SYSTEM_LIMIT;
    hl_term *p;
    hl_term_status st = res_begin(h, nmax, &p);
    if (st != HL_TERM_OK) return st;
    mp_limb_t *d = (mp_limb_t *)(p + 1), power;
    unsigned per = chunk_digits(base, &power);
    size_t n = 0;
    for (size_t k = i; k < len;) {
        mp_limb_t c = 0, mult = 1;
        for (unsigned j = 0; j < per && k < len; j++, k++) {
            c = c * base + (mp_limb_t)digit_value(s[k]);
            mult *= base;
        }
        if (n == 0) {
            d[0] = c;
            n = c != 0;
            continue;
        }
        mp_limb_t hi_limb = mpn_mul_1(d, d, (mp_size_t)n, mult);
        hi_limb += mpn_add_1(d, d, (mp_size_t)n, c);
        d[n] = hi_limb;
        if (hi_limb) n++;
    }
    return res_finish(h, p, nmax, n, neg, out);
}
