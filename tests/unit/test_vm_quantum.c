/* test_vm_quantum.c — the calls that used to run past a quantum now run in
 * pieces, with the same results and reduction counts however the run is
 * sliced, a major collection at every yield (the pieces' state holds no
 * heap pointer outside the trap's roots):
 *   - a comparison of two long integers of one size (bif_compare.c,
 *     FRAME_BIG: 64Ki limbs per call);
 *   - a map lookup or update whose key equals a stored huge key built
 *     apart, in a hash map and in a flat map (vm_map.c: the comparison
 *     walk, a quarter quantum per call, then the operation again);
 *   - lists:sort's radix take (bif_sort.c: copied, counted, scattered
 *     and built 8,192 elements per call);
 *   - linear operations on long integers (term/biglin.c: 2^16 limbs per
 *     call, the builtins and the + and - instructions), and at the cap
 *     (results past it are system_limit);
 *   - maps:from_list/1 with huge keys (bif_maps.c: such a pair is put
 *     alone, its key hashed and compared in pieces), and from_keys, with,
 *     without and merge likewise;
 *   - lists:sort's run scan (hl_sort_prep) comparing huge equal terms in
 *     the comparison walk.
 * Each program checks its own answers (the values are OTP's: see
 * tests/conformance/bignum_linear_sliced.erl for the arithmetic against
 * erl); the test counts the yields taken inside each kind of piece, which
 * depend only on the program and the slice size. */
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
#include "vm/bif_sort.h"
#include "vm/vm.h"
#include "vm/vm_internal.h"
#include "vm/vm_map.h"
#include "vm/vm_support.h"

static const char src[] =
    "-module(q).\n"
    "-export([run/1]).\n"
    "dag(0) -> [1, 2, 3];\n"
    "dag(K) -> D = dag(K - 1), {D, D}.\n"
    "sorted([X, Y | T]) -> X =< Y andalso sorted([Y | T]);\n"
    "sorted(_) -> true.\n"
    "base() -> maps:from_list([{I, I} || I <- lists:seq(1, 40)]).\n"
    "run(0) -> A = 1 bsl 12000000, B = A + 1, C = (A - 1) + 2,\n"
    "    {A < B, A == B, B > A, B =:= C, B =/= A, -B < -A, min(A, B) =:= A} =:= {true, false, true, true, true, true, true};\n"
    "run(1) -> M = (base())#{dag(16) => found}, D = dag(16),\n"
    "    {maps:get(D, M), is_map_key(D, M), map_size(M#{D := 2}), maps:get(D, M#{D => 3})} =:= {found, true, 41, 3};\n"
    "run(2) -> M = #{dag(16) => found, a => 1, {x} => 2}, D = dag(16),\n"
    "    #{D := V} = M, {V, maps:get(D, M), map_size(M#{D := 2}), maps:remove(D, M)} =:= {found, found, 3, #{a => 1, {x} => 2}};\n"
    "run(3) -> L = [(I * 7919) rem 100003 || I <- lists:seq(1, 40000)],\n"
    "    S = lists:sort(L), sorted(S) andalso length(S) =:= 40000 andalso lists:sum(S) =:= lists:sum(L);\n"
    "run(4) -> X = (1 bsl 8000000) - 12345, Y = -X,\n"
    "    {((X bsl 100) bsr 100) =:= X, (bnot X) + X, Y + X, abs(Y) =:= X, (X band Y) band 16#FFFF,\n"
    "     (X bor Y) bxor Y =:= X bor Y bxor Y, (Y bsr 7999999) , erlang:'-'(X, X)} =:= {true, -1, 0, true, 1, true, -2, 0};\n"
    "run(6) -> Top = 1 bsl 33554367,\n"
    "    {try Top + Top catch error:R1 -> R1 end, try -Top - Top catch error:R2 -> R2 end,\n"
    "     try erlang:'+'(Top, Top) catch error:R3 -> R3 end, Top - Top, (Top - 1) band Top, (Top bsr 33554300) bsl 33554300 =:= Top}\n"
    "        =:= {system_limit, system_limit, system_limit, 0, 0, true};\n"
    "run(5) -> D = dag(16), L = [{I, I} || I <- lists:seq(1, 40)] ++ [{dag(16), a}, {x, 1}, {D, b}],\n"
    "    M = maps:from_list(L), {maps:get(D, M), map_size(M), maps:get(x, M)} =:= {b, 42, 1};\n"
    /* quantum3: lists:sort's run scan (hl_sort_prep) comparing equal DAGs
     * built apart in the comparison walk; the order is OTP's
     * (tests/conformance/sort_huge_terms.erl) */
    "run(7) -> C = {dag(14), 1}, D = {dag(14), 1.0}, E = {dag(14), 0},\n"
    "    [erlang:phash2(X) || X <- lists:nthtail(8200, lists:sort([C, E, D, dag(15), C, E, D, dag(15) | lists:seq(1, 8200)]))] =:=\n"
    "        [113642697,113642697,133322397,83393985,133322397,83393985,55577529,55577529];\n"
    /* the map builders with huge keys (bif_maps.c: such a key alone, hashed
     * and compared in pieces; a flat map holding one growing past 32 keys) */
    "run(8) -> D = dag(15), B = binary:copy(<<\"0123456789abcdef\">>, 1 bsl 14), M = (base())#{dag(15) => d},\n"
    "    F = maps:from_keys([B | lists:seq(1, 40)], x), W = maps:with([1, D, 2], M), O = maps:without([3, D], M),\n"
    "    G = maps:merge(M, #{dag(15) => e, a => 1}), K = maps:merge(#{dag(15) => e, a => 1}, M),\n"
    "    {map_size(F), maps:get(binary:copy(<<\"0123456789abcdef\">>, 1 bsl 14), F), W =:= #{1 => 1, D => d, 2 => 2},\n"
    "     map_size(O), maps:is_key(D, O), maps:get(D, G), map_size(G), maps:get(D, K), maps:get(a, K)}\n"
    "        =:= {41, x, true, 39, false, e, 42, d, 1}.\n";

static hl_module *compile_q(hl_engine **eng) {
    hl_module *m = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_engine_new(eng), HL_OK);
    if (hl_compile(*eng, "q.erl", src, strlen(src), NULL, &m, &err) != HL_OK)
        fail_msg("compile: %s", err ? hl_error_message(err) : "?");
    return m;
}

static hl_vm_proc *start(hl_module *m, int64_t n) {
    hl_vm_limits lim = {HL_RUN_DEFAULT_MAX_REDUCTIONS, 512u << 20, 0, 0};
    hl_vm_proc *p = hl_vm_proc_new(m->prog, &lim);
    assert_non_null(p);
    int64_t f = hl_program_find(m->prog, "run", 3, 1);
    assert_true(f >= 0);
    hl_term arg = hl_make_small(n);
    assert_true(hl_vm_start(p, (uint32_t)f, &arg, 1));
    return p;
}

/* The yields program k takes inside the piece it is about. */
static bool in_piece(const hl_vm_proc *p, int k) {
    if (!p->trap.fn) return false;
    switch (k) {
    case 0: return p->trap.nroots > 0; /* the comparison walk's frame */
    case 1: case 2: return p->trap.n[HL_VM_MAP_N_CMP] == HL_VM_MAP_CMP_WALKING;
    case 3: return p->trap.fn == hl_vm_bif_sort_take;
    case 4: return p->trap.frag != NULL && p->trap.buf != NULL; /* a linear job's result */
    case 6: return p->trap.frag != NULL && p->trap.buf != NULL; /* as 4, at the bignum cap */
    case 7: return p->trap.fn == hl_vm_bif_sort_prep && p->trap.nroots > 0; /* the scan's comparison walk */
    default: /* maps:from_list's huge keys: hashed, then compared, in pieces */
        return p->trap.n[HL_VM_MAP_N_WALKING] || p->trap.n[HL_VM_MAP_N_CMP] == HL_VM_MAP_CMP_WALKING;
    }
}

static void test_pieces(void **state) {
    (void)state;
    /* the fewest yields inside the piece each program must take (slices
     * of 400 reductions; every piece is charged more than that) */
    static const uint64_t min_yields[] = {4, 6, 6, 3, 6, 6, 12, 6, 6};
    hl_engine *eng;
    hl_module *m = compile_q(&eng);
    for (int k = 0; k <= 8; k++) {
        hl_vm_proc *p = start(m, k);
        hl_vm_status st;
        while ((st = hl_vm_run(p, 0)) == HL_VM_YIELD) {}
        if (st != HL_VM_DONE || hl_vm_result(p) != HL_AM(true)) fail_msg("program %d: status %d, not true", k, (int)st);
        uint64_t reds = hl_vm_reductions(p);
        hl_vm_proc_free(p);
        p = start(m, k);
        uint64_t yields = 0;
        while ((st = hl_vm_run(p, 400)) == HL_VM_YIELD) {
            hl_term x[HL_BC_MAX_X];
            if (p->nlive) memcpy(x, p->xsave, p->nlive * sizeof *x);
            yields += in_piece(p, k);
            hl_heap *h = hl_vm_proc_heap(p);
            hl_heap_set_gc_always(h, true);
            h->minors_since_major = 3;
            assert_int_equal(hl_vm_gc(p, x, p->nlive, 0, NULL, 0), HL_VM_CONTINUE);
            hl_heap_set_gc_always(h, false);
            if (p->nlive) memcpy(p->xsave, x, p->nlive * sizeof *x);
        }
        if (st != HL_VM_DONE || hl_vm_result(p) != HL_AM(true))
            fail_msg("program %d (sliced): status %d, not true", k, (int)st);
        assert_int_equal(hl_vm_reductions(p), reds); /* the count does not depend on the slices */
        printf("program %d: %llu reductions, %llu yields inside its pieces\n", k, (unsigned long long)reds,
               (unsigned long long)yields);
        if (yields < min_yields[k]) fail_msg("program %d: %llu yields inside its pieces", k, (unsigned long long)yields);
        hl_vm_proc_free(p);
    }
    hl_module_free(m);
    hl_engine_free(eng);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pieces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
