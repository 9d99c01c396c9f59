/* hb.h — the benchmark harness's contracts: the kernels every system runs,
 * and the small interface a system implements to appear as a row. Adding a
 * system (e.g. the Hyperlang VM rows) means one new sys_*.c file with an
 * hb_system and one line in the table in main.c. */
#ifndef HB_H
#define HB_H

#include <stddef.h>
#include <stdint.h>

/* One kernel call: `name(arg)` must return `expected` on every system.
 * The front-end kernels take the kernel module's source instead of `arg`. */
typedef struct hb_kernel {
    const char *label;    /* "fib(20)": the table's row name */
    const char *name;     /* "fib": the function in bench/kernels/hlbench.* */
    int64_t arg;
    int64_t expected;
} hb_kernel;

/* What every system may need at init. */
typedef struct hb_config {
    const char *root;         /* the repository root */
    const char *ebin;         /* directory with hlbench.beam and hlb_server.beam */
    const char *kernel_erl;   /* bench/kernels/hlbench.erl */
    const char *kernel_lua;   /* bench/kernels/hlbench.lua */
    const char *hl_bin;       /* the `hl` command, or NULL when not built */
} hb_config;

enum { HB_WHY = 256 }; /* size of the reason/error buffers below */

/* One batch's elapsed time as the system measured it: wall clock, and the
 * CPU time the system's threads consumed (0 when unknown). On a loaded
 * machine the CPU time is the steadier of the two: it leaves out the time
 * the system waited for a core. */
typedef struct hb_time {
    uint64_t wall_ns;
    uint64_t cpu_ns;
} hb_time;

typedef struct hb_system hb_system;
struct hb_system {
    const char *name;      /* the row's name, e.g. "Lua 5.4 sandbox, count hook" */
    const char *key;       /* short ASCII id for the results file, e.g. "lua-hook" */
    const char *kind;      /* the table's "Call" column: "in-VM loop",
                              "host→guest", "library call", ... */
    const char *measures;  /* one line: what a timed batch contains */
    /* Sets the system up. Returns 0 when ready; otherwise the system is
     * unavailable for the whole run and `why` says why (printed as n/a). */
    int (*init)(hb_system *self, const hb_config *cfg, char *why);
    /* NULL when the system implements kernel k, else why it does not (the
     * table then has no row for the pair; the results file says n/a). */
    const char *(*unsupported)(hb_system *self, const hb_kernel *k);
    /* Optional: for a kernel the system will implement but cannot yet, why
     * not (the table shows the row as n/a). NULL when it can run it now. */
    const char *(*pending)(hb_system *self, const hb_kernel *k);
    /* Runs k `iters` times and stores the batch's elapsed time in *t, as
     * the system itself measured it. Every call's value is compared with
     * k->expected. Returns 0 on success; -1 on a wrong value (stored in *got)
     * or a failure (explained in `err`). Either aborts the benchmark. */
    int (*run)(hb_system *self, const hb_kernel *k, uint64_t iters, hb_time *t, int64_t *got,
               char *err);
    void (*fini)(hb_system *self);
    void *state;
    /* Extra lines for the header (versions etc.); may be NULL. */
    const char *(*describe)(hb_system *self);
};

/* The systems (one per sys_*.c). */
extern hb_system hb_sys_beam;
extern hb_system hb_sys_lua_hook;
extern hb_system hb_sys_lua_nohook;
extern hb_system hb_sys_c;
extern hb_system hb_sys_hl_front;
extern hb_system hb_sys_hl_api;
extern hb_system hb_sys_hl_tenant;
extern hb_system hb_sys_hl_cli;

/* util.c */
uint64_t hb_now_ns(void);                /* CLOCK_MONOTONIC */
uint64_t hb_thread_cpu_ns(void);         /* CPU time of the calling thread */
/* The CPU time of process pid, all threads; 0 when it cannot be read. */
uint64_t hb_process_cpu_ns(int pid);
/* Reads a whole file into a NUL-terminated malloc'd buffer; NULL on error. */
char *hb_read_file(const char *path, size_t *len);
double hb_loadavg1(void);                /* -1 when unknown */
void hb_cpu_model(char *out, size_t cap);
void hb_set_why(char *why, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
