/* fuzz_gate.c — libFuzzer target for the bytecode gate (docs/design.md §4 (invariant 6)): any
 * bytes go through the gate; when they are accepted, the program is loaded
 * and every function is run with small integer arguments under tiny limits
 * (reductions, heap, slices), then everything is freed. Crashes, leaks,
 * hangs and sanitizer reports are findings: the gate must refuse whatever
 * the loader or the interpreter could not run safely. Seeds: images of the
 * hand-assembled test programs (tests/unit/bc_progs.h), and bindings.hlbc
 * (a binding table and call_binding; no host is attached here, so binding
 * calls raise error:undef), and calls.hlbc (call_ext into the stdlib and an
 * import of lists:map/2). An image with imports is linked against an
 * engine's stdlib first (hl_host_link_program, as hl_compile links a
 * program); one whose imports do not resolve is not run. An accepted
 * image also goes through the sealed path (bc/gate.h) with its own seal,
 * which must give the same view. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bc/gate.h"
#include "host/host_int.h"
#include "vm/load.h"
#include "vm/vm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hl_bc_image g;
    char err[256];
    if (!hl_gate_check(data, size, &g, err, sizeof err)) return 0;
    /* The sealed path (the stdlib's at load) over an accepted image with
     * its own seal: the same view, from the structural checks alone. */
    hl_bc_seal seal = {g.classes, hl_bc_seal_digest(data, size, g.classes, g.n_code)};
    hl_bc_image s2;
    if (!hl_gate_check_sealed(data, size, &seal, &s2, err, sizeof err)) __builtin_trap();
    if (s2.n_code != g.n_code || memcmp(s2.classes, g.classes, g.n_code) != 0 ||
        memcmp(s2.code, g.code, (size_t)g.n_code * 4) != 0)
        __builtin_trap();
    hl_bc_image_free(&s2);
    static hl_engine *engine; /* the stdlib's modules, loaded once */
    if (!engine && hl_engine_new(&engine) != HL_OK) return 0;
    hl_program *p;
    if (hl_load(&g, &p, err, sizeof err)) {
        hl_error *lerr = NULL;
        if (hl_host_link_program(engine, &p, 1, err, sizeof err, &lerr) != HL_OK) {
            hl_error_free(lerr);
            hl_program_free(p);
            hl_bc_image_free(&g);
            return 0;
        }
        for (uint32_t f = 0; f < g.n_functions && f < 64; f++) {
            hl_vm_limits lim = {.max_reductions = 5000, .max_heap_bytes = 256 * 1024, .deadline_ns = 0};
            hl_vm_proc *pr = hl_vm_proc_new(p, &lim);
            if (!pr) continue;
            hl_term args[HL_BC_MAX_ARITY];
            uint32_t ar = g.funcs[f].arity;
            for (uint32_t i = 0; i < ar; i++) args[i] = hl_make_small((int64_t)(i % 7) + 2);
            if (hl_vm_start(pr, f, args, ar)) {
                for (int k = 0; k < 100; k++) {
                    hl_vm_status st = hl_vm_run(pr, 97);
                    if (st == HL_VM_WAIT) st = hl_vm_timeout_fired(pr) ? HL_VM_YIELD : st;
                    if (st != HL_VM_YIELD) break;
                }
            }
            hl_vm_proc_free(pr);
        }
        hl_program_free(p);
    }
    hl_bc_image_free(&g);
    return 0;
}
