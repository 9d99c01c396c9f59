/* program.c — hl_compile_program: the whole pipeline from the sources of
 * a program's modules to loaded, gated, linked modules (docs/design.md §1), the
 * same pipeline for hl_check (which stops before caching: check and compile
 * accept exactly the same programs), and the engine's content-addressed
 * program cache (the sources, options and granted bindings compared
 * exactly; a program over HL_CACHE_COPY_MAX by the SHA-256 of them and the
 * bytecode format version). The stdlib is not compiled here: its modules
 * come from the build (modules.c). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"
#include "base/meter.h"
#include "core/core.h"
#include "front/front.h"
#include "gen/codegen.h"
#include "bc/gate.h"
#include "vm/load.h"
#include "host/host_int.h"
#include "host/spare.h"

static void put_u64(hl_sha256 *s, uint64_t v) {
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    hl_sha256_update(s, b, 8);
}

/* The sources of one compilation. */
typedef struct srcset {
    size_t n;
    const char *const *names;
    const char *const *texts;
    const size_t *lens;
} srcset;

static void cache_key(const srcset *ss, const hl_front_limits *lim, const uint8_t bkey[32], uint8_t key[32]) {
    hl_sha256 s;
    hl_sha256_init(&s);
    static const char tag[] = "hyperlang-program";
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
    put_u64(&s, lim->max_atoms);
    put_u64(&s, ss->n);
    for (size_t i = 0; i < ss->n; i++) {
        put_u64(&s, ss->lens[i]);
        hl_sha256_update(&s, ss->texts[i], ss->lens[i]);
    }
    hl_sha256_final(&s, key);
}

/* The preprocessor's inputs besides the sources (each module's name, which
 * is ?FILE, and the headers handed over) decide the program too: folded
 * into bkey, which every cache comparison includes. */
static void pp_key(const srcset *ss, const hl_front_limits *lim, uint32_t caps, uint8_t bkey[32]) {
    hl_sha256 s;
    hl_sha256_init(&s);
    hl_sha256_update(&s, bkey, 32);
    put_u64(&s, caps); /* the capabilities granted decide what compiles */
    put_u64(&s, ss->n);
    for (size_t i = 0; i < ss->n; i++) {
        put_u64(&s, strlen(ss->names[i]));
        hl_sha256_update(&s, ss->names[i], strlen(ss->names[i]));
    }
    put_u64(&s, lim->nheaders);
    for (size_t i = 0; i < lim->nheaders; i++) {
        put_u64(&s, strlen(lim->headers[i].name));
        hl_sha256_update(&s, lim->headers[i].name, strlen(lim->headers[i].name));
        put_u64(&s, lim->headers[i].len);
        hl_sha256_update(&s, lim->headers[i].text, lim->headers[i].len);
    }
    hl_sha256_final(&s, bkey);
}

/* A cheap 64-bit hash of sources + options for the hit fast path (an exact
 * comparison follows, so collisions only cost time). */
static uint64_t fast_hash(const srcset *ss, const hl_front_limits *lim, const uint8_t bkey[32]) {
    uint64_t h = 0x9E3779B97F4A7C15u ^ ss->n;
    uint64_t bk;
    memcpy(&bk, bkey, sizeof bk);
    h ^= bk;
    for (size_t k = 0; k < ss->n; k++) {
        const char *s = ss->texts[k];
        size_t len = ss->lens[k], i = 0;
        h = (h ^ len) * 0xFF51AFD7ED558CCDu;
        for (; i + 8 <= len; i += 8) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            h = (h ^ w) * 0xFF51AFD7ED558CCDu;
            h ^= h >> 32;
        }
        for (; i < len; i++) h = (h ^ (uint8_t)s[i]) * 0x100000001B3u;
    }
    h ^= (uint64_t)lim->max_depth * 31 + lim->max_tokens + lim->max_source_bytes * 7 + lim->max_string_chars +
         lim->max_integer_digits * 13 + lim->max_memory_bytes + lim->max_diagnostics * 17 + lim->max_work * 19 +
         lim->max_wall_ms * 23 + lim->max_atoms * 29;
    return h;
}

static bool same_limits(const hl_front_limits *a, const hl_front_limits *b) {
    return a->max_source_bytes == b->max_source_bytes && a->max_tokens == b->max_tokens &&
           a->max_depth == b->max_depth && a->max_string_chars == b->max_string_chars &&
           a->max_integer_digits == b->max_integer_digits && a->max_memory_bytes == b->max_memory_bytes &&
           a->max_diagnostics == b->max_diagnostics && a->max_work == b->max_work &&
           a->max_wall_ms == b->max_wall_ms && a->max_atoms == b->max_atoms;
}

/* The cache keeps the sources as one blob: for each, a u64 length and the
 * bytes. */
static size_t blob_size(const srcset *ss) {
    size_t t = 0;
    for (size_t i = 0; i < ss->n; i++) t += 8 + ss->lens[i];
    return t;
}

static bool blob_equal(const char *blob, size_t blen, const srcset *ss) {
    if (blen != blob_size(ss)) return false;
    size_t at = 0;
    for (size_t i = 0; i < ss->n; i++) {
        uint64_t l;
        memcpy(&l, blob + at, 8);
        if (l != ss->lens[i] || memcmp(blob + at + 8, ss->texts[i], ss->lens[i]) != 0) return false;
        at += 8 + ss->lens[i];
    }
    return true;
}

static char *blob_make(const srcset *ss, size_t *blen) {
    *blen = blob_size(ss);
    char *b = hl_mem_alloc(*blen ? *blen : 1);
    if (!b) return NULL;
    size_t at = 0;
    for (size_t i = 0; i < ss->n; i++) {
        uint64_t l = ss->lens[i];
        memcpy(b + at, &l, 8);
        if (l) memcpy(b + at + 8, ss->texts[i], l);
        at += 8 + l;
    }
    return b;
}

void hl_module_free(hl_module *module) {
    if (!module) return;
    if (atomic_fetch_sub(&module->refs, 1) != 1) return;
    hl_host_spare_free(module);
    for (uint32_t i = 0; i < module->nmods; i++) {
        hl_program_free(module->mods[i]);
        if (module->images) hl_mem_free(module->images[i]);
    }
    hl_mem_free(module->mods);
    hl_mem_free(module->images);
    hl_mem_free(module->image_lens);
    hl_host_bindings_release(module->bindings, module->nbindings);
    if (module->engine) hl_host_engine_release(module->engine);
    hl_mem_free(module);
}

static hl_status compile_error(hl_error **err, hl_diags *diags, const char *name) {
    if (hl_diags_errors(diags) == 0) hl_diags_add(diags, 1, 1, "out of memory");
    hl_status s = hl_host_set_error(err, hl_host_error_from_diags(diags, name));
    return s;
}

static hl_status one_error(hl_error **err, const char *name, const char *msg) {
    hl_diags d;
    hl_diags_init(&d, 1);
    hl_diags_add(&d, 1, 1, "%s", msg);
    hl_status s = compile_error(err, &d, name);
    hl_diags_free(&d);
    return s;
}

/* The rejection of a compilation whose work meter tripped: one diagnostic,
 * whatever else the stopped pass said. */
static hl_status meter_error(hl_error **err, const char *name) {
    char msg[200];
    hl_meter_message(hl_meter_current, msg, sizeof msg);
    return one_error(err, name, msg);
}

/* What one compilation works on. */
typedef struct build {
    hl_engine *engine;        /* asked which bindings it registers, to word a refusal */
    const srcset *ss;
    const hl_front_limits *lim;
    const hl_core_binding *bindings;
    uint32_t nbindings;
    uint32_t caps;            /* HL_CAP_* granted */
    bool keep_images;         /* hl_compile: the module keeps them */
    hl_front_result **fronts; /* per module */
    hl_core_peer *peers;      /* per module: its name and exports */
    hl_ast_fa **exports;
    hl_program **mods;        /* loaded, per module */
    uint8_t **imgs;           /* each module's gated image (hl_module_save) */
    size_t *imglens;
    hl_atom_table *atoms;     /* the engine's */
    uint64_t atom_room;       /* what is left of the program's atom quota */
} build;

/* The exported (name, arity) pairs of a parsed module, from its -export
 * attributes (what the classifier lets the other modules call; an export
 * of an undefined function is the module's own compile error). */
static bool gather_exports(const hl_ast_module *m, hl_ast_fa **out, uint32_t *n) {
    size_t total = 0;
    for (uint32_t i = 0; i < m->forms.count; i++) {
        const hl_ast *f = m->forms.items[i];
        if (f->kind == HL_AST_ATTRIBUTE && f->op == HL_ATTR_EXPORT) total += f->u.attr.nfas;
    }
    *out = hl_mem_calloc(total ? total : 1, sizeof **out);
    if (!*out) return false;
    *n = 0;
    for (uint32_t i = 0; i < m->forms.count; i++) {
        const hl_ast *f = m->forms.items[i];
        if (f->kind != HL_AST_ATTRIBUTE || f->op != HL_ATTR_EXPORT) continue;
        for (uint32_t k = 0; k < f->u.attr.nfas; k++) (*out)[(*n)++] = f->u.attr.fas[k];
    }
    return true;
}

static void build_free(build *b) {
    for (size_t i = 0; i < b->ss->n; i++) {
        if (b->fronts) hl_front_free(b->fronts[i]);
        if (b->exports) hl_mem_free(b->exports[i]);
        if (b->mods) hl_program_free(b->mods[i]);
        if (b->imgs) hl_mem_free(b->imgs[i]);
    }
    hl_mem_free(b->imgs);
    hl_mem_free(b->imglens);
    hl_mem_free(b->fronts);
    hl_mem_free(b->exports);
    hl_mem_free(b->peers);
    hl_mem_free(b->mods);
}

/* Module i: SafeCore, codegen, gate, load into b->mods[i]. */
static hl_status build_module(build *b, size_t i, hl_error **err) {
    const char *name = b->ss->names[i];
    hl_core_options copts;
    hl_core_options_default(&copts);
    copts.bindings = b->bindings;
    copts.nbindings = b->nbindings;
    copts.binding_registered = b->engine ? hl_host_binding_registered : NULL;
    copts.binding_ctx = b->engine;
    copts.capabilities = b->caps;
    /* every other module of the program (module i's own entry is skipped:
     * a call to itself is classified as local first) */
    copts.peers = b->ss->n > 1 ? b->peers : NULL;
    copts.npeers = b->ss->n > 1 ? b->ss->n : 0;
    hl_diags diags;
    hl_diags_init(&diags, b->lim->max_diagnostics);
    /* The IR and code generation's buffers are charged to the compile
     * memory cap (base/meter.h) while they live; then the image (the
     * loader charges the literals it builds as it goes), and once the
     * module is loaded only what it holds (hl_program.bytes) */
    uint64_t mem_mark = hl_meter_mem_used();
    hl_core_module *m = b->fronts[i]->module ? hl_core_compile(b->fronts[i]->module, &copts, &diags) : NULL;
    uint8_t *img = NULL;
    size_t imglen = 0;
    bool nomem = false;
    bool ok = m && hl_diags_errors(&diags) == 0 && !hl_meter_tripped() &&
              hl_codegen_bindings(m, b->bindings, b->nbindings, &diags, &img, &imglen, &nomem);
    /* the gate and the loader are linear in the image: charged up front */
    if (ok && !hl_meter_charge(imglen / 4)) ok = false;
    hl_core_free(m);
    if (ok) {
        hl_meter_mem_reset(mem_mark);
        if (!hl_meter_charge_mem(imglen)) ok = false;
    }
    hl_status st = HL_OK;
    if (!ok) {
        st = hl_meter_tripped() ? meter_error(err, name)
             : nomem ? hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory while compiling"))
                     : compile_error(err, &diags, name);
    } else {
        hl_bc_image bc;
        char why[256];
        if (!hl_gate_check(img, imglen, &bc, why, sizeof why)) {
            hl_diags_add(&diags, 1, 1, "internal error: the bytecode gate refused the generated code: %s", why);
            st = compile_error(err, &diags, name);
        } else {
            hl_atom_fault fault;
            if (!hl_load_in(b->atoms, (size_t)b->atom_room, &bc, &b->mods[i], &fault, why, sizeof why)) {
                b->mods[i] = NULL;
                if (fault == HL_ATOM_FAULT_QUOTA || fault == HL_ATOM_FAULT_TABLE_FULL) {
                    st = hl_host_atom_limit_error(err, name, fault, b->lim->max_atoms, b->atoms);
                } else if (hl_meter_tripped()) {
                    st = meter_error(err, name);
                } else {
                    hl_diags_add(&diags, 1, 1, "cannot load the program: %s", why);
                    st = compile_error(err, &diags, name);
                }
            } else {
                b->atom_room -= hl_atom_pool_size(b->mods[i]->pool); /* <= atom_room */
                hl_meter_mem_reset(mem_mark);
                if (!hl_meter_charge_mem(b->mods[i]->bytes)) st = meter_error(err, name);
                if (b->imgs) { /* kept for hl_module_save */
                    b->imgs[i] = img, b->imglens[i] = imglen;
                    img = NULL;
                }
            }
            hl_bc_image_free(&bc);
        }
    }
    hl_mem_free(img);
    hl_diags_free(&diags);
    return st;
}

/* Sources to loaded, linked modules (b->mods), or a rejection. */
static hl_status build_stages(hl_engine *engine, build *b, hl_error **err) {
    size_t n = b->ss->n;
    b->atoms = engine->atoms;
    b->atom_room = b->lim->max_atoms;
    b->fronts = hl_mem_calloc(n, sizeof *b->fronts);
    b->exports = hl_mem_calloc(n, sizeof *b->exports);
    b->peers = hl_mem_calloc(n, sizeof *b->peers);
    b->mods = hl_mem_calloc(n, sizeof *b->mods);
    if (b->keep_images) {
        b->imgs = hl_mem_calloc(n, sizeof *b->imgs);
        b->imglens = hl_mem_calloc(n, sizeof *b->imglens);
        if (!b->imgs || !b->imglens) return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    }
    if (!b->fronts || !b->exports || !b->peers || !b->mods)
        return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    for (size_t i = 0; i < n; i++) {
        const char *name = b->ss->names[i];
        hl_front_limits ml = *b->lim;
        ml.file_name = name; /* ?FILE */
        hl_front_result *r = b->fronts[i] = hl_front_parse(b->ss->texts[i], b->ss->lens[i], &ml);
        if (!r) return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
        if (hl_diags_errors(&r->diags) > 0) return hl_host_set_error(err, hl_host_error_from_diags(&r->diags, name));
        /* what the front end holds (it caps it itself) counts against the
         * memory the later passes may use */
        if (!hl_meter_charge_mem(r->arena.total)) return meter_error(err, name);
        if (!r->module || !gather_exports(r->module, &b->exports[i], &b->peers[i].nexports))
            return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
        b->peers[i].name = r->module->name;
        b->peers[i].exports = b->exports[i];
    }
    /* One program, one module per name; and no module of the program may
     * take a stdlib module's name (a call M:F would have two meanings). */
    for (size_t i = 0; n > 1 && i < n; i++) {
        char msg[700];
        hl_ast_name nm = b->peers[i].name;
        int ml = (int)(nm.len > 255 ? 255 : nm.len);
        if (hl_host_stdlib_index_name(nm.ptr, nm.len) >= 0) {
            snprintf(msg, sizeof msg,
                     "module '%.*s' has the name of a stdlib module; a program of several modules cannot replace "
                     "it (rename the module)",
                     ml, nm.ptr);
            return one_error(err, b->ss->names[i], msg);
        }
        for (size_t k = 0; k < i; k++)
            if (b->peers[k].name.len == nm.len && memcmp(b->peers[k].name.ptr, nm.ptr, nm.len) == 0) {
                snprintf(msg, sizeof msg, "module '%.*s' is already defined by %s", ml, nm.ptr, b->ss->names[k]);
                return one_error(err, b->ss->names[i], msg);
            }
    }
    for (size_t i = 0; i < n; i++) {
        hl_status st = build_module(b, i, err);
        if (st != HL_OK) return st;
    }
    char why[256] = "";
    hl_status st = hl_host_link_program(engine, b->mods, n, why, sizeof why, err);
    if (st == HL_ECOMPILE && why[0]) {
        char msg[300];
        snprintf(msg, sizeof msg, "cannot link the program: %s", why);
        return one_error(err, b->ss->names[0], msg);
    }
    if (st == HL_ENOMEM && why[0]) return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    return st;
}

static hl_status run_build(hl_engine *engine, build *b, hl_error **err) {
    hl_meter meter;
    hl_meter_begin(&meter, b->lim->max_work, b->lim->max_wall_ms);
    hl_meter_set_memory(&meter, b->lim->max_memory_bytes);
    hl_status st = build_stages(engine, b, err);
    hl_meter_end(&meter);
    return st;
}

static bool srcset_valid(size_t n, const char *const *names, const char *const *sources, const size_t *lens) {
    if (n == 0 || !sources || !lens || n > HL_MAX_PROGRAM_MODULES) return false;
    for (size_t i = 0; i < n; i++)
        if (!sources[i] && lens[i]) return false;
    (void)names;
    return true;
}

/* names/sources with NULLs replaced (NULL source with len 0 = empty). */
typedef struct srcfix {
    const char *names[HL_MAX_PROGRAM_MODULES];
    const char *texts[HL_MAX_PROGRAM_MODULES];
} srcfix;

static void srcset_init(srcset *ss, srcfix *fx, size_t n, const char *const *names, const char *const *sources,
                        const size_t *lens) {
    for (size_t i = 0; i < n; i++) {
        fx->names[i] = names && names[i] ? names[i] : "<source>";
        fx->texts[i] = sources[i] ? sources[i] : "";
    }
    *ss = (srcset){n, fx->names, fx->texts, lens};
}

hl_status hl_check_program(hl_engine *engine, size_t n, const char *const *names, const char *const *sources,
                           const size_t *lens, const hl_compile_options *opts, hl_error **err) {
    if (err) *err = NULL;
    if (!engine || !srcset_valid(n, names, sources, lens)) return HL_EMISUSE;
    srcfix fx;
    srcset ss;
    srcset_init(&ss, &fx, n, names, sources, lens);
    hl_front_limits lim;
    if (opts) lim = opts->front;
    else hl_front_limits_default(&lim);
    /* Calls to granted bindings are accepted, as hl_compile accepts them
     * (checking needs no registration: nothing runs). */
    hl_core_binding *cb = NULL;
    if (opts && opts->ngrants) {
        cb = hl_mem_calloc(opts->ngrants, sizeof *cb);
        if (!cb) return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
        for (uint32_t i = 0; i < opts->ngrants; i++)
            cb[i] = (hl_core_binding){opts->grants[i].module, opts->grants[i].function, opts->grants[i].arity};
    }
    build b = {.engine = engine, .ss = &ss, .lim = &lim, .bindings = cb, .nbindings = opts ? opts->ngrants : 0,
               .caps = opts ? opts->caps : 0};
    hl_status st = run_build(engine, &b, err);
    build_free(&b);
    hl_mem_free(cb);
    return st;
}

hl_status hl_check(hl_engine *engine, const char *name, const char *source, size_t len,
                   const hl_compile_options *opts, hl_error **err) {
    if (err) *err = NULL;
    if (!engine || (!source && len)) return HL_EMISUSE;
    return hl_check_program(engine, 1, &name, &source, &len, opts, err);
}

/* Whether entry c holds this compilation: sources up to
 * HL_CACHE_COPY_MAX are kept and compared exactly (with the limits and
 * bkey), so only a larger one (key != NULL) has, and is found by, the
 * SHA-256 key of cache_key: a cold compile of a small program computes no
 * SHA-256 over its sources. Under engine->lock. */
static bool entry_holds(const hl_cache_entry *c, uint64_t fast, const srcset *ss, const hl_front_limits *lim,
                        const uint8_t bkey[32], const uint8_t *key) {
    if (key) return !c->src && memcmp(c->key, key, 32) == 0;
    return c->fast == fast && c->src && same_limits(&c->lim, lim) && memcmp(c->bkey, bkey, 32) == 0 &&
           blob_equal(c->src, c->len, ss);
}

static hl_module *cache_find(hl_engine *engine, uint64_t fast, const srcset *ss, const hl_front_limits *lim,
                             const uint8_t bkey[32], const uint8_t *key) {
    hl_module *found = NULL;
    pthread_mutex_lock(&engine->lock);
    for (uint32_t i = 0; i < engine->ncache && !found; i++) {
        hl_cache_entry *c = &engine->cache[i];
        if (entry_holds(c, fast, ss, lim, bkey, key)) {
            found = c->module;
            atomic_fetch_add(&found->refs, 1);
            c->stamp = ++engine->stamp; /* recently used */
        }
    }
    pthread_mutex_unlock(&engine->lock);
    return found;
}

/* Evicts least recently used entries, under engine->lock, until `bytes`
 * more fit within the bound and a slot is free; the evicted modules and
 * source copies go to gone (HL_CACHE_MAX of each at most), freed by the
 * caller once the lock is released. */
typedef struct evicted {
    hl_module *mods[HL_CACHE_MAX];
    char *srcs[HL_CACHE_MAX];
    uint32_t n;
} evicted;

static void cache_make_room(hl_engine *engine, uint64_t bytes, uint32_t slots, evicted *gone) {
    while (engine->ncache > 0 && (engine->ncache + slots > HL_CACHE_MAX ||
                                  engine->cache_bytes + bytes > engine->cache_max_bytes)) {
        uint32_t lru = 0;
        for (uint32_t i = 1; i < engine->ncache; i++)
            if (engine->cache[i].stamp < engine->cache[lru].stamp) lru = i;
        gone->mods[gone->n] = engine->cache[lru].module;
        gone->srcs[gone->n++] = engine->cache[lru].src;
        engine->cache_bytes -= engine->cache[lru].bytes;
        engine->cache[lru] = engine->cache[--engine->ncache];
    }
}

static void evicted_free(evicted *gone) {
    for (uint32_t i = 0; i < gone->n; i++) {
        hl_module_free(gone->mods[i]);
        hl_mem_free(gone->srcs[i]);
    }
    gone->n = 0;
}

hl_status hl_engine_set_cache_bytes(hl_engine *engine, uint64_t bytes) {
    if (!engine) return HL_EMISUSE;
    evicted *gone = hl_mem_calloc(1, sizeof *gone);
    if (!gone) return HL_ENOMEM;
    pthread_mutex_lock(&engine->lock);
    engine->cache_max_bytes = bytes;
    cache_make_room(engine, 0, 0, gone);
    pthread_mutex_unlock(&engine->lock);
    evicted_free(gone);
    hl_mem_free(gone);
    return HL_OK;
}

static hl_status compile_program(hl_engine *engine, size_t n, const char *const *names, const char *const *sources,
                                 const size_t *lens, const hl_compile_options *opts, hl_module **out, hl_error **err);
static hl_status cache_insert(hl_engine *engine, hl_module *m, const srcset *ss, const hl_front_limits *lim,
                              const uint8_t bkey[32], uint64_t fast, hl_module **out);

/* The program store's key: the in-memory key's inputs with the granted
 * bindings by name (a registration's serial differs from one process to
 * the next), and the build (hl_host_build_id). */
static void store_key(hl_engine *engine, const srcset *ss, const hl_front_limits *lim, uint32_t caps,
                      const hl_compile_options *opts, uint8_t key[32]) {
    (void)engine; /* the build id is the binary's, not the engine's */
    hl_sha256 s;
    hl_sha256_init(&s);
    static const char tag[] = "hyperlang-store";
    hl_sha256_update(&s, tag, sizeof tag);
    hl_sha256_update(&s, hl_host_build_id(), 32);
    uint32_t ng = opts ? opts->ngrants : 0;
    put_u64(&s, ng);
    for (uint32_t i = 0; i < ng; i++) { /* kept sorted: independent of grant order */
        const hl_host_grant *g = &opts->grants[i];
        put_u64(&s, strlen(g->module));
        hl_sha256_update(&s, g->module, strlen(g->module));
        put_u64(&s, strlen(g->function));
        hl_sha256_update(&s, g->function, strlen(g->function));
        put_u64(&s, g->arity);
    }
    uint8_t gkey[32];
    hl_sha256_final(&s, gkey);
    pp_key(ss, lim, caps, gkey);
    cache_key(ss, lim, gkey, key);
}

hl_status hl_engine_set_program_store(hl_engine *engine, const hl_program_store *store) {
    if (!engine) return HL_EMISUSE;
    pthread_mutex_lock(&engine->lock);
    if (store) engine->store = *store;
    else memset(&engine->store, 0, sizeof engine->store);
    pthread_mutex_unlock(&engine->lock);
    return HL_OK;
}

hl_status hl_engine_cache_stats(hl_engine *engine, hl_cache_stats *out) {
    if (!engine || !out) return HL_EMISUSE;
    out->hits = atomic_load_explicit(&engine->cache_hits, memory_order_relaxed);
    out->misses = atomic_load_explicit(&engine->cache_misses, memory_order_relaxed);
    pthread_mutex_lock(&engine->lock);
    out->entries = engine->ncache;
    out->bytes = engine->cache_bytes;
    pthread_mutex_unlock(&engine->lock);
    return HL_OK;
}

/* The compile, timed and reported to the engine's audit callback. */
hl_status hl_compile_program(hl_engine *engine, size_t n, const char *const *names, const char *const *sources,
                             const size_t *lens, const hl_compile_options *opts, hl_module **out, hl_error **err) {
    hl_audit_fn audit;
    void *audit_data;
    hl_host_audit_get(engine, &audit, &audit_data);
    if (!audit) return compile_program(engine, n, names, sources, lens, opts, out, err);
    hl_error *e = NULL;
    uint64_t w0 = hl_vm_now_ns(), c0 = hl_host_cpu_ns();
    hl_status st = compile_program(engine, n, names, sources, lens, opts, out, &e);
    hl_usage u = {.wall_ns = hl_vm_now_ns() - w0, .cpu_ns = hl_host_cpu_ns() - c0};
    hl_host_audit_emit(audit, audit_data, HL_AUDIT_COMPILE, st, e ? hl_error_limit(e) : HL_LIMIT_KIND_NONE,
                       n && names && names[0] ? names[0] : "nofile", NULL, &u);
    if (err) *err = e;
    else hl_error_free(e);
    return st;
}

static hl_status compile_program(hl_engine *engine, size_t n, const char *const *names, const char *const *sources,
                                 const size_t *lens, const hl_compile_options *opts, hl_module **out, hl_error **err) {
    if (err) *err = NULL;
    if (!engine || !out || !srcset_valid(n, names, sources, lens)) return HL_EMISUSE;
    *out = NULL;
    srcfix fx;
    srcset ss;
    srcset_init(&ss, &fx, n, names, sources, lens);
    hl_host_resolved r;
    hl_status bst = hl_host_options_resolve(engine, opts, &r, err);
    if (bst != HL_OK) return bst;
    pp_key(&ss, &r.lim, r.caps, r.bkey);
    uint64_t fast = fast_hash(&ss, &r.lim, r.bkey);
    /* keyed: too large to keep a copy of, so found by its SHA-256 key */
    bool keyed = blob_size(&ss) > HL_CACHE_COPY_MAX;
    uint8_t key[32] = {0};
    if (keyed) cache_key(&ss, &r.lim, r.bkey, key);
    hl_module *hit = cache_find(engine, fast, &ss, &r.lim, r.bkey, keyed ? key : NULL);
    if (hit) {
        atomic_fetch_add_explicit(&engine->cache_hits, 1, memory_order_relaxed);
        hl_host_bindings_release(r.bnd, r.nbnd);
        *out = hit;
        return HL_OK;
    }
    /* The program store (a cache that survives restarts) before the
     * compiler: what it gives is loaded as any saved program is, through
     * the gate (never trusted); refused bytes are reported and compiled
     * over. */
    hl_program_store store;
    pthread_mutex_lock(&engine->lock);
    store = engine->store;
    pthread_mutex_unlock(&engine->lock);
    uint8_t skey[32];
    if (store.get || store.put) store_key(engine, &ss, &r.lim, r.caps, opts, skey);
    void *sbytes = NULL;
    size_t slen = 0;
    if (store.get && store.get(store.data, skey, &sbytes, &slen) == 1) {
        hl_module *m = NULL;
        hl_error *lerr = NULL;
        hl_status lst = sbytes ? hl_host_module_load(engine, sbytes, slen, &r.lim, r.caps, r.bnd, r.nbnd, &m, &lerr)
                               : HL_EREJECTED;
        free(sbytes);
        if (lst == HL_OK) {
            hl_host_bindings_release(r.bnd, r.nbnd); /* the module took its own */
            memcpy(m->key, key, 32);
            return cache_insert(engine, m, &ss, &r.lim, r.bkey, fast, out);
        }
        if (store.refused) store.refused(store.data, skey, lerr ? lerr : &hl_host_oom_error);
        hl_error_free(lerr);
    }
    atomic_fetch_add_explicit(&engine->cache_misses, 1, memory_order_relaxed);

    /* The classifier and codegen see the grants by name, in grant order
     * (the same order as r.bnd). */
    hl_core_binding *cb = NULL;
    if (r.nbnd) {
        cb = hl_mem_calloc(r.nbnd, sizeof *cb);
        if (!cb) {
            hl_host_bindings_release(r.bnd, r.nbnd);
            return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
        }
        for (uint32_t i = 0; i < r.nbnd; i++)
            cb[i] = (hl_core_binding){r.bnd[i]->module, r.bnd[i]->function, r.bnd[i]->arity};
    }
    build b = {.engine = engine, .ss = &ss, .lim = &r.lim, .bindings = cb, .nbindings = r.nbnd, .caps = r.caps,
               .keep_images = true};
    hl_status status = run_build(engine, &b, err);
    hl_mem_free(cb);
    hl_module *m = NULL;
    if (status == HL_OK) {
        m = hl_host_module_make(engine, b.mods, b.imgs, b.imglens, n, r.caps, r.bnd, r.nbnd);
        b.mods = NULL, b.imgs = NULL, b.imglens = NULL, r.bnd = NULL, r.nbnd = 0; /* taken over */
        if (!m) status = hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    }
    build_free(&b);
    if (status != HL_OK) {
        hl_host_bindings_release(r.bnd, r.nbnd);
        return status;
    }
    memcpy(m->key, key, 32);
    if (store.put) { /* the program store keeps what the compiler built */
        void *saved = NULL;
        size_t savedlen = 0;
        if (hl_module_save(m, &saved, &savedlen) == HL_OK) store.put(store.data, skey, saved, savedlen);
        hl_free(saved);
    }
    return cache_insert(engine, m, &ss, &r.lim, r.bkey, fast, out);
}

hl_module *hl_host_module_make(hl_engine *engine, hl_program **mods, uint8_t **images, size_t *image_lens,
                               size_t n, uint32_t caps, hl_host_binding **bnd, uint32_t nbnd) {
    hl_module *m = hl_mem_calloc(1, sizeof *m);
    if (!m) {
        for (size_t i = 0; i < n; i++) {
            hl_program_free(mods[i]);
            if (images) hl_mem_free(images[i]);
        }
        hl_mem_free(mods);
        hl_mem_free(images);
        hl_mem_free(image_lens);
        hl_host_bindings_release(bnd, nbnd);
        return NULL;
    }
    atomic_init(&m->refs, 1);
    atomic_init(&m->spare, NULL);
    m->mods = mods;
    m->nmods = (uint32_t)n;
    m->prog = m->mods[0];
    m->caps = caps;
    m->bindings = bnd;
    m->nbindings = nbnd;
    m->images = images;
    m->image_lens = image_lens;
    m->engine = engine;
    atomic_fetch_add(&engine->refs, 1);
    m->bytes = sizeof *m + n * sizeof *m->mods;
    for (size_t i = 0; i < n; i++) m->bytes += m->mods[i]->bytes + (images ? image_lens[i] + 16 : 0);
    return m;
}

/* Puts a new module (one reference: the caller's) in the engine's cache,
 * keyed by these sources and options, and gives it in *out. */
static hl_status cache_insert(hl_engine *engine, hl_module *m, const srcset *ss, const hl_front_limits *lim,
                              const uint8_t bkey[32], uint64_t fast, hl_module **out) {
    const uint8_t *key = m->key;
    atomic_fetch_add(&m->refs, 1); /* the cache's */
    /* (allocated before the lock: the entries evicted to make room) */
    evicted *gone = hl_mem_calloc(1, sizeof *gone);
    size_t blen = 0;
    /* keyed (too large to keep a copy of): found by its SHA-256 key, m->key */
    bool keyed = blob_size(ss) > HL_CACHE_COPY_MAX;
    char *copy = gone && !keyed ? blob_make(ss, &blen) : NULL;
    uint64_t bytes = m->bytes + blen;
    pthread_mutex_lock(&engine->lock);
    for (uint32_t i = 0; i < engine->ncache; i++)
        if (entry_holds(&engine->cache[i], fast, ss, lim, bkey, keyed ? key : NULL)) { /* another thread was faster */
            hl_module *old = engine->cache[i].module;
            atomic_fetch_add(&old->refs, 1);
            pthread_mutex_unlock(&engine->lock);
            atomic_store(&m->refs, 1);
            hl_module_free(m);
            hl_mem_free(copy);
            hl_mem_free(gone);
            *out = old;
            return HL_OK;
        }
    /* the table itself is allocated by the first insertion: a fresh
     * engine's first compile (the cold compile) clears no 60 KB of it */
    if (!engine->cache && gone && bytes <= engine->cache_max_bytes)
        engine->cache = hl_mem_alloc(HL_CACHE_MAX * sizeof *engine->cache);
    if (!gone || !engine->cache || (!keyed && !copy) || bytes > engine->cache_max_bytes) {
        /* not cached: larger than the whole cache (or no memory) */
        pthread_mutex_unlock(&engine->lock);
        atomic_store(&m->refs, 1);
        hl_mem_free(copy);
        hl_mem_free(gone);
        *out = m;
        return HL_OK;
    }
    cache_make_room(engine, bytes, 1, gone);
    uint32_t slot = engine->ncache++;
    engine->cache_bytes += bytes;
    engine->cache[slot].bytes = bytes;
    memcpy(engine->cache[slot].key, key, 32);
    engine->cache[slot].module = m;
    engine->cache[slot].stamp = ++engine->stamp;
    engine->cache[slot].fast = fast;
    engine->cache[slot].len = blen;
    engine->cache[slot].src = copy;
    engine->cache[slot].lim = *lim;
    /* the name and headers are borrowed from this call: they count through
     * bkey (pp_key), never read again from the entry */
    engine->cache[slot].lim.file_name = NULL;
    engine->cache[slot].lim.headers = NULL;
    engine->cache[slot].lim.nheaders = 0;
    memcpy(engine->cache[slot].bkey, bkey, 32);
    pthread_mutex_unlock(&engine->lock);
    evicted_free(gone);
    hl_mem_free(gone);
    *out = m;
    return HL_OK;
}

hl_status hl_compile(hl_engine *engine, const char *name, const char *source, size_t len,
                     const hl_compile_options *opts, hl_module **out, hl_error **err) {
    if (err) *err = NULL;
    if (!engine || !out || (!source && len)) return HL_EMISUSE;
    return hl_compile_program(engine, 1, &name, &source, &len, opts, out, err);
}
