/* bench_actors.c — Hyperlang's side of bench/actors.sh (issue 14 item 8,
 * bench/README.md "Actors"): guest processes and actors on the engine's
 * scheduler, each figure the median over rounds. Prints one line per
 * figure, `ROW<TAB>key<TAB>value<TAB>cpu` (cpu: the CPU figure beside a
 * wall one, or -), for actors.sh to tabulate beside BEAM and Lua:
 *   spawn     a process spawned that runs to its receive: an actor is
 *             called to spawn N that wait, then yield (its world's run
 *             queue is FIFO: they all reach their receive first) and
 *             reply; (call(N) - call(0)) / N, ns, wall and the CPU of
 *             every thread (the workers run most of it); a fresh actor
 *             each round, killed after it;
 *   spawn_stop  the same, then stopped (spawn_wait(N) by hl_run in this
 *             thread, less spawn_wait(0)), ns per process, wall and thread
 *             CPU;
 *   pingpong  a message round trip between two guest processes (the same
 *             way: pingpong(N) less pingpong(0)), ns, wall and thread CPU;
 *   call      host -> actor call round trip with a reply (hl_actor_call of
 *             an immediate answered by a receive loop), ns, wall and the
 *             CPU of every thread of this process per call;
 *   fib15_K   requests per second of fib(15) over K actors (K = 1, 2, 4,
 *             16, 64) on 2 workers: the host casts a batch to every actor,
 *             each answers its host pseudo-process, the host collects;
 *   noisy_*   p99 of a latency-class actor's fib(10) call alone, then with
 *             16 background-class actors spinning, µs, and their ratio;
 *   drop      1,000 spinning actors (each with a spinning child) whose
 *             handles are dropped: ms from the first drop until the other
 *             threads stop using CPU, and the CPU they used meanwhile;
 *   idle      RSS growth per idle process (waiting in receive) over N of
 *             them in one engine, bytes (and N = 1,000,000 with --million:
 *             the total MB).
 * Usage: bench_actors [--quick] [--million] [--only KEY] */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_clock.h"
#include "hyperlang.h"

/* The guest kernels: the same code as bench/kernels/actorbench.erl runs on
 * BEAM (spawn_wait, pingpong as procbench.erl; server as a gen_server). */
static const char *SRC =
    "-module(ab).\n"
    "-export([server/1, spin/1, spin_tree/1, idle/2, spawn_wait/1, pingpong/1, spawner/1]).\n"
    "server(Host) ->\n"
    "    receive\n"
    "        {'$gen_call', {F, T}, {fib, N}} -> F ! {T, fib(N)}, server(Host);\n"
    "        {'$gen_call', {F, T}, R} -> F ! {T, R}, server(Host);\n"
    "        {'$gen_cast', {fib, N}} -> Host ! fib(N), server(Host)\n"
    "    end.\n"
    "fib(N) when N < 2 -> N;\n"
    "fib(N) -> fib(N - 1) + fib(N - 2).\n"
    "spin(H) -> spin(H).\n"
    "spin_tree(H) -> spawn(fun() -> spin(H) end), spin(H).\n"
    "idle(Host, N) -> idle_spawn(N), Host ! ready, receive stop -> ok end.\n"
    "idle_spawn(0) -> ok;\n"
    "idle_spawn(N) -> spawn(fun() -> receive x -> ok end end), idle_spawn(N - 1).\n"
    "spawn_wait(N) -> Ps = spawn_n(N, []), [P ! stop || P <- Ps], length(Ps).\n"
    "spawn_n(0, Acc) -> Acc;\n"
    "spawn_n(N, Acc) -> spawn_n(N - 1, [spawn(fun w/0) | Acc]).\n"
    "w() -> receive stop -> ok end.\n"
    "spawner(H) ->\n"
    "    receive {'$gen_call', {F, T}, N} -> spawn_o(N), erlang:yield(), F ! {T, N}, spawner(H) end.\n"
    "spawn_o(0) -> ok;\n"
    "spawn_o(N) -> spawn(fun w/0), spawn_o(N - 1).\n"
    "pingpong(N) -> P = spawn(fun pong/0), ping(P, N), P ! stop, ok.\n"
    "ping(_, 0) -> ok;\n"
    "ping(P, N) -> P ! {self(), N}, receive N -> ping(P, N - 1) end.\n"
    "pong() -> receive {From, N} -> From ! N, pong(); stop -> ok end.\n";

static bool quick;

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return v[n / 2];
}

static void check(hl_status st, hl_error *e, const char *what) {
    if (st == HL_OK) return;
    fprintf(stderr, "bench_actors: %s: %s\n", what, e ? hl_error_message(e) : hl_status_name(st));
    exit(1);
}

static void row(const char *key, double v, double cpu) {
    if (cpu < 0) printf("ROW\t%s\t%.1f\t-\n", key, v);
    else printf("ROW\t%s\t%.1f\t%.1f\n", key, v, cpu);
    fflush(stdout);
}

static hl_limits *limits(void) {
    hl_limits *l;
    hl_limits_new(&l);
    hl_limits_set(l, HL_LIMIT_REDUCTIONS, UINT64_C(1) << 50);
    hl_limits_set(l, HL_LIMIT_TIMEOUT_MS, 3600000);
    return l;
}

static hl_actor *start(hl_module *m, const char *fn, hl_value **args, size_t n, hl_scope *sc) {
    hl_limits *l = limits();
    hl_actor *a = NULL;
    hl_error *e = NULL;
    check(hl_actor_start(m, fn, args, n, sc, l, HL_ACTOR_HOST_ARG, &a, &e), e, fn);
    hl_limits_free(l);
    return a;
}

static hl_value *fibreq(hl_module *m, int n) {
    hl_value *it[2], *t;
    hl_value_atom(m, "fib", 3, &it[0]);
    hl_value_int(n, &it[1]);
    hl_value_tuple(it, 2, &t);
    hl_value_free(it[0]);
    hl_value_free(it[1]);
    return t;
}

/* ---- guest kernels by hl_run in this thread ---------------------------------------- */

/* One hl_run of F(N): wall and thread CPU, s. */
static void run_once(hl_module *m, const char *f, long n, double *wall, double *cpu) {
    hl_value *arg = NULL, *r = NULL;
    hl_error *e = NULL;
    hl_value_int(n, &arg);
    hl_run_limits lim = {UINT64_C(1) << 50, 256u << 20, 600000, 1u << 20};
    double w0 = now_s(), c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
    check(hl_run(m, f, &arg, 1, &lim, &r, &e), e, f);
    *wall = now_s() - w0;
    *cpu = clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
    hl_value_free(arg);
    hl_value_free(r);
}

/* (F(N) - F(0)) / N over rounds, ns: the run's fixed costs cancel out. */
static void per_unit(hl_module *m, const char *f, long n, int rounds, const char *key) {
    double w[31], c[31], w0, c0, w1, c1;
    run_once(m, f, n, &w1, &c1); /* warm: the allocator's memory */
    for (int i = 0; i < rounds; i++) {
        run_once(m, f, 0, &w0, &c0);
        run_once(m, f, n, &w1, &c1);
        w[i] = (w1 - w0) / (double)n * 1e9;
        c[i] = (c1 - c0) / (double)n * 1e9;
    }
    row(key, median(w, rounds), median(c, rounds));
}

/* ---- actors ------------------------------------------------------------------------- */

/* One timed call of n spawns on actor a: wall and process CPU, s. */
static void spawn_call(hl_actor *a, long n, double *wall, double *cpu) {
    hl_value *req = NULL, *r = NULL;
    hl_error *e = NULL;
    hl_value_int(n, &req);
    double w0 = now_s(), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
    check(hl_actor_call(a, req, 0, &r, &e), e, "spawn call");
    *wall = now_s() - w0;
    *cpu = clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0;
    hl_value_free(req);
    hl_value_free(r);
}

static void bench_spawn(hl_module *m, long n, int rounds) {
    double w[31], c[31];
    for (int i = 0; i <= rounds; i++) {
        hl_actor *a = start(m, "spawner", NULL, 0, NULL);
        double w0, c0, w1, c1;
        spawn_call(a, 0, &w0, &c0);
        spawn_call(a, 0, &w0, &c0);
        spawn_call(a, n, &w1, &c1);
        hl_actor_kill(a);
        hl_value *res = NULL;
        hl_actor_wait(a, 0, &res, NULL);
        hl_value_free(res);
        hl_actor_free(a);
        if (i == 0) continue; /* warm: the allocator's memory */
        w[i - 1] = (w1 - w0) / (double)n * 1e9;
        c[i - 1] = (c1 - c0) / (double)n * 1e9;
    }
    row("spawn", median(w, rounds), median(c, rounds));
}

static double call_ns(hl_actor *a, hl_value *req, int n) {
    double t0 = now_s();
    for (int i = 0; i < n; i++) {
        hl_value *r = NULL;
        hl_error *e = NULL;
        check(hl_actor_call(a, req, 0, &r, &e), e, "call");
        hl_value_free(r);
    }
    return (now_s() - t0) / n * 1e9;
}

static void bench_call(hl_module *m) {
    hl_actor *a = start(m, "server", NULL, 0, NULL);
    hl_value *req;
    hl_value_int(42, &req);
    call_ns(a, req, 2000); /* warm */
    int rounds = quick ? 3 : 15, n = quick ? 2000 : 5000;
    double v[15], c[15];
    for (int i = 0; i < rounds; i++) {
        double c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
        v[i] = call_ns(a, req, n);
        c[i] = (clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0) / n * 1e9;
    }
    row("call", median(v, rounds), median(c, rounds));
    hl_value_free(req);
    hl_actor_free(a);
}

static void bench_fib(hl_module *m) {
    static const int ks[] = {1, 2, 4, 16, 64};
    hl_value *req = fibreq(m, 15);
    int rounds = quick ? 3 : 7, total = quick ? 64 : 512;
    for (size_t ki = 0; ki < sizeof ks / sizeof ks[0]; ki++) {
        int k = ks[ki], per = total / k < 4 ? 4 : total / k;
        hl_actor **as = calloc((size_t)k, sizeof *as);
        for (int i = 0; i < k; i++) as[i] = start(m, "server", NULL, 0, NULL);
        double v[7];
        for (int round = 0; round < rounds; round++) {
            double t0 = now_s();
            for (int j = 0; j < per; j++)
                for (int i = 0; i < k; i++) check(hl_actor_cast(as[i], req, NULL), NULL, "cast");
            for (int i = 0; i < k; i++)
                for (int j = 0; j < per; j++) {
                    hl_value *r = NULL;
                    check(hl_actor_receive(as[i], 600000, &r), NULL, "receive");
                    hl_value_free(r);
                }
            v[round] = (double)(per * k) / (now_s() - t0);
        }
        char key[32];
        snprintf(key, sizeof key, "fib15_%d", k);
        row(key, median(v, rounds), -1);
        for (int i = 0; i < k; i++) hl_actor_free(as[i]);
        free(as);
    }
    hl_value_free(req);
}

static double p99_us(hl_actor *a, hl_value *req, int n) {
    double *v = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++) {
        double t0 = now_s();
        hl_value *r = NULL;
        hl_error *e = NULL;
        check(hl_actor_call(a, req, 0, &r, &e), e, "call");
        hl_value_free(r);
        v[i] = (now_s() - t0) * 1e6;
    }
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    double p = v[n * 99 / 100];
    free(v);
    return p;
}

static void bench_noisy(hl_engine *eng, hl_module *m) {
    hl_scope *lat, *bg;
    hl_scope_new(eng, &lat);
    hl_scope_new(eng, &bg);
    hl_scope_set(lat, HL_SCOPE_PRIORITY, HL_PRIORITY_LATENCY);
    hl_scope_set(bg, HL_SCOPE_PRIORITY, HL_PRIORITY_BACKGROUND);
    hl_actor *a = start(m, "server", NULL, 0, lat);
    hl_value *req = fibreq(m, 10);
    int n = quick ? 1000 : 5000;
    p99_us(a, req, 1000);
    double alone = p99_us(a, req, n);
    hl_actor *spin[16];
    for (int i = 0; i < 16; i++) spin[i] = start(m, "spin", NULL, 0, bg);
    p99_us(a, req, 1000);
    double busy = p99_us(a, req, n);
    row("noisy_alone", alone, -1);
    row("noisy_busy", busy, -1);
    row("noisy_ratio", busy / alone, -1);
    for (int i = 0; i < 16; i++) hl_actor_free(spin[i]);
    hl_actor_free(a);
    hl_value_free(req);
    hl_scope_free(lat);
    hl_scope_free(bg);
}

/* CPU of every thread but this one, s. */
static double others_cpu(void) { return clock_s(CLOCK_PROCESS_CPUTIME_ID) - clock_s(CLOCK_THREAD_CPUTIME_ID); }

/* 1,000 spinning actors with a spinning child each, their handles dropped:
 * how long until the other threads (workers, timer) stop using CPU. The
 * other threads' CPU is sampled every 100 µs for 300 ms (150 ms in quick
 * mode); idle is the first
 * sample from which they use less than 0.3 ms more (a worker's idle spin
 * before it blocks is 50 µs). */
static void drop_once(hl_module *m, double *ms, double *cpu_ms) {
    enum { N = 1000, SAMPLES = 3000 };
    hl_actor **as = calloc(N, sizeof *as);
    for (int i = 0; i < N; i++) as[i] = start(m, "spin_tree", NULL, 0, NULL);
    struct timespec nap = {0, 50000000};
    nanosleep(&nap, NULL); /* all of them spinning */
    static double t[SAMPLES], c[SAMPLES];
    double t0 = now_s(), c0 = others_cpu();
    for (int i = 0; i < N; i++) hl_actor_free(as[i]);
    int k = 0;
    for (; k < SAMPLES; k++) {
        t[k] = now_s() - t0;
        c[k] = others_cpu() - c0;
        if (t[k] > (quick ? 0.15 : 0.3)) break;
        struct timespec step = {0, 100000};
        nanosleep(&step, NULL);
    }
    if (k == SAMPLES) k--;
    double final = c[k];
    int i = 0;
    while (i < k && c[i] < final - 0.0003) i++;
    *ms = t[i] * 1e3;
    *cpu_ms = c[i] * 1e3;
    free(as);
}

static void bench_drop(hl_module *m) {
    int rounds = quick ? 3 : 7;
    double v[7], c[7];
    for (int i = 0; i < rounds; i++) drop_once(m, &v[i], &c[i]);
    row("drop", median(v, rounds), median(c, rounds));
}

static long rss_kb(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, rss = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &rss) != 2) rss = 0;
        fclose(f);
    }
    return rss * (sysconf(_SC_PAGESIZE) / 1024);
}

/* RSS growth over n idle processes, bytes per process (and MB in all). */
static double idle_once(hl_engine *eng, hl_module *m, long n, double *mb) {
    hl_scope *sc;
    hl_scope_new(eng, &sc);
    hl_scope_set(sc, HL_SCOPE_MAX_PROCESSES, (uint64_t)n + 16);
    hl_scope_set(sc, HL_SCOPE_MEMORY_BYTES, UINT64_C(16) << 30);
    long before = rss_kb();
    hl_value *args[1];
    hl_value_int(n, &args[0]);
    hl_actor *a = start(m, "idle", args, 1, sc);
    hl_value *r = NULL;
    check(hl_actor_receive(a, 3600000, &r), NULL, "ready");
    long after = rss_kb();
    hl_value_free(r);
    hl_value_free(args[0]);
    hl_actor_kill(a);
    hl_value *res = NULL;
    hl_actor_wait(a, 0, &res, NULL); /* the world is freed before the next row */
    hl_value_free(res);
    hl_actor_free(a);
    hl_scope_free(sc);
    *mb = (double)(after - before) / 1024;
    return (double)(after - before) * 1024 / (double)n;
}

int main(int argc, char **argv) {
    bool million = false;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) quick = true;
        else if (strcmp(argv[i], "--million") == 0) million = true;
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
        else {
            fprintf(stderr, "usage: bench_actors [--quick] [--million] [--only KEY]\n");
            return 2;
        }
    }
#define WANT(k) (!only || strcmp(only, k) == 0)
    hl_engine *eng;
    hl_engine_new(&eng);
    hl_engine_set_workers(eng, 2);
    hl_compile_options *o;
    hl_compile_options_new(&o);
    hl_compile_options_grant_capability(o, "processes");
    hl_module *m = NULL;
    hl_error *e = NULL;
    check(hl_compile(eng, "ab.erl", SRC, strlen(SRC), o, &m, &e), e, "compile");
    hl_compile_options_free(o);
    int rounds = quick ? 3 : 9;
    /* the idle figure first: RSS growth is clean before other rows' heaps */
    if (WANT("idle")) {
        /* the first round's growth includes the allocator's first carve-up
         * of fresh memory; later rounds reuse what earlier ones freed, so
         * only the first is the figure (RSS growth, as issue 14 asks) */
        double mb;
        row("idle", idle_once(eng, m, 100000, &mb), -1);
    }
    if (WANT("spawn")) bench_spawn(m, quick ? 10000 : 50000, rounds);
    if (WANT("spawn_stop")) per_unit(m, "spawn_wait", quick ? 10000 : 50000, rounds, "spawn_stop");
    if (WANT("pingpong")) per_unit(m, "pingpong", quick ? 20000 : 200000, rounds, "pingpong");
    if (WANT("call")) bench_call(m);
    if (WANT("fib")) bench_fib(m);
    if (WANT("noisy")) bench_noisy(eng, m);
    if (WANT("drop")) bench_drop(m);
    if (million && WANT("million")) {
        double mb;
        idle_once(eng, m, 1000000, &mb);
        row("million", mb, -1);
    }
    hl_module_free(m);
    hl_engine_free(eng);
    return 0;
}
