/* sys_c.c — the "plain C" row: the physical-limit reference for the two
 * kernels where compiled C is meaningful, naive fib and the LCG + qsort
 * kernel. id and loop are left out: an optimizing compiler deletes them, so
 * any number would measure the harness, not the kernel. Compiled with the
 * harness (cc -O2); the argument is read through a volatile so the compiler
 * cannot hoist the pure call out of the batch loop. */
#include <stdlib.h>
#include <string.h>

#include "hb.h"

__attribute__((noinline)) static int64_t c_fib(int64_t n) {
    return n < 2 ? n : c_fib(n - 1) + c_fib(n - 2);
}

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The kernel of hlbench.erl: the first element is the first x' after the
 * seed 42, elements in generation order, sorted ascending, first + last.
 * Allocates its array per call, like the other systems allocate a list. */
__attribute__((noinline)) static int64_t c_sort(int64_t n) {
    if (n <= 0) return -1;
    int64_t *a = malloc((size_t)n * sizeof *a);
    if (!a) return -1;
    int64_t x = 42;
    for (int64_t i = 0; i < n; i++) {
        x = (x * 1103515245 + 12345) % 2147483648;
        a[i] = x;
    }
    qsort(a, (size_t)n, sizeof *a, cmp_i64);
    int64_t r = a[0] + a[n - 1];
    free(a);
    return r;
}

static int c_init(hb_system *self, const hb_config *cfg, char *why) {
    (void)self;
    (void)cfg;
    (void)why;
    return 0;
}

static const char *c_unsupported(hb_system *self, const hb_kernel *k) {
    (void)self;
    if (strcmp(k->name, "fib") == 0 || strcmp(k->name, "sort") == 0) return NULL;
    if (strcmp(k->name, "parse") == 0 || strcmp(k->name, "check") == 0 ||
        strcmp(k->name, "compile") == 0)
        return "not a compiler";
    if (strcmp(k->name, "gc") == 0 || strcmp(k->name, "fact") == 0 || strcmp(k->name, "print_pow2") == 0)
        return "no garbage collector or bignums in plain C";
    if (strcmp(k->name, "binsplit1mb") == 0) return "no standard library to compare";
    if (strcmp(k->name, "split1mb") == 0) return "no string library to compare";
    if (strcmp(k->name, "pp10k") == 0) return "no term printer in plain C";
    return "the C compiler folds it away";
}

static int c_run(hb_system *self, const hb_kernel *k, uint64_t iters, hb_time *t, int64_t *got,
                 char *err) {
    (void)self;
    volatile int64_t arg = k->arg;
    int64_t (*fn)(int64_t) = strcmp(k->name, "fib") == 0 ? c_fib : c_sort;
    uint64_t t0 = hb_now_ns(), c0 = hb_thread_cpu_ns();
    for (uint64_t i = 0; i < iters; i++) {
        int64_t v = fn(arg);
        if (v != k->expected) {
            *got = v;
            hb_set_why(err, "wrong value %lld", (long long)v);
            return -1;
        }
    }
    t->cpu_ns = hb_thread_cpu_ns() - c0;
    t->wall_ns = hb_now_ns() - t0;
    return 0;
}

static void c_fini(hb_system *self) { (void)self; }

hb_system hb_sys_c = {
    .name = "plain C (-O2)",
    .key = "c",
    .kind = "direct C call",
    .measures = "direct C calls in a loop (fib; LCG + malloc + qsort)",
    .init = c_init,
    .unsupported = c_unsupported,
    .run = c_run,
    .fini = c_fini,
    .describe = NULL,
};
