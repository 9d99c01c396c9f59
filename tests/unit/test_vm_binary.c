/* test_vm_binary.c — the binary and base64 modules (lib/binary.erl,
 * lib/base64.erl over vm/bif_binary.c) under memory pressure and on huge
 * inputs: a program using them gives the same result with a collection at
 * every allocation point and preempted everywhere, under every heap limit
 * (same result or a HEAP fault), with allocation failures injected (same
 * result or NOMEM); their work is charged in repeatable reductions; and one
 * call of the search core on a 16 MB hostile subject returns a continuation
 * within about a millisecond. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "base/buf.h"
#include "base/diag.h"
#include "base/mem.h"
#include "core/core.h"
#include "front/front.h"
#include "gen/codegen.h"
#include "bc/gate.h"
#include "vm/load.h"
#include "test_program.h"
#include "term/arith.h"
#include "term/atom.h"
#include "term/bits.h"
#include "term/print.h"
#include "vm/vm.h"
#include "vm/bif_registry.h"
#include "vm/vm_internal.h"

static const char SRC[] =
    "-module(t).\n-export([main/1]).\n"
    "main(N) ->\n"
    "    B = binary:copy(<<\"ab,cd;\">>, N),\n"
    "    E = base64:encode(B),\n"
    "    {binary:split(B, [<<\",\">>, <<\";\">>], [global, trim_all]),\n"
    "     binary:matches(B, <<\"d;\">>),\n"
    "     binary:replace(B, <<\",\">>, <<\"<>\">>, [global, {insert_replaced, 1}]),\n"
    "     E, base64:decode(E) =:= B, base64:mime_decode(<<\"QU JD\\nRA==\">>),\n"
    "     binary:encode_hex(B), binary:decode_hex(binary:encode_hex(B)) =:= B,\n"
    "     binary:longest_common_prefix([B, <<B/binary, \"x\">>]),\n"
    "     binary:match(B, <<\"cd;ab\">>, [{scope, {3, byte_size(B) - 3}}]),\n"
    "     try base64:decode(<<\"QQ=x\">>) catch error:R -> R end}.\n";


static hl_program *prog;

/* Compiled through the engine: its stdlib calls (lists:seq, ...) link to
 * the engine's shared stdlib modules. */
static void compile(void) { prog = tp_compile(SRC); }

/* Runs main(n): the status, and the result printed with ~p into out. */
static hl_vm_status run(int64_t n, uint64_t heap, bool gc_always, uint64_t slice, hl_buf *out, uint64_t *reds) {
    hl_vm_limits lim = {.max_reductions = 10000000, .max_heap_bytes = heap, .deadline_ns = 0};
    hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
    if (!p) return HL_VM_FAULT_STATE; /* the limit is below a process's own size, or no memory */
    if (gc_always) hl_heap_set_gc_always(hl_vm_proc_heap(p), true);
    hl_term a[1] = {hl_make_small(n)};
    int64_t main_fn = hl_program_find(prog, "main", 4, 1);
    assert_true(main_fn >= 0);
    if (!hl_vm_start(p, (uint32_t)main_fn, a, 1)) {
        hl_vm_proc_free(p);
        return HL_VM_FAULT_NOMEM; /* only under injected allocation failures */
    }
    hl_vm_status st;
    while ((st = hl_vm_run(p, slice)) == HL_VM_YIELD) {}
    hl_mem_fail_after(-1); /* injected failures cover the run, not the printing */
    if (st == HL_VM_DONE && out) assert_int_equal(hl_print_p(out, hl_vm_result(p), 1, 80, false, NULL), HL_TERM_OK);
    if (reds) *reds = hl_vm_reductions(p);
    hl_vm_proc_free(p);
    return st;
}

static void test_gc_always_same_result(void **state) {
    (void)state;
    for (int64_t n = 1; n <= 41; n += 20) {
        hl_buf a, b, c;
        hl_buf_init(&a, 0), hl_buf_init(&b, 0), hl_buf_init(&c, 0);
        assert_int_equal(run(n, 64 << 20, false, 0, &a, NULL), HL_VM_DONE);
        assert_int_equal(run(n, 64 << 20, true, 0, &b, NULL), HL_VM_DONE);
        assert_int_equal(run(n, 64 << 20, true, 1, &c, NULL), HL_VM_DONE); /* preempted everywhere */
        assert_int_equal(a.len, b.len);
        assert_memory_equal(a.data, b.data, a.len);
        assert_int_equal(a.len, c.len);
        assert_memory_equal(a.data, c.data, a.len);
        if (n == 21) {
            assert_non_null(strstr(a.data, "<<\"ab\">>,<<\"cd\">>"));
            assert_non_null(strstr(a.data, "<<\"ABCD\">>"));
            assert_non_null(strstr(a.data, "badarg"));
        }
        hl_buf_free(&a), hl_buf_free(&b), hl_buf_free(&c);
    }
}

/* Every heap limit: the same result or a heap fault. */
static void test_heap_limits(void **state) {
    (void)state;
    hl_buf want;
    hl_buf_init(&want, 0);
    assert_int_equal(run(30, 64 << 20, false, 0, &want, NULL), HL_VM_DONE);
    unsigned done = 0, faults = 0;
    for (uint64_t heap = 1024; heap <= 128 * 1024; heap += 1024) {
        for (int always = 0; always < 2; always++) {
            hl_buf got;
            hl_buf_init(&got, 0);
            hl_vm_status st = run(30, heap, always, 0, &got, NULL);
            if (st == HL_VM_DONE) {
                assert_int_equal(got.len, want.len);
                assert_memory_equal(got.data, want.data, want.len);
                done++;
            } else if (st != HL_VM_FAULT_STATE) {
                assert_int_equal(st, HL_VM_FAULT_HEAP);
                faults++;
            }
            hl_buf_free(&got);
        }
    }
    print_message("heap limits: %u done, %u heap faults\n", done, faults);
    assert_true(done > 0 && faults > 0);
    hl_buf_free(&want);
}

/* Allocation failures anywhere in a run: the same result or NOMEM. */
static void test_alloc_failures(void **state) {
    (void)state;
    hl_buf want;
    hl_buf_init(&want, 0);
    assert_int_equal(run(20, 1 << 20, true, 0, &want, NULL), HL_VM_DONE);
    for (long k = 0; k < 600; k++) {
        hl_buf got;
        hl_buf_init(&got, 0);
        hl_mem_fail_after(k);
        hl_vm_status st = run(20, 1 << 20, true, 0, &got, NULL);
        hl_mem_fail_after(-1);
        assert_true(st == HL_VM_DONE || st == HL_VM_FAULT_NOMEM || st == HL_VM_FAULT_STATE);
        if (st == HL_VM_DONE) {
            assert_int_equal(got.len, want.len);
            assert_memory_equal(got.data, want.data, want.len);
        }
        hl_buf_free(&got);
    }
    hl_buf_free(&want);
}

/* The work is charged: more input, more reductions, exactly repeatable
 * whatever the slices. */
static void test_reductions(void **state) {
    (void)state;
    uint64_t small = 0, big = 0, again = 0;
    assert_int_equal(run(20, 64 << 20, false, 0, NULL, &small), HL_VM_DONE);
    assert_int_equal(run(20000, 64 << 20, false, 0, NULL, &big), HL_VM_DONE);
    assert_int_equal(run(20000, 64 << 20, false, 7, NULL, &again), HL_VM_DONE);
    print_message("reductions: %llu (120 bytes), %llu (120,000 bytes)\n", (unsigned long long)small,
                  (unsigned long long)big);
    assert_true(big > 100 * small);
    assert_int_equal(big, again);
}

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* One call of erlang:hl_bin_find/5 on 16 MB of "a" with patterns that
 * almost match everywhere stops with a continuation, charges reductions and
 * takes about a millisecond (a generous bound: sanitizers and a loaded
 * machine). */
static void test_search_call_bounded(void **state) {
    (void)state;
    hl_vm_limits lim = {.max_reductions = 10000000, .max_heap_bytes = 64 << 20, .deadline_ns = 0};
    hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
    assert_non_null(p);
    hl_heap *h = hl_vm_proc_heap(p);
    hl_bin_builder b;
    size_t n = 16u << 20;
    assert_int_equal(hl_bin_build_begin(h, 8 * (uint64_t)n, &b), HL_TERM_OK);
    memset(b.data, 'a', n);
    hl_term subj = hl_bin_build_finish(&b);
    hl_term one, two, *t;
    assert_int_equal(hl_make_binary(h, "aaaaaaaaaaaab", 13, &one), HL_TERM_OK);
    assert_int_equal(hl_make_binary(h, "aaaaaaaaaaaac", 13, &two), HL_TERM_OK);
    hl_vm_bif_fn find = hl_vm_bif_by_id(HL_BI_BIN_FIND5);
    assert_non_null(find);
    for (int npats = 1; npats <= 2; npats++) {
        assert_int_equal(hl_heap_alloc(h, 1 + (size_t)npats, &t), HL_TERM_OK);
        hl_term pats = hl_tuple_init(t, (size_t)npats);
        t[1] = one;
        if (npats == 2) t[2] = two;
        hl_term args[5] = {subj, pats, hl_make_small(0), hl_make_small((int64_t)n), HL_NIL}, out;
        double t0 = now_ms();
        p->bif_cost = 0;
        assert_int_equal(find(p, args, &out), HL_TERM_OK);
        double ms = now_ms() - t0;
        print_message("hl_bin_find, %d pattern(s), 16 MB hostile subject: one call %.3f ms, %llu reductions\n",
                      npats, ms, (unsigned long long)p->bif_cost);
        assert_true(hl_is_tuple(out) && hl_tuple_arity(out) == 3);
        assert_true(hl_tuple_get(out, 0) == HL_AM(continue_));
        assert_true(p->bif_cost > 1000);
        assert_true(ms < 50.0);
    }
    hl_vm_proc_free(p);
}

int main(void) {
    compile();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gc_always_same_result),
        cmocka_unit_test(test_heap_limits),
        cmocka_unit_test(test_alloc_failures),
        cmocka_unit_test(test_reductions),
        cmocka_unit_test(test_search_call_bounded),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    tp_free();
    return rc;
}
