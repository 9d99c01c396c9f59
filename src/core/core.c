/* core.c — the SafeCore stage as one call: lower → verify → classify →
 * verify (docs/design.md §1 steps 2–5), and the default limits. */
#include "core/core.h"

void hl_core_options_default(hl_core_options *o) {
    o->lim.max_functions = HL_CORE_DEFAULT_MAX_FUNCTIONS;
    o->lim.max_clauses = HL_CORE_DEFAULT_MAX_CLAUSES;
    o->lim.max_records = HL_CORE_DEFAULT_MAX_RECORDS;
    o->lim.max_fields = HL_CORE_DEFAULT_MAX_FIELDS;
    o->lim.max_depth = HL_CORE_DEFAULT_MAX_DEPTH;
    o->lim.max_literal = HL_CORE_DEFAULT_MAX_LITERAL;
    o->lim.max_vars = HL_CORE_DEFAULT_MAX_VARS;
    o->lim.max_nodes = HL_CORE_DEFAULT_MAX_NODES;
    o->lim.max_work = HL_CORE_DEFAULT_MAX_WORK;
    o->bindings = NULL;
    o->nbindings = 0;
    o->peers = NULL;
    o->npeers = 0;
    o->capabilities = 0;
    o->stdlib = false;
    o->binding_registered = NULL;
    o->binding_ctx = NULL;
}

hl_core_module *hl_core_compile(const hl_ast_module *ast, const hl_core_options *o, hl_diags *d) {
    size_t before = hl_diags_errors(d);
    hl_core_module *m = hl_core_lower(ast, o, d);
    if (!m) {
        if (hl_diags_errors(d) == before) hl_diags_add(d, 1, 1, "out of memory");
        return NULL;
    }
    /* Verification runs even after lowering errors so that one pass reports
     * undefined functions and guard errors too (as erlc does); only
     * classification needs a clean module. */
    bool lowered = hl_diags_errors(d) == before;
    bool ok = hl_core_verify(m, o, d) && lowered;
    if (ok) ok = hl_core_classify(m, o, d) && hl_core_verify(m, o, d);
    if (!ok || hl_diags_errors(d) != before) {
        hl_core_free(m);
        return NULL;
    }
    return m;
}
