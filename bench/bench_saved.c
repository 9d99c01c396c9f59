/* bench_saved.c — what a program cache on disk saves (docs/serve.md,
 * "Program cache on disk"): for each Erlang source file given, the median
 * of 30 compiles with the engine's in-memory cache off (hl_compile) against
 * 30 loads of the same program's saved bytes (hl_module_load: checksum,
 * gate, capability check, loader, linker), and the saved size.
 *   bench_saved FILE.erl...     (e.g. tests/conformance/json_decode.erl) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hyperlang.h"

enum { ROUNDS = 30, MAX_SOURCE = 4 << 20 };

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int one(hl_engine *e, const char *path, char *src) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return 1;
    }
    size_t n = fread(src, 1, MAX_SOURCE, f);
    fclose(f);
    double tc[ROUNDS], tl[ROUNDS];
    void *bytes = NULL;
    size_t len = 0;
    for (int i = 0; i < ROUNDS; i++) {
        hl_module *m = NULL;
        hl_error *err = NULL;
        double t0 = now_us();
        hl_status st = hl_compile(e, path, src, n, NULL, &m, &err);
        tc[i] = now_us() - t0;
        if (st != HL_OK) {
            fprintf(stderr, "%s\n", err ? hl_error_message(err) : hl_status_name(st));
            hl_error_free(err);
            return 1;
        }
        if (!bytes && hl_module_save(m, &bytes, &len) != HL_OK) return 1;
        hl_module_free(m);
    }
    for (int i = 0; i < ROUNDS; i++) {
        hl_module *m = NULL;
        hl_error *err = NULL;
        double t0 = now_us();
        hl_status st = hl_module_load(e, bytes, len, NULL, &m, &err);
        tl[i] = now_us() - t0;
        if (st != HL_OK) {
            fprintf(stderr, "%s\n", err ? hl_error_message(err) : hl_status_name(st));
            hl_error_free(err);
            return 1;
        }
        hl_module_free(m);
    }
    hl_free(bytes);
    qsort(tc, ROUNDS, sizeof *tc, by_value);
    qsort(tl, ROUNDS, sizeof *tl, by_value);
    printf("%s: %zu source bytes, %zu saved: compile %.0f us, load %.0f us (%.1fx)\n", path, n, len,
           tc[ROUNDS / 2], tl[ROUNDS / 2], tc[ROUNDS / 2] / tl[ROUNDS / 2]);
    return 0;
}

int main(int argc, char **argv) {
    hl_engine *e = NULL;
    char *src = malloc(MAX_SOURCE);
    if (!src || hl_engine_new(&e) != HL_OK) return 1;
    hl_engine_set_cache_bytes(e, 0); /* every compile runs the compiler */
    int rc = 0;
    for (int i = 1; i < argc; i++) rc |= one(e, argv[i], src);
    hl_engine_free(e);
    free(src);
    return rc;
}
