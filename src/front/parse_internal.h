/* parse_internal.h — the parser's shared state and helpers, private to
 * src/front/parse*.c.
 *
 * The parser works one form at a time (tokens up to a `dot`). The first
 * error in a form is reported and ends that form: the parser longjmps back to
 * the form loop, which skips to the form's `dot` and goes on, so one file can
 * report several errors. Everything a form allocates lives in the arena, and
 * the scratch stack (used to collect sequences before they are copied into
 * the arena) is reset on that jump, so an abandoned form leaks nothing. */
#ifndef HL_FRONT_PARSE_INTERNAL_H
#define HL_FRONT_PARSE_INTERNAL_H

#include <string.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/diag.h"
#include "front/ast.h"
#include "front/limits.h"
#include "front/token.h"

typedef struct hl_parser {
    const hl_token *toks;   /* the current form's tokens end at toks[end] */
    size_t pos, end;
    hl_arena *arena;
    hl_diags *diags;
    const hl_front_limits *lim;
    uint32_t depth;         /* recursion depth of the parse functions */
    uintptr_t stack_base;   /* stack address at depth 1 (base/stack.h) */
    bool fatal;             /* out of memory: stop after this form */
    jmp_buf *fail;          /* where a form's first error jumps to */
    void **scratch;         /* sequence collection stack (hl_mem-owned) */
    size_t scratch_top, scratch_cap;
} hl_parser;

/* ---- tokens ---- */
static inline const hl_token *hl_p_peek(const hl_parser *p) { return &p->toks[p->pos]; }
static inline const hl_token *hl_p_peek_at(const hl_parser *p, size_t k) {
    size_t i = p->pos + k;
    return &p->toks[i < p->end ? i : p->end];
}
static inline int hl_p_kind(const hl_parser *p) { return p->toks[p->pos].kind; }
static inline int hl_p_kind_at(const hl_parser *p, size_t k) { return hl_p_peek_at(p, k)->kind; }
static inline const hl_token *hl_p_next(hl_parser *p) {
    const hl_token *t = &p->toks[p->pos];
    if (p->pos < p->end) p->pos++;
    return t;
}

/* ---- errors (all noreturn: they jump to the form loop) ---- */
_Noreturn void hl_p_syntax_error(hl_parser *p, const hl_token *t);
_Noreturn void hl_p_error_at(hl_parser *p, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
_Noreturn void hl_p_oom(hl_parser *p);
/* Consumes a token of `kind` or reports a syntax error before the current one. */
const hl_token *hl_p_expect(hl_parser *p, int kind);

/* ---- depth ---- */
void hl_p_enter(hl_parser *p, const hl_token *at);
static inline void hl_p_leave(hl_parser *p) { p->depth--; }

/* ---- allocation ---- */
hl_ast *hl_p_node(hl_parser *p, hl_ast_kind kind, const hl_token *at);
hl_ast *hl_p_node_at(hl_parser *p, hl_ast_kind kind, uint32_t line, uint32_t col);
void *hl_p_alloc(hl_parser *p, size_t count, size_t size);
/* Raises a node's depth to 1 + child's and enforces max_depth. */
void hl_p_child(hl_parser *p, hl_ast *n, const hl_ast *child);
void hl_p_child_list(hl_parser *p, hl_ast *n, hl_ast_list l);
/* Sequences: mark = hl_p_mark(p); push...; list = hl_p_collect(p, mark). */
static inline size_t hl_p_mark(const hl_parser *p) { return p->scratch_top; }
void hl_p_push(hl_parser *p, void *item);
hl_ast_list hl_p_collect(hl_parser *p, size_t mark);

/* ---- names and literals ---- */
hl_ast_name hl_p_tok_name(const hl_token *t);
hl_ast *hl_p_atomic(hl_parser *p, const hl_token *t); /* atom/var/int/float/char */
hl_ast *hl_p_strings(hl_parser *p);   /* one or more adjacent STRING tokens */
/* Inline so that strlen of the literal the callers pass folds away. */
static inline bool hl_p_name_eq(hl_ast_name n, const char *s) {
    size_t l = strlen(s);
    return n.len == l && memcmp(n.ptr, s, l) == 0;
}

static inline void hl_p_set_loc(hl_ast *n, hl_loc l) {
    n->line = l.line;
    n->col = l.col;
    if (l.line_only) n->flags |= HL_AST_LINE_ONLY;
    else n->flags &= (uint8_t)~HL_AST_LINE_ONLY;
}

/* ---- grammar entry points ---- */
hl_ast *hl_p_op2(hl_parser *p, const hl_token *op, hl_ast *l, hl_ast *r);
hl_ast *hl_p_op1(hl_parser *p, const hl_token *op, hl_ast *a);
hl_ast *hl_p_expr_max(hl_parser *p, bool pat);  /* expr_max / pat_expr_max */
hl_ast *hl_p_expr(hl_parser *p);          /* expr */
hl_ast *hl_p_pat_expr(hl_parser *p);      /* pat_expr */
hl_ast_list hl_p_exprs(hl_parser *p);     /* exprs: expr {',' expr} */
hl_ast_list hl_p_pat_args(hl_parser *p);  /* '(' [pat_exprs] ')' */
/* clause_guard clause_body into clause c */
void hl_p_guard_body(hl_parser *p, hl_ast *c);
hl_ast *hl_p_top_type(hl_parser *p);      /* top_type */
hl_ast *hl_p_spec_sig(hl_parser *p);      /* type_sig */
/* typed_expr: expr '::' top_type ; NULL type when no '::' follows */
#endif
