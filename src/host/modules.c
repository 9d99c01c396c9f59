/* modules.c — the engine's module table: the stdlib's modules, each loaded
 * from its build-time image once per engine when a call first needs it,
 * gated like any program (its tables at load, each function's code when
 * the function is first called), and shared (read-only) by every program and
 * process of the engine until hl_engine_free. An import of a module that is
 * not loaded yet is linked on first use (vm/load.c hl_link_lazy, through
 * the engine's hl_vm_linker here), so a program loads only the modules its
 * run reaches. A program's own modules are linked here too: their imports
 * resolve to the program's other modules or to the stdlib (docs/design.md,
 * "The module table"). */
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "base/meter.h"
#include "bc/gate.h"
#include "host/host_int.h"
#include "host/stdlib_images.h"
#include "term/atom.h"

static bool atom_is(hl_term atom, const char *s, size_t n) {
    size_t l;
    const char *name = hl_atom_name(atom, &l);
    return l == n && memcmp(name, s, n) == 0;
}

int hl_host_stdlib_index(hl_term module) {
    for (size_t i = 0; i < hl_stdlib_image_count; i++)
        if (atom_is(module, hl_stdlib_images[i].name, strlen(hl_stdlib_images[i].name))) return (int)i;
    return -1;
}

int hl_host_stdlib_index_name(const char *name, size_t len) {
    for (size_t i = 0; i < hl_stdlib_image_count; i++)
        if (strlen(hl_stdlib_images[i].name) == len && memcmp(hl_stdlib_images[i].name, name, len) == 0)
            return (int)i;
    return -1;
}

/* The exported function `function`/arity of module m, or -1. Atoms are
 * global terms, so names compare as words. */
static int64_t find_export(const hl_program *m, hl_term function, uint32_t arity) {
    for (uint32_t i = 0; i < m->n_functions; i++)
        if ((m->funcs[i].flags & HL_BC_FN_EXPORTED) && m->funcs[i].arity == arity && m->fn_names[i] == function)
            return i;
    return -1;
}

/* Linking stdlib module `loading` (not yet published). */
typedef struct stdlib_ctx {
    hl_engine *engine;
    const hl_program *loading;
} stdlib_ctx;

/* An import of a stdlib module: a module already loaded (or the one being
 * loaded) resolves now, any other is linked on first use. */
static hl_link_answer resolve_stdlib(void *ctx, hl_term module, hl_term function, uint32_t arity,
                                     const hl_program **target, uint32_t *fn) {
    const stdlib_ctx *c = ctx;
    int k = hl_host_stdlib_index(module);
    if (k < 0) return HL_LINK_NONE;
    const hl_program *m = c->loading->am_module == module ? c->loading : hl_host_stdlib_get(c->engine, k);
    if (!m) return HL_LINK_LATER;
    int64_t f = find_export(m, function, arity);
    if (f < 0) return HL_LINK_NONE;
    *target = m, *fn = (uint32_t)f;
    return HL_LINK_FOUND;
}

/* Gates, loads and links image k (its imports of modules not loaded yet
 * are linked on first use) into *out. The gate checks the image's tables
 * now and each function's code when it is first called (vm/load.h
 * hl_load_lazy_in): a run pays for the functions it reaches, not for
 * whole modules. */
static hl_status load_image(hl_engine *engine, int k, hl_program **out, hl_atom_fault *fault, char *why,
                            size_t whylen) {
    const hl_stdlib_image *im = &hl_stdlib_images[k];
    hl_bc_image bc;
    if (!hl_gate_check_tables(im->bytes, im->len, &bc, why, whylen)) return HL_ECOMPILE;
    /* The engine's, loaded once: not charged to the compilation or run
     * that happens to need it first (its verdict must not depend on that) */
    hl_meter *m = hl_meter_current;
    hl_meter_current = NULL;
    bool ok = hl_load_lazy_in(engine->atoms, HL_ATOM_POOL_MAX, &bc, im->x_span, out, fault, why, whylen);
    hl_meter_current = m;
    if (!ok) return *fault == HL_ATOM_FAULT_TABLE_FULL ? HL_ELIMIT : HL_ECOMPILE;
    (*out)->linker = &engine->linker;
    (*out)->stdlib = true;
    stdlib_ctx c = {engine, *out};
    if (!hl_link(*out, resolve_stdlib, &c, why, whylen)) return HL_ECOMPILE;
    if (!hl_link_closure(*out)) {
        snprintf(why, whylen, "out of memory");
        return HL_ENOMEM;
    }
    return HL_OK;
}

hl_status hl_host_stdlib_ensure(hl_engine *engine, int k, hl_error **err) {
    if (k < 0 || (size_t)k >= hl_stdlib_image_count) return HL_EMISUSE;
    if (atomic_load_explicit(&engine->stdlib_ready[k], memory_order_acquire)) return HL_OK;
    pthread_mutex_lock(&engine->mods_lock);
    if (engine->stdlib[k]) {
        pthread_mutex_unlock(&engine->mods_lock);
        return HL_OK;
    }
    char why[256] = "out of memory";
    hl_atom_fault fault = HL_ATOM_FAULT_NONE;
    hl_program *fresh = NULL;
    hl_status st = load_image(engine, k, &fresh, &fault, why, sizeof why);
    if (st == HL_OK) {
        engine->stdlib[k] = fresh;
        atomic_store_explicit(&engine->stdlib_ready[k], true, memory_order_release);
    } else {
        hl_program_free(fresh);
    }
    pthread_mutex_unlock(&engine->mods_lock);
    if (st == HL_OK) return HL_OK;
    /* The engine's atom table is full: the compile that needed the module
     * gets the engine's atom limit fault, like one naming too many atoms. */
    if (st == HL_ELIMIT) return hl_host_atom_limit_error(err, hl_stdlib_images[k].name, fault, 0, engine->atoms);
    /* Out of memory is the host's; anything else is our build's fault. */
    bool nomem = strstr(why, "out of memory") != NULL || st == HL_ENOMEM;
    char msg[320];
    snprintf(msg, sizeof msg, "%sthe stdlib module %s does not load: %s", nomem ? "" : "internal error: ",
             hl_stdlib_images[k].name, why);
    return hl_host_set_error(err, hl_host_error_new(nomem ? HL_ENOMEM : HL_ECOMPILE, msg));
}

/* The engine's linker (vm/load.h): a stdlib import linked on first use
 * loads its module now. */
static bool link_on_use(void *ctx, hl_term module, hl_term function, uint32_t arity, const hl_program **target,
                        uint32_t *fn) {
    hl_engine *engine = ctx;
    int k = hl_host_stdlib_index(module);
    if (k < 0) return false;
    hl_error *err = NULL;
    if (hl_host_stdlib_ensure(engine, k, &err) != HL_OK) {
        hl_error_free(err);
        return false;
    }
    const hl_program *m = hl_host_stdlib_get(engine, k);
    int64_t f = m ? find_export(m, function, arity) : -1;
    if (f < 0) return false;
    *target = m, *fn = (uint32_t)f;
    return true; /* (the caller translates the function: hl_program_fn_load) */
}

static uint32_t x_span_of(void *ctx, hl_term module) {
    (void)ctx;
    int k = hl_host_stdlib_index(module);
    return k >= 0 ? hl_stdlib_images[k].x_span : HL_BC_MAX_X;
}

static const hl_program *code_owner(void *ctx, const hl_tword *ptr) {
    hl_engine *engine = ctx;
    for (size_t i = 0; i < hl_stdlib_image_count; i++) {
        const hl_program *m = hl_host_stdlib_get(engine, (int)i);
        if (m && ptr >= m->code && ptr < m->code + m->n_code) return m;
    }
    return NULL;
}

const hl_program *hl_host_stdlib_get(hl_engine *engine, int k) {
    return atomic_load_explicit(&engine->stdlib_ready[k], memory_order_acquire) ? engine->stdlib[k] : NULL;
}

/* ---- a program's modules ---------------------------------------------------- */

typedef struct prog_ctx {
    hl_engine *engine;
    hl_program *const *mods;
    size_t n;
} prog_ctx;

/* An import of a program module: the stdlib when it names a stdlib module
 * (the gate let it through only as an allowlisted Erlang function; linked
 * on first use when the module is not loaded yet), else one of the
 * program's own modules, and nothing else. */
static hl_link_answer resolve_program(void *ctx, hl_term module, hl_term function, uint32_t arity,
                                      const hl_program **target, uint32_t *fn) {
    const prog_ctx *c = ctx;
    int k = hl_host_stdlib_index(module);
    const hl_program *m = NULL;
    if (k >= 0) {
        m = hl_host_stdlib_get(c->engine, k);
        if (!m) return HL_LINK_LATER;
    } else {
        for (size_t i = 0; i < c->n && !m; i++)
            if (c->mods[i]->am_module == module) m = c->mods[i];
    }
    int64_t f = m ? find_export(m, function, arity) : -1;
    if (f < 0) return HL_LINK_NONE;
    *target = m, *fn = (uint32_t)f;
    return HL_LINK_FOUND;
}

hl_status hl_host_link_program(hl_engine *engine, hl_program *const *mods, size_t n, char *why, size_t whylen,
                               hl_error **err) {
    (void)err; /* the stdlib modules load when a call first needs them */
    prog_ctx c = {engine, mods, n};
    for (size_t i = 0; i < n; i++) {
        mods[i]->linker = &engine->linker;
        if (!hl_link(mods[i], resolve_program, &c, why, whylen)) return HL_ECOMPILE;
    }
    for (size_t i = 0; i < n; i++)
        if (!hl_link_closure(mods[i])) {
            snprintf(why, whylen, "out of memory");
            return HL_ENOMEM;
        }
    return HL_OK;
}

void hl_host_modules_free(hl_engine *engine) {
    if (!engine->stdlib) return;
    for (size_t i = 0; i < hl_stdlib_image_count; i++) hl_program_free(engine->stdlib[i]);
    hl_mem_free(engine->stdlib);
    hl_mem_free((void *)engine->stdlib_ready);
    pthread_mutex_destroy(&engine->mods_lock);
}

hl_status hl_host_modules_init(hl_engine *engine) {
    engine->stdlib = hl_mem_calloc(hl_stdlib_image_count ? hl_stdlib_image_count : 1, sizeof *engine->stdlib);
    engine->stdlib_ready =
        hl_mem_calloc(hl_stdlib_image_count ? hl_stdlib_image_count : 1, sizeof *engine->stdlib_ready);
    if (!engine->stdlib || !engine->stdlib_ready || pthread_mutex_init(&engine->mods_lock, NULL) != 0) {
        hl_mem_free(engine->stdlib);
        hl_mem_free((void *)engine->stdlib_ready);
        engine->stdlib = NULL;
        return HL_ENOMEM;
    }
    for (size_t i = 0; i < hl_stdlib_image_count; i++) atomic_init(&engine->stdlib_ready[i], false);
    engine->linker = (hl_vm_linker){link_on_use, code_owner, x_span_of, engine};
    return HL_OK;
}
