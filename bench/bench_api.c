/* bench_api.c — the public run API's costs (docs/design.md §6), each printed as a
 * median over repeated batches:
 *   fib(25) per call (compile once, run many), ms;
 *   the fixed cost of one hl_run of id(42) with fresh limits, µs;
 *   a warm call of id(42) on a kept tenant (hl_tenant_call), ns;
 *   compiling bench/kernels/hlbench.erl on a warm engine (its stdlib
 *   loaded) with a program-cache miss each time, ms;
 *   the same with a new engine each time (the stdlib's modules it links
 *   loaded and gated too), ms;
 *   a program-cache hit (same source and options), µs.
 * Usage: bench_api [SOURCE_DIR]   (defaults to HL_SOURCE_DIR when built). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"
#include "hyperlang.h"

#ifndef HL_SOURCE_DIR
#define HL_SOURCE_DIR "."
#endif

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char buf[1 << 20];
    *len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    return buf;
}

#define BATCHES 9

int main(int argc, char **argv) {
    char path[4096];
    snprintf(path, sizeof path, "%s/bench/kernels/hlbench.erl", argc > 1 ? argv[1] : HL_SOURCE_DIR);
    size_t len;
    const char *src = slurp(path, &len);
    if (!src) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    hl_engine *eng;
    hl_module *m;
    hl_error *err = NULL;
    if (hl_engine_new(&eng) != HL_OK || hl_compile(eng, "hlbench.erl", src, len, NULL, &m, &err) != HL_OK) {
        fprintf(stderr, "compile: %s\n", err ? hl_error_message(err) : "?");
        return 1;
    }
    double t[BATCHES];
    hl_value *arg, *r;
    int64_t v;

    /* fib(25) */
    hl_value_int(25, &arg);
    for (int b = 0; b < BATCHES; b++) {
        double s = now_s();
        for (int i = 0; i < 5; i++) {
            if (hl_run(m, "fib", &arg, 1, NULL, &r, NULL) != HL_OK || hl_value_get_int(r, &v) != HL_OK ||
                v != 75025)
                return 1;
            hl_value_free(r);
        }
        t[b] = (now_s() - s) / 5 * 1e3;
    }
    qsort(t, BATCHES, sizeof t[0], cmp_d);
    printf("fib(25) through hl_run:            %8.3f ms per call\n", t[BATCHES / 2]);
    hl_value_free(arg);

    /* id(42): the fixed cost of a run */
    hl_value_int(42, &arg);
    for (int b = 0; b < BATCHES; b++) {
        const int n = 100000;
        double s = now_s();
        for (int i = 0; i < n; i++) {
            hl_run_limits lim = {1000000, 1u << 20, 1000, 0};
            if (hl_run(m, "id", &arg, 1, &lim, &r, NULL) != HL_OK) return 1;
            hl_value_free(r);
        }
        t[b] = (now_s() - s) / n * 1e6;
    }
    qsort(t, BATCHES, sizeof t[0], cmp_d);
    printf("id(42) through hl_run:             %8.3f us per call\n", t[BATCHES / 2]);
    hl_value_free(arg);

    /* id(42) on a kept tenant: a warm call */
    {
        hl_tenant *ten = NULL;
        uint32_t f = 0;
        if (hl_tenant_new(m, NULL, &ten) != HL_OK || hl_module_function(m, "id", 1, &f, NULL) != HL_OK) return 1;
        hl_value_int(42, &arg);
        for (int b = 0; b < BATCHES; b++) {
            const int n = 200000;
            double s = now_s();
            for (int i = 0; i < n; i++) {
                if (hl_tenant_call(ten, f, &arg, 1, &r, NULL) != HL_OK) return 1;
                hl_value_free(r);
            }
            t[b] = (now_s() - s) / n * 1e9;
        }
        qsort(t, BATCHES, sizeof t[0], cmp_d);
        printf("id(42) on a warm tenant:           %8.1f ns per call\n", t[BATCHES / 2]);
        hl_value_free(arg);
        hl_tenant_free(ten);
    }

    /* compile on a warm engine, missing the program cache each time (a
     * comment line with a counter makes every source distinct) */
    {
        static char src2[1 << 20];
        unsigned serial = 0;
        for (int b = 0; b < BATCHES; b++) {
            const int n = 50;
            double s = now_s();
            for (int i = 0; i < n; i++) {
                int k = snprintf(src2, sizeof src2, "%% %u\n", serial++);
                memcpy(src2 + k, src, len);
                hl_module *m2;
                if (hl_compile(eng, "hlbench.erl", src2, len + (size_t)k, NULL, &m2, NULL) != HL_OK) return 1;
                hl_module_free(m2);
            }
            t[b] = (now_s() - s) / n * 1e3;
        }
        qsort(t, BATCHES, sizeof t[0], cmp_d);
        printf("compile hlbench.erl (cache miss):  %8.3f ms\n", t[BATCHES / 2]);
    }

    /* compile, cold: a new engine (empty cache, no stdlib loaded) each time */
    for (int b = 0; b < BATCHES; b++) {
        const int n = 50;
        double s = now_s();
        for (int i = 0; i < n; i++) {
            hl_engine *e2;
            hl_module *m2;
            if (hl_engine_new(&e2) != HL_OK || hl_compile(e2, "hlbench.erl", src, len, NULL, &m2, NULL) != HL_OK)
                return 1;
            hl_module_free(m2);
            hl_engine_free(e2);
        }
        t[b] = (now_s() - s) / n * 1e3;
    }
    qsort(t, BATCHES, sizeof t[0], cmp_d);
    printf("compile hlbench.erl (new engine):  %8.3f ms\n", t[BATCHES / 2]);

    /* cache hit */
    for (int b = 0; b < BATCHES; b++) {
        const int n = 10000;
        double s = now_s();
        for (int i = 0; i < n; i++) {
            hl_module *m2;
            if (hl_compile(eng, "hlbench.erl", src, len, NULL, &m2, NULL) != HL_OK) return 1;
            hl_module_free(m2);
        }
        t[b] = (now_s() - s) / n * 1e6;
    }
    qsort(t, BATCHES, sizeof t[0], cmp_d);
    printf("compile hlbench.erl (cache hit):   %8.3f us\n", t[BATCHES / 2]);
    hl_module_free(m);
    hl_engine_free(eng);
    return 0;
}
