/* bench_bif_worst.c — the longest single builtin calls a guest can make
 * under the default 64 MiB heap: each row calls one builtin once on about
 * the largest argument the heap allows (built on the process heap by this
 * driver, so the run is that one call). Prints the wall time of the whole
 * run to the end, the time until a 2,000-reduction limit stops it, and, in
 * builds with test hooks (-DHL_TEST_HOOKS=ON), the probe's longest single
 * builtin call (wall time and reductions charged: work units / 16).
 * Usage: bench_bif_worst [ROUNDS]   (best of ROUNDS, default 3)
 * Build: cmake -S . -B build-hooks -DCMAKE_BUILD_TYPE=Release -DHL_TEST_HOOKS=ON
 *        && cmake --build build-hooks --target bench_bif_worst */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hyperlang.h"
#include "host/host_int.h"
#include "term/bits.h"
#include "vm/vm.h"
#include "vm/vm_internal.h"
#if __has_include("vm/vm_trap.h")
#include "vm/vm_support.h"
#define HAVE_PROBE 1
#endif

static const char src[] =
    "-module(w).\n"
    "-export([len/1, rev/1, app/1, mem/1, key/1, t2l/1, l2t/1, b2l/1, l2b/1, iosz/1, sub/1, eq/1, eqb/1,\n"
    "         ph/1, mk/1, setel/1, appel/1, sort/1, l2i/1]).\n"
    "len(L) -> length(L).\n"
    "rev(L) -> lists:reverse(L).\n"
    "app(L) -> L ++ [x].\n"
    "mem(L) -> lists:member(nope, L).\n"
    "key(L) -> lists:keyfind(nope, 1, L).\n"
    "t2l(T) -> tuple_to_list(T).\n"
    "l2t(L) -> list_to_tuple(L).\n"
    "b2l(B) -> binary_to_list(B).\n"
    "l2b(L) -> iolist_to_binary(L).\n"
    "iosz(L) -> iolist_size(L).\n"
    "sub({A, B}) -> A -- B.\n"
    "eq({A, B}) -> A == B.\n"
    "eqb({A, B}) -> erlang:'=='(A, B).\n"
    "ph(L) -> erlang:phash2(L).\n"
    "mk(N) -> erlang:make_tuple(N, x).\n"
    "setel(T) -> setelement(1, T, y).\n"
    "appel(T) -> erlang:append_element(T, y).\n"
    "sort(L) -> lists:sort(L).\n"
    "l2i(L) -> list_to_integer(L).\n";

enum kind { LIST, TUPLE, BIN, PAIR, PAIR_REV, SMALL, BYTES, DIGITS, RANDLIST };
typedef struct row {
    const char *fn, *what;
    enum kind kind;
    size_t n;
} row;
static const row rows[] = {
    {"len", "length/1, 2M-cell list", LIST, 2000000},
    {"rev", "lists:reverse/1, 1M cells", LIST, 1000000},
    {"app", "++, 1M cells", LIST, 1000000},
    {"mem", "lists:member/2, 2M cells", LIST, 2000000},
    {"key", "lists:keyfind/3, 2M cells", LIST, 2000000},
    {"t2l", "tuple_to_list/1, 1M elements", TUPLE, 1000000},
    {"l2t", "list_to_tuple/1, 1.3M cells", LIST, 1300000},
    {"b2l", "binary_to_list/1, 1.5 MB", BIN, 1500000},
    {"l2b", "iolist_to_binary/1, 2M bytes in a list", BYTES, 2000000},
    {"iosz", "iolist_size/1, 2M bytes in a list", BYTES, 2000000},
    {"sub", "--, 4096 x 4096 (the cap)", PAIR_REV, 4096},
    {"eq", "== (instruction), 1M-cell lists", PAIR, 1000000},
    {"eqb", "erlang:'=='/2, 1M-cell lists", PAIR, 1000000},
    {"ph", "phash2/1, 2M cells", LIST, 2000000},
    {"mk", "make_tuple/2, 3M", SMALL, 3000000},
    {"setel", "setelement/3, 2M-element tuple", TUPLE, 2000000},
    {"appel", "append_element/2, 2M-element tuple", TUPLE, 2000000},
    {"sort", "lists:sort/1, 500k random ints", RANDLIST, 500000},
    {"l2i", "list_to_integer/1, 2M digits", DIGITS, 2000000},
};

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static hl_term list_of(hl_heap *h, size_t n, int mode) {
    hl_term *c;
    if (hl_heap_alloc(h, 2 * n, &c) != HL_TERM_OK) return HL_NIL;
    uint64_t x = 42;
    for (size_t i = 0; i < n; i++) {
        int64_t v = (int64_t)i + 1;
        if (mode == 1) v = (int64_t)(i % 256);
        if (mode == 2) v = '1';
        if (mode == 3) v = (int64_t)n - (int64_t)i;
        if (mode == 4) x = (x * 1103515245 + 12345) % 2147483648u, v = (int64_t)x;
        hl_cons_init(c + 2 * i, hl_make_small(v), i + 1 < n ? hl_make_cons(c + 2 * (i + 1)) : HL_NIL);
    }
    return hl_make_cons(c);
}

static hl_term make_arg(hl_vm_proc *p, const row *r) {
    hl_heap *h = hl_vm_proc_heap(p);
    hl_term *c;
    switch (r->kind) {
    case LIST: return list_of(h, r->n, 0);
    case BYTES: return list_of(h, r->n, 1);
    case DIGITS: return list_of(h, r->n, 2);
    case RANDLIST: return list_of(h, r->n, 4);
    case SMALL: return hl_make_small((int64_t)r->n);
    case TUPLE:
        if (hl_heap_alloc(h, r->n + 1, &c) != HL_TERM_OK) return HL_NIL;
        c[0] = hl_make_header(HL_SUB_TUPLE, r->n);
        for (size_t i = 0; i < r->n; i++) c[1 + i] = hl_make_small((int64_t)i);
        return hl_make_boxed(c);
    case BIN: {
        hl_bin_builder b;
        if (hl_bin_build_begin(h, 8 * (uint64_t)r->n, &b) != HL_TERM_OK) return HL_NIL;
        memset(b.data, 7, r->n);
        return hl_bin_build_finish(&b);
    }
    case PAIR:
    case PAIR_REV: {
        hl_term a = list_of(h, r->n, 0), b = list_of(h, r->n, r->kind == PAIR_REV ? 3 : 0);
        if (hl_heap_alloc(h, 3, &c) != HL_TERM_OK) return HL_NIL;
        c[0] = hl_make_header(HL_SUB_TUPLE, 2), c[1] = a, c[2] = b;
        return hl_make_boxed(c);
    }
    }
    return HL_NIL;
}

/* One run: wall time, status; probe numbers when available. */
static double run(hl_module *m, const row *r, uint64_t max_reds, hl_vm_status *st, double *probe_ms, uint64_t *probe_cost) {
    hl_vm_limits lim = {max_reds, HL_RUN_DEFAULT_MAX_HEAP_BYTES, 0, 0};
    hl_vm_proc *p = hl_vm_proc_new(m->prog, &lim);
    int64_t fn = hl_program_find(m->prog, r->fn, strlen(r->fn), 1);
    hl_term arg = make_arg(p, r);
    if (fn < 0 || !hl_vm_start(p, (uint32_t)fn, &arg, 1)) {
        fprintf(stderr, "%s: cannot start\n", r->fn);
        exit(1);
    }
    double t0 = now_ms();
    *st = hl_vm_run(p, 0);
    double ms = now_ms() - t0;
    *probe_ms = 0, *probe_cost = 0;
#ifdef HAVE_PROBE
    *probe_ms = (double)p->probe.max_ns / 1e6;
    *probe_cost = p->probe.max_cost;
#endif
    hl_vm_proc_free(p);
    return ms;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 3;
    hl_engine *eng = NULL;
    hl_module *m = NULL;
    hl_error *err = NULL;
    if (hl_engine_new(&eng) != HL_OK || hl_compile(eng, "w.erl", src, sizeof src - 1, NULL, &m, &err) != HL_OK) {
        fprintf(stderr, "compile: %s\n", err ? hl_error_message(err) : "?");
        return 1;
    }
    printf("| builtin, input | whole call (ms) | status | stop under 2,000 reds (ms) | longest call (ms) | max reds/call |\n");
    printf("| --- | ---: | --- | ---: | ---: | ---: |\n");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        double full = 1e9, lim = 1e9, pms = 0;
        uint64_t pcost = 0;
        hl_vm_status st = HL_VM_DONE, st2;
        for (int k = 0; k < rounds; k++) {
            double a, b, pm;
            uint64_t pc;
            a = run(m, &rows[i], HL_RUN_DEFAULT_MAX_REDUCTIONS, &st, &pm, &pc);
            if (a < full) full = a;
            if (pm > pms) pms = pm;
            if (pc > pcost) pcost = pc;
            b = run(m, &rows[i], 2000, &st2, &pm, &pc);
            if (b < lim) lim = b;
        }
        static const char *names[] = {"done", "yield", "exception", "wait", "reds fault", "heap fault", "deadline", "nomem", "state"};
        printf("| %s | %.2f | %s | %.3f | %.3f | %llu |\n", rows[i].what, full, names[st], lim, pms, (unsigned long long)pcost);
    }
    hl_module_free(m);
    hl_engine_free(eng);
    return 0;
}
