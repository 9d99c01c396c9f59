/* sys_hl_vm.c — the three Hyperlang VM rows.
 *
 *   "Hyperlang (warm tenant)": the same call on a tenant kept across calls
 *   (hl_tenant_call with the function looked up once, default limits): the
 *   process and its heap are reused, as a host calling one program often
 *   would.
 *
 *   "Hyperlang (API, caller's thread)": init compiles bench/kernels/hlbench.erl
 *   once through the public API; run does, per call, what the Lua rows do: a
 *   host-to-guest call of K(A) (hl_run with the default limits, a fresh
 *   process each call) in the caller's thread, reading and checking the
 *   integer result. Comparable with the Lua rows (host-to-guest).
 *
 *   "Hyperlang (hl run end to end)": run starts `hl run` (cfg->hl_bin) on
 *   hlbench.erl for K(A) once per call and checks its printed value:
 *   process start + compile + run + print, the CLI user's cost. Comparable
 *   with nothing else in the table except as an upper bound.
 * Built for real only when run.sh could build the library (HB_HAVE_HYPERLANG). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb.h"

static const char *vm_unsupported(hb_system *self, const hb_kernel *k) {
    (void)self;
    if (strcmp(k->name, "parse") == 0 || strcmp(k->name, "check") == 0 ||
        strcmp(k->name, "compile") == 0)
        return "see the front-end row";
    return NULL;
}

#ifdef HB_HAVE_HYPERLANG
#include "hyperlang.h"

typedef struct vm_state {
    hl_engine *engine;
    hl_module *module;
    hl_tenant *tenant; /* the warm-tenant row */
    const char *hl_bin, *kernel_erl;
} vm_state;

static vm_state api_state, cli_state, tenant_state;

static int vm_init(hb_system *self, const hb_config *cfg, char *why) {
    vm_state *st = self == &hb_sys_hl_api ? &api_state : self == &hb_sys_hl_tenant ? &tenant_state : &cli_state;
    st->kernel_erl = cfg->kernel_erl;
    st->hl_bin = cfg->hl_bin;
    if (self == &hb_sys_hl_cli) {
        if (!cfg->hl_bin) {
            hb_set_why(why, "the hl command was not built");
            return -1;
        }
        self->state = st;
        return 0;
    }
    size_t len;
    char *src = hb_read_file(cfg->kernel_erl, &len);
    if (!src) {
        hb_set_why(why, "cannot read %s", cfg->kernel_erl);
        return -1;
    }
    hl_error *err = NULL;
    if (hl_engine_new(&st->engine) != HL_OK ||
        hl_compile(st->engine, "hlbench.erl", src, len, NULL, &st->module, &err) != HL_OK) {
        hb_set_why(why, "hl_compile: %s", err ? hl_error_message(err) : "out of memory");
        hl_error_free(err);
        free(src);
        return -1;
    }
    free(src);
    if (self == &hb_sys_hl_tenant && hl_tenant_new(st->module, NULL, &st->tenant) != HL_OK) {
        hb_set_why(why, "hl_tenant_new failed");
        return -1;
    }
    self->state = st;
    return 0;
}

/* K(A) iters times, through hl_run (tenant NULL) or on a kept tenant. */
static int call_loop(vm_state *st, hl_tenant *tenant, const hb_kernel *k, uint64_t iters, hb_time *t,
                     int64_t *got, char *err) {
    hl_value *arg;
    uint32_t fn = 0;
    if (tenant && hl_module_function(st->module, k->name, 1, &fn, NULL) != HL_OK) {
        hb_set_why(err, "no function %s/1", k->name);
        return -1;
    }
    if (hl_value_int(k->arg, &arg) != HL_OK) {
        hb_set_why(err, "out of memory");
        return -1;
    }
    int rc = 0;
    uint64_t t0 = hb_now_ns(), c0 = hb_thread_cpu_ns();
    for (uint64_t i = 0; i < iters; i++) {
        hl_value *r = NULL;
        hl_error *e = NULL;
        hl_status s = tenant ? hl_tenant_call(tenant, fn, &arg, 1, &r, &e)
                             : hl_run(st->module, k->name, &arg, 1, NULL, &r, &e);
        int64_t v = 0;
        if (s != HL_OK || hl_value_get_int(r, &v) != HL_OK || v != k->expected) {
            if (s != HL_OK) hb_set_why(err, "%s: %s", tenant ? "hl_tenant_call" : "hl_run",
                                       e ? hl_error_message(e) : hl_status_name(s));
            else hb_set_why(err, "wrong value %lld", (long long)v);
            *got = v;
            hl_error_free(e);
            hl_value_free(r);
            rc = -1;
            break;
        }
        hl_value_free(r);
    }
    t->cpu_ns = hb_thread_cpu_ns() - c0;
    t->wall_ns = hb_now_ns() - t0;
    hl_value_free(arg);
    return rc;
}

static int tenant_run(hb_system *self, const hb_kernel *k, uint64_t iters, hb_time *t, int64_t *got,
                      char *err) {
    vm_state *st = self->state;
    return call_loop(st, st->tenant, k, iters, t, got, err);
}

static int api_run(hb_system *self, const hb_kernel *k, uint64_t iters, hb_time *t, int64_t *got,
                   char *err) {
    return call_loop(self->state, NULL, k, iters, t, got, err);
}

static int cli_run(hb_system *self, const hb_kernel *k, uint64_t iters, hb_time *t, int64_t *got,
                   char *err) {
    vm_state *st = self->state;
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "'%s' run '%s' %s %lld", st->hl_bin, st->kernel_erl, k->name, (long long)k->arg);
    uint64_t t0 = hb_now_ns();
    for (uint64_t i = 0; i < iters; i++) {
        FILE *p = popen(cmd, "r");
        if (!p) {
            hb_set_why(err, "cannot start hl");
            return -1;
        }
        long long v = 0;
        int n = fscanf(p, "%lld", &v);
        int status = pclose(p);
        if (n != 1 || status != 0 || v != k->expected) {
            *got = (int64_t)v;
            hb_set_why(err, "hl run: exit status %d, value %lld", status, v);
            return -1;
        }
    }
    t->wall_ns = hb_now_ns() - t0;
    t->cpu_ns = 0; /* spent in child processes */
    return 0;
}

static void vm_fini(hb_system *self) {
    vm_state *st = self->state;
    if (!st) return;
    hl_tenant_free(st->tenant);
    st->tenant = NULL;
    hl_module_free(st->module);
    hl_engine_free(st->engine);
    st->module = NULL;
    st->engine = NULL;
}
#else
static int vm_init(hb_system *self, const hb_config *cfg, char *why) {
    (void)self;
    (void)cfg;
    hb_set_why(why, "library not built");
    return -1;
}

static int api_run(hb_system *self, const hb_kernel *k, uint64_t iters, hb_time *t, int64_t *got,
                   char *err) {
    (void)self, (void)k, (void)iters, (void)t, (void)got;
    hb_set_why(err, "library not built");
    return -1;
}
#define cli_run api_run
#define tenant_run api_run

static void vm_fini(hb_system *self) { (void)self; }
#endif

hb_system hb_sys_hl_api = {
    .name = "Hyperlang (API, caller's thread)",
    .key = "hl-api",
    .kind = "host→guest",
    .measures = "host-to-guest call of K(A) through include/hyperlang.h (hl_run, default limits)",
    .init = vm_init,
    .unsupported = vm_unsupported,
    .run = api_run,
    .fini = vm_fini,
    .describe = NULL,
};

hb_system hb_sys_hl_tenant = {
    .name = "Hyperlang (API, warm tenant)",
    .key = "hl-tenant",
    .kind = "host→guest",
    .measures = "host-to-guest call of K(A) on a kept tenant (hl_tenant_call, default limits)",
    .init = vm_init,
    .unsupported = vm_unsupported,
    .run = tenant_run,
    .fini = vm_fini,
    .describe = NULL,
};

hb_system hb_sys_hl_cli = {
    .name = "Hyperlang (hl run end to end)",
    .key = "hl-cli",
    .kind = "process per call",
    .measures = "one `hl run` process per call: start + compile + run + print",
    .init = vm_init,
    .unsupported = vm_unsupported,
    .run = cli_run,
    .fini = vm_fini,
    .describe = NULL,
};
