/* test_core_lower.c — SafeCore: the shapes lowering produces (records to
 * tuples, operators to builtin calls, andalso to guard-safe cases, funs and
 * comprehensions to lifted functions with captures), classification kinds
 * (local, builtin, auto-import, host binding), verification errors, and an
 * out-of-memory walk over the whole parse → lower → verify → classify
 * pipeline. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "core/builtins.h"
#include "core/core.h"
#include "core/dump.h"
#include "front/front.h"

typedef struct compiled {
    hl_front_result *front;
    hl_core_module *m;
    hl_diags diags;
} compiled;

static void compile_opts(compiled *c, const char *src, const hl_core_options *o) {
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    c->front = hl_front_parse(src, strlen(src), &lim);
    assert_non_null(c->front);
    assert_int_equal(hl_diags_errors(&c->front->diags), 0);
    hl_diags_init(&c->diags, 100);
    c->m = hl_core_compile(c->front->module, o, &c->diags);
}

static void compile(compiled *c, const char *src) {
    hl_core_options o;
    hl_core_options_default(&o);
    compile_opts(c, src, &o);
}

static void release(compiled *c) {
    hl_core_free(c->m);
    hl_diags_free(&c->diags);
    hl_front_free(c->front);
}

static const hl_core_fun *fun_named(const hl_core_module *m, const char *name, uint32_t arity) {
    for (uint32_t i = 0; i < m->nfuns; i++)
        if (m->funs[i].arity == arity && m->funs[i].name.len == strlen(name) &&
            memcmp(m->funs[i].name.ptr, name, strlen(name)) == 0)
            return &m->funs[i];
    return NULL;
}

/* The body of the first clause of name/arity. */
static const hl_core_node *body_of(const hl_core_module *m, const char *name, uint32_t arity) {
    const hl_core_fun *f = fun_named(m, name, arity);
    assert_non_null(f);
    assert_true(f->nclauses >= 1);
    return f->clauses[0].body;
}

static bool is_atom(const hl_core_node *n, const char *name) {
    return n->kind == HL_CORE_LIT && n->u.lit.kind == HL_LIT_ATOM && n->u.lit.u.name.len == strlen(name) &&
           memcmp(n->u.lit.u.name.ptr, name, strlen(name)) == 0;
}

static void test_record_creation_is_a_tuple_with_defaults(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/1]).\n-record(r, {a = 1, b, c = x}).\nf(X) -> #r{b = X}.\n");
    assert_non_null(c.m);
    const hl_core_node *b = body_of(c.m, "f", 1);
    assert_int_equal(b->kind, HL_CORE_TUPLE);
    assert_int_equal(b->u.list.count, 4);
    assert_true(is_atom(b->u.list.items[0], "r"));
    assert_int_equal(b->u.list.items[1]->kind, HL_CORE_LIT);
    assert_int_equal(b->u.list.items[1]->u.lit.u.i, 1);
    assert_int_equal(b->u.list.items[2]->kind, HL_CORE_VAR);
    assert_true(is_atom(b->u.list.items[3], "x"));
    release(&c);
}

static void test_record_access_and_index(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/1, g/0]).\n-record(r, {a, b}).\nf(X) -> X#r.b.\ng() -> #r.b.\n");
    assert_non_null(c.m);
    const hl_core_node *b = body_of(c.m, "f", 1);
    assert_int_equal(b->kind, HL_CORE_RECORD_GET);
    assert_int_equal(b->u.rget.index, 3);
    assert_int_equal(b->u.rget.size, 3);
    b = body_of(c.m, "g", 0);
    assert_int_equal(b->kind, HL_CORE_LIT);
    assert_int_equal(b->u.lit.u.i, 3);
    release(&c);
}

static void test_record_update_is_a_badrecord_case(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/1]).\n-record(r, {a, b}).\nf(X) -> X#r{b = 2}.\n");
    assert_non_null(c.m);
    const hl_core_node *b = body_of(c.m, "f", 1);
    assert_int_equal(b->kind, HL_CORE_CASE);
    assert_int_equal(b->u.case_.fail, HL_FAIL_BADRECORD);
    assert_int_equal(b->u.case_.count, 1);
    const hl_core_node *p = b->u.case_.clauses[0].pats[0];
    assert_int_equal(p->kind, HL_CORE_TUPLE);
    assert_int_equal(p->u.list.items[1]->kind, HL_CORE_VAR);
    assert_true(p->u.list.items[1]->flags & HL_CF_BIND);
    assert_int_equal(p->u.list.items[2]->kind, HL_CORE_WILD);
    release(&c);
}

static void test_operators_and_autoimports_classify_as_builtins(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/1]).\nf(L) -> length(L) + 1.\n");
    assert_non_null(c.m);
    const hl_core_node *b = body_of(c.m, "f", 1);
    assert_int_equal(b->kind, HL_CORE_CALL);
    assert_int_equal(b->u.call.kind, HL_CALL_BUILTIN);
    assert_int_equal(b->u.call.target, HL_BI_OP_PLUS);
    assert_true(b->flags & HL_CF_OPERATOR);
    const hl_core_node *len = b->u.call.args[0];
    assert_int_equal(len->u.call.kind, HL_CALL_BUILTIN);
    assert_int_equal(len->u.call.target, HL_BI_LENGTH);
    assert_true(len->flags & HL_CF_AUTO);
    release(&c);
}

static void test_local_definition_shadows_new_autoimport(void **state) {
    (void)state;
    compiled c;
    /* min/2 is not a pre-R14 BIF: the local definition wins (OTP 25). */
    compile(&c, "-module(m).\n-export([f/0]).\nmin(A, _) -> A.\nf() -> min(2, 1).\n");
    assert_non_null(c.m);
    const hl_core_node *b = body_of(c.m, "f", 0);
    assert_int_equal(b->u.call.kind, HL_CALL_LOCAL);
    assert_int_equal(b->u.call.target, 0);
    release(&c);
}

static void test_andalso_is_a_guard_bool_case(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/2]).\nf(A, B) when A andalso B -> A andalso B.\n");
    assert_non_null(c.m);
    const hl_core_fun *f = fun_named(c.m, "f", 2);
    const hl_core_node *g = f->clauses[0].guards[0].tests[0];
    assert_int_equal(g->kind, HL_CORE_CASE);
    assert_true(g->flags & HL_CF_GUARD_BOOL);
    assert_int_equal(g->u.case_.fail, HL_FAIL_BADARG);
    assert_true(is_atom(g->u.case_.clauses[0].pats[0], "true"));
    assert_true(is_atom(g->u.case_.clauses[1].body, "false"));
    release(&c);
}

static void test_fun_is_lifted_with_captures(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/1]).\nf(X) -> Y = X + 1, fun(Z) -> {X, Y, Z} end.\n");
    assert_non_null(c.m);
    assert_int_equal(c.m->nsource, 1);
    assert_int_equal(c.m->nfuns, 2);
    const hl_core_fun *lifted = &c.m->funs[1];
    assert_int_equal(lifted->origin, HL_ORIGIN_FUN);
    assert_int_equal(lifted->arity, 1);
    assert_int_equal(lifted->nfree, 2);
    const hl_core_node *b = body_of(c.m, "f", 1);
    assert_int_equal(b->kind, HL_CORE_SEQ);
    const hl_core_node *mk = b->u.list.items[1];
    assert_int_equal(mk->kind, HL_CORE_MAKE_FUN);
    assert_int_equal(mk->u.make_fun.fn, 1);
    assert_int_equal(mk->u.make_fun.nfree, 2);
    release(&c);
}

static void test_fun_head_shadows_outer_variable(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/1]).\nf(X) -> fun(X) -> X end.\n");
    assert_non_null(c.m);
    const hl_core_fun *lifted = &c.m->funs[1];
    const hl_core_node *p = lifted->clauses[0].pats[0];
    assert_int_equal(p->kind, HL_CORE_VAR);
    assert_true(p->flags & HL_CF_BIND); /* a fresh binding, not a match */
    release(&c);
}

static void test_named_fun_has_self_variable(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/0]).\nf() -> fun F(0) -> 0; F(N) -> F(N - 1) end.\n");
    assert_non_null(c.m);
    const hl_core_fun *lifted = &c.m->funs[1];
    assert_int_equal(lifted->origin, HL_ORIGIN_NAMED_FUN);
    assert_int_not_equal(lifted->self_var, HL_CORE_NO_VAR);
    const hl_core_node *b = lifted->clauses[1].body;
    assert_int_equal(b->kind, HL_CORE_APPLY);
    assert_int_equal(b->u.apply.fun->u.var, lifted->self_var);
    release(&c);
}

static void test_comprehension_lifts_one_function_per_generator(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/2]).\nf(Xs, K) -> [{X, Y, K} || X <- Xs, X > 0, Y <- Xs].\n");
    assert_non_null(c.m);
    assert_int_equal(c.m->nfuns, 3);
    assert_int_equal(c.m->funs[1].origin, HL_ORIGIN_LC);
    assert_int_equal(c.m->funs[2].origin, HL_ORIGIN_LC);
    assert_int_equal(c.m->funs[1].nclauses, 4);
    /* The call site passes the list and the captured K. */
    const hl_core_node *b = body_of(c.m, "f", 2);
    assert_int_equal(b->kind, HL_CORE_CALL);
    assert_int_equal(b->u.call.kind, HL_CALL_LOCAL);
    assert_int_equal(b->u.call.target, 1);
    assert_int_equal(b->u.call.nargs, 1 + c.m->funs[1].nfree);
    assert_true(c.m->funs[1].nfree >= 1);
    /* The guard filter X > 0 became a guard. */
    const hl_core_node *flt = c.m->funs[1].clauses[0].body;
    assert_int_equal(flt->kind, HL_CORE_CASE);
    assert_int_equal(flt->u.case_.clauses[0].nguards, 1);
    release(&c);
}

static void test_binary_comprehension_uses_internal_builtin(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/1]).\nf(B) -> << <<(X + 1)>> || <<X>> <= B >>.\n");
    assert_non_null(c.m);
    const hl_core_node *b = body_of(c.m, "f", 1);
    assert_int_equal(b->kind, HL_CORE_CALL);
    assert_int_equal(b->u.call.target, HL_BI_LIST_TO_BITSTRING);
    assert_int_equal(c.m->funs[1].origin, HL_ORIGIN_BC);
    release(&c);
}

static void test_string_prefix_pattern_is_a_cons(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/1]).\nf(\"ab\" ++ T) -> T.\n");
    assert_non_null(c.m);
    const hl_core_node *p = fun_named(c.m, "f", 1)->clauses[0].pats[0];
    assert_int_equal(p->kind, HL_CORE_CONS);
    assert_int_equal(p->u.list.count, 2);
    assert_int_equal(p->u.list.items[0]->u.lit.u.i, 'a');
    assert_int_equal(p->u.list.tail->kind, HL_CORE_VAR);
    release(&c);
}

static void test_repeated_pattern_variable_binds_once(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/1]).\nf({X, X}) -> X.\n");
    assert_non_null(c.m);
    const hl_core_node *p = fun_named(c.m, "f", 1)->clauses[0].pats[0];
    assert_true(p->u.list.items[0]->flags & HL_CF_BIND);
    assert_false(p->u.list.items[1]->flags & HL_CF_BIND);
    assert_int_equal(p->u.list.items[0]->u.var, p->u.list.items[1]->u.var);
    release(&c);
}

static void test_variable_bound_in_all_branches_is_exported(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(m).\n-export([f/1]).\nf(A) -> case A of 1 -> X = a; _ -> X = b end, X.\n");
    assert_non_null(c.m);
    assert_int_equal(hl_diags_errors(&c.diags), 0);
    release(&c);
}

static void test_host_binding_hook(void **state) {
    (void)state;
    static const hl_core_binding bindings[] = {{"host", "lookup", 1}};
    hl_core_options o;
    hl_core_options_default(&o);
    o.bindings = bindings;
    o.nbindings = 1;
    compiled c;
    compile_opts(&c, "-module(m).\n-export([f/1]).\nf(K) -> host:lookup(K).\n", &o);
    assert_non_null(c.m);
    const hl_core_node *b = body_of(c.m, "f", 1);
    assert_int_equal(b->u.call.kind, HL_CALL_BINDING);
    assert_int_equal(b->u.call.target, 0);
    release(&c);
    /* Without the declaration the same call is rejected. */
    compile(&c, "-module(m).\n-export([f/1]).\nf(K) -> host:lookup(K).\n");
    assert_null(c.m);
    assert_int_equal(c.diags.count, 1);
    assert_string_equal(c.diags.items[0].message,
                        "remote call host:lookup/1 is not declared: binding not granted (no module 'host' in this "
                        "program or the stdlib, and no host binding of that name was granted)");
    release(&c);
}

static void test_every_allowlist_entry_is_unique(void **state) {
    (void)state;
    for (int i = 0; i < HL_BI__COUNT; i++) {
        const hl_builtin *b = &hl_builtins[i];
        assert_int_equal(hl_builtin_find(b->module, strlen(b->module), b->function, strlen(b->function), b->arity), i);
    }
    /* Spot checks of what must never be there. */
    assert_int_equal(hl_builtin_find("erlang", 6, "list_to_atom", 12, 1), -1);
    assert_int_equal(hl_builtin_find("erlang", 6, "apply", 5, 3), -1);
    /* self/0 exists only as a surface of the processes capability */
    int self_id = hl_builtin_find("erlang", 6, "self", 4, 0);
    assert_true(self_id >= 0 && hl_builtins[self_id].kind == HL_BK_SURFACE &&
                hl_builtin_capability(self_id) == HL_CAP_PROCESSES);
    assert_int_equal(hl_builtin_find("erlang", 6, "list_to_pid", 11, 1), -1);
    assert_int_equal(hl_builtin_find("erlang", 6, "processes", 9, 0), -1);
    assert_int_equal(hl_builtin_find("os", 2, "cmd", 3, 1), -1);
}

static void test_limits_are_enforced(void **state) {
    (void)state;
    hl_core_options o;
    hl_core_options_default(&o);
    o.lim.max_functions = 2;
    compiled c;
    compile_opts(&c, "-module(m).\n-export([f/0]).\nf() -> [fun() -> 1 end, fun() -> 2 end].\n", &o);
    assert_null(c.m);
    assert_true(hl_diags_errors(&c.diags) > 0);
    release(&c);
    hl_core_options_default(&o);
    o.lim.max_depth = 8;
    compile_opts(&c, "-module(m).\n-export([f/0]).\nf() -> [[[[[[[[[[[[1]]]]]]]]]]]].\n", &o);
    assert_null(c.m);
    assert_string_equal(c.diags.items[0].message, "expression nested too deeply");
    release(&c);
}

/* The whole text form of a small module (docs/safecore.md), as a golden
 * string: lifting, captures, guard filters, ?MODULE calls, andalso. */
static void test_dump_golden(void **state) {
    (void)state;
    compiled c;
    compile(&c, "-module(g).\n-export([f/2]).\n-record(r, {a = 1, b}).\n"
                "f(Xs, K) ->\n    R = #r{b = K},\n"
                "    F = fun(Y) when Y > K -> Y andalso K; (_) -> ?MODULE:f(Xs, K) end,\n"
                "    [F(X) || X <- Xs, X > R#r.a].\n");
    assert_non_null(c.m);
    hl_buf b;
    hl_buf_init(&b, 0);
    assert_true(hl_core_dump(c.m, &b));
    assert_string_equal(b.data,
        "#0 'f'/2 exported:\n"
        "  (=Xs#0, =K#1) -> begin (=R#2 = {'r', 1, K#1}), (=F#3 = make_fun#1[K#1, Xs#0]), local#2:'-f/2-lc-1-'/1(Xs#0, F#3, R#2) end\n"
        "#1 '-f/2-fun-0-'/1 free[K#0, Xs#1]:\n"
        "  =Y#2 when builtin#40:'erlang':'>'/2(Y#2, K#0) -> case Y#2 of 'true' -> K#0; 'false' -> 'false' end/badarg/guard\n"
        "  _ -> local#0:'g':'f'/2(Xs#1, K#0)\n"
        "#2 '-f/2-lc-1-'/1 free[F#0, R#1]:\n"
        "  [=X#3 | =_#2] -> case 'true' of _ when builtin#40:'erlang':'>'/2(X#3, R#1#r.2/3) -> [apply F#0(X#3) | local#2:'-f/2-lc-1-'/1(_#2, F#0, R#1)]; _ -> local#2:'-f/2-lc-1-'/1(_#2, F#0, R#1) end/case_clause\n"
        "  [_ | =_#2] -> local#2:'-f/2-lc-1-'/1(_#2, F#0, R#1)\n"
        "  [] -> []\n"
        "  =_#4 -> builtin#63:'erlang':'error'/1({'bad_generator', _#4})\n");
    hl_buf_free(&b);
    release(&c);
}

/* The front end may be configured to admit far deeper nesting than
 * SafeCore; lowering then stops at its own limit instead of recursing. */
static void test_deep_nesting_beyond_core_limit(void **state) {
    (void)state;
    /* Just past the SafeCore limit (HL_CORE_DEFAULT_MAX_DEPTH): deep enough to
     * prove the core's own bound, shallow enough that the parser's recursion
     * fits its stack budget even in sanitizer builds. */
    enum { DEPTH = HL_CORE_DEFAULT_MAX_DEPTH + 100 };
    static char src[DEPTH * 2 + 128];
    size_t n = (size_t)snprintf(src, sizeof src, "-module(m).\n-export([f/1]).\nf(X) -> ");
    for (int i = 0; i < DEPTH; i++) src[n++] = '[';
    src[n++] = 'X';
    for (int i = 0; i < DEPTH; i++) src[n++] = ']';
    memcpy(src + n, ".\n", 3);
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    lim.max_depth = DEPTH + 100;
    lim.max_stack_bytes = (size_t)6 << 20;
    hl_front_result *r = hl_front_parse(src, strlen(src), &lim);
    assert_non_null(r);
    assert_int_equal(hl_diags_errors(&r->diags), 0);
    hl_core_options o;
    hl_core_options_default(&o);
    hl_diags d;
    hl_diags_init(&d, 10);
    hl_core_module *m = hl_core_compile(r->module, &o, &d);
    assert_null(m);
    assert_string_equal(d.items[0].message, "expression nested too deeply");
    hl_diags_free(&d);
    hl_front_free(r);
}

/* Constant integer expressions in patterns fold as OTP evaluates them
 * (expected values printed by erl: see the comment); bigints included. */
static void test_pattern_constant_folding(void **state) {
    (void)state;
    /* erl: [1 bsl 70, -(3 - 5), 7 div -2, -7 rem 2, bnot 5, -1 bsr 1,
     *       15076520153218757722 - 7, 16#FF band -16, 5 bxor -1, -9 bsr 2] */
    static const char *const want[] = {"1180591620717411303424", "2", "-3", "-1", "-6", "-1",
                                       "15076520153218757715", "240", "-6", "-3"};
    compiled c;
    compile(&c, "-module(cf).\n-export([f/1]).\n"
                "f(1 bsl 70) -> a; f(-(3 - 5)) -> b; f(7 div -2) -> c; f(-7 rem 2) -> d; f(bnot 5) -> e;\n"
                "f(-1 bsr 1) -> g; f(15076520153218757722 - 7) -> h; f(16#FF band -16) -> i;\n"
                "f(5 bxor -1) -> j; f(-9 bsr 2) -> k.\n");
    assert_non_null(c.m);
    const hl_core_fun *f = fun_named(c.m, "f", 1);
    assert_int_equal(f->nclauses, 10);
    for (uint32_t i = 0; i < 10; i++) {
        const hl_core_node *p = f->clauses[i].pats[0];
        assert_int_equal(p->kind, HL_CORE_LIT);
        char text[64];
        if (p->u.lit.kind == HL_LIT_INT) snprintf(text, sizeof text, "%lld", (long long)p->u.lit.u.i);
        else snprintf(text, sizeof text, "%.*s", (int)p->u.lit.u.digits.len, p->u.lit.u.digits.ptr);
        assert_string_equal(text, want[i]);
    }
    release(&c);
    /* Growth is capped: a huge shift is not a constant we fold. */
    compile(&c, "-module(cf).\n-export([f/1]).\nf(1 bsl 100000000) -> a.\n");
    assert_null(c.m);
    assert_string_equal(c.diags.items[0].message, "illegal pattern");
    release(&c);
}

/* Every allocation of the pipeline fails in turn: each run ends in a clean
 * result or a clean error, never a crash or leak (ASan checks). */
static void test_out_of_memory_everywhere(void **state) {
    (void)state;
    static const char src[] =
        "-module(m).\n-export([f/2]).\n-record(r, {a = 1, b}).\n"
        "f(X, Y) ->\n"
        "    R = #r{b = X}, #r{a = A} = R,\n"
        "    L = [{P, Q} || P <- X, Q <- Y, P < Q],\n"
        "    F = fun G(0) -> A; G(N) -> G(N - 1) end,\n"
        "    M = #{a => L}, #{a := L2} = M,\n"
        "    B = << <<Z>> || <<Z>> <= <<1,2>> >>,\n"
        "    T = try F(3) of V -> V catch error:E -> E after ok end,\n"
        "    case R#r{a = 2} of #r{a = 2} when is_list(L2) -> {T, B, catch lists:reverse(L)}; _ -> ok end.\n";
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    hl_core_options o;
    hl_core_options_default(&o);
    bool succeeded = false;
    for (long n = 0; n < 100000 && !succeeded; n++) {
        hl_mem_fail_after(n);
        hl_front_result *r = hl_front_parse(src, strlen(src), &lim);
        if (r && hl_diags_errors(&r->diags) == 0 && r->module) {
            hl_diags d;
            hl_diags_init(&d, 10);
            hl_core_module *m = hl_core_compile(r->module, &o, &d);
            succeeded = m != NULL;
            if (!m) assert_true(hl_diags_errors(&d) > 0);
            hl_core_free(m);
            hl_diags_free(&d);
        }
        hl_front_free(r);
        hl_mem_fail_after(-1);
    }
    assert_true(succeeded);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_record_creation_is_a_tuple_with_defaults),
        cmocka_unit_test(test_record_access_and_index),
        cmocka_unit_test(test_record_update_is_a_badrecord_case),
        cmocka_unit_test(test_operators_and_autoimports_classify_as_builtins),
        cmocka_unit_test(test_local_definition_shadows_new_autoimport),
        cmocka_unit_test(test_andalso_is_a_guard_bool_case),
        cmocka_unit_test(test_fun_is_lifted_with_captures),
        cmocka_unit_test(test_fun_head_shadows_outer_variable),
        cmocka_unit_test(test_named_fun_has_self_variable),
        cmocka_unit_test(test_comprehension_lifts_one_function_per_generator),
        cmocka_unit_test(test_binary_comprehension_uses_internal_builtin),
        cmocka_unit_test(test_string_prefix_pattern_is_a_cons),
        cmocka_unit_test(test_repeated_pattern_variable_binds_once),
        cmocka_unit_test(test_variable_bound_in_all_branches_is_exported),
        cmocka_unit_test(test_host_binding_hook),
        cmocka_unit_test(test_every_allowlist_entry_is_unique),
        cmocka_unit_test(test_limits_are_enforced),
        cmocka_unit_test(test_dump_golden),
        cmocka_unit_test(test_pattern_constant_folding),
        cmocka_unit_test(test_deep_nesting_beyond_core_limit),
        cmocka_unit_test(test_out_of_memory_everywhere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
