/* fuzz_etf.c — libFuzzer target over hl_etf_decode (binary_to_term of
 * hostile bytes), with small budgets. Atoms go the host path: the names
 * are collected with hl_etf_scan_atoms, pooled, then the input is decoded
 * with that pool. Whatever decodes must re-encode (plain and compressed),
 * decode again to an equal term (=:=) and re-encode to the same bytes; the
 * global atom count must be unchanged after the pool is released. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "term/atom.h"
#include "term/compare.h"
#include "term/etf.h"
#include "term/heap.h"

/* The table this fuzzer interns into, for the whole run (as an engine's). */
static hl_atom_table *fz_atoms(void) {
    static hl_atom_table *t;
    if (!t && !(t = hl_atom_table_new(HL_ATOM_TABLE_MAX))) abort();
    return t;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct names {
    char buf[1 << 16];
    size_t used;
    const char *s[256];
    size_t len[256];
    size_t n;
} names;

static hl_term_status collect(void *ctx, const char *name, size_t len) {
    names *nm = ctx;
    if (nm->n == 256 || nm->used + len > sizeof nm->buf) return HL_TERM_SYSTEM_LIMIT;
    memcpy(nm->buf + nm->used, name, len);
    nm->s[nm->n] = nm->buf + nm->used;
    nm->len[nm->n++] = len;
    nm->used += len;
    return HL_TERM_OK;
}

static hl_term_status roundtrip(hl_heap *h, hl_term t, const hl_etf_decode_opts *o, int level,
                                hl_buf *out) {
    hl_etf_encode_opts eo = {.compress = level};
    hl_term_status st = hl_etf_encode(t, &eo, out, NULL);
    if (st != HL_TERM_OK) return st;
    hl_term back;
    size_t used = 0;
    st = hl_etf_decode(h, (const uint8_t *)out->data, out->len, o, &back, &used, NULL);
    if (st == HL_TERM_HEAP_LIMIT || st == HL_TERM_SYSTEM_LIMIT) return st;
    if (st != HL_TERM_OK || used != out->len) abort();
    int c;
    if (hl_term_compare(t, back, true, NULL, &c) != HL_TERM_OK || c != 0) abort();
    hl_buf again;
    hl_buf_init(&again, 0);
    if (hl_etf_encode(back, &eo, &again, NULL) != HL_TERM_OK) abort();
    if (again.len != out->len || memcmp(again.data, out->data, out->len) != 0) abort();
    hl_buf_free(&again);
    return HL_TERM_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static names nm;
    size_t before = hl_atom_table_count(fz_atoms());
    nm.n = nm.used = 0;
    hl_etf_decode_opts o = {.max_words = 1u << 16, .max_uncompressed = 1u << 20, .max_depth = 4096};
    hl_etf_error err = {0};
    hl_term_status st = hl_etf_scan_atoms(data, size, &o, collect, &nm, &err);
    hl_atom_pool *pool = NULL;
    if (st == HL_TERM_OK && nm.n) {
        hl_term atoms[256];
        if (hl_atom_pool_new(fz_atoms(), nm.s, nm.len, nm.n, atoms, &pool) != HL_TERM_OK) pool = NULL;
    }
    o.pool = pool;
    hl_heap h;
    if (hl_heap_init(&h, 0, 8u << 20) != HL_TERM_OK) abort();
    hl_term t;
    size_t used = 0;
    st = hl_etf_decode(&h, data, size, &o, &t, &used, &err);
    if (st != HL_TERM_OK && (!err.reason || !err.reason[0])) abort();
    if (st == HL_TERM_OK) {
        if (used == 0 || used > size) abort();
        hl_buf out;
        hl_buf_init(&out, 1u << 20);
        roundtrip(&h, t, &o, 0, &out);
        hl_buf_reset(&out);
        roundtrip(&h, t, &o, 6, &out);
        hl_buf_free(&out);
    }
    hl_heap_free(&h);
    hl_atom_pool_free(pool);
    if (hl_atom_table_count(fz_atoms()) != before) abort();
    return 0;
}
