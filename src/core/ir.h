/* ir.h — SafeCore, Hyperlang's own intermediate representation
 * (docs/design.md §1 steps 2–5; the full description is docs/safecore.md).
 *
 * A SafeCore module is a flat array of functions. Everything the parser
 * admits is lowered into a small set of node kinds; funs and comprehensions
 * become lifted local functions, records become tuples, operators become
 * calls. Each call carries exactly one kind after classification (local,
 * host binding, allowlisted builtin/stdlib, runtime surface), which is what
 * the codegen and the bytecode gate rely on.
 *
 * Shape invariants (checked by core/verify.c):
 * - every variable is a per-function number below hl_core_fun.nvars; in a
 *   pattern a VAR node with HL_CF_BIND binds it, any other occurrence
 *   (pattern or expression) reads it and it is bound on every path there;
 * - a function has `arity` explicit parameters followed by `nfree` captured
 *   values (lifted funs and comprehensions); clause patterns cover only the
 *   explicit ones, free[] names the variables that receive the others;
 * - node depth is bounded (max_depth + a constant), so passes may recurse;
 * - all memory belongs to the hl_core_module's arena.
 */
#ifndef HL_CORE_IR_H
#define HL_CORE_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "front/ast.h"

typedef uint32_t hl_core_var;
#define HL_CORE_NO_VAR UINT32_MAX

typedef struct hl_core_node hl_core_node;

/* ---- literals ------------------------------------------------------------ */

typedef enum hl_core_lit_kind {
    HL_LIT_ATOM,     /* name */
    HL_LIT_INT,      /* i */
    HL_LIT_BIGINT,   /* digits: decimal, optional leading '-' */
    HL_LIT_FLOAT,    /* f */
    HL_LIT_STRING,   /* chars: a proper list of code points (never empty) */
    HL_LIT_NIL,      /* [] */
} hl_core_lit_kind;

typedef struct hl_core_lit {
    uint8_t kind;    /* hl_core_lit_kind */
    union {
        hl_ast_name name;      /* ATOM */
        int64_t i;             /* INT */
        hl_ast_name digits;    /* BIGINT */
        double f;              /* FLOAT */
        struct {
            const uint32_t *chars;
            uint32_t len;
        } str;                 /* STRING */
    } u;
} hl_core_lit;

/* ---- calls ---------------------------------------------------------------- */

typedef enum hl_core_call_kind {
    HL_CALL_UNRESOLVED,  /* before classification: module (len 0 = written
                            without one), name, arity */
    HL_CALL_LOCAL,       /* target: index into hl_core_module.funs; args are
                            the explicit arguments then the captured values */
    HL_CALL_BUILTIN,     /* target: id in core/builtins.def (C BIF or stdlib
                            function written in Erlang) */
    HL_CALL_BINDING,     /* target: index into the declared host bindings */
    HL_CALL_SURFACE,     /* target: id in core/builtins.def of kind SURFACE,
                            granted by a capability */
    HL_CALL_REMOTE,      /* an exported function of another module of the
                            same program (module, name, arity; target: the
                            peer's index in the compile options) */
} hl_core_call_kind;

/* ---- node kinds ------------------------------------------------------------ */

typedef enum hl_core_kind {
    /* expressions and patterns */
    HL_CORE_LIT,        /* lit */
    HL_CORE_VAR,        /* var: in patterns HL_CF_BIND marks a binding */
    HL_CORE_WILD,       /* pattern `_` */
    HL_CORE_TUPLE,      /* list.items */
    HL_CORE_CONS,       /* list.items (>= 1) consed onto list.tail */
    HL_CORE_MAP,        /* map: base NULL = creation; pairs. In patterns all
                           pairs are exact and base is NULL */
    HL_CORE_BIN,        /* bin.segs: construction or matching */
    HL_CORE_ALIAS,      /* pattern P1 = P2: pair.a, pair.b both patterns */
    /* expressions only */
    HL_CORE_SEQ,        /* list.items (>= 1): value of the last */
    HL_CORE_MATCH,      /* pair.a pattern = pair.b expression; value: b's;
                           no match raises {badmatch, V} */
    HL_CORE_CASE,       /* case_: arg, clauses (one pattern each; `if` is
                           case true of _ when G -> ...); no clause
                           matching raises per fail */
    HL_CORE_RECEIVE,    /* receive: clauses (one pattern each), optional
                           timeout expression and after body */
    HL_CORE_TRY,        /* try_: body; of clauses (one pattern each, applied
                           to the body's value; absent: value is the body's);
                           catch clauses (3 patterns: class, reason, stack);
                           after body (or NULL) */
    HL_CORE_CATCH,      /* arg: `catch E` */
    HL_CORE_CALL,       /* call */
    HL_CORE_APPLY,      /* apply: a fun value applied to args (F(X)) */
    HL_CORE_MAKE_FUN,   /* make_fun: closure of a lifted local function
                           capturing the listed variables */
    HL_CORE_RECORD_GET, /* rget: element(index, arg) after checking that arg
                           is a tuple of `size` whose first element is the
                           atom `name`; otherwise raises {badrecord, Arg}
                           (in a guard: the guard fails) */
    HL_CORE__KIND_COUNT
} hl_core_kind;

/* What a CASE with no matching clause raises. */
typedef enum hl_core_fail {
    HL_FAIL_CASE_CLAUSE,   /* {case_clause, V} */
    HL_FAIL_IF_CLAUSE,     /* if_clause */
    HL_FAIL_BADARG,        /* badarg (andalso/orelse on a non-boolean) */
    HL_FAIL_BAD_FILTER,    /* {bad_filter, V} (comprehension filter) */
    HL_FAIL_BADRECORD,     /* {badrecord, V} (record update) */
    HL_FAIL_TRY_CLAUSE,    /* {try_clause, V} (try ... of) */
} hl_core_fail;

enum {
    HL_CF_BIND = 1,        /* VAR in a pattern: this occurrence binds */
    HL_CF_GUARD_BOOL = 2,  /* CASE lowered from andalso/orelse: allowed in
                              guards */
    HL_CF_OPERATOR = 4,    /* CALL lowered from an operator */
    HL_CF_AUTO = 8,        /* CALL written without a module that resolved
                              to an auto-imported erlang BIF */
    HL_CF_INTERNAL = 16,   /* CALL generated by lowering (may target
                              builtins guests cannot name) */
};

typedef struct hl_core_guard {   /* one guard: all tests must be true */
    hl_core_node **tests;
    uint32_t count;
} hl_core_guard;

typedef struct hl_core_clause {
    uint32_t line, col;
    hl_core_node **pats;
    uint32_t npats;
    hl_core_guard *guards;       /* guard sequence: any guard true; 0 = none */
    uint32_t nguards;
    hl_core_node *body;          /* a SEQ or a single expression */
} hl_core_clause;

typedef struct hl_core_pair {    /* map pair */
    hl_core_node *key, *value;
    bool exact;                  /* K := V */
} hl_core_pair;

typedef enum hl_core_bin_type {
    HL_BIN_INTEGER, HL_BIN_FLOAT, HL_BIN_BINARY, HL_BIN_BITSTRING,
    HL_BIN_UTF8, HL_BIN_UTF16, HL_BIN_UTF32,
} hl_core_bin_type;

typedef struct hl_core_seg {
    uint32_t line, col;
    hl_core_node *value;
    hl_core_node *size;          /* NULL: the type's default (or `all` for a
                                    final binary); else an expression */
    uint8_t type;                /* hl_core_bin_type */
    bool is_signed;
    uint8_t endian;              /* 0 big, 1 little, 2 native */
    uint16_t unit;               /* 1..256; 0: the type's default */
} hl_core_seg;

struct hl_core_node {
    uint8_t kind;                /* hl_core_kind */
    uint8_t flags;               /* HL_CF_* */
    uint16_t pad_;
    uint32_t line, col;
    union {
        hl_core_lit lit;
        hl_core_var var;
        struct {
            hl_core_node **items;
            uint32_t count;
            hl_core_node *tail;          /* CONS only */
        } list;
        struct {
            hl_core_node *base;
            hl_core_pair *pairs;
            uint32_t count;
        } map;
        struct {
            hl_core_seg *segs;
            uint32_t count;
        } bin;
        struct {
            hl_core_node *a, *b;
        } pair;
        struct {
            hl_core_node *arg;
            hl_core_clause *clauses;
            uint32_t count;
            uint8_t fail;                /* hl_core_fail */
        } case_;
        struct {
            hl_core_clause *clauses;
            uint32_t count;
            hl_core_node *timeout;       /* NULL: no after */
            hl_core_node *after;
        } receive;
        struct {
            hl_core_node *body;
            hl_core_clause *of;
            uint32_t nof;
            bool has_of;
            hl_core_clause *catches;
            uint32_t ncatch;
            hl_core_node *after;         /* NULL: none */
        } try_;
        hl_core_node *arg;               /* CATCH */
        struct {
            uint8_t kind;                /* hl_core_call_kind */
            uint32_t target;
            hl_ast_name module, name;    /* as written; module "erlang" for
                                            operators and auto-imports */
            uint32_t arity;
            hl_core_node **args;         /* LOCAL: arity + callee's nfree */
            uint32_t nargs;
        } call;
        struct {
            hl_core_node *fun;
            hl_core_node **args;
            uint32_t nargs;
        } apply;
        struct {
            uint32_t fn;                 /* lifted function index */
            hl_core_var *free;           /* caller's variables, in the order
                                            of the callee's free[] */
            uint32_t nfree;
        } make_fun;
        struct {
            hl_core_node *arg;
            hl_ast_name name;
            uint32_t index, size;        /* 1-based element index; tuple size */
        } rget;
    } u;
};

typedef enum hl_core_origin {
    HL_ORIGIN_SOURCE,    /* a function of the module */
    HL_ORIGIN_FUN,       /* an anonymous fun body */
    HL_ORIGIN_NAMED_FUN, /* fun Name(...) */
    HL_ORIGIN_LC,        /* a list comprehension generator loop */
    HL_ORIGIN_BC,        /* a binary comprehension generator loop */
} hl_core_origin;

typedef struct hl_core_fun {
    hl_ast_name name;            /* source name; lifted: "-f/1-fun-0-" etc. */
    uint32_t arity;              /* explicit parameters */
    uint32_t nfree;              /* captured values after them */
    hl_core_var *free;           /* variables receiving the captured values */
    hl_core_var self_var;        /* named fun: bound to this closure on entry;
                                    else HL_CORE_NO_VAR */
    bool exported;
    uint8_t origin;              /* hl_core_origin */
    uint32_t line, col;
    uint32_t nvars;
    hl_ast_name *var_names;      /* source names, for messages ("" generated) */
    hl_core_clause *clauses;
    uint32_t nclauses;           /* no clause matches: function_clause */
} hl_core_fun;

typedef struct hl_core_record {  /* -record declarations (kept for tools) */
    hl_ast_name name;
    hl_ast_name *fields;
    uint32_t nfields;
} hl_core_record;

typedef struct hl_core_module {
    hl_arena arena;
    hl_ast_name name;
    hl_core_fun *funs;
    uint32_t nfuns;              /* source functions first, then lifted */
    uint32_t nsource;            /* how many of funs are source functions */
    hl_core_record *records;
    uint32_t nrecords;
    bool classified;
    uint32_t *fun_slots;         /* hash of source functions (core/ir.c) */
    uint32_t nfun_slots;
    /* -compile({no_auto_import, [F/A]}): calls F(...) never mean the BIF */
    bool no_auto_all;            /* -compile(no_auto_import): none do */
    hl_ast_fa *no_auto;
    uint32_t nno_auto;
} hl_core_module;

/* Whether a call F(...) without module may mean the auto-imported BIF. */
bool hl_core_auto_imported(const hl_core_module *m, hl_ast_name f, uint32_t arity);

/* The source function name/arity, or -1 (hashed lookup). */
int32_t hl_core_find_fun(const hl_core_module *m, hl_ast_name name, uint32_t arity);
bool hl_core_fun_index_init(hl_core_module *m, uint32_t max_funs);
void hl_core_fun_index_add(hl_core_module *m, uint32_t index);

const char *hl_core_kind_name(hl_core_kind kind);
const char *hl_core_call_kind_name(hl_core_call_kind kind);

#endif
