%% lists:sort/usort/keysort/merge of elements whose comparisons are long
%% (equal shared-structure terms built apart, long integers of one size):
%% OTP's order, also of elements that are == but not =:=; the comparisons
%% run in pieces (bif_sort.c: hl_sort_prep's walk, the cores answering
%% false to the Erlang merges).
-module(sort_huge_terms).
-export([main/0]).

dag(0) -> [1, 2, 3];
dag(K) -> D = dag(K - 1), {D, D}.

tag(L) -> [erlang:phash2(E) || E <- L].

%% a long integer as its distance from +-Big
small(X, Big) when X > 1000 -> {big, X - Big};
small(X, Big) when X < -1000 -> {neg_big, X + Big};
small(X, _) -> X.

main() ->
    A = dag(17), B = dag(17), C = {dag(16), 1}, D = {dag(16), 1.0}, E = {dag(16), 0},
    io:format("~p~n", [tag(lists:sort([A, x, C, B, 1.0, D, 1, {a}, A, E]))]),
    %% descending with == elements: OTP's descending-run order (hl_sort_prep)
    io:format("~p~n", [tag(lists:sort([C, A, D, E, B, C, D, E]))]),
    io:format("~p~n", [tag(lists:usort([C, A, D, B, C, E]))]),
    io:format("~p~n", [[element(1, T) || T <- lists:keysort(2, [{1, A}, {2, C}, {3, B}, {4, D}, {5, E}])]]),
    io:format("~p~n", [tag(lists:merge([E, A], [D, B]))]),
    Big = 1 bsl 2000000,
    S = lists:sort([Big + 3, Big + 1, -Big, Big + 2, Big, 5, Big + 1, -Big - 1]),
    io:format("~p~n", [[small(X, Big) || X <- S]]),
    io:format("~p~n", [[X - Big || X <- lists:usort([Big + 2, Big, Big + 2, Big + 1])]]),
    L = [{I rem 3, dag(9)} || I <- lists:seq(1, 300)] ++ [{1, 1.0}, {1, 1}],
    io:format("~p~n", [erlang:phash2(lists:sort(L))]).
