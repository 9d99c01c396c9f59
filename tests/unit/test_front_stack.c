/* test_front_stack.c — the recursion bounds hold in bytes, not only in
 * levels: with the depth limit raised out of the way, the parser's measured
 * stack budget still stops hostile nesting with a diagnostic; and through the
 * API, the deepest nesting a host may allow runs the whole checking pipeline
 * without exhausting the stack (this test also runs under ASan, whose frames
 * are several times larger). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "base/buf.h"
#include "front/front.h"
#include "hyperlang.h"

/* f(X) -> OPEN^n X CLOSE^n. */
static void nested(hl_buf *b, unsigned n, const char *open, const char *close) {
    hl_buf_reset(b);
    hl_buf_puts(b, "-module(m).\n-export([f/1]).\nf(X) -> ");
    for (unsigned i = 0; i < n; i++) hl_buf_puts(b, open);
    hl_buf_puts(b, "X");
    for (unsigned i = 0; i < n; i++) hl_buf_puts(b, close);
    hl_buf_puts(b, ".\n");
    assert_false(b->failed);
}

static void test_stack_budget_stops_deep_nesting(void **state) {
    (void)state;
    static const char *const shapes[][2] = {
        {"(", ")"}, {"[", "]"}, {"{", "}"}, {"begin ", " end"}, {"- ", ""}, {"#{a => ", "}"},
    };
    hl_buf b;
    hl_buf_init(&b, 0);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        nested(&b, 100000, shapes[s][0], shapes[s][1]);
        hl_front_limits lim;
        hl_front_limits_default(&lim);
        lim.max_depth = 1000000;          /* out of the way */
        lim.max_stack_bytes = 256 * 1024; /* the budget must stop it */
        hl_front_result *r = hl_front_parse(b.data, b.len, &lim);
        assert_non_null(r);
        assert_true(hl_diags_errors(&r->diags) >= 1);
        if (!strstr(r->diags.items[0].message, "nesting too deep"))
            print_error("shape %zu: %s\n", s, r->diags.items[0].message);
        assert_non_null(strstr(r->diags.items[0].message, "nesting too deep"));
        hl_front_free(r);
    }
    hl_buf_free(&b);
}

static void test_deepest_allowed_nesting_checks_safely(void **state) {
    (void)state;
    hl_engine *engine;
    hl_compile_options *opts;
    assert_int_equal(hl_engine_new(&engine), HL_OK);
    assert_int_equal(hl_compile_options_new(&opts), HL_OK);
    assert_int_equal(hl_compile_options_set_limit(opts, HL_LIMIT_DEPTH, 1001), HL_EMISUSE);
    assert_int_equal(hl_compile_options_set_limit(opts, HL_LIMIT_DEPTH, 1000), HL_OK);
    assert_int_equal(hl_compile_options_set_limit(opts, HL_LIMIT_STACK_BYTES, 1000), HL_EMISUSE);
    hl_buf b;
    hl_buf_init(&b, 0);
    static const char *const shapes[][2] = {{"[", "]"}, {"{", "}"}, {"(", ")"}, {"begin ", " end"}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        for (unsigned n = 900; n <= 1100; n += 100) {
            nested(&b, n, shapes[s][0], shapes[s][1]);
            hl_error *err = NULL;
            hl_status st = hl_check(engine, "deep.erl", b.data, b.len, opts, &err);
            /* Accepted, or a clean located rejection: never a crash. */
            assert_true(st == HL_OK || st == HL_ECOMPILE);
            if (n > 1000) assert_int_equal(st, HL_ECOMPILE);
            hl_error_free(err);
        }
    }
    hl_buf_free(&b);
    hl_compile_options_free(opts);
    hl_engine_free(engine);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stack_budget_stops_deep_nesting),
        cmocka_unit_test(test_deepest_allowed_nesting_checks_safely),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
