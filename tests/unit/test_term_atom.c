/* test_term_atom.c — the global atom table: static atoms, program pools,
 * release back to the warm-up count (invariant 1), pool-limited lookup,
 * thread safety and every allocation failure path. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "term/atom.h"

static hl_atom_pool *make_pool(const char **names, size_t n, hl_term *out) {
    size_t lens[64];
    assert_true(n <= 64);
    for (size_t i = 0; i < n; i++) lens[i] = strlen(names[i]);
    hl_atom_pool *p = NULL;
    assert_int_equal(hl_atom_pool_new(names, lens, n, out, &p), HL_TERM_OK);
    return p;
}

static void test_static_atoms(void **state) {
    (void)state;
    size_t n;
    assert_int_equal(hl_atom_index(HL_AM(false)), 0);
    assert_int_equal(hl_atom_index(HL_AM(true)), 1);
    const char *s = hl_atom_name(HL_ATOM_IDX_function_clause, &n);
    assert_int_equal(n, strlen("function_clause"));
    assert_memory_equal(s, "function_clause", n);
    s = hl_atom_name(HL_ATOM_IDX_nonode_nohost, &n);
    assert_memory_equal(s, "nonode@nohost", n);
    hl_term t;
    assert_int_equal(hl_atom_find_static("badarith", 8, &t), HL_TERM_OK);
    assert_true(t == HL_AM(badarith));
    assert_int_equal(hl_atom_find_static("nope", 4, &t), HL_TERM_BADARG);
    assert_true(hl_atom_compare(HL_ATOM_IDX_error, HL_ATOM_IDX_ok) < 0);
    assert_true(hl_atom_compare(HL_ATOM_IDX_ok, HL_ATOM_IDX_error) > 0);
    assert_true(hl_atom_compare(HL_ATOM_IDX_ok, HL_ATOM_IDX_ok) == 0);
    assert_true(hl_atom_compare(HL_ATOM_IDX_exit, HL_ATOM_IDX_EXIT) > 0); /* 'e' > 'E' */
}

static void test_pool_basics(void **state) {
    (void)state;
    const char *names[] = {"alpha", "ok", "beta", "alpha", ""};
    hl_term a[5];
    size_t before = hl_atom_count();
    hl_atom_pool *p = make_pool(names, 5, a);
    assert_true(a[0] == a[3]);
    assert_true(a[1] == HL_AM(ok));
    assert_int_equal(hl_atom_pool_size(p), 3); /* alpha, beta, '' */
    assert_int_equal(hl_atom_count(), before + 3);
    size_t n;
    const char *s = hl_atom_name(hl_atom_index(a[2]), &n);
    assert_int_equal(n, 4);
    assert_memory_equal(s, "beta", 4);
    assert_true(hl_atom_compare(hl_atom_index(a[0]), hl_atom_index(a[2])) < 0);
    assert_true(hl_atom_compare(hl_atom_index(a[4]), hl_atom_index(a[0])) < 0);
    assert_int_equal(hl_atom_hash(hl_atom_index(a[0])), hl_atom_hash(hl_atom_index(a[3])));

    /* A second program sharing a name gets the same index; the name stays
     * while either program is loaded. */
    const char *names2[] = {"beta", "gamma"};
    hl_term b[2];
    hl_atom_pool *q = make_pool(names2, 2, b);
    assert_true(b[0] == a[2]);
    assert_int_equal(hl_atom_count(), before + 4);

    hl_term t;
    assert_int_equal(hl_atom_pool_lookup(p, "alpha", 5, &t), HL_TERM_OK);
    assert_true(t == a[0]);
    assert_int_equal(hl_atom_pool_lookup(p, "gamma", 5, &t), HL_TERM_BADARG); /* q's atom */
    assert_int_equal(hl_atom_pool_lookup(q, "alpha", 5, &t), HL_TERM_BADARG); /* p's atom */
    assert_int_equal(hl_atom_pool_lookup(q, "gamma", 5, &t), HL_TERM_OK);
    assert_int_equal(hl_atom_pool_lookup(q, "undefined", 9, &t), HL_TERM_OK); /* static */
    assert_true(t == HL_AM(undefined));
    assert_int_equal(hl_atom_pool_lookup(q, "never", 5, &t), HL_TERM_BADARG);

    hl_atom_pool_free(p);
    assert_int_equal(hl_atom_count(), before + 2);
    s = hl_atom_name(hl_atom_index(b[0]), &n);
    assert_memory_equal(s, "beta", 4);
    assert_int_equal(hl_atom_pool_lookup(q, "beta", 4, &t), HL_TERM_OK);
    hl_atom_pool_free(q);
    assert_int_equal(hl_atom_count(), before);
    hl_atom_pool_free(NULL);
}

static void test_retain_release(void **state) {
    (void)state;
    const char *names[] = {"kept_after_unload"};
    hl_term a[1];
    size_t before = hl_atom_count();
    hl_atom_pool *p = make_pool(names, 1, a);
    assert_int_equal(hl_atom_retain(a[0]), HL_TERM_OK);
    assert_int_equal(hl_atom_retain(HL_AM(ok)), HL_TERM_OK);
    hl_atom_pool_free(p);
    assert_int_equal(hl_atom_count(), before + 1);
    size_t n;
    assert_memory_equal(hl_atom_name(hl_atom_index(a[0]), &n), "kept_after_unload", 17);
    hl_atom_release(a[0]);
    hl_atom_release(HL_AM(ok));
    assert_int_equal(hl_atom_count(), before);
    assert_int_equal(hl_atom_retain(a[0]), HL_TERM_BADARG); /* dead */
    assert_int_equal(hl_atom_retain(hl_make_small(3)), HL_TERM_BADARG);
}

static void test_name_limits(void **state) {
    (void)state;
    char buf[2000];
    memset(buf, 'x', sizeof buf);
    const char *names[1] = {buf};
    size_t lens[1] = {255};
    hl_term out[1];
    hl_atom_pool *p;
    assert_int_equal(hl_atom_pool_new(names, lens, 1, out, &p), HL_TERM_OK);
    hl_atom_pool_free(p);
    lens[0] = 256;
    assert_int_equal(hl_atom_pool_new(names, lens, 1, out, &p), HL_TERM_SYSTEM_LIMIT);
    assert_null(p);
    /* 255 code points of 4 bytes each is fine, 256 is not. */
    for (int i = 0; i < 256; i++) memcpy(buf + 4 * i, "\xF0\x9F\x98\x80", 4);
    lens[0] = 1020;
    assert_int_equal(hl_atom_pool_new(names, lens, 1, out, &p), HL_TERM_OK);
    hl_atom_pool_free(p);
    lens[0] = 1024;
    assert_int_equal(hl_atom_pool_new(names, lens, 1, out, &p), HL_TERM_SYSTEM_LIMIT);
    hl_term t;
    assert_int_equal(hl_atom_pool_lookup(NULL, buf, 1024, &t), HL_TERM_BADARG);
}

/* Invariant 1: 10,000 distinct programs, each with fresh names, loaded and
 * unloaded; the global count returns to the post-warm-up value, and no
 * program can name another's atoms. */
static void test_ten_thousand_programs(void **state) {
    (void)state;
    const char *warm[] = {"warm_a", "warm_b"};
    hl_term w[2];
    hl_atom_pool *warm_pool = make_pool(warm, 2, w);
    size_t baseline = hl_atom_count();
    enum { PER = 8 };
    char store[PER][32];
    const char *names[PER];
    size_t lens[PER];
    hl_term out[PER];
    hl_atom_pool *prev = NULL;
    char prev_name[32] = "";
    for (int prog = 0; prog < 10000; prog++) {
        for (int i = 0; i < PER; i++) {
            lens[i] = (size_t)snprintf(store[i], sizeof store[i], "p%d_atom_%d", prog, i);
            names[i] = store[i];
        }
        hl_atom_pool *p;
        assert_int_equal(hl_atom_pool_new(names, lens, PER, out, &p), HL_TERM_OK);
        hl_term t;
        assert_int_equal(hl_atom_pool_lookup(p, store[3], lens[3], &t), HL_TERM_OK);
        assert_true(t == out[3]);
        if (prev) { /* the previous program is still loaded: its atoms exist */
            assert_int_equal(hl_atom_pool_lookup(p, prev_name, strlen(prev_name), &t),
                             HL_TERM_BADARG);
            assert_int_equal(hl_atom_pool_lookup(prev, prev_name, strlen(prev_name), &t),
                             HL_TERM_OK);
            assert_int_equal(hl_atom_pool_lookup(p, "warm_a", 6, &t), HL_TERM_BADARG);
            hl_atom_pool_free(prev);
        }
        prev = p;
        memcpy(prev_name, store[5], lens[5] + 1);
        assert_true(hl_atom_count() <= baseline + PER);
    }
    hl_atom_pool_free(prev);
    assert_int_equal(hl_atom_count(), baseline);
    hl_term t;
    assert_int_equal(hl_atom_pool_lookup(warm_pool, "p9999_atom_1", 12, &t), HL_TERM_BADARG);
    hl_atom_pool_free(warm_pool);
}

static void *thread_body(void *arg) {
    int id = (int)(intptr_t)arg;
    char store[4][32];
    const char *names[4];
    size_t lens[4];
    hl_term out[4];
    for (int round = 0; round < 500; round++) {
        for (int i = 0; i < 4; i++) {
            /* half the names are shared between threads */
            lens[i] = (size_t)snprintf(store[i], sizeof store[i], i < 2 ? "shared_%d" : "t%d_%d",
                                       i < 2 ? i : id, round);
            names[i] = store[i];
        }
        hl_atom_pool *p;
        if (hl_atom_pool_new(names, lens, 4, out, &p) != HL_TERM_OK) return (void *)1;
        size_t n;
        const char *s = hl_atom_name(hl_atom_index(out[0]), &n);
        if (n != lens[0] || memcmp(s, store[0], n) != 0) return (void *)1;
        hl_atom_pool_free(p);
    }
    return NULL;
}

static void test_threads(void **state) {
    (void)state;
    size_t before = hl_atom_count();
    pthread_t th[4];
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_create(&th[i], NULL, thread_body, (void *)(intptr_t)i), 0);
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(th[i], &r);
        assert_null(r);
    }
    assert_int_equal(hl_atom_count(), before);
}

/* Every allocation failure point of pool creation returns NOMEM and leaves
 * the table exactly as it was. */
static void test_alloc_failures(void **state) {
    (void)state;
    const char *names[] = {"f_one", "f_two", "ok", "f_three"};
    size_t lens[] = {5, 5, 2, 7};
    hl_term out[4];
    size_t before = hl_atom_count();
    int failures = 0;
    for (long n = 0; n < 200; n++) {
        hl_atom_pool *p = NULL;
        hl_mem_fail_after(n);
        hl_term_status st = hl_atom_pool_new(names, lens, 4, out, &p);
        hl_mem_fail_after(-1);
        if (st == HL_TERM_OK) {
            assert_int_equal(hl_atom_count(), before + 3);
            hl_atom_pool_free(p);
            assert_int_equal(hl_atom_count(), before);
            if (n > 20) break;
            continue;
        }
        failures++;
        assert_int_equal(st, HL_TERM_NOMEM);
        assert_null(p);
        assert_int_equal(hl_atom_count(), before);
    }
    assert_true(failures >= 3);
}

static void test_shutdown(void **state) {
    (void)state;
    const char *names[] = {"x_shut"};
    hl_term out[1];
    hl_atom_pool *p = make_pool(names, 1, out);
    assert_false(hl_atom_table_shutdown());
    hl_atom_pool_free(p);
    assert_true(hl_atom_table_shutdown());
    assert_int_equal(hl_atom_count(), HL_ATOM_STATIC_COUNT);
    p = make_pool(names, 1, out); /* usable again */
    hl_atom_pool_free(p);
    assert_true(hl_atom_table_shutdown());
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_static_atoms),   cmocka_unit_test(test_pool_basics),
        cmocka_unit_test(test_retain_release), cmocka_unit_test(test_name_limits),
        cmocka_unit_test(test_ten_thousand_programs), cmocka_unit_test(test_threads),
        cmocka_unit_test(test_alloc_failures), cmocka_unit_test(test_shutdown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
