/* lower_expr.c — AST expressions → SafeCore: literals, constructors,
 * records (to tuples), maps, operators (to erlang:Op/N calls), andalso and
 * orelse (to guard-safe cases), case / if / receive / try / catch with
 * Erlang's variable rules, calls and applications. Recursion follows the
 * AST, whose depth the front end bounds. */
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "core/builtins.h"
#include "core/lower_int.h"
#include "front/token.h"

static hl_core_node *lit_from_ast(lw_ctx *c, const hl_ast *e);

hl_core_node *lw_body(lw_ctx *c, const hl_ast_list *body, uint32_t line, uint32_t col) {
    if (body->count == 0) return lw_atom(c, "ok", line, col);
    if (body->count == 1) return lw_expr(c, body->items[0]);
    hl_core_node *n = lw_node(c, HL_CORE_SEQ, body->items[0]->line, body->items[0]->col);
    hl_core_node **items = lw_array(c, body->count, sizeof *items);
    if (!n || !items) return NULL;
    for (uint32_t i = 0; i < body->count; i++) {
        items[i] = lw_expr(c, body->items[i]);
        if (!items[i]) return NULL;
    }
    n->u.list.items = items;
    n->u.list.count = body->count;
    return n;
}

static hl_core_node *lit_from_ast(lw_ctx *c, const hl_ast *e) {
    hl_core_node *n = lw_node(c, HL_CORE_LIT, e->line, e->col);
    if (!n) return NULL;
    switch ((hl_ast_kind)e->kind) {
    case HL_AST_ATOM: n->u.lit.kind = HL_LIT_ATOM; n->u.lit.u.name = e->u.name; break;
    case HL_AST_CHAR: n->u.lit.kind = HL_LIT_INT; n->u.lit.u.i = e->u.integer.i; break;
    case HL_AST_INTEGER:
        if (e->flags & HL_AST_INT_BIG) {
            if (e->u.integer.digits.len > c->opts->lim.max_literal)
                lw_error(c, e->line, e->col, "integer literal too large (limit %u digits)",
                         (unsigned)c->opts->lim.max_literal);
            n->u.lit.kind = HL_LIT_BIGINT;
            n->u.lit.u.digits = e->u.integer.digits;
        } else {
            n->u.lit.kind = HL_LIT_INT;
            n->u.lit.u.i = e->u.integer.i;
        }
        break;
    case HL_AST_FLOAT: n->u.lit.kind = HL_LIT_FLOAT; n->u.lit.u.f = e->u.f; break;
    case HL_AST_NIL: n->u.lit.kind = HL_LIT_NIL; break;
    case HL_AST_STRING:
        if (e->u.string.len > c->opts->lim.max_literal)
            lw_error(c, e->line, e->col, "string literal too long (limit %u characters)",
                     (unsigned)c->opts->lim.max_literal);
        if (e->u.string.len == 0) {
            n->u.lit.kind = HL_LIT_NIL;
        } else {
            n->u.lit.kind = HL_LIT_STRING;
            n->u.lit.u.str.chars = e->u.string.chars;
            n->u.lit.u.str.len = e->u.string.len;
        }
        break;
    default: return NULL;
    }
    return n;
}

hl_core_node *lw_literal(lw_ctx *c, const hl_ast *e);
hl_core_node *lw_literal(lw_ctx *c, const hl_ast *e) { return lit_from_ast(c, e); }

/* -N for a literal number, folded (patterns need it; codegen likes it). */
hl_core_node *lw_negate(lw_ctx *c, const hl_ast *op, const hl_ast *arg);
hl_core_node *lw_negate(lw_ctx *c, const hl_ast *op, const hl_ast *arg) {
    hl_core_node *n = lit_from_ast(c, arg);
    if (!n) return NULL;
    n->line = op->line;
    n->col = op->col;
    if (n->u.lit.kind == HL_LIT_INT) {
        if (n->u.lit.u.i == INT64_MIN) return NULL;
        n->u.lit.u.i = -n->u.lit.u.i;
    } else if (n->u.lit.kind == HL_LIT_FLOAT) {
        n->u.lit.u.f = -n->u.lit.u.f;
    } else if (n->u.lit.kind == HL_LIT_BIGINT) {
        hl_ast_name d = n->u.lit.u.digits;
        char *s = lw_alloc(c, (size_t)d.len + 2);
        if (!s) return NULL;
        s[0] = '-';
        memcpy(s + 1, d.ptr, d.len);
        n->u.lit.u.digits = (hl_ast_name){s, d.len + 1};
    } else {
        return NULL;
    }
    return n;
}

/* Sibling expressions (tuple and list elements, arguments, operands):
 * Erlang leaves their order unspecified, so none sees the variables another
 * binds; all of them are bound afterwards (erl_lint). `extra` (a list tail)
 * is one more sibling. */
static bool siblings(lw_ctx *c, hl_ast *const *asts, uint32_t n, hl_core_node **out, const hl_ast *extra,
                     hl_core_node **extra_out) {
    uint32_t total = n + (extra ? 1 : 0);
    if (total < 2) {
        for (uint32_t i = 0; i < n; i++)
            if (!(out[i] = lw_expr(c, asts[i]))) return false;
        return !extra || (*extra_out = lw_expr(c, extra)) != NULL;
    }
    lw_branches br;
    lw_branches_begin(c, &br);
    bool ok = true;
    for (uint32_t i = 0; ok && i < total; i++) {
        hl_core_node *r = lw_expr(c, i < n ? asts[i] : extra);
        if (i < n) out[i] = r;
        else *extra_out = r;
        ok = r != NULL;
        lw_branches_next(c, &br);
    }
    lw_branches_end(c, &br, NULL, 0, 0, LW_MERGE_UNION);
    return ok;
}

static hl_core_node *list_node(lw_ctx *c, hl_core_kind kind, const hl_ast_list *l, uint32_t line,
                               uint32_t col) {
    hl_core_node *n = lw_node(c, kind, line, col);
    hl_core_node **items = lw_array(c, l->count ? l->count : 1, sizeof *items);
    if (!n || !items) return NULL;
    if (!siblings(c, l->items, l->count, items, NULL, NULL)) return NULL;
    n->u.list.items = items;
    n->u.list.count = l->count;
    return n;
}

/* ---- records ------------------------------------------------------------- */

static const hl_ast *need_record(lw_ctx *c, hl_ast_name name, uint32_t line, uint32_t col) {
    const hl_ast *r = lw_record(c, name);
    if (!r) lw_error(c, line, col, "record %.*s undefined", (int)name.len, name.ptr);
    return r;
}

/* Checks the fields of #r{...}: each defined, none twice. Returns the
 * value given for field i (1-based) through vals[i], and the `_ = V` one. */
static bool record_fields(lw_ctx *c, const hl_ast *rec, const hl_ast *e, const hl_ast **vals,
                          const hl_ast **rest) {
    bool ok = true;
    *rest = NULL;
    const hl_ast_list *fs = &e->u.record.fields;
    for (uint32_t i = 0; i < fs->count; i++) {
        const hl_ast *f = fs->items[i];
        const hl_ast *fname = f->u.rfield.field;
        if (fname->kind == HL_AST_VAR) { /* `_ = V` */
            if (*rest) {
                lw_error(c, fname->line, fname->col, "field _ already defined in record %.*s",
                         (int)rec->u.attr.target.len, rec->u.attr.target.ptr);
                ok = false;
            }
            *rest = f->u.rfield.value;
            continue;
        }
        uint32_t idx = lw_record_field(rec, fname->u.name);
        if (!idx) {
            lw_error(c, fname->line, fname->col, "field %.*s undefined in record %.*s", (int)fname->u.name.len,
                     fname->u.name.ptr, (int)rec->u.attr.target.len, rec->u.attr.target.ptr);
            ok = false;
        } else if (vals[idx]) {
            lw_error(c, fname->line, fname->col, "field %.*s already defined in record %.*s",
                     (int)fname->u.name.len, fname->u.name.ptr, (int)rec->u.attr.target.len,
                     rec->u.attr.target.ptr);
            ok = false;
        } else {
            vals[idx] = f->u.rfield.value;
        }
    }
    return ok;
}

hl_core_node *lw_pattern(lw_ctx *c, const hl_ast *p, int mode);

/* #r{...} as an expression (defaults filled in) or a pattern (`_`). */
hl_core_node *lw_record_new(lw_ctx *c, const hl_ast *e, bool pattern) {
    const hl_ast *rec = need_record(c, e->u.record.name, e->line, e->col);
    if (!rec) return lw_atom(c, "undefined", e->line, e->col);
    uint32_t nf = lw_record_nfields(rec);
    const hl_ast **vals = lw_array(c, (size_t)nf + 1, sizeof *vals);
    hl_core_node **items = lw_array(c, (size_t)nf + 1, sizeof *items);
    hl_core_node *t = lw_node(c, HL_CORE_TUPLE, e->line, e->col);
    if (!vals || !items || !t) return NULL;
    const hl_ast *rest;
    record_fields(c, rec, e, vals, &rest);
    items[0] = lw_node(c, HL_CORE_LIT, e->line, e->col);
    if (!items[0]) return NULL;
    items[0]->u.lit.kind = HL_LIT_ATOM;
    items[0]->u.lit.u.name = e->u.record.name;
    int mode = c->pat_mode;
    for (uint32_t i = 1; i <= nf; i++) {
        const hl_ast *v = vals[i] ? vals[i] : rest;
        if (pattern) {
            items[i] = v ? lw_pattern(c, v, mode) : lw_node(c, HL_CORE_WILD, e->line, e->col);
        } else if (v) {
            items[i] = lw_expr(c, v);
        } else {
            const hl_ast *init = lw_record_decl(rec, i - 1)->u.decl_field.init;
            /* Defaults are inlined (as OTP does), seeing only the records
             * declared before this one, so self-reference cannot recurse;
             * their errors were reported at the -record. */
            bool quiet = c->quiet_unbound, q2 = c->quiet;
            uint32_t vis = c->visible_records;
            uint32_t ri = lw_record_index_of(c, rec);
            c->quiet_unbound = c->quiet = true;
            if (ri < c->visible_records) c->visible_records = ri;
            items[i] = init ? lw_expr(c, init) : lw_atom(c, "undefined", e->line, e->col);
            c->quiet_unbound = quiet;
            c->quiet = q2;
            c->visible_records = vis;
        }
        if (!items[i]) return NULL;
    }
    t->u.list.items = items;
    t->u.list.count = nf + 1;
    return t;
}

/* R#r{f = V}: case R of {r, X1..Xn} -> {r, X1', ...}; fail badrecord. */
static hl_core_node *record_update(lw_ctx *c, const hl_ast *e) {
    hl_core_node *base = lw_expr(c, e->u.record.base);
    const hl_ast *rec = need_record(c, e->u.record.name, e->line, e->col);
    if (!base) return NULL;
    if (!rec) return base;
    uint32_t nf = lw_record_nfields(rec);
    const hl_ast **vals = lw_array(c, (size_t)nf + 1, sizeof *vals);
    if (!vals) return NULL;
    const hl_ast *rest;
    record_fields(c, rec, e, vals, &rest);
    for (uint32_t i = 0; rest && i < e->u.record.fields.count; i++) {
        const hl_ast *fname = e->u.record.fields.items[i]->u.rfield.field;
        if (fname->kind == HL_AST_VAR) {
            lw_error(c, fname->line, fname->col, "meaningless use of _ in update of record %.*s",
                     (int)e->u.record.name.len, e->u.record.name.ptr);
            break;
        }
    }
    hl_core_node *pat = lw_node(c, HL_CORE_TUPLE, e->line, e->col);
    hl_core_node *res = lw_node(c, HL_CORE_TUPLE, e->line, e->col);
    hl_core_node **pi = lw_array(c, (size_t)nf + 1, sizeof *pi);
    hl_core_node **ri = lw_array(c, (size_t)nf + 1, sizeof *ri);
    hl_core_clause *cl = lw_alloc(c, sizeof *cl);
    hl_core_node *cs = lw_node(c, HL_CORE_CASE, e->line, e->col);
    if (!pat || !res || !pi || !ri || !cl || !cs) return NULL;
    pi[0] = lw_node(c, HL_CORE_LIT, e->line, e->col);
    if (!pi[0]) return NULL;
    pi[0]->u.lit.kind = HL_LIT_ATOM;
    pi[0]->u.lit.u.name = e->u.record.name;
    ri[0] = pi[0];
    for (uint32_t i = 1; i <= nf; i++) {
        if (vals[i]) {
            pi[i] = lw_node(c, HL_CORE_WILD, e->line, e->col);
            ri[i] = lw_expr(c, vals[i]);
        } else {
            hl_core_var v = lw_var_new(c, lw_cname(""));
            if (v == HL_CORE_NO_VAR) return NULL;
            lw_set_state(c, v, VS_BOUND, NULL, 0, 0);
            pi[i] = lw_var_node(c, v, e->line, e->col);
            if (pi[i]) pi[i]->flags |= HL_CF_BIND;
            ri[i] = lw_var_node(c, v, e->line, e->col);
        }
        if (!pi[i] || !ri[i]) return NULL;
    }
    pat->u.list.items = pi;
    pat->u.list.count = nf + 1;
    res->u.list.items = ri;
    res->u.list.count = nf + 1;
    cl->line = e->line;
    cl->col = e->col;
    cl->pats = lw_array(c, 1, sizeof *cl->pats);
    if (!cl->pats) return NULL;
    cl->pats[0] = pat;
    cl->npats = 1;
    cl->body = res;
    cs->u.case_.arg = base;
    cs->u.case_.clauses = cl;
    cs->u.case_.count = 1;
    cs->u.case_.fail = HL_FAIL_BADRECORD;
    return cs;
}

static hl_core_node *record_access(lw_ctx *c, const hl_ast *e) {
    hl_core_node *base = lw_expr(c, e->u.raccess.base);
    const hl_ast *rec = need_record(c, e->u.raccess.name, e->line, e->col);
    if (!base || !rec) return base;
    const hl_ast *f = e->u.raccess.field;
    uint32_t idx = lw_record_field(rec, f->u.name);
    if (!idx) {
        lw_error(c, f->line, f->col, "field %.*s undefined in record %.*s", (int)f->u.name.len, f->u.name.ptr,
                 (int)e->u.raccess.name.len, e->u.raccess.name.ptr);
        return base;
    }
    hl_core_node *n = lw_node(c, HL_CORE_RECORD_GET, e->line, e->col);
    if (!n) return NULL;
    n->u.rget.arg = base;
    n->u.rget.name = e->u.raccess.name;
    n->u.rget.index = idx + 1;
    n->u.rget.size = lw_record_nfields(rec) + 1;
    return n;
}

hl_core_node *lw_record_index(lw_ctx *c, const hl_ast *e);
hl_core_node *lw_record_index(lw_ctx *c, const hl_ast *e) {
    const hl_ast *rec = need_record(c, e->u.raccess.name, e->line, e->col);
    hl_core_node *n = lw_node(c, HL_CORE_LIT, e->line, e->col);
    if (!n) return NULL;
    n->u.lit.kind = HL_LIT_INT;
    n->u.lit.u.i = 0;
    if (!rec) return n;
    const hl_ast *f = e->u.raccess.field;
    uint32_t idx = lw_record_field(rec, f->u.name);
    if (!idx)
        lw_error(c, f->line, f->col, "field %.*s undefined in record %.*s", (int)f->u.name.len, f->u.name.ptr,
                 (int)e->u.raccess.name.len, e->u.raccess.name.ptr);
    n->u.lit.u.i = idx + 1;
    return n;
}

/* ---- maps ----------------------------------------------------------------- */

static hl_core_node *map_expr(lw_ctx *c, const hl_ast *e) {
    hl_core_node *n = lw_node(c, HL_CORE_MAP, e->line, e->col);
    if (!n) return NULL;
    if (e->u.map.base && !(n->u.map.base = lw_expr(c, e->u.map.base))) return NULL;
    uint32_t k = e->u.map.fields.count;
    hl_core_pair *pairs = lw_array(c, k ? k : 1, sizeof *pairs);
    if (!pairs) return NULL;
    for (uint32_t i = 0; i < k; i++) {
        const hl_ast *f = e->u.map.fields.items[i];
        pairs[i].exact = f->kind == HL_AST_MAP_EXACT;
        if (pairs[i].exact && !e->u.map.base)
            lw_error(c, f->line, f->col, "only association operators '=>' are allowed in map construction");
        if (!(pairs[i].key = lw_expr(c, f->u.bin.left)) || !(pairs[i].value = lw_expr(c, f->u.bin.right)))
            return NULL;
    }
    n->u.map.pairs = pairs;
    n->u.map.count = k;
    return n;
}

/* ---- operators ------------------------------------------------------------ */

static hl_core_node *op_call(lw_ctx *c, const hl_ast *e, hl_core_node *a, hl_core_node *b) {
    const char *name = hl_token_kind_name((hl_token_kind)e->op);
    uint32_t n = b ? 2 : 1;
    hl_core_node *call = lw_call(c, "erlang", lw_cname(name), n, e->line, e->col);
    if (!call || !a || (n == 2 && !b)) return NULL;
    call->flags |= HL_CF_OPERATOR;
    call->u.call.args[0] = a;
    if (b) call->u.call.args[1] = b;
    return call;
}

static hl_core_clause *clause_alloc(lw_ctx *c, uint32_t n) { return lw_array(c, n ? n : 1, sizeof(hl_core_clause)); }

static bool simple_clause(lw_ctx *c, hl_core_clause *cl, hl_core_node *pat, hl_core_node *body) {
    cl->pats = lw_array(c, 1, sizeof *cl->pats);
    if (!cl->pats || !pat || !body) return false;
    cl->pats[0] = pat;
    cl->npats = 1;
    cl->body = body;
    cl->line = body->line;
    cl->col = body->col;
    return true;
}

/* A andalso B: case A of true -> B; false -> false end (orelse mirrored);
 * a non-boolean A raises {badarg, A}. B's bindings are unsafe after. */
static hl_core_node *short_circuit(lw_ctx *c, const hl_ast *e, bool is_and) {
    hl_core_node *a = lw_expr(c, e->u.bin.left);
    if (!a) return NULL;
    hl_core_node *cs = lw_node(c, HL_CORE_CASE, e->line, e->col);
    hl_core_clause *cl = clause_alloc(c, 2);
    if (!cs || !cl) return NULL;
    lw_branches br;
    lw_branches_begin(c, &br);
    hl_core_node *b = lw_expr(c, e->u.bin.right);
    lw_branches_next(c, &br);
    lw_branches_next(c, &br);
    lw_branches_end(c, &br, is_and ? "andalso" : "orelse", e->line, e->col, LW_MERGE_CASE);
    if (!b) return NULL;
    if (!simple_clause(c, &cl[0], lw_atom(c, is_and ? "true" : "false", e->line, e->col), b) ||
        !simple_clause(c, &cl[1], lw_atom(c, is_and ? "false" : "true", e->line, e->col),
                       lw_atom(c, is_and ? "false" : "true", e->line, e->col)))
        return NULL;
    cs->flags |= HL_CF_GUARD_BOOL;
    cs->u.case_.arg = a;
    cs->u.case_.clauses = cl;
    cs->u.case_.count = 2;
    cs->u.case_.fail = HL_FAIL_BADARG;
    return cs;
}

/* ---- clauses and control -------------------------------------------------- */

bool lw_guards(lw_ctx *c, const hl_ast *clause, hl_core_clause *out) {
    uint32_t ng = clause->u.clause.nguards;
    out->nguards = ng;
    if (!ng) return true;
    out->guards = lw_array(c, ng, sizeof *out->guards);
    if (!out->guards) return false;
    bool saved = c->in_guard;
    c->in_guard = true;
    for (uint32_t g = 0; g < ng; g++) {
        const hl_ast_list *tests = &clause->u.clause.guards[g];
        hl_core_guard *cg = &out->guards[g];
        cg->count = tests->count;
        cg->tests = lw_array(c, tests->count ? tests->count : 1, sizeof *cg->tests);
        if (!cg->tests) return false;
        for (uint32_t t = 0; t < tests->count; t++)
            if (!(cg->tests[t] = lw_expr(c, tests->items[t]))) {
                c->in_guard = saved;
                return false;
            }
    }
    c->in_guard = saved;
    return true;
}

/* Lowers clauses with `npats` patterns each as branches of one construct. */
static hl_core_clause *branch_clauses(lw_ctx *c, const hl_ast_list *cls, lw_branches *br) {
    if (cls->count > c->opts->lim.max_clauses) {
        lw_error(c, cls->items[0]->line, cls->items[0]->col, "too many clauses (limit %u)",
                 (unsigned)c->opts->lim.max_clauses);
        return NULL;
    }
    hl_core_clause *out = clause_alloc(c, cls->count);
    if (!out) return NULL;
    for (uint32_t i = 0; i < cls->count; i++) {
        const hl_ast *cl = cls->items[i];
        hl_core_clause *o = &out[i];
        o->line = cl->line;
        o->col = cl->col;
        o->npats = cl->u.clause.patterns.count;
        o->pats = lw_array(c, o->npats ? o->npats : 1, sizeof *o->pats);
        if (!o->pats) return NULL;
        c->pattern_id++;
        for (uint32_t k = 0; k < o->npats; k++)
            if (!(o->pats[k] = lw_pattern(c, cl->u.clause.patterns.items[k], PAT_NORMAL))) return NULL;
        if (o->npats == 0) { /* an if clause: matches anything */
            o->npats = 1;
            if (!(o->pats[0] = lw_node(c, HL_CORE_WILD, cl->line, cl->col))) return NULL;
        }
        if (!lw_guards(c, cl, o)) return NULL;
        if (!(o->body = lw_body(c, &cl->u.clause.body, cl->line, cl->col))) return NULL;
        lw_branches_next(c, br);
    }
    return out;
}

static hl_core_node *case_expr(lw_ctx *c, const hl_ast *e) {
    hl_core_node *n = lw_node(c, HL_CORE_CASE, e->line, e->col);
    if (!n) return NULL;
    bool is_if = e->kind == HL_AST_IF;
    const hl_ast_list *cls = is_if ? &e->u.list : &e->u.case_.clauses;
    /* `if` is `case true of _ when G -> B; ... end` failing with if_clause,
     * so every CASE has an argument and one pattern per clause. */
    if (is_if) n->u.case_.arg = lw_atom(c, "true", e->line, e->col);
    else n->u.case_.arg = lw_expr(c, e->u.case_.expr);
    if (!n->u.case_.arg) return NULL;
    lw_branches br;
    lw_branches_begin(c, &br);
    hl_core_clause *cl = branch_clauses(c, cls, &br);
    lw_branches_end(c, &br, is_if ? "if" : "case", e->line, e->col, LW_MERGE_CASE);
    if (!cl) return NULL;
    n->u.case_.clauses = cl;
    n->u.case_.count = cls->count;
    n->u.case_.fail = is_if ? HL_FAIL_IF_CLAUSE : HL_FAIL_CASE_CLAUSE;
    return n;
}

static hl_core_node *receive_expr(lw_ctx *c, const hl_ast *e) {
    hl_core_node *n = lw_node(c, HL_CORE_RECEIVE, e->line, e->col);
    if (!n) return NULL;
    lw_branches br;
    lw_branches_begin(c, &br);
    hl_core_clause *cl = branch_clauses(c, &e->u.receive.clauses, &br);
    /* The timeout sees only what was bound before the receive; erl_lint
     * checks it after the clauses (which matters for which error comes
     * first), so it is lowered here, in the state the branches restored. */
    hl_core_var *tvars = NULL;
    uint32_t ntvars = 0;
    if (cl && e->u.receive.timeout) {
        uint32_t tmark = lw_mark(c);
        n->u.receive.timeout = lw_expr(c, e->u.receive.timeout);
        ntvars = lw_bound_since(c, tmark, &tvars);
        n->u.receive.after = n->u.receive.timeout ? lw_body(c, &e->u.receive.after, e->line, e->col) : NULL;
        lw_branches_next(c, &br);
        if (!n->u.receive.after) cl = NULL;
    }
    lw_branches_end(c, &br, "receive", e->line, e->col, LW_MERGE_CASE);
    /* The timeout is evaluated whatever happens next: its bindings hold. */
    for (uint32_t i = 0; i < ntvars; i++) lw_set_state(c, tvars[i], VS_BOUND, NULL, 0, 0);
    hl_mem_free(tvars);
    if (!cl) return NULL;
    n->u.receive.clauses = cl;
    n->u.receive.count = e->u.receive.clauses.count;
    return n;
}

/* try: everything bound inside is unsafe after it. Body bindings are
 * visible in the of-clauses. */
static hl_core_node *try_expr(lw_ctx *c, const hl_ast *e) {
    hl_core_node *n = lw_node(c, HL_CORE_TRY, e->line, e->col);
    if (!n) return NULL;
    lw_branches all;
    lw_branches_begin(c, &all);
    bool ok = (n->u.try_.body = lw_body(c, &e->u.try_.body, e->line, e->col)) != NULL;
    /* What the body bound is unsafe in the catch clauses and the after. */
    hl_core_var *body_vars;
    uint32_t nbody = lw_bound_since(c, all.mark, &body_vars);
    if (ok && e->u.try_.of.count) {
        lw_branches br;
        lw_branches_begin(c, &br);
        n->u.try_.of = branch_clauses(c, &e->u.try_.of, &br);
        lw_branches_end(c, &br, "try", e->line, e->col, LW_MERGE_CASE);
        n->u.try_.nof = e->u.try_.of.count;
        n->u.try_.has_of = true;
        ok = n->u.try_.of != NULL;
    }
    lw_branches_next(c, &all);
    if (ok && e->u.try_.catches.count) {
        const hl_ast_list *cls = &e->u.try_.catches;
        hl_core_clause *out = clause_alloc(c, cls->count);
        ok = out != NULL;
        for (uint32_t i = 0; ok && i < cls->count; i++) {
            const hl_ast *cl = cls->items[i];
            const hl_ast *p = cl->u.clause.patterns.count == 1 ? cl->u.clause.patterns.items[0] : NULL;
            if (!p || p->kind != HL_AST_TUPLE || p->u.list.count != 3) {
                lw_error(c, cl->line, cl->col, "illegal catch clause");
                ok = false;
                break;
            }
            for (uint32_t k = 0; k < nbody; k++)
                lw_set_state(c, body_vars[k], VS_UNSAFE, "try", e->line, e->col);
            const hl_ast *st = p->u.list.items[2];
            if (st->kind == HL_AST_VAR && !lw_name_eq(st->u.name, "_")) {
                hl_core_var sv = lw_lookup(c, st->u.name);
                if (sv != HL_CORE_NO_VAR && c->fn->vars[sv].state != VS_UNBOUND)
                    lw_error(c, st->line, st->col, "stacktrace variable '%.*s' must not be previously bound",
                             (int)st->u.name.len, st->u.name.ptr);
            }
            hl_core_clause *o = &out[i];
            o->line = cl->line;
            o->col = cl->col;
            o->npats = 3;
            o->pats = lw_array(c, 3, sizeof *o->pats);
            ok = o->pats != NULL;
            for (uint32_t k = 0; ok && k < 3; k++) ok = (o->pats[k] = lw_pattern(c, p->u.list.items[k], PAT_NORMAL)) != NULL;
            ok = ok && lw_guards(c, cl, o) && (o->body = lw_body(c, &cl->u.clause.body, cl->line, cl->col)) != NULL;
            lw_branches_next(c, &all);
        }
        n->u.try_.catches = out;
        n->u.try_.ncatch = cls->count;
    }
    if (ok && e->u.try_.after.count) {
        for (uint32_t k = 0; k < nbody; k++) lw_set_state(c, body_vars[k], VS_UNSAFE, "try", e->line, e->col);
        ok = (n->u.try_.after = lw_body(c, &e->u.try_.after, e->line, e->col)) != NULL;
        lw_branches_next(c, &all);
    }
    lw_branches_end(c, &all, "try", e->line, e->col, LW_MERGE_UNSAFE);
    hl_mem_free(body_vars);
    return ok ? n : NULL;
}

static hl_core_node *catch_expr(lw_ctx *c, const hl_ast *e) {
    hl_core_node *n = lw_node(c, HL_CORE_CATCH, e->line, e->col);
    if (!n) return NULL;
    lw_branches br;
    lw_branches_begin(c, &br);
    n->u.arg = lw_expr(c, e->u.arg);
    lw_branches_next(c, &br);
    lw_branches_end(c, &br, "catch", e->line, e->col, LW_MERGE_UNSAFE);
    return n->u.arg ? n : NULL;
}

static hl_core_node *match_expr(lw_ctx *c, const hl_ast *e) {
    hl_core_node *n = lw_node(c, HL_CORE_MATCH, e->line, e->col);
    if (!n) return NULL;
    if (!(n->u.pair.b = lw_expr(c, e->u.bin.right))) return NULL;
    c->pattern_id++;
    if (!(n->u.pair.a = lw_pattern(c, e->u.bin.left, PAT_NORMAL))) return NULL;
    return n;
}

/* ---- calls ------------------------------------------------------------------- */

static hl_core_node *call_args(lw_ctx *c, hl_core_node *call, const hl_ast *e) {
    if (!call) return NULL;
    return siblings(c, e->u.call.args.items, e->u.call.args.count, call->u.call.args, NULL, NULL) ? call : NULL;
}

/* record_info(size | fields, r) and is_record(X, r): compile-time record
 * knowledge, as OTP expands them. */
static hl_core_node *record_builtin(lw_ctx *c, const hl_ast *e, hl_ast_name name, bool *done) {
    uint32_t n = e->u.call.args.count;
    const hl_ast *const *a = (const hl_ast *const *)e->u.call.args.items;
    *done = false;
    if (lw_name_eq(name, "record_info") && n == 2 && lw_find_fun(c, name, 2) < 0) {
        *done = true;
        if (a[0]->kind != HL_AST_ATOM || a[1]->kind != HL_AST_ATOM) {
            lw_error(c, e->line, e->col, "illegal record info");
            return lw_atom(c, "undefined", e->line, e->col);
        }
        const hl_ast *rec = need_record(c, a[1]->u.name, a[1]->line, a[1]->col);
        if (!rec) return lw_atom(c, "undefined", e->line, e->col);
        uint32_t nf = lw_record_nfields(rec);
        if (lw_name_eq(a[0]->u.name, "size")) {
            hl_core_node *l = lw_node(c, HL_CORE_LIT, e->line, e->col);
            if (l) {
                l->u.lit.kind = HL_LIT_INT;
                l->u.lit.u.i = nf + 1;
            }
            return l;
        }
        if (!lw_name_eq(a[0]->u.name, "fields")) {
            lw_error(c, e->line, e->col, "illegal record info");
            return lw_atom(c, "undefined", e->line, e->col);
        }
        if (nf == 0) return lw_nil(c, e->line, e->col);
        hl_core_node *l = lw_node(c, HL_CORE_CONS, e->line, e->col);
        hl_core_node **items = lw_array(c, nf, sizeof *items);
        if (!l || !items) return NULL;
        for (uint32_t i = 0; i < nf; i++) {
            items[i] = lw_node(c, HL_CORE_LIT, e->line, e->col);
            if (!items[i]) return NULL;
            items[i]->u.lit.kind = HL_LIT_ATOM;
            items[i]->u.lit.u.name = lw_record_decl(rec, i)->u.decl_field.name->u.name;
        }
        l->u.list.items = items;
        l->u.list.count = nf;
        l->u.list.tail = lw_nil(c, e->line, e->col);
        return l->u.list.tail ? l : NULL;
    }
    if (lw_name_eq(name, "is_record") && n == 2 && a[1]->kind == HL_AST_ATOM && lw_find_fun(c, name, 2) < 0) {
        *done = true;
        const hl_ast *rec = need_record(c, a[1]->u.name, a[1]->line, a[1]->col);
        hl_core_node *call = lw_call(c, "erlang", lw_cname("is_record"), 3, e->line, e->col);
        if (!call) return NULL;
        call->flags |= HL_CF_AUTO;
        if (!(call->u.call.args[0] = lw_expr(c, a[0])) || !(call->u.call.args[1] = lit_from_ast(c, a[1])))
            return NULL;
        hl_core_node *sz = lw_node(c, HL_CORE_LIT, e->line, e->col);
        if (!sz) return NULL;
        sz->u.lit.kind = HL_LIT_INT;
        sz->u.lit.u.i = rec ? lw_record_nfields(rec) + 1 : 0;
        call->u.call.args[2] = sz;
        return call;
    }
    return NULL;
}

static hl_core_node *call_expr(lw_ctx *c, const hl_ast *e) {
    const hl_ast *f = e->u.call.fun;
    uint32_t nargs = e->u.call.args.count;
    if (f->kind == HL_AST_ATOM) {
        bool done;
        hl_core_node *r = record_builtin(c, e, f->u.name, &done);
        if (done) return r;
        hl_core_node *call = lw_call(c, "", f->u.name, nargs, e->line, e->col);
        /* not a local function but imported: the remote call */
        const lw_import *imp = lw_find_fun(c, f->u.name, nargs) < 0 ? lw_find_import(c, f->u.name, nargs) : NULL;
        if (call && imp) call->u.call.module = imp->module;
        return call_args(c, call, e);
    }
    if (f->kind == HL_AST_REMOTE) {
        const hl_ast *m = f->u.bin.left, *fn = f->u.bin.right;
        if (m->kind != HL_AST_ATOM || fn->kind != HL_AST_ATOM) {
            lw_error(c, e->line, e->col,
                     "remote call with a non-literal module or function is not allowed "
                     "(calls must be known at compile time)");
            return lw_atom(c, "undefined", e->line, e->col);
        }
        hl_core_node *call = lw_call(c, "", fn->u.name, nargs, e->line, e->col);
        if (call) call->u.call.module = m->u.name;
        return call_args(c, call, e);
    }
    /* Anything else is a fun value applied to arguments. */
    hl_core_node *n = lw_node(c, HL_CORE_APPLY, e->line, e->col);
    hl_core_node **args = lw_array(c, nargs ? nargs : 1, sizeof *args);
    if (!n || !args) return NULL;
    if (!(n->u.apply.fun = lw_expr(c, f))) return NULL;
    for (uint32_t i = 0; i < nargs; i++)
        if (!(args[i] = lw_expr(c, e->u.call.args.items[i]))) return NULL;
    n->u.apply.args = args;
    n->u.apply.nargs = nargs;
    return n;
}

static hl_core_node *fun_ref(lw_ctx *c, const hl_ast *e) {
    hl_ast_name name = e->u.fun_local.name;
    int64_t arity = e->u.fun_local.arity;
    int32_t idx = arity >= 0 && arity <= 255 ? lw_find_fun(c, name, (uint32_t)arity) : -1;
    /* fun BIF/A: the auto-imported BIF (OTP makes it fun erlang:BIF/A) */
    if (idx < 0 && arity >= 0 && arity <= 255 && hl_core_auto_imported(c->m, name, (uint32_t)arity))
        return lw_fun_wrapper(c, e, lw_cname("erlang"), name, (uint32_t)arity, true);
    if (idx < 0) {
        lw_error(c, e->line, e->col, "function %.*s/%lld undefined", (int)name.len, name.ptr, (long long)arity);
        return lw_atom(c, "undefined", e->line, e->col);
    }
    hl_core_node *n = lw_node(c, HL_CORE_MAKE_FUN, e->line, e->col);
    if (!n) return NULL;
    n->u.make_fun.fn = (uint32_t)idx;
    n->u.make_fun.free = lw_array(c, 1, sizeof(hl_core_var));
    return n->u.make_fun.free ? n : NULL;
}

static void describe_fa(const hl_ast *n, char *buf, size_t size) {
    if (n->kind == HL_AST_ATOM) snprintf(buf, size, "%.*s", (int)(n->u.name.len > 200 ? 200 : n->u.name.len), n->u.name.ptr);
    else if (n->kind == HL_AST_INTEGER) snprintf(buf, size, "%lld", (long long)n->u.integer.i);
    else if (n->kind == HL_AST_VAR) snprintf(buf, size, "%.*s", (int)(n->u.name.len > 200 ? 200 : n->u.name.len), n->u.name.ptr);
    else snprintf(buf, size, "_");
}

/* ---- the dispatcher -------------------------------------------------------- */

hl_core_node *lw_bin(lw_ctx *c, const hl_ast *e, bool pattern);

static hl_core_node *expr(lw_ctx *c, const hl_ast *e);

/* Every recursive entry counts nesting, so lowering's C recursion is
 * bounded by the SafeCore depth limit whatever the front end allowed. */
hl_core_node *lw_expr(lw_ctx *c, const hl_ast *e) {
    if (c->oom) return NULL;
    if (c->depth >= c->opts->lim.max_depth) {
        if (!c->depth_reported) lw_error(c, e->line, e->col, "expression nested too deeply");
        c->depth_reported = true;
        return lw_atom(c, "undefined", e->line, e->col);
    }
    c->depth++;
    hl_core_node *r = expr(c, e);
    c->depth--;
    return r;
}

static hl_core_node *expr(lw_ctx *c, const hl_ast *e) {
    switch ((hl_ast_kind)e->kind) {
    case HL_AST_VAR: return lw_use_var(c, e);
    case HL_AST_ATOM: case HL_AST_INTEGER: case HL_AST_FLOAT: case HL_AST_CHAR: case HL_AST_STRING:
    case HL_AST_NIL:
        return lit_from_ast(c, e);
    case HL_AST_CONS: {
        hl_core_node *n = lw_node(c, HL_CORE_CONS, e->line, e->col);
        uint32_t k = e->u.cons.items.count;
        hl_core_node **items = lw_array(c, k ? k : 1, sizeof *items);
        if (!n || !items || !siblings(c, e->u.cons.items.items, k, items, e->u.cons.tail, &n->u.list.tail))
            return NULL;
        n->u.list.items = items;
        n->u.list.count = k;
        return n;
    }
    case HL_AST_TUPLE: return list_node(c, HL_CORE_TUPLE, &e->u.list, e->line, e->col);
    case HL_AST_BLOCK: return lw_body(c, &e->u.list, e->line, e->col);
    case HL_AST_MAP: return map_expr(c, e);
    case HL_AST_RECORD: return e->u.record.base ? record_update(c, e) : lw_record_new(c, e, false);
    case HL_AST_RECORD_INDEX: return lw_record_index(c, e);
    case HL_AST_RECORD_ACCESS: return record_access(c, e);
    case HL_AST_BIN: return lw_bin(c, e, false);
    case HL_AST_OP1:
        if (e->op == HL_TOK_MINUS && (e->u.arg->kind == HL_AST_INTEGER || e->u.arg->kind == HL_AST_FLOAT) &&
            !(e->u.arg->flags & HL_AST_PAREN)) {
            hl_core_node *l = lw_negate(c, e, e->u.arg);
            if (l) return l;
        }
        return op_call(c, e, lw_expr(c, e->u.arg), NULL);
    case HL_AST_OP2:
        if (e->op == HL_TOK_ANDALSO || e->op == HL_TOK_ORELSE) return short_circuit(c, e, e->op == HL_TOK_ANDALSO);
        {
            hl_ast *ops[2] = {e->u.bin.left, e->u.bin.right};
            hl_core_node *args[2] = {NULL, NULL};
            if (!siblings(c, ops, 2, args, NULL, NULL)) return NULL;
            return op_call(c, e, args[0], args[1]);
        }
    case HL_AST_MATCH: return match_expr(c, e);
    case HL_AST_CALL: return call_expr(c, e);
    case HL_AST_FUN_LOCAL: return fun_ref(c, e);
    case HL_AST_FUN_REMOTE: {
        const hl_ast *fm = e->u.fun_remote.module, *ff = e->u.fun_remote.function, *fa = e->u.fun_remote.arity;
        if (fm->kind == HL_AST_ATOM && ff->kind == HL_AST_ATOM && fa->kind == HL_AST_INTEGER &&
            !(fa->flags & HL_AST_INT_BIG) && fa->u.integer.i >= 0 && fa->u.integer.i <= 255)
            return lw_fun_wrapper(c, e, fm->u.name, ff->u.name, (uint32_t)fa->u.integer.i, false);
        char m[220], f[220], a[40];
        describe_fa(e->u.fun_remote.module, m, sizeof m);
        describe_fa(e->u.fun_remote.function, f, sizeof f);
        describe_fa(e->u.fun_remote.arity, a, sizeof a);
        lw_error(c, e->line, e->col, "external fun %s:%s/%s is not allowed (its module, function and arity must be literals)", m, f, a);
        return lw_atom(c, "undefined", e->line, e->col);
    }
    case HL_AST_FUN: case HL_AST_NAMED_FUN: return lw_fun(c, e);
    case HL_AST_CASE: case HL_AST_IF: return case_expr(c, e);
    case HL_AST_RECEIVE: return receive_expr(c, e);
    case HL_AST_TRY: return try_expr(c, e);
    case HL_AST_CATCH: return catch_expr(c, e);
    case HL_AST_LC: case HL_AST_BC: return lw_comprehension(c, e);
    default:
        lw_error(c, e->line, e->col, "illegal expression");
        return lw_atom(c, "undefined", e->line, e->col);
    }
}
