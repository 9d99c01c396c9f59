/* test_compile_meter.c — compilation is metered: a deterministic work
 * budget (HL_LIMIT_WORK), a wall-clock backstop (HL_LIMIT_WALL_MS) and the
 * memory cap (HL_LIMIT_MEMORY_BYTES), each rejection one clean diagnostic
 * (HL_ECOMPILE), whichever pass was running when the budget ran out. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/buf.h"
#include "hyperlang.h"
#include "term/atom.h"

/* A valid module that needs a lot of work: functions of many clauses with
 * many arguments (codegen compares every argument's pattern with every
 * clause), nested funs that capture (lowering scans free variables) and
 * long literals; `fns` functions of 20 clauses each. */
static char *pathological(size_t fns, size_t *len) {
    hl_buf b;
    hl_buf_init(&b, 0);
    hl_buf_puts(&b, "-module(p).\n-export([main/0");
    for (size_t f = 0; f < fns; f++) hl_buf_printf(&b, ", f%zu/12", f);
    hl_buf_puts(&b, "]).\nmain() -> f0(1,2,3,4,5,6,7,8,9,10,11,12).\n");
    for (size_t f = 0; f < fns; f++)
        for (size_t i = 0; i < 20; i++) {
            hl_buf_printf(&b, "f%zu(A, {%zu, B}, C, [D | _], E, F, G, H, I, J, K, L) when A > %zu ->\n", f, i, i);
            hl_buf_puts(&b, "    Fun = fun(X) -> fun(Y) -> fun(Z) -> {A, B, C, D, E, X, Y, Z} end end end,\n");
            hl_buf_printf(&b, "    {Fun, [F, G, H, I, J, K, L, %zu, 1, 2, 3, 4, 5, 6, 7, 8, 9]}%s\n", i,
                          i + 1 == 20 ? "." : ";");
        }
    assert_false(b.failed);
    *len = b.len;
    return b.data;
}

/* Compiles with a work budget (fresh engine: no cache) and returns the
 * status; *msg gets the error text (or "") to compare runs. */
static hl_status compile_with(const char *src, size_t len, hl_compile_limit which, uint64_t value, char *msg,
                              size_t cap, size_t *ndiags) {
    hl_engine *eng = NULL;
    assert_int_equal(hl_engine_new(&eng), HL_OK);
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_set_limit(o, which, value), HL_OK);
    hl_module *m = NULL;
    hl_error *e = NULL;
    hl_status st = hl_compile(eng, "p.erl", src, len, o, &m, &e);
    snprintf(msg, cap, "%s", e ? hl_error_message(e) : "");
    if (ndiags) *ndiags = e ? hl_error_diagnostic_count(e) : 0;
    if (st == HL_OK) assert_non_null(m);
    else assert_null(m);
    hl_module_free(m);
    hl_error_free(e);
    hl_compile_options_free(o);
    hl_engine_free(eng);
    return st;
}

static void test_limit_options(void **state) {
    (void)state;
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    uint64_t v = 0;
    assert_int_equal(hl_compile_options_get_limit(o, HL_LIMIT_WORK, &v), HL_OK);
    assert_int_equal(v, (uint64_t)64 << 20);
    assert_int_equal(hl_compile_options_get_limit(o, HL_LIMIT_WALL_MS, &v), HL_OK);
    assert_int_equal(v, 2000);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_WORK, 0), HL_EMISUSE); /* never unlimited */
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_WALL_MS, 0), HL_EMISUSE);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_WALL_MS, 86400001u), HL_EMISUSE);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_WORK, 12345), HL_OK);
    assert_int_equal(hl_compile_options_get_limit(o, HL_LIMIT_WORK, &v), HL_OK);
    assert_int_equal(v, 12345);
    assert_int_equal(hl_compile_options_set_limit(o, (hl_compile_limit)99, 1), HL_EMISUSE);
    hl_compile_options_free(o);
}

/* The budget is exact and deterministic: a budget of N compiles the module
 * that needs N units, N - 1 rejects it, and every smaller budget (which
 * stops some pass part way: lexer, parser, lowering, verifier, classifier,
 * codegen, gate) rejects it with exactly one, always the same, diagnostic. */
static void test_work_budget(void **state) {
    (void)state;
    size_t len;
    char *src = pathological(10, &len);
    char msg[512], first[512];
    size_t nd = 0;
    hl_status st0 = compile_with(src, len, HL_LIMIT_WORK, (uint64_t)64 << 20, msg, sizeof msg, &nd);
    if (st0 != HL_OK) fprintf(stderr, "%s", msg);
    assert_int_equal(st0, HL_OK);
    /* binary search for the least budget that compiles */
    uint64_t lo = 1, hi = (uint64_t)64 << 20;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (compile_with(src, len, HL_LIMIT_WORK, mid, msg, sizeof msg, NULL) == HL_OK) hi = mid;
        else lo = mid + 1;
    }
    uint64_t need = lo;
    fprintf(stderr, "pathological module (%zu bytes) needs %llu work units\n", len, (unsigned long long)need);
    assert_true(need > 100000); /* it really is a lot of work */
    assert_int_equal(compile_with(src, len, HL_LIMIT_WORK, need, msg, sizeof msg, NULL), HL_OK);
    char want[200];
    snprintf(want, sizeof want,
             "p.erl:1:1: error: compilation work budget exceeded (the limit HL_LIMIT_WORK is %llu units)\n",
             (unsigned long long)(need - 1));
    assert_int_equal(compile_with(src, len, HL_LIMIT_WORK, need - 1, msg, sizeof msg, &nd), HL_ECOMPILE);
    assert_string_equal(msg, want);
    assert_int_equal(nd, 1);
    /* the same verdict every run */
    for (int i = 0; i < 3; i++) {
        assert_int_equal(compile_with(src, len, HL_LIMIT_WORK, need - 1, msg, sizeof msg, NULL), HL_ECOMPILE);
        assert_string_equal(msg, want);
    }
    /* budgets across the whole pipeline: one clean diagnostic each, stable */
    for (uint64_t k = 1; k < 64; k++) {
        uint64_t budget = need * k / 64;
        if (budget == 0) continue;
        assert_int_equal(compile_with(src, len, HL_LIMIT_WORK, budget, first, sizeof first, &nd), HL_ECOMPILE);
        assert_non_null(strstr(first, "compilation work budget exceeded"));
        assert_int_equal(nd, 1);
        assert_int_equal(compile_with(src, len, HL_LIMIT_WORK, budget, msg, sizeof msg, NULL), HL_ECOMPILE);
        assert_string_equal(msg, first);
    }
    /* hl_check is metered too */
    hl_engine *eng = NULL;
    assert_int_equal(hl_engine_new(&eng), HL_OK);
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_WORK, 1000), HL_OK);
    hl_error *e = NULL;
    assert_int_equal(hl_check(eng, "p.erl", src, len, o, &e), HL_ECOMPILE);
    assert_non_null(strstr(hl_error_message(e), "compilation work budget exceeded"));
    hl_error_free(e);
    assert_int_equal(hl_check(eng, "p.erl", src, len, NULL, NULL), HL_OK);
    hl_compile_options_free(o);
    hl_engine_free(eng);
    free(src);
}

/* The wall-clock backstop: a module that takes far longer than 1 ms to
 * compile is rejected with its own diagnostic. */
static void test_wall_backstop(void **state) {
    (void)state;
    size_t len;
    char *src = pathological(150, &len);
    char msg[512];
    size_t nd = 0;
    assert_int_equal(compile_with(src, len, HL_LIMIT_WALL_MS, 1, msg, sizeof msg, &nd), HL_ECOMPILE);
    assert_string_equal(msg,
                        "p.erl:1:1: error: compilation took too long (the wall-clock limit HL_LIMIT_WALL_MS is 1 ms)\n");
    assert_int_equal(nd, 1);
    assert_int_equal(compile_with(src, len, HL_LIMIT_WALL_MS, 60000, msg, sizeof msg, NULL), HL_OK);
    free(src);
}

/* The memory cap: below what the module needs, a clean located rejection
 * (not a crash, not HL_ENOMEM: the allocator never failed). */
static void test_memory_cap(void **state) {
    (void)state;
    size_t len;
    char *src = pathological(10, &len);
    char msg[512];
    size_t nd = 0;
    static const uint64_t caps[] = {4096, 65536, 1u << 20};
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        assert_int_equal(compile_with(src, len, HL_LIMIT_MEMORY_BYTES, caps[i], msg, sizeof msg, &nd), HL_ECOMPILE);
        if (!strstr(msg, "compile memory limit")) fprintf(stderr, "cap %llu: %s", (unsigned long long)caps[i], msg);
        assert_non_null(strstr(msg, "compile memory limit"));
        assert_true(nd >= 1);
    }
    assert_int_equal(compile_with(src, len, HL_LIMIT_MEMORY_BYTES, 64u << 20, msg, sizeof msg, NULL), HL_OK);
    free(src);
}

/* Sources whose expansion is far larger than their text (a record default
 * is inlined at every use, as in OTP): refused under the limits, each with
 * the one diagnostic that names the limit, the same from hl_compile and
 * hl_check. Each once took seconds and gigabytes (the first 19.7 s and
 * 2.65 GB); now a few hundred ms and below the memory cap. */
enum { EXP_LITERAL, EXP_MANY_LITERALS, EXP_CODE, EXP_NESTED_CODE, EXP_NESTED_LITERAL };
static char *expansion(int shape, size_t *len) {
    hl_buf b;
    hl_buf_init(&b, 0);
    hl_buf_puts(&b, "-module(p).\n-export([main/0]).\nid(X) -> X.\n");
    if (shape <= EXP_CODE) {
        /* a record with a 10,000-character default, the default of 100
         * fields of another, built 300 times */
        hl_buf_puts(&b, shape == EXP_CODE ? "-record(a, {x = {id(1), \"" : "-record(a, {x = \"");
        for (int i = 0; i < 10000; i++) hl_buf_puts(&b, "x");
        hl_buf_puts(&b, shape == EXP_CODE ? "\"}}).\n-record(b, {" : "\"}).\n-record(b, {");
        for (int i = 0; i < 100; i++) hl_buf_printf(&b, "%sf%d = #a{}", i ? ", " : "", i);
        hl_buf_puts(&b, "}).\nmain() -> X = id(1), length([");
        for (int i = 0; i < 300; i++)
            hl_buf_puts(&b, i == 0 ? "" : ", "), hl_buf_puts(&b, shape == EXP_MANY_LITERALS ? "{X, #b{}}" : "#b{}");
        hl_buf_puts(&b, "]).\n");
    } else {
        /* defaults nesting 8 levels deep, 10 fields each: 10^8 leaves */
        hl_buf_puts(&b, shape == EXP_NESTED_CODE ? "-record(r0, {x = id(1)}).\n" : "-record(r0, {x = \"xxxxxxxxxx\"}).\n");
        for (int k = 1; k <= 8; k++) {
            hl_buf_printf(&b, "-record(r%d, {", k);
            for (int i = 0; i < 10; i++) hl_buf_printf(&b, "%sf%d = #r%d{}", i ? ", " : "", i, k - 1);
            hl_buf_puts(&b, "}).\n");
        }
        hl_buf_puts(&b, "main() -> X = id(1), [{X, #r7{}}, {X, #r8{}}].\n");
    }
    assert_false(b.failed);
    *len = b.len;
    return b.data;
}

static void test_expansions(void **state) {
    (void)state;
    static const struct {
        int shape;
        /* limits below the defaults (0: the default), so a sanitizer build
         * need not encode 64 MiB or fill 512 MiB; the defaults refuse each
         * the same way (docs/limits.md has the figures) */
        hl_compile_limit which;
        uint64_t value;
        const char *want;
    } cases[] = {
        {EXP_LITERAL, HL_LIMIT_WORK, 0, "literal too large (more than 16 MiB encoded)"},
        {EXP_MANY_LITERALS, HL_LIMIT_WORK, 8u << 20,
         "compilation work budget exceeded (the limit HL_LIMIT_WORK is 8388608 units)"},
        {EXP_CODE, HL_LIMIT_WORK, 8u << 20, "compilation work budget exceeded (the limit HL_LIMIT_WORK is 8388608 units)"},
        {EXP_NESTED_CODE, HL_LIMIT_MEMORY_BYTES, 32u << 20,
         "compile memory limit (the limit HL_LIMIT_MEMORY_BYTES is 33554432 bytes"},
        {EXP_NESTED_LITERAL, HL_LIMIT_MEMORY_BYTES, 32u << 20,
         "compile memory limit (the limit HL_LIMIT_MEMORY_BYTES is 33554432 bytes"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t len;
        char *src = expansion(cases[i].shape, &len);
        assert_true(len < 16000);
        hl_engine *eng = NULL;
        assert_int_equal(hl_engine_new(&eng), HL_OK);
        hl_compile_options *o = NULL;
        assert_int_equal(hl_compile_options_new(&o), HL_OK);
        /* the deterministic verdict, not the backstop (a loaded sanitizer build is slow) */
        assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_WALL_MS, 600000), HL_OK);
        if (cases[i].value) assert_int_equal(hl_compile_options_set_limit(o, cases[i].which, cases[i].value), HL_OK);
        hl_module *m = NULL;
        hl_error *e = NULL;
        assert_int_equal(hl_compile(eng, "p.erl", src, len, o, &m, &e), HL_ECOMPILE);
        assert_null(m);
        if (!strstr(hl_error_message(e), cases[i].want)) fprintf(stderr, "case %zu: %s", i, hl_error_message(e));
        assert_non_null(strstr(hl_error_message(e), cases[i].want));
        assert_int_equal(hl_error_diagnostic_count(e), 1);
        char first[512];
        snprintf(first, sizeof first, "%s", hl_error_message(e));
        hl_error_free(e);
        e = NULL;
        assert_int_equal(hl_check(eng, "p.erl", src, len, o, &e), HL_ECOMPILE); /* check: the same verdict */
        assert_string_equal(hl_error_message(e), first);
        hl_error_free(e);
        hl_compile_options_free(o);
        hl_engine_free(eng);
        free(src);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_limit_options),
        cmocka_unit_test(test_work_budget),
        cmocka_unit_test(test_wall_backstop),
        cmocka_unit_test(test_memory_cap),
        cmocka_unit_test(test_expansions),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    return r;
}
