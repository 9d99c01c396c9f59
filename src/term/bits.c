/* bits.c — bit copies, the bitstring builder and non-copying slices (see
 * bits.h). */
#include "term/bits.h"

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

hl_term_status hl_bin_build_begin(hl_heap *h, uint64_t bits, hl_bin_builder *b) {
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
    if (hl_heap_bytes(h) + bytes + (HL_REFC_BIN_WORDS + sub) * sizeof(hl_term) > h->limit_bytes)
        return HL_TERM_HEAP_LIMIT;
    hl_binary *bin = hl_binary_new(bytes);
    if (!bin) return HL_TERM_NOMEM;
    memset(bin->data, 0, bytes);
    hl_term_status st = hl_heap_make_refc_bin(h, bin, &b->bin);
    hl_binary_decref(bin); /* the REFC_BIN holds it now (or nothing does) */
    if (st != HL_TERM_OK) return st;
    hl_term *sp = NULL;
    /* A failure here leaves a well-formed, unreferenced REFC_BIN: garbage. */
    if (sub && (st = hl_heap_alloc(h, sub, &sp)) != HL_TERM_OK) return st;
    b->data = bin->data;
    b->sub = sp;
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
