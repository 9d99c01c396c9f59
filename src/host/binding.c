/* binding.c — host bindings (include/hyperlang.h, docs/embedding.md): the
 * engine's table of registered host functions, the grants in compile
 * options, resolving grants to registrations when a module is compiled, and
 * the VM's binding hook that calls the host function for a running guest.
 *
 * Lifetime: a registration is reference counted (the engine's table and
 * every module compiled against it hold one), so a module never points at
 * freed memory; its `active` count (the registration plus the calls running
 * now) decides when the finalizer runs — once, when the binding has been
 * replaced / unregistered / its engine freed and no call is running. */
#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "base/mem.h"
#include "base/utf8.h"
#include "core/builtins.h"
#include "host/host_int.h"
#include "term/atom.h"
#include "term/copy.h"

/* Depth of binding callbacks running on this thread (reentrancy guard). */
static _Thread_local unsigned in_binding;

bool hl_host_in_binding(void) { return in_binding > 0; }

/* ---- names ------------------------------------------------------------------ */

/* A valid atom name: strict UTF-8, 1..255 code points (docs/bytecode.md §2.2). */
static bool name_ok(const char *s) {
    if (!s) return false;
    size_t n = strlen(s), cps;
    if (n == 0 || n > HL_BC_MAX_ATOM_BYTES) return false;
    return hl_utf8_valid((const uint8_t *)s, n, &cps) && cps <= 255;
}

/* Valid names that do not stand for the guest's own library: the module
 * erlang (auto-imported calls resolve there) and every allowlist entry. */
static bool binding_name_ok(const char *module, const char *function, uint32_t arity) {
    if (!name_ok(module) || !name_ok(function) || arity > HL_BC_MAX_ARITY) return false;
    if (strcmp(module, "erlang") == 0) return false;
    return hl_builtin_find(module, strlen(module), function, strlen(function), arity) < 0;
}

static char *dup_str(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = hl_mem_alloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

static int key_cmp(const char *m1, const char *f1, uint32_t a1, const char *m2, const char *f2, uint32_t a2) {
    int r = strcmp(m1, m2);
    if (r) return r;
    r = strcmp(f1, f2);
    if (r) return r;
    return (a1 > a2) - (a1 < a2);
}

/* ---- registrations --------------------------------------------------------------- */

static void binding_unref(hl_host_binding *b) {
    if (!b || atomic_fetch_sub(&b->refs, 1) != 1) return;
    hl_mem_free(b->module);
    hl_mem_free(b->function);
    hl_mem_free(b);
}

/* Drops one `active` count; the last one finalizes. */
static void binding_deactivate(hl_host_binding *b) {
    if (atomic_fetch_sub(&b->active, 1) != 1) return;
    if (b->finalizer) b->finalizer(b->data);
}

/* One `active` count for a call, unless the binding is already retired. */
static bool binding_enter(hl_host_binding *b) {
    unsigned a = atomic_load(&b->active);
    while (a > 0)
        if (atomic_compare_exchange_weak(&b->active, &a, a + 1)) return true;
    return false;
}

/* Index of the registration (under the engine lock), or -1. */
static int64_t find_registered(const hl_engine *e, const char *module, const char *function, uint32_t arity) {
    for (uint32_t i = 0; i < e->nbindings; i++) {
        const hl_host_binding *b = e->bindings[i];
        if (b->arity == arity && strcmp(b->function, function) == 0 && strcmp(b->module, module) == 0) return i;
    }
    return -1;
}

bool hl_host_binding_registered(const void *ctx, const char *module, size_t mlen, const char *function, size_t flen,
                                uint32_t arity) {
    hl_engine *e = (hl_engine *)ctx;
    bool found = false;
    pthread_mutex_lock(&e->lock);
    for (uint32_t i = 0; i < e->nbindings && !found; i++) {
        const hl_host_binding *b = e->bindings[i];
        found = b->arity == arity && strlen(b->module) == mlen && memcmp(b->module, module, mlen) == 0 &&
                strlen(b->function) == flen && memcmp(b->function, function, flen) == 0;
    }
    pthread_mutex_unlock(&e->lock);
    return found;
}

hl_status hl_engine_register_binding(hl_engine *engine, const char *module, const char *function, uint32_t arity,
                                     hl_binding_fn fn, void *data, hl_binding_finalizer finalizer) {
    if (!engine || !fn || !binding_name_ok(module, function, arity)) return HL_EMISUSE;
    hl_host_binding *b = hl_mem_calloc(1, sizeof *b);
    if (!b) return HL_ENOMEM;
    b->module = dup_str(module);
    b->function = dup_str(function);
    if (!b->module || !b->function) {
        hl_mem_free(b->module);
        hl_mem_free(b->function);
        hl_mem_free(b);
        return HL_ENOMEM;
    }
    atomic_init(&b->refs, 1);   /* the engine's table */
    atomic_init(&b->active, 1); /* the registration */
    b->arity = arity;
    b->fn = fn;
    b->data = data;
    b->finalizer = finalizer;
    hl_host_binding *old = NULL;
    hl_status st = HL_OK;
    pthread_mutex_lock(&engine->lock);
    int64_t at = find_registered(engine, module, function, arity);
    if (at >= 0) {
        old = engine->bindings[at];
        engine->bindings[at] = b;
    } else if (engine->nbindings >= HL_HOST_MAX_BINDINGS) {
        st = HL_EMISUSE;
    } else {
        if (engine->nbindings == engine->bcap) {
            uint32_t ncap = engine->bcap ? engine->bcap * 2 : 8;
            hl_host_binding **nb = hl_mem_realloc_array(engine->bindings, ncap, sizeof *nb);
            if (nb) engine->bindings = nb, engine->bcap = ncap;
            else st = HL_ENOMEM;
        }
        if (st == HL_OK) engine->bindings[engine->nbindings++] = b;
    }
    if (st == HL_OK) b->serial = ++engine->binding_serial;
    pthread_mutex_unlock(&engine->lock);
    if (st != HL_OK) { /* nothing registered: the caller keeps its data */
        b->finalizer = NULL;
        binding_deactivate(b);
        binding_unref(b);
        return st;
    }
    if (old) { /* finalized outside the lock: the finalizer may call the engine */
        binding_deactivate(old);
        binding_unref(old);
    }
    return HL_OK;
}

hl_status hl_engine_unregister_binding(hl_engine *engine, const char *module, const char *function, uint32_t arity) {
    if (!engine || !module || !function) return HL_EMISUSE;
    pthread_mutex_lock(&engine->lock);
    int64_t at = find_registered(engine, module, function, arity);
    hl_host_binding *old = NULL;
    if (at >= 0) {
        old = engine->bindings[at];
        engine->bindings[at] = engine->bindings[--engine->nbindings];
    }
    pthread_mutex_unlock(&engine->lock);
    if (!old) return HL_EMISUSE;
    binding_deactivate(old);
    binding_unref(old);
    return HL_OK;
}

hl_status hl_engine_set_binding_timeout(hl_engine *engine, const char *module, const char *function,
                                        uint32_t arity, uint64_t ms) {
    if (!engine || !module || !function || ms > 86400000u) return HL_EMISUSE;
    pthread_mutex_lock(&engine->lock);
    int64_t at = find_registered(engine, module, function, arity);
    if (at >= 0) atomic_store(&engine->bindings[at]->max_ns, ms * 1000000u);
    pthread_mutex_unlock(&engine->lock);
    return at >= 0 ? HL_OK : HL_EMISUSE;
}

void hl_host_bindings_engine_free(hl_engine *engine) {
    for (uint32_t i = 0; i < engine->nbindings; i++) {
        binding_deactivate(engine->bindings[i]);
        binding_unref(engine->bindings[i]);
    }
    hl_mem_free(engine->bindings);
    engine->bindings = NULL;
    engine->nbindings = engine->bcap = 0;
}

/* ---- grants --------------------------------------------------------------------- */

hl_status hl_compile_options_grant_binding(hl_compile_options *opts, const char *module, const char *function,
                                           uint32_t arity) {
    if (!opts || !binding_name_ok(module, function, arity)) return HL_EMISUSE;
    /* sorted insert; duplicates are no-ops */
    uint32_t at = 0;
    while (at < opts->ngrants) {
        const hl_host_grant *g = &opts->grants[at];
        int r = key_cmp(g->module, g->function, g->arity, module, function, arity);
        if (r == 0) return HL_OK;
        if (r > 0) break;
        at++;
    }
    if (opts->capped) return HL_EMISUSE; /* options from a policy grant what it grants, no more */
    if (opts->ngrants >= HL_HOST_MAX_BINDINGS) return HL_EMISUSE;
    if (opts->ngrants == opts->gcap) {
        uint32_t ncap = opts->gcap ? opts->gcap * 2 : 4;
        hl_host_grant *ng = hl_mem_realloc_array(opts->grants, ncap, sizeof *ng);
        if (!ng) return HL_ENOMEM;
        opts->grants = ng, opts->gcap = ncap;
    }
    hl_host_grant g = {dup_str(module), dup_str(function), arity};
    if (!g.module || !g.function) {
        hl_mem_free(g.module);
        hl_mem_free(g.function);
        return HL_ENOMEM;
    }
    memmove(&opts->grants[at + 1], &opts->grants[at], (opts->ngrants - at) * sizeof *opts->grants);
    opts->grants[at] = g;
    opts->ngrants++;
    return HL_OK;
}

void hl_host_grants_free(hl_compile_options *opts) {
    for (uint32_t i = 0; i < opts->ngrants; i++) {
        hl_mem_free(opts->grants[i].module);
        hl_mem_free(opts->grants[i].function);
    }
    hl_mem_free(opts->grants);
    opts->grants = NULL;
    opts->ngrants = opts->gcap = 0;
}

/* ---- resolving at compile time ------------------------------------------------------ */

void hl_host_bindings_release(hl_host_binding **b, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) binding_unref(b[i]);
    hl_mem_free(b);
}

static void hash_u64(hl_sha256 *s, uint64_t v) {
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    hl_sha256_update(s, b, 8);
}

/* The grants of opts (NULL: none) resolved to the engine's registrations
 * (one reference each, in grant order) and hashed into bkey. */
static hl_status bindings_resolve(hl_engine *engine, const hl_compile_options *opts, hl_host_binding ***out,
                                  uint32_t *n, uint8_t bkey[32], hl_error **err) {
    *out = NULL;
    *n = 0;
    uint32_t count = opts ? opts->ngrants : 0;
    if (count == 0) { /* the common case stays off SHA-256 (cache hits are hot) */
        memset(bkey, 0, 32);
        return HL_OK;
    }
    hl_sha256 s;
    hl_sha256_init(&s);
    static const char tag[] = "hyperlang-bindings";
    hl_sha256_update(&s, tag, sizeof tag);
    hash_u64(&s, count);
    hl_host_binding **arr = hl_mem_calloc(count, sizeof *arr);
    if (!arr) return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    const hl_host_grant *missing = NULL;
    pthread_mutex_lock(&engine->lock);
    for (uint32_t i = 0; i < count && !missing; i++) {
        const hl_host_grant *g = &opts->grants[i];
        int64_t at = find_registered(engine, g->module, g->function, g->arity);
        if (at < 0) {
            missing = g;
            break;
        }
        arr[i] = engine->bindings[at];
        atomic_fetch_add(&arr[i]->refs, 1);
        /* names, arity and the registration itself */
        hash_u64(&s, strlen(g->module));
        hl_sha256_update(&s, g->module, strlen(g->module));
        hash_u64(&s, strlen(g->function));
        hl_sha256_update(&s, g->function, strlen(g->function));
        hash_u64(&s, g->arity);
        hash_u64(&s, arr[i]->serial);
    }
    pthread_mutex_unlock(&engine->lock);
    if (missing) {
        for (uint32_t i = 0; i < count; i++) binding_unref(arr[i]);
        hl_mem_free(arr);
        hl_buf b;
        hl_buf_init(&b, 4096);
        hl_buf_printf(&b, "binding %s:%s/%u is granted but not registered on the engine", missing->module,
                      missing->function, (unsigned)missing->arity);
        hl_status st = hl_host_set_error(
            err, b.failed || !b.data ? hl_host_error_new(HL_ENOMEM, "out of memory") : hl_host_error_new(HL_EMISUSE, b.data));
        hl_buf_free(&b);
        return st;
    }
    hl_sha256_final(&s, bkey);
    *out = arr;
    *n = count;
    return HL_OK;
}

hl_status hl_host_options_resolve(hl_engine *engine, const hl_compile_options *opts, hl_host_resolved *r,
                                  hl_error **err) {
    if (opts) r->lim = opts->front;
    else hl_front_limits_default(&r->lim);
    r->caps = opts ? opts->caps : 0;
    return bindings_resolve(engine, opts, &r->bnd, &r->nbnd, r->bkey, err);
}

/* ---- calls ---------------------------------------------------------------------------- */

static void free_value(void *v) { hl_value_free(v); }

/* A binding error with a library-made reason text, for the hook's out. */
static hl_vm_host_status text_reason(const char *text, hl_vm_host_out *out) {
    hl_value *v;
    if (hl_value_binary(text, strlen(text), &v) != HL_OK) return HL_VM_HOST_NOMEM;
    out->term = hl_host_vterm(v), out->owner = v, out->release = free_value;
    return HL_VM_HOST_ERROR;
}

/* Most words a call's arguments may copy out to the host (64 MiB): a term
 * sharing subterms can be far larger as a tree than on the guest heap. */
#define HL_BINDING_MAX_ARG_WORDS ((uint64_t)8 << 20)

/* The call itself, timed: usage, the binding's own maximum duration, and
 * the audit record. */
static hl_vm_host_status call_timed(hl_host_run_ctx *rc, hl_host_binding *b, hl_value *const *argv, uint32_t nargs,
                                    hl_value **result, hl_status *st) {
    uint64_t t0 = hl_vm_now_ns();
    in_binding++;
    *st = b->fn(b->data, rc->module, argv, nargs, result);
    in_binding--;
    uint64_t dt = hl_vm_now_ns() - t0, max = atomic_load(&b->max_ns);
    if (rc->usage) rc->usage->binding_calls++, rc->usage->binding_ns += dt;
    bool late = max && dt > max;
    if (late)
        snprintf(rc->overran, sizeof rc->overran,
                 "the binding %.100s:%.100s/%u ran %llu ms, past its maximum of %llu ms (hl_engine_set_binding_timeout)",
                 b->module, b->function, b->arity, (unsigned long long)(dt / 1000000u),
                 (unsigned long long)(max / 1000000u));
    if (rc->audit) {
        char name[520];
        snprintf(name, sizeof name, "%s:%s/%u", b->module, b->function, b->arity);
        hl_usage u = {.wall_ns = dt, .binding_calls = 1, .binding_ns = dt};
        hl_host_audit_emit(rc->audit, rc->audit_data, HL_AUDIT_BINDING, late ? HL_ELIMIT : *st,
                           HL_LIMIT_KIND_DEADLINE, name, rc->tenant, &u);
    }
    return late ? HL_VM_HOST_DEADLINE : HL_VM_HOST_OK;
}

hl_vm_host_status hl_host_binding_hook(void *ctx, uint32_t index, const hl_term *args, uint32_t nargs,
                                       uint64_t max_words, hl_vm_host_out *out, uint64_t *words) {
    hl_host_run_ctx *rc = ctx;
    const hl_module *module = rc->module;
    if (index >= module->nbindings) return HL_VM_HOST_UNDEF;
    hl_host_binding *b = module->bindings[index];
    /* Copy the arguments out first: a fun or a handle never reaches the host. */
    hl_value *argv[HL_BC_MAX_ARITY];
    uint32_t made = 0;
    hl_vm_host_status hs = HL_VM_HOST_OK;
    /* All the arguments together, expanded, within the run's heap limit
     * (and HL_BINDING_MAX_ARG_WORDS): each is sized under what is left
     * before anything is allocated for it. */
    uint64_t cap = max_words < HL_BINDING_MAX_ARG_WORDS ? max_words : HL_BINDING_MAX_ARG_WORDS;
    for (; made < nargs; made++) {
        size_t w = 0;
        uint64_t left = cap > *words ? cap - *words : 0;
        hl_status st = hl_host_value_from_term(args[made], (size_t)left, &w, &argv[made]);
        if (st != HL_OK) {
            hs = st == HL_EREJECTED ? HL_VM_HOST_BADARG : st == HL_ELIMIT ? HL_VM_HOST_HEAP_LIMIT : HL_VM_HOST_NOMEM;
            break;
        }
        *words += w;
    }
    if (hs == HL_VM_HOST_OK && !binding_enter(b)) hs = HL_VM_HOST_UNDEF;
    hl_value *result = NULL;
    hl_status st = HL_OK;
    if (hs == HL_VM_HOST_OK) {
        hs = call_timed(rc, b, argv, nargs, &result, &st);
        binding_deactivate(b);
        if (hs != HL_VM_HOST_OK) { /* too late: the answer is dropped */
            if (result) {
                bool is_arg = false;
                for (uint32_t i = 0; i < made; i++) is_arg |= argv[i] == result;
                if (!is_arg) hl_value_free(result);
            }
            result = NULL;
        }
    }
    /* Returning an argument itself hands that handle back (each argument is
     * a distinct handle): kept as the result, not freed twice. */
    for (uint32_t i = 0; i < made; i++)
        if (argv[i] != result) hl_value_free(argv[i]);
    if (hs != HL_VM_HOST_OK) return hs;
    if (st != HL_OK && st != HL_EEXCEPTION) {
        hl_value_free(result);
        char text[96];
        snprintf(text, sizeof text, "binding failed: %s", hl_status_name(st));
        return text_reason(text, out);
    }
    if (!result) {
        if (st == HL_OK) return text_reason("no result", out);
        out->term = HL_AM(undefined); /* HL_EEXCEPTION without a reason */
        return HL_VM_HOST_ERROR;
    }
    /* Invariant 1: the guest only ever sees atoms its program contains. */
    hl_status known = hl_host_term_atoms_known(hl_host_vterm(result), module->prog->pool);
    if (known != HL_OK) {
        hl_value_free(result);
        if (known == HL_ENOMEM) return HL_VM_HOST_NOMEM;
        return text_reason("result holds an atom the program does not know", out);
    }
    out->term = hl_host_vterm(result), out->owner = result, out->release = free_value;
    return st == HL_OK ? HL_VM_HOST_OK : HL_VM_HOST_ERROR;
}
