/* bits.c — bit copies, the bitstring builder and non-copying slices (see
 * bits.h). */
#include "term/bits.h"

#include <stdatomic.h>
#include <string.h>

void hl_bits_copy(uint8_t *d, uint64_t doff, const uint8_t *s, uint64_t soff, uint64_t n) {
    if (n == 0) return;
    if (doff & 7) { /* align the destination first: then whole bytes */
        unsigned head = 8 - (unsigned)(doff & 7);
        if (head > n) head = (unsigned)n;
        hl_bits_put8(d, doff, hl_bits_get8(s, soff, head), head);
        doff += head, soff += head, n -= head;
        if (n == 0) return;
    }
    uint8_t *o = d + (doff >> 3);
    const uint8_t *p = s + (soff >> 3);
    uint64_t nb = n >> 3;
    unsigned sh = (unsigned)(soff & 7);
    if (sh == 0) {
        memcpy(o, p, (size_t)nb);
    } else {
        /* each destination byte from two source bytes; p[i + 1] holds bits
         * of the source range since sh > 0 */
        for (uint64_t i = 0; i < nb; i++) o[i] = (uint8_t)((p[i] << sh) | (p[i + 1] >> (8 - sh)));
    }
    unsigned r = (unsigned)(n & 7);
    if (r) hl_bits_put8(d, doff + 8 * nb, hl_bits_get8(s, soff + 8 * nb, r), r);
}

void hl_bits_fill_ones(uint8_t *d, uint64_t off, uint64_t n) {
    if (n == 0) return;
    if (off & 7) {
        unsigned head = 8 - (unsigned)(off & 7);
        if (head > n) head = (unsigned)n;
        hl_bits_put8(d, off, 0xFF, head);
        off += head, n -= head;
    }
    memset(d + (off >> 3), 0xFF, (size_t)(n >> 3));
    if (n & 7) hl_bits_put8(d, off + (n & ~UINT64_C(7)), 0xFF, (unsigned)(n & 7));
}

static hl_term_status build_begin(hl_heap *h, uint64_t bits, hl_bin_builder *b, bool growable) {
    if (bits > HL_BIN_MAX_BITS) return HL_TERM_SYSTEM_LIMIT;
    size_t bytes = (size_t)((bits + 7) / 8);
    size_t sub = bits % 8 ? HL_SUB_BIN_WORDS : 0;
    b->bits = bits;
    if (bytes <= HL_HEAP_BIN_MAX) {
        size_t words = hl_heap_bin_words(bytes);
        hl_term *p;
        hl_term_status st = hl_heap_alloc(h, words + sub, &p);
        if (st != HL_TERM_OK) return st;
        p[0] = hl_make_header(HL_SUB_HEAP_BIN, words - 1);
        p[1] = bytes;
        memset(p + 2, 0, (words - 2) * sizeof *p);
        b->data = (uint8_t *)(p + 2);
        b->bin = hl_make_boxed(p);
        b->sub = sub ? p + words : NULL;
        return HL_TERM_OK;
    }
    /* Refuse before touching the host allocator. */
    if (!hl_heap_fits(h, HL_REFC_BIN_WORDS + sub, bytes)) return HL_TERM_HEAP_LIMIT;
    size_t cap = bytes;
    if (growable && !sub) {
        /* spare room: half again, within the cap, when the limit allows it */
        uint64_t extra = bytes / 2;
        if (extra > HL_BIN_MAX_BYTES - bytes) extra = HL_BIN_MAX_BYTES - bytes;
        if (!hl_heap_fits(h, HL_REFC_BIN_WORDS, bytes + extra)) extra = 0;
        cap = bytes + (size_t)extra;
    }
    /* large: calloc's zero pages, touched only as they are filled */
    bool big = bytes >= ((size_t)1 << 17);
    hl_binary *bin = big ? hl_binary_new_zeroed(cap) : hl_binary_new(cap);
    if (!bin) return HL_TERM_NOMEM;
    if (!big) memset(bin->data, 0, bytes);
    atomic_store(&bin->used, bytes);
    hl_term_status st = hl_heap_make_refc_bin(h, bin, &b->bin);
    hl_binary_decref(bin); /* the REFC_BIN holds it now (or nothing does) */
    if (st != HL_TERM_OK) return st;
    hl_boxed_ptr(b->bin)[1] = bytes; /* the view: the spare room is not part of it */
    hl_term *sp = NULL;
    /* A failure here leaves a well-formed, unreferenced REFC_BIN: garbage. */
    if (sub && (st = hl_heap_alloc(h, sub, &sp)) != HL_TERM_OK) return st;
    b->data = bin->data;
    b->sub = sp;
    return HL_TERM_OK;
}

hl_term_status hl_bin_build_begin(hl_heap *h, uint64_t bits, hl_bin_builder *b) {
    return build_begin(h, bits, b, false);
}

hl_term_status hl_bin_build_begin_growable(hl_heap *h, uint64_t bits, hl_bin_builder *b) {
    return build_begin(h, bits, b, true);
}

hl_term_status hl_bin_append_begin(hl_heap *h, hl_term left, uint64_t add_bits, hl_bin_builder *b, bool *done) {
    *done = false;
    if (!hl_is_boxed_sub(left, HL_SUB_REFC_BIN) || add_bits % 8) return HL_TERM_OK;
    const hl_term *lp = hl_boxed_ptr(left);
    hl_binary *bin = (hl_binary *)(uintptr_t)lp[2];
    uint64_t have = lp[1], add = add_bits / 8;
    if (have != atomic_load(&bin->used) || bin->size - have < add) return HL_TERM_OK;
    hl_term *p;
    hl_term_status st = hl_heap_alloc(h, HL_REFC_BIN_WORDS, &p);
    if (st != HL_TERM_OK) return st;
    uint64_t expect = have;
    if (!atomic_compare_exchange_strong(&bin->used, &expect, have + add)) {
        /* another view claimed it first: leave a harmless object behind */
        p[0] = hl_make_header(HL_SUB_TUPLE, HL_REFC_BIN_WORDS - 1);
        for (size_t i = 1; i < HL_REFC_BIN_WORDS; i++) p[i] = HL_NIL;
        return HL_TERM_OK;
    }
    memset(bin->data + have, 0, (size_t)add); /* the spare room was never written */
    p[0] = hl_make_header(HL_SUB_REFC_BIN, HL_REFC_BIN_WORDS - 1);
    p[1] = have + add;
    p[2] = (hl_term)(uintptr_t)bin;
    hl_binary_incref(bin);
    hl_heap_link_refc(h, p);
    b->data = bin->data;
    b->bits = 8 * (have + add);
    b->bin = hl_make_boxed(p);
    b->sub = NULL;
    *done = true;
    return HL_TERM_OK;
}

hl_term hl_bin_build_finish(const hl_bin_builder *b) {
    if (!b->sub) return b->bin;
    return hl_sub_bin_init(b->sub, b->bin, 0, b->bits);
}

hl_term_status hl_bits_slice(hl_heap *h, hl_term t, uint64_t off, uint64_t bits, hl_term *out) {
    const hl_term *p = hl_boxed_ptr(t);
    uint64_t base = 0;
    hl_term orig = t;
    if (hl_header_subtag(p[0]) == HL_SUB_SUB_BIN) base = p[2], orig = p[1];
    if (off == 0 && bits == hl_bits_size(t)) {
        *out = t;
        return HL_TERM_OK;
    }
    hl_term *s;
    hl_term_status st = hl_heap_alloc(h, HL_SUB_BIN_WORDS, &s);
    if (st != HL_TERM_OK) return st;
    *out = hl_sub_bin_init(s, orig, base + off, bits);
    return HL_TERM_OK;
}
