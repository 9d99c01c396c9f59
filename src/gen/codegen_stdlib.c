/* codegen_stdlib.c — the link between a program and the stdlib modules
 * written in Erlang (lib/, gen/stdlib.h): which modules a module calls
 * (hl_codegen_stdlib_uses), and which of their functions the program can
 * reach, so codegen emits only those (a program calling lists:map/2 gets
 * map/2 and its helpers, not the whole of lists). Reachability follows
 * local calls, funs made (lifted lambdas and comprehensions) and calls of
 * other stdlib modules' ERL functions, from the ERL calls of the program. */
#include <string.h>

#include "base/mem.h"
#include "core/builtins.h"
#include "gen/codegen.h"
#include "gen/codegen_int.h"
#include "gen/stdlib.h"

int hl_stdlib_find(const char *name) {
    for (size_t i = 0; i < hl_stdlib_nmodules; i++)
        if (strcmp(hl_stdlib_modules[i].name, name) == 0) return (int)i;
    return -1;
}

/* What a function body refers to: called or captured local functions, and
 * ERL builtins. */
typedef struct refs {
    void (*local)(void *ctx, uint32_t fn);
    void (*erl)(void *ctx, uint32_t id);
    void *ctx;
} refs;

static void walk(const hl_core_node *n, const refs *r);

static void walk_clauses(const hl_core_clause *cl, uint32_t count, const refs *r) {
    for (uint32_t i = 0; i < count; i++) {
        for (uint32_t j = 0; j < cl[i].npats; j++) walk(cl[i].pats[j], r); /* bit-syntax sizes are expressions */
        for (uint32_t g = 0; g < cl[i].nguards; g++)
            for (uint32_t k = 0; k < cl[i].guards[g].count; k++) walk(cl[i].guards[g].tests[k], r);
        walk(cl[i].body, r);
    }
}

/* Recursion bounded by the IR's depth limit (core/ir.h). */
static void walk(const hl_core_node *n, const refs *r) {
    if (!n) return;
    switch (n->kind) {
    case HL_CORE_TUPLE:
    case HL_CORE_CONS:
    case HL_CORE_SEQ:
        for (uint32_t i = 0; i < n->u.list.count; i++) walk(n->u.list.items[i], r);
        if (n->kind == HL_CORE_CONS) walk(n->u.list.tail, r);
        return;
    case HL_CORE_ALIAS:
    case HL_CORE_MATCH:
        walk(n->u.pair.a, r);
        walk(n->u.pair.b, r);
        return;
    case HL_CORE_CASE:
        walk(n->u.case_.arg, r);
        walk_clauses(n->u.case_.clauses, n->u.case_.count, r);
        return;
    case HL_CORE_RECEIVE:
        walk_clauses(n->u.receive.clauses, n->u.receive.count, r);
        walk(n->u.receive.timeout, r);
        walk(n->u.receive.after, r);
        return;
    case HL_CORE_TRY:
        walk(n->u.try_.body, r);
        walk_clauses(n->u.try_.of, n->u.try_.nof, r);
        walk_clauses(n->u.try_.catches, n->u.try_.ncatch, r);
        walk(n->u.try_.after, r);
        return;
    case HL_CORE_CATCH: walk(n->u.arg, r); return;
    case HL_CORE_CALL:
        if (n->u.call.kind == HL_CALL_LOCAL && r->local) r->local(r->ctx, n->u.call.target);
        if (n->u.call.kind == HL_CALL_BUILTIN && n->u.call.target < HL_BI__COUNT &&
            hl_builtins[n->u.call.target].kind == HL_BK_ERL)
            r->erl(r->ctx, n->u.call.target);
        for (uint32_t i = 0; i < n->u.call.nargs; i++) walk(n->u.call.args[i], r);
        return;
    case HL_CORE_APPLY:
        walk(n->u.apply.fun, r);
        for (uint32_t i = 0; i < n->u.apply.nargs; i++) walk(n->u.apply.args[i], r);
        return;
    case HL_CORE_MAKE_FUN:
        if (r->local) r->local(r->ctx, n->u.make_fun.fn);
        return;
    case HL_CORE_RECORD_GET: walk(n->u.rget.arg, r); return;
    case HL_CORE_MAP:
        walk(n->u.map.base, r);
        for (uint32_t i = 0; i < n->u.map.count; i++) {
            walk(n->u.map.pairs[i].key, r);
            walk(n->u.map.pairs[i].value, r);
        }
        return;
    case HL_CORE_BIN:
        for (uint32_t i = 0; i < n->u.bin.count; i++) {
            walk(n->u.bin.segs[i].value, r);
            walk(n->u.bin.segs[i].size, r);
        }
        return;
    default: return;
    }
}

static void walk_fun(const hl_core_fun *f, const refs *r) { walk_clauses(f->clauses, f->nclauses, r); }

static void mark_module(void *ctx, uint32_t id) {
    int k = hl_stdlib_find(hl_builtins[id].module);
    if (k >= 0) ((bool *)ctx)[k] = true;
}

void hl_codegen_stdlib_uses(const hl_core_module *m, bool *uses) {
    refs r = {NULL, mark_module, uses};
    for (uint32_t i = 0; i < m->nfuns; i++) walk_fun(&m->funs[i], &r);
}

/* ---- reachability ---- */

typedef struct plan {
    cg *c;
    const hl_core_module *const *libs;
    size_t nlibs;
    bool **keep;             /* keep[k][i]: function i of libs[k] is reached */
    struct cg_fn_ref *work;  /* pending functions */
    size_t nwork, capwork;
    uint32_t cur;            /* the library whose function is being walked */
    bool oom;
} plan;

static void reach(plan *p, uint32_t k, uint32_t fn) {
    if (k >= p->nlibs || fn >= p->libs[k]->nfuns || p->keep[k][fn]) return;
    p->keep[k][fn] = true;
    if (p->nwork == p->capwork) {
        size_t cap = p->capwork ? 2 * p->capwork : 64;
        struct cg_fn_ref *w = hl_mem_realloc_array(p->work, cap, sizeof *w);
        if (!w) {
            p->oom = true;
            return;
        }
        p->work = w, p->capwork = cap;
    }
    p->work[p->nwork++] = (struct cg_fn_ref){k, fn};
}

/* The exported function of the linked module implementing ERL builtin id. */
static bool erl_target(const plan *p, uint32_t id, uint32_t *k, uint32_t *fn) {
    size_t mlen = strlen(hl_builtins[id].module), flen = strlen(hl_builtins[id].function);
    for (size_t j = 0; j < p->nlibs; j++) {
        const hl_core_module *lib = p->libs[j];
        if (lib->name.len != mlen || memcmp(lib->name.ptr, hl_builtins[id].module, mlen) != 0) continue;
        for (uint32_t i = 0; i < lib->nfuns; i++) {
            const hl_core_fun *f = &lib->funs[i];
            if (f->exported && f->arity == hl_builtins[id].arity && f->name.len == flen &&
                memcmp(f->name.ptr, hl_builtins[id].function, flen) == 0) {
                *k = (uint32_t)j, *fn = i;
                return true;
            }
        }
    }
    return false;
}

static void on_erl(void *ctx, uint32_t id) {
    plan *p = ctx;
    uint32_t k, fn;
    if (erl_target(p, id, &k, &fn)) reach(p, k, fn);
}

static void on_local(void *ctx, uint32_t fn) {
    plan *p = ctx;
    reach(p, p->cur, fn);
}

void cg_stdlib_plan(cg *c, const hl_core_module *const *libs, size_t nlibs, uint32_t *total) {
    const hl_core_module *m = c->m;
    *total = m->nfuns;
    if (nlibs == 0) return;
    plan p = {c, libs, nlibs, NULL, NULL, 0, 0, 0, false};
    p.keep = hl_mem_calloc(nlibs, sizeof *p.keep);
    c->lib_map = hl_mem_calloc(nlibs, sizeof *c->lib_map);
    c->erl_fn = hl_mem_alloc(HL_BI__COUNT * sizeof *c->erl_fn);
    bool ok = p.keep && c->lib_map && c->erl_fn;
    if (c->lib_map) c->nlib_map = nlibs;
    for (size_t k = 0; ok && k < nlibs; k++) {
        p.keep[k] = hl_mem_calloc(libs[k]->nfuns ? libs[k]->nfuns : 1, sizeof **p.keep);
        c->lib_map[k] = hl_mem_alloc((libs[k]->nfuns ? libs[k]->nfuns : 1) * sizeof **c->lib_map);
        ok = p.keep[k] && c->lib_map[k];
    }
    if (ok) {
        /* Seeds: the program's own ERL calls; then everything reached. */
        refs seed = {NULL, on_erl, &p};
        for (uint32_t i = 0; i < m->nfuns; i++) walk_fun(&m->funs[i], &seed);
        refs lib = {on_local, on_erl, &p};
        while (p.nwork && !p.oom) {
            struct cg_fn_ref w = p.work[--p.nwork];
            p.cur = w.lib;
            walk_fun(&libs[w.lib]->funs[w.fn], &lib);
        }
        ok = !p.oom;
    }
    uint64_t n = m->nfuns, nlib = 0;
    if (ok) {
        for (size_t k = 0; k < nlibs; k++)
            for (uint32_t i = 0; i < libs[k]->nfuns; i++) nlib += p.keep[k][i];
        c->order = hl_mem_calloc(nlib ? nlib : 1, sizeof *c->order);
        ok = c->order != NULL;
    }
    if (ok) {
        uint64_t j = 0;
        for (size_t k = 0; k < nlibs; k++)
            for (uint32_t i = 0; i < libs[k]->nfuns; i++) {
                c->lib_map[k][i] = UINT32_MAX;
                if (!p.keep[k][i]) continue;
                c->order[j++] = (struct cg_fn_ref){(uint32_t)k, i};
                c->lib_map[k][i] = (uint32_t)(n < UINT32_MAX ? n : UINT32_MAX - 1);
                n++;
            }
        for (uint32_t id = 0; id < HL_BI__COUNT; id++) {
            uint32_t k, fn;
            c->erl_fn[id] = UINT32_MAX;
            if (hl_builtins[id].kind == HL_BK_ERL && erl_target(&p, id, &k, &fn)) c->erl_fn[id] = c->lib_map[k][fn];
        }
        *total = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
    }
    if (!ok) cg_oom(c);
    if (p.keep)
        for (size_t k = 0; k < nlibs; k++) hl_mem_free(p.keep[k]);
    hl_mem_free(p.keep);
    hl_mem_free(p.work);
}

void cg_stdlib_free(cg *c) {
    for (size_t k = 0; k < c->nlib_map; k++) hl_mem_free(c->lib_map[k]);
    hl_mem_free(c->lib_map);
    hl_mem_free(c->order);
    hl_mem_free(c->erl_fn);
}
