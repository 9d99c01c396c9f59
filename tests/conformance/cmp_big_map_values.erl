%% Flat maps whose values are huge (a shared DAG of 2^21 pairs) compare by
%% the resumable walk: the keys, then each value (they once stopped the
%% run with a reductions fault where OTP answers).
-module(cmp_big_map_values).
-export([main/0]).
dag(0, X) -> [X, 2, 3];
dag(K, X) -> D = dag(K - 1, X), {D, D}.
main() ->
    A = #{a => dag(20, 1), b => x}, B = #{a => dag(20, 1), b => x},
    F = #{a => dag(20, 1.0), b => x}, C = #{a => dag(20, 1), b => y},
    D = #{a => dag(20, 7), b => x},
    io:format("~p~n", [[A == B, A =:= B, A == F, A =:= F, A < C, C < A, A < D, D > A, A == C,
                        lists:member(A, [C, B]), lists:member(A, [C, F]),
                        erlang:'=='(A, B), erlang:'<'(A, D), max(A, D) =:= D, min(A, F) =:= A]]),
    io:format("~p~n", [[#{K => V} || {K, V} <- [{1, 2}], #{a => dag(20, 1)} == #{a => dag(20, 1)}]]),
    ok.
