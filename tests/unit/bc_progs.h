/* bc_progs.h — hand-assembled test programs (one "suite" image with many
 * functions) shared by the gate tests, the VM tests and the gate fuzzer's
 * seed corpus. Each function's Erlang equivalent is given in a comment;
 * expected values in the VM tests come from running those in erl (OTP 25),
 * see tests/oracle/vm_suite.erl. */
#ifndef HL_TEST_BC_PROGS_H
#define HL_TEST_BC_PROGS_H

#include "core/builtins.h" /* before bc_asm.h: it #undefs X */
#include "bc_asm.h"

enum {
    F_FIB, F_COUNT, F_COUNTJ, F_ISORT, F_ISORT2, F_INSERT, F_SEQ, F_SEQ2, F_AREA, F_SAFE,
    F_CATCHER, F_RAISE, F_CATCH_RAISE, F_ADDER, F_ADDER_FUN, F_APPLY_ADDER, F_LOOP, F_GROW,
    F_DEEP, F_LIT, F_ADD, F_CMP, F_NFUNS
};

/* Builtin ids: core/builtins.def. */
enum { B_REM = HL_BI_OP_REM, B_HD = HL_BI_HD };

/* Literal 0: {1, 2.5, [97,98], <<1,2,3>>, 2^70, [a|b], -2^70, {}} */
static inline void suite_literals(bc_asm *a) {
    uint32_t at = bc_lit_begin(a);
    bc_lit_u8(a, HL_BC_LIT_TUPLE), bc_lit_u32(a, 8);
    bc_lit_u8(a, HL_BC_LIT_SMALL), bc_lit_u64(a, 1);
    double d = 2.5;
    uint64_t bits;
    memcpy(&bits, &d, 8);
    bc_lit_u8(a, HL_BC_LIT_FLOAT), bc_lit_u64(a, bits);
    bc_lit_u8(a, HL_BC_LIT_LIST), bc_lit_u32(a, 2);
    bc_lit_u8(a, HL_BC_LIT_SMALL), bc_lit_u64(a, 97);
    bc_lit_u8(a, HL_BC_LIT_SMALL), bc_lit_u64(a, 98);
    bc_lit_u8(a, HL_BC_LIT_NIL);
    bc_lit_u8(a, HL_BC_LIT_BINARY), bc_lit_u32(a, 3), bc_lit_u8(a, 1), bc_lit_u8(a, 2), bc_lit_u8(a, 3);
    bc_lit_u8(a, HL_BC_LIT_BIG), bc_lit_u8(a, 0), bc_lit_u32(a, 9);
    for (int i = 0; i < 8; i++) bc_lit_u8(a, 0);
    bc_lit_u8(a, 0x40);
    bc_lit_u8(a, HL_BC_LIT_LIST), bc_lit_u32(a, 1);
    bc_lit_u8(a, HL_BC_LIT_ATOM), bc_lit_u32(a, bc_atom(a, "a"));
    bc_lit_u8(a, HL_BC_LIT_ATOM), bc_lit_u32(a, bc_atom(a, "b"));
    bc_lit_u8(a, HL_BC_LIT_BIG), bc_lit_u8(a, 1), bc_lit_u32(a, 9);
    for (int i = 0; i < 8; i++) bc_lit_u8(a, 0);
    bc_lit_u8(a, 0x40);
    bc_lit_u8(a, HL_BC_LIT_TUPLE), bc_lit_u32(a, 0);
    bc_lit_end(a, at);
    /* Literal 1: the small 1000000007 * 2^40 (needs the table: > 2^27). */
    at = bc_lit_begin(a);
    bc_lit_u8(a, HL_BC_LIT_SMALL), bc_lit_u64(a, (uint64_t)1000000007 << 20);
    bc_lit_end(a, at);
}

static inline void build_suite(bc_asm *a) {
    bc_init(a);
    bc_atom(a, "suite"); /* atom 0: the module name */
    suite_literals(a);
    uint32_t l1, l2, l3, lfc, lh, lre, lc;

    /* fib(N) when N < 2 -> N; fib(N) -> fib(N-1) + fib(N-2). */
    bc_fn(a, "fib", 1, 1, 1);
    l1 = bc_label(a);
    bc_line(a, 10);
    OP(a, is_lt, LB(l1), X(0), I(2));
    OP0(a, return);
    bc_bind(a, l1);
    OP(a, allocate, U(1), U(1));
    OP(a, move, X(0), Y(0));
    OP(a, sub, NOFAIL, U(1), X(0), I(1), X(0));
    OP(a, call, U(1), FN(F_FIB));
    OP(a, sub, NOFAIL, U(1), Y(0), I(2), X(1));
    OP(a, move, X(0), Y(0));
    OP(a, move, X(1), X(0));
    OP(a, call, U(1), FN(F_FIB));
    OP(a, add, NOFAIL, U(1), X(0), Y(0), X(0));
    OP(a, deallocate, U(1));
    OP0(a, return);

    /* count(0, A) -> A; count(N, A) -> count(N-1, A+N). */
    bc_fn(a, "count", 2, 0, 1);
    l1 = bc_label(a);
    OP(a, is_eq_exact, LB(l1), X(0), I(0));
    OP(a, move, X(1), X(0));
    OP0(a, return);
    bc_bind(a, l1);
    OP(a, add, NOFAIL, U(2), X(1), X(0), X(1));
    OP(a, sub, NOFAIL, U(2), X(0), I(1), X(0));
    OP(a, call_only, U(2), FN(F_COUNT));

    /* countj: count as a loop with a backward jump. */
    bc_fn(a, "countj", 2, 0, 1);
    l1 = bc_label(a), l2 = bc_label(a);
    bc_bind(a, l2);
    OP(a, is_eq_exact, LB(l1), X(0), I(0));
    OP(a, move, X(1), X(0));
    OP0(a, return);
    bc_bind(a, l1);
    OP(a, add, NOFAIL, U(2), X(1), X(0), X(1));
    OP(a, sub, NOFAIL, U(2), X(0), I(1), X(0));
    OP(a, jump, LB(l2));

    /* isort(L) -> isort(L, []). */
    bc_fn(a, "isort", 1, 0, 1);
    OP(a, move, NIL, X(1));
    OP(a, call_only, U(2), FN(F_ISORT2));

    /* isort([], A) -> A; isort([H|T], A) -> isort(T, insert(H, A)). */
    bc_fn(a, "isort", 2, 1, 0);
    l1 = bc_label(a), lfc = bc_label(a);
    OP(a, is_nonempty_list, LB(l1), X(0));
    OP(a, allocate, U(1), U(2));
    OP(a, get_list, X(0), X(2), Y(0));
    OP(a, move, X(2), X(0));
    OP(a, call, U(2), FN(F_INSERT));
    OP(a, move, X(0), X(1));
    OP(a, move, Y(0), X(0));
    OP(a, call_last, U(2), FN(F_ISORT2), U(1));
    bc_bind(a, l1);
    OP(a, is_nil, LB(lfc), X(0));
    OP(a, move, X(1), X(0));
    OP0(a, return);
    bc_bind(a, lfc);
    OP0(a, func_info);

    /* insert(X, []) -> [X]; insert(X, [H|T]) when X =< H -> [X,H|T];
     * insert(X, [H|T]) -> [H|insert(X, T)]. */
    bc_fn(a, "insert", 2, 1, 0);
    l1 = bc_label(a), l2 = bc_label(a), lfc = bc_label(a);
    OP(a, is_nonempty_list, LB(l1), X(1));
    OP(a, get_list, X(1), X(2), X(3));
    OP(a, is_ge, LB(l2), X(2), X(0));
    OP(a, test_heap, U(4), U(4));
    OP(a, put_list, X(2), X(3), X(1));
    OP(a, put_list, X(0), X(1), X(0));
    OP0(a, return);
    bc_bind(a, l2);
    OP(a, allocate, U(1), U(4));
    OP(a, move, X(2), Y(0));
    OP(a, move, X(3), X(1));
    OP(a, call, U(2), FN(F_INSERT));
    OP(a, test_heap, U(2), U(1));
    OP(a, put_list, Y(0), X(0), X(0));
    OP(a, deallocate, U(1));
    OP0(a, return);
    bc_bind(a, l1);
    OP(a, is_nil, LB(lfc), X(1));
    OP(a, test_heap, U(2), U(1));
    OP(a, put_list, X(0), NIL, X(0));
    OP0(a, return);
    bc_bind(a, lfc);
    OP0(a, func_info);

    /* seq(N) -> seq(N, []). */
    bc_fn(a, "seq", 1, 0, 1);
    OP(a, move, NIL, X(1));
    OP(a, call_only, U(2), FN(F_SEQ2));
    /* seq(0, A) -> A; seq(N, A) -> seq(N-1, [(N*7919) rem 1000 | A]). */
    bc_fn(a, "seq", 2, 0, 0);
    l1 = bc_label(a);
    OP(a, is_eq_exact, LB(l1), X(0), I(0));
    OP(a, move, X(1), X(0));
    OP0(a, return);
    bc_bind(a, l1);
    OP(a, mul, NOFAIL, U(2), X(0), I(7919), X(2));
    OP(a, bif, NOFAIL, BIF(B_REM), U(3), U(2), X(2), I(1000), X(2));
    OP(a, test_heap, U(2), U(3));
    OP(a, put_list, X(2), X(1), X(1));
    OP(a, sub, NOFAIL, U(2), X(0), I(1), X(0));
    OP(a, call_only, U(2), FN(F_SEQ2));

    /* area({square,S}) -> S*S; area({rect,W,H}) -> W*H. */
    bc_fn(a, "area", 1, 0, 1);
    l2 = bc_label(a), l3 = bc_label(a), lfc = bc_label(a);
    bc_line(a, 20);
    OP(a, is_tuple, LB(lfc), X(0));
    OP(a, select_tuple_arity, X(0), LB(lfc), U(2), U(2), LB(l2), U(3), LB(l3));
    bc_bind(a, l2);
    OP(a, is_tagged_tuple, LB(lfc), X(0), U(2), AT(bc_atom(a, "square")));
    OP(a, get_tuple_element, X(0), U(1), X(1));
    bc_line(a, 21);
    OP(a, mul, NOFAIL, U(1), X(1), X(1), X(0));
    OP0(a, return);
    bc_bind(a, l3);
    OP(a, get_tuple_element, X(0), U(0), X(1));
    OP(a, is_eq_exact, LB(lfc), X(1), AT(bc_atom(a, "rect")));
    OP(a, get_tuple_element, X(0), U(1), X(1));
    OP(a, get_tuple_element, X(0), U(2), X(2));
    bc_line(a, 22);
    OP(a, mul, NOFAIL, U(0), X(1), X(2), X(0));
    OP0(a, return);
    bc_bind(a, lfc);
    bc_line(a, 19);
    OP0(a, func_info);

    /* safe(X) -> try area(X) catch error:R -> {caught, R} end. */
    bc_fn(a, "safe", 1, 1, 1);
    lh = bc_label(a), lre = bc_label(a);
    OP(a, allocate, U(1), U(1));
    OP(a, try, Y(0), LB(lh));
    bc_line(a, 30);
    OP(a, call, U(1), FN(F_AREA));
    OP(a, try_end, Y(0));
    OP(a, deallocate, U(1));
    OP0(a, return);
    bc_bind(a, lh);
    OP(a, try_case, Y(0));
    OP(a, is_eq_exact, LB(lre), X(0), AT(bc_atom(a, "error")));
    OP(a, test_heap, U(3), U(2));
    OP(a, put_tuple, X(0), U(2), AT(bc_atom(a, "caught")), X(1));
    OP(a, deallocate, U(1));
    OP0(a, return);
    bc_bind(a, lre);
    OP(a, raise, X(0), X(1), X(2));

    /* catcher(X) -> catch throw(X). */
    bc_fn(a, "catcher", 1, 1, 1);
    lc = bc_label(a);
    OP(a, allocate, U(1), U(1));
    OP(a, catch, Y(0), LB(lc));
    OP(a, throw, X(0));
    bc_bind(a, lc);
    OP(a, catch_end, Y(0));
    OP(a, deallocate, U(1));
    OP0(a, return);

    /* raise(N): one standard exception per N (see the VM test). */
    bc_fn(a, "raise", 1, 0, 1);
    {
        uint32_t L[14];
        lfc = bc_label(a);
        for (int i = 1; i <= 13; i++) L[i] = bc_label(a);
        OP(a, select_val, X(0), LB(lfc), U(13), I(1), LB(L[1]), I(2), LB(L[2]), I(3), LB(L[3]), I(4),
           LB(L[4]), I(5), LB(L[5]), I(6), LB(L[6]), I(7), LB(L[7]), I(8), LB(L[8]), I(9), LB(L[9]),
           I(10), LB(L[10]), I(11), LB(L[11]), I(12), LB(L[12]), I(13), LB(L[13]));
        bc_bind(a, L[1]);
        OP(a, add, NOFAIL, U(0), I(1), AT(bc_atom(a, "foo")), X(0));
        OP0(a, return);
        bc_bind(a, L[2]);
        OP(a, badmatch, X(0));
        bc_bind(a, L[3]);
        OP(a, case_end, X(0));
        bc_bind(a, L[4]);
        OP0(a, if_end);
        bc_bind(a, L[5]);
        OP(a, try_case_end, X(0));
        bc_bind(a, L[6]);
        OP(a, bif, NOFAIL, BIF(B_HD), U(0), U(1), NIL, X(0));
        OP0(a, return);
        bc_bind(a, L[7]);
        OP(a, move, AT(bc_atom(a, "foo")), X(0));
        OP(a, call_fun_only, U(0));
        bc_bind(a, L[8]);
        OP(a, test_heap, U(3), U(0));
        OP(a, make_fun, X(0), FN(F_AREA), U(0));
        OP(a, call_fun_only, U(0));
        bc_bind(a, L[9]);
        OP(a, badrecord, X(0));
        bc_bind(a, L[10]);
        OP(a, move, AT(bc_atom(a, "foo")), X(0));
        OP(a, call_only, U(1), FN(F_AREA));
        bc_bind(a, L[11]);
        OP(a, throw, X(0));
        bc_bind(a, L[12]);
        OP(a, exit, X(0));
        bc_bind(a, L[13]);
        OP(a, error, X(0));
        bc_bind(a, lfc);
        OP0(a, func_info);
    }

    /* catch_raise(N) -> catch raise(N). */
    bc_fn(a, "catch_raise", 1, 1, 1);
    lc = bc_label(a);
    OP(a, allocate, U(1), U(1));
    OP(a, catch, Y(0), LB(lc));
    OP(a, call, U(1), FN(F_RAISE));
    bc_bind(a, lc);
    OP(a, catch_end, Y(0));
    OP(a, deallocate, U(1));
    OP0(a, return);

    /* adder(N) -> fun(X) -> X + N end. */
    bc_fn(a, "adder", 1, 0, 1);
    OP(a, test_heap, U(4), U(1));
    OP(a, make_fun, X(0), FN(F_ADDER_FUN), U(1), X(0));
    OP0(a, return);
    /* the lifted lambda: (X, N) -> X + N */
    bc_fn(a, "-adder/1-fun-0-", 2, 0, 0);
    OP(a, add, NOFAIL, U(2), X(0), X(1), X(0));
    OP0(a, return);
    /* apply_adder(N, X) -> (adder(N))(X). */
    bc_fn(a, "apply_adder", 2, 1, 1);
    OP(a, allocate, U(1), U(2));
    OP(a, move, X(1), Y(0));
    OP(a, call, U(1), FN(F_ADDER));
    OP(a, move, X(0), X(1));
    OP(a, move, Y(0), X(0));
    OP(a, call_fun_last, U(1), U(1));

    /* loop() -> loop(). (a backward jump) */
    bc_fn(a, "loop", 0, 0, 1);
    l1 = bc_label(a);
    bc_bind(a, l1);
    OP(a, jump, LB(l1));

    /* grow(L) -> grow([x|L]). */
    bc_fn(a, "grow", 1, 0, 1);
    OP(a, test_heap, U(2), U(1));
    OP(a, put_list, AT(bc_atom(a, "x")), X(0), X(0));
    OP(a, call_only, U(1), FN(F_GROW));

    /* deep(N) -> 1 + deep(N+1). */
    bc_fn(a, "deep", 1, 0, 1);
    OP(a, allocate, U(0), U(1));
    OP(a, add, NOFAIL, U(1), X(0), I(1), X(0));
    OP(a, call, U(1), FN(F_DEEP));
    OP(a, add, NOFAIL, U(1), X(0), I(1), X(0));
    OP(a, deallocate, U(0));
    OP0(a, return);

    /* lit() -> {literal 0, literal 1}. */
    bc_fn(a, "lit", 0, 0, 1);
    OP(a, test_heap, U(3), U(0));
    OP(a, put_tuple, X(0), U(2), LIT(0), LIT(1));
    OP0(a, return);

    /* add(A, B) -> A + B (bignum/float slow paths). */
    bc_fn(a, "add", 2, 0, 1);
    OP(a, add, NOFAIL, U(2), X(0), X(1), X(0));
    OP0(a, return);

    /* cmp(A, B) -> {A < B, A == B, A =:= B} via guards. */
    bc_fn(a, "cmp", 2, 0, 1);
    l1 = bc_label(a), l2 = bc_label(a), l3 = bc_label(a);
    {
        uint32_t d1 = bc_label(a), d2 = bc_label(a), d3 = bc_label(a);
        OP(a, move, AT(bc_atom(a, "false")), X(2));
        OP(a, move, AT(bc_atom(a, "false")), X(3));
        OP(a, move, AT(bc_atom(a, "false")), X(4));
        OP(a, is_lt, LB(l1), X(0), X(1));
        OP(a, move, AT(bc_atom(a, "true")), X(2));
        OP(a, jump, LB(d1));
        bc_bind(a, l1);
        OP(a, jump, LB(d1));
        bc_bind(a, d1);
        OP(a, is_eq, LB(d2), X(0), X(1));
        OP(a, move, AT(bc_atom(a, "true")), X(3));
        bc_bind(a, d2);
        OP(a, is_eq_exact, LB(d3), X(0), X(1));
        OP(a, move, AT(bc_atom(a, "true")), X(4));
        bc_bind(a, d3);
        OP(a, test_heap, U(4), U(5));
        OP(a, put_tuple, X(0), U(3), X(2), X(3), X(4));
        OP0(a, return);
        (void)l2, (void)l3;
    }
}

#endif
