/* bench_compile.c — the cost of a cold compile, as bench/harness's
 * `compile` row defines it: hl_engine_new, hl_compile of one source,
 * hl_module_free, hl_engine_free (a fresh engine, so the program cache
 * cannot answer and nothing of a previous compile is reused), in a process
 * that has already compiled once (the harness checks the kernel first: the
 * library's one-time set-up, e.g. the static atoms, is not in the row).
 *   bench_compile FILE [N [WALL_MS]]
 * Prints the median and minimum thread CPU and wall time of N (default 201)
 * cold compiles. WALL_MS, when given, is the compile's wall-clock limit
 * (HL_LIMIT_WALL_MS; default options otherwise, as the harness's): under
 * callgrind a compile may take longer than the default 2 s. bench/compile.sh runs it, and under callgrind with N = 1
 * and N = 11 for the instructions of one compile per pass. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hyperlang.h"

static uint64_t clock_ns(clockid_t c) {
    struct timespec t;
    clock_gettime(c, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: bench_compile FILE [N]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    static char src[1 << 20];
    size_t len = fread(src, 1, sizeof src, f);
    fclose(f);
    long n = argc > 2 ? atol(argv[2]) : 201;
    if (n < 1) n = 1;
    hl_compile_options *o = NULL;
    if (argc > 3 && (hl_compile_options_new(&o) != HL_OK ||
                     hl_compile_options_set_limit(o, HL_LIMIT_WALL_MS, (uint64_t)atol(argv[3])) != HL_OK)) {
        fprintf(stderr, "bench_compile: bad WALL_MS\n");
        return 2;
    }
    hl_engine *e0;
    hl_error *err = NULL;
    if (hl_engine_new(&e0) != HL_OK || hl_check(e0, argv[1], src, len, o, &err) != HL_OK) {
        fprintf(stderr, "bench_compile: %s\n", err ? hl_error_message(err) : "hl_engine_new failed");
        return 1;
    }
    hl_engine_free(e0);
    uint64_t *cpu = calloc((size_t)n, sizeof *cpu), *wall = calloc((size_t)n, sizeof *wall);
    if (!cpu || !wall) return 1;
    for (long i = 0; i < n; i++) {
        uint64_t c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID), w0 = clock_ns(CLOCK_MONOTONIC);
        hl_engine *e;
        hl_module *m = NULL;
        if (hl_engine_new(&e) != HL_OK || hl_compile(e, argv[1], src, len, o, &m, NULL) != HL_OK) {
            fprintf(stderr, "bench_compile: the compile failed\n");
            return 1;
        }
        hl_module_free(m);
        hl_engine_free(e);
        cpu[i] = clock_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
        wall[i] = clock_ns(CLOCK_MONOTONIC) - w0;
    }
    qsort(cpu, (size_t)n, sizeof *cpu, cmp_u64);
    qsort(wall, (size_t)n, sizeof *wall, cmp_u64);
    printf("cold compile of %s: median %.3f ms CPU (min %.3f), median %.3f ms wall (min %.3f), %ld compiles\n",
           argv[1], cpu[n / 2] / 1e6, cpu[0] / 1e6, wall[n / 2] / 1e6, wall[0] / 1e6, n);
    free(cpu);
    free(wall);
    hl_compile_options_free(o);
    return 0;
}
