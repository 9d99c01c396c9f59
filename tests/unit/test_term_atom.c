/* test_term_atom.c — atom tables: static atoms, program pools, release
 * back to the static count (invariant 1), pool-limited lookup, tables that
 * are independent of each other, the table limit, thread safety and every
 * allocation failure path. */
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

/* The table most tests intern into (a test owns its table as an engine
 * does). */
static hl_atom_table *tab;

static size_t count(void) { return hl_atom_table_count(tab); }

static hl_atom_pool *make_pool(const char **names, size_t n, hl_term *out) {
    size_t lens[64];
    assert_true(n <= 64);
    for (size_t i = 0; i < n; i++) lens[i] = strlen(names[i]);
    hl_atom_pool *p = NULL;
    assert_int_equal(hl_atom_pool_new(tab, names, lens, n, out, &p), HL_TERM_OK);
    return p;
}

static void test_static_atoms(void **state) {
    (void)state;
    size_t n;
    assert_int_equal(hl_atom_index(HL_AM(false)), 0);
    assert_int_equal(hl_atom_index(HL_AM(true)), 1);
    const char *s = hl_atom_name(HL_AM(function_clause), &n);
    assert_int_equal(n, strlen("function_clause"));
    assert_memory_equal(s, "function_clause", n);
    s = hl_atom_name(HL_AM(nonode_nohost), &n);
    assert_memory_equal(s, "nonode@nohost", n);
    hl_term t;
    assert_int_equal(hl_atom_find_static("badarith", 8, &t), HL_TERM_OK);
    assert_true(t == HL_AM(badarith));
    assert_int_equal(hl_atom_find_static("nope", 4, &t), HL_TERM_BADARG);
    assert_true(hl_atom_compare(HL_AM(error), HL_AM(ok)) < 0);
    assert_true(hl_atom_compare(HL_AM(ok), HL_AM(error)) > 0);
    assert_true(hl_atom_compare(HL_AM(ok), HL_AM(ok)) == 0);
    assert_true(hl_atom_compare(HL_AM(exit), HL_AM(EXIT)) > 0); /* 'e' > 'E' */
}

static void test_pool_basics(void **state) {
    (void)state;
    const char *names[] = {"alpha", "ok", "beta", "alpha", ""};
    hl_term a[5];
    size_t before = count();
    hl_atom_pool *p = make_pool(names, 5, a);
    assert_true(a[0] == a[3]);
    assert_true(a[1] == HL_AM(ok));
    assert_int_equal(hl_atom_pool_size(p), 3); /* alpha, beta, '' */
    assert_int_equal(count(), before + 3);
    size_t n;
    const char *s = hl_atom_name(a[2], &n);
    assert_int_equal(n, 4);
    assert_memory_equal(s, "beta", 4);
    assert_true(hl_atom_compare(a[0], a[2]) < 0);
    assert_true(hl_atom_compare(a[4], a[0]) < 0);
    assert_int_equal(hl_atom_hash(a[0]), hl_atom_hash(a[3]));

    /* A second program sharing a name gets the same index; the name stays
     * while either program is loaded. */
    const char *names2[] = {"beta", "gamma"};
    hl_term b[2];
    hl_atom_pool *q = make_pool(names2, 2, b);
    assert_true(b[0] == a[2]);
    assert_int_equal(count(), before + 4);

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
    assert_int_equal(count(), before + 2);
    s = hl_atom_name(b[0], &n);
    assert_memory_equal(s, "beta", 4);
    assert_int_equal(hl_atom_pool_lookup(q, "beta", 4, &t), HL_TERM_OK);
    hl_atom_pool_free(q);
    assert_int_equal(count(), before);
    hl_atom_pool_free(NULL);
}

static void test_retain_release(void **state) {
    (void)state;
    const char *names[] = {"kept_after_unload"};
    hl_term a[1];
    size_t before = count();
    hl_atom_pool *p = make_pool(names, 1, a);
    assert_int_equal(hl_atom_retain(a[0]), HL_TERM_OK);
    assert_int_equal(hl_atom_retain(HL_AM(ok)), HL_TERM_OK);
    hl_atom_pool_free(p);
    assert_int_equal(count(), before + 1);
    size_t n;
    assert_memory_equal(hl_atom_name(a[0], &n), "kept_after_unload", 17);
    hl_atom_release(a[0]);
    hl_atom_release(HL_AM(ok));
    assert_int_equal(count(), before);
    /* (a[0] is dead now: its term dangles like any term of an unloaded
     * program, so it is not used again; a retain needs a live atom.) */
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
    assert_int_equal(hl_atom_pool_new(tab, names, lens, 1, out, &p), HL_TERM_OK);
    hl_atom_pool_free(p);
    lens[0] = 256;
    assert_int_equal(hl_atom_pool_new(tab, names, lens, 1, out, &p), HL_TERM_SYSTEM_LIMIT);
    assert_null(p);
    /* 255 code points of 4 bytes each is fine, 256 is not. */
    for (int i = 0; i < 256; i++) memcpy(buf + 4 * i, "\xF0\x9F\x98\x80", 4);
    lens[0] = 1020;
    assert_int_equal(hl_atom_pool_new(tab, names, lens, 1, out, &p), HL_TERM_OK);
    hl_atom_pool_free(p);
    lens[0] = 1024;
    assert_int_equal(hl_atom_pool_new(tab, names, lens, 1, out, &p), HL_TERM_SYSTEM_LIMIT);
    hl_term t;
    assert_int_equal(hl_atom_pool_lookup(NULL, buf, 1024, &t), HL_TERM_BADARG);
}

/* Invariant 1: 10,000 distinct programs, each with fresh names, loaded and
 * unloaded; the table's count returns to the post-warm-up value, and no
 * program can name another's atoms. */
static void test_ten_thousand_programs(void **state) {
    (void)state;
    const char *warm[] = {"warm_a", "warm_b"};
    hl_term w[2];
    hl_atom_pool *warm_pool = make_pool(warm, 2, w);
    size_t baseline = count();
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
        assert_int_equal(hl_atom_pool_new(tab, names, lens, PER, out, &p), HL_TERM_OK);
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
        assert_true(count() <= baseline + PER);
    }
    hl_atom_pool_free(prev);
    assert_int_equal(count(), baseline);
    hl_term t;
    assert_int_equal(hl_atom_pool_lookup(warm_pool, "p9999_atom_1", 12, &t), HL_TERM_BADARG);
    hl_atom_pool_free(warm_pool);
}

static hl_atom_table *tabs[2]; /* test_threads: two engines' tables */

static void *thread_body(void *arg) {
    int id = (int)(intptr_t)arg;
    hl_atom_table *t = tabs[id & 1];
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
        if (hl_atom_pool_new(t, names, lens, 4, out, &p) != HL_TERM_OK) return (void *)1;
        /* the name stays this table's: the other table never sees it */
        hl_term x;
        if (hl_atom_pool_lookup(p, store[2], lens[2], &x) != HL_TERM_OK || x != out[2]) return (void *)1;
        size_t n;
        const char *s = hl_atom_name(out[0], &n);
        if (n != lens[0] || memcmp(s, store[0], n) != 0) return (void *)1;
        hl_atom_pool_free(p);
    }
    return NULL;
}

static void test_threads(void **state) {
    (void)state;
    tabs[0] = tab;
    tabs[1] = hl_atom_table_new(HL_ATOM_TABLE_MAX);
    assert_non_null(tabs[1]);
    size_t before = count();
    pthread_t th[4];
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_create(&th[i], NULL, thread_body, (void *)(intptr_t)i), 0);
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(th[i], &r);
        assert_null(r);
    }
    assert_int_equal(count(), before);
    assert_int_equal(hl_atom_table_count(tabs[1]), HL_ATOM_STATIC_COUNT);
    hl_atom_table_release(tabs[1]);
}

/* Every allocation failure point of pool creation returns NOMEM and leaves
 * the table exactly as it was. */
static void test_alloc_failures(void **state) {
    (void)state;
    const char *names[] = {"f_one", "f_two", "ok", "f_three"};
    size_t lens[] = {5, 5, 2, 7};
    hl_term out[4];
    size_t before = count();
    int failures = 0;
    for (long n = 0; n < 200; n++) {
        hl_atom_pool *p = NULL;
        hl_mem_fail_after(n);
        hl_term_status st = hl_atom_pool_new(tab, names, lens, 4, out, &p);
        hl_mem_fail_after(-1);
        if (st == HL_TERM_OK) {
            assert_int_equal(count(), before + 3);
            hl_atom_pool_free(p);
            assert_int_equal(count(), before);
            if (n > 20) break;
            continue;
        }
        failures++;
        assert_int_equal(st, HL_TERM_NOMEM);
        assert_null(p);
        assert_int_equal(count(), before);
    }
    assert_true(failures >= 3);
}

/* Two tables are independent: the same name is a different entry in each
 * (equal by name in term order), counted and released separately. */
static void test_tables_independent(void **state) {
    (void)state;
    hl_atom_table *other = hl_atom_table_new(HL_ATOM_TABLE_MAX);
    assert_non_null(other);
    const char *names[] = {"shared_name", "only_here"};
    size_t lens[] = {11, 9};
    hl_term a[2], b[1];
    hl_atom_pool *p = make_pool(names, 2, a), *q;
    size_t before = count();
    assert_int_equal(hl_atom_pool_new(other, names, lens, 1, b, &q), HL_TERM_OK);
    assert_true(a[0] != b[0]);
    assert_int_equal(hl_atom_compare(a[0], b[0]), 0);
    assert_int_equal(hl_atom_hash(a[0]), hl_atom_hash(b[0]));
    assert_int_equal(count(), before); /* nothing added to tab */
    assert_int_equal(hl_atom_table_count(other), HL_ATOM_STATIC_COUNT + 1);
    hl_term t;
    assert_int_equal(hl_atom_pool_lookup(q, "only_here", 9, &t), HL_TERM_BADARG);
    assert_int_equal(hl_atom_pool_lookup(q, "ok", 2, &t), HL_TERM_OK); /* static: shared */
    assert_true(t == HL_AM(ok));
    hl_atom_pool_free(p);
    /* The owner lets go first: the pool keeps the table's memory. */
    hl_atom_table_release(other);
    size_t n;
    assert_memory_equal(hl_atom_name(b[0], &n), "shared_name", 11);
    hl_atom_pool_free(q); /* the last holder: the table goes (ASan: no leak) */
}

/* A table holds at most its limit of dynamic atoms: one more is refused
 * (SYSTEM_LIMIT) and leaves nothing behind; names it already has and
 * static atoms still intern. */
static void test_table_limit(void **state) {
    (void)state;
    hl_atom_table *small = hl_atom_table_new(3);
    assert_non_null(small);
    assert_int_equal(hl_atom_table_max(small), 3);
    const char *names[] = {"l1", "l2", "l3", "l4"};
    size_t lens[] = {2, 2, 2, 2};
    hl_term out[4];
    hl_atom_pool *p, *q;
    assert_int_equal(hl_atom_pool_new(small, names, lens, 4, out, &p), HL_TERM_SYSTEM_LIMIT);
    assert_null(p);
    assert_int_equal(hl_atom_table_count(small), HL_ATOM_STATIC_COUNT);
    assert_int_equal(hl_atom_pool_new(small, names, lens, 3, out, &p), HL_TERM_OK);
    const char *again[] = {"l2", "ok", "l3"};
    size_t alens[] = {2, 2, 2};
    assert_int_equal(hl_atom_pool_new(small, again, alens, 3, out, &q), HL_TERM_OK);
    hl_atom_pool_free(q);
    hl_atom_pool_free(p);
    assert_int_equal(hl_atom_pool_new(small, names + 1, lens, 3, out, &p), HL_TERM_OK); /* room again */
    hl_atom_pool_free(p);
    hl_atom_table_release(small);
}

/* Growing the name index (a pool of more names than a fresh table has
 * slots for) fails cleanly at every allocation: NOMEM, table unchanged,
 * and the same pool then succeeds. */
static void test_growth_alloc_failures(void **state) {
    (void)state;
    enum { N = 700 };
    static char store[N][16];
    static const char *names[N];
    static size_t lens[N];
    static hl_term out[N];
    for (int i = 0; i < N; i++) {
        lens[i] = (size_t)snprintf(store[i], sizeof store[i], "grow_%d", i);
        names[i] = store[i];
    }
    hl_atom_table *g = hl_atom_table_new(HL_ATOM_TABLE_MAX);
    assert_non_null(g);
    int failures = 0;
    for (long n = 0;; n++) {
        hl_atom_pool *p = NULL;
        hl_mem_fail_after(n);
        hl_term_status st = hl_atom_pool_new(g, names, lens, N, out, &p);
        hl_mem_fail_after(-1);
        if (st == HL_TERM_OK) {
            assert_int_equal(hl_atom_table_count(g), HL_ATOM_STATIC_COUNT + N);
            hl_atom_pool_free(p);
            break;
        }
        failures++;
        assert_int_equal(st, HL_TERM_NOMEM);
        assert_null(p);
        assert_int_equal(hl_atom_table_count(g), HL_ATOM_STATIC_COUNT);
    }
    assert_true(failures > N); /* every entry and the index growth failed once */
    assert_int_equal(hl_atom_table_count(g), HL_ATOM_STATIC_COUNT);
    hl_atom_table_release(g);
    /* A table whose creation fails at any point returns NULL, leaking nothing. */
    for (long n = 0; n < 4; n++) {
        hl_mem_fail_after(n);
        hl_atom_table *t = hl_atom_table_new(16);
        hl_mem_fail_after(-1);
        if (t) { hl_atom_table_release(t); break; }
    }
}

static int setup(void **state) {
    (void)state;
    tab = hl_atom_table_new(HL_ATOM_TABLE_MAX);
    return tab ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    assert_int_equal(count(), HL_ATOM_STATIC_COUNT); /* every test released its atoms */
    hl_atom_table_release(tab);
    return 0;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_static_atoms),   cmocka_unit_test(test_pool_basics),
        cmocka_unit_test(test_retain_release), cmocka_unit_test(test_name_limits),
        cmocka_unit_test(test_ten_thousand_programs), cmocka_unit_test(test_threads),
        cmocka_unit_test(test_alloc_failures), cmocka_unit_test(test_tables_independent),
        cmocka_unit_test(test_table_limit), cmocka_unit_test(test_growth_alloc_failures),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
