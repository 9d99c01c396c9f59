/* test_term_etf.c — the External Term Format codec against OTP 25:
 * tests/data/etf/terms.txt (term_to_binary of 800 seeded terms, plain,
 * compressed and minor_version 2: decode, re-encode byte for byte, compare
 * the two decodings) and tests/data/etf/decode.txt (OTP's verdict on
 * hand-made malformed inputs); then hostile input: every truncation, huge
 * lengths, a million nested containers, zip bombs, refused tags, budgets,
 * allocation failures, and the atom policy (no global atom is ever made). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <zlib.h>

#include "base/mem.h"
#include "term/map.h"
#include "term/arith.h"
#include "term/atom.h"
#include "test_atoms.h"
#include "term/compare.h"
#include "term/etf.h"
#include "term/heap.h"

#define LIMIT (UINT64_C(1) << 31)

/* ---- helpers ---- */

static size_t unhex(const char *s, size_t n, uint8_t **out) {
    uint8_t *b = malloc(n / 2 + 1);
    assert_non_null(b);
    for (size_t i = 0; i + 1 < n + 1 && i < n; i += 2) {
        unsigned v;
        assert_int_equal(sscanf(s + i, "%2x", &v), 1);
        b[i / 2] = (uint8_t)v;
    }
    *out = b;
    return n / 2;
}

static char *read_file(const char *rel, size_t *len) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", HL_SOURCE_DIR, rel);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    assert_non_null(s);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = 0;
    fclose(f);
    *len = (size_t)n;
    return s;
}

/* Splits a line into tab-separated fields (in place). */
static size_t fields(char *line, char **f, size_t max) {
    size_t n = 0;
    f[n++] = line;
    for (char *p = line; *p && n < max; p++)
        if (*p == '\t') {
            *p = 0;
            f[n++] = p + 1;
        }
    return n;
}

/* The host path for atoms: collect the names, make a pool, decode with it. */
typedef struct names {
    char **s;
    size_t *len;
    size_t n, cap;
} names;

static hl_term_status collect(void *ctx, const char *name, size_t len) {
    names *nm = ctx;
    if (nm->n == nm->cap) {
        nm->cap = nm->cap ? nm->cap * 2 : 16;
        nm->s = realloc(nm->s, nm->cap * sizeof *nm->s);
        nm->len = realloc(nm->len, nm->cap * sizeof *nm->len);
    }
    nm->s[nm->n] = malloc(len + 1);
    memcpy(nm->s[nm->n], name, len);
    nm->len[nm->n++] = len;
    return HL_TERM_OK;
}

static void names_free(names *nm) {
    for (size_t i = 0; i < nm->n; i++) free(nm->s[i]);
    free(nm->s);
    free(nm->len);
    memset(nm, 0, sizeof *nm);
}

/* Decodes with a pool made from the input's own atoms. */
static hl_term_status decode_pooled(hl_heap *h, const uint8_t *b, size_t n, hl_term *out,
                                    size_t *used, hl_atom_pool **pool, hl_etf_error *err) {
    names nm = {0};
    *pool = NULL;
    hl_term_status st = hl_etf_scan_atoms(b, n, NULL, collect, &nm, err);
    if (st == HL_TERM_OK && nm.n) {
        hl_term *tmp = malloc(nm.n * sizeof *tmp);
        st = hl_atom_pool_new(test_atoms(), (const char *const *)nm.s, nm.len, nm.n, tmp, pool);
        free(tmp);
    }
    names_free(&nm);
    if (st != HL_TERM_OK) return st;
    hl_etf_decode_opts o = {.pool = *pool};
    return hl_etf_decode(h, b, n, &o, out, used, err);
}

static bool same_bytes(const hl_buf *b, const uint8_t *p, size_t n) {
    return b->len == n && memcmp(b->data, p, n) == 0;
}

static int term_cmp(hl_term a, hl_term b) {
    int c;
    assert_int_equal(hl_term_compare(a, b, true, NULL, &c), HL_TERM_OK);
    return c;
}

/* ---- oracle: terms.txt ---- */

static void test_oracle_terms(void **state) {
    (void)state;
    size_t len;
    char *text = read_file("tests/data/etf/terms.txt", &len);
    size_t lines = 0, plain_ok = 0, comp_ok = 0, comp_bytes_ok = 0, comp_total = 0, utf8_ok = 0,
           utf8_total = 0;
    size_t before = test_atom_count();
    for (char *line = text, *next; *line; line = next) {
        next = strchr(line, '\n');
        *next++ = 0;
        char *f[4];
        assert_int_equal(fields(line, f, 4), 4);
        lines++;
        hl_heap h;
        assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
        uint8_t *p, *c = NULL, *u = NULL;
        size_t np = unhex(f[0], strlen(f[0]), &p), nc = 0, nu = 0;
        if (strcmp(f[1], "=") != 0) nc = unhex(f[1], strlen(f[1]), &c);
        if (f[2][0] != '.' && strcmp(f[2], "=") != 0) nu = unhex(f[2], strlen(f[2]), &u);
        hl_term a, b;
        size_t used;
        hl_atom_pool *pool, *pool2;
        hl_etf_error err = {0};
        hl_term_status st = decode_pooled(&h, p, np, &a, &used, &pool, &err);
        if (st != HL_TERM_OK) fail_msg("line %zu: decode failed: %s at %zu", lines, err.reason, err.offset);
        assert_int_equal(used, np);
        hl_buf out;
        hl_buf_init(&out, 0);
        assert_int_equal(hl_etf_encode(a, NULL, &out, &err), HL_TERM_OK);
        if (!same_bytes(&out, p, np)) fail_msg("line %zu: re-encoding differs", lines);
        plain_ok++;
        /* minor_version 2 */
        if (f[2][0] != '.') {
            utf8_total++;
            hl_buf_reset(&out);
            hl_etf_encode_opts uo = {.utf8_atoms = true};
            assert_int_equal(hl_etf_encode(a, &uo, &out, &err), HL_TERM_OK);
            if (u ? same_bytes(&out, u, nu) : same_bytes(&out, p, np)) utf8_ok++;
            else fail_msg("line %zu: minor_version 2 encoding differs", lines);
        }
        /* compressed: decode, compare with the plain decoding, re-encode */
        if (c) {
            comp_total++;
            st = decode_pooled(&h, c, nc, &b, &used, &pool2, &err);
            if (st != HL_TERM_OK) fail_msg("line %zu: compressed decode: %s", lines, err.reason);
            assert_int_equal(used, nc);
            assert_int_equal(term_cmp(a, b), 0);
            comp_ok++;
            hl_buf_reset(&out);
            hl_etf_encode_opts co = {.compress = 6};
            assert_int_equal(hl_etf_encode(b, &co, &out, &err), HL_TERM_OK);
            if (same_bytes(&out, c, nc)) comp_bytes_ok++;
            else fail_msg("line %zu: compressed encoding differs (%zu vs %zu bytes)", lines, out.len, nc);
            hl_atom_pool_free(pool2);
        } else {
            /* OTP kept it uncompressed: so must we */
            hl_buf_reset(&out);
            hl_etf_encode_opts co = {.compress = 6};
            assert_int_equal(hl_etf_encode(a, &co, &out, &err), HL_TERM_OK);
            if (!same_bytes(&out, p, np)) fail_msg("line %zu: compressed where OTP did not", lines);
        }
        hl_buf_free(&out);
        hl_atom_pool_free(pool);
        hl_heap_free(&h);
        free(p);
        free(c);
        free(u);
    }
    free(text);
    assert_int_equal(test_atom_count(), before);
    printf("etf oracle: %zu terms; plain re-encoded byte-identical %zu/%zu; compressed decoded "
           "equal %zu/%zu, re-compressed byte-identical %zu/%zu; minor_version 2 %zu/%zu\n",
           lines, plain_ok, lines, comp_ok, comp_total, comp_bytes_ok, comp_total, utf8_ok,
           utf8_total);
    assert_true(lines >= 500);
}

/* ---- oracle: decode.txt (OTP's verdicts on malformed input) ---- */

static void test_oracle_decode(void **state) {
    (void)state;
    size_t len;
    char *text = read_file("tests/data/etf/decode.txt", &len);
    size_t lines = 0, agree = 0;
    for (char *line = text, *next; *line; line = next) {
        next = strchr(line, '\n');
        *next++ = 0;
        char *f[4];
        size_t nf = fields(line, f, 4);
        lines++;
        uint8_t *in;
        size_t n = unhex(f[0], strlen(f[0]), &in);
        hl_heap h;
        assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
        hl_term t;
        size_t used = 0;
        hl_atom_pool *pool = NULL;
        hl_etf_error err = {0};
        hl_term_status st = decode_pooled(&h, in, n, &t, &used, &pool, &err);
        if (strcmp(f[1], "badarg") == 0) {
            if (st != HL_TERM_BADARG) fail_msg("line %zu (%s): OTP says badarg, got %d", lines, f[0], st);
            assert_non_null(err.reason);
            assert_true(err.reason[0] != 0);
        } else {
            assert_int_equal(nf, 4);
            if (st != HL_TERM_OK) fail_msg("line %zu (%s): OTP decodes it, we fail: %s", lines, f[0], err.reason);
            assert_int_equal(used, (size_t)strtoul(f[2], NULL, 10));
            uint8_t *want;
            size_t nw = unhex(f[3], strlen(f[3]), &want);
            hl_buf out;
            hl_buf_init(&out, 0);
            assert_int_equal(hl_etf_encode(t, NULL, &out, &err), HL_TERM_OK);
            if (!same_bytes(&out, want, nw)) fail_msg("line %zu (%s): different term", lines, f[0]);
            hl_buf_free(&out);
            free(want);
        }
        agree++;
        hl_atom_pool_free(pool);
        hl_heap_free(&h);
        free(in);
    }
    free(text);
    printf("etf decode verdicts: %zu/%zu agree with OTP\n", agree, lines);
}

/* ---- hostile input ---- */

/* Every proper prefix of every encoding in terms.txt is refused (ETF is
 * prefix-free), plain and compressed; long ones at 64 sampled cuts. */
static void test_truncations(void **state) {
    (void)state;
    size_t len;
    char *text = read_file("tests/data/etf/terms.txt", &len);
    size_t tried = 0;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    for (char *line = text, *next; *line; line = next) {
        next = strchr(line, '\n');
        *next++ = 0;
        char *f[4];
        fields(line, f, 4);
        for (int k = 0; k < 2; k++) {
            if (k == 1 && strcmp(f[1], "=") == 0) continue;
            uint8_t *b;
            size_t n = unhex(f[k], strlen(f[k]), &b);
            size_t step = n <= 2048 ? 1 : n / 64;
            for (size_t cut = 0; cut < n; cut += step) {
                hl_term t;
                hl_etf_error err = {0};
                /* a resolver accepting every name: only the bytes can fail */
                hl_term_status st = hl_etf_scan_atoms(b, cut, NULL, NULL, NULL, &err);
                if (st != HL_TERM_BADARG) fail_msg("prefix %zu of %zu accepted (%d)", cut, n, st);
                st = hl_etf_decode(&h, b, cut, NULL, &t, NULL, &err);
                assert_int_equal(st, HL_TERM_BADARG);
                tried++;
            }
            free(b);
        }
    }
    hl_heap_free(&h);
    free(text);
    printf("etf truncations refused: %zu\n", tried);
}

static hl_term_status dec(const uint8_t *b, size_t n, hl_term *t, hl_heap *h, hl_etf_error *err) {
    return hl_etf_decode(h, b, n, NULL, t, NULL, err);
}

static void test_huge_lengths(void **state) {
    (void)state;
    static const uint8_t cases[][8] = {
        {131, 108, 255, 255, 255, 255, 106}, /* LIST_EXT 4G elements */
        {131, 105, 255, 255, 255, 255, 106}, /* LARGE_TUPLE_EXT 4G */
        {131, 109, 255, 255, 255, 255, 1},   /* BINARY_EXT 4 GB */
        {131, 77, 255, 255, 255, 255, 3, 1}, /* BIT_BINARY_EXT 4 GB */
        {131, 107, 255, 255, 1, 2},          /* STRING_EXT 65535 */
        {131, 111, 255, 255, 255, 255, 0, 1}, /* LARGE_BIG_EXT 4 GB */
        {131, 118, 255, 255, 97},             /* ATOM_UTF8_EXT 65535 */
        {131, 104, 255, 97, 1},               /* SMALL_TUPLE_EXT 255 */
    };
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, 1 << 20), HL_TERM_OK);
    uint64_t allocs = hl_mem_alloc_count();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hl_term t;
        hl_etf_error err = {0};
        assert_int_equal(dec(cases[i], sizeof cases[i], &t, &h, &err), HL_TERM_BADARG);
        assert_true(strstr(err.reason, "truncated") != NULL);
    }
    /* refused before allocating anything */
    assert_int_equal(hl_mem_alloc_count(), allocs);
    /* a map claiming 4G pairs: truncated (badarg, as OTP) before the 32-key limit */
    const uint8_t m[] = {131, 116, 255, 255, 255, 255, 106};
    hl_term t;
    assert_int_equal(dec(m, sizeof m, &t, &h, NULL), HL_TERM_BADARG);
    hl_heap_free(&h);
}

static uint8_t *nested(size_t depth, const uint8_t *open, size_t nopen, const uint8_t *close,
                       size_t nclose, uint8_t leaf, size_t *n) {
    size_t total = 1 + depth * (nopen + nclose) + 1;
    uint8_t *b = malloc(total), *p = b;
    *p++ = 131;
    for (size_t i = 0; i < depth; i++, p += nopen) memcpy(p, open, nopen);
    *p++ = leaf;
    for (size_t i = 0; nclose && i < depth; i++, p += nclose) memcpy(p, close, nclose);
    *n = (size_t)(p - b);
    return b;
}

static void test_deep_nesting(void **state) {
    (void)state;
    const size_t D = 1000000;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, UINT64_C(1) << 32), HL_TERM_OK);
    /* a million nested 1-tuples {{{...[]...}}} */
    size_t n;
    const uint8_t t1[] = {104, 1};
    uint8_t *b = nested(D, t1, 2, NULL, 0, 106, &n);
    hl_term t;
    hl_etf_error err = {0};
    hl_etf_decode_opts big = {.max_words = 1u << 26};
    assert_int_equal(hl_etf_decode(&h, b, n, &big, &t, NULL, &err), HL_TERM_OK);
    size_t depth = 0;
    hl_term root = t;
    for (; hl_is_tuple(t); t = hl_tuple_get(t, 0)) depth++;
    assert_int_equal(depth, D);
    assert_int_equal(t, HL_NIL);
    /* re-encode: iterative too, same bytes */
    hl_buf out;
    hl_buf_init(&out, 0);
    assert_int_equal(hl_etf_encode(root, NULL, &out, &err), HL_TERM_OK);
    assert_int_equal(out.len, n);
    assert_memory_equal(out.data, b, n);
    hl_buf_free(&out);
    free(b);
    /* a million nested lists [[[...]]] keep a million containers open */
    const uint8_t l1[] = {108, 0, 0, 0, 1}, tail[] = {106};
    b = nested(D, l1, 5, tail, 1, 106, &n);
    assert_int_equal(hl_etf_decode(&h, b, n, &big, &t, NULL, &err), HL_TERM_OK);
    hl_buf_init(&out, 0);
    assert_int_equal(hl_etf_encode(t, NULL, &out, &err), HL_TERM_OK);
    assert_int_equal(out.len, n);
    assert_memory_equal(out.data, b, n);
    hl_buf_free(&out);
    /* with a depth limit */
    hl_etf_decode_opts shallow = {.max_words = 1u << 26, .max_depth = 1000};
    assert_int_equal(hl_etf_decode(&h, b, n, &shallow, &t, NULL, &err), HL_TERM_SYSTEM_LIMIT);
    assert_non_null(strstr(err.reason, "deep"));
    /* the default budget stops it before building */
    hl_etf_decode_opts tiny = {.max_words = 1000};
    assert_int_equal(hl_etf_decode(&h, b, n, &tiny, &t, NULL, &err), HL_TERM_SYSTEM_LIMIT);
    free(b);
    hl_heap_free(&h);
}

static size_t zbuild(uint8_t *out, size_t cap, uint32_t declared, const uint8_t *body, size_t n) {
    out[0] = 131;
    out[1] = 80;
    out[2] = (uint8_t)(declared >> 24);
    out[3] = (uint8_t)(declared >> 16);
    out[4] = (uint8_t)(declared >> 8);
    out[5] = (uint8_t)declared;
    uLongf zl = cap - 6;
    assert_int_equal(compress2(out + 6, &zl, body, n, 9), Z_OK);
    return 6 + zl;
}

static void test_zip_bombs(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    /* 64 MiB of zeros inside a binary, declared honestly: over the default cap */
    size_t big = (size_t)64 << 20;
    uint8_t *body = calloc(big + 6, 1);
    body[0] = 109;
    body[1] = (uint8_t)((big) >> 24);
    uint8_t *z = malloc(big / 100 + 1000);
    size_t n = zbuild(z, big / 100 + 1000, (uint32_t)(big + 5), body, big + 5);
    hl_term t;
    hl_etf_error err = {0};
    uint64_t allocs = hl_mem_alloc_count();
    assert_int_equal(dec(z, n, &t, &h, &err), HL_TERM_SYSTEM_LIMIT);
    assert_int_equal(hl_mem_alloc_count(), allocs); /* refused before allocating */
    /* the same bytes declared as 100 bytes: inflation stops at 100 */
    z[2] = z[3] = z[4] = 0;
    z[5] = 100;
    assert_int_equal(dec(z, n, &t, &h, &err), HL_TERM_BADARG);
    assert_non_null(strstr(err.reason, "larger"));
    /* declared larger than the body */
    uint8_t small[64];
    const uint8_t one[] = {97, 1};
    n = zbuild(small, sizeof small, 3, one, 2);
    assert_int_equal(dec(small, n, &t, &h, &err), HL_TERM_BADARG);
    assert_non_null(strstr(err.reason, "smaller"));
    /* corrupt stream */
    n = zbuild(small, sizeof small, 2, one, 2);
    small[8] ^= 0x55;
    assert_int_equal(dec(small, n, &t, &h, &err), HL_TERM_BADARG);
    /* a raised cap lets the honest one through, as a 64 MiB binary */
    n = zbuild(z, big / 100 + 1000, (uint32_t)(big + 5), body, big + 5);
    hl_etf_decode_opts o = {.max_uncompressed = big + 5, .max_words = 1u << 24};
    assert_int_equal(hl_etf_decode(&h, z, n, &o, &t, NULL, &err), HL_TERM_OK);
    assert_true(hl_is_binary_obj(t));
    free(body);
    free(z);
    hl_heap_free(&h);
}

static void test_refused_tags(void **state) {
    (void)state;
    static const uint8_t tags[] = {88, 89, 90, 101, 102, 103, 112, 113, 114, 117, 120,
                                   82, 68, 121, 80, 0, 1, 69, 71, 255};
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    for (size_t i = 0; i < sizeof tags; i++) {
        /* alone, and inside a tuple */
        uint8_t b1[32] = {131, tags[i]}, b2[32] = {131, 104, 2, 97, 1, tags[i]};
        hl_term t;
        hl_etf_error err = {0};
        assert_int_equal(dec(b1, sizeof b1, &t, &h, &err), HL_TERM_BADARG);
        assert_non_null(err.reason);
        assert_int_equal(dec(b2, sizeof b2, &t, &h, &err), HL_TERM_BADARG);
        assert_int_equal(err.offset, 5);
    }
    /* a real NEW_FUN_EXT / pid / ref from OTP are refused by name */
    hl_term t;
    hl_etf_error err = {0};
    const uint8_t pid[] = {131, 88, 100, 0, 13, 'n', 'o', 'n', 'o', 'd', 'e', '@', 'n', 'o', 'h',
                           'o', 's', 't', 0, 0, 0, 80, 0, 0, 0, 0, 0, 0, 0, 0};
    assert_int_equal(dec(pid, sizeof pid, &t, &h, &err), HL_TERM_BADARG);
    assert_non_null(strstr(err.reason, "pid"));
    const uint8_t exp[] = {131, 113, 100, 0, 1, 'm', 100, 0, 1, 'f', 97, 1};
    assert_int_equal(dec(exp, sizeof exp, &t, &h, &err), HL_TERM_BADARG);
    assert_non_null(strstr(err.reason, "fun"));
    hl_heap_free(&h);
}

static void test_atom_policy(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    size_t before = test_atom_count();
    hl_term t;
    hl_etf_error err = {0};
    /* static atoms always resolve */
    const uint8_t ok[] = {131, 100, 0, 2, 'o', 'k'};
    assert_int_equal(dec(ok, sizeof ok, &t, &h, &err), HL_TERM_OK);
    assert_int_equal(t, HL_AM(ok));
    /* 10,000 distinct unknown atoms: all refused, the table does not grow */
    for (int i = 0; i < 10000; i++) {
        uint8_t b[32] = {131, 119};
        int n = snprintf((char *)b + 3, 20, "hostile_%d", i);
        b[2] = (uint8_t)n;
        assert_int_equal(dec(b, 3 + (size_t)n, &t, &h, &err), HL_TERM_BADARG);
        assert_non_null(strstr(err.reason, "unknown atom"));
    }
    assert_int_equal(test_atom_count(), before);
    /* a program's pool: its names resolve, others' do not */
    const char *nm[] = {"mine"}, *nm2[] = {"theirs"};
    size_t ln[] = {4}, ln2[] = {6};
    hl_term a, a2;
    hl_atom_pool *pool, *other;
    assert_int_equal(hl_atom_pool_new(test_atoms(), nm, ln, 1, &a, &pool), HL_TERM_OK);
    assert_int_equal(hl_atom_pool_new(test_atoms(), nm2, ln2, 1, &a2, &other), HL_TERM_OK);
    const uint8_t mine[] = {131, 115, 4, 'm', 'i', 'n', 'e'};
    const uint8_t theirs[] = {131, 115, 6, 't', 'h', 'e', 'i', 'r', 's'};
    hl_etf_decode_opts o = {.pool = pool};
    assert_int_equal(hl_etf_decode(&h, mine, sizeof mine, &o, &t, NULL, &err), HL_TERM_OK);
    assert_int_equal(t, a);
    assert_int_equal(hl_etf_decode(&h, theirs, sizeof theirs, &o, &t, NULL, &err), HL_TERM_BADARG);
    assert_int_equal(hl_etf_decode(&h, mine, sizeof mine, NULL, &t, NULL, &err), HL_TERM_BADARG);
    hl_atom_pool_free(pool);
    hl_atom_pool_free(other);
    assert_int_equal(test_atom_count(), before);
    hl_heap_free(&h);
}

static void test_limits(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, 1 << 16), HL_TERM_OK);
    hl_term t;
    hl_etf_error err = {0};
    /* a 10 KB binary does not fit a 64 KiB heap's... it does; 100 KB does not */
    size_t n = 100000;
    uint8_t *b = calloc(n + 6, 1);
    b[0] = 131;
    b[1] = 109;
    b[2] = 0;
    b[3] = (uint8_t)(n >> 16);
    b[4] = (uint8_t)(n >> 8);
    b[5] = (uint8_t)n;
    assert_int_equal(dec(b, n + 6, &t, &h, &err), HL_TERM_HEAP_LIMIT);
    hl_etf_decode_opts o = {.max_words = 100};
    assert_int_equal(hl_etf_decode(&h, b, n + 6, &o, &t, NULL, &err), HL_TERM_SYSTEM_LIMIT);
    free(b);
    /* a bignum over OTP's 33,554,368 bits (4,194,296 bytes) */
    n = 4194297;
    b = calloc(n + 7, 1);
    b[0] = 131;
    b[1] = 111;
    b[3] = (uint8_t)(n >> 16);
    b[4] = (uint8_t)(n >> 8);
    b[5] = (uint8_t)n;
    b[7 + n - 1] = 1;
    assert_int_equal(dec(b, n + 7, &t, &h, &err), HL_TERM_SYSTEM_LIMIT);
    b[7 + n - 2] = 0xFF; /* the largest: 4,194,296 bytes */
    b[5] = (uint8_t)(n - 1);
    hl_heap hb;
    assert_int_equal(hl_heap_init(&hb, 0, UINT64_C(64) << 20), HL_TERM_OK);
    assert_int_equal(dec(b, n + 6, &t, &hb, &err), HL_TERM_OK);
    assert_true(hl_is_big(t) && hl_big_nlimbs(t) == 524287);
    hl_heap_free(&hb);
    b[5] = (uint8_t)n;
    b[7 + n - 2] = 0;
    b[7 + n - 1] = 0; /* leading zero bytes do not count */
    b[7] = 1;
    assert_int_equal(dec(b, n + 7, &t, &h, &err), HL_TERM_OK);
    assert_int_equal(t, hl_make_small(1));
    free(b);
    /* 33 keys: a HAMT map; a duplicate key among them is badarg (OTP) */
    uint8_t m[6 + 33 * 4] = {131, 116, 0, 0, 0, 33};
    for (int i = 0; i < 33; i++) {
        m[6 + 4 * i] = 97;
        m[7 + 4 * i] = (uint8_t)i;
        m[8 + 4 * i] = 97;
        m[9 + 4 * i] = 0;
    }
    assert_int_equal(dec(m, sizeof m, &t, &h, &err), HL_TERM_OK);
    assert_true(hl_is_hashmap(t));
    assert_int_equal(hl_map_size(t), 33);
    m[7 + 4 * 32] = 5;
    assert_int_equal(dec(m, sizeof m, &t, &h, &err), HL_TERM_BADARG);
    hl_heap_free(&h);
}

/* Every allocation failure point of a decode and an encode: a status, no leak. */
static void test_alloc_failures(void **state) {
    (void)state;
    /* {[1,2|3], <<100 bytes>>, 2^100, 1.5, #{ok => "xy"}, [[[]]] x 40} compressed */
    hl_heap h0;
    assert_int_equal(hl_heap_init(&h0, 0, LIMIT), HL_TERM_OK);
    uint8_t raw[400], *p = raw;
    *p++ = 104;
    *p++ = 6;
    const uint8_t l[] = {108, 0, 0, 0, 2, 97, 1, 97, 2, 97, 3};
    memcpy(p, l, sizeof l);
    p += sizeof l;
    *p++ = 109;
    *p++ = 0;
    *p++ = 0;
    *p++ = 0;
    *p++ = 100;
    memset(p, 7, 100);
    p += 100;
    const uint8_t big[] = {110, 13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16};
    memcpy(p, big, sizeof big);
    p += sizeof big;
    const uint8_t fl[] = {70, 63, 248, 0, 0, 0, 0, 0, 0};
    memcpy(p, fl, sizeof fl);
    p += sizeof fl;
    const uint8_t mp[] = {116, 0, 0, 0, 1, 100, 0, 2, 'o', 'k', 107, 0, 2, 'x', 'y'};
    memcpy(p, mp, sizeof mp);
    p += sizeof mp;
    for (int i = 0; i < 40; i++) {
        const uint8_t one[] = {108, 0, 0, 0, 1};
        memcpy(p, one, 5);
        p += 5;
    }
    *p++ = 106;
    for (int i = 0; i < 40; i++) *p++ = 106;
    uint8_t z[600];
    size_t nz = zbuild(z, sizeof z, (uint32_t)(p - raw), raw, (size_t)(p - raw));
    hl_term want;
    assert_int_equal(dec(z, nz, &want, &h0, NULL), HL_TERM_OK);
    size_t ok = 0, nomem = 0;
    for (long k = 0; k < 400; k++) {
        hl_heap h;
        assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
        hl_term t;
        hl_mem_fail_after(k);
        hl_term_status st = dec(z, nz, &t, &h, NULL);
        hl_buf out;
        hl_buf_init(&out, 0);
        hl_etf_encode_opts co = {.compress = 6};
        hl_term_status st2 = st == HL_TERM_OK ? hl_etf_encode(t, &co, &out, NULL) : HL_TERM_OK;
        hl_mem_fail_after(-1);
        if (st == HL_TERM_OK) {
            assert_int_equal(term_cmp(t, want), 0);
            assert_true(st2 == HL_TERM_OK || st2 == HL_TERM_NOMEM);
            if (st2 == HL_TERM_OK) ok++;
            else assert_int_equal(out.len, 0);
        } else {
            assert_true(st == HL_TERM_NOMEM || st == HL_TERM_HEAP_LIMIT);
            nomem++;
        }
        hl_buf_free(&out);
        hl_heap_free(&h);
    }
    assert_true(ok > 0 && nomem > 0);
    hl_heap_free(&h0);
}

static void test_encode_refusals(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_buf out;
    hl_buf_init(&out, 0);
    hl_etf_error err = {0};
    hl_buf_puts(&out, "keep");
    /* a fun inside a tuple */
    hl_term *f, *tp;
    assert_int_equal(hl_heap_alloc(&h, 4, &f), HL_TERM_OK);
    f[0] = hl_make_header(HL_SUB_FUN, 3);
    f[1] = 0;
    f[2] = 0;
    f[3] = hl_make_small(1);
    assert_int_equal(hl_heap_alloc(&h, 3, &tp), HL_TERM_OK);
    tp[0] = hl_make_header(HL_SUB_TUPLE, 2);
    tp[1] = hl_make_small(1);
    tp[2] = hl_make_boxed(f);
    assert_int_equal(hl_etf_encode(hl_make_boxed(tp), NULL, &out, &err), HL_TERM_BADARG);
    assert_non_null(strstr(err.reason, "fun"));
    assert_int_equal(out.len, 4); /* restored */
    tp[2] = hl_make_handle_immed(HL_HANDLE_PID, 5);
    assert_int_equal(hl_etf_encode(hl_make_boxed(tp), NULL, &out, &err), HL_TERM_BADARG);
    assert_non_null(strstr(err.reason, "pid"));
    tp[2] = hl_make_handle_immed(HL_HANDLE_REF, 5);
    assert_int_equal(hl_etf_encode(hl_make_boxed(tp), NULL, &out, &err), HL_TERM_BADARG);
    tp[2] = hl_make_handle_immed(HL_HANDLE_PORT, 5);
    assert_int_equal(hl_etf_encode(hl_make_boxed(tp), NULL, &out, &err), HL_TERM_BADARG);
    assert_int_equal(out.len, 4);
    hl_buf_free(&out);
    /* a DAG whose tree is 2^60 nodes: stops at the output limit */
    hl_term x = HL_NIL;
    for (int i = 0; i < 60; i++) {
        hl_term *c;
        assert_int_equal(hl_heap_alloc(&h, 3, &c), HL_TERM_OK);
        c[0] = hl_make_header(HL_SUB_TUPLE, 2);
        c[1] = c[2] = x;
        x = hl_make_boxed(c);
    }
    hl_buf_init(&out, 1 << 20);
    assert_int_equal(hl_etf_encode(x, NULL, &out, &err), HL_TERM_SYSTEM_LIMIT);
    assert_int_equal(out.len, 0);
    assert_false(out.failed);
    hl_buf_free(&out);
    hl_heap_free(&h);
}

/* Sub-binaries at every bit offset encode as the bits they show. */
static void test_sub_binaries(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    uint8_t src[80];
    for (int i = 0; i < 80; i++) src[i] = (uint8_t)(i * 37 + 11);
    hl_term bin;
    assert_int_equal(hl_make_binary(&h, src, sizeof src, &bin), HL_TERM_OK);
    for (uint64_t off = 0; off < 24; off++)
        for (uint64_t bits = 0; bits < 200; bits += 7) {
            hl_term *p;
            assert_int_equal(hl_heap_alloc(&h, 4, &p), HL_TERM_OK);
            p[0] = hl_make_header(HL_SUB_SUB_BIN, 3);
            p[1] = bin;
            p[2] = off;
            p[3] = bits;
            hl_buf out;
            hl_buf_init(&out, 0);
            assert_int_equal(hl_etf_encode(hl_make_boxed(p), NULL, &out, NULL), HL_TERM_OK);
            const uint8_t *o = (const uint8_t *)out.data;
            size_t nb = (size_t)(bits + 7) / 8, hdr = bits % 8 ? 7 : 6;
            assert_int_equal(out.len, hdr + nb);
            assert_int_equal(o[1], bits % 8 ? 77 : 109);
            for (uint64_t k = 0; k < nb * 8; k++) {
                unsigned got = (o[hdr + k / 8] >> (7 - k % 8)) & 1;
                unsigned want = k < bits ? (src[(off + k) / 8] >> (7 - (off + k) % 8)) & 1 : 0;
                assert_int_equal(got, want);
            }
            /* and decode back to an equal bitstring */
            hl_term back;
            assert_int_equal(dec(o, out.len, &back, &h, NULL), HL_TERM_OK);
            assert_int_equal(term_cmp(back, hl_make_boxed(p)), 0);
            hl_buf_free(&out);
        }
    hl_heap_free(&h);
}

/* The empty atom '': encoded as OTP 25 encodes it (term_to_binary('') is
 * <<131,100,0,0>>; <<131,119,0>> with utf8 atoms), and every atom tag with
 * an empty name decodes to it. */
static void test_empty_atom(void **state) {
    (void)state;
    const char *atom_names[] = {""};
    size_t lens[] = {0};
    hl_term empty;
    hl_atom_pool *pool = NULL;
    assert_int_equal(hl_atom_pool_new(test_atoms(), atom_names, lens, 1, &empty, &pool), HL_TERM_OK);
    size_t n = 99;
    (void)hl_atom_name(empty, &n);
    assert_int_equal(n, 0);
    hl_buf out;
    hl_etf_error err = {0};
    hl_buf_init(&out, 1 << 10);
    assert_int_equal(hl_etf_encode(empty, NULL, &out, &err), HL_TERM_OK);
    assert_true(same_bytes(&out, (const uint8_t[]){131, 100, 0, 0}, 4));
    hl_buf_free(&out);
    hl_buf_init(&out, 1 << 10);
    hl_etf_encode_opts uo = {.utf8_atoms = true};
    assert_int_equal(hl_etf_encode(empty, &uo, &out, &err), HL_TERM_OK);
    assert_true(same_bytes(&out, (const uint8_t[]){131, 119, 0}, 3));
    hl_buf_free(&out);
    static const uint8_t forms[][4] = {{131, 100, 0, 0}, {131, 118, 0, 0}, {131, 115, 0}, {131, 119, 0}};
    static const size_t form_len[] = {4, 4, 3, 3};
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    for (size_t i = 0; i < 4; i++) {
        hl_term t = HL_NIL;
        hl_etf_decode_opts o = {.pool = pool};
        assert_int_equal(hl_etf_decode(&h, forms[i], form_len[i], &o, &t, NULL, &err), HL_TERM_OK);
        assert_true(t == empty);
    }
    /* without a pool that holds it, '' is an unknown atom like any other */
    hl_term t;
    assert_int_not_equal(hl_etf_decode(&h, forms[0], 4, NULL, &t, NULL, &err), HL_TERM_OK);
    hl_heap_free(&h);
    hl_atom_pool_free(pool);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_atom),
        cmocka_unit_test(test_oracle_terms),   cmocka_unit_test(test_oracle_decode),
        cmocka_unit_test(test_truncations),    cmocka_unit_test(test_huge_lengths),
        cmocka_unit_test(test_deep_nesting),   cmocka_unit_test(test_zip_bombs),
        cmocka_unit_test(test_refused_tags),   cmocka_unit_test(test_atom_policy),
        cmocka_unit_test(test_limits),         cmocka_unit_test(test_alloc_failures),
        cmocka_unit_test(test_encode_refusals), cmocka_unit_test(test_sub_binaries),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_atoms_release();
    return rc;
}
