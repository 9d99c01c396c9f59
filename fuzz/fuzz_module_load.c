/* fuzz_module_load.c — libFuzzer target for hl_module_load (saved
 * programs, docs/bytecode.md §9): the bytes of a program cache file from a
 * hostile directory. The first input byte picks how the rest is used: even,
 * as the whole file (the checksum and header checks see it as it is); odd,
 * as a program's images behind a valid header and checksum (so the gate,
 * the capability and binding checks, the loader and the linker see
 * arbitrary images; a following byte says how many modules, and each image
 * is a u32 length and bytes of the input). What loads is run: every
 * exported function under tiny limits. A crash, leak, hang or sanitizer
 * report is a finding. Seeds: saved programs (fuzz/corpus/fuzz_module_load). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "host/host_int.h"
#include "hyperlang.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static void run_all(const hl_module *m) {
    const hl_program *p = m->prog;
    for (uint32_t f = 0, runs = 0; f < p->n_functions && runs < 16; f++) {
        if (!(p->funcs[f].flags & HL_BC_FN_EXPORTED)) continue;
        runs++;
        size_t nl = 0;
        const char *name = hl_atom_name(p->fn_names[f], &nl);
        char fn[1100];
        memcpy(fn, name, nl);
        fn[nl] = '\0';
        hl_value *args[4] = {0};
        uint32_t ar = p->funcs[f].arity;
        if (ar > 4) continue;
        for (uint32_t i = 0; i < ar; i++) hl_value_int((int64_t)i + 2, &args[i]);
        hl_run_limits lim = {.max_reductions = 5000, .max_heap_bytes = 256 << 10, .timeout_ms = 50};
        hl_value *res = NULL;
        hl_error *err = NULL;
        hl_run(m, fn, args, ar, &lim, &res, &err);
        hl_value_free(res);
        hl_error_free(err);
        for (uint32_t i = 0; i < ar; i++) hl_value_free(args[i]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static hl_engine *engine; /* the stdlib's modules, loaded once */
    if (!engine && hl_engine_new(&engine) != HL_OK) return 0;
    if (size < 1) return 0;
    uint8_t *buf = NULL;
    size_t len = 0;
    if (!(data[0] & 1)) {
        buf = malloc(size - 1 ? size - 1 : 1);
        if (!buf) return 0;
        if (size > 1) memcpy(buf, data + 1, size - 1);
        len = size - 1;
    } else {
        /* header (magic, format, bytecode version, n, build id), the rest
         * as n (u32 length, image) pairs cut from the input, checksum */
        uint32_t n = size > 1 ? (uint32_t)(data[1] % 3) + 1 : 1;
        len = 48 + (size > 2 ? size - 2 : 0) + 32;
        buf = calloc(1, len);
        if (!buf) return 0;
        put32(buf, 0x53504C48u);
        put32(buf + 4, 1);
        put32(buf + 8, HL_BC_VERSION);
        put32(buf + 12, n);
        memcpy(buf + 16, hl_host_build_id(), 32);
        if (size > 2) memcpy(buf + 48, data + 2, size - 2);
        hl_sha256 s;
        hl_sha256_init(&s);
        hl_sha256_update(&s, buf, len - 32);
        hl_sha256_final(&s, buf + len - 32);
    }
    hl_compile_options *o = NULL;
    if (hl_compile_options_new(&o) != HL_OK) {
        free(buf);
        return 0;
    }
    hl_compile_options_set_limit(o, HL_LIMIT_WORK, 1u << 20);
    hl_compile_options_set_limit(o, HL_LIMIT_ATOMS, 4096);
    hl_module *m = NULL;
    hl_error *err = NULL;
    if (hl_module_load(engine, buf, len, o, &m, &err) == HL_OK) {
        run_all(m);
        void *again = NULL;
        size_t alen = 0;
        if (hl_module_save(m, &again, &alen) == HL_OK && (alen != len || memcmp(again, buf, len) != 0)) abort();
        hl_free(again);
        hl_module_free(m);
    }
    hl_error_free(err);
    hl_compile_options_free(o);
    free(buf);
    return 0;
}
