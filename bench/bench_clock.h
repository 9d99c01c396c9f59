/* bench_clock.h — the clocks and the sort the C benchmarks share (bench_*.c
 * and actors_lua.c, which is built apart with no Hyperlang header): a clock
 * in seconds, the monotonic one, and qsort's comparison of doubles for the
 * medians. Header-only (static inline): each benchmark is one file. */
#ifndef HL_BENCH_CLOCK_H
#define HL_BENCH_CLOCK_H

#include <time.h>

static inline double clock_s(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline double now_s(void) { return clock_s(CLOCK_MONOTONIC); }

static inline int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

#endif
