/* core.h — the SafeCore stage of the pipeline as calls: lower the AST to
 * SafeCore, verify it, classify every call, verify again (docs/design.md §1 steps
 * 2–5). The result is what the codegen consumes. */
#ifndef HL_CORE_CORE_H
#define HL_CORE_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "core/ir.h"
#include "front/ast.h"

/* Limits of the SafeCore stage (docs/limits.md, "SafeCore"). */
typedef struct hl_core_limits {
    uint32_t max_functions;      /* functions incl. lifted funs/comprehensions */
    uint32_t max_clauses;        /* clauses in one function or case */
    uint32_t max_records;        /* -record declarations */
    uint32_t max_fields;         /* fields in one record */
    uint32_t max_depth;          /* nesting of the IR */
    uint32_t max_literal;        /* chars of one string / digits of one integer */
    uint32_t max_vars;           /* variables in one function */
    uint64_t max_nodes;          /* IR nodes in the whole module */
    uint64_t max_work;           /* lowering work units (capture scans) */
} hl_core_limits;

#define HL_CORE_DEFAULT_MAX_FUNCTIONS 20000u
#define HL_CORE_DEFAULT_MAX_CLAUSES 10000u
#define HL_CORE_DEFAULT_MAX_RECORDS 1000u
#define HL_CORE_DEFAULT_MAX_FIELDS 1000u
#define HL_CORE_DEFAULT_MAX_DEPTH 1200u
#define HL_CORE_DEFAULT_MAX_LITERAL (1u << 20)
#define HL_CORE_DEFAULT_MAX_VARS 65536u
#define HL_CORE_DEFAULT_MAX_NODES ((uint64_t)4 << 20)
#define HL_CORE_DEFAULT_MAX_WORK ((uint64_t)64 << 20)

/* A host binding a program may call as Module:Function(Args) (the compile
 * options declare them; the CLI declares none yet). */
typedef struct hl_core_binding {
    const char *module;
    const char *function;
    uint32_t arity;
} hl_core_binding;

/* Another module of the same program (a program is a set of modules
 * compiled together, docs/design.md §1): its name and the functions it exports,
 * which the classifier lets this module call as Module:Function(Args). */
typedef struct hl_core_peer {
    hl_ast_name name;
    const hl_ast_fa *exports; /* (name, arity) */
    uint32_t nexports;
} hl_core_peer;

typedef struct hl_core_options {
    hl_core_limits lim;
    const hl_core_binding *bindings;
    size_t nbindings;
    const hl_core_peer *peers; /* the program's other modules */
    size_t npeers;
    uint32_t capabilities;       /* HL_CAP_* bits granting runtime surfaces */
    bool stdlib;                 /* compiling lib/: may call guest-0 builtins */
    /* Whether the host registers a binding of that name (granted or not),
     * asked only to word a refusal ("binding not granted"); may be NULL. */
    bool (*binding_registered)(const void *ctx, const char *module, size_t mlen, const char *function,
                               size_t flen, uint32_t arity);
    const void *binding_ctx;
} hl_core_options;

void hl_core_options_default(hl_core_options *o);

/* Lowers a parsed module (no front-end errors). Returns NULL only when out
 * of memory before anything could be reported; errors go to diags. */
hl_core_module *hl_core_lower(const hl_ast_module *ast, const hl_core_options *o, hl_diags *d);
/* Verification; `classified` selects the post-classification checks. */
bool hl_core_verify(const hl_core_module *m, const hl_core_options *o, hl_diags *d);
/* Gives every call exactly one kind or rejects it. */
bool hl_core_classify(hl_core_module *m, const hl_core_options *o, hl_diags *d);
/* lower → verify → classify → verify. NULL (with diagnostics) on rejection. */
hl_core_module *hl_core_compile(const hl_ast_module *ast, const hl_core_options *o, hl_diags *d);
void hl_core_free(hl_core_module *m);

#endif
