-module(spec_frameless).
-export([main/0]).
%% Values of every kind through the frameless loop shapes the loader
%% specialises (x-register operands, fused pairs): a sum over {A, B} pairs
%% (is_nonempty_list+get_list, is_tuple+test_arity+get_tuple_element, add
%% of two registers), a builder of pairs (put_tuple of two, put_list), a
%% countdown against a constant (=:= an immediate, is_nil); the specialised
%% handlers fall back to the generic ones for anything but small integers,
%% and a value of the wrong shape takes the next clause.
main() ->
    Vs = [0, 7, -3, 1.5, (1 bsl 59) - 1, 1 bsl 70, a, [], "x", {1}, {1, 2, 3}],
    {[sum(V) || V <- Vs],
     [t(fun() -> sum_pairs([{V, V}, {1, V}], 0) end) || V <- Vs],
     [pairs(3, V, []) || V <- [a, 1.0, [x]]],
     [count(V) || V <- [0, 3, 0.0, a, [], 1 bsl 64]],
     [shape(V) || V <- [[], [1 | 2], {1, 2}, {1, 2, 3}, {a}, [{1, 2} | x], x]],
     second([{a, 1}, {b, 2}, {c}, {d, 4, 5}, 7])}.

sum(V) -> t(fun() -> sum_pairs(pairs(4, V, []), 0) end).

pairs(0, _, Acc) -> Acc;
pairs(I, N, Acc) -> pairs(I - 1, N, [{I, N} | Acc]).

sum_pairs([], S) -> S;
sum_pairs([{A, B} | T], S) -> sum_pairs(T, S + A + B).

count(0) -> zero;
count(N) when is_integer(N), N > 0, N < 100 -> count(N - 1);
count(N) -> {other, N}.

shape([]) -> nil;
shape([{A, B} | T]) -> {pair_head, A, B, T};
shape([H | T]) -> {cons, H, T};
shape({A, B}) -> {two, B, A};
shape({A, _, C}) -> {three, C, A};
shape(X) -> {else, X}.

second(L) -> second(L, []).
second([], Acc) -> lists:reverse(Acc);
second([{_, B} | T], Acc) -> second(T, [B | Acc]);
second([X | T], Acc) -> second(T, [{skip, X} | Acc]).

t(F) ->
    try F() catch error:R -> {error, R} end.
