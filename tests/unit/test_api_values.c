/* test_api_values.c — the host-value API at scale and the run's details as
 * values: enumerating 100,000 list elements and map pairs (every one
 * checked; the position index is built once per value, so the whole costs
 * O(n)), the old behaviour kept (improper lists, out-of-range positions,
 * one value read from several threads), an uncaught exception's class,
 * reason and stack as hl_values (a part holding a fun refused, an argument
 * list holding a fun replaced by its length), and the reductions a run
 * used (hl_run_counted, hl_error_reductions). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

#include <cmocka.h>

#include "base/mem.h"
#include "host/host_int.h"
#include "term/map.h"
#include "hyperlang.h"

static const char SRC[] =
    "-module(v).\n"
    "-export([big/1, boom/1, clause/0, funreason/0, fib/1, loop/0, caught/0]).\n"
    "big(N) -> L = lists:seq(1, N), {L, maps:from_list([{I, I * 3} || I <- L])}.\n"
    "boom(X) -> {ok, _} = X.\n"
    "only_int(X) when is_integer(X) -> X.\n"
    "clause() -> F = fun() -> ok end, only_int(F), ok.\n"
    "funreason() -> error({bad, fun() -> ok end}).\n"
    "fib(N) when N < 2 -> N;\n"
    "fib(N) -> fib(N - 1) + fib(N - 2).\n"
    "loop() -> loop().\n"
    "caught() -> try boom(7) catch C:R:S -> {C, R, S} end.\n";

static hl_engine *eng;
static hl_module *mod;

static int setup(void **state) {
    (void)state;
    if (hl_engine_new(&eng) != HL_OK) return -1;
    hl_error *err = NULL;
    if (hl_compile(eng, "v.erl", SRC, strlen(SRC), NULL, &mod, &err) != HL_OK) {
        fprintf(stderr, "%s\n", hl_error_message(err));
        hl_error_free(err);
        return -1;
    }
    return 0;
}

static int teardown(void **state) {
    (void)state;
    hl_module_free(mod);
    hl_engine_free(eng);
    return 0;
}

static char *text_of(const hl_value *v) {
    char *t = NULL;
    assert_int_equal(hl_value_to_text(v, 0, &t, NULL), HL_OK);
    return t;
}

static int64_t int_of(const hl_value *v) {
    int64_t i = -1;
    assert_int_equal(hl_value_get_int(v, &i), HL_OK);
    return i;
}

enum { BIG = 100000 };

/* Every element and every pair of a 100,000-element list and map, in
 * order; the index is built by the first call and reused by all others
 * (the work counted: one index, never rebuilt). Under the O(i) walk this
 * was ~5e9 cell visits for the list alone. */
static void test_enumerate_big(void **state) {
    (void)state;
    hl_value *n, *r = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_value_int(BIG, &n), HL_OK);
    hl_run_limits lim = {100000000, 512u << 20, 60000, 0};
    hl_status st = hl_run(mod, "big", &n, 1, &lim, &r, &err);
    if (st != HL_OK) fprintf(stderr, "%s\n", hl_error_message(err));
    assert_int_equal(st, HL_OK);
    hl_value_free(n);
    hl_value *list, *map;
    assert_int_equal(hl_value_element(r, 0, &list), HL_OK);
    assert_int_equal(hl_value_element(r, 1, &map), HL_OK);

    size_t count = 0;
    assert_null(atomic_load(&list->index));
    assert_int_equal(hl_value_count(list, &count), HL_OK);
    assert_int_equal(count, BIG);
    assert_null(atomic_load(&list->index)); /* counting builds no index */
    hl_value *first;
    assert_int_equal(hl_value_element(list, 0, &first), HL_OK);
    assert_int_equal(int_of(first), 1);
    hl_value_free(first);
    const hl_value_index *ix = atomic_load(&list->index);
    assert_non_null(ix);
    assert_int_equal(hl_value_count(list, &count), HL_OK); /* now from the index */
    assert_int_equal(count, BIG);
    for (size_t i = 0; i < BIG; i++) {
        hl_value *e;
        assert_int_equal(hl_value_element(list, i, &e), HL_OK);
        assert_int_equal(int_of(e), (int64_t)i + 1);
        hl_value_free(e);
    }
    assert_ptr_equal(atomic_load(&list->index), ix);
    hl_value *e = NULL;
    assert_int_equal(hl_value_element(list, BIG, &e), HL_EMISUSE);
    assert_null(e);

    assert_int_equal(hl_value_count(map, &count), HL_OK);
    assert_int_equal(count, BIG);
    unsigned char *seen = calloc(BIG + 1, 1);
    assert_non_null(seen);
    hl_value *k, *v;
    assert_int_equal(hl_value_map_pair(map, 0, &k, &v), HL_OK);
    ix = atomic_load(&map->index);
    assert_non_null(ix);
    hl_value_free(k);
    hl_value_free(v);
    for (size_t i = 0; i < BIG; i++) {
        assert_int_equal(hl_value_map_pair(map, i, &k, &v), HL_OK);
        int64_t key = int_of(k);
        assert_true(key >= 1 && key <= BIG);
        assert_int_equal(seen[key], 0);
        seen[key] = 1;
        assert_int_equal(int_of(v), 3 * key);
        hl_value_free(k);
        hl_value_free(v);
    }
    assert_ptr_equal(atomic_load(&map->index), ix);
    assert_int_equal(hl_value_map_pair(map, BIG, &k, &v), HL_EMISUSE);
    free(seen);
    hl_value_free(list);
    hl_value_free(map);
    hl_value_free(r);
}

/* The order of hl_value_map_pair is still maps:to_list/1's (the map
 * iterator's; above 32 keys OTP's internal order, which test_api checks
 * against OTP): the indexed answers against a walk. */
static void test_map_order_kept(void **state) {
    (void)state;
    hl_value *n, *r, *map;
    assert_int_equal(hl_value_int(40, &n), HL_OK);
    assert_int_equal(hl_run(mod, "big", &n, 1, NULL, &r, NULL), HL_OK);
    assert_int_equal(hl_value_element(r, 1, &map), HL_OK);
    hl_map_iter it;
    hl_map_iter_init(&it, map->t);
    for (size_t i = 0; i < 40; i++) {
        hl_term k, val;
        assert_true(hl_map_iter_next(&it, &k, &val));
        hl_value *kv, *vv;
        assert_int_equal(hl_value_map_pair(map, i, &kv, &vv), HL_OK);
        assert_int_equal(int_of(kv), hl_small_val(k));
        assert_int_equal(int_of(vv), hl_small_val(val));
        hl_value_free(kv), hl_value_free(vv);
    }
    assert_non_null(atomic_load(&map->index));
    hl_value_free(map);
    hl_value_free(r);
    hl_value_free(n);
}

/* Improper lists: positions up to the last cons cell, count refused. */
static void test_improper_list(void **state) {
    (void)state;
    hl_value *l, *e;
    hl_error *err = NULL;
    assert_int_equal(hl_value_parse(NULL, "[1,2|3]", 7, &l, &err), HL_OK);
    size_t n;
    assert_int_equal(hl_value_count(l, &n), HL_EMISUSE);
    assert_int_equal(hl_value_element(l, 1, &e), HL_OK);
    assert_int_equal(int_of(e), 2);
    hl_value_free(e);
    assert_int_equal(hl_value_element(l, 2, &e), HL_EMISUSE);
    hl_value_free(l);
    /* not a list or tuple */
    assert_int_equal(hl_value_parse(NULL, "[]", 2, &l, &err), HL_OK);
    assert_int_equal(hl_value_element(l, 0, &e), HL_EMISUSE);
    assert_int_equal(hl_value_count(l, &n), HL_OK);
    assert_int_equal(n, 0);
    hl_value_free(l);
}

/* One list value enumerated by four threads at once: they race to build
 * the index, every one sees every element. */
static void *sum_elements(void *arg) {
    const hl_value *l = arg;
    size_t n = 0;
    int64_t sum = 0;
    if (hl_value_count(l, &n) != HL_OK) return (void *)1;
    for (size_t i = 0; i < n; i++) {
        hl_value *e;
        int64_t x;
        if (hl_value_element(l, i, &e) != HL_OK || hl_value_get_int(e, &x) != HL_OK) return (void *)1;
        sum += x;
        hl_value_free(e);
    }
    return sum == 2000 * 2001 / 2 ? NULL : (void *)1;
}

static void test_shared_index(void **state) {
    (void)state;
    hl_value *n, *r, *l;
    assert_int_equal(hl_value_int(2000, &n), HL_OK);
    assert_int_equal(hl_run(mod, "big", &n, 1, NULL, &r, NULL), HL_OK);
    assert_int_equal(hl_value_element(r, 0, &l), HL_OK);
    pthread_t t[4];
    for (int i = 0; i < 4; i++) assert_int_equal(pthread_create(&t[i], NULL, sum_elements, l), 0);
    for (int i = 0; i < 4; i++) {
        void *ret;
        assert_int_equal(pthread_join(t[i], &ret), 0);
        assert_null(ret);
    }
    hl_value_free(l);
    hl_value_free(r);
    hl_value_free(n);
}

static char *part_text(const hl_error *err, hl_exception_part part) {
    hl_value *v = NULL;
    assert_int_equal(hl_error_exception_value(err, part, &v), HL_OK);
    char *t = text_of(v);
    hl_value_free(v);
    return t;
}

static void test_exception_values(void **state) {
    (void)state;
    hl_value *arg, *r = NULL, *v = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_value_int(7, &arg), HL_OK);
    assert_int_equal(hl_run(mod, "boom", &arg, 1, NULL, &r, &err), HL_EEXCEPTION);
    char *c = part_text(err, HL_EXCEPTION_CLASS), *re = part_text(err, HL_EXCEPTION_REASON),
         *s = part_text(err, HL_EXCEPTION_STACK);
    assert_string_equal(c, "error");
    assert_string_equal(re, "{badmatch,7}");
    /* the same stack the guest sees when it catches the exception itself */
    hl_value *caught;
    assert_int_equal(hl_run(mod, "caught", NULL, 0, NULL, &caught, NULL), HL_OK);
    hl_value *cs;
    assert_int_equal(hl_value_element(caught, 2, &cs), HL_OK);
    char *want = text_of(cs);
    assert_string_equal(s, "[{v,boom,1,[{line,4}]}]");
    /* the guest's adds the frame of caught/0, which caught it */
    assert_true(strncmp(want, s, strlen(s) - 1) == 0);
    assert_string_equal(want + strlen(s) - 1, ",{v,caught,0,[{line,11}]}]");
    hl_free(want);
    hl_value_free(cs);
    hl_value_free(caught);
    hl_free(c), hl_free(re), hl_free(s);
    /* the values outlive the error object */
    assert_int_equal(hl_error_exception_value(err, HL_EXCEPTION_REASON, &v), HL_OK);
    hl_error_free(err);
    size_t n;
    assert_int_equal(hl_value_count(v, &n), HL_OK);
    assert_int_equal(n, 2);
    hl_value_free(v);
    /* misuse */
    assert_int_equal(hl_run(mod, "boom", &arg, 1, NULL, &r, &err), HL_EEXCEPTION);
    assert_int_equal(hl_error_exception_value(err, (hl_exception_part)3, &v), HL_EMISUSE);
    assert_null(v);
    assert_int_equal(hl_error_exception_value(err, HL_EXCEPTION_CLASS, NULL), HL_EMISUSE);
    hl_error_free(err);
    hl_value_free(arg);

    /* undef: error, undef, [] */
    assert_int_equal(hl_run(mod, "nope", NULL, 0, NULL, &r, &err), HL_EEXCEPTION);
    c = part_text(err, HL_EXCEPTION_CLASS), re = part_text(err, HL_EXCEPTION_REASON),
    s = part_text(err, HL_EXCEPTION_STACK);
    assert_string_equal(c, "error");
    assert_string_equal(re, "undef");
    assert_string_equal(s, "[]");
    hl_free(c), hl_free(re), hl_free(s);
    hl_error_free(err);

    /* a fun in the reason: that part refused, the others and the text kept */
    assert_int_equal(hl_run(mod, "funreason", NULL, 0, NULL, &r, &err), HL_EEXCEPTION);
    assert_int_equal(hl_error_exception_value(err, HL_EXCEPTION_REASON, &v), HL_EREJECTED);
    assert_null(v);
    c = part_text(err, HL_EXCEPTION_CLASS);
    assert_string_equal(c, "error");
    hl_free(c);
    s = part_text(err, HL_EXCEPTION_STACK);
    assert_true(strncmp(s, "[{v,funreason,0,", 16) == 0);
    hl_free(s);
    const char *rt;
    assert_int_equal(hl_error_exception(err, NULL, &rt, NULL), HL_OK);
    assert_true(strncmp(rt, "{bad,#Fun<", 10) == 0);
    hl_error_free(err);

    /* function_clause with a fun argument: the entry's argument list
     * becomes its length */
    assert_int_equal(hl_run(mod, "clause", NULL, 0, NULL, &r, &err), HL_EEXCEPTION);
    re = part_text(err, HL_EXCEPTION_REASON);
    assert_string_equal(re, "function_clause");
    s = part_text(err, HL_EXCEPTION_STACK);
    assert_true(strncmp(s, "[{v,only_int,1,", 15) == 0);
    hl_free(re), hl_free(s);
    hl_error_free(err);

    /* not an exception */
    hl_run_limits lim = {1000, 0, 0, 0};
    assert_int_equal(hl_run(mod, "loop", NULL, 0, &lim, &r, &err), HL_ELIMIT);
    assert_int_equal(hl_error_exception_value(err, HL_EXCEPTION_CLASS, &v), HL_EMISUSE);
    hl_error_free(err);
}

static void test_reductions(void **state) {
    (void)state;
    hl_value *arg, *r = NULL;
    hl_error *err = NULL;
    uint64_t a = 0, b = 0;
    assert_int_equal(hl_value_int(15, &arg), HL_OK);
    assert_int_equal(hl_run_counted(mod, "fib", &arg, 1, NULL, &r, NULL, NULL, &a, &err), HL_OK);
    assert_null(err);
    assert_int_equal(int_of(r), 610);
    hl_value_free(r);
    /* fib(15) makes 1,973 calls: one reduction each after the entry */
    assert_true(a >= 1972);
    assert_true(a < 100000);
    /* deterministic */
    char *out = NULL;
    size_t len = 9;
    assert_int_equal(hl_run_counted(mod, "fib", &arg, 1, NULL, &r, &out, &len, &b, NULL), HL_OK);
    assert_int_equal(a, b);
    assert_string_equal(out, "");
    assert_int_equal(len, 0);
    hl_free(out);
    hl_value_free(r);
    /* a reductions limit: exactly the limit, on the result and the error */
    hl_run_limits lim = {5000, 0, 0, 0};
    assert_int_equal(hl_run_counted(mod, "loop", NULL, 0, &lim, &r, NULL, NULL, &a, &err), HL_ELIMIT);
    assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_REDUCTIONS);
    assert_int_equal(a, 5000);
    assert_int_equal(hl_error_reductions(err, &b), HL_OK);
    assert_int_equal(b, 5000);
    hl_error_free(err);
    /* plain hl_run: the error carries it too (clause/0 makes one call
     * before it raises; boom/1 makes none: 0) */
    assert_int_equal(hl_run(mod, "boom", &arg, 1, NULL, &r, &err), HL_EEXCEPTION);
    assert_int_equal(hl_error_reductions(err, &b), HL_OK);
    assert_int_equal(b, 0);
    hl_error_free(err);
    assert_int_equal(hl_run(mod, "clause", NULL, 0, NULL, &r, &err), HL_EEXCEPTION);
    b = 0;
    assert_int_equal(hl_error_reductions(err, &b), HL_OK);
    assert_true(b >= 1);
    hl_error_free(err);
    /* undef: the guest never started */
    a = 99;
    assert_int_equal(hl_run_counted(mod, "nope", NULL, 0, NULL, &r, NULL, NULL, &a, &err), HL_EEXCEPTION);
    assert_int_equal(a, 0);
    assert_int_equal(hl_error_reductions(err, &b), HL_OK);
    assert_int_equal(b, 0);
    hl_error_free(err);
    /* not a run's error */
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "x.erl", "-module(x).\nf( ->", 17, NULL, &m, &err), HL_ECOMPILE);
    assert_int_equal(hl_error_reductions(err, &b), HL_EMISUSE);
    assert_int_equal(hl_error_reductions(NULL, &b), HL_EMISUSE);
    hl_error_free(err);
    hl_value_free(arg);
}

/* Every allocation of a run that raises (with an argument list to
 * replace in its stack) and of reading its parts and enumerating a list
 * fails in turn: an error, never a crash or a leak. */
static void test_oom_walk(void **state) {
    (void)state;
    hl_value *list;
    hl_error *err = NULL;
    assert_int_equal(hl_value_parse(NULL, "[1,{2,ok},3]", 12, &list, &err), HL_OK);
    for (long n = 0;; n++) {
        assert_true(n < 100000);
        hl_value *r = NULL, *v = NULL;
        err = NULL;
        hl_mem_fail_after(n);
        hl_status st = hl_run(mod, "clause", NULL, 0, NULL, &r, &err);
        bool whole = st == HL_EEXCEPTION;
        if (st == HL_EEXCEPTION) {
            for (int p = 0; p < 3; p++) {
                hl_status ps = hl_error_exception_value(err, (hl_exception_part)p, &v);
                assert_true(ps == HL_OK || ps == HL_ENOMEM);
                if (ps != HL_OK) whole = false;
                hl_value_free(v);
                v = NULL;
            }
        } else {
            assert_int_equal(st, HL_ENOMEM);
        }
        hl_error_free(err);
        size_t count = 0;
        hl_status es = hl_value_count(list, &count);
        assert_int_equal(es, HL_OK); /* no index: the walk, which allocates nothing */
        for (size_t i = 0; i < 3; i++) {
            es = hl_value_element(list, i, &v);
            assert_true(es == HL_OK || es == HL_ENOMEM);
            if (es != HL_OK) whole = false;
            hl_value_free(v);
            v = NULL;
        }
        hl_mem_fail_after(-1);
        if (whole) break;
    }
    hl_value_free(list);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enumerate_big), cmocka_unit_test(test_map_order_kept),
        cmocka_unit_test(test_improper_list), cmocka_unit_test(test_shared_index),
        cmocka_unit_test(test_exception_values), cmocka_unit_test(test_reductions),
        cmocka_unit_test(test_oom_walk),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
