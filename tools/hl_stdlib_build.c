/* hl_stdlib_build.c — the build step that compiles the stdlib: each
 * lib/NAME.erl goes through our own pipeline (parse, SafeCore with the
 * stdlib's allowances, codegen) into a bytecode image, checked by the gate
 * here too, and the images are written as a C file the library links
 * (src/host/stdlib_images.h). The whole gate here only fails the build
 * early: an engine trusts nothing of this run, and gates each image again
 * when it loads it (its tables), and each function when it is first called
 * (bc/gate.h hl_gate_check_tables, hl_gate_check_function).
 *   hl_stdlib_build OUT.c lib/a.erl lib/b.erl ...
 * Each image is also written as a file NAME.hlbc in the directory
 * OUT.c.images (seeds for the gate's fuzz target, fuzz/fuzz_gate.c).
 * Exit 0, or 1 with the first diagnostic on stderr. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"
#include "base/meter.h"
#include "bc/gate.h"
#include "core/capability.h"
#include "core/core.h"
#include "front/front.h"
#include "gen/codegen.h"
#include "vm/load.h"

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t r; buf && (r = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += r;
        if (n == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) free(buf);
            buf = nb;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

/* The module name: the file's base name without .erl. */
static void module_name(const char *path, char *out, size_t cap) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".erl") == 0) n -= 4;
    snprintf(out, cap, "%.*s", (int)n, base);
}

/* What the x-register span of a module needs: its own x_used and the
 * modules it imports (names, resolved to indices by main). */
typedef struct mod_info {
    uint32_t x_used, x_span;
    char **imports;
    uint32_t nimports;
} mod_info;

static int compile_one(const char *path, uint8_t **img, size_t *imglen, mod_info *info) {
    size_t len;
    char *src = slurp(path, &len);
    if (!src) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return 1;
    }
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    hl_meter meter;
    /* generous: a build on a loaded machine, under sanitizers, is slow */
    hl_meter_begin(&meter, lim.max_work * 16, 600000);
    hl_front_result *r = hl_front_parse(src, len, &lim);
    hl_core_options o;
    hl_core_options_default(&o);
    o.stdlib = true; /* may call the guest-0 builtins (e.g. erlang:hl_sort_run/1) */
    /* The behaviours (gen_server on lib/gen.erl) spawn and send: the
     * surfaces exist for the stdlib, and a guest reaches its functions only
     * with the grant (core/capability.def); without a world the builtins
     * themselves raise undef (vm/bif_proc.c). */
    o.capabilities = HL_CAP_PROCESSES | HL_CAP_CLOCKS | HL_CAP_RANDOM;
    hl_diags d;
    hl_diags_init(&d, 8);
    const hl_diags *why = &d;
    hl_core_module *m = NULL;
    int rc = 1;
    if (!r) fprintf(stderr, "%s: out of memory\n", path);
    else if (hl_diags_errors(&r->diags)) why = &r->diags;
    else if ((m = hl_core_compile(r->module, &o, &d)) != NULL && hl_diags_errors(&d) == 0 &&
             hl_codegen(m, &d, img, imglen, NULL))
        rc = 0;
    if (rc && r) {
        if (why->count)
            fprintf(stderr, "%s:%u:%u: error: %s\n", path, why->items[0].line, why->items[0].col,
                    why->items[0].message);
        else fprintf(stderr, "%s: does not compile\n", path);
    }
    hl_meter_end(&meter);
    hl_core_free(m);
    hl_front_free(r);
    hl_diags_free(&d);
    free(src);
    if (rc) return rc;
    hl_bc_image bc;
    char err[256];
    if (!hl_gate_check(*img, *imglen, &bc, err, sizeof err)) {
        fprintf(stderr, "%s: the bytecode gate refused the image: %s\n", path, err);
        return 1;
    }
    /* Loaded once here for the x registers its code names and the modules
     * it imports: an engine links the stdlib module by module on first use,
     * so a module that imports one not loaded yet takes the x_span of that
     * one's whole import closure in advance (vm/load.h, hl_vm_linker). */
    hl_program *prog = NULL;
    bool loaded = hl_load(&bc, &prog, err, sizeof err);
    hl_bc_image_free(&bc);
    if (!loaded) {
        fprintf(stderr, "%s: the image does not load: %s\n", path, err);
        return 1;
    }
    info->x_used = prog->x_used;
    info->imports = hl_mem_calloc(prog->n_imports ? prog->n_imports : 1, sizeof *info->imports);
    for (uint32_t i = 0; info->imports && i < prog->n_imports; i++) {
        size_t l;
        const char *mn = hl_atom_name(prog->imports[i].module, &l);
        info->imports[info->nimports] = hl_mem_alloc(l + 1);
        if (!info->imports[info->nimports]) break;
        memcpy(info->imports[info->nimports], mn, l);
        info->imports[info->nimports++][l] = 0;
    }
    bool ok = info->imports && info->nimports == prog->n_imports;
    hl_program_free(prog);
    if (!ok) fprintf(stderr, "%s: out of memory\n", path);
    return ok ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: hl_stdlib_build OUT.c LIB.erl...\n");
        return 2;
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", argv[1]);
    FILE *out = fopen(tmp, "w");
    if (!out) {
        fprintf(stderr, "%s: %s\n", tmp, strerror(errno));
        return 1;
    }
    mod_info *info = hl_mem_calloc((size_t)argc, sizeof *info);
    if (!info) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    fprintf(out, "/* GENERATED by tools/hl_stdlib_build.c from lib/NAME.erl at build time; do not edit. */\n"
                 "#include \"host/stdlib_images.h\"\n\n");
    for (int i = 2; i < argc; i++) {
        uint8_t *img = NULL;
        size_t n = 0;
        if (compile_one(argv[i], &img, &n, &info[i])) {
            fclose(out);
            remove(tmp);
            return 1;
        }
        char name[256], seed[4400];
        module_name(argv[i], name, sizeof name);
        snprintf(seed, sizeof seed, "%s.images/%s.hlbc", argv[1], name);
        FILE *sf = fopen(seed, "wb");
        if (sf) { /* best effort: seeds only */
            fwrite(img, 1, n, sf);
            fclose(sf);
        }
        fprintf(out, "static const uint8_t image_%d[%zu] = {", i - 2, n);
        for (size_t k = 0; k < n; k++) fprintf(out, "%s%u,", k % 24 ? "" : "\n", img[k]);
        fprintf(out, "\n};\n");
        hl_mem_free(img);
    }
    /* x_span: the most x registers in a module's import closure (a
     * fixpoint over the import graph, cycles included) */
    for (int i = 2; i < argc; i++) info[i].x_span = info[i].x_used;
    for (int round = 2; round < argc; round++)
        for (int i = 2; i < argc; i++)
            for (uint32_t k = 0; k < info[i].nimports; k++)
                for (int j = 2; j < argc; j++) {
                    char name[256];
                    module_name(argv[j], name, sizeof name);
                    if (strcmp(name, info[i].imports[k]) == 0 && info[j].x_span > info[i].x_span)
                        info[i].x_span = info[j].x_span;
                }
    fprintf(out, "\nconst hl_stdlib_image hl_stdlib_images[] = {\n");
    for (int i = 2; i < argc; i++) {
        char name[256];
        module_name(argv[i], name, sizeof name);
        fprintf(out, "    {\"%s\", image_%d, sizeof image_%d, %u},\n", name, i - 2, i - 2, info[i].x_span);
        for (uint32_t k = 0; k < info[i].nimports; k++) hl_mem_free(info[i].imports[k]);
        hl_mem_free(info[i].imports);
    }
    hl_mem_free(info);
    if (argc == 2) fprintf(out, "    {\"\", NULL, 0, 0},\n");
    fprintf(out, "};\nconst size_t hl_stdlib_image_count = %d;\n", argc - 2);
    if (fclose(out) != 0 || rename(tmp, argv[1]) != 0) {
        fprintf(stderr, "%s: cannot write\n", argv[1]);
        return 1;
    }
    return 0;
}
