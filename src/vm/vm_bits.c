/* vm_bits.c — the bit syntax at run time: bs_create (construct a bitstring
 * from segments), bs_get (match one segment at a position) and the end test
 * of bs_test_tail (docs/bytecode.md §3.1).
 *
 * A match keeps no context object: the position is a small integer in a
 * register next to the subject, so nothing is mutated and a collection in
 * the middle of a match needs no special case. Binary segments become
 * sub-binaries of the subject's underlying binary (never a copy).
 *
 * The gate does not track register types, so everything read from a
 * register is checked here (a hostile image gets badarg, never a bad read).
 * Construction measures every segment first (errors before any allocation;
 * the total is capped by HL_BIN_MAX_BITS), then allocates once and fills. */
#include <math.h>
#include <string.h>

#include "base/mem.h"
#include "bc/bytecode.h"
#include "term/bignum.h"
#include "term/bits.h"
#include "vm/vm_bits.h"
#include "vm/vm_internal.h"

/* Threaded operand access, as in interp.c (vm/load.h, HL_VM_OPND_*). */
#define OPND(w) HL_VM_OPND(base, w)

enum { BS_SMALL_INT_BITS = 64 };

/* ---- sizes ---- */

/* Bits of a sized segment: size * unit. BADARG for a bad size,
 * SYSTEM_LIMIT when it passes the cap. */
static hl_term_status seg_size(uint32_t desc, hl_term size, uint64_t *bits) {
    if (hl_is_big(size)) return hl_big_is_neg(size) ? HL_TERM_BADARG : HL_TERM_SYSTEM_LIMIT;
    if (!hl_is_small(size) || hl_small_val(size) < 0) return HL_TERM_BADARG;
    uint64_t s = (uint64_t)hl_small_val(size), u = HL_BS_UNIT(desc);
    if (u == 0) u = 1;
    if (s > HL_BIN_MAX_BITS / u) return HL_TERM_SYSTEM_LIMIT;
    *bits = s * u;
    return HL_TERM_OK;
}

static bool valid_code_point(int64_t c) { return c >= 0 && c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF); }

/* ---- floats ---- */

static bool half_from_double(double d, uint16_t *out) {
    uint16_t sign = signbit(d) ? 0x8000 : 0;
    double a = fabs(d);
    if (a >= 65520.0) return false; /* rounds past the largest half */
    if (a < 0x1p-14) {              /* subnormal (1024 rounds to the smallest normal) */
        *out = (uint16_t)(sign | (uint16_t)nearbyint(a * 0x1p24));
        return true;
    }
    int e;
    double f = frexp(a, &e); /* a = f * 2^e, f in [0.5, 1) */
    e -= 1;
    double m = nearbyint((f * 2.0 - 1.0) * 1024.0);
    if (m >= 1024.0) m = 0, e++;
    if (e + 15 >= 31) return false;
    *out = (uint16_t)(sign | (uint16_t)((e + 15) << 10) | (uint16_t)m);
    return true;
}

static double half_to_double(uint16_t h) {
    int e = (h >> 10) & 31;
    double m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? INFINITY : ldexp(m + 1024.0, e - 25);
    if (e == 31 && m != 0) v = NAN;
    return (h & 0x8000) ? -v : v;
}

/* The raw bits of a float segment of `bits` (16, 32, 64) or false. */
static bool float_bits(hl_term v, uint64_t bits, uint64_t *raw) {
    double d;
    if (hl_is_float(v)) d = hl_float_val(v);
    else if (!hl_is_integer(v) || !hl_int_to_double(v, &d)) return false;
    if (bits == 64) {
        memcpy(raw, &d, 8);
        return true;
    }
    if (bits == 32) { /* OTP: out of float range becomes infinity, not an error */
        float f = (float)d;
        uint32_t u;
        memcpy(&u, &f, 4);
        *raw = u;
        return true;
    }
    if (bits == 16) {
        uint16_t hv;
        if (!half_from_double(d, &hv)) hv = (uint16_t)((signbit(d) ? 0x8000 : 0) | 0x7C00); /* infinity */
        *raw = hv;
        return true;
    }
    return false;
}

/* ---- integers as two's complement limbs ---- */

typedef struct tcint {
    const uint64_t *l;
    size_t n;
    uint64_t ext; /* the limbs above n: all zeros or all ones */
    uint64_t one;
} tcint;

/* Two's complement view of integer v; `scratch` holds up to the bignum
 * limit (negative bignums need their complement computed). */
static void tc_of(hl_term v, tcint *t, uint64_t *scratch) {
    if (hl_is_small(v)) {
        int64_t s = hl_small_val(v);
        t->one = (uint64_t)s;
        t->l = &t->one, t->n = 1, t->ext = s < 0 ? ~UINT64_C(0) : 0;
        return;
    }
    size_t n = hl_big_nlimbs(v);
    const uint64_t *m = hl_big_limbs(v);
    if (!hl_big_is_neg(v)) {
        t->l = m, t->n = n, t->ext = 0;
        return;
    }
    /* -m = ~(m - 1) */
    uint64_t borrow = 1;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = m[i] - borrow;
        borrow = borrow && m[i] == 0;
        scratch[i] = ~x;
    }
    t->l = scratch, t->n = n, t->ext = ~UINT64_C(0);
}

/* cnt (1..8) bits of t starting at bit lo (from the least significant). */
static unsigned tc_bits(const tcint *t, uint64_t lo, unsigned cnt) {
    uint64_t i = lo >> 6;
    unsigned sh = (unsigned)(lo & 63);
    uint64_t a = i < t->n ? t->l[i] : t->ext;
    uint64_t r = a >> sh;
    if (sh + cnt > 64) r |= (i + 1 < t->n ? t->l[i + 1] : t->ext) << (64 - sh);
    return (unsigned)(r & ((1u << cnt) - 1));
}

/* The builder is zeroed, so runs of sign extension only need writing when
 * they are ones; they are filled in bulk (a huge segment stays fast). */
static void write_int(uint8_t *d, uint64_t off, const tcint *t, uint64_t bits, bool little) {
    uint64_t vbits = (uint64_t)t->n * 64; /* bits at and above vbits are t->ext */
    if (!little) {
        uint64_t hi = bits;
        if (hi > vbits) {
            if (t->ext) hl_bits_fill_ones(d, off, hi - vbits);
            off += hi - vbits, hi = vbits;
        }
        while (hi) {
            unsigned cnt = (hi & 7) ? (unsigned)(hi & 7) : 8;
            hl_bits_put8(d, off, tc_bits(t, hi - cnt, cnt), cnt);
            off += cnt, hi -= cnt;
        }
        return;
    }
    uint64_t full = bits >> 3, i = 0;
    for (; i < full && 8 * i < vbits; i++) hl_bits_put8(d, off + 8 * i, tc_bits(t, 8 * i, 8), 8);
    if (i < full && t->ext) hl_bits_fill_ones(d, off + 8 * i, 8 * (full - i));
    unsigned r = (unsigned)(bits & 7);
    if (r) hl_bits_put8(d, off + 8 * full, tc_bits(t, 8 * full, r), r);
}

/* Up to 64 bits read as an unsigned field (big or little endian, Erlang's
 * little-endian rule for partial bytes: the last, partial byte holds the
 * most significant bits). */
static uint64_t read_u64(const uint8_t *s, uint64_t off, unsigned bits, bool little) {
    uint64_t acc = 0;
    unsigned r = bits & 7, full = bits >> 3;
    if (!little) {
        if (r) acc = hl_bits_get8(s, off, r), off += r;
        for (unsigned i = 0; i < full; i++) acc = acc << 8 | hl_bits_get8(s, off + 8 * i, 8);
        return acc;
    }
    for (unsigned i = 0; i < full; i++) acc |= (uint64_t)hl_bits_get8(s, off + 8 * i, 8) << (8 * i);
    if (r) acc |= (uint64_t)hl_bits_get8(s, off + 8 * full, r) << (8 * full);
    return acc;
}

static void write_u64(uint8_t *d, uint64_t off, uint64_t v, unsigned bits, bool little) {
    tcint t = {.l = &t.one, .n = 1, .ext = 0, .one = v};
    write_int(d, off, &t, bits, little);
}

/* An integer field of any size (the result is capped by the bignum limit). */
static hl_term_status read_int(hl_heap *h, const uint8_t *s, uint64_t off, uint64_t bits, bool little, bool sgn,
                               hl_term *out) {
    if (bits <= 64) {
        uint64_t u = bits ? read_u64(s, off, (unsigned)bits, little) : 0;
        if (sgn && bits && bits < 64 && (u >> (bits - 1)) & 1) u |= ~UINT64_C(0) << bits;
        if (sgn || u <= (uint64_t)INT64_MAX) return hl_int_make_i64(h, (int64_t)u, out);
        return hl_int_make_mag(h, (const mp_limb_t *)&u, 1, false, out);
    }
    if (bits > HL_BIG_MAX_BITS + 1) return HL_TERM_SYSTEM_LIMIT;
    size_t n = (size_t)((bits + 63) / 64);
    uint64_t *limbs = hl_mem_alloc(n * sizeof *limbs); /* up to 4 MiB: not on the C stack */
    if (!limbs) return HL_TERM_NOMEM;
    memset(limbs, 0, n * sizeof *limbs);
    uint64_t full = bits >> 3;
    unsigned r = (unsigned)(bits & 7);
    /* value byte j (least significant first) */
    for (uint64_t j = 0; j < full; j++) {
        uint64_t at = little ? off + 8 * j : off + bits - 8 * (j + 1);
        limbs[j >> 3] |= (uint64_t)hl_bits_get8(s, at, 8) << (8 * (j & 7));
    }
    if (r) {
        uint64_t at = little ? off + 8 * full : off;
        limbs[full >> 3] |= (uint64_t)hl_bits_get8(s, at, r) << (8 * (full & 7));
    }
    bool neg = false;
    if (sgn && (limbs[(bits - 1) >> 6] >> ((bits - 1) & 63)) & 1) {
        neg = true;
        if (bits & 63) limbs[n - 1] |= ~UINT64_C(0) << (bits & 63);
        uint64_t carry = 1; /* magnitude = ~v + 1 */
        for (size_t i = 0; i < n; i++) {
            limbs[i] = ~limbs[i] + carry;
            carry = carry && limbs[i] == 0;
        }
    }
    while (n && limbs[n - 1] == 0) n--;
    hl_term_status st = hl_int_make_mag(h, (const mp_limb_t *)limbs, n, neg, out);
    hl_mem_free(limbs);
    return st;
}

/* ---- UTF ---- */

static unsigned utf8_encode(uint32_t c, uint8_t *o) {
    if (c < 0x80) return o[0] = (uint8_t)c, 1;
    if (c < 0x800) return o[0] = (uint8_t)(0xC0 | c >> 6), o[1] = (uint8_t)(0x80 | (c & 63)), 2;
    if (c < 0x10000) {
        o[0] = (uint8_t)(0xE0 | c >> 12), o[1] = (uint8_t)(0x80 | ((c >> 6) & 63)), o[2] = (uint8_t)(0x80 | (c & 63));
        return 3;
    }
    o[0] = (uint8_t)(0xF0 | c >> 18), o[1] = (uint8_t)(0x80 | ((c >> 12) & 63));
    o[2] = (uint8_t)(0x80 | ((c >> 6) & 63)), o[3] = (uint8_t)(0x80 | (c & 63));
    return 4;
}

/* Bits of a utf segment for code point c (already validated). */
static uint64_t utf_bits(unsigned type, uint32_t c) {
    if (type == HL_BS_UTF8) return c < 0x80 ? 8 : c < 0x800 ? 16 : c < 0x10000 ? 24 : 32;
    if (type == HL_BS_UTF16) return c < 0x10000 ? 16 : 32;
    return 32;
}

/* ---- bs_create ---- */

/* Measures one segment: its bits, or the error OTP raises. */
static hl_term_status measure(uint32_t desc, hl_term v, hl_term size, uint64_t *bits) {
    unsigned type = HL_BS_TYPE(desc);
    bool has = desc & HL_BS_HAS_SIZE;
    hl_term_status st;
    switch (type) {
    case HL_BS_INTEGER:
        if (!hl_is_integer(v)) return HL_TERM_BADARG;
        if (!has) return *bits = 8, HL_TERM_OK;
        return seg_size(desc, size, bits);
    case HL_BS_FLOAT: {
        if (!hl_is_number(v)) return HL_TERM_BADARG;
        uint64_t b = 64, raw;
        if (has && (st = seg_size(desc, size, &b)) != HL_TERM_OK) return st;
        if (!float_bits(v, b, &raw)) return HL_TERM_BADARG;
        *bits = b;
        return HL_TERM_OK;
    }
    case HL_BS_BINARY:
    case HL_BS_BITSTRING: {
        if (!hl_is_binary_obj(v)) return HL_TERM_BADARG;
        uint64_t have = hl_bits_size(v);
        if (has) {
            if ((st = seg_size(desc, size, bits)) != HL_TERM_OK) return st;
            return *bits <= have ? HL_TERM_OK : HL_TERM_BADARG;
        }
        uint64_t u = HL_BS_UNIT(desc) ? HL_BS_UNIT(desc) : 1;
        if (have % u) return HL_TERM_BADARG;
        *bits = have;
        return HL_TERM_OK;
    }
    case HL_BS_UTF8:
    case HL_BS_UTF16:
    case HL_BS_UTF32:
        if (!hl_is_small(v) || !valid_code_point(hl_small_val(v))) return HL_TERM_BADARG;
        *bits = utf_bits(type, (uint32_t)hl_small_val(v));
        return HL_TERM_OK;
    default: return HL_TERM_BADARG;
    }
}

static void fill(uint8_t *d, uint64_t off, uint32_t desc, hl_term v, uint64_t bits, uint64_t *scratch) {
    unsigned type = HL_BS_TYPE(desc);
    bool little = HL_BS_ENDIAN(desc) != 0;
    switch (type) {
    case HL_BS_INTEGER: {
        tcint t;
        tc_of(v, &t, scratch);
        write_int(d, off, &t, bits, little);
        return;
    }
    case HL_BS_FLOAT: {
        uint64_t raw = 0;
        (void)float_bits(v, bits, &raw); /* measured already */
        write_u64(d, off, raw, (unsigned)bits, little);
        return;
    }
    case HL_BS_BINARY:
    case HL_BS_BITSTRING: {
        const unsigned char *b;
        uint64_t boff, bsz;
        hl_bitstring_view(v, &b, &boff, &bsz);
        hl_bits_copy(d, off, b, boff, bits);
        return;
    }
    case HL_BS_UTF8: {
        uint8_t o[4];
        unsigned n = utf8_encode((uint32_t)hl_small_val(v), o);
        for (unsigned i = 0; i < n; i++) hl_bits_put8(d, off + 8 * i, o[i], 8);
        return;
    }
    case HL_BS_UTF16: {
        uint32_t c = (uint32_t)hl_small_val(v);
        if (c < 0x10000) {
            write_u64(d, off, c, 16, little);
        } else {
            c -= 0x10000;
            write_u64(d, off, 0xD800 | (c >> 10), 16, little);
            write_u64(d, off + 16, 0xDC00 | (c & 1023), 16, little);
        }
        return;
    }
    default: write_u64(d, off, (uint64_t)hl_small_val(v), 32, little); return;
    }
}

hl_term_status hl_vm_bs_create(hl_vm_proc *p, hl_term *const *base, const hl_tword *segs, uint32_t k,
                               hl_term *out) {
    uint64_t total = 0;
    for (uint32_t i = 0; i < k; i++) {
        const hl_tword *g = segs + 3 * (size_t)i;
        uint64_t bits;
        hl_term_status st = measure((uint32_t)g[0], OPND(g[1]), OPND(g[2]), &bits);
        if (st != HL_TERM_OK) return st;
        total += bits; /* each <= the cap, k <= 65536: no overflow */
        if (total > HL_BIN_MAX_BITS) return HL_TERM_SYSTEM_LIMIT;
    }
    /* scratch for the two's complement of the largest negative bignum
     * written (up to 4 MiB: not on the C stack) */
    size_t need = 0;
    for (uint32_t i = 0; i < k; i++) {
        hl_term v = OPND(segs[3 * (size_t)i + 1]);
        if (hl_is_big(v) && hl_big_is_neg(v) && hl_big_nlimbs(v) > need) need = hl_big_nlimbs(v);
    }
    uint64_t one[1], *scratch = need ? hl_mem_alloc(need * sizeof *scratch) : one;
    if (!scratch) return HL_TERM_NOMEM;
    hl_bin_builder b;
    hl_term_status st;
    uint32_t first = 0;
    uint64_t off = 0;
    /* `<<Acc/binary, ...>>`: append in place when Acc's buffer allows, and
     * leave room to do so next time (amortised linear accumulation). */
    bool append = k > 0 && (HL_BS_TYPE((uint32_t)segs[0]) == HL_BS_BINARY ||
                            HL_BS_TYPE((uint32_t)segs[0]) == HL_BS_BITSTRING) &&
                  !((uint32_t)segs[0] & HL_BS_HAS_SIZE);
    bool done = false;
    if (append) {
        hl_term left = OPND(segs[1]);
        uint64_t lbits = hl_bits_size(left);
        if ((st = hl_bin_append_begin(&p->heap, left, total - lbits, &b, &done)) != HL_TERM_OK) {
            if (scratch != one) hl_mem_free(scratch);
            return st;
        }
        if (done) first = 1, off = lbits;
    }
    if (!done && (st = append ? hl_bin_build_begin_growable(&p->heap, total, &b)
                              : hl_bin_build_begin(&p->heap, total, &b)) != HL_TERM_OK) {
        if (scratch != one) hl_mem_free(scratch);
        return st;
    }
    uint64_t start = off; /* bits already there when appending in place */
    for (uint32_t i = first; i < k; i++) {
        const hl_tword *g = segs + 3 * (size_t)i;
        uint64_t bits = 0;
        (void)measure((uint32_t)g[0], OPND(g[1]), OPND(g[2]), &bits);
        fill(b.data, off, (uint32_t)g[0], OPND(g[1]), bits, scratch);
        off += bits;
    }
    if (scratch != one) hl_mem_free(scratch);
    p->bif_cost = ((total - start) >> 9) + (k >> 4); /* one reduction per 64 bytes written, per 16 segments */
    *out = hl_bin_build_finish(&b);
    return HL_TERM_OK;
}

/* ---- bs_get ---- */

/* Decodes one UTF-8 sequence of at most `avail` bytes at bit offset off. */
static int utf8_decode(const uint8_t *s, uint64_t off, uint64_t avail, uint32_t *cp) {
    if (avail < 1) return 0;
    unsigned b0 = hl_bits_get8(s, off, 8);
    unsigned n = b0 < 0x80 ? 1 : (b0 & 0xE0) == 0xC0 ? 2 : (b0 & 0xF0) == 0xE0 ? 3 : (b0 & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 0 || n > avail) return 0;
    uint32_t c = n == 1 ? b0 : n == 2 ? (b0 & 0x1F) : n == 3 ? (b0 & 0x0F) : (b0 & 0x07);
    for (unsigned i = 1; i < n; i++) {
        unsigned b = hl_bits_get8(s, off + 8 * i, 8);
        if ((b & 0xC0) != 0x80) return 0;
        c = c << 6 | (b & 0x3F);
    }
    static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < min[n] || !valid_code_point(c)) return 0;
    *cp = c;
    return (int)n;
}

hl_term_status hl_vm_bs_get(hl_vm_proc *p, hl_term bin, hl_term *pos, uint32_t desc, hl_term size, hl_term *out) {
    if (!hl_is_binary_obj(bin) || !hl_is_small(*pos)) return HL_TERM_BADARG;
    const unsigned char *b;
    uint64_t boff, bsz;
    hl_bitstring_view(bin, &b, &boff, &bsz);
    int64_t at = hl_small_val(*pos);
    if (at < 0 || (uint64_t)at > bsz) return HL_TERM_BADARG;
    uint64_t rest = bsz - (uint64_t)at, off = boff + (uint64_t)at, bits = 0;
    unsigned type = HL_BS_TYPE(desc);
    bool little = HL_BS_ENDIAN(desc) != 0, skip = desc & HL_BS_SKIP;
    hl_heap *h = &p->heap;
    hl_term_status st;
    if (type <= HL_BS_BITSTRING) {
        if (desc & HL_BS_HAS_SIZE) {
            st = seg_size(desc, size, &bits);
            if (st != HL_TERM_OK) return HL_VM_BS_NOMATCH; /* a bad or huge size matches nothing */
        } else if (type == HL_BS_INTEGER) {
            bits = 8;
        } else if (type == HL_BS_FLOAT) {
            bits = 64;
        } else {
            uint64_t u = HL_BS_UNIT(desc) ? HL_BS_UNIT(desc) : 1;
            if (rest % u) return HL_VM_BS_NOMATCH;
            bits = rest;
        }
        if (bits > rest) return HL_VM_BS_NOMATCH;
    }
    hl_term v = HL_NIL;
    switch (type) {
    case HL_BS_INTEGER:
        if (!skip && (st = read_int(h, b, off, bits, little, desc & HL_BS_SIGNED, &v)) != HL_TERM_OK) return st;
        p->bif_cost = bits >> 12;
        break;
    case HL_BS_FLOAT: {
        if (bits != 16 && bits != 32 && bits != 64) return HL_VM_BS_NOMATCH;
        uint64_t raw = read_u64(b, off, (unsigned)bits, little);
        double d;
        if (bits == 64) memcpy(&d, &raw, 8);
        else if (bits == 32) {
            uint32_t u32 = (uint32_t)raw;
            float f;
            memcpy(&f, &u32, 4);
            d = f;
        } else d = half_to_double((uint16_t)raw);
        if (!isfinite(d)) return HL_VM_BS_NOMATCH;
        if (!skip) {
            hl_term *fp;
            if ((st = hl_heap_alloc(h, HL_FLOAT_WORDS, &fp)) != HL_TERM_OK) return st;
            v = hl_float_init(fp, d);
        }
        break;
    }
    case HL_BS_BINARY:
    case HL_BS_BITSTRING:
        if (!skip && (st = hl_bits_slice(h, bin, (uint64_t)at, bits, &v)) != HL_TERM_OK) return st;
        break;
    case HL_BS_UTF8: {
        uint32_t c;
        int n = utf8_decode(b, off, rest / 8, &c);
        if (n == 0) return HL_VM_BS_NOMATCH;
        bits = 8 * (uint64_t)n;
        v = hl_make_small(c);
        break;
    }
    case HL_BS_UTF16: {
        if (rest < 16) return HL_VM_BS_NOMATCH;
        uint32_t w1 = (uint32_t)read_u64(b, off, 16, little), c = w1;
        bits = 16;
        if (w1 >= 0xDC00 && w1 <= 0xDFFF) return HL_VM_BS_NOMATCH;
        if (w1 >= 0xD800 && w1 <= 0xDBFF) {
            if (rest < 32) return HL_VM_BS_NOMATCH;
            uint32_t w2 = (uint32_t)read_u64(b, off + 16, 16, little);
            if (w2 < 0xDC00 || w2 > 0xDFFF) return HL_VM_BS_NOMATCH;
            c = 0x10000 + ((w1 - 0xD800) << 10) + (w2 - 0xDC00);
            bits = 32;
        }
        v = hl_make_small(c);
        break;
    }
    case HL_BS_UTF32: {
        if (rest < 32) return HL_VM_BS_NOMATCH;
        uint32_t c = (uint32_t)read_u64(b, off, 32, little);
        if (!valid_code_point(c)) return HL_VM_BS_NOMATCH;
        bits = 32;
        v = hl_make_small(c);
        break;
    }
    default: return HL_TERM_BADARG;
    }
    if (!skip) *out = v;
    *pos = hl_make_small(at + (int64_t)bits);
    return HL_TERM_OK;
}

bool hl_vm_bs_at_end(hl_term bin, hl_term pos) {
    return hl_is_binary_obj(bin) && hl_is_small(pos) && hl_small_val(pos) >= 0 &&
           (uint64_t)hl_small_val(pos) == hl_bits_size(bin);
}
