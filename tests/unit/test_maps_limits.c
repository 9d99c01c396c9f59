/* test_maps_limits.c — the maps module on huge inputs stops promptly on a
 * small reduction limit (issue 5: no builtin runs past its slice). Each
 * guest function makes one maps call on a list or map of 200,000 entries
 * passed in by the host; under max_reductions = 2,000 it must stop with the
 * reduction limit after a small part of the CPU the whole call takes
 * (lib/maps.erl loops over chunked builtins, each charging its work), and
 * with room to finish it must finish. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "hyperlang.h"

#include "test_clock.h"
/* Timing slack: a shared 2-core machine, ten times looser under the
 * sanitizers. */
#ifdef HL_UNDER_ASAN
#define SLACK_MS 200.0
#else
#define SLACK_MS 20.0
#endif

enum { N = 200000 };

static const char src[] =
    "-module(p).\n"
    "-export([from_list/1, from_keys/1, keys/1, values/1, to_list/1, merge/2, with/2,\n"
    "         without/2, fold/1, filter/1, iterate/1, noop/1, noop/2]).\n"
    "noop(_) -> 0.\n"
    "noop(_, _) -> 0.\n"
    "from_list(L) -> maps:size(maps:from_list(L)).\n"
    "from_keys(L) -> maps:size(maps:from_keys(L, 0)).\n"
    "keys(M) -> length(maps:keys(M)).\n"
    "values(M) -> length(maps:values(M)).\n"
    "to_list(M) -> length(maps:to_list(M)).\n"
    "merge(A, B) -> maps:size(maps:merge(A, B)).\n"
    "with(L, M) -> maps:size(maps:with(L, M)).\n"
    "without(L, M) -> maps:size(maps:without(L, M)).\n"
    "fold(M) -> maps:fold(fun(_, V, A) -> A + V end, 0, M).\n"
    "filter(M) -> maps:size(maps:filter(fun(K, _) -> K rem 2 =:= 0 end, M)).\n"
    "iterate(M) -> walk(maps:next(maps:iterator(M)), 0).\n"
    "walk({_, _, I}, N) -> walk(maps:next(I), N + 1);\n"
    "walk(none, N) -> N.\n";

static hl_value *int_value(int64_t i) {
    hl_value *v;
    assert_int_equal(hl_value_int(i, &v), HL_OK);
    return v;
}

/* [from, from + step, ...] of n integers, or of {K, K} pairs. */
static hl_value *int_list(int64_t from, int64_t step, size_t n, int pairs) {
    hl_value **items = calloc(n, sizeof *items);
    assert_non_null(items);
    for (size_t i = 0; i < n; i++) {
        hl_value *k = int_value(from + (int64_t)i * step);
        if (pairs) {
            hl_value *kv[2] = {k, int_value(from + (int64_t)i * step)};
            assert_int_equal(hl_value_tuple(kv, 2, &items[i]), HL_OK);
            hl_value_free(kv[0]);
            hl_value_free(kv[1]);
        } else {
            items[i] = k;
        }
    }
    hl_value *l;
    assert_int_equal(hl_value_list(items, n, &l), HL_OK);
    for (size_t i = 0; i < n; i++) hl_value_free(items[i]);
    free(items);
    return l;
}

/* #{K => 1} for K = from, from + 1, ..., n keys. */
static hl_value *int_map(int64_t from, size_t n) {
    hl_value **ks = calloc(n, sizeof *ks), **vs = calloc(n, sizeof *vs);
    assert_true(ks && vs);
    for (size_t i = 0; i < n; i++) ks[i] = int_value(from + (int64_t)i), vs[i] = int_value(1);
    hl_value *m;
    assert_int_equal(hl_value_map(ks, vs, n, &m), HL_OK);
    for (size_t i = 0; i < n; i++) hl_value_free(ks[i]), hl_value_free(vs[i]);
    free(ks);
    free(vs);
    return m;
}

typedef struct probe {
    const char *fn;
    hl_value *args[2];
    size_t nargs;
    int64_t want; /* the result with room to finish */
} probe;

/* CPU ms of one run of fn under lim; its status. */
static hl_status timed_run(hl_module *m, const char *fn, const probe *pr, const hl_run_limits *lim,
                           hl_value **r, hl_error **e, double *ms) {
    double c0 = hl_test_cpu_ms();
    hl_status s = hl_run(m, fn, pr->args, pr->nargs, lim, r, e);
    *ms = hl_test_cpu_ms() - c0;
    return s;
}

static void run_probe(hl_module *m, const probe *pr) {
    hl_run_limits big = {1000000000u, 1u << 30, 600000, 0};
    hl_value *r = NULL;
    hl_error *e = NULL;
    double base, full, limited;
    /* What copying the arguments in costs (both runs below pay it too). */
    assert_int_equal(timed_run(m, "noop", pr, &big, &r, &e, &base), HL_OK);
    hl_value_free(r);
    /* With room: the whole call. */
    hl_status s = timed_run(m, pr->fn, pr, &big, &r, &e, &full);
    if (s != HL_OK) fprintf(stderr, "%s: %s\n", pr->fn, e ? hl_error_message(e) : hl_status_name(s));
    assert_int_equal(s, HL_OK);
    int64_t got;
    assert_int_equal(hl_value_get_int(r, &got), HL_OK);
    assert_int_equal(got, pr->want);
    hl_value_free(r);
    /* The same call with 2,000 reductions: stops on that limit, early. */
    hl_run_limits small = {2000, 1u << 30, 600000, 0};
    r = NULL;
    s = timed_run(m, pr->fn, pr, &small, &r, &e, &limited);
    assert_int_equal(s, HL_ELIMIT);
    assert_int_equal(hl_error_limit(e), HL_LIMIT_KIND_REDUCTIONS);
    assert_null(r);
    hl_error_free(e);
    fprintf(stderr, "maps limits: %-9s argument copy %.1f ms; the call %.1f ms CPU, stopped at 2,000 reductions after %.1f ms\n",
            pr->fn, base, full - base, limited - base);
    /* The limited run must not have done the maps work (timing noise
     * allowed for: half of the work plus SLACK_MS). */
    assert_true(limited - base < (full - base) * 0.5 + SLACK_MS);
}

static void test_huge_inputs(void **state) {
    (void)state;
    hl_engine *eng;
    assert_int_equal(hl_engine_new(&eng), HL_OK);
    hl_module *m = NULL;
    hl_error *e = NULL;
    if (hl_compile(eng, "p.erl", src, strlen(src), NULL, &m, &e) != HL_OK)
        fail_msg("compile: %s", hl_error_message(e));
    hl_value *pairs = int_list(0, 1, N, 1), *ints = int_list(0, 1, N, 0), *evens = int_list(0, 2, N, 0);
    hl_value *map = int_map(0, N), *map2 = int_map(N / 2, N);
    const probe probes[] = {
        {"from_list", {pairs}, 1, N},
        {"from_keys", {ints}, 1, N},
        {"keys", {map}, 1, N},
        {"values", {map}, 1, N},
        {"to_list", {map}, 1, N},
        {"merge", {map, map2}, 2, N + N / 2},
        {"with", {evens, map}, 2, N / 2},
        {"without", {evens, map}, 2, N / 2},
        {"fold", {map}, 1, N},
        {"filter", {map}, 1, N / 2},
        {"iterate", {map}, 1, N},
    };
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) run_probe(m, &probes[i]);
    hl_value_free(pairs);
    hl_value_free(ints);
    hl_value_free(evens);
    hl_value_free(map);
    hl_value_free(map2);
    hl_module_free(m);
    hl_engine_free(eng);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_huge_inputs)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
