/* bench_vm_fib.c — fib(25) on the interpreter with the hand-assembled
 * program of tests/unit/bc_progs.h (no compiler involved): gate + load
 * once, then the best of N runs, each a fresh process. Reports ns per run
 * and per call. Build: cmake --build <dir> --target bench_vm_fib. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tests/unit/bc_progs.h"
#include "bc/gate.h"
#include "vm/load.h"
#include "vm/vm.h"

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 25, rounds = argc > 2 ? atoi(argv[2]) : 20;
    static bc_asm a;
    build_suite(&a);
    size_t size;
    uint8_t *img = bc_finish(&a, &size);
    bc_free(&a);
    hl_bc_image g;
    hl_program *p;
    char err[200];
    if (!hl_gate_check(img, size, &g, err, sizeof err) || !hl_load(&g, &p, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    hl_bc_image_free(&g);
    uint32_t fn = (uint32_t)hl_program_find(p, "fib", 3, 1);
    uint64_t best = UINT64_MAX, reds = 0;
    hl_term result = 0;
    for (int r = 0; r < rounds; r++) {
        hl_vm_limits lim = {.max_reductions = UINT64_MAX / 2, .max_heap_bytes = 64u << 20, .deadline_ns = 0};
        hl_vm_proc *pr = hl_vm_proc_new(p, &lim);
        hl_term arg = hl_make_small(n);
        uint64_t t0 = hl_vm_now_ns();
        hl_vm_start(pr, fn, &arg, 1);
        hl_vm_status st = hl_vm_run(pr, 0);
        uint64_t dt = hl_vm_now_ns() - t0;
        if (st != HL_VM_DONE) return 2;
        result = hl_vm_result(pr);
        reds = hl_vm_reductions(pr);
        if (dt < best) best = dt;
        hl_vm_proc_free(pr);
    }
    printf("fib(%d) = %lld: best %.3f ms over %d runs, %llu calls, %.2f ns/call\n", n,
           (long long)hl_small_val(result), best / 1e6, rounds, (unsigned long long)reds,
           (double)best / (double)(reds + 1));
    hl_program_free(p);
    free(img);
    return 0;
}
