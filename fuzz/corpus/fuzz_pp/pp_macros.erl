-module(pp_macros).
-export([main/0, exported/0]).
%% Macros of every form epp expands (tests/conformance: the preprocessor).
-define(ZERO, 0).
-define(SQ(X), ((X) * (X))).
-define(PAIR(A, B), {A, B}).
-define(STR(E), ??E).
-define(ADD(X), X + 1).
-define(ADD(X, Y), X + Y).
-define(ADD(), 100).
-define(CALL(F, X), F(X)).
-define(LIST, [1, 2, 3]).
-define(NESTED, ?PAIR(?ZERO, ?SQ(3))).
-define(FMT(Fmt, Args), io_lib:format("~s:~p " Fmt, [?MODULE_STRING, ?FUNCTION_NAME | Args])).
-define(IS_SMALL(X), (is_integer(X) andalso X < 10)).
-define(CASE(X), case X of ?ZERO -> zero; _ -> other end).
-define('quoted macro', quoted).
-define(Var, var_named).
-record(?MODULE, {a = ?ZERO, b = ?LIST}).

-ifdef(ZERO).
-define(HAVE_ZERO, true).
-else.
-define(HAVE_ZERO, false).
-endif.

-ifndef(DEBUG).
-define(DEBUG_ON, false).
-else.
-define(DEBUG_ON, true).
-endif.

-if(?OTP_RELEASE >= 27).
-define(RELEASE, future).
-elif(?OTP_RELEASE >= 21).
-define(RELEASE, modern).
-else.
-define(RELEASE, old).
-endif.

-if(defined(ZERO) andalso not defined(NOPE)).
-define(DEFINED_TEST, ok).
-else.
-define(DEFINED_TEST, wrong).
-endif.

-if(1 + 2 =:= 3 andalso a < b andalso 1 < a andalso 2.0 == 2 andalso 2.0 =/= 2).
-define(TERM_ORDER, ok).
-else.
-define(TERM_ORDER, wrong).
-endif.

-if(is_integer(?OTP_RELEASE) and (7 rem 4 == 3) and (-7 div 2 == -3)).
-define(ARITH, ok).
-else.
-define(ARITH, wrong).
-endif.

-if(a + 1 == 2).
-define(RUNTIME_ERROR_IS_FALSE, wrong).
-else.
-define(RUNTIME_ERROR_IS_FALSE, ok).
-endif.

-ifdef(NOPE).
-ifdef(ZERO).
this(is, skipped) nested.
-else.
-define(SKIPPED, wrong).
-endif.
-endif.

-undef(LIST).
-define(LIST, [4, 5]).

exported() -> called.

arity(_A, _B) -> {?FUNCTION_NAME, ?FUNCTION_ARITY}.

classify(X) when ?IS_SMALL(X) -> small;
classify(_) -> big.

match(?PAIR(a, B)) -> B;
match(_) -> nomatch.

main() ->
    R = #?MODULE{},
    [
     ?ZERO, ?SQ(2 + 1), ?PAIR([1, 2], {3, 4}), ?NESTED,
     ?STR(1 + foo(bar, "s", $c, 'q a', 2.5)), ?STR([X || X <- "ab"]),
     ?ADD(1), ?ADD(1, 2), ?ADD(),
     ?CALL(fun(X) -> X * 10 end, 4), ?CALL(fun erlang:abs/1, -3),
     ?LIST, lists:flatten(?FMT("~p", [42])),
     classify(3), classify(30), classify(a), match({a, b}), match(x),
     ?CASE(0), ?CASE(1), ?'quoted macro', ?Var,
     ?HAVE_ZERO, ?DEBUG_ON, ?RELEASE, ?DEFINED_TEST, ?TERM_ORDER, ?ARITH, ?RUNTIME_ERROR_IS_FALSE,
     R#?MODULE.a, R#?MODULE.b, ?MODULE, ?MODULE_STRING, ?MODULE:exported(),
     ?LINE, ?MACHINE, ?OTP_RELEASE, arity(1, 2), {?FUNCTION_NAME, ?FUNCTION_ARITY}
    ].
