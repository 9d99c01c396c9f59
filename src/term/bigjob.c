/* bigjob.c — the quadratic bignum algorithms as resumable jobs
 * (term/bigjob.h): schoolbook products on blocks of at most
 * HL_BIG_GMP_LIMBS limbs, long division (windows for short divisors,
 * Knuth's algorithm D otherwise), divide-and-conquer conversion to text
 * with an explicit work stack, and conversion from text. Each keeps its
 * position in its own struct, so a step can stop at any piece boundary.
 * GMP sees only blocks it handles without temporary space from its own
 * allocator (whose failure would abort); scratch comes from hl_mem_alloc. */
#include "term/bigjob.h"

#include <string.h>

#include "base/mem.h"
#include "term/bignum.h"

enum { GB = HL_BIG_GMP_LIMBS };

/* ---- products: schoolbook on GB x GB blocks ---- */

typedef struct muljob {
    const mp_limb_t *a, *b; /* na >= nb >= 1 */
    size_t na, nb;
    mp_limb_t *r; /* na + nb limbs, apart from a and b */
    size_t i, j;  /* the next block pair */
    bool started;
} muljob;

/* True when the product is complete. Each partial product is added in
 * place (the carry stops where it is absorbed). */
static bool muljob_step(muljob *m, uint64_t budget, uint64_t *pairs) {
    size_t na = m->na, nb = m->nb;
    if (na <= GB) {
        if (m->a == m->b && na == nb) mpn_sqr(m->r, m->a, (mp_size_t)na);
        else mpn_mul(m->r, m->a, (mp_size_t)na, m->b, (mp_size_t)nb);
        *pairs += (uint64_t)na * nb;
        return true;
    }
    if (!m->started) {
        memset(m->r, 0, (na + nb) * sizeof *m->r);
        m->started = true;
    }
    uint64_t start = *pairs;
    mp_limb_t t[2 * GB];
    for (; m->i < na; m->i += GB, m->j = 0) {
        size_t ni = na - m->i < GB ? na - m->i : GB;
        for (; m->j < nb; m->j += GB) {
            if (*pairs - start >= budget) return false;
            size_t nj = nb - m->j < GB ? nb - m->j : GB;
            const mp_limb_t *x = m->a + m->i, *y = m->b + m->j;
            if (ni >= nj) mpn_mul(t, x, (mp_size_t)ni, y, (mp_size_t)nj);
            else mpn_mul(t, y, (mp_size_t)nj, x, (mp_size_t)ni);
            size_t off = m->i + m->j;
            mpn_add(m->r + off, m->r + off, (mp_size_t)(na + nb - off), t, (mp_size_t)(ni + nj));
            *pairs += (uint64_t)ni * nj;
        }
    }
    return true;
}

void hl_big_mag_mul(mp_limb_t *r, const mp_limb_t *a, size_t na, const mp_limb_t *b, size_t nb) {
    muljob m = {a, b, na, nb, r, 0, 0, false};
    uint64_t pairs = 0;
    muljob_step(&m, UINT64_MAX, &pairs);
}

/* ---- division ---- */

/* {q, na - nb + 1} = {a, na} / {b, nb} and {r, nb} the remainder;
 * na >= nb >= 1, b[nb - 1] != 0, q and r apart from a, b and each other.
 * Work: about (na - nb + 1) * nb limb pairs. */
typedef struct divjob {
    const mp_limb_t *a, *b;
    size_t na, nb;
    mp_limb_t *q, *r;
    bool started;
    size_t i, nr;      /* windows: limbs of a still to bring down; remainder so far (in r) */
    mp_limb_t *u, *v;  /* algorithm D: the normalised operands (one allocation) */
    unsigned sh;
    size_t jq;         /* algorithm D: quotient limbs still to find */
} divjob;

static void divjob_free(divjob *d) {
    hl_mem_free(d->u);
    d->u = d->v = NULL;
}

/* 1: done, 0: more to do, -1: scratch could not be allocated. */
static int divjob_step(divjob *d, uint64_t budget, uint64_t *pairs) {
    size_t na = d->na, nb = d->nb, nq = na - nb + 1;
    uint64_t start = *pairs;
    if (na <= 2 * GB && nb <= GB) {
        mpn_tdiv_qr(d->q, d->r, 0, d->a, (mp_size_t)na, d->b, (mp_size_t)nb);
        *pairs += (uint64_t)nq * nb;
        return 1;
    }
    if (nb <= GB) {
        /* Long division in windows of at most 2 GB limbs: the remainder so
         * far (nr limbs in r, below b) above the next k limbs of a; each
         * window's quotient is below 2^(64 k), so it is exactly those k
         * limbs of q. */
        mp_limb_t w[2 * GB], qt[2 * GB + 1];
        size_t k = 2 * GB - nb;
        if (!d->started) {
            memset(d->q, 0, nq * sizeof *d->q);
            d->i = na, d->nr = 0, d->started = true;
        }
        while (d->i > 0) {
            if (*pairs - start >= budget) return 0;
            size_t c = d->i >= k ? k : d->i;
            d->i -= c;
            memcpy(w, d->a + d->i, c * sizeof *w);
            if (d->nr) memcpy(w + c, d->r, d->nr * sizeof *w);
            size_t wn = c + d->nr;
            if (wn < nb) { /* the top of a, below b so far */
                memcpy(d->r, w, wn * sizeof *w);
                d->nr = wn;
                continue;
            }
            mpn_tdiv_qr(qt, d->r, 0, w, (mp_size_t)wn, d->b, (mp_size_t)nb);
            d->nr = nb;
            size_t qn = wn - nb + 1;
            if (qn > c) qn = c;
            if (d->i < nq) memcpy(d->q + d->i, qt, (qn < nq - d->i ? qn : nq - d->i) * sizeof *d->q);
            *pairs += (uint64_t)(wn - nb + 1) * nb;
        }
        memset(d->r + d->nr, 0, (nb - d->nr) * sizeof *d->r);
        return 1;
    }
    /* Knuth's algorithm D (TAOCP 4.3.1) on the normalised operands: one
     * quotient limb per piece, estimated from the top two limbs, refined by
     * the next one, corrected by adding back. */
    if (!d->started) {
        mp_limb_t *u = hl_mem_alloc((na + 1 + nb) * sizeof *u);
        if (!u) return -1;
        mp_limb_t *v = u + na + 1;
        d->sh = (unsigned)__builtin_clzll(d->b[nb - 1]);
        if (d->sh) {
            mpn_lshift(v, d->b, (mp_size_t)nb, d->sh);
            u[na] = mpn_lshift(u, d->a, (mp_size_t)na, d->sh);
        } else {
            memcpy(v, d->b, nb * sizeof *v);
            memcpy(u, d->a, na * sizeof *u);
            u[na] = 0;
        }
        d->u = u, d->v = v, d->jq = nq, d->started = true;
        *pairs += na + nb;
    }
    mp_limb_t *u = d->u, *v = d->v, v1 = v[nb - 1], v2 = v[nb - 2];
    while (d->jq > 0) {
        if (*pairs - start >= budget) return 0;
        size_t j = --d->jq;
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
        d->q[j] = qhat;
        *pairs += nb;
    }
    if (d->sh) mpn_rshift(d->r, u, (mp_size_t)nb, d->sh);
    else memcpy(d->r, u, nb * sizeof *d->r);
    divjob_free(d);
    return 1;
}

/* ---- text: divide and conquer with an explicit stack ---- */

/* Digits are made k at a time (base^k < 2^64) with single-limb division,
 * which never allocates (mpn_get_str's temporary space would come from
 * GMP's allocator). The number is split by power^(2^j), the largest such
 * power with fewer limbs than the part being converted: the quotient and
 * the remainder are converted into fixed places of the output, the
 * remainder to exactly per * 2^j digits. The whole number is converted to
 * mpn_sizeinbase digits (exact or one too many), so every part's place is
 * known when it is split and the parts may be done in any order; a
 * leading zero is dropped at the end. Below TEXT_BASECASE limbs, repeated
 * single-limb division. */
enum { TEXT_BASECASE = 24, TEXT_MAX_POWERS = 24, TEXT_STACK = 2 * TEXT_MAX_POWERS + 8 };

typedef struct tnode {
    size_t off, n;      /* its limbs: scratch[off, off + n) */
    size_t width, out;  /* its digits: exactly width at text[out] */
} tnode;

static const char digit_chars[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* Largest k with base^k < 2^64, and base^k. */
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

static void reverse(char *s, size_t n) {
    for (size_t i = 0; i < n / 2; i++) {
        char c = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = c;
    }
}

enum { K_MUL, K_DIV, K_TEXT, K_FROM };

struct hl_bigjob {
    int kind;
    bool neg, rneg, done;
    mp_limb_t *mem; /* operand copies and results: mem_limbs limbs */
    size_t mem_limbs;
    muljob m;       /* K_MUL; K_TEXT: squaring a power */
    divjob d;       /* K_DIV; K_TEXT: splitting a part */
    size_t nres;    /* K_MUL, K_FROM: result limbs; K_DIV: quotient limbs */
    /* K_TEXT */
    unsigned base, per;
    mp_limb_t power;
    size_t n;                         /* the number's limbs */
    size_t pw_off[TEXT_MAX_POWERS], plen[TEXT_MAX_POWERS], npw, used; /* powers in mem */
    bool powers_done, in_div;
    mp_limb_t *scratch;               /* the parts: scratch_cap limbs */
    size_t scratch_cap;
    tnode stack[TEXT_STACK], cur;
    size_t sp, cur_j;
    char *text;                       /* K_TEXT: the digits; K_FROM: the input */
    size_t text_len, pos;             /* K_FROM: next character */
    size_t copied;                    /* limbs of input copied at creation */
};

static hl_bigjob *job_new(int kind, size_t limbs) {
    hl_bigjob *j = hl_mem_calloc(1, sizeof *j);
    if (!j) return NULL;
    j->kind = kind;
    j->mem_limbs = limbs;
    if (limbs && !(j->mem = hl_mem_alloc(limbs * sizeof *j->mem))) {
        hl_mem_free(j);
        return NULL;
    }
    return j;
}

void hl_bigjob_free(void *jv) {
    hl_bigjob *j = jv;
    if (!j) return;
    divjob_free(&j->d);
    hl_mem_free(j->mem);
    hl_mem_free(j->scratch);
    hl_mem_free(j->text);
    hl_mem_free(j);
}

size_t hl_bigjob_copied(const hl_bigjob *j) { return j->copied; }

size_t hl_bigjob_bytes(const hl_bigjob *j) {
    size_t b = sizeof *j + (j->mem_limbs + j->scratch_cap) * sizeof(mp_limb_t);
    if (j->d.u) b += (j->d.na + 1 + j->d.nb) * sizeof(mp_limb_t);
    if (j->text) b += j->kind == K_TEXT ? j->text_len + 2 : j->text_len;
    return b;
}

hl_term_status hl_bigjob_mul(hl_term a, hl_term b, hl_bigjob **out) {
    hl_intv va, vb;
    hl_intv_of(a, &va);
    hl_intv_of(b, &vb);
    if (va.n == 0 || vb.n == 0) return HL_TERM_BADARG; /* the callers take zero apart */
    uint64_t bits = (uint64_t)(va.n - 1) * 64 + (64 - (uint64_t)__builtin_clzll(va.d[va.n - 1])) +
                    (uint64_t)(vb.n - 1) * 64 + (64 - (uint64_t)__builtin_clzll(vb.d[vb.n - 1]));
    if (bits - 1 > HL_BIG_MAX_BITS) return HL_TERM_SYSTEM_LIMIT;
    const hl_intv *x = &va, *y = &vb;
    if (x->n < y->n) x = &vb, y = &va;
    bool same = a == b;
    size_t nx = x->n, ny = same ? 0 : y->n;
    hl_bigjob *j = job_new(K_MUL, nx + ny + nx + y->n);
    if (!j) return HL_TERM_NOMEM;
    mp_limb_t *cx = j->mem, *cy = same ? cx : cx + nx, *r = cx + nx + ny;
    memcpy(cx, x->d, nx * sizeof *cx);
    if (!same) memcpy(cy, y->d, ny * sizeof *cy);
    j->m = (muljob){cx, cy, nx, y->n, r, 0, 0, false};
    j->nres = nx + y->n;
    j->neg = va.neg != vb.neg;
    j->copied = nx + ny;
    *out = j;
    return HL_TERM_OK;
}

hl_term_status hl_bigjob_divrem(hl_term a, hl_term b, hl_bigjob **out) {
    hl_intv va, vb;
    hl_intv_of(a, &va);
    hl_intv_of(b, &vb);
    if (vb.n == 0) return HL_TERM_BADARITH;
    bool trivial = va.n < vb.n || (va.n == vb.n && mpn_cmp(va.d, vb.d, (mp_size_t)va.n) < 0);
    size_t nq = trivial ? 0 : va.n - vb.n + 1;
    /* a, b, then q (nq) and r (nb; a itself when trivial) */
    hl_bigjob *j = job_new(K_DIV, va.n + vb.n + nq + (trivial ? 0 : vb.n));
    if (!j) return HL_TERM_NOMEM;
    mp_limb_t *ca = j->mem, *cb = ca + va.n;
    memcpy(ca, va.d, va.n * sizeof *ca);
    memcpy(cb, vb.d, vb.n * sizeof *cb);
    j->neg = va.neg != vb.neg, j->rneg = va.neg;
    j->copied = va.n + vb.n;
    if (trivial) {
        j->d = (divjob){.a = ca, .b = cb, .na = va.n, .nb = vb.n, .q = NULL, .r = ca};
        j->nres = 0;
        j->done = true;
    } else {
        j->d = (divjob){.a = ca, .b = cb, .na = va.n, .nb = vb.n, .q = cb + vb.n, .r = cb + vb.n + nq};
        j->nres = nq;
    }
    *out = j;
    return HL_TERM_OK;
}

hl_term_status hl_bigjob_to_text(hl_term a, unsigned base, hl_bigjob **out) {
    size_t n = hl_big_nlimbs(a);
    /* the powers: each about twice the one before, the last at most about
     * n, so < 3n limbs (and room for the squaring of the last) */
    hl_bigjob *j = job_new(K_TEXT, 3 * n + 64);
    if (!j) return HL_TERM_NOMEM;
    const mp_limb_t *d = (const mp_limb_t *)hl_big_limbs(a);
    j->base = base;
    j->per = chunk_digits(base, &j->power);
    j->n = n;
    j->neg = hl_big_is_neg(a);
    j->text_len = mpn_sizeinbase(d, (mp_size_t)n, (int)base);
    j->scratch_cap = 4 * n + 256;
    j->text = hl_mem_alloc(j->text_len + 2);
    j->scratch = hl_mem_alloc(j->scratch_cap * sizeof *j->scratch);
    if (!j->text || !j->scratch) {
        hl_bigjob_free(j);
        return HL_TERM_NOMEM;
    }
    memcpy(j->scratch, d, n * sizeof *d);
    j->copied = n;
    j->mem[0] = j->power;
    j->pw_off[0] = 0, j->plen[0] = 1, j->npw = 1, j->used = 1;
    j->stack[0] = (tnode){0, n, j->text_len, 0};
    j->sp = 1;
    *out = j;
    return HL_TERM_OK;
}

static int digit_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

hl_term_status hl_bigjob_from_text(const unsigned char *s, size_t len, unsigned base, hl_bigjob **out) {
    if (base < 2 || base > 36) return HL_TERM_BADARG;
    size_t i = 0;
    bool neg = false;
    if (len && (s[0] == '+' || s[0] == '-')) neg = s[i++] == '-';
    if (i == len) return HL_TERM_BADARG;
    for (size_t k = i; k < len; k++)
        if ((unsigned)digit_value(s[k]) >= base) return HL_TERM_BADARG;
    while (i + 1 < len && s[i] == '0') i++;
    size_t nd = len - i;
    unsigned lo = 0, hi; /* floor and ceiling of log2(base) */
    while ((2u << lo) <= base) lo++;
    hi = (1u << lo) == base ? lo : lo + 1;
    if ((uint64_t)(nd - 1) * lo > HL_BIG_MAX_BITS) return HL_TERM_SYSTEM_LIMIT;
    size_t nmax = (size_t)((uint64_t)nd * hi / 64) + 2;
    hl_bigjob *j = job_new(K_FROM, nmax);
    if (!j) return HL_TERM_NOMEM;
    if (!(j->text = hl_mem_alloc(nd))) {
        hl_bigjob_free(j);
        return HL_TERM_NOMEM;
    }
    memcpy(j->text, s + i, nd);
    j->text_len = nd, j->pos = 0, j->nres = 0;
    j->copied = (len + 7) / 8; /* the text validated and copied */
    j->base = base;
    j->per = chunk_digits(base, &j->power);
    j->neg = neg;
    *out = j;
    return HL_TERM_OK;
}

/* Digits of {t, n} (destroyed): exactly `width` digits, zero-padded. */
static void text_basecase(const hl_bigjob *j, mp_limb_t *t, size_t n, size_t width, char *out) {
    size_t len = 0;
    while (n && t[n - 1] == 0) n--;
    while (n) {
        mp_limb_t r = mpn_divrem_1(t, 0, t, (mp_size_t)n, j->power);
        while (n && t[n - 1] == 0) n--;
        for (unsigned i = 0; i < j->per && (n || r); i++) {
            out[len++] = digit_chars[r % j->base];
            r /= j->base;
        }
    }
    while (len < width) out[len++] = '0';
    reverse(out, len);
}

static hl_term_status text_step(hl_bigjob *j, uint64_t budget, uint64_t *pairs, bool *done) {
    uint64_t start = *pairs;
    char *digits = j->text + 1; /* text[0]: room for the sign */
    /* Squares while they are at most half the number: pw[k+1] = pw[k]^2. */
    while (!j->powers_done) {
        if (j->m.r) {
            if (!muljob_step(&j->m, budget - (*pairs - start), pairs)) return HL_TERM_OK;
            size_t pl = j->m.na, nl = 2 * pl;
            mp_limb_t *next = j->m.r;
            while (next[nl - 1] == 0) nl--;
            j->pw_off[j->npw] = j->used;
            j->plen[j->npw++] = nl;
            j->used += nl;
            j->m.r = NULL;
        }
        if (j->npw < TEXT_MAX_POWERS && j->plen[j->npw - 1] * 2 - 1 < j->n) {
            if (*pairs - start >= budget) return HL_TERM_OK;
            size_t pl = j->plen[j->npw - 1];
            const mp_limb_t *p = j->mem + j->pw_off[j->npw - 1];
            j->m = (muljob){p, p, pl, pl, j->mem + j->used, 0, 0, false};
        } else {
            j->powers_done = true;
        }
    }
    for (;;) {
        if (j->in_div) {
            int r = divjob_step(&j->d, budget - (*pairs - start < budget ? *pairs - start : budget), pairs);
            if (r < 0) return HL_TERM_NOMEM;
            if (r == 0) return HL_TERM_OK;
            j->in_div = false;
            /* the remainder (per * 2^j digits, the low ones), then the
             * quotient on top of the stack: done next, as the recursion did */
            tnode c = j->cur;
            size_t pl = j->plen[j->cur_j], top = c.off + c.n, wr = (size_t)j->per << j->cur_j;
            j->stack[j->sp++] = (tnode){top, pl, wr, c.out + c.width - wr};
            j->stack[j->sp++] = (tnode){top + pl, c.n - pl + 1, c.width - wr, c.out};
        }
        if (j->sp == 0) break;
        if (*pairs - start >= budget) return HL_TERM_OK;
        tnode c = j->stack[--j->sp];
        mp_limb_t *v = j->scratch + c.off;
        size_t n = c.n;
        while (n && v[n - 1] == 0) n--;
        size_t k = j->npw;
        while (k > 0 && j->plen[k - 1] >= n) k--;
        if (n <= TEXT_BASECASE || k == 0) {
            text_basecase(j, v, n, c.width, digits + c.out);
            *pairs += (uint64_t)n * n / 2 + n + 1;
            continue;
        }
        /* The largest power with fewer limbs than v (so below v): it has
         * more than about n/2 limbs, so the quotient is at most about n/2
         * limbs and the remainder uses a smaller power next. The parts go
         * above v: the remainder, then the quotient. */
        k--;
        size_t pl = j->plen[k], top = c.off + n, need = top + n + 1;
        c.n = n;
        if (need > j->scratch_cap) {
            size_t ncap = need * 2;
            mp_limb_t *ns = hl_mem_realloc_array(j->scratch, ncap, sizeof *ns);
            if (!ns) return HL_TERM_NOMEM;
            j->scratch = ns, j->scratch_cap = ncap;
            v = ns + c.off;
        }
        j->cur = c, j->cur_j = k, j->in_div = true;
        j->d = (divjob){.a = v, .b = j->mem + j->pw_off[k], .na = n, .nb = pl,
                        .q = j->scratch + top + pl, .r = j->scratch + top};
    }
    /* mpn_sizeinbase may be one too many: drop the leading zero */
    size_t len = j->text_len, skip = 0;
    while (skip + 1 < len && digits[skip] == '0') skip++;
    memmove(digits, digits + skip, len - skip);
    len -= skip;
    size_t k = 0;
    if (j->neg) j->text[k++] = '-';
    if (k == 0) memmove(j->text, digits, len);
    j->text_len = k + len;
    *done = true;
    return HL_TERM_OK;
}

static void from_step(hl_bigjob *j, uint64_t budget, uint64_t *pairs, bool *done) {
    uint64_t start = *pairs;
    mp_limb_t *d = j->mem;
    size_t n = j->nres, len = j->text_len;
    while (j->pos < len) {
        if (*pairs - start >= budget) break;
        mp_limb_t c = 0, mult = 1;
        for (unsigned i = 0; i < j->per && j->pos < len; i++, j->pos++) {
            c = c * j->base + (mp_limb_t)digit_value((unsigned char)j->text[j->pos]);
            mult *= j->base;
        }
        *pairs += n + 1;
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
    j->nres = n;
    if (j->pos == len) *done = true;
}

hl_term_status hl_bigjob_step(hl_bigjob *j, uint64_t budget, uint64_t *pairs, bool *done) {
    if (budget == 0) budget = 1;
    if (j->done) {
        *done = true;
        return HL_TERM_OK;
    }
    bool fin = false;
    hl_term_status st = HL_TERM_OK;
    switch (j->kind) {
    case K_MUL: fin = muljob_step(&j->m, budget, pairs); break;
    case K_DIV: {
        int r = divjob_step(&j->d, budget, pairs);
        if (r < 0) st = HL_TERM_NOMEM;
        fin = r > 0;
        break;
    }
    case K_TEXT: st = text_step(j, budget, pairs, &fin); break;
    default: from_step(j, budget, pairs, &fin); break;
    }
    j->done = fin;
    *done = fin;
    return st;
}

hl_term_status hl_bigjob_run(hl_bigjob *j) {
    bool done = false;
    uint64_t pairs = 0;
    hl_term_status st = HL_TERM_OK;
    while (!done && st == HL_TERM_OK) st = hl_bigjob_step(j, UINT64_MAX, &pairs, &done);
    return st;
}

hl_term_status hl_bigjob_result(const hl_bigjob *j, hl_heap *h, hl_term *q, hl_term *r) {
    hl_term_status st = HL_TERM_OK;
    switch (j->kind) {
    case K_MUL:
    case K_FROM:
        if (q) st = hl_int_make_mag(h, j->kind == K_MUL ? j->m.r : j->mem, j->nres, j->neg, q);
        return st;
    case K_DIV:
        if (q) st = hl_int_make_mag(h, j->d.q, j->nres, j->neg, q);
        if (st == HL_TERM_OK && r) st = hl_int_make_mag(h, j->d.r, j->nres ? j->d.nb : j->d.na, j->rneg, r);
        return st;
    default: return HL_TERM_BADARG;
    }
}

const char *hl_bigjob_text(const hl_bigjob *j, size_t *len) {
    *len = j->text_len;
    return j->text;
}
