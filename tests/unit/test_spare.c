/* test_spare.c — the process hl_run parks on its module and the warm memory
 * it keeps (src/host/spare.c, HL_ENGINE_LIMIT_WARM_BYTES): a run that grew
 * the heap block and stack leaves them to the next run (which then
 * allocates less), within the per-spare and per-engine bounds; allocation
 * failure anywhere in parking, shrinking and taking a spare is a clean
 * HL_ENOMEM; a recycled heap never shows the next run anything of the
 * previous one; and threads taking and parking at once keep the count. */
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
#include "host/spare.h"
#include "hyperlang.h"
#include "vm/vm.h"

/* sort(N) is the bench's sort kernel (a list built under N frames, then
 * lists:sort); secret(N) leaves N tuples holding a secret integer and a
 * secret binary on the heap and a secret in the process dictionary;
 * probe(N) builds terms of every shape whose construction could leave a
 * word or a bit unwritten, and returns them as external term format. */
#define SRC_BODY                                                                      \
    "-export([sort/1, id/1, secret/1, probe/1]).\n"                                   \
    "id(X) -> X.\n"                                                                   \
    "sort(N) -> L = lists:sort(lcg(N, 42)), hd(L) + last(L).\n"                       \
    "lcg(0, _) -> [];\n"                                                              \
    "lcg(N, X) -> Y = (X * 1103515245 + 12345) rem 2147483648, [Y | lcg(N - 1, Y)].\n" \
    "last([X]) -> X;\n"                                                               \
    "last([_ | T]) -> last(T).\n"                                                     \
    "secret(N) -> put(k, {secret, N}), length(keep(N)).\n"                            \
    "keep(0) -> [];\n"                                                                \
    "keep(I) -> [{16#5EC2E7AB, <<\"SECRETSECRET\", I:32>>, I} | keep(I - 1)].\n"      \
    "probe(N) ->\n"                                                                   \
    "    L = lists:seq(1, N),\n"                                                      \
    "    T = erlang:make_tuple(N, x),\n"                                              \
    "    Bits = << <<I:7>> || I <- L >>,\n"                                           \
    "    Big = (1 bsl 200) * N,\n"                                                    \
    "    M = maps:from_list([{I, -I} || I <- L]),\n"                                  \
    "    term_to_binary({get(k), get(), T, L, <<5:3>>, Bits, list_to_binary([<<I:8>> || I <- L]),\n" \
    "                    Big, integer_to_list(Big), float_to_list(N / 3), M,\n"       \
    "                    erlang:append_element(T, y), list_to_tuple(L)}).\n"

static const char SRC_A[] = "-module(spa).\n" SRC_BODY;
static const char SRC_B[] = "-module(spb).\n" SRC_BODY;

enum { SORT_N = 1000 };
#define SORT_VALUE 2151183773 /* sort(1000), the bench's value (OTP 25) */

/* An engine that caches no program: freeing a module frees its spare. */
static hl_engine *new_engine(void) {
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(hl_engine_set_cache_bytes(e, 0), HL_OK);
    return e;
}

static hl_module *compile(hl_engine *e, const char *src) {
    hl_module *m = NULL;
    hl_error *err = NULL;
    hl_status s = hl_compile(e, "sp.erl", src, strlen(src), NULL, &m, &err);
    if (s != HL_OK) fprintf(stderr, "%s\n", err ? hl_error_message(err) : hl_status_name(s));
    assert_int_equal(s, HL_OK);
    return m;
}

static hl_status run_int(hl_module *m, const char *fn, int64_t arg, const hl_run_limits *lim, int64_t *out) {
    hl_value *a = NULL, *r = NULL;
    if (hl_value_int(arg, &a) != HL_OK) return HL_ENOMEM;
    hl_status s = hl_run(m, fn, &a, 1, lim, &r, NULL);
    if (s == HL_OK && hl_value_get_int(r, out) != HL_OK) s = HL_EMISUSE;
    hl_value_free(a);
    hl_value_free(r);
    return s;
}

static void sort_ok(hl_module *m) {
    int64_t v = 0;
    assert_int_equal(run_int(m, "sort", SORT_N, NULL, &v), HL_OK);
    assert_int_equal(v, SORT_VALUE);
}

/* The warm bytes the module's parked process holds (0: none parked). */
static uint64_t spare_warm(hl_module *m) {
    hl_vm_proc *p = atomic_load(&m->spare);
    return p ? hl_vm_proc_warm_bytes(p) : 0;
}

static uint64_t engine_warm(hl_engine *e) { return atomic_load(&e->warm_bytes); }

/* Reuse: after one sort(1000) the parked process keeps what the run grew
 * (a heap block and stack past a new process's), the engine counts it,
 * and a run on it allocates less than the same run on a process that kept
 * nothing (the engine's limit 0): no regrowing. */
static void test_reuse(void **state) {
    (void)state;
    hl_engine *e = new_engine();
    uint64_t lim = 0;
    assert_int_equal(hl_engine_get_limit(e, HL_ENGINE_LIMIT_WARM_BYTES, &lim), HL_OK);
    assert_int_equal(lim, 8u << 20);
    hl_module *m = compile(e, SRC_A);
    sort_ok(m);
    uint64_t warm = spare_warm(m);
    assert_true(warm > 0 && warm <= HL_WARM_SPARE_MAX_BYTES);
    assert_int_equal(engine_warm(e), warm);
    sort_ok(m);
    uint64_t before = hl_mem_alloc_count();
    sort_ok(m);
    uint64_t warm_allocs = hl_mem_alloc_count() - before;
    /* the same run leaves about the same footprint (its collections come
     * at other points when it starts warm) */
    warm = spare_warm(m);
    assert_true(warm > 0 && warm <= HL_WARM_SPARE_MAX_BYTES);
    assert_int_equal(engine_warm(e), warm);
    /* the same runs keeping nothing: every one starts from 1 KiB */
    assert_int_equal(hl_engine_set_limit(e, HL_ENGINE_LIMIT_WARM_BYTES, 0), HL_OK);
    sort_ok(m); /* takes the warm one (the budget given back), parks a shrunk one */
    assert_int_equal(spare_warm(m), 0);
    assert_int_equal(engine_warm(e), 0);
    before = hl_mem_alloc_count();
    sort_ok(m);
    uint64_t cold_allocs = hl_mem_alloc_count() - before;
    assert_true(warm_allocs < cold_allocs);
    /* a plain run after a warm one: the same value and reductions */
    assert_int_equal(hl_engine_set_limit(e, HL_ENGINE_LIMIT_WARM_BYTES, 8u << 20), HL_OK);
    sort_ok(m);
    assert_true(spare_warm(m) > 0);
    int64_t v = 0;
    assert_int_equal(run_int(m, "id", 7, NULL, &v), HL_OK);
    assert_int_equal(v, 7);
    hl_module_free(m);
    assert_int_equal(engine_warm(e), 0); /* the spare's budget went with it */
    hl_engine_free(e);
}

/* Bounds: the engine's total (two modules, room for one warm spare), the
 * per-spare cap (a run that grew past 1 MiB parks a new process's
 * footprint), and a small heap limit on a warm spare (shrunk first, so
 * the limit holds as on a new process). */
static void test_bounds(void **state) {
    (void)state;
    hl_engine *e = new_engine();
    hl_module *a = compile(e, SRC_A), *b = compile(e, SRC_B);
    sort_ok(a);
    uint64_t one = spare_warm(a);
    assert_true(one > 0);
    hl_module_free(a);
    assert_int_equal(engine_warm(e), 0);
    a = compile(e, SRC_A);
    uint64_t budget = one + one / 2;
    assert_int_equal(hl_engine_set_limit(e, HL_ENGINE_LIMIT_WARM_BYTES, budget), HL_OK);
    sort_ok(a);
    sort_ok(b);
    assert_true(spare_warm(a) > 0);
    assert_int_equal(spare_warm(b), 0); /* no room left: parked at a new process's size */
    assert_int_equal(engine_warm(e), spare_warm(a));
    sort_ok(b); /* still right on the shrunk one */
    sort_ok(a); /* a's taken (its bytes given back) and parked again */
    assert_true(spare_warm(a) > 0);
    assert_int_equal(spare_warm(b), 0);
    assert_int_equal(engine_warm(e), spare_warm(a));
    assert_true(engine_warm(e) <= budget);
    hl_module_free(a);
    assert_int_equal(engine_warm(e), 0);
    sort_ok(b); /* now there is room */
    assert_true(spare_warm(b) > 0);
    assert_int_equal(engine_warm(e), spare_warm(b));
    /* past the per-spare cap: 60,000 frames and their tuples are over 1 MiB */
    assert_int_equal(hl_engine_set_limit(e, HL_ENGINE_LIMIT_WARM_BYTES, 64u << 20), HL_OK);
    int64_t v = 0;
    assert_int_equal(run_int(b, "secret", 60000, NULL, &v), HL_OK);
    assert_int_equal(v, 60000);
    assert_int_equal(spare_warm(b), 0);
    assert_int_equal(engine_warm(e), 0);
    /* a warm spare and a heap limit it does not fit 8 times: shrunk, and a
     * limit a new process is refused is still refused */
    sort_ok(b);
    assert_true(spare_warm(b) > 0);
    hl_run_limits small = {0, 64u << 10, 0, 0};
    assert_int_equal(run_int(b, "id", 5, &small, &v), HL_OK);
    assert_int_equal(v, 5);
    assert_int_equal(spare_warm(b), 0);
    sort_ok(b);
    hl_run_limits tiny = {0, 1000, 0, 0};
    assert_int_equal(run_int(b, "id", 5, &tiny, &v), HL_ELIMIT);
    /* a small limit on a warm spare still stops a run that outgrows it */
    sort_ok(b);
    hl_run_limits snug = {0, 256u << 10, 0, 0};
    assert_int_equal(run_int(b, "secret", 100000, &snug, &v), HL_ELIMIT);
    hl_module_free(b);
    assert_int_equal(engine_warm(e), 0);
    assert_int_equal(hl_engine_set_limit(e, (hl_engine_limit)7, 1), HL_EMISUSE);
    assert_int_equal(hl_engine_get_limit(e, HL_ENGINE_LIMIT_WARM_BYTES, NULL), HL_EMISUSE);
    hl_engine_free(e);
}

/* Allocation failure at every point of a run on a warm spare under a small
 * heap limit (the take shrinks it) and of a run that parks with the
 * engine's budget at 0 (the park shrinks it): HL_OK or HL_ENOMEM, never a
 * crash or a leak (the sanitizer build checks), and the module runs
 * correctly afterwards. */
static void test_allocation_failure(void **state) {
    (void)state;
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    hl_module *m = compile(e, SRC_A);
    hl_run_limits small = {0, 64u << 10, 0, 0};
    for (long n = 0;; n++) {
        assert_int_equal(hl_engine_set_limit(e, HL_ENGINE_LIMIT_WARM_BYTES, 8u << 20), HL_OK);
        sort_ok(m);
        assert_true(spare_warm(m) > 0);
        int64_t v = 0;
        uint64_t before = hl_mem_alloc_count();
        hl_mem_fail_after(n);
        hl_status s1 = run_int(m, "id", 3, &small, &v);
        hl_mem_fail_after(-1);
        assert_true(s1 == HL_OK || s1 == HL_ENOMEM);
        if (s1 == HL_OK) assert_int_equal(v, 3);
        bool hit = hl_mem_alloc_count() - before > (uint64_t)n; /* attempts past n: one failed */
        sort_ok(m);
        assert_int_equal(hl_engine_set_limit(e, HL_ENGINE_LIMIT_WARM_BYTES, 0), HL_OK);
        before = hl_mem_alloc_count();
        hl_mem_fail_after(n);
        hl_status s2 = run_int(m, "sort", SORT_N, NULL, &v);
        hl_mem_fail_after(-1);
        assert_true(s2 == HL_OK || s2 == HL_ENOMEM);
        if (s2 == HL_OK) assert_int_equal(v, SORT_VALUE);
        hit = hit || hl_mem_alloc_count() - before > (uint64_t)n;
        assert_int_equal(engine_warm(e), spare_warm(m));
        sort_ok(m);
        if (!hit) break; /* both ran with no failure injected */
        assert_true(n < 10000);
    }
    hl_module_free(m);
    assert_int_equal(engine_warm(e), 0);
    hl_engine_free(e);
}

/* The probe's external term format: a fresh heap's and a recycled one's
 * must be the same bytes. */
static void probe(hl_module *m, char **out, size_t *len) {
    hl_value *a = NULL, *r = NULL;
    assert_int_equal(hl_value_int(2000, &a), HL_OK);
    hl_error *err = NULL;
    hl_status s = hl_run(m, "probe", &a, 1, NULL, &r, &err);
    if (s != HL_OK) fprintf(stderr, "%s\n", err ? hl_error_message(err) : hl_status_name(s));
    assert_int_equal(s, HL_OK);
    const void *bytes = NULL;
    assert_int_equal(hl_value_get_binary(r, &bytes, len), HL_OK);
    *out = malloc(*len);
    assert_non_null(*out);
    memcpy(*out, bytes, *len);
    hl_value_free(a);
    hl_value_free(r);
}

static bool contains(const char *hay, size_t n, const void *needle, size_t k) {
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(hay + i, needle, k) == 0) return true;
    return false;
}

/* Isolation: a run leaves its heap block and stack full of a secret
 * (tuples with a secret integer and binary, the secret in its dictionary);
 * the next run on that recycled process builds terms of every shape whose
 * construction could leave a word or a padding bit unwritten and returns
 * them in external term format. The bytes must equal those of the same
 * run on a process that never ran anything, and hold no trace of the
 * secret. (Test builds also poison the kept words at park: a read of a
 * recycled word before it is written faults there.) */
static void test_isolation(void **state) {
    (void)state;
    hl_engine *fresh_e = NULL, *e = NULL;
    assert_int_equal(hl_engine_new(&fresh_e), HL_OK);
    assert_int_equal(hl_engine_new(&e), HL_OK);
    hl_module *fresh = compile(fresh_e, SRC_A), *m = compile(e, SRC_A);
    char *want = NULL, *got = NULL;
    size_t want_len = 0, got_len = 0;
    probe(fresh, &want, &want_len);
    int64_t v = 0;
    assert_int_equal(run_int(m, "secret", 3000, NULL, &v), HL_OK);
    assert_int_equal(v, 3000);
    assert_true(spare_warm(m) > 0); /* the grown block is the one recycled */
    probe(m, &got, &got_len);
    assert_int_equal(got_len, want_len);
    assert_memory_equal(got, want, want_len);
    assert_false(contains(got, got_len, "SECRET", 6));
    assert_false(contains(got, got_len, "\x5e\xc2\xe7\xab", 4));
    assert_false(contains(got, got_len, "secret", 6));
    free(want);
    free(got);
    hl_module_free(fresh);
    hl_module_free(m);
    hl_engine_free(fresh_e);
    hl_engine_free(e);
}

/* Threads: four threads run one module at once, each taking the spare or
 * building a process and parking it back (the losers free theirs): every
 * value right, and the engine's count is what the spare left holds. */
static hl_module *shared_mod;

/* A program granted processes can read its heap's size (process_info):
 * its spare never stays warm, so a small run after a large one sees the
 * heap a new process has, not the size the earlier run grew (a channel
 * from one caller's run to the next). */
static void test_visible_heap_not_kept(void **state) {
    (void)state;
    static const char src[] = "-module(sph).\n-export([f/1]).\n"
                              "f(N) -> _ = lists:reverse(lists:seq(1, N)),\n"
                              "        element(2, erlang:process_info(self(), heap_size)).\n";
    hl_engine *e = new_engine();
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_grant_capability(o, "processes"), HL_OK);
    hl_module *m = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_compile(e, "sph.erl", src, strlen(src), o, &m, &err), HL_OK);
    int64_t fresh = 0, grown = 0, after = 0;
    assert_int_equal(run_int(m, "f", 10, NULL, &fresh), HL_OK);
    assert_int_equal(run_int(m, "f", 20000, NULL, &grown), HL_OK);
    assert_true(grown > fresh);
    assert_int_equal(run_int(m, "f", 10, NULL, &after), HL_OK);
    assert_int_equal(after, fresh);
    assert_int_equal(spare_warm(m), 0);
    hl_module_free(m);
    hl_compile_options_free(o);
    hl_engine_free(e);
}

static void *runner(void *arg) {
    (void)arg;
    for (int i = 0; i < 30; i++) {
        int64_t v = 0;
        if (run_int(shared_mod, "sort", SORT_N, NULL, &v) != HL_OK || v != SORT_VALUE) return (void *)1;
    }
    return NULL;
}

static void test_threads(void **state) {
    (void)state;
    hl_engine *e = new_engine();
    shared_mod = compile(e, SRC_A);
    pthread_t t[4];
    for (int i = 0; i < 4; i++) assert_int_equal(pthread_create(&t[i], NULL, runner, NULL), 0);
    for (int i = 0; i < 4; i++) {
        void *ret = NULL;
        pthread_join(t[i], &ret);
        assert_null(ret);
    }
    assert_true(spare_warm(shared_mod) > 0);
    assert_int_equal(engine_warm(e), spare_warm(shared_mod));
    hl_module_free(shared_mod);
    assert_int_equal(engine_warm(e), 0);
    hl_engine_free(e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reuse),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_allocation_failure),
        cmocka_unit_test(test_isolation),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_visible_heap_not_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
