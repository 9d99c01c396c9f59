/* test_pp.c — the preprocessor (src/front/pp*.c) on hostile input: macro
 * bombs stop with a located diagnostic inside the compile budget, long
 * chains and deep argument nesting need no C recursion, headers come only
 * from the options, and -if conditions evaluate as epp's do. Expected
 * dumps of ordinary expansion are checked against OTP by tests/conformance
 * (pp_*.erl) and tests/parse_diff (pp_*.erl). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/mem.h"
#include "base/meter.h"
#include "front/front.h"
#include "test_clock.h"

/* Parses src under a meter of max_work units; returns the rendered
 * diagnostics (hl_mem-owned) and the dump in *out (NULL on errors). */
static char *run(const char *src, const hl_front_limits *lim, char **out) {
    hl_meter m;
    hl_meter_begin(&m, lim->max_work, lim->max_wall_ms);
    hl_front_result *r = hl_front_parse(src, strlen(src), lim);
    hl_meter_end(&m);
    assert_non_null(r);
    hl_buf e;
    hl_buf_init(&e, 0);
    hl_diags_render(&r->diags, "t.erl", &e);
    if (out) {
        *out = NULL;
        if (hl_diags_errors(&r->diags) == 0) {
            hl_buf b;
            hl_buf_init(&b, 0);
            assert_true(hl_front_dump(r, &b));
            *out = b.data ? b.data : hl_mem_calloc(1, 1);
        }
    }
    hl_front_free(r);
    return e.data ? e.data : hl_mem_calloc(1, 1);
}

static void expect_in(const char *out, const char *want) {
    if (!out || !strstr(out, want)) fail_msg("want %s\n  in %s", want, out ? out : "(rejected)");
}

static double now(void) { return hl_test_clock_ms(CLOCK_MONOTONIC) / 1000.0; }

/* -define(A0, x). -define(Ai, {?Ai-1, ?Ai-1}). f() -> ?An. doubles at each
 * level: 2^60 tokens. Refused by the token limit or the meter, quickly. */
static void test_doubling_bomb(void **state) {
    (void)state;
    hl_buf b;
    hl_buf_init(&b, 0);
    hl_buf_puts(&b, "-module(m).\n-define(A0, x).\n");
    for (int i = 1; i <= 60; i++) hl_buf_printf(&b, "-define(A%d, {?A%d, ?A%d}).\n", i, i - 1, i - 1);
    hl_buf_puts(&b, "f() -> ?A60.\n");
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    double t0 = now();
    char *errs = run(b.data, &lim, NULL);
    double dt = now() - t0;
    assert_true(dt < 5.0);
    /* located at the use */
    expect_in(errs, "t.erl:63:9: error: ");
    assert_true(strstr(errs, "too many tokens") || strstr(errs, "too large") || strstr(errs, "budget") ||
                strstr(errs, "took too long"));
    hl_mem_free(errs);
    /* with a small work budget, the meter stops it first */
    lim.max_work = 100000;
    errs = run(b.data, &lim, NULL);
    expect_in(errs, "t.erl:63:9: error: compilation work budget exceeded");
    hl_mem_free(errs);
    hl_buf_free(&b);
}

/* Arguments that double: ?D(?D(?D(...))) where D(X) is {X, X}. */
static void test_argument_bomb(void **state) {
    (void)state;
    hl_buf b;
    hl_buf_init(&b, 0);
    hl_buf_puts(&b, "-module(m).\n-define(D(X), {X, X, X, X}).\nf() -> ");
    for (int i = 0; i < 40; i++) hl_buf_puts(&b, "?D(");
    hl_buf_puts(&b, "x");
    for (int i = 0; i < 40; i++) hl_buf_puts(&b, ")");
    hl_buf_puts(&b, ".\n");
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    double t0 = now();
    char *errs = run(b.data, &lim, NULL);
    assert_true(now() - t0 < 5.0);
    expect_in(errs, "t.erl:3:");
    hl_mem_free(errs);
    hl_buf_free(&b);
}

/* A chain of 20,000 macros each naming the next, and an argument nested
 * 2,000 deep: no C recursion (this would overflow a recursive expander
 * under ASan), linear circularity checks. (Nested arguments are rescanned
 * at each level, as epp does: quadratic, so charged to the meter; 20,000
 * levels are refused by it, see test_argument_bomb.) */
static void test_long_chain_and_deep_arguments(void **state) {
    (void)state;
    hl_buf b;
    hl_buf_init(&b, 0);
    hl_buf_puts(&b, "-module(m).\n-export([f/0]).\n-define(C0, done).\n");
    for (int i = 1; i <= 20000; i++) hl_buf_printf(&b, "-define(C%d, ?C%d).\n", i, i - 1);
    hl_buf_puts(&b, "-define(I(X), X).\nf() -> {?C20000, ?C20000, ?I(");
    for (int i = 0; i < 2000; i++) hl_buf_puts(&b, "?I(");
    hl_buf_puts(&b, "1");
    for (int i = 0; i < 2000; i++) hl_buf_puts(&b, ")");
    hl_buf_puts(&b, ")}.\n");
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    lim.max_wall_ms = 120000; /* correctness here, not time (sanitizer builds are slow) */
    char *out;
    char *errs = run(b.data, &lim, &out);
    assert_string_equal(errs, "");
    assert_non_null(out);
    expect_in(out, "[{tuple,{20005,8},[{atom,{20005,10},done},{atom,{20005,19},done},{integer,{20005,6030},1}]}");
    hl_mem_free(out);
    hl_mem_free(errs);
    /* a cycle far down the chain is found, at the use */
    hl_buf_reset(&b);
    hl_buf_puts(&b, "-module(m).\n-define(C0, ?C5000).\n");
    for (int i = 1; i <= 5000; i++) hl_buf_printf(&b, "-define(C%d, ?C%d).\n", i, i - 1);
    hl_buf_puts(&b, "f() -> ?C5000.\n");
    errs = run(b.data, &lim, NULL);
    expect_in(errs, "t.erl:5003:9: error: circular macro '");
    hl_mem_free(errs);
    hl_buf_free(&b);
}

/* define / undef many times: the table does not degrade. */
static void test_define_undef_churn(void **state) {
    (void)state;
    hl_buf b;
    hl_buf_init(&b, 0);
    hl_buf_puts(&b, "-module(m).\n-export([f/0]).\n");
    for (int i = 0; i < 20000; i++) hl_buf_printf(&b, "-define(X, %d).\n-undef(X).\n-define(Y%d, 1).\n", i, i);
    hl_buf_puts(&b, "-define(X, last).\nf() -> {?X, ?Y19999}.\n");
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    lim.max_wall_ms = 120000;
    char *out;
    char *errs = run(b.data, &lim, &out);
    assert_string_equal(errs, "");
    expect_in(out, "{atom,{60004,10},last}");
    hl_mem_free(out);
    hl_mem_free(errs);
    hl_buf_free(&b);
}

static const struct {
    const char *cond;
    const char *want; /* "t" taken, "f" not, or the error text */
} if_cases[] = {
    {"true", "t"},
    {"false", "f"},
    {"1 < 2", "t"},
    {"1 < a", "t"},
    {"a < 1", "f"},
    {"abc < abd", "t"},
    {"1 == 1.0", "t"},
    {"1 =:= 1.0", "f"},
    {"1 =/= 1.0", "t"},
    {"?OTP_RELEASE >= 25", "t"},
    {"?OTP_RELEASE > 25", "f"},
    {"defined(X)", "f"},
    {"defined(OTP_RELEASE)", "t"},
    {"not defined(X) andalso (3 * 4 - 2) div 3 == 3", "t"},
    {"true orelse (1 div 0)", "t"},
    {"1 div 0 == 0", "f"},           /* an error at evaluation: false */
    {"a + 1 > 0", "f"},
    {"true and 1", "f"},
    {"is_atom(a) and is_integer(1) and is_float(1.0) and is_number(2)", "t"},
    {"is_boolean(x)", "f"},
    {"-(3) < 0 andalso bnot 0 == -1 andalso ((7 band 3) == 3) xor false", "t"},
    {"(7 band 3) == 3 xor false", "f"}, /* xor binds tighter: 3 xor false fails */
    {"2.5 * 2 == 5", "t"},
    {"foo(1)", "t.erl:2:2: error: badly formed 'if'\n"},
    {"lists:member(a, [a])", "t.erl:2:2: error: badly formed 'if'\n"},
    {"length([1]) == 1",
     "t.erl:2:5: error: this -if condition is not supported by Hyperlang (integer, float and atom comparisons, "
     "arithmetic, boolean operators, defined(Macro) and type tests are)\n"},
    {"1, 2", "t.erl:2:6: error: syntax error before: ','\n"},
    {"9223372036854775807 + 1 > 0",
     "t.erl:2:5: error: this -if condition is not supported by Hyperlang (integer, float and atom comparisons, "
     "arithmetic, boolean operators, defined(Macro) and type tests are)\n"},
};

static void test_if_conditions(void **state) {
    (void)state;
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    for (size_t i = 0; i < sizeof if_cases / sizeof if_cases[0]; i++) {
        char src[400];
        snprintf(src, sizeof src, "-module(m).\n-if(%s).\nf() -> t.\n-else.\nf() -> f.\n-endif.\n", if_cases[i].cond);
        char *out;
        char *errs = run(src, &lim, &out);
        const char *w = if_cases[i].want;
        if (w[1] == '\0') {
            if (!out) fail_msg("-if(%s): %s", if_cases[i].cond, errs);
            char want[80];
            snprintf(want, sizeof want, "[{atom,{%d,8},%s}]", w[0] == 't' ? 3 : 5, w[0] == 't' ? "t" : "f");
            if (!strstr(out, want)) fail_msg("-if(%s): got %s", if_cases[i].cond, out);
            hl_mem_free(out);
        } else if (strcmp(errs, w) != 0) {
            fail_msg("-if(%s): got %s want %s", if_cases[i].cond, errs, w);
        }
        hl_mem_free(errs);
    }
}

/* Headers: only those in the options, by exact name or last component. */
static void test_headers(void **state) {
    (void)state;
    static const char h1[] = "-define(H, from_h1).\n-include(\"sub/h2.hrl\").\n";
    static const char h2[] = "-define(H2, ?LINE).\n";
    hl_front_header hs[2] = {{"h1.hrl", h1, sizeof h1 - 1}, {"deep/dir/h2.hrl", h2, sizeof h2 - 1}};
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    lim.headers = hs;
    lim.nheaders = 2;
    lim.file_name = "dir/t.erl";
    char *out;
    char *errs = run("-module(m).\n-include_lib(\"app/include/h1.hrl\").\nf() -> {?H, ?H2, ?FILE}.\n", &lim, &out);
    assert_string_equal(errs, "");
    expect_in(out, "[{tuple,{3,8},[{atom,{3,10},from_h1},{integer,{3,14},3},{string,{3,19},"
                                "[100,105,114,47,116,46,101,114,108]}]}]");
    hl_mem_free(out);
    hl_mem_free(errs);
    /* never the file system: /etc/passwd is not a header */
    errs = run("-module(m).\n-include(\"/etc/passwd\").\n", &lim, NULL);
    assert_string_equal(errs, "t.erl:2:10: error: can't find include file \"/etc/passwd\"\n");
    hl_mem_free(errs);
    /* nothing handed over: nothing found */
    lim.nheaders = 0;
    errs = run("-module(m).\n-include(\"h1.hrl\").\n", &lim, NULL);
    assert_string_equal(errs, "t.erl:2:10: error: can't find include file \"h1.hrl\"\n");
    hl_mem_free(errs);
    /* an error inside a header: at the -include, with the header's position */
    static const char bad[] = "\n-define(X, 1).\n-define(X, 2).\n";
    hl_front_header hb = {"bad.hrl", bad, sizeof bad - 1};
    lim.headers = &hb;
    lim.nheaders = 1;
    errs = run("-module(m).\n-include(\"bad.hrl\").\n", &lim, NULL);
    assert_string_equal(errs, "t.erl:2:2: error: redefining macro 'X' (in header bad.hrl at line 3, column 9)\n");
    hl_mem_free(errs);
}

/* ?MODULE, ?FUNCTION_NAME and friends where epp refuses them. */
static void test_predefined_misuse(void **state) {
    (void)state;
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    char *errs = run("-module(m).\n-vsn(?FUNCTION_NAME).\n", &lim, NULL);
    assert_string_equal(errs, "t.erl:2:7: error: ?FUNCTION_NAME can only be used within a function\n");
    hl_mem_free(errs);
    errs = run("-module(m).\n-define(F, ?FUNCTION_ARITY).\n?F.\n", &lim, NULL);
    assert_string_equal(errs, "t.erl:3:2: error: ?FUNCTION_ARITY must not begin a form\n");
    hl_mem_free(errs);
    char *out;
    errs = run("-module(m).\nf([], {A, B}) -> {?FUNCTION_NAME, ?FUNCTION_ARITY}.\n", &lim, &out);
    assert_string_equal(errs, "");
    /* epp's count of f([], ...): its quirk kept, OTP says 1 here too */
    expect_in(out, "{atom,{2,20},f},{integer,{2,36},1}");
    hl_mem_free(out);
    hl_mem_free(errs);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_doubling_bomb),
        cmocka_unit_test(test_argument_bomb),
        cmocka_unit_test(test_long_chain_and_deep_arguments),
        cmocka_unit_test(test_define_undef_churn),
        cmocka_unit_test(test_if_conditions),
        cmocka_unit_test(test_headers),
        cmocka_unit_test(test_predefined_misuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
