/* parse.c — the parser's core: errors, depth limit, node allocation,
 * sequences, literals, and erl_parse's first_anno/last_anno locations.
 * The grammar itself is in parse_expr.c, parse_type.c and parse_form.c. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "base/mem.h"
#include "base/meter.h"
#include "base/stack.h"
#include "front/dump.h"
#include "front/parse_internal.h"

/* ---- errors ---------------------------------------------------------------- */

_Noreturn void hl_p_error_at(hl_parser *p, uint32_t line, uint32_t col, const char *fmt, ...) {
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    hl_diags_add(p->diags, line, col, "%s", msg);
    longjmp(*p->fail, 1);
}

_Noreturn void hl_p_oom(hl_parser *p) {
    const hl_token *t = hl_p_peek(p);
    p->fatal = true;
    hl_p_error_at(p, t->line, t->col, "out of memory (or over the compile memory limit)");
}

/* erl_parse's yecctoken2string rendering of the token an error is before. */
static void render_token(const hl_token *t, hl_buf *b) {
    switch (t->kind) {
    case HL_TOK_ATOM: hl_dump_atom(b, t->v.text.ptr, t->v.text.len); break;
    case HL_TOK_VAR: hl_buf_append(b, t->v.text.ptr, t->v.text.len); break;
    case HL_TOK_INTEGER:
        if (t->big) hl_buf_append(b, t->v.text.ptr, t->v.text.len);
        else hl_buf_put_i64(b, t->v.i);
        break;
    case HL_TOK_FLOAT: hl_dump_float(b, t->v.f); break;
    case HL_TOK_CHAR: hl_dump_char(b, (uint32_t)t->v.i); break;
    case HL_TOK_STRING: hl_dump_string_literal(b, t->v.text.ptr, t->v.text.len); break;
    case HL_TOK_DOT: hl_buf_puts(b, "'.'"); break;
    case HL_TOK_EOF: break;
    default: {
        const char *s = hl_token_kind_name((hl_token_kind)t->kind);
        hl_dump_atom(b, s, strlen(s));
    }
    }
}

_Noreturn void hl_p_syntax_error(hl_parser *p, const hl_token *t) {
    hl_buf b;
    hl_buf_init(&b, 300);
    render_token(t, &b);
    uint32_t line = t->line, col = t->col;
    if (t->kind == HL_TOK_EOF && t != p->toks) {
        /* yecc locates "before: end of input" at the last token */
        line = t[-1].line;
        col = t[-1].col;
    }
    hl_diags_add(p->diags, line, col, "syntax error before: %s", b.failed ? "" : (b.data ? b.data : ""));
    hl_buf_free(&b);
    longjmp(*p->fail, 1);
}

const hl_token *hl_p_expect(hl_parser *p, int kind) {
    const hl_token *t = hl_p_peek(p);
    if (t->kind != kind) hl_p_syntax_error(p, t);
    return hl_p_next(p);
}

void hl_p_enter(hl_parser *p, const hl_token *at) {
    if (++p->depth > p->lim->max_depth)
        hl_p_error_at(p, at->line, at->col, "nesting too deep (limit %u)", (unsigned)p->lim->max_depth);
    /* The depth limit bounds the recursion; the stack budget bounds its
     * bytes, whatever the frame sizes of this build. */
    if (p->depth == 1) p->stack_base = hl_stack_here();
    else if (!hl_stack_within(p->stack_base, p->lim->max_stack_bytes))
        hl_p_error_at(p, at->line, at->col, "nesting too deep (stack limit of %zu bytes)",
                      p->lim->max_stack_bytes);
}

/* ---- allocation ---------------------------------------------------------- */

void *hl_p_alloc(hl_parser *p, size_t count, size_t size) {
    void *m = hl_arena_alloc_array(p->arena, count ? count : 1, size);
    if (!m) hl_p_oom(p);
    return m;
}

hl_ast *hl_p_node_at(hl_parser *p, hl_ast_kind kind, uint32_t line, uint32_t col) {
    if (!hl_meter_charge(1)) { /* the compilation's work budget or wall clock */
        char msg[200];
        hl_meter_message(hl_meter_current, msg, sizeof msg);
        p->fatal = true;
        hl_p_error_at(p, line, col, "%s", msg);
    }
    hl_ast *n = hl_p_alloc(p, 1, sizeof *n);
    memset(n, 0, sizeof *n);
    n->kind = (uint8_t)kind;
    n->line = line;
    n->col = col;
    n->depth = 1;
    return n;
}

hl_ast *hl_p_node(hl_parser *p, hl_ast_kind kind, const hl_token *at) {
    return hl_p_node_at(p, kind, at->line, at->col);
}

/* The AST may be a few levels deeper than the parse recursion (a clause
 * inside a case inside a fun...), never more than this over max_depth. */
enum { DEPTH_SLACK = 8 };

void hl_p_child(hl_parser *p, hl_ast *n, const hl_ast *child) {
    if (child && child->depth + 1 > n->depth) {
        n->depth = child->depth + 1;
        if (n->depth > p->lim->max_depth + DEPTH_SLACK)
            hl_p_error_at(p, n->line, n->col, "nesting too deep (limit %u)",
                          (unsigned)p->lim->max_depth);
    }
}

void hl_p_child_list(hl_parser *p, hl_ast *n, hl_ast_list l) {
    for (uint32_t i = 0; i < l.count; i++) hl_p_child(p, n, l.items[i]);
}

void hl_p_push(hl_parser *p, void *item) {
    if (p->scratch_top == p->scratch_cap) {
        size_t cap = p->scratch_cap ? p->scratch_cap * 2 : 256;
        void **s = hl_mem_realloc_array(p->scratch, cap, sizeof *s);
        if (!s) hl_p_oom(p);
        p->scratch = s;
        p->scratch_cap = cap;
    }
    p->scratch[p->scratch_top++] = item;
}

hl_ast_list hl_p_collect(hl_parser *p, size_t mark) {
    size_t n = p->scratch_top - mark;
    if (n == 0) return (hl_ast_list){NULL, 0};
    if (n > UINT32_MAX) hl_p_oom(p);
    hl_ast **items = hl_p_alloc(p, n, sizeof *items);
    if (n) memcpy(items, p->scratch + mark, n * sizeof *items);
    p->scratch_top = mark;
    return (hl_ast_list){items, (uint32_t)n};
}

/* ---- literals ------------------------------------------------------------- */

hl_ast_name hl_p_tok_name(const hl_token *t) {
    return (hl_ast_name){(const char *)t->v.text.ptr, t->v.text.len};
}

hl_ast *hl_p_atomic(hl_parser *p, const hl_token *t) {
    hl_ast *n;
    switch (t->kind) {
    case HL_TOK_VAR:
    case HL_TOK_ATOM:
        n = hl_p_node(p, t->kind == HL_TOK_VAR ? HL_AST_VAR : HL_AST_ATOM, t);
        n->u.name = hl_p_tok_name(t);
        return n;
    case HL_TOK_INTEGER:
        n = hl_p_node(p, HL_AST_INTEGER, t);
        if (t->big) {
            n->flags |= HL_AST_INT_BIG;
            n->u.integer.digits = hl_p_tok_name(t);
        } else {
            n->u.integer.i = t->v.i;
        }
        return n;
    case HL_TOK_CHAR:
        n = hl_p_node(p, HL_AST_CHAR, t);
        n->u.integer.i = t->v.i;
        return n;
    case HL_TOK_FLOAT:
        n = hl_p_node(p, HL_AST_FLOAT, t);
        n->u.f = t->v.f;
        return n;
    default: hl_p_syntax_error(p, t);
    }
}

hl_ast *hl_p_strings(hl_parser *p) {
    const hl_token *first = hl_p_next(p);
    hl_ast *n = hl_p_node(p, HL_AST_STRING, first);
    if (hl_p_kind(p) != HL_TOK_STRING) {
        n->u.string.chars = first->v.text.ptr;
        n->u.string.len = first->v.text.len;
        return n;
    }
    /* Adjacent literals: erl_parse concatenates them, located at the first. */
    size_t total = first->v.text.len;
    size_t end = p->pos;
    while (end < p->end && p->toks[end].kind == HL_TOK_STRING) {
        total += p->toks[end].v.text.len;
        if (total > p->lim->max_string_chars)
            hl_p_error_at(p, first->line, first->col, "string literal too long (limit %u characters)",
                          (unsigned)p->lim->max_string_chars);
        end++;
    }
    uint32_t *chars = hl_p_alloc(p, total, sizeof *chars);
    size_t at = 0;
    for (size_t i = p->pos - 1; i < end; i++) {
        const hl_token *t = &p->toks[i];
        if (t->v.text.len) memcpy(chars + at, t->v.text.ptr, t->v.text.len * sizeof *chars);
        at += t->v.text.len;
    }
    p->pos = end;
    n->u.string.chars = chars;
    n->u.string.len = (uint32_t)total;
    return n;
}

/* ---- first_anno / last_anno -------------------------------------------------
 *
 * erl_parse:first_anno/1 folds over a node's annotations in element order
 * (the node's own first, then its children left to right) and stops at the
 * first one greater than the smallest seen so far. OTP uses it to locate
 * matches, calls, clauses and bin elements at their leftmost token. */

typedef struct walk {
    hl_loc acc;
    bool stopped;
} walk;

static bool loc_le(hl_loc a, hl_loc b) {
    uint32_t ac = a.line_only ? 1 : a.col, bc = b.line_only ? 1 : b.col;
    return a.line < b.line || (a.line == b.line && ac <= bc);
}

static hl_loc loc_of(const hl_ast *n) {
    return (hl_loc){n->line, n->col, (n->flags & HL_AST_LINE_ONLY) != 0};
}

static void first_walk(const hl_ast *n, walk *w);

static void visit_loc(hl_loc l, walk *w) {
    if (w->stopped) return;
    if (loc_le(l, w->acc)) w->acc = l;
    else w->stopped = true;
}

static void first_list(hl_ast_list l, walk *w) {
    for (uint32_t i = 0; i < l.count && !w->stopped; i++) first_walk(l.items[i], w);
}

static void first_walk(const hl_ast *n, walk *w) {
    if (!n || w->stopped) return;
    visit_loc(loc_of(n), w);
    if (w->stopped) return;
    switch ((hl_ast_kind)n->kind) {
    case HL_AST_CONS:
        for (uint32_t i = 0; i < n->u.cons.items.count && !w->stopped; i++) {
            if (i > 0) visit_loc(hl_ast_first_loc(n->u.cons.items.items[i]), w);
            first_walk(n->u.cons.items.items[i], w);
        }
        first_walk(n->u.cons.tail, w);
        break;
    case HL_AST_TUPLE: case HL_AST_BIN: case HL_AST_BLOCK: case HL_AST_IF:
        first_list(n->u.list, w);
        break;
    case HL_AST_MAP:
        first_walk(n->u.map.base, w);
        first_list(n->u.map.fields, w);
        break;
    case HL_AST_MAP_ASSOC: case HL_AST_MAP_EXACT: case HL_AST_MATCH: case HL_AST_REMOTE:
    case HL_AST_GENERATE: case HL_AST_B_GENERATE: case HL_AST_OP2:
        first_walk(n->u.bin.left, w);
        first_walk(n->u.bin.right, w);
        break;
    case HL_AST_OP1: case HL_AST_CATCH: first_walk(n->u.arg, w); break;
    case HL_AST_RECORD:
        first_walk(n->u.record.base, w);
        first_list(n->u.record.fields, w);
        break;
    case HL_AST_RECORD_FIELD:
        first_walk(n->u.rfield.field, w);
        first_walk(n->u.rfield.value, w);
        break;
    case HL_AST_RECORD_INDEX: case HL_AST_RECORD_ACCESS:
        first_walk(n->u.raccess.base, w);
        first_walk(n->u.raccess.field, w);
        break;
    case HL_AST_BIN_ELEMENT:
        first_walk(n->u.bin_element.value, w);
        first_walk(n->u.bin_element.size, w);
        break;
    case HL_AST_CALL:
        first_walk(n->u.call.fun, w);
        first_list(n->u.call.args, w);
        break;
    case HL_AST_FUN_REMOTE:
        first_walk(n->u.fun_remote.module, w);
        first_walk(n->u.fun_remote.function, w);
        first_walk(n->u.fun_remote.arity, w);
        break;
    case HL_AST_FUN: case HL_AST_NAMED_FUN: first_list(n->u.fun.clauses, w); break;
    case HL_AST_CASE:
        first_walk(n->u.case_.expr, w);
        first_list(n->u.case_.clauses, w);
        break;
    case HL_AST_RECEIVE:
        first_list(n->u.receive.clauses, w);
        first_walk(n->u.receive.timeout, w);
        first_list(n->u.receive.after, w);
        break;
    case HL_AST_TRY:
        first_list(n->u.try_.body, w);
        first_list(n->u.try_.of, w);
        first_list(n->u.try_.catches, w);
        first_list(n->u.try_.after, w);
        break;
    case HL_AST_LC: case HL_AST_BC:
        first_walk(n->u.comp.template_, w);
        first_list(n->u.comp.qualifiers, w);
        break;
    case HL_AST_CLAUSE:
        first_list(n->u.clause.patterns, w);
        for (uint32_t i = 0; i < n->u.clause.nguards && !w->stopped; i++)
            first_list(n->u.clause.guards[i], w);
        first_list(n->u.clause.body, w);
        break;
    case HL_AST_TYPE: case HL_AST_USER_TYPE: first_list(n->u.type.args, w); break;
    case HL_AST_REMOTE_TYPE:
        first_walk(n->u.type.module, w);
        first_walk(n->u.type.name_node, w);
        first_list(n->u.type.args, w);
        break;
    case HL_AST_ANN_TYPE:
        first_walk(n->u.ann.var, w);
        first_walk(n->u.ann.type, w);
        break;
    case HL_AST_CONSTRAINT:
        visit_loc(loc_of(n), w); /* the is_subtype atom */
        first_walk(n->u.ann.var, w);
        first_walk(n->u.ann.type, w);
        break;
    case HL_AST_BOUNDED_FUN:
        first_walk(n->u.bounded.fun, w);
        first_list(n->u.bounded.constraints, w);
        break;
    default: break;
    }
}

hl_loc hl_ast_first_loc(const hl_ast *n) {
    walk w = {loc_of(n), false};
    first_walk(n, &w);
    return w.acc;
}

/* last_anno: the greatest location anywhere in the node (used by OTP for
 * the implicit stack-trace variable of a try clause). */
static void last_walk(const hl_ast *n, hl_loc *max);

static void last_list(hl_ast_list l, hl_loc *max) {
    for (uint32_t i = 0; i < l.count; i++) last_walk(l.items[i], max);
}

static void last_walk(const hl_ast *n, hl_loc *max) {
    if (!n) return;
    hl_loc l = loc_of(n);
    if (!loc_le(l, *max)) *max = l;
    switch ((hl_ast_kind)n->kind) {
    case HL_AST_CONS:
        last_list(n->u.cons.items, max);
        last_walk(n->u.cons.tail, max);
        break;
    case HL_AST_TUPLE: case HL_AST_BIN: case HL_AST_BLOCK: case HL_AST_IF:
        last_list(n->u.list, max);
        break;
    case HL_AST_MAP:
        last_walk(n->u.map.base, max);
        last_list(n->u.map.fields, max);
        break;
    case HL_AST_MAP_ASSOC: case HL_AST_MAP_EXACT: case HL_AST_MATCH: case HL_AST_REMOTE:
    case HL_AST_GENERATE: case HL_AST_B_GENERATE: case HL_AST_OP2:
        last_walk(n->u.bin.left, max);
        last_walk(n->u.bin.right, max);
        break;
    case HL_AST_OP1: case HL_AST_CATCH: last_walk(n->u.arg, max); break;
    case HL_AST_RECORD:
        last_walk(n->u.record.base, max);
        last_list(n->u.record.fields, max);
        break;
    case HL_AST_RECORD_FIELD:
        last_walk(n->u.rfield.field, max);
        last_walk(n->u.rfield.value, max);
        break;
    case HL_AST_RECORD_INDEX: case HL_AST_RECORD_ACCESS:
        last_walk(n->u.raccess.base, max);
        last_walk(n->u.raccess.field, max);
        break;
    case HL_AST_BIN_ELEMENT:
        last_walk(n->u.bin_element.value, max);
        last_walk(n->u.bin_element.size, max);
        break;
    case HL_AST_CALL:
        last_walk(n->u.call.fun, max);
        last_list(n->u.call.args, max);
        break;
    case HL_AST_FUN_REMOTE:
        last_walk(n->u.fun_remote.module, max);
        last_walk(n->u.fun_remote.function, max);
        last_walk(n->u.fun_remote.arity, max);
        break;
    case HL_AST_FUN: case HL_AST_NAMED_FUN: last_list(n->u.fun.clauses, max); break;
    case HL_AST_CASE:
        last_walk(n->u.case_.expr, max);
        last_list(n->u.case_.clauses, max);
        break;
    case HL_AST_RECEIVE:
        last_list(n->u.receive.clauses, max);
        last_walk(n->u.receive.timeout, max);
        last_list(n->u.receive.after, max);
        break;
    case HL_AST_TRY:
        last_list(n->u.try_.body, max);
        last_list(n->u.try_.of, max);
        last_list(n->u.try_.catches, max);
        last_list(n->u.try_.after, max);
        break;
    case HL_AST_LC: case HL_AST_BC:
        last_walk(n->u.comp.template_, max);
        last_list(n->u.comp.qualifiers, max);
        break;
    case HL_AST_CLAUSE:
        last_list(n->u.clause.patterns, max);
        for (uint32_t i = 0; i < n->u.clause.nguards; i++) last_list(n->u.clause.guards[i], max);
        last_list(n->u.clause.body, max);
        break;
    default: break;
    }
}

hl_loc hl_ast_last_loc(const hl_ast *n) {
    hl_loc max = loc_of(n);
    last_walk(n, &max);
    return max;
}

const char *hl_ast_kind_name(hl_ast_kind kind) {
    static const char *const names[HL_AST__KIND_COUNT] = {
        "var", "atom", "integer", "float", "char", "string", "nil", "cons", "tuple", "map",
        "map_field_assoc", "map_field_exact", "record", "record_field", "record_index",
        "record_field_access", "bin", "bin_element", "op1", "op2", "match", "call", "remote",
        "fun_local", "fun_remote", "fun", "named_fun", "case", "if", "receive", "try", "catch",
        "block", "lc", "bc", "generate", "b_generate", "clause", "type", "user_type",
        "remote_type", "ann_type", "constraint", "bounded_fun", "function", "attribute",
        "record_decl_field"};
    return (unsigned)kind < HL_AST__KIND_COUNT ? names[kind] : "?";
}
