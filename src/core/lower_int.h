/* lower_int.h — shared state of the AST → SafeCore lowering (lower*.c).
 *
 * Variables: each IR function has its own numbering. A name maps to one
 * number per function (so a variable bound in every branch of a case keeps
 * one register after it); funs and comprehensions are lifted into their own
 * functions and capture the enclosing variables they mention, computed
 * before their body is lowered (lw_capture), so a lifted function's captured
 * set never grows afterwards. Binding state (unbound / bound / unsafe) is
 * tracked per variable with an undo trail, which is how branches of case,
 * if, receive and try are analysed: Erlang's variable rules (unbound,
 * unsafe, not visible outside funs and comprehensions) fall out of it. */
#ifndef HL_CORE_LOWER_INT_H
#define HL_CORE_LOWER_INT_H

#include "base/diag.h"
#include "core/core.h"
#include "core/ir.h"

enum { VS_UNBOUND = 0, VS_BOUND = 1, VS_UNSAFE = 2 };

typedef struct lw_var {
    hl_ast_name name;
    uint8_t state;
    const char *unsafe_in;      /* construct name for "unsafe in 'case'" */
    uint32_t uline, ucol;       /* where that construct is */
    uint32_t stamp;             /* scratch for branch merging */
    uint32_t pattern_id;        /* pattern that bound it */
    uint32_t bin_id;            /* binary pattern that bound it (0: none) */
} lw_var;

typedef struct lw_trail {       /* undo entry: a variable's previous state or
                                   a name's previous mapping */
    uint32_t what;              /* var id, or slot | TRAIL_SLOT */
    uint32_t old;               /* name slot: old var id */
    lw_var saved;
} lw_trail;
#define TRAIL_SLOT 0x80000000u

typedef struct lw_fn {
    uint32_t index;             /* in the module's function array */
    lw_var *vars;
    uint32_t nvars, capvars;
    uint32_t *slots;            /* name hash → var id + 1 (0 = empty) */
    uint32_t nslots;            /* power of two */
    lw_trail *trail;
    uint32_t ntrail, captrail;
    hl_core_var *free_outer;    /* captured: enclosing function's var ids */
    hl_core_var *free_local;    /* ... and the ids that receive them here */
    uint32_t nfree;
} lw_fn;

typedef struct lw_import {      /* -import(module, [name/arity]) */
    hl_ast_name name;
    uint32_t arity;
    hl_ast_name module;
} lw_import;

typedef struct lw_named_fun {   /* the wrapper of one fun M:F/A */
    hl_ast_name module, name;
    uint32_t arity;
    uint32_t fn;
} lw_named_fun;

typedef struct lw_ctx {
    hl_core_module *m;
    hl_diags *diags;
    const hl_core_options *opts;
    const hl_ast_module *ast;
    lw_fn *fn;                  /* the function being lowered */
    /* module-wide tables */
    const hl_ast *const *records;   /* -record attributes by index */
    uint32_t funs_cap;
    uint32_t lifted_counter;
    uint64_t work;              /* prescan visits, bounded by a budget */
    uint32_t stamp;
    int pat_mode;               /* of the pattern being lowered */
    uint32_t head_base;         /* PAT_HEAD: variables from here are this
                                   head's own */
    bool oom;
    bool in_guard;
    uint32_t visible_records;   /* records a -record default may use: those
                                   declared before it (erl_lint) */
    bool quiet;                 /* inlining a default: already reported */
    bool quiet_unbound;         /* record defaults at a use site: their
                                   variables were reported at the -record */
    bool in_map_key;            /* pattern map key: only variables bound
                                   before the pattern */
    uint32_t pattern_id;        /* current clause head / match pattern */
    uint32_t bin_id;            /* binary pattern being lowered (0: none) */
    uint32_t bin_count;         /* binary patterns seen: their ids */
    bool in_bin_size;           /* a size in a binary pattern: variables of
                                   the current pattern only if bound by
                                   earlier segments of the same binary */
    uint32_t depth;             /* lw_expr / lw_pattern nesting */
    bool in_record_def;         /* checking a -record default */
    bool depth_reported;
    lw_import *imports;         /* -import, in the module's arena */
    uint32_t nimports;
    struct lw_named_fun *named_funs; /* fun M:F/A wrappers made so far
                                        (hl_mem), shared: such funs are =:= */
    uint32_t nnamed, capnamed;
} lw_ctx;

/* lower.c */
void *lw_alloc(lw_ctx *c, size_t size);
void *lw_array(lw_ctx *c, size_t count, size_t size);
void lw_error(lw_ctx *c, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
hl_core_node *lw_node(lw_ctx *c, hl_core_kind kind, uint32_t line, uint32_t col);
hl_core_node *lw_atom(lw_ctx *c, const char *name, uint32_t line, uint32_t col);
hl_core_node *lw_nil(lw_ctx *c, uint32_t line, uint32_t col);
hl_core_node *lw_var_node(lw_ctx *c, hl_core_var v, uint32_t line, uint32_t col);
hl_core_node *lw_tuple2(lw_ctx *c, hl_core_node *a, hl_core_node *b);
hl_core_node *lw_call(lw_ctx *c, const char *module, hl_ast_name name, uint32_t nargs,
                      uint32_t line, uint32_t col);
hl_core_node *lw_error_call(lw_ctx *c, hl_core_node *reason);
bool lw_name_eq(hl_ast_name a, const char *s);
hl_ast_name lw_cname(const char *s);
const hl_ast *lw_record(lw_ctx *c, hl_ast_name name);
/* Record field index (1-based, element index - 1) or 0 when undefined. */
uint32_t lw_record_field(const hl_ast *rec, hl_ast_name field);
uint32_t lw_record_nfields(const hl_ast *rec);
uint32_t lw_record_index_of(lw_ctx *c, const hl_ast *rec);
/* The i-th (0-based) field declaration. */
const hl_ast *lw_record_decl(const hl_ast *rec, uint32_t i);
int32_t lw_find_fun(lw_ctx *c, hl_ast_name name, uint32_t arity);
/* Adds a lifted function; returns its index or -1. */
int32_t lw_new_fun(lw_ctx *c, const char *kind, uint32_t arity, uint8_t origin, uint32_t line,
                   uint32_t col);

/* lower_import.c: -compile options (export_all), the -import table */
bool lw_module_attributes(lw_ctx *c, const hl_ast_module *ast);
const lw_import *lw_find_import(const lw_ctx *c, hl_ast_name name, uint32_t arity);
/* fun module:name/arity (auto_bif: fun BIF/A) as a lifted wrapper fun */
hl_core_node *lw_fun_wrapper(lw_ctx *c, const hl_ast *e, hl_ast_name module, hl_ast_name name, uint32_t arity,
                             bool auto_bif);

/* variables (lower.c) */
void lw_fn_init(lw_fn *f, uint32_t index);
void lw_fn_free(lw_fn *f);
hl_core_var lw_var_new(lw_ctx *c, hl_ast_name name);
/* The variable a name denotes in the current function, or NO_VAR. */
hl_core_var lw_lookup(lw_ctx *c, hl_ast_name name);
/* Maps name to a new variable (shadowing), trailed. */
hl_core_var lw_shadow(lw_ctx *c, hl_ast_name name);
void lw_set_state(lw_ctx *c, hl_core_var v, uint8_t state, const char *what, uint32_t line,
                  uint32_t col);
uint32_t lw_mark(lw_ctx *c);
void lw_undo(lw_ctx *c, uint32_t mark);
/* Reads a variable in an expression: reports unbound / unsafe. */
hl_core_node *lw_use_var(lw_ctx *c, const hl_ast *var);

/* Runs `branch` n times from the same state and merges: a variable bound in
 * every branch stays bound, one bound in only some becomes unsafe in
 * `what` (at line/col). */
typedef struct lw_branches {
    uint32_t mark;
    uint32_t count;             /* branches finished so far */
    /* per branch: the variables newly bound (ids), concatenated */
    hl_core_var *bound;
    uint32_t nbound, capbound;
    uint32_t *branch_end;       /* end offset into bound[] per branch */
    uint32_t capends;
    lw_var *unsafe;             /* unsafe after an inner construct (name
                                   holds the var id in len) */
    uint32_t nunsafe;
} lw_branches;
enum {
    LW_MERGE_CASE = 0,          /* bound in all branches: bound; some: unsafe */
    LW_MERGE_UNSAFE = 1,        /* everything bound inside is unsafe after */
    LW_MERGE_UNION = 2,         /* sibling expressions ({A, B}, f(A, B)): each
                                   sees none of the others' bindings; all are
                                   bound after (erl_lint) */
};
/* Variables bound since a trail mark (hl_mem array the caller frees). */
uint32_t lw_bound_since(lw_ctx *c, uint32_t mark, hl_core_var **out);
void lw_branches_begin(lw_ctx *c, lw_branches *b);
void lw_branches_next(lw_ctx *c, lw_branches *b);    /* after each branch */
void lw_branches_end(lw_ctx *c, lw_branches *b, const char *what, uint32_t line, uint32_t col,
                     int mode);

/* Captures for a lifted function: the variables named in `ast` (and the
 * extra ids) that are bound in the enclosing function. Must be called with
 * c->fn == child, parent passed explicitly. */
bool lw_capture(lw_ctx *c, lw_fn *parent, lw_fn *child, const hl_ast *const *asts, uint32_t nasts,
                const hl_core_var *extra, uint32_t nextra);
/* The child variable that receives parent variable `outer` (NO_VAR if not
 * captured). */
hl_core_var lw_captured(const lw_fn *child, hl_core_var outer);
/* Stores the finished function's variables and free list into the IR. */
bool lw_fn_finish(lw_ctx *c, lw_fn *f);

/* lower_expr.c */
hl_core_node *lw_expr(lw_ctx *c, const hl_ast *e);
hl_core_node *lw_body(lw_ctx *c, const hl_ast_list *body, uint32_t line, uint32_t col);
bool lw_guards(lw_ctx *c, const hl_ast *clause, hl_core_clause *out);
hl_core_node *lw_record_new(lw_ctx *c, const hl_ast *e, bool pattern);

/* lower_pat.c */
enum { PAT_NORMAL = 0, PAT_HEAD = 1 };
/* Lowers a pattern; `head` makes its variables fresh (fun heads and
 * generators shadow the enclosing variables). `seen` collects names bound
 * by this pattern for repeated occurrences. */
hl_core_node *lw_pattern(lw_ctx *c, const hl_ast *p, int mode);
hl_core_node *lw_bin(lw_ctx *c, const hl_ast *e, bool pattern);

/* lower_fun.c */
hl_core_node *lw_fun(lw_ctx *c, const hl_ast *e);
hl_core_node *lw_comprehension(lw_ctx *c, const hl_ast *e);
bool lw_function_clauses(lw_ctx *c, const hl_ast_list *clauses, uint32_t fun_index);

#endif
