/* test_atom_programs.c — security invariant 1 end to end (docs/design.md §4 (invariant 1)):
 * compiling, running and unloading 10,000 distinct programs full of fresh
 * atom names leaves the engine's atom table as it was when new (static atoms
 * only) once the engine is freed, and while they are loaded the table holds
 * no more than the engine's cache can keep. A result's atoms come back to the host as names, not as table
 * entries the host would have to release. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "host/host_int.h"
#include "hyperlang.h"
#include "term/atom.h"

enum { PROGRAMS = 10000, ATOMS_PER_PROGRAM = 24, ENGINE_CACHE_MAX = 256 };

/* A module returning a tuple of fresh atoms; `tag` makes every name new. */
static void make_program(hl_buf *b, unsigned tag) {
    hl_buf_reset(b);
    hl_buf_printf(b, "-module(p%u).\n-export([f/0]).\nf() -> {", tag);
    for (unsigned i = 0; i < ATOMS_PER_PROGRAM; i++)
        hl_buf_printf(b, "%shostile_%u_%u", i ? "," : "", tag, i);
    hl_buf_puts(b, "}.\n");
    assert_false(b->failed);
}

static void compile_and_run(hl_engine *engine, hl_buf *src, unsigned tag) {
    hl_module *m = NULL;
    hl_error *err = NULL;
    hl_status s = hl_compile(engine, "p.erl", src->data, src->len, NULL, &m, &err);
    if (s != HL_OK) print_error("%s\n", hl_error_message(err));
    assert_int_equal(s, HL_OK);
    hl_value *result = NULL;
    s = hl_run(m, "f", NULL, 0, NULL, &result, &err);
    if (s != HL_OK) print_error("%s\n", hl_error_message(err));
    assert_int_equal(s, HL_OK);
    size_t n = 0;
    assert_int_equal(hl_value_count(result, &n), HL_OK);
    assert_int_equal(n, ATOMS_PER_PROGRAM);
    hl_value *last = NULL;
    assert_int_equal(hl_value_element(result, n - 1, &last), HL_OK);
    const char *name;
    size_t len;
    assert_int_equal(hl_value_get_atom(last, &name, &len), HL_OK);
    char want[64];
    int wl = snprintf(want, sizeof want, "hostile_%u_%u", tag, ATOMS_PER_PROGRAM - 1);
    assert_int_equal(len, (size_t)wl);
    assert_memory_equal(name, want, len);
    hl_value_free(last);
    hl_value_free(result);
    hl_module_free(m);
}

static void test_10k_programs_leave_atom_table_unchanged(void **state) {
    (void)state;
    hl_buf src;
    hl_buf_init(&src, 0);
    hl_engine *engine;
    assert_int_equal(hl_engine_new(&engine), HL_OK);
    /* Warm-up: whatever a first compile and run initialise, once. */
    make_program(&src, 1000000);
    compile_and_run(engine, &src, 1000000);
    hl_engine_free(engine);

    assert_int_equal(hl_engine_new(&engine), HL_OK);
    hl_atom_table *tab = engine->atoms; /* watched past the engine's end */
    hl_atom_table_retain(tab);
    size_t warm = hl_atom_table_count(tab);
    assert_int_equal(warm, HL_ATOM_STATIC_COUNT);
    size_t peak = warm;
    for (unsigned p = 0; p < PROGRAMS; p++) {
        make_program(&src, p);
        compile_and_run(engine, &src, p);
        size_t now = hl_atom_table_count(tab);
        if (now > peak) peak = now;
    }
    /* Loaded programs hold their pools; the cache bounds how many. */
    assert_true(peak <= warm + (size_t)(ENGINE_CACHE_MAX + 1) * (ATOMS_PER_PROGRAM + 2));
    hl_engine_free(engine); /* unloads every cached program */
    assert_int_equal(hl_atom_table_count(tab), warm);
    hl_atom_table_release(tab);
    hl_buf_free(&src);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_10k_programs_leave_atom_table_unchanged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
