/* parse_form.c — forms: the admitted attributes, function definitions,
 * ?MODULE expansion, and the per-form error recovery loop.
 *
 * Macros and directives were handled by the preprocessor (pp.c) before:
 * a `?` left here is a syntax error. Only the attributes of docs/design.md §1 and
 * the inert ones (docs/front-end.md) are admitted; everything else is a
 * located error. */
#include <string.h>

#include "base/buf.h"
#include "base/mem.h"
#include "front/dump.h"
#include "front/parse.h"
#include "front/parse_internal.h"

typedef struct form_ctx {
    hl_parser *p;
    hl_ast_name module;
    bool have_module;
    bool seen_form;
} form_ctx;

/* What a Hyperlang program may declare: the attributes of docs/design.md §1, and
 * the inert ones (types, documentation, compiler options, which lowering
 * checks: core/lower.c). -on_load, -nifs, -feature and unknown attributes
 * stay refused. */
static const char *const admitted[] = {"module", "export", "record", "behaviour", "behavior", "vsn",
                                       "doc", "moduledoc", "spec", "callback",
                                       "optional_callbacks", "type", "opaque", "export_type",
                                       "dialyzer", "compile", "import", "deprecated", "author",
                                       "file", "removed", "deprecated_type", "removed_type"};

/* An atom token's name as io_lib:write_atom writes it, or a variable's name,
 * truncated to fit `out`. */
static void quoted_name(const hl_token *t, char *out, size_t size) {
    hl_buf b;
    hl_buf_init(&b, size - 1);
    if (t->kind == HL_TOK_ATOM) hl_dump_atom(&b, t->v.text.ptr, t->v.text.len);
    else hl_buf_append(&b, t->v.text.ptr, t->v.text.len);
    size_t n = b.failed || !b.data ? 0 : b.len;
    if (n) memcpy(out, b.data, n);
    out[n] = '\0';
    hl_buf_free(&b);
}

static bool is_admitted(hl_ast_name n) {
    for (size_t i = 0; i < sizeof admitted / sizeof admitted[0]; i++)
        if (hl_p_name_eq(n, admitted[i])) return true;
    return false;
}

/* ---- term attributes (erl_parse:normalise/1 after attribute_farity) ---- */

static bool is_farity(const hl_ast *e) {
    return e->kind == HL_AST_OP2 && e->op == HL_TOK_SLASH && e->u.bin.left->kind == HL_AST_ATOM &&
           e->u.bin.right->kind == HL_AST_INTEGER;
}

/* Returns the first node that does not normalise to a term, or NULL. */
static const hl_ast *bad_term(const hl_ast *e, bool farity) {
    switch ((hl_ast_kind)e->kind) {
    case HL_AST_CHAR: case HL_AST_INTEGER: case HL_AST_FLOAT: case HL_AST_ATOM:
    case HL_AST_STRING: case HL_AST_NIL:
        return NULL;
    case HL_AST_CONS:
        for (uint32_t i = 0; i < e->u.cons.items.count; i++) {
            const hl_ast *b = bad_term(e->u.cons.items.items[i], farity);
            if (b) return b;
        }
        return bad_term(e->u.cons.tail, farity);
    case HL_AST_TUPLE:
        for (uint32_t i = 0; i < e->u.list.count; i++) {
            const hl_ast *b = bad_term(e->u.list.items[i], farity);
            if (b) return b;
        }
        return NULL;
    case HL_AST_MAP:
        if (e->u.map.base) return e;
        for (uint32_t i = 0; i < e->u.map.fields.count; i++) {
            const hl_ast *f = e->u.map.fields.items[i];
            if (f->kind != HL_AST_MAP_ASSOC) return e;
            const hl_ast *b = bad_term(f->u.bin.left, false);
            if (!b) b = bad_term(f->u.bin.right, farity);
            if (b) return b;
        }
        return NULL;
    case HL_AST_BIN:
        /* literal bytes only: integers, chars and strings, default size and
         * type */
        for (uint32_t i = 0; i < e->u.list.count; i++) {
            const hl_ast *el = e->u.list.items[i];
            const hl_ast *v = el->u.bin_element.value;
            if (el->u.bin_element.size || el->u.bin_element.ntypes) return e;
            if (v->kind != HL_AST_INTEGER && v->kind != HL_AST_CHAR && v->kind != HL_AST_STRING)
                return e;
            if (v->kind == HL_AST_INTEGER && (v->flags & HL_AST_INT_BIG)) return e;
        }
        return NULL;
    case HL_AST_FUN_REMOTE:
        if (e->u.fun_remote.module->kind == HL_AST_ATOM &&
            e->u.fun_remote.function->kind == HL_AST_ATOM &&
            e->u.fun_remote.arity->kind == HL_AST_INTEGER)
            return NULL;
        return e;
    case HL_AST_OP1:
        if ((e->op == HL_TOK_PLUS || e->op == HL_TOK_MINUS) &&
            (e->u.arg->kind == HL_AST_CHAR || e->u.arg->kind == HL_AST_INTEGER ||
             e->u.arg->kind == HL_AST_FLOAT))
            return NULL;
        return e;
    case HL_AST_OP2:
        return farity && is_farity(e) ? NULL : e;
    default: return e;
    }
}

/* ---- attribute values ---------------------------------------------------- */

static _Noreturn void bad_at(hl_parser *p, const hl_ast *n, const char *msg);

/* attr_val: expr | expr ',' exprs | '(' expr ',' exprs ')'; also the typed
 * forms `expr :: Type` and `(expr :: Type)`, which erl_parse only accepts
 * for -type/-opaque/-record: reported at the attribute name once parsed. */
static hl_ast_list attr_val(hl_parser *p, const hl_token *nt, hl_ast_name name) {
    const char *typed_msg = hl_p_name_eq(name, "record") ? "bad record declaration" : "bad attribute";
    if (hl_p_kind(p) == HL_TOK_LPAREN) {
        size_t save = p->pos;
        hl_p_next(p);
        hl_ast *first = hl_p_expr(p);
        if (hl_p_kind(p) == HL_TOK_COMMA) {
            size_t mark = hl_p_mark(p);
            hl_p_push(p, first);
            while (hl_p_kind(p) == HL_TOK_COMMA) {
                hl_p_next(p);
                hl_p_push(p, hl_p_expr(p));
            }
            hl_p_expect(p, HL_TOK_RPAREN);
            return hl_p_collect(p, mark);
        }
        if (hl_p_kind(p) == HL_TOK_COLONCOLON) {
            hl_p_next(p);
            hl_p_top_type(p);
            hl_p_expect(p, HL_TOK_RPAREN);
            hl_p_error_at(p, nt->line, nt->col, "%s", typed_msg);
        }
        p->pos = save; /* just a parenthesised expression: parse it again */
    }
    hl_ast_list vals = hl_p_exprs(p);
    if (vals.count == 1 && hl_p_kind(p) == HL_TOK_COLONCOLON) {
        hl_p_next(p);
        hl_p_top_type(p);
        hl_p_error_at(p, nt->line, nt->col, "%s", typed_msg);
    }
    return vals;
}

static _Noreturn void bad_at(hl_parser *p, const hl_ast *n, const char *msg) {
    hl_loc l = hl_ast_first_loc(n);
    hl_p_error_at(p, l.line, l.col, "%s", msg);
}

/* farity_list: [Name/Arity, ...] */
static void export_list(hl_parser *p, hl_ast *attr, const hl_ast *e) {
    uint32_t n = e->kind == HL_AST_CONS ? e->u.cons.items.count : 0;
    hl_ast_fa *fas = hl_p_alloc(p, n, sizeof *fas);
    if (e->kind != HL_AST_NIL && e->kind != HL_AST_CONS) bad_at(p, e, "bad Name/Arity");
    for (uint32_t i = 0; i < n; i++) {
        const hl_ast *it = e->u.cons.items.items[i];
        /* erl_parse reports a non-F/A element at its list cell: the `[` for
         * the first element */
        if (!(it->kind == HL_AST_OP2 && it->op == HL_TOK_SLASH))
            bad_at(p, i == 0 ? e : it, "bad Name/Arity");
        const hl_ast *name = it->u.bin.left, *ar = it->u.bin.right;
        if (name->kind != HL_AST_ATOM) bad_at(p, name, "bad function name");
        if (ar->kind != HL_AST_INTEGER || (ar->flags & HL_AST_INT_BIG))
            bad_at(p, ar, "bad function arity");
        fas[i].name = name->u.name;
        fas[i].arity = ar->u.integer.i;
    }
    if (e->kind == HL_AST_CONS && e->u.cons.tail->kind != HL_AST_NIL)
        bad_at(p, e->u.cons.tail, "bad Name/Arity");
    attr->u.attr.fas = fas;
    attr->u.attr.nfas = n;
}

/* -record(Name, {Field [= Default] [:: Type], ...}). The declaration is
 * checked once complete (before the dot), as erl_parse does; a bad name is
 * reported at the name, or at `record` when a field is typed (erl_parse
 * then takes its typed-record path). */
static void record_attr(hl_parser *p, hl_ast *attr, const hl_token *name_tok) {
    bool paren = hl_p_kind(p) == HL_TOK_LPAREN;
    if (paren) hl_p_next(p);
    hl_ast *name = hl_p_expr(p);
    if (hl_p_kind(p) != HL_TOK_COMMA) {
        if (paren) hl_p_expect(p, HL_TOK_RPAREN);
        if (hl_p_kind(p) == HL_TOK_COLONCOLON) hl_p_syntax_error(p, hl_p_peek(p));
        bad_at(p, name, "bad record declaration");
    }
    hl_p_next(p);
    const hl_token *open = hl_p_peek(p);
    if (open->kind != HL_TOK_LBRACE) {
        hl_ast_list rest = hl_p_exprs(p);
        if (paren) hl_p_expect(p, HL_TOK_RPAREN);
        if (name->kind != HL_AST_ATOM) bad_at(p, name, "bad record declaration");
        bad_at(p, rest.count > 1 ? rest.items[1] : rest.items[0], "bad record declaration");
    }
    hl_p_next(p);
    size_t mark = hl_p_mark(p);
    bool typed = false;
    if (hl_p_kind(p) != HL_TOK_RBRACE) {
        for (;;) {
            hl_ast *e = hl_p_expr(p);
            hl_ast *type = NULL;
            if (hl_p_kind(p) == HL_TOK_COLONCOLON) {
                hl_p_next(p);
                type = hl_p_top_type(p);
                typed = true;
            }
            hl_ast *fname = NULL, *init = NULL;
            if (e->kind == HL_AST_ATOM) {
                fname = e;
            } else if (e->kind == HL_AST_MATCH && e->u.bin.left->kind == HL_AST_ATOM) {
                fname = e->u.bin.left;
                init = e->u.bin.right;
            }
            hl_ast *f = hl_p_node_at(p, HL_AST_RECORD_DECL_FIELD, e->line, e->col);
            if (fname) {
                f->line = fname->line;
                f->col = fname->col;
            }
            f->u.decl_field.name = fname ? fname : e;
            f->u.decl_field.init = init;
            f->u.decl_field.type = type;
            if (!fname) f->flags |= HL_AST_PAREN; /* marks "bad record field" */
            hl_p_child(p, f, e);
            hl_p_child(p, f, type);
            hl_p_push(p, f);
            if (hl_p_kind(p) != HL_TOK_COMMA) break;
            hl_p_next(p);
        }
    }
    hl_p_expect(p, HL_TOK_RBRACE);
    if (paren) hl_p_expect(p, HL_TOK_RPAREN);
    attr->u.attr.items = hl_p_collect(p, mark);
    if (name->kind != HL_AST_ATOM) {
        if (typed) hl_p_error_at(p, name_tok->line, name_tok->col, "bad record declaration");
        bad_at(p, name, "bad record declaration");
    }
    for (uint32_t i = 0; i < attr->u.attr.items.count; i++) {
        const hl_ast *f = attr->u.attr.items.items[i];
        if (f->flags & HL_AST_PAREN) bad_at(p, f->u.decl_field.name, "bad record field");
    }
    hl_p_expect(p, HL_TOK_DOT);
    attr->op = HL_ATTR_RECORD;
    attr->u.attr.target = name->u.name;
    hl_p_child_list(p, attr, attr->u.attr.items);
}

/* -spec / -callback: [Mod ':'] Name type_sigs, optionally in parentheses. */
static void spec_attr(hl_parser *p, hl_ast *attr) {
    bool paren = hl_p_kind(p) == HL_TOK_LPAREN;
    if (paren) hl_p_next(p);
    const hl_token *n1 = hl_p_expect(p, HL_TOK_ATOM);
    if (hl_p_kind(p) == HL_TOK_COLON) {
        hl_p_next(p);
        const hl_token *n2 = hl_p_expect(p, HL_TOK_ATOM);
        attr->u.attr.spec_module = hl_p_atomic(p, n1);
        attr->u.attr.target = hl_p_tok_name(n2);
    } else {
        attr->u.attr.target = hl_p_tok_name(n1);
    }
    size_t mark = hl_p_mark(p);
    hl_p_push(p, hl_p_spec_sig(p));
    while (hl_p_kind(p) == HL_TOK_SEMI) {
        hl_p_next(p);
        hl_p_push(p, hl_p_spec_sig(p));
    }
    if (paren) hl_p_expect(p, HL_TOK_RPAREN);
    hl_p_expect(p, HL_TOK_DOT);
    attr->u.attr.items = hl_p_collect(p, mark);
    hl_p_child_list(p, attr, attr->u.attr.items);
    attr->op = HL_ATTR_SPEC;
    /* The arity is the first signature's; all must agree (erl_lint's
     * spec_wrong_arity, checked here already). */
    int64_t arity = -1;
    for (uint32_t i = 0; i < attr->u.attr.items.count; i++) {
        const hl_ast *s = attr->u.attr.items.items[i];
        const hl_ast *f = s->kind == HL_AST_BOUNDED_FUN ? s->u.bounded.fun : s;
        int64_t a = f->u.type.args.items[0]->u.type.args.count;
        if (arity < 0) arity = a;
        else if (a != arity) hl_p_error_at(p, s->line, s->col, "spec has wrong arity");
    }
    attr->u.attr.spec_arity = arity;
}

/* -type / -opaque: Name(Vars) :: Type, optionally in parentheses
 * (erl_parse's build_typed_attribute). */
static void type_attr(hl_parser *p, hl_ast *attr, const hl_token *nt, hl_ast_name name) {
    bool paren = hl_p_kind(p) == HL_TOK_LPAREN;
    if (paren) hl_p_next(p);
    hl_ast *head = hl_p_expr(p);
    const char *decl = hl_p_name_eq(name, "type") ? "bad type declaration" : "bad opaque declaration";
    if (hl_p_kind(p) != HL_TOK_COLONCOLON) {
        if (paren) hl_p_expect(p, HL_TOK_RPAREN);
        hl_p_expect(p, HL_TOK_DOT);
        hl_p_error_at(p, nt->line, nt->col, "%s", decl);
    }
    hl_p_next(p);
    hl_ast *type = hl_p_top_type(p);
    if (paren) hl_p_expect(p, HL_TOK_RPAREN);
    if (head->kind != HL_AST_CALL || head->u.call.fun->kind != HL_AST_ATOM)
        hl_p_error_at(p, nt->line, nt->col, "%s", decl);
    hl_ast_list args = head->u.call.args;
    for (uint32_t i = 0; i < args.count; i++)
        if (args.items[i]->kind == HL_AST_VAR && hl_p_name_eq(args.items[i]->u.name, "_"))
            hl_p_error_at(p, args.items[i]->line, args.items[i]->col, "bad type variable");
    for (uint32_t i = 0; i < args.count; i++)
        if (args.items[i]->kind != HL_AST_VAR) hl_p_error_at(p, nt->line, nt->col, "%s", decl);
    hl_p_expect(p, HL_TOK_DOT);
    attr->op = HL_ATTR_TYPE;
    attr->u.attr.target = head->u.call.fun->u.name;
    attr->u.attr.items = args;
    attr->u.attr.spec_module = type;
    hl_p_child_list(p, attr, args);
    hl_p_child(p, attr, type);
}

static void attribute(form_ctx *fc) {
    hl_parser *p = fc->p;
    const hl_token *dash = hl_p_next(p);
    (void)dash;
    const hl_token *nt = hl_p_peek(p);
    hl_ast_name name;
    if (nt->kind == HL_TOK_ATOM) {
        name = hl_p_tok_name(nt);
    } else if (nt->kind >= HL_TOK_AFTER && nt->kind <= HL_TOK_XOR) {
        /* a reserved word such as -if: never admitted */
        const char *s = hl_token_kind_name((hl_token_kind)nt->kind);
        hl_p_error_at(p, nt->line, nt->col, "attribute -%s is not allowed in a Hyperlang program", s);
    } else {
        hl_p_syntax_error(p, nt);
    }
    if (!is_admitted(name)) {
        /* the name as Erlang writes the atom, so odd names stay one line */
        char text[300];
        quoted_name(nt, text, sizeof text);
        hl_p_error_at(p, nt->line, nt->col, "attribute -%s is not allowed in a Hyperlang program", text);
    }
    hl_p_next(p);
    hl_ast *attr = hl_p_node(p, HL_AST_ATTRIBUTE, nt);
    attr->u.attr.name = name;
    if (hl_p_name_eq(name, "record")) {
        record_attr(p, attr, nt);
    } else if (hl_p_name_eq(name, "spec") || hl_p_name_eq(name, "callback")) {
        spec_attr(p, attr);
    } else if (hl_p_name_eq(name, "type") || hl_p_name_eq(name, "opaque")) {
        type_attr(p, attr, nt, name);
    } else {
        /* erl_parse builds the attribute (and reports its semantic errors)
         * as soon as the value is complete, before it checks for the dot. */
        hl_ast_list vals = attr_val(p, nt, name);
        hl_ast *v = vals.items[0];
        if (hl_p_name_eq(name, "module")) {
            if (v->kind != HL_AST_ATOM) bad_at(p, v, "bad module declaration");
            if (vals.count > 1)
                bad_at(p, vals.items[1], "parameterized modules are not allowed in a Hyperlang program");
            attr->op = HL_ATTR_MODULE;
            attr->u.attr.target = v->u.name;
        } else if (hl_p_name_eq(name, "export")) {
            if (vals.count > 1) bad_at(p, vals.items[1], "bad export declaration");
            export_list(p, attr, v);
            attr->op = HL_ATTR_EXPORT;
        } else if (hl_p_name_eq(name, "import") && vals.count == 2) {
            /* -import(Module, [F/A, ...]) */
            if (v->kind != HL_AST_ATOM) bad_at(p, v, "bad import declaration");
            export_list(p, attr, vals.items[1]);
            attr->u.attr.import_module = v->u.name;
            attr->op = HL_ATTR_IMPORT;
        } else if (hl_p_name_eq(name, "file") && vals.count == 2) {
            /* -file(Name, Line): {Name, Line} */
            if (vals.items[0]->kind != HL_AST_STRING || vals.items[1]->kind != HL_AST_INTEGER)
                bad_at(p, vals.items[0], "bad file declaration");
            hl_ast *t = hl_p_node(p, HL_AST_TUPLE, nt);
            t->u.list = vals;
            hl_p_child_list(p, t, vals);
            attr->op = HL_ATTR_TERM;
            attr->u.attr.term = t;
            hl_p_child(p, attr, t);
        } else {
            if (vals.count > 1) bad_at(p, vals.items[1], "bad attribute");
            const hl_ast *bad = bad_term(v, true);
            if (bad) bad_at(p, v, "bad attribute");
            attr->op = HL_ATTR_TERM;
            attr->u.attr.term = v;
            hl_p_child(p, attr, v);
        }
        hl_p_expect(p, HL_TOK_DOT);
    }
    if (attr->op == HL_ATTR_MODULE) {
        if (fc->have_module)
            hl_p_error_at(p, nt->line, nt->col, "redefining module");
        if (fc->seen_form) hl_p_error_at(p, nt->line, nt->col, "-module must be the first form");
        fc->have_module = true;
        fc->module = attr->u.attr.target;
    }
    hl_p_push(p, attr);
}

static void function(form_ctx *fc) {
    hl_parser *p = fc->p;
    size_t mark = hl_p_mark(p);
    for (;;) {
        const hl_token *nt = hl_p_expect(p, HL_TOK_ATOM);
        hl_ast *c = hl_p_node(p, HL_AST_CLAUSE, nt);
        c->u.clause.patterns = hl_p_pat_args(p);
        hl_p_child_list(p, c, c->u.clause.patterns);
        hl_p_guard_body(p, c);
        hl_p_push(p, c);
        hl_p_push(p, (void *)nt);
        if (hl_p_kind(p) != HL_TOK_SEMI) break;
        hl_p_next(p);
    }
    hl_p_expect(p, HL_TOK_DOT);
    hl_ast_list both = hl_p_collect(p, mark);
    uint32_t n = both.count / 2;
    hl_ast **cs = hl_p_alloc(p, n, sizeof *cs);
    const hl_token *first = (const hl_token *)(void *)both.items[1];
    hl_ast_name name = hl_p_tok_name(first);
    uint32_t arity = ((hl_ast *)both.items[0])->u.clause.patterns.count;
    for (uint32_t i = 0; i < n; i++) {
        cs[i] = both.items[2 * i];
        hl_ast_name ni = hl_p_tok_name((const hl_token *)(void *)both.items[2 * i + 1]);
        if (ni.len != name.len || memcmp(ni.ptr, name.ptr, name.len) != 0 ||
            cs[i]->u.clause.patterns.count != arity)
            hl_p_error_at(p, cs[i]->line, cs[i]->col, "head mismatch");
    }
    hl_ast *f = hl_p_node(p, HL_AST_FUNCTION, first);
    f->u.function.name = name;
    f->u.function.arity = arity;
    f->u.function.clauses = (hl_ast_list){cs, n};
    hl_p_child_list(p, f, f->u.function.clauses);
    hl_p_push(p, f);
}

hl_ast_module *hl_parse_module(hl_token *toks, size_t ntoks, const hl_front_limits *lim,
                               hl_arena *arena, hl_diags *diags) {
    hl_ast_module *m = hl_arena_alloc(arena, sizeof *m);
    if (!m) {
        hl_diags_add(diags, 1, 1, "out of memory");
        return NULL;
    }
    memset(m, 0, sizeof *m);
    if (ntoks == 0) return m;
    hl_parser parser = {0};
    hl_parser *p = &parser;
    p->toks = toks;
    p->arena = arena;
    p->diags = diags;
    p->lim = lim;
    form_ctx fc = {p, {NULL, 0}, false, false};
    jmp_buf jb;
    p->fail = &jb;
    size_t forms_mark = 0; /* forms collect at the bottom of the scratch stack */
    volatile size_t start = 0;
    volatile bool oom = false;
    while (start < ntoks && toks[start].kind != HL_TOK_EOF && !oom) {
        size_t dot = start;
        while (dot < ntoks - 1 && toks[dot].kind != HL_TOK_DOT) dot++;
        size_t next = dot + 1;
        volatile size_t saved_top = p->scratch_top;
        if (setjmp(jb) == 0) {
            {
                p->pos = start;
                p->end = dot;
                p->depth = 0;
                if (hl_p_kind(p) == HL_TOK_MINUS) attribute(&fc);
                else if (hl_p_kind(p) == HL_TOK_ATOM) function(&fc);
                else hl_p_syntax_error(p, hl_p_peek(p));
                if (!fc.have_module) {
                    /* forms before -module: reported once, then dropped */
                    const hl_token *t = &toks[start];
                    if (!fc.seen_form) hl_diags_add(diags, t->line, t->col, "no module definition");
                    p->scratch_top = saved_top;
                }
            }
        } else {
            p->scratch_top = saved_top;
            if (diags->oom || p->fatal) oom = true;
        }
        fc.seen_form = true;
        /* A form that ran into end of input ends there. */
        start = toks[dot].kind == HL_TOK_EOF ? ntoks : next;
    }
    if (!fc.seen_form) hl_diags_add(diags, 1, 1, "no module definition");
    if (!oom && setjmp(jb) == 0) {
        p->pos = p->end = ntoks - 1;
        m->forms = hl_p_collect(p, forms_mark);
        m->name = fc.module;
    }
    hl_mem_free(p->scratch);
    return m;
}

hl_ast_list hl_parse_exprs_tokens(const hl_token *toks, size_t ntoks, const hl_front_limits *lim, hl_arena *arena,
                                  hl_diags *diags, bool *ok) {
    hl_ast_list r = {NULL, 0};
    *ok = false;
    if (ntoks == 0 || toks[ntoks - 1].kind != HL_TOK_DOT) return r;
    hl_parser parser = {0};
    hl_parser *p = &parser;
    p->toks = toks;
    p->arena = arena;
    p->diags = diags;
    p->lim = lim;
    p->pos = 0;
    p->end = ntoks - 1;
    jmp_buf jb;
    p->fail = &jb;
    if (setjmp(jb) == 0) {
        hl_ast_list l = hl_p_exprs(p);
        hl_p_expect(p, HL_TOK_DOT);
        r = l;
        *ok = true;
    }
    hl_mem_free(p->scratch);
    return r;
}
