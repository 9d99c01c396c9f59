/* parse_expr.c — expressions, patterns, clauses and guards (OTP 25's
 * erl_parse grammar).
 *
 * Binary operators use precedence climbing: left-associative chains are
 * built in a loop, so only nesting (parentheses, brackets, right-associative
 * operators) costs C recursion, and every recursive entry goes through
 * hl_p_enter's depth limit. Node depth is checked separately (hl_p_child), so
 * a long left-associative chain is bounded too.
 *
 * Patterns (pat_expr: function and fun heads, try clauses) are the same
 * grammar restricted at its top level: no catch, '!', andalso, orelse,
 * remote calls, record updates or compound expressions; inside lists,
 * tuples and binaries the full expression grammar applies, as in OTP. */
#include <string.h>

#include "front/parse_internal.h"

/* Binary operator table: precedence (0 = not a binary operator here),
 * associativity. */
enum { ASSOC_LEFT, ASSOC_RIGHT, ASSOC_NONE };

static int binop_prec(int kind, bool pat, int *assoc) {
    switch (kind) {
    case HL_TOK_MATCH: *assoc = ASSOC_RIGHT; return 100;
    case HL_TOK_BANG: *assoc = ASSOC_RIGHT; return pat ? 0 : 100;
    case HL_TOK_ORELSE: *assoc = ASSOC_RIGHT; return pat ? 0 : 150;
    case HL_TOK_ANDALSO: *assoc = ASSOC_RIGHT; return pat ? 0 : 160;
    case HL_TOK_EQ: case HL_TOK_NE: case HL_TOK_LE: case HL_TOK_LT:
    case HL_TOK_GE: case HL_TOK_GT: case HL_TOK_EXACT_EQ: case HL_TOK_EXACT_NE:
        *assoc = ASSOC_NONE; return 200;
    case HL_TOK_PLUSPLUS: case HL_TOK_MINUSMINUS: *assoc = ASSOC_RIGHT; return 300;
    case HL_TOK_PLUS: case HL_TOK_MINUS: case HL_TOK_BOR: case HL_TOK_BXOR:
    case HL_TOK_BSL: case HL_TOK_BSR: case HL_TOK_OR: case HL_TOK_XOR:
        *assoc = ASSOC_LEFT; return 400;
    case HL_TOK_SLASH: case HL_TOK_STAR: case HL_TOK_DIV: case HL_TOK_REM:
    case HL_TOK_BAND: case HL_TOK_AND:
        *assoc = ASSOC_LEFT; return 500;
    default: return 0;
    }
}

static bool is_prefix_op(int kind) {
    return kind == HL_TOK_PLUS || kind == HL_TOK_MINUS || kind == HL_TOK_BNOT ||
           kind == HL_TOK_NOT;
}

static hl_ast *expr_prec(hl_parser *p, int min, bool pat);
static hl_ast *unary(hl_parser *p, bool pat);
hl_ast *hl_p_op2(hl_parser *p, const hl_token *op, hl_ast *l, hl_ast *r) {
    hl_ast *n = hl_p_node(p, HL_AST_OP2, op);
    n->op = op->kind;
    n->u.bin.left = l;
    n->u.bin.right = r;
    hl_p_child(p, n, l);
    hl_p_child(p, n, r);
    return n;
}

hl_ast *hl_p_op1(hl_parser *p, const hl_token *op, hl_ast *a) {
    hl_ast *n = hl_p_node(p, HL_AST_OP1, op);
    n->op = op->kind;
    n->u.arg = a;
    hl_p_child(p, n, a);
    return n;
}

static hl_ast *expr_prec(hl_parser *p, int min, bool pat) {
    hl_ast *left = unary(p, pat);
    for (;;) {
        int assoc;
        int prec = binop_prec(hl_p_kind(p), pat, &assoc);
        if (prec == 0 || prec < min) break;
        const hl_token *op = hl_p_next(p);
        /* only the right operand recurses: a right-associative chain nests */
        hl_p_enter(p, op);
        hl_ast *right = expr_prec(p, assoc == ASSOC_RIGHT ? prec : prec + 1, pat);
        hl_p_leave(p);
        if (op->kind == HL_TOK_MATCH) {
            hl_ast *m = hl_p_node(p, HL_AST_MATCH, op);
            hl_p_set_loc(m, hl_ast_first_loc(left));
            m->u.bin.left = left;
            m->u.bin.right = right;
            hl_p_child(p, m, left);
            hl_p_child(p, m, right);
            left = m;
        } else {
            left = hl_p_op2(p, op, left, right);
        }
        if (assoc == ASSOC_NONE) {
            int a2;
            if (binop_prec(hl_p_kind(p), pat, &a2) == prec) hl_p_syntax_error(p, hl_p_peek(p));
        }
    }
    return left;
}

hl_ast *hl_p_expr(hl_parser *p) { return expr_prec(p, 0, false); }
hl_ast *hl_p_pat_expr(hl_parser *p) { return expr_prec(p, 0, true); }

hl_ast_list hl_p_exprs(hl_parser *p) {
    size_t mark = hl_p_mark(p);
    hl_p_push(p, hl_p_expr(p));
    while (hl_p_kind(p) == HL_TOK_COMMA) {
        hl_p_next(p);
        hl_p_push(p, hl_p_expr(p));
    }
    return hl_p_collect(p, mark);
}

/* ---- maps and records ---------------------------------------------------- */

/* map_tuple: '{' [map_field {',' map_field}] '}' */
static hl_ast_list map_tuple(hl_parser *p) {
    hl_p_enter(p, hl_p_expect(p, HL_TOK_LBRACE));
    size_t mark = hl_p_mark(p);
    if (hl_p_kind(p) != HL_TOK_RBRACE) {
        for (;;) {
            hl_ast *k = hl_p_expr(p);
            const hl_token *op = hl_p_peek(p);
            if (op->kind != HL_TOK_MAPSTO && op->kind != HL_TOK_ASSOC) hl_p_syntax_error(p, op);
            hl_p_next(p);
            hl_ast *v = hl_p_expr(p);
            hl_ast *f = hl_p_node(p, op->kind == HL_TOK_MAPSTO ? HL_AST_MAP_ASSOC : HL_AST_MAP_EXACT,
                                  op);
            f->u.bin.left = k;
            f->u.bin.right = v;
            hl_p_child(p, f, k);
            hl_p_child(p, f, v);
            hl_p_push(p, f);
            if (hl_p_kind(p) != HL_TOK_COMMA) break;
            hl_p_next(p);
        }
    }
    hl_p_expect(p, HL_TOK_RBRACE);
    hl_p_leave(p);
    return hl_p_collect(p, mark);
}

static hl_ast *map_node(hl_parser *p, const hl_token *hash, hl_ast *base) {
    hl_ast *n = hl_p_node(p, HL_AST_MAP, hash);
    n->u.map.base = base;
    if (base) hl_p_child(p, n, base);
    n->u.map.fields = map_tuple(p);
    hl_p_child_list(p, n, n->u.map.fields);
    return n;
}

/* record_tuple: '{' [record_field {',' record_field}] '}' */
static hl_ast_list record_tuple(hl_parser *p) {
    hl_p_enter(p, hl_p_expect(p, HL_TOK_LBRACE));
    size_t mark = hl_p_mark(p);
    if (hl_p_kind(p) != HL_TOK_RBRACE) {
        for (;;) {
            const hl_token *t = hl_p_peek(p);
            if (t->kind != HL_TOK_ATOM && t->kind != HL_TOK_VAR) hl_p_syntax_error(p, t);
            hl_p_next(p);
            hl_ast *name = hl_p_atomic(p, t);
            hl_p_expect(p, HL_TOK_MATCH);
            hl_ast *v = hl_p_expr(p);
            hl_ast *f = hl_p_node(p, HL_AST_RECORD_FIELD, t);
            f->u.rfield.field = name;
            f->u.rfield.value = v;
            hl_p_child(p, f, v);
            hl_p_push(p, f);
            if (hl_p_kind(p) != HL_TOK_COMMA) break;
            hl_p_next(p);
        }
    }
    hl_p_expect(p, HL_TOK_RBRACE);
    hl_p_leave(p);
    return hl_p_collect(p, mark);
}

/* After '#' atom: '.' atom (index / field access) or record_tuple. */
static hl_ast *record_op(hl_parser *p, const hl_token *hash, hl_ast *base) {
    const hl_token *name = hl_p_expect(p, HL_TOK_ATOM);
    if (hl_p_kind(p) == HL_TOK_PERIOD || hl_p_kind(p) == HL_TOK_DOT) {
        if (hl_p_kind(p) == HL_TOK_DOT) hl_p_syntax_error(p, hl_p_peek(p));
        hl_p_next(p);
        const hl_token *ft = hl_p_expect(p, HL_TOK_ATOM);
        hl_ast *n = hl_p_node(p, base ? HL_AST_RECORD_ACCESS : HL_AST_RECORD_INDEX, hash);
        n->u.raccess.base = base;
        if (base) hl_p_child(p, n, base);
        n->u.raccess.name = hl_p_tok_name(name);
        n->u.raccess.field = hl_p_atomic(p, ft);
        return n;
    }
    if (hl_p_kind(p) != HL_TOK_LBRACE) hl_p_syntax_error(p, hl_p_peek(p));
    hl_ast *n = hl_p_node(p, HL_AST_RECORD, hash);
    n->u.record.base = base;
    if (base) hl_p_child(p, n, base);
    n->u.record.name = hl_p_tok_name(name);
    n->u.record.fields = record_tuple(p);
    hl_p_child_list(p, n, n->u.record.fields);
    return n;
}

/* The map_expr / record_expr chains after a first '#'-expression. */
static hl_ast *hash_chain(hl_parser *p, hl_ast *e, bool is_map, bool pat) {
    while (hl_p_kind(p) == HL_TOK_HASH) {
        int next = hl_p_kind_at(p, 1);
        if (is_map && next == HL_TOK_LBRACE) {
            const hl_token *hash = hl_p_next(p);
            e = map_node(p, hash, e);
        } else if (!is_map && !pat && next == HL_TOK_ATOM) {
            const hl_token *hash = hl_p_next(p);
            e = record_op(p, hash, e);
        } else {
            hl_p_syntax_error(p, hl_p_peek(p));
        }
    }
    return e;
}

/* The expression forms above expr_max and below prefix operators:
 * map_expr, record_expr, expr_remote, function_call (or, in patterns,
 * map_pat_expr and record_pat_expr). */
static hl_ast *postfix(hl_parser *p, bool pat) {
    if (hl_p_kind(p) == HL_TOK_HASH) {
        const hl_token *hash = hl_p_next(p);
        if (hl_p_kind(p) == HL_TOK_LBRACE) return hash_chain(p, map_node(p, hash, NULL), true, pat);
        if (hl_p_kind(p) != HL_TOK_ATOM) hl_p_syntax_error(p, hl_p_peek(p));
        hl_ast *r = record_op(p, hash, NULL);
        if (pat) return r;
        return hash_chain(p, r, false, pat);
    }
    hl_ast *e = hl_p_expr_max(p, pat);
    int k = hl_p_kind(p);
    if (pat) {
        if (k == HL_TOK_HASH && hl_p_kind_at(p, 1) == HL_TOK_LBRACE) return hash_chain(p, e, true, pat);
        return e;
    }
    if (k == HL_TOK_COLON) {
        const hl_token *colon = hl_p_next(p);
        hl_ast *f = hl_p_expr_max(p, false);
        hl_ast *r = hl_p_node(p, HL_AST_REMOTE, colon);
        r->u.bin.left = e;
        r->u.bin.right = f;
        hl_p_child(p, r, e);
        hl_p_child(p, r, f);
        e = r;
        k = hl_p_kind(p);
        if (k != HL_TOK_LPAREN) return e;
    }
    if (k == HL_TOK_LPAREN) {
        hl_p_enter(p, hl_p_next(p));
        hl_ast *c = hl_p_node(p, HL_AST_CALL, hl_p_peek(p));
        hl_p_set_loc(c, hl_ast_first_loc(e));
        c->u.call.fun = e;
        hl_p_child(p, c, e);
        if (hl_p_kind(p) != HL_TOK_RPAREN) c->u.call.args = hl_p_exprs(p);
        hl_p_expect(p, HL_TOK_RPAREN);
        hl_p_leave(p);
        hl_p_child_list(p, c, c->u.call.args);
        return c;
    }
    if (k == HL_TOK_HASH) {
        int next = hl_p_kind_at(p, 1);
        if (next == HL_TOK_LBRACE) return hash_chain(p, e, true, pat);
        if (next == HL_TOK_ATOM) return hash_chain(p, e, false, pat);
        hl_p_next(p);
        hl_p_syntax_error(p, hl_p_peek(p));
    }
    return e;
}

static hl_ast *unary(hl_parser *p, bool pat) {
    const hl_token *t = hl_p_peek(p);
    if (t->kind == HL_TOK_CATCH && !pat) {
        hl_p_next(p);
        hl_p_enter(p, t);
        hl_ast *e = expr_prec(p, 0, false);
        hl_p_leave(p);
        hl_ast *n = hl_p_node(p, HL_AST_CATCH, t);
        n->u.arg = e;
        hl_p_child(p, n, e);
        return n;
    }
    if (is_prefix_op(t->kind)) {
        hl_p_next(p);
        hl_p_enter(p, t);
        hl_ast *a = unary(p, pat);
        hl_p_leave(p);
        return hl_p_op1(p, t, a);
    }
    return postfix(p, pat);
}

/* ---- clauses ------------------------------------------------------------- */

/* guard: exprs {';' exprs} */
static void guard(hl_parser *p, hl_ast *c) {
    size_t mark = hl_p_mark(p);
    uint32_t n = 0;
    for (;;) {
        hl_ast_list g = hl_p_exprs(p);
        hl_ast_list *box = hl_p_alloc(p, 1, sizeof *box);
        *box = g;
        hl_p_push(p, box);
        hl_p_child_list(p, c, g);
        n++;
        if (hl_p_kind(p) != HL_TOK_SEMI) break;
        hl_p_next(p);
    }
    hl_ast_list all = hl_p_collect(p, mark);
    hl_ast_list *gs = hl_p_alloc(p, n, sizeof *gs);
    for (uint32_t i = 0; i < n; i++) gs[i] = *(hl_ast_list *)(void *)all.items[i];
    c->u.clause.guards = gs;
    c->u.clause.nguards = n;
}

void hl_p_guard_body(hl_parser *p, hl_ast *c) {
    if (hl_p_kind(p) == HL_TOK_WHEN) {
        hl_p_next(p);
        guard(p, c);
    }
    hl_p_expect(p, HL_TOK_ARROW);
    c->u.clause.body = hl_p_exprs(p);
    hl_p_child_list(p, c, c->u.clause.body);
}

hl_ast_list hl_p_pat_args(hl_parser *p) {
    hl_p_expect(p, HL_TOK_LPAREN);
    size_t mark = hl_p_mark(p);
    if (hl_p_kind(p) != HL_TOK_RPAREN) {
        hl_p_push(p, hl_p_pat_expr(p));
        while (hl_p_kind(p) == HL_TOK_COMMA) {
            hl_p_next(p);
            hl_p_push(p, hl_p_pat_expr(p));
        }
    }
    hl_p_expect(p, HL_TOK_RPAREN);
    return hl_p_collect(p, mark);
}

static hl_ast_list one(hl_parser *p, hl_ast *e) {
    hl_ast **items = hl_p_alloc(p, 1, sizeof *items);
    items[0] = e;
    return (hl_ast_list){items, 1};
}

/* cr_clause: expr clause_guard clause_body */
static hl_ast *cr_clause(hl_parser *p) {
    hl_ast *pat = hl_p_expr(p);
    hl_ast *c = hl_p_node_at(p, HL_AST_CLAUSE, 0, 0);
    hl_p_set_loc(c, hl_ast_first_loc(pat));
    c->u.clause.patterns = one(p, pat);
    hl_p_child(p, c, pat);
    hl_p_guard_body(p, c);
    return c;
}

static hl_ast_list cr_clauses(hl_parser *p) {
    size_t mark = hl_p_mark(p);
    hl_p_push(p, cr_clause(p));
    while (hl_p_kind(p) == HL_TOK_SEMI) {
        hl_p_next(p);
        hl_p_push(p, cr_clause(p));
    }
    return hl_p_collect(p, mark);
}

static hl_ast *if_clause(hl_parser *p) {
    hl_ast *c = hl_p_node(p, HL_AST_CLAUSE, hl_p_peek(p));
    guard(p, c);
    hl_p_set_loc(c, hl_ast_first_loc(c->u.clause.guards[0].items[0]));
    hl_p_expect(p, HL_TOK_ARROW);
    c->u.clause.body = hl_p_exprs(p);
    hl_p_child_list(p, c, c->u.clause.body);
    return c;
}

/* A node for the synthetic parts of a try clause pattern. */
static hl_ast *synth(hl_parser *p, hl_ast_kind kind, hl_loc l, const char *name) {
    hl_ast *n = hl_p_node_at(p, kind, l.line, l.col);
    if (l.line_only) n->flags |= HL_AST_LINE_ONLY;
    n->u.name.ptr = name;
    n->u.name.len = (uint32_t)strlen(name);
    return n;
}

/* try_clause: [Class ':'] pat_expr [':' Stack] clause_guard clause_body,
 * rewritten to the {Class, Pattern, Stack} tuple pattern as OTP does. */
static hl_ast *try_clause(hl_parser *p) {
    hl_ast *cls = NULL, *pat, *stack = NULL;
    hl_loc at;
    const hl_token *t = hl_p_peek(p);
    if ((t->kind == HL_TOK_ATOM || t->kind == HL_TOK_VAR) && hl_p_kind_at(p, 1) == HL_TOK_COLON) {
        hl_p_next(p);
        hl_p_next(p);
        cls = hl_p_atomic(p, t);
        at = (hl_loc){t->line, t->col, false};
        pat = hl_p_pat_expr(p);
        if (hl_p_kind(p) == HL_TOK_COLON) {
            hl_p_next(p);
            stack = hl_p_atomic(p, hl_p_expect(p, HL_TOK_VAR));
        }
    } else {
        pat = hl_p_pat_expr(p);
        at = hl_ast_first_loc(pat);
        cls = synth(p, HL_AST_ATOM, at, "throw");
    }
    if (!stack) stack = synth(p, HL_AST_VAR, hl_ast_last_loc(pat), "_");
    hl_ast *tup = hl_p_node_at(p, HL_AST_TUPLE, at.line, at.col);
    if (at.line_only) tup->flags |= HL_AST_LINE_ONLY;
    hl_ast **items = hl_p_alloc(p, 3, sizeof *items);
    items[0] = cls;
    items[1] = pat;
    items[2] = stack;
    tup->u.list = (hl_ast_list){items, 3};
    hl_p_child_list(p, tup, tup->u.list);
    hl_ast *c = hl_p_node_at(p, HL_AST_CLAUSE, at.line, at.col);
    if (at.line_only) c->flags |= HL_AST_LINE_ONLY;
    c->u.clause.patterns = one(p, tup);
    hl_p_child(p, c, tup);
    hl_p_guard_body(p, c);
    return c;
}

/* ---- compound expressions ------------------------------------------------ */

static hl_ast_list lc_exprs(hl_parser *p) {
    size_t mark = hl_p_mark(p);
    for (;;) {
        const hl_token *start = hl_p_peek(p);
        hl_ast *e = hl_p_expr(p);
        int k = hl_p_kind(p);
        if (k == HL_TOK_LARROW || k == HL_TOK_LARROW2) {
            if (k == HL_TOK_LARROW2 &&
                (e->kind != HL_AST_BIN || (e->flags & HL_AST_PAREN) || start->kind != HL_TOK_LTLT))
                hl_p_syntax_error(p, hl_p_peek(p));
            const hl_token *op = hl_p_next(p);
            hl_ast *src = hl_p_expr(p);
            hl_ast *g = hl_p_node(p, k == HL_TOK_LARROW ? HL_AST_GENERATE : HL_AST_B_GENERATE, op);
            g->u.bin.left = e;
            g->u.bin.right = src;
            hl_p_child(p, g, e);
            hl_p_child(p, g, src);
            e = g;
        }
        hl_p_push(p, e);
        if (hl_p_kind(p) != HL_TOK_COMMA) break;
        hl_p_next(p);
    }
    return hl_p_collect(p, mark);
}

static hl_ast *list_expr(hl_parser *p, bool pat) {
    const hl_token *open = hl_p_next(p);
    if (hl_p_kind(p) == HL_TOK_RBRACKET) {
        hl_p_next(p);
        return hl_p_node(p, HL_AST_NIL, open);
    }
    hl_ast *first = hl_p_expr(p);
    if (hl_p_kind(p) == HL_TOK_BARBAR && !pat) {
        hl_p_next(p);
        hl_ast *n = hl_p_node(p, HL_AST_LC, open);
        n->u.comp.template_ = first;
        hl_p_child(p, n, first);
        n->u.comp.qualifiers = lc_exprs(p);
        hl_p_child_list(p, n, n->u.comp.qualifiers);
        hl_p_expect(p, HL_TOK_RBRACKET);
        return n;
    }
    size_t mark = hl_p_mark(p);
    hl_p_push(p, first);
    while (hl_p_kind(p) == HL_TOK_COMMA) {
        hl_p_next(p);
        hl_p_push(p, hl_p_expr(p));
    }
    hl_ast *tail;
    if (hl_p_kind(p) == HL_TOK_BAR) {
        hl_p_next(p);
        tail = hl_p_expr(p);
        hl_p_expect(p, HL_TOK_RBRACKET);
    } else {
        tail = hl_p_node(p, HL_AST_NIL, hl_p_expect(p, HL_TOK_RBRACKET));
    }
    hl_ast *n = hl_p_node(p, HL_AST_CONS, open);
    n->u.cons.items = hl_p_collect(p, mark);
    n->u.cons.tail = tail;
    hl_p_child_list(p, n, n->u.cons.items);
    hl_p_child(p, n, tail);
    return n;
}

/* bit_type_list: bit_type {'-' bit_type}; bit_type: atom [':' integer] */
static void bit_types(hl_parser *p, hl_ast *el) {
    size_t mark = hl_p_mark(p);
    for (;;) {
        const hl_token *t = hl_p_expect(p, HL_TOK_ATOM);
        hl_ast_bit_type *bt = hl_p_alloc(p, 1, sizeof *bt);
        memset(bt, 0, sizeof *bt);
        bt->name = hl_p_tok_name(t);
        if (hl_p_kind(p) == HL_TOK_COLON) {
            hl_p_next(p);
            const hl_token *v = hl_p_expect(p, HL_TOK_INTEGER);
            bt->has_value = true;
            bt->value_big = v->big;
            if (v->big) bt->value_text = hl_p_tok_name(v);
            else bt->value = v->v.i;
        }
        hl_p_push(p, bt);
        if (hl_p_kind(p) != HL_TOK_MINUS) break;
        hl_p_next(p);
    }
    hl_ast_list l = hl_p_collect(p, mark);
    hl_ast_bit_type *arr = hl_p_alloc(p, l.count, sizeof *arr);
    for (uint32_t i = 0; i < l.count; i++) arr[i] = *(hl_ast_bit_type *)(void *)l.items[i];
    el->u.bin_element.types = arr;
    el->u.bin_element.ntypes = l.count;
}

static hl_ast *bin_element(hl_parser *p, hl_ast *value) {
    hl_ast *el = hl_p_node_at(p, HL_AST_BIN_ELEMENT, 0, 0);
    hl_p_set_loc(el, hl_ast_first_loc(value));
    el->u.bin_element.value = value;
    hl_p_child(p, el, value);
    if (hl_p_kind(p) == HL_TOK_COLON) {
        hl_p_next(p);
        el->u.bin_element.size = hl_p_expr_max(p, false);
        hl_p_child(p, el, el->u.bin_element.size);
    }
    if (hl_p_kind(p) == HL_TOK_SLASH) {
        hl_p_next(p);
        bit_types(p, el);
    }
    return el;
}

static hl_ast *bit_expr(hl_parser *p) {
    const hl_token *t = hl_p_peek(p);
    if (is_prefix_op(t->kind)) {
        hl_p_next(p);
        return hl_p_op1(p, t, hl_p_expr_max(p, false));
    }
    return hl_p_expr_max(p, false);
}

static hl_ast *binary_expr(hl_parser *p, bool pat) {
    const hl_token *open = hl_p_next(p);
    hl_ast *n = hl_p_node(p, HL_AST_BIN, open);
    if (hl_p_kind(p) == HL_TOK_GTGT) {
        hl_p_next(p);
        return n;
    }
    bool prefixed = is_prefix_op(hl_p_kind(p));
    hl_ast *first = bit_expr(p);
    if (!prefixed && !pat && hl_p_kind(p) == HL_TOK_BARBAR) {
        hl_p_next(p);
        n->kind = HL_AST_BC;
        n->u.comp.template_ = first;
        hl_p_child(p, n, first);
        n->u.comp.qualifiers = lc_exprs(p);
        hl_p_child_list(p, n, n->u.comp.qualifiers);
        hl_p_expect(p, HL_TOK_GTGT);
        return n;
    }
    size_t mark = hl_p_mark(p);
    hl_p_push(p, bin_element(p, first));
    while (hl_p_kind(p) == HL_TOK_COMMA) {
        hl_p_next(p);
        hl_p_push(p, bin_element(p, bit_expr(p)));
    }
    hl_p_expect(p, HL_TOK_GTGT);
    n->u.list = hl_p_collect(p, mark);
    hl_p_child_list(p, n, n->u.list);
    return n;
}

static hl_ast *tuple_expr(hl_parser *p) {
    const hl_token *open = hl_p_next(p);
    hl_ast *n = hl_p_node(p, HL_AST_TUPLE, open);
    if (hl_p_kind(p) != HL_TOK_RBRACE) {
        n->u.list = hl_p_exprs(p);
        hl_p_child_list(p, n, n->u.list);
    }
    hl_p_expect(p, HL_TOK_RBRACE);
    return n;
}

/* Checks that every clause has the first clause's name and arity (erl_parse's
 * check_clauses: "head mismatch"). */
static void check_heads(hl_parser *p, hl_ast_list cs, const hl_ast_name *names) {
    uint32_t arity = cs.items[0]->u.clause.patterns.count;
    for (uint32_t i = 1; i < cs.count; i++) {
        const hl_ast *c = cs.items[i];
        bool same = names[i].len == names[0].len &&
                    (names[0].len == 0 || memcmp(names[i].ptr, names[0].ptr, names[0].len) == 0);
        if (!same || c->u.clause.patterns.count != arity)
            hl_p_error_at(p, c->line, c->col, "head mismatch");
    }
}

static hl_ast *fun_expr(hl_parser *p) {
    const hl_token *f = hl_p_next(p);
    const hl_token *t = hl_p_peek(p);
    int k1 = hl_p_kind_at(p, 1);
    if (t->kind == HL_TOK_ATOM && k1 == HL_TOK_SLASH) {
        hl_p_next(p);
        hl_p_next(p);
        const hl_token *a = hl_p_expect(p, HL_TOK_INTEGER);
        if (a->big) hl_p_error_at(p, a->line, a->col, "bad function arity");
        hl_ast *n = hl_p_node(p, HL_AST_FUN_LOCAL, f);
        n->u.fun_local.name = hl_p_tok_name(t);
        n->u.fun_local.arity = a->v.i;
        return n;
    }
    if ((t->kind == HL_TOK_ATOM || t->kind == HL_TOK_VAR) && k1 == HL_TOK_COLON) {
        hl_p_next(p);
        hl_p_next(p);
        hl_ast *m = hl_p_atomic(p, t);
        const hl_token *ft = hl_p_peek(p);
        if (ft->kind != HL_TOK_ATOM && ft->kind != HL_TOK_VAR) hl_p_syntax_error(p, ft);
        hl_p_next(p);
        hl_p_expect(p, HL_TOK_SLASH);
        const hl_token *at = hl_p_peek(p);
        if (at->kind != HL_TOK_INTEGER && at->kind != HL_TOK_VAR) hl_p_syntax_error(p, at);
        hl_p_next(p);
        hl_ast *n = hl_p_node(p, HL_AST_FUN_REMOTE, f);
        n->u.fun_remote.module = m;
        n->u.fun_remote.function = hl_p_atomic(p, ft);
        n->u.fun_remote.arity = hl_p_atomic(p, at);
        n->depth = 2;
        return n;
    }
    if (t->kind != HL_TOK_LPAREN && !(t->kind == HL_TOK_VAR && k1 == HL_TOK_LPAREN))
        /* after `fun Name` the error is at the token that follows */
        hl_p_syntax_error(p, t->kind == HL_TOK_ATOM || t->kind == HL_TOK_VAR ? hl_p_peek_at(p, 1) : t);
    /* fun_clauses */
    size_t mark = hl_p_mark(p);
    for (;;) {
        const hl_token *h = hl_p_peek(p);
        hl_ast_name name = {NULL, 0}; /* anonymous */
        if (h->kind == HL_TOK_VAR) {
            hl_p_next(p);
            name = hl_p_tok_name(h);
        } else if (h->kind != HL_TOK_LPAREN) {
            hl_p_syntax_error(p, h);
        }
        const hl_token *open = hl_p_peek(p);
        hl_ast *c = hl_p_node(p, HL_AST_CLAUSE, h->kind == HL_TOK_VAR ? h : open);
        c->u.clause.patterns = hl_p_pat_args(p);
        hl_p_child_list(p, c, c->u.clause.patterns);
        hl_p_guard_body(p, c);
        hl_ast_name *nm = hl_p_alloc(p, 1, sizeof *nm);
        *nm = name;
        hl_p_push(p, c);
        hl_p_push(p, nm);
        if (hl_p_kind(p) != HL_TOK_SEMI) break;
        hl_p_next(p);
    }
    hl_p_expect(p, HL_TOK_END);
    hl_ast_list both = hl_p_collect(p, mark);
    uint32_t n = both.count / 2;
    hl_ast **cs = hl_p_alloc(p, n, sizeof *cs);
    hl_ast_name *names = hl_p_alloc(p, n, sizeof *names);
    for (uint32_t i = 0; i < n; i++) {
        cs[i] = both.items[2 * i];
        names[i] = *(hl_ast_name *)(void *)both.items[2 * i + 1];
    }
    hl_ast_list clauses = {cs, n};
    check_heads(p, clauses, names);
    bool named = names[0].len > 0;
    hl_ast *fn = hl_p_node(p, named ? HL_AST_NAMED_FUN : HL_AST_FUN, f);
    fn->u.fun.name = named ? names[0] : (hl_ast_name){NULL, 0};
    fn->u.fun.clauses = clauses;
    hl_p_child_list(p, fn, clauses);
    return fn;
}

static hl_ast *try_expr(hl_parser *p) {
    const hl_token *t = hl_p_next(p);
    hl_ast *n = hl_p_node(p, HL_AST_TRY, t);
    n->u.try_.body = hl_p_exprs(p);
    hl_p_child_list(p, n, n->u.try_.body);
    if (hl_p_kind(p) == HL_TOK_OF) {
        hl_p_next(p);
        n->u.try_.of = cr_clauses(p);
        hl_p_child_list(p, n, n->u.try_.of);
    }
    if (hl_p_kind(p) == HL_TOK_CATCH) {
        hl_p_next(p);
        size_t mark = hl_p_mark(p);
        hl_p_push(p, try_clause(p));
        while (hl_p_kind(p) == HL_TOK_SEMI) {
            hl_p_next(p);
            hl_p_push(p, try_clause(p));
        }
        n->u.try_.catches = hl_p_collect(p, mark);
        hl_p_child_list(p, n, n->u.try_.catches);
        if (hl_p_kind(p) == HL_TOK_AFTER) {
            hl_p_next(p);
            n->u.try_.after = hl_p_exprs(p);
            hl_p_child_list(p, n, n->u.try_.after);
        }
    } else if (hl_p_kind(p) == HL_TOK_AFTER) {
        hl_p_next(p);
        n->u.try_.after = hl_p_exprs(p);
        hl_p_child_list(p, n, n->u.try_.after);
    } else {
        hl_p_syntax_error(p, hl_p_peek(p));
    }
    hl_p_expect(p, HL_TOK_END);
    return n;
}

static hl_ast *receive_expr(hl_parser *p) {
    const hl_token *t = hl_p_next(p);
    hl_ast *n = hl_p_node(p, HL_AST_RECEIVE, t);
    if (hl_p_kind(p) != HL_TOK_AFTER) {
        n->u.receive.clauses = cr_clauses(p);
        hl_p_child_list(p, n, n->u.receive.clauses);
    }
    if (hl_p_kind(p) == HL_TOK_AFTER) {
        hl_p_next(p);
        n->u.receive.timeout = hl_p_expr(p);
        hl_p_child(p, n, n->u.receive.timeout);
        hl_p_expect(p, HL_TOK_ARROW);
        n->u.receive.after = hl_p_exprs(p);
        hl_p_child_list(p, n, n->u.receive.after);
    }
    hl_p_expect(p, HL_TOK_END);
    return n;
}

/* expr_max (pat_expr_max when pat). */
hl_ast *hl_p_expr_max(hl_parser *p, bool pat) {
    const hl_token *t = hl_p_peek(p);
    hl_ast *n;
    hl_p_enter(p, t);
    switch (t->kind) {
    case HL_TOK_VAR: case HL_TOK_ATOM: case HL_TOK_INTEGER: case HL_TOK_FLOAT:
    case HL_TOK_CHAR:
        hl_p_next(p);
        n = hl_p_atomic(p, t);
        break;
    case HL_TOK_STRING: n = hl_p_strings(p); break;
    case HL_TOK_LBRACKET: n = list_expr(p, pat); break;
    case HL_TOK_LTLT: n = binary_expr(p, pat); break;
    case HL_TOK_LBRACE: n = tuple_expr(p); break;
    case HL_TOK_LPAREN:
        hl_p_next(p);
        n = pat ? hl_p_pat_expr(p) : hl_p_expr(p);
        hl_p_expect(p, HL_TOK_RPAREN);
        n->flags |= HL_AST_PAREN;
        break;
    default:
        if (pat) hl_p_syntax_error(p, t);
        switch (t->kind) {
        case HL_TOK_BEGIN:
            hl_p_next(p);
            n = hl_p_node(p, HL_AST_BLOCK, t);
            n->u.list = hl_p_exprs(p);
            hl_p_child_list(p, n, n->u.list);
            hl_p_expect(p, HL_TOK_END);
            break;
        case HL_TOK_IF: {
            hl_p_next(p);
            n = hl_p_node(p, HL_AST_IF, t);
            size_t mark = hl_p_mark(p);
            hl_p_push(p, if_clause(p));
            while (hl_p_kind(p) == HL_TOK_SEMI) {
                hl_p_next(p);
                hl_p_push(p, if_clause(p));
            }
            n->u.list = hl_p_collect(p, mark);
            hl_p_child_list(p, n, n->u.list);
            hl_p_expect(p, HL_TOK_END);
            break;
        }
        case HL_TOK_CASE:
            hl_p_next(p);
            n = hl_p_node(p, HL_AST_CASE, t);
            n->u.case_.expr = hl_p_expr(p);
            hl_p_child(p, n, n->u.case_.expr);
            hl_p_expect(p, HL_TOK_OF);
            n->u.case_.clauses = cr_clauses(p);
            hl_p_child_list(p, n, n->u.case_.clauses);
            hl_p_expect(p, HL_TOK_END);
            break;
        case HL_TOK_RECEIVE: n = receive_expr(p); break;
        case HL_TOK_FUN: n = fun_expr(p); break;
        case HL_TOK_TRY: n = try_expr(p); break;
        default: hl_p_syntax_error(p, t);
        }
    }
    hl_p_leave(p);
    return n;
}
