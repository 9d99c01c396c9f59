/* sys_hl_front.c — the Hyperlang front-end row: source text of the kernel
 * module (bench/kernels/hlbench.erl) to an accepted, checked module through
 * hl_check of include/hyperlang.h (lex, parse, lower to SafeCore, verify,
 * classify), in the caller's thread. Its kernel is `check`, whose BEAM row
 * is erl_scan + erl_parse + erl_lint:module/1 on the same text; and
 * `compile`, a cold hl_compile (fresh engine, so the program cache cannot
 * answer: parse to a gated, loaded program), whose BEAM row is
 * compile:forms on the same text.
 * Built only when run.sh could build the library (HB_HAVE_HYPERLANG). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb.h"

static const char *front_unsupported(hb_system *self, const hb_kernel *k) {
    (void)self;
    if (strcmp(k->name, "check") == 0 || strcmp(k->name, "compile") == 0) return NULL;
    if (strcmp(k->name, "parse") == 0) return "no public parse-only entry point";
    return "see the VM rows";
}

static const char *front_pending(hb_system *self, const hb_kernel *k) {
    (void)self;
    (void)k;
    return NULL;
}

#ifdef HB_HAVE_HYPERLANG
#include "hyperlang.h"

typedef struct front {
    hl_engine *engine;
    char *src;
    size_t len;
} front;

static front the_front;

static int front_init(hb_system *self, const hb_config *cfg, char *why) {
    front *f = &the_front;
    self->state = f;
    f->src = hb_read_file(cfg->kernel_erl, &f->len);
    if (!f->src) {
        hb_set_why(why, "cannot read %s", cfg->kernel_erl);
        return -1;
    }
    if (hl_engine_new(&f->engine) != HL_OK) {
        hb_set_why(why, "hl_engine_new failed");
        return -1;
    }
    hl_error *err = NULL;
    hl_status s = hl_check(f->engine, "hlbench.erl", f->src, f->len, NULL, &err);
    if (s != HL_OK) {
        const char *msg = err ? hl_error_message(err) : hl_status_name(s);
        printf("note: hl_check rejects hlbench.erl today: %.*s\n", (int)strcspn(msg, "\n"), msg);
        hl_error_free(err);
        hb_set_why(why, "front end not ready");
        return -1;
    }
    return 0;
}

/* One cold compile: a fresh engine has an empty program cache. */
static hl_status compile_cold(const front *f) {
    hl_engine *e;
    hl_status s = hl_engine_new(&e);
    if (s != HL_OK) return s;
    hl_module *m = NULL;
    s = hl_compile(e, "hlbench.erl", f->src, f->len, NULL, &m, NULL);
    hl_module_free(m);
    hl_engine_free(e);
    return s;
}

static int front_run(hb_system *self, const hb_kernel *k, uint64_t iters, hb_time *t,
                     int64_t *got, char *err) {
    front *f = self->state;
    bool compile = strcmp(k->name, "compile") == 0;
    uint64_t t0 = hb_now_ns(), c0 = hb_thread_cpu_ns();
    for (uint64_t i = 0; i < iters; i++) {
        hl_status s = compile ? compile_cold(f)
                              : hl_check(f->engine, "hlbench.erl", f->src, f->len, NULL, NULL);
        int64_t v = s == HL_OK ? 1 : 0; /* 1: accepted, the value every system returns */
        if (v != k->expected) {
            *got = v;
            hb_set_why(err, "%s: %s", compile ? "hl_compile" : "hl_check", hl_status_name(s));
            return -1;
        }
    }
    t->cpu_ns = hb_thread_cpu_ns() - c0;
    t->wall_ns = hb_now_ns() - t0;
    return 0;
}

static void front_fini(hb_system *self) {
    front *f = self->state;
    if (!f) return;
    hl_engine_free(f->engine);
    free(f->src);
    f->engine = NULL;
    f->src = NULL;
}

static const char *front_describe(hb_system *self) {
    (void)self;
    static char line[128];
    snprintf(line, sizeof line, "Hyperlang: library %s (gcc, Release, -O2)", hl_version());
    return line;
}

#else /* the library did not build: the row says so */

static int front_init(hb_system *self, const hb_config *cfg, char *why) {
    (void)self;
    (void)cfg;
    hb_set_why(why, "library not built");
    return -1;
}
static int front_run(hb_system *self, const hb_kernel *k, uint64_t iters, hb_time *t,
                     int64_t *got, char *err) {
    (void)self, (void)k, (void)iters, (void)t, (void)got;
    hb_set_why(err, "library not built");
    return -1;
}
static void front_fini(hb_system *self) { (void)self; }
static const char *front_describe(hb_system *self) {
    (void)self;
    return NULL;
}
#endif

hb_system hb_sys_hl_front = {
    .name = "Hyperlang compiler (hl_check, hl_compile)",
    .key = "hl-front",
    .kind = "library call",
    .measures = "per call, in the caller's thread: check = hl_check of hlbench.erl (lex, parse, "
                "lower to SafeCore, verify, classify); compile = cold hl_compile (also codegen, "
                "gate, load)",
    .init = front_init,
    .unsupported = front_unsupported,
    .pending = front_pending,
    .run = front_run,
    .fini = front_fini,
    .describe = front_describe,
};
