/* test_api.c — the program/run/value API of include/hyperlang.h:
 * compile errors with locations, the content-addressed cache (same source
 * and options -> the same module, different options -> another), runs with
 * results copied out, each fault class (exception with class, reason and
 * stack; which limit; rejected term; undef), host values in and out, SHA-256
 * against FIPS 180-4 vectors, and an out-of-memory walk over compile + run.
 * Expected values come from OTP 25 (the same programs in tests/conformance). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>

#include <cmocka.h>

#include "base/mem.h"
#include "host/host_int.h"
#include "hyperlang.h"

static const char SRC[] =
    "-module(m).\n"
    "-export([fib/1, id/1, pair/2, boom/1, loop/0, grow/1, fun_out/0, sum/1, empty/0]).\n"
    "fib(N) when N < 2 -> N;\n"
    "fib(N) -> fib(N - 1) + fib(N - 2).\n"
    "id(X) -> X.\n"
    "pair(A, B) -> {A, [B, \"s\", 1.5, 1 bsl 70]}.\n"
    "boom(X) -> {ok, _} = X.\n"
    "loop() -> loop().\n"
    "grow(L) -> grow([L | L]).\n"
    "fun_out() -> {ok, fun(X) -> X end}.\n"
    "sum(L) -> lists:foldl(fun(X, A) -> X + A end, 0, L).\n"
    "empty() -> {'', [a, '']}.\n";

static hl_engine *eng;
static hl_module *mod;

static int setup(void **state) {
    (void)state;
    if (hl_engine_new(&eng) != HL_OK) return -1;
    return hl_compile(eng, "m.erl", SRC, strlen(SRC), NULL, &mod, NULL) == HL_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    hl_module_free(mod);
    hl_engine_free(eng);
    return 0;
}

static char *text_of(const hl_value *v) {
    char *t = NULL;
    assert_int_equal(hl_value_to_text(v, 1, &t, NULL), HL_OK);
    return t;
}

static void run_expect(const char *fn, hl_value *const *args, size_t n, const char *want) {
    hl_value *r = NULL;
    hl_error *e = NULL;
    hl_status s = hl_run(mod, fn, args, n, NULL, &r, &e);
    if (s != HL_OK) fprintf(stderr, "%s: %s\n", fn, hl_error_message(e));
    assert_int_equal(s, HL_OK);
    char *t = text_of(r);
    assert_string_equal(t, want);
    hl_free(t);
    hl_value_free(r);
}

static void test_sha256(void **state) {
    (void)state;
    static const struct {
        const char *in, *hex;
    } v[] = {{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
             {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
             {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"}};
    for (size_t i = 0; i < 3; i++) {
        hl_sha256 s;
        uint8_t out[32];
        char hex[65];
        hl_sha256_init(&s);
        hl_sha256_update(&s, v[i].in, strlen(v[i].in));
        hl_sha256_final(&s, out);
        for (int k = 0; k < 32; k++) snprintf(hex + 2 * k, 3, "%02x", out[k]);
        assert_string_equal(hex, v[i].hex);
    }
    /* a million 'a's fed in uneven pieces */
    hl_sha256 s;
    uint8_t out[32];
    char hex[65], chunk[997];
    memset(chunk, 'a', sizeof chunk);
    hl_sha256_init(&s);
    size_t left = 1000000;
    while (left) {
        size_t k = left < sizeof chunk ? left : sizeof chunk;
        hl_sha256_update(&s, chunk, k);
        left -= k;
    }
    hl_sha256_final(&s, out);
    for (int k = 0; k < 32; k++) snprintf(hex + 2 * k, 3, "%02x", out[k]);
    assert_string_equal(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

static void test_compile_errors(void **state) {
    (void)state;
    const char *bad[][2] = {
        /* receive compiles now; sending stays refused until actors exist */
        {"-module(b).\n-export([f/1]).\nf(X) -> X ! ok.\n", "b.erl:3:11: error: message send is not available: it "
         "needs the processes capability (grant it: hl run --grant processes; in the API, hl_compile_options_grant_capability)\n"},
        {"-module(b).\n-export([f/0]).\nf() -> g(.\n", NULL},
        {"-module(b).\n-export([f/0]).\nf() -> os:cmd(\"ls\").\n", NULL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        hl_module *m = NULL;
        hl_error *e = NULL;
        assert_int_equal(hl_compile(eng, "b.erl", bad[i][0], strlen(bad[i][0]), NULL, &m, &e), HL_ECOMPILE);
        assert_null(m);
        assert_true(hl_error_diagnostic_count(e) >= 1);
        if (bad[i][1]) assert_string_equal(hl_error_message(e), bad[i][1]);
        hl_error_free(e);
    }
}

/* Binaries built and matched by the bit syntax cross the API: heap, refc,
 * sub-binaries at a bit offset (given an aligned copy), bitstrings refused. */
static void test_binary_results(void **state) {
    (void)state;
    static const char src[] = "-module(bb).\n-export([f/1]).\n"
                              "f(B) -> <<_:4, R:2/binary, _:4>> = B, {R, <<7:800>>, <<1:3>>, <<B/binary, \"!\">>}.\n";
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "bb.erl", src, strlen(src), NULL, &m, NULL), HL_OK);
    hl_value *arg, *r = NULL, *e;
    assert_int_equal(hl_value_binary("\x12\x34\x56", 3, &arg), HL_OK);
    assert_int_equal(hl_run(m, "f", &arg, 1, NULL, &r, NULL), HL_OK);
    const void *bytes;
    size_t len;
    assert_int_equal(hl_value_element(r, 0, &e), HL_OK);
    assert_int_equal(hl_value_kind_of(e), HL_VALUE_BINARY);
    assert_int_equal(hl_value_get_binary(e, &bytes, &len), HL_OK);
    assert_int_equal(len, 2);
    assert_memory_equal(bytes, "\x23\x45", 2);
    hl_value_free(e);
    assert_int_equal(hl_value_element(r, 1, &e), HL_OK);
    assert_int_equal(hl_value_get_binary(e, &bytes, &len), HL_OK);
    assert_int_equal(len, 100);
    assert_int_equal(((const unsigned char *)bytes)[99], 7);
    hl_value_free(e);
    assert_int_equal(hl_value_element(r, 2, &e), HL_OK);
    assert_int_equal(hl_value_get_binary(e, &bytes, &len), HL_EMISUSE); /* 3 bits */
    hl_value_free(e);
    assert_int_equal(hl_value_element(r, 3, &e), HL_OK);
    assert_int_equal(hl_value_get_binary(e, &bytes, &len), HL_OK);
    assert_int_equal(len, 4);
    assert_memory_equal(bytes, "\x12\x34\x56!", 4);
    hl_value_free(e);
    char *t = text_of(r);
    /* as OTP 25's ~p prints it */
    assert_string_equal(t, "{<<\"#E\">>,\n <<0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,\n"
                           "   0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,\n"
                           "   0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,7>>,\n <<1:3>>,\n <<18,52,86,33>>}");
    hl_free(t);
    hl_value_free(r);
    hl_value_free(arg);
    hl_module_free(m);
}

static void test_cache(void **state) {
    (void)state;
    hl_module *a = NULL, *b = NULL, *c = NULL;
    assert_int_equal(hl_compile(eng, "m.erl", SRC, strlen(SRC), NULL, &a, NULL), HL_OK);
    assert_ptr_equal(a, mod); /* same source + options: the cached module */
    hl_compile_options *o;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_set_limit(o, HL_LIMIT_DEPTH, 300), HL_OK);
    assert_int_equal(hl_compile(eng, "m.erl", SRC, strlen(SRC), o, &b, NULL), HL_OK);
    assert_ptr_not_equal(b, mod); /* other options: compiled again */
    assert_int_equal(hl_compile(eng, "m.erl", SRC, strlen(SRC) - 1, NULL, &c, NULL), HL_OK);
    assert_ptr_not_equal(c, mod); /* other source */
    hl_module_free(a);
    hl_module_free(b);
    hl_module_free(c);
    hl_compile_options_free(o);
    /* a module outlives the engine that compiled it (reference counted) */
    hl_engine *e2;
    hl_module *d = NULL;
    assert_int_equal(hl_engine_new(&e2), HL_OK);
    assert_int_equal(hl_compile(e2, "m.erl", SRC, strlen(SRC), NULL, &d, NULL), HL_OK);
    hl_engine_free(e2);
    hl_value *n, *r;
    assert_int_equal(hl_value_int(10, &n), HL_OK);
    assert_int_equal(hl_run(d, "fib", &n, 1, NULL, &r, NULL), HL_OK);
    int64_t v;
    assert_int_equal(hl_value_get_int(r, &v), HL_OK);
    assert_int_equal(v, 55);
    hl_value_free(n);
    hl_value_free(r);
    hl_module_free(d);
}

static void test_run_values(void **state) {
    (void)state;
    hl_value *a[2];
    assert_int_equal(hl_value_int(20, &a[0]), HL_OK);
    run_expect("fib", a, 1, "6765");
    hl_value_free(a[0]);
    assert_int_equal(hl_value_atom(mod, "ok", 2, &a[0]), HL_OK);
    /* x is not the program's: the host is trusted, so it is a host atom */
    assert_int_equal(hl_value_parse(mod, "{x, [1, 2 | 3]}", 15, &a[1], NULL), HL_OK);
    hl_value_free(a[1]);
    assert_int_equal(hl_value_parse(mod, "{x, [1, 2 | 'x\xff']}", strlen("{x, [1, 2 | 'x\xff']}"), &a[1], NULL), HL_EREJECTED); /* not UTF-8 */
    assert_int_equal(hl_value_parse(mod, "{ok, [1, 2 | 3], \"hi\"}", 22, &a[1], NULL), HL_OK);
    run_expect("pair", a, 2, "{ok,[{ok,[1,2|3],\"hi\"},\"s\",1.5,1180591620717411303424]}");
    hl_value *r = NULL;
    assert_int_equal(hl_run(mod, "pair", a, 2, NULL, &r, NULL), HL_OK);
    assert_int_equal(hl_value_kind_of(r), HL_VALUE_TUPLE);
    size_t n;
    assert_int_equal(hl_value_count(r, &n), HL_OK);
    assert_int_equal(n, 2);
    hl_value *e0, *e1, *big;
    assert_int_equal(hl_value_element(r, 0, &e0), HL_OK);
    const char *name;
    size_t len;
    assert_int_equal(hl_value_get_atom(e0, &name, &len), HL_OK);
    assert_int_equal(len, 2);
    assert_memory_equal(name, "ok", 2);
    assert_int_equal(hl_value_element(r, 1, &e1), HL_OK);
    assert_int_equal(hl_value_kind_of(e1), HL_VALUE_LIST);
    assert_int_equal(hl_value_element(e1, 3, &big), HL_OK);
    int64_t v;
    assert_int_equal(hl_value_get_int(big, &v), HL_EMISUSE); /* 2^70 does not fit */
    hl_value_free(r); /* elements keep the storage alive */
    char *t = text_of(big);
    assert_string_equal(t, "1180591620717411303424");
    hl_free(t);
    hl_value_free(big);
    hl_value_free(e0);
    hl_value_free(e1);
    hl_value_free(a[0]);
    hl_value_free(a[1]);
    /* values built by the host */
    hl_value *items[3];
    assert_int_equal(hl_value_float(2.5, &items[0]), HL_OK);
    assert_int_equal(hl_value_binary("abc", 3, &items[1]), HL_OK);
    assert_int_equal(hl_value_int(INT64_MIN, &items[2]), HL_OK);
    hl_value *tup;
    assert_int_equal(hl_value_tuple(items, 3, &tup), HL_OK);
    run_expect("id", &tup, 1, "{2.5,<<\"abc\">>,-9223372036854775808}");
    hl_value *big2;
    assert_int_equal(hl_value_element(tup, 2, &big2), HL_OK);
    assert_int_equal(hl_value_get_int(big2, &v), HL_OK);
    assert_true(v == INT64_MIN);
    hl_value_free(big2);
    for (int i = 0; i < 3; i++) hl_value_free(items[i]);
    hl_value_free(tup);
    /* the empty atom '' (the module names it in `empty/0`) */
    hl_value *ea;
    assert_int_equal(hl_value_atom(NULL, "", 0, &ea), HL_OK); /* not static: a host atom */
    hl_value_free(ea);
    assert_int_equal(hl_value_atom(mod, "", 0, &ea), HL_OK);
    const char *ename = NULL;
    size_t elen = 99;
    assert_int_equal(hl_value_get_atom(ea, &ename, &elen), HL_OK);
    assert_int_equal(elen, 0);
    run_expect("id", &ea, 1, "''");
    run_expect("empty", NULL, 0, "{'',[a,'']}");
    hl_value_free(ea);
    assert_int_equal(hl_value_parse(mod, "{'',''}", 7, &ea, NULL), HL_OK);
    run_expect("id", &ea, 1, "{'',''}");
    hl_value_free(ea);
    /* the stdlib in Erlang, linked on demand */
    assert_int_equal(hl_value_parse(mod, "[1,2,3,4]", 9, &a[0], NULL), HL_OK);
    run_expect("sum", a, 1, "10");
    hl_value_free(a[0]);
}

/* Maps built by the host cross into the guest and back; pairs come out in
 * map order (integers before atoms; a later duplicate key wins). */
static void test_map_values(void **state) {
    (void)state;
    hl_value *k[3], *v[3], *m = NULL;
    assert_int_equal(hl_value_atom(NULL, "error", 5, &k[0]), HL_OK);
    assert_int_equal(hl_value_int(1, &k[1]), HL_OK);
    assert_int_equal(hl_value_atom(NULL, "error", 5, &k[2]), HL_OK);
    assert_int_equal(hl_value_float(2.5, &v[0]), HL_OK);
    assert_int_equal(hl_value_atom(NULL, "ok", 2, &v[1]), HL_OK);
    assert_int_equal(hl_value_binary("z", 1, &v[2]), HL_OK);
    assert_int_equal(hl_value_map(k, v, 3, &m), HL_OK);
    assert_int_equal(hl_value_kind_of(m), HL_VALUE_MAP);
    run_expect("id", &m, 1, "#{1 => ok,error => <<\"z\">>}");
    hl_value *r = NULL;
    assert_int_equal(hl_run(mod, "id", &m, 1, NULL, &r, NULL), HL_OK);
    size_t n = 0;
    assert_int_equal(hl_value_count(r, &n), HL_OK);
    assert_int_equal(n, 2);
    hl_value *pk, *pv;
    assert_int_equal(hl_value_map_pair(r, 0, &pk, &pv), HL_OK);
    int64_t i = 0;
    assert_int_equal(hl_value_get_int(pk, &i), HL_OK);
    assert_int_equal(i, 1);
    const char *name;
    size_t len;
    assert_int_equal(hl_value_get_atom(pv, &name, &len), HL_OK);
    assert_memory_equal(name, "ok", 2);
    hl_value_free(pk);
    hl_value_free(pv);
    assert_int_equal(hl_value_map_pair(r, 2, &pk, &pv), HL_EMISUSE);
    assert_int_equal(hl_value_map_pair(k[1], 0, &pk, &pv), HL_EMISUSE); /* not a map */
    hl_value *empty;
    assert_int_equal(hl_value_map(NULL, NULL, 0, &empty), HL_OK);
    run_expect("id", &empty, 1, "#{}");
    assert_int_equal(hl_value_map(k, NULL, 1, &r), HL_EMISUSE);
    hl_value_free(empty);
    hl_value_free(r);
    hl_value_free(m);
    for (int j = 0; j < 3; j++) hl_value_free(k[j]), hl_value_free(v[j]);
}

/* A map result crosses the API (kind MAP, ~p text as OTP prints it); one
 * holding a fun is refused like any other. */
static void test_map_results(void **state) {
    (void)state;
    const char *src = "-module(mp).\n-export([m/1, f/1]).\n"
                      "m(X) -> #{a => X, b => [X, #{c => X}]}.\n"
                      "f(X) -> #{k => fun() -> X end}.\n";
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "mp.erl", src, strlen(src), NULL, &m, NULL), HL_OK);
    hl_value *a, *r = NULL;
    assert_int_equal(hl_value_int(5, &a), HL_OK);
    assert_int_equal(hl_run(m, "m", &a, 1, NULL, &r, NULL), HL_OK);
    assert_int_equal(hl_value_kind_of(r), HL_VALUE_MAP);
    char *t = text_of(r);
    assert_string_equal(t, "#{a => 5,b => [5,#{c => 5}]}");
    hl_free(t);
    hl_value_free(r);
    r = NULL;
    assert_int_equal(hl_run(m, "f", &a, 1, NULL, &r, NULL), HL_EREJECTED);
    assert_null(r);
    hl_value_free(a);
    hl_module_free(m);
}

static void test_faults(void **state) {
    (void)state;
    hl_value *arg, *r = NULL;
    hl_error *e = NULL;
    const char *cls, *reason, *stack;
    assert_int_equal(hl_value_int(7, &arg), HL_OK);
    assert_int_equal(hl_run(mod, "boom", &arg, 1, NULL, &r, &e), HL_EEXCEPTION);
    assert_null(r);
    assert_int_equal(hl_error_exception(e, &cls, &reason, &stack), HL_OK);
    assert_string_equal(cls, "error");
    assert_string_equal(reason, "{badmatch,7}");
    assert_non_null(strstr(stack, "m:boom/1 (line 7)"));
    hl_error_free(e);
    /* not exported / wrong arity: error:undef */
    assert_int_equal(hl_run(mod, "fib", NULL, 0, NULL, &r, &e), HL_EEXCEPTION);
    assert_int_equal(hl_error_exception(e, &cls, &reason, NULL), HL_OK);
    assert_string_equal(reason, "undef");
    hl_error_free(e);
    /* limits: which one */
    hl_run_limits lim = {1000, 0, 0, 0};
    assert_int_equal(hl_run(mod, "loop", NULL, 0, &lim, &r, &e), HL_ELIMIT);
    assert_int_equal(hl_error_limit(e), HL_LIMIT_KIND_REDUCTIONS);
    hl_error_free(e);
    hl_run_limits heap = {0, 1 << 20, 0, 0};
    hl_value *nil;
    assert_int_equal(hl_value_list(NULL, 0, &nil), HL_OK);
    assert_int_equal(hl_run(mod, "grow", &nil, 1, &heap, &r, &e), HL_ELIMIT);
    assert_int_equal(hl_error_limit(e), HL_LIMIT_KIND_HEAP);
    hl_error_free(e);
    /* the deadline stops a loop within a few ms of its time (measured around
     * hl_run only; generous upper bound for sanitizers on a loaded machine) */
    hl_run_limits dl = {UINT64_MAX / 4, 0, 100, 0};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(hl_run(mod, "loop", NULL, 0, &dl, &r, &e), HL_ELIMIT);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    assert_true(ms >= 100.0);
    if (ms > 150.0) fprintf(stderr, "note: deadline overshoot %.1f ms (loaded machine?)\n", ms - 100.0);
    assert_true(ms < 600.0);
    assert_int_equal(hl_error_limit(e), HL_LIMIT_KIND_DEADLINE);
    hl_error_free(e);
    /* funs never cross the boundary */
    assert_int_equal(hl_run(mod, "fun_out", NULL, 0, NULL, &r, &e), HL_EREJECTED);
    assert_null(r);
    hl_error_free(e);
    /* static atoms without a module; atoms the module does not contain are
     * host atoms (docs/embedding.md); a name that is no atom is refused */
    hl_value *at;
    assert_int_equal(hl_value_atom(NULL, "true", 4, &at), HL_OK);
    hl_value_free(at);
    assert_int_equal(hl_value_atom(mod, "no_such_atom_here", 17, &at), HL_OK);
    hl_value_free(at);
    assert_int_equal(hl_value_atom(mod, "bad\xc0\x80", 5, &at), HL_EREJECTED); /* overlong UTF-8 */
    char longname[257];
    memset(longname, 'a', 256);
    assert_int_equal(hl_value_atom(mod, longname, 256, &at), HL_EREJECTED); /* over 255 characters */
    assert_int_equal(hl_value_atom(mod, longname, 255, &at), HL_OK);
    hl_value_free(at);
    assert_int_equal(hl_run(NULL, "id", NULL, 0, NULL, &r, NULL), HL_EMISUSE);
    hl_value_free(arg);
    hl_value_free(nil);
}

/* hl_run reuses a finished run's process (parked on the module): every run
 * still starts as if on a new process. Same reductions and result whatever
 * ran before (a fault, an exception, a grown heap), a heap limit below a
 * process's footprint still refused, a smaller limit after a larger one
 * still enforced. */
static uint64_t reds_of_id(const hl_run_limits *lim, hl_status want) {
    hl_value *arg, *r = NULL;
    hl_error *e = NULL;
    uint64_t reds = 0;
    assert_int_equal(hl_value_int(42, &arg), HL_OK);
    assert_int_equal(hl_run_counted(mod, "id", &arg, 1, lim, &r, NULL, NULL, &reds, &e), want);
    if (want == HL_OK) {
        int64_t v = 0;
        assert_int_equal(hl_value_get_int(r, &v), HL_OK);
        assert_int_equal(v, 42);
    } else {
        assert_int_equal(hl_error_limit(e), HL_LIMIT_KIND_HEAP);
    }
    hl_value_free(r);
    hl_error_free(e);
    hl_value_free(arg);
    return reds;
}

static void test_run_reuse(void **state) {
    (void)state;
    uint64_t first = reds_of_id(NULL, HL_OK);
    hl_value *r = NULL, *nil, *arg;
    hl_error *e = NULL;
    assert_int_equal(hl_value_list(NULL, 0, &nil), HL_OK);
    assert_int_equal(hl_value_int(7, &arg), HL_OK);
    hl_run_limits few = {1000, 0, 0, 0};
    for (int round = 0; round < 3; round++) {
        assert_int_equal(hl_run(mod, "loop", NULL, 0, &few, &r, &e), HL_ELIMIT); /* reductions */
        hl_error_free(e);
        assert_int_equal(reds_of_id(NULL, HL_OK), first);
        assert_int_equal(hl_run(mod, "boom", &arg, 1, NULL, &r, &e), HL_EEXCEPTION);
        hl_error_free(e);
        assert_int_equal(reds_of_id(NULL, HL_OK), first);
        hl_run_limits heap = {0, 1 << 20, 0, 0}; /* grows its heap to the limit */
        assert_int_equal(hl_run(mod, "grow", &nil, 1, &heap, &r, &e), HL_ELIMIT);
        hl_error_free(e);
        assert_int_equal(reds_of_id(NULL, HL_OK), first);
        /* below a process's own footprint: refused as on a new process */
        hl_run_limits tiny = {0, 1000, 0, 0};
        reds_of_id(&tiny, HL_ELIMIT);
        /* a small limit after a default run: the grow stops at the small one */
        hl_run_limits small = {0, 64 << 10, 0, 0};
        assert_int_equal(reds_of_id(NULL, HL_OK), first);
        assert_int_equal(hl_run(mod, "grow", &nil, 1, &small, &r, &e), HL_ELIMIT);
        assert_int_equal(hl_error_limit(e), HL_LIMIT_KIND_HEAP);
        hl_error_free(e);
    }
    run_expect("pair", (hl_value *[]){arg, nil}, 2, "{7,[[],\"s\",1.5,1180591620717411303424]}");
    hl_value_free(arg);
    hl_value_free(nil);
}

/* Several threads compile the same source on one engine and run it: one
 * module wins the cache, every run is correct. */
static void *thread_body(void *arg) {
    hl_engine *e = arg;
    for (int i = 0; i < 20; i++) {
        hl_module *m = NULL;
        if (hl_compile(e, "t.erl", SRC, strlen(SRC), NULL, &m, NULL) != HL_OK) return (void *)1;
        hl_value *n, *r;
        int64_t v = 0;
        if (hl_value_int(15, &n) != HL_OK || hl_run(m, "fib", &n, 1, NULL, &r, NULL) != HL_OK ||
            hl_value_get_int(r, &v) != HL_OK || v != 610)
            return (void *)1;
        hl_value_free(n);
        hl_value_free(r);
        hl_module_free(m);
    }
    return NULL;
}

static void test_threads(void **state) {
    (void)state;
    hl_engine *e;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    pthread_t t[4];
    for (int i = 0; i < 4; i++) assert_int_equal(pthread_create(&t[i], NULL, thread_body, e), 0);
    for (int i = 0; i < 4; i++) {
        void *ret;
        pthread_join(t[i], &ret);
        assert_null(ret);
    }
    assert_int_equal(e->ncache, 1);
    hl_engine_free(e);
}

/* A source of ~1 KB whose loaded module holds ~1.6 MB: a literal of 100,000
 * []s (a byte each encoded, a list cell each loaded) made of nested record
 * defaults; `v` makes each variant another program. */
static char *big_literal_src(int v, size_t *len) {
    static char buf[4096];
    int n = snprintf(buf, sizeof buf, "-module(m%d).\n-export([main/0]).\n-record(a, {x = [", v);
    for (int i = 0; i < 1000; i++) n += snprintf(buf + n, sizeof buf - (size_t)n, "%s[]", i ? "," : "");
    n += snprintf(buf + n, sizeof buf - (size_t)n, "]}).\n-record(b, {");
    for (int i = 0; i < 10; i++) n += snprintf(buf + n, sizeof buf - (size_t)n, "%sf%d = #a{}", i ? ", " : "", i);
    n += snprintf(buf + n, sizeof buf - (size_t)n, "}).\nmain() -> [");
    for (int i = 0; i < 10; i++) n += snprintf(buf + n, sizeof buf - (size_t)n, "%s#b{}", i ? ", " : "");
    n += snprintf(buf + n, sizeof buf - (size_t)n, "].\n");
    assert_true((size_t)n < sizeof buf);
    *len = (size_t)n;
    return buf;
}

static hl_module *compile_big(hl_engine *e, int v) {
    size_t len;
    const char *src = big_literal_src(v, &len);
    hl_module *m = NULL;
    assert_int_equal(hl_compile(e, "m.erl", src, len, NULL, &m, NULL), HL_OK);
    return m;
}

/* hl_engine_cache_stats: hits, misses (a rejected source is a miss too),
 * what the cache holds; what `hl serve` reports as its cache metrics. */
static void test_cache_stats(void **state) {
    (void)state;
    hl_engine *e;
    hl_cache_stats st;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(hl_engine_cache_stats(e, &st), HL_OK);
    assert_true(st.hits == 0 && st.misses == 0 && st.entries == 0 && st.bytes == 0);
    hl_module *a = NULL, *b = NULL;
    assert_int_equal(hl_compile(e, "m.erl", SRC, strlen(SRC), NULL, &a, NULL), HL_OK);
    assert_int_equal(hl_engine_cache_stats(e, &st), HL_OK);
    assert_true(st.hits == 0 && st.misses == 1 && st.entries == 1 && st.bytes > 0);
    assert_int_equal(hl_compile(e, "m.erl", SRC, strlen(SRC), NULL, &b, NULL), HL_OK);
    assert_ptr_equal(a, b);
    assert_int_equal(hl_engine_cache_stats(e, &st), HL_OK);
    assert_true(st.hits == 1 && st.misses == 1 && st.entries == 1);
    static const char bad[] = "-module(m).\nf( ->\n";
    hl_module *c = NULL;
    assert_int_equal(hl_compile(e, "m.erl", bad, sizeof bad - 1, NULL, &c, NULL), HL_ECOMPILE);
    assert_int_equal(hl_engine_cache_stats(e, &st), HL_OK);
    assert_true(st.hits == 1 && st.misses == 2 && st.entries == 1);
    assert_int_equal(hl_engine_cache_stats(NULL, &st), HL_EMISUSE);
    assert_int_equal(hl_engine_cache_stats(e, NULL), HL_EMISUSE);
    hl_module_free(a);
    hl_module_free(b);
    hl_engine_free(e);
}

/* A program over 1 MiB of source (the cache keeps no copy of it) is found
 * by the SHA-256 of its sources and options: the same text again is a hit,
 * a one-byte change is not. */
static void test_cache_large_source(void **state) {
    (void)state;
    size_t pad = ((size_t)1 << 20) + 100, n = strlen(SRC);
    char *big = malloc(n + pad + 2);
    assert_non_null(big);
    memcpy(big, SRC, n);
    big[n] = '%';
    memset(big + n + 1, 'x', pad);
    big[n + 1 + pad] = '\n';
    size_t len = n + pad + 2;
    hl_engine *e;
    hl_cache_stats st;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    hl_module *a = NULL, *b = NULL, *c = NULL;
    assert_int_equal(hl_compile(e, "m.erl", big, len, NULL, &a, NULL), HL_OK);
    assert_int_equal(hl_compile(e, "m.erl", big, len, NULL, &b, NULL), HL_OK);
    assert_ptr_equal(a, b);
    big[n + pad] = 'y'; /* inside the comment: the same program, another source */
    assert_int_equal(hl_compile(e, "m.erl", big, len, NULL, &c, NULL), HL_OK);
    assert_ptr_not_equal(a, c);
    assert_int_equal(hl_engine_cache_stats(e, &st), HL_OK);
    assert_true(st.hits == 1 && st.misses == 2 && st.entries == 2);
    hl_module_free(a);
    hl_module_free(b);
    hl_module_free(c);
    hl_engine_free(e);
    free(big);
}

/* The program cache is bounded in bytes (what the loaded modules hold, not
 * their source's size), least recently used out first; a program larger
 * than the bound is not cached. (8 compiles of 11 KB sources once held
 * 1.22 GB in a cache bounded only by count.) */
static void test_cache_bytes(void **state) {
    (void)state;
    hl_engine *e;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    assert_int_equal(e->cache_max_bytes, HL_CACHE_DEFAULT_BYTES);
    hl_module *m0 = compile_big(e, 0);
    assert_int_equal(e->ncache, 1);
    assert_true(e->cache_bytes > 1600000 && e->cache_bytes < 3000000); /* the loaded form counts */
    assert_int_equal(hl_engine_set_cache_bytes(e, 4u << 20), HL_OK);
    assert_int_equal(e->ncache, 1);
    hl_module *m1 = compile_big(e, 1);
    assert_int_equal(e->ncache, 2);
    hl_module *x = compile_big(e, 0); /* a hit: m0 is now the most recently used */
    assert_ptr_equal(x, m0);
    hl_module_free(x);
    hl_module *m2 = compile_big(e, 2); /* evicts m1, the least recently used */
    assert_int_equal(e->ncache, 2);
    assert_true(e->cache_bytes <= 4u << 20);
    x = compile_big(e, 0);
    assert_ptr_equal(x, m0);
    hl_module_free(x);
    x = compile_big(e, 1);
    assert_ptr_not_equal(x, m1); /* compiled again */
    hl_module_free(x);
    /* a lower bound evicts at once; a program above it is not cached */
    assert_int_equal(hl_engine_set_cache_bytes(e, 1u << 20), HL_OK);
    assert_int_equal(e->ncache, 0);
    assert_int_equal(e->cache_bytes, 0);
    x = compile_big(e, 0);
    assert_ptr_not_equal(x, m0);
    assert_int_equal(e->ncache, 0);
    hl_module_free(x);
    assert_int_equal(hl_engine_set_cache_bytes(e, 0), HL_OK); /* nothing cached */
    hl_module *a = NULL, *b = NULL;
    assert_int_equal(hl_compile(e, "m.erl", SRC, strlen(SRC), NULL, &a, NULL), HL_OK);
    assert_int_equal(hl_compile(e, "m.erl", SRC, strlen(SRC), NULL, &b, NULL), HL_OK);
    assert_ptr_not_equal(a, b);
    assert_int_equal(e->ncache, 0);
    assert_int_equal(hl_engine_set_cache_bytes(NULL, 1), HL_EMISUSE);
    hl_module_free(a);
    hl_module_free(b);
    hl_module_free(m0);
    hl_module_free(m1);
    hl_module_free(m2);
    hl_engine_free(e);
}

/* Every allocation of a compile + run fails in turn: an error, never a crash. */
static void test_oom(void **state) {
    (void)state;
    static const char src[] = "-module(o).\n-export([f/1]).\n"
                              "f(N) -> L = lists:map(fun(X) -> {X} end, lists:seq(1, N)), try length(L) catch _:_ -> 0 end.\n";
    for (long k = 0;; k++) {
        hl_engine *e = NULL;
        hl_module *m = NULL;
        hl_value *n = NULL, *r = NULL;
        hl_error *err = NULL;
        hl_mem_fail_after(k);
        hl_status s = hl_engine_new(&e);
        if (s == HL_OK) s = hl_compile(e, "o.erl", src, sizeof src - 1, NULL, &m, &err);
        if (s == HL_OK) s = hl_value_int(50, &n);
        if (s == HL_OK) s = hl_run(m, "f", &n, 1, NULL, &r, &err);
        hl_mem_fail_after(-1);
        hl_error_free(err);
        hl_value_free(r);
        hl_value_free(n);
        hl_module_free(m);
        hl_engine_free(e);
        if (s == HL_OK) break;
        if (!(s == HL_ENOMEM || s == HL_ECOMPILE || s == HL_ELIMIT)) fprintf(stderr, "k=%ld status %d\n", k, (int)s);
        assert_true(s == HL_ENOMEM || s == HL_ECOMPILE || s == HL_ELIMIT);
        assert_true(k < 200000);
    }
}


/* hl_run_capture: what the guest wrote, in every outcome, under the cap. */
static const char OUT_SRC[] =
    "-module(o).\n"
    "-export([ok/0, boom/0, spin/0, put/1, uni/1, flood/0, quiet/0]).\n"
    "ok() -> io:format(\"a~wb~n\", [1]), io:put_chars([<<\"c\">>, $d]), io:nl(), 42.\n"
    "boom() -> io:format(\"x\"), erlang:error(bad).\n"
    "spin() -> io:format(\"s\"), spin_loop().\n"
    "spin_loop() -> spin_loop().\n"
    "put(N) -> io:put_chars(lists:duplicate(N, $z)), done.\n"
    "uni(N) -> io:put_chars(lists:duplicate(N, 1078)), done.\n" /* ж: 2 bytes */
    "flood() -> io:put_chars(lists:duplicate(1000, $f)), flood().\n"
    "quiet() -> ok.\n";

static hl_status capture(const hl_module *m, const char *fn, int64_t arg, uint64_t cap, uint64_t reds, char **out,
                         size_t *len, hl_error **err) {
    hl_value *a = NULL, *r = NULL;
    size_t n = 0;
    if (arg >= 0) {
        assert_int_equal(hl_value_int(arg, &a), HL_OK);
        n = 1;
    }
    hl_run_limits lim = {reds, 0, 60000, cap};
    hl_status st = hl_run_capture(m, fn, n ? &a : NULL, n, &lim, &r, out, len, err);
    hl_value_free(r);
    hl_value_free(a);
    return st;
}

static void test_output_capture(void **state) {
    (void)state;
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "o.erl", OUT_SRC, strlen(OUT_SRC), NULL, &m, NULL), HL_OK);
    char *out = NULL;
    size_t len = 99;
    hl_error *err = NULL;
    /* returned */
    assert_int_equal(capture(m, "ok", -1, 0, 0, &out, &len, &err), HL_OK);
    assert_string_equal(out, "a1b\ncd\n");
    assert_int_equal(len, 7);
    hl_free(out);
    /* nothing written: an empty string, not NULL */
    assert_int_equal(capture(m, "quiet", -1, 0, 0, &out, &len, &err), HL_OK);
    assert_non_null(out);
    assert_string_equal(out, "");
    assert_int_equal(len, 0);
    hl_free(out);
    /* exception: the output before it is kept */
    assert_int_equal(capture(m, "boom", -1, 0, 0, &out, &len, &err), HL_EEXCEPTION);
    assert_string_equal(out, "x");
    hl_free(out);
    hl_error_free(err);
    err = NULL;
    /* another limit */
    assert_int_equal(capture(m, "spin", -1, 0, 10000, &out, &len, &err), HL_ELIMIT);
    assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_REDUCTIONS);
    assert_string_equal(out, "s");
    hl_free(out);
    hl_error_free(err);
    err = NULL;
    /* the cap, exact at the boundary */
    assert_int_equal(capture(m, "put", 100, 100, 0, &out, &len, &err), HL_OK);
    assert_int_equal(len, 100);
    hl_free(out);
    assert_int_equal(capture(m, "put", 101, 100, 0, &out, &len, &err), HL_ELIMIT);
    assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_OUTPUT);
    assert_string_equal(hl_limit_kind_name(HL_LIMIT_KIND_OUTPUT), "output");
    assert_int_equal(len, 100); /* what fitted is kept */
    assert_int_equal(strspn(out, "z"), 100);
    hl_free(out);
    hl_error_free(err);
    err = NULL;
    /* only whole characters: 2-byte ж under an odd cap */
    assert_int_equal(capture(m, "uni", 10, 9, 0, &out, &len, &err), HL_ELIMIT);
    assert_int_equal(len, 8);
    assert_string_equal(out, "жжжж");
    hl_free(out);
    hl_error_free(err);
    err = NULL;
    assert_int_equal(capture(m, "uni", 10, 20, 0, &out, &len, &err), HL_OK);
    assert_int_equal(len, 20);
    hl_free(out);
    /* a writing loop stops at the default cap (1 MiB) with its output */
    assert_int_equal(capture(m, "flood", -1, 0, 1000000000, &out, &len, &err), HL_ELIMIT);
    assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_OUTPUT);
    assert_int_equal(len, HL_RUN_DEFAULT_MAX_OUTPUT_BYTES);
    hl_free(out);
    hl_error_free(err);
    err = NULL;
    /* hl_run drops the output but keeps the cap; output_len may be NULL */
    hl_value *r = NULL;
    hl_run_limits lim = {0, 0, 60000, 1000};
    assert_int_equal(hl_run(m, "flood", NULL, 0, &lim, &r, &err), HL_ELIMIT);
    assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_OUTPUT);
    hl_error_free(err);
    err = NULL;
    assert_int_equal(hl_run_capture(m, "ok", NULL, 0, NULL, &r, &out, NULL, &err), HL_OK);
    assert_string_equal(out, "a1b\ncd\n");
    hl_free(out);
    hl_value_free(r);
    /* an unknown function: undef, and an empty output */
    assert_int_equal(hl_run_capture(m, "nope", NULL, 0, NULL, &r, &out, &len, &err), HL_EEXCEPTION);
    assert_string_equal(out, "");
    hl_free(out);
    hl_error_free(err);
    hl_module_free(m);
}

/* undef at the entry names what the module exports; hl_callable_* is the
 * compiler's allowlist (erlang:abs/1 auto-imported and guard-safe, no
 * list_to_atom/1, no internal hl_* core). */
static void test_undef_and_callable(void **state) {
    (void)state;
    static const char src[] = "-module(u).\n-export([main/0, main/2, g/1]).\nmain() -> 0.\nmain(_, _) -> 2.\n"
                              "g(X) -> X.\nh() -> 1.\n";
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "u.erl", src, sizeof src - 1, NULL, &m, NULL), HL_OK);
    hl_value *r = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_run(m, "main", NULL, 0, NULL, &r, &err), HL_OK);
    hl_value_free(r);
    hl_value *one = NULL;
    assert_int_equal(hl_value_int(1, &one), HL_OK);
    assert_int_equal(hl_run(m, "main", &one, 1, NULL, &r, &err), HL_EEXCEPTION);
    assert_string_equal(hl_error_message(err), "undef: u:main/1 is not exported; main/0, main/2 are");
    hl_error_free(err);
    assert_int_equal(hl_run(m, "h", NULL, 0, NULL, &r, &err), HL_EEXCEPTION);
    assert_string_equal(hl_error_message(err),
                        "undef: u:h/0 is not exported (it is defined but not in -export); the module exports "
                        "main/0, main/2, g/1");
    hl_error_free(err);
    uint32_t fn;
    assert_int_equal(hl_module_function(m, "g", 2, &fn, &err), HL_EEXCEPTION);
    assert_string_equal(hl_error_message(err), "undef: u:g/2 is not exported; g/1 is");
    hl_error_free(err);
    hl_value_free(one);
    hl_module_free(m);

    size_t n = hl_callable_count();
    assert_true(n > 500);
    bool abs1 = false;
    for (size_t i = 0; i < n; i++) {
        const char *cm, *f;
        uint32_t arity, flags;
        assert_int_equal(hl_callable_at(i, &cm, &f, &arity, &flags), HL_OK);
        assert_false(strcmp(cm, "erlang") == 0 && strcmp(f, "list_to_atom") == 0);
        assert_false(strncmp(f, "hl_", 3) == 0);
        if (strcmp(cm, "erlang") == 0 && strcmp(f, "abs") == 0 && arity == 1) {
            abs1 = true;
            assert_int_equal(flags, HL_CALLABLE_AUTO | HL_CALLABLE_GUARD);
        }
    }
    assert_true(abs1);
    assert_int_equal(hl_callable_at(n, NULL, NULL, NULL, NULL), HL_EMISUSE);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undef_and_callable),
        cmocka_unit_test(test_sha256),     cmocka_unit_test(test_compile_errors),
        cmocka_unit_test(test_binary_results),
        cmocka_unit_test(test_cache),      cmocka_unit_test(test_cache_bytes),
        cmocka_unit_test(test_cache_stats), cmocka_unit_test(test_cache_large_source), cmocka_unit_test(test_run_values), cmocka_unit_test(test_map_values),
        cmocka_unit_test(test_faults),     cmocka_unit_test(test_threads),
        cmocka_unit_test(test_output_capture), cmocka_unit_test(test_run_reuse),
        cmocka_unit_test(test_oom),         cmocka_unit_test(test_map_results),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
