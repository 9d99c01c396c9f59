/* classify.c — gives every call exactly one kind (docs/design.md §1 step 4):
 * local function, declared host binding, allowlisted builtin/stdlib
 * function (core/builtins.def), or runtime surface granted by a capability.
 * Everything else is rejected at compile time with a located error; this is
 * the sandbox's first line of defence (the bytecode gate is the second). */
#include <stdio.h>
#include <string.h>

#include "base/meter.h"
#include "core/builtins.h"
#include "core/capability.h"
#include "core/refusal.h"
#include "core/core.h"

typedef struct cctx {
    hl_core_module *m;
    const hl_core_options *o;
    hl_diags *d;
    bool ok;
} cctx;

static bool name_is(hl_ast_name n, const char *s) {
    size_t k = strlen(s);
    return n.len == k && memcmp(n.ptr, s, k) == 0;
}

static int32_t find_local(const hl_core_module *m, hl_ast_name name, uint32_t arity) {
    return hl_core_find_fun(m, name, arity);
}

static int32_t find_binding(const hl_core_options *o, hl_ast_name mod, hl_ast_name f, uint32_t arity) {
    for (size_t i = 0; i < o->nbindings; i++) {
        const hl_core_binding *b = &o->bindings[i];
        if (b->arity == arity && name_is(mod, b->module) && name_is(f, b->function)) return (int32_t)i;
    }
    return -1;
}

/* The peer module named `mod`, or -1. */
static int32_t find_peer(const hl_core_options *o, hl_ast_name mod) {
    for (size_t i = 0; i < o->npeers; i++)
        if (o->peers[i].name.len == mod.len && memcmp(o->peers[i].name.ptr, mod.ptr, mod.len) == 0)
            return (int32_t)i;
    return -1;
}

static bool peer_exports(const hl_core_peer *p, hl_ast_name f, uint32_t arity) {
    for (uint32_t i = 0; i < p->nexports; i++)
        if (p->exports[i].arity == (int64_t)arity && p->exports[i].name.len == f.len &&
            memcmp(p->exports[i].name.ptr, f.ptr, f.len) == 0)
            return true;
    return false;
}

static void reject(cctx *c, const hl_core_node *n, const char *before, hl_ast_name mod, hl_ast_name f, uint32_t a,
                   const char *after) {
    hl_diags_add(c->d, n->line, n->col, "%s%.*s:%.*s/%u%s", before, (int)(mod.len > 255 ? 255 : mod.len), mod.ptr,
                 (int)(f.len > 255 ? 255 : f.len), f.ptr, (unsigned)a, after);
    c->ok = false;
}

/* spawn/3's module argument: a literal atom naming this module or a peer. */
static bool spawn_module_ok(cctx *c, const hl_core_node *arg) {
    if (!arg || arg->kind != HL_CORE_LIT || arg->u.lit.kind != HL_LIT_ATOM) return false;
    hl_ast_name m = arg->u.lit.u.name;
    if (c->m->name.len == m.len && memcmp(c->m->name.ptr, m.ptr, m.len) == 0) return true;
    return find_peer(c->o, m) >= 0;
}

static void classify_call(cctx *c, hl_core_node *n) {
    if (n->u.call.kind != HL_CALL_UNRESOLVED) return;
    hl_ast_name mod = n->u.call.module, f = n->u.call.name;
    uint32_t a = n->u.call.arity;
    if (mod.len == 0) {
        int32_t local = find_local(c->m, f, a);
        if (local >= 0) {
            n->u.call.kind = HL_CALL_LOCAL;
            n->u.call.target = (uint32_t)local;
            return;
        }
        /* Not local: an auto-imported BIF (verify reported anything else). */
        mod = n->u.call.module = (hl_ast_name){"erlang", 6};
        n->flags |= HL_CF_AUTO;
    }
    /* ?MODULE:f(...) (a fully qualified call to this module) is a local
     * call when f/A is exported; OTP would fail with undef at run time
     * otherwise, we say so at compile time. */
    if (c->m->name.len && mod.len == c->m->name.len && memcmp(mod.ptr, c->m->name.ptr, mod.len) == 0) {
        int32_t local = find_local(c->m, f, a);
        if (local >= 0 && c->m->funs[local].exported) {
            n->u.call.kind = HL_CALL_LOCAL;
            n->u.call.target = (uint32_t)local;
            return;
        }
        /* A stdlib module (lib/) calls the C builtins of its own module
         * (lists:reverse/2 from lists.erl) through the allowlist. */
        if (local >= 0 || hl_builtin_find(mod.ptr, mod.len, f.ptr, f.len, a) < 0) {
            reject(c, n, "remote call ", mod, f, a, local >= 0 ? " is not declared (the function is not exported)"
                                                              : " is not declared (no such function)");
            return;
        }
    }
    bool erl = name_is(mod, "erlang");
    if (erl && name_is(f, "!") && a == 2 && !(c->o->capabilities & HL_CAP_PROCESSES)) {
        char why[256] = "message send is not available: it ";
        size_t at = strlen(why);
        hl_refusal_capability_hint(HL_CAP_PROCESSES, why + at, sizeof why - at);
        hl_diags_add(c->d, n->line, n->col, "%s", why);
        c->ok = false;
        return;
    }
    if (erl && name_is(f, "apply") && (a == 2 || a == 3)) {
        reject(c, n, "call to ", mod, f, a, " is not allowed: the called function must be known at compile time");
        return;
    }
    /* Another module of the program: only what it exports. */
    int32_t peer = find_peer(c->o, mod);
    if (peer >= 0) {
        if (!peer_exports(&c->o->peers[peer], f, a)) {
            reject(c, n, "remote call ", mod, f, a, " is not declared (the module does not export it)");
            return;
        }
        n->u.call.kind = HL_CALL_REMOTE;
        n->u.call.target = (uint32_t)peer;
        return;
    }
    int32_t b = find_binding(c->o, mod, f, a);
    if (b >= 0) {
        n->u.call.kind = HL_CALL_BINDING;
        n->u.call.target = (uint32_t)b;
        return;
    }
    int id = hl_builtin_find(mod.ptr, mod.len, f.ptr, f.len, a);
    /* A surface whose capability is not granted does not exist for the
     * program: the rejection is the one of an undeclared call, word for
     * word what it was before the surface existed. */
    if (id >= 0 && hl_builtins[id].kind == HL_BK_SURFACE && !(c->o->capabilities & hl_builtin_capability(id)))
        id = -1;
    if (id >= 0 && (hl_builtins[id].guest || (n->flags & HL_CF_INTERNAL) || c->o->stdlib)) {
        /* A guest's call of a function that needs a capability (clocks,
         * randomness: core/capability.def) only when the options grant it;
         * the stdlib's own calls are checked by the builtins they reach. */
        uint32_t cap = c->o->stdlib ? 0 : hl_core_cap_needed(id);
        if (cap && !(c->o->capabilities & cap)) {
            char why[256] = " is not declared: ";
            size_t at = strlen(why);
            hl_refusal_capability_hint(cap, why + at, sizeof why - at);
            reject(c, n, (n->flags & HL_CF_AUTO) ? "call to " : "remote call ", mod, f, a, why);
            return;
        }
        if (hl_builtins[id].kind == HL_BK_SURFACE) {
            /* spawn/3 and its kin: the module must be a literal naming a
             * module of the program (never the stdlib's, never computed),
             * so a spawn reaches only what a call could. */
            if ((id == HL_BI_SPAWN3 || id == HL_BI_SPAWN_LINK3 || id == HL_BI_SPAWN_MONITOR3 || id == HL_BI_SPAWN_OPT4) &&
                !spawn_module_ok(c, n->u.call.args[0])) {
                reject(c, n, "call to ", mod, f, a,
                       " is not allowed: its module must be a literal module of the program");
                return;
            }
            n->u.call.kind = HL_CALL_SURFACE;
        } else {
            n->u.call.kind = HL_CALL_BUILTIN;
        }
        n->u.call.target = (uint32_t)id;
        return;
    }
    /* Say why: forbidden, not implemented here, or a binding not granted.
     * Explaining scans the tables (charged); once the diagnostics are full
     * the message would be dropped, so it is not worked out. */
    const char *prefix = (n->flags & HL_CF_AUTO) ? "call to " : "remote call ";
    if (c->d->count >= c->d->max || !hl_meter_charge(HL_BI__COUNT / 8)) {
        reject(c, n, prefix, mod, f, a, " is not declared");
        return;
    }
    bool registered = c->o->binding_registered &&
                      c->o->binding_registered(c->o->binding_ctx, mod.ptr, mod.len, f.ptr, f.len, a);
    char why[512] = " is not declared: ";
    size_t at = strlen(why);
    hl_refusal_explain(mod.ptr, mod.len, f.ptr, f.len, a, registered, why + at, sizeof why - at);
    reject(c, n, prefix, mod, f, a, why);
}

static void walk(cctx *c, hl_core_node *n, uint32_t depth);

static void walk_clauses(cctx *c, hl_core_clause *cls, uint32_t count, uint32_t depth) {
    for (uint32_t i = 0; i < count; i++) {
        hl_core_clause *cl = &cls[i];
        for (uint32_t k = 0; k < cl->npats; k++) walk(c, cl->pats[k], depth + 1);
        for (uint32_t g = 0; g < cl->nguards; g++)
            for (uint32_t t = 0; t < cl->guards[g].count; t++) walk(c, cl->guards[g].tests[t], depth + 1);
        walk(c, cl->body, depth + 1);
    }
}

/* Depth is bounded by the verifier, which ran first and stops at max_depth. */
static void walk(cctx *c, hl_core_node *n, uint32_t depth) {
    if (!n || depth > c->o->lim.max_depth || !hl_meter_charge(1)) return;
    switch ((hl_core_kind)n->kind) {
    case HL_CORE_TUPLE: case HL_CORE_CONS: case HL_CORE_SEQ:
        for (uint32_t i = 0; i < n->u.list.count; i++) walk(c, n->u.list.items[i], depth + 1);
        if (n->kind == HL_CORE_CONS) walk(c, n->u.list.tail, depth + 1);
        break;
    case HL_CORE_MAP:
        walk(c, n->u.map.base, depth + 1);
        for (uint32_t i = 0; i < n->u.map.count; i++) {
            walk(c, n->u.map.pairs[i].key, depth + 1);
            walk(c, n->u.map.pairs[i].value, depth + 1);
        }
        break;
    case HL_CORE_BIN:
        for (uint32_t i = 0; i < n->u.bin.count; i++) {
            walk(c, n->u.bin.segs[i].value, depth + 1);
            walk(c, n->u.bin.segs[i].size, depth + 1);
        }
        break;
    case HL_CORE_ALIAS: case HL_CORE_MATCH:
        walk(c, n->u.pair.a, depth + 1);
        walk(c, n->u.pair.b, depth + 1);
        break;
    case HL_CORE_CASE:
        walk(c, n->u.case_.arg, depth + 1);
        walk_clauses(c, n->u.case_.clauses, n->u.case_.count, depth);
        break;
    case HL_CORE_RECEIVE:
        walk_clauses(c, n->u.receive.clauses, n->u.receive.count, depth);
        walk(c, n->u.receive.timeout, depth + 1);
        walk(c, n->u.receive.after, depth + 1);
        break;
    case HL_CORE_TRY:
        walk(c, n->u.try_.body, depth + 1);
        walk_clauses(c, n->u.try_.of, n->u.try_.nof, depth);
        walk_clauses(c, n->u.try_.catches, n->u.try_.ncatch, depth);
        walk(c, n->u.try_.after, depth + 1);
        break;
    case HL_CORE_CATCH: walk(c, n->u.arg, depth + 1); break;
    case HL_CORE_CALL:
        classify_call(c, n);
        for (uint32_t i = 0; i < n->u.call.nargs; i++) walk(c, n->u.call.args[i], depth + 1);
        break;
    case HL_CORE_APPLY:
        walk(c, n->u.apply.fun, depth + 1);
        for (uint32_t i = 0; i < n->u.apply.nargs; i++) walk(c, n->u.apply.args[i], depth + 1);
        break;
    case HL_CORE_RECORD_GET: walk(c, n->u.rget.arg, depth + 1); break;
    default: break;
    }
}

bool hl_core_classify(hl_core_module *m, const hl_core_options *o, hl_diags *d) {
    cctx c = {m, o, d, true};
    for (uint32_t i = 0; i < m->nfuns; i++) walk_clauses(&c, m->funs[i].clauses, m->funs[i].nclauses, 0);
    m->classified = true;
    return c.ok;
}
