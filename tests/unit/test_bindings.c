/* test_bindings.c — host bindings through the C API (include/hyperlang.h,
 * docs/embedding.md): results of every kind, binding errors the guest
 * catches (and the exact shape of the exception), undeclared bindings
 * rejected at compile time, funs refused before the callback, finalizers
 * called exactly once, reentrancy refused, the heap limit counting results,
 * reductions charged, the cache key, the gate refusing binding indices
 * outside the table, and out-of-memory walks. Also builds and runs the
 * complete example of docs/examples/embedding.c. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "base/buf.h"
#include "base/mem.h"
#include "core/core.h"
#include "front/front.h"
#include "gen/codegen.h"
#include "bc/gate.h"
#include "hyperlang.h"

/* The documented example, compiled here so it cannot rot. */
int example_main(void);
#define main example_main
#include "../../docs/examples/embedding.c"
#undef main

/* ---- bindings used by the tests ------------------------------------------ */

static int calls;      /* callbacks entered */
static int finalized;  /* finalizer calls */
static hl_status nested_status; /* what hl_run returned inside a callback */

static void count_final(void *data) {
    (void)data;
    finalized++;
}

/* host:add(A, B) -> A + B */
static hl_status b_add(void *data, const hl_module *m, hl_value *const *args, uint32_t n, hl_value **out) {
    (void)data, (void)m;
    calls++;
    int64_t a, b;
    if (n != 2 || hl_value_get_int(args[0], &a) != HL_OK || hl_value_get_int(args[1], &b) != HL_OK) {
        static const char msg[] = "not integers";
        hl_value_binary(msg, sizeof msg - 1, out);
        return HL_EEXCEPTION;
    }
    return hl_value_int(a + b, out);
}

/* host:echo(X) -> X (a copy made by the library going in and coming out) */
static hl_status b_echo(void *data, const hl_module *m, hl_value *const *args, uint32_t n, hl_value **out) {
    (void)data, (void)m, (void)n;
    calls++;
    return hl_value_list(args, 1, out); /* [X] */
}

/* host:same(X) -> X, returning the argument handle itself */
static hl_status b_same(void *data, const hl_module *m, hl_value *const *args, uint32_t n, hl_value **out) {
    (void)data, (void)m, (void)n;
    calls++;
    *out = args[0];
    return HL_OK;
}

/* host:make(Kind) -> a term chosen by Kind */
static hl_status b_make(void *data, const hl_module *m, hl_value *const *args, uint32_t n, hl_value **out) {
    (void)data, (void)n;
    calls++;
    int64_t kind;
    if (hl_value_get_int(args[0], &kind) != HL_OK) return HL_EMISUSE;
    static const char text[] = "{ok, [1, 2.5, \"str\", {add, [echo, make]}], -12345678901234567890}";
    switch (kind) {
    case 0: return hl_value_parse(m, text, sizeof text - 1, out, NULL);
    case 1: { /* a tuple built element by element */
        hl_value *e[3] = {NULL, NULL, NULL};
        hl_value_int(1, &e[0]);
        hl_value_atom(m, "ok", 2, &e[1]);
        hl_value_binary("bin", 3, &e[2]);
        hl_status st = hl_value_tuple(e, 3, out);
        for (int i = 0; i < 3; i++) hl_value_free(e[i]);
        return st;
    }
    case 2: *out = NULL; return HL_OK;                       /* malformed: no result */
    case 3: return HL_ENOMEM;                                /* a host failure */
    case 4: *out = NULL; return HL_EEXCEPTION;               /* error without a reason */
    case 5: {                                                /* a big list */
        enum { N = 200000 };
        hl_value *one = NULL;
        hl_value_int(1, &one);
        hl_value **items = malloc(N * sizeof *items);
        for (int i = 0; i < N; i++) items[i] = one;
        hl_status st = hl_value_list(items, N, out);
        free(items);
        hl_value_free(one);
        return st;
    }
    case 7: { /* a map: #{ok => 1, <<"k">> => [2.5]} */
        hl_value *k[2] = {NULL, NULL}, *v[2] = {NULL, NULL}, *f = NULL;
        hl_value_atom(m, "ok", 2, &k[0]);
        hl_value_binary("k", 1, &k[1]);
        hl_value_int(1, &v[0]);
        hl_value_float(2.5, &f);
        hl_value_list(&f, 1, &v[1]);
        hl_status st = hl_value_map(k, v, 2, out);
        hl_value_free(k[0]), hl_value_free(k[1]), hl_value_free(v[0]), hl_value_free(v[1]), hl_value_free(f);
        return st;
    }
    case 6: return hl_value_parse(m, "{error, zero}", 13, out, NULL) == HL_OK ? HL_EEXCEPTION : HL_ENOMEM;
    default: return HL_EMISUSE;
    }
}

/* host:reenter() -> tries hl_run on its own module */
static hl_status b_reenter(void *data, const hl_module *m, hl_value *const *args, uint32_t n, hl_value **out) {
    (void)data, (void)args, (void)n;
    calls++;
    hl_value *r = NULL;
    hl_error *err = NULL;
    nested_status = hl_run(m, "zero", NULL, 0, NULL, &r, &err);
    hl_value_free(r);
    hl_error_free(err);
    return hl_value_int(7, out);
}

/* ---- helpers ------------------------------------------------------------------- */

static hl_engine *new_engine(void) {
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(hl_engine_register_binding(e, "host", "add", 2, b_add, NULL, count_final), HL_OK);
    assert_int_equal(hl_engine_register_binding(e, "host", "echo", 1, b_echo, NULL, count_final), HL_OK);
    assert_int_equal(hl_engine_register_binding(e, "host", "make", 1, b_make, NULL, count_final), HL_OK);
    assert_int_equal(hl_engine_register_binding(e, "host", "reenter", 0, b_reenter, NULL, count_final), HL_OK);
    assert_int_equal(hl_engine_register_binding(e, "host", "same", 1, b_same, NULL, NULL), HL_OK);
    return e;
}

static hl_compile_options *grant_all(void) {
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o, "host", "add", 2), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o, "host", "echo", 1), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o, "host", "make", 1), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o, "host", "reenter", 0), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o, "host", "same", 1), HL_OK);
    return o;
}

static const char SRC[] =
    "-module(b).\n"
    "-export([add/2, add_tail/1, echo/1, make/1, caught/1, loop/2, fun_arg/0, fun_caught/0,\n"
    "         reenter/0, zero/0, len/1, nested_tail/1, same/1, mapped/0]).\n"
    "add(A, B) -> X = host:add(A, B), X.\n"
    "add_tail(A) -> host:add(A, 1).\n"
    "echo(X) -> host:echo(X).\n"
    "make(K) -> host:make(K).\n"
    "caught(K) -> try host:make(K) catch error:{binding_error, host, make, R} -> {caught, R} end.\n"
    "loop(0, Acc) -> Acc;\n"
    "loop(N, Acc) -> loop(N - 1, host:add(Acc, 1)).\n"
    "fun_arg() -> host:echo({x, fun(Y) -> Y end}).\n"
    "fun_caught() -> try host:echo(fun() -> ok end) catch error:badarg -> refused end.\n"
    "reenter() -> host:reenter().\n"
    "zero() -> 0.\n"
    "len(K) -> N = length(host:make(K)), N + zero().\n"
    "nested_tail(X) -> case X of 0 -> host:add(0, 0); _ -> nested_tail(host:add(X, -1)) end.\n"
    "same(X) -> {host:same(X), host:same(X)}.\n"
    "mapped() -> M = host:make(7), {is_map(M), map_size(M), host:echo(M)}.\n"
    "-export([dag_echo/1]).\n"
    "dag(0) -> [1, 2, 3];\n"
    "dag(K) -> D = dag(K - 1), {D, D}.\n"
    "dag_echo(K) -> [T] = host:echo(dag(K)), is_tuple(T).\n";

static hl_module *compile_src(hl_engine *e, const hl_compile_options *o, const char *src) {
    hl_module *m = NULL;
    hl_error *err = NULL;
    hl_status st = hl_compile(e, "b.erl", src, strlen(src), o, &m, &err);
    if (st != HL_OK) fprintf(stderr, "%s\n", hl_error_message(err));
    assert_int_equal(st, HL_OK);
    hl_error_free(err);
    return m;
}

/* Runs fn(args as Erlang literal texts) and returns the status; the result
 * (~w) or the error message goes to out. */
static hl_status run_text(const hl_module *m, const char *fn, const char *args[], size_t n,
                          const hl_run_limits *lim, char *out, size_t outlen) {
    hl_value *a[4] = {NULL};
    for (size_t i = 0; i < n; i++) assert_int_equal(hl_value_parse(m, args[i], strlen(args[i]), &a[i], NULL), HL_OK);
    hl_value *r = NULL;
    hl_error *err = NULL;
    /* a generous deadline: a loaded machine under ASan must not turn a
     * result into a deadline fault */
    hl_run_limits l = {0, 0, 60000, 0};
    if (lim) l.max_reductions = lim->max_reductions, l.max_heap_bytes = lim->max_heap_bytes;
    hl_status st = hl_run(m, fn, a, n, &l, &r, &err);
    if (st == HL_OK) {
        char *t = NULL;
        assert_int_equal(hl_value_to_text(r, 1, &t, NULL), HL_OK);
        snprintf(out, outlen, "%s", t);
        hl_free(t);
    } else {
        const char *reason = NULL;
        if (st == HL_EEXCEPTION && hl_error_exception(err, NULL, &reason, NULL) == HL_OK)
            snprintf(out, outlen, "%s", reason);
        else snprintf(out, outlen, "%s", hl_error_message(err));
    }
    hl_value_free(r);
    hl_error_free(err);
    for (size_t i = 0; i < n; i++) hl_value_free(a[i]);
    return st;
}

static void expect(const hl_module *m, const char *fn, const char *arg, hl_status want, const char *text) {
    char out[512];
    const char *args[1] = {arg};
    hl_status st = run_text(m, fn, args, arg ? 1 : 0, NULL, out, sizeof out);
    if (st != want || strcmp(out, text) != 0) fprintf(stderr, "%s(%s): status %d, got %s\n", fn, arg ? arg : "", st, out);
    assert_int_equal(st, want);
    assert_string_equal(out, text);
}

/* ---- tests --------------------------------------------------------------------- */

static void test_example(void **state) {
    (void)state;
    assert_int_equal(example_main(), 0);
}

static void test_results(void **state) {
    (void)state;
    hl_engine *e = new_engine();
    hl_compile_options *o = grant_all();
    hl_module *m = compile_src(e, o, SRC);
    char out[512];
    const char *two[2] = {"40", "2"};
    assert_int_equal(run_text(m, "add", two, 2, NULL, out, sizeof out), HL_OK);
    assert_string_equal(out, "42");
    expect(m, "add_tail", "41", HL_OK, "42");
    expect(m, "add_tail", "576460752303423487", HL_OK, "576460752303423488"); /* bignum result */
    expect(m, "echo", "{ok, [1, \"xy\", 2.5], -99999999999999999999}", HL_OK,
           "[{ok,[1,\"xy\",2.5],-99999999999999999999}]");
    expect(m, "make", "0", HL_OK, "{ok,[1,2.5,\"str\",{add,[echo,make]}],-12345678901234567890}");
    expect(m, "make", "1", HL_OK, "{1,ok,<<\"bin\">>}");
    expect(m, "same", "[1, {2, ok}]", HL_OK, "{[1,{2,ok}],[1,{2,ok}]}");
    /* maps both ways: a map result, and a map argument */
    expect(m, "mapped", NULL, HL_OK, "{true,2,[#{ok => 1,<<\"k\">> => [2.5]}]}");
    expect(m, "len", "5", HL_OK, "200000");
    /* tail calls: constant guest stack through 100,000 binding calls */
    expect(m, "nested_tail", "100000", HL_OK, "0");
    const char *loop_args[2] = {"1000", "0"};
    assert_int_equal(run_text(m, "loop", loop_args, 2, NULL, out, sizeof out), HL_OK);
    assert_string_equal(out, "1000");
    hl_module_free(m);
    hl_compile_options_free(o);
    hl_engine_free(e);
}

static void test_errors(void **state) {
    (void)state;
    hl_engine *e = new_engine();
    hl_compile_options *o = grant_all();
    hl_module *m = compile_src(e, o, SRC);
    /* caught by the guest */
    expect(m, "caught", "2", HL_OK, "{caught,<<\"no result\">>}");
    expect(m, "caught", "3", HL_OK, "{caught,<<\"binding failed: out of memory\">>}");
    expect(m, "caught", "4", HL_OK, "{caught,undefined}");
    expect(m, "caught", "6", HL_OK, "{caught,{error,zero}}");
    expect(m, "caught", "99", HL_OK, "{caught,<<\"binding failed: API misuse\">>}");
    expect(m, "caught", "1", HL_OK, "{1,ok,<<\"bin\">>}");
    /* uncaught: the run's exception, with the exact reason and a stack */
    const char *bad[2] = {"ok", "1"};
    char out[512];
    assert_int_equal(run_text(m, "add", bad, 2, NULL, out, sizeof out), HL_EEXCEPTION);
    assert_string_equal(out, "{binding_error,host,add,<<\"not integers\">>}");
    hl_value *a = NULL, *r = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_value_parse(m, "2", 1, &a, NULL), HL_OK);
    assert_int_equal(hl_run(m, "make", &a, 1, NULL, &r, &err), HL_EEXCEPTION);
    const char *cls = NULL, *reason = NULL, *stack = NULL;
    assert_int_equal(hl_error_exception(err, &cls, &reason, &stack), HL_OK);
    assert_string_equal(cls, "error");
    assert_string_equal(reason, "{binding_error,host,make,<<\"no result\">>}");
    assert_non_null(strstr(stack, "b:make/1 (line 7)"));
    hl_error_free(err);
    hl_value_free(a);
    hl_module_free(m);
    hl_compile_options_free(o);
    hl_engine_free(e);
}

/* host:foreign() returns an atom of another program. */
static hl_value *foreign_atom;
static hl_status b_foreign(void *data, const hl_module *m, hl_value *const *args, uint32_t n, hl_value **out) {
    (void)data, (void)m, (void)args, (void)n;
    return hl_value_tuple(&foreign_atom, 1, out);
}

static void test_foreign_atom(void **state) {
    (void)state;
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(hl_engine_register_binding(e, "host", "foreign", 0, b_foreign, NULL, NULL), HL_OK);
    hl_module *other = compile_src(e, NULL, "-module(o).\n-export([f/0]).\nf() -> zzz_only_here.\n");
    assert_int_equal(hl_value_atom(other, "zzz_only_here", 13, &foreign_atom), HL_OK);
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o, "host", "foreign", 0), HL_OK);
    hl_module *m = compile_src(e, o,
                               "-module(f).\n-export([f/0]).\n"
                               "f() -> try host:foreign() catch error:{binding_error, host, foreign, R} -> R end.\n");
    expect(m, "f", NULL, HL_OK, "<<\"result holds an atom the program does not know\">>");
    hl_value_free(foreign_atom);
    hl_module_free(m);
    hl_module_free(other);
    hl_compile_options_free(o);
    hl_engine_free(e);
}

static void test_undeclared(void **state) {
    (void)state;
    hl_engine *e = new_engine();
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o, "host", "echo", 1), HL_OK);
    static const char src[] = "-module(u).\n-export([f/1]).\nf(X) ->\n    host:add(X, host:echo(X)).\n";
    hl_module *m = NULL;
    hl_error *err = NULL;
    /* registered but not granted: the refusal says so */
    assert_int_equal(hl_compile(e, "u.erl", src, sizeof src - 1, o, &m, &err), HL_ECOMPILE);
    assert_null(m);
    assert_string_equal(hl_error_message(err), "u.erl:4:5: error: remote call host:add/2 is not declared: binding not granted (the host registers host:add/2 but did not grant it to this program)\n");
    hl_error_free(err);
    /* no options: nothing granted */
    assert_int_equal(hl_compile(e, "u.erl", src, sizeof src - 1, NULL, &m, &err), HL_ECOMPILE);
    assert_non_null(strstr(hl_error_message(err), "u.erl:4:5: error: remote call host:add/2 is not declared"));
    hl_error_free(err);
    /* hl_check classifies with the grants too (it needs no registration) */
    hl_compile_options *o2 = NULL;
    assert_int_equal(hl_compile_options_new(&o2), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o2, "host", "echo", 1), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o2, "other", "add", 2), HL_OK);
    assert_int_equal(hl_check(e, "u.erl", src, sizeof src - 1, o2, &err), HL_ECOMPILE);
    assert_string_equal(hl_error_message(err), "u.erl:4:5: error: remote call host:add/2 is not declared: binding not granted (the host registers host:add/2 but did not grant it to this program)\n");
    hl_error_free(err);
    /* a name the engine does not register: no such module, nor a granted binding */
    static const char src2[] = "-module(u).\n-export([f/1]).\nf(X) -> host:sub(X).\n";
    assert_int_equal(hl_check(e, "u.erl", src2, sizeof src2 - 1, o2, &err), HL_ECOMPILE);
    assert_string_equal(hl_error_message(err),
                        "u.erl:3:9: error: remote call host:sub/1 is not declared: binding not granted (no module "
                        "'host' in this program or the stdlib, and no host binding of that name was granted)\n");
    hl_error_free(err);
    assert_int_equal(hl_compile_options_grant_binding(o2, "host", "add", 2), HL_OK);
    assert_int_equal(hl_check(e, "u.erl", src, sizeof src - 1, o2, &err), HL_OK);
    hl_compile_options_free(o2);
    /* granted but not registered */
    assert_int_equal(hl_compile_options_grant_binding(o, "host", "nope", 3), HL_OK);
    assert_int_equal(hl_compile(e, "u.erl", src, sizeof src - 1, o, &m, &err), HL_EMISUSE);
    assert_string_equal(hl_error_message(err), "binding host:nope/3 is granted but not registered on the engine");
    hl_error_free(err);
    hl_compile_options_free(o);
    hl_engine_free(e);
}

static void test_reserved_names(void **state) {
    (void)state;
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    finalized = 0;
    struct { const char *m, *f; uint32_t a; } bad[] = {
        {"lists", "map", 2}, {"lists", "reverse", 1}, {"erlang", "length", 1}, {"erlang", "anything", 0},
        {"", "f", 0}, {"m", "", 0}, {"m", "f", 256}, {"m\xC0\x80", "f", 0}, {"m", "\xFF", 1}, {NULL, "f", 0},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(hl_engine_register_binding(e, bad[i].m, bad[i].f, bad[i].a, b_add, NULL, count_final),
                         HL_EMISUSE);
        assert_int_equal(hl_compile_options_grant_binding(o, bad[i].m, bad[i].f, bad[i].a), HL_EMISUSE);
    }
    assert_int_equal(finalized, 0); /* refused registrations leave the data with the caller */
    assert_int_equal(hl_engine_register_binding(e, "m", "f", 0, NULL, NULL, NULL), HL_EMISUSE);
    assert_int_equal(hl_engine_register_binding(NULL, "m", "f", 0, b_add, NULL, NULL), HL_EMISUSE);
    assert_int_equal(hl_compile_options_grant_binding(NULL, "m", "f", 0), HL_EMISUSE);
    /* lists:map/3 is not allowlisted: fine; UTF-8 names are fine */
    assert_int_equal(hl_engine_register_binding(e, "lists", "map", 3, b_add, NULL, NULL), HL_OK);
    assert_int_equal(hl_engine_register_binding(e, "h\xC3\xA9te", "f", 0, b_add, NULL, NULL), HL_OK);
    assert_int_equal(hl_engine_unregister_binding(e, "nope", "f", 0), HL_EMISUSE);
    hl_compile_options_free(o);
    hl_engine_free(e);
}

static void test_fun_args(void **state) {
    (void)state;
    hl_engine *e = new_engine();
    hl_compile_options *o = grant_all();
    hl_module *m = compile_src(e, o, SRC);
    calls = 0;
    expect(m, "fun_arg", NULL, HL_EEXCEPTION, "badarg");
    expect(m, "fun_caught", NULL, HL_OK, "refused");
    assert_int_equal(calls, 0); /* never reached the host */
    hl_module_free(m);
    hl_compile_options_free(o);
    hl_engine_free(e);
}

static void test_finalizers(void **state) {
    (void)state;
    finalized = 0;
    hl_engine *e = new_engine();
    hl_compile_options *o = grant_all();
    hl_module *m = compile_src(e, o, SRC);
    expect(m, "add_tail", "1", HL_OK, "2");
    /* replacing finalizes the old registration at once */
    assert_int_equal(hl_engine_register_binding(e, "host", "add", 2, b_add, NULL, count_final), HL_OK);
    assert_int_equal(finalized, 1);
    /* the module compiled against the old one: error:undef, no dangling pointer */
    expect(m, "add_tail", "1", HL_EEXCEPTION, "undef");
    /* recompiling resolves to the new registration: a different module */
    hl_module *m2 = compile_src(e, o, SRC);
    assert_ptr_not_equal(m, m2);
    expect(m2, "add_tail", "1", HL_OK, "2");
    /* unregistering finalizes, and the calls raise undef */
    assert_int_equal(hl_engine_unregister_binding(e, "host", "add", 2), HL_OK);
    assert_int_equal(finalized, 2);
    assert_int_equal(hl_engine_unregister_binding(e, "host", "add", 2), HL_EMISUSE);
    expect(m2, "add_tail", "1", HL_EEXCEPTION, "undef");
    expect(m2, "echo", "1", HL_OK, "[1]");
    /* freeing the engine finalizes the three left, once each */
    hl_engine_free(e);
    assert_int_equal(finalized, 5);
    /* modules outlive their engine safely: calls raise undef */
    expect(m2, "echo", "1", HL_EEXCEPTION, "undef");
    hl_module_free(m);
    hl_module_free(m2);
    hl_compile_options_free(o);
    assert_int_equal(finalized, 5);
}

static void test_reentrancy(void **state) {
    (void)state;
    hl_engine *e = new_engine();
    hl_compile_options *o = grant_all();
    hl_module *m = compile_src(e, o, SRC);
    nested_status = HL_OK;
    expect(m, "reenter", NULL, HL_OK, "7");
    assert_int_equal(nested_status, HL_EMISUSE);
    /* outside a callback the same run works */
    expect(m, "zero", NULL, HL_OK, "0");
    hl_module_free(m);
    hl_compile_options_free(o);
    hl_engine_free(e);
}

static void test_limits(void **state) {
    (void)state;
    hl_engine *e = new_engine();
    hl_compile_options *o = grant_all();
    hl_module *m = compile_src(e, o, SRC);
    char out[512];
    /* the 200,000-element result (3.2 MB on the heap) passes a 1 MiB heap limit */
    const char *five[1] = {"5"};
    hl_run_limits small = {0, 1u << 20, 0, 0};
    assert_int_equal(run_text(m, "len", five, 1, &small, out, sizeof out), HL_ELIMIT);
    assert_string_equal(out, "the run passed its heap limit (max_heap_bytes)");
    hl_run_limits big = {0, 16u << 20, 0, 0};
    assert_int_equal(run_text(m, "len", five, 1, &big, out, sizeof out), HL_OK);
    assert_string_equal(out, "200000");
    /* reductions: each call costs 10 plus its copying, so 1,000 calls do
     * not fit in 10,000 reductions but fit in 20,000 */
    const char *loop_args[2] = {"1000", "0"};
    hl_run_limits r1 = {10000, 0, 0, 0}, r2 = {20000, 0, 0, 0};
    assert_int_equal(run_text(m, "loop", loop_args, 2, &r1, out, sizeof out), HL_ELIMIT);
    assert_string_equal(out, "the run used up its reductions (max_reductions)");
    assert_int_equal(run_text(m, "loop", loop_args, 2, &r2, out, sizeof out), HL_OK);
    /* copying a large result is charged: one call of len(5) costs >= 200000*2/8 */
    hl_run_limits r3 = {40000, 16u << 20, 0, 0};
    assert_int_equal(run_text(m, "len", five, 1, &r3, out, sizeof out), HL_ELIMIT);
    assert_string_equal(out, "the run used up its reductions (max_reductions)");
    hl_module_free(m);
    hl_compile_options_free(o);
    hl_engine_free(e);
}

/* Arguments copied out count against the heap limit, sized before anything
 * is allocated: dag(19) is ~100 words on the guest heap but 4.7M words
 * (37.7 MB) copied out, which a 1 MiB run used to hand to the host (39.5
 * MB allocated). Now the run stops with the heap fault, the callback never
 * called; a copy within the limit still goes through. */
static void test_argument_copy_limit(void **state) {
    (void)state;
    hl_engine *e = new_engine();
    hl_compile_options *o = grant_all();
    hl_module *m = compile_src(e, o, SRC);
    char out[512];
    hl_run_limits small = {0, 1u << 20, 0, 0};
    const char *k19[1] = {"19"}, *k12[1] = {"12"}, *k14[1] = {"14"};
    int before = calls;
    assert_int_equal(run_text(m, "dag_echo", k19, 1, &small, out, sizeof out), HL_ELIMIT);
    assert_string_equal(out, "the run passed its heap limit (max_heap_bytes)");
    assert_int_equal(calls, before); /* refused before the callback */
    /* dag(12): 36,867 words (288 KiB) copied out and back in: fits 1 MiB */
    assert_int_equal(run_text(m, "dag_echo", k12, 1, &small, out, sizeof out), HL_OK);
    assert_string_equal(out, "true");
    assert_int_equal(calls, before + 1);
    /* dag(14): 147,459 words (1.1 MiB) copied out: over a 1 MiB limit */
    assert_int_equal(run_text(m, "dag_echo", k14, 1, &small, out, sizeof out), HL_ELIMIT);
    assert_string_equal(out, "the run passed its heap limit (max_heap_bytes)");
    assert_int_equal(calls, before + 1);
    hl_module_free(m);
    hl_compile_options_free(o);
    hl_engine_free(e);
}

static void test_cache_key(void **state) {
    (void)state;
    hl_engine *e = new_engine();
    static const char src[] = "-module(c).\n-export([f/1]).\nf(X) -> host:echo(X).\n";
    hl_compile_options *o1 = NULL, *o2 = NULL, *o3 = NULL;
    assert_int_equal(hl_compile_options_new(&o1), HL_OK);
    assert_int_equal(hl_compile_options_new(&o2), HL_OK);
    assert_int_equal(hl_compile_options_new(&o3), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o1, "host", "echo", 1), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o2, "host", "echo", 1), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o2, "host", "add", 2), HL_OK);
    /* same grants in another order: the same key */
    assert_int_equal(hl_compile_options_grant_binding(o3, "host", "add", 2), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o3, "host", "echo", 1), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o3, "host", "echo", 1), HL_OK); /* twice: harmless */
    hl_module *a = compile_src(e, o1, src), *a2 = compile_src(e, o1, src);
    hl_module *b = compile_src(e, o2, src), *b2 = compile_src(e, o3, src);
    assert_ptr_equal(a, a2);
    assert_ptr_not_equal(a, b);
    assert_ptr_equal(b, b2);
    expect(a, "f", "ok", HL_OK, "[ok]");
    expect(b, "f", "ok", HL_OK, "[ok]");
    hl_module_free(a), hl_module_free(a2), hl_module_free(b), hl_module_free(b2);
    hl_compile_options_free(o1), hl_compile_options_free(o2), hl_compile_options_free(o3);
    hl_engine_free(e);
}

/* ---- threads: a binding retired while other threads call it ----------------------- */

typedef struct guarded {
    atomic_int finalized; /* the finalizer's count */
    atomic_int bad;       /* calls that saw a finalized binding */
    atomic_long calls;
} guarded;

static hl_status b_guarded(void *data, const hl_module *m, hl_value *const *args, uint32_t n, hl_value **out) {
    (void)m, (void)n;
    guarded *g = data;
    if (atomic_load(&g->finalized)) atomic_fetch_add(&g->bad, 1);
    atomic_fetch_add(&g->calls, 1);
    struct timespec ts = {0, 20000}; /* stay inside a while */
    nanosleep(&ts, NULL);
    if (atomic_load(&g->finalized)) atomic_fetch_add(&g->bad, 1);
    int64_t a;
    hl_value_get_int(args[0], &a);
    return hl_value_int(a + 1, out);
}

static void guarded_final(void *data) { atomic_fetch_add(&((guarded *)data)->finalized, 1); }

static void *runner(void *arg) {
    const hl_module *m = arg;
    for (int i = 0; i < 20; i++) {
        hl_value *a[2] = {NULL, NULL}, *r = NULL;
        hl_value_int(50, &a[0]);
        hl_value_int(0, &a[1]);
        hl_run_limits lim = {0, 0, 60000, 0};
        hl_error *err = NULL;
        hl_status st = hl_run(m, "loop", a, 2, &lim, &r, &err);
        /* either all calls done, or error:undef once the binding is gone */
        if (st != HL_OK && st != HL_EEXCEPTION) abort();
        hl_error_free(err);
        hl_value_free(r);
        hl_value_free(a[0]);
        hl_value_free(a[1]);
    }
    return NULL;
}

static void test_threads(void **state) {
    (void)state;
    static guarded g1, g2;
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(hl_engine_register_binding(e, "host", "inc", 1, b_guarded, &g1, guarded_final), HL_OK);
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_grant_binding(o, "host", "inc", 1), HL_OK);
    hl_module *m = compile_src(e, o,
                               "-module(t).\n-export([loop/2]).\n"
                               "loop(0, A) -> A;\nloop(N, A) -> loop(N - 1, host:inc(A)).\n");
    pthread_t t[3];
    for (int i = 0; i < 3; i++) assert_int_equal(pthread_create(&t[i], NULL, runner, m), 0);
    while (atomic_load(&g1.calls) < 100) {
        struct timespec ts = {0, 100000};
        nanosleep(&ts, NULL);
    }
    /* replaced while calls run: finalized once, after the running calls */
    assert_int_equal(hl_engine_register_binding(e, "host", "inc", 1, b_guarded, &g2, guarded_final), HL_OK);
    for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
    assert_int_equal(atomic_load(&g1.finalized), 1);
    assert_int_equal(atomic_load(&g1.bad), 0);
    assert_int_equal(atomic_load(&g2.calls), 0); /* the module kept its own registration */
    hl_module_free(m);
    hl_compile_options_free(o);
    hl_engine_free(e);
    assert_int_equal(atomic_load(&g2.finalized), 1);
    assert_int_equal(atomic_load(&g1.finalized), 1);
}

/* ---- the gate ----------------------------------------------------------------------- */

static uint8_t *image_with(const char *src, const hl_core_binding *b, size_t nb, size_t *len) {
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    hl_front_result *r = hl_front_parse(src, strlen(src), &lim);
    assert_non_null(r);
    hl_core_options o;
    hl_core_options_default(&o);
    o.bindings = b;
    o.nbindings = nb;
    hl_diags d;
    hl_diags_init(&d, 10);
    hl_core_module *m = hl_core_compile(r->module, &o, &d);
    assert_non_null(m);
    uint8_t *img = NULL;
    assert_true(hl_codegen_bindings(m, b, nb, &d, &img, len, NULL));
    hl_core_free(m);
    hl_front_free(r);
    hl_diags_free(&d);
    return img;
}

static bool gate_ok(const uint8_t *img, size_t len, char *why, size_t n) {
    hl_bc_image bc;
    bool ok = hl_gate_check(img, len, &bc, why, n);
    if (ok) hl_bc_image_free(&bc);
    return ok;
}

static void put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void test_gate(void **state) {
    (void)state;
    static const hl_core_binding b[] = {{"host", "echo", 1}};
    static const char src[] = "-module(g).\n-export([f/1]).\nf(X) -> host:echo(X).\n";
    size_t len;
    uint8_t *img = image_with(src, b, 1, &len);
    char why[200];
    assert_true(gate_ok(img, len, why, sizeof why));
    /* find the call_binding instruction in the code section */
    uint32_t h[HL_BC_HEADER_WORDS];
    for (unsigned i = 0; i < HL_BC_HEADER_WORDS; i++) h[i] = get32(img + 4 * i);
    assert_int_equal(h[9], HL_BC_FLAG_BINDINGS);
    size_t code = HL_BC_HEADER_BYTES + h[3] + h[5] + 24 * (size_t)h[6];
    size_t at = 0;
    for (uint32_t i = 0; i < h[7]; i++)
        if (get32(img + code + 4 * i) == HL_BC_WORD(HL_K_OP, HL_OP_call_binding)) at = code + 4 * i;
    assert_true(at > 0);
    assert_int_equal(get32(img + at + 8), HL_BC_WORD(HL_K_U, 0));
    /* a corrupted binding index: outside the table, refused */
    const uint32_t idx[] = {1, 2, 1023, 1024, 0x0FFFFFFF};
    for (size_t i = 0; i < sizeof idx / sizeof idx[0]; i++) {
        put32(img + at + 8, HL_BC_WORD(HL_K_U, idx[i]));
        assert_false(gate_ok(img, len, why, sizeof why));
        assert_non_null(strstr(why, "binding index outside the binding table"));
    }
    put32(img + at + 8, HL_BC_WORD(HL_K_U, 0));
    /* the wrong arity, or another operand kind */
    put32(img + at + 4, HL_BC_WORD(HL_K_U, 2));
    assert_false(gate_ok(img, len, why, sizeof why));
    put32(img + at + 4, HL_BC_WORD(HL_K_U, 1));
    put32(img + at + 8, HL_BC_WORD(HL_K_BIF, 0));
    assert_false(gate_ok(img, len, why, sizeof why));
    put32(img + at + 8, HL_BC_WORD(HL_K_U, 0));
    assert_true(gate_ok(img, len, why, sizeof why));
    /* no table: every binding index is out of range */
    put32(img + 36, 0);
    assert_false(gate_ok(img, len - 16, why, sizeof why));
    assert_false(gate_ok(img, len, why, sizeof why));
    put32(img + 36, HL_BC_FLAG_BINDINGS);
    /* the table: count 0 / too many / entries naming allowlisted functions */
    size_t tab = len - 16;
    assert_int_equal(get32(img + tab), 1);
    put32(img + tab, 0);
    assert_false(gate_ok(img, len, why, sizeof why));
    put32(img + tab, 2);
    assert_false(gate_ok(img, len, why, sizeof why));
    put32(img + tab, 1);
    uint32_t arity = get32(img + tab + 12);
    put32(img + tab + 12, 300);
    assert_false(gate_ok(img, len, why, sizeof why));
    put32(img + tab + 12, arity);
    put32(img + tab + 4, h[2]); /* atom out of range */
    assert_false(gate_ok(img, len, why, sizeof why));
    put32(img + tab + 4, 0);
    assert_true(gate_ok(img, len, why, sizeof why)); /* g:echo/1: any non-reserved name is fine */
    hl_mem_free(img);
    /* a table entry that names an allowlisted builtin is refused */
    static const hl_core_binding rev[] = {{"lists", "reverse", 1}};
    img = image_with("-module(g).\n-export([f/1]).\nf(X) -> X.\n", rev, 1, &len);
    assert_false(gate_ok(img, len, why, sizeof why));
    assert_non_null(strstr(why, "collides with the builtin allowlist"));
    hl_mem_free(img);
}

/* ---- out of memory -------------------------------------------------------------------- */

static void test_oom(void **state) {
    (void)state;
    static const char src[] =
        "-module(o).\n-export([f/1]).\n"
        "f(X) -> try host:echo({X, [1, 2]}) catch error:{binding_error, _, _, _} -> failed end.\n";
    for (long k = 0;; k++) {
        hl_engine *e = NULL;
        hl_compile_options *o = NULL;
        hl_module *m = NULL;
        hl_value *n = NULL, *r = NULL;
        hl_error *err = NULL;
        finalized = 0;
        int registered = 0;
        hl_mem_fail_after(k);
        hl_status s = hl_engine_new(&e);
        if (s == HL_OK) s = hl_engine_register_binding(e, "host", "echo", 1, b_echo, NULL, count_final);
        if (s == HL_OK) registered = 1;
        if (s == HL_OK) s = hl_compile_options_new(&o);
        if (s == HL_OK) s = hl_compile_options_grant_binding(o, "host", "echo", 1);
        if (s == HL_OK) s = hl_compile(e, "o.erl", src, sizeof src - 1, o, &m, &err);
        if (s == HL_OK) s = hl_value_int(50, &n);
        if (s == HL_OK) s = hl_run(m, "f", &n, 1, NULL, &r, &err);
        hl_mem_fail_after(-1);
        char *t = NULL;
        if (s == HL_OK) assert_int_equal(hl_value_to_text(r, 0, &t, NULL), HL_OK);
        hl_error_free(err);
        hl_value_free(r);
        hl_value_free(n);
        hl_module_free(m);
        hl_compile_options_free(o);
        hl_engine_free(e);
        assert_int_equal(finalized, registered);
        if (s == HL_OK) {
            /* the callback's own allocations may have failed: the guest caught that */
            assert_true(strcmp(t, "[{50,[1,2]}]") == 0 || strcmp(t, "failed") == 0);
            bool done = strcmp(t, "[{50,[1,2]}]") == 0;
            hl_free(t);
            if (done) break;
            continue;
        }
        if (!(s == HL_ENOMEM || s == HL_ECOMPILE)) fprintf(stderr, "k=%ld status %d\n", k, (int)s);
        assert_true(s == HL_ENOMEM || s == HL_ECOMPILE);
        assert_true(k < 200000);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_example),        cmocka_unit_test(test_results),
        cmocka_unit_test(test_errors),         cmocka_unit_test(test_foreign_atom),
        cmocka_unit_test(test_undeclared),     cmocka_unit_test(test_reserved_names),
        cmocka_unit_test(test_fun_args),       cmocka_unit_test(test_finalizers),
        cmocka_unit_test(test_reentrancy),     cmocka_unit_test(test_limits),
        cmocka_unit_test(test_argument_copy_limit),
        cmocka_unit_test(test_cache_key),      cmocka_unit_test(test_gate),
        cmocka_unit_test(test_threads),        cmocka_unit_test(test_oom),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
