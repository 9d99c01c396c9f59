/* program.c — hl_compile: the whole pipeline from source to a loaded,
 * gated program (DESIGN §2), and the engine's content-addressed program
 * cache (SHA-256 of source + options + bytecode format version). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "base/meter.h"
#include "core/core.h"
#include "front/front.h"
#include "gen/codegen.h"
#include "gen/gate.h"
#include "gen/load.h"
#include "gen/stdlib.h"
#include "host/host_int.h"

static void put_u64(hl_sha256 *s, uint64_t v) {
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    hl_sha256_update(s, b, 8);
}

static void cache_key(const char *source, size_t len, const hl_front_limits *lim, const uint8_t bkey[32],
                      uint8_t key[32]) {
    hl_sha256 s;
    hl_sha256_init(&s);
    static const char tag[] = "hyperlang-module";
    hl_sha256_update(&s, tag, sizeof tag);
    hl_sha256_update(&s, bkey, 32); /* the bindings granted and what they resolved to */
    put_u64(&s, HL_BC_VERSION);
    put_u64(&s, lim->max_source_bytes);
    put_u64(&s, lim->max_tokens);
    put_u64(&s, lim->max_depth);
    put_u64(&s, lim->max_string_chars);
    put_u64(&s, lim->max_integer_digits);
    put_u64(&s, lim->max_memory_bytes);
    put_u64(&s, lim->max_diagnostics);
    put_u64(&s, lim->max_work);
    put_u64(&s, lim->max_wall_ms);
    put_u64(&s, len);
    hl_sha256_update(&s, source, len);
    hl_sha256_final(&s, key);
}

static void pp_key(const char *name, const hl_front_limits *lim, uint8_t bkey[32]) {
    hl_sha256 s;
    hl_sha256_init(&s);
    hl_sha256_update(&s, bkey, 32);
    put_u64(&s, strlen(name));
    hl_sha256_update(&s, name, strlen(name));
    put_u64(&s, lim->nheaders);
    for (size_t i = 0; i < lim->nheaders; i++) {
        put_u64(&s, strlen(lim->headers[i].name));
        hl_sha256_update(&s, lim->headers[i].name, strlen(lim->headers[i].name));
        put_u64(&s, lim->headers[i].len);
        hl_sha256_update(&s, lim->headers[i].text, lim->headers[i].len);
    }
    hl_sha256_final(&s, bkey);
}

/* A cheap 64-bit hash of source + options for the hit fast path (an exact
 * comparison follows, so collisions only cost time). */
static uint64_t fast_hash(const char *s, size_t len, const hl_front_limits *lim, const uint8_t bkey[32]) {
    uint64_t h = 0x9E3779B97F4A7C15u ^ len;
    uint64_t bk;
    memcpy(&bk, bkey, sizeof bk);
    h ^= bk;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        h = (h ^ w) * 0xFF51AFD7ED558CCDu;
        h ^= h >> 32;
    }
    for (; i < len; i++) h = (h ^ (uint8_t)s[i]) * 0x100000001B3u;
    h ^= (uint64_t)lim->max_depth * 31 + lim->max_tokens + lim->max_source_bytes * 7 + lim->max_string_chars +
         lim->max_integer_digits * 13 + lim->max_memory_bytes + lim->max_diagnostics * 17 + lim->max_work * 19 +
         lim->max_wall_ms * 23;
    return h;
}

static bool same_limits(const hl_front_limits *a, const hl_front_limits *b) {
    return a->max_source_bytes == b->max_source_bytes && a->max_tokens == b->max_tokens &&
           a->max_depth == b->max_depth && a->max_string_chars == b->max_string_chars &&
           a->max_integer_digits == b->max_integer_digits && a->max_memory_bytes == b->max_memory_bytes &&
           a->max_diagnostics == b->max_diagnostics && a->max_work == b->max_work &&
           a->max_wall_ms == b->max_wall_ms;
}

void hl_module_free(hl_module *module) {
    if (!module) return;
    if (atomic_fetch_sub(&module->refs, 1) != 1) return;
    hl_program_free(module->prog);
    hl_host_bindings_release(module->bindings, module->nbindings);
    hl_mem_free(module);
}

static hl_status compile_error(hl_error **err, hl_diags *diags, const char *name) {
    if (hl_diags_errors(diags) == 0) hl_diags_add(diags, 1, 1, "out of memory");
    hl_status s = hl_host_set_error(err, hl_host_error_from_diags(diags, name));
    return s;
}

/* The rejection of a compilation whose work meter tripped: one diagnostic,
 * whatever else the stopped pass said. */
static hl_status meter_error(hl_error **err, const char *name) {
    char msg[200];
    hl_meter_message(hl_meter_current, msg, sizeof msg);
    hl_diags d;
    hl_diags_init(&d, 1);
    hl_diags_add(&d, 1, 1, "%s", msg);
    hl_status s = compile_error(err, &d, name);
    hl_diags_free(&d);
    return s;
}

/* The compiled stdlib modules one program links, in hl_stdlib_modules order
 * (borrowed from the process-wide cache below). */
typedef struct stdlib_set {
    const hl_core_module *core[HL_STDLIB_MAX_LINKED];
    size_t n;
} stdlib_set;

/* Each stdlib module is parsed and compiled once per process, on first
 * use, and kept for the life of the process: the result depends only on
 * the embedded text, is read-only afterwards (codegen takes it const), so
 * concurrent compiles share it. A failed compile (out of memory) is not
 * cached; the next program tries again. */
static pthread_mutex_t stdlib_lock = PTHREAD_MUTEX_INITIALIZER;
static hl_front_result *stdlib_front[HL_STDLIB_MAX_LINKED];
static hl_core_module *stdlib_core[HL_STDLIB_MAX_LINKED];
static uint64_t stdlib_cost[HL_STDLIB_MAX_LINKED]; /* meter units its compile took */

/* The compiled module i, or NULL with a diagnostic in diags. */
static const hl_core_module *stdlib_get(size_t i, const hl_core_options *copts, hl_diags *diags, bool *nomem) {
    pthread_mutex_lock(&stdlib_lock);
    const hl_core_module *cached = stdlib_core[i];
    uint64_t cost = stdlib_cost[i];
    if (cached) {
        pthread_mutex_unlock(&stdlib_lock);
        /* charged as if compiled here, so work counts do not depend on
         * what the process compiled before */
        return hl_meter_charge(cost) ? cached : NULL;
    }
    uint64_t before = hl_meter_current ? hl_meter_current->used : 0;
    hl_front_limits llim;
    hl_front_limits_default(&llim);
    hl_front_result *lr = hl_front_parse(hl_stdlib_modules[i].src, hl_stdlib_modules[i].len, &llim);
    hl_diags ld;
    hl_diags_init(&ld, 4);
    hl_core_module *lib =
        lr && lr->module && hl_diags_errors(&lr->diags) == 0 ? hl_core_compile(lr->module, copts, &ld) : NULL;
    if (hl_meter_tripped()) { /* stopped part-way: the caller reports the meter */
        hl_core_free(lib);
        hl_front_free(lr);
        lib = NULL;
    } else if (lib && hl_diags_errors(&ld) == 0) {
        stdlib_core[i] = lib, stdlib_front[i] = lr;
        stdlib_cost[i] = hl_meter_current ? hl_meter_current->used - before : 0;
    } else {
        if (!lr || lr->diags.oom || ld.oom || (!lib && hl_diags_errors(&ld) == 0 && hl_diags_errors(&lr->diags) == 0))
            *nomem = true;
        const hl_diags *why = lr && hl_diags_errors(&lr->diags) ? &lr->diags : &ld;
        if (why->count)
            hl_diags_add(diags, 1, 1, "internal error: the stdlib (lib/%s.erl) does not compile: %u:%u: %s",
                         hl_stdlib_modules[i].name, why->items[0].line, why->items[0].col, why->items[0].message);
        else
            hl_diags_add(diags, 1, 1, "internal error: the stdlib (lib/%s.erl) does not compile",
                         hl_stdlib_modules[i].name);
        hl_core_free(lib);
        hl_front_free(lr);
        lib = NULL;
    }
    hl_diags_free(&ld);
    pthread_mutex_unlock(&stdlib_lock);
    return lib;
}

/* Collects every stdlib module m needs, to a fixpoint over the modules'
 * own calls (at most hl_stdlib_nmodules rounds). */
static void stdlib_compile(stdlib_set *s, const hl_core_module *m, const hl_core_options *copts, hl_diags *diags,
                           bool *nomem) {
    size_t nmod = hl_stdlib_nmodules;
    bool need[HL_STDLIB_MAX_LINKED] = {0}, done[HL_STDLIB_MAX_LINKED] = {0};
    const hl_core_module *byidx[HL_STDLIB_MAX_LINKED] = {0};
    if (nmod > HL_STDLIB_MAX_LINKED) {
        hl_diags_add(diags, 1, 1, "internal error: too many stdlib modules");
        return;
    }
    hl_codegen_stdlib_uses(m, need);
    bool progress = true;
    while (progress) {
        progress = false;
        for (size_t i = 0; i < nmod; i++) {
            if (!need[i] || done[i]) continue;
            done[i] = progress = true;
            byidx[i] = stdlib_get(i, copts, diags, nomem);
            if (!byidx[i]) return;
            hl_codegen_stdlib_uses(byidx[i], need);
        }
    }
    for (size_t i = 0; i < nmod; i++)
        if (byidx[i]) s->core[s->n++] = byidx[i];
}

/* Source to a loaded program; NULL with *err set on rejection. */
static hl_program *build_stages(const char *name, const char *source, size_t len, const hl_front_limits *lim,
                                const hl_core_binding *bindings, uint32_t nbindings, hl_status *status,
                                hl_error **err) {
    hl_front_result *r = hl_front_parse(source, len, lim);
    if (!r) {
        *status = hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
        return NULL;
    }
    if (hl_diags_errors(&r->diags) > 0) {
        *status = hl_host_set_error(err, hl_host_error_from_diags(&r->diags, name));
        hl_front_free(r);
        return NULL;
    }
    hl_core_options copts;
    hl_core_options_default(&copts);
    hl_core_options lib_opts = copts; /* the stdlib calls no binding */
    lib_opts.stdlib = true; /* and may call guest-0 builtins (erlang:hl_sort_run/1) */
    copts.bindings = bindings;
    copts.nbindings = nbindings;
    hl_diags diags;
    hl_diags_init(&diags, lim->max_diagnostics);
    hl_core_module *m = r->module ? hl_core_compile(r->module, &copts, &diags) : NULL;
    uint8_t *img = NULL;
    size_t imglen = 0;
    bool nomem = false;
    /* The stdlib modules written in Erlang (lib/), compiled by the same
     * pipeline and linked in only when the program calls them (and those
     * they call in turn). */
    stdlib_set ls = {0};
    if (m && hl_diags_errors(&diags) == 0 && !hl_meter_tripped()) stdlib_compile(&ls, m, &lib_opts, &diags, &nomem);
    bool ok = m && hl_diags_errors(&diags) == 0 && !hl_meter_tripped() &&
              hl_codegen_bindings(m, ls.core, ls.n, bindings, nbindings, &diags, &img, &imglen, &nomem);
    /* the gate and the loader are linear in the image: charged up front */
    if (ok && !hl_meter_charge(imglen / 4)) {
        hl_mem_free(img);
        img = NULL;
        ok = false;
    }
    if (!ok) {
        *status = hl_meter_tripped() ? meter_error(err, name)
                  : nomem ? hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory while compiling"))
                          : compile_error(err, &diags, name);
        hl_core_free(m);
        hl_front_free(r);
        hl_diags_free(&diags);
        return NULL;
    }
    hl_core_free(m);
    hl_front_free(r);
    hl_bc_image bc;
    char why[256];
    hl_program *prog = NULL;
    if (!hl_gate_check(img, imglen, &bc, why, sizeof why)) {
        hl_diags_add(&diags, 1, 1, "internal error: the bytecode gate refused the generated code: %s", why);
        *status = compile_error(err, &diags, name);
    } else {
        if (!hl_load(&bc, &prog, why, sizeof why)) {
            hl_diags_add(&diags, 1, 1, "cannot load the program: %s", why);
            *status = compile_error(err, &diags, name);
            prog = NULL;
        }
        hl_bc_image_free(&bc);
    }
    hl_mem_free(img);
    hl_diags_free(&diags);
    if (prog) *status = HL_OK;
    return prog;
}

static hl_program *build(const char *name, const char *source, size_t len, const hl_front_limits *lim,
                         const hl_core_binding *bindings, uint32_t nbindings, hl_status *status,
                         hl_error **err) {
    hl_meter meter;
    hl_meter_begin(&meter, lim->max_work, lim->max_wall_ms);
    hl_program *prog = build_stages(name, source, len, lim, bindings, nbindings, status, err);
    hl_meter_end(&meter);
    return prog;
}

hl_status hl_compile(hl_engine *engine, const char *name, const char *source, size_t len,
                     const hl_compile_options *opts, hl_module **out, hl_error **err) {
    if (err) *err = NULL;
    if (!engine || !out || (!source && len)) return HL_EMISUSE;
    *out = NULL;
    if (!source) source = "";
    if (!name) name = "<source>";
    hl_front_limits lim;
    if (opts) lim = opts->front;
    else hl_front_limits_default(&lim);
    /* The bindings the options grant, resolved to the engine's
     * registrations now: the module keeps them (never a dangling pointer). */
    hl_host_binding **bnd = NULL;
    uint32_t nbnd = 0;
    uint8_t bkey[32];
    hl_status bst = hl_host_bindings_resolve(engine, opts, &bnd, &nbnd, bkey, err);
    if (bst != HL_OK) return bst;
    /* The preprocessor's inputs (?FILE, the headers) decide the program
     * too: folded into the key the cache compares. */
    lim.file_name = name;
    pp_key(name, &lim, bkey);
    uint64_t fast = fast_hash(source, len, &lim, bkey);
    pthread_mutex_lock(&engine->lock);
    for (uint32_t i = 0; i < engine->ncache; i++) {
        hl_cache_entry *c = &engine->cache[i];
        if (c->fast == fast && c->len == len && c->src && same_limits(&c->lim, &lim) &&
            memcmp(c->bkey, bkey, 32) == 0 && memcmp(c->src, source, len) == 0) {
            hl_module *m = c->module;
            atomic_fetch_add(&m->refs, 1);
            pthread_mutex_unlock(&engine->lock);
            hl_host_bindings_release(bnd, nbnd);
            *out = m;
            return HL_OK;
        }
    }
    pthread_mutex_unlock(&engine->lock);
    uint8_t key[32];
    cache_key(source, len, &lim, bkey, key);
    pthread_mutex_lock(&engine->lock);
    for (uint32_t i = 0; i < engine->ncache; i++)
        if (memcmp(engine->cache[i].key, key, 32) == 0) {
            hl_module *m = engine->cache[i].module;
            atomic_fetch_add(&m->refs, 1);
            pthread_mutex_unlock(&engine->lock);
            hl_host_bindings_release(bnd, nbnd);
            *out = m;
            return HL_OK;
        }
    pthread_mutex_unlock(&engine->lock);

    /* The classifier and codegen see the grants by name, in grant order
     * (the same order as bnd). */
    hl_core_binding *cb = NULL;
    if (nbnd) {
        cb = hl_mem_calloc(nbnd, sizeof *cb);
        if (!cb) {
            hl_host_bindings_release(bnd, nbnd);
            return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
        }
        for (uint32_t i = 0; i < nbnd; i++) cb[i] = (hl_core_binding){bnd[i]->module, bnd[i]->function, bnd[i]->arity};
    }
    hl_status status = HL_ENOMEM;
    hl_program *prog = build(name, source, len, &lim, cb, nbnd, &status, err);
    hl_mem_free(cb);
    if (!prog) {
        hl_host_bindings_release(bnd, nbnd);
        return status;
    }
    hl_module *m = hl_mem_calloc(1, sizeof *m);
    if (!m) {
        hl_program_free(prog);
        hl_host_bindings_release(bnd, nbnd);
        return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    }
    atomic_init(&m->refs, 2); /* the caller's and the cache's */
    m->prog = prog;
    m->bindings = bnd;
    m->nbindings = nbnd;
    memcpy(m->key, key, 32);

    pthread_mutex_lock(&engine->lock);
    for (uint32_t i = 0; i < engine->ncache; i++)
        if (memcmp(engine->cache[i].key, key, 32) == 0) { /* another thread was faster */
            hl_module *old = engine->cache[i].module;
            atomic_fetch_add(&old->refs, 1);
            pthread_mutex_unlock(&engine->lock);
            atomic_store(&m->refs, 1);
            hl_module_free(m);
            *out = old;
            return HL_OK;
        }
    char *copy = NULL;
    if (len <= HL_CACHE_COPY_MAX && (copy = hl_mem_alloc(len ? len : 1)) != NULL && len) memcpy(copy, source, len);
    hl_module *evict = NULL;
    char *evict_src = NULL;
    uint32_t slot = engine->ncache;
    if (slot == HL_CACHE_MAX) {
        slot = 0;
        for (uint32_t i = 1; i < HL_CACHE_MAX; i++)
            if (engine->cache[i].stamp < engine->cache[slot].stamp) slot = i;
        evict = engine->cache[slot].module;
        evict_src = engine->cache[slot].src;
    } else {
        engine->ncache++;
    }
    memcpy(engine->cache[slot].key, key, 32);
    engine->cache[slot].module = m;
    engine->cache[slot].stamp = ++engine->stamp;
    engine->cache[slot].fast = fast;
    engine->cache[slot].len = len;
    engine->cache[slot].src = copy;
    engine->cache[slot].lim = lim;
    /* the name and headers are borrowed from this call: they count through
     * bkey (pp_key), never read again from the entry */
    engine->cache[slot].lim.file_name = NULL;
    engine->cache[slot].lim.headers = NULL;
    engine->cache[slot].lim.nheaders = 0;
    memcpy(engine->cache[slot].bkey, bkey, 32);
    pthread_mutex_unlock(&engine->lock);
    hl_module_free(evict);
    hl_mem_free(evict_src);
    *out = m;
    return HL_OK;
}
