/* pp_if.c — -if / -elif conditions (epp's eval_if, OTP 25): the condition
 * is parsed as an expression and evaluated by this small evaluator of the
 * guard expressions epp allows, instead of erl_eval. It knows integers,
 * floats, atoms, comparisons (term order of numbers and atoms), arithmetic,
 * boolean operators, defined(Macro) and the type tests; a condition that
 * fails at run time (badarith, a non-boolean operand...) is false, as in
 * epp; anything else is refused with a located diagnostic. The recursion
 * follows the AST, whose depth the parser bounded (max_depth). */
#include <math.h>
#include <string.h>

#include "base/meter.h"
#include "front/autoimport.h"
#include "front/ast.h"
#include "front/parse.h"
#include "front/pp_internal.h"

typedef enum vkind { V_INT, V_FLOAT, V_ATOM } vkind;

typedef struct val {
    vkind k;
    int64_t i;
    double f;
    const char *a;
    uint32_t alen;
} val;

typedef enum res { R_OK, R_FAIL, R_BAD } res; /* value, run-time error, refused */

typedef struct ectx {
    hl_pp *pp;
    const hl_ast *bad; /* the node refused */
} ectx;

static val atom(const char *s) { return (val){V_ATOM, 0, 0, s, (uint32_t)strlen(s)}; }
static bool is_true(val v) { return v.k == V_ATOM && v.alen == 4 && memcmp(v.a, "true", 4) == 0; }
static bool is_false(val v) { return v.k == V_ATOM && v.alen == 5 && memcmp(v.a, "false", 5) == 0; }
static bool is_bool(val v) { return is_true(v) || is_false(v); }
static val boolv(bool b) { return atom(b ? "true" : "false"); }

/* Term order of numbers and atoms: -1, 0, 1; `exact` makes 1 and 1.0
 * differ (=:=). */
static int compare(val a, val b, bool exact) {
    bool na = a.k != V_ATOM, nb = b.k != V_ATOM;
    if (na != nb) return na ? -1 : 1;
    if (!na) {
        uint32_t m = a.alen < b.alen ? a.alen : b.alen;
        int c = memcmp(a.a, b.a, m);
        if (c) return c < 0 ? -1 : 1;
        return a.alen < b.alen ? -1 : a.alen > b.alen;
    }
    if (a.k == V_INT && b.k == V_INT) return a.i < b.i ? -1 : a.i > b.i;
    double x = a.k == V_INT ? (double)a.i : a.f, y = b.k == V_INT ? (double)b.i : b.f;
    if (x < y) return -1;
    if (x > y) return 1;
    if (exact && a.k != b.k) return a.k == V_INT ? 1 : -1; /* only the sign matters to =:= */
    return 0;
}

static res eval(ectx *c, const hl_ast *e, val *out);

static res refuse(ectx *c, const hl_ast *e) {
    c->bad = e;
    return R_BAD;
}

static res arith(ectx *c, const hl_ast *e, int op, val a, val b, val *out) {
    if (a.k == V_ATOM || b.k == V_ATOM) return R_FAIL;
    bool ints = a.k == V_INT && b.k == V_INT;
    int64_t r;
    switch (op) {
    case HL_TOK_PLUS: case HL_TOK_MINUS: case HL_TOK_STAR:
        if (ints) {
            bool of = op == HL_TOK_PLUS    ? __builtin_add_overflow(a.i, b.i, &r)
                      : op == HL_TOK_MINUS ? __builtin_sub_overflow(a.i, b.i, &r)
                                           : __builtin_mul_overflow(a.i, b.i, &r);
            if (of) return refuse(c, e); /* bignums: not evaluated here */
            *out = (val){V_INT, r, 0, NULL, 0};
        } else {
            double x = a.k == V_INT ? (double)a.i : a.f, y = b.k == V_INT ? (double)b.i : b.f;
            double z = op == HL_TOK_PLUS ? x + y : op == HL_TOK_MINUS ? x - y : x * y;
            if (!isfinite(z)) return R_FAIL;
            *out = (val){V_FLOAT, 0, z, NULL, 0};
        }
        return R_OK;
    case HL_TOK_SLASH: {
        double x = a.k == V_INT ? (double)a.i : a.f, y = b.k == V_INT ? (double)b.i : b.f;
        if (y == 0) return R_FAIL;
        double z = x / y;
        if (!isfinite(z)) return R_FAIL;
        *out = (val){V_FLOAT, 0, z, NULL, 0};
        return R_OK;
    }
    default: break;
    }
    if (!ints) return R_FAIL;
    switch (op) {
    case HL_TOK_DIV: case HL_TOK_REM:
        if (b.i == 0) return R_FAIL;
        if (a.i == INT64_MIN && b.i == -1) return refuse(c, e);
        *out = (val){V_INT, op == HL_TOK_DIV ? a.i / b.i : a.i % b.i, 0, NULL, 0};
        return R_OK;
    case HL_TOK_BAND: *out = (val){V_INT, a.i & b.i, 0, NULL, 0}; return R_OK;
    case HL_TOK_BOR: *out = (val){V_INT, a.i | b.i, 0, NULL, 0}; return R_OK;
    case HL_TOK_BXOR: *out = (val){V_INT, a.i ^ b.i, 0, NULL, 0}; return R_OK;
    default: return refuse(c, e);
    }
}

static res eval_op2(ectx *c, const hl_ast *e, val *out) {
    int op = e->op;
    val a, b;
    res r = eval(c, e->u.bin.left, &a);
    if (r != R_OK) return r;
    if (op == HL_TOK_ANDALSO || op == HL_TOK_ORELSE) {
        if (!is_bool(a)) return R_FAIL;
        if (op == HL_TOK_ANDALSO ? is_false(a) : is_true(a)) {
            *out = a;
            return R_OK;
        }
        return eval(c, e->u.bin.right, out);
    }
    r = eval(c, e->u.bin.right, &b);
    if (r != R_OK) return r;
    switch (op) {
    case HL_TOK_EQ: *out = boolv(compare(a, b, false) == 0); return R_OK;
    case HL_TOK_NE: *out = boolv(compare(a, b, false) != 0); return R_OK;
    case HL_TOK_EXACT_EQ: *out = boolv(compare(a, b, true) == 0); return R_OK;
    case HL_TOK_EXACT_NE: *out = boolv(compare(a, b, true) != 0); return R_OK;
    case HL_TOK_LT: *out = boolv(compare(a, b, false) < 0); return R_OK;
    case HL_TOK_GT: *out = boolv(compare(a, b, false) > 0); return R_OK;
    case HL_TOK_LE: *out = boolv(compare(a, b, false) <= 0); return R_OK;
    case HL_TOK_GE: *out = boolv(compare(a, b, false) >= 0); return R_OK;
    case HL_TOK_AND: case HL_TOK_OR: case HL_TOK_XOR:
        if (!is_bool(a) || !is_bool(b)) return R_FAIL;
        *out = boolv(op == HL_TOK_AND ? is_true(a) && is_true(b)
                     : op == HL_TOK_OR ? is_true(a) || is_true(b)
                                       : is_true(a) != is_true(b));
        return R_OK;
    default: return arith(c, e, op, a, b, out);
    }
}

static const char *const type_tests[] = {"is_atom", "is_integer", "is_float", "is_number", "is_boolean"};

static res eval_call(ectx *c, const hl_ast *e, val *out) {
    const hl_ast *f = e->u.call.fun;
    if (f->kind != HL_AST_ATOM || e->u.call.args.count != 1) return refuse(c, e);
    const hl_ast *arg = e->u.call.args.items[0];
    if (f->u.name.len == 7 && memcmp(f->u.name.ptr, "defined", 7) == 0) {
        if (arg->kind != HL_AST_ATOM && arg->kind != HL_AST_VAR) return refuse(c, e);
        *out = boolv(hl_pp_lookup(c->pp, arg->u.name.ptr, (uint32_t)arg->u.name.len) != UINT32_MAX);
        return R_OK;
    }
    for (size_t t = 0; t < sizeof type_tests / sizeof type_tests[0]; t++) {
        if (f->u.name.len != strlen(type_tests[t]) || memcmp(f->u.name.ptr, type_tests[t], f->u.name.len) != 0)
            continue;
        val v;
        res r = eval(c, arg, &v);
        if (r != R_OK) return r;
        bool b = t == 0 ? v.k == V_ATOM : t == 1 ? v.k == V_INT : t == 2 ? v.k == V_FLOAT : t == 3 ? v.k != V_ATOM
                                                                                                   : is_bool(v);
        *out = boolv(b);
        return R_OK;
    }
    return refuse(c, e);
}

static res eval(ectx *c, const hl_ast *e, val *out) {
    if (!hl_meter_charge(1)) return refuse(c, e);
    switch ((hl_ast_kind)e->kind) {
    case HL_AST_INTEGER:
        if (e->flags & HL_AST_INT_BIG) return refuse(c, e);
        *out = (val){V_INT, e->u.integer.i, 0, NULL, 0};
        return R_OK;
    case HL_AST_CHAR: *out = (val){V_INT, e->u.integer.i, 0, NULL, 0}; return R_OK;
    case HL_AST_FLOAT: *out = (val){V_FLOAT, 0, e->u.f, NULL, 0}; return R_OK;
    case HL_AST_ATOM: *out = (val){V_ATOM, 0, 0, e->u.name.ptr, (uint32_t)e->u.name.len}; return R_OK;
    case HL_AST_OP2: return eval_op2(c, e, out);
    case HL_AST_OP1: {
        val a;
        res r = eval(c, e->u.arg, &a);
        if (r != R_OK) return r;
        if (e->op == HL_TOK_NOT) {
            if (!is_bool(a)) return R_FAIL;
            *out = boolv(!is_true(a));
            return R_OK;
        }
        if (a.k == V_ATOM) return R_FAIL;
        if (e->op == HL_TOK_PLUS) {
            *out = a;
            return R_OK;
        }
        if (e->op == HL_TOK_MINUS) {
            if (a.k == V_FLOAT) a.f = -a.f;
            else if (a.i == INT64_MIN) return refuse(c, e);
            else a.i = -a.i;
            *out = a;
            return R_OK;
        }
        if (e->op == HL_TOK_BNOT && a.k == V_INT) {
            a.i = ~a.i;
            *out = a;
            return R_OK;
        }
        return R_FAIL;
    }
    case HL_AST_CALL: return eval_call(c, e, out);
    default: return refuse(c, e);
    }
}

int hl_pp_eval_if(hl_pp *pp, const hl_token *toks, size_t n, const hl_token *at) {
    const char *what = at->kind == HL_TOK_IF ? "if" : "elif";
    bool ok;
    size_t before = hl_diags_errors(pp->diags);
    hl_ast_list es = hl_parse_exprs_tokens(toks, n, pp->lim, pp->arena, pp->diags, &ok);
    if (!ok) {
        if (hl_diags_errors(pp->diags) == before) hl_pp_error(pp, at->line, at->col, "badly formed '%s'", what);
        return -1;
    }
    if (es.count != 1) {
        hl_pp_error(pp, at->line, at->col, "badly formed '%s'", what);
        return -1;
    }
    ectx c = {pp, NULL};
    val v;
    res r = eval(&c, es.items[0], &v);
    if (r == R_BAD) {
        if (hl_meter_tripped()) {
            hl_pp_charge(pp, 1, at->line, at->col);
            return -1;
        }
        if (c.bad->kind == HL_AST_CALL &&
            (c.bad->u.call.fun->kind != HL_AST_ATOM ||
             !hl_autoimport_is_bif(c.bad->u.call.fun->u.name.ptr, c.bad->u.call.fun->u.name.len,
                                   c.bad->u.call.args.count))) {
            /* a call epp refuses too (not a guard BIF) */
            hl_pp_error(pp, at->line, at->col, "badly formed '%s'", what);
            return -1;
        }
        hl_loc l = hl_ast_first_loc(c.bad);
        hl_pp_error(pp, l.line, l.col,
                    "this -%s condition is not supported by Hyperlang (integer, float and atom comparisons, "
                    "arithmetic, boolean operators, defined(Macro) and type tests are)",
                    what);
        return -1;
    }
    return r == R_OK && is_true(v) ? 1 : 0;
}
