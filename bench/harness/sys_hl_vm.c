/* sys_hl_vm.c — the two Hyperlang VM rows, as placeholders until the
 * compiler and VM exist. They appear in every table as n/a so the missing
 * measurements stay visible. To make them real, replace init/run here:
 *
 *   "Hyperlang (API, caller's thread)": init compiles bench/kernels/hlbench.erl
 *   once through the public API and creates one tenant with its default
 *   limits; run does, per call, exactly what the Lua rows do: a host-to-guest
 *   call of K(A) on the tenant in the caller's thread, reading and checking
 *   the integer result. Comparable with the Lua rows (host-to-guest).
 *
 *   "Hyperlang (hl run end to end)": run starts `hl run` (cfg->hl_bin) on
 *   hlbench.erl for K(A) once per call and checks its printed value:
 *   process start + compile + run + print, the CLI user's cost. Comparable
 *   with nothing else in the table except as an upper bound. */
#include <string.h>

#include "hb.h"

static int vm_init(hb_system *self, const hb_config *cfg, char *why) {
    (void)self;
    (void)cfg;
    hb_set_why(why, "VM not ready");
    return -1;
}

static const char *vm_unsupported(hb_system *self, const hb_kernel *k) {
    (void)self;
    if (strcmp(k->name, "parse") == 0 || strcmp(k->name, "check") == 0 ||
        strcmp(k->name, "compile") == 0)
        return "see the front-end row";
    return NULL;
}

static int vm_run(hb_system *self, const hb_kernel *k, uint64_t iters, hb_time *t, int64_t *got,
                  char *err) {
    (void)self, (void)k, (void)iters, (void)t, (void)got;
    hb_set_why(err, "VM not ready");
    return -1;
}

static void vm_fini(hb_system *self) { (void)self; }

hb_system hb_sys_hl_api = {
    .name = "Hyperlang (API, caller's thread)",
    .key = "hl-api",
    .kind = "host→guest",
    .measures = "host-to-guest call of K(A) on one tenant through include/hyperlang.h",
    .init = vm_init,
    .unsupported = vm_unsupported,
    .run = vm_run,
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
    .run = vm_run,
    .fini = vm_fini,
    .describe = NULL,
};
