/* test_term_compare.c — term order, ==, =:=, map-key order and hash
 * consistency against OTP 25 (tests/data/term/order.txt, made by
 * tests/oracle/term_order.escript), plus deep and heavily shared terms
 * (no recursion, bounded by a budget) and allocation failures. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/mem.h"
#include "term/compare.h"
#include "term/copy.h"
#include "term/hash.h"
#include "test_term_util.h"

#define LIMIT (UINT64_C(1) << 33)

static char *field(char **p) {
    char *s = *p, *e = strchr(s, '\t');
    if (e) {
        *e = 0;
        *p = e + 1;
    } else {
        s[strcspn(s, "\n")] = 0;
        *p = s + strlen(s);
    }
    return s;
}

static int sgn(int c) { return (c > 0) - (c < 0); }

static void test_otp_order(void **state) {
    (void)state;
    FILE *f = fopen(HL_SOURCE_DIR "/tests/data/term/order.txt", "r");
    assert_non_null(f);
    static char line[1 << 16];
    hl_heap h;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    int pairs = 0, wrong = 0, keys_checked = 0;
    char first_a[256] = "";
    hl_term terms[128];
    size_t nterms = 0;
    while (fgets(line, sizeof line, f)) {
        char *p = line;
        char *a_txt = field(&p);
        if (!strcmp(a_txt, "sorted")) {
            /* Our stable sort of the terms in file order prints as OTP's lists:sort. */
            for (size_t i = 1; i < nterms; i++)
                for (size_t j = i; j > 0; j--) {
                    int c;
                    assert_int_equal(hl_term_compare(terms[j - 1], terms[j], false, NULL, &c), HL_TERM_OK);
                    if (c <= 0) break;
                    hl_term t = terms[j];
                    terms[j] = terms[j - 1];
                    terms[j - 1] = t;
                }
            tu_out o = {0};
            tu_puts(&o, "[");
            for (size_t i = 0; i < nterms; i++) {
                if (i) tu_puts(&o, ",");
                tu_print(&o, terms[i]);
            }
            tu_puts(&o, "]");
            assert_string_equal(o.buf, field(&p));
            free(o.buf);
            continue;
        }
        if (!strcmp(a_txt, "keys")) {
            char *m_txt = field(&p), *k_txt = field(&p);
            hl_term m = tu_parse(&h, m_txt);
            tu_out o = {0};
            tu_print(&o, m);
            assert_string_equal(o.buf, m_txt); /* printed in our key order = OTP's */
            o.n = 0;
            tu_puts(&o, "[");
            for (size_t i = 0; i < hl_flatmap_size(m); i++) {
                if (i) tu_puts(&o, ",");
                tu_print(&o, hl_tuple_get(hl_flatmap_keys(m), i));
            }
            tu_puts(&o, "]");
            assert_string_equal(o.buf, k_txt);
            free(o.buf);
            /* every key is found again */
            for (size_t i = 0; i < hl_flatmap_size(m); i++) {
                hl_term v;
                assert_int_equal(hl_flatmap_get(m, hl_tuple_get(hl_flatmap_keys(m), i), &v), HL_TERM_OK);
                assert_true(v == hl_flatmap_values(m)[i]);
            }
            hl_term v;
            assert_int_equal(hl_flatmap_get(m, hl_make_small(12345), &v), HL_TERM_BADARG);
            keys_checked++;
            continue;
        }
        char *b_txt = field(&p), *ord = field(&p), *eq = field(&p), *ex = field(&p);
        hl_term a = tu_parse(&h, a_txt), b = tu_parse(&h, b_txt);
        if (!first_a[0]) snprintf(first_a, sizeof first_a, "%s", a_txt);
        if (!strcmp(first_a, a_txt)) terms[nterms++] = b;
        int c, ce;
        assert_int_equal(hl_term_compare(a, b, false, NULL, &c), HL_TERM_OK);
        assert_int_equal(hl_term_compare(a, b, true, NULL, &ce), HL_TERM_OK);
        bool ok = sgn(c) == atoi(ord) && (c == 0) == !strcmp(eq, "true") &&
                  (ce == 0) == !strcmp(ex, "true");
        if (ce == 0) { /* =:= implies equal hashes */
            uint64_t ha, hb;
            assert_int_equal(hl_term_hash(a, 7, NULL, &ha), HL_TERM_OK);
            assert_int_equal(hl_term_hash(b, 7, NULL, &hb), HL_TERM_OK);
            ok = ok && ha == hb;
        }
        /* the reader/printer round trip (checks the test's own tools) */
        tu_out o = {0};
        tu_print(&o, a);
        ok = ok && !strcmp(o.buf, a_txt);
        free(o.buf);
        if (!ok && wrong++ < 20)
            print_error("%s vs %s: OTP order %s == %s =:= %s; ours %d %d\n", a_txt, b_txt, ord, eq, ex, c, ce);
        pairs++;
    }
    fclose(f);
    hl_heap_free(&h);
    tu_free_atoms();
    print_message("# %d OTP pairs, %zu terms sorted, %d key orders\n", pairs, nterms, keys_checked);
    assert_true(pairs > 6000);
    assert_true(keys_checked >= 1);
    assert_int_equal(wrong, 0);
}

/* Distinct terms hash differently (not guaranteed, but a decent hash makes
 * collisions among these few vanishingly rare), and hashes do not depend
 * on where a term lives. */
static void test_hash_spread(void **state) {
    (void)state;
    hl_heap h, h2;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    assert_int_equal(hl_heap_init(&h2, 0, LIMIT), HL_TERM_OK);
    const char *txt[] = {"0", "1", "-1", "1.0", "0.0", "-0.0", "a", "b", "{}", "[]", "{1}", "[1]",
                         "#{}", "#{1 => 2}", "#{2 => 1}", "<<>>", "<<0>>", "<<0:1>>", "<<0:7>>",
                         "{a,b}", "{b,a}", "[a|b]", "[a,b]", "18446744073709551616",
                         "-18446744073709551616", "576460752303423487", "576460752303423488"};
    size_t n = sizeof txt / sizeof txt[0];
    uint64_t hs[32];
    for (size_t i = 0; i < n; i++) {
        hl_term t = tu_parse(&h, txt[i]), c;
        assert_int_equal(hl_term_hash(t, 1, NULL, &hs[i]), HL_TERM_OK);
        assert_int_equal(hl_term_copy(&h2, t, &c), HL_TERM_OK);
        uint64_t hc;
        assert_int_equal(hl_term_hash(c, 1, NULL, &hc), HL_TERM_OK);
        assert_true(hc == hs[i]);
    }
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (strcmp(txt[i], "0.0") || strcmp(txt[j], "-0.0")) /* 0.0 =:= -0.0 in OTP 25 */
                assert_true(hs[i] != hs[j]);
    assert_true(hs[4] == hs[5]);
    hl_heap_free(&h);
    hl_heap_free(&h2);
    tu_free_atoms();
}

/* Builds a list of n elements, each a tuple holding the previous element:
 * depth n in both directions. */
static hl_term deep_term(hl_heap *h, long n, bool use_float) {
    hl_term acc = HL_NIL;
    for (long i = 0; i < n; i++) {
        hl_term *p;
        assert_int_equal(hl_heap_alloc(h, 4, &p), HL_TERM_OK);
        p[0] = hl_make_header(HL_SUB_TUPLE, 1);
        p[1] = acc;
        p[2] = hl_make_boxed(p);
        p[3] = HL_NIL;
        acc = hl_make_cons(p + 2); /* [{Prev}] */
    }
    hl_term leaf;
    if (use_float) assert_int_equal(hl_make_float(h, 1.0, &leaf), HL_TERM_OK);
    else leaf = hl_make_small(1);
    hl_term *p;
    assert_int_equal(hl_heap_alloc(h, 2, &p), HL_TERM_OK);
    p[0] = leaf;
    p[1] = acc;
    return hl_make_cons(p);
}

static void test_deep_terms(void **state) {
    (void)state;
    hl_heap h, h2;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    assert_int_equal(hl_heap_init(&h2, 0, LIMIT), HL_TERM_OK);
    long n = 1000000;
    hl_term a = deep_term(&h, n, false), b = deep_term(&h, n, true);
    int c;
    assert_int_equal(hl_term_compare(a, b, false, NULL, &c), HL_TERM_OK);
    assert_int_equal(c, 0);
    assert_int_equal(hl_term_compare(a, b, true, NULL, &c), HL_TERM_OK);
    assert_true(c < 0);
    uint64_t ha, hb;
    assert_int_equal(hl_term_hash(a, 0, NULL, &ha), HL_TERM_OK);
    assert_int_equal(hl_term_hash(b, 0, NULL, &hb), HL_TERM_OK);
    assert_true(ha != hb);
    size_t words;
    assert_int_equal(hl_term_size(a, SIZE_MAX, &words), HL_TERM_OK);
    assert_int_equal(words, (size_t)n * 4 + 2);
    hl_term ca;
    assert_int_equal(hl_term_copy(&h2, a, &ca), HL_TERM_OK);
    assert_int_equal(hl_heap_used_words(&h2), words);
    hl_roots r = {&ca, 1};
    assert_int_equal(hl_heap_gc(&h2, 0, &r, 1), HL_TERM_OK);
    assert_int_equal(hl_term_compare(a, ca, true, NULL, &c), HL_TERM_OK);
    assert_int_equal(c, 0);
    uint64_t hc;
    assert_int_equal(hl_term_hash(ca, 0, NULL, &hc), HL_TERM_OK);
    assert_true(hc == ha);
    hl_heap_free(&h);
    hl_heap_free(&h2);
}

/* X0 = 1, Xk = {Xk-1, Xk-1}: 2^60 leaves as a tree, 60 objects as a DAG.
 * Two separately built copies compare equal only after 2^60 steps: the
 * budget and the size bound must stop the work. */
static hl_term dag(hl_heap *h, int depth) {
    hl_term x = hl_make_small(1);
    for (int i = 0; i < depth; i++) {
        hl_term *p;
        assert_int_equal(hl_heap_alloc(h, 3, &p), HL_TERM_OK);
        p[0] = hl_make_header(HL_SUB_TUPLE, 2);
        p[1] = p[2] = x;
        x = hl_make_boxed(p);
    }
    return x;
}

static void test_shared_terms_bounded(void **state) {
    (void)state;
    hl_heap h, h2;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    assert_int_equal(hl_heap_init(&h2, 0, 1 << 20), HL_TERM_OK);
    hl_term a = dag(&h, 60), b = dag(&h, 60);
    int c = 5;
    uint64_t budget = 100000;
    assert_int_equal(hl_term_compare(a, b, false, &budget, &c), HL_TERM_BUDGET);
    assert_int_equal(budget, 0);
    budget = 100000;
    uint64_t hv;
    assert_int_equal(hl_term_hash(a, 0, &budget, &hv), HL_TERM_BUDGET);
    size_t words;
    assert_int_equal(hl_term_size(a, 1 << 20, &words), HL_TERM_HEAP_LIMIT);
    hl_term out;
    assert_int_equal(hl_term_copy(&h2, a, &out), HL_TERM_HEAP_LIMIT);
    assert_int_equal(hl_heap_used_words(&h2), 0);
    /* Small DAGs are fine: depth 10 is 2^10 leaves. */
    hl_term s1 = dag(&h, 10), s2 = dag(&h, 10);
    budget = 10000;
    assert_int_equal(hl_term_compare(s1, s2, true, &budget, &c), HL_TERM_OK);
    assert_int_equal(c, 0);
    assert_int_equal(hl_term_copy(&h2, s1, &out), HL_TERM_OK);
    assert_int_equal(hl_heap_used_words(&h2), 3 * 1023);
    hl_heap_free(&h);
    hl_heap_free(&h2);
}

static void test_copy_binaries_and_limits(void **state) {
    (void)state;
    hl_heap h, h2;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    assert_int_equal(hl_heap_init(&h2, 0, 10240), HL_TERM_OK);
    unsigned char data[5000];
    for (size_t i = 0; i < sizeof data; i++) data[i] = (unsigned char)i;
    hl_term big, small, t;
    assert_int_equal(hl_make_binary(&h, data, sizeof data, &big), HL_TERM_OK);
    assert_int_equal(hl_make_binary(&h, data, 10, &small), HL_TERM_OK);
    hl_term *p;
    assert_int_equal(hl_heap_alloc(&h, 3, &p), HL_TERM_OK);
    p[0] = hl_make_header(HL_SUB_TUPLE, 2);
    p[1] = big;
    p[2] = small;
    t = hl_make_boxed(p);
    hl_binary *b = (hl_binary *)(uintptr_t)hl_boxed_ptr(big)[2];
    assert_int_equal(b->refc, 1);
    hl_term c1, c2;
    assert_int_equal(hl_term_copy(&h2, t, &c1), HL_TERM_OK);
    assert_int_equal(b->refc, 2);
    assert_true(hl_heap_bytes(&h2) >= 5000);
    int c;
    assert_int_equal(hl_term_compare(t, c1, true, NULL, &c), HL_TERM_OK);
    assert_int_equal(c, 0);
    /* A second copy would pass h2's limit through its off-heap bytes. */
    assert_int_equal(hl_term_copy(&h2, t, &c2), HL_TERM_HEAP_LIMIT);
    assert_int_equal(b->refc, 2);
    hl_heap_free(&h); /* h2 keeps the binary alive */
    assert_int_equal(b->refc, 1);
    const unsigned char *bytes;
    uint64_t off, bits;
    hl_bitstring_view(hl_tuple_get(c1, 0), &bytes, &off, &bits);
    assert_int_equal(bits, 40000);
    assert_memory_equal(bytes, data, sizeof data);
    hl_heap_free(&h2);
}

/* Allocation failures while growing the compare/hash/copy stacks. */
static void test_alloc_failures(void **state) {
    (void)state;
    hl_heap h, h2;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    hl_term a = deep_term(&h, 1000, false), b = deep_term(&h, 1000, false);
    /* A wide tuple of deep terms forces the explicit stacks to grow. */
    hl_term *p;
    assert_int_equal(hl_heap_alloc(&h, 101, &p), HL_TERM_OK);
    p[0] = hl_make_header(HL_SUB_TUPLE, 100);
    for (int i = 1; i <= 100; i++) p[i] = a;
    hl_term wide = hl_make_boxed(p);
    int failures = 0;
    for (long n = 0; n < 50; n++) {
        assert_int_equal(hl_heap_init(&h2, 0, LIMIT), HL_TERM_OK);
        int c;
        uint64_t hv;
        hl_term out;
        hl_mem_fail_after(n);
        hl_term_status s1 = hl_term_compare(a, b, true, NULL, &c);
        hl_term_status s2 = hl_term_hash(wide, 0, NULL, &hv);
        hl_term_status s3 = hl_term_copy(&h2, wide, &out);
        hl_mem_fail_after(-1);
        assert_true(s1 == HL_TERM_OK || s1 == HL_TERM_NOMEM);
        assert_true(s2 == HL_TERM_OK || s2 == HL_TERM_NOMEM);
        assert_true(s3 == HL_TERM_OK || s3 == HL_TERM_NOMEM);
        if (s1 == HL_TERM_OK) assert_int_equal(c, 0);
        hl_heap_free(&h2);
        if (s1 == HL_TERM_OK && s2 == HL_TERM_OK && s3 == HL_TERM_OK) break;
        failures++;
    }
    assert_true(failures >= 2);
    hl_heap_free(&h);
}

/* Bitstrings at every bit offset compare, hash and copy like their
 * byte-aligned equals. */
static void test_unaligned_bitstrings(void **state) {
    (void)state;
    hl_heap h, h2;
    assert_int_equal(hl_heap_init(&h, 0, LIMIT), HL_TERM_OK);
    assert_int_equal(hl_heap_init(&h2, 0, LIMIT), HL_TERM_OK);
    unsigned char src[80];
    for (size_t i = 0; i < sizeof src; i++) src[i] = (unsigned char)(i * 37 + 11);
    for (unsigned off = 0; off < 8; off++)
        for (uint64_t bits = 0; bits <= 8 * 70; bits += 13) {
            /* A binary holding src shifted right by off bits, sliced at off. */
            unsigned char shifted[81] = {0};
            for (uint64_t i = 0; i < bits; i++) {
                unsigned bit = (src[i / 8] >> (7 - i % 8)) & 1;
                uint64_t j = i + off;
                shifted[j / 8] |= (unsigned char)(bit << (7 - j % 8));
            }
            hl_term base, *p;
            assert_int_equal(hl_make_binary(&h, shifted, sizeof shifted, &base), HL_TERM_OK);
            assert_int_equal(hl_heap_alloc(&h, HL_SUB_BIN_WORDS, &p), HL_TERM_OK);
            p[0] = hl_make_header(HL_SUB_SUB_BIN, 3);
            p[1] = base;
            p[2] = off;
            p[3] = bits;
            hl_term sub = hl_make_boxed(p);
            hl_term aligned = tu_bits(&h, src, bits);
            int c;
            assert_int_equal(hl_term_compare(sub, aligned, true, NULL, &c), HL_TERM_OK);
            assert_int_equal(c, 0);
            uint64_t h1, h2v;
            assert_int_equal(hl_term_hash(sub, 3, NULL, &h1), HL_TERM_OK);
            assert_int_equal(hl_term_hash(aligned, 3, NULL, &h2v), HL_TERM_OK);
            assert_true(h1 == h2v);
            hl_term copy;
            assert_int_equal(hl_term_copy(&h2, sub, &copy), HL_TERM_OK);
            assert_int_equal(hl_term_compare(copy, aligned, true, NULL, &c), HL_TERM_OK);
            assert_int_equal(c, 0);
            /* one more bit, or one bit flipped, orders after */
            if (bits + 1 <= 8 * 70) {
                p[3] = bits + 1;
                assert_int_equal(hl_term_compare(sub, aligned, true, NULL, &c), HL_TERM_OK);
                assert_true(c > 0);
                p[3] = bits;
            }
            if (bits) {
                uint64_t j = off + bits - 1; /* flip the last bit */
                const unsigned char *cb;
                uint64_t o2, n2;
                hl_bitstring_view(base, &cb, &o2, &n2);
                unsigned char *bytes = (unsigned char *)(uintptr_t)cb; /* ours: writable */
                bytes[j / 8] ^= (unsigned char)(1u << (7 - j % 8));
                assert_int_equal(hl_term_compare(sub, aligned, true, NULL, &c), HL_TERM_OK);
                assert_true(c != 0);
                assert_int_equal(hl_term_hash(sub, 3, NULL, &h1), HL_TERM_OK);
                assert_true(h1 != h2v);
            }
        }
    hl_heap_free(&h);
    hl_heap_free(&h2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_otp_order),        cmocka_unit_test(test_hash_spread),
        cmocka_unit_test(test_deep_terms),       cmocka_unit_test(test_shared_terms_bounded),
        cmocka_unit_test(test_copy_binaries_and_limits), cmocka_unit_test(test_alloc_failures),
        cmocka_unit_test(test_unaligned_bitstrings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
