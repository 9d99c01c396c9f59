/* ast.h — the located syntax tree the parser builds (docs/design.md §1 step 1).
 *
 * The tree mirrors erl_parse's abstract format node for node, so that
 * front/dump.c can print exactly what OTP prints and later passes (lowering,
 * verification, classification) see the same shapes the Erlang docs
 * describe ("The Abstract Format").
 *
 * Invariants later passes rely on:
 * - Every node has a kind and a {line, col} location (col counts code
 *   points). A few nodes OTP locates by line only (binary type defaults) have
 *   HL_AST_LINE_ONLY set.
 * - Names (atoms, variables, function, record and field names) are UTF-8 byte
 *   strings in the compilation's arena. The front end never interns atoms
 *   (security invariant 1): there is no global table anywhere in src/front.
 * - Sequences are arrays (count + items), never linked chains, so a long flat
 *   list does not make the tree deep.
 * - depth (1 for a leaf) is bounded by the front-end limit max_depth plus a
 *   small constant, so passes may recurse over the tree.
 * All memory belongs to the hl_front_result's arena. */
#ifndef HL_FRONT_AST_H
#define HL_FRONT_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct hl_ast hl_ast;

typedef struct hl_ast_name {
    const char *ptr;    /* UTF-8, NUL-terminated, arena-owned (or static) */
    uint32_t len;       /* bytes */
} hl_ast_name;

typedef struct hl_ast_list {
    hl_ast **items;
    uint32_t count;
} hl_ast_list;

/* One bit-syntax type specifier: `integer`, `little`, `unit:8`, ... */
typedef struct hl_ast_bit_type {
    hl_ast_name name;
    bool has_value;     /* `name:Int` form, e.g. unit:8 */
    bool value_big;     /* value did not fit int64: digits in value_text */
    int64_t value;
    hl_ast_name value_text;
} hl_ast_bit_type;

/* {Name, Arity} in -export and -optional_callbacks. */
typedef struct hl_ast_fa {
    hl_ast_name name;
    int64_t arity;
} hl_ast_fa;

typedef enum hl_ast_kind {
    /* atomic: erl_parse {var,..} {atom,..} {integer,..} {float,..}
     * {char,..} {string,..} {nil,..} */
    HL_AST_VAR, HL_AST_ATOM, HL_AST_INTEGER, HL_AST_FLOAT, HL_AST_CHAR,
    HL_AST_STRING, HL_AST_NIL,
    /* compound expressions and patterns */
    HL_AST_CONS,          /* [E1, ..., En | Tail]: nested {cons,..} */
    HL_AST_TUPLE,         /* {tuple,L,Es} */
    HL_AST_MAP,           /* {map,L,Fs} or {map,L,Base,Fs} */
    HL_AST_MAP_ASSOC,     /* {map_field_assoc,L,K,V}  K => V */
    HL_AST_MAP_EXACT,     /* {map_field_exact,L,K,V}  K := V */
    HL_AST_RECORD,        /* {record,L,Name,Fs} / {record,L,Base,Name,Fs} */
    HL_AST_RECORD_FIELD,  /* {record_field,L,Field,Value}: Field is an atom
                             or the var '_' */
    HL_AST_RECORD_INDEX,  /* {record_index,L,Name,Field} */
    HL_AST_RECORD_ACCESS, /* {record_field,L,Expr,Name,Field} */
    HL_AST_BIN,           /* {bin,L,Elements} */
    HL_AST_BIN_ELEMENT,   /* {bin_element,L,Value,Size|default,Types|default} */
    HL_AST_OP1,           /* {op,L,Op,A} */
    HL_AST_OP2,           /* {op,L,Op,A,B} */
    HL_AST_MATCH,         /* {match,L,P,E} */
    HL_AST_CALL,          /* {call,L,F,Args} */
    HL_AST_REMOTE,        /* {remote,L,M,F} */
    HL_AST_FUN_LOCAL,     /* {'fun',L,{function,Name,Arity}} */
    HL_AST_FUN_REMOTE,    /* {'fun',L,{function,M,F,A}}: M, F, A are atom /
                             var / integer nodes */
    HL_AST_FUN,           /* {'fun',L,{clauses,Cs}} */
    HL_AST_NAMED_FUN,     /* {named_fun,L,Name,Cs} */
    HL_AST_CASE,          /* {'case',L,E,Cs} */
    HL_AST_IF,            /* {'if',L,Cs} */
    HL_AST_RECEIVE,       /* {'receive',L,Cs} / {'receive',L,Cs,T,Body} */
    HL_AST_TRY,           /* {'try',L,Body,OfCs,CatchCs,After} */
    HL_AST_CATCH,         /* {'catch',L,E} */
    HL_AST_BLOCK,         /* {block,L,Body} */
    HL_AST_LC,            /* {lc,L,Template,Qualifiers} */
    HL_AST_BC,            /* {bc,L,Template,Qualifiers} */
    HL_AST_GENERATE,      /* {generate,L,P,E} */
    HL_AST_B_GENERATE,    /* {b_generate,L,P,E} */
    HL_AST_CLAUSE,        /* {clause,L,Patterns,Guards,Body} */
    /* types */
    HL_AST_TYPE,          /* {type,L,Name,Args} / {type,L,Name,any} /
                             {type,L,Name} (HL_AST_TYPE_NO_ARGS) */
    HL_AST_USER_TYPE,     /* {user_type,L,Name,Args} */
    HL_AST_REMOTE_TYPE,   /* {remote_type,L,[M,N,Args]} */
    HL_AST_ANN_TYPE,      /* {ann_type,L,[Var,Type]} */
    HL_AST_CONSTRAINT,    /* {type,L,constraint,[{atom,L,is_subtype},[V,T]]} */
    HL_AST_BOUNDED_FUN,   /* {type,L,bounded_fun,[Fun,Constraints]} */
    /* forms */
    HL_AST_FUNCTION,      /* {function,L,Name,Arity,Cs} */
    HL_AST_ATTRIBUTE,     /* {attribute,L,Name,Value}, see hl_ast_attr_kind */
    HL_AST_RECORD_DECL_FIELD, /* a -record field: {record_field,L,A[,Init]}
                                 possibly inside {typed_record_field,F,T} */
    HL_AST__KIND_COUNT
} hl_ast_kind;

typedef enum hl_ast_attr_kind {
    HL_ATTR_MODULE,       /* value: the module name */
    HL_ATTR_EXPORT,       /* value: fa list */
    HL_ATTR_RECORD,       /* value: record name + field list */
    HL_ATTR_SPEC,         /* -spec / -callback: function + type list */
    HL_ATTR_TYPE,         /* -type / -opaque: name, type variables, type */
    HL_ATTR_IMPORT,       /* -import(Module, [F/A]): target = module, fas */
    HL_ATTR_TERM,         /* -behaviour, -vsn, -doc, -optional_callbacks
                             ...: a literal term (F/A written as such),
                             printed as erl_parse:normalise/1 makes it */
} hl_ast_attr_kind;

enum {
    HL_AST_LINE_ONLY = 1,       /* located by line only (OTP's abstract/2) */
    HL_AST_TYPE_ANY_ARGS = 2,   /* TYPE: args printed as `any` */
    HL_AST_TYPE_NO_ARGS = 4,    /* TYPE: 3-tuple {type,L,Name} */
    HL_AST_INT_BIG = 8,         /* INTEGER: value in digits, not i */
    HL_AST_PAREN = 16,          /* expression was written in parentheses */
};

struct hl_ast {
    uint8_t kind;           /* hl_ast_kind */
    uint8_t flags;
    uint16_t op;            /* OP1/OP2: hl_token_kind of the operator;
                               ATTRIBUTE: hl_ast_attr_kind */
    uint32_t depth;         /* 1 + deepest child */
    uint32_t line, col;
    union {
        hl_ast_name name;   /* VAR, ATOM */
        struct {            /* INTEGER, CHAR */
            int64_t i;
            hl_ast_name digits;  /* INTEGER with HL_AST_INT_BIG: decimal */
        } integer;
        double f;           /* FLOAT */
        struct {            /* STRING */
            const uint32_t *chars;
            uint32_t len;
        } string;
        struct {            /* CONS: items non-empty; tail never NULL
                               (a NIL node at the `]` when absent) */
            hl_ast_list items;
            hl_ast *tail;
        } cons;
        hl_ast_list list;   /* TUPLE, BIN, BLOCK (body), IF (clauses) */
        struct {            /* MAP: base NULL for creation */
            hl_ast *base;
            hl_ast_list fields;
        } map;
        struct {            /* MAP_ASSOC, MAP_EXACT, MATCH, REMOTE,
                               GENERATE, B_GENERATE, OP2 */
            hl_ast *left, *right;
        } bin;
        hl_ast *arg;        /* OP1, CATCH */
        struct {            /* RECORD: base NULL for creation */
            hl_ast *base;
            hl_ast_name name;
            hl_ast_list fields; /* RECORD_FIELD nodes */
        } record;
        struct {            /* RECORD_FIELD */
            hl_ast *field;  /* ATOM, or VAR `_` */
            hl_ast *value;
        } rfield;
        struct {            /* RECORD_INDEX (base NULL), RECORD_ACCESS */
            hl_ast *base;
            hl_ast_name name;
            hl_ast *field;  /* ATOM */
        } raccess;
        struct {            /* BIN_ELEMENT */
            hl_ast *value;
            hl_ast *size;   /* NULL: default */
            hl_ast_bit_type *types;
            uint32_t ntypes; /* 0: default */
        } bin_element;
        struct {            /* CALL */
            hl_ast *fun;
            hl_ast_list args;
        } call;
        struct {            /* FUN_LOCAL */
            hl_ast_name name;
            int64_t arity;
        } fun_local;
        struct {            /* FUN_REMOTE */
            hl_ast *module, *function, *arity;
        } fun_remote;
        struct {            /* FUN, NAMED_FUN (name set), IF */
            hl_ast_name name;
            hl_ast_list clauses;
        } fun;
        struct {            /* CASE */
            hl_ast *expr;
            hl_ast_list clauses;
        } case_;
        struct {            /* RECEIVE */
            hl_ast_list clauses;
            hl_ast *timeout;    /* NULL: no after */
            hl_ast_list after;
        } receive;
        struct {            /* TRY */
            hl_ast_list body, of, catches, after;
        } try_;
        struct {            /* LC, BC */
            hl_ast *template_;
            hl_ast_list qualifiers;
        } comp;
        struct {            /* CLAUSE */
            hl_ast_list patterns;
            hl_ast_list *guards;   /* guard sequence: nguards guards */
            uint32_t nguards;
            hl_ast_list body;
        } clause;
        struct {            /* TYPE, USER_TYPE, REMOTE_TYPE (module set) */
            hl_ast *module;     /* REMOTE_TYPE: ATOM */
            hl_ast *name_node;  /* REMOTE_TYPE: ATOM */
            hl_ast_name name;   /* TYPE, USER_TYPE */
            hl_ast_list args;
        } type;
        struct {            /* ANN_TYPE, CONSTRAINT */
            hl_ast *var, *type;
        } ann;
        struct {            /* BOUNDED_FUN */
            hl_ast *fun;
            hl_ast_list constraints;
        } bounded;
        struct {            /* FUNCTION */
            hl_ast_name name;
            uint32_t arity;
            hl_ast_list clauses;
        } function;
        struct {            /* ATTRIBUTE: the fields op selects */
            hl_ast_name name;       /* as written: behaviour / behavior ... */
            union {
                struct {            /* MODULE, RECORD, SPEC, TYPE */
                    hl_ast_name target; /* module / record / function /
                                           type name */
                    hl_ast_list items;  /* RECORD: fields; SPEC: types;
                                           TYPE: the type variables */
                    hl_ast *spec_module; /* SPEC with Mod:Fun: ATOM; else NULL;
                                            TYPE: the type */
                    int64_t spec_arity;
                };
                struct {            /* EXPORT, IMPORT */
                    hl_ast_fa *fas;
                    uint32_t nfas;
                    hl_ast_name import_module; /* IMPORT */
                };
                hl_ast *term;       /* TERM: the literal expression */
            };
        } attr;
        struct {            /* RECORD_DECL_FIELD */
            hl_ast *name;       /* ATOM */
            hl_ast *init;       /* NULL when absent */
            hl_ast *type;       /* NULL when untyped */
        } decl_field;
    } u;
};

typedef struct hl_ast_module {
    hl_ast_list forms;      /* in source order; forms with errors omitted */
    hl_ast_name name;       /* from -module; len 0 when missing */
} hl_ast_module;

/* A location; line_only for OTP's line-only annotations. */
typedef struct hl_loc {
    uint32_t line, col;
    bool line_only;
} hl_loc;

/* erl_parse:first_anno/1: the leftmost location of a node (a match or call
 * is located where its left operand starts). */
hl_loc hl_ast_first_loc(const hl_ast *n);
/* erl_parse:last_anno/1 (without end locations): the greatest location. */
hl_loc hl_ast_last_loc(const hl_ast *n);

/* The name of a node kind, for debugging and diagnostics. */
const char *hl_ast_kind_name(hl_ast_kind kind);

#endif
