/* fuzz_reader.c — libFuzzer target over hl_read_term (term literals as
 * `hl run` arguments and the API take them), with small limits. Atoms go
 * the host path (names collected with hl_read_scan_atoms, pooled, then
 * read with the pool). A failure must carry a message; whatever reads must
 * survive an ETF round trip to an equal term; the global atom count must be
 * unchanged once the pool is released. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "term/atom.h"
#include "term/compare.h"
#include "term/etf.h"
#include "term/heap.h"
#include "host/reader.h"

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static names nm;
    size_t before = hl_atom_table_count(fz_atoms());
    nm.n = nm.used = 0;
    hl_reader_opts o = {.max_depth = 2000, .max_bytes = 1 << 16};
    hl_reader_error err;
    const char *text = (const char *)data;
    hl_atom_pool *pool = NULL;
    if (hl_read_scan_atoms(text, size, &o, collect, &nm, &err) == HL_TERM_OK && nm.n) {
        hl_term atoms[256];
        if (hl_atom_pool_new(fz_atoms(), nm.s, nm.len, nm.n, atoms, &pool) != HL_TERM_OK) pool = NULL;
    }
    o.pool = pool;
    hl_heap h;
    if (hl_heap_init(&h, 0, 64u << 20) != HL_TERM_OK) abort();
    hl_term t;
    hl_term_status st = hl_read_term(&h, text, size, &o, &t, &err);
    if (st != HL_TERM_OK && !err.message[0]) abort();
    if (st == HL_TERM_OK) {
        hl_buf out;
        hl_buf_init(&out, 16u << 20);
        if (hl_etf_encode(t, NULL, &out, NULL) == HL_TERM_OK) {
            hl_term back;
            hl_etf_decode_opts eo = {.pool = pool, .max_words = 1u << 23};
            if (hl_etf_decode(&h, (const uint8_t *)out.data, out.len, &eo, &back, NULL, NULL) ==
                HL_TERM_OK) {
                int c;
                if (hl_term_compare(t, back, true, NULL, &c) != HL_TERM_OK || c != 0) abort();
            }
        }
        hl_buf_free(&out);
    }
    hl_heap_free(&h);
    hl_atom_pool_free(pool);
    if (hl_atom_table_count(fz_atoms()) != before) abort();
    return 0;
}
