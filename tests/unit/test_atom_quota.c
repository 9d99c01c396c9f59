/* test_atom_quota.c — atom quotas (docs/limits.md, "Atoms"): a program's
 * quota (HL_LIMIT_ATOMS) and an engine's table limit
 * (HL_ENGINE_LIMIT_ATOMS). The scenario of issue 13: one engine's cached
 * programs fill its atom table; a second engine in the same process is
 * unaffected, and the compile that found its own engine full gets its own
 * resource fault (HL_ELIMIT, HL_LIMIT_KIND_ATOMS, a message naming the
 * limit and how to raise it), not a compile error. Scaled down through the
 * engine's own limit: the property does not depend on the size. */
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

/* -module(NAME). f() returns the length of a list of `n` fresh atoms
 * tag_I (and a tuple of the first and last). */
static void make_program(hl_buf *b, const char *name, const char *tag, unsigned n) {
    hl_buf_reset(b);
    hl_buf_printf(b, "-module(%s).\n-export([f/0]).\nf() -> L = [", name);
    for (unsigned i = 0; i < n; i++) hl_buf_printf(b, "%s%s_%u", i ? "," : "", tag, i);
    hl_buf_printf(b, "], {length(L), hd(L)}.\n");
    assert_false(b->failed);
}

static hl_status compile(hl_engine *e, hl_buf *src, const hl_compile_options *o, hl_module **m, hl_error **err) {
    return hl_compile(e, "q.erl", src->data, src->len, o, m, err);
}

/* Runs f() and checks it returns {n, tag_0}. */
static void run_ok(hl_module *m, const char *tag, unsigned n) {
    hl_value *r = NULL, *first = NULL, *len = NULL;
    assert_int_equal(hl_run(m, "f", NULL, 0, NULL, &r, NULL), HL_OK);
    assert_int_equal(hl_value_element(r, 0, &len), HL_OK);
    assert_int_equal(hl_value_element(r, 1, &first), HL_OK);
    int64_t v = 0;
    assert_int_equal(hl_value_get_int(len, &v), HL_OK);
    assert_int_equal(v, n);
    const char *name;
    size_t nl;
    char want[64];
    snprintf(want, sizeof want, "%s_0", tag);
    assert_int_equal(hl_value_get_atom(first, &name, &nl), HL_OK);
    assert_int_equal(nl, strlen(want));
    assert_memory_equal(name, want, nl);
    hl_value_free(first);
    hl_value_free(len);
    hl_value_free(r);
}

/* The fault every atom limit gives: its own status and kind, a message
 * naming the limit and the call that raises it, no diagnostics. */
static void expect_atom_fault(hl_status s, hl_error *err, const char *limit, const char *raise) {
    assert_int_equal(s, HL_ELIMIT);
    assert_int_equal(hl_error_status(err), HL_ELIMIT);
    assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_ATOMS);
    assert_string_equal(hl_limit_kind_name(hl_error_limit(err)), "atoms");
    assert_int_equal(hl_error_diagnostic_count(err), 0);
    const char *msg = hl_error_message(err);
    if (!strstr(msg, limit) || !strstr(msg, raise)) fprintf(stderr, "message: %s\n", msg);
    assert_non_null(strstr(msg, limit));
    assert_non_null(strstr(msg, raise));
    assert_null(strstr(msg, "error:")); /* not worded as a compile error */
}

enum { PER = 2000, ENGINE_A_LIMIT = 7000 };

/* Engine A's cached programs fill its table (its limit lowered to 7,000
 * atoms: three programs of 2,000 fresh atoms fit, the fourth does not);
 * engine B, in the same process, compiles and runs the very program A
 * refused, and many more; A's refusal is A's compile's own fault. */
static void test_full_engine_does_not_affect_another(void **state) {
    (void)state;
    hl_engine *a, *b;
    assert_int_equal(hl_engine_new(&a), HL_OK);
    assert_int_equal(hl_engine_new(&b), HL_OK);
    uint64_t v = 0;
    assert_int_equal(hl_engine_get_limit(a, HL_ENGINE_LIMIT_ATOMS, &v), HL_OK);
    assert_int_equal(v, 4194304); /* the documented default */
    assert_int_equal(hl_engine_set_limit(a, HL_ENGINE_LIMIT_ATOMS, ENGINE_A_LIMIT), HL_OK);
    hl_buf src;
    hl_buf_init(&src, 0);
    char tag[32];
    unsigned k = 0;
    hl_status s;
    hl_error *err = NULL;
    for (;; k++) { /* compiled, run and released: the cache keeps them */
        snprintf(tag, sizeof tag, "a%u", k);
        make_program(&src, "q", tag, PER);
        hl_module *m = NULL;
        s = compile(a, &src, NULL, &m, &err);
        if (s != HL_OK) break;
        run_ok(m, tag, PER);
        hl_module_free(m);
    }
    assert_int_equal(k, ENGINE_A_LIMIT / (PER + 2)); /* 3 fitted */
    expect_atom_fault(s, err, "HL_ENGINE_LIMIT_ATOMS", "hl_engine_set_limit");
    hl_error_free(err);
    err = NULL;
    /* The refused compile left nothing behind in A. */
    size_t held = hl_atom_table_count(a->atoms);
    hl_module *m = NULL;
    assert_int_equal(compile(a, &src, NULL, &m, &err), HL_ELIMIT);
    hl_error_free(err);
    err = NULL;
    assert_int_equal(hl_atom_table_count(a->atoms), held);

    /* Engine B is unaffected: the program A refused, and more. */
    for (unsigned j = 0; j < 6; j++) {
        snprintf(tag, sizeof tag, "a%u", k + j);
        make_program(&src, "q", tag, PER);
        assert_int_equal(compile(b, &src, NULL, &m, &err), HL_OK);
        run_ok(m, tag, PER);
        hl_module_free(m);
    }
    assert_true(hl_atom_table_count(b->atoms) >= HL_ATOM_STATIC_COUNT + 6 * PER);

    /* Within A: a program naming no new atom still compiles; raising the
     * limit lets the refused program in. */
    static const char small[] = "-module(s).\n-export([f/0]).\nf() -> ok.\n";
    assert_int_equal(hl_compile(a, "s.erl", small, sizeof small - 1, NULL, &m, NULL), HL_OK);
    hl_module_free(m);
    snprintf(tag, sizeof tag, "a%u", k);
    make_program(&src, "q", tag, PER);
    assert_int_equal(hl_engine_set_limit(a, HL_ENGINE_LIMIT_ATOMS, 2 * ENGINE_A_LIMIT), HL_OK);
    assert_int_equal(compile(a, &src, NULL, &m, &err), HL_OK);
    run_ok(m, tag, PER);
    hl_module_free(m);

    assert_int_equal(hl_engine_set_limit(a, HL_ENGINE_LIMIT_ATOMS, 0), HL_EMISUSE);
    assert_int_equal(hl_engine_set_limit(a, HL_ENGINE_LIMIT_ATOMS, (UINT64_C(1) << 28) + 1), HL_EMISUSE);
    assert_int_equal(hl_engine_set_limit(a, (hl_engine_limit)7, 10), HL_EMISUSE);
    assert_int_equal(hl_engine_get_limit(a, HL_ENGINE_LIMIT_ATOMS, NULL), HL_EMISUSE);
    hl_buf_free(&src);
    hl_engine_free(a);
    hl_engine_free(b);
}

/* A program over its own quota (HL_LIMIT_ATOMS) gets its own fault, and
 * the quota counts the atoms of all its modules; the engine's table is
 * left as it was. */
static void test_program_quota(void **state) {
    (void)state;
    hl_engine *e;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    hl_compile_options *o;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    uint64_t v = 0;
    assert_int_equal(hl_compile_options_get_limit(o, HL_LIMIT_ATOMS, &v), HL_OK);
    assert_int_equal(v, 262144); /* the documented default */
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_ATOMS, 0), HL_EMISUSE);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_ATOMS, (1u << 20) + 1), HL_EMISUSE);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_ATOMS, 1u << 20), HL_OK);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_ATOMS, 100), HL_OK);
    size_t before = hl_atom_table_count(e->atoms);

    hl_buf src;
    hl_buf_init(&src, 0);
    make_program(&src, "q", "over", 150);
    hl_module *m = NULL;
    hl_error *err = NULL;
    hl_status s = compile(e, &src, o, &m, &err);
    assert_null(m);
    expect_atom_fault(s, err, "quota of 100", "HL_LIMIT_ATOMS");
    assert_non_null(strstr(hl_error_message(err), "hl_compile_options_set_limit"));
    assert_non_null(strstr(hl_error_message(err), "q.erl"));
    hl_error_free(err);
    err = NULL;
    assert_int_equal(hl_atom_table_count(e->atoms), before);
    /* hl_check runs the same passes: the same verdict */
    assert_int_equal(hl_check(e, "q.erl", src.data, src.len, o, &err), HL_ELIMIT);
    hl_error_free(err);
    err = NULL;
    /* the same source under the default quota */
    assert_int_equal(compile(e, &src, NULL, &m, &err), HL_OK);
    run_ok(m, "over", 150);
    hl_module_free(m);

    /* Two modules of 60 atoms each: 100 is not enough for both, 200 is. */
    hl_buf s2;
    hl_buf_init(&s2, 0);
    make_program(&src, "q", "one", 60);
    make_program(&s2, "r", "two", 60);
    const char *names[2] = {"q.erl", "r.erl"};
    const char *texts[2] = {src.data, s2.data};
    size_t lens[2] = {src.len, s2.len};
    s = hl_compile_program(e, 2, names, texts, lens, o, &m, &err);
    assert_null(m);
    expect_atom_fault(s, err, "quota of 100", "HL_LIMIT_ATOMS");
    hl_error_free(err);
    err = NULL;
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_ATOMS, 200), HL_OK);
    assert_int_equal(hl_compile_program(e, 2, names, texts, lens, o, &m, &err), HL_OK);
    run_ok(m, "one", 60);
    hl_module_free(m);

    hl_buf_free(&s2);
    hl_buf_free(&src);
    hl_compile_options_free(o);
    hl_engine_free(e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_engine_does_not_affect_another),
        cmocka_unit_test(test_program_quota),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
