/* test_cmp_budgets.c — a comparison's internal work budget never turns into
 * an answer (issue 13, item 5): a builtin built on comparisons either gives
 * OTP's result for terms of any size (lists:member/2, keyfind/3 and the
 * comparison builtins walk them resumably) or the run stops with the
 * reductions limit fault. Before, maps:get/2 on a flat map raised a
 * catchable badarg, `--` and lists:member/2 answered false, a guard took
 * its false branch. The terms are DAGs (dag(K) shares each level twice):
 * a few hundred bytes of heap, 2^K pairs to compare. Expected answers are
 * OTP 25's (erl). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hyperlang.h"

static const char SRC[] =
    "-module(cb).\n"
    "-export([member/0, keyfind/0, eq_bif/0, mget/0, mget3/0, miskey/0, mfind/0, mmatch/0, isk_guard/0,\n"
    "         subtract/0, sort_prep/0, t2b/0]).\n"
    "dag(0, X) -> [X, 2, 3];\n"
    "dag(K, X) -> D = dag(K - 1, X), {D, D}.\n"
    "member() -> lists:member(dag(22, 1), [x, dag(22, 1)]).\n"
    "keyfind() -> element(2, lists:keyfind(dag(22, 1), 1, [{dag(22, 7), x}, {dag(22, 1.0), y}])).\n"
    "eq_bif() -> {erlang:'=='(dag(22, 1), dag(22, 1)), erlang:'=:='(dag(22, 1), dag(22, 1.0))}.\n"
    "mget() -> catch maps:get(dag(22, 1), #{dag(22, 1) => v}).\n"
    "mget3() -> catch maps:get(dag(22, 1), #{dag(22, 1) => v}, d).\n"
    "miskey() -> catch maps:is_key(dag(22, 1), #{dag(22, 1) => v}).\n"
    "mfind() -> catch maps:find(dag(22, 1), #{dag(22, 1) => v}).\n"
    "mmatch() -> K = dag(22, 1), case #{dag(22, 1) => v} of #{K := V} -> V; _ -> nomatch end.\n"
    "isk_guard() -> K = dag(22, 1), M = #{dag(22, 1) => v}, if is_map_key(K, M) -> yes; true -> no end.\n"
    "subtract() -> catch ([dag(22, 1)] -- [dag(22, 1)]).\n"
    "sort_prep() -> S = lists:sort([dag(21, 1), dag(21, 1.0) | lists:seq(9000, 1, -1)]),\n"
    "    {length(S), hd(S), leaf(lists:nth(9001, S)), leaf(lists:last(S))}.\n"
    "leaf({A, _}) -> leaf(A);\n"
    "leaf([X | _]) -> X.\n"
    "t2b() -> M = maps:from_list([{dag(12, I), I} || I <- lists:seq(1, 40)]), catch byte_size(term_to_binary(M)).\n";

static hl_engine *eng;
static hl_module *mod;

static int setup(void **state) {
    (void)state;
    if (hl_engine_new(&eng) != HL_OK) return -1;
    return hl_compile(eng, "cb.erl", SRC, strlen(SRC), NULL, &mod, NULL) == HL_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    hl_module_free(mod);
    hl_engine_free(eng);
    return 0;
}

static const hl_run_limits LIMITS = {400000000, 256u << 20, 60000, 0};

/* fn returns the term printed as `text`. */
static void returns(const char *fn, const char *text) {
    hl_value *r = NULL;
    hl_error *e = NULL;
    hl_status st = hl_run(mod, fn, NULL, 0, &LIMITS, &r, &e);
    if (st != HL_OK) print_error("%s: %s\n", fn, e ? hl_error_message(e) : "?");
    assert_int_equal(st, HL_OK);
    char *s = NULL;
    assert_int_equal(hl_value_to_text(r, 0, &s, NULL), HL_OK);
    if (strcmp(s, text) != 0) print_error("%s returned %s, want %s\n", fn, s, text);
    assert_string_equal(s, text);
    hl_free(s);
    hl_value_free(r);
}

/* fn either returns OTP's answer `text` or stops with the reductions
 * limit fault; never anything else (no badarg, no wrong answer). */
static void right_or_reductions(const char *fn, const char *text) {
    hl_value *r = NULL;
    hl_error *e = NULL;
    hl_status st = hl_run(mod, fn, NULL, 0, &LIMITS, &r, &e);
    if (st == HL_OK) {
        char *s = NULL;
        assert_int_equal(hl_value_to_text(r, 0, &s, NULL), HL_OK);
        if (strcmp(s, text) != 0) print_error("%s returned %s, want %s\n", fn, s, text);
        assert_string_equal(s, text);
        hl_free(s);
        hl_value_free(r);
        return;
    }
    if (st != HL_ELIMIT) print_error("%s: %s\n", fn, e ? hl_error_message(e) : "?");
    assert_int_equal(st, HL_ELIMIT);
    assert_int_equal(hl_error_limit(e), HL_LIMIT_KIND_REDUCTIONS);
    hl_error_free(e);
}

/* A map keyed by dag(22, _) cannot be built: the key is over the map hash
 * cap (2^21 units, docs/limits.md "Maps"), which lies below the
 * comparator's map-key budget (2^22 steps), so no key that could exhaust a
 * lookup's comparison gets into a map. fn must end exactly there:
 * system_limit, raised or caught as {'EXIT',{system_limit,...}} (never
 * badarg, never an answer). */
static void map_key_refused(const char *fn) {
    hl_value *r = NULL;
    hl_error *e = NULL;
    hl_status st = hl_run(mod, fn, NULL, 0, &LIMITS, &r, &e);
    if (st == HL_EEXCEPTION) {
        const char *cls = "", *reason = "", *stack = "";
        hl_error_exception(e, &cls, &reason, &stack);
        if (strcmp(reason, "system_limit") != 0) print_error("%s: %s\n", fn, hl_error_message(e));
        assert_string_equal(cls, "error");
        assert_string_equal(reason, "system_limit");
        hl_error_free(e);
        return;
    }
    if (st != HL_OK) print_error("%s: %s\n", fn, e ? hl_error_message(e) : "?");
    assert_int_equal(st, HL_OK);
    char *s = NULL;
    assert_int_equal(hl_value_to_text(r, 0, &s, NULL), HL_OK);
    if (strncmp(s, "{'EXIT',{system_limit,", 22) != 0) print_error("%s returned %s\n", fn, s);
    assert_int_equal(strncmp(s, "{'EXIT',{system_limit,", 22), 0);
    hl_free(s);
    hl_value_free(r);
}

static void test_list_searches_answer_right(void **state) {
    (void)state;
    returns("member", "true");
    returns("keyfind", "y");
}

static void test_comparison_builtins(void **state) {
    (void)state;
    returns("eq_bif", "{true,false}");
}

static void test_map_lookups_never_badarg(void **state) {
    (void)state;
    map_key_refused("mget");
    map_key_refused("mget3");
    map_key_refused("miskey");
    map_key_refused("mfind");
    map_key_refused("mmatch");
    map_key_refused("isk_guard");
}

static void test_other_builtins(void **state) {
    (void)state;
    right_or_reductions("subtract", "[]");
    /* lists:sort's run scan compares the two in the comparison walk
     * (bif_sort.c, hl_sort_prep): OTP's order (the == elements' order
     * reversed, as OTP's descending runs lay them out); it was the
     * reductions fault */
    returns("sort_prep", "{9002,1,1.0,1}");
    /* erl: 1,114,xxx bytes; here the fault, unless the keys order in budget */
    hl_value *r = NULL;
    hl_error *e = NULL;
    hl_status st = hl_run(mod, "t2b", NULL, 0, &LIMITS, &r, &e);
    if (st == HL_OK) {
        int64_t v = 0;
        assert_int_equal(hl_value_get_int(r, &v), HL_OK); /* a size, never {'EXIT', system_limit} */
        hl_value_free(r);
    } else {
        assert_int_equal(st, HL_ELIMIT);
        assert_int_equal(hl_error_limit(e), HL_LIMIT_KIND_REDUCTIONS);
        hl_error_free(e);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_list_searches_answer_right),
        cmocka_unit_test(test_comparison_builtins),
        cmocka_unit_test(test_map_lookups_never_badarg),
        cmocka_unit_test(test_other_builtins),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
