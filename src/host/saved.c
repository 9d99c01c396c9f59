/* saved.c — saved programs (docs/bytecode.md §9): hl_module_save writes a
 * compiled program's gated images with a header naming this build and a
 * SHA-256 of the whole; hl_module_load reads such bytes back through the
 * gate, a capability check, the loader and the linker, exactly the stages
 * after codegen that hl_compile runs (program.c), under the load's compile
 * options. The bytes come from outside (a cache directory): nothing in
 * them is trusted. The checksum only tells corruption (a flipped bit, a
 * file cut short) apart from a program the gate refuses; the gate and the
 * checks after it are what make any bytes safe to run. */
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "base/meter.h"
#include "bc/gate.h"
#include "core/builtins.h"
#include "core/capability.h"
#include "host/host_int.h"
#include "term/atom.h"
#include "vm/load.h"

#define SAVED_MAGIC 0x53504C48u /* "HLPS" read as a little-endian u32 */
#define SAVED_FORMAT 1u
/* magic, format, bytecode version, module count; the build id; each
 * module's u32 length and image; the SHA-256 of everything before it */
enum { SAVED_HEAD = 16 + 32, SAVED_SUM = 32 };
#define SAVED_MAX_BYTES ((size_t)1 << 30)

static void put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Computed once per process, on first use (saving, loading or a program
 * store's key): it is a pure function of the binary, and hashing the
 * allowlist is ~1.7M instructions, which every engine paid at
 * hl_engine_new (most of `hl run`'s start-up) before. */
static pthread_once_t build_id_once = PTHREAD_ONCE_INIT;
static uint8_t build_id[32];

static void compute_build_id(void) {
    uint8_t *out = build_id;
    hl_sha256 s;
    hl_sha256_init(&s);
    static const char tag[] = "hyperlang-build";
    hl_sha256_update(&s, tag, sizeof tag);
    hl_sha256_update(&s, HL_VERSION_STRING, sizeof HL_VERSION_STRING);
    uint8_t v[4];
    put32(v, HL_BC_VERSION);
    hl_sha256_update(&s, v, 4);
    /* the allowlist decides what a builtin id means */
    for (uint32_t i = 0; i < hl_bc_builtin_count; i++) {
        const hl_bc_builtin *b = &hl_bc_builtins[i];
        hl_sha256_update(&s, b->module, strlen(b->module) + 1);
        hl_sha256_update(&s, b->name, strlen(b->name) + 1);
        uint8_t a[3] = {(uint8_t)b->arity, b->is_bif, b->is_erl};
        hl_sha256_update(&s, a, 3);
        put32(v, hl_core_cap_needed((int)i) | hl_builtin_capability((int)i));
        hl_sha256_update(&s, v, 4);
    }
    hl_sha256_final(&s, out);
}

const uint8_t *hl_host_build_id(void) {
    (void)pthread_once(&build_id_once, compute_build_id);
    return build_id;
}

hl_status hl_module_save(const hl_module *module, void **bytes, size_t *len) {
    if (!module || !bytes || !len) return HL_EMISUSE;
    *bytes = NULL;
    *len = 0;
    if (!module->images || !module->engine) return HL_EMISUSE; /* not made by hl_compile or hl_module_load */
    size_t total = SAVED_HEAD + SAVED_SUM;
    for (uint32_t i = 0; i < module->nmods; i++) total += 4 + module->image_lens[i];
    uint8_t *b = hl_mem_alloc(total);
    if (!b) return HL_ENOMEM;
    put32(b, SAVED_MAGIC);
    put32(b + 4, SAVED_FORMAT);
    put32(b + 8, HL_BC_VERSION);
    put32(b + 12, module->nmods);
    memcpy(b + 16, hl_host_build_id(), 32);
    size_t at = SAVED_HEAD;
    for (uint32_t i = 0; i < module->nmods; i++) {
        put32(b + at, (uint32_t)module->image_lens[i]);
        memcpy(b + at + 4, module->images[i], module->image_lens[i]);
        at += 4 + module->image_lens[i];
    }
    hl_sha256 s;
    hl_sha256_init(&s);
    hl_sha256_update(&s, b, at);
    hl_sha256_final(&s, b + at);
    *bytes = b;
    *len = total;
    return HL_OK;
}

/* prefix ends in ": "; detail says what was wrong */
static hl_status refuse(hl_error **err, const char *prefix, const char *detail) {
    char msg[400];
    snprintf(msg, sizeof msg, "%s%s", prefix, detail);
    return hl_host_set_error(err, hl_host_error_new(HL_EREJECTED, msg));
}

/* What the options allow that the gate cannot know: every builtin the
 * code calls and every stdlib function it imports needs no capability
 * beyond caps (the classifier's rule for compiled code, core/classify.c),
 * and the binding table is exactly the granted bindings in grant order
 * (what codegen writes, docs/bytecode.md §2.7), so a saved program can do
 * no more under these options than one compiled under them. */
static bool allowed(const hl_bc_image *img, uint32_t caps, hl_host_binding *const *bnd, uint32_t nbnd, char *why,
                    size_t cap) {
    for (uint32_t w = 0; w < img->n_code; w++) {
        if (img->classes[w] != 'B') continue;
        int id = (int)HL_BC_VALUE(img->code[w]);
        uint32_t need = hl_core_cap_needed(id) | hl_builtin_capability(id);
        if (need & ~caps) {
            snprintf(why, cap, "builtin %s:%s/%u needs the capability %s, which the options do not grant",
                     hl_bc_builtins[id].module, hl_bc_builtins[id].name, (unsigned)hl_bc_builtins[id].arity,
                     hl_core_cap_name(need & ~caps & (0u - (need & ~caps))));
            return false;
        }
    }
    for (uint32_t i = 0; i < img->n_imports; i++) {
        const uint32_t *im = img->imports[i];
        int id = hl_builtin_find((const char *)img->atom_names[im[0]], img->atom_lens[im[0]],
                                 (const char *)img->atom_names[im[1]], img->atom_lens[im[1]], im[2]);
        uint32_t need = id >= 0 ? hl_core_cap_needed(id) : 0;
        if (need & ~caps) {
            snprintf(why, cap, "import %s:%s/%u needs a capability the options do not grant", hl_bc_builtins[id].module,
                     hl_bc_builtins[id].name, (unsigned)im[2]);
            return false;
        }
    }
    if (img->n_bindings != nbnd) {
        snprintf(why, cap, "its binding table has %u entries, the options grant %u bindings",
                 (unsigned)img->n_bindings, (unsigned)nbnd);
        return false;
    }
    for (uint32_t i = 0; i < nbnd; i++) {
        const uint32_t *e = img->bindings[i];
        const hl_host_binding *b = bnd[i];
        bool same = img->atom_lens[e[0]] == strlen(b->module) &&
                    memcmp(img->atom_names[e[0]], b->module, img->atom_lens[e[0]]) == 0 &&
                    img->atom_lens[e[1]] == strlen(b->function) &&
                    memcmp(img->atom_names[e[1]], b->function, img->atom_lens[e[1]]) == 0 && e[2] == b->arity;
        if (!same) {
            snprintf(why, cap, "binding %u of its table is not the options' granted binding %s:%s/%u", (unsigned)i,
                     b->module, b->function, (unsigned)b->arity);
            return false;
        }
    }
    return true;
}

/* The modules of the saved bytes, gated, checked and loaded into mods. */
typedef struct loading {
    hl_engine *engine;
    const hl_front_limits *lim;
    uint32_t caps;
    hl_host_binding **bnd;
    uint32_t nbnd;
    uint32_t n;
    hl_program **mods;
    uint8_t **imgs;
    size_t *lens;
} loading;

static hl_status meter_fault(hl_error **err) {
    char msg[240];
    hl_meter_message(hl_meter_current, msg, sizeof msg);
    return hl_host_set_error(err, hl_host_error_new(HL_ECOMPILE, msg));
}

static hl_status load_modules(loading *l, const uint8_t *bytes, size_t len, hl_error **err) {
    size_t at = SAVED_HEAD, end = len - SAVED_SUM;
    uint64_t atom_room = l->lim->max_atoms;
    char why[300];
    for (uint32_t i = 0; i < l->n; i++) {
        if (end - at < 4) return refuse(err, "saved program refused: ", "module table cut short");
        size_t ilen = get32(bytes + at);
        at += 4;
        if (ilen > end - at) return refuse(err, "saved program refused: ", "an image runs past the end");
        const uint8_t *img = bytes + at;
        at += ilen;
        /* the gate and the loader are linear in the image: charged up
         * front, as for a compiled module (program.c) */
        if (!hl_meter_charge(ilen / 4) || !hl_meter_charge_mem(ilen)) return meter_fault(err);
        hl_bc_image bc;
        if (!hl_gate_check(img, ilen, &bc, why, sizeof why)) return refuse(err, "saved program refused by the gate: ", why);
        if (!allowed(&bc, l->caps, l->bnd, l->nbnd, why, sizeof why)) {
            hl_bc_image_free(&bc);
            return refuse(err, "saved program refused: ", why);
        }
        hl_atom_fault fault = HL_ATOM_FAULT_NONE;
        bool ok = hl_load_in(l->engine->atoms, (size_t)atom_room, &bc, &l->mods[i], &fault, why, sizeof why);
        hl_bc_image_free(&bc);
        if (!ok) {
            l->mods[i] = NULL;
            if (fault == HL_ATOM_FAULT_QUOTA || fault == HL_ATOM_FAULT_TABLE_FULL)
                return hl_host_atom_limit_error(err, "saved program", fault, l->lim->max_atoms, l->engine->atoms);
            if (hl_meter_tripped()) return meter_fault(err);
            if (strstr(why, "out of memory")) return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, why));
            return refuse(err, "saved program refused by the loader: ", why);
        }
        atom_room -= hl_atom_pool_size(l->mods[i]->pool);
        l->imgs[i] = hl_mem_alloc(ilen ? ilen : 1);
        if (!l->imgs[i]) return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
        memcpy(l->imgs[i], img, ilen);
        l->lens[i] = ilen;
    }
    if (at != end) return refuse(err, "saved program refused: ", "bytes left after the last module");
    /* one module per name, none a stdlib module's (as program.c asks of
     * the sources of a program of several modules) */
    for (uint32_t i = 0; l->n > 1 && i < l->n; i++) {
        size_t nl;
        const char *nm = hl_atom_name(l->mods[i]->am_module, &nl);
        if (hl_host_stdlib_index_name(nm, nl) >= 0)
            return refuse(err, "saved program refused: ", "a module has the name of a stdlib module");
        for (uint32_t k = 0; k < i; k++)
            if (l->mods[k]->am_module == l->mods[i]->am_module)
                return refuse(err, "saved program refused: ", "two modules have the same name");
    }
    hl_status st = hl_host_link_program(l->engine, l->mods, l->n, why, sizeof why, err);
    if (st == HL_ECOMPILE) return refuse(err, "saved program refused by the linker: ", why);
    if (st == HL_ENOMEM && !(err && *err)) return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    return st;
}

hl_status hl_host_module_load(hl_engine *engine, const uint8_t *bytes, size_t len, const hl_front_limits *lim,
                              uint32_t caps, hl_host_binding **bnd, uint32_t nbnd, hl_module **out, hl_error **err) {
    *out = NULL;
    if (len < SAVED_HEAD + SAVED_SUM || len > SAVED_MAX_BYTES)
        return refuse(err, "saved program refused: ", len > SAVED_MAX_BYTES ? "too large" : "too short");
    uint8_t sum[32];
    hl_sha256 s;
    hl_sha256_init(&s);
    hl_sha256_update(&s, bytes, len - SAVED_SUM);
    hl_sha256_final(&s, sum);
    if (memcmp(sum, bytes + len - SAVED_SUM, SAVED_SUM) != 0)
        return refuse(err, "saved program refused: ", "its checksum does not match (corrupted or cut short)");
    if (get32(bytes) != SAVED_MAGIC || get32(bytes + 4) != SAVED_FORMAT)
        return refuse(err, "saved program refused: ", "not a saved program of this format");
    if (get32(bytes + 8) != HL_BC_VERSION || memcmp(bytes + 16, hl_host_build_id(), 32) != 0)
        return refuse(err, "saved program refused: ", "saved by another build (compile it again)");
    uint32_t n = get32(bytes + 12);
    if (n == 0 || n > HL_MAX_PROGRAM_MODULES) return refuse(err, "saved program refused: ", "bad module count");
    loading l = {.engine = engine, .lim = lim, .caps = caps, .bnd = bnd, .nbnd = nbnd, .n = n};
    l.mods = hl_mem_calloc(n, sizeof *l.mods);
    l.imgs = hl_mem_calloc(n, sizeof *l.imgs);
    l.lens = hl_mem_calloc(n, sizeof *l.lens);
    hl_status st = l.mods && l.imgs && l.lens ? HL_OK : hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    if (st == HL_OK) {
        hl_meter meter;
        hl_meter_begin(&meter, lim->max_work, lim->max_wall_ms);
        hl_meter_set_memory(&meter, lim->max_memory_bytes);
        st = load_modules(&l, bytes, len, err);
        hl_meter_end(&meter);
    }
    if (st != HL_OK) {
        for (uint32_t i = 0; i < n && l.mods; i++) hl_program_free(l.mods[i]);
        for (uint32_t i = 0; i < n && l.imgs; i++) hl_mem_free(l.imgs[i]);
        hl_mem_free(l.mods);
        hl_mem_free(l.imgs);
        hl_mem_free(l.lens);
        return st;
    }
    /* the module holds references of its own to the registrations */
    hl_host_binding **mine = NULL;
    if (nbnd) {
        mine = hl_mem_calloc(nbnd, sizeof *mine);
        for (uint32_t i = 0; mine && i < nbnd; i++) {
            mine[i] = bnd[i];
            atomic_fetch_add(&mine[i]->refs, 1);
        }
    }
    hl_module *m = nbnd && !mine ? NULL : hl_host_module_make(engine, l.mods, l.imgs, l.lens, n, caps, mine, nbnd);
    if (!m) {
        if (nbnd && !mine) {
            for (uint32_t i = 0; i < n; i++) {
                hl_program_free(l.mods[i]);
                hl_mem_free(l.imgs[i]);
            }
            hl_mem_free(l.mods);
            hl_mem_free(l.imgs);
            hl_mem_free(l.lens);
        }
        return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    }
    memcpy(m->key, sum, 32);
    *out = m;
    return HL_OK;
}

hl_status hl_module_load(hl_engine *engine, const void *bytes, size_t len, const hl_compile_options *opts,
                         hl_module **out, hl_error **err) {
    if (err) *err = NULL;
    if (!engine || !out || (!bytes && len)) return HL_EMISUSE;
    *out = NULL;
    hl_host_resolved r;
    hl_status st = hl_host_options_resolve(engine, opts, &r, err);
    if (st != HL_OK) return st;
    st = hl_host_module_load(engine, bytes, len, &r.lim, r.caps, r.bnd, r.nbnd, out, err);
    hl_host_bindings_release(r.bnd, r.nbnd);
    return st;
}
