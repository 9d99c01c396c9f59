/* test_run_exceptions.c — an uncaught exception whose reason prints past
 * the 1 MiB text cap is still reported as that exception (HL_EEXCEPTION,
 * class, a truncated and marked reason, the stack), never as HL_ENOMEM:
 * before, hl_run returned HL_ENOMEM and lost all three, so a guest could
 * make its host believe the allocator had failed (issue 13, item 5). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hyperlang.h"

static const char SRC[] =
    "-module(ex).\n"
    "-export([long_error/0, long_throw/0, long_exit/0, short/0, deep/0]).\n"
    "long_error() -> error(lists:seq(1, 300000)).\n"
    "long_throw() -> throw({lists:duplicate(400000, \"\\x{e9}\"), x}).\n"
    "long_exit() -> exit({lists:duplicate(300000, abc)}).\n"
    "short() -> error({badthing, 42}).\n"
    "deep() -> error(d(600000)).\n"
    "d(0) -> [];\n"
    "d(N) -> [d(N - 1)].\n";

#define MARK " ... (truncated: the text goes past 1 MiB)"

static hl_engine *eng;
static hl_module *mod;

static int setup(void **state) {
    (void)state;
    if (hl_engine_new(&eng) != HL_OK) return -1;
    return hl_compile(eng, "ex.erl", SRC, strlen(SRC), NULL, &mod, NULL) == HL_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    hl_module_free(mod);
    hl_engine_free(eng);
    return 0;
}

static bool ends_with(const char *s, const char *tail) {
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && memcmp(s + n - k, tail, k) == 0;
}

/* fn raises class cls; its reason text starts with `head`; truncated or not. */
static void check(const char *fn, const char *cls, const char *head, bool cut) {
    hl_value *r = NULL;
    hl_error *e = NULL;
    hl_status st = hl_run(mod, fn, NULL, 0, NULL, &r, &e);
    assert_int_equal(st, HL_EEXCEPTION);
    assert_null(r);
    assert_int_equal(hl_error_status(e), HL_EEXCEPTION);
    const char *c = NULL, *reason = NULL, *stack = NULL;
    assert_int_equal(hl_error_exception(e, &c, &reason, &stack), HL_OK);
    assert_string_equal(c, cls);
    assert_memory_equal(reason, head, strlen(head));
    assert_int_equal(ends_with(reason, MARK), cut);
    assert_true(strlen(reason) <= (1u << 20) + strlen(MARK));
    char want[64];
    snprintf(want, sizeof want, "ex:%s/0", fn);
    assert_non_null(strstr(stack, want));
    hl_error_free(e);
}

static void test_long_reasons_stay_exceptions(void **state) {
    (void)state;
    check("long_error", "error", "[1,2,3,4,5,", true);
    check("long_throw", "throw", "{[[233],[233],", true);
    check("long_exit", "exit", "{[abc,abc,", true);
    check("deep", "error", "[[[[", true);
}

static void test_short_reason_is_whole(void **state) {
    (void)state;
    check("short", "error", "{badthing,42}", false);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_long_reasons_stay_exceptions),
        cmocka_unit_test(test_short_reason_is_whole),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
