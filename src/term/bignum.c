/* bignum.c — integer operations beyond the small range, on GMP's mpn layer
 * (docs/terms.md §1). Results are built in place on the heap: the largest
 * possible result is allocated, computed into, then normalised and trimmed
 * (hl_heap_trim). GMP sees only operands of at most HL_BIG_GMP_LIMBS limbs,
 * where it needs no temporary space of its own; beyond that, products are
 * schoolbook on blocks and divisions Knuth's algorithm D (term/bigjob.c,
 * run to its end here), with scratch from hl_mem_alloc (NOMEM on failure)
 * or a few fixed C-stack blocks (~40 KiB). The one-shot superlinear
 * operations are refused past HL_BIG_MAX_WORK limb pairs. */
#include "term/bignum.h"

#include <math.h>
#include <string.h>

#include "base/mem.h"
#include "term/bigjob.h"

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
    hl_big_mag_mul((mp_limb_t *)(p + 1), x->d, x->n, y->d, y->n);
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
    hl_bigjob *j;
    hl_term_status st = hl_bigjob_divrem(a, b, &j);
    if (st != HL_TERM_OK) return st;
    if ((st = hl_bigjob_run(j)) == HL_TERM_OK) st = hl_bigjob_result(j, h, q, r);
    hl_bigjob_free(j);
    return st;
}

hl_term_status hl_int_neg(hl_heap *h, hl_term a, hl_term *out) {
    if (hl_is_small(a)) return hl_int_make_i64(h, -hl_small_val(a), out);
    return hl_int_make_mag(h, (const mp_limb_t *)hl_big_limbs(a), hl_big_nlimbs(a),
                           !hl_big_is_neg(a), out);
}

/* ---- bitwise, on two's complement ---- */

/* Writes the low N limbs of v's two's complement. */
static void to_twos(const hl_intv *v, mp_limb_t *out, size_t N) {
    size_t k = v->n < N ? v->n : N;
    if (k) memcpy(out, v->d, k * sizeof *out);
    memset(out + k, 0, (N - k) * sizeof *out);
    if (v->neg) { /* -m = ~(m - 1), modulo 2^(64 N) */
        mpn_sub_1(out, out, (mp_size_t)N, 1);
        mpn_com(out, out, (mp_size_t)N);
    }
}

/* Limbs of two's complement that hold a op b: past a non-negative operand
 * of band (a negative one of bor) every limb of the result is its sign's. */
static size_t bitop_limbs(enum hl_bitop op, const hl_intv *a, const hl_intv *b) {
    size_t m = (a->n > b->n ? a->n : b->n) + 1;
    if (op == HL_BXOR) return m;
    bool keep = op == HL_BOR;
    if (a->neg == keep && b->neg == keep) return (a->n < b->n ? a->n : b->n) + 1;
    if (a->neg == keep) return a->n + 1;
    if (b->neg == keep) return b->n + 1;
    return m;
}

hl_term_status hl_int_bitop(hl_heap *h, enum hl_bitop op, hl_term a, hl_term b, hl_term *out) {
    hl_intv va, vb;
    hl_intv_of(a, &va);
    hl_intv_of(b, &vb);
    size_t N = bitop_limbs(op, &va, &vb);
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
    if (hl_int_text_work(hl_big_nlimbs(a)) > HL_BIG_MAX_WORK) return HL_TERM_SYSTEM_LIMIT;
    hl_bigjob *j;
    hl_term_status st = hl_bigjob_to_text(a, base, &j);
    if (st != HL_TERM_OK) return st;
    if ((st = hl_bigjob_run(j)) == HL_TERM_OK) {
        const char *t = hl_bigjob_text(j, len);
        memcpy(buf, t, *len);
    }
    hl_bigjob_free(j);
    return st;
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
    hl_bigjob *j;
    hl_term_status st = hl_bigjob_from_text(s, len, base, &j);
    if (st != HL_TERM_OK) return st;
    if ((st = hl_bigjob_run(j)) == HL_TERM_OK) st = hl_bigjob_result(j, h, out, NULL);
    hl_bigjob_free(j);
    return st;
}
