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
 * program); one whose imports do not resolve is not run. Every input also
 * goes through the lazy gate the stdlib's images take (bc/gate.h: the
 * tables, then each function on its own), which must accept exactly what
 * the whole gate accepts, with the same view; an accepted image is also
 * loaded that way (each function gated and translated on its first call)
 * and run again. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bc/gate.h"
#include "host/host_int.h"
#include "vm/load.h"
#include "vm/vm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The lazy gate (a stdlib image's, bc/gate.h): the tables, then each
 * function on its own. It must accept exactly what the whole gate accepts,
 * with the same code words and classes per function. */
static bool lazy_gate(const uint8_t *data, size_t size, const hl_bc_image *whole, bool whole_ok, hl_bc_image *t) {
    char err[256];
    if (!hl_gate_check_tables(data, size, t, err, sizeof err)) return false;
    bool all = true;
    for (uint32_t f = 0; f < t->n_functions; f++) {
        uint32_t n = t->funcs[f].end - t->funcs[f].entry;
        uint32_t *code = malloc((size_t)n * 4 + 4);
        uint8_t *cls = malloc((size_t)n + 1);
        if (!code || !cls) __builtin_trap();
        bool ok = hl_gate_check_function(t, f, code, cls, err, sizeof err, NULL);
        if (ok && whole_ok &&
            (memcmp(code, whole->code + t->funcs[f].entry, (size_t)n * 4) != 0 ||
             memcmp(cls, whole->classes + t->funcs[f].entry, n) != 0))
            __builtin_trap();
        all = all && ok;
        free(code);
        free(cls);
    }
    return all;
}

/* Runs each of the first 64 functions of p with small integer arguments
 * under tiny limits. */
static void run_all(const hl_program *p, const hl_bc_image *g) {
    for (uint32_t f = 0; f < g->n_functions && f < 64; f++) {
        hl_vm_limits lim = {.max_reductions = 5000, .max_heap_bytes = 256 * 1024, .deadline_ns = 0};
        hl_vm_proc *pr = hl_vm_proc_new(p, &lim);
        if (!pr) continue;
        hl_term args[HL_BC_MAX_ARITY];
        uint32_t ar = g->funcs[f].arity;
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
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hl_bc_image g, t;
    char err[256];
    bool whole = hl_gate_check(data, size, &g, err, sizeof err);
    bool lazy = lazy_gate(data, size, &g, whole, &t);
    if (lazy != whole) __builtin_trap();
    if (!whole) {
        hl_bc_image_free(&t); /* (empty when its tables were refused) */
        return 0;
    }
    static hl_engine *engine; /* the stdlib's modules, loaded once */
    if (!engine && hl_engine_new(&engine) != HL_OK) {
        hl_bc_image_free(&t);
        hl_bc_image_free(&g);
        return 0;
    }
    hl_program *p;
    if (hl_load(&g, &p, err, sizeof err)) {
        hl_error *lerr = NULL;
        if (hl_host_link_program(engine, &p, 1, err, sizeof err, &lerr) == HL_OK) {
            run_all(p, &g);
            /* the same image loaded as the stdlib is: each function gated
             * and translated when first called (its stub until then) */
            hl_atom_table *atoms = hl_atom_table_new(HL_ATOM_TABLE_MAX);
            hl_program *lp = NULL;
            hl_atom_fault fault;
            if (atoms && hl_load_lazy_in(atoms, HL_ATOM_POOL_MAX, &t, p->x_used, &lp, &fault, err, sizeof err)) {
                hl_error *lerr2 = NULL;
                if (hl_host_link_program(engine, &lp, 1, err, sizeof err, &lerr2) == HL_OK) run_all(lp, &g);
                hl_error_free(lerr2);
                hl_program_free(lp);
            }
            hl_atom_table_release(atoms);
        }
        hl_error_free(lerr);
        hl_program_free(p);
    }
    hl_bc_image_free(&t); /* (empty when taken over) */
    hl_bc_image_free(&g);
    return 0;
}
