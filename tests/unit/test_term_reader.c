/* test_term_reader.c — the term-literal reader against OTP 25:
 * tests/data/reader/terms.txt (hand-written edge cases and ~w/~p of 300
 * seeded terms: OTP's value as term_to_binary, or its refusal) and the ~w
 * column of tests/data/etf/terms.txt (800 more terms, compared with their
 * ETF); then positions in errors, depth limits, deep input, the atom policy
 * and allocation failures. Comparison is structural: the read term's ETF
 * must be byte-identical to OTP's term_to_binary. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "base/mem.h"
#include "term/atom.h"
#include "test_atoms.h"
#include "term/compare.h"
#include "term/etf.h"
#include "term/heap.h"
#include "host/reader.h"

#define LIMIT (UINT64_C(1) << 31)

static size_t unhex(const char *s, size_t n, uint8_t **out) {
    uint8_t *b = malloc(n / 2 + 1);
    assert_non_null(b);
    for (size_t i = 0; i < n; i += 2) {
        unsigned v;
        assert_int_equal(sscanf(s + i, "%2x", &v), 1);
        b[i / 2] = (uint8_t)v;
    }
    b[n / 2] = 0;
    *out = b;
    return n / 2;
}

static char *read_file(const char *rel) {
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
    return s;
}

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

/* The host path for atoms: collect the names, pool them, read with the pool. */
typedef struct names {
    const char *s[4096];
    size_t len[4096];
    size_t n;
} names;

static hl_term_status collect(void *ctx, const char *name, size_t len) {
    names *nm = ctx;
    if (nm->n == 4096) return HL_TERM_SYSTEM_LIMIT;
    nm->s[nm->n] = name; /* valid during the call only: copy */
    char *c = malloc(len + 1);
    memcpy(c, name, len);
    nm->s[nm->n] = c;
    nm->len[nm->n++] = len;
    return HL_TERM_OK;
}

static hl_term_status read_pooled(hl_heap *h, const char *text, size_t len, hl_term *out,
                                  hl_atom_pool **pool, hl_reader_error *err) {
    static names nm;
    nm.n = 0;
    *pool = NULL;
    hl_term_status st = hl_read_scan_atoms(text, len, NULL, collect, &nm, err);
    if (st == HL_TERM_OK && nm.n) {
        hl_term *tmp = malloc(nm.n * sizeof *tmp);
        st = hl_atom_pool_new(test_atoms(), nm.s, nm.len, nm.n, tmp, pool);
        if (st != HL_TERM_OK) { /* an invalid name: the reader will say where */
            *pool = NULL;
            st = HL_TERM_OK;
        }
        free(tmp);
    }
    for (size_t i = 0; i < nm.n; i++) free((void *)nm.s[i]);
    if (st != HL_TERM_OK) return st;
    hl_reader_opts o = {.pool = *pool};
    return hl_read_term(h, text, len, &o, out, err);
}

static void check_etf(hl_term t, const uint8_t *want, size_t n, const char *text) {
    hl_buf out;
    hl_buf_init(&out, 0);
    assert_int_equal(hl_etf_encode(t, NULL, &out, NULL), HL_TERM_OK);
    if (out.len != n || memcmp(out.data, want, n) != 0) fail_msg("different term for: %s", text);
    hl_buf_free(&out);
}

static void test_oracle_reader(void **state) {
    (void)state;
    char *file = read_file("tests/data/reader/terms.txt");
    size_t lines = 0, ok = 0, errors = 0;
    size_t before = test_atom_count();
    for (char *line = file, *next; *line; line = next) {
        next = strchr(line, '\n');
        *next++ = 0;
        char *f[3];
        size_t nf = fields(line, f, 3);
        lines++;
        uint8_t *text;
        size_t n = unhex(f[0], strlen(f[0]), &text);
        hl_heap h;
        assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
        hl_term t;
        hl_atom_pool *pool;
        hl_reader_error err;
        hl_term_status st = read_pooled(&h, (const char *)text, n, &t, &pool, &err);
        if (strcmp(f[1], "error") == 0) {
            if (st == HL_TERM_OK) fail_msg("line %zu: OTP refuses, we read: %s", lines, text);
            assert_true(err.message[0] != 0);
            errors++;
        } else {
            assert_int_equal(nf, 3);
            if (st != HL_TERM_OK)
                fail_msg("line %zu: %d:%d: %s (text: %s)", lines, err.line, err.col, err.message, text);
            uint8_t *want;
            size_t nw = unhex(f[2], strlen(f[2]), &want);
            check_etf(t, want, nw, (const char *)text);
            free(want);
            ok++;
        }
        hl_atom_pool_free(pool);
        hl_heap_free(&h);
        free(text);
    }
    free(file);
    assert_int_equal(test_atom_count(), before);
    printf("reader oracle: %zu texts, %zu read as OTP, %zu refused as OTP\n", lines, ok, errors);
}

/* The ~w column of the ETF vectors: reading it gives the same ETF. */
static void test_etf_texts(void **state) {
    (void)state;
    char *file = read_file("tests/data/etf/terms.txt");
    size_t lines = 0, checked = 0;
    for (char *line = file, *next; *line; line = next) {
        next = strchr(line, '\n');
        *next++ = 0;
        char *f[4];
        assert_int_equal(fields(line, f, 4), 4);
        lines++;
        if (strcmp(f[3], "-") == 0) continue;
        hl_heap h;
        assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
        hl_term t;
        hl_atom_pool *pool;
        hl_reader_error err;
        hl_term_status st = read_pooled(&h, f[3], strlen(f[3]), &t, &pool, &err);
        if (st != HL_TERM_OK) fail_msg("line %zu: %d:%d: %s", lines, err.line, err.col, err.message);
        uint8_t *want;
        size_t nw = unhex(f[0], strlen(f[0]), &want);
        check_etf(t, want, nw, f[3]);
        free(want);
        checked++;
        hl_atom_pool_free(pool);
        hl_heap_free(&h);
    }
    free(file);
    printf("reader on ~w of ETF vectors: %zu/%zu read back to the same term\n", checked, lines);
    assert_true(checked >= 600); /* the others' ~w is over 4,000 bytes: not recorded */
}

static void expect_error(const char *text, hl_term_status want, uint32_t line, uint32_t col,
                         const char *msg) {
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term t;
    hl_reader_error err;
    hl_term_status st = hl_read_term(&h, text, strlen(text), NULL, &t, &err);
    if (st != want || err.line != line || err.col != col || !strstr(err.message, msg))
        fail_msg("'%s': got %d %u:%u '%s', want %d %u:%u '%s'", text, st, err.line, err.col,
                 err.message, want, line, col, msg);
    hl_heap_free(&h);
}

static void test_error_positions(void **state) {
    (void)state;
    expect_error("{ok, 1", HL_TERM_BADARG, 1, 7, "end of input");
    expect_error("{ok, 1]", HL_TERM_BADARG, 1, 7, "']'");
    expect_error("[1,\n  2,\n  X]", HL_TERM_BADARG, 3, 3, "variable 'X'");
    expect_error("#{ok := 1}", HL_TERM_BADARG, 1, 6, "=>");
    expect_error("{ok, nonexistent_atom_xyz}", HL_TERM_BADARG, 1, 6, "unknown atom 'nonexistent_atom_xyz'");
    expect_error("-ok", HL_TERM_BADARG, 1, 1, "numbers only");
    expect_error("<<1.5>>", HL_TERM_BADARG, 1, 3, "float");
    expect_error("<<1/bad>>", HL_TERM_BADARG, 1, 5, "unknown bit type");
    expect_error("\"abc", HL_TERM_BADARG, 1, 1, "");
    expect_error("1 2", HL_TERM_BADARG, 1, 3, "syntax error");
    expect_error("ok.ok", HL_TERM_BADARG, 1, 3, "");
    /* 10,000 open tuples: over the default depth limit of 10,000? exactly at it: fine */
}

static void test_depth(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    size_t n = 200000;
    char *s = malloc(2 * n + 2);
    for (size_t i = 0; i < n; i++) s[i] = '[';
    s[n] = '1';
    for (size_t i = 0; i < n; i++) s[n + 1 + i] = ']';
    hl_term t;
    hl_reader_error err;
    /* the lexer's own limits are the front end's; depth is ours */
    assert_int_equal(hl_read_term(&h, s, 2 * n + 1, NULL, &t, &err), HL_TERM_SYSTEM_LIMIT);
    assert_non_null(strstr(err.message, "deeper"));
    hl_reader_opts o = {.max_depth = 300000};
    assert_int_equal(hl_read_term(&h, s, 2 * n + 1, &o, &t, &err), HL_TERM_OK);
    size_t d = 0;
    for (; hl_is_cons(t); t = hl_car(t)) d++;
    assert_int_equal(d, n);
    assert_int_equal(t, hl_make_small(1));
    free(s);
    /* long flat list and long tuple: no depth at all */
    n = 100000;
    s = malloc(3 * n + 3);
    size_t k = 0;
    s[k++] = '{';
    for (size_t i = 0; i < n; i++) {
        if (i) s[k++] = ',';
        s[k++] = '7';
    }
    s[k++] = '}';
    assert_int_equal(hl_read_term(&h, s, k, NULL, &t, &err), HL_TERM_OK);
    assert_int_equal(hl_tuple_arity(t), n);
    free(s);
    hl_heap_free(&h);
}

/* Large segments go byte-wise (fuzz finding: <<-2:16888888>> took seconds
 * bit by bit); past HL_READER_MAX_BINARY_BITS they are refused at once. */
static void test_big_segments(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term t;
    hl_reader_error err;
    const char *a = "<<-2:8000000>>";
    assert_int_equal(hl_read_term(&h, a, strlen(a), NULL, &t, &err), HL_TERM_OK);
    const unsigned char *p;
    uint64_t off, nbits;
    hl_bitstring_view(t, &p, &off, &nbits);
    assert_int_equal(nbits, 8000000);
    for (size_t i = 0; i + 1 < 1000000; i++) assert_int_equal(p[off / 8 + i], 0xFF);
    assert_int_equal(p[off / 8 + 999999], 0xFE);
    /* unaligned: 3 bits, then the same value */
    const char *b = "<<5:3, -2:8000000>>";
    assert_int_equal(hl_read_term(&h, b, strlen(b), NULL, &t, &err), HL_TERM_OK);
    hl_bitstring_view(t, &p, &off, &nbits);
    assert_int_equal(nbits, 8000003);
    assert_int_equal(p[0], 0xBF); /* 101 11111 */
    assert_int_equal(p[1000000], 0xC0); /* ...110 then 00000 padding */
    static const char found[] = "<<-2:16888_888\0\0\0D8888888888888888888ibnary888888887/little-signed>>";
    assert_int_equal(hl_read_term(&h, found, sizeof found - 1, NULL, &t, &err), HL_TERM_SYSTEM_LIMIT);
    const char *c = "<<-2:16888888>>";
    assert_int_equal(hl_read_term(&h, c, strlen(c), NULL, &t, &err), HL_TERM_SYSTEM_LIMIT);
    assert_non_null(strstr(err.message, "too large"));
    hl_heap_free(&h);
}

static void test_atom_policy(void **state) {
    (void)state;
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    size_t before = test_atom_count();
    hl_term t;
    hl_reader_error err;
    char buf[64];
    for (int i = 0; i < 10000; i++) {
        int n = snprintf(buf, sizeof buf, "{ok, fresh_atom_%d}", i);
        assert_int_equal(hl_read_term(&h, buf, (size_t)n, NULL, &t, &err), HL_TERM_BADARG);
    }
    assert_int_equal(test_atom_count(), before);
    const char *nm[] = {"mine"};
    size_t ln[] = {4};
    hl_term a;
    hl_atom_pool *pool;
    assert_int_equal(hl_atom_pool_new(test_atoms(), nm, ln, 1, &a, &pool), HL_TERM_OK);
    hl_reader_opts o = {.pool = pool};
    assert_int_equal(hl_read_term(&h, "{ok, mine}", 10, &o, &t, &err), HL_TERM_OK);
    assert_int_equal(hl_tuple_get(t, 1), a);
    assert_int_equal(hl_tuple_get(t, 0), HL_AM(ok));
    assert_int_equal(hl_read_term(&h, "mine", 4, NULL, &t, &err), HL_TERM_BADARG);
    hl_atom_pool_free(pool);
    assert_int_equal(test_atom_count(), before);
    hl_heap_free(&h);
}

static void test_alloc_failures(void **state) {
    (void)state;
    const char *text = "{ok, [1, 2.5, \"str\", <<\"bin\">>, <<1,2:3>>, #{error => 1}, 'true', -42, "
                       "16#ff, $a, [undefined|false], 123456789012345678901234567890, "
                       "<<0:600>>, [[[[[[[[]]]]]]]]]}";
    hl_heap h0;
    assert_int_equal(hl_heap_init(&h0, 0, LIMIT), HL_TERM_OK);
    hl_term want;
    hl_reader_error err;
    if (hl_read_term(&h0, text, strlen(text), NULL, &want, &err) != HL_TERM_OK)
        fail_msg("%u:%u: %s", err.line, err.col, err.message);
    size_t ok = 0, failed = 0;
    for (long k = 0; k < 300; k++) {
        hl_heap h;
        assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
        hl_term t;
        hl_mem_fail_after(k);
        hl_term_status st = hl_read_term(&h, text, strlen(text), NULL, &t, &err);
        hl_mem_fail_after(-1);
        if (st == HL_TERM_OK) {
            int c;
            assert_int_equal(hl_term_compare(t, want, true, NULL, &c), HL_TERM_OK);
            assert_int_equal(c, 0);
            ok++;
        } else {
            assert_true(st == HL_TERM_NOMEM || st == HL_TERM_HEAP_LIMIT);
            failed++;
        }
        hl_heap_free(&h);
    }
    assert_true(ok > 0 && failed > 0);
    hl_heap_free(&h0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_oracle_reader), cmocka_unit_test(test_etf_texts),
        cmocka_unit_test(test_error_positions), cmocka_unit_test(test_depth),
        cmocka_unit_test(test_atom_policy), cmocka_unit_test(test_alloc_failures),
        cmocka_unit_test(test_big_segments),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_atoms_release();
    return rc;
}
