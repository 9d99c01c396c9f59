/* test_vm_collect_points.c — the instructions that allocate outside
 * test_heap (binary construction, binary matching, bignum arithmetic, as
 * builtins and map updates do) are collection points: a loop of them
 * collects once its fragments outgrow the young block
 * (hl_heap_collect_due), instead of piling its garbage up to the heap
 * limit. In the test mode that gives every allocation its own fragment
 * (hl_heap_set_gc_always), a loop of 20,000 appends used to run with no
 * collection at all, and the one that finally came scanned the whole
 * fragment list for every reference: quadratic, 12 s past a 500 ms
 * deadline (conformance_gc_always's string-upper-deadline probe). Each
 * loop here runs in that mode and must have collected many times, with
 * few fragments left, and its answer right. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "host/host_int.h"
#include "term/heap.h"
#include "vm/vm.h"

static const char src[] =
    "-module(cp).\n"
    "-export([app/1, rest/1, bigsum/1]).\n"
    /* bs_create: appends to a growing binary */
    "app(N) -> app(N, <<>>).\n"
    "app(0, B) -> byte_size(B);\n"
    "app(N, B) -> app(N - 1, <<B/binary, N:8>>).\n"
    /* bs_get: a match that takes a sub-binary each step */
    "rest(N) -> rest(binary:copy(<<\"ab\">>, N), 0).\n"
    "rest(<<X:8, R/binary>>, A) -> rest(R, A + X);\n"
    "rest(<<>>, A) -> A.\n"
    /* the + instruction on bignums */
    "bigsum(N) -> bigsum(N, 1 bsl 200) - (1 bsl 200).\n"
    "bigsum(0, A) -> A;\n"
    "bigsum(N, A) -> bigsum(N - 1, A + N).\n";

static hl_engine *engine;
static hl_module *mod;

static int setup(void **state) {
    (void)state;
    if (hl_engine_new(&engine) != HL_OK) return -1;
    return hl_compile(engine, "cp.erl", src, sizeof src - 1, NULL, &mod, NULL) == HL_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    hl_module_free(mod);
    hl_engine_free(engine);
    return 0;
}

static size_t frag_count(const hl_heap *h) {
    size_t n = 0;
    for (const hl_heap_frag *f = h->frags; f; f = f->next) n++;
    return n;
}

/* Runs fn(n) with a collection at every allocation; checks the result
 * and that the loop collected at least once per 100 iterations. */
static void run_stressed(const char *fn, int64_t n, int64_t want) {
    hl_vm_limits lim = {HL_RUN_DEFAULT_MAX_REDUCTIONS, 256u << 20, 0, 0};
    int64_t f = hl_program_find(mod->prog, fn, strlen(fn), 1);
    assert_true(f >= 0);
    hl_vm_proc *p = hl_vm_proc_new(mod->prog, &lim);
    assert_non_null(p);
    hl_heap *h = hl_vm_proc_heap(p);
    hl_heap_set_gc_always(h, true);
    hl_term arg = hl_make_small(n);
    assert_true(hl_vm_start(p, (uint32_t)f, &arg, 1));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
    assert_true(hl_vm_result(p) == hl_make_small(want));
    if (h->gc_count < (uint64_t)n / 100 || frag_count(h) > 1000)
        fail_msg("%s(%lld): %llu collections, %zu fragments left", fn, (long long)n,
                 (unsigned long long)h->gc_count, frag_count(h));
    hl_vm_proc_free(p);
}

static void test_binary_appends_collect(void **state) {
    (void)state;
    run_stressed("app", 20000, 20000);
}

static void test_binary_matches_collect(void **state) {
    (void)state;
    run_stressed("rest", 10000, 10000 * ('a' + 'b'));
}

static void test_bignum_sums_collect(void **state) {
    (void)state;
    run_stressed("bigsum", 20000, (int64_t)20000 * 20001 / 2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_binary_appends_collect),
        cmocka_unit_test(test_binary_matches_collect),
        cmocka_unit_test(test_bignum_sums_collect),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
