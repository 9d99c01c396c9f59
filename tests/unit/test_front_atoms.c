/* test_front_atoms.c — security invariant 1 at the front end: parsing and
 * checking source never grows a global table. Names stay byte strings until
 * a program is loaded, so hostile sources full of fresh atom names leave the
 * global atom count exactly where it was. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>

#include "base/buf.h"
#include "host/host_int.h"
#include "hyperlang.h"
#include "term/atom.h"

/* A module whose only function returns a tuple of `count` fresh atoms,
 * spread over several lines; `tag` makes every program's names distinct. */
static void make_source(hl_buf *b, unsigned tag, unsigned count) {
    hl_buf_reset(b);
    hl_buf_printf(b, "-module(m%u).\n-export([f/0]).\nf() -> {", tag);
    for (unsigned i = 0; i < count; i++)
        hl_buf_printf(b, "%sfresh_%u_%u%s", i ? "," : "", tag, i, i % 16 == 15 ? "\n" : "");
    hl_buf_puts(b, "}.\n");
    assert_false(b->failed);
}

static void test_100k_distinct_atoms_leave_table_unchanged(void **state) {
    (void)state;
    hl_engine *engine;
    assert_int_equal(hl_engine_new(&engine), HL_OK);
    hl_buf src;
    hl_buf_init(&src, 0);
    make_source(&src, 0, 100000);
    size_t before = hl_atom_table_count(engine->atoms);

    char *dump = NULL;
    size_t dump_len = 0;
    hl_error *err = NULL;
    hl_status s = hl_parse_dump(engine, "atoms.erl", src.data, src.len, NULL, &dump, &dump_len, &err);
    if (s != HL_OK) print_error("%s\n", hl_error_message(err));
    assert_int_equal(s, HL_OK);
    assert_true(dump_len > 100000 * 10); /* every atom is in the dump */
    hl_free(dump);
    /* The whole checking pipeline, too (it may reject a tuple this large
     * under its literal limits; either way it must intern nothing). */
    hl_check(engine, "atoms.erl", src.data, src.len, NULL, &err);
    hl_error_free(err);

    assert_int_equal(hl_atom_table_count(engine->atoms), before);
    hl_buf_free(&src);
    hl_engine_free(engine);
}

static void test_10k_hostile_programs_leave_table_unchanged(void **state) {
    (void)state;
    hl_engine *engine;
    assert_int_equal(hl_engine_new(&engine), HL_OK);
    hl_buf src;
    hl_buf_init(&src, 0);
    /* Warm up: whatever a first check may initialise, once. */
    make_source(&src, 1000000, 8);
    hl_check(engine, "warm.erl", src.data, src.len, NULL, NULL);
    size_t before = hl_atom_table_count(engine->atoms);
    unsigned accepted = 0;
    for (unsigned p = 0; p < 10000; p++) {
        make_source(&src, p, 20);
        if (hl_check(engine, "p.erl", src.data, src.len, NULL, NULL) == HL_OK) accepted++;
    }
    assert_int_equal(accepted, 10000);
    assert_int_equal(hl_atom_table_count(engine->atoms), before);
    hl_buf_free(&src);
    hl_engine_free(engine);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_100k_distinct_atoms_leave_table_unchanged),
        cmocka_unit_test(test_10k_hostile_programs_leave_table_unchanged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
