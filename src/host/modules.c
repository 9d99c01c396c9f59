/* modules.c — the engine's module table: the stdlib's modules, loaded from
 * their build-time images once per engine on first use, gated like any
 * program, linked to each other, and shared (read-only) by every program
 * and process of the engine until hl_engine_free. A program's own modules
 * are linked here too: their imports resolve to the program's other
 * modules or to the stdlib (docs/design.md, "The module table"). */
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

/* Loading: the modules being loaded now (not yet published), by index. */
typedef struct batch {
    hl_engine *engine;
    hl_program **fresh; /* hl_stdlib_image_count entries */
    hl_atom_fault fault; /* why the last load failed, when atoms refused it */
} batch;

static const hl_program *stdlib_module(const batch *b, int k) {
    return b->engine->stdlib[k] ? b->engine->stdlib[k] : b->fresh[k];
}

static bool resolve_stdlib(void *ctx, hl_term module, hl_term function, uint32_t arity, const hl_program **target,
                           uint32_t *fn) {
    const batch *b = ctx;
    int k = hl_host_stdlib_index(module);
    const hl_program *m = k >= 0 ? stdlib_module(b, k) : NULL;
    int64_t f = m ? find_export(m, function, arity) : -1;
    if (f < 0) return false;
    *target = m, *fn = (uint32_t)f;
    return true;
}

/* Gates and loads image k into b->fresh[k]. */
static hl_status load_image(batch *b, int k, char *why, size_t whylen) {
    const hl_stdlib_image *im = &hl_stdlib_images[k];
    hl_bc_image bc;
    if (!hl_gate_check(im->bytes, im->len, &bc, why, whylen)) return HL_ECOMPILE;
    /* The engine's, loaded once: not charged to the compilation that
     * happens to link it first (its verdict must not depend on that) */
    hl_meter *m = hl_meter_current;
    hl_meter_current = NULL;
    bool ok = hl_load_in(b->engine->atoms, HL_ATOM_POOL_MAX, &bc, &b->fresh[k], &b->fault, why, whylen);
    hl_meter_current = m;
    hl_bc_image_free(&bc);
    if (!ok && b->fault == HL_ATOM_FAULT_TABLE_FULL) return HL_ELIMIT;
    return ok ? HL_OK : HL_ECOMPILE;
}

hl_status hl_host_stdlib_ensure(hl_engine *engine, int k, hl_error **err) {
    if (k < 0 || (size_t)k >= hl_stdlib_image_count) return HL_EMISUSE;
    if (atomic_load_explicit(&engine->stdlib_ready[k], memory_order_acquire)) return HL_OK;
    pthread_mutex_lock(&engine->mods_lock);
    if (engine->stdlib[k]) {
        pthread_mutex_unlock(&engine->mods_lock);
        return HL_OK;
    }
    batch b = {engine, hl_mem_calloc(hl_stdlib_image_count, sizeof(hl_program *)), HL_ATOM_FAULT_NONE};
    char why[256] = "out of memory";
    hl_status st = b.fresh ? HL_OK : HL_ENOMEM;
    /* Load k and, to a fixpoint, every stdlib module a fresh one imports
     * (the stdlib's modules call each other, cycles included), then link
     * them all: every import then names a loaded module. */
    if (st == HL_OK) st = load_image(&b, k, why, sizeof why);
    for (bool grew = true; st == HL_OK && grew;) {
        grew = false;
        for (size_t i = 0; st == HL_OK && i < hl_stdlib_image_count; i++) {
            const hl_program *m = b.fresh[i];
            for (uint32_t j = 0; m && st == HL_OK && j < m->n_imports; j++) {
                int t = hl_host_stdlib_index(m->imports[j].module);
                if (t < 0 || stdlib_module(&b, t)) continue;
                st = load_image(&b, t, why, sizeof why);
                grew = true;
            }
        }
    }
    for (size_t i = 0; st == HL_OK && i < hl_stdlib_image_count; i++)
        if (b.fresh[i] && !hl_link(b.fresh[i], resolve_stdlib, &b, why, sizeof why)) st = HL_ECOMPILE;
    for (size_t i = 0; st == HL_OK && i < hl_stdlib_image_count; i++)
        if (b.fresh[i] && !hl_link_closure(b.fresh[i])) st = HL_ENOMEM, strcpy(why, "out of memory");
    if (st == HL_OK) {
        for (size_t i = 0; i < hl_stdlib_image_count; i++)
            if (b.fresh[i]) {
                engine->stdlib[i] = b.fresh[i];
                atomic_store_explicit(&engine->stdlib_ready[i], true, memory_order_release);
            }
    } else if (b.fresh) {
        for (size_t i = 0; i < hl_stdlib_image_count; i++) hl_program_free(b.fresh[i]);
    }
    pthread_mutex_unlock(&engine->mods_lock);
    hl_mem_free(b.fresh);
    if (st == HL_OK) return HL_OK;
    /* The engine's atom table is full: the compile that needed the module
     * gets the engine's atom limit fault, like one naming too many atoms. */
    if (st == HL_ELIMIT) return hl_host_atom_limit_error(err, hl_stdlib_images[k].name, b.fault, 0, engine->atoms);
    /* Out of memory is the host's; anything else is our build's fault. */
    bool nomem = strstr(why, "out of memory") != NULL || st == HL_ENOMEM;
    char msg[320];
    snprintf(msg, sizeof msg, "%sthe stdlib module %s does not load: %s", nomem ? "" : "internal error: ",
             hl_stdlib_images[k].name, why);
    return hl_host_set_error(err, hl_host_error_new(nomem ? HL_ENOMEM : HL_ECOMPILE, msg));
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
 * (the gate let it through only as an allowlisted Erlang function), else
 * one of the program's own modules, and nothing else. */
static bool resolve_program(void *ctx, hl_term module, hl_term function, uint32_t arity, const hl_program **target,
                            uint32_t *fn) {
    const prog_ctx *c = ctx;
    int k = hl_host_stdlib_index(module);
    const hl_program *m = NULL;
    if (k >= 0) m = hl_host_stdlib_get(c->engine, k);
    else
        for (size_t i = 0; i < c->n && !m; i++)
            if (c->mods[i]->am_module == module) m = c->mods[i];
    int64_t f = m ? find_export(m, function, arity) : -1;
    if (f < 0) return false;
    *target = m, *fn = (uint32_t)f;
    return true;
}

hl_status hl_host_link_program(hl_engine *engine, hl_program *const *mods, size_t n, char *why, size_t whylen,
                               hl_error **err) {
    /* First the stdlib modules any of them imports. */
    for (size_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < mods[i]->n_imports; j++) {
            int k = hl_host_stdlib_index(mods[i]->imports[j].module);
            if (k < 0) continue;
            hl_status st = hl_host_stdlib_ensure(engine, k, err);
            if (st != HL_OK) return st;
        }
    prog_ctx c = {engine, mods, n};
    for (size_t i = 0; i < n; i++)
        if (!hl_link(mods[i], resolve_program, &c, why, whylen)) return HL_ECOMPILE;
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
    return HL_OK;
}
