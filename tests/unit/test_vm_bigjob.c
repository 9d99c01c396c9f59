/* test_vm_bigjob.c — long bignum operations run in steps across calls
 * (vm/vm_bigop.h): products (the `*` instruction and erlang:'*'/2 through
 * a fun), div and rem (algorithm D and the windowed short division),
 * integer_to_list/binary and list_to_integer/binary_to_integer of
 * 200,000-bit numbers give OTP 25's results (the expected values below come
 * from erl) whole, in slices of 50 reductions with a major collection at
 * every yield (the job's state must not hold a heap pointer), and with a
 * deterministic bound on what one call charges. Operations of minutes
 * (a 30M-bit integer_to_list, a 16M-bit squaring, a 33M-bit division, a
 * 3M-digit binary_to_integer) stop at a 50 ms deadline and at a reduction
 * limit, in steps, where one call used to do all of it. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "host/host_int.h"
#include "term/atom.h"
#include "vm/vm.h"
#include "vm/vm_bigop.h"
#include "vm/vm_internal.h"
#include "vm/vm_support.h"

/* Each function returns true when its value is OTP's (erl, OTP 25). */
static const char src[] =
    "-module(bj).\n"
    "-export([mul/1, mulf/1, sq/1, dv/1, rm/1, dvw/1, i2l/1, i2b/1, l2i/1, b2i/1,\n"
    "         huge_i2l/1, huge_sq/1, huge_div/1, huge_b2i/1]).\n"
    "a(N) -> (1 bsl N) - 12345.\n"
    "b(N) -> (1 bsl (N div 2)) + 987654321.\n"
    "chk(X) -> {X rem 1000000007, X band 16#FFFFFFFF}.\n"
    "mul(N) -> chk(a(N) * -b(N)) =:= {-335600851,3475406697}.\n"
    "mulf(N) -> F = fun erlang:'*'/2, chk(F(a(N), b(N))) =:= {335600851,819560599}.\n"
    "sq(N) -> A = a(N), chk(A * A) =:= {311202320,152399025}.\n"
    "dv(N) -> chk(a(N) div -b(N)) =:= {-620069206,987654321}.\n"
    "rm(N) -> chk(-a(N) rem b(N)) =:= {-961731346,238282200}.\n"
    "dvw(N) -> A = a(N), B = (1 bsl 50000) + 7,\n"
    "    {chk(A div B), chk(A rem B)} =:= {{382872659,4294966952},{18155514,4294957359}}.\n"
    "i2l(N) -> L = integer_to_list(a(N)), {length(L), erlang:phash2(L)} =:= {60206,115179923}.\n"
    "i2b(N) -> B = integer_to_binary(-a(N), 36), {byte_size(B), erlang:phash2(B)} =:= {38687,131527054}.\n"
    "l2i(N) -> chk(list_to_integer(integer_to_list(a(N)))) =:= {175882937,4294954951}.\n"
    "b2i(N) -> chk(binary_to_integer(integer_to_binary(-a(N), 16), 16)) =:= {-175882937,12345}.\n"
    "huge_i2l(N) -> length(integer_to_list(a(N))).\n"
    "huge_sq(N) -> A = a(N), (A * A) band 1.\n"
    "huge_div(N) -> (a(2 * N) div b(2 * N)) band 1.\n"
    "huge_b2i(N) -> B = << <<\"7777777777777777\">> || _ <- lists:seq(1, N div 16) >>,\n"
    "    binary_to_integer(B) band 1.\n";

static const char *const exact[] = {"mul", "mulf", "sq", "dv", "rm", "dvw", "i2l", "i2b", "l2i", "b2i"};

static hl_module *compile_bj(hl_engine **eng) {
    hl_module *m = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_engine_new(eng), HL_OK);
    if (hl_compile(*eng, "bj.erl", src, strlen(src), NULL, &m, &err) != HL_OK)
        fail_msg("compile: %s", err ? hl_error_message(err) : "?");
    return m;
}

static hl_vm_proc *start(hl_module *m, const char *fn, int64_t n, uint64_t max_reds, uint64_t deadline_ns) {
    hl_vm_limits lim = {max_reds, 512u << 20, deadline_ns, 0};
    hl_vm_proc *p = hl_vm_proc_new(m->prog, &lim);
    assert_non_null(p);
    int64_t f = hl_program_find(m->prog, fn, strlen(fn), 1);
    assert_true(f >= 0);
    hl_term arg = hl_make_small(n);
    assert_true(hl_vm_start(p, (uint32_t)f, &arg, 1));
    return p;
}

/* One call charges at most a step (2^17 pairs) plus its last piece (a
 * block product of at most 2^20 pairs), at 256 pairs a reduction, plus
 * the result's own charge (the one-shot operations charged up to 512K
 * reductions in one call). Deterministic: it holds under the sanitizers. */
enum { MAX_CALL_COST = ((1 << 17) + (1 << 20)) / 256 + 512 };

static void test_results_whole_and_sliced_with_collections(void **state) {
    (void)state;
    hl_engine *eng;
    hl_module *m = compile_bj(&eng);
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++) {
        hl_vm_proc *p = start(m, exact[i], 200000, HL_RUN_DEFAULT_MAX_REDUCTIONS, 0);
        hl_vm_status st;
        while ((st = hl_vm_run(p, 0)) == HL_VM_YIELD) {}
        if (st != HL_VM_DONE || hl_vm_result(p) != HL_AM(true))
            fail_msg("%s: status %d, not OTP's value", exact[i], (int)st);
        uint64_t reds = hl_vm_reductions(p);
        if (hl_vm_probe_enabled()) {
            if (p->probe.traps < 3) fail_msg("%s: %llu traps", exact[i], (unsigned long long)p->probe.traps);
            if (p->probe.max_cost > MAX_CALL_COST)
                fail_msg("%s: a call charged %llu reductions", exact[i], (unsigned long long)p->probe.max_cost);
        }
        hl_vm_proc_free(p);
        /* slices of 50 reductions, a major collection at every yield */
        p = start(m, exact[i], 200000, HL_RUN_DEFAULT_MAX_REDUCTIONS, 0);
        uint64_t collections = 0, mid_job = 0;
        while ((st = hl_vm_run(p, 50)) == HL_VM_YIELD) {
            hl_term x[HL_BC_MAX_X];
            if (p->nlive) memcpy(x, p->xsave, p->nlive * sizeof *x);
            mid_job += p->trap.buf != NULL;
            hl_heap *h = hl_vm_proc_heap(p);
            hl_heap_set_gc_always(h, true);
            h->minors_since_major = 3;
            assert_int_equal(hl_vm_gc(p, x, p->nlive, 0, NULL, 0), HL_VM_CONTINUE);
            hl_heap_set_gc_always(h, false);
            if (p->nlive) memcpy(p->xsave, x, p->nlive * sizeof *x);
            collections++;
        }
        if (st != HL_VM_DONE || hl_vm_result(p) != HL_AM(true))
            fail_msg("%s (sliced): status %d, not OTP's value", exact[i], (int)st);
        assert_int_equal(hl_vm_reductions(p), reds); /* the count does not depend on the slices */
        if (mid_job < 3) fail_msg("%s: %llu collections with a job saved", exact[i], (unsigned long long)mid_job);
        printf("%s: %llu reductions, %llu collections (%llu mid-job)\n", exact[i], (unsigned long long)reds,
               (unsigned long long)collections, (unsigned long long)mid_job);
        hl_vm_proc_free(p);
    }
    hl_module_free(m);
    hl_engine_free(eng);
}

/* Minutes of work in one operation: the deadline and the reduction limit
 * stop it part-way (before, one call did all of it, or system_limit). */
static const struct {
    const char *fn;
    int64_t n;
} huge[] = {{"huge_i2l", 30000000}, {"huge_sq", 16000000}, {"huge_div", 16000000}, {"huge_b2i", 3000000}};

static void test_huge_operations_stop_at_the_deadline_and_the_limit(void **state) {
    (void)state;
    hl_engine *eng;
    hl_module *m = compile_bj(&eng);
    for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++) {
        hl_vm_proc *p = start(m, huge[i].fn, huge[i].n, UINT64_C(1) << 50, hl_vm_now_ns() + 50 * 1000000u);
        hl_vm_status st;
        while ((st = hl_vm_run(p, 0)) == HL_VM_YIELD) {}
        if (st != HL_VM_FAULT_DEADLINE) fail_msg("%s: status %d, not the deadline", huge[i].fn, (int)st);
        hl_vm_proc_free(p);
        p = start(m, huge[i].fn, huge[i].n, 200000, 0);
        while ((st = hl_vm_run(p, 0)) == HL_VM_YIELD) {}
        if (st != HL_VM_FAULT_REDUCTIONS) fail_msg("%s: status %d, not the reductions fault", huge[i].fn, (int)st);
        /* (and linear operations on the operand: a(N) charges 1 per 16 limbs) */
        uint64_t linear = (uint64_t)huge[i].n * 4 / 64 / 16; /* (huge_div: 3n bits of operands) */
        if (hl_vm_probe_enabled() && p->probe.max_cost > MAX_CALL_COST + linear)
            fail_msg("%s: a call charged %llu reductions", huge[i].fn, (unsigned long long)p->probe.max_cost);
        hl_vm_proc_free(p);
    }
    hl_module_free(m);
    hl_engine_free(eng);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_results_whole_and_sliced_with_collections),
        cmocka_unit_test(test_huge_operations_stop_at_the_deadline_and_the_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
