/* pp_internal.h — the preprocessor's state, shared by pp.c (directives,
 * conditionals, includes, the form loop), pp_macro.c (the macro table and
 * expansion) and pp_if.c (-if / -elif conditions). */
#ifndef HL_FRONT_PP_INTERNAL_H
#define HL_FRONT_PP_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/diag.h"
#include "front/limits.h"
#include "front/token.h"

enum {
    PP_NONE = -1,           /* a macro defined without parentheses */
    PP_MAX_INCLUDE = 8,     /* include nesting (epp's limit too) */
    PP_MAX_SEGMENTS = 100000, /* nested expansions being read at once */
};

/* A macro a body refers to: ?name with `arity` arguments (PP_NONE: no
 * parentheses follow), for the circularity check. */
typedef struct pp_use {
    const char *name;
    uint32_t len;
    int32_t arity;
} pp_use;

typedef struct pp_macro {
    const char *name;       /* UTF-8, arena- or lexer-owned */
    uint32_t len;
    int32_t arity;          /* PP_NONE or the number of parameters */
    const hl_token *params; /* arity VAR tokens */
    const hl_token *body;
    uint32_t nbody;
    pp_use *uses;
    uint32_t nuses;
    uint32_t line, col;     /* the name in its -define */
    bool predef;            /* ?FILE, ?MACHINE, ...: cannot be redefined */
    bool undefined;         /* predefined without a value yet (?MODULE
                               before -module) */
    uint32_t next;          /* next definition of the same name, or
                               UINT32_MAX */
    uint64_t acyclic;       /* pp->version when found acyclic, else 0 */
    uint8_t mark;           /* DFS colour */
} pp_macro;

typedef struct pp_slot {    /* hash slot: a name and its live definitions */
    const char *name;
    uint32_t len;
    uint32_t head;          /* first definition, UINT32_MAX: none */
} pp_slot;

typedef struct pp_cond {    /* an open -if/-ifdef/-ifndef */
    const char *what;       /* "ifdef", "ifndef", "if", "else" (messages) */
    bool parent;            /* the enclosing region is active */
    bool active;            /* this branch is being kept */
    bool taken;             /* some branch was (or could have been) kept */
    bool seen_else;
    uint32_t line, col;
    uint32_t level;         /* source nesting it was opened in */
} pp_cond;

typedef struct pp_src {     /* the file being read, or an included header */
    const hl_token *toks;
    size_t n, pos;
    hl_token_vec own;       /* a header's tokens (freed when it ends) */
    int32_t header;         /* index in lim->headers, -1 for the file */
    uint32_t line, col;     /* the -include that read it */
} pp_src;

typedef struct pp_seg {     /* tokens being read during one form's expansion */
    hl_token *toks;
    size_t n, pos;
    bool owned;             /* hl_mem-allocated (an expansion) */
} pp_seg;

typedef struct hl_pp {
    const hl_front_limits *lim;
    hl_arena *arena;
    hl_diags *diags;
    bool stop;              /* a fatal condition: stop preprocessing */
    /* macros */
    pp_macro *macs;
    uint32_t nmacs, capmacs;
    pp_slot *slots;
    uint32_t nslots, nused; /* power of two */
    uint64_t version;       /* bumped by every -define / -undef */
    /* conditionals */
    pp_cond *conds;
    uint32_t nconds, capconds;
    /* sources */
    pp_src srcs[PP_MAX_INCLUDE + 1];
    uint32_t nsrcs;
    /* expansion */
    pp_seg *segs;
    uint32_t nsegs, capsegs;
    size_t live;            /* tokens held by owned segments */
    hl_token_vec args;      /* macro arguments being collected */
    uint32_t *closers;      /* bracket stack of the argument scanner */
    size_t ncloser, capcloser;
    /* the form being expanded, for ?FUNCTION_NAME / ?FUNCTION_ARITY */
    const hl_token_vec *form_dst;
    size_t form_start;
    bool fn_known;
    const char *fn_name;
    uint32_t fn_len;
    int64_t fn_arity;
} hl_pp;

/* pp.c */
void hl_pp_error(hl_pp *pp, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
bool hl_pp_charge(hl_pp *pp, uint64_t n, uint32_t line, uint32_t col);
bool hl_pp_push(hl_pp *pp, hl_token_vec *v, const hl_token *t, uint32_t line, uint32_t col);
/* io_lib:write_atom of a name, truncated to fit `out`. */
void hl_pp_atom_text(const char *name, size_t len, char *out, size_t size);

/* pp_macro.c */
bool hl_pp_macros_init(hl_pp *pp);
void hl_pp_macros_free(hl_pp *pp);
/* The live definitions of a name (first index, UINT32_MAX: none). */
uint32_t hl_pp_lookup(hl_pp *pp, const char *name, uint32_t len);
/* Adds a definition; reports redefinitions. */
bool hl_pp_define(hl_pp *pp, const hl_token *name, int32_t arity, const hl_token *params, const hl_token *body,
                  uint32_t nbody);
void hl_pp_undef(hl_pp *pp, const char *name, uint32_t len);
/* Sets the value of a predefined macro (?MODULE once -module is seen). */
bool hl_pp_set_predef(hl_pp *pp, const char *name, const hl_token *body, uint32_t nbody);
/* Expands the macros of toks[0, n) onto dst; false after an error (the
 * form is then dropped by the caller). */
bool hl_pp_expand(hl_pp *pp, const hl_token *toks, size_t n, hl_token_vec *dst);
/* A STRING token of a UTF-8 text (arena-owned code points). */
bool hl_pp_string_token(hl_pp *pp, const char *utf8, size_t len, hl_token *out);

/* pp_if.c: evaluates a -if / -elif condition, toks = `( Expr ) dot`
 * already expanded. 1 true, 0 false, -1 an error (reported). */
int hl_pp_eval_if(hl_pp *pp, const hl_token *toks, size_t n, const hl_token *at);

#endif
