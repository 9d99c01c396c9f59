/* bif_unicode.c — the C cores of lib/string.erl and lib/unicode.erl
 * (core/builtins.def, guest 0: only the stdlib calls them):
 *   erlang:hl_uc_class(CP)         grapheme class of a code point (below)
 *   erlang:hl_uc_case(Kind, CP)    upper/lower/title/fold mapping of CP:
 *                                  a code point or a list of them
 *   erlang:hl_uc_ccc(CP)           canonical combining class
 *   erlang:hl_uc_decomp(Compat, CP) full canonical (0) or compatibility
 *                                  (1) decomposition: CP or a list
 *   erlang:hl_uc_compose(A, B)     the canonical composite of A and B, or
 *                                  false (Hangul syllables by algorithm)
 *   erlang:hl_bin_find(Bin, Pat, Start)
 *                                  first byte offset >= Start where the
 *                                  binary Pat occurs in Bin: Pos, false
 *                                  (none), or [Next] when the chunk ended
 *                                  first (call again from Next).
 * The Unicode data is generated from erl itself (vm/unicode_tables.h,
 * tests/oracle/unicode_tables.escript), so it is OTP 25's Unicode 14.
 *
 * Bounded per call: lookups are O(log n) in fixed tables; hl_bin_find
 * tries at most BIN_FIND_CHUNK start offsets per call (the Erlang caller
 * loops on [Next], so a search over a huge binary stays preemptible) and
 * charges reductions per byte examined. */
#include <string.h>

#include "term/bits.h"
#include "vm/bif_registry.h"
#include "term/heap.h"
#include "vm/unicode_tables.h"
#include "vm/vm_internal.h"
#include "vm/vm_std.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)

enum {
    BIN_FIND_CHUNK = 1 << 16, /* start offsets one hl_bin_find call may try */
    BIN_FIND_WORK = 1 << 20,  /* ... and bytes it may compare (long needles) */
    BYTES_COST_SHIFT = 6,     /* one reduction per 64 bytes examined */
};

static unsigned range_lookup(const uint32_t (*t)[3], size_t n, uint32_t cp);

static bool code_point(hl_term t, uint32_t *cp) {
    if (!hl_is_small(t)) return false;
    int64_t v = hl_small_val(t);
    if (v < 0 || v > 0x10FFFF) return false;
    *cp = (uint32_t)v;
    return true;
}

BIF(b_uc_class) {
    (void)p;
    uint32_t cp;
    if (!code_point(a[0], &cp)) return HL_TERM_BADARG;
    *out = hl_make_small(range_lookup(hl_uc_gcb_ranges, sizeof hl_uc_gcb_ranges / sizeof hl_uc_gcb_ranges[0], cp));
    return HL_TERM_OK;
}

BIF(b_uc_case) {
    uint32_t cp;
    if (!hl_is_small(a[0]) || hl_small_val(a[0]) < 0 || hl_small_val(a[0]) > 3 || !code_point(a[1], &cp))
        return HL_TERM_BADARG;
    size_t kind = (size_t)hl_small_val(a[0]) + 1;
    size_t lo = 0, hi = sizeof hl_uc_case_table / sizeof hl_uc_case_table[0];
    uint32_t m = cp;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < hl_uc_case_table[mid][0]) hi = mid;
        else if (cp > hl_uc_case_table[mid][0]) lo = mid + 1;
        else {
            m = hl_uc_case_table[mid][kind];
            break;
        }
    }
    if (m < 0x110000) {
        *out = hl_make_small(m);
        return HL_TERM_OK;
    }
    size_t len = (m >> 24) & 0x7F, off = m & 0xFFFFFF;
    if (len == 0 || off + len > sizeof hl_uc_case_pool / sizeof hl_uc_case_pool[0]) return HL_TERM_BADARG;
    hl_term *c;
    hl_term_status st = hl_heap_alloc(H, 2 * len, &c);
    if (st != HL_TERM_OK) return st;
    for (size_t i = 0; i < len; i++)
        c[2 * i] = hl_make_small(hl_uc_case_pool[off + i]),
        c[2 * i + 1] = i + 1 < len ? hl_make_cons(c + 2 * (i + 1)) : HL_NIL;
    *out = hl_make_cons(c);
    return HL_TERM_OK;
}

static unsigned range_lookup(const uint32_t (*t)[3], size_t n, uint32_t cp) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < t[mid][0]) hi = mid;
        else if (cp > t[mid][1]) lo = mid + 1;
        else return t[mid][2];
    }
    return 0;
}

BIF(b_uc_ccc) {
    (void)p;
    uint32_t cp;
    if (!code_point(a[0], &cp)) return HL_TERM_BADARG;
    *out = hl_make_small(range_lookup(hl_uc_ccc_ranges, sizeof hl_uc_ccc_ranges / sizeof hl_uc_ccc_ranges[0], cp));
    return HL_TERM_OK;
}

/* Hangul syllables (Unicode 3.12): S = SBase + (L * VCount + V) * TCount + T. */
enum { H_SBASE = 0xAC00, H_LBASE = 0x1100, H_VBASE = 0x1161, H_TBASE = 0x11A7,
       H_LCOUNT = 19, H_VCOUNT = 21, H_TCOUNT = 28, H_NCOUNT = H_VCOUNT * H_TCOUNT,
       H_SCOUNT = H_LCOUNT * H_NCOUNT };

static hl_term_status make_list(hl_vm_proc *p, const uint32_t *v, size_t len, hl_term *out) {
    hl_term *c;
    hl_term_status st = hl_heap_alloc(H, 2 * len, &c);
    if (st != HL_TERM_OK) return st;
    for (size_t i = 0; i < len; i++)
        c[2 * i] = hl_make_small(v[i]), c[2 * i + 1] = i + 1 < len ? hl_make_cons(c + 2 * (i + 1)) : HL_NIL;
    *out = hl_make_cons(c);
    return HL_TERM_OK;
}

BIF(b_uc_decomp) {
    uint32_t cp;
    if ((a[0] != hl_make_small(0) && a[0] != hl_make_small(1)) || !code_point(a[1], &cp)) return HL_TERM_BADARG;
    if (cp >= H_SBASE && cp < H_SBASE + H_SCOUNT) {
        uint32_t s = cp - H_SBASE, v[3] = {H_LBASE + s / H_NCOUNT, H_VBASE + (s % H_NCOUNT) / H_TCOUNT, H_TBASE + s % H_TCOUNT};
        return make_list(p, v, s % H_TCOUNT ? 3 : 2, out);
    }
    size_t lo = 0, hi = sizeof hl_uc_dec_table / sizeof hl_uc_dec_table[0];
    uint32_t m = 0;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < hl_uc_dec_table[mid][0]) hi = mid;
        else if (cp > hl_uc_dec_table[mid][0]) lo = mid + 1;
        else {
            m = hl_uc_dec_table[mid][1 + hl_small_val(a[0])];
            break;
        }
    }
    size_t len = m >> 24, off = m & 0xFFFFFF;
    if (len == 0 || off + len > sizeof hl_uc_dec_pool / sizeof hl_uc_dec_pool[0]) {
        *out = a[1];
        return HL_TERM_OK;
    }
    return make_list(p, hl_uc_dec_pool + off, len, out);
}

BIF(b_uc_compose) {
    (void)p;
    uint32_t x, y;
    if (!code_point(a[0], &x) || !code_point(a[1], &y)) return HL_TERM_BADARG;
    if (x >= H_LBASE && x < H_LBASE + H_LCOUNT && y >= H_VBASE && y < H_VBASE + H_VCOUNT) {
        *out = hl_make_small(H_SBASE + ((x - H_LBASE) * H_VCOUNT + (y - H_VBASE)) * H_TCOUNT);
        return HL_TERM_OK;
    }
    if (x >= H_SBASE && x < H_SBASE + H_SCOUNT && (x - H_SBASE) % H_TCOUNT == 0 && y > H_TBASE &&
        y < H_TBASE + H_TCOUNT) {
        *out = hl_make_small(x + (y - H_TBASE));
        return HL_TERM_OK;
    }
    size_t lo = 0, hi = sizeof hl_uc_comp_table / sizeof hl_uc_comp_table[0];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const uint32_t *e = hl_uc_comp_table[mid];
        if (x < e[0] || (x == e[0] && y < e[1])) hi = mid;
        else if (x > e[0] || y > e[1]) lo = mid + 1;
        else {
            *out = hl_make_small(e[2]);
            return HL_TERM_OK;
        }
    }
    *out = HL_AM(false);
    return HL_TERM_OK;
}

/* Byte i of a byte-aligned view or any bitstring. */
static inline unsigned byte_at(const unsigned char *b, uint64_t boff, uint64_t i) {
    return (boff & 7) ? hl_bits_get8(b, boff + 8 * i, 8) : b[(boff >> 3) + i];
}

BIF(b_bin_find) {
    if (!hl_is_binary_obj(a[0]) || !hl_is_binary_obj(a[1]) || !hl_is_small(a[2])) return HL_TERM_BADARG;
    uint64_t hbits, nbits, hoff, noff;
    const unsigned char *hb, *nb;
    hl_bitstring_view(a[0], &hb, &hoff, &hbits);
    hl_bitstring_view(a[1], &nb, &noff, &nbits);
    if (hbits % 8 || nbits % 8 || nbits == 0) return HL_TERM_BADARG;
    int64_t start = hl_small_val(a[2]);
    uint64_t hn = hbits / 8, nn = nbits / 8;
    if (start < 0 || (uint64_t)start > hn) return HL_TERM_BADARG;
    uint64_t s = (uint64_t)start;
    if (nn > hn - s) {
        *out = HL_AM(false);
        return HL_TERM_OK;
    }
    uint64_t last = hn - nn; /* last possible start */
    uint64_t tries = nn >= BIN_FIND_WORK / BIN_FIND_CHUNK ? BIN_FIND_WORK / nn : BIN_FIND_CHUNK;
    if (tries == 0) tries = 1;
    uint64_t stop = last - s >= tries ? s + tries - 1 : last;
    uint64_t found = UINT64_MAX;
    if (!(hoff & 7) && !(noff & 7)) {
        const unsigned char *h = hb + (hoff >> 3), *n = nb + (noff >> 3);
        uint64_t i = s;
        while (i <= stop) {
            const unsigned char *q = memchr(h + i, n[0], (size_t)(stop - i + 1));
            if (!q) break;
            i = (uint64_t)(q - h);
            if (nn == 1 || memcmp(h + i + 1, n + 1, (size_t)(nn - 1)) == 0) {
                found = i;
                break;
            }
            i++;
        }
    } else {
        for (uint64_t i = s; i <= stop && found == UINT64_MAX; i++) {
            uint64_t k = 0;
            while (k < nn && byte_at(hb, hoff, i + k) == byte_at(nb, noff, k)) k++;
            if (k == nn) found = i;
        }
    }
    /* each candidate may compare up to nn bytes: charge the worst case */
    uint64_t scanned = ((found == UINT64_MAX ? stop : found) - s + 1) * (nn < 64 ? 1 : nn / 64 + 1) + nn;
    p->bif_cost = (scanned >> BYTES_COST_SHIFT) + 1;
    if (found != UINT64_MAX) {
        *out = hl_make_small((int64_t)found);
        return HL_TERM_OK;
    }
    if (stop == last) {
        *out = HL_AM(false);
        return HL_TERM_OK;
    }
    hl_term *c;
    hl_term_status st = hl_heap_alloc(H, 2, &c);
    if (st != HL_TERM_OK) return st;
    *out = hl_cons_init(c, hl_make_small((int64_t)(stop + 1)), HL_NIL);
    return HL_TERM_OK;
}

const hl_vm_bif_reg hl_vm_bifs_unicode[] = {
    {HL_BI_HL_UC_CLASS, b_uc_class},
    {HL_BI_HL_UC_CASE, b_uc_case},
    {HL_BI_HL_BIN_FIND, b_bin_find},
    {HL_BI_HL_UC_CCC, b_uc_ccc},
    {HL_BI_HL_UC_DECOMP, b_uc_decomp},
    {HL_BI_HL_UC_COMPOSE, b_uc_compose},
};
const size_t hl_vm_bifs_unicode_count = sizeof hl_vm_bifs_unicode / sizeof hl_vm_bifs_unicode[0];


