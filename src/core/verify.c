/* verify.c — checks over the whole SafeCore module (docs/design.md §1 steps 3, 5).
 *
 * Before classification: size limits (nodes, nesting, clauses), guard rules
 * (only guard expressions in guards, as erl_lint: no fun, case, try,
 * receive, comprehension, match, block or non-guard call), calls written
 * without a module that name neither a local function nor an auto-imported
 * BIF ("function f/1 undefined"), ambiguous calls of overridden pre-R14
 * BIFs, and the IR's shape (variable numbers in range, lifted-function
 * calls with the right argument count).
 *
 * After classification (m->classified): every call has exactly one kind
 * and a valid target, builtin arities match the allowlist, guards call only
 * guard-safe builtins.
 *
 * The walk recurses over the IR and stops at the depth limit, so hostile
 * nesting cannot exhaust the C stack. Erlang's variable rules (unbound,
 * unsafe, not visible outside funs/comprehensions) are enforced while
 * lowering (core/lower.c), where binding scopes exist; here every variable
 * number is checked to be in range. */
#include <stdio.h>
#include <string.h>

#include "base/meter.h"
#include "core/builtins.h"
#include "core/core.h"

typedef struct vctx {
    const hl_core_module *m;
    const hl_core_options *o;
    hl_diags *d;
    const hl_core_fun *fn;
    uint64_t nodes;
    bool depth_reported, nodes_reported;
    bool ok;
} vctx;

static void err(vctx *v, uint32_t line, uint32_t col, const char *msg) {
    hl_diags_add(v->d, line, col, "%s", msg);
    v->ok = false;
}

static int32_t find_local(const hl_core_module *m, hl_ast_name name, uint32_t arity) {
    return hl_core_find_fun(m, name, arity);
}

/* ---- guards ------------------------------------------------------------------ */

static bool guard_call_ok(const hl_core_node *n) {
    const hl_ast_name *mod = &n->u.call.module, *f = &n->u.call.name;
    /* self/0 is a guard BIF of OTP's; it is a surface (granted processes) */
    if (n->u.call.kind == HL_CALL_BUILTIN || n->u.call.kind == HL_CALL_SURFACE)
        return n->u.call.target < HL_BI__COUNT && hl_builtins[n->u.call.target].guard;
    if (n->u.call.kind != HL_CALL_UNRESOLVED) return false;
    if (!(mod->len == 6 && memcmp(mod->ptr, "erlang", 6) == 0) && mod->len != 0) return false;
    return hl_otp_guard_bif(f->ptr, f->len, n->u.call.arity);
}

/* The first node that is not a guard expression, or NULL. Depth-bounded by
 * the caller's verified depth. */
static const hl_core_node *guard_bad(const hl_core_module *m, const hl_core_node *n, uint32_t depth) {
    if (!n || depth > 5000) return NULL; /* deeper: the walk reports the nesting */
    switch ((hl_core_kind)n->kind) {
    case HL_CORE_LIT: return NULL;
    case HL_CORE_VAR: return (n->flags & HL_CF_BIND) ? n : NULL;
    case HL_CORE_TUPLE: case HL_CORE_CONS:
        for (uint32_t i = 0; i < n->u.list.count; i++) {
            const hl_core_node *b = guard_bad(m, n->u.list.items[i], depth + 1);
            if (b) return b;
        }
        return n->kind == HL_CORE_CONS ? guard_bad(m, n->u.list.tail, depth + 1) : NULL;
    case HL_CORE_MAP: {
        const hl_core_node *b = guard_bad(m, n->u.map.base, depth + 1);
        for (uint32_t i = 0; !b && i < n->u.map.count; i++) {
            b = guard_bad(m, n->u.map.pairs[i].key, depth + 1);
            if (!b) b = guard_bad(m, n->u.map.pairs[i].value, depth + 1);
        }
        return b;
    }
    case HL_CORE_BIN:
        for (uint32_t i = 0; i < n->u.bin.count; i++) {
            const hl_core_node *b = guard_bad(m, n->u.bin.segs[i].value, depth + 1);
            if (!b) b = guard_bad(m, n->u.bin.segs[i].size, depth + 1);
            if (b) return b;
        }
        return NULL;
    case HL_CORE_RECORD_GET: return guard_bad(m, n->u.rget.arg, depth + 1);
    case HL_CORE_CALL:
        if (!guard_call_ok(n)) return n;
        /* A call written without a module that names a local function is a
         * local call, never a guard BIF. */
        if (m && n->u.call.kind == HL_CALL_UNRESOLVED && n->u.call.module.len == 0 &&
            find_local(m, n->u.call.name, n->u.call.arity) >= 0)
            return n;
        for (uint32_t i = 0; i < n->u.call.nargs; i++) {
            const hl_core_node *b = guard_bad(m, n->u.call.args[i], depth + 1);
            if (b) return b;
        }
        return NULL;
    case HL_CORE_CASE:
        if (!(n->flags & HL_CF_GUARD_BOOL)) return n;
        {
            const hl_core_node *b = guard_bad(m, n->u.case_.arg, depth + 1);
            for (uint32_t i = 0; !b && i < n->u.case_.count; i++) b = guard_bad(m, n->u.case_.clauses[i].body, depth + 1);
            return b;
        }
    default: return n;
    }
}

bool hl_core_guard_expr(const hl_core_node *n, uint32_t depth);
bool hl_core_guard_expr(const hl_core_node *n, uint32_t depth) {
    /* Used while lowering (no module yet): local-call shadowing is checked
     * again by the verifier. */
    (void)depth;
    return guard_bad(NULL, n, 0) == NULL;
}

/* Reports e if it is not a guard expression; true when it is. */
static bool check_guard_expr(vctx *v, const hl_core_node *e) {
    const hl_core_node *bad = guard_bad(v->m, e, 0);
    if (bad && bad->kind == HL_CORE_CALL && bad->u.call.kind == HL_CALL_UNRESOLVED &&
        bad->u.call.module.len == 0 && find_local(v->m, bad->u.call.name, bad->u.call.arity) >= 0) {
        char msg[400];
        snprintf(msg, sizeof msg, "call to local/imported function %.*s/%u is illegal in guard",
                 (int)(bad->u.call.name.len > 255 ? 255 : bad->u.call.name.len), bad->u.call.name.ptr,
                 (unsigned)bad->u.call.arity);
        err(v, bad->line, bad->col, msg);
    } else if (bad) {
        err(v, bad->line, bad->col, "illegal guard expression");
    }
    return bad == NULL;
}

/* Reports illegal guard tests; walks the legal ones. */
static void walk(vctx *v, const hl_core_node *n, uint32_t depth);
static void check_guards(vctx *v, const hl_core_clause *cl, uint32_t depth) {
    for (uint32_t g = 0; g < cl->nguards; g++)
        for (uint32_t t = 0; t < cl->guards[g].count; t++)
            if (check_guard_expr(v, cl->guards[g].tests[t])) walk(v, cl->guards[g].tests[t], depth + 1);
}

/* The keys of map patterns are guard expressions too (OTP reports them as
 * guards do). Pattern depth is bounded like every node's. */
static void check_pattern_keys(vctx *v, const hl_core_node *p, uint32_t depth) {
    if (!p || depth > v->o->lim.max_depth) return;
    switch ((hl_core_kind)p->kind) {
    case HL_CORE_TUPLE: case HL_CORE_CONS:
        for (uint32_t i = 0; i < p->u.list.count; i++) check_pattern_keys(v, p->u.list.items[i], depth + 1);
        if (p->kind == HL_CORE_CONS) check_pattern_keys(v, p->u.list.tail, depth + 1);
        return;
    case HL_CORE_ALIAS:
        check_pattern_keys(v, p->u.pair.a, depth + 1);
        check_pattern_keys(v, p->u.pair.b, depth + 1);
        return;
    case HL_CORE_MAP:
        for (uint32_t i = 0; i < p->u.map.count; i++) {
            check_guard_expr(v, p->u.map.pairs[i].key);
            check_pattern_keys(v, p->u.map.pairs[i].value, depth + 1);
        }
        return;
    default: return;
    }
}

/* ---- the walk ------------------------------------------------------------------ */


static void walk_clauses(vctx *v, const hl_core_clause *cls, uint32_t count, uint32_t depth) {
    if (count > v->o->lim.max_clauses && cls)
        err(v, cls[0].line, cls[0].col, "too many clauses");
    for (uint32_t i = 0; i < count; i++) {
        const hl_core_clause *cl = &cls[i];
        for (uint32_t k = 0; k < cl->npats; k++) {
            walk(v, cl->pats[k], depth + 1);
            check_pattern_keys(v, cl->pats[k], depth + 1);
        }
        check_guards(v, cl, depth);
        walk(v, cl->body, depth + 1);
    }
}

static void check_var(vctx *v, const hl_core_node *n, hl_core_var id) {
    if (id >= v->fn->nvars) err(v, n->line, n->col, "internal error: variable out of range");
}

static void check_call(vctx *v, const hl_core_node *n) {
    const hl_core_module *m = v->m;
    char msg[600];
    switch ((hl_core_call_kind)n->u.call.kind) {
    case HL_CALL_UNRESOLVED:
        if (m->classified) {
            err(v, n->line, n->col, "internal error: unclassified call");
        } else if (n->u.call.module.len == 0) {
            hl_ast_name f = n->u.call.name;
            uint32_t a = n->u.call.arity;
            int32_t local = find_local(m, f, a);
            bool bif = hl_core_auto_imported(m, f, a);
            if (local < 0 && !bif) {
                snprintf(msg, sizeof msg, "function %.*s/%u undefined", (int)(f.len > 300 ? 300 : f.len), f.ptr,
                         (unsigned)a);
                err(v, n->line, n->col, msg);
            } else if (local >= 0 && bif && hl_autoimport_is_old(f.ptr, f.len, a)) {
                snprintf(msg, sizeof msg,
                         "ambiguous call of overridden pre R14 auto-imported BIF %.*s/%u - use erlang:%.*s/%u "
                         "to resolve name clash",
                         (int)f.len, f.ptr, (unsigned)a, (int)f.len, f.ptr, (unsigned)a);
                err(v, n->line, n->col, msg);
            }
        }
        break;
    case HL_CALL_LOCAL:
        if (n->u.call.target >= m->nfuns ||
            n->u.call.nargs != m->funs[n->u.call.target].arity + m->funs[n->u.call.target].nfree)
            err(v, n->line, n->col, "internal error: bad local call");
        break;
    case HL_CALL_BUILTIN: case HL_CALL_SURFACE:
        if (n->u.call.target >= HL_BI__COUNT || hl_builtins[n->u.call.target].arity != n->u.call.nargs ||
            (n->u.call.kind == HL_CALL_SURFACE) != (hl_builtins[n->u.call.target].kind == HL_BK_SURFACE))
            err(v, n->line, n->col, "internal error: bad builtin call");
        break;
    case HL_CALL_REMOTE:
        if (n->u.call.target >= v->o->npeers || n->u.call.arity != n->u.call.nargs)
            err(v, n->line, n->col, "internal error: bad remote call");
        break;
    case HL_CALL_BINDING:
        if (n->u.call.target >= v->o->nbindings || v->o->bindings[n->u.call.target].arity != n->u.call.nargs)
            err(v, n->line, n->col, "internal error: bad binding call");
        break;
    default: err(v, n->line, n->col, "internal error: bad call kind"); break;
    }
}

static void walk(vctx *v, const hl_core_node *n, uint32_t depth) {
    if (!n || !hl_meter_charge(1)) return; /* a tripped meter is reported by the caller */
    if (depth > v->o->lim.max_depth) {
        if (!v->depth_reported) {
            v->depth_reported = true;
            err(v, n->line, n->col, "expression nested too deeply");
        }
        return;
    }
    if (++v->nodes > v->o->lim.max_nodes) {
        if (!v->nodes_reported) {
            v->nodes_reported = true;
            err(v, n->line, n->col, "program too large");
        }
        return;
    }
    switch ((hl_core_kind)n->kind) {
    case HL_CORE_LIT: case HL_CORE_WILD: break;
    case HL_CORE_VAR: check_var(v, n, n->u.var); break;
    case HL_CORE_TUPLE: case HL_CORE_CONS: case HL_CORE_SEQ:
        for (uint32_t i = 0; i < n->u.list.count; i++) walk(v, n->u.list.items[i], depth + 1);
        if (n->kind == HL_CORE_CONS) walk(v, n->u.list.tail, depth + 1);
        break;
    case HL_CORE_MAP:
        walk(v, n->u.map.base, depth + 1);
        for (uint32_t i = 0; i < n->u.map.count; i++) {
            walk(v, n->u.map.pairs[i].key, depth + 1);
            walk(v, n->u.map.pairs[i].value, depth + 1);
        }
        break;
    case HL_CORE_BIN:
        for (uint32_t i = 0; i < n->u.bin.count; i++) {
            walk(v, n->u.bin.segs[i].value, depth + 1);
            walk(v, n->u.bin.segs[i].size, depth + 1);
        }
        break;
    case HL_CORE_ALIAS: case HL_CORE_MATCH:
        walk(v, n->u.pair.a, depth + 1);
        walk(v, n->u.pair.b, depth + 1);
        if (n->kind == HL_CORE_MATCH) check_pattern_keys(v, n->u.pair.a, depth + 1);
        break;
    case HL_CORE_CASE:
        walk(v, n->u.case_.arg, depth + 1);
        walk_clauses(v, n->u.case_.clauses, n->u.case_.count, depth);
        break;
    case HL_CORE_RECEIVE:
        walk_clauses(v, n->u.receive.clauses, n->u.receive.count, depth);
        walk(v, n->u.receive.timeout, depth + 1);
        walk(v, n->u.receive.after, depth + 1);
        break;
    case HL_CORE_TRY:
        walk(v, n->u.try_.body, depth + 1);
        walk_clauses(v, n->u.try_.of, n->u.try_.nof, depth);
        walk_clauses(v, n->u.try_.catches, n->u.try_.ncatch, depth);
        walk(v, n->u.try_.after, depth + 1);
        break;
    case HL_CORE_CATCH: walk(v, n->u.arg, depth + 1); break;
    case HL_CORE_CALL:
        check_call(v, n);
        for (uint32_t i = 0; i < n->u.call.nargs; i++) walk(v, n->u.call.args[i], depth + 1);
        break;
    case HL_CORE_APPLY:
        walk(v, n->u.apply.fun, depth + 1);
        for (uint32_t i = 0; i < n->u.apply.nargs; i++) walk(v, n->u.apply.args[i], depth + 1);
        break;
    case HL_CORE_MAKE_FUN:
        if (n->u.make_fun.fn >= v->m->nfuns || n->u.make_fun.nfree != v->m->funs[n->u.make_fun.fn].nfree) {
            err(v, n->line, n->col, "internal error: bad closure");
            break;
        }
        for (uint32_t i = 0; i < n->u.make_fun.nfree; i++) check_var(v, n, n->u.make_fun.free[i]);
        break;
    case HL_CORE_RECORD_GET:
        if (n->u.rget.index < 2 || n->u.rget.index > n->u.rget.size)
            err(v, n->line, n->col, "internal error: bad record access");
        walk(v, n->u.rget.arg, depth + 1);
        break;
    default: err(v, n->line, n->col, "internal error: unknown node"); break;
    }
}

bool hl_core_verify(const hl_core_module *m, const hl_core_options *o, hl_diags *d) {
    vctx v = {m, o, d, NULL, 0, false, false, true};
    if (m->nfuns > o->lim.max_functions) err(&v, 1, 1, "too many functions");
    for (uint32_t i = 0; i < m->nfuns; i++) {
        const hl_core_fun *f = &m->funs[i];
        v.fn = f;
        if (f->nclauses > o->lim.max_clauses) err(&v, f->line, f->col, "too many clauses");
        if (f->self_var != HL_CORE_NO_VAR && f->self_var >= f->nvars)
            err(&v, f->line, f->col, "internal error: bad self variable");
        for (uint32_t k = 0; k < f->nfree; k++)
            if (f->free[k] >= f->nvars) err(&v, f->line, f->col, "internal error: bad free variable");
        for (uint32_t k = 0; k < f->nclauses; k++)
            if (f->clauses[k].npats != f->arity) err(&v, f->clauses[k].line, f->clauses[k].col, "internal error: arity");
        walk_clauses(&v, f->clauses, f->nclauses, 0);
    }
    return v.ok;
}
