/* bench_actors.c — actors on the engine's scheduler (docs/actors.md §7-§9),
 * each figure a median over batches (wall clock; the machine's other load
 * shows in it):
 *   call     host -> actor call round trip with a reply (hl_actor_call of
 *            an immediate answered by a receive loop), ns;
 *   fib15 K  requests per second of fib(15) over K actors (K = 1, 2, 4,
 *            16, 64): the host casts a batch to every actor, each answers
 *            its host pseudo-process, the host collects the answers;
 *   noisy    p50 / p99 of a latency-class actor's call (fib(10)) alone,
 *            then with 16 background-class actors spinning, µs;
 *   idle     RSS growth per idle process (waiting in receive) over N of
 *            them in one engine, bytes (N = 1,000,000 by default).
 * Usage: bench_actors [IDLE_PROCESSES] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "hyperlang.h"

static const char *SRC =
    "-module(ab).\n"
    "-export([server/1, spin/1, idle/2]).\n"
    "server(Host) ->\n"
    "    receive\n"
    "        {'$gen_call', {F, T}, {fib, N}} -> F ! {T, fib(N)}, server(Host);\n"
    "        {'$gen_call', {F, T}, R} -> F ! {T, R}, server(Host);\n"
    "        {'$gen_cast', {fib, N}} -> Host ! fib(N), server(Host)\n"
    "    end.\n"
    "fib(N) when N < 2 -> N;\n"
    "fib(N) -> fib(N - 1) + fib(N - 2).\n"
    "spin(H) -> spin(H).\n"
    "idle(Host, N) -> idle_spawn(N), Host ! ready, receive stop -> ok end.\n"
    "idle_spawn(0) -> ok;\n"
    "idle_spawn(N) -> spawn(fun() -> receive x -> ok end end), idle_spawn(N - 1).\n";

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return v[n / 2];
}

static void check(hl_status st, hl_error *e, const char *what) {
    if (st == HL_OK) return;
    fprintf(stderr, "%s: %s\n", what, e ? hl_error_message(e) : hl_status_name(st));
    exit(1);
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

/* CPU time of the whole process (every thread), s. */
static double cpu_s(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec * 1e-6;
}

static void bench_call(hl_module *m) {
    hl_actor *a = start(m, "server", NULL, 0, NULL);
    hl_value *req;
    hl_value_int(42, &req);
    call_ns(a, req, 2000); /* warm */
    double v[15], c[15];
    for (int i = 0; i < 15; i++) {
        double c0 = cpu_s();
        v[i] = call_ns(a, req, 5000);
        c[i] = (cpu_s() - c0) / 5000 * 1e9;
    }
    printf("call round trip (host -> actor -> host)\t%.0f ns wall, %.0f ns CPU (all threads)\n", median(v, 15),
           median(c, 15));
    hl_value_free(req);
    hl_actor_free(a);
}

static void bench_fib(hl_module *m) {
    static const int ks[] = {1, 2, 4, 16, 64};
    hl_value *req = fibreq(m, 15);
    for (size_t ki = 0; ki < sizeof ks / sizeof ks[0]; ki++) {
        int k = ks[ki], per = 256 / k < 4 ? 4 : 256 / k;
        hl_actor **as = calloc((size_t)k, sizeof *as);
        for (int i = 0; i < k; i++) as[i] = start(m, "server", NULL, 0, NULL);
        double v[7];
        for (int round = 0; round < 7; round++) {
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
        printf("fib(15) requests over %d actors\t%.0f /s\n", k, median(v, 7));
        for (int i = 0; i < k; i++) hl_actor_free(as[i]);
        free(as);
    }
    hl_value_free(req);
}

static void latencies(hl_actor *a, hl_value *req, int n, double *p50, double *p99) {
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
    *p50 = v[n / 2];
    *p99 = v[n * 99 / 100];
    free(v);
}

static void bench_noisy(hl_engine *eng, hl_module *m) {
    hl_scope *lat, *bg;
    hl_scope_new(eng, &lat);
    hl_scope_new(eng, &bg);
    hl_scope_set(lat, HL_SCOPE_PRIORITY, HL_PRIORITY_LATENCY);
    hl_scope_set(bg, HL_SCOPE_PRIORITY, HL_PRIORITY_BACKGROUND);
    hl_actor *a = start(m, "server", NULL, 0, lat);
    hl_value *req = fibreq(m, 10);
    double p50a, p99a, p50b, p99b;
    latencies(a, req, 1000, &p50a, &p99a);
    latencies(a, req, 5000, &p50a, &p99a);
    hl_actor *spin[16];
    for (int i = 0; i < 16; i++) spin[i] = start(m, "spin", NULL, 0, bg);
    latencies(a, req, 1000, &p50b, &p99b);
    latencies(a, req, 5000, &p50b, &p99b);
    printf("noisy neighbours: latency actor's fib(10) call alone\tp50 %.1f us, p99 %.1f us\n", p50a, p99a);
    printf("noisy neighbours: with 16 background actors spinning\tp50 %.1f us, p99 %.1f us (%.2fx)\n", p50b, p99b,
           p99b / p99a);
    for (int i = 0; i < 16; i++) hl_actor_free(spin[i]);
    hl_actor_free(a);
    hl_value_free(req);
    hl_scope_free(lat);
    hl_scope_free(bg);
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

static void bench_idle(hl_engine *eng, hl_module *m, long n) {
    hl_scope *sc;
    hl_scope_new(eng, &sc);
    hl_scope_set(sc, HL_SCOPE_MAX_PROCESSES, (uint64_t)n + 16);
    hl_scope_set(sc, HL_SCOPE_MEMORY_BYTES, UINT64_C(16) << 30);
    long before = rss_kb();
    double t0 = now_s();
    hl_value *args[1];
    hl_value_int(n, &args[0]);
    hl_actor *a = start(m, "idle", args, 1, sc);
    hl_value *r = NULL;
    check(hl_actor_receive(a, 3600000, &r), NULL, "ready");
    double dt = now_s() - t0;
    long after = rss_kb();
    printf("idle processes\t%ld in %.2f s; RSS +%.1f MB, %.0f bytes each\n", n, dt, (double)(after - before) / 1024,
           (double)(after - before) * 1024 / (double)n);
    hl_value_free(r);
    hl_value_free(args[0]);
    hl_actor_free(a);
    hl_scope_free(sc);
}

int main(int argc, char **argv) {
    long idle_n = argc > 1 ? atol(argv[1]) : 1000000;
    hl_engine *eng;
    hl_engine_new(&eng);
    hl_compile_options *o;
    hl_compile_options_new(&o);
    hl_compile_options_grant_capability(o, "processes");
    hl_module *m = NULL;
    hl_error *e = NULL;
    check(hl_compile(eng, "ab.erl", SRC, strlen(SRC), o, &m, &e), e, "compile");
    hl_compile_options_free(o);
    bench_call(m);
    bench_fib(m);
    bench_noisy(eng, m);
    if (idle_n > 0) bench_idle(eng, m, idle_n);
    hl_module_free(m);
    hl_engine_free(eng);
    return 0;
}
