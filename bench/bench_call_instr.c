/* bench_call_instr.c — the fixed cost of a host call of id(42) on
 * bench/kernels/hlbench.erl, for bench/call_instr.sh to count under
 * callgrind (instructions are stable on a shared machine; time is not):
 * N warm calls on a kept tenant (mode 0) or N one-shot hl_run calls (mode
 * 1), each making no argument (built once), reading the integer and
 * freeing the result, as the harness's rows do.
 * Usage: bench_call_instr MODE N [HLBENCH.ERL] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hyperlang.h"

#ifndef HL_SOURCE_DIR
#define HL_SOURCE_DIR "."
#endif

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: bench_call_instr MODE N [HLBENCH.ERL]\n");
        return 2;
    }
    int mode = atoi(argv[1]);
    long n = atol(argv[2]);
    char path[4096];
    snprintf(path, sizeof path, "%s", argc > 3 ? argv[3] : HL_SOURCE_DIR "/bench/kernels/hlbench.erl");
    static char src[1 << 20];
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    size_t len = fread(src, 1, sizeof src, fp);
    fclose(fp);
    hl_engine *eng;
    hl_module *m;
    hl_error *err = NULL;
    hl_compile_options *co;
    /* under valgrind the compile runs ~50x slower than its wall limit assumes */
    if (hl_engine_new(&eng) != HL_OK || hl_compile_options_new(&co) != HL_OK ||
        hl_compile_options_set_limit(co, HL_LIMIT_WALL_MS, 600000) != HL_OK ||
        hl_compile(eng, "hlbench.erl", src, len, co, &m, &err) != HL_OK) {
        fprintf(stderr, "compile: %s\n", err ? hl_error_message(err) : "?");
        return 1;
    }
    hl_value *arg, *r;
    int64_t v;
    hl_tenant *t;
    uint32_t f;
    if (hl_value_int(42, &arg) != HL_OK || hl_tenant_new(m, NULL, &t) != HL_OK ||
        hl_module_function(m, "id", 1, &f, NULL) != HL_OK)
        return 1;
    for (long i = 0; i < n; i++) {
        hl_status s = mode == 0 ? hl_tenant_call(t, f, &arg, 1, &r, NULL) : hl_run(m, "id", &arg, 1, NULL, &r, NULL);
        if (s != HL_OK || hl_value_get_int(r, &v) != HL_OK || v != 42) return 1;
        hl_value_free(r);
    }
    hl_tenant_free(t);
    hl_value_free(arg);
    hl_compile_options_free(co);
    hl_module_free(m);
    hl_engine_free(eng);
    return 0;
}
