/* test_vm_stack_scan.c — minor collections skip the part of the stack that
 * cannot point into the young generation (vm_support.c hl_vm_gc: frames
 * marked at one collection and unchanged since). The program of
 * tests/conformance/gc_deep_frames.erl runs here with a collection at every
 * test_heap (and a fresh fragment for every builtin allocation), in slices
 * of a few reductions, under ASan in the sanitizer build: any stack slot the
 * collector wrongly skipped would keep a pointer into a freed block. The
 * expected values are that conformance test's (from OTP 25). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/diag.h"
#include "base/mem.h"
#include "core/core.h"
#include "front/front.h"
#include "gen/codegen.h"
#include "bc/gate.h"
#include "vm/load.h"
#include "vm/vm.h"

static hl_program *compile_file(const char *path) {
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char src[1 << 16];
    size_t n = fread(src, 1, sizeof src, f);
    fclose(f);
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    hl_front_result *r = hl_front_parse(src, n, &lim);
    assert_non_null(r);
    assert_int_equal(hl_diags_errors(&r->diags), 0);
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
    char why[200];
    hl_program *p = NULL;
    assert_true(hl_gate_check(img, len, &g, why, sizeof why));
    assert_true(hl_load(&g, &p, why, sizeof why));
    hl_bc_image_free(&g);
    hl_mem_free(img);
    hl_core_free(m);
    hl_front_free(r);
    hl_diags_free(&d);
    return p;
}

static int64_t run_go(hl_program *pg, int64_t n, bool gc_always, uint64_t slice) {
    hl_vm_limits lim = {.max_reductions = 100000000, .max_heap_bytes = 256u << 20, .deadline_ns = 0};
    hl_vm_proc *p = hl_vm_proc_new(pg, &lim);
    assert_non_null(p);
    if (gc_always) hl_heap_set_gc_always(hl_vm_proc_heap(p), true);
    int64_t fn = hl_program_find(pg, "go", 2, 1);
    assert_true(fn >= 0);
    hl_term arg = hl_make_small(n);
    assert_true(hl_vm_start(p, (uint32_t)fn, &arg, 1));
    hl_vm_status st;
    while ((st = hl_vm_run(p, slice)) == HL_VM_YIELD) {
    }
    assert_int_equal(st, HL_VM_DONE);
    hl_term r = hl_vm_result(p);
    assert_true(hl_is_small(r));
    int64_t v = hl_small_val(r);
    hl_vm_proc_free(p);
    return v;
}

static void test_deep_frames_across_collections(void **state) {
    (void)state;
    hl_program *pg = compile_file(HL_SOURCE_DIR "/tests/conformance/gc_deep_frames.erl");
    static const struct { int64_t n, expected; } cases[] = {{1, 999994}, {300, 298979292}, {1500, 1474455320}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(run_go(pg, cases[i].n, false, 0), cases[i].expected);
        assert_int_equal(run_go(pg, cases[i].n, true, 0), cases[i].expected);
        assert_int_equal(run_go(pg, cases[i].n, true, 7), cases[i].expected);
        assert_int_equal(run_go(pg, cases[i].n, false, 3), cases[i].expected);
    }
    hl_program_free(pg);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deep_frames_across_collections),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
