/* bench_call_cpu.c — the C side of python/bench_calls.py: what one call of
 * id(42) costs a C host doing what the Python binding does per call (make
 * the argument, call, read the integer result, free both), through hl_run
 * and through a warm tenant. Medians of 9 batches, in wall time and in
 * this process's CPU time (on a loaded machine the CPU time is the fair
 * comparison: wall time also counts the time other jobs held the core). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"
#include "hyperlang.h"

#define BATCHES 9
#define CALLS 100000

static int one_run(const hl_module *m) {
    hl_value *arg = NULL, *r = NULL;
    int64_t v = 0;
    if (hl_value_int(42, &arg) != HL_OK) return 1;
    hl_status s = hl_run_counted(m, "id", &arg, 1, NULL, &r, NULL, NULL, NULL, NULL);
    hl_value_free(arg);
    if (s != HL_OK || hl_value_get_int(r, &v) != HL_OK || v != 42) return 1;
    hl_value_free(r);
    return 0;
}

static int one_tenant(hl_tenant *t, uint32_t f) {
    hl_value *arg = NULL, *r = NULL;
    int64_t v = 0;
    if (hl_value_int(42, &arg) != HL_OK) return 1;
    hl_status s = hl_tenant_call(t, f, &arg, 1, &r, NULL);
    hl_value_free(arg);
    if (s != HL_OK || hl_value_get_int(r, &v) != HL_OK || v != 42) return 1;
    hl_value_free(r);
    return 0;
}

int main(void) {
    static const char src[] = "-module(b).\n-export([id/1]).\nid(X) -> X.\n";
    hl_engine *e = NULL;
    hl_module *m = NULL;
    hl_tenant *t = NULL;
    uint32_t f = 0;
    if (hl_engine_new(&e) != HL_OK || hl_compile(e, "b.erl", src, strlen(src), NULL, &m, NULL) != HL_OK ||
        hl_tenant_new(m, NULL, &t) != HL_OK || hl_module_function(m, "id", 1, &f, NULL) != HL_OK)
        return 1;
    for (int which = 0; which < 2; which++) {
        double wall[BATCHES], cpu[BATCHES];
        for (int b = 0; b < BATCHES; b++) {
            double w0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
            for (int i = 0; i < CALLS; i++)
                if (which == 0 ? one_run(m) : one_tenant(t, f)) return 1;
            wall[b] = (clock_s(CLOCK_MONOTONIC) - w0) / CALLS * 1e6;
            cpu[b] = (clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0) / CALLS * 1e6;
        }
        qsort(wall, BATCHES, sizeof wall[0], cmp_d);
        qsort(cpu, BATCHES, sizeof cpu[0], cmp_d);
        printf("%-44s wall %7.2f us  cpu %7.2f us per call\n",
               which == 0 ? "C hl_run_counted id(42), arg made and read" : "C hl_tenant_call id(42), arg made and read",
               wall[BATCHES / 2], cpu[BATCHES / 2]);
    }
    hl_tenant_free(t);
    hl_module_free(m);
    hl_engine_free(e);
    return 0;
}
