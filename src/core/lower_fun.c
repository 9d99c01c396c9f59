/* lower_fun.c — function clauses, funs and comprehensions.
 *
 * Funs (anonymous, multi-clause, named) become lifted local functions plus
 * a MAKE_FUN that captures the enclosing variables the fun mentions.
 * Comprehensions become one lifted recursive function per generator:
 *
 *   [T || P <- E, Rest]  ==>  G(E, Free...) with
 *   G([P | Tl], ..) -> <Rest, then [T | G(Tl, ..)]>;
 *   G([_ | Tl], ..) -> G(Tl, ..);
 *   G([], ..)       -> Continuation;      (the enclosing generator's next)
 *   G(X, ..)        -> error({bad_generator, X}).
 *
 * Filters that are guard expressions become guards (so they fail instead of
 * raising, as in OTP); other filters must return a boolean ({bad_filter, V}
 * otherwise). A binary comprehension is list_to_bitstring of the list one. */
#include <string.h>

#include "core/lower_int.h"

bool hl_core_guard_expr(const hl_core_node *n, uint32_t depth);

static hl_core_clause *new_clauses(lw_ctx *c, uint32_t n) { return lw_array(c, n ? n : 1, sizeof(hl_core_clause)); }

bool lw_function_clauses(lw_ctx *c, const hl_ast_list *clauses, uint32_t fun_index) {
    uint32_t n = clauses->count;
    hl_core_clause *out = new_clauses(c, n);
    if (!out) return false;
    for (uint32_t i = 0; i < n; i++) {
        const hl_ast *cl = clauses->items[i];
        hl_core_clause *o = &out[i];
        uint32_t mark = lw_mark(c);
        uint32_t saved_base = c->head_base;
        c->head_base = c->fn->nvars;
        c->pattern_id++;
        o->line = cl->line;
        o->col = cl->col;
        o->npats = cl->u.clause.patterns.count;
        o->pats = lw_array(c, o->npats ? o->npats : 1, sizeof *o->pats);
        if (!o->pats) return false;
        for (uint32_t k = 0; k < o->npats; k++)
            if (!(o->pats[k] = lw_pattern(c, cl->u.clause.patterns.items[k], PAT_HEAD))) return false;
        c->head_base = saved_base;
        if (!lw_guards(c, cl, o)) return false;
        if (!(o->body = lw_body(c, &cl->u.clause.body, cl->line, cl->col))) return false;
        lw_undo(c, mark);
    }
    hl_core_fun *f = &c->m->funs[fun_index];
    f->clauses = out;
    f->nclauses = n;
    return true;
}

/* The MAKE_FUN / call argument list: the parent's captured variables. */
static hl_core_var *copy_outer(lw_ctx *c, const lw_fn *child) {
    hl_core_var *v = lw_array(c, child->nfree ? child->nfree : 1, sizeof *v);
    if (v && child->nfree) memcpy(v, child->free_outer, child->nfree * sizeof *v);
    return v;
}

hl_core_node *lw_fun(lw_ctx *c, const hl_ast *e) {
    const hl_ast_list *cls = &e->u.fun.clauses;
    bool named = e->kind == HL_AST_NAMED_FUN;
    uint32_t arity = cls->count ? cls->items[0]->u.clause.patterns.count : 0;
    for (uint32_t i = 1; i < cls->count; i++)
        if (cls->items[i]->u.clause.patterns.count != arity) {
            lw_error(c, cls->items[i]->line, cls->items[i]->col, "head mismatch");
            return lw_atom(c, "undefined", e->line, e->col);
        }
    if (cls->count > c->opts->lim.max_clauses) {
        lw_error(c, e->line, e->col, "too many clauses (limit %u)", (unsigned)c->opts->lim.max_clauses);
        return NULL;
    }
    int32_t idx = lw_new_fun(c, "fun", arity, named ? HL_ORIGIN_NAMED_FUN : HL_ORIGIN_FUN, e->line, e->col);
    if (idx < 0) return NULL;
    lw_fn *parent = c->fn;
    lw_fn child;
    lw_fn_init(&child, (uint32_t)idx);
    c->fn = &child;
    bool ok = lw_capture(c, parent, &child, (const hl_ast *const *)cls->items, cls->count, NULL, 0);
    if (ok && named) {
        hl_core_var self = lw_shadow(c, e->u.fun.name);
        if (self == HL_CORE_NO_VAR) ok = false;
        else {
            lw_set_state(c, self, VS_BOUND, NULL, 0, 0);
            c->m->funs[idx].self_var = self;
        }
    }
    uint32_t saved_base = c->head_base;
    ok = ok && lw_function_clauses(c, cls, (uint32_t)idx) && lw_fn_finish(c, &child);
    c->head_base = saved_base;
    c->fn = parent;
    hl_core_node *n = NULL;
    if (ok && (n = lw_node(c, HL_CORE_MAKE_FUN, e->line, e->col))) {
        n->u.make_fun.fn = (uint32_t)idx;
        n->u.make_fun.nfree = child.nfree;
        if (!(n->u.make_fun.free = copy_outer(c, &child))) n = NULL;
    }
    lw_fn_free(&child);
    return n;
}

/* ---- comprehensions ----------------------------------------------------------- */

typedef struct cont {    /* what a generator does when its list ends */
    int32_t fn;          /* -1: [] */
    hl_core_var *vars;   /* arguments, in the current function's numbering */
    uint32_t n;
} cont;

static hl_core_node *local_call(lw_ctx *c, uint32_t fn, const hl_core_var *vars, uint32_t n, uint32_t line,
                                uint32_t col) {
    hl_core_node *call = lw_call(c, "", c->m->funs[fn].name, n, line, col);
    if (!call) return NULL;
    call->u.call.kind = HL_CALL_LOCAL;
    call->u.call.target = fn;
    call->u.call.arity = c->m->funs[fn].arity;
    for (uint32_t i = 0; i < n; i++)
        if (!(call->u.call.args[i] = lw_var_node(c, vars[i], line, col))) return NULL;
    return call;
}

static hl_core_node *emit_cont(lw_ctx *c, const cont *k, uint32_t line, uint32_t col) {
    if (k->fn < 0) return lw_nil(c, line, col);
    return local_call(c, (uint32_t)k->fn, k->vars, k->n, line, col);
}

static hl_core_node *gen_level(lw_ctx *c, const hl_ast *e, uint32_t i, const cont *k);

static hl_core_node *bind_var(lw_ctx *c, hl_core_var v, uint32_t line, uint32_t col) {
    hl_core_node *n = lw_var_node(c, v, line, col);
    if (n) n->flags |= HL_CF_BIND;
    lw_set_state(c, v, VS_BOUND, NULL, 0, 0);
    return n;
}

static bool one_pat(lw_ctx *c, hl_core_clause *cl, hl_core_node *p, uint32_t line, uint32_t col) {
    cl->line = line;
    cl->col = col;
    cl->pats = lw_array(c, 1, sizeof *cl->pats);
    if (!cl->pats || !p) return false;
    cl->pats[0] = p;
    cl->npats = 1;
    return true;
}

/* The bitstring tail segment `T/bitstring` or wildcard `_/bitstring`. */
static hl_core_node *bin_with_tail(lw_ctx *c, hl_core_node *bin, hl_core_node *tail) {
    if (!bin || !tail) return NULL;
    hl_core_seg *segs = lw_array(c, (size_t)bin->u.bin.count + 1, sizeof *segs);
    if (!segs) return NULL;
    if (bin->u.bin.count) memcpy(segs, bin->u.bin.segs, bin->u.bin.count * sizeof *segs);
    hl_core_seg *t = &segs[bin->u.bin.count];
    memset(t, 0, sizeof *t);
    t->line = tail->line;
    t->col = tail->col;
    t->value = tail;
    t->type = HL_BIN_BITSTRING;
    bin->u.bin.segs = segs;
    bin->u.bin.count++;
    return bin;
}

static hl_core_node *generator(lw_ctx *c, const hl_ast *e, uint32_t i, const cont *k) {
    const hl_ast *q = e->u.comp.qualifiers.items[i];
    bool is_bin = q->kind == HL_AST_B_GENERATE;
    const hl_ast *pat = q->u.bin.left;
    if (is_bin && pat->kind != HL_AST_BIN) {
        lw_error(c, pat->line, pat->col, "illegal pattern");
        return NULL;
    }
    /* The source list is evaluated outside; what it binds is visible
     * neither in the comprehension nor after it (erl_lint). */
    uint32_t src_mark = lw_mark(c);
    hl_core_node *src = lw_expr(c, q->u.bin.right);
    lw_undo(c, src_mark);
    if (!src) return NULL;
    int32_t idx = lw_new_fun(c, e->kind == HL_AST_BC ? "bc" : "lc", 1,
                             e->kind == HL_AST_BC ? HL_ORIGIN_BC : HL_ORIGIN_LC, q->line, q->col);
    if (idx < 0) return NULL;
    lw_fn *parent = c->fn;
    lw_fn child;
    lw_fn_init(&child, (uint32_t)idx);
    c->fn = &child;
    /* The template, this generator's pattern and the later qualifiers may
     * mention enclosing variables (the source list is evaluated outside). */
    uint32_t nrest = e->u.comp.qualifiers.count - i - 1;
    const hl_ast **asts = lw_array(c, (size_t)nrest + 2, sizeof *asts);
    hl_core_clause *cl = new_clauses(c, 4);
    hl_core_node *result = NULL;
    bool ok = asts && cl;
    if (ok) {
        asts[0] = e->u.comp.template_;
        asts[1] = pat;
        for (uint32_t r = 0; r < nrest; r++) asts[r + 2] = e->u.comp.qualifiers.items[i + 1 + r];
        ok = lw_capture(c, parent, &child, asts, nrest + 2, k->vars, k->n);
    }
    cont outer = {k->fn, NULL, k->n}, self = {idx, NULL, 0};
    hl_core_var tl = HL_CORE_NO_VAR;
    if (ok) {
        tl = lw_var_new(c, lw_cname(""));
        outer.vars = lw_array(c, k->n ? k->n : 1, sizeof *outer.vars);
        self.n = child.nfree + 1;
        self.vars = lw_array(c, self.n, sizeof *self.vars);
        ok = tl != HL_CORE_NO_VAR && outer.vars && self.vars;
    }
    if (ok) {
        for (uint32_t v = 0; v < k->n; v++) outer.vars[v] = lw_captured(&child, k->vars[v]);
        self.vars[0] = tl;
        for (uint32_t v = 0; v < child.nfree; v++) self.vars[v + 1] = child.free_local[v];
        uint32_t line = q->line, col = q->col;
        /* 1: the element matches */
        uint32_t mark = lw_mark(c);
        c->head_base = child.nvars;
        hl_core_node *p1;
        if (is_bin) {
            p1 = bin_with_tail(c, lw_bin(c, pat, true), bind_var(c, tl, line, col));
        } else {
            p1 = lw_node(c, HL_CORE_CONS, line, col);
            hl_core_node **items = lw_array(c, 1, sizeof *items);
            hl_core_node *hp = lw_pattern(c, pat, PAT_HEAD);
            if (p1 && items && hp) {
                items[0] = hp;
                p1->u.list.items = items;
                p1->u.list.count = 1;
                p1->u.list.tail = bind_var(c, tl, line, col);
                if (!p1->u.list.tail) p1 = NULL;
            } else {
                p1 = NULL;
            }
        }
        ok = one_pat(c, &cl[0], p1, line, col) && (cl[0].body = gen_level(c, e, i + 1, &self)) != NULL;
        lw_undo(c, mark);
        /* 2: it does not: skip it */
        if (ok) {
            c->head_base = child.nvars;
            hl_core_node *p2;
            if (is_bin) {
                bool quiet = c->quiet; /* same pattern again: errors already reported */
                c->quiet = true;
                p2 = lw_bin(c, pat, true);
                c->quiet = quiet;
                for (uint32_t s = 0; p2 && s < p2->u.bin.count; s++)
                    if (p2->u.bin.segs[s].value->kind == HL_CORE_LIT)
                        p2->u.bin.segs[s].value = lw_node(c, HL_CORE_WILD, line, col);
                p2 = bin_with_tail(c, p2, bind_var(c, tl, line, col));
            } else {
                p2 = lw_node(c, HL_CORE_CONS, line, col);
                hl_core_node **items = lw_array(c, 1, sizeof *items);
                if (p2 && items && (items[0] = lw_node(c, HL_CORE_WILD, line, col))) {
                    p2->u.list.items = items;
                    p2->u.list.count = 1;
                    if (!(p2->u.list.tail = bind_var(c, tl, line, col))) p2 = NULL;
                } else {
                    p2 = NULL;
                }
            }
            ok = one_pat(c, &cl[1], p2, line, col) && (cl[1].body = emit_cont(c, &self, line, col)) != NULL;
            lw_undo(c, mark);
        }
        /* 3: the end */
        if (ok) {
            hl_core_node *p3;
            if (is_bin) {
                p3 = lw_node(c, HL_CORE_BIN, line, col);
                if (p3) {
                    p3->u.bin.segs = NULL;
                    p3->u.bin.count = 0;
                    p3 = bin_with_tail(c, p3, lw_node(c, HL_CORE_WILD, line, col));
                }
            } else {
                p3 = lw_nil(c, line, col);
            }
            ok = one_pat(c, &cl[2], p3, line, col) && (cl[2].body = emit_cont(c, &outer, line, col)) != NULL;
        }
        /* 4: not a list (binary) */
        if (ok) {
            hl_core_var x = lw_var_new(c, lw_cname(""));
            hl_core_node *p4 = x == HL_CORE_NO_VAR ? NULL : bind_var(c, x, line, col);
            ok = one_pat(c, &cl[3], p4, line, col) &&
                 (cl[3].body = lw_error_call(c, lw_tuple2(c, lw_atom(c, "bad_generator", line, col),
                                                          lw_var_node(c, x, line, col)))) != NULL;
            if (ok) cl[3].body->flags |= HL_CF_INTERNAL;
        }
        if (ok) {
            c->m->funs[idx].clauses = cl;
            c->m->funs[idx].nclauses = 4;
            ok = lw_fn_finish(c, &child);
        }
    }
    c->fn = parent;
    if (ok) {
        /* G(Source, Captured...) */
        hl_core_node *call = lw_call(c, "", c->m->funs[idx].name, child.nfree + 1, q->line, q->col);
        if (call) {
            call->u.call.kind = HL_CALL_LOCAL;
            call->u.call.target = (uint32_t)idx;
            call->u.call.arity = 1;
            call->u.call.args[0] = src;
            for (uint32_t v = 0; v < child.nfree && call; v++)
                if (!(call->u.call.args[v + 1] = lw_var_node(c, child.free_outer[v], q->line, q->col))) call = NULL;
        }
        result = call;
    }
    lw_fn_free(&child);
    return result;
}

static hl_core_node *filter(lw_ctx *c, const hl_ast *e, uint32_t i, const cont *k) {
    const hl_ast *q = e->u.comp.qualifiers.items[i];
    hl_core_node *test = lw_expr(c, q);
    hl_core_node *cs = lw_node(c, HL_CORE_CASE, q->line, q->col);
    hl_core_clause *cl = new_clauses(c, 2);
    if (!test || !cs || !cl) return NULL;
    cs->u.case_.clauses = cl;
    cs->u.case_.count = 2;
    if (hl_core_guard_expr(test, 0)) {
        /* case true of _ when Test -> Next; _ -> Cont end */
        cs->u.case_.arg = lw_atom(c, "true", q->line, q->col);
        cs->u.case_.fail = HL_FAIL_CASE_CLAUSE;
        hl_core_guard *g = lw_alloc(c, sizeof *g);
        hl_core_node **tests = lw_array(c, 1, sizeof *tests);
        if (!g || !tests) return NULL;
        tests[0] = test;
        g->tests = tests;
        g->count = 1;
        if (!one_pat(c, &cl[0], lw_node(c, HL_CORE_WILD, q->line, q->col), q->line, q->col) ||
            !one_pat(c, &cl[1], lw_node(c, HL_CORE_WILD, q->line, q->col), q->line, q->col))
            return NULL;
        cl[0].guards = g;
        cl[0].nguards = 1;
    } else {
        cs->u.case_.arg = test;
        cs->u.case_.fail = HL_FAIL_BAD_FILTER;
        if (!one_pat(c, &cl[0], lw_atom(c, "true", q->line, q->col), q->line, q->col) ||
            !one_pat(c, &cl[1], lw_atom(c, "false", q->line, q->col), q->line, q->col))
            return NULL;
    }
    if (!(cl[0].body = gen_level(c, e, i + 1, k))) return NULL;
    if (!(cl[1].body = emit_cont(c, k, q->line, q->col))) return NULL;
    return cs;
}

static hl_core_node *gen_level(lw_ctx *c, const hl_ast *e, uint32_t i, const cont *k) {
    if (c->oom) return NULL;
    if (i == e->u.comp.qualifiers.count) {
        hl_core_node *n = lw_node(c, HL_CORE_CONS, e->line, e->col);
        hl_core_node **items = lw_array(c, 1, sizeof *items);
        if (!n || !items || !(items[0] = lw_expr(c, e->u.comp.template_))) return NULL;
        n->u.list.items = items;
        n->u.list.count = 1;
        if (!(n->u.list.tail = emit_cont(c, k, e->line, e->col))) return NULL;
        return n;
    }
    const hl_ast *q = e->u.comp.qualifiers.items[i];
    if (q->kind == HL_AST_GENERATE || q->kind == HL_AST_B_GENERATE) return generator(c, e, i, k);
    return filter(c, e, i, k);
}

hl_core_node *lw_comprehension(lw_ctx *c, const hl_ast *e) {
    cont top = {-1, NULL, 0};
    /* Each qualifier costs a level of C recursion and of IR nesting, and
     * qualifiers are a flat list the front end's depth limit does not see. */
    uint32_t maxq = c->opts->lim.max_depth / 4;
    if (e->u.comp.qualifiers.count > maxq) {
        lw_error(c, e->line, e->col, "too many qualifiers in comprehension (limit %u)", (unsigned)maxq);
        return lw_nil(c, e->line, e->col);
    }
    uint32_t saved_base = c->head_base;
    hl_core_node *list = gen_level(c, e, 0, &top);
    c->head_base = saved_base;
    if (list) {
        list->line = e->line;
        list->col = e->col;
    }
    if (!list || e->kind == HL_AST_LC) return list;
    hl_core_node *call = lw_call(c, "erlang", lw_cname("list_to_bitstring"), 1, e->line, e->col);
    if (!call) return NULL;
    call->flags |= HL_CF_INTERNAL;
    call->u.call.args[0] = list;
    return call;
}
