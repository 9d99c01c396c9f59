/* codegen_expr.c — instruction selection for one SafeCore function.
 *
 * Register model (docs/codegen.md): a function with a non-tail call
 * allocates one frame on entry. Variables live in y slots 0..nvars-1 (a
 * variable has one number per function, so one slot), the arguments are
 * copied to slots above them, and temporaries are a stack of slots above
 * those. x registers only carry call arguments, the value just produced
 * (x0) and exception data, so nothing has to survive a collection in an x
 * register (every `live` is 0 except at allocate, or 1 for x0 before a
 * construction). A function without a non-tail call is generated the same
 * way but frameless: cg_emit (codegen.c) maps its y slots to x registers
 * and makes every live count cover them. Tail calls are call_last /
 * call_fun_last (constant stack); + - * use the add/sub/mul instructions
 * with their small-integer fast paths; guards branch to fail labels,
 * bodies raise (NOFAIL).
 *
 * The IR's depth is bounded (core/ir.h), so this file recurses freely. */
#include <assert.h>
#include <string.h>

#include "base/mem.h"
#include "base/meter.h"

#include "core/builtins.h"
#include "gen/codegen_int.h"

static uint32_t eval(cg *c, const hl_core_node *e);
static void tail(cg *c, const hl_core_node *e);
static void match(cg *c, const hl_core_node *p, uint32_t subj, uint32_t fail);
static void guards(cg *c, const hl_core_clause *cl, uint32_t fail);
static uint32_t gexpr(cg *c, const hl_core_node *e, uint32_t fail);

static void unsupported(cg *c, const hl_core_node *e, const char *what) {
    hl_diags_add(c->d, e->line ? e->line : 1, e->col ? e->col : 1, "%s is not supported in this version", what);
    c->failed = true;
}

/* A value that stays valid across calls and collections: a constant or a y
 * slot. Anything in an x register is moved to a fresh temporary. */
static uint32_t stable(cg *c, uint32_t v) {
    if (HL_BC_KIND(v) != HL_K_X) return v;
    uint32_t t = OY(cg_temp(c));
    if (v != OX(0) || !cg_retarget_x0(c, t)) E(c, move, v, t);
    return t;
}

static void to_x0(cg *c, uint32_t v) {
    if (v == OX(0)) return;
    uint32_t s = cg_slot(c, v);
    if (HL_BC_KIND(s) == HL_K_Y && HL_BC_VALUE(s) == c->x0_slot) return; /* x0 holds it already */
    E(c, move, v, OX(0));
}

static uint32_t stable_eval(cg *c, const hl_core_node *e) { return stable(c, eval(c, e)); }

/* Entry points for codegen_bits.c. */
uint32_t cg_guard_value(cg *c, const hl_core_node *e, uint32_t fail) { return gexpr(c, e, fail); }

/* ---- calls ------------------------------------------------------------------ */

/* A value that no later evaluation in the same clause can change: a
 * constant or a variable's slot (a variable is bound once; temporaries are
 * reused, x registers are overwritten). */
static bool fixed_value(const cg *c, uint32_t v) {
    unsigned k = HL_BC_KIND(v);
    return (k != HL_K_X && k != HL_K_Y) || (k == HL_K_Y && HL_BC_VALUE(v) < c->fn->nvars);
}

/* Does evaluating every one of es[0..n) emit no instruction (variables
 * and literals)? Then a value in x0 before them is still there after. */
static bool emits_nothing(hl_core_node *const *es, uint32_t n) {
    for (uint32_t i = 0; i < n; i++)
        if (es[i]->kind != HL_CORE_VAR && es[i]->kind != HL_CORE_LIT) return false;
    return true;
}

/* x(i) := src[i] for every i < n, as one parallel assignment: a move
 * waits while its destination is still the source of another; a cycle is
 * broken through a temporary. (Sources are compared as cg_emit writes them:
 * in a frameless function an argument's home may be its own register.) */
static void parallel_moves(cg *c, uint32_t *src, uint32_t n) {
    uint32_t fin[HL_BC_MAX_X + 1];
    uint16_t readers[HL_BC_MAX_X] = {0};
    bool done[HL_BC_MAX_X + 1];
    uint32_t left = 0;
    for (uint32_t i = 0; i < n; i++) {
        cg_arg0_read(c, src[i]); /* a cycle below may read it as x0, not as its slot */
        fin[i] = cg_final(c, src[i]);
        done[i] = fin[i] == OX(i);
        if (done[i]) continue;
        left++;
        if (HL_BC_KIND(fin[i]) == HL_K_X) readers[HL_BC_VALUE(fin[i])]++;
    }
    for (bool first = true; left && !c->failed; first = false) {
        if (!first && !hl_meter_charge(n)) {
            c->failed = true;
            return;
        }
        bool progress = false;
        for (uint32_t i = 0; i < n; i++) {
            if (done[i] || readers[i]) continue;
            E(c, move, src[i], OX(i));
            done[i] = true, left--, progress = true;
            if (HL_BC_KIND(fin[i]) == HL_K_X) readers[HL_BC_VALUE(fin[i])]--;
        }
        if (progress) continue;
        /* only cycles are left: free one destination */
        uint32_t i = 0;
        while (done[i]) i++;
        uint32_t t = OY(cg_temp(c));
        E(c, move, OX(i), t);
        for (uint32_t j = 0; j < n; j++)
            if (!done[j] && fin[j] == OX(i)) src[j] = t, fin[j] = cg_final(c, t);
        readers[i] = 0;
    }
}

/* Evaluates arguments into stable values, then loads x0..x(n-1). */
static bool load_args(cg *c, hl_core_node *const *args, uint32_t n, const uint32_t *extra, uint32_t nextra) {
    if ((size_t)n + nextra > HL_BC_MAX_X) return false;
    /* Each argument is evaluated into a place that the later ones leave
     * alone (evaluating one may call): a variable or a constant stays
     * where it is, anything else goes to a temporary; the last one may
     * stay where it is produced (nothing runs after it). Then they go to x
     * registers in one parallel assignment. */
    uint32_t src[HL_BC_MAX_X + 1];
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v = eval(c, args[i]);
        if ((i + 1 == n && nextra == 0) || fixed_value(c, v) ||
            (v == OX(0) && emits_nothing(args + i + 1, n - i - 1)))
            src[i] = v;
        else {
            src[i] = OY(cg_temp(c));
            if (v != OX(0) || !cg_retarget_x0(c, src[i])) E(c, move, v, src[i]);
        }
    }
    /* The last argument, just computed into x0, is computed into its own
     * register instead when no other argument is read from there. */
    if (n > 1 && nextra == 0 && src[n - 1] == OX(0)) {
        bool read = false;
        for (uint32_t i = 0; i + 1 < n; i++) read = read || cg_final(c, src[i]) == OX(n - 1);
        if (!read && cg_retarget_x0(c, OX(n - 1))) src[n - 1] = OX(n - 1);
    }
    for (uint32_t i = 0; i < nextra; i++) src[n + i] = extra[i];
    parallel_moves(c, src, n + nextra);
    return true;
}

static uint32_t local_target(cg *c, const hl_core_node *e) { (void)c; return e->u.call.target; }

static bool is_arith(uint32_t id, hl_opcode *op) {
    switch (id) {
    case HL_BI_OP_PLUS: *op = HL_OP_add; return true;
    case HL_BI_OP_MINUS: *op = HL_OP_sub; return true;
    case HL_BI_OP_TIMES: *op = HL_OP_mul; return true;
    default: return false;
    }
}

/* A builtin call with fail label `fail` (ONOFAIL in bodies); result in x0.
 * A stdlib function written in Erlang is a call_ext (call_ext_last when
 * is_tail). */
static uint32_t builtin(cg *c, const hl_core_node *e, uint32_t fail, bool is_tail) {
    uint32_t id = e->u.call.target;
    if (id >= HL_BI__COUNT) {
        cg_error(c, e->line, e->col, "internal error: builtin id out of range");
        return ONIL;
    }
    uint32_t mark = c->temp_top;
    uint32_t n = e->u.call.nargs;
    if (hl_builtins[id].kind == HL_BK_ERL) {
        /* a function of the stdlib's own module, reached through an import */
        const hl_builtin *b = &hl_builtins[id];
        uint32_t imp = cg_import(c, b->module, strlen(b->module), b->function, strlen(b->function), b->arity);
        load_args(c, e->u.call.args, n, NULL, 0);
        cg_line(c, e->line);
        if (is_tail) E(c, call_ext_last, OU(n), OIMP(imp), CG_FRAME);
        else E(c, call_ext, OU(n), OIMP(imp));
        c->temp_top = mark;
        return OX(0);
    }
    /* a granted runtime surface (the classifier checked the capability)
     * is a C builtin like any other */
    if (hl_builtins[id].kind != HL_BK_BIF && !(hl_builtins[id].kind == HL_BK_SURFACE && e->u.call.kind == HL_CALL_SURFACE)) {
        unsupported(c, e, "calling a runtime surface");
        return ONIL;
    }
    uint32_t v[8]; /* builtins take at most 3 arguments; recursion passes here */
    if (n > 8) {
        cg_error(c, e->line, e->col, "internal error: builtin arity");
        return ONIL;
    }
    /* x0 keeps an argument when nothing runs between it and the call; it
     * is then live (a collection, or a builtin that yields and runs the
     * instruction again, must keep it) */
    uint32_t live = 0;
    for (uint32_t i = 0; i < n; i++) {
        v[i] = eval(c, e->u.call.args[i]);
        if (v[i] == OX(0) && emits_nothing(e->u.call.args + i + 1, n - i - 1)) live = 1;
        else v[i] = stable(c, v[i]);
    }
    hl_opcode op;
    cg_line(c, e->line);
    if (n == 2 && is_arith(id, &op)) {
        const uint32_t ops[] = {fail, OU(live), v[0], v[1], OX(0)};
        cg_emit(c, op, ops, 5);
    } else {
        uint32_t ops[8 + 5];
        uint32_t k = 0;
        ops[k++] = fail, ops[k++] = OBIF(id), ops[k++] = OU(live), ops[k++] = OU(n);
        for (uint32_t i = 0; i < n; i++) ops[k++] = v[i];
        ops[k++] = OX(0);
        cg_emit(c, HL_OP_bif, ops, k);
    }
    c->temp_top = mark;
    return OX(0);
}

static uint32_t call(cg *c, const hl_core_node *e, bool is_tail) {
    switch (e->u.call.kind) {
    case HL_CALL_LOCAL: {
        uint32_t mark = c->temp_top;
        uint32_t n = e->u.call.nargs;
        if (!load_args(c, e->u.call.args, n, NULL, 0)) {
            cg_error(c, e->line, e->col, "too many arguments");
            return ONIL;
        }
        cg_line(c, e->line);
        if (is_tail) E(c, call_last, OU(n), OFN(local_target(c, e)), CG_FRAME);
        else E(c, call, OU(n), OFN(local_target(c, e)));
        c->temp_top = mark;
        return OX(0);
    }
    case HL_CALL_BUILTIN: return builtin(c, e, ONOFAIL, is_tail);
    case HL_CALL_REMOTE: {
        /* another module of the program: an import the linker resolves
         * within the program */
        uint32_t mark = c->temp_top;
        uint32_t n = e->u.call.nargs;
        uint32_t imp = cg_import(c, e->u.call.module.ptr, e->u.call.module.len, e->u.call.name.ptr,
                                 e->u.call.name.len, e->u.call.arity);
        if (!load_args(c, e->u.call.args, n, NULL, 0)) {
            cg_error(c, e->line, e->col, "too many arguments");
            return ONIL;
        }
        cg_line(c, e->line);
        if (is_tail) E(c, call_ext_last, OU(n), OIMP(imp), CG_FRAME);
        else E(c, call_ext, OU(n), OIMP(imp));
        c->temp_top = mark;
        return OX(0);
    }
    case HL_CALL_BINDING: {
        /* A host call: arguments in x0.., result in x0, no frame needed; in
         * tail position the caller's deallocate/return follows it. */
        uint32_t mark = c->temp_top;
        uint32_t n = e->u.call.nargs;
        if (e->u.call.target >= c->nbindings || !load_args(c, e->u.call.args, n, NULL, 0)) {
            cg_error(c, e->line, e->col, "internal error: bad binding call");
            return ONIL;
        }
        cg_line(c, e->line);
        E(c, call_binding, OU(n), OU(e->u.call.target));
        c->temp_top = mark;
        return OX(0);
    }
    case HL_CALL_SURFACE: return builtin(c, e, ONOFAIL, is_tail);
    default: cg_error(c, e->line, e->col, "internal error: unclassified call"); return ONIL;
    }
}

static uint32_t apply(cg *c, const hl_core_node *e, bool is_tail) {
    uint32_t mark = c->temp_top;
    uint32_t n = e->u.apply.nargs;
    uint32_t f = stable_eval(c, e->u.apply.fun);
    if (!load_args(c, e->u.apply.args, n, &f, 1)) {
        cg_error(c, e->line, e->col, "too many arguments");
        return ONIL;
    }
    cg_line(c, e->line);
    if (is_tail) E(c, call_fun_last, OU(n), CG_FRAME);
    else E(c, call_fun, OU(n));
    c->temp_top = mark;
    return OX(0);
}

/* ---- construction ------------------------------------------------------------- */

/* An element of a construction: an expression (fail = ONOFAIL) or a guard
 * expression (fail = the guard's label). */
static uint32_t elem(cg *c, const hl_core_node *e, uint32_t fail) {
    return fail == ONOFAIL ? eval(c, e) : gexpr(c, e, fail);
}

/* A long list expression: built from its tail one cell at a time, so it
 * needs two temporaries whatever its length. */
static uint32_t construct_long_list(cg *c, const hl_core_node *e, uint32_t fail) {
    uint32_t mark = c->temp_top;
    uint32_t acc = OY(cg_temp(c));
    E(c, move, elem(c, e->u.list.tail, fail), acc);
    for (uint32_t i = e->u.list.count; i-- > 0 && !c->failed;) {
        uint32_t v = stable(c, elem(c, e->u.list.items[i], fail));
        E(c, test_heap, OU(2), OU(0));
        E(c, put_list, v, acc, OX(0));
        E(c, move, OX(0), acc);
        c->temp_top = acc == OY(mark) ? mark + 1 : c->temp_top;
    }
    E(c, move, acc, OX(0));
    c->temp_top = mark;
    return OX(0);
}

static uint32_t construct(cg *c, const hl_core_node *e, uint32_t fail) {
    if (cg_is_literal_expr(e)) return cg_lit_operand(c, e);
    if (e->kind == HL_CORE_CONS && e->u.list.count > 64) return construct_long_list(c, e, fail);
    uint32_t mark = c->temp_top;
    uint32_t n = e->u.list.count;
    if (n > HL_BC_MAX_LIST) {
        unsupported(c, e, "a tuple or list expression with more than 65,536 elements");
        return ONIL;
    }
    /* ops: put_tuple's operands (x0, K, the elements); each element is a
     * variable or constant where it is, else a temporary (see load_args);
     * the tail of a cons last. */
    uint32_t *ops = NULL;
    size_t cap = 0;
    if (!cg_grow(c, (void **)&ops, &cap, (size_t)n + 2, sizeof *ops)) return ONIL;
    ops[0] = OX(0), ops[1] = OU(n);
    uint32_t *el = ops + 2;
    /* The last element may stay in x0 when nothing runs after it (the
     * tail of a cons is a variable or a literal): test_heap keeps x0. */
    uint32_t live = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v = elem(c, e->u.list.items[i], fail);
        if (fixed_value(c, v)) el[i] = v;
        else if (v == OX(0) && i + 1 == n && (e->kind == HL_CORE_TUPLE || emits_nothing(&e->u.list.tail, 1)))
            el[i] = v, live = 1;
        else {
            el[i] = OY(cg_temp(c));
            E(c, move, v, el[i]);
        }
    }
    uint32_t tl = ONIL;
    if (e->kind == HL_CORE_CONS) tl = live ? elem(c, e->u.list.tail, fail) : stable(c, elem(c, e->u.list.tail, fail));
    if (!c->failed && e->kind == HL_CORE_TUPLE) {
        E(c, test_heap, OU(n + 1), OU(live));
        cg_emit(c, HL_OP_put_tuple, ops, (size_t)n + 2);
    } else if (!c->failed) {
        E(c, test_heap, OU(2 * n), OU(live));
        E(c, put_list, el[n - 1], tl, OX(0));
        for (uint32_t i = n - 1; i-- > 0;) E(c, put_list, el[i], OX(0), OX(0));
    }
    hl_mem_free(ops);
    c->temp_top = mark;
    return c->failed ? ONIL : OX(0);
}

static uint32_t make_fun(cg *c, const hl_core_node *e) {
    uint32_t k = e->u.make_fun.nfree;
    if (k > HL_BC_MAX_ARITY) {
        cg_error(c, e->line, e->col, "internal error: too many captured variables");
        return ONIL;
    }
    uint32_t ops[3 + HL_BC_MAX_ARITY];
    ops[0] = OX(0), ops[1] = OFN(e->u.make_fun.fn), ops[2] = OU(k);
    for (uint32_t i = 0; i < k; i++) ops[3 + i] = OY(e->u.make_fun.free[i]);
    E(c, test_heap, OU(k + 3), OU(0));
    cg_emit(c, HL_OP_make_fun, ops, 3 + (size_t)k);
    return OX(0);
}

/* Raises what a CASE without a matching clause raises. */
static void case_fail(cg *c, const hl_core_node *e, uint32_t subj) {
    cg_line(c, e->line);
    switch (e->u.case_.fail) {
    case HL_FAIL_CASE_CLAUSE: E(c, case_end, subj); return;
    case HL_FAIL_IF_CLAUSE: E0(c, if_end); return;
    case HL_FAIL_BADRECORD: E(c, badrecord, subj); return;
    case HL_FAIL_TRY_CLAUSE: E(c, try_case_end, subj); return;
    case HL_FAIL_BADARG:
    case HL_FAIL_BAD_FILTER: {
        const char *tag = e->u.case_.fail == HL_FAIL_BADARG ? "badarg" : "bad_filter";
        E(c, test_heap, OU(3), OU(0));
        E(c, put_tuple, OX(0), OU(2), OATOM(cg_atom_index(c, tag, (uint32_t)strlen(tag))), subj);
        E(c, error, OX(0));
        return;
    }
    }
    cg_error(c, e->line, e->col, "internal error: unknown case failure");
}

/* case / if / andalso / orelse. In tail position every clause returns. */
static uint32_t case_expr(cg *c, const hl_core_node *e, bool is_tail) {
    uint32_t mark = c->temp_top;
    /* `if` has no argument and clauses without patterns */
    uint32_t subj = e->u.case_.arg ? stable_eval(c, e->u.case_.arg) : ONIL;
    uint32_t npats = e->u.case_.arg ? 1 : 0;
    uint32_t end = cg_label(c);
    uint32_t body_mark = c->temp_top;
    for (uint32_t i = 0; i < e->u.case_.count && !c->failed; i++) {
        const hl_core_clause *cl = &e->u.case_.clauses[i];
        uint32_t next = cg_label(c);
        if (cl->npats != npats) {
            cg_error(c, cl->line, cl->col, "internal error: case clause arity");
            return ONIL;
        }
        if (npats) match(c, cl->pats[0], subj, OLBL(next));
        guards(c, cl, OLBL(next));
        if (is_tail) {
            tail(c, cl->body);
        } else {
            to_x0(c, eval(c, cl->body));
            E(c, jump, OLBL(end));
        }
        cg_bind(c, next);
        c->temp_top = body_mark;
    }
    case_fail(c, e, subj);
    cg_bind(c, end);
    c->temp_top = mark;
    return OX(0);
}

static uint32_t record_get(cg *c, const hl_core_node *e, uint32_t fail) {
    uint32_t v = stable_eval(c, e->u.rget.arg);
    uint32_t name = cg_atom_index(c, e->u.rget.name.ptr, e->u.rget.name.len);
    uint32_t bad = fail == ONOFAIL ? cg_label(c) : 0;
    uint32_t ok = fail == ONOFAIL ? cg_label(c) : 0;
    if (e->u.rget.index == 0 || e->u.rget.index > e->u.rget.size) {
        cg_error(c, e->line, e->col, "internal error: record index");
        return ONIL;
    }
    E(c, is_tagged_tuple, fail == ONOFAIL ? OLBL(bad) : fail, v, OU(e->u.rget.size), OATOM(name));
    E(c, get_tuple_element, v, OU(e->u.rget.index - 1), OX(0));
    if (fail == ONOFAIL) {
        E(c, jump, OLBL(ok));
        cg_bind(c, bad);
        cg_line(c, e->line);
        E(c, badrecord, v);
        cg_bind(c, ok);
    }
    return OX(0);
}

/* ---- try / catch ---------------------------------------------------------------- */

/* Clauses of `of` or `catch` with their values in subj[0..npats-1]; every
 * body leaves its value in x0 and jumps to end; falls through on no match. */
static void clauses_to(cg *c, const hl_core_clause *cls, uint32_t n, const uint32_t *subj, uint32_t end) {
    uint32_t mark = c->temp_top;
    for (uint32_t i = 0; i < n && !c->failed; i++) {
        const hl_core_clause *cl = &cls[i];
        uint32_t next = cg_label(c);
        for (uint32_t k = 0; k < cl->npats; k++) match(c, cl->pats[k], subj[k], OLBL(next));
        guards(c, cl, OLBL(next));
        to_x0(c, eval(c, cl->body));
        E(c, jump, OLBL(end));
        cg_bind(c, next);
        c->temp_top = mark;
    }
}

static bool enter_handler(cg *c, const hl_core_node *e) {
    if (c->try_depth >= HL_BC_MAX_TRY_DEPTH) {
        unsupported(c, e, "nesting try/catch more than 32 deep in one function");
        return false;
    }
    c->try_depth++;
    return true;
}

/* try Body [of Clauses] [catch Clauses] end, without after: value in x0. */
static void try_inner(cg *c, const hl_core_node *e) {
    uint32_t mark = c->temp_top;
    uint32_t h = cg_temp(c);
    uint32_t handler = cg_label(c), end = cg_label(c);
    if (!enter_handler(c, e)) return;
    E(c, try, OY(h), OLBL(handler));
    to_x0(c, eval(c, e->u.try_.body));
    E(c, try_end, OY(h));
    c->try_depth--;
    if (e->u.try_.has_of) {
        uint32_t v = OY(cg_temp(c));
        E(c, move, OX(0), v);
        clauses_to(c, e->u.try_.of, e->u.try_.nof, &v, end);
        cg_line(c, e->line);
        E(c, try_case_end, v);
    } else {
        E(c, jump, OLBL(end));
    }
    c->temp_top = h + 1;
    cg_bind(c, handler);
    E(c, try_case, OY(h));
    uint32_t s[3] = {OY(cg_temp(c)), OY(cg_temp(c)), OY(cg_temp(c))};
    for (uint32_t k = 0; k < 3; k++) E(c, move, OX(k), s[k]);
    clauses_to(c, e->u.try_.catches, e->u.try_.ncatch, s, end);
    E(c, raise, s[0], s[1], s[2]);
    cg_bind(c, end);
    c->temp_top = mark;
}

/* The same clauses in tail position: each body returns (or tail-calls). */
static void clauses_tail(cg *c, const hl_core_clause *cls, uint32_t n, const uint32_t *subj) {
    uint32_t mark = c->temp_top;
    for (uint32_t i = 0; i < n && !c->failed; i++) {
        const hl_core_clause *cl = &cls[i];
        uint32_t next = cg_label(c);
        for (uint32_t k = 0; k < cl->npats; k++) match(c, cl->pats[k], subj[k], OLBL(next));
        guards(c, cl, OLBL(next));
        tail(c, cl->body);
        cg_bind(c, next);
        c->temp_top = mark;
    }
}

/* try Body [of Clauses] [catch Clauses] end (without after) in tail
 * position. The handler is gone once try_end (of-clauses) or try_case
 * (catch clauses) has run, so their bodies are in tail position, as in
 * OTP: a server loop that recurses from a try's of-clause (gen_statem's)
 * runs in constant stack. */
static void try_tail(cg *c, const hl_core_node *e) {
    uint32_t mark = c->temp_top;
    uint32_t h = cg_temp(c);
    uint32_t handler = cg_label(c);
    if (!enter_handler(c, e)) return;
    E(c, try, OY(h), OLBL(handler));
    to_x0(c, eval(c, e->u.try_.body));
    E(c, try_end, OY(h));
    c->try_depth--;
    if (e->u.try_.has_of) {
        uint32_t v = OY(cg_temp(c));
        E(c, move, OX(0), v);
        clauses_tail(c, e->u.try_.of, e->u.try_.nof, &v);
        cg_line(c, e->line);
        E(c, try_case_end, v);
    } else {
        E(c, deallocate, CG_FRAME);
        E0(c, return);
    }
    c->temp_top = h + 1;
    cg_bind(c, handler);
    E(c, try_case, OY(h));
    uint32_t s[3] = {OY(cg_temp(c)), OY(cg_temp(c)), OY(cg_temp(c))};
    for (uint32_t k = 0; k < 3; k++) E(c, move, OX(k), s[k]);
    clauses_tail(c, e->u.try_.catches, e->u.try_.ncatch, s);
    E(c, raise, s[0], s[1], s[2]);
    c->temp_top = mark;
}

static uint32_t try_expr(cg *c, const hl_core_node *e) {
    if (!e->u.try_.after) {
        try_inner(c, e);
        return OX(0);
    }
    uint32_t mark = c->temp_top;
    uint32_t h = cg_temp(c);
    uint32_t handler = cg_label(c), end = cg_label(c);
    if (!enter_handler(c, e)) return ONIL;
    E(c, try, OY(h), OLBL(handler));
    if (e->u.try_.has_of || e->u.try_.ncatch) try_inner(c, e);
    else to_x0(c, eval(c, e->u.try_.body));
    E(c, try_end, OY(h));
    c->try_depth--;
    uint32_t v = OY(cg_temp(c));
    E(c, move, OX(0), v);
    eval(c, e->u.try_.after);
    E(c, move, v, OX(0));
    E(c, jump, OLBL(end));
    c->temp_top = h + 1;
    cg_bind(c, handler);
    E(c, try_case, OY(h));
    uint32_t s[3] = {OY(cg_temp(c)), OY(cg_temp(c)), OY(cg_temp(c))};
    for (uint32_t k = 0; k < 3; k++) E(c, move, OX(k), s[k]);
    eval(c, e->u.try_.after);
    E(c, raise, s[0], s[1], s[2]);
    cg_bind(c, end);
    c->temp_top = mark;
    return OX(0);
}

static uint32_t catch_expr(cg *c, const hl_core_node *e) {
    uint32_t mark = c->temp_top;
    uint32_t h = cg_temp(c);
    uint32_t l = cg_label(c);
    if (!enter_handler(c, e)) return ONIL;
    E(c, catch, OY(h), OLBL(l));
    to_x0(c, eval(c, e->u.arg));
    cg_bind(c, l);
    E(c, catch_end, OY(h));
    c->try_depth--;
    c->temp_top = mark;
    return OX(0);
}

/* ---- expressions --------------------------------------------------------------- */

static uint32_t eval(cg *c, const hl_core_node *e) {
    if (c->failed) return ONIL;
    switch (e->kind) {
    case HL_CORE_LIT: return cg_lit_operand(c, e);
    case HL_CORE_VAR: return OY(e->u.var);
    case HL_CORE_TUPLE:
    case HL_CORE_CONS: return construct(c, e, ONOFAIL);
    case HL_CORE_SEQ: {
        uint32_t mark = c->temp_top;
        for (uint32_t i = 0; i + 1 < e->u.list.count; i++) {
            eval(c, e->u.list.items[i]);
            c->temp_top = mark;
        }
        return eval(c, e->u.list.items[e->u.list.count - 1]);
    }
    case HL_CORE_MATCH: {
        uint32_t v = stable_eval(c, e->u.pair.b);
        uint32_t bad = cg_label(c), ok = cg_label(c);
        uint32_t nfix = (uint32_t)c->nfix;
        match(c, e->u.pair.a, v, OLBL(bad));
        bool used = false;
        for (size_t i = nfix; i < c->nfix; i++)
            if (HL_BC_VALUE(c->code[c->fix[i]]) == bad) used = true;
        if (used) {
            E(c, jump, OLBL(ok));
            cg_bind(c, bad);
            cg_line(c, e->line);
            E(c, badmatch, v);
            cg_bind(c, ok);
        }
        return v;
    }
    case HL_CORE_CASE: return case_expr(c, e, false);
    case HL_CORE_TRY: return try_expr(c, e);
    case HL_CORE_CATCH: return catch_expr(c, e);
    case HL_CORE_CALL: return call(c, e, false);
    case HL_CORE_APPLY: return apply(c, e, false);
    case HL_CORE_MAKE_FUN: return make_fun(c, e);
    case HL_CORE_RECORD_GET: return record_get(c, e, ONOFAIL);
    case HL_CORE_MAP: return cg_map_expr(c, e, ONOFAIL);
    case HL_CORE_BIN: return cg_bits_construct(c, e, ONOFAIL);
    case HL_CORE_RECEIVE: return cg_receive(c, e, false);
    default: cg_error(c, e->line, e->col, "internal error: unexpected node in an expression"); return ONIL;
    }
}

/* Evaluates e in tail position: its value is returned from the function. */
static void tail(cg *c, const hl_core_node *e) {
    if (c->failed) return;
    if (c->try_depth == 0) {
        switch (e->kind) {
        case HL_CORE_CALL:
            /* local and remote calls, and the stdlib's Erlang functions
             * (call_ext_last): a loop through them runs in constant stack */
            if (e->u.call.kind == HL_CALL_LOCAL || e->u.call.kind == HL_CALL_REMOTE ||
                (e->u.call.kind == HL_CALL_BUILTIN && e->u.call.target < HL_BI__COUNT &&
                 hl_builtins[e->u.call.target].kind == HL_BK_ERL)) {
                call(c, e, true);
                return;
            }
            break;
        case HL_CORE_APPLY: apply(c, e, true); return;
        case HL_CORE_CASE: case_expr(c, e, true); return;
        case HL_CORE_RECEIVE: cg_receive(c, e, true); return;
        case HL_CORE_TRY:
            if (!e->u.try_.after) {
                try_tail(c, e);
                return;
            }
            break;
        case HL_CORE_SEQ: {
            uint32_t mark = c->temp_top;
            for (uint32_t i = 0; i + 1 < e->u.list.count; i++) {
                eval(c, e->u.list.items[i]);
                c->temp_top = mark;
            }
            tail(c, e->u.list.items[e->u.list.count - 1]);
            return;
        }
        default: break;
        }
    }
    to_x0(c, eval(c, e));
    E(c, deallocate, CG_FRAME);
    E0(c, return);
}

/* ---- patterns --------------------------------------------------------------------- */

/* Matches pattern p against the stable value subj, binding variables into
 * their slots; jumps to fail (a label operand) on mismatch. */
static void match(cg *c, const hl_core_node *p, uint32_t subj, uint32_t fail) {
    if (c->failed) return;
    switch (p->kind) {
    case HL_CORE_WILD: return;
    case HL_CORE_VAR:
        if (p->flags & HL_CF_BIND) {
            if (subj != OY(p->u.var)) E(c, move, subj, OY(p->u.var));
        } else {
            E(c, is_eq_exact, fail, subj, OY(p->u.var));
        }
        return;
    case HL_CORE_LIT: {
        uint32_t v = cg_lit_operand(c, p);
        if (v == ONIL) E(c, is_nil, fail, subj);
        else E(c, is_eq_exact, fail, subj, v);
        return;
    }
    case HL_CORE_ALIAS:
        match(c, p->u.pair.a, subj, fail);
        match(c, p->u.pair.b, subj, fail);
        return;
    case HL_CORE_TUPLE: {
        if (cg_is_literal(p)) {
            E(c, is_eq_exact, fail, subj, cg_lit_operand(c, p));
            return;
        }
        uint32_t n = p->u.list.count;
        const hl_core_node *first = n ? p->u.list.items[0] : NULL;
        if (first && first->kind == HL_CORE_LIT && first->u.lit.kind == HL_LIT_ATOM) {
            E(c, is_tagged_tuple, fail, subj, OU(n),
              OATOM(cg_atom_index(c, first->u.lit.u.name.ptr, first->u.lit.u.name.len)));
        } else {
            E(c, is_tuple, fail, subj);
            E(c, test_arity, fail, subj, OU(n));
        }
        for (uint32_t i = 0; i < n; i++) {
            const hl_core_node *q = p->u.list.items[i];
            if (q->kind == HL_CORE_WILD || (i == 0 && q == first && first->kind == HL_CORE_LIT &&
                                            first->u.lit.kind == HL_LIT_ATOM))
                continue;
            bool bind = q->kind == HL_CORE_VAR && (q->flags & HL_CF_BIND);
            uint32_t dst = bind ? OY(q->u.var) : OY(cg_temp(c));
            E(c, get_tuple_element, subj, OU(i), dst);
            if (!bind) match(c, q, dst, fail);
        }
        return;
    }
    case HL_CORE_CONS: {
        if (cg_is_literal(p)) {
            E(c, is_eq_exact, fail, subj, cg_lit_operand(c, p));
            return;
        }
        uint32_t cur = subj;
        for (uint32_t i = 0; i < p->u.list.count; i++) {
            const hl_core_node *h = p->u.list.items[i];
            bool last = i + 1 == p->u.list.count;
            const hl_core_node *t = last ? p->u.list.tail : NULL;
            E(c, is_nonempty_list, fail, cur);
            uint32_t hd = h->kind == HL_CORE_VAR && (h->flags & HL_CF_BIND) ? OY(h->u.var) : OY(cg_temp(c));
            uint32_t tl = t && t->kind == HL_CORE_VAR && (t->flags & HL_CF_BIND) ? OY(t->u.var) : OY(cg_temp(c));
            E(c, get_list, cur, hd, tl);
            if (!(h->kind == HL_CORE_VAR && (h->flags & HL_CF_BIND))) match(c, h, hd, fail);
            cur = tl;
        }
        const hl_core_node *t = p->u.list.tail;
        if (!(t->kind == HL_CORE_VAR && (t->flags & HL_CF_BIND))) match(c, t, cur, fail);
        return;
    }
    case HL_CORE_MAP: cg_map_match(c, p, subj, fail); return;
    case HL_CORE_BIN: cg_bits_match(c, p, subj, fail); return;
    default: cg_error(c, p->line, p->col, "internal error: unexpected node in a pattern"); return;
    }
}

/* ---- guards ------------------------------------------------------------------------ */

static bool is_var_or_const(const hl_core_node *e) { return e->kind == HL_CORE_VAR || e->kind == HL_CORE_LIT; }

/* Guard expression value (stable), failing to `fail` on an exception. */
static uint32_t gexpr(cg *c, const hl_core_node *e, uint32_t fail) {
    if (c->failed) return ONIL;
    switch (e->kind) {
    case HL_CORE_LIT:
    case HL_CORE_VAR:
    case HL_CORE_TUPLE:
    case HL_CORE_CONS:
        if (e->kind == HL_CORE_TUPLE || e->kind == HL_CORE_CONS) {
            /* elements of a guard construction are guard expressions */
            bool simple = true;
            for (uint32_t i = 0; i < e->u.list.count; i++)
                if (!is_var_or_const(e->u.list.items[i]) && !cg_is_literal_expr(e->u.list.items[i])) simple = false;
            if (e->kind == HL_CORE_CONS && !is_var_or_const(e->u.list.tail) && !cg_is_literal_expr(e->u.list.tail))
                simple = false;
            if (!simple) return stable(c, construct(c, e, fail));
        }
        return stable(c, eval(c, e));
    case HL_CORE_MAP: return stable(c, cg_map_expr(c, e, fail));
    case HL_CORE_CALL: {
        if (e->u.call.kind != HL_CALL_BUILTIN && e->u.call.kind != HL_CALL_SURFACE) break;
        uint32_t mark = c->temp_top;
        uint32_t id = e->u.call.target;
        uint32_t n = e->u.call.nargs;
        if (id >= HL_BI__COUNT || hl_builtins[id].kind == HL_BK_ERL || n > 8) break;
        uint32_t v[8];
        for (uint32_t i = 0; i < n; i++) v[i] = gexpr(c, e->u.call.args[i], fail);
        hl_opcode op;
        if (n == 2 && is_arith(id, &op)) {
            const uint32_t ops[] = {fail, OU(0), v[0], v[1], OX(0)};
            cg_emit(c, op, ops, 5);
        } else {
            uint32_t ops[8 + 5];
            uint32_t k = 0;
            ops[k++] = fail, ops[k++] = OBIF(id), ops[k++] = OU(0), ops[k++] = OU(n);
            for (uint32_t i = 0; i < n; i++) ops[k++] = v[i];
            ops[k++] = OX(0);
            cg_emit(c, HL_OP_bif, ops, k);
        }
        c->temp_top = mark;
        return stable(c, OX(0));
    }
    case HL_CORE_CASE: {
        if (!(e->flags & HL_CF_GUARD_BOOL)) break;
        uint32_t mark = c->temp_top;
        uint32_t subj = gexpr(c, e->u.case_.arg, fail);
        uint32_t end = cg_label(c);
        for (uint32_t i = 0; i < e->u.case_.count; i++) {
            const hl_core_clause *cl = &e->u.case_.clauses[i];
            uint32_t next = cg_label(c);
            match(c, cl->pats[0], subj, OLBL(next));
            uint32_t bm = c->temp_top;
            to_x0(c, gexpr(c, cl->body, fail));
            c->temp_top = bm;
            E(c, jump, OLBL(end));
            cg_bind(c, next);
        }
        E(c, jump, fail);
        cg_bind(c, end);
        c->temp_top = mark;
        return stable(c, OX(0));
    }
    case HL_CORE_BIN: return stable(c, cg_bits_construct(c, e, fail));
    case HL_CORE_RECORD_GET: {
        uint32_t mark = c->temp_top;
        uint32_t v = gexpr(c, e->u.rget.arg, fail);
        uint32_t name = cg_atom_index(c, e->u.rget.name.ptr, e->u.rget.name.len);
        if (e->u.rget.index == 0 || e->u.rget.index > e->u.rget.size) break;
        E(c, is_tagged_tuple, fail, v, OU(e->u.rget.size), OATOM(name));
        E(c, get_tuple_element, v, OU(e->u.rget.index - 1), OX(0));
        c->temp_top = mark;
        return stable(c, OX(0));
    }
    default: break;
    }
    cg_error(c, e->line, e->col, "internal error: unexpected guard expression");
    return ONIL;
}

static bool type_test(uint32_t id, hl_opcode *op) {
    switch (id) {
    case HL_BI_IS_ATOM: *op = HL_OP_is_atom; return true;
    case HL_BI_IS_BINARY: *op = HL_OP_is_binary; return true;
    case HL_BI_IS_BITSTRING: *op = HL_OP_is_bitstring; return true;
    case HL_BI_IS_BOOLEAN: *op = HL_OP_is_boolean; return true;
    case HL_BI_IS_FLOAT: *op = HL_OP_is_float; return true;
    case HL_BI_IS_FUNCTION1: *op = HL_OP_is_function; return true;
    case HL_BI_IS_INTEGER: *op = HL_OP_is_integer; return true;
    case HL_BI_IS_LIST: *op = HL_OP_is_list; return true;
    case HL_BI_IS_MAP: *op = HL_OP_is_map; return true;
    case HL_BI_IS_NUMBER: *op = HL_OP_is_number; return true;
    case HL_BI_IS_PID: *op = HL_OP_is_pid; return true;
    case HL_BI_IS_REFERENCE: *op = HL_OP_is_reference; return true;
    case HL_BI_IS_TUPLE: *op = HL_OP_is_tuple; return true;
    default: return false;
    }
}

/* One guard test: falls through when it is `true`, else jumps to fail. */
static void gtest(cg *c, const hl_core_node *e, uint32_t fail) {
    uint32_t mark = c->temp_top;
    if (e->kind == HL_CORE_LIT) {
        if (!(e->u.lit.kind == HL_LIT_ATOM && e->u.lit.u.name.len == 4 && memcmp(e->u.lit.u.name.ptr, "true", 4) == 0))
            E(c, jump, fail);
        return;
    }
    if (e->kind == HL_CORE_CALL && e->u.call.kind == HL_CALL_BUILTIN) {
        uint32_t id = e->u.call.target;
        hl_opcode op;
        bool swap = false;
        bool cmp = true;
        switch (id) {
        case HL_BI_OP_LT: op = HL_OP_is_lt; break;
        case HL_BI_OP_GT: op = HL_OP_is_lt, swap = true; break;
        case HL_BI_OP_GE: op = HL_OP_is_ge; break;
        case HL_BI_OP_LE: op = HL_OP_is_ge, swap = true; break;
        case HL_BI_OP_EQ: op = HL_OP_is_eq; break;
        case HL_BI_OP_NE: op = HL_OP_is_ne; break;
        case HL_BI_OP_EXACT_EQ: op = HL_OP_is_eq_exact; break;
        case HL_BI_OP_EXACT_NE: op = HL_OP_is_ne_exact; break;
        default: cmp = false; break;
        }
        if (cmp && e->u.call.nargs == 2) {
            uint32_t a = gexpr(c, e->u.call.args[0], fail);
            uint32_t b = gexpr(c, e->u.call.args[1], fail);
            const uint32_t ops[] = {fail, swap ? b : a, swap ? a : b};
            cg_emit(c, op, ops, 3);
            c->temp_top = mark;
            return;
        }
        if (e->u.call.nargs == 1 && type_test(id, &op)) {
            uint32_t a = gexpr(c, e->u.call.args[0], fail);
            const uint32_t ops[] = {fail, a};
            cg_emit(c, op, ops, 2);
            c->temp_top = mark;
            return;
        }
    }
    uint32_t v = gexpr(c, e, fail);
    E(c, is_eq_exact, fail, v, OATOM(cg_atom_index(c, "true", 4)));
    c->temp_top = mark;
}

/* fail: a label operand. */
static void guards(cg *c, const hl_core_clause *cl, uint32_t fail) {
    if (cl->nguards == 0) return;
    uint32_t body = cg_label(c);
    for (uint32_t g = 0; g < cl->nguards; g++) {
        bool last = g + 1 == cl->nguards;
        uint32_t next = last ? 0 : cg_label(c);
        for (uint32_t k = 0; k < cl->guards[g].count; k++) gtest(c, cl->guards[g].tests[k], last ? fail : OLBL(next));
        if (!last) {
            E(c, jump, OLBL(body));
            cg_bind(c, next);
        }
    }
    cg_bind(c, body);
}

/* ---- functions ------------------------------------------------------------------------ */

/* Does pattern p mention variable v (bound or compared)? */
static bool mentions(const hl_core_node *p, hl_core_var v) {
    if (!hl_meter_charge(1)) return true; /* conservative; the compilation stops anyway */
    switch (p->kind) {
    case HL_CORE_VAR: return p->u.var == v;
    case HL_CORE_ALIAS: return mentions(p->u.pair.a, v) || mentions(p->u.pair.b, v);
    case HL_CORE_TUPLE:
    case HL_CORE_CONS:
        for (uint32_t i = 0; i < p->u.list.count; i++)
            if (mentions(p->u.list.items[i], v)) return true;
        return p->kind == HL_CORE_CONS && mentions(p->u.list.tail, v);
    case HL_CORE_MAP:
        for (uint32_t i = 0; i < p->u.map.count; i++)
            if (mentions(p->u.map.pairs[i].key, v) || mentions(p->u.map.pairs[i].value, v)) return true;
        return false;
    case HL_CORE_BIN:
        for (uint32_t i = 0; i < p->u.bin.count; i++)
            if (mentions(p->u.bin.segs[i].value, v) || (p->u.bin.segs[i].size && mentions(p->u.bin.segs[i].size, v)))
                return true;
        return false;
    default: return false; /* literals, wildcards */
    }
}

/* The y slot argument k lives in: the variable every clause binds it to,
 * when that is safe (no clause mentions the variable anywhere else in its
 * patterns), which saves a move per clause; else a fresh slot. */
static uint32_t arg_home(cg *c, const hl_core_fun *f, uint32_t k, const uint32_t *home) {
    hl_core_var v = HL_CORE_NO_VAR;
    for (uint32_t i = 0; i < f->nclauses && v == HL_CORE_NO_VAR; i++) {
        const hl_core_node *p = f->clauses[i].npats == f->arity ? f->clauses[i].pats[k] : NULL;
        if (p && p->kind == HL_CORE_VAR && (p->flags & HL_CF_BIND)) v = p->u.var;
    }
    if (v == HL_CORE_NO_VAR || v == f->self_var) return cg_temp(c);
    for (uint32_t i = 0; i < f->nfree; i++)
        if (f->free[i] == v) return cg_temp(c);
    for (uint32_t j = 0; j < k; j++)
        if (home[j] == v) return cg_temp(c);
    for (uint32_t i = 0; i < f->nclauses; i++) {
        const hl_core_clause *cl = &f->clauses[i];
        if (cl->npats != f->arity) return cg_temp(c);
        for (uint32_t j = 0; j < cl->npats; j++) {
            const hl_core_node *p = cl->pats[j];
            bool is_bind_v = j == k && p->kind == HL_CORE_VAR && (p->flags & HL_CF_BIND) && p->u.var == v;
            if (!is_bind_v && mentions(p, v)) return cg_temp(c);
        }
    }
    return v;
}

static bool clause_mentions(const hl_core_clause *cl, hl_core_var v);

/* Does e mention variable v anywhere (read, bound or captured)? True for
 * the node kinds it does not look into. */
static bool node_mentions(const hl_core_node *e, hl_core_var v) {
    if (!hl_meter_charge(1)) return true;
    switch (e->kind) {
    case HL_CORE_LIT: case HL_CORE_WILD: return false;
    case HL_CORE_VAR: return e->u.var == v;
    case HL_CORE_TUPLE: case HL_CORE_CONS: case HL_CORE_SEQ:
        for (uint32_t i = 0; i < e->u.list.count; i++)
            if (node_mentions(e->u.list.items[i], v)) return true;
        return e->kind == HL_CORE_CONS && node_mentions(e->u.list.tail, v);
    case HL_CORE_MATCH: case HL_CORE_ALIAS: return node_mentions(e->u.pair.a, v) || node_mentions(e->u.pair.b, v);
    case HL_CORE_RECORD_GET: return node_mentions(e->u.rget.arg, v);
    case HL_CORE_MAKE_FUN:
        for (uint32_t i = 0; i < e->u.make_fun.nfree; i++)
            if (e->u.make_fun.free[i] == v) return true;
        return false;
    case HL_CORE_CALL:
        for (uint32_t i = 0; i < e->u.call.nargs; i++)
            if (node_mentions(e->u.call.args[i], v)) return true;
        return false;
    case HL_CORE_APPLY:
        for (uint32_t i = 0; i < e->u.apply.nargs; i++)
            if (node_mentions(e->u.apply.args[i], v)) return true;
        return node_mentions(e->u.apply.fun, v);
    case HL_CORE_CASE:
        if (e->u.case_.arg && node_mentions(e->u.case_.arg, v)) return true;
        for (uint32_t i = 0; i < e->u.case_.count; i++)
            if (clause_mentions(&e->u.case_.clauses[i], v)) return true;
        return false;
    default: return true; /* maps, binaries, try, catch, receive */
    }
}

static bool clause_mentions(const hl_core_clause *cl, hl_core_var v) {
    for (uint32_t k = 0; k < cl->npats; k++)
        if (node_mentions(cl->pats[k], v)) return true;
    for (uint32_t g = 0; g < cl->nguards; g++)
        for (uint32_t k = 0; k < cl->guards[g].count; k++)
            if (node_mentions(cl->guards[g].tests[k], v)) return true;
    return node_mentions(cl->body, v);
}

/* Can expression e run without a frame (docs/codegen.md "Register model")?
 * Only when it makes no call but in tail position (is_tail) and needs no
 * handler or receive; *xmax grows to the x registers its tail calls load.
 * Conservative: a node kind not listed needs a frame. */
static bool no_frame(const hl_core_node *e, bool is_tail, uint32_t *xmax) {
    if (!hl_meter_charge(1)) return false;
    switch (e->kind) {
    case HL_CORE_LIT: case HL_CORE_VAR: case HL_CORE_WILD: case HL_CORE_MAKE_FUN: return true;
    case HL_CORE_TUPLE: case HL_CORE_CONS:
        for (uint32_t i = 0; i < e->u.list.count; i++)
            if (!no_frame(e->u.list.items[i], false, xmax)) return false;
        return e->kind == HL_CORE_TUPLE || no_frame(e->u.list.tail, false, xmax);
    case HL_CORE_SEQ:
        for (uint32_t i = 0; i < e->u.list.count; i++)
            if (!no_frame(e->u.list.items[i], is_tail && i + 1 == e->u.list.count, xmax)) return false;
        return true;
    case HL_CORE_MATCH: return no_frame(e->u.pair.b, false, xmax);
    case HL_CORE_RECORD_GET: return no_frame(e->u.rget.arg, false, xmax);
    case HL_CORE_CASE:
        if (e->u.case_.arg && !no_frame(e->u.case_.arg, false, xmax)) return false;
        for (uint32_t i = 0; i < e->u.case_.count; i++)
            if (!no_frame(e->u.case_.clauses[i].body, is_tail, xmax)) return false;
        return true;
    case HL_CORE_CALL:
        for (uint32_t i = 0; i < e->u.call.nargs; i++)
            if (!no_frame(e->u.call.args[i], false, xmax)) return false;
        switch (e->u.call.kind) {
        case HL_CALL_BUILTIN:
            if (e->u.call.target >= HL_BI__COUNT) return false;
            if (hl_builtins[e->u.call.target].kind == HL_BK_BIF) return true;
            if (hl_builtins[e->u.call.target].kind != HL_BK_ERL) return false;
            break;
        case HL_CALL_LOCAL: case HL_CALL_REMOTE: break;
        default: return false;
        }
        if (!is_tail) return false;
        if (e->u.call.nargs > *xmax) *xmax = e->u.call.nargs;
        return true;
    case HL_CORE_APPLY:
        if (!is_tail || !no_frame(e->u.apply.fun, false, xmax)) return false;
        for (uint32_t i = 0; i < e->u.apply.nargs; i++)
            if (!no_frame(e->u.apply.args[i], false, xmax)) return false;
        if (e->u.apply.nargs + 1 > *xmax) *xmax = e->u.apply.nargs + 1;
        return true;
    default: return false; /* maps, binaries, try, catch, receive: with a frame */
    }
}

/* Clause i of a function: its head (the pattern `skip` left out: its
 * test was made already, by the loop layout), its guards (failing to
 * `fail`) and its body. ok_small: which clause bodies need no frame (a
 * mixed function's others allocate it: see cg_function). False on running
 * out of memory. */
static bool fn_clause(cg *c, const hl_core_fun *f, uint32_t i, const uint8_t *ok_small, const uint32_t *home,
                      uint32_t skip, uint32_t fail) {
    const hl_core_clause *cl = &f->clauses[i];
    /* a variable a head pattern binds to a whole argument is the
     * argument's home for the clause (it is bound once, the home is
     * written only on entry) */
    for (uint32_t v = 0; v < c->nalias; v++) c->alias[v] = UINT32_MAX;
    for (uint32_t k = 0; k < cl->npats; k++) {
        const hl_core_node *p = cl->pats[k];
        /* (a variable's number is one per source name: the home may
         * be a variable this clause binds, then it is not stable) */
        if (p->kind == HL_CORE_VAR && (p->flags & HL_CF_BIND) && p->u.var != home[k] && p->u.var < c->nalias &&
            c->alias[p->u.var] == UINT32_MAX && (home[k] >= f->nvars || !clause_mentions(cl, home[k])))
            c->alias[p->u.var] = home[k];
    }
    for (uint32_t k = 0; k < cl->npats; k++)
        if (k != skip) match(c, cl->pats[k], OY(home[k]), fail);
    guards(c, cl, fail);
    if (c->mixed && i < 64 && !ok_small[i]) { /* (mixed: at most 64 clauses) */
        /* this body needs the frame: allocate it now (every register
         * still live) and copy what the body may read to its y slot */
        uint32_t *src = NULL; /* pairs: slot, where the dispatch left it */
        size_t srccap = 0, nsrc = 0;
        for (uint32_t y = 0; y < c->temp_top && y < HL_BC_MAX_FRAME; y++) {
            bool is_home = false;
            for (uint32_t k = 0; k < f->arity; k++) is_home = is_home || home[k] == y;
            if (y < f->nvars && (c->alias[y] != UINT32_MAX || (!is_home && !clause_mentions(cl, y)))) continue;
            if (!cg_grow(c, (void **)&src, &srccap, nsrc + 2, sizeof *src)) {
                hl_mem_free(src);
                return false;
            }
            cg_arg0_read(c, OY(y));
            src[nsrc++] = y, src[nsrc++] = cg_final(c, OY(y));
        }
        c->frameless = false;
        cg_line(c, cl->line);
        size_t at = c->ncode;
        E(c, allocate, CG_FRAME, OU(0));
        if (!c->failed) { /* its live count: patched with the frameless ones */
            if (!cg_grow(c, (void **)&c->lfix, &c->lfixcap, c->nlfix + 1, sizeof *c->lfix)) {
                hl_mem_free(src);
                return false;
            }
            c->lfix[c->nlfix++] = (uint32_t)at + 2;
        }
        for (size_t j = 0; j < nsrc; j += 2) E(c, move, src[j + 1], OY(src[j]));
        hl_mem_free(src);
        tail(c, cl->body);
        c->frameless = true;
    } else {
        tail(c, cl->body);
    }
    for (uint32_t v = 0; v < c->nalias; v++) c->alias[v] = UINT32_MAX;
    return true;
}

/* The loop layout (docs/codegen.md): a recursive function whose clauses
 * before the last are each chosen by one literal argument (loop(0) -> ...,
 * fib(1) -> ...) and whose last clause takes any arguments and recurses
 * (loop(N) -> loop(N - 1), len([_ | T], N) -> len(T, N + 1)) is laid out
 * with that last clause first, behind inverted tests (is_ne_exact jumps to
 * a literal's clause; the last clause may fail, to function_clause, as it
 * would after the literal clauses failed): a loop's
 * iteration then falls through its tests instead of jumping, and in the
 * interpreter a jump is a load on the chain of dependent pc values that
 * bounds a loop's speed. Returns how many clauses are chosen by a literal
 * (their argument in lit_arg), or 0 when the shape does not apply. The
 * checks look at the last clause's final expression and one level of
 * arguments below it only, so they do not recurse. */
#define CG_LOOP_LITERALS 4
static bool head_binds_only(const hl_core_clause *cl, uint32_t skip) {
    if (cl->nguards) return false;
    for (uint32_t k = 0; k < cl->npats; k++) {
        const hl_core_node *p = cl->pats[k];
        if (k != skip && p->kind != HL_CORE_WILD && !(p->kind == HL_CORE_VAR && (p->flags & HL_CF_BIND))) return false;
    }
    return true;
}
static bool self_call(const hl_core_node *e, uint32_t index) {
    return e->kind == HL_CORE_CALL && e->u.call.kind == HL_CALL_LOCAL && e->u.call.target == index;
}
static uint32_t loop_layout(const hl_core_fun *f, uint32_t index, uint32_t *lit_arg) {
    uint32_t n = f->nclauses;
    if (n < 2 || n > CG_LOOP_LITERALS + 1) return 0;
    for (uint32_t i = 0; i < n; i++)
        if (f->clauses[i].npats != f->arity) return 0;
    for (uint32_t i = 0; i + 1 < n; i++) {
        const hl_core_clause *cl = &f->clauses[i];
        lit_arg[i] = UINT32_MAX;
        for (uint32_t k = 0; k < cl->npats; k++)
            if (cl->pats[k]->kind == HL_CORE_LIT) {
                if (lit_arg[i] != UINT32_MAX) return 0;
                lit_arg[i] = k;
            }
        if (lit_arg[i] == UINT32_MAX || !head_binds_only(cl, lit_arg[i])) return 0;
    }
    const hl_core_node *e = f->clauses[n - 1].body;
    if (e->kind == HL_CORE_SEQ) e = e->u.list.items[e->u.list.count - 1];
    bool recurses = self_call(e, index);
    if (!recurses && e->kind == HL_CORE_CALL)
        for (uint32_t a = 0; a < e->u.call.nargs && !recurses; a++) recurses = self_call(e->u.call.args[a], index);
    return recurses ? n - 1 : 0;
}

bool cg_function(cg *c, const hl_core_fun *f, uint32_t index) {
    uint32_t a = f->arity + f->nfree;
    /* Frameless when no clause needs a frame: y slot i is then x(xbase + i),
     * above every x register the function's own instructions use (its
     * arguments, x0, a tail call's arguments). */
    uint32_t xmax = a > 1 ? a : 1;
    bool all = true, some = false;
    uint8_t ok_small[64]; /* which clause bodies need no frame (mixed mode) */
    for (uint32_t i = 0; !c->no_frameless && i < f->nclauses; i++) {
        bool ok = no_frame(f->clauses[i].body, true, &xmax);
        all = all && ok, some = some || ok;
        if (i < 64) ok_small[i] = ok;
    }
    c->frameless = !c->no_frameless && all && xmax < HL_BC_MAX_X;
    /* Mixed (see cg.mixed): small functions (the copy at allocate looks at
     * each variable) with a clause that needs no frame, fib/1's base case. */
    c->mixed = !c->no_frameless && !all && some && f->nclauses <= 64 && f->nvars <= 16 && xmax < HL_BC_MAX_X;
    if (c->mixed) c->frameless = true; /* until a clause body allocates */
    c->xbase = xmax;
    c->temp_top = c->max_slots = f->nvars;
    size_t acap = c->aliascap;
    if (!cg_grow(c, (void **)&c->alias, &acap, (size_t)f->nvars + 1, sizeof *c->alias)) return false;
    c->aliascap = acap;
    c->nalias = f->nvars;
    for (uint32_t v = 0; v < f->nvars; v++) c->alias[v] = UINT32_MAX;
    uint32_t home[HL_BC_MAX_ARITY + 1];
    for (uint32_t i = 0; i < f->arity && i <= HL_BC_MAX_ARITY; i++) home[i] = arg_home(c, f, i, home);
    c->arg0 = UINT32_MAX;
    c->x0_written = c->x0_written_prev = c->arg0_lost = false;
    if (c->frameless && (f->arity > 1 || (f->arity == 1 && !c->no_arg0x))) {
        /* arguments 1.. stay in their registers; argument 0 stays in x0,
         * every result's register, unless x0 may be written before a read
         * of it (see cg.arg0: then generated again with no_arg0x) */
        size_t cap = c->argregcap, need = (size_t)f->nvars + f->arity + 1;
        if (!cg_grow(c, (void **)&c->argreg, &cap, need, sizeof *c->argreg)) return false;
        c->argregcap = cap;
        for (size_t i = 0; i < need; i++) c->argreg[i] = UINT32_MAX;
        for (uint32_t k = c->no_arg0x ? 1 : 0; k < f->arity; k++)
            if (home[k] < need) c->argreg[home[k]] = k;
        if (!c->no_arg0x && home[0] < need) c->arg0 = home[0];
        c->nargreg = need;
    }
    cg_line(c, f->line);
    if (!c->mixed) E(c, allocate, CG_FRAME, OU(a));
    for (uint32_t i = 0; i < f->arity; i++) E(c, move, OX(i), OY(home[i]));
    for (uint32_t i = 0; i < f->nfree; i++) E(c, move, OX(f->arity + i), OY(f->free[i]));
    if (f->self_var != HL_CORE_NO_VAR) {
        uint32_t ops[3 + HL_BC_MAX_ARITY];
        ops[0] = OY(f->self_var), ops[1] = OFN(index), ops[2] = OU(f->nfree);
        for (uint32_t i = 0; i < f->nfree; i++) ops[3 + i] = OY(f->free[i]);
        E(c, test_heap, OU(f->nfree + 3), OU(0));
        cg_emit(c, HL_OP_make_fun, ops, 3 + (size_t)f->nfree);
    }
    uint32_t mark = c->temp_top;
    uint32_t lit_arg[CG_LOOP_LITERALS];
    uint32_t nlit = loop_layout(f, index, lit_arg);
    if (nlit) {
        /* the literal clauses' tests, inverted, then the last clause
         * (failing to function_clause, at end), then each literal clause
         * at its label, its test made (its other patterns only bind) */
        uint32_t at[CG_LOOP_LITERALS], end = cg_label(c);
        for (uint32_t i = 0; i < nlit; i++) {
            at[i] = cg_label(c);
            const hl_core_node *p = f->clauses[i].pats[lit_arg[i]];
            E(c, is_ne_exact, OLBL(at[i]), OY(home[lit_arg[i]]), cg_lit_operand(c, p));
        }
        for (uint32_t j = 0; j <= nlit && !c->failed; j++) {
            uint32_t i = j == 0 ? nlit : j - 1;
            if (j > 0) cg_bind(c, at[i]);
            if (!fn_clause(c, f, i, ok_small, home, j == 0 ? UINT32_MAX : lit_arg[i], OLBL(end))) return false;
            c->temp_top = mark;
        }
        cg_bind(c, end);
    }
    for (uint32_t i = 0; i < f->nclauses && !nlit && !c->failed; i++) {
        const hl_core_clause *cl = &f->clauses[i];
        uint32_t next = cg_label(c);
        if (cl->npats != f->arity) {
            cg_error(c, cl->line, cl->col, "internal error: clause arity");
            return false;
        }
        if (!fn_clause(c, f, i, ok_small, home, UINT32_MAX, OLBL(next))) return false;
        cg_bind(c, next);
        c->temp_top = mark;
    }
    for (uint32_t i = 0; i < f->arity; i++) E(c, move, OY(home[i]), OX(i));
    for (uint32_t i = 0; i < f->nfree; i++) E(c, move, OY(f->free[i]), OX(f->arity + i));
    cg_line(c, f->line);
    E0(c, func_info);
    return !c->failed;
}

/* Entry points for codegen_receive.c (see codegen_int.h). */
uint32_t cg_eval(cg *c, const hl_core_node *e) { return eval(c, e); }
uint32_t cg_stable_eval(cg *c, const hl_core_node *e) { return stable_eval(c, e); }
void cg_tail(cg *c, const hl_core_node *e) { tail(c, e); }
void cg_to_x0(cg *c, uint32_t v) { to_x0(c, v); }
void cg_match(cg *c, const hl_core_node *p, uint32_t subj, uint32_t fail) { match(c, p, subj, fail); }
void cg_guards(cg *c, const hl_core_clause *cl, uint32_t fail) { guards(c, cl, fail); }
