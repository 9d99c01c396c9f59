/* test_host_atoms.c — atoms the host brings (docs/embedding.md, "Atoms
 * from the host"): an argument may name an atom the program does not
 * contain; it is the program's atom of that name inside the call, lives in
 * a per-call pool bounded by HL_LIMIT_HOST_ATOMS and freed with the call,
 * and list_to_existing_atom / binary_to_term see it during that call only
 * (as OTP would see an atom the caller created). Also: a value made with
 * one engine's module is re-interned by name in another engine's run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "host/host_int.h"
#include "hyperlang.h"
#include "term/atom.h"

static const char SRC[] =
    "-module(h).\n"
    "-export([id/1, name/1, exists/2, exists1/1, is_hello/1, b2t/2, same/2, mine/0]).\n"
    "id(X) -> X.\n"
    "name(X) -> atom_to_list(X).\n"
    "exists(_, S) -> list_to_existing_atom(S).\n"
    "exists1(S) -> try list_to_existing_atom(S) catch error:badarg -> none end.\n"
    "is_hello(hello) -> yes;\n"
    "is_hello(_) -> no.\n"
    "b2t(_, B) -> binary_to_term(B).\n"
    "same(X, Y) -> X =:= Y.\n"
    "mine() -> program_atom.\n";

static hl_engine *eng;
static hl_module *mod;

static int setup(void **state) {
    (void)state;
    if (hl_engine_new(&eng) != HL_OK) return -1;
    return hl_compile(eng, "h.erl", SRC, sizeof SRC - 1, NULL, &mod, NULL) == HL_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    hl_module_free(mod);
    hl_engine_free(eng);
    return 0;
}

static hl_value *atom(const hl_module *m, const char *name) {
    hl_value *v = NULL;
    assert_int_equal(hl_value_atom(m, name, strlen(name), &v), HL_OK);
    return v;
}

static hl_value *parse(const char *text) {
    hl_value *v = NULL;
    assert_int_equal(hl_value_parse(mod, text, strlen(text), &v, NULL), HL_OK);
    return v;
}

/* Runs f(args) on m and checks the result's ~p text. */
static void expect_text(const hl_module *m, const char *f, hl_value **args, size_t n, const char *want) {
    hl_value *r = NULL;
    hl_error *err = NULL;
    hl_status s = hl_run(m, f, args, n, NULL, &r, &err);
    if (s != HL_OK) fprintf(stderr, "%s: %s\n", f, hl_error_message(err));
    assert_int_equal(s, HL_OK);
    char *text = NULL;
    assert_int_equal(hl_value_to_text(r, 1, &text, NULL), HL_OK); /* ~p */
    if (strcmp(text, want) != 0) fprintf(stderr, "%s: got %s, want %s\n", f, text, want);
    assert_string_equal(text, want);
    hl_free(text);
    hl_value_free(r);
    hl_error_free(err);
}

/* A host atom goes in and comes back; atom_to_list reads its name; it is
 * equal to itself however the host made it; it matches the program's atom
 * of the same name; and the call's pool is gone after the call. */
static void test_host_atom_round_trip(void **state) {
    (void)state;
    size_t before = hl_atom_table_count(eng->atoms);
    hl_value *a = atom(mod, "hello_from_host"), *b = atom(NULL, "hello_from_host");
    hl_value *args[2] = {a, b};
    expect_text(mod, "id", args, 1, "hello_from_host");
    expect_text(mod, "name", args, 1, "\"hello_from_host\"");
    expect_text(mod, "same", args, 2, "true"); /* two host values, one name: one atom */
    hl_value *t = parse("{hello_from_host, [x_host, hello_from_host], #{x_host => y_host}}");
    expect_text(mod, "id", &t, 1, "{hello_from_host,[x_host,hello_from_host],#{x_host => y_host}}");
    hl_value_free(t);
    /* hello is the program's: a host value of the name matches it */
    hl_value *h = atom(NULL, "hello");
    expect_text(mod, "is_hello", &h, 1, "yes");
    hl_value_free(h);
    /* nothing of the calls stays in the engine's table */
    assert_int_equal(hl_atom_table_count(eng->atoms), before);
    /* the result's atoms outlive the call's pool */
    hl_value *r = NULL;
    assert_int_equal(hl_run(mod, "id", args, 1, NULL, &r, NULL), HL_OK);
    assert_int_equal(hl_atom_table_count(eng->atoms), before + 1); /* held by r */
    const char *name;
    size_t len;
    assert_int_equal(hl_value_get_atom(r, &name, &len), HL_OK);
    assert_int_equal(len, 15);
    assert_memory_equal(name, "hello_from_host", 15);
    hl_value_free(r);
    assert_int_equal(hl_atom_table_count(eng->atoms), before);
    hl_value_free(a);
    hl_value_free(b);
}

/* list_to_existing_atom and binary_to_term see the host atoms of the call
 * (OTP: an atom the caller made exists), not those of an earlier call. */
static void test_existing_atom_sees_call_atoms(void **state) {
    (void)state;
    hl_value *args[2] = {atom(mod, "only_host_knows"), parse("\"only_host_knows\"")};
    expect_text(mod, "exists", args, 2, "only_host_knows");
    hl_value *s = args[1];
    expect_text(mod, "exists1", &s, 1, "none"); /* a later call without it */
    hl_value *prog_atom = parse("\"program_atom\"");
    expect_text(mod, "exists1", &prog_atom, 1, "program_atom"); /* the program's own */
    hl_value_free(prog_atom);
    /* <<131,119,15,"only_host_knows">>: binary_to_term of that atom */
    hl_value *bin = parse("<<131,119,15,\"only_host_knows\">>");
    hl_value *bargs[2] = {args[0], bin};
    expect_text(mod, "b2t", bargs, 2, "only_host_knows");
    hl_value *r = NULL;
    hl_error *err = NULL;
    hl_value *alone[2] = {s, bin};
    assert_int_equal(hl_run(mod, "b2t", alone, 2, NULL, &r, &err), HL_EEXCEPTION); /* badarg */
    hl_error_free(err);
    hl_value_free(bin);
    hl_value_free(args[0]);
    hl_value_free(args[1]);
}

/* The per-call quota: names the program does not contain, each counted
 * once; over it the call's own fault (HL_ELIMIT, atoms), naming the limit. */
static void test_host_atom_quota(void **state) {
    (void)state;
    hl_limits *lim;
    assert_int_equal(hl_limits_new(&lim), HL_OK);
    uint64_t v = 0;
    assert_int_equal(hl_limits_get(lim, HL_LIMIT_HOST_ATOMS, &v), HL_OK);
    assert_int_equal(v, HL_RUN_DEFAULT_MAX_HOST_ATOMS);
    assert_int_equal(hl_limits_set(lim, HL_LIMIT_HOST_ATOMS, 0), HL_EMISUSE);
    assert_int_equal(hl_limits_set(lim, HL_LIMIT_HOST_ATOMS, (1u << 20) + 1), HL_EMISUSE);
    assert_int_equal(hl_limits_set(lim, HL_LIMIT_HOST_ATOMS, 3), HL_OK);
    hl_tenant *t;
    assert_int_equal(hl_tenant_new(mod, lim, &t), HL_OK);
    uint32_t id;
    assert_int_equal(hl_module_function(mod, "id", 1, &id, NULL), HL_OK);
    size_t before = hl_atom_table_count(eng->atoms);
    /* three new names (q1 twice, hello and ok are the program's / static) */
    hl_value *three = parse("[q1, q2, q1, q3, hello, ok, program_atom]");
    hl_value *r = NULL;
    assert_int_equal(hl_tenant_call(t, id, &three, 1, &r, NULL), HL_OK);
    hl_value_free(r);
    assert_int_equal(hl_atom_table_count(eng->atoms), before + 3); /* the tenant's call pool */
    hl_value *four = parse("[q1, q2, q3, q4]");
    hl_error *err = NULL;
    assert_int_equal(hl_tenant_call(t, id, &four, 1, &r, &err), HL_ELIMIT);
    assert_null(r);
    assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_ATOMS);
    assert_non_null(strstr(hl_error_message(err), "HL_LIMIT_HOST_ATOMS"));
    assert_non_null(strstr(hl_error_message(err), "more than 3 atoms"));
    hl_error_free(err);
    assert_int_equal(hl_atom_table_count(eng->atoms), before); /* the last pool went with that call */
    /* the tenant still works */
    assert_int_equal(hl_tenant_call(t, id, &three, 1, &r, NULL), HL_OK);
    hl_value_free(r);
    hl_tenant_free(t);
    assert_int_equal(hl_atom_table_count(eng->atoms), before);
    hl_value_free(three);
    hl_value_free(four);
    hl_limits_free(lim);
}

/* A value made with engine A's module, run in engine B: its atoms are
 * B's atoms of the same names (B's patterns match them). */
static void test_value_across_engines(void **state) {
    (void)state;
    hl_engine *b;
    assert_int_equal(hl_engine_new(&b), HL_OK);
    hl_module *mb;
    assert_int_equal(hl_compile(b, "h.erl", SRC, sizeof SRC - 1, NULL, &mb, NULL), HL_OK);
    hl_value *ha = atom(mod, "hello"); /* engine A's program atom */
    expect_text(mb, "is_hello", &ha, 1, "yes");
    hl_value *hb = atom(mb, "hello"); /* engine B's */
    hl_value *args[2] = {ha, hb};
    expect_text(mb, "same", args, 2, "true");
    hl_value_free(hb);
    hl_module_free(mb);
    hl_engine_free(b);
    expect_text(mod, "is_hello", &ha, 1, "yes"); /* A's value still fine in A */
    hl_value_free(ha);
}

/* Every allocation failure on the way in (walk, map, pool, copy) is a
 * clean HL_ENOMEM: nothing left in the table, nothing leaked (ASan). */
static void test_alloc_failures(void **state) {
    (void)state;
    hl_value *arg = parse("{f1, [f2, f3], #{f4 => hello}}");
    size_t before = hl_atom_table_count(eng->atoms);
    int failures = 0;
    for (long n = 0; n < 400; n++) {
        hl_value *r = NULL;
        hl_error *err = NULL;
        hl_mem_fail_after(n);
        hl_status s = hl_run(mod, "id", &arg, 1, NULL, &r, &err);
        hl_mem_fail_after(-1);
        hl_value_free(r);
        hl_error_free(err);
        assert_int_equal(hl_atom_table_count(eng->atoms), before);
        if (s == HL_OK) break;
        assert_int_equal(s, HL_ENOMEM);
        failures++;
    }
    assert_true(failures > 4);
    hl_value_free(arg);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_host_atom_round_trip),
        cmocka_unit_test(test_existing_atom_sees_call_atoms),
        cmocka_unit_test(test_host_atom_quota),
        cmocka_unit_test(test_value_across_engines),
        cmocka_unit_test(test_alloc_failures),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
