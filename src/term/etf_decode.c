/* etf_decode.c — binary_to_term for hostile bytes (etf.h; docs/etf.md).
 *
 * Two passes over the input, like erts: the first validates everything
 * (tags, lengths against the bytes left, UTF-8 of atom names, float text,
 * bit counts, the refused types) and sums the heap words the term needs,
 * without allocating; the second builds the term with the sizes already
 * known to fit the budget. Neither pass recurses: the first only counts the
 * terms still pending (each needs at least one byte, so a length claiming
 * more elements than bytes left fails at once), the second keeps an explicit
 * stack of open containers (a container's last slot pops it first, so long
 * lists and right-nested tuples take no stack). A compressed body is
 * inflated into a buffer of its declared size, capped before allocating,
 * and must inflate to exactly that size. */
#define _GNU_SOURCE /* strtod_l */
#include <locale.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"
#include "term/arith.h"
#include "term/bignum.h"
#include "term/compare.h"
#include "term/etf.h"
#include "term/etf_internal.h"
#include "term/map.h"

typedef struct dec {
    const uint8_t *base, *p, *end;
    size_t base_off; /* offset of base in the caller's bytes (for error offsets) */
    const char *why;
    size_t err_off;
    size_t max_words, max_depth;
    hl_etf_name_fn name_fn;
    void *name_ctx;
} dec;

/* One encoded item (a tag and its own bytes; children follow it). */
typedef struct item {
    uint8_t tag;
    uint64_t n;          /* arity, element count, byte count */
    const uint8_t *data; /* atom name, string, binary or bignum bytes */
    unsigned bits;       /* BIT_BINARY: bits used in the last byte; big: sign */
    int64_t i;
    double f;
} item;

static hl_term_status fail(dec *d, hl_term_status st, const char *why, const uint8_t *at) {
    d->why = why;
    d->err_off = d->base_off + (size_t)(at - d->base);
    return st;
}

static bool have(const dec *d, uint64_t n) { return n <= (uint64_t)(d->end - d->p); }

/* Strict UTF-8 (no overlongs, no surrogates, ≤ U+10FFFF); counts code points. */
static bool utf8_count(const uint8_t *s, size_t n, size_t *chars) {
    size_t c = 0;
    for (size_t i = 0; i < n; c++) {
        uint8_t b = s[i];
        if (b < 0x80) {
            i++;
            continue;
        }
        size_t k;
        uint8_t lo = 0x80, hi = 0xBF;
        if (b >= 0xC2 && b <= 0xDF) k = 1;
        else if (b >= 0xE0 && b <= 0xEF) {
            k = 2;
            if (b == 0xE0) lo = 0xA0;
            if (b == 0xED) hi = 0x9F;
        } else if (b >= 0xF0 && b <= 0xF4) {
            k = 3;
            if (b == 0xF0) lo = 0x90;
            if (b == 0xF4) hi = 0x8F;
        } else
            return false;
        if (n - i - 1 < k) return false;
        if (s[i + 1] < lo || s[i + 1] > hi) return false;
        for (size_t j = 2; j <= k; j++)
            if ((s[i + j] & 0xC0) != 0x80) return false;
        i += k + 1;
    }
    *chars = c;
    return true;
}

/* The "C" locale for strtod_l (a host's setlocale must not change what
 * "1.5" means); made once per process and kept for its life. */
static _Atomic(locale_t) c_numeric;

static locale_t c_locale(void) {
    locale_t l = atomic_load(&c_numeric);
    if (l) return l;
    locale_t mine = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    if (!mine) return (locale_t)0;
    locale_t expected = (locale_t)0;
    if (!atomic_compare_exchange_strong(&c_numeric, &expected, mine)) {
        freelocale(mine);
        return expected;
    }
    return mine;
}

/* FLOAT_EXT: 31 bytes of "%.20e"-style text, NUL-padded. OTP accepts
 * [+-]digits.digits[(e|E)[+-]digits] followed by NUL or the end. */
static bool parse_float_text(const uint8_t *s, double *out) {
    char buf[32];
    memcpy(buf, s, 31);
    buf[31] = 0;
    size_t i = 0;
    if (buf[i] == '+' || buf[i] == '-') i++;
    size_t d0 = i;
    while (buf[i] >= '0' && buf[i] <= '9') i++;
    if (i == d0 || buf[i] != '.') return false;
    size_t d1 = ++i;
    while (buf[i] >= '0' && buf[i] <= '9') i++;
    if (i == d1) return false;
    if (buf[i] == 'e' || buf[i] == 'E') {
        i++;
        if (buf[i] == '+' || buf[i] == '-') i++;
        size_t d2 = i;
        while (buf[i] >= '0' && buf[i] <= '9') i++;
        if (i == d2) return false;
    }
    if (buf[i] != 0) return false;
    locale_t c = c_locale();
    if (!c) return false;
    double v = strtod_l(buf, NULL, c);
    if (!isfinite(v)) return false;
    *out = v;
    return true;
}

static double be_double(const uint8_t *p) {
    uint64_t u = 0;
    for (int k = 0; k < 8; k++) u = u << 8 | p[k];
    double v;
    memcpy(&v, &u, sizeof v);
    return v;
}

/* An atom name of an item as UTF-8 in buf (≥ 510 bytes). */
static size_t atom_utf8(const item *it, char *buf) {
    if (it->tag == HL_ETF_ATOM || it->tag == HL_ETF_SMALL_ATOM) {
        size_t o = 0;
        for (uint64_t k = 0; k < it->n; k++) {
            uint8_t c = it->data[k];
            if (c < 0x80) buf[o++] = (char)c;
            else {
                buf[o++] = (char)(0xC0 | (c >> 6));
                buf[o++] = (char)(0x80 | (c & 0x3F));
            }
        }
        return o;
    }
    memcpy(buf, it->data, (size_t)it->n);
    return (size_t)it->n;
}

/* Reads and fully validates one item's own bytes; d->p moves past them. */
static hl_term_status read_item(dec *d, item *it) {
    const uint8_t *at = d->p;
    if (!have(d, 1)) return fail(d, HL_TERM_BADARG, "truncated: a term is missing", at);
    it->tag = *d->p++;
    it->n = 0;
    it->data = NULL;
    it->bits = 0;
    uint64_t lenbytes = 0;
    switch (it->tag) {
    case HL_ETF_SMALL_INTEGER:
        if (!have(d, 1)) return fail(d, HL_TERM_BADARG, "truncated SMALL_INTEGER_EXT", at);
        it->i = *d->p++;
        return HL_TERM_OK;
    case HL_ETF_INTEGER:
        if (!have(d, 4)) return fail(d, HL_TERM_BADARG, "truncated INTEGER_EXT", at);
        it->i = (int32_t)hl_etf_get32(d->p);
        d->p += 4;
        return HL_TERM_OK;
    case HL_ETF_FLOAT:
        if (!have(d, 31)) return fail(d, HL_TERM_BADARG, "truncated FLOAT_EXT", at);
        if (!parse_float_text(d->p, &it->f))
            return fail(d, HL_TERM_BADARG, "FLOAT_EXT text is not a finite float", at);
        d->p += 31;
        return HL_TERM_OK;
    case HL_ETF_NEW_FLOAT:
        if (!have(d, 8)) return fail(d, HL_TERM_BADARG, "truncated NEW_FLOAT_EXT", at);
        it->f = be_double(d->p);
        if (!isfinite(it->f)) return fail(d, HL_TERM_BADARG, "NEW_FLOAT_EXT is not finite", at);
        d->p += 8;
        return HL_TERM_OK;
    case HL_ETF_ATOM:
    case HL_ETF_ATOM_UTF8:
    case HL_ETF_SMALL_ATOM:
    case HL_ETF_SMALL_ATOM_UTF8: {
        bool small = it->tag == HL_ETF_SMALL_ATOM || it->tag == HL_ETF_SMALL_ATOM_UTF8;
        if (!have(d, small ? 1 : 2)) return fail(d, HL_TERM_BADARG, "truncated atom", at);
        it->n = small ? *d->p : hl_etf_get16(d->p);
        d->p += small ? 1 : 2;
        if (!have(d, it->n)) return fail(d, HL_TERM_BADARG, "truncated atom name", at);
        it->data = d->p;
        size_t chars = (size_t)it->n;
        if ((it->tag == HL_ETF_ATOM_UTF8 || it->tag == HL_ETF_SMALL_ATOM_UTF8) &&
            !utf8_count(it->data, (size_t)it->n, &chars))
            return fail(d, HL_TERM_BADARG, "atom name is not valid UTF-8", at);
        if (chars > HL_ATOM_MAX_CHARS)
            return fail(d, HL_TERM_BADARG, "atom name longer than 255 characters", at);
        d->p += it->n;
        return HL_TERM_OK;
    }
    case HL_ETF_SMALL_TUPLE:
        if (!have(d, 1)) return fail(d, HL_TERM_BADARG, "truncated SMALL_TUPLE_EXT", at);
        it->n = *d->p++;
        return HL_TERM_OK;
    case HL_ETF_LARGE_TUPLE:
    case HL_ETF_LIST:
    case HL_ETF_MAP:
        if (!have(d, 4)) return fail(d, HL_TERM_BADARG, "truncated length", at);
        it->n = hl_etf_get32(d->p);
        d->p += 4;
        /* each pending element needs a byte: a truncated map is badarg
         * (as in OTP) before anything is allocated */
        if (!have(d, it->tag == HL_ETF_MAP ? 2 * it->n : it->n))
            return fail(d, HL_TERM_BADARG, "truncated: more elements declared than bytes left", at);
        return HL_TERM_OK;
    case HL_ETF_NIL:
        return HL_TERM_OK;
    case HL_ETF_STRING:
        if (!have(d, 2)) return fail(d, HL_TERM_BADARG, "truncated STRING_EXT", at);
        it->n = hl_etf_get16(d->p);
        d->p += 2;
        if (!have(d, it->n)) return fail(d, HL_TERM_BADARG, "truncated STRING_EXT bytes", at);
        it->data = d->p;
        d->p += it->n;
        return HL_TERM_OK;
    case HL_ETF_BINARY:
    case HL_ETF_BIT_BINARY:
        if (!have(d, it->tag == HL_ETF_BINARY ? 4 : 5))
            return fail(d, HL_TERM_BADARG, "truncated binary", at);
        it->n = hl_etf_get32(d->p);
        d->p += 4;
        it->bits = 8;
        if (it->tag == HL_ETF_BIT_BINARY) {
            it->bits = *d->p++;
            if (it->bits > 8 || (it->bits == 0) != (it->n == 0))
                return fail(d, HL_TERM_BADARG, "BIT_BINARY_EXT bit count out of range", at);
        }
        if (!have(d, it->n)) return fail(d, HL_TERM_BADARG, "truncated binary bytes", at);
        it->data = d->p;
        d->p += it->n;
        return HL_TERM_OK;
    case HL_ETF_SMALL_BIG:
    case HL_ETF_LARGE_BIG:
        lenbytes = it->tag == HL_ETF_SMALL_BIG ? 1 : 4;
        if (!have(d, lenbytes + 1)) return fail(d, HL_TERM_BADARG, "truncated bignum", at);
        it->n = lenbytes == 1 ? *d->p : hl_etf_get32(d->p);
        d->p += lenbytes;
        it->bits = *d->p++;
        if (!have(d, it->n)) return fail(d, HL_TERM_BADARG, "truncated bignum digits", at);
        it->data = d->p;
        d->p += it->n;
        {
            uint64_t m = it->n;
            while (m && it->data[m - 1] == 0) m--;
            if (m > HL_BIG_MAX_BITS / 8)
                return fail(d, HL_TERM_SYSTEM_LIMIT, "integer above the bignum size limit", at);
            it->n = m; /* significant bytes only */
        }
        return HL_TERM_OK;
    case HL_ETF_NEW_FUN:
    case HL_ETF_EXPORT:
    case HL_ETF_FUN:
        return fail(d, HL_TERM_BADARG, "funs cannot be decoded (they never cross the boundary)", at);
    case HL_ETF_PID:
    case HL_ETF_NEW_PID:
        return fail(d, HL_TERM_BADARG, "pids cannot be decoded (they never cross the boundary)", at);
    case HL_ETF_PORT:
    case HL_ETF_NEW_PORT:
    case HL_ETF_V4_PORT:
        return fail(d, HL_TERM_BADARG, "ports cannot be decoded (they never cross the boundary)", at);
    case HL_ETF_REFERENCE:
    case HL_ETF_NEW_REFERENCE:
    case HL_ETF_NEWER_REFERENCE:
        return fail(d, HL_TERM_BADARG,
                    "references cannot be decoded (they never cross the boundary)", at);
    case HL_ETF_COMPRESSED:
        return fail(d, HL_TERM_BADARG, "compressed term nested inside a term", at);
    case HL_ETF_ATOM_CACHE_REF:
    case HL_ETF_DIST_HEADER:
    case HL_ETF_LOCAL:
        return fail(d, HL_TERM_BADARG, "distribution-only tag", at);
    default:
        return fail(d, HL_TERM_BADARG, "unknown tag", at);
    }
}

static uint64_t bin_words(uint64_t n) {
    uint64_t w = (n + 7) / 8;
    /* heap binary: header + size + bytes; refc: 4 words + the bytes off-heap */
    return n <= HL_HEAP_BIN_MAX ? 2 + w : HL_REFC_BIN_WORDS + w;
}

/* Pass 1: validate and size, iteratively, with a pending-term counter. */
static hl_term_status scan(dec *d, uint64_t *words_out) {
    uint64_t pending = 1, words = 0;
    char name[2 * HL_ATOM_MAX_BYTES];
    while (pending) {
        pending--;
        item it;
        const uint8_t *at = d->p;
        hl_term_status st = read_item(d, &it);
        if (st != HL_TERM_OK) return st;
        switch (it.tag) {
        case HL_ETF_FLOAT:
        case HL_ETF_NEW_FLOAT: words += HL_FLOAT_WORDS; break;
        case HL_ETF_SMALL_TUPLE:
        case HL_ETF_LARGE_TUPLE:
            pending += it.n;
            words += 1 + it.n;
            break;
        case HL_ETF_STRING: words += 2 * it.n; break;
        case HL_ETF_LIST:
            pending += it.n + 1;
            words += 2 * it.n;
            break;
        case HL_ETF_MAP:
            pending += 2 * it.n;
            words += 3 + 2 * it.n;
            /* above 32 keys the pairs are rebuilt as a HAMT: leaves and
             * nodes (typical fan-out; allocation stays bounded by the heap) */
            if (it.n > HL_FLATMAP_MAX) words += 5 * it.n;
            break;
        case HL_ETF_BINARY: words += bin_words(it.n); break;
        case HL_ETF_BIT_BINARY:
            words += bin_words(it.n) + (it.bits != 8 && it.n ? HL_SUB_BIN_WORDS : 0);
            break;
        case HL_ETF_SMALL_BIG:
        case HL_ETF_LARGE_BIG: words += 1 + (it.n + 7) / 8; break;
        case HL_ETF_ATOM:
        case HL_ETF_ATOM_UTF8:
        case HL_ETF_SMALL_ATOM:
        case HL_ETF_SMALL_ATOM_UTF8:
            if (d->name_fn) {
                size_t len = atom_utf8(&it, name);
                st = d->name_fn(d->name_ctx, name, len);
                if (st != HL_TERM_OK) return fail(d, st, "atom refused by the caller", at);
            }
            break;
        default: break;
        }
        if (pending > (uint64_t)(d->end - d->p))
            return fail(d, HL_TERM_BADARG, "truncated: more elements declared than bytes left", at);
        if (words > d->max_words)
            return fail(d, HL_TERM_SYSTEM_LIMIT, "decoded term exceeds the size budget", at);
    }
    *words_out = words;
    return HL_TERM_OK;
}

enum { F_TUPLE, F_LIST, F_MAP };
typedef struct frame {
    hl_term *obj;
    size_t i, total;
    unsigned kind;
    hl_term *dest; /* F_MAP: where the map term was stored */
} frame;

static hl_term *frame_slot(frame *f) {
    size_t i = f->i;
    switch (f->kind) {
    case F_TUPLE: return f->obj + 1 + i;
    case F_LIST: return i + 1 < f->total ? f->obj + 2 * i : f->obj + 2 * (f->total - 2) + 1;
    default:
        if (i % 2 == 0) return hl_boxed_ptr(f->obj[1]) + 1 + i / 2;
        return f->obj + 2 + i / 2;
    }
}

/* Sorts a decoded map's pairs into map-key order; duplicate keys are badarg. */
static hl_term_status finish_map(dec *d, frame *f, const uint8_t *at) {
    size_t n = f->total / 2;
    hl_term *keys = hl_boxed_ptr(f->obj[1]) + 1, *vals = f->obj + 2;
    hl_term k2[HL_FLATMAP_MAX], v2[HL_FLATMAP_MAX];
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        size_t lo = 0, hi = m;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            int c;
            hl_term_status st = hl_term_compare(keys[i], k2[mid], true, NULL, &c);
            if (st != HL_TERM_OK) return fail(d, st, "map key comparison failed", at);
            if (c == 0) return fail(d, HL_TERM_BADARG, "duplicate map key", at);
            if (c < 0) hi = mid;
            else lo = mid + 1;
        }
        memmove(k2 + lo + 1, k2 + lo, (m - lo) * sizeof *k2);
        memmove(v2 + lo + 1, v2 + lo, (m - lo) * sizeof *v2);
        k2[lo] = keys[i];
        v2[lo] = vals[i];
        m++;
    }
    memcpy(keys, k2, n * sizeof *keys);
    memcpy(vals, v2, n * sizeof *vals);
    return HL_TERM_OK;
}

/* A decoded map above 32 keys: the pairs were gathered in a scratch tuple
 * and become a HAMT stored in the parent's slot; duplicates are badarg. */
static hl_term_status finish_hamt(dec *d, hl_heap *h, frame *f, const uint8_t *at) {
    size_t n = f->total / 2;
    hl_term *keys = hl_boxed_ptr(f->obj[1]) + 1, *vals = f->obj + 2, m;
    hl_term_status st = hl_map_new(h, keys, vals, n, &m);
    if (st != HL_TERM_OK) return fail(d, st, "cannot build map", at);
    if (hl_map_size(m) != n) return fail(d, HL_TERM_BADARG, "duplicate map key", at);
    *f->dest = m;
    return HL_TERM_OK;
}

static hl_term_status resolve_atom(dec *d, const hl_etf_decode_opts *o, const item *it,
                                   const uint8_t *at, hl_term *out) {
    char name[2 * HL_ATOM_MAX_BYTES];
    size_t len = atom_utf8(it, name);
    hl_term_status st = o->atom_fn ? o->atom_fn(o->atom_ctx, name, len, out)
                                   : hl_atom_pool_lookup(o->pool, name, len, out);
    if (st != HL_TERM_OK || !hl_is_atom(*out))
        return fail(d, st == HL_TERM_OK ? HL_TERM_BADARG : st,
                    "unknown atom (not static and not in the program's pool)", at);
    return HL_TERM_OK;
}

static hl_term_status make_big(hl_heap *h, const item *it, hl_term *out) {
    size_t nl = (size_t)(it->n + 7) / 8;
    mp_limb_t one[1], *limbs = nl > 1 ? hl_mem_alloc(nl * sizeof *limbs) : one; /* up to 4 MiB */
    if (!limbs) return HL_TERM_NOMEM;
    memset(limbs, 0, nl * sizeof *limbs);
    for (size_t k = 0; k < it->n; k++) limbs[k / 8] |= (mp_limb_t)it->data[k] << (8 * (k % 8));
    hl_term_status st = hl_int_make_mag(h, limbs, nl, it->bits != 0, out);
    if (limbs != one) hl_mem_free(limbs);
    return st;
}

static hl_term_status make_bits(hl_heap *h, const item *it, hl_term *out) {
    hl_term bin;
    hl_term_status st = hl_make_binary(h, it->data, (size_t)it->n, &bin);
    if (st != HL_TERM_OK || it->bits == 8 || it->n == 0) {
        *out = bin;
        return st;
    }
    /* Fresh and unshared: clear the unused low bits of the last byte (OTP
     * ignores them), then slice. */
    const unsigned char *bytes;
    uint64_t off, size;
    hl_bitstring_view(bin, &bytes, &off, &size);
    ((unsigned char *)(uintptr_t)bytes)[it->n - 1] &= (unsigned char)(0xFF00u >> it->bits);
    hl_term *p;
    st = hl_heap_alloc(h, HL_SUB_BIN_WORDS, &p);
    if (st != HL_TERM_OK) return st;
    p[0] = hl_make_header(HL_SUB_SUB_BIN, HL_SUB_BIN_WORDS - 1);
    p[1] = bin;
    p[2] = 0;
    p[3] = (it->n - 1) * 8 + it->bits;
    *out = hl_make_boxed(p);
    return HL_TERM_OK;
}

static hl_term_status alloc_init(hl_heap *h, size_t words, hl_term **p) {
    hl_term_status st = hl_heap_alloc(h, words, p);
    if (st != HL_TERM_OK) return st;
    for (size_t k = 0; k < words; k++) (*p)[k] = HL_NIL;
    return HL_TERM_OK;
}

/* Pass 2: build; the input is known valid and the size fits. */
static hl_term_status build(dec *d, const hl_etf_decode_opts *o, hl_heap *h, hl_term *out) {
    frame inline_stack[32], *stack = inline_stack;
    size_t sp = 0, cap = 32;
    hl_term result = HL_NIL, *slot = &result;
    hl_term_status st = HL_TERM_OK;
    for (;;) {
        item it;
        const uint8_t *at = d->p;
        st = read_item(d, &it);
        if (st != HL_TERM_OK) goto out;
        hl_term t = HL_NIL, *p = NULL;
        frame nf = {NULL, 0, 0, F_TUPLE, NULL};
        switch (it.tag) {
        case HL_ETF_SMALL_INTEGER:
        case HL_ETF_INTEGER: t = hl_make_small(it.i); break;
        case HL_ETF_FLOAT:
        case HL_ETF_NEW_FLOAT: st = hl_make_float(h, it.f, &t); break;
        case HL_ETF_ATOM:
        case HL_ETF_ATOM_UTF8:
        case HL_ETF_SMALL_ATOM:
        case HL_ETF_SMALL_ATOM_UTF8: st = resolve_atom(d, o, &it, at, &t); break;
        case HL_ETF_SMALL_TUPLE:
        case HL_ETF_LARGE_TUPLE:
            st = alloc_init(h, 1 + (size_t)it.n, &p);
            if (st != HL_TERM_OK) break;
            p[0] = hl_make_header(HL_SUB_TUPLE, it.n);
            t = hl_make_boxed(p);
            nf = (frame){p, 0, (size_t)it.n, F_TUPLE, NULL};
            break;
        case HL_ETF_NIL: break;
        case HL_ETF_STRING:
            if (it.n == 0) break;
            st = hl_heap_alloc(h, 2 * (size_t)it.n, &p);
            if (st != HL_TERM_OK) break;
            for (size_t k = 0; k < it.n; k++) {
                p[2 * k] = hl_make_small(it.data[k]);
                p[2 * k + 1] = k + 1 < it.n ? hl_make_cons(p + 2 * k + 2) : HL_NIL;
            }
            t = hl_make_cons(p);
            break;
        case HL_ETF_LIST:
            if (it.n == 0) continue; /* LIST_EXT of no elements is its tail */
            st = alloc_init(h, 2 * (size_t)it.n, &p);
            if (st != HL_TERM_OK) break;
            for (size_t k = 0; k + 1 < it.n; k++) p[2 * k + 1] = hl_make_cons(p + 2 * k + 2);
            t = hl_make_cons(p);
            nf = (frame){p, 0, (size_t)it.n + 1, F_LIST, NULL};
            break;
        case HL_ETF_MAP: {
            size_t n = (size_t)it.n;
            st = alloc_init(h, (1 + n) + (2 + n), &p);
            if (st != HL_TERM_OK) break;
            hl_term *kt = p, *mp = p + 1 + n;
            kt[0] = hl_make_header(HL_SUB_TUPLE, n);
            /* above 32 keys a scratch tuple (keys tuple, values) that
             * finish_hamt turns into a HAMT */
            mp[0] = hl_make_header(n > HL_FLATMAP_MAX ? HL_SUB_TUPLE : HL_SUB_FLATMAP, 1 + n);
            mp[1] = hl_make_boxed(kt);
            t = hl_make_boxed(mp);
            nf = (frame){mp, 0, 2 * n, F_MAP, slot};
            break;
        }
        case HL_ETF_BINARY:
        case HL_ETF_BIT_BINARY: st = make_bits(h, &it, &t); break;
        case HL_ETF_SMALL_BIG:
        case HL_ETF_LARGE_BIG: st = make_big(h, &it, &t); break;
        default: st = fail(d, HL_TERM_BADARG, "unknown tag", at); break;
        }
        if (st != HL_TERM_OK) goto out;
        *slot = t;
        if (nf.total) {
            if (sp == d->max_depth) {
                st = fail(d, HL_TERM_SYSTEM_LIMIT, "term nested too deeply", at);
                goto out;
            }
            if (sp == cap) {
                size_t ncap = cap * 2;
                frame *ns = hl_mem_realloc_array(stack == inline_stack ? NULL : stack, ncap,
                                                 sizeof *ns);
                if (!ns) {
                    st = fail(d, HL_TERM_NOMEM, "out of memory", at);
                    goto out;
                }
                if (stack == inline_stack) memcpy(ns, inline_stack, sizeof inline_stack);
                stack = ns;
                cap = ncap;
            }
            stack[sp++] = nf;
        }
        /* The next slot to fill; completed maps are sorted on the way. */
        for (;;) {
            if (sp == 0) goto done;
            frame *f = &stack[sp - 1];
            if (f->i < f->total) {
                slot = frame_slot(f);
                f->i++;
                if (f->i == f->total && f->kind != F_MAP) sp--;
                break;
            }
            st = f->total / 2 > HL_FLATMAP_MAX ? finish_hamt(d, h, f, d->p) : finish_map(d, f, d->p);
            if (st != HL_TERM_OK) goto out;
            sp--;
        }
    }
done:
    *out = result;
out:
    if (stack != inline_stack) hl_mem_free(stack);
    if (st != HL_TERM_OK && !d->why) fail(d, st, st == HL_TERM_NOMEM ? "out of memory"
                                                 : st == HL_TERM_HEAP_LIMIT ? "heap limit"
                                                                            : "cannot build term",
                                          d->p);
    return st;
}

/* Finds the term body: after the version byte, or the inflated body of a
 * compressed term (*owned then holds it). */
static hl_term_status open_body(dec *d, const uint8_t *buf, size_t len,
                                const hl_etf_decode_opts *o, uint8_t **owned, size_t *prefix) {
    *owned = NULL;
    d->base = d->p = buf;
    d->end = buf + len;
    d->base_off = 0;
    if (len < 1 || buf[0] != HL_ETF_VERSION)
        return fail(d, HL_TERM_BADARG, "not an external term (version byte 131 missing)", buf);
    if (len >= 2 && buf[1] == HL_ETF_COMPRESSED) {
        if (len < 6) return fail(d, HL_TERM_BADARG, "truncated compressed header", buf + 1);
        uint32_t usize = hl_etf_get32(buf + 2);
        size_t cap = o->max_uncompressed ? o->max_uncompressed : HL_ETF_DEFAULT_MAX_UNCOMPRESSED;
        if (usize > cap)
            return fail(d, HL_TERM_SYSTEM_LIMIT, "compressed term declares a size over the limit",
                        buf + 2);
        if (usize == 0) return fail(d, HL_TERM_BADARG, "compressed term of size 0", buf + 2);
        uint8_t *body = hl_mem_alloc(usize);
        if (!body) return fail(d, HL_TERM_NOMEM, "out of memory", buf + 2);
        z_stream zs;
        memset(&zs, 0, sizeof zs);
        zs.zalloc = hl_etf_zalloc;
        zs.zfree = hl_etf_zfree;
        if (inflateInit(&zs) != Z_OK) {
            hl_mem_free(body);
            return fail(d, HL_TERM_NOMEM, "out of memory (zlib)", buf + 2);
        }
        zs.next_in = (Bytef *)(uintptr_t)(buf + 6);
        zs.avail_in = len - 6 > UINT32_MAX ? UINT32_MAX : (uInt)(len - 6);
        zs.next_out = body;
        zs.avail_out = usize;
        int r = inflate(&zs, Z_FINISH);
        size_t in_used = zs.total_in;
        uint64_t out_got = zs.total_out;
        inflateEnd(&zs);
        const char *why = NULL;
        hl_term_status st = HL_TERM_BADARG;
        if (r == Z_MEM_ERROR) {
            why = "out of memory (zlib)";
            st = HL_TERM_NOMEM;
        } else if (r == Z_STREAM_END) {
            if (out_got != usize) why = "compressed body smaller than its declared size";
        } else if (zs.avail_out == 0 && r != Z_DATA_ERROR)
            why = "compressed body larger than its declared size";
        else if (r == Z_DATA_ERROR || r == Z_NEED_DICT)
            why = "corrupt compressed body";
        else
            why = "truncated compressed body";
        if (why) {
            hl_mem_free(body);
            return fail(d, st, why, buf + 6);
        }
        *owned = body;
        *prefix = 6 + in_used;
        d->base = d->p = body;
        d->end = body + usize;
        d->base_off = 0; /* offsets now count in the inflated body */
        return HL_TERM_OK;
    }
    d->p = buf + 1;
    *prefix = 0;
    return HL_TERM_OK;
}

static void setup(dec *d, const hl_etf_decode_opts *o) {
    memset(d, 0, sizeof *d);
    d->max_words = o->max_words ? o->max_words : HL_ETF_DEFAULT_MAX_WORDS;
    d->max_depth = o->max_depth ? o->max_depth : HL_ETF_DEFAULT_MAX_DEPTH;
}

static void report(const dec *d, hl_etf_error *err) {
    if (!err) return;
    err->reason = d->why ? d->why : "";
    err->offset = d->err_off;
}

hl_term_status hl_etf_decode(hl_heap *h, const uint8_t *buf, size_t len,
                             const hl_etf_decode_opts *opts, hl_term *out, size_t *used,
                             hl_etf_error *err) {
    static const hl_etf_decode_opts defaults = {0};
    const hl_etf_decode_opts *o = opts ? opts : &defaults;
    dec d;
    setup(&d, o);
    uint8_t *owned;
    size_t prefix;
    hl_term_status st = open_body(&d, buf, len, o, &owned, &prefix);
    if (st == HL_TERM_OK) {
        const uint8_t *start = d.p;
        uint64_t words = 0;
        st = scan(&d, &words);
        if (st == HL_TERM_OK && !hl_heap_fits(h, words, 0))
            st = fail(&d, HL_TERM_HEAP_LIMIT, "decoded term does not fit the heap limit", start);
        if (st == HL_TERM_OK) {
            const uint8_t *stop = d.p;
            d.p = start;
            st = build(&d, o, h, out);
            if (st == HL_TERM_OK && used) *used = owned ? prefix : (size_t)(stop - buf);
        }
    }
    hl_mem_free(owned);
    if (st != HL_TERM_OK) report(&d, err);
    return st;
}

hl_term_status hl_etf_scan_atoms(const uint8_t *buf, size_t len, const hl_etf_decode_opts *opts,
                                 hl_etf_name_fn fn, void *ctx, hl_etf_error *err) {
    static const hl_etf_decode_opts defaults = {0};
    const hl_etf_decode_opts *o = opts ? opts : &defaults;
    dec d;
    setup(&d, o);
    d.name_fn = fn;
    d.name_ctx = ctx;
    uint8_t *owned;
    size_t prefix;
    hl_term_status st = open_body(&d, buf, len, o, &owned, &prefix);
    uint64_t words;
    if (st == HL_TERM_OK) st = scan(&d, &words);
    hl_mem_free(owned);
    if (st != HL_TERM_OK) report(&d, err);
    return st;
}
