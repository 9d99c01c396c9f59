%% Element comparisons inside list builtins on terms of millions of
%% subterms (a shared DAG: small on the heap, 2^21 pairs to compare):
%% lists:member/2, lists:keyfind/3, lists:keymember/3 give OTP's answers
%% (they once answered false past an internal comparison budget).
-module(cmp_big_elements).
-export([main/0]).

dag(0, X) -> [X, 2, 3];
dag(K, X) -> D = dag(K - 1, X), {D, D}.

main() ->
    A = dag(20, 1),
    B = dag(20, 1),
    F = dag(20, 1.0),
    C = dag(20, 7),
    io:format("~p~n", [lists:member(A, [x, C, B])]),
    io:format("~p~n", [lists:member(A, [x, C, F])]),
    io:format("~p~n", [lists:member(A, [C])]),
    io:format("~p~n", [lists:keyfind(A, 2, [{1, C}, {2, F, z}, {3, B}]) =:= {2, F, z}]),
    io:format("~p~n", [lists:keyfind(A, 2, [{1, C}, {2, x}, {3, C}])]),
    io:format("~p~n", [lists:keymember(A, 1, [{C}, {F}])]),
    io:format("~p~n", [lists:keymember(A, 1, [{C}, {x}])]),
    io:format("~p~n", [lists:member(A, lists:duplicate(70000, x) ++ [B])]),
    io:format("~p~n", [A == F]),
    io:format("~p~n", [A =:= F]),
    ok.
