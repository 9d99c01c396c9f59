/* test_pp_api.c — the preprocessor through the public API: headers handed
 * over with hl_compile_options_add_header, and the program cache keyed by
 * them and by the name (?FILE), so one source compiled with different
 * headers or names never gets another's program. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "hyperlang.h"

static const char src[] = "-module(m).\n-export([main/0]).\n-include(\"cfg.hrl\").\nmain() -> {?VALUE, ?FILE}.\n";

/* Compiles src as `name` with header cfg.hrl = `hdr` (NULL: none) and
 * returns main()'s result as text (malloc'd), or NULL when refused. */
static char *run_with(hl_engine *eng, const char *name, const char *hdr) {
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    if (hdr) assert_int_equal(hl_compile_options_add_header(o, "include/cfg.hrl", hdr, strlen(hdr)), HL_OK);
    hl_module *m = NULL;
    hl_error *e = NULL;
    hl_status st = hl_compile(eng, name, src, sizeof src - 1, o, &m, &e);
    hl_compile_options_free(o);
    if (st != HL_OK) {
        hl_error_free(e);
        return NULL;
    }
    hl_value *r = NULL;
    assert_int_equal(hl_run(m, "main", NULL, 0, NULL, &r, NULL), HL_OK);
    char *text = NULL;
    size_t len = 0;
    assert_int_equal(hl_value_to_text(r, 1, &text, &len), HL_OK);
    char *out = malloc(len + 1);
    assert_non_null(out);
    memcpy(out, text, len);
    out[len] = '\0';
    hl_free(text);
    hl_value_free(r);
    hl_module_free(m);
    return out;
}

static void test_headers_and_cache(void **state) {
    (void)state;
    hl_engine *eng = NULL;
    assert_int_equal(hl_engine_new(&eng), HL_OK);
    char *a = run_with(eng, "a.erl", "-define(VALUE, one).\n");
    char *b = run_with(eng, "a.erl", "-define(VALUE, two).\n");
    char *c = run_with(eng, "b.erl", "-define(VALUE, two).\n");
    char *a2 = run_with(eng, "a.erl", "-define(VALUE, one).\n");
    assert_string_equal(a, "{one,\"a.erl\"}");
    assert_string_equal(b, "{two,\"a.erl\"}");
    assert_string_equal(c, "{two,\"b.erl\"}");
    assert_string_equal(a2, a);
    assert_null(run_with(eng, "a.erl", NULL)); /* no header: can't find include */
    free(a);
    free(b);
    free(c);
    free(a2);
    hl_engine_free(eng);
}

static void test_add_header_misuse(void **state) {
    (void)state;
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_add_header(NULL, "x", "", 0), HL_EMISUSE);
    assert_int_equal(hl_compile_options_add_header(o, NULL, "", 0), HL_EMISUSE);
    assert_int_equal(hl_compile_options_add_header(o, "x", NULL, 3), HL_EMISUSE);
    assert_int_equal(hl_compile_options_add_header(o, "x", NULL, 0), HL_OK);
    for (int i = 1; i < 256; i++) assert_int_equal(hl_compile_options_add_header(o, "y", "z", 1), HL_OK);
    assert_int_equal(hl_compile_options_add_header(o, "over", "", 0), HL_EMISUSE); /* 256 at most */
    hl_compile_options_free(o);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_headers_and_cache),
        cmocka_unit_test(test_add_header_misuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
