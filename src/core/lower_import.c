/* lower_import.c — the module attributes that change how names resolve
 * (-compile options, -import) and funs that name a function (fun M:F/A,
 * fun BIF/A).
 *
 * -compile: only options that change nothing at run time are accepted
 * (warnings, inlining, debug info...), plus export_all, which exports every
 * function, and no_auto_import, which makes calls F(...) mean the local
 * function (or none) rather than the BIF; anything that would run code at
 * compile time (parse_transform) or change semantics we do not model is
 * refused with its reason.
 *
 * -import(M, [F/A]): a call F(...) with no local F/A is the remote call
 * M:F(...), classified like any remote call (so an import of something not
 * allowed is refused with the remote call's diagnostic).
 *
 * fun M:F/A (literal M, F, A) and fun BIF/A become a lifted wrapper
 * fun(X1..XA) -> M:F(X1..XA) end: its call is classified like a written
 * one; one wrapper per M:F/A in a module, so such funs are =:=. What OTP
 * shows differently is in docs/front-end.md (the value prints as a local
 * fun). */
#include <string.h>

#include "base/mem.h"
#include "base/meter.h"
#include "core/builtins.h"
#include "core/lower_int.h"
#include "front/token.h"

/* ---- -compile ------------------------------------------------------------------- */

/* Atom options with no run-time effect. */
static const char *const inert_atoms[] = {
    "debug_info", "inline", "report", "report_errors", "report_warnings", "verbose", "bin_opt_info",
    "recv_opt_info", "no_spawn_compiler_process", "deterministic", "warnings_as_errors", "return",
    "return_errors", "return_warnings", "compressed", "no_line_info", "nowarn", "inline_list_funcs",
    "native", "no_native", "line_coverage", "strict_record_tests", "no_strict_record_tests",
};
/* {Name, _} options with no run-time effect. */
static const char *const inert_tuples[] = {"inline", "inline_size", "inline_effort", "inline_unroll",
                                           "debug_info", "debug_info_key", "hipe", "source", "outdir", "i"};

static bool prefix(hl_ast_name n, const char *p) {
    size_t k = strlen(p);
    return n.len >= k && memcmp(n.ptr, p, k) == 0;
}

static bool in_table(hl_ast_name n, const char *const *t, size_t count) {
    for (size_t i = 0; i < count; i++)
        if (lw_name_eq(n, t[i])) return true;
    return false;
}

bool hl_core_auto_imported(const hl_core_module *m, hl_ast_name f, uint32_t arity) {
    if (!hl_autoimport_is_bif(f.ptr, f.len, arity)) return false;
    if (m->no_auto_all) return false;
    for (uint32_t i = 0; i < m->nno_auto; i++)
        if (m->no_auto[i].arity == (int64_t)arity && m->no_auto[i].name.len == f.len &&
            memcmp(m->no_auto[i].name.ptr, f.ptr, f.len) == 0)
            return false;
    return true;
}

/* {no_auto_import, [F/A, ...]}: appended to the module's list. */
static void no_auto_import(lw_ctx *c, const hl_ast *list, const hl_ast *attr) {
    uint32_t n = 0;
    const hl_ast *l = list;
    if (l->kind == HL_AST_CONS && l->u.cons.tail->kind == HL_AST_NIL) n = l->u.cons.items.count;
    else if (l->kind != HL_AST_NIL) {
        lw_error(c, attr->line, attr->col, "bad compile option {no_auto_import, ...}");
        return;
    }
    hl_ast_fa *fas = lw_array(c, (size_t)c->m->nno_auto + n + 1, sizeof *fas);
    if (!fas) return;
    if (c->m->nno_auto) memcpy(fas, c->m->no_auto, c->m->nno_auto * sizeof *fas);
    for (uint32_t i = 0; i < n; i++) {
        const hl_ast *e = l->u.cons.items.items[i];
        const hl_ast *fn = NULL, *ar = NULL;
        if (e->kind == HL_AST_OP2 && e->op == HL_TOK_SLASH) fn = e->u.bin.left, ar = e->u.bin.right;
        else if (e->kind == HL_AST_TUPLE && e->u.list.count == 2) fn = e->u.list.items[0], ar = e->u.list.items[1];
        if (!fn || fn->kind != HL_AST_ATOM || ar->kind != HL_AST_INTEGER || (ar->flags & HL_AST_INT_BIG)) {
            lw_error(c, attr->line, attr->col, "bad compile option {no_auto_import, ...}");
            return;
        }
        fas[c->m->nno_auto++] = (hl_ast_fa){fn->u.name, ar->u.integer.i};
    }
    c->m->no_auto = fas;
}

static void compile_option(lw_ctx *c, const hl_ast *o, const hl_ast *attr, bool *export_all) {
    if (o->kind == HL_AST_ATOM) {
        hl_ast_name n = o->u.name;
        if (lw_name_eq(n, "export_all")) {
            *export_all = true;
            return;
        }
        if (lw_name_eq(n, "no_auto_import")) {
            c->m->no_auto_all = true;
            return;
        }
        if (prefix(n, "nowarn_") || prefix(n, "warn_") ||
            in_table(n, inert_atoms, sizeof inert_atoms / sizeof inert_atoms[0]))
            return;
        lw_error(c, attr->line, attr->col, "compile option %.*s is not supported by Hyperlang",
                 (int)(n.len > 200 ? 200 : n.len), n.ptr);
        return;
    }
    if (o->kind == HL_AST_TUPLE && o->u.list.count >= 1 && o->u.list.items[0]->kind == HL_AST_ATOM) {
        hl_ast_name n = o->u.list.items[0]->u.name;
        if (lw_name_eq(n, "no_auto_import") && o->u.list.count == 2) {
            no_auto_import(c, o->u.list.items[1], attr);
            return;
        }
        if (lw_name_eq(n, "parse_transform")) {
            lw_error(c, attr->line, attr->col,
                     "compile option {parse_transform, _} is not allowed: a parse transform runs code at "
                     "compile time");
            return;
        }
        if (prefix(n, "nowarn_") || prefix(n, "warn_") ||
            in_table(n, inert_tuples, sizeof inert_tuples / sizeof inert_tuples[0]))
            return;
        lw_error(c, attr->line, attr->col, "compile option {%.*s, ...} is not supported by Hyperlang",
                 (int)(n.len > 200 ? 200 : n.len), n.ptr);
        return;
    }
    lw_error(c, attr->line, attr->col, "compile option not supported by Hyperlang");
}

static void compile_attr(lw_ctx *c, const hl_ast *attr, bool *export_all) {
    const hl_ast *t = attr->u.attr.term;
    if (t->kind == HL_AST_CONS) {
        for (uint32_t i = 0; i < t->u.cons.items.count; i++) compile_option(c, t->u.cons.items.items[i], attr, export_all);
        if (t->u.cons.tail->kind != HL_AST_NIL) compile_option(c, t->u.cons.tail, attr, export_all);
    } else if (t->kind != HL_AST_NIL) {
        compile_option(c, t, attr, export_all);
    }
}

/* ---- -import ----------------------------------------------------------------------- */

bool lw_module_attributes(lw_ctx *c, const hl_ast_module *ast) {
    bool export_all = false;
    uint32_t nimports = 0;
    for (uint32_t i = 0; i < ast->forms.count; i++) {
        const hl_ast *f = ast->forms.items[i];
        if (f->kind == HL_AST_ATTRIBUTE && f->op == HL_ATTR_IMPORT) nimports += f->u.attr.nfas;
    }
    if (nimports) {
        c->imports = lw_array(c, nimports, sizeof *c->imports);
        if (!c->imports) return false;
    }
    for (uint32_t i = 0; i < ast->forms.count; i++) {
        const hl_ast *f = ast->forms.items[i];
        if (f->kind == HL_AST_ATTRIBUTE && f->op == HL_ATTR_TERM && lw_name_eq(f->u.attr.name, "compile"))
            compile_attr(c, f, &export_all);
    }
    for (uint32_t i = 0; i < ast->forms.count; i++) {
        const hl_ast *f = ast->forms.items[i];
        if (f->kind != HL_AST_ATTRIBUTE || f->op != HL_ATTR_IMPORT) continue;
        for (uint32_t k = 0; k < f->u.attr.nfas; k++) {
            const hl_ast_fa *fa = &f->u.attr.fas[k];
            if (fa->arity < 0 || fa->arity > 255) continue; /* no call can have that arity */
            uint32_t a = (uint32_t)fa->arity;
            bool dup = false;
            for (uint32_t j = 0; j < c->nimports; j++)
                if (c->imports[j].arity == a && c->imports[j].name.len == fa->name.len &&
                    memcmp(c->imports[j].name.ptr, fa->name.ptr, fa->name.len) == 0) {
                    if (c->imports[j].module.len != f->u.attr.import_module.len ||
                        memcmp(c->imports[j].module.ptr, f->u.attr.import_module.ptr, f->u.attr.import_module.len))
                        lw_error(c, f->line, f->col, "function %.*s/%u already imported from %.*s",
                                 (int)fa->name.len, fa->name.ptr, (unsigned)a, (int)c->imports[j].module.len,
                                 c->imports[j].module.ptr);
                    dup = true;
                }
            if (dup) continue;
            if (hl_core_auto_imported(c->m, fa->name, a)) {
                /* erl_lint's words (no_auto_import is not admitted) */
                lw_error(c, f->line, f->col, "import directive overrides %sauto-imported BIF %.*s/%u",
                         hl_autoimport_is_old(fa->name.ptr, fa->name.len, a) ? "pre R14 " : "", (int)fa->name.len,
                         fa->name.ptr, (unsigned)a);
                continue;
            }
            int32_t local = lw_find_fun(c, fa->name, a);
            if (local >= 0) {
                const hl_core_fun *lf = &c->m->funs[local];
                lw_error(c, lf->line, lf->col, "defining imported function %.*s/%u", (int)fa->name.len, fa->name.ptr,
                         (unsigned)a);
                continue;
            }
            c->imports[c->nimports++] = (lw_import){fa->name, a, f->u.attr.import_module};
        }
    }
    if (export_all)
        for (uint32_t i = 0; i < c->m->nsource; i++) c->m->funs[i].exported = true;
    return true;
}

const lw_import *lw_find_import(const lw_ctx *c, hl_ast_name name, uint32_t arity) {
    for (uint32_t i = 0; i < c->nimports; i++)
        if (c->imports[i].arity == arity && c->imports[i].name.len == name.len &&
            memcmp(c->imports[i].name.ptr, name.ptr, name.len) == 0)
            return &c->imports[i];
    return NULL;
}

/* ---- funs that name a function -------------------------------------------------------- */

static bool same_name(hl_ast_name a, hl_ast_name b) { return a.len == b.len && memcmp(a.ptr, b.ptr, a.len) == 0; }

static hl_core_node *make_fun(lw_ctx *c, const hl_ast *e, uint32_t idx) {
    hl_core_node *n = lw_node(c, HL_CORE_MAKE_FUN, e->line, e->col);
    if (!n) return NULL;
    n->u.make_fun.fn = idx;
    n->u.make_fun.free = lw_array(c, 1, sizeof(hl_core_var));
    return n->u.make_fun.free ? n : NULL;
}

hl_core_node *lw_fun_wrapper(lw_ctx *c, const hl_ast *e, hl_ast_name module, hl_ast_name name, uint32_t arity,
                             bool auto_bif) {
    /* Every fun M:F/A of the module shares one wrapper, so two of them are
     * =:= as in OTP; fun BIF/A is a new lambda each time, as in OTP. The
     * search is charged: a hostile module's many distinct funs stay within
     * the compile budget. */
    if (!auto_bif) {
        if (!hl_meter_charge(c->nnamed)) {
            c->oom = true;
            return NULL;
        }
        for (uint32_t i = 0; i < c->nnamed; i++) {
            const lw_named_fun *nf = &c->named_funs[i];
            if (nf->arity == arity && same_name(nf->module, module) && same_name(nf->name, name))
                return make_fun(c, e, nf->fn);
        }
    }
    int32_t idx = lw_new_fun(c, "fun", arity, HL_ORIGIN_FUN, e->line, e->col);
    if (idx < 0) return NULL;
    lw_fn *parent = c->fn;
    lw_fn child;
    lw_fn_init(&child, (uint32_t)idx);
    c->fn = &child;
    bool ok = false;
    hl_core_clause *cl = lw_array(c, 1, sizeof *cl);
    hl_core_node **pats = lw_array(c, arity ? arity : 1, sizeof *pats);
    hl_core_node *call = lw_call(c, "", name, arity, e->line, e->col);
    if (cl && pats && call) {
        call->u.call.module = module;
        if (auto_bif) call->flags |= HL_CF_AUTO;
        ok = true;
        for (uint32_t i = 0; i < arity && ok; i++) {
            hl_core_var v = lw_var_new(c, lw_cname(""));
            if (v == HL_CORE_NO_VAR) {
                ok = false;
                break;
            }
            lw_set_state(c, v, VS_BOUND, NULL, 0, 0);
            pats[i] = lw_var_node(c, v, e->line, e->col);
            if (pats[i]) pats[i]->flags |= HL_CF_BIND;
            call->u.call.args[i] = lw_var_node(c, v, e->line, e->col);
            ok = pats[i] && call->u.call.args[i];
        }
    }
    if (ok) {
        cl->line = e->line;
        cl->col = e->col;
        cl->pats = pats;
        cl->npats = arity;
        cl->body = call;
        c->m->funs[idx].clauses = cl;
        c->m->funs[idx].nclauses = 1;
        ok = lw_fn_finish(c, &child);
    }
    c->fn = parent;
    lw_fn_free(&child);
    if (!ok) return NULL;
    if (!auto_bif) {
        if (c->nnamed == c->capnamed) {
            uint32_t cap = c->capnamed ? c->capnamed * 2 : 16;
            lw_named_fun *t = hl_mem_realloc_array(c->named_funs, cap, sizeof *t);
            if (!t) {
                c->oom = true;
                return NULL;
            }
            c->named_funs = t;
            c->capnamed = cap;
        }
        c->named_funs[c->nnamed++] = (lw_named_fun){module, name, arity, (uint32_t)idx};
    }
    return make_fun(c, e, (uint32_t)idx);
}
