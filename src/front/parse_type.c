/* parse_type.c — OTP 25's type language for -spec, -callback and -record
 * field types: unions, ranges, integer operator types, fun types, bounded
 * funs with `when` constraints, maps, records, binaries, remote and user
 * types. Union chains are collected in a loop (no recursion per `|`);
 * nesting goes through hl_p_enter's depth limit. */
#include <string.h>

#include "front/parse_internal.h"


static hl_ast *type_prec(hl_parser *p, int min);

static hl_ast *type_node(hl_parser *p, hl_ast_kind kind, uint32_t line, uint32_t col, const char *name,
                         hl_ast_list args) {
    hl_ast *n = hl_p_node_at(p, kind, line, col);
    n->u.type.name.ptr = name;
    n->u.type.name.len = (uint32_t)strlen(name);
    n->u.type.args = args;
    hl_p_child_list(p, n, args);
    return n;
}

static hl_ast_list no_args(void) { return (hl_ast_list){NULL, 0}; }

static hl_ast_list list_of(hl_parser *p, int count, hl_ast *a, hl_ast *b) {
    hl_ast **items = hl_p_alloc(p, (size_t)count, sizeof *items);
    items[0] = a;
    if (count > 1) items[1] = b;
    return (hl_ast_list){items, (uint32_t)count};
}

/* top_types: top_type {',' top_type} */
static hl_ast_list top_types(hl_parser *p) {
    size_t mark = hl_p_mark(p);
    hl_p_push(p, hl_p_top_type(p));
    while (hl_p_kind(p) == HL_TOK_COMMA) {
        hl_p_next(p);
        hl_p_push(p, hl_p_top_type(p));
    }
    return hl_p_collect(p, mark);
}

/* erl_internal:is_type/2 in OTP 25: the predefined types. */
static bool is_builtin_type(hl_ast_name n, uint32_t arity) {
    static const char *const zero[] = {
        "any", "arity", "atom", "binary", "bitstring", "bool", "boolean", "byte", "char",
        "float", "function", "identifier", "integer", "iodata", "iolist", "list", "map",
        "maybe_improper_list", "mfa", "module", "neg_integer", "nil", "no_return", "node",
        "non_neg_integer", "none", "nonempty_binary", "nonempty_bitstring", "nonempty_list",
        "nonempty_maybe_improper_list", "nonempty_string", "number", "pid", "port",
        "pos_integer", "reference", "string", "term", "timeout", "tuple"};
    if (arity == 0) {
        for (size_t i = 0; i < sizeof zero / sizeof zero[0]; i++)
            if (hl_p_name_eq(n, zero[i])) return true;
        return false;
    }
    if (arity == 1) return hl_p_name_eq(n, "list") || hl_p_name_eq(n, "nonempty_list");
    if (arity == 2)
        return hl_p_name_eq(n, "maybe_improper_list") ||
               hl_p_name_eq(n, "nonempty_improper_list") ||
               hl_p_name_eq(n, "nonempty_maybe_improper_list");
    return false;
}

/* '(' [top_types] ')' '->' top_type, or with '...' when dots is allowed:
 * {type,L,'fun',[{type,L,product,Args} | {type,L,any}, Ret]} at the '('. */
static hl_ast *fun_type(hl_parser *p, bool dots) {
    const hl_token *open = hl_p_expect(p, HL_TOK_LPAREN);
    hl_ast *params;
    if (dots && hl_p_kind(p) == HL_TOK_DOTDOTDOT) {
        hl_p_next(p);
        params = type_node(p, HL_AST_TYPE, open->line, open->col, "any", no_args());
        params->flags |= HL_AST_TYPE_NO_ARGS;
    } else {
        hl_ast_list args = no_args();
        if (hl_p_kind(p) != HL_TOK_RPAREN) args = top_types(p);
        params = type_node(p, HL_AST_TYPE, open->line, open->col, "product", args);
    }
    hl_p_expect(p, HL_TOK_RPAREN);
    hl_p_expect(p, HL_TOK_ARROW);
    hl_ast *ret = hl_p_top_type(p);
    return type_node(p, HL_AST_TYPE, open->line, open->col, "fun", list_of(p, 2, params, ret));
}

/* bin_base_type / bin_unit_type variables must be `_`. */
static void bin_var(hl_parser *p) {
    const hl_token *v = hl_p_expect(p, HL_TOK_VAR);
    if (!(v->v.text.len == 1 && ((const char *)v->v.text.ptr)[0] == '_'))
        hl_p_error_at(p, v->line, v->col, "Bad binary type");
}

static hl_ast *zero_at(hl_parser *p, const hl_token *at) {
    hl_ast *z = hl_p_node(p, HL_AST_INTEGER, at);
    z->flags |= HL_AST_LINE_ONLY;
    return z;
}

static hl_ast *binary_type(hl_parser *p) {
    const hl_token *open = hl_p_next(p);
    hl_ast *base = NULL, *unit = NULL;
    if (hl_p_kind(p) != HL_TOK_GTGT) {
        /* <<_:B>>, <<_:_*U>> or <<_:B, _:_*U>> */
        bool is_unit = hl_p_kind(p) == HL_TOK_VAR && hl_p_kind_at(p, 1) == HL_TOK_COLON &&
                       hl_p_kind_at(p, 2) == HL_TOK_VAR && hl_p_kind_at(p, 3) == HL_TOK_STAR;
        bin_var(p);
        hl_p_expect(p, HL_TOK_COLON);
        if (is_unit) {
            bin_var(p);
            hl_p_expect(p, HL_TOK_STAR);
            unit = type_prec(p, 600);
        } else {
            base = type_prec(p, 0);
            if (hl_p_kind(p) == HL_TOK_COMMA) {
                hl_p_next(p);
                bin_var(p);
                hl_p_expect(p, HL_TOK_COLON);
                bin_var(p);
                hl_p_expect(p, HL_TOK_STAR);
                unit = type_prec(p, 600);
            }
        }
    }
    hl_p_expect(p, HL_TOK_GTGT);
    if (!base) base = zero_at(p, open);
    if (!unit) unit = zero_at(p, open);
    return type_node(p, HL_AST_TYPE, open->line, open->col, "binary", list_of(p, 2, base, unit));
}

static hl_ast *type_primary(hl_parser *p) {
    const hl_token *t = hl_p_peek(p);
    hl_ast *n;
    hl_p_enter(p, t);
    switch (t->kind) {
    case HL_TOK_LPAREN:
        hl_p_next(p);
        n = hl_p_top_type(p);
        hl_p_expect(p, HL_TOK_RPAREN);
        break;
    case HL_TOK_VAR: case HL_TOK_INTEGER: case HL_TOK_CHAR:
        hl_p_next(p);
        n = hl_p_atomic(p, t);
        break;
    case HL_TOK_ATOM: {
        hl_p_next(p);
        int k = hl_p_kind(p);
        if (k == HL_TOK_COLON) {
            hl_p_next(p);
            const hl_token *nt = hl_p_expect(p, HL_TOK_ATOM);
            hl_p_expect(p, HL_TOK_LPAREN);
            hl_ast_list args = no_args();
            if (hl_p_kind(p) != HL_TOK_RPAREN) args = top_types(p);
            hl_p_expect(p, HL_TOK_RPAREN);
            n = hl_p_node(p, HL_AST_REMOTE_TYPE, t);
            n->u.type.module = hl_p_atomic(p, t);
            n->u.type.name_node = hl_p_atomic(p, nt);
            n->u.type.args = args;
            hl_p_child_list(p, n, args);
            hl_p_child(p, n, n->u.type.module);
        } else if (k == HL_TOK_LPAREN) {
            hl_p_next(p);
            hl_ast_list args = no_args();
            if (hl_p_kind(p) != HL_TOK_RPAREN) args = top_types(p);
            hl_p_expect(p, HL_TOK_RPAREN);
            hl_ast_name name = hl_p_tok_name(t);
            bool builtin = is_builtin_type(name, args.count);
            n = hl_p_node(p, builtin ? HL_AST_TYPE : HL_AST_USER_TYPE, t);
            n->u.type.name = name;
            n->u.type.args = args;
            hl_p_child_list(p, n, args);
            if (args.count == 0 && (hl_p_name_eq(name, "tuple") || hl_p_name_eq(name, "map")))
                n->flags |= HL_AST_TYPE_ANY_ARGS;
        } else {
            n = hl_p_atomic(p, t);
        }
        break;
    }
    case HL_TOK_LBRACKET:
        hl_p_next(p);
        if (hl_p_kind(p) == HL_TOK_RBRACKET) {
            hl_p_next(p);
            n = type_node(p, HL_AST_TYPE, t->line, t->col, "nil", no_args());
            break;
        } else {
            hl_ast *e = hl_p_top_type(p);
            const char *name = "list";
            if (hl_p_kind(p) == HL_TOK_COMMA) {
                hl_p_next(p);
                hl_p_expect(p, HL_TOK_DOTDOTDOT);
                name = "nonempty_list";
            }
            hl_p_expect(p, HL_TOK_RBRACKET);
            n = type_node(p, HL_AST_TYPE, t->line, t->col, name, list_of(p, 1, e, NULL));
        }
        break;
    case HL_TOK_LBRACE: {
        hl_p_next(p);
        hl_ast_list args = no_args();
        if (hl_p_kind(p) != HL_TOK_RBRACE) args = top_types(p);
        hl_p_expect(p, HL_TOK_RBRACE);
        n = type_node(p, HL_AST_TYPE, t->line, t->col, "tuple", args);
        break;
    }
    case HL_TOK_HASH: {
        hl_p_next(p);
        size_t mark = hl_p_mark(p);
        if (hl_p_kind(p) == HL_TOK_LBRACE) {
            hl_p_next(p);
            if (hl_p_kind(p) != HL_TOK_RBRACE) {
                for (;;) {
                    hl_ast *k = hl_p_top_type(p);
                    const hl_token *op = hl_p_peek(p);
                    if (op->kind != HL_TOK_MAPSTO && op->kind != HL_TOK_ASSOC)
                        hl_p_syntax_error(p, op);
                    hl_p_next(p);
                    hl_ast *v = hl_p_top_type(p);
                    hl_p_push(p, type_node(p, HL_AST_TYPE, op->line, op->col,
                                           op->kind == HL_TOK_MAPSTO ? "map_field_assoc"
                                                                     : "map_field_exact",
                                           list_of(p, 2, k, v)));
                    if (hl_p_kind(p) != HL_TOK_COMMA) break;
                    hl_p_next(p);
                }
            }
            hl_p_expect(p, HL_TOK_RBRACE);
            n = type_node(p, HL_AST_TYPE, t->line, t->col, "map", hl_p_collect(p, mark));
            break;
        }
        const hl_token *rn = hl_p_expect(p, HL_TOK_ATOM);
        hl_p_push(p, hl_p_atomic(p, rn));
        hl_p_expect(p, HL_TOK_LBRACE);
        if (hl_p_kind(p) != HL_TOK_RBRACE) {
            for (;;) {
                const hl_token *ft = hl_p_expect(p, HL_TOK_ATOM);
                hl_p_expect(p, HL_TOK_COLONCOLON);
                hl_ast *ty = hl_p_top_type(p);
                hl_p_push(p, type_node(p, HL_AST_TYPE, ft->line, ft->col, "field_type",
                                       list_of(p, 2, hl_p_atomic(p, ft), ty)));
                if (hl_p_kind(p) != HL_TOK_COMMA) break;
                hl_p_next(p);
            }
        }
        hl_p_expect(p, HL_TOK_RBRACE);
        n = type_node(p, HL_AST_TYPE, t->line, t->col, "record", hl_p_collect(p, mark));
        break;
    }
    case HL_TOK_LTLT: n = binary_type(p); break;
    case HL_TOK_FUN:
        hl_p_next(p);
        hl_p_expect(p, HL_TOK_LPAREN);
        if (hl_p_kind(p) == HL_TOK_RPAREN) {
            hl_p_next(p);
            n = type_node(p, HL_AST_TYPE, t->line, t->col, "fun", no_args());
        } else {
            n = fun_type(p, true);
            hl_p_expect(p, HL_TOK_RPAREN);
        }
        break;
    default: hl_p_syntax_error(p, t);
    }
    hl_p_leave(p);
    return n;
}

static bool type_prefix(int k) {
    return k == HL_TOK_PLUS || k == HL_TOK_MINUS || k == HL_TOK_BNOT || k == HL_TOK_NOT;
}

static int type_binop(int k) {
    switch (k) {
    case HL_TOK_DOTDOT: return 200;
    case HL_TOK_PLUS: case HL_TOK_MINUS: case HL_TOK_BOR: case HL_TOK_BXOR: case HL_TOK_BSL:
    case HL_TOK_BSR: case HL_TOK_OR: case HL_TOK_XOR:
        return 400;
    case HL_TOK_SLASH: case HL_TOK_STAR: case HL_TOK_DIV: case HL_TOK_REM: case HL_TOK_BAND:
    case HL_TOK_AND:
        return 500;
    default: return 0;
    }
}

static hl_ast *type_unary(hl_parser *p) {
    const hl_token *t = hl_p_peek(p);
    if (type_prefix(t->kind)) {
        hl_p_next(p);
        hl_p_enter(p, t);
        hl_ast *a = type_unary(p);
        hl_p_leave(p);
        return hl_p_op1(p, t, a);
    }
    return type_primary(p);
}

/* type: precedence climbing over '..' (non-associative), add and mult
 * operators (left-associative). */
static hl_ast *type_prec(hl_parser *p, int min) {
    hl_ast *left = type_unary(p);
    for (;;) {
        int prec = type_binop(hl_p_kind(p));
        if (prec == 0 || prec < min) break;
        const hl_token *op = hl_p_next(p);
        hl_p_enter(p, op);
        hl_ast *right = type_prec(p, prec + 1);
        hl_p_leave(p);
        if (op->kind == HL_TOK_DOTDOT) {
            hl_ast *r = type_node(p, HL_AST_TYPE, left->line, left->col, "range",
                                  list_of(p, 2, left, right));
            if (left->flags & HL_AST_LINE_ONLY) r->flags |= HL_AST_LINE_ONLY;
            left = r;
            if (hl_p_kind(p) == HL_TOK_DOTDOT) hl_p_syntax_error(p, hl_p_peek(p));
        } else {
            left = hl_p_op2(p, op, left, right);
        }
    }
    return left;
}

/* top_type: var '::' top_type | type {'|' type}, unions flattened as
 * erl_parse's lift_unions does. */
hl_ast *hl_p_top_type(hl_parser *p) {
    const hl_token *t = hl_p_peek(p);
    if (t->kind == HL_TOK_VAR && hl_p_kind_at(p, 1) == HL_TOK_COLONCOLON) {
        hl_p_next(p);
        hl_p_next(p);
        hl_p_enter(p, t);
        hl_ast *ty = hl_p_top_type(p);
        hl_p_leave(p);
        hl_ast *n = hl_p_node(p, HL_AST_ANN_TYPE, t);
        n->u.ann.var = hl_p_atomic(p, t);
        n->u.ann.type = ty;
        hl_p_child(p, n, ty);
        return n;
    }
    hl_ast *first = type_prec(p, 0);
    if (hl_p_kind(p) != HL_TOK_BAR) return first;
    size_t mark = hl_p_mark(p);
    hl_p_push(p, first);
    while (hl_p_kind(p) == HL_TOK_BAR) {
        hl_p_next(p);
        const hl_token *s = hl_p_peek(p);
        if (s->kind == HL_TOK_VAR && hl_p_kind_at(p, 1) == HL_TOK_COLONCOLON) {
            hl_p_push(p, hl_p_top_type(p)); /* absorbs the rest */
            break;
        }
        hl_p_push(p, type_prec(p, 0));
    }
    /* lift_unions: a union as the last member is spliced in. */
    hl_ast *last = p->scratch[p->scratch_top - 1];
    if (last->kind == HL_AST_TYPE && hl_p_name_eq(last->u.type.name, "union") &&
        !(last->flags & HL_AST_TYPE_NO_ARGS)) {
        p->scratch_top--;
        for (uint32_t i = 0; i < last->u.type.args.count; i++) hl_p_push(p, last->u.type.args.items[i]);
    }
    hl_loc at = hl_ast_first_loc(first);
    hl_ast *u = type_node(p, HL_AST_TYPE, at.line, at.col, "union", hl_p_collect(p, mark));
    if (at.line_only) u->flags |= HL_AST_LINE_ONLY;
    return u;
}

/* type_guard: atom '(' top_types ')' (only is_subtype(Var, T)) or
 * var '::' top_type. */
static hl_ast *type_guard(hl_parser *p) {
    const hl_token *t = hl_p_peek(p);
    hl_ast *var, *ty;
    if (t->kind == HL_TOK_ATOM) {
        hl_p_next(p);
        hl_p_expect(p, HL_TOK_LPAREN);
        hl_ast_list args = top_types(p);
        hl_p_expect(p, HL_TOK_RPAREN);
        if (!hl_p_name_eq(hl_p_tok_name(t), "is_subtype"))
            hl_p_error_at(p, t->line, t->col, "unsupported constraint %s", (const char *)t->v.text.ptr);
        if (args.count != 2) hl_p_error_at(p, t->line, t->col, "unsupported constraint is_subtype");
        if (args.items[0]->kind != HL_AST_VAR) {
            hl_loc l = hl_ast_first_loc(args.items[0]);
            hl_p_error_at(p, l.line, l.col, "bad type variable");
        }
        var = args.items[0];
        ty = args.items[1];
    } else if (t->kind == HL_TOK_VAR) {
        hl_p_next(p);
        hl_p_expect(p, HL_TOK_COLONCOLON);
        var = hl_p_atomic(p, t);
        ty = hl_p_top_type(p);
    } else {
        hl_p_syntax_error(p, t);
    }
    if (var->u.name.len == 1 && var->u.name.ptr[0] == '_')
        hl_p_error_at(p, var->line, var->col, "bad type variable");
    hl_ast *c = hl_p_node_at(p, HL_AST_CONSTRAINT, var->line, var->col);
    c->u.ann.var = var;
    c->u.ann.type = ty;
    hl_p_child(p, c, ty);
    return c;
}

/* type_sig: fun_type ['when' type_guards] */
hl_ast *hl_p_spec_sig(hl_parser *p) {
    hl_ast *f = fun_type(p, false);
    if (hl_p_kind(p) != HL_TOK_WHEN) return f;
    hl_p_next(p);
    size_t mark = hl_p_mark(p);
    hl_p_push(p, type_guard(p));
    while (hl_p_kind(p) == HL_TOK_COMMA) {
        hl_p_next(p);
        hl_p_push(p, type_guard(p));
    }
    hl_ast *b = hl_p_node_at(p, HL_AST_BOUNDED_FUN, f->line, f->col);
    b->u.bounded.fun = f;
    b->u.bounded.constraints = hl_p_collect(p, mark);
    hl_p_child(p, b, f);
    hl_p_child_list(p, b, b->u.bounded.constraints);
    return b;
}
