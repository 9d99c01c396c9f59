/* test_threads.c — the API used from many threads at once, for the
 * ThreadSanitizer phase of scripts/test.sh (label `threaded`) as much as
 * for the ordinary builds: eight threads compiling and running eight
 * different programs on one engine (each compile a real one: every round's
 * source differs; then a cache hit), eight threads making the first calls
 * into the same cold stdlib functions at once, and two engines in one process, each
 * driven from its own threads, with values and modules handed between
 * threads. Expected values: the same expressions in OTP 25. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <pthread.h>

#include <cmocka.h>

#include "hyperlang.h"

enum { NPROGS = 8, ROUNDS = 3 };

/* Program i's body of main(N); each is checked against want(i, N) + K,
 * where K (the round) makes every round's source distinct. */
static const char *const BODY[NPROGS] = {
    "fib(N)",
    "lists:sum(lists:seq(1, N))",
    "M = maps:from_list([{I, I * I} || I <- lists:seq(1, N)]), maps:get(N, M) + map_size(M)",
    "B = << <<I:8>> || I <- lists:seq(1, N) >>, lists:sum(binary_to_list(B))",
    "try throw(N) catch throw:X -> X * 2 end",
    "length(integer_to_list(1 bsl N))",
    "tuple_size(list_to_tuple(lists:reverse(lists:sort(lists:seq(1, N)))))",
    "io:format(\"~p~n\", [N]), round(N * 2.5)",
};
static const int64_t ARG[NPROGS] = {15, 1000, 100, 200, 21, 200, 500, 4};
static const int64_t WANT[NPROGS] = {610, 500500, 10100, 20100, 42, 61, 500, 10};

static int make_source(char *buf, size_t cap, int prog, int round) {
    return snprintf(buf, cap,
                    "-module(t%d).\n-export([main/1, bad/1]).\n"
                    "fib(N) when N < 2 -> N;\nfib(N) -> fib(N - 1) + fib(N - 2).\n"
                    "main(N) -> %d + begin %s end.\n"
                    "bad(X) -> {ok, _} = X.\n",
                    prog, round, BODY[prog]);
}

/* Runs main(ARG) of m and checks the value (and, for the program that
 * prints, the output); then an uncaught exception. 0 when all is right. */
static int run_checks(const hl_module *m, int prog, int round) {
    hl_value *n = NULL, *r = NULL;
    hl_error *err = NULL;
    char *out = NULL;
    size_t len = 0;
    int64_t v = -1;
    int bad = 0;
    if (hl_value_int(ARG[prog], &n) != HL_OK) return 1;
    if (hl_run_capture(m, "main", &n, 1, NULL, &r, &out, &len, &err) != HL_OK ||
        hl_value_get_int(r, &v) != HL_OK || v != WANT[prog] + round)
        bad = 1;
    if (prog == 7 && (!out || strcmp(out, "4\n") != 0)) bad = 1;
    hl_free(out);
    hl_value_free(r);
    hl_error_free(err);
    err = NULL;
    r = NULL;
    const char *cls = NULL, *reason = NULL;
    if (hl_run(m, "bad", &n, 1, NULL, &r, &err) != HL_EEXCEPTION ||
        hl_error_exception(err, &cls, &reason, NULL) != HL_OK || strcmp(cls, "error") != 0 ||
        strncmp(reason, "{badmatch,", 10) != 0)
        bad = 1;
    hl_error_free(err);
    hl_value_free(n);
    return bad;
}

typedef struct job {
    hl_engine *engine;
    int prog;
    int failed;
} job;

static void *compile_and_run(void *arg) {
    job *j = arg;
    char src[1024];
    for (int round = 0; round < ROUNDS; round++) {
        int len = make_source(src, sizeof src, j->prog, round);
        /* twice: a real compile, then (usually) the cache's copy */
        for (int again = 0; again < 2; again++) {
            hl_module *m = NULL;
            hl_error *err = NULL;
            if (hl_compile(j->engine, "t.erl", src, (size_t)len, NULL, &m, &err) != HL_OK) {
                fprintf(stderr, "prog %d: %s\n", j->prog, err ? hl_error_message(err) : "?");
                hl_error_free(err);
                j->failed = 1;
                return NULL;
            }
            if (run_checks(m, j->prog, round)) j->failed = 1;
            hl_module_free(m);
        }
    }
    return NULL;
}

/* Eight threads, eight different programs, one engine. */
static void test_eight_programs_one_engine(void **state) {
    (void)state;
    hl_engine *e;
    assert_int_equal(hl_engine_new(&e), HL_OK);
    pthread_t t[NPROGS];
    job jobs[NPROGS];
    for (int i = 0; i < NPROGS; i++) {
        jobs[i] = (job){e, i, 0};
        assert_int_equal(pthread_create(&t[i], NULL, compile_and_run, &jobs[i]), 0);
    }
    for (int i = 0; i < NPROGS; i++) {
        assert_int_equal(pthread_join(t[i], NULL), 0);
        assert_int_equal(jobs[i].failed, 0);
    }
    hl_engine_free(e);
}

/* Eight threads making the first calls into the same cold stdlib
 * functions at once: a fresh engine per round, so io_lib, lists and the
 * functions they reach are loaded (module tables) and gated and
 * translated (function by function) by whichever thread comes first while
 * the others wait for it or run what it published (docs/bytecode.md §5,
 * "Stdlib images"). Every thread must get the right value. */
enum { COLD_THREADS = 8, COLD_ROUNDS = 3 };
static const char COLD_SRC[] =
    "-module(cold).\n-export([main/1]).\n"
    "main(N) -> S = lists:flatten(io_lib:format(\"~p~w\", [lists:seq(1, N), {N}])),\n"
    "    length(S) + lists:sum(lists:map(fun(X) -> X * 2 end, lists:seq(1, N))).\n";

typedef struct cold_job {
    const hl_module *module;
    pthread_barrier_t *go;
    int64_t got;
} cold_job;

static void *cold_call(void *arg) {
    cold_job *j = arg;
    hl_value *n = NULL, *r = NULL;
    j->got = -1;
    if (hl_value_int(5, &n) != HL_OK) return NULL;
    pthread_barrier_wait(j->go);
    if (hl_run(j->module, "main", &n, 1, NULL, &r, NULL) == HL_OK) (void)hl_value_get_int(r, &j->got);
    hl_value_free(r);
    hl_value_free(n);
    return NULL;
}

static void test_cold_stdlib_eight_threads(void **state) {
    (void)state;
    for (int round = 0; round < COLD_ROUNDS; round++) {
        hl_engine *e;
        assert_int_equal(hl_engine_new(&e), HL_OK);
        hl_module *m = NULL;
        assert_int_equal(hl_compile(e, "cold.erl", COLD_SRC, sizeof COLD_SRC - 1, NULL, &m, NULL), HL_OK);
        pthread_barrier_t go;
        assert_int_equal(pthread_barrier_init(&go, NULL, COLD_THREADS), 0);
        pthread_t t[COLD_THREADS];
        cold_job jobs[COLD_THREADS];
        for (int i = 0; i < COLD_THREADS; i++) {
            jobs[i] = (cold_job){m, &go, 0};
            assert_int_equal(pthread_create(&t[i], NULL, cold_call, &jobs[i]), 0);
        }
        for (int i = 0; i < COLD_THREADS; i++) {
            assert_int_equal(pthread_join(t[i], NULL), 0);
            /* "[1,2,3,4,5]{5}" is 14 characters; 2 * (1 + ... + 5) = 30 */
            assert_int_equal(jobs[i].got, 44);
        }
        pthread_barrier_destroy(&go);
        hl_module_free(m);
        hl_engine_free(e);
    }
}

/* A module and an argument made on the main thread, used by a worker. */
typedef struct handoff {
    const hl_module *module;
    const hl_value *arg;
    int64_t got;
} handoff;

static void *run_handed(void *arg) {
    handoff *h = arg;
    hl_value *r = NULL;
    hl_value *args[1] = {(hl_value *)h->arg};
    if (hl_run(h->module, "main", args, 1, NULL, &r, NULL) == HL_OK) (void)hl_value_get_int(r, &h->got);
    hl_value_free(r);
    return NULL;
}

/* Two engines in one process, each driven by its own threads at once
 * (every program on both), then a module of each run from a thread that
 * did not compile it, with a shared argument value; one engine freed while
 * the other's module still runs. */
static void test_two_engines(void **state) {
    (void)state;
    hl_engine *e[2];
    assert_int_equal(hl_engine_new(&e[0]), HL_OK);
    assert_int_equal(hl_engine_new(&e[1]), HL_OK);
    pthread_t t[2 * 4];
    job jobs[2 * 4];
    for (int i = 0; i < 8; i++) {
        jobs[i] = (job){e[i % 2], (i / 2) * 2 + (i % 2), 0};
        assert_int_equal(pthread_create(&t[i], NULL, compile_and_run, &jobs[i]), 0);
    }
    for (int i = 0; i < 8; i++) {
        assert_int_equal(pthread_join(t[i], NULL), 0);
        assert_int_equal(jobs[i].failed, 0);
    }
    char src[1024];
    hl_module *m[2];
    int len = make_source(src, sizeof src, 1, 9);
    for (int k = 0; k < 2; k++)
        assert_int_equal(hl_compile(e[k], "t.erl", src, (size_t)len, NULL, &m[k], NULL), HL_OK);
    assert_ptr_not_equal(m[0], m[1]); /* each engine has its own cache */
    hl_value *arg;
    assert_int_equal(hl_value_int(ARG[1], &arg), HL_OK);
    handoff h[4];
    pthread_t w[4];
    for (int i = 0; i < 4; i++) {
        h[i] = (handoff){m[i % 2], arg, -1};
        assert_int_equal(pthread_create(&w[i], NULL, run_handed, &h[i]), 0);
    }
    for (int i = 0; i < 4; i++) {
        assert_int_equal(pthread_join(w[i], NULL), 0);
        assert_int_equal(h[i].got, WANT[1] + 9);
    }
    hl_value_free(arg);
    hl_module_free(m[1]);
    hl_engine_free(e[1]);
    /* engine 0 and its module are untouched by the other's end */
    assert_int_equal(hl_value_int(ARG[1], &arg), HL_OK);
    h[0] = (handoff){m[0], arg, -1};
    assert_int_equal(pthread_create(&w[0], NULL, run_handed, &h[0]), 0);
    assert_int_equal(pthread_join(w[0], NULL), 0);
    assert_int_equal(h[0].got, WANT[1] + 9);
    hl_value_free(arg);
    hl_module_free(m[0]);
    hl_engine_free(e[0]);
}

/* Atoms: each engine interns into its own table. Two threads per engine
 * compile and run programs naming the same atoms (and some of their own),
 * each checking the atom it gets back by name; a result atom outlives its
 * engine (the value keeps the name alive). */
typedef struct atom_job {
    hl_engine *engine;
    int id;
    int failed;
    hl_value *kept; /* the last result, kept past the engine's end */
} atom_job;

static void *atoms_worker(void *arg) {
    atom_job *j = arg;
    char src[512];
    for (int round = 0; round < 6; round++) {
        int len = snprintf(src, sizeof src,
                           "-module(a).\n-export([f/1]).\n"
                           "f(0) -> shared_atom_%d;\nf(1) -> {own_%d_%d, shared_atom_%d}.\n",
                           round, j->id, round, round);
        hl_module *m = NULL;
        if (hl_compile(j->engine, "a.erl", src, (size_t)len, NULL, &m, NULL) != HL_OK) {
            j->failed = 1;
            return NULL;
        }
        hl_value *zero = NULL, *r = NULL;
        char want[64];
        int wl = snprintf(want, sizeof want, "shared_atom_%d", round);
        const char *name = NULL;
        size_t nl = 0;
        if (hl_value_int(0, &zero) != HL_OK || hl_run(m, "f", &zero, 1, NULL, &r, NULL) != HL_OK ||
            hl_value_get_atom(r, &name, &nl) != HL_OK || nl != (size_t)wl || memcmp(name, want, nl) != 0)
            j->failed = 1;
        hl_value_free(zero);
        hl_value_free(j->kept);
        j->kept = r;
        hl_module_free(m);
    }
    return NULL;
}

static void test_atoms_two_engines_threads(void **state) {
    (void)state;
    hl_engine *e[2];
    assert_int_equal(hl_engine_new(&e[0]), HL_OK);
    assert_int_equal(hl_engine_new(&e[1]), HL_OK);
    atom_job jobs[4];
    pthread_t t[4];
    for (int i = 0; i < 4; i++) {
        jobs[i] = (atom_job){e[i % 2], i, 0, NULL};
        assert_int_equal(pthread_create(&t[i], NULL, atoms_worker, &jobs[i]), 0);
    }
    for (int i = 0; i < 4; i++) {
        assert_int_equal(pthread_join(t[i], NULL), 0);
        assert_int_equal(jobs[i].failed, 0);
    }
    hl_engine_free(e[0]);
    hl_engine_free(e[1]);
    for (int i = 0; i < 4; i++) { /* the engines are gone; the names are not */
        const char *name = NULL;
        size_t nl = 0;
        assert_int_equal(hl_value_get_atom(jobs[i].kept, &name, &nl), HL_OK);
        assert_int_equal(nl, strlen("shared_atom_5"));
        assert_memory_equal(name, "shared_atom_5", nl);
        hl_value_free(jobs[i].kept);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eight_programs_one_engine),
        cmocka_unit_test(test_two_engines),
        cmocka_unit_test(test_cold_stdlib_eight_threads),
        cmocka_unit_test(test_atoms_two_engines_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
