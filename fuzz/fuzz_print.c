/* fuzz_print.c — libFuzzer target over the term printers: hostile ETF bytes
 * are decoded (atoms pooled per input, as fuzz_etf does) and the term is
 * printed with ~w, ~tw, ~p and ~tp under a small output limit, at a column
 * and line length taken from the input's size. Every print must succeed or
 * stop at the limit (SYSTEM_LIMIT, with the buffer marked failed), never
 * pass the limit, crash, leak or run away. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "term/atom.h"
#include "term/etf.h"
#include "term/heap.h"
#include "term/print.h"

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

static void check(hl_term_status st, const hl_buf *b, size_t limit) {
    if (st != HL_TERM_OK && st != HL_TERM_SYSTEM_LIMIT) abort();
    if (b->len > limit) abort();
    if (st == HL_TERM_SYSTEM_LIMIT && !b->failed) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static names nm;
    nm.n = nm.used = 0;
    hl_etf_decode_opts o = {.max_words = 1u << 16, .max_uncompressed = 1u << 20, .max_depth = 4096};
    hl_term_status st = hl_etf_scan_atoms(data, size, &o, collect, &nm, NULL);
    hl_atom_pool *pool = NULL;
    if (st == HL_TERM_OK && nm.n) {
        hl_term atoms[256];
        if (hl_atom_pool_new(fz_atoms(), nm.s, nm.len, nm.n, atoms, &pool) != HL_TERM_OK) pool = NULL;
    }
    o.pool = pool;
    hl_heap h;
    if (hl_heap_init(&h, 0, 8u << 20) != HL_TERM_OK) abort();
    hl_term t;
    if (hl_etf_decode(&h, data, size, &o, &t, NULL, NULL) == HL_TERM_OK) {
        const size_t limit = 256u << 10;
        int col = (int)(size % 50), ll = (int)(size % 7 == 0 ? 0 : 10 + size % 100);
        hl_print_opts po = {.printable_unicode = (size & 1) != 0};
        hl_buf b;
        for (int k = 0; k < 5; k++) {
            hl_buf_init(&b, limit);
            if (k < 2) st = hl_print_w(&b, t, k == 1, NULL);
            else if (k < 4) st = hl_print_p(&b, t, 1, 80, k == 3, &po);
            else st = hl_print_p(&b, t, col, ll, true, &po);
            check(st, &b, limit);
            hl_buf_free(&b);
        }
    }
    hl_heap_free(&h);
    hl_atom_pool_free(pool);
    return 0;
}
