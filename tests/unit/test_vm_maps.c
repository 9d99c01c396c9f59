/* test_vm_maps.c — the map instructions under memory pressure: a map-heavy
 * program compiled by the real pipeline gives the same result with a
 * collection at every allocation point (GC-always mode), under every heap
 * limit from tiny to ample (same result or a HEAP fault, never anything
 * else), with allocation failures injected (same result or NOMEM), and in
 * slices of one reduction (preemption anywhere). Reductions are charged for
 * the map work. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
#include "term/map.h"
#include "term/print.h"
#include "vm/vm.h"

static const char SRC[] =
    "-module(t).\n-export([main/1]).\n"
    "id(X) -> X.\n"
    "build(0, M) -> M;\n"
    "build(N, M) -> build(N - 1, M#{N => {N, [N]}, {k, N} => N * 1.5}).\n"
    "upd(M, []) -> M;\n"
    "upd(M, [K | Ks]) -> #{K := {A, L}} = M, upd(M#{K := {A + 1, [K | L]}}, Ks).\n"
    "main(N) ->\n"
    "    M = build(N, #{}),\n"
    "    M2 = upd(M, lists:seq(1, N)),\n"
    "    W = #{id(a) => id(1), id(b) => [id(2)], id(c) => #{id(d) => id(3)}, id(a) => id(4)},\n"
    "    E = try M2#{nope := 1} catch error:R -> R end,\n"
    "    F = try (id(x))#{a => 1} catch error:R2 -> R2 end,\n"
    "    #{c := #{d := D}} = W,\n"
    "    {M2, W#{e => D}, E, F, map_size(M2), [V || K <- lists:seq(1, N), #{K := V} <- [M2]]}.\n";

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
    if (st == HL_VM_DONE && out) assert_int_equal(hl_print_p(out, hl_vm_result(p), 1, 80, false, NULL), HL_TERM_OK);
    if (reds) *reds = hl_vm_reductions(p);
    hl_vm_proc_free(p);
    return st;
}

static void test_gc_always_same_result(void **state) {
    (void)state;
    for (int64_t n = 0; n <= 15; n += 5) {
        hl_buf a, b, c;
        hl_buf_init(&a, 0), hl_buf_init(&b, 0), hl_buf_init(&c, 0);
        assert_int_equal(run(n, 64 << 20, false, 0, &a, NULL), HL_VM_DONE);
        assert_int_equal(run(n, 64 << 20, true, 0, &b, NULL), HL_VM_DONE);
        assert_int_equal(run(n, 64 << 20, true, 1, &c, NULL), HL_VM_DONE); /* preempted everywhere */
        assert_int_equal(a.len, b.len);
        assert_memory_equal(a.data, b.data, a.len);
        assert_int_equal(a.len, c.len);
        assert_memory_equal(a.data, c.data, a.len);
        if (n == 5) assert_non_null(strstr(a.data, "{badkey,nope}"));
        if (n == 5) assert_non_null(strstr(a.data, "{badmap,x}"));
        hl_buf_free(&a), hl_buf_free(&b), hl_buf_free(&c);
    }
}

/* Every heap limit: the same result or a heap fault. */
static void test_heap_limits(void **state) {
    (void)state;
    hl_buf want;
    hl_buf_init(&want, 0);
    assert_int_equal(run(15, 64 << 20, false, 0, &want, NULL), HL_VM_DONE);
    unsigned done = 0, faults = 0;
    for (uint64_t heap = 1024; heap <= 96 * 1024; heap += 512) {
        for (int always = 0; always < 2; always++) {
            hl_buf got;
            hl_buf_init(&got, 0);
            hl_vm_status st = run(15, heap, always, 0, &got, NULL);
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
    assert_int_equal(run(6, 1 << 20, true, 0, &want, NULL), HL_VM_DONE);
    for (long k = 0; k < 400; k++) {
        hl_mem_fail_after(k);
        hl_vm_status st = run(6, 1 << 20, true, 0, NULL, NULL);
        hl_mem_fail_after(-1);
        assert_true(st == HL_VM_DONE || st == HL_VM_FAULT_NOMEM || st == HL_VM_FAULT_STATE);
    }
    hl_buf_free(&want);
}

/* Map work is charged: more keys, more reductions, exactly repeatable. */
static void test_reductions(void **state) {
    (void)state;
    uint64_t r5 = 0, r15 = 0, again = 0;
    assert_int_equal(run(5, 64 << 20, false, 0, NULL, &r5), HL_VM_DONE);
    assert_int_equal(run(15, 64 << 20, false, 0, NULL, &r15), HL_VM_DONE);
    assert_int_equal(run(15, 64 << 20, true, 7, NULL, &again), HL_VM_DONE);
    assert_true(r15 > r5);
    assert_int_equal(r15, again);
}

/* Map patterns in receive (delivered through the internal hook: nothing
 * can send in the language yet): a non-matching map stays queued. */
static void test_receive_map_patterns(void **state) {
    (void)state;
    static const char src[] = "-module(rm).\n-export([f/1]).\n"
                              "f(K) -> receive #{K := X, n := N} when N > 1 -> {X, N}; {M} when is_map(M) -> M end.\n";
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    hl_front_result *r = hl_front_parse(src, sizeof src - 1, &lim);
    hl_core_options o;
    hl_core_options_default(&o);
    hl_diags d;
    hl_diags_init(&d, 10);
    hl_core_module *m = hl_core_compile(r->module, &o, &d);
    assert_non_null(m);
    uint8_t *img = NULL;
    size_t len = 0;
    assert_true(hl_codegen(m, &d, &img, &len, NULL));
    hl_bc_image g;
    char err[200];
    hl_program *pg = NULL;
    assert_true(hl_gate_check(img, len, &g, err, sizeof err));
    assert_true(hl_load(&g, &pg, err, sizeof err));
    hl_vm_limits vl = {.max_reductions = 100000, .max_heap_bytes = 1 << 20, .deadline_ns = 0};
    hl_vm_proc *p = hl_vm_proc_new(pg, &vl);
    hl_heap *h = hl_vm_proc_heap(p);
    hl_term k = hl_make_small(7);
    assert_true(hl_vm_start(p, (uint32_t)hl_program_find(pg, "f", 1, 1), &k, 1));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_WAIT);
    hl_term keys[1] = {hl_make_small(7)}, vals[1] = {hl_make_small(1)}, m1;
    assert_int_equal(hl_map_new(h, keys, vals, 1, &m1), HL_TERM_OK); /* #{7 => 1}: no n */
    assert_true(hl_vm_deliver(p, m1));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_WAIT);
    /* #{7 => 42, n => 1}: the guard fails; #{7 => 42, n => 5} matches */
    hl_term nk[2] = {hl_make_small(7), 0}, nv[2] = {hl_make_small(42), hl_make_small(1)}, m3, m4;
    hl_term n_atom = HL_NIL;
    for (uint32_t i = 0; i < pg->n_atoms; i++) {
        size_t l;
        const char *nm = hl_atom_name(pg->atoms[i], &l);
        if (l == 1 && nm[0] == 'n') n_atom = pg->atoms[i];
    }
    assert_true(n_atom != HL_NIL);
    nk[1] = n_atom;
    assert_int_equal(hl_map_new(h, nk, nv, 2, &m3), HL_TERM_OK);
    assert_true(hl_vm_deliver(p, m3));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_WAIT);
    nv[1] = hl_make_small(5);
    assert_int_equal(hl_map_new(h, nk, nv, 2, &m4), HL_TERM_OK);
    assert_true(hl_vm_deliver(p, m4));
    hl_heap_set_gc_always(h, true);
    assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
    hl_buf out;
    hl_buf_init(&out, 0);
    assert_int_equal(hl_print_p(&out, hl_vm_result(p), 1, 80, false, NULL), HL_TERM_OK);
    assert_int_equal(out.len, 6);
    assert_memory_equal(out.data, "{42,5}", 6);
    hl_buf_free(&out);
    hl_vm_proc_free(p);
    hl_program_free(pg);
    hl_bc_image_free(&g);
    hl_mem_free(img);
    hl_core_free(m);
    hl_front_free(r);
    hl_diags_free(&d);
}

int main(void) {
    compile();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gc_always_same_result),
        cmocka_unit_test(test_heap_limits),
        cmocka_unit_test(test_alloc_failures),
        cmocka_unit_test(test_reductions),
        cmocka_unit_test(test_receive_map_patterns),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    tp_free();
    return rc;
}
