/* fuzz_run.c — libFuzzer target over the whole pipeline: source ->
 * hl_compile (parse, SafeCore, codegen, gate, load) -> hl_run of every
 * exported function (arguments: the integer 1, then an atom list) under
 * tiny limits. Every input must be rejected with diagnostics or run to a
 * classified outcome; crashes, leaks, hangs, sanitizer reports and a gate
 * refusal of codegen output ("internal error") are findings. An input
 * whose last byte is even (a newline) is compiled with the `processes` capability
 * (docs/actors.md), so its spawns, sends, links, monitors and timers run as
 * a tree of processes under the same tiny limits. Seeds:
 * fuzz/corpus/fuzz_run/ (the conformance programs). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "host/host_int.h"
#include "hyperlang.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static hl_engine *engine;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!engine && hl_engine_new(&engine) != HL_OK) return 0;
    hl_compile_options *o;
    if (hl_compile_options_new(&o) != HL_OK) return 0;
    hl_compile_options_set_limit(o, HL_LIMIT_SOURCE_BYTES, 1 << 20);
    hl_compile_options_set_limit(o, HL_LIMIT_DEPTH, 200);
    hl_compile_options_set_limit(o, HL_LIMIT_TOKENS, 100000);
    hl_compile_options_set_limit(o, HL_LIMIT_MEMORY_BYTES, 64u << 20);
    if (size && !(data[size - 1] & 1)) hl_compile_options_grant_capability(o, "processes");
    hl_module *m = NULL;
    hl_error *err = NULL;
    hl_status s = hl_compile(engine, "fuzz.erl", (const char *)data, size, o, &m, &err);
    hl_compile_options_free(o);
    for (size_t i = 0; s == HL_ECOMPILE && i < hl_error_diagnostic_count(err); i++) {
        const char *msg = "";
        hl_error_diagnostic(err, i, NULL, NULL, &msg);
        if (strncmp(msg, "internal error", 14) == 0) abort(); /* a codegen bug the gate caught */
    }
    hl_error_free(err);
    if (s != HL_OK) return 0;
    hl_value *args[4];
    hl_value_int(1, &args[0]);
    hl_value_parse(m, "[a, {b, 2}, \"s\"]", 16, &args[1], NULL);
    args[2] = args[0], args[3] = args[1];
    hl_run_limits lim = {20000, 1u << 20, 200, 0};
    const hl_program *p = m->prog;
    for (uint32_t i = 0; i < p->n_functions && i < 64; i++) {
        if (!(p->funcs[i].flags & HL_BC_FN_EXPORTED) || p->funcs[i].arity > 4) continue;
        if (!args[0] || !args[1]) break;
        size_t n;
        const char *name = hl_atom_name(p->fn_names[i], &n);
        char fname[256];
        if (n >= sizeof fname) continue;
        memcpy(fname, name, n);
        fname[n] = '\0';
        hl_value *r = NULL;
        hl_error *e = NULL;
        hl_status rs = hl_run(m, fname, args, p->funcs[i].arity, &lim, &r, &e);
        if (rs == HL_OK) {
            char *text = NULL;
            if (hl_value_to_text(r, 1, &text, NULL) == HL_OK) hl_free(text);
        }
        hl_value_free(r);
        hl_error_free(e);
    }
    hl_value_free(args[0]);
    hl_value_free(args[1]);
    hl_module_free(m);
    return 0;
}
