-module(queue_two_lists).
-export([main/0]).
%% A functional FIFO queue.
main() -> Q = lists:foldl(fun(X, Q0) -> in(X, Q0) end, new(), [1, 2, 3, 4]), {V1, Q1} = out(Q), {V2, Q2} = out(in(5, Q1)), {V1, V2, to_list(Q2)}.
new() -> {[], []}.
in(X, {F, B}) -> {F, [X | B]}.
out({[], []}) -> empty;
out({[], B}) -> out({lists:reverse(B), []});
out({[X | F], B}) -> {X, {F, B}}.
to_list({F, B}) -> F ++ lists:reverse(B).
