/* bench_kernel.c — one benchmark kernel of kernels/hlbench.erl through the
 * public API (hl_compile once, then hl_run per call, as the bench harness's
 * API row does): a small driver for callgrind instruction counts and quick
 * timings while tuning the interpreter.
 * Usage: bench_kernel KERNEL ARG [CALLS] [hlbench.erl path]
 * With HL_BENCH_TENANT=1 in the environment the calls go to one kept tenant
 * (hl_tenant_call, the bench's warm-tenant row) instead of hl_run.
 * Build: cmake --build <dir> --target bench_kernel. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hyperlang.h"

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) free(buf);
            buf = nb;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s KERNEL ARG [CALLS] [hlbench.erl]\n", argv[0]);
        return 2;
    }
    const char *kernel = argv[1];
    long long arg_v = atoll(argv[2]);
    int calls = argc > 3 ? atoi(argv[3]) : 1;
    const char *path = argc > 4 ? argv[4] : "bench/kernels/hlbench.erl";
    size_t len;
    char *src = read_file(path, &len);
    if (!src) {
        fprintf(stderr, "cannot read %s\n", path);
        return 2;
    }
    hl_engine *eng = NULL;
    hl_module *mod = NULL;
    hl_error *err = NULL;
    if (hl_engine_new(&eng) != HL_OK || hl_compile(eng, "hlbench.erl", src, len, NULL, &mod, &err) != HL_OK) {
        fprintf(stderr, "compile: %s\n", err ? hl_error_message(err) : "out of memory");
        return 1;
    }
    hl_value *arg = NULL;
    if (hl_value_int(arg_v, &arg) != HL_OK) return 1;
    const char *tv = getenv("HL_BENCH_TENANT");
    hl_tenant *tenant = NULL;
    uint32_t fn = 0;
    if (tv && strcmp(tv, "1") == 0 &&
        (hl_module_function(mod, kernel, 1, &fn, NULL) != HL_OK || hl_tenant_new(mod, NULL, &tenant) != HL_OK)) {
        fprintf(stderr, "tenant: no %s/1 or out of memory\n", kernel);
        return 1;
    }
    double best = 1e300;
    int64_t v = 0;
    for (int i = 0; i < calls; i++) {
        hl_value *r = NULL;
        double t0 = now_ms();
        hl_status s = tenant ? hl_tenant_call(tenant, fn, &arg, 1, &r, &err)
                             : hl_run(mod, kernel, &arg, 1, NULL, &r, &err);
        double dt = now_ms() - t0;
        if (s != HL_OK || hl_value_get_int(r, &v) != HL_OK) {
            fprintf(stderr, "run: %s\n", err ? hl_error_message(err) : hl_status_name(s));
            return 1;
        }
        hl_value_free(r);
        if (dt < best) best = dt;
    }
    printf("%s(%lld) = %lld: best %.3f ms over %d calls\n", kernel, arg_v, (long long)v, best, calls);
    hl_value_free(arg);
    hl_tenant_free(tenant);
    hl_module_free(mod);
    hl_engine_free(eng);
    free(src);
    return 0;
}
