/* test_capabilities.c — clocks and randomness as capabilities
 * (docs/capabilities.md): without a grant the calls are refused at compile
 * time naming the capability; grants are part of the program cache key;
 * pure rand functions need none; the deterministic profile replays a run
 * exactly (output, result, reductions) and its seed matters; tenants get
 * the profile per call; and the builtins themselves refuse a process whose
 * program was not granted the capability (the second line). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "host/host_int.h"
#include "term/atom.h"
#include "vm/vm.h"
#include "vm/vm_internal.h"

static hl_engine *eng;

static int setup(void **state) {
    (void)state;
    return hl_engine_new(&eng) == HL_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    hl_engine_free(eng);
    return 0;
}

static hl_compile_options *opts_with(const char *const *caps, size_t n) {
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    for (size_t i = 0; i < n; i++) assert_int_equal(hl_compile_options_grant_capability(o, caps[i]), HL_OK);
    return o;
}

static const char clock_src[] = "-module(c).\n-export([f/0]).\nf() -> erlang:system_time(millisecond).\n";
static const char rand_src[] = "-module(r).\n-export([f/0]).\nf() -> rand:uniform(6).\n";

static void test_names(void **state) {
    (void)state;
    assert_string_equal(hl_capability_name(0), "processes");
    assert_string_equal(hl_capability_name(1), "clocks");
    assert_string_equal(hl_capability_name(2), "random");
    assert_string_equal(hl_capability_name(3), "files");
    assert_null(hl_capability_name(4));
    hl_compile_options *o = opts_with(NULL, 0);
    assert_int_equal(hl_compile_options_grant_capability(o, "clocks"), HL_OK);
    assert_int_equal(hl_compile_options_grant_capability(o, "clocks"), HL_OK); /* twice: harmless */
    assert_int_equal(hl_compile_options_grant_capability(o, "Clocks"), HL_EMISUSE);
    assert_int_equal(hl_compile_options_grant_capability(o, "files"), HL_OK);
    assert_int_equal(hl_compile_options_grant_capability(o, "disks"), HL_EMISUSE);
    assert_int_equal(hl_compile_options_grant_capability(o, NULL), HL_EMISUSE);
    assert_int_equal(hl_compile_options_grant_capability(NULL, "clocks"), HL_EMISUSE);
    hl_compile_options_free(o);
}

/* Refused without the grant, with a diagnostic naming the capability; the
 * same source compiles once granted, and a cached grant never leaks to
 * options without it (the cache key includes the capabilities). */
static void expect_refused(const char *name, const char *src, const char *needle, const hl_compile_options *o) {
    hl_module *m = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_compile(eng, name, src, strlen(src), o, &m, &err), HL_ECOMPILE);
    assert_null(m);
    const char *msg = hl_error_message(err);
    if (!strstr(msg, needle)) fail_msg("diagnostic lacks '%s': %s", needle, msg);
    hl_error_free(err);
}

static void test_refused_then_granted(void **state) {
    (void)state;
    static const char *const clocks[] = {"clocks"}, *const random[] = {"random"};
    hl_compile_options *oc = opts_with(clocks, 1), *orand = opts_with(random, 1);
    expect_refused("c.erl", clock_src, "erlang:system_time/1 is not declared: needs the clocks capability (grant it: hl run --grant clocks", NULL);
    expect_refused("r.erl", rand_src, "rand:uniform/1 is not declared: needs the random capability (grant it: hl run --grant random", NULL);
    /* the wrong capability does not do */
    expect_refused("c.erl", clock_src, "needs the clocks capability", orand);
    expect_refused("r.erl", rand_src, "needs the random capability", oc);
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "c.erl", clock_src, strlen(clock_src), oc, &m, NULL), HL_OK);
    hl_module_free(m);
    /* cached with the grant; still refused without it */
    expect_refused("c.erl", clock_src, "needs the clocks capability", NULL);
    /* every form a guest may name them in: fun M:F/A, auto-imported, calendar, os, crypto */
    static const char *const forms[][2] = {
        {"-module(a).\n-export([f/0]).\nf() -> F = fun erlang:monotonic_time/0, F().\n", "needs the clocks capability"},
        {"-module(a).\n-export([f/0]).\nf() -> {date(), time()}.\n", "erlang:date/0"},
        {"-module(a).\n-export([f/0]).\nf() -> calendar:local_time().\n", "needs the clocks capability"},
        {"-module(a).\n-export([f/0]).\nf() -> os:timestamp().\n", "needs the clocks capability"},
        {"-module(a).\n-export([f/0]).\nf() -> crypto:strong_rand_bytes(4).\n", "needs the random capability"},
        {"-module(a).\n-export([f/0]).\nf() -> rand:seed_s(exsss).\n", "needs the random capability"},
        {"-module(a).\n-export([f/0]).\nf() -> rand:seed(exsss, 1).\n", "needs the random capability"},
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) expect_refused("a.erl", forms[i][0], forms[i][1], NULL);
    hl_compile_options_free(oc);
    hl_compile_options_free(orand);
}

/* Pure: explicit-state rand and convert_time_unit need nothing, and equal OTP. */
static void test_pure_needs_nothing(void **state) {
    (void)state;
    static const char src[] = "-module(p).\n-export([f/0]).\n"
                              "f() -> {X, _} = rand:uniform_s(rand:seed_s(exsss, 42)),\n"
                              "       {X, erlang:convert_time_unit(-1, native, second)}.\n";
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "p.erl", src, sizeof src - 1, NULL, &m, NULL), HL_OK);
    hl_value *r = NULL;
    assert_int_equal(hl_run(m, "f", NULL, 0, NULL, &r, NULL), HL_OK);
    char *text = NULL;
    assert_int_equal(hl_value_to_text(r, 0, &text, NULL), HL_OK);
    assert_string_equal(text, "{0.3672301478324621,-1}"); /* erl: the same */
    hl_free(text);
    hl_value_free(r);
    hl_module_free(m);
}

/* A program that uses clocks and random: the same seed gives the same
 * output, result and reductions; another seed another output. */
static const char det_src[] =
    "-module(d).\n-export([f/1]).\n"
    "f(N) ->\n"
    "    T0 = erlang:monotonic_time(nanosecond),\n"
    "    L = [rand:uniform(1000) || _ <- lists:seq(1, N)],\n"
    "    T1 = erlang:monotonic_time(nanosecond),\n"
    "    io:format(\"~p ~p ~p~n\", [erlang:system_time(second), calendar:universal_time(), L]),\n"
    "    {T1 - T0, crypto:strong_rand_bytes(8), rand:export_seed()}.\n";

static void det_run(hl_module *m, uint64_t seed, char **text, char **out, uint64_t *reds) {
    hl_value *arg = NULL, *r = NULL;
    assert_int_equal(hl_value_int(20, &arg), HL_OK);
    size_t olen = 0;
    hl_error *err = NULL;
    hl_status st = hl_run_deterministic(m, seed, "f", &arg, 1, NULL, &r, out, &olen, reds, &err);
    if (st != HL_OK) fail_msg("run: %s", err ? hl_error_message(err) : hl_status_name(st));
    assert_int_equal(hl_value_to_text(r, 0, text, NULL), HL_OK);
    hl_value_free(r);
    hl_value_free(arg);
}

static void test_deterministic_replay(void **state) {
    (void)state;
    static const char *const both[] = {"clocks", "random"};
    hl_compile_options *o = opts_with(both, 2);
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "d.erl", det_src, sizeof det_src - 1, o, &m, NULL), HL_OK);
    char *t1, *o1, *t2, *o2, *t3, *o3;
    uint64_t r1, r2, r3;
    det_run(m, 7, &t1, &o1, &r1);
    det_run(m, 7, &t2, &o2, &r2); /* a parked process, reused: the same */
    det_run(m, 8, &t3, &o3, &r3);
    assert_string_equal(t1, t2);
    assert_string_equal(o1, o2);
    assert_int_equal(r1, r2);
    assert_true(r1 > 0);
    assert_string_not_equal(o1, o3); /* another seed, other numbers */
    /* the virtual clock: 2000-01-01 plus 1 us per reduction */
    assert_true(strncmp(o1, "946684800 {{2000,1,1},{0,0,0}}", 30) == 0);
    unsigned long long dt = strtoull(t1 + 1, NULL, 10);
    assert_true(dt > 0 && dt % 1000 == 0 && dt / 1000 < r1);
    hl_free(t1), hl_free(o1), hl_free(t2), hl_free(o2), hl_free(t3), hl_free(o3);

    /* without the profile the same module reads real clocks: system time
     * now, not 2000 */
    hl_value *arg = NULL, *r = NULL;
    assert_int_equal(hl_value_int(1, &arg), HL_OK);
    char *out = NULL;
    assert_int_equal(hl_run_capture(m, "f", &arg, 1, NULL, &r, &out, NULL, NULL), HL_OK);
    assert_true(strtoll(out, NULL, 10) > 1577836800); /* after 2020 */
    hl_free(out);
    hl_value_free(r);
    hl_value_free(arg);
    hl_module_free(m);
    hl_compile_options_free(o);
}

/* Tenants: the profile per call; equal calls behave equally (the clock
 * and the seeded stream restart, the rand state is dropped). */
static void test_tenant_deterministic(void **state) {
    (void)state;
    static const char *const both[] = {"clocks", "random"};
    hl_compile_options *o = opts_with(both, 2);
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "d.erl", det_src, sizeof det_src - 1, o, &m, NULL), HL_OK);
    hl_limits *lim = NULL;
    assert_int_equal(hl_limits_new(&lim), HL_OK);
    assert_int_equal(hl_limits_set_deterministic(lim, 1, 7), HL_OK);
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(m, lim, &t), HL_OK);
    uint32_t fn;
    assert_int_equal(hl_module_function(m, "f", 1, &fn, NULL), HL_OK);
    hl_value *arg = NULL;
    assert_int_equal(hl_value_int(20, &arg), HL_OK);
    char *texts[2];
    uint64_t reds[2];
    for (int i = 0; i < 2; i++) {
        hl_value *r = NULL;
        assert_int_equal(hl_tenant_call(t, fn, &arg, 1, &r, NULL), HL_OK);
        reds[i] = hl_tenant_reductions(t);
        assert_int_equal(hl_value_to_text(r, 0, &texts[i], NULL), HL_OK);
        hl_value_free(r);
    }
    assert_string_equal(texts[0], texts[1]);
    assert_int_equal(reds[0], reds[1]);
    /* and a one-shot run with the same seed agrees */
    char *t1, *o1;
    uint64_t r1;
    det_run(m, 7, &t1, &o1, &r1);
    assert_string_equal(t1, texts[0]);
    assert_int_equal(r1, reds[0]);
    hl_free(t1), hl_free(o1), hl_free(texts[0]), hl_free(texts[1]);
    hl_value_free(arg);
    hl_tenant_free(t);
    hl_limits_free(lim);
    hl_module_free(m);
    hl_compile_options_free(o);
}

/* The second line: a process whose program lacks the capability (here the
 * VM told so directly) gets error:capability from the builtins, the
 * stdlib's path to entropy included. */
static void test_builtins_check_the_grant(void **state) {
    (void)state;
    static const char src[] = "-module(g).\n-export([clock/0, seed/0]).\n"
                              "clock() -> erlang:monotonic_time().\n"
                              "seed() -> rand:uniform().\n";
    static const char *const both[] = {"clocks", "random"};
    hl_compile_options *o = opts_with(both, 2);
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "g.erl", src, sizeof src - 1, o, &m, NULL), HL_OK);
    static const char *const fns[] = {"clock", "seed"};
    for (size_t i = 0; i < 2; i++) {
        hl_vm_limits lim = {1000000, 1 << 24, 0, 0};
        hl_vm_proc *p = hl_vm_proc_new(m->prog, &lim);
        assert_non_null(p);
        int64_t fn = hl_program_find(m->prog, fns[i], strlen(fns[i]), 0);
        assert_true(fn >= 0);
        assert_true(hl_vm_start(p, (uint32_t)fn, NULL, 0));
        hl_vm_status st;
        while ((st = hl_vm_run(p, 0)) == HL_VM_YIELD) {
        }
        assert_int_equal(st, HL_VM_EXCEPTION);
        hl_term cls, reason, stack;
        hl_vm_exception(p, &cls, &reason, &stack);
        assert_true(cls == HL_AM(error) && reason == HL_AM(capability));
        hl_vm_proc_free(p);
    }
    hl_module_free(m);
    hl_compile_options_free(o);
}

/* erlang:now/0: increasing within a process, even on a virtual clock that
 * has not moved; and a child process's environment (for spawned
 * processes): the parent's capabilities and profile, its own stream. */
static void test_now_and_inherit(void **state) {
    (void)state;
    static const char src[] = "-module(n).\n-export([f/0]).\n"
                              "f() -> [now(), now(), erlang:now()].\n";
    static const char *const clocks[] = {"clocks"};
    hl_compile_options *o = opts_with(clocks, 1);
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "n.erl", src, sizeof src - 1, o, &m, NULL), HL_OK);
    hl_value *r = NULL;
    char *out = NULL;
    assert_int_equal(hl_run_deterministic(m, 0, "f", NULL, 0, NULL, &r, &out, NULL, NULL, NULL), HL_OK);
    char *text = NULL;
    assert_int_equal(hl_value_to_text(r, 0, &text, NULL), HL_OK);
    /* the virtual clock moves 1 us per reduction; now/0 adds at least 1 us */
    long a, b, c;
    assert_int_equal(sscanf(text, "[{946,684800,%ld},{946,684800,%ld},{946,684800,%ld}]", &a, &b, &c), 3);
    assert_true(a < b && b < c);
    hl_free(text), hl_free(out);
    hl_value_free(r);

    hl_vm_limits lim = {1000, 1 << 20, 0, 0};
    hl_vm_proc *parent = hl_vm_proc_new(m->prog, &lim), *c1 = hl_vm_proc_new(m->prog, &lim),
               *c2 = hl_vm_proc_new(m->prog, &lim);
    assert_true(parent && c1 && c2);
    hl_vm_set_env(parent, m->caps, true, 5);
    hl_vm_env_inherit(c1, parent);
    hl_vm_env_inherit(c2, parent);
    assert_int_equal(c1->caps, m->caps);
    assert_true(c1->det && c2->det);
    assert_true(c1->det_seed != c2->det_seed && c1->det_seed != 5);
    hl_vm_proc_free(parent), hl_vm_proc_free(c1), hl_vm_proc_free(c2);
    hl_module_free(m);
    hl_compile_options_free(o);
}

/* crypto:strong_rand_bytes/1: sizes, bounds, errors. */
static void test_strong_rand_bytes(void **state) {
    (void)state;
    static const char src[] = "-module(s).\n-export([f/1]).\n"
                              "f(N) -> try byte_size(crypto:strong_rand_bytes(N)) catch error:R -> R end.\n";
    static const char *const random[] = {"random"};
    hl_compile_options *o = opts_with(random, 1);
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "s.erl", src, sizeof src - 1, o, &m, NULL), HL_OK);
    static const struct {
        int64_t n;
        const char *want;
    } cases[] = {{0, "0"}, {16, "16"}, {100000, "100000"}, {1 << 20, "1048576"},
                 {(1 << 20) + 1, "system_limit"}, {-1, "badarg"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hl_value *arg = NULL, *r = NULL;
        assert_int_equal(hl_value_int(cases[i].n, &arg), HL_OK);
        assert_int_equal(hl_run(m, "f", &arg, 1, NULL, &r, NULL), HL_OK);
        char *text = NULL;
        assert_int_equal(hl_value_to_text(r, 0, &text, NULL), HL_OK);
        assert_string_equal(text, cases[i].want);
        hl_free(text);
        hl_value_free(r);
        hl_value_free(arg);
    }
    hl_module_free(m);
    hl_compile_options_free(o);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_refused_then_granted),
        cmocka_unit_test(test_pure_needs_nothing),
        cmocka_unit_test(test_deterministic_replay),
        cmocka_unit_test(test_tenant_deterministic),
        cmocka_unit_test(test_builtins_check_the_grant),
        cmocka_unit_test(test_strong_rand_bytes),
        cmocka_unit_test(test_now_and_inherit),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
