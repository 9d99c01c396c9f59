/* test_vm_mapkey.c — map keys too large to hash in one VM call are hashed
 * in pieces (vm/vm_map.c, term/map_hash.h): a 2 MiB binary, a
 * shared-structure key of 2^16 leaves, a tuple of both kinds, a 100,000-cell
 * list and a 20M-bit integer, put into and looked up in a 40-key map, give
 * OTP 25's results (the expected values come from erl: the lookups and the
 * map's key order, which is its hash's) whole, and in slices of 400
 * reductions with a major collection at every yield (the walk's state
 * holds no heap pointer outside the trap's root stack). In test-hooks
 * builds: several pieces per operation, and no call charges more than a
 * piece. A key over the hash's cap (2^24 leaves) stops at a host
 * interrupt set while its walk is saved mid-way. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "host/host_int.h"
#include "term/atom.h"
#include "vm/vm.h"
#include "vm/vm_internal.h"
#include "vm/vm_map.h"
#include "vm/vm_support.h"

static const char src[] =
    "-module(mk).\n"
    "-export([get/1, huge/1]).\n"
    "dag(0) -> [1, 2, 3];\n"
    "dag(K) -> D = dag(K - 1), {D, D}.\n"
    "base() -> maps:from_list([{I, I} || I <- lists:seq(1, 40)]).\n"
    "bin(N) -> binary:copy(<<\"0123456789abcdef\">>, N).\n"
    "key(0) -> bin(1 bsl 17);\n"
    "key(1) -> dag(16);\n"
    "key(2) -> {dag(12), bin(1 bsl 16)};\n"
    "key(3) -> lists:seq(1, 100000);\n"
    "key(4) -> (1 bsl 20000000) + 5.\n"
    "otp(0) -> 49866601; otp(1) -> 75370479; otp(2) -> 38596469; otp(3) -> 51425982; otp(4) -> 58159842.\n"
    "get(K) -> Key = key(K), M = (base())#{Key => found},\n"
    "    {maps:get(Key, M), is_map_key(Key, M), erlang:phash2([erlang:phash2(X) || X <- maps:keys(M)])}\n"
    "        =:= {found, true, otp(K)}.\n"
    "huge(_) -> M = base(), catch M#{dag(24) => 1}.\n";

static hl_module *compile_mk(hl_engine **eng) {
    hl_module *m = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_engine_new(eng), HL_OK);
    if (hl_compile(*eng, "mk.erl", src, strlen(src), NULL, &m, &err) != HL_OK)
        fail_msg("compile: %s", err ? hl_error_message(err) : "?");
    return m;
}

static hl_vm_proc *start(hl_module *m, const char *fn, int64_t n, uint64_t max_reds) {
    hl_vm_limits lim = {max_reds, 512u << 20, 0, 0};
    hl_vm_proc *p = hl_vm_proc_new(m->prog, &lim);
    assert_non_null(p);
    int64_t f = hl_program_find(m->prog, fn, strlen(fn), 1);
    assert_true(f >= 0);
    hl_term arg = hl_make_small(n);
    assert_true(hl_vm_start(p, (uint32_t)f, &arg, 1));
    return p;
}

/* A call that hashes map keys does at most a piece (and the inline share
 * before it), at 16 units a reduction, plus the operation's own few
 * reductions (p->probe.max_cost_map: the set-up's builtins are apart). */
enum { MAX_CALL_COST = (HL_VM_MAP_KEY_PIECE + HL_VM_MAP_KEY_INLINE) / 16 + 64 };

static void test_large_keys_sliced_with_collections(void **state) {
    (void)state;
    hl_engine *eng;
    hl_module *m = compile_mk(&eng);
    for (int k = 0; k <= 4; k++) {
        hl_vm_proc *p = start(m, "get", k, HL_RUN_DEFAULT_MAX_REDUCTIONS);
        hl_vm_status st;
        while ((st = hl_vm_run(p, 0)) == HL_VM_YIELD) {}
        if (st != HL_VM_DONE || hl_vm_result(p) != HL_AM(true)) fail_msg("key %d: status %d, not OTP's result", k, (int)st);
        uint64_t reds = hl_vm_reductions(p);
        if (hl_vm_probe_enabled()) {
            if (p->probe.max_cost_map > MAX_CALL_COST || p->probe.max_cost_map == 0)
                fail_msg("key %d: a map call charged %llu reductions", k, (unsigned long long)p->probe.max_cost_map);
        }
        hl_vm_proc_free(p);
        /* slices of 400 reductions (under a piece's charge), a major collection at every yield, and
         * count the yields taken with a key's walk saved */
        p = start(m, "get", k, HL_RUN_DEFAULT_MAX_REDUCTIONS);
        uint64_t mid_walk = 0;
        while ((st = hl_vm_run(p, 400)) == HL_VM_YIELD) {
            hl_term x[HL_BC_MAX_X];
            if (p->nlive) memcpy(x, p->xsave, p->nlive * sizeof *x);
            mid_walk += p->trap.fn == hl_vm_map_instr_marker && p->trap.buf != NULL && p->trap.n[HL_VM_MAP_N_WALKING];
            hl_heap *h = hl_vm_proc_heap(p);
            hl_heap_set_gc_always(h, true);
            h->minors_since_major = 3;
            assert_int_equal(hl_vm_gc(p, x, p->nlive, 0, NULL, 0), HL_VM_CONTINUE);
            hl_heap_set_gc_always(h, false);
            if (p->nlive) memcpy(p->xsave, x, p->nlive * sizeof *x);
        }
        if (st != HL_VM_DONE || hl_vm_result(p) != HL_AM(true))
            fail_msg("key %d (sliced): status %d, not OTP's result", k, (int)st);
        assert_int_equal(hl_vm_reductions(p), reds); /* the count does not depend on the slices */
        /* the put's walk alone spans several slices (the maps:get and
         * is_map_key builtins' walks are not counted here) */
        if (mid_walk < 3) fail_msg("key %d: %llu yields inside the put's walk", k, (unsigned long long)mid_walk);
        printf("key %d: %llu reductions, %llu yields mid-walk\n", k, (unsigned long long)reds, (unsigned long long)mid_walk);
        hl_vm_proc_free(p);
    }
    hl_module_free(m);
    hl_engine_free(eng);
}

/* dag(24): 2^24 leaves, past the hash's cap of 2^21 units (then
 * system_limit). An interrupt set while its walk is saved stops the run at
 * the next piece, instead of the whole walk running in one call. */
static void test_interrupt_mid_walk(void **state) {
    (void)state;
    hl_engine *eng;
    hl_module *m = compile_mk(&eng);
    hl_vm_proc *p = start(m, "huge", 0, HL_RUN_DEFAULT_MAX_REDUCTIONS);
    static _Atomic int flag;
    atomic_store(&flag, 0);
    hl_vm_set_interrupt(p, &flag);
    hl_vm_status st;
    int pieces = 0;
    while ((st = hl_vm_run(p, 100)) == HL_VM_YIELD) {
        if (p->trap.fn == hl_vm_map_instr_marker && p->trap.buf != NULL && p->trap.n[HL_VM_MAP_N_WALKING] && ++pieces == 5)
            atomic_store(&flag, 1);
    }
    assert_int_equal(pieces, 5);
    assert_int_equal(st, HL_VM_FAULT_INTERRUPT);
    hl_vm_proc_free(p);
    /* without it: system_limit, caught (the cap), after ~2^21 / 16 reductions */
    p = start(m, "huge", 0, HL_RUN_DEFAULT_MAX_REDUCTIONS);
    while ((st = hl_vm_run(p, 0)) == HL_VM_YIELD) {}
    assert_int_equal(st, HL_VM_DONE);
    assert_true(hl_vm_reductions(p) > (UINT64_C(1) << 21) / 16);
    hl_vm_proc_free(p);
    hl_module_free(m);
    hl_engine_free(eng);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_large_keys_sliced_with_collections),
        cmocka_unit_test(test_interrupt_mid_walk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
