-module(edge_types_corners).
%% Corners of the type grammar: annotated types inside unions, big
%% integers, nested ranges with operators, parenthesised types, fun types
%% returning fun types, maps with both association kinds and `_`.
-export([f/1]).

-spec f(integer() | B :: atom()) -> A :: integer() | atom().
-spec f1(100000000000000000000000) -> -100000000000000000000000..100000000000000000000000.
-spec f2((1 + 2)..(3 * 4)) -> (- 1)..(+ 1).
-spec f3(1 bsl 2..1 bsl 4) -> 2 * 3 + 4..5 - 6 * 7.
-spec f4((a | b) | (c | (d | e))) -> ((((x)))).
-spec f5(fun(() -> fun(() -> fun((...) -> ok)))) -> fun().
-spec f6(#{a := 1, b => 2, _ => term()}) -> :{integer() => #{termatom() := [binary()]}}.
-spec f7([fun((A) -> A)]) -> [A, ...] when A :: term().
-spec f8(<<_:0>>) -> <<_:_*0>>.
-spec f9(<<_:1, _:_*1>>) -> <<_:(1 + 1), _#_*(2 * 4)>>.
-spec f10($a | $\n | $\x{1F600}) -> 'fun' | 'case' | 'when' | 'receive'.
-spec f11(-1) -> - - 1.
-spec f12(bnot bnot 0) -> 16#FF..16#FFFF.
-spec f13(list(list(list()))) -> tuple(tuple()).
-spec f14(nonempty_maybe_improper_list(a, b)) -> nonempty_improper_list(a, b) | maybe_improper_list().
-spec f15(X :: (Y :: integer())) -> ok.
-spec f16(term(), term(), term(), term(), term(), term(), term(), term(), term(), term()) -> ok.
-spec (f17(a) -> b; (c) -> d).
-spec f18(#r{a :: integer(), b :: #r{}}) -> #r{}.

f(X) -> X.
