/* test_tenant.c — tenants (include/hyperlang.h): warm calls on one kept
 * process (results, output and reductions per call, faults that leave the
 * tenant usable, off-heap binaries released between calls), calls in
 * slices equal to whole calls, interrupts from another thread at random
 * points (and during a wait), the limits object and function handles; and
 * the engine as the runtime: two engines in one process, many threads on
 * one engine, and allocation failure at every step of loading the stdlib
 * and linking a program. Expected values are OTP 25's. */
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
    "-module(tn).\n"
    "-export([id/1, fib/1, say/1, spin/0, big/1, boom/0, count/1, wait/0, sorted/1, block/0]).\n"
    "id(X) -> X.\n"
    "fib(N) when N < 2 -> N;\n"
    "fib(N) -> fib(N - 1) + fib(N - 2).\n"
    "say(X) -> io:format(\"~p~n\", [X]), X.\n"
    "spin() -> spin().\n"
    "big(N) -> byte_size(binary:copy(<<\"x\">>, N)).\n"
    "boom() -> erlang:error(oops).\n"
    "count(0) -> done;\n"
    "count(N) -> count(N - 1).\n"
    "wait() -> receive x -> ok after 60000 -> timeout end.\n"
    "sorted(L) -> lists:sort(L).\n"
    "block() -> receive x -> ok end.\n";

static hl_engine *eng;
static hl_module *mod;

static int setup(void **state) {
    (void)state;
    assert_int_equal(hl_engine_new(&eng), HL_OK);
    hl_error *err = NULL;
    assert_int_equal(hl_compile(eng, "tn.erl", SRC, strlen(SRC), NULL, &mod, &err), HL_OK);
    return 0;
}

static int teardown(void **state) {
    (void)state;
    hl_module_free(mod);
    hl_engine_free(eng);
    return 0;
}

static uint32_t fn(const char *name, uint32_t arity) {
    uint32_t f = 0;
    hl_error *err = NULL;
    assert_int_equal(hl_module_function(mod, name, arity, &f, &err), HL_OK);
    return f;
}

static int64_t call_int(hl_tenant *t, uint32_t f, int64_t arg) {
    hl_value *a = NULL, *r = NULL;
    assert_int_equal(hl_value_int(arg, &a), HL_OK);
    hl_error *err = NULL;
    hl_status s = hl_tenant_call(t, f, &a, 1, &r, &err);
    if (s != HL_OK) fprintf(stderr, "%s\n", err ? hl_error_message(err) : hl_status_name(s));
    assert_int_equal(s, HL_OK);
    int64_t v = 0;
    assert_int_equal(hl_value_get_int(r, &v), HL_OK);
    hl_value_free(a);
    hl_value_free(r);
    return v;
}

static void test_warm_calls(void **state) {
    (void)state;
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(mod, NULL, &t), HL_OK);
    uint32_t id = fn("id", 1), fib = fn("fib", 1), say = fn("say", 1), big = fn("big", 1);
    for (int i = 0; i < 2000; i++) assert_int_equal(call_int(t, id, i), i);
    assert_int_equal(call_int(t, fib, 20), 6765);
    uint64_t r1 = hl_tenant_reductions(t);
    assert_int_equal(call_int(t, fib, 20), 6765);
    assert_int_equal(hl_tenant_reductions(t), r1); /* per call, deterministic */
    assert_true(r1 > 10000);
    assert_int_equal(call_int(t, say, 7), 7);
    size_t len = 0;
    const char *out = hl_tenant_output(t, &len);
    assert_int_equal(len, 2);
    assert_memory_equal(out, "7\n", 2);
    assert_int_equal(call_int(t, id, 1), 1);
    hl_tenant_output(t, &len);
    assert_int_equal(len, 0); /* output is per call */
    /* off-heap binaries of each call are released by the next (ASan: no leak) */
    for (int i = 0; i < 50; i++) assert_int_equal(call_int(t, big, 100000), 100000);
    /* a fault leaves the tenant usable */
    hl_value *r = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_tenant_call(t, fn("boom", 0), NULL, 0, &r, &err), HL_EEXCEPTION);
    hl_error_free(err);
    err = NULL;
    assert_int_equal(call_int(t, id, 5), 5);
    hl_value *lst = NULL;
    assert_int_equal(hl_value_parse(mod, "[3,1,2]", 7, &lst, &err), HL_OK);
    assert_int_equal(hl_tenant_call(t, fn("sorted", 1), &lst, 1, &r, &err), HL_OK);
    char *text = NULL;
    assert_int_equal(hl_value_to_text(r, 0, &text, NULL), HL_OK);
    assert_string_equal(text, "[1,2,3]");
    hl_free(text);
    hl_value_free(r);
    hl_value_free(lst);
    hl_tenant_free(t);
}

static void test_limits_object(void **state) {
    (void)state;
    hl_limits *l = NULL;
    assert_int_equal(hl_limits_new(&l), HL_OK);
    uint64_t v = 0;
    assert_int_equal(hl_limits_get(l, HL_LIMIT_REDUCTIONS, &v), HL_OK);
    assert_int_equal(v, HL_RUN_DEFAULT_MAX_REDUCTIONS);
    assert_int_equal(hl_limits_set(l, HL_LIMIT_REDUCTIONS, 0), HL_EMISUSE); /* never unlimited */
    assert_int_equal(hl_limits_set(l, (hl_limit)99, 5), HL_EMISUSE);
    assert_int_equal(hl_limits_set(l, HL_LIMIT_TIMEOUT_MS, 86400001u), HL_EMISUSE);
    assert_int_equal(hl_limits_set(l, HL_LIMIT_REDUCTIONS, 5000), HL_OK);
    assert_int_equal(hl_limits_get(l, HL_LIMIT_REDUCTIONS, &v), HL_OK);
    assert_int_equal(v, 5000);
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(mod, l, &t), HL_OK);
    hl_limits_free(l); /* the tenant keeps a copy */
    hl_value *a = NULL, *r = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_value_int(100000, &a), HL_OK);
    assert_int_equal(hl_tenant_call(t, fn("count", 1), &a, 1, &r, &err), HL_ELIMIT);
    assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_REDUCTIONS);
    hl_error_free(err);
    hl_value_free(a);
    hl_tenant_free(t);
}

/* The timeout stops a loop, a wait longer than it and a wait with no
 * timeout of its own, each stopped within its first chunk of reductions
 * (where the deadline starts only when the chunk ends or the wait begins). */
static void test_timeouts(void **state) {
    (void)state;
    hl_limits *l = NULL;
    assert_int_equal(hl_limits_new(&l), HL_OK);
    assert_int_equal(hl_limits_set(l, HL_LIMIT_TIMEOUT_MS, 30), HL_OK);
    /* the reductions far out of reach: an idle machine spins the default
     * 10M in about 30 ms, and the deadline must be what stops spin */
    assert_int_equal(hl_limits_set(l, HL_LIMIT_REDUCTIONS, UINT64_C(1) << 40), HL_OK);
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(mod, l, &t), HL_OK);
    hl_limits_free(l);
    const char *const which[] = {"spin", "wait", "block", "wait"};
    for (size_t i = 0; i < sizeof which / sizeof which[0]; i++) {
        hl_value *r = NULL;
        hl_error *err = NULL;
        assert_int_equal(hl_tenant_call(t, fn(which[i], 0), NULL, 0, &r, &err), HL_ELIMIT);
        assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_DEADLINE);
        hl_error_free(err);
    }
    assert_int_equal(call_int(t, fn("id", 1), 7), 7); /* and the tenant still answers */
    hl_tenant_free(t);
}

static void test_function_handles(void **state) {
    (void)state;
    uint32_t f;
    hl_error *err = NULL;
    assert_int_equal(hl_module_function(mod, "nope", 1, &f, &err), HL_EEXCEPTION);
    assert_non_null(strstr(hl_error_message(err), "undef"));
    hl_error_free(err);
    assert_int_equal(hl_module_function(NULL, "id", 1, &f, NULL), HL_EMISUSE);
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(mod, NULL, &t), HL_OK);
    hl_value *r = NULL;
    /* wrong arity for the handle, a handle out of range: misuse, nothing runs */
    assert_int_equal(hl_tenant_call(t, fn("id", 1), NULL, 0, &r, NULL), HL_EMISUSE);
    assert_int_equal(hl_tenant_call(t, 1000000, NULL, 0, &r, NULL), HL_EMISUSE);
    assert_int_equal(hl_tenant_resume(t, 0, &r, NULL), HL_EMISUSE); /* nothing started */
    hl_tenant_free(t);
}

/* Slices: the same result and reductions as one whole call. */
static void test_slices(void **state) {
    (void)state;
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(mod, NULL, &t), HL_OK);
    uint32_t fib = fn("fib", 1);
    assert_int_equal(call_int(t, fib, 18), 2584);
    uint64_t whole = hl_tenant_reductions(t);
    const uint64_t slices[] = {1, 7, 100, 4000};
    for (size_t k = 0; k < sizeof slices / sizeof slices[0]; k++) {
        hl_value *a = NULL, *r = NULL;
        hl_error *err = NULL;
        assert_int_equal(hl_value_int(18, &a), HL_OK);
        assert_int_equal(hl_tenant_start(t, fib, &a, 1, &err), HL_OK);
        hl_value_free(a);
        hl_status s;
        unsigned pending = 0;
        while ((s = hl_tenant_resume(t, slices[k], &r, &err)) == HL_PENDING) pending++;
        assert_int_equal(s, HL_OK);
        assert_true(pending >= whole / slices[k] / 2);
        int64_t v = 0;
        assert_int_equal(hl_value_get_int(r, &v), HL_OK);
        assert_int_equal(v, 2584);
        assert_int_equal(hl_tenant_reductions(t), whole);
        hl_value_free(r);
    }
    hl_tenant_free(t);
}

typedef struct stopper {
    hl_tenant *t;
    long delay_us;
} stopper;

static void *interrupt_later(void *arg) {
    stopper *s = arg;
    struct timespec ts = {0, s->delay_us * 1000};
    nanosleep(&ts, NULL);
    hl_tenant_interrupt(s->t);
    return NULL;
}

/* Interrupts from another thread at random points of spinning, waiting and
 * finishing calls: each call ends interrupted (or had already finished),
 * and the tenant works normally afterwards. */
static void test_interrupts(void **state) {
    (void)state;
    hl_tenant *t = NULL;
    hl_limits *l = NULL;
    assert_int_equal(hl_limits_new(&l), HL_OK);
    assert_int_equal(hl_limits_set(l, HL_LIMIT_TIMEOUT_MS, 600000), HL_OK);
    assert_int_equal(hl_limits_set(l, HL_LIMIT_REDUCTIONS, UINT64_C(1) << 50), HL_OK);
    assert_int_equal(hl_tenant_new(mod, l, &t), HL_OK);
    hl_limits_free(l);
    srand(12345);
    const char *const which[] = {"spin", "wait", "fib"};
    unsigned interrupted = 0;
    for (int i = 0; i < 30; i++) {
        int k = i % 3;
        /* The call is started before the interrupter exists: an interrupt
         * that came before hl_tenant_start would be dropped by it (as a
         * watchdog's late interrupt must not stop the next call), and the
         * call would then spin to its 600 s deadline (it did, on a loaded
         * machine, when the thread was created first). */
        hl_value *r = NULL, *a = NULL;
        hl_error *err = NULL;
        if (k == 2) {
            assert_int_equal(hl_value_int(24, &a), HL_OK);
            assert_int_equal(hl_tenant_start(t, fn(which[k], 1), &a, 1, &err), HL_OK);
            hl_value_free(a);
        } else {
            assert_int_equal(hl_tenant_start(t, fn(which[k], 0), NULL, 0, &err), HL_OK);
        }
        stopper s = {t, 100 + rand() % 5000};
        pthread_t th;
        assert_int_equal(pthread_create(&th, NULL, interrupt_later, &s), 0);
        hl_status st = hl_tenant_resume(t, 0, &r, &err);
        pthread_join(th, NULL);
        if (st == HL_ELIMIT) {
            assert_int_equal(hl_error_limit(err), HL_LIMIT_KIND_INTERRUPTED);
            interrupted++;
        } else {
            assert_int_equal(k, 2); /* only fib can finish first */
            assert_int_equal(st, HL_OK);
        }
        hl_error_free(err);
        hl_value_free(r);
        assert_int_equal(call_int(t, fn("id", 1), i), i); /* usable afterwards */
    }
    assert_true(interrupted >= 20);
    hl_tenant_free(t);
}

/* sorted([2,1]) on a fresh tenant of m. */
static void sort_once(hl_module *m) {
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(m, NULL, &t), HL_OK);
    hl_value *lst = NULL, *r = NULL;
    assert_int_equal(hl_value_parse(m, "[2,1]", 5, &lst, NULL), HL_OK);
    uint32_t f;
    assert_int_equal(hl_module_function(m, "sorted", 1, &f, NULL), HL_OK);
    assert_int_equal(hl_tenant_call(t, f, &lst, 1, &r, NULL), HL_OK);
    hl_value_free(r);
    hl_value_free(lst);
    hl_tenant_free(t);
}

/* The stdlib loads module by module when a call first needs it
 * (docs/design.md, "The module table"): compiling loads nothing, io:format
 * loads io and io_lib but not string (io_lib reaches it only for ~ts
 * widths), and a later call finds the modules loaded. */
static void test_stdlib_on_first_use(void **state) {
    (void)state;
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    hl_module *m = NULL;
    assert_int_equal(hl_compile(e, "tn.erl", SRC, strlen(SRC), NULL, &m, NULL), HL_OK);
    int io = hl_host_stdlib_index_name("io", 2), io_lib = hl_host_stdlib_index_name("io_lib", 6),
        string = hl_host_stdlib_index_name("string", 6), lists = hl_host_stdlib_index_name("lists", 5);
    assert_null(hl_host_stdlib_get(e, io));
    assert_null(hl_host_stdlib_get(e, lists));
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(m, NULL, &t), HL_OK);
    uint32_t say;
    assert_int_equal(hl_module_function(m, "say", 1, &say, NULL), HL_OK);
    for (int i = 0; i < 2; i++) {
        hl_value *v = NULL, *r = NULL;
        assert_int_equal(hl_value_int(7, &v), HL_OK);
        assert_int_equal(hl_tenant_call(t, say, &v, 1, &r, NULL), HL_OK);
        size_t len;
        const char *out = hl_tenant_output(t, &len);
        assert_int_equal(len, 2);
        assert_memory_equal(out, "7\n", 2);
        hl_value_free(r);
        hl_value_free(v);
    }
    assert_non_null(hl_host_stdlib_get(e, io));
    assert_non_null(hl_host_stdlib_get(e, io_lib));
    assert_null(hl_host_stdlib_get(e, string));
    hl_tenant_free(t);
    hl_module_free(m);
    hl_engine_free(e);
}

/* Two engines in one process are independent: each has its own module
 * table and cache; freeing one leaves the other working. */
static void test_two_engines(void **state) {
    (void)state;
    hl_engine *a = NULL, *b = NULL;
    assert_int_equal(hl_engine_new(&a), HL_OK);
    assert_int_equal(hl_engine_new(&b), HL_OK);
    hl_module *ma = NULL, *mb = NULL;
    assert_int_equal(hl_compile(a, "tn.erl", SRC, strlen(SRC), NULL, &ma, NULL), HL_OK);
    assert_int_equal(hl_compile(b, "tn.erl", SRC, strlen(SRC), NULL, &mb, NULL), HL_OK);
    assert_ptr_not_equal(ma, mb);
    /* each loads lists, on first use, into its own table */
    sort_once(ma);
    sort_once(mb);
    const void *la = hl_host_stdlib_get(a, hl_host_stdlib_index_name("lists", 5));
    const void *lb = hl_host_stdlib_get(b, hl_host_stdlib_index_name("lists", 5));
    assert_non_null(la);
    assert_non_null(lb);
    assert_ptr_not_equal(la, lb);
    hl_engine_free(a);
    /* a module keeps its engine's stdlib alive after hl_engine_free */
    sort_once(ma);
    hl_module_free(ma);
    hl_module_free(mb);
    hl_engine_free(b);
}

/* 8 threads on one engine: each compiles its own program (all calling the
 * stdlib, loaded once by whichever thread comes first) and runs it on its
 * own tenant many times. */
typedef struct worker {
    hl_engine *e;
    int id;
    int ok;
} worker;

static void *work(void *arg) {
    worker *w = arg;
    char src[512];
    snprintf(src, sizeof src,
             "-module(w%d).\n-export([f/1]).\nf(N) -> lists:sum(lists:map(fun(X) -> X * %d end, lists:seq(1, N))) "
             "+ iolist_size(io_lib:format(\"~p\", [N])).\n",
             w->id, w->id);
    hl_module *m = NULL;
    if (hl_compile(w->e, "w.erl", src, strlen(src), NULL, &m, NULL) != HL_OK) return NULL;
    hl_tenant *t = NULL;
    uint32_t f;
    if (hl_tenant_new(m, NULL, &t) != HL_OK || hl_module_function(m, "f", 1, &f, NULL) != HL_OK) return NULL;
    w->ok = 1;
    for (int i = 0; i < 200 && w->ok; i++) {
        hl_value *a = NULL, *r = NULL;
        int64_t v = -1;
        hl_value_int(100, &a);
        if (hl_tenant_call(t, f, &a, 1, &r, NULL) != HL_OK || hl_value_get_int(r, &v) != HL_OK ||
            v != 5050 * w->id + 3)
            w->ok = 0;
        hl_value_free(a);
        hl_value_free(r);
    }
    hl_tenant_free(t);
    hl_module_free(m);
    return NULL;
}

static void test_threads_one_engine(void **state) {
    (void)state;
    hl_engine *e = NULL;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    pthread_t th[8];
    worker w[8];
    for (int i = 0; i < 8; i++) {
        w[i] = (worker){e, i + 1, 0};
        assert_int_equal(pthread_create(&th[i], NULL, work, &w[i]), 0);
    }
    for (int i = 0; i < 8; i++) {
        pthread_join(th[i], NULL);
        assert_int_equal(w[i].ok, 1);
    }
    hl_engine_free(e);
}

/* A warm call that takes and returns small integers allocates nothing
 * (counted by the test allocator, so exact): not the process, its heap or
 * stack (kept by the tenant), not the argument's or the result's handle
 * (inline: host_int.h), not an error. The one-shot hl_run of the same call
 * reuses the module's parked process, so it allocates nothing either. */
static void test_warm_call_allocates_nothing(void **state) {
    (void)state;
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(mod, NULL, &t), HL_OK);
    uint32_t id = fn("id", 1);
    hl_value *a = NULL, *r = NULL;
    assert_int_equal(hl_value_int(42, &a), HL_OK);
    for (int warm = 0; warm < 2; warm++) { /* the first calls may set things up */
        assert_int_equal(hl_tenant_call(t, id, &a, 1, &r, NULL), HL_OK);
        hl_value_free(r);
        assert_int_equal(hl_run(mod, "id", &a, 1, NULL, &r, NULL), HL_OK);
        hl_value_free(r);
    }
    uint64_t before = hl_mem_alloc_count();
    int64_t v = 0;
    for (int i = 0; i < 100; i++) {
        assert_int_equal(hl_tenant_call(t, id, &a, 1, &r, NULL), HL_OK);
        assert_int_equal(hl_value_get_int(r, &v), HL_OK);
        assert_int_equal(v, 42);
        hl_value_free(r);
    }
    assert_int_equal(hl_mem_alloc_count() - before, 0);
    before = hl_mem_alloc_count();
    for (int i = 0; i < 100; i++) {
        assert_int_equal(hl_run(mod, "id", &a, 1, NULL, &r, NULL), HL_OK);
        assert_int_equal(hl_value_get_int(r, &v), HL_OK);
        assert_int_equal(v, 42);
        hl_value_free(r);
    }
    assert_int_equal(hl_mem_alloc_count() - before, 0);
    /* the inline handles still behave as values */
    assert_int_equal(hl_value_kind_of(a), HL_VALUE_INTEGER);
    char *text = NULL;
    assert_int_equal(hl_value_to_text(a, 0, &text, NULL), HL_OK);
    assert_string_equal(text, "42");
    hl_free(text);
    hl_value_free(a);
    hl_tenant_free(t);
}

/* Allocation failure at every step of a fresh engine loading the stdlib
 * and linking a program that calls it: a clean HL_ENOMEM, never a crash or
 * a leak, and then success. */
static void test_oom_load_and_link(void **state) {
    (void)state;
    const char *src = "-module(o).\n-export([f/0]).\nf() -> io_lib:format(\"~p\", [lists:reverse([1,2])]).\n";
    for (long n = 0;; n++) {
        hl_engine *e = NULL;
        hl_module *m = NULL;
        hl_mem_fail_after(n);
        hl_status s = hl_engine_new(&e);
        if (s == HL_OK) s = hl_compile(e, "o.erl", src, strlen(src), NULL, &m, NULL);
        hl_mem_fail_after(-1);
        if (s == HL_OK) {
            hl_value *r = NULL;
            assert_int_equal(hl_run(m, "f", NULL, 0, NULL, &r, NULL), HL_OK);
            hl_value_free(r);
            hl_module_free(m);
            hl_engine_free(e);
            break;
        }
        assert_int_equal(s, HL_ENOMEM);
        hl_engine_free(e);
        assert_true(n < 200000);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_warm_calls),       cmocka_unit_test(test_limits_object),
        cmocka_unit_test(test_timeouts),
        cmocka_unit_test(test_function_handles), cmocka_unit_test(test_slices),
        cmocka_unit_test(test_interrupts),       cmocka_unit_test(test_two_engines),
        cmocka_unit_test(test_stdlib_on_first_use),
        cmocka_unit_test(test_threads_one_engine), cmocka_unit_test(test_oom_load_and_link),
        cmocka_unit_test(test_warm_call_allocates_nothing),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
